/* blend_srgb_scalar.c -- linear filtering of sRGB channels with block exponents ([semantics#srgb])
 * SPDX-License-Identifier: MIT */
#include "srgb_table.h"
#include "value_scalar.h"

/* Exponent of integer m > 0 (index of its top bit). */
static int ilog_u(uint32_t m)
{
    int t = 0;
    while (m >>= 1)
        t++;
    return t;
}

/* [semantics#srgb]: codes come in blocks of eight sharing the exponent of the block's
 * last entry (code | 7); in units of 1/65536. */
static int block_exp(uint32_t code)
{
    return ilog_u(wt__srgb_table[code | 7]);
}

uint32_t wt__blend_srgb(const wt__taps *taps, int ch)
{
    int eg[256];
    uint8_t used[256] = {0};
    /* E per 2x2 footprint: the largest block exponent among its texels (all
     * taps have weight > 0). */
    for (int i = 0; i < taps->n; i++) {
        int g = taps->t[i].group, e = block_exp(taps->t[i].raw[ch] & 0xff);
        if (!used[g] || e > eg[g])
            eg[g] = e;
        used[g] = 1;
    }
    /* Each table value truncated to 2^(E-7) of its own group ([semantics#decision-srgb-groups]: no common
     * floor between groups); the weighted sum is exact, in units of
     * 2^-16 / 256 = 2^-24. */
    uint64_t s = 0;
    for (int i = 0; i < taps->n; i++) {
        int sh = eg[taps->t[i].group] - 7; /* >= 0: the smallest block exponent is 7 */
        uint64_t v = wt__srgb_table[taps->t[i].raw[ch] & 0xff];
        s += (uint64_t)taps->t[i].w * (v >> sh << sh);
    }
    /* Rounded once to half precision (11 significant bits, exponent floor
     * -14), ties away; the f32 register holds that half value exactly. */
    return wt__f16_to_f32(wt__fp_round(0, s, -24, 1, WT__RND_AWAY));
}
