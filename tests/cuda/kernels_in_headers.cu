// kernels_in_headers.cu -- kernels defined in the program's own headers (.cuh) and a kernel whose
// parameter list holds #ifdef: each is registered (a void * to it launches through
// cudaLaunchKernel), two registrations from the same line of two headers do not clash, and the
// lines after a registration written over several lines keep their numbers (__LINE__, and so
// the compiler's messages).  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

#define OFFSET_OF(d) (d)
#include "include/kernels_offset.cuh"
#include "include/kernels_scale.cuh"

// the same conditional in a kernel of this file, with a default argument after it
__global__ void mix_values(float *v,
#ifdef MIX_TWICE
                           float twice,
#else
                           float once,
#endif
                           int n = 8)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 10.0f + once;
}
static const int line_after_mix = __LINE__;

int main()
{
    EXPECT(line_after_mix == 29); // the line this source gives it
    const int n = 8;
    float *v = nullptr;
    EXPECT(cudaMallocManaged(&v, n * sizeof(float)) == cudaSuccess);
    for (int i = 0; i < n; i++)
        v[i] = (float)i;
    float s = 2.0f, d = 1.0f, once = 0.5f;
    int count = n;
    void *scale_args[] = {&v, &s, &count};
    void *offset_args[] = {&v, &d, &count};
    void *mix_args[] = {&v, &once, &count};
    EXPECT(cudaLaunchKernel((const void *)scale_values, dim3(1), dim3(n), scale_args, 0, 0) == cudaSuccess);
    EXPECT(cudaLaunchKernel((const void *)offset_values, dim3(1), dim3(n), offset_args, 0, 0) == cudaSuccess);
    EXPECT(cudaLaunchKernel((const void *)mix_values, dim3(1), dim3(n), mix_args, 0, 0) == cudaSuccess);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; i++)
        EXPECT(v[i] == ((float)i * 2.0f + 1.0f) * 10.0f + 0.5f);
    cudaFree(v);
    std::printf("kernels_in_headers: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
