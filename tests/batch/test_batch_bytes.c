/* test_batch_bytes.c -- the byte outputs written by the kernels equal the reference's registers converted lane by lane: every backend, every u8 shape, tex and tld4, every byte format, odd counts, unaligned outputs, random masks
 * SPDX-License-Identifier: MIT
 *
 * Where an object binds the u8 kernel (.2d / .a2d, RGBA8, RG8 or R8 read as
 * normalised float, one level), a batch that keeps bytes has the kernel
 * write them from its registers (src/simd/store_bytes.h) instead of
 * converting the warp's float registers afterwards.  The oracle here is the
 * scalar reference: each warp through wt_tex_warp under the scalar backend,
 * its registers converted by wt_float_to_unorm8 / wt_float_to_srgb8 (which
 * test_batch_unorm8 holds to their formulas).  Then, under every other
 * backend this CPU runs:
 *   - wt_tex_batch and wt_tex_batch_map in each byte format (U8 on every
 *     channel) at odd counts, with the output at offsets 0..3 from an
 *     aligned address and poisoned bytes after it that must stay;
 *   - the internal warp call (wt__tex_warp_bytes) under random active masks
 *     that are not prefixes: the kernel must say it stored (on a SIMD
 *     backend, so that the batches above test the kernel and not the
 *     fallback), write every active lane's bytes and no others.
 * Shapes: 1, 2 and 4 channels, 2d and a2d, point and linear, each address
 * mode on both axes or a mixed pair, normalised or not, odd extents; half
 * the point shapes read as element type (.u32), in WT_BATCH_ELEM8 and
 * WT_BATCH_ELEM8X4, the others in the byte formats and WT_BATCH_HALF4.
 * Signed 8-bit textures (no kernel: the batch converts) in ELEM8 and
 * ELEM8X4 at the end. */
#include "batch_util.h"

#include "core/byte_convert.h" /* wt__srgb8_of_k */
#include "core/dispatch.h"
#include "entry/entry.h"

static const char *const backends[] = {"avx2", "avx512", "neon"};

typedef struct shape {
    int nch, layered, linear, normalized;
    int elem; /* read as element type (point only), written as WT_BATCH_ELEM8 / _ELEM8X4 */
    int sign; /* signed 8-bit channels */
    wt_address_mode mode[2];
    int w, h, layers;
} shape;

typedef struct made {
    wt_tex tex;
    wt_array arr;
} made;

static made make(const shape *s, cu_rng *r)
{
    made m;
    const int bits[4] = {8, s->nch >= 2 ? 8 : 0, s->nch == 4 ? 8 : 0, s->nch == 4 ? 8 : 0};
    wt_channel_desc cd = wt_make_channel_desc(bits[0], bits[1], bits[2], bits[3],
                                              s->sign ? WT_CHANNEL_SIGNED : WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_array(&m.arr, &cd, (size_t)s->w, (size_t)s->h, s->layered ? (size_t)s->layers : 0,
                                     s->layered ? WT_ARRAY_LAYERED : WT_ARRAY_DEFAULT),
                     WT_SUCCESS);
    const size_t row = (size_t)s->w * (size_t)s->nch, n = row * (size_t)s->h * (size_t)(s->layered ? s->layers : 1);
    uint8_t *texels = malloc(n);
    assert_non_null(texels);
    for (size_t i = 0; i < n; i++) /* the extremes often, so that 0 and 255 are exercised */
        texels[i] = (uint8_t)(cu_below(r, 4) ? cu_below(r, 256) : cu_below(r, 2) ? 0 : 255);
    assert_int_equal(wt_memcpy_to_array(m.arr, 0, 0, 0, texels, row, (size_t)s->w, (size_t)s->h,
                                        s->layered ? (size_t)s->layers : 1),
                     WT_SUCCESS);
    free(texels);
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = m.arr;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = s->mode[0];
    td.address_mode[1] = s->mode[1];
    td.address_mode[2] = WT_ADDRESS_CLAMP;
    td.filter_mode = s->linear ? WT_FILTER_LINEAR : WT_FILTER_POINT;
    td.read_mode = s->elem ? WT_READ_ELEMENT_TYPE : WT_READ_NORMALIZED_FLOAT;
    td.normalized_coords = s->normalized;
    for (int c = 0; c < 4; c++)
        td.border_color[c] = (float)cu_below(r, 256) / 255.0f;
    assert_int_equal(wt_create_texture_object(&m.tex, &res, &td, NULL), WT_SUCCESS);
    return m;
}

static void unmake(made *m)
{
    assert_int_equal(wt_destroy_texture_object(m->tex), WT_SUCCESS);
    assert_int_equal(wt_free_array(m->arr), WT_SUCCESS);
}

/* The bytes of a lane in format f from its registers: the per-lane conversion. */
static void lane_bytes(int f, unsigned ch, const uint32_t d[4], uint8_t *o)
{
    if (f == WT_BATCH_U8) {
        o[0] = wt_float_to_unorm8(bt_float(d[ch]));
        return;
    }
    if (f == WT_BATCH_ELEM8) {
        o[0] = (uint8_t)d[ch];
        return;
    }
    if (f == WT_BATCH_ELEM8X4) { /* a uchar4: each register's low byte */
        for (int c = 0; c < 4; c++)
            o[c] = (uint8_t)d[c];
        return;
    }
    if (f == WT_BATCH_HALF4) {
        for (int c = 0; c < 4; c++) {
            const uint16_t h = wt_float_to_half(bt_float(d[c]));
            memcpy(o + 2 * c, &h, 2);
        }
        return;
    }
    for (int c = 0; c < 4; c++)
        o[c] = f == WT_BATCH_U8X4_SRGB && c < 3 ? wt_float_to_srgb8(bt_float(d[c])) : wt_float_to_unorm8(bt_float(d[c]));
}

/* The reference's registers of n lanes at coordinates x, y (layer: every
 * lane's, or NULL), warp by warp under the scalar backend; lane i's four
 * words to d + 4 i. */
static void reference(const wt_op *op, wt_tex tex, size_t n, const float *x, const float *y, const uint32_t *layer,
                      uint32_t *d)
{
    assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
    wt_tex_args a;
    wt_tex_result res;
    memset(&a, 0, sizeof a);
    const int o = layer ? 1 : 0;
    for (size_t w = 0; w * 32 < n; w++) {
        const size_t m = n - w * 32 < 32 ? n - w * 32 : 32;
        for (size_t l = 0; l < m; l++) {
            if (layer)
                a.c[0][l] = layer[w * 32 + l];
            a.c[o][l] = bt_bits(x[w * 32 + l]);
            a.c[o + 1][l] = bt_bits(y[w * 32 + l]);
        }
        assert_int_equal(wt_tex_warp(op, tex, 0, m == 32 ? 0xffffffffu : (1u << m) - 1u, &a, &res), WT_SUCCESS);
        for (size_t l = 0; l < m; l++)
            for (int c = 0; c < 4; c++)
                d[(w * 32 + l) * 4 + (size_t)c] = res.d[c][l];
    }
}

static long failures;

static void compare(const uint8_t *got, const uint8_t *want, size_t nb, const char *label)
{
    if (memcmp(got, want, nb) && failures++ < 10) {
        size_t i = 0;
        while (got[i] == want[i])
            i++;
        print_error("%s: byte %zu is 0x%02x, the reference's lane gives 0x%02x\n", label, i, got[i], want[i]);
    }
}

static const size_t counts[] = {1, 7, 31, 33, 100, 517};

/* The formats a shape is written in, and their sizes. */
static const int norm_formats[] = {WT_BATCH_U8X4, WT_BATCH_U8X4_SRGB, WT_BATCH_U8, WT_BATCH_HALF4};
static const int elem_formats[] = {WT_BATCH_ELEM8, WT_BATCH_ELEM8X4};
static int nformats(const shape *s) { return s->elem ? 2 : 4; }
static int format_of(const shape *s, int i) { return s->elem ? elem_formats[i] : norm_formats[i]; }
static int one_channel(int f) { return f == WT_BATCH_U8 || f == WT_BATCH_ELEM8; }
static size_t lane_size(int f) { return one_channel(f) ? 1 : f == WT_BATCH_HALF4 ? 8 : 4; }

/* wt_tex_batch in every byte format, at an odd count and offset, against
 * the reference. */
static void check_batch(const wt_op *op, const made *m, const shape *s, cu_rng *r, const char *label)
{
    const size_t n = counts[cu_below(r, sizeof counts / sizeof counts[0])];
    float *xy = malloc(n * 2 * sizeof(float)), *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
    uint32_t *layer = malloc(n * sizeof(uint32_t)), *d = malloc(n * 4 * sizeof(uint32_t));
    assert_true(xy && x && y && layer && d);
    for (size_t i = 0; i < n; i++) {
        x[i] = xy[2 * i] = cu_coord(r, s->w, s->normalized, s->mode[0], s->linear);
        y[i] = xy[2 * i + 1] = cu_coord(r, s->h, s->normalized, s->mode[1], s->linear);
        layer[i] = s->layered ? cu_layer(r, s->layers) : 0;
    }
    const uint32_t *lay = s->layered ? layer : NULL;
    reference(op, m->tex, n, x, y, lay, d);
    assert_int_equal(wt_set_backend(label), WT_SUCCESS);
    for (int fi = 0; fi < nformats(s); fi++) {
        const int f = format_of(s, fi);
        for (unsigned ch = 0; ch < (one_channel(f) ? 4u : 1u); ch++) {
            const size_t lb = lane_size(f), nb = n * lb, off = cu_below(r, 4);
            uint8_t *want = malloc(nb);
            assert_non_null(want);
            for (size_t i = 0; i < n; i++)
                lane_bytes(f, ch, &d[i * 4], want + i * lb);
            uint8_t *buf = bt_guarded(nb + off);
            wt_tex_batch_in bi = {.coords = xy, .layer = s->layered ? layer : NULL};
            wt_tex_batch_out bo = {buf + off, (wt_batch_format)f, ch, 0};
            assert_int_equal(wt_set_num_threads(n > 64 && cu_below(r, 2) ? 2 : 1), WT_SUCCESS);
            assert_int_equal(wt_tex_batch(op, m->tex, 0, n, &bi, &bo), WT_SUCCESS);
            char what[200];
            snprintf(what, sizeof what, "%s wt_tex_batch format %d channel %u n %zu offset %zu", label, f, ch, n, off);
            compare(buf + off, want, nb, what);
            for (size_t i = 0; i < off; i++)
                assert_int_equal(buf[i], BT_POISON);
            bt_assert_guard(buf, nb + off, what);
            free(buf);
            free(want);
        }
    }
    free(xy), free(x), free(y), free(layer), free(d);
}

/* wt_tex_batch_map over a W x H grid (padded rows) of a random affine
 * matrix, against the reference at batch.h's coordinates. */
static void check_map(const wt_op *op, const made *m, const shape *s, cu_rng *r, const char *label)
{
    const size_t W = 1 + cu_below(r, 70), H = 1 + cu_below(r, 4);
    const float sx = s->normalized ? 1.0f / (float)s->w : 1.0f, sy = s->normalized ? 1.0f / (float)s->h : 1.0f;
    const float t = (float)cu_below(r, 1000) / 1000.0f;
    wt_tex_map map;
    memset(&map, 0, sizeof map);
    const float mat[9] = {(0.9f - t) * sx, 0.3f * t * sx, -2.0f * sx, -0.2f * t * sy, (0.7f + t) * sy, -1.5f * sy,
                          0.0f, 0.0f, 1.0f};
    memcpy(map.m, mat, sizeof mat);
    map.width = W;
    map.height = H;
    const size_t n = W * H;
    float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
    uint32_t *layer = malloc(n * sizeof(uint32_t)), *d = malloc(n * 4 * sizeof(uint32_t));
    assert_true(x && y && layer && d);
    for (size_t j = 0; j < H; j++)
        for (size_t i = 0; i < W; i++) { /* batch.h's order, each step rounded to float */
            const float u = (float)i + 0.5f, v = (float)j + 0.5f;
            const float pu = mat[0] * u, pv = mat[1] * v, qu = mat[3] * u, qv = mat[4] * v;
            x[j * W + i] = (pu + pv) + mat[2];
            y[j * W + i] = (qu + qv) + mat[5];
            layer[j * W + i] = s->layered ? cu_layer(r, s->layers) : 0;
        }
    reference(op, m->tex, n, x, y, s->layered ? layer : NULL, d);
    assert_int_equal(wt_set_backend(label), WT_SUCCESS);
    const int f = format_of(s, (int)cu_below(r, (unsigned)nformats(s)));
    const unsigned ch = one_channel(f) ? cu_below(r, 4) : 0u;
    const size_t lb = lane_size(f), off = cu_below(r, 4), pitch = W * lb + cu_below(r, 5);
    const size_t nb = off + pitch * (H - 1) + W * lb;
    uint8_t *buf = bt_guarded(nb), *want = malloc(nb);
    assert_non_null(want);
    memset(want, BT_POISON, nb);
    for (size_t j = 0; j < H; j++)
        for (size_t i = 0; i < W; i++)
            lane_bytes(f, ch, &d[(j * W + i) * 4], want + off + j * pitch + i * lb);
    wt_tex_batch_in bi = {.layer = layer};
    wt_tex_batch_out bo = {buf + off, (wt_batch_format)f, ch, 0};
    assert_int_equal(wt_set_num_threads(1), WT_SUCCESS);
    assert_int_equal(wt_tex_batch_map(op, m->tex, 0, &map, s->layered ? &bi : NULL, &bo, pitch), WT_SUCCESS);
    char what[200];
    snprintf(what, sizeof what, "%s wt_tex_batch_map %zu x %zu format %d channel %u offset %zu pitch %zu", label, W, H,
             f, ch, off, pitch);
    compare(buf, want, nb, what); /* the padding between rows too: untouched */
    bt_assert_guard(buf, nb, what);
    free(buf), free(want), free(x), free(y), free(layer), free(d);
}

/* The warp call with a byte destination under random masks: the kernel
 * stores (a SIMD backend binds the u8 kernel for every shape here), every
 * active lane's bytes and nothing else. */
static void check_masks(const wt_op *op, const made *m, const shape *s, cu_rng *r, const char *label)
{
    wt_tex_args a;
    wt_tex_result res;
    memset(&a, 0, sizeof a);
    const int o = s->layered ? 1 : 0;
    for (int l = 0; l < 32; l++) {
        a.c[0][l] = s->layered ? cu_layer(r, s->layers) : 0;
        a.c[o][l] = bt_bits(cu_coord(r, s->w, s->normalized, s->mode[0], s->linear));
        a.c[o + 1][l] = bt_bits(cu_coord(r, s->h, s->normalized, s->mode[1], s->linear));
    }
    assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
    assert_int_equal(wt_tex_warp(op, m->tex, 0, 0xffffffffu, &a, &res), WT_SUCCESS);
    assert_int_equal(wt_set_backend(label), WT_SUCCESS);
    for (int round = 0; round < 8; round++) {
        const uint32_t active = round == 0 ? 0xffffffffu : (uint32_t)cu_next(r) & (uint32_t)cu_next(r) >> 3;
        const int f = format_of(s, round % nformats(s));
        const unsigned ch = one_channel(f) ? cu_below(r, 4) : 0u;
        const size_t lb = lane_size(f), off = cu_below(r, 4), nb = off + 32 * lb;
        uint8_t *buf = bt_guarded(nb), *want = malloc(nb);
        assert_non_null(want);
        memset(want, BT_POISON, nb);
        for (int l = 0; l < 32; l++)
            if (active >> l & 1) {
                const uint32_t dl[4] = {res.d[0][l], res.d[1][l], res.d[2][l], res.d[3][l]};
                lane_bytes(f, ch, dl, want + off + (size_t)l * lb);
            }
        const wt__tex_bytes bytes = {buf + off, f, ch, wt__srgb8_of_k()};
        wt_tex_result out;
        int stored = -1;
        assert_int_equal(wt__tex_warp_bytes(op, m->tex, 0, active, &a, &out, &bytes, &stored), WT_SUCCESS);
        char what[200];
        snprintf(what, sizeof what, "%s warp call mask 0x%08x format %d channel %u offset %zu", label, active, f, ch,
                 off);
        if (stored != 1) {
            print_error("%s: the kernel did not store the bytes (stored = %d)\n", what, stored);
            failures++;
        } else {
            compare(buf, want, nb, what);
        }
        bt_assert_guard(buf, nb, what);
        free(buf), free(want);
    }
}

static void every_backend_every_shape(void **state)
{
    (void)state;
    cu_rng r = {0xB17E5};
    static const wt_address_mode modes[] = {WT_ADDRESS_WRAP, WT_ADDRESS_CLAMP, WT_ADDRESS_MIRROR, WT_ADDRESS_BORDER};
    static const int nchs[] = {1, 2, 4};
    const char *initial = wt_backend_name(); /* the run's own (WARPTEX_BACKEND under make test-backends) */
    int ran = 0;
    for (size_t b = 0; b < sizeof backends / sizeof backends[0]; b++) {
        if (wt_set_backend(backends[b]) != WT_SUCCESS)
            continue; /* not compiled in, or this CPU lacks it */
        ran++;
        for (int k = 0; k < 96; k++) {
            shape s;
            s.nch = nchs[k % 3];
            s.linear = (k / 3) % 2;
            s.layered = (k / 6) % 2;
            s.normalized = (k / 12) % 2;
            s.elem = !s.linear && k / 48 == 1;
            s.sign = 0;
            const int mixed = (k / 24) % 2;
            s.mode[0] = modes[cu_below(&r, 4)];
            s.mode[1] = mixed ? modes[cu_below(&r, 4)] : s.mode[0];
            s.w = 1 + (int)cu_below(&r, 40);
            s.h = 1 + (int)cu_below(&r, 40);
            s.layers = s.layered ? 1 + (int)cu_below(&r, 3) : 0;
            made m = make(&s, &r);
            wt_op op;
            memset(&op, 0, sizeof op);
            const int tld4 = (s.linear || s.elem) && k % 4 == 3; /* tld4 takes its footprint as linear does */
            op.family = (uint8_t)(tld4 ? WT_FAMILY_TLD4 : WT_FAMILY_TEX);
            op.geom = (uint8_t)(s.layered ? WT_GEOM_A2D : WT_GEOM_2D);
            op.mip = WT_MIP_BASE;
            op.dtype = s.elem ? WT_DTYPE_U32 : WT_DTYPE_F32;
            op.ctype = WT_CTYPE_F32;
            op.comp = (uint8_t)cu_below(&r, 4);
            check_batch(&op, &m, &s, &r, backends[b]);
            check_map(&op, &m, &s, &r, backends[b]);
            check_masks(&op, &m, &s, &r, backends[b]);
            unmake(&m);
        }
    }
    assert_int_equal(wt_set_backend(initial), WT_SUCCESS);
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    if (!ran)
        print_message("no SIMD backend on this build and CPU: only the scalar reference, nothing to compare\n");
    assert_int_equal(failures, 0);
}

/* Under the scalar backend no kernel writes bytes: the warp call says so and
 * the batch converts the registers, to the same bytes. */
static void scalar_converts(void **state)
{
    (void)state;
    cu_rng r = {0x5CA1A};
    shape s = {.nch = 4, .linear = 1, .normalized = 1, .mode = {WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP}, .w = 9, .h = 7};
    made m = make(&s, &r);
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                .ctype = WT_CTYPE_F32};
    wt_tex_args a;
    memset(&a, 0, sizeof a);
    wt_tex_result out;
    uint8_t buf[128];
    const wt__tex_bytes bytes = {buf, WT_BATCH_U8X4, 0, NULL};
    int stored = -1;
    const char *initial = wt_backend_name();
    assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
    assert_int_equal(wt__tex_warp_bytes(&op, m.tex, 0, 0xffffffffu, &a, &out, &bytes, &stored), WT_SUCCESS);
    assert_int_equal(stored, 0);
    check_batch(&op, &m, &s, &r, "scalar");
    assert_int_equal(wt_set_backend(initial), WT_SUCCESS);
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    unmake(&m);
    assert_int_equal(failures, 0);
}

/* Signed 8-bit codes read as element type: no kernel takes them, so the
 * batch writes WT_BATCH_ELEM8 and _ELEM8X4 from the registers, on every
 * backend; a byte is the code (the low byte of the sign-extended word). */
static void signed_codes_converted(void **state)
{
    (void)state;
    cu_rng r = {0x51C0DE};
    static const char *const all[] = {"scalar", "avx2", "avx512", "neon"};
    const char *initial = wt_backend_name();
    for (size_t b = 0; b < sizeof all / sizeof all[0]; b++) {
        if (wt_set_backend(all[b]) != WT_SUCCESS)
            continue;
        for (int k = 0; k < 6; k++) {
            shape s = {.nch = k % 3 == 0 ? 1 : k % 3 == 1 ? 2 : 4, .layered = k >= 3, .normalized = k % 2,
                       .elem = 1, .sign = 1, .mode = {WT_ADDRESS_WRAP, WT_ADDRESS_BORDER}, .w = 5 + k, .h = 3 + k,
                       .layers = k >= 3 ? 2 : 0};
            made m = make(&s, &r);
            wt_op op = {.family = WT_FAMILY_TEX, .geom = (uint8_t)(s.layered ? WT_GEOM_A2D : WT_GEOM_2D),
                        .mip = WT_MIP_BASE, .dtype = WT_DTYPE_S32, .ctype = WT_CTYPE_F32};
            check_batch(&op, &m, &s, &r, all[b]);
            check_map(&op, &m, &s, &r, all[b]);
            unmake(&m);
        }
    }
    assert_int_equal(wt_set_backend(initial), WT_SUCCESS);
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_backend_every_shape),
        cmocka_unit_test(scalar_converts),
        cmocka_unit_test(signed_codes_converted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
