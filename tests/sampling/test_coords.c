/* test_coords.c -- normalised -> texel space, the 8-bit footprint rounding, NaN/infinite/huge coordinates ([semantics#linear-filtering], [semantics#coordinates], [semantics#decision-wrap-mirror-edges], [semantics#decision-fixed-point-range], [semantics#decision-nonfinite-wrap], [semantics#decision-huge-coords])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "sampling_util.h"

/* Point fetch of a normalised x on a w-texel 2D row (height 1): the x index. */
static int point_x(int w, float u, int mode)
{
    su_tex x;
    su_init(&x, WT__U32, 2, w, 1, 1, 1, 1);
    x.s.normalized = 1;
    x.s.address[0] = (uint8_t)mode;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(u, 0.5f, 0, 0);
    uint32_t d[4];
    uint32_t v = su_fetch(&x, &op, &in, d);
    su_free(&x);
    assert_true(v & 0x80000000u);
    return (int)(v & 0x7f);
}

/* [semantics#normalized-coords]: 0.04f on 25 texels reads texel 0, though 0.04f·25 rounds to 1.0f. */
static void test_non_pow2_floor(void **state)
{
    (void)state;
    assert_true(0.04f * 25.0f == 1.0f); /* the naive product */
    assert_int_equal(point_x(25, 0.04f, WT_ADDRESS_CLAMP), 0);
}

/* [semantics#normalized-coords]: the card switches from texel k−1 to k at ceil(k·2^21/N)/2^21. */
static void test_switch_points(void **state)
{
    (void)state;
    static const int sizes[] = {3, 5, 7, 25, 100};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        int n = sizes[si];
        for (int k = 1; k < n; k++) {
            int64_t num = ((int64_t)k * 2097152 + n - 1) / n; /* ceil(k·2^21/N) < 2^24: exact in f32 */
            float u = (float)num / 2097152.0f;
            assert_int_equal(point_x(n, u, WT_ADDRESS_CLAMP), k);
            assert_int_equal(point_x(n, nextafterf(u, 0.0f), WT_ADDRESS_CLAMP), k - 1);
        }
    }
}

/* Power-of-two sizes: x·N exact (0.99999994f·4 = 3.99999976 -> 3). */
static void test_pow2_exact(void **state)
{
    (void)state;
    assert_int_equal(point_x(4, 0.99999994f, WT_ADDRESS_CLAMP), 3);
    assert_int_equal(point_x(4, 0.25f, WT_ADDRESS_CLAMP), 1);
    assert_int_equal(point_x(4, nextafterf(0.25f, 0.0f), WT_ADDRESS_CLAMP), 0);
}

/* Taps of a linear fetch on a true 1D layer (a1d, layer 0), unnormalised. */
static void lin1d(su_tex *x, float c, wt__taps *tp)
{
    x->s.filter = WT_FILTER_LINEAR;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_A1D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(0, c, 0, 0);
    in.c[0] = 0;
    su_taps(x, &op, &in, tp);
}

/* [semantics#linear-filtering]: x = 2.49805: xB = 1.99805, 0.99805·256 = 255.5 -> 256: the carry
 * moves the footprint to texels 2 and 3 with all weight on 2. */
static void test_carry_2_49805(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 1, 8, 1, 1, 1, 1);
    x.t.layered = 1, x.t.num_layers = 1;
    wt__taps tp;
    lin1d(&x, 2.49805f, &tp);
    assert_true(tp.filtered);
    assert_int_equal(tp.n, 1); /* texel 3 has weight 0 and is not read */
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 256);
    /* Ties round up: frac = k + 1/2 in 1/256: x = 2.5 + 1.5/256 -> a = 2. */
    lin1d(&x, 2.5f + 1.5f / 256.0f, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 254);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 0, 0)), 2);
    /* Just below the tie: 1.5/256 − 2^-20 -> a = 1. */
    lin1d(&x, 2.5f + 1.5f / 256.0f - 1.0f / 1048576.0f, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 0, 0)), 1);
    su_free(&x);
}

/* [semantics#nan-inf-coords]: NaN reads as 0 under clamp; [semantics#decision-nonfinite-wrap]: NaN reads texel 0 under wrap/mirror. */
static void test_nan(void **state)
{
    (void)state;
    assert_int_equal(point_x(8, NAN, WT_ADDRESS_CLAMP), 0);
    assert_int_equal(point_x(8, NAN, WT_ADDRESS_WRAP), 0);
    assert_int_equal(point_x(8, NAN, WT_ADDRESS_MIRROR), 0);
    assert_int_equal(point_x(7, -NAN, WT_ADDRESS_WRAP), 0);

    /* Linear: under clamp NaN is the coordinate 0 ([semantics#nan-inf-coords]): x = 0·8 − 0.5
     * blends texels −1 → 0 and 0 half and half, i.e. texel 0 whole.  Under
     * wrap and mirror [semantics#decision-nonfinite-wrap] reads texel 0 with the whole weight, where NaN-as-0
     * would have blended texels 7 and 0 (wrap). */
    su_tex x;
    su_init(&x, WT__F32, 1, 8, 1, 1, 1, 1);
    x.t.layered = 1, x.t.num_layers = 1;
    x.s.normalized = 1;
    static const int modes[3] = {WT_ADDRESS_CLAMP, WT_ADDRESS_WRAP, WT_ADDRESS_MIRROR};
    for (int m = 0; m < 3; m++) {
        x.s.address[0] = (uint8_t)modes[m];
        wt__taps tp;
        lin1d(&x, NAN, &tp);
        assert_int_equal(tp.n, 1);
        assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 256);
    }
    su_free(&x);
}

/* [semantics#decision-wrap-mirror-edges]: ±∞ under clamp saturates to the edge; under border reads the border;
 * [semantics#decision-nonfinite-wrap]: under wrap/mirror the axis reads texel 0 with the whole weight. */
static void test_infinity(void **state)
{
    (void)state;
    assert_int_equal(point_x(8, INFINITY, WT_ADDRESS_CLAMP), 7);
    assert_int_equal(point_x(8, -INFINITY, WT_ADDRESS_CLAMP), 0);
    assert_int_equal(point_x(8, INFINITY, WT_ADDRESS_WRAP), 0);
    assert_int_equal(point_x(8, -INFINITY, WT_ADDRESS_MIRROR), 0);
    assert_int_equal(point_x(6, INFINITY, WT_ADDRESS_WRAP), 0);

    su_tex x;
    su_init(&x, WT__F32, 2, 8, 8, 1, 1, 1);
    x.s.normalized = 1;
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[0] = WT_ADDRESS_WRAP;
    x.s.address[1] = WT_ADDRESS_CLAMP;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    /* x = ∞ (wrap): texel 0, whole weight, offset 3 ignored on x; y = 0.5
     * (8 texels) -> yB = 3.5: rows 3 and 4 half and half, y offset 0. */
    wt__tex_lane_in in = su_in(INFINITY, 0.5f, 0, 0);
    in.off[0] = 3;
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(tp.n, 2);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 3, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 4, 0)), 128);
    /* Border: +∞ reads the border only. */
    x.s.address[0] = WT_ADDRESS_BORDER;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, SU_BORDER), 256);
    su_free(&x);
}

/* Linear taps of a normalised 1-row 2D texture of n texels at u. */
static void lin_norm(int n, float u, int mode, wt__taps *tp)
{
    su_tex x;
    su_init(&x, WT__F32, 2, n, 1, 1, 1, 1);
    x.s.normalized = 1;
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[0] = (uint8_t)mode;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(u, 0.5f, 0, 0);
    su_taps(&x, &op, &in, tp);
    su_free(&x);
}

/* [semantics#decision-huge-coords]: huge coordinates are exact: texel-space 2^30 under wrap blends
 * texels N−1 and 0 half and half (xB = 2^30 − 0.5). */
static void test_huge(void **state)
{
    (void)state;
    wt__taps tp;
    lin_norm(4, 268435456.0f, WT_ADDRESS_WRAP, &tp); /* 2^28 · 4 = 2^30 */
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 128);
    /* Non-power-of-two: 2^28 floors exactly, ·5: i = 5·2^28 − 1 ≡ 4 (mod 5). */
    lin_norm(5, 268435456.0f, WT_ADDRESS_WRAP, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 128);
    /* Beyond f32's range of exact products: 2^100 · 4 is still whole, so
     * again texels 3 and 0; non-power-of-two saturates at 2^40 ([semantics#decision-huge-coords]):
     * 5·2^40 − 1 ≡ 4 (mod 5). */
    lin_norm(4, 1.2676506e30f, WT_ADDRESS_WRAP, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 128);
    lin_norm(5, 1.2676506e30f, WT_ADDRESS_WRAP, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 128);
    /* 3.4e38 · 8 overflows f32 but is exact here: a whole multiple of 8. */
    lin_norm(8, 3.4e38f, WT_ADDRESS_WRAP, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 7, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 128);
    /* Mirror: i = 2^30 − 1 ≡ 7 (mod 8) -> 8 − 1 − 7 = 0; 2^30 ≡ 0 -> 0. */
    lin_norm(4, 268435456.0f, WT_ADDRESS_MIRROR, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 256);
    /* Point, wrap, non-power-of-two 3: 2^21 floors exactly: x = 3·2^21 -> 0;
     * 2^21 + 0.25 (exact in f32): x = 3·2^21 + 0.75 -> 0; 2^21 + 0.5 ->
     * 3·2^21 + 1.5 -> 1; 2^21 + 0.75 -> 3·2^21 + 2.25 -> 2. */
    assert_int_equal(point_x(3, 2097152.0f, WT_ADDRESS_WRAP), 0);
    assert_int_equal(point_x(3, 2097152.25f, WT_ADDRESS_WRAP), 0);
    assert_int_equal(point_x(3, 2097152.5f, WT_ADDRESS_WRAP), 1);
    assert_int_equal(point_x(3, 2097152.75f, WT_ADDRESS_WRAP), 2);
    /* Clamp: huge unnormalised coordinates saturate at the edge. */
    assert_int_equal(point_x(8, 1e30f, WT_ADDRESS_CLAMP), 7);
    assert_int_equal(point_x(8, -1e30f, WT_ADDRESS_CLAMP), 0);
}

/* ceil(a / b) for b > 0, either sign of a. */
static int64_t ceil_div(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

/* [semantics#normalized-coords]: the 21-bit floor goes toward −∞.  −0.04f on 25 texels: −0.04f·2^21 =
 * −83886.08 floors to −83887, times 25 = −1.0000110 texels: floor −2, which
 * wraps to 23 (the f32 product −0.04f·25 = −1.0 would read 24; flooring toward
 * zero, −83886·25/2^21 = −0.99999 would read 24 too).  −(1/3)f on 3 texels:
 * −699050.67 -> −699051 -> −1.0000005: floor −2 -> wrap 1, mirror 1 (t = 4). */
static void test_negative_floor(void **state)
{
    (void)state;
    assert_true(-0.04f * 25.0f == -1.0f); /* the naive product */
    assert_int_equal(point_x(25, -0.04f, WT_ADDRESS_WRAP), 23);
    assert_int_equal(point_x(25, -0.04f, WT_ADDRESS_MIRROR), 1); /* i = −2: t = 48 -> 49 − 48 */
    assert_int_equal(point_x(25, -0.04f, WT_ADDRESS_CLAMP), 0);
    assert_int_equal(point_x(3, -1.0f / 3.0f, WT_ADDRESS_WRAP), 1);
    assert_int_equal(point_x(3, -1.0f / 3.0f, WT_ADDRESS_MIRROR), 1);
    /* the smallest negative coordinates are texel −1 */
    assert_int_equal(point_x(25, -1e-45f, WT_ADDRESS_WRAP), 24);
    assert_int_equal(point_x(25, -0.0f, WT_ADDRESS_WRAP), 0);
}

/* [semantics#normalized-coords] switch points on both sides of [0, 1): texel k starts at
 * ceil(k·2^21/N)/2^21 for negative k and for k >= N too; wrap shows the
 * index (k mod N) and mirror its reflection. */
static void test_switch_points_outside(void **state)
{
    (void)state;
    static const int sizes[] = {3, 5, 7, 25, 100};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        int n = sizes[si];
        for (int k = -2 * n; k <= 2 * n; k++) {
            if (k == 0 || (k > 0 && k < n))
                continue; /* inside: test_switch_points */
            int64_t num = ceil_div((int64_t)k * 2097152, n); /* |num| < 2^24: exact in f32 */
            float u = (float)num / 2097152.0f;
            float below = nextafterf(u, -INFINITY);
            int kw = ((k % n) + n) % n, kw1 = (((k - 1) % n) + n) % n;
            int t = ((k % (2 * n)) + 2 * n) % (2 * n), t1 = (((k - 1) % (2 * n)) + 2 * n) % (2 * n);
            assert_int_equal(point_x(n, u, WT_ADDRESS_WRAP), kw);
            assert_int_equal(point_x(n, below, WT_ADDRESS_WRAP), kw1);
            assert_int_equal(point_x(n, u, WT_ADDRESS_MIRROR), t < n ? t : 2 * n - 1 - t);
            assert_int_equal(point_x(n, below, WT_ADDRESS_MIRROR), t1 < n ? t1 : 2 * n - 1 - t1);
        }
    }
}

/* A coordinate exactly at N (u = 1.0 on a non-power-of-two level): x = N.
 * Point: wrap -> 0, mirror -> N − 1 (t = N), clamp -> N − 1, border -> the
 * border.  Linear: xB = N − 0.5: wrap blends N − 1 and 0, mirror reads N − 1
 * twice, clamp pre-clamps to N − 0.5 (one tap), border blends N − 1 and the
 * border half and half. */
static void test_exactly_n(void **state)
{
    (void)state;
    assert_int_equal(point_x(5, 1.0f, WT_ADDRESS_WRAP), 0);
    assert_int_equal(point_x(5, 1.0f, WT_ADDRESS_MIRROR), 4);
    assert_int_equal(point_x(5, 1.0f, WT_ADDRESS_CLAMP), 4);
    assert_int_equal(point_x(5, nextafterf(1.0f, 0.0f), WT_ADDRESS_WRAP), 4);
    su_tex x;
    su_init(&x, WT__U32, 2, 5, 1, 1, 1, 1);
    x.s.normalized = 1;
    x.s.address[0] = WT_ADDRESS_BORDER;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(1.0f, 0.5f, 0, 0);
    uint32_t d[4];
    assert_int_equal(su_fetch(&x, &op, &in, d), SU_BORDER);
    su_free(&x);

    wt__taps tp;
    static const int modes[4] = {WT_ADDRESS_WRAP, WT_ADDRESS_MIRROR, WT_ADDRESS_CLAMP, WT_ADDRESS_BORDER};
    for (int m = 0; m < 4; m++) {
        lin_norm(5, 1.0f, modes[m], &tp);
        assert_int_equal(su_total(&tp), 256);
        switch (modes[m]) {
        case WT_ADDRESS_WRAP:
            assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 0, 0)), 128);
            assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 128);
            break;
        case WT_ADDRESS_BORDER:
            assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 0, 0)), 128);
            assert_int_equal(su_w(&tp, SU_BORDER), 128);
            break;
        default:
            assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 0, 0)), 256);
            break;
        }
    }
    lin_norm(5, 1.0f, WT_ADDRESS_CLAMP, &tp);
    assert_int_equal(tp.n, 1);
}

/* [semantics#pipeline] steps 1 and 3: NaN is coordinate 0 under clamp and border, and the
 * offset still applies (NaN + 3 reads texel 3; NaN − 1 under border reads the
 * border); ±∞ under clamp saturates far outside, so no offset brings it back,
 * and under border it stays the border. */
static void test_non_finite_with_offsets(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 8, 8, 1, 1, 1);
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    uint32_t d[4];
    wt__tex_lane_in in = su_in(NAN, 2.5f, 0, 0);
    in.off[0] = 3;
    assert_int_equal(su_fetch(&x, &op, &in, d), su_enc(0, 0, 3, 2, 0));
    in = su_in(INFINITY, 2.5f, 0, 0);
    in.off[0] = -8;
    assert_int_equal(su_fetch(&x, &op, &in, d), su_enc(0, 0, 7, 2, 0));
    in = su_in(-INFINITY, 2.5f, 0, 0);
    in.off[0] = 7;
    assert_int_equal(su_fetch(&x, &op, &in, d), su_enc(0, 0, 0, 2, 0));
    x.s.address[0] = WT_ADDRESS_BORDER;
    in = su_in(NAN, 2.5f, 0, 0);
    in.off[0] = -1;
    assert_int_equal(su_fetch(&x, &op, &in, d), SU_BORDER);
    in.off[0] = 7;
    assert_int_equal(su_fetch(&x, &op, &in, d), su_enc(0, 0, 7, 2, 0));
    in = su_in(-INFINITY, 2.5f, 0, 0);
    in.off[0] = 7;
    assert_int_equal(su_fetch(&x, &op, &in, d), SU_BORDER);
    su_free(&x);

    /* Linear under clamp, normalised: NaN -> 0, + 2 texels: x = 2, xB = 1.5:
     * texels 1 and 2 half and half (NaN without the offset is texel 0 alone). */
    su_init(&x, WT__F32, 2, 8, 1, 1, 1, 1);
    x.s.normalized = 1;
    x.s.filter = WT_FILTER_LINEAR;
    in = su_in(NAN, 0.5f, 0, 0);
    in.off[0] = 2;
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 1, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 128);
    su_free(&x);
}

/* [semantics#decision-huge-coords] read literally: an unnormalised coordinate of 2^30 under wrap.
 * Unnormalised coordinates demote wrap (and mirror) to clamp ([semantics#unnormalized-coords]), so the
 * fetch reads the edge texel N − 1 alone, point or linear.  The half-and-half
 * blend of N − 1 and 0 belongs to a texel-space 2^30 reached through
 * normalised coordinates (test_huge). */
static void test_unnormalised_2_30_wrap(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 2, 5, 1, 1, 1, 1);
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__taps tp;
    static const int modes[2] = {WT_ADDRESS_WRAP, WT_ADDRESS_MIRROR};
    for (int m = 0; m < 2; m++) {
        x.s.address[0] = (uint8_t)modes[m];
        for (int f = 0; f < 2; f++) {
            x.s.filter = (uint8_t)(f ? WT_FILTER_LINEAR : WT_FILTER_POINT);
            wt__tex_lane_in in = su_in(1073741824.0f, 0.5f, 0, 0);
            su_taps(&x, &op, &in, &tp);
            assert_int_equal(tp.n, 1);
            assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 0, 0)), 256);
            in = su_in(-1073741824.0f, 0.5f, 0, 0);
            su_taps(&x, &op, &in, &tp);
            assert_int_equal(tp.n, 1);
            assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 0, 0)), 256);
        }
    }
    su_free(&x);
}

/* [semantics#integer-weights]: weight-0 texels read nothing (no border tap at a = b = 0). */
static void test_weight_zero_reads_nothing(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 2, 4, 4, 1, 1, 1);
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[0] = x.s.address[1] = WT_ADDRESS_BORDER;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(0.5f, 3.5f, 0, 0);
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 3, 0)), 256);
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_non_pow2_floor),
        cmocka_unit_test(test_switch_points),
        cmocka_unit_test(test_pow2_exact),
        cmocka_unit_test(test_carry_2_49805),
        cmocka_unit_test(test_nan),
        cmocka_unit_test(test_infinity),
        cmocka_unit_test(test_huge),
        cmocka_unit_test(test_weight_zero_reads_nothing),
        cmocka_unit_test(test_negative_floor),
        cmocka_unit_test(test_switch_points_outside),
        cmocka_unit_test(test_exactly_n),
        cmocka_unit_test(test_non_finite_with_offsets),
        cmocka_unit_test(test_unnormalised_2_30_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
