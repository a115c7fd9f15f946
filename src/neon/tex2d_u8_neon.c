/* tex2d_u8_neon.c -- the neon instantiation of src/simd/tex2d_u8_tpl.h, 8 lanes at a time
 * SPDX-License-Identifier: MIT */
#if !defined(__ARM_NEON) && !defined(WT_EMULATED_ISA)
#error "tex2d_u8_neon.c must be built for AArch64 (Advanced SIMD is baseline there), or as a deliberately emulated test build (WT_EMULATED_ISA)"
#endif
#define WT_SIMD_ISA neon
#include "../simd/vec8.h"
#include "../simd/tex2d_u8_tpl.h"
