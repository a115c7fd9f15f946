/* test_rb_limits.c -- sizes at and one past every [semantics#limits] limit, per array kind, linear and pitch2D; view errors
 * SPDX-License-Identifier: MIT
 *
 * tests/core/test_arrays.c covers the 1D, 1D layered, 3D width/depth and
 * cubemap-layered counts; this adds every other axis of every kind (one axis
 * at its limit, the others 1, so nothing large is allocated), the surface
 * limits, linear 2^28 elements and pitch2D 131072 x 65000, and the resource
 * view errors test_texture_object.c does not reach. */
#include "rb_util.h"

typedef struct lcase {
    size_t w, h, d;
    unsigned flags;
    wt_status want;
} lcase;

static void array_limits_every_kind(void **state)
{
    (void)state;
    const unsigned L = WT_ARRAY_LAYERED, C = WT_ARRAY_CUBEMAP, S = WT_ARRAY_SURFACE_LOAD_STORE,
                   G = WT_ARRAY_TEXTURE_GATHER;
    const wt_status OK = WT_SUCCESS, BAD = WT_ERROR_INVALID_VALUE;
    const lcase cases[] = {
        /* 2D texture 131072 x 65536 */
        {131072, 1, 0, 0, OK}, {1, 65536, 0, 0, OK}, {131073, 1, 0, 0, BAD}, {1, 65537, 0, 0, BAD},
        /* 2D supporting gather 32768 x 32768 */
        {32768, 1, 0, G, OK}, {1, 32768, 0, G, OK}, {1, 32769, 0, G, BAD},
        /* 2D layered 32768 x 32768 x 2048 */
        {32768, 1, 1, L, OK}, {1, 32768, 1, L, OK}, {1, 1, 2048, L, OK},
        {32769, 1, 1, L, BAD}, {1, 32769, 1, L, BAD}, {1, 1, 2049, L, BAD},
        /* 3D 16384^3: the height axis */
        {1, 16384, 1, 0, OK}, {1, 1, 16384, 0, OK}, {1, 16385, 1, 0, BAD},
        /* cubemap 32768 (6 faces), cubemap layered x 2046 layers (341 cubes) */
        {32769, 32769, 6, C, BAD}, {1, 1, 2046, C | L, OK}, {1, 1, 2052, C | L, BAD},
        {32769, 32769, 6, C | L, BAD},
        /* surfaces: 1D 32768, 1D layered 32768 x 2048, 2D 131072 x 65536,
         * 2D layered 32768 x 32768 x 1048 (as NVIDIA prints it), 3D 16384^3,
         * cubemap layered x 2046 */
        {32768, 0, 0, S, OK}, {32769, 0, 0, S, BAD}, {32768, 0, 1, S | L, OK}, {1, 0, 2048, S | L, OK},
        {32769, 0, 1, S | L, BAD}, {1, 0, 2049, S | L, BAD}, {131072, 1, 0, S, OK}, {1, 65536, 0, S, OK},
        {131073, 1, 0, S, BAD}, {1, 65537, 0, S, BAD}, {1, 1, 1048, S | L, OK}, {1, 1, 1049, S | L, BAD},
        {32768, 1, 1, S | L, OK}, {1, 32769, 1, S | L, BAD}, {16384, 1, 1, S, OK}, {1, 1, 16385, S, BAD},
        {1, 1, 2046, S | C | L, OK}, {1, 1, 2052, S | C | L, BAD},
    };
    wt_channel_desc cd = rb_cd(1, 8, WT_CHANNEL_UNSIGNED);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wt_array a = NULL;
        wt_status st = wt_malloc_array(&a, &cd, cases[i].w, cases[i].h, cases[i].d, cases[i].flags);
        if (st != cases[i].want)
            fail_msg("case %zu (%zu x %zu x %zu, flags 0x%x): got %s want %s (%s)", i, cases[i].w, cases[i].h,
                     cases[i].d, cases[i].flags, wt_status_string(st), wt_status_string(cases[i].want),
                     wt_last_error_message());
        if (st == WT_SUCCESS) {
            /* the edge texel is addressable through a copy */
            uint8_t one = 0x5a, back = 0;
            size_t zl = cases[i].d ? cases[i].d - 1 : 0;
            size_t yl = cases[i].h ? cases[i].h - 1 : 0;
            assert_int_equal(wt_memcpy_to_array(a, cases[i].w - 1, yl, zl, &one, 1, 1, 1, 1), WT_SUCCESS);
            assert_int_equal(wt_memcpy_from_array(&back, 1, a, cases[i].w - 1, yl, zl, 1, 1, 1), WT_SUCCESS);
            assert_int_equal(back, 0x5a);
            assert_int_equal(wt_free_array(a), WT_SUCCESS);
        } else {
            assert_null(a);
            assert_non_null(strstr(wt_last_error_message(), "wt_malloc_array()"));
        }
    }
    /* mipmapped arrays check the same limits */
    wt_mipmapped_array m = NULL;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &cd, 131073, 0, 0, 1, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &cd, 1, 1, 16385, 1, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &cd, 16384, 1, 1, 15, 0), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* Linear: 1..2^28 elements; pitch2D: 1..131072 x 1..65000 ([semantics#limits]).  The
 * memory is never read at creation, so one small buffer stands in. */
static void linear_and_pitch_limits(void **state)
{
    (void)state;
    static uint32_t mem[16];
    wt_texture_desc td = rb_desc0();
    const size_t lin[][2] = {{1u << 28, WT_SUCCESS}, {(1u << 28) + 1, WT_ERROR_INVALID_VALUE}};
    for (int surf = 0; surf < 2; surf++) {
        for (size_t i = 0; i < 2; i++) {
            wt_resource_desc r;
            memset(&r, 0, sizeof r);
            r.type = WT_RESOURCE_LINEAR;
            r.res.linear.dev_ptr = mem;
            r.res.linear.desc = rb_cd(1, 8, WT_CHANNEL_UNSIGNED);
            r.res.linear.size_in_bytes = lin[i][0];
            uint64_t h = 0;
            wt_status st = surf ? wt_create_surface_object(&h, &r) : wt_create_texture_object(&h, &r, &td, NULL);
            assert_int_equal(st, (wt_status)lin[i][1]);
            if (st == WT_SUCCESS) {
                wt_op q = {.family = (uint8_t)(surf ? WT_FAMILY_SUQ : WT_FAMILY_TXQ), .query = WT_Q_WIDTH};
                int32_t v = 0;
                assert_int_equal(wt_query(&q, h, 0, &v), WT_SUCCESS);
                assert_int_equal(v, 1 << 28);
                assert_int_equal(surf ? wt_destroy_surface_object(h) : wt_destroy_texture_object(h), WT_SUCCESS);
            } else {
                assert_int_equal(h, 0);
            }
        }
        static const struct { size_t w, h; wt_status want; } pc[] = {
            {131072, 65000, WT_SUCCESS}, {131073, 1, WT_ERROR_INVALID_VALUE}, {1, 65001, WT_ERROR_INVALID_VALUE},
            {0, 1, WT_ERROR_INVALID_VALUE}, {1, 0, WT_ERROR_INVALID_VALUE},
        };
        for (size_t i = 0; i < sizeof pc / sizeof pc[0]; i++) {
            wt_resource_desc r;
            memset(&r, 0, sizeof r);
            r.type = WT_RESOURCE_PITCH2D;
            r.res.pitch2d.dev_ptr = mem;
            r.res.pitch2d.desc = rb_cd(1, 8, WT_CHANNEL_UNSIGNED);
            r.res.pitch2d.width = pc[i].w;
            r.res.pitch2d.height = pc[i].h;
            r.res.pitch2d.pitch_in_bytes = 131072;
            uint64_t h = 0;
            wt_status st = surf ? wt_create_surface_object(&h, &r) : wt_create_texture_object(&h, &r, &td, NULL);
            if (st != pc[i].want)
                fail_msg("pitch2d %s case %zu: got %s", surf ? "surface" : "texture", i, wt_status_string(st));
            if (st == WT_SUCCESS)
                assert_int_equal(surf ? wt_destroy_surface_object(h) : wt_destroy_texture_object(h), WT_SUCCESS);
        }
    }
}

/* View and descriptor errors not covered by tests/core/test_texture_object.c. */
static void view_errors(void **state)
{
    (void)state;
    wt_texture_desc td = rb_desc0();
    wt_tex t = 0;
    wt_resource_view_desc v;
    /* a plain 2D array: no levels, no layers to select */
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 4, 4, 0, 0, NULL);
    wt_resource_desc r = rb_res_array(a);
    memset(&v, 0, sizeof v);
    v.last_mipmap_level = 1;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    memset(&v, 0, sizeof v);
    v.first_layer = 0;
    v.last_layer = 1;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    memset(&v, 0, sizeof v);
    v.width = 5; /* must equal the array's */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    memset(&v, 0, sizeof v);
    v.format = wt_make_channel_desc(8, 8, 8, 0, WT_CHANNEL_UNSIGNED); /* 3 channels */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_CHANNEL_DESCRIPTOR);
    /* reinterpretation decides filtering: u32 viewed as f32 filters, u8x4
     * read as element type does not */
    memset(&v, 0, sizeof v);
    v.format = rb_cd(1, 32, WT_CHANNEL_FLOAT);
    td.filter_mode = WT_FILTER_LINEAR;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    v.format = rb_cd(4, 8, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_FILTER_SETTING);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    v.format = rb_cd(2, 16, WT_CHANNEL_UNSIGNED_NORMALIZED); /* same 4 bytes, always normalised */
    td.read_mode = WT_READ_ELEMENT_TYPE;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    v.format = rb_cd(4, 16, WT_CHANNEL_FLOAT); /* 8 bytes over 4 */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    td = rb_desc0();
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* layered: first > last, last past the end; a valid sub-range reads the
     * right layers (layer 0 of the view is array layer 1) */
    float lay[4] = {10, 11, 12, 13};
    a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 1, 1, 4, WT_ARRAY_LAYERED, lay);
    r = rb_res_array(a);
    memset(&v, 0, sizeof v);
    v.first_layer = 3;
    v.last_layer = 2;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    v.first_layer = 2;
    v.last_layer = 4;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    v.first_layer = 1;
    v.last_layer = 2;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_SUCCESS);
    assert_int_equal(wt_txq_array_size(t), 2);
    assert_int_equal(rb_fb(wt_tex_unified_2d_array_v4f32_f32(t, 0, 0.5f, 0.5f).x), rb_fb(11.0f));
    assert_int_equal(rb_fb(wt_tex_unified_2d_array_v4f32_f32(t, 9, 0.5f, 0.5f).x), rb_fb(12.0f)); /* last of the view */
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* mipmapped: first > last; no normalised coordinates even with a view */
    wt_mipmapped_array m = NULL;
    wt_channel_desc cd = rb_cd(1, 32, WT_CHANNEL_FLOAT);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &cd, 8, 8, 0, 4, 0), WT_SUCCESS);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    memset(&v, 0, sizeof v);
    v.first_mipmap_level = 1;
    v.last_mipmap_level = 1;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_NORMALIZED_SETTING);
    td.normalized_coords = 1;
    v.first_mipmap_level = 3;
    v.last_mipmap_level = 2;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    v.first_mipmap_level = 4;
    v.last_mipmap_level = 4;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    /* an integer view of a float mip chain with a linear mip filter ([semantics#decision-int-linear-mip]) */
    v.first_mipmap_level = 0;
    v.last_mipmap_level = 3;
    v.format = rb_cd(1, 32, WT_CHANNEL_SIGNED);
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_FILTER_SETTING);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    td = rb_desc0();

    /* multisample: a view must cover whole texel layers (all samples) */
    wt_array ms = NULL;
    assert_int_equal(wt_malloc_multisample_array(&ms, &cd, 2, 2, 3, 2, 0), WT_SUCCESS);
    r = rb_res_array(ms);
    memset(&v, 0, sizeof v);
    v.first_layer = 1;
    v.last_layer = 2;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    v.first_layer = 2;
    v.last_layer = 5;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_SUCCESS);
    assert_int_equal(wt_txq_array_size(t), 2);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(ms), WT_SUCCESS);

    /* views only apply to arrays; pitch2D keeps its filter (integers refuse
     * linear), linear memory ignores it ([semantics#resource-desc]) */
    static uint16_t mem[64];
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.desc = rb_cd(1, 16, WT_CHANNEL_UNSIGNED);
    r.res.pitch2d.width = 8;
    r.res.pitch2d.height = 8;
    r.res.pitch2d.pitch_in_bytes = 16;
    memset(&v, 0, sizeof v);
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    td.filter_mode = WT_FILTER_LINEAR;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_FILTER_SETTING);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = mem;
    r.res.linear.desc = rb_cd(1, 16, WT_CHANNEL_UNSIGNED);
    r.res.linear.size_in_bytes = sizeof mem;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    td.read_mode = WT_READ_ELEMENT_TYPE;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(array_limits_every_kind),
        cmocka_unit_test(linear_and_pitch_limits),
        cmocka_unit_test(view_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
