/* test_surf_forms.c -- which op records the surface warp entry takes: every field value against the PTX ISA's syntax
 * SPDX-License-Identifier: MIT
 *
 * The legality rule here is written from PTX ISA 9.7.11 alone:
 *   suld.b.geom.vec.dtype.clamp     geom 1d 2d 3d a1d a2d; vec none v2 v4;
 *                                   dtype b8 b16 b32 b64; no suld.p
 *   sust.b  the same;  sust.p.{1d,2d,3d}.vec.b32.clamp, and
 *           ([semantics#decision-ptx-legality] to [semantics#decision-nvvm-sust-p-elements]) sust.p on a1d/a2d and with every sust.b element
 *           shape (the NVVM i8/i16/i64 ones)
 *   sured.b add u32/u64/s32, min/max u32/s32/u64/s64, and/or b32; 1d 2d 3d
 *   sured.p b32 (any op) or b64 (min/max); 1d 2d 3d
 * and one access is at most 16 bytes (the 16-byte surface alignment the
 * PTX text names; no .v4.b64, which NVVM has no intrinsic for either).  A form
 * outside this is WT_ERROR_INVALID_VALUE; a legal form whose geometry is not
 * the surface's (cubemaps are a2d, [semantics#cube-arrays]; pitch2D is 2d, linear 1d) is
 * WT_ERROR_INVALID_SURFACE; either way the active lanes read 0 and the
 * surface is untouched.  A legal, matching form runs (sured.p .b64 on a
 * one-channel format then traps, [semantics#decision-sured-p-forms]). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

typedef struct surf_kind {
    const char *name;
    int res;               /* 0 array, 1 pitch2D, 2 linear */
    size_t w, h, d;        /* wt_malloc_array extent */
    unsigned flags;
    int geom;              /* the one geometry that matches */
} surf_kind;

static const surf_kind KINDS[] = {
    {"1D", 0, 8, 0, 0, 0, WT_GEOM_1D},
    {"2D", 0, 8, 4, 0, 0, WT_GEOM_2D},
    {"3D", 0, 8, 4, 2, 0, WT_GEOM_3D},
    {"1D layered", 0, 8, 0, 3, WT_ARRAY_LAYERED, WT_GEOM_A1D},
    {"2D layered", 0, 8, 4, 3, WT_ARRAY_LAYERED, WT_GEOM_A2D},
    {"cubemap", 0, 4, 4, 6, WT_ARRAY_CUBEMAP, WT_GEOM_A2D},
    {"cubemap layered", 0, 4, 4, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, WT_GEOM_A2D},
    {"pitch2D", 1, 8, 4, 0, 0, WT_GEOM_2D},
    {"linear", 2, 8, 0, 0, 0, WT_GEOM_1D},
};

static int is_surface_geom(int g) { return g >= WT_GEOM_1D && g <= WT_GEOM_A2D; }
static int is_plain_geom(int g) { return g >= WT_GEOM_1D && g <= WT_GEOM_3D; }

static int legal(const wt_op *op)
{
    if (op->clamp > WT_CLAMP_ZERO || op->mode > WT_SURF_P)
        return 0;
    if (op->family == WT_FAMILY_SURED) {
        if (!is_plain_geom(op->geom))
            return 0;
        int r = op->redop, t = op->rtype;
        if (op->mode == WT_SURF_P)
            return (t == WT_RTYPE_B32 && r <= WT_RED_OR) ||
                   (t == WT_RTYPE_B64 && (r == WT_RED_MIN || r == WT_RED_MAX));
        switch (r) {
        case WT_RED_ADD: return t == WT_RTYPE_U32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S32;
        case WT_RED_MIN:
        case WT_RED_MAX: return t == WT_RTYPE_U32 || t == WT_RTYPE_S32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S64;
        case WT_RED_AND:
        case WT_RED_OR: return t == WT_RTYPE_B32;
        default: return 0;
        }
    }
    if (op->family != WT_FAMILY_SULD && op->family != WT_FAMILY_SUST)
        return 0;
    int vec_ok = op->vec == 1 || op->vec == 2 || op->vec == 4;
    int bits_ok = op->bits == 8 || op->bits == 16 || op->bits == 32 || op->bits == 64;
    if (!vec_ok || !bits_ok || op->vec * op->bits > 128)
        return 0;
    if (op->mode == WT_SURF_P && op->family != WT_FAMILY_SUST)
        return 0; /* no suld.p */
    return is_surface_geom(op->geom);
}

typedef struct live {
    wt_array arr;
    uint32_t *user; /* pitch2D / linear memory */
    wt_surf s;
    size_t bytes;
} live;

static live make(const surf_kind *k)
{
    live L;
    memset(&L, 0, sizeof L);
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    size_t n = k->w * (k->h ? k->h : 1) * (k->d ? k->d : 1);
    L.bytes = n * 4;
    uint32_t *init = malloc(L.bytes);
    assert_non_null(init);
    for (size_t i = 0; i < n; i++)
        init[i] = 0x5a000000u + (uint32_t)i;
    if (k->res == 0) {
        assert_int_equal(wt_malloc_array(&L.arr, &cd, k->w, k->h, k->d, k->flags | WT_ARRAY_SURFACE_LOAD_STORE),
                         WT_SUCCESS);
        assert_int_equal(wt_memcpy_to_array(L.arr, 0, 0, 0, init, k->w * 4, k->w, k->h ? k->h : 1, k->d ? k->d : 1),
                         WT_SUCCESS);
        free(init);
        r.type = WT_RESOURCE_ARRAY;
        r.res.array.array = L.arr;
    } else {
        L.user = init;
        if (k->res == 1) {
            r.type = WT_RESOURCE_PITCH2D;
            r.res.pitch2d.dev_ptr = L.user;
            r.res.pitch2d.desc = cd;
            r.res.pitch2d.width = k->w;
            r.res.pitch2d.height = k->h;
            r.res.pitch2d.pitch_in_bytes = k->w * 4;
        } else {
            r.type = WT_RESOURCE_LINEAR;
            r.res.linear.dev_ptr = L.user;
            r.res.linear.desc = cd;
            r.res.linear.size_in_bytes = L.bytes;
        }
    }
    assert_int_equal(wt_create_surface_object(&L.s, &r), WT_SUCCESS);
    return L;
}

static void contents(const surf_kind *k, const live *L, uint32_t *out)
{
    if (L->user)
        memcpy(out, L->user, L->bytes);
    else
        assert_int_equal(wt_memcpy_from_array(out, k->w * 4, L->arr, 0, 0, 0, k->w, k->h ? k->h : 1, k->d ? k->d : 1),
                         WT_SUCCESS);
}

static void drop(live *L)
{
    assert_int_equal(wt_destroy_surface_object(L->s), WT_SUCCESS);
    if (L->arr)
        assert_int_equal(wt_free_array(L->arr), WT_SUCCESS);
    free(L->user);
}

static wt_surf_args in;
static wt_surf_result out;

/* Runs op on lanes 0 and 1 at c = 0 (inside every surface); returns the status. */
static wt_status call(const wt_op *op, wt_surf s)
{
    memset(&in, 0, sizeof in);
    for (int k = 0; k < 4; k++) {
        in.v[k][0] = 0xfedcba9876543210ull;
        in.v[k][1] = 0x0123456789abcdefull;
    }
    memset(&out, 0x3c, sizeof out);
    return wt_surf_warp(op, s, 0x3u, &in, &out);
}

static void every_field_value(void **state)
{
    (void)state;
    static const uint8_t BITS[] = {0, 1, 8, 16, 24, 32, 64, 128};
    uint64_t refused = 0, accepted = 0, mismatched = 0;
    for (size_t ki = 0; ki < sizeof KINDS / sizeof KINDS[0]; ki++) {
        const surf_kind *k = &KINDS[ki];
        live L = make(k);
        for (int fam = WT_FAMILY_TEX; fam <= WT_FAMILY_SUQ + 1; fam++)
                for (int mode = 0; mode <= 2; mode++)
                    for (int geom = 0; geom <= WT_GEOM_COUNT; geom++)
                        for (int clamp = 0; clamp <= 3; clamp++)
                            for (int a = 0; a < 48; a++) {
                                wt_op op;
                                memset(&op, 0, sizeof op);
                                op.family = (uint8_t)fam;
                                op.mode = (uint8_t)mode;
                                op.geom = (uint8_t)geom;
                                op.clamp = (uint8_t)clamp;
                                if (fam == WT_FAMILY_SURED) {
                                    if (a >= 42)
                                        continue;
                                    op.redop = (uint8_t)(a / 7); /* 0..5: one past .or */
                                    op.rtype = (uint8_t)(a % 7); /* 0..6: one past .b64 */
                                    op.vec = 1;
                                    op.bits = 32;
                                } else {
                                    op.vec = (uint8_t)(a / 8);   /* 0..5 */
                                    op.bits = BITS[a % 8];
                                }
                                int ok = legal(&op), match = op.geom == k->geom;
                                wt_status want = !ok ? WT_ERROR_INVALID_VALUE
                                                 : !match ? WT_ERROR_INVALID_SURFACE
                                                 : (fam == WT_FAMILY_SURED && mode == WT_SURF_P &&
                                                    op.rtype == WT_RTYPE_B64)
                                                     ? WT_ERROR_TRAP /* [semantics#decision-sured-p-forms] on an R32 surface */
                                                     : WT_SUCCESS;
                                wt_status st = call(&op, L.s);
                                if (st != want)
                                    fail_msg("%s: family %d mode %d geom %d vec %d bits %d clamp %d redop %d "
                                             "rtype %d: %s, want %s (%s)", k->name, fam, mode, geom, op.vec,
                                             op.bits, clamp, op.redop, op.rtype, wt_status_string(st),
                                             wt_status_string(want), wt_last_error_message());
                                if (st == WT_ERROR_INVALID_VALUE || st == WT_ERROR_INVALID_SURFACE) {
                                    for (int c = 0; c < 4; c++) {
                                        assert_int_equal(out.d[c][0], 0);
                                        assert_int_equal(out.d[c][1], 0);
                                        assert_int_equal(out.d[c][2], 0x3c3c3c3c3c3c3c3cull);
                                    }
                                    assert_int_equal(out.trap, 0);
                                    refused++;
                                    mismatched += st == WT_ERROR_INVALID_SURFACE;
                                } else {
                                    accepted++;
                                }
                            }
        drop(&L);
    }
    print_message("%llu refused (%llu for the geometry), %llu accepted\n", (unsigned long long)refused,
                  (unsigned long long)mismatched, (unsigned long long)accepted);
    /* Accepted per surface: suld.b, sust.b and sust.p ([semantics#decision-ptx-legality] to [semantics#decision-nvvm-sust-p-elements]) 11 shapes
     * x 3 clamps each; on the 5 non-layered kinds also sured 3 x (13 .b + 7
     * .p): 5 x 159 + 4 x 99. */
    assert_int_equal(accepted, 1191);
    assert_true(mismatched > 1000 && refused > 50000);
}

/* The refused records through a whole pass leave every surface as it was. */
static void refused_forms_touch_nothing(void **state)
{
    (void)state;
    static const uint8_t BITS[] = {0, 8, 16, 32, 64, 128};
    uint32_t *before = malloc(4096), *after = malloc(4096);
    assert_non_null(before);
    assert_non_null(after);
    for (size_t ki = 0; ki < sizeof KINDS / sizeof KINDS[0]; ki++) {
        const surf_kind *k = &KINDS[ki];
        live L = make(k);
        contents(k, &L, before);
        int n = 0;
        for (int fam = WT_FAMILY_SULD; fam <= WT_FAMILY_SURED; fam++)
            for (int mode = 0; mode <= 2; mode++)
                for (int geom = 0; geom <= WT_GEOM_COUNT; geom++)
                    for (int a = 0; a < 42; a++) {
                        wt_op op;
                        memset(&op, 0, sizeof op);
                        op.family = (uint8_t)fam;
                        op.mode = (uint8_t)mode;
                        op.geom = (uint8_t)geom;
                        op.clamp = (uint8_t)(a % 4);
                        op.vec = (uint8_t)(a / 7);
                        op.bits = BITS[a % 6];
                        op.redop = (uint8_t)(a / 7);
                        op.rtype = (uint8_t)(a % 7);
                        if (legal(&op) && op.geom == k->geom)
                            continue;
                        assert_true(call(&op, L.s) != WT_SUCCESS);
                        n++;
                    }
        contents(k, &L, after);
        assert_memory_equal(after, before, L.bytes);
        assert_true(n > 1000);
        drop(&L);
    }
    free(before);
    free(after);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_field_value),
        cmocka_unit_test(refused_forms_touch_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
