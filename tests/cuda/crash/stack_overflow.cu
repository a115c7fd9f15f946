// stack_overflow.cu -- a CUDA thread that recurses without end must fault on its stack's guard page
// (a clean SIGSEGV, or the sanitizer's stack-overflow report), never run on into other memory.
// Run with WARPTEX_CUDA_STACK_SIZE=64K by tests/cuda.cmake, which expects the process to die.
// SPDX-License-Identifier: MIT
#include <cstdio>

#include <cuda_runtime.h>

__device__ int deep(volatile char *prev, int n)
{
    volatile char frame[1024];
    frame[0] = (char)n;
    frame[1023] = prev ? prev[0] : 0;
    return n > 1000000 ? frame[0] : deep(frame, n + 1) + frame[1023];
}

__global__ void recurse(int *out) { out[threadIdx.x] = deep(nullptr, 0); }

int main()
{
    int *out;
    cudaMalloc(&out, 64 * sizeof(int));
    std::printf("stack_overflow: recursing\n");
    std::fflush(stdout);
    recurse<<<2, 64>>>(out);
    cudaDeviceSynchronize();
    std::printf("stack_overflow: survived, the guard page did not stop it\n");
    return 0;
}
