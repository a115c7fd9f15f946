/* test_texture_object.c -- texture object validation as CUDA does it, views, queries
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "warptex.h"

static wt_texture_desc desc0(void)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    return td;
}

static wt_resource_desc array_res(wt_array a)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = a;
    return r;
}

static int32_t txq(wt_tex t, wt_query_kind q, int32_t lod)
{
    wt_op op = {.family = WT_FAMILY_TXQ, .query = (uint8_t)q};
    int32_t v = -1;
    assert_int_equal(wt_query(&op, t, lod, &v), WT_SUCCESS);
    return v;
}

static void filter_settings(void **state)
{
    (void)state;
    static const struct { int bits; wt_channel_kind k; wt_read_mode rm; int linear_ok; } cases[] = {
        {8, WT_CHANNEL_UNSIGNED, WT_READ_ELEMENT_TYPE, 0},
        {8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT, 1},
        {16, WT_CHANNEL_SIGNED, WT_READ_NORMALIZED_FLOAT, 1},
        {32, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT, 0}, /* 32-bit never promoted */
        {32, WT_CHANNEL_SIGNED, WT_READ_ELEMENT_TYPE, 0},
        {16, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE, 1},
        {32, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE, 1},
        {8, WT_CHANNEL_UNSIGNED_NORMALIZED, WT_READ_ELEMENT_TYPE, 1}, /* always normalised */
        {16, WT_CHANNEL_SIGNED_NORMALIZED, WT_READ_ELEMENT_TYPE, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wt_channel_desc d = wt_make_channel_desc(cases[i].bits, 0, 0, 0, cases[i].k);
        wt_array a;
        assert_int_equal(wt_malloc_array(&a, &d, 4, 4, 0, 0), WT_SUCCESS);
        wt_resource_desc r = array_res(a);
        wt_texture_desc td = desc0();
        td.read_mode = cases[i].rm;
        td.filter_mode = WT_FILTER_LINEAR;
        wt_tex t;
        wt_status st = wt_create_texture_object(&t, &r, &td, NULL);
        assert_int_equal(st, cases[i].linear_ok ? WT_SUCCESS : WT_ERROR_INVALID_FILTER_SETTING);
        if (st == WT_SUCCESS)
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        else
            assert_non_null(strstr(wt_last_error_message(), "filter_mode"));
        /* [semantics#decision-int-linear-mip]: a linear mip filter is refused the same way */
        td.filter_mode = WT_FILTER_POINT;
        td.mipmap_filter_mode = WT_FILTER_LINEAR;
        st = wt_create_texture_object(&t, &r, &td, NULL);
        assert_int_equal(st, cases[i].linear_ok ? WT_SUCCESS : WT_ERROR_INVALID_FILTER_SETTING);
        if (st == WT_SUCCESS)
            wt_destroy_texture_object(t);
        /* a texture keeps the array alive after the user frees it */
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
}

static void bad_descriptors(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &d, 4, 4, 0, 0), WT_SUCCESS);
    wt_resource_desc r = array_res(a);
    wt_tex t;
    wt_texture_desc td = desc0();
    td.address_mode[1] = (wt_address_mode)7;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    assert_string_equal(wt_last_error_message(),
                        "wt_create_texture_object(): address_mode[1] = 7 is not a wt_address_mode");
    td = desc0();
    td.address_mode[0] = WT_ADDRESS_CLAMP_OGL; /* sampler objects only */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    td = desc0();
    td.filter_mode = (wt_filter_mode)2;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    td = desc0();
    td.read_mode = (wt_read_mode)-1;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    td = desc0();
    td.min_mipmap_level_clamp = NAN; /* [semantics#decision-nan-lod] */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    td = desc0();
    td.max_mipmap_level_clamp = NAN;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    td = desc0();
    assert_int_equal(wt_create_texture_object(NULL, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_create_texture_object(&t, NULL, &td, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_create_texture_object(&t, &r, NULL, NULL), WT_ERROR_INVALID_VALUE);
    wt_resource_desc bad = r;
    bad.type = (wt_resource_type)9;
    assert_int_equal(wt_create_texture_object(&t, &bad, &td, NULL), WT_ERROR_INVALID_RESOURCE_TYPE);
    bad = r;
    bad.res.array.array = NULL;
    assert_int_equal(wt_create_texture_object(&t, &bad, &td, NULL), WT_ERROR_INVALID_VALUE);
    /* NaN bias counts as 0 ([semantics#decision-nan-bias]); anisotropy is clamped to [1, 16] */
    td.mipmap_level_bias = NAN;
    td.max_anisotropy = 99;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    wt_texture_desc eff;
    assert_int_equal(wt_get_texture_object_texture_desc(&eff, t), WT_SUCCESS);
    assert_true(eff.mipmap_level_bias == 0.0f);
    assert_int_equal(eff.max_anisotropy, 16);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_get_texture_object_texture_desc(&eff, t), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    /* the freed array is no longer accepted */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
}

static void mipmapped_needs_normalized(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_mipmapped_array m;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 16, 8, 0, 5, 0), WT_SUCCESS);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    wt_texture_desc td = desc0();
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_NORMALIZED_SETTING);
    td.normalized_coords = 1;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_NUM_MIPMAP_LEVELS, 0), 5);
    assert_int_equal(txq(t, WT_Q_WIDTH, 0), 16);
    assert_int_equal(txq(t, WT_Q_LEVEL_WIDTH, 3), 2);
    assert_int_equal(txq(t, WT_Q_LEVEL_HEIGHT, 3), 1);
    assert_int_equal(txq(t, WT_Q_LEVEL_WIDTH, 4), 1);
    wt_op op = {.family = WT_FAMILY_TXQ, .query = WT_Q_LEVEL_WIDTH};
    int32_t v;
    assert_int_equal(wt_query(&op, t, 5, &v), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_query(&op, t, -1, &v), WT_ERROR_INVALID_VALUE);
    assert_int_equal(txq(t, WT_Q_CHANNEL_DATA_TYPE, 0), 0x10DA); /* CL_UNSIGNED_INT8 */
    assert_int_equal(txq(t, WT_Q_CHANNEL_ORDER, 0), 0x10B5);     /* CL_RGBA */
    assert_int_equal(txq(t, WT_Q_NORMALIZED_COORDS, 0), 1);
    assert_int_equal(txq(t, WT_Q_ADDR_MODE_0, 0), 0); /* wrap */
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);

    /* views: levels [1, 3] -> 3 levels starting at 8x4 */
    wt_resource_view_desc v2;
    memset(&v2, 0, sizeof v2);
    v2.first_mipmap_level = 1;
    v2.last_mipmap_level = 3;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v2), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_NUM_MIPMAP_LEVELS, 0), 3);
    assert_int_equal(txq(t, WT_Q_WIDTH, 0), 8);
    assert_int_equal(txq(t, WT_Q_HEIGHT, 0), 4);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    v2.last_mipmap_level = 5;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v2), WT_ERROR_INVALID_VALUE);
    v2.last_mipmap_level = 3;
    v2.format = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT); /* same 4-byte element */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v2), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_CHANNEL_DATA_TYPE, 0), 0x10DE);
    assert_int_equal(txq(t, WT_Q_CHANNEL_ORDER, 0), 0x10B0);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    v2.format = wt_make_channel_desc(16, 0, 0, 0, WT_CHANNEL_FLOAT); /* 2-byte element: refused */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v2), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

static void layered_views_and_queries(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(16, 16, 0, 0, WT_CHANNEL_SIGNED);
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &d, 8, 8, 18, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED), WT_SUCCESS);
    wt_resource_desc r = array_res(a);
    wt_texture_desc td = desc0();
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.address_mode[0] = WT_ADDRESS_CLAMP;
    td.address_mode[1] = WT_ADDRESS_MIRROR;
    td.address_mode[2] = WT_ADDRESS_BORDER;
    td.filter_mode = WT_FILTER_LINEAR;
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_ARRAY_SIZE, 0), 3); /* cubes */
    assert_int_equal(txq(t, WT_Q_CHANNEL_DATA_TYPE, 0), 0x10D1); /* SNORM_INT16 */
    assert_int_equal(txq(t, WT_Q_CHANNEL_ORDER, 0), 0x10B2);     /* RG */
    assert_int_equal(txq(t, WT_Q_ADDR_MODE_0, 0), 3);            /* clamp_to_edge ([semantics#decision-clamp-ogl-samplers]) */
    assert_int_equal(txq(t, WT_Q_ADDR_MODE_1, 0), 1);
    assert_int_equal(txq(t, WT_Q_ADDR_MODE_2, 0), 4);
    assert_int_equal(txq(t, WT_Q_FILTER_MODE, 0), 1);
    assert_int_equal(txq(t, WT_Q_NUM_MIPMAP_LEVELS, 0), 0);
    assert_int_equal(txq(t, WT_Q_DEPTH, 0), 1);
    /* a tex.2d on a cubemap array is refused with a clear error */
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D};
    static wt_tex_args in;
    static wt_tex_result out;
    assert_int_equal(wt_tex_warp(&op, t, 0, 1, &in, &out), WT_ERROR_INVALID_TEXTURE);
    assert_non_null(strstr(wt_last_error_message(), ".acube"));
    op.geom = WT_GEOM_ACUBE;
    op.ctype = WT_CTYPE_S32; /* cubes need .f32 */
    assert_int_equal(wt_tex_warp(&op, t, 0, 1, &in, &out), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* cube views must cover whole cubes */
    wt_resource_view_desc v;
    memset(&v, 0, sizeof v);
    v.first_layer = 6;
    v.last_layer = 11;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_ARRAY_SIZE, 0), 1);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    v.first_layer = 3;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    v.first_layer = 12;
    v.last_layer = 23;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, &v), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

static void linear_and_pitch2d(void **state)
{
    (void)state;
    static uint16_t mem[64 * 4];
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.desc = wt_make_channel_desc(16, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    r.res.pitch2d.width = 30;
    r.res.pitch2d.height = 4;
    r.res.pitch2d.pitch_in_bytes = 128;
    wt_texture_desc td = desc0();
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_WIDTH, 0), 30);
    assert_int_equal(txq(t, WT_Q_HEIGHT, 0), 4);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    r.res.pitch2d.pitch_in_bytes = 58; /* < 30 * 2 */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    r.res.pitch2d.pitch_in_bytes = 128;
    r.res.pitch2d.dev_ptr = (uint8_t *)mem + 1; /* misaligned */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.height = 65001;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);

    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = mem;
    r.res.linear.desc = wt_make_channel_desc(16, 16, 0, 0, WT_CHANNEL_UNSIGNED);
    r.res.linear.size_in_bytes = sizeof mem;
    td.filter_mode = WT_FILTER_LINEAR; /* ignored for linear resources ([semantics#resource-desc]) */
    td.read_mode = WT_READ_ELEMENT_TYPE;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(txq(t, WT_Q_WIDTH, 0), 128);
    assert_int_equal(txq(t, WT_Q_FILTER_MODE, 0), 0);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    r.res.linear.size_in_bytes = 3; /* less than one element */
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    r.res.linear.dev_ptr = NULL;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
}

static void samplers(void **state)
{
    (void)state;
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.address_mode[0] = WT_ADDRESS_CLAMP_OGL;
    sd.address_mode[1] = WT_ADDRESS_BORDER;
    sd.filter_mode = WT_FILTER_LINEAR;
    sd.force_unnormalized_coords = 1;
    wt_sampler s;
    assert_int_equal(wt_create_sampler_object(&s, &sd), WT_SUCCESS);
    assert_int_equal(txq(s, WT_Q_ADDR_MODE_0, 0), 2); /* clamp_ogl */
    assert_int_equal(txq(s, WT_Q_ADDR_MODE_1, 0), 4);
    assert_int_equal(txq(s, WT_Q_FILTER_MODE, 0), 1);
    assert_int_equal(txq(s, WT_Q_FORCE_UNNORMALIZED_COORDS, 0), 1);
    wt_op op = {.family = WT_FAMILY_TXQ, .query = WT_Q_WIDTH};
    int32_t v;
    assert_int_equal(wt_query(&op, s, 0, &v), WT_ERROR_UNSUPPORTED);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_query(&op, s, 0, &v), WT_ERROR_INVALID_HANDLE);
    sd.address_mode[2] = (wt_address_mode)5;
    assert_int_equal(wt_create_sampler_object(&s, &sd), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_create_sampler_object(&s, NULL), WT_ERROR_INVALID_VALUE);
}

/* Every wt_texture_desc field is kept as given (cudaGetTextureObjectTextureDesc),
 * except where CUDA's rules change it: max_anisotropy clamped to [1, 16]
 * ([semantics#texture-desc]), a NaN bias counted as 0 ([semantics#decision-nan-bias]). */
static void every_desc_field_kept(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_mipmapped_array m;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 8, 8, 6, 3, WT_ARRAY_CUBEMAP), WT_SUCCESS);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    wt_texture_desc td = desc0();
    td.address_mode[0] = WT_ADDRESS_MIRROR;
    td.address_mode[1] = WT_ADDRESS_BORDER;
    td.address_mode[2] = WT_ADDRESS_WRAP;
    td.filter_mode = WT_FILTER_LINEAR;
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.srgb = 1;
    td.border_color[0] = 0.25f;
    td.border_color[1] = -1.5f;
    td.border_color[2] = 1e30f;
    td.border_color[3] = -0.0f;
    td.normalized_coords = 1;
    td.max_anisotropy = 8;
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    td.mipmap_level_bias = -0.75f;
    td.min_mipmap_level_clamp = 0.5f;
    td.max_mipmap_level_clamp = 1.75f;
    td.disable_trilinear_optimization = 1;
    td.seamless_cubemap = 1;
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    wt_texture_desc got;
    memset(&got, 0x5a, sizeof got);
    assert_int_equal(wt_get_texture_object_texture_desc(&got, t), WT_SUCCESS);
    for (int i = 0; i < 3; i++)
        assert_int_equal(got.address_mode[i], td.address_mode[i]);
    assert_int_equal(got.filter_mode, WT_FILTER_LINEAR);
    assert_int_equal(got.read_mode, WT_READ_NORMALIZED_FLOAT);
    assert_int_equal(got.srgb, 1);
    assert_memory_equal(got.border_color, td.border_color, sizeof td.border_color); /* bits, -0 too */
    assert_int_equal(got.normalized_coords, 1);
    assert_int_equal(got.max_anisotropy, 8);
    assert_int_equal(got.mipmap_filter_mode, WT_FILTER_LINEAR);
    assert_true(got.mipmap_level_bias == -0.75f);
    assert_true(got.min_mipmap_level_clamp == 0.5f);
    assert_true(got.max_mipmap_level_clamp == 1.75f);
    assert_int_equal(got.disable_trilinear_optimization, 1);
    assert_int_equal(got.seamless_cubemap, 1);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* clamped and NaN fields; max_anisotropy 0 is CUDA's default, read as 1 */
    td.max_anisotropy = 0;
    td.mipmap_level_bias = NAN;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_get_texture_object_texture_desc(&got, t), WT_SUCCESS);
    assert_int_equal(got.max_anisotropy, 1);
    assert_true(got.mipmap_level_bias == 0.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* infinite clamps are numbers, not NaN: accepted ([semantics#decision-nan-lod] refuses NaN only) */
    td.min_mipmap_level_clamp = -INFINITY;
    td.max_mipmap_level_clamp = INFINITY;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_get_texture_object_texture_desc(&got, t), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_get_texture_object_texture_desc(NULL, t), WT_ERROR_INVALID_VALUE);
    /* the mipmap filter's [semantics#decision-int-linear-mip] refusal names the field */
    wt_array ia;
    wt_channel_desc i32 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_SIGNED);
    assert_int_equal(wt_malloc_array(&ia, &i32, 4, 4, 0, 0), WT_SUCCESS);
    wt_resource_desc ir = array_res(ia);
    wt_texture_desc itd = desc0();
    itd.mipmap_filter_mode = WT_FILTER_LINEAR;
    assert_int_equal(wt_create_texture_object(&t, &ir, &itd, NULL), WT_ERROR_INVALID_FILTER_SETTING);
    assert_non_null(strstr(wt_last_error_message(), "wt_create_texture_object(): mipmap_filter_mode"));
    itd.mipmap_filter_mode = (wt_filter_mode)5;
    assert_int_equal(wt_create_texture_object(&t, &ir, &itd, NULL), WT_ERROR_INVALID_VALUE);
    assert_string_equal(wt_last_error_message(),
                        "wt_create_texture_object(): mipmap_filter_mode = 5 is not a wt_filter_mode");
    assert_int_equal(wt_free_array(ia), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* Linear and pitch2D resources wrap the user's memory: a later write to it
 * is what the next fetch reads (no copy was made). */
static void linear_memory_not_copied(void **state)
{
    (void)state;
    static float mem[4 * 8];
    for (int i = 0; i < 32; i++)
        mem[i] = (float)i;
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = mem;
    r.res.linear.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    r.res.linear.size_in_bytes = sizeof mem;
    wt_texture_desc td = desc0();
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_true(wt_tex_unified_1d_v4f32_s32(t, 5).x == 5.0f);
    mem[5] = -3.5f;
    assert_true(wt_tex_unified_1d_v4f32_s32(t, 5).x == -3.5f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    r.res.pitch2d.width = 3;
    r.res.pitch2d.height = 4;
    r.res.pitch2d.pitch_in_bytes = 8 * sizeof(float);
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_true(wt_tex_unified_2d_v4f32_s32(t, 2, 3).x == 26.0f); /* row 3 starts at element 24 */
    mem[26] = 99.0f;
    assert_true(wt_tex_unified_2d_v4f32_s32(t, 2, 3).x == 99.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
}

/* [semantics#views-channel-formats]: a view keeps the array's extent; a height on a 1D array or a depth
 * on a plain 2D array does not match it. */
static void view_extent_must_match(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_texture_desc td = desc0();
    wt_resource_view_desc v;
    wt_tex t;
    static const struct { size_t w, h, d; unsigned flags; size_t vw, vh, vd; wt_status want; } C[] = {
        {8, 0, 0, 0, 8, 0, 0, WT_SUCCESS},
        {8, 0, 0, 0, 8, 1, 0, WT_ERROR_INVALID_VALUE},  /* 1D: no height */
        {8, 0, 0, 0, 0, 0, 1, WT_ERROR_INVALID_VALUE},
        {8, 4, 0, 0, 8, 4, 0, WT_SUCCESS},
        {8, 4, 0, 0, 8, 4, 1, WT_ERROR_INVALID_VALUE},  /* plain 2D: no depth */
        {8, 4, 0, 0, 8, 5, 0, WT_ERROR_INVALID_VALUE},
        {8, 4, 3, 0, 8, 4, 3, WT_SUCCESS},              /* 3D */
        {8, 4, 3, 0, 8, 4, 2, WT_ERROR_INVALID_VALUE},
        {8, 4, 3, WT_ARRAY_LAYERED, 0, 0, 3, WT_SUCCESS}, /* layers */
        {8, 4, 3, WT_ARRAY_LAYERED, 0, 0, 4, WT_ERROR_INVALID_VALUE},
        {8, 0, 3, WT_ARRAY_LAYERED, 7, 0, 0, WT_ERROR_INVALID_VALUE},
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        wt_array a;
        assert_int_equal(wt_malloc_array(&a, &d, C[i].w, C[i].h, C[i].d, C[i].flags), WT_SUCCESS);
        wt_resource_desc r = array_res(a);
        memset(&v, 0, sizeof v);
        v.width = C[i].vw;
        v.height = C[i].vh;
        v.depth = C[i].vd;
        wt_status st = wt_create_texture_object(&t, &r, &td, &v);
        if (st != C[i].want)
            fail_msg("case %zu: %s (%s)", i, wt_status_string(st), wt_last_error_message());
        if (st == WT_SUCCESS)
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        else
            assert_non_null(strstr(wt_last_error_message(), "view extent"));
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(filter_settings),           cmocka_unit_test(bad_descriptors),
        cmocka_unit_test(mipmapped_needs_normalized), cmocka_unit_test(layered_views_and_queries),
        cmocka_unit_test(linear_and_pitch2d),         cmocka_unit_test(samplers),
        cmocka_unit_test(every_desc_field_kept),      cmocka_unit_test(linear_memory_not_copied),
        cmocka_unit_test(view_extent_must_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
