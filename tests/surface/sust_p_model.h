/* sust_p_model.h -- the tests' own model of the element one sust.p stores ([semantics#sust-p], [semantics#decision-sust-p-normalized], [semantics#decision-f16-toward-zero], [semantics#decision-normalized-surfaces], [semantics#decision-nvvm-sust-p-elements])
 * SPDX-License-Identifier: MIT
 *
 * Written from the text, not from src/scalar: double arithmetic and the C
 * library's rounding for the conversions, plain integer arithmetic for the
 * [semantics#decision-nvvm-sust-p-elements] widening.  Shared by tests/surface/test_surf_sust_p.c (the reference)
 * and tests/nvvm/test_nvvm_sust_p.c (the NVVM names and the warp API).
 * Needs _DEFAULT_SOURCE (or C99 math) for nearbyint. */
#ifndef WT_TEST_SUST_P_MODEL_H
#define WT_TEST_SUST_P_MODEL_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "warptex/types.h"

static inline float spm_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline int32_t spm_s32(uint32_t u)
{
    int32_t s;
    memcpy(&s, &u, 4);
    return s;
}

/* [semantics#decision-f16-toward-zero]: f32 -> f16 toward zero, the exponent found by frexp and the
 * mantissa cut by floor, all exact in double. */
static inline uint32_t spm_f16(uint32_t u)
{
    uint32_t sign = (u >> 16) & 0x8000u;
    if ((u & 0x7fffffffu) > 0x7f800000u) { /* NaN: top 10 payload bits, quiet if 0 */
        uint32_t top = (u >> 13) & 0x3ffu;
        return sign | 0x7c00u | (top ? top : 0x200u);
    }
    double a = fabs((double)spm_f32(u));
    if (isinf(a))
        return sign | 0x7c00u;
    if (a >= 65504.0)
        return sign | 0x7bffu; /* [semantics#sust-p]: beyond 65504 -> 65504 */
    if (a < ldexp(1.0, -14))
        return sign | (uint32_t)floor(a / ldexp(1.0, -24)); /* subnormal grid, toward zero */
    int e;
    double m = frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    uint32_t frac = (uint32_t)floor((m * 2.0 - 1.0) * 1024.0);
    return sign | (uint32_t)(e - 1 + 15) << 10 | frac;
}

/* [semantics#decision-sust-p-normalized]: NaN -> 0, clamp, scale, nearbyint (round to nearest even in the
 * default mode). */
static inline uint32_t spm_norm(uint32_t u, int bits, int sgn)
{
    float f = spm_f32(u);
    if (f != f)
        return 0;
    double lo = sgn ? -1.0 : 0.0, x = f;
    if (x < lo)
        x = lo;
    if (x > 1.0)
        x = 1.0;
    double scale = sgn ? ldexp(1.0, bits - 1) - 1.0 : ldexp(1.0, bits) - 1.0;
    long long q = (long long)nearbyint(x * scale);
    return (uint32_t)q & (bits == 8 ? 0xffu : 0xffffu);
}

/* [semantics#sust-p]: one channel's code (cbytes wide) from its 32-bit source word. */
static inline uint32_t spm_channel(int kind, int cbytes, uint32_t u)
{
    int bits = cbytes * 8;
    uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1u;
    switch (kind) {
    case WT_CHANNEL_UNSIGNED: return u > mask ? mask : u;
    case WT_CHANNEL_SIGNED: {
        long long v = spm_s32(u), hi = (1ll << (bits - 1)) - 1, lo = -(1ll << (bits - 1));
        v = v > hi ? hi : v < lo ? lo : v;
        return (uint32_t)v & mask;
    }
    case WT_CHANNEL_FLOAT: return bits == 32 ? u : spm_f16(u);
    case WT_CHANNEL_UNSIGNED_NORMALIZED: return spm_norm(u, bits, 0);
    default: return spm_norm(u, bits, 1);
    }
}

/* [semantics#decision-nvvm-sust-p-elements]: a source element of `bits` bits (the low bits of v) as the 32-bit
 * word the .b32 store takes: 8/16-bit elements are read as signed numbers
 * (and so sign-extended) on signed-integer channels, as unsigned numbers
 * (zero-extended) on every other kind; 32- and 64-bit elements keep their
 * low 32 bits. */
static inline uint32_t spm_word(int kind, int bits, uint64_t v)
{
    if (bits == 32 || bits == 64)
        return (uint32_t)(v & 0xffffffffu);
    long long range = 1ll << bits, x = (long long)(v % (uint64_t)range);
    if (kind == WT_CHANNEL_SIGNED && x >= range / 2)
        x -= range; /* the negative number */
    return (uint32_t)x; /* modulo 2^32: the two's-complement word */
}

/* The nch * cbytes bytes one sust.p of vec elements writes (little-endian):
 * channels the vector does not reach are 0, elements past the channels are
 * ignored ([semantics#sust-p] [3P-M]). */
static inline void spm_element(int kind, int nch, int cbytes, int vec, int bits, const uint64_t v[4], uint8_t out[16])
{
    for (int ch = 0; ch < nch; ch++) {
        uint32_t code = ch < vec ? spm_channel(kind, cbytes, spm_word(kind, bits, v[ch])) : 0;
        for (int i = 0; i < cbytes; i++)
            out[ch * cbytes + i] = (uint8_t)(code >> 8 * i);
    }
}

#endif
