// barrier_scheduling.cu -- the block scheduler (src/cuda/launch.cpp) under load: blocks of 1024
// threads through many __syncthreads, __syncthreads_count and warp shuffles, where a barrier's
// released threads switch straight from one to the next; the order threads pass a barrier in
// (thread order); fiber stacks staggered in the caches (every parked thread's frame at its own
// cache-line offset modulo 64 KiB); threadIdx in a 3D block across switches; and a __trap() in a
// thread resumed by another, after a few barriers, ending the launch with cudaErrorLaunchFailure.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <set>
#include <vector>

#include "include/expect.h"

// rounds of: write my slot, barrier, read my right neighbour's, barrier; also counts how many
// threads passed each barrier before me (thread order on the CPU) and a __syncthreads_count
__global__ void rounds(int *sum, int *order_ok, int *counts, int k)
{
    __shared__ int slot[1024];
    __shared__ int passed;
    const unsigned t = threadIdx.x, n = blockDim.x;
    if (t == 0)
        passed = 0;
    __syncthreads();
    int acc = 0, in_order = 1;
    for (int i = 0; i < k; i++) {
        slot[t] = i * 7 + (int)t;
        __syncthreads();
        acc += slot[(t + 1) % n];
        in_order &= passed == (int)t; // the threads before me passed this barrier, none after
        passed++;
        const int c = __syncthreads_count((t + (unsigned)i) % 3 == 0);
        if (t == 0)
            passed = 0;
        if (t == 5)
            counts[blockIdx.x * k + i] = c;
        __syncthreads();
    }
    sum[blockIdx.x * n + t] = acc;
    order_ok[blockIdx.x * n + t] = in_order;
}

// A third of the threads return at once, another third after round 0; warp 0 meets at a
// __syncwarp before each __syncthreads, so the block's barrier opens only after the warp's
// released its threads.  Thread 2 (always there) records each round's count and or.
__global__ void early_exits(int *counts, int *ors, int k)
{
    const unsigned t = threadIdx.x;
    if (t % 3 == 0)
        return;
    for (int i = 0; i < k; i++) {
        if (t % 3 == 1 && i == 1)
            return;
        if (t < 32)
            __syncwarp();
        const int c = __syncthreads_count((t + (unsigned)i) % 2 == 0);
        const int o = __syncthreads_or(t == (unsigned)(i * 7 + 2));
        if (t == 2) {
            counts[blockIdx.x * k + i] = c;
            ors[blockIdx.x * k + i] = o;
        }
    }
}

// a warp's sum by shuffles, k times
__global__ void shuffles(int *out, int k)
{
    const unsigned t = threadIdx.x;
    int total = 0;
    for (int i = 0; i < k; i++) {
        int v = (int)t + i;
        for (int d = 16; d > 0; d /= 2)
            v += __shfl_down_sync(0xffffffffu, v, d);
        total += __shfl_sync(0xffffffffu, v, 0);
    }
    out[blockIdx.x * blockDim.x + t] = total;
}

// each thread's frame address while every thread of the block is parked
__global__ void frames(uintptr_t *out)
{
    __syncthreads();
    out[threadIdx.x] = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
    __syncthreads();
}

// threadIdx and blockIdx in a 3D block and grid stay each thread's own across barriers and shuffles
__global__ void indices(int *bad)
{
    const uint3 t0 = threadIdx, b0 = blockIdx;
    int wrong = 0;
    for (int i = 0; i < 4; i++) {
        __syncthreads();
        wrong |= threadIdx.x != t0.x || threadIdx.y != t0.y || threadIdx.z != t0.z;
        (void)__shfl_sync(0xffffffffu, i, 3);
        wrong |= threadIdx.x != t0.x || threadIdx.y != t0.y || threadIdx.z != t0.z;
        wrong |= blockIdx.x != b0.x || blockIdx.y != b0.y || blockIdx.z != b0.z;
    }
    const unsigned lin = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    const unsigned blk = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    bad[blk * blockDim.x * blockDim.y * blockDim.z + lin] = wrong + 1;
}

__global__ void trap_late(int *reached, int victim)
{
    for (int i = 0; i < 3; i++)
        __syncthreads();
    if ((int)threadIdx.x == victim)
        __trap();
    __syncthreads();
    atomicAdd(reached, 1);
}

int main()
{
    const int n = 1024, blocks = 6, k = 9;
    int *sum, *order_ok, *counts;
    EXPECT(cudaMallocManaged(&sum, sizeof(int) * n * blocks) == cudaSuccess);
    EXPECT(cudaMallocManaged(&order_ok, sizeof(int) * n * blocks) == cudaSuccess);
    EXPECT(cudaMallocManaged(&counts, sizeof(int) * k * blocks) == cudaSuccess);
    rounds<<<blocks, n>>>(sum, order_ok, counts, k);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int b = 0; b < blocks; b++) {
        for (int t = 0; t < n; t++) {
            int want = 0;
            for (int i = 0; i < k; i++)
                want += i * 7 + (t + 1) % n;
            EXPECT(sum[b * n + t] == want);
            EXPECT(order_ok[b * n + t] == 1);
        }
        for (int i = 0; i < k; i++) {
            int want = 0;
            for (int t = 0; t < n; t++)
                want += (t + i) % 3 == 0;
            EXPECT(counts[b * k + i] == want);
        }
    }

    {
        const int m = 200, ek = 4; // a last warp of 8 threads
        int *ec, *eo;
        EXPECT(cudaMallocManaged(&ec, sizeof(int) * 3 * ek) == cudaSuccess);
        EXPECT(cudaMallocManaged(&eo, sizeof(int) * 3 * ek) == cudaSuccess);
        early_exits<<<3, m>>>(ec, eo, ek);
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        for (int i = 0; i < ek; i++) {
            int want_c = 0, want_o = 0;
            for (int t = 0; t < m; t++) {
                const bool there = t % 3 == 2 || (t % 3 == 1 && i == 0);
                want_c += there && (t + i) % 2 == 0;
                want_o |= there && t == i * 7 + 2;
            }
            for (int b = 0; b < 3; b++) {
                EXPECT(ec[b * ek + i] == want_c);
                EXPECT(eo[b * ek + i] == want_o);
            }
        }
        cudaFree(ec);
        cudaFree(eo);
    }

    int *shf;
    EXPECT(cudaMallocManaged(&shf, sizeof(int) * n * 2) == cudaSuccess);
    shuffles<<<2, n>>>(shf, 5);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int t = 0; t < 2 * n; t++) {
        const int lane0 = (t % n) & ~31;
        int want = 0;
        for (int i = 0; i < 5; i++)
            want += 32 * (lane0 + i) + 496; // lanes lane0..lane0+31, each + i
        EXPECT(shf[t] == want);
    }

    uintptr_t *fr;
    EXPECT(cudaMallocManaged(&fr, sizeof(uintptr_t) * n) == cudaSuccess);
    frames<<<1, n>>>(fr);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    std::set<uintptr_t> lines; // cache-line offsets modulo 64 KiB
    for (int t = 0; t < n; t++)
        lines.insert(fr[t] >> 6 & 1023);
    std::printf("1024 parked threads' frames: %zu cache-line offsets modulo 64 KiB\n", lines.size());
    EXPECT(lines.size() >= 512);

    int *bad;
    const dim3 grid3(2, 2, 2), block3(16, 8, 4);
    EXPECT(cudaMallocManaged(&bad, sizeof(int) * 8 * 512) == cudaSuccess);
    indices<<<grid3, block3>>>(bad);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 8 * 512; i++)
        EXPECT(bad[i] == 1); // written (1), and no index changed (not 2)

    int *reached;
    EXPECT(cudaMallocManaged(&reached, sizeof(int)) == cudaSuccess);
    *reached = 0;
    trap_late<<<1, 256>>>(reached, 200);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(*reached == 0); // no thread passed the barrier after the trap

    cudaDeviceReset(); // clears the trap's sticky error, so that the frees are taken
    for (void *p : {(void *)sum, (void *)order_ok, (void *)counts, (void *)shf, (void *)fr, (void *)bad, (void *)reached})
        cudaFree(p); // (LeakSanitizer in ASan builds)
    std::printf(failures ? "barrier_scheduling: FAILED (%d)\n" : "barrier_scheduling: ok\n", failures);
    return failures != 0;
}
