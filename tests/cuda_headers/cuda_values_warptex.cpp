/* cuda_values_warptex.cpp -- cuda_values_list.h expanded against warptex's CUDA-named headers
 * SPDX-License-Identifier: MIT */
#include <cuda_runtime.h>

#include "cuda_values_list.h"

#define WT__V(e) (long)(e),
#define WT__E(name, value, msg) (long)(name),
#define WT__A(name, value) (long)(name),
extern "C" const long wt_warptex_values[] = {WT_CUDA_ERROR_LIST(WT__E) WT_CUDA_DEVICE_ATTR_LIST(WT__A)
                                             WT_CUDA_VALUES(WT__V) 0};
