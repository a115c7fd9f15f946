/* test_sparse_fetch.c -- fetches on sparse textures: which texels decide p, zeros when it is false, every door alike
 * SPDX-License-Identifier: MIT
 *
 * Expected values come from docs/semantics.md#sparse-residency and
 * #sparse-zero worked by hand: texel (x, y) of level 0 holds x + 1000 y
 * (level l: x + 1000 y + 100000 l), every value exact in f32. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

#define TILE ((size_t)WT_SPARSE_TILE_BYTES)

static const wt_op OP_TEX = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                             .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32, .flags = WT_OP_PRED};
static const wt_op OP_LEVEL = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_LEVEL,
                               .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32, .flags = WT_OP_PRED};
static const wt_op OP_INT = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                             .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_S32, .flags = WT_OP_PRED};
static const wt_op OP_TLD4 = {.family = WT_FAMILY_TLD4, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                              .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32, .comp = 0, .flags = WT_OP_PRED};

static float value(int x, int y, int level) { return (float)(x + 1000 * y + 100000 * level); }

/* Fill the mapped texels of level `level` (of extent n x n) through host
 * copies (unmapped ones are dropped). */
static void fill(wt_array a, int n, int level)
{
    float *row = malloc((size_t)n * 4);
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++)
            row[x] = value(x, y, level);
        assert_int_equal(wt_memcpy_to_array(a, 0, (size_t)y, 0, row, (size_t)n * 4, (size_t)n, 1, 1), WT_SUCCESS);
    }
    free(row);
}

static void map(wt_resource_type rt, void *arr, unsigned level, size_t x, size_t y, size_t w, size_t h,
                wt_tile_pool pool, size_t off)
{
    wt_sparse_map_entry e = {.res_type = rt, .sub = WT_SPARSE_LEVEL, .level = level, .x = x, .y = y, .width = w,
                             .height = h, .depth = 1, .op = pool ? WT_SPARSE_MAP : WT_SPARSE_UNMAP, .pool = pool,
                             .pool_offset = off};
    if (rt == WT_RESOURCE_ARRAY)
        e.array = arr;
    else
        e.mipmap = arr;
    assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
}

/* One lane through wt_tex_lane: returns p, out the four components. */
static int fetch(const wt_op *op, wt_tex t, float x, float y, float lod, float out[4])
{
    wt_tex_lane_args a;
    memset(&a, 0, sizeof a);
    memcpy(&a.c[0], &x, 4);
    memcpy(&a.c[1], &y, 4);
    memcpy(&a.lod, &lod, 4);
    if (op->ctype == WT_CTYPE_S32) {
        int32_t ix = (int32_t)x, iy = (int32_t)y;
        memcpy(&a.c[0], &ix, 4);
        memcpy(&a.c[1], &iy, 4);
    }
    uint32_t d[4];
    int r = -1;
    assert_int_equal(wt_tex_lane(op, t, 0, &a, d, &r), WT_SUCCESS);
    memcpy(out, d, 16);
    return r;
}

static void assert_zeros(const float v[4])
{
    uint32_t b[4];
    memcpy(b, v, 16);
    for (int k = 0; k < 4; k++)
        assert_int_equal(b[k], 0); /* +0.0, alpha included ([semantics#sparse-zero]) */
}

/* A 256 x 256 f32 sparse array (tiles 128 x 128) with tile (0, 0) mapped. */
typedef struct fx {
    wt_array a;
    wt_tile_pool pool;
} fx;

static void fx_make(fx *f)
{
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    assert_int_equal(wt_malloc_array(&f->a, &d, 256, 256, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_create(&f->pool, 4 * TILE), WT_SUCCESS);
    map(WT_RESOURCE_ARRAY, f->a, 0, 0, 0, 128, 128, f->pool, 0);
    fill(f->a, 256, 0);
}

static void fx_free(fx *f)
{
    assert_int_equal(wt_tile_pool_release(f->pool), WT_SUCCESS);
    assert_int_equal(wt_free_array(f->a), WT_SUCCESS);
}

static wt_tex tex_of(wt_array a, wt_filter_mode filter, wt_address_mode mode, int norm)
{
    wt_resource_desc r = {.type = WT_RESOURCE_ARRAY};
    r.res.array.array = a;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.filter_mode = filter;
    td.address_mode[0] = td.address_mode[1] = mode;
    td.normalized_coords = norm;
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    return t;
}

static void point_and_linear(void **state)
{
    (void)state;
    fx f;
    fx_make(&f);
    wt_tex pt = tex_of(f.a, WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    wt_tex ln = tex_of(f.a, WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 0);
    float v[4];
    /* Nearest at the last texel before an unmapped tile: p true; the
     * channels a 1-channel format lacks read 0 ([semantics#point-conversion]). */
    assert_int_equal(fetch(&OP_TEX, pt, 127.5f, 5.5f, 0, v), 1);
    assert_true(v[0] == value(127, 5, 0) && v[1] == 0.0f && v[2] == 0.0f && v[3] == 0.0f);
    /* ... and the first texel of the unmapped tile: p false, zeros, alpha too. */
    assert_int_equal(fetch(&OP_TEX, pt, 128.5f, 5.5f, 0, v), 0);
    assert_zeros(v);
    /* Linear across the tile boundary: both texels weigh 1/2: p false, zeros. */
    assert_int_equal(fetch(&OP_TEX, ln, 128.0f, 5.5f, 0, v), 0);
    assert_zeros(v);
    /* Linear on a texel centre next to the boundary: the neighbour's weight
     * is 0 and does not count. */
    assert_int_equal(fetch(&OP_TEX, ln, 127.5f, 5.5f, 0, v), 1);
    assert_true(v[0] == value(127, 5, 0));
    /* A fraction below 1/512 quantises to weight 0 as well; above it does not. */
    assert_int_equal(fetch(&OP_TEX, ln, 127.5f + 1.0f / 1024, 5.5f, 0, v), 1);
    assert_int_equal(fetch(&OP_TEX, ln, 127.5f + 1.0f / 256, 5.5f, 0, v), 0);
    /* Across the y boundary into tile (0, 1). */
    assert_int_equal(fetch(&OP_TEX, ln, 10.5f, 127.9f, 0, v), 0);
    assert_int_equal(fetch(&OP_TEX, ln, 10.25f, 127.25f, 0, v), 1); /* rows 126, 127 */
    /* Integer coordinates: the texel named. */
    assert_int_equal(fetch(&OP_INT, pt, 5, 5, 0, v), 1);
    assert_true(v[0] == value(5, 5, 0));
    assert_int_equal(fetch(&OP_INT, pt, 200, 5, 0, v), 0);
    assert_zeros(v);
    assert_int_equal(fetch(&OP_INT, pt, 900, 5, 0, v), 1); /* outside: reads nothing, resident */
    assert_zeros(v);
    /* The NVVM-named call returns the same values (it has no predicate). */
    wt_float4 n = wt_tex_unified_2d_v4f32_f32(pt, 128.5f, 5.5f);
    assert_true(n.x == 0.0f && n.w == 0.0f);
    n = wt_tex_unified_2d_v4f32_f32(pt, 17.5f, 9.5f);
    assert_true(n.x == value(17, 9, 0) && n.w == 0.0f);
    /* Map tile (1, 0): the boundary fetch is resident and blends. */
    map(WT_RESOURCE_ARRAY, f.a, 0, 128, 0, 128, 128, f.pool, TILE);
    fill(f.a, 256, 0);
    assert_int_equal(fetch(&OP_TEX, ln, 128.0f, 5.5f, 0, v), 1);
    assert_true(v[0] == (value(127, 5, 0) + value(128, 5, 0)) / 2);
    assert_int_equal(wt_destroy_texture_object(pt), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(ln), WT_SUCCESS);
    fx_free(&f);
}

/* [semantics#sparse-residency]: border texels are resident; wrapped and
 * clamped ones count where they are read. */
static void address_modes(void **state)
{
    (void)state;
    fx f;
    fx_make(&f);
    float v[4];
    wt_tex bp = tex_of(f.a, WT_FILTER_POINT, WT_ADDRESS_BORDER, 0);
    wt_tex bl = tex_of(f.a, WT_FILTER_LINEAR, WT_ADDRESS_BORDER, 0);
    assert_int_equal(fetch(&OP_TEX, bp, -3.0f, 5.5f, 0, v), 1);
    assert_true(v[0] == 0.0f);                                      /* the border colour, 0 */
    assert_int_equal(fetch(&OP_TEX, bl, 0.0f, 5.5f, 0, v), 1);      /* border + texel 0 */
    assert_true(v[0] == value(0, 5, 0) / 2);
    assert_int_equal(fetch(&OP_TEX, bp, 300.0f, 5.5f, 0, v), 1);    /* past the edge: border */
    wt_tex cp = tex_of(f.a, WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    assert_int_equal(fetch(&OP_TEX, cp, 300.0f, 5.5f, 0, v), 0);    /* clamped onto texel 255: unmapped */
    assert_int_equal(fetch(&OP_TEX, cp, -300.0f, 5.5f, 0, v), 1);   /* clamped onto texel 0 */
    assert_true(v[0] == value(0, 5, 0));
    wt_tex wp = tex_of(f.a, WT_FILTER_POINT, WT_ADDRESS_WRAP, 1);
    wt_tex wl = tex_of(f.a, WT_FILTER_LINEAR, WT_ADDRESS_WRAP, 1);
    assert_int_equal(fetch(&OP_TEX, wp, 1.0f + 0.5f / 256, 0.5f / 256, 0, v), 1); /* wraps to texel 0 */
    assert_true(v[0] == 0.0f);
    assert_int_equal(fetch(&OP_TEX, wp, -0.5f / 256, 0.5f / 256, 0, v), 0);      /* wraps to texel 255 */
    assert_int_equal(fetch(&OP_TEX, wl, 0.0f, 0.5f / 256, 0, v), 0);             /* texels 255 and 0 */
    assert_int_equal(fetch(&OP_TEX, wl, 0.5f / 256, 0.5f / 256, 0, v), 1);       /* texel 0 alone */
    map(WT_RESOURCE_ARRAY, f.a, 0, 128, 0, 128, 128, f.pool, TILE);
    fill(f.a, 256, 0);
    assert_int_equal(fetch(&OP_TEX, cp, 300.0f, 5.5f, 0, v), 1);
    assert_true(v[0] == value(255, 5, 0));
    assert_int_equal(fetch(&OP_TEX, wl, 0.0f, 0.5f / 256, 0, v), 1);
    assert_true(v[0] == (value(255, 0, 0) + value(0, 0, 0)) / 2);
    wt_tex all[] = {bp, bl, cp, wp, wl};
    for (int i = 0; i < 5; i++)
        assert_int_equal(wt_destroy_texture_object(all[i]), WT_SUCCESS);
    fx_free(&f);
}

/* tld4 counts all four texels, weight or not. */
static void gather(void **state)
{
    (void)state;
    fx f;
    fx_make(&f);
    wt_tex pt = tex_of(f.a, WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    float v[4];
    assert_int_equal(fetch(&OP_TLD4, pt, 64.5f, 64.5f, 0, v), 1);
    /* [semantics#tld4] order: (i, j+1), (i+1, j+1), (i+1, j), (i, j) for i = j = 64 */
    assert_true(v[0] == value(64, 65, 0) && v[1] == value(65, 65, 0) && v[2] == value(65, 64, 0) &&
                v[3] == value(64, 64, 0));
    /* On a texel centre next to the boundary: a linear tex would weigh only
     * texel 127, tld4 reads 127 and 128. */
    assert_int_equal(fetch(&OP_TLD4, pt, 127.5f, 64.5f, 0, v), 0);
    assert_zeros(v);
    assert_int_equal(wt_destroy_texture_object(pt), WT_SUCCESS);
    fx_free(&f);
}

/* A 2-channel format: resident, its missing channels read 0 as on a dense
 * texture ([semantics#point-conversion]); not resident, every channel is 0. */
static void missing_channels(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(8, 8, 0, 0, WT_CHANNEL_UNSIGNED_NORMALIZED);
    wt_array a;
    wt_tile_pool p;
    assert_int_equal(wt_malloc_array(&a, &d, 512, 256, 0, WT_ARRAY_SPARSE), WT_SUCCESS); /* tiles 256 x 128 */
    assert_int_equal(wt_tile_pool_create(&p, TILE), WT_SUCCESS);
    map(WT_RESOURCE_ARRAY, a, 0, 0, 0, 256, 128, p, 0);
    uint8_t px[2] = {255, 51};
    assert_int_equal(wt_memcpy_to_array(a, 3, 3, 0, px, 2, 1, 1, 1), WT_SUCCESS);
    wt_tex t = tex_of(a, WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    float v[4];
    assert_int_equal(fetch(&OP_TEX, t, 3.5f, 3.5f, 0, v), 1);
    assert_true(v[0] == 1.0f && v[1] == 0.2f && v[2] == 0.0f && v[3] == 0.0f);
    assert_int_equal(fetch(&OP_TEX, t, 300.5f, 3.5f, 0, v), 0);
    assert_zeros(v);
    /* Element-type reads of an integer format: zeros are integer zeros */
    wt_channel_desc di = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_SIGNED);
    wt_array ai;
    assert_int_equal(wt_malloc_array(&ai, &di, 256, 256, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
    wt_tex ti = tex_of(ai, WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    wt_op op = OP_TEX;
    op.dtype = WT_DTYPE_S32;
    assert_int_equal(fetch(&op, ti, 3.5f, 3.5f, 0, v), 0);
    assert_zeros(v);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(ti), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_free_array(ai), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
}

/* Mip levels: 512^2 f32, 4 levels (512, 256, 128 in tiles; level 3, 64^2, the tail). */
static void mipmaps(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_mipmapped_array m;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 512, 512, 0, 4, WT_ARRAY_SPARSE), WT_SUCCESS);
    wt_tile_pool p;
    assert_int_equal(wt_tile_pool_create(&p, 32 * TILE), WT_SUCCESS);
    map(WT_RESOURCE_MIPMAPPED_ARRAY, m, 0, 0, 0, 512, 512, p, 0); /* 16 tiles */
    wt_array lv[4];
    for (unsigned l = 0; l < 4; l++)
        assert_int_equal(wt_get_mipmapped_array_level(&lv[l], m, l), WT_SUCCESS);
    wt_resource_desc r = {.type = WT_RESOURCE_MIPMAPPED_ARRAY};
    r.res.mipmap.mipmap = m;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.filter_mode = WT_FILTER_POINT;
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    td.normalized_coords = 1;
    td.max_mipmap_level_clamp = 3.0f;
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    fill(lv[0], 512, 0);
    float v[4];
    const float c = 0.25f + 1.0f / 1024; /* texel 128 of level 0, 64 of level 1, 32 of 2 */
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 0.0f, v), 1); /* level 1 carries no weight */
    assert_true(v[0] == value(128, 128, 0));
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 0.001f, v), 1); /* the fraction quantises to 0 */
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 1.0f / 256, v), 0);
    assert_zeros(v);
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 0.5f, v), 0);
    map(WT_RESOURCE_MIPMAPPED_ARRAY, m, 1, 0, 0, 256, 256, p, 16 * TILE); /* 4 tiles */
    fill(lv[1], 256, 1);
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 0.5f, v), 1);
    assert_true(v[0] == (value(128, 128, 0) + value(64, 64, 1)) / 2);
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 1.0f, v), 1);
    assert_true(v[0] == value(64, 64, 1));
    /* Level 2 unmapped, the tail (level 3) unmapped. */
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 1.5f, v), 0);
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 3.0f, v), 0);
    assert_zeros(v);
    wt_sparse_map_entry tail = {.res_type = WT_RESOURCE_MIPMAPPED_ARRAY, .mipmap = m, .sub = WT_SPARSE_MIPTAIL,
                                .size = TILE, .op = WT_SPARSE_MAP, .pool = p, .pool_offset = 20 * TILE};
    assert_int_equal(wt_sparse_map(&tail, 1), WT_SUCCESS);
    fill(lv[3], 64, 3);
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 3.0f, v), 1);
    assert_true(v[0] == value(16, 16, 3));
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 2.5f, v), 0); /* level 2 still unmapped */
    map(WT_RESOURCE_MIPMAPPED_ARRAY, m, 2, 0, 0, 128, 128, p, 21 * TILE);
    fill(lv[2], 128, 2);
    assert_int_equal(fetch(&OP_LEVEL, t, c, c, 2.5f, v), 1);
    assert_true(v[0] == (value(32, 32, 2) + value(16, 16, 3)) / 2);
    /* A texture over a level array reads the same tiles. */
    wt_tex t1 = tex_of(lv[1], WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    assert_int_equal(fetch(&OP_TEX, t1, 64.5f, 64.5f, 0, v), 1);
    assert_true(v[0] == value(64, 64, 1));
    assert_int_equal(wt_destroy_texture_object(t1), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
}

/* Layered arrays and views: the layer and the view's first layer find their tiles. */
static void layers_and_views(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &d, 256, 256, 3, WT_ARRAY_SPARSE | WT_ARRAY_LAYERED), WT_SUCCESS);
    wt_tile_pool p;
    assert_int_equal(wt_tile_pool_create(&p, TILE), WT_SUCCESS);
    wt_sparse_map_entry e = {.res_type = WT_RESOURCE_ARRAY, .array = a, .sub = WT_SPARSE_LEVEL, .layer = 2,
                             .width = 128, .height = 128, .depth = 1, .op = WT_SPARSE_MAP, .pool = p};
    assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
    float px = 42.0f;
    assert_int_equal(wt_memcpy_to_array(a, 7, 9, 2, &px, 4, 1, 1, 1), WT_SUCCESS);
    wt_resource_desc r = {.type = WT_RESOURCE_ARRAY};
    r.res.array.array = a;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    wt_resource_view_desc view;
    memset(&view, 0, sizeof view);
    view.first_layer = 1;
    view.last_layer = 2;
    wt_tex t, tv;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_create_texture_object(&tv, &r, &td, &view), WT_SUCCESS);
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_A2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                .ctype = WT_CTYPE_F32};
    wt_tex_lane_args in;
    memset(&in, 0, sizeof in);
    float x = 7.5f, y = 9.5f;
    memcpy(&in.c[1], &x, 4);
    memcpy(&in.c[2], &y, 4);
    uint32_t dd[4];
    int res;
    static const struct { int view; uint32_t layer; int resident; } cases[] = {
        {0, 2, 1}, {0, 1, 0}, {0, 0, 0}, {1, 1, 1}, {1, 0, 0}, {1, 7, 1} /* past the end: the last layer */};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        in.c[0] = cases[i].layer;
        assert_int_equal(wt_tex_lane(&op, cases[i].view ? tv : t, 0, &in, dd, &res), WT_SUCCESS);
        assert_int_equal(res, cases[i].resident);
        float got;
        memcpy(&got, &dd[0], 4);
        assert_true(got == (cases[i].resident ? 42.0f : 0.0f));
    }
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(tv), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
}

/* Warp and batch calls equal the per-lane call, p included, on every backend. */
static void doors_agree(void **state)
{
    (void)state;
    fx f;
    fx_make(&f);
    map(WT_RESOURCE_ARRAY, f.a, 0, 128, 128, 128, 128, f.pool, TILE); /* tiles (0,0) and (1,1) */
    fill(f.a, 256, 0);
    wt_tex ln = tex_of(f.a, WT_FILTER_LINEAR, WT_ADDRESS_WRAP, 1);
    const char *start = wt_backend_name();
    static const char *const names[] = {"scalar", "avx2", "avx512", "neon"};
    static wt_tex_args in;
    static wt_tex_result out;
    float xs[32], ys[32];
    uint32_t seed = 12345;
    for (int l = 0; l < 32; l++) {
        /* texel edges and centres around both tile boundaries and the wrap */
        seed = seed * 1103515245u + 12345u;
        xs[l] = (float)((seed >> 8) % 1024) / 1024.0f;
        seed = seed * 1103515245u + 12345u;
        ys[l] = (float)((seed >> 8) % 1024) / 1024.0f;
        if (l < 8)
            xs[l] = (128.0f + (float)(l - 4) * 0.25f) / 256.0f;
        memcpy(&in.c[0][l], &xs[l], 4);
        memcpy(&in.c[1][l], &ys[l], 4);
    }
    int ran = 0, seen_p = 0, seen_np = 0;
    for (int b = 0; b < 4; b++) {
        if (!wt_backend_available(names[b]))
            continue;
        assert_int_equal(wt_set_backend(names[b]), WT_SUCCESS);
        ran++;
        const wt_op *ops[2] = {&OP_TEX, &OP_TLD4};
        for (int o = 0; o < 2; o++) {
            memset(&out, 0xa5, sizeof out);
            assert_int_equal(wt_tex_warp(ops[o], ln, 0, 0xfffffffeu, &in, &out), WT_SUCCESS);
            assert_int_equal(out.pred & 1u, 0); /* an inactive lane */
            for (int l = 1; l < 32; l++) {
                float v[4];
                int r = fetch(ops[o], ln, xs[l], ys[l], 0, v);
                assert_int_equal((out.pred >> l) & 1u, (unsigned)r);
                for (int k = 0; k < 4; k++)
                    assert_memory_equal(&out.d[k][l], &v[k], 4);
                seen_p += r, seen_np += !r;
            }
            /* A batch of the same lanes writes the same values. */
            float got[32][4];
            wt_tex_batch_in bi = {.x = xs, .y = ys};
            wt_tex_batch_out bo = {.data = got, .format = WT_BATCH_V4};
            assert_int_equal(wt_tex_batch(ops[o], ln, 0, 32, &bi, &bo), WT_SUCCESS);
            for (int l = 1; l < 32; l++)
                for (int k = 0; k < 4; k++)
                    assert_memory_equal(&out.d[k][l], &got[l][k], 4);
        }
    }
    assert_true(ran >= 1 && seen_p > 0 && seen_np > 0);
    assert_int_equal(wt_set_backend(start), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(ln), WT_SUCCESS);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(point_and_linear), cmocka_unit_test(address_modes),    cmocka_unit_test(gather),
        cmocka_unit_test(missing_channels), cmocka_unit_test(mipmaps),          cmocka_unit_test(layers_and_views),
        cmocka_unit_test(doors_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
