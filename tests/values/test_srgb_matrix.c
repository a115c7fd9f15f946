/* test_srgb_matrix.c -- sRGB textures through the library vs the independent model (conf_model.c)
 * SPDX-License-Identifier: MIT
 *
 * The conformance matrices leave sRGB out; this runs the same kind of matrix
 * with the descriptor's srgb flag set: every geometry x normalisation x
 * filter x address modes, random codes and border colours, float and
 * integer coordinates.  The model decodes through its own copy of the table of
 * [semantics#srgb-table], blends with the [semantics#srgb] block exponents per 2x2 group ([semantics#decision-srgb-groups]: 3D slices
 * are separate groups), and encodes border colours by [semantics#border-color].  Formats where
 * the flag does nothing (16-bit, signed) are run too: [semantics#decision-srgb-scope] says they read as
 * if it were not set. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf_util.h"

static const cu_format k_formats[] = {
    {"srgb_rgba8", 4, 8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"srgb_r8", 1, 8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"srgb_rg8", 2, 8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"srgb_unorm8x4_kind", 4, 8, WT_CHANNEL_UNSIGNED_NORMALIZED, WT_READ_ELEMENT_TYPE},
    /* [semantics#decision-srgb-scope]: the flag is ignored here */
    {"srgb_rgba8_snorm", 4, 8, WT_CHANNEL_SIGNED, WT_READ_NORMALIZED_FLOAT},
    {"srgb_r16_unorm", 1, 16, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"srgb_u8x4_element", 4, 8, WT_CHANNEL_UNSIGNED, WT_READ_ELEMENT_TYPE},
};

typedef struct shape {
    wt_geom g;
    int w, h, d, layers;
} shape;

static const shape k_shapes[] = {
    {WT_GEOM_1D, 7, 1, 1, 1},  {WT_GEOM_2D, 5, 3, 1, 1},    {WT_GEOM_2D, 4, 4, 1, 1},
    {WT_GEOM_3D, 3, 2, 3, 1},  {WT_GEOM_A1D, 6, 1, 1, 3},   {WT_GEOM_A2D, 4, 3, 1, 2},
};

static long run_shape(const shape *sh, const cu_format *f, uint64_t seed)
{
    cm_texture m;
    memset(&m, 0, sizeof m);
    m.geom = sh->g;
    m.w = sh->w;
    m.h = sh->h;
    m.d = sh->d;
    m.layers = sh->layers;
    m.srgb = 1;
    cu_set_format(&m, f);
    size_t n = cu_texel_count(&m);
    void *buf = malloc(n * cm_elem_size(&m));
    assert_non_null(buf);
    cu_rng r = {seed};
    cu_fill_texels(&m, buf, n, &r);
    m.texels = buf;
    wt_array arr = NULL;
    assert_int_equal(cu_make_array(&m, &arr), WT_SUCCESS);
    int ncombo = sh->g == WT_GEOM_3D ? 64 : sh->g == WT_GEOM_A1D ? 4 : 16;
    long bad = 0;
    for (int norm = 0; norm < 2; norm++)
        for (int filt = 0; filt < 2; filt++)
            for (int combo = 0; combo < ncombo; combo++) {
                if (filt && !cm_reads_float(&m))
                    continue; /* [semantics#read-modes]: refused at creation (the matrices test that) */
                m.normalized = norm;
                m.filter = filt ? WT_FILTER_LINEAR : WT_FILTER_POINT;
                m.addr[0] = (wt_address_mode)(combo & 3);
                m.addr[1] = (wt_address_mode)((combo >> 2) & 3);
                m.addr[2] = (wt_address_mode)(sh->g == WT_GEOM_3D ? (combo >> 4) & 3 : (int)cu_below(&r, 4));
                cu_random_border(m.border, &r);
                if (cu_below(&r, 2)) /* borders inside [0, 1] hit the encode's rounding */
                    for (int k = 0; k < 4; k++)
                        m.border[k] = (float)cu_below(&r, 1u << 20) / (float)(1u << 20);
                wt_resource_desc rd;
                memset(&rd, 0, sizeof rd);
                rd.type = WT_RESOURCE_ARRAY;
                rd.res.array.array = arr;
                wt_texture_desc td;
                memset(&td, 0, sizeof td);
                for (int k = 0; k < 3; k++)
                    td.address_mode[k] = m.addr[k];
                td.filter_mode = m.filter;
                td.read_mode = m.read_mode;
                td.srgb = 1;
                memcpy(td.border_color, m.border, sizeof td.border_color);
                td.normalized_coords = m.normalized;
                wt_tex tex = 0;
                assert_int_equal(wt_create_texture_object(&tex, &rd, &td, NULL), WT_SUCCESS);
                char label[160];
                snprintf(label, sizeof label, "%s geom=%d %dx%dx%d L%d norm=%d filter=%d addr=%d,%d,%d", f->name,
                         (int)sh->g, sh->w, sh->h, sh->d, sh->layers, norm, filt, (int)m.addr[0], (int)m.addr[1],
                         (int)m.addr[2]);
                uint64_t cseed = cu_next(&r);
                bad += cu_check_float(&m, tex, cseed, 3, label);
                if (combo == 0)
                    bad += cu_check_int(&m, tex, cseed ^ 1, 2, label);
                assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
            }
    assert_int_equal(wt_free_array(arr), WT_SUCCESS);
    free(buf);
    return bad;
}

/* The model itself on [semantics#srgb]'s and [semantics#border-color]'s examples, so that a matrix pass
 * cannot come from the model and the library sharing a mistake. */
static void model_known_answers(void **state)
{
    (void)state;
    uint8_t codes[4] = {11, 184, 7, 1};
    cm_texture m;
    memset(&m, 0, sizeof m);
    m.geom = WT_GEOM_2D;
    m.w = 2, m.h = 2, m.d = 1, m.layers = 1;
    m.nch = 1, m.bits = 8;
    m.kind = WT_CHANNEL_UNSIGNED;
    m.read_mode = WT_READ_NORMALIZED_FLOAT;
    m.filter = WT_FILTER_LINEAR;
    m.addr[0] = m.addr[1] = m.addr[2] = WT_ADDRESS_BORDER;
    m.border[0] = 0.5f;
    m.texels = codes;
    m.srgb = 1;
    uint32_t out[4];
    float f;
    /* x = 1.0, y = 0.5: codes 11 and 184 at 128 each; 11 counts as zero:
     * 128·31488 units of 2^-24 = 123/512. */
    cm_fetch_float(&m, 0, (float[3]){1.0f, 0.5f, 0}, out);
    memcpy(&f, &out[0], 4);
    assert_true(f == 123.0f / 512.0f);
    /* y = 1.5 (row 1): codes 7 and 1 at 128 each, block exponent 7 (no
     * truncation): (140 + 20)·128 = 20480 units of 2^-24, exact in half. */
    cm_fetch_float(&m, 0, (float[3]){1.0f, 1.5f, 0}, out);
    memcpy(&f, &out[0], 4);
    assert_true(f == 20480.0f * 0x1p-24f);
    /* Border 0.5 -> code 188 -> 33024/65536 (point fetch outside). */
    m.filter = WT_FILTER_POINT;
    cm_fetch_float(&m, 0, (float[3]){-0.5f, 0.5f, 0}, out);
    memcpy(&f, &out[0], 4);
    assert_true(f == 33024.0f / 65536.0f);
    /* Point sampling inside: table[184]/65536. */
    cm_fetch_float(&m, 0, (float[3]){1.5f, 0.5f, 0}, out);
    memcpy(&f, &out[0], 4);
    assert_true(f == 31488.0f / 65536.0f);
}

static void test_format(void **state)
{
    const cu_format *f = (const cu_format *)*state;
    long bad = 0;
    for (size_t i = 0; i < sizeof k_shapes / sizeof k_shapes[0]; i++)
        bad += run_shape(&k_shapes[i], f, 0x5e9b0000ull ^ (uint64_t)(f - k_formats) << 32 ^ (uint64_t)i);
    if (bad)
        printf("%s: %ld mismatching registers\n", f->name, bad);
    assert_int_equal(bad, 0);
}

int main(void)
{
    enum { N = sizeof k_formats / sizeof k_formats[0] };
    struct CMUnitTest tests[N + 1];
    tests[N] = (struct CMUnitTest)cmocka_unit_test(model_known_answers);
    for (int i = 0; i < N; i++) {
        tests[i].name = k_formats[i].name;
        tests[i].test_func = test_format;
        tests[i].setup_func = NULL;
        tests[i].teardown_func = NULL;
        tests[i].initial_state = (void *)&k_formats[i];
    }
    return _cmocka_run_group_tests("srgb_matrix", tests, N + 1, NULL, NULL);
}
