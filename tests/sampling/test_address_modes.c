/* test_address_modes.c -- clamp, wrap, mirror, border, clamp_ogl on texel indices; pre-clamp; unnormalised demotion ([semantics#unnormalized-coords], [semantics#address-per-texel], [semantics#clamp-ogl], [semantics#decision-clamp-ogl-samplers], [semantics#decision-cube-unnormalized])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sampling_util.h"

/* A 1-row 2D texture of n texels (u32, point) or (f32, linear). */
static void row(su_tex *x, int ctype, int n, int norm, int mode)
{
    su_init(x, ctype, 2, n, 1, 1, 1, 1);
    x->s.normalized = (uint8_t)norm;
    x->s.address[0] = (uint8_t)mode;
    if (ctype == WT__F32)
        x->s.filter = WT_FILTER_LINEAR;
}

static uint32_t point(su_tex *x, float u)
{
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(u, x->s.normalized ? 0.5f : 0.0f, 0, 0);
    uint32_t d[4];
    return su_fetch(x, &op, &in, d);
}

static void lin(su_tex *x, float u, wt__taps *tp)
{
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(u, x->s.normalized ? 0.5f : 0.5f, 0, 0);
    su_taps(x, &op, &in, tp);
}

#define X(i) su_enc(0, 0, (i), 0, 0)

/* [semantics#address-per-texel] wrap: i mod N, mathematical. */
static void test_wrap(void **state)
{
    (void)state;
    su_tex x;
    row(&x, WT__U32, 4, 1, WT_ADDRESS_WRAP);
    assert_int_equal(point(&x, 1.25f), X(1));    /* x = 5 */
    assert_int_equal(point(&x, -0.125f), X(3));  /* x = −0.5 -> i = −1 */
    assert_int_equal(point(&x, -1.0f), X(0));    /* x = −4 */
    assert_int_equal(point(&x, 2.9375f), X(3));  /* x = 11.75 */
    su_free(&x);
    row(&x, WT__F32, 4, 1, WT_ADDRESS_WRAP);
    wt__taps tp;
    lin(&x, 0.0f, &tp); /* xB = −0.5: texels −1 -> 3 and 0, half each */
    assert_int_equal(su_w(&tp, X(3)), 128);
    assert_int_equal(su_w(&tp, X(0)), 128);
    lin(&x, 1.0f, &tp); /* x = 4: texels 3 and 4 -> 0 */
    assert_int_equal(su_w(&tp, X(3)), 128);
    assert_int_equal(su_w(&tp, X(0)), 128);
    su_free(&x);
}

/* [semantics#address-per-texel] mirror: t = i mod 2N; t < N ? t : 2N − 1 − t.  x = 1.25, N = 4:
 * i = 5 -> 8 − 1 − 5 = 2 (PG's continuous formula would give 3). */
static void test_mirror(void **state)
{
    (void)state;
    su_tex x;
    row(&x, WT__U32, 4, 1, WT_ADDRESS_MIRROR);
    assert_int_equal(point(&x, 1.25f), X(2));
    assert_int_equal(point(&x, -0.125f), X(0));  /* i = −1 -> t = 7 -> 0 */
    assert_int_equal(point(&x, -0.5f), X(1));    /* i = −2 -> t = 6 -> 1 */
    assert_int_equal(point(&x, 1.875f), X(0));   /* i = 7 -> 0 */
    assert_int_equal(point(&x, 2.0f), X(0));     /* i = 8 -> t = 0 */
    assert_int_equal(point(&x, 1.0f), X(3));     /* i = 4 -> 3 */
    su_free(&x);
    row(&x, WT__F32, 4, 1, WT_ADDRESS_MIRROR);
    wt__taps tp;
    lin(&x, 0.0f, &tp); /* texels −1 -> 0 and 0 */
    assert_int_equal(su_w(&tp, X(0)), 256);
    lin(&x, 1.0f, &tp); /* texels 3 and 4 -> 3 */
    assert_int_equal(su_w(&tp, X(3)), 256);
    su_free(&x);
}

/* [semantics#pipeline] step 4: linear clamp pre-clamps the coordinate to [0.5, N − 0.5], so
 * a fetch near the edge is one tap (not two taps on the same clamped texel). */
static void test_clamp_preclamp(void **state)
{
    (void)state;
    su_tex x;
    row(&x, WT__F32, 4, 0, WT_ADDRESS_CLAMP);
    wt__taps tp;
    lin(&x, 0.2f, &tp);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, X(0)), 256);
    lin(&x, 3.9f, &tp);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, X(3)), 256);
    lin(&x, -100.0f, &tp);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, X(0)), 256);
    su_free(&x);

    /* 2D: x = 0.2 pre-clamped (a = 0), y = 1.7: yB = 1.2 -> b = rhu(51.2) = 51:
     * two taps (0,1) 205 and (0,2) 51, nothing on column 1. */
    su_init(&x, WT__F32, 2, 4, 4, 1, 1, 1);
    x.s.filter = WT_FILTER_LINEAR;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(0.2f, 1.7f, 0, 0);
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(tp.n, 2);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 1, 0)), 205);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 0, 2, 0)), 51);
    su_free(&x);

    /* Point clamp: indices only. */
    row(&x, WT__U32, 4, 0, WT_ADDRESS_CLAMP);
    assert_int_equal(point(&x, -0.001f), X(0));
    assert_int_equal(point(&x, 4.0f), X(3));
    assert_int_equal(point(&x, 3.999f), X(3));
    assert_int_equal(point(&x, 2.0f), X(2));
    su_free(&x);
}

/* [semantics#address-per-texel] border: outside indices read the border texel. */
static void test_border(void **state)
{
    (void)state;
    su_tex x;
    row(&x, WT__U32, 4, 0, WT_ADDRESS_BORDER);
    assert_int_equal(point(&x, -0.001f), SU_BORDER);
    assert_int_equal(point(&x, 4.0f), SU_BORDER);
    assert_int_equal(point(&x, 3.99f), X(3));
    su_free(&x);
    row(&x, WT__F32, 4, 0, WT_ADDRESS_BORDER);
    wt__taps tp;
    lin(&x, 0.25f, &tp); /* xB = −0.25: −1 (border) 192... a = 192: w0 = 64, w1 = 192 */
    assert_int_equal(su_w(&tp, SU_BORDER), 64);
    assert_int_equal(su_w(&tp, X(0)), 192);
    su_free(&x);
}

/* [semantics#unnormalized-coords]: unnormalised coordinates turn wrap and mirror into clamp, for point
 * and linear; force_unnormalized does too.  [semantics#mip-levels]: a mipmapped texture is
 * scaled as normalised even without the flag, yet still clamps. */
static void test_unnormalised_demotes(void **state)
{
    (void)state;
    su_tex x;
    row(&x, WT__U32, 4, 0, WT_ADDRESS_WRAP);
    assert_int_equal(point(&x, 5.5f), X(3));
    assert_int_equal(point(&x, -1.5f), X(0));
    x.s.address[0] = WT_ADDRESS_MIRROR;
    assert_int_equal(point(&x, 5.5f), X(3));
    su_free(&x);
    row(&x, WT__F32, 4, 0, WT_ADDRESS_WRAP);
    wt__taps tp;
    lin(&x, 0.1f, &tp); /* clamp pre-clamp, not texels 3 and 0 */
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, X(0)), 256);
    su_free(&x);

    /* force_unnormalized: coordinates in texels, wrap demoted. */
    row(&x, WT__U32, 4, 1, WT_ADDRESS_WRAP);
    x.s.force_unnormalized = 1;
    assert_int_equal(point(&x, 2.5f), X(2));
    assert_int_equal(point(&x, 5.5f), X(3));
    su_free(&x);

    /* Mipmapped without normalized_coords: x = 0.25 on an 8-wide level 0
     * reads texel 2 (scaled), and 1.25 clamps (10 -> 7) instead of wrapping. */
    su_init(&x, WT__U32, 2, 8, 1, 1, 1, 2);
    x.s.address[0] = WT_ADDRESS_WRAP;
    assert_int_equal(point(&x, 0.25f), X(2));
    assert_int_equal(point(&x, 1.25f), X(7));
    x.s.normalized = 1; /* with the flag, wrap: 10 -> 2 */
    assert_int_equal(point(&x, 1.25f), X(2));
    su_free(&x);
}

/* [semantics#decision-clamp-ogl-samplers] clamp_ogl: the coordinate is clamped to [0, N]; a linear filter at the
 * edge takes half its weight from the border; point clamps to the edge texel. */
static void test_clamp_ogl(void **state)
{
    (void)state;
    su_tex x;
    row(&x, WT__F32, 4, 0, WT_ADDRESS_CLAMP_OGL);
    wt__taps tp;
    lin(&x, -3.0f, &tp); /* x -> 0: xB = −0.5: border and texel 0 */
    assert_int_equal(su_w(&tp, SU_BORDER), 128);
    assert_int_equal(su_w(&tp, X(0)), 128);
    lin(&x, 9.0f, &tp); /* x -> 4: xB = 3.5: texel 3 and border */
    assert_int_equal(su_w(&tp, SU_BORDER), 128);
    assert_int_equal(su_w(&tp, X(3)), 128);
    lin(&x, 0.25f, &tp); /* inside [0, N] nothing moves: as border mode */
    assert_int_equal(su_w(&tp, SU_BORDER), 64);
    assert_int_equal(su_w(&tp, X(0)), 192);
    su_free(&x);
    row(&x, WT__U32, 4, 0, WT_ADDRESS_CLAMP_OGL);
    assert_int_equal(point(&x, 9.0f), X(3));
    assert_int_equal(point(&x, -1.0f), X(0));
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_mirror),
        cmocka_unit_test(test_clamp_preclamp),
        cmocka_unit_test(test_border),
        cmocka_unit_test(test_unnormalised_demotes),
        cmocka_unit_test(test_clamp_ogl),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
