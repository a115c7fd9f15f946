/* device_launch_parameters.h -- threadIdx, blockIdx, blockDim, gridDim, warpSize (warptex)
 * SPDX-License-Identifier: MIT
 *
 * The built-ins read the running CUDA thread's state, which the launcher
 * (src/cuda/launch.cpp) keeps per OS thread and updates at every switch
 * between the fibers of a block.  Outside a kernel they read zeros. */
#ifndef WARPTEX_CUDA_DEVICE_LAUNCH_PARAMETERS_H
#define WARPTEX_CUDA_DEVICE_LAUNCH_PARAMETERS_H
#define __DEVICE_LAUNCH_PARAMETERS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <stddef.h>

#include "vector_types.h"

/* The running CUDA thread, per OS thread. */
struct wt_cuda_thread_state {
    uint3 thread_idx, block_idx, block_dim, grid_dim;
    void *block;          /* the launcher's block, NULL outside a kernel */
    /* the texture the block fetched inline from last and its view
     * (texture_fetch_functions.h); 0 / NULL when the block starts */
    unsigned long long lane_tex;
    const void *lane_view;
    /* the texture the block fetched from last through its one-lane kernel and
     * that object (src/cuda/lane_fetch.cpp); 0 / NULL when the block starts */
    unsigned long long lane_obj_tex;
    const void *lane_obj;
};
extern __thread struct wt_cuda_thread_state wt_cuda_tls;

#define threadIdx (static_cast<const uint3 &>(wt_cuda_tls.thread_idx))
#define blockIdx (static_cast<const uint3 &>(wt_cuda_tls.block_idx))
#define blockDim (static_cast<const uint3 &>(wt_cuda_tls.block_dim))
#define gridDim (static_cast<const uint3 &>(wt_cuda_tls.grid_dim))
static constexpr int warpSize = 32;

/* extern __shared__ T name[];  (warptex-cxx writes it so): name is what it is
 * on the GPU, an array of T of unknown bound over the running block's dynamic
 * shared memory, at any scope.  So it decays to T *, indexes, and casts as the
 * array does: (U *)name, reinterpret_cast<U *>(name).  It is a reference per
 * OS thread (thread_local) to that thread's dynamic shared memory, which a
 * block runs on and whose address never changes (wt_cuda_dynamic_shared_base,
 * made with the thread's first launch), so one binding serves every launch. */
template <class T> using wt_cuda_unbounded = T[];
extern "C" void *wt_cuda_dynamic_shared_base(void);
#define WT_CUDA_DYNAMIC_SHARED(T, name)                                              \
    static thread_local wt_cuda_unbounded<T> &name [[maybe_unused]] =                \
        *static_cast<wt_cuda_unbounded<T> *>(wt_cuda_dynamic_shared_base())

#endif
