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
    void *dynamic_shared; /* extern __shared__ memory of the running block */
    void *block;          /* the launcher's block, NULL outside a kernel */
    /* the texture the block fetched inline from last and its view
     * (texture_fetch_functions.h); 0 / NULL when the block starts */
    unsigned long long lane_tex;
    const void *lane_view;
};
extern __thread struct wt_cuda_thread_state wt_cuda_tls;

#define threadIdx (static_cast<const uint3 &>(wt_cuda_tls.thread_idx))
#define blockIdx (static_cast<const uint3 &>(wt_cuda_tls.block_idx))
#define blockDim (static_cast<const uint3 &>(wt_cuda_tls.block_dim))
#define gridDim (static_cast<const uint3 &>(wt_cuda_tls.grid_dim))
static constexpr int warpSize = 32;

/* extern __shared__ T name[];  (warptex-cxx writes it so): name reads as a
 * T * to the running block's dynamic shared memory, at any scope.  A cast
 * to another pointer type, (U *)name or static_cast<U *>(name), gives the
 * same memory as U * (the array's decayed pointer would be reinterpreted so
 * on the GPU: NVIDIA's SharedMemory<T> returns (T *)__smem of an int array);
 * only explicitly, as a U * is no T * to convert to implicitly. */
#define WT_CUDA_DYNAMIC_SHARED(T, name) static const wt_cuda_dynamic_shared<T> name [[maybe_unused]] = {}
/* U * other than T * (the explicit conversion below; T * itself is implicit) */
template <class T, class U> struct wt_cuda_dynamic_shared_other {
    typedef int type;
};
template <class T> struct wt_cuda_dynamic_shared_other<T, T> {};
template <class T> struct wt_cuda_dynamic_shared {
    operator T *() const { return static_cast<T *>(wt_cuda_tls.dynamic_shared); }
    template <class U, class = typename wt_cuda_dynamic_shared_other<T, U>::type> explicit operator U *() const
    {
        return static_cast<U *>(wt_cuda_tls.dynamic_shared);
    }
    T &operator[](size_t i) const { return static_cast<T *>(wt_cuda_tls.dynamic_shared)[i]; }
};

#endif
