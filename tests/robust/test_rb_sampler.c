/* test_rb_sampler.c -- explicit samplers (PTX independent mode): values through the warp and NVVM lane calls, bad sampler handles
 * SPDX-License-Identifier: MIT
 *
 * The sampler decides filtering, addressing, the border colour and forced
 * unnormalised coordinates (object.h, PTX ISA 5.3.2); every expected value below
 * is worked out by hand from [semantics#linear-filtering] and [semantics#integer-weights], [semantics#address-per-texel] to [semantics#border-color] and [semantics#decision-clamp-ogl-samplers]. */
#include "rb_util.h"

/* 4x4 f32, T[y][x] = 1 + x + 4y (small integers: every blend here is exact,
 * [semantics#float-blend] truncates nothing at these magnitudes). */
static float T[4][4];

static wt_tex make_float_tex(wt_array *arr)
{
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            T[y][x] = (float)(1 + x + 4 * y);
    *arr = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 4, 4, 0, 0, T);
    wt_texture_desc td = rb_desc0();
    td.normalized_coords = 1;
    td.filter_mode = WT_FILTER_POINT;
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = WT_ADDRESS_CLAMP;
    td.border_color[0] = 77.0f; /* the texture's own border: never used below */
    return rb_tex(*arr, &td);
}

static wt_sampler make_sampler(wt_filter_mode f, wt_address_mode a0, wt_address_mode a1, int force_unnorm,
                               float border)
{
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.filter_mode = f;
    sd.address_mode[0] = a0;
    sd.address_mode[1] = a1;
    sd.address_mode[2] = WT_ADDRESS_CLAMP;
    sd.force_unnormalized_coords = force_unnorm;
    sd.border_color[0] = sd.border_color[1] = sd.border_color[2] = sd.border_color[3] = border;
    wt_sampler s = 0;
    assert_int_equal(wt_create_sampler_object(&s, &sd), WT_SUCCESS);
    return s;
}

typedef struct vcase {
    float x, y;
    float own;  /* the texture's own state (point, clamp, normalised) */
    float with; /* through the sampler */
} vcase;

/* Each case through wt_tex_warp (with and without WT_OP_SAMPLER) and
 * through the independent-mode NVVM call wt_tex_2d_v4f32_f32. */
static void run_cases(wt_tex t, wt_sampler s, const vcase *c, size_t n)
{
    wt_op plain = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    wt_op ind = plain;
    ind.flags = WT_OP_SAMPLER;
    for (size_t i = 0; i < n; i++) {
        uint32_t own = rb_f2(&plain, t, s, c[i].x, c[i].y);
        uint32_t with = rb_f2(&ind, t, s, c[i].x, c[i].y);
        if (own != rb_fb(c[i].own) || with != rb_fb(c[i].with))
            fail_msg("case %zu (%g, %g): own %a want %a, sampler %a want %a", i, (double)c[i].x, (double)c[i].y,
                     (double)rb_bf(own), (double)c[i].own, (double)rb_bf(with), (double)c[i].with);
        wt_float4 r = wt_tex_2d_v4f32_f32(t, s, c[i].x, c[i].y);
        assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
        assert_int_equal(rb_fb(r.x), rb_fb(c[i].with));
        /* [semantics#point-conversion]: a one-channel texture reads 0 in y, z and w */
        assert_int_equal(rb_fb(r.y), 0);
        assert_int_equal(rb_fb(r.z), 0);
        assert_int_equal(rb_fb(r.w), 0);
    }
}

/* Linear, wrap on x, border 0.5 on y, the texture's normalisation. */
static void sampler_linear_wrap_border(void **state)
{
    (void)state;
    wt_array a;
    wt_tex t = make_float_tex(&a);
    wt_sampler s = make_sampler(WT_FILTER_LINEAR, WT_ADDRESS_WRAP, WT_ADDRESS_BORDER, 0, 0.5f);
    const vcase c[] = {
        /* u = 0: xB = -0.5 -> i = -1 (wraps to 3) and 0, a = 128; v = 0.375:
         * yB = 1.0 exactly -> row 1 alone.  (T[1][3] + T[1][0]) / 2. */
        {0.0f, 0.375f, 5.0f, 6.5f},
        /* u = 0.625: texel 2's centre; v = 0: yB = -0.5 -> the border row
         * (0.5) and row 0 half each: 0.5*0.5 + 0.5*3. */
        {0.625f, 0.0f, 3.0f, 1.75f},
        /* u = 1: xB = 3.5 -> texels 3 and 4 -> 0 (wrap). */
        {1.0f, 0.375f, 8.0f, 6.5f},
        /* u = -0.25 -> x = -1 -> xB = -1.5 -> texels -2 (2) and -1 (3). */
        {-0.25f, 0.375f, 5.0f, 7.5f},
        /* v = 1: yB = 3.5 -> row 3 and row 4 (border), half each. */
        {0.125f, 1.0f, 13.0f, 0.5f * 0.5f + 0.5f * 13.0f},
    };
    run_cases(t, s, c, sizeof c / sizeof c[0]);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* force_unnormalized_coords overrides the texture's normalised coordinates
 * ([semantics#normalized-coords]) and then wrap is demoted to clamp ([semantics#unnormalized-coords]). */
static void sampler_force_unnormalized(void **state)
{
    (void)state;
    wt_array a;
    wt_tex t = make_float_tex(&a);
    wt_sampler s = make_sampler(WT_FILTER_LINEAR, WT_ADDRESS_WRAP, WT_ADDRESS_WRAP, 1, 0.0f);
    const vcase c[] = {
        /* texel space: xB = 1.5 -> texels 1, 2 half each, row 1 alone.
         * Normalised (own): (2, 1.5) is far right -> texel (3, 3). */
        {2.0f, 1.5f, 16.0f, 6.5f},
        /* x = -3 under clamp (wrap demoted): pre-clamp to 0.5 -> texel 0. */
        {-3.0f, 1.5f, 13.0f, 5.0f},
        /* x = 3.75: pre-clamp to 3.5 -> texel 3; y = 0.75: yB = 0.25 ->
         * rows 0 and 1 with b = 64: 192/256*4 + 64/256*8 = 5. */
        {3.75f, 0.75f, 16.0f, 5.0f},
    };
    run_cases(t, s, c, sizeof c / sizeof c[0]);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#decision-clamp-ogl-samplers]: clamp_ogl clamps the coordinate to [0, N] and blends the border
 * colour at the edge (sampler objects only). */
static void sampler_clamp_ogl(void **state)
{
    (void)state;
    wt_array a;
    wt_tex t = make_float_tex(&a);
    wt_sampler s = make_sampler(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP_OGL, WT_ADDRESS_CLAMP, 1, 0.25f);
    const vcase c[] = {
        /* x = 100 -> 4: xB = 3.5 -> texel 3 and the border, half each. */
        {100.0f, 1.5f, 16.0f, 0.5f * 8.0f + 0.5f * 0.25f},
        /* x = -5 -> 0: xB = -0.5 -> the border and texel 0. */
        {-5.0f, 1.5f, 13.0f, 0.5f * 0.25f + 0.5f * 5.0f},
        /* inside, texel 2's centre */
        {2.5f, 1.5f, 16.0f, 7.0f},
    };
    run_cases(t, s, c, sizeof c / sizeof c[0]);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* The sampler's border colour is converted into the texture's format
 * ([semantics#border-color]): 0.5 on UNORM8 is code 127, read back as 127/255. */
static void sampler_border_converted(void **state)
{
    (void)state;
    uint8_t px[4] = {10, 20, 30, 40};
    wt_array a = rb_array(rb_cd(1, 8, WT_CHANNEL_UNSIGNED), 2, 2, 0, 0, px);
    wt_texture_desc td = rb_desc0();
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.normalized_coords = 1;
    wt_tex t = rb_tex(a, &td);
    wt_sampler s = make_sampler(WT_FILTER_POINT, WT_ADDRESS_BORDER, WT_ADDRESS_BORDER, 0, 0.5f);
    wt_op ind = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    ind.flags = WT_OP_SAMPLER;
    assert_int_equal(rb_f2(&ind, t, s, -0.25f, 0.25f), rb_fb(127.0f / 255.0f));
    assert_int_equal(rb_f2(&ind, t, s, 0.75f, 0.75f), rb_fb(40.0f / 255.0f));
    wt_op plain = ind;
    plain.flags = 0; /* the texture's own mode: wrap -> texel 1 of row 0 */
    assert_int_equal(rb_f2(&plain, t, s, -0.25f, 0.25f), rb_fb(20.0f / 255.0f));
    assert_int_equal(rb_fb(wt_tex_2d_v4f32_f32(t, s, -0.25f, 0.25f).x), rb_fb(127.0f / 255.0f));
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* Decision in tex_entry.c: a linear sampler on a texture that cannot filter
 * (integers read as element type) fetches point-sampled. */
static void sampler_linear_on_integer(void **state)
{
    (void)state;
    uint32_t px[4] = {100, 200, 300, 400};
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 2, 2, 0, 0, px);
    wt_texture_desc td = rb_desc0();
    wt_tex t = rb_tex(a, &td);
    wt_sampler s = make_sampler(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP, 0, 0.0f);
    wt_op ind = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_U32);
    ind.flags = WT_OP_SAMPLER;
    /* (1.0, 0.5): point reads texel (1, 0); a blend would mix texels 0, 1 */
    assert_int_equal(rb_f2(&ind, t, s, 1.0f, 0.5f), 200);
    assert_int_equal(rb_f2(&ind, t, s, 1.9f, 1.2f), 400);
    assert_int_equal(wt_tex_2d_v4u32_f32(t, s, 1.0f, 0.5f).x, 200);
    assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* Zero, destroyed, forged and wrong-kind samplers: WT_ERROR_INVALID_HANDLE,
 * active lanes zeroed, pred 0, inactive lanes untouched; the lane call
 * returns zeros and sets the last error.  Without WT_OP_SAMPLER the sampler
 * argument is ignored. */
static void bad_sampler_handles(void **state)
{
    (void)state;
    wt_array a;
    wt_tex t = make_float_tex(&a);
    wt_sampler dead = make_sampler(WT_FILTER_LINEAR, WT_ADDRESS_WRAP, WT_ADDRESS_WRAP, 0, 0.0f);
    assert_int_equal(wt_destroy_sampler_object(dead), WT_SUCCESS);
    wt_sampler live = make_sampler(WT_FILTER_LINEAR, WT_ADDRESS_WRAP, WT_ADDRESS_WRAP, 0, 0.0f);
    uint32_t sbuf[4] = {0};
    wt_array sa = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 4, 0, 0, WT_ARRAY_SURFACE_LOAD_STORE, sbuf);
    wt_resource_desc sr = rb_res_array(sa);
    wt_surf surf = 0;
    assert_int_equal(wt_create_surface_object(&surf, &sr), WT_SUCCESS);

    const uint64_t bad[] = {0, dead, t, surf, live ^ (1ull << 33), live + 1000, ~0ull};
    wt_op ind = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    ind.flags = WT_OP_SAMPLER | WT_OP_PRED;
    static wt_tex_args in;
    static wt_tex_result out;
    memset(&in, 0, sizeof in);
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        in.c[0][l] = rb_fb(0.625f);
        in.c[1][l] = rb_fb(0.375f);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&out, 0xa5, sizeof out);
        assert_int_equal(wt_tex_warp(&ind, t, bad[i], 0x0000ffffu, &in, &out), WT_ERROR_INVALID_HANDLE);
        assert_non_null(strstr(wt_last_error_message(), "sampler"));
        assert_int_equal(out.pred, 0);
        for (int k = 0; k < 4; k++)
            for (int l = 0; l < WT_WARP_SIZE; l++)
                assert_int_equal(out.d[k][l], l < 16 ? 0u : 0xa5a5a5a5u);
        (void)wt_get_last_error();
        wt_float4 r = wt_tex_2d_v4f32_f32(t, bad[i], 0.625f, 0.375f);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
        assert_int_equal(rb_fb(r.x) | rb_fb(r.y) | rb_fb(r.z) | rb_fb(r.w), 0);
        wt_int4 ri = wt_tex_2d_v4s32_f32(t, bad[i], 0.625f, 0.375f);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
        assert_int_equal(ri.x | ri.y | ri.z | ri.w, 0);
        /* the flag absent: the same handle is not looked at */
        wt_op plain = ind;
        plain.flags = WT_OP_PRED;
        memset(&out, 0xa5, sizeof out);
        assert_int_equal(wt_tex_warp(&plain, t, bad[i], 0x0000ffffu, &in, &out), WT_SUCCESS);
        assert_int_equal(out.pred, 0x0000ffffu);
        assert_int_equal(out.d[0][3], rb_fb(7.0f)); /* texel (2, 1), point */
        assert_int_equal(out.d[0][20], 0xa5a5a5a5u);
    }
    /* a sampler handle as the texture, and the live sampler still works */
    memset(&out, 0xa5, sizeof out);
    assert_int_equal(wt_tex_warp(&ind, live, live, 1u, &in, &out), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(out.d[0][0], 0);
    (void)wt_get_last_error();
    (void)wt_tex_2d_v4f32_f32(live, live, 0.5f, 0.5f);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
    /* u = 0.625, v = 0.375 linear wrap: texel (2, 1) exactly */
    assert_int_equal(rb_fb(wt_tex_2d_v4f32_f32(t, live, 0.625f, 0.375f).x), rb_fb(7.0f));
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);

    assert_int_equal(wt_destroy_surface_object(surf), WT_SUCCESS);
    assert_int_equal(wt_free_array(sa), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(live), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* tld4 through an explicit sampler: the sampler's wrap and border decide
 * the gathered texels ([semantics#tld4] order d = {T(i,j+1), T(i+1,j+1), T(i+1,j), T(i,j)}). */
static void sampler_tld4(void **state)
{
    (void)state;
    wt_array a;
    wt_tex t = make_float_tex(&a);
    wt_sampler s = make_sampler(WT_FILTER_POINT, WT_ADDRESS_WRAP, WT_ADDRESS_BORDER, 0, 0.5f);
    wt_op own = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    own.family = WT_FAMILY_TLD4;
    wt_op ind = own;
    ind.flags = WT_OP_SAMPLER;
    static const struct {
        float x, y, own[4], with[4];
    } c[] = {
        /* u = 0: xB = -0.5 -> i = -1 (clamp 0, wrap 3), 0; v = 0.375: yB = 1 -> rows 1, 2 */
        {0.0f, 0.375f, {9, 9, 5, 5}, {12, 9, 5, 8}},
        /* u = 0.625: xB = 2 -> columns 2, 3; v = 0: yB = -0.5 -> row -1 (clamp 0, border 0.5), 0 */
        {0.625f, 0.0f, {3, 4, 4, 3}, {3, 4, 0.5f, 0.5f}},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        rb_lane l;
        memset(&l, 0, sizeof l);
        l.c[0] = rb_fb(c[i].x);
        l.c[1] = rb_fb(c[i].y);
        uint32_t d[4], e[4];
        assert_int_equal(rb_tex1(&own, t, s, &l, d), WT_SUCCESS);
        assert_int_equal(rb_tex1(&ind, t, s, &l, e), WT_SUCCESS);
        for (int k = 0; k < 4; k++) {
            assert_int_equal(d[k], rb_fb(c[i].own[k]));
            assert_int_equal(e[k], rb_fb(c[i].with[k]));
        }
    }
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sampler_linear_wrap_border), cmocka_unit_test(sampler_force_unnormalized),
        cmocka_unit_test(sampler_clamp_ogl),          cmocka_unit_test(sampler_border_converted),
        cmocka_unit_test(sampler_linear_on_integer),  cmocka_unit_test(bad_sampler_handles),
        cmocka_unit_test(sampler_tld4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
