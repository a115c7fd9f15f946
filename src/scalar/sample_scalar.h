/* sample_scalar.h -- private interfaces between the scalar reference's texel-selection files
 * SPDX-License-Identifier: MIT */
#ifndef WT_SAMPLE_SCALAR_H
#define WT_SAMPLE_SCALAR_H

#include "scalar.h"

/* ---- coordinates, address modes and weights (coord_scalar.c) --------------
 * A texel-space coordinate is held as exact fixed point: an int64 in units of
 * 2^-WT__FX.  Every later decision (floor, the 8-bit weight rounding of [semantics#linear-filtering],
 * the clamps to [0.5, N-0.5] and [0, N]) compares against multiples of 2^-9,
 * so flooring the exact value to 2^-21 changes none of them. */
#define WT__FX 21
#define WT__FX_ONE ((int64_t)1 << WT__FX)

/* 1 when coordinates are scaled from normalised to texel space: the
 * sampler's normalized_coords unless force_unnormalized, or always for a
 * mipmapped texture ([semantics#normalized-coords], [semantics#mip-levels]). */
WT_INTERNAL int wt__coords_normalized(const wt__tex_ctx *ctx);
/* Effective address mode of axis 0..2: wrap and mirror become clamp when the
 * coordinates are unnormalised ([semantics#unnormalized-coords], [semantics#decision-cube-unnormalized]), mipmapped textures included
 * ([semantics#mip-levels]). */
WT_INTERNAL int wt__addr_mode(const wt__tex_ctx *ctx, int axis);

/* Texel-space position of coordinate c on an axis of n texels, plus `off`
 * whole texels, as WT__FX fixed point (*fx).  NaN reads as 0 under clamp
 * and border ([semantics#nan-inf-coords]).  Returns 1, leaving *fx alone, when c is NaN or infinite
 * under wrap or mirror: the caller then reads texel 0 on that axis ([semantics#decision-wrap-mirror-edges], [semantics#decision-nonfinite-wrap]). */
WT_INTERNAL int wt__coord_fx(float c, int32_t n, int norm, int32_t off, int mode, int64_t *fx);

/* [semantics#address-per-texel]: a texel index through the address mode; -1 reads the border colour. */
WT_INTERNAL int32_t wt__addr_index(int64_t i, int32_t n, int mode);

/* [semantics#linear-filtering]: the linear footprint base i = floor(x - 0.5) and the fraction
 * a = floor(frac*256 + 1/2) in 1/256ths, carried into i when it reaches 256. */
WT_INTERNAL int64_t wt__fx_linear_base(int64_t fx, int32_t *a);

/* One axis of a footprint: indices i0 (lower) and i1 (upper) after the
 * address mode (-1 = border) and the upper texel's fraction a in 1/256ths.
 * Point sampling gives a = 0 (i1 = i0). */
typedef struct wt__axis {
    int32_t i0, i1;
    int32_t a;
} wt__axis;
WT_INTERNAL void wt__axis_point(int64_t fx, int32_t n, int mode, wt__axis *ax);
WT_INTERNAL void wt__axis_linear(int64_t fx, int32_t n, int mode, wt__axis *ax);
/* tld4 ([semantics#tld4]): the linear footprint with the address mode on each index and
 * no [0.5, N-0.5] pre-clamp. */
WT_INTERNAL void wt__axis_gather(int64_t fx, int32_t n, int mode, wt__axis *ax);

/* [semantics#integer-weights] / [semantics#decision-share-split-2d] integer weights of a share T (1/256ths, T <= 256).
 * 1D: w[dx]; 2D: w[dx][dy]; z: w[dz] with the lower slice rounded. */
WT_INTERNAL void wt__weights_1d(int32_t T, int32_t a, int32_t w[2]);
WT_INTERNAL void wt__weights_2d(int32_t T, int32_t a, int32_t b, int32_t w[2][2]);
WT_INTERNAL void wt__weights_z(int32_t T, int32_t c, int32_t w[2]);

/* An offset operand wrapped into its bits-wide two's complement field
 * ([semantics#offsets]: 4 bits for tex, 6 for tld4; 8 -> -8). */
static inline int32_t wt__offset_field(uint32_t v, int bits)
{
    uint32_t m = (1u << bits) - 1u, h = 1u << (bits - 1);
    return (int32_t)((v & m) ^ h) - (int32_t)h;
}

/* [semantics#decision-1d-offset-quirk], measured on sm_86 ([semantics#decision-generation]): on a non-layered 1D texture with float
 * coordinates, bits 4..7 of the x offset register are a y offset (so a
 * negative x offset lands on row -1).  Kept here so that another
 * generation's rule can replace it in one place. */
static inline int32_t wt__offset_1d_y_quirk(uint32_t xoff)
{
    return wt__offset_field(xoff >> 4, 4);
}

/* ---- texel addresses and tap lists (taps_scalar.c) ------------------------ */

/* Number of slices behind each level (layers, 6 per cube, samples). */
WT_INTERNAL uint32_t wt__tex_slices(const wt__tex *t);
/* Raw channel codes of texel (x, y, z) of `slice` on level lv, or of the
 * border texel when any index is negative.  Indices are checked against the
 * level before memory is touched. */
WT_INTERNAL void wt__texel_raw(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t slice, int32_t x, int32_t y,
                               int32_t z, uint32_t raw[4]);
/* Append a tap of weight w in [semantics#float-blend] group `group`; a weight of 0 reads
 * nothing and adds nothing ([semantics#integer-weights]). */
WT_INTERNAL void wt__taps_add(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t slice, int32_t x, int32_t y,
                              int32_t z, int32_t w, int group, wt__taps *taps);

/* ---- cubes (cube_scalar.c) ------------------------------------------------- */

/* Taps of one LOD entry (share T, group `group`) of a cube fetch: direction
 * dir on cube `cube` of level lv ([semantics#cube-faces], [semantics#cube-filtering], [semantics#decision-seamless-cube]). */
WT_INTERNAL void wt__cube_level_taps(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t cube, const float dir[3],
                                     int32_t T, int linear, int group, wt__taps *taps);
/* tld4 on a cube ([semantics#tld4]): the face of direction dir (returned) and the gather
 * footprint within that face of n texels under the address mode; idx[k] =
 * {x, y} of the k-th texel in d order, an index of -1 reads the border. */
WT_INTERNAL int wt__cube_gather(const wt__tex_ctx *ctx, int32_t n, const float dir[3], int32_t idx[4][2]);

/* ---- tld4 (tld4_scalar.c) --------------------------------------------------- */
WT_INTERNAL void wt__tld4_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4]);

#endif
