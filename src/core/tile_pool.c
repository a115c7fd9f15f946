/* tile_pool.c -- tile pools: the memory sparse tiles are mapped onto
 * SPDX-License-Identifier: MIT
 *
 * A pool is a raw pointer, as a sparse array is, so it is recorded in the
 * live set and checked by address before it is read.  Its memory lives as
 * long as the user's handle or any mapping onto it ([semantics#sparse-tiles]);
 * the last reference retires it through reclaim.c, so a fetch that loaded a
 * tile's address just before the unmap still reads live bytes. */
#include <stdint.h>

#include "internal.h"
#include "byte_span.h"
#include "sparse.h"

#define DEAD_MAGIC 0xdeadbeefu

static void release_pool(void *p)
{
    struct wt_tile_pool_s *pool = p;
    if (pool->owned)
        wt__free(pool->mem);
    wt__free(pool);
}

void wt__tile_pool_unref(struct wt_tile_pool_s *p, struct wt_tile_pool_s **dead)
{
    if (--p->refs == 0) {
        p->next_dead = *dead;
        *dead = p;
    }
}

void wt__tile_pool_retire(struct wt_tile_pool_s *dead)
{
    while (dead) {
        struct wt_tile_pool_s *next = dead->next_dead;
        wt__retire(dead, release_pool);
        dead = next;
    }
}

static wt_status make_pool(wt_tile_pool *out, void *memory, size_t bytes, const char *fn)
{
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    *out = NULL;
    if (bytes == 0 || bytes % WT__TILE_BYTES != 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): bytes = %zu is not a positive multiple of %u", fn, bytes,
                         WT_SPARSE_TILE_BYTES);
    struct wt_tile_pool_s *p = wt__alloc(sizeof *p);
    if (!p)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    p->bytes = bytes;
    p->refs = 1;
    if (memory) {
        p->mem = memory;
    } else if ((p->mem = wt__alloc(bytes)) != NULL) { /* zeroed */
        p->owned = 1;
    } else {
        wt__free(p);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): cannot allocate %zu bytes", fn, bytes);
    }
    p->magic = WT__POOL_MAGIC;
    if (wt__live_add(p) != 0) {
        release_pool(p);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    }
    wt__reclaim_poll();
    *out = p;
    return WT_SUCCESS;
}

wt_status wt_tile_pool_create(wt_tile_pool *out, size_t bytes)
{
    return make_pool(out, NULL, bytes, "wt_tile_pool_create");
}

wt_status wt_tile_pool_create_from(wt_tile_pool *out, void *memory, size_t bytes)
{
    const char *fn = "wt_tile_pool_create_from";
    if (out)
        *out = NULL;
    if (!memory)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): memory is NULL", fn);
    /* 16 bytes: every element (at most 16 bytes) is then naturally aligned */
    if ((uintptr_t)memory % 16 != 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): memory %p is not aligned to 16 bytes", fn, memory);
    if (!wt__range_fits(memory, bytes))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %zu bytes from %p run past the end of the address space", fn,
                         bytes, memory);
    return make_pool(out, memory, bytes, fn);
}

wt_status wt_tile_pool_release(wt_tile_pool pool)
{
    /* Under the map lock: a map call that checked this pool live applies
     * its mappings (and their references) before the user's reference goes. */
    struct wt_tile_pool_s *dead = NULL;
    wt__sparse_lock();
    int taken = wt__live_take(pool, WT__POOL_MAGIC, NULL);
    if (taken == 1) {
        pool->magic = DEAD_MAGIC;
        wt__tile_pool_unref(pool, &dead);
    }
    wt__sparse_unlock();
    wt__tile_pool_retire(dead);
    if (taken != 1)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_tile_pool_release(): %p is NULL or not a live tile pool",
                         (void *)pool);
    return WT_SUCCESS;
}
