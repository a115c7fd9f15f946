// tex_forms.cu (glue) -- tests/ptx/fixtures/tex_forms.cu's kernels for the cross-check (xcheck_registry.h)
// SPDX-License-Identifier: MIT
#include "../../ptx/fixtures/tex_forms.cu"

#define XC_SOURCE "tex_forms"
#include "../xcheck_registry.h"
#define XC_TEX_FORMS                                                                                            \
    XC_KERNEL(k_fetch1d_f), XC_KERNEL(k_fetch1d_i), XC_KERNEL(k_fetch1d_u), XC_KERNEL(k_tex1d_f),              \
        XC_KERNEL(k_tex2d_f), XC_KERNEL(k_tex2d_i), XC_KERNEL(k_tex2d_u), XC_KERNEL(k_tex3d_f),                 \
        XC_KERNEL(k_tex1dl_f), XC_KERNEL(k_tex2dl_f), XC_KERNEL(k_cube_f), XC_KERNEL(k_cubel_f),                \
        XC_KERNEL(k_tex1dlod_f), XC_KERNEL(k_tex2dlod_f), XC_KERNEL(k_tex2dlod_u), XC_KERNEL(k_tex3dlod_f),     \
        XC_KERNEL(k_tex2dllod_f), XC_KERNEL(k_cubelod_f), XC_KERNEL(k_tex1dllod_f), XC_KERNEL(k_cubellod_f),    \
        XC_KERNEL(k_tex3dlod_i), XC_KERNEL(k_tex1dgrad_f), XC_KERNEL(k_tex2dgrad_f), XC_KERNEL(k_tex2dlgrad_f), \
        XC_KERNEL(k_tex1dlgrad_f), XC_KERNEL(k_cubegrad_f), XC_KERNEL(k_tex3dgrad_f), XC_KERNEL(k_gather_f),    \
        XC_KERNEL(k_gather_i), XC_KERNEL(k_gather_u), XC_KERNEL(k_tex2d_resident)
#ifndef __WARPTEX_CUDA__
XC_REGISTER(XC_TEX_FORMS, XC_KERNEL(k_txq))
#else
XC_REGISTER(XC_TEX_FORMS)
#endif
