/* cuda_texture_types.h -- CUDA's header of texture types: texture objects only (warptex)
 * SPDX-License-Identifier: MIT
 *
 * CUDA 12 removed the texture<> references this header once declared; what
 * is left is texture_types.h. */
#ifndef WARPTEX_CUDA_TEXTURE_TYPES_HEADER_H
#define WARPTEX_CUDA_TEXTURE_TYPES_HEADER_H
#include "texture_types.h"
#endif
