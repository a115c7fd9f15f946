/* bench_records.c -- the benchmark's backend loop, records and reports with a stand-in backend table
 * SPDX-License-Identifier: MIT
 *
 * This machine's build may have no backend that is compiled in but unusable,
 * so the loop is run here against a backend table that says so (the
 * bench_config.probe hook): such a backend must be reported as SKIPPED, in the
 * text and in the JSON, never measured and never counted as consistent.  Also:
 * one warm-up plus --reps timed passes, ratios, mismatches, medians, JSON
 * strings.  argv[1], when given, receives the JSON document of the skipped
 * run, which bench.cmake then validates (bench_records_json). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *json_path;

/* scalar runs; avx2 and avx512 are compiled in but this "CPU" lacks them;
 * neon is not compiled in. */
static bench_backend_state fake_probe(const char *name)
{
    if (strcmp(name, "scalar") == 0)
        return BENCH_BACKEND_USABLE;
    if (strcmp(name, "avx2") == 0 || strcmp(name, "avx512") == 0)
        return BENCH_BACKEND_UNUSABLE;
    return BENCH_BACKEND_ABSENT;
}

typedef struct fake {
    int passes, preps, digests;
    int change_at; /* the digest call (1-based) from which the output differs; 0: never */
    volatile double sink;
} fake;

static int fake_pass(void *state, int threads)
{
    fake *f = state;
    double s = 0.0;
    for (int i = 0; i < 20000 * threads; i++) /* long enough for a nonzero time */
        s += (double)i * 0.5;
    f->sink = s;
    f->passes++;
    return 0;
}

static int fake_prep(void *state)
{
    ((fake *)state)->preps++;
    return 0;
}

static int fake_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    fake *f = state;
    f->digests++;
    dg->mean = 0.5;
    dg->hash = f->change_at && f->digests >= f->change_at ? 0xbadu : 0x1234u;
    snprintf(note, note_size, "fake");
    return 0;
}

static void spec_init(bench_spec *spec, int workload, fake *f)
{
    memset(spec, 0, sizeof *spec);
    spec->workload = workload;
    spec->label = "test";
    spec->unit = "Msamples/s";
    spec->count = 1e6;
    spec->count_unit = "samples";
    spec->scale = 1e-6;
    spec->api = "warp";
    spec->output = workload == BENCH_S1 ? "rgba8" : "float4";
    spec->pass = fake_pass;
    spec->prep = fake_prep;
    spec->digest = fake_digest;
    spec->state = f;
}

/* The text report of one run, in memory. */
typedef struct capture {
    char *buf;
    size_t size;
} capture;

static void config_init(bench_config *cfg, capture *cap)
{
    bench_config_init(cfg, "bench_records");
    cfg->probe = fake_probe;
    cfg->reps = 3;
    cfg->all_threads = 2;
    cfg->workloads = 1u << 0; /* W1 */
    cap->buf = NULL;
    cap->size = 0;
    cfg->out = open_memstream(&cap->buf, &cap->size);
    assert_non_null(cfg->out);
}

/* The line of the text report that holds both words, or NULL. */
static const char *line_with(const char *text, const char *a, const char *b, char *line, size_t size)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        snprintf(line, size, "%.*s", (int)n, p);
        if (strstr(line, a) && strstr(line, b))
            return line;
        p += n + (p[n] == '\n');
    }
    return NULL;
}

/* A run's start with the stand-in table, which has scalar alone usable: scalar made live, as it
 * would be; returns the backend to put back. */
static const char *begin_scalar(bench_config *cfg, capture *cap)
{
    config_init(cfg, cap);
    bench_mismatch_reset();
    const char *initial = wt_backend_name();
    assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
    return initial;
}

static void skipped_backends(void **state)
{
    (void)state;
    bench_config cfg;
    capture cap;
    const char *initial = begin_scalar(&cfg, &cap);
    const char *live = wt_backend_name();
    fake f = {0};
    bench_spec spec;
    spec_init(&spec, 0, &f);
    assert_int_equal(bench_run_backends(&cfg, &spec, 1), 0);
    assert_int_equal(bench_run_backends(&cfg, &spec, 2), 0);
    assert_string_equal(wt_backend_name(), live); /* the loop puts the live backend back */

    /* scalar ran twice (1 and 2 threads): one warm-up + 3 timed passes each. */
    assert_int_equal(f.passes, 2 * (1 + 3));
    assert_int_equal(f.preps, 2 * (1 + 3));
    assert_int_equal(f.digests, 2);
    assert_int_equal(bench_mismatch_count(), 0);

    /* One record per (backend compiled in, threads); none for neon. */
    assert_int_equal(cfg.nrecords, 6);
    for (int t = 1; t <= 2; t++) {
        const bench_record *sc = bench_record_find(&cfg, 0, "warp", NULL, "scalar", t);
        assert_non_null(sc);
        assert_int_equal(sc->status, BENCH_REC_OK);
        assert_int_equal(sc->reps, 3);
        assert_true(sc->rate > 0.0);
        assert_true(sc->min_s <= sc->median_s && sc->median_s <= sc->max_s);
        assert_true(sc->vs_scalar == 1.0);
        if (t == 1)
            assert_true(sc->vs_1_thread == 1.0);
        else
            assert_true(sc->vs_1_thread > 0.0);
        for (int b = 0; b < 2; b++) {
            const bench_record *r = bench_record_find(&cfg, 0, "warp", NULL, b ? "avx512" : "avx2", t);
            assert_non_null(r);
            assert_int_equal(r->status, BENCH_REC_SKIPPED);
            assert_true(r->rate == 0.0 && r->vs_scalar == 0.0 && r->reps == 0);
            assert_non_null(strstr(r->note, "SKIPPED"));
        }
        assert_null(bench_record_find(&cfg, 0, "warp", NULL, "neon", t));
    }

    /* The text: a SKIPPED line per skipped backend and thread count, with no figure or checksum. */
    bench_report_summary(cfg.out, &cfg);
    fclose(cfg.out);
    char line[512];
    assert_non_null(line_with(cap.buf, "avx2", "SKIPPED", line, sizeof line));
    assert_null(strstr(line, "0.5000000000"));
    assert_null(strstr(line, "1.00x"));
    assert_non_null(line_with(cap.buf, "avx512", "SKIPPED", line, sizeof line));
    assert_non_null(line_with(cap.buf, "scalar", "0.5000000000", line, sizeof line));
    assert_non_null(strstr(line, "1.00x"));
    /* The summary's best figure is scalar's, never a skipped backend's. */
    assert_non_null(line_with(cap.buf, "W1 bilinear-affine", "115/229", line, sizeof line));
    assert_non_null(strstr(line, "scalar"));
    assert_null(strstr(line, "avx"));
    free(cap.buf);

    /* The JSON document of this run, for bench_records_json. */
    if (json_path) {
        FILE *j = fopen(json_path, "w");
        assert_non_null(j);
        assert_int_equal(bench_json_write(j, &cfg, "ok", 65536), 0);
        assert_int_equal(fclose(j), 0);
    }
    bench_config_free(&cfg);
    assert_int_equal(wt_set_backend(initial), WT_SUCCESS);
}

/* Two doors of one workload (the warp API and PTX, as W1 has): separate records, each door's
 * ratios against its own scalar and its own one-thread figure, its name on its report line. */
static void doors_kept_apart(void **state)
{
    (void)state;
    bench_config cfg;
    capture cap;
    const char *initial = begin_scalar(&cfg, &cap);
    fake f = {0}, g = {0};
    bench_spec warp, ptx;
    spec_init(&warp, 0, &f);
    spec_init(&ptx, 0, &g);
    ptx.api = "ptx";
    for (int t = 1; t <= 2; t++) {
        assert_int_equal(bench_run_backends(&cfg, &warp, t), 0);
        ptx.first = warp.first; /* the door's output must equal the warp API's */
        ptx.have_first = 1;
        assert_int_equal(bench_run_backends(&cfg, &ptx, t), 0);
    }
    assert_int_equal(bench_mismatch_count(), 0);
    assert_int_equal(cfg.nrecords, 12);
    for (int d = 0; d < 2; d++) {
        const char *api = d ? "ptx" : "warp";
        const bench_record *one = bench_record_find(&cfg, 0, api, NULL, "scalar", 1);
        const bench_record *two = bench_record_find(&cfg, 0, api, NULL, "scalar", 2);
        assert_non_null(one);
        assert_non_null(two);
        assert_string_equal(one->api, api);
        assert_string_equal(two->api, api);
        assert_true(one->vs_scalar == 1.0 && two->vs_scalar == 1.0);
        assert_true(two->vs_1_thread == two->rate / one->rate);
    }
    assert_true(bench_record_find(&cfg, 0, "warp", NULL, "scalar", 1) != bench_record_find(&cfg, 0, "ptx", NULL, "scalar", 1));
    assert_null(bench_record_find(&cfg, 0, "cuda", NULL, "scalar", 1));
    fclose(cfg.out);
    char line[512];
    assert_non_null(line_with(cap.buf, " ptx ", "0.5000000000", line, sizeof line));
    assert_non_null(line_with(cap.buf, " warp ", "0.5000000000", line, sizeof line));
    free(cap.buf);
    bench_config_free(&cfg);
    assert_int_equal(wt_set_backend(initial), WT_SUCCESS);
}

static void mismatch_and_baseline(void **state)
{
    (void)state;
    bench_config cfg;
    capture cap;
    config_init(&cfg, &cap);
    cfg.probe = bench_backend_probe; /* the real table: scalar at least */
    bench_mismatch_reset();
    fake f = {0}, base = {0};
    bench_spec spec;
    spec_init(&spec, BENCH_S1, &f);
    assert_int_equal(bench_run_backends(&cfg, &spec, 1), 0);
    /* A baseline giving the same output is consistent and has a ratio to scalar. */
    assert_int_equal(bench_run_baseline(&cfg, &spec, "memcpy", fake_pass, NULL, fake_digest, &base, 1), 0);
    const bench_record *b = bench_record_find(&cfg, BENCH_S1, NULL, NULL, "memcpy", 1);
    assert_non_null(b);
    assert_true(b->baseline);
    assert_null(b->api); /* plain C is not warptex */
    assert_string_equal(b->output, "rgba8");
    const bench_record *sc = bench_record_find(&cfg, BENCH_S1, "warp", NULL, "scalar", 1);
    assert_non_null(sc);
    assert_string_equal(sc->api, "warp");
    assert_int_equal(b->status, BENCH_REC_OK);
    assert_true(b->vs_scalar > 0.0);
    assert_int_equal(base.preps, 0);
    assert_int_equal(bench_mismatch_count(), 0);
    /* A run whose output differs from the first is a mismatch: recorded, reported, counted. */
    base.change_at = 1;
    assert_int_equal(bench_run_baseline(&cfg, &spec, "atomic", fake_pass, NULL, fake_digest, &base, 1), 0);
    const bench_record *m = bench_record_find(&cfg, BENCH_S1, NULL, NULL, "atomic", 1);
    assert_non_null(m);
    assert_int_equal(m->status, BENCH_REC_MISMATCH);
    assert_int_equal(bench_mismatch_count(), 1);
    fclose(cfg.out);
    char line[512];
    assert_non_null(line_with(cap.buf, "atomic", "CHECKSUM MISMATCH", line, sizeof line));
    free(cap.buf);
    bench_config_free(&cfg);
    bench_mismatch_reset();
}

static void medians(void **state)
{
    (void)state;
    double a[] = {3.0, 1.0, 2.0};
    assert_true(bench_median(a, 3) == 2.0);
    double b[] = {4.0, 1.0, 3.0, 2.0};
    assert_true(bench_median(b, 4) == 2.5);
    double c[] = {7.0};
    assert_true(bench_median(c, 1) == 7.0);
    double d[] = {9.0, 1.0, 100.0, 2.0, 3.0}; /* one slow outlier does not move it */
    assert_true(bench_median(d, 5) == 3.0);
}

static void json_strings(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    assert_non_null(f);
    bench_json_string(f, "a\"b\\c\nd\te\x01 \xc3\xa9");
    fclose(f);
    assert_string_equal(buf, "\"a\\\"b\\\\c\\nd\\te\\u0001 \xc3\xa9\"");
    free(buf);
}

int main(int argc, char **argv)
{
    json_path = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skipped_backends),
        cmocka_unit_test(doors_kept_apart),
        cmocka_unit_test(mismatch_and_baseline),
        cmocka_unit_test(medians),
        cmocka_unit_test(json_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
