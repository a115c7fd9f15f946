/* cuda_device_runtime_api.h -- what a kernel adds to the runtime API: launches from device code
 * (dynamic parallelism) and their two special streams (warptex)
 * SPDX-License-Identifier: MIT
 *
 * A launch made by a CUDA thread (K<<<...>>>, cudaLaunchKernel) does not run at once: it is
 * recorded with a copy of its arguments and runs after the grid that made it has finished, before
 * that grid's launch returns to the host.  A grid's launches run in the order they were made (a
 * grid's own launches after it, before the next), those made into cudaStreamTailLaunch after the
 * rest.  That is one of the orders the GPU may choose: a parent cannot wait for its child in CUDA
 * 12 (device-side cudaDeviceSynchronize is gone), so no correct program can tell.  The host's grid
 * is at depth 0; a grid at depth 24 cannot launch (cudaErrorLaunchMaxDepthExceeded), nor can any
 * grid while cudaLimitDevRuntimePendingLaunchCount launches wait to run
 * (cudaErrorLaunchPendingCountExceeded).  A launched grid's fault is its launcher's: sticky, seen
 * by the host's next call.  docs/cuda.md#dynamic-parallelism. */
#ifndef WARPTEX_CUDA_DEVICE_RUNTIME_API_H
#define WARPTEX_CUDA_DEVICE_RUNTIME_API_H
#define __CUDA_DEVICE_RUNTIME_API_H__ /* CUDA's own include guard */

#include "driver_types.h"

/* CUDA's two streams of device code (their values are CUDA's): work launched into
 * cudaStreamTailLaunch runs after the launching grid and everything else it launched;
 * cudaStreamFireAndForget's runs on its own, ordered with nothing. */
#define cudaStreamTailLaunch ((cudaStream_t)0x3)
#define cudaStreamFireAndForget ((cudaStream_t)0x4)

/* The deepest grid that may still launch, the host's grid being at depth 0 (CUDA's 24 levels). */
#define WT_CUDA_MAX_LAUNCH_DEPTH 24

#endif
