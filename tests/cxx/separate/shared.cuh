// shared.cuh -- what kernels.cu defines and main.cu uses
// SPDX-License-Identifier: MIT
#ifndef SEPARATE_SHARED_CUH
#define SEPARATE_SHARED_CUH
#include <cuda_runtime.h>

extern __device__ int wt_launches;
__global__ void scale(float *v, float by, int n);
#endif
