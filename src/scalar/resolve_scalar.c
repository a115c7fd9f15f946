/* resolve_scalar.c -- weighted taps of one fetch -> the four destination registers
 * SPDX-License-Identifier: MIT */
#include "value_scalar.h"

/* Filtered value of channel ch (ch < nch): the blend datapath of the format. */
static wt__val blend_channel(const wt__tex *t, const wt__taps *taps, int ch)
{
    wt__val v = {WT__VAL_F32, 0};
    switch (t->fmt.ctype) {
    case WT__F32:
    case WT__F16:
        v.bits = wt__blend_float(taps, ch, t->fmt.ctype == WT__F16); /* [semantics#float-blend] */
        return v;
    case WT__U8:
    case WT__U16:
        if (!t->read_norm)
            break;
        if (wt__srgb_channel(t, ch))
            v.bits = wt__blend_srgb(taps, ch); /* [semantics#srgb] */
        else
            v.bits = wt__blend_unorm(taps, ch, t->fmt.cbytes * 8); /* [semantics#norm-blend] */
        return v;
    case WT__S8:
        if (!t->read_norm)
            break;
        v.bits = wt__blend_snorm8(taps, ch); /* [semantics#norm-blend] */
        return v;
    case WT__S16:
        if (!t->read_norm)
            break;
        v.bits = wt__blend_snorm16(taps, ch); /* [semantics#norm-blend] */
        return v;
    default:
        break;
    }
    /* Integers read as element type do not filter: creation refuses a linear
     * filter ([semantics#read-modes], [semantics#decision-int-linear-mip]) and sets their anisotropy to 1, and the core
     * demotes a linear .samplerref to point, so the footprint here is one
     * tap.  Defensively, the tap with the largest weight (the first on a
     * tie) stands for a point fetch. */
    int best = 0;
    for (int i = 1; i < taps->n; i++)
        if (taps->t[i].w > taps->t[best].w)
            best = i;
    return wt__point_value(t, ch, taps->t[best].raw[ch]);
}

void wt__taps_resolve(const wt__tex_ctx *ctx, const wt_op *op, const wt__taps *taps, uint32_t d[4])
{
    const wt__tex *t = ctx->t;
    uint32_t r[4];
    for (int c = 0; c < 4; c++) {
        wt__val v = {WT__VAL_F32, 0}; /* [semantics#point-conversion]: missing channels read 0 */
        if (c < t->fmt.nch && taps->n > 0)
            v = taps->filtered ? blend_channel(t, taps, c) : wt__point_value(t, c, taps->t[0].raw[c]);
        r[c] = wt__val_to_reg(v, op->dtype);
    }
    if (op->dtype == WT_DTYPE_F16X2) {
        /* .v2.f16x2: component 0 in the low half; d[0] = {r,g}, d[1] = {b,a}. */
        d[0] = r[0] | r[1] << 16;
        d[1] = r[2] | r[3] << 16;
        d[2] = d[3] = 0;
        return;
    }
    for (int c = 0; c < 4; c++)
        d[c] = r[c]; /* .f16: one half per register, low 16 bits */
}
