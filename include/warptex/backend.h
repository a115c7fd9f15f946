/* warptex/backend.h -- run-time backend selection and threading */
#ifndef WARPTEX_BACKEND_H
#define WARPTEX_BACKEND_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The live backend: "scalar", "avx2", "avx512", "neon".  Chosen once, on
 * first use, as the best one compiled in that the CPU runs, unless the
 * environment variable WARPTEX_BACKEND names one.  Thread-safe. */
const char *wt_backend_name(void);

/* Force a backend by name.  An unknown name, one not compiled in, or one the
 * CPU lacks is WT_ERROR_BACKEND_UNAVAILABLE (nothing changes). */
wt_status wt_set_backend(const char *name);

/* 1 when `name` is compiled in and usable on this CPU. */
int wt_backend_available(const char *name);

/* Space-separated CPU features warptex looks at ("sse2 avx2 fma avx512f ..."). */
const char *wt_cpu_features(void);

/* Library version string, "0.1.0". */
const char *wt_version(void);

/* Threads used by batch entry points and the PTX launcher (OpenMP);
 * 0 = all cores (default, or WARPTEX_NUM_THREADS). */
wt_status wt_set_num_threads(int n);
int wt_get_num_threads(void);

#ifdef __cplusplus
}
#endif
#endif
