// host_mapped_memory.cu -- zero-copy: cudaHostAlloc(..., cudaHostAllocMapped) and cudaHostRegister
// memory, reached by a kernel through cudaHostGetDevicePointer, and the rules of registration
// (twice, overlapping, unregistering what was never registered, pageable memory, flags).
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "include/expect.h"

__global__ void scale(const float *in, float *out, float k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * k;
}

int main()
{
    const int n = 1000;
    EXPECT(cudaSetDeviceFlags(cudaDeviceMapHost) == cudaSuccess);

    // mapped pinned memory, and the caller's own memory registered
    float *a = nullptr;
    EXPECT(cudaHostAlloc(&a, n * sizeof(float), cudaHostAllocMapped) == cudaSuccess);
    std::vector<float> own(n + 16);
    float *b = own.data() + 3; // not at the start of anything, as a program's buffer may be
    EXPECT(cudaHostRegister(b, n * sizeof(float), cudaHostRegisterMapped) == cudaSuccess);
    for (int i = 0; i < n; i++)
        a[i] = (float)i;

    float *da = nullptr, *db = nullptr;
    EXPECT(cudaHostGetDevicePointer(&da, a, 0) == cudaSuccess);
    EXPECT(cudaHostGetDevicePointer((void **)&db, (void *)b, 0) == cudaSuccess);
    EXPECT(da != nullptr && db != nullptr);
    scale<<<(n + 255) / 256, 256>>>(da, db, 2.5f, n);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += b[i] != (float)i * 2.5f;
    EXPECT(wrong == 0);

    // an interior address maps too; flags say mapped
    float *mid = nullptr;
    EXPECT(cudaHostGetDevicePointer(&mid, b + 10, 0) == cudaSuccess && mid == db + 10);
    unsigned flags = 0;
    EXPECT(cudaHostGetFlags(&flags, a) == cudaSuccess && (flags & cudaHostAllocMapped));
    EXPECT(cudaHostGetFlags(&flags, b) == cudaSuccess && (flags & cudaHostRegisterMapped));

    // a texture object over registered memory (it is pinned memory now)
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = db;
    rd.res.linear.desc = cudaCreateChannelDesc<float>();
    rd.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    EXPECT(cudaCreateTextureObject(&tex, &rd, &td, nullptr) == cudaSuccess);
    EXPECT(cudaDestroyTextureObject(tex) == cudaSuccess);

    // the rules
    void *p = nullptr;
    EXPECT(cudaHostRegister(b, 16, 0) == cudaErrorHostMemoryAlreadyRegistered);     // inside a registered range
    EXPECT(cudaHostRegister(b - 2, 16, 0) == cudaErrorHostMemoryAlreadyRegistered); // overlapping its start
    EXPECT(cudaHostRegister(a, 16, 0) == cudaErrorHostMemoryAlreadyRegistered);     // pinned already
    EXPECT(cudaHostRegister(nullptr, 16, 0) == cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(own.data(), 0, 0) == cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(own.data(), 4, 0x100) == cudaErrorInvalidValue);
    EXPECT(cudaHostUnregister(b + 1) == cudaErrorHostMemoryNotRegistered); // not the start
    EXPECT(cudaHostUnregister(a) == cudaErrorHostMemoryNotRegistered);     // pinned, not registered
    EXPECT(cudaHostGetDevicePointer(&p, own.data() + n + 10, 0) == cudaErrorInvalidValue); // pageable
    EXPECT(cudaHostGetDevicePointer(&p, a, 1) == cudaErrorInvalidValue);                    // flags must be 0
    float *dev = nullptr;
    EXPECT(cudaMalloc(&dev, 64) == cudaSuccess);
    EXPECT(cudaHostGetDevicePointer(&p, dev, 0) == cudaErrorInvalidValue); // device memory is not host memory
    EXPECT(cudaFreeHost(b) == cudaErrorInvalidValue);                      // registered memory is the caller's
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);

    EXPECT(cudaHostUnregister(b) == cudaSuccess);
    EXPECT(cudaHostUnregister(b) == cudaErrorHostMemoryNotRegistered);
    EXPECT(cudaHostGetDevicePointer(&p, b, 0) == cudaErrorInvalidValue);
    EXPECT(cudaHostRegister(b, n * sizeof(float), 0) == cudaSuccess); // registers again once unregistered
    EXPECT(cudaHostUnregister(b) == cudaSuccess);
    // unregistered while an object is over it: the object keeps working, and its end frees
    // nothing (the memory is the vector's, freed when it goes; ASan would see a double free)
    EXPECT(cudaHostRegister(b, n * sizeof(float), 0) == cudaSuccess);
    EXPECT(cudaCreateTextureObject(&tex, &rd, &td, nullptr) == cudaSuccess);
    EXPECT(cudaHostUnregister(b) == cudaSuccess);
    EXPECT(cudaHostRegister(b, 16, 0) == cudaErrorHostMemoryAlreadyRegistered); // still held by the object
    EXPECT(cudaDestroyTextureObject(tex) == cudaSuccess);
    EXPECT(cudaHostRegister(b, 16, 0) == cudaSuccess);
    EXPECT(cudaHostUnregister(b) == cudaSuccess);
    EXPECT(cudaFree(dev) == cudaSuccess);
    EXPECT(cudaFreeHost(a) == cudaSuccess);
    cudaGetLastError();
    std::printf("host_mapped_memory: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
