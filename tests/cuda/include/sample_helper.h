/* sample_helper.h -- a helper header written the way CUDA programs' own helpers are: what it
 * declares depends on CUDA's include-guard macros and on __CUDACC__ (tests/cuda/nvcc_compat.cu)
 * SPDX-License-Identifier: MIT */
#ifndef TESTS_CUDA_SAMPLE_HELPER_H
#define TESTS_CUDA_SAMPLE_HELPER_H
#include <cstdio>

#ifdef __DRIVER_TYPES_H__
/* only where the runtime's types are visible */
static inline const char *helper_error_name(cudaError_t e) { return cudaGetErrorName(e); }
#endif

#ifdef __CUDA_RUNTIME_H__
/* only where the runtime itself is: the error check and the device pick */
#define HELPER_CHECK(call) helper_check((call), #call, __LINE__)
static inline bool helper_check(cudaError_t e, const char *what, int line)
{
    if (e != cudaSuccess)
        std::printf("line %d: %s: %s\n", line, what, helper_error_name(e));
    return e == cudaSuccess;
}
/* reads the attributes a device pick reads, each through the error check; then the last error
 * must be clear */
static inline int helper_pick_device(void)
{
    int mode = -1, major = 0, minor = 0, sms = 0, clock = -1;
    bool ok = HELPER_CHECK(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, 0));
    ok &= HELPER_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    ok &= HELPER_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
    ok &= HELPER_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    ok &= HELPER_CHECK(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0));
    ok &= HELPER_CHECK(cudaGetLastError());
    if (!ok || mode == cudaComputeModeProhibited || major < 1 || sms < 1 || clock < 0)
        return -1;
    return 0;
}
#endif

#endif
