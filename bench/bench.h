/* bench.h -- shared declarations of the benchmark: options, timing, the backend loop, records, reports
 * SPDX-License-Identifier: MIT
 *
 * The benchmark is built once as a small static library (every bench/bench_*.c)
 * that two programs link: warptex-bench (bench/warptex_bench.c) and the
 * `warptex bench` subcommand of the warptex command.  Both call bench_main(). */
#ifndef WARPTEX_BENCH_H
#define WARPTEX_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <warptex.h>

#include "bench_data.h"

/* Exit codes of the benchmark. */
#define BENCH_OK 0
#define BENCH_FAIL 1  /* a library error, a checksum or histogram mismatch, an unwritable --json file */
#define BENCH_USAGE 2 /* bad command line */

/* The whole program: parses argv (argv[0] is ignored; options start at
 * argv[1]), runs the selected workloads, prints the report and writes the
 * --json document.  `prog` names the program in usage text and messages
 * ("warptex-bench", "warptex bench").  Returns an exit code above. */
int bench_main(const char *prog, int argc, char **argv);

/* What a backend name is in this build, on this CPU. */
typedef enum bench_backend_state {
    BENCH_BACKEND_ABSENT = 0,   /* not compiled in */
    BENCH_BACKEND_UNUSABLE = 1, /* compiled in, but this CPU cannot run it: skipped */
    BENCH_BACKEND_USABLE = 2
} bench_backend_state;

/* The library's answer (the compiled-in backend table and its CPU check). */
bench_backend_state bench_backend_probe(const char *name);

/* Every backend name the library may know, scalar first: every ratio is
 * against the scalar figure of the same run. */
#define BENCH_NBACKENDS 4
extern const char *const bench_backend_names[BENCH_NBACKENDS];

/* Workload ids as given to --workload, in run order (bench_config.c, as the
 * configuration, thread counts and records are). */
#define BENCH_NWORKLOADS 8
#define BENCH_NTEX 5 /* W1..W5 (warp API, coordinates from memory) are indices 0..4 */
#define BENCH_W6 5   /* W6 warp-affine: the batch API computes the coordinates */
#define BENCH_S1 6
#define BENCH_S2 7
#define BENCH_NPEERWL 6 /* workloads with peer figures in docs/bench.md: W1..W6 */
extern const char *const bench_workload_ids[BENCH_NWORKLOADS];
extern const char *const bench_workload_names[BENCH_NWORKLOADS];

/* A digest of a run's output: the mean of all output values (printed as the
 * checksum) and a 64-bit hash of their bit patterns (compared as well, so
 * that different outputs with equal means cannot pass). */
typedef struct bench_digest {
    double mean;
    uint64_t hash;
} bench_digest;

/* Record status: the digest equals the workload's first run (or is that
 * run), differs from it, or the backend was not run (compiled in, not usable
 * on this CPU).  A skipped record is never counted as consistent. */
typedef enum bench_status { BENCH_REC_OK = 0, BENCH_REC_MISMATCH = 1, BENCH_REC_SKIPPED = 2 } bench_status;

/* One line of the report and one element of the JSON "results" array: one
 * (workload, backend, threads), or a plain-C comparison (baseline). */
typedef struct bench_record {
    int workload;        /* index into bench_workload_ids */
    const char *backend; /* "scalar", "avx2", ... or the baseline's name ("memcpy", "atomic") */
    int baseline;        /* 1: a plain-C comparison measured in the same run, not warptex; 2: one that
                          * computes the workload its own way (its checksum not compared) */
    int threads;
    const char *api;     /* the warptex door measured ("warp", "batch", "ptx"); NULL for a peer that is not warptex */
    const char *output;  /* what is stored per sample: "float4", "u32x4", "float", "rgba8", "u8", "half4", "u32" */
    bench_status status;
    const char *unit;    /* "Msamples/s", "GB/s", "Mupdates/s" */
    double count;        /* samples, bytes moved or updates per pass */
    const char *count_unit;
    double rate;         /* median figure in `unit`; 0 when skipped */
    double vs_scalar;    /* rate / scalar's rate at the same thread count; 0 when none */
    double vs_1_thread;  /* rate / this backend's 1-thread rate; 0 when none */
    double median_s, min_s, max_s; /* seconds per timed pass */
    int reps;            /* timed passes (after one warm-up) */
    bench_digest digest;
    char note[96];       /* verdict ("copy exact", "MATCH (total n)") or why skipped */
} bench_record;

/* Times of the timed passes of one figure. */
typedef struct bench_timing {
    double median_s, min_s, max_s;
} bench_timing;

/* What one invocation runs, and what it has measured so far. */
typedef struct bench_config {
    const char *prog;   /* program name for messages */
    int quick;          /* --quick: N cut to BENCH_QUICK_N */
    int reps;           /* timed repetitions per figure (after one warm-up) */
    int all_threads;    /* the "all cores" thread count */
    unsigned workloads; /* bit i set: workload i of bench_workload_ids[] selected */
    unsigned backends;  /* bit i set: bench_backend_names[i] measured (--backend; default all) */
    const char *json;   /* --json FILE, "-" for stdout, or NULL */
    FILE *out;          /* the text report: stdout, or stderr when the JSON goes to stdout */
    double load[3];     /* load averages when the run started; -1 when unknown */
    /* The backend table to ask; bench_backend_probe unless a test replaces it. */
    bench_backend_state (*probe)(const char *name);
    bench_record *records;
    size_t nrecords, cap;
    int oom;            /* a record could not be stored */
} bench_config;

/* Sets the defaults of every field (prog, reps 5, every workload, stdout,
 * bench_backend_probe, no records). */
void bench_config_init(bench_config *cfg, const char *prog);
void bench_config_free(bench_config *cfg);

/* One pass of a workload over `threads` threads (timed).  Returns 0, or -1
 * after printing why on stderr (a library error). */
typedef int (*bench_pass_fn)(void *state, int threads);
/* Untimed work before every pass (e.g. zeroing a histogram); may be NULL. */
typedef int (*bench_prep_fn)(void *state);
/* Digests the output of the last pass; may write a short verdict into note
 * (e.g. "MATCH"), and calls bench_mismatch() for a wrong result.  Returns 0,
 * or -1 on a library error. */
typedef int (*bench_digest_fn)(void *state, bench_digest *dg, char *note, size_t note_size);

/* A workload as the backend loop sees it. */
typedef struct bench_spec {
    int workload;          /* index into bench_workload_ids */
    const char *label;     /* "W1 bilinear-affine" */
    const char *unit;      /* "Msamples/s", "GB/s", "Mupdates/s" */
    double count;          /* samples, bytes moved or updates per pass */
    const char *count_unit;
    double scale;          /* unit per count per second: 1e-6 (M.../s) or 1e-9 (GB/s) */
    const char *api;       /* the record fields of the same names for the backends' runs */
    const char *output;
    const char *peer_output; /* the plain-C peer's output where it differs (W4 writes rgba8); NULL: output */
    bench_pass_fn pass;
    bench_prep_fn prep;
    bench_digest_fn digest;
    void *state;
    /* filled by the loop: the digest every run must equal */
    bench_digest first;
    int have_first;
} bench_spec;

/* A spec of a sampling workload (W1-W6): zeroed, then its workload, its label ("W1
 * bilinear-affine", written into label) and count samples a pass, in Msamples/s.  The caller
 * sets api, output and the functions. */
void bench_spec_samples(bench_spec *spec, char label[32], int workload, double count);

/* Runs every backend compiled in (scalar first) at `threads` threads: a
 * usable one gets one warm-up and cfg->reps timed passes, its digest checked
 * against the first run of this spec, one line printed and one record kept;
 * one compiled in but not usable here gets a "skipped" line and record.
 * Returns 0 or -1 (library error, reported). */
int bench_run_backends(bench_config *cfg, bench_spec *spec, int threads);

/* Times and reports a plain-C comparison (memcpy, atomic loop) of the spec's
 * workload the same way, as a baseline record named `name`; its digest must
 * equal the spec's first digest too (the same output). */
int bench_run_baseline(bench_config *cfg, bench_spec *spec, const char *name, bench_pass_fn pass,
                       bench_prep_fn prep, bench_digest_fn digest, void *state, int threads);
/* As bench_run_baseline, for a peer that computes the workload its own way
 * (plain C with float weights, bench_plain_c.c): its checksum is not
 * compared with warptex's; the record's baseline is 2. */
int bench_run_peer(bench_config *cfg, bench_spec *spec, const char *name, bench_pass_fn pass, bench_digest_fn digest,
                   void *state, int threads);

/* W1-W5 (index 0..4) in plain C on the same data, as the "plain_c" peer at
 * `threads` threads (bench_run_peer).  Returns 0 or -1. */
int bench_plain_c_run(int index, bench_config *cfg, bench_spec *spec, const bench_data *d, int threads);

/* One warm-up pass, then `reps` timed passes. */
int bench_time(bench_pass_fn pass, bench_prep_fn prep, void *state, int threads, int reps, bench_timing *tm);

/* Median of n values (sorts them in place); n >= 1. */
double bench_median(double *v, size_t n);

void bench_digest_f32(bench_digest *dg, const uint32_t *bits, size_t n);
void bench_digest_u32(bench_digest *dg, const uint32_t *v, size_t n);
void bench_digest_u8(bench_digest *dg, const uint8_t *v, size_t n);

/* The program name for messages (set by bench_main; "warptex-bench" before). */
extern const char *bench_prog;

/* Records a failed consistency check: prints the warning on stderr and makes
 * the exit status nonzero (counted until bench_mismatch_reset()). */
void bench_mismatch(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Consistency failures since bench_main started. */
int bench_mismatch_count(void);
void bench_mismatch_reset(void);

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

/* Workloads: W1..W5 (index 0..4) in bench_tex.c, W6 in bench_warp_affine.c,
 * S1 and S2 in bench_surf.c.
 * Each measures every backend at every thread count and prints its lines.
 * Return 0, or -1 on a library failure (already reported). */
int bench_tex_workload(int index, bench_config *cfg, const bench_data *d);
int bench_warp_affine(bench_config *cfg, const bench_data *d);
int bench_surf_copy(bench_config *cfg, const bench_data *d);
int bench_surf_histogram(bench_config *cfg, const bench_data *d);

/* A door's W1 output: n float4s in sample order (what bench_float4_digest reads; the first member
 * of the door's state) */
typedef struct bench_float4_out {
    float *out;
    size_t n;
} bench_float4_out;
int bench_float4_digest(void *state, bench_digest *dg, char *note, size_t note_size);
/* Runs a door of the workload of `warp` (its label, count and the digest every run must give):
 * `api` names it; pass and digest as a spec's; every backend at every thread count. */
int bench_run_door(bench_config *cfg, const bench_spec *warp, const char *api, bench_pass_fn pass,
                   bench_digest_fn digest, void *state);

/* W1 through the PTX door (bench_ptx.c): nvcc's PTX of the W1 kernel run by the PTX front end
 * on `tex` and the n interleaved coordinates uv, every backend at every thread count, each
 * record's digest checked against `warp`'s (the warp API's W1).  Returns 0 or -1. */
int bench_ptx_w1(bench_config *cfg, const bench_spec *warp, wt_tex tex, const float *uv, size_t n);
/* W1 through the CUDA door (bench_cuda.c): a kernel built by warptex-cxx, the same way; records
 * nothing in a build without the CUDA layer. */
int bench_cuda_w1(bench_config *cfg, const bench_spec *warp, wt_tex tex, const float *uv, size_t n);

/* W1-W5 through the batch door (bench_batch.c): one wt_tex_batch call a pass on the warp
 * run's op, texture and interleaved coordinates, in each output form a peer writes
 * (docs/bench.md#batch-door), every backend at every thread count; each record's digest checked
 * against the warp API's registers `warp_out` (one block per warp), converted to the form lane by
 * lane.  Returns 0 or -1. */
int bench_batch_doors(bench_config *cfg, const bench_spec *warp, const wt_op *op, wt_tex tex, const float *coords,
                      size_t n, const wt_tex_result *warp_out);

/* ---- records (bench_config.c) ----------------------------------------------- */

/* Appends a record (copied); sets cfg->oom when out of memory. */
void bench_record_add(bench_config *cfg, const bench_record *r);
/* The record of (workload, api, output, backend, threads), or NULL; api NULL finds a plain-C
 * record, output NULL a record of any output. */
const bench_record *bench_record_find(const bench_config *cfg, int workload, const char *api, const char *output,
                                      const char *backend, int threads);

/* ---- reports (bench_report.c) ------------------------------------------------ */

/* A record of W1-W5's batch door (several output forms; the report names the form). */
static inline int bench_batch_form_line(const bench_record *r)
{
    return r->workload < BENCH_NTEX && r->api && r->output && r->api[0] == 'b';
}

/* The column heads, one report line per record, and the closing summary
 * table: the best warptex figure per workload at 1 thread and all cores
 * beside the peers of docs/bench.md (bench_peers.c) and the in-run baselines. */
void bench_report_head(FILE *f);
void bench_report_line(FILE *f, const bench_record *r);
void bench_report_summary(FILE *f, const bench_config *cfg);

/* ---- the peers of docs/bench.md (bench_peers.c) ------------------------------------ */

/* Msamples/s on docs/bench.md's reference machine (2 cores, Zen 5, AVX-512),
 * medians at 1 thread [0] and 2 threads [1] of W1..W6; a negative value:
 * not measured. */
typedef struct bench_peer {
    const char *id;   /* short key: "plain_c", "opencv", ... */
    const char *name; /* as docs/bench.md names it */
    double w[BENCH_NPEERWL][2];
} bench_peer;

#define BENCH_NPEERS 6
extern const bench_peer bench_peers[BENCH_NPEERS];
extern const char bench_peers_machine[];

/* ---- machine description (bench_machine.c) ------------------------------------ */

/* The CPU model ("model name" of /proc/cpuinfo, or what the platform says;
 * "unknown" when nothing does), in buf. */
void bench_cpu_model(char *buf, size_t size);
/* "x86_64", "aarch64", ... (what this program was compiled for). */
const char *bench_arch(void);
/* "gcc 12.2.0", "clang 14.0.6". */
const char *bench_compiler(void);
/* Logical processors online. */
int bench_processors(void);
/* The 1-, 5- and 15-minute load averages (/proc/loadavg): how busy the
 * machine was, for judging the noise in the figures.  0 when known, else -1. */
int bench_load_average(double load[3]);

/* ---- JSON (bench_json.c) --------------------------------------------------------- */

/* Writes the whole JSON document (schema: docs/bench.md#json) for the
 * records in cfg; `status` is "ok", "mismatch" or "error", `n` the samples
 * per workload.  Returns 0, or -1 when a write failed (ferror). */
int bench_json_write(FILE *f, const bench_config *cfg, const char *status, size_t n);
/* Writes s as a JSON string literal (quotes and escapes included). */
void bench_json_string(FILE *f, const char *s);

#endif
