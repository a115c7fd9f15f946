// fill.cpp -- host C++ of a mixed program, given as a .cpp (and, with -x cu, compiled as CUDA)
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#ifdef FILL_IS_CUDA
__global__ void fill_kernel(int *v, int value) { v[threadIdx.x] = value; }
void fill(int *v, int n, int value) { fill_kernel<<<1, n>>>(v, value); }
#else
void fill(int *v, int n, int value)
{
    for (int i = 0; i < n; i++)
        v[i] = value;
}
#endif
