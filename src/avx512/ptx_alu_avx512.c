/* ptx_alu_avx512.c -- the PTX front end's arithmetic executors (src/ptx/ptx_alu.c) built for AVX-512
 * SPDX-License-Identifier: MIT */
#if !defined(__AVX512F__)
#error "ptx_alu_avx512.c must be built for -mavx512f -mavx512bw -mavx512dq -mavx512vl"
#endif
#define PX_VARIANT avx512
#include "../ptx/ptx_alu.c"
