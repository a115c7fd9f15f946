/* bench_surf.c -- surface workloads S1 (suld/sust copy, beside memcpy) and S2 (sured histogram, beside OpenMP atomics)
 * SPDX-License-Identifier: MIT
 *
 * S1: T2 as a 2048 x 2048 RGBA8 surface copied to a second one; each lane
 * loads with suld.b.2d.v4.b8.trap at (4 * column, row) and stores the same
 * four bytes with sust.b.2d.v4.b8.trap; a warp is 32 consecutive columns of
 * one row.  GB/s counts bytes read plus bytes written.  The copy is checked
 * byte for byte against T2.
 *
 * S2: a 256-bin histogram of T2's R bytes with sured.b.add.1d.u32.trap at
 * x = 4 * R (a byte address) into a 256-element u32 surface, 32 consecutive
 * pixels per warp.  The plain C comparison is the same count with
 * `#pragma omp atomic`.  Both histograms must equal, bin for bin, the one
 * counted serially before timing.
 *
 * Each is measured twice for warptex: lane by lane through wt_surf_warp per
 * backend, and once through the batch API (the "batch" line: the same
 * lanes and instructions, as a program that has whole arrays calls them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench.h"

#define ROW_BYTES ((size_t)BENCH_T2_SIDE * 4u)
#define WARPS_PER_ROW (BENCH_T2_SIDE / WT_WARP_SIZE)
#define BINS 256u

static int lib_fail(const char *what, wt_status st)
{
    bench_lib_error(what, st, wt_last_error_message());
    return -1;
}

/* A 2D RGBA8 (or 1D u32 when height is 0) array usable as a surface, and a
 * surface object over it. */
static int make_surface(wt_array *arr, wt_surf *surf, const wt_channel_desc *cd, size_t w, size_t h)
{
    wt_status st = wt_malloc_array(arr, cd, w, h, 0, WT_ARRAY_SURFACE_LOAD_STORE);
    if (st)
        return lib_fail("wt_malloc_array()", st);
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = *arr;
    st = wt_create_surface_object(surf, &res);
    if (st) {
        wt_free_array(*arr);
        *arr = NULL;
        return lib_fail("wt_create_surface_object()", st);
    }
    return 0;
}

/* ---- S1 surface copy ------------------------------------------------------- */

typedef struct copy_job {
    size_t rows;           /* rows copied: 2048, or n / 2048 under --quick */
    const uint8_t *src;    /* T2 bytes */
    wt_array src_arr, dst_arr;
    wt_surf src_surf, dst_surf;
    uint8_t *zeros;        /* rows * ROW_BYTES zero bytes, to clear the destination */
    uint8_t *back;         /* the destination read back (warptex) or the memcpy target */
    bench_failure fail;
} copy_job;

static int copy_prep(void *state)
{
    copy_job *j = state;
    wt_status st = wt_memcpy_to_array(j->dst_arr, 0, 0, 0, j->zeros, ROW_BYTES, BENCH_T2_SIDE, j->rows, 1);
    return st ? lib_fail("wt_memcpy_to_array() clearing the S1 destination", st) : 0;
}

static int copy_pass(void *state, int threads)
{
    copy_job *j = state;
    const long long warps = (long long)(j->rows * WARPS_PER_ROW);
    const wt_op ld = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 4, .bits = 8,
                      .clamp = WT_CLAMP_TRAP};
    const wt_op stv = {.family = WT_FAMILY_SUST, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 4, .bits = 8,
                       .clamp = WT_CLAMP_TRAP};
    memset(&j->fail, 0, sizeof j->fail);
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
        wt_surf_args args;
        wt_surf_result r;
        memset(&args, 0, sizeof args);
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (long long w = 0; w < warps; w++) {
            if (bench_failure_seen(&j->fail))
                continue;
            const int32_t y = (int32_t)(w / WARPS_PER_ROW), x0 = (int32_t)(w % WARPS_PER_ROW) * WT_WARP_SIZE;
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                args.c[0][l] = 4 * (x0 + l); /* .b: x in bytes */
                args.c[1][l] = y;
            }
            wt_status st = wt_surf_warp(&ld, j->src_surf, 0xffffffffu, &args, &r);
            if (!st) {
                for (int k = 0; k < 4; k++)
                    for (int l = 0; l < WT_WARP_SIZE; l++)
                        args.v[k][l] = r.d[k][l];
                st = wt_surf_warp(&stv, j->dst_surf, 0xffffffffu, &args, &r);
            }
            if (st)
                bench_failure_record(&j->fail, st);
        }
    }
    if (j->fail.failed) {
        bench_lib_error("wt_surf_warp() (S1 copy)", j->fail.st, j->fail.msg);
        return -1;
    }
    return 0;
}

/* Items [0, count) of a batch-API pass over `threads` OpenMP threads, each
 * thread with a scratch buffer of its own (scratch bytes, reused item after
 * item, so it stays in the thread's cache), every batch call on its calling
 * thread alone (the threads are this loop's: wt_set_num_threads(1) for the
 * pass); the first failure is recorded in *fail. */
typedef wt_status (*batch_item_fn)(void *ctx, size_t item, void *scratch);

static void batch_items(bench_failure *fail, int threads, size_t count, size_t scratch, batch_item_fn fn, void *ctx)
{
    const int before = wt_get_num_threads();
    wt_set_num_threads(1);
    memset(fail, 0, sizeof *fail);
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
        void *buf = malloc(scratch);
        if (!buf)
            bench_failure_record(fail, WT_ERROR_OUT_OF_MEMORY);
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (long long i = 0; i < (long long)count; i++) {
            if (!buf || bench_failure_seen(fail))
                continue;
            wt_status st = fn(ctx, (size_t)i, buf);
            if (st)
                bench_failure_record(fail, st);
        }
        free(buf);
    }
    wt_set_num_threads(before);
}

/* S1 through the batch API, as an image program copies a surface: bands of
 * BAND_ROWS rows, each loaded with wt_suld_region into the thread's buffer
 * and stored from there with wt_sust_region (the same suld/sust lanes; a
 * region inside the surface is its bytes row by row, batch.h). */
#define BAND_ROWS 16

static wt_status copy_band(void *ctx, size_t band, void *buf)
{
    const copy_job *j = ctx;
    static const wt_op ld = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 4, .bits = 8,
                             .clamp = WT_CLAMP_TRAP};
    static const wt_op stv = {.family = WT_FAMILY_SUST, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 4, .bits = 8,
                              .clamp = WT_CLAMP_TRAP};
    const size_t y = band * BAND_ROWS, rows = j->rows - y < BAND_ROWS ? j->rows - y : BAND_ROWS;
    const wt_region r = {0, (int32_t)y, 0, BENCH_T2_SIDE, rows};
    wt_status st = wt_suld_region(&ld, j->src_surf, &r, buf, ROW_BYTES, NULL);
    return st ? st : wt_sust_region(&stv, j->dst_surf, &r, buf, ROW_BYTES, NULL);
}

static int copy_batch_pass(void *state, int threads)
{
    copy_job *j = state;
    batch_items(&j->fail, threads, (j->rows + BAND_ROWS - 1) / BAND_ROWS, BAND_ROWS * ROW_BYTES, copy_band, j);
    if (j->fail.failed) {
        bench_lib_error("wt_suld_region()/wt_sust_region() (S1 copy)", j->fail.st, j->fail.msg);
        return -1;
    }
    return 0;
}

static void copy_verdict(const copy_job *j, bench_digest *dg, char *note, size_t note_size, const char *who)
{
    const size_t bytes = j->rows * ROW_BYTES;
    bench_digest_u8(dg, j->back, bytes);
    if (memcmp(j->back, j->src, bytes) == 0) {
        snprintf(note, note_size, "copy exact");
    } else {
        snprintf(note, note_size, "COPY MISMATCH");
        bench_mismatch("S1 surface-copy: the %s copy differs from T2", who);
    }
}

static int copy_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    copy_job *j = state;
    wt_status st = wt_memcpy_from_array(j->back, ROW_BYTES, j->dst_arr, 0, 0, 0, BENCH_T2_SIDE, j->rows, 1);
    if (st)
        return lib_fail("wt_memcpy_from_array() reading the S1 copy back", st);
    copy_verdict(j, dg, note, note_size, "surface");
    return 0;
}

static int memcpy_prep(void *state)
{
    copy_job *j = state;
    memcpy(j->back, j->zeros, j->rows * ROW_BYTES);
    return 0;
}

/* Each thread copies one contiguous share of the bytes. */
static int memcpy_pass(void *state, int threads)
{
    copy_job *j = state;
    const size_t bytes = j->rows * ROW_BYTES;
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
    {
        const size_t t = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
        const size_t lo = bytes * t / nt, hi = bytes * (t + 1) / nt;
        memcpy(j->back + lo, j->src + lo, hi - lo);
    }
#else
    memcpy(j->back, j->src, bytes);
#endif
    return 0;
}

static int memcpy_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    copy_verdict(state, dg, note, note_size, "memcpy");
    return 0;
}

int bench_surf_copy(bench_config *cfg, const bench_data *d)
{
    copy_job j;
    memset(&j, 0, sizeof j);
    j.rows = d->n / BENCH_T2_SIDE;
    j.src = d->t2;
    const size_t bytes = j.rows * ROW_BYTES;
    int rc = -1;
    const wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    if (make_surface(&j.src_arr, &j.src_surf, &cd, BENCH_T2_SIDE, BENCH_T2_SIDE) ||
        make_surface(&j.dst_arr, &j.dst_surf, &cd, BENCH_T2_SIDE, BENCH_T2_SIDE))
        goto done;
    wt_status st = wt_memcpy_to_array(j.src_arr, 0, 0, 0, d->t2, ROW_BYTES, BENCH_T2_SIDE, BENCH_T2_SIDE, 1);
    if (st) {
        lib_fail("wt_memcpy_to_array() filling the S1 source", st);
        goto done;
    }
    j.zeros = calloc(bytes, 1);
    j.back = malloc(bytes);
    if (!j.zeros || !j.back) {
        fprintf(stderr, "%s: out of memory for S1\n", bench_prog);
        goto done;
    }

    bench_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.workload = BENCH_S1;
    spec.label = "S1 surface-copy";
    spec.unit = "GB/s";
    spec.count = 2.0 * (double)bytes; /* read + written */
    spec.count_unit = "bytes";
    spec.scale = 1e-9;
    spec.api = "warp";
    spec.output = "rgba8"; /* the texels, copied as they are */
    spec.pass = copy_pass;
    spec.prep = copy_prep;
    spec.digest = copy_digest;
    spec.state = &j;
    int counts[2];
    const int nc = bench_thread_counts(cfg, counts);
    for (int t = 0; t < nc; t++)
        if (bench_run_backends(cfg, &spec, counts[t]) ||
            bench_run_baseline(cfg, &spec, "batch", copy_batch_pass, copy_prep, copy_digest, &j, counts[t]) ||
            bench_run_baseline(cfg, &spec, "memcpy", memcpy_pass, memcpy_prep, memcpy_digest, &j, counts[t]))
            goto done;
    rc = 0;
done:
    free(j.zeros);
    free(j.back);
    if (j.src_surf)
        wt_destroy_surface_object(j.src_surf);
    if (j.dst_surf)
        wt_destroy_surface_object(j.dst_surf);
    if (j.src_arr)
        wt_free_array(j.src_arr);
    if (j.dst_arr)
        wt_free_array(j.dst_arr);
    return rc;
}

/* ---- S2 histogram ---------------------------------------------------------- */

typedef struct hist_job {
    size_t n;              /* pixels counted */
    const uint8_t *t2;
    wt_array arr;
    wt_surf surf;
    uint32_t ref[BINS];    /* counted serially, untimed */
    uint32_t got[BINS];    /* read back from the surface, or the atomic loop's */
    bench_failure fail;
} hist_job;

static int hist_prep(void *state)
{
    hist_job *j = state;
    static const uint32_t zero[BINS];
    wt_status st = wt_memcpy_to_array(j->arr, 0, 0, 0, zero, sizeof zero, BINS, 1, 1);
    return st ? lib_fail("wt_memcpy_to_array() clearing the S2 histogram", st) : 0;
}

static int hist_pass(void *state, int threads)
{
    hist_job *j = state;
    const long long warps = (long long)((j->n + WT_WARP_SIZE - 1) / WT_WARP_SIZE);
    const wt_op red = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_1D, .mode = WT_SURF_B, .vec = 1, .bits = 32,
                       .clamp = WT_CLAMP_TRAP, .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    memset(&j->fail, 0, sizeof j->fail);
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
        wt_surf_args args;
        wt_surf_result r;
        memset(&args, 0, sizeof args);
        for (int l = 0; l < WT_WARP_SIZE; l++)
            args.v[0][l] = 1;
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (long long w = 0; w < warps; w++) {
            if (bench_failure_seen(&j->fail))
                continue;
            const size_t base = (size_t)w * WT_WARP_SIZE;
            const size_t lanes = j->n - base < WT_WARP_SIZE ? j->n - base : WT_WARP_SIZE;
            for (size_t l = 0; l < lanes; l++)
                args.c[0][l] = 4 * (int32_t)j->t2[4u * (base + l)]; /* R byte; .b: x in bytes */
            wt_status st = wt_surf_warp(&red, j->surf, bench_lane_mask(lanes), &args, &r);
            if (st)
                bench_failure_record(&j->fail, st);
        }
    }
    if (j->fail.failed) {
        bench_lib_error("wt_surf_warp() (S2 sured)", j->fail.st, j->fail.msg);
        return -1;
    }
    return 0;
}

/* S2 through the batch API: chunks of CHUNK pixels, their x = 4 * R put in
 * the thread's buffer, then one wt_sured_batch each (many lanes over 256
 * elements: it combines them per element, batch.h). */
#define CHUNK 16384

static wt_status hist_chunk(void *ctx, size_t chunk, void *buf)
{
    const hist_job *j = ctx;
    static const wt_op red = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_1D, .mode = WT_SURF_B, .vec = 1,
                              .bits = 32, .clamp = WT_CLAMP_TRAP, .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    static const uint32_t one = 1;
    int32_t *x = buf;
    const size_t base = chunk * CHUNK, n = j->n - base < CHUNK ? j->n - base : CHUNK;
    for (size_t i = 0; i < n; i++)
        x[i] = 4 * (int32_t)j->t2[4u * (base + i)]; /* R byte; .b: x in bytes */
    const wt_sured_batch_in in = {.x = x, .values = &one, .uniform = WT_BATCH_UNIFORM_VALUE};
    return wt_sured_batch(&red, j->surf, n, &in, NULL);
}

static int hist_batch_pass(void *state, int threads)
{
    hist_job *j = state;
    batch_items(&j->fail, threads, (j->n + CHUNK - 1) / CHUNK, CHUNK * sizeof(int32_t), hist_chunk, j);
    if (j->fail.failed) {
        bench_lib_error("wt_sured_batch() (S2 sured)", j->fail.st, j->fail.msg);
        return -1;
    }
    return 0;
}

static void hist_verdict(hist_job *j, bench_digest *dg, char *note, size_t note_size, const char *who)
{
    uint64_t total = 0;
    for (unsigned b = 0; b < BINS; b++)
        total += j->got[b];
    bench_digest_u32(dg, j->got, BINS);
    if (memcmp(j->got, j->ref, sizeof j->ref) == 0 && total == j->n) {
        snprintf(note, note_size, "MATCH (total %llu)", (unsigned long long)total);
    } else {
        snprintf(note, note_size, "MISMATCH (total %llu)", (unsigned long long)total);
        bench_mismatch("S2 histogram: the %s histogram (total %llu) differs from the serial count (total %zu)", who,
                       (unsigned long long)total, j->n);
    }
}

static int hist_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    hist_job *j = state;
    wt_status st = wt_memcpy_from_array(j->got, sizeof j->got, j->arr, 0, 0, 0, BINS, 1, 1);
    if (st)
        return lib_fail("wt_memcpy_from_array() reading the S2 histogram", st);
    hist_verdict(j, dg, note, note_size, "sured");
    return 0;
}

static int atomic_prep(void *state)
{
    hist_job *j = state;
    memset(j->got, 0, sizeof j->got);
    return 0;
}

static int atomic_pass(void *state, int threads)
{
    hist_job *j = state;
    const long long n = (long long)j->n;
    uint32_t *h = j->got;
    const uint8_t *t2 = j->t2;
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(threads)
#endif
    for (long long i = 0; i < n; i++) {
        const uint8_t r = t2[4 * i];
#ifdef _OPENMP
#pragma omp atomic update
#endif
        h[r]++;
    }
    return 0;
}

static int atomic_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    hist_verdict(state, dg, note, note_size, "OpenMP-atomic");
    return 0;
}

int bench_surf_histogram(bench_config *cfg, const bench_data *d)
{
    hist_job *j = calloc(1, sizeof *j);
    if (!j) {
        fprintf(stderr, "%s: out of memory for S2\n", bench_prog);
        return -1;
    }
    j->n = d->n;
    j->t2 = d->t2;
    for (size_t i = 0; i < j->n; i++)
        j->ref[d->t2[4 * i]]++;
    int rc = -1;
    const wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    if (make_surface(&j->arr, &j->surf, &cd, BINS, 0))
        goto done;

    bench_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.workload = BENCH_S2;
    spec.label = "S2 histogram";
    spec.unit = "Mupdates/s";
    spec.count = (double)j->n;
    spec.count_unit = "updates";
    spec.scale = 1e-6;
    spec.api = "warp";
    spec.output = "u32"; /* the bins */
    spec.pass = hist_pass;
    spec.prep = hist_prep;
    spec.digest = hist_digest;
    spec.state = j;
    int counts[2];
    const int nc = bench_thread_counts(cfg, counts);
    for (int t = 0; t < nc; t++)
        if (bench_run_backends(cfg, &spec, counts[t]) ||
            bench_run_baseline(cfg, &spec, "batch", hist_batch_pass, hist_prep, hist_digest, j, counts[t]) ||
            bench_run_baseline(cfg, &spec, "atomic", atomic_pass, atomic_prep, atomic_digest, j, counts[t]))
            goto done;
    rc = 0;
done:
    if (j->surf)
        wt_destroy_surface_object(j->surf);
    if (j->arr)
        wt_free_array(j->arr);
    free(j);
    return rc;
}
