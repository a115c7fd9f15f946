/* test_rb_sured_threads.c -- sured through the public warp and lane calls from two threads: millions of colliding reductions, exact totals
 * SPDX-License-Identifier: MIT
 *
 * Decision Q11: reductions are atomic across lanes and threads; add wraps
 * modulo 2^n, min/max compare by the type's signedness.  Both threads hit
 * the same few elements (and all 32 lanes of a warp collide on them too);
 * the totals are recomputed by a sequential model here.  tests/surface/
 * test_sured.c does the same on the scalar reference directly; this one
 * goes through wt_surf_warp (the active backend) and the NVVM names. */
#include <pthread.h>
#include <stdlib.h>

#include "rb_util.h"

#define WARPS 100000 /* per thread: 2 x 100000 x 32 x 3 ~ 19 million lane reductions */

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sured_two_threads_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
