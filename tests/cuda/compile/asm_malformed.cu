// asm_malformed.cu -- malformed PTX in an inline asm() (a misspelled opcode): the build fails
// naming the line and the word (tests/cuda.cmake)
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

__device__ unsigned twice(unsigned v)
{
    unsigned r;
    asm("shl.b32 %0, %1, 1;\n\t"
        "addd.u32 %0, %0, 0;" : "=r"(r) : "r"(v));
    return r;
}

__global__ void k(unsigned *out) { out[threadIdx.x] = twice(threadIdx.x); }

int main()
{
    k<<<1, 32>>>(nullptr);
    return 0;
}
