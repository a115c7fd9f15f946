// ffs.cu -- __ffs / __ffsll (PTX brev + bfind.shiftamt) for the two-door cross-check (tests/crosscheck).
// SPDX-License-Identifier: MIT
//
// A source of its own: a module that holds an instruction warptex's PTX front end does not run
// fails to load as a whole, so an instruction it lacks must not keep ops.cu's kernels from running.
#include <cuda_runtime.h>

extern "C" __global__ void x_ffs(const int *a, const int *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    out[2 * i + 0] = (unsigned)__ffs(x) | (unsigned)__ffs(y) << 8;
    out[2 * i + 1] = (unsigned)__ffsll((long long)((unsigned long long)(unsigned)x << 32 | (unsigned)y)) |
                     (unsigned)__ffsll((long long)(unsigned)y << 20) << 8;
}

#define XC_SOURCE "ffs"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(x_ffs))
