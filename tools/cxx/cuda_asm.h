/* cuda_asm.h -- inline PTX asm() statements of device code, rewritten for warptex's runtime (warptex-cxx)
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_ASM_H
#define WT_CUDA_ASM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* wt_cuda_asm_statement: s[i] (of n bytes) starts the word asm, __asm or __asm__ in device code.
 * 1: it is an asm statement; *out (malloc'd) replaces s[i, *end) and keeps its line breaks: the
 * call into the runtime, or, for a statement that cannot run (a template the PTX front end
 * refuses, naming the instruction; malformed PTX; an operand form it does not take), a
 * static_assert saying why, so that the build fails there only if the preprocessor keeps the
 * statement.  0: not a statement it can read (left to the compiler).  -1: out of memory (err).
 * Thread-safety: any thread. */
int wt_cuda_asm_statement(const char *s, size_t n, size_t i, char **out, size_t *end, char *err,
                          size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
