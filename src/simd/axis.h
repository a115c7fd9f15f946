/* axis.h -- one axis of a footprint for WV_W lanes: X9, the address mode, the linear split (a template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * The axis module: every warp kernel of src/simd takes its indices and
 * fractions from here (tex2d_u8_tpl.h, tex_tpl.h), and the one-lane form
 * of the same steps is include/warptex/lane2d.h's wt__l2_axis_of, whose
 * x9_npot this calls lane by lane, so the arithmetic that leaves the 2^-9
 * grid is one function for every kernel.  The steps, each the reference's
 * ([semantics#normalized-coords], [semantics#nan-inf-coords], [semantics#decision-huge-coords],
 * [semantics#linear-filtering], [semantics#address-per-texel]):
 *   - X9 = floor(x * 512).  On a power-of-two extent, or unnormalised,
 *     x * 512 = c * (N * 512) is exact in f32; on other extents X9 comes from
 *     the reference's U = floor(c * 2^21) fixed point, exact in double
 *     (wt__l2_x9_npot).  NaN reads as 0 under clamp and border; under wrap and
 *     mirror a non-finite coordinate reads texel 0 with the whole weight, and
 *     tld4 gathers texels 0 and 1 ([semantics#decision-nonfinite-wrap]).
 *   - Wrap and mirror (normalised: unnormalised ones became clamp,
 *     wt__sampler_addr_mode) reduce X9 modulo 2N * 512 = m: below 2^30 in
 *     magnitude floor(y) converts exactly and two's complement reduces it;
 *     above, y is a multiple of 2^7 and y - floor(y / m) * m is exact (an
 *     overflow to inf leaves NaN, which converts to 0x80000000: 0 modulo m).
 *   - Clamp and border limit x to [-2, N + 2], outside which no texel read
 *     changes; a linear clamp pre-clamps x to [0.5, N - 0.5] ([semantics#pipeline] step 4),
 *     tld4 does not ([semantics#tld4]).  On the 2^-9 grid those bounds are exact.
 *   - Linear: s = (X9 - 255) >> 1, i = s >> 8, a = s & 255 (the 1/256
 *     fraction with ties up, the carry at 256); point: i = X9 >> 9, a = 0.
 *     Each index then goes through the address mode on its own ([semantics#pipeline] step 7). */
#ifndef WT_SIMD_AXIS_H
#define WT_SIMD_AXIS_H

#include "warptex/lane2d.h" /* wt__l2_x9_npot */

#ifndef WV_W
#error "axis.h is a template over the vector dialect: include vec8.h or vec16.h first"
#endif

/* The footprint of one axis: indices i0 (lower) and i1 (upper, = i0 for
 * point), the upper fraction a in 1/256ths (0 for point), and the lanes that
 * read the border on each index (border mode, index outside). */
typedef struct wv_axis {
    wv_i i0, i1, a;
    wv_m out0, out1;
} wv_axis;

/* X9 of normalised c on n texels, n not a power of two (periodic: U modulo
 * 2^22; otherwise c already limited to [-4, 5]): wt__l2_x9_npot per lane. */
static wv_i wv_x9_npot(wv_f c, int32_t n, int periodic)
{
    float cv[WV_W];
    int32_t r[WV_W];
    wv_store(cv, wv_fbits(c));
    for (int l = 0; l < WV_W; l++)
        r[l] = wt__l2_x9_npot(cv[l], n, periodic);
    return wv_load(r);
}

/* [semantics#address-per-texel] on integer indices i in [-1, 2N] (wrap or mirror): lane2d.h's
 * wt__l2_periodic_index in vector form. */
WV_INLINE wv_i wv_periodic_index(wv_i i, int32_t n, int mode)
{
    wv_i t = wv_add(i, wv_keep(wv_gt(wv_zero(), i), wv_set(2 * n)));
    t = wv_sub(t, wv_keep(wv_gt(t, wv_set(2 * n - 1)), wv_set(2 * n)));
    wv_m upper = wv_gt(t, wv_set(n - 1));
    if (mode == WT_ADDRESS_WRAP)
        return wv_sub(t, wv_keep(upper, wv_set(n)));
    return wv_sel(upper, t, wv_sub(wv_set(2 * n - 1), t));
}

/* Coordinate c on an axis of n texels (scale: n when normalised, else 1;
 * npot: normalised on an extent not a power of two) in effective address
 * mode `mode`; linear: the 2-texel footprint; gather: tld4's (no pre-clamp). */
WV_INLINE void wv_axis_of(wv_f c, int32_t n, float scale, int npot, int mode, int linear, int gather, wv_axis *ax)
{
    const int periodic = mode == WT_ADDRESS_WRAP || mode == WT_ADDRESS_MIRROR;
    wv_i x9;
    wv_m finite = wv_mnone();
    if (periodic) {
        /* a non-finite c is fixed up below and gets c = 0 here */
        finite = wv_ffinite(c);
        wv_f cf = wv_fkeep(finite, c);
        if (npot) {
            x9 = wv_x9_npot(cf, n, 1); /* in [0, 2N * 512) */
        } else {
            const float m = (float)n * 1024.0f;
            wv_f y = wv_ffloor(wv_fmul(cf, wv_fset((float)n * 512.0f)));
            wv_m big = wv_fabs_nlt(y, 1073741824.0f);
            wv_f yr = wv_fsub(y, wv_fmul(wv_ffloor(wv_fmul(y, wv_fset(1.0f / m))), wv_fset(m)));
            x9 = wv_and(wv_trunc_int(wv_fsel(big, y, yr)), wv_set((int32_t)m - 1));
        }
    } else {
        const int pre = linear && !gather && mode == WT_ADDRESS_CLAMP;
        const int32_t lo9 = pre ? 256 : -1024, hi9 = pre ? 512 * n - 256 : 512 * (n + 2);
        wv_f cn = wv_fkeep(wv_ford(c), c); /* NaN reads as 0 */
        if (npot) {
            x9 = wv_x9_npot(wv_fmin(wv_fmax(cn, wv_fset(-4.0f)), wv_fset(5.0f)), n, 0);
        } else {
            wv_f x = wv_fmul(cn, wv_fset(scale)); /* ±inf clamps like ±SAT */
            x = wv_fmin(wv_fmax(x, wv_fset(-4.0f)), wv_fset((float)n + 4.0f));
            x9 = wv_floor_int(wv_fmul(x, wv_fset(512.0f)));
        }
        x9 = wv_min(wv_max(x9, wv_set(lo9)), wv_set(hi9));
    }
    wv_i i, a;
    if (linear) {
        wv_i s = wv_srai(wv_sub(x9, wv_set(255)), 1);
        i = wv_srai(s, 8);
        a = wv_and(s, wv_set(255));
    } else {
        i = wv_srai(x9, 9); /* [semantics#point-sampling]: floor(x) */
        a = wv_zero();
    }
    const wv_i j = linear ? wv_add(i, wv_set(1)) : i;
    if (periodic) {
        ax->i0 = wv_periodic_index(i, n, mode);
        ax->i1 = linear ? wv_periodic_index(j, n, mode) : ax->i0;
        ax->out0 = ax->out1 = wv_mnone();
        /* texel 0 with the whole weight; tld4 gathers texels 0 and 1 */
        const wv_i one = gather ? wv_periodic_index(wv_set(1), n, mode) : wv_zero();
        ax->i0 = wv_keep(finite, ax->i0);
        ax->i1 = wv_sel(finite, one, ax->i1);
        a = wv_keep(finite, a);
    } else if (mode == WT_ADDRESS_BORDER) {
        ax->out0 = wv_mnot(wv_mand(wv_gt(i, wv_set(-1)), wv_gt(wv_set(n), i)));
        ax->out1 = linear ? wv_mnot(wv_mand(wv_gt(j, wv_set(-1)), wv_gt(wv_set(n), j))) : ax->out0;
        ax->i0 = wv_sel(ax->out0, i, wv_zero());
        ax->i1 = wv_sel(ax->out1, j, wv_zero());
    } else {
        ax->i0 = wv_min(wv_max(i, wv_zero()), wv_set(n - 1));
        ax->i1 = linear ? wv_min(wv_max(j, wv_zero()), wv_set(n - 1)) : ax->i0;
        ax->out0 = ax->out1 = wv_mnone();
    }
    ax->a = a;
}

#endif
