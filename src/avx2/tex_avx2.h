/* tex_avx2.h -- the AVX2 backend's texture kernels (tex2d_avx2.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_TEX_AVX2_H
#define WT_TEX_AVX2_H

#include "../core/dispatch.h"

/* The specialised kernel for t, or NULL; *name describes it. */
WT_INTERNAL wt__tex_kernel wt__bind_tex_avx2(const wt__tex *t, const char **name);

#endif
