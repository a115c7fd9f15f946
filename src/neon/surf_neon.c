/* surf_neon.c -- the neon instantiation of src/simd/surf_tpl.h
 * SPDX-License-Identifier: MIT */
#if !defined(__ARM_NEON) && !defined(WT_EMULATED_ISA)
#error "surf_neon.c must be built for AArch64 (Advanced SIMD is baseline there), or as a deliberately emulated test build (WT_EMULATED_ISA)"
#endif
#define WT_SIMD_ISA neon
#include "../simd/surf_tpl.h"
