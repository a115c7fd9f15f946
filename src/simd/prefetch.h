/* prefetch.h -- the warp kernels' prefetches: the lines of a warp ahead of a compact warp (both kernels), a scattered warp's own lines (the u8 kernels)
 * SPDX-License-Identifier: MIT
 *
 * prefetch_ahead serves tex2d_u8_tpl.h and tex_tpl.h; prefetch_warp_u8 is
 * the u8 kernels' whole choice (tex_tpl.h makes its own, with its own
 * footprints).  Written once against the vector shim (vec8.h or vec16.h,
 * included first).
 * A prefetch reads nothing any result depends on, so these decide only
 * speed; every address they form lies inside the texture's storage
 * (tests/backend/test_prefetch.c checks both that and that a scan-order
 * walk prefetches the lines it reads two warps later).  Measured in
 * docs/design.md#prefetch-ahead. */
#ifndef WT_SIMD_PREFETCH_H
#define WT_SIMD_PREFETCH_H

#include <string.h>

#include "../core/tex_plan.h"
#include "axis.h"

#ifndef WV_W
#error "prefetch.h comes after vec8.h or vec16.h"
#endif

/* Whether the active lanes' coordinates span fewer than
 * WT_SIMD_PREFETCH_SPAN texels on every axis (an image walked in order:
 * W1), so that the warp reads lines its neighbours have just read.  NaN
 * lanes do not widen the span; an infinite or NaN span is not compact. */
WV_INLINE int warp_compact(const wt__tex_plan *p, uint32_t active, const wt_tex_args *in)
{
    const int o = p->layered ? 1 : 0;
    for (int k = 0; k < p->dims; k++) {
        float lo = __builtin_inff(), hi = -__builtin_inff();
        for (int g = 0; g < WT_WARP_SIZE; g += WV_W)
            wv_fminmax(wv_loadf(&in->c[o + k][g]), wv_mask((active >> g) & ((1u << WV_W) - 1u)), &lo, &hi);
        if (!((hi - lo) * p->scale[k] < (float)WT_SIMD_PREFETCH_SPAN))
            return 0;
    }
    return 1;
}

/* The lines a warp WT_SIMD_PREFETCH_AHEAD warps later reads if the walk goes
 * on: each lane's coordinates moved on by the warp's own stride, (c[31] -
 * c[0]) * 32 / 31 an axis, per warp ahead.  The warps of an image resampled
 * in scan order (W1's affine walk) keep reading lines that no warp has read
 * for a few image rows, which the caches nearest the core no longer hold;
 * a texel read that waits on one holds up every instruction after it, where
 * a prefetch holds up nothing.  The addresses are approximate (the
 * coordinate's texel, clamped into the image, and the row below); no result
 * depends on a prefetch, and a walk that does not go on (the end of a row,
 * coordinates not in scan order) costs only the prefetches. */
WV_INLINE void prefetch_ahead(const wt__tex_plan *p, const wt_tex_args *in, int linear)
{
    const int o = p->layered ? 1 : 0, dims = p->dims == 3 ? 3 : 2;
    const wv_m all = wv_mask((1u << WV_W) - 1u);
    wv_f step[3];
    for (int k = 0; k < dims; k++) {
        float first, last;
        memcpy(&first, &in->c[o + k][0], sizeof first);
        memcpy(&last, &in->c[o + k][WT_WARP_SIZE - 1], sizeof last);
        step[k] = wv_fset((last - first) * ((float)WT_WARP_SIZE / (WT_WARP_SIZE - 1) * WT_SIMD_PREFETCH_AHEAD));
    }
    for (int g = 0; g < WT_WARP_SIZE; g += WV_W) {
        wv_i i[3];
        i[2] = wv_zero();
        for (int k = 0; k < dims; k++) {
            wv_f x = wv_fsub(wv_fmul(wv_fadd(wv_loadf(&in->c[o + k][g]), step[k]), wv_fset(p->scale[k])),
                             wv_fset(linear ? 0.5f : 0.0f));
            x = wv_fkeep(wv_ford(x), x); /* NaN reads as 0; then into [0, n - 1] */
            i[k] = wv_trunc_int(wv_fmax(wv_fmin(x, wv_fset((float)(p->n[k] - 1))), wv_fset(0.0f)));
        }
        wv_i off = wv_add(wv_mul(i[0], wv_set(p->esize)), wv_mul(i[1], wv_set((int32_t)p->row_pitch)));
        if (dims == 3)
            off = wv_add(off, wv_mul(i[2], wv_set((int32_t)p->depth_pitch)));
        if (p->layered)
            off = wv_add(off,
                         wv_mul(wv_layer_clamp(&in->c[0][g], (uint32_t)p->layers), wv_set((int32_t)p->slice_pitch)));
        /* the rows below and the slice behind, inside the image; texels of 8
         * or 16 bytes, whose pair crosses a line a quarter or an eighth of
         * the time, their right neighbour too */
        const wv_i down = wv_keep(wv_gt(wv_set(p->n[1] - 1), i[1]), wv_set((int32_t)p->row_pitch));
        const wv_i back =
            dims == 3 ? wv_keep(wv_gt(wv_set(p->n[2] - 1), i[2]), wv_set((int32_t)p->depth_pitch)) : wv_zero();
        const int right = linear && p->esize >= 8;
        const wv_i next = right ? wv_keep(wv_gt(wv_set(p->n[0] - 1), i[0]), wv_set(p->esize)) : wv_zero();
        for (int r = 0; r < (linear ? (dims == 3 ? 4 : 2) : 1); r++) {
            const wv_i row = wv_add(off, wv_add(r & 1 ? down : wv_zero(), r & 2 ? back : wv_zero()));
            wv_prefetch_lanes(p->base, row, all);
            if (right)
                wv_prefetch_lanes(p->base, wv_add(row, next), all);
        }
    }
}

/* Before a warp of a texture larger than the caches is filtered
 * (p->prefetch), a prefetch keeps more of its misses in flight:
 *   - a compact warp (fewer than WT_SIMD_PREFETCH_SPAN texels on both axes:
 *     an image walked in order reads lines its neighbours have just read),
 *     all of whose lanes are active, prefetches the lines of a warp ahead
 *     (prefetch_ahead);
 *   - a scattered warp of linear tex (random reads: one group's reads alone
 *     keep few misses in flight) prefetches the line of each active lane's
 *     footprint rows, all 32 lanes' together.  Point and tld4 warps read
 *     their texels in one stage right after their footprints, so the same
 *     prefetch would only come first.
 * linear: the footprint of linear filtering or tld4 (two rows). */
WV_INLINE void prefetch_warp_u8(const wt__tex_plan *p, uint32_t active, const wt_tex_args *in, int mode, int linear,
                             int scattered_too)
{
    const int o = p->layers ? 1 : 0;
    if (warp_compact(p, active, in)) {
        if (active == 0xffffffffu)
            prefetch_ahead(p, in, linear);
        return;
    }
    if (!scattered_too)
        return;
    for (int g = 0; g < WT_WARP_SIZE; g += WV_W) {
        const uint32_t act = (active >> g) & ((1u << WV_W) - 1u);
        if (!act)
            continue;
        wv_axis X, Y;
        for (int k = 0; k < 2; k++)
            wv_axis_of(wv_loadf(&in->c[o + k][g]), p->n[k], p->scale[k], p->npot[k], mode >= 0 ? mode : p->mode[k],
                       linear, 0, k ? &Y : &X);
        wv_i x = wv_slli(X.i0, p->nch == 4 ? 2 : p->nch - 1);
        if (p->layers)
            x = wv_add(x, wv_mul(wv_layer_clamp(&in->c[0][g], (uint32_t)p->layers), wv_set((int32_t)p->slice_pitch)));
        for (int r = 0; r < 2; r++)
            wv_prefetch_lanes(p->base, wv_add(x, wv_mul(r ? Y.i1 : Y.i0, wv_set((int32_t)p->row_pitch))), wv_mask(act));
    }
}

#endif
