/* surf_avx2.h -- the AVX2 backend's surface warp path (surf_avx2.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_SURF_AVX2_H
#define WT_SURF_AVX2_H

#include "../core/dispatch.h"

/* suld/sust/sured for the active lanes of one warp; the trap mask. */
WT_INTERNAL uint32_t wt__surf_warp_avx2(const wt__surf *s, const wt_op *op, uint32_t active, const wt_surf_args *in,
                                        wt_surf_result *out);

#endif
