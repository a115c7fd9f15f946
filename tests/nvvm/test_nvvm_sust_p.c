/* test_nvvm_sust_p.c -- the 165 NVVM sust.p names and the warp API's sust.p: every shape, clamp mode and geometry against a model
 * SPDX-License-Identifier: MIT
 *
 * NVVM's list (NVVM IR spec 13.5.3) names sust.p for 5 geometries (1d,
 * 1d.array, 2d, 2d.array, 3d) x 11 element shapes (i8 i16 i32 i64, v2 of
 * each, v4i8 v4i16 v4i32) x 3 clamp modes.  The decisions of [semantics#decisions] make all of them
 * defined: [semantics#decision-ptx-legality]/[semantics#decision-sust-p-layered] sust.p on .a1d/.a2d (layer first, past the end the last
 * layer, [semantics#decision-layer-past-end]), [semantics#decision-nvvm-sust-p-elements] the i8/i16/i64 elements (made a 32-bit word by the
 * surface's channel kind, then the .b32 store of [semantics#sust-p] and [semantics#decision-sust-p-normalized]).
 *
 * The names are built here from those three lists, not from the generator;
 * each must resolve to the op record the name describes.  Then every name is
 * called through its per-lane wrapper, and its op record through
 * wt_surf_warp, on real surface objects of 16 formats (normalised, float,
 * half, signed and unsigned integer; 1, 2 and 4 channels), at coordinates in
 * and out of range on every axis (layers included), and the surface's whole
 * memory is compared after each call with a shadow updated by the model of
 * tests/surface/sust_p_model.h and [semantics#surface-out-of-range] (written from the text). */
#define _DEFAULT_SOURCE 1
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/nvvm.h"
#include "nvvm_rows.h"
#include "../surface/sust_p_model.h"

/* ---- the NVVM list ------------------------------------------------------------ */

static const struct {
    const char *nv;
    int geom, ncoord; /* coordinates in the intrinsic, the layer included */
} GEOMS[5] = {{"1d", WT_GEOM_1D, 1}, {"1d.array", WT_GEOM_A1D, 2}, {"2d", WT_GEOM_2D, 2},
              {"2d.array", WT_GEOM_A2D, 3}, {"3d", WT_GEOM_3D, 3}};

static const struct {
    const char *nv;
    int vec, bits;
} SHAPES[11] = {{"i8", 1, 8},    {"i16", 1, 16},  {"i32", 1, 32},  {"i64", 1, 64},
                {"v2i8", 2, 8},  {"v2i16", 2, 16}, {"v2i32", 2, 32}, {"v2i64", 2, 64},
                {"v4i8", 4, 8},  {"v4i16", 4, 16}, {"v4i32", 4, 32}};

static const struct {
    const char *nv;
    int clamp;
} CLAMPS[3] = {{"clamp", WT_CLAMP_CLAMP}, {"trap", WT_CLAMP_TRAP}, {"zero", WT_CLAMP_ZERO}};

static int is_sust_p(const nvvm_row *row)
{
    return row->family == WT_FAMILY_SUST && row->op.mode == WT_SURF_P;
}

static void every_name_resolves(void **state)
{
    (void)state;
    int found = 0;
    for (int g = 0; g < 5; g++)
        for (int s = 0; s < 11; s++)
            for (int k = 0; k < 3; k++) {
                char name[80], fn[80];
                snprintf(name, sizeof name, "llvm.nvvm.sust.p.%s.%s.%s", GEOMS[g].nv, SHAPES[s].nv, CLAMPS[k].nv);
                snprintf(fn, sizeof fn, "wt_sust_p_%s_%s_%s", GEOMS[g].nv, SHAPES[s].nv, CLAMPS[k].nv);
                for (char *p = fn; *p; p++)
                    *p = *p == '.' ? '_' : *p;
                wt_op want;
                memset(&want, 0, sizeof want);
                want.family = WT_FAMILY_SUST;
                want.mode = WT_SURF_P;
                want.geom = (uint8_t)GEOMS[g].geom;
                want.vec = (uint8_t)SHAPES[s].vec;
                want.bits = (uint8_t)SHAPES[s].bits;
                want.clamp = (uint8_t)CLAMPS[k].clamp;
                const wt_op *op = wt__nvvm_lookup(name);
                if (!op)
                    fail_msg("%s does not resolve", name);
                if (memcmp(op, &want, sizeof want))
                    fail_msg("%s: the op record is not the one the name describes", name);
                int rows = 0;
                for (size_t r = 0; r < NROWS; r++)
                    if (!strcmp(ROWS[r].name, name)) {
                        rows++;
                        if (strcmp(ROWS[r].fn_name, fn) || !ROWS[r].sig ||
                            ROWS[r].sig->nargs != 1 + GEOMS[g].ncoord + SHAPES[s].vec || ROWS[r].sig->ret_size)
                            fail_msg("%s: function %s, want void %s(surf, %d coordinates, %d elements)", name,
                                     ROWS[r].fn_name, fn, GEOMS[g].ncoord, SHAPES[s].vec);
                        if (memcmp(&ROWS[r].op, &want, sizeof want))
                            fail_msg("%s: the table's op record differs", name);
                    }
                if (rows != 1)
                    fail_msg("%s: %d rows", name, rows);
                found++;
            }
    int in_table = 0;
    for (size_t r = 0; r < NROWS; r++)
        in_table += is_sust_p(&ROWS[r]);
    assert_int_equal(found, 165);
    assert_int_equal(in_table, 165); /* nothing beyond NVVM's list */
    static const char *const absent[] = {"llvm.nvvm.sust.p.2d.v4i64.trap", "llvm.nvvm.sust.p.cube.i32.trap",
                                         "llvm.nvvm.sust.p.3d.array.i32.zero", "llvm.nvvm.suld.p.2d.i32.clamp",
                                         "llvm.nvvm.sust.p.2d.i24.trap", "llvm.nvvm.sust.p.2dms.i8.zero"};
    for (size_t j = 0; j < sizeof absent / sizeof absent[0]; j++)
        if (wt__nvvm_lookup(absent[j]))
            fail_msg("%s resolves", absent[j]);
}

/* ---- surfaces ------------------------------------------------------------------ */

typedef struct fmt {
    const char *name;
    int bits, nch, kind;
} fmt;

static const fmt FMTS[] = {
    {"unorm8x4", 8, 4, WT_CHANNEL_UNSIGNED_NORMALIZED},  {"unorm8x1", 8, 1, WT_CHANNEL_UNSIGNED_NORMALIZED},
    {"unorm16x1", 16, 1, WT_CHANNEL_UNSIGNED_NORMALIZED}, {"snorm16x2", 16, 2, WT_CHANNEL_SIGNED_NORMALIZED},
    {"snorm8x4", 8, 4, WT_CHANNEL_SIGNED_NORMALIZED},    {"f32x1", 32, 1, WT_CHANNEL_FLOAT},
    {"f32x4", 32, 4, WT_CHANNEL_FLOAT},                  {"f16x2", 16, 2, WT_CHANNEL_FLOAT},
    {"f16x4", 16, 4, WT_CHANNEL_FLOAT},                  {"s8x1", 8, 1, WT_CHANNEL_SIGNED},
    {"s16x4", 16, 4, WT_CHANNEL_SIGNED},                 {"s32x2", 32, 2, WT_CHANNEL_SIGNED},
    {"u8x2", 8, 2, WT_CHANNEL_UNSIGNED},                 {"u16x1", 16, 1, WT_CHANNEL_UNSIGNED},
    {"u32x4", 32, 4, WT_CHANNEL_UNSIGNED},               {"s32x1", 32, 1, WT_CHANNEL_SIGNED},
};
#define NFMTS (sizeof FMTS / sizeof FMTS[0])

/* One surface object and the shadow of its memory.  slices: layers
 * (layered, cubemap faces) or 3D depth; rows of w * es bytes, tightly
 * packed in the dump. */
typedef struct surf {
    const fmt *f;
    int geom, cube;
    int w, h, slices, es;
    wt_array arr;
    wt_surf s;
    uint8_t shadow[5 * 3 * 6 * 16];
    uint8_t dump[5 * 3 * 6 * 16];
    size_t bytes;
} surf;

static surf make_surf(const fmt *f, int geom, int cube)
{
    surf S;
    memset(&S, 0, sizeof S);
    S.f = f;
    S.geom = geom;
    S.cube = cube;
    S.es = f->nch * f->bits / 8;
    S.w = cube ? 3 : 5;
    size_t h = 0, d = 0;
    unsigned flags = WT_ARRAY_SURFACE_LOAD_STORE;
    switch (geom) {
    case WT_GEOM_1D: break;
    case WT_GEOM_A1D: d = 3, flags |= WT_ARRAY_LAYERED; break;
    case WT_GEOM_2D: h = 3; break;
    case WT_GEOM_A2D:
        h = 3, d = cube ? 6 : 3;
        flags |= cube ? WT_ARRAY_CUBEMAP : WT_ARRAY_LAYERED;
        break;
    default: h = 3, d = 2; break; /* 3D */
    }
    S.h = h ? (int)h : 1;
    S.slices = d ? (int)d : 1;
    S.bytes = (size_t)S.w * S.es * S.h * S.slices;
    wt_channel_desc cd = wt_make_channel_desc(f->bits, f->nch >= 2 ? f->bits : 0, f->nch >= 4 ? f->bits : 0,
                                              f->nch >= 4 ? f->bits : 0, (wt_channel_kind)f->kind);
    assert_int_equal(wt_malloc_array(&S.arr, &cd, (size_t)S.w, h, d, flags), WT_SUCCESS);
    for (size_t i = 0; i < S.bytes; i++)
        S.shadow[i] = (uint8_t)(i * 29 + 3);
    assert_int_equal(wt_memcpy_to_array(S.arr, 0, 0, 0, S.shadow, (size_t)S.w * S.es, (size_t)S.w, (size_t)S.h,
                                        (size_t)S.slices),
                     WT_SUCCESS);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = S.arr;
    assert_int_equal(wt_create_surface_object(&S.s, &r), WT_SUCCESS);
    return S;
}

static void drop_surf(surf *S)
{
    assert_int_equal(wt_destroy_surface_object(S->s), WT_SUCCESS);
    assert_int_equal(wt_free_array(S->arr), WT_SUCCESS);
}

static const char *geom_name(int geom)
{
    for (int g = 0; g < 5; g++)
        if (GEOMS[g].geom == geom)
            return GEOMS[g].nv;
    return "?";
}

/* The surface's memory equals the shadow, or the test fails naming `what`. */
static void check_memory(surf *S, const char *what)
{
    assert_int_equal(wt_memcpy_from_array(S->dump, (size_t)S->w * S->es, S->arr, 0, 0, 0, (size_t)S->w, (size_t)S->h,
                                          (size_t)S->slices),
                     WT_SUCCESS);
    if (memcmp(S->dump, S->shadow, S->bytes) == 0)
        return;
    for (size_t i = 0; i < S->bytes; i++)
        if (S->dump[i] != S->shadow[i]) {
            size_t row = (size_t)S->w * S->es, slice = row * (size_t)S->h;
            fail_msg("%s on %s %s%s: byte %zu (slice %zu, y %zu, sample %zu) = 0x%02x, want 0x%02x", what, S->f->name,
                     geom_name(S->geom), S->cube ? " (cubemap)" : "", i, i / slice, i % slice / row, i % row / S->es,
                     S->dump[i], S->shadow[i]);
        }
}

/* ---- operands and the model ------------------------------------------------------ */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static uint32_t rnd_below(uint32_t n) { return (uint32_t)(rnd64() >> 33) % n; }

/* A source element: random bits; a [semantics#decision-nvvm-sust-p-elements] edge in the low 16 bits (sign bits
 * of 8- and 16-bit elements, extremes); or an f32 in [-1.5, 1.5] in the low
 * 32 bits (so normalised and half channels see unclamped values); always
 * with other bits above. */
static uint64_t rnd_elem(void)
{
    static const uint32_t EDGE[] = {0x0000, 0x0001, 0x007f, 0x0080, 0x00ff, 0x0100, 0x7fff, 0x8000,
                                    0xff80, 0xffff, 0x3c00, 0xbc00, 0x7fffffffu, 0x80000000u, 0xffffffffu};
    uint64_t r = rnd64();
    switch (rnd_below(3)) {
    case 0: return r;
    case 1: return (r & ~(uint64_t)0xffff) | EDGE[rnd_below(sizeof EDGE / sizeof EDGE[0])];
    default: {
        float x = (float)((double)rnd_below(3000001u) / 1000000.0 - 1.5);
        uint32_t u;
        memcpy(&u, &x, 4);
        return (r & ~(uint64_t)0xffffffffu) | u;
    }
    }
}

/* One coordinate on an axis of n positions: mostly inside, else just outside,
 * or far outside. */
static int32_t rnd_coord(int n)
{
    static const int32_t FAR[] = {-1, INT32_MIN, INT32_MAX, -1000};
    uint32_t p = rnd_below(10);
    if (p < 7)
        return (int32_t)rnd_below((uint32_t)n);
    if (p < 9)
        return p == 7 ? -1 : n;
    return FAR[rnd_below(4)];
}

/* A layer: mostly inside, else the first past the end, far past, or a
 * "negative" one (the layer is .u32: 0xffffffff is past the end too). */
static uint32_t rnd_layer(int n)
{
    static const uint32_t PAST[] = {0xffffffffu, 0x80000000u, 0x7fffffffu, 100};
    uint32_t p = rnd_below(10);
    if (p < 6)
        return rnd_below((uint32_t)n);
    if (p < 8)
        return (uint32_t)n;
    return PAST[rnd_below(4)];
}

/* A point in PTX order (op.h) for the surface's geometry. */
static void rnd_point(const surf *S, int32_t c[4])
{
    c[0] = c[1] = c[2] = c[3] = 0;
    switch (S->geom) {
    case WT_GEOM_1D: c[0] = rnd_coord(S->w); break;
    case WT_GEOM_A1D: c[0] = (int32_t)rnd_layer(S->slices), c[1] = rnd_coord(S->w); break;
    case WT_GEOM_2D: c[0] = rnd_coord(S->w), c[1] = rnd_coord(S->h); break;
    case WT_GEOM_A2D: c[0] = (int32_t)rnd_layer(S->slices), c[1] = rnd_coord(S->w), c[2] = rnd_coord(S->h); break;
    default: c[0] = rnd_coord(S->w), c[1] = rnd_coord(S->h), c[2] = rnd_coord(S->slices); break;
    }
}

static int32_t clampi(int32_t v, int n) { return v < 0 ? 0 : v >= n ? n - 1 : v; }

/* [semantics#surface-out-of-range] and [semantics#decision-layer-past-end] / [semantics#decision-sust-p-layered] for one sust.p: 1 if it traps (nothing written),
 * else applies it to the shadow (or not, for a .zero drop); returns 0. */
static int model_store(surf *S, const wt_op *op, const int32_t c[4], const uint64_t v[4])
{
    int32_t x = 0, y = 0, z = 0;
    uint32_t layer = 0;
    switch (S->geom) {
    case WT_GEOM_1D: x = c[0]; break;
    case WT_GEOM_A1D: layer = (uint32_t)c[0], x = c[1]; break;
    case WT_GEOM_2D: x = c[0], y = c[1]; break;
    case WT_GEOM_A2D: layer = (uint32_t)c[0], x = c[1], y = c[2]; break;
    default: x = c[0], y = c[1], z = c[2]; break;
    }
    int depth = S->geom == WT_GEOM_3D ? S->slices : 1;
    int outside = x < 0 || x >= S->w || y < 0 || y >= S->h || z < 0 || z >= depth;
    if (outside && op->clamp == WT_CLAMP_TRAP)
        return 1;
    if (outside && op->clamp == WT_CLAMP_ZERO)
        return 0; /* dropped whole */
    x = clampi(x, S->w), y = clampi(y, S->h), z = clampi(z, depth);
    if (S->geom == WT_GEOM_A1D || S->geom == WT_GEOM_A2D) /* [semantics#decision-layer-past-end]: past the end is the last layer */
        z = layer >= (uint32_t)S->slices ? S->slices - 1 : (int32_t)layer;
    size_t at = (((size_t)z * S->h + (size_t)y) * S->w + (size_t)x) * S->es;
    spm_element(S->f->kind, S->f->nch, S->f->bits / 8, op->vec, op->bits, v, S->shadow + at);
    return 0;
}

/* ---- per-lane: every name ------------------------------------------------------------ */

/* Calls row with handle surf at c with elements v[0 .. vec-1] (as the
 * intrinsic's i16 / i32 / i64 operands); returns the last error. */
static wt_status call_row(const nvvm_row *row, wt_surf s, int ncoord, const int32_t c[4], const uint64_t v[4])
{
    int k = 0;
    hv[k++] = s;
    for (int j = 0; j < ncoord; j++)
        iv[k++] = c[j];
    for (int j = 0; j < row->op.vec; j++, k++) {
        if (row->op.bits <= 16)
            sv[k] = (int16_t)(uint16_t)v[j]; /* i8: the high byte is set too, and ignored */
        else if (row->op.bits == 32)
            iv[k] = (int32_t)(uint32_t)v[j];
        else
            lv[k] = (int64_t)v[j];
    }
    assert_int_equal(row->sig->nargs, k);
    unsigned char out[32];
    (void)wt_get_last_error();
    row->sig->call(row->fn, out);
    return wt_get_last_error();
}

/* What the wrapper hands on for an element: the operand's bits (an i16
 * operand for 8- and 16-bit elements). */
static uint64_t as_operand(int bits, uint64_t v)
{
    return bits <= 16 ? (uint16_t)v : bits == 32 ? (uint32_t)v : v;
}

static int ncoord_of(int geom)
{
    for (int g = 0; g < 5; g++)
        if (GEOMS[g].geom == geom)
            return GEOMS[g].ncoord;
    return 0;
}

static void every_name_every_format(void **state)
{
    (void)state;
    long calls = 0, traps = 0;
    for (size_t fi = 0; fi < NFMTS; fi++)
        for (int g = 0; g < 5; g++)
            for (int cube = 0; cube <= (GEOMS[g].geom == WT_GEOM_A2D); cube++) {
                surf S = make_surf(&FMTS[fi], GEOMS[g].geom, cube);
                for (size_t r = 0; r < NROWS; r++) {
                    const nvvm_row *row = &ROWS[r];
                    if (!is_sust_p(row) || row->op.geom != S.geom)
                        continue;
                    for (int n = 0; n < (cube ? 6 : 14); n++) {
                        int32_t c[4];
                        uint64_t v[4] = {0, 0, 0, 0};
                        rnd_point(&S, c);
                        for (int j = 0; j < row->op.vec; j++)
                            v[j] = as_operand(row->op.bits, rnd_elem());
                        int want_trap = model_store(&S, &row->op, c, v);
                        wt_status st = call_row(row, S.s, GEOMS[g].ncoord, c, v);
                        if (st != (want_trap ? WT_ERROR_TRAP : WT_SUCCESS))
                            fail_msg("%s on %s at {%d, %d, %d}: %s, want %s (%s)", row->name, FMTS[fi].name, c[0],
                                     c[1], c[2], wt_status_string(st),
                                     wt_status_string(want_trap ? WT_ERROR_TRAP : WT_SUCCESS), wt_last_error_message());
                        check_memory(&S, row->name);
                        calls++;
                        traps += want_trap;
                    }
                }
                drop_surf(&S);
            }
    print_message("per-lane sust.p: %ld calls, %ld traps\n", calls, traps);
    assert_true(calls > 15000 && traps > 1000);
}

/* A name on a surface of another geometry: WT_ERROR_INVALID_SURFACE and
 * nothing written (a 2d.array name does fit a cubemap, [semantics#cube-arrays]). */
static void geometry_must_match(void **state)
{
    (void)state;
    surf all[5];
    for (int g = 0; g < 5; g++)
        all[g] = make_surf(&FMTS[g], GEOMS[g].geom, 0);
    int refused = 0;
    for (size_t r = 0; r < NROWS; r++) {
        const nvvm_row *row = &ROWS[r];
        if (!is_sust_p(row))
            continue;
        for (int g = 0; g < 5; g++) {
            if (all[g].geom == row->op.geom)
                continue;
            const int32_t c[4] = {0, 0, 0, 0};
            const uint64_t v[4] = {1, 2, 3, 4};
            wt_status st = call_row(row, all[g].s, ncoord_of(row->op.geom), c, v);
            if (st != WT_ERROR_INVALID_SURFACE)
                fail_msg("%s on a %s surface: %s", row->name, GEOMS[g].nv, wt_status_string(st));
            check_memory(&all[g], row->name);
            refused++;
        }
    }
    for (int g = 0; g < 5; g++)
        drop_surf(&all[g]);
    assert_int_equal(refused, 165 * 4);
}

/* ---- the warp API: every op record ---------------------------------------------------- */

static wt_surf_args in;
static wt_surf_result out;

static void warp_every_op_every_format(void **state)
{
    (void)state;
    long lanes = 0, traps = 0;
    for (size_t fi = 0; fi < NFMTS; fi++)
        for (int g = 0; g < 5; g++)
            for (int cube = 0; cube <= (GEOMS[g].geom == WT_GEOM_A2D); cube++) {
                surf S = make_surf(&FMTS[fi], GEOMS[g].geom, cube);
                for (size_t r = 0; r < NROWS; r++) {
                    const wt_op *op = &ROWS[r].op;
                    if (!is_sust_p(&ROWS[r]) || op->geom != S.geom)
                        continue;
                    for (int w = 0; w < 2; w++) {
                        /* random active lanes; in-range coordinates collide
                         * often on these small surfaces, and the lanes
                         * apply in lane order */
                        uint32_t active = (uint32_t)rnd64() | (uint32_t)rnd64(), want_trap = 0;
                        for (int l = 0; l < WT_WARP_SIZE; l++) {
                            int32_t c[4];
                            rnd_point(&S, c);
                            uint64_t v[4];
                            for (int k = 0; k < 4; k++) {
                                in.c[k][l] = c[k];
                                /* wt_surf_args: element k is the low op->bits
                                 * bits of v[k]; the rest must not matter */
                                in.v[k][l] = v[k] = rnd_elem();
                            }
                            if (!(active >> l & 1))
                                continue;
                            if (model_store(&S, op, c, v))
                                want_trap |= 1u << l;
                            lanes++;
                        }
                        memset(&out, 0x3c, sizeof out);
                        wt_status st = wt_surf_warp(op, S.s, active, &in, &out);
                        if (st != (want_trap ? WT_ERROR_TRAP : WT_SUCCESS) || out.trap != want_trap)
                            fail_msg("wt_surf_warp(%s) on %s: %s, trap mask 0x%08x, want 0x%08x (%s)", ROWS[r].name,
                                     FMTS[fi].name, wt_status_string(st), out.trap, want_trap,
                                     wt_last_error_message());
                        for (int k = 0; k < 4; k++)
                            for (int l = 0; l < WT_WARP_SIZE; l++)
                                if (out.d[k][l] != (active >> l & 1 ? 0 : 0x3c3c3c3c3c3c3c3cull))
                                    fail_msg("wt_surf_warp(%s): d[%d][%d] = 0x%llx", ROWS[r].name, k, l,
                                             (unsigned long long)out.d[k][l]);
                        check_memory(&S, ROWS[r].name);
                        traps += __builtin_popcount(want_trap);
                    }
                }
                drop_surf(&S);
            }
    (void)wt_get_last_error();
    print_message("warp sust.p: %ld active lanes, %ld traps\n", lanes, traps);
    assert_true(lanes > 50000 && traps > 3000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_name_resolves),
        cmocka_unit_test(every_name_every_format),
        cmocka_unit_test(geometry_must_match),
        cmocka_unit_test(warp_every_op_every_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
