// asan_heap_overflow.cu -- a wild store that lands in mapped memory raises no signal, so the fault
// handler cannot see it; built with `warptex-cxx -Xcompiler -fsanitize=address`, AddressSanitizer does (as
// compute-sanitizer does on a GPU): tests/cuda.cmake expects its heap-buffer-overflow report for the
// off-by-one store just past a cudaMalloc'd block.  Before it, a fault the handler does see, in a
// kernel with locals on its stack, must leave no false report behind on the pooled fiber stacks.
// SPDX-License-Identifier: MIT
#include <cstdio>

#include <cuda_runtime.h>

__device__ int sum_of(const int *p, int n, int bad)
{
    volatile int local[64]; // ASan puts redzones around it on the fiber's stack
    for (int i = 0; i < 64; i++)
        local[i] = p[(blockIdx.x * blockDim.x + (i + threadIdx.x) % blockDim.x) % n]; // this block's part
    if (bad && threadIdx.x == 5)
        *reinterpret_cast<volatile int *>(static_cast<size_t>(bad)) = 1; // ends the launch mid-frame
    unsigned s = 0;
    for (int i = 0; i < 64; i++)
        s += (unsigned)local[i];
    return (int)(s & 0xffff);
}

__global__ void sums(int *p, int n, int bad) { p[(blockIdx.x * blockDim.x + threadIdx.x) % n] = sum_of(p, n, bad); }

// another frame layout over the same pooled stacks: it writes where the faulted frames had redzones
__global__ void wide(int *p, int n)
{
    volatile char buf[3000];
    for (int i = 0; i < 3000; i++)
        buf[i] = (char)i;
    const int i = (blockIdx.x * blockDim.x + threadIdx.x) % n;
    p[i] = (p[i] + buf[threadIdx.x % 3000]) & 0xffff;
}

__global__ void fill(int *p, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) // off by one: i == n is past the end
        p[i] = i;
}

int main()
{
    std::setvbuf(stdout, nullptr, _IONBF, 0); // before ASan's report, which ends the process
    const int m = 256;
    int *q;
    if (cudaMalloc(&q, m * sizeof(int)) != cudaSuccess || cudaMemset(q, 0, m * sizeof(int)) != cudaSuccess)
        return 1;
#ifndef WT_TEST_LIBRARY_SANITIZED // (tests/cuda.cmake: there ASan owns SIGSEGV, the fault would end the test)
    sums<<<4, 64>>>(q, m, 0x10);
    std::printf("asan_heap_overflow: a fault: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaDeviceReset();
#endif
    for (int i = 0; i < 3; i++) {
        sums<<<4, 64>>>(q, m, 0);
        wide<<<4, 64>>>(q, m);
    }
    std::printf("asan_heap_overflow: then: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    // 1000 bytes, not a multiple of 256: outside ASan cudaMalloc would take 1024 (memory.cpp)
    const int n = 250;
    int *p;
    if (cudaMalloc(&p, n * sizeof(int)) != cudaSuccess)
        return 1;
    fill<<<2, 256>>>(p, n);
    std::printf("asan_heap_overflow: not reported (%s)\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(p);
    cudaFree(q);
    return 0;
}
