/* cuda_values_toolkit.cpp -- cuda_values_list.h expanded against the CUDA toolkit's own headers
 * SPDX-License-Identifier: MIT */
#include <device_types.h>
#include <driver_types.h>
#include <surface_types.h>
#include <texture_types.h>
#include <vector_types.h>

#include "cuda_values_list.h"

#define WT__V(e) (long)(e),
#define WT__E(name, value, msg) (long)(name),
#define WT__A(name, value) (long)(name),
extern "C" const long wt_toolkit_values[] = {WT_CUDA_ERROR_LIST(WT__E) WT_CUDA_DEVICE_ATTR_LIST(WT__A)
                                             WT_CUDA_VALUES(WT__V) 0};
