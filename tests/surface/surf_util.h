/* surf_util.h -- surface-test helpers: guard-paged memory, hand-built wt__surf, op records
 * SPDX-License-Identifier: MIT
 *
 * Include first in a test file, after defining _DEFAULT_SOURCE (mmap's
 * MAP_ANONYMOUS is not in strict C11 headers). */
#ifndef WT_SURF_UTIL_H
#define WT_SURF_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "scalar/scalar.h"

/* Memory with PROT_NONE pages on both sides.  at_end = 1 puts the last byte
 * against the trailing guard page (any overrun faults at once), at_end = 0
 * puts the first byte at a page start against the leading guard page (any
 * underrun faults at once).  Run a table both ways to cover both edges. */
typedef struct su_fence {
    uint8_t *map;
    size_t map_len;
    uint8_t *p;
    size_t n;
} su_fence;

static inline su_fence su_fence_alloc(size_t n, int at_end)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    size_t data_pages = (n + pg - 1) / pg;
    if (data_pages == 0)
        data_pages = 1;
    su_fence f;
    f.map_len = (data_pages + 2) * pg;
    void *m = mmap(NULL, f.map_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(m != MAP_FAILED);
    f.map = m;
    assert_int_equal(mprotect(f.map + pg, data_pages * pg, PROT_READ | PROT_WRITE), 0);
    f.p = at_end ? f.map + pg + data_pages * pg - n : f.map + pg;
    f.n = n;
    return f;
}

static inline void su_fence_free(su_fence *f)
{
    munmap(f->map, f->map_len);
    f->map = f->p = NULL;
}

/* A wt__surf over caller memory: w elements of esize bytes per row, rows
 * row_pitch bytes apart (>= w*esize), h rows, d slices (3D) or layers
 * (layered; d = 1 then), densely packed. */
static inline wt__surf su_make(uint8_t *base, int nch, int cbytes, int ctype, int kind, uint32_t w, uint32_t h,
                               uint32_t d, uint32_t layers, size_t row_pitch, int dims)
{
    wt__surf s;
    memset(&s, 0, sizeof s);
    s.fmt.nch = (uint8_t)nch;
    s.fmt.cbytes = (uint8_t)cbytes;
    s.fmt.ctype = (uint8_t)ctype;
    s.fmt.esize = (uint8_t)(nch * cbytes);
    s.fmt.kind = (uint8_t)wt__kind_class(kind);
    s.fmt.given = (uint16_t)kind;
    s.dims = (uint8_t)dims;
    s.layered = layers != 0;
    s.w = w;
    s.h = h;
    s.d = d;
    s.num_layers = layers;
    s.base = base;
    s.row_pitch = row_pitch;
    s.depth_pitch = row_pitch * h;
    s.slice_pitch = row_pitch * h * d;
    s.res_type = WT_RESOURCE_ARRAY;
    return s;
}

static inline wt_op su_op(int family, int mode, int geom, int vec, int bits, int clamp)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)family;
    op.mode = (uint8_t)mode;
    op.geom = (uint8_t)geom;
    op.vec = (uint8_t)vec;
    op.bits = (uint8_t)bits;
    op.clamp = (uint8_t)clamp;
    return op;
}

static inline wt_op su_red(int mode, int geom, int redop, int rtype, int clamp)
{
    wt_op op = su_op(WT_FAMILY_SURED, mode, geom, 1, 32, clamp);
    op.redop = (uint8_t)redop;
    op.rtype = (uint8_t)rtype;
    return op;
}

/* Coordinates in PTX order for a geometry from (layer, x, y, z). */
static inline void su_coords(int geom, uint32_t layer, int32_t x, int32_t y, int32_t z, int32_t c[4])
{
    c[0] = c[1] = c[2] = c[3] = 0;
    switch (geom) {
    case WT_GEOM_1D: c[0] = x; break;
    case WT_GEOM_2D: c[0] = x; c[1] = y; break;
    case WT_GEOM_3D: c[0] = x; c[1] = y; c[2] = z; break;
    case WT_GEOM_A1D: c[0] = (int32_t)layer; c[1] = x; break;
    default: c[0] = (int32_t)layer; c[1] = x; c[2] = y; break; /* a2d */
    }
}

/* suld of one lane; returns the trap flag. */
static inline int su_load(const wt__surf *s, const wt_op *op, const int32_t c[4], uint64_t d[4])
{
    uint64_t v[4] = {0, 0, 0, 0};
    return wt__surf_access_scalar(s, op, c, v, d);
}

static inline int su_store(const wt__surf *s, const wt_op *op, const int32_t c[4], const uint64_t v[4])
{
    uint64_t d[4] = {1, 1, 1, 1};
    int t = wt__surf_access_scalar(s, op, c, v, d);
    /* sust returns nothing: d is always zeroed */
    assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
    return t;
}

static inline uint32_t su_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

#endif
