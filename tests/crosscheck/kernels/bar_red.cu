// bar_red.cu -- __syncthreads_count / _and / _or (PTX bar.red.popc / .and / .or) for the two-door
// cross-check (tests/crosscheck).
// SPDX-License-Identifier: MIT
//
// A source of its own: a module that holds an instruction warptex's PTX front end does not run
// fails to load as a whole, so an instruction it lacks must not keep ops.cu's kernels from running.
#include <cuda_runtime.h>

extern "C" __global__ void x_bar_red(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int cnt = __syncthreads_count(v > 0);
    int all = __syncthreads_and(v != 12345);
    int any = __syncthreads_or(v == 0);
    out[2 * i + 0] = cnt;
    out[2 * i + 1] = all | any << 1;
}

#define XC_SOURCE "bar_red"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(x_bar_red))
