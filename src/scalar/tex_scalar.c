/* tex_scalar.c -- one lane of tex: which texels a fetch reads and with what weights ([semantics#pipeline])
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "sample_scalar.h"

/* [semantics#layers], [semantics#cube-arrays]: a .u32 layer (or cube) index past the end reads the last one;
 * a "negative" index is a large unsigned one and does too. */
static uint32_t clamp_layer(const wt__tex *t, uint32_t layer)
{
    if (!t->layered || t->num_layers == 0)
        return 0;
    return layer >= t->num_layers ? t->num_layers - 1u : layer;
}

static int32_t s32(uint32_t bits)
{
    int32_t v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

static float f32(uint32_t bits)
{
    float v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* Integer coordinates ([semantics#integer-coords], [semantics#decision-int-coords-mipmaps], [semantics#decision-int-coord-offset], [semantics#multisample]): the texel named directly,
 * point-sampled whatever the filter; outside the extent the fetch is 0 in
 * every channel whatever the mode and border colour (taps->n = 0). */
static void int_fetch(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, wt__taps *taps)
{
    const wt__tex *t = ctx->t;
    int64_t p[3] = {0, 0, 0};
    uint32_t layer = 0, sample = 0;
    int dims;
    switch (op->geom) {
    case WT_GEOM_1D:
        dims = 1, p[0] = s32(in->c[0]);
        break;
    case WT_GEOM_2D:
        dims = 2, p[0] = s32(in->c[0]), p[1] = s32(in->c[1]);
        break;
    case WT_GEOM_3D:
        dims = 3, p[0] = s32(in->c[0]), p[1] = s32(in->c[1]), p[2] = s32(in->c[2]);
        break;
    case WT_GEOM_A1D:
        dims = 1, layer = in->c[0], p[0] = s32(in->c[1]);
        break;
    case WT_GEOM_2DMS: /* {sample, x, y} */
        dims = 2, sample = in->c[0], p[0] = s32(in->c[1]), p[1] = s32(in->c[2]);
        break;
    case WT_GEOM_A2DMS: /* {layer, sample, x, y} */
        dims = 2, layer = in->c[0], sample = in->c[1], p[0] = s32(in->c[2]), p[1] = s32(in->c[3]);
        break;
    default: /* a2d; cubes take only .f32 coordinates (the core refuses them) */
        dims = 2, layer = in->c[0], p[0] = s32(in->c[1]), p[1] = s32(in->c[2]);
        break;
    }
    /* [semantics#decision-int-coord-offset]: the offset, wrapped into its 4-bit field, is added to the
     * integer coordinate (x alone on 1D: the [semantics#decision-1d-offset-quirk] quirk is for floats). */
    if (op->flags & WT_OP_OFFSET)
        for (int k = 0; k < dims; k++)
            p[k] += wt__offset_field((uint32_t)in->off[k], 4);
    /* [semantics#decision-int-coords-mipmaps]: a mipmapped texture reads the level of the integer LOD, clamped
     * to the levels there are; tex.base (and, warptex's choice, tex.grad,
     * which has no integer LOD) reads level 0. */
    int32_t level = 0;
    if (t->mipmapped && op->mip == WT_MIP_LEVEL) {
        int32_t l = s32(in->lod);
        level = l < 0 ? 0 : l >= (int32_t)t->num_levels ? (int32_t)t->num_levels - 1 : l;
    }
    const wt__level *lv = &t->lv[level];
    int32_t n[3] = {lv->w, lv->h, lv->d};
    for (int k = 0; k < dims; k++)
        if (p[k] < 0 || p[k] >= n[k])
            return; /* [semantics#integer-coords] */
    uint32_t slice = clamp_layer(t, layer);
    if (t->num_samples) {
        /* [semantics#multisample] (nothing measured): a sample index past the end reads 0, as a
         * coordinate outside the extent does. */
        if (sample >= t->num_samples)
            return;
        slice = slice * t->num_samples + sample;
    }
    taps->filtered = 0;
    wt__taps_add(ctx, lv, slice, (int32_t)p[0], (int32_t)p[1], (int32_t)p[2], 256, 0, taps);
}

/* Taps of one LOD entry (share T) on a 1D/2D/3D level: axes = 1 for a true
 * 1D layer, 2 for 2D and the non-layered 1D ([semantics#1d-as-2d]), 3 for 3D.  Groups
 * `group` and, for the upper 3D slice, group + 1 ([semantics#float-blend]). */
static void level_taps(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t slice, const float c[3],
                       const int32_t off[3], int axes, int linear, int32_t T, int group, wt__taps *taps)
{
    int norm = wt__coords_normalized(ctx);
    int32_t n[3] = {lv->w, lv->h, lv->d};
    wt__axis ax[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    for (int k = 0; k < axes; k++) {
        int mode = wt__addr_mode(ctx, k); /* [semantics#pipeline] step 4 */
        int64_t fx;
        if (wt__coord_fx(c[k], n[k], norm, off[k], mode, &fx))
            continue; /* [semantics#decision-nonfinite-wrap]: non-finite under wrap/mirror: texel 0, weight whole */
        if (linear)
            wt__axis_linear(fx, n[k], mode, &ax[k]); /* [semantics#pipeline] steps 4, 5, 7 */
        else
            wt__axis_point(fx, n[k], mode, &ax[k]);
    }
    if (axes == 1) {
        int32_t w[2];
        wt__weights_1d(T, ax[0].a, w); /* [semantics#integer-weights], true 1D */
        wt__taps_add(ctx, lv, slice, ax[0].i0, 0, 0, w[0], group, taps);
        wt__taps_add(ctx, lv, slice, ax[0].i1, 0, 0, w[1], group, taps);
        return;
    }
    int32_t wz[2] = {T, 0};
    if (axes == 3)
        wt__weights_z(T, ax[2].a, wz); /* [semantics#integer-weights]: z first */
    for (int dz = 0; dz < (axes == 3 ? 2 : 1); dz++) {
        if (wz[dz] == 0)
            continue;
        int32_t z = dz ? ax[2].i1 : ax[2].i0;
        int32_t w[2][2];
        wt__weights_2d(wz[dz], ax[0].a, ax[1].a, w); /* [semantics#integer-weights] / [semantics#decision-share-split-2d] */
        for (int dy = 0; dy < 2; dy++)
            for (int dx = 0; dx < 2; dx++)
                wt__taps_add(ctx, lv, slice, dx ? ax[0].i1 : ax[0].i0, dy ? ax[1].i1 : ax[1].i0, z, w[dx][dy],
                             group + dz, taps);
    }
}

void wt__tex_footprint_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, wt__taps *taps)
{
    const wt__tex *t = ctx->t;
    taps->n = 0;
    taps->filtered = 0;
    if (op->ctype == WT_CTYPE_S32) {
        int_fetch(ctx, op, in, taps);
        return;
    }

    /* The coordinate vector in PTX order (op.h) -> layer/cube index, the
     * spatial coordinates and how many axes are filtered. */
    float c[3] = {0.0f, 0.0f, 0.0f};
    uint32_t layer = 0;
    int axes = 2, cube = 0, noff = 0, quirk = 0;
    switch (op->geom) {
    case WT_GEOM_1D:
        /* [semantics#1d-as-2d]: a 2D texture of height 1 sampled at y = 0 (addressMode[1]). */
        c[0] = f32(in->c[0]), axes = 2, noff = 1, quirk = 1;
        break;
    case WT_GEOM_2D:
        c[0] = f32(in->c[0]), c[1] = f32(in->c[1]), axes = 2, noff = 2;
        break;
    case WT_GEOM_3D:
        c[0] = f32(in->c[0]), c[1] = f32(in->c[1]), c[2] = f32(in->c[2]), axes = 3, noff = 3;
        break;
    case WT_GEOM_A1D: /* [semantics#1d-as-2d]: a layer of a 1D layered texture is true 1D */
        layer = in->c[0], c[0] = f32(in->c[1]), axes = 1, noff = 1;
        break;
    case WT_GEOM_A2D:
        layer = in->c[0], c[0] = f32(in->c[1]), c[1] = f32(in->c[2]), axes = 2, noff = 2;
        break;
    case WT_GEOM_CUBE:
        c[0] = f32(in->c[0]), c[1] = f32(in->c[1]), c[2] = f32(in->c[2]), cube = 1;
        break;
    case WT_GEOM_ACUBE:
        layer = in->c[0], c[0] = f32(in->c[1]), c[1] = f32(in->c[2]), c[2] = f32(in->c[3]), cube = 1;
        break;
    default:
        return; /* multisample geometries take .s32 coordinates (the core refuses .f32) */
    }
    layer = clamp_layer(t, layer);

    /* [semantics#offsets]: offsets wrap into their 4-bit fields (8 -> −8).  [semantics#decision-1d-offset-quirk]: on a
     * non-layered 1D texture the y nibble (bits 4..7 of the x register)
     * becomes a y offset, so a negative x offset lands on row −1. */
    int32_t off[3] = {0, 0, 0};
    if (op->flags & WT_OP_OFFSET) {
        for (int k = 0; k < noff; k++)
            off[k] = wt__offset_field((uint32_t)in->off[k], 4);
        if (quirk)
            off[1] = wt__offset_1d_y_quirk((uint32_t)in->off[0]);
    }

    /* [semantics#read-modes]: only float/half textures and 8/16-bit integers read as
     * normalised float filter; anything else is point-sampled. */
    int filterable = wt__ctype_is_float(t->fmt.ctype) || t->read_norm;
    int linear = ctx->s->filter == WT_FILTER_LINEAR && filterable;

    wt__lod_plan plan;
    wt__lod_plan_scalar(ctx, op, in, &plan); /* [semantics#lod-arithmetic] to [semantics#anisotropy-trilinear] */
    /* A linear filter, or a blend of several LOD entries (mip levels,
     * anisotropic taps), goes through the blend datapaths ([semantics#norm-blend] to [semantics#srgb]). */
    taps->filtered = (uint8_t)(linear || plan.n > 1);

    for (int e = 0; e < plan.n; e++) {
        const wt__lod_entry *le = &plan.e[e];
        int32_t level = le->level < 0 ? 0 : le->level >= (int32_t)t->num_levels ? (int32_t)t->num_levels - 1
                                                                                : le->level;
        const wt__level *lv = &t->lv[level];
        /* The anisotropic tap's delta, an f32 add before scaling ([semantics#decision-grad-anisotropy]);
         * a zero delta is no add at all (so −0 stays −0). */
        float cc[3];
        for (int k = 0; k < 3; k++)
            cc[k] = le->dc[k] != 0.0f ? c[k] + le->dc[k] : c[k];
        int group = 2 * e; /* one [semantics#float-blend] group per (entry, z slice) */
        if (cube)
            wt__cube_level_taps(ctx, lv, layer, cc, le->weight, linear, group, taps);
        else
            level_taps(ctx, lv, layer, cc, off, axes, linear, le->weight, group, taps);
    }
}

/* One lane: the value, and whether every texel that carries weight is
 * resident.  The taps are the texels of non-zero weight ([semantics#integer-weights]:
 * a weight-0 term reads nothing), so this is [semantics#sparse-residency]'s AND. */
static void sample(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4])
{
    if (op->family == WT_FAMILY_TLD4) {
        wt__tld4_scalar(ctx, op, in, d);
        return;
    }
    wt__taps taps;
    wt__tex_footprint_scalar(ctx, op, in, &taps);
    if (taps.n == 0) {
        memset(d, 0, 4 * sizeof d[0]); /* [semantics#integer-coords]: outside the extent, 0 in every channel */
        return;
    }
    wt__taps_resolve(ctx, op, &taps, d);
}

int wt__tex_sample_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4])
{
    if (!ctx->t->sparse) {
        sample(ctx, op, in, d);
        return 1;
    }
    uint8_t miss = 0;
    wt__tex_ctx c = *ctx;
    c.miss = &miss;
    sample(&c, op, in, d);
    if (miss)
        memset(d, 0, 4 * sizeof d[0]); /* [semantics#sparse-zero]: every component 0 */
    return !miss;
}
