/* parallel.c -- the library's thread count and its one parallel loop
 * SPDX-License-Identifier: MIT
 *
 * Batch entry points and the PTX launcher spread independent work items
 * over threads through wt__parallel_for().  The threads are OpenMP's, except
 * in ThreadSanitizer builds (WT_PARALLEL_PTHREADS): libgomp is not
 * instrumented, so TSan would see its barriers as races; plain pthreads it
 * understands. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#if defined(_OPENMP) && !defined(WT_PARALLEL_PTHREADS)
#include <omp.h>
#define USE_OPENMP 1
#else
#include <pthread.h>
#include <unistd.h>
#define USE_OPENMP 0
#endif

#include "internal.h"
#include "parallel.h"

/* ---- the thread count ------------------------------------------------------ */

static _Atomic int num_threads; /* 0: WARPTEX_NUM_THREADS, else all cores */

/* WARPTEX_NUM_THREADS, parsed once: an integer in [1, WT_MAX_THREADS] with
 * nothing around it but blanks; anything else is ignored and said once. */
static int env_threads;
static char env_problem[160];
static once_flag env_once = ONCE_FLAG_INIT;

static void read_env(void)
{
    const char *s = getenv("WARPTEX_NUM_THREADS");
    if (!s || !*s)
        return;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == s || *end || errno == ERANGE || v < 1 || v > WT_MAX_THREADS) {
        snprintf(env_problem, sizeof env_problem,
                 "WARPTEX_NUM_THREADS=\"%.40s\" ignored: not an integer in 1..%d", s, WT_MAX_THREADS);
        fprintf(stderr, "warptex: %s\n", env_problem);
        return;
    }
    env_threads = (int)v;
}

const char *wt__num_threads_env_problem(void)
{
    call_once(&env_once, read_env);
    return env_problem;
}

wt_status wt_set_num_threads(int n)
{
    if (n < 0 || n > WT_MAX_THREADS)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_set_num_threads(): n = %d is not in 0..%d", n, WT_MAX_THREADS);
    atomic_store(&num_threads, n);
    return WT_SUCCESS;
}

/* The default: OpenMP's own (OMP_NUM_THREADS, else all cores), or the
 * cores online without OpenMP. */
static int cores(void)
{
#if USE_OPENMP
    int n = omp_get_max_threads();
#else
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
    return n < 1 ? 1 : n > WT_MAX_THREADS ? WT_MAX_THREADS : (int)n;
}

int wt_get_num_threads(void)
{
    int n = atomic_load(&num_threads);
    if (n > 0)
        return n;
    call_once(&env_once, read_env);
    return env_threads > 0 ? env_threads : cores();
}

/* ---- the loop ---------------------------------------------------------------- */

typedef struct loop {
    size_t n, grain;
    wt__task_fn fn;
    void *ctx;
    _Atomic size_t next; /* first item not yet handed out */
} loop;

/* Take chunks of `grain` items until none is left. */
static void drain(loop *L, int thread)
{
    for (;;) {
        size_t b = atomic_fetch_add_explicit(&L->next, L->grain, memory_order_relaxed);
        if (b >= L->n)
            return;
        size_t e = L->n - b < L->grain ? L->n : b + L->grain;
        L->fn(L->ctx, b, e, thread);
    }
}

#if !USE_OPENMP
typedef struct worker {
    loop *L;
    int thread;
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    drain(w->L, w->thread);
    return NULL;
}
#endif

void wt__parallel_for(size_t n, size_t grain, int threads, wt__task_fn fn, void *ctx)
{
    if (n == 0)
        return;
    if (grain == 0)
        grain = 1;
    if (threads <= 0)
        threads = wt_get_num_threads();
    size_t chunks = (n + grain - 1) / grain;
    if ((size_t)threads > chunks)
        threads = (int)chunks;
    loop L = {.n = n, .grain = grain, .fn = fn, .ctx = ctx};
    atomic_init(&L.next, 0);
    if (threads <= 1) {
        drain(&L, 0);
        return;
    }
#if USE_OPENMP
#pragma omp parallel num_threads(threads)
    drain(&L, omp_get_thread_num());
#else
    /* The caller is thread 0; a thread that cannot be started leaves its
     * share to the others (the result is the same, only slower). */
    worker w[WT_MAX_THREADS];
    pthread_t tid[WT_MAX_THREADS];
    int started[WT_MAX_THREADS] = {0};
    for (int t = 1; t < threads; t++) {
        w[t] = (worker){&L, t};
        started[t] = pthread_create(&tid[t], NULL, worker_main, &w[t]) == 0;
    }
    drain(&L, 0);
    for (int t = 1; t < threads; t++)
        if (started[t])
            pthread_join(tid[t], NULL);
#endif
}
