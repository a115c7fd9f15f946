/* bench_cli.c -- bench_main(): the command line, the header, the run of every workload, the summary and --json
 * SPDX-License-Identifier: MIT
 *
 * Runs the standard workloads of docs/bench.md (W1-W5 through wt_tex_warp, S1 and
 * S2 through wt_surf_warp) for every backend compiled in and usable here, at
 * one thread and at all cores.  warptex-bench and `warptex bench` are this
 * function. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [--quick] [--reps N] [--threads N] [--workload W1,W2,...] [--backend B,...] [--json FILE|-] [--help]\n"
            "\n"
            "Runs the standard workloads of docs/bench.md through the warp API (W6: the batch API; W1 also as\n"
            "PTX and as a CUDA kernel)\n"
            "for every backend compiled in and usable here, at 1 thread and at all cores:\n"
            "  W1 bilinear-affine   tex.2d.v4.f32.f32, T2 RGBA8 normalised float, linear, affine coordinates\n"
            "  W2 bilinear-random   tex.2d.v4.f32.f32, as W1, random coordinates\n"
            "  W3 trilinear-volume  tex.3d.v4.f32.f32, T3 256^3 f32, linear, random coordinates\n"
            "  W4 point-affine      tex.2d.v4.u32.f32, T2 element type, point, affine coordinates\n"
            "  W5 gather4           tld4.r.2d.v4.f32.f32, as W1, affine coordinates\n"
            "  W6 warp-affine       as W1 through wt_tex_batch_map: the library computes the affine\n"
            "                       coordinates; RGBA8 out (beside OpenCV warpAffine's figure)\n"
            "  S1 surface-copy      suld.b.2d.v4.b8.trap + sust.b.2d.v4.b8.trap of T2 (GB/s), beside memcpy\n"
            "  S2 histogram         sured.b.add.1d.u32.trap of T2's R bytes (Mupdates/s), beside an\n"
            "                       OpenMP-atomic C loop; the totals must match\n"
            "\n"
            "Each line: workload, backend, threads, median figure, ratio to the scalar figure at\n"
            "the same thread count in this run, median ms per pass, checksum (mean of the\n"
            "outputs; a hash of their bits is compared too), verdict.  A backend compiled in that\n"
            "this CPU cannot run is listed as SKIPPED.  A summary closes the run: the best\n"
            "backend per workload beside the figures docs/bench.md gives for other CPU samplers.\n"
            "\n"
            "options:\n"
            "  --quick         smoke test: the first %u samples of each set (S1: %u rows,\n"
            "                  S2: %u values) and 2 repetitions unless --reps is given\n"
            "  --reps N        timed repetitions per figure, after one warm-up (default 5);\n"
            "                  every figure is the median\n"
            "  --threads N     the 'all cores' thread count (default: the processors OpenMP sees)\n"
            "  --workload LIST comma-separated ids, e.g. W1,W3,S2 (default: all)\n"
            "  --backend LIST  comma-separated backends to measure, e.g. avx2 or scalar,avx2\n"
            "                  (default: every one compiled in; without scalar there is no ratio)\n"
            "  --json FILE     also write the results as one JSON document (schema\n"
            "                  warptex-bench/1, docs/bench.md); FILE '-' is standard output,\n"
            "                  and the text report then goes to standard error\n"
            "  --help          this text\n"
            "\n"
            "Exit status: 0 all consistent, 1 a library error, a checksum/histogram mismatch or\n"
            "a --json file that cannot be written, 2 a bad command line.\n",
            prog, BENCH_QUICK_N, BENCH_QUICK_N / BENCH_OUT_SIDE, BENCH_QUICK_N);
}

static int parse_int(const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    int digit_first = s[s[0] == '-'] >= '0' && s[s[0] == '-'] <= '9'; /* strtol skips spaces, takes '+' */
    if (!digit_first || *end || errno == ERANGE || v < lo || v > hi) {
        fprintf(stderr, "%s: %s: '%s' is not an integer in %d..%d\n", bench_prog, opt, s, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* A comma-separated list of names out of `names` (n of them) as a bit mask. */
static int parse_names(const char *opt, const char *s, const char *const *names, int n, unsigned *mask)
{
    *mask = 0;
    for (const char *p = s;; p++) {
        size_t len = strcspn(p, ",");
        int i = 0;
        while (i < n && !(strlen(names[i]) == len && strncmp(p, names[i], len) == 0))
            i++;
        if (i == n) {
            fprintf(stderr, "%s: %s: '%.*s' is not one of", bench_prog, opt, (int)len, p);
            for (int k = 0; k < n; k++)
                fprintf(stderr, " %s", names[k]);
            fprintf(stderr, "\n");
            return -1;
        }
        *mask |= 1u << i;
        p += len;
        if (!*p)
            return 0;
    }
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
            fprintf(stderr, "%s: --workload: '%.*s' is not one of W1 W2 W3 W4 W5 W6 S1 S2\n", bench_prog, (int)len,
                    p);
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
        fprintf(stderr, "%s: option %s needs a value\n", bench_prog, name);
        return missing_value;
    }
    return argv[++*i];
}

static int parse_args(int argc, char **argv, bench_config *cfg, int *help)
{
    int reps = 0, threads = 0;
    const char *v;
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
        else if ((v = opt_value("--backend", argc, argv, &i)))
            bad = v == missing_value ||
                  parse_names("--backend", v, bench_backend_names, BENCH_NBACKENDS, &cfg->backends);
        else if ((v = opt_value("--json", argc, argv, &i))) {
            bad = v == missing_value;
            if (!bad && !*v) {
                fprintf(stderr, "%s: --json: the file name is empty (use - for standard output)\n", bench_prog);
                bad = 1;
            }
            cfg->json = v;
        } else {
            fprintf(stderr, "%s: unknown option '%s' (see --help)\n", bench_prog, argv[i]);
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
        fprintf(stderr, "%s: built without OpenMP: --threads %d runs on 1 thread\n", bench_prog, threads);
    cfg->all_threads = 1;
#endif
    return 0;
}

static void print_header(const bench_config *cfg, size_t n, double gen_s)
{
    FILE *f = cfg->out;
    char model[256];
    bench_cpu_model(model, sizeof model);
    fprintf(f, "%s: warptex %s, default backend %s\n", cfg->prog, wt_version(), wt_backend_name());
    fprintf(f, "cpu: %s (%s, %d logical processors); features warptex uses: %s\n", model, bench_arch(),
            bench_processors(), wt_cpu_features());
    if (cfg->load[0] >= 0.0)
        fprintf(f, "load average at start: %.2f %.2f %.2f (above 0.1 or so, other work competes for the cores)\n",
                cfg->load[0], cfg->load[1], cfg->load[2]);
    fprintf(f, "backends:");
    for (int b = 0; b < BENCH_NBACKENDS; b++) {
        const char *name = bench_backend_names[b];
        const bench_backend_state st = cfg->probe(name);
        fprintf(f, " %s (%s)%s", name,
                !(cfg->backends >> b & 1u)     ? "not selected"
                : st == BENCH_BACKEND_USABLE   ? "measured"
                : st == BENCH_BACKEND_UNUSABLE ? "compiled in, this CPU cannot run it: SKIPPED"
                                               : "not compiled in",
                b + 1 < BENCH_NBACKENDS ? "," : "");
    }
    fprintf(f, "\n");
#ifdef _OPENMP
    fprintf(f, "openmp: yes, %d processors; threads measured: 1", omp_get_num_procs());
#else
    fprintf(f, "openmp: no (built without it); threads measured: 1");
#endif
    if (cfg->all_threads > 1)
        fprintf(f, ", %d", cfg->all_threads);
    fprintf(f, "\ncompiler: %s", bench_compiler());
#if defined(__OPTIMIZE__)
    fprintf(f, ", optimised");
#else
    fprintf(f, ", NOT optimised (figures meaningless)");
#endif
#ifndef NDEBUG
    fprintf(f, ", assertions on");
#endif
    fprintf(f, "\n");
    fprintf(f, "data: N = %zu samples per workload%s; T2 2048x2048 RGBA8, T3 256^3 f32; generated in %.2f s\n", n,
            cfg->quick ? " (--quick)" : "", gen_s);
    fprintf(f, "timing: median of %d timed pass%s after 1 warm-up%s\n", cfg->reps, cfg->reps == 1 ? "" : "es",
            cfg->reps < 5 ? " (fewer than 5: not a docs/bench.md figure)" : "");
    bench_report_head(f);
}

/* Opens the --json target before anything runs, so that an unwritable path
 * fails at once.  NULL after a message. */
static FILE *json_open(const char *path)
{
    if (strcmp(path, "-") == 0)
        return stdout;
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "%s: --json: cannot open '%s' for writing: %s\n", bench_prog, path, strerror(errno));
    return f;
}

/* Writes the document and closes the file; 0, or -1 after a message. */
static int json_finish(FILE *f, const bench_config *cfg, const char *status, size_t n)
{
    const char *path = strcmp(cfg->json, "-") == 0 ? "standard output" : cfg->json;
    errno = 0;
    int rc = bench_json_write(f, cfg, status, n);
    int e = errno;
    if (f != stdout) {
        if (fclose(f) != 0 && rc == 0) {
            rc = -1;
            e = errno;
        }
    }
    if (rc)
        fprintf(stderr, "%s: --json: cannot write %s%s%s: %s\n", bench_prog, f == stdout ? "" : "'", path,
                f == stdout ? "" : "'", e ? strerror(e) : "a write failed");
    return rc;
}

int bench_main(const char *prog, int argc, char **argv)
{
    bench_config cfg;
    int help = 0;
    bench_prog = prog;
    bench_mismatch_reset();
    bench_config_init(&cfg, prog);
    if (parse_args(argc, argv, &cfg, &help))
        return BENCH_USAGE;
    if (help) {
        usage(stdout, prog);
        return BENCH_OK;
    }
    FILE *json = NULL;
    if (cfg.json) {
        if (!(json = json_open(cfg.json)))
            return BENCH_FAIL;
        if (json == stdout)
            cfg.out = stderr; /* standard output carries the JSON document alone */
    }
    if (bench_load_average(cfg.load))
        cfg.load[0] = cfg.load[1] = cfg.load[2] = -1.0;
    double t0 = now_s();
    bench_data d;
    if (bench_data_make(&d, cfg.quick ? BENCH_QUICK_N : BENCH_FULL_N)) {
        fprintf(stderr, "%s: out of memory for the benchmark data\n", prog);
        if (json && json != stdout)
            fclose(json);
        return BENCH_FAIL;
    }
    const size_t n = d.n;
    print_header(&cfg, n, now_s() - t0);

    int failed = 0;
    for (int w = 0; w < BENCH_NWORKLOADS && !failed; w++) {
        if (!(cfg.workloads & (1u << w)))
            continue;
        int rc = w < BENCH_NTEX   ? bench_tex_workload(w, &cfg, &d)
                 : w == BENCH_W6 ? bench_warp_affine(&cfg, &d)
                 : w == BENCH_S1 ? bench_surf_copy(&cfg, &d)
                                 : bench_surf_histogram(&cfg, &d);
        failed = rc != 0;
    }
    bench_data_free(&d);
    if (!failed)
        bench_report_summary(cfg.out, &cfg);

    size_t skipped = 0;
    for (size_t i = 0; i < cfg.nrecords; i++)
        skipped += cfg.records[i].status == BENCH_REC_SKIPPED;
    const int mismatches = bench_mismatch_count();
    fprintf(cfg.out, "\ntotal %.1f s, %zu figure%s", now_s() - t0, cfg.nrecords - skipped,
            cfg.nrecords - skipped == 1 ? "" : "s");
    if (skipped)
        fprintf(cfg.out, ", %zu skipped (backend compiled in, not usable on this CPU)", skipped);
    fprintf(cfg.out, "%s\n",
            failed       ? ", stopped by a library error"
            : mismatches ? ", WITH MISMATCHES (see the warnings)"
                         : ", all checksums consistent");
    fflush(cfg.out);

    int json_failed = 0;
    if (json)
        json_failed = json_finish(json, &cfg, failed || cfg.oom ? "error" : mismatches ? "mismatch" : "ok", n) != 0;
    bench_config_free(&cfg);
    return failed || mismatches || cfg.oom || json_failed ? BENCH_FAIL : BENCH_OK;
}
