// bad_launch.cu -- must not compile: a launch whose >>> is missing (warptex-cxx names file and line).
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

__global__ void k(int *p) { *p = 1; }

int main()
{
    int *p = nullptr;
    k<<<1, 1(p);
    return 0;
}
