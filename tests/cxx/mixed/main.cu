// main.cu -- a program of a .cu, a .cpp, an object and a static library: fill, twice, plus.
// No #include <cuda_runtime.h>: nvcc pre-includes it in a .cu file, and so does warptex-cxx.
// SPDX-License-Identifier: MIT
#include <cstdio>

void fill(int *v, int n, int value);
void twice(int *v, int n);
void plus(int *v, int n, int k);

int main()
{
    int *v;
    if (cudaMallocManaged(&v, 32 * sizeof(int)) != cudaSuccess)
        return 1;
    fill(v, 32, 5);
    twice(v, 32);
    plus(v, 32, 1);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < 32; i++)
        bad |= v[i] != 11;
    std::printf("mixed inputs: %s\n", bad ? "FAILED" : "ok");
    cudaFree(v);
    return bad;
}
