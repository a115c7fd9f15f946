/* test_batch_tex.c -- wt_tex_batch equals wt_tex_warp bit for bit: every geometry, tex base/level/grad and tld4, both coordinate layouts, uniform inputs, every output format, 1 and 2 threads
 * SPDX-License-Identifier: MIT
 *
 * For each form and each size of bt_sizes (0, 1, 31, 32, 33, 517, 1000
 * lanes) random inputs (cu_coord's hard coordinates: texel centres and
 * boundaries, weight ties, NaN, infinities, huge values; layers past the
 * end; LODs and gradients from tiny to huge) are run through wt_tex_batch
 * and, warp by warp, through wt_tex_warp gathered by this file's own code;
 * the registers are converted to the output format by batch_util.h's
 * formulas.  Bytes are compared whole, and the bytes after the output must
 * stay as they were. */
#include "batch_util.h"

enum { TX_RGBA8, TX_RGBA32F, TX_RGBA16U, TX_SRGB8 };

typedef struct config {
    const char *name;
    wt_geom geom;
    int family, mip, dtype;
    int texfmt;
    int sampler; /* WT_OP_SAMPLER with a sampler object */
    int comp;    /* tld4 */
} config;

static const config configs[] = {
    {"tex.1d", WT_GEOM_1D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.1d.level", WT_GEOM_1D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.1d.grad", WT_GEOM_1D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA32F, 0, 0},
    {"tex.2d", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.2d.level", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.2d.grad", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.2d.grad (sRGB)", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_SRGB8, 0, 0},
    {"tex.2d (float)", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA32F, 0, 0},
    {"tex.2d (sampler)", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA8, 1, 0},
    {"tex.2d.v4.u32", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_U32, TX_RGBA16U, 0, 0},
    {"tex.2d.v4.f16", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F16, TX_RGBA8, 0, 0},
    {"tex.3d", WT_GEOM_3D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.3d.level", WT_GEOM_3D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA32F, 0, 0},
    {"tex.3d.grad", WT_GEOM_3D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.a1d", WT_GEOM_A1D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.a1d.level", WT_GEOM_A1D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.a1d.grad", WT_GEOM_A1D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.a2d", WT_GEOM_A2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.a2d.level", WT_GEOM_A2D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_SRGB8, 0, 0},
    {"tex.a2d.grad", WT_GEOM_A2D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.cube", WT_GEOM_CUBE, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.cube.level", WT_GEOM_CUBE, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.cube.grad", WT_GEOM_CUBE, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA32F, 0, 0},
    {"tex.acube", WT_GEOM_ACUBE, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.acube.level", WT_GEOM_ACUBE, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tex.acube.grad", WT_GEOM_ACUBE, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tld4.r.2d", WT_GEOM_2D, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tld4.a.2d (sampler)", WT_GEOM_2D, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA32F, 1, 3},
    {"tld4.g.a2d", WT_GEOM_A2D, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 1},
    {"tld4.b.cube", WT_GEOM_CUBE, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, TX_SRGB8, 0, 2},
    {"tld4.r.acube", WT_GEOM_ACUBE, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0},
    {"tld4.g.2d.v4.u32", WT_GEOM_2D, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_U32, TX_RGBA16U, 0, 1},
};
#define NCONFIGS (sizeof configs / sizeof configs[0])

static const char *const format_names[] = {"V4", "CHANNEL", "U8X4", "U8X4_SRGB", "U8"};
static const size_t format_bytes[] = {16, 4, 4, 4, 1};

static int float_coords(wt_geom g)
{
    return g == WT_GEOM_1D || g == WT_GEOM_A1D ? 1 : g == WT_GEOM_2D || g == WT_GEOM_A2D ? 2 : 3;
}
static int layered(wt_geom g) { return g == WT_GEOM_A1D || g == WT_GEOM_A2D || g == WT_GEOM_ACUBE; }
static int is_cube(wt_geom g) { return g == WT_GEOM_CUBE || g == WT_GEOM_ACUBE; }

/* One batch's inputs, in both layouts. */
typedef struct inputs {
    size_t n;
    float *coords, *plane[3], *lod, *dpdx, *dpdy;
    uint32_t *layer;
} inputs;

static float hard_float(cu_rng *r)
{
    switch (cu_below(r, 12)) {
    case 0: return NAN;
    case 1: return cu_below(r, 2) ? INFINITY : -INFINITY;
    case 2: return cu_below(r, 2) ? 1e30f : -1e-30f;
    case 3: return 0.0f;
    default: return (float)((double)(cu_next(r) >> 11) / 9007199254740992.0 * 6.0 - 2.0);
    }
}

static inputs make_inputs(const config *c, const bt_tex *t, size_t n, cu_rng *r, wt_address_mode am, int linear)
{
    inputs in;
    memset(&in, 0, sizeof in);
    in.n = n;
    int k = float_coords(c->geom), g = k;
    size_t cap = n ? n : 1;
    in.coords = malloc(cap * (size_t)k * sizeof(float));
    for (int q = 0; q < 3; q++)
        in.plane[q] = malloc(cap * sizeof(float));
    in.layer = malloc(cap * sizeof(uint32_t));
    in.lod = malloc(cap * sizeof(float));
    in.dpdx = malloc(cap * (size_t)g * sizeof(float));
    in.dpdy = malloc(cap * (size_t)g * sizeof(float));
    assert_true(in.coords && in.plane[0] && in.plane[1] && in.plane[2] && in.layer && in.lod && in.dpdx && in.dpdy);
    const int size[3] = {t->w, t->h, t->d};
    for (size_t i = 0; i < cap; i++) {
        for (int q = 0; q < k; q++) {
            float v = is_cube(c->geom) ? hard_float(r) : cu_coord(r, size[q], 1, am, linear);
            in.coords[i * (size_t)k + (size_t)q] = v;
            in.plane[q][i] = v;
        }
        in.layer[i] = layered(c->geom) ? cu_layer(r, t->layers) : 0;
        in.lod[i] = cu_below(r, 10) ? (float)((double)cu_below(r, 1000) / 150.0 - 1.5) : hard_float(r);
        for (int q = 0; q < g; q++) {
            double scale = ldexp(1.0, (int)cu_below(r, 12) - 8);
            in.dpdx[i * (size_t)g + (size_t)q] =
                cu_below(r, 16) ? (float)(((double)cu_below(r, 2001) - 1000.0) / 1000.0 * scale) : hard_float(r);
            in.dpdy[i * (size_t)g + (size_t)q] =
                cu_below(r, 16) ? (float)(((double)cu_below(r, 2001) - 1000.0) / 1000.0 * scale) : hard_float(r);
        }
    }
    return in;
}

static void free_inputs(inputs *in)
{
    free(in->coords);
    for (int q = 0; q < 3; q++)
        free(in->plane[q]);
    free(in->layer);
    free(in->lod);
    free(in->dpdx);
    free(in->dpdy);
}

/* The oracle: registers of every lane through wt_tex_warp, warp by warp.
 * `uniform` bits make lane 0's layer / lod / gradients everyone's. */
static uint32_t *oracle(const config *c, const wt_op *op, wt_tex tex, wt_sampler smp, const inputs *in,
                        unsigned uniform)
{
    size_t n = in->n;
    uint32_t *d = malloc((n ? n : 1) * 4 * sizeof(uint32_t));
    wt_tex_args *a = calloc(1, sizeof *a);
    wt_tex_result *res = calloc(1, sizeof *res);
    assert_true(d && a && res);
    int k = float_coords(c->geom), g = k, lay = layered(c->geom);
    for (size_t w = 0; w * 32 < n; w++) {
        size_t m = n - w * 32 < 32 ? n - w * 32 : 32;
        for (size_t l = 0; l < m; l++) {
            size_t i = w * 32 + l;
            size_t iu_layer = uniform & WT_BATCH_UNIFORM_LAYER ? 0 : i;
            size_t iu_lod = uniform & WT_BATCH_UNIFORM_LOD ? 0 : i;
            size_t iu_grad = uniform & WT_BATCH_UNIFORM_GRAD ? 0 : i;
            if (lay)
                a->c[0][l] = in->layer[iu_layer];
            for (int q = 0; q < k; q++)
                a->c[lay + q][l] = bt_bits(in->plane[q][i]);
            a->lod[l] = bt_bits(in->lod[iu_lod]);
            for (int q = 0; q < g; q++) {
                a->dpdx[q][l] = in->dpdx[iu_grad * (size_t)g + (size_t)q];
                a->dpdy[q][l] = in->dpdy[iu_grad * (size_t)g + (size_t)q];
            }
        }
        uint32_t mask = m == 32 ? 0xffffffffu : (1u << m) - 1u;
        assert_int_equal(wt_tex_warp(op, tex, smp, mask, a, res), WT_SUCCESS);
        for (size_t l = 0; l < m; l++)
            for (int q = 0; q < 4; q++)
                d[(w * 32 + l) * 4 + (size_t)q] = res->d[q][l];
    }
    free(a);
    free(res);
    return d;
}

/* The bytes lane i must get in format f. */
static void expect_lane(int f, unsigned ch, const uint32_t d[4], uint8_t *o)
{
    switch (f) {
    case WT_BATCH_V4: memcpy(o, d, 16); break;
    case WT_BATCH_CHANNEL: memcpy(o, &d[ch], 4); break;
    case WT_BATCH_U8X4:
        for (int q = 0; q < 4; q++)
            o[q] = bt_to8(bt_float(d[q]), 0);
        break;
    case WT_BATCH_U8X4_SRGB:
        for (int q = 0; q < 4; q++)
            o[q] = bt_to8(bt_float(d[q]), q < 3);
        break;
    default: o[0] = bt_to8(bt_float(d[ch]), 0); break;
    }
}

static long mismatches;

static void run_config(const config *c, uint64_t seed)
{
    cu_rng r = {seed};
    static const wt_address_mode modes[] = {WT_ADDRESS_WRAP, WT_ADDRESS_CLAMP, WT_ADDRESS_MIRROR, WT_ADDRESS_BORDER};
    wt_address_mode am = is_cube(c->geom) ? WT_ADDRESS_CLAMP : modes[cu_below(&r, 4)];
    wt_channel_desc cd;
    size_t esize;
    wt_read_mode rm = WT_READ_NORMALIZED_FLOAT;
    int srgb = 0;
    switch (c->texfmt) {
    case TX_RGBA32F: cd = wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_FLOAT), esize = 16; break;
    case TX_RGBA16U:
        cd = wt_make_channel_desc(16, 16, 16, 16, WT_CHANNEL_UNSIGNED), esize = 8, rm = WT_READ_ELEMENT_TYPE;
        break;
    case TX_SRGB8: srgb = 1; /* fall through */
    default: cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED), esize = 4; break;
    }
    int linear = rm == WT_READ_NORMALIZED_FLOAT;
    bt_tex t = bt_make_tex(c->geom, 3, cd, esize, rm, srgb, linear ? WT_FILTER_LINEAR : WT_FILTER_POINT, am, &r);
    wt_sampler smp = 0;
    if (c->sampler) {
        wt_sampler_desc sd;
        memset(&sd, 0, sizeof sd);
        sd.address_mode[0] = sd.address_mode[1] = sd.address_mode[2] = modes[cu_below(&r, 4)];
        sd.filter_mode = cu_below(&r, 2) ? WT_FILTER_LINEAR : WT_FILTER_POINT;
        sd.border_color[1] = 0.5f;
        assert_int_equal(wt_create_sampler_object(&smp, &sd), WT_SUCCESS);
    }
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)c->family;
    op.geom = (uint8_t)c->geom;
    op.mip = (uint8_t)c->mip;
    op.dtype = (uint8_t)c->dtype;
    op.ctype = WT_CTYPE_F32;
    op.comp = (uint8_t)c->comp;
    op.flags = c->sampler ? WT_OP_SAMPLER : 0;
    if (cu_below(&r, 2))
        op.flags |= WT_OP_PRED;
    unsigned allowed = (layered(c->geom) ? WT_BATCH_UNIFORM_LAYER : 0u) |
                       (c->mip == WT_MIP_LEVEL ? WT_BATCH_UNIFORM_LOD : 0u) |
                       (c->mip == WT_MIP_GRAD ? WT_BATCH_UNIFORM_GRAD : 0u);
    int bytes_ok = c->dtype == WT_DTYPE_F32;
    unsigned rounds = 0;
    for (int layout = 0; layout < 2; layout++) {
        for (int uni = 0; uni < (allowed ? 2 : 1); uni++) {
            unsigned uniform = uni ? allowed : 0u;
            for (size_t si = 0; si < BT_NSIZES; si++) {
                size_t n = bt_sizes[si];
                inputs in = make_inputs(c, &t, n, &r, am, linear);
                uint32_t *d = oracle(c, &op, t.tex, smp, &in, uniform);
                wt_tex_batch_in bi;
                memset(&bi, 0, sizeof bi);
                int k = float_coords(c->geom);
                if (layout == 0) {
                    bi.coords = in.coords;
                } else {
                    bi.x = in.plane[0];
                    bi.y = k >= 2 ? in.plane[1] : NULL;
                    bi.z = k >= 3 ? in.plane[2] : NULL;
                }
                bi.layer = layered(c->geom) ? in.layer : NULL;
                bi.lod = c->mip == WT_MIP_LEVEL ? in.lod : NULL;
                bi.dpdx = c->mip == WT_MIP_GRAD ? in.dpdx : NULL;
                bi.dpdy = c->mip == WT_MIP_GRAD ? in.dpdy : NULL;
                bi.uniform = uniform;
                /* WT_BATCH_V4 (every register bit) each time, and one other
                 * format in turn: each comes round several times per form. */
                int other = bytes_ok ? 1 + (int)(rounds++ % 4) : WT_BATCH_CHANNEL;
                for (int f = 0; f <= WT_BATCH_U8; f++) {
                    if (f != WT_BATCH_V4 && f != other)
                        continue;
                    int one = f == WT_BATCH_CHANNEL || f == WT_BATCH_U8;
                    unsigned ch = one ? cu_below(&r, 4) : 0u;
                    size_t lb = format_bytes[f], nb = n * lb;
                    uint8_t *want = malloc(nb + 1);
                    assert_non_null(want);
                    for (size_t i = 0; i < n; i++)
                        expect_lane(f, ch, &d[i * 4], want + i * lb);
                    for (size_t ti = 0; ti < 2; ti++) {
                        assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
                        uint8_t *got = bt_guarded(nb);
                        /* every store mode comes round: the library's choice, streaming
                         * (whole warps at aligned addresses), plain stores */
                        static const unsigned modes[3] = {0, WT_BATCH_STREAM, WT_BATCH_NO_STREAM};
                        const unsigned mode = modes[(ti + rounds) % 3];
                        wt_tex_batch_out bo = {got, (wt_batch_format)f, ch, mode};
                        wt_status st = wt_tex_batch(&op, t.tex, smp, n, &bi, &bo);
                        if (st != WT_SUCCESS) {
                            print_error("%s: n=%zu %s: %s: %s\n", c->name, n, format_names[f], wt_status_string(st),
                                        wt_last_error_message());
                            fail();
                        }
                        char label[160];
                        snprintf(label, sizeof label, "%s %s%s %s ch %u n=%zu threads=%d stores 0x%x", c->name,
                                 layout ? "planar" : "interleaved", uniform ? " uniform" : "", format_names[f], ch, n,
                                 bt_threads[ti], mode);
                        if (memcmp(got, want, nb)) {
                            size_t i = 0;
                            while (!memcmp(got + i * lb, want + i * lb, lb))
                                i++;
                            if (mismatches++ < 10)
                                print_error("%s: lane %zu differs: batch byte 0 = 0x%02x, warp 0x%02x (x = %a)\n", label,
                                            i, got[i * lb], want[i * lb], (double)in.plane[0][i]);
                        }
                        bt_assert_guard(got, nb, label);
                        free(got);
                    }
                    free(want);
                }
                free(d);
                free_inputs(&in);
            }
        }
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    if (smp)
        assert_int_equal(wt_destroy_sampler_object(smp), WT_SUCCESS);
    bt_free_tex(&t);
}

static void test_batch_equals_warp(void **state)
{
    (void)state;
    for (size_t i = 0; i < NCONFIGS; i++)
        run_config(&configs[i], 0xBA7C0000u + i);
    assert_int_equal(mismatches, 0);
}

/* A plain (not mipmapped) array and the default texel path: tex.base on a
 * 2D RGBA8 texture, the shape `warptex resample` uses without --mipmaps. */
static void test_batch_plain_array(void **state)
{
    (void)state;
    cu_rng r = {77};
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    bt_tex t = bt_make_tex(WT_GEOM_2D, 0, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, &r);
    config c = {"tex.2d (plain array)", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, TX_RGBA8, 0, 0};
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                .ctype = WT_CTYPE_F32};
    const size_t n = 4099; /* 128 warps and a 3-lane tail: many chunks on 2 threads */
    inputs in = make_inputs(&c, &t, n, &r, WT_ADDRESS_CLAMP, 1);
    uint32_t *d = oracle(&c, &op, t.tex, 0, &in, 0);
    uint8_t *want = malloc(n * 4);
    assert_non_null(want);
    for (size_t i = 0; i < n; i++)
        expect_lane(WT_BATCH_U8X4, 0, &d[i * 4], want + i * 4);
    for (int ti = 0; ti < 2; ti++) {
        assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
        uint8_t *got = bt_guarded(n * 4);
        wt_tex_batch_in bi = {.coords = in.coords};
        wt_tex_batch_out bo = {got, WT_BATCH_U8X4, 0, 0};
        assert_int_equal(wt_tex_batch(&op, t.tex, 0, n, &bi, &bo), WT_SUCCESS);
        assert_memory_equal(got, want, n * 4);
        bt_assert_guard(got, n * 4, "plain array");
        free(got);
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    free(want);
    free(d);
    free_inputs(&in);
    bt_free_tex(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batch_equals_warp),
        cmocka_unit_test(test_batch_plain_array),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
