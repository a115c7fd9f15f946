/* test_integer_coords.c -- .s32 coordinates (tex1Dfetch style) on arrays, linear and pitch2D resources, [semantics#integer-coords] */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf_util.h"

/* [semantics#integer-coords]: an integer coordinate names a texel directly (arrays too); the
 * filter mode is ignored (point sampling); outside the extent every channel
 * is 0 under clamp and border alike, whatever the border colour. */

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static wt_channel_desc chan(const cm_texture *m)
{
    return wt_make_channel_desc(m->bits, m->nch >= 2 ? m->bits : 0, m->nch >= 4 ? m->bits : 0,
                                m->nch >= 4 ? m->bits : 0, m->kind);
}

typedef struct geom_case {
    wt_geom g;
    int w, h, d, layers;
} geom_case;

static const geom_case k_geoms[] = {
    {WT_GEOM_1D, 7, 1, 1, 1},  {WT_GEOM_2D, 5, 3, 1, 1},  {WT_GEOM_3D, 3, 4, 2, 1},
    {WT_GEOM_A1D, 6, 1, 1, 3}, {WT_GEOM_A2D, 4, 3, 1, 2},
};

/* Every format x geometry x filter x {clamp, border} x normalisation on arrays. */
static void test_arrays(void **state)
{
    (void)state;
    long bad = 0;
    cu_rng r = {0x5eed1234abcdull};
    for (int fi = 0; fi < cu_nformats; fi++) {
        const cu_format *f = &cu_formats[fi];
        for (size_t gi = 0; gi < sizeof k_geoms / sizeof k_geoms[0]; gi++) {
            const geom_case *gc = &k_geoms[gi];
            cm_texture m;
            memset(&m, 0, sizeof m);
            m.geom = gc->g;
            m.w = gc->w;
            m.h = gc->h;
            m.d = gc->d;
            m.layers = gc->layers;
            cu_set_format(&m, f);
            size_t n = cu_texel_count(&m);
            void *buf = malloc(n * cm_elem_size(&m));
            assert_non_null(buf);
            cu_fill_texels(&m, buf, n, &r);
            m.texels = buf;
            wt_array arr = NULL;
            assert_int_equal(cu_make_array(&m, &arr), WT_SUCCESS);
            for (int filt = 0; filt < 2; filt++) {
                if (filt && !cm_reads_float(&m))
                    continue; /* refused at creation ([semantics#read-modes]); covered by the matrix tests */
                for (int bm = 0; bm < 2; bm++) {
                    for (int norm = 0; norm < 2; norm++) {
                        m.filter = filt ? WT_FILTER_LINEAR : WT_FILTER_POINT;
                        m.addr[0] = m.addr[1] = m.addr[2] = bm ? WT_ADDRESS_BORDER : WT_ADDRESS_CLAMP;
                        m.normalized = norm;
                        cu_random_border(m.border, &r);
                        if (cu_below(&r, 2))
                            m.border[0] = m.border[1] = m.border[2] = m.border[3] = 7.0f;
                        wt_tex tex = 0;
                        wt_status st = cu_make_tex(&m, arr, &tex);
                        assert_int_equal(st, WT_SUCCESS);
                        char label[128];
                        snprintf(label, sizeof label, "int %s geom=%d filter=%d addr=%d norm=%d", f->name, (int)gc->g,
                                 filt, (int)m.addr[0], norm);
                        bad += cu_check_int(&m, tex, cu_next(&r), 3, label);
                        assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
                    }
                }
            }
            wt_free_array(arr);
            free(buf);
        }
    }
    assert_int_equal(bad, 0);
}

/* One warp of .s32 fetches; returns lane results (all lanes active). */
static void fetch_int_2d(wt_tex tex, wt_dtype dt, const int32_t *xs, const int32_t *ys, int n, uint32_t out[][4])
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.dtype = (uint8_t)dt;
    op.ctype = WT_CTYPE_S32;
    wt_tex_args in;
    memset(&in, 0, sizeof in);
    for (int l = 0; l < n; l++) {
        in.c[0][l] = (uint32_t)xs[l];
        in.c[1][l] = (uint32_t)ys[l];
    }
    wt_tex_result res;
    memset(&res, 0xcd, sizeof res);
    assert_int_equal(wt_tex_warp(&op, tex, 0, (n >= 32) ? 0xffffffffu : ((1u << n) - 1u), &in, &res), WT_SUCCESS);
    for (int l = 0; l < n; l++)
        for (int k = 0; k < 4; k++)
            out[l][k] = res.d[k][l];
}

static void fetch_float_2d(wt_tex tex, wt_dtype dt, float x, float y, uint32_t out[4])
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.dtype = (uint8_t)dt;
    op.ctype = WT_CTYPE_F32;
    wt_tex_args in;
    memset(&in, 0, sizeof in);
    in.c[0][0] = fb(x);
    in.c[1][0] = fb(y);
    wt_tex_result res;
    memset(&res, 0xcd, sizeof res);
    assert_int_equal(wt_tex_warp(&op, tex, 0, 1u, &in, &res), WT_SUCCESS);
    for (int k = 0; k < 4; k++)
        out[k] = res.d[k][0];
}

/* Hand-computed: border colour 7 still gives 0 for integer coordinates,
 * while float coordinates on the same texture read the border colour. */
static void test_border_seven(void **state)
{
    (void)state;
    /* u32 element type, 3 x 2 */
    uint32_t tx[6] = {11, 12, 13, 21, 22, 23};
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    wt_array arr;
    assert_int_equal(wt_malloc_array(&arr, &cd, 3, 2, 0, 0), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(arr, 0, 0, 0, tx, 12, 3, 2, 1), WT_SUCCESS);
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_ARRAY;
    rd.res.array.array = arr;
    for (int variant = 0; variant < 2; variant++) {
        wt_texture_desc td;
        memset(&td, 0, sizeof td);
        td.address_mode[0] = td.address_mode[1] = WT_ADDRESS_BORDER;
        /* variant 0: the float 7.0 (bits 0x40e00000); variant 1: the integer 7 bit-cast */
        float seven = variant ? bf(7u) : 7.0f;
        for (int k = 0; k < 4; k++)
            td.border_color[k] = seven;
        wt_tex tex;
        assert_int_equal(wt_create_texture_object(&tex, &rd, &td, NULL), WT_SUCCESS);
        const int32_t xs[8] = {-1, 3, 0, 2, 0, 2, INT32_MIN, 1};
        const int32_t ys[8] = {0, 0, 2, 1, -1, 0, 0, INT32_MAX};
        const uint32_t want0[8] = {0, 0, 0, 23, 0, 13, 0, 0};
        uint32_t out[8][4];
        fetch_int_2d(tex, WT_DTYPE_U32, xs, ys, 8, out);
        for (int l = 0; l < 8; l++) {
            assert_int_equal(out[l][0], want0[l]);
            assert_int_equal(out[l][1] | out[l][2] | out[l][3], 0u);
        }
        /* [semantics#border-color]: element-type border = the low bits of the float's pattern */
        uint32_t o[4];
        fetch_float_2d(tex, WT_DTYPE_U32, -0.5f, 0.5f, o);
        assert_int_equal(o[0], variant ? 7u : 0x40e00000u);
        assert_int_equal(o[1] | o[2] | o[3], 0u); /* missing channels read 0 */
        fetch_float_2d(tex, WT_DTYPE_U32, 2.5f, 1.5f, o);
        assert_int_equal(o[0], 23u);
        assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
    }
    wt_free_array(arr);

    /* RGBA8 read as normalised float, linear, border colour 1.0 everywhere:
     * outside with integers is (0,0,0,0); inside is v/255 (point, not filtered). */
    uint8_t t8[2 * 2 * 4] = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 255};
    cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_array(&arr, &cd, 2, 2, 0, 0), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(arr, 0, 0, 0, t8, 8, 2, 2, 1), WT_SUCCESS);
    rd.res.array.array = arr;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = WT_ADDRESS_BORDER;
    td.filter_mode = WT_FILTER_LINEAR;
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.normalized_coords = 1;
    for (int k = 0; k < 4; k++)
        td.border_color[k] = 1.0f;
    wt_tex tex;
    assert_int_equal(wt_create_texture_object(&tex, &rd, &td, NULL), WT_SUCCESS);
    const int32_t xs[4] = {-1, 1, 2, 1};
    const int32_t ys[4] = {0, 1, 1, -7};
    uint32_t out[4][4];
    fetch_int_2d(tex, WT_DTYPE_F32, xs, ys, 4, out);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(out[0][k], 0u);
        assert_int_equal(out[2][k], 0u);
        assert_int_equal(out[3][k], 0u);
        assert_int_equal(out[1][k], fb((float)t8[12 + k] / 255.0f));
    }
    /* float coordinates outside take the border colour 1.0 ([semantics#integer-coords] last sentence) */
    uint32_t o[4];
    fetch_float_2d(tex, WT_DTYPE_F32, -3.0f, 0.5f, o);
    for (int k = 0; k < 4; k++)
        assert_int_equal(o[k], fb(1.0f));
    assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
    wt_free_array(arr);
}

/* Linear resources: tex1Dfetch over user memory; address mode, filter and
 * normalisation are ignored ([semantics#resource-desc]). */
static void test_linear_resource(void **state)
{
    (void)state;
    long bad = 0;
    cu_rng r = {0x11ea4ull};
    for (int fi = 0; fi < cu_nformats; fi++) {
        const cu_format *f = &cu_formats[fi];
        cm_texture m;
        memset(&m, 0, sizeof m);
        m.geom = WT_GEOM_1D;
        m.w = 37;
        m.h = m.d = m.layers = 1;
        cu_set_format(&m, f);
        void *buf = malloc(37 * cm_elem_size(&m));
        assert_non_null(buf);
        cu_fill_texels(&m, buf, 37, &r);
        m.texels = buf;
        for (int variant = 0; variant < 3; variant++) {
            wt_resource_desc rd;
            memset(&rd, 0, sizeof rd);
            rd.type = WT_RESOURCE_LINEAR;
            rd.res.linear.dev_ptr = buf;
            rd.res.linear.desc = chan(&m);
            rd.res.linear.size_in_bytes = 37 * cm_elem_size(&m) + (variant == 2 ? cm_elem_size(&m) - 1 : 0);
            wt_texture_desc td;
            memset(&td, 0, sizeof td);
            td.read_mode = f->read_mode;
            /* ignored settings: linear filter (even on integers), border, normalised */
            td.filter_mode = variant == 1 ? WT_FILTER_LINEAR : WT_FILTER_POINT;
            td.address_mode[0] = variant ? WT_ADDRESS_BORDER : WT_ADDRESS_WRAP;
            td.normalized_coords = variant != 0;
            for (int k = 0; k < 4; k++)
                td.border_color[k] = 7.0f;
            wt_tex tex = 0;
            wt_status st = wt_create_texture_object(&tex, &rd, &td, NULL);
            if (st != WT_SUCCESS) {
                printf("REPRO case=linear %s variant=%d: creation failed: %s (%s)\n", f->name, variant,
                       wt_status_string(st), wt_last_error_message());
                bad++;
                continue;
            }
            char label[96];
            snprintf(label, sizeof label, "linear %s variant=%d", f->name, variant);
            bad += cu_check_int(&m, tex, cu_next(&r), 4, label);
            assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
        }
        free(buf);
    }
    assert_int_equal(bad, 0);
}

/* Pitch2D resources with .s32 2D coordinates. */
static void test_pitch2d_resource(void **state)
{
    (void)state;
    long bad = 0;
    cu_rng r = {0x9175ull};
    for (int fi = 0; fi < cu_nformats; fi++) {
        const cu_format *f = &cu_formats[fi];
        cm_texture m;
        memset(&m, 0, sizeof m);
        m.geom = WT_GEOM_2D;
        m.w = 5;
        m.h = 4;
        m.d = m.layers = 1;
        cu_set_format(&m, f);
        size_t es = cm_elem_size(&m), pitch = 128;
        void *tight = malloc(20 * es);
        unsigned char *pitched = malloc(pitch * 4);
        assert_non_null(tight);
        assert_non_null(pitched);
        cu_fill_texels(&m, tight, 20, &r);
        memset(pitched, 0x5a, pitch * 4); /* padding must never be read */
        for (int y = 0; y < 4; y++)
            memcpy(pitched + (size_t)y * pitch, (unsigned char *)tight + (size_t)y * 5 * es, 5 * es);
        m.texels = tight;
        wt_resource_desc rd;
        memset(&rd, 0, sizeof rd);
        rd.type = WT_RESOURCE_PITCH2D;
        rd.res.pitch2d.dev_ptr = pitched;
        rd.res.pitch2d.desc = chan(&m);
        rd.res.pitch2d.width = 5;
        rd.res.pitch2d.height = 4;
        rd.res.pitch2d.pitch_in_bytes = pitch;
        for (int bm = 0; bm < 2; bm++) {
            m.addr[0] = m.addr[1] = bm ? WT_ADDRESS_BORDER : WT_ADDRESS_CLAMP;
            m.filter = (bm && cm_reads_float(&m)) ? WT_FILTER_LINEAR : WT_FILTER_POINT;
            cu_random_border(m.border, &r);
            wt_texture_desc td;
            memset(&td, 0, sizeof td);
            td.read_mode = f->read_mode;
            td.filter_mode = m.filter;
            td.address_mode[0] = td.address_mode[1] = m.addr[0];
            memcpy(td.border_color, m.border, sizeof td.border_color);
            wt_tex tex = 0;
            wt_status st = wt_create_texture_object(&tex, &rd, &td, NULL);
            if (st != WT_SUCCESS) {
                printf("REPRO case=pitch2d %s: creation failed: %s (%s)\n", f->name, wt_status_string(st),
                       wt_last_error_message());
                bad++;
                continue;
            }
            char label[96];
            snprintf(label, sizeof label, "pitch2d %s addr=%d filter=%d", f->name, (int)m.addr[0], (int)m.filter);
            bad += cu_check_int(&m, tex, cu_next(&r), 4, label);
            assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
        }
        free(tight);
        free(pitched);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_border_seven),
        cmocka_unit_test(test_arrays),
        cmocka_unit_test(test_linear_resource),
        cmocka_unit_test(test_pitch2d_resource),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
