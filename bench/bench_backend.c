/* bench_backend.c -- which backends this build has and this CPU runs
 * SPDX-License-Identifier: MIT
 *
 * The public API says only whether a backend is usable (wt_backend_available);
 * the benchmark must also tell "compiled in, but this CPU lacks it" (a skipped
 * backend) from "not compiled in", so it asks the library's backend table,
 * which it links statically. */
#include "bench.h"

#include "core/dispatch.h"

const char *const bench_backend_names[BENCH_NBACKENDS] = {"scalar", "avx2", "avx512", "neon"};

bench_backend_state bench_backend_probe(const char *name)
{
    const wt__backend *b = wt__backend_find(name);
    if (!b)
        return BENCH_BACKEND_ABSENT;
    return b->usable() ? BENCH_BACKEND_USABLE : BENCH_BACKEND_UNUSABLE;
}
