// dynamic_parallelism.cu -- kernels that launch kernels (what NVIDIA's cdpSimplePrint,
// cdpSimpleQuicksort and cdpBezierTessellation do): recursion to a depth, a launch's order against
// its siblings and their own launches, tail launches after the rest, arguments copied when the
// launch is made, the parent's writes seen by the child, cudaLaunchKernel of a void * and streams
// made in device code, launches from many threads of many blocks at once; what CUDA refuses
// (a bad shape or stream, depth 24, more pending launches than the limit, device-side
// cudaDeviceSynchronize) returned to the launching thread; a child's fault sticky on the host.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__device__ unsigned ticket; // the order in which grids start
__device__ unsigned started[8];
__device__ int errors[8];

__device__ unsigned take_ticket() { return atomicAdd(&ticket, 1u); }

// --- recursion: each grid of 2 blocks x 2 threads launches one such grid per thread ---
__device__ unsigned grids_at[8];
__global__ void recurse(int depth, int max_depth)
{
    __shared__ int go;
    if (threadIdx.x == 0) {
        go = depth < max_depth;
        if (blockIdx.x == 0)
            atomicAdd(&grids_at[depth], 1u);
    }
    __syncthreads();
    if (go)
        recurse<<<2, 2>>>(depth + 1, max_depth);
}

// --- order: parent launches A then B into its stream, a tail launch T first, F fire-and-forget;
// A launches A1.  Stream order: A (with A1) before B; T after everything else ---
__global__ void mark(int slot)
{
    started[slot] = take_ticket();
}
__global__ void mark_and_launch(int slot, int child)
{
    started[slot] = take_ticket();
    mark<<<1, 1>>>(child);
}
__global__ void order_parent()
{
    errors[0] = cudaSuccess;
    cudaError_t e = cudaSuccess;
    mark<<<1, 1, 0, cudaStreamTailLaunch>>>(0); // T
    e = e ? e : cudaGetLastError();
    mark_and_launch<<<1, 1>>>(1, 2); // A, which launches A1
    e = e ? e : cudaGetLastError();
    mark<<<1, 1>>>(3); // B
    e = e ? e : cudaGetLastError();
    mark<<<1, 1, 0, cudaStreamFireAndForget>>>(4); // F
    e = e ? e : cudaGetLastError();
    errors[0] = e;
}

// --- arguments by value at the launch; the parent's writes before it seen by the child ---
__global__ void read_back(int value, const int *seen_by_parent, int *out)
{
    out[0] = value;
    out[1] = *seen_by_parent;
}
__global__ void copy_parent(int *shared_cell, int *out)
{
    int v = 41;
    *shared_cell = 7;
    read_back<<<1, 1>>>(v, shared_cell, out);
    v = 99; // after the launch: the child has its copy
    (void)v;
}

// --- cudaLaunchKernel(void *) and a stream created and destroyed in device code ---
__global__ void add_one(int *p)
{
    atomicAdd(p, 1);
}
__global__ void launch_by_pointer(int *p)
{
    void *args[] = {&p};
    errors[1] = cudaLaunchKernel((const void *)add_one, dim3(2), dim3(3), args, 0, 0);
    cudaStream_t s;
    cudaError_t e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    if (e == cudaSuccess) {
        add_one<<<1, 4, 0, s>>>(p);
        e = cudaGetLastError();
        cudaStreamDestroy(s); // before the child runs: it still does
    }
    errors[2] = e;
}

// --- what is refused, returned to the launching thread ---
__global__ void nothing() {}
__global__ void refused(int *deepest)
{
    nothing<<<1, 2048>>>();
    errors[3] = cudaGetLastError();
    nothing<<<1, 1, 0, (cudaStream_t)0x1234>>>();
    errors[4] = cudaGetLastError();
    errors[5] = cudaDeviceSynchronize();
    cudaGetLastError();
    (void)deepest;
}
__global__ void dive(int depth, int *deepest, int *error)
{
    atomicMax(deepest, depth);
    dive<<<1, 1>>>(depth + 1, deepest, error);
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        *error = e;
}
__global__ void many(int n, int *codes)
{
    for (int i = 0; i < n; i++) {
        nothing<<<1, 1>>>();
        codes[i] = cudaGetLastError();
    }
}

// --- many threads of many blocks launching at once (the launches of both OS threads) ---
__global__ void count(unsigned *total, unsigned add)
{
    atomicAdd(total, add);
}
__global__ void fan_out(unsigned *total)
{
    __syncthreads();
    count<<<1, 32>>>(total, threadIdx.x + 1);
}

// --- a child's fault is the launch's ---
__global__ void trap_child() { __trap(); }
__global__ void launches_trap() { trap_child<<<1, 1>>>(); }

int main()
{
    // recursion: 2^d grids at depth d
    recurse<<<2, 2>>>(0, 5);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    unsigned at[8];
    EXPECT(cudaMemcpyFromSymbol(at, grids_at, sizeof at) == cudaSuccess);
    for (int d = 0; d <= 5; d++)
        EXPECT(at[d] == (1u << (2 * d))); // each of the 4 threads of a grid launches one
    EXPECT(at[6] == 0);

    // order
    order_parent<<<1, 1>>>();
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    unsigned st[8];
    int err[8];
    EXPECT(cudaMemcpyFromSymbol(st, started, sizeof st) == cudaSuccess);
    EXPECT(cudaMemcpyFromSymbol(err, errors, sizeof err) == cudaSuccess);
    EXPECT(err[0] == cudaSuccess);
    EXPECT(st[1] < st[2] && st[2] < st[3]); // A, its child A1, then B
    EXPECT(st[4] > st[3]);                  // F after B (made after it)
    EXPECT(st[0] > st[4]);                  // the tail launch after all the rest

    // arguments and visibility
    int *cell, *out;
    EXPECT(cudaMalloc(&cell, sizeof(int)) == cudaSuccess);
    EXPECT(cudaMalloc(&out, 2 * sizeof(int)) == cudaSuccess);
    copy_parent<<<1, 1>>>(cell, out);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    int got[2] = {0, 0};
    EXPECT(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(got[0] == 41 && got[1] == 7);

    // by pointer, and a device-made stream
    EXPECT(cudaMemset(cell, 0, sizeof(int)) == cudaSuccess);
    launch_by_pointer<<<1, 1>>>(cell);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(cudaMemcpy(got, cell, sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(got[0] == 6 + 4);
    EXPECT(cudaMemcpyFromSymbol(err, errors, sizeof err) == cudaSuccess);
    EXPECT(err[1] == cudaSuccess && err[2] == cudaSuccess);

    // refused: returned in device code, the host's error state untouched
    refused<<<1, 1>>>(nullptr);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(cudaGetLastError() == cudaSuccess);
    EXPECT(cudaMemcpyFromSymbol(err, errors, sizeof err) == cudaSuccess);
    EXPECT(err[3] == cudaErrorInvalidConfiguration);
    EXPECT(err[4] == cudaErrorInvalidResourceHandle);
    EXPECT(err[5] == cudaErrorNotSupported);

    // depth: the host's grid is depth 0, a grid at depth 24 cannot launch
    int *deep;
    EXPECT(cudaMalloc(&deep, 2 * sizeof(int)) == cudaSuccess);
    EXPECT(cudaMemset(deep, 0, 2 * sizeof(int)) == cudaSuccess);
    dive<<<1, 1>>>(0, deep, deep + 1);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(cudaMemcpy(got, deep, sizeof got, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(got[0] == 24 && got[1] == cudaErrorLaunchMaxDepthExceeded);

    // the pending-launch limit
    size_t limit = 0;
    EXPECT(cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount) == cudaSuccess && limit == 2048);
    EXPECT(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 0) == cudaErrorInvalidValue);
    EXPECT(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4) == cudaSuccess);
    EXPECT(cudaDeviceGetLimit(&limit, cudaLimitDevRuntimePendingLaunchCount) == cudaSuccess && limit == 4);
    int *codes;
    EXPECT(cudaMalloc(&codes, 6 * sizeof(int)) == cudaSuccess);
    many<<<1, 1>>>(6, codes);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    int c[6];
    EXPECT(cudaMemcpy(c, codes, sizeof c, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 6; i++)
        EXPECT(c[i] == (i < 4 ? cudaSuccess : cudaErrorLaunchPendingCountExceeded));
    many<<<1, 1>>>(4, codes); // the four have run: none is pending any more
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(cudaMemcpy(c, codes, 4 * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 4; i++)
        EXPECT(c[i] == cudaSuccess);
    EXPECT(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2048) == cudaSuccess);

    // many launchers at once
    unsigned *total;
    EXPECT(cudaMalloc(&total, sizeof(unsigned)) == cudaSuccess);
    EXPECT(cudaMemset(total, 0, sizeof(unsigned)) == cudaSuccess);
    fan_out<<<16, 64>>>(total);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    unsigned t = 0;
    EXPECT(cudaMemcpy(&t, total, sizeof t, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(t == 16u * 32u * (64u * 65u / 2u));

    EXPECT(cudaFree(cell) == cudaSuccess);
    EXPECT(cudaFree(out) == cudaSuccess);
    EXPECT(cudaFree(deep) == cudaSuccess);
    EXPECT(cudaFree(codes) == cudaSuccess);
    EXPECT(cudaFree(total) == cudaSuccess);

    // a child's fault: sticky, from the launch's next call on
    launches_trap<<<1, 1>>>();
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);

    std::printf("dynamic_parallelism: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
