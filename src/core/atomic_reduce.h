/* atomic_reduce.h -- atomic read-modify-write of 1..8 bytes of memory, the same way whoever names them (atomic_reduce.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_ATOMIC_REDUCE_H
#define WT_ATOMIC_REDUCE_H

#include "internal.h"

/* One reduction after its form is decoded: op is a wt_redop (add, min, max,
 * and, or); the value is 64-bit when wide, else 32-bit; min/max compare
 * signed when sgn. */
typedef struct wt__red {
    uint8_t op, wide, sgn;
} wt__red;

/* The new value of an element: add wraps modulo 2^32 or 2^64, min/max by
 * the signedness, and/or bitwise ([semantics#decision-sured]). */
WT_INTERNAL uint64_t wt__red_apply(const wt__red *r, uint64_t old, uint64_t v);

/* Reduce the n bytes at p (1 <= n <= 8), read as a little-endian value with
 * the bytes past n zero, and write back its low n bytes (n below the access
 * size is [semantics#decision-sured-narrow-row]'s partial .clamp access).  Atomic against every other call
 * on the same bytes, from any thread and through any surface object: the
 * mechanism depends only on the address range (atomic_reduce.c). */
WT_INTERNAL void wt__atomic_reduce(const wt__red *r, uint8_t *p, unsigned n, uint64_t v);

#endif
