/* check.h -- the examples' error check: print the failing call and CUDA's error, exit 1
 * SPDX-License-Identifier: MIT */
#ifndef EXAMPLES_CUDA_CHECK_H
#define EXAMPLES_CUDA_CHECK_H
#include <cstdio>
#include <cstdlib>
#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t e_ = (call);                                                                     \
        if (e_ != cudaSuccess) {                                                                     \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            std::exit(1);                                                                            \
        }                                                                                            \
    } while (0)
#endif
