// texture_call_fault.cu -- a fault inside a texture call (here: a linear texture whose memory the
// program made inaccessible) is not turned into a CUDA error: the library's state may be half changed
// there.  warptex says so on stderr and the fault takes its default course; tests/cuda.cmake expects
// the message and SIGSEGV.  "skipped" in sanitizer builds of the library.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda_runtime.h>

#include "fault_test.h"

__global__ void fetch(cudaTextureObject_t t, float *out, int at) { out[threadIdx.x] = tex1Dfetch<float>(t, at); }

int main()
{
    if (sanitized) {
        std::printf("texture_call_fault: skipped, a sanitizer build: the sanitizer owns SIGSEGV\n");
        return 0;
    }
    const size_t bytes = 1 << 20, page = (size_t)sysconf(_SC_PAGESIZE);
    float *data, *out;
    if (cudaMalloc(&data, bytes) != cudaSuccess || cudaMalloc(&out, 32 * sizeof(float)) != cudaSuccess)
        return 1;
    cudaResourceDesc rd{};
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = data;
    rd.res.linear.desc = cudaCreateChannelDesc<float>();
    rd.res.linear.sizeInBytes = bytes;
    cudaTextureDesc td{};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t;
    if (cudaCreateTextureObject(&t, &rd, &td, nullptr) != cudaSuccess)
        return 1;
    // a page in the middle of the texture's memory, made inaccessible behind the library's back
    char *mid = reinterpret_cast<char *>((reinterpret_cast<uintptr_t>(data) + bytes / 2) & ~(uintptr_t)(page - 1));
    if (mprotect(mid, page, PROT_NONE) != 0)
        return 1;
    std::printf("texture_call_fault: fetching from an inaccessible page\n");
    std::fflush(stdout);
    fetch<<<1, 32>>>(t, out, (int)((mid - reinterpret_cast<char *>(data)) / sizeof(float)));
    std::printf("texture_call_fault: survived (FAILED): %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
