// kernels_scale.cuh -- a header of the program's own that defines a kernel, as NVIDIA's samples
// do (HSOpticalFlow's addKernel.cuh and downscaleKernel.cuh), for tests/cuda/kernels_in_headers.cu.
// Its kernel's closing brace is on line 12, as kernels_offset.cuh's is: two registrations
// from the same line of two files meet in one translation unit.
// SPDX-License-Identifier: MIT
#ifndef TESTS_CUDA_KERNELS_SCALE_CUH
#define TESTS_CUDA_KERNELS_SCALE_CUH
__global__ void scale_values(float *v, float s, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= s;
}
#endif
