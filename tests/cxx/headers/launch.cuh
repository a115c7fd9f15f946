// launch.cuh -- a header of the program with a kernel and its launch
// SPDX-License-Identifier: MIT
#pragma once
#include "nested/more.cuh"

__global__ void set_kernel(int *v) { v[threadIdx.x] = (int)threadIdx.x + 1; }

inline void launch_set(int *v) { set_kernel<<<1, 2>>>(v); }
#ifdef WARN_FROM_HEADER
#warning "a diagnostic from launch.cuh"
#endif
