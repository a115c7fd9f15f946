/* lanes.h -- active-lane masks of a group of 8 lanes, shared by the SIMD templates
 * SPDX-License-Identifier: MIT */
#ifndef WT_SIMD_LANES_H
#define WT_SIMD_LANES_H

#include <stdint.h>
#include <simde/x86/avx2.h>

/* Bits 0..7 of active8 as an all-ones / all-zeros lane mask. */
static inline simde__m256i wt__lane_mask(uint32_t active8)
{
    simde__m256i bits = simde_mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    simde__m256i m = simde_mm256_and_si256(simde_mm256_set1_epi32((int32_t)active8), bits);
    return simde_mm256_cmpeq_epi32(m, bits);
}

/* The lane mask back as bits 0..7. */
static inline uint32_t wt__mask_bits(simde__m256i m)
{
    return (uint32_t)simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m));
}

/* [semantics#layers], [semantics#decision-layer-past-end]: 8 lanes' .u32 layer operands at p, a layer past the end
 * (any "negative" one too) the last of `layers` (>= 1): an unsigned min
 * through the sign-flipped signed compare. */
static inline simde__m256i wt__layer_clamp(const void *p, uint32_t layers)
{
    simde__m256i layer = simde_mm256_loadu_si256(p), last = simde_mm256_set1_epi32((int32_t)(layers - 1u));
    simde__m256i flip = simde_mm256_set1_epi32((int32_t)0x80000000u);
    simde__m256i past = simde_mm256_cmpgt_epi32(simde_mm256_xor_si256(layer, flip), simde_mm256_xor_si256(last, flip));
    return simde_mm256_blendv_epi8(layer, last, past);
}

#endif
