/* ptx_alu_avx2.c -- the PTX front end's arithmetic executors (src/ptx/ptx_alu.c) built for AVX2
 * SPDX-License-Identifier: MIT */
#if !defined(__AVX2__)
#error "ptx_alu_avx2.c must be built for -mavx2 -mfma -mf16c"
#endif
#define PX_VARIANT avx2
#include "../ptx/ptx_alu.c"
