// ex_w1.cu (glue) -- examples/ptx/w1.cu's kernel for the cross-check (xcheck_registry.h)
// SPDX-License-Identifier: MIT
#include "../../../examples/ptx/w1.cu"

#define XC_SOURCE "w1"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(w1))
