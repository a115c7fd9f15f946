/* host_defines.h -- CUDA's qualifiers and attributes, spelled for a C++ compiler (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Part of warptex's CUDA-named headers: with -I <prefix>/include/warptex/cuda a
 * .cu file compiles as C++17 and runs on the CPU (docs/cuda.md).  Every kernel
 * thread is a CPU function call; a block runs on one OS
 * thread, its threads as cooperative fibers (src/cuda/launch.cpp).
 *
 * __shared__ is `static thread_local`: the threads of a block all run on one
 * OS thread and each OS thread runs one block at a time, so a thread-local
 * static is exactly one copy per running block, as on the GPU.  (Dynamic
 * shared memory, `extern __shared__ T s[];`, is rewritten by warptex-cxx into
 * WT_CUDA_DYNAMIC_SHARED(T, s); compiled without the driver, write that macro.) */
#ifndef WARPTEX_CUDA_HOST_DEFINES_H
#define WARPTEX_CUDA_HOST_DEFINES_H
#define __HOST_DEFINES_H__ /* CUDA's own include guard: code tests it to see what is declared */

#ifndef __cplusplus
#error "warptex's CUDA headers are C++ (compile the .cu file as C++17, e.g. with warptex-cxx)"
#endif
#if __cplusplus < 201703L
#error "warptex's CUDA headers need C++17 (-std=c++17)"
#endif

/* Marks this as warptex's CUDA on the CPU.  __CUDACC__ and nvcc's other
 * macros are defined by warptex_nvcc.h, which warptex-cxx pre-includes into
 * .cu files only (as nvcc defines them); __CUDA_ARCH__ only where warptex-cxx
 * sees device code (warptex_nvcc.h says how). */
#define __WARPTEX_CUDA__ 1
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __shared__ static thread_local
#define __forceinline__ inline __attribute__((always_inline))
/* libstdc++'s <memory> (bits/shared_ptr_base.h) spells an attribute __attribute__((__noinline__)),
 * which the macro below would break: it is read first, and its include guard keeps it from being
 * read again after (nvcc defines the macro in device passes only; here there is one pass) */
#if defined(__cplusplus) && defined(__has_include)
#if __has_include(<memory>)
#include <memory>
#endif
#endif
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __grid_constant__
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define CUDART_CB
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))

/* Fails to compile, naming the call: for CUDA APIs warptex does not provide. */
namespace wt_cuda_detail {
template <class...> struct always_false { static constexpr bool value = false; };
}
#define WT_CUDA_UNSUPPORTED(name, why)                                                        \
    template <class... A> inline int name(A...)                                               \
    {                                                                                         \
        static_assert(::wt_cuda_detail::always_false<A...>::value,                            \
                      "warptex: " #name " is not supported on the CPU (" why ")");            \
        return 0;                                                                             \
    }

#endif
