/* test_surface_object.c -- wt_create_surface_object / destroy, suq values, surfaces through the public API
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "warptex.h"
#include "core/internal.h"

static wt_array mk_array(int nch, int bits, wt_channel_kind kind, size_t w, size_t h, size_t d, unsigned flags)
{
    wt_channel_desc cd = wt_make_channel_desc(bits, nch >= 2 ? bits : 0, nch >= 4 ? bits : 0, nch >= 4 ? bits : 0,
                                              kind);
    wt_array a = NULL;
    assert_int_equal(wt_malloc_array(&a, &cd, w, h, d, flags), WT_SUCCESS);
    return a;
}

static wt_resource_desc res_array(wt_array a)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = a;
    return r;
}

static int32_t suq(wt_surf s, int q)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_SUQ;
    op.query = (uint8_t)q;
    int32_t v = -1;
    assert_int_equal(wt_query(&op, s, 0, &v), WT_SUCCESS);
    return v;
}

static void create_errors(void **state)
{
    (void)state;
    wt_surf s = 123;
    wt_array plain = mk_array(1, 32, WT_CHANNEL_UNSIGNED, 8, 4, 0, WT_ARRAY_DEFAULT);
    wt_resource_desc r = res_array(plain);
    assert_int_equal(wt_create_surface_object(NULL, &r), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_create_surface_object(&s, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(s, 0);
    s = 123;
    /* cudaErrorInvalidValue without cudaArraySurfaceLoadStore */
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    assert_int_equal(s, 0);
    assert_non_null(strstr(wt_last_error_message(), "wt_create_surface_object()"));
    assert_non_null(strstr(wt_last_error_message(), "WT_ARRAY_SURFACE_LOAD_STORE"));
    assert_int_equal(atomic_load(&plain->refs), 1); /* no reference left behind */
    assert_int_equal(wt_free_array(plain), WT_SUCCESS);
    r.res.array.array = NULL;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    /* a mipmapped array as a whole, and no type at all */
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_mipmapped_array mm = NULL;
    assert_int_equal(wt_malloc_mipmapped_array(&mm, &cd, 8, 8, 0, 2, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = mm;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_RESOURCE_TYPE);
    r.type = (wt_resource_type)99;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_RESOURCE_TYPE);
    assert_int_equal(wt_free_mipmapped_array(mm), WT_SUCCESS);
    /* multisample arrays are not surfaces */
    wt_array ms = NULL;
    assert_int_equal(wt_malloc_multisample_array(&ms, &cd, 4, 4, 0, 4, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    r = res_array(ms);
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_array(ms), WT_SUCCESS);
    /* linear and pitch2D validation */
    uint32_t buf[64];
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.desc = cd;
    r.res.linear.size_in_bytes = sizeof buf;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE); /* NULL pointer */
    r.res.linear.dev_ptr = (uint8_t *)buf + 2;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE); /* misaligned */
    r.res.linear.dev_ptr = buf;
    r.res.linear.size_in_bytes = 3;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE); /* no element */
    r.res.linear.size_in_bytes = sizeof buf;
    r.res.linear.desc = wt_make_channel_desc(24, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_CHANNEL_DESCRIPTOR);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = buf;
    r.res.pitch2d.desc = cd;
    r.res.pitch2d.width = 5;
    r.res.pitch2d.height = 3;
    r.res.pitch2d.pitch_in_bytes = 16; /* < 5 * 4 */
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    r.res.pitch2d.pitch_in_bytes = 22; /* not a multiple of 4 */
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    r.res.pitch2d.pitch_in_bytes = 20;
    r.res.pitch2d.height = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    /* a pitch whose rows' offsets would wrap the address space */
    r.res.pitch2d.height = 3;
    r.res.pitch2d.pitch_in_bytes = (SIZE_MAX / 2) & ~(size_t)3;
    s = 55;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    assert_int_equal(s, 0);
    assert_non_null(strstr(wt_last_error_message(), "overflows"));
    r.res.pitch2d.pitch_in_bytes = 20;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
}

/* [semantics#surface-out-of-range]'s 8x4 vectors through wt_surf_warp and the NVVM-named lane calls. */
static void measured_through_api(void **state)
{
    (void)state;
    wt_array a = mk_array(1, 32, WT_CHANNEL_UNSIGNED, 8, 4, 0, WT_ARRAY_SURFACE_LOAD_STORE);
    uint32_t img[32];
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 8; x++)
            img[y * 8 + x] = 0x1000 * y + x;
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, img, 32, 8, 4, 1), WT_SUCCESS);
    wt_resource_desc r = res_array(a);
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_true(s != 0);

    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_SULD;
    op.mode = WT_SURF_B;
    op.geom = WT_GEOM_2D;
    op.vec = 1;
    op.bits = 32;
    op.clamp = WT_CLAMP_CLAMP;
    static wt_surf_args in;
    static wt_surf_result out;
    memset(&in, 0, sizeof in);
    const int32_t xs[3] = {-8, 4, 1000}, ys[3] = {-2, -2, 9};
    for (int l = 0; l < 3; l++) {
        in.c[0][l] = xs[l];
        in.c[1][l] = ys[l];
    }
    assert_int_equal(wt_surf_warp(&op, s, 0x7u, &in, &out), WT_SUCCESS);
    assert_int_equal(out.trap, 0);
    assert_int_equal(out.d[0][0], 0x0);
    assert_int_equal(out.d[0][1], 0x1);
    assert_int_equal(out.d[0][2], 0x3007);
    assert_int_equal(wt_suld_2d_i32_clamp(s, 1000, 9), 0x3007);
    assert_int_equal(wt_suld_2d_i32_zero(s, 1000, 9), 0);
    /* .trap through the warp call: lane 1 traps */
    op.clamp = WT_CLAMP_TRAP;
    assert_int_equal(wt_surf_warp(&op, s, 0x7u, &in, &out), WT_ERROR_TRAP);
    assert_int_equal(out.trap, 0x7u);
    in.c[0][1] = 4;
    in.c[1][1] = 1;
    in.c[0][0] = 0;
    in.c[1][0] = 0;
    in.c[0][2] = 28;
    in.c[1][2] = 3;
    assert_int_equal(wt_surf_warp(&op, s, 0x7u, &in, &out), WT_SUCCESS);
    assert_int_equal(out.d[0][1], 0x1001);
    /* stores land in the array */
    wt_sust_b_2d_i32_clamp(s, 1000, 9, (int32_t)0xabcdef01);
    uint32_t back[32];
    assert_int_equal(wt_memcpy_from_array(back, 32, a, 0, 0, 0, 8, 4, 1), WT_SUCCESS);
    assert_int_equal(back[31], 0xabcdef01u);
    assert_int_equal(back[30], 0x3006);
    /* sured through the lane entry */
    wt_sured_b_add_1d_u32_trap(s, 0, 5);
    (void)wt_get_last_error(); /* a 1d op on a 2D surface is refused, not run */
    assert_int_equal(wt_memcpy_from_array(back, 32, a, 0, 0, 0, 8, 4, 1), WT_SUCCESS);
    assert_int_equal(back[0], 0);
    wt_sured_b_add_2d_u32_trap(s, 4, 2, 5);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_int_equal(wt_memcpy_from_array(back, 32, a, 0, 0, 0, 8, 4, 1), WT_SUCCESS);
    assert_int_equal(back[17], 0x2001 + 5);

    /* the object holds the storage: free the array, the surface still works */
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_suld_2d_i32_trap(s, 28, 3), (int32_t)0xabcdef01);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_suld_2d_i32_clamp(s, 0, 0), 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
}

typedef struct qcase {
    int nch, bits;
    wt_channel_kind kind;
    size_t w, h, d;
    unsigned flags;
    int32_t want[7]; /* width height depth data_type order array_size memory_layout */
} qcase;

/* [semantics#queries] / [semantics#decision-query-values] (cubemaps: array_size counts the 6*cubes slices the
 * a2d layer index addresses). */
static void queries(void **state)
{
    (void)state;
    const unsigned S = WT_ARRAY_SURFACE_LOAD_STORE;
    static const qcase cases[] = {
        {1, 32, WT_CHANNEL_UNSIGNED, 7, 0, 0, 0, {7, 1, 1, 0x10DC, 0x10B0, 0, 0}},
        {2, 16, WT_CHANNEL_SIGNED, 7, 5, 0, 0, {7, 5, 1, 0x10D8, 0x10B2, 0, 0}},
        {4, 8, WT_CHANNEL_UNSIGNED_NORMALIZED, 4, 3, 2, 0, {4, 3, 2, 0x10D2, 0x10B5, 0, 0}},
        {4, 8, WT_CHANNEL_UNSIGNED, 4, 3, 0, 0, {4, 3, 1, 0x10DA, 0x10B5, 0, 0}},
        {1, 16, WT_CHANNEL_SIGNED_NORMALIZED, 9, 0, 5, WT_ARRAY_LAYERED, {9, 1, 1, 0x10D1, 0x10B0, 5, 0}},
        {2, 16, WT_CHANNEL_FLOAT, 6, 4, 3, WT_ARRAY_LAYERED, {6, 4, 1, 0x10DD, 0x10B2, 3, 0}},
        {1, 32, WT_CHANNEL_FLOAT, 8, 8, 6, WT_ARRAY_CUBEMAP, {8, 8, 1, 0x10DE, 0x10B0, 6, 0}},
        {1, 8, WT_CHANNEL_SIGNED, 4, 4, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, {4, 4, 1, 0x10D7, 0x10B0, 12, 0}},
        {1, 16, WT_CHANNEL_UNSIGNED_NORMALIZED, 3, 0, 0, 0, {3, 1, 1, 0x10D3, 0x10B0, 0, 0}},
        {1, 8, WT_CHANNEL_SIGNED_NORMALIZED, 3, 0, 0, 0, {3, 1, 1, 0x10D0, 0x10B0, 0, 0}},
        {1, 16, WT_CHANNEL_UNSIGNED, 3, 0, 0, 0, {3, 1, 1, 0x10DB, 0x10B0, 0, 0}},
        {1, 32, WT_CHANNEL_SIGNED, 3, 0, 0, 0, {3, 1, 1, 0x10D9, 0x10B0, 0, 0}},
    };
    static const int q[7] = {WT_Q_WIDTH, WT_Q_HEIGHT, WT_Q_DEPTH, WT_Q_CHANNEL_DATA_TYPE, WT_Q_CHANNEL_ORDER,
                             WT_Q_ARRAY_SIZE, WT_Q_MEMORY_LAYOUT};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const qcase *c = &cases[i];
        wt_array a = mk_array(c->nch, c->bits, c->kind, c->w, c->h, c->d, c->flags | S);
        wt_resource_desc r = res_array(a);
        wt_surf s = 0;
        assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
        for (int k = 0; k < 7; k++) {
            if (suq(s, q[k]) != c->want[k]) {
                print_error("case %zu query %d: got 0x%x want 0x%x\n", i, q[k], suq(s, q[k]), c->want[k]);
                fail();
            }
        }
        assert_int_equal(wt_suq_width(s), c->want[0]);
        assert_int_equal(wt_suq_array_size(s), c->want[5]);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
    /* linear and pitch2D: memory_layout 1 */
    static float buf[40];
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = buf;
    r.res.linear.desc = wt_make_channel_desc(32, 32, 0, 0, WT_CHANNEL_FLOAT);
    r.res.linear.size_in_bytes = sizeof buf;
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(suq(s, WT_Q_WIDTH), 20);
    assert_int_equal(suq(s, WT_Q_HEIGHT), 1);
    assert_int_equal(suq(s, WT_Q_CHANNEL_ORDER), 0x10B2);
    assert_int_equal(suq(s, WT_Q_MEMORY_LAYOUT), 1);
    assert_int_equal(suq(s, WT_Q_ARRAY_SIZE), 0);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = buf;
    r.res.pitch2d.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    r.res.pitch2d.width = 5;
    r.res.pitch2d.height = 4;
    r.res.pitch2d.pitch_in_bytes = 40;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(suq(s, WT_Q_WIDTH), 5);
    assert_int_equal(suq(s, WT_Q_HEIGHT), 4);
    assert_int_equal(suq(s, WT_Q_MEMORY_LAYOUT), 1);
    /* the row is width*4 = 20 bytes, not the 40-byte pitch ([semantics#surface-out-of-range] .clamp) */
    for (int i = 0; i < 40; i++)
        buf[i] = (float)i;
    uint32_t want;
    float f = 14.0f; /* row 1, element 4 */
    memcpy(&want, &f, 4);
    assert_int_equal((uint32_t)wt_suld_2d_i32_clamp(s, 1000, 1), want);
    assert_int_equal(wt_suld_2d_i32_zero(s, 20, 1), 0);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
}

/* Cubemaps are 2D layered surfaces with layer = 6*cube + face. */
static void cubemap_layers(void **state)
{
    (void)state;
    wt_array a = mk_array(1, 32, WT_CHANNEL_UNSIGNED, 4, 4, 12,
                          WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED | WT_ARRAY_SURFACE_LOAD_STORE);
    wt_resource_desc r = res_array(a);
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    /* cube 1, face 2 -> slice 8; (x 2, y 3) */
    wt_sust_b_2d_array_i32_clamp(s, 8, 8, 3, 0x5151);
    /* a layer past the end writes the last slice ([semantics#decision-layer-past-end]) */
    wt_sust_b_2d_array_i32_trap(s, 100, 0, 0, 0x7777);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    uint32_t face[16];
    assert_int_equal(wt_memcpy_from_array(face, 16, a, 0, 0, 8, 4, 4, 1), WT_SUCCESS);
    assert_int_equal(face[3 * 4 + 2], 0x5151);
    assert_int_equal(wt_memcpy_from_array(face, 16, a, 0, 0, 11, 4, 4, 1), WT_SUCCESS);
    assert_int_equal(face[0], 0x7777);
    assert_int_equal(wt_suld_2d_array_i32_zero(s, 8, 8, 3), 0x5151);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* One level of a mipmapped array made with WT_ARRAY_SURFACE_LOAD_STORE. */
static void mip_level_surface(void **state)
{
    (void)state;
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    wt_mipmapped_array mm = NULL;
    assert_int_equal(wt_malloc_mipmapped_array(&mm, &cd, 8, 8, 0, 3, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    wt_array l1 = NULL;
    assert_int_equal(wt_get_mipmapped_array_level(&l1, mm, 1), WT_SUCCESS);
    wt_resource_desc r = res_array(l1);
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(wt_suq_width(s), 4);
    assert_int_equal(wt_suq_height(s), 4);
    wt_sust_b_2d_i32_clamp(s, 400, 400, 99);
    uint32_t lv[16];
    assert_int_equal(wt_memcpy_from_array(lv, 16, l1, 0, 0, 0, 4, 4, 1), WT_SUCCESS);
    assert_int_equal(lv[15], 99);
    for (int i = 0; i < 15; i++)
        assert_int_equal(lv[i], 0);
    /* the surface keeps the storage after the mipmapped array is freed */
    assert_int_equal(wt_free_mipmapped_array(mm), WT_SUCCESS);
    assert_int_equal(wt_suld_2d_i32_trap(s, 12, 3), 99);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
}

/* An allocation failure leaves no object and no array reference behind. */
static void alloc_failure(void **state)
{
    (void)state;
    wt_array a = mk_array(1, 32, WT_CHANNEL_UNSIGNED, 8, 0, 0, WT_ARRAY_SURFACE_LOAD_STORE);
    wt_resource_desc r = res_array(a);
    wt_surf s = 77;
    wt_debug_fail_alloc_after(1);
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_OUT_OF_MEMORY);
    wt_debug_fail_alloc_after(0);
    assert_int_equal(s, 0);
    assert_int_equal(atomic_load(&a->refs), 1);
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(atomic_load(&a->refs), 2);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(atomic_load(&a->refs), 1);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(create_errors),
        cmocka_unit_test(measured_through_api),
        cmocka_unit_test(queries),
        cmocka_unit_test(cubemap_layers),
        cmocka_unit_test(mip_level_surface),
        cmocka_unit_test(alloc_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
