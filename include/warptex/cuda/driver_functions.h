/* driver_functions.h -- make_cudaExtent, make_cudaPos, make_cudaPitchedPtr (warptex)
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_CUDA_DRIVER_FUNCTIONS_H
#define WARPTEX_CUDA_DRIVER_FUNCTIONS_H
#define __DRIVER_FUNCTIONS_H__ /* CUDA's own include guard */

#include "builtin_types.h"
#include "host_defines.h"

static inline struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { return cudaExtent{w, h, d}; }
static inline struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return cudaPos{x, y, z}; }
static inline struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz)
{
    return cudaPitchedPtr{d, p, xsz, ysz};
}

#endif
