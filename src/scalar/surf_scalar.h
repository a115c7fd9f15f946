/* surf_scalar.h -- private interfaces between surf_scalar.c, sured_scalar.c, surf_locate_scalar.c and surf_convert_scalar.c
 * SPDX-License-Identifier: MIT */
#ifndef WT_SURF_SCALAR_H
#define WT_SURF_SCALAR_H

#include "scalar.h"

/* Where one surface access lands after the [semantics#surface-out-of-range] out-of-range policy.
 * p is the first byte; n (1 .. size) the bytes inside the row: n < size only
 * for a .clamp access wider than the row ([semantics#decision-narrow-rows], [semantics#decision-sured-narrow-row]), which then
 * starts at x = 0.  p .. p+n-1 always lies inside the surface's memory. */
typedef struct wt__surf_loc {
    uint8_t *p;
    uint32_t n;
    uint32_t size;
} wt__surf_loc;

enum {
    WT__LOC_OK = 0,      /* access p[0 .. n-1] */
    WT__LOC_TRAP = 1,    /* .trap out of range, or x misaligned under any mode ([semantics#surface-addressing]) */
    WT__LOC_OUTSIDE = 2, /* .zero and some byte outside: load 0, drop the store ([semantics#surface-out-of-range]) */
    WT__LOC_UNMAPPED = 3 /* on an unmapped tile of a sparse surface: load 0, drop the store or reduction ([semantics#sparse-surfaces]) */
};

/* surf_locate_scalar.c: apply the [semantics#surface-addressing]/[semantics#surface-out-of-range] addressing to c (PTX order for op->geom): x is
 * multiplied by unit (1 for .b byte addressing, the element size for .p
 * sample addressing), size is the access size in bytes (a power of two,
 * 1..16).  Returns a WT__LOC_* value. */
WT_INTERNAL int wt__surf_locate(const wt__surf *s, const wt_op *op, const int32_t c[4], uint32_t unit,
                                uint32_t size, wt__surf_loc *loc);

/* sust.p (surf_convert_scalar.c): the element of format f that the source
 * elements v[0 .. vec-1] (R, G, B, A) store, as f->esize little-endian bytes
 * in out ([semantics#sust-p], [semantics#decision-sust-p-normalized], [semantics#decision-f16-toward-zero], [semantics#decision-normalized-surfaces]).  Each element is `bits` wide (the low
 * bits of v[k]); it is first made the .b32 word (.f32/.u32/.s32 by the
 * format) by [semantics#decision-nvvm-sust-p-elements]: 8/16 bits sign-extended on signed-integer
 * channels, zero-extended otherwise; 32/64 bits keep the low 32. */
WT_INTERNAL void wt__surf_encode_p(const wt__format *f, int vec, unsigned bits, const uint64_t v[4],
                                   uint8_t out[16]);

/* sured (sured_scalar.c): the whole reduction for one lane; returns 0 or 1
 * on a trap (memory untouched). */
WT_INTERNAL int wt__surf_reduce_scalar(const wt__surf *s, const wt_op *op, const int32_t c[4], uint64_t v);

#endif
