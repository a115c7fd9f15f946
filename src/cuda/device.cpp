/* device.cpp -- the CPU as CUDA device 0: selection, limits, flags, synchronisation (properties:
 * device_props.cpp; streams and events: streams.cpp)
 * SPDX-License-Identifier: MIT */

#include "cuda_internal.h"
#include "device_launch.h"
#include "graphs.h"
#include "stack_pool.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

extern "C" {
cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return fail(cudaErrorInvalidValue);
    *count = 1;
    return enter();
}

cudaError_t cudaSetDevice(int device)
{
    if (cudaError_t e = enter())
        return e;
    return device == 0 ? cudaSuccess : fail(cudaErrorInvalidDevice);
}

cudaError_t cudaGetDevice(int *device)
{
    if (cudaError_t e = enter())
        return e;
    if (!device)
        return fail(cudaErrorInvalidValue);
    *device = 0;
    return cudaSuccess;
}

/* cudaGetDeviceProperties, cudaDeviceGetAttribute: device_props.cpp */

cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int dstDevice)
{
    if (cudaError_t e = enter())
        return e;
    if (!value || attr < cudaDevP2PAttrPerformanceRank || attr > cudaDevP2PAttrCudaArrayAccessSupported)
        return fail(cudaErrorInvalidValue);
    (void)srcDevice, (void)dstDevice; /* device 0 is no pair with itself, and no other exists */
    return fail(cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)
{
    if (cudaError_t e = enter())
        return e;
    if (!canAccessPeer)
        return fail(cudaErrorInvalidValue);
    if (device != 0 || peerDevice != 0)
        return fail(cudaErrorInvalidDevice);
    *canAccessPeer = 0; /* a device is not its own peer */
    return cudaSuccess;
}
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
    (void)peerDevice; /* device 0 is the current device, never a peer; no other exists */
    if (cudaError_t e = enter())
        return e;
    return fail(flags != 0 ? cudaErrorInvalidValue : cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
    (void)peerDevice;
    if (cudaError_t e = enter())
        return e;
    return fail(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    if (cudaError_t e = enter())
        return e;
    switch (limit) {
    case cudaLimitStackSize:
        return value == wt_cuda_rt::stack_size() ? cudaSuccess : fail(cudaErrorUnsupportedLimit);
    case cudaLimitPrintfFifoSize:
    case cudaLimitMallocHeapSize:
    case cudaLimitMaxL2FetchGranularity: return cudaSuccess;
    case cudaLimitDevRuntimeSyncDepth: return wt_cuda_rt::set_sync_depth_limit(value);
    case cudaLimitDevRuntimePendingLaunchCount: return wt_cuda_rt::set_pending_launch_limit(value);
    /* no persisting L2 lines on the CPU (persistingL2CacheMaxSize 0): only 0 fits */
    case cudaLimitPersistingL2CacheSize: return value == 0 ? cudaSuccess : fail(cudaErrorInvalidValue);
    }
    return fail(cudaErrorUnsupportedLimit);
}

cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit)
{
    if (cudaError_t e = enter())
        return e;
    if (!pValue)
        return fail(cudaErrorInvalidValue);
    switch (limit) {
    case cudaLimitStackSize: *pValue = wt_cuda_rt::stack_size(); return cudaSuccess;
    case cudaLimitPrintfFifoSize:
    case cudaLimitMallocHeapSize: *pValue = (size_t)-1; return cudaSuccess;
    case cudaLimitDevRuntimeSyncDepth: *pValue = wt_cuda_rt::sync_depth_limit(); return cudaSuccess;
    case cudaLimitDevRuntimePendingLaunchCount: *pValue = wt_cuda_rt::pending_launch_limit(); return cudaSuccess;
    case cudaLimitPersistingL2CacheSize: *pValue = 0; return cudaSuccess;
    case cudaLimitMaxL2FetchGranularity: *pValue = 64; return cudaSuccess; /* the CPU's cache line */
    }
    return fail(cudaErrorUnsupportedLimit);
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig)
{
    if (cudaError_t e = enter())
        return e;
    return (unsigned)cacheConfig <= (unsigned)cudaFuncCachePreferEqual ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    return flags <= 0x1fu ? cudaSuccess : fail(cudaErrorInvalidValue);
}

/* cudaHostRegister, cudaHostUnregister, cudaHostGetDevicePointer: memory.cpp */

cudaError_t cudaDeviceSynchronize(void)
{
    if (cudaError_t e = enter())
        return e;
    if (wt_cuda_tls.block) /* CUDA 12 took it from device code: a parent cannot wait for its children */
        return wt_cuda_rt::fail_why(cudaErrorNotSupported, "cudaDeviceSynchronize in a kernel (CUDA 12 removed it "
                                                           "from device code; docs/cuda.md#dynamic-parallelism)");
    return wt_cuda_rt::capture_forbids("cudaDeviceSynchronize");
}
cudaError_t cudaDeviceReset(void)
{
    wt_cuda_rt::reset();
    return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int *version)
{
    if (!version)
        return fail(cudaErrorInvalidValue);
    *version = CUDART_VERSION;
    return cudaSuccess;
}
cudaError_t cudaDriverGetVersion(int *version) { return cudaRuntimeGetVersion(version); }

/* streams and events: streams.cpp */
}
