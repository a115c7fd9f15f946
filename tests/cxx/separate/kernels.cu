// kernels.cu -- separate compilation: a kernel and a __device__ variable defined here, launched
// and read from main.cu (nvcc needs -rdc=true for this; warptex-cxx links them as C++ does)
// SPDX-License-Identifier: MIT
#include "shared.cuh"

__device__ int wt_launches;

__global__ void scale(float *v, float by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= by;
    if (i == 0)
        wt_launches += 1;
}
