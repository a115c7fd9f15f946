/* warptex_nvcc.h -- what nvcc defines and pre-includes for a .cu file, for warptex-cxx to pre-include (warptex)
 * SPDX-License-Identifier: MIT
 *
 * nvcc compiles a .cu file with macros of its own defined and cuda_runtime.h
 * included before the first line (its host pass: -D__CUDACC__ -D__NVCC__
 * -D__CUDACC_VER_MAJOR__=13 ... -include cuda_runtime.h).  warptex-cxx
 * pre-includes this header into each .cu file (`-include warptex_nvcc.h`) to
 * give it the same: programs and libraries test these macros to see that
 * they are compiled as CUDA (helper_math.h defines its own min, max and
 * rsqrtf where __CUDACC__ is not defined; CUDA's headers use the version).
 * The version is 13.0, the CUDA whose API the headers mirror (CUDART_VERSION).
 * A .cpp file gets none of this, as under nvcc.
 *
 * __CUDA_ARCH__: nvcc compiles a .cu file once for the host (no
 * __CUDA_ARCH__) and once per GPU architecture (__CUDA_ARCH__ = 800, ...);
 * warptex compiles it once, as both.  So warptex-cxx's rewrite gives
 * __CUDA_ARCH__ the device pass's value (__WARPTEX_CUDA_ARCH__, from -arch)
 * in device code -- kernels' and __device__ functions' bodies, file-scope
 * #if groups that hold only device code -- and leaves it undefined elsewhere
 * (host code, __host__ __device__ functions), where the host pass's branch
 * is the one that works (docs/cuda.md).  __CUDA_ARCH_LIST__, __CUDACC_RDC__,
 * __CUDACC_EXTENDED_LAMBDA__ and __CUDACC_RELAXED_CONSTEXPR__ follow the
 * command line (-arch, -rdc=true, --extended-lambda,
 * --expt-relaxed-constexpr), so warptex-cxx defines them, not this header. */
#ifndef WARPTEX_CUDA_NVCC_H
#define WARPTEX_CUDA_NVCC_H

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
#define __CUDA_API_VER_MAJOR__ 13
#define __CUDA_API_VER_MINOR__ 0

#include "cuda_runtime.h"

#endif
