/* device.cpp -- the CPU as CUDA device 0: limits, synchronisation, streams and events (properties: device_props.cpp)
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

/* cudaGetDeviceProperties, cudaDeviceGetAttribute: device_props.cpp */

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
