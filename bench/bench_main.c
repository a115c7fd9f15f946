/* bench_main.c -- warptex-bench: options, header, timing, the per-backend loop and the report lines
 * SPDX-License-Identifier: MIT
 *
 * Runs the standard workloads of BENCH.md (W1-W5 through wt_tex_warp, S1 and
 * S2 through wt_surf_warp) for every backend compiled in and usable here, at
 * one thread and at all cores.  Each figure is the median of --reps timed
 * passes after one warm-up pass; each run's output is digested (mean, printed
 * as the checksum, plus a hash of the bit patterns) and every run of a
 * workload must give the same digest as its first (scalar, one thread). */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench.h"

const char *const bench_workload_ids[BENCH_NWORKLOADS] = {"W1", "W2", "W3", "W4", "W5", "S1", "S2"};
const char *const bench_workload_names[BENCH_NWORKLOADS] = {
    "bilinear-affine", "bilinear-random", "trilinear-volume", "point-affine", "gather4", "surface-copy",
    "histogram"};

/* Scalar first: every ratio is against the scalar figure of the same run. */
static const char *const backend_names[] = {"scalar", "avx2", "avx512", "neon"};
#define NBACKENDS (sizeof backend_names / sizeof backend_names[0])

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
    fputs("warptex-bench: WARNING: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    mismatches++;
}

void bench_lib_error(const char *what, wt_status st, const char *detail)
{
    fflush(stdout);
    fprintf(stderr, "warptex-bench: %s failed: %s (%s)%s%s\n", what, wt_status_string(st), wt_status_description(st),
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

int bench_time(bench_pass_fn pass, bench_prep_fn prep, void *state, int threads, int reps, double *median_s)
{
    double *t = malloc((size_t)reps * sizeof *t);
    if (!t) {
        fprintf(stderr, "warptex-bench: out of memory\n");
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
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    *median_s = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
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

int bench_thread_counts(const bench_config *cfg, int counts[2])
{
    counts[0] = 1;
    if (cfg->all_threads <= 1)
        return 1;
    counts[1] = cfg->all_threads;
    return 2;
}

static void print_line(const char *label, const char *backend, int threads, double figure, const char *unit,
                       double ratio, const bench_digest *dg, double median_s, const char *note)
{
    char r[32];
    if (ratio > 0.0)
        snprintf(r, sizeof r, "%.2fx", ratio);
    else
        snprintf(r, sizeof r, "-");
    printf("%-20s %-8s %7d %11.2f %-10s %8s %10.3f  %-18.10f %s\n", label, backend, threads, figure, unit, r,
           median_s * 1e3, dg->mean, note ? note : "");
    fflush(stdout);
}

int bench_run_backends(const bench_config *cfg, bench_spec *spec, int threads, double *scalar_rate)
{
    const char *initial = wt_backend_name();
    int rc = 0;
    *scalar_rate = 0.0;
    for (size_t b = 0; b < NBACKENDS && rc == 0; b++) {
        const char *name = backend_names[b];
        if (!wt_backend_available(name))
            continue;
        wt_status st = wt_set_backend(name);
        if (st) {
            bench_lib_error("wt_set_backend()", st, wt_last_error_message());
            rc = -1;
            break;
        }
        wt_set_num_threads(threads);
        double med;
        bench_digest dg;
        char note[96] = "";
        if (bench_time(spec->pass, spec->prep, spec->state, threads, cfg->reps, &med) ||
            spec->digest(spec->state, &dg, note, sizeof note)) {
            rc = -1;
            break;
        }
        double rate = spec->work / med;
        if (b == 0)
            *scalar_rate = rate;
        if (!spec->have_first) {
            spec->first = dg;
            spec->have_first = 1;
        } else if (dg.mean != spec->first.mean || dg.hash != spec->first.hash) {
            bench_mismatch("%s: backend %s with %d thread%s gives checksum %.10f (hash %016llx), the first run "
                           "gave %.10f (hash %016llx)",
                           spec->label, name, threads, threads == 1 ? "" : "s", dg.mean,
                           (unsigned long long)dg.hash, spec->first.mean, (unsigned long long)spec->first.hash);
            snprintf(note + strlen(note), sizeof note - strlen(note), "%sCHECKSUM MISMATCH", *note ? " " : "");
        }
        print_line(spec->label, name, threads, rate, spec->unit, *scalar_rate > 0.0 ? rate / *scalar_rate : 0.0, &dg,
                   med, note);
    }
    wt_set_backend(initial);
    wt_set_num_threads(0);
    return rc;
}

int bench_run_baseline(const bench_config *cfg, const char *label, const char *name, const char *unit, double work,
                       bench_pass_fn pass, bench_prep_fn prep, bench_digest_fn digest, void *state, int threads,
                       double scalar_rate)
{
    double med;
    bench_digest dg;
    char note[96] = "";
    if (bench_time(pass, prep, state, threads, cfg->reps, &med) || digest(state, &dg, note, sizeof note))
        return -1;
    double rate = work / med;
    print_line(label, name, threads, rate, unit, scalar_rate > 0.0 ? rate / scalar_rate : 0.0, &dg, med, note);
    return 0;
}

/* ---- command line ---------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: warptex-bench [--quick] [--reps N] [--threads N] [--workload W1,W2,...] [--help]\n"
            "\n"
            "Runs the standard workloads of BENCH.md through the warp API for every backend\n"
            "available here, at 1 thread and at all cores:\n"
            "  W1 bilinear-affine   tex.2d.v4.f32.f32, T2 RGBA8 normalised float, linear, affine coordinates\n"
            "  W2 bilinear-random   tex.2d.v4.f32.f32, as W1, random coordinates\n"
            "  W3 trilinear-volume  tex.3d.v4.f32.f32, T3 256^3 f32, linear, random coordinates\n"
            "  W4 point-affine      tex.2d.v4.u32.f32, T2 element type, point, affine coordinates\n"
            "  W5 gather4           tld4.r.2d.v4.f32.f32, as W1, affine coordinates\n"
            "  S1 surface-copy      suld.b.2d.v4.b8.trap + sust.b.2d.v4.b8.trap of T2 (GB/s), beside memcpy\n"
            "  S2 histogram         sured.b.add.1d.u32.trap of T2's R bytes (Mupdates/s), beside an\n"
            "                       OpenMP-atomic C loop; the totals must match\n"
            "\n"
            "Each line: workload, backend, threads, median figure, ratio to the scalar figure of\n"
            "this run, median ms per pass, checksum (mean of the outputs), verdict.\n"
            "\n"
            "options:\n"
            "  --quick         smoke test: the first %u samples of each set (S1: %u rows,\n"
            "                  S2: %u values) and 2 repetitions unless --reps is given\n"
            "  --reps N        timed repetitions per figure, after one warm-up (default 5)\n"
            "  --threads N     the 'all cores' thread count (default: the processors OpenMP sees)\n"
            "  --workload LIST comma-separated ids, e.g. W1,W3,S2 (default: all)\n"
            "  --help          this text\n"
            "\n"
            "Exit status: 0 all consistent, 1 a library error or a checksum/histogram mismatch,\n"
            "2 a bad command line.\n",
            BENCH_QUICK_N, BENCH_QUICK_N / BENCH_OUT_SIDE, BENCH_QUICK_N);
}

static int parse_int(const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi) {
        fprintf(stderr, "warptex-bench: %s: '%s' is not an integer in %d..%d\n", opt, s, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int parse_workloads(const char *s, unsigned *mask)
{
    *mask = 0;
    const char *p = s;
    for (;;) {
        size_t len = strcspn(p, ",");
        int found = 0;
        for (int i = 0; i < BENCH_NWORKLOADS; i++) {
            const char *id = bench_workload_ids[i];
            const int first_ok = p[0] == id[0] || p[0] == id[0] - 'A' + 'a'; /* w1 as W1 */
            if (len == strlen(id) && first_ok && strncmp(p + 1, id + 1, len - 1) == 0) {
                *mask |= 1u << i;
                found = 1;
            }
        }
        if (!found) {
            fprintf(stderr, "warptex-bench: --workload: '%.*s' is not one of W1 W2 W3 W4 W5 S1 S2\n", (int)len, p);
            return -1;
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    return 0;
}

/* Returned by opt_value when the value is missing (already reported). */
static const char missing_value[] = "";

/* Accepts "--opt VALUE" and "--opt=VALUE". */
static const char *opt_value(const char *name, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        fprintf(stderr, "warptex-bench: option %s needs a value\n", name);
        return missing_value;
    }
    return argv[++*i];
}

static int parse_args(int argc, char **argv, bench_config *cfg, int *help)
{
    int reps = 0, threads = 0;
    const char *v;
    cfg->workloads = (1u << BENCH_NWORKLOADS) - 1u;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            *help = 1;
            return 0;
        }
        if (strcmp(argv[i], "--quick") == 0) {
            cfg->quick = 1;
            continue;
        }
        int bad = 0;
        if ((v = opt_value("--reps", argc, argv, &i)))
            bad = v == missing_value || parse_int("--reps", v, 1, 1000, &reps);
        else if ((v = opt_value("--threads", argc, argv, &i)))
            bad = v == missing_value || parse_int("--threads", v, 1, 1024, &threads);
        else if ((v = opt_value("--workload", argc, argv, &i)))
            bad = v == missing_value || parse_workloads(v, &cfg->workloads);
        else {
            fprintf(stderr, "warptex-bench: unknown option '%s' (see --help)\n", argv[i]);
            bad = 1;
        }
        if (bad)
            return -1;
    }
    cfg->reps = reps ? reps : cfg->quick ? 2 : 5;
#ifdef _OPENMP
    cfg->all_threads = threads ? threads : omp_get_num_procs();
#else
    if (threads > 1)
        fprintf(stderr, "warptex-bench: built without OpenMP: --threads %d runs on 1 thread\n", threads);
    cfg->all_threads = 1;
#endif
    return 0;
}

static void print_header(const bench_config *cfg, size_t n, double gen_s)
{
    printf("warptex-bench: warptex %s, default backend %s\n", wt_version(), wt_backend_name());
    printf("cpu features: %s\n", wt_cpu_features());
    printf("backends:");
    for (size_t b = 0; b < NBACKENDS; b++)
        printf(" %s%s", backend_names[b], wt_backend_available(backend_names[b]) ? "" : " (not available)");
    printf("\n");
#ifdef _OPENMP
    printf("openmp: yes, %d processors; threads measured: 1", omp_get_num_procs());
#else
    printf("openmp: no (built without it); threads measured: 1");
#endif
    if (cfg->all_threads > 1)
        printf(", %d", cfg->all_threads);
    printf("\n");
#if defined(__clang__)
    printf("compiler: clang %d.%d.%d", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
    printf("compiler: gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
    printf("compiler: unknown");
#endif
#if defined(__OPTIMIZE__)
    printf(", optimised");
#else
    printf(", NOT optimised (figures meaningless)");
#endif
#ifndef NDEBUG
    printf(", assertions on");
#endif
    printf("\n");
    printf("data: N = %zu samples per workload%s; T2 2048x2048 RGBA8, T3 256^3 f32; generated in %.2f s\n", n,
           cfg->quick ? " (--quick)" : "", gen_s);
    printf("timing: median of %d timed pass%s after 1 warm-up%s\n", cfg->reps, cfg->reps == 1 ? "" : "es",
           cfg->reps < 5 ? " (fewer than 5: not a BENCH.md figure)" : "");
    printf("\n%-20s %-8s %7s %11s %-10s %8s %10s  %-18s %s\n", "workload", "backend", "threads", "figure", "unit",
           "vs scalar", "ms/pass", "checksum", "verdict");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    bench_config cfg;
    int help = 0;
    memset(&cfg, 0, sizeof cfg);
    if (parse_args(argc, argv, &cfg, &help))
        return BENCH_USAGE;
    if (help) {
        usage(stdout);
        return BENCH_OK;
    }
    double t0 = now_s();
    bench_data d;
    if (bench_data_make(&d, cfg.quick ? BENCH_QUICK_N : BENCH_FULL_N)) {
        fprintf(stderr, "warptex-bench: out of memory for the benchmark data\n");
        return BENCH_FAIL;
    }
    print_header(&cfg, d.n, now_s() - t0);

    int failed = 0;
    for (int w = 0; w < BENCH_NWORKLOADS && !failed; w++) {
        if (!(cfg.workloads & (1u << w)))
            continue;
        int rc = w < 5 ? bench_tex_workload(w, &cfg, &d) : w == 5 ? bench_surf_copy(&cfg, &d)
                                                                  : bench_surf_histogram(&cfg, &d);
        failed = rc != 0;
    }
    bench_data_free(&d);
    printf("\ntotal %.1f s%s\n", now_s() - t0,
           failed ? ", stopped by a library error"
                  : mismatches ? ", WITH MISMATCHES (see the warnings)" : ", all checksums consistent");
    return failed || mismatches ? BENCH_FAIL : BENCH_OK;
}
