/* batch_util.h -- batch-test helpers: textures and surfaces of every geometry, the byte conversions written out, guarded buffers
 * SPDX-License-Identifier: MIT
 *
 * The oracle of every batch test is the warp API itself: the test gathers
 * each warp of a batch with its own code, calls wt_tex_warp / wt_surf_warp
 * and converts the registers with the formulas below (libm's pow for sRGB,
 * as `warptex resample` did), never with the library's batch code. */
#ifndef WT_BATCH_UTIL_H
#define WT_BATCH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warptex.h>

#include "conf_util.h"

/* The sizes every batch test runs: empty, one lane, a warp and its
 * neighbours, many warps with a partial tail, odd ones. */
static const size_t bt_sizes[] = {0, 1, 31, 32, 33, 1000, 517};
#define BT_NSIZES (sizeof bt_sizes / sizeof bt_sizes[0])

static inline uint32_t bt_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float bt_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* The documented byte of a float: clamp to [0, 1] (NaN 0), sRGB encode by
 * the formula when asked, floor(v * 255 + 0.5). */
static inline uint8_t bt_to8(float f, int srgb)
{
    double v = f > 0.0f ? (f < 1.0f ? (double)f : 1.0) : 0.0;
    if (srgb)
        v = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1.0 / 2.4) - 0.055;
    return (uint8_t)floor(v * 255.0 + 0.5);
}

/* ---- textures ---------------------------------------------------------------- */

typedef struct bt_tex {
    wt_tex tex;
    wt_array arr;
    wt_mipmapped_array marr;
    int w, h, d, layers; /* level 0; d = 1 unless 3D; layers: layers or cubes (0 if none) */
} bt_tex;

/* The extent an array of geometry g is created with, and its flags. */
static inline void bt_geom_extent(wt_geom g, size_t *w, size_t *h, size_t *d, unsigned *flags, int *layers)
{
    *flags = WT_ARRAY_DEFAULT;
    *layers = 0;
    switch (g) {
    case WT_GEOM_1D: *w = 37, *h = 0, *d = 0; break;
    case WT_GEOM_2D: *w = 13, *h = 11, *d = 0; break;
    case WT_GEOM_3D: *w = 7, *h = 6, *d = 5; break;
    case WT_GEOM_A1D: *w = 37, *h = 0, *d = 4, *flags = WT_ARRAY_LAYERED, *layers = 4; break;
    case WT_GEOM_A2D: *w = 13, *h = 11, *d = 3, *flags = WT_ARRAY_LAYERED, *layers = 3; break;
    case WT_GEOM_CUBE: *w = 8, *h = 8, *d = 6, *flags = WT_ARRAY_CUBEMAP; break;
    default: *w = 8, *h = 8, *d = 12, *flags = WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, *layers = 2; break; /* acube */
    }
}

/* Random bytes into every level of an array. */
static inline void bt_fill_array(wt_array a, size_t esize, cu_rng *r)
{
    size_t w, h, d;
    assert_int_equal(wt_array_get_info(NULL, &w, &h, &d, NULL, a), WT_SUCCESS);
    size_t hb = h ? h : 1, db = d ? d : 1, bytes = w * hb * db * esize;
    uint8_t *buf = malloc(bytes);
    assert_non_null(buf);
    for (size_t i = 0; i < bytes; i++)
        buf[i] = (uint8_t)cu_next(r);
    if (esize == 16 || esize == 4) { /* float formats: keep most texels ordinary numbers */
        for (size_t i = 0; i + 4 <= bytes; i += 4)
            if (cu_below(r, 8)) {
                float f = (float)((double)(cu_next(r) >> 11) / 9007199254740992.0 * 1.5 - 0.25);
                memcpy(buf + i, &f, 4);
            }
    }
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, buf, w * esize, w, hb, db), WT_SUCCESS);
    free(buf);
}

/* A texture of geometry g with `levels` levels (0: a plain array), format
 * cd (esize bytes per texel, float textures must have 4 channels of 32
 * bits), normalised coordinates, the given filter and address mode. */
static inline bt_tex bt_make_tex(wt_geom g, unsigned levels, wt_channel_desc cd, size_t esize, wt_read_mode rm,
                                 int srgb, wt_filter_mode filter, wt_address_mode am, cu_rng *r)
{
    bt_tex t;
    memset(&t, 0, sizeof t);
    size_t w, h, d;
    unsigned flags;
    bt_geom_extent(g, &w, &h, &d, &flags, &t.layers);
    t.w = (int)w, t.h = h ? (int)h : 1, t.d = g == WT_GEOM_3D ? (int)d : 1;
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    if (levels == 0) {
        assert_int_equal(wt_malloc_array(&t.arr, &cd, w, h, d, flags), WT_SUCCESS);
        bt_fill_array(t.arr, esize, r);
        res.type = WT_RESOURCE_ARRAY;
        res.res.array.array = t.arr;
    } else {
        assert_int_equal(wt_malloc_mipmapped_array(&t.marr, &cd, w, h, d, levels, flags), WT_SUCCESS);
        for (unsigned l = 0; l < levels; l++) {
            wt_array lv;
            assert_int_equal(wt_get_mipmapped_array_level(&lv, t.marr, l), WT_SUCCESS);
            bt_fill_array(lv, esize, r);
        }
        res.type = WT_RESOURCE_MIPMAPPED_ARRAY;
        res.res.mipmap.mipmap = t.marr;
    }
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = am;
    td.filter_mode = filter;
    td.read_mode = rm;
    td.srgb = srgb;
    td.normalized_coords = 1;
    td.mipmap_filter_mode = filter; /* integer textures filter neither texels nor levels */
    td.max_mipmap_level_clamp = levels ? (float)(levels - 1) : 0.0f;
    td.border_color[0] = 0.25f, td.border_color[3] = 1.0f;
    assert_int_equal(wt_create_texture_object(&t.tex, &res, &td, NULL), WT_SUCCESS);
    return t;
}

static inline void bt_free_tex(bt_tex *t)
{
    if (t->tex)
        assert_int_equal(wt_destroy_texture_object(t->tex), WT_SUCCESS);
    if (t->arr)
        assert_int_equal(wt_free_array(t->arr), WT_SUCCESS);
    if (t->marr)
        assert_int_equal(wt_free_mipmapped_array(t->marr), WT_SUCCESS);
    memset(t, 0, sizeof *t);
}

/* ---- surfaces ------------------------------------------------------------------ */

typedef struct bt_surf {
    wt_surf surf;
    wt_array arr;
    size_t w, h, d, esize; /* elements; h 1 for 1D; d: depth (3D) or slices (layered), 1 if neither */
} bt_surf;

/* A surface over a new array (w x h, depth d: 0 for 2D, layers with
 * WT_ARRAY_LAYERED), filled from `seed` so two surfaces made alike match. */
static inline bt_surf bt_make_surf(wt_channel_desc cd, size_t esize, size_t w, size_t h, size_t d, unsigned flags,
                                   uint64_t seed)
{
    bt_surf s;
    memset(&s, 0, sizeof s);
    assert_int_equal(wt_malloc_array(&s.arr, &cd, w, h, d, flags | WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    s.w = w, s.h = h ? h : 1, s.d = d ? d : 1, s.esize = esize;
    cu_rng r = {seed};
    bt_fill_array(s.arr, esize, &r);
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = s.arr;
    assert_int_equal(wt_create_surface_object(&s.surf, &res), WT_SUCCESS);
    return s;
}

/* The whole array's bytes (malloc'd). */
static inline uint8_t *bt_surf_bytes(const bt_surf *s, size_t *bytes)
{
    *bytes = s->w * s->h * s->d * s->esize;
    uint8_t *p = malloc(*bytes);
    assert_non_null(p);
    assert_int_equal(wt_memcpy_from_array(p, s->w * s->esize, s->arr, 0, 0, 0, s->w, s->h, s->d), WT_SUCCESS);
    return p;
}

static inline void bt_free_surf(bt_surf *s)
{
    if (s->surf)
        assert_int_equal(wt_destroy_surface_object(s->surf), WT_SUCCESS);
    if (s->arr)
        assert_int_equal(wt_free_array(s->arr), WT_SUCCESS);
    memset(s, 0, sizeof *s);
}

/* Two surfaces hold the same bytes. */
static inline void bt_assert_same_surf(const bt_surf *a, const bt_surf *b, const char *label)
{
    size_t na, nb;
    uint8_t *pa = bt_surf_bytes(a, &na), *pb = bt_surf_bytes(b, &nb);
    assert_int_equal(na, nb);
    if (memcmp(pa, pb, na)) {
        size_t i = 0;
        while (pa[i] == pb[i])
            i++;
        print_error("%s: surfaces differ first at byte %zu: batch 0x%02x, warps 0x%02x\n", label, i, pa[i], pb[i]);
        fail();
    }
    free(pa);
    free(pb);
}

/* ---- guarded output buffers ------------------------------------------------------ */

#define BT_GUARD 64
#define BT_POISON 0xA5

/* n bytes with BT_GUARD poisoned bytes after them (and the n bytes poisoned). */
static inline uint8_t *bt_guarded(size_t n)
{
    uint8_t *p = malloc(n + BT_GUARD);
    assert_non_null(p);
    memset(p, BT_POISON, n + BT_GUARD);
    return p;
}

static inline void bt_assert_guard(const uint8_t *p, size_t n, const char *label)
{
    for (size_t i = 0; i < BT_GUARD; i++)
        if (p[n + i] != BT_POISON) {
            print_error("%s: byte %zu past the %zu output bytes was written\n", label, i, n);
            fail();
        }
}

/* The batch's thread counts: 1 and 2, set through the API (WARPTEX_NUM_THREADS
 * is the default behind it). */
static const int bt_threads[] = {1, 2};

#endif
