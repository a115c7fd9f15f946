/* resource_check.h -- validation of resource descriptors and of the byte spans they name (resource_check.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_RESOURCE_CHECK_H
#define WT_RESOURCE_CHECK_H

#include "internal.h"

/* [semantics#limits]: 1D linear and 2D pitch (linear) memory limits. */
#define WT__LINEAR_MAX_ELEMENTS (1u << 28)
#define WT__PITCH2D_MAX_WIDTH 131072
#define WT__PITCH2D_MAX_HEIGHT 65000

/* What a validated descriptor names.  For arrays and mipmapped arrays only
 * fmt is set (the array's format); for linear and pitch2D memory also the
 * first byte, the extent in elements and rows (h = 1 for linear), the pitch
 * (the row bytes for linear) and the bytes spanned, (h-1)*pitch + w*esize. */
typedef struct wt__res_mem {
    wt__format fmt;
    uint8_t *base;
    size_t w, h, pitch, bytes;
} wt__res_mem;

/* The one check of a wt_resource_desc, for texture objects (surface = 0) and
 * surface objects (surface = 1): the type; a live array (for surfaces made
 * with WT_ARRAY_SURFACE_LOAD_STORE and not multisample) or mipmapped array
 * (textures only); for linear and pitch2D memory the channel format, a
 * non-NULL dev_ptr aligned to the channel width, the extent against [semantics#limits],
 * pitch >= row bytes and aligned like dev_ptr, and every product that
 * becomes an address (pitch x height, the span from dev_ptr) computed with
 * overflow checks.  Errors name fn, the field and the value:
 * WT_ERROR_INVALID_VALUE, WT_ERROR_INVALID_RESOURCE_TYPE,
 * WT_ERROR_INVALID_CHANNEL_DESCRIPTOR. */
WT_INTERNAL wt_status wt__resource_check(const wt_resource_desc *res, int surface, wt__res_mem *m, const char *fn);

#endif
