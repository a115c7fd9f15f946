/* cuda_rewrite.h -- rewrites CUDA launch syntax so that a .cu file compiles as C++ (warptex-cxx)
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_REWRITE_H
#define WT_CUDA_REWRITE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* wt_cuda_rewrite: src (n bytes) with
 *   K<<<CONFIG>>>(ARGS)          -> wt_cuda_launch(WT_CUDA_KERNEL(K), wt_cuda_config(CONFIG), ARGS)
 *   extern __shared__ T name[];  -> WT_CUDA_DYNAMIC_SHARED(T, name);
 * (extern, __shared__, __align__(n) and the type in any order: extern T
 * __shared__ name[]; too; the type's blanks become single spaces)
 * and, in device code (the blocks of kernels, __device__ functions and lambdas), each
 *   asm(TEMPLATE : OUTPUTS : INPUTS : CLOBBERS) -> a call of the runtime's inline PTX
 * (tools/cxx/cuda_asm.c), or a static_assert naming what cannot run; host code's asm stays,
 * where K is a kernel name, possibly qualified (ns::k), with template
 * arguments (k<T, n<3>>, nested), or parenthesised.  Comments, string and
 * character literals (raw strings, digit separators too) are left alone, as
 * are the << and >> operators; line breaks are kept, so line numbers stay.
 * Returns a NUL-terminated malloc'd string (its length in *out_len), or NULL
 * with a message in err (a launch with no kernel name before <<<, no >>>, no
 * argument list after >>>, an unterminated literal or comment; the message
 * names the line) or on exhausted memory.
 * Thread-safety: any thread (no state). */
char *wt_cuda_rewrite(const char *src, size_t n, size_t *out_len, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
