/* test_blend_norm.c -- UNORM/SNORM linear blends in 16-bit integers (SEMANTICS §5.3)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "values_util.h"

/* K / d rounded once to f32, computed through long double (the quotient of
 * two small integers is never a float tie, so the double rounding is safe). */
static uint32_t q(long k, long d)
{
    return vu_bits((float)((long double)k / (long double)d));
}

static uint32_t blend(const wt__tex *t, int n, const uint32_t *raw, const int *w)
{
    wt__taps tp;
    vu_taps_init(&tp, 1);
    for (int i = 0; i < n; i++)
        vu_tap(&tp, raw[i], w[i], 0);
    return vu_resolve(t, WT_DTYPE_F32, &tp, 0);
}

/* Floor division written without shifts, for the models. */
static long fdiv(long a, long b)
{
    long r = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? r - 1 : r;
}

static void unorm8(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    /* 0 and 255 half and half: 128*65535 = 8388480, rhu(/256) = 32768 -> 32768/65535. */
    uint32_t r[2] = {0, 255};
    int w[2] = {128, 128};
    assert_int_equal(blend(&t, 2, r, w), q(32768, 65535));
    /* Every pair of codes from a sweep, at several weights: u*257 widening,
     * K = floor(sum/256 + 1/2), K/65535. */
    for (uint32_t a = 0; a < 256; a += 3)
        for (uint32_t b = 0; b < 256; b += 7)
            for (int wa = 1; wa < 256; wa += 37) {
                uint32_t rr[2] = {a, b};
                int ww[2] = {wa, 256 - wa};
                long sum = (long)wa * a * 257 + (long)(256 - wa) * b * 257;
                long k = fdiv(2 * sum + 256, 512); /* rhu(sum / 256) */
                assert_int_equal(blend(&t, 2, rr, ww), q(k, 65535));
            }
    /* A weight-256 single tap of 255 filters to exactly 1.0. */
    uint32_t one = 255;
    int w256 = 256;
    assert_int_equal(blend(&t, 1, &one, &w256), vu_bits(1.0f));
}

static void unorm16(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__U16, 1, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 0);
    uint32_t r[3] = {1, 65535, 40000};
    int w[3] = {3, 100, 153};
    long sum = 3L * 1 + 100L * 65535 + 153L * 40000; /* 12673503 */
    assert_int_equal(sum, 12673503);
    /* 12673503 / 256 = 49505.87 -> 49506 */
    assert_int_equal(blend(&t, 3, r, w), q(49506, 65535));
    /* 1 and 7 half and half: sum = 128 + 896 = 1024 -> 4 exactly */
    uint32_t r2[2] = {1, 7};
    int w2[2] = {128, 128};
    assert_int_equal(blend(&t, 2, r2, w2), q(4, 65535));
    uint32_t r3[2] = {0, 1};
    int w3[2] = {128, 128}; /* sum = 128 -> 0.5, a half: rounds up to 1 */
    assert_int_equal(blend(&t, 2, r3, w3), q(1, 65535));
}

static void snorm16(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__S16, 1, WT_CHANNEL_SIGNED, 1, 0);
    /* -32768 alone: K = -32768, clamped to -32767 -> -1.0 */
    uint32_t r1 = (uint32_t)-32768;
    int w1 = 256;
    assert_int_equal(blend(&t, 1, &r1, &w1), vu_bits(-1.0f));
    /* -1 and 0 half and half: sum = -128 -> -0.5 -> rhu = 0 -> +0 */
    uint32_t r2[2] = {(uint32_t)-1, 0};
    int w2[2] = {128, 128};
    assert_int_equal(blend(&t, 2, r2, w2), 0u);
    /* -3 and 0: sum -384 -> -1.5 -> rhu = -1 */
    uint32_t r3[2] = {(uint32_t)-3, 0};
    assert_int_equal(blend(&t, 2, r3, w2), q(-1, 32767));
    /* sweep against the formula */
    for (long a = -32768; a < 32768; a += 1021)
        for (long b = -32768; b < 32768; b += 4099)
            for (int wa = 1; wa < 256; wa += 51) {
                uint32_t rr[2] = {(uint32_t)a, (uint32_t)b};
                int ww[2] = {wa, 256 - wa};
                long k = fdiv(2 * (wa * a + (256 - wa) * b) + 256, 512);
                if (k < -32767)
                    k = -32767;
                assert_int_equal(blend(&t, 2, rr, ww), q(k, 32767));
            }
}

static void snorm8(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    int w256 = 256;
    /* Endpoints: 127 -> 1.0; -128 and -127 -> -1.0 (clamp at -32767). */
    uint32_t r = 127;
    assert_int_equal(blend(&t, 1, &r, &w256), vu_bits(1.0f));
    r = (uint32_t)-128;
    assert_int_equal(blend(&t, 1, &r, &w256), vu_bits(-1.0f));
    r = (uint32_t)-127;
    assert_int_equal(blend(&t, 1, &r, &w256), vu_bits(-1.0f));
    /* k = 64 alone: S = 16384, S>>4 = 1024, (257*1024+1024)>>11 = 129 -> 16513 */
    r = 64;
    assert_int_equal(blend(&t, 1, &r, &w256), q(16513, 32767));
    /* A single tap widens exactly to the §8 gather form |k|*258 (+1 from 64 up,
     * 65 up when negative), -128 as -127: two statements of the same scale. */
    for (int k = -128; k < 128; k++) {
        int kk = k < -127 ? -127 : k, a = kk < 0 ? -kk : kk;
        long m = a * 258L + (a >= (kk < 0 ? 65 : 64) ? 1 : 0);
        r = (uint32_t)k;
        assert_int_equal(blend(&t, 1, &r, &w256), q(kk < 0 ? -m : m, 32767));
    }
    /* Two-texel sums against the formula with floor divisions. */
    for (int a = -128; a < 128; a += 5)
        for (int b = -128; b < 128; b += 11)
            for (int wa = 1; wa < 256; wa += 29) {
                uint32_t rr[2] = {(uint32_t)a, (uint32_t)b};
                int ww[2] = {wa, 256 - wa};
                long s = (long)wa * a + (long)(256 - wa) * b;
                long k = s + fdiv(257 * fdiv(s, 16) + 1024, 2048);
                if (k < -32767)
                    k = -32767;
                assert_int_equal(blend(&t, 2, rr, ww), q(k, 32767));
            }
}

static void four_channels(void **state)
{
    (void)state;
    /* Each channel blends on its own; an 8-bit RGBA UNORM texture. */
    wt__tex t = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 0);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0, 64, 0);
    vu_tap(&tp, 0, 192, 1);
    uint32_t a[4] = {0, 255, 10, 200}, b[4] = {255, 0, 20, 100};
    for (int c = 0; c < 4; c++) {
        tp.t[0].raw[c] = a[c];
        tp.t[1].raw[c] = b[c];
    }
    wt__tex_ctx ctx = {&t, &t.samp, t.border_texel};
    wt_op op = vu_op(WT_DTYPE_F32);
    uint32_t d[4];
    wt__taps_resolve(&ctx, &op, &tp, d);
    for (int c = 0; c < 4; c++) {
        long sum = 64L * a[c] * 257 + 192L * b[c] * 257;
        assert_int_equal(d[c], q(fdiv(2 * sum + 256, 512), 65535));
    }
    /* .u32 destination: the normalised float rounded toward zero (Q14). */
    op.dtype = WT_DTYPE_U32;
    wt__taps_resolve(&ctx, &op, &tp, d);
    assert_int_equal(d[0], 0u); /* 0.75 -> 0 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unorm8), cmocka_unit_test(unorm16),       cmocka_unit_test(snorm16),
        cmocka_unit_test(snorm8), cmocka_unit_test(four_channels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
