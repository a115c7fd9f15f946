/* parallel.h -- the library's thread count and its one parallel loop (parallel.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_PARALLEL_H
#define WT_PARALLEL_H

#include <stddef.h>

#include "visibility.h"

/* C and C++ (the CUDA runtime's launches run blocks through this loop). */
#ifdef __cplusplus
extern "C" {
#endif

/* The most threads warptex runs (wt_set_num_threads, WARPTEX_NUM_THREADS,
 * --threads all take 1..WT_MAX_THREADS). */
#define WT_MAX_THREADS 1024

/* fn runs items [begin, end) on thread `thread` (0 .. threads-1). */
typedef void (*wt__task_fn)(void *ctx, size_t begin, size_t end, int thread);

/* Run items 0 .. n-1 in chunks of `grain` over `threads` threads (<= 0:
 * wt_get_num_threads()); returns when all have run.  Chunks are handed out
 * dynamically, so which thread runs an item is not fixed: fn must not care. */
WT_INTERNAL void wt__parallel_for(size_t n, size_t grain, int threads, wt__task_fn fn, void *ctx);

/* "" or why WARPTEX_NUM_THREADS was ignored (said once on stderr as well). */
WT_INTERNAL const char *wt__num_threads_env_problem(void);

#ifdef __cplusplus
}
#endif

#endif
