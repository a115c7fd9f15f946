/* builtin_types.h -- all of CUDA's built-in types (warptex)
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_CUDA_BUILTIN_TYPES_H
#define WARPTEX_CUDA_BUILTIN_TYPES_H
#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"
#endif
