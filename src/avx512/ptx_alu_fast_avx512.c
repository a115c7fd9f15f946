/* ptx_alu_fast_avx512.c -- the avx512 instantiation of src/ptx/ptx_alu_fast_tpl.h, the PTX front
 * end's specialised arithmetic executors built for AVX-512: the 32 64-bit lanes of a register in 4
 * vectors instead of 16
 * SPDX-License-Identifier: MIT */
#if !defined(__AVX512F__)
#error "ptx_alu_fast_avx512.c must be built for -mavx512f -mavx512bw -mavx512dq -mavx512vl"
#endif
#define PX_VARIANT avx512
#include "../ptx/ptx_alu_fast_tpl.h"
