// function_attributes.cu -- cudaFuncGetAttributes and cudaFuncSetAttribute (as NVIDIA's FDTD3d asks
// a kernel's maxThreadsPerBlock before choosing its block): what the CPU device gives every kernel,
// what a program sets kept per kernel and read back, refusals for values out of range, the cluster
// attributes the CPU device does not have, a null kernel or result.  Prints "FAILED" if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__global__ void first(float *p) { p[threadIdx.x] = 1.0f; }
__global__ void second(float *p) { p[threadIdx.x] = 2.0f; }

int main()
{
    cudaFuncAttributes a;
    EXPECT(cudaFuncGetAttributes(&a, first) == cudaSuccess);
    EXPECT(a.maxThreadsPerBlock == 1024);
    EXPECT(a.maxDynamicSharedSizeBytes == 48 * 1024);
    EXPECT(a.preferredShmemCarveout == -1);
    EXPECT(a.sharedSizeBytes == 0 && a.localSizeBytes == 0 && a.numRegs == 0);
    EXPECT(a.ptxVersion == 86 && a.binaryVersion == 86);

    // set, kept per kernel
    EXPECT(cudaFuncSetAttribute(first, cudaFuncAttributeMaxDynamicSharedMemorySize, 16 * 1024) == cudaSuccess);
    EXPECT(cudaFuncSetAttribute(first, cudaFuncAttributePreferredSharedMemoryCarveout, 50) == cudaSuccess);
    EXPECT(cudaFuncGetAttributes(&a, first) == cudaSuccess);
    EXPECT(a.maxDynamicSharedSizeBytes == 16 * 1024 && a.preferredShmemCarveout == 50);
    EXPECT(cudaFuncGetAttributes(&a, reinterpret_cast<const void *>(second)) == cudaSuccess); // the C form
    EXPECT(a.maxDynamicSharedSizeBytes == 48 * 1024 && a.preferredShmemCarveout == -1);

    // refused: out of range (nothing changes), clusters, null arguments; each is the last error
    EXPECT(cudaFuncSetAttribute(first, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024) == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT(cudaFuncSetAttribute(first, cudaFuncAttributeMaxDynamicSharedMemorySize, -1) == cudaErrorInvalidValue);
    EXPECT(cudaFuncSetAttribute(first, cudaFuncAttributePreferredSharedMemoryCarveout, 101) == cudaErrorInvalidValue);
    EXPECT(cudaFuncSetAttribute(first, (cudaFuncAttribute)3, 1) == cudaErrorInvalidValue);
    EXPECT(cudaFuncGetAttributes(&a, first) == cudaSuccess);
    EXPECT(a.maxDynamicSharedSizeBytes == 16 * 1024 && a.preferredShmemCarveout == 50);
    EXPECT(cudaFuncSetAttribute(first, cudaFuncAttributeRequiredClusterWidth, 2) == cudaErrorNotSupported);
    EXPECT(cudaFuncGetAttributes(nullptr, first) == cudaErrorInvalidValue);
    EXPECT(cudaFuncGetAttributes(&a, static_cast<const void *>(nullptr)) == cudaErrorInvalidDeviceFunction);
    EXPECT(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
    EXPECT(cudaGetLastError() == cudaSuccess);

    // the kernel still launches with what it was given
    float *p;
    EXPECT(cudaMallocManaged(&p, 32 * sizeof(float)) == cudaSuccess);
    first<<<1, 32>>>(p);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess && p[31] == 1.0f);
    cudaFree(p);
    std::printf("function_attributes: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
