/* test_point_convert.c -- point values ([semantics#point-conversion]) and destination conversions ([semantics#dest-types], [semantics#decision-dest-mismatch])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>

#include "values_util.h"

static void normalised(void **state)
{
    (void)state;
    wt__tex u8 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    assert_int_equal(vu_point(&u8, WT_DTYPE_F32, 255, 0), vu_bits(1.0f));
    assert_int_equal(vu_point(&u8, WT_DTYPE_F32, 0, 0), 0u);
    assert_int_equal(vu_point(&u8, WT_DTYPE_F32, 127, 0), vu_bits((float)(127.0L / 255.0L)));
    assert_int_equal(vu_point(&u8, WT_DTYPE_F32, 128, 0), vu_bits((float)(128.0L / 255.0L)));
    wt__tex u16 = vu_tex(WT__U16, 1, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 0);
    assert_int_equal(vu_point(&u16, WT_DTYPE_F32, 65535, 0), vu_bits(1.0f));
    assert_int_equal(vu_point(&u16, WT_DTYPE_F32, 1000, 0), vu_bits((float)(1000.0L / 65535.0L)));
    /* SNORM: -128/127 -> -1.0 (the most negative code clamps), -127 -> -1.0. */
    wt__tex s8 = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    assert_int_equal(vu_point(&s8, WT_DTYPE_F32, (uint32_t)-128, 0), vu_bits(-1.0f));
    assert_int_equal(vu_point(&s8, WT_DTYPE_F32, (uint32_t)-127, 0), vu_bits(-1.0f));
    assert_int_equal(vu_point(&s8, WT_DTYPE_F32, 127, 0), vu_bits(1.0f));
    assert_int_equal(vu_point(&s8, WT_DTYPE_F32, 1, 0), vu_bits((float)(1.0L / 127.0L)));
    assert_int_equal(vu_point(&s8, WT_DTYPE_F32, (uint32_t)-64, 0), vu_bits((float)(-64.0L / 127.0L)));
    wt__tex s16 = vu_tex(WT__S16, 1, WT_CHANNEL_SIGNED, 1, 0);
    assert_int_equal(vu_point(&s16, WT_DTYPE_F32, (uint32_t)-32768, 0), vu_bits(-1.0f));
    assert_int_equal(vu_point(&s16, WT_DTYPE_F32, (uint32_t)-32767, 0), vu_bits(-1.0f));
    assert_int_equal(vu_point(&s16, WT_DTYPE_F32, 12345, 0), vu_bits((float)(12345.0L / 32767.0L)));
}

static void element_type(void **state)
{
    (void)state;
    /* Integers read as element type return the integer. */
    wt__tex u8 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 0, 0);
    assert_int_equal(vu_point(&u8, WT_DTYPE_U32, 200, 0), 200u);
    assert_int_equal(vu_point(&u8, WT_DTYPE_S32, 200, 0), 200u);
    wt__tex s8 = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED, 0, 0);
    assert_int_equal(vu_point(&s8, WT_DTYPE_S32, (uint32_t)-5, 0), 0xfffffffbu);
    assert_int_equal(vu_point(&s8, WT_DTYPE_U32, (uint32_t)-5, 0), 0xfffffffbu); /* the bits */
    /* [semantics#decision-dest-mismatch]: into .f32 numerically. */
    assert_int_equal(vu_point(&s8, WT_DTYPE_F32, (uint32_t)-5, 0), vu_bits(-5.0f));
    assert_int_equal(vu_point(&u8, WT_DTYPE_F32, 200, 0), vu_bits(200.0f));
    /* 32-bit integers are never promoted, whatever read_norm says. */
    wt__tex u32 = vu_tex(WT__U32, 1, WT_CHANNEL_UNSIGNED, 0, 0);
    assert_int_equal(vu_point(&u32, WT_DTYPE_U32, 0xffffffffu, 0), 0xffffffffu);
    assert_int_equal(vu_point(&u32, WT_DTYPE_F32, 0xffffffffu, 0), vu_bits(4294967296.0f));
    assert_int_equal(vu_point(&u32, WT_DTYPE_F32, 16777217u, 0), vu_bits(16777216.0f)); /* nearest even */
    wt__tex s32 = vu_tex(WT__S32, 1, WT_CHANNEL_SIGNED, 0, 0);
    assert_int_equal(vu_point(&s32, WT_DTYPE_F32, 0x80000000u, 0), vu_bits(-2147483648.0f));
    assert_int_equal(vu_point(&s32, WT_DTYPE_S32, 0x80000000u, 0), 0x80000000u);
    /* .f16 of an integer: the f32 value rounded to half. */
    assert_int_equal(vu_point(&u8, WT_DTYPE_F16, 200, 0), 0x5a40u);
    wt__tex u16 = vu_tex(WT__U16, 1, WT_CHANNEL_UNSIGNED, 0, 0);
    assert_int_equal(vu_point(&u16, WT_DTYPE_S32, 65535, 0), 65535u);
}

static void floats(void **state)
{
    (void)state;
    /* f32: bits as stored, NaN payloads and subnormals included. */
    wt__tex f = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    assert_int_equal(vu_point(&f, WT_DTYPE_F32, 0x7fa00001u, 0), 0x7fa00001u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F32, 0xffc00123u, 0), 0xffc00123u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F32, 0x00000001u, 0), 0x00000001u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F32, 0x80000000u, 0), 0x80000000u);
    /* f16: exact widening; NaN bit for bit (0x7c01 -> 0x7f802000). */
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x7c01u, 0), 0x7f802000u);
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0xfe00u, 0), 0xffc00000u);
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x7c00u, 0), 0x7f800000u);
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x3c00u, 0), vu_bits(1.0f));
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0xc000u, 0), vu_bits(-2.0f));
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x7bffu, 0), vu_bits(65504.0f));
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x0001u, 0), vu_bits(0x1p-24f));
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x83ffu, 0), vu_bits(-1023.0f * 0x1p-24f));
    assert_int_equal(vu_point(&h, WT_DTYPE_F32, 0x8000u, 0), 0x80000000u);
    /* Every finite half widens to its value (checked against a direct
     * computation of sign * significand * 2^exponent). */
    for (uint32_t b = 0; b < 0x10000u; b++) {
        uint32_t ex = b >> 10 & 31, fr = b & 1023;
        if (ex == 31)
            continue;
        float v = ex ? ldexpf((float)(1024 + fr), (int)ex - 25) : ldexpf((float)fr, -24);
        if (b & 0x8000u)
            v = -v;
        assert_int_equal(vu_point(&h, WT_DTYPE_F32, b, 0), vu_bits(v));
    }
}

static void dest_f16(void **state)
{
    (void)state;
    wt__tex f = vu_tex(WT__F32, 4, WT_CHANNEL_FLOAT, 0, 0);
    /* [semantics#dest-types]: nearest even. */
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(1.0f), 0), 0x3c00u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(1.0f + 0x1p-11f), 0), 0x3c00u); /* tie -> even */
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(1.0f + 3 * 0x1p-11f), 0), 0x3c02u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(65519.0f), 0), 0x7bffu);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(65520.0f), 0), 0x7c00u); /* tie -> even = inf */
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(-1e10f), 0), 0xfc00u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(0x1p-25f), 0), 0x0000u); /* tie -> even 0 */
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(0x1.8p-25f), 0), 0x0001u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(-0x1p-24f), 0), 0x8001u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, vu_bits(0.1f), 0), 0x2e66u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, 0x80000000u, 0), 0x8000u);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, 0x00000001u, 0), 0x0000u);
    /* [semantics#decision-f16-nan-result]: any NaN -> 0x7fff. */
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, 0x7f800001u, 0), 0x7fffu);
    assert_int_equal(vu_point(&f, WT_DTYPE_F16, 0xffc00000u, 0), 0x7fffu);
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    assert_int_equal(vu_point(&h, WT_DTYPE_F16, 0x7c01u, 0), 0x7fffu);
    assert_int_equal(vu_point(&h, WT_DTYPE_F16, 0x0001u, 0), 0x0001u);
    /* .f16: one half per register; .f16x2: component 0 low, d[0] = {r,g}, d[1] = {b,a}. */
    wt__taps tp;
    vu_taps_init(&tp, 0);
    vu_tap(&tp, 0, 256, 0);
    float c[4] = {1.0f, 2.0f, 3.0f, -4.0f};
    for (int k = 0; k < 4; k++)
        tp.t[0].raw[k] = vu_bits(c[k]);
    assert_int_equal(vu_resolve(&f, WT_DTYPE_F16, &tp, 0), 0x3c00u);
    assert_int_equal(vu_resolve(&f, WT_DTYPE_F16, &tp, 3), 0xc400u);
    assert_int_equal(vu_resolve(&f, WT_DTYPE_F16X2, &tp, 0), 0x40003c00u);
    assert_int_equal(vu_resolve(&f, WT_DTYPE_F16X2, &tp, 1), 0xc4004200u);
    assert_int_equal(vu_resolve(&f, WT_DTYPE_F16X2, &tp, 2), 0u);
    assert_int_equal(vu_resolve(&f, WT_DTYPE_F16X2, &tp, 3), 0u);
}

/* Half bits of a finite f32 value v by a long double computation: r =
 * v / quantum rounded by rnd (rintl: to nearest even; truncl: toward zero),
 * quantum 2^(e-10) with e = max(ilogb(v), -14). */
static uint32_t half_model(float v, long double (*rnd)(long double), int toward_zero)
{
    uint32_t sign = signbit(v) ? 0x8000u : 0u;
    long double a = fabsl((long double)v);
    if (a == 0)
        return sign;
    int e = ilogbl(a) < -14 ? -14 : ilogbl(a);
    long double r = rnd(ldexpl(a, 10 - e));
    if (r >= 2048) { /* carried into the next binade */
        r /= 2;
        e++;
    }
    if (e > 15)
        return sign | (toward_zero ? 0x7bffu : 0x7c00u); /* past 65504 */
    if (r < 1024)
        return sign | (uint32_t)r; /* subnormal (e = -14) or 0 */
    return sign | (uint32_t)(e + 15) << 10 | (uint32_t)(r - 1024);
}

/* [semantics#dest-types] (.f16: to nearest even) and [semantics#border-color] / [semantics#decision-f16-toward-zero] (border: toward zero) over
 * random f32 values of every magnitude, against half_model. */
static void f32_to_f16_random(void **state)
{
    (void)state;
    wt__tex f = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    uint64_t s = 0xbe5466cf34e90c6cULL;
    for (int i = 0; i < 400000; i++) {
        uint32_t b = (uint32_t)vu_rand(&s);
        /* mostly the half range: exponents 100..145 */
        if (i % 4 != 3)
            b = (b & 0x807fffffu) | (uint32_t)(100 + vu_rand(&s) % 46) << 23;
        if (i % 16 == 5) /* half-way and edge patterns: only the top bits */
            b &= 0xffffe000u | (uint32_t)(vu_rand(&s) % 2) << 12;
        float v = vu_float(b);
        if (isnan(v) || isinf(v))
            continue;
        uint32_t rn = half_model(v, rintl, 0), rz = half_model(v, truncl, 1);
        uint32_t got = vu_point(&f, WT_DTYPE_F16, b, 0);
        if (got != rn)
            fail_msg("rn f32 0x%08x: got 0x%04x want 0x%04x", b, got, rn);
        float c[4] = {v, 0, 0, 0};
        uint8_t o[16];
        wt__border_to_texel(&h, c, o);
        got = (uint32_t)o[0] | (uint32_t)o[1] << 8;
        if (got != rz)
            fail_msg("rz f32 0x%08x: got 0x%04x want 0x%04x", b, got, rz);
    }
}

static void dest_int_from_float(void **state)
{
    (void)state;
    /* [semantics#decision-dest-mismatch] / [semantics#decision-nan-to-int]: toward zero, saturating, NaN -> 0. */
    wt__tex f = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    static const struct { float v; uint32_t s, u; } k[] = {
        {2.7f, 2, 2},
        {-2.7f, 0xfffffffeu, 0},
        {-0.5f, 0, 0},
        {3e9f, 0x7fffffffu, 3000000000u},
        {-3e9f, 0x80000000u, 0},
        {2147483520.0f, 2147483520u, 2147483520u},
        {-2147483648.0f, 0x80000000u, 0},
        {4294967040.0f, 0x7fffffffu, 4294967040u},
        {1e20f, 0x7fffffffu, 0xffffffffu},
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        assert_int_equal(vu_point(&f, WT_DTYPE_S32, vu_bits(k[i].v), 0), k[i].s);
        assert_int_equal(vu_point(&f, WT_DTYPE_U32, vu_bits(k[i].v), 0), k[i].u);
    }
    assert_int_equal(vu_point(&f, WT_DTYPE_S32, 0x7fc00000u, 0), 0u);
    assert_int_equal(vu_point(&f, WT_DTYPE_U32, 0xffc00001u, 0), 0u);
    assert_int_equal(vu_point(&f, WT_DTYPE_S32, 0x7f800000u, 0), 0x7fffffffu);
    assert_int_equal(vu_point(&f, WT_DTYPE_U32, 0x7f800000u, 0), 0xffffffffu);
    assert_int_equal(vu_point(&f, WT_DTYPE_S32, 0xff800000u, 0), 0x80000000u);
    assert_int_equal(vu_point(&f, WT_DTYPE_U32, 0xff800000u, 0), 0u);
    /* A normalised read into .s32: the float value converted the same way. */
    wt__tex u8 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    assert_int_equal(vu_point(&u8, WT_DTYPE_S32, 255, 0), 1u);
    assert_int_equal(vu_point(&u8, WT_DTYPE_S32, 254, 0), 0u);
    wt__tex s8 = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    assert_int_equal(vu_point(&s8, WT_DTYPE_S32, (uint32_t)-128, 0), 0xffffffffu);
}

static void missing_channels(void **state)
{
    (void)state;
    /* [semantics#point-conversion]: .y .z .w of a one-channel texture read 0, w included, for every
     * format and destination. */
    static const int fmts[][3] = {
        {WT__U8, WT_CHANNEL_UNSIGNED, 1}, {WT__U8, WT_CHANNEL_UNSIGNED, 0}, {WT__S16, WT_CHANNEL_SIGNED, 1},
        {WT__F32, WT_CHANNEL_FLOAT, 0},   {WT__F16, WT_CHANNEL_FLOAT, 0},   {WT__S32, WT_CHANNEL_SIGNED, 0},
    };
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
        for (int nch = 1; nch <= 2; nch++) {
            wt__tex t = vu_tex(fmts[i][0], nch, fmts[i][1], fmts[i][2], 0);
            for (int dt = WT_DTYPE_F32; dt <= WT_DTYPE_F16; dt++)
                for (int filt = 0; filt <= (fmts[i][2] || fmts[i][0] >= WT__F16); filt++) {
                    wt__taps tp;
                    vu_taps_init(&tp, filt);
                    vu_tap(&tp, 0x3c3c3c3cu & (fmts[i][0] == WT__F16 ? 0xffffu : 0xffffffffu), 100, 0);
                    vu_tap(&tp, 0x0101u, 156, 0);
                    for (int k = nch; k < 4; k++)
                        assert_int_equal(vu_resolve(&t, dt, &tp, k), 0u);
                }
        }
    /* .f16x2 of a one-channel texture: the high half of d[0] and all of d[1] are 0. */
    wt__tex t = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    assert_int_equal(vu_point(&t, WT_DTYPE_F16X2, vu_bits(2.0f), 0), 0x4000u);
    assert_int_equal(vu_point(&t, WT_DTYPE_F16X2, vu_bits(2.0f), 1), 0u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(normalised), cmocka_unit_test(element_type),        cmocka_unit_test(floats),
        cmocka_unit_test(dest_f16),   cmocka_unit_test(dest_int_from_float), cmocka_unit_test(missing_channels),
        cmocka_unit_test(f32_to_f16_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
