/* store_bytes.h -- a group of WV_W lanes' UNORM results written as the batch's byte formats from the kernel's registers (a template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * A batch that keeps bytes (WT_BATCH_U8X4, WT_BATCH_U8X4_SRGB, WT_BATCH_U8)
 * hands the warp call a wt__tex_bytes (src/core/dispatch.h); a kernel whose
 * results are UNORM quotients writes the bytes here instead of its float
 * registers, with no pass through memory between.  The bytes must be those
 * of the definition, wt__unorm8 / wt__srgb8 (src/core/byte_convert.h) of the
 * float the register would hold, and they are, step by step:
 *
 *   - Such a result is v = K / 65535 rounded once to float, K an integer in
 *     [0, 65535]: a filtered UNORM sum ([semantics#norm-blend]), or a code c
 *     read as normalised float, c / 255 = 257 c / 65535 (the same rational,
 *     so the same correctly rounded float; K = 257 c).
 *   - unorm8(v) = floor(v * 255 + 0.5) with v in [0, 1].  Exactly,
 *     K * 255 / 65535 + 0.5 = K / 257 + 0.5, which is never an integer
 *     (2K + 257 is odd, 514 even) and stays at least 1/514 from one; rounding
 *     K / 65535 to float moves it by at most 2^-25, times 255 below 2^-16,
 *     so floor sees the exact value: the byte is floor((2K + 257) / 514),
 *     which for every K in [0, 65535] equals (255 K + 32895) >> 16 (one
 *     multiply, one add, one shift; tests/backend/test_store_bytes.c checks
 *     all 65536 against wt__unorm8).
 *   - srgb8(v) is a function of K alone, so it is read from a table of
 *     wt__srgb8(K / 65535) for every K (byte_convert.c, built once from the
 *     definition itself; test_store_bytes compares all 65536 entries).
 *   - WT_BATCH_HALF4 ([api#batch-half]) needs the float itself: K / 65535
 *     by wv_div_exact (the registers' own division), then the vector
 *     conversion to half (wv_store_half4), which test_store_bytes holds to
 *     wt__half on edge cases and random floats.
 *   - WT_BATCH_ELEM8 ([api#batch-elem8]) is the low byte of a code read as
 *     element type: the kernel's code itself (store_group_codes), and
 *     WT_BATCH_ELEM8X4 the low bytes of all four registers' codes, one word.
 * Channels a format lacks are 0.0f, byte 0, as in the registers. */
#ifndef WV_W
#error "store_bytes.h is included by a template after vec8.h or vec16.h"
#endif

#include "../core/byte_convert.h"

/* [semantics#norm-blend]'s K (v = K / 65535) of a code read as normalised float. */
WV_INLINE wv_i k_of_code(wv_i code) { return wv_mul(code, wv_set(257)); }

/* wt__unorm8 of K / 65535 rounded to float (the header's argument). */
WV_INLINE wv_i unorm8_of_k(wv_i K) { return wv_srli(wv_add(wv_mul(K, wv_set(255)), wv_set(32895)), 16); }

/* wt__srgb8 of K / 65535 rounded to float: entry K of the table of those
 * bytes (wt__srgb8_of_k, built from wt__srgb8 itself), read as the low byte
 * of a 4-byte word (the table has the slack).  Every lane reads (K is
 * always in 0..65535), so no mask is needed; lanes the store skips are
 * simply unused.  One read a lane: a vector search of the step table, eight
 * dependent reads a lane, measured slower on avx2 than the batch's own
 * per-lane search after the warp (W1 to sRGB8 about 17 against 26
 * Msamples/s, 2026-11-29). */
WV_INLINE wv_i srgb8_of_k(const uint8_t *table, wv_i K)
{
    const wv_m all = wv_mask((uint32_t)((1ull << WV_W) - 1u));
    return wv_and(wv_fetch32(table, K, all), wv_set(0xff));
}

/* Lanes g .. g + WV_W - 1 (those in m; full: all of them) of a warp whose
 * registers would hold K[c] / 65535 in channels c < nch and 0 in the
 * others, written as o asks. */
WV_INLINE void store_group_bytes(const wt__tex_bytes *o, int g, const wv_i K[4], int nch, wv_m m, int full)
{
    if (o->format == WT_BATCH_HALF4) {
        wv_f v[4];
        for (int c = 0; c < 4; c++)
            v[c] = c < nch ? wv_div_exact(wv_tof(K[c]), 65535.0f) : wv_fset(0.0f);
        wv_store_half4(o->dst + 8 * g, v, m, full);
        return;
    }
    if (o->format == WT_BATCH_U8) {
        const int c = (int)o->channel;
        wv_store_bytes(o->dst + g, c < nch ? unorm8_of_k(K[c]) : wv_zero(), m, full);
        return;
    }
    const int srgb = o->format == WT_BATCH_U8X4_SRGB; /* r, g, b encoded; alpha linear */
    wv_i word = wv_zero();
    for (int c = 0; c < nch; c++) {
        const wv_i b = srgb && c < 3 ? srgb8_of_k(o->srgb_of_k, K[c]) : unorm8_of_k(K[c]);
        word = c ? wv_or(word, wv_slli(b, 8 * c)) : b;
    }
    wv_store_words(o->dst + 4 * g, word, m, full);
}

/* Whether o asks for the codes of an element-type read (store_group_codes),
 * not bytes of UNORM results (store_group_bytes). */
WV_INLINE int bytes_of_codes(const wt__tex_bytes *o)
{
    return o->format == WT_BATCH_ELEM8 || o->format == WT_BATCH_ELEM8X4;
}

/* Lanes g .. g + WV_W - 1 (those in m) of a warp whose registers would hold
 * the element-type codes code[c] in channels c < nch and 0 in the others,
 * written as WT_BATCH_ELEM8 (the low byte of register o->channel) or
 * WT_BATCH_ELEM8X4 (the low bytes of registers 0..3, one word a lane). */
WV_INLINE void store_group_codes(const wt__tex_bytes *o, int g, const wv_i code[4], int nch, wv_m m, int full)
{
    if (o->format == WT_BATCH_ELEM8X4) {
        wv_i word = wv_zero();
        for (int c = 0; c < nch; c++) {
            const wv_i b = wv_and(code[c], wv_set(0xff));
            word = c ? wv_or(word, wv_slli(b, 8 * c)) : b;
        }
        wv_store_words(o->dst + 4 * g, word, m, full);
        return;
    }
    const int c = (int)o->channel;
    wv_store_bytes(o->dst + g, c < nch ? code[c] : wv_zero(), m, full);
}
