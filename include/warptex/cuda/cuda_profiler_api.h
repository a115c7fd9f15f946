/* cuda_profiler_api.h -- cudaProfilerStart/Stop: succeed and do nothing, no profiler runs on the CPU (warptex)
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_CUDA_PROFILER_API_H
#define WARPTEX_CUDA_PROFILER_API_H
#define __CUDA_PROFILER_API_H__ /* CUDA's own include guard */

#include "cuda_runtime_api.h"

extern "C" {
/* cudaSuccess (or the sticky error, as every call) */
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}

#endif
