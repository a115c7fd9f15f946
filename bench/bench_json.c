/* bench_json.c -- the --json document: the run's setting, one result per (workload, backend, threads), the peers
 * SPDX-License-Identifier: MIT
 *
 * Schema "warptex-bench/1"; docs/bench.md#json documents every field.  Each
 * result object is written on one line, so `grep '"workload": "W1"'` works
 * too.  Numbers that are not finite (and figures of skipped backends) are
 * null. */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"

void bench_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f); /* UTF-8 bytes pass through */
        }
    }
    fputc('"', f);
}

/* A number, or null when it is not finite or `valid` is 0. */
static void num(FILE *f, double v, int valid, const char *fmt)
{
    if (valid && isfinite(v))
        fprintf(f, fmt, v);
    else
        fputs("null", f);
}

static void key(FILE *f, const char *k) { fprintf(f, "\"%s\": ", k); }

/* A space-separated list as a JSON array of strings. */
static void word_array(FILE *f, const char *words)
{
    int first = 1;
    fputc('[', f);
    for (const char *p = words; *p;) {
        size_t n = strcspn(p, " ");
        if (n) {
            char w[64];
            snprintf(w, sizeof w, "%.*s", (int)(n < sizeof w ? n : sizeof w - 1), p);
            if (!first)
                fputs(", ", f);
            bench_json_string(f, w);
            first = 0;
        }
        p += n + (p[n] == ' ');
    }
    fputc(']', f);
}

/* The backends in `state` as a JSON array. */
static void backend_array(FILE *f, const bench_config *cfg, bench_backend_state state)
{
    int first = 1;
    fputc('[', f);
    for (int b = 0; b < BENCH_NBACKENDS; b++) {
        if (cfg->probe(bench_backend_names[b]) != state)
            continue;
        fprintf(f, "%s\"%s\"", first ? "" : ", ", bench_backend_names[b]);
        first = 0;
    }
    fputc(']', f);
}

static void result(FILE *f, const bench_record *r)
{
    static const char *const status[] = {"ok", "mismatch", "skipped"};
    const int ran = r->status != BENCH_REC_SKIPPED;
    fprintf(f, "{\"workload\": \"%s\", \"name\": \"%s\", ", bench_workload_ids[r->workload],
            bench_workload_names[r->workload]);
    key(f, "api");
    if (r->api)
        bench_json_string(f, r->api);
    else
        fputs("null", f);
    fputs(", ", f);
    key(f, "output");
    bench_json_string(f, r->output ? r->output : "");
    fputs(", ", f);
    key(f, "backend");
    bench_json_string(f, r->backend);
    fprintf(f, ", \"baseline\": %s, \"threads\": %d, \"status\": \"%s\", \"unit\": \"%s\", \"median\": ",
            r->baseline ? "true" : "false", r->threads, status[r->status], r->unit);
    num(f, r->rate, ran, "%.6g");
    fputs(", \"vs_scalar\": ", f);
    num(f, r->vs_scalar, ran && r->vs_scalar > 0.0, "%.4g");
    fputs(", \"vs_1_thread\": ", f);
    num(f, r->vs_1_thread, ran && r->vs_1_thread > 0.0, "%.4g");
    fputs(", \"pass_ms\": {\"median\": ", f);
    num(f, r->median_s * 1e3, ran, "%.6g");
    fputs(", \"min\": ", f);
    num(f, r->min_s * 1e3, ran, "%.6g");
    fputs(", \"max\": ", f);
    num(f, r->max_s * 1e3, ran, "%.6g");
    fprintf(f, "}, \"reps\": %d, \"count\": %.0f, \"count_unit\": \"%s\", \"checksum\": ", ran ? r->reps : 0,
            r->count, r->count_unit);
    num(f, r->digest.mean, ran, "%.17g");
    fputs(", \"hash\": ", f);
    if (ran)
        fprintf(f, "\"%016llx\"", (unsigned long long)r->digest.hash);
    else
        fputs("null", f);
    fputs(", \"note\": ", f);
    bench_json_string(f, r->note);
    fputc('}', f);
}

int bench_json_write(FILE *f, const bench_config *cfg, const char *status, size_t n)
{
    char model[256], date[32] = "";
    bench_cpu_model(model, sizeof model);
    time_t now = time(NULL);
    struct tm tmv;
    if (gmtime_r(&now, &tmv))
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tmv);
    int counts[2];
    const int nc = bench_thread_counts(cfg, counts);

    fputs("{\n  \"schema\": \"warptex-bench/1\",\n  \"program\": ", f);
    bench_json_string(f, cfg->prog);
    fputs(",\n  \"warptex_version\": ", f);
    bench_json_string(f, wt_version());
    fprintf(f, ",\n  \"date_utc\": \"%s\",\n  \"status\": \"%s\",\n", date, status);
    fprintf(f, "  \"checksums_consistent\": %s,\n", bench_mismatch_count() == 0 ? "true" : "false");

    fputs("  \"machine\": {\"cpu_model\": ", f);
    bench_json_string(f, model);
    fprintf(f, ", \"arch\": \"%s\", \"logical_processors\": %d, \"cpu_features\": ", bench_arch(),
            bench_processors());
    word_array(f, strcmp(wt_cpu_features(), "none") == 0 ? "" : wt_cpu_features());
    fputs(", \"load_average\": ", f);
    if (cfg->load[0] >= 0.0)
        fprintf(f, "[%.2f, %.2f, %.2f]", cfg->load[0], cfg->load[1], cfg->load[2]);
    else
        fputs("null", f);
    fputs("},\n", f);

    fprintf(f, "  \"build\": {\"compiler\": \"%s\", \"optimized\": %s, \"assertions\": %s, \"openmp\": %s},\n",
            bench_compiler(),
#if defined(__OPTIMIZE__)
            "true",
#else
            "false",
#endif
#ifndef NDEBUG
            "true",
#else
            "false",
#endif
#ifdef _OPENMP
            "true"
#else
            "false"
#endif
    );

    fputs("  \"backends\": {\"live\": ", f);
    bench_json_string(f, wt_backend_name());
    fputs(", \"usable\": ", f);
    backend_array(f, cfg, BENCH_BACKEND_USABLE);
    fputs(", \"skipped\": ", f);
    backend_array(f, cfg, BENCH_BACKEND_UNUSABLE);
    fputs(", \"not_compiled\": ", f);
    backend_array(f, cfg, BENCH_BACKEND_ABSENT);
    fputs("},\n", f);

    fprintf(f, "  \"config\": {\"quick\": %s, \"reps\": %d, \"warmup_passes\": 1, \"threads\": [1",
            cfg->quick ? "true" : "false", cfg->reps);
    if (nc > 1)
        fprintf(f, ", %d", counts[1]);
    fputs("], \"workloads\": [", f);
    int first = 1;
    for (int w = 0; w < BENCH_NWORKLOADS; w++)
        if (cfg->workloads & (1u << w)) {
            fprintf(f, "%s\"%s\"", first ? "" : ", ", bench_workload_ids[w]);
            first = 0;
        }
    fputs("]},\n", f);

    fprintf(f,
            "  \"sizes\": {\"samples\": %zu, \"t2\": {\"width\": %u, \"height\": %u, \"format\": \"RGBA8\"}, "
            "\"t3\": {\"width\": %u, \"height\": %u, \"depth\": %u, \"format\": \"R32F\"}, "
            "\"s1_rows\": %zu, \"s2_values\": %zu},\n",
            n, BENCH_T2_SIDE, BENCH_T2_SIDE, BENCH_T3_SIDE, BENCH_T3_SIDE, BENCH_T3_SIDE, n / BENCH_T2_SIDE, n);

    fputs("  \"results\": [", f);
    for (size_t i = 0; i < cfg->nrecords; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        result(f, &cfg->records[i]);
    }
    fputs(cfg->nrecords ? "\n  ],\n" : "],\n", f);

    fputs("  \"peers\": {\"source\": \"docs/bench.md\", \"machine\": ", f);
    bench_json_string(f, bench_peers_machine);
    fputs(", \"unit\": \"Msamples/s\", \"threads\": [1, 2], \"rows\": [", f);
    for (int p = 0; p < BENCH_NPEERS; p++) {
        fprintf(f, "%s\n    {\"id\": \"%s\", \"name\": ", p ? "," : "", bench_peers[p].id);
        bench_json_string(f, bench_peers[p].name);
        for (int w = 0; w < BENCH_NPEERWL; w++) {
            const double *v = bench_peers[p].w[w];
            fprintf(f, ", \"%s\": ", bench_workload_ids[w]);
            if (v[0] < 0.0) {
                fputs("null", f);
            } else {
                fprintf(f, "[%g, ", v[0]);
                num(f, v[1], v[1] >= 0.0, "%g");
                fputc(']', f);
            }
        }
        fputc('}', f);
    }
    fputs("\n  ]}\n}\n", f);
    fflush(f);
    return ferror(f) ? -1 : 0;
}
