/* batch_run.h -- the batch driver: warps over threads, the first failure, checks the batch calls share (batch_run.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_BATCH_RUN_H
#define WT_BATCH_RUN_H

#include "../core/byte_convert.h" /* wt__unorm8, wt__srgb8: the byte formats' conversions */
#include "../core/internal.h"

/* One thread's operand and result records, reused warp after warp.  Zeroed
 * when a thread takes a chunk of warps, so lanes a warp leaves inactive hold
 * defined values. */
typedef union wt__batch_scratch {
    struct {
        wt_tex_args in;
        wt_tex_result out;
    } tex;
    struct {
        wt_surf_args in;
        wt_surf_result out;
    } surf;
} wt__batch_scratch;

/* Run warp w (lanes 32w .. 32w+31, `active` of them) and write its outputs.
 * Returns the warp call's status; on failure *bad holds the lanes that
 * failed (the trap mask for WT_ERROR_TRAP, else every active lane), and the
 * calling thread's last error the warp call's message. */
typedef wt_status (*wt__batch_warp_fn)(void *ctx, size_t w, uint32_t active, wt__batch_scratch *s, uint32_t *bad);

/* Run the n lanes of a batch as warps on wt_get_num_threads() threads (on
 * the calling thread alone when `serial`).  Every warp runs.  Returns
 * WT_SUCCESS, or the status of the failing warp with the lowest index with
 * the calling thread's last error set to a message naming fn, that warp and
 * its lanes (and, for traps, how many lanes trapped and the first one). */
WT_INTERNAL wt_status wt__batch_run(const char *fn, size_t n, int serial, wt__batch_warp_fn warp, void *ctx);

/* A grid of `rows` rows of `cols` lanes: each row is its own warps (warp w
 * is row w / ceil(cols / 32), columns 32 (w % that) on), so that a warp never
 * spans two rows, and the rows' warps are spread over the threads as
 * wt__batch_run spreads a list's.  The caller's product cols * rows must fit
 * in size_t.  Failures are reported by row and column. */
WT_INTERNAL wt_status wt__batch_run_grid(const char *fn, size_t cols, size_t rows, wt__batch_warp_fn warp, void *ctx);

/* The active mask of warp w of an n-lane batch. */
static inline uint32_t wt__batch_mask(size_t n, size_t w)
{
    size_t left = n - w * WT_WARP_SIZE;
    return left >= WT_WARP_SIZE ? 0xffffffffu : (1u << left) - 1u;
}

/* n lanes of `bytes` bytes each must fit in memory (n * bytes <= PTRDIFF_MAX);
 * what names the array in the message. */
WT_INTERNAL wt_status wt__batch_check_n(const char *fn, size_t n, size_t bytes, const char *what);

/* A validation call of the warp API (a probe with an empty active mask)
 * failed with st: restate its message (which starts with "inner(): ") as
 * fn's, in the calling thread's last error; returns st. */
WT_INTERNAL wt_status wt__batch_restate(const char *fn, const char *inner, wt_status st);

/* The number of float coordinates (x; x y; x y z) of a tex geometry, and
 * whether it has a layer / cube index; 0 for the multisample geometries. */
WT_INTERNAL int wt__batch_float_coords(int geom);
WT_INTERNAL int wt__batch_has_layer(int geom);

#endif
