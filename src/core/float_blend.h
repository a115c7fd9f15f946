/* float_blend.h -- the measured f32/f16 linear-filter datapath ([semantics#float-blend]) for one lane, used by the one-lane kernel (tex_lane.c) and the SIMD templates (src/simd)
 * SPDX-License-Identifier: MIT
 *
 * Written from [semantics#float-blend] on its own, not from the scalar reference
 * (which stays the independent oracle; tests/backend/test_backend_equal.c
 * compares the two on random texels, NaN payloads, infinities, zeros of
 * both signs and subnormals included):
 *   1. f32 subnormal texels read as 0 (sign kept); half subnormals are values.
 *   2. per group (a 2x2 footprint: one per 3D slice and mip level), E_g = the largest
 *      ilogb among its texels of non-zero weight and non-zero value; each
 *      value truncated toward zero to a multiple of 2^(E_g - P), P = 27
 *      (f32) or 14 (f16);
 *   3. s_g = sum of w * trunc(t), exact;
 *   4. each s_g floored to a multiple of 2^(E_max - P - 1), added exactly,
 *      divided by 256;
 *   5. rounded once to f32 (f16 for half textures), ties away from zero;
 *   6. a subnormal f32 result flushed to ±0; -0 only when every
 *      contributing texel is -0;
 *   7. NaN canonical (0x7fffffff; half 0x7fff as 0x7fffe000); infinities as
 *      IEEE arithmetic gives them (+inf and -inf together: NaN). */
#ifndef WT_FLOAT_BLEND_H
#define WT_FLOAT_BLEND_H

#include <stdint.h>

/* One tap of one lane: the raw channel bits, its weight (0: not read) and
 * its group. */
typedef struct wt__fb_tap {
    uint32_t raw;
    int32_t w;
    int32_t group;
} wt__fb_tap;

/* The value rounded to nearest, ties away from zero, on a binary format of
 * `prec` significand bits whose normal exponents run emin..emax: mag * 2^e,
 * mag > 0.  Returns the format's bits (sign not included); the exponent
 * field is `ebits` wide, the fraction prec - 1 bits. */
static inline uint32_t wt__fb_round(uint64_t mag, int e, int prec, int emin, int emax)
{
    int p = 63 - __builtin_clzll(mag); /* value in [2^(p+e), 2^(p+e+1)) */
    int E = p + e;
    int lsb = E >= emin ? E - (prec - 1) : emin - (prec - 1); /* exponent of one ulp */
    int sh = lsb - e;
    uint64_t q;
    if (sh <= 0) {
        q = mag << -sh; /* exact: mag has fewer than prec bits above the ulp */
    } else if (sh >= 64) {
        q = 0; /* below half an ulp of the smallest subnormal */
    } else {
        uint64_t rem = mag & (((uint64_t)1 << sh) - 1);
        q = (mag >> sh) + (rem >= (uint64_t)1 << (sh - 1)); /* ties away */
    }
    const uint64_t top = (uint64_t)1 << prec; /* 2^prec: a carry out of the significand */
    if (q == top) {
        q >>= 1;
        lsb++;
    }
    int field;
    if (q < top >> 1)
        field = 0; /* subnormal (or zero): lsb is the smallest one's */
    else
        field = lsb + (prec - 1) - emin + 1;
    if (field > emax - emin + 1)
        return ((uint32_t)(emax - emin + 2) << (prec - 1)); /* overflow: infinity */
    return (uint32_t)field << (prec - 1) | (uint32_t)(q & ((top >> 1) - 1));
}

/* [semantics#float-blend] for n taps of one channel: the f32 bits of the filtered value. */
static inline uint32_t wt__float_blend(const wt__fb_tap *taps, int n, int half)
{
    enum { MAXG = 4 }; /* 2 levels x 2 slices */
    const int P = half ? 14 : 27;
    int nan = 0, pinf = 0, ninf = 0, all_neg_zero = 1, any = 0;
    int eg[MAXG] = {0, 0, 0, 0}, used[MAXG] = {0, 0, 0, 0};
    int64_t s[MAXG] = {0, 0, 0, 0};
    uint64_t sig[16];
    int ex[16], neg[16], fin[16];
    for (int i = 0; i < n; i++) {
        fin[i] = 0;
        if (taps[i].w <= 0)
            continue;
        uint32_t r = taps[i].raw;
        int sgn, cls; /* cls: 0 zero, 1 finite, 2 inf, 3 nan */
        if (half) {
            uint32_t e = r >> 10 & 31, f = r & 0x3ff;
            sgn = (int)(r >> 15 & 1);
            cls = e == 31 ? (f ? 3 : 2) : e == 0 ? (f ? 1 : 0) : 1;
            sig[i] = e ? (f | 0x400u) : f;
            ex[i] = e ? (int)e - 25 : -24;
        } else {
            uint32_t e = r >> 23 & 255, f = r & 0x7fffff;
            sgn = (int)(r >> 31);
            cls = e == 255 ? (f ? 3 : 2) : e == 0 ? 0 : 1; /* step 1: subnormals are 0 */
            sig[i] = f | 0x800000u;
            ex[i] = (int)e - 150;
        }
        neg[i] = sgn;
        if (!(cls == 0 && sgn))
            all_neg_zero = 0;
        if (cls == 3)
            nan = 1;
        else if (cls == 2)
            *(sgn ? &ninf : &pinf) = 1;
        else if (cls == 1) {
            int g = taps[i].group, ilog = 63 - __builtin_clzll(sig[i]) + ex[i];
            if (!used[g] || ilog > eg[g])
                eg[g] = ilog;
            used[g] = 1;
            fin[i] = 1;
            any = 1;
        }
    }
    if (nan || (pinf && ninf))
        return half ? 0x7fffe000u : 0x7fffffffu; /* step 7 */
    if (pinf || ninf)
        return ninf ? 0xff800000u : 0x7f800000u;
    if (!any)
        return all_neg_zero ? 0x80000000u : 0u; /* step 6 */
    for (int i = 0; i < n; i++) {
        if (!fin[i])
            continue;
        int g = taps[i].group, sh = ex[i] - (eg[g] - P); /* step 2: units of 2^(E_g - P) */
        uint64_t m = sh >= 0 ? sig[i] << sh : -sh >= 64 ? 0 : sig[i] >> -sh;
        s[g] += (neg[i] ? -(int64_t)m : (int64_t)m) * taps[i].w; /* step 3 */
    }
    int emax = 0, have = 0;
    for (int g = 0; g < MAXG; g++)
        if (used[g] && (!have || eg[g] > emax)) {
            emax = eg[g];
            have = 1;
        }
    int64_t total = 0;
    for (int g = 0; g < MAXG; g++) {
        if (!used[g])
            continue;
        /* step 4: from units of 2^(E_g - P) to 2^(E_max - P - 1), flooring */
        int down = emax - 1 - eg[g];
        int64_t v = s[g];
        if (down < 0)
            v *= 2;
        else if (down >= 63)
            v = v < 0 ? -1 : 0;
        else
            v = v >= 0 ? v >> down : -((-(v + 1)) >> down) - 1; /* floor, whatever >> does to negatives */
        total += v;
    }
    if (total == 0)
        return 0u;
    int sgn = total < 0;
    uint64_t mag = sgn ? (uint64_t)-total : (uint64_t)total;
    int e = emax - P - 1 - 8; /* step 4's /256 */
    if (half) {
        /* step 5 on f16, then the half widened exactly to f32 */
        uint32_t h = wt__fb_round(mag, e, 11, -14, 15);
        uint32_t he = h >> 10 & 31, hf = h & 0x3ff, bits;
        if (he == 31)
            bits = 0x7f800000u;
        else if (he == 0) {
            float v = (float)hf * (1.0f / 16777216.0f); /* exact */
            union {
                float f;
                uint32_t u;
            } c = {v};
            bits = c.u;
        } else
            bits = (he + 112) << 23 | hf << 13;
        return bits | (uint32_t)sgn << 31;
    }
    uint32_t b = wt__fb_round(mag, e, 24, -126, 127);
    if ((b & 0x7f800000u) == 0)
        b = 0; /* step 6: a subnormal f32 result flushes to zero */
    return b | (uint32_t)sgn << 31;
}

#endif
