/* bench_run.c -- timing, output digests, and the loop that measures a workload on every backend
 * SPDX-License-Identifier: MIT
 *
 * Each figure is the median of cfg->reps timed passes after one warm-up pass;
 * each run's output is digested (mean, printed as the checksum, plus a hash
 * of the bit patterns) and every run of a workload must give the same digest
 * as its first (scalar, one thread). */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

static int mismatches;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void bench_mismatch(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s: WARNING: ", bench_prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    mismatches++;
}

int bench_mismatch_count(void) { return mismatches; }

void bench_mismatch_reset(void) { mismatches = 0; }

void bench_lib_error(const char *what, wt_status st, const char *detail)
{
    fflush(stdout);
    fprintf(stderr, "%s: %s failed: %s (%s)%s%s\n", bench_prog, what, wt_status_string(st), wt_status_description(st),
            detail && *detail ? ": " : "", detail ? detail : "");
}

int bench_failure_seen(bench_failure *f)
{
    int seen;
#ifdef _OPENMP
#pragma omp atomic read
#endif
    seen = f->failed;
    return seen;
}

void bench_failure_record(bench_failure *f, wt_status st)
{
#ifdef _OPENMP
#pragma omp critical(bench_failure)
#endif
    {
        if (!f->failed) {
            f->st = st;
            snprintf(f->msg, sizeof f->msg, "%s", wt_last_error_message());
#ifdef _OPENMP
#pragma omp atomic write
#endif
            f->failed = 1;
        }
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int bench_time(bench_pass_fn pass, bench_prep_fn prep, void *state, int threads, int reps, bench_timing *tm)
{
    double *t = malloc((size_t)reps * sizeof *t);
    if (!t) {
        fprintf(stderr, "%s: out of memory\n", bench_prog);
        return -1;
    }
    for (int r = -1; r < reps; r++) { /* r = -1: the warm-up pass, not timed */
        if (prep && prep(state)) {
            free(t);
            return -1;
        }
        double t0 = now_s();
        if (pass(state, threads)) {
            free(t);
            return -1;
        }
        double t1 = now_s();
        if (r >= 0)
            t[r] = t1 - t0;
    }
    tm->median_s = bench_median(t, (size_t)reps); /* sorted now */
    tm->min_s = t[0];
    tm->max_s = t[reps - 1];
    free(t);
    return 0;
}

/* Digests mix each 32-bit word into a 64-bit multiplicative hash (FNV-1a
 * over words): cheap, and any changed bit changes it with high probability. */
#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

void bench_digest_f32(bench_digest *dg, const uint32_t *bits, size_t n)
{
    uint64_t h = FNV_OFFSET;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        float f;
        memcpy(&f, &bits[i], sizeof f);
        sum += (double)f;
        h = (h ^ bits[i]) * FNV_PRIME;
    }
    dg->mean = n ? sum / (double)n : 0.0;
    dg->hash = h;
}

void bench_digest_u32(bench_digest *dg, const uint32_t *v, size_t n)
{
    uint64_t h = FNV_OFFSET;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        sum += (double)v[i];
        h = (h ^ v[i]) * FNV_PRIME;
    }
    dg->mean = n ? sum / (double)n : 0.0;
    dg->hash = h;
}

void bench_digest_u8(bench_digest *dg, const uint8_t *v, size_t n)
{
    uint64_t h = FNV_OFFSET, sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += v[i];
        h = (h ^ v[i]) * FNV_PRIME;
    }
    dg->mean = n ? (double)sum / (double)n : 0.0;
    dg->hash = h;
}

/* A record of the spec at `threads`, its identity filled in. */
static void record_init(bench_record *r, const bench_spec *spec, const char *backend, int baseline, int threads)
{
    memset(r, 0, sizeof *r);
    r->workload = spec->workload;
    r->backend = backend;
    r->baseline = baseline;
    r->threads = threads;
    /* A warptex run records the spec's API; the batch API's comparison
     * lines (S1, S2, named "batch") are that API too; other baselines are
     * plain C, not warptex. */
    r->api = !baseline ? spec->api : strcmp(backend, "batch") == 0 ? "batch" : NULL;
    r->output = baseline == 2 && spec->peer_output ? spec->peer_output : spec->output;
    r->unit = spec->unit;
    r->count = spec->count;
    r->count_unit = spec->count_unit;
}

/* Times one run of the spec's output (the spec's own pass or a baseline's),
 * checks its digest against the workload's first, fills in the figures and
 * the ratios, then prints and keeps the record. */
static int measure(bench_config *cfg, bench_spec *spec, bench_record *r, bench_pass_fn pass, bench_prep_fn prep,
                   bench_digest_fn digest, void *state)
{
    bench_timing tm;
    if (bench_time(pass, prep, state, r->threads, cfg->reps, &tm) ||
        digest(state, &r->digest, r->note, sizeof r->note))
        return -1;
    r->reps = cfg->reps;
    r->median_s = tm.median_s;
    r->min_s = tm.min_s;
    r->max_s = tm.max_s;
    r->rate = spec->count * spec->scale / tm.median_s;
    r->status = BENCH_REC_OK;
    if (r->baseline == 2) {
        /* a peer computing something else (bench_run_peer): not compared */
    } else if (!spec->have_first) {
        spec->first = r->digest;
        spec->have_first = 1;
    } else if (r->digest.mean != spec->first.mean || r->digest.hash != spec->first.hash) {
        bench_mismatch("%s: %s with %d thread%s gives checksum %.10f (hash %016llx), the first run gave %.10f "
                       "(hash %016llx)",
                       spec->label, r->backend, r->threads, r->threads == 1 ? "" : "s", r->digest.mean,
                       (unsigned long long)r->digest.hash, spec->first.mean, (unsigned long long)spec->first.hash);
        r->status = BENCH_REC_MISMATCH;
    }
    const bench_record *sc = bench_record_find(cfg, spec->workload, spec->api, spec->output, "scalar", r->threads);
    if (!r->baseline && strcmp(r->backend, "scalar") == 0)
        r->vs_scalar = 1.0;
    else if (sc && sc->status != BENCH_REC_SKIPPED && sc->rate > 0.0)
        r->vs_scalar = r->rate / sc->rate;
    if (r->threads == 1) {
        r->vs_1_thread = 1.0;
    } else {
        const bench_record *one = bench_record_find(cfg, spec->workload, r->api, r->output, r->backend, 1);
        if (one && one->status != BENCH_REC_SKIPPED && one->rate > 0.0)
            r->vs_1_thread = r->rate / one->rate;
    }
    bench_report_line(cfg->out, r);
    bench_record_add(cfg, r);
    return 0;
}

void bench_spec_samples(bench_spec *spec, char label[32], int workload, double count)
{
    snprintf(label, 32, "%s %s", bench_workload_ids[workload], bench_workload_names[workload]);
    memset(spec, 0, sizeof *spec);
    spec->workload = workload;
    spec->label = label;
    spec->unit = "Msamples/s";
    spec->count = count;
    spec->count_unit = "samples";
    spec->scale = 1e-6;
}

int bench_run_backends(bench_config *cfg, bench_spec *spec, int threads)
{
    const char *initial = wt_backend_name();
    int rc = 0;
    for (size_t b = 0; b < BENCH_NBACKENDS && rc == 0; b++) {
        const char *name = bench_backend_names[b];
        const bench_backend_state state = cfg->probe(name);
        if (state == BENCH_BACKEND_ABSENT || !(cfg->backends >> b & 1u))
            continue;
        bench_record r;
        record_init(&r, spec, name, 0, threads);
        if (state == BENCH_BACKEND_UNUSABLE) {
            r.status = BENCH_REC_SKIPPED;
            snprintf(r.note, sizeof r.note, "SKIPPED: compiled in, this CPU cannot run it");
            bench_report_line(cfg->out, &r);
            bench_record_add(cfg, &r);
            continue;
        }
        wt_status st = wt_set_backend(name);
        if (st) {
            bench_lib_error("wt_set_backend()", st, wt_last_error_message());
            rc = -1;
            break;
        }
        wt_set_num_threads(threads); /* for anything in the library that runs its own threads */
        rc = measure(cfg, spec, &r, spec->pass, spec->prep, spec->digest, spec->state);
    }
    wt_set_backend(initial);
    wt_set_num_threads(0);
    return rc;
}

int bench_run_door(bench_config *cfg, const bench_spec *warp, const char *api, bench_pass_fn pass,
                   bench_digest_fn digest, void *state)
{
    bench_spec spec = *warp; /* the same workload, label and digest to agree with */
    spec.api = api;
    spec.peer_output = NULL;
    spec.pass = pass;
    spec.prep = NULL;
    spec.digest = digest;
    spec.state = state;
    int counts[2], rc = 0;
    const int nc = bench_thread_counts(cfg, counts);
    for (int t = 0; t < nc && rc == 0; t++)
        rc = bench_run_backends(cfg, &spec, counts[t]);
    return rc;
}

int bench_float4_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    const bench_float4_out *o = state;
    (void)note, (void)note_size;
    bench_digest_f32(dg, (const uint32_t *)(const void *)o->out, o->n * 4u);
    return 0;
}

int bench_run_baseline(bench_config *cfg, bench_spec *spec, const char *name, bench_pass_fn pass,
                       bench_prep_fn prep, bench_digest_fn digest, void *state, int threads)
{
    bench_record r;
    record_init(&r, spec, name, 1, threads);
    return measure(cfg, spec, &r, pass, prep, digest, state);
}

int bench_run_peer(bench_config *cfg, bench_spec *spec, const char *name, bench_pass_fn pass, bench_digest_fn digest,
                   void *state, int threads)
{
    bench_record r;
    record_init(&r, spec, name, 2, threads);
    return measure(cfg, spec, &r, pass, NULL, digest, state);
}
