/* batch_unorm8.c -- wt_float_to_unorm8, wt_float_to_srgb8 and wt_float_to_half: the byte (or half) of a float that the batch output formats store
 * SPDX-License-Identifier: MIT
 *
 * The conversions themselves are src/core/byte_convert.h's, which the SIMD
 * kernels that write the byte formats from their registers follow too. */
#include "batch_run.h"

uint8_t wt_float_to_unorm8(float v) { return wt__unorm8(v); }

uint8_t wt_float_to_srgb8(float v) { return wt__srgb8(v); }

uint16_t wt_float_to_half(float v) { return wt__half(v); }
