/* function_attributes.cpp -- cudaFuncGetAttributes and cudaFuncSetAttribute for the CPU device
 * SPDX-License-Identifier: MIT
 *
 * Every kernel gets what the device gives any block (cudaGetDeviceProperties): 1024 threads,
 * 48 KiB of dynamic shared memory, no registers or local memory to count (a kernel is a host
 * function), and static __shared__ arrays outside the dynamic budget (each lives in its block's
 * thread, host_defines.h).  What a program sets -- the maximum dynamic shared memory a launch of
 * the kernel may ask for, the carveout hint -- is kept per kernel and read back, as on a GPU. */
#include <atomic>
#include <cstdio>
#include <mutex>
#include <unordered_map>

#include "cuda_internal.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

namespace {
struct set_values {
    int max_dynamic_shared = (int)wt_cuda_rt::max_dynamic_shared;
    int carveout = -1; /* no preference */
};
std::mutex g_lock;
std::unordered_map<const void *, set_values> g_set; /* per kernel; kernels are never unloaded */
std::atomic<bool> g_said_clusters{false};
} // namespace

extern "C" {
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    if (cudaError_t e = enter())
        return e;
    if (!attr)
        return fail(cudaErrorInvalidValue);
    if (!func)
        return fail(cudaErrorInvalidDeviceFunction);
    set_values v;
    {
        std::lock_guard<std::mutex> g(g_lock);
        auto it = g_set.find(func);
        if (it != g_set.end())
            v = it->second;
    }
    *attr = cudaFuncAttributes{};
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    attr->maxThreadsPerBlock = p.maxThreadsPerBlock;
    attr->ptxVersion = attr->binaryVersion = p.major * 10 + p.minor;
    attr->maxDynamicSharedSizeBytes = v.max_dynamic_shared;
    attr->preferredShmemCarveout = v.carveout;
    return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    if (cudaError_t e = enter())
        return e;
    if (!func)
        return fail(cudaErrorInvalidDeviceFunction);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
        if (value < 0 || (size_t)value > p.sharedMemPerBlockOptin)
            return fail(cudaErrorInvalidValue);
        break;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
        if (value < -1 || value > 100)
            return fail(cudaErrorInvalidValue);
        break;
    case cudaFuncAttributeClusterDimMustBeSet:
    case cudaFuncAttributeRequiredClusterWidth:
    case cudaFuncAttributeRequiredClusterHeight:
    case cudaFuncAttributeRequiredClusterDepth:
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
    case cudaFuncAttributeClusterSchedulingPolicyPreference:
        if (!g_said_clusters.exchange(true))
            fprintf(stderr, "warptex: cudaFuncSetAttribute: thread block clusters are not supported on the CPU "
                            "device; the cluster attributes return cudaErrorNotSupported\n");
        return fail(cudaErrorNotSupported);
    default:
        return fail(cudaErrorInvalidValue);
    }
    std::lock_guard<std::mutex> g(g_lock);
    set_values &v = g_set[func];
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize)
        v.max_dynamic_shared = value;
    else
        v.carveout = value;
    return cudaSuccess;
}
}
