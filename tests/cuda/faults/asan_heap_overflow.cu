// asan_heap_overflow.cu -- a wild store that lands in mapped memory raises no signal, so the fault
// handler cannot see it; built with `warptex-cxx -fsanitize=address`, AddressSanitizer does (as
// compute-sanitizer does on a GPU): tests/cuda.cmake expects its heap-buffer-overflow report for this
// off-by-one store just past a cudaMalloc'd block.
// SPDX-License-Identifier: MIT
#include <cstdio>

#include <cuda_runtime.h>

__global__ void fill(int *p, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) // off by one: i == n is past the end
        p[i] = i;
}

int main()
{
    const int n = 256; // cudaMalloc rounds a block up to 256 bytes (README): 1024 bytes end exactly at n
    int *p;
    if (cudaMalloc(&p, n * sizeof(int)) != cudaSuccess)
        return 1;
    fill<<<2, 256>>>(p, n);
    std::printf("asan_heap_overflow: not reported (%s)\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
