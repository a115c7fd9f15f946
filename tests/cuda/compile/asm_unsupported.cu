// asm_unsupported.cu -- an inline asm() warptex cannot run for one thread (a warp shuffle): the
// build fails naming the instruction and the line (tests/cuda.cmake)
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

__global__ void k(unsigned *out)
{
    unsigned v = threadIdx.x, r;
    asm volatile("shfl.sync.idx.b32 %0, %1, 0, 31, 0xffffffff;" : "=r"(r) : "r"(v));
    out[threadIdx.x] = r;
}

int main()
{
    k<<<1, 32>>>(nullptr);
    return 0;
}
