/* surf_convert_scalar.c -- sust.p: source registers to one element of the surface's format
 * SPDX-License-Identifier: MIT */
#include <math.h>

#include "surf_scalar.h"
#include "value_scalar.h"

/* Two's-complement value of a .s32 register, without C's implementation-
 * defined unsigned-to-signed conversion. */
static int64_t as_s32(uint32_t u)
{
    return (int64_t)(u ^ 0x80000000u) - 0x80000000;
}

/* [semantics#decision-sust-p-normalized] / [semantics#decision-normalized-surfaces]: float to UNORM (is_signed = 0, m = bits) or SNORM
 * (is_signed = 1, m = bits - 1): NaN -> 0, clamp to [0, 1] or [-1, 1],
 * scale by 2^m - 1, round to nearest even.  Returns the integer code. */
static int64_t norm_code(uint32_t bits, int m, int is_signed)
{
    float f = wt__f32_from_bits(bits);
    if (isnan(f))
        return 0; /* [semantics#decision-sust-p-normalized]: NaN -> 0 */
    double lo = is_signed ? -1.0 : 0.0;
    double x = f < lo ? lo : f > 1.0 ? 1.0 : (double)f; /* [semantics#decision-sust-p-normalized]: clamp to the range (infinities too) */
    /* [semantics#decision-sust-p-normalized]: scale.  Exact in double: a 24-bit significand times an integer
     * below 2^16 needs at most 40 bits. */
    double y = x * (double)((1u << m) - 1u);
    /* [semantics#decision-sust-p-normalized]: round to nearest, ties to even, done by hand so the result does
     * not depend on the thread's floating-point rounding mode. */
    double fl = floor(y), fr = y - fl;
    if (fr > 0.5 || (fr == 0.5 && fmod(fl, 2.0) != 0.0))
        fl += 1.0;
    return (int64_t)fl;
}

/* One channel's code from its source register ([semantics#sust-p]). */
static uint32_t channel_code(const wt__format *f, uint32_t u)
{
    const unsigned bits = f->cbytes * 8u;
    switch (f->kind) {
    case WT_CHANNEL_UNSIGNED: {
        /* [semantics#sust-p] [3P-M]: the .u32 value clamped to the channel range. */
        uint32_t max = bits == 32 ? 0xffffffffu : (1u << bits) - 1u;
        return u > max ? max : u;
    }
    case WT_CHANNEL_SIGNED: {
        /* [semantics#sust-p] [3P-M]: the .s32 value clamped to the channel range. */
        int64_t v = as_s32(u), hi = ((int64_t)1 << (bits - 1)) - 1, lo = -hi - 1;
        v = v < lo ? lo : v > hi ? hi : v;
        return (uint32_t)v; /* modulo 2^32: two's complement, cut to the channel below */
    }
    case WT_CHANNEL_FLOAT:
        /* [semantics#sust-p] [3P-M]: f32 bits as given; f16 toward zero, beyond 65504
         * -> +-65504, NaN keeps the top of its payload ([semantics#decision-f16-toward-zero]). */
        return bits == 32 ? u : wt__f32_to_f16_rz(u);
    case WT__KIND_UNORM:
        return (uint32_t)norm_code(u, (int)bits, 0);
    case WT__KIND_SNORM:
        return (uint32_t)norm_code(u, (int)bits - 1, 1);
    default:
        return 0; /* no other kind passes wt__format_from_desc */
    }
}

/* [semantics#decision-nvvm-sust-p-elements]: a source element of `bits` bits made the 32-bit word the
 * .b32 store takes.  i8/i16 (the low 8 or 16 bits of v) are sign-extended
 * when the channels are signed integers (SINT, whose word is read as .s32,
 * so the element keeps its value) and zero-extended for every other kind
 * (UINT, float, UNORM, SNORM); i32 and i64 keep their low 32 bits. */
static uint32_t p_word(const wt__format *f, unsigned bits, uint64_t v)
{
    if (bits != 8 && bits != 16)
        return (uint32_t)v;
    const uint32_t top = 1u << (bits - 1), mask = (top << 1) - 1u;
    uint32_t u = (uint32_t)v & mask;
    if (f->kind == WT_CHANNEL_SIGNED && (u & top))
        u |= ~mask; /* two's-complement sign extension, in unsigned arithmetic */
    return u;
}

void wt__surf_encode_p(const wt__format *f, int vec, unsigned bits, const uint64_t v[4], uint8_t out[16])
{
    for (unsigned ch = 0; ch < f->nch; ch++) {
        /* [semantics#sust-p] [3P-M]: components the operands do not reach are written 0;
         * source elements beyond the format's channels are ignored. */
        uint32_t code = (int)ch < vec ? channel_code(f, p_word(f, bits, v[ch])) : 0;
        for (unsigned i = 0; i < f->cbytes; i++, code >>= 8)
            out[ch * f->cbytes + i] = (uint8_t)code; /* little-endian, cut to the channel width */
    }
}
