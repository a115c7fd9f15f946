/* alloc.c -- every allocation of the library, with a failure hook for tests
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Countdown to an injected failure; 0 = never.  A test hook, not thread-safe
 * by design (tests that use it are single-threaded). */
static long fail_countdown;

void wt_debug_fail_alloc_after(long n) { fail_countdown = n; }

void *wt__alloc(size_t n)
{
    if (fail_countdown > 0 && --fail_countdown == 0)
        return NULL;
    if (n == 0)
        n = 1;
    /* 64-byte alignment: cache lines, and any SIMD load width. */
    size_t rounded = (n + 63) & ~(size_t)63;
    if (rounded < n)
        return NULL;
    void *p = aligned_alloc(64, rounded);
    if (p)
        memset(p, 0, rounded);
    return p;
}

void wt__free(void *p) { free(p); }
