/* test_cube_project.c -- cube face selection and face coordinates ([semantics#cube-faces], [semantics#decision-cube-projection], [semantics#decision-nonfinite-cube])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "sampling_util.h"

static void expect(float x, float y, float z, int face, float s, float t)
{
    int f = -1;
    float fs = -1.0f, ft = -1.0f;
    wt__cube_project(x, y, z, &f, &fs, &ft);
    assert_int_equal(f, face);
    assert_int_equal(su_fb(fs), su_fb(s));
    assert_int_equal(su_fb(ft), su_fb(t));
}

/* Every row of the [semantics#cube-faces] table, with distinct magnitudes.  By hand:
 * ((sc/m)+1)/2 with m = |major|; all quotients here are exact. */
static void test_face_rows(void **state)
{
    (void)state;
    /* +x: s = −z, t = −y: (2, 0.5, −1) -> s = (0.5+1)/2, t = (−0.25+1)/2 */
    expect(2.0f, 0.5f, -1.0f, 0, 0.75f, 0.375f);
    /* −x: s = z, t = −y: (−4, 1, 2) -> s = (0.5+1)/2, t = (−0.25+1)/2 */
    expect(-4.0f, 1.0f, 2.0f, 1, 0.75f, 0.375f);
    /* +y: s = x, t = z: (1, 2, −1) -> s = 0.75, t = 0.25 */
    expect(1.0f, 2.0f, -1.0f, 2, 0.75f, 0.25f);
    /* −y: s = x, t = −z: (1, −2, −1) -> s = 0.75, t = 0.75 */
    expect(1.0f, -2.0f, -1.0f, 3, 0.75f, 0.75f);
    /* +z: s = x, t = −y: (−1, 1, 4) -> s = 0.375, t = 0.375 */
    expect(-1.0f, 1.0f, 4.0f, 4, 0.375f, 0.375f);
    /* −z: s = −x, t = −y: (−1, 1, −4) -> s = 0.625, t = 0.375 */
    expect(-1.0f, 1.0f, -4.0f, 5, 0.625f, 0.375f);
    /* Edges of a face: s/m = ±1 gives 1 and 0. */
    expect(1.0f, -0.5f, -1.0f, 4 + 1, 0.0f, 0.75f); /* z ties x: z wins; s = −x/1 = −1 */
}

/* Ties: z beats y beats x; the sign test is >= 0. */
static void test_ties(void **state)
{
    (void)state;
    expect(1.0f, 1.0f, 0.0f, 2, 1.0f, 0.5f);     /* |y| = |x| -> +y: s = x/1, t = z/1 */
    expect(1.0f, -1.0f, 0.5f, 3, 1.0f, 0.25f);   /* −y: s = 1, t = −0.5 */
    expect(1.0f, 1.0f, 1.0f, 4, 1.0f, 0.0f);     /* all equal -> +z: s = x, t = −y */
    expect(-1.0f, 1.0f, -1.0f, 5, 1.0f, 0.0f);   /* −z: s = −x = 1, t = −y = −1 */
    expect(-2.0f, 0.0f, 2.0f, 4, 0.0f, 0.5f);    /* |z| = |x| -> z */
    expect(3.0f, -3.0f, 1.5f, 3, 1.0f, 0.25f);   /* |y| = |x| -> y (negative): t = −z/3 */
}

/* −0 and the zero vector ([semantics#decision-cube-projection]).  A −0 major axis only occurs when every
 * component is ±0, i.e. the zero vector; −0 minor components change nothing. */
static void test_zero_and_negative_zero(void **state)
{
    (void)state;
    expect(0.0f, 0.0f, 0.0f, 0, 0.5f, 0.5f);
    expect(-0.0f, -0.0f, -0.0f, 0, 0.5f, 0.5f);
    expect(0.0f, -0.0f, 0.0f, 0, 0.5f, 0.5f);
    expect(2.0f, -0.0f, -0.0f, 0, 0.5f, 0.5f);
    expect(-0.0f, 5.0f, 0.0f, 2, 0.5f, 0.5f);
    expect(0.0f, 0.0f, -3.0f, 5, 0.5f, 0.5f);
}

/* NaN components read as 0 ([semantics#nan-inf-coords]); ∞/∞ face coordinates read as 0 ([semantics#decision-nonfinite-cube]). */
static void test_non_finite(void **state)
{
    (void)state;
    expect(NAN, NAN, -1.0f, 5, 0.5f, 0.5f);
    expect(NAN, 0.0f, 0.0f, 0, 0.5f, 0.5f); /* all zero after NaN -> 0 */
    /* (∞, ∞, 0): tie -> +y; s = ∞/∞ = NaN -> 0; t = 0/∞ = 0 -> 0.5 */
    expect(INFINITY, INFINITY, 0.0f, 2, 0.0f, 0.5f);
    /* (1, −∞, 2): −y, s = 1/∞ = 0 -> 0.5, t = −2/∞ = −0 -> 0.5 */
    expect(1.0f, -INFINITY, 2.0f, 3, 0.5f, 0.5f);
    /* (−∞, 0, 0): −x, s = 0, t = −0 -> 0.5 each */
    expect(-INFINITY, 0.0f, 0.0f, 1, 0.5f, 0.5f);
}

/* [semantics#decision-cube-projection]: the face coordinate is an IEEE f32 division, then +1, then /2.
 * 1/3 rounds to 0x3eaaaaab; +1 -> 1.33333337 (0x3faaaaab); /2 -> 0x3f2aaaab. */
static void test_division_rounding(void **state)
{
    (void)state;
    int f;
    float s, t;
    wt__cube_project(3.0f, 0.0f, -1.0f, &f, &s, &t); /* +x: s = −z/3 = 1/3 */
    assert_int_equal(f, 0);
    assert_int_equal(su_fb(s), 0x3f2aaaabu);
    assert_int_equal(su_fb(t), su_fb(0.5f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_face_rows),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_zero_and_negative_zero),
        cmocka_unit_test(test_non_finite),
        cmocka_unit_test(test_division_rounding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
