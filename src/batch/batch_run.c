/* batch_run.c -- the batch driver: warps over threads through wt__parallel_for, the first failure, shared checks
 * SPDX-License-Identifier: MIT
 *
 * A batch is a list of warps; each is independent of the others (its lanes,
 * its inputs, its outputs), so which thread runs it cannot change a bit of
 * the result.  Failures are collected so that the report is the one of the
 * failing warp with the lowest index, whichever thread met it first. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "batch_run.h"
#include "../core/parallel.h"

#ifdef __SSE2__
#include <emmintrin.h> /* _mm_sfence */
#endif

/* Warps per chunk handed to a thread: at least MIN_GRAIN (a batch of fewer
 * warps than that runs on the calling thread, where starting threads would
 * cost more than it saves), at most MAX_GRAIN, about eight chunks per thread
 * in between so that uneven warps still balance. */
#define MIN_GRAIN 4
#define MAX_GRAIN 256

#define NO_FAILURE SIZE_MAX

typedef struct batch {
    const char *fn;
    size_t n, nwarps;
    size_t cols, per_row; /* a grid batch (wt__batch_run_grid): lanes per row, warps per row; else 0 */
    wt__batch_warp_fn warp;
    void *ctx;
    _Atomic size_t first;     /* lowest failing warp so far, NO_FAILURE if none */
    _Atomic size_t trapped;   /* lanes that trapped, in all warps */
    atomic_flag lock;         /* guards the record of the first failure below (failures only) */
    wt_status st;
    uint32_t bad; /* failing lanes of that warp */
    char msg[512];
} batch;

static void record(batch *b, size_t w, wt_status st, uint32_t bad)
{
    if (st == WT_ERROR_TRAP)
        atomic_fetch_add_explicit(&b->trapped, (size_t)__builtin_popcount(bad), memory_order_relaxed);
    if (w > atomic_load_explicit(&b->first, memory_order_relaxed))
        return; /* a lower warp already failed: its report wins */
    while (atomic_flag_test_and_set_explicit(&b->lock, memory_order_acquire))
        ;
    if (w < atomic_load_explicit(&b->first, memory_order_relaxed)) {
        b->st = st;
        b->bad = bad;
        /* The warp call's message is this thread's: copy it here. */
        snprintf(b->msg, sizeof b->msg, "%s", wt_last_error_message());
        atomic_store_explicit(&b->first, w, memory_order_relaxed);
    }
    atomic_flag_clear_explicit(&b->lock, memory_order_release);
}

/* The active lanes of warp w: the first lanes of the batch, or of its row. */
static uint32_t warp_mask(const batch *b, size_t w)
{
    if (!b->per_row)
        return wt__batch_mask(b->n, w);
    return wt__batch_mask(b->cols, w % b->per_row);
}

static void chunk(void *ctx, size_t begin, size_t end, int thread)
{
    batch *b = ctx;
    wt__batch_scratch s;
    memset(&s, 0, sizeof s);
    /* A helper thread keeps its own last error: a warp failing here must
     * not leave its status on a thread that did not call the batch. */
    wt_status saved_st = WT_SUCCESS;
    char saved_msg[512];
    if (thread != 0) {
        saved_st = wt_peek_last_error();
        snprintf(saved_msg, sizeof saved_msg, "%s", wt_last_error_message());
    }
    int failed = 0;
    for (size_t w = begin; w < end; w++) {
        uint32_t bad = 0;
        wt_status st = b->warp(b->ctx, w, warp_mask(b, w), &s, &bad);
        if (st) {
            record(b, w, st, bad);
            failed = 1;
        }
    }
    if (failed && thread != 0)
        wt__error(saved_st, "%s", saved_msg);
#ifdef __SSE2__
    /* A warp may have written with streaming stores (batch_tex_io.c), which
     * are weakly ordered: fenced before the batch returns. */
    _mm_sfence();
#endif
}

/* Runs the warps of b over the threads and reports the first failure. */
static wt_status run(batch *b, int serial)
{
    const char *fn = b->fn;
    atomic_init(&b->first, NO_FAILURE);
    atomic_init(&b->trapped, 0);
    atomic_flag_clear(&b->lock);
    int threads = serial ? 1 : wt_get_num_threads();
    size_t grain = b->nwarps / ((size_t)threads * 8u);
    grain = grain < MIN_GRAIN ? MIN_GRAIN : grain > MAX_GRAIN ? MAX_GRAIN : grain;
    wt__parallel_for(b->nwarps, grain, threads, chunk, b);

    size_t w = atomic_load(&b->first);
    if (w == NO_FAILURE)
        return WT_SUCCESS;
    int count = __builtin_popcount(warp_mask(b, w));
    if (b->per_row) {
        /* A grid names pixels by row and column: its lanes are not a list. */
        size_t row = w / b->per_row, c0 = (w % b->per_row) * WT_WARP_SIZE;
        if (b->st == WT_ERROR_TRAP)
            return wt__error(b->st, "%s(): lanes trapped; the first, row %zu column %zu: %s", fn, row,
                             c0 + (size_t)__builtin_ctz(b->bad), b->msg);
        return wt__error(b->st, "%s(): warp %zu (row %zu, columns %zu..%zu) failed: %s", fn, w, row, c0,
                         c0 + (size_t)count - 1, b->msg);
    }
    size_t lo = w * WT_WARP_SIZE, hi = lo + (size_t)count - 1;
    if (b->st == WT_ERROR_TRAP) {
        size_t total = atomic_load(&b->trapped);
        int l = __builtin_ctz(b->bad);
        return wt__error(b->st, "%s(): %zu lane%s trapped; the first, lane %zu (warp %zu, lane %d): %s", fn, total,
                         total == 1 ? "" : "s", lo + (size_t)l, w, l, b->msg);
    }
    return wt__error(b->st, "%s(): warp %zu (lanes %zu..%zu) failed: %s", fn, w, lo, hi, b->msg);
}

wt_status wt__batch_run(const char *fn, size_t n, int serial, wt__batch_warp_fn warp, void *ctx)
{
    if (n == 0)
        return WT_SUCCESS;
    batch b = {.fn = fn, .n = n, .nwarps = n / WT_WARP_SIZE + (n % WT_WARP_SIZE != 0), .warp = warp, .ctx = ctx};
    return run(&b, serial);
}

wt_status wt__batch_run_grid(const char *fn, size_t cols, size_t rows, wt__batch_warp_fn warp, void *ctx)
{
    if (cols == 0 || rows == 0)
        return WT_SUCCESS;
    size_t per_row = cols / WT_WARP_SIZE + (cols % WT_WARP_SIZE != 0);
    batch b = {.fn = fn, .n = cols * rows, .nwarps = per_row * rows, .cols = cols, .per_row = per_row, .warp = warp,
               .ctx = ctx};
    return run(&b, 0);
}

wt_status wt__batch_check_n(const char *fn, size_t n, size_t bytes, const char *what)
{
    if (bytes && n > (size_t)PTRDIFF_MAX / bytes)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): n = %zu lanes of %zu bytes of %s do not fit in memory (at most %zu lanes)", fn, n,
                         bytes, what, (size_t)PTRDIFF_MAX / bytes);
    return WT_SUCCESS;
}

wt_status wt__batch_restate(const char *fn, const char *inner, wt_status st)
{
    char msg[512];
    const char *m = wt_last_error_message();
    size_t k = strlen(inner);
    /* "inner(): rest" becomes "fn(): rest"; anything else is kept whole. */
    if (!strncmp(m, inner, k) && !strncmp(m + k, "(): ", 4))
        m += k + 4;
    snprintf(msg, sizeof msg, "%s", m);
    return wt__error(st, "%s(): %s", fn, msg);
}

int wt__batch_float_coords(int geom)
{
    switch (geom) {
    case WT_GEOM_1D: case WT_GEOM_A1D: return 1;
    case WT_GEOM_2D: case WT_GEOM_A2D: return 2;
    case WT_GEOM_3D: case WT_GEOM_CUBE: case WT_GEOM_ACUBE: return 3;
    default: return 0;
    }
}

int wt__batch_has_layer(int geom) { return geom == WT_GEOM_A1D || geom == WT_GEOM_A2D || geom == WT_GEOM_ACUBE; }
