// sad.cu -- __sad / __usad (PTX sad.s32 / sad.u32) for the two-door cross-check (tests/crosscheck).
// SPDX-License-Identifier: MIT
//
// A source of its own: a module that holds an instruction warptex's PTX front end does not run
// fails to load as a whole, so an instruction it lacks must not keep ops.cu's kernels from running.
#include <cuda_runtime.h>

extern "C" __global__ void x_sad(const int *a, const int *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    out[2 * i + 0] = __sad(x, y, 7u);
    out[2 * i + 1] = __usad((unsigned)x, (unsigned)y, 1u);
}

#define XC_SOURCE "sad"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(x_sad))
