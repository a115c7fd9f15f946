// w1.cu -- docs/bench.md's W1 (bilinear, affine coordinates) as a CUDA kernel: tex2D<float4> at
// precomputed normalised coordinates, stored to global memory.  `warptex run` times it beside the
// direct warp API (docs/ptx.md, "warptex run").
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

extern "C" __global__ void w1(cudaTextureObject_t t, const float2 *uv, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 c = uv[i];
        out[i] = tex2D<float4>(t, c.x, c.y);
    }
}
