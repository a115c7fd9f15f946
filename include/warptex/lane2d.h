/* lane2d.h -- one lane of a 2D RGBA8 texture fetch, inline: the arithmetic the
 * library's one-lane kernel runs, for callers that fetch a lane at a time in a
 * tight loop (the CUDA headers' tex2D)
 * SPDX-License-Identifier: MIT
 *
 * A per-lane call (include/warptex/nvvm.h) resolves its handle, opens a read
 * section and calls the object's one-lane kernel: some 30 ns of bookkeeping
 * beside a few ns of arithmetic, and a call the compiler cannot see through.
 * This header is that kernel's arithmetic itself, shared with the library
 * (src/core/tex_lane.c includes it), so code compiled against it fetches a
 * lane inline with the very same operations.
 *
 *   const wt_lane2d_view *v = wt_tex_lane2d_view(tex, WT_LANE2D_ABI);
 *   if (v)   // a .2d RGBA8 texture read as normalised float, one level
 *       wt_lane2d_rgba8(v, x, y, out);        // == wt_tex_unified_2d_v4f32_f32
 *
 * wt_tex_lane2d_view() returns the object's view where its shape is one the
 * inline kernel takes (2D, not layered, one level, four unsigned 8-bit
 * channels read as normalised float, no sRGB, the object's own sampler with
 * any address mode and filter, any extent up to 2^20) and the live backend
 * is not the scalar reference (which always runs in full); NULL otherwise,
 * or for an invalid handle or another ABI.  The view lives as long as the
 * object: hold it only inside a read section that keeps the object alive
 * (the CUDA launcher holds one for a whole block and forgets its views when
 * the block ends); it is immutable, so any number of threads may read it.
 *
 * Exactness: every step is the reference's ([semantics#integer-weights], [semantics#coordinates], [semantics#address-modes], [semantics#point-conversion],
 * [semantics#norm-blend]): X9 = floor(x * 512) on the 2^-9 grid, the 1/256 fraction with ties
 * up, the address modes, the weights of T = 256 and the UNORM blend, and each
 * K / 65535 (K <= 65535) rounded once: with SSE2 one vector divide, else the double
 * product K * (1 / 65535) rounded to float, which equals the IEEE float
 * division for every such K (a quotient k / d with d < 2^16 lies at least
 * 2^-41 of itself from any float midpoint, far beyond the double product's
 * error; tests/backend/test_backend_equal.c checks all 65536).  No step multiplies
 * and then adds floats, so contraction (-ffp-contract=fast) cannot change a
 * result; -ffast-math can, and code built with it gets NULL views from the
 * CUDA headers (they check __FAST_MATH__). */
#ifndef WARPTEX_LANE2D_H
#define WARPTEX_LANE2D_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "warptex/types.h"

#if defined(__SSE2__) && !defined(WT_LANE2D_NO_SIMD)
#include <emmintrin.h>
#define WT__L2_SSE2 1
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The layout below; a library of another ABI returns NULL views. */
#define WT_LANE2D_ABI 1

typedef struct wt_lane2d_view {
    const uint8_t *base; /* texel (0, 0) */
    size_t row_pitch;    /* bytes from one row to the next */
    int32_t n[2];        /* width, height, 1 .. 2^20 */
    float scale[2];      /* n when coordinates are normalised, else 1 */
    uint8_t mode[2];     /* effective address modes (wt_address_mode, [semantics#unnormalized-coords]) */
    uint8_t npot[2];     /* normalised coordinates on an extent not a power of two */
    uint8_t linear;      /* linear filter, else point */
    uint8_t variant;     /* WT__L2_VARIANT_NO(mode, linear) = 1 + 2 * mode + linear where
                            both axes share the mode and no extent needs npot; 0: the
                            general form */
    uint8_t reserved[2];
    uint8_t border[4];   /* the border colour as one RGBA8 texel ([semantics#border-color]) */
    float hi9[2][2];     /* per axis, the top of X9 as a float: [0] 512 * (n + 2), [1] 512 * n - 256 */
} wt_lane2d_view;

/* The view of tex for abi (WT_LANE2D_ABI), or NULL (above). */
const wt_lane2d_view *wt_tex_lane2d_view(wt_tex tex, unsigned abi);

#if defined(__GNUC__)
#define WT__L2_INLINE static inline __attribute__((always_inline))
#else
#define WT__L2_INLINE static inline
#endif

/* float -> int32 as the vector conversions do it: truncation, and 0x80000000
 * for NaN and anything outside the range (C leaves that undefined). */
WT__L2_INLINE int32_t wt__l2_cvtt(float f)
{
    return f > -2147483904.0f && f < 2147483648.0f ? (int32_t)f : INT32_MIN;
}

/* floor(t) for |t| < 2^31: the truncation, one less for a negative
 * non-integer (the truncation of a float is a float exactly) */
WT__L2_INLINE int32_t wt__l2_floor_small(float t)
{
    int32_t i = (int32_t)t;
    return i - ((float)i > t);
}

/* [semantics#address-per-texel] on an integer index i in [-1, 2N] */
WT__L2_INLINE int32_t wt__l2_periodic_index(int32_t i, int32_t n, int mode)
{
    int32_t t = i < 0 ? i + 2 * n : i;
    if (t > 2 * n - 1)
        t -= 2 * n;
    if (t > n - 1)
        return mode == WT_ADDRESS_WRAP ? t - n : 2 * n - 1 - t;
    return t;
}

/* X9 = floor(x * 512) of normalised c on n texels, n not a power of two (the
 * reference's U = floor(c * 2^21), x = U * N / 2^21, exact in double: every
 * product here is exact, so no fusing can change it). */
WT__L2_INLINE int32_t wt__l2_x9_npot(float c, int32_t n, int periodic)
{
    double u = floor((double)c * 2097152.0);
    if (periodic)
        u = u - floor(u * (1.0 / 4194304.0)) * 4194304.0;
    return (int32_t)floor(u * (double)n * (1.0 / 4096.0));
}

/* X9 on the 2^-9 grid -> the first texel's index and, linear, the fraction
 * in 1/256ths with ties up (x - 1/2 on the 2^-9 grid, halved); point: 0 */
WT__L2_INLINE int32_t wt__l2_split(int32_t x9, int linear, int32_t *a)
{
    if (!linear) {
        *a = 0;
        return x9 >> 9;
    }
    const int32_t s = (x9 - 255) >> 1;
    *a = s & 255;
    return s >> 8;
}

/* One axis: indices i0, i1 (= i0 for point), fraction a in 1/256ths, and
 * whether each index reads the border. */
typedef struct wt__l2_axis {
    int32_t i0, i1, a;
    int out0, out1;
} wt__l2_axis;

/* Coordinate c on an axis of n texels (scale: n normalised, 1 not) in address
 * mode `mode`; gather: tld4's footprint (no pre-clamp, [semantics#tld4]; a non-finite
 * coordinate gathers texels 0 and 1, [semantics#decision-nonfinite-wrap]). */
WT__L2_INLINE void wt__l2_axis_of(int32_t n, float scale, float c, int mode, int linear, int npot, int gather,
                                  wt__l2_axis *ax)
{
    const int periodic = mode == WT_ADDRESS_WRAP || mode == WT_ADDRESS_MIRROR;
    const int finite = c - c == 0.0f;
    int32_t x9;
    if (periodic && npot) {
        x9 = wt__l2_x9_npot(finite ? c : 0.0f, n, 1);
    } else if (periodic) {
        const float m = (float)n * 1024.0f;
        float y = floorf((finite ? c : 0.0f) * ((float)n * 512.0f));
        if (!(fabsf(y) < 1073741824.0f)) /* floor(y / m) * m is exact: fused or not, the same */
            y = y - floorf(y * (1.0f / m)) * m;
        x9 = wt__l2_cvtt(y) & ((int32_t)m - 1);
    } else {
        const int pre = linear && !gather && mode == WT_ADDRESS_CLAMP; /* tld4: no pre-clamp ([semantics#tld4]) */
        const int32_t lo9 = pre ? 256 : -1024, hi9 = pre ? 512 * n - 256 : 512 * (n + 2);
        float cn = c == c ? c : 0.0f; /* [semantics#nan-inf-coords]: NaN reads as 0 */
        if (npot) {
            x9 = wt__l2_x9_npot(cn < -4.0f ? -4.0f : cn > 5.0f ? 5.0f : cn, n, 0);
        } else {
            float x = cn * scale; /* N, or 1 (exact) when unnormalised */
            x = x < -4.0f ? -4.0f : x > (float)n + 4.0f ? (float)n + 4.0f : x; /* not NaN here */
            x9 = wt__l2_floor_small(x * 512.0f);
        }
        x9 = x9 < lo9 ? lo9 : x9 > hi9 ? hi9 : x9;
    }
    int32_t a;
    const int32_t i = wt__l2_split(x9, linear, &a), j = linear ? i + 1 : i;
    ax->out0 = ax->out1 = 0;
    if (periodic) {
        /* [semantics#decision-nonfinite-wrap]: a non-finite coordinate reads texel 0 with the whole weight;
         * tld4 gathers texels 0 and 1 */
        ax->i0 = finite ? wt__l2_periodic_index(i, n, mode) : 0;
        ax->i1 = finite ? wt__l2_periodic_index(j, n, mode) : gather ? wt__l2_periodic_index(1, n, mode) : 0;
        a = finite ? a : 0;
    } else if (mode == WT_ADDRESS_BORDER) {
        ax->out0 = i < 0 || i >= n;
        ax->out1 = j < 0 || j >= n;
        ax->i0 = ax->out0 ? 0 : i;
        ax->i1 = ax->out1 ? 0 : j;
    } else {
        ax->i0 = i < 0 ? 0 : i > n - 1 ? n - 1 : i;
        ax->i1 = j < 0 ? 0 : j > n - 1 ? n - 1 : j;
    }
    ax->a = a;
}

/* [semantics#integer-weights] weights of T = 256 of fractions xa, ya for the texels (i0, j0),
 * (i1, j0), (i0, j1), (i1, j1): x1 = xa, then the y split rounding the upper
 * part on the x = 1 side and the lower part on the x = 0 side */
WT__L2_INLINE void wt__l2_weights(int32_t xa, int32_t ya, int32_t w[4])
{
    const int32_t x1 = xa, x0 = 256 - xa;
    const int32_t w11 = (x1 * ya + 128) >> 8, w00 = (x0 * (256 - ya) + 128) >> 8;
    w[0] = w00;
    w[1] = x1 - w11;
    w[2] = x0 - w00;
    w[3] = w11;
}

/* [semantics#norm-blend] for four RGBA8 texels (little-endian words) under weights adding to
 * 256: K per channel, the 16-bit code of the blend (8-bit codes as u * 257,
 * K = rhu(S / 256), which for 8-bit codes is S' + rhu(S') with S' the sum of
 * w * u).  R and B, G and A are 16-bit fields of one word: a code times a
 * weight is at most 255 * 256 and the weights add to 256, so no field carries
 * into the next. */
WT__L2_INLINE void wt__l2_rgba8_blend(const uint32_t v[4], const int32_t w[4], uint32_t k[4])
{
    const uint32_t m = 0x00ff00ffu;
    const uint32_t rb = (v[0] & m) * (uint32_t)w[0] + (v[1] & m) * (uint32_t)w[1] + (v[2] & m) * (uint32_t)w[2] +
                        (v[3] & m) * (uint32_t)w[3];
    const uint32_t ga = (v[0] >> 8 & m) * (uint32_t)w[0] + (v[1] >> 8 & m) * (uint32_t)w[1] +
                        (v[2] >> 8 & m) * (uint32_t)w[2] + (v[3] >> 8 & m) * (uint32_t)w[3];
    const uint32_t s[4] = {rb & 0xffff, ga & 0xffff, rb >> 16, ga >> 16};
    for (int c = 0; c < 4; c++)
        k[c] = s[c] + ((s[c] + 128) >> 8);
}

/* k / d rounded once to float, for integers 0 <= k <= 65535 and d 255 or
 * 65535 (the header's comment says why the double product is exact) */
WT__L2_INLINE float wt__l2_unorm(uint32_t k, double inv_d)
{
    return (float)((double)(int32_t)k * inv_d);
}

/* wt__l2_axis_of for clamp and border (`mode` a constant) on an extent that
 * needs no npot step, in fewer operations: the bounds of X9 are integers, so
 * clamping x * 512 as a float and then taking the floor is the reference's
 * floor and then clamp, and with clamp's linear pre-clamp (X9 >= 256) the
 * floor is the truncation and i needs no lower clamp.  A NaN coordinate reads
 * as 0 ([semantics#nan-inf-coords]); under the pre-clamp the float clamp's NaN-to-bound does that. */
WT__L2_INLINE void wt__l2_axis_edge(const wt_lane2d_view *view, int k, float c, int mode, int linear,
                                    wt__l2_axis *ax)
{
    const int pre = linear && mode == WT_ADDRESS_CLAMP;
    const int32_t n = view->n[k];
    const float scale = view->scale[k];
    const float lo = pre ? 256.0f : -1024.0f, hi = view->hi9[k][pre];
    float v = (pre || c == c ? c : 0.0f) * scale; /* the reference's x, unclamped */
    v = v * 512.0f;                               /* exact, or +-inf */
    v = v > lo ? v : lo; /* maxss: NaN (pre only) -> lo */
    v = v < hi ? v : hi; /* minss */
    const int32_t x9 = pre ? (int32_t)v : wt__l2_floor_small(v);
    int32_t a;
    const int32_t i = wt__l2_split(x9, linear, &a), j = linear ? i + 1 : i;
    ax->a = a;
    if (mode == WT_ADDRESS_BORDER) {
        ax->out0 = (uint32_t)i >= (uint32_t)n;
        ax->out1 = (uint32_t)j >= (uint32_t)n;
        ax->i0 = ax->out0 ? 0 : i;
        ax->i1 = ax->out1 ? 0 : j;
    } else {
        ax->out0 = ax->out1 = 0;
        ax->i0 = pre ? i : i < 0 ? 0 : i > n - 1 ? n - 1 : i;
        ax->i1 = pre ? (j > n - 1 ? n - 1 : j) : j < 0 ? 0 : j > n - 1 ? n - 1 : j;
    }
}

/* A result, R, G, B, A: one SSE register where there is SSE2 (so that an
 * inlined fetch hands it on without a trip through memory), else four floats */
#ifdef WT__L2_SSE2
typedef __m128 wt__l2_px;

/* four codes k / d, each the IEEE division (one vector divide) */
WT__L2_INLINE __m128 wt__l2_unorm4(__m128i k, float d)
{
    return _mm_div_ps(_mm_cvtepi32_ps(k), _mm_set1_ps(d));
}
#else
typedef struct wt__l2_px {
    float v[4];
} wt__l2_px;
#endif

/* The four RGBA8 texels t under weights w: [semantics#norm-blend]'s K per channel, each
 * K / 65535 rounded once (wt__l2_rgba8_blend and wt__l2_unorm; with SSE2 the
 * same integer products and sums, and one vector divide) */
WT__L2_INLINE wt__l2_px wt__l2_rgba8_filter(const uint32_t t[4], const int32_t w[4])
{
#ifdef WT__L2_SSE2
    const __m128i z = _mm_setzero_si128();
    /* words r0 r1 g0 g1 b0 b1 a0 a1 (and of texels 2, 3) against w0 w1 w0 w1 ... */
    const __m128i p01 = _mm_unpacklo_epi8(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)t[0]), _mm_cvtsi32_si128((int)t[1])), z);
    const __m128i p23 = _mm_unpacklo_epi8(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)t[2]), _mm_cvtsi32_si128((int)t[3])), z);
    const __m128i s = _mm_add_epi32(_mm_madd_epi16(p01, _mm_set1_epi32((int)((uint32_t)w[0] | (uint32_t)w[1] << 16))),
                                    _mm_madd_epi16(p23, _mm_set1_epi32((int)((uint32_t)w[2] | (uint32_t)w[3] << 16))));
    return wt__l2_unorm4(_mm_add_epi32(s, _mm_srli_epi32(_mm_add_epi32(s, _mm_set1_epi32(128)), 8)), 65535.0f);
#else
    uint32_t k[4];
    wt__l2_px r;
    wt__l2_rgba8_blend(t, w, k);
    for (int c = 0; c < 4; c++)
        r.v[c] = wt__l2_unorm(k[c], 1.0 / 65535.0);
    return r;
#endif
}

/* One RGBA8 texel read point-sampled: code / 255 per channel */
WT__L2_INLINE wt__l2_px wt__l2_rgba8_point(uint32_t t)
{
#ifdef WT__L2_SSE2
    const __m128i z = _mm_setzero_si128();
    return wt__l2_unorm4(_mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)t), z), z), 255.0f);
#else
    wt__l2_px r;
    for (int c = 0; c < 4; c++)
        r.v[c] = wt__l2_unorm(t >> 8 * c & 255, 1.0 / 255.0);
    return r;
#endif
}

/* One lane on v: both axes in address mode `mode` (-1: each its own, and
 * extents not a power of two allowed), linear filter or point.  The variants
 * below pass constants, so each compiles to one straight path. */
WT__L2_INLINE wt__l2_px wt__l2_rgba8_body(const wt_lane2d_view *v, float x, float y, int mode, int linear)
{
    wt__l2_axis X, Y;
    if (mode < 0) {
        wt__l2_axis_of(v->n[0], v->scale[0], x, v->mode[0], linear, v->npot[0], 0, &X);
        wt__l2_axis_of(v->n[1], v->scale[1], y, v->mode[1], linear, v->npot[1], 0, &Y);
    } else if (mode == WT_ADDRESS_CLAMP || mode == WT_ADDRESS_BORDER) {
        wt__l2_axis_edge(v, 0, x, mode, linear, &X);
        wt__l2_axis_edge(v, 1, y, mode, linear, &Y);
    } else {
        wt__l2_axis_of(v->n[0], v->scale[0], x, mode, linear, 0, 0, &X);
        wt__l2_axis_of(v->n[1], v->scale[1], y, mode, linear, 0, 0, &Y);
    }
    const uint8_t *row0 = v->base + (size_t)Y.i0 * v->row_pitch;
    uint32_t t[4];
    memcpy(&t[0], X.out0 | Y.out0 ? v->border : row0 + 4 * (size_t)X.i0, 4);
    if (!linear)
        return wt__l2_rgba8_point(t[0]);
    const uint8_t *row1 = v->base + (size_t)Y.i1 * v->row_pitch;
    memcpy(&t[1], X.out1 | Y.out0 ? v->border : row0 + 4 * (size_t)X.i1, 4);
    memcpy(&t[2], X.out0 | Y.out1 ? v->border : row1 + 4 * (size_t)X.i0, 4);
    memcpy(&t[3], X.out1 | Y.out1 ? v->border : row1 + 4 * (size_t)X.i1, 4);
    int32_t w[4];
    wt__l2_weights(X.a, Y.a, w);
    return wt__l2_rgba8_filter(t, w);
}

/* The variant table: the one list of (address mode, filter) pairs that the
 * library's 2D kernels are compiled for, X(name, mode, linear, arg) a row
 * (arg passed through).  A variant reads both axes in that one mode with the
 * filter a constant; the general form (each axis its own mode from the plan,
 * the filter from the plan) is every kernel's fallback and is no row here.
 * A variant's number, the view's `variant`, is WT__L2_VARIANT_NO; 0 is the
 * general form.  Users: WT__L2_DISPATCH below, the one-lane kernel
 * (src/core/tex_lane.c) and the 8-bit warp kernel's variants
 * (src/simd/tex_shapes.h). */
#define WT__L2_VARIANT_NO(mode, linear) (1 + 2 * (mode) + (linear))
#define WT__L2_VARIANTS(X, arg)                                                                      \
    X(wrap, WT_ADDRESS_WRAP, 0, arg) X(wrap, WT_ADDRESS_WRAP, 1, arg)                                \
    X(clamp, WT_ADDRESS_CLAMP, 0, arg) X(clamp, WT_ADDRESS_CLAMP, 1, arg)                            \
    X(mirror, WT_ADDRESS_MIRROR, 0, arg) X(mirror, WT_ADDRESS_MIRROR, 1, arg)                        \
    X(border, WT_ADDRESS_BORDER, 0, arg) X(border, WT_ADDRESS_BORDER, 1, arg)
/* one more than the greatest variant number */
#define WT__L2_VARIANT_END (WT__L2_VARIANT_NO(WT_ADDRESS_BORDER, 1) + 1)

/* return CALL(mode, linear) for v's variant (above), CALL given constants:
 * the one place that maps variants to bodies, inline here and out of line in
 * the CUDA headers */
#define WT__L2_CASE(name, mode, linear, CALL) \
    case WT__L2_VARIANT_NO(mode, linear): return CALL(mode, linear);
#define WT__L2_DISPATCH(v, CALL)                                                         \
    switch ((v)->variant) {                                                              \
    WT__L2_VARIANTS(WT__L2_CASE, CALL)                                                   \
    default: return (v)->linear ? CALL(-1, 1) : CALL(-1, 0);                             \
    }

/* tex.2d.v4.f32.f32 of one lane on v, as a wt__l2_px */
WT__L2_INLINE wt__l2_px wt__l2_rgba8_px(const wt_lane2d_view *v, float x, float y)
{
#define WT__L2_BODY(mode, linear) wt__l2_rgba8_body(v, x, y, mode, linear)
    WT__L2_DISPATCH(v, WT__L2_BODY)
#undef WT__L2_BODY
}

/* tex.2d.v4.f32.f32 of one lane on v: out = R, G, B, A */
WT__L2_INLINE void wt_lane2d_rgba8(const wt_lane2d_view *v, float x, float y, float out[4])
{
    const wt__l2_px r = wt__l2_rgba8_px(v, x, y);
    memcpy(out, &r, 16);
}

#ifdef __cplusplus
}
#endif

#endif
