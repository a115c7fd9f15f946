/* coord_scalar.c -- coordinates to texel space, address modes, footprints and integer weights
 * SPDX-License-Identifier: MIT */
#include <math.h>

#include "sample_scalar.h"

/* [semantics#decision-huge-coords]: the normalised coordinate saturates here, and texel-space integer
 * parts of clamp/border axes too: far outside every level (2^17 texels at
 * most), and small enough that x * 2^21 stays inside an int64. */
#define SAT ((int64_t)1 << 40)
#define HALF (WT__FX_ONE / 2)

/* floor(v / 2^s) for s < 63 (C leaves >> of a negative value implementation-defined). */
static int64_t floor_shr(int64_t v, int s) { return v >= 0 ? v >> s : -((-(v + 1)) >> s) - 1; }

static int64_t mod64(int64_t v, int64_t m)
{
    int64_t r = v % m;
    return r < 0 ? r + m : r;
}

static int is_pow2(int32_t n) { return n > 0 && (n & (n - 1)) == 0; }

/* rhu(n/256) = floor(n/256 + 1/2) for n >= 0 ([semantics#integer-weights]). */
static int32_t rhu256(int32_t n) { return (n + 128) >> 8; }

int wt__coords_normalized(const wt__tex_ctx *ctx) { return wt__sampler_coords_normalized(ctx->t, ctx->s); }

int wt__addr_mode(const wt__tex_ctx *ctx, int axis) { return wt__sampler_addr_mode(ctx->s, axis); }

int wt__coord_fx(float c, int32_t n, int norm, int32_t off, int mode, int64_t *fx)
{
    int periodic = mode == WT_ADDRESS_WRAP || mode == WT_ADDRESS_MIRROR;
    /* [semantics#decision-wrap-mirror-edges], [semantics#decision-nonfinite-wrap]: a non-finite coordinate -- NaN as well as ±∞ -- under wrap or
     * mirror reads texel 0 with the whole weight, offset ignored.  [semantics#nan-inf-coords]'s
     * "NaN reads as 0" was measured under clamp only, so it governs the
     * other modes (an ambiguity settled here). */
    if (!isfinite(c) && periodic)
        return 1;
    if (isnan(c))
        c = 0.0f; /* [semantics#nan-inf-coords]: a NaN coordinate reads as 0 (clamp, border) */

    int64_t ip, fr; /* integer part and fraction (units 2^-21) of the texel coordinate */
    if (norm && !is_pow2(n)) {
        /* [semantics#normalized-coords], [semantics#decision-fixed-point-range], [semantics#decision-huge-coords]: saturate at ±2^40, floor to 21 fractional bits
         * (toward −∞), then times N exactly.  u·2^21 is exact in double (24
         * significant bits scaled by a power of two), so U is the exact floor.
         * U·N needs up to 78 bits, so split U = uq·2^21 + ur. */
        double u = (double)c;
        if (u > (double)SAT)
            u = (double)SAT;
        if (u < -(double)SAT)
            u = -(double)SAT;
        int64_t U = (int64_t)floor(u * (double)WT__FX_ONE);
        int64_t uq = floor_shr(U, WT__FX), ur = U - uq * WT__FX_ONE;
        int64_t p = ur * n; /* < 2^21 · 2^17 */
        ip = uq * n + (p >> WT__FX);
        fr = p & (WT__FX_ONE - 1);
    } else {
        /* Unnormalised, or [semantics#normalized-coords] power of two: x·N, exact in f32 whenever
         * finite and exact in double always (so a finite coordinate never
         * overflows to infinity here). */
        double x = norm ? (double)c * (double)n : (double)c;
        if (!(fabs(x) < (double)SAT)) {
            /* |x| >= 2^40 (a whole number) or ±∞ under clamp/border. */
            if (periodic)
                ip = (int64_t)fmod(x, 2.0 * (double)n); /* exact; wrap and mirror repeat every 2N ([semantics#decision-huge-coords]) */
            else
                ip = x > 0 ? SAT : -SAT;
            fr = 0;
        } else {
            int64_t X = (int64_t)floor(x * (double)WT__FX_ONE); /* exact (|X| < 2^61) */
            ip = floor_shr(X, WT__FX);
            fr = X - ip * WT__FX_ONE;
        }
    }
    /* [semantics#pipeline] step 3: the offset, in whole texels of this level, before the
     * address mode and the clamps. */
    ip += off;
    if (periodic) {
        /* Wrap and mirror act on integer indices with period N and 2N
         * ([semantics#address-per-texel]), so reducing the integer part modulo 2N changes no texel. */
        ip = mod64(ip, 2 * (int64_t)n);
    } else if (ip > SAT || ip < -SAT) {
        ip = ip > 0 ? SAT : -SAT; /* far outside: the same texels as ±∞ */
        fr = 0;
    }
    *fx = ip * WT__FX_ONE + fr;
    return 0;
}

int32_t wt__addr_index(int64_t i, int32_t n, int mode)
{
    switch (mode) {
    case WT_ADDRESS_WRAP: /* [semantics#address-per-texel]: i mod N (mathematical) */
        return (int32_t)mod64(i, n);
    case WT_ADDRESS_MIRROR: { /* [semantics#address-per-texel]: t = i mod 2N; t < N ? t : 2N − 1 − t */
        int64_t t = mod64(i, 2 * (int64_t)n);
        return (int32_t)(t < n ? t : 2 * (int64_t)n - 1 - t);
    }
    case WT_ADDRESS_BORDER:
    case WT_ADDRESS_CLAMP_OGL: /* outside reads the border colour ([semantics#address-per-texel], [semantics#clamp-ogl]) */
        return i < 0 || i >= n ? -1 : (int32_t)i;
    default: /* clamp: min(max(i, 0), N − 1) */
        return (int32_t)(i < 0 ? 0 : i >= n ? n - 1 : i);
    }
}

int64_t wt__fx_linear_base(int64_t fx, int32_t *a)
{
    /* [semantics#linear-filtering]: xB = x − 0.5, i = floor(xB), a = floor(frac(xB)·256 + 0.5) with
     * ties up; a = 256 carries into i (x = 2.49805 -> i = 2). */
    int64_t xb = fx - HALF;
    int64_t i = floor_shr(xb, WT__FX);
    int64_t fr = xb - i * WT__FX_ONE; /* [0, 2^21) */
    int32_t q = (int32_t)((fr * 256 + HALF) >> WT__FX);
    if (q == 256) {
        i++;
        q = 0;
    }
    *a = q;
    return i;
}

void wt__axis_point(int64_t fx, int32_t n, int mode, wt__axis *ax)
{
    int64_t i = floor_shr(fx, WT__FX); /* [semantics#point-sampling]: i = floor(x) */
    /* [semantics#decision-clamp-ogl-samplers]: point sampling under clamp_ogl clamps the coordinate to
     * [0, N] and floor(N) = N then clamps to the last texel, as GL_CLAMP
     * with GL_NEAREST; the border is only ever blended in by a linear filter. */
    if (mode == WT_ADDRESS_CLAMP_OGL)
        mode = WT_ADDRESS_CLAMP;
    ax->i0 = ax->i1 = wt__addr_index(i, n, mode);
    ax->a = 0;
}

void wt__axis_linear(int64_t fx, int32_t n, int mode, wt__axis *ax)
{
    int64_t top = (int64_t)n * WT__FX_ONE;
    if (mode == WT_ADDRESS_CLAMP) {
        /* [semantics#pipeline] step 4, [semantics#address-per-texel]: linear clamp pre-clamps x to [0.5, N − 0.5]. */
        fx = fx < HALF ? HALF : fx > top - HALF ? top - HALF : fx;
    } else if (mode == WT_ADDRESS_CLAMP_OGL) {
        /* [semantics#decision-clamp-ogl-samplers]: clamp_ogl clamps x to [0, N]; the edge blends the border. */
        fx = fx < 0 ? 0 : fx > top ? top : fx;
    }
    int64_t i = wt__fx_linear_base(fx, &ax->a);
    ax->i0 = wt__addr_index(i, n, mode); /* [semantics#pipeline] step 7: each texel separately */
    ax->i1 = wt__addr_index(i + 1, n, mode);
}

void wt__axis_gather(int64_t fx, int32_t n, int mode, wt__axis *ax)
{
    /* [semantics#tld4]: the indices are clamped, not the coordinate.  clamp_ogl's own
     * coordinate clamp to [0, N] ([semantics#decision-clamp-ogl-samplers]) is part of that mode, so it stays. */
    if (mode == WT_ADDRESS_CLAMP_OGL) {
        int64_t top = (int64_t)n * WT__FX_ONE;
        fx = fx < 0 ? 0 : fx > top ? top : fx;
    }
    int64_t i = wt__fx_linear_base(fx, &ax->a);
    ax->i0 = wt__addr_index(i, n, mode);
    ax->i1 = wt__addr_index(i + 1, n, mode);
}

void wt__weights_1d(int32_t T, int32_t a, int32_t w[2])
{
    w[1] = rhu256(T * a); /* [semantics#integer-weights]: w1 = rhu(T·a/256), w0 = T − w1 */
    w[0] = T - w[1];
}

void wt__weights_2d(int32_t T, int32_t a, int32_t b, int32_t w[2][2])
{
    /* [semantics#integer-weights] / [semantics#decision-share-split-2d]: x first (x1 = rhu(T·a/256)); the y split rounds the upper
     * part on the x = 1 side and the lower part on the x = 0 side.  For
     * T = 256 this is w11 = rhu(a·b/256), w10 = a − w11, w01 = b − w11,
     * w00 = 256 − a − b + w11. */
    int32_t x1 = rhu256(T * a), x0 = T - x1;
    w[1][1] = rhu256(x1 * b);
    w[1][0] = x1 - w[1][1];
    w[0][0] = rhu256(x0 * (256 - b));
    w[0][1] = x0 - w[0][0];
}

void wt__weights_z(int32_t T, int32_t c, int32_t w[2])
{
    /* [semantics#integer-weights]: z first, rounding the lower slice's part, z0 = rhu(T·(256−c)/256),
     * z1 = T − z0; for T = 256 this is z0 = 256 − c, z1 = c. */
    w[0] = rhu256(T * (256 - c));
    w[1] = T - w[0];
}
