/* test_weight_split.c -- the integer weights of [semantics#integer-weights] / [semantics#decision-share-split-2d] exhaustively, and random 2D/3D/mip footprints
 * SPDX-License-Identifier: MIT
 *
 * The expectations never use the code's rounding expression: a weight k is
 * checked to be rhu(n/d) = floor(n/d + 1/2) through its defining inequality
 * k - 1/2 <= n/d < k + 1/2, i.e. 2dk - d <= 2n < 2dk + d, and the random
 * footprints re-derive every weight from the fractions with that
 * definition. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "../sampling/sampling_util.h"
#include "scalar/sample_scalar.h"
#include "values_util.h"

/* k == rhu(n / d) for n >= 0, d > 0, by the definition. */
static int is_rhu(long k, long n, long d)
{
    return 2 * d * k - d <= 2 * n && 2 * n < 2 * d * k + d;
}

/* rhu(n / d) found by search from the definition (n >= 0). */
static int rhu_search(long n, long d)
{
    long k = n / d;
    while (!is_rhu(k, n, d))
        k++;
    return (int)k;
}

/* [semantics#integer-weights] true 1D, w1 = rhu(T·a/256), w0 = T − w1, for every share T and fraction a. */
static void split_1d_all(void **state)
{
    (void)state;
    for (int T = 0; T <= 256; T++)
        for (int a = 0; a < 256; a++) {
            int32_t w[2];
            wt__weights_1d(T, a, w);
            if (!is_rhu(w[1], (long)T * a, 256) || w[0] != T - w[1] || w[0] < 0)
                fail_msg("T %d a %d: w0 %d w1 %d", T, a, w[0], w[1]);
        }
}

/* [semantics#integer-weights] / [semantics#decision-share-split-2d] 2D split of every share T = 0..256 at every (a, b):
 * x1 = rhu(T·a/256), x0 = T − x1; w11 = rhu(x1·b/256), w10 = x1 − w11;
 * w00 = rhu(x0·(256−b)/256), w01 = x0 − w00.  At T = 256 it is the closed
 * form of [semantics#integer-weights]: w11 = rhu(a·b/256), w10 = a − w11, w01 = b − w11,
 * w00 = 256 − a − b + w11. */
static void split_2d_all(void **state)
{
    (void)state;
    for (int T = 0; T <= 256; T++)
        for (int a = 0; a < 256; a++)
            for (int b = 0; b < 256; b++) {
                int32_t w[2][2];
                wt__weights_2d(T, a, b, w);
                int x1 = w[1][0] + w[1][1], x0 = w[0][0] + w[0][1];
                int ok = is_rhu(x1, (long)T * a, 256) && x0 == T - x1 && is_rhu(w[1][1], (long)x1 * b, 256) &&
                         is_rhu(w[0][0], (long)x0 * (256 - b), 256) && w[0][0] >= 0 && w[0][1] >= 0 &&
                         w[1][0] >= 0 && w[1][1] >= 0;
                if (ok && T == 256) {
                    int w11 = rhu_search((long)a * b, 256);
                    ok = w[1][1] == w11 && w[1][0] == a - w11 && w[0][1] == b - w11 && w[0][0] == 256 - a - b + w11;
                }
                if (!ok)
                    fail_msg("T %d a %d b %d: w00 %d w01 %d w10 %d w11 %d", T, a, b, w[0][0], w[0][1], w[1][0],
                             w[1][1]);
            }
    /* By hand ([semantics#decision-share-split-2d]): T = 192, a = 77, b = 200: x1 = rhu(57.75) = 58, x0 = 134;
     * w11 = rhu(45.3125) = 45, w10 = 13; w00 = rhu(29.3125) = 29, w01 = 105. */
    int32_t w[2][2];
    wt__weights_2d(192, 77, 200, w);
    assert_int_equal(w[0][0], 29);
    assert_int_equal(w[0][1], 105);
    assert_int_equal(w[1][0], 13);
    assert_int_equal(w[1][1], 45);
}

/* [semantics#integer-weights] z split of every share: z0 = rhu(T·(256−c)/256) (the lower slice is
 * rounded), z1 = T − z0; at T = 256, z0 = 256 − c and z1 = c. */
static void split_z_all(void **state)
{
    (void)state;
    for (int T = 0; T <= 256; T++)
        for (int c = 0; c < 256; c++) {
            int32_t w[2];
            wt__weights_z(T, c, w);
            int ok = is_rhu(w[0], (long)T * (256 - c), 256) && w[1] == T - w[0] && w[1] >= 0;
            if (T == 256)
                ok = ok && w[0] == 256 - c && w[1] == c;
            if (!ok)
                fail_msg("T %d c %d: z0 %d z1 %d", T, c, w[0], w[1]);
        }
    /* The lower slice is the rounded one: T = 192, c = 2: z0 = rhu(190.5) = 191, z1 = 1
     * (rounding the upper part, rhu(1.5) = 2, would give z1 = 2). */
    int32_t w[2];
    wt__weights_z(192, 2, w);
    assert_int_equal(w[0], 191);
    assert_int_equal(w[1], 1);
}

/* ---- random footprints through wt__tex_footprint_scalar ------------------ */

/* Expected weight of every texel of one level share T: fx, fy, fz the
 * fractions and ix, iy, iz the lower indices; dims 1 (true 1D), 2 or 3. */
typedef struct want_tap {
    int level, x, y, z, w;
} want_tap;

static int expect_level(int level, int dims, int T, const int i[3], const int f[3], want_tap *out)
{
    int n = 0;
    if (dims == 1) {
        int w1 = rhu_search((long)T * f[0], 256);
        out[n++] = (want_tap){level, i[0], 0, 0, T - w1};
        out[n++] = (want_tap){level, i[0] + 1, 0, 0, w1};
        return n;
    }
    int zs[2] = {T, 0};
    if (dims == 3) {
        zs[0] = rhu_search((long)T * (256 - f[2]), 256);
        zs[1] = T - zs[0];
    }
    for (int dz = 0; dz < (dims == 3 ? 2 : 1); dz++) {
        int t = zs[dz], x1 = rhu_search((long)t * f[0], 256), x0 = t - x1;
        int w11 = rhu_search((long)x1 * f[1], 256), w00 = rhu_search((long)x0 * (256 - f[1]), 256);
        int z = dims == 3 ? i[2] + dz : 0;
        out[n++] = (want_tap){level, i[0], i[1], z, w00};
        out[n++] = (want_tap){level, i[0], i[1] + 1, z, x0 - w00};
        out[n++] = (want_tap){level, i[0] + 1, i[1], z, x1 - w11};
        out[n++] = (want_tap){level, i[0] + 1, i[1] + 1, z, w11};
    }
    return n;
}

/* Compare the taps with the expectation: every expected weight on its
 * texel, no tap of weight 0 ([semantics#integer-weights]: it reads nothing), total 256, and one
 * [semantics#float-blend] group per (level, z slice) (for true 1D: per level). */
static void check_taps(const wt__taps *tp, const want_tap *want, int nw, int it)
{
    int nonzero = 0;
    for (int k = 0; k < nw; k++) {
        if (want[k].w > 0)
            nonzero++;
        int got = su_w(tp, su_enc(want[k].level, 0, want[k].x, want[k].y, want[k].z));
        if (got != want[k].w)
            fail_msg("case %d: texel L%d (%d,%d,%d): weight %d, want %d", it, want[k].level, want[k].x, want[k].y,
                     want[k].z, got, want[k].w);
    }
    if (tp->n != nonzero || su_total(tp) != 256 || su_min_w(tp) <= 0)
        fail_msg("case %d: %d taps (want %d), total %d", it, tp->n, nonzero, su_total(tp));
    for (int i = 0; i < tp->n; i++)
        for (int k = 0; k < tp->n; k++) {
            /* level (bits 27..30) and z (bits 14..19) of the encoded texels */
            uint32_t ki = tp->t[i].raw[0], kk = tp->t[k].raw[0];
            int same = (ki >> 27 & 15) == (kk >> 27 & 15) && (ki >> 14 & 63) == (kk >> 14 & 63);
            if (same != (tp->t[i].group == tp->t[k].group))
                fail_msg("case %d: taps %d and %d: groups %d %d", it, i, k, tp->t[i].group, tp->t[k].group);
        }
}

/* Level-0 position X (in 1/256 texel, the texel centre of i plus the
 * fraction f: X = 256·i + 128 + f) -> level-1 lower index and fraction:
 * x1 = X/512, xB = x1 − 1/2, fraction rounded to 1/256 with ties up ([semantics#linear-filtering]):
 * A = floor(X/2 − 128 + 1/2) = floor((X − 255)/2). */
static void level1_axis(int X, int *i1, int *f1)
{
    int A = (X - 255) >> 1; /* X >= 256 here, so the shift is a floor */
    *i1 = A / 256;
    *f1 = A % 256;
}

/* 3D trilinear and 2D bilinear fetches, non-mipmapped (unnormalised) and
 * mipmapped (tex.level at lod f/256 between levels 0 and 1), at random
 * fractions, against expect_level. */
static void random_footprints(void **state)
{
    (void)state;
    uint64_t s = 0xa4093822299f31d0ULL;
    for (int it = 0; it < 6000; it++) {
        int dims = 1 + it % 3, mip = (it / 3) % 2;
        su_tex x;
        su_init(&x, WT__F32, dims == 1 ? 1 : dims, 8, dims == 1 ? 1 : 8, dims == 3 ? 8 : 1, dims == 1 ? 2 : 1,
                mip ? 2 : 1);
        if (dims == 1)
            x.t.layered = 1, x.t.num_layers = 2; /* a1d: a true 1D layer ([semantics#1d-as-2d]) */
        x.s.filter = WT_FILTER_LINEAR;
        x.s.mip_filter = WT_FILTER_LINEAR;
        x.s.normalized = mip;
        wt_op op = su_op(WT_FAMILY_TEX, dims == 1 ? WT_GEOM_A1D : dims == 2 ? WT_GEOM_2D : WT_GEOM_3D, WT_CTYPE_F32);
        /* texel centres 1..5 of 8 plus a fraction: inside every level, no clamp. */
        int i0[3], f0[3], X[3];
        float c[3];
        for (int k = 0; k < 3; k++) {
            i0[k] = 1 + (int)(vu_rand(&s) % 5);
            f0[k] = (int)(vu_rand(&s) % 256);
            if (vu_rand(&s) % 8 == 0) {
                static const int edge[4] = {0, 1, 128, 255}; /* the extremes and the half often */
                f0[k] = edge[vu_rand(&s) % 4];
            }
            X[k] = 256 * i0[k] + 128 + f0[k];
            c[k] = (float)X[k] / (mip ? 2048.0f : 256.0f); /* exact */
        }
        wt__tex_lane_in in = dims == 1 ? su_in(0, c[0], 0, 0) : su_in(c[0], c[1], c[2], 0);
        if (dims == 1)
            in.c[0] = 0; /* layer 0 */
        int f = 0;
        if (mip) {
            op.mip = WT_MIP_LEVEL;
            f = 1 + (int)(vu_rand(&s) % 255);
            in.lod = su_fb((float)f / 256.0f); /* q = f exactly: shares 256 - f and f */
        }
        want_tap want[32];
        int nw = expect_level(0, dims, 256 - f, i0, f0, want);
        if (mip) {
            int i1[3], f1[3];
            for (int k = 0; k < 3; k++)
                level1_axis(X[k], &i1[k], &f1[k]);
            nw += expect_level(1, dims, f, i1, f1, want + nw);
        }
        wt__taps tp;
        su_taps(&x, &op, &in, &tp);
        check_taps(&tp, want, nw, it);
        assert_true(tp.filtered);
        su_free(&x);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(split_1d_all),
        cmocka_unit_test(split_2d_all),
        cmocka_unit_test(split_z_all),
        cmocka_unit_test(random_footprints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
