/* tex2d_tpl.h -- tex.2d and tld4 kernels for 8/16-bit integer and f32/f16 formats, WV_W lanes at a time (a template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * A texture object binds these at creation (wt__bind_tex_<isa>) when its
 * shape is one they cover: a 2D, 2D layered or 3D texture, mipmapped or not,
 * of 1, 2 or 4 channels of 8 or 16 unsigned bits (read as normalised float
 * or as element type; point or linear) or of f32/f16 (point or linear), any
 * of clamp, wrap, mirror and border on each axis, read through its own
 * sampler.  A warp call then runs them instead of the per-lane reference.
 * They are written once against the vector shim, so the AVX2 and NEON
 * backends run them 8 lanes at a time and the AVX-512 backend 16.
 * They reproduce the reference's arithmetic bit for bit
 * (tests/backend/test_backend_equal.c):
 *
 *   - LOD ([semantics#lod-arithmetic]: tex.base, tex.level .f32 in vector form, and tex.grad on
 *     2D/.a2d from [semantics#lod-from-gradients] per lane, grad_lod.h): q in 1/256ths (mip_select), then each level some lane reads is visited
 *     once with its own extents, pitches and base (wt__tex_plan_level), the lanes
 *     that read it taking their share T of it: 256, or 256 - (q & 255) and
 *     q & 255 of a blend.  The share splits over the footprint as a 3D
 *     slice's does ([semantics#integer-weights], [semantics#decision-share-split-2d]); UNORM sums add over the levels, and for
 *     float formats each level (and each 3D slice of it) is its own [semantics#float-blend]
 *     group.  A point-filtered lane inside a mip blend is a blend of two
 *     single texels.  The trilinear optimisation ([semantics#anisotropy-trilinear]), anisotropic and 3D
 *     .grad are left to the reference; tld4 reads the base level ([semantics#decision-tld4-mipmaps]).
 *   - Coordinates ([semantics#normalized-coords], [semantics#nan-inf-coords], [semantics#decision-huge-coords]): x = c * N on a power-of-two level, or
 *     c itself when unnormalised, is exact in f32, so the reference's exact
 *     fixed point and every decision taken from it follow from f32
 *     operations that are exact too.  On other levels the reference's
 *     U = floor(c * 2^21), x = U * N / 2^21 is computed in double, where it
 *     is exact (axis.h, the axis module every kernel shares).  NaN reads as 0 under clamp and border;
 *     under wrap and mirror a non-finite coordinate reads texel 0 ([semantics#decision-nonfinite-wrap]).
 *     Wrap and mirror reduce x modulo 2N first, r = x - floor(x / 2N) * 2N,
 *     which is exact (the difference is representable) and changes no
 *     texel ([semantics#address-per-texel]).  Clamp and border limit x to a range outside which the
 *     texels read no longer change.
 *   - Linear ([semantics#pipeline] step 4, [semantics#linear-filtering]): clamp pre-clamps x to [0.5, N - 0.5]; with
 *     X9 = floor(x * 512), the base i and the fraction a in 1/256ths with
 *     ties up and the carry at 256 are s = (X9 - 256 + 1) >> 1, i = s >> 8,
 *     a = s & 255 (the floor of frac*256 + 1/2 is the floor of
 *     (floor(frac*512) + 1) / 2, and the reference's 2^-21 fixed point
 *     floors to the same 2^-9 grid).  Each index then goes through the
 *     address mode on its own ([semantics#pipeline] step 7); tld4 ([semantics#tld4]) takes the same
 *     footprint without the pre-clamp.
 *   - Weights ([semantics#integer-weights], [semantics#decision-share-split-2d], T = 256) and the UNORM blend ([semantics#norm-blend]): 8-bit codes
 *     widen to u*257, K = rhu(sum/256), K / 65535 rounded once (IEEE
 *     division's result, computed without a divide: div_exact.h).  A border texel is the border
 *     colour converted to one texel of the format ([semantics#border-color]), as the reference
 *     reads it.
 *   - Point ([semantics#point-sampling]): i = floor(x) through the address mode; the value is the
 *     code over 255 or 65535 ([semantics#point-conversion]), or the code itself as element type.
 * Texel reads (wv_fetch32, wv_fetch64, wv_fetch128) take 4 bytes at a texel of 1 or 2; the array
 * allocation has slack for that (array.c), so only array-backed objects
 * bind those formats; lanes that read the border or are inactive read the
 * level's first texel, which every level has, and drop it.
 * Every other op returns 0 and the caller runs the backend's generic path. */
#include <string.h>

#include "../core/float_blend.h"
#include "grad_lod.h"
#include "simd_kernels.h"
#include "tex_shapes.h"
#include "axis.h"

#ifndef WV_W
#error "an instantiation of tex2d_tpl.h includes vec8.h or vec16.h first"
#endif

#ifndef WT_SIMD_PREFETCH_SPAN
#define WT_SIMD_PREFETCH_SPAN 64 /* texels: a warp spanning fewer on every axis is not prefetched */
#endif

/* The kernels read the object's plan (src/core/tex_plan.h), made once when
 * it was created; a warp copies it, so that a shape's kernel can fix fields
 * to constants (spec_*, below) and a mipmapped warp can point its copy at
 * the level it reads (wt__tex_plan_level).  Byte offsets are 32-bit lanes:
 * bind_tex takes only objects where every offset fits. */
typedef wt__tex_plan plan2d;

/* ---- vector helpers ---------------------------------------------------------- */

enum { WV_ALL = (int)((1u << WV_W) - 1u) }; /* every lane of a group */

/* The active lanes of the group of WV_W lanes from lane g. */
static inline uint32_t group_lanes(uint32_t active, int g) { return (active >> g) & (uint32_t)WV_ALL; }

/* Store v's lanes to dst where m is set (inactive lanes keep their words). */
WV_INLINE void store_masked(uint32_t *dst, wv_i v, wv_m m) { wv_store_masked(dst, v, m, 0); }

WV_INLINE wv_i rhu256(wv_i v) { return wv_srli(wv_add(v, wv_set(128)), 8); }

/* ---- one axis ---------------------------------------------------------------- */

/* The footprint of one axis for WV_W lanes from the axis module (axis.h),
 * on the plan's current level. */
WV_INLINE void axis_footprint(const plan2d *p, int k, wv_f c, int filter, int gather, wv_axis *ax)
{
    wv_axis_of(c, p->n[k], p->scale[k], p->npot[k], p->mode[k], filter, gather, ax);
}

/* ---- texels -------------------------------------------------------------------- */

/* The raw channel codes of the texels at (x, y) for lanes in mask (others
 * read nothing); lanes in `out` read the border texel. */
WV_INLINE void texels(const plan2d *p, wv_i slice, wv_i x, wv_i y, wv_m mask, wv_m out, wv_i raw[4])
{
    wv_m m = wv_mandnot(out, mask);
    wv_i off = wv_add(wv_add(wv_mul(y, wv_set((int32_t)p->row_pitch)), wv_mul(x, wv_set(p->esize))), slice);
    wv_i w[4];
    int words = p->esize <= 4 ? 1 : p->esize / 4;
    if (words == 4) {
        wv_fetch128(p->base, off, m, w);
    } else if (words == 2) {
        wv_fetch64(p->base, off, m, &w[0], &w[1]);
        w[2] = w[3] = wv_zero();
    } else {
        w[0] = wv_fetch32(p->base, off, m);
        w[1] = w[2] = w[3] = wv_zero();
    }
    for (int c = 0; c < 4; c++) {
        wv_i v;
        if (c >= p->nch)
            v = wv_zero();
        else if (p->cbits == 8 && p->sgn) /* raw codes of signed channels are sign-extended */
            v = wv_srai(wv_slli(w[0], 24 - 8 * c), 24);
        else if (p->cbits == 16 && p->sgn)
            v = wv_srai(wv_slli(w[c >> 1], 16 - 16 * (c & 1)), 16);
        else if (p->cbits == 8)
            v = wv_and(wv_srli(w[0], 8 * c), wv_set(0xff));
        else if (p->cbits == 16)
            v = wv_and(wv_srli(w[c >> 1], 16 * (c & 1)), wv_set(0xffff));
        else
            v = w[c];
        raw[c] = wv_sel(out, v, wv_set(p->border[c]));
    }
}

/* [semantics#point-conversion]: a half's f32 bits, exactly (NaN payloads bit for bit, subnormals
 * as frac * 2^-24, which is exact in f32). */
WV_INLINE wv_i half_to_f32(wv_i h)
{
    wv_i sign = wv_slli(wv_and(h, wv_set(0x8000)), 16);
    wv_i ex = wv_and(wv_srli(h, 10), wv_set(0x1f));
    wv_i frac = wv_and(h, wv_set(0x3ff));
    wv_i normal = wv_or(wv_slli(wv_add(ex, wv_set(112)), 23), wv_slli(frac, 13));
    wv_i special = wv_or(wv_set(0x7f800000), wv_slli(frac, 13));
    wv_i tiny = wv_fbits(wv_fmul(wv_tof(frac), wv_fset(1.0f / 16777216.0f)));
    wv_i v = wv_sel(wv_eq(ex, wv_set(31)), normal, special);
    v = wv_sel(wv_eq(ex, wv_zero()), v, tiny);
    return wv_or(v, sign);
}

/* [semantics#layers]: the layer operand (.u32) of .a2d, past the end the last layer; its
 * byte offset.  0 for a non-layered texture. */
WV_INLINE wv_i layer_index(const plan2d *p, const wt_tex_args *in, int g)
{
    if (!p->layered)
        return wv_zero();
    return wv_layer_clamp(&in->c[0][g], (uint32_t)p->layers);
}

WV_INLINE wv_i slice_offset(const plan2d *p, const wt_tex_args *in, int g)
{
    return wv_mul(layer_index(p, in, g), wv_set((int32_t)p->slice_pitch));
}

/* ---- tex ------------------------------------------------------------------------- */

static int op_is_plain_2d(const wt__tex_ctx *ctx, const plan2d *p, const wt_op *op, int family)
{
    return op->family == family && op->geom == p->geom && op->ctype == WT_CTYPE_F32 && op->flags == 0 &&
           ctx->s == &ctx->t->samp;
}

/* The LOD modes taken here ([semantics#lod-sources] to [semantics#anisotropy-trilinear]): tex.base, and .level with an .f32
 * LOD except where the trilinear optimisation ([semantics#anisotropy-trilinear], [semantics#decision-trilinear-opt]) reshapes the blend,
 * which the reference alone does. */
static int mip_ok(const plan2d *p, const wt__sampler *s, const wt_op *op)
{
    if (op->mip == WT_MIP_BASE || p->levels == 1) /* [semantics#lod-sources]: no levels, no LOD */
        return 1;
    if (op->mip == WT_MIP_GRAD) /* [semantics#lod-from-gradients] for 2D and .a2d; not anisotropic ([semantics#decision-grad-anisotropy]) nor 3D ([semantics#decision-grad-lod-3d]) nor cubes */
        return p->dims == 2 && !p->cube && s->max_aniso <= 1;
    return !(s->max_aniso >= 2 && s->mip_filter == WT_FILTER_LINEAR && s->trilinear_opt);
}

/* [semantics#lod-arithmetic] for WV_W lanes: the lower level and the upper level's share (0: one
 * level, share 256).  q in 1/256ths: .level q = trunc(lod * 256) (a NaN
 * LOD counts as 0, [semantics#decision-nan-lod]; lod * 256 is exact in f32, and beyond ±2^30 every
 * clamp below decides alike, so saturating there changes nothing) plus the
 * bias; .grad q from [semantics#lod-from-gradients] (grad_lod.h, per lane, the gradients scaled by the
 * level-0 size in f32) plus the bias; tex.base q = 0 without bias ([semantics#decision-base-lod-clamps]).
 * Then the clamps: [lo, max(lo,
 * hi)], then [0, (levels - 1) * 256].  Point mip filter: level (q + 128) >>
 * 8; linear: level q >> 8 with share 256 - (q & 255), level + 1 with q & 255. */
static void mip_select(const plan2d *p, const wt_op *op, const wt_tex_args *in, int g, wv_i *level, wv_i *frac)
{
    wv_i q = wv_zero();
    if (op->mip == WT_MIP_LEVEL) {
        wv_f v = wv_fmul(wv_loadf(&in->lod[g]), wv_fset(256.0f));
        v = wv_fkeep(wv_ford(v), v);
        v = wv_fmin(wv_fmax(v, wv_fset(-1073741824.0f)), wv_fset(1073741824.0f));
        q = wv_add(wv_trunc_int(v), wv_set(p->bias256)); /* trunc, toward zero */
    } else if (op->mip == WT_MIP_GRAD) {
        const float w = (float)p->lv[0].w, h = (float)p->lv[0].h;
        int32_t qv[WV_W];
        for (int l = 0; l < WV_W; l++) {
            int32_t r = wt__grad_q_2d(in->dpdx[0][g + l] * w, in->dpdx[1][g + l] * h, in->dpdy[0][g + l] * w,
                                      in->dpdy[1][g + l] * h);
            r = r < -(1 << 30) ? -(1 << 30) : r > (1 << 30) ? (1 << 30) : r; /* rho 0 or infinite */
            qv[l] = r + p->bias256;
        }
        q = wv_load(qv);
    }
    q = wv_min(wv_max(q, wv_set(p->lo256)), wv_set(p->hi256));
    q = wv_min(wv_max(q, wv_zero()), wv_set((p->levels - 1) * 256));
    if (p->mip_linear) {
        *level = wv_srai(q, 8);
        *frac = wv_and(q, wv_set(255));
    } else {
        *level = wv_srai(wv_add(q, wv_set(128)), 8);
        *frac = wv_zero();
    }
}

/* A channel code as the destination word: code / (2^bits - 1) ([semantics#point-conversion]), or the code. */
WV_INLINE wv_i point_word(const plan2d *p, wv_i u)
{
    if (p->ftype == 1)
        return u; /* [semantics#point-conversion]: f32 bits as stored, NaN payloads and subnormals too */
    if (p->ftype == 2)
        return half_to_f32(u);
    if (!p->read_norm)
        return u;
    if (p->sgn) {
        /* [semantics#point-conversion]: k / (2^(n-1) - 1), the most negative code -> -1.0 */
        int32_t kmin = p->cbits == 8 ? -128 : -32768;
        wv_f f = wv_fdiv(wv_tof(u), wv_fset(p->cbits == 8 ? 127.0f : 32767.0f));
        return wv_sel(wv_eq(u, wv_set(kmin)), wv_fbits(f), wv_fbits(wv_fset(-1.0f)));
    }
    float max = p->cbits == 8 ? 255.0f : 65535.0f;
    return wv_fbits(wv_div_exact(wv_tof(u), max));
}

/* [semantics#tld4]: a gathered component is valued as point sampling, except that an f32
 * NaN gathers as 0x7fffffff and an f32 subnormal as ±0, and a half NaN as
 * 0x7fff widened (0x7fffe000). */
WV_INLINE wv_i gather_word(const plan2d *p, wv_i u)
{
    if (p->ftype == 1) {
        wv_i ex = wv_and(u, wv_set(0x7f800000));
        wv_m nan = wv_mandnot(wv_eq(wv_and(u, wv_set(0x7fffff)), wv_zero()), wv_eq(ex, wv_set(0x7f800000)));
        u = wv_sel(wv_eq(ex, wv_zero()), u, wv_and(u, wv_set((int32_t)0x80000000u)));
        return wv_sel(nan, u, wv_set(0x7fffffff));
    }
    if (p->ftype == 2) {
        wv_m nan = wv_mandnot(wv_eq(wv_and(u, wv_set(0x3ff)), wv_zero()),
                              wv_eq(wv_and(u, wv_set(0x7c00)), wv_set(0x7c00)));
        return wv_sel(nan, half_to_f32(u), wv_set(0x7fffe000));
    }
    return point_word(p, u);
}

/* [semantics#integer-weights] / [semantics#decision-share-split-2d] weights of a share T (T = 256, or a 3D slice's share):
 * x first, x1 = rhu(T*a); then the y split, rounding the upper part on the
 * x = 1 side and the lower part on the x = 0 side.  w[dx + 2*dy]. */
WV_INLINE void weights_2d(wv_i T, wv_i a, wv_i b, wv_i w[4])
{
    wv_i x1 = rhu256(wv_mul(T, a)), x0 = wv_sub(T, x1);
    wv_i w11 = rhu256(wv_mul(x1, b));
    wv_i w00 = rhu256(wv_mul(x0, wv_sub(wv_set(256), b)));
    w[0] = w00;
    w[1] = wv_sub(x1, w11);
    w[2] = wv_sub(x0, w00);
    w[3] = w11;
}

/* What the levels of one group of WV_W lanes add up to: UNORM sums ([semantics#norm-blend]: every
 * tap whatever its level or slice), or for f32/f16 the taps of [semantics#float-blend]'s groups
 * (group = 2 * entry + slice: the levels and 3D slices are groups of their
 * own), slot t of group g holding footprint position t; a lane's slots that
 * nothing wrote weigh 0. */
typedef struct acc_lanes {
    wv_i sum[4];
    uint32_t gmask;     /* groups some lane has taps in */
    wv_fb_taps fb[4];   /* per channel */
} acc_lanes;

/* Float taps of footprint position t for the lanes in `lanes`, lane l in
 * group dz + (2 if l is in entry1, else 0). */
WV_INLINE void float_taps(const plan2d *p, acc_lanes *acc, wv_m lanes, wv_i w, wv_m entry1, int dz, int t,
                          const wv_i raw[4])
{
    for (int e = 0; e < 2; e++) {
        const int G = 2 * e + dz;
        wv_m sel = e ? wv_mand(lanes, entry1) : wv_mandnot(entry1, lanes);
        if (!wv_bits(sel))
            continue;
        if (!(acc->gmask >> G & 1u)) {
            acc->gmask |= 1u << G;
            for (int c = 0; c < p->nch; c++)
                for (int k = 0; k < 4; k++)
                    acc->fb[c].raw[G][k] = acc->fb[c].w[G][k] = wv_zero();
        }
        for (int c = 0; c < p->nch; c++) {
            acc->fb[c].raw[G][t] = wv_sel(sel, acc->fb[c].raw[G][t], raw[c]);
            acc->fb[c].w[G][t] = wv_sel(sel, acc->fb[c].w[G][t], w);
        }
    }
}

/* [semantics#float-blend] for the f16 lanes in `lanes` of channel c, one lane at a time
 * (float_blend.h; f32 goes through wv_float_blend, all lanes at once). */
static void half_blend(const acc_lanes *acc, int c, uint32_t lanes, uint32_t *dst)
{
    uint32_t rv[4][4][WV_W];
    int32_t wv[4][4][WV_W];
    for (int G = 0; G < 4; G++)
        if (acc->gmask >> G & 1u)
            for (int k = 0; k < 4; k++) {
                wv_store(rv[G][k], acc->fb[c].raw[G][k]);
                wv_store(wv[G][k], acc->fb[c].w[G][k]);
            }
    for (; lanes; lanes &= lanes - 1) {
        int l = __builtin_ctz(lanes), n = 0;
        wt__fb_tap taps[16];
        for (int G = 0; G < 4; G++)
            if (acc->gmask >> G & 1u)
                for (int k = 0; k < 4; k++)
                    if (wv[G][k][l] > 0) /* [semantics#integer-weights]: a weight-0 term reads nothing */
                        taps[n++] = (wt__fb_tap){rv[G][k][l], wv[G][k][l], G};
        dst[l] = wt__float_blend(taps, n, 1);
    }
}

/* Whether every lane in lmask can read its x footprint as one pair of
 * neighbouring texels (i0, i0 + 1): i1 is i0 + 1, or i1 weighs nothing (a
 * = 0: clamp's last texel, a periodic wrap without fraction), and no texel
 * of the footprint is the border. */
WV_INLINE int pairable(const wv_axis ax[3], wv_m lmask)
{
    wv_m bad = wv_mor(wv_mor(ax[0].out0, ax[0].out1), wv_mor(ax[1].out0, ax[1].out1));
    bad = wv_mor(bad, wv_mor(ax[2].out0, ax[2].out1));
    wv_m paired = wv_mor(wv_eq(ax[0].i1, wv_add(ax[0].i0, wv_set(1))), wv_eq(ax[0].a, wv_zero()));
    return wv_bits(wv_mand(wv_mor(bad, wv_mnot(paired)), lmask)) == 0;
}

/* The texels at byte offset off and the next one (1, 2 or 4 bytes each) for
 * lanes in m, as 32-bit words. */
WV_INLINE void fetch_pair(const plan2d *p, wv_i off, wv_m m, wv_i *t0, wv_i *t1)
{
    if (p->esize == 4) {
        wv_fetch64(p->base, off, m, t0, t1);
    } else {
        wv_i pair = wv_fetch32(p->base, off, m);
        const int bits = 8 * p->esize;
        *t0 = wv_and(pair, wv_set((1 << bits) - 1));
        *t1 = wv_and(wv_srli(pair, bits), wv_set((1 << bits) - 1));
    }
}

/* [semantics#norm-blend]'s sums of a 2x2 footprint of 8-bit unsigned codes (weights w[dx +
 * 2*dy]) for pairable lanes: each row is one read of the texel pair (i0,
 * i0 + 1); the texel past the end that a weight-0 lane may read lies in the
 * array's slack.  Two channels share each 32-bit word as 16-bit fields (R
 * and B, G and A): a code times a weight is at most 255 * 256 and the four
 * taps' sum at most 255 * 256 too, so no field carries into the next. */
WV_INLINE void pair_taps_u8(const plan2d *p, wv_i zoff, const wv_axis *X, const wv_axis *Y, const wv_i w[4],
                            wv_m lmask, acc_lanes *acc)
{
    const wv_i lo8 = wv_set(0x00ff00ff);
    wv_i rb = wv_zero(), ga = rb;
    for (int dy = 0; dy < 2; dy++) {
        wv_i off = wv_add(wv_mul(dy ? Y->i1 : Y->i0, wv_set((int32_t)p->row_pitch)),
                          wv_slli(X->i0, p->esize == 4 ? 2 : p->esize - 1));
        off = wv_add(off, zoff);
        wv_i t0, t1;
        fetch_pair(p, off, lmask, &t0, &t1);
        for (int dx = 0; dx < 2; dx++) {
            wv_i t = dx ? t1 : t0, wt = w[dx + 2 * dy];
            wv_i w2 = wv_or(wt, wv_slli(wt, 16));
            rb = wv_add16(rb, wv_mul16(wv_and(t, lo8), w2));
            ga = wv_add16(ga, wv_mul16(wv_and(wv_srli(t, 8), lo8), w2));
        }
    }
    const wv_i lo16 = wv_set(0xffff);
    acc->sum[0] = wv_add(acc->sum[0], wv_and(rb, lo16));
    acc->sum[1] = wv_add(acc->sum[1], wv_and(ga, lo16));
    acc->sum[2] = wv_add(acc->sum[2], wv_srli(rb, 16));
    acc->sum[3] = wv_add(acc->sum[3], wv_srli(ga, 16));
}

/* The taps of one level for the lanes in lmask ([semantics#lod-arithmetic]: share T of the level;
 * entry 1 for the lanes where it is the upper level of a blend).  Lanes in
 * `point` are point-sampled from this level alone and get their result
 * here; the others add to acc. */
WV_INLINE void level_taps(const plan2d *p, const wv_f c[3], wv_i layer, wv_m lmask, wv_i T, wv_m entry1, wv_m point,
                          int g, acc_lanes *acc, wt_tex_result *out)
{
    wv_i sl = p->layered || p->cube ? wv_mul(layer, wv_set((int32_t)p->slice_pitch)) : wv_zero();
    wv_axis ax[3];
    ax[2].i0 = ax[2].i1 = ax[2].a = wv_zero(); /* 2D: z = 0 */
    ax[2].out0 = ax[2].out1 = wv_mnone();
    for (int k = 0; k < p->dims; k++)
        axis_footprint(p, k, c[k], p->linear, 0, &ax[k]);
    if (!p->linear) {
        wv_i raw[4];
        wv_i zoff = wv_add(sl, wv_mul(ax[2].i0, wv_set((int32_t)p->depth_pitch)));
        texels(p, zoff, ax[0].i0, ax[1].i0, lmask, wv_mor(wv_mor(ax[0].out0, ax[1].out0), ax[2].out0), raw);
        wv_m pm = wv_mand(point, lmask);
        if (wv_bits(pm))
            for (int c = 0; c < 4; c++) /* [semantics#point-conversion]: channels the format lacks read 0 */
                store_masked(&out->d[c][g], c < p->nch ? point_word(p, raw[c]) : wv_zero(), pm);
        /* A point texel inside a mip blend: one tap of weight T ([semantics#integer-weights] with
         * zero fractions), its own group ([semantics#float-blend]). */
        wv_m bm = wv_mandnot(point, lmask);
        if (!wv_bits(bm))
            return;
        if (p->ftype) {
            float_taps(p, acc, bm, T, entry1, 0, 0, raw);
            return;
        }
        for (int ch = 0; ch < p->nch; ch++)
            acc->sum[ch] = wv_add(acc->sum[ch], wv_mul(wv_keep(bm, T), raw[ch]));
        return;
    }
    /* [semantics#integer-weights]: z first (3D), z0 = rhu(T * (256 - c)), z1 = T - z0 (T = 256:
     * 256 - c and c); each slice's share splits over its 2x2 footprint. */
    const int nz = p->dims == 3 ? 2 : 1;
    const int pairs = p->pair8 && pairable(ax, lmask);
    wv_i Tm = wv_keep(lmask, T); /* other lanes weigh nothing */
    wv_i z0 = p->dims == 3 ? rhu256(wv_mul(Tm, wv_sub(wv_set(256), ax[2].a))) : Tm;
    for (int dz = 0; dz < nz; dz++) {
        wv_i Tz = dz ? wv_sub(Tm, z0) : z0;
        wv_i zi = dz ? ax[2].i1 : ax[2].i0;
        wv_m zo = dz ? ax[2].out1 : ax[2].out0;
        wv_i zoff = wv_add(sl, wv_mul(zi, wv_set((int32_t)p->depth_pitch)));
        wv_i w[4];
        weights_2d(Tz, ax[0].a, ax[1].a, w);
        if (pairs) {
            pair_taps_u8(p, zoff, &ax[0], &ax[1], w, lmask, acc);
            continue;
        }
        for (int t = 0; t < 4; t++) {
            const wv_axis *X = &ax[0], *Y = &ax[1];
            wv_i xi = t & 1 ? X->i1 : X->i0, yi = t & 2 ? Y->i1 : Y->i0;
            wv_m ob = wv_mor(wv_mor(t & 1 ? X->out1 : X->out0, t & 2 ? Y->out1 : Y->out0), zo);
            wv_i raw[4];
            texels(p, zoff, xi, yi, lmask, ob, raw);
            if (p->ftype) {
                float_taps(p, acc, lmask, w[t], entry1, dz, t, raw);
                continue;
            }
            for (int ch = 0; ch < p->nch; ch++)
                acc->sum[ch] = wv_add(acc->sum[ch], wv_mul(w[t], raw[ch]));
        }
    }
}

/* [semantics#cube-faces] for WV_W lanes, as the reference projects (cube_scalar.c follows the
 * same decisions): NaN components read as 0; the major axis is z if |z| is
 * the largest (ties: z over y over x), else y if |y| >= |x|, else x; the
 * face is positive when that component is >= 0 (-0 too); s and t are
 * (sc / m + 1) / 2 with IEEE division and no fusing; a NaN face coordinate
 * (inf / inf) reads as 0 ([semantics#decision-nonfinite-cube]); the zero vector is face 0 at its centre
 * ([semantics#decision-cube-projection]).  The slice is 6 * cube + face ([semantics#cube-arrays]: a cube index past the end
 * reads the last cube). */
WV_INLINE void cube_coords(const plan2d *p, const wt_tex_args *in, int g, wv_f c[3], wv_i *slice)
{
    const int o = p->layered; /* .acube: {cube, x, y, z} */
    wv_f v[3];
    for (int k = 0; k < 3; k++) {
        v[k] = wv_loadf(&in->c[o + k][g]);
        v[k] = wv_fkeep(wv_ford(v[k]), v[k]);
    }
    const wv_f zero = wv_fset(0.0f);
    wv_f ax = wv_fabs(v[0]), ay = wv_fabs(v[1]), az = wv_fabs(v[2]);
    wv_m zmaj = wv_mand(wv_fge(az, ax), wv_fge(az, ay));
    wv_m ymaj = wv_mandnot(zmaj, wv_fge(ay, ax));
    wv_m xpos = wv_fge(v[0], zero), ypos = wv_fge(v[1], zero), zpos = wv_fge(v[2], zero);
    wv_f nx = wv_fneg(v[0]), ny = wv_fneg(v[1]), nz = wv_fneg(v[2]);
    /* face = 2 * axis + (negative); axis 0 x, 1 y, 2 z */
    wv_i face = wv_sel(zmaj,
                       wv_sel(ymaj, wv_sel(xpos, wv_set(1), wv_set(0)), wv_sel(ypos, wv_set(3), wv_set(2))),
                       wv_sel(zpos, wv_set(5), wv_set(4)));
    wv_f m = wv_fsel(zmaj, wv_fsel(ymaj, ax, ay), az);
    wv_f sx = wv_fsel(xpos, v[2], nz); /* x major: x >= 0 ? -z : z */
    wv_f sz = wv_fsel(zpos, nx, v[0]); /* z major: z >= 0 ? x : -x */
    wv_f sc = wv_fsel(zmaj, wv_fsel(ymaj, sx, v[0]), sz);
    wv_f ty = wv_fsel(ypos, nz, v[2]); /* y major: y >= 0 ? z : -z */
    wv_f tc = wv_fsel(ymaj, ny, ty);   /* x and z major: -y */
    wv_f fs = wv_fdiv(wv_fadd(wv_fdiv(sc, m), wv_fset(1.0f)), wv_fset(2.0f));
    wv_f ft = wv_fdiv(wv_fadd(wv_fdiv(tc, m), wv_fset(1.0f)), wv_fset(2.0f));
    fs = wv_fkeep(wv_ford(fs), fs);
    ft = wv_fkeep(wv_ford(ft), ft);
    wv_m z0 = wv_feq(m, zero); /* the zero vector */
    c[0] = wv_fsel(z0, fs, wv_fset(0.5f));
    c[1] = wv_fsel(z0, ft, wv_fset(0.5f));
    c[2] = zero;
    face = wv_keep(wv_mnot(z0), face);
    *slice = wv_add(wv_mul(layer_index(p, in, g), wv_set(6)), face);
}

WV_INLINE void tex_group(const plan2d *p, const wt_op *op, const wt_tex_args *in, int g, uint32_t act,
                         wt_tex_result *out)
{
    const int o = p->layered; /* .a2d: {layer, x, y} */
    const wv_m mask = wv_mask(act), none = wv_mnone();
    wv_f c[3];
    wv_i layer;
    if (p->cube) {
        cube_coords(p, in, g, c, &layer);
    } else {
        for (int k = 0; k < p->dims; k++)
            c[k] = wv_loadf(&in->c[o + k][g]);
        layer = layer_index(p, in, g);
    }
    acc_lanes acc;
    for (int ch = 0; ch < 4; ch++)
        acc.sum[ch] = wv_zero();
    acc.gmask = 0;
    wv_m blended; /* lanes whose result is a blend ([semantics#norm-blend], [semantics#float-blend]) */
    if (p->levels == 1) {
        level_taps(p, c, layer, mask, wv_set(256), none, p->linear ? none : mask, g, &acc, out);
        blended = p->linear ? mask : none;
    } else {
        /* [semantics#lod-arithmetic]: each lane reads its level, and the next one where it blends;
         * visit every level some active lane reads (usually one or two),
         * each with its own extents, pitches and base. */
        wv_i lvl, frac;
        mip_select(p, op, in, g, &lvl, &frac);
        wv_m two = wv_mandnot(wv_eq(frac, wv_zero()), mask);
        blended = p->linear ? mask : two;
        wv_m point = p->linear ? none : wv_mandnot(two, mask);
        wv_i lvl1 = wv_add(lvl, wv_set(1));
        int32_t lv0[WV_W];
        wv_store(lv0, lvl);
        uint32_t todo0 = act, todo1 = wv_bits(two);
        while (todo0 | todo1) {
            int32_t v = todo0 ? lv0[__builtin_ctz(todo0)] : lv0[__builtin_ctz(todo1)] + 1;
            wv_m on0 = wv_mand(wv_eq(lvl, wv_set(v)), mask);
            wv_m on1 = wv_mand(wv_eq(lvl1, wv_set(v)), two);
            todo0 &= ~wv_bits(on0);
            todo1 &= ~wv_bits(on1);
            /* shares: lower level 256 - frac, upper level frac */
            wv_i T = wv_sel(on1, wv_sub(wv_set(256), frac), frac);
            plan2d pl = *p;
            wt__tex_plan_level(&pl, v);
            level_taps(&pl, c, layer, wv_mor(on0, on1), T, on1, point, g, &acc, out);
        }
    }
    const uint32_t bl = wv_bits(blended);
    if (!bl)
        return;
    if (p->ftype) {
        for (int ch = 0; ch < 4; ch++) { /* [semantics#point-conversion]: channels the format lacks read 0 */
            if (ch >= p->nch)
                store_masked(&out->d[ch][g], wv_zero(), blended);
            else if (p->ftype == 1)
                store_masked(&out->d[ch][g], wv_float_blend(&acc.fb[ch], acc.gmask), blended);
            else
                half_blend(&acc, ch, bl, &out->d[ch][g]);
        }
        return;
    }
    for (int ch = 0; ch < 4; ch++) {
        if (ch >= p->nch) {
            store_masked(&out->d[ch][g], wv_zero(), blended);
            continue;
        }
        wv_f f;
        if (p->sgn) {
            /* [semantics#norm-blend] SNORM: 16-bit K = floor((S + 128) / 256); 8-bit K = S +
             * floor((257 * floor(S / 16) + 1024) / 2048); K >= -32767; K / 32767 */
            wv_i S = acc.sum[ch], K;
            if (p->cbits == 16)
                K = wv_srai(wv_add(S, wv_set(128)), 8);
            else
                K = wv_add(S, wv_srai(wv_add(wv_mul(wv_srai(S, 4), wv_set(257)), wv_set(1024)), 11));
            K = wv_max(K, wv_set(-32767));
            f = wv_fdiv(wv_tof(K), wv_fset(32767.0f));
        } else {
            /* [semantics#norm-blend]: sum of w * u16 with 8-bit codes as u*257; K = rhu(sum / 256),
             * which for 8-bit codes is S + rhu(S) (257 S = 256 S + S) */
            wv_i S = acc.sum[ch];
            wv_i K = p->cbits == 8 ? wv_add(S, rhu256(S)) : rhu256(S);
            f = wv_div_exact(wv_tof(K), 65535.0f);
        }
        store_masked(&out->d[ch][g], wv_fbits(f), blended);
    }
}

/* Random reads of a texture larger than the caches wait on memory, and one
 * group's loads alone keep few misses in flight; so before such a warp is
 * filtered, the cache line of every active lane's footprint row (its first
 * texel; a pair rarely straddles two lines) is prefetched, all 32 lanes'
 * together.  Only addresses are computed; nothing is read. */
WV_INLINE void prefetch_warp(const plan2d *p, uint32_t active, const wt_tex_args *in)
{
    const int o = p->layered;
    /* A warp whose coordinates span fewer than WT_SIMD_PREFETCH_SPAN texels
     * on every axis (an image walked in order: W1) reads lines that its
     * neighbours have just read; prefetching them only costs.  NaN lanes do
     * not widen the span. */
    int local = 1;
    for (int k = 0; k < p->dims && local; k++) {
        float lo = __builtin_inff(), hi = -__builtin_inff();
        for (int g = 0; g < WT_WARP_SIZE; g += WV_W)
            wv_fminmax(wv_loadf(&in->c[o + k][g]), wv_mask(group_lanes(active, g)), &lo, &hi);
        const float span = (hi - lo) * p->scale[k];
        local = span < (float)WT_SIMD_PREFETCH_SPAN; /* false for inf and NaN spans too */
    }
    if (local)
        return;
    for (int g = 0; g < WT_WARP_SIZE; g += WV_W) {
        const uint32_t act = group_lanes(active, g);
        if (!act)
            continue;
        wv_axis ax[3];
        for (int k = 0; k < 3; k++)
            ax[k].i0 = ax[k].i1 = wv_zero();
        for (int k = 0; k < p->dims; k++)
            axis_footprint(p, k, wv_loadf(&in->c[o + k][g]), 1, 0, &ax[k]);
        wv_i x = wv_mul(ax[0].i0, wv_set(p->esize));
        if (p->layered)
            x = wv_add(x, slice_offset(p, in, g));
        const int rows = p->dims == 3 ? 4 : 2;
        for (int r = 0; r < rows; r++)
            wv_prefetch_lanes(p->base,
                              wv_add(x, wv_add(wv_mul(r & 1 ? ax[1].i1 : ax[1].i0, wv_set((int32_t)p->row_pitch)),
                                               wv_mul(r & 2 ? ax[2].i1 : ax[2].i0, wv_set((int32_t)p->depth_pitch)))),
                              wv_mask(act));
    }
}

/* [semantics#tld4] for one group of WV_W lanes: component comp of the footprint's four texels. */
WV_INLINE void tld4_group(const plan2d *p, const wt_tex_args *in, int g, uint32_t act, int comp, wt_tex_result *out)
{
    const wv_m mask = wv_mask(act);
    const wv_i sl = slice_offset(p, in, g);
    const int o = p->layered;
    wv_axis ax, ay;
    axis_footprint(p, 0, wv_loadf(&in->c[o][g]), 1, 1, &ax);
    axis_footprint(p, 1, wv_loadf(&in->c[o + 1][g]), 1, 1, &ay);
    /* [semantics#tld4] order d = {T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0)}; a
     * gathered component is valued as point sampling ([semantics#tld4]). */
    const wv_i *xs[4] = {&ax.i0, &ax.i1, &ax.i1, &ax.i0}, *ys[4] = {&ay.i1, &ay.i1, &ay.i0, &ay.i0};
    const wv_m *xo[4] = {&ax.out0, &ax.out1, &ax.out1, &ax.out0}, *yo[4] = {&ay.out1, &ay.out1, &ay.out0, &ay.out0};
    /* Rows as texel pairs where every lane's i1 is i0 + 1 and nothing
     * is the border (tld4 keeps both texels whatever the fraction). */
    wv_m bad = wv_mor(wv_mor(ax.out0, ax.out1), wv_mor(ay.out0, ay.out1));
    bad = wv_mor(bad, wv_mnot(wv_eq(ax.i1, wv_add(ax.i0, wv_set(1)))));
    if (p->pair8 && p->nch == p->esize && !wv_bits(wv_mand(bad, mask))) {
        const wv_i x = wv_mul(ax.i0, wv_set(p->esize));
        for (int r = 0; r < 2; r++) { /* r = 0: row j1 (d0, d1); r = 1: row j0 (d3, d2) */
            wv_i off = wv_add(wv_add(x, sl), wv_mul(r ? ay.i0 : ay.i1, wv_set((int32_t)p->row_pitch)));
            wv_i t0, t1;
            fetch_pair(p, off, mask, &t0, &t1);
            wv_i c0 = wv_zero(), c1 = wv_zero();
            if (comp < p->nch) {
                c0 = gather_word(p, wv_and(wv_srli(t0, 8 * comp), wv_set(0xff)));
                c1 = gather_word(p, wv_and(wv_srli(t1, 8 * comp), wv_set(0xff)));
            }
            store_masked(&out->d[r ? 3 : 0][g], c0, mask);
            store_masked(&out->d[r ? 2 : 1][g], c1, mask);
        }
        return;
    }
    for (int k = 0; k < 4; k++) {
        wv_i raw[4];
        texels(p, sl, *xs[k], *ys[k], mask, wv_mor(*xo[k], *yo[k]), raw);
        store_masked(&out->d[k][g], comp < p->nch ? gather_word(p, raw[comp]) : wv_zero(), mask);
    }
}

/* A warp: tld4 or tex, each group of WV_W lanes through tld4_group or
 * tex_group.  `spec` (below) fixes some of the plan's fields at compile
 * time. */
WV_INLINE int tex2d_warp(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                         wt_tex_result *out, void (*spec)(plan2d *p))
{
    plan2d p = ctx->t->plan;
    if (spec)
        spec(&p);
    if (op->family == WT_FAMILY_TLD4) {
        /* [semantics#decision-tld4-mipmaps]: a gather reads the base level (the view's first), which is
         * where the plan points. */
        /* signed formats gather by [semantics#tld4]'s own SNORM8 rule: the reference's */
        if (p.dims != 2 || p.sgn || p.cube || !op_is_plain_2d(ctx, &p, op, WT_FAMILY_TLD4) || op->mip != WT_MIP_BASE ||
            !wt__tex_plan_dtype_ok(&p, op->dtype))
            return 0;
        for (int g = 0; g < WT_WARP_SIZE; g += WV_W) {
            const uint32_t act = group_lanes(active, g);
            if (act)
                tld4_group(&p, in, g, act, op->comp & 3, out);
        }
        return 1;
    }
    if (!op_is_plain_2d(ctx, &p, op, WT_FAMILY_TEX) || !wt__tex_plan_dtype_ok(&p, op->dtype) || !mip_ok(&p, ctx->s, op))
        return 0;
    if (p.prefetch && p.levels == 1 && p.linear && !p.cube)
        prefetch_warp(&p, active, in);
    for (int g = 0; g < WT_WARP_SIZE; g += WV_W) {
        const uint32_t act = group_lanes(active, g);
        if (act)
            tex_group(&p, op, in, g, act, out);
    }
    return 1;
}

static int tex2d_kernel(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                        wt_tex_result *out)
{
    return tex2d_warp(ctx, op, active, in, out, NULL);
}

/* ---- shapes specialised at compile time ------------------------------------------ */

/* Each sets the plan fields its shape fixes to constants that the compiler
 * sees (tex2d_warp and everything under it are inlined), so the tests on
 * them fold away and only this shape's arithmetic is left.  Bound where the
 * object has exactly that shape (tex2d_spec_of); every value they set is
 * the one the object's plan holds. */
#define WT__TEX2D_SPEC(name, DIMS, LAYERED, LEVELS1, NCH, ESIZE, CBITS, FTYPE, READ_NORM, LINEAR)                   \
    static WT_SIMD_INLINE void spec_##name(plan2d *p)                                                                \
    {                                                                                                                \
        p->dims = DIMS;                                                                                              \
        p->layered = LAYERED;                                                                                        \
        p->cube = 0;                                                                                                 \
        if (LEVELS1)                                                                                                 \
            p->levels = 1;                                                                                           \
        p->nch = NCH;                                                                                                \
        p->esize = ESIZE;                                                                                            \
        p->cbits = CBITS;                                                                                            \
        p->ftype = FTYPE;                                                                                            \
        p->sgn = 0;                                                                                                  \
        p->read_norm = READ_NORM;                                                                                    \
        p->linear = LINEAR;                                                                                          \
    }                                                                                                                \
    static int tex2d_kernel_##name(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in, \
                                   wt_tex_result *out)                                                               \
    {                                                                                                                \
        return tex2d_warp(ctx, op, active, in, out, spec_##name);                                                    \
    }

#define WT__TEX2D_SPEC_X(name, dims, lay, nch, esz, bits, ftype, norm, linear, ctype)                               \
    WT__TEX2D_SPEC(name, dims, lay, 1, nch, esz, bits, ftype, norm, linear)
WT__TEX2D_SHAPES(WT__TEX2D_SPEC_X)

typedef struct tex2d_spec {
    wt__tex_kernel kernel;
    const char *name;
    int dims, layered, nch, esize, ctype, read_norm, linear;
} tex2d_spec;

#define WT__TEX2D_SPEC_ROW(name, dims, lay, nch, esz, bits, ftype, norm, linear, ctype)                             \
    {tex2d_kernel_##name, "tex " #name " (compiled for this shape)", dims, lay, nch, esz, ctype, norm, linear},
static const tex2d_spec tex2d_specs[] = {WT__TEX2D_SHAPES(WT__TEX2D_SPEC_ROW)};

/* The kernel compiled for t's shape (without mip levels), else the general
 * one; *name says which when it is one of them. */
static wt__tex_kernel tex2d_spec_of(const wt__tex *t, const char **name)
{
    if ((t->mipmapped && t->num_levels > 1) || t->cube)
        return tex2d_kernel;
    const int linear = t->samp.filter == WT_FILTER_LINEAR;
    for (size_t i = 0; i < sizeof tex2d_specs / sizeof tex2d_specs[0]; i++) {
        const tex2d_spec *sp = &tex2d_specs[i];
        if (sp->dims == (int)t->dims && sp->layered == (t->layered != 0) && sp->nch == (int)t->fmt.nch &&
            sp->esize == (int)t->fmt.esize && sp->ctype == (int)t->fmt.ctype && sp->read_norm == (t->read_norm != 0) &&
            sp->linear == linear) {
            *name = sp->name;
            return sp->kernel;
        }
    }
    return tex2d_kernel;
}

/* ---- binding ------------------------------------------------------------------- */

/* The kernel of t's shape. */
static wt__tex_kernel bind_tex(const wt__tex *t, const char **name);

wt__tex_kernel WT_SIMD_FN(wt__bind_tex)(wt__tex *t, const char **name)
{
    /* 8-bit unsigned 2D shapes: the lean kernel of tex2d_u8_tpl.h */
    wt__tex_kernel k = WT_SIMD_FN(wt__bind_tex2d_u8)(t, name);
    return k ? k : bind_tex(t, name);
}

static wt__tex_kernel bind_tex(const wt__tex *t, const char **name)
{
    const wt__sampler *s = &t->samp;
    /* cubes: not seamless linear filtering (its footprint crosses faces, [semantics#decision-seamless-cube]) */
    if (t->cube && (t->dims != 2 || (s->seamless && s->filter == WT_FILTER_LINEAR)))
        return NULL;
    if (t->dims < 2 || t->num_samples || t->num_levels < 1 || t->num_levels > WT__MAX_LEVELS ||
        (!t->mipmapped && t->num_levels != 1) || (t->layered && (t->num_layers == 0 || t->dims == 3)))
        return NULL;
    int fl = t->fmt.ctype == WT__F32 || t->fmt.ctype == WT__F16;
    if (t->fmt.ctype != WT__U8 && t->fmt.ctype != WT__U16 && t->fmt.ctype != WT__S8 && t->fmt.ctype != WT__S16 && !fl)
        return NULL;
    /* maxAnisotropy changes only .level's blend with a linear mip filter
     * ([semantics#anisotropy-trilinear]) and .grad ([semantics#decision-grad-anisotropy]), which the kernel refuses per op (mip_ok). */
    if (t->srgb || (s->filter == WT_FILTER_LINEAR && !fl && !t->read_norm) ||
        (s->mip_filter == WT_FILTER_LINEAR && t->mipmapped && !fl && !t->read_norm))
        return NULL;
    for (int k = 0; k < t->dims; k++)
        if (s->address[k] > WT_ADDRESS_BORDER)
            return NULL;
    /* Every level a fetch can read ([semantics#lod-arithmetic]: all of the view's when mipmapped): */
    size_t slices = (t->layered ? t->num_layers : 1) * (t->cube ? 6u : 1u);
    for (uint32_t v = 0; v < t->num_levels; v++) {
        const wt__level *lv = &t->lv[v];
        /* c * N exact in f32 (power of two) or no scaling at all; |x| < 2^23 */
        if (lv->w < 1 || lv->h < 1 || lv->d < 1 || lv->w > (1 << 20) || lv->h > (1 << 20) || lv->d > (1 << 20) ||
            !lv->base)
            return NULL;
        /* 32-bit byte offsets */
        if (lv->row_pitch > (size_t)INT32_MAX / (size_t)lv->h / 2 ||
            lv->slice_pitch > (size_t)INT32_MAX / 2 / slices || lv->depth_pitch > (size_t)INT32_MAX / 2 / (size_t)lv->d)
            return NULL;
    }
    /* 4-byte reads at 1- and 2-byte texels only where the array's slack
     * (after its last level) covers them */
    if (t->fmt.esize < 4 && t->res_type != WT_RESOURCE_ARRAY && t->res_type != WT_RESOURCE_MIPMAPPED_ARRAY)
        return NULL;
    *name = fl ? "tex.2d/.a2d/.3d/.cube/.acube (.base/.level/.grad, mipmaps)/tld4 f32/f16, point/linear, clamp/wrap/mirror/border"
               : "tex.2d/.a2d/.3d/.cube/.acube (.base/.level/.grad, mipmaps)/tld4 8/16-bit UNORM or element type, point/linear, "
                 "clamp/wrap/mirror/border";
    return tex2d_spec_of(t, name);
}
