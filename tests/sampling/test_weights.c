/* test_weights.c -- the integer weights of [semantics#integer-weights] / [semantics#decision-share-split-2d] in 2D, 3D, mip shares T < 256, and the 1D border row ([semantics#1d-as-2d])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sampling_util.h"

#define T2(x, y) su_enc(0, 0, (x), (y), 0)

/* 2D, T = 256, every (a, b): the closed form of [semantics#integer-weights]
 * w11 = rhu(a·b/256), w10 = a − w11, w01 = b − w11, w00 = 256 − a − b + w11. */
static void test_2d_all_fractions(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 2, 8, 8, 1, 1, 1);
    x.s.filter = WT_FILTER_LINEAR;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__taps tp;
    for (int a = 0; a < 256; a++) {
        for (int b = 0; b < 256; b += (a % 3) + 1) {
            /* x = 3.5 + a/256 -> xB = 3 + a/256 exactly (i = 3); y likewise (j = 2). */
            wt__tex_lane_in in = su_in(3.5f + (float)a / 256.0f, 2.5f + (float)b / 256.0f, 0, 0);
            su_taps(&x, &op, &in, &tp);
            int w11 = (a * b + 128) / 256, w10 = a - w11, w01 = b - w11, w00 = 256 - a - b + w11;
            assert_int_equal(su_w(&tp, T2(3, 2)), w00);
            assert_int_equal(su_w(&tp, T2(4, 2)), w10);
            assert_int_equal(su_w(&tp, T2(3, 3)), w01);
            assert_int_equal(su_w(&tp, T2(4, 3)), w11);
            assert_int_equal(tp.n, (w00 > 0) + (w10 > 0) + (w01 > 0) + (w11 > 0));
            assert_true(su_min_w(&tp) > 0);
            assert_true(tp.filtered);
        }
    }
    /* By hand: a = 77, b = 200: w11 = rhu(60.16) = 60, w10 = 17, w01 = 140, w00 = 39. */
    wt__tex_lane_in in = su_in(3.5f + 77.0f / 256.0f, 2.5f + 200.0f / 256.0f, 0, 0);
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, T2(3, 2)), 39);
    assert_int_equal(su_w(&tp, T2(4, 2)), 17);
    assert_int_equal(su_w(&tp, T2(3, 3)), 140);
    assert_int_equal(su_w(&tp, T2(4, 3)), 60);
    su_free(&x);
}

#define T3(x, y, z) su_enc(0, 0, (x), (y), (z))

/* 3D, T = 256 ([semantics#integer-weights]): z1 = c, z0 = 256 − c; each slice total t over x
 * (x1 = rhu(t·a/256)), then y: rhu(x1·b/256) on the x = 1 side,
 * rhu(x0·(256−b)/256) on the x = 0 side.  a = 100, b = 50, c = 200 by hand:
 * slice 1 (t = 56): x1 = 22, x0 = 34; (1,1) 4, (1,0) 18, (0,0) 27, (0,1) 7.
 * slice 2 (t = 200): x1 = 78, x0 = 122; (1,1) 15, (1,0) 63, (0,0) 98, (0,1) 24. */
static void test_3d(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 3, 4, 4, 4, 1, 1);
    x.s.filter = WT_FILTER_LINEAR;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_3D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(1.5f + 100.0f / 256.0f, 1.5f + 50.0f / 256.0f, 1.5f + 200.0f / 256.0f, 0);
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    static const int exp[2][2][2] = {{{27, 7}, {18, 4}}, {{98, 24}, {63, 15}}}; /* [dz][dx][dy] */
    for (int dz = 0; dz < 2; dz++)
        for (int dx = 0; dx < 2; dx++)
            for (int dy = 0; dy < 2; dy++)
                assert_int_equal(su_w(&tp, T3(1 + dx, 1 + dy, 1 + dz)), exp[dz][dx][dy]);
    assert_int_equal(tp.n, 8);
    /* One [semantics#float-blend] group per z slice. */
    for (int i = 0; i < tp.n; i++)
        for (int k = 0; k < tp.n; k++) {
            int zi = (int)(tp.t[i].raw[0] >> 14 & 63), zk = (int)(tp.t[k].raw[0] >> 14 & 63);
            assert_int_equal(zi == zk, tp.t[i].group == tp.t[k].group);
        }
    su_free(&x);
}

/* Mip blend ([semantics#lod-arithmetic] step 6): tex.level 0.25 -> levels 0 and 1 with shares
 * T = 192 and 64, each split per [semantics#decision-share-split-2d], each its own group.
 * u = (3.5 + 77/256)/8: level 0 x = 3.80078125 -> i = 3, a = 77;
 *   level 1 x = 1.900390625 -> xB = 1.400390625, 102.5 -> a = 103 (tie up).
 * v = (3.5 + 200/256)/8 ... level 0 y = 3.28125 -> j = 2, b = 200;
 *   level 1 y = 1.640625 -> j = 1, b = 36.
 * Level 0 (T = 192): x1 = rhu(57.75) = 58, x0 = 134; w11 = rhu(45.31) = 45,
 *   w10 = 13, w00 = rhu(134·56/256 = 29.31) = 29, w01 = 105.
 * Level 1 (T = 64): x1 = rhu(25.75) = 26, x0 = 38; w11 = rhu(3.66) = 4,
 *   w10 = 22, w00 = rhu(38·220/256 = 32.66) = 33, w01 = 5. */
static void test_mip_share_2d(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 2, 8, 8, 1, 1, 2);
    x.s.normalized = 1;
    x.s.filter = WT_FILTER_LINEAR;
    x.s.mip_filter = WT_FILTER_LINEAR;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    op.mip = WT_MIP_LEVEL;
    wt__tex_lane_in in = su_in(0.47509765625f, 0.41015625f, 0, 0);
    in.lod = su_fb(0.25f);
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 2, 0)), 29);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 2, 0)), 13);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 3, 0)), 105);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 4, 3, 0)), 45);
    assert_int_equal(su_w(&tp, su_enc(1, 0, 1, 1, 0)), 33);
    assert_int_equal(su_w(&tp, su_enc(1, 0, 2, 1, 0)), 22);
    assert_int_equal(su_w(&tp, su_enc(1, 0, 1, 2, 0)), 5);
    assert_int_equal(su_w(&tp, su_enc(1, 0, 2, 2, 0)), 4);
    assert_int_equal(tp.n, 8);
    for (int i = 0; i < tp.n; i++)
        for (int k = 0; k < tp.n; k++)
            assert_int_equal(tp.t[i].raw[0] >> 27 == tp.t[k].raw[0] >> 27, tp.t[i].group == tp.t[k].group);

    /* Point texel filter, linear mip filter: one tap per level (192, 64),
     * blended (filtered = 1).  Level 0: floor(3.80) = 3, floor(3.28) = 3;
     * level 1: floor(1.90) = 1, floor(1.64) = 1. */
    x.s.filter = WT_FILTER_POINT;
    su_taps(&x, &op, &in, &tp);
    assert_true(tp.filtered);
    assert_int_equal(tp.n, 2);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 3, 0)), 192);
    assert_int_equal(su_w(&tp, su_enc(1, 0, 1, 1, 0)), 64);
    assert_true(tp.t[0].group != tp.t[1].group);
    /* Point and one level: a single unfiltered tap of 256. */
    in.lod = su_fb(1.0f);
    su_taps(&x, &op, &in, &tp);
    assert_false(tp.filtered);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, su_enc(1, 0, 1, 1, 0)), 256);
    su_free(&x);
}

/* 3D inside a mip blend: z split rounds the LOWER slice, z0 = rhu(T·(256−c)/256).
 * u = v = (1.5 + 64/256)/4 = 0.4375, w = (1.5 + 2/256)/4 = 0.376953125.
 * Level 0 (4^3, T = 192): a = b = 64, c = 2: z0 = rhu(190.5) = 191, z1 = 1
 *   (rounding the upper part instead would give 2).
 *   z = 1 (t = 191): x1 = rhu(47.75) = 48, x0 = 143; (1,1) 12, (1,0) 36,
 *   (0,0) rhu(107.25) = 107, (0,1) 36.  z = 2 (t = 1): x1 = 0; (0,0) rhu(0.75) = 1.
 * Level 1 (2^3, T = 64): x = 0.875 -> i = 0, a = b = 96; z = 0.75390625 ->
 *   c = 65: z0 = rhu(47.75) = 48, z1 = 16.
 *   z = 0 (t = 48): x1 = 18, x0 = 30; (1,1) rhu(6.75) = 7, (1,0) 11, (0,0) rhu(18.75) = 19, (0,1) 11.
 *   z = 1 (t = 16): x1 = 6, x0 = 10; (1,1) rhu(2.25) = 2, (1,0) 4, (0,0) rhu(6.25) = 6, (0,1) 4. */
static void test_mip_share_3d(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 3, 4, 4, 4, 1, 2);
    x.s.normalized = 1;
    x.s.filter = WT_FILTER_LINEAR;
    x.s.mip_filter = WT_FILTER_LINEAR;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_3D, WT_CTYPE_F32);
    op.mip = WT_MIP_LEVEL;
    wt__tex_lane_in in = su_in(0.4375f, 0.4375f, 0.376953125f, 0);
    in.lod = su_fb(0.25f);
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    /* [dz][dx][dy] */
    static const int l0[2][2][2] = {{{107, 36}, {36, 12}}, {{1, 0}, {0, 0}}};
    static const int l1[2][2][2] = {{{19, 11}, {11, 7}}, {{6, 4}, {4, 2}}};
    for (int dz = 0; dz < 2; dz++)
        for (int dx = 0; dx < 2; dx++)
            for (int dy = 0; dy < 2; dy++) {
                assert_int_equal(su_w(&tp, su_enc(0, 0, 1 + dx, 1 + dy, 1 + dz)), l0[dz][dx][dy]);
                assert_int_equal(su_w(&tp, su_enc(1, 0, dx, dy, dz)), l1[dz][dx][dy]);
            }
    assert_int_equal(su_total(&tp), 256);
    assert_int_equal(tp.n, 13);
    /* Four groups: (level, slice). */
    for (int i = 0; i < tp.n; i++)
        for (int k = 0; k < tp.n; k++) {
            uint32_t ki = tp.t[i].raw[0] >> 14, kk = tp.t[k].raw[0] >> 14; /* level, slice, z */
            assert_int_equal(ki == kk, tp.t[i].group == tp.t[k].group);
        }
    su_free(&x);
}

/* [semantics#1d-as-2d]: a non-layered 1D texture is 2D of height 1 at y = 0 with
 * addressMode[1].  Under border on y, yB = −0.5: every linear result takes
 * 128/256 from the border row.  x = 2.75: a = 64; b = 128:
 * (2,−1) 96, (3,−1) 32 border; (2,0) 96, (3,0) 32. */
static void test_1d_border_row(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__F32, 1, 8, 1, 1, 1, 1);
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[1] = WT_ADDRESS_BORDER;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_1D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(2.75f, 0, 0, 0);
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, SU_BORDER), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 96);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 0, 0)), 32);
    assert_int_equal(tp.n, 4);
    /* x = 2.5: a = 0: border 128 and texel 2 128, nothing else read. */
    in = su_in(2.5f, 0, 0, 0);
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(tp.n, 2);
    assert_int_equal(su_w(&tp, SU_BORDER), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 128);
    /* Point sampling is unaffected. */
    x.s.filter = WT_FILTER_POINT;
    in = su_in(2.75f, 0, 0, 0);
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 256);
    /* Clamp on y: row 0 takes everything: (2) 192, (3) 64. */
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[1] = WT_ADDRESS_CLAMP;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 2, 0, 0)), 192);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 3, 0, 0)), 64);
    assert_int_equal(su_total(&tp), 256);
    su_free(&x);

    /* A layer of a 1D layered texture is true 1D: no border row. */
    su_init(&x, WT__F32, 1, 8, 1, 1, 3, 1);
    x.t.layered = 1, x.t.num_layers = 3;
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[1] = WT_ADDRESS_BORDER;
    op = su_op(WT_FAMILY_TEX, WT_GEOM_A1D, WT_CTYPE_F32);
    in = su_in(0, 2.75f, 0, 0);
    in.c[0] = 1;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(tp.n, 2);
    assert_int_equal(su_w(&tp, su_enc(0, 1, 2, 0, 0)), 192);
    assert_int_equal(su_w(&tp, su_enc(0, 1, 3, 0, 0)), 64);
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2d_all_fractions),
        cmocka_unit_test(test_3d),
        cmocka_unit_test(test_mip_share_2d),
        cmocka_unit_test(test_mip_share_3d),
        cmocka_unit_test(test_1d_border_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
