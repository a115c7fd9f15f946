// arch_branches.cu -- `__CUDA_ARCH__` in one compile that is both nvcc's host pass and its
// device pass (docs/cuda.md): in a kernel's or __device__ function's conditionals it has the device
// pass's value (sm_75, nvcc's default, for this build line, which names no architecture), so the
// branches a GPU compiles run: a kernel's `#if __CUDA_ARCH__ >= 700` body, the __device__
// functions and the template specialisation a file-scope `#if __CUDA_ARCH__ >= N` group holds (as
// NVIDIA's reduction and warpAggregatedAtomicsCG samples write them).  Host code, file-scope groups
// that define host functions, and __host__ __device__ functions see it undefined, nvcc's host
// pass, so `#ifndef __CUDA_ARCH__` host helpers exist.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

#ifdef __CUDA_ARCH__
#error "__CUDA_ARCH__ is defined at file scope: the host pass's helpers below would vanish"
#endif

// the generic warp sum, and its specialisation for int only where the device pass has sm_70+
template <typename T> __device__ T warp_sum(T v) { return v + T(1000); } // marks the generic one
#if __CUDA_ARCH__ >= 700
template <> __device__ int warp_sum<int>(int v) { return __reduce_add_sync(0xffffffffu, v); }
#endif

// a device function that only exists for the device pass
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
__device__ int twice(int v) { return 2 * v; }
#endif

// a host helper that only exists for the host pass, beside its device twin
#ifndef __CUDA_ARCH__
static int host_only_sum(int n) { return n * (n - 1) / 2; }
#endif

// __host__ __device__: compiled once, it takes the host pass's branch, called from either side
__host__ __device__ int which_pass()
{
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 0;
#endif
}

__global__ void kernel(int *out)
{
    const int lane = threadIdx.x;
    const int s = warp_sum<int>(lane);
    if (lane == 0) {
        out[0] = s;
#if __CUDA_ARCH__ >= 700
        out[1] = twice(21);
#else
        out[1] = -1;
#endif
#ifdef __CUDA_ARCH__
        out[2] = __CUDA_ARCH__;
#else
        out[2] = -1;
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
        out[3] = -1; // sm_90 only: not this build's architecture
#else
        out[3] = 1;
#endif
        out[4] = which_pass();
    }
}

int main()
{
    int *out;
    if (cudaMallocManaged(&out, 5 * sizeof(int)) != cudaSuccess)
        return 1;
    kernel<<<1, 32>>>(out);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(out[0] == host_only_sum(32)); // the specialisation, not the generic one
    EXPECT(out[1] == 42);
    EXPECT(out[2] == 750);
    EXPECT(out[3] == 1);
    EXPECT(out[4] == 0);
    EXPECT(which_pass() == 0);
    cudaFree(out);
    std::printf("cuda_arch_branches: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
