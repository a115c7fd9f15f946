/* byte_convert.h -- the byte or half of a float in the batch output formats: unorm8, sRGB8 (the table: byte_convert.c) and binary16
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

/* wt_float_to_half (include/warptex/batch.h): f as a binary16 word, ties to
 * even, on the bit pattern alone so that no FPU mode (flush-to-zero,
 * rounding) enters; the reference the kernels' vcvtps2ph / fcvt results are
 * held to ([api#batch-half]). */
static inline uint16_t wt__half(float f)
{
    uint32_t u;
    __builtin_memcpy(&u, &f, 4);
    const uint16_t sign = (uint16_t)(u >> 16 & 0x8000u);
    const uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) /* NaN: quiet, the payload's top ten bits */
        return (uint16_t)(sign | 0x7e00u | (a >> 13 & 0x3ffu));
    if (a >= 0x477ff000u) /* 65520 and up: past the largest half (65504) by half an ulp or more, or infinite */
        return (uint16_t)(sign | 0x7c00u);
    if (a < 0x38800000u) { /* below 2^-14: a subnormal half, in units of 2^-24 */
        const uint32_t e = a >> 23;
        if (e < 102) /* below 2^-25 (float subnormals and zero included): rounds to zero */
            return sign;
        const uint32_t mant = (a & 0x7fffffu) | 0x800000u, s = 126u - e; /* 14 .. 24 */
        uint32_t q = mant >> s;
        const uint32_t r = mant & ((1u << s) - 1u), h = 1u << (s - 1u);
        q += r > h || (r == h && (q & 1u));
        return (uint16_t)(sign | q);
    }
    uint32_t q = (a >> 13) - (112u << 10); /* rebias the exponent, 23 -> 10 fraction bits */
    const uint32_t r = a & 0x1fffu;
    q += r > 0x1000u || (r == 0x1000u && (q & 1u)); /* a carry into the exponent is the right result */
    return (uint16_t)(sign | q);
}

#endif
