/* test_layers_offsets.c -- layer indices past the end ([semantics#layers]) and the offset operand: 4-bit wrap, 1D quirk, texels of the level ([semantics#offsets], [semantics#decision-1d-offset-quirk], [semantics#mip-levels])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sampling_util.h"

static uint32_t fetch(su_tex *x, const wt_op *op, const wt__tex_lane_in *in)
{
    uint32_t d[4];
    return su_fetch(x, op, in, d);
}

/* [semantics#layers]: a .u32 layer past the end (or "negative") reads the last layer. */
static void test_layer_past_end(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 3, 1);
    x.t.layered = 1, x.t.num_layers = 3;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_A2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(0, 1.5f, 2.5f, 0);
    static const uint32_t layers[] = {0, 1, 2, 3, 7, 0x7fffffffu, 0xffffffffu};
    static const uint32_t expect[] = {0, 1, 2, 2, 2, 2, 2};
    for (size_t k = 0; k < sizeof layers / sizeof layers[0]; k++) {
        in.c[0] = layers[k];
        assert_int_equal(fetch(&x, &op, &in), su_enc(0, (int)expect[k], 1, 2, 0));
    }
    /* Integer coordinates too. */
    op.ctype = WT_CTYPE_S32;
    wt__tex_lane_in ii = su_in_i(-1, 3, 0, 0);
    assert_int_equal(fetch(&x, &op, &ii), su_enc(0, 2, 3, 0, 0));
    su_free(&x);

    /* a1d, linear: the taps stay inside the last layer. */
    su_init(&x, WT__F32, 1, 8, 1, 1, 2, 1);
    x.t.layered = 1, x.t.num_layers = 2;
    x.s.filter = WT_FILTER_LINEAR;
    op = su_op(WT_FAMILY_TEX, WT_GEOM_A1D, WT_CTYPE_F32);
    in = su_in(0, 3.0f, 0, 0);
    in.c[0] = 5;
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 1, 2, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 1, 3, 0, 0)), 128);
    su_free(&x);
}

/* [semantics#offsets]: offsets are added in texel space before the address mode, each
 * wrapped into its 4-bit field (8 -> −8, −9 -> 7, 16 -> 0). */
static void test_offset_wrap(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 32, 4, 1, 1, 1);
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    wt__tex_lane_in in = su_in(10.5f, 1.5f, 0, 0);
    static const int32_t off[] = {0, 1, 7, 8, -8, -9, 15, 16, 17, -1};
    static const int expect[] = {10, 11, 17, 2, 2, 17, 9, 10, 11, 9};
    for (size_t k = 0; k < sizeof off / sizeof off[0]; k++) {
        in.off[0] = off[k];
        assert_int_equal(fetch(&x, &op, &in), su_enc(0, 0, expect[k], 1, 0));
    }
    /* Before the clamp: 1.5 + 2 on a 4-row texture under clamp -> row 3. */
    in.off[0] = 0, in.off[1] = 2;
    assert_int_equal(fetch(&x, &op, &in), su_enc(0, 0, 10, 3, 0));
    /* Without the flag the operand is ignored. */
    op.flags = 0;
    assert_int_equal(fetch(&x, &op, &in), su_enc(0, 0, 10, 1, 0));
    su_free(&x);

    /* Before the linear pre-clamp and with wrap on normalised coordinates:
     * u = 0.0625 on 16 texels -> x = 1, offset −2 -> x = −1, xB = −1.5:
     * texels −2 -> 14 and −1 -> 15, half each. */
    su_init(&x, WT__F32, 2, 16, 1, 1, 1, 1);
    x.s.normalized = 1;
    x.s.filter = WT_FILTER_LINEAR;
    x.s.address[0] = WT_ADDRESS_WRAP;
    op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    in = su_in(0.0625f, 0.5f, 0, 0);
    in.off[0] = -2;
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 14, 0, 0)), 128);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 15, 0, 0)), 128);
    su_free(&x);
}

/* [semantics#decision-1d-offset-quirk]: on a non-layered 1D texture with float coordinates, bits 4..7 of
 * the x offset register are a y offset: a negative x offset lands on row −1,
 * which reads the border under border addressing on y (point and linear). */
static void test_1d_quirk(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 1, 8, 1, 1, 1, 1);
    x.s.address[1] = WT_ADDRESS_BORDER;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_1D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    wt__tex_lane_in in = su_in(4.5f, 0, 0, 0);
    in.off[0] = 3;
    assert_int_equal(fetch(&x, &op, &in), su_enc(0, 0, 7, 0, 0));
    in.off[0] = -1; /* x −1, y nibble 0xf = −1 */
    assert_int_equal(fetch(&x, &op, &in), SU_BORDER);
    in.off[0] = -8;
    assert_int_equal(fetch(&x, &op, &in), SU_BORDER);
    in.off[0] = 16; /* x nibble 0, y nibble +1: row 1, outside */
    assert_int_equal(fetch(&x, &op, &in), SU_BORDER);
    /* Under clamp on y the row clamps back to 0: only x moves. */
    x.s.address[1] = WT_ADDRESS_CLAMP;
    in.off[0] = -1;
    assert_int_equal(fetch(&x, &op, &in), su_enc(0, 0, 3, 0, 0));
    su_free(&x);

    /* Linear: yB = −1.5 -> rows −2 and −1, all border. */
    su_init(&x, WT__F32, 1, 8, 1, 1, 1, 1);
    x.s.address[1] = WT_ADDRESS_BORDER;
    x.s.filter = WT_FILTER_LINEAR;
    in.off[0] = -2;
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_int_equal(su_w(&tp, SU_BORDER), 256);
    su_free(&x);

    /* A 1D layered texture has no quirk. */
    su_init(&x, WT__U32, 1, 8, 1, 1, 2, 1);
    x.t.layered = 1, x.t.num_layers = 2;
    x.s.address[1] = WT_ADDRESS_BORDER;
    op = su_op(WT_FAMILY_TEX, WT_GEOM_A1D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    in = su_in(0, 4.5f, 0, 0);
    in.c[0] = 1;
    in.off[0] = -1;
    assert_int_equal(fetch(&x, &op, &in), su_enc(0, 1, 3, 0, 0));
    su_free(&x);
}

/* [semantics#mip-levels]: the offset counts texels of the level read.  tex.level 1 on an
 * 8x8 / 4x4 texture: u = 0.5 -> x = 2 on level 1, +1 -> texel 3 of level 1. */
static void test_offset_level_texels(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 8, 8, 1, 1, 2);
    x.s.normalized = 1;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_F32);
    op.flags = WT_OP_OFFSET;
    op.mip = WT_MIP_LEVEL;
    wt__tex_lane_in in = su_in(0.5f, 0.25f, 0, 0);
    in.lod = su_fb(1.0f);
    in.off[0] = 1, in.off[1] = -1;
    assert_int_equal(fetch(&x, &op, &in), su_enc(1, 0, 3, 0, 0));
    in.lod = su_fb(0.0f); /* level 0: x = 4 + 1, y = 2 − 1 */
    assert_int_equal(fetch(&x, &op, &in), su_enc(0, 0, 5, 1, 0));
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layer_past_end),
        cmocka_unit_test(test_offset_wrap),
        cmocka_unit_test(test_1d_quirk),
        cmocka_unit_test(test_offset_level_texels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
