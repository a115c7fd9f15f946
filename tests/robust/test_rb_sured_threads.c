/* test_rb_sured_threads.c -- sured through the public warp and lane calls from two threads: millions of colliding reductions, exact totals
 * SPDX-License-Identifier: MIT
 *
 * [semantics#decision-sured]: reductions are atomic across lanes and threads; add wraps
 * modulo 2^n, min/max compare by the type's signedness.  Both threads hit
 * the same few elements (and all 32 lanes of a warp collide on them too);
 * the totals are recomputed by a sequential model here.  tests/surface/
 * test_sured.c does the same on the scalar reference directly; this one
 * goes through wt_surf_warp (the active backend) and the NVVM names. */
#include <pthread.h>
#include <stdlib.h>

#include "rb_util.h"

#define WARPS 75000 /* per thread: 2 x 75000 x 32 x 3 ~ 14 million lane reductions */

typedef struct job {
    wt_surf s32, s64;
    int id;
    int bad;
} job;

static uint32_t add_val(int id, uint32_t w, int l) { return (uint32_t)(id + 1) * 0x01000193u ^ (w * 32u + (uint32_t)l); }
static int32_t max_val(int id, uint32_t w, int l)
{
    return (int32_t)(((w * 32u + (uint32_t)l) * 2654435761u) ^ (uint32_t)(id * 0x5bd1e995));
}

static void *worker(void *arg)
{
    job *j = arg;
    wt_surf_args *in = calloc(1, sizeof *in);
    wt_surf_result *out = calloc(1, sizeof *out);
    if (!in || !out) {
        j->bad = 1;
        return NULL;
    }
    wt_op add = {.family = WT_FAMILY_SURED, .mode = WT_SURF_B, .geom = WT_GEOM_2D, .vec = 1, .bits = 32,
                 .clamp = WT_CLAMP_TRAP, .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    wt_op max = add;
    max.redop = WT_RED_MAX;
    max.rtype = WT_RTYPE_S32;
    max.clamp = WT_CLAMP_CLAMP;
    wt_op add64 = add;
    add64.rtype = WT_RTYPE_U64;
    add64.clamp = WT_CLAMP_ZERO;
    for (uint32_t w = 0; w < WARPS; w++) {
        /* add.u32: lanes spread over 4 elements of row 0 (8 lanes each) */
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            in->c[0][l] = (l % 4) * 4;
            in->c[1][l] = 0;
            in->v[0][l] = add_val(j->id, w, l);
        }
        if (wt_surf_warp(&add, j->s32, 0xffffffffu, in, out) != WT_SUCCESS)
            j->bad++;
        /* max.s32 under .clamp: every lane aims far right of row 1 -> (3, 1) */
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            in->c[0][l] = 1000 + 4 * l;
            in->c[1][l] = 1;
            in->v[0][l] = (uint32_t)max_val(j->id, w, l);
        }
        if (wt_surf_warp(&max, j->s32, 0xffffffffu, in, out) != WT_SUCCESS)
            j->bad++;
        /* add.u64 under .zero: even lanes hit element 0 or 1 of the 64-bit
         * surface, odd lanes fall outside and are dropped */
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            in->c[0][l] = (l & 1) ? 16 + 8 * l : ((l >> 1) & 1) * 8;
            in->c[1][l] = 0;
            in->v[0][l] = 0x100000001ull * (uint64_t)(w + 1);
        }
        if (wt_surf_warp(&add64, j->s64, 0xffffffffu, in, out) != WT_SUCCESS)
            j->bad++;
        /* and the per-lane NVVM call, one per warp */
        wt_sured_b_add_2d_u32_trap(j->s32, 0, 2, (int32_t)(w + 1));
    }
    if (wt_get_last_error() != WT_SUCCESS)
        j->bad++;
    free(in);
    free(out);
    return NULL;
}

static void sured_two_threads_exact(void **state)
{
    (void)state;
    /* u32 surface 4 x 3; u64 surface (as 2 x u32 channels) 2 x 1 */
    uint32_t init[12] = {0};
    init[7] = 0x80000000u; /* (3, 1): the s32 minimum */
    wt_array a32 = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 4, 3, 0, WT_ARRAY_SURFACE_LOAD_STORE, init);
    wt_array a64 = rb_array(rb_cd(2, 32, WT_CHANNEL_UNSIGNED), 2, 1, 0, WT_ARRAY_SURFACE_LOAD_STORE, NULL);
    wt_resource_desc r = rb_res_array(a32);
    wt_surf s32, s64;
    assert_int_equal(wt_create_surface_object(&s32, &r), WT_SUCCESS);
    r = rb_res_array(a64);
    assert_int_equal(wt_create_surface_object(&s64, &r), WT_SUCCESS);
    (void)wt_get_last_error();
    job jobs[2] = {{s32, s64, 0, 0}, {s32, s64, 1, 0}};
    pthread_t th[2];
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&th[k], NULL, worker, &jobs[k]), 0);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(th[k], NULL), 0);
    assert_int_equal(jobs[0].bad, 0);
    assert_int_equal(jobs[1].bad, 0);

    /* the sequential model */
    uint32_t want[12];
    memcpy(want, init, sizeof want);
    int32_t mx = INT32_MIN;
    uint64_t w64[2] = {0, 0};
    for (int id = 0; id < 2; id++)
        for (uint32_t w = 0; w < WARPS; w++) {
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                want[l % 4] += add_val(id, w, l); /* wraps modulo 2^32 */
                int32_t m = max_val(id, w, l);
                if (m > mx)
                    mx = m;
                if (!(l & 1))
                    w64[(l >> 1) & 1] += 0x100000001ull * (uint64_t)(w + 1);
            }
            want[8] += w + 1;
        }
    want[7] = (uint32_t)mx;
    uint32_t got[12];
    assert_int_equal(wt_memcpy_from_array(got, 16, a32, 0, 0, 0, 4, 3, 1), WT_SUCCESS);
    for (int e = 0; e < 12; e++)
        if (got[e] != want[e])
            fail_msg("element %d: got 0x%08x want 0x%08x", e, got[e], want[e]);
    uint64_t g64[2];
    assert_int_equal(wt_memcpy_from_array(g64, 16, a64, 0, 0, 0, 2, 1, 1), WT_SUCCESS);
    assert_int_equal(g64[0], w64[0]);
    assert_int_equal(g64[1], w64[1]);
    assert_int_equal(wt_destroy_surface_object(s32), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s64), WT_SUCCESS);
    assert_int_equal(wt_free_array(a32), WT_SUCCESS);
    assert_int_equal(wt_free_array(a64), WT_SUCCESS);
}

/* ---- every other form, and the straddling path, under two threads ----------
 * Aligned atomics: min/max .u32, and/or .b32, sured.p add .b32 (R32 UINT),
 * sured.p min/max .b64 (RG32 SINT, signed 64-bit), add .u64 and min .s64.
 * Straddling bytes (src/core/atomic_reduce.c): a pitch2D u8 surface of 16-byte rows
 * with pitch 17, so row 1 starts off the 4- and 8-byte grid; there add .u64
 * at x 0 and add .u32 at x 4 overlap on bytes 4..7 (both locked, so their
 * sum is exact: init + sum(v) + (sum(u) << 32) modulo 2^64), and max .s64 at
 * x 8; plus a 3-byte row where .clamp add .u32 keeps only the 3 bytes
 * inside ([semantics#decision-sured-narrow-row]: modulo 2^24).  Mixed sizes where only one straddles:
 * a pitch2D u8 surface of 12-byte rows over 8-aligned memory, so row 1
 * starts at byte 12; add .u64 at x 0 (bytes 12..19, off the 8-byte grid)
 * and add .u32 at x 4 (bytes 16..19, 4-aligned, which alone would be a
 * lock-free atomic) must still add up exactly. */
#define WARPS2 8000

typedef struct job2 {
    wt_surf r32, rg, odd, narrow, mixed;
    int id, bad;
} job2;

static uint64_t v2(int id, uint32_t w, int l, int k)
{
    uint64_t z = ((uint64_t)(id + 1) << 40) ^ ((uint64_t)w << 8) ^ (uint64_t)(l * 4 + k);
    z = (z ^ (z >> 31)) * 0x7fb5d329728ea185ull;
    z = (z ^ (z >> 27)) * 0x81dadef4bc2dd44dull;
    return z ^ (z >> 33);
}

static wt_op red(int mode, int redop, int rtype, int clamp)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_SURED;
    op.mode = (uint8_t)mode;
    op.geom = WT_GEOM_2D;
    op.vec = 1;
    op.bits = 32;
    op.redop = (uint8_t)redop;
    op.rtype = (uint8_t)rtype;
    op.clamp = (uint8_t)clamp;
    return op;
}

/* One call: every lane at (x, y) with value v2(.., k) (k names the call). */
static void all_at(job2 *j, wt_surf s, wt_op op, int32_t x, int32_t y, uint32_t w, int k, wt_surf_args *in,
                   wt_surf_result *out)
{
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        in->c[0][l] = x;
        in->c[1][l] = y;
        in->v[0][l] = v2(j->id, w, l, k);
    }
    if (wt_surf_warp(&op, s, 0xffffffffu, in, out) != WT_SUCCESS) {
        if (!j->bad)
            print_error("call %d: %s\n", k, wt_last_error_message());
        j->bad++;
    }
}

static void *worker2(void *arg)
{
    job2 *j = arg;
    wt_surf_args *in = calloc(1, sizeof *in);
    wt_surf_result *out = calloc(1, sizeof *out);
    if (!in || !out) {
        j->bad = 1;
        free(in);
        free(out);
        return NULL;
    }
    for (uint32_t w = 0; w < WARPS2; w++) {
        all_at(j, j->r32, red(WT_SURF_B, WT_RED_MIN, WT_RTYPE_U32, WT_CLAMP_TRAP), 0, 0, w, 0, in, out);
        all_at(j, j->r32, red(WT_SURF_B, WT_RED_MAX, WT_RTYPE_U32, WT_CLAMP_TRAP), 4, 0, w, 1, in, out);
        all_at(j, j->r32, red(WT_SURF_B, WT_RED_AND, WT_RTYPE_B32, WT_CLAMP_ZERO), 8, 0, w, 2, in, out);
        all_at(j, j->r32, red(WT_SURF_B, WT_RED_OR, WT_RTYPE_B32, WT_CLAMP_CLAMP), 1000, 0, w, 3, in, out);
        all_at(j, j->r32, red(WT_SURF_P, WT_RED_ADD, WT_RTYPE_B32, WT_CLAMP_TRAP), 1, 1, w, 4, in, out);
        all_at(j, j->rg, red(WT_SURF_P, WT_RED_MIN, WT_RTYPE_B64, WT_CLAMP_TRAP), 0, 0, w, 5, in, out);
        all_at(j, j->rg, red(WT_SURF_P, WT_RED_MAX, WT_RTYPE_B64, WT_CLAMP_TRAP), 1, 0, w, 6, in, out);
        all_at(j, j->rg, red(WT_SURF_B, WT_RED_ADD, WT_RTYPE_U64, WT_CLAMP_TRAP), 0, 1, w, 7, in, out);
        all_at(j, j->rg, red(WT_SURF_B, WT_RED_MIN, WT_RTYPE_S64, WT_CLAMP_TRAP), 8, 1, w, 8, in, out);
        all_at(j, j->odd, red(WT_SURF_B, WT_RED_ADD, WT_RTYPE_U64, WT_CLAMP_TRAP), 0, 1, w, 9, in, out);
        all_at(j, j->odd, red(WT_SURF_B, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_TRAP), 4, 1, w, 10, in, out);
        all_at(j, j->odd, red(WT_SURF_B, WT_RED_MAX, WT_RTYPE_S64, WT_CLAMP_TRAP), 8, 1, w, 11, in, out);
        all_at(j, j->narrow, red(WT_SURF_B, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_CLAMP), 1 << 20, 0, w, 12, in, out);
        all_at(j, j->mixed, red(WT_SURF_B, WT_RED_ADD, WT_RTYPE_U64, WT_CLAMP_TRAP), 0, 1, w, 13, in, out);
        all_at(j, j->mixed, red(WT_SURF_B, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_TRAP), 4, 1, w, 14, in, out);
    }
    free(in);
    free(out);
    return NULL;
}

static int64_t s64_of(uint64_t u) { return u >> 63 ? -(int64_t)(~u) - 1 : (int64_t)u; }

static uint64_t le(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void every_form_two_threads(void **state)
{
    (void)state;
    uint32_t i32[8] = {0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 0, 0};
    wt_array a32 = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 4, 2, 0, WT_ARRAY_SURFACE_LOAD_STORE, i32);
    int64_t irg[4] = {INT64_MAX, INT64_MIN, 0, INT64_MAX};
    wt_array arg = rb_array(rb_cd(2, 32, WT_CHANNEL_SIGNED), 2, 2, 0, WT_ARRAY_SURFACE_LOAD_STORE, irg);
    static uint8_t odd[17 + 16], narrow[3];
    static _Alignas(8) uint8_t mixed[24];
    memset(mixed, 0, sizeof mixed);
    memset(odd, 0, sizeof odd);
    odd[17 + 15] = 0x80; /* row 1 bytes 8..15 start at INT64_MIN */
    wt_resource_desc r = rb_res_array(a32);
    job2 j0;
    memset(&j0, 0, sizeof j0);
    assert_int_equal(wt_create_surface_object(&j0.r32, &r), WT_SUCCESS);
    r = rb_res_array(arg);
    assert_int_equal(wt_create_surface_object(&j0.rg, &r), WT_SUCCESS);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.desc = rb_cd(1, 8, WT_CHANNEL_UNSIGNED);
    r.res.pitch2d.dev_ptr = odd;
    r.res.pitch2d.width = 16;
    r.res.pitch2d.height = 2;
    r.res.pitch2d.pitch_in_bytes = 17;
    assert_int_equal(wt_create_surface_object(&j0.odd, &r), WT_SUCCESS);
    r.res.pitch2d.dev_ptr = narrow;
    r.res.pitch2d.width = 3;
    r.res.pitch2d.height = 1;
    r.res.pitch2d.pitch_in_bytes = 3;
    assert_int_equal(wt_create_surface_object(&j0.narrow, &r), WT_SUCCESS);
    r.res.pitch2d.dev_ptr = mixed;
    r.res.pitch2d.width = 12;
    r.res.pitch2d.height = 2;
    r.res.pitch2d.pitch_in_bytes = 12;
    assert_int_equal(wt_create_surface_object(&j0.mixed, &r), WT_SUCCESS);
    job2 jobs[2] = {j0, j0};
    jobs[1].id = 1;
    pthread_t th[2];
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&th[k], NULL, worker2, &jobs[k]), 0);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(th[k], NULL), 0);
    assert_int_equal(jobs[0].bad, 0);
    assert_int_equal(jobs[1].bad, 0);

    /* the sequential model */
    uint32_t mn = 0xffffffffu, mx = 0, an = 0xffffffffu, orv = 0, padd = 0, nar = 0;
    int64_t pmin = INT64_MAX, pmax = INT64_MIN, smin = INT64_MAX, omax = INT64_MIN;
    uint64_t add64 = 0, oadd = 0, madd = 0;
    for (int id = 0; id < 2; id++)
        for (uint32_t w = 0; w < WARPS2; w++)
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                uint32_t a = (uint32_t)v2(id, w, l, 0), b = (uint32_t)v2(id, w, l, 1);
                mn = a < mn ? a : mn;
                mx = b > mx ? b : mx;
                an &= (uint32_t)v2(id, w, l, 2);
                orv |= (uint32_t)v2(id, w, l, 3);
                padd += (uint32_t)v2(id, w, l, 4);
                int64_t p5 = s64_of(v2(id, w, l, 5)), p6 = s64_of(v2(id, w, l, 6)), p8 = s64_of(v2(id, w, l, 8));
                pmin = p5 < pmin ? p5 : pmin;
                pmax = p6 > pmax ? p6 : pmax;
                add64 += v2(id, w, l, 7);
                smin = p8 < smin ? p8 : smin;
                oadd += v2(id, w, l, 9) + ((uint64_t)(uint32_t)v2(id, w, l, 10) << 32);
                int64_t p11 = s64_of(v2(id, w, l, 11));
                omax = p11 > omax ? p11 : omax;
                nar += (uint32_t)v2(id, w, l, 12);
                madd += v2(id, w, l, 13) + ((uint64_t)(uint32_t)v2(id, w, l, 14) << 32);
            }
    uint32_t g32[8];
    assert_int_equal(wt_memcpy_from_array(g32, 16, a32, 0, 0, 0, 4, 2, 1), WT_SUCCESS);
    assert_int_equal(g32[0], mn);
    assert_int_equal(g32[1], mx);
    assert_int_equal(g32[2], an);
    assert_int_equal(g32[3], orv);
    assert_int_equal(g32[5], padd);
    for (int e = 4; e < 8; e++)
        if (e != 5)
            assert_int_equal(g32[e], 0);
    uint8_t grg[32];
    assert_int_equal(wt_memcpy_from_array(grg, 16, arg, 0, 0, 0, 2, 2, 1), WT_SUCCESS);
    assert_int_equal(s64_of(le(grg, 8)), pmin);
    assert_int_equal(s64_of(le(grg + 8, 8)), pmax);
    assert_int_equal(le(grg + 16, 8), add64);
    assert_int_equal(s64_of(le(grg + 24, 8)), smin < INT64_MAX ? smin : INT64_MAX);
    assert_int_equal(le(odd + 17, 8), oadd);
    assert_int_equal(s64_of(le(odd + 25, 8)), omax);
    for (int i = 0; i < 17; i++)
        assert_int_equal(odd[i], 0); /* row 0 and the pitch byte: untouched */
    assert_int_equal(le(narrow, 3), nar & 0xffffffu);
    assert_int_equal(le(mixed + 12, 8), madd);
    for (int i = 0; i < 12; i++)
        assert_int_equal(mixed[i], 0);
    for (int i = 20; i < 24; i++)
        assert_int_equal(mixed[i], 0);
    assert_int_equal(wt_destroy_surface_object(j0.r32), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(j0.rg), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(j0.odd), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(j0.narrow), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(j0.mixed), WT_SUCCESS);
    assert_int_equal(wt_free_array(a32), WT_SUCCESS);
    assert_int_equal(wt_free_array(arg), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sured_two_threads_exact),
        cmocka_unit_test(every_form_two_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
