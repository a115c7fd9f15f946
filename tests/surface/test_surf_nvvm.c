/* test_surf_nvvm.c -- the NVVM-named surface calls against known answers: 8-bit elements, measured vectors, sust.p, sured spellings
 * SPDX-License-Identifier: MIT
 *
 * Expected values by hand from [semantics#surface-addressing] to [semantics#sured], [semantics#decision-sust-p-normalized], [semantics#decision-sured], [semantics#decision-layer-past-end] and
 * [semantics#decision-sured-p-forms], and the NVVM rule of [design#nvvm-names] (8-bit loads return i16 with the high
 * byte 0, 8-bit stores ignore it).  Memory is read back through
 * wt_memcpy_from_array or the caller's own buffer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "warptex.h"

static wt_array mk(int nch, int bits, wt_channel_kind kind, size_t w, size_t h, size_t d, unsigned flags,
                   const void *data)
{
    wt_channel_desc cd = wt_make_channel_desc(bits, nch >= 2 ? bits : 0, nch == 4 ? bits : 0, nch == 4 ? bits : 0,
                                              kind);
    wt_array a = NULL;
    assert_int_equal(wt_malloc_array(&a, &cd, w, h, d, flags | WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    if (data)
        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, data, w * (size_t)(nch * bits / 8), w, h ? h : 1, d ? d : 1),
                         WT_SUCCESS);
    return a;
}

static wt_surf surf_of(wt_array a)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = a;
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    return s;
}

static void done(wt_surf s, wt_array a)
{
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* Bytes 0x80..0xff have the sign bit of an int8: the i16 result must still
 * be 0x00nn (high byte 0), in every geometry and clamp mode. */
static void eight_bit_loads_high_byte_zero(void **state)
{
    (void)state;
    uint8_t img[2 * 3 * 8]; /* 8 bytes per row, 3 rows, 2 slices/layers */
    for (int i = 0; i < (int)sizeof img; i++)
        img[i] = (uint8_t)(0x80 + 3 * i);
    wt_array a1 = mk(1, 8, WT_CHANNEL_UNSIGNED, 8, 0, 0, 0, img);
    wt_array a2 = mk(1, 8, WT_CHANNEL_UNSIGNED, 8, 3, 0, 0, img);
    wt_array a3 = mk(1, 8, WT_CHANNEL_UNSIGNED, 8, 3, 2, 0, img);
    wt_array l1 = mk(1, 8, WT_CHANNEL_UNSIGNED, 8, 0, 2, WT_ARRAY_LAYERED, img);
    wt_array l2 = mk(1, 8, WT_CHANNEL_UNSIGNED, 8, 3, 2, WT_ARRAY_LAYERED, img);
    wt_surf s1 = surf_of(a1), s2 = surf_of(a2), s3 = surf_of(a3), t1 = surf_of(l1), t2 = surf_of(l2);
    (void)wt_get_last_error();
    /* byte (x, y, slice) of the 8 x 3 x 2 image */
#define B(x, y, z) ((int16_t)img[(z) * 24 + (y) * 8 + (x)])
#define B1(x, z) ((int16_t)img[(z) * 8 + (x)])
    assert_int_equal(wt_suld_1d_i8_trap(s1, 5), B1(5, 0));
    assert_int_equal(wt_suld_1d_i8_clamp(s1, 99), B1(7, 0));
    assert_int_equal(wt_suld_1d_i8_zero(s1, 7), B1(7, 0));
    assert_int_equal(wt_suld_2d_i8_trap(s2, 6, 2), B(6, 2, 0));
    assert_int_equal(wt_suld_3d_i8_clamp(s3, 3, 1, 5), B(3, 1, 1));
    assert_int_equal(wt_suld_1d_array_i8_zero(t1, 1, 4), B1(4, 1));
    assert_int_equal(wt_suld_2d_array_i8_trap(t2, 1, 7, 2), B(7, 2, 1));
    wt_short2 p = wt_suld_2d_v2i8_clamp(s2, 6, -1);
    assert_true(p.x == B(6, 0, 0) && p.y == B(7, 0, 0));
    wt_short4 q = wt_suld_3d_v4i8_trap(s3, 4, 2, 1);
    assert_true(q.x == B(4, 2, 1) && q.y == B(5, 2, 1) && q.z == B(6, 2, 1) && q.w == B(7, 2, 1));
    q = wt_suld_2d_array_v4i8_zero(t2, 0, 0, 1);
    assert_true(q.x == B(0, 1, 0) && q.w == B(3, 1, 0));
    wt_short2 r = wt_suld_1d_array_v2i8_clamp(t1, 7, -6);
    assert_true(r.x == B1(0, 1) && r.y == B1(1, 1)); /* layer 7 -> the last ([semantics#decision-layer-past-end]), x -> 0 */
    assert_true(p.x >= 0x80 && p.x <= 0xff && q.w >= 0x80);
    /* a 16-bit load keeps its sign bit: the whole i16 is the element */
    int16_t h = wt_suld_2d_i16_trap(s2, 2, 0);
    assert_int_equal((uint16_t)h, (uint16_t)(img[2] | img[3] << 8));
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
#undef B
#undef B1
    done(s1, a1);
    done(s2, a2);
    done(s3, a3);
    done(t1, l1);
    done(t2, l2);
}

/* 8-bit stores take an i16 and ignore its high byte; nothing beside the
 * element moves. */
static void eight_bit_stores_ignore_high_byte(void **state)
{
    (void)state;
    wt_array a = mk(1, 8, WT_CHANNEL_UNSIGNED, 8, 3, 2, WT_ARRAY_LAYERED, NULL);
    wt_surf s = surf_of(a);
    (void)wt_get_last_error();
    wt_sust_b_2d_array_i8_trap(s, 1, 2, 1, (int16_t)0x7f12);
    wt_sust_b_2d_array_v2i8_clamp(s, 0, 100, 2, (int16_t)0xff34, (int16_t)0x8056); /* -> x 6, y 2 */
    wt_sust_b_2d_array_v4i8_zero(s, 0, 0, 0, (int16_t)0x0101, (int16_t)0xfe02, (int16_t)0x4003, (int16_t)0xff04);
    wt_sust_b_2d_array_v4i8_zero(s, 0, 8, 0, 1, 1, 1, 1); /* outside: dropped */
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    uint8_t m[48], want[48];
    memset(want, 0, sizeof want);
    want[24 + 8 + 2] = 0x12;
    want[16 + 6] = 0x34;
    want[16 + 7] = 0x56;
    want[0] = 0x01;
    want[1] = 0x02;
    want[2] = 0x03;
    want[3] = 0x04;
    assert_int_equal(wt_memcpy_from_array(m, 8, a, 0, 0, 0, 8, 3, 2), WT_SUCCESS);
    assert_memory_equal(m, want, sizeof m);
    /* and the 1D / 3D forms */
    wt_array b = mk(1, 8, WT_CHANNEL_UNSIGNED, 4, 0, 0, 0, NULL);
    wt_surf t = surf_of(b);
    wt_sust_b_1d_i8_trap(t, 3, (int16_t)0xabcd);
    wt_sust_b_1d_v2i8_trap(t, 0, (int16_t)0x1111, (int16_t)0x2222);
    uint8_t m1[4];
    assert_int_equal(wt_memcpy_from_array(m1, 4, b, 0, 0, 0, 4, 1, 1), WT_SUCCESS);
    assert_true(m1[0] == 0x11 && m1[1] == 0x22 && m1[2] == 0 && m1[3] == 0xcd);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    done(t, b);
    done(s, a);
}

/* [semantics#surface-out-of-range]'s 3D and layered vectors through the NVVM names (the 2D ones are in
 * test_surface_object.c). */
static void measured_3d_and_layered(void **state)
{
    (void)state;
    uint32_t v3[3][2][4], vl[3][2][4];
    for (uint32_t z = 0; z < 3; z++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 4; x++)
                v3[z][y][x] = vl[z][y][x] = 0x100 * z + 0x10 * y + x;
    wt_array a = mk(1, 32, WT_CHANNEL_UNSIGNED, 4, 2, 3, 0, v3);
    wt_array l = mk(1, 32, WT_CHANNEL_UNSIGNED, 4, 2, 3, WT_ARRAY_LAYERED, vl);
    wt_surf s = surf_of(a), t = surf_of(l);
    (void)wt_get_last_error();
    assert_int_equal(wt_suld_3d_i32_clamp(s, 16, 1, 1), 0x113);
    assert_int_equal(wt_suld_3d_i32_clamp(s, -4, -1, 7), 0x200);
    assert_int_equal(wt_suld_3d_i32_zero(s, 16, 1, 1), 0);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_int_equal(wt_suld_3d_i32_trap(s, -4, -1, 7), 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    /* layer -1 (unsigned: past the end) reads the last layer, every mode ([semantics#decision-layer-past-end]) */
    assert_int_equal(wt_suld_2d_array_i32_clamp(t, -1, 4, 1), 0x211);
    assert_int_equal(wt_suld_2d_array_i32_zero(t, -1, 4, 1), 0x211);
    assert_int_equal(wt_suld_2d_array_i32_trap(t, -1, 4, 1), 0x211);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    /* a store lands where the load reads */
    wt_sust_b_3d_i32_clamp(s, 16, 1, 1, 0x5eed);
    assert_int_equal(wt_memcpy_from_array(v3, 16, a, 0, 0, 0, 4, 2, 3), WT_SUCCESS);
    assert_int_equal(v3[1][1][3], 0x5eed);
    done(s, a);
    done(t, l);
}

/* sust.p through the NVVM names into normalised and half formats ([semantics#decision-sust-p-normalized],
 * [semantics#decision-f16-toward-zero], [semantics#decision-normalized-surfaces]), by hand. */
static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void sust_p_known_answers(void **state)
{
    (void)state;
    wt_array a = mk(4, 8, WT_CHANNEL_UNSIGNED_NORMALIZED, 2, 2, 0, 0, NULL);
    wt_surf s = surf_of(a);
    (void)wt_get_last_error();
    /* 1 -> 255; 0.5 -> 127.5 -> 128 (even); NaN -> 0; -1 -> 0 (clamped) */
    wt_sust_p_2d_v4i32_trap(s, 1, 1, (int32_t)fbits(1.0f), (int32_t)fbits(0.5f), (int32_t)0x7fc00000,
                            (int32_t)fbits(-1.0f));
    /* .v2: B and A are written 0; 2.0 -> 255 */
    wt_sust_p_2d_v2i32_clamp(s, 5, -3, (int32_t)fbits(2.0f), (int32_t)fbits(1.0f / 255.0f)); /* -> (1, 0) */
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    uint8_t m[16];
    assert_int_equal(wt_memcpy_from_array(m, 8, a, 0, 0, 0, 2, 2, 1), WT_SUCCESS);
    static const uint8_t want[16] = {0, 0, 0, 0, 0xff, 0x01, 0, 0, 0, 0, 0, 0, 0xff, 0x80, 0x00, 0x00};
    assert_memory_equal(m, want, 16);
    done(s, a);

    /* SNORM16 1D: -1 -> -32767 (0x8001), 0.5 -> 16383.5 -> 16384 */
    a = mk(2, 16, WT_CHANNEL_SIGNED_NORMALIZED, 3, 0, 0, 0, NULL);
    s = surf_of(a);
    wt_sust_p_1d_v2i32_zero(s, 2, (int32_t)fbits(-1.0f), (int32_t)fbits(0.5f));
    wt_sust_p_1d_v2i32_zero(s, 3, 7, 7); /* outside: dropped */
    uint16_t h[6];
    assert_int_equal(wt_memcpy_from_array(h, 12, a, 0, 0, 0, 3, 1, 1), WT_SUCCESS);
    assert_true(h[0] == 0 && h[1] == 0 && h[2] == 0 && h[3] == 0 && h[4] == 0x8001 && h[5] == 0x4000);
    done(s, a);

    /* half 3D: toward zero; 65520 -> 65504 (0x7bff); the third vector
     * element of a 2-channel format is ignored */
    a = mk(2, 16, WT_CHANNEL_FLOAT, 1, 1, 2, 0, NULL);
    s = surf_of(a);
    wt_sust_p_3d_v4i32_trap(s, 0, 0, 1, (int32_t)0x3f803000, (int32_t)fbits(65520.0f), 9, 9);
    assert_int_equal(wt_memcpy_from_array(h, 4, a, 0, 0, 0, 1, 1, 2), WT_SUCCESS);
    assert_true(h[0] == 0 && h[1] == 0 && h[2] == 0x3c01 && h[3] == 0x7bff);
    /* sample addressing: x = 1 is past a 1-sample row */
    wt_sust_p_3d_i32_trap(s, 1, 0, 0, 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    done(s, a);
}

/* Every sured spelling's meaning once through the NVVM names ([semantics#decision-sured], [semantics#decision-sured-p-forms]). */
static void sured_spellings(void **state)
{
    (void)state;
    uint32_t init[8] = {5, 5, 5, 5, 0xf0f0f0f0u, 0xf0f0f0f0u, 0, 0};
    wt_array a = mk(1, 32, WT_CHANNEL_UNSIGNED, 8, 0, 0, 0, init);
    wt_surf s = surf_of(a);
    (void)wt_get_last_error();
    wt_sured_b_add_1d_u32_trap(s, 0, -1);     /* 5 + 0xffffffff wraps to 4 */
    wt_sured_b_min_1d_u32_trap(s, 4, -1);     /* unsigned: 5 stays */
    wt_sured_b_min_1d_s32_trap(s, 8, -1);     /* signed: -1 */
    wt_sured_b_max_1d_s32_clamp(s, 12, -1);   /* signed: 5 stays */
    wt_sured_b_and_1d_b32_zero(s, 16, 0x0ff00ff0);
    wt_sured_b_or_1d_b32_trap(s, 20, 0x0f);
    wt_sured_b_add_1d_u64_trap(s, 24, -1);    /* 0 + 2^64-1 over elements 6 and 7 */
    wt_sured_b_add_1d_s32_clamp(s, 1000, 3);  /* clamps to element 7 */
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    uint32_t m[8];
    assert_int_equal(wt_memcpy_from_array(m, 32, a, 0, 0, 0, 8, 1, 1), WT_SUCCESS);
    static const uint32_t want[8] = {4, 5, 0xffffffffu, 5, 0x00f000f0u, 0xf0f0f0ffu, 0xffffffffu, 2};
    assert_memory_equal(m, want, sizeof want);
    wt_sured_b_max_1d_u64_trap(s, 24, 1);
    wt_sured_b_max_1d_s64_trap(s, 24, 1);     /* 0x00000002ffffffff > 1 signed too */
    wt_sured_b_min_1d_s64_trap(s, 24, -5);
    assert_int_equal(wt_memcpy_from_array(m, 32, a, 0, 0, 0, 8, 1, 1), WT_SUCCESS);
    assert_true(m[6] == 0xfffffffbu && m[7] == 0xffffffffu);
    wt_sured_b_min_1d_u64_trap(s, 24, 7);
    assert_int_equal(wt_memcpy_from_array(m, 32, a, 0, 0, 0, 8, 1, 1), WT_SUCCESS);
    assert_true(m[6] == 7 && m[7] == 0);
    /* sured.p on a one-channel u32 surface: x counts samples; .b64 traps */
    wt_sured_p_add_1d_b32_trap(s, 1, 10);
    wt_sured_p_max_1d_b32_trap(s, 2, 1); /* unsigned format: 0xffffffff stays */
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    wt_sured_p_min_1d_b64_clamp(s, 0, 0);
    assert_int_equal(wt_peek_last_error(), WT_ERROR_TRAP);
    assert_non_null(strstr(wt_last_error_message(), "sured.p.min.1d.b64.clamp"));
    assert_non_null(strstr(wt_last_error_message(), "two-channel 32-bit integer format ([semantics#decision-sured-p-forms])"));
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    wt_sured_p_add_1d_b32_trap(s, 8, 1); /* past the row: the address, not the format */
    assert_non_null(strstr(wt_last_error_message(), "out of range or misaligned"));
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    assert_int_equal(wt_memcpy_from_array(m, 32, a, 0, 0, 0, 8, 1, 1), WT_SUCCESS);
    assert_true(m[0] == 4 && m[1] == 15 && m[2] == 0xffffffffu);
    done(s, a);

    /* 2D/3D spellings on signed two-channel 32-bit (sured.p .b64 as s64) */
    int32_t rg[2 * 2 * 2 * 2] = {0};
    rg[15] = -1; /* element (1, 1, 1) = 0xffffffff00000000: negative */
    wt_array b = mk(2, 32, WT_CHANNEL_SIGNED, 2, 2, 2, 0, rg);
    wt_surf t = surf_of(b);
    wt_sured_p_max_3d_b64_trap(t, 1, 1, 1, -7);   /* -7 > -2^32: replaces it */
    wt_sured_p_min_3d_b64_zero(t, 0, 0, 0, -1);   /* -1 < 0 */
    wt_sured_p_min_3d_b64_zero(t, 2, 0, 0, -9);   /* outside: dropped */
    wt_sured_b_add_3d_u32_trap(t, 4, 1, 0, 6);    /* .b: byte 4 of row (1, z 0) is G of element 0 */
    wt_sured_b_or_2d_b32_trap(t, 0, 0, 1);        /* a 2d spelling on a 3D surface is refused */
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_SURFACE);
    wt_sured_p_add_3d_b32_zero(t, 0, 0, 0, 1);    /* .b32 on a two-channel format: [semantics#decision-sured-p-forms] trap */
    assert_int_equal(wt_peek_last_error(), WT_ERROR_TRAP);
    assert_non_null(strstr(wt_last_error_message(), "one-channel 32-bit integer format ([semantics#decision-sured-p-forms])"));
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    int32_t m2[16];
    assert_int_equal(wt_memcpy_from_array(m2, 16, b, 0, 0, 0, 2, 2, 2), WT_SUCCESS);
    assert_true(m2[0] == -1 && m2[1] == -1 && m2[5] == 6 && m2[14] == -7 && m2[15] == -1);
    for (int i = 2; i < 14; i++)
        if (i != 5)
            assert_int_equal(m2[i], 0);
    done(t, b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eight_bit_loads_high_byte_zero),
        cmocka_unit_test(eight_bit_stores_ignore_high_byte),
        cmocka_unit_test(measured_3d_and_layered),
        cmocka_unit_test(sust_p_known_answers),
        cmocka_unit_test(sured_spellings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
