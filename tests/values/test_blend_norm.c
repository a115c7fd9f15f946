/* test_blend_norm.c -- UNORM/SNORM linear blends in 16-bit integers ([semantics#norm-blend])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "scalar/value_scalar.h"
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
    /* A single tap widens exactly to the [semantics#tld4] gather form |k|*258 (+1 from 64 up,
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

/* [semantics#norm-blend] SNORM8, exhaustively: every pair of codes (a, b) at every split
 * (wa, 256 - wa), wa = 1..255, and every single code at 256.  That reaches
 * every sum S in [-32768, 32512] (the 65,281 two-texel sums the formula was
 * fitted over), most of them many times.  The expectation for each S is
 * computed once, here, from the formula written with floor divisions:
 * K = S + floor((257*floor(S/16) + 1024) / 2048), clamped at -32767,
 * result K/32767 rounded once to f32. */
static void snorm8_exhaustive(void **state)
{
    (void)state;
    enum { SMIN = -32768, SMAX = 32512 };
    static uint32_t want[SMAX - SMIN + 1];
    static uint8_t seen[SMAX - SMIN + 1];
    memset(seen, 0, sizeof seen);
    for (long s = SMIN; s <= SMAX; s++) {
        long k = s + fdiv(257 * fdiv(s, 16) + 1024, 2048);
        want[s - SMIN] = q(k < -32767 ? -32767 : k, 32767);
    }
    /* Spot values by hand: S = 32512 (127 alone) -> 32512 + 255 = 32767;
     * S = -16 -> -16 + floor((-257 + 1024)/2048) = -16;  S = -17 ->
     * floor(-17/16) = -2, (-514 + 1024) >> 11 = 0 -> -17;  S = 2047 ->
     * 127*257 = 32639 + 1024 = 33663 >> 11 = 16 -> 2063. */
    assert_int_equal(want[32512 - SMIN], vu_bits(1.0f));
    assert_int_equal(want[-16 - SMIN], q(-16, 32767));
    assert_int_equal(want[2047 - SMIN], q(2063, 32767));
    assert_int_equal(want[SMIN - SMIN], vu_bits(-1.0f));

    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0, 1, 0);
    vu_tap(&tp, 0, 1, 0);
    for (int a = -128; a < 128; a++) {
        tp.t[0].raw[0] = (uint32_t)a;
        for (int b = -128; b < 128; b++) {
            tp.t[1].raw[0] = (uint32_t)b;
            for (int wa = 1; wa < 256; wa++) {
                tp.t[0].w = wa;
                tp.t[1].w = 256 - wa;
                long s = (long)wa * a + (long)(256 - wa) * b;
                uint32_t got = wt__blend_snorm8(&tp, 0);
                if (got != want[s - SMIN])
                    fail_msg("a %d b %d wa %d (S %ld): got 0x%08x want 0x%08x", a, b, wa, s, got, want[s - SMIN]);
                seen[s - SMIN] = 1;
            }
        }
    }
    tp.n = 1;
    tp.t[0].w = 256;
    for (int a = -128; a < 128; a++) {
        tp.t[0].raw[0] = (uint32_t)a;
        assert_int_equal(wt__blend_snorm8(&tp, 0), want[256L * a - SMIN]);
        seen[256L * a - SMIN] = 1;
    }
    for (long s = SMIN; s <= SMAX; s++)
        assert_true(seen[s - SMIN]);
    /* The result is monotonic in S and odd-ish: never above 1, never below -1. */
    for (long s = SMIN + 1; s <= SMAX; s++)
        assert_true(vu_float(want[s - SMIN]) >= vu_float(want[s - 1 - SMIN]));
}

/* [semantics#norm-blend] UNORM8, exhaustively over pairs: u*257 widening, K = rhu(S/256),
 * K/65535.  The expectation per widened sum is computed from the definition
 * (rhu(n/d) = floor((2n + d) / 2d)). */
static void unorm8_exhaustive(void **state)
{
    (void)state;
    wt__taps tp;
    vu_taps_init(&tp, 1);
    vu_tap(&tp, 0, 1, 0);
    vu_tap(&tp, 0, 1, 0);
    static uint32_t want[65536];
    for (long k = 0; k < 65536; k++)
        want[k] = q(k, 65535);
    for (int a = 0; a < 256; a++) {
        tp.t[0].raw[0] = (uint32_t)a;
        for (int b = 0; b < 256; b++) {
            tp.t[1].raw[0] = (uint32_t)b;
            for (int wa = 1; wa < 256; wa++) {
                tp.t[0].w = wa;
                tp.t[1].w = 256 - wa;
                long sum = 257L * ((long)wa * a + (long)(256 - wa) * b);
                long k = (2 * sum + 256) / 512;
                uint32_t got = wt__blend_unorm(&tp, 0, 8);
                if (got != want[k])
                    fail_msg("a %d b %d wa %d: got 0x%08x want 0x%08x", a, b, wa, got, want[k]);
            }
        }
    }
}

/* Up to 16 taps in several groups (a trilinear or anisotropic footprint):
 * the normalised blends ignore groups and sum every tap once. */
static void many_taps_random(void **state)
{
    (void)state;
    uint64_t s = 0x243f6a8885a308d3ULL;
    wt__tex u8 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    wt__tex u16 = vu_tex(WT__U16, 1, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 0);
    wt__tex s8 = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    wt__tex s16 = vu_tex(WT__S16, 1, WT_CHANNEL_SIGNED, 1, 0);
    for (int it = 0; it < 40000; it++) {
        int n = 1 + (int)(vu_rand(&s) % 16), left = 256 - n, w[16];
        long code[16];
        for (int i = 0; i < n; i++)
            w[i] = 1;
        while (left > 0) {
            int i = (int)(vu_rand(&s) % (uint64_t)n), k = 1 + (int)(vu_rand(&s) % (uint64_t)left);
            w[i] += k;
            left -= k;
        }
        int f = it & 3;
        wt__taps tp;
        vu_taps_init(&tp, 1);
        long sum = 0, k;
        for (int i = 0; i < n; i++) {
            uint64_t r = vu_rand(&s);
            code[i] = f == 0 ? (long)(r % 256) : f == 1 ? (long)(r % 65536) : f == 2 ? (long)(r % 256) - 128
                                                                                : (long)(r % 65536) - 32768;
            if ((r >> 40) % 8 == 0) /* extremes often */
                code[i] = f == 0 ? 255 : f == 1 ? 65535 : f == 2 ? -128 : -32768;
            vu_tap(&tp, (uint32_t)code[i], w[i], (int)(r >> 50) % 4);
            sum += (f == 0 ? 257 : 1) * w[i] * code[i];
        }
        const wt__tex *t = f == 0 ? &u8 : f == 1 ? &u16 : f == 2 ? &s8 : &s16;
        uint32_t want;
        if (f <= 1) {
            want = q((2 * sum + 256) / 512, 65535);
        } else {
            k = f == 2 ? sum + fdiv(257 * fdiv(sum, 16) + 1024, 2048) : fdiv(2 * sum + 256, 512);
            want = q(k < -32767 ? -32767 : k, 32767);
        }
        uint32_t got = vu_resolve(t, WT_DTYPE_F32, &tp, 0);
        if (got != want)
            fail_msg("case %d fmt %d n %d: got 0x%08x want 0x%08x", it, f, n, got, want);
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
    wt__tex_ctx ctx = {.t = &t, .s = &t.samp, .border = t.border_texel};
    wt_op op = vu_op(WT_DTYPE_F32);
    uint32_t d[4];
    wt__taps_resolve(&ctx, &op, &tp, d);
    for (int c = 0; c < 4; c++) {
        long sum = 64L * a[c] * 257 + 192L * b[c] * 257;
        assert_int_equal(d[c], q(fdiv(2 * sum + 256, 512), 65535));
    }
    /* .u32 destination: the normalised float rounded toward zero ([semantics#decision-dest-mismatch]). */
    op.dtype = WT_DTYPE_U32;
    wt__taps_resolve(&ctx, &op, &tp, d);
    assert_int_equal(d[0], 0u); /* 0.75 -> 0 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unorm8), cmocka_unit_test(unorm16),       cmocka_unit_test(snorm16),
        cmocka_unit_test(snorm8), cmocka_unit_test(four_channels), cmocka_unit_test(snorm8_exhaustive),
        cmocka_unit_test(unorm8_exhaustive), cmocka_unit_test(many_taps_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
