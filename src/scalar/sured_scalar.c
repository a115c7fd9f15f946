/* sured_scalar.c -- the reference for sured.b and sured.p: which element a reduction names, and what it does
 * SPDX-License-Identifier: MIT
 *
 * [semantics#decision-sured]: every reduction is an atomic read-modify-write of the
 * element, so concurrent calls from any number of threads give exact
 * totals.  add wraps modulo 2^n, min/max compare as the type's signedness,
 * and/or are bitwise.  This file decodes the form and locates the element
 * ([semantics#decision-sured-p-forms], [semantics#decision-sured-narrow-row]: a .clamp reduction wider than the row touches only the
 * bytes inside it); src/core/atomic_reduce.c does the atomic update, chosen
 * by the bytes alone, so two surface objects over the same memory never
 * lose each other's updates (issue 9). */
#include "core/atomic_reduce.h"
#include "surf_scalar.h"

/* What one reduction does, after .p took its signedness from the format. */
typedef struct red {
    wt__red r;     /* the operation, width and signedness */
    uint32_t size; /* access size in bytes */
    uint32_t unit; /* bytes per x step: 1 (.b) or the element size (.p) */
} red;

int wt__sured_b_form_ok(int o, int t)
{
    return (o == WT_RED_ADD && (t == WT_RTYPE_U32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S32)) ||
           ((o == WT_RED_MIN || o == WT_RED_MAX) &&
            (t == WT_RTYPE_U32 || t == WT_RTYPE_S32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S64)) ||
           ((o == WT_RED_AND || o == WT_RED_OR) && t == WT_RTYPE_B32);
}

int wt__sured_p_format_ok(const wt__format *f, const wt_op *op)
{
    /* [semantics#decision-sured-p-forms]: .b32 on one-channel 32-bit integer formats, .b64 (min/max
     * only, [semantics#sured]) on two-channel 32-bit integer formats read as one
     * little-endian 64-bit value; signedness comes from the channel kind. */
    int int32 = f->cbytes == 4 && (f->ctype == WT__U32 || f->ctype == WT__S32);
    if (op->rtype == WT_RTYPE_B32)
        return int32 && f->nch == 1 && op->redop <= WT_RED_OR;
    return op->rtype == WT_RTYPE_B64 && int32 && f->nch == 2 &&
           (op->redop == WT_RED_MIN || op->redop == WT_RED_MAX);
}

/* The PTX forms (PTX ISA 9.7.11, [semantics#sured]) and [semantics#decision-sured-p-forms]; 0 when the lane must trap. */
static int decode(const wt__surf *s, const wt_op *op, red *r)
{
    int t = op->rtype, o = op->redop;
    if (op->geom > WT_GEOM_3D || o > WT_RED_OR)
        return 0; /* no layered sured in PTX; the entry refuses these first */
    r->r.op = (uint8_t)o;
    if (op->mode == WT_SURF_B) {
        if (!wt__sured_b_form_ok(o, t)) /* [semantics#sured]; x counts bytes */
            return 0;
        r->r.wide = t == WT_RTYPE_U64 || t == WT_RTYPE_S64;
        r->r.sgn = t == WT_RTYPE_S32 || t == WT_RTYPE_S64;
        r->size = r->r.wide ? 8 : 4;
        r->unit = 1;
        return 1;
    }
    /* .p: x counts samples; the format decides what runs ([semantics#decision-sured-p-forms]). */
    const wt__format *f = &s->fmt;
    if (op->mode != WT_SURF_P || !wt__sured_p_format_ok(f, op))
        return 0;
    r->r.wide = t == WT_RTYPE_B64;
    r->r.sgn = f->ctype == WT__S32;
    r->size = f->esize;
    r->unit = f->esize;
    return 1;
}

int wt__surf_reduce_scalar(const wt__surf *s, const wt_op *op, const int32_t c[4], uint64_t v)
{
    red r;
    if (!decode(s, op, &r))
        return 1; /* [semantics#decision-sured-p-forms]: a .p type the format cannot take traps */
    wt__surf_loc loc;
    int st = wt__surf_locate(s, op, c, r.unit, r.size, &loc);
    if (st == WT__LOC_TRAP)
        return 1;
    if (st == WT__LOC_OUTSIDE || st == WT__LOC_UNMAPPED)
        return 0; /* [semantics#surface-out-of-range] / [semantics#decision-sured]: .zero drops the reduction whole, as for
                   * sust; [semantics#sparse-surfaces]: so does an unmapped tile */
    wt__atomic_reduce(&r.r, loc.p, loc.n, v);
    return 0;
}
