/* test_srgb.c -- the sRGB table (Appendix A), point decode and filtered blend (§5.5)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>

#include "scalar/srgb_table.h"
#include "values_util.h"

static void table_entries(void **state)
{
    (void)state;
    /* Entries copied by hand from SEMANTICS Appendix A. */
    static const struct { int code; uint32_t v; } e[] = {
        {0, 0},          {1, 20},         {7, 140},        {11, 220},       {12, 240},
        {15, 312},       {50, 2096},      {55, 2496},      {128, 14144},    {184, 31488},
        {191, 34048},    {200, 37888},    {207, 40960},    {252, 64000},    {255, 65536},
    };
    for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
        assert_int_equal(wt__srgb_table[e[i].code], e[i].v);
}

static void table_shape(void **state)
{
    (void)state;
    for (int c = 0; c < 256; c++) {
        uint32_t v = wt__srgb_table[c];
        if (c > 0)
            assert_true(v > wt__srgb_table[c - 1]); /* strictly increasing */
        /* at most 8 significant bits */
        int top = 0;
        for (uint32_t m = v; m >> 1; m >>= 1)
            top++;
        if (top > 7)
            assert_int_equal(v & ((1u << (top - 7)) - 1), 0);
        /* within two 8-bit quanta of the IEC 61966-2-1 decode */
        double x = c / 255.0, lin = x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
        double quantum = top > 7 ? (double)(1u << (top - 7)) : 1.0;
        assert_true(fabs(lin * 65536.0 - v) <= 2.0 * quantum);
    }
}

static void point_decode(void **state)
{
    (void)state;
    /* Point sampling returns table[code]/65536 (§5.5), on x, y, z of RGBA. */
    wt__tex t = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 1);
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 0), vu_bits(31488.0f / 65536.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 1), vu_bits(31488.0f / 65536.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 2), vu_bits(31488.0f / 65536.0f));
    /* Alpha is not decoded: 184/255. */
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 3), vu_bits(184.0f / 255.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 1, 0), vu_bits(20.0f / 65536.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 255, 0), vu_bits(1.0f));
    /* One- and two-channel textures decode only x. */
    wt__tex t2 = vu_tex(WT__U8, 2, WT_CHANNEL_UNSIGNED, 1, 1);
    assert_int_equal(vu_point(&t2, WT_DTYPE_F32, 50, 0), vu_bits(2096.0f / 65536.0f));
    assert_int_equal(vu_point(&t2, WT_DTYPE_F32, 50, 1), vu_bits(50.0f / 255.0f));
    assert_int_equal(vu_point(&t2, WT_DTYPE_F32, 50, 2), 0u); /* missing channel */
    wt__tex t1 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 1);
    assert_int_equal(vu_point(&t1, WT_DTYPE_F32, 50, 0), vu_bits(2096.0f / 65536.0f));
    /* Without the flag the same texture reads u/255. */
    wt__tex t0 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    assert_int_equal(vu_point(&t0, WT_DTYPE_F32, 50, 0), vu_bits(50.0f / 255.0f));
}

static uint32_t blend(const int *code, const int *w, const int *g, int n, int ch, int nch)
{
    wt__tex t = vu_tex(WT__U8, nch, WT_CHANNEL_UNSIGNED, 1, 1);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    for (int i = 0; i < n; i++)
        vu_tap(&tp, (uint32_t)code[i], w[i], g[i]);
    return vu_resolve(&t, WT_DTYPE_F32, &tp, ch);
}

static void filtered(void **state)
{
    (void)state;
    int g0[3] = {0, 0, 0};
    /* Code 11 next to code 184 (§5.5).  184's block (184..191) ends in 34048,
     * exponent 15, so values are truncated to 2^(15-7) = 256: table[11] = 220
     * becomes 0 and 31488 = 123*256 stays.  Half and half: 128*31488 in units
     * of 2^-24 = 15744/65536 = 123*2^-9, exact in half precision. */
    int c1[2] = {11, 184}, w1[2] = {128, 128};
    assert_int_equal(blend(c1, w1, g0, 2, 0, 4), vu_bits(123.0f / 512.0f));
    /* The untruncated sum (220 + 31488)/2 would have given another value. */
    assert_true(vu_bits(123.0f / 512.0f) != vu_bits((float)((220.0 + 31488.0) / 2.0 / 65536.0)));
    /* Weight 255 on code 11 still counts for nothing: 31488 * 2^-24 = 123 * 2^-16. */
    int w2[2] = {255, 1};
    assert_int_equal(blend(c1, w2, g0, 2, 0, 4), vu_bits(123.0f / 65536.0f));
    /* Code 50 next to 200 reads exactly 1/32: 2096 truncated to 256s is 2048. */
    int c3[2] = {50, 200};
    assert_int_equal(blend(c3, w1, g0, 2, 0, 1), vu_bits((2048.0f + 37888.0f) / 2.0f / 65536.0f));
    /* Rounding to half precision, ties away: codes 7 (140) at 254 and 1 (20)
     * at 2, block 0 (exponent 7, no truncation): S = 35560 + 40 = 35600 units
     * of 2^-24; S is in [2^15, 2^16), so the half quantum is 2^5 units;
     * 35600 = 1112.5 * 32, the tie goes away: 1113 * 32 = 35616. */
    int c4[2] = {7, 1}, w4[2] = {254, 2};
    assert_int_equal(blend(c4, w4, g0, 2, 0, 4), vu_bits(ldexpf(35616.0f, -24)));
    /* D2.13: two footprints (a mip blend) each truncate with their own block
     * exponent and add exactly.  Group 0: 11 and 184 at 64 each, E = 15
     * (11 -> 0); group 1: 11 at 128, E = 8 (quantum 2, 220 stays).
     * S = 64*31488 + 128*220 = 2043392 units of 2^-24; in [2^20, 2^21) the
     * half quantum is 2^10: 1995.5 -> away -> 1996 * 1024 = 2043904. */
    int c5[3] = {11, 184, 11}, w5[3] = {64, 64, 128}, g5[3] = {0, 0, 1};
    assert_int_equal(blend(c5, w5, g5, 3, 0, 4), vu_bits(ldexpf(2043904.0f, -24)));
    /* All in one footprint, 11 counts as zero twice: 64*31488 -> exact. */
    assert_int_equal(blend(c5, w5, g0, 3, 0, 4), vu_bits(ldexpf(64.0f * 31488.0f, -24)));
    /* Alpha of RGBA (and y of a two-channel texture) blend as UNORM8:
     * 11*257 and 184*257 half and half -> K = rhu(195*257/2) = 25058 (25057.5 up). */
    assert_int_equal(blend(c1, w1, g0, 2, 3, 4), vu_bits((float)(25058.0 / 65535.0)));
    assert_int_equal(blend(c1, w1, g0, 2, 1, 2), vu_bits((float)(25058.0 / 65535.0)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_entries),
        cmocka_unit_test(table_shape),
        cmocka_unit_test(point_decode),
        cmocka_unit_test(filtered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
