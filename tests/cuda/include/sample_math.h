/* sample_math.h -- a math helper written the way CUDA programs' own are: where __CUDACC__ is not
 * defined (a .cpp file) it defines the min, max and rsqrtf that CUDA's device headers give a .cu
 * file (tests/cuda/nvcc_compat.cu)
 * SPDX-License-Identifier: MIT */
#ifndef TESTS_CUDA_SAMPLE_MATH_H
#define TESTS_CUDA_SAMPLE_MATH_H
#include <cmath>
#ifndef __CUDACC__
#define SAMPLE_MATH_DEFINED_ITS_OWN 1
inline int max(int a, int b) { return a > b ? a : b; }
inline int min(int a, int b) { return a < b ? a : b; }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
#endif
static inline int clamp_int(int v, int lo, int hi) { return max(lo, min(v, hi)); }
#endif
