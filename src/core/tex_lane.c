/* tex_lane.c -- the one-lane kernel of the common shapes: what a per-lane
 * call (a CUDA thread's tex2D, an NVVM intrinsic) runs on such an object
 * SPDX-License-Identifier: MIT
 *
 * A per-lane call is one lane, and the warp kernels (src/simd) cost a whole
 * group of 8 or 16 lanes whatever the mask; this is the same arithmetic for one
 * lane in plain C, chosen once when the object is created ([design#specialise-once]) and
 * reading the object's plan (tex_plan.h, the one every kernel reads), so a
 * call does no format or mode switching beyond the few the plan keeps.
 *
 * Shapes: .2d, .a2d and .3d textures without mip levels ([semantics#lod-sources]: a texture
 * that is not mipmapped, or has one level, reads level 0 whatever the LOD,
 * so .level and .grad take this path too) of 1, 2 or 4 unsigned 8- or
 * 16-bit channels, read as normalised float (point or linear) or as element
 * type (point), or of 1, 2 or 4 f32/f16 channels (point, or linear through
 * [semantics#float-blend]'s datapath, src/core/float_blend.h; a 3D slice is its own group),
 * any of clamp, wrap, mirror and border on each axis, normalised
 * coordinates or not, read through the object's own sampler, over any
 * resource (only the texel's own bytes are read).  Ops: tex with .f32
 * coordinates, and tld4 on .2d/.a2d, with no offset, depth compare or
 * explicit sampler.  Anything else returns 0 and the caller runs the full
 * path.  .2d/.a2d tex runs one of 20 variants compiled with its address
 * mode, filter and RGBA8-or-not as constants (lane2d_fns: lane2d.h's variant
 * table); .3d and tld4
 * run one general function each.
 *
 * The arithmetic is the reference's, step for step as src/simd/tex_tpl.h
 * derives it (its comments give the sections of docs/semantics.md): X9 =
 * floor(x * 512) on the 2^-9 grid, the 1/256 fraction with ties up, each
 * index through its address mode, the [semantics#integer-weights] weights of T = 256 and the [semantics#norm-blend]
 * UNORM blend (8-bit codes as u * 257, K = rhu(sum / 256), K / 65535
 * rounded once).  Every float operation is one IEEE operation the library's
 * flags keep unfused (-ffp-contract=off), so the results equal the
 * reference bit for bit; tests/backend/test_backend_equal.c checks them
 * against it on every backend. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include <simde/x86/sse2.h>

#include "warptex/lane2d.h"

#include "float_blend.h"
#include "dispatch.h"
#include "lane.h"
#include "lane_object.h"

#define WT_LANE_INLINE static inline __attribute__((always_inline))

_Static_assert(offsetof(wt_op, family) == 0 && offsetof(wt_op, geom) == 1 && offsetof(wt_op, mip) == 2 &&
                   offsetof(wt_op, dtype) == 3 && offsetof(wt_op, ctype) == 4 && offsetof(wt_op, comp) == 5 &&
                   offsetof(wt_op, flags) == 6 && sizeof(wt_op) >= 8,
               "wt__tex_lane_kernel reads wt_op's first eight bytes as one key");

typedef void (*lane_fn)(const wt__tex_plan *, const wt__tex_lane_in *, uint32_t *);
static const lane_fn lane2d_fns[WT__L2_VARIANT_END][2], lane2d_general[2][2];
static void lane3d(const wt__tex_plan *p, const wt__tex_lane_in *in, uint32_t d[4]);

/* The variant of t's shape, read from its plan (tex_plan.h), or none
 * (lane_fn NULL) where the shape is not one the kernel takes; and the
 * inline view, filled from the same plan. */
void wt__bind_tex_lane(wt__tex *t)
{
    const wt__tex_plan *p = &t->plan;
    t->lane_fn = NULL;
    memset(&t->lane2d, 0, sizeof t->lane2d); /* no view (base NULL) unless set below */
    const int ct = t->fmt.ctype;
    if (p->dims < 2 || p->cube || t->num_samples || t->srgb || (p->layered && (p->layers == 0 || p->dims == 3)))
        return;
    if (ct != WT__U8 && ct != WT__U16 && ct != WT__F32 && ct != WT__F16)
        return;
    if (p->nch != 1 && p->nch != 2 && p->nch != 4)
        return;
    if (t->num_levels != 1) /* one level, mipmapped or not ([semantics#lod-sources]) */
        return;
    /* integers read as element type do not filter */
    if (p->linear && !p->read_norm && !p->ftype)
        return;
    /* x * 512 and the indices stay well inside 32 bits */
    if (p->n[0] < 1 || p->n[1] < 1 || p->n[2] < 1 || p->n[0] > (1 << 20) || p->n[1] > (1 << 20) ||
        p->n[2] > (1 << 20) || !p->base)
        return;
    for (int k = 0; k < p->dims; k++)
        if (t->samp.address[k] > WT_ADDRESS_BORDER)
            return;
    /* one address mode on both axes and nothing to scale off the 2^-9
     * grid: a variant with the modes compiled in */
    int same = p->mode[0] == p->mode[1] && !p->npot[0] && !p->npot[1];
    const int rgba8 = !p->ftype && p->cbits == 8 && p->nch == 4;
    const int variant = same ? WT__L2_VARIANT_NO(p->mode[0], p->linear) : 0;
    t->lane_fn = p->dims == 3 ? lane3d : variant ? lane2d_fns[variant][rgba8] : lane2d_general[p->linear][rgba8];
    /* .2d RGBA8 read as normalised float: the view code outside the library
     * fetches inline with (include/warptex/lane2d.h).  The view is public
     * API and cannot expose the plan, so it is a copy of the plan's fields
     * the inline fetch reads, and its variant is chosen as lane2d_fns's is. */
    if (p->dims == 2 && !p->layered && rgba8 && p->read_norm) {
        wt_lane2d_view *v = &t->lane2d;
        v->base = p->base;
        v->row_pitch = p->row_pitch;
        for (int k = 0; k < 2; k++) {
            v->n[k] = p->n[k];
            v->scale[k] = p->scale[k];
            v->mode[k] = p->mode[k];
            v->npot[k] = p->npot[k];
            v->hi9[k][0] = (float)(512 * (p->n[k] + 2));
            v->hi9[k][1] = (float)(512 * p->n[k] - 256);
        }
        v->linear = p->linear;
        v->variant = (uint8_t)variant;
        memcpy(v->border, p->border_texel, 4);
    }
}

/* include/warptex/lane2d.h.  The scalar backend is the reference and runs
 * every call in full, so it hands out no views. */
const wt_lane2d_view *wt_tex_lane2d_view(wt_tex tex, unsigned abi)
{
    if (abi != WT_LANE2D_ABI || wt__backend_active()->id == WT__BACKEND_SCALAR)
        return NULL;
    wt__read_begin();
    const wt__tex *t = wt__handle_get(tex, WT__KIND_TEX);
    const wt_lane2d_view *v = t && t->lane2d.base ? &t->lane2d : NULL;
    wt__read_end();
    return v;
}

/* [semantics#point-conversion]: a half's f32 bits, exactly (NaN payloads bit for bit, subnormals
 * as frac * 2^-24, exact in f32) */
WT_LANE_INLINE uint32_t half_to_f32(uint32_t h)
{
    const uint32_t sign = (h & 0x8000u) << 16, ex = h >> 10 & 0x1f, frac = h & 0x3ff;
    uint32_t v;
    if (ex == 31)
        v = 0x7f800000u | frac << 13;
    else if (ex == 0) {
        float f = (float)frac * (1.0f / 16777216.0f);
        memcpy(&v, &f, 4);
    } else
        v = (ex + 112) << 23 | frac << 13;
    return v | sign;
}

/* One axis of the plan (include/warptex/lane2d.h: the arithmetic, shared with code that fetches inline) */
typedef wt__l2_axis axis1;
WT_LANE_INLINE void axis_of(const wt__tex_plan *p, int k, float c, int mode, int linear, int npot, int gather,
                            axis1 *ax)
{
    wt__l2_axis_of(p->n[k], p->scale[k], c, mode, linear, npot, gather, ax);
}

/* Four codes over one divisor, each IEEE division rounded once (one vector
 * divide for the four channels), as destination words. */
WT_LANE_INLINE void div4(simde__m128i k, float by, uint32_t d[4])
{
    simde__m128 q = simde_mm_div_ps(simde_mm_cvtepi32_ps(k), simde_mm_set1_ps(by));
    simde_mm_storeu_si128((void *)d, simde_mm_castps_si128(q));
}

/* The raw channel codes of the texel at q (channels the format lacks: 0).
 * Channel by channel, not one memcpy of nch channels: a copy of variable
 * length compiles to a string move, and a 16-byte reload of narrower
 * stores waits for them to retire (NVIDIA's simplePitchLinearTexture spent
 * half its time there). */
WT_LANE_INLINE void codes(const wt__tex_plan *p, const uint8_t *q, int32_t raw[4])
{
    if (p->ftype == 1) {
        for (int c = 0; c < 4; c++) {
            uint32_t v = 0;
            if (c < p->nch)
                memcpy(&v, q + 4 * c, 4);
            raw[c] = (int32_t)v;
        }
    } else if (p->cbits == 16) {
        for (int c = 0; c < 4; c++) {
            uint16_t v = 0;
            if (c < p->nch)
                memcpy(&v, q + 2 * c, 2);
            raw[c] = v;
        }
    } else {
        raw[0] = q[0];
        raw[1] = p->nch >= 2 ? q[1] : 0;
        raw[2] = p->nch == 4 ? q[2] : 0;
        raw[3] = p->nch == 4 ? q[3] : 0;
    }
}

/* The base of the slice a .2d/.a2d lane reads: [semantics#layers], [semantics#decision-layer-past-end], a layer past
 * the end (as .u32) reads the last. */
WT_LANE_INLINE const uint8_t *slice_of(const wt__tex_plan *p, const wt__tex_lane_in *in)
{
    if (!p->layers)
        return p->base;
    const uint32_t layers = (uint32_t)p->layers, layer = in->c[0] < layers ? in->c[0] : layers - 1u;
    return p->base + (size_t)layer * p->slice_pitch;
}

/* One lane of the plan's shape.  mode: both axes' address mode, or -1 to
 * take each axis's own from the plan and allow non-power-of-two normalised
 * extents; rgba8: four 8-bit channels.  The specialised variants below pass
 * constants, so each compiles to one straight path. */
WT_LANE_INLINE void lane2d_body(const wt__tex_plan *p, const wt__tex_lane_in *in, uint32_t d[4], int mode,
                                int linear, int rgba8)
{
    const uint8_t *slice = slice_of(p, in);
    const int o = p->layers ? 1 : 0; /* .a2d: {layer, x, y} */
    float c[2];
    memcpy(c, &in->c[o], sizeof c);
    axis1 X, Y;
    if (mode < 0) {
        axis_of(p, 0, c[0], p->mode[0], linear, p->npot[0], 0, &X);
        axis_of(p, 1, c[1], p->mode[1], linear, p->npot[1], 0, &Y);
    } else {
        axis_of(p, 0, c[0], mode, linear, 0, 0, &X);
        axis_of(p, 1, c[1], mode, linear, 0, 0, &Y);
    }
    /* the texels' addresses; a border read reads the border texel ([semantics#border-color]) */
    const size_t es = rgba8 ? 4 : p->esize;
    const uint8_t *row0 = slice + (size_t)Y.i0 * p->row_pitch, *row1 = slice + (size_t)Y.i1 * p->row_pitch;
    const uint8_t *q0 = X.out0 | Y.out0 ? p->border_texel : row0 + (size_t)X.i0 * es;
    int32_t raw[4];
    if (!linear) {
        codes(p, q0, raw);
        if (p->ftype == 2) /* [semantics#point-conversion]: a half's value; f32 bits as stored */
            for (int ch = 0; ch < 4; ch++)
                d[ch] = half_to_f32((uint32_t)raw[ch]);
        else if (p->read_norm) /* [semantics#point-conversion]: code / (2^bits - 1), or the code */
            div4(simde_mm_setr_epi32(raw[0], raw[1], raw[2], raw[3]), p->cbits == 16 ? 65535.0f : 255.0f, d);
        else /* one 16-byte store: the caller reads d whole */
            simde_mm_storeu_si128((void *)d, simde_mm_setr_epi32(raw[0], raw[1], raw[2], raw[3]));
        return;
    }
    const uint8_t *q[4] = {q0, X.out1 | Y.out0 ? p->border_texel : row0 + (size_t)X.i1 * es,
                           X.out0 | Y.out1 ? p->border_texel : row1 + (size_t)X.i0 * es,
                           X.out1 | Y.out1 ? p->border_texel : row1 + (size_t)X.i1 * es};
    /* [semantics#integer-weights] weights of T = 256 */
    int32_t w[4];
    wt__l2_weights(X.a, Y.a, w);
    /* [semantics#norm-blend]: S = the sum of w * u16 with 8-bit codes as u * 257; K = rhu(S /
     * 256), which for 8-bit codes is S' + rhu(S') with S' the sum of w * u */
    if (p->ftype) {
        /* [semantics#float-blend]'s datapath per channel over the taps of non-zero weight (one
         * group); channels the format lacks read 0 */
        int32_t rawt[4][4];
        for (int t = 0; t < 4; t++)
            codes(p, q[t], rawt[t]);
        for (int ch = 0; ch < 4; ch++) {
            wt__fb_tap taps[4];
            int n = 0;
            for (int t = 0; t < 4; t++)
                if (w[t] > 0)
                    taps[n++] = (wt__fb_tap){(uint32_t)rawt[t][ch], w[t], 0};
            d[ch] = ch < p->nch ? wt__float_blend(taps, n, p->ftype == 2) : 0;
        }
        return;
    }
    if (rgba8) {
        uint32_t v[4], k[4];
        for (int t = 0; t < 4; t++)
            memcpy(&v[t], q[t], 4);
        wt__l2_rgba8_blend(v, w, k);
        div4(simde_mm_loadu_si128((const void *)k), 65535.0f, d);
        return;
    }
    int32_t s4[4] = {0, 0, 0, 0};
    for (int t = 0; t < 4; t++) {
        codes(p, q[t], raw);
        for (int ch = 0; ch < 4; ch++)
            s4[ch] += w[t] * raw[ch];
    }
    const simde__m128i S = simde_mm_setr_epi32(s4[0], s4[1], s4[2], s4[3]);
    /* channels the format lacks: S = 0, so +0.0 ([semantics#point-conversion]) */
    simde__m128i r = simde_mm_srli_epi32(simde_mm_add_epi32(S, simde_mm_set1_epi32(128)), 8);
    div4(p->cbits == 16 ? r : simde_mm_add_epi32(S, r), 65535.0f, d);
}

/* The variants (lane2d.h's table, WT__L2_VARIANTS) by variant number and
 * rgba8, and the general form by filter and rgba8. */
#define WT__LANE2D_FN(name, m, l, r)                                                                      \
    static void lane2d_##name##_##l##_##r(const wt__tex_plan *p, const wt__tex_lane_in *in, uint32_t d[4]) \
    {                                                                                                     \
        lane2d_body(p, in, d, m, l, r);                                                                   \
    }
#define WT__LANE2D_FNS(name, m, l, unused) WT__LANE2D_FN(name, m, l, 0) WT__LANE2D_FN(name, m, l, 1)
WT__L2_VARIANTS(WT__LANE2D_FNS, 0)
WT__LANE2D_FNS(general, -1, 0, 0)
WT__LANE2D_FNS(general, -1, 1, 0)
#define WT__LANE2D_ROW(name, m, l, unused) [WT__L2_VARIANT_NO(m, l)] = {lane2d_##name##_##l##_0, lane2d_##name##_##l##_1},
static const lane_fn lane2d_fns[WT__L2_VARIANT_END][2] = {WT__L2_VARIANTS(WT__LANE2D_ROW, 0)};
static const lane_fn lane2d_general[2][2] = {{lane2d_general_0_0, lane2d_general_0_1},
                                             {lane2d_general_1_0, lane2d_general_1_1}};

/* .3d for one lane: z first ([semantics#integer-weights]: z0 = rhu(256 * (256 - c)) = 256 - c, z1
 * = c), each slice's share split over its 2x2 footprint as .2d's is; UNORM
 * sums over the eight taps; for f32/f16 each slice is its own [semantics#float-blend] group. */
static void lane3d(const wt__tex_plan *p, const wt__tex_lane_in *in, uint32_t d[4])
{
    float c[3];
    memcpy(c, in->c, sizeof c);
    axis1 ax[3];
    for (int k = 0; k < 3; k++)
        axis_of(p, k, c[k], p->mode[k], p->linear, p->npot[k], 0, &ax[k]);
    int32_t raw[4];
    if (!p->linear) {
        const int out = ax[0].out0 | ax[1].out0 | ax[2].out0;
        codes(p, out ? p->border_texel
                     : p->base + (size_t)ax[2].i0 * p->depth_pitch + (size_t)ax[1].i0 * p->row_pitch +
                           (size_t)ax[0].i0 * p->esize,
              raw);
        if (p->ftype == 2)
            for (int ch = 0; ch < 4; ch++)
                d[ch] = half_to_f32((uint32_t)raw[ch]);
        else if (p->read_norm)
            div4(simde_mm_setr_epi32(raw[0], raw[1], raw[2], raw[3]), p->cbits == 16 ? 65535.0f : 255.0f, d);
        else /* one 16-byte store: the caller reads d whole */
            simde_mm_storeu_si128((void *)d, simde_mm_setr_epi32(raw[0], raw[1], raw[2], raw[3]));
        return;
    }
    int32_t S[4] = {0, 0, 0, 0};
    wt__fb_tap taps[4][8];
    int nt = 0;
    for (int dz = 0; dz < 2; dz++) {
        const int32_t Tz = dz ? ax[2].a : 256 - ax[2].a;
        const int32_t zi = dz ? ax[2].i1 : ax[2].i0, zo = dz ? ax[2].out1 : ax[2].out0;
        /* [semantics#integer-weights] / [semantics#decision-share-split-2d] weights of share Tz */
        const int32_t x1 = (Tz * ax[0].a + 128) >> 8, x0 = Tz - x1, b = ax[1].a;
        const int32_t w11 = (x1 * b + 128) >> 8, w00 = (x0 * (256 - b) + 128) >> 8;
        const int32_t w[4] = {w00, x1 - w11, x0 - w00, w11};
        for (int t = 0; t < 4; t++) {
            const int32_t xi = t & 1 ? ax[0].i1 : ax[0].i0, yi = t & 2 ? ax[1].i1 : ax[1].i0;
            const int out = (t & 1 ? ax[0].out1 : ax[0].out0) | (t & 2 ? ax[1].out1 : ax[1].out0) | zo;
            codes(p, out ? p->border_texel
                         : p->base + (size_t)zi * p->depth_pitch + (size_t)yi * p->row_pitch + (size_t)xi * p->esize,
                  raw);
            if (p->ftype) {
                if (w[t] > 0) { /* [semantics#integer-weights]: a weight-0 term reads nothing */
                    for (int ch = 0; ch < 4; ch++)
                        taps[ch][nt] = (wt__fb_tap){(uint32_t)raw[ch], w[t], dz};
                    nt++;
                }
                continue;
            }
            for (int ch = 0; ch < 4; ch++)
                S[ch] += w[t] * raw[ch];
        }
    }
    if (p->ftype) {
        for (int ch = 0; ch < 4; ch++)
            d[ch] = ch < p->nch ? wt__float_blend(taps[ch], nt, p->ftype == 2) : 0;
        return;
    }
    simde__m128i Sv = simde_mm_setr_epi32(S[0], S[1], S[2], S[3]);
    simde__m128i r = simde_mm_srli_epi32(simde_mm_add_epi32(Sv, simde_mm_set1_epi32(128)), 8);
    div4(p->cbits == 16 ? r : simde_mm_add_epi32(Sv, r), 65535.0f, d);
}

/* [semantics#tld4]: a gathered component valued as point sampling, except that an f32
 * NaN gathers as 0x7fffffff and an f32 subnormal as ±0, and a half NaN as
 * 0x7fff widened (0x7fffe000). */
WT_LANE_INLINE uint32_t gather_word(const wt__tex_plan *p, uint32_t u)
{
    if (p->ftype == 1) {
        if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu))
            return 0x7fffffffu;
        return (u & 0x7f800000u) ? u : u & 0x80000000u;
    }
    if (p->ftype == 2)
        return (u & 0x7c00u) == 0x7c00u && (u & 0x3ffu) ? 0x7fffe000u : half_to_f32(u);
    if (!p->read_norm)
        return u;
    float f = (float)u / (p->cbits == 16 ? 65535.0f : 255.0f);
    memcpy(&u, &f, 4);
    return u;
}

/* tld4 of component comp for one lane ([semantics#tld4]; the base level, [semantics#decision-tld4-mipmaps]): d = {T(i0,
 * j1), T(i1, j1), T(i1, j0), T(i0, j0)} of the bilinear footprint, taken
 * without clamp's pre-clamp; a component the format lacks gathers 0. */
__attribute__((noinline)) static void lane2d_gather(const wt__tex_plan *p, const wt__tex_lane_in *in, int comp,
                                                    uint32_t d[4])
{
    const uint8_t *slice = slice_of(p, in);
    const int o = p->layers ? 1 : 0;
    float c[2];
    memcpy(c, &in->c[o], sizeof c);
    axis1 X, Y;
    axis_of(p, 0, c[0], p->mode[0], 1, p->npot[0], 1, &X);
    axis_of(p, 1, c[1], p->mode[1], 1, p->npot[1], 1, &Y);
    const int32_t xs[4] = {X.i0, X.i1, X.i1, X.i0}, ys[4] = {Y.i1, Y.i1, Y.i0, Y.i0};
    const int xo[4] = {X.out0, X.out1, X.out1, X.out0}, yo[4] = {Y.out1, Y.out1, Y.out0, Y.out0};
    for (int k = 0; k < 4; k++) {
        const uint8_t *q = xo[k] | yo[k] ? p->border_texel
                                         : slice + (size_t)ys[k] * p->row_pitch + (size_t)xs[k] * p->esize;
        int32_t raw[4];
        codes(p, q, raw);
        d[k] = comp < p->nch ? gather_word(p, (uint32_t)raw[comp]) : 0;
    }
}

int wt__tex_lane_kernel(const wt__tex *t, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4])
{
    const wt__tex_plan *p = &t->plan;
    /* family, geom, ctype and flags as one compare (the op's first eight
     * bytes, wt_op's layout: the ops it takes have .f32 coordinates and no
     * flags), then mip, comp and the destination type */
    uint64_t key;
    memcpy(&key, op, sizeof key);
    key &= 0x00ff00ff0000ffffull;
    const uint64_t ops = (uint64_t)p->geom << 8 | (uint64_t)WT_CTYPE_F32 << 32;
    const uint64_t tex = ops | WT_FAMILY_TEX, tld4 = ops | WT_FAMILY_TLD4;
    if ((key != tex && key != tld4) || op->mip > WT_MIP_GRAD || op->comp > 3 || !wt__tex_plan_dtype_ok(p, op->dtype))
        return 0;
    if (key == tld4) {
        if (op->mip != WT_MIP_BASE || p->dims != 2) /* not PTX (check_op refuses it) */
            return 0;
        lane2d_gather(p, in, op->comp, d);
        return 1;
    }
    t->lane_fn(p, in, d);
    return 1;
}

const void *wt__tex_lane_object(uint64_t tex)
{
    const wt__tex *t = wt__handle_get(tex, WT__KIND_TEX);
    return t && t->lane_fn ? t : NULL;
}

int wt__tex_lane_object_run(const void *obj, const wt_op *op, const uint32_t c[4], uint32_t d[4])
{
    if (wt__backend_active()->id == WT__BACKEND_SCALAR) /* as wt__tex_lane: the reference runs in full */
        return 0;
    wt__tex_lane_in in;
    memset(&in, 0, sizeof in);
    memcpy(in.c, c, sizeof in.c);
    return wt__tex_lane_kernel((const wt__tex *)obj, op, &in, d);
}
