/* device_launch.h -- launches made by CUDA threads (dynamic parallelism), kept until their
 * launching grid has finished; private to src/cuda
 * SPDX-License-Identifier: MIT
 *
 * The launcher (launch.cpp) keeps a grid_launches per grid it runs and points t_launches at it on
 * each OS thread while that thread runs the grid's blocks; wt_cuda_device_launch
 * (device_launch.cpp) checks a launch and adds it there.  Once the grid has finished, the
 * launcher runs what take_in_order gives, each launch with its own grid_launches one level deeper.
 * docs/cuda.md#dynamic-parallelism. */
#ifndef WT_CUDA_DEVICE_LAUNCH_H
#define WT_CUDA_DEVICE_LAUNCH_H

#include <mutex>
#include <vector>

#include "cuda_runtime.h"

namespace wt_cuda_rt {
struct device_launch {
    wt_cuda_closure c;
    dim3 grid, block;
    size_t shared;
    bool tail; /* made into cudaStreamTailLaunch */
};

struct grid_launches {
    explicit grid_launches(unsigned d) : depth(d) {}
    grid_launches(const grid_launches &) = delete;
    grid_launches &operator=(const grid_launches &) = delete;
    /* drops what is left (the launches of a grid that failed) */
    ~grid_launches();
    /* the launches in the order they run -- as made, those into cudaStreamTailLaunch after the
     * rest -- leaving none here; each goes to launch_started or launch_dropped */
    std::vector<device_launch> take_in_order();

    const unsigned depth; /* the grid's: 0 for the host's */
    std::mutex lock;
    std::vector<device_launch> made;
};

/* the grid whose blocks this OS thread runs; null outside a kernel */
extern thread_local grid_launches *t_launches;

/* l starts to run / will never run: it no longer counts against
 * cudaLimitDevRuntimePendingLaunchCount; launch_dropped also destroys its closure */
void launch_started(const device_launch &l);
void launch_dropped(device_launch &l);

/* cudaLimitDevRuntimePendingLaunchCount and cudaLimitDevRuntimeSyncDepth (device.cpp) */
size_t pending_launch_limit(void);
cudaError_t set_pending_launch_limit(size_t n);
size_t sync_depth_limit(void);
cudaError_t set_sync_depth_limit(size_t n);
} // namespace wt_cuda_rt

#endif
