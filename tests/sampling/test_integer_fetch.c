/* test_integer_fetch.c -- .s32 coordinates: direct texels, 0 outside, offsets, integer LOD, multisample ([semantics#integer-coords], [semantics#decision-int-coords-mipmaps], [semantics#decision-int-coord-offset], [semantics#multisample])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "sampling_util.h"

static void fetch(su_tex *x, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4])
{
    d[0] = d[1] = d[2] = d[3] = 0xdeadbeefu;
    wt__tex_sample_scalar(&x->ctx, op, in, d);
}

static void assert_zero(const uint32_t d[4])
{
    for (int k = 0; k < 4; k++)
        assert_int_equal(d[k], 0);
}

/* [semantics#integer-coords]: the texel named directly; outside the extent 0 in every channel
 * whatever the mode and border colour. */
static void test_direct_and_outside(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 1, 1);
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_S32);
    uint32_t d[4];
    for (int m = 0; m < 4; m++) {
        x.s.address[0] = x.s.address[1] = (uint8_t)m; /* wrap, clamp, mirror, border */
        x.s.normalized = (uint8_t)(m & 1);
        wt__tex_lane_in in = su_in_i(2, 3, 0, 0);
        fetch(&x, &op, &in, d);
        assert_int_equal(d[0], su_enc(0, 0, 2, 3, 0));
        assert_int_equal(d[1], 0); /* one-channel format: missing channels 0 */
        static const int32_t out[][2] = {{-1, 0}, {4, 0}, {0, 4}, {0, -1}, {INT32_MIN, 0}, {INT32_MAX, 2}};
        for (size_t k = 0; k < sizeof out / sizeof out[0]; k++) {
            in = su_in_i(out[k][0], out[k][1], 0, 0);
            fetch(&x, &op, &in, d);
            assert_zero(d);
        }
    }
    su_free(&x);

    /* A texture set up for linear filtering is point-sampled. */
    su_init(&x, WT__F32, 2, 4, 4, 1, 1, 1);
    x.s.filter = WT_FILTER_LINEAR;
    wt__tex_lane_in in = su_in_i(1, 2, 0, 0);
    wt__taps tp;
    su_taps(&x, &op, &in, &tp);
    assert_false(tp.filtered);
    assert_int_equal(tp.n, 1);
    assert_int_equal(su_w(&tp, su_enc(0, 0, 1, 2, 0)), 256);
    su_free(&x);

    /* 3D and 1D. */
    su_init(&x, WT__U32, 3, 4, 4, 4, 1, 1);
    op = su_op(WT_FAMILY_TEX, WT_GEOM_3D, WT_CTYPE_S32);
    in = su_in_i(1, 2, 3, 0);
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 1, 2, 3));
    in = su_in_i(1, 2, 4, 0);
    fetch(&x, &op, &in, d);
    assert_zero(d);
    su_free(&x);
    su_init(&x, WT__U32, 1, 8, 1, 1, 1, 1);
    op = su_op(WT_FAMILY_TEX, WT_GEOM_1D, WT_CTYPE_S32);
    in = su_in_i(7, 0, 0, 0);
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 7, 0, 0));
    in = su_in_i(8, 0, 0, 0);
    fetch(&x, &op, &in, d);
    assert_zero(d);
    su_free(&x);
}

/* [semantics#decision-int-coord-offset]: offsets wrap into 4 bits, then add; [semantics#decision-1d-offset-quirk]: no y nibble for integers. */
static void test_offsets(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 1, 1);
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_S32);
    op.flags = WT_OP_OFFSET;
    uint32_t d[4];
    wt__tex_lane_in in = su_in_i(2, 1, 0, 0);
    in.off[0] = 1, in.off[1] = -1;
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 3, 0, 0));
    in.off[0] = 8, in.off[1] = 0; /* 8 -> −8: x = −6, outside */
    fetch(&x, &op, &in, d);
    assert_zero(d);
    in.off[0] = 17, in.off[1] = -16; /* 17 -> 1, −16 -> 0 */
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 3, 1, 0));
    su_free(&x);

    su_init(&x, WT__U32, 1, 8, 1, 1, 1, 1);
    x.s.address[1] = WT_ADDRESS_BORDER;
    op = su_op(WT_FAMILY_TEX, WT_GEOM_1D, WT_CTYPE_S32);
    op.flags = WT_OP_OFFSET;
    in = su_in_i(3, 0, 0, 0);
    in.off[0] = -1; /* x alone: texel 2 (a float fetch would land on row −1) */
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 2, 0, 0));
    su_free(&x);
}

/* [semantics#decision-int-coords-mipmaps]: with mipmaps, the integer LOD picks the level, clamped to the levels
 * there are; tex.base reads level 0. */
static void test_integer_lod(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 8, 8, 1, 1, 3);
    x.s.normalized = 1;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2D, WT_CTYPE_S32);
    uint32_t d[4];
    wt__tex_lane_in in = su_in_i(1, 1, 0, 0);
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 1, 1, 0));
    op.mip = WT_MIP_LEVEL;
    in.lod = 1;
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(1, 0, 1, 1, 0));
    in.lod = 7; /* -> level 2 (2x2) */
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(2, 0, 1, 1, 0));
    in.lod = (uint32_t)-2; /* -> level 0 */
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 0, 1, 1, 0));
    in = su_in_i(3, 0, 0, 0); /* outside level 2 (2 wide) -> 0 */
    in.lod = 2;
    fetch(&x, &op, &in, d);
    assert_zero(d);
    in.lod = 1; /* inside level 1 (4 wide) */
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(1, 0, 3, 0, 0));
    su_free(&x);
}

/* [semantics#multisample]: 2dms {sample, x, y}, a2dms {layer, sample, x, y}; slice =
 * layer·samples + sample; a sample past the end reads 0 (decision). */
static void test_multisample(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 4, 1);
    x.t.num_samples = 4;
    wt_op op = su_op(WT_FAMILY_TEX, WT_GEOM_2DMS, WT_CTYPE_S32);
    uint32_t d[4];
    wt__tex_lane_in in = su_in_i(2, 1, 3, 0);
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 2, 1, 3, 0));
    in = su_in_i(4, 1, 3, 0);
    fetch(&x, &op, &in, d);
    assert_zero(d);
    in = su_in_i(-1, 1, 3, 0);
    fetch(&x, &op, &in, d);
    assert_zero(d);
    su_free(&x);

    su_init(&x, WT__U32, 2, 4, 4, 1, 6, 1); /* 3 layers x 2 samples */
    x.t.num_samples = 2;
    x.t.layered = 1, x.t.num_layers = 3;
    op = su_op(WT_FAMILY_TEX, WT_GEOM_A2DMS, WT_CTYPE_S32);
    in = su_in_i(1, 1, 0, 2);
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 3, 0, 2, 0));
    in = su_in_i(9, 0, 3, 3); /* layer past the end -> the last layer (2) */
    fetch(&x, &op, &in, d);
    assert_int_equal(d[0], su_enc(0, 4, 3, 3, 0));
    in = su_in_i(0, 2, 0, 0);
    fetch(&x, &op, &in, d);
    assert_zero(d);
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_direct_and_outside),
        cmocka_unit_test(test_offsets),
        cmocka_unit_test(test_integer_lod),
        cmocka_unit_test(test_multisample),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
