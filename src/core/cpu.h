/* cpu.h -- CPU feature bits
 * SPDX-License-Identifier: MIT */
#ifndef WT_CPU_H
#define WT_CPU_H

#include "internal.h"

#define WT__CPU_SSE2 0x01u
#define WT__CPU_AVX2 0x02u
#define WT__CPU_FMA 0x04u
#define WT__CPU_AVX512F 0x08u
#define WT__CPU_AVX512BW 0x10u
#define WT__CPU_AVX512VL 0x20u
#define WT__CPU_NEON 0x40u
#define WT__CPU_AVX512DQ 0x80u

WT_INTERNAL unsigned wt__cpu_features(void);
/* How the AVX-512 u8 kernels read an RGBA8 texel pair (docs/design.md#texel-pairs): 1 with two
 * hardware gathers a vector, 0 with one scalar load a lane.  Fixed by the probe, before any kernel
 * is bound (every backend choice calls wt__cpu_features first): WARPTEX_TEXEL_PAIRS=gather or
 * loads, else gathers on an Intel CPU that Linux reports "Not affected" by Gather Data Sampling. */
WT_INTERNAL extern int wt__gather_pairs;
/* "" or why WARPTEX_TEXEL_PAIRS was ignored (for wt_config_problems) */
WT_INTERNAL const char *wt__texel_pairs_env_problem(void);
/* Test hook: from now on wt__cpu_features() leaves out these WT__CPU_ bits, as on a CPU without
 * them (call it before the first call that chooses a backend).  0 shows everything again. */
void wt_debug_hide_cpu_features(unsigned bits);

#endif
