/* cpu.c -- what the CPU offers, probed once (baseline flags only)
 * SPDX-License-Identifier: MIT */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "internal.h"
#include "cpu.h"

static char features[160];
static unsigned feature_bits;
static once_flag probe_once = ONCE_FLAG_INIT;

static void add(const char *name, unsigned bit, int have)
{
    if (!have)
        return;
    feature_bits |= bit;
    if (features[0])
        strcat(features, " ");
    strcat(features, name);
}

int wt__gather_pairs;

#if defined(__x86_64__) || defined(__i386__)
/* wt__gather_pairs (cpu.h): gathers only where they measured faster than loads, an Intel CPU that
 * Linux reports not affected by Gather Data Sampling (whose microcode mitigation slows gathers);
 * loads on AMD (slower gathers on Zen 5) and wherever the kernel does not say (docs/design.md#texel-pairs). */
static char pairs_problem[96]; /* WARPTEX_TEXEL_PAIRS ignored, and why */

static int gathers_pay(void)
{
    const char *env = getenv("WARPTEX_TEXEL_PAIRS");
    if (env && strcmp(env, "gather") == 0)
        return 1;
    if (env && strcmp(env, "loads") == 0)
        return 0;
    if (env && *env) {
        snprintf(pairs_problem, sizeof pairs_problem, "WARPTEX_TEXEL_PAIRS=\"%.40s\" ignored: not gather or loads",
                 env);
        fprintf(stderr, "warptex: %s\n", pairs_problem);
    }
    if (!__builtin_cpu_is("intel"))
        return 0;
    char line[64] = "";
    FILE *f = fopen("/sys/devices/system/cpu/vulnerabilities/gather_data_sampling", "r");
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = 0;
        fclose(f);
    }
    return strncmp(line, "Not affected", 12) == 0;
}
#endif

static void probe(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    add("sse2", WT__CPU_SSE2, __builtin_cpu_supports("sse2"));
    add("avx2", WT__CPU_AVX2, __builtin_cpu_supports("avx2"));
    add("fma", WT__CPU_FMA, __builtin_cpu_supports("fma"));
    add("avx512f", WT__CPU_AVX512F, __builtin_cpu_supports("avx512f"));
    add("avx512bw", WT__CPU_AVX512BW, __builtin_cpu_supports("avx512bw"));
    add("avx512dq", WT__CPU_AVX512DQ, __builtin_cpu_supports("avx512dq"));
    add("avx512vl", WT__CPU_AVX512VL, __builtin_cpu_supports("avx512vl"));
    wt__gather_pairs = gathers_pay();
#elif defined(__aarch64__)
    add("neon", WT__CPU_NEON, 1); /* Advanced SIMD is mandatory on AArch64 */
#endif
    if (!features[0])
        strcpy(features, "none");
}

/* Features a test has hidden (wt_debug_hide_cpu_features): the library then behaves as on a CPU
 * without them.  The string wt_cpu_features() returns still says what the probe found. */
static _Atomic unsigned hidden;

void wt_debug_hide_cpu_features(unsigned bits) { atomic_store_explicit(&hidden, bits, memory_order_relaxed); }

unsigned wt__cpu_features(void)
{
    call_once(&probe_once, probe);
    return feature_bits & ~atomic_load_explicit(&hidden, memory_order_relaxed);
}

const char *wt__texel_pairs_env_problem(void)
{
    call_once(&probe_once, probe);
#if defined(__x86_64__) || defined(__i386__)
    return pairs_problem;
#else
    return "";
#endif
}

const char *wt_cpu_features(void)
{
    call_once(&probe_once, probe);
    return features;
}
