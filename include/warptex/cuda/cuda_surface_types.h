/* cuda_surface_types.h -- CUDA's header of surface types: surface objects only (warptex)
 * SPDX-License-Identifier: MIT
 *
 * CUDA 12 removed the surface<> references this header once declared; what
 * is left is surface_types.h. */
#ifndef WARPTEX_CUDA_SURFACE_TYPES_HEADER_H
#define WARPTEX_CUDA_SURFACE_TYPES_HEADER_H
#include "surface_types.h"
#endif
