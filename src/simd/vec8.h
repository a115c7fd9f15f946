/* vec8.h -- the vector shim of the width-generic templates, 8 lanes (SIMDe's 256-bit intrinsics: AVX2, NEON)
 * SPDX-License-Identifier: MIT
 *
 * A template written against wv_* (tex_tpl.h, tex2d_u8_tpl.h, axis.h)
 * runs WV_W lanes at a time: 8 here, 16 with vec16.h.  wv_i holds 32-bit integers, wv_f floats
 * and wv_m a lane mask (here an all-ones / all-zeros vector; vec16.h's is
 * an AVX-512 mask register).  Every operation is exact integer or IEEE
 * single arithmetic, so a template computes the same bits at either width.
 * Texels are read with scalar loads (fetch.h says why); a lane outside the
 * mask reads offset 0, which every level has. */
#ifndef WT_SIMD_VEC8_H
#define WT_SIMD_VEC8_H

#include <stdint.h>

#include <simde/x86/avx2.h>
#include <simde/x86/f16c.h>

#include "div_exact.h"
#include "fetch.h"
#include "float_blend8.h"
#include "lanes.h"

#define WV_W 8

typedef simde__m256i wv_i;
typedef simde__m256 wv_f;
typedef simde__m256i wv_m;

#define WV_INLINE static inline __attribute__((always_inline))
/* wv_prefetch_lanes' one prefetch (a test that includes the shim defines
 * its own first, to see the addresses: tests/backend/test_prefetch.c) */
#ifndef WV_PREFETCH
#define WV_PREFETCH(addr) __builtin_prefetch(addr)
#endif

WV_INLINE wv_i wv_set(int32_t v) { return simde_mm256_set1_epi32(v); }
WV_INLINE wv_i wv_zero(void) { return simde_mm256_setzero_si256(); }
WV_INLINE wv_i wv_load(const void *p) { return simde_mm256_loadu_si256(p); }
WV_INLINE wv_f wv_loadf(const void *p) { return simde_mm256_loadu_ps((const float *)p); }
WV_INLINE void wv_store(void *p, wv_i v) { simde_mm256_storeu_si256(p, v); }
WV_INLINE wv_i wv_add(wv_i a, wv_i b) { return simde_mm256_add_epi32(a, b); }
WV_INLINE wv_i wv_sub(wv_i a, wv_i b) { return simde_mm256_sub_epi32(a, b); }
WV_INLINE wv_i wv_mul(wv_i a, wv_i b) { return simde_mm256_mullo_epi32(a, b); }
/* 16-bit fields multiplied and added (no carry between them) */
WV_INLINE wv_i wv_mul16(wv_i a, wv_i b) { return simde_mm256_mullo_epi16(a, b); }
WV_INLINE wv_i wv_add16(wv_i a, wv_i b) { return simde_mm256_add_epi16(a, b); }
WV_INLINE wv_i wv_and(wv_i a, wv_i b) { return simde_mm256_and_si256(a, b); }
WV_INLINE wv_i wv_or(wv_i a, wv_i b) { return simde_mm256_or_si256(a, b); }
WV_INLINE wv_i wv_min(wv_i a, wv_i b) { return simde_mm256_min_epi32(a, b); }
WV_INLINE wv_i wv_max(wv_i a, wv_i b) { return simde_mm256_max_epi32(a, b); }
#define wv_srai(a, n) simde_mm256_srai_epi32((a), (n))
#define wv_srli(a, n) simde_mm256_srli_epi32((a), (n))
#define wv_slli(a, n) simde_mm256_slli_epi32((a), (n))
/* per-lane variable shifts by a count < 32 */
WV_INLINE wv_i wv_srlv(wv_i a, wv_i n) { return simde_mm256_srlv_epi32(a, n); }

WV_INLINE wv_m wv_gt(wv_i a, wv_i b) { return simde_mm256_cmpgt_epi32(a, b); }
WV_INLINE wv_m wv_eq(wv_i a, wv_i b) { return simde_mm256_cmpeq_epi32(a, b); }
/* m ? b : a, lane by lane */
WV_INLINE wv_i wv_sel(wv_m m, wv_i a, wv_i b) { return simde_mm256_blendv_epi8(a, b, m); }
/* m ? a : 0 */
WV_INLINE wv_i wv_keep(wv_m m, wv_i a) { return simde_mm256_and_si256(a, m); }
WV_INLINE wv_m wv_mand(wv_m a, wv_m b) { return simde_mm256_and_si256(a, b); }
WV_INLINE wv_m wv_mor(wv_m a, wv_m b) { return simde_mm256_or_si256(a, b); }
WV_INLINE wv_m wv_mandnot(wv_m a, wv_m b) { return simde_mm256_andnot_si256(a, b); } /* b and not a */
WV_INLINE wv_m wv_mnone(void) { return simde_mm256_setzero_si256(); }
WV_INLINE wv_m wv_mnot(wv_m a) { return simde_mm256_xor_si256(a, simde_mm256_set1_epi32(-1)); }
WV_INLINE uint32_t wv_bits(wv_m m) { return wt__mask_bits(m); }
WV_INLINE wv_m wv_mask(uint32_t bits) { return wt__lane_mask(bits); }

WV_INLINE wv_f wv_fset(float f) { return simde_mm256_set1_ps(f); }
WV_INLINE wv_f wv_fadd(wv_f a, wv_f b) { return simde_mm256_add_ps(a, b); }
WV_INLINE wv_f wv_fmul(wv_f a, wv_f b) { return simde_mm256_mul_ps(a, b); }
WV_INLINE wv_f wv_fsub(wv_f a, wv_f b) { return simde_mm256_sub_ps(a, b); }
/* IEEE division, rounded once */
WV_INLINE wv_f wv_fdiv(wv_f a, wv_f b) { return simde_mm256_div_ps(a, b); }
WV_INLINE wv_f wv_fabs(wv_f a) { return simde_mm256_andnot_ps(simde_mm256_set1_ps(-0.0f), a); }
WV_INLINE wv_f wv_fneg(wv_f a) { return simde_mm256_xor_ps(a, simde_mm256_set1_ps(-0.0f)); }
WV_INLINE wv_f wv_fmin(wv_f a, wv_f b) { return simde_mm256_min_ps(a, b); }
WV_INLINE wv_f wv_fmax(wv_f a, wv_f b) { return simde_mm256_max_ps(a, b); }
WV_INLINE wv_f wv_ffloor(wv_f a) { return simde_mm256_floor_ps(a); }
/* floor(a) as an integer, for a inside the int32 range */
WV_INLINE wv_i wv_floor_int(wv_f a) { return simde_mm256_cvttps_epi32(simde_mm256_floor_ps(a)); }
WV_INLINE wv_i wv_trunc_int(wv_f a) { return simde_mm256_cvttps_epi32(a); }
WV_INLINE wv_f wv_tof(wv_i a) { return simde_mm256_cvtepi32_ps(a); }
WV_INLINE wv_i wv_fbits(wv_f a) { return simde_mm256_castps_si256(a); }
/* lanes that are not NaN; lanes that are finite */
WV_INLINE wv_m wv_ford(wv_f a) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, a, SIMDE_CMP_ORD_Q)); }
/* a >= b, a == b (false where either is NaN) */
WV_INLINE wv_m wv_fge(wv_f a, wv_f b) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, b, SIMDE_CMP_GE_OQ)); }
WV_INLINE wv_m wv_feq(wv_f a, wv_f b) { return simde_mm256_castps_si256(simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ)); }
WV_INLINE wv_m wv_ffinite(wv_f a)
{
    return simde_mm256_castps_si256(simde_mm256_cmp_ps(simde_mm256_sub_ps(a, a), simde_mm256_setzero_ps(), SIMDE_CMP_EQ_OQ));
}
/* |a| >= b, or a is NaN */
WV_INLINE wv_m wv_fabs_nlt(wv_f a, float b)
{
    return simde_mm256_castps_si256(
        simde_mm256_cmp_ps(simde_mm256_andnot_ps(simde_mm256_set1_ps(-0.0f), a), simde_mm256_set1_ps(b), SIMDE_CMP_NLT_UQ));
}
WV_INLINE wv_f wv_fkeep(wv_m m, wv_f a) { return simde_mm256_and_ps(a, simde_mm256_castsi256_ps(m)); }
WV_INLINE wv_f wv_fsel(wv_m m, wv_f a, wv_f b) { return simde_mm256_blendv_ps(a, b, simde_mm256_castsi256_ps(m)); }
/* k / d rounded once, for integers k in [0, 65535] (div_exact.h) */
WV_INLINE wv_f wv_div_exact(wv_f k, float d) { return wt__div_exact_ps(k, d); }

/* [semantics#float-blend]'s f32 bits of every lane from its taps (float_blend8.h): raw[g][t]
 * the f32 bits of tap t of group g, w[g][t] its weight (0: no tap); groups
 * not in gmask (bit g) have no taps in any lane. */
typedef wt__fb8_taps wv_fb_taps;
WV_INLINE wv_i wv_float_blend(const wv_fb_taps *tp, uint32_t gmask) { return wt__float_blend8(tp, gmask); }

/* The 4-byte words at base + off[l] for lanes in m, 0 elsewhere. */
WV_INLINE wv_i wv_fetch32(const uint8_t *base, wv_i off, wv_m m) { return wt__fetch32(base, off, m); }
/* The 8-byte words at base + off[l]: low halves to *lo, high halves to *hi. */
WV_INLINE void wv_fetch64(const uint8_t *base, wv_i off, wv_m m, wv_i *lo, wv_i *hi)
{
    wt__fetch64(base, off, m, lo, hi);
}
/* 8 lanes have no cheaper gather of 8-byte words than their loads (vec16.h's WV_GATHER64). */
#define WV_GATHER64 0
#define wv_fetch64_gather wv_fetch64
/* The 16-byte words at base + off[l]: their 4-byte words k to w[k]. */
WV_INLINE void wv_fetch128(const uint8_t *base, wv_i off, wv_m m, wv_i w[4])
{
    for (int k = 0; k < 4; k++)
        w[k] = wt__fetch32(base + 4 * k, off, m);
}
/* dst[l] = v[l] for lanes in m; full: m is every lane */
WV_INLINE void wv_store_masked(uint32_t *dst, wv_i v, wv_m m, int full)
{
    if (full)
        simde_mm256_storeu_si256((void *)dst, v);
    else
        wt__store_masked(dst, v, m);
}
/* The 32-bit lanes in m to dst + 4 l, at any alignment (the batch's byte
 * formats: caller memory, not a register block); full: m is every lane. */
WV_INLINE void wv_store_words(uint8_t *dst, wv_i v, wv_m m, int full)
{
    if (full) {
        simde_mm256_storeu_si256((void *)dst, v);
        return;
    }
    uint32_t w[8];
    simde_mm256_storeu_si256((void *)w, v);
    const uint32_t bits = wv_bits(m);
    for (int l = 0; l < 8; l++)
        if (bits >> l & 1)
            __builtin_memcpy(dst + 4 * l, &w[l], 4);
}
/* The low byte of each lane in m to dst + l: byte 0 of every 32-bit lane
 * gathered into the low 4 bytes of each 128-bit half, then the halves'
 * words side by side. */
WV_INLINE void wv_store_bytes(uint8_t *dst, wv_i v, wv_m m, int full)
{
    const wv_i pick = simde_mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, /* each half */
                                            0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    const wv_i b = simde_mm256_permutevar8x32_epi32(simde_mm256_shuffle_epi8(v, pick),
                                                    simde_mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1));
    const uint64_t q = (uint64_t)simde_mm_cvtsi128_si64(simde_mm256_castsi256_si128(b));
    if (full) {
        __builtin_memcpy(dst, &q, 8);
        return;
    }
    const uint32_t bits = wv_bits(m);
    for (int l = 0; l < 8; l++)
        if (bits >> l & 1)
            dst[l] = (uint8_t)(q >> (8 * l));
}
/* The floats v[0..3] of each lane in m as four IEEE halves, ties to even
 * ([api#batch-half], wt__half), to dst + 8 l at any alignment.  F16C's
 * vcvtps2ph where the build has it (rounding from the immediate, not
 * MXCSR); SIMDe's conversion elsewhere, hardware fcvt on AArch64, whose NaN
 * may be its default one (SIMDe's portable code gives 0x7e00): NaN lanes are
 * then rebuilt from the float's bits as vcvtps2ph builds them, sign, quiet
 * bit and the payload's top ten bits. */
WV_INLINE simde__m128i wv_half8(wv_f v)
{
    const simde__m128i h = simde_mm256_cvtps_ph(v, SIMDE_MM_FROUND_TO_NEAREST_INT | SIMDE_MM_FROUND_NO_EXC);
#if defined(SIMDE_X86_F16C_NATIVE)
    return h;
#else
    const wv_i u = simde_mm256_castps_si256(v);
    const wv_i a = simde_mm256_and_si256(u, simde_mm256_set1_epi32(0x7fffffff));
    const wv_i nan = simde_mm256_cmpgt_epi32(a, simde_mm256_set1_epi32(0x7f800000));
    const wv_i q = simde_mm256_or_si256(simde_mm256_and_si256(simde_mm256_srli_epi32(u, 16), simde_mm256_set1_epi32(0x8000)),
                                        simde_mm256_or_si256(simde_mm256_set1_epi32(0x7e00),
                                                             simde_mm256_and_si256(simde_mm256_srli_epi32(a, 13),
                                                                                   simde_mm256_set1_epi32(0x3ff))));
    /* the NaN words, 16 bits a lane, packed as the conversion packs them */
    const simde__m128i qn = simde_mm_packus_epi32(simde_mm256_castsi256_si128(q), simde_mm256_extracti128_si256(q, 1));
    const simde__m128i mn = simde_mm_packs_epi32(simde_mm256_castsi256_si128(nan), simde_mm256_extracti128_si256(nan, 1));
    return simde_mm_blendv_epi8(h, qn, mn);
#endif
}
WV_INLINE void wv_store_half4(uint8_t *dst, const wv_f v[4], wv_m m, int full)
{
    const simde__m128i r = wv_half8(v[0]), g = wv_half8(v[1]), b = wv_half8(v[2]), a = wv_half8(v[3]);
    const simde__m128i rg0 = simde_mm_unpacklo_epi16(r, g), rg1 = simde_mm_unpackhi_epi16(r, g); /* lanes 0-3, 4-7 */
    const simde__m128i ba0 = simde_mm_unpacklo_epi16(b, a), ba1 = simde_mm_unpackhi_epi16(b, a);
    simde__m128i q[4] = {simde_mm_unpacklo_epi32(rg0, ba0), simde_mm_unpackhi_epi32(rg0, ba0),
                         simde_mm_unpacklo_epi32(rg1, ba1), simde_mm_unpackhi_epi32(rg1, ba1)}; /* two lanes each */
    if (full) {
        for (int k = 0; k < 4; k++)
            simde_mm_storeu_si128((void *)(dst + 16 * k), q[k]);
        return;
    }
    uint8_t w[64];
    for (int k = 0; k < 4; k++)
        simde_mm_storeu_si128((void *)(w + 16 * k), q[k]);
    const uint32_t bits = wv_bits(m);
    for (int l = 0; l < 8; l++)
        if (bits >> l & 1)
            __builtin_memcpy(dst + 8 * l, w + 8 * l, 8);
}
/* the lanes' .u32 layer operands clamped to layers - 1 ([semantics#layers], [semantics#decision-layer-past-end]) */
WV_INLINE wv_i wv_layer_clamp(const void *p, uint32_t layers) { return wt__layer_clamp(p, layers); }
WV_INLINE void wv_prefetch_lanes(const uint8_t *base, wv_i off, wv_m m)
{
    int32_t o[8];
    simde_mm256_storeu_si256((void *)o, simde_mm256_and_si256(off, m));
    for (int l = 0; l < 8; l++)
        WV_PREFETCH(base + o[l]);
}
/* the least and greatest of the lanes in m (+inf / -inf when none; NaN lanes are skipped) */
WV_INLINE void wv_fminmax(wv_f a, wv_m m, float *lo, float *hi)
{
    simde__m256 mf = simde_mm256_castsi256_ps(m);
    simde__m256 l = simde_mm256_blendv_ps(simde_mm256_set1_ps(__builtin_inff()), a, mf);
    simde__m256 h = simde_mm256_blendv_ps(simde_mm256_set1_ps(-__builtin_inff()), a, mf);
    float l8[8], h8[8];
    simde_mm256_storeu_ps(l8, simde_mm256_min_ps(l, simde_mm256_set1_ps(__builtin_inff())));
    simde_mm256_storeu_ps(h8, simde_mm256_max_ps(h, simde_mm256_set1_ps(-__builtin_inff())));
    for (int i = 0; i < 8; i++) {
        *lo = l8[i] < *lo ? l8[i] : *lo;
        *hi = h8[i] > *hi ? h8[i] : *hi;
    }
}

#endif
