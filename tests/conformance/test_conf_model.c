/* test_conf_model.c -- the conformance model (tests/harness/conf_model.c) against docs/semantics.md's worked examples */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "conf_model.h"

/* The matrix tests trust conf_model.c; these pin it to the numbers that
 * docs/semantics.md states outright, computed here by hand. */

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_float_blend_example(void **state)
{
    (void)state;
    /* [semantics#float-blend]: 2.75390625 at weight 1 with 0.1f at weight 255 gives 0x3de207ff;
     * with exactly 2.75 the datapath gives 0x3de1ffff. */
    uint32_t v[2] = {fb(2.75390625f), fb(0.1f)};
    int w[2] = {1, 255}, g[2] = {0, 0};
    assert_int_equal(cm_float_blend(0, 2, v, w, g), 0x3de207ffu);
    v[0] = fb(2.75f);
    assert_int_equal(cm_float_blend(0, 2, v, w, g), 0x3de1ffffu);
    /* all contributors -0 -> -0; a NaN contributor -> 0x7fffffff; weight 0 reads nothing */
    uint32_t z[2] = {0x80000000u, 0x80000001u}; /* -0 and a negative subnormal (reads as -0) */
    int w2[2] = {100, 156};
    assert_int_equal(cm_float_blend(0, 2, z, w2, g), 0x80000000u);
    uint32_t n[2] = {fb(1.0f), 0x7f800123u};
    assert_int_equal(cm_float_blend(0, 2, n, w2, g), 0x7fffffffu);
    int w3[2] = {256, 0};
    assert_int_equal(cm_float_blend(0, 2, n, w3, g), fb(1.0f));
    /* half: NaN canonical 0x7fff widened */
    uint32_t h[2] = {0x3c00u, 0x7e00u};
    assert_int_equal(cm_float_blend(1, 2, h, w2, g), 0x7fffe000u);
    /* half 1.0 and 2.0 half and half: 1.5 exactly */
    uint32_t h2[2] = {0x3c00u, 0x4000u};
    int w4[2] = {128, 128};
    assert_int_equal(cm_float_blend(1, 2, h2, w4, g), fb(1.5f));
}

static void test_border_codes(void **state)
{
    (void)state;
    /* [semantics#border-color]: 0.5 on UNORM8 gives 127, not 128; 1.0 gives 255; NaN 0 */
    assert_int_equal(cm_border_norm_code(0.5f, 8, 0), 127);
    assert_int_equal(cm_border_norm_code(1.0f, 8, 0), 255);
    assert_int_equal(cm_border_norm_code(2.0f, 8, 0), 255);
    assert_int_equal(cm_border_norm_code(-1.0f, 8, 0), 0);
    assert_int_equal(cm_border_norm_code(NAN, 8, 0), 0);
    assert_int_equal(cm_border_norm_code(-1.0f, 7, 1), -127);
    /* UNORM16 0.5: V = 2^19, (2^19*65535 + 2^19 - 1) >> 20 = 32767 */
    assert_int_equal(cm_border_norm_code(0.5f, 16, 0), 32767);
    /* half: toward zero, 65520 -> 65504, sNaN keeps payload / gets the quiet bit */
    assert_int_equal(cm_f32_to_f16_rtz(fb(65520.0f)), 0x7bffu);
    assert_int_equal(cm_f32_to_f16_rtz(fb(-1e30f)), 0xfbffu);
    assert_int_equal(cm_f32_to_f16_rtz(0x7f800001u), 0x7e00u);
    assert_int_equal(cm_f32_to_f16_rtz(0x7fc02000u), 0x7e01u);
    assert_int_equal(cm_f32_to_f16_rtz(fb(INFINITY)), 0x7c00u);
    assert_int_equal(cm_f32_to_f16_rtz(fb(1.0f)), 0x3c00u);
    assert_int_equal(cm_f32_to_f16_rtz(fb(0.1f)), 0x2e66u); /* 0.1 rounds to 0x2e66 either way */
    assert_int_equal(cm_f32_to_f16_rtz(fb(6e-5f)), 0x03eeu); /* 6e-5 / 2^-24 = 1006.6 */
    /* [semantics#point-conversion]: half NaN widens bit for bit */
    assert_int_equal(cm_f16_to_f32(0x7c01u), 0x7f802000u);
    assert_int_equal(cm_f16_to_f32(0x0001u), 0x33800000u);
}

static void test_fetch_examples(void **state)
{
    (void)state;
    uint8_t tx[32];
    for (int i = 0; i < 32; i++)
        tx[i] = (uint8_t)(i * 7);
    cm_texture t;
    memset(&t, 0, sizeof t);
    t.geom = WT_GEOM_1D;
    t.w = 25;
    t.h = t.d = t.layers = 1;
    t.nch = 1;
    t.bits = 8;
    t.kind = WT_CHANNEL_UNSIGNED;
    t.read_mode = WT_READ_ELEMENT_TYPE;
    t.addr[0] = t.addr[1] = t.addr[2] = WT_ADDRESS_CLAMP;
    t.normalized = 1;
    t.texels = tx;
    uint32_t out[4];
    /* [semantics#normalized-coords]: 0.04f on 25 texels reads texel 0; texel 1 from ceil(2^21/25)/2^21 */
    float c[3] = {0.04f, 0, 0};
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], 0u);
    c[0] = 83887.0f / 2097152.0f;
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], 7u);
    c[0] = nextafterf(c[0], 0.0f);
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], 0u);
    assert_int_equal(out[1] | out[2] | out[3], 0u);
    /* [semantics#address-per-texel]: mirror, x = 1.25 normalised on N = 4 reads texel 2 */
    t.w = 4;
    t.addr[0] = WT_ADDRESS_MIRROR;
    c[0] = 1.25f;
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], 14u);
    /* [semantics#linear-filtering]: x = 2.49805 (unnormalised, linear) shifts the footprint to texels 2, 3 with weight 0 on 3 */
    t.geom = WT_GEOM_A1D;
    t.w = 8;
    t.read_mode = WT_READ_NORMALIZED_FLOAT;
    t.filter = WT_FILTER_LINEAR;
    t.normalized = 0;
    c[0] = 2.49805f;
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], fb((float)(14 * 257) / 65535.0f));
    /* [semantics#1d-as-2d]: a 1D texture under border on y takes half its weight from the border row */
    t.geom = WT_GEOM_1D;
    t.addr[0] = WT_ADDRESS_CLAMP;
    t.addr[1] = WT_ADDRESS_BORDER;
    c[0] = 1.5f; /* centre of texel 1 = 7 */
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], fb((float)((128 * 7 * 257 + 128) >> 8) / 65535.0f));
    t.addr[1] = WT_ADDRESS_CLAMP;
    cm_fetch_float(&t, 0, c, out);
    assert_int_equal(out[0], fb(7.0f * 257.0f / 65535.0f));
}

static void test_3d_split(void **state)
{
    (void)state;
    /* [semantics#integer-weights] 3D: a = b = 64, c = 128: z0 = z1 = 128, x1 = 32, x0 = 96,
     * x1y1 = rhu(32*64/256) = 8, x1y0 = 24, x0y0 = rhu(96*192/256) = 72, x0y1 = 24. */
    uint16_t tx[8];
    cm_texture t;
    memset(&t, 0, sizeof t);
    t.geom = WT_GEOM_3D;
    t.w = t.h = t.d = 2;
    t.layers = 1;
    t.nch = 1;
    t.bits = 16;
    t.kind = WT_CHANNEL_UNSIGNED;
    t.read_mode = WT_READ_NORMALIZED_FLOAT;
    t.filter = WT_FILTER_LINEAR;
    t.addr[0] = t.addr[1] = t.addr[2] = WT_ADDRESS_CLAMP;
    t.texels = tx;
    const int want_w[8] = {72, 24, 24, 8, 72, 24, 24, 8}; /* index x + 2y + 4z */
    for (int k = 0; k < 8; k++) {
        memset(tx, 0, sizeof tx);
        tx[k] = 65535;
        float c[3] = {0.75f, 0.75f, 1.0f};
        uint32_t out[4];
        cm_fetch_float(&t, 0, c, out);
        int K = (want_w[k] * 65535 + 128) >> 8;
        assert_int_equal(out[0], fb((float)K / 65535.0f));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_float_blend_example),
        cmocka_unit_test(test_border_codes),
        cmocka_unit_test(test_fetch_examples),
        cmocka_unit_test(test_3d_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
