// kernels_offset.cuh -- the second header of tests/cuda/kernels_in_headers.cu (see
// kernels_scale.cuh): its kernel ends on the same line, 12, and its parameter list holds a
// preprocessor conditional, as SobelFilter_kernels.cu's SobelShared does.
// SPDX-License-Identifier: MIT
#ifndef TESTS_CUDA_KERNELS_OFFSET_CUH
#define TESTS_CUDA_KERNELS_OFFSET_CUH
__global__ void offset_values(float *v,
#ifndef OFFSET_FIXED
                              float d,
#endif
                              int n)
{ const int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] += OFFSET_OF(d); }
#endif
