/* tex_tpl.h -- the general tex and tld4 kernels (.2d, .a2d, .3d, .cube, .acube; mip levels, .grad) for 8/16-bit integer and f32/f16 formats, WV_W lanes at a time (a template over vec8.h / vec16.h)
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
 *   - LOD: tex_lod.h (each level some lane reads is visited once, with its
 *     own extents, through a copy of the plan pointed at it).
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
 * Every other op returns 0 and the caller runs the backend's generic path.
 *
 * The template's parts, each its own header: tex_texels.h (footprint axes,
 * texel reads, point and gather values), tex_lod.h (levels of detail),
 * tex_filter.h (the taps of one level), tex_cube.h (cube faces); this file
 * runs a warp through them and binds the kernels. */
#include <string.h>

#include "simd_kernels.h"
#include "tex_shapes.h"
#include "tex_texels.h"
#include "tex_lod.h"
#include "tex_filter.h"
#include "tex_cube.h"
#include "prefetch.h"

#ifndef WV_W
#error "an instantiation of tex_tpl.h includes vec8.h or vec16.h first"
#endif

/* ---- tex ------------------------------------------------------------------------- */

static int op_is_plain_2d(const wt__tex_ctx *ctx, const plan2d *p, const wt_op *op, int family)
{
    return op->family == family && op->geom == p->geom && op->ctype == WT_CTYPE_F32 && op->flags == 0 &&
           ctx->s == &ctx->t->samp;
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
    /* A compact warp (prefetch.h: an image walked in order) reads lines that
     * its neighbours have just read; prefetching them only costs, so such a
     * warp prefetches the lines of a warp ahead instead. */
    if (warp_compact(p, active, in)) {
        if (active == 0xffffffffu)
            prefetch_ahead(p, in, 1);
        return;
    }
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
