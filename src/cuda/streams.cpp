/* streams.cpp -- streams and events of the CPU device: handles, priorities, attributes, timing
 * SPDX-License-Identifier: MIT
 *
 * Work submitted to a stream runs when it is submitted (docs/cuda.md, "Streams"), so a stream is a
 * handle with what CUDA lets a program set and read back: its flags, its priority and its
 * attributes; an event is the time it was recorded at. */
#include <chrono>
#include <mutex>
#include <set>
#include <string.h>

#include "cuda_internal.h"
#include "graphs.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

struct wt_cuda_stream_s {
    unsigned flags;
    /* what cudaStreamSetAttribute kept (under g_lock) */
    cudaAccessPolicyWindow window;
    cudaSynchronizationPolicy sync_policy = cudaSyncPolicyAuto;
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

namespace {
wt_cuda_stream_s g_null_stream; /* the attributes of stream 0 */

/* The record of a live stream, or of stream 0; nullptr for a bad handle (g_lock held). */
wt_cuda_stream_s *record_of(cudaStream_t s)
{
    if (!s)
        return &g_null_stream;
    return g_live.count(s) ? s : nullptr;
}
} // namespace

extern "C" {
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!stream_ok(stream) || !live(event))
        return fail(cudaErrorInvalidResourceHandle);
    if (flags != 0)
        return fail(cudaErrorInvalidValue);
    bool captured = false; /* an event recorded in a capture: a fork or a join (docs/cuda.md#stream-capture) */
    return wt_cuda_rt::capture_wait_event(stream, event, &captured);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) { return cudaStreamCreateWithFlags(pStream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (flags & ~(unsigned)cudaStreamNonBlocking)
        return fail(cudaErrorInvalidValue);
    return make(pStream, flags);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    if (cudaError_t e = enter())
        return e;
    if (leastPriority)
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = 0;
    return cudaSuccess;
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    (void)priority; /* clamped to the range [0, 0] */
    return cudaStreamCreateWithFlags(pStream, flags);
}
cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority)
{
    if (cudaError_t e = enter())
        return e;
    if (!priority)
        return fail(cudaErrorInvalidValue);
    if (!stream_ok(hStream))
        return fail(cudaErrorInvalidResourceHandle);
    *priority = 0;
    return cudaSuccess;
}
cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!flags)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(g_lock);
    const wt_cuda_stream_s *s = record_of(hStream);
    if (!s)
        return fail(cudaErrorInvalidResourceHandle);
    *flags = hStream ? s->flags : cudaStreamDefault;
    return cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, const cudaStreamAttrValue *value)
{
    if (cudaError_t e = enter())
        return e;
    if (!value)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(g_lock);
    wt_cuda_stream_s *s = record_of(hStream);
    if (!s)
        return fail(cudaErrorInvalidResourceHandle);
    switch (attr) {
    case cudaStreamAttributeAccessPolicyWindow: {
        /* CUDA's rules for a window: a hit ratio in [0, 1], properties it knows, a miss that
         * does not persist.  The enumerations are read as the ints they are stored in: a value
         * outside an enumeration is the caller's mistake to report, not to load as the enum */
        const cudaAccessPolicyWindow &w = value->accessPolicyWindow;
        int hit, miss;
        memcpy(&hit, &w.hitProp, sizeof hit);
        memcpy(&miss, &w.missProp, sizeof miss);
        if (!(w.hitRatio >= 0.0f && w.hitRatio <= 1.0f) || hit < cudaAccessPropertyNormal ||
            hit > cudaAccessPropertyPersisting || miss < cudaAccessPropertyNormal || miss >= cudaAccessPropertyPersisting)
            return fail(cudaErrorInvalidValue);
        s->window = w;
        return cudaSuccess;
    }
    case cudaStreamAttributeSynchronizationPolicy: {
        int policy;
        memcpy(&policy, &value->syncPolicy, sizeof policy);
        if (policy < cudaSyncPolicyAuto || policy > cudaSyncPolicyBlockingSync)
            return fail(cudaErrorInvalidValue);
        s->sync_policy = value->syncPolicy;
        return cudaSuccess;
    }
    case cudaStreamAttributePriority: return cudaSuccess; /* clamped to the range [0, 0] */
    default: return fail(cudaErrorInvalidValue);
    }
}
cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, cudaStreamAttrValue *value_out)
{
    if (cudaError_t e = enter())
        return e;
    if (!value_out)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(g_lock);
    const wt_cuda_stream_s *s = record_of(hStream);
    if (!s)
        return fail(cudaErrorInvalidResourceHandle);
    switch (attr) {
    case cudaStreamAttributeAccessPolicyWindow: value_out->accessPolicyWindow = s->window; return cudaSuccess;
    case cudaStreamAttributeSynchronizationPolicy: value_out->syncPolicy = s->sync_policy; return cudaSuccess;
    case cudaStreamAttributePriority: value_out->priority = 0; return cudaSuccess;
    default: return fail(cudaErrorInvalidValue);
    }
}
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::mutex> g(g_lock);
    wt_cuda_stream_s *d = record_of(dst);
    const wt_cuda_stream_s *s = record_of(src);
    if (!d || !s)
        return fail(cudaErrorInvalidResourceHandle);
    d->window = s->window;
    d->sync_policy = s->sync_policy;
    return cudaSuccess;
}
cudaError_t cudaCtxResetPersistingL2Cache(void) { return enter(); }

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (stream && live(stream))
        wt_cuda_rt::capture_forget_stream(stream);
    return destroy(stream);
}
cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    return wt_cuda_rt::capture_sync_check(stream, "cudaStreamSynchronize");
}
cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    return wt_cuda_rt::capture_sync_check(stream, "cudaStreamQuery");
}

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
    if (wt_cuda_stream_capturing(stream))
        return wt_cuda_rt::capture_event_record(event, stream);
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
