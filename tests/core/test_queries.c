/* test_queries.c -- every txq, txq.level, suq and istypep query on every kind of texture, view, sampler and surface
 * SPDX-License-Identifier: MIT
 *
 * Expected values are written out from [semantics#queries] and the decisions:
 * [semantics#decision-clamp-ogl-samplers] (addr_mode: wrap 0, mirror 1, clamp_ogl 2, clamp 3, border 4, as given,
 * not as demoted), [semantics#decision-query-values] (OpenCL channel enums by format and read mode, CL_R /
 * RG / RGBA, memory_layout 1 over linear and pitch2D), [semantics#mip-levels] (level sizes),
 * [semantics#resource-desc] (linear resources report point, clamp, unnormalised), and the
 * choices made for what [semantics#decision-query-values] leaves open (txq.depth 1 unless 3D, array_size in
 * cubes for textures and in a2d slices for cubemap surfaces).  Each value is
 * read through wt_query() and through the NVVM-named call, which must agree. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "warptex.h"

enum {
    CL_SNORM_INT8 = 0x10D0, CL_SNORM_INT16 = 0x10D1, CL_UNORM_INT8 = 0x10D2, CL_UNORM_INT16 = 0x10D3,
    CL_SIGNED_INT8 = 0x10D7, CL_SIGNED_INT16 = 0x10D8, CL_SIGNED_INT32 = 0x10D9, CL_UNSIGNED_INT8 = 0x10DA,
    CL_UNSIGNED_INT16 = 0x10DB, CL_UNSIGNED_INT32 = 0x10DC, CL_HALF_FLOAT = 0x10DD, CL_FLOAT = 0x10DE,
    CL_R = 0x10B0, CL_RG = 0x10B2, CL_RGBA = 0x10B5
};

#define NA (-1000000) /* the query does not apply: WT_ERROR_UNSUPPORTED */

/* Texture queries in wt_query_kind order up to num_samples, then
 * memory_layout (never a texture's). */
typedef struct texq {
    int32_t width, height, depth, dtype, order, normalized, force, filter, addr[3], array_size, levels,
        samples;
} texq;

static int32_t nvvm_txq(wt_tex t, int q)
{
    switch (q) {
    case WT_Q_WIDTH: return wt_txq_width(t);
    case WT_Q_HEIGHT: return wt_txq_height(t);
    case WT_Q_DEPTH: return wt_txq_depth(t);
    case WT_Q_CHANNEL_DATA_TYPE: return wt_txq_channel_data_type(t);
    case WT_Q_CHANNEL_ORDER: return wt_txq_channel_order(t);
    case WT_Q_NORMALIZED_COORDS: return wt_txq_normalized_coords(t);
    case WT_Q_FILTER_MODE: return wt_txq_filter_mode(t);
    case WT_Q_ADDR_MODE_0: return wt_txq_addr_mode_0(t);
    case WT_Q_ADDR_MODE_1: return wt_txq_addr_mode_1(t);
    case WT_Q_ADDR_MODE_2: return wt_txq_addr_mode_2(t);
    case WT_Q_ARRAY_SIZE: return wt_txq_array_size(t);
    case WT_Q_NUM_MIPMAP_LEVELS: return wt_txq_num_mipmap_levels(t);
    case WT_Q_NUM_SAMPLES: return wt_txq_num_samples(t);
    default: return NA; /* force_unnormalized_coords has no texture form (PTX: .squery) */
    }
}

static void check_tex(const char *what, wt_tex t, const texq *w)
{
    const int32_t want[WT_Q_MEMORY_LAYOUT + 1] = {
        w->width,  w->height,  w->depth,   w->dtype,      w->order,  w->normalized, w->force,
        w->filter, w->addr[0], w->addr[1], w->addr[2], w->array_size, w->levels, w->samples, NA};
    for (int q = 0; q <= WT_Q_MEMORY_LAYOUT; q++) {
        wt_op op = {.family = WT_FAMILY_TXQ, .query = (uint8_t)q};
        int32_t v = -7;
        wt_status st = wt_query(&op, t, 0, &v);
        if (want[q] == NA) {
            if (st != WT_ERROR_UNSUPPORTED || v != 0)
                fail_msg("%s: txq query %d gives %s, %d; want WT_ERROR_UNSUPPORTED", what, q, wt_status_string(st), v);
            continue;
        }
        if (st != WT_SUCCESS || v != want[q])
            fail_msg("%s: txq query %d = %d (%s), want %d", what, q, v, wt_status_string(st), want[q]);
        (void)wt_get_last_error();
        int32_t lane = nvvm_txq(t, q);
        if (q != WT_Q_FORCE_UNNORMALIZED_COORDS && (lane != want[q] || wt_get_last_error() != WT_SUCCESS))
            fail_msg("%s: NVVM txq query %d = %d, want %d", what, q, lane, want[q]);
    }
}

/* txq.level.{width,height,depth} for lod 0..n-1 (w, h, d per level), then
 * lod n and -1 are refused. */
static void check_levels(const char *what, wt_tex t, int n, const int32_t (*whd)[3])
{
    for (int lod = -1; lod <= n; lod++)
        for (int k = 0; k < 3; k++) {
            wt_op op = {.family = WT_FAMILY_TXQ, .query = (uint8_t)(WT_Q_LEVEL_WIDTH + k)};
            int32_t v = -7;
            wt_status st = wt_query(&op, t, lod, &v);
            (void)wt_get_last_error();
            int32_t lane = k == 0 ? wt_txq_level_width(t, lod) : k == 1 ? wt_txq_level_height(t, lod)
                                                                        : wt_txq_level_depth(t, lod);
            wt_status lst = wt_get_last_error();
            if (lod < 0 || lod == n) {
                if (st != WT_ERROR_INVALID_VALUE || v != 0 || lane != 0 || lst != WT_ERROR_INVALID_VALUE)
                    fail_msg("%s: txq.level %d at lod %d: %s %d / lane %d", what, k, lod, wt_status_string(st), v, lane);
            } else if (st != WT_SUCCESS || v != whd[lod][k] || lane != whd[lod][k] || lst != WT_SUCCESS) {
                fail_msg("%s: txq.level %d at lod %d = %d / lane %d, want %d", what, k, lod, v, lane, whd[lod][k]);
            }
        }
}

static wt_tex tex_over(wt_array a, const wt_texture_desc *td, const wt_resource_view_desc *v)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = a;
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, td, v), WT_SUCCESS);
    return t;
}

static wt_tex tex_over_mip(wt_mipmapped_array m, const wt_texture_desc *td, const wt_resource_view_desc *v)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, td, v), WT_SUCCESS);
    return t;
}

static wt_array arr(int bits, int nch, wt_channel_kind k, size_t w, size_t h, size_t d, unsigned flags)
{
    wt_channel_desc cd = wt_make_channel_desc(bits, nch >= 2 ? bits : 0, nch >= 4 ? bits : 0, nch >= 4 ? bits : 0, k);
    wt_array a = NULL;
    assert_int_equal(wt_malloc_array(&a, &cd, w, h, d, flags), WT_SUCCESS);
    return a;
}

static wt_texture_desc desc(wt_address_mode a0, wt_address_mode a1, wt_address_mode a2, wt_filter_mode f,
                            wt_read_mode rm, int norm)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = a0;
    td.address_mode[1] = a1;
    td.address_mode[2] = a2;
    td.filter_mode = f;
    td.read_mode = rm;
    td.normalized_coords = norm;
    return td;
}

static void texture_queries_every_shape(void **state)
{
    (void)state;
    const wt_address_mode W = WT_ADDRESS_WRAP, C = WT_ADDRESS_CLAMP, M = WT_ADDRESS_MIRROR, B = WT_ADDRESS_BORDER;
    const wt_read_mode E = WT_READ_ELEMENT_TYPE, N = WT_READ_NORMALIZED_FLOAT;
    wt_texture_desc td;
    wt_tex t;
    wt_array a;

    /* 1D u8, element type, unnormalised wrap (demoted to clamp when
     * sampling, reported as given: [semantics#decision-clamp-ogl-samplers]) */
    a = arr(8, 1, WT_CHANNEL_UNSIGNED, 8, 0, 0, 0);
    td = desc(W, W, W, WT_FILTER_POINT, E, 0);
    t = tex_over(a, &td, NULL);
    check_tex("1D u8", t, &(texq){8, 1, 1, CL_UNSIGNED_INT8, CL_R, 0, 0, 0, {0, 0, 0}, 0, 0, 0});
    check_levels("1D u8", t, 1, (const int32_t[][3]){{8, 1, 1}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* the same bytes read as normalised float: UNORM_INT8 */
    td.read_mode = N;
    t = tex_over(a, &td, NULL);
    check_tex("1D u8 norm", t, &(texq){8, 1, 1, CL_UNORM_INT8, CL_R, 0, 0, 0, {0, 0, 0}, 0, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* 2D s16x2 read as normalised float, linear, clamp / mirror / border */
    a = arr(16, 2, WT_CHANNEL_SIGNED, 6, 5, 0, 0);
    td = desc(C, M, B, WT_FILTER_LINEAR, N, 1);
    t = tex_over(a, &td, NULL);
    check_tex("2D s16x2", t, &(texq){6, 5, 1, CL_SNORM_INT16, CL_RG, 1, 0, 1, {3, 1, 4}, 0, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    td.read_mode = E;
    td.filter_mode = WT_FILTER_POINT;
    t = tex_over(a, &td, NULL);
    check_tex("2D s16x2 int", t, &(texq){6, 5, 1, CL_SIGNED_INT16, CL_RG, 1, 0, 0, {3, 1, 4}, 0, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* 3D half x4 */
    a = arr(16, 4, WT_CHANNEL_FLOAT, 4, 3, 2, 0);
    td = desc(B, W, M, WT_FILTER_LINEAR, E, 1);
    t = tex_over(a, &td, NULL);
    check_tex("3D f16x4", t, &(texq){4, 3, 2, CL_HALF_FLOAT, CL_RGBA, 1, 0, 1, {4, 0, 1}, 0, 0, 0});
    check_levels("3D f16x4", t, 1, (const int32_t[][3]){{4, 3, 2}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* 1D layered s32, 3 layers; 32-bit integers are never normalised ([semantics#read-modes]) */
    a = arr(32, 1, WT_CHANNEL_SIGNED, 8, 0, 3, WT_ARRAY_LAYERED);
    td = desc(C, C, C, WT_FILTER_POINT, N, 0);
    t = tex_over(a, &td, NULL);
    check_tex("1D layered s32", t, &(texq){8, 1, 1, CL_SIGNED_INT32, CL_R, 0, 0, 0, {3, 3, 3}, 3, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* 2D layered u16x4 normalised, 5 layers; a view of layers 1..3 */
    a = arr(16, 4, WT_CHANNEL_UNSIGNED, 4, 4, 5, WT_ARRAY_LAYERED);
    td = desc(C, C, C, WT_FILTER_POINT, N, 1);
    t = tex_over(a, &td, NULL);
    check_tex("2D layered u16x4", t, &(texq){4, 4, 1, CL_UNORM_INT16, CL_RGBA, 1, 0, 0, {3, 3, 3}, 5, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    wt_resource_view_desc v;
    memset(&v, 0, sizeof v);
    v.first_layer = 1;
    v.last_layer = 3;
    t = tex_over(a, &td, &v);
    check_tex("2D layered view", t, &(texq){4, 4, 1, CL_UNORM_INT16, CL_RGBA, 1, 0, 0, {3, 3, 3}, 3, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* reinterpreted as 2 x u32 (8 bytes): element type, CL_RG */
    memset(&v, 0, sizeof v);
    v.format = wt_make_channel_desc(32, 32, 0, 0, WT_CHANNEL_UNSIGNED);
    t = tex_over(a, &td, &v);
    check_tex("2D layered as u32x2", t, &(texq){4, 4, 1, CL_UNSIGNED_INT32, CL_RG, 1, 0, 0, {3, 3, 3}, 5, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* cubemap UNORM8x4 (a normalised kind reads normalised whatever the read
     * mode, [semantics#decision-normalized-surfaces]), and cubemap layered SNORM8, 3 cubes */
    a = arr(8, 4, WT_CHANNEL_UNSIGNED_NORMALIZED, 4, 4, 6, WT_ARRAY_CUBEMAP);
    td = desc(W, M, B, WT_FILTER_LINEAR, E, 1);
    t = tex_over(a, &td, NULL);
    check_tex("cubemap unorm8", t, &(texq){4, 4, 1, CL_UNORM_INT8, CL_RGBA, 1, 0, 1, {0, 1, 4}, 0, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    a = arr(8, 1, WT_CHANNEL_SIGNED_NORMALIZED, 4, 4, 18, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED);
    t = tex_over(a, &td, NULL);
    check_tex("cubemap layered snorm8", t, &(texq){4, 4, 1, CL_SNORM_INT8, CL_R, 1, 0, 1, {0, 1, 4}, 3, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    memset(&v, 0, sizeof v);
    v.first_layer = 6;
    v.last_layer = 17;
    t = tex_over(a, &td, &v);
    check_tex("cubemap layered view", t, &(texq){4, 4, 1, CL_SNORM_INT8, CL_R, 1, 0, 1, {0, 1, 4}, 2, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* multisample: 2D with 4 samples, 2D layered (3 layers) with 2 */
    wt_channel_desc f1 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    assert_int_equal(wt_malloc_multisample_array(&a, &f1, 4, 2, 0, 4, 0), WT_SUCCESS);
    td = desc(C, C, C, WT_FILTER_POINT, E, 0);
    t = tex_over(a, &td, NULL);
    check_tex("2dms", t, &(texq){4, 2, 1, CL_FLOAT, CL_R, 0, 0, 0, {3, 3, 3}, 0, 0, 4});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_malloc_multisample_array(&a, &f1, 4, 2, 3, 2, 0), WT_SUCCESS);
    t = tex_over(a, &td, NULL);
    check_tex("a2dms", t, &(texq){4, 2, 1, CL_FLOAT, CL_R, 0, 0, 0, {3, 3, 3}, 3, 0, 2});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    memset(&v, 0, sizeof v);
    v.first_layer = 2; /* layers 1..2: slices 2..5 */
    v.last_layer = 5;
    t = tex_over(a, &td, &v);
    check_tex("a2dms view", t, &(texq){4, 2, 1, CL_FLOAT, CL_R, 0, 0, 0, {3, 3, 3}, 2, 0, 2});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

static void mipmapped_and_views(void **state)
{
    (void)state;
    const wt_address_mode C = WT_ADDRESS_CLAMP, M = WT_ADDRESS_MIRROR;
    wt_channel_desc f1 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_texture_desc td = desc(M, C, C, WT_FILTER_LINEAR, WT_READ_ELEMENT_TYPE, 1);
    wt_mipmapped_array m;
    wt_tex t;
    wt_resource_view_desc v;

    /* 2D 16x8, 5 levels ([semantics#mip-levels]: 16x8 8x4 4x2 2x1 1x1) */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f1, 16, 8, 0, 5, 0), WT_SUCCESS);
    t = tex_over_mip(m, &td, NULL);
    check_tex("mip 2D", t, &(texq){16, 8, 1, CL_FLOAT, CL_R, 1, 0, 1, {1, 3, 3}, 0, 5, 0});
    check_levels("mip 2D", t, 5, (const int32_t[][3]){{16, 8, 1}, {8, 4, 1}, {4, 2, 1}, {2, 1, 1}, {1, 1, 1}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* view of levels 1..3: level 0 of the texture is 8x4 */
    memset(&v, 0, sizeof v);
    v.first_mipmap_level = 1;
    v.last_mipmap_level = 3;
    t = tex_over_mip(m, &td, &v);
    check_tex("mip 2D view", t, &(texq){8, 4, 1, CL_FLOAT, CL_R, 1, 0, 1, {1, 3, 3}, 0, 3, 0});
    check_levels("mip 2D view", t, 3, (const int32_t[][3]){{8, 4, 1}, {4, 2, 1}, {2, 1, 1}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* a level taken out as a plain array is not mipmapped */
    wt_array lvl;
    assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 2), WT_SUCCESS);
    t = tex_over(lvl, &td, NULL);
    check_tex("mip level 2 as array", t, &(texq){4, 2, 1, CL_FLOAT, CL_R, 1, 0, 1, {1, 3, 3}, 0, 0, 0});
    check_levels("mip level 2 as array", t, 1, (const int32_t[][3]){{4, 2, 1}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);

    /* 3D 8x4x2, 4 levels: depth halves too */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f1, 8, 4, 2, 4, 0), WT_SUCCESS);
    t = tex_over_mip(m, &td, NULL);
    check_tex("mip 3D", t, &(texq){8, 4, 2, CL_FLOAT, CL_R, 1, 0, 1, {1, 3, 3}, 0, 4, 0});
    check_levels("mip 3D", t, 4, (const int32_t[][3]){{8, 4, 2}, {4, 2, 1}, {2, 1, 1}, {1, 1, 1}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);

    /* cubemap layered 8x8, 2 cubes, 4 levels; view: cube 1, levels 1..3 */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f1, 8, 8, 12, 4, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED),
                     WT_SUCCESS);
    t = tex_over_mip(m, &td, NULL);
    check_tex("mip acube", t, &(texq){8, 8, 1, CL_FLOAT, CL_R, 1, 0, 1, {1, 3, 3}, 2, 4, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    memset(&v, 0, sizeof v);
    v.first_mipmap_level = 1;
    v.last_mipmap_level = 3;
    v.first_layer = 6;
    v.last_layer = 11;
    t = tex_over_mip(m, &td, &v);
    check_tex("mip acube view", t, &(texq){4, 4, 1, CL_FLOAT, CL_R, 1, 0, 1, {1, 3, 3}, 1, 3, 0});
    check_levels("mip acube view", t, 3, (const int32_t[][3]){{4, 4, 1}, {2, 2, 1}, {1, 1, 1}});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

static void linear_and_pitch2d(void **state)
{
    (void)state;
    static uint16_t mem[64];
    wt_resource_desc r;
    wt_tex t;
    /* linear: filter, address modes and normalisation are ignored ([semantics#resource-desc]) */
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = mem;
    r.res.linear.desc = wt_make_channel_desc(16, 16, 0, 0, WT_CHANNEL_UNSIGNED);
    r.res.linear.size_in_bytes = sizeof mem;
    wt_texture_desc td = desc(WT_ADDRESS_WRAP, WT_ADDRESS_MIRROR, WT_ADDRESS_BORDER, WT_FILTER_LINEAR,
                              WT_READ_NORMALIZED_FLOAT, 1);
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    check_tex("linear u16x2", t, &(texq){32, 1, 1, CL_UNORM_INT16, CL_RG, 0, 0, 0, {3, 3, 3}, 0, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* pitch2D keeps its sampling state */
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.desc = wt_make_channel_desc(8, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    r.res.pitch2d.width = 10;
    r.res.pitch2d.height = 7;
    r.res.pitch2d.pitch_in_bytes = 16;
    td.read_mode = WT_READ_ELEMENT_TYPE;
    td.filter_mode = WT_FILTER_POINT;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    check_tex("pitch2d u8", t, &(texq){10, 7, 1, CL_UNSIGNED_INT8, CL_R, 1, 0, 0, {0, 1, 4}, 0, 0, 0});
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
}

static void sampler_queries(void **state)
{
    (void)state;
    static const struct {
        wt_address_mode a[3];
        wt_filter_mode f;
        int force;
        int32_t want_addr[3];
    } S[] = {
        {{WT_ADDRESS_WRAP, WT_ADDRESS_MIRROR, WT_ADDRESS_CLAMP_OGL}, WT_FILTER_POINT, 0, {0, 1, 2}},
        {{WT_ADDRESS_CLAMP, WT_ADDRESS_BORDER, WT_ADDRESS_WRAP}, WT_FILTER_LINEAR, 1, {3, 4, 0}},
    };
    float buf[4] = {0};
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = buf;
    r.res.linear.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    r.res.linear.size_in_bytes = sizeof buf;
    wt_texture_desc td = desc(WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP, WT_FILTER_POINT,
                              WT_READ_ELEMENT_TYPE, 0);
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    for (size_t i = 0; i < sizeof S / sizeof S[0]; i++) {
        wt_sampler_desc sd;
        memset(&sd, 0, sizeof sd);
        memcpy(sd.address_mode, S[i].a, sizeof sd.address_mode);
        sd.filter_mode = S[i].f;
        sd.force_unnormalized_coords = S[i].force;
        wt_sampler s;
        assert_int_equal(wt_create_sampler_object(&s, &sd), WT_SUCCESS);
        for (int sampler_form = 0; sampler_form < 2; sampler_form++) {
            for (int q = 0; q < WT_Q_COUNT; q++) {
                wt_op op = {.family = WT_FAMILY_TXQ, .query = (uint8_t)q,
                            .flags = (uint8_t)(sampler_form ? WT_OP_SAMPLER : 0)};
                int32_t v = -7, want = NA;
                if (q == WT_Q_FORCE_UNNORMALIZED_COORDS)
                    want = S[i].force;
                else if (q == WT_Q_FILTER_MODE)
                    want = (int32_t)S[i].f;
                else if (q >= WT_Q_ADDR_MODE_0 && q <= WT_Q_ADDR_MODE_2)
                    want = S[i].want_addr[q - WT_Q_ADDR_MODE_0];
                wt_status st = wt_query(&op, s, 1, &v);
                if (want == NA ? (st != WT_ERROR_UNSUPPORTED || v != 0) : (st != WT_SUCCESS || v != want))
                    fail_msg("sampler %zu query %d (form %d): %s %d, want %d", i, q, sampler_form,
                             wt_status_string(st), v, want);
                /* the .samplerref forms refuse a texture handle */
                if (sampler_form) {
                    assert_int_equal(wt_query(&op, t, 0, &v), WT_ERROR_INVALID_HANDLE);
                    assert_int_equal(v, 0);
                }
            }
        }
        (void)wt_get_last_error();
        assert_int_equal(wt_txq_sampler_force_unnormalized_coords(s), S[i].force);
        assert_int_equal(wt_txq_sampler_filter_mode(s), (int32_t)S[i].f);
        assert_int_equal(wt_txq_sampler_addr_mode_0(s), S[i].want_addr[0]);
        assert_int_equal(wt_txq_sampler_addr_mode_1(s), S[i].want_addr[1]);
        assert_int_equal(wt_txq_sampler_addr_mode_2(s), S[i].want_addr[2]);
        /* unified mode asks the texture (PTX txq): the plain forms take a sampler too */
        assert_int_equal(wt_txq_filter_mode(s), (int32_t)S[i].f);
        assert_int_equal(wt_txq_addr_mode_1(s), S[i].want_addr[1]);
        assert_int_equal(wt_get_last_error(), WT_SUCCESS);
        assert_int_equal(wt_txq_sampler_filter_mode(t), 0);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
        assert_int_equal(wt_txq_width(s), 0);
        assert_int_equal(wt_get_last_error(), WT_ERROR_UNSUPPORTED);
        assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
        assert_int_equal(wt_txq_sampler_filter_mode(s), 0);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
    }
    /* a texture has no force_unnormalized_coords of its own: 0 */
    wt_op op = {.family = WT_FAMILY_TXQ, .query = WT_Q_FORCE_UNNORMALIZED_COORDS};
    int32_t v = -7;
    assert_int_equal(wt_query(&op, t, 0, &v), WT_SUCCESS);
    assert_int_equal(v, 0);
    /* out-of-range op fields */
    op.query = WT_Q_COUNT;
    assert_int_equal(wt_query(&op, t, 0, &v), WT_ERROR_INVALID_VALUE);
    op.family = WT_FAMILY_TEX;
    op.query = WT_Q_WIDTH;
    assert_int_equal(wt_query(&op, t, 0, &v), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_query(NULL, t, 0, &v), WT_ERROR_INVALID_VALUE);
    op.family = WT_FAMILY_TXQ;
    assert_int_equal(wt_query(&op, t, 0, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
}

/* suq: width/height/depth/channel_data_type/channel_order/array_size/memory_layout */
typedef struct surfq {
    int32_t width, height, depth, dtype, order, array_size, layout;
} surfq;

static void check_surf(const char *what, wt_surf s, const surfq *w)
{
    static const int Q[7] = {WT_Q_WIDTH, WT_Q_HEIGHT, WT_Q_DEPTH, WT_Q_CHANNEL_DATA_TYPE, WT_Q_CHANNEL_ORDER,
                             WT_Q_ARRAY_SIZE, WT_Q_MEMORY_LAYOUT};
    const int32_t want[7] = {w->width, w->height, w->depth, w->dtype, w->order, w->array_size, w->layout};
    int32_t (*const lane[7])(wt_surf) = {wt_suq_width, wt_suq_height, wt_suq_depth, wt_suq_channel_data_type,
                                         wt_suq_channel_order, wt_suq_array_size, wt_suq_memory_layout};
    for (int q = 0; q < WT_Q_COUNT; q++) {
        wt_op op = {.family = WT_FAMILY_SUQ, .query = (uint8_t)q};
        int32_t v = -7;
        wt_status st = wt_query(&op, s, 0, &v);
        int j = -1;
        for (int k = 0; k < 7; k++)
            if (Q[k] == q)
                j = k;
        if (j < 0) {
            if (st != WT_ERROR_UNSUPPORTED || v != 0)
                fail_msg("%s: suq query %d: %s %d, want WT_ERROR_UNSUPPORTED", what, q, wt_status_string(st), v);
            continue;
        }
        (void)wt_get_last_error();
        int32_t lv = lane[j](s);
        if (st != WT_SUCCESS || v != want[j] || lv != want[j] || wt_get_last_error() != WT_SUCCESS)
            fail_msg("%s: suq query %d = %d / lane %d (%s), want %d", what, q, v, lv, wt_status_string(st), want[j]);
    }
}

static wt_surf surf_over(wt_array a)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = a;
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    return s;
}

static void surface_queries_every_shape(void **state)
{
    (void)state;
    const unsigned S = WT_ARRAY_SURFACE_LOAD_STORE, L = WT_ARRAY_LAYERED, CU = WT_ARRAY_CUBEMAP;
    static const struct {
        int bits, nch;
        wt_channel_kind k;
        size_t w, h, d;
        unsigned flags;
        surfq want;
    } C[] = {
        {8, 1, WT_CHANNEL_UNSIGNED, 32, 0, 0, 0, {32, 1, 1, CL_UNSIGNED_INT8, CL_R, 0, 0}},
        {8, 4, WT_CHANNEL_UNSIGNED_NORMALIZED, 8, 3, 0, 0, {8, 3, 1, CL_UNORM_INT8, CL_RGBA, 0, 0}},
        {16, 2, WT_CHANNEL_FLOAT, 8, 3, 0, 0, {8, 3, 1, CL_HALF_FLOAT, CL_RG, 0, 0}},
        {16, 1, WT_CHANNEL_SIGNED, 4, 3, 2, 0, {4, 3, 2, CL_SIGNED_INT16, CL_R, 0, 0}},
        {16, 4, WT_CHANNEL_SIGNED_NORMALIZED, 4, 0, 0, 0, {4, 1, 1, CL_SNORM_INT16, CL_RGBA, 0, 0}},
        {32, 4, WT_CHANNEL_SIGNED, 4, 3, 2, 0, {4, 3, 2, CL_SIGNED_INT32, CL_RGBA, 0, 0}},
        {32, 1, WT_CHANNEL_UNSIGNED, 8, 0, 4, L, {8, 1, 1, CL_UNSIGNED_INT32, CL_R, 4, 0}},
        {32, 1, WT_CHANNEL_FLOAT, 4, 4, 3, L, {4, 4, 1, CL_FLOAT, CL_R, 3, 0}},
        {8, 2, WT_CHANNEL_SIGNED, 4, 4, 6, CU, {4, 4, 1, CL_SIGNED_INT8, CL_RG, 6, 0}},
        {16, 1, WT_CHANNEL_UNSIGNED, 4, 4, 12, CU | L, {4, 4, 1, CL_UNSIGNED_INT16, CL_R, 12, 0}},
    };
    for (size_t i = 0; i < sizeof C / sizeof C[0]; i++) {
        wt_array a = arr(C[i].bits, C[i].nch, C[i].k, C[i].w, C[i].h, C[i].d, C[i].flags | S);
        wt_surf s = surf_over(a);
        char what[32];
        snprintf(what, sizeof what, "surface case %zu", i);
        check_surf(what, s, &C[i].want);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
    /* one level of a mipmapped array */
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_mipmapped_array m;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &cd, 16, 8, 0, 3, S), WT_SUCCESS);
    wt_array lvl;
    assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 2), WT_SUCCESS);
    wt_surf s = surf_over(lvl);
    check_surf("mip level 2", s, &(surfq){4, 2, 1, CL_FLOAT, CL_R, 0, 0});
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    /* linear and pitch2D: memory_layout 1 */
    static uint32_t mem[64];
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = mem;
    r.res.linear.desc = wt_make_channel_desc(16, 16, 16, 16, WT_CHANNEL_UNSIGNED);
    r.res.linear.size_in_bytes = sizeof mem;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    check_surf("linear", s, &(surfq){32, 1, 1, CL_UNSIGNED_INT16, CL_RGBA, 0, 1});
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_SIGNED);
    r.res.pitch2d.width = 5;
    r.res.pitch2d.height = 4;
    r.res.pitch2d.pitch_in_bytes = 64;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    check_surf("pitch2d", s, &(surfq){5, 4, 1, CL_SIGNED_INT32, CL_R, 0, 1});
    /* suq on a texture or a sampler handle, txq on a surface: wrong kind */
    wt_op op = {.family = WT_FAMILY_TXQ, .query = WT_Q_WIDTH};
    int32_t v = -7;
    assert_int_equal(wt_query(&op, s, 0, &v), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(v, 0);
    assert_int_equal(wt_txq_width(s), 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_suq_width(s), 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
}

static void istypep_every_kind(void **state)
{
    (void)state;
    static float mem[8];
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = mem;
    r.res.linear.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    r.res.linear.size_in_bytes = sizeof mem;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    uint64_t h[3]; /* wt_handle_type order */
    assert_int_equal(wt_create_texture_object(&h[0], &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_create_sampler_object(&h[1], &sd), WT_SUCCESS);
    assert_int_equal(wt_create_surface_object(&h[2], &r), WT_SUCCESS);
    int32_t (*const lane[3])(uint64_t) = {wt_istypep_texref, wt_istypep_samplerref, wt_istypep_surfref};
    for (int pass = 0; pass < 2; pass++) { /* live, then destroyed */
        for (int ty = 0; ty < 3; ty++) {
            const uint64_t extra[4] = {0, ~(uint64_t)0, h[ty] ^ (1ull << 33), h[ty] + 0x100000};
            for (int k = 0; k < 3 + 4; k++) {
                uint64_t hh = k < 3 ? h[k] : extra[k - 3];
                int32_t want = pass == 0 && k == ty;
                wt_op op = {.family = WT_FAMILY_ISTYPEP, .query = (uint8_t)ty};
                int32_t v = -7;
                (void)wt_get_last_error();
                assert_int_equal(wt_query(&op, hh, 0, &v), WT_SUCCESS);
                assert_int_equal(v, want);
                assert_int_equal(lane[ty](hh), want);
                assert_int_equal(wt_get_last_error(), WT_SUCCESS); /* never an error */
            }
        }
        if (pass == 0) {
            assert_int_equal(wt_destroy_texture_object(h[0]), WT_SUCCESS);
            assert_int_equal(wt_destroy_sampler_object(h[1]), WT_SUCCESS);
            assert_int_equal(wt_destroy_surface_object(h[2]), WT_SUCCESS);
        }
    }
    wt_op op = {.family = WT_FAMILY_ISTYPEP, .query = 3};
    int32_t v = -7;
    assert_int_equal(wt_query(&op, h[0], 0, &v), WT_ERROR_INVALID_VALUE);
    assert_int_equal(v, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(texture_queries_every_shape), cmocka_unit_test(mipmapped_and_views),
        cmocka_unit_test(linear_and_pitch2d),          cmocka_unit_test(sampler_queries),
        cmocka_unit_test(surface_queries_every_shape), cmocka_unit_test(istypep_every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
