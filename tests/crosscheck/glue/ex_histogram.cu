// ex_histogram.cu (glue) -- examples/cuda/histogram.cu's kernel for the cross-check (xcheck_registry.h);
// its host program is left out (WT_EXAMPLE_KERNELS_ONLY).
// SPDX-License-Identifier: MIT
#define WT_EXAMPLE_KERNELS_ONLY
#include "../../../examples/cuda/histogram.cu"

#define XC_SOURCE "histogram"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(histogram))
