// device_assert.cu -- assert() in a kernel as CUDA's: the failed assertion is printed with its block
// and thread, the thread ends and the launch fails with the sticky cudaErrorAssert (NVIDIA's
// simpleAssert checks for it); the process goes on.  An assertion that holds costs nothing, and
// <cassert> included after cuda_runtime.h keeps it so.  The expected stderr line is in
// tests/cuda.cmake.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cassert>
#include <cstdio>

#include "include/expect.h"

__global__ void check_index(int n, int *after)
{
    const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    assert(gtid < n);
    atomicAdd(after, 1); // a thread whose assertion failed never gets here
}

int main()
{
    int *after;
    EXPECT(cudaMallocManaged(&after, sizeof *after) == cudaSuccess);
    *after = 0;
    assert(after != nullptr); // on the host, one that holds

    check_index<<<2, 32>>>(64, after); // every assertion holds
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(*after == 64);

    *after = 0;
    check_index<<<2, 32>>>(60, after); // block 1's threads 28..31 fail
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("cudaDeviceSynchronize: %s\n", cudaGetErrorName(e));
    EXPECT(e == cudaErrorAssert);
    EXPECT(*after < 64);
    EXPECT(cudaGetLastError() == cudaErrorAssert); // sticky
    EXPECT(cudaMemset(after, 0, sizeof *after) == cudaErrorAssert);
    std::printf("device_assert: %s\n", failures ? "FAILED" : "ok");
    cudaDeviceReset(); // clears the sticky error, so that the free is taken (LeakSanitizer)
    cudaFree(after);
    return failures != 0;
}
