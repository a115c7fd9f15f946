// stack_overflow.cu -- a CUDA thread that recurses without end faults on its stack's guard page, never
// runs on into other memory: the launch ends with cudaErrorHardwareStackError, which the program reads
// from cudaDeviceSynchronize before it exits cleanly (in sanitizer builds of the library the sanitizer
// owns SIGSEGV: its stack-overflow report ends the process instead).
// Run with WARPTEX_CUDA_STACK_SIZE=64K by tests/cuda.cmake.
// SPDX-License-Identifier: MIT
#include <cstdio>

#include <cuda_runtime.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

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
#ifdef SANITIZED
    std::printf("stack_overflow: a sanitizer build, expecting its report\n");
#endif
    std::printf("stack_overflow: recursing\n");
    std::fflush(stdout);
    recurse<<<2, 64>>>(out);
    const cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess) {
        std::printf("stack_overflow: survived, the guard page did not stop it\n");
        return 1;
    }
    std::printf("stack_overflow: cudaDeviceSynchronize: %s\n", cudaGetErrorName(e));
    return e == cudaErrorHardwareStackError ? 0 : 1;
}
