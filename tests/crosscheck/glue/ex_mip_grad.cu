// ex_mip_grad.cu (glue) -- examples/cuda/mip_grad.cu's kernel for the cross-check (xcheck_registry.h);
// its host program is left out (WT_EXAMPLE_KERNELS_ONLY).
// SPDX-License-Identifier: MIT
#define WT_EXAMPLE_KERNELS_ONLY
#include "../../../examples/cuda/mip_grad.cu"

#define XC_SOURCE "mip_grad"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(sample))
