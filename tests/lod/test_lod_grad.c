/* test_lod_grad.c -- gradient LOD (SEMANTICS §6.4, D2.2, D2.5): hand-computed answers and an independent model
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>

#include "scalar/scalar.h"

/* Appendix B, typed in again here (test_lod_log2.c checks it). */
static const int TAB[256] = {
    0,   2,   4,   5,   6,   8,   9,   11,  12,  13,  15,  16,  18,  19,  20,  22,  23,  24,  26,  27,  28,  30,
    31,  32,  34,  35,  36,  38,  39,  40,  42,  43,  44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,
    59,  60,  62,  63,  64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,  83,  84,
    85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99,  100, 101, 102, 103, 104, 105, 106, 107, 109,
    110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131,
    132, 133, 135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153,
    154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 173,
    174, 175, 176, 177, 178, 179, 180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206, 207, 208, 209, 210, 210, 211,
    212, 213, 214, 214, 215, 216, 217, 218, 218, 219, 220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229,
    229, 230, 231, 232, 233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244, 245, 245,
    246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

/* ---- an independent model in double precision --------------------------
 * Written straight from the §6.4 text with floor/ldexp on doubles (the code
 * under test uses integer mantissas).  Exact for the exponent spans used by the
 * random cases below (every sum fits in 53 bits). */
static double t10d(double x)
{
    if (x == 0.0)
        return 0.0;
    double u = ldexp(1.0, ilogb(x) - 9);
    return floor(x / u) * u;
}
static double rhu(double x) { return floor(x + 0.5); }
static int kof(double x) { return ilogb(x) - 9; }              /* x = M·2^k, M in [512, 1023] */
static double mof(double x) { return ldexp(x, -kof(x)); }
static double len_m(double u, double v)
{
    double a = fmax(fabs(u), fabs(v)), b = fmin(fabs(u), fabs(v));
    if (b == 0.0)
        return a;
    return t10d(a + ldexp(rhu(11.0 * mof(b) / 8.0), kof(b) - 2));
}
static double adder_m(double x, double y) /* |x + y| with the cut smaller operand, then t10 */
{
    double big = fabs(x) >= fabs(y) ? x : y, small = fabs(x) >= fabs(y) ? y : x;
    if (big == 0.0)
        return 0.0;
    double g = ldexp(1.0, ilogb(fabs(big)) - 10);
    double cut = floor(fabs(small) / g) * g;
    return t10d((big < 0) == (small < 0) ? fabs(big) + cut : fabs(big) - cut);
}
static double diag_m(double u, double v)
{
    double a = fmax(u, v), b = fmin(u, v);
    if (a == 0.0)
        return 0.0;
    double big = t10d(ldexp(rhu(11.0 * mof(a) / 8.0), kof(a) - 1));
    if (b == 0.0)
        return big;
    return t10d(big + ldexp(rhu(121.0 * mof(b) / 64.0), kof(b) - 3));
}
static int32_t q_m(double rho)
{
    if (rho == 0.0)
        return INT32_MIN;
    int e = ilogb(rho);
    return 256 * e + TAB[(int)floor((ldexp(rho, -e) - 1.0) * 256.0)];
}
static double san(float v) { return isnan(v) ? 0.0 : (double)v; }
static double sgn_t10(float v) { double d = san(v); return d < 0 ? -t10d(-d) : t10d(d); }
static int32_t model2(float a, float b, float c, float d)
{
    double ux = sgn_t10(a), vx = sgn_t10(b), uy = sgn_t10(c), vy = sgn_t10(d);
    double rho = fmax(len_m(ux, vx), len_m(uy, vy));
    rho = fmax(rho, diag_m(adder_m(ux, uy), adder_m(vx, vy)));
    rho = fmax(rho, diag_m(adder_m(ux, -uy), adder_m(vx, -vy)));
    return q_m(rho);
}
static double len3_m(const float v[3])
{
    double s[3] = {t10d(fabs(san(v[0]))), t10d(fabs(san(v[1]))), t10d(fabs(san(v[2])))};
    for (int i = 0; i < 2; i++) /* bubble sort, descending */
        for (int j = 0; j < 2 - i; j++)
            if (s[j] < s[j + 1]) {
                double x = s[j];
                s[j] = s[j + 1];
                s[j + 1] = x;
            }
    if (s[1] == 0.0)
        return s[0];
    double sum = s[0] + ldexp(rhu(11.0 * mof(s[1]) / 8.0), kof(s[1]) - 2);
    if (s[2] != 0.0)
        sum += ldexp(mof(s[2]), kof(s[2]) - 2);
    return t10d(sum);
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

/* §6.4: "a pair of parallel gradients along one axis reads 1.375x as long as
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
    /* D2.2 (t10 of each diagonal component): dPdx = (512, 0), dPdy = (547, 0):
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
