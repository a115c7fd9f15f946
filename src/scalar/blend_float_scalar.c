/* blend_float_scalar.c -- the measured f32/f16 linear-filter datapath ([semantics#float-blend]), exactly
 * SPDX-License-Identifier: MIT
 *
 * [semantics#decision-float-residue]: this is the [semantics#float-blend] datapath step by step; the residual
 * 1-4 ulp differences the measurements leave unexplained are accepted. */
#include "value_scalar.h"

enum { ZERO = 0, FINITE, INF, NAN_ };

/* One texel as sign * sig * 2^ex, or a class for zeros and non-finites. */
typedef struct fv {
    int cls, neg;
    uint64_t sig;
    int ex;
} fv;

static fv decode(uint32_t raw, int half)
{
    fv v = {ZERO, 0, 0, 0};
    if (half) {
        uint32_t ex = raw >> 10 & 0x1f, frac = raw & 0x3ff;
        v.neg = (raw >> 15) & 1;
        if (ex == 31)
            v.cls = frac ? NAN_ : INF;
        else if (ex == 0) { /* half subnormals are values (only f32 ones flush, [semantics#float-blend] step 1) */
            v.cls = frac ? FINITE : ZERO;
            v.sig = frac;
            v.ex = -24;
        } else {
            v.cls = FINITE;
            v.sig = frac | 0x400u;
            v.ex = (int)ex - 25;
        }
    } else {
        uint32_t ex = raw >> 23 & 0xff, frac = raw & 0x7fffff;
        v.neg = (int)(raw >> 31);
        if (ex == 255)
            v.cls = frac ? NAN_ : INF;
        else if (ex == 0) /* [semantics#float-blend] step 1: an f32 subnormal texel reads as 0, sign kept */
            v.cls = ZERO;
        else {
            v.cls = FINITE;
            v.sig = frac | 0x800000u;
            v.ex = (int)ex - 150;
        }
    }
    return v;
}

static int ilog(const fv *v)
{
    int t = 0;
    for (uint64_t m = v->sig; m >>= 1;)
        t++;
    return t + v->ex;
}

uint32_t wt__blend_float(const wt__taps *taps, int ch, int half)
{
    /* Truncation quantum 2^(E_g - P) per group, group-sum floor 2^(E_max - P - 1):
     * P = 27 for f32, 14 for f16 ([semantics#float-blend] steps 2 and 4). */
    const int P = half ? 27 - 13 : 27;
    int pos_inf = 0, neg_inf = 0, nan = 0, all_neg_zero = 1, any_finite = 0;
    int eg[256];
    uint8_t used[256] = {0};
    int64_t sum[256];

    /* Pass 1: non-finite inputs, and each group's largest exponent E_g over
     * its texels with weight and a non-zero value ([semantics#float-blend] step 2). */
    for (int i = 0; i < taps->n; i++) {
        fv v = decode(taps->t[i].raw[ch], half);
        if (!(v.cls == ZERO && v.neg))
            all_neg_zero = 0;
        if (v.cls == NAN_)
            nan = 1;
        else if (v.cls == INF)
            *(v.neg ? &neg_inf : &pos_inf) = 1;
        else if (v.cls == FINITE) {
            int g = taps->t[i].group, e = ilog(&v);
            if (!used[g] || e > eg[g]) {
                eg[g] = e;
                sum[g] = 0;
            }
            used[g] = 1;
            any_finite = 1;
        }
    }
    /* [semantics#float-blend] step 7: NaN canonical with all mantissa bits set; otherwise
     * infinities follow IEEE (w > 0, so w*inf = inf; inf - inf = NaN). */
    if (nan || (pos_inf && neg_inf))
        return half ? 0x7fffe000u /* half 0x7fff widened */ : 0x7fffffffu;
    if (pos_inf || neg_inf)
        return neg_inf ? 0xff800000u : 0x7f800000u;
    if (!any_finite) /* [semantics#float-blend] step 6: -0 only when every texel is -0 */
        return all_neg_zero ? 0x80000000u : 0u;

    /* Pass 2 (steps 2, 3): truncate each value toward zero to a multiple of
     * 2^(E_g - P); the group sum of w * value is exact, in those units
     * (|value| < 2^(P+1) units, so a group of 160 taps stays below 2^45). */
    for (int i = 0; i < taps->n; i++) {
        fv v = decode(taps->t[i].raw[ch], half);
        if (v.cls != FINITE)
            continue;
        int g = taps->t[i].group, sh = v.ex - (eg[g] - P);
        int64_t m;
        if (sh >= 0)
            m = (int64_t)(v.sig << sh);
        else
            m = -sh >= 64 ? 0 : (int64_t)(v.sig >> -sh); /* toward zero on the magnitude */
        sum[g] += (v.neg ? -m : m) * taps->t[i].w;
    }

    /* Step 4: floor each group sum to 2^(E_max - P - 1) and add exactly; the
     * total is in units of 2^(E_max - P - 1). */
    int emax = -1000;
    for (int g = 0; g < 256; g++)
        if (used[g] && eg[g] > emax)
            emax = eg[g];
    int64_t total = 0;
    for (int g = 0; g < 256; g++) {
        if (!used[g])
            continue;
        int s = emax - eg[g] - 1; /* units 2^(E_g-P) -> 2^(E_max-P-1) */
        total += s < 0 ? sum[g] * 2 : wt__floor_shr(sum[g], s);
    }
    if (total == 0) /* cancellation: +0, as IEEE addition gives */
        return 0u;

    /* Step 4's /256 is exact: fold it into the exponent.  Step 5: round
     * once, to nearest with ties away from zero, to f32 or ([semantics#decision-half-filter]) to f16. */
    int neg = total < 0;
    uint64_t mag = neg ? (uint64_t)(-total) : (uint64_t)total;
    int e = emax - P - 1 - 8;
    if (half)
        return wt__f16_to_f32(wt__fp_round(neg, mag, e, 1, WT__RND_AWAY));
    uint32_t r = wt__fp_round(neg, mag, e, 0, WT__RND_AWAY);
    /* [semantics#decision-subnormal-result] / step 6: rounded on the subnormal grid above, now a subnormal
     * result is flushed to zero keeping its sign. */
    if ((r & 0x7f800000u) == 0)
        r &= 0x80000000u;
    return r;
}
