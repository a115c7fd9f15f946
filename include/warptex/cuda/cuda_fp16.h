/* cuda_fp16.h -- __half and __half2 as storage types with CUDA's conversions (warptex)
 * SPDX-License-Identifier: MIT
 *
 * IEEE binary16 held in 16 bits.  Conversions are exact as CUDA's:
 * float -> half rounds to nearest even (__float2half, __float2half_rn, the
 * constructor), or toward zero (__float2half_rz); half -> float is exact.
 * Arithmetic converts to float (as CUDA's host-side operators do). */
#ifndef WARPTEX_CUDA_FP16_H
#define WARPTEX_CUDA_FP16_H
#define __CUDA_FP16_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <stdint.h>
#include <string.h>

#include "host_defines.h"

namespace wt_cuda_detail {
/* round: 0 nearest even, 1 toward zero */
static inline unsigned short f32_to_f16_bits(float f, int round)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    const unsigned short sign = (unsigned short)((u >> 16) & 0x8000u);
    const uint32_t abs = u & 0x7fffffffu;
    if (abs > 0x7f800000u) /* NaN: the GPU's canonical half NaN, whatever the sign and payload */
        return 0x7fffu;
    if (abs == 0x7f800000u)
        return (unsigned short)(sign | 0x7c00u);
    const int exp = (int)(abs >> 23) - 127;
    uint32_t mant = abs & 0x7fffffu;
    if (exp > 15) /* overflow: inf (nearest) or the largest finite (toward zero) */
        return (unsigned short)(sign | (round ? 0x7bffu : 0x7c00u));
    uint32_t shift, base;
    if (exp >= -14) { /* normal half */
        shift = 13;
        base = ((uint32_t)(exp + 15) << 10);
    } else { /* subnormal half or zero */
        if (exp < -25)
            return sign; /* below half the smallest subnormal: 0 either way */
        mant |= 0x800000u;
        shift = (uint32_t)(-exp - 14 + 13);
        base = 0;
    }
    uint32_t q = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1u), half = 1u << (shift - 1u);
    if (!round && (rem > half || (rem == half && (q & 1u))))
        q++; /* a carry into the exponent is the right result (up to inf) */
    return (unsigned short)(sign | (base + q));
}
static inline float f16_bits_to_f32(unsigned short h)
{
    const uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu, u;
    if (exp == 0x1f)
        u = sign | 0x7f800000u | (mant << 13);
    else if (exp != 0)
        u = sign | ((exp + 112u) << 23) | (mant << 13);
    else if (mant == 0)
        u = sign;
    else { /* subnormal: normalise */
        exp = 113;
        while (!(mant & 0x400u)) {
            mant <<= 1;
            exp--;
        }
        u = sign | (exp << 23) | ((mant & 0x3ffu) << 13);
    }
    float f;
    memcpy(&f, &u, 4);
    return f;
}
} // namespace wt_cuda_detail

struct __half_raw { unsigned short x; };
struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __half(__half_raw r) : __x(r.x) {}
    __half(float f) : __x(wt_cuda_detail::f32_to_f16_bits(f, 0)) {}
    __half(double d) : __x(wt_cuda_detail::f32_to_f16_bits((float)d, 0)) {}
    operator float() const { return wt_cuda_detail::f16_bits_to_f32(__x); }
    operator __half_raw() const { return __half_raw{__x}; }
};
struct __align__(4) __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;

static inline __half __ushort_as_half(unsigned short u) { return __half(__half_raw{u}); }
static inline unsigned short __half_as_ushort(__half h) { return h.__x; }
static inline short __half_as_short(__half h) { return (short)h.__x; }
static inline __half __short_as_half(short s) { return __ushort_as_half((unsigned short)s); }
static inline __half __float2half(float f) { return __half(f); }
static inline __half __float2half_rn(float f) { return __half(f); }
static inline __half __float2half_rz(float f) { return __ushort_as_half(wt_cuda_detail::f32_to_f16_bits(f, 1)); }
static inline float __half2float(__half h) { return (float)h; }
static inline float __low2float(__half2 h) { return (float)h.x; }
static inline float __high2float(__half2 h) { return (float)h.y; }
static inline __half2 __floats2half2_rn(float a, float b) { return __half2{__half(a), __half(b)}; }
static inline __half2 __float2half2_rn(float a) { return __half2{__half(a), __half(a)}; }
static inline __half2 __halves2half2(__half a, __half b) { return __half2{a, b}; }

#endif
