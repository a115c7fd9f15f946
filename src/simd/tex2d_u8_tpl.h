/* tex2d_u8_tpl.h -- tex and tld4 on 2D and 2D layered textures of 8-bit unsigned codes without mip levels, WV_W lanes at a time (a template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * The shape of image programs and of docs/bench.md's W1, W2, W4 and W5: RGBA8,
 * RG8 or R8 unsigned, read as normalised float (point or linear) or as
 * element type (point), any address mode per axis, normalised or
 * unnormalised coordinates on any extent, one level.  A texture object of
 * that shape binds one of this file's variants (wt__bind_tex2d_u8_<isa>),
 * compiled for its filter, its channel count and its address mode (one mode
 * on both axes, or any pair read from the plan); every op it does not take
 * (offsets, an explicit sampler, another destination type) goes to the
 * backend's generic path, as tex_tpl.h's kernels do.  It is written once
 * against the vector shim, so the AVX2 and NEON backends run it 8 lanes at a
 * time and the AVX-512 backend 16.
 *
 * The arithmetic is the reference's, step for step, and tex_tpl.h's
 * header argues each step; in short:
 *   - Coordinates ([semantics#normalized-coords], [semantics#nan-inf-coords], [semantics#decision-huge-coords]): X9 = floor(x * 512) decides every
 *     index and weight.  On a power-of-two extent (or unnormalised) x * 512
 *     is exact in f32; on other extents X9 comes from the reference's
 *     U = floor(c * 2^21) fixed point, in double, lane by lane (axis.h).
 *     NaN reads as 0 under clamp and border; under wrap and mirror a
 *     non-finite coordinate reads texel 0 with the whole weight ([semantics#decision-nonfinite-wrap]).
 *     Clamp and border first limit x to a range outside which no texel
 *     read changes; a linear clamp pre-clamps x to [0.5, N - 0.5] ([semantics#pipeline]).
 *   - Linear ([semantics#linear-filtering]): s = (X9 - 255) >> 1, i = s >> 8, a = s & 255; the
 *     address mode then maps i and i + 1 on their own ([semantics#pipeline] step 7); tld4
 *     ([semantics#tld4]) takes the same footprint without the pre-clamp.
 *   - Weights ([semantics#integer-weights], [semantics#decision-share-split-2d], share 256): x1 = a, x0 = 256 - a; w11 =
 *     rhu(x1 * b), w00 = rhu(x0 * (256 - b)), w10 = x1 - w11, w01 = x0 - w00.
 *   - The UNORM blend ([semantics#norm-blend]): S = sum of w * code; K = S + rhu(S) (the
 *     codes widen to u * 257); K / 65535 rounded once (div_exact.h).  Point
 *     ([semantics#point-conversion]): code / 255, or the code itself as element type.  A border
 *     texel is the border colour as one texel of the format ([semantics#border-color]).
 * Texel reads: where every lane's x footprint is a pair of neighbouring
 * texels and none is the border, each row is one read of the pair (the
 * texel past the end that a weight-0 lane reads lies in an array's slack);
 * otherwise four reads of one texel each.  A 1- or 2-byte texel is read as
 * a 4-byte word, so those formats bind only over arrays (slack after the
 * last texel); lanes outside the mask or reading the border read nothing. */
#include <math.h>
#include <string.h>

#include "../core/cpu.h"
#include "simd_kernels.h"
#include "tex_shapes.h"
#include "axis.h"
#include "store_bytes.h"
#include "prefetch.h"

#ifndef WV_W
#error "an instantiation of tex2d_u8_tpl.h includes vec8.h or vec16.h first"
#endif
/* The kernel reads the object's plan (src/core/tex_plan.h), made once when
 * it was created; byte offsets are 32-bit lanes (the binder takes only
 * objects where every offset fits). */
typedef wt__tex_plan u8plan;

/* ---- one axis -------------------------------------------------------------- */

/* The footprint of axis k from the axis module (axis.h). */
WV_INLINE void axis_u8(const u8plan *p, int k, wv_f c, int mode, int linear, int gather, wv_axis *ax)
{
    wv_axis_of(c, p->n[k], p->scale[k], p->npot[k], mode, linear, gather, ax);
}

/* ---- texels -------------------------------------------------------------------- */

/* The raw codes of the texel at (x, y) for lanes in m; lanes in `out` read
 * the border texel. */
WV_INLINE void texel_codes(const u8plan *p, int nch, wv_i slice, wv_i x, wv_i y, wv_m m, wv_m out,
                                  wv_i raw[4])
{
    wv_i off = wv_add(wv_add(wv_mul(y, wv_set((int32_t)p->row_pitch)), wv_slli(x, nch == 4 ? 2 : nch - 1)), slice);
    wv_i w = wv_fetch32(p->base, off, wv_mandnot(out, m));
    for (int c = 0; c < nch; c++)
        raw[c] = wv_sel(out, wv_and(wv_srli(w, 8 * c), wv_set(0xff)), wv_set(p->border[c]));
}

/* The texels at byte offset off and the next one, for lanes in m; gq: an
 * RGBA8 pair with hardware gathers (wv_fetch64_gather), else loads. */
WV_INLINE void texel_pair(const u8plan *p, int nch, int gq, wv_i off, wv_m m, wv_i *t0, wv_i *t1)
{
    if (nch == 4 && gq) {
        wv_fetch64_gather(p->base, off, m, t0, t1);
    } else if (nch == 4) {
        wv_fetch64(p->base, off, m, t0, t1);
    } else {
        wv_i pair = wv_fetch32(p->base, off, m);
        *t0 = wv_and(pair, wv_set((1 << (8 * nch)) - 1));
        *t1 = wv_and(wv_srli(pair, 8 * nch), wv_set((1 << (8 * nch)) - 1));
    }
}

/* Every lane in m reads its x footprint from one pair (i0, i0 + 1): i1 is i0
 * + 1, or i0 itself (an edge under clamp or mirror: pair_texels then takes
 * the first texel twice), or weighs nothing (tex: a = 0); and nothing in
 * the footprint is the border. */
WV_INLINE int pairable(const wv_axis *X, const wv_axis *Y, wv_m m, int need_next)
{
    wv_m bad = wv_mor(wv_mor(X->out0, X->out1), wv_mor(Y->out0, Y->out1));
    wv_m paired = wv_mor(wv_eq(X->i1, wv_add(X->i0, wv_set(1))), wv_eq(X->i1, X->i0));
    if (!need_next)
        paired = wv_mor(paired, wv_eq(X->a, wv_zero()));
    return wv_bits(wv_mand(wv_mor(bad, wv_mnot(paired)), m)) == 0;
}

/* ---- tex ------------------------------------------------------------------------- */

/* [semantics#integer-weights]'s weights of the 2x2 footprint, share 256: w[dx + 2*dy]. */
WV_INLINE void weights(const wv_axis *X, const wv_axis *Y, wv_i w[4])
{
    const wv_i a = X->a, b = Y->a, x0 = wv_sub(wv_set(256), a);
    const wv_i w11 = wv_srli(wv_add(wv_mul(a, b), wv_set(128)), 8);
    const wv_i w00 = wv_srli(wv_add(wv_mul(x0, wv_sub(wv_set(256), b)), wv_set(128)), 8);
    w[0] = w00;
    w[1] = wv_sub(a, w11);
    w[2] = wv_sub(x0, w00);
    w[3] = w11;
}

/* The footprint's texels t[dx + 2*dy] as two reads of a texel pair, one a
 * row (pairable lanes). */
WV_INLINE void pair_texels(const u8plan *p, int nch, int gq, wv_i slice, const wv_axis *X, const wv_axis *Y, wv_m m,
                           wv_i t[4])
{
    const wv_i x = wv_slli(X->i0, nch == 4 ? 2 : nch - 1);
    const wv_m same = wv_eq(X->i1, X->i0); /* the edge: the first texel twice */
    for (int dy = 0; dy < 2; dy++) {
        texel_pair(p, nch, gq, wv_add(wv_add(wv_mul(dy ? Y->i1 : Y->i0, wv_set((int32_t)p->row_pitch)), x), slice), m,
                   &t[2 * dy], &t[2 * dy + 1]);
        t[2 * dy + 1] = wv_sel(same, t[2 * dy + 1], t[2 * dy]);
    }
}

/* [semantics#norm-blend]'s sums S[c] of texels t[k] (their codes in the bytes of a word) with
 * weights w[k].  Two channels share each 32-bit word as 16-bit fields (R
 * and B, G and A): a code times a weight is at most 255 * 256, and so is
 * the sum of the four taps, so no field carries into the next. */
WV_INLINE void pair_sums(int nch, const wv_i t[4], const wv_i w[4], wv_i S[4])
{
    const wv_i lo8 = wv_set(0x00ff00ff);
    wv_i rb = wv_zero(), ga = wv_zero();
    for (int k = 0; k < 4; k++) {
        const wv_i w2 = wv_or(w[k], wv_slli(w[k], 16));
        rb = wv_add16(rb, wv_mul16(wv_and(t[k], lo8), w2));
        if (nch > 1)
            ga = wv_add16(ga, wv_mul16(wv_and(wv_srli(t[k], 8), lo8), w2));
    }
    S[0] = wv_and(rb, wv_set(0xffff));
    S[1] = wv_and(ga, wv_set(0xffff));
    S[2] = wv_srli(rb, 16);
    S[3] = wv_srli(ga, 16);
}

/* The same sums from four reads of one texel each, the border where a tap
 * is outside (lanes that are not pairable). */
WV_INLINE void tap_sums(const u8plan *p, int nch, wv_i slice, const wv_axis *X, const wv_axis *Y, wv_m m,
                        const wv_i w[4], wv_i S[4])
{
    for (int c = 0; c < 4; c++)
        S[c] = wv_zero();
    for (int k = 0; k < 4; k++) {
        wv_i raw[4];
        texel_codes(p, nch, slice, k & 1 ? X->i1 : X->i0, k & 2 ? Y->i1 : Y->i0, m,
                    wv_mor(k & 1 ? X->out1 : X->out0, k & 2 ? Y->out1 : Y->out0), raw);
        for (int c = 0; c < nch; c++)
            S[c] = wv_add(S[c], wv_mul(w[k], raw[c]));
    }
}

/* A code as the destination word: code / 255 ([semantics#point-conversion]), or the code. */
WV_INLINE wv_i point_word(const u8plan *p, wv_i code)
{
    return p->read_norm ? wv_fbits(wv_div_exact(wv_tof(code), 255.0f)) : code;
}

enum { NG = WT_WARP_SIZE / WV_W }; /* groups of WV_W lanes in a warp */

/* A warp's footprints, group by group: the first stage of tex_warp and
 * tld4_warp, which run in stages over all the warp's groups at once
 * (footprints, then texel reads, then the blends), so that one group's
 * reads overlap another's arithmetic instead of waiting at the end of a
 * chain.  t and paired: the texel pairs read for the groups that take them. */
typedef struct warp_stage {
    uint32_t act[NG];
    wv_m m[NG];
    wv_i slice[NG];
    wv_axis X[NG], Y[NG];
    wv_i t[NG][4];
    int paired[NG];
} warp_stage;

WV_INLINE void stage_footprints(const u8plan *p, const wt_tex_args *in, uint32_t active, int mode, int linear,
                                int gather, warp_stage *w)
{
    const int o = p->layers ? 1 : 0; /* .a2d: {layer, x, y} */
    for (int k = 0; k < NG; k++) {
        const int g = k * WV_W;
        w->act[k] = (active >> g) & ((1u << WV_W) - 1u);
        w->m[k] = wv_mask(w->act[k]);
        w->slice[k] = p->layers ? wv_mul(wv_layer_clamp(&in->c[0][g], (uint32_t)p->layers), wv_set((int32_t)p->slice_pitch))
                                : wv_zero();
        axis_u8(p, 0, wv_loadf(&in->c[o][g]), mode >= 0 ? mode : p->mode[0], linear, gather, &w->X[k]);
        axis_u8(p, 1, wv_loadf(&in->c[o + 1][g]), mode >= 0 ? mode : p->mode[1], linear, gather, &w->Y[k]);
    }
}

/* The second stage where a group's lanes are pairable (tld4: i1 = i0 + 1
 * everywhere): both rows' texel pairs. */
WV_INLINE void stage_pairs(const u8plan *p, int nch, int gq, int need_next, warp_stage *w)
{
    for (int k = 0; k < NG; k++) {
        w->paired[k] = w->act[k] && p->pair8 && pairable(&w->X[k], &w->Y[k], w->m[k], need_next);
        if (w->paired[k])
            pair_texels(p, nch, gq, w->slice[k], &w->X[k], &w->Y[k], w->m[k], w->t[k]);
    }
}

/* A warp of tex, into out's registers, or as bytes where `bytes` is given
 * (store_bytes.h: from K, the quotient's numerator, before the division). */
WV_INLINE void tex_warp(const u8plan *p, const wt_tex_args *in, uint32_t active, int mode, int linear, int nch,
                        int gq, const wt__tex_bytes *bytes, wt_tex_result *out)
{
    warp_stage w;
    stage_footprints(p, in, active, mode, linear, 0, &w);
    if (!linear) {
        wv_i raw[NG][4];
        for (int k = 0; k < NG; k++)
            if (w.act[k])
                texel_codes(p, nch, w.slice[k], w.X[k].i0, w.Y[k].i0, w.m[k], wv_mor(w.X[k].out0, w.Y[k].out0),
                            raw[k]);
        for (int k = 0; k < NG; k++) {
            if (!w.act[k])
                continue;
            if (bytes && bytes_of_codes(bytes)) { /* the codes read as element type */
                store_group_codes(bytes, k * WV_W, raw[k], nch, w.m[k], w.act[k] == (1u << WV_W) - 1u);
                continue;
            }
            if (bytes) {
                wv_i K[4];
                for (int c = 0; c < nch; c++)
                    K[c] = k_of_code(raw[k][c]);
                store_group_bytes(bytes, k * WV_W, K, nch, w.m[k], w.act[k] == (1u << WV_W) - 1u);
                continue;
            }
            for (int c = 0; c < 4; c++) /* [semantics#point-conversion]: channels the format lacks read 0 */
                wv_store_masked(&out->d[c][k * WV_W], c < nch ? point_word(p, raw[k][c]) : wv_zero(), w.m[k],
                                w.act[k] == (1u << WV_W) - 1u);
        }
        return;
    }
    stage_pairs(p, nch, gq, 0, &w);
    for (int k = 0; k < NG; k++) {
        if (!w.act[k])
            continue;
        wv_i wt[4], S[4];
        weights(&w.X[k], &w.Y[k], wt);
        if (w.paired[k])
            pair_sums(nch, w.t[k], wt, S);
        else
            tap_sums(p, nch, w.slice[k], &w.X[k], &w.Y[k], w.m[k], wt, S);
        wv_i K[4]; /* K = rhu(257 * S / 256) = S + rhu(S); the result K / 65535 */
        for (int c = 0; c < nch; c++)
            K[c] = wv_add(S[c], wv_srli(wv_add(S[c], wv_set(128)), 8));
        if (bytes) {
            store_group_bytes(bytes, k * WV_W, K, nch, w.m[k], w.act[k] == (1u << WV_W) - 1u);
            continue;
        }
        for (int c = 0; c < 4; c++) {
            const wv_i v = c < nch ? wv_fbits(wv_div_exact(wv_tof(K[c]), 65535.0f)) : wv_zero();
            wv_store_masked(&out->d[c][k * WV_W], v, w.m[k], w.act[k] == (1u << WV_W) - 1u);
        }
    }
}

/* ---- tld4 ------------------------------------------------------------------------ */

/* [semantics#tld4]: component comp of the footprint's four texels, d = {T(i0, j1), T(i1,
 * j1), T(i1, j0), T(i0, j0)}, each valued as point sampling; in stages as
 * tex_warp, into out or as bytes (register d's byte from its code). */
WV_INLINE void tld4_warp(const u8plan *p, const wt_tex_args *in, uint32_t active, int mode, int comp, int gq,
                         const wt__tex_bytes *bytes, wt_tex_result *out)
{
    const int nch = p->nch;
    if (comp >= nch) { /* [semantics#point-conversion]: a channel the format lacks reads 0 */
        for (int g = 0; g < WT_WARP_SIZE; g += WV_W) {
            const uint32_t act = (active >> g) & ((1u << WV_W) - 1u);
            if (act && bytes && bytes_of_codes(bytes))
                store_group_codes(bytes, g, NULL, 0, wv_mask(act), act == (1u << WV_W) - 1u);
            else if (act && bytes)
                store_group_bytes(bytes, g, NULL, 0, wv_mask(act), act == (1u << WV_W) - 1u);
            for (int d = 0; d < 4 && act && !bytes; d++)
                wv_store_masked(&out->d[d][g], wv_zero(), wv_mask(act), act == (1u << WV_W) - 1u);
        }
        return;
    }
    warp_stage w;
    stage_footprints(p, in, active, mode, 1, 1, &w);
    stage_pairs(p, nch, gq, 1, &w);
    for (int k = 0; k < NG; k++) {
        if (!w.act[k])
            continue;
        const int full = w.act[k] == (1u << WV_W) - 1u;
        wv_i K[4];
        for (int d = 0; d < 4; d++) {
            const int hx = d == 1 || d == 2, hy = d < 2; /* upper x: d1, d2; upper y: d0, d1 */
            wv_i v;
            if (w.paired[k]) {
                v = wv_and(wv_srli(w.t[k][hx + 2 * hy], 8 * comp), wv_set(0xff));
            } else {
                wv_i raw[4];
                texel_codes(p, nch, w.slice[k], hx ? w.X[k].i1 : w.X[k].i0, hy ? w.Y[k].i1 : w.Y[k].i0, w.m[k],
                            wv_mor(hx ? w.X[k].out1 : w.X[k].out0, hy ? w.Y[k].out1 : w.Y[k].out0), raw);
                v = raw[comp];
            }
            if (bytes)
                K[d] = bytes_of_codes(bytes) ? v : k_of_code(v); /* ELEM8, ELEM8X4: the codes themselves */
            else
                wv_store_masked(&out->d[d][k * WV_W], point_word(p, v), w.m[k], full);
        }
        if (bytes && bytes_of_codes(bytes))
            store_group_codes(bytes, k * WV_W, K, 4, w.m[k], full);
        else if (bytes)
            store_group_bytes(bytes, k * WV_W, K, 4, w.m[k], full);
    }
}

/* ---- the warp --------------------------------------------------------------------- */

/* The ops the kernel takes: a plain tex or tld4 of the object's geometry
 * (.f32 coordinates, no offset, depth compare or explicit sampler), to the
 * destination type of its read mode ([semantics#point-conversion]: .f32 normalised, .u32/.s32 the
 * codes' bits), tld4 of the base level ([semantics#decision-tld4-mipmaps]). */
WV_INLINE int op_taken(const wt__tex_ctx *ctx, const u8plan *p, const wt_op *op)
{
    if (op->geom != p->geom || op->ctype != WT_CTYPE_F32 || op->flags != 0 || ctx->s != &ctx->t->samp)
        return 0;
    if (!wt__tex_plan_dtype_ok(p, op->dtype))
        return 0;
    return op->family == WT_FAMILY_TEX || (op->family == WT_FAMILY_TLD4 && op->mip == WT_MIP_BASE);
}

WV_INLINE int u8_warp(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                             wt_tex_result *out, int mode, int linear, int nch)
{
    const u8plan *p = &ctx->t->plan;
    if (!op_taken(ctx, p, op))
        return 0;
    /* Bytes of results read as normalised float (store_bytes.h), or of codes
     * read as element type for WT_BATCH_ELEM8 and _ELEM8X4; the batch asks for no others,
     * but a mismatch leaves the registers to the batch rather than guess. */
    const int elem = ctx->bytes && bytes_of_codes(ctx->bytes);
    const wt__tex_bytes *bytes =
        ctx->bytes && (elem ? !p->read_norm : p->read_norm && op->dtype == WT_DTYPE_F32) ? ctx->bytes : NULL;
    /* RGBA8 pairs read with gathers where the CPU probe chose them, in copies
     * of their own: only a shim with a gather of 8-byte words (WV_GATHER64)
     * has them, so that the others compile (at -O0 too) as before. */
#if WV_GATHER64
    const int gq = nch == 4 && wt__gather_pairs;
#endif
    if (p->prefetch)
        prefetch_warp_u8(p, active, in, mode, linear || op->family == WT_FAMILY_TLD4,
                         linear && op->family == WT_FAMILY_TEX);
    if (op->family == WT_FAMILY_TLD4) {
#if WV_GATHER64
        if (gq) {
            tld4_warp(p, in, active, mode, op->comp & 3, 1, bytes, out);
            return bytes ? 2 : 1;
        }
#endif
        if (bytes)
            tld4_warp(p, in, active, mode, op->comp & 3, 0, bytes, out);
        else
            tld4_warp(p, in, active, mode, op->comp & 3, 0, NULL, out);
        return bytes ? 2 : 1;
    }
    /* Inlined copies: the registers' with bytes a constant NULL, so that the
     * warp API's path carries no test of it, each with loads or gathers. */
#if WV_GATHER64
    if (gq) {
        if (bytes)
            tex_warp(p, in, active, mode, linear, nch, 1, bytes, out);
        else
            tex_warp(p, in, active, mode, linear, nch, 1, NULL, out);
        return bytes ? 2 : 1;
    }
#endif
    if (bytes)
        tex_warp(p, in, active, mode, linear, nch, 0, bytes, out);
    else
        tex_warp(p, in, active, mode, linear, nch, 0, NULL, out);
    return bytes ? 2 : 1;
}

/* ---- the variants (tex_shapes.h): one address mode on both axes (or the plan's pair), filter, channels ---- */

#define WT__U8_KERNEL(mname, MODE, LINEAR, NCH)                                                                    \
    static int u8_##mname##_##LINEAR##_##NCH(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active,             \
                                             const wt_tex_args *in, wt_tex_result *out)                            \
    {                                                                                                              \
        return u8_warp(ctx, op, active, in, out, MODE, LINEAR, NCH);                                               \
    }
WT__U8_VARIANTS(WT__U8_KERNEL)

typedef struct u8_variant {
    wt__tex_kernel kernel;
    int mode, linear, nch;
    const char *name;
} u8_variant;

#define WT__U8_FILTER_0 "point"
#define WT__U8_FILTER_1 "linear"
#define WT__U8_ROW(mname, MODE, LINEAR, NCH)                                                                       \
    {u8_##mname##_##LINEAR##_##NCH, MODE, LINEAR, NCH,                                                             \
     "tex/tld4 .2d/.a2d " #NCH "x8-bit unsigned, " WT__U8_FILTER_##LINEAR ", " #mname                              \
     " (u8 kernel, " WT__U8_WIDTH " lanes)"},
#define WT__U8_STR2(x) #x
#define WT__U8_STR(x) WT__U8_STR2(x)
#define WT__U8_WIDTH WT__U8_STR(WV_W)
static const u8_variant u8_variants[] = {WT__U8_VARIANTS(WT__U8_ROW)};

/* The variant for t's shape, read from its plan; NULL when t is not one this
 * file takes. */
wt__tex_kernel WT_SIMD_FN(wt__bind_tex2d_u8)(wt__tex *t, const char **name)
{
    const wt__tex_plan *p = &t->plan;
    if (p->dims != 2 || p->cube || t->num_samples || t->fmt.ctype != WT__U8 || p->esize != p->nch ||
        (p->nch != 1 && p->nch != 2 && p->nch != 4) || t->srgb || t->num_levels != 1 ||
        (p->layered && p->layers == 0) || (p->esize < 4 && !p->pair8))
        return NULL;
    if (p->linear && !p->read_norm) /* integers read as element type are not filtered (the generic path) */
        return NULL;
    if (p->n[0] < 1 || p->n[1] < 1 || p->n[0] > (1 << 20) || p->n[1] > (1 << 20) || !p->base ||
        p->row_pitch > (size_t)INT32_MAX / (size_t)p->n[1] / 2 ||
        (p->layered && p->slice_pitch > (size_t)INT32_MAX / 2 / (size_t)p->layers))
        return NULL;
    for (int k = 0; k < 2; k++)
        if (t->samp.address[k] > WT_ADDRESS_BORDER)
            return NULL;
    const int mode = p->mode[0] == p->mode[1] ? p->mode[0] : -1;
    for (size_t i = 0; i < sizeof u8_variants / sizeof u8_variants[0]; i++) {
        const u8_variant *v = &u8_variants[i];
        if (v->mode == mode && v->linear == p->linear && v->nch == p->nch) {
            *name = v->name;
            return v->kernel;
        }
    }
    return NULL;
}
