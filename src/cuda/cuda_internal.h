/* cuda_internal.h -- shared state of the CUDA runtime layer (errors), private to src/cuda
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_INTERNAL_H
#define WT_CUDA_INTERNAL_H

#include "cuda_runtime.h"
#include "warptex.h"

namespace wt_cuda_rt {
/* The process's sticky error (cudaSuccess when none). */
cudaError_t sticky(void);
/* Makes e the sticky error (the first one wins) and says why on stderr once. */
void set_sticky(cudaError_t e, const char *why);
/* Records e as this thread's last error (not cudaSuccess) and returns it. */
cudaError_t fail(cudaError_t e);
/* cudaSuccess, or the sticky error recorded as last error: the start of every call. */
cudaError_t enter(void);
/* A warptex status as the CUDA error CUDA gives for the same fault. */
cudaError_t from_status(wt_status s);
/* The null stream or a live one. */
bool stream_ok(cudaStream_t s);
/* Resets both (cudaDeviceReset). */
void reset(void);
} // namespace wt_cuda_rt

#endif
