/* test_srgb.c -- the sRGB table ([semantics#srgb-table]), point decode and filtered blend ([semantics#srgb])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>

#include "scalar/srgb_table.h"
#include "values_util.h"

static void table_entries(void **state)
{
    (void)state;
    /* Entries copied by hand from [semantics#srgb-table]. */
    static const struct { int code; uint32_t v; } e[] = {
        {0, 0},          {1, 20},         {7, 140},        {11, 220},       {12, 240},
        {15, 312},       {50, 2096},      {55, 2496},      {128, 14144},    {184, 31488},
        {191, 34048},    {200, 37888},    {207, 40960},    {252, 64000},    {255, 65536},
    };
    for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
        assert_int_equal(wt__srgb_table[e[i].code], e[i].v);
}

static uint32_t blend(const int *code, const int *w, const int *g, int n, int ch, int nch);

/* [semantics#srgb-table], all 256 entries, transcribed from the page (not from
 * src/): entry c is linear*65536 for code c. */
static const uint32_t TAB[256] = {
    /*   0 */     0,    20,    40,    60,    80,   100,   120,   140,   160,   180,   200,   220,
    /*  12 */   240,   264,   288,   312,   340,   368,   396,   428,   460,   492,   524,   560,
    /*  24 */   600,   636,   676,   720,   760,   804,   852,   896,   944,  1000,  1048,  1104,
    /*  36 */  1160,  1216,  1272,  1328,  1392,  1456,  1520,  1584,  1648,  1720,  1792,  1864,
    /*  48 */  1936,  2016,  2096,  2176,  2256,  2336,  2416,  2496,  2592,  2688,  2768,  2864,
    /*  60 */  2960,  3056,  3152,  3264,  3360,  3456,  3584,  3680,  3776,  3904,  4000,  4128,
    /*  72 */  4256,  4352,  4480,  4608,  4736,  4864,  4992,  5120,  5248,  5408,  5536,  5664,
    /*  84 */  5824,  5952,  6112,  6240,  6400,  6560,  6688,  6848,  7008,  7168,  7328,  7488,
    /*  96 */  7680,  7808,  8000,  8192,  8320,  8512,  8704,  8896,  9088,  9280,  9472,  9664,
    /* 108 */  9856, 10048, 10240, 10432, 10624, 10816, 11008, 11264, 11456, 11648, 11904, 12096,
    /* 120 */ 12288, 12544, 12736, 12992, 13184, 13440, 13696, 13888, 14144, 14400, 14656, 14848,
    /* 132 */ 15104, 15360, 15616, 15872, 16128, 16384, 16640, 16896, 17152, 17408, 17664, 18048,
    /* 144 */ 18304, 18560, 18816, 19072, 19456, 19712, 19968, 20224, 20608, 20864, 21120, 21504,
    /* 156 */ 21760, 22144, 22400, 22784, 23040, 23296, 23680, 24064, 24320, 24704, 24960, 25344,
    /* 168 */ 25600, 25984, 26368, 26752, 27008, 27392, 27776, 28032, 28416, 28800, 29184, 29568,
    /* 180 */ 29952, 30336, 30720, 30976, 31488, 31744, 32256, 32512, 33024, 33280, 33792, 34048,
    /* 192 */ 34560, 35072, 35328, 35840, 36096, 36608, 37120, 37376, 37888, 38400, 38656, 39168,
    /* 204 */ 39680, 39936, 40448, 40960, 41216, 41728, 42240, 42752, 43264, 43520, 44032, 44544,
    /* 216 */ 45056, 45568, 45824, 46336, 46848, 47360, 47872, 48384, 48896, 49408, 49920, 50432,
    /* 228 */ 50944, 51456, 51968, 52480, 52992, 53504, 54016, 54528, 55040, 55552, 56064, 56576,
    /* 240 */ 57088, 57600, 58112, 58624, 59392, 59904, 60416, 60928, 61440, 61952, 62464, 62976,
    /* 252 */ 64000, 64512, 65024, 65536,
};

static void table_all_entries(void **state)
{
    (void)state;
    for (int c = 0; c < 256; c++)
        if (wt__srgb_table[c] != TAB[c])
            fail_msg("code %d: table has %u, [semantics#srgb-table] says %u", c, wt__srgb_table[c], TAB[c]);
}

/* Half bits of a positive value v*2^-16 that is exactly a half (at most 11
 * significant bits, at least 2^-14 or on the 2^-24 grid). */
static uint32_t half_of(uint32_t v)
{
    if (v == 0)
        return 0;
    int e = 0;
    while ((v >> e) > 1)
        e++; /* v in [2^e, 2^(e+1)) units of 2^-16 */
    int ex = e - 16; /* unbiased exponent of the value */
    if (ex < -14)
        return v << 8; /* subnormal: units of 2^-24 */
    uint32_t frac = (uint32_t)(((uint64_t)v << 10 >> e) - 1024);
    return (uint32_t)(ex + 15) << 10 | frac;
}

/* [semantics#srgb]: point sampling returns table[code]/65536 on x, y, z of RGBA (and x of
 * one- and two-channel textures); alpha reads code/255; every code. */
static void point_all_codes(void **state)
{
    (void)state;
    wt__tex t4 = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 1);
    wt__tex t2 = vu_tex(WT__U8, 2, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 1);
    for (uint32_t c = 0; c < 256; c++) {
        uint32_t lin = vu_bits((float)TAB[c] / 65536.0f), un = vu_bits((float)((long double)c / 255.0L));
        for (int k = 0; k < 3; k++)
            assert_int_equal(vu_point(&t4, WT_DTYPE_F32, c, k), lin);
        assert_int_equal(vu_point(&t4, WT_DTYPE_F32, c, 3), un);
        assert_int_equal(vu_point(&t2, WT_DTYPE_F32, c, 0), lin);
        assert_int_equal(vu_point(&t2, WT_DTYPE_F32, c, 1), un);
        /* .f16: every entry is exactly a half (at most 8 significant bits,
         * the smallest non-zero one 20/65536 = 1.25*2^-12 is normal). */
        assert_int_equal(vu_point(&t4, WT_DTYPE_F16, c, 0), half_of(TAB[c]));
    }
    assert_int_equal(half_of(20), 0x0d00u); /* 1.25*2^-12: exponent field 3, fraction 0x100 */
    assert_int_equal(half_of(65536), 0x3c00u);
}

/* An independent statement of [semantics#srgb] / [semantics#decision-srgb-groups] for one channel: per group, E =
 * the largest floor(log2(TAB[code|7])) over its taps; each TAB value is cut
 * down to a multiple of 2^(E-7); the weighted sums (units 2^-24) of all
 * groups are added; the total is rounded to 11 significant bits (never
 * finer than 2^-24, the half subnormal grid), half-way cases up (the values
 * are positive, so up is away from zero).  Returns the f32 bits. */
static uint32_t srgb_model(int n, const int *code, const int *w, const int *g)
{
    int E[8];
    for (int k = 0; k < 8; k++)
        E[k] = -1;
    for (int i = 0; i < n; i++) {
        int e = (int)floor(log2((double)TAB[code[i] | 7]));
        if (e > E[g[i]])
            E[g[i]] = e;
    }
    uint64_t S = 0;
    for (int i = 0; i < n; i++) {
        uint64_t quantum = (uint64_t)1 << (E[g[i]] - 7);
        S += (uint64_t)w[i] * (TAB[code[i]] / quantum * quantum);
    }
    if (S == 0)
        return 0;
    int top = (int)floor(log2((double)S));
    /* half: 11 significant bits; below 2^-14 (2^10 units) the grid is 1 unit */
    uint64_t qu = top - 10 > 0 && S >= 1024 ? (uint64_t)1 << (top - 10) : 1;
    uint64_t R = (S + qu / 2) / qu * qu; /* qu = 1: exact; else half-way goes up */
    return vu_bits(ldexpf((float)R, -24));
}

static void filtered_random_vs_model(void **state)
{
    (void)state;
    /* The model's own check: the worked examples above. */
    int c1[2] = {11, 184}, w1[2] = {128, 128}, g0[3] = {0, 0, 0};
    assert_int_equal(srgb_model(2, c1, w1, g0), vu_bits(123.0f / 512.0f));
    int c5[3] = {11, 184, 11}, w5[3] = {64, 64, 128}, g5[3] = {0, 0, 1};
    assert_int_equal(srgb_model(3, c5, w5, g5), vu_bits(ldexpf(2043904.0f, -24)));
    uint64_t s = 0x13198a2e03707344ULL;
    for (int it = 0; it < 50000; it++) {
        int n = 1 + (int)(vu_rand(&s) % 8), ng = 1 + (int)(vu_rand(&s) % 4), left, code[8], w[8], g[8];
        int lo = (int)(vu_rand(&s) % 256), span = 1 + (int)(vu_rand(&s) % 256);
        for (int i = 0; i < n; i++) {
            code[i] = (lo + (int)(vu_rand(&s) % (uint64_t)span)) % 256;
            w[i] = 1;
            g[i] = (int)(vu_rand(&s) % (uint64_t)ng);
        }
        for (left = 256 - n; left > 0;) {
            int i = (int)(vu_rand(&s) % (uint64_t)n), k = 1 + (int)(vu_rand(&s) % (uint64_t)left);
            w[i] += k;
            left -= k;
        }
        uint32_t want = srgb_model(n, code, w, g), got = blend(code, w, g, n, (int)(vu_rand(&s) % 3), 4);
        if (want != got)
            fail_msg("case %d n %d: got 0x%08x want 0x%08x", it, n, got, want);
    }
}

static void table_shape(void **state)
{
    (void)state;
    for (int c = 0; c < 256; c++) {
        uint32_t v = wt__srgb_table[c];
        if (c > 0)
            assert_true(v > wt__srgb_table[c - 1]); /* strictly increasing */
        /* at most 8 significant bits */
        int top = 0;
        for (uint32_t m = v; m >> 1; m >>= 1)
            top++;
        if (top > 7)
            assert_int_equal(v & ((1u << (top - 7)) - 1), 0);
        /* within two 8-bit quanta of the IEC 61966-2-1 decode */
        double x = c / 255.0, lin = x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
        double quantum = top > 7 ? (double)(1u << (top - 7)) : 1.0;
        assert_true(fabs(lin * 65536.0 - v) <= 2.0 * quantum);
    }
}

static void point_decode(void **state)
{
    (void)state;
    /* Point sampling returns table[code]/65536 ([semantics#srgb]), on x, y, z of RGBA. */
    wt__tex t = vu_tex(WT__U8, 4, WT_CHANNEL_UNSIGNED, 1, 1);
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 0), vu_bits(31488.0f / 65536.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 1), vu_bits(31488.0f / 65536.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 2), vu_bits(31488.0f / 65536.0f));
    /* Alpha is not decoded: 184/255. */
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 184, 3), vu_bits(184.0f / 255.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 1, 0), vu_bits(20.0f / 65536.0f));
    assert_int_equal(vu_point(&t, WT_DTYPE_F32, 255, 0), vu_bits(1.0f));
    /* One- and two-channel textures decode only x. */
    wt__tex t2 = vu_tex(WT__U8, 2, WT_CHANNEL_UNSIGNED, 1, 1);
    assert_int_equal(vu_point(&t2, WT_DTYPE_F32, 50, 0), vu_bits(2096.0f / 65536.0f));
    assert_int_equal(vu_point(&t2, WT_DTYPE_F32, 50, 1), vu_bits(50.0f / 255.0f));
    assert_int_equal(vu_point(&t2, WT_DTYPE_F32, 50, 2), 0u); /* missing channel */
    wt__tex t1 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED_NORMALIZED, 1, 1);
    assert_int_equal(vu_point(&t1, WT_DTYPE_F32, 50, 0), vu_bits(2096.0f / 65536.0f));
    /* Without the flag the same texture reads u/255. */
    wt__tex t0 = vu_tex(WT__U8, 1, WT_CHANNEL_UNSIGNED, 1, 0);
    assert_int_equal(vu_point(&t0, WT_DTYPE_F32, 50, 0), vu_bits(50.0f / 255.0f));
}

static uint32_t blend(const int *code, const int *w, const int *g, int n, int ch, int nch)
{
    wt__tex t = vu_tex(WT__U8, nch, WT_CHANNEL_UNSIGNED, 1, 1);
    wt__taps tp;
    vu_taps_init(&tp, 1);
    for (int i = 0; i < n; i++)
        vu_tap(&tp, (uint32_t)code[i], w[i], g[i]);
    return vu_resolve(&t, WT_DTYPE_F32, &tp, ch);
}

static void filtered(void **state)
{
    (void)state;
    int g0[3] = {0, 0, 0};
    /* Code 11 next to code 184 ([semantics#srgb]).  184's block (184..191) ends in 34048,
     * exponent 15, so values are truncated to 2^(15-7) = 256: table[11] = 220
     * becomes 0 and 31488 = 123*256 stays.  Half and half: 128*31488 in units
     * of 2^-24 = 15744/65536 = 123*2^-9, exact in half precision. */
    int c1[2] = {11, 184}, w1[2] = {128, 128};
    assert_int_equal(blend(c1, w1, g0, 2, 0, 4), vu_bits(123.0f / 512.0f));
    /* The untruncated sum (220 + 31488)/2 would have given another value. */
    assert_true(vu_bits(123.0f / 512.0f) != vu_bits((float)((220.0 + 31488.0) / 2.0 / 65536.0)));
    /* Weight 255 on code 11 still counts for nothing: 31488 * 2^-24 = 123 * 2^-16. */
    int w2[2] = {255, 1};
    assert_int_equal(blend(c1, w2, g0, 2, 0, 4), vu_bits(123.0f / 65536.0f));
    /* Code 50 next to 200 reads exactly 1/32: 2096 truncated to 256s is 2048. */
    int c3[2] = {50, 200};
    assert_int_equal(blend(c3, w1, g0, 2, 0, 1), vu_bits((2048.0f + 37888.0f) / 2.0f / 65536.0f));
    /* Rounding to half precision, ties away: codes 7 (140) at 254 and 1 (20)
     * at 2, block 0 (exponent 7, no truncation): S = 35560 + 40 = 35600 units
     * of 2^-24; S is in [2^15, 2^16), so the half quantum is 2^5 units;
     * 35600 = 1112.5 * 32, the tie goes away: 1113 * 32 = 35616. */
    int c4[2] = {7, 1}, w4[2] = {254, 2};
    assert_int_equal(blend(c4, w4, g0, 2, 0, 4), vu_bits(ldexpf(35616.0f, -24)));
    /* [semantics#decision-srgb-groups]: two footprints (a mip blend) each truncate with their own block
     * exponent and add exactly.  Group 0: 11 and 184 at 64 each, E = 15
     * (11 -> 0); group 1: 11 at 128, E = 8 (quantum 2, 220 stays).
     * S = 64*31488 + 128*220 = 2043392 units of 2^-24; in [2^20, 2^21) the
     * half quantum is 2^10: 1995.5 -> away -> 1996 * 1024 = 2043904. */
    int c5[3] = {11, 184, 11}, w5[3] = {64, 64, 128}, g5[3] = {0, 0, 1};
    assert_int_equal(blend(c5, w5, g5, 3, 0, 4), vu_bits(ldexpf(2043904.0f, -24)));
    /* All in one footprint, 11 counts as zero twice: 64*31488 -> exact. */
    assert_int_equal(blend(c5, w5, g0, 3, 0, 4), vu_bits(ldexpf(64.0f * 31488.0f, -24)));
    /* Alpha of RGBA (and y of a two-channel texture) blend as UNORM8:
     * 11*257 and 184*257 half and half -> K = rhu(195*257/2) = 25058 (25057.5 up). */
    assert_int_equal(blend(c1, w1, g0, 2, 3, 4), vu_bits((float)(25058.0 / 65535.0)));
    assert_int_equal(blend(c1, w1, g0, 2, 1, 2), vu_bits((float)(25058.0 / 65535.0)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_entries),
        cmocka_unit_test(table_shape),
        cmocka_unit_test(point_decode),
        cmocka_unit_test(filtered),
        cmocka_unit_test(table_all_entries),
        cmocka_unit_test(point_all_codes),
        cmocka_unit_test(filtered_random_vs_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
