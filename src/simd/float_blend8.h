/* float_blend8.h -- [semantics#float-blend] (the f32 linear-filter datapath) for 8 lanes at once, in double arithmetic
 * SPDX-License-Identifier: MIT
 *
 * The same seven steps as the per-lane form of src/core/float_blend.h, written so that
 * every operation is exact in IEEE double (the kernels build with FP
 * contraction off, so nothing fuses):
 *   - a group's taps (up to 4, weight 0 = no tap) give E_g, the largest
 *     biased exponent among taps of non-zero weight whose value is normal
 *     (f32 subnormals read as 0, step 1);
 *   - a tap in units of 2^(E_g - 27) is t * 2^(154 - E_g): a power-of-two
 *     scaling of an f32 value into [0, 2^28), exact; truncated toward zero
 *     (step 2), times its weight (<= 256) and summed over at most 4 taps:
 *     below 2^39, exact (step 3);
 *   - step 4: s_g * 2^(E_g - E_max + 1) floored is the group in units of
 *     2^(E_max - 28); at most 4 groups add exactly; the value is that total
 *     times 2^(E_max - 127 - 28 - 8) (the /256), a double with at most 42
 *     significant bits;
 *   - step 5: ties away from zero at f32 precision is adding half an f32
 *     ulp of the magnitude (exact: 43 bits at most) and cutting the double's
 *     fraction to 23 bits; the conversion to float is then exact, or
 *     overflows to infinity as it must.  Below 2^-126 the f32 subnormal
 *     grid decides ([semantics#decision-subnormal-result]): 2^-126 - 2^-150 and up round to 2^-126, the rest
 *     to a subnormal that step 6 flushes to ±0;
 *   - steps 6 and 7: -0 only when every contributing texel is -0; NaN
 *     canonical 0x7fffffff; infinities as IEEE adds them.
 * tests/backend/test_float_blend8.c compares it with float_blend.h on random
 * and extreme taps (and test_backend_equal with the scalar reference). */
#ifndef WT_FLOAT_BLEND8_H
#define WT_FLOAT_BLEND8_H

#include <stdint.h>

#include <simde/x86/avx2.h>

/* 2^k for 4 lanes of int64 k in the double normal range. */
static inline simde__m256d wt__fb8_pow2(simde__m256i k64)
{
    return simde_mm256_castsi256_pd(simde_mm256_slli_epi64(simde_mm256_add_epi64(k64, simde_mm256_set1_epi64x(1023)), 52));
}

/* The lanes [4h, 4h + 4) of 8 int32 lanes as int64. */
static inline simde__m256i wt__fb8_half64(simde__m256i v, int h)
{
    return simde_mm256_cvtepi32_epi64(h ? simde_mm256_extracti128_si256(v, 1) : simde_mm256_castsi256_si128(v));
}

static inline simde__m128 wt__fb8_half_ps(simde__m256i v, int h)
{
    simde__m256 f = simde_mm256_castsi256_ps(v);
    return h ? simde_mm256_extractf128_ps(f, 1) : simde_mm256_castps256_ps128(f);
}

/* The taps of 8 lanes: raw[g][t] the f32 bits of tap t of group g, w[g][t]
 * its weight (0: no tap). */
typedef struct wt__fb8_taps {
    simde__m256i raw[4][4];
    simde__m256i w[4][4];
} wt__fb8_taps;

/* The f32 bits of [semantics#float-blend] for 8 lanes whose tap t of group g is raw[k], w[k]
 * at k = stride * (4g + t) (in 32-byte vectors; stride 1: wt__fb8_taps; 2:
 * one half of vec16.h's 16-lane taps, read in place); groups not in gmask (bit g) have no taps in
 * any lane. */
static inline simde__m256i wt__float_blend8_at(const void *raw, const void *w, int stride, uint32_t gmask)
{
    /* unaligned loads: the vectors' bytes may belong to wider vectors */
#define WT__FB8_RAW(g, t) simde_mm256_loadu_si256((const uint8_t *)raw + 32 * stride * (4 * (g) + (t)))
#define WT__FB8_W(g, t) simde_mm256_loadu_si256((const uint8_t *)w + 32 * stride * (4 * (g) + (t)))
    const simde__m256i zero = simde_mm256_setzero_si256();
    const simde__m256i expm = simde_mm256_set1_epi32(0x7f800000), fracm = simde_mm256_set1_epi32(0x007fffff);
    simde__m256i nan = zero, pinf = zero, ninf = zero, notnegzero = zero;
    simde__m256i eg[4], emax = zero;
    simde__m256i val[4][4]; /* the taps' bits where they count in step 2, else 0 */
    for (int g = 0; g < 4; g++) {
        eg[g] = zero;
        if (!(gmask >> g & 1u))
            continue;
        for (int t = 0; t < 4; t++) {
            simde__m256i r = WT__FB8_RAW(g, t);
            simde__m256i on = simde_mm256_cmpgt_epi32(WT__FB8_W(g, t), zero);
            simde__m256i ex = simde_mm256_and_si256(r, expm);
            simde__m256i special = simde_mm256_and_si256(on, simde_mm256_cmpeq_epi32(ex, expm));
            simde__m256i isnan = simde_mm256_andnot_si256(simde_mm256_cmpeq_epi32(simde_mm256_and_si256(r, fracm), zero),
                                                          special);
            simde__m256i isinf = simde_mm256_andnot_si256(isnan, special);
            simde__m256i neg = simde_mm256_cmpgt_epi32(zero, r);
            nan = simde_mm256_or_si256(nan, isnan);
            pinf = simde_mm256_or_si256(pinf, simde_mm256_andnot_si256(neg, isinf));
            ninf = simde_mm256_or_si256(ninf, simde_mm256_and_si256(neg, isinf));
            /* step 6: a texel counts as -0 when it is -0 or a negative subnormal */
            simde__m256i negzero = simde_mm256_and_si256(neg, simde_mm256_cmpeq_epi32(ex, zero));
            notnegzero = simde_mm256_or_si256(notnegzero, simde_mm256_andnot_si256(negzero, on));
            simde__m256i normal = simde_mm256_andnot_si256(simde_mm256_or_si256(special, simde_mm256_cmpeq_epi32(ex, zero)),
                                                           on);
            val[g][t] = simde_mm256_and_si256(r, normal);
            eg[g] = simde_mm256_max_epi32(eg[g], simde_mm256_and_si256(simde_mm256_srli_epi32(ex, 23), normal));
        }
        emax = simde_mm256_max_epi32(emax, eg[g]);
    }
    simde__m256i result[2];
    for (int h = 0; h < 2; h++) {
        simde__m256d total = simde_mm256_setzero_pd();
        simde__m256i emax64 = wt__fb8_half64(emax, h);
        for (int g = 0; g < 4; g++) {
            if (!(gmask >> g & 1u))
                continue;
            simde__m256i eg64 = wt__fb8_half64(eg[g], h);
            /* a lane whose group has no normal tap: E_g = 0, its taps are all
             * 0; any scale in range will do (154 is) */
            simde__m256i used = simde_mm256_cmpgt_epi64(eg64, simde_mm256_setzero_si256());
            simde__m256d scale = wt__fb8_pow2(simde_mm256_sub_epi64(simde_mm256_set1_epi64x(154),
                                                                    simde_mm256_and_si256(eg64, used)));
            simde__m256d s = simde_mm256_setzero_pd();
            for (int t = 0; t < 4; t++) {
                simde__m256d v = simde_mm256_cvtps_pd(wt__fb8_half_ps(val[g][t], h));
                v = simde_mm256_round_pd(simde_mm256_mul_pd(v, scale), SIMDE_MM_FROUND_TO_ZERO | SIMDE_MM_FROUND_NO_EXC);
                simde__m256d wd = simde_mm256_cvtepi32_pd(h ? simde_mm256_extracti128_si256(WT__FB8_W(g, t), 1)
                                                            : simde_mm256_castsi256_si128(WT__FB8_W(g, t)));
                s = simde_mm256_add_pd(s, simde_mm256_mul_pd(v, wd));
            }
            /* step 4: units of 2^(E_max - 28), floored (E_g <= E_max, so the
             * scale is at most 2; far below, the floor is 0 or -1) */
            simde__m256i k = simde_mm256_add_epi64(simde_mm256_sub_epi64(eg64, emax64), simde_mm256_set1_epi64x(1));
            k = simde_mm256_and_si256(k, used);
            simde__m256d f = simde_mm256_floor_pd(simde_mm256_mul_pd(s, wt__fb8_pow2(k)));
            total = simde_mm256_add_pd(total, simde_mm256_and_pd(f, simde_mm256_castsi256_pd(used)));
        }
        /* value = total * 2^(E_max - 163), exact (2^-163 and up are normal doubles) */
        simde__m256i e64 = simde_mm256_sub_epi64(emax64, simde_mm256_set1_epi64x(163));
        simde__m256d x = simde_mm256_mul_pd(total, wt__fb8_pow2(e64));
        simde__m256d sign = simde_mm256_and_pd(x, simde_mm256_set1_pd(-0.0));
        simde__m256d ax = simde_mm256_andnot_pd(simde_mm256_set1_pd(-0.0), x);
        /* step 5: + half an f32 ulp of ax, then 23 fraction bits kept */
        simde__m256i axb = simde_mm256_castpd_si256(ax);
        simde__m256i half = simde_mm256_sub_epi64(simde_mm256_and_si256(axb, simde_mm256_set1_epi64x(0x7ff0000000000000LL)),
                                                  simde_mm256_set1_epi64x((int64_t)24 << 52));
        simde__m256d y = simde_mm256_add_pd(ax, simde_mm256_castsi256_pd(half));
        y = simde_mm256_castsi256_pd(simde_mm256_and_si256(simde_mm256_castpd_si256(y),
                                                           simde_mm256_set1_epi64x((int64_t)0xffffffffe0000000ULL)));
        /* [semantics#decision-subnormal-result] / step 6 below 2^-126 */
        const double min_normal = 0x1p-126, tie = 0x1.fffffep-127; /* 2^-126, 2^-126 - 2^-150 */
        simde__m256d small = simde_mm256_cmp_pd(ax, simde_mm256_set1_pd(min_normal), SIMDE_CMP_LT_OQ);
        simde__m256d up = simde_mm256_cmp_pd(ax, simde_mm256_set1_pd(tie), SIMDE_CMP_GE_OQ);
        simde__m256d sub = simde_mm256_and_pd(up, simde_mm256_set1_pd(min_normal));
        y = simde_mm256_blendv_pd(y, sub, small);
        simde__m128 r4 = simde_mm256_cvtpd_ps(simde_mm256_or_pd(y, sign));
        result[h] = simde_mm256_castsi128_si256(simde_mm_castps_si128(r4));
    }
    simde__m256i bits = simde_mm256_inserti128_si256(result[0], simde_mm256_castsi256_si128(result[1]), 1);
    /* A zero total is +0 (the sums of +0 and -0 terms are +0); a flushed
     * result keeps its sign.  Without a normal tap (E_max = 0): -0 when every
     * contributing texel was -0, else +0. */
    simde__m256i negz = simde_mm256_andnot_si256(notnegzero, simde_mm256_set1_epi32((int32_t)0x80000000u));
    bits = simde_mm256_blendv_epi8(bits, negz, simde_mm256_cmpeq_epi32(emax, zero));
    simde__m256i infs = simde_mm256_or_si256(pinf, ninf);
    bits = simde_mm256_blendv_epi8(bits, simde_mm256_blendv_epi8(simde_mm256_set1_epi32(0x7f800000),
                                                                 simde_mm256_set1_epi32((int32_t)0xff800000u), ninf),
                                   infs);
    simde__m256i isnan = simde_mm256_or_si256(nan, simde_mm256_and_si256(pinf, ninf));
    return simde_mm256_blendv_epi8(bits, simde_mm256_set1_epi32(0x7fffffff), isnan);
#undef WT__FB8_RAW
#undef WT__FB8_W
}

/* The f32 bits of [semantics#float-blend] for 8 lanes; groups not in gmask (bit g) have no
 * taps in any lane. */
static inline simde__m256i wt__float_blend8(const wt__fb8_taps *tp, uint32_t gmask)
{
    return wt__float_blend8_at(&tp->raw[0][0], &tp->w[0][0], 1, gmask);
}

#endif
