/* test_blend_float.c -- the [semantics#float-blend] float datapath vs its examples and a long-double model
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>

#include "values_util.h"

/* ---- the model: [semantics#float-blend] step by step in long double (64-bit significand; every
 * quantity below is an exact multiple of a power of two with < 50 bits) ---- */

enum { M_ZERO, M_FIN, M_INF, M_NAN };

static long double m_value(uint32_t raw, int half, int *cls)
{
    if (half) {
        int ex = raw >> 10 & 31, fr = raw & 1023;
        long double s = (raw & 0x8000) ? -1.0L : 1.0L;
        if (ex == 31) {
            *cls = fr ? M_NAN : M_INF;
            return s;
        }
        long double v = ex ? ldexpl(1024 + fr, ex - 25) : ldexpl(fr, -24);
        *cls = v == 0 ? M_ZERO : M_FIN;
        return s * v;
    }
    float f = vu_float(raw);
    if (isnan(f)) {
        *cls = M_NAN;
        return 0;
    }
    if (isinf(f)) {
        *cls = M_INF;
        return f;
    }
    if (fabsf(f) < 0x1p-126f) { /* step 1: zeros and f32 subnormals read 0 */
        *cls = M_ZERO;
        return signbit(f) ? -0.0L : 0.0L;
    }
    *cls = M_FIN;
    return f;
}

static uint32_t model_blend(int half, int n, const uint32_t *raw, const int *w, const int *g)
{
    const int P = half ? 14 : 27, p = half ? 11 : 24, emin = half ? -14 : -126;
    int nan = 0, pinf = 0, ninf = 0, allneg0 = 1, cls;
    int eg[4] = {INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN};
    for (int i = 0; i < n; i++) {
        long double v = m_value(raw[i], half, &cls);
        if (!(cls == M_ZERO && signbit(v)))
            allneg0 = 0;
        nan |= cls == M_NAN;
        if (cls == M_INF)
            *(v < 0 ? &ninf : &pinf) = 1;
        if (cls == M_FIN && ilogbl(v) > eg[g[i]])
            eg[g[i]] = ilogbl(v);
    }
    if (nan || (pinf && ninf))
        return half ? 0x7fffe000u : 0x7fffffffu;
    if (pinf || ninf)
        return ninf ? 0xff800000u : 0x7f800000u;
    long double sg[4] = {0, 0, 0, 0};
    int emax = INT32_MIN;
    for (int i = 0; i < n; i++) {
        long double v = m_value(raw[i], half, &cls);
        if (cls != M_FIN)
            continue;
        /* step 2: truncate toward zero to 2^(E_g - P); step 3: exact sum */
        sg[g[i]] += w[i] * ldexpl(truncl(ldexpl(v, P - eg[g[i]])), eg[g[i]] - P);
    }
    for (int k = 0; k < 4; k++)
        if (eg[k] > emax)
            emax = eg[k];
    if (emax == INT32_MIN)
        return allneg0 ? 0x80000000u : 0u;
    long double total = 0;
    for (int k = 0; k < 4; k++) /* step 4: floor each group to 2^(E_max - P - 1) */
        if (eg[k] != INT32_MIN)
            total += ldexpl(floorl(ldexpl(sg[k], P + 1 - emax)), emax - P - 1);
    total /= 256;
    if (total == 0)
        return 0u;
    /* step 5: round once, ties away (roundl), on the subnormal grid */
    int e = ilogbl(total) > emin ? ilogbl(total) : emin;
    long double r = ldexpl(roundl(ldexpl(total, p - 1 - e)), e - (p - 1));
    if (!half && fabsl(r) < 0x1p-126L) /* step 6 / [semantics#decision-subnormal-result]: flush, sign kept */
        r = signbit(total) ? -0.0L : 0.0L;
    return vu_bits((float)r);
}

/* Run the code under test on one blend of channel-0 values. */
static uint32_t run_blend(int half, int n, const uint32_t *raw, const int *w, const int *g)
{
    wt__tex t = vu_tex(half ? WT__F16 : WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    for (int i = 0; i < n; i++)
        vu_tap(&tp, raw[i], w[i], g[i]);
    return vu_resolve(&t, WT_DTYPE_F32, &tp, 0);
}

static uint32_t blend2(uint32_t a, int wa, uint32_t b, int wb)
{
    uint32_t r[2] = {a, b};
    int w[2] = {wa, wb}, g[2] = {0, 0};
    return run_blend(0, 2, r, w, g);
}

static void worked_examples(void **state)
{
    (void)state;
    /* [semantics#float-blend]: 2.75390625 (2.75 + 2^-8) at weight 1 with 0.1f at 255 -> 0x3de207ff
     * (the exact sum would round to 0x3de20800); exactly 2.75 -> 0x3de1ffff. */
    assert_int_equal(vu_bits(2.75390625f), 0x40304000u);
    assert_int_equal(blend2(vu_bits(2.75390625f), 1, vu_bits(0.1f), 255), 0x3de207ffu);
    assert_int_equal(blend2(vu_bits(0.1f), 255, vu_bits(2.75390625f), 1), 0x3de207ffu);
    assert_int_equal(blend2(vu_bits(2.75f), 1, vu_bits(0.1f), 255), 0x3de1ffffu);
    /* The exact sums really do round elsewhere (the effect is the datapath's). */
    double exact = (2.75390625 + 255.0 * (double)0.1f) / 256.0;
    assert_int_equal(vu_bits((float)exact), 0x3de20800u);
    exact = (2.75 + 255.0 * (double)0.1f) / 256.0;
    assert_int_equal(vu_bits((float)exact), 0x3de20000u);
    /* Both through the model as well. */
    uint32_t r[2] = {vu_bits(2.75390625f), vu_bits(0.1f)};
    int w[2] = {1, 255}, g[2] = {0, 0};
    assert_int_equal(model_blend(0, 2, r, w, g), 0x3de207ffu);
}

static void signed_zeros(void **state)
{
    (void)state;
    /* [semantics#float-blend] step 6: all-(-0) gives -0; any +0 gives +0; an f32 subnormal reads as 0 with its sign. */
    assert_int_equal(blend2(0x80000000u, 128, 0x80000000u, 128), 0x80000000u);
    assert_int_equal(blend2(0x80000000u, 200, 0x80000003u, 56), 0x80000000u);
    assert_int_equal(blend2(0x80000000u, 128, 0x00000000u, 128), 0u);
    /* Cancellation gives +0. */
    assert_int_equal(blend2(vu_bits(1.5f), 128, vu_bits(-1.5f), 128), 0u);
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0x8000u, 100, 0);
    vu_tap(&tp, 0x8000u, 156, 0);
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F32, &tp, 0), 0x80000000u);
}

static void subnormals(void **state)
{
    (void)state;
    /* Step 1: a subnormal texel contributes nothing: 1.0 and the largest subnormal -> 0.5. */
    assert_int_equal(blend2(vu_bits(1.0f), 128, 0x007fffffu, 128), vu_bits(0.5f));
    /* Step 6: 2^-126 at weight 1 -> 2^-134, subnormal, flushed keeping its sign. */
    assert_int_equal(blend2(0x00800000u, 1, 0u, 255), 0u);
    assert_int_equal(blend2(0x80800000u, 1, 0x80000000u, 255), 0x80000000u);
    /* [semantics#decision-subnormal-result]: rounded on the subnormal grid first.  A = (2^24-1)*2^-143 at
     * weight 2 gives (2^24-1)*2^-150, half-way between two subnormals; ties
     * away give 2^23*2^-149 = 2^-126, a normal number, which is kept. */
    assert_int_equal(blend2(0x03ffffffu, 2, 0u, 254), 0x00800000u);
    assert_int_equal(blend2(0x83ffffffu, 2, 0x80000000u, 254), 0x80800000u);
    /* One step lower ((2^24-2)*2^-150) stays subnormal and is flushed. */
    assert_int_equal(blend2(0x03fffffeu, 2, 0u, 254), 0u);
}

static void nan_and_inf(void **state)
{
    (void)state;
    /* Step 7: NaN canonical with all mantissa bits set, whatever the payload or sign. */
    assert_int_equal(blend2(0x7f800001u, 1, vu_bits(1.0f), 255), 0x7fffffffu);
    assert_int_equal(blend2(0xffc00000u, 255, vu_bits(1.0f), 1), 0x7fffffffu);
    /* Infinities follow IEEE: inf + finite = inf, inf - inf = NaN. */
    assert_int_equal(blend2(0x7f800000u, 1, vu_bits(-3.0f), 255), 0x7f800000u);
    assert_int_equal(blend2(0xff800000u, 128, vu_bits(3.0f), 128), 0xff800000u);
    assert_int_equal(blend2(0x7f800000u, 128, 0xff800000u, 128), 0x7fffffffu);
    /* Half: NaN 0x7fff widened (0x7fffe000), infinity widened. */
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0x7c01u, 1, 0);
    vu_tap(&tp, 0x3c00u, 255, 0);
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F32, &tp, 0), 0x7fffe000u);
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F16, &tp, 0), 0x7fffu); /* [semantics#decision-f16-nan-result] */
    tp.t[0].raw[0] = 0xfc00u;
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F32, &tp, 0), 0xff800000u);
}

static void group_floor(void **state)
{
    (void)state;
    /* Step 4.  Group 0: (1 + 2^-22) at 32 and 1.0 at 96 sum to 128 + 2^-17,
     * which /256 is exactly the tie 0.5 + 2^-25.  Group 1: -2^-40 at 128
     * sums to -2^-33, floored to 2^(0-28) gives -2^-28, pushing the total
     * below the tie: 0.5.  The same texel inside group 0 is truncated to 0
     * (2^(0-27) quantum) and the tie rounds away: 0.5 + 2^-24. */
    uint32_t r[3] = {0x3f800002u, vu_bits(1.0f), vu_bits(-0x1p-40f)};
    int w[3] = {32, 96, 128}, g2[3] = {0, 0, 1}, g1[3] = {0, 0, 0};
    assert_int_equal(run_blend(0, 3, r, w, g2), 0x3f000000u);
    assert_int_equal(run_blend(0, 3, r, w, g1), 0x3f000001u);
    assert_int_equal(model_blend(0, 3, r, w, g2), 0x3f000000u);
    assert_int_equal(model_blend(0, 3, r, w, g1), 0x3f000001u);
}

static void half_rounding(void **state)
{
    (void)state;
    /* [semantics#decision-half-filter]: 1.0 at 1 with half 0x3555 (0.33325) at 255: units 2^-14, total
     * 16384 + 255*5460 = 1408684, /256 -> 1408684*2^-22; half quantum at
     * 2^-2 is 2^-12: 1375.67 -> 1376*2^-12 = 0.3359375 (half 0x3560). */
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0x3c00u, 1, 0);
    vu_tap(&tp, 0x3555u, 255, 0);
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F32, &tp, 0), vu_bits(0.3359375f));
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F16, &tp, 0), 0x3560u);
    /* A half-way case: 1.0 and 1.0009765625 (0x3c01) at 128 each give
     * 1 + 2^-11, the tie between 0x3c00 and 0x3c01: away -> 0x3c01. */
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0x3c00u, 128, 0);
    vu_tap(&tp, 0x3c01u, 128, 0);
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F16, &tp, 0), 0x3c01u);
    /* Half subnormals are values: 0x0001 (2^-24) at 256 stays 2^-24. */
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0x0001u, 256, 0);
    assert_int_equal(vu_resolve(&h, WT_DTYPE_F32, &tp, 0), vu_bits(0x1p-24f));
}

static void ties_away_f32(void **state)
{
    (void)state;
    /* 1.0 and 1 + 2^-23 at 128 each: 1 + 2^-24, the tie -> away: 1 + 2^-23. */
    assert_int_equal(blend2(0x3f800000u, 128, 0x3f800001u, 128), 0x3f800001u);
    assert_int_equal(blend2(0xbf800000u, 128, 0xbf800001u, 128), 0xbf800001u);
    /* The 4 channels are blended independently. */
    wt__tex t = vu_tex(WT__F32, 4, WT_CHANNEL_FLOAT, 0, 0);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, vu_bits(1.0f), 64, 0);
    vu_tap(&tp, vu_bits(3.0f), 192, 0);
    tp.t[0].raw[1] = vu_bits(-8.0f);
    tp.t[1].raw[3] = vu_bits(0.0f);
    wt__tex_ctx ctx = {.t = &t, .s = &t.samp, .border = t.border_texel};
    wt_op op = vu_op(WT_DTYPE_F32);
    uint32_t d[4];
    wt__taps_resolve(&ctx, &op, &tp, d);
    assert_int_equal(d[0], vu_bits(2.5f));
    assert_int_equal(d[1], vu_bits(0.25f)); /* (-8*64 + 3*192)/256 = 64/256 */
    assert_int_equal(d[2], vu_bits(2.5f));
    assert_int_equal(d[3], vu_bits(0.25f));
}

/* Random blends against the model: 1-8 taps, 1-3 groups, wide exponents. */
static void random_vs_model(void **state)
{
    (void)state;
    uint64_t s = 0x9e3779b97f4a7c15ULL;
    for (int it = 0; it < 60000; it++) {
        int half = it & 1, n = 1 + (int)(vu_rand(&s) % 8), ng = 1 + (int)(vu_rand(&s) % 3);
        int span = (it >> 1) % 3 == 0 ? 4 : (it >> 1) % 3 == 1 ? 24 : 80;
        uint32_t raw[8];
        int w[8], g[8], left = 256 - n;
        for (int i = 0; i < n; i++) {
            uint64_t r = vu_rand(&s);
            if (half) {
                int ex = 15 + (int)(r % 15) - 7;
                if (span == 80)
                    ex = (int)(r % 31);
                raw[i] = (uint32_t)((r >> 8 & 0x8000) | (uint32_t)ex << 10 | (r >> 20 & 0x3ff));
            } else {
                int ex = 127 + (int)(r % (uint64_t)(2 * span + 1)) - span;
                raw[i] = (uint32_t)((r >> 8 & 0x80000000u) | (uint32_t)ex << 23 | (r >> 30 & 0x7fffff));
                if ((r >> 56) % 16 == 0) /* a sprinkle of short mantissas */
                    raw[i] &= 0xfffff000u;
            }
            if ((r >> 60) == 0)
                raw[i] &= half ? 0x8000u : 0x80000000u; /* signed zeros */
            w[i] = 1;
            g[i] = (int)(vu_rand(&s) % (uint64_t)ng);
        }
        while (left > 0) { /* spread the rest of the 256 */
            int i = (int)(vu_rand(&s) % (uint64_t)n), k = 1 + (int)(vu_rand(&s) % (uint64_t)left);
            w[i] += k;
            left -= k;
        }
        uint32_t want = model_blend(half, n, raw, w, g), got = run_blend(half, n, raw, w, g);
        if (want != got)
            fail_msg("case %d half %d n %d: got 0x%08x want 0x%08x", it, half, n, got, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_examples), cmocka_unit_test(signed_zeros), cmocka_unit_test(subnormals),
        cmocka_unit_test(nan_and_inf),     cmocka_unit_test(group_floor),  cmocka_unit_test(half_rounding),
        cmocka_unit_test(ties_away_f32),   cmocka_unit_test(random_vs_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
