/* lane_object.h -- an object's one-lane kernel for a caller that resolves the handle once, for C and C++ callers alike
 * SPDX-License-Identifier: MIT
 *
 * A per-lane call (wt__tex_lane, src/entry) opens a read section, resolves its
 * handle and checks the op each time: about 80 instructions beside a kernel of
 * 100 to 170.  The CUDA runtime runs every block inside one read section
 * (src/cuda/launch.cpp), so a kernel's fetches can resolve a texture once per
 * block and run its one-lane kernel (lane.h) directly: the same kernel the
 * per-lane call runs first, so the same bits (src/cuda/lane_fetch.cpp). */
#ifndef WT_LANE_OBJECT_H
#define WT_LANE_OBJECT_H

#include <stdint.h>

#include "visibility.h"
#include "warptex/op.h"

#ifdef __cplusplus
extern "C" {
#endif

/* tex's object when it is a live texture object with a one-lane kernel, else
 * NULL.  The caller holds a read section for as long as it uses the result. */
WT_INTERNAL const void *wt__tex_lane_object(uint64_t tex);

/* The one-lane kernel of obj (from wt__tex_lane_object) on a base-level op
 * with .f32 coordinates c (PTX order, bit patterns): 1 with d written, or 0
 * (d untouched) when the live backend is the scalar reference, which runs
 * every call in full, or the kernel does not take the op; the per-lane call
 * then gives the answer. */
WT_INTERNAL int wt__tex_lane_object_run(const void *obj, const wt_op *op, const uint32_t c[4], uint32_t d[4]);

#ifdef __cplusplus
}
#endif

#endif
