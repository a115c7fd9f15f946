/* lane.h -- one lane's tex/tld4 operands, and the one-lane kernel (tex_lane.c) an object binds at creation
 * SPDX-License-Identifier: MIT
 *
 * Below the entry points (src/entry) and the reference (src/scalar), which
 * both take a lane in this form. */
#ifndef WT_LANE_H
#define WT_LANE_H

#include "internal.h"

/* One lane's tex/tld4 operands (the lane slice of wt_tex_args). */
typedef struct wt__tex_lane_in {
    uint32_t c[4];      /* coordinate vector, PTX order, bit patterns */
    uint32_t lod;       /* .level: f32 or s32 bits by ctype */
    float dpdx[3], dpdy[3];
    int32_t off[3];
    float depth;
} wt__tex_lane_in;

/* The one-lane kernel (tex_lane.c): wt__bind_tex_lane binds the variant of
 * t's shape from its plan at creation (t->lane_fn is NULL where its shape is
 * not one it takes) and fills the inline view; wt__tex_lane_kernel runs a
 * validated-or-refused op for one lane and returns 1, or returns 0 without
 * writing d when the op is not one it takes. */
WT_INTERNAL void wt__bind_tex_lane(wt__tex *t);
WT_INTERNAL int wt__tex_lane_kernel(const wt__tex *t, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4]);

#endif
