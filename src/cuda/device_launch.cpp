/* device_launch.cpp -- launches made by CUDA threads (dynamic parallelism): checked when made, kept
 * until their grid has finished (device_launch.h, docs/cuda.md#dynamic-parallelism)
 * SPDX-License-Identifier: MIT */
#include <algorithm>
#include <atomic>

#include "cuda_internal.h"
#include "device_launch.h"

namespace wt_cuda_rt {
thread_local grid_launches *t_launches = nullptr;

namespace {
std::atomic<size_t> g_pending{0};       /* launches made and not yet started or dropped */
std::atomic<size_t> g_pending_limit{2048}; /* CUDA's default */
std::atomic<size_t> g_sync_depth{2};       /* CUDA's default; kept, nothing waits on a child here */
} // namespace

grid_launches::~grid_launches()
{
    for (device_launch &l : made)
        launch_dropped(l);
}

std::vector<device_launch> grid_launches::take_in_order()
{
    std::vector<device_launch> out;
    {
        std::lock_guard<std::mutex> g(lock);
        out.swap(made);
    }
    std::stable_partition(out.begin(), out.end(), [](const device_launch &l) { return !l.tail; });
    return out;
}

void launch_started(const device_launch &) { g_pending.fetch_sub(1, std::memory_order_relaxed); }

void launch_dropped(device_launch &l)
{
    launch_started(l);
    l.c.destroy(l.c.self);
    l.c.self = nullptr;
}

size_t pending_launch_limit(void) { return g_pending_limit.load(std::memory_order_relaxed); }
cudaError_t set_pending_launch_limit(size_t n)
{
    if (n == 0)
        return fail(cudaErrorInvalidValue);
    g_pending_limit.store(n, std::memory_order_relaxed);
    return cudaSuccess;
}
size_t sync_depth_limit(void) { return g_sync_depth.load(std::memory_order_relaxed); }
cudaError_t set_sync_depth_limit(size_t n)
{
    if (n > WT_CUDA_MAX_LAUNCH_DEPTH)
        return fail(cudaErrorInvalidValue);
    g_sync_depth.store(n, std::memory_order_relaxed);
    return cudaSuccess;
}
} // namespace wt_cuda_rt

extern "C" cudaError_t wt_cuda_device_launch(wt_cuda_closure c, dim3 grid, dim3 block, size_t shared_bytes,
                                             cudaStream_t stream)
{
    using namespace wt_cuda_rt;
    struct closure_owner { /* c until it is kept */
        wt_cuda_closure *c;
        ~closure_owner()
        {
            if (c && c->self)
                c->destroy(c->self);
        }
    } owner{&c};
    if (cudaError_t e = enter())
        return e;
    grid_launches *kids = t_launches;
    if (!kids) /* not in a kernel after all (the header asks wt_cuda_tls) */
        return fail_why(cudaErrorNotSupported, "a launch from device code outside a running kernel");
    if (!c.self)
        return fail(cudaErrorMemoryAllocation);
    if (cudaError_t e = launch_shape_error(grid, block, shared_bytes))
        return fail(e);
    const bool tail = stream == cudaStreamTailLaunch;
    if (!tail && stream != cudaStreamFireAndForget && !stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if (kids->depth >= WT_CUDA_MAX_LAUNCH_DEPTH)
        return fail(cudaErrorLaunchMaxDepthExceeded);
    if (g_pending.fetch_add(1, std::memory_order_relaxed) >= g_pending_limit.load(std::memory_order_relaxed)) {
        g_pending.fetch_sub(1, std::memory_order_relaxed);
        return fail(cudaErrorLaunchPendingCountExceeded);
    }
    try {
        std::lock_guard<std::mutex> g(kids->lock);
        kids->made.push_back(device_launch{c, grid, block, shared_bytes, tail});
    } catch (...) {
        g_pending.fetch_sub(1, std::memory_order_relaxed);
        return fail(cudaErrorMemoryAllocation);
    }
    owner.c = nullptr;
    return cudaSuccess;
}
