// surf_forms.cu (glue) -- tests/ptx/fixtures/surf_forms.cu's kernels for the cross-check (xcheck_registry.h)
// SPDX-License-Identifier: MIT
#include "../../ptx/fixtures/surf_forms.cu"

#define XC_SOURCE "surf_forms"
#include "../xcheck_registry.h"
#define XC_SURF_FORMS                                                                                           \
    XC_KERNEL(k_suld1d_b32), XC_KERNEL(k_suld2d_v4b8), XC_KERNEL(k_suld2d_v2b16), XC_KERNEL(k_suld2d_v4b32),   \
        XC_KERNEL(k_suld2d_b64), XC_KERNEL(k_suld3d_b32), XC_KERNEL(k_suld1dl_b16), XC_KERNEL(k_suld2dl_v2b32), \
        XC_KERNEL(k_suld2d_trap), XC_KERNEL(k_sust2d_v4b8), XC_KERNEL(k_sust2d_b32), XC_KERNEL(k_sust1d_b16),   \
        XC_KERNEL(k_sust3d_v2b32), XC_KERNEL(k_sust2dl_b8), XC_KERNEL(k_sust2d_trap)
#ifndef __WARPTEX_CUDA__
XC_REGISTER(XC_SURF_FORMS, XC_KERNEL(k_sustp2d), XC_KERNEL(k_sured1d_add), XC_KERNEL(k_sured2d_min),
            XC_KERNEL(k_suq))
#else
XC_REGISTER(XC_SURF_FORMS)
#endif
