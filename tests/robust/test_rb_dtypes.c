/* test_rb_dtypes.c -- tex destination types, the depth-compare operand, the residency predicate, 2dms/a2dms
 * SPDX-License-Identifier: MIT
 *
 * Through wt_tex_warp only; expected values by hand from [semantics#dest-types],
 * [semantics#depth-compare-residency], [semantics#multisample] and [semantics#decision-dest-mismatch], [semantics#decision-f16-nan-result], [semantics#decision-nan-to-int] (and the .f16 packing of
 * op.h: one half per register in the low 16 bits; .f16x2 component 0 low). */
#include <math.h>

#include "rb_util.h"

static wt_status fetch_point(wt_tex t, wt_dtype dt, uint32_t d[4])
{
    wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, dt);
    rb_lane l;
    memset(&l, 0, sizeof l);
    l.c[0] = rb_fb(0.5f);
    l.c[1] = rb_fb(0.5f);
    return rb_tex1(&op, t, 0, &l, d);
}

/* One RGBA f32 texel (1.5, -2.75, 70000, NaN) into every destination type. */
static void float_texel_every_dtype(void **state)
{
    (void)state;
    const uint32_t nan_payload = 0x7fc01234u;
    uint32_t px[4] = {rb_fb(1.5f), rb_fb(-2.75f), rb_fb(70000.0f), nan_payload};
    wt_array a = rb_array(rb_cd(4, 32, WT_CHANNEL_FLOAT), 1, 1, 0, 0, px);
    wt_texture_desc td = rb_desc0();
    wt_tex t = rb_tex(a, &td);
    uint32_t d[4];
    /* .f32: the bits as stored ([semantics#point-conversion]), NaN payload kept */
    assert_int_equal(fetch_point(t, WT_DTYPE_F32, d), WT_SUCCESS);
    assert_memory_equal(d, px, sizeof px);
    /* .s32: round toward zero with saturation, NaN -> 0 ([semantics#decision-dest-mismatch], [semantics#decision-nan-to-int]) */
    assert_int_equal(fetch_point(t, WT_DTYPE_S32, d), WT_SUCCESS);
    assert_int_equal(d[0], 1);
    assert_int_equal(d[1], (uint32_t)-2);
    assert_int_equal(d[2], 70000);
    assert_int_equal(d[3], 0);
    /* .u32: negatives saturate to 0 */
    assert_int_equal(fetch_point(t, WT_DTYPE_U32, d), WT_SUCCESS);
    assert_int_equal(d[0], 1);
    assert_int_equal(d[1], 0);
    assert_int_equal(d[2], 70000);
    assert_int_equal(d[3], 0);
    /* .f16: to nearest ([semantics#dest-types]): 1.5 = 0x3e00, -2.75 = 0xc180, 70000 is past
     * the largest half (65504) and past the rounding midpoint 65520 -> +inf;
     * a NaN is the canonical 0x7fff ([semantics#decision-f16-nan-result]).  Low 16 bits, high bits 0. */
    assert_int_equal(fetch_point(t, WT_DTYPE_F16, d), WT_SUCCESS);
    assert_int_equal(d[0], 0x3e00);
    assert_int_equal(d[1], 0xc180);
    assert_int_equal(d[2], 0x7c00);
    assert_int_equal(d[3], 0x7fff);
    /* .v2.f16x2: d[0] = {r, g}, d[1] = {b, a}, component 0 in the low half */
    assert_int_equal(fetch_point(t, WT_DTYPE_F16X2, d), WT_SUCCESS);
    assert_int_equal(d[0], 0xc1803e00u);
    assert_int_equal(d[1], 0x7fff7c00u);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* Integer element-type texels: .s32/.u32 take the integer's bits; .f32
 * converts numerically ([semantics#decision-dest-mismatch]); .f16 rounds that f32 to nearest ([semantics#dest-types]). */
static void integer_texel_every_dtype(void **state)
{
    (void)state;
    int16_t px[2] = {-5, 2049};
    wt_array a = rb_array(rb_cd(2, 16, WT_CHANNEL_SIGNED), 1, 1, 0, 0, px);
    wt_texture_desc td = rb_desc0();
    wt_tex t = rb_tex(a, &td);
    uint32_t d[4];
    assert_int_equal(fetch_point(t, WT_DTYPE_S32, d), WT_SUCCESS);
    assert_int_equal(d[0], (uint32_t)-5);
    assert_int_equal(d[1], 2049);
    assert_int_equal(d[2], 0); /* [semantics#point-conversion]: missing channels read 0, w too */
    assert_int_equal(d[3], 0);
    assert_int_equal(fetch_point(t, WT_DTYPE_U32, d), WT_SUCCESS);
    assert_int_equal(d[0], 0xfffffffbu);
    assert_int_equal(fetch_point(t, WT_DTYPE_F32, d), WT_SUCCESS);
    assert_int_equal(d[0], rb_fb(-5.0f));
    assert_int_equal(d[1], rb_fb(2049.0f));
    assert_int_equal(d[3], 0);
    /* -5 = 0xc500; 2049 lies halfway between halves 2048 and 2050: even -> 2048 = 0x6800 */
    assert_int_equal(fetch_point(t, WT_DTYPE_F16, d), WT_SUCCESS);
    assert_int_equal(d[0], 0xc500);
    assert_int_equal(d[1], 0x6800);
    assert_int_equal(fetch_point(t, WT_DTYPE_F16X2, d), WT_SUCCESS);
    assert_int_equal(d[0], 0x6800c500u);
    assert_int_equal(d[1], 0);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* a u32 texel of 0xffffffff into .f32: 2^32 (nearest even) */
    uint32_t big = 0xffffffffu;
    a = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 1, 1, 0, 0, &big);
    t = rb_tex(a, &td);
    assert_int_equal(fetch_point(t, WT_DTYPE_F32, d), WT_SUCCESS);
    assert_int_equal(d[0], rb_fb(4294967296.0f));
    assert_int_equal(fetch_point(t, WT_DTYPE_S32, d), WT_SUCCESS);
    assert_int_equal(d[0], 0xffffffffu);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#depth-compare-residency]: the depth-compare operand is read and ignored: the plain fetch comes
 * back, point and linear, tex and tld4.  The residency predicate has a bit
 * for every active lane (always resident) and inactive lanes stay untouched. */
static void depth_compare_and_predicate(void **state)
{
    (void)state;
    float px[4] = {1.0f, 2.0f, 3.0f, 5.0f}; /* 2x2: (0,0)=1 (1,0)=2 (0,1)=3 (1,1)=5 */
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 2, 2, 0, 0, px);
    wt_texture_desc td = rb_desc0();
    td.filter_mode = WT_FILTER_LINEAR;
    wt_tex t = rb_tex(a, &td);
    static wt_tex_args in;
    static wt_tex_result out;
    memset(&in, 0, sizeof in);
    const float depths[] = {0.0f, 0.5f, 1.0f, -1.0f, 1e30f, (float)NAN};
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        in.c[0][l] = rb_fb(1.0f); /* xB = 0.5: texels 0 and 1 half each */
        in.c[1][l] = rb_fb(1.0f); /* yB = 0.5 */
        in.depth[l] = depths[l % 6];
    }
    const uint32_t active = 0x8000f0f1u;
    for (int fam = 0; fam < 2; fam++) {
        for (int depth = 0; depth < 2; depth++) {
            wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
            op.family = (uint8_t)(fam ? WT_FAMILY_TLD4 : WT_FAMILY_TEX);
            op.comp = 0;
            op.flags = (uint8_t)(WT_OP_PRED | (depth ? WT_OP_DEPTH_COMPARE : 0));
            memset(&out, 0xa5, sizeof out);
            assert_int_equal(wt_tex_warp(&op, t, 0, active, &in, &out), WT_SUCCESS);
            assert_int_equal(out.pred, active);
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                if (!(active >> l & 1)) {
                    for (int k = 0; k < 4; k++)
                        assert_int_equal(out.d[k][l], 0xa5a5a5a5u);
                    continue;
                }
                if (fam == 0) {
                    /* (1 + 2 + 3 + 5) / 4 = 2.75, exact */
                    assert_int_equal(out.d[0][l], rb_fb(2.75f));
                    assert_int_equal(out.d[1][l], 0);
                } else {
                    /* [semantics#tld4] order {T(i,j+1), T(i+1,j+1), T(i+1,j), T(i,j)} */
                    assert_int_equal(out.d[0][l], rb_fb(3.0f));
                    assert_int_equal(out.d[1][l], rb_fb(5.0f));
                    assert_int_equal(out.d[2][l], rb_fb(2.0f));
                    assert_int_equal(out.d[3][l], rb_fb(1.0f));
                }
            }
        }
    }
    /* point: texel (1, 1) whatever the depth */
    wt_texture_desc tp = rb_desc0();
    wt_tex tpt = rb_tex(a, &tp);
    wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    op.flags = WT_OP_DEPTH_COMPARE | WT_OP_PRED;
    for (int l = 0; l < WT_WARP_SIZE; l++)
        in.c[0][l] = in.c[1][l] = rb_fb(1.5f);
    assert_int_equal(wt_tex_warp(&op, tpt, 0, 0xffffffffu, &in, &out), WT_SUCCESS);
    assert_int_equal(out.pred, 0xffffffffu);
    for (int l = 0; l < WT_WARP_SIZE; l++)
        assert_int_equal(out.d[0][l], rb_fb(5.0f));
    assert_int_equal(wt_destroy_texture_object(tpt), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#multisample] through the API: 2dms {sample, x, y} and a2dms {layer, sample, x, y};
 * samples of (x, y, layer) are slice layer*samples + s (resource.h).  A
 * sample index past the end reads 0 (decision in tex_scalar.c, as a
 * coordinate outside); a layer past the end reads the last layer ([semantics#layers]). */
static void multisample_through_api(void **state)
{
    (void)state;
    wt_channel_desc cd = rb_cd(1, 32, WT_CHANNEL_UNSIGNED);
    wt_array a = NULL;
    assert_int_equal(wt_malloc_multisample_array(&a, &cd, 3, 2, 0, 4, 0), WT_SUCCESS);
    uint32_t v[4][2][3];
    for (uint32_t s = 0; s < 4; s++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++)
                v[s][y][x] = 1000 * s + 10 * y + x + 1;
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, v, 12, 3, 2, 4), WT_SUCCESS);
    wt_texture_desc td = rb_desc0();
    wt_tex t = rb_tex(a, &td);
    wt_op op = rb_texop(WT_GEOM_2DMS, WT_CTYPE_S32, WT_DTYPE_U32);
    op.flags = WT_OP_PRED;
    static const struct { uint32_t s; int32_t x, y; uint32_t want; } ms[] = {
        {0, 0, 0, 1}, {3, 2, 1, 3013}, {2, 1, 0, 2002}, {1, 2, 1, 1013},
        {4, 0, 0, 0}, {0xffffffffu, 1, 1, 0}, {0x80000000u, 0, 0, 0}, /* sample past the end */
        {1, 3, 0, 0}, {1, -1, 0, 0}, {1, 0, 2, 0}, {1, INT32_MIN, INT32_MAX, 0}, /* outside */
    };
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        rb_lane l;
        memset(&l, 0, sizeof l);
        l.c[0] = ms[i].s;
        l.c[1] = (uint32_t)ms[i].x;
        l.c[2] = (uint32_t)ms[i].y;
        uint32_t d[4];
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        if (d[0] != ms[i].want)
            fail_msg("2dms case %zu: got %u want %u", i, d[0], ms[i].want);
        assert_int_equal(d[1] | d[2] | d[3], 0);
    }
    /* .f32 coordinates, .level and a plain .2d are refused */
    rb_lane l;
    memset(&l, 0, sizeof l);
    uint32_t d[4];
    wt_op bad = op;
    bad.ctype = WT_CTYPE_F32;
    assert_int_equal(rb_tex1(&bad, t, 0, &l, d), WT_ERROR_INVALID_VALUE);
    assert_int_equal(d[0] | d[1] | d[2] | d[3], 0);
    bad = op;
    bad.mip = WT_MIP_LEVEL;
    assert_int_equal(rb_tex1(&bad, t, 0, &l, d), WT_ERROR_INVALID_VALUE);
    bad = op;
    bad.geom = WT_GEOM_2D;
    assert_int_equal(rb_tex1(&bad, t, 0, &l, d), WT_ERROR_INVALID_TEXTURE);
    bad = op;
    bad.geom = WT_GEOM_A2DMS;
    assert_int_equal(rb_tex1(&bad, t, 0, &l, d), WT_ERROR_INVALID_TEXTURE);
    wt_op q = {.family = WT_FAMILY_TXQ, .query = WT_Q_NUM_SAMPLES};
    int32_t qv = -1;
    assert_int_equal(wt_query(&q, t, 0, &qv), WT_SUCCESS);
    assert_int_equal(qv, 4);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* a2dms: 3 layers x 2 samples of 2 x 1 texels */
    assert_int_equal(wt_malloc_multisample_array(&a, &cd, 2, 1, 3, 2, 0), WT_SUCCESS);
    uint32_t w[3][2][2];
    for (uint32_t ly = 0; ly < 3; ly++)
        for (uint32_t s = 0; s < 2; s++)
            for (uint32_t x = 0; x < 2; x++)
                w[ly][s][x] = 100 * ly + 10 * s + x + 1;
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, w, 8, 2, 1, 6), WT_SUCCESS);
    t = rb_tex(a, &td);
    op.geom = WT_GEOM_A2DMS;
    static const struct { uint32_t layer, s; int32_t x; uint32_t want; } am[] = {
        {0, 0, 0, 1}, {1, 1, 1, 112}, {2, 0, 1, 202}, {3, 1, 0, 211}, {0xffffffffu, 0, 0, 201},
        {1, 2, 0, 0}, {1, 0xffffffffu, 0, 0}, {0, 0, 2, 0},
    };
    for (size_t i = 0; i < sizeof am / sizeof am[0]; i++) {
        memset(&l, 0, sizeof l);
        l.c[0] = am[i].layer;
        l.c[1] = am[i].s;
        l.c[2] = (uint32_t)am[i].x;
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        if (d[0] != am[i].want)
            fail_msg("a2dms case %zu: got %u want %u", i, d[0], am[i].want);
    }
    q.query = WT_Q_ARRAY_SIZE;
    assert_int_equal(wt_query(&q, t, 0, &qv), WT_SUCCESS);
    assert_int_equal(qv, 3);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(float_texel_every_dtype),
        cmocka_unit_test(integer_texel_every_dtype),
        cmocka_unit_test(depth_compare_and_predicate),
        cmocka_unit_test(multisample_through_api),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
