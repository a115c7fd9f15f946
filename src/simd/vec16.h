/* vec16.h -- the vector shim of the width-generic templates, 16 lanes (AVX-512 F, BW, DQ, VL)
 * SPDX-License-Identifier: MIT
 *
 * The same operations as vec8.h on 512-bit vectors, with lane masks in
 * AVX-512 mask registers.  Native intrinsics: SIMDe 0.7 has no AVX-512
 * gathers or masked stores, and this shim only ever builds for x86 with the
 * AVX-512 flags (src/avx512).  4-byte texels are read with masked hardware
 * gathers, which never touch memory for a lane outside the mask; texel
 * pairs with scalar loads (wv_fetch64 says why) or, where the CPU probe
 * chose them, gathers (wv_fetch64_gather). */
#ifndef WT_SIMD_VEC16_H
#define WT_SIMD_VEC16_H

#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512DQ__) || !defined(__AVX512VL__)
#error "vec16.h needs -mavx512f -mavx512bw -mavx512dq -mavx512vl"
#endif

#include <immintrin.h>
#include <stdint.h>

#include "div_exact.h"
#include "float_blend8.h"

#define WV_W 16

typedef __m512i wv_i;
typedef __m512 wv_f;
typedef __mmask16 wv_m;

#define WV_INLINE static inline __attribute__((always_inline))
/* wv_prefetch_lanes' one prefetch (a test that includes the shim defines
 * its own first, to see the addresses: tests/backend/test_prefetch.c) */
#ifndef WV_PREFETCH
#define WV_PREFETCH(addr) __builtin_prefetch(addr)
#endif

WV_INLINE wv_i wv_set(int32_t v) { return _mm512_set1_epi32(v); }
WV_INLINE wv_i wv_zero(void) { return _mm512_setzero_si512(); }
WV_INLINE wv_i wv_load(const void *p) { return _mm512_loadu_si512(p); }
WV_INLINE wv_f wv_loadf(const void *p) { return _mm512_loadu_ps(p); }
WV_INLINE void wv_store(void *p, wv_i v) { _mm512_storeu_si512(p, v); }
WV_INLINE wv_i wv_add(wv_i a, wv_i b) { return _mm512_add_epi32(a, b); }
WV_INLINE wv_i wv_sub(wv_i a, wv_i b) { return _mm512_sub_epi32(a, b); }
WV_INLINE wv_i wv_mul(wv_i a, wv_i b) { return _mm512_mullo_epi32(a, b); }
WV_INLINE wv_i wv_mul16(wv_i a, wv_i b) { return _mm512_mullo_epi16(a, b); }
WV_INLINE wv_i wv_add16(wv_i a, wv_i b) { return _mm512_add_epi16(a, b); }
WV_INLINE wv_i wv_and(wv_i a, wv_i b) { return _mm512_and_si512(a, b); }
WV_INLINE wv_i wv_or(wv_i a, wv_i b) { return _mm512_or_si512(a, b); }
WV_INLINE wv_i wv_min(wv_i a, wv_i b) { return _mm512_min_epi32(a, b); }
WV_INLINE wv_i wv_max(wv_i a, wv_i b) { return _mm512_max_epi32(a, b); }
#define wv_srai(a, n) _mm512_srai_epi32((a), (n))
#define wv_srli(a, n) _mm512_srli_epi32((a), (n))
#define wv_slli(a, n) _mm512_slli_epi32((a), (n))
WV_INLINE wv_i wv_srlv(wv_i a, wv_i n) { return _mm512_srlv_epi32(a, n); }

WV_INLINE wv_m wv_gt(wv_i a, wv_i b) { return _mm512_cmpgt_epi32_mask(a, b); }
WV_INLINE wv_m wv_eq(wv_i a, wv_i b) { return _mm512_cmpeq_epi32_mask(a, b); }
WV_INLINE wv_i wv_sel(wv_m m, wv_i a, wv_i b) { return _mm512_mask_blend_epi32(m, a, b); }
WV_INLINE wv_i wv_keep(wv_m m, wv_i a) { return _mm512_maskz_mov_epi32(m, a); }
WV_INLINE wv_m wv_mand(wv_m a, wv_m b) { return (wv_m)(a & b); }
WV_INLINE wv_m wv_mor(wv_m a, wv_m b) { return (wv_m)(a | b); }
WV_INLINE wv_m wv_mandnot(wv_m a, wv_m b) { return (wv_m)(~a & b); }
WV_INLINE wv_m wv_mnone(void) { return 0; }
WV_INLINE wv_m wv_mnot(wv_m a) { return (wv_m)~a; }
WV_INLINE uint32_t wv_bits(wv_m m) { return m; }
WV_INLINE wv_m wv_mask(uint32_t bits) { return (wv_m)bits; }

WV_INLINE wv_f wv_fset(float f) { return _mm512_set1_ps(f); }
WV_INLINE wv_f wv_fadd(wv_f a, wv_f b) { return _mm512_add_ps(a, b); }
WV_INLINE wv_f wv_fmul(wv_f a, wv_f b) { return _mm512_mul_ps(a, b); }
WV_INLINE wv_f wv_fsub(wv_f a, wv_f b) { return _mm512_sub_ps(a, b); }
WV_INLINE wv_f wv_fdiv(wv_f a, wv_f b) { return _mm512_div_ps(a, b); }
WV_INLINE wv_f wv_fabs(wv_f a) { return _mm512_abs_ps(a); }
WV_INLINE wv_f wv_fneg(wv_f a) { return _mm512_xor_ps(a, _mm512_set1_ps(-0.0f)); }
WV_INLINE wv_f wv_fmin(wv_f a, wv_f b) { return _mm512_min_ps(a, b); }
WV_INLINE wv_f wv_fmax(wv_f a, wv_f b) { return _mm512_max_ps(a, b); }
WV_INLINE wv_f wv_ffloor(wv_f a) { return _mm512_roundscale_ps(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
/* one conversion rounding toward -inf: floor(a), for a inside the int32 range */
WV_INLINE wv_i wv_floor_int(wv_f a) { return _mm512_cvt_roundps_epi32(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
WV_INLINE wv_i wv_trunc_int(wv_f a) { return _mm512_cvttps_epi32(a); }
WV_INLINE wv_f wv_tof(wv_i a) { return _mm512_cvtepi32_ps(a); }
WV_INLINE wv_i wv_fbits(wv_f a) { return _mm512_castps_si512(a); }
WV_INLINE wv_m wv_ford(wv_f a) { return _mm512_cmp_ps_mask(a, a, _CMP_ORD_Q); }
WV_INLINE wv_m wv_fge(wv_f a, wv_f b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
WV_INLINE wv_m wv_feq(wv_f a, wv_f b) { return _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ); }
WV_INLINE wv_m wv_ffinite(wv_f a) { return _mm512_cmp_ps_mask(_mm512_sub_ps(a, a), _mm512_setzero_ps(), _CMP_EQ_OQ); }
WV_INLINE wv_m wv_fabs_nlt(wv_f a, float b) { return _mm512_cmp_ps_mask(_mm512_abs_ps(a), _mm512_set1_ps(b), _CMP_NLT_UQ); }
WV_INLINE wv_f wv_fkeep(wv_m m, wv_f a) { return _mm512_maskz_mov_ps(m, a); }
WV_INLINE wv_f wv_fsel(wv_m m, wv_f a, wv_f b) { return _mm512_mask_blend_ps(m, a, b); }
/* k / d rounded once, for integers k in [0, 65535] (div_exact.h) */
WV_INLINE wv_f wv_div_exact(wv_f k, float d) { return wt__div_exact_ps512(k, d); }

/* [semantics#float-blend] as vec8.h's, for 16 lanes: each half of 8 through float_blend8.h,
 * read in place (a 512-bit tap is its low half's 256 bits, then its high
 * half's), so both widths compute with one datapath.  Its double
 * arithmetic holds 4 lanes a 256-bit vector, 8 lanes a 512-bit one: two
 * halves of 8 are the same work as one pass of 16. */
typedef struct wv_fb_taps {
    wv_i raw[4][4];
    wv_i w[4][4];
} wv_fb_taps;
WV_INLINE wv_i wv_float_blend(const wv_fb_taps *tp, uint32_t gmask)
{
    const uint8_t *raw = (const uint8_t *)tp->raw, *w = (const uint8_t *)tp->w;
    return _mm512_inserti64x4(_mm512_castsi256_si512(wt__float_blend8_at(raw, w, 2, gmask)),
                              wt__float_blend8_at(raw + 32, w + 32, 2, gmask), 1);
}

static inline uint64_t wv__ld64(const uint8_t *p)
{
    uint64_t v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
/* The 4-byte words at base + off[l] for lanes in m, 0 elsewhere: one masked
 * gather (measured on Zen 5: W4 557 Msamples/s against 496 with scalar loads). */
WV_INLINE wv_i wv_fetch32(const uint8_t *base, wv_i off, wv_m m)
{
    return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, off, (const void *)base, 1);
}
/* The 8-byte words at base + off[l]: low halves to *lo, high halves to *hi.
 * Scalar loads: two 8-lane vpgatherdq and their split cost more on Zen 5
 * (W1 234 against 255 Msamples/s), two 16-lane dword gathers more still
 * (213).  A lane outside m reads offset 0, which every level has. */
WV_INLINE void wv_fetch64(const uint8_t *base, wv_i off, wv_m m, wv_i *lo, wv_i *hi)
{
    int32_t o[16];
    _mm512_storeu_si512((void *)o, _mm512_maskz_mov_epi32(m, off));
    __m128i q[8];
    for (int k = 0; k < 8; k++)
        q[k] = _mm_set_epi64x((long long)wv__ld64(base + o[2 * k + 1]), (long long)wv__ld64(base + o[2 * k]));
    __m512i a = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1)),
                                   _mm256_inserti128_si256(_mm256_castsi128_si256(q[2]), q[3], 1), 1);
    __m512i b = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_inserti128_si256(_mm256_castsi128_si256(q[4]), q[5], 1)),
                                   _mm256_inserti128_si256(_mm256_castsi128_si256(q[6]), q[7], 1), 1);
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    *lo = _mm512_maskz_mov_epi32(m, _mm512_permutex2var_epi32(a, even, b));
    *hi = _mm512_maskz_mov_epi32(m, _mm512_permutex2var_epi32(a, odd, b));
}
/* As wv_fetch64, with two 8-lane vpgatherdq (the kernels choose by the CPU
 * probe's wt__gather_pairs, src/core/cpu.h, which says where each wins). */
#define WV_GATHER64 1
WV_INLINE void wv_fetch64_gather(const uint8_t *base, wv_i off, wv_m m, wv_i *lo, wv_i *hi)
{
    const __m512i o = _mm512_maskz_mov_epi32(m, off);
    const __m512i a = _mm512_i32gather_epi64(_mm512_castsi512_si256(o), (const void *)base, 1);
    const __m512i b = _mm512_i32gather_epi64(_mm512_extracti64x4_epi64(o, 1), (const void *)base, 1);
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    *lo = _mm512_maskz_mov_epi32(m, _mm512_permutex2var_epi32(a, even, b));
    *hi = _mm512_maskz_mov_epi32(m, _mm512_permutex2var_epi32(a, odd, b));
}
/* The 16-byte words at base + off[l]: their 4-byte words k to w[k].  One
 * 16-byte load a lane and a 4 x 4 transpose in each 128-bit block: four
 * 16-lane gathers, one per word, cost more (RGBA32F linear on Zen 4 spent a
 * third of its time in them).  A lane outside m reads offset 0. */
WV_INLINE void wv_fetch128(const uint8_t *base, wv_i off, wv_m m, wv_i w[4])
{
    int32_t o[16];
    _mm512_storeu_si512((void *)o, _mm512_maskz_mov_epi32(m, off));
    __m512i z[4]; /* block b of z[j]: lane j + 4b */
    for (int j = 0; j < 4; j++) {
        z[j] = _mm512_castsi128_si512(_mm_loadu_si128((const void *)(base + o[j])));
        z[j] = _mm512_inserti32x4(z[j], _mm_loadu_si128((const void *)(base + o[j + 4])), 1);
        z[j] = _mm512_inserti32x4(z[j], _mm_loadu_si128((const void *)(base + o[j + 8])), 2);
        z[j] = _mm512_inserti32x4(z[j], _mm_loadu_si128((const void *)(base + o[j + 12])), 3);
    }
    const __m512i t0 = _mm512_unpacklo_epi32(z[0], z[1]), t1 = _mm512_unpackhi_epi32(z[0], z[1]);
    const __m512i t2 = _mm512_unpacklo_epi32(z[2], z[3]), t3 = _mm512_unpackhi_epi32(z[2], z[3]);
    w[0] = _mm512_maskz_mov_epi32(m, _mm512_unpacklo_epi64(t0, t2));
    w[1] = _mm512_maskz_mov_epi32(m, _mm512_unpackhi_epi64(t0, t2));
    w[2] = _mm512_maskz_mov_epi32(m, _mm512_unpacklo_epi64(t1, t3));
    w[3] = _mm512_maskz_mov_epi32(m, _mm512_unpackhi_epi64(t1, t3));
}
WV_INLINE void wv_store_masked(uint32_t *dst, wv_i v, wv_m m, int full)
{
    if (full)
        _mm512_storeu_si512((void *)dst, v);
    else
        _mm512_mask_storeu_epi32((void *)dst, m, v);
}
/* The 32-bit lanes in m to dst + 4 l, at any alignment (vec8.h's). */
WV_INLINE void wv_store_words(uint8_t *dst, wv_i v, wv_m m, int full)
{
    if (full)
        _mm512_storeu_si512((void *)dst, v);
    else
        _mm512_mask_storeu_epi32((void *)dst, m, v);
}
/* The low byte of each lane in m to dst + l: vpmovdb, masked to memory
 * where not every lane is stored. */
WV_INLINE void wv_store_bytes(uint8_t *dst, wv_i v, wv_m m, int full)
{
    if (full)
        _mm_storeu_si128((void *)dst, _mm512_cvtepi32_epi8(v));
    else
        _mm512_mask_cvtepi32_storeu_epi8((void *)dst, m, v);
}
/* The floats v[0..3] of each lane in m as four IEEE halves (vec8.h's):
 * vcvtps2ph, ties to even from the immediate; each lane's r | g << 16 and
 * b | a << 16 words interleaved into two 8-lane halves of 64-bit lanes. */
WV_INLINE void wv_store_half4(uint8_t *dst, const wv_f v[4], wv_m m, int full)
{
    __m512i h[4];
    for (int c = 0; c < 4; c++)
        h[c] = _mm512_cvtepu16_epi32(_mm512_cvtps_ph(v[c], _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    const __m512i rg = _mm512_or_si512(h[0], _mm512_slli_epi32(h[1], 16));
    const __m512i ba = _mm512_or_si512(h[2], _mm512_slli_epi32(h[3], 16));
    const __m512i lo = _mm512_permutex2var_epi32(
        rg, _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23), ba);
    const __m512i hi = _mm512_permutex2var_epi32(
        rg, _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31), ba);
    if (full) {
        _mm512_storeu_si512((void *)dst, lo);
        _mm512_storeu_si512((void *)(dst + 64), hi);
        return;
    }
    /* lane l is 64-bit word l: the mask's bits, 8 at a time */
    _mm512_mask_storeu_epi64((void *)dst, (__mmask8)(m & 0xff), lo);
    _mm512_mask_storeu_epi64((void *)(dst + 64), (__mmask8)(m >> 8), hi);
}
/* [semantics#layers], [semantics#decision-layer-past-end]: an unsigned min with layers - 1 */
WV_INLINE wv_i wv_layer_clamp(const void *p, uint32_t layers)
{
    return _mm512_min_epu32(_mm512_loadu_si512(p), _mm512_set1_epi32((int32_t)(layers - 1u)));
}
WV_INLINE void wv_prefetch_lanes(const uint8_t *base, wv_i off, wv_m m)
{
    int32_t o[16];
    _mm512_storeu_si512((void *)o, _mm512_maskz_mov_epi32(m, off));
    for (int l = 0; l < 16; l++)
        WV_PREFETCH(base + o[l]);
}
WV_INLINE void wv_fminmax(wv_f a, wv_m m, float *lo, float *hi)
{
    /* NaN lanes: min/max return their second operand, the bound */
    wv_f l = _mm512_min_ps(_mm512_mask_blend_ps(m, _mm512_set1_ps(__builtin_inff()), a), _mm512_set1_ps(__builtin_inff()));
    wv_f h = _mm512_max_ps(_mm512_mask_blend_ps(m, _mm512_set1_ps(-__builtin_inff()), a), _mm512_set1_ps(-__builtin_inff()));
    float rl = _mm512_reduce_min_ps(l), rh = _mm512_reduce_max_ps(h);
    *lo = rl < *lo ? rl : *lo;
    *hi = rh > *hi ? rh : *hi;
}

#endif
