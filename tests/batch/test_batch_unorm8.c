/* test_batch_unorm8.c -- the byte formats: wt_float_to_unorm8 and wt_float_to_srgb8 against the formulas `warptex resample` used
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
        cmocka_unit_test(test_every_float),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
