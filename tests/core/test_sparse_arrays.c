/* test_sparse_arrays.c -- sparse arrays: creation, properties, tile pools, mapping and its all-or-nothing checks, host copies
 * SPDX-License-Identifier: MIT
 *
 * Expected tile shapes and mip-tail sizes are worked out by hand from
 * docs/semantics.md#sparse-tiles (the arithmetic is written next to each). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

#define TILE ((size_t)WT_SPARSE_TILE_BYTES)

static wt_channel_desc fmt_bytes(unsigned bytes)
{
    switch (bytes) {
    case 1: return wt_make_channel_desc(8, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    case 2: return wt_make_channel_desc(8, 8, 0, 0, WT_CHANNEL_UNSIGNED);
    case 4: return wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    case 8: return wt_make_channel_desc(16, 16, 16, 16, WT_CHANNEL_UNSIGNED);
    default: return wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_FLOAT);
    }
}

/* [semantics#sparse-tiles]: the standard shapes, every one 64 KiB. */
static void tile_shapes(void **state)
{
    (void)state;
    static const unsigned sizes[5] = {1, 2, 4, 8, 16};
    static const unsigned t2[5][2] = {{256, 256}, {256, 128}, {128, 128}, {128, 64}, {64, 64}};
    static const unsigned t3[5][3] = {{64, 32, 32}, {32, 32, 32}, {32, 32, 16}, {32, 16, 16}, {16, 16, 16}};
    for (int k = 0; k < 5; k++) {
        wt_channel_desc f = fmt_bytes(sizes[k]);
        wt_array a2, al, a3;
        wt_sparse_properties p;
        assert_int_equal(wt_malloc_array(&a2, &f, 4096, 4096, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
        assert_int_equal(wt_array_get_sparse_properties(&p, a2), WT_SUCCESS);
        assert_int_equal(p.tile_width, t2[k][0]);
        assert_int_equal(p.tile_height, t2[k][1]);
        assert_int_equal(p.tile_depth, 1);
        assert_int_equal(p.tile_width * p.tile_height * sizes[k], TILE);
        assert_int_equal(p.miptail_first_level, 1); /* one level, no tail */
        assert_int_equal(p.miptail_size, 0);
        assert_int_equal(p.flags, 0);
        assert_int_equal(wt_malloc_array(&al, &f, 1024, 1024, 5, WT_ARRAY_SPARSE | WT_ARRAY_LAYERED), WT_SUCCESS);
        assert_int_equal(wt_array_get_sparse_properties(&p, al), WT_SUCCESS);
        assert_int_equal(p.tile_width, t2[k][0]);
        assert_int_equal(p.tile_height, t2[k][1]);
        assert_int_equal(wt_malloc_array(&a3, &f, 256, 256, 256, WT_ARRAY_SPARSE | WT_ARRAY_SURFACE_LOAD_STORE),
                         WT_SUCCESS);
        assert_int_equal(wt_array_get_sparse_properties(&p, a3), WT_SUCCESS);
        assert_int_equal(p.tile_width, t3[k][0]);
        assert_int_equal(p.tile_height, t3[k][1]);
        assert_int_equal(p.tile_depth, t3[k][2]);
        assert_int_equal((size_t)p.tile_width * p.tile_height * p.tile_depth * sizes[k], TILE);
        unsigned flags;
        assert_int_equal(wt_array_get_info(NULL, NULL, NULL, NULL, &flags, a3), WT_SUCCESS);
        assert_true(flags & WT_ARRAY_SPARSE);
        assert_int_equal(wt_free_array(a2), WT_SUCCESS);
        assert_int_equal(wt_free_array(al), WT_SUCCESS);
        assert_int_equal(wt_free_array(a3), WT_SUCCESS);
    }
}

static wt_sparse_properties mip_props(unsigned bytes, size_t w, size_t h, size_t d, unsigned levels, unsigned flags)
{
    wt_channel_desc f = fmt_bytes(bytes);
    wt_mipmapped_array m;
    wt_sparse_properties p;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f, w, h, d, levels, flags | WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_mipmapped_array_get_sparse_properties(&p, m), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    return p;
}

/* [semantics#sparse-tiles]: the tail starts at the first level with a side
 * shorter than the tile; rows start on 16 bytes; its size rounds up to 64 KiB. */
static void mip_tails(void **state)
{
    (void)state;
    /* Square RGBA8 1024^2, tiles 128^2: levels 1024..128 tile, 64 on is the
     * tail.  Rows: 256, 128, 64, 32, 16, 16, 16 bytes; bytes 256*64 + 128*32
     * + 64*16 + 32*8 + 16*4 + 16*2 + 16*1 = 21872 -> 65536. */
    wt_sparse_properties p = mip_props(4, 1024, 1024, 0, 11, 0);
    assert_int_equal(p.tile_width, 128);
    assert_int_equal(p.miptail_first_level, 4);
    assert_int_equal(p.miptail_size, 65536);
    /* Non-square 1-byte 2048 x 512, tiles 256^2: level 2 (512 x 128) is the
     * first short one.  512*128 + 256*64 + 128*32 + 64*16 + 32*8 + 16*4
     * + 16*2 + 16 + 16 + 16 = 87440 -> 131072. */
    p = mip_props(1, 2048, 512, 0, 12, 0);
    assert_int_equal(p.miptail_first_level, 2);
    assert_int_equal(p.miptail_size, 131072);
    /* The same with fewer levels: the tail holds only those there are
     * (levels 2 and 3: 65536 + 16384 -> 131072). */
    p = mip_props(1, 2048, 512, 0, 4, 0);
    assert_int_equal(p.miptail_first_level, 2);
    assert_int_equal(p.miptail_size, 131072);
    /* ... and with two levels, none. */
    p = mip_props(1, 2048, 512, 0, 2, 0);
    assert_int_equal(p.miptail_first_level, 2);
    assert_int_equal(p.miptail_size, 0);
    /* 3D float4 64 x 64 x 32, tiles 16^3: level 2 (16 x 16 x 8) is short in
     * depth.  256*16*8 + 128*8*4 + 64*4*2 + 32*2*1 + 16 = 37456 -> 65536. */
    p = mip_props(16, 64, 64, 32, 7, 0);
    assert_int_equal(p.tile_depth, 16);
    assert_int_equal(p.miptail_first_level, 2);
    assert_int_equal(p.miptail_size, 65536);
    /* Layered 2-byte 512 x 256 x 3 layers, tiles 256 x 128: level 2 (128 x
     * 64); one tail per layer of 256*64 + 128*32 + 64*16 + 32*8 + 16*4 +
     * 16*2 + 16 + 16 = 21904 -> 65536. */
    p = mip_props(2, 512, 256, 3, 10, WT_ARRAY_LAYERED);
    assert_int_equal(p.miptail_first_level, 2);
    assert_int_equal(p.miptail_size, 65536);
    assert_int_equal(p.flags, 0);
    /* A plain array smaller than a tile is all tail: 100 x 50 RGBA8, rows
     * of 400 bytes, 20000 -> 65536. */
    wt_channel_desc f = fmt_bytes(4);
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &f, 100, 50, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_array_get_sparse_properties(&p, a), WT_SUCCESS);
    assert_int_equal(p.miptail_first_level, 0);
    assert_int_equal(p.miptail_size, 65536);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#sparse-arrays]: 1D, cube and multisample arrays are refused. */
static void refused_geometries(void **state)
{
    (void)state;
    wt_channel_desc f = fmt_bytes(4);
    wt_array a = (wt_array)1;
    wt_mipmapped_array m = (wt_mipmapped_array)1;
    assert_int_equal(wt_malloc_array(&a, &f, 256, 0, 0, WT_ARRAY_SPARSE), WT_ERROR_INVALID_VALUE);
    assert_null(a);
    assert_non_null(strstr(wt_last_error_message(), "WT_ARRAY_SPARSE"));
    assert_non_null(strstr(wt_last_error_message(), "1D"));
    assert_int_equal(wt_malloc_array(&a, &f, 256, 0, 4, WT_ARRAY_SPARSE | WT_ARRAY_LAYERED), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_array(&a, &f, 256, 256, 6, WT_ARRAY_SPARSE | WT_ARRAY_CUBEMAP), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "cubemap"));
    assert_int_equal(wt_malloc_array(&a, &f, 256, 256, 12, WT_ARRAY_SPARSE | WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED),
                     WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f, 256, 0, 0, 3, WT_ARRAY_SPARSE), WT_ERROR_INVALID_VALUE);
    assert_null(m);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f, 256, 256, 6, 3, WT_ARRAY_SPARSE | WT_ARRAY_CUBEMAP),
                     WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_multisample_array(&a, &f, 256, 256, 0, 4, WT_ARRAY_SPARSE), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "multisample"));
}

static void properties_refused(void **state)
{
    (void)state;
    wt_channel_desc f = fmt_bytes(4);
    wt_array dense, lvl;
    wt_mipmapped_array m, mdense;
    wt_sparse_properties p;
    assert_int_equal(wt_malloc_array(&dense, &f, 64, 64, 0, 0), WT_SUCCESS);
    assert_int_equal(wt_array_get_sparse_properties(&p, dense), WT_ERROR_INVALID_RESOURCE_TYPE);
    assert_non_null(strstr(wt_last_error_message(), "WT_ARRAY_SPARSE"));
    assert_int_equal(wt_malloc_mipmapped_array(&mdense, &f, 64, 64, 0, 3, 0), WT_SUCCESS);
    assert_int_equal(wt_mipmapped_array_get_sparse_properties(&p, mdense), WT_ERROR_INVALID_RESOURCE_TYPE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &f, 512, 512, 0, 4, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 1), WT_SUCCESS);
    assert_int_equal(wt_array_get_sparse_properties(&p, lvl), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "level of a mipmapped array"));
    assert_int_equal(wt_array_get_sparse_properties(NULL, dense), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_array_get_sparse_properties(&p, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_mipmapped_array_get_sparse_properties(&p, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_array(dense), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(mdense), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

static void pools(void **state)
{
    (void)state;
    wt_tile_pool p = (wt_tile_pool)1;
    assert_int_equal(wt_tile_pool_create(&p, 0), WT_ERROR_INVALID_VALUE);
    assert_null(p);
    assert_int_equal(wt_tile_pool_create(&p, TILE + 1), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "multiple of 65536"));
    assert_int_equal(wt_tile_pool_create(NULL, TILE), WT_ERROR_INVALID_VALUE);
    uint8_t *mem = aligned_alloc(64, 2 * TILE + 64);
    assert_int_equal(wt_tile_pool_create_from(&p, NULL, TILE), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_tile_pool_create_from(&p, mem + 8, TILE), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "aligned"));
    assert_int_equal(wt_tile_pool_create_from(&p, mem, 100), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_tile_pool_create_from(&p, (void *)(uintptr_t)(UINTPTR_MAX - 15), TILE),
                     WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_tile_pool_create_from(&p, mem, 2 * TILE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_ERROR_INVALID_VALUE); /* dead at once */
    assert_int_equal(wt_tile_pool_release(NULL), WT_ERROR_INVALID_VALUE);
    free(mem); /* warptex never frees the caller's memory */
    assert_int_equal(wt_tile_pool_create(&p, 3 * TILE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
}

/* ---- mapping ------------------------------------------------------------ */

/* A 2D RGBA8 sparse array of 300 x 300 (tiles 128 x 128: 3 x 3, the last
 * row and column partial) and a pool over our memory, 4 tiles, byte k of
 * tile t holding (t * 37 + k) & 0xff. */
typedef struct fixture {
    wt_array a;
    uint8_t *mem;
    wt_tile_pool pool;
} fixture;

static void fx_make(fixture *f)
{
    wt_channel_desc d = fmt_bytes(4);
    assert_int_equal(wt_malloc_array(&f->a, &d, 300, 300, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
    f->mem = aligned_alloc(64, 4 * TILE);
    for (size_t t = 0; t < 4; t++)
        for (size_t k = 0; k < TILE; k++)
            f->mem[t * TILE + k] = (uint8_t)((t * 37 + k) & 0xff);
    assert_int_equal(wt_tile_pool_create_from(&f->pool, f->mem, 4 * TILE), WT_SUCCESS);
}

static void fx_free(fixture *f)
{
    assert_int_equal(wt_free_array(f->a), WT_SUCCESS); /* drops the mappings first */
    assert_int_equal(wt_tile_pool_release(f->pool), WT_SUCCESS);
    free(f->mem);
}

static wt_sparse_map_entry region(wt_array a, size_t x, size_t y, size_t w, size_t h, wt_tile_pool pool, size_t off)
{
    wt_sparse_map_entry e = {.res_type = WT_RESOURCE_ARRAY, .array = a, .sub = WT_SPARSE_LEVEL, .x = x, .y = y,
                             .width = w, .height = h, .depth = 1, .op = pool ? WT_SPARSE_MAP : WT_SPARSE_UNMAP,
                             .pool = pool, .pool_offset = off};
    return e;
}

/* Texel (x, y) of the array, read back through a host copy. */
static uint32_t texel(wt_array a, size_t x, size_t y)
{
    uint32_t v = 0xdeadbeefu;
    assert_int_equal(wt_memcpy_from_array(&v, 4, a, x, y, 0, 1, 1, 1), WT_SUCCESS);
    return v;
}

/* What texel (x, y) holds when its tile is mapped at pool tile t:
 * [semantics#sparse-tiles] row-major within the tile. */
static uint32_t pool_texel(const fixture *f, size_t t, size_t x, size_t y)
{
    uint32_t v;
    memcpy(&v, f->mem + t * TILE + ((y % 128) * 128 + x % 128) * 4, 4);
    return v;
}

static void map_places_texels(void **state)
{
    (void)state;
    fixture f;
    fx_make(&f);
    assert_int_equal(texel(f.a, 5, 5), 0); /* unmapped: zeros ([semantics#sparse-copies]) */
    /* Tiles (1, 0), (2, 0), (1, 1), (2, 1): x 128..299 ends at the edge; pool tiles 0..3 in x-then-y order. */
    wt_sparse_map_entry e = region(f.a, 128, 0, 172, 256, f.pool, 0);
    assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
    assert_int_equal(texel(f.a, 5, 5), 0);
    assert_int_equal(texel(f.a, 128, 0), pool_texel(&f, 0, 128, 0));
    assert_int_equal(texel(f.a, 200, 77), pool_texel(&f, 0, 200, 77));
    assert_int_equal(texel(f.a, 299, 127), pool_texel(&f, 1, 299, 127));
    assert_int_equal(texel(f.a, 130, 128), pool_texel(&f, 2, 130, 128));
    assert_int_equal(texel(f.a, 260, 255), pool_texel(&f, 3, 260, 255));
    assert_int_equal(texel(f.a, 260, 256), 0); /* row 2 of tiles unmapped */
    /* A copy lands in the pool at the documented place. */
    uint32_t v = 0x11223344u;
    assert_int_equal(wt_memcpy_to_array(f.a, 257, 3, 0, &v, 4, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(pool_texel(&f, 1, 257, 3), 0x11223344u);
    /* A copy over mapped and unmapped tiles: the unmapped part is dropped,
     * and reads back as zeros. */
    uint32_t row[200], back[200];
    for (int i = 0; i < 200; i++)
        row[i] = 0x01000000u + (uint32_t)i;
    assert_int_equal(wt_memcpy_to_array(f.a, 50, 10, 0, row, sizeof row, 200, 1, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_from_array(back, sizeof back, f.a, 50, 10, 0, 200, 1, 1), WT_SUCCESS);
    for (int i = 0; i < 200; i++)
        assert_int_equal(back[i], 50 + i < 128 ? 0u : row[i]);
    fx_free(&f);
}

static void aliasing_and_remap(void **state)
{
    (void)state;
    fixture f;
    fx_make(&f);
    /* Tiles (0, 0) and (1, 1) onto the same pool tile 2: they share data. */
    wt_sparse_map_entry e[2] = {region(f.a, 0, 0, 128, 128, f.pool, 2 * TILE),
                                region(f.a, 128, 128, 128, 128, f.pool, 2 * TILE)};
    assert_int_equal(wt_sparse_map(e, 2), WT_SUCCESS);
    uint32_t v = 0xcafef00du;
    assert_int_equal(wt_memcpy_to_array(f.a, 3, 4, 0, &v, 4, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(texel(f.a, 128 + 3, 128 + 4), 0xcafef00du);
    /* Unmap: zeros; the pool keeps the bytes; a remap (elsewhere) shows them again. */
    wt_sparse_map_entry u = region(f.a, 0, 0, 128, 128, NULL, 0);
    assert_int_equal(wt_sparse_map(&u, 1), WT_SUCCESS);
    assert_int_equal(texel(f.a, 3, 4), 0);
    assert_int_equal(pool_texel(&f, 2, 3, 4), 0xcafef00du);
    wt_sparse_map_entry r = region(f.a, 256, 256, 44, 44, f.pool, 2 * TILE);
    assert_int_equal(wt_sparse_map(&r, 1), WT_SUCCESS);
    assert_int_equal(texel(f.a, 256 + 3, 256 + 4), 0xcafef00du);
    /* Later entries win: map then unmap the same tile in one call. */
    wt_sparse_map_entry two[2] = {region(f.a, 0, 128, 128, 128, f.pool, 0), region(f.a, 0, 128, 128, 128, NULL, 0)};
    assert_int_equal(wt_sparse_map(two, 2), WT_SUCCESS);
    assert_int_equal(texel(f.a, 1, 129), 0);
    assert_int_equal(wt_sparse_map(NULL, 0), WT_SUCCESS);
    assert_int_equal(wt_sparse_map(NULL, 1), WT_ERROR_INVALID_VALUE);
    fx_free(&f);
}

/* A released pool lives while mapped (ASan would see a use after free). */
static void released_pool_lives(void **state)
{
    (void)state;
    wt_channel_desc d = fmt_bytes(4);
    wt_array a;
    wt_tile_pool p;
    assert_int_equal(wt_malloc_array(&a, &d, 256, 256, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_create(&p, 2 * TILE), WT_SUCCESS);
    wt_sparse_map_entry e = region(a, 0, 0, 256, 128, p, 0);
    assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
    assert_int_equal(texel(a, 200, 100), 0); /* library pools start zeroed */
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
    uint32_t v = 0x5a5a5a5au;
    assert_int_equal(wt_memcpy_to_array(a, 200, 100, 0, &v, 4, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(texel(a, 200, 100), 0x5a5a5a5au);
    /* The released pool cannot take new mappings. */
    wt_sparse_map_entry again = region(a, 0, 128, 128, 128, p, 0);
    assert_int_equal(wt_sparse_map(&again, 1), WT_ERROR_INVALID_VALUE);
    /* Unmap one tile: the other still holds the memory. */
    wt_sparse_map_entry u = region(a, 0, 0, 128, 128, NULL, 0);
    assert_int_equal(wt_sparse_map(&u, 1), WT_SUCCESS);
    assert_int_equal(texel(a, 200, 100), 0x5a5a5a5au);
    assert_int_equal(wt_free_array(a), WT_SUCCESS); /* the last mapping goes: so does the pool */
}

/* The last object over a freed array frees it, and with it the last
 * mapping of a released pool: that pool's memory is retired from inside the
 * object's own deferred release (reclaim.c), and a map call racing with
 * releases takes the locks in one order.  A deadlock hangs the test. */
static void last_object_frees_pool(void **state)
{
    (void)state;
    wt_channel_desc d = fmt_bytes(4);
    for (int round = 0; round < 3; round++) {
        wt_array a;
        wt_tile_pool p;
        assert_int_equal(wt_malloc_array(&a, &d, 256, 256, 0, WT_ARRAY_SPARSE | WT_ARRAY_SURFACE_LOAD_STORE),
                         WT_SUCCESS);
        assert_int_equal(wt_tile_pool_create(&p, TILE), WT_SUCCESS);
        wt_sparse_map_entry e = region(a, 0, 0, 128, 128, p, 0);
        assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
        assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
        wt_resource_desc r = {.type = WT_RESOURCE_ARRAY};
        r.res.array.array = a;
        wt_texture_desc td;
        memset(&td, 0, sizeof td);
        wt_tex t;
        wt_surf s;
        assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
        assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
        if (round == 1) {
            assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        } else {
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
            assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        }
    }
}

/* Every bad entry, second after a good one: an error naming entry 1, and
 * the good entry not applied either. */
static void map_all_or_nothing(void **state)
{
    (void)state;
    fixture f;
    fx_make(&f);
    wt_channel_desc d = fmt_bytes(4);
    wt_array dense, lvl;
    wt_mipmapped_array m;
    wt_tile_pool dead;
    assert_int_equal(wt_malloc_array(&dense, &d, 256, 256, 0, 0), WT_SUCCESS);
    /* 512^2 RGBA8, 4 levels: 512, 256, 128 tile, level 3 (64) is the tail. */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 512, 512, 0, 4, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 1), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_create(&dead, TILE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(dead), WT_SUCCESS);
    wt_sparse_map_entry good = region(f.a, 0, 0, 128, 128, f.pool, 0);
    wt_sparse_map_entry mip = {.res_type = WT_RESOURCE_MIPMAPPED_ARRAY, .mipmap = m, .sub = WT_SPARSE_LEVEL,
                               .width = 128, .height = 128, .depth = 1, .op = WT_SPARSE_MAP, .pool = f.pool};
    wt_sparse_map_entry tail = mip;
    tail.sub = WT_SPARSE_MIPTAIL;
    tail.size = TILE;
    struct { wt_sparse_map_entry e; const char *says; } bad[32];
    int n = 0;
#define BAD(expr, text) do { bad[n].e = good; { wt_sparse_map_entry *e = &bad[n].e; expr; } bad[n++].says = text; } while (0)
    BAD(e->x = 64, "not aligned");                            /* starts inside a tile */
    BAD(e->width = 100, "not aligned");                       /* ends inside a tile, not at the edge */
    BAD(e->y = 64, "not aligned");
    BAD((e->x = 256, e->width = 128), "leaves the level");     /* past the edge (300) */
    BAD(e->width = 0, "empty");
    BAD(e->depth = 2, "leaves the level");                   /* a 2D level has one plane */
    BAD(e->layer = 1, "layer");                              /* not layered */
    BAD(e->level = 1, "level");                              /* one level */
    BAD(e->pool_offset = 1000, "multiple of");
    BAD(e->pool_offset = 4 * TILE, "past the pool");
    BAD((e->width = 256, e->height = 256, e->pool_offset = 3 * TILE), "past the pool"); /* 4 tiles from tile 3 */
    BAD(e->pool_offset = SIZE_MAX - TILE + 1, "past the pool"); /* a multiple of the tile, far past */
    BAD(e->op = WT_SPARSE_UNMAP, "takes no pool");
    BAD(e->pool = NULL, "not a live tile pool");
    BAD(e->pool = dead, "not a live tile pool");
    BAD(e->op = (wt_sparse_op)7, "op");
    BAD(e->sub = (wt_sparse_subresource)5, "sub");
    BAD(e->res_type = WT_RESOURCE_LINEAR, "res_type");
    BAD(e->array = dense, "WT_ARRAY_SPARSE");
    BAD(e->array = NULL, "not a live array");
    BAD(e->array = lvl, "map through the mipmapped array");
    BAD(e->sub = WT_SPARSE_MIPTAIL, "no mip tail");           /* 300^2 has none */
    BAD((*e = mip, e->level = 3), "mip tail");                /* a tail level as a region */
    BAD((*e = mip, e->level = 4), "level = 4");
    BAD((*e = tail, e->offset = 100), "mip-tail range");
    BAD((*e = tail, e->size = 2 * TILE), "mip-tail range");  /* the tail is one page */
    BAD((*e = tail, e->size = 0), "mip-tail range");
    BAD((*e = tail, e->offset = TILE), "mip-tail range");
#undef BAD
    for (int i = 0; i < n; i++) {
        wt_sparse_map_entry two[2] = {good, bad[i].e};
        assert_int_equal(wt_sparse_map(two, 2), WT_ERROR_INVALID_VALUE);
        const char *msg = wt_last_error_message();
        if (!strstr(msg, "entry 1") || !strstr(msg, bad[i].says))
            fail_msg("case %d: message \"%s\" lacks \"entry 1\" or \"%s\"", i, msg, bad[i].says);
        assert_int_equal(texel(f.a, 0, 0), 0); /* the good entry was not applied */
    }
    /* The good ones alone go through: the mipmapped region and tail too. */
    wt_sparse_map_entry ok[3] = {good, mip, tail};
    assert_int_equal(wt_sparse_map(ok, 3), WT_SUCCESS);
    assert_int_equal(texel(f.a, 0, 0), pool_texel(&f, 0, 0, 0));
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    assert_int_equal(wt_free_array(dense), WT_SUCCESS);
    fx_free(&f);
}

/* [semantics#sparse-tiles]: a tail's levels in level order from byte 0,
 * rows on 16 bytes; one tail per layer; layered and 3D regions. */
static void tails_and_layers(void **state)
{
    (void)state;
    wt_channel_desc d = fmt_bytes(4);
    wt_mipmapped_array m;
    /* 512^2 x 2 layers RGBA8, 6 levels: the tail is levels 3 (64^2), 4, 5. */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 512, 512, 2, 6, WT_ARRAY_SPARSE | WT_ARRAY_LAYERED),
                     WT_SUCCESS);
    uint8_t *mem = aligned_alloc(64, 2 * TILE);
    memset(mem, 0, 2 * TILE);
    wt_tile_pool p;
    assert_int_equal(wt_tile_pool_create_from(&p, mem, 2 * TILE), WT_SUCCESS);
    wt_sparse_map_entry e = {.res_type = WT_RESOURCE_MIPMAPPED_ARRAY, .mipmap = m, .sub = WT_SPARSE_MIPTAIL,
                             .layer = 1, .size = TILE, .op = WT_SPARSE_MAP, .pool = p, .pool_offset = TILE};
    assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
    wt_array l4, l0;
    assert_int_equal(wt_get_mipmapped_array_level(&l4, m, 4), WT_SUCCESS);
    assert_int_equal(wt_get_mipmapped_array_level(&l0, m, 0), WT_SUCCESS);
    uint32_t v = 0x87654321u, back = 1;
    /* Level 4 (32^2) of layer 1 starts after level 3 (64 * 256 bytes):
     * texel (5, 2) at 16384 + 2 * 128 + 5 * 4. */
    assert_int_equal(wt_memcpy_to_array(l4, 5, 2, 1, &v, 4, 1, 1, 1), WT_SUCCESS);
    uint32_t at;
    memcpy(&at, mem + TILE + 16384 + 2 * 128 + 5 * 4, 4);
    assert_int_equal(at, v);
    /* Layer 0's tail is unmapped: the same copy there is dropped. */
    assert_int_equal(wt_memcpy_to_array(l4, 5, 2, 0, &v, 4, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_from_array(&back, 4, l4, 5, 2, 0, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(back, 0);
    /* A region of layer 1 of level 0: tile (3, 3) onto pool tile 0. */
    wt_sparse_map_entry r = {.res_type = WT_RESOURCE_MIPMAPPED_ARRAY, .mipmap = m, .sub = WT_SPARSE_LEVEL,
                             .layer = 1, .x = 384, .y = 384, .width = 128, .height = 128, .depth = 1,
                             .op = WT_SPARSE_MAP, .pool = p, .pool_offset = 0};
    assert_int_equal(wt_sparse_map(&r, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(l0, 400, 390, 1, &v, 4, 1, 1, 1), WT_SUCCESS);
    memcpy(&at, mem + (6 * 128 + 16) * 4, 4);
    assert_int_equal(at, v);
    r.layer = 2;
    assert_int_equal(wt_sparse_map(&r, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);

    /* 3D 64 x 64 x 64 float4 (tiles 16^3): tile (1, 2, 3) at pool tile 0;
     * texel (17, 34, 51) is (1, 2, 3) inside it: ((3 * 16 + 2) * 16 + 1) * 16. */
    wt_channel_desc f16 = fmt_bytes(16);
    wt_array a3;
    assert_int_equal(wt_malloc_array(&a3, &f16, 64, 64, 64, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_create_from(&p, mem, 2 * TILE), WT_SUCCESS);
    wt_sparse_map_entry t3 = {.res_type = WT_RESOURCE_ARRAY, .array = a3, .sub = WT_SPARSE_LEVEL, .x = 16, .y = 32,
                              .z = 48, .width = 16, .height = 16, .depth = 16, .op = WT_SPARSE_MAP, .pool = p};
    assert_int_equal(wt_sparse_map(&t3, 1), WT_SUCCESS);
    float px[4] = {1.5f, 2.5f, 3.5f, 4.5f}, got[4];
    assert_int_equal(wt_memcpy_to_array(a3, 17, 34, 51, px, 16, 1, 1, 1), WT_SUCCESS);
    memcpy(got, mem + ((3 * 16 + 2) * 16 + 1) * 16, 16);
    assert_memory_equal(got, px, 16);
    t3.z = 40;
    assert_int_equal(wt_sparse_map(&t3, 1), WT_ERROR_INVALID_VALUE); /* z not on a tile */
    assert_int_equal(wt_free_array(a3), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS);
    free(mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tile_shapes),          cmocka_unit_test(mip_tails),
        cmocka_unit_test(refused_geometries),   cmocka_unit_test(properties_refused),
        cmocka_unit_test(pools),                cmocka_unit_test(map_places_texels),
        cmocka_unit_test(aliasing_and_remap),   cmocka_unit_test(released_pool_lives),
        cmocka_unit_test(map_all_or_nothing),   cmocka_unit_test(tails_and_layers),
        cmocka_unit_test(last_object_frees_pool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
