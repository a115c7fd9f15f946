// programs.cu (glue) -- tests/ptx/fixtures/programs.cu's kernels for the cross-check (xcheck_registry.h)
// SPDX-License-Identifier: MIT
#include "../../ptx/fixtures/programs.cu"

#define XC_SOURCE "programs"
#include "../xcheck_registry.h"
#ifndef __WARPTEX_CUDA__
XC_REGISTER(XC_KERNEL(rotate), XC_KERNEL(raymarch), XC_KERNEL(blur), XC_KERNEL(hist_shared), XC_KERNEL(minify),
            XC_KERNEL(bicubic), XC_KERNEL(hist_sured))
#else
XC_REGISTER(XC_KERNEL(rotate), XC_KERNEL(raymarch), XC_KERNEL(blur), XC_KERNEL(hist_shared), XC_KERNEL(minify),
            XC_KERNEL(bicubic))
#endif
