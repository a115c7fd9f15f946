/* cube_scalar.c -- cubemaps: face selection and projection, sampling on a face, seamless edges and corners
 * SPDX-License-Identifier: MIT */
#include <math.h>

#include "sample_scalar.h"

/* [semantics#cube-faces] face table as integer axes: the major direction M of each face and
 * the directions S, T with s = dot(v, S), t = dot(v, T) (before the division
 * by |m|).  Rows: +x, −x, +y, −y, +z, −z. */
static const int FACE_M[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
static const int FACE_S[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
static const int FACE_T[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

void wt__cube_project(float x, float y, float z, int *face, float *s, float *t)
{
    /* [semantics#nan-inf-coords]: a NaN component reads as 0. */
    x = isnan(x) ? 0.0f : x;
    y = isnan(y) ? 0.0f : y;
    z = isnan(z) ? 0.0f : z;
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
    if (ax == 0.0f && ay == 0.0f && az == 0.0f) {
        /* [semantics#decision-cube-projection]: the zero vector selects face 0 at its centre. */
        *face = 0;
        *s = *t = 0.5f;
        return;
    }
    float m, sc, tc;
    /* [semantics#cube-faces] ties (measured): z wins over y, y over x.  The sign test is >= 0,
     * so a −0 major axis goes to the positive face ([semantics#decision-cube-projection]). */
    if (az >= ax && az >= ay) {
        *face = z >= 0.0f ? 4 : 5;
        m = az;
        sc = z >= 0.0f ? x : -x;
        tc = -y;
    } else if (ay >= ax) {
        *face = y >= 0.0f ? 2 : 3;
        m = ay;
        sc = x;
        tc = y >= 0.0f ? z : -z;
    } else {
        *face = x >= 0.0f ? 0 : 1;
        m = ax;
        sc = x >= 0.0f ? -z : z;
        tc = -y;
    }
    /* [semantics#decision-cube-projection]: ((s/m) + 1)/2 with an IEEE f32 division (the card's
     * approximate reciprocal is not modelled, [semantics#cube-faces]). */
    float fs = (sc / m + 1.0f) / 2.0f;
    float ft = (tc / m + 1.0f) / 2.0f;
    /* [semantics#decision-nonfinite-cube]: a NaN face coordinate (∞/∞) reads as 0. */
    *s = isnan(fs) ? 0.0f : fs;
    *t = isnan(ft) ? 0.0f : ft;
}

/* Texel (x, y) of a face, as one entry of a footprint. */
typedef struct ftexel {
    int face;
    int32_t x, y;
} ftexel;

/* [semantics#decision-seamless-cube]: texel (i, j) of face f with exactly one index one step
 * outside [0, n) lies on the adjacent face across that edge.  In half-texel
 * units the centre of (i, j) is v = n·M + (2i+1−n)·S + (2j+1−n)·T.  Folding
 * the cube open along the shared edge, the texel half a texel past the edge
 * is the one half a texel inside the neighbour: the outside component
 * becomes ±n (the neighbour's major axis) and the major component n − 1.
 * Re-projecting that integer vector with the [semantics#cube-faces] table gives the texel. */
static ftexel across_edge(int f, int32_t n, int32_t i, int32_t j)
{
    int64_t sc = 2 * (int64_t)i + 1 - n, tc = 2 * (int64_t)j + 1 - n;
    int64_t ms = n - 1, s_out = sc, t_out = tc;
    if (i < 0 || i >= n)
        s_out = sc < 0 ? -(int64_t)n : n;
    else
        t_out = tc < 0 ? -(int64_t)n : n;
    int64_t v[3];
    for (int k = 0; k < 3; k++)
        v[k] = ms * FACE_M[f][k] + s_out * FACE_S[f][k] + t_out * FACE_T[f][k];
    /* The new major axis is the only component of magnitude n; the others
     * are at most n − 1. */
    int g = 0;
    for (int k = 0; k < 3; k++)
        if (v[k] == n || v[k] == -(int64_t)n)
            g = 2 * k + (v[k] < 0);
    int64_t s2 = 0, t2 = 0;
    for (int k = 0; k < 3; k++) {
        s2 += v[k] * FACE_S[g][k];
        t2 += v[k] * FACE_T[g][k];
    }
    ftexel r = {g, (int32_t)((s2 + n - 1) / 2), (int32_t)((t2 + n - 1) / 2)};
    return r;
}

/* [semantics#decision-seamless-cube], seamless linear filtering on face f: footprint (i, i+1) x
 * (j, j+1) with fractions a, b and share T.  Texels past one edge come from
 * the neighbour; at a corner the missing texel is the average of the three
 * real corner texels.  That average is taken on the integer weights: the
 * missing texel's weight w goes rhu(w/3) to each of the two texels across
 * the edges and w − 2·rhu(w/3) to the face's own corner texel, so the
 * weights still sum to T. */
static void seamless_taps(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t cube, int f, int32_t n,
                          int64_t i, int64_t j, int32_t a, int32_t b, int32_t T, int group, wt__taps *taps)
{
    int32_t w[2][2];
    wt__weights_2d(T, a, b, w); /* [semantics#integer-weights] / [semantics#decision-share-split-2d], [dx][dy] */
    ftexel tx[2][2];
    int out[2][2];
    for (int dx = 0; dx < 2; dx++) {
        for (int dy = 0; dy < 2; dy++) {
            int64_t x = i + dx, y = j + dy; /* within [−1, n] */
            int xo = x < 0 || x >= n, yo = y < 0 || y >= n;
            out[dx][dy] = xo && yo;
            ftexel here = {f, (int32_t)x, (int32_t)y};
            tx[dx][dy] = (xo || yo) && !(xo && yo) ? across_edge(f, n, (int32_t)x, (int32_t)y) : here;
        }
    }
    for (int dx = 0; dx < 2; dx++) {
        for (int dy = 0; dy < 2; dy++) {
            if (!out[dx][dy] || w[dx][dy] == 0)
                continue;
            /* The corner texel (dx, dy) is missing: the texels across the
             * two edges are (1−dx, dy) and (dx, 1−dy), the face's own (1−dx, 1−dy). */
            int32_t wm = w[dx][dy];
            int32_t p = (2 * wm + 3) / 6; /* rhu(w/3) = floor(w/3 + 1/2) */
            w[1 - dx][dy] += p;
            w[dx][1 - dy] += p;
            w[1 - dx][1 - dy] += wm - 2 * p;
            w[dx][dy] = 0;
        }
    }
    uint32_t base = 6u * cube;
    for (int dy = 0; dy < 2; dy++)
        for (int dx = 0; dx < 2; dx++)
            if (!out[dx][dy])
                wt__taps_add(ctx, lv, base + (uint32_t)tx[dx][dy].face, tx[dx][dy].x, tx[dx][dy].y, 0, w[dx][dy],
                             group, taps);
}

void wt__cube_level_taps(const wt__tex_ctx *ctx, const wt__level *lv, uint32_t cube, const float dir[3], int32_t T,
                         int linear, int group, wt__taps *taps)
{
    int f;
    float fc[2];
    wt__cube_project(dir[0], dir[1], dir[2], &f, &fc[0], &fc[1]);
    int32_t n = lv->w; /* faces are square ([semantics#cube-faces]) */
    uint32_t slice = 6u * cube + (uint32_t)f; /* [semantics#cube-arrays] */
    int seamless = ctx->s->seamless;
    int mode[2];
    for (int k = 0; k < 2; k++) {
        mode[k] = wt__addr_mode(ctx, k); /* [semantics#decision-cube-unnormalized]: wrap/mirror demoted without normalized_coords */
        /* [semantics#cube-filtering]: seamless ignores the modes (point uses clamp); point sampling
         * of a non-mipmapped cube clamps to the face whatever the mode. */
        if (seamless || (!linear && !ctx->t->mipmapped))
            mode[k] = WT_ADDRESS_CLAMP;
    }
    /* [semantics#cube-faces]: the face coordinates are normalised 2D coordinates of the face
     * (in [0, 1], so wt__coord_fx never sees a non-finite one). */
    int64_t fx[2];
    for (int k = 0; k < 2; k++)
        wt__coord_fx(fc[k], n, 1, 0, mode[k], &fx[k]);

    if (linear && seamless) {
        /* [semantics#decision-seamless-cube]: no pre-clamp, so the footprint may leave the face by
         * one texel; [semantics#linear-filtering] rounding as everywhere. */
        int32_t a, b;
        int64_t i = wt__fx_linear_base(fx[0], &a);
        int64_t j = wt__fx_linear_base(fx[1], &b);
        seamless_taps(ctx, lv, cube, f, n, i, j, a, b, T, group, taps);
        return;
    }
    wt__axis ax[2];
    for (int k = 0; k < 2; k++) {
        if (linear)
            wt__axis_linear(fx[k], n, mode[k], &ax[k]);
        else
            wt__axis_point(fx[k], n, mode[k], &ax[k]);
    }
    int32_t w[2][2];
    wt__weights_2d(T, ax[0].a, ax[1].a, w);
    for (int dy = 0; dy < 2; dy++) {
        for (int dx = 0; dx < 2; dx++) {
            int32_t x = dx ? ax[0].i1 : ax[0].i0, y = dy ? ax[1].i1 : ax[1].i0;
            wt__taps_add(ctx, lv, slice, x, y, 0, w[dx][dy], group, taps);
        }
    }
}

int wt__cube_gather(const wt__tex_ctx *ctx, int32_t n, const float dir[3], int32_t idx[4][2])
{
    int f;
    float fc[2];
    wt__cube_project(dir[0], dir[1], dir[2], &f, &fc[0], &fc[1]);
    wt__axis ax[2];
    for (int k = 0; k < 2; k++) {
        /* [semantics#tld4]: within the face, under the (demoted, [semantics#decision-cube-unnormalized]) address mode,
         * whatever the filter; decision: seamless does not apply to tld4. */
        int mode = wt__addr_mode(ctx, k);
        int64_t fx;
        wt__coord_fx(fc[k], n, 1, 0, mode, &fx);
        wt__axis_gather(fx, n, mode, &ax[k]);
    }
    /* [semantics#tld4] order: T(i, j+1), T(i+1, j+1), T(i+1, j), T(i, j). */
    int32_t xs[4] = {ax[0].i0, ax[0].i1, ax[0].i1, ax[0].i0};
    int32_t ys[4] = {ax[1].i1, ax[1].i1, ax[1].i0, ax[1].i0};
    for (int k = 0; k < 4; k++) {
        idx[k][0] = xs[k];
        idx[k][1] = ys[k];
    }
    return f;
}
