/* test_ptx_sparse.c -- the PTX front end's tex and tld4 with |p on a sparse texture equal the C per-lane call
 * SPDX-License-Identifier: MIT */
#include "ptx_test_util.h"

#define TILE ((size_t)WT_SPARSE_TILE_BYTES)

static void tex_and_tld4_report_residency(void **state)
{
    (void)state;
    /* 256 x 256 f32 (tiles 128 x 128), tile (0, 0) mapped and filled. */
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_array a;
    wt_tile_pool pool;
    assert_int_equal(wt_malloc_array(&a, &d, 256, 256, 0, WT_ARRAY_SPARSE), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_create(&pool, TILE), WT_SUCCESS);
    wt_sparse_map_entry e = {.res_type = WT_RESOURCE_ARRAY, .array = a, .sub = WT_SPARSE_LEVEL, .width = 128,
                             .height = 128, .depth = 1, .op = WT_SPARSE_MAP, .pool = pool};
    assert_int_equal(wt_sparse_map(&e, 1), WT_SUCCESS);
    static float row[128];
    for (int y = 0; y < 128; y++) {
        for (int x = 0; x < 128; x++)
            row[x] = (float)(x + 1000 * y);
        assert_int_equal(wt_memcpy_to_array(a, 0, (size_t)y, 0, row, sizeof row, 128, 1, 1), WT_SUCCESS);
    }
    wt_resource_desc r = {.type = WT_RESOURCE_ARRAY};
    r.res.array.array = a;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.filter_mode = WT_FILTER_LINEAR;
    wt_tex tex;
    assert_int_equal(wt_create_texture_object(&tex, &r, &td, NULL), WT_SUCCESS);

    /* Lanes along and across the tile's right and bottom edges. */
    float xy[32][2];
    for (int l = 0; l < 32; l++) {
        xy[l][0] = 120.0f + (float)l * 0.5f;
        xy[l][1] = l & 1 ? 10.5f : 127.5f + (float)(l % 4) * 0.25f;
    }
    struct { float v; uint32_t p; float g; uint32_t gp; } out[32];
    wt_module m = pt_load("sparse.ptx");
    assert_int_equal(wt_module_register_memory(m, xy, sizeof xy, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    void *pxy = xy, *pout = out;
    void *params[3] = {&tex, &pxy, &pout};
    pt_launch(m, "k_resident", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, params);

    static const wt_op tex_op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                                 .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32, .flags = WT_OP_PRED};
    static const wt_op tld4_op = {.family = WT_FAMILY_TLD4, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                                  .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32, .comp = 0, .flags = WT_OP_PRED};
    int seen[2][2] = {{0, 0}, {0, 0}};
    for (int l = 0; l < 32; l++) {
        wt_tex_lane_args in;
        memset(&in, 0, sizeof in);
        memcpy(&in.c[0], &xy[l][0], 4);
        memcpy(&in.c[1], &xy[l][1], 4);
        uint32_t dv[4], dg[4];
        int pv, pg;
        assert_int_equal(wt_tex_lane(&tex_op, tex, 0, &in, dv, &pv), WT_SUCCESS);
        assert_int_equal(wt_tex_lane(&tld4_op, tex, 0, &in, dg, &pg), WT_SUCCESS);
        assert_memory_equal(&out[l].v, &dv[0], 4);
        assert_int_equal(out[l].p, (uint32_t)pv);
        assert_memory_equal(&out[l].g, &dg[3], 4);
        assert_int_equal(out[l].gp, (uint32_t)pg);
        seen[0][pv]++;
        seen[1][pg]++;
    }
    /* Both answers occur for both instructions, so p is not a constant. */
    assert_true(seen[0][0] && seen[0][1] && seen[1][0] && seen[1][1]);
    assert_int_equal(wt_module_unload(m), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_tile_pool_release(pool), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tex_and_tld4_report_residency)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
