/* cuda_internal.h -- shared state of the CUDA runtime layer (errors), private to src/cuda
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_INTERNAL_H
#define WT_CUDA_INTERNAL_H

#include "cuda_runtime.h"
#include "warptex.h"

namespace wt_cuda_rt {
/* The most dynamic shared memory a block may have: what a launch may ask for, the device's
 * sharedMemPerBlock(Optin), a kernel's default and largest cudaFuncAttributeMaxDynamicSharedMemorySize. */
constexpr size_t max_dynamic_shared = 48 * 1024;
/* The process's sticky error (cudaSuccess when none). */
cudaError_t sticky(void);
/* Makes e the sticky error (the first one wins) and says why on stderr once. */
void set_sticky(cudaError_t e, const char *why);
/* Records e as this thread's last error (not cudaSuccess) and returns it. */
cudaError_t fail(cudaError_t e);
/* fail(e), first saying why on stderr ("warptex: " and the printf-style message): for errors
 * whose code alone does not tell a program what went wrong (an unregistered kernel, a graph's cycle). */
cudaError_t fail_why(cudaError_t e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The last error of the CUDA thread that runs now (launch.cpp): cudaSuccess when the thread
 * starts.  Only inside a kernel (wt_cuda_tls.block set). */
cudaError_t *kernel_last_error(void);
/* Ends the running CUDA thread's block with a fault (cudaErrorLaunchFailure, sticky) saying why,
 * as __trap() does.  Only inside a kernel. */
[[noreturn]] void kernel_fault(const char *why);
/* The running block runs its threads as a loop (thread_loops.cpp): a barrier or warp meeting
 * reached then was not seen by the compiler pass, and faults the block.  Reset per block. */
extern thread_local bool t_block_as_loop;
/* cudaSuccess, or the sticky error recorded as last error: the start of every call. */
cudaError_t enter(void);
/* A warptex status as the CUDA error CUDA gives for the same fault. */
cudaError_t from_status(wt_status s);
/* The null stream or a live one. */
bool stream_ok(cudaStream_t s);
/* cudaSuccess, or what a launch of this shape gets: cudaErrorInvalidConfiguration for a grid or
 * block CUDA refuses (an empty one, a grid over 2^31-1 x 65535 x 65535 blocks, a block over 1024
 * threads or 1024 x 1024 x 64), cudaErrorInvalidValue for more dynamic shared memory than
 * max_dynamic_shared.  Records nothing (launch.cpp). */
cudaError_t launch_shape_error(dim3 grid, dim3 block, size_t shared_bytes);
/* Resets both (cudaDeviceReset). */
void reset(void);
/* The device clock's rate in kHz, what cudaDevAttrClockRate says and what clock()
 * and clock64() in a kernel tick at (device_clock.cpp). */
int clock_khz(void);
/* cudaFree has returned p: if a pool counted it, the pool no longer does (memory_pools.cpp). */
void pool_block_freed(void *p);

/* Whether a copy or set may touch [p, p + bytes): true when the range lies inside one live
 * device allocation (cudaMalloc, cudaMallocManaged, cudaMallocPitch, cudaMalloc3D; interior
 * pointers included) or does not start in one (host memory, pinned memory included: unchecked, as
 * CUDA's); false when it starts in a device allocation (or in the padding after one) and runs past
 * its end, starts in a block freed while objects hold it (hold_range), or wraps the address space.
 * Thread-safe, O(log allocations).  Records nothing. */
bool device_range_ok(const void *p, size_t bytes);
/* Whether [p, p + bytes) lies inside one live allocation the device can address: a device
 * allocation as above, or pinned host memory (cudaMallocHost, cudaHostAlloc), which CUDA's
 * memsets and texture objects accept too.  Pageable host memory, a block's padding, a freed block
 * and a range past a block's end are not.  bytes is at least 1.  Thread-safe, O(log allocations). */
bool device_accessible(const void *p, size_t bytes);
/* Texture and surface objects over linear memory hold the allocation they read, as an object over
 * an array keeps the array: cudaFree (cudaFreeHost) of a held block ends the allocation at once
 * (later calls find none there) but its memory is returned when the last holder lets go, so a
 * kernel fetching through a stale object reads what the block last held, never freed memory.
 * hold_range: the base of the allocation device_accessible(p, bytes) finds, now held; nullptr
 * when there is none.  release_hold: lets go of a base hold_range gave. */
void *hold_range(const void *p, size_t bytes);
void release_hold(void *base);
/* A graph's allocation node's block (docs/cuda.md#graph-memory): its address is fixed when the
 * node is added, and it is a device allocation from the node's launch until a free node, cudaFree
 * or cudaFreeAsync frees it, which leaves the memory to the graph for its next launch.
 * graph_reserve: the memory (null when there is none); graph_map: makes it an allocation
 * (cudaErrorInvalidValue if it still is one); graph_unmap: ends the allocation, false if there was
 * none; graph_unreserve: ends it if need be and returns the memory.  Thread-safe. */
void *graph_reserve(size_t size);
cudaError_t graph_map(void *p, size_t size);
bool graph_unmap(void *p);
void graph_unreserve(void *p, size_t size);
/* The bytes from a pitched pointer to one past the last byte that a box of rows x slices rows of
 * row_bytes at (x bytes, y, z) touches: (z + slices - 1) * slice_pitch + (y + rows - 1) * pitch +
 * x + row_bytes.  false when that overflows size_t.  rows and slices are at least 1. */
bool pitched_extent(size_t pitch, size_t slice_pitch, size_t x, size_t y, size_t z, size_t row_bytes, size_t rows,
                    size_t slices, size_t *bytes);
} // namespace wt_cuda_rt

#endif
