/* read_section.h -- read sections of the deferred release (reclaim.c), for C and C++ callers alike
 * SPDX-License-Identifier: MIT
 *
 * Every lookup of a handle and every use of its object happens between
 * wt__read_begin() and wt__read_end() (they nest); an object destroyed
 * meanwhile is released only once no read section that could have found it
 * is left (internal.h: wt__retire).  The CUDA runtime (src/cuda) holds one
 * around every block it runs. */
#ifndef WT_READ_SECTION_H
#define WT_READ_SECTION_H

#include "visibility.h"

#ifdef __cplusplus
extern "C" {
#endif

WT_INTERNAL void wt__read_begin(void);
WT_INTERNAL void wt__read_end(void);
/* The nesting depth of this thread's read sections (async-signal-safe). */
WT_INTERNAL unsigned wt__read_depth(void);
/* 1 when read sections use asymmetric barriers (membarrier(2), reclaim.c). */
WT_INTERNAL int wt__read_barriers_asymmetric(void);

#ifdef __cplusplus
}
#endif

#endif
