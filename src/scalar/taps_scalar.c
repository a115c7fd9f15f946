/* taps_scalar.c -- texel addresses (bounds-checked) and the weighted tap list of a fetch
 * SPDX-License-Identifier: MIT */
#include "sample_scalar.h"
#include "../core/sparse.h"

uint32_t wt__tex_slices(const wt__tex *t)
{
    uint32_t layers = t->layered ? t->num_layers : 1u;
    if (t->cube)
        return 6u * layers; /* [semantics#cube-arrays]: six consecutive faces per cube */
    if (t->num_samples)
        return layers * t->num_samples; /* slice = layer·samples + sample */
    return layers;
}

void wt__texel_raw(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t slice, int32_t x, int32_t y, int32_t z,
                   uint32_t raw[4])
{
    const wt__tex *t = ctx->t;
    /* [semantics#border-color]: a texel outside under border addressing reads the border colour,
     * converted to one texel of the format by the core.  The second test is
     * a guard only: every index reaching here was mapped into the level by
     * the address mode, and memory outside the level is never read. */
    if (x < 0 || y < 0 || z < 0 || x >= lv->w || y >= lv->h || z >= lv->d || slice >= wt__tex_slices(t) ||
        (!lv->base && !lv->sparse)) {
        wt__texel_load(&t->fmt, ctx->border, raw); /* [semantics#sparse-residency]: a border texel is resident */
        return;
    }
    if (lv->sparse) {
        /* [semantics#sparse-residency]: the texel counts at the address it
         * is read from (after wrap or clamp); an unmapped one clears p */
        const uint8_t *q = wt__sparse_texel(lv->sparse, lv->sparse_slice0 + slice, (uint32_t)x, (uint32_t)y,
                                            (uint32_t)z, t->fmt.esize);
        if (q) {
            wt__texel_load(&t->fmt, q, raw);
        } else {
            raw[0] = raw[1] = raw[2] = raw[3] = 0;
            if (ctx->miss)
                *ctx->miss = 1;
        }
        return;
    }
    const uint8_t *p = lv->base + (size_t)slice * lv->slice_pitch + (size_t)z * lv->depth_pitch +
                       (size_t)y * lv->row_pitch + (size_t)x * t->fmt.esize;
    wt__texel_load(&t->fmt, p, raw);
}

void wt__taps_add(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t slice, int32_t x, int32_t y, int32_t z,
                  int32_t w, int group, wt__taps *taps)
{
    if (w <= 0 || taps->n >= WT__MAX_TAPS)
        return; /* [semantics#integer-weights]: a weight-0 term reads nothing (no NaN, no border) */
    wt__tap *tp = &taps->t[taps->n++];
    wt__texel_raw(ctx, lv, slice, x, y, z, tp->raw);
    tp->w = w;
    tp->group = (uint8_t)group;
}
