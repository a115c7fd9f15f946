// ex_rotate.cu (glue) -- examples/cuda/rotate.cu's kernel for the cross-check (xcheck_registry.h);
// its host program is left out (WT_EXAMPLE_KERNELS_ONLY).
// SPDX-License-Identifier: MIT
#define WT_EXAMPLE_KERNELS_ONLY
#include "../../../examples/cuda/rotate.cu"

#define XC_SOURCE "rotate"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(rotate))
