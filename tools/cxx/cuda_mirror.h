/* cuda_mirror.h -- a .cu file and the program's own headers it includes, rewritten for C++ (warptex-cxx)
 * SPDX-License-Identifier: MIT
 *
 * `<<< >>>` launches may sit in the program's headers (a .cuh of kernels and their launchers) as
 * well as in its .cu files.  wt_cuda_mirror rewrites (tools/cxx/cuda_rewrite.c) the .cu file and
 * every header it reaches through #include "..." that lies in the program's own directories: the
 * directory of the including file, or one of the -I directories of the command line.  Headers
 * included with <...>, and "..." headers found nowhere but the compiler's system directories, are
 * left alone.  Each rewritten file is written under ROOT at its absolute path (ROOT/abs/dir/x.cuh),
 * so that the compiler, looking for a "..." include beside the including file first, finds the
 * rewritten header; its first line is #line 1 "<original path>", so diagnostics and __FILE__ name
 * the original.  The driver puts ROOT<dir> before each -I <dir> and maps ROOT/... back to the
 * original paths in dependency output. */
#ifndef WT_CUDA_MIRROR_H
#define WT_CUDA_MIRROR_H

#include <stddef.h>

/* wt_cuda_mirror: SRC (a path as given) rewritten, with the closure of its "..." includes found
 * in its directory chain or in INCLUDE_DIRS[0..n_dirs), under ROOT (an existing directory).
 * Returns the malloc'd path of the rewritten SRC (ROOT/<absolute SRC>), or NULL with a message
 * naming the file in err (unreadable, unwritable, a launch that does not parse). */
char *wt_cuda_mirror(const char *root, const char *src, char *const *include_dirs, int n_dirs, char *err,
                     size_t errlen);

/* wt_cuda_mirror_path: the absolute form of PATH (the current directory before a relative one),
 * malloc'd; with ROOT non-NULL, ROOT before it: where wt_cuda_mirror writes PATH. */
char *wt_cuda_mirror_path(const char *root, const char *path);

#endif
