/* backend_scalar.c -- the reference as a backend: every lane through the scalar code
 * SPDX-License-Identifier: MIT */
#include "scalar.h"

static int always(void) { return 1; }

uint32_t wt__tex_warp_reference_pred(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active,
                                     const wt_tex_args *in, wt_tex_result *out)
{
    uint32_t pred = 0;
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        if (!(active >> l & 1))
            continue;
        wt__tex_lane_in li;
        for (int k = 0; k < 4; k++)
            li.c[k] = in->c[k][l];
        li.lod = in->lod[l];
        for (int k = 0; k < 3; k++) {
            li.dpdx[k] = in->dpdx[k][l];
            li.dpdy[k] = in->dpdy[k][l];
            li.off[k] = in->offset[k][l];
        }
        li.depth = in->depth[l];
        uint32_t d[4];
        if (wt__tex_sample_scalar(ctx, op, &li, d))
            pred |= 1u << l;
        for (int k = 0; k < 4; k++)
            out->d[k][l] = d[k];
    }
    return pred;
}

void wt__tex_warp_reference(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                            wt_tex_result *out)
{
    (void)wt__tex_warp_reference_pred(ctx, op, active, in, out);
}

/* Lanes run in lane order, so sured lanes hitting one element all apply in
 * lane order ([semantics#decision-sured]); each access is itself atomic. */
uint32_t wt__surf_warp_reference(const wt__surf *s, const wt_op *op, uint32_t active, const wt_surf_args *in,
                                 wt_surf_result *out)
{
    uint32_t trap = 0;
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        if (!(active >> l & 1))
            continue;
        int32_t c[4];
        uint64_t v[4], d[4];
        for (int k = 0; k < 4; k++) {
            c[k] = in->c[k][l];
            v[k] = in->v[k][l];
        }
        if (wt__surf_access_scalar(s, op, c, v, d))
            trap |= 1u << l;
        for (int k = 0; k < 4; k++)
            out->d[k][l] = d[k];
    }
    return trap;
}

const wt__backend wt__backend_scalar = {
    .name = "scalar",
    .id = WT__BACKEND_SCALAR,
    .usable = always,
    .bind_tex = NULL,
    .generic = "the reference, one lane at a time",
    .tex_warp = wt__tex_warp_reference,
    .surf_warp = wt__surf_warp_reference,
};
