/* bench_report.c -- a run's report lines, and the summary beside docs/bench.md's peers
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define LINE_FMT "%-20s %-12s %-8s %7d %11s %-10s %9s %10s  %-18s %s\n"

void bench_report_head(FILE *f)
{
    fprintf(f, "\n%-20s %-12s %-8s %7s %11s %-10s %9s %10s  %-18s %s\n", "workload", "api", "backend", "threads", "median",
            "unit", "vs scalar", "ms/pass", "checksum", "verdict");
    fflush(f);
}

void bench_report_line(FILE *f, const bench_record *r)
{
    char label[40], fig[32] = "-", ratio[32] = "-", ms[32] = "-", sum[32] = "-";
    snprintf(label, sizeof label, "%s %s", bench_workload_ids[r->workload], bench_workload_names[r->workload]);
    if (r->status != BENCH_REC_SKIPPED) {
        snprintf(fig, sizeof fig, "%.2f", r->rate);
        if (r->vs_scalar > 0.0)
            snprintf(ratio, sizeof ratio, "%.2fx", r->vs_scalar);
        snprintf(ms, sizeof ms, "%.3f", r->median_s * 1e3);
        snprintf(sum, sizeof sum, "%.10f", r->digest.mean);
    }
    const char *verdict = r->status == BENCH_REC_MISMATCH ? "CHECKSUM MISMATCH" : "";
    char note[160];
    snprintf(note, sizeof note, "%s%s%s", r->note, *r->note && *verdict ? " " : "", verdict);
    /* W1-W5's batch door writes several forms: the api column names the form */
    char api[32];
    snprintf(api, sizeof api, "%s%s%s", r->api ? r->api : "-", bench_batch_form_line(r) ? "/" : "",
             bench_batch_form_line(r) ? r->output : "");
    fprintf(f, LINE_FMT, label, api, r->backend, r->threads, fig, r->unit, ratio, ms, sum, note);
    fflush(f);
}

/* A figure with about three significant digits. */
static void fmt_rate(char *buf, size_t size, double v)
{
    if (v < 10.0)
        snprintf(buf, size, "%.2f", v);
    else if (v < 100.0)
        snprintf(buf, size, "%.1f", v);
    else
        snprintf(buf, size, "%.0f", v);
}

/* The best warptex (non-baseline, consistent) record of a workload at `threads`, among those
 * that keep the workload's own output (docs/bench.md#output-classes: the batch door's byte and
 * half forms are figures of another class). */
static const bench_record *best(const bench_config *cfg, int workload, int threads)
{
    const bench_record *b = NULL;
    for (size_t i = 0; i < cfg->nrecords; i++) {
        const bench_record *r = &cfg->records[i];
        if (bench_batch_form_line(r) && strcmp(r->output, "float4") && strcmp(r->output, "float") &&
            strcmp(r->output, "u32x4"))
            continue;
        if (r->workload == workload && r->threads == threads && !r->baseline && r->status == BENCH_REC_OK &&
            (!b || r->rate > b->rate))
            b = r;
    }
    return b;
}

/* "10.1 scalar" (1 thread) or "18.7 scalar 1.85x" (all cores, with the
 * scaling over the same backend's one-thread figure). */
static void fmt_cell(char *buf, size_t size, const bench_record *r)
{
    char v[32];
    if (!r) {
        snprintf(buf, size, "-");
        return;
    }
    fmt_rate(v, sizeof v, r->rate);
    if (r->threads > 1 && r->vs_1_thread > 0.0)
        snprintf(buf, size, "%s %s %.2fx", v, r->backend, r->vs_1_thread);
    else
        snprintf(buf, size, "%s %s", v, r->backend);
}

static void fmt_peer(char *buf, size_t size, const double v[2])
{
    char a[16], b[16];
    if (v[0] < 0.0) {
        snprintf(buf, size, "-");
        return;
    }
    snprintf(a, sizeof a, "%.0f", v[0]);
    if (v[1] < 0.0)
        snprintf(b, sizeof b, "-");
    else
        snprintf(b, sizeof b, "%.0f", v[1]);
    snprintf(buf, size, "%s/%s", a, b);
}

void bench_report_summary(FILE *f, const bench_config *cfg)
{
    int counts[2];
    const int nc = bench_thread_counts(cfg, counts);
    char head_all[32];
    snprintf(head_all, sizeof head_all, "%d threads (vs 1)", nc > 1 ? counts[1] : 1);
    fprintf(f, "\nsummary: the best consistent backend per workload (medians), beside the peers of docs/bench.md:\n"
               "Msamples/s at 1 / 2 threads on %s (not this machine)%s\n",
            bench_peers_machine,
            cfg->quick || cfg->reps < 5 ? ";\nTHIS RUN IS NOT A FIGURE BY THE RULES OF docs/bench.md (--quick or fewer than 5 repetitions)"
                                        : "");
    if (nc > 1 && counts[1] != 2)
        fprintf(f, "(warptex's all-cores column is %d threads; the peers' second figure is 2 threads)\n", counts[1]);
    fprintf(f, "\n%-20s %-18s %-24s", "workload", "1 thread", nc > 1 ? head_all : "");
    for (int p = 0; p < BENCH_NPEERS; p++)
        fprintf(f, " %10s", bench_peers[p].id);
    fputc('\n', f);
    for (int w = 0; w < BENCH_NWORKLOADS; w++) {
        if (!(cfg->workloads & (1u << w)))
            continue;
        char label[40], one[48], all[48] = "";
        snprintf(label, sizeof label, "%s %s", bench_workload_ids[w], bench_workload_names[w]);
        fmt_cell(one, sizeof one, best(cfg, w, 1));
        if (nc > 1)
            fmt_cell(all, sizeof all, best(cfg, w, counts[1]));
        fprintf(f, "%-20s %-18s %-24s", label, one, all);
        if (w < BENCH_NPEERWL) {
            for (int p = 0; p < BENCH_NPEERS; p++) {
                char cell[32];
                fmt_peer(cell, sizeof cell, bench_peers[p].w[w]);
                fprintf(f, " %10s", cell);
            }
            /* docs/bench.md's plain C is of its machine; this run's is of this one */
            const bench_record *p1 = bench_record_find(cfg, w, NULL, NULL, "plain_c", 1);
            const bench_record *pn = nc > 1 ? bench_record_find(cfg, w, NULL, NULL, "plain_c", counts[1]) : NULL;
            if (p1) {
                char v1[32], vn[32] = "-";
                fmt_rate(v1, sizeof v1, p1->rate);
                if (pn)
                    fmt_rate(vn, sizeof vn, pn->rate);
                fprintf(f, "  plain C here: %s%s%s", v1, nc > 1 ? "/" : "", nc > 1 ? vn : "");
            }
        } else {
            /* S1 and S2: docs/bench.md sets them beside plain C measured in the same run. */
            const char *base = w == BENCH_S1 ? "memcpy" : "atomic";
            const bench_record *b1 = bench_record_find(cfg, w, NULL, NULL, base, 1);
            const bench_record *bn = nc > 1 ? bench_record_find(cfg, w, NULL, NULL, base, counts[1]) : NULL;
            char v1[32] = "-", vn[32] = "-";
            if (b1 && b1->status != BENCH_REC_SKIPPED)
                fmt_rate(v1, sizeof v1, b1->rate);
            if (bn && bn->status != BENCH_REC_SKIPPED)
                fmt_rate(vn, sizeof vn, bn->rate);
            fprintf(f, " %s", w == BENCH_S1 ? "GB/s; memcpy in this run: " : "Mupdates/s; C atomics in this run: ");
            if (nc > 1)
                fprintf(f, "%s / %s", v1, vn);
            else
                fprintf(f, "%s", v1);
            /* the batch API's figures (bench_surf.c) */
            const bench_record *a1 = bench_record_find(cfg, w, "batch", NULL, "batch", 1);
            const bench_record *an = nc > 1 ? bench_record_find(cfg, w, "batch", NULL, "batch", counts[1]) : NULL;
            if (a1 && a1->status != BENCH_REC_SKIPPED) {
                char c1[32], cn[32] = "-";
                fmt_rate(c1, sizeof c1, a1->rate);
                if (an && an->status != BENCH_REC_SKIPPED)
                    fmt_rate(cn, sizeof cn, an->rate);
                fprintf(f, "; warptex batch API: %s%s%s", c1, nc > 1 ? " / " : "", nc > 1 ? cn : "");
            }
        }
        fputc('\n', f);
    }
    fprintf(f, "peers: ");
    for (int p = 0; p < BENCH_NPEERS; p++)
        fprintf(f, "%s%s = %s", p ? "; " : "", bench_peers[p].id, bench_peers[p].name);
    fprintf(f, "\n");
    fflush(f);
}
