/* tex_avx2.c -- the avx2 instantiation of src/simd/tex_tpl.h, 8 lanes at a time
 * SPDX-License-Identifier: MIT */
#if !defined(__AVX2__) && !defined(WT_EMULATED_ISA)
#error "tex_avx2.c must be built for -mavx2 -mfma -mf16c, or as a deliberately emulated test build (WT_EMULATED_ISA)"
#endif
#define WT_SIMD_ISA avx2
#include "../simd/vec8.h"
#include "../simd/tex_tpl.h"
