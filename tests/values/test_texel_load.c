/* test_texel_load.c -- raw channel codes of a texel in memory
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "values_util.h"

static void load(int ctype, int nch, const uint8_t *p, uint32_t raw[4])
{
    wt__tex t = vu_tex(ctype, nch, ctype >= WT__F16 ? WT_CHANNEL_FLOAT : WT_CHANNEL_UNSIGNED, 0, 0);
    for (int c = 0; c < 4; c++)
        raw[c] = 0xa5a5a5a5u;
    wt__texel_load(&t.fmt, p, raw);
}

static void formats(void **state)
{
    (void)state;
    static const uint8_t m[16] = {0x80, 0x7f, 0xff, 0x01, 0x34, 0x92, 0x00, 0x80,
                                  0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    uint32_t r[4];
    load(WT__U8, 4, m, r);
    assert_int_equal(r[0], 0x80u);
    assert_int_equal(r[1], 0x7fu);
    assert_int_equal(r[2], 0xffu);
    assert_int_equal(r[3], 0x01u);
    load(WT__S8, 4, m, r);
    assert_int_equal(r[0], 0xffffff80u);
    assert_int_equal(r[1], 0x7fu);
    assert_int_equal(r[2], 0xffffffffu);
    assert_int_equal(r[3], 0x01u);
    load(WT__U16, 2, m, r);
    assert_int_equal(r[0], 0x7f80u);
    assert_int_equal(r[1], 0x01ffu);
    assert_int_equal(r[2], 0u);
    assert_int_equal(r[3], 0u);
    load(WT__S16, 4, m, r);
    assert_int_equal(r[0], 0x7f80u);
    assert_int_equal(r[1], 0x01ffu);
    assert_int_equal(r[2], 0xffff9234u);
    assert_int_equal(r[3], 0xffff8000u);
    load(WT__F16, 4, m, r); /* a half keeps its 16 bits, no extension */
    assert_int_equal(r[0], 0x7f80u);
    assert_int_equal(r[2], 0x9234u);
    assert_int_equal(r[3], 0x8000u);
    load(WT__U32, 4, m, r);
    assert_int_equal(r[0], 0x01ff7f80u);
    assert_int_equal(r[1], 0x80009234u);
    assert_int_equal(r[2], 0x44332211u);
    assert_int_equal(r[3], 0x88776655u);
    load(WT__S32, 2, m, r);
    assert_int_equal(r[1], 0x80009234u);
    assert_int_equal(r[2], 0u);
    load(WT__F32, 1, m, r);
    assert_int_equal(r[0], 0x01ff7f80u);
    assert_int_equal(r[1], 0u);
    assert_int_equal(r[2], 0u);
    assert_int_equal(r[3], 0u);
    load(WT__U8, 1, m, r);
    assert_int_equal(r[0], 0x80u);
    assert_int_equal(r[1], 0u);
    assert_int_equal(r[3], 0u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(formats)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
