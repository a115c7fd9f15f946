// expect.h -- the checks the CUDA test programs count their failures with: EXPECT(cond) prints the
// file, line and condition of a failed check and counts it in `failures`, which each program reports
// ("FAILED" at its end when not 0).
// SPDX-License-Identifier: MIT
#ifndef WT_TESTS_CUDA_EXPECT_H
#define WT_TESTS_CUDA_EXPECT_H
#include <cstdio>

[[maybe_unused]] static int failures = 0;
#define EXPECT(cond)                                                                       \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            std::printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);           \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)
#endif
