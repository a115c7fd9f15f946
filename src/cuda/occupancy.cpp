/* occupancy.cpp -- the occupancy calculator for the CPU device: one block per multiprocessor
 * SPDX-License-Identifier: MIT
 *
 * A multiprocessor is one of the library's threads, which runs one block at a
 * time (its threads as fibers), so a block that can be launched at all (1 to
 * 1024 threads, at most 48 KiB of dynamic shared memory) has one active block
 * per multiprocessor, and the block size that fills a multiprocessor is the
 * largest, 1024 (cuda_runtime.h's cudaOccupancyMaxPotentialBlockSize). */
#include "cuda_internal.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

extern "C" {
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize,
                                                                   size_t dynamicSMemSize, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!numBlocks || !func || blockSize <= 0 || flags > 1u)
        return fail(cudaErrorInvalidValue);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    *numBlocks = blockSize <= p.maxThreadsPerBlock && dynamicSMemSize <= p.sharedMemPerBlock ? 1 : 0;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                          size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, 0);
}
}
