/* test_batch_sured.c -- wt_sured_batch equals wt_surf_warp over the same lanes (every reduction, 1d/2d/3d, clamp modes, traps, both layouts, 1 and 2 threads; histogram-like batches that combine per element), and concurrent batches from two threads give exact totals
 * SPDX-License-Identifier: MIT */
#include <pthread.h>

#include "batch_util.h"

typedef struct form {
    const char *name;
    int mode, redop, rtype;
} form;

static const form forms[] = {
    {"sured.b.add.u32", WT_SURF_B, WT_RED_ADD, WT_RTYPE_U32}, {"sured.b.add.s32", WT_SURF_B, WT_RED_ADD, WT_RTYPE_S32},
    {"sured.b.min.s32", WT_SURF_B, WT_RED_MIN, WT_RTYPE_S32}, {"sured.b.max.u32", WT_SURF_B, WT_RED_MAX, WT_RTYPE_U32},
    {"sured.b.and.b32", WT_SURF_B, WT_RED_AND, WT_RTYPE_B32}, {"sured.b.or.b32", WT_SURF_B, WT_RED_OR, WT_RTYPE_B32},
    {"sured.b.add.u64", WT_SURF_B, WT_RED_ADD, WT_RTYPE_U64}, {"sured.b.max.s64", WT_SURF_B, WT_RED_MAX, WT_RTYPE_S64},
    {"sured.p.add.b32", WT_SURF_P, WT_RED_ADD, WT_RTYPE_B32}, {"sured.p.min.b64", WT_SURF_P, WT_RED_MIN, WT_RTYPE_B64},
};

static int wide(const form *f) { return f->rtype >= WT_RTYPE_U64; }

/* A surface of 4- or 8-byte integer elements for geometry g (0 1d, 1 2d,
 * 2 3d): 1d 40, 2d 9 x 5, 3d 4 x 3 x 3. */
static bt_surf make(int g, int eight, uint64_t seed)
{
    wt_channel_desc cd = eight ? wt_make_channel_desc(32, 32, 0, 0, WT_CHANNEL_UNSIGNED)
                               : wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    size_t e = eight ? 8 : 4;
    if (g == 0)
        return bt_make_surf(cd, e, 40, 0, 0, 0, seed);
    if (g == 1)
        return bt_make_surf(cd, e, 9, 5, 0, 0, seed);
    return bt_make_surf(cd, e, 4, 3, 3, 0, seed);
}

typedef struct lanes {
    int32_t *coords, *plane[3];
    void *values;
} lanes;

/* Coordinates mostly on a few elements (lanes collide), sometimes out of
 * range or misaligned (they trap under .trap). */
static lanes make_lanes(size_t n, int k, const form *f, const bt_surf *s, cu_rng *r)
{
    lanes L;
    size_t cap = n ? n : 1;
    L.coords = malloc(cap * (size_t)k * 4);
    for (int q = 0; q < 3; q++)
        L.plane[q] = malloc(cap * 4);
    L.values = malloc(cap * 8);
    assert_true(L.coords && L.plane[0] && L.plane[1] && L.plane[2] && L.values);
    size_t ext[3] = {s->w, s->h, s->d};
    int32_t unit = f->mode == WT_SURF_P ? 1 : (int32_t)s->esize;
    for (size_t i = 0; i < cap; i++) {
        for (int q = 0; q < k; q++) {
            int32_t v = (int32_t)cu_below(r, (uint32_t)(ext[q] < 3 ? ext[q] : 3)); /* hot spots */
            if (cu_below(r, 4) == 0)
                v = (int32_t)cu_below(r, (uint32_t)ext[q]);
            if (q == 0)
                v *= unit;
            if (cu_below(r, 40) == 0)
                v = cu_below(r, 2) ? -1 - (int32_t)cu_below(r, 5) : (int32_t)(ext[q] * (size_t)(q ? 1 : unit)) + 3;
            if (q == 0 && unit > 1 && cu_below(r, 60) == 0)
                v += 2; /* misaligned */
            L.coords[i * (size_t)k + (size_t)q] = v;
            L.plane[q][i] = v;
        }
        uint64_t val = cu_next(r);
        if (f->redop == WT_RED_ADD)
            val &= 0xfffff; /* sums that are easy to read in a failure */
        if (wide(f))
            ((uint64_t *)L.values)[i] = val;
        else
            ((uint32_t *)L.values)[i] = (uint32_t)val;
    }
    return L;
}

static void free_lanes(lanes *L)
{
    free(L->coords);
    for (int q = 0; q < 3; q++)
        free(L->plane[q]);
    free(L->values);
}

static wt_status oracle(const wt_op *op, wt_surf s, size_t n, int k, const lanes *L, int uniform, uint32_t *mask,
                        size_t *trapped)
{
    wt_surf_args *a = calloc(1, sizeof *a);
    wt_surf_result *o = calloc(1, sizeof *o);
    assert_true(a && o);
    wt_status first = WT_SUCCESS;
    *trapped = 0;
    int w64 = op->rtype >= WT_RTYPE_U64;
    for (size_t w = 0; w * 32 < n; w++) {
        size_t m = n - w * 32 < 32 ? n - w * 32 : 32;
        for (size_t l = 0; l < m; l++) {
            size_t i = w * 32 + l, iv = uniform ? 0 : i;
            for (int q = 0; q < k; q++)
                a->c[q][l] = L->plane[q][i];
            a->v[0][l] = w64 ? ((const uint64_t *)L->values)[iv] : ((const uint32_t *)L->values)[iv];
        }
        wt_status st = wt_surf_warp(op, s, m == 32 ? 0xffffffffu : (1u << m) - 1u, a, o);
        if (st && !first)
            first = st;
        mask[w] = o->trap;
        *trapped += (size_t)__builtin_popcount(o->trap);
    }
    free(a);
    free(o);
    return first;
}

static void test_sured_equals_warps(void **state)
{
    (void)state;
    cu_rng r = {0x5E4ED000u};
    long failures = 0, trapping = 0;
    for (size_t fi = 0; fi < sizeof forms / sizeof forms[0]; fi++) {
        const form *f = &forms[fi];
        for (int g = 0; g < 3; g++) {
            for (int clamp = 0; clamp < 3; clamp++) {
                wt_op op;
                memset(&op, 0, sizeof op);
                op.family = WT_FAMILY_SURED;
                op.mode = (uint8_t)f->mode;
                op.geom = (uint8_t)g; /* WT_GEOM_1D, _2D, _3D */
                op.vec = 1;
                op.bits = wide(f) ? 64 : 32;
                op.clamp = (uint8_t)clamp;
                op.redop = (uint8_t)f->redop;
                op.rtype = (uint8_t)f->rtype;
                int k = g + 1;
                for (size_t si = 0; si < BT_NSIZES; si++) {
                    size_t n = bt_sizes[si];
                    int layout = (int)cu_below(&r, 2), uniform = cu_below(&r, 4) == 0;
                    uint64_t seed = cu_next(&r);
                    bt_surf probe = make(g, wide(f), seed);
                    lanes L = make_lanes(n, k, f, &probe, &r);
                    bt_free_surf(&probe);
                    size_t words = (n + 31) / 32;
                    for (size_t ti = 0; ti < 2; ti++) {
                        assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
                        bt_surf a = make(g, wide(f), seed), b = make(g, wide(f), seed);
                        uint32_t *ma = malloc((words + 1) * 4), *mb = malloc((words + 1) * 4);
                        assert_true(ma && mb);
                        memset(ma, 0xEE, (words + 1) * 4);
                        size_t trapped;
                        wt_status want = oracle(&op, b.surf, n, k, &L, uniform, mb, &trapped);
                        wt_sured_batch_in in;
                        memset(&in, 0, sizeof in);
                        if (layout)
                            in.coords = L.coords;
                        else
                            in.x = L.plane[0], in.y = k > 1 ? L.plane[1] : NULL, in.z = k > 2 ? L.plane[2] : NULL;
                        in.values = L.values;
                        in.uniform = uniform ? WT_BATCH_UNIFORM_VALUE : 0;
                        wt_status got = wt_sured_batch(&op, a.surf, n, &in, ma);
                        char label[160];
                        snprintf(label, sizeof label, "%s.%dd.%s %s%s n=%zu threads=%d", f->name, g + 1,
                                 clamp == 0 ? "trap" : clamp == 1 ? "clamp" : "zero",
                                 layout ? "interleaved" : "planar", uniform ? " uniform" : "", n, bt_threads[ti]);
                        if (got != want) {
                            print_error("%s: status %s, the warps give %s (%s)\n", label, wt_status_string(got),
                                        wt_status_string(want), wt_last_error_message());
                            failures++;
                        } else if (got == WT_ERROR_TRAP) {
                            trapping++;
                            char head[96];
                            snprintf(head, sizeof head, "wt_sured_batch(): %zu lane%s trapped; the first, lane ",
                                     trapped, trapped == 1 ? "" : "s");
                            if (strncmp(wt_last_error_message(), head, strlen(head))) {
                                print_error("%s: message '%s'\n", label, wt_last_error_message());
                                failures++;
                            }
                        }
                        if (memcmp(ma, mb, words * 4) || ma[words] != 0xEEEEEEEEu) {
                            print_error("%s: trap masks differ\n", label);
                            failures++;
                        }
                        bt_assert_same_surf(&a, &b, label);
                        free(ma);
                        free(mb);
                        bt_free_surf(&a);
                        bt_free_surf(&b);
                    }
                    free_lanes(&L);
                }
            }
        }
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    print_message("%ld batches trapped (as their warps did)\n", trapping);
    assert_true(trapping > 0);
    assert_int_equal(failures, 0);
}

/* A histogram-like batch (batch_sured.c's combined path): many lanes, every
 * one aligned and inside a small 1D surface, per-lane or uniform values,
 * every .b form, 1 and 2 threads, equal to the warps; and the same batch
 * with one lane outside (it runs as warps) equal too. */
static void test_sured_combined_equals_warps(void **state)
{
    (void)state;
    cu_rng r = {0xC0B1AEDu};
    long failures = 0;
    const size_t n = 20011;
    for (size_t fi = 0; fi < sizeof forms / sizeof forms[0]; fi++) {
        const form *f = &forms[fi];
        if (f->mode != WT_SURF_B)
            continue;
        wt_op op;
        memset(&op, 0, sizeof op);
        op.family = WT_FAMILY_SURED;
        op.mode = WT_SURF_B;
        op.geom = WT_GEOM_1D;
        op.vec = 1;
        op.bits = wide(f) ? 64 : 32;
        op.clamp = (uint8_t)cu_below(&r, 3);
        op.redop = (uint8_t)f->redop;
        op.rtype = (uint8_t)f->rtype;
        for (int variant = 0; variant < 4; variant++) {
            const int uniform = variant & 1, outside = variant >> 1;
            const uint64_t seed = cu_next(&r);
            bt_surf probe = make(0, wide(f), seed); /* 40 elements */
            lanes L;
            L.coords = malloc(n * 4);
            L.values = malloc(n * 8);
            for (int q = 0; q < 3; q++)
                L.plane[q] = q ? NULL : L.coords;
            assert_true(L.coords && L.values);
            for (size_t i = 0; i < n; i++) {
                uint32_t e = cu_below(&r, 3) ? cu_below(&r, 4) : cu_below(&r, (uint32_t)probe.w); /* hot spots */
                L.coords[i] = (int32_t)(e * probe.esize);
                uint64_t v = cu_next(&r);
                if (wide(f))
                    ((uint64_t *)L.values)[i] = v;
                else
                    ((uint32_t *)L.values)[i] = (uint32_t)v;
            }
            if (outside)
                L.coords[n / 2] = (int32_t)(probe.w * probe.esize); /* just past the end */
            bt_free_surf(&probe);
            for (size_t ti = 0; ti < 2; ti++) {
                assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
                bt_surf a = make(0, wide(f), seed), b = make(0, wide(f), seed);
                size_t words = (n + 31) / 32, trapped;
                uint32_t *ma = malloc(words * 4), *mb = malloc(words * 4);
                assert_true(ma && mb);
                memset(ma, 0xEE, words * 4);
                wt_status want = oracle(&op, b.surf, n, 1, &L, uniform, mb, &trapped);
                wt_sured_batch_in in;
                memset(&in, 0, sizeof in);
                in.coords = L.coords;
                in.values = L.values;
                in.uniform = uniform ? WT_BATCH_UNIFORM_VALUE : 0;
                wt_status got = wt_sured_batch(&op, a.surf, n, &in, ma);
                char label[160];
                snprintf(label, sizeof label, "combined %s.1d clamp %d%s%s threads=%d", f->name, op.clamp,
                         uniform ? " uniform" : "", outside ? " one lane outside" : "", bt_threads[ti]);
                if (got != want || memcmp(ma, mb, words * 4)) {
                    print_error("%s: status %s (warps %s) or trap masks differ\n", label, wt_status_string(got),
                                wt_status_string(want));
                    failures++;
                }
                bt_assert_same_surf(&a, &b, label);
                free(ma);
                free(mb);
                bt_free_surf(&a);
                bt_free_surf(&b);
            }
            free(L.coords);
            free(L.values);
        }
    }
    /* a row narrower than the access (2 bytes, .b.u32 lanes at x = 0): never
     * combined; under .clamp the partial access ([semantics#decision-sured-narrow-row]), under .trap traps */
    for (int clamp = 0; clamp < 3; clamp++) {
        wt_op op = {.family = WT_FAMILY_SURED, .mode = WT_SURF_B, .geom = WT_GEOM_1D, .vec = 1, .bits = 32,
                    .clamp = (uint8_t)clamp, .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
        wt_channel_desc cd = wt_make_channel_desc(8, 0, 0, 0, WT_CHANNEL_UNSIGNED);
        bt_surf a = bt_make_surf(cd, 1, 2, 0, 0, 0, 7), b = bt_make_surf(cd, 1, 2, 0, 0, 0, 7);
        lanes L;
        L.coords = calloc(n, 4);
        L.values = malloc(4);
        assert_true(L.coords && L.values);
        L.plane[0] = L.coords, L.plane[1] = L.plane[2] = NULL;
        *(uint32_t *)L.values = 0x00010203u;
        size_t words = (n + 31) / 32, trapped;
        uint32_t *ma = malloc(words * 4), *mb = malloc(words * 4);
        assert_true(ma && mb);
        wt_status want = oracle(&op, b.surf, n, 1, &L, 1, mb, &trapped);
        wt_sured_batch_in in = {.coords = L.coords, .values = L.values, .uniform = WT_BATCH_UNIFORM_VALUE};
        wt_status got = wt_sured_batch(&op, a.surf, n, &in, ma);
        if (got != want || memcmp(ma, mb, words * 4)) {
            print_error("narrow row, clamp %d: status %s (warps %s) or trap masks differ\n", clamp,
                        wt_status_string(got), wt_status_string(want));
            failures++;
        }
        bt_assert_same_surf(&a, &b, "narrow row");
        free(ma);
        free(mb);
        free(L.coords);
        free(L.values);
        bt_free_surf(&a);
        bt_free_surf(&b);
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    assert_int_equal(failures, 0);
}

/* ---- concurrent batches ---------------------------------------------------------- */

#define HIST_N 200003 /* lanes per batch: 6251 warps, a 3-lane tail */
#define BATCHES 4     /* batches per thread */

typedef struct job {
    wt_surf hist, wide;
    const int32_t *bins, *cells;
    const uint64_t *values;
    int bad;
    char msg[512];
} job;

static void *worker(void *arg)
{
    job *j = arg;
    /* add.u32 1 into 256 bins of a 1D surface (a histogram: x = 4 * bin). */
    wt_op hist = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_1D, .vec = 1, .bits = 32, .clamp = WT_CLAMP_TRAP,
                  .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    /* add.u64 of varied values into the 4 x 2 elements of a 2D surface. */
    wt_op add64 = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_2D, .vec = 1, .bits = 64, .clamp = WT_CLAMP_TRAP,
                   .redop = WT_RED_ADD, .rtype = WT_RTYPE_U64};
    const uint32_t one = 1;
    for (int b = 0; b < BATCHES; b++) {
        wt_sured_batch_in h = {.x = j->bins, .values = &one, .uniform = WT_BATCH_UNIFORM_VALUE};
        wt_sured_batch_in w = {.coords = j->cells, .values = j->values};
        wt_status st = wt_sured_batch(&hist, j->hist, HIST_N, &h, NULL);
        if (!st)
            st = wt_sured_batch(&add64, j->wide, HIST_N, &w, NULL);
        if (st && !j->bad) {
            j->bad = 1;
            snprintf(j->msg, sizeof j->msg, "%s", wt_last_error_message());
        }
    }
    return NULL;
}

static void test_sured_concurrent_totals(void **state)
{
    (void)state;
    wt_channel_desc c32 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    wt_channel_desc c64 = wt_make_channel_desc(32, 32, 0, 0, WT_CHANNEL_UNSIGNED);
    bt_surf hist = bt_make_surf(c32, 4, 256, 0, 0, 0, 1), wide = bt_make_surf(c64, 8, 4, 2, 0, 0, 2);
    uint32_t zero32[256] = {0};
    uint64_t zero64[8] = {0};
    assert_int_equal(wt_memcpy_to_array(hist.arr, 0, 0, 0, zero32, sizeof zero32, 256, 1, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(wide.arr, 0, 0, 0, zero64, 32, 4, 2, 1), WT_SUCCESS);
    int32_t *bins = malloc(HIST_N * sizeof *bins), *cells = malloc(HIST_N * 2 * sizeof *cells);
    uint64_t *values = malloc(HIST_N * sizeof *values);
    assert_true(bins && cells && values);
    uint64_t want_hist[256] = {0}, want_wide[8] = {0};
    cu_rng r = {31337};
    for (size_t i = 0; i < HIST_N; i++) {
        uint32_t bin = cu_below(&r, 4) ? cu_below(&r, 8) : cu_below(&r, 256); /* a few hot bins */
        bins[i] = (int32_t)(4 * bin);
        uint32_t x = cu_below(&r, 4), y = cu_below(&r, 2);
        cells[2 * i] = (int32_t)(8 * x), cells[2 * i + 1] = (int32_t)y;
        values[i] = cu_next(&r); /* wraps modulo 2^64 */
        want_hist[bin] += 2 * BATCHES;
        want_wide[y * 4 + x] += 2 * BATCHES * values[i];
    }
    assert_int_equal(wt_set_num_threads(2), WT_SUCCESS); /* each batch spreads too: up to 4 threads at once */
    job jobs[2];
    pthread_t tid[2];
    for (int t = 0; t < 2; t++) {
        jobs[t] = (job){.hist = hist.surf, .wide = wide.surf, .bins = bins, .cells = cells, .values = values};
        assert_int_equal(pthread_create(&tid[t], NULL, worker, &jobs[t]), 0);
    }
    for (int t = 0; t < 2; t++) {
        assert_int_equal(pthread_join(tid[t], NULL), 0);
        if (jobs[t].bad)
            print_error("thread %d: %s\n", t, jobs[t].msg);
        assert_int_equal(jobs[t].bad, 0);
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    uint32_t got32[256];
    uint64_t got64[8];
    assert_int_equal(wt_memcpy_from_array(got32, sizeof got32, hist.arr, 0, 0, 0, 256, 1, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_from_array(got64, 32, wide.arr, 0, 0, 0, 4, 2, 1), WT_SUCCESS);
    for (int b = 0; b < 256; b++)
        assert_int_equal(got32[b], (uint32_t)want_hist[b]);
    for (int e = 0; e < 8; e++)
        assert_int_equal(got64[e], want_wide[e]);
    free(bins);
    free(cells);
    free(values);
    bt_free_surf(&hist);
    bt_free_surf(&wide);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sured_equals_warps),
        cmocka_unit_test(test_sured_combined_equals_warps),
        cmocka_unit_test(test_sured_concurrent_totals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
