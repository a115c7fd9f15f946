/* test_lod_plan_grad.c -- mip plans of tex.grad: scaling per geometry ([semantics#decision-grad-components], [semantics#decision-grad-lod-3d]) and anisotropy ([semantics#decision-grad-anisotropy])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "scalar/scalar.h"

static wt__tex tex;
static wt__sampler smp;
static wt__tex_ctx ctx;
static wt_op op;
static wt__tex_lane_in in;

/* A w x h x d texture of `levels` levels (d = 1 unless 3D), tex.grad, linear
 * mip filter, no bias, clamps [0, 1000], max_anisotropy 1. */
static void setup(wt_geom geom, int w, int h, int d, int levels)
{
    memset(&tex, 0, sizeof tex);
    memset(&smp, 0, sizeof smp);
    memset(&op, 0, sizeof op);
    memset(&in, 0, sizeof in);
    tex.dims = geom == WT_GEOM_3D ? 3 : geom == WT_GEOM_1D || geom == WT_GEOM_A1D ? 1 : 2;
    tex.cube = geom == WT_GEOM_CUBE || geom == WT_GEOM_ACUBE;
    tex.mipmapped = 1;
    tex.num_levels = (uint32_t)levels;
    for (int l = 0; l < levels; l++) {
        tex.lv[l].w = w >> l > 0 ? w >> l : 1;
        tex.lv[l].h = h >> l > 0 ? h >> l : 1;
        tex.lv[l].d = d >> l > 0 ? d >> l : 1;
    }
    smp.filter = WT_FILTER_LINEAR;
    smp.mip_filter = WT_FILTER_LINEAR;
    smp.normalized = 1;
    smp.trilinear_opt = 1;
    smp.max_aniso = 1;
    smp.max_clamp256 = 1000 * 256;
    ctx.t = &tex;
    ctx.s = &smp;
    op.family = WT_FAMILY_TEX;
    op.geom = (uint8_t)geom;
    op.mip = WT_MIP_GRAD;
    op.ctype = WT_CTYPE_F32;
}
static void set_bias(float b)
{
    smp.bias = b;
    smp.bias256 = (int32_t)truncf(b * 256.0f);
}
static void grad(float x0, float x1, float x2, float y0, float y1, float y2)
{
    in.dpdx[0] = x0, in.dpdx[1] = x1, in.dpdx[2] = x2;
    in.dpdy[0] = y0, in.dpdy[1] = y1, in.dpdy[2] = y2;
}

static wt__lod_plan plan;
static void run(void)
{
    memset(&plan, 0xa5, sizeof plan);
    wt__lod_plan_scalar(&ctx, &op, &in, &plan);
    int sum = 0;
    for (int i = 0; i < plan.n; i++) {
        assert_true(plan.e[i].weight > 0); /* weight-0 entries are left out */
        sum += plan.e[i].weight;
    }
    assert_int_equal(sum, 256);
}
static uint32_t bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* Without anisotropic taps: exactly these (level, weight) entries, dc = +0. */
static void expect(int n, const int *lw)
{
    run();
    if (plan.n != n)
        fail_msg("n = %d, want %d (first entry %d/%d)", plan.n, n, plan.e[0].level, plan.e[0].weight);
    for (int i = 0; i < n; i++) {
        if (plan.e[i].level != lw[2 * i] || plan.e[i].weight != lw[2 * i + 1])
            fail_msg("entry %d = level %d weight %d, want level %d weight %d", i, plan.e[i].level, plan.e[i].weight,
                     lw[2 * i], lw[2 * i + 1]);
        for (int j = 0; j < 3; j++)
            assert_int_equal(bits(plan.e[i].dc[j]), 0);
    }
}
#define EXPECT(...)                                                                                                    \
    do {                                                                                                               \
        const int lw_[] = {__VA_ARGS__};                                                                               \
        expect((int)(sizeof lw_ / sizeof lw_[0]) / 2, lw_);                                                            \
    } while (0)

/* An anisotropic plan: N taps along major (coordinate units, `axes` of them
 * offset), tap weights tw[k]; each split over levels lvl and lvl+1 by frac
 * (hi = rhu(w·frac/256)), or at level lvl alone when point. */
static void expect_taps(int n, const int *tw, int lvl, int frac, int point, const float *major, int axes)
{
    run();
    int e = 0;
    for (int k = 0; k < n; k++) {
        float f = (float)(2 * k + 1 - n) / (float)(2 * n);
        float dc[3] = {0.0f, 0.0f, 0.0f};
        if (f != 0.0f)
            for (int i = 0; i < axes; i++)
                dc[i] = f * major[i];
        int parts[2][2] = {{lvl, tw[k]}, {lvl + 1, 0}};
        if (!point) {
            int hi = (tw[k] * frac + 128) / 256;
            parts[0][1] = tw[k] - hi;
            parts[1][1] = hi;
        }
        for (int p = 0; p < 2; p++) {
            if (parts[p][1] == 0)
                continue;
            assert_true(e < plan.n);
            if (plan.e[e].level != parts[p][0] || plan.e[e].weight != parts[p][1])
                fail_msg("tap %d entry %d = level %d weight %d, want level %d weight %d", k, e, plan.e[e].level,
                         plan.e[e].weight, parts[p][0], parts[p][1]);
            for (int i = 0; i < 3; i++)
                if (bits(plan.e[e].dc[i]) != bits(dc[i]))
                    fail_msg("tap %d entry %d dc[%d] = %a, want %a", k, e, i, (double)plan.e[e].dc[i],
                             (double)dc[i]);
            e++;
        }
    }
    assert_int_equal(plan.n, e);
}
static void equal_weights(int n, int *tw)
{
    for (int k = 0; k < n; k++)
        tw[k] = 256 / n + (k < 256 % n);
}

/* ---- isotropic gradients ------------------------------------------------- */

static void test_scaling_2d(void **state)
{
    (void)state;
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    grad(4.0f / 256, 0, 0, 0, 4.0f / 256, 0); /* 4 texels: 512 */
    EXPECT(2, 256);
    set_bias(0.5f);
    EXPECT(2, 128, 3, 128);
    set_bias(0.0f);
    /* parallel gradients: 1.375 × 4 → 512 + LOG2TAB[96] = 630 */
    grad(4.0f / 256, 0, 0, 4.0f / 256, 0, 0);
    EXPECT(2, 138, 3, 118);
    smp.mip_filter = WT_FILTER_POINT; /* (630 + 128) >> 8 */
    EXPECT(2, 256);
    smp.mip_filter = WT_FILTER_LINEAR;
    /* the y gradient scales by the height: 256 × 64 */
    setup(WT_GEOM_A2D, 256, 64, 1, 9);
    grad(0, 8.0f / 64, 0, 0, 0, 0);
    EXPECT(3, 256);
    grad(0, 0, 0, 8.0f / 256, 0, 0);
    EXPECT(3, 256);
}

/* [semantics#lod-from-gradients] step 0 scales in f32: 0.02f · 100 rounds to 2.0 exactly (the real
 * product is 2 − 6e-8, which would read 255/256 of level 1). */
static void test_scaling_f32(void **state)
{
    (void)state;
    setup(WT_GEOM_2D, 100, 100, 1, 7);
    grad(0.02f, 0, 0, 0, 0, 0);
    EXPECT(1, 256);
}

/* [semantics#decision-grad-components]: 1d/a1d use dpdx[0] only (v = 0, size (w, 1)). */
static void test_scaling_1d(void **state)
{
    (void)state;
    setup(WT_GEOM_1D, 256, 1, 1, 9);
    grad(8.0f / 256, 1000.0f, 7.0f, 0, -1000.0f, 0); /* [1] and [2] ignored */
    EXPECT(3, 256);
    setup(WT_GEOM_A1D, 256, 1, 1, 9);
    grad(0, 1000.0f, 0, -2.0f / 256, 0, 0);
    EXPECT(1, 256);
}

/* [semantics#decision-grad-components], [semantics#decision-grad-lod-3d]: 3D scales by (w, h, d), cube faces by the face size. */
static void test_scaling_3d_cube(void **state)
{
    (void)state;
    setup(WT_GEOM_3D, 16, 32, 64, 7);
    grad(0, 0, 2.0f / 64, 0, 0, 0); /* 2 texels along z */
    EXPECT(1, 256);
    grad(0, 0, 1.0f / 16, 0, 0, 0); /* 4 texels of depth 64 (not of width 16) */
    EXPECT(2, 256);
    grad(0, 0, 2.0f / 64, 0, 8.0f / 32, 0); /* rho = the longer: 8 */
    EXPECT(3, 256);
    /* (1,1,1) texels: 1.59375 → LOG2TAB[152] = 173 */
    grad(1.0f / 16, 1.0f / 32, 1.0f / 64, 0, 0, 0);
    EXPECT(0, 83, 1, 173);
    /* 3D textures ignore anisotropy ([semantics#decision-grad-anisotropy]) */
    smp.max_aniso = 16;
    grad(0, 0, 8.0f / 64, 1.0f / 16, 0, 0);
    EXPECT(3, 256);

    setup(WT_GEOM_CUBE, 32, 32, 1, 6);
    grad(0, 4.0f / 32, 0, 0, 0, 0);
    EXPECT(2, 256);
    grad(0, 0, -16.0f / 32, 0, 0, 0); /* z scaled by the face size too */
    EXPECT(4, 256);
    setup(WT_GEOM_ACUBE, 32, 32, 1, 6);
    smp.max_aniso = 8; /* cubes ignore anisotropy */
    grad(1.0f / 32, 0, 0, 0, 0, 16.0f / 32);
    EXPECT(4, 256);
}

/* Zero, NaN and infinite gradients: rho 0 → the minimum, infinite → the
 * maximum, NaN components count as 0. */
static void test_special_gradients(void **state)
{
    (void)state;
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    grad(0, 0, 0, 0, 0, 0);
    EXPECT(0, 256);
    set_bias(4.0f); /* "−∞" plus a bias is still −∞ */
    EXPECT(0, 256);
    set_bias(0.0f);
    smp.min_clamp256 = 256;
    EXPECT(1, 256);
    smp.min_clamp256 = 0;
    grad(INFINITY, 0, 0, 0, 0, 0);
    EXPECT(8, 256);
    set_bias(-4.0f);
    EXPECT(8, 256);
    set_bias(0.0f);
    smp.max_clamp256 = 512;
    EXPECT(2, 256);
    smp.max_clamp256 = 1000 * 256;
    grad(NAN, 4.0f / 256, 0, 0, NAN, 0);
    EXPECT(2, 256);
}

/* ---- anisotropy ([semantics#decision-grad-anisotropy]) ---------------------------------------------------- */

static void test_aniso_basic(void **state)
{
    (void)state;
    int tw[16];
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    smp.max_aniso = 16;
    /* Pmax 8, Pmin 2: N = 4, t10(8/4) = 2 → q 256: four taps of 64 at level 1
     * at c + (−3/8, −1/8, 1/8, 3/8)·dPdx. */
    grad(8.0f / 256, 0, 0, 0, 2.0f / 256, 0);
    float mx[3] = {8.0f / 256, 0.0f, 0.0f};
    equal_weights(4, tw);
    expect_taps(4, tw, 1, 0, 0, mx, 2);
    assert_int_equal(plan.n, 4);
    assert_int_equal(bits(plan.e[0].dc[0]), bits(-0.01171875f)); /* −3/8 · 1/32, by hand */
    assert_int_equal(bits(plan.e[3].dc[0]), bits(0.01171875f));
    assert_int_equal(bits(plan.e[0].dc[1]), bits(-0.0f)); /* f·0 in f32 */
    assert_int_equal(bits(plan.e[0].dc[2]), 0);
    /* Point mip filter with a bias of 0.5: q 384 → level 2 for every tap. */
    set_bias(0.5f);
    smp.mip_filter = WT_FILTER_POINT;
    expect_taps(4, tw, 2, 0, 1, mx, 2);
    smp.mip_filter = WT_FILTER_LINEAR;
    set_bias(0.0f);

    /* Pmax 10, Pmin 3: ceil(3.33) = 4; t10(2.5) → 256 + LOG2TAB[64] = 339:
     * each tap of 64 splits hi = rhu(64·83/256) = 21, lo = 43. */
    grad(10.0f / 256, 0, 0, 0, 3.0f / 256, 0);
    float m10[3] = {10.0f / 256, 0.0f, 0.0f};
    expect_taps(4, tw, 1, 83, 0, m10, 2);
    assert_int_equal(plan.n, 8);
    assert_int_equal(plan.e[0].level, 1);
    assert_int_equal(plan.e[0].weight, 43);
    assert_int_equal(plan.e[1].level, 2);
    assert_int_equal(plan.e[1].weight, 21);
}

/* N = min(ceil(Pmax/Pmin), max_aniso), exact; weights 256/N with the first
 * 256 mod N taps one more. */
static void test_aniso_counts(void **state)
{
    (void)state;
    int tw[16];
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    smp.max_aniso = 16;
    /* 6/2 = 3 exactly: 86, 85, 85 at level 1, the middle tap at c */
    grad(6.0f / 256, 0, 0, 0, 2.0f / 256, 0);
    float m6[3] = {6.0f / 256, 0.0f, 0.0f};
    equal_weights(3, tw);
    assert_int_equal(tw[0], 86);
    assert_int_equal(tw[2], 85);
    expect_taps(3, tw, 1, 0, 0, m6, 2);
    assert_int_equal(bits(plan.e[1].dc[0]), 0);
    /* with bias 0.25 (q 320): 86 → hi rhu(21.5) = 22; 85 → rhu(21.25) = 21 */
    set_bias(0.25f);
    expect_taps(3, tw, 1, 64, 0, m6, 2);
    assert_int_equal(plan.e[1].weight, 22);
    assert_int_equal(plan.e[3].weight, 21);
    set_bias(0.0f);
    /* Pmin 1.999 → t10 1.998046875: 6/1.998 = 3.003 → N = 4; t10(1.5) → q = LOG2TAB[128] = 150 */
    grad(6.0f / 256, 0, 0, 0, 1.999f / 256, 0);
    equal_weights(4, tw);
    expect_taps(4, tw, 0, 150, 0, m6, 2);
    assert_int_equal(plan.e[0].weight, 26); /* 64 − rhu(37.5) */
    /* 10/2 = 5: 52, 51, 51, 51, 51; bias 0.5: 52 → 26/26, 51 → 25/26 */
    grad(10.0f / 256, 0, 0, 0, -2.0f / 256, 0);
    float m10[3] = {10.0f / 256, 0.0f, 0.0f};
    equal_weights(5, tw);
    assert_int_equal(tw[0], 52);
    assert_int_equal(tw[1], 51);
    set_bias(0.5f);
    expect_taps(5, tw, 1, 128, 0, m10, 2);
    set_bias(0.0f);
    /* 7/1 = 7: 37 ×4, 36 ×3 at level 0 (t10(1) → 0) */
    grad(7.0f / 256, 0, 0, 0, 1.0f / 256, 0);
    float m7[3] = {7.0f / 256, 0.0f, 0.0f};
    equal_weights(7, tw);
    assert_int_equal(tw[3], 37);
    assert_int_equal(tw[4], 36);
    expect_taps(7, tw, 0, 0, 0, m7, 2);
    /* capped by max_aniso: 16/1 with max 4 → N 4, t10(4) → 512 */
    grad(16.0f / 256, 0, 0, 0, 1.0f / 256, 0);
    float m16[3] = {16.0f / 256, 0.0f, 0.0f};
    smp.max_aniso = 4;
    equal_weights(4, tw);
    expect_taps(4, tw, 2, 0, 0, m16, 2);
    smp.max_aniso = 16; /* 16 taps of 16 at t10(1) → level 0 */
    equal_weights(16, tw);
    expect_taps(16, tw, 0, 0, 0, m16, 2);
    assert_int_equal(plan.n, 16);
}

/* N = 1 still uses Pmax (no diagonals); the major axis may be dPdy. */
static void test_aniso_major_and_n1(void **state)
{
    (void)state;
    int tw[16];
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    /* parallel gradients of 4 texels: isotropic 630, anisotropic N = 1 → 512 */
    grad(4.0f / 256, 0, 0, 4.0f / 256, 0, 0);
    EXPECT(2, 138, 3, 118);
    smp.max_aniso = 2;
    EXPECT(2, 256);
    /* dPdy longer: 8 taps along dPdy = (0, 8/256) (the x offsets are f·0) */
    smp.max_aniso = 16;
    grad(1.0f / 256, 0, 0, 0, 8.0f / 256, 0);
    float my[3] = {0.0f, 8.0f / 256, 0.0f};
    equal_weights(8, tw);
    expect_taps(8, tw, 0, 0, 0, my, 2);
    assert_int_equal(bits(plan.e[7].dc[1]), bits(7.0f / 16 * (8.0f / 256)));
    /* a diagonal major axis offsets both x and y */
    grad(4.0f / 256, -4.0f / 256, 0, 1.0f / 256, 1.0f / 256, 0);
    float md[3] = {4.0f / 256, -4.0f / 256, 0.0f};
    /* lengths: (4, 4) → 4 + 1.375 = 5.375; (1, 1) → 1.34375; 4.0 → N 4;
     * t10(5.375/4 = 1.34375) → LOG2TAB[88] = 110 */
    equal_weights(4, tw);
    expect_taps(4, tw, 0, 110, 0, md, 2);
}

/* Degenerate ratios: Pmin = 0 → max_aniso taps; Pmax = 0 → one tap at the
 * minimum; an infinite major axis → the last level, offsets ±∞ (centre tap at c);
 * NaN offsets count as 0. */
static void test_aniso_degenerate(void **state)
{
    (void)state;
    int tw[16];
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    smp.max_aniso = 3;
    /* 4/0: N = 3, t10(4/3) = 682·2^-9 → LOG2TAB[85] = 106:
     * 86 → hi rhu(35.6) = 36; 85 → rhu(35.2) = 35 */
    grad(4.0f / 256, 0, 0, 0, 0, 0);
    float m4[3] = {4.0f / 256, 0.0f, 0.0f};
    equal_weights(3, tw);
    expect_taps(3, tw, 0, 106, 0, m4, 2);
    assert_int_equal(plan.e[1].weight, 36);
    assert_int_equal(plan.e[3].weight, 35);
    /* 0/0 */
    grad(0, 0, 0, 0, 0, 0);
    EXPECT(0, 256);
    smp.min_clamp256 = 384;
    EXPECT(1, 128, 2, 128);
    smp.min_clamp256 = 0;
    /* infinite: N = max_aniso = 3, level 8 */
    grad(INFINITY, 0, 0, 0, 1.0f / 256, 0);
    run();
    assert_int_equal(plan.n, 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(plan.e[i].level, 8);
    assert_int_equal(bits(plan.e[0].dc[0]), bits(-INFINITY));
    assert_int_equal(bits(plan.e[1].dc[0]), 0);
    assert_int_equal(bits(plan.e[2].dc[0]), bits(INFINITY));
    /* NaN in the major axis: lengths (0, 8) and (1, 0) → N 3, offsets along y only */
    grad(NAN, 8.0f / 256, 0, 1.0f / 256, 0, 0);
    float mn[3] = {0.0f, 8.0f / 256, 0.0f};
    /* t10(8/3) = 682·2^-8 → 256 + 106 */
    expect_taps(3, tw, 1, 106, 0, mn, 2);
}

/* 1D anisotropy: one axis, no y offset (+0, not f·0). */
static void test_aniso_1d(void **state)
{
    (void)state;
    int tw[16];
    setup(WT_GEOM_1D, 256, 1, 1, 9);
    smp.max_aniso = 16;
    grad(8.0f / 256, 5.0f, 0, 1.0f / 256, -5.0f, 0);
    float m[3] = {8.0f / 256, 0.0f, 0.0f};
    equal_weights(8, tw);
    expect_taps(8, tw, 0, 0, 0, m, 1);
    assert_int_equal(bits(plan.e[0].dc[1]), 0);
    setup(WT_GEOM_A1D, 256, 1, 1, 9);
    smp.max_aniso = 2;
    grad(-8.0f / 256, 0, 0, 1.0f / 256, 0, 0);
    float m2[3] = {-8.0f / 256, 0.0f, 0.0f};
    equal_weights(2, tw);
    expect_taps(2, tw, 2, 0, 0, m2, 1); /* t10(8/2) = 4 → 512 */
}

/* Where anisotropy does not apply. */
static void test_aniso_off(void **state)
{
    (void)state;
    setup(WT_GEOM_2D, 256, 256, 1, 9);
    smp.max_aniso = 16;
    grad(8.0f / 256, 0, 0, 0, 2.0f / 256, 0);
    /* not mipmapped */
    tex.mipmapped = 0;
    EXPECT(0, 256);
    tex.mipmapped = 1;
    tex.num_levels = 1;
    EXPECT(0, 256);
    tex.num_levels = 9;
    /* max_aniso 1: isotropic, rho 8 */
    smp.max_aniso = 1;
    EXPECT(3, 256);
    /* explicit LOD: no taps */
    smp.max_aniso = 16;
    op.mip = WT_MIP_LEVEL;
    float lod = 2.0f;
    memcpy(&in.lod, &lod, 4);
    EXPECT(2, 256);
    op.mip = WT_MIP_BASE;
    EXPECT(0, 256);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scaling_2d),         cmocka_unit_test(test_scaling_f32),
        cmocka_unit_test(test_scaling_1d),         cmocka_unit_test(test_scaling_3d_cube),
        cmocka_unit_test(test_special_gradients),  cmocka_unit_test(test_aniso_basic),
        cmocka_unit_test(test_aniso_counts),       cmocka_unit_test(test_aniso_major_and_n1),
        cmocka_unit_test(test_aniso_degenerate),   cmocka_unit_test(test_aniso_1d),
        cmocka_unit_test(test_aniso_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
