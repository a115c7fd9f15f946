/* surf_scalar.c -- the reference for suld.b, sust.b and sust.p: addressing, out-of-range policies, byte moves
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "surf_scalar.h"

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

    loc->p = s->base + (size_t)layer * s->slice_pitch + (size_t)z * s->depth_pitch + (size_t)y * s->row_pitch +
             (size_t)xb;
    loc->n = (uint32_t)n;
    loc->size = size;
    return WT__LOC_OK;
}

/* Element k of a little-endian byte buffer, zero-extended ([semantics#surface-addressing]: elements
 * are little-endian on every host). */
static uint64_t get_le(const uint8_t *b, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = bytes; i-- > 0;)
        v = v << 8 | b[i];
    return v;
}

static void put_le(uint8_t *b, unsigned bytes, uint64_t v)
{
    for (unsigned i = 0; i < bytes; i++, v >>= 8)
        b[i] = (uint8_t)v;
}

/* The PTX shapes of PTX ISA 9.7.11 (the entry checks them; repeated here so the
 * reference never moves more than 16 bytes whoever calls it). */
static int shape_ok(const wt_op *op)
{
    int bits_ok = op->bits == 8 || op->bits == 16 || op->bits == 32 || op->bits == 64;
    int vec_ok = op->vec == 1 || op->vec == 2 || op->vec == 4;
    return bits_ok && vec_ok && op->vec * op->bits <= 128;
}

int wt__surf_access_scalar(const wt__surf *s, const wt_op *op, const int32_t c[4], const uint64_t v[4],
                           uint64_t d[4])
{
    memset(d, 0, 4 * sizeof d[0]);
    if (op->family == WT_FAMILY_SURED)
        return wt__surf_reduce_scalar(s, op, c, v[0]);
    if ((op->family != WT_FAMILY_SULD && op->family != WT_FAMILY_SUST) || !shape_ok(op))
        return 1;

    uint8_t buf[16] = {0};
    wt__surf_loc loc;
    int r;
    if (op->mode == WT_SURF_P) {
        /* sust.p ([semantics#sust-p]): x counts samples and one whole element moves,
         * whatever the source elements' width ([semantics#decision-nvvm-sust-p-elements]: op->bits only says how
         * each is made the .b32 word).  Every surface geometry, the layered
         * ones included ([semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]: the layer as for sust.b, past the end
         * the last layer). */
        if (op->family != WT_FAMILY_SUST)
            return 1;
        r = wt__surf_locate(s, op, c, s->fmt.esize, s->fmt.esize, &loc);
        if (r == WT__LOC_OK) {
            wt__surf_encode_p(&s->fmt, op->vec, op->bits, v, buf);
            memcpy(loc.p, buf, loc.n);
        }
        return r == WT__LOC_TRAP;
    }

    /* .b: the transfer size is the operand's ([semantics#surface-addressing]), x counts bytes. */
    const unsigned eb = op->bits / 8u, size = op->vec * eb;
    r = wt__surf_locate(s, op, c, 1, size, &loc);
    if (r == WT__LOC_TRAP)
        return 1;
    if (r == WT__LOC_OUTSIDE)
        return 0; /* [semantics#surface-out-of-range] .zero: the whole load is 0 (d already is), the whole store dropped */
    if (op->family == WT_FAMILY_SULD) {
        /* [semantics#decision-narrow-rows]: bytes beyond a narrow row read as 0 (buf is zeroed). */
        memcpy(buf, loc.p, loc.n);
        for (unsigned k = 0; k < op->vec; k++)
            d[k] = get_le(buf + k * eb, eb);
    } else {
        /* sust.b stores the low op->bits bits of each source element. */
        for (unsigned k = 0; k < op->vec; k++)
            put_le(buf + k * eb, eb, v[k]);
        memcpy(loc.p, buf, loc.n); /* [semantics#decision-narrow-rows]: only the bytes inside the row */
    }
    return 0;
}
