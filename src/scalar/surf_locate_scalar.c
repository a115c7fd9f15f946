/* surf_locate_scalar.c -- the reference's surface addressing: where one access lands after the out-of-range policy
 * SPDX-License-Identifier: MIT
 *
 * Shared by the loads and stores (surf_scalar.c) and the reductions
 * (sured_scalar.c), which call it and not each other. */
#include "surf_scalar.h"
#include "../core/sparse.h"

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int wt__surf_locate(const wt__surf *s, const wt_op *op, const int32_t c[4], uint32_t unit, uint32_t size,
                    wt__surf_loc *loc)
{
    /* Operand order of op.h: a1d {layer,x}, a2d {layer,x,y}; the layer is
     * .u32, the coordinates .s32 ([semantics#surface-addressing]).  Unused axes are 0, which every
     * surface has, so a geometry the entry did not check still stays inside. */
    uint32_t layer = 0;
    int64_t x = 0, y = 0, z = 0;
    switch (op->geom) {
    case WT_GEOM_1D: x = c[0]; break;
    case WT_GEOM_2D: x = c[0]; y = c[1]; break;
    case WT_GEOM_3D: x = c[0]; y = c[1]; z = c[2]; break;
    case WT_GEOM_A1D: layer = (uint32_t)c[0]; x = c[1]; break;
    case WT_GEOM_A2D: layer = (uint32_t)c[0]; x = c[1]; y = c[2]; break;
    default: return WT__LOC_TRAP; /* not a surface geometry: the entry refuses it first */
    }

    /* [semantics#surface-addressing]: .b addresses bytes, .p samples; 64-bit so 2^31 samples of 16
     * bytes cannot overflow. */
    int64_t xb = x * (int64_t)unit;
    /* [semantics#surface-addressing] [3P-M]: a misaligned x faults under every clamp policy. */
    if (xb % (int64_t)size != 0)
        return WT__LOC_TRAP;

    const int64_t row_bytes = (int64_t)s->w * s->fmt.esize;
    const int64_t h = s->h ? s->h : 1, d = s->d ? s->d : 1;
    /* [semantics#decision-layer-past-end]: a layer past the end is the last layer under every mode
     * (never a trap, never zero).  Non-layered surfaces have only slice 0. */
    if (s->num_layers == 0)
        layer = 0;
    else if (layer >= s->num_layers)
        layer = s->num_layers - 1;

    /* [semantics#surface-out-of-range] .zero: "any byte outside" -- the whole access counts. */
    int outside = xb < 0 || xb + (int64_t)size > row_bytes || y < 0 || y >= h || z < 0 || z >= d;
    if (outside) {
        if (op->clamp == WT_CLAMP_ZERO)
            return WT__LOC_OUTSIDE; /* [semantics#surface-out-of-range] .zero: load 0, store dropped, whole */
        if (op->clamp != WT_CLAMP_CLAMP)
            return WT__LOC_TRAP; /* [semantics#surface-out-of-range] .trap (and any value that is no clamp mode) */
        /* [semantics#surface-out-of-range] .clamp, each coordinate independently: x by the byte to the
         * last access-size-aligned position where the whole access fits,
         * floor((rowBytes - size)/size)*size; [semantics#decision-narrow-rows]: a row narrower than the
         * access clamps x to 0. */
        int64_t xmax = row_bytes >= (int64_t)size ? (row_bytes - (int64_t)size) / (int64_t)size * (int64_t)size : 0;
        xb = clamp64(xb, 0, xmax);
        y = clamp64(y, 0, h - 1);
        z = clamp64(z, 0, d - 1);
    }
    /* [semantics#decision-narrow-rows] / [semantics#decision-sured-narrow-row]: only the bytes inside the row take part. */
    int64_t n = row_bytes - xb < (int64_t)size ? row_bytes - xb : (int64_t)size;
    if (n <= 0)
        return WT__LOC_TRAP; /* a zero-width surface: nothing can be addressed */

    loc->n = (uint32_t)n;
    loc->size = size;
    if (s->sparse) {
        /* [semantics#sparse-surfaces], after the out-of-range rule chose the
         * element.  No access crosses a tile or page ([semantics#sparse-tiles]:
         * tile rows and mip-tail rows are whole 16-byte units). */
        const uint32_t es = s->fmt.esize;
        uint8_t *e = wt__sparse_texel(s->sparse, layer, (uint32_t)(xb / es), (uint32_t)y, (uint32_t)z, es);
        if (!e)
            return WT__LOC_UNMAPPED;
        loc->p = e + xb % es;
        return WT__LOC_OK;
    }
    loc->p = s->base + (size_t)layer * s->slice_pitch + (size_t)z * s->depth_pitch + (size_t)y * s->row_pitch +
             (size_t)xb;
    loc->n = (uint32_t)n;
    loc->size = size;
    return WT__LOC_OK;
}
