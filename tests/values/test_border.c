/* test_border.c -- border colour conversion to one texel of the format ([semantics#border-color], [semantics#decision-f16-toward-zero])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>

#include "values_util.h"

static void conv(const wt__tex *t, float r, float g, float b, float a, uint8_t out[16])
{
    float c[4] = {r, g, b, a};
    memset(out, 0xee, 16);
    wt__border_to_texel(t, c, out);
}

/* Read the converted border back as a point fetch would (load + convert). */
static uint32_t read_back(const wt__tex *t, const uint8_t texel[16], int dtype, int k)
{
    wt__taps tp;
    vu_taps_init(&tp, 0);
    vu_tap(&tp, 0, 256, 0);
    wt__texel_load(&t->fmt, texel, tp.t[0].raw);
    return vu_resolve(t, dtype, &tp, k);
}

/* [semantics#border-color] model for an m-magnitude-bit channel, in long double. */
static long norm_model(float x, int m, int sgn)
{
    long double v = isnan(x) ? 0.0L : x;
    long double lo = sgn ? -1.0L : 0.0L;
    v = v < lo ? lo : v > 1.0L ? 1.0L : v;
    long double t = truncl(v * powl(2.0L, m + 4)); /* m+4 fractional bits, toward zero */
    long double mag = floorl((fabsl(t) * (powl(2.0L, m) - 1) + powl(2.0L, m + 3) - 1) / powl(2.0L, m + 4));
    return (long)(t < 0 ? -mag : mag);
}

static float fbits(uint32_t u)
{
    return vu_float(u);
}

static void unorm(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 0);
    uint8_t o[16];
    /* 0.5 on UNORM8 gives 127, not 128, and reads back 127/255. */
    conv(&t, 0.5f, 1.0f, 0.0f, -1.0f, o);
    assert_int_equal(o[0], 127);
    assert_int_equal(o[1], 255);
    assert_int_equal(o[2], 0);
    assert_int_equal(o[3], 0);
    for (int i = 4; i < 16; i++)
        assert_int_equal(o[i], 0);
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 0), vu_bits((float)(127.0L / 255.0L)));
    /* NaN -> 0; beyond 1 clamps. */
    conv(&t, fbits(0x7fc00000u), 7.0f, INFINITY, -INFINITY, o);
    assert_int_equal(o[0], 0);
    assert_int_equal(o[1], 255);
    assert_int_equal(o[2], 255);
    assert_int_equal(o[3], 0);
    /* By hand: 0.75 -> v = 3072/4096: (3072*255 + 2047) >> 12 = 191. */
    conv(&t, 0.75f, 0.0f, 0.0f, 0.0f, o);
    assert_int_equal(o[0], 191);
    /* UNORM16, 0.5: v = 2^19 / 2^20: (2^19*65535 + 2^19 - 1) >> 20 = 32767. */
    wt__tex t16 = vu_tex(WT__U16, 2, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 0);
    conv(&t16, 0.5f, 1.0f, 0.5f, 0.5f, o);
    assert_int_equal(o[0] | o[1] << 8, 32767);
    assert_int_equal(o[2] | o[3] << 8, 65535);
    for (int i = 4; i < 16; i++)
        assert_int_equal(o[i], 0);
    /* Sweep against the model. */
    for (int i = 0; i <= 4096; i++) {
        float x = (float)i / 4096.0f + (i & 1 ? 1e-5f : 0.0f);
        conv(&t, x, x, x, x, o);
        assert_int_equal(o[0], norm_model(x, 8, 0));
        conv(&t16, x, x, x, x, o);
        assert_int_equal(o[0] | o[1] << 8, norm_model(x, 16, 0));
    }
}

static void snorm(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__S8, 4, WT_CHANNEL_SIGNED, 1, 0);
    uint8_t o[16];
    /* m = 7.  0.5 -> v = 1024/2048: (1024*127 + 1023) >> 11 = 63;
     * -1 -> -127 (0x81); -2 clamps to -1; NaN -> 0. */
    conv(&t, 0.5f, -1.0f, -2.0f, fbits(0xffc00000u), o);
    assert_int_equal(o[0], 63);
    assert_int_equal(o[1], 0x81);
    assert_int_equal(o[2], 0x81);
    assert_int_equal(o[3], 0);
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 1), vu_bits(-1.0f));
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 0), vu_bits((float)(63.0L / 127.0L)));
    wt__tex t16 = vu_tex(WT__S16, 1, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    for (int i = -4096; i <= 4096; i++) {
        float x = (float)i / 4096.0f - (i & 1 ? 3e-6f : 0.0f);
        conv(&t, x, 0, 0, 0, o);
        assert_int_equal((int8_t)o[0], norm_model(x, 7, 1));
        conv(&t16, x, 0, 0, 0, o);
        assert_int_equal((int16_t)(o[0] | o[1] << 8), norm_model(x, 15, 1));
        assert_int_equal(o[2], 0);
    }
}

static void half(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__F16, 4, WT_CHANNEL_FLOAT, 0, 0);
    uint8_t o[16];
#define H(k) ((uint32_t)(o[2 * (k)] | o[2 * (k) + 1] << 8))
    /* Toward zero: 65520 -> 65504; finite beyond range -> +-65504; infinities stay. */
    conv(&t, 65520.0f, -1e9f, INFINITY, -INFINITY, o);
    assert_int_equal(H(0), 0x7bffu);
    assert_int_equal(H(1), 0xfbffu);
    assert_int_equal(H(2), 0x7c00u);
    assert_int_equal(H(3), 0xfc00u);
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 0), vu_bits(65504.0f));
    /* 0.1f -> 0x2e66 (0x2e67 is above 0.1f); 1 + 2^-11 + 2^-20 -> 0x3c00;
     * -(1 + 2^-10 - 2^-20) -> 0xbc00; 2^-25 -> 0 (under the smallest half). */
    conv(&t, 0.1f, 1.0f + 0x1p-11f + 0x1p-20f, -(1.0f + 0x1p-10f - 0x1p-20f), 0x1p-25f, o);
    assert_int_equal(H(0), 0x2e66u);
    assert_int_equal(H(1), 0x3c00u);
    assert_int_equal(H(2), 0xbc00u);
    assert_int_equal(H(3), 0x0000u);
    /* Subnormal halves truncate: 3.9 * 2^-24 -> 3 * 2^-24. */
    conv(&t, 3.9f * 0x1p-24f, -3.9f * 0x1p-24f, -0.0f, 1.0f, o);
    assert_int_equal(H(0), 0x0003u);
    assert_int_equal(H(1), 0x8003u);
    assert_int_equal(H(2), 0x8000u);
    assert_int_equal(H(3), 0x3c00u);
    /* [semantics#decision-f16-toward-zero]: NaNs keep the top 10 payload bits; quiet when those are 0. */
    conv(&t, fbits(0x7f800001u), fbits(0x7fa00000u), fbits(0xffc00000u), fbits(0x7fffffffu), o);
    assert_int_equal(H(0), 0x7e00u);
    assert_int_equal(H(1), 0x7d00u);
    assert_int_equal(H(2), 0xfe00u);
    assert_int_equal(H(3), 0x7fffu);
#undef H
}

static void float32(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__F32, 2, WT_CHANNEL_FLOAT, 0, 0);
    uint8_t o[16];
    conv(&t, fbits(0x7fa00001u), fbits(0x00000003u), 1.0f, 1.0f, o);
    assert_int_equal(o[0] | o[1] << 8 | o[2] << 16 | (uint32_t)o[3] << 24, 0x7fa00001u);
    assert_int_equal(o[4] | o[5] << 8 | o[6] << 16 | (uint32_t)o[7] << 24, 0x00000003u);
    for (int i = 8; i < 16; i++)
        assert_int_equal(o[i], 0);
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 0), 0x7fa00001u);
}

static void integer(void **state)
{
    (void)state;
    uint8_t o[16];
    /* 1e30 = 0x7149f2ca: u8 reads 0xca, s8 0xffffffca. */
    assert_int_equal(vu_bits(1e30f), 0x7149f2cau);
    wt__tex u8 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 0, 0);
    conv(&u8, 1e30f, 1e30f, 1e30f, 1e30f, o);
    assert_int_equal(o[0], 0xca);
    for (int i = 1; i < 16; i++)
        assert_int_equal(o[i], 0);
    assert_int_equal(read_back(&u8, o, WT_DTYPE_U32, 0), 0xcau);
    wt__tex s8 = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED, 0, 0);
    conv(&s8, 1e30f, 0, 0, 0, o);
    assert_int_equal(read_back(&s8, o, WT_DTYPE_S32, 0), 0xffffffcau);
    wt__tex u16 = vu_tex(WT__U16, 2, WT_CHANNEL_UNSIGNED, 0, 0);
    conv(&u16, 1e30f, 1.0f, 0, 0, o);
    assert_int_equal(read_back(&u16, o, WT_DTYPE_U32, 0), 0xf2cau);
    assert_int_equal(read_back(&u16, o, WT_DTYPE_U32, 1), 0x0000u); /* 1.0f = 0x3f800000 */
    wt__tex s32 = vu_tex(WT__S32, 4, WT_CHANNEL_SIGNED, 0, 0);
    conv(&s32, 1e30f, -1.0f, fbits(5u), 0, o);
    assert_int_equal(read_back(&s32, o, WT_DTYPE_S32, 0), 0x7149f2cau);
    assert_int_equal(read_back(&s32, o, WT_DTYPE_S32, 1), 0xbf800000u);
    assert_int_equal(read_back(&s32, o, WT_DTYPE_S32, 2), 5u);
}

/* IEC 61966-2-1 encode, then floor(e*255 + 0.50108) ([semantics#border-color]). */
static int srgb_model(float x)
{
    double c = isnan(x) ? 0.0 : x < 0 ? 0.0 : x > 1 ? 1.0 : x;
    double e = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
    return (int)floor(e * 255.0 + 0.50108);
}

static void srgb(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 1);
    uint8_t o[16];
    /* 0.5: e = 1.055 * 0.5^(1/2.4) - 0.055 = 0.73536, *255 = 187.516 -> 188;
     * alpha is not sRGB: 0.5 -> 127.  2.0 clamps to 255, -1 to 0. */
    conv(&t, 0.5f, 2.0f, -1.0f, 0.5f, o);
    assert_int_equal(o[0], 188);
    assert_int_equal(o[1], 255);
    assert_int_equal(o[2], 0);
    assert_int_equal(o[3], 127);
    /* Decoded through the table like a texel: 33024/65536. */
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 0), vu_bits(33024.0f / 65536.0f));
    assert_int_equal(read_back(&t, o, WT_DTYPE_F32, 3), vu_bits((float)(127.0L / 255.0L)));
    /* Rounding early: e*255 = 100.4995 is already code 101 (floor(x+0.5) would say 100). */
    double e = 100.4995 / 255.0;
    float x = (float)pow((e + 0.055) / 1.055, 2.4);
    conv(&t, x, 0, 0, 0, o);
    assert_int_equal(o[0], 101);
    /* The threshold is a fraction of 1 - 0.50108 = 0.49892: 100.49895 rounds
     * up, 100.4985 does not (the f32 rounding of x moves e*255 by < 1e-5). */
    e = 100.49895 / 255.0;
    x = (float)pow((e + 0.055) / 1.055, 2.4);
    conv(&t, x, 0, 0, 0, o);
    assert_int_equal(o[0], 101);
    e = 100.4985 / 255.0;
    x = (float)pow((e + 0.055) / 1.055, 2.4);
    conv(&t, x, 0, 0, 0, o);
    assert_int_equal(o[0], 100);
    /* Two-channel: only x is sRGB. */
    wt__tex t2 = vu_tex(WT__U8, 2, WT_CHANNEL_UNSIGNED, 1, 1);
    conv(&t2, 0.5f, 0.5f, 0.5f, 0.5f, o);
    assert_int_equal(o[0], 188);
    assert_int_equal(o[1], 127);
    assert_int_equal(o[2], 0);
    for (int i = 0; i <= 1000; i++) {
        float v = (float)i / 1000.0f;
        conv(&t, v, v, v, v, o);
        assert_int_equal(o[0], srgb_model(v));
        assert_int_equal(o[2], srgb_model(v));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unorm),   cmocka_unit_test(snorm),   cmocka_unit_test(half),
        cmocka_unit_test(float32), cmocka_unit_test(integer), cmocka_unit_test(srgb),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
