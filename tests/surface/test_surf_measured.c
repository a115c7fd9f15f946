/* test_surf_measured.c -- the measured out-of-range vectors of [semantics#surface-out-of-range] and the layer rule [semantics#decision-layer-past-end]
 * SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE 1
#include "surf_util.h"

/* Every table runs with the surface's last byte against a guard page and
 * again with its first byte against one. */

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static uint64_t load1(const wt__surf *s, int geom, int vec, int bits, int clamp, uint32_t layer, int32_t x,
                      int32_t y, int32_t z, int *trap, uint64_t d[4])
{
    wt_op op = su_op(WT_FAMILY_SULD, WT_SURF_B, geom, vec, bits, clamp);
    int32_t c[4];
    su_coords(geom, layer, x, y, z, c);
    *trap = su_load(s, &op, c, d);
    return d[0];
}

/* [semantics#surface-out-of-range]: the 8x4 u32 surface with value 0x1000*y + x (x the element). */
static void vectors_2d(void **state)
{
    (void)state;
    for (int at_end = 0; at_end < 2; at_end++) {
        su_fence f = su_fence_alloc(8 * 4 * 4, at_end);
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 8; x++)
                put32(f.p + (y * 8 + x) * 4, 0x1000 * y + x);
        wt__surf s = su_make(f.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 8, 4, 1, 0, 32, 2);
        int trap;
        uint64_t d[4];
        assert_int_equal(load1(&s, WT_GEOM_2D, 1, 32, WT_CLAMP_CLAMP, 0, -8, -2, 0, &trap, d), 0x0);
        assert_int_equal(trap, 0);
        assert_int_equal(load1(&s, WT_GEOM_2D, 1, 32, WT_CLAMP_CLAMP, 0, 4, -2, 0, &trap, d), 0x1);
        assert_int_equal(load1(&s, WT_GEOM_2D, 1, 32, WT_CLAMP_CLAMP, 0, 1000, 9, 0, &trap, d), 0x3007);
        assert_int_equal(d[1] | d[2] | d[3], 0);
        /* The same coordinates under .zero read 0, under .trap trap. */
        assert_int_equal(load1(&s, WT_GEOM_2D, 1, 32, WT_CLAMP_ZERO, 0, 1000, 9, 0, &trap, d), 0);
        assert_int_equal(trap, 0);
        load1(&s, WT_GEOM_2D, 1, 32, WT_CLAMP_TRAP, 0, 4, -2, 0, &trap, d);
        assert_int_equal(trap, 1);
        /* In range all three agree. */
        for (int m = 0; m < 3; m++) {
            assert_int_equal(load1(&s, WT_GEOM_2D, 1, 32, m, 0, 20, 2, 0, &trap, d), 0x2005);
            assert_int_equal(trap, 0);
        }
        /* [semantics#surface-out-of-range]: a store lands where a load would read. */
        wt_op st = su_op(WT_FAMILY_SUST, WT_SURF_B, WT_GEOM_2D, 1, 32, WT_CLAMP_CLAMP);
        int32_t c[4] = {1000, 9, 0, 0};
        uint64_t v[4] = {0xcafef00du, 0, 0, 0};
        assert_int_equal(su_store(&s, &st, c, v), 0);
        assert_int_equal(f.p[(3 * 8 + 7) * 4], 0x0d);
        assert_int_equal(f.p[(3 * 8 + 7) * 4 + 3], 0xca);
        su_fence_free(&f);
    }
}

/* [semantics#surface-out-of-range]: 3D 4x2x3, value 0x100z + 0x10y + x, x in bytes. */
static void vectors_3d(void **state)
{
    (void)state;
    for (int at_end = 0; at_end < 2; at_end++) {
        su_fence f = su_fence_alloc(4 * 2 * 3 * 4, at_end);
        for (uint32_t z = 0; z < 3; z++)
            for (uint32_t y = 0; y < 2; y++)
                for (uint32_t x = 0; x < 4; x++)
                    put32(f.p + ((z * 2 + y) * 4 + x) * 4, 0x100 * z + 0x10 * y + x);
        wt__surf s = su_make(f.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 4, 2, 3, 0, 16, 3);
        int trap;
        uint64_t d[4];
        assert_int_equal(load1(&s, WT_GEOM_3D, 1, 32, WT_CLAMP_CLAMP, 0, 16, 1, 1, &trap, d), 0x113);
        assert_int_equal(load1(&s, WT_GEOM_3D, 1, 32, WT_CLAMP_CLAMP, 0, -4, -1, 7, &trap, d), 0x200);
        assert_int_equal(trap, 0);
        su_fence_free(&f);
    }
}

/* [semantics#surface-out-of-range] + [semantics#decision-layer-past-end]: layer -1 reads the last layer under every mode. */
static void vectors_layered(void **state)
{
    (void)state;
    for (int at_end = 0; at_end < 2; at_end++) {
        su_fence f = su_fence_alloc(4 * 2 * 3 * 4, at_end);
        for (uint32_t l = 0; l < 3; l++)
            for (uint32_t y = 0; y < 2; y++)
                for (uint32_t x = 0; x < 4; x++)
                    put32(f.p + ((l * 2 + y) * 4 + x) * 4, 0x100 * l + 0x10 * y + x);
        wt__surf s = su_make(f.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 4, 2, 1, 3, 16, 2);
        int trap;
        uint64_t d[4];
        for (int m = 0; m < 3; m++) {
            assert_int_equal(load1(&s, WT_GEOM_A2D, 1, 32, m, 0xffffffffu, 4, 1, 0, &trap, d), 0x211);
            assert_int_equal(trap, 0);
            assert_int_equal(load1(&s, WT_GEOM_A2D, 1, 32, m, 3, 0, 0, 0, &trap, d), 0x200);
            assert_int_equal(load1(&s, WT_GEOM_A2D, 1, 32, m, 1, 12, 1, 0, &trap, d), 0x113);
        }
        su_fence_free(&f);
    }
}

/* [semantics#surface-out-of-range]: "an 8-bit load at x = 32 on a 32-byte row reads byte 31, and a
 * 16-byte .v4 on a 24-byte row reads from byte 0, not 8". */
static void by_the_byte(void **state)
{
    (void)state;
    for (int at_end = 0; at_end < 2; at_end++) {
        su_fence f = su_fence_alloc(32, at_end);
        for (int i = 0; i < 32; i++)
            f.p[i] = (uint8_t)(0x40 + i);
        wt__surf s = su_make(f.p, 1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 32, 1, 1, 0, 32, 1);
        int trap;
        uint64_t d[4];
        assert_int_equal(load1(&s, WT_GEOM_1D, 1, 8, WT_CLAMP_CLAMP, 0, 32, 0, 0, &trap, d), 0x40 + 31);
        assert_int_equal(trap, 0);
        su_fence_free(&f);

        f = su_fence_alloc(24, at_end);
        for (int i = 0; i < 24; i++)
            f.p[i] = (uint8_t)(0x80 + i);
        s = su_make(f.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 6, 1, 1, 0, 24, 1);
        load1(&s, WT_GEOM_1D, 4, 32, WT_CLAMP_CLAMP, 0, 16, 0, 0, &trap, d);
        assert_int_equal(trap, 0);
        assert_int_equal(d[0], 0x83828180u);
        assert_int_equal(d[1], 0x87868584u);
        assert_int_equal(d[2], 0x8b8a8988u);
        assert_int_equal(d[3], 0x8f8e8d8cu);
        /* x = 8 is not 16-aligned: a trap under every mode ([semantics#surface-addressing]). */
        for (int m = 0; m < 3; m++) {
            load1(&s, WT_GEOM_1D, 4, 32, m, 0, 8, 0, 0, &trap, d);
            assert_int_equal(trap, 1);
            assert_int_equal(d[0] | d[1] | d[2] | d[3], 0);
        }
        su_fence_free(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vectors_2d),
        cmocka_unit_test(vectors_3d),
        cmocka_unit_test(vectors_layered),
        cmocka_unit_test(by_the_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
