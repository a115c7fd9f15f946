/* entry.h -- per-lane entry points behind the NVVM-named wrappers */
#ifndef WT_ENTRY_H
#define WT_ENTRY_H

#include "internal.h"

/* One lane's tex/tld4 operands (the lane slice of wt_tex_args). */
typedef struct wt__tex_lane_in {
    uint32_t c[4];      /* coordinate vector, PTX order, bit patterns */
    uint32_t lod;       /* .level: f32 or s32 bits by ctype */
    float dpdx[3], dpdy[3];
    int32_t off[3];
    float depth;
} wt__tex_lane_in;

/* tex / tld4 for one lane: validates the op against the object, runs the
 * active backend for that lane, writes the four destination registers.  On a
 * bad handle or op, d is zeroed and the thread's last error is set. */
WT_INTERNAL void wt__tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp,
                              const wt__tex_lane_in *in, uint32_t d[4]);

/* The one-lane kernel (tex_lane.c): wt__bind_tex_lane makes t's plan at
 * creation (t->lane.fn is NULL where its shape is not one it takes);
 * wt__tex_lane_kernel runs a validated-or-refused op for one lane and returns 1,
 * or returns 0 without writing d when the op is not one it takes. */
WT_INTERNAL void wt__bind_tex_lane(wt__tex *t);
WT_INTERNAL int wt__tex_lane_kernel(const wt__lane_plan *p, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4]);

/* suld / sust / sured for one lane.  c as wt_surf_args (PTX order), v the
 * source elements, d the loaded elements (zero-extended).  A trap or bad
 * handle sets the thread's last error and zeroes d. */
WT_INTERNAL void wt__surf_lane(const wt_op *op, wt_surf surf, const int32_t c[4],
                               const uint64_t v[4], uint64_t d[4]);

/* txq / suq / istypep for one lane: the value, or 0 with the last error set. */
WT_INTERNAL int32_t wt__query_lane(const wt_op *op, uint64_t handle, int32_t lod);

#endif
