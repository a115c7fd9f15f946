// barrier_cuda.cu -- the cost of __syncthreads in warptex's CUDA runtime: CPU nanoseconds per thread
// per barrier, for blocks of 32, 256 and 1024 threads, 1 thread (OMP_NUM_THREADS decides), the
// median of 5 launches after a warm-up.  Each round writes a __shared__ slot, passes a barrier,
// reads the neighbour's slot and passes another, as a tiled kernel does.  Then the short kernel
// (k = 1: two barriers, as a scan step or a tile load): CPU nanoseconds per thread, where starting
// and ending each thread's fiber weighs as much as its barriers.
//   build: warptex-cxx -O3 bench/cuda/barrier_cuda.cu -o barrier_cuda  (the build does this:
//          <build>/warptex-bench-barrier)
// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

#include <cuda_runtime.h>

__global__ void rounds(int *out, int k)
{
    __shared__ int s[1024];
    int acc = 0;
    for (int i = 0; i < k; i++) {
        s[threadIdx.x] = i + (int)threadIdx.x;
        __syncthreads();
        acc += s[(threadIdx.x + 1) % blockDim.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

static double cpu_seconds(void)
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

// the median of 5 launches' CPU seconds after a warm-up launch (it maps the fiber stacks); < 0: failed
static double median_seconds(int blocks, int threads, int *d, int k)
{
    std::vector<double> t;
    for (int r = 0; r < 6; r++) {
        const double t0 = cpu_seconds();
        rounds<<<blocks, threads>>>(d, k);
        if (cudaDeviceSynchronize() != cudaSuccess)
            return -1;
        if (r > 0)
            t.push_back(cpu_seconds() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[2];
}

int main()
{
    const int k = 100, blocks = 32;
    int *d;
    if (cudaMalloc(&d, sizeof(int) * 1024 * blocks) != cudaSuccess)
        return 1;
    for (int threads : {32, 256, 1024}) {
        const double t = median_seconds(blocks, threads, d, k);
        if (t < 0)
            return 1;
        std::printf("barrier %4d threads/block: %6.1f ns CPU per thread per __syncthreads\n", threads,
                    t * 1e9 / (2.0 * k * threads * blocks));
    }
    const double t = median_seconds(blocks, 256, d, 1);
    if (t < 0)
        return 1;
    std::printf("short kernel, 256 threads/block, 2 barriers: %6.1f ns CPU per thread\n", t * 1e9 / (256.0 * blocks));
    cudaFree(d);
    return 0;
}
