/* test_lod_plan_level.c -- mip plans of plain and explicit-LOD fetches: [semantics#lod-arithmetic], [semantics#anisotropy-trilinear], [semantics#decision-trilinear-opt], [semantics#decision-nan-lod], [semantics#decision-base-lod-clamps], [semantics#decision-nan-bias], [semantics#decision-negative-clamps]
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

/* A 64x64 2D texture with `levels` mip levels, linear mip filter, no bias,
 * clamps [0, 1000], max_anisotropy 1, the trilinear optimisation enabled. */
static void setup(int levels)
{
    memset(&tex, 0, sizeof tex);
    memset(&smp, 0, sizeof smp);
    memset(&op, 0, sizeof op);
    memset(&in, 0, sizeof in);
    tex.dims = 2;
    tex.mipmapped = 1;
    tex.num_levels = (uint32_t)levels;
    for (int l = 0; l < levels; l++) {
        tex.lv[l].w = tex.lv[l].h = 64 >> l;
        tex.lv[l].d = 1;
    }
    smp.filter = WT_FILTER_LINEAR;
    smp.mip_filter = WT_FILTER_LINEAR;
    smp.normalized = 1;
    smp.trilinear_opt = 1;
    smp.max_aniso = 1;
    smp.min_clamp256 = 0;
    smp.max_clamp256 = 1000 * 256;
    ctx.t = &tex;
    ctx.s = &smp;
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.mip = WT_MIP_LEVEL;
    op.ctype = WT_CTYPE_F32;
}

static void set_lod(float lod) { memcpy(&in.lod, &lod, sizeof lod); }
static void set_bias(float b) /* as the core stores it: bias and trunc(bias·256) */
{
    smp.bias = b;
    smp.bias256 = (int32_t)truncf(b * 256.0f);
}

/* The plan must be exactly these (level, weight) entries, with dc = +0. */
static void expect(int n, const int *lw)
{
    wt__lod_plan p;
    memset(&p, 0xa5, sizeof p);
    wt__lod_plan_scalar(&ctx, &op, &in, &p);
    if (p.n != n)
        fail_msg("n = %d, want %d (first entry %d/%d)", p.n, n, p.e[0].level, p.e[0].weight);
    int sum = 0;
    for (int i = 0; i < n; i++) {
        if (p.e[i].level != lw[2 * i] || p.e[i].weight != lw[2 * i + 1])
            fail_msg("entry %d = level %d weight %d, want level %d weight %d", i, p.e[i].level, p.e[i].weight,
                     lw[2 * i], lw[2 * i + 1]);
        for (int j = 0; j < 3; j++) {
            uint32_t b;
            memcpy(&b, &p.e[i].dc[j], 4);
            assert_int_equal(b, 0);
        }
        sum += p.e[i].weight;
    }
    assert_int_equal(sum, 256);
}
#define EXPECT(...)                                                                                                    \
    do {                                                                                                               \
        const int lw_[] = {__VA_ARGS__};                                                                               \
        expect((int)(sizeof lw_ / sizeof lw_[0]) / 2, lw_);                                                            \
    } while (0)

/* [semantics#lod-sources]: without mip levels the LOD is ignored entirely. */
static void test_not_mipmapped(void **state)
{
    (void)state;
    setup(1);
    set_lod(3.5f);
    set_bias(2.0f);
    smp.min_clamp256 = 512;
    EXPECT(0, 256);
    setup(7);
    tex.mipmapped = 0;
    set_lod(3.5f);
    smp.min_clamp256 = 512;
    EXPECT(0, 256);
    op.mip = WT_MIP_GRAD;
    in.dpdx[0] = 100.0f;
    EXPECT(0, 256);
    op.mip = WT_MIP_BASE;
    EXPECT(0, 256);
}

/* [semantics#lod-arithmetic] steps 1, 5, 6: q = trunc(lod·256); point rounds halves up; linear
 * blends q>>8 and q>>8 + 1 by q&255. */
static void test_explicit_truncation(void **state)
{
    (void)state;
    setup(7);
    set_lod(1.999f); /* 511.744 → 511 */
    EXPECT(1, 1, 2, 255);
    smp.mip_filter = WT_FILTER_POINT;
    EXPECT(2, 256); /* (511 + 128) >> 8 = 2 */
    set_lod(1.5f);  /* 384: a half, rounds up */
    EXPECT(2, 256);
    set_lod(1.4999f); /* 383.97 → 383 → (511) >> 8 = 1 */
    EXPECT(1, 256);
    smp.mip_filter = WT_FILTER_LINEAR;
    EXPECT(1, 129, 2, 127);
    set_lod(1.5f);
    EXPECT(1, 128, 2, 128);
    set_lod(2.0f); /* q & 255 == 0: one level */
    EXPECT(2, 256);
    set_lod(1.0f / 256.0f);
    EXPECT(0, 255, 1, 1);
    set_lod(0.0039f); /* 0.998 → 0 */
    EXPECT(0, 256);
    set_lod(5.99f); /* 1533.44 → 1533 = 5·256 + 253 */
    EXPECT(5, 3, 6, 253);
}

/* The bias is truncated to 1/256 and added; truncation of the LOD is toward
 * zero, which shows for a negative LOD with a positive bias. */
static void test_explicit_bias(void **state)
{
    (void)state;
    setup(7);
    set_lod(1.0f);
    set_bias(0.25f);
    EXPECT(1, 192, 2, 64);
    set_lod(2.0f);
    set_bias(-0.25f);
    EXPECT(1, 64, 2, 192);
    set_lod(-0.999f); /* −255.744 → −255 (toward zero), + 256 = 1 */
    set_bias(1.0f);
    EXPECT(0, 255, 1, 1);
    set_lod(1.0f);
    set_bias(0.0039f); /* 0.998/256 truncates to 0 */
    EXPECT(1, 256);
}

/* [semantics#lod-arithmetic] step 4: clamp(q, min, max(min, max)), then [0, (levels−1)·256].  The
 * clamps are relative to the view's first level (the core shifts them: first
 * level 2 and a minimum clamp of 1.2 arrive here as 1.2 of the view, 307/256). */
static void test_clamps(void **state)
{
    (void)state;
    setup(7);
    smp.min_clamp256 = 307; /* trunc(1.2·256) */
    set_lod(0.0f);
    EXPECT(1, 205, 2, 51);
    set_lod(4.0f);
    EXPECT(4, 256);
    smp.min_clamp256 = 0;
    smp.max_clamp256 = 256;
    set_lod(3.0f);
    EXPECT(1, 256);
    smp.max_clamp256 = 320;
    EXPECT(1, 192, 2, 64);
    smp.min_clamp256 = 512; /* max < min: both become min */
    smp.max_clamp256 = 256;
    set_lod(0.0f);
    EXPECT(2, 256);
    set_lod(9.0f);
    EXPECT(2, 256);
    smp.min_clamp256 = 0;
    smp.max_clamp256 = 1000 * 256;
    set_lod(100.0f); /* the last level */
    EXPECT(6, 256);
    set_lod(INFINITY);
    EXPECT(6, 256);
    set_lod(-INFINITY);
    EXPECT(0, 256);
    set_lod(-3.0f);
    EXPECT(0, 256);
    set_lod(5.5f);
    set_bias(16.0f);
    EXPECT(6, 256);
}

/* [semantics#decision-negative-clamps]: clamps below zero are used as given; the result then goes to [0, ...]. */
static void test_negative_clamps(void **state)
{
    (void)state;
    setup(7);
    smp.min_clamp256 = -256;
    set_lod(-0.5f);
    EXPECT(0, 256);
    /* a negative minimum lets a negative LOD through to the bias */
    smp.min_clamp256 = -512;
    set_lod(-1.0f);
    set_bias(1.5f); /* −256 + 384 */
    EXPECT(0, 128, 1, 128);
    /* the clamp follows the bias, so a minimum of 0 gives the same */
    smp.min_clamp256 = 0;
    EXPECT(0, 128, 1, 128);
    /* a negative maximum pins everything to level 0 */
    smp.min_clamp256 = -512;
    smp.max_clamp256 = -128;
    set_bias(0.0f);
    set_lod(3.0f);
    EXPECT(0, 256);
    /* max < min < 0 */
    smp.min_clamp256 = -100;
    smp.max_clamp256 = -300;
    EXPECT(0, 256);
}

/* [semantics#lod-arithmetic] step 2 and [semantics#decision-base-lod-clamps]: a plain tex starts at q = 0 with no bias; the clamps
 * still apply, and the trilinear optimisation does not. */
static void test_plain_tex(void **state)
{
    (void)state;
    setup(7);
    op.mip = WT_MIP_BASE;
    set_lod(3.0f); /* not read */
    set_bias(2.0f);
    EXPECT(0, 256);
    smp.min_clamp256 = 384; /* 1.5 */
    EXPECT(1, 128, 2, 128);
    smp.max_aniso = 2; /* sharpening would give 127/129 */
    EXPECT(1, 128, 2, 128);
    smp.mip_filter = WT_FILTER_POINT;
    EXPECT(2, 256);
    smp.min_clamp256 = -512;
    smp.max_clamp256 = -256;
    EXPECT(0, 256);
}

/* [semantics#decision-nan-lod]: a NaN explicit LOD counts as 0; [semantics#decision-nan-bias]: a NaN bias counts as 0. */
static void test_nan(void **state)
{
    (void)state;
    setup(7);
    set_lod(NAN);
    EXPECT(0, 256);
    set_bias(1.0f);
    EXPECT(1, 256);
    set_lod(-NAN);
    set_bias(0.5f);
    EXPECT(0, 128, 1, 128);
    /* with the trilinear optimisation the unrounded bias is read: a NaN there
     * (the core stores 0, but the rule holds on its own) counts as 0 */
    smp.max_aniso = 2;
    set_lod(1.5f);
    smp.bias = NAN;
    smp.bias256 = 0;
    EXPECT(1, 127, 2, 129);
}

/* .s32 LOD: q = lod·256. */
static void test_s32_lod(void **state)
{
    (void)state;
    setup(7);
    op.ctype = WT_CTYPE_S32;
    int32_t l = 2;
    memcpy(&in.lod, &l, 4);
    EXPECT(2, 256);
    set_bias(0.25f);
    EXPECT(2, 192, 3, 64);
    set_bias(0.0f);
    l = -3;
    memcpy(&in.lod, &l, 4);
    EXPECT(0, 256);
    l = INT32_MAX;
    memcpy(&in.lod, &l, 4);
    EXPECT(6, 256);
    l = INT32_MIN;
    memcpy(&in.lod, &l, 4);
    set_bias(16.0f);
    EXPECT(0, 256);
}

/* [semantics#anisotropy-trilinear] with bias 0: weight of the upper level for q = 256 + k, by the rule
 * written out per band (lo = 128/3, 384/7, 64; slopes 3/2, 7/4, 2). */
static int band_weight(int n, int k)
{
    int w;
    if (n >= 8)
        w = k <= 64 ? 0 : 2 * (k - 64);
    else if (n >= 4)
        w = k <= 54 ? 0 : 7 * (k - 54) / 4;
    else
        w = k <= 42 ? 0 : 3 * (k - 42) / 2;
    return w > 256 ? 256 : w;
}

static void expect_upper(int w)
{
    if (w == 0)
        EXPECT(1, 256);
    else if (w == 256)
        EXPECT(2, 256);
    else
        EXPECT(1, 256 - w, 2, w);
}

static void test_trilinear_bands(void **state)
{
    (void)state;
    static const int ns[] = {2, 3, 4, 5, 7, 8, 12, 16};
    /* the blended band [lo, 256 − lo]: the k with 0 < weight < 256 */
    static const int first[] = {43, 43, 55, 55, 55, 65, 65, 65}, last[] = {212, 212, 200, 200, 200, 191, 191, 191};
    for (int i = 0; i < 8; i++) {
        setup(7);
        smp.max_aniso = (uint8_t)ns[i];
        int lo = 999, hi = -1;
        for (int k = 0; k < 256; k++) {
            set_lod((float)(256 + k) / 256.0f);
            int w = band_weight(ns[i], k);
            if (w > 0 && w < 256) {
                lo = k < lo ? k : lo;
                hi = k;
            }
            expect_upper(w);
        }
        assert_int_equal(lo, first[i]);
        assert_int_equal(hi, last[i]);
    }
    /* hand-computed spot values */
    setup(7);
    smp.max_aniso = 2;
    set_lod(1.0f + 43.0f / 256.0f);
    EXPECT(1, 255, 2, 1);
    set_lod(1.5f); /* 3·86/2 = 129 */
    EXPECT(1, 127, 2, 129);
    set_lod(1.0f + 213.0f / 256.0f);
    EXPECT(2, 256);
    smp.max_aniso = 4;
    set_lod(1.0f + 56.0f / 256.0f); /* 7·2/4 = 3 */
    EXPECT(1, 253, 2, 3);
    set_lod(1.0f + 200.0f / 256.0f); /* 7·146/4 = 255 */
    EXPECT(1, 1, 2, 255);
    smp.max_aniso = 8;
    set_lod(1.25f); /* k = 64: nothing yet */
    EXPECT(1, 256);
    set_lod(1.0f + 65.0f / 256.0f);
    EXPECT(1, 254, 2, 2);
    set_lod(1.5f);
    EXPECT(1, 128, 2, 128);
}

/* [semantics#anisotropy-trilinear]: t = q + trunc(bias·256 − lo) + lo_f with the unrounded bias. */
static void test_trilinear_bias(void **state)
{
    (void)state;
    setup(7);
    set_lod(1.0f);
    set_bias(0.5f);
    smp.max_aniso = 2; /* trunc(128 − 42.67) + 42 = 127: k = 127, 3·85/2 = 127 */
    EXPECT(1, 129, 2, 127);
    smp.max_aniso = 4; /* trunc(128 − 54.86) + 54 = 127: 7·73/4 = 127 */
    EXPECT(1, 129, 2, 127);
    smp.max_aniso = 8; /* 64 + 64 = 128: 2·64 */
    EXPECT(1, 128, 2, 128);

    set_lod(1.5f);
    set_bias(-0.25f);
    smp.max_aniso = 2; /* trunc(−64 − 42.67) + 42 = −64: k = 64, 3·22/2 = 33 */
    EXPECT(1, 223, 2, 33);
    smp.max_aniso = 8; /* trunc(−128) + 64 = −64: k = 64 → 0 */
    EXPECT(1, 256);

    /* A bias below 1/256 is 0 for the plain rule but not here:
     * trunc(0.25 − 64) = −63, so t = q + 1. */
    set_lod(1.25f);
    set_bias(1.0f / 1024.0f);
    assert_int_equal(smp.bias256, 0);
    smp.max_aniso = 8;
    EXPECT(1, 254, 2, 2);
    smp.max_aniso = 2; /* trunc(0.25 − 42.67) = −42: t = q, k = 64: 3·22/2 = 33 */
    EXPECT(1, 223, 2, 33);
    set_bias(-1.0f / 1024.0f); /* trunc(−64.25) = −64: t = q */
    smp.max_aniso = 8;
    EXPECT(1, 256);

    /* a large bias runs into the clamps */
    set_bias(100.0f);
    EXPECT(6, 256);
    set_bias(-100.0f);
    EXPECT(0, 256);
    /* an infinite bias too (the core stores trunc(±∞·256) saturated; the
     * unrounded bias here is the infinity itself) */
    smp.bias = INFINITY;
    smp.bias256 = 1 << 24;
    EXPECT(6, 256);
    smp.bias = -INFINITY;
    smp.bias256 = -(1 << 24);
    EXPECT(0, 256);
    smp.max_aniso = 1; /* the plain bias add */
    smp.bias = INFINITY;
    smp.bias256 = 1 << 24;
    EXPECT(6, 256);
}

/* [semantics#decision-trilinear-opt]: disable_trilinear_optimization, max_anisotropy 1 and a point mip filter
 * turn the sharpening off; the clamps follow it. */
static void test_trilinear_conditions(void **state)
{
    (void)state;
    setup(7);
    set_lod(1.25f);
    smp.max_aniso = 8;
    smp.trilinear_opt = 0;
    EXPECT(1, 192, 2, 64);
    smp.trilinear_opt = 1;
    smp.max_aniso = 1;
    EXPECT(1, 192, 2, 64);
    smp.max_aniso = 8;
    smp.mip_filter = WT_FILTER_POINT;
    set_lod(1.5f);
    EXPECT(2, 256);
    /* point: 256 + 128 = 384 → level 2; sharpened it would be t = 256 + 127,
     * weight 127 → 383 → level 1 */
    smp.max_aniso = 2;
    set_lod(1.0f);
    set_bias(0.5f);
    EXPECT(2, 256);
    set_bias(0.0f);
    smp.mip_filter = WT_FILTER_LINEAR;
    set_lod(1.5f);
    EXPECT(1, 127, 2, 129);
    smp.max_clamp256 = 320; /* the clamps act on the sharpened LOD */
    EXPECT(1, 192, 2, 64);
    smp.max_clamp256 = 1000 * 256;
    smp.min_clamp256 = 400;
    set_lod(1.0f);
    EXPECT(1, 112, 2, 144);
    /* Gradient LODs are not sharpened ([semantics#decision-trilinear-opt] names explicit LODs only):
     * isotropic gradients of 2 texels (N = 1) plus a bias of 0.25 give 320,
     * blended 192/64 (sharpened it would be 129/127). */
    smp.min_clamp256 = 0;
    op.mip = WT_MIP_GRAD;
    in.dpdx[0] = 2.0f / 64.0f;
    in.dpdy[1] = 2.0f / 64.0f;
    set_bias(0.25f);
    EXPECT(1, 192, 2, 64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_not_mipmapped),  cmocka_unit_test(test_explicit_truncation),
        cmocka_unit_test(test_explicit_bias),  cmocka_unit_test(test_clamps),
        cmocka_unit_test(test_negative_clamps), cmocka_unit_test(test_plain_tex),
        cmocka_unit_test(test_nan),            cmocka_unit_test(test_s32_lod),
        cmocka_unit_test(test_trilinear_bands), cmocka_unit_test(test_trilinear_bias),
        cmocka_unit_test(test_trilinear_conditions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
