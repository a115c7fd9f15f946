// fault_test.h -- what the fault programs share: whether the library's build is sanitized (then the
// sanitizer owns SIGSEGV and the program skips), and the EXPECT checks that count failures.
// SPDX-License-Identifier: MIT
#ifndef WT_TESTS_FAULT_TEST_H
#define WT_TESTS_FAULT_TEST_H
#include <cstdio>

#include <cuda_runtime.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define WT_FAULT_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define WT_FAULT_TEST_SANITIZED 1
#endif
#endif
#ifdef WT_FAULT_TEST_SANITIZED
static const bool sanitized = true;
#else
static const bool sanitized = false;
#endif

#include "../include/expect.h"
#define EXPECT_ERR(call, err)                                                              \
    do {                                                                                   \
        const cudaError_t e_ = (call);                                                     \
        if (e_ != (err)) {                                                                 \
            std::printf("%s:%d: %s gave %s, not %s\n", __FILE__, __LINE__, #call,          \
                        cudaGetErrorName(e_), cudaGetErrorName(err));                      \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

#endif
