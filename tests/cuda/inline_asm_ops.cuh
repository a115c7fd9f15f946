// inline_asm_ops.cuh -- a header of inline_asm.cu's own: an asm() in a __device__ function of a
// header the program includes, which warptex-cxx rewrites as it rewrites the .cu file
// SPDX-License-Identifier: MIT
#ifndef INLINE_ASM_OPS_CUH
#define INLINE_ASM_OPS_CUH

// the sum of the absolute differences of a's and b's four bytes, plus c (as NVIDIA's __usad4
// computes it, written here for this test)
__device__ inline unsigned int sad4_plus(unsigned int a, unsigned int b, unsigned int c)
{
    unsigned int r;
    asm("vabsdiff4.u32.u32.u32.add"
        " %0, %1, %2, %3;"
        : "=r"(r)
        : "r"(a), "r"(b), "r"(c));
    return r;
}

// the position of the highest set bit (0xffffffff for 0)
__device__ inline unsigned int highest_bit(unsigned int word)
{
    unsigned int ret;
    asm volatile("bfind.u32 %0, %1;" : "=r"(ret) : "r"(word));
    return ret;
}

#endif
