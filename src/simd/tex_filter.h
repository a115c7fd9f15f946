/* tex_filter.h -- the taps of one level: weights, UNORM sums, float blend groups, texel pairs (a part of tex_tpl.h's template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * [semantics#integer-weights] weights of a share T split over a 2x2
 * footprint (z first in 3D), the UNORM sums of [semantics#norm-blend], the
 * float taps of [semantics#float-blend]'s groups (a level and a 3D slice are
 * groups of their own), and 8-bit codes read as texel pairs where every
 * lane's footprint allows. */
#ifndef WT_SIMD_TEX_FILTER_H
#define WT_SIMD_TEX_FILTER_H

#include "../core/float_blend.h"
#include "tex_texels.h"

#ifndef WV_W
#error "tex_filter.h is a part of tex_tpl.h: include vec8.h or vec16.h, then tex_tpl.h"
#endif

/* [semantics#integer-weights] / [semantics#decision-share-split-2d] weights of a share T (T = 256, or a 3D slice's share):
 * x first, x1 = rhu(T*a); then the y split, rounding the upper part on the
 * x = 1 side and the lower part on the x = 0 side.  w[dx + 2*dy]. */
WV_INLINE void weights_2d(wv_i T, wv_i a, wv_i b, wv_i w[4])
{
    wv_i x1 = rhu256(wv_mul(T, a)), x0 = wv_sub(T, x1);
    wv_i w11 = rhu256(wv_mul(x1, b));
    wv_i w00 = rhu256(wv_mul(x0, wv_sub(wv_set(256), b)));
    w[0] = w00;
    w[1] = wv_sub(x1, w11);
    w[2] = wv_sub(x0, w00);
    w[3] = w11;
}

/* What the levels of one group of WV_W lanes add up to: UNORM sums ([semantics#norm-blend]: every
 * tap whatever its level or slice), or for f32/f16 the taps of [semantics#float-blend]'s groups
 * (group = 2 * entry + slice: the levels and 3D slices are groups of their
 * own), slot t of group g holding footprint position t; a lane's slots that
 * nothing wrote weigh 0. */
typedef struct acc_lanes {
    wv_i sum[4];
    uint32_t gmask;     /* groups some lane has taps in */
    wv_fb_taps fb[4];   /* per channel */
} acc_lanes;

/* Float taps of footprint position t for the lanes in `lanes`, lane l in
 * group dz + (2 if l is in entry1, else 0). */
WV_INLINE void float_taps(const plan2d *p, acc_lanes *acc, wv_m lanes, wv_i w, wv_m entry1, int dz, int t,
                          const wv_i raw[4])
{
    for (int e = 0; e < 2; e++) {
        const int G = 2 * e + dz;
        wv_m sel = e ? wv_mand(lanes, entry1) : wv_mandnot(entry1, lanes);
        if (!wv_bits(sel))
            continue;
        if (!(acc->gmask >> G & 1u)) {
            acc->gmask |= 1u << G;
            for (int c = 0; c < p->nch; c++)
                for (int k = 0; k < 4; k++)
                    acc->fb[c].raw[G][k] = acc->fb[c].w[G][k] = wv_zero();
        }
        for (int c = 0; c < p->nch; c++) {
            acc->fb[c].raw[G][t] = wv_sel(sel, acc->fb[c].raw[G][t], raw[c]);
            acc->fb[c].w[G][t] = wv_sel(sel, acc->fb[c].w[G][t], w);
        }
    }
}

/* [semantics#float-blend] for the f16 lanes in `lanes` of channel c, one lane at a time
 * (float_blend.h; f32 goes through wv_float_blend, all lanes at once). */
static void half_blend(const acc_lanes *acc, int c, uint32_t lanes, uint32_t *dst)
{
    uint32_t rv[4][4][WV_W];
    int32_t wv[4][4][WV_W];
    for (int G = 0; G < 4; G++)
        if (acc->gmask >> G & 1u)
            for (int k = 0; k < 4; k++) {
                wv_store(rv[G][k], acc->fb[c].raw[G][k]);
                wv_store(wv[G][k], acc->fb[c].w[G][k]);
            }
    for (; lanes; lanes &= lanes - 1) {
        int l = __builtin_ctz(lanes), n = 0;
        wt__fb_tap taps[16];
        for (int G = 0; G < 4; G++)
            if (acc->gmask >> G & 1u)
                for (int k = 0; k < 4; k++)
                    if (wv[G][k][l] > 0) /* [semantics#integer-weights]: a weight-0 term reads nothing */
                        taps[n++] = (wt__fb_tap){rv[G][k][l], wv[G][k][l], G};
        dst[l] = wt__float_blend(taps, n, 1);
    }
}

/* Whether every lane in lmask can read its x footprint as one pair of
 * neighbouring texels (i0, i0 + 1): i1 is i0 + 1, or i1 weighs nothing (a
 * = 0: clamp's last texel, a periodic wrap without fraction), and no texel
 * of the footprint is the border. */
WV_INLINE int pairable(const wv_axis ax[3], wv_m lmask)
{
    wv_m bad = wv_mor(wv_mor(ax[0].out0, ax[0].out1), wv_mor(ax[1].out0, ax[1].out1));
    bad = wv_mor(bad, wv_mor(ax[2].out0, ax[2].out1));
    wv_m paired = wv_mor(wv_eq(ax[0].i1, wv_add(ax[0].i0, wv_set(1))), wv_eq(ax[0].a, wv_zero()));
    return wv_bits(wv_mand(wv_mor(bad, wv_mnot(paired)), lmask)) == 0;
}

/* [semantics#norm-blend]'s sums of a 2x2 footprint of 8-bit unsigned codes (weights w[dx +
 * 2*dy]) for pairable lanes: each row is one read of the texel pair (i0,
 * i0 + 1); the texel past the end that a weight-0 lane may read lies in the
 * array's slack.  Two channels share each 32-bit word as 16-bit fields (R
 * and B, G and A): a code times a weight is at most 255 * 256 and the four
 * taps' sum at most 255 * 256 too, so no field carries into the next. */
WV_INLINE void pair_taps_u8(const plan2d *p, wv_i zoff, const wv_axis *X, const wv_axis *Y, const wv_i w[4],
                            wv_m lmask, acc_lanes *acc)
{
    const wv_i lo8 = wv_set(0x00ff00ff);
    wv_i rb = wv_zero(), ga = rb;
    for (int dy = 0; dy < 2; dy++) {
        wv_i off = wv_add(wv_mul(dy ? Y->i1 : Y->i0, wv_set((int32_t)p->row_pitch)),
                          wv_slli(X->i0, p->esize == 4 ? 2 : p->esize - 1));
        off = wv_add(off, zoff);
        wv_i t0, t1;
        fetch_pair(p, off, lmask, &t0, &t1);
        for (int dx = 0; dx < 2; dx++) {
            wv_i t = dx ? t1 : t0, wt = w[dx + 2 * dy];
            wv_i w2 = wv_or(wt, wv_slli(wt, 16));
            rb = wv_add16(rb, wv_mul16(wv_and(t, lo8), w2));
            ga = wv_add16(ga, wv_mul16(wv_and(wv_srli(t, 8), lo8), w2));
        }
    }
    const wv_i lo16 = wv_set(0xffff);
    acc->sum[0] = wv_add(acc->sum[0], wv_and(rb, lo16));
    acc->sum[1] = wv_add(acc->sum[1], wv_and(ga, lo16));
    acc->sum[2] = wv_add(acc->sum[2], wv_srli(rb, 16));
    acc->sum[3] = wv_add(acc->sum[3], wv_srli(ga, 16));
}

/* The taps of one level for the lanes in lmask ([semantics#lod-arithmetic]: share T of the level;
 * entry 1 for the lanes where it is the upper level of a blend).  Lanes in
 * `point` are point-sampled from this level alone and get their result
 * here; the others add to acc. */
WV_INLINE void level_taps(const plan2d *p, const wv_f c[3], wv_i layer, wv_m lmask, wv_i T, wv_m entry1, wv_m point,
                          int g, acc_lanes *acc, wt_tex_result *out)
{
    wv_i sl = p->layered || p->cube ? wv_mul(layer, wv_set((int32_t)p->slice_pitch)) : wv_zero();
    wv_axis ax[3];
    ax[2].i0 = ax[2].i1 = ax[2].a = wv_zero(); /* 2D: z = 0 */
    ax[2].out0 = ax[2].out1 = wv_mnone();
    for (int k = 0; k < p->dims; k++)
        axis_footprint(p, k, c[k], p->linear, 0, &ax[k]);
    if (!p->linear) {
        wv_i raw[4];
        wv_i zoff = wv_add(sl, wv_mul(ax[2].i0, wv_set((int32_t)p->depth_pitch)));
        texels(p, zoff, ax[0].i0, ax[1].i0, lmask, wv_mor(wv_mor(ax[0].out0, ax[1].out0), ax[2].out0), raw);
        wv_m pm = wv_mand(point, lmask);
        if (wv_bits(pm))
            for (int c = 0; c < 4; c++) /* [semantics#point-conversion]: channels the format lacks read 0 */
                store_masked(&out->d[c][g], c < p->nch ? point_word(p, raw[c]) : wv_zero(), pm);
        /* A point texel inside a mip blend: one tap of weight T ([semantics#integer-weights] with
         * zero fractions), its own group ([semantics#float-blend]). */
        wv_m bm = wv_mandnot(point, lmask);
        if (!wv_bits(bm))
            return;
        if (p->ftype) {
            float_taps(p, acc, bm, T, entry1, 0, 0, raw);
            return;
        }
        for (int ch = 0; ch < p->nch; ch++)
            acc->sum[ch] = wv_add(acc->sum[ch], wv_mul(wv_keep(bm, T), raw[ch]));
        return;
    }
    /* [semantics#integer-weights]: z first (3D), z0 = rhu(T * (256 - c)), z1 = T - z0 (T = 256:
     * 256 - c and c); each slice's share splits over its 2x2 footprint. */
    const int nz = p->dims == 3 ? 2 : 1;
    const int pairs = p->pair8 && pairable(ax, lmask);
    wv_i Tm = wv_keep(lmask, T); /* other lanes weigh nothing */
    wv_i z0 = p->dims == 3 ? rhu256(wv_mul(Tm, wv_sub(wv_set(256), ax[2].a))) : Tm;
    for (int dz = 0; dz < nz; dz++) {
        wv_i Tz = dz ? wv_sub(Tm, z0) : z0;
        wv_i zi = dz ? ax[2].i1 : ax[2].i0;
        wv_m zo = dz ? ax[2].out1 : ax[2].out0;
        wv_i zoff = wv_add(sl, wv_mul(zi, wv_set((int32_t)p->depth_pitch)));
        wv_i w[4];
        weights_2d(Tz, ax[0].a, ax[1].a, w);
        if (pairs) {
            pair_taps_u8(p, zoff, &ax[0], &ax[1], w, lmask, acc);
            continue;
        }
        for (int t = 0; t < 4; t++) {
            const wv_axis *X = &ax[0], *Y = &ax[1];
            wv_i xi = t & 1 ? X->i1 : X->i0, yi = t & 2 ? Y->i1 : Y->i0;
            wv_m ob = wv_mor(wv_mor(t & 1 ? X->out1 : X->out0, t & 2 ? Y->out1 : Y->out0), zo);
            wv_i raw[4];
            texels(p, zoff, xi, yi, lmask, ob, raw);
            if (p->ftype) {
                float_taps(p, acc, lmask, w[t], entry1, dz, t, raw);
                continue;
            }
            for (int ch = 0; ch < p->nch; ch++)
                acc->sum[ch] = wv_add(acc->sum[ch], wv_mul(w[t], raw[ch]));
        }
    }
}

#endif
