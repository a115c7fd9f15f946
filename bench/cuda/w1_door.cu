// w1_door.cu -- W1 as a CUDA kernel, the CUDA door of `warptex bench` (bench/bench_cuda.c): built
// by warptex-cxx -c, linked into the benchmark, called from C.
//   out[i] = tex2D<float4>(t, uv[i].x, uv[i].y), one thread a sample, blocks of 256
// The texture object is W1's own: a cudaTextureObject_t is a warptex texture handle.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

__global__ void w1_door(cudaTextureObject_t t, const float2 *__restrict__ uv, float4 *__restrict__ out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2D<float4>(t, uv[i].x, uv[i].y);
}

// One launch over n samples and its completion; 0, or -1 with CUDA's message in *why.
extern "C" int bench_cuda_w1_launch(unsigned long long tex, const float *uv, float *out, int n, const char **why)
{
    w1_door<<<(unsigned)(n + 255) / 256u, 256u>>>(tex, reinterpret_cast<const float2 *>(uv),
                                                   reinterpret_cast<float4 *>(out), n);
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        *why = cudaGetErrorString(e);
        return -1;
    }
    return 0;
}
