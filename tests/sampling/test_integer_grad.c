/* test_integer_grad.c -- .grad on integer textures read as element type: anisotropy is ignored (decision)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "warptex.h"

/* 16x16 u32, 5 levels; texel (x, y) of level l holds l*1000 + y*100 + x. */
static wt_tex make(unsigned aniso, wt_mipmapped_array *m)
{
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_mipmapped_array(m, &d, 16, 16, 0, 5, 0), WT_SUCCESS);
    for (unsigned l = 0; l < 5; l++) {
        unsigned n = 16u >> l;
        uint32_t buf[256];
        for (unsigned y = 0; y < n; y++)
            for (unsigned x = 0; x < n; x++)
                buf[y * n + x] = l * 1000 + y * 100 + x;
        wt_array a;
        assert_int_equal(wt_get_mipmapped_array_level(&a, *m, l), WT_SUCCESS);
        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, buf, n * 4, n, n, 1), WT_SUCCESS);
    }
    wt_resource_desc r = {.type = WT_RESOURCE_MIPMAPPED_ARRAY, .res.mipmap.mipmap = *m};
    wt_texture_desc td = {.address_mode = {WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP},
                          .filter_mode = WT_FILTER_POINT,
                          .read_mode = WT_READ_ELEMENT_TYPE,
                          .normalized_coords = 1,
                          .max_anisotropy = aniso,
                          .mipmap_filter_mode = WT_FILTER_POINT,
                          .max_mipmap_level_clamp = 4.0f};
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    return t;
}

/* A footprint 4 texels long in x and 1 in y: LOD log2(4) = 2 without
 * anisotropy, so level 2 (4x4) at (0.53, 0.53): texel (2, 2) = 2202.  With
 * 4x anisotropy a float texture would take 4 taps from level 0 ([semantics#decision-grad-anisotropy]); an
 * integer texture cannot average them, so it reads the same point texel as
 * without anisotropy. */
static void anisotropy_ignored(void **state)
{
    (void)state;
    for (unsigned aniso = 1; aniso <= 16; aniso *= 2) {
        wt_mipmapped_array m;
        wt_tex t = make(aniso, &m);
        wt_int4 v = wt_tex_unified_2d_grad_v4u32_f32(t, 0.53f, 0.53f, 0.25f, 0.0f, 0.0f, 1.0f / 16.0f);
        assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
        assert_int_equal(v.x, 2202);
        /* the swapped footprint: long in y */
        v = wt_tex_unified_2d_grad_v4u32_f32(t, 0.53f, 0.53f, 1.0f / 16.0f, 0.0f, 0.0f, 0.25f);
        assert_int_equal(v.x, 2202);
        /* the descriptor still reports what was asked for */
        wt_texture_desc got;
        assert_int_equal(wt_get_texture_object_texture_desc(&got, t), WT_SUCCESS);
        assert_int_equal(got.max_anisotropy, aniso);
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(anisotropy_ignored)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
