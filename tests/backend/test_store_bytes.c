/* test_store_bytes.c -- the kernels' byte outputs (src/simd/store_bytes.h) equal wt__unorm8 / wt__srgb8 / wt__half of the float register for every K and code, the vector half conversion equals wt__half on every kind of float, and stores touch only the lanes asked, at any alignment
 * SPDX-License-Identifier: MIT
 *
 * A kernel that writes the batch's byte formats derives each byte from K,
 * the numerator of its result K / 65535, without the float (store_bytes.h
 * argues why that is exact); this checks the claim for all 65536 K and all
 * 256 codes against the definition applied to the IEEE quotient, then
 * stores groups of every format and channel count under random masks at
 * every offset of a guarded buffer and compares each byte with the per-lane
 * conversion, and every byte outside the active lanes with what was there.
 * The half conversion (wv_store_half4: vcvtps2ph natively, SIMDe's portable
 * code with its NaN lanes rebuilt here) is compared with wt__half on every
 * sign, exponent and ten-bit fraction with the rounding bits at and around
 * the tie, on the subnormal-half range densely, on NaNs of random payloads,
 * and under random masks and offsets.
 * Built three times like test_simd_div: portable (this build, vec8.h
 * through SIMDe's portable code), with AVX2 (test_store_bytes_native, vec8.h)
 * and with AVX-512 (test_store_bytes_avx512, vec16.h: 16 lanes, masked
 * stores) by tests/backend.cmake. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
#include "simd/vec16.h"
#else
#include "simd/vec8.h"
#endif
#include "core/dispatch.h" /* wt__tex_bytes */
#include "simd/store_bytes.h"

/* The register's float: K / 65535 as an IEEE division at run time. */
static float quotient(int32_t K)
{
    volatile float d = 65535.0f;
    return (float)K / d;
}

static void every_k(void **state)
{
    (void)state;
    for (int32_t k0 = 0; k0 < 65536; k0 += WV_W) {
        int32_t in[WV_W], u[WV_W], s[WV_W];
        for (int l = 0; l < WV_W; l++)
            in[l] = k0 + l;
        const wv_i K = wv_load(in);
        wv_store(u, unorm8_of_k(K));
        wv_store(s, srgb8_of_k(wt__srgb8_of_k(), K));
        for (int l = 0; l < WV_W; l++) {
            const float v = quotient(in[l]);
            if (u[l] != wt__unorm8(v))
                fail_msg("K = %d (v = %a): unorm8 %d, the definition %d", in[l], (double)v, u[l], wt__unorm8(v));
            if (s[l] != wt__srgb8(v))
                fail_msg("K = %d (v = %a): srgb8 %d, the definition %d", in[l], (double)v, s[l], wt__srgb8(v));
        }
    }
}

static void every_code(void **state)
{
    (void)state;
    volatile float d255 = 255.0f;
    for (int32_t c0 = 0; c0 < 256; c0 += WV_W) {
        int32_t in[WV_W], K[WV_W];
        for (int l = 0; l < WV_W; l++)
            in[l] = c0 + l;
        wv_store(K, k_of_code(wv_load(in)));
        for (int l = 0; l < WV_W; l++) {
            const float v = (float)in[l] / d255; /* what a point read as normalised float holds */
            if (memcmp(&v, &(float){quotient(K[l])}, 4))
                fail_msg("code %d: c / 255 = %a, but K = %d gives %a", in[l], (double)v, K[l], (double)quotient(K[l]));
        }
    }
}

static uint64_t rng_state = 0x5707E8B17E5ull;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* WV_W floats (bit patterns) in channel 0 through wv_store_half4, against
 * wt__half lane by lane; the other channels carry the same floats rotated
 * one lane, so every channel position is checked. */
static void halves_equal(const uint32_t in[WV_W])
{
    uint32_t rot[WV_W];
    for (int l = 0; l < WV_W; l++)
        rot[l] = in[(l + 1) % WV_W];
    const wv_f v[4] = {wv_loadf(in), wv_loadf(rot), wv_loadf(in), wv_loadf(rot)};
    uint16_t got[WV_W][4];
    wv_store_half4((uint8_t *)got, v, wv_mask((uint32_t)((1ull << WV_W) - 1u)), 1);
    for (int l = 0; l < WV_W; l++)
        for (int c = 0; c < 4; c++) {
            const uint32_t b = c & 1 ? rot[l] : in[l];
            const uint16_t want = wt__half(float_of(b));
            if (got[l][c] != want)
                fail_msg("float 0x%08x (%a): the vector half is 0x%04x, wt__half 0x%04x", b, (double)float_of(b),
                         got[l][c], want);
        }
}

static void half_every_kind(void **state)
{
    (void)state;
    uint32_t in[WV_W];
    int n = 0;
#define PUSH(bits)                                                                                                 \
    do {                                                                                                           \
        in[n++] = (bits);                                                                                          \
        if (n == WV_W) {                                                                                           \
            halves_equal(in);                                                                                      \
            n = 0;                                                                                                 \
        }                                                                                                          \
    } while (0)
    /* every sign, exponent and top ten fraction bits, the thirteen bits
     * below at zero, around the tie, at the top and at random */
    static const uint32_t low[] = {0x0000, 0x0001, 0x0fff, 0x1000, 0x1001, 0x1fff};
    for (uint32_t hi = 0; hi < (1u << 19); hi++) {
        for (size_t k = 0; k < sizeof low / sizeof low[0]; k++)
            PUSH(hi << 13 | low[k]);
        PUSH(hi << 13 | (rnd() & 0x1fff));
        PUSH(hi << 13 | (rnd() & 0x1fff));
    }
    /* the floats that become subnormal halves (or round to 0 or to the
     * smallest normal): 2^-26 .. 2^-14, one in seven, both signs */
    for (uint32_t a = 0x32800000u; a <= 0x38800000u; a += 7) {
        PUSH(a);
        PUSH(a | 0x80000000u);
    }
    /* NaNs: random payloads, quiet and signalling, both signs */
    for (int k = 0; k < 100000; k++) {
        const uint32_t f = rnd() & 0x7fffffu;
        PUSH((rnd() & 0x80000000u) | 0x7f800000u | (f ? f : 1u));
    }
    for (int k = 0; k < 1000000; k++) /* anything */
        PUSH(rnd() ^ rnd() << 16);
    while (n)
        PUSH(0x7f800000u);
#undef PUSH
}

/* wv_store_half4 under random masks and offsets writes the active lanes'
 * eight bytes and nothing else. */
static void half_stores_only_active_lanes(void **state)
{
    (void)state;
    enum { PAD = 64 };
    const uint32_t all = (uint32_t)((1ull << WV_W) - 1u);
    for (int round = 0; round < 300; round++) {
        const uint32_t mask = round % 5 == 0 ? all : rnd() & all;
        const size_t off = rnd() % 8;
        uint32_t f[4][WV_W];
        wv_f v[4];
        for (int c = 0; c < 4; c++) {
            for (int l = 0; l < WV_W; l++)
                f[c][l] = rnd() ^ rnd() << 16;
            v[c] = wv_loadf(f[c]);
        }
        uint8_t buf[PAD + WV_W * 8 + PAD], want[sizeof buf];
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = (uint8_t)rnd();
        memcpy(want, buf, sizeof buf);
        for (int l = 0; l < WV_W; l++)
            if (mask >> l & 1)
                for (int c = 0; c < 4; c++) {
                    const uint16_t h = wt__half(float_of(f[c][l]));
                    memcpy(want + PAD + off + 8 * (size_t)l + 2 * (size_t)c, &h, 2);
                }
        wv_store_half4(buf + PAD + off, v, wv_mask(mask), mask == all);
        for (size_t i = 0; i < sizeof buf; i++)
            if (buf[i] != want[i])
                fail_msg("round %d: mask 0x%x, offset %zu: byte %zd (of the output) is 0x%02x, expected 0x%02x", round,
                         mask, off, (ptrdiff_t)i - PAD - (ptrdiff_t)off, buf[i], want[i]);
    }
}

/* store_group_bytes of every format, channel and channel count, under
 * random masks (and the full one), at every offset of a buffer fenced by
 * known bytes. */
static void stores_only_active_lanes(void **state)
{
    (void)state;
    enum { PAD = 64 };
    static const int formats[] = {WT_BATCH_U8X4, WT_BATCH_U8X4_SRGB, WT_BATCH_U8, WT_BATCH_HALF4, WT_BATCH_ELEM8,
                                  WT_BATCH_ELEM8X4};
    enum { NF = sizeof formats / sizeof formats[0] };
    static const int nchs[] = {0, 1, 2, 4};
    for (int round = 0; round < 720; round++) {
        const int format = formats[round % NF];
        const int nch = nchs[(round / NF) % 4];
        const int one = format == WT_BATCH_U8 || format == WT_BATCH_ELEM8;
        const unsigned channel = one ? rnd() % 4 : 0u;
        const int lane_bytes = one ? 1 : format == WT_BATCH_HALF4 ? 8 : 4;
        const uint32_t all = (uint32_t)((1ull << WV_W) - 1u);
        const uint32_t mask = round % NF == 0 ? all : rnd() & all;
        const int full = mask == all;
        const size_t g = (size_t)(rnd() % (32 / WV_W)) * WV_W; /* the group's first lane in its warp */
        const size_t off = rnd() % 8;                /* any alignment */
        const int codes = format == WT_BATCH_ELEM8 || format == WT_BATCH_ELEM8X4;
        int32_t K[4][WV_W];
        wv_i Kv[4];
        for (int c = 0; c < 4; c++) {
            for (int l = 0; l < WV_W; l++) /* codes: any word (a sign-extended code too), its low byte kept */
                K[c][l] = codes && rnd() % 2 ? (int32_t)rnd()
                                             : rnd() % 4 ? (int32_t)(rnd() % 65536) : (rnd() % 2 ? 0 : 65535);
            Kv[c] = wv_load(K[c]);
        }
        uint8_t buf[PAD + 32 * 8 + PAD], want[sizeof buf];
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = (uint8_t)rnd();
        memcpy(want, buf, sizeof buf);
        uint8_t *dst = buf + PAD + off;
        for (int l = 0; l < WV_W; l++) {
            if (!(mask >> l & 1))
                continue;
            uint8_t *w = want + PAD + off + (g + (size_t)l) * (size_t)lane_bytes;
            if (format == WT_BATCH_U8) {
                w[0] = (int)channel < nch ? wt__unorm8(quotient(K[channel][l])) : 0;
                continue;
            }
            if (format == WT_BATCH_ELEM8) { /* K stands for the codes here: any word, its low byte */
                w[0] = (int)channel < nch ? (uint8_t)K[channel][l] : 0;
                continue;
            }
            if (format == WT_BATCH_ELEM8X4) { /* each register's low byte; 0 for a channel the format lacks */
                for (int c = 0; c < 4; c++)
                    w[c] = c < nch ? (uint8_t)K[c][l] : 0;
                continue;
            }
            if (format == WT_BATCH_HALF4) {
                for (int c = 0; c < 4; c++) {
                    const uint16_t h = wt__half(c < nch ? quotient(K[c][l]) : 0.0f);
                    memcpy(w + 2 * c, &h, 2);
                }
                continue;
            }
            for (int c = 0; c < 4; c++) {
                const float v = c < nch ? quotient(K[c][l]) : 0.0f;
                w[c] = format == WT_BATCH_U8X4_SRGB && c < 3 ? wt__srgb8(v) : wt__unorm8(v);
            }
        }
        const wt__tex_bytes o = {dst, format, channel, wt__srgb8_of_k()};
        if (codes)
            store_group_codes(&o, (int)g, Kv, nch, wv_mask(mask), full);
        else
            store_group_bytes(&o, (int)g, Kv, nch, wv_mask(mask), full);
        for (size_t i = 0; i < sizeof buf; i++)
            if (buf[i] != want[i])
                fail_msg("round %d: format %d, %d channels, channel %u, mask 0x%x, group at lane %zu, offset %zu: "
                         "byte %zd (of the output) is 0x%02x, expected 0x%02x", round, format, nch, channel, mask, g,
                         off, (ptrdiff_t)i - PAD - (ptrdiff_t)off, buf[i], want[i]);
    }
}

int main(void)
{
#if defined(SIMDE_X86_AVX2_NATIVE) && (defined(__x86_64__) || defined(__i386__))
    /* the native builds (tests/backend.cmake) run only where the CPU has their ISA */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        print_message("test_store_bytes_native: SKIPPED, the CPU lacks AVX2/FMA\n");
        return 77;
    }
#if defined(__AVX512F__)
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw") ||
        !__builtin_cpu_supports("avx512dq") || !__builtin_cpu_supports("avx512vl")) {
        print_message("test_store_bytes_avx512: SKIPPED, the CPU lacks AVX-512\n");
        return 77;
    }
#endif
#endif
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_k),
        cmocka_unit_test(every_code),
        cmocka_unit_test(stores_only_active_lanes),
        cmocka_unit_test(half_every_kind),
        cmocka_unit_test(half_stores_only_active_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
