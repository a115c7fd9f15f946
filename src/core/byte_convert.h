/* byte_convert.h -- the byte of a float in the batch output formats: unorm8 and sRGB8 (the table: byte_convert.c)
 * SPDX-License-Identifier: MIT
 *
 * The definition of wt_float_to_unorm8 / wt_float_to_srgb8 (include/warptex/
 * batch.h), one lane at a time: the batch's conversion after a warp call,
 * and the reference against which the SIMD kernels that write the byte
 * formats from their registers (src/simd/store_bytes.h) are tested. */
#ifndef WT_BYTE_CONVERT_H
#define WT_BYTE_CONVERT_H

#include <stdint.h>

#include "visibility.h"

/* step[k]: the smallest float whose sRGB8 byte is k (step[0] = 0). */
WT_INTERNAL extern const float wt__srgb8_step[256];

/* The sRGB8 byte of every K / 65535 rounded to float, K = 0..65535 (the
 * results of the UNORM kernels, src/simd/store_bytes.h), with 4 bytes of
 * slack after it so that a kernel may read any entry as a 4-byte word.
 * Built from wt__srgb8 on first use, once, by whichever thread asks first. */
WT_INTERNAL const uint8_t *wt__srgb8_of_k(void);

static inline uint8_t wt__unorm8(float f)
{
    /* v * 255 is exact in double (24 + 8 bits), + 0.5 too: floor rounds
     * exactly, halves up. */
    double v = f > 0.0f ? (f < 1.0f ? (double)f : 1.0) : 0.0;
    return (uint8_t)(v * 255.0 + 0.5);
}

static inline uint8_t wt__srgb8(float f)
{
    /* The largest k with step[k] <= f (step[0] = 0): eight comparisons.
     * NaN and negatives compare false everywhere and give 0. */
    unsigned k = 0;
    for (unsigned s = 128; s; s >>= 1)
        if (f >= wt__srgb8_step[k + s])
            k += s;
    return (uint8_t)k;
}

#endif
