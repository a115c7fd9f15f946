/* test_backend_surf.c -- every compiled-in backend's surface path against the scalar reference, bit for bit
 * SPDX-License-Identifier: MIT
 *
 * Two identical pitch2D surfaces over two copies of one buffer: each random
 * warp runs through the reference on one and through the backend on the
 * other, and the results, trap masks and the whole buffers must agree.  The
 * ops: suld.b / sust.b of every shape (the 4-byte ones are the fast ones),
 * sured.b of every form (add .u32/.s32/.u64, min/max .u32/.s32/.u64/.s64,
 * and/or .b32), on 1D, 2D, 3D, 1D layered and 2D layered surfaces, under
 * .trap, .clamp and .zero, with lanes in range, outside, misaligned and
 * colliding on one element, random active masks, and surfaces whose base or
 * pitch is off the 4-byte grid (those must take the reference path).  A
 * backend the CPU lacks is reported skipped.  A failure prints a one-line
 * reproducer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "core/dispatch.h"
#include "run_env.h"
#include "warptex.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

#define BUF 4096

typedef struct scase {
    int esize_bits, nch; /* format: nch channels of esize_bits unsigned */
    int w, h;            /* h = 0: linear (1D) */
    int pitch_pad, origin;
    int d, layers;       /* over an array (origin < 0): depth (3D) or layers (.a1d / .a2d), else 0 */
} scase;
/* origin < 0: the surface is over an array (rows padded by the library);
 * the two copies are then two arrays filled alike. */

static wt_surf make_surf(uint8_t *buf, const scase *c, wt_array *arr)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    int b = c->esize_bits, n = c->nch;
    wt_channel_desc cd = wt_make_channel_desc(b, n >= 2 ? b : 0, n == 4 ? b : 0, n == 4 ? b : 0, WT_CHANNEL_UNSIGNED);
    size_t es = (size_t)(b / 8 * n);
    *arr = NULL;
    if (c->origin < 0) { /* over an array filled from buf */
        size_t depth = (size_t)(c->d + c->layers);
        assert_int_equal(wt_malloc_array(arr, &cd, (size_t)c->w, (size_t)c->h, depth,
                                         WT_ARRAY_SURFACE_LOAD_STORE | (c->layers ? WT_ARRAY_LAYERED : 0)),
                         WT_SUCCESS);
        assert_int_equal(wt_memcpy_to_array(*arr, 0, 0, 0, buf, (size_t)c->w * es, (size_t)c->w,
                                            (size_t)(c->h ? c->h : 1), depth ? depth : 1),
                         WT_SUCCESS);
        r.type = WT_RESOURCE_ARRAY;
        r.res.array.array = *arr;
    } else if (c->h == 0) {
        r.type = WT_RESOURCE_LINEAR;
        r.res.linear.desc = cd;
        r.res.linear.dev_ptr = buf + c->origin;
        r.res.linear.size_in_bytes = (size_t)c->w * es;
    } else {
        r.type = WT_RESOURCE_PITCH2D;
        r.res.pitch2d.desc = cd;
        r.res.pitch2d.dev_ptr = buf + c->origin;
        r.res.pitch2d.width = (size_t)c->w;
        r.res.pitch2d.height = (size_t)c->h;
        r.res.pitch2d.pitch_in_bytes = (size_t)c->w * es + (size_t)c->pitch_pad;
    }
    wt_surf s = 0;
    if (wt_create_surface_object(&s, &r) != WT_SUCCESS)
        fail_msg("surface: %s", wt_last_error_message());
    return s;
}

static wt_op surf_op(int family, int geom, int vec, int bits, int clamp)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)family;
    op.mode = WT_SURF_B;
    op.geom = (uint8_t)geom;
    op.vec = (uint8_t)vec;
    op.bits = (uint8_t)bits;
    op.clamp = (uint8_t)clamp;
    return op;
}

static void one_case(const wt__backend *b, const scase *c, int warps)
{
    static _Alignas(64) uint8_t ba[BUF], bb[BUF];
    for (int i = 0; i < BUF; i++)
        ba[i] = bb[i] = (uint8_t)next32();
    wt_array aa, ab;
    wt_surf sa = make_surf(ba, c, &aa), sb = make_surf(bb, c, &ab);
    int row = c->w * c->esize_bits / 8 * c->nch, h = c->h ? c->h : 1;
    const int geom = c->layers ? (c->h ? WT_GEOM_A2D : WT_GEOM_A1D) : c->d ? WT_GEOM_3D : c->h ? WT_GEOM_2D : WT_GEOM_1D;
    const int o = c->layers ? 1 : 0; /* .a1d/.a2d: {layer, x, ...} */
    static wt_surf_args in;
    static wt_surf_result ra, rb;
    static const int shapes[][2] = {{1, 32}, {2, 16}, {4, 8},  {1, 8},  {1, 16}, {2, 8},
                                    {2, 32}, {4, 16}, {1, 64}, {4, 32}, {2, 64}}; /* every PTX .b shape */
    for (int wi = 0; wi < warps; wi++) {
        int fam = (int)(next32() % 3), sh = (int)(next32() % 10);
        int clamp = (int)(next32() % 3);
        wt_op op;
        if (fam == 2 && c->layers) /* PTX has no layered sured */
            fam = (int)(next32() % 2);
        if (fam == 2) {
            /* every sured.b form of [semantics#sured], the 32-bit add more often */
            static const int forms[][2] = {
                {WT_RED_ADD, WT_RTYPE_U32}, {WT_RED_ADD, WT_RTYPE_S32}, {WT_RED_ADD, WT_RTYPE_U64},
                {WT_RED_MIN, WT_RTYPE_U32}, {WT_RED_MIN, WT_RTYPE_S32}, {WT_RED_MIN, WT_RTYPE_U64},
                {WT_RED_MIN, WT_RTYPE_S64}, {WT_RED_MAX, WT_RTYPE_U32}, {WT_RED_MAX, WT_RTYPE_S32},
                {WT_RED_MAX, WT_RTYPE_U64}, {WT_RED_MAX, WT_RTYPE_S64}, {WT_RED_AND, WT_RTYPE_B32},
                {WT_RED_OR, WT_RTYPE_B32}};
            int f = sh < 3 ? sh % 2 : (int)(next32() % 13);
            op = surf_op(WT_FAMILY_SURED, geom, 1, 32, clamp);
            op.redop = (uint8_t)forms[f][0];
            op.rtype = (uint8_t)forms[f][1];
        } else {
            int k = sh < 3 ? sh : (int)(next32() % 11); /* every shape, 4-byte ones more often */
            op = surf_op(fam ? WT_FAMILY_SUST : WT_FAMILY_SULD, geom, shapes[k][0], shapes[k][1], clamp);
        }
        int collide = next32() % 4 == 0;
        /* a row: lane l at x0 + 4 l (whole groups of 8 contiguous), as image programs access */
        int run = !collide && next32() % 3 == 0;
        int32_t x0 = 4 * (int32_t)(next32() % (uint32_t)(row / 4 + 1)) - (next32() % 4 == 0 ? 4 : 0),
                y0 = (int32_t)(next32() % (uint32_t)h);
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            int32_t x, y;
            switch (next32() % 8) {
            case 0: x = (int32_t)(next32() % (uint32_t)(row + 16)) - 8, y = (int32_t)(next32() % (uint32_t)(h + 4)) - 2; break;
            case 1: x = (int32_t)next32(), y = (int32_t)next32(); break;
            default: x = 4 * (int32_t)(next32() % (uint32_t)(row / 4 + 1)), y = (int32_t)(next32() % (uint32_t)h); break;
            }
            if (collide)
                x = 4 * (l % 3), y = 0;
            if (run)
                x = x0 + 4 * l, y = y0;
            in.c[o][l] = x;
            in.c[o + 1][l] = y;
            if (c->d) { /* z, inside mostly */
                uint32_t r = next32() % 8;
                in.c[2][l] = r == 0 ? next32() : r == 1 ? (uint32_t)c->d : next32() % (uint32_t)c->d;
            }
            if (c->layers) { /* the layer, past the end sometimes ([semantics#decision-layer-past-end]) */
                uint32_t r = next32() % 8;
                in.c[0][l] = r == 0 ? next32() : next32() % (uint32_t)(c->layers + 1);
            }
            for (int k = 0; k < 4; k++)
                in.v[k][l] = (uint64_t)next32() << 32 | next32();
        }
        uint32_t active = wi % 3 == 0 ? 0xffffffffu : next32();
        for (int k = 0; k < 4; k++)
            for (int l = 0; l < WT_WARP_SIZE; l++)
                ra.d[k][l] = rb.d[k][l] = 0xabcdef00u + (uint64_t)l;
        ra.trap = rb.trap = 0x5a5a5a5au;
        assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
        wt_status s1 = wt_surf_warp(&op, sa, active, &in, &ra);
        assert_int_equal(wt_set_backend(b->name), WT_SUCCESS);
        wt_status s2 = wt_surf_warp(&op, sb, active, &in, &rb);
        const char *what = NULL;
        int bad_k = 0, bad_l = 0;
        if (s1 != s2 || ra.trap != rb.trap)
            what = "status/trap";
        for (int k = 0; k < 4 && !what; k++)
            for (int l = 0; l < WT_WARP_SIZE && !what; l++)
                if (ra.d[k][l] != rb.d[k][l])
                    what = "result", bad_k = k, bad_l = l;
        if (!what && aa) {
            size_t es = (size_t)(c->esize_bits / 8 * c->nch), hh = (size_t)(c->h ? c->h : 1);
            size_t dd = (size_t)(c->d + c->layers ? c->d + c->layers : 1);
            assert_int_equal(wt_memcpy_from_array(ba, (size_t)c->w * es, aa, 0, 0, 0, (size_t)c->w, hh, dd), WT_SUCCESS);
            assert_int_equal(wt_memcpy_from_array(bb, (size_t)c->w * es, ab, 0, 0, 0, (size_t)c->w, hh, dd), WT_SUCCESS);
        }
        if (!what && memcmp(ba, bb, BUF))
            what = "memory";
        if (what)
            fail_msg("repro: backend %s surface %dx%d of %d x %d-bit pitch+%d origin %d: family %d vec %d bits %d "
                     "redop %d rtype %d clamp %d active 0x%08x: %s differs (status %d/%d trap 0x%08x/0x%08x, d[%d][%d] "
                     "0x%llx/0x%llx)",
                     b->name, c->w, c->h, c->nch, c->esize_bits, c->pitch_pad, c->origin, op.family, op.vec, op.bits,
                     op.redop, op.rtype, op.clamp, active, what, s1, s2, ra.trap, rb.trap, bad_k, bad_l,
                     (unsigned long long)ra.d[bad_k][bad_l], (unsigned long long)rb.d[bad_k][bad_l]);
    }
    assert_int_equal(wt_destroy_surface_object(sa), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(sb), WT_SUCCESS);
    if (aa) {
        assert_int_equal(wt_free_array(aa), WT_SUCCESS);
        assert_int_equal(wt_free_array(ab), WT_SUCCESS);
    }
}

static void every_backend_surfaces_equal_scalar(void **state)
{
    (void)state;
    const int stress = wt_test_stress();
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    const char *before = wt_backend_name();
    for (size_t i = 0; i < nb; i++) {
        const wt__backend *b = list[i];
        if (!wt_test_backend_compared(b))
            continue;
        const scase cases[] = {
            {8, 4, 16, 8, 0, 0, 0, 0},  {8, 4, 16, 8, 12, 64, 0, 0}, {32, 1, 7, 5, 4, 0, 0, 0}, {8, 1, 13, 9, 3, 0, 0, 0},
            {8, 4, 9, 6, 0, 1, 0, 0},   {16, 2, 5, 3, 2, 2, 0, 0},   {8, 4, 64, 0, 0, 0, 0, 0}, {32, 1, 50, 0, 0, 4, 0, 0},
            {8, 1, 30, 0, 0, 3, 0, 0},  {32, 4, 4, 4, 0, 0, 0, 0}, {8, 1, 7, 5, 1, 0, 0, 0}, {8, 1, 11, 0, 0, 0, 0, 0},
            /* over arrays: rows padded by the library; 1- and 2-byte loads gather there */
            {8, 1, 13, 9, 0, -1, 0, 0}, {8, 4, 16, 8, 0, -1, 0, 0}, {16, 1, 7, 3, 0, -1, 0, 0}, {8, 2, 33, 0, 0, -1, 0, 0},
            {32, 2, 5, 4, 0, -1, 0, 0},
            /* 3D and layered (over arrays) */
            {8, 4, 8, 4, 0, -1, 4, 0},  {32, 2, 5, 4, 0, -1, 3, 0}, {32, 1, 6, 3, 0, -1, 5, 0},
            {8, 4, 8, 4, 0, -1, 0, 3},  {32, 2, 5, 4, 0, -1, 0, 2}, {8, 1, 40, 0, 0, -1, 0, 5},
            {32, 1, 12, 0, 0, -1, 0, 4},
        };
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
            one_case(b, &cases[k], 300 * stress);
        print_message("backend %s: surface warps equal to the reference\n", b->name);
    }
    assert_int_equal(wt_set_backend(before), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_backend_surfaces_equal_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
