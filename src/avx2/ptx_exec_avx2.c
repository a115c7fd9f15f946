/* ptx_exec_avx2.c -- the avx2 instantiation of src/ptx/ptx_exec_tpl.h, the PTX front end's memory,
 * texture and warp executors built for AVX2: the 32 64-bit lanes of a register in 8 vectors instead
 * of 16
 * SPDX-License-Identifier: MIT */
#if !defined(__AVX2__)
#error "ptx_exec_avx2.c must be built for -mavx2 -mfma -mf16c"
#endif
#define PX_VARIANT avx2
#include "../ptx/ptx_exec_tpl.h"
