/* warptex/backend.h -- run-time backend selection and threading */
#ifndef WARPTEX_BACKEND_H
#define WARPTEX_BACKEND_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* wt_backend_name: the live backend: "scalar", "avx2", "avx512", "neon".
 * Chosen once, on first use, as the best one compiled in that the CPU runs,
 * unless the environment variable WARPTEX_BACKEND names one (one that is not
 * available is reported on stderr once, never silently replaced).
 * Errors: none.  Thread-safety: any thread; returns a static string. */
const char *wt_backend_name(void);

/* wt_set_backend: force a backend by name for every later call.
 * Errors: WT_ERROR_BACKEND_UNAVAILABLE for NULL, an unknown name, one not
 * compiled in, or one the CPU lacks (nothing changes).
 * Thread-safety: any thread; calls already running finish on the backend
 * they started with (all backends give identical results). */
wt_status wt_set_backend(const char *name);

/* wt_backend_available: 1 when `name` is compiled in and usable on this
 * CPU, else 0 (NULL too).  Errors: none.  Thread-safety: any thread. */
int wt_backend_available(const char *name);

/* wt_backend_describe: what backend `name` runs where: its specialised
 * kernels and the path everything else takes (e.g. "... everything else
 * through the reference, one lane at a time"); "compiled in: no" when the
 * build lacks it, or NULL for a name warptex does not know.  `warptex info`
 * prints it for every backend.  Errors: none.  Thread-safety: any thread;
 * returns a static string. */
const char *wt_backend_describe(const char *name);

/* wt_cpu_features: the space-separated CPU features warptex looks at
 * ("sse2 avx2 fma avx512f ...", "none" when none).  Errors: none.
 * Thread-safety: any thread (probed once); returns a static string. */
const char *wt_cpu_features(void);

/* wt_version: the library version string, "0.1.0" (WT_VERSION_STRING).
 * Errors: none.  Thread-safety: any thread. */
const char *wt_version(void);

/* wt_set_num_threads / wt_get_num_threads: threads used by batch entry
 * points and the PTX launcher (OpenMP); n = 0 restores the default:
 * WARPTEX_NUM_THREADS when it holds an integer in 1..1024, else OpenMP's default
 * (OMP_NUM_THREADS, else all cores; all cores in a build without OpenMP).
 * wt_get_num_threads() returns the count in effect (1..1024).
 * Errors: WT_ERROR_INVALID_VALUE for n outside 0..1024 (nothing changes).
 * Thread-safety: any thread (an atomic setting). */
wt_status wt_set_num_threads(int n);
int wt_get_num_threads(void);

/* wt_config_problems: "" when the environment warptex reads is fine, else
 * one line per variable it ignored and why, e.g.
 * "WARPTEX_NUM_THREADS=\"100000\" ignored: not an integer in 1..1024".  Each
 * problem is also printed once on stderr when the variable is first read;
 * `warptex info` shows this text.
 * Errors: none.  Thread-safety: any thread; returns a static string. */
const char *wt_config_problems(void);

#ifdef __cplusplus
}
#endif
#endif
