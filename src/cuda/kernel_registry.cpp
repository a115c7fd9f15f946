/* kernel_registry.cpp -- a kernel's void * to its typed launch (docs/cuda.md#kernel-registry)
 * SPDX-License-Identifier: MIT
 *
 * A kernel is a host function here, and a launch copies its arguments by their types; a void *
 * (cudaLaunchKernel's, a graph's cudaKernelNodeParams::func) has lost them.  warptex-cxx makes
 * each kernel it defines register an entry (cuda_runtime.h: kernel_thunk) that was compiled from
 * the kernel's type, so the runtime can copy the arguments a void ** points at. */
#include <map>
#include <mutex>
#include <shared_mutex>

#include "cuda_internal.h"

namespace {
/* Made on first use: the program's registrations run while static objects are constructed, maybe
 * before this file's would be. */
struct registry {
    std::shared_mutex lock;
    std::map<const void *, const wt_cuda_kernel_info *> kernels;
};
registry &the_registry()
{
    static registry r;
    return r;
}
} // namespace

extern "C" {
void wt_cuda_register_kernel(const void *kernel, const wt_cuda_kernel_info *info)
{
    if (!kernel || !info)
        return;
    registry &r = the_registry();
    {
        std::shared_lock<std::shared_mutex> g(r.lock); /* launches by type register again: mostly a look-up */
        if (r.kernels.count(kernel))
            return;
    }
    try {
        std::unique_lock<std::shared_mutex> g(r.lock);
        r.kernels.emplace(kernel, info);
    } catch (...) {
        /* out of memory: the kernel stays unregistered, and a launch through its void * says so */
    }
}

const wt_cuda_kernel_info *wt_cuda_find_kernel(const void *kernel)
{
    registry &r = the_registry();
    std::shared_lock<std::shared_mutex> g(r.lock);
    auto it = r.kernels.find(kernel);
    return it == r.kernels.end() ? nullptr : it->second;
}

cudaError_t wt_cuda_launch_registered(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                                      cudaStream_t stream)
{
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    const wt_cuda_kernel_info *k = wt_cuda_find_kernel(func);
    if (!k)
        return wt_cuda_rt::fail_why(cudaErrorInvalidDeviceFunction,
                                    "cudaLaunchKernel: %p is not a registered kernel (warptex-cxx registers the "
                                    "kernels a program defines, and a template kernel's instantiation once it is "
                                    "launched by its type or <<< >>>)",
                                    func);
    if (k->params && !args)
        return wt_cuda_rt::fail(cudaErrorInvalidValue);
    wt_cuda_closure c = k->make(func, args);
    if (!c.self)
        return wt_cuda_rt::fail(cudaErrorMemoryAllocation);
    if (wt_cuda_tls.block) /* from a kernel: it runs after the launching grid */
        return wt_cuda_device_launch(c, grid, block, shared, stream);
    if (wt_cuda_stream_capturing(stream))
        return wt_cuda_capture_launch(c, grid, block, shared, stream);
    const cudaError_t e = wt_cuda_launch_threads(c.run, c.self, grid, block, shared, stream);
    c.destroy(c.self);
    return e;
}
}
