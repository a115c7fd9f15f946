/* test_sparse_surface.c -- surfaces over sparse arrays: zero loads, dropped stores and reductions, data in the pool
 * SPDX-License-Identifier: MIT
 *
 * Expectations from docs/semantics.md#sparse-surfaces and #sparse-tiles,
 * worked by hand: a 256 x 256 RGBA8 array (tiles 128 x 128) with tile (0, 0)
 * and tile (1, 1) both on pool tile 0 (aliases) and tile (1, 0) on pool
 * tile 1; tile (0, 1) unmapped. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

#define TILE ((size_t)WT_SPARSE_TILE_BYTES)

typedef struct fx {
    wt_array a;
    uint8_t *mem;
    wt_tile_pool pool;
    wt_surf s;
} fx;

static wt_sparse_map_entry region(wt_array a, size_t x, size_t y, wt_tile_pool p, size_t off)
{
    wt_sparse_map_entry e = {.res_type = WT_RESOURCE_ARRAY, .array = a, .sub = WT_SPARSE_LEVEL, .x = x, .y = y,
                             .width = 128, .height = 128, .depth = 1, .op = p ? WT_SPARSE_MAP : WT_SPARSE_UNMAP,
                             .pool = p, .pool_offset = off};
    return e;
}

static void fx_make(fx *f)
{
    wt_channel_desc d = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_array(&f->a, &d, 256, 256, 0, WT_ARRAY_SPARSE | WT_ARRAY_SURFACE_LOAD_STORE),
                     WT_SUCCESS);
    f->mem = aligned_alloc(64, 2 * TILE);
    memset(f->mem, 0, 2 * TILE);
    assert_int_equal(wt_tile_pool_create_from(&f->pool, f->mem, 2 * TILE), WT_SUCCESS);
    wt_sparse_map_entry e[3] = {region(f->a, 0, 0, f->pool, 0), region(f->a, 128, 128, f->pool, 0),
                                region(f->a, 128, 0, f->pool, TILE)};
    assert_int_equal(wt_sparse_map(e, 3), WT_SUCCESS);
    wt_resource_desc r = {.type = WT_RESOURCE_ARRAY};
    r.res.array.array = f->a;
    assert_int_equal(wt_create_surface_object(&f->s, &r), WT_SUCCESS);
}

static void fx_free(fx *f)
{
    assert_int_equal(wt_destroy_surface_object(f->s), WT_SUCCESS);
    assert_int_equal(wt_free_array(f->a), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(f->pool), WT_SUCCESS);
    free(f->mem);
}

static uint32_t pool_word(const fx *f, size_t t, size_t x, size_t y)
{
    uint32_t v;
    memcpy(&v, f->mem + t * TILE + ((y % 128) * 128 + x % 128) * 4, 4);
    return v;
}

static void per_lane_calls(void **state)
{
    (void)state;
    fx f;
    fx_make(&f);
    /* A store lands in the pool, row-major within the tile; its alias sees it. */
    wt_sust_b_2d_i32_trap(f.s, 3 * 4, 4, 0x0a0b0c0d);
    assert_int_equal(pool_word(&f, 0, 3, 4), 0x0a0b0c0du);
    assert_int_equal(wt_suld_2d_i32_trap(f.s, (128 + 3) * 4, 128 + 4), 0x0a0b0c0d);
    wt_sust_b_2d_i32_trap(f.s, 200 * 4, 100, 0x12345678);
    assert_int_equal(pool_word(&f, 1, 200, 100), 0x12345678u);
    /* On the unmapped tile: no trap, loads 0, the store and the reduction
     * are dropped ([semantics#sparse-surfaces]); .trap does not matter. */
    wt_sust_b_2d_i32_trap(f.s, 5 * 4, 130, 0x77777777);
    wt_sured_b_add_2d_u32_trap(f.s, 5 * 4, 130, 5);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_int_equal(wt_suld_2d_i32_trap(f.s, 5 * 4, 130), 0);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    for (size_t i = 0; i < 2 * TILE; i++)
        if (f.mem[i] != 0 && i != (4 * 128 + 3) * 4 && i != (4 * 128 + 3) * 4 + 1 && i != (4 * 128 + 3) * 4 + 2 &&
            i != (4 * 128 + 3) * 4 + 3 && (i < TILE + (100 * 128 + 72) * 4 || i >= TILE + (100 * 128 + 73) * 4))
            fail_msg("pool byte %zu changed to %u", i, f.mem[i]);
    /* A reduction on a mapped tile reaches the pool. */
    wt_sured_b_add_2d_u32_trap(f.s, 3 * 4, 4, 3);
    assert_int_equal(pool_word(&f, 0, 3, 4), 0x0a0b0c10u);
    /* Out of range still follows the clamp rule first: .trap traps. */
    (void)wt_suld_2d_i32_trap(f.s, 256 * 4, 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    assert_int_equal(wt_suq_width(f.s), 256); /* suq is unaffected */
    /* Data survives unmap and remap. */
    wt_sparse_map_entry u = region(f.a, 0, 0, NULL, 0), r = region(f.a, 0, 128, f.pool, 0);
    assert_int_equal(wt_sparse_map(&u, 1), WT_SUCCESS);
    assert_int_equal(wt_suld_2d_i32_trap(f.s, 3 * 4, 4), 0);
    assert_int_equal(wt_sparse_map(&r, 1), WT_SUCCESS);
    assert_int_equal(wt_suld_2d_i32_trap(f.s, 3 * 4, 128 + 4), 0x0a0b0c10);
    fx_free(&f);
}

/* The warp call on every backend and the region batch equal the per-lane calls. */
static void doors_agree(void **state)
{
    (void)state;
    fx f;
    fx_make(&f);
    const char *start = wt_backend_name();
    static const char *const names[] = {"scalar", "avx2", "avx512", "neon"};
    static wt_surf_args in;
    static wt_surf_result out;
    wt_op ld = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 4, .bits = 32,
                .clamp = WT_CLAMP_ZERO};
    wt_op st = ld;
    st.family = WT_FAMILY_SUST;
    for (int b = 0; b < 4; b++) {
        if (!wt_backend_available(names[b]))
            continue;
        assert_int_equal(wt_set_backend(names[b]), WT_SUCCESS);
        /* Lane l stores 16 bytes at texel (4 l + 100, 120 + l): rows 120..127
         * on mapped tiles, 128.. on (0, 1) unmapped and (1, 1) mapped. */
        for (int l = 0; l < 32; l++) {
            in.c[0][l] = (4 * l + 100) * 4;
            in.c[1][l] = 120 + l;
            for (int k = 0; k < 4; k++)
                in.v[k][l] = (uint64_t)(0x01000000u * (uint32_t)(b + 1) + (uint32_t)(l * 4 + k));
        }
        assert_int_equal(wt_surf_warp(&st, f.s, 0xffffffffu, &in, &out), WT_SUCCESS);
        assert_int_equal(out.trap, 0);
        assert_int_equal(wt_surf_warp(&ld, f.s, 0xffffffffu, &in, &out), WT_SUCCESS);
        for (int l = 0; l < 32; l++) {
            int x = 4 * l + 100, y = 120 + l;
            int mapped = !(x < 128 && y >= 128);
            for (int k = 0; k < 4; k++) {
                assert_int_equal(out.d[k][l], mapped ? in.v[k][l] : 0);
                assert_int_equal((uint32_t)out.d[k][l], (uint32_t)wt_suld_2d_i32_trap(f.s, (x + k) * 4, y));
            }
        }
    }
    assert_int_equal(wt_set_backend(start), WT_SUCCESS);
    /* A region over mapped and unmapped tiles (the direct row copy would
     * read storage the array does not have). */
    wt_op rl = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 1, .bits = 32,
                .clamp = WT_CLAMP_TRAP};
    wt_region reg = {.x = 120 * 4, .y = 126, .z = 0, .width = 16, .height = 4};
    uint32_t got[4][16];
    assert_int_equal(wt_suld_region(&rl, f.s, &reg, got, 0, NULL), WT_SUCCESS);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 16; i++)
            assert_int_equal(got[j][i], (uint32_t)wt_suld_2d_i32_trap(f.s, (120 + i) * 4, 126 + j));
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(per_lane_calls), cmocka_unit_test(doors_agree)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
