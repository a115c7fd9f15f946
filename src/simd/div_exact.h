/* div_exact.h -- k / d for small integers k, rounded as IEEE division rounds, without a divide (SIMD kernels)
 * SPDX-License-Identifier: MIT
 *
 * The UNORM conversions divide an integer code k in [0, 65535] by 255 or
 * 65535 once, to nearest ([semantics#point-conversion], [semantics#norm-blend]).  A vector divide is slow; instead
 * q0 = k * (1/d) rounded, r = k - q0 * d exactly (one fused multiply-add:
 * the residual of a product is exact), then q = q0 + r * (1/d) rounded once
 * by a second fused multiply-add.  That is the correctly rounded quotient
 * for every k the kernels pass, which tests/backend/test_simd_div.c checks
 * exhaustively (k = 0..65535 for both divisors) against the IEEE division.
 * Explicit fused operations, so -ffp-contract=off changes nothing here. */
#ifndef WT_DIV_EXACT_H
#define WT_DIV_EXACT_H

#include <math.h>
#include <simde/x86/avx2.h>
#include <simde/x86/fma.h>

static inline simde__m256 wt__div_exact_ps(simde__m256 k, float d)
{
    const float inv = 1.0f / d;
#if defined(SIMDE_X86_FMA_NATIVE)
    const simde__m256 vd = simde_mm256_set1_ps(d), vinv = simde_mm256_set1_ps(inv);
    simde__m256 q0 = simde_mm256_mul_ps(k, vinv);
    simde__m256 r = simde_mm256_fnmadd_ps(q0, vd, k); /* k - q0 * d, exact */
    return simde_mm256_fmadd_ps(r, vinv, q0);
#else
    /* SIMDe's portable fmadd is a multiply and an add, not one rounding:
     * the fused steps go through C's fmaf (one instruction wherever the
     * target has it, AArch64 included). */
    float v[8];
    simde_mm256_storeu_ps(v, k);
    for (int l = 0; l < 8; l++) {
        float q0 = v[l] * inv;
        v[l] = fmaf(fmaf(-q0, d, v[l]), inv, q0);
    }
    return simde_mm256_loadu_ps(v);
#endif
}

#if defined(__AVX512F__)
#include <immintrin.h>
/* The same for 16 lanes (src/avx512, vec16.h). */
static inline __m512 wt__div_exact_ps512(__m512 k, float d)
{
    const __m512 vd = _mm512_set1_ps(d), vinv = _mm512_set1_ps(1.0f / d);
    __m512 q0 = _mm512_mul_ps(k, vinv);
    __m512 r = _mm512_fnmadd_ps(q0, vd, k); /* k - q0 * d, exact */
    return _mm512_fmadd_ps(r, vinv, q0);
}
#endif

#endif
