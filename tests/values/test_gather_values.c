/* test_gather_values.c -- tld4 component values ([semantics#tld4], [semantics#decision-gather-half-subnormal])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "values_util.h"

static uint32_t gv(const wt__tex *t, int comp, int dtype, uint32_t raw)
{
    wt__tex_ctx ctx = {.t = t, .s = &t->samp, .border = t->border_texel};
    wt_op op = vu_op(dtype);
    op.family = WT_FAMILY_TLD4;
    op.comp = (uint8_t)comp;
    return wt__gather_value(&ctx, &op, raw);
}

static uint32_t q(long k, long d)
{
    return vu_bits((float)((long double)k / (long double)d));
}

static void snorm8(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__S8, 4, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    /* [semantics#tld4] by hand: |k|*258, +1 from 64 (65 when negative), sign restored,
     * -128 as -127, over 32767. */
    static const struct { int k; long m; } e[] = {
        {127, 32767}, {-127, -32767}, {-128, -32767}, {64, 16513}, {63, 16254}, {-64, -16512},
        {-65, -16771}, {1, 258},      {-1, -258},     {0, 0},      {100, 25801},
    };
    for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
        assert_int_equal(gv(&t, 1, WT_DTYPE_F32, (uint32_t)e[i].k), q(e[i].m, 32767));
    assert_int_equal(gv(&t, 0, WT_DTYPE_F32, 127), vu_bits(1.0f));
    assert_int_equal(gv(&t, 0, WT_DTYPE_F32, (uint32_t)-128), vu_bits(-1.0f));
    /* Not k/127: 1 gathers as 258/32767, point-sampled it is 1/127. */
    assert_true(gv(&t, 0, WT_DTYPE_F32, 1) != vu_bits((float)(1.0L / 127.0L)));
    /* SNORM8 read as element type gathers the integer. */
    wt__tex e8 = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED, 0, 0);
    assert_int_equal(gv(&e8, 0, WT_DTYPE_S32, (uint32_t)-3), 0xfffffffdu);
    assert_int_equal(gv(&e8, 0, WT_DTYPE_F32, (uint32_t)-3), vu_bits(-3.0f)); /* [semantics#decision-dest-mismatch] */
}

/* [semantics#tld4] for every SNORM8 code: |k|*258, +1 when |k| >= 64 (>= 65 for negative
 * k), sign restored, -128 as -127, over 32767; into .f32 and, rounded to
 * nearest, .f16 (checked against the f32 value: the half must be the
 * nearest, ties to even, written out from its fields). */
static void snorm8_every_code(void **state)
{
    (void)state;
    wt__tex t = vu_tex(WT__S8, 1, WT_CHANNEL_SIGNED, 1, 0);
    for (int k = -128; k < 128; k++) {
        int kk = k == -128 ? -127 : k, a = kk < 0 ? -kk : kk;
        long m = 258L * a + ((kk >= 0 && a >= 64) || (kk < 0 && a >= 65) ? 1 : 0);
        uint32_t want = q(kk < 0 ? -m : m, 32767);
        assert_int_equal(gv(&t, 0, WT_DTYPE_F32, (uint32_t)k), want);
        /* the half nearest to the f32 value: compare with both neighbours */
        uint32_t h = gv(&t, 0, WT_DTYPE_F16, (uint32_t)k);
        float v = vu_float(want), hv = ldexpf((float)((h & 0x3ff) | ((h >> 10 & 31) ? 0x400 : 0)),
                                              ((h >> 10 & 31) ? (int)(h >> 10 & 31) : 1) - 25);
        if (h & 0x8000)
            hv = -hv;
        float ulp = ldexpf(1.0f, ((h >> 10 & 31) ? (int)(h >> 10 & 31) : 1) - 25);
        assert_true(fabsf(hv - v) <= ulp / 2);
        if (fabsf(hv - v) == ulp / 2)
            assert_int_equal(h & 1, 0);
    }
}

/* [semantics#tld4] / [semantics#decision-gather-half-subnormal] for every half: NaN -> 0x7fffe000; everything else (subnormals
 * included) widens exactly: value = sign * significand * 2^exponent. */
static void half_every_code(void **state)
{
    (void)state;
    wt__tex h = vu_tex(WT__F16, 1, WT_CHANNEL_FLOAT, 0, 0);
    for (uint32_t b = 0; b < 0x10000u; b++) {
        uint32_t ex = b >> 10 & 31, fr = b & 1023, want;
        if (ex == 31)
            want = fr ? 0x7fffe000u : ((b & 0x8000u) ? 0xff800000u : 0x7f800000u);
        else {
            float v = ex ? ldexpf((float)(1024 + fr), (int)ex - 25) : ldexpf((float)fr, -24);
            want = vu_bits((b & 0x8000u) ? -v : v);
        }
        if (gv(&h, 0, WT_DTYPE_F32, b) != want)
            fail_msg("half 0x%04x: got 0x%08x want 0x%08x", b, gv(&h, 0, WT_DTYPE_F32, b), want);
    }
}

/* [semantics#tld4] for f32 bit patterns of every class: NaN (any payload, sign) ->
 * 0x7fffffff, subnormal -> +-0, normal, zero and infinity as stored. */
static void f32_classes(void **state)
{
    (void)state;
    wt__tex f = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    uint64_t s = 0x452821e638d01377ULL;
    for (int i = 0; i < 200000; i++) {
        uint32_t b = (uint32_t)vu_rand(&s);
        if (i % 4 == 0)
            b &= 0x807fffffu; /* zero exponent */
        if (i % 4 == 1)
            b |= 0x7f800000u; /* all-ones exponent */
        uint32_t ex = b >> 23 & 0xff, want;
        if (ex == 255)
            want = (b & 0x7fffff) ? 0x7fffffffu : b;
        else if (ex == 0)
            want = b & 0x80000000u;
        else
            want = b;
        if (gv(&f, 0, WT_DTYPE_F32, b) != want)
            fail_msg("f32 0x%08x: got 0x%08x want 0x%08x", b, gv(&f, 0, WT_DTYPE_F32, b), want);
    }
}

static void floats(void **state)
{
    (void)state;
    wt__tex f = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    /* [semantics#tld4]: NaN -> 0x7fffffff; an f32 subnormal -> +-0; the rest as stored. */
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x7f800001u), 0x7fffffffu);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0xffc00000u), 0x7fffffffu);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x00000005u), 0u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x807fffffu), 0x80000000u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x00800000u), 0x00800000u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0xff800000u), 0xff800000u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, vu_bits(-2.5f)), vu_bits(-2.5f));
    /* Into .s32 / .u32: toward zero, NaN -> 0 ([semantics#decision-dest-mismatch], [semantics#decision-nan-to-int]). */
    assert_int_equal(gv(&f, 0, WT_DTYPE_S32, vu_bits(-2.5f)), 0xfffffffeu);
    assert_int_equal(gv(&f, 0, WT_DTYPE_U32, vu_bits(-2.5f)), 0u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_S32, 0x7f800001u), 0u);
    /* Half: NaN -> 0x7fff widened (0x7fffe000); subnormals widen exactly ([semantics#decision-gather-half-subnormal]). */
    wt__tex h = vu_tex(WT__F16, 2, WT_CHANNEL_FLOAT, 0, 0);
    assert_int_equal(gv(&h, 1, WT_DTYPE_F32, 0x7c01u), 0x7fffe000u);
    assert_int_equal(gv(&h, 1, WT_DTYPE_F32, 0xfe00u), 0x7fffe000u);
    assert_int_equal(gv(&h, 0, WT_DTYPE_F32, 0x0001u), vu_bits(0x1p-24f));
    assert_int_equal(gv(&h, 0, WT_DTYPE_F32, 0x83ffu), vu_bits(-1023.0f * 0x1p-24f));
    assert_int_equal(gv(&h, 0, WT_DTYPE_F32, 0x7c00u), 0x7f800000u);
    assert_int_equal(gv(&h, 0, WT_DTYPE_F32, 0x3555u), vu_bits(1365.0f * 0x1p-12f));
    /* A component the format lacks reads 0. */
    assert_int_equal(gv(&h, 2, WT_DTYPE_F32, 0x3c00u), 0u);
    assert_int_equal(gv(&h, 3, WT_DTYPE_U32, 0x3c00u), 0u);
}

static void as_point(void **state)
{
    (void)state;
    /* Other formats convert as point sampling ([semantics#tld4], [semantics#point-conversion]). */
    wt__tex u8 = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 0);
    assert_int_equal(gv(&u8, 2, WT_DTYPE_F32, 31), vu_bits((float)(31.0L / 255.0L)));
    wt__tex s16 = vu_tex(WT__S16, 1, WT_CHANNEL_SIGNED_NORMALIZED, 1, 0);
    assert_int_equal(gv(&s16, 0, WT_DTYPE_F32, (uint32_t)-32768), vu_bits(-1.0f));
    assert_int_equal(gv(&s16, 0, WT_DTYPE_F32, 100), vu_bits((float)(100.0L / 32767.0L)));
    wt__tex u16 = vu_tex(WT__U16, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    assert_int_equal(gv(&u16, 0, WT_DTYPE_F32, 65535), vu_bits(1.0f));
    /* sRGB: x, y, z through the table, alpha linear. */
    wt__tex s = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 1);
    assert_int_equal(gv(&s, 0, WT_DTYPE_F32, 184), vu_bits(31488.0f / 65536.0f));
    assert_int_equal(gv(&s, 2, WT_DTYPE_F32, 11), vu_bits(220.0f / 65536.0f));
    assert_int_equal(gv(&s, 3, WT_DTYPE_F32, 184), vu_bits((float)(184.0L / 255.0L)));
    /* Integers as element type: the bits into .u32/.s32, numerically into .f32. */
    wt__tex u32 = vu_tex(WT__U32, 4, WT_CHANNEL_UNSIGNED, 0, 0);
    assert_int_equal(gv(&u32, 3, WT_DTYPE_U32, 0xdeadbeefu), 0xdeadbeefu);
    assert_int_equal(gv(&u32, 3, WT_DTYPE_F32, 0xdeadbeefu), vu_bits(3735928559.0f));
    wt__tex e16 = vu_tex(WT__S16, 1, WT_CHANNEL_SIGNED, 0, 0);
    assert_int_equal(gv(&e16, 0, WT_DTYPE_S32, (uint32_t)-2), 0xfffffffeu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(snorm8),
        cmocka_unit_test(floats),
        cmocka_unit_test(as_point),
        cmocka_unit_test(snorm8_every_code),
        cmocka_unit_test(half_every_code),
        cmocka_unit_test(f32_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
