// ex_layered.cu (glue) -- examples/cuda/layered.cu's kernel for the cross-check (xcheck_registry.h);
// its host program is left out (WT_EXAMPLE_KERNELS_ONLY).
// SPDX-License-Identifier: MIT
#define WT_EXAMPLE_KERNELS_ONLY
#include "../../../examples/cuda/layered.cu"

#define XC_SOURCE "layered"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(sum_layers))
