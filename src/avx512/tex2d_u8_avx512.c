/* tex2d_u8_avx512.c -- the avx512 instantiation of src/simd/tex2d_u8_tpl.h, 16 lanes at a time
 * SPDX-License-Identifier: MIT */
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512DQ__) || !defined(__AVX512VL__)
#error "tex2d_u8_avx512.c must be built with -mavx512f -mavx512bw -mavx512dq -mavx512vl"
#endif
#define WT_SIMD_ISA avx512
#include "../simd/vec16.h"
#include "../simd/tex2d_u8_tpl.h"
