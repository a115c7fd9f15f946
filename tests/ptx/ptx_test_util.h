/* ptx_test_util.h -- helpers shared by the PTX front-end tests (header-only, static)
 * SPDX-License-Identifier: MIT */
#ifndef WT_PTX_TEST_UTIL_H
#define WT_PTX_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warptex.h"

#ifndef WT_PTX_FIXTURES
#error "WT_PTX_FIXTURES (the fixture directory) comes from tests/ptx.cmake"
#endif

static inline uint64_t pt_rng(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline float pt_uni(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * ((float)(pt_rng(s) >> 40) * 0x1p-24f);
}

static inline wt_module pt_load(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", WT_PTX_FIXTURES, file);
    wt_module m = NULL;
    wt_status st = wt_module_load_ptx_file(&m, path);
    if (st != WT_SUCCESS)
        fail_msg("loading %s: %s", file, wt_last_error_message());
    return m;
}

static inline void pt_launch(wt_module m, const char *entry, wt_dim3 grid, wt_dim3 block, void *const *params)
{
    wt_function f;
    wt_status st = wt_module_get_function(&f, m, entry);
    if (st != WT_SUCCESS)
        fail_msg("%s: %s", entry, wt_last_error_message());
    st = wt_launch_kernel(f, grid, block, 0, params);
    if (st != WT_SUCCESS)
        fail_msg("launching %s: %s", entry, wt_last_error_message());
}

/* An array of w x h x d elements of desc, filled with random bytes. */
static inline wt_array pt_array(wt_channel_desc cd, size_t w, size_t h, size_t d, unsigned flags, uint64_t seed)
{
    wt_array a;
    wt_status st = wt_malloc_array(&a, &cd, w, h, d, flags);
    if (st != WT_SUCCESS)
        fail_msg("wt_malloc_array: %s", wt_last_error_message());
    size_t es = (size_t)(cd.x + cd.y + cd.z + cd.w) / 8;
    size_t hh = h ? h : 1, dd = d ? d : 1;
    uint8_t *buf = malloc(w * hh * dd * es);
    assert_non_null(buf);
    for (size_t i = 0; i < w * hh * dd * es; i++)
        buf[i] = (uint8_t)pt_rng(&seed);
    if (cd.kind == WT_CHANNEL_FLOAT && cd.x == 32) /* finite floats in [0, 4) */
        for (size_t i = 0; i < w * hh * dd * es / 4; i++) {
            float f = (float)(pt_rng(&seed) >> 40) * 0x1p-22f;
            memcpy(buf + 4 * i, &f, 4);
        }
    st = wt_memcpy_to_array(a, 0, 0, 0, buf, w * es, w, hh, dd);
    free(buf);
    if (st != WT_SUCCESS)
        fail_msg("wt_memcpy_to_array: %s", wt_last_error_message());
    return a;
}

static inline wt_tex pt_tex_array(wt_array a, wt_filter_mode f, wt_read_mode rm, int norm, wt_address_mode am)
{
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_ARRAY;
    rd.res.array.array = a;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.filter_mode = f;
    td.read_mode = rm;
    td.normalized_coords = norm;
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = am;
    wt_tex t;
    wt_status st = wt_create_texture_object(&t, &rd, &td, NULL);
    if (st != WT_SUCCESS)
        fail_msg("wt_create_texture_object: %s", wt_last_error_message());
    return t;
}

/* Fills every level of an RGBA8 mipmapped array made as w x h x d with these
 * flags with bytes of pt_rng(seed), level by level. */
static inline void pt_fill_mip_rgba8(wt_mipmapped_array m, size_t w, size_t h, size_t d, unsigned levels,
                                     unsigned flags, uint64_t *seed)
{
    for (unsigned l = 0; l < levels; l++) {
        wt_array a;
        assert_int_equal(wt_get_mipmapped_array_level(&a, m, l), WT_SUCCESS);
        size_t lw = w >> l ? w >> l : 1, lh = h ? (h >> l ? h >> l : 1) : 1;
        size_t ld = (flags & WT_ARRAY_LAYERED) ? d : d ? (d >> l ? d >> l : 1) : 1;
        uint8_t *buf = malloc(lw * lh * (ld ? ld : 1) * 4);
        assert_non_null(buf);
        for (size_t i = 0; i < lw * lh * (ld ? ld : 1) * 4; i++)
            buf[i] = (uint8_t)pt_rng(seed);
        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, buf, lw * 4, lw, lh, ld ? ld : 1), WT_SUCCESS);
        free(buf);
    }
}

/* A texture over m: linear filter and linear mip filter, read as normalised
 * float, normalised coordinates, wrap on every axis, max mip clamp
 * max_level and max_anisotropy aniso. */
static inline wt_tex pt_tex_mip(wt_mipmapped_array m, float max_level, unsigned aniso)
{
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    rd.res.mipmap.mipmap = m;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.filter_mode = WT_FILTER_LINEAR;
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.normalized_coords = 1;
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = WT_ADDRESS_WRAP;
    td.max_mipmap_level_clamp = max_level;
    td.max_anisotropy = aniso;
    wt_tex t;
    if (wt_create_texture_object(&t, &rd, &td, NULL) != WT_SUCCESS)
        fail_msg("mip texture: %s", wt_last_error_message());
    return t;
}

static inline wt_surf pt_surf(wt_array a)
{
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_ARRAY;
    rd.res.array.array = a;
    wt_surf s;
    wt_status st = wt_create_surface_object(&s, &rd);
    if (st != WT_SUCCESS)
        fail_msg("wt_create_surface_object: %s", wt_last_error_message());
    return s;
}

#endif
