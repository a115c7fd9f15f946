/* test_float_blend8.c -- [semantics#float-blend]'s 8-lane double form (float_blend8.h) equals its per-lane form (float_blend.h)
 * SPDX-License-Identifier: MIT
 *
 * Random footprints of 1 to 4 groups of up to 4 taps, with weights split
 * as the kernels split them (T = 256 over levels, slices and texels) or at
 * random, and texel values drawn from every class that matters: exponents
 * clustered and spread (cancellation far below the largest term), the
 * largest and smallest normal exponents (overflow to infinity, results
 * near 2^-126 rounding to the smallest normal or flushing), subnormals,
 * zeros of both signs, infinities, NaNs.  Built twice (tests/backend.cmake):
 * through SIMDe's portable code and natively with AVX2.  A mismatch prints
 * the lane's taps and both words. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/float_blend.h"
#include "simd/float_blend8.h"

static uint64_t rng = 0x5eed5eedULL;
static uint32_t next32(void)
{
    rng += 0x9E3779B97F4A7C15ULL;
    uint64_t z = rng;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* A texel value: `center` is the group's typical biased exponent. */
static uint32_t texel(int center, int spread)
{
    uint32_t r = next32(), sign = (r & 1u) << 31, k = r >> 1 & 63;
    if (k == 0)
        return sign; /* ±0 */
    if (k == 1)
        return sign | (next32() & 0x7fffffu); /* subnormal (or 0) */
    if (k == 2)
        return sign | 0x7f800000u; /* inf */
    if (k == 3 && (next32() & 7u) == 0)
        return 0x7f800000u | 1u | (next32() & 0x7fffffu); /* NaN */
    int e = center + (int)(next32() % (uint32_t)(2 * spread + 1)) - spread;
    e = e < 1 ? 1 : e > 254 ? 254 : e;
    return sign | (uint32_t)e << 23 | (next32() & 0x7fffffu);
}

static void check(const wt__fb8_taps *tp, uint32_t gmask, const char *what)
{
    uint32_t got[8], rv[4][4][8];
    int32_t wv[4][4][8];
    simde_mm256_storeu_si256((void *)got, wt__float_blend8(tp, gmask));
    for (int g = 0; g < 4; g++)
        for (int t = 0; t < 4; t++) {
            simde_mm256_storeu_si256((void *)rv[g][t], tp->raw[g][t]);
            simde_mm256_storeu_si256((void *)wv[g][t], tp->w[g][t]);
        }
    for (int l = 0; l < 8; l++) {
        wt__fb_tap taps[16];
        int n = 0;
        for (int g = 0; g < 4; g++)
            if (gmask >> g & 1u)
                for (int t = 0; t < 4; t++)
                    taps[n++] = (wt__fb_tap){rv[g][t][l], wv[g][t][l], g};
        uint32_t want = wt__float_blend(taps, n, 0);
        if (want != got[l]) {
            char buf[1024];
            size_t o = 0;
            for (int i = 0; i < n && o < sizeof buf - 64; i++)
                o += (size_t)snprintf(buf + o, sizeof buf - o, " g%d:%08x*%d", taps[i].group, taps[i].raw, taps[i].w);
            fail_msg("%s lane %d: got %08x, per-lane %08x; taps%s", what, l, got[l], want, buf);
        }
    }
}

/* Weights as the kernels make them: T = 256 split over the groups, each
 * share over 4 taps with random fractions; or fully random ones. */
static void weights(int32_t w[4][4][8], uint32_t gmask, int random_w)
{
    for (int l = 0; l < 8; l++) {
        int ng = __builtin_popcount(gmask), left = 256, seen = 0;
        for (int g = 0; g < 4; g++) {
            if (!(gmask >> g & 1u)) {
                for (int t = 0; t < 4; t++)
                    w[g][t][l] = 0;
                continue;
            }
            int share = ++seen == ng ? left : (int)(next32() % (uint32_t)(left + 1));
            left -= share;
            int a = (int)(next32() & 255u), b = (int)(next32() & 255u);
            int x1 = (share * a + 128) >> 8, x0 = share - x1;
            int w11 = (x1 * b + 128) >> 8, w00 = (x0 * (256 - b) + 128) >> 8;
            int v[4] = {w00, x1 - w11, x0 - w00, w11};
            for (int t = 0; t < 4; t++)
                w[g][t][l] = random_w ? (int32_t)(next32() % 257u) : v[t];
        }
    }
}

static void random_footprints(void **state)
{
    (void)state;
    static const int centers[] = {1, 2, 24, 100, 127, 128, 200, 253, 254};
    for (int it = 0; it < 200000; it++) {
        uint32_t gmask = 1u + next32() % 15u;
        int32_t wv[4][4][8];
        uint32_t rv[4][4][8];
        weights(wv, gmask, it % 7 == 0);
        int center = it % 3 ? 100 + (int)(next32() % 60u) : centers[next32() % 9u];
        int spread = (int)(next32() % 4u) == 0 ? 40 : (int)(next32() % 6u);
        for (int g = 0; g < 4; g++) {
            int cg = center + (int)(next32() % 9u) - 4; /* groups' exponents differ a little */
            if (next32() % 8u == 0)
                cg = center - 30 + (int)(next32() % 60u); /* or a lot */
            for (int t = 0; t < 4; t++)
                for (int l = 0; l < 8; l++)
                    rv[g][t][l] = texel(cg, spread);
        }
        wt__fb8_taps tp;
        for (int g = 0; g < 4; g++)
            for (int t = 0; t < 4; t++) {
                tp.raw[g][t] = simde_mm256_loadu_si256((const void *)rv[g][t]);
                tp.w[g][t] = simde_mm256_loadu_si256((const void *)wv[g][t]);
            }
        check(&tp, gmask, "random");
    }
}

static void fixed_cases(void **state)
{
    (void)state;
    /* [semantics#float-blend]'s example: 2.75390625 at weight 1 with 0.1f at weight 255 -> 0x3de207ff;
     * then cancellation to zero, every tap -0, a near-2^-126 result, overflow. */
    const uint32_t cases[][4] = {
        {0x40304000u, 0x3dcccccdu, 0x3dcccccdu, 0x3dcccccdu},
        {0x3f800000u, 0xbf800000u, 0x3f800000u, 0xbf800000u},
        {0x80000000u, 0x80000000u, 0x80000001u, 0x80000000u},
        {0x00800000u, 0x007fffffu, 0x00800001u, 0x00800000u},
        {0x7f7fffffu, 0x7f7fffffu, 0x7f7fffffu, 0x7f7fffffu},
        {0x7f800000u, 0xff800000u, 0x3f800000u, 0x3f800000u},
        /* (128 * 2^-125 - 2^-126 (1 + 2^-16) + 2^-126) / 256 = 2^-126 - 2^-150, the tie that rounds up to
         * the smallest normal ([semantics#decision-subnormal-result]), and one step below it, which flushes to +0 */
        {0x01000000u, 0x80800080u, 0x00800000u, 0x00000000u},
        {0x01000000u, 0x80800081u, 0x00800000u, 0x00000000u},
    };
    const int32_t ws[][4] = {{1, 255, 0, 0}, {64, 64, 64, 64}, {64, 64, 64, 64}, {1, 1, 127, 127}, {64, 64, 64, 64},
                             {64, 64, 64, 64}, {128, 1, 1, 126},
                             {128, 1, 1, 126}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wt__fb8_taps tp;
        for (int g = 0; g < 4; g++)
            for (int t = 0; t < 4; t++) {
                tp.raw[g][t] = simde_mm256_set1_epi32((int32_t)cases[c][t]);
                tp.w[g][t] = simde_mm256_set1_epi32(g == 0 ? ws[c][t] : 0);
            }
        check(&tp, 1u, "fixed");
    }
    wt__fb8_taps tp;
    for (int g = 0; g < 4; g++)
        for (int t = 0; t < 4; t++) {
            tp.raw[g][t] = simde_mm256_set1_epi32((int32_t)(t == 0 ? 0x40304000u : 0x3dcccccdu));
            tp.w[g][t] = simde_mm256_set1_epi32(g == 0 ? (t == 0 ? 1 : t == 1 ? 255 : 0) : 0);
        }
    uint32_t got[8];
    simde_mm256_storeu_si256((void *)got, wt__float_blend8(&tp, 1u));
    assert_int_equal(got[0], 0x3de207ffu);
}

int main(void)
{
#if defined(SIMDE_X86_AVX2_NATIVE) && (defined(__x86_64__) || defined(__i386__))
    /* the native build (tests/backend.cmake) runs only where the CPU has AVX2 */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2")) {
        print_message("test_float_blend8_native: SKIPPED, the CPU lacks AVX2\n");
        return 77;
    }
#endif
    const struct CMUnitTest tests[] = {cmocka_unit_test(fixed_cases), cmocka_unit_test(random_footprints)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
