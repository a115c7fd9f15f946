// more.cuh -- included by launch.cuh from a subdirectory; launches with a stream argument
// SPDX-License-Identifier: MIT
#pragma once

__global__ void more_kernel(int *v) { *v = 3; }

inline void launch_more(int *v) { more_kernel<<<dim3(1), dim3(1), 0, 0>>>(v); }
