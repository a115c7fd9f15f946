/* test_nvvm_live.c -- every generated NVVM entry point called on a live object of its shape, results checked
 * SPDX-License-Identifier: MIT
 *
 * test_nvvm_names checks each wrapper's name, op record and operand wiring
 * with the lane entries replaced by spies.  This test runs the real entries:
 * every row of nvvm_names.inc is called once on an object its form fits, and
 * its result (or, for stores and reductions, the memory afterwards) is
 * compared with a value worked out here from docs/semantics.md:
 *   tex / tld4: 4 x f32 mipmapped textures (2 levels) whose level 0 texels
 *     all hold V0 and level 1 texels V1, point filtering, clamps [0, 1]:
 *     base reads V0, .level 1 reads V1 ([semantics#lod-arithmetic]), a huge gradient clamps to
 *     level 1, .grad with .s32 coordinates reads level 0 ([semantics#decision-int-coords-mipmaps]), tld4 gathers
 *     component <comp> of V0 four times ([semantics#tld4], [semantics#decision-tld4-mipmaps]); .v4s32/.v4u32 results of
 *     the float texels truncate toward zero ([semantics#decision-dest-mismatch]);
 *   suld / sust.b / sured.b: byte-pattern u8 surfaces, x = 16 bytes;
 *     sust.p / sured.p: 4 x u32, 1 x u32 and 2 x u32 surfaces at the same
 *     byte position (x in samples: [semantics#surface-addressing], [semantics#sust-p], [semantics#decision-sured-p-forms]); sust.p on every
 *     geometry and element shape, an element made a 32-bit word by [semantics#decision-nvvm-sust-p-elements]
 *     (zero-extended on these unsigned channels, i64 cut to its low half);
 *   txq / suq / istypep: known objects ([semantics#queries], [semantics#decision-clamp-ogl-samplers], [semantics#decision-query-values]).
 * Every call must leave the thread's last error at WT_SUCCESS. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm_rows.h"

static const float V0[4] = {1.5f, 2.0f, 3.25f, 4.0f};
static const float V1[4] = {5.5f, 6.0f, 7.25f, 8.0f};
static const int32_t V0I[4] = {1, 2, 3, 4}; /* V0, V1 truncated toward zero ([semantics#decision-dest-mismatch]) */
static const int32_t V1I[4] = {5, 6, 7, 8};

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ---- objects -------------------------------------------------------------------- */

static wt_tex tex_of[WT_GEOM_COUNT];
static wt_mipmapped_array mip_of[WT_GEOM_COUNT];
static wt_array ms_of[WT_GEOM_COUNT];
static wt_sampler point_sampler, query_sampler;
static wt_tex query_tex;

/* Fill every texel of array a with the 4 x f32 value v: `samples` slices
 * per layer (1 unless multisample, whose layer L sample s is slice
 * L*samples + s). */
static void fill_f4(wt_array a, const float v[4], size_t samples)
{
    size_t w, h, d;
    assert_int_equal(wt_array_get_info(NULL, &w, &h, &d, NULL, a), WT_SUCCESS);
    h = h ? h : 1;
    d = (d ? d : 1) * samples;
    float *buf = malloc(w * h * d * 16);
    assert_non_null(buf);
    for (size_t i = 0; i < w * h * d; i++)
        memcpy(buf + 4 * i, v, 16);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, buf, w * 16, w, h, d), WT_SUCCESS);
    free(buf);
}

static void make_textures(void)
{
    static const struct {
        int geom;
        size_t w, h, d;
        unsigned flags;
    } G[] = {
        {WT_GEOM_1D, 4, 0, 0, 0},
        {WT_GEOM_A1D, 4, 0, 2, WT_ARRAY_LAYERED},
        {WT_GEOM_2D, 4, 4, 0, 0},
        {WT_GEOM_A2D, 4, 4, 2, WT_ARRAY_LAYERED},
        {WT_GEOM_3D, 4, 4, 4, 0},
        {WT_GEOM_CUBE, 4, 4, 6, WT_ARRAY_CUBEMAP},
        {WT_GEOM_ACUBE, 4, 4, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED},
    };
    wt_channel_desc f4 = wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_FLOAT);
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = WT_ADDRESS_CLAMP;
    td.normalized_coords = 1;
    td.max_mipmap_level_clamp = 1.0f; /* [semantics#lod-arithmetic]: a zero max clamp would pin level 0 */
    for (size_t i = 0; i < sizeof G / sizeof G[0]; i++) {
        int g = G[i].geom;
        assert_int_equal(wt_malloc_mipmapped_array(&mip_of[g], &f4, G[i].w, G[i].h, G[i].d, 2, G[i].flags),
                         WT_SUCCESS);
        for (unsigned l = 0; l < 2; l++) {
            wt_array lvl;
            assert_int_equal(wt_get_mipmapped_array_level(&lvl, mip_of[g], l), WT_SUCCESS);
            fill_f4(lvl, l ? V1 : V0, 1);
        }
        wt_resource_desc r;
        memset(&r, 0, sizeof r);
        r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
        r.res.mipmap.mipmap = mip_of[g];
        assert_int_equal(wt_create_texture_object(&tex_of[g], &r, &td, NULL), WT_SUCCESS);
    }
    /* multisample: 4x4, 2 samples, plain and 2 layers */
    for (int layered = 0; layered < 2; layered++) {
        int g = layered ? WT_GEOM_A2DMS : WT_GEOM_2DMS;
        assert_int_equal(wt_malloc_multisample_array(&ms_of[g], &f4, 4, 4, layered ? 2 : 0, 2, 0), WT_SUCCESS);
        fill_f4(ms_of[g], V0, 2);
        wt_resource_desc r;
        memset(&r, 0, sizeof r);
        r.type = WT_RESOURCE_ARRAY;
        r.res.array.array = ms_of[g];
        wt_texture_desc mtd;
        memset(&mtd, 0, sizeof mtd);
        assert_int_equal(wt_create_texture_object(&tex_of[g], &r, &mtd, NULL), WT_SUCCESS);
    }
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.address_mode[0] = sd.address_mode[1] = sd.address_mode[2] = WT_ADDRESS_CLAMP;
    sd.filter_mode = WT_FILTER_POINT;
    assert_int_equal(wt_create_sampler_object(&point_sampler, &sd), WT_SUCCESS);

    /* for the queries: the 2D layered mip chain, wrap / mirror / border */
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = mip_of[WT_GEOM_A2D];
    wt_texture_desc qd = td;
    qd.address_mode[0] = WT_ADDRESS_WRAP;
    qd.address_mode[1] = WT_ADDRESS_MIRROR;
    qd.address_mode[2] = WT_ADDRESS_BORDER;
    assert_int_equal(wt_create_texture_object(&query_tex, &r, &qd, NULL), WT_SUCCESS);
    sd.address_mode[0] = WT_ADDRESS_CLAMP_OGL;
    sd.address_mode[1] = WT_ADDRESS_CLAMP;
    sd.address_mode[2] = WT_ADDRESS_BORDER;
    sd.filter_mode = WT_FILTER_LINEAR;
    sd.force_unnormalized_coords = 1;
    assert_int_equal(wt_create_sampler_object(&query_sampler, &sd), WT_SUCCESS);
}

/* Surfaces: every row is 64 bytes; (x, y, slice) of an access is (16 bytes,
 * 1, 2), slice being z or the layer.  Byte (x, y, s) starts as PATTERN. */
#define ROW 64
#define SY 1
#define SS 2
#define PATTERN(x, y, s) ((uint8_t)((x) * 7 + (y) * 31 + (s) * 101 + 1))

enum { SB_U8, SP_U32X4, SP_U32X1, SP_U32X2, SKINDS };
static wt_array surf_arr[SKINDS][WT_GEOM_A2D + 1];
static wt_surf surf_of[SKINDS][WT_GEOM_A2D + 1];
static size_t surf_h[SKINDS][WT_GEOM_A2D + 1], surf_s[SKINDS][WT_GEOM_A2D + 1];

static void refill(int k, int g)
{
    size_t h = surf_h[k][g], s = surf_s[k][g];
    uint8_t *buf = malloc(ROW * h * s);
    assert_non_null(buf);
    for (size_t z = 0; z < s; z++)
        for (size_t y = 0; y < h; y++)
            for (size_t x = 0; x < ROW; x++)
                buf[(z * h + y) * ROW + x] = PATTERN(x, y, z);
    size_t es = k == SB_U8 ? 1 : k == SP_U32X4 ? 16 : k == SP_U32X1 ? 4 : 8;
    assert_int_equal(wt_memcpy_to_array(surf_arr[k][g], 0, 0, 0, buf, ROW, ROW / es, h, s), WT_SUCCESS);
    free(buf);
}

static void dump(int k, int g, uint8_t *buf)
{
    size_t es = k == SB_U8 ? 1 : k == SP_U32X4 ? 16 : k == SP_U32X1 ? 4 : 8;
    assert_int_equal(wt_memcpy_from_array(buf, ROW, surf_arr[k][g], 0, 0, 0, ROW / es, surf_h[k][g], surf_s[k][g]),
                     WT_SUCCESS);
}

static void make_surfaces(void)
{
    static const struct {
        wt_channel_desc cd;
        size_t es;
    } K[SKINDS] = {
        [SB_U8] = {{8, 0, 0, 0, WT_CHANNEL_UNSIGNED}, 1},
        [SP_U32X4] = {{32, 32, 32, 32, WT_CHANNEL_UNSIGNED}, 16},
        [SP_U32X1] = {{32, 0, 0, 0, WT_CHANNEL_UNSIGNED}, 4},
        [SP_U32X2] = {{32, 32, 0, 0, WT_CHANNEL_UNSIGNED}, 8},
    };
    const unsigned S = WT_ARRAY_SURFACE_LOAD_STORE;
    for (int k = 0; k < SKINDS; k++)
        for (int g = WT_GEOM_1D; g <= WT_GEOM_A2D; g++) {
            if ((k == SP_U32X1 || k == SP_U32X2) && g > WT_GEOM_3D)
                continue; /* sured: .1d .2d .3d only; sust.p takes a1d/a2d too ([semantics#decision-ptx-legality]) */
            size_t w = ROW / K[k].es, h = 0, d = 0;
            unsigned fl = S;
            switch (g) {
            case WT_GEOM_1D: break;
            case WT_GEOM_2D: h = 3; break;
            case WT_GEOM_3D: h = 3, d = 3; break;
            case WT_GEOM_A1D: d = 3, fl |= WT_ARRAY_LAYERED; break;
            default: h = 3, d = 3, fl |= WT_ARRAY_LAYERED; break;
            }
            assert_int_equal(wt_malloc_array(&surf_arr[k][g], &K[k].cd, w, h, d, fl), WT_SUCCESS);
            surf_h[k][g] = h ? h : 1;
            surf_s[k][g] = d ? d : 1;
            refill(k, g);
            wt_resource_desc r;
            memset(&r, 0, sizeof r);
            r.type = WT_RESOURCE_ARRAY;
            r.res.array.array = surf_arr[k][g];
            assert_int_equal(wt_create_surface_object(&surf_of[k][g], &r), WT_SUCCESS);
        }
}

/* ---- operands ------------------------------------------------------------------- */

static int ncoords(int g)
{
    static const int n[WT_GEOM_COUNT] = {[WT_GEOM_1D] = 1,   [WT_GEOM_2D] = 2,    [WT_GEOM_3D] = 3,
                                         [WT_GEOM_A1D] = 2,  [WT_GEOM_A2D] = 3,   [WT_GEOM_CUBE] = 3,
                                         [WT_GEOM_ACUBE] = 4, [WT_GEOM_2DMS] = 3, [WT_GEOM_A2DMS] = 4};
    return n[g];
}
static int index_first(int g) { return g == WT_GEOM_A1D || g == WT_GEOM_A2D || g == WT_GEOM_ACUBE; }
static int ngrad(int g) { return g == WT_GEOM_1D || g == WT_GEOM_A1D ? 1 : g == WT_GEOM_2D || g == WT_GEOM_A2D ? 2 : 3; }

/* The coordinates of a fetch, PTX order: layer / cube / sample indices 1;
 * .f32 normalised positions inside texel (1, 2, 3) of level 0; a cube
 * direction on face +x; .s32 texel 1 on every axis (inside level 1, 2x2). */
static void tex_coords(const wt_op *op, int *k)
{
    static const float F[3] = {0.375f, 0.625f, 0.875f};
    static const float DIR[3] = {1.0f, 0.25f, -0.5f};
    int g = op->geom, cube = g == WT_GEOM_CUBE || g == WT_GEOM_ACUBE;
    int first = index_first(g) ? 1 : 0;
    if (first)
        iv[(*k)++] = 1;
    for (int j = first; j < ncoords(g); j++) {
        if (op->ctype == WT_CTYPE_S32)
            iv[(*k)++] = 1;
        else
            fv[(*k)++] = cube ? DIR[j - first] : F[j - first];
    }
}

/* ---- expected values ------------------------------------------------------------ */

static void tex_expect(const wt_op *op, uint32_t want[4])
{
    if (op->family == WT_FAMILY_TLD4) {
        for (int j = 0; j < 4; j++)
            want[j] = op->dtype == WT_DTYPE_F32 ? fb(V0[op->comp]) : (uint32_t)V0I[op->comp];
        return;
    }
    /* [semantics#lod-arithmetic]: lod 1 and a gradient far past the last level both land on level
     * 1 (max clamp 1); [semantics#decision-int-coords-mipmaps]: .grad with .s32 coordinates reads level 0. */
    int l1 = op->mip == WT_MIP_LEVEL || (op->mip == WT_MIP_GRAD && op->ctype == WT_CTYPE_F32);
    for (int j = 0; j < 4; j++)
        want[j] = op->dtype == WT_DTYPE_F32 ? fb(l1 ? V1[j] : V0[j]) : (uint32_t)(l1 ? V1I[j] : V0I[j]);
}

static uint64_t reduce(int redop, int rtype, int p, uint64_t a, uint64_t v)
{
    int wide = rtype >= WT_RTYPE_U64;
    uint64_t mask = wide ? ~(uint64_t)0 : 0xffffffffu;
    /* .p takes its signedness from the format: unsigned here ([semantics#decision-sured-p-forms]) */
    int sgn = !p && (rtype == WT_RTYPE_S32 || rtype == WT_RTYPE_S64);
    int64_t sa = wide ? (int64_t)a : (int64_t)(int32_t)(uint32_t)a;
    int64_t sb = wide ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
    int less = sgn ? sa < sb : a < v;
    switch (redop) {
    case WT_RED_ADD: return (a + v) & mask;
    case WT_RED_MIN: return less ? a : v;
    case WT_RED_MAX: return less ? v : a;
    case WT_RED_AND: return a & v;
    default: return a | v;
    }
}

/* ---- the calls ------------------------------------------------------------------ */

static void call(const nvvm_row *row, unsigned char out[32])
{
    memset(out, 0xee, 32);
    (void)wt_get_last_error();
    row->sig->call(row->fn, out);
    wt_status st = wt_get_last_error();
    if (st != WT_SUCCESS)
        fail_msg("%s on a live object: %s (%s)", row->name, wt_status_string(st), wt_last_error_message());
}

static void check_tex(const nvvm_row *row)
{
    const wt_op *op = &row->op;
    int k = 0;
    hv[k++] = tex_of[op->geom];
    if (op->flags & WT_OP_SAMPLER)
        hv[k++] = point_sampler;
    tex_coords(op, &k);
    if (op->mip == WT_MIP_LEVEL) {
        if (op->ctype == WT_CTYPE_S32)
            iv[k++] = 1;
        else
            fv[k++] = 1.0f;
    } else if (op->mip == WT_MIP_GRAD) {
        for (int j = 0; j < 2 * ngrad(op->geom); j++)
            fv[k++] = 8.0f; /* 32 texels a step: LOD 5, clamped to 1 */
    }
    assert_int_equal(row->sig->nargs, k);
    unsigned char out[32];
    call(row, out);
    uint32_t want[4], got[4];
    tex_expect(op, want);
    memcpy(got, out, 16);
    for (int j = 0; j < 4; j++)
        if (got[j] != want[j])
            fail_msg("%s: component %d = 0x%08x, want 0x%08x", row->name, j, got[j], want[j]);
}

/* Coordinates of a surface access (PTX order) at x = x0. */
static void surf_coords(int g, int32_t x0, int *k)
{
    switch (g) {
    case WT_GEOM_1D: iv[(*k)++] = x0; break;
    case WT_GEOM_2D: iv[(*k)++] = x0, iv[(*k)++] = SY; break;
    case WT_GEOM_3D: iv[(*k)++] = x0, iv[(*k)++] = SY, iv[(*k)++] = SS; break;
    case WT_GEOM_A1D: iv[(*k)++] = SS, iv[(*k)++] = x0; break;
    default: iv[(*k)++] = SS, iv[(*k)++] = x0, iv[(*k)++] = SY; break;
    }
}

/* Byte offset of the accessed row in a dump, and the host-side (y, slice). */
static size_t row_at(int k, int g)
{
    size_t y = surf_h[k][g] > 1 ? SY : 0, s = surf_s[k][g] > 1 ? SS : 0;
    return (s * surf_h[k][g] + y) * ROW;
}

static void check_suld(const nvvm_row *row)
{
    const wt_op *op = &row->op;
    int g = op->geom, k = 0;
    hv[k++] = surf_of[SB_U8][g];
    surf_coords(g, 16, &k);
    assert_int_equal(row->sig->nargs, k);
    unsigned char out[32], want[32];
    call(row, out);
    size_t y = surf_h[SB_U8][g] > 1 ? SY : 0, s = surf_s[SB_U8][g] > 1 ? SS : 0;
    int eb = op->bits / 8, es = op->bits <= 16 ? 2 : eb;
    memset(want, 0, sizeof want);
    for (int j = 0; j < op->vec; j++)
        for (int b = 0; b < eb; b++) /* little-endian; an 8-bit element's high byte is 0 */
            want[j * es + b] = PATTERN(16 + j * eb + b, y, s);
    if ((size_t)(es * op->vec) != row->sig->ret_size || memcmp(out, want, row->sig->ret_size))
        fail_msg("%s: loaded bytes differ from the surface's", row->name);
}

static void check_sust(const nvvm_row *row)
{
    const wt_op *op = &row->op;
    int g = op->geom, k = 0, p = op->mode == WT_SURF_P;
    int kind = p ? SP_U32X4 : SB_U8;
    refill(kind, g);
    hv[k++] = surf_of[kind][g];
    surf_coords(g, p ? 1 : 16, &k); /* .p: x counts 16-byte samples */
    int eb = op->bits / 8, wb = p ? 4 : eb; /* .p: one 32-bit u32 channel per element */
    uint8_t want[ROW];
    memset(want, 0, sizeof want);
    for (int j = 0; j < op->vec; j++, k++) {
        uint64_t v;
        if (op->bits <= 16) {
            sv[k] = (int16_t)(0xab00 | (0x10 + 17 * j)); /* an 8-bit store ignores the 0xab */
            v = (uint16_t)sv[k];
        } else if (op->bits == 32) {
            iv[k] = (int32_t)(0x89abcdefu - 0x01010101u * (uint32_t)j);
            v = (uint32_t)iv[k];
        } else {
            lv[k] = (int64_t)(0xfedcba9876543210u - 0x0101010101010101u * (uint64_t)j);
            v = (uint64_t)lv[k];
        }
        if (p) /* [semantics#decision-nvvm-sust-p-elements] on unsigned channels: the element's low bits zero-extended, i64's low 32 */
            v = op->bits == 8 ? (v & 0xffu) : op->bits == 16 ? (v & 0xffffu) : (v & 0xffffffffu);
        for (int b = 0; b < wb; b++)
            want[j * wb + b] = (uint8_t)(v >> (8 * b));
    }
    /* sust.p on 4 x u32: the elements given are the channels, the rest is
     * written 0 ([semantics#sust-p], measured), a u32 channel takes the .u32 value as is */
    int nbytes = p ? 16 : op->vec * eb;
    assert_int_equal(row->sig->nargs, k);
    unsigned char out[32];
    call(row, out);
    uint8_t *mem = malloc(ROW * surf_h[kind][g] * surf_s[kind][g]);
    assert_non_null(mem);
    dump(kind, g, mem);
    size_t at = row_at(kind, g) + 16;
    for (size_t s = 0; s < surf_s[kind][g]; s++)
        for (size_t y = 0; y < surf_h[kind][g]; y++)
            for (size_t x = 0; x < ROW; x++) {
                size_t i = (s * surf_h[kind][g] + y) * ROW + x;
                uint8_t w = i >= at && i < at + (size_t)nbytes ? want[i - at] : PATTERN(x, y, s);
                if (mem[i] != w)
                    fail_msg("%s: byte (%zu, %zu, %zu) = 0x%02x, want 0x%02x", row->name, x, y, s, mem[i], w);
            }
    free(mem);
}

static void check_sured(const nvvm_row *row)
{
    const wt_op *op = &row->op;
    int g = op->geom, k = 0, p = op->mode == WT_SURF_P;
    int wide = op->bits == 64;
    int kind = !p ? SB_U8 : wide ? SP_U32X2 : SP_U32X1;
    refill(kind, g);
    const uint64_t a = wide ? 0x8000000000000005u : 0x80000005u, v = 7;
    size_t at = row_at(kind, g) + 16;
    assert_int_equal(wt_memcpy_to_array(surf_arr[kind][g], p ? (wide ? 2 : 4) : 16, surf_h[kind][g] > 1 ? SY : 0,
                                        surf_s[kind][g] > 1 ? SS : 0, &a, 8, p ? 1 : (size_t)op->bits / 8, 1, 1),
                     WT_SUCCESS);
    hv[k++] = surf_of[kind][g];
    surf_coords(g, p ? (wide ? 2 : 4) : 16, &k); /* byte 16 in every case */
    if (wide)
        lv[k++] = (int64_t)v;
    else
        iv[k++] = (int32_t)v;
    assert_int_equal(row->sig->nargs, k);
    unsigned char out[32];
    call(row, out);
    uint8_t *mem = malloc(ROW * surf_h[kind][g] * surf_s[kind][g]);
    assert_non_null(mem);
    dump(kind, g, mem);
    uint64_t got = 0, want = reduce(op->redop, op->rtype, p, a, v);
    memcpy(&got, mem + at, (size_t)op->bits / 8);
    free(mem);
    if (got != want)
        fail_msg("%s: 0x%llx after the reduction, want 0x%llx", row->name, (unsigned long long)got,
                 (unsigned long long)want);
}

/* [semantics#queries] with [semantics#decision-clamp-ogl-samplers] / [semantics#decision-query-values] for the query objects above. */
static int32_t query_expect(const wt_op *op)
{
    if (op->family == WT_FAMILY_SUQ) { /* the 2D layered u8 surface, 64 x 3, 3 layers */
        switch (op->query) {
        case WT_Q_WIDTH: return 64;
        case WT_Q_HEIGHT: return 3;
        case WT_Q_DEPTH: return 1;
        case WT_Q_CHANNEL_DATA_TYPE: return 0x10DA; /* CL_UNSIGNED_INT8 */
        case WT_Q_CHANNEL_ORDER: return 0x10B0;     /* CL_R */
        case WT_Q_ARRAY_SIZE: return 3;
        case WT_Q_MEMORY_LAYOUT: return 0;          /* an array */
        default: break;
        }
    } else if (op->flags & WT_OP_SAMPLER) { /* {clamp_ogl, clamp, border}, linear, forced */
        switch (op->query) {
        case WT_Q_FORCE_UNNORMALIZED_COORDS: return 1;
        case WT_Q_FILTER_MODE: return 1;
        case WT_Q_ADDR_MODE_0: return 2;
        case WT_Q_ADDR_MODE_1: return 3;
        case WT_Q_ADDR_MODE_2: return 4;
        default: break;
        }
    } else { /* 4x4 f32x4, 2 layers, 2 levels, {wrap, mirror, border}, point, normalised */
        switch (op->query) {
        case WT_Q_WIDTH: case WT_Q_HEIGHT: return 4;
        case WT_Q_DEPTH: return 1;
        case WT_Q_CHANNEL_DATA_TYPE: return 0x10DE; /* CL_FLOAT */
        case WT_Q_CHANNEL_ORDER: return 0x10B5;     /* CL_RGBA */
        case WT_Q_NORMALIZED_COORDS: return 1;
        case WT_Q_FILTER_MODE: return 0;
        case WT_Q_ADDR_MODE_0: return 0;
        case WT_Q_ADDR_MODE_1: return 1;
        case WT_Q_ADDR_MODE_2: return 4;
        case WT_Q_ARRAY_SIZE: return 2;
        case WT_Q_NUM_MIPMAP_LEVELS: return 2;
        case WT_Q_NUM_SAMPLES: return 0;
        case WT_Q_LEVEL_WIDTH: case WT_Q_LEVEL_HEIGHT: return 2; /* lod 1 */
        case WT_Q_LEVEL_DEPTH: return 1;
        default: break;
        }
    }
    fail_msg("no expected value for query %d of family %d", op->query, op->family);
    return 0;
}

static void check_query(const nvvm_row *row)
{
    const wt_op *op = &row->op;
    unsigned char out[32];
    int32_t got;
    if (op->family == WT_FAMILY_ISTYPEP) {
        const uint64_t h[3] = {query_tex, query_sampler, surf_of[SB_U8][WT_GEOM_A2D]}; /* wt_handle_type order */
        for (int j = 0; j < 3; j++) {
            hv[0] = h[j];
            call(row, out);
            memcpy(&got, out, 4);
            if (got != (j == op->query))
                fail_msg("%s on a %s: %d", row->name, j == 0 ? "texture" : j == 1 ? "sampler" : "surface", got);
        }
        return;
    }
    hv[0] = op->family == WT_FAMILY_SUQ ? surf_of[SB_U8][WT_GEOM_A2D]
            : (op->flags & WT_OP_SAMPLER) ? query_sampler : query_tex;
    iv[1] = 1; /* the lod of txq.level */
    call(row, out);
    memcpy(&got, out, 4);
    int32_t want = query_expect(op);
    if (got != want)
        fail_msg("%s: %d, want %d", row->name, got, want);
}

static void every_row_on_a_live_object(void **state)
{
    (void)state;
    make_textures();
    make_surfaces();
    size_t done[8] = {0};
    for (size_t r = 0; r < NROWS; r++) {
        const nvvm_row *row = &ROWS[r];
        assert_non_null(row->sig);
        switch (row->family) {
        case WT_FAMILY_TEX: case WT_FAMILY_TLD4: check_tex(row); break;
        case WT_FAMILY_SULD: check_suld(row); break;
        case WT_FAMILY_SUST: check_sust(row); break;
        case WT_FAMILY_SURED: check_sured(row); break;
        default: check_query(row); break;
        }
        done[row->family]++;
    }
    size_t total = 0;
    for (int f = 0; f < 8; f++) {
        assert_true(done[f] > 0); /* every family ran */
        total += done[f];
    }
    printf("live calls: %zu rows\n", total);
    assert_int_equal(total, NROWS);

    for (int g = 0; g < WT_GEOM_COUNT; g++) {
        if (tex_of[g])
            assert_int_equal(wt_destroy_texture_object(tex_of[g]), WT_SUCCESS);
        if (mip_of[g])
            assert_int_equal(wt_free_mipmapped_array(mip_of[g]), WT_SUCCESS);
        if (ms_of[g])
            assert_int_equal(wt_free_array(ms_of[g]), WT_SUCCESS);
    }
    for (int k = 0; k < SKINDS; k++)
        for (int g = 0; g <= WT_GEOM_A2D; g++)
            if (surf_of[k][g]) {
                assert_int_equal(wt_destroy_surface_object(surf_of[k][g]), WT_SUCCESS);
                assert_int_equal(wt_free_array(surf_arr[k][g]), WT_SUCCESS);
            }
    assert_int_equal(wt_destroy_texture_object(query_tex), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(query_sampler), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(point_sampler), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_row_on_a_live_object),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
