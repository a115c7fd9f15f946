/* memory_hints.cpp -- cudaMemPrefetchAsync, cudaMemAdvise and cudaStreamAttachMemAsync on the CPU device
 * SPDX-License-Identifier: MIT
 *
 * Managed memory is the host's memory here (docs/cuda.md#runtime-rules), so there is nothing to
 * migrate, to pin to a processor or to attach to a stream: each call checks its arguments as
 * CUDA's does and succeeds, so that a program written for a GPU runs unchanged and a wrong
 * argument is still an error. */
#include "cuda_internal.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

namespace {
/* a location a hint may name: device 0, or the host (any NUMA node) */
bool location_ok(cudaMemLocation l)
{
    switch (l.type) {
    case cudaMemLocationTypeDevice: return l.id == 0;
    case cudaMemLocationTypeHost:
    case cudaMemLocationTypeHostNuma:
    case cudaMemLocationTypeHostNumaCurrent: return true;
    default: return false;
    }
}
} // namespace

extern "C" {
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if (flags != 0 || count == 0 || !location_ok(location) || !wt_cuda_rt::device_accessible(devPtr, count))
        return fail(location.type == cudaMemLocationTypeDevice && location.id != 0 ? cudaErrorInvalidDevice
                                                                                   : cudaErrorInvalidValue);
    return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location)
{
    if (cudaError_t e = enter())
        return e;
    if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy || count == 0 ||
        !wt_cuda_rt::device_accessible(devPtr, count))
        return fail(cudaErrorInvalidValue);
    /* read-mostly takes no location; the others name device 0 or the host */
    if (advice != cudaMemAdviseSetReadMostly && advice != cudaMemAdviseUnsetReadMostly && !location_ok(location))
        return fail(location.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    return cudaSuccess;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if ((flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle) ||
        !wt_cuda_rt::device_accessible(devPtr, length ? length : 1))
        return fail(cudaErrorInvalidValue);
    return cudaSuccess;
}
}
