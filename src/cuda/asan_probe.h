/* asan_probe.h -- whether the process runs under AddressSanitizer
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_ASAN_PROBE_H
#define WT_CUDA_ASAN_PROBE_H

#include <stddef.h>

namespace wt_cuda_rt {
/* True when AddressSanitizer's runtime is linked in: a program built with
 * `warptex-cxx -Xcompiler -fsanitize=address`, whether warptex itself was
 * built with it or not (the library cannot ask its compiler). */
bool asan_in_process(void);

/* Clears AddressSanitizer's marks on a stack whose frames were left by a jump (a faulting fiber):
 * an instrumented function poisons its redzones on entry and clears them on return, so frames
 * never returned from leave poison that a later fiber on the pooled stack would trip over (a
 * false stack-buffer-underflow).  Does nothing without ASan. */
void asan_forget_frames(void *base, size_t size);
} // namespace wt_cuda_rt

#endif
