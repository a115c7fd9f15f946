/* entry.h -- per-lane entry points behind the NVVM-named wrappers (tex_entry.c, surf_entry.c, query.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_ENTRY_H
#define WT_ENTRY_H

#include "../core/dispatch.h" /* wt__tex_bytes */
#include "../core/lane.h"

/* tex / tld4 for one lane: validates the op against the object, runs the
 * active backend for that lane, writes the four destination registers and
 * returns the residency predicate ([semantics#sparse-residency]; 1 on a
 * dense object).  On a bad handle or op, d is zeroed, the thread's last
 * error is set and 0 is returned. */
WT_INTERNAL int wt__tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp,
                              const wt__tex_lane_in *in, uint32_t d[4]);

/* wt_tex_warp for the batches' byte formats: the same call (its checks, its
 * messages, as wt_tex_warp), except that the results go to bytes->dst as
 * bytes (*stored = 1) where the object's kernel for the active backend
 * writes them from its registers, else to out as wt_tex_warp writes them
 * (*stored = 0: the caller converts; always so on an error, where out's
 * active lanes are 0). */
WT_INTERNAL wt_status wt__tex_warp_bytes(const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active,
                                         const wt_tex_args *in, wt_tex_result *out, const wt__tex_bytes *bytes,
                                         int *stored);

/* suld / sust / sured for one lane.  c as wt_surf_args (PTX order), v the
 * source elements, d the loaded elements (zero-extended).  A trap or bad
 * handle sets the thread's last error and zeroes d. */
WT_INTERNAL void wt__surf_lane(const wt_op *op, wt_surf surf, const int32_t c[4],
                               const uint64_t v[4], uint64_t d[4]);

/* txq / suq / istypep for one lane: the value, or 0 with the last error set. */
WT_INTERNAL int32_t wt__query_lane(const wt_op *op, uint64_t handle, int32_t lod);

#endif
