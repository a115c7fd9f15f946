/* test_lod_grad.c -- gradient LOD ([semantics#lod-from-gradients], [semantics#decision-diagonal-t10], [semantics#decision-grad-lod-3d]): hand-computed answers and an independent model
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>

#include "conf_model.h"
#include "scalar/scalar.h"

/* ---- an independent model in double precision --------------------------
 * The [semantics#lod-from-gradients] pieces of the conformance model (tests/harness/conf_model.c),
 * written straight from the text with floor/ldexp on doubles (the code under
 * test uses integer mantissas).  Exact for the exponent spans used by the
 * random cases below (every sum fits in 53 bits). */
static int32_t q_m(double rho)
{
    if (rho == 0.0)
        return INT32_MIN;
    int e = ilogb(rho);
    return 256 * e + cm_log2_tab[(int)floor((ldexp(rho, -e) - 1.0) * 256.0)];
}
static double san(float v) { return isnan(v) ? 0.0 : (double)v; }
static double sgn_t10(float v) { double d = san(v); return d < 0 ? -cm_t10(-d) : cm_t10(d); }
static int32_t model2(float a, float b, float c, float d)
{
    double ux = sgn_t10(a), vx = sgn_t10(b), uy = sgn_t10(c), vy = sgn_t10(d);
    double rho = fmax(cm_grad_len(fabs(ux), fabs(vx)), cm_grad_len(fabs(uy), fabs(vy)));
    rho = fmax(rho, cm_grad_diag(cm_grad_adder(ux, uy), cm_grad_adder(vx, vy)));
    rho = fmax(rho, cm_grad_diag(cm_grad_adder(ux, -uy), cm_grad_adder(vx, -vy)));
    return q_m(rho);
}
static double len3_m(const float v[3])
{
    double s[3] = {cm_t10(fabs(san(v[0]))), cm_t10(fabs(san(v[1]))), cm_t10(fabs(san(v[2])))};
    return cm_grad_len3(s);
}
static int32_t model3(const float x[3], const float y[3]) { return q_m(fmax(len3_m(x), len3_m(y))); }

/* ---- hand-computed answers ----------------------------------------------- */

static void test_zero_nan_inf(void **state)
{
    (void)state;
    assert_int_equal(wt__grad_lod_2d(0.0f, 0.0f, 0.0f, 0.0f), INT32_MIN);
    assert_int_equal(wt__grad_lod_2d(-0.0f, 0.0f, -0.0f, 0.0f), INT32_MIN);
    assert_int_equal(wt__grad_lod_2d(NAN, NAN, -NAN, NAN), INT32_MIN);   /* NaN counts as 0 */
    assert_int_equal(wt__grad_lod_2d(NAN, 4.0f, 0.0f, NAN), 512);         /* ... leaving |4| */
    assert_int_equal(wt__grad_lod_2d(INFINITY, 0.0f, 0.0f, 0.0f), INT32_MAX);
    assert_int_equal(wt__grad_lod_2d(0.0f, 0.0f, 0.0f, -INFINITY), INT32_MAX);
    assert_int_equal(wt__grad_lod_2d(INFINITY, 0.0f, -INFINITY, NAN), INT32_MAX);
    /* FLT_MAX: t10 -> 1023·2^118, ilogb 127, index 255: 256·127 + 255. */
    assert_int_equal(wt__grad_lod_2d(FLT_MAX, 0.0f, 0.0f, FLT_MAX), 32767);
    /* a subnormal 2^-140 still has an exact ilogb */
    assert_int_equal(wt__grad_lod_2d(ldexpf(1.0f, -140), 0.0f, 0.0f, 0.0f), -140 * 256);

    float z[3] = {0.0f, 0.0f, 0.0f}, n[3] = {NAN, 0.0f, NAN}, i[3] = {0.0f, -INFINITY, 0.0f};
    assert_int_equal(wt__grad_lod_3d(z, z), INT32_MIN);
    assert_int_equal(wt__grad_lod_3d(n, z), INT32_MIN);
    assert_int_equal(wt__grad_lod_3d(z, i), INT32_MAX);
}

/* An axis-aligned gradient of exactly 2^k texels gives q = 256·k, whichever
 * slot, sign or partner (a perpendicular one of the same length too). */
static void test_axis_aligned_powers(void **state)
{
    (void)state;
    for (int k = -30; k <= 30; k++) {
        float p = ldexpf(1.0f, k);
        int32_t want = 256 * k;
        assert_int_equal(wt__grad_lod_2d(p, 0.0f, 0.0f, 0.0f), want);
        assert_int_equal(wt__grad_lod_2d(0.0f, -p, 0.0f, 0.0f), want);
        assert_int_equal(wt__grad_lod_2d(0.0f, 0.0f, p, 0.0f), want);
        assert_int_equal(wt__grad_lod_2d(0.0f, 0.0f, 0.0f, -p), want);
        assert_int_equal(wt__grad_lod_2d(p, 0.0f, 0.0f, p), want);  /* diagonals 0.92·p */
        float x[3] = {0.0f, 0.0f, p}, y[3] = {0.0f, -p * 0.5f, 0.0f};
        assert_int_equal(wt__grad_lod_3d(x, y), want);
        assert_int_equal(wt__grad_lod_3d(y, x), want);
    }
}

/* [semantics#lod-from-gradients]: "a pair of parallel gradients along one axis reads 1.375x as long as
 * either": dPdx = dPdy = (L, 0) gives the diagonal (2L, 0) whose length is
 * 11/16·2L = 1.375L = 704·2^(k−9): ilogb k, index (704−512)/2 = 96,
 * LOG2TAB[96] = 118.  A single gradient of length 1.375L reads the same. */
static void test_parallel_pair(void **state)
{
    (void)state;
    for (int k = -10; k <= 12; k++) {
        float L = ldexpf(1.0f, k);
        int32_t want = 256 * k + 118;
        assert_int_equal(wt__grad_lod_2d(L, 0.0f, L, 0.0f), want);
        assert_int_equal(wt__grad_lod_2d(0.0f, L, 0.0f, L), want);
        assert_int_equal(wt__grad_lod_2d(-L, 0.0f, L, 0.0f), want);  /* anti-parallel: the difference */
        assert_int_equal(wt__grad_lod_2d(1.375f * L, 0.0f, 0.0f, 0.0f), want);
        /* either alone reads L */
        assert_int_equal(wt__grad_lod_2d(L, 0.0f, 0.0f, 0.0f), 256 * k);
    }
}

static void test_hand_examples_2d(void **state)
{
    (void)state;
    /* (3, 4): a = 4 = 512·2^-7, b = 3 = 768·2^-8, rhu(11·768/8) = 1056 → 1056·2^-10;
     * 5.03125 = 644·2^-7 (10 bits).  Diagonal (3, 4) ± 0: 2.75 + 1452·2^-11 → 3.457.
     * rho = 5.03125: ilogb 2, index 66, LOG2TAB[66] = 85 → 597. */
    assert_int_equal(wt__grad_lod_2d(3.0f, 4.0f, 0.0f, 0.0f), 597);
    assert_int_equal(wt__grad_lod_2d(0.0f, 0.0f, -4.0f, 3.0f), 597);
    /* (1, 1): 1 + 704·2^-11 = 1.34375, index 88, LOG2TAB[88] = 110. */
    assert_int_equal(wt__grad_lod_2d(1.0f, 1.0f, 0.0f, 0.0f), 110);
    /* (1023, 0) twice: diagonal u = 2·1023 = 1023·2^1; big' = t10(rhu(11·1023/8)) =
     * t10(1407) = 1406 = 703·2: ilogb 10, index 95, LOG2TAB[95] = 117 → 2677. */
    assert_int_equal(wt__grad_lod_2d(1023.0f, 0.0f, 1023.0f, 0.0f), 2677);
    /* Step 1 (t10 of the inputs): (554, 552.5): b → 552, rhu(11·552/8) = 759,
     * 554 + 189.75 → 743, index 115, LOG2TAB = 137 → 2441.  Without the cut,
     * 552.5 would give 760 → 744 → 2442. */
    assert_int_equal(wt__grad_lod_2d(554.0f, 552.5f, 0.0f, 0.0f), 2441);
    /* [semantics#decision-diagonal-t10] (t10 of each diagonal component): dPdx = (512, 0), dPdy = (547, 0):
     * u sum 1059 → 1058 = 529·2, big' = t10(rhu(11·529/8) = 727) → 727, index
     * 107, LOG2TAB = 129 → 2433 (uncut, 529.5 would give 728 → 2434). */
    assert_int_equal(wt__grad_lod_2d(512.0f, 0.0f, 547.0f, 0.0f), 2433);
    /* The adder's cut (step 3): dPdx = (512, 600), dPdy = (−0.25, 600).  Sum u:
     * g = 0.5, floor(0.25/0.5) = 0, so 512 (exact: 511.75 → 511.5).  Sum v: 1200
     * = 600·2.  Diagonal: 825 + rhu(121·512/64)·2^-3 = 825 + 121 = 946, index
     * 217, LOG2TAB[217] = 227 → 2531 (the exact sum would give 945 → 2530). */
    assert_int_equal(wt__grad_lod_2d(512.0f, 600.0f, -0.25f, 600.0f), 2531);
}

static void test_hand_examples_3d(void **state)
{
    (void)state;
    float z[3] = {0.0f, 0.0f, 0.0f};
    /* (1,1,1): 1 + 704·2^-11 + 512·2^-11 = 1.59375, index 152, LOG2TAB = 173. */
    float a[3] = {1.0f, -1.0f, 1.0f};
    assert_int_equal(wt__grad_lod_3d(a, z), 173);
    assert_int_equal(wt__grad_lod_3d(z, a), 173);
    /* (3,4,12): 12 + 1.375 + 0.75 = 14.125 = 904·2^-6, index 196, LOG2TAB 210. */
    float b[3] = {3.0f, 4.0f, 12.0f}, b2[3] = {12.0f, -3.0f, 4.0f};
    assert_int_equal(wt__grad_lod_3d(b, z), 768 + 210);
    assert_int_equal(wt__grad_lod_3d(b2, a), 768 + 210); /* rho = the longer */
    /* The min term carries: (1000, 998, 4): rhu(11·998/8) = 1372 → 343, plus
     * M_min·2^(k_min−2) = 4/4 = 1: 1344 → index 80, LOG2TAB 101 → 2661; without
     * the 4: 1343 → t10 1342 → index 79, LOG2TAB 100 → 2660. */
    float c[3] = {1000.0f, 998.0f, 4.0f}, c0[3] = {998.0f, 0.0f, 1000.0f};
    assert_int_equal(wt__grad_lod_3d(c, z), 2661);
    assert_int_equal(wt__grad_lod_3d(z, c0), 2660);
    /* Mid term rounding: (1000, 999, 3): rhu(1373.625) = 1374 → 343.5, +0.75:
     * 1344.25 → 1344 → 2661. */
    float d[3] = {3.0f, 999.0f, -1000.0f};
    assert_int_equal(wt__grad_lod_3d(d, z), 2661);
    /* NaN components count as 0: (NaN, 4, NaN) = 4 → 512. */
    float e[3] = {NAN, 4.0f, NAN};
    assert_int_equal(wt__grad_lod_3d(e, z), 512);
}

/* ---- random cases against the model -------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}
static float rnd_float(void)
{
    uint32_t r = next();
    if ((r & 15) == 0)
        return 0.0f;
    float m = 1.0f + (float)(next() & 0x7fffff) / 8388608.0f;
    if ((r & 0x30) == 0)
        m = (float)(512 + (next() & 511)) / 512.0f; /* already 10 bits */
    float v = ldexpf(m, (int)((r >> 8) % 25) - 12);
    return (r & 0x40) ? -v : v;
}

static void test_random_2d_vs_model(void **state)
{
    (void)state;
    for (int i = 0; i < 200000; i++) {
        float g[4];
        for (int j = 0; j < 4; j++)
            g[j] = rnd_float();
        switch (next() % 4) { /* near-parallel pairs make the diagonals win */
        case 0:
            g[2] = g[0] * (1.0f + (float)(next() % 64) / 256.0f);
            g[3] = g[1] * (next() & 1 ? 1.0f : -0.75f);
            break;
        case 1:
            g[2] = -g[0];
            break;
        default:
            break;
        }
        int32_t got = wt__grad_lod_2d(g[0], g[1], g[2], g[3]);
        int32_t want = model2(g[0], g[1], g[2], g[3]);
        if (got != want)
            fail_msg("case %d: grad (%a, %a, %a, %a): got %d want %d", i, (double)g[0], (double)g[1],
                     (double)g[2], (double)g[3], got, want);
    }
}

static void test_random_3d_vs_model(void **state)
{
    (void)state;
    for (int i = 0; i < 200000; i++) {
        float x[3], y[3];
        for (int j = 0; j < 3; j++) {
            x[j] = rnd_float();
            y[j] = rnd_float();
        }
        int32_t got = wt__grad_lod_3d(x, y), want = model3(x, y);
        if (got != want)
            fail_msg("case %d: (%a %a %a) (%a %a %a): got %d want %d", i, (double)x[0], (double)x[1],
                     (double)x[2], (double)y[0], (double)y[1], (double)y[2], got, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zero_nan_inf),       cmocka_unit_test(test_axis_aligned_powers),
        cmocka_unit_test(test_parallel_pair),      cmocka_unit_test(test_hand_examples_2d),
        cmocka_unit_test(test_hand_examples_3d),   cmocka_unit_test(test_random_2d_vs_model),
        cmocka_unit_test(test_random_3d_vs_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
