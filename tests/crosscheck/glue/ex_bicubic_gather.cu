// ex_bicubic_gather.cu (glue) -- examples/cuda/bicubic_gather.cu's kernel for the cross-check (xcheck_registry.h);
// its host program is left out (WT_EXAMPLE_KERNELS_ONLY).
// SPDX-License-Identifier: MIT
#define WT_EXAMPLE_KERNELS_ONLY
#include "../../../examples/cuda/bicubic_gather.cu"

#define XC_SOURCE "bicubic_gather"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(upscale))
