// launch_call_forms.cu -- k<<<...>>>(args) takes the arguments a call k(args) takes, as nvcc's
// launch does: a kernel's default arguments (NVIDIA's shfl_scan launches
// shfl_scan_test<<<...>>>(data, 32) with partial_sums = NULL), template arguments deduced from the
// arguments, overloaded kernels, arguments converted to the parameters' types, a function pointer.
// Each thread still gets its own copy of the parameters.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__global__ void scan_like(int *data, int width, int *partial_sums = NULL)
{
    data[threadIdx.x] = width + (int)threadIdx.x;
    if (partial_sums)
        partial_sums[threadIdx.x] = -1;
}

template <class T> __global__ void fill(T *out, T value) { out[threadIdx.x] = value; }

__global__ void which(int *out, int) { out[threadIdx.x] = 1; }
__global__ void which(int *out, double) { out[threadIdx.x] = 2; }

__global__ void scale(float *out, float f)
{
    out[threadIdx.x] = f * 2;
    f = 0; // its own copy: the next thread still gets the argument
}

int main()
{
    int *d, *p;
    float *f;
    EXPECT(cudaMallocManaged(&d, 4 * sizeof *d) == cudaSuccess);
    EXPECT(cudaMallocManaged(&p, 4 * sizeof *p) == cudaSuccess);
    EXPECT(cudaMallocManaged(&f, 4 * sizeof *f) == cudaSuccess);
    for (int i = 0; i < 4; i++)
        p[i] = 7;

    scan_like<<<1, 4>>>(d, 32); // the default: no partial sums
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(d[0] == 32 && d[3] == 35 && p[0] == 7 && p[3] == 7);
    scan_like<<<1, 4, 0>>>(d, 8, p);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(d[1] == 9 && p[0] == -1 && p[3] == -1);

    fill<<<1, 4>>>(f, 1.5f); // T deduced: float
    EXPECT(cudaGetLastError() == cudaSuccess);
    EXPECT(f[0] == 1.5f && f[3] == 1.5f);

    which<<<1, 2>>>(d, 3); // the overload of int
    EXPECT(d[0] == 1 && d[1] == 1);
    which<<<1, 2>>>(d, 3.0);
    EXPECT(d[0] == 2 && d[1] == 2);

    scale<<<1, 4>>>(f, 3); // int to float
    EXPECT(f[0] == 6.0f && f[3] == 6.0f);

    void (*kp)(int *, int, int *) = scan_like;
    kp<<<1, 2>>>(d, 100, nullptr); // through a pointer: every argument given
    EXPECT(d[0] == 100 && d[1] == 101);

    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    cudaFree(d);
    cudaFree(p);
    cudaFree(f);
    std::printf("launch_call_forms: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
