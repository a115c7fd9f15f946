// ex_surface_blur.cu (glue) -- examples/cuda/surface_blur.cu's kernel for the cross-check (xcheck_registry.h);
// its host program is left out (WT_EXAMPLE_KERNELS_ONLY).
// SPDX-License-Identifier: MIT
#define WT_EXAMPLE_KERNELS_ONLY
#include "../../../examples/cuda/surface_blur.cu"

#define XC_SOURCE "surface_blur"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(blur))
