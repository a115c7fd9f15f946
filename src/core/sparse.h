/* sparse.h -- a sparse array's tile table, and where a texel of it lives
 * SPDX-License-Identifier: MIT
 *
 * A sparse array ([semantics#sparse]) owns no texel storage.  Its levels
 * before the mip tail are cut into 64 KiB tiles of the standard shape
 * ([semantics#sparse-tiles]), every layer's mip tail into 64 KiB pages, and
 * one table holds, per tile or page, the pool bytes it is mapped onto (NULL:
 * unmapped).  Samplers read the table with one acquire load per texel and no
 * lock; wt_sparse_map (sparse_map.c) writes it under its lock.  Pool memory
 * is released through the deferred release of reclaim.c, so a reader inside
 * a read section never touches freed bytes. */
#ifndef WT_SPARSE_H
#define WT_SPARSE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "visibility.h"

#define WT__TILE_BYTES ((size_t)65536)

/* One level of a sparse array: where its tiles (or its part of the mip
 * tail) sit in the table.  Page of tile (tx, ty, tz) of slice s:
 * page0 + s * slice_pages + (tz * ny + ty) * nx + tx.  A mip-tail level
 * (tw == 0): its element (x, y, z) of slice s is byte
 * tail_off + z * depth_pitch + y * row_pitch + x * esize of the slice's tail,
 * whose pages start at page0 + s * slice_pages. */
typedef struct wt__sparse_level {
    uint32_t tw, th, td;         /* tile extent in elements; 0: a mip-tail level */
    uint32_t nx, ny, nz;         /* tiles per axis */
    size_t page0, slice_pages;
    size_t tail_off, row_pitch, depth_pitch; /* mip-tail levels only */
    _Atomic(uint8_t *) *pages;   /* the array's table (shared by every level) */
} wt__sparse_level;

/* A tile pool (tile_pool.c).  refs: the user's handle plus one per mapped
 * tile or page, changed under the map lock. */
struct wt_tile_pool_s {
    uint32_t magic;              /* WT__POOL_MAGIC while the handle lives (first: the live set reads it) */
    long refs;
    uint8_t *mem;
    size_t bytes;
    uint8_t owned;               /* library memory, freed with the pool */
    struct wt_tile_pool_s *next_dead; /* on a list of pools to retire once the map lock is dropped */
};
#define WT__POOL_MAGIC 0x5754504cu /* "WTPL" */

typedef struct wt__sparse {
    uint32_t tile[3];            /* the tile shape: w, h, d (d = 1 unless 3D) */
    uint32_t tail_first;         /* first mip-tail level; num_levels when none */
    size_t tail_bytes;           /* one layer's mip tail, a multiple of 64 KiB; 0 when none */
    size_t npages;
    wt__sparse_level lv[18];     /* WT__MAX_LEVELS (internal.h) */
    _Atomic(uint8_t *) *pages;   /* npages entries */
    struct wt_tile_pool_s **owner; /* the pool behind each mapped page (map lock) */
} wt__sparse;

/* The bytes of element (x, y, z) of slice `slice` on level sl, or NULL when
 * its tile is unmapped.  The indices lie inside the level. */
static inline uint8_t *wt__sparse_texel(const wt__sparse_level *sl, uint32_t slice, uint32_t x, uint32_t y,
                                        uint32_t z, uint32_t esize)
{
    size_t page, off;
    if (sl->tw) {
        page = sl->page0 + (size_t)slice * sl->slice_pages +
               ((size_t)(z / sl->td) * sl->ny + y / sl->th) * sl->nx + x / sl->tw;
        /* [semantics#sparse-tiles]: row-major within the tile */
        off = (((size_t)(z % sl->td) * sl->th + y % sl->th) * sl->tw + x % sl->tw) * esize;
    } else {
        size_t b = sl->tail_off + (size_t)z * sl->depth_pitch + (size_t)y * sl->row_pitch + (size_t)x * esize;
        page = sl->page0 + (size_t)slice * sl->slice_pages + b / WT__TILE_BYTES;
        off = b % WT__TILE_BYTES;
    }
    uint8_t *base = atomic_load_explicit(&sl->pages[page], memory_order_acquire);
    return base ? base + off : NULL;
}

struct wt_array_s;
/* Lay out a sparse array's tiles and mip tail and allocate its (empty)
 * table; a->dims, slices, num_levels, fmt and lv[] are set.  Returns
 * WT_SUCCESS or WT_ERROR_OUT_OF_MEMORY (message prefixed with fn). */
WT_INTERNAL int wt__sparse_make(struct wt_array_s *a, const char *fn);
/* Drop every mapping of a dying array and free its table. */
WT_INTERNAL void wt__sparse_free(wt__sparse *sp);
/* The sparse level behind level l of array a (a level array counts from
 * its parent's level); NULL for a dense array. */
WT_INTERNAL const wt__sparse_level *wt__array_sparse_level(const struct wt_array_s *a, unsigned l);
/* A host copy of the box (x, y, z, w, h, d) of level 0 of sparse array a
 * (checked by the caller; z counts layers or depth planes) to (to_array 1)
 * or from host rows `pitch` bytes apart ([semantics#sparse-copies]). */
WT_INTERNAL void wt__sparse_copy(struct wt_array_s *a, size_t x, size_t y, size_t z, void *host, size_t pitch,
                                 size_t w, size_t h, size_t d, int to_array);
/* Drop one reference on a pool (tile_pool.c), under the map lock; when it
 * was the last, the pool goes on *dead, for wt__tile_pool_retire once the
 * lock is dropped (retiring takes reclaim.c's lock, which is held when a
 * released object frees a sparse array and takes the map lock: one order). */
WT_INTERNAL void wt__tile_pool_unref(struct wt_tile_pool_s *p, struct wt_tile_pool_s **dead);
/* Retire every pool of the list: its memory goes once no reader can hold it. */
WT_INTERNAL void wt__tile_pool_retire(struct wt_tile_pool_s *dead);
/* The map lock (sparse_map.c): mappings and pool references change under it. */
WT_INTERNAL void wt__sparse_lock(void);
WT_INTERNAL void wt__sparse_unlock(void);

#endif
