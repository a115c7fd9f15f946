/* stream_callbacks.cpp -- cudaStreamAddCallback and cudaLaunchHostFunc: host work in stream order
 * SPDX-License-Identifier: MIT
 *
 * Streams run in order and synchronously (device.cpp): when the call is made
 * all earlier work of the stream is done, so the host function runs at once,
 * on the calling thread, before the call returns.  A callback gets the
 * stream's status: cudaSuccess, or the sticky error after a failed launch
 * (then it still runs, as CUDA runs callbacks after an error). */
#include "cuda_internal.h"
#include "graphs.h"

using wt_cuda_rt::fail;

extern "C" {
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags)
{
    if (!callback || flags != 0)
        return fail(cudaErrorInvalidValue);
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if (wt_cuda_stream_capturing(stream)) /* CUDA: cudaLaunchHostFunc is the form a graph can hold */
        return wt_cuda_rt::capture_sync_check(stream, "cudaStreamAddCallback");
    const cudaError_t status = wt_cuda_rt::sticky();
    callback(stream, status, userData);
    return status == cudaSuccess ? cudaSuccess : fail(status);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    if (!fn)
        return fail(cudaErrorInvalidValue);
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if (wt_cuda_stream_capturing(stream)) {
        const cudaHostNodeParams p = {fn, userData};
        return wt_cuda_rt::capture_record(stream, [&](cudaGraph_t g, const cudaGraphNode_t *d, size_t n,
                                                      cudaGraphNode_t *out) {
            return cudaGraphAddHostNode(out, g, d, n, &p);
        });
    }
    fn(userData);
    return cudaSuccess;
}
}
