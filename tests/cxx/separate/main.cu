// main.cu -- launches kernels.cu's kernel and reads its __device__ variable from a kernel of its own
// SPDX-License-Identifier: MIT
#include <cstdio>

#include "shared.cuh"

__global__ void read_launches(int *out) { *out = wt_launches; }

int main()
{
    const int n = 1000;
    float *v;
    int *launches;
    if (cudaMallocManaged(&v, n * sizeof(float)) != cudaSuccess ||
        cudaMallocManaged(&launches, sizeof(int)) != cudaSuccess)
        return 1;
    for (int i = 0; i < n; i++)
        v[i] = (float)i;
    scale<<<(n + 127) / 128, 128>>>(v, 2.0f, n);
    scale<<<(n + 127) / 128, 128>>>(v, 0.5f, n);
    scale<<<(n + 127) / 128, 128>>>(v, 3.0f, n);
    read_launches<<<1, 1>>>(launches);
    if (cudaDeviceSynchronize() != cudaSuccess)
        return 1;
    int bad = *launches != 3;
    for (int i = 0; i < n; i++)
        bad |= v[i] != 3.0f * (float)i;
    std::printf("separate compilation: %s (launches %d)\n", bad ? "FAILED" : "ok", *launches);
    cudaFree(v);
    cudaFree(launches);
    return bad;
}
