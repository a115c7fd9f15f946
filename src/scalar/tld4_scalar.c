/* tld4_scalar.c -- one lane of tld4: the four texels of the bilinear footprint, one component each ([semantics#tld4])
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "sample_scalar.h"

static float f32(uint32_t bits)
{
    float v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

void wt__tld4_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4])
{
    const wt__tex *t = ctx->t;
    /* [semantics#decision-tld4-mipmaps]: the base level, i.e. the view's first level. */
    const wt__level *lv = &t->lv[0];
    uint32_t layer = 0;
    int32_t idx[4][2];
    int face = 0;
    int cube = op->geom == WT_GEOM_CUBE || op->geom == WT_GEOM_ACUBE;
    if (op->geom == WT_GEOM_A2D || op->geom == WT_GEOM_ACUBE)
        layer = in->c[0];
    if (t->layered && t->num_layers)
        layer = layer >= t->num_layers ? t->num_layers - 1u : layer; /* [semantics#layers], [semantics#cube-arrays]: the last layer/cube */
    else
        layer = 0;

    if (cube) {
        int o = op->geom == WT_GEOM_ACUBE;
        float dir[3] = {f32(in->c[o]), f32(in->c[o + 1]), f32(in->c[o + 2])};
        face = wt__cube_gather(ctx, lv->w, dir, idx);
    } else {
        int o = op->geom == WT_GEOM_A2D;
        float c[2] = {f32(in->c[o]), f32(in->c[o + 1])};
        int norm = wt__coords_normalized(ctx);
        int32_t n[2] = {lv->w, lv->h};
        wt__axis ax[2];
        for (int k = 0; k < 2; k++) {
            int mode = wt__addr_mode(ctx, k); /* [semantics#unnormalized-coords]: demoted without normalized_coords */
            /* [semantics#offsets]: tld4 offsets are 6-bit fields (−32..31). */
            int32_t off = (op->flags & WT_OP_OFFSET) ? wt__offset_field((uint32_t)in->off[k], 6) : 0;
            int64_t fx;
            if (wt__coord_fx(c[k], n[k], norm, off, mode, &fx)) {
                /* [semantics#decision-nonfinite-wrap]: a non-finite coordinate under wrap/mirror gathers
                 * texels 0 and 1 on that axis. */
                ax[k].i0 = wt__addr_index(0, n[k], mode);
                ax[k].i1 = wt__addr_index(1, n[k], mode);
                continue;
            }
            /* [semantics#tld4]: the footprint of the linear filter, including its 8-bit
             * rounding with carry (x = 2.49805 gathers texels 2 and 3), the
             * address mode on each index, no coordinate pre-clamp. */
            wt__axis_gather(fx, n[k], mode, &ax[k]);
        }
        /* [semantics#tld4] order: d = {T(i, j+1), T(i+1, j+1), T(i+1, j), T(i, j)}. */
        int32_t xs[4] = {ax[0].i0, ax[0].i1, ax[0].i1, ax[0].i0};
        int32_t ys[4] = {ax[1].i1, ax[1].i1, ax[1].i0, ax[1].i0};
        for (int k = 0; k < 4; k++) {
            idx[k][0] = xs[k];
            idx[k][1] = ys[k];
        }
    }
    uint32_t slice = cube ? 6u * layer + (uint32_t)face : layer; /* [semantics#cube-arrays] */
    /* [semantics#tld4]: component op->comp of each texel (the border texel where an index
     * is outside under border addressing), valued by the gather rules; the
     * depth-compare operand has no effect ([semantics#depth-compare-residency]). */
    for (int k = 0; k < 4; k++) {
        uint32_t raw[4];
        wt__texel_raw(ctx, lv, slice, idx[k][0], idx[k][1], 0, raw);
        d[k] = wt__gather_value(ctx, op, raw[op->comp & 3]);
    }
}
