/* memory.cpp -- cudaMalloc/Free/Memcpy/Memset and friends over host memory
 * SPDX-License-Identifier: MIT
 *
 * Allocations are remembered (by address, never read) so that cudaFree of a
 * pointer that is not a live allocation is cudaErrorInvalidValue, not heap
 * corruption. */
#include <mutex>
#include <stdlib.h>
#include <string.h>
#include <unordered_map>

#include "cuda_internal.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

namespace {
enum alloc_kind { ALLOC_DEVICE, ALLOC_HOST };
std::mutex g_lock;
std::unordered_map<void *, alloc_kind> g_allocs;

cudaError_t alloc(void **out, size_t size, alloc_kind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!out)
        return fail(cudaErrorInvalidValue);
    *out = nullptr;
    if (size == 0)
        return cudaSuccess; /* CUDA: a zero-size allocation gives NULL and succeeds */
    const size_t rounded = (size + 255) & ~(size_t)255;
    if (rounded < size)
        return fail(cudaErrorMemoryAllocation);
    void *p = aligned_alloc(256, rounded);
    if (!p)
        return fail(cudaErrorMemoryAllocation);
    try {
        std::lock_guard<std::mutex> g(g_lock);
        g_allocs.emplace(p, kind);
    } catch (...) {
        free(p);
        return fail(cudaErrorMemoryAllocation);
    }
    *out = p;
    return cudaSuccess;
}

cudaError_t release(void *p, alloc_kind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!p)
        return cudaSuccess;
    {
        std::lock_guard<std::mutex> g(g_lock);
        auto it = g_allocs.find(p);
        if (it == g_allocs.end() || it->second != kind)
            return fail(cudaErrorInvalidValue);
        g_allocs.erase(it);
    }
    free(p);
    return cudaSuccess;
}

bool kind_ok(cudaMemcpyKind k) { return (unsigned)k <= (unsigned)cudaMemcpyDefault; }
} // namespace

extern "C" {
cudaError_t cudaMalloc(void **devPtr, size_t size) { return alloc(devPtr, size, ALLOC_DEVICE); }
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    return alloc(devPtr, size, ALLOC_DEVICE);
}
cudaError_t cudaMallocHost(void **ptr, size_t size) { return alloc(ptr, size, ALLOC_HOST); }
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags)
{
    if (flags & ~0x0fu)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    return alloc(ptr, size, ALLOC_HOST);
}
cudaError_t cudaFree(void *devPtr) { return release(devPtr, ALLOC_DEVICE); }
cudaError_t cudaFreeHost(void *ptr) { return release(ptr, ALLOC_HOST); }

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    if (cudaError_t e = enter())
        return e;
    if (!devPtr || !pitch)
        return fail(cudaErrorInvalidValue);
    const size_t p = (width + 511) & ~(size_t)511;
    if (p < width || (height && p > (size_t)-1 / height))
        return fail(cudaErrorMemoryAllocation);
    cudaError_t e = alloc(devPtr, p * height, ALLOC_DEVICE);
    if (e == cudaSuccess)
        *pitch = p;
    return e;
}

cudaError_t cudaMemGetInfo(size_t *freeb, size_t *total)
{
    if (cudaError_t e = enter())
        return e;
    if (!freeb || !total)
        return fail(cudaErrorInvalidValue);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    *total = prop.totalGlobalMem;
    *freeb = prop.totalGlobalMem; /* what the OS would give is not knowable; all of it */
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    if (count == 0)
        return cudaSuccess;
    if (!dst || !src)
        return fail(cudaErrorInvalidValue);
    memmove(dst, src, count);
    return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t)
{
    return cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (!dst || !src)
        return fail(cudaErrorInvalidValue);
    if (width > dpitch || width > spitch)
        return fail(cudaErrorInvalidPitchValue);
    for (size_t y = 0; y < height; y++)
        memmove((char *)dst + y * dpitch, (const char *)src + y * spitch, width);
    return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    if (cudaError_t e = enter())
        return e;
    if (count == 0)
        return cudaSuccess;
    if (!devPtr)
        return fail(cudaErrorInvalidValue);
    memset(devPtr, value, count);
    return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t) { return cudaMemset(devPtr, value, count); }

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    if (cudaError_t e = enter())
        return e;
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (!devPtr)
        return fail(cudaErrorInvalidValue);
    if (width > pitch)
        return fail(cudaErrorInvalidPitchValue);
    for (size_t y = 0; y < height; y++)
        memset((char *)devPtr + y * pitch, value, width);
    return cudaSuccess;
}
}
