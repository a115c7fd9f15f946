/* lane_fetch.cpp -- tex2D, tex2DLayered and tex3D in a kernel: the texture resolved once a block, its one-lane kernel called directly
 * SPDX-License-Identifier: MIT
 *
 * texture_fetch_functions.h sends these fetches here unless the inline
 * RGBA8 path (lane2d.h) took them.  A block runs inside one read section
 * (launch.cpp, run_blocks), so the object found for a handle stays valid
 * until the block ends: the block remembers the last texture it fetched from
 * (wt_cuda_tls.lane_obj_tex, forgotten when the block ends, as the inline
 * view is) and runs that object's one-lane kernel without the per-lane
 * call's read section, handle lookup and op checks (src/core/lane_object.h).
 * The kernel is the one the per-lane call runs first, so the bits are the
 * same.  Whatever it does not take -- the scalar backend, a shape without a
 * one-lane kernel, a bad handle, a call outside a kernel -- goes to the
 * per-lane call, which answers and reports errors as before.  A texture
 * destroyed while a block runs is read as it was by that block's later
 * fetches, and refused by the blocks that start after (as the inline view). */
#include "../core/lane_object.h"
#include "device_launch_parameters.h"
#include "warptex/nvvm.h"

namespace {
/* t's object with a one-lane kernel, remembered for the running block; NULL outside a kernel or
 * where there is none */
const void *object_of(unsigned long long t)
{
    if (!wt_cuda_tls.block)
        return nullptr;
    if (wt_cuda_tls.lane_obj_tex != t) {
        wt_cuda_tls.lane_obj = wt__tex_lane_object(t);
        wt_cuda_tls.lane_obj_tex = t;
    }
    return wt_cuda_tls.lane_obj;
}

} // namespace

extern "C" int wt_cuda_tex_lane(unsigned long long t, const wt_op *op, const uint32_t c[4], uint32_t d[4])
{
    const void *o = object_of(t);
    return o && wt__tex_lane_object_run(o, op, c, d);
}
