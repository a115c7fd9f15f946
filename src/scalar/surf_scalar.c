/* surf_scalar.c -- the reference for suld.b, sust.b and sust.p: byte moves at the place surf_locate_scalar.c addresses
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "surf_scalar.h"

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
    if (r == WT__LOC_OUTSIDE || r == WT__LOC_UNMAPPED)
        return 0; /* [semantics#surface-out-of-range] .zero, [semantics#sparse-surfaces]: the whole load is 0 (d already is), the whole store dropped */
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
