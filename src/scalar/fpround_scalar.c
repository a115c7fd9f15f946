/* fpround_scalar.c -- exact rounding of binary values to f32/f16 bit patterns
 * SPDX-License-Identifier: MIT */
#include "value_scalar.h"

/* Index of the highest set bit of a non-zero m. */
static int top_bit(uint64_t m)
{
    int t = 0;
    while (m >>= 1)
        t++;
    return t;
}

uint32_t wt__fp_round(int neg, uint64_t mag, int e, int half, wt__rnd mode)
{
    /* p significant bits, normal exponents emin..emax, bias = emax. */
    const int p = half ? 11 : 24, emin = half ? -14 : -126, emax = half ? 15 : 127;
    const uint32_t sign = neg ? (half ? 0x8000u : 0x80000000u) : 0u;
    if (mag == 0)
        return sign;
    int ilog = top_bit(mag) + e;
    /* Quantum of the result: p bits below the leading one, but never finer
     * than the subnormal grid 2^(emin-p+1). */
    int q = (ilog > emin ? ilog : emin) - (p - 1);
    uint64_t r;
    if (q <= e) {
        r = mag << (e - q); /* exact: fewer than p bits */
    } else {
        int s = q - e;
        uint64_t rem, halfq;
        if (s > 64) { /* mag < 2^64 <= half a quantum */
            r = 0;
            rem = 1;
            halfq = 2;
        } else if (s == 64) {
            r = 0;
            rem = mag;
            halfq = (uint64_t)1 << 63;
        } else {
            r = mag >> s;
            rem = mag & (((uint64_t)1 << s) - 1);
            halfq = (uint64_t)1 << (s - 1);
        }
        if (mode != WT__RND_ZERO &&
            (rem > halfq || (rem == halfq && (mode == WT__RND_AWAY || (r & 1)))))
            r++;
        if (r == (uint64_t)1 << p) { /* carry into the next binade */
            r >>= 1;
            q++;
        }
    }
    if (q + p - 1 > emax) {
        /* Overflow: infinity, or the largest finite value when truncating. */
        if (mode == WT__RND_ZERO)
            return sign | (half ? 0x7bffu : 0x7f7fffffu);
        return sign | (half ? 0x7c00u : 0x7f800000u);
    }
    if (r < (uint64_t)1 << (p - 1)) /* subnormal (q is the grid's exponent) */
        return sign | (uint32_t)r;
    uint32_t bexp = (uint32_t)(q + p - 1 + emax);
    return sign | bexp << (p - 1) | (uint32_t)(r - ((uint64_t)1 << (p - 1)));
}

uint32_t wt__f16_to_f32(uint32_t h)
{
    uint32_t sign = (h & 0x8000u) << 16, ex = h >> 10 & 0x1f, frac = h & 0x3ff;
    if (ex == 31) /* [semantics#point-conversion]: infinity, or a NaN widened bit for bit (0x7c01 -> 0x7f802000) */
        return sign | 0x7f800000u | frac << 13;
    if (ex == 0) /* zero or subnormal: frac * 2^-24, always normal (or 0) in f32 */
        return wt__fp_round(sign != 0, frac, -24, 0, WT__RND_EVEN);
    return sign | (ex - 15 + 127) << 23 | frac << 13;
}

/* Split finite f32 bits into magnitude significand and exponent (subnormals
 * kept: these are value conversions, not the filter datapath). */
static void f32_split(uint32_t f, uint64_t *sig, int *e)
{
    uint32_t ex = f >> 23 & 0xff, frac = f & 0x7fffff;
    *sig = ex ? (frac | 0x800000u) : frac;
    *e = ex ? (int)ex - 150 : -149;
}

uint32_t wt__f32_to_f16_rn(uint32_t f)
{
    uint32_t sign = f >> 16 & 0x8000u;
    if ((f & 0x7f800000u) == 0x7f800000u)
        return (f & 0x7fffff) ? 0x7fffu /* [semantics#decision-f16-nan-result]: canonical half NaN */ : (sign | 0x7c00u);
    uint64_t sig;
    int e;
    f32_split(f, &sig, &e);
    return wt__fp_round(sign != 0, sig, e, 1, WT__RND_EVEN); /* [semantics#dest-types]: to nearest even */
}

uint32_t wt__f32_to_f16_rz(uint32_t f)
{
    uint32_t sign = f >> 16 & 0x8000u;
    if ((f & 0x7f800000u) == 0x7f800000u) {
        uint32_t top = (f & 0x7fffff) >> 13;
        if (!(f & 0x7fffff))
            return sign | 0x7c00u; /* [semantics#decision-f16-toward-zero]: infinities stay infinite */
        /* [semantics#decision-f16-toward-zero]: keep the top 10 payload bits; quiet when they are all 0 so
         * the result stays a NaN (0x7f800001 -> 0x7e00). */
        return sign | 0x7c00u | (top ? top : 0x200u);
    }
    uint64_t sig;
    int e;
    f32_split(f, &sig, &e);
    /* [semantics#border-color]: toward zero, so 65520 -> 65504 and beyond-range finite -> 65504. */
    return wt__fp_round(sign != 0, sig, e, 1, WT__RND_ZERO);
}
