/* bench.h -- shared declarations of warptex-bench: options, timing, the backend loop, reporting
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_BENCH_H
#define WARPTEX_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include <warptex.h>

#include "bench_data.h"

/* Exit codes of warptex-bench. */
#define BENCH_OK 0
#define BENCH_FAIL 1  /* a library error, a checksum or histogram mismatch */
#define BENCH_USAGE 2 /* bad command line */

/* What one invocation runs. */
typedef struct bench_config {
    int quick;          /* --quick: N cut to BENCH_QUICK_N */
    int reps;           /* timed repetitions per figure (after one warm-up) */
    int all_threads;    /* the "all cores" thread count */
    unsigned workloads; /* bit i set: workload i of bench_workload_ids[] selected */
} bench_config;

/* One pass of a workload over `threads` threads (timed).  Returns 0, or -1
 * after printing why on stderr (a library error). */
typedef int (*bench_pass_fn)(void *state, int threads);
/* Untimed work before every pass (e.g. zeroing a histogram); may be NULL. */
typedef int (*bench_prep_fn)(void *state);

/* A digest of a run's output: the mean of all output values (printed as the
 * checksum) and a 64-bit hash of their bit patterns (compared as well, so
 * that different outputs with equal means cannot pass). */
typedef struct bench_digest {
    double mean;
    uint64_t hash;
} bench_digest;

/* Digests the output of the last pass; may write a short verdict into note
 * (e.g. "MATCH").  Returns 0, or -1 on a library error. */
typedef int (*bench_digest_fn)(void *state, bench_digest *dg, char *note, size_t note_size);

/* A workload as the backend loop sees it. */
typedef struct bench_spec {
    const char *label;     /* "W1 bilinear-affine" */
    const char *unit;      /* "Msamples/s", "GB/s", "Mupdates/s" */
    double work;           /* units of `unit` x 1 s per pass (e.g. samples / 1e6) */
    bench_pass_fn pass;
    bench_prep_fn prep;
    bench_digest_fn digest;
    void *state;
    /* filled by the loop: the digest every run must equal */
    bench_digest first;
    int have_first;
} bench_spec;

/* Runs every available backend (scalar first) at `threads` threads: one
 * warm-up and cfg->reps timed passes each, digest checked against the first
 * run of this spec, one line printed per backend.  *scalar_rate gets the
 * scalar figure.  Returns 0 or -1 (library error, reported). */
int bench_run_backends(const bench_config *cfg, bench_spec *spec, int threads, double *scalar_rate);

/* Times and prints a plain-C comparison (memcpy, atomic loop) the same way,
 * with the ratio against scalar_rate; its digest is checked by the caller's
 * digest function (which records mismatches), not against the spec's. */
int bench_run_baseline(const bench_config *cfg, const char *label, const char *name, const char *unit,
                       double work, bench_pass_fn pass, bench_prep_fn prep, bench_digest_fn digest,
                       void *state, int threads, double scalar_rate);

/* One warm-up pass, then `reps` timed passes; *median_s is the median time. */
int bench_time(bench_pass_fn pass, bench_prep_fn prep, void *state, int threads, int reps,
               double *median_s);

void bench_digest_f32(bench_digest *dg, const uint32_t *bits, size_t n);
void bench_digest_u32(bench_digest *dg, const uint32_t *v, size_t n);
void bench_digest_u8(bench_digest *dg, const uint8_t *v, size_t n);

/* Records a failed consistency check: prints the warning on stderr and makes
 * the exit status nonzero. */
void bench_mismatch(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Prints a library failure "what: WT_ERROR_...: detail" on stderr. */
void bench_lib_error(const char *what, wt_status st, const char *detail);

/* The thread counts to measure: {1} or {1, all}.  Returns how many. */
int bench_thread_counts(const bench_config *cfg, int counts[2]);

/* Active mask of a warp with n lanes (n in 1..32). */
static inline uint32_t bench_lane_mask(size_t n)
{
    return n >= WT_WARP_SIZE ? 0xffffffffu : (1u << n) - 1u;
}

/* First failure inside a parallel loop: the status and the failing thread's
 * detail message (thread-local in warptex, so it is copied out there). */
typedef struct bench_failure {
    int failed;
    wt_status st;
    char msg[256];
} bench_failure;

int bench_failure_seen(bench_failure *f);
void bench_failure_record(bench_failure *f, wt_status st);

/* Workloads: W1..W5 (index 0..4) in bench_tex.c, S1 and S2 in bench_surf.c.
 * Each measures every available backend at every thread count and prints
 * its lines.  Return 0, or -1 on a library failure (already reported). */
int bench_tex_workload(int index, const bench_config *cfg, const bench_data *d);
int bench_surf_copy(const bench_config *cfg, const bench_data *d);
int bench_surf_histogram(const bench_config *cfg, const bench_data *d);

/* Workload ids as given to --workload, in run order. */
#define BENCH_NWORKLOADS 7
extern const char *const bench_workload_ids[BENCH_NWORKLOADS];
extern const char *const bench_workload_names[BENCH_NWORKLOADS];

#endif
