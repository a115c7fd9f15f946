/* test_lod_views.c -- LOD through the public API: resource-view first levels with LOD clamps, base mode clamps,
 * tld4's base level, gradient scaling by the view's level 0, mipmapped textures read through an unnormalised
 * sampler ([semantics#mip-levels], [semantics#lod-arithmetic], [semantics#lod-from-gradients] step 0, [semantics#decision-base-lod-clamps], [semantics#decision-tld4-mipmaps])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "warptex.h"

/* A 2D f32 mipmapped array of size x size with `levels` levels; texel (x, y)
 * of level l holds 100·l + x when `by_x`, else l alone.  Small integers, so
 * every float blend below is exact ([semantics#float-blend] truncates nothing). */
/* Results compare bit for bit. */
static void assert_bits(float got, float want)
{
    uint32_t g, w;
    memcpy(&g, &got, 4);
    memcpy(&w, &want, 4);
    if (g != w)
        fail_msg("got %.9g (0x%08x), want %.9g (0x%08x)", (double)got, g, (double)want, w);
}

static wt_mipmapped_array make_mip(unsigned size, unsigned levels, int by_x)
{
    wt_mipmapped_array m;
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, size, size, 0, levels, 0), WT_SUCCESS);
    static float buf[64 * 64];
    for (unsigned l = 0; l < levels; l++) {
        unsigned n = size >> l ? size >> l : 1;
        for (unsigned y = 0; y < n; y++)
            for (unsigned x = 0; x < n; x++)
                buf[y * n + x] = (float)(by_x ? 100 * l + x : l);
        wt_array a;
        assert_int_equal(wt_get_mipmapped_array_level(&a, m, l), WT_SUCCESS);
        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, buf, n * 4, n, n, 1), WT_SUCCESS);
    }
    return m;
}

static wt_texture_desc desc(wt_filter_mode mip_filter, float min_clamp)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = WT_ADDRESS_CLAMP;
    td.filter_mode = WT_FILTER_POINT;
    td.read_mode = WT_READ_ELEMENT_TYPE;
    td.normalized_coords = 1;
    td.mipmap_filter_mode = mip_filter;
    td.min_mipmap_level_clamp = min_clamp;
    td.max_mipmap_level_clamp = 100.0f;
    return td;
}

static wt_tex make_tex(wt_mipmapped_array m, const wt_texture_desc *td, unsigned first, unsigned last)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    wt_resource_view_desc v;
    memset(&v, 0, sizeof v);
    v.first_mipmap_level = first;
    v.last_mipmap_level = last;
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &r, td, (first || last) ? &v : NULL), WT_SUCCESS);
    return t;
}

/* [semantics#lod-arithmetic] (resource views): the view's first level is level 0 and the clamps
 * are relative to it.  First level 2 and a min clamp of 1.2 clamp at
 * absolute 3.2: q = trunc(1.2·256) = 307 (1/256ths of the view), levels 3 and
 * 4 with 256 − 51 = 205 and 51.  Values 3 and 4: (205·3 + 51·4)/256 =
 * 819/256 = 3.19921875.  (An absolute clamp would read level 2 alone: 2.) */
static void test_view_first_level_min_clamp(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mip(64, 7, 0);
    wt_texture_desc td = desc(WT_FILTER_LINEAR, 1.2f);
    wt_tex t = make_tex(m, &td, 2, 6);
    /* [semantics#decision-base-lod-clamps]: a plain tex starts at q = 0; the clamp lifts it to 307. */
    wt_float4 v = wt_tex_unified_2d_v4f32_f32(t, 0.3f, 0.7f);
    assert_bits(v.x, 3.19921875f);
    /* An explicit LOD below the clamp too. */
    v = wt_tex_unified_2d_level_v4f32_f32(t, 0.3f, 0.7f, 0.5f);
    assert_bits(v.x, 3.19921875f);
    /* An explicit LOD of 1.5 (view) is absolute 3.5: half 3, half 4. */
    v = wt_tex_unified_2d_level_v4f32_f32(t, 0.3f, 0.7f, 1.5f);
    assert_bits(v.x, 3.5f);
    /* LOD 3 of the view is absolute 5; LOD 9 clamps to the view's last level (6). */
    v = wt_tex_unified_2d_level_v4f32_f32(t, 0.3f, 0.7f, 3.0f);
    assert_bits(v.x, 5.0f);
    v = wt_tex_unified_2d_level_v4f32_f32(t, 0.3f, 0.7f, 9.0f);
    assert_bits(v.x, 6.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);

    /* A view ending early: levels [2, 3]; the clamp 1.2 is past the view's
     * last level (1), so the fetch reads absolute level 3 alone. */
    t = make_tex(m, &td, 2, 3);
    v = wt_tex_unified_2d_v4f32_f32(t, 0.3f, 0.7f);
    assert_bits(v.x, 3.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* [semantics#decision-base-lod-clamps]: base mode with a min clamp of 1.5 reads levels 1 and 2 (linear mip
 * filter: 128 each, 1.5); a point mip filter rounds q = 384 half up to level 2. */
static void test_base_mode_min_clamp(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mip(64, 7, 0);
    wt_texture_desc td = desc(WT_FILTER_LINEAR, 1.5f);
    td.mipmap_level_bias = 3.0f; /* never applied to a plain tex ([semantics#lod-arithmetic] step 2) */
    wt_tex t = make_tex(m, &td, 0, 0);
    wt_float4 v = wt_tex_unified_2d_v4f32_f32(t, 0.5f, 0.5f);
    assert_bits(v.x, 1.5f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    td.mipmap_filter_mode = WT_FILTER_POINT;
    t = make_tex(m, &td, 0, 0);
    v = wt_tex_unified_2d_v4f32_f32(t, 0.5f, 0.5f);
    assert_bits(v.x, 2.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* Without a clamp, base mode is level 0 whatever the bias. */
    td.min_mipmap_level_clamp = 0.0f;
    t = make_tex(m, &td, 0, 0);
    v = wt_tex_unified_2d_v4f32_f32(t, 0.5f, 0.5f);
    assert_bits(v.x, 0.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* [semantics#decision-tld4-mipmaps]: tld4 gathers from the base level, the view's first level, whatever the
 * LOD clamps.  Texels hold 100·l + x.  View [2, 6] of a 64-wide texture: level
 * 2 is 16 wide; u = 0.25 gives x = 4, xB = 3.5 -> i = 3 (a = 128): texels 3 and 4
 * of level 2 = 203, 204, in the [semantics#tld4] order {(i, j+1), (i+1, j+1), (i+1, j), (i, j)}. */
static void test_tld4_base_level(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mip(64, 7, 1);
    wt_texture_desc td = desc(WT_FILTER_LINEAR, 1.2f);
    wt_tex t = make_tex(m, &td, 2, 6);
    wt_float4 v = wt_tld4_unified_r_2d_v4f32_f32(t, 0.25f, 0.5f);
    assert_bits(v.x, 203.0f);
    assert_bits(v.y, 204.0f);
    assert_bits(v.z, 204.0f);
    assert_bits(v.w, 203.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* No view, min clamp 3: still level 0 (64 wide: x = 16, texels 15, 16). */
    td.min_mipmap_level_clamp = 3.0f;
    t = make_tex(m, &td, 0, 0);
    v = wt_tld4_unified_r_2d_v4f32_f32(t, 0.25f, 0.5f);
    assert_bits(v.x, 15.0f);
    assert_bits(v.y, 16.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* [semantics#lod-from-gradients] step 0: gradients are scaled by the size of level 0, the view's first
 * level.  View [1, 6] of a 64-wide texture: level 0 of the view is 32 wide.
 * dPdx = (2/32, 0), dPdy = (0, 2/32): 2 texels each; the diagonals (2, ±2)
 * read 704·2^-9 + 968·2^-11 = 1.84765625 < 2 ([semantics#lod-from-gradients] step 3), so rho = 2, q = 256: view level
 * 1 = absolute level 2.  Scaling by the array's 64 would give 4 texels and
 * absolute level 3. */
static void test_grad_view_scaling(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mip(64, 7, 0);
    wt_texture_desc td = desc(WT_FILTER_LINEAR, 0.0f);
    wt_tex t = make_tex(m, &td, 1, 6);
    wt_float4 v = wt_tex_unified_2d_grad_v4f32_f32(t, 0.5f, 0.5f, 2.0f / 32, 0.0f, 0.0f, 2.0f / 32);
    assert_bits(v.x, 2.0f);
    /* Without the view: 4 texels of level 0 of 64 -> level 2 again. */
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    t = make_tex(m, &td, 0, 0);
    v = wt_tex_unified_2d_grad_v4f32_f32(t, 0.5f, 0.5f, 4.0f / 64, 0.0f, 0.0f, 4.0f / 64);
    assert_bits(v.x, 2.0f);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* [semantics#mip-levels]: a mipmapped texture is read as normalised even when the sampler says
 * otherwise, yet wrap and mirror act as clamp: through a sampler with
 * force_unnormalized_coords and wrap, x = 0.25 on the 8-wide level 0 reads
 * texel 2, and x = 1.25 (texel 10) clamps to 7 instead of wrapping to 2.
 * The texture's own wrap (normalised) does wrap. */
static void test_mipmapped_unnormalised_sampler(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mip(8, 4, 1);
    wt_texture_desc td = desc(WT_FILTER_POINT, 0.0f);
    td.address_mode[0] = td.address_mode[1] = WT_ADDRESS_WRAP;
    wt_tex t = make_tex(m, &td, 0, 0);
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.address_mode[0] = sd.address_mode[1] = WT_ADDRESS_WRAP;
    sd.filter_mode = WT_FILTER_POINT;
    sd.force_unnormalized_coords = 1;
    wt_sampler s;
    assert_int_equal(wt_create_sampler_object(&s, &sd), WT_SUCCESS);
    wt_float4 v = wt_tex_2d_v4f32_f32(t, s, 0.25f, 0.5f);
    assert_bits(v.x, 2.0f);
    v = wt_tex_2d_v4f32_f32(t, s, 1.25f, 0.5f);
    assert_bits(v.x, 7.0f);
    v = wt_tex_2d_v4f32_f32(t, s, -0.25f, 0.5f);
    assert_bits(v.x, 0.0f);
    /* tex.level 1 through the sampler: level 1 is 4 wide, x = 0.25·4 = 1. */
    v = wt_tex_2d_level_v4f32_f32(t, s, 0.25f, 0.5f, 1.0f);
    assert_bits(v.x, 101.0f);
    /* the texture's own sampler: normalised wrap, 10 -> 2 */
    v = wt_tex_unified_2d_v4f32_f32(t, 1.25f, 0.5f);
    assert_bits(v.x, 2.0f);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* Infinite biases through the descriptor: +∞ reads the last level, −∞ the
 * first, with and without the trilinear optimisation (which reads the
 * unrounded bias, [semantics#anisotropy-trilinear]), for tex.level and tex.grad; a plain tex ignores the
 * bias ([semantics#decision-base-lod-clamps]). */
static void test_infinite_bias(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mip(64, 7, 0);
    for (int aniso = 1; aniso <= 4; aniso *= 4) {
        for (int sign = 0; sign < 2; sign++) {
            wt_texture_desc td = desc(WT_FILTER_LINEAR, 0.0f);
            td.max_anisotropy = (unsigned)aniso;
            td.mipmap_level_bias = sign ? -INFINITY : INFINITY;
            wt_tex t = make_tex(m, &td, 0, 0);
            float want = sign ? 0.0f : 6.0f;
            assert_bits(wt_tex_unified_2d_level_v4f32_f32(t, 0.5f, 0.5f, 2.5f).x, want);
            assert_bits(wt_tex_unified_2d_grad_v4f32_f32(t, 0.5f, 0.5f, 0.1f, 0.0f, 0.0f, 0.1f).x, want);
            assert_bits(wt_tex_unified_2d_v4f32_f32(t, 0.5f, 0.5f).x, 0.0f);
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        }
    }
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_first_level_min_clamp),
        cmocka_unit_test(test_base_mode_min_clamp),
        cmocka_unit_test(test_tld4_base_level),
        cmocka_unit_test(test_grad_view_scaling),
        cmocka_unit_test(test_mipmapped_unnormalised_sampler),
        cmocka_unit_test(test_infinite_bias),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
