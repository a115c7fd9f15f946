/* grad_lod.h -- the measured 1D/2D gradient LOD ([semantics#lod-from-gradients]) for one lane, used by the SIMD kernels
 * SPDX-License-Identifier: MIT
 *
 * Written from [semantics#lod-from-gradients] and [semantics#decision-diagonal-t10] on its own, not from the scalar
 * reference (which stays the independent oracle;
 * tests/backend/test_backend_equal.c compares the two on random gradients,
 * NaN, infinities, zeros, subnormals and cancelling diagonals included).
 *
 * Every intermediate of [semantics#lod-from-gradients] has at most 10 significant bits, so a value is
 * held as m * 2^k with m an integer in [512, 1023] (m = 0: zero): each step
 * is then exact integer arithmetic over the whole f32 range.
 *   0. components scaled to level-0 texels in f32 by the caller; a NaN one
 *      counts as 0, an infinite one makes rho infinite (the last level);
 *   1. each component cut to 10 significant bits (t10, toward zero);
 *   2. len(u, v) = t10(a + rhu(11 * M_b / 8) * 2^(k_b - 2)), a = max, b = min;
 *   3. diagonals dPdx ± dPdy per component: with g = 2^(ilogb(big) - 10),
 *      big ± floor(|small| / g) * g, cut to 10 bits ([semantics#decision-diagonal-t10]); their length
 *      t10(t10(rhu(11 * M_a / 8) * 2^(k_a - 1)) + rhu(121 * M_b / 64) * 2^(k_b - 3));
 *   4. rho = the largest of the four lengths;
 *   5. q = 256 * ilogb(rho) + LOG2TAB[top 8 fraction bits] ([semantics#log2-table]);
 *      rho = 0 gives "minus infinity". */
#ifndef WT_GRAD_LOD_H
#define WT_GRAD_LOD_H

#include <stdint.h>
#include <string.h>

#include "../scalar/scalar.h" /* wt__lod_log2_table: [semantics#log2-table]'s data */

/* A 10-bit magnitude m * 2^k; zero has m = 0 and the smallest k. */
typedef struct wt__g10 {
    uint32_t m;
    int32_t k;
} wt__g10;

#define WT__G10_ZERO_K INT32_MIN

static inline wt__g10 wt__g10_zero(void) { return (wt__g10){0, WT__G10_ZERO_K}; }

/* t10(v * 2^k) for an integer v: the top 10 bits, truncated. */
static inline wt__g10 wt__g10_cut(uint64_t v, int32_t k)
{
    if (!v)
        return wt__g10_zero();
    int top = 63 - __builtin_clzll(v);
    if (top > 9)
        return (wt__g10){(uint32_t)(v >> (top - 9)), k + (top - 9)};
    return (wt__g10){(uint32_t)(v << (9 - top)), k - (9 - top)};
}

/* a >= b as values (for normalised m, the exponent decides first). */
static inline int wt__g10_ge(wt__g10 a, wt__g10 b) { return a.k > b.k || (a.k == b.k && a.m >= b.m); }

/* Steps 0-1 on one scaled component: its magnitude cut to 10 bits; a NaN
 * is 0, an infinity sets *inf. */
static inline wt__g10 wt__g10_of_f32(float f, int *inf)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    uint32_t e = b >> 23 & 255, frac = b & 0x7fffff;
    if (e == 255) {
        *inf |= frac == 0;
        return wt__g10_zero();
    }
    return e ? wt__g10_cut(frac | 0x800000u, (int32_t)e - 150) : wt__g10_cut(frac, -149);
}

/* t10(a + r * 2^e) with e < a.k and a non-zero: the sum's bits below 2^a.k
 * are cut whatever they are (the sum is at least a), so only floor(r * 2^e /
 * 2^a.k) of the addend matters, exactly. */
static inline wt__g10 wt__g10_add_below(wt__g10 a, uint64_t r, int32_t e)
{
    int64_t sh = (int64_t)a.k - e;
    return wt__g10_cut((uint64_t)a.m + (sh < 64 ? r >> sh : 0), a.k);
}

/* Step 2: the octagonal length of (x, y). */
static inline wt__g10 wt__g10_len(wt__g10 x, wt__g10 y)
{
    wt__g10 a = wt__g10_ge(x, y) ? x : y, b = wt__g10_ge(x, y) ? y : x;
    if (!b.m)
        return a;
    return wt__g10_add_below(a, (11u * b.m + 4u) >> 3, b.k - 2); /* rhu(11 M / 8) * 2^(k - 2) */
}

/* Step 3: |x ± y| as the adder forms it (opposite: the magnitudes
 * subtract), then cut to 10 bits ([semantics#decision-diagonal-t10]). */
static inline wt__g10 wt__g10_diag_comp(wt__g10 x, wt__g10 y, int opposite)
{
    wt__g10 big = wt__g10_ge(x, y) ? x : y, small = wt__g10_ge(x, y) ? y : x;
    if (!small.m)
        return big;
    /* in units of g = 2^(big.k - 1): big is 2 * M, small floored */
    int32_t sh = big.k - 1 - small.k; /* >= -1 */
    uint64_t s = sh < 0 ? (uint64_t)small.m << 1 : sh < 64 ? (uint64_t)small.m >> sh : 0;
    uint64_t b2 = 2u * (uint64_t)big.m;
    return wt__g10_cut(opposite ? b2 - s : b2 + s, big.k - 1);
}

/* Step 3: a diagonal's length. */
static inline wt__g10 wt__g10_diag_len(wt__g10 x, wt__g10 y)
{
    wt__g10 a = wt__g10_ge(x, y) ? x : y, b = wt__g10_ge(x, y) ? y : x;
    if (!a.m)
        return a;
    wt__g10 big = wt__g10_cut((11u * a.m + 4u) >> 3, a.k - 1); /* exponent a.k - 1 or a.k */
    if (!b.m)
        return big;
    return wt__g10_add_below(big, (121u * b.m + 32u) >> 6, b.k - 3); /* rhu(121 M / 64) * 2^(k - 3) */
}

/* q in 1/256ths of the gradients (u, v per gradient, in level-0 texels),
 * before bias and clamps: INT32_MIN for rho = 0, INT32_MAX for an infinite
 * rho. */
static inline int32_t wt__grad_q_2d(float ux, float vx, float uy, float vy)
{
    int inf = 0;
    wt__g10 a = wt__g10_of_f32(ux, &inf), b = wt__g10_of_f32(vx, &inf);
    wt__g10 c = wt__g10_of_f32(uy, &inf), d = wt__g10_of_f32(vy, &inf);
    if (inf)
        return INT32_MAX;
    uint32_t sux, svx, suy, svy; /* sign bits (a NaN's does not matter: its magnitude is 0) */
    memcpy(&sux, &ux, 4);
    memcpy(&svx, &vx, 4);
    memcpy(&suy, &uy, 4);
    memcpy(&svy, &vy, 4);
    int du = (int)((sux ^ suy) >> 31), dv = (int)((svx ^ svy) >> 31); /* signs differ */
    wt__g10 rho = wt__g10_len(a, b), l;
    l = wt__g10_len(c, d);
    rho = wt__g10_ge(rho, l) ? rho : l;
    l = wt__g10_diag_len(wt__g10_diag_comp(a, c, du), wt__g10_diag_comp(b, d, dv)); /* dPdx + dPdy */
    rho = wt__g10_ge(rho, l) ? rho : l;
    l = wt__g10_diag_len(wt__g10_diag_comp(a, c, !du), wt__g10_diag_comp(b, d, !dv)); /* dPdx - dPdy */
    rho = wt__g10_ge(rho, l) ? rho : l;
    if (!rho.m)
        return INT32_MIN;
    /* rho = M * 2^k: ilogb = k + 9; the 8 fraction bits below the leading one */
    return 256 * (rho.k + 9) + wt__lod_log2_table[(rho.m - 512u) >> 1];
}

#endif
