// dynamic_shared_kernels.cuh -- dynamic shared memory declared in a header as NVIDIA's samples do
// (threadFenceReduction_kernel.cuh: `extern float __shared__ smem[];`, the type before
// __shared__), for tests/cuda/dynamic_shared_forms.cu.
// SPDX-License-Identifier: MIT
#ifndef TESTS_CUDA_DYNAMIC_SHARED_KERNELS_CUH
#define TESTS_CUDA_DYNAMIC_SHARED_KERNELS_CUH

// out[i] = the block's values in reverse, through dynamic shared memory
__global__ void reverse_float(const float *in, float *out)
{
    extern float __shared__ smem[];
    const unsigned t = threadIdx.x, n = blockDim.x;
    smem[t] = in[t];
    __syncthreads();
    out[t] = smem[n - 1 - t];
}

// the same, with another element type under another spelling
__global__ void reverse_int(const int *in, int *out)
{
    extern __shared__ __align__(8) int ismem[];
    const unsigned t = threadIdx.x, n = blockDim.x;
    ismem[t] = in[t];
    __syncthreads();
    out[t] = ismem[n - 1 - t];
}
#endif
