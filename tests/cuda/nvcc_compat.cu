// nvcc_compat.cu -- what a .cu file sees as under nvcc: nvcc's macros (warptex_nvcc.h, which
// warptex-cxx pre-includes), CUDA's include guards, every cudaDeviceAttr answered, cudaDeviceProp,
// and a program's own helper headers that branch on those (include/sample_helper.h,
// include/sample_math.h).  Prints one line per failed check and "FAILED" at the end if any failed.
// SPDX-License-Identifier: MIT
// Nothing is included before the checks: warptex-cxx pre-includes warptex_nvcc.h, as nvcc defines
// its macros and pre-includes cuda_runtime.h.
#include <cstdio>
#include <cstring>

#if !defined(__CUDACC__) || !defined(__NVCC__) || __CUDACC_VER_MAJOR__ != 13 || __CUDACC_VER_MINOR__ != 0 ||   \
    !defined(__CUDACC_VER_BUILD__) || __CUDA_API_VER_MAJOR__ != 13 || CUDART_VERSION != 13000 ||                  \
    __CUDART_API_VERSION != 13000
#error "nvcc's macros for a .cu file are missing or name another CUDA"
#endif
#ifdef __CUDA_ARCH__
#error "__CUDA_ARCH__ is defined: warptex's one pass is the host's"
#endif
#if !defined(__CUDA_RUNTIME_H__) || !defined(__CUDA_RUNTIME_API_H__) || !defined(__DRIVER_TYPES_H__) ||          \
    !defined(__VECTOR_TYPES_H__) || !defined(__TEXTURE_TYPES_H__) || !defined(__SURFACE_TYPES_H__) ||              \
    !defined(__CHANNEL_DESCRIPTOR_H__) || !defined(__HOST_DEFINES_H__) || !defined(__VECTOR_FUNCTIONS_H__) ||      \
    !defined(__CUDA_FP16_H__) || !defined(__DEVICE_LAUNCH_PARAMETERS_H__) ||                                        \
    !defined(__DEVICE_ATOMIC_FUNCTIONS_H__) || !defined(__DEVICE_FUNCTIONS_H__) ||                                 \
    !defined(__SURFACE_INDIRECT_FUNCTIONS_H__) || !defined(__TEXTURE_INDIRECT_FUNCTIONS_H__)
#error "cuda_runtime.h does not define CUDA's include guards"
#endif

// What nvcc's pre-included headers declare, which programs use without including anything
// (volumeFiltering's UINT_MAX): <limits.h>, <cmath> and <limits>, <string.h>, <stdlib.h>, <time.h>
static_assert(UINT_MAX == 0xffffffffu && INT_MAX == 0x7fffffff && CHAR_BIT == 8 && LONG_MAX > 0,
              "<limits.h> is not pre-included");
static_assert(std::numeric_limits<int>::max() == INT_MAX, "<limits> is not pre-included");
static inline double implicit_names(double a)
{
    return std::sqrt(a) + M_PI + fabs(a) + (double)strlen("x") + (double)abs(-1) + (double)rand() + (double)time(0);
}

#include "include/sample_helper.h"
#include "include/sample_math.h"
#ifdef SAMPLE_MATH_DEFINED_ITS_OWN
#error "sample_math.h saw no __CUDACC__"
#endif
// A .cpp file has no __CUDACC__: its math helper defines min, max and rsqrtf of its own, and those
// must not clash with CUDA's (the same header included once more, as a .cpp would see it).
#undef __CUDACC__
#undef TESTS_CUDA_SAMPLE_MATH_H
#define clamp_int clamp_int_cpp
#include "include/sample_math.h"
#undef clamp_int
#ifndef SAMPLE_MATH_DEFINED_ITS_OWN
#error "sample_math.h did not take its .cpp path"
#endif
#define __CUDACC__ 1

#include "include/expect.h"

__global__ void uses_device_min_max(int *out, float *f)
{
    out[threadIdx.x] = clamp_int((int)threadIdx.x - 2, 0, 3) + max(1u, threadIdx.x) + min(-1, (int)threadIdx.x);
    f[threadIdx.x] = rsqrtf(4.0f) + fminf(1.0f, (float)threadIdx.x);
}

int main()
{
    EXPECT(implicit_names(4.0) > 2.0); // the pre-included names are usable, not only declared
    // the helper's device pick: every attribute it reads succeeds and leaves no error behind
    EXPECT(helper_pick_device() == 0);

    // every cudaDeviceAttr of CUDA 13.0 succeeds, leaves no last error; other values are refused
    int n = 0;
#define TRY_ATTR(name, value)                                                                   \
    {                                                                                           \
        int v = -12345;                                                                         \
        const cudaError_t e = cudaDeviceGetAttribute(&v, name, 0);                              \
        if (e != cudaSuccess || v == -12345 || cudaPeekAtLastError() != cudaSuccess) {          \
            std::printf("%s: %s, value %d\n", #name, cudaGetErrorName(e), v);                   \
            failures++;                                                                         \
        }                                                                                       \
        n++;                                                                                    \
    }
    WT_CUDA_DEVICE_ATTR_LIST(TRY_ATTR)
#undef TRY_ATTR
    EXPECT(n == 137);
    int v = 0;
    EXPECT(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)44, 0) == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT(cudaDeviceGetAttribute(&v, cudaDevAttrMax, 0) == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1) == cudaErrorInvalidDevice);
    EXPECT(cudaGetLastError() == cudaErrorInvalidDevice);

    // the attributes and the properties describe the same machine
    cudaDeviceProp p;
    std::memset(&p, 0x7f, sizeof p);
    EXPECT(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
    auto attr = [](cudaDeviceAttr a) {
        int x = -1;
        return cudaDeviceGetAttribute(&x, a, 0) == cudaSuccess ? x : -1;
    };
    EXPECT(attr(cudaDevAttrComputeMode) == cudaComputeModeDefault);
    EXPECT(attr(cudaDevAttrMultiProcessorCount) == p.multiProcessorCount && p.multiProcessorCount >= 1);
    EXPECT(attr(cudaDevAttrComputeCapabilityMajor) == p.major && attr(cudaDevAttrComputeCapabilityMinor) == p.minor);
    EXPECT(attr(cudaDevAttrWarpSize) == 32 && p.warpSize == 32);
    EXPECT(attr(cudaDevAttrMaxThreadsPerBlock) == p.maxThreadsPerBlock);
    EXPECT(attr(cudaDevAttrMaxTexture3DDepth) == p.maxTexture3D[2]);
    EXPECT(attr(cudaDevAttrMaxSurface2DLayeredLayers) == p.maxSurface2DLayered[2]);
    EXPECT(attr(cudaDevAttrMaxTexture2DMipmappedWidth) == p.maxTexture2DMipmap[0]);
    EXPECT(attr(cudaDevAttrMaxRegistersPerMultiprocessor) == p.regsPerMultiprocessor);
    EXPECT(attr(cudaDevAttrL2CacheSize) == p.l2CacheSize);
    EXPECT(attr(cudaDevAttrCooperativeLaunch) == 0 && p.cooperativeLaunch == 0);
    EXPECT(attr(cudaDevAttrIntegrated) == 1 && attr(cudaDevAttrUnifiedAddressing) == 1);
    EXPECT(attr(cudaDevAttrClockRate) >= 0);
    EXPECT(p.totalGlobalMem > 0 && p.reserved[0] == 0 && p.uuid.bytes[15] == 0 && p.ECCEnabled == 0);
    EXPECT(std::strncmp(p.name, "warptex CPU", 11) == 0);
    // the clock is the CPU's where the system reports one
    if (std::FILE *f = std::fopen("/proc/cpuinfo", "r")) {
        char line[256];
        bool has_mhz = false;
        while (std::fgets(line, sizeof line, f))
            has_mhz |= std::strncmp(line, "cpu MHz", 7) == 0;
        std::fclose(f);
        if (has_mhz)
            EXPECT(attr(cudaDevAttrClockRate) > 0);
    }

    // CUDA's min, max, rsqrtf in a kernel; the .cpp helper's own beside them
    int *out = nullptr;
    float *f = nullptr;
    EXPECT(cudaMallocManaged(&out, 8 * sizeof(int)) == cudaSuccess);
    EXPECT(cudaMallocManaged(&f, 8 * sizeof(float)) == cudaSuccess);
    uses_device_min_max<<<1, 8>>>(out, f);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int t = 0; t < 8; t++) {
        const int want = (t - 2 < 0 ? 0 : t - 2 > 3 ? 3 : t - 2) + (t > 1 ? t : 1) + (t < -1 ? t : -1);
        EXPECT(out[t] == want);
        EXPECT(f[t] == 0.5f + (t < 1 ? (float)t : 1.0f));
    }
    EXPECT(clamp_int_cpp(9, 0, 3) == 3 && max(2, 5) == 5 && min(2, 5) == 2 && rsqrtf(16.0f) == 0.25f);
    cudaFree(out);
    cudaFree(f);

    // the templated allocators take a pointer to a pointer to const, as CUDA's
    const float *ro = nullptr;
    const int *ro_host = nullptr;
    EXPECT(cudaMalloc(&ro, 64 * sizeof(float)) == cudaSuccess && ro != nullptr);
    EXPECT(cudaMallocHost(&ro_host, 16) == cudaSuccess && ro_host != nullptr);
    int *pinned = nullptr;
    EXPECT(cudaHostAlloc(&pinned, 64, cudaHostAllocPortable) == cudaSuccess && pinned != nullptr);
    EXPECT(cudaFreeHost(pinned) == cudaSuccess);
    EXPECT(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost) == cudaSuccess);
    EXPECT(cudaFree(const_cast<float *>(ro)) == cudaSuccess && cudaFreeHost(const_cast<int *>(ro_host)) == cudaSuccess);

    std::printf("nvcc_compat: %d attributes\n", n);
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
