/* test_batch_unorm8.c -- the byte formats: wt_float_to_unorm8 and wt_float_to_srgb8 against the formulas `warptex resample` used; wt_float_to_half against a search of the halves
 * SPDX-License-Identifier: MIT
 *
 * The oracle is batch_util.h's bt_to8: clamp to [0, 1] (NaN 0), the sRGB
 * encode with libm's pow in double, floor(v * 255 + 0.5).  The library's sRGB
 * byte comes from a table of steps; this file finds every step again by
 * bisection over the float bit patterns with the formula and checks that the
 * library's byte changes exactly there.  WARPTEX_STRESS=1 also compares every
 * float of [0, 1] (about 10^9 of them, a minute or so). */
#include "batch_util.h"

static float from_bits(uint32_t u) { return bt_float(u); }

/* Values everywhere a byte could go wrong: around every k/255 and every
 * rounding midpoint (k + 0.5)/255, and the specials. */
static void check_near_points(int srgb)
{
    long bad = 0;
    for (int k = 0; k <= 255; k++) {
        for (int half = 0; half < 2; half++) {
            float c = (float)((k + 0.5 * half) / 255.0);
            uint32_t u = bt_bits(c);
            for (int d = -8; d <= 8; d++) {
                float f = from_bits(u + (uint32_t)d);
                uint8_t got = srgb ? wt_float_to_srgb8(f) : wt_float_to_unorm8(f);
                uint8_t want = bt_to8(f, srgb);
                if (got != want && bad++ < 5)
                    print_error("%s(%a) = %u, the formula gives %u\n", srgb ? "srgb8" : "unorm8", (double)f, got, want);
            }
        }
    }
    static const uint32_t special[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x3f800000u,
                                       0x3f7fffffu, 0x3f800001u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                       0xffc00000u, 0x7f800001u, 0x7f7fffffu, 0xff7fffffu};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
        float f = from_bits(special[i]);
        uint8_t got = srgb ? wt_float_to_srgb8(f) : wt_float_to_unorm8(f);
        if (got != bt_to8(f, srgb) && bad++ < 10)
            print_error("%s(0x%08x) = %u, the formula gives %u\n", srgb ? "srgb8" : "unorm8", special[i], got,
                        bt_to8(f, srgb));
    }
    cu_rng r = {0x5EED0000u + (uint64_t)srgb};
    for (int i = 0; i < 200000; i++) {
        float f = i & 1 ? from_bits((uint32_t)cu_next(&r)) : (float)((double)(cu_next(&r) >> 11) / 0x1p53 * 1.2 - 0.1);
        uint8_t got = srgb ? wt_float_to_srgb8(f) : wt_float_to_unorm8(f);
        if (got != bt_to8(f, srgb) && bad++ < 10)
            print_error("%s(%a) = %u, the formula gives %u\n", srgb ? "srgb8" : "unorm8", (double)f, got,
                        bt_to8(f, srgb));
    }
    assert_int_equal(bad, 0);
}

static void test_unorm8_formula(void **state)
{
    (void)state;
    check_near_points(0);
    /* The values the format promises outright. */
    assert_int_equal(wt_float_to_unorm8(0.0f), 0);
    assert_int_equal(wt_float_to_unorm8(1.0f), 255);
    assert_int_equal(wt_float_to_unorm8(0.5f), 128); /* 127.5 rounds up */
    assert_int_equal(wt_float_to_unorm8(NAN), 0);
    assert_int_equal(wt_float_to_unorm8(-INFINITY), 0);
    assert_int_equal(wt_float_to_unorm8(INFINITY), 255);
    assert_int_equal(wt_float_to_unorm8(2.0f), 255);
}

static void test_srgb8_formula(void **state)
{
    (void)state;
    check_near_points(1);
    assert_int_equal(wt_float_to_srgb8(0.0f), 0);
    assert_int_equal(wt_float_to_srgb8(1.0f), 255);
    assert_int_equal(wt_float_to_srgb8(NAN), 0);
    assert_int_equal(wt_float_to_srgb8(-1.0f), 0);
    assert_int_equal(wt_float_to_srgb8(INFINITY), 255);
    assert_int_equal(wt_float_to_srgb8(0.5f), 188); /* 1.055 * 0.5^(1/2.4) - 0.055 = 0.73536: 187.52 rounds to 188 */
}

/* Every step of the sRGB byte, found by bisection with the formula, is
 * where the library's byte steps too. */
static void test_srgb8_steps(void **state)
{
    (void)state;
    long bad = 0;
    for (int k = 1; k <= 255; k++) {
        uint32_t lo = 0, hi = 0x3f800000u; /* the smallest float of [0, 1] whose byte is >= k */
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (bt_to8(from_bits(mid), 1) >= k)
                hi = mid;
            else
                lo = mid + 1;
        }
        uint8_t at = wt_float_to_srgb8(from_bits(lo)), below = wt_float_to_srgb8(from_bits(lo - 1));
        if ((at != k || below != k - 1) && bad++ < 10)
            print_error("sRGB byte %d starts at %a (0x%08x) by the formula; the library gives %u there and %u "
                        "one float below\n", k, (double)from_bits(lo), lo, at, below);
    }
    assert_int_equal(bad, 0);
}

/* The value of a half h in double, 0x7c00 standing for 2^16: the value
 * past the largest half (65504) that rounding to nearest, ties to even,
 * would pick with an unbounded exponent, i.e. infinity. */
static double half_value(unsigned h)
{
    const unsigned e = h >> 10 & 31, f = h & 1023;
    return e ? ldexp(1024.0 + f, (int)e - 25) : ldexp((double)f, -24);
}

/* wt_float_to_half by its definition: the nearest of the halves 0 ..
 * 0x7c00 to |v| found by bisection (ties to the even code), the sign
 * added; a NaN quiet with its payload's top ten bits; infinity stays. */
static uint16_t half_oracle(float v)
{
    const uint32_t u = bt_bits(v);
    const uint16_t sign = (uint16_t)(u >> 16 & 0x8000u);
    if (v != v)
        return (uint16_t)(sign | 0x7e00u | (u >> 13 & 0x3ffu));
    const double a = fabs((double)v);
    if (a == INFINITY)
        return (uint16_t)(sign | 0x7c00u);
    unsigned lo = 0, hi = 0x7c00; /* half_value(lo) <= a; the answer is lo or lo + 1 */
    if (a >= half_value(hi))
        return (uint16_t)(sign | 0x7c00u);
    while (hi - lo > 1) {
        const unsigned mid = (lo + hi) / 2;
        if (half_value(mid) <= a)
            lo = mid;
        else
            hi = mid;
    }
    const double dl = a - half_value(lo), dh = half_value(lo + 1) - a;
    const unsigned h = dl < dh ? lo : dh < dl ? lo + 1 : (lo & 1 ? lo + 1 : lo);
    return (uint16_t)(sign | h);
}

static void test_half_formula(void **state)
{
    (void)state;
    long bad = 0;
    uint32_t x = 0x9E3779B9u;
    /* a float in 4099 everywhere, every tie point between halves (and its
     * neighbours), the specials */
    for (uint64_t u = 0; u < (1ull << 32) && bad < 5; u += 4099) {
        const float f = from_bits((uint32_t)u);
        if (wt_float_to_half(f) != half_oracle(f) && bad++ < 5)
            print_error("half(0x%08x) = 0x%04x, the search gives 0x%04x\n", (uint32_t)u, wt_float_to_half(f),
                        half_oracle(f));
    }
    for (unsigned h = 0; h < 0x7c00 && bad < 5; h++) {
        const double mid = (half_value(h) + half_value(h + 1)) / 2; /* exact in float: at most 12 significant bits */
        const uint32_t m = bt_bits((float)mid);
        for (int d = -2; d <= 2; d++)
            for (int s = 0; s < 2; s++) {
                const float f = from_bits((m + (uint32_t)d) ^ (s ? 0x80000000u : 0u));
                if (wt_float_to_half(f) != half_oracle(f) && bad++ < 5)
                    print_error("half(%a) = 0x%04x, the search gives 0x%04x\n", (double)f, wt_float_to_half(f),
                                half_oracle(f));
            }
    }
    for (int k = 0; k < 200000; k++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        const float f = from_bits(x);
        if (wt_float_to_half(f) != half_oracle(f) && bad++ < 5)
            print_error("half(0x%08x) = 0x%04x, the search gives 0x%04x\n", x, wt_float_to_half(f), half_oracle(f));
    }
    assert_int_equal(wt_float_to_half(65504.0f), 0x7bff);
    assert_int_equal(wt_float_to_half(65519.996f), 0x7bff);
    assert_int_equal(wt_float_to_half(65520.0f), 0x7c00);
    assert_int_equal(wt_float_to_half(-INFINITY), 0xfc00);
    assert_int_equal(wt_float_to_half(0x1p-24f), 0x0001);
    assert_int_equal(wt_float_to_half(0x1p-25f), 0x0000);     /* the tie to 0 (even) */
    assert_int_equal(wt_float_to_half(-0x1.8p-24f), 0x8002);  /* the tie to 2 (even) */
    assert_int_equal(wt_float_to_half(from_bits(0xff800001u)), 0xfe00); /* a signalling NaN made quiet, sign kept */
    assert_int_equal(wt_float_to_half(from_bits(0x7fc02000u)), 0x7e01); /* the payload's top bits kept */
    assert_int_equal(bad, 0);
}

/* WARPTEX_STRESS: every float of [0, 1], both conversions. */
static void test_every_float(void **state)
{
    (void)state;
    const char *stress = getenv("WARPTEX_STRESS");
    if (!stress || !*stress || !strcmp(stress, "0")) {
        print_message("every float of [0, 1]: skipped (set WARPTEX_STRESS=1 to run it)\n");
        skip();
    }
    long bad = 0;
    for (uint32_t u = 0; u <= 0x3f800000u; u++) {
        float f = from_bits(u);
        if ((wt_float_to_srgb8(f) != bt_to8(f, 1) || wt_float_to_unorm8(f) != bt_to8(f, 0)) && bad++ < 10)
            print_error("0x%08x: srgb8 %u (formula %u), unorm8 %u (formula %u)\n", u, wt_float_to_srgb8(f),
                        bt_to8(f, 1), wt_float_to_unorm8(f), bt_to8(f, 0));
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unorm8_formula),
        cmocka_unit_test(test_srgb8_formula),
        cmocka_unit_test(test_srgb8_steps),
        cmocka_unit_test(test_half_formula),
        cmocka_unit_test(test_every_float),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
