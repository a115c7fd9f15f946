// host_fault_default.cu -- a fault in host code, after warptex's fault handler is installed (at the
// first launch), still has its default action: the process dies with SIGSEGV, as it would without
// warptex.  tests/cuda.cmake expects that signal; "skipped" in sanitizer builds of the library.
// SPDX-License-Identifier: MIT
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "fault_test.h"

__global__ void store_to(int *p) { p[threadIdx.x] = 1; }

int main(int argc, char **argv)
{
    if (sanitized) {
        std::printf("host_fault_default: skipped, a sanitizer build: the sanitizer owns SIGSEGV\n");
        return 0;
    }
    int *p;
    if (cudaMalloc(&p, 32 * sizeof(int)) != cudaSuccess)
        return 1;
    store_to<<<1, 32>>>(p); // installs the handler
    if (cudaDeviceSynchronize() != cudaSuccess)
        return 1;
    std::printf("host_fault_default: faulting in host code\n");
    std::fflush(stdout);
    // an address the compiler cannot see (argv): a real store, not a known-null one it could fold
    volatile int *bad = reinterpret_cast<volatile int *>(std::strtoull(argc > 1 ? argv[1] : "16", nullptr, 0));
    *bad = 1;
    std::printf("host_fault_default: survived a host fault (FAILED)\n");
    return 0;
}
