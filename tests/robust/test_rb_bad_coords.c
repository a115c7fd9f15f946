/* test_rb_bad_coords.c -- NaN, infinite and huge coordinates, LODs and gradients; layers, cubes and offsets out of range
 * SPDX-License-Identifier: MIT
 *
 * Every result is the documented one, worked out by hand: [semantics#integer-coords] and [semantics#nan-inf-coords] and [semantics#decision-wrap-mirror-edges] /
 * [semantics#decision-nonfinite-wrap] / [semantics#decision-huge-coords] for coordinates, [semantics#lod-arithmetic] and [semantics#lod-from-gradients], [semantics#decision-int-coords-mipmaps] and [semantics#decision-nan-lod] for LODs and
 * gradients, [semantics#layers] / [semantics#cube-arrays] for layers and cubes, [semantics#offsets], [semantics#decision-1d-offset-quirk] and [semantics#decision-int-coord-offset] for
 * offsets.  Run under ASan/UBSan by CI: nothing may overflow or read outside. */
#include <float.h>
#include <math.h>

#include "rb_util.h"

/* 4x4 f32, row 1 holds 5, 6, 7, 8 (T[y][x] = 1 + x + 4y); border colour 100. */
static wt_array make_rows(void)
{
    float T[4][4];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            T[y][x] = (float)(1 + x + 4 * y);
    return rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 4, 4, 0, 0, T);
}

static wt_tex rows_tex(wt_array a, wt_address_mode m, wt_filter_mode f, int norm)
{
    wt_texture_desc td = rb_desc0();
    td.address_mode[0] = m;
    td.address_mode[1] = WT_ADDRESS_CLAMP;
    td.filter_mode = f;
    td.normalized_coords = norm;
    td.border_color[0] = 100.0f;
    return rb_tex(a, &td);
}

enum { C_NAN, C_PINF, C_NINF, C_P1E30, C_N1E30, C_PMAX, C_NMAX, C_COUNT };
static const float COORD[C_COUNT] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, FLT_MAX, -FLT_MAX};

typedef struct mcase {
    wt_address_mode mode;
    wt_filter_mode filter;
    int norm;
    float want[C_COUNT];
} mcase;

/* x takes each bad value, y sits on row 1 (so results are row 1's texels 5..8
 * or the border 100).  Power-of-two size: ±1e30 and ±FLT_MAX are whole
 * multiples of 2N in texel space, so wrap and mirror land on texel 0. */
static void bad_float_coordinates(void **state)
{
    (void)state;
    wt_array a = make_rows();
    const mcase cases[] = {
        /* NaN reads as 0 ([semantics#nan-inf-coords]); ±inf and huge saturate to the edge under clamp */
        {WT_ADDRESS_CLAMP, WT_FILTER_POINT, 0, {5, 8, 5, 8, 5, 8, 5}},
        {WT_ADDRESS_CLAMP, WT_FILTER_POINT, 1, {5, 8, 5, 8, 5, 8, 5}},
        /* linear clamp pre-clamps to [0.5, N-0.5]: one texel */
        {WT_ADDRESS_CLAMP, WT_FILTER_LINEAR, 1, {5, 8, 5, 8, 5, 8, 5}},
        /* border: far outside is the border; NaN = 0 is texel 0 (point) or
         * half border, half texel 0 (linear: xB = -0.5) */
        {WT_ADDRESS_BORDER, WT_FILTER_POINT, 0, {5, 100, 100, 100, 100, 100, 100}},
        {WT_ADDRESS_BORDER, WT_FILTER_POINT, 1, {5, 100, 100, 100, 100, 100, 100}},
        {WT_ADDRESS_BORDER, WT_FILTER_LINEAR, 1, {52.5f, 100, 100, 100, 100, 100, 100}},
        /* wrap: a non-finite coordinate, NaN included ([semantics#decision-wrap-mirror-edges] / [semantics#decision-nonfinite-wrap] say
         * "non-finite"; coord_scalar.c settles NaN so), reads texel 0 with
         * the whole weight; the huge values (whole multiples of 8) are x = 0
         * exactly, which a linear filter blends from texels 3 and 0 half each
         * ([semantics#decision-huge-coords]) */
        {WT_ADDRESS_WRAP, WT_FILTER_POINT, 1, {5, 5, 5, 5, 5, 5, 5}},
        {WT_ADDRESS_WRAP, WT_FILTER_LINEAR, 1, {5, 5, 5, 6.5f, 6.5f, 6.5f, 6.5f}},
        /* mirror: x = 0 blends texels -1 -> 0 and 0, i.e. texel 0 */
        {WT_ADDRESS_MIRROR, WT_FILTER_POINT, 1, {5, 5, 5, 5, 5, 5, 5}},
        {WT_ADDRESS_MIRROR, WT_FILTER_LINEAR, 1, {5, 5, 5, 5, 5, 5, 5}},
        /* unnormalised wrap is clamp ([semantics#unnormalized-coords]) */
        {WT_ADDRESS_WRAP, WT_FILTER_LINEAR, 0, {5, 8, 5, 8, 5, 8, 5}},
    };
    wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const mcase *m = &cases[i];
        wt_tex t = rows_tex(a, m->mode, m->filter, m->norm);
        float y = m->norm ? 0.375f : 1.5f;
        for (int c = 0; c < C_COUNT; c++) {
            uint32_t got = rb_f2(&op, t, 0, COORD[c], y);
            if (got != rb_fb(m->want[c]))
                fail_msg("case %zu coord %d (%g): got %a want %a", i, c, (double)COORD[c], (double)rb_bf(got),
                         (double)m->want[c]);
            /* the bad value on y instead (clamp on y): rows 0 / 3, x on texel 1 */
            float x = m->norm ? 0.375f : 1.5f;
            uint32_t gy = rb_f2(&op, t, 0, x, COORD[c]);
            float wy = (c == C_NAN || c == C_NINF || c == C_N1E30 || c == C_NMAX) ? 2.0f : 14.0f;
            assert_int_equal(gy, rb_fb(wy));
        }
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    }
    /* A non-power-of-two normalised size saturates at ±2^40 first ([semantics#decision-huge-coords]):
     * 5·2^40 is a multiple of 10, so wrap and mirror read texel 0. */
    float T5[5] = {11, 12, 13, 14, 15};
    wt_array a5 = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 5, 0, 0, 0, T5);
    for (int mode = WT_ADDRESS_WRAP; mode <= WT_ADDRESS_MIRROR; mode += 2) {
        wt_texture_desc td = rb_desc0();
        td.address_mode[0] = (wt_address_mode)mode;
        td.normalized_coords = 1;
        wt_tex t = rb_tex(a5, &td);
        wt_op op1 = rb_texop(WT_GEOM_1D, WT_CTYPE_F32, WT_DTYPE_F32);
        for (int c = 0; c < C_COUNT; c++)
            assert_int_equal(rb_f2(&op1, t, 0, COORD[c], 0.0f), rb_fb(11.0f));
        assert_int_equal(rb_f2(&op1, t, 0, 0.5f, 0.0f), rb_fb(13.0f)); /* sanity: texel 2 */
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    }
    assert_int_equal(wt_free_array(a5), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#integer-coords]: integer coordinates outside read 0 in every channel whatever the
 * mode and border colour, including INT32_MIN/MAX plus offsets (no
 * overflow: [semantics#decision-int-coord-offset] adds the wrapped offset field). */
static void bad_integer_coordinates(void **state)
{
    (void)state;
    wt_array a = make_rows();
    static const int32_t xs[] = {INT32_MIN, INT32_MIN + 1, -1, 5, INT32_MAX, INT32_MAX - 3};
    static const int32_t offs[] = {0, 7, -8, 8, 0x7fffffff, (int32_t)0x80000000u};
    for (int mode = WT_ADDRESS_WRAP; mode <= WT_ADDRESS_BORDER; mode++) {
        wt_tex t = rows_tex(a, (wt_address_mode)mode, WT_FILTER_POINT, 0);
        for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++)
            for (size_t k = 0; k < sizeof offs / sizeof offs[0]; k++) {
                wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_S32, WT_DTYPE_F32);
                op.flags = WT_OP_OFFSET;
                rb_lane l;
                memset(&l, 0, sizeof l);
                l.c[0] = (uint32_t)xs[i];
                l.c[1] = 1;
                l.off[0] = offs[k];
                uint32_t d[4];
                assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
                /* fields: 7, -8, 8 -> -8, 0x7fffffff -> -1, 0x80000000 -> 0:
                 * none brings these x back inside [0, 4) */
                assert_int_equal(d[0] | d[1] | d[2] | d[3], 0);
                l.c[0] = 1;
                l.c[1] = (uint32_t)xs[i];
                assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
                assert_int_equal(d[0], 0);
            }
        /* NVVM lane call, no offset: inside and outside */
        assert_int_equal(rb_fb(wt_tex_unified_2d_v4f32_s32(t, 3, 1).x), rb_fb(8.0f));
        assert_int_equal(rb_fb(wt_tex_unified_2d_v4f32_s32(t, INT32_MIN, INT32_MAX).x), 0);
        assert_int_equal(rb_fb(wt_tex_unified_2d_v4f32_s32(t, INT32_MAX, 0).x), 0);
        assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    }
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* 8x8 mipmapped f32 with 4 levels; every texel of level l holds 10·(l+1). */
static wt_mipmapped_array make_mips(void)
{
    wt_channel_desc cd = rb_cd(1, 32, WT_CHANNEL_FLOAT);
    wt_mipmapped_array m = NULL;
    assert_int_equal(wt_malloc_mipmapped_array(&m, &cd, 8, 8, 0, 4, 0), WT_SUCCESS);
    for (unsigned lv = 0; lv < 4; lv++) {
        wt_array la;
        assert_int_equal(wt_get_mipmapped_array_level(&la, m, lv), WT_SUCCESS);
        unsigned n = 8u >> lv;
        float buf[64];
        for (unsigned i = 0; i < n * n; i++)
            buf[i] = 10.0f * (float)(lv + 1);
        assert_int_equal(wt_memcpy_to_array(la, 0, 0, 0, buf, n * 4, n, n, 1), WT_SUCCESS);
    }
    return m;
}

static uint32_t level_fetch(wt_tex t, float lod)
{
    wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    op.mip = WT_MIP_LEVEL;
    rb_lane l;
    memset(&l, 0, sizeof l);
    l.c[0] = l.c[1] = rb_fb(0.3f);
    l.lod = rb_fb(lod);
    uint32_t d[4];
    assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
    return d[0];
}

static uint32_t grad_fetch(wt_tex t, float dxx, float dxy, float dyx, float dyy)
{
    wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
    op.mip = WT_MIP_GRAD;
    rb_lane l;
    memset(&l, 0, sizeof l);
    l.c[0] = l.c[1] = rb_fb(0.3f);
    l.dpdx[0] = dxx;
    l.dpdx[1] = dxy;
    l.dpdy[0] = dyx;
    l.dpdy[1] = dyy;
    uint32_t d[4];
    assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
    return d[0];
}

static void bad_lods_and_gradients(void **state)
{
    (void)state;
    wt_mipmapped_array m = make_mips();
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    for (int mipf = WT_FILTER_POINT; mipf <= WT_FILTER_LINEAR; mipf++) {
        wt_texture_desc td = rb_desc0();
        td.normalized_coords = 1;
        td.mipmap_filter_mode = (wt_filter_mode)mipf;
        td.max_mipmap_level_clamp = 100.0f;
        wt_tex t = 0;
        assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
        /* [semantics#decision-nan-lod]: a NaN LOD counts as 0; ±inf and huge saturate and the clamps
         * of [semantics#lod-arithmetic] step 4 pull them to [0, levels-1] */
        assert_int_equal(level_fetch(t, NAN), rb_fb(10.0f));
        assert_int_equal(level_fetch(t, -NAN), rb_fb(10.0f));
        assert_int_equal(level_fetch(t, INFINITY), rb_fb(40.0f));
        assert_int_equal(level_fetch(t, -INFINITY), rb_fb(10.0f));
        assert_int_equal(level_fetch(t, 1e30f), rb_fb(40.0f));
        assert_int_equal(level_fetch(t, -1e30f), rb_fb(10.0f));
        assert_int_equal(level_fetch(t, FLT_MAX), rb_fb(40.0f));
        assert_int_equal(level_fetch(t, 3.0f), rb_fb(40.0f));
        /* [semantics#lod-from-gradients] step 0: a NaN gradient component counts as 0 (all NaN: rho =
         * 0 -> the minimum); an infinite one is huge -> the last level */
        assert_int_equal(grad_fetch(t, NAN, NAN, NAN, NAN), rb_fb(10.0f));
        assert_int_equal(grad_fetch(t, NAN, 0.0f, 0.0f, -NAN), rb_fb(10.0f));
        assert_int_equal(grad_fetch(t, INFINITY, 0.0f, 0.0f, 0.0f), rb_fb(40.0f));
        assert_int_equal(grad_fetch(t, 0.0f, 0.0f, 0.0f, -INFINITY), rb_fb(40.0f));
        assert_int_equal(grad_fetch(t, NAN, 0.0f, 0.0f, INFINITY), rb_fb(40.0f));
        assert_int_equal(grad_fetch(t, 1e30f, -1e30f, FLT_MAX, -FLT_MAX), rb_fb(40.0f));
        assert_int_equal(grad_fetch(t, 0.0f, 0.0f, 0.0f, 0.0f), rb_fb(10.0f));
        /* the NVVM lane calls agree */
        assert_int_equal(rb_fb(wt_tex_unified_2d_level_v4f32_f32(t, 0.3f, 0.3f, NAN).x), rb_fb(10.0f));
        assert_int_equal(rb_fb(wt_tex_unified_2d_level_v4f32_f32(t, 0.3f, 0.3f, INFINITY).x), rb_fb(40.0f));
        assert_int_equal(rb_fb(wt_tex_unified_2d_grad_v4f32_f32(t, 0.3f, 0.3f, INFINITY, NAN, NAN, 0).x),
                         rb_fb(40.0f));
        assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    }
    /* [semantics#decision-int-coords-mipmaps]: an .s32 LOD with .s32 coordinates is clamped to the levels there
     * are; the coordinate names a texel of that level (outside: 0). */
    wt_texture_desc td = rb_desc0();
    td.normalized_coords = 1;
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
    wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_S32, WT_DTYPE_F32);
    op.mip = WT_MIP_LEVEL;
    static const struct { int32_t lod, x; float want; } il[] = {
        {INT32_MIN, 0, 10}, {-1, 7, 10}, {0, 7, 10}, {2, 1, 30}, {2, 2, 0}, {3, 0, 40}, {INT32_MAX, 0, 40},
        {INT32_MAX, 1, 0}, {4, INT32_MAX, 0},
    };
    for (size_t i = 0; i < sizeof il / sizeof il[0]; i++) {
        rb_lane l;
        memset(&l, 0, sizeof l);
        l.c[0] = (uint32_t)il[i].x;
        l.lod = (uint32_t)il[i].lod;
        uint32_t d[4];
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        if (d[0] != rb_fb(il[i].want))
            fail_msg("s32 lod case %zu: got %a want %g", i, (double)rb_bf(d[0]), (double)il[i].want);
    }
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

/* [semantics#layers]: a .u32 layer past the end reads the last layer, and a "negative"
 * one is a large unsigned index; [semantics#cube-arrays]: the same for cube indices. */
static void layers_and_cubes_past_the_end(void **state)
{
    (void)state;
    /* 2D layered 2x2, 3 layers: texel (x, y) of layer L = 100L + 2y + x */
    float v[3][2][2];
    for (int L = 0; L < 3; L++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 2; x++)
                v[L][y][x] = (float)(100 * L + 2 * y + x);
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 2, 2, 3, WT_ARRAY_LAYERED, v);
    wt_texture_desc td = rb_desc0();
    wt_tex t = rb_tex(a, &td);
    static const struct { uint32_t layer; int last; } lay[] = {
        {0, 0}, {2, 0}, {3, 1}, {4, 1}, {0x7fffffffu, 1}, {0x80000000u, 1}, {0xffffffffu, 1},
    };
    for (size_t i = 0; i < sizeof lay / sizeof lay[0]; i++) {
        float base = lay[i].last ? 200.0f : (float)(100 * lay[i].layer);
        wt_op op = rb_texop(WT_GEOM_A2D, WT_CTYPE_F32, WT_DTYPE_F32);
        rb_lane l;
        memset(&l, 0, sizeof l);
        l.c[0] = lay[i].layer;
        l.c[1] = rb_fb(1.5f);
        l.c[2] = rb_fb(0.5f);
        uint32_t d[4];
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        assert_int_equal(d[0], rb_fb(base + 1.0f));
        op.ctype = WT_CTYPE_S32;
        l.c[1] = 1;
        l.c[2] = 1;
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        assert_int_equal(d[0], rb_fb(base + 3.0f));
        assert_int_equal(rb_fb(wt_tex_unified_2d_array_v4f32_f32(t, (int32_t)lay[i].layer, 0.5f, 1.5f).x),
                         rb_fb(base + 2.0f));
        /* tld4 on the layered texture: the same layer */
        op = rb_texop(WT_GEOM_A2D, WT_CTYPE_F32, WT_DTYPE_F32);
        op.family = WT_FAMILY_TLD4;
        l.c[1] = rb_fb(1.0f);
        l.c[2] = rb_fb(1.0f);
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        assert_int_equal(d[0], rb_fb(base + 2.0f)); /* T(0, 1) */
        assert_int_equal(d[3], rb_fb(base + 0.0f)); /* T(0, 0) */
    }
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* 1D layered: 4 texels x 2 layers */
    float w1[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 4, 0, 2, WT_ARRAY_LAYERED, w1);
    t = rb_tex(a, &td);
    assert_int_equal(rb_fb(wt_tex_unified_1d_array_v4f32_f32(t, 2, 2.5f).x), rb_fb(7.0f));
    assert_int_equal(rb_fb(wt_tex_unified_1d_array_v4f32_f32(t, -1, 0.5f).x), rb_fb(5.0f));
    assert_int_equal(rb_fb(wt_tex_unified_1d_array_v4f32_s32(t, INT32_MIN, 3).x), rb_fb(8.0f));
    assert_int_equal(rb_fb(wt_tex_unified_1d_array_v4f32_s32(t, 0, 3).x), rb_fb(4.0f));
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* cubemap layered, 2 cubes of 1x1 faces: face f of cube c holds 10c + f */
    float cv[12];
    for (int i = 0; i < 12; i++)
        cv[i] = (float)(10 * (i / 6) + i % 6);
    a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 1, 1, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, cv);
    td.normalized_coords = 1;
    t = rb_tex(a, &td);
    /* +x -> face 0, -y -> face 3, +z -> face 4 ([semantics#cube-faces]) */
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, 0, 1.0f, 0.2f, 0.1f).x), rb_fb(0.0f));
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, 1, 0.0f, -1.0f, 0.5f).x), rb_fb(13.0f));
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, 2, 0.1f, 0.1f, 3.0f).x), rb_fb(14.0f));
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, -1, -2.0f, 0.0f, 0.0f).x), rb_fb(11.0f));
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, INT32_MIN, 0.0f, 5.0f, 0.0f).x), rb_fb(12.0f));
    /* infinite directions: +inf on x alone is face 0 (its s, t are 0/inf =
     * 0); all three infinite tie and z wins ([semantics#cube-faces]), face 4, whose NaN face
     * coordinates read as 0 ([semantics#decision-nonfinite-cube]); zero direction: face 0 ([semantics#decision-cube-projection]) */
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, 7, INFINITY, 0.0f, 0.0f).x), rb_fb(10.0f));
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, 0, INFINITY, INFINITY, INFINITY).x),
                     rb_fb(4.0f));
    assert_int_equal(rb_fb(wt_tex_unified_cube_array_v4f32_f32(t, 1, 0.0f, 0.0f, 0.0f).x), rb_fb(10.0f));
    assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
    wt_op q = {.family = WT_FAMILY_TXQ, .query = WT_Q_ARRAY_SIZE};
    int32_t qv = 0;
    assert_int_equal(wt_query(&q, t, 0, &qv), WT_SUCCESS);
    assert_int_equal(qv, 2);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#offsets]: offsets wrap into their 4-bit fields (8 -> -8); they move the
 * coordinate in texels before the address mode.  [semantics#decision-1d-offset-quirk]: a 1D texture's y
 * nibble (bits 4..7 of the x offset) moves the fetch to another row, which
 * border addressing on y shows. */
static void offsets_out_of_range(void **state)
{
    (void)state;
    float v[8][8];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            v[y][x] = (float)(x + 8 * y);
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 8, 8, 0, 0, v);
    static const struct { int32_t ox, oy; int x, y; } oc[] = {
        /* from texel (3, 3) */
        {0, 0, 3, 3}, {7, 0, 10, 3}, {8, 0, -5, 3}, {9, 0, -4, 3}, {16, 0, 3, 3}, {-9, 0, 10, 3},
        {0x7fffffff, 0, 2, 3}, {(int32_t)0x80000000u, 0, 3, 3}, {0, 23, 3, 10}, {-1, -17, 2, 2},
        {0, -8, 3, -5},
    };
    for (int mode = WT_ADDRESS_CLAMP; mode <= WT_ADDRESS_BORDER; mode += 2) {
        wt_texture_desc td = rb_desc0();
        td.address_mode[0] = td.address_mode[1] = (wt_address_mode)mode;
        td.border_color[0] = -1.0f;
        wt_tex t = rb_tex(a, &td);
        for (size_t i = 0; i < sizeof oc / sizeof oc[0]; i++) {
            int x = oc[i].x, y = oc[i].y;
            float want;
            int out = x < 0 || x > 7 || y < 0 || y > 7;
            if (mode == WT_ADDRESS_BORDER)
                want = out ? -1.0f : (float)(x + 8 * y);
            else
                want = (float)((x < 0 ? 0 : x > 7 ? 7 : x) + 8 * (y < 0 ? 0 : y > 7 ? 7 : y));
            wt_op op = rb_texop(WT_GEOM_2D, WT_CTYPE_F32, WT_DTYPE_F32);
            op.flags = WT_OP_OFFSET;
            rb_lane l;
            memset(&l, 0, sizeof l);
            l.c[0] = rb_fb(3.5f);
            l.c[1] = rb_fb(3.5f);
            l.off[0] = oc[i].ox;
            l.off[1] = oc[i].oy;
            uint32_t d[4];
            assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
            if (d[0] != rb_fb(want))
                fail_msg("mode %d offset case %zu: got %g want %g", mode, i, (double)rb_bf(d[0]), (double)want);
            /* [semantics#decision-int-coord-offset]: integer coordinates add the same fields; outside is 0 */
            op.ctype = WT_CTYPE_S32;
            l.c[0] = 3;
            l.c[1] = 3;
            assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
            assert_int_equal(d[0], rb_fb(out ? 0.0f : (float)(x + 8 * y)));
        }
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    }
    assert_int_equal(wt_free_array(a), WT_SUCCESS);

    /* [semantics#decision-1d-offset-quirk] on a 1D texture with border on y */
    float r1[4] = {1, 2, 3, 4};
    a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 4, 0, 0, 0, r1);
    wt_texture_desc td = rb_desc0();
    td.address_mode[0] = WT_ADDRESS_CLAMP;
    td.address_mode[1] = WT_ADDRESS_BORDER;
    td.border_color[0] = 9.0f;
    wt_tex t = rb_tex(a, &td);
    static const struct { int32_t ox; float want; } q1[] = {
        {1, 4}, {-1, 9}, {15, 2}, {16, 9}, {(int32_t)0xffffff0fu, 2}, {0x7fffffff, 9}, {0x1f, 9},
    };
    for (size_t i = 0; i < sizeof q1 / sizeof q1[0]; i++) {
        wt_op op = rb_texop(WT_GEOM_1D, WT_CTYPE_F32, WT_DTYPE_F32);
        op.flags = WT_OP_OFFSET;
        rb_lane l;
        memset(&l, 0, sizeof l);
        l.c[0] = rb_fb(2.5f);
        l.off[0] = q1[i].ox;
        uint32_t d[4];
        assert_int_equal(rb_tex1(&op, t, 0, &l, d), WT_SUCCESS);
        if (d[0] != rb_fb(q1[i].want))
            fail_msg("1d offset case %zu: got %g want %g", i, (double)rb_bf(d[0]), (double)q1[i].want);
    }
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_float_coordinates),   cmocka_unit_test(bad_integer_coordinates),
        cmocka_unit_test(bad_lods_and_gradients),  cmocka_unit_test(layers_and_cubes_past_the_end),
        cmocka_unit_test(offsets_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
