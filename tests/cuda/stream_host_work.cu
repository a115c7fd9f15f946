// stream_host_work.cu -- cudaStreamAddCallback and cudaLaunchHostFunc run in stream order (at once:
// streams are synchronous), with the stream's status; the occupancy calculator describes one block
// per multiprocessor.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

struct seen {
    int calls = 0;
    cudaStream_t stream = nullptr;
    cudaError_t status = cudaErrorUnknown;
    int value = 0; // what the kernel wrote, when the callback ran
    int *data = nullptr;
};

static void CUDART_CB on_done(cudaStream_t stream, cudaError_t status, void *user)
{
    seen *s = static_cast<seen *>(user);
    s->calls++;
    s->stream = stream;
    s->status = status;
    s->value = *s->data;
}
static void CUDART_CB host_fn(void *user)
{
    seen *s = static_cast<seen *>(user);
    s->calls++;
    s->value = *s->data;
}

__global__ void write(int *p, int v) { *p = v; }

int main()
{
    cudaStream_t st = nullptr;
    EXPECT(cudaStreamCreate(&st) == cudaSuccess);
    seen s;
    EXPECT(cudaMallocManaged(&s.data, sizeof(int)) == cudaSuccess);
    *s.data = 0;
    write<<<1, 1, 0, st>>>(s.data, 42);
    EXPECT(cudaStreamAddCallback(st, on_done, &s, 0) == cudaSuccess);
    EXPECT(s.calls == 1 && s.stream == st && s.status == cudaSuccess && s.value == 42);
    write<<<1, 1, 0, st>>>(s.data, 7);
    EXPECT(cudaLaunchHostFunc(st, host_fn, &s) == cudaSuccess);
    EXPECT(s.calls == 2 && s.value == 7);
    EXPECT(cudaStreamAddCallback(st, on_done, &s, 1) == cudaErrorInvalidValue); // flags must be 0
    EXPECT(cudaStreamAddCallback(st, nullptr, &s, 0) == cudaErrorInvalidValue);
    EXPECT(cudaLaunchHostFunc(st, nullptr, &s) == cudaErrorInvalidValue);
    EXPECT(s.calls == 2);
    (void)cudaGetLastError();

    // occupancy: a launchable block is one active block per multiprocessor
    cudaDeviceProp p;
    EXPECT(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
    int blocks = -1;
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, write, 256, 0) == cudaSuccess && blocks == 1);
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (void *)write, 1024, 48 * 1024) == cudaSuccess &&
           blocks == 1);
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, write, 1025, 0) == cudaSuccess && blocks == 0);
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, write, 64, 48 * 1024 + 1) == cudaSuccess &&
           blocks == 0);
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, write, 0, 0) == cudaErrorInvalidValue);
    (void)cudaGetLastError();
    int min_grid = -1, block = -1;
    EXPECT(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, write, 0, 0) == cudaSuccess && block == 1024 &&
           min_grid == p.multiProcessorCount);
    EXPECT(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, (void *)write, 0, 100) == cudaSuccess &&
           block == 100);

    cudaFree(s.data);
    cudaStreamDestroy(st);
    std::printf("stream_host_work: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
