/* sparse_layout.c -- a sparse array's tiles and mip tail, and the sparse-properties queries
 * SPDX-License-Identifier: MIT
 *
 * [semantics#sparse-tiles]: 64 KiB tiles in the standard shapes; the mip
 * tail is every level from the first with a side shorter than the tile,
 * one tail per layer. */
#include "internal.h"
#include "sparse.h"

/* The standard tile shapes by bytes per element (1, 2, 4, 8, 16), each
 * 64 KiB: 2D w x h, 3D w x h x d ([semantics#sparse-tiles]). */
static void tile_shape(unsigned esize, unsigned dims, uint32_t t[3])
{
    static const uint32_t t2[5][2] = {{256, 256}, {256, 128}, {128, 128}, {128, 64}, {64, 64}};
    static const uint32_t t3[5][3] = {{64, 32, 32}, {32, 32, 32}, {32, 32, 16}, {32, 16, 16}, {16, 16, 16}};
    unsigned k = esize == 1 ? 0 : esize == 2 ? 1 : esize == 4 ? 2 : esize == 8 ? 3 : 4;
    if (dims == 3) {
        t[0] = t3[k][0], t[1] = t3[k][1], t[2] = t3[k][2];
    } else {
        t[0] = t2[k][0], t[1] = t2[k][1], t[2] = 1;
    }
}

static size_t div_up(size_t a, size_t b) { return (a + b - 1) / b; }

int wt__sparse_make(struct wt_array_s *a, const char *fn)
{
    wt__sparse *sp = wt__alloc(sizeof *sp);
    if (!sp)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    tile_shape(a->fmt.esize, a->dims, sp->tile);
    sp->tail_first = a->num_levels;
    for (unsigned l = 0; l < a->num_levels; l++) {
        const wt__level_layout *lv = &a->lv[l];
        if (lv->w < sp->tile[0] || lv->h < sp->tile[1] || lv->d < sp->tile[2]) {
            sp->tail_first = l;
            break;
        }
    }
    /* Tiles of the levels before the tail: every count is at most
     * 131072 / 64 per axis, so products of two fit; the sums are checked. */
    size_t pages = 0, ok = 1;
    for (unsigned l = 0; l < sp->tail_first; l++) {
        const wt__level_layout *lv = &a->lv[l];
        wt__sparse_level *sl = &sp->lv[l];
        sl->tw = sp->tile[0], sl->th = sp->tile[1], sl->td = sp->tile[2];
        sl->nx = (uint32_t)div_up(lv->w, sl->tw);
        sl->ny = (uint32_t)div_up(lv->h, sl->th);
        sl->nz = (uint32_t)div_up(lv->d, sl->td);
        sl->page0 = pages;
        sl->slice_pages = (size_t)sl->nx * sl->ny * sl->nz;
        size_t n;
        ok &= !__builtin_mul_overflow(sl->slice_pages, (size_t)a->slices, &n) && !__builtin_add_overflow(pages, n, &pages);
    }
    /* [semantics#sparse-tiles]: the tail levels in level order from byte 0,
     * each level and each row starting on 16 bytes, so that no surface
     * access (at most 16 bytes, aligned to its size) crosses a page. */
    size_t tail = 0;
    for (unsigned l = sp->tail_first; l < a->num_levels; l++) {
        const wt__level_layout *lv = &a->lv[l];
        wt__sparse_level *sl = &sp->lv[l];
        sl->tail_off = tail;
        sl->row_pitch = ((size_t)lv->w * a->fmt.esize + 15) & ~(size_t)15;
        sl->depth_pitch = sl->row_pitch * lv->h;
        tail += sl->depth_pitch * lv->d; /* a tail level is under 2^40 bytes: no overflow */
    }
    sp->tail_bytes = div_up(tail, WT__TILE_BYTES) * WT__TILE_BYTES;
    size_t tail_pages = sp->tail_bytes / WT__TILE_BYTES;
    for (unsigned l = sp->tail_first; l < a->num_levels; l++) {
        sp->lv[l].page0 = pages;
        sp->lv[l].slice_pages = tail_pages;
    }
    size_t n;
    ok &= !__builtin_mul_overflow(tail_pages, (size_t)a->slices, &n) && !__builtin_add_overflow(pages, n, &pages);
    sp->npages = pages;
    size_t table;
    if (!ok || __builtin_mul_overflow(pages, sizeof *sp->pages + sizeof *sp->owner, &table) ||
        !(sp->pages = wt__alloc(pages * sizeof *sp->pages)) || !(sp->owner = wt__alloc(pages * sizeof *sp->owner))) {
        wt__free(sp->pages);
        wt__free(sp);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): cannot allocate the tile table of a sparse array", fn);
    }
    for (size_t i = 0; i < pages; i++)
        atomic_init(&sp->pages[i], NULL); /* [semantics#sparse-arrays]: every tile starts unmapped */
    for (unsigned l = 0; l < a->num_levels; l++)
        sp->lv[l].pages = sp->pages;
    a->sparse = sp;
    return WT_SUCCESS;
}

void wt__sparse_free(wt__sparse *sp)
{
    if (!sp)
        return;
    struct wt_tile_pool_s *dead = NULL;
    wt__sparse_lock();
    for (size_t i = 0; i < sp->npages; i++)
        if (sp->owner[i])
            wt__tile_pool_unref(sp->owner[i], &dead);
    wt__sparse_unlock();
    wt__tile_pool_retire(dead);
    wt__free(sp->owner);
    wt__free(sp->pages);
    wt__free(sp);
}

const wt__sparse_level *wt__array_sparse_level(const struct wt_array_s *a, unsigned l)
{
    if (!a->sparse)
        return NULL;
    return &a->sparse->lv[(a->parent ? a->parent_level : 0) + l];
}

static wt_status properties(wt_sparse_properties *out, const struct wt_array_s *a, const char *fn)
{
    if (!a->sparse)
        return wt__error(WT_ERROR_INVALID_RESOURCE_TYPE, "%s(): the array was not created with WT_ARRAY_SPARSE", fn);
    const wt__sparse *sp = a->sparse;
    out->tile_width = sp->tile[0];
    out->tile_height = sp->tile[1];
    out->tile_depth = sp->tile[2];
    out->miptail_first_level = sp->tail_first;
    out->miptail_size = sp->tail_bytes;
    out->flags = 0; /* one tail per layer ([semantics#sparse-tiles]) */
    return WT_SUCCESS;
}

wt_status wt_array_get_sparse_properties(wt_sparse_properties *out, wt_array arr)
{
    const char *fn = "wt_array_get_sparse_properties";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    if (!wt__array_live(arr))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): array %p is NULL or not a live array", fn, (void *)arr);
    if (arr->parent)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): array %p is a level of a mipmapped array; ask wt_mipmapped_array_get_sparse_properties",
                         fn, (void *)arr);
    return properties(out, arr, fn);
}

wt_status wt_mipmapped_array_get_sparse_properties(wt_sparse_properties *out, wt_mipmapped_array marr)
{
    const char *fn = "wt_mipmapped_array_get_sparse_properties";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    if (!wt__mipmap_live(marr))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %p is NULL or not a live mipmapped array", fn, (void *)marr);
    return properties(out, marr->arr, fn);
}
