/* array.c -- CUDA-style arrays, mipmapped arrays and host copies
 * SPDX-License-Identifier: MIT
 *
 * Storage is dense and row-major ([semantics#decision-array-layout] allows any layout): level by
 * level, each level slice by slice (layer, 6*cube+face, or layer*samples+s),
 * each slice z-plane by z-plane.  Arrays are reference counted: the user's
 * wt_free_array() drops one reference and every texture or surface object
 * over the array holds another, so storage never vanishes under an object. */
#include <string.h>

#include "internal.h"
#include "byte_span.h"
#include "sparse.h"

#define DEAD_MAGIC 0xdeadbeefu

typedef struct limits { size_t w, h, d; } limits;

/* [semantics#limits] (compute capability >= 5.x). */
static limits array_limits(unsigned dims, unsigned flags, int surface)
{
    int layered = (flags & WT_ARRAY_LAYERED) != 0, cube = (flags & WT_ARRAY_CUBEMAP) != 0;
    if (cube)
        return (limits){32768, 32768, layered ? 2046 : 6};
    if (dims == 1)
        return layered ? (limits){32768, 1, 2048} : (limits){surface ? 32768 : 131072, 1, 1};
    if (dims == 2) {
        if (layered)
            return (limits){32768, 32768, surface ? 1048 : 2048};
        if (flags & WT_ARRAY_TEXTURE_GATHER)
            return (limits){32768, 32768, 1};
        return (limits){131072, 65536, 1};
    }
    return (limits){16384, 16384, 16384};
}

static unsigned max_levels_for(size_t w, size_t h, size_t d)
{
    size_t m = w > h ? w : h;
    m = m > d ? m : d;
    unsigned n = 1;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

/* Lay out num_levels levels; returns total bytes or 0 on overflow. */
static size_t layout_levels(struct wt_array_s *a)
{
    size_t off = 0;
    size_t w0 = a->width, h0 = a->dims >= 2 ? a->height : 1, d0 = a->dims == 3 ? a->depth : 1;
    for (unsigned l = 0; l < a->num_levels; l++) {
        wt__level_layout *lv = &a->lv[l];
        size_t w = w0 >> l, h = h0 >> l, d = d0 >> l;
        lv->w = (uint32_t)(w ? w : 1);
        lv->h = (uint32_t)(h ? h : 1);
        lv->d = (uint32_t)(d ? d : 1);
        lv->offset = off;
        /* Rows padded to 8 bytes: every row starts on the 8-byte grid, so
         * sured on any element size stays a hardware atomic inside one word
         * (atomic_reduce.c), and SIMD kernels load aligned rows. */
        lv->row_pitch = ((size_t)lv->w * a->fmt.esize + 7) & ~(size_t)7;
        lv->depth_pitch = lv->row_pitch * lv->h;
        if (lv->h && lv->depth_pitch / lv->h != lv->row_pitch)
            return 0;
        lv->slice_pitch = lv->depth_pitch * lv->d;
        if (lv->slice_pitch / lv->d != lv->depth_pitch)
            return 0;
        size_t bytes = lv->slice_pitch * a->slices;
        if (bytes / a->slices != lv->slice_pitch)
            return 0;
        size_t next = off + ((bytes + 63) & ~(size_t)63);
        if (next < off)
            return 0;
        off = next;
    }
    /* 64 bytes of slack after the last level: a SIMD gather of 4 bytes at
     * a texel of 1 or 2 bytes reads past it, never past the allocation
     * ([design#guard-pages]). */
    return off + 64 < off ? 0 : off + 64;
}

static wt_status make_array(struct wt_array_s **out, const wt_channel_desc *desc, size_t width,
                            size_t height, size_t depth, unsigned flags, unsigned num_levels,
                            unsigned samples, const char *fn)
{
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    *out = NULL;
    wt__format fmt;
    wt_status st = wt__format_from_desc(&fmt, desc, fn);
    if (st)
        return st;
    const unsigned known = WT_ARRAY_LAYERED | WT_ARRAY_SURFACE_LOAD_STORE | WT_ARRAY_CUBEMAP |
                           WT_ARRAY_TEXTURE_GATHER | WT_ARRAY_SPARSE;
    if (flags & ~known)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): flags = 0x%x has unknown bits", fn, flags);
    int layered = (flags & WT_ARRAY_LAYERED) != 0, cube = (flags & WT_ARRAY_CUBEMAP) != 0;
    if (width == 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): width = 0", fn);
    if (height == 0 && depth != 0 && !layered)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): height = 0 with depth = %zu (a 3D array needs a height)",
                         fn, depth);
    unsigned dims = height == 0 ? 1 : (depth == 0 || layered || cube) ? 2 : 3;
    if (cube) {
        if (width != height)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): cubemap width = %zu != height = %zu", fn, width, height);
        if (depth == 0 || depth % 6 != 0 || (!layered && depth != 6))
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): cubemap depth = %zu is not %s", fn, depth,
                             layered ? "a multiple of 6" : "6");
    }
    if (layered && depth == 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): layered array with depth (layers) = 0", fn);
    /* [semantics#sparse-arrays]: CUDA's rule, 2D, 2D layered and 3D only */
    if ((flags & WT_ARRAY_SPARSE) && (dims == 1 || cube || samples))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): WT_ARRAY_SPARSE needs a 2D, 2D layered or 3D array (not %s)", fn,
                         samples ? "multisample" : cube ? "a cubemap" : "1D");
    if ((flags & WT_ARRAY_TEXTURE_GATHER) && (dims != 2 || layered || cube))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): WT_ARRAY_TEXTURE_GATHER needs a plain 2D array", fn);
    limits lim = array_limits(dims, flags, (flags & WT_ARRAY_SURFACE_LOAD_STORE) != 0);
    size_t hh = dims >= 2 ? height : 1, dd = (dims == 3 || layered || cube) ? depth : 1;
    if (width > lim.w || hh > lim.h || dd > lim.d)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): extent %zu x %zu x %zu exceeds the limit %zu x %zu x %zu for this array kind",
                         fn, width, height, depth, lim.w, lim.h, lim.d);
    if (samples) {
        if (dims != 2 || cube || samples > 32 || (samples & (samples - 1)))
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): num_samples = %u (needs a 2D or 2D layered array and a power of two <= 32)",
                             fn, samples);
    }
    unsigned maxl = max_levels_for(width, dims >= 2 ? height : 1, dims == 3 ? depth : 1);
    if (num_levels == 0 || num_levels > maxl)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): num_levels = %u is not in [1, %u]", fn, num_levels, maxl);

    struct wt_array_s *a = wt__alloc(sizeof *a);
    if (!a)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    a->magic = WT__ARRAY_MAGIC;
    atomic_init(&a->refs, 1);
    a->fmt = fmt;
    a->width = width;
    a->height = height;
    a->depth = depth;
    a->flags = flags;
    a->dims = (uint8_t)dims;
    a->samples = samples;
    a->slices = (uint32_t)((layered || cube) ? depth : 1) * (samples ? samples : 1);
    a->num_levels = num_levels;
    size_t bytes = layout_levels(a);
    if (flags & WT_ARRAY_SPARSE) { /* no storage: tiles are mapped onto pools (sparse_map.c) */
        if (bytes == 0 || (st = wt__sparse_make(a, fn)) != WT_SUCCESS) {
            wt__free(a);
            return bytes ? st : wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): %zu x %zu x %zu overflows", fn, width, height, depth);
        }
        *out = a;
        return WT_SUCCESS;
    }
    if (bytes == 0 || !(a->data = wt__alloc(bytes))) {
        wt__free(a);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): cannot allocate storage for %zu x %zu x %zu", fn, width,
                         height, depth);
    }
    a->bytes = bytes;
    *out = a;
    return WT_SUCCESS;
}

/* Hand a new array to the user: record it in the live set (live_set.c). */
static wt_status publish_array(wt_status st, wt_array *out, const char *fn)
{
    if (st == WT_SUCCESS && wt__live_add(*out) != 0) {
        wt__array_release(*out);
        *out = NULL;
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    }
    return st;
}

wt_status wt_malloc_array(wt_array *out, const wt_channel_desc *desc, size_t width, size_t height, size_t depth,
                          unsigned flags)
{
    wt_status st = make_array(out, desc, width, height, depth, flags, 1, 0, "wt_malloc_array");
    return publish_array(st, out, "wt_malloc_array");
}

wt_status wt_malloc_multisample_array(wt_array *out, const wt_channel_desc *desc, size_t width, size_t height,
                                      size_t layers, unsigned num_samples, unsigned flags)
{
    if (num_samples == 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_malloc_multisample_array(): num_samples = 0");
    if (height == 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_malloc_multisample_array(): height = 0 (multisample arrays are 2D)");
    if (flags & WT_ARRAY_CUBEMAP)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_malloc_multisample_array(): cubemaps cannot be multisample");
    if (layers)
        flags |= WT_ARRAY_LAYERED;
    else
        flags &= ~WT_ARRAY_LAYERED;
    wt_status st = make_array(out, desc, width, height, layers, flags, 1, num_samples, "wt_malloc_multisample_array");
    return publish_array(st, out, "wt_malloc_multisample_array");
}

static struct wt_array_s *root_of(struct wt_array_s *a)
{
    return a->parent ? a->parent->arr : a;
}

struct wt_array_s *wt__array_retain(struct wt_array_s *a)
{
    a = root_of(a);
    atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
    return a;
}

void wt__array_release(struct wt_array_s *a)
{
    a = root_of(a);
    if (atomic_fetch_sub_explicit(&a->refs, 1, memory_order_acq_rel) == 1) {
        a->magic = DEAD_MAGIC;
        wt__sparse_free(a->sparse); /* its mappings' references on their pools go too */
        wt__free(a->data);
        wt__free(a);
    }
}

uint8_t *wt__array_data(struct wt_array_s *a) { return root_of(a)->data; }

/* Checked by address first: a stale pointer is never read. */
int wt__array_live(wt_array a) { return wt__live_has_magic(a, WT__ARRAY_MAGIC); }
int wt__mipmap_live(wt_mipmapped_array m) { return wt__live_has_magic(m, WT__MIPMAP_MAGIC); }

/* wt_free_array() takes user arrays, never a mipmapped array's levels. */
static int not_a_level(const void *p) { return ((const struct wt_array_s *)p)->parent == NULL; }
#define array_ok wt__array_live
#define mipmap_ok wt__mipmap_live

wt_status wt_free_array(wt_array arr)
{
    /* Dead to the user at once, checked and taken out under one lock (a
     * second free, even a racing one, is an error, never a double release
     * or a read of freed memory); objects over it keep the storage alive
     * until they go. */
    int taken = wt__live_take(arr, WT__ARRAY_MAGIC, not_a_level);
    if (taken == 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_free_array(): array %p is NULL or not a live array", (void *)arr);
    if (taken < 0)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "wt_free_array(): array %p is a level of a mipmapped array; free the mipmapped array",
                         (void *)arr);
    arr->magic = DEAD_MAGIC;
    wt__array_release(arr);
    return WT_SUCCESS;
}

wt_status wt_malloc_mipmapped_array(wt_mipmapped_array *out, const wt_channel_desc *desc, size_t width,
                                    size_t height, size_t depth, unsigned num_levels, unsigned flags)
{
    const char *fn = "wt_malloc_mipmapped_array";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    *out = NULL;
    /* The array first: a bad size is refused before anything is allocated. */
    struct wt_array_s *storage;
    wt_status st = make_array(&storage, desc, width, height, depth, flags, num_levels, 0, fn);
    if (st)
        return st;
    struct wt_mipmapped_array_s *m = wt__alloc(sizeof *m);
    if (!m) {
        wt__array_release(storage);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    }
    m->arr = storage;
    m->magic = WT__MIPMAP_MAGIC;
    if (wt__live_add(m) != 0) {
        wt__array_release(m->arr);
        wt__free(m);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
    }
    *out = m;
    return WT_SUCCESS;
}

wt_status wt_free_mipmapped_array(wt_mipmapped_array m)
{
    if (wt__live_take(m, WT__MIPMAP_MAGIC, NULL) != 1)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_free_mipmapped_array(): %p is NULL or not a live mipmapped array",
                         (void *)m);
    for (unsigned l = 0; l < WT__MAX_LEVELS; l++) {
        if (m->level_views[l]) {
            wt__live_remove(m->level_views[l]);
            m->level_views[l]->magic = DEAD_MAGIC;
            wt__free(m->level_views[l]);
        }
    }
    m->magic = DEAD_MAGIC;
    wt__array_release(m->arr);
    wt__free(m);
    return WT_SUCCESS;
}

wt_status wt_get_mipmapped_array_level(wt_array *out, wt_mipmapped_array m, unsigned level)
{
    const char *fn = "wt_get_mipmapped_array_level";
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", fn);
    *out = NULL;
    if (!mipmap_ok(m))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %p is NULL or not a live mipmapped array", fn, (void *)m);
    if (level >= m->arr->num_levels)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): level = %u is not in [0, %u)", fn, level,
                         m->arr->num_levels);
    /* Created once per level under no lock: racing callers could both build
     * one, so publish with a compare-exchange and drop the loser.  The alias
     * joins the live set before it is published, so no caller can be handed
     * one that wt__array_live() does not know yet. */
    struct wt_array_s *v = __atomic_load_n(&m->level_views[level], __ATOMIC_ACQUIRE);
    if (!v) {
        struct wt_array_s *a = m->arr;
        v = wt__alloc(sizeof *v);
        if (!v)
            return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
        *v = *a;
        v->magic = WT__ARRAY_MAGIC;
        atomic_init(&v->refs, 1);
        v->data = NULL;
        v->parent = m;
        v->parent_level = level;
        v->num_levels = 1;
        v->lv[0] = a->lv[level];
        v->width = a->lv[level].w;
        v->height = a->dims >= 2 ? a->lv[level].h : 0;
        v->depth = a->dims == 3 ? a->lv[level].d : a->depth;
        if (wt__live_add(v) != 0) {
            wt__free(v);
            return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", fn);
        }
        struct wt_array_s *expected = NULL;
        if (!__atomic_compare_exchange_n(&m->level_views[level], &expected, v, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE)) {
            wt__live_remove(v);
            wt__free(v);
            v = expected;
        }
    }
    *out = v;
    return WT_SUCCESS;
}

wt_status wt_array_get_info(wt_channel_desc *desc, size_t *width, size_t *height, size_t *depth, unsigned *flags,
                            wt_array a)
{
    if (!array_ok(a))
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_array_get_info(): array %p is NULL or not live", (void *)a);
    if (desc)
        *desc = wt__format_to_desc(&a->fmt);
    if (width)
        *width = a->width;
    if (height)
        *height = a->height;
    if (depth)
        *depth = a->depth;
    if (flags)
        *flags = a->flags;
    return WT_SUCCESS;
}

/* Check a copy box against level 0 of a; z counts slices for layered,
 * cubemap and multisample arrays, depth planes for 3D ones. */
static wt_status check_box(wt_array a, size_t x, size_t y, size_t z, size_t w, size_t h, size_t d, size_t pitch,
                           const void *host, const char *fn)
{
    if (!array_ok(a))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): array %p is NULL or not live", fn, (void *)a);
    if (!host)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): host pointer is NULL", fn);
    const wt__level_layout *lv = &a->lv[0];
    size_t zmax = a->dims == 3 ? lv->d : a->slices;
    if (w == 0 || h == 0 || d == 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): empty box %zu x %zu x %zu", fn, w, h, d);
    if (x > lv->w || w > lv->w - x)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): x = %zu, w = %zu exceed width %u", fn, x, w, lv->w);
    if (y > lv->h || h > lv->h - y)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): y = %zu, h = %zu exceed height %u", fn, y, h, lv->h);
    if (z > zmax || d > zmax - z)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): z = %zu, d = %zu exceed %s %zu", fn, z, d,
                         a->dims == 3 ? "depth" : "slices", zmax);
    size_t row = w * a->fmt.esize; /* w <= width <= 65536, esize <= 16: no overflow */
    if (pitch < row)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): pitch = %zu is less than w * element size = %zu", fn, pitch,
                         row);
    /* The host side spans (h*d - 1) * pitch + row bytes from host; every row
     * address the copy forms lies inside it, so neither it nor the whole
     * pitch x h x d may overflow size_t, and it must not run past the end of
     * the address space. */
    size_t rows, span, whole;
    if (__builtin_mul_overflow(h, d, &rows) || __builtin_mul_overflow(pitch, rows, &whole) ||
        !wt__span_bytes(pitch, rows, row, &span) || !wt__range_fits(host, span))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): pitch = %zu x height %zu x depth %zu overflows or wraps the address space from %p", fn,
                         pitch, h, d, host);
    return WT_SUCCESS;
}

static uint8_t *box_row(wt_array a, size_t x, size_t y, size_t z)
{
    const wt__level_layout *lv = &a->lv[0];
    size_t zoff = a->dims == 3 ? z * lv->depth_pitch : z * lv->slice_pitch;
    return wt__array_data(a) + lv->offset + zoff + y * lv->row_pitch + x * a->fmt.esize;
}

wt_status wt_memcpy_to_array(wt_array dst, size_t x, size_t y, size_t z, const void *src, size_t src_pitch,
                             size_t w, size_t h, size_t d)
{
    wt_status st = check_box(dst, x, y, z, w, h, d, src_pitch, src, "wt_memcpy_to_array");
    if (st)
        return st;
    if (dst->sparse) {
        wt__sparse_copy(dst, x, y, z, (void *)(uintptr_t)src, src_pitch, w, h, d, 1);
        return WT_SUCCESS;
    }
    const uint8_t *s = src;
    for (size_t k = 0; k < d; k++)
        for (size_t j = 0; j < h; j++)
            memcpy(box_row(dst, x, y + j, z + k), s + ((k * h + j) * src_pitch), w * dst->fmt.esize);
    return WT_SUCCESS;
}

wt_status wt_memcpy_from_array(void *dst, size_t dst_pitch, wt_array src, size_t x, size_t y, size_t z, size_t w,
                               size_t h, size_t d)
{
    wt_status st = check_box(src, x, y, z, w, h, d, dst_pitch, dst, "wt_memcpy_from_array");
    if (st)
        return st;
    if (src->sparse) {
        wt__sparse_copy(src, x, y, z, dst, dst_pitch, w, h, d, 0);
        return WT_SUCCESS;
    }
    uint8_t *o = dst;
    for (size_t k = 0; k < d; k++)
        for (size_t j = 0; j < h; j++)
            memcpy(o + ((k * h + j) * dst_pitch), box_row(src, x, y + j, z + k), w * src->fmt.esize);
    return WT_SUCCESS;
}
