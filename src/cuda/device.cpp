/* device.cpp -- the CPU as CUDA device 0: properties, synchronisation, streams and events
 * SPDX-License-Identifier: MIT */
#include <chrono>
#include <mutex>
#include <set>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cuda_internal.h"
#include "stack_pool.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

struct wt_cuda_stream_s {
    unsigned flags;
};
struct wt_cuda_event_s {
    unsigned flags;
    bool recorded;
    std::chrono::steady_clock::time_point when;
};

namespace {
std::mutex g_lock;
std::set<const void *> g_live; /* streams and events, by address */

template <class T> bool live(const T *p)
{
    std::lock_guard<std::mutex> g(g_lock);
    return g_live.count(p) != 0;
}
template <class T> cudaError_t make(T **out, unsigned flags)
{
    if (!out)
        return fail(cudaErrorInvalidValue);
    T *p = new (std::nothrow) T();
    if (!p)
        return fail(cudaErrorMemoryAllocation);
    p->flags = flags;
    try {
        std::lock_guard<std::mutex> g(g_lock);
        g_live.insert(p);
    } catch (...) {
        delete p;
        return fail(cudaErrorMemoryAllocation);
    }
    *out = p;
    return cudaSuccess;
}
template <class T> cudaError_t destroy(T *p)
{
    {
        std::lock_guard<std::mutex> g(g_lock);
        if (!p || !g_live.erase(p))
            return fail(cudaErrorInvalidResourceHandle);
    }
    delete p;
    return cudaSuccess;
}
} // namespace

namespace wt_cuda_rt {
bool stream_ok(cudaStream_t s) { return s == nullptr || live(s); }
} // namespace wt_cuda_rt
using wt_cuda_rt::stream_ok;

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

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
    if (cudaError_t e = enter())
        return e;
    if (!p)
        return fail(cudaErrorInvalidValue);
    if (device != 0)
        return fail(cudaErrorInvalidDevice);
    memset(p, 0, sizeof *p);
    const int threads = wt_get_num_threads();
    snprintf(p->name, sizeof p->name, "warptex CPU (%d threads, backend %s)", threads, wt_backend_name());
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    p->totalGlobalMem = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
    p->sharedMemPerBlock = 48 * 1024;        /* the dynamic shared memory a launch may ask for */
    p->sharedMemPerBlockOptin = 48 * 1024;
    p->sharedMemPerMultiprocessor = 48 * 1024;
    p->regsPerBlock = 65536;
    p->warpSize = 32;
    p->memPitch = (size_t)-1 / 2;
    p->maxThreadsPerBlock = 1024;
    p->maxThreadsDim[0] = 1024, p->maxThreadsDim[1] = 1024, p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 2147483647, p->maxGridSize[1] = 65535, p->maxGridSize[2] = 65535;
    p->totalConstMem = p->totalGlobalMem; /* __constant__ is ordinary memory */
    /* texture and surface results follow SEMANTICS.md, measured on sm_86 */
    p->major = 8;
    p->minor = 6;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->surfaceAlignment = 512;
    p->multiProcessorCount = threads; /* one block runs per OS thread at a time */
    p->maxThreadsPerMultiProcessor = 1024;
    p->integrated = 1;
    p->canMapHostMemory = 1;
    p->unifiedAddressing = 1;
    p->managedMemory = 1;
    p->concurrentKernels = 0;
    /* SEMANTICS §12.4 (what wt_malloc_array checks) */
    p->maxTexture1D = 131072, p->maxTexture1DLinear = 1 << 28;
    p->maxTexture2D[0] = 131072, p->maxTexture2D[1] = 65536;
    p->maxTexture2DLinear[0] = 131072, p->maxTexture2DLinear[1] = 65000, p->maxTexture2DLinear[2] = 2097120;
    p->maxTexture2DGather[0] = 32768, p->maxTexture2DGather[1] = 32768;
    p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
    p->maxTextureCubemap = 32768;
    p->maxTexture1DLayered[0] = 32768, p->maxTexture1DLayered[1] = 2048;
    p->maxTexture2DLayered[0] = 32768, p->maxTexture2DLayered[1] = 32768, p->maxTexture2DLayered[2] = 2048;
    p->maxTextureCubemapLayered[0] = 32768, p->maxTextureCubemapLayered[1] = 2046;
    p->maxSurface1D = 32768;
    p->maxSurface2D[0] = 131072, p->maxSurface2D[1] = 65536;
    p->maxSurface3D[0] = p->maxSurface3D[1] = p->maxSurface3D[2] = 16384;
    p->maxSurface1DLayered[0] = 32768, p->maxSurface1DLayered[1] = 2048;
    p->maxSurface2DLayered[0] = 32768, p->maxSurface2DLayered[1] = 32768, p->maxSurface2DLayered[2] = 1048;
    p->maxSurfaceCubemap = 32768;
    p->maxSurfaceCubemapLayered[0] = 32768, p->maxSurfaceCubemapLayered[1] = 2046;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    if (cudaError_t e = enter())
        return e;
    if (!value)
        return fail(cudaErrorInvalidValue);
    if (device != 0)
        return fail(cudaErrorInvalidDevice);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = (int)p.sharedMemPerBlock; break;
    case cudaDevAttrTotalConstantMemory: *value = (int)(p.totalConstMem > 2147483647u ? 2147483647u : p.totalConstMem); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrTextureAlignment: *value = (int)p.textureAlignment; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrIntegrated: *value = p.integrated; break;
    case cudaDevAttrCanMapHostMemory: *value = p.canMapHostMemory; break;
    case cudaDevAttrMaxTexture1DWidth: *value = p.maxTexture1D; break;
    case cudaDevAttrMaxTexture2DWidth: *value = p.maxTexture2D[0]; break;
    case cudaDevAttrMaxTexture2DHeight: *value = p.maxTexture2D[1]; break;
    case cudaDevAttrMaxTexture3DWidth: *value = p.maxTexture3D[0]; break;
    case cudaDevAttrConcurrentKernels: *value = p.concurrentKernels; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrUnifiedAddressing: *value = p.unifiedAddressing; break;
    case cudaDevAttrTexturePitchAlignment: *value = (int)p.texturePitchAlignment; break;
    case cudaDevAttrMaxSurface2DWidth: *value = p.maxSurface2D[0]; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrManagedMemory: *value = p.managedMemory; break;
    default: return fail(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    if (cudaError_t e = enter())
        return e;
    switch (limit) {
    case cudaLimitStackSize:
        return value == wt_cuda_rt::stack_size() ? cudaSuccess : fail(cudaErrorUnsupportedLimit);
    case cudaLimitPrintfFifoSize:
    case cudaLimitMallocHeapSize: return cudaSuccess;
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

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    return ptr && size && flags <= 0x0fu ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    if (cudaError_t e = enter())
        return e;
    return ptr ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!stream_ok(stream) || !live(event))
        return fail(cudaErrorInvalidResourceHandle);
    return flags == 0 ? cudaSuccess : fail(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceSynchronize(void) { return enter(); }
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

cudaError_t cudaStreamCreate(cudaStream_t *pStream) { return cudaStreamCreateWithFlags(pStream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (flags & ~(unsigned)cudaStreamNonBlocking)
        return fail(cudaErrorInvalidValue);
    return make(pStream, flags);
}
cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    return destroy(stream);
}
cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    return stream_ok(stream) ? cudaSuccess : fail(cudaErrorInvalidResourceHandle);
}
cudaError_t cudaStreamQuery(cudaStream_t stream) { return cudaStreamSynchronize(stream); }

cudaError_t cudaEventCreate(cudaEvent_t *event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (flags & ~0x07u)
        return fail(cudaErrorInvalidValue);
    return make(event, flags);
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!live(event) || !stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    event->when = std::chrono::steady_clock::now();
    event->recorded = true;
    return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    if (cudaError_t e = enter())
        return e;
    return live(event) ? cudaSuccess : fail(cudaErrorInvalidResourceHandle);
}
cudaError_t cudaEventQuery(cudaEvent_t event) { return cudaEventSynchronize(event); }
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (cudaError_t e = enter())
        return e;
    if (!ms)
        return fail(cudaErrorInvalidValue);
    if (!live(start) || !live(end) || (start->flags & cudaEventDisableTiming) || (end->flags & cudaEventDisableTiming))
        return fail(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded)
        return fail(cudaErrorNotReady);
    *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
    return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (cudaError_t e = enter())
        return e;
    return destroy(event);
}
}
