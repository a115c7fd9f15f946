// memory_hints.cu -- the calls of managed memory and graph memory that NVIDIA's samples make
// (UnifiedMemoryPerf, graphMemoryFootprint, topologyQuery, deviceQuery): cudaMemPrefetchAsync and
// cudaMemAdvise in CUDA 13's forms and CUDA 12's, cudaStreamAttachMemAsync, each refusing what
// CUDA refuses; cudaDeviceGetP2PAttribute with one device; the graph memory attributes through
// an allocation node's life (reserved, in use, their highs and the reset); and <memory> included
// after cuda_runtime.h (libstdc++'s __attribute__((__noinline__)) beside CUDA's __noinline__).
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <memory>

#include "include/expect.h"

__noinline__ __device__ int twice(int x) { return 2 * x; }

__global__ void fill(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = twice(i);
}

static unsigned long long graph_mem(cudaGraphMemAttributeType a)
{
    unsigned long long v = ~0ull;
    EXPECT(cudaDeviceGetGraphMemAttribute(0, a, &v) == cudaSuccess);
    return v;
}

int main()
{
    const int n = 256;
    int *m = nullptr;
    EXPECT(cudaMallocManaged(&m, n * sizeof(int)) == cudaSuccess);
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s) == cudaSuccess);
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0}, host = {cudaMemLocationTypeHost, 0};
    cudaMemLocation other = {cudaMemLocationTypeDevice, 1};
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int), dev, 0, s) == cudaSuccess);
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int), host, 0) == cudaSuccess);
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int), 0, s) == cudaSuccess);              // CUDA 12's
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int), cudaCpuDeviceId) == cudaSuccess);   // CUDA 12's
    EXPECT(cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetReadMostly, dev) == cudaSuccess);
    EXPECT(cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetPreferredLocation, host) == cudaSuccess);
    EXPECT(cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetAccessedBy, 0) == cudaSuccess); // CUDA 12's
    EXPECT(cudaStreamAttachMemAsync(s, m) == cudaSuccess);
    EXPECT(cudaStreamAttachMemAsync(s, m, 0, cudaMemAttachHost) == cudaSuccess);
    // refused: another device, flags, a range past the block, memory the device cannot reach
    int local[4];
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int), other, 0, s) == cudaErrorInvalidDevice);
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int), dev, 1, s) == cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(m, n * sizeof(int) + 1, dev, 0, s) == cudaErrorInvalidValue);
    EXPECT(cudaMemPrefetchAsync(local, sizeof local, dev, 0, s) == cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(m, n * sizeof(int), (cudaMemoryAdvise)9, dev) == cudaErrorInvalidValue);
    EXPECT(cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetPreferredLocation, other) == cudaErrorInvalidDevice);
    EXPECT(cudaStreamAttachMemAsync(s, m, 0, 7) == cudaErrorInvalidValue);
    int p2p = -1;
    EXPECT(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 0) == cudaErrorInvalidDevice);
    (void)cudaGetLastError();

    fill<<<1, n, 0, s>>>(m, n);
    EXPECT(cudaStreamSynchronize(s) == cudaSuccess);
    std::unique_ptr<int[]> copy(new int[n]);
    for (int i = 0; i < n; i++)
        copy[i] = m[i];
    for (int i = 0; i < n; i++)
        EXPECT(copy[i] == 2 * i);

    // graph memory: an allocation node reserves its block; a launch puts it in use; cudaFree ends that
    const unsigned long long used0 = graph_mem(cudaGraphMemAttrUsedMemCurrent);
    const unsigned long long reserved0 = graph_mem(cudaGraphMemAttrReservedMemCurrent);
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location = dev;
    ap.bytesize = 1 << 20;
    cudaGraphNode_t alloc;
    EXPECT(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == cudaSuccess);
    EXPECT(graph_mem(cudaGraphMemAttrReservedMemCurrent) >= reserved0 + (1u << 20));
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemCurrent) == used0);
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && cudaStreamSynchronize(s) == cudaSuccess);
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemCurrent) >= used0 + (1u << 20));
    EXPECT(cudaFree(ap.dptr) == cudaSuccess);
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemCurrent) == used0);
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemHigh) >= used0 + (1u << 20));
    unsigned long long zero = 0, one = 1;
    EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &zero) == cudaSuccess);
    EXPECT(graph_mem(cudaGraphMemAttrUsedMemHigh) == used0);
    EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &one) == cudaErrorInvalidValue);
    EXPECT(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &zero) == cudaErrorInvalidValue);
    unsigned long long v;
    EXPECT(cudaDeviceGetGraphMemAttribute(1, cudaGraphMemAttrUsedMemCurrent, &v) == cudaErrorInvalidDevice);
    (void)cudaGetLastError();
    EXPECT(cudaGraphExecDestroy(x) == cudaSuccess && cudaGraphDestroy(g) == cudaSuccess);
    EXPECT(graph_mem(cudaGraphMemAttrReservedMemCurrent) == reserved0);
    EXPECT(graph_mem(cudaGraphMemAttrReservedMemHigh) >= reserved0 + (1u << 20));

    EXPECT(cudaStreamDestroy(s) == cudaSuccess);
    EXPECT(cudaFree(m) == cudaSuccess);
    std::printf("memory_hints: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
