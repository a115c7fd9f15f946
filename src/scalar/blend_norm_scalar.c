/* blend_norm_scalar.c -- UNORM/SNORM linear blends in 16-bit integers ([semantics#norm-blend])
 * SPDX-License-Identifier: MIT */
#include "value_scalar.h"

uint32_t wt__blend_unorm(const wt__taps *taps, int ch, int bits)
{
    /* [semantics#norm-blend]: 8-bit codes widen by bit replication (u*257) to 16 bits. */
    int64_t s = 0;
    for (int i = 0; i < taps->n; i++) {
        uint32_t u = taps->t[i].raw[ch] & (bits == 8 ? 0xffu : 0xffffu);
        s += (int64_t)taps->t[i].w * (bits == 8 ? u * 257u : u);
    }
    /* K = rhu(sum / 256): round half up. */
    int64_t k = (s + 128) >> 8; /* s >= 0 */
    return wt__f32_bits((float)k / 65535.0f); /* K / 65535 rounded once to f32 */
}

uint32_t wt__blend_snorm16(const wt__taps *taps, int ch)
{
    int64_t s = 0;
    for (int i = 0; i < taps->n; i++)
        s += (int64_t)taps->t[i].w * (int32_t)taps->t[i].raw[ch];
    int64_t k = wt__floor_shr(s + 128, 8); /* [semantics#norm-blend]: rhu(sum / 256) */
    if (k < -32767)                          /* [semantics#norm-blend]: clamp at -32767 */
        k = -32767;
    return wt__f32_bits((float)k / 32767.0f);
}

uint32_t wt__blend_snorm8(const wt__taps *taps, int ch)
{
    /* [semantics#norm-blend]: S = sum of w * k over the raw 8-bit codes (S in [-32768, 32512]);
     * K = S + ((257 * (S >> 4) + 1024) >> 11) with arithmetic shifts, the
     * measured fit that widens the 8-bit sum to the 16-bit scale. */
    int64_t s = 0;
    for (int i = 0; i < taps->n; i++)
        s += (int64_t)taps->t[i].w * (int32_t)taps->t[i].raw[ch];
    int64_t k = s + wt__floor_shr(257 * wt__floor_shr(s, 4) + 1024, 11);
    if (k < -32767) /* [semantics#norm-blend]: clamp at -32767 */
        k = -32767;
    return wt__f32_bits((float)k / 32767.0f);
}
