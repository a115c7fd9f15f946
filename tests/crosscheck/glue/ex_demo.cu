// ex_demo.cu (glue) -- examples/ptx/demo.cu's kernel for the cross-check (xcheck_registry.h)
// SPDX-License-Identifier: MIT
#include "../../../examples/ptx/demo.cu"

#define XC_SOURCE "demo"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(rotate_blur))
