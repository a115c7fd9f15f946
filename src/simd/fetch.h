/* fetch.h -- reading 8 lanes' words at byte offsets, and writing 8 lanes under a mask, for the SIMD templates
 * SPDX-License-Identifier: MIT
 *
 * Measured on this project's development machine (AMD EPYC, Zen-class,
 * AVX2): a ymm vpgatherdd costs about 20 cycles for 8 words, 8 scalar loads
 * inserted into a vector about 12, and a vpmaskmovd store is microcoded.
 * So the kernels read their texels with scalar loads (inactive lanes are
 * pointed at offset 0, which every level has, so nothing is read outside
 * the object) and write their results as load, blend, store of the
 * caller's own result block.  On AArch64 SIMDe turns a gather into the
 * same scalar loads anyway.  WT_SIMD_HW_GATHER=1 selects the hardware
 * gather instead (Intel cores, where it is cheaper, can be measured with
 * it). */
#ifndef WT_SIMD_FETCH_H
#define WT_SIMD_FETCH_H

#include <stdint.h>
#include <string.h>

#include <simde/x86/avx2.h>

#ifndef WT_SIMD_HW_GATHER
#define WT_SIMD_HW_GATHER 0
#endif

static inline uint32_t wt__ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint64_t wt__ld64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* The 4-byte words at base + off[l] for lanes in m; 0 elsewhere (read at
 * base + 0, which must be readable). */
static inline simde__m256i wt__fetch32(const uint8_t *base, simde__m256i off, simde__m256i m)
{
#if WT_SIMD_HW_GATHER
    return simde_mm256_mask_i32gather_epi32(simde_mm256_setzero_si256(), (const int32_t *)(const void *)base, off, m,
                                            1);
#else
    int32_t o[8];
    simde_mm256_storeu_si256((void *)o, simde_mm256_and_si256(off, m));
    simde__m256i v = simde_mm256_setr_epi32((int32_t)wt__ld32(base + o[0]), (int32_t)wt__ld32(base + o[1]),
                                            (int32_t)wt__ld32(base + o[2]), (int32_t)wt__ld32(base + o[3]),
                                            (int32_t)wt__ld32(base + o[4]), (int32_t)wt__ld32(base + o[5]),
                                            (int32_t)wt__ld32(base + o[6]), (int32_t)wt__ld32(base + o[7]));
    return simde_mm256_and_si256(v, m);
#endif
}

/* The 8-byte words at base + off[l] for lanes in m, split: *lo gets their
 * low 4 bytes, *hi their high 4 bytes (lane order kept); 0 elsewhere. */
static inline void wt__fetch64(const uint8_t *base, simde__m256i off, simde__m256i m, simde__m256i *lo,
                               simde__m256i *hi)
{
    int32_t o[8];
    simde_mm256_storeu_si256((void *)o, simde_mm256_and_si256(off, m));
    /* a = lanes 0, 1, 4, 5 and b = lanes 2, 3, 6, 7 as 64-bit elements: the
     * even/odd 32-bit shuffle of (a, b) is then lanes 0..7 in order */
    simde__m256i a = simde_mm256_setr_epi64x((int64_t)wt__ld64(base + o[0]), (int64_t)wt__ld64(base + o[1]),
                                             (int64_t)wt__ld64(base + o[4]), (int64_t)wt__ld64(base + o[5]));
    simde__m256i b = simde_mm256_setr_epi64x((int64_t)wt__ld64(base + o[2]), (int64_t)wt__ld64(base + o[3]),
                                             (int64_t)wt__ld64(base + o[6]), (int64_t)wt__ld64(base + o[7]));
    simde__m256 af = simde_mm256_castsi256_ps(a), bf = simde_mm256_castsi256_ps(b);
    *lo = simde_mm256_and_si256(simde_mm256_castps_si256(simde_mm256_shuffle_ps(af, bf, 0x88)), m);
    *hi = simde_mm256_and_si256(simde_mm256_castps_si256(simde_mm256_shuffle_ps(af, bf, 0xdd)), m);
}

/* dst[l] = v[l] for lanes in mask; the other words keep their values. */
static inline void wt__store_masked(uint32_t *dst, simde__m256i v, simde__m256i mask)
{
    simde__m256i old = simde_mm256_loadu_si256((const void *)dst);
    simde_mm256_storeu_si256((void *)dst, simde_mm256_blendv_epi8(old, v, mask));
}

#endif
