/* errors.cpp -- cudaGetLastError, cudaGetErrorString/Name, the sticky launch failure
 * SPDX-License-Identifier: MIT */
#include <atomic>
#include <stdarg.h>
#include <stdio.h>

#include "cuda_internal.h"

namespace {
std::atomic<int> g_sticky{cudaSuccess};
thread_local cudaError_t t_last = cudaSuccess;
/* the caller's last error: the host thread's, or in a kernel the CUDA thread's (as CUDA's device
 * runtime keeps one per thread), so that neither sees the other's */
inline cudaError_t &last(void) { return wt_cuda_tls.block ? *wt_cuda_rt::kernel_last_error() : t_last; }
} // namespace

namespace wt_cuda_rt {
cudaError_t sticky(void) { return (cudaError_t)g_sticky.load(std::memory_order_acquire); }

void set_sticky(cudaError_t e, const char *why)
{
    int expected = cudaSuccess;
    if (g_sticky.compare_exchange_strong(expected, e, std::memory_order_acq_rel))
        fprintf(stderr, "warptex: kernel launch failed (%s): %s\n", cudaGetErrorName(e), why);
}

cudaError_t fail(cudaError_t e)
{
    if (e != cudaSuccess)
        last() = e;
    return e;
}

cudaError_t fail_why(cudaError_t e, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "warptex: %s (%s)\n", msg, cudaGetErrorName(e));
    return fail(e);
}

cudaError_t enter(void)
{
    const cudaError_t s = sticky();
    return s == cudaSuccess ? s : fail(s);
}

cudaError_t from_status(wt_status s)
{
    switch (s) {
    case WT_SUCCESS: return cudaSuccess;
    case WT_ERROR_INVALID_VALUE: return cudaErrorInvalidValue;
    case WT_ERROR_OUT_OF_MEMORY: return cudaErrorMemoryAllocation;
    case WT_ERROR_INVALID_HANDLE: return cudaErrorInvalidResourceHandle;
    case WT_ERROR_INVALID_CHANNEL_DESCRIPTOR: return cudaErrorInvalidChannelDescriptor;
    case WT_ERROR_INVALID_FILTER_SETTING: return cudaErrorInvalidFilterSetting;
    case WT_ERROR_INVALID_NORMALIZED_SETTING: return cudaErrorInvalidNormSetting;
    case WT_ERROR_INVALID_RESOURCE_TYPE: return cudaErrorInvalidResourceType;
    case WT_ERROR_INVALID_TEXTURE: return cudaErrorInvalidTexture;
    case WT_ERROR_INVALID_SURFACE: return cudaErrorInvalidSurface;
    case WT_ERROR_UNSUPPORTED: return cudaErrorNotSupported;
    case WT_ERROR_TRAP: return cudaErrorLaunchFailure;
    default: return cudaErrorUnknown;
    }
}

void reset(void)
{
    g_sticky.store(cudaSuccess, std::memory_order_release);
    t_last = cudaSuccess;
}
} // namespace wt_cuda_rt

extern "C" {
cudaError_t wt_cuda_record_error(cudaError_t e)
{
    const cudaError_t s = wt_cuda_rt::sticky();
    return wt_cuda_rt::fail(s != cudaSuccess ? s : e);
}

cudaError_t cudaGetLastError(void)
{
    const cudaError_t s = wt_cuda_rt::sticky();
    cudaError_t &l = last();
    const cudaError_t e = s != cudaSuccess ? s : l;
    l = cudaSuccess;
    return e;
}

cudaError_t cudaPeekAtLastError(void)
{
    const cudaError_t s = wt_cuda_rt::sticky();
    return s != cudaSuccess ? s : last();
}

const char *cudaGetErrorName(cudaError_t error)
{
    switch (error) {
#define WT__NAME(name, value, msg) case name: return #name;
        WT_CUDA_ERROR_LIST(WT__NAME)
#undef WT__NAME
    }
    return "unrecognized error code";
}

const char *cudaGetErrorString(cudaError_t error)
{
    switch (error) {
#define WT__MSG(name, value, msg) case name: return msg;
        WT_CUDA_ERROR_LIST(WT__MSG)
#undef WT__MSG
    }
    return "unrecognized error code";
}
}
