/* sparse_map.c -- wt_sparse_map: mapping and unmapping tiles, every entry checked before any is applied
 * SPDX-License-Identifier: MIT
 *
 * One process-wide lock serialises map calls, pool releases and the drop of
 * a dying array's mappings; samplers take no lock (sparse.h). */
#include <pthread.h>

#include "internal.h"
#include "sparse.h"

static pthread_mutex_t map_lock = PTHREAD_MUTEX_INITIALIZER;

void wt__sparse_lock(void) { pthread_mutex_lock(&map_lock); }
void wt__sparse_unlock(void) { pthread_mutex_unlock(&map_lock); }

static const char *const FN = "wt_sparse_map";

/* One entry, resolved: the table pages it covers (n runs of `run`
 * consecutive pages, run k starting at first[k]) and the pool bytes. */
typedef struct plan {
    wt__sparse *sp;
    const wt__sparse_level *sl;
    uint32_t tx0, ty0, tz0, ntx, nty, ntz; /* a level region, in tiles */
    size_t tail_page;                      /* a mip-tail range: its first page */
    size_t npages;
    struct wt_tile_pool_s *pool;           /* NULL: unmap */
    size_t pool_offset;
} plan;

/* Start and count of tiles along one axis of a region [x, x + w) of a side
 * of n elements with tiles of t: aligned to tiles, or ending at the edge
 * ([semantics#sparse-tiles]). */
static wt_status axis(size_t i, const char *name, size_t x, size_t w, uint32_t n, uint32_t t, uint32_t *t0,
                      uint32_t *nt)
{
    if (w == 0 || x >= n || w > n - x)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: %s region [%zu, %zu + %zu) is empty or leaves the level (%u)",
                         FN, i, name, x, x, w, n);
    if (x % t != 0 || ((x + w) % t != 0 && x + w != n))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): entry %zu: %s region [%zu, %zu) is not aligned to the tile (%u) nor ends at the edge (%u)",
                         FN, i, name, x, x + w, t, n);
    *t0 = (uint32_t)(x / t);
    *nt = (uint32_t)((w + t - 1) / t);
    return WT_SUCCESS;
}

static wt_status check_entry(size_t i, const wt_sparse_map_entry *e, plan *p)
{
    struct wt_array_s *a;
    if (e->res_type == WT_RESOURCE_ARRAY) {
        if (!wt__array_live(e->array))
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: array %p is NULL or not a live array", FN, i,
                             (void *)e->array);
        if (e->array->parent)
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): entry %zu: array %p is a level of a mipmapped array; map through the mipmapped array",
                             FN, i, (void *)e->array);
        a = e->array;
    } else if (e->res_type == WT_RESOURCE_MIPMAPPED_ARRAY) {
        if (!wt__mipmap_live(e->mipmap))
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: %p is NULL or not a live mipmapped array", FN,
                             i, (void *)e->mipmap);
        a = e->mipmap->arr;
    } else {
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: res_type = %d is not an array or a mipmapped array",
                         FN, i, (int)e->res_type);
    }
    if (!a->sparse)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: the array was not created with WT_ARRAY_SPARSE", FN,
                         i);
    wt__sparse *sp = a->sparse;
    *p = (plan){.sp = sp};
    if (e->op == WT_SPARSE_MAP) {
        if (!wt__live_has_magic(e->pool, WT__POOL_MAGIC))
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: pool %p is NULL or not a live tile pool", FN, i,
                             (void *)e->pool);
        if (e->pool_offset % WT__TILE_BYTES != 0)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: pool_offset = %zu is not a multiple of %u", FN,
                             i, e->pool_offset, WT_SPARSE_TILE_BYTES);
        p->pool = e->pool;
        p->pool_offset = e->pool_offset;
    } else if (e->op == WT_SPARSE_UNMAP) {
        if (e->pool)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: an unmap takes no pool (pool = %p)", FN, i,
                             (void *)e->pool);
    } else {
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: op = %d is not WT_SPARSE_MAP or WT_SPARSE_UNMAP", FN,
                         i, (int)e->op);
    }
    const int layered = (a->flags & WT_ARRAY_LAYERED) != 0;
    if (layered ? e->layer >= a->slices : e->layer != 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: layer = %u is not in [0, %u)", FN, i, e->layer,
                         layered ? a->slices : 1u);
    if (e->sub == WT_SPARSE_LEVEL) {
        if (e->level >= a->num_levels)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: level = %u is not in [0, %u)", FN, i, e->level,
                             a->num_levels);
        if (e->level >= sp->tail_first)
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): entry %zu: level %u lies in the mip tail (from level %u); map it as WT_SPARSE_MIPTAIL",
                             FN, i, e->level, sp->tail_first);
        const wt__level_layout *lv = &a->lv[e->level];
        const wt__sparse_level *sl = &sp->lv[e->level];
        wt_status st;
        if ((st = axis(i, "x", e->x, e->width, lv->w, sl->tw, &p->tx0, &p->ntx)) ||
            (st = axis(i, "y", e->y, e->height, lv->h, sl->th, &p->ty0, &p->nty)) ||
            (st = axis(i, "z", e->z, e->depth, lv->d, sl->td, &p->tz0, &p->ntz)))
            return st;
        p->sl = sl;
        p->npages = (size_t)p->ntx * p->nty * p->ntz;
        p->tail_page = sl->page0 + (size_t)e->layer * sl->slice_pages; /* the slice's first tile */
    } else if (e->sub == WT_SPARSE_MIPTAIL) {
        if (sp->tail_bytes == 0)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: the array has no mip tail", FN, i);
        if (e->offset % WT__TILE_BYTES != 0 || e->size % WT__TILE_BYTES != 0 || e->size == 0 ||
            e->offset >= sp->tail_bytes || e->size > sp->tail_bytes - e->offset)
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): entry %zu: mip-tail range offset = %zu, size = %zu is not a non-empty range of "
                             "whole %u-byte pages inside the tail (%zu bytes)",
                             FN, i, e->offset, e->size, WT_SPARSE_TILE_BYTES, sp->tail_bytes);
        const wt__sparse_level *sl = &sp->lv[sp->tail_first];
        p->npages = e->size / WT__TILE_BYTES;
        p->tail_page = sl->page0 + (size_t)e->layer * sl->slice_pages + e->offset / WT__TILE_BYTES;
    } else {
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entry %zu: sub = %d is not WT_SPARSE_LEVEL or WT_SPARSE_MIPTAIL",
                         FN, i, (int)e->sub);
    }
    if (p->pool) {
        size_t need;
        if (__builtin_mul_overflow(p->npages, WT__TILE_BYTES, &need) || p->pool_offset > p->pool->bytes ||
            need > p->pool->bytes - p->pool_offset)
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): entry %zu: %zu tiles from pool_offset = %zu run past the pool (%zu bytes)", FN, i,
                             p->npages, p->pool_offset, p->pool->bytes);
    }
    return WT_SUCCESS;
}

/* Point page k of the table at the pool's bytes (or at nothing); a pool
 * whose last mapping this was goes on *dead. */
static void set_page(wt__sparse *sp, size_t k, struct wt_tile_pool_s *pool, size_t pool_offset,
                     struct wt_tile_pool_s **dead)
{
    struct wt_tile_pool_s *old = sp->owner[k];
    if (pool)
        pool->refs++;
    sp->owner[k] = pool;
    atomic_store_explicit(&sp->pages[k], pool ? pool->mem + pool_offset : NULL, memory_order_release);
    if (old)
        wt__tile_pool_unref(old, dead); /* after the store: a new reader cannot find the old bytes */
}

static void apply(const plan *p, struct wt_tile_pool_s **dead)
{
    size_t n = 0;
    if (!p->sl) { /* a mip-tail range: consecutive pages */
        for (size_t k = 0; k < p->npages; k++, n++)
            set_page(p->sp, p->tail_page + k, p->pool, p->pool_offset + n * WT__TILE_BYTES, dead);
        return;
    }
    const wt__sparse_level *sl = p->sl;
    for (uint32_t tz = p->tz0; tz < p->tz0 + p->ntz; tz++)
        for (uint32_t ty = p->ty0; ty < p->ty0 + p->nty; ty++)
            for (uint32_t tx = p->tx0; tx < p->tx0 + p->ntx; tx++, n++)
                set_page(p->sp, p->tail_page + ((size_t)tz * sl->ny + ty) * sl->nx + tx, p->pool,
                         p->pool_offset + n * WT__TILE_BYTES, dead);
}

wt_status wt_sparse_map(const wt_sparse_map_entry *entries, size_t count)
{
    if (count == 0)
        return WT_SUCCESS;
    if (!entries)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): entries is NULL with count = %zu", FN, count);
    size_t bytes;
    if (__builtin_mul_overflow(count, sizeof(plan), &bytes))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): count = %zu is too large", FN, count);
    plan *plans = wt__alloc(bytes);
    if (!plans)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    /* Checked and applied under the lock, so no pool released in between */
    struct wt_tile_pool_s *dead = NULL;
    wt__sparse_lock();
    wt_status st = WT_SUCCESS;
    for (size_t i = 0; i < count && !st; i++)
        st = check_entry(i, &entries[i], &plans[i]);
    if (!st)
        for (size_t i = 0; i < count; i++)
            apply(&plans[i], &dead);
    wt__sparse_unlock();
    wt__tile_pool_retire(dead); /* outside the map lock (sparse.h) */
    wt__free(plans);
    return st;
}
