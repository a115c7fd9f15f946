/* bench_config.c -- what every part of a run shares: the program name, the workload names, the configuration, its thread counts and its records
 * SPDX-License-Identifier: MIT
 *
 * The measuring loop (bench_run.c) adds records, the report (bench_report.c)
 * and the JSON (bench_json.c) read them; keeping them here lets each of those
 * use them without calling the others. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

const char *bench_prog = "warptex-bench";

const char *const bench_workload_ids[BENCH_NWORKLOADS] = {"W1", "W2", "W3", "W4", "W5", "W6", "S1", "S2"};
const char *const bench_workload_names[BENCH_NWORKLOADS] = {
    "bilinear-affine", "bilinear-random", "trilinear-volume", "point-affine", "gather4", "warp-affine", "surface-copy",
    "histogram"};

void bench_config_init(bench_config *cfg, const char *prog)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->prog = prog;
    cfg->reps = 5;
    cfg->all_threads = 1;
    cfg->workloads = (1u << BENCH_NWORKLOADS) - 1u;
    cfg->backends = (1u << BENCH_NBACKENDS) - 1u;
    cfg->out = stdout;
    cfg->probe = bench_backend_probe;
    cfg->load[0] = cfg->load[1] = cfg->load[2] = -1.0;
}

void bench_config_free(bench_config *cfg)
{
    free(cfg->records);
    cfg->records = NULL;
    cfg->nrecords = cfg->cap = 0;
}

int bench_thread_counts(const bench_config *cfg, int counts[2])
{
    counts[0] = 1;
    if (cfg->all_threads <= 1)
        return 1;
    counts[1] = cfg->all_threads;
    return 2;
}

void bench_record_add(bench_config *cfg, const bench_record *r)
{
    if (cfg->nrecords == cfg->cap) {
        size_t cap = cfg->cap ? 2 * cfg->cap : 64;
        bench_record *p = realloc(cfg->records, cap * sizeof *p);
        if (!p) {
            if (!cfg->oom)
                fprintf(stderr, "%s: out of memory for the results: the JSON and the summary lack some\n",
                        bench_prog);
            cfg->oom = 1;
            return;
        }
        cfg->records = p;
        cfg->cap = cap;
    }
    cfg->records[cfg->nrecords++] = *r;
}

const bench_record *bench_record_find(const bench_config *cfg, int workload, const char *api, const char *output,
                                      const char *backend, int threads)
{
    for (size_t i = 0; i < cfg->nrecords; i++) {
        const bench_record *r = &cfg->records[i];
        if (r->workload == workload && r->threads == threads && strcmp(r->backend, backend) == 0 &&
            (r->api && api ? strcmp(r->api, api) == 0 : r->api == api) &&
            (!output || (r->output && strcmp(r->output, output) == 0)))
            return r;
    }
    return NULL;
}
