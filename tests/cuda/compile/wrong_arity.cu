// wrong_arity.cu -- must not compile: a kernel launched with the wrong number of arguments.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

__global__ void k(int *p, int v) { *p = v; }

int main()
{
    int *p = nullptr;
    k<<<1, 1>>>(p);
    return 0;
}
