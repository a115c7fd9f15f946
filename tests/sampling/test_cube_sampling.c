/* test_cube_sampling.c -- sampling on a cube face: modes inside the face, seamless edges and corners, cube arrays ([semantics#cube-filtering], [semantics#cube-arrays], [semantics#decision-seamless-cube], [semantics#decision-cube-unnormalized])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "sampling_util.h"

#define N 4

static void cube_tex(su_tex *x, int linear, int seamless, int mode, int levels, int cubes)
{
    su_init(x, WT__F32, 2, N, N, 1, 6 * cubes, levels);
    x->t.cube = 1;
    if (cubes > 1)
        x->t.layered = 1, x->t.num_layers = (uint32_t)cubes;
    x->s.normalized = 1;
    x->s.filter = (uint8_t)(linear ? WT_FILTER_LINEAR : WT_FILTER_POINT);
    x->s.seamless = (uint8_t)seamless;
    x->s.address[0] = x->s.address[1] = (uint8_t)mode;
}

static void cube_taps(su_tex *x, float dx, float dy, float dz, wt__taps *tp)
{
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_CUBE, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(dx, dy, dz, 0);
    su_taps(x, &op, &in, tp);
}

#define F(face, x, y) su_enc(0, (face), (x), (y), 0)

/* Direction (1, 0, −0.9375): face 0, s = 0.96875 -> x = 3.875, xB = 3.375
 * (i = 3, a = 96); t = 0.5 -> y = 2, yB = 1.5 (j = 1, b = 128).
 * w11 = 48, w10 = 48, w01 = 80, w00 = 80. */
static void test_modes_inside_face(void **state)
{
    (void)state;
    su_tex x;
    wt__taps tp;
    /* Clamp: pre-clamp to 3.5, nothing crosses. */
    cube_tex(&x, 1, 0, WT_ADDRESS_CLAMP, 1, 1);
    cube_taps(&x, 1.0f, 0.0f, -0.9375f, &tp);
    assert_int_equal(su_w(&tp, F(0, 3, 1)), 128);
    assert_int_equal(su_w(&tp, F(0, 3, 2)), 128);
    assert_int_equal(tp.n, 2);
    su_free(&x);
    /* Wrap: the far edge of the same face. */
    cube_tex(&x, 1, 0, WT_ADDRESS_WRAP, 1, 1);
    cube_taps(&x, 1.0f, 0.0f, -0.9375f, &tp);
    assert_int_equal(su_w(&tp, F(0, 3, 1)), 80);
    assert_int_equal(su_w(&tp, F(0, 3, 2)), 80);
    assert_int_equal(su_w(&tp, F(0, 0, 1)), 48);
    assert_int_equal(su_w(&tp, F(0, 0, 2)), 48);
    /* [semantics#decision-cube-unnormalized]: without normalized_coords wrap is clamp on cubes too. */
    x.s.normalized = 0;
    cube_taps(&x, 1.0f, 0.0f, -0.9375f, &tp);
    assert_int_equal(su_w(&tp, F(0, 3, 1)), 128);
    assert_int_equal(su_w(&tp, F(0, 3, 2)), 128);
    su_free(&x);
    /* Border: the border colour. */
    cube_tex(&x, 1, 0, WT_ADDRESS_BORDER, 1, 1);
    cube_taps(&x, 1.0f, 0.0f, -0.9375f, &tp);
    assert_int_equal(su_w(&tp, SU_BORDER), 96);
    su_free(&x);
}

/* [semantics#cube-filtering]: point sampling of a non-mipmapped cube clamps to the face whatever
 * the mode; a mipmapped cube applies the mode.  (1, 0, 1): tie -> face 4,
 * s = 1 -> x = 4, t = 0.5 -> y = 2. */
static void test_point_modes(void **state)
{
    (void)state;
    su_tex x;
    wt__taps tp;
    static const int modes[] = {WT_ADDRESS_WRAP, WT_ADDRESS_MIRROR, WT_ADDRESS_BORDER, WT_ADDRESS_CLAMP};
    for (int m = 0; m < 4; m++) {
        cube_tex(&x, 0, 0, modes[m], 1, 1);
        cube_taps(&x, 1.0f, 0.0f, 1.0f, &tp);
        assert_int_equal(tp.n, 1);
        assert_int_equal(su_w(&tp, F(4, 3, 2)), 256);
        su_free(&x);
    }
    cube_tex(&x, 0, 0, WT_ADDRESS_WRAP, 2, 1);
    cube_taps(&x, 1.0f, 0.0f, 1.0f, &tp);
    assert_int_equal(su_w(&tp, F(4, 0, 2)), 256);
    x.s.address[0] = WT_ADDRESS_BORDER;
    cube_taps(&x, 1.0f, 0.0f, 1.0f, &tp);
    assert_int_equal(su_w(&tp, SU_BORDER), 256);
    /* Seamless: point uses clamp. */
    x.s.seamless = 1;
    cube_taps(&x, 1.0f, 0.0f, 1.0f, &tp);
    assert_int_equal(su_w(&tp, F(4, 3, 2)), 256);
    su_free(&x);
}

/* [semantics#decision-seamless-cube], seamless edge: the same direction as above takes x = 4 from face 5
 * (−z), column 0, same row (face 0's s = 1 edge is z = −1, where face 5's
 * s = −x/|z| = −1); the address mode (border here) is ignored. */
static void test_seamless_edge(void **state)
{
    (void)state;
    su_tex x;
    wt__taps tp;
    cube_tex(&x, 1, 1, WT_ADDRESS_BORDER, 1, 1);
    cube_taps(&x, 1.0f, 0.0f, -0.9375f, &tp);
    assert_int_equal(su_w(&tp, F(0, 3, 1)), 80);
    assert_int_equal(su_w(&tp, F(0, 3, 2)), 80);
    assert_int_equal(su_w(&tp, F(5, 0, 1)), 48);
    assert_int_equal(su_w(&tp, F(5, 0, 2)), 48);
    assert_int_equal(su_w(&tp, SU_BORDER), 0);
    su_free(&x);
}

/* An independent model of the neighbour: project the centre of the texel
 * (i, j) of face f (one index outside) with the [semantics#cube-faces] table; the texel whose
 * square holds that point is the one across the edge. */
static const int FM[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
static const int FS[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
static const int FT[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

static uint32_t neighbour(int f, int i, int j)
{
    double v[3];
    for (int k = 0; k < 3; k++)
        v[k] = FM[f][k] + FS[f][k] * (2.0 * i + 1 - N) / N + FT[f][k] * (2.0 * j + 1 - N) / N;
    int big = 0;
    for (int k = 1; k < 3; k++)
        if (fabs(v[k]) > fabs(v[big]))
            big = k;
    int g = 2 * big + (v[big] < 0);
    double m = fabs(v[big]), s = 0, t = 0;
    for (int k = 0; k < 3; k++) {
        s += v[k] * FS[g][k];
        t += v[k] * FT[g][k];
    }
    int x = (int)floor((s / m + 1) / 2 * N), y = (int)floor((t / m + 1) / 2 * N);
    return F(g, x, y);
}

/* Every edge of every face: a footprint a quarter texel from the edge
 * (weights 192 inside, 64 outside, b = 0) takes the outside texel from the
 * neighbour the model names. */
static void test_seamless_all_edges(void **state)
{
    (void)state;
    su_tex x;
    wt__taps tp;
    cube_tex(&x, 1, 1, WT_ADDRESS_CLAMP, 1, 1);
    for (int f = 0; f < 6; f++) {
        for (int e = 0; e < 4; e++) {
            for (int k = 0; k < N; k++) {
                /* Texel-space coordinates: the quarter-texel point and the
                 * centre of row/column k. */
                double p = (e & 1) ? N - 0.25 : 0.25, q = k + 0.5;
                double xs = e < 2 ? p : q, ys = e < 2 ? q : p;
                double sc = 2 * xs / N - 1, tc = 2 * ys / N - 1; /* exact */
                float d[3];
                for (int a = 0; a < 3; a++)
                    d[a] = (float)(FM[f][a] + FS[f][a] * sc + FT[f][a] * tc);
                cube_taps(&x, d[0], d[1], d[2], &tp);
                int ii = (e & 1) ? N - 1 : 0, io = (e & 1) ? N : -1;
                uint32_t in_t = e < 2 ? F(f, ii, k) : F(f, k, ii);
                uint32_t out_t = e < 2 ? neighbour(f, io, k) : neighbour(f, k, io);
                assert_int_equal(tp.n, 2);
                assert_int_equal(su_w(&tp, in_t), 192);
                assert_int_equal(su_w(&tp, out_t), 64);
                assert_int_not_equal(out_t >> 20 & 7, (uint32_t)f);
            }
        }
    }
    su_free(&x);
}

/* [semantics#decision-seamless-cube] corner: face 4 (+z), direction (−0.9375, 0.9375, 1): s = t = 0.03125,
 * x = y = 0.125, xB = −0.375: i = j = −1, a = b = 160.  w11 = 100 (face 4
 * (0,0)), w10 = 60 ((0,−1) -> face 2 (0,3)), w01 = 60 ((−1,0) -> face 1
 * (3,0)), w00 = 36 missing: rhu(36/3) = 12 to each texel across an edge,
 * 36 − 24 = 12 to the face's own: 112, 72, 72. */
static void test_seamless_corner(void **state)
{
    (void)state;
    su_tex x;
    wt__taps tp;
    cube_tex(&x, 1, 1, WT_ADDRESS_CLAMP, 1, 1);
    cube_taps(&x, -0.9375f, 0.9375f, 1.0f, &tp);
    assert_int_equal(su_w(&tp, F(4, 0, 0)), 112);
    assert_int_equal(su_w(&tp, F(2, 0, 3)), 72);
    assert_int_equal(su_w(&tp, F(1, 3, 0)), 72);
    assert_int_equal(tp.n, 3);
    assert_int_equal(neighbour(4, 0, -1), F(2, 0, 3));
    assert_int_equal(neighbour(4, -1, 0), F(1, 3, 0));
    /* Uneven split: x = −0.859375 -> a = 200; y = 0.95703125 -> b = 150.
     * w11 = rhu(117.19) = 117, w10 = 83, w01 = 33, w00 = 23:
     * rhu(23/3) = 8 each across, 23 − 16 = 7 to the face: 124, 91, 41. */
    cube_taps(&x, -0.859375f, 0.95703125f, 1.0f, &tp);
    assert_int_equal(su_w(&tp, F(4, 0, 0)), 124);
    assert_int_equal(su_w(&tp, F(2, 0, 3)), 91);
    assert_int_equal(su_w(&tp, F(1, 3, 0)), 41);
    assert_int_equal(su_total(&tp), 256);
    su_free(&x);
}

/* [semantics#cube-arrays]: slice = 6·cube + face; a cube index past the end reads the last cube. */
static void test_cube_array(void **state)
{
    (void)state;
    su_tex x;
    wt__taps tp;
    cube_tex(&x, 0, 0, WT_ADDRESS_CLAMP, 1, 2);
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_ACUBE, WT_CTYPE_F32);
    static const uint32_t cubes[] = {0, 1, 2, 0xffffffffu};
    static const int expect[] = {5, 11, 11, 11};
    for (int k = 0; k < 4; k++) {
        wt__tex_lane_in in = su_in(0, 0.0f, 0.0f, -2.0f); /* face 5, centre: texel (2, 2) */
        in.c[0] = cubes[k];
        su_taps(&x, &op, &in, &tp);
        assert_int_equal(su_w(&tp, F(expect[k], 2, 2)), 256);
    }
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_modes_inside_face),
        cmocka_unit_test(test_point_modes),
        cmocka_unit_test(test_seamless_edge),
        cmocka_unit_test(test_seamless_all_edges),
        cmocka_unit_test(test_seamless_corner),
        cmocka_unit_test(test_cube_array),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
