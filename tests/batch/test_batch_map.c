/* test_batch_map.c -- wt_tex_batch_map equals wt_tex_batch at the coordinates batch.h defines, bit for bit: identity, rotations, random affine and projective matrices, every output format, padded rows, 2d and a2d, tex base/level/grad and tld4; no fused multiply-add; the errors
 * SPDX-License-Identifier: MIT
 *
 * The oracle computes each pixel's coordinates here, one float operation at
 * a time through volatile stores (so that this file's own compilation
 * cannot fuse or widen them), in batch.h's order, and runs them through
 * wt_tex_batch (whose equality with wt_tex_warp test_batch_tex.c proves).
 * The suite runs once per forced backend, so every backend's kernels are
 * compared.  Rows are compared pixel by pixel; the padding between rows and
 * the bytes after the output must keep their poison. */
#include "batch_util.h"

static const char *const format_names[] = {"V4", "CHANNEL", "U8X4", "U8X4_SRGB", "U8"};
static const size_t format_bytes[] = {16, 4, 4, 4, 1};

/* One correctly rounded float operation each: a volatile store ends it. */
static float f_mul(float a, float b)
{
    volatile float r = a * b;
    return r;
}
static float f_add(float a, float b)
{
    volatile float r = a + b;
    return r;
}
static float f_div(float a, float b)
{
    volatile float r = a / b;
    return r;
}

/* batch.h's coordinates of pixel (i, j). */
static void ref_coords(const float m[9], size_t i, size_t j, float *x, float *y)
{
    float u = f_add((float)i, 0.5f), v = f_add((float)j, 0.5f);
    float X = f_add(f_add(f_mul(m[0], u), f_mul(m[1], v)), m[2]);
    float Y = f_add(f_add(f_mul(m[3], u), f_mul(m[4], v)), m[5]);
    float D = f_add(f_add(f_mul(m[6], u), f_mul(m[7], v)), m[8]);
    *x = f_div(X, D);
    *y = f_div(Y, D);
}

/* A uniform float in [lo, hi). */
static float uni(cu_rng *r, double lo, double hi)
{
    return (float)(lo + (double)(cu_next(r) >> 11) / 9007199254740992.0 * (hi - lo));
}

enum { MX_IDENTITY, MX_ROTATE, MX_AFFINE, MX_PROJECTIVE, MX_HORIZON, MX_COUNT };
static const char *const matrix_names[] = {"identity", "rotation", "random affine", "projective", "horizon"};

/* A matrix of kind `kind` for a w x h normalised texture over a gw x gh grid. */
static void make_matrix(int kind, int w, int h, size_t gw, size_t gh, cu_rng *r, float m[9])
{
    memset(m, 0, 9 * sizeof *m);
    m[8] = 1.0f;
    const double sx = 1.0 / w, sy = 1.0 / h;
    switch (kind) {
    case MX_IDENTITY: /* output pixel centres onto texel centres */
        m[0] = (float)sx, m[4] = (float)sy;
        break;
    case MX_ROTATE: { /* about the grid's centre onto the texture's, with a scale */
        double th = (double)cu_below(r, 360) * 3.14159265358979323846 / 180.0, s = 0.5 + (double)cu_below(r, 200) / 100.0;
        double c = cos(th) * s, sn = sin(th) * s, cx = (double)gw / 2.0, cy = (double)gh / 2.0;
        m[0] = (float)(c * sx), m[1] = (float)(-sn * sx), m[2] = (float)((w / 2.0 - c * cx + sn * cy) * sx);
        m[3] = (float)(sn * sy), m[4] = (float)(c * sy), m[5] = (float)((h / 2.0 - sn * cx - c * cy) * sy);
        break;
    }
    case MX_AFFINE:
        for (int e = 0; e < 6; e++)
            m[e] = uni(r, -0.3, 0.3);
        m[2] = uni(r, -1.0, 2.0), m[5] = uni(r, -1.0, 2.0);
        break;
    case MX_PROJECTIVE: /* D stays positive over the grid */
        for (int e = 0; e < 6; e++)
            m[e] = uni(r, -0.3, 0.3);
        m[6] = uni(r, 0.0, 0.02), m[7] = uni(r, -0.01, 0.01), m[8] = uni(r, 1.0, 2.0);
        break;
    default: /* D crosses 0 inside the grid: infinite and NaN coordinates on the horizon */
        for (int e = 0; e < 6; e++)
            m[e] = uni(r, -0.3, 0.3);
        m[6] = 1.0f, m[7] = (float)cu_below(r, 3) - 1.0f, m[8] = -(float)(gw / 2) - 0.5f;
        if (cu_below(r, 2))
            m[0] = m[1] = m[2] = 0.0f; /* 0 / 0 at the horizon: NaN */
        break;
    }
}

typedef struct config {
    const char *name;
    wt_geom geom;
    int family, mip, dtype, srgb, u16, sampler, comp;
} config;

static const config configs[] = {
    {"tex.2d", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, 0, 0, 0, 0},
    {"tex.2d (sRGB)", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, 1, 0, 0, 0},
    {"tex.2d.level", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, 0, 0, 0, 0},
    {"tex.2d.grad", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_GRAD, WT_DTYPE_F32, 0, 0, 0, 0},
    {"tex.2d (sampler)", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, 0, 0, 1, 0},
    {"tex.2d.v4.u32", WT_GEOM_2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_U32, 0, 1, 0, 0},
    {"tex.a2d", WT_GEOM_A2D, WT_FAMILY_TEX, WT_MIP_BASE, WT_DTYPE_F32, 0, 0, 0, 0},
    {"tex.a2d.level", WT_GEOM_A2D, WT_FAMILY_TEX, WT_MIP_LEVEL, WT_DTYPE_F32, 0, 0, 0, 0},
    {"tld4.r.2d", WT_GEOM_2D, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, 0, 0, 0, 0},
    {"tld4.b.a2d", WT_GEOM_A2D, WT_FAMILY_TLD4, WT_MIP_BASE, WT_DTYPE_F32, 0, 0, 0, 2},
};
#define NCONFIGS (sizeof configs / sizeof configs[0])

static const size_t grids[][2] = {{0, 5}, {7, 0}, {1, 1}, {31, 3}, {32, 2}, {33, 4}, {70, 9}, {5, 40}};
#define NGRIDS (sizeof grids / sizeof grids[0])

static long mismatches;

/* The operands other than coordinates, per lane (lane j * w + i). */
typedef struct operands {
    uint32_t *layer;
    float *lod, *dpdx, *dpdy;
} operands;

static void run_config(const config *c, uint64_t seed)
{
    cu_rng r = {seed};
    static const wt_address_mode modes[] = {WT_ADDRESS_WRAP, WT_ADDRESS_CLAMP, WT_ADDRESS_MIRROR, WT_ADDRESS_BORDER};
    wt_channel_desc cd = c->u16 ? wt_make_channel_desc(16, 16, 16, 16, WT_CHANNEL_UNSIGNED)
                                : wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_read_mode rm = c->u16 ? WT_READ_ELEMENT_TYPE : WT_READ_NORMALIZED_FLOAT;
    int linear = !c->u16;
    bt_tex t = bt_make_tex(c->geom, 3, cd, c->u16 ? 8 : 4, rm, c->srgb, linear ? WT_FILTER_LINEAR : WT_FILTER_POINT,
                           modes[cu_below(&r, 4)], &r);
    wt_sampler smp = 0;
    if (c->sampler) {
        wt_sampler_desc sd;
        memset(&sd, 0, sizeof sd);
        sd.address_mode[0] = sd.address_mode[1] = modes[cu_below(&r, 4)];
        sd.filter_mode = WT_FILTER_LINEAR;
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
    const int lay = c->geom == WT_GEOM_A2D, level = c->mip == WT_MIP_LEVEL, grad = c->mip == WT_MIP_GRAD;
    const int bytes_ok = c->dtype == WT_DTYPE_F32;
    unsigned round = 0;
    for (size_t gi = 0; gi < NGRIDS; gi++) {
        const size_t gw = grids[gi][0], gh = grids[gi][1], n = gw * gh;
        for (int kind = 0; kind < MX_COUNT; kind++) {
            wt_tex_map map;
            make_matrix(kind, t.w, t.h, gw, gh, &r, map.m);
            map.width = gw, map.height = gh;
            /* Operands: uniform every other round, else per lane. */
            const int uniform_ops = (round & 1) != 0;
            size_t cap = n ? n : 1;
            operands o = {malloc(cap * 4), malloc(cap * 4), malloc(cap * 8), malloc(cap * 8)};
            float *xy = malloc(cap * 8);
            assert_true(o.layer && o.lod && o.dpdx && o.dpdy && xy);
            for (size_t p = 0; p < cap; p++) {
                o.layer[p] = cu_layer(&r, t.layers ? t.layers : 1);
                o.lod[p] = (float)((double)cu_below(&r, 1000) / 300.0 - 0.5);
                for (int q = 0; q < 2; q++) {
                    o.dpdx[p * 2 + (size_t)q] = uni(&r, -0.4, 0.4);
                    o.dpdy[p * 2 + (size_t)q] = uni(&r, -0.4, 0.4);
                }
            }
            for (size_t j = 0; j < gh; j++)
                for (size_t i = 0; i < gw; i++)
                    ref_coords(map.m, i, j, &xy[(j * gw + i) * 2], &xy[(j * gw + i) * 2 + 1]);
            wt_tex_batch_in bi;
            memset(&bi, 0, sizeof bi);
            bi.layer = lay ? o.layer : NULL;
            bi.lod = level ? o.lod : NULL;
            bi.dpdx = grad ? o.dpdx : NULL;
            bi.dpdy = grad ? o.dpdy : NULL;
            bi.uniform = uniform_ops ? (lay ? WT_BATCH_UNIFORM_LAYER : 0u) | (level ? WT_BATCH_UNIFORM_LOD : 0u) |
                                           (grad ? WT_BATCH_UNIFORM_GRAD : 0u)
                                     : 0u;
            const int needs_in = lay || level || grad;
            for (int f = 0; f <= WT_BATCH_U8; f++) {
                if (f >= WT_BATCH_U8X4 && !bytes_ok)
                    continue;
                const int one = f == WT_BATCH_CHANNEL || f == WT_BATCH_U8;
                const unsigned ch = one ? cu_below(&r, 4) : 0u;
                const size_t lb = format_bytes[f], row = gw * lb;
                /* the reference: wt_tex_batch at the coordinates, packed */
                uint8_t *want = malloc(cap * lb);
                assert_non_null(want);
                wt_tex_batch_in ri = bi;
                ri.coords = xy;
                wt_tex_batch_out ro = {want, (wt_batch_format)f, ch, 0};
                assert_int_equal(wt_tex_batch(&op, t.tex, smp, n, &ri, &ro), WT_SUCCESS);
                const int padded = (round++ % 3) != 0;
                const size_t pitch = padded ? row + 1 + cu_below(&r, 40) : 0, step = padded ? pitch : row;
                const size_t bytes = gh ? (gh - 1) * step + row : 0;
                for (size_t ti = 0; ti < 2; ti++) {
                    assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
                    uint8_t *got = bt_guarded(bytes);
                    wt_tex_batch_out bo = {got, (wt_batch_format)f, ch, 0};
                    /* in may be NULL where the op needs no operands */
                    const wt_tex_batch_in *pin = needs_in || cu_below(&r, 2) ? &bi : NULL;
                    wt_status st = wt_tex_batch_map(&op, t.tex, smp, &map, pin, &bo, pitch);
                    char label[200];
                    snprintf(label, sizeof label, "%s %s %zux%zu %s ch %u pitch %zu threads %d", c->name,
                             matrix_names[kind], gw, gh, format_names[f], ch, pitch, bt_threads[ti]);
                    if (st != WT_SUCCESS) {
                        print_error("%s: %s: %s\n", label, wt_status_string(st), wt_last_error_message());
                        fail();
                    }
                    for (size_t j = 0; j < gh; j++) {
                        for (size_t i = 0; i < gw; i++)
                            if (memcmp(got + j * step + i * lb, want + (j * gw + i) * lb, lb) && mismatches++ < 10)
                                print_error("%s: pixel (%zu, %zu) differs (x = %a, y = %a)\n", label, i, j,
                                            (double)xy[(j * gw + i) * 2], (double)xy[(j * gw + i) * 2 + 1]);
                        if (j + 1 < gh)
                            for (size_t b = row; b < step; b++)
                                if (got[j * step + b] != BT_POISON) {
                                    print_error("%s: padding byte %zu of row %zu was written\n", label, b, j);
                                    fail();
                                }
                    }
                    bt_assert_guard(got, bytes, label);
                    free(got);
                }
                free(want);
            }
            free(xy);
            free(o.layer), free(o.lod), free(o.dpdx), free(o.dpdy);
        }
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    if (smp)
        assert_int_equal(wt_destroy_sampler_object(smp), WT_SUCCESS);
    bt_free_tex(&t);
}

static void test_map_equals_batch(void **state)
{
    (void)state;
    for (size_t i = 0; i < NCONFIGS; i++)
        run_config(&configs[i], 0x3A9000u + i);
    assert_int_equal(mismatches, 0);
}

/* ---- no fused multiply-add ------------------------------------------------------ */

/* A texture whose texel k holds the float k: point filter, unnormalised
 * coordinates, clamp, so a sample reads floor(x). */
static wt_tex ramp_texture(wt_array *arr)
{
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    float v[4] = {0.0f, 1.0f, 2.0f, 3.0f};
    assert_int_equal(wt_malloc_array(arr, &cd, 4, 1, 0, WT_ARRAY_DEFAULT), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(*arr, 0, 0, 0, v, sizeof v, 4, 1, 1), WT_SUCCESS);
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = *arr;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = WT_ADDRESS_CLAMP;
    td.filter_mode = WT_FILTER_POINT;
    td.read_mode = WT_READ_ELEMENT_TYPE;
    wt_tex tex;
    assert_int_equal(wt_create_texture_object(&tex, &res, &td, NULL), WT_SUCCESS);
    return tex;
}

/* Finds a pixel centre c = k + 0.5 and a float a with a * c rounding to
 * exactly 2 while a * c - 1, rounded once (what an FMA computes), is below
 * 1: the two orders then read different texels. */
static void find_fma_witness(size_t *k, float *a)
{
    for (size_t i = 1; i < 100000; i++) {
        const float c = (float)i + 0.5f;
        float m = nextafterf(2.0f / c, 0.0f);
        for (int s = 0; s < 4; s++, m = nextafterf(m, 3.0f)) {
            const double p = (double)m * (double)c; /* exact: 24 + 24 bits */
            if ((float)p == 2.0f && (float)(p - 1.0) < 1.0f) {
                *k = i, *a = m;
                return;
            }
        }
    }
    fail_msg("no witness found");
}

static float map_one(wt_tex tex, const float m[9], size_t w, size_t h, size_t i, size_t j)
{
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                .ctype = WT_CTYPE_F32};
    wt_tex_map map;
    memcpy(map.m, m, sizeof map.m);
    map.width = w, map.height = h;
    float *out = malloc(w * h * sizeof(float));
    assert_non_null(out);
    wt_tex_batch_out bo = {out, WT_BATCH_CHANNEL, 0, 0};
    assert_int_equal(wt_tex_batch_map(&op, tex, 0, &map, NULL, &bo, 0), WT_SUCCESS);
    float v = out[j * w + i];
    free(out);
    return v;
}

static void test_map_no_fma(void **state)
{
    (void)state;
    size_t k = 0;
    float a = 0.0f;
    find_fma_witness(&k, &a);
    wt_array arr;
    wt_tex tex = ramp_texture(&arr);
    /* X = (a * u + (-2) * 0.5) + 0 = 2 - 1 = 1 at u = k + 0.5: texel 1.  An
     * FMA of a * u into the sum gives 1 - 2^-24: texel 0. */
    const float ma[9] = {a, -2.0f, 0.0f, 0, 0, 0, 0, 0, 1.0f};
    assert_true(map_one(tex, ma, k + 1, 1, k, 0) == 1.0f);
    /* The same with the product on v: an FMA of m[1] * v. */
    const float mb[9] = {-2.0f, a, 0.0f, 0, 0, 0, 0, 0, 1.0f};
    assert_true(map_one(tex, mb, 1, k + 1, 0, k) == 1.0f);
    /* The denominator: D = (a * u - 1) + 0 = 1, X = 1 - 2^-24, x = X: texel
     * 0.  A fused D = 1 - 2^-24 gives x = 1: texel 1. */
    const float mc[9] = {0, 0, 0x1.fffffep-1f, 0, 0, 0, a, -2.0f, 0.0f};
    assert_true(map_one(tex, mc, k + 1, 1, k, 0) == 0.0f);
    const float md[9] = {0, 0, 0x1.fffffep-1f, 0, 0, 0, -2.0f, a, 0.0f};
    assert_true(map_one(tex, md, 1, k + 1, 0, k) == 0.0f);
    assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
    assert_int_equal(wt_free_array(arr), WT_SUCCESS);
}

/* ---- errors --------------------------------------------------------------------- */

static void expect_error(wt_status want, wt_status got, const char *needle)
{
    assert_int_equal(got, want);
    if (needle && !strstr(wt_last_error_message(), needle)) {
        print_error("message \"%s\" does not mention \"%s\"\n", wt_last_error_message(), needle);
        fail();
    }
}

static void test_map_errors(void **state)
{
    (void)state;
    cu_rng r = {5};
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    bt_tex t = bt_make_tex(WT_GEOM_2D, 0, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, &r);
    bt_tex ta = bt_make_tex(WT_GEOM_A2D, 0, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, &r);
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                .ctype = WT_CTYPE_F32};
    wt_tex_map map = {{0.1f, 0, 0, 0, 0.1f, 0, 0, 0, 1.0f}, 40, 3};
    const size_t bytes = 40 * 3 * 4 + 64;
    uint8_t *buf = bt_guarded(bytes);
    wt_tex_batch_out out = {buf, WT_BATCH_U8X4, 0, 0};
    const wt_tex_batch_in none = {0};

    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(NULL, t.tex, 0, &map, NULL, &out, 0), "op is NULL");
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, NULL, NULL, &out, 0), "map is NULL");
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, NULL, NULL, 0), "out is NULL");
    /* non-finite entries are refused, each position */
    for (int e = 0; e < 9; e++) {
        wt_tex_map bad = map;
        bad.m[e] = e % 2 ? NAN : -INFINITY;
        expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &bad, NULL, &out, 0), "not finite");
    }
    wt_tex_map big = map;
    big.width = WT_TEX_MAP_MAX_SIDE + 1;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &big, NULL, &out, 0), "WT_TEX_MAP_MAX_SIDE");
    big = map, big.height = SIZE_MAX;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &big, NULL, &out, 0), "WT_TEX_MAP_MAX_SIDE");
    /* a pitch below the row; rows that cannot be addressed */
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, NULL, &out, 159), "below a row");
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, NULL, &out, SIZE_MAX / 2),
                 "do not fit");
    /* geometries without 2D coordinates */
    static const wt_geom geoms[] = {WT_GEOM_1D, WT_GEOM_3D, WT_GEOM_A1D, WT_GEOM_CUBE, WT_GEOM_ACUBE};
    for (size_t g = 0; g < sizeof geoms / sizeof geoms[0]; g++) {
        wt_op o = op;
        o.geom = (uint8_t)geoms[g];
        expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&o, t.tex, 0, &map, NULL, &out, 0), "op->geom");
    }
    /* coordinates given */
    float xy[2] = {0, 0};
    wt_tex_batch_in ci = {.coords = xy};
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, &ci, &out, 0), "in->coords");
    wt_tex_batch_in xi = {.y = xy};
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, &xi, &out, 0), "in->y");
    /* operands: needed and absent, given and unused, uniform bits */
    wt_op oa = op;
    oa.geom = WT_GEOM_A2D;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&oa, ta.tex, 0, &map, NULL, &out, 0), "in->layer");
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&oa, ta.tex, 0, &map, &none, &out, 0), "in->layer");
    uint32_t layer = 1;
    wt_tex_batch_in li = {.layer = &layer};
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, &li, &out, 0), "in->layer");
    wt_tex_batch_in ui = {.uniform = WT_BATCH_UNIFORM_LOD};
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, &ui, &out, 0), "in->uniform");
    wt_op ol = op;
    ol.mip = WT_MIP_LEVEL;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&ol, t.tex, 0, &map, NULL, &out, 0), "in->lod");
    /* format, channel, dtype, data */
    wt_tex_batch_out of = out;
    of.format = (wt_batch_format)9;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, NULL, &of, 0), "out->format");
    of = out, of.channel = 1;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, NULL, &of, 0), "out->channel");
    wt_op ou = op;
    ou.dtype = WT_DTYPE_U32;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&ou, t.tex, 0, &map, NULL, &out, 0), "op->dtype");
    of = out, of.data = NULL;
    expect_error(WT_ERROR_INVALID_VALUE, wt_tex_batch_map(&op, t.tex, 0, &map, NULL, &of, 0), "out->data");
    /* handles and the geometry against the texture, as the warp call says */
    expect_error(WT_ERROR_INVALID_HANDLE, wt_tex_batch_map(&op, 0, 0, &map, NULL, &out, 0), "wt_tex_batch_map()");
    expect_error(WT_ERROR_INVALID_TEXTURE, wt_tex_batch_map(&op, ta.tex, 0, &map, NULL, &out, 0), NULL);
    /* nothing was written by any of them */
    for (size_t b = 0; b < bytes; b++)
        assert_int_equal(buf[b], BT_POISON);
    /* an empty grid: valid with no output at all, still checked for handles */
    wt_tex_map empty = map;
    empty.width = 0;
    wt_tex_batch_out nul = {NULL, WT_BATCH_V4, 0, 0};
    assert_int_equal(wt_tex_batch_map(&op, t.tex, 0, &empty, NULL, &nul, 0), WT_SUCCESS);
    empty = map, empty.height = 0;
    assert_int_equal(wt_tex_batch_map(&op, t.tex, 0, &empty, NULL, &nul, 0), WT_SUCCESS);
    assert_int_equal(wt_tex_batch_map(&oa, ta.tex, 0, &empty, NULL, &nul, 0), WT_SUCCESS);
    expect_error(WT_ERROR_INVALID_HANDLE, wt_tex_batch_map(&op, 0, 0, &empty, NULL, &nul, 0), NULL);
    free(buf);
    bt_free_tex(&t);
    bt_free_tex(&ta);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_equals_batch),
        cmocka_unit_test(test_map_no_fma),
        cmocka_unit_test(test_map_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
