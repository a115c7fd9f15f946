/* asan_probe.h -- whether the process runs under AddressSanitizer
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_ASAN_PROBE_H
#define WT_CUDA_ASAN_PROBE_H

namespace wt_cuda_rt {
/* True when AddressSanitizer's runtime is linked in: a program built with
 * `warptex-cxx -Xcompiler -fsanitize=address`, whether warptex itself was
 * built with it or not (the library cannot ask its compiler). */
bool asan_in_process(void);
} // namespace wt_cuda_rt

#endif
