/* test_rb_sparse_race.c -- mapping, unmapping and releasing tile pools while other threads sample and load the tiles
 * SPDX-License-Identifier: MIT
 *
 * One thread keeps moving tile (0, 0) of a sparse array between fresh
 * library pools (each released at once, so a pool's memory goes with its
 * last mapping), each filled with the round's value before it is mapped
 * there, and every other round unmaps the tile.  Two threads fetch and load through it the
 * whole time.  Each result must be one a moment of the mapper could give
 * ([semantics#sparse-concurrency]): resident with a round's value, or not
 * resident with zeros; under the sanitizers no
 * access may touch a released pool's freed memory. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "rb_util.h"

#define TILE ((size_t)WT_SPARSE_TILE_BYTES)

static atomic_int stop;
static wt_tex tex;
static wt_surf surf;
static long rounds = 6000;
static atomic_int started;

typedef struct result {
    long resident, missing, wrong;
} result;

static void *sampler(void *arg)
{
    result *r = arg;
    static const wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                             .dtype = WT_DTYPE_U32, .ctype = WT_CTYPE_F32, .flags = WT_OP_PRED};
    static const wt_op ld = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 1,
                             .bits = 32, .clamp = WT_CLAMP_TRAP};
    wt_tex_args *in = calloc(1, sizeof *in);
    wt_tex_result *out = calloc(1, sizeof *out);
    wt_surf_args *sin = calloc(1, sizeof *sin);
    wt_surf_result *sout = calloc(1, sizeof *sout);
    uint32_t seed = (uint32_t)(uintptr_t)arg;
    atomic_fetch_add(&started, 1);
    while (!atomic_load(&stop)) {
        for (int l = 0; l < 32; l++) {
            seed = seed * 1103515245u + 12345u;
            int x = (int)(seed >> 8) % 128, y = (int)(seed >> 20) % 128;
            in->c[0][l] = rb_fb((float)x + 0.5f);
            in->c[1][l] = rb_fb((float)y + 0.5f);
            sin->c[0][l] = x * 4;
            sin->c[1][l] = y;
        }
        if (wt_tex_warp(&op, tex, 0, 0xffffffffu, in, out) != WT_SUCCESS ||
            wt_surf_warp(&ld, surf, 0xffffffffu, sin, sout) != WT_SUCCESS) {
            r->wrong++;
            continue;
        }
        for (int l = 0; l < 32; l++) {
            int p = (out->pred >> l) & 1;
            uint32_t v = out->d[0][l];
            if (!p && (v | out->d[1][l] | out->d[2][l] | out->d[3][l]) != 0)
                r->wrong++;
            else if ((p && v == 0) || v > (uint32_t)rounds || sout->d[0][l] > (uint64_t)rounds)
                r->wrong++;
            else
                p ? r->resident++ : r->missing++;
        }
    }
    free(in), free(out), free(sin), free(sout);
    return NULL;
}

static wt_sparse_map_entry tile_entry(wt_array a, size_t x, size_t y, wt_tile_pool p)
{
    wt_sparse_map_entry e = {.res_type = WT_RESOURCE_ARRAY, .array = a, .sub = WT_SPARSE_LEVEL, .x = x, .y = y,
                             .width = 128, .height = 128, .depth = 1, .op = p ? WT_SPARSE_MAP : WT_SPARSE_UNMAP,
                             .pool = p};
    return e;
}

static void map_while_sampling(void **state)
{
    (void)state;
    const char *stress = getenv("WARPTEX_STRESS");
    if (stress && atol(stress) > 1)
        rounds *= atol(stress);
    wt_channel_desc cd = rb_cd(1, 32, WT_CHANNEL_UNSIGNED);
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &cd, 256, 256, 0, WT_ARRAY_SPARSE | WT_ARRAY_SURFACE_LOAD_STORE),
                     WT_SUCCESS);
    wt_resource_desc r = rb_res_array(a);
    wt_texture_desc td = rb_desc0();
    assert_int_equal(wt_create_texture_object(&tex, &r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_create_surface_object(&surf, &r), WT_SUCCESS);
    pthread_t th[2];
    result res[2] = {{0, 0, 0}, {0, 0, 0}};
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&th[k], NULL, sampler, &res[k]), 0);
    while (atomic_load(&started) < 2) /* both sample before the first map */
        sched_yield();
    static uint32_t buf[128 * 128];
    for (long g = 1; g <= rounds; g++) {
        if (g % 2 == 0) {
            /* the last mapping of the previous pool goes: its memory too */
            wt_sparse_map_entry u = tile_entry(a, 0, 0, NULL);
            assert_int_equal(wt_sparse_map(&u, 1), WT_SUCCESS);
            continue;
        }
        /* A fresh pool, filled through tile (1, 1), which nobody samples
         * (so the fill races with no read), then moved to tile (0, 0). */
        wt_tile_pool p;
        assert_int_equal(wt_tile_pool_create(&p, TILE), WT_SUCCESS);
        wt_sparse_map_entry stage = tile_entry(a, 128, 128, p);
        assert_int_equal(wt_sparse_map(&stage, 1), WT_SUCCESS);
        for (int i = 0; i < 128 * 128; i++)
            buf[i] = (uint32_t)g;
        assert_int_equal(wt_memcpy_to_array(a, 128, 128, 0, buf, 128 * 4, 128, 128, 1), WT_SUCCESS);
        wt_sparse_map_entry move[2] = {tile_entry(a, 0, 0, p), tile_entry(a, 128, 128, NULL)};
        assert_int_equal(wt_sparse_map(move, 2), WT_SUCCESS);
        assert_int_equal(wt_tile_pool_release(p), WT_SUCCESS); /* lives while mapped */
    }
    atomic_store(&stop, 1);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(th[k], NULL), 0);
    assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(surf), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(res[k].wrong, 0);
        assert_true(res[k].resident > 0 || res[k].missing > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(map_while_sampling)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
