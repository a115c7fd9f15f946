// arith.cu (glue) -- tests/ptx/fixtures/arith.cu's kernels for the cross-check (xcheck_registry.h)
// SPDX-License-Identifier: MIT
#include "../../ptx/fixtures/arith.cu"

#define XC_SOURCE "arith"
#include "../xcheck_registry.h"
#ifndef __WARPTEX_CUDA__
XC_REGISTER(XC_KERNEL(wide), XC_KERNEL(dots), XC_KERNEL(votes))
#else
XC_REGISTER(XC_KERNEL(wide), XC_KERNEL(votes))
#endif
