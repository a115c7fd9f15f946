// stream_ordered_allocation.cu -- cudaMallocAsync / cudaFreeAsync and memory pools: blocks that are
// device allocations (bounds-checked, usable by kernels and copies), pools that count them, their
// attributes, the current pool, a pool destroyed with blocks outstanding, and the errors.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "include/expect.h"

__global__ void iota(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = i * 3;
}

static uint64_t attr(cudaMemPool_t p, cudaMemPoolAttr a)
{
    uint64_t v = ~0ull;
    EXPECT(cudaMemPoolGetAttribute(p, a, &v) == cudaSuccess);
    return v;
}

int main()
{
    int supported = 0;
    EXPECT(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0) == cudaSuccess && supported == 1);
    cudaStream_t s;
    EXPECT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
    cudaMemPool_t def = nullptr, cur = nullptr;
    EXPECT(cudaDeviceGetDefaultMemPool(&def, 0) == cudaSuccess && def);
    EXPECT(cudaDeviceGetMemPool(&cur, 0) == cudaSuccess && cur == def);
    uint64_t threshold = UINT64_MAX;
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &threshold) == cudaSuccess);
    EXPECT(attr(def, cudaMemPoolAttrReleaseThreshold) == UINT64_MAX);
    const uint64_t used0 = attr(def, cudaMemPoolAttrUsedMemCurrent);

    // a block from the default pool: a kernel writes it, a copy reads it, the pool counts it
    const int n = 1000;
    int *d = nullptr;
    EXPECT(cudaMallocAsync(&d, n * sizeof(int), s) == cudaSuccess && d);
    EXPECT(attr(def, cudaMemPoolAttrUsedMemCurrent) == used0 + n * sizeof(int));
    EXPECT(attr(def, cudaMemPoolAttrReservedMemCurrent) == used0 + n * sizeof(int));
    iota<<<(n + 255) / 256, 256, 0, s>>>(d, n);
    static int h[n];
    EXPECT(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s) == cudaSuccess);
    EXPECT(cudaStreamSynchronize(s) == cudaSuccess && h[0] == 0 && h[n - 1] == 3 * (n - 1));
    // it is a device allocation: a copy past its end is refused
    EXPECT(cudaMemcpy(h, d + 1, sizeof h, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
    EXPECT(cudaFreeAsync(d, s) == cudaSuccess);
    EXPECT(attr(def, cudaMemPoolAttrUsedMemCurrent) == used0);
    EXPECT(attr(def, cudaMemPoolAttrUsedMemHigh) >= used0 + n * sizeof(int));
    uint64_t zero = 0;
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero) == cudaSuccess);
    EXPECT(attr(def, cudaMemPoolAttrUsedMemHigh) == used0);
    uint64_t one = 1;
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &one) == cudaErrorInvalidValue);
    EXPECT(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &zero) == cudaErrorInvalidValue);
    EXPECT(cudaMemPoolTrimTo(def, 0) == cudaSuccess);

    // an explicit pool, made current, and blocks from it
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t pool = nullptr;
    EXPECT(cudaMemPoolCreate(&pool, &props) == cudaSuccess && pool && pool != def);
    int reuse = 0;
    EXPECT(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse) == cudaSuccess);
    reuse = 7;
    EXPECT(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse) == cudaSuccess && reuse == 0);
    EXPECT(cudaDeviceSetMemPool(0, pool) == cudaSuccess);
    float *a = nullptr, *b = nullptr;
    EXPECT(cudaMallocAsync(&a, 4096, s) == cudaSuccess);             // from the current pool
    EXPECT(cudaMallocAsync(&b, 100, pool, s) == cudaSuccess);        // the template form naming the pool
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 4196);
    EXPECT(cudaFree(b) == cudaSuccess);                              // cudaFree frees a pool block too
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 4096);
    // destroyed with a block out: the block stays usable, the current pool is the default again
    EXPECT(cudaMemPoolDestroy(pool) == cudaSuccess);
    EXPECT(cudaDeviceGetMemPool(&cur, 0) == cudaSuccess && cur == def);
    EXPECT(cudaMemsetAsync(a, 0, 4096, s) == cudaSuccess);
    EXPECT(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &zero) == cudaErrorInvalidValue);
    EXPECT(cudaFreeAsync(a, s) == cudaSuccess);

    // errors
    void *p = nullptr;
    EXPECT(cudaMallocAsync(nullptr, 16, s) == cudaErrorInvalidValue);
    EXPECT(cudaMallocFromPoolAsync(&p, 16, nullptr, s) == cudaErrorInvalidValue);
    EXPECT(cudaMallocFromPoolAsync(&p, 16, pool, s) == cudaErrorInvalidValue); // destroyed
    EXPECT(cudaMemPoolDestroy(def) == cudaErrorInvalidValue);
    EXPECT(cudaDeviceGetDefaultMemPool(&cur, 1) == cudaErrorInvalidDevice);
    props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
    EXPECT(cudaMemPoolCreate(&pool, &props) == cudaErrorNotSupported);
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeHost;
    EXPECT(cudaMemPoolCreate(&pool, &props) == cudaErrorInvalidValue);
    EXPECT(cudaMallocAsync(&p, 0, s) == cudaSuccess && p == nullptr);
    EXPECT(cudaFreeAsync(h, s) == cudaErrorInvalidValue); // not an allocation
    cudaStream_t gone;
    EXPECT(cudaStreamCreate(&gone) == cudaSuccess && cudaStreamDestroy(gone) == cudaSuccess);
    EXPECT(cudaMallocAsync(&p, 16, gone) == cudaErrorInvalidResourceHandle);
    EXPECT(cudaStreamDestroy(s) == cudaSuccess);
    cudaGetLastError();
    std::printf("stream_ordered_allocation: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
