/* test_gather_values.c -- tld4 component values (SEMANTICS §8, D2.12)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "values_util.h"

static uint32_t gv(const wt__tex *t, int comp, int dtype, uint32_t raw)
{
    wt__tex_ctx ctx = {t, &t->samp, t->border_texel};
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
    /* §8 by hand: |k|*258, +1 from 64 (65 when negative), sign restored,
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
    assert_int_equal(gv(&e8, 0, WT_DTYPE_F32, (uint32_t)-3), vu_bits(-3.0f)); /* Q14 */
}

static void floats(void **state)
{
    (void)state;
    wt__tex f = vu_tex(WT__F32, 1, WT_CHANNEL_FLOAT, 0, 0);
    /* §8: NaN -> 0x7fffffff; an f32 subnormal -> +-0; the rest as stored. */
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x7f800001u), 0x7fffffffu);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0xffc00000u), 0x7fffffffu);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x00000005u), 0u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x807fffffu), 0x80000000u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0x00800000u), 0x00800000u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, 0xff800000u), 0xff800000u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_F32, vu_bits(-2.5f)), vu_bits(-2.5f));
    /* Into .s32 / .u32: toward zero, NaN -> 0 (Q14, D2.22). */
    assert_int_equal(gv(&f, 0, WT_DTYPE_S32, vu_bits(-2.5f)), 0xfffffffeu);
    assert_int_equal(gv(&f, 0, WT_DTYPE_U32, vu_bits(-2.5f)), 0u);
    assert_int_equal(gv(&f, 0, WT_DTYPE_S32, 0x7f800001u), 0u);
    /* Half: NaN -> 0x7fff widened (0x7fffe000); subnormals widen exactly (D2.12). */
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
    /* Other formats convert as point sampling (§8, §5.2). */
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
