/* cuda_fp16.h -- __half and __half2: CUDA's conversions and half-precision arithmetic (warptex)
 * SPDX-License-Identifier: MIT
 *
 * IEEE binary16 held in 16 bits.  Conversions are exact as CUDA's:
 * float -> half rounds to nearest even (__float2half, __float2half_rn, the
 * constructor), or toward zero (__float2half_rz); double -> half rounds once, to
 * nearest even; half -> float is exact.
 *
 * The arithmetic intrinsics (__hadd, __hmul, __hfma, __h2div, their _sat and
 * .half2 forms, ...) and the __half2 operators are the GPU's f16 instructions:
 * the exact result rounded once to nearest even, a NaN result the canonical
 * 0x7fff (docs/ptx.md's rules for add/sub/mul/fma.f16, which the PTX front end
 * implements independently; tests/cuda/half_arithmetic.cu checks the two agree
 * bit for bit).  Computed in double: a sum or difference of two halves and a
 * product are exact there, a quotient rounded to double then to half is rounded
 * correctly (53 >= 2 * 11 + 2), and fma's sum is rounded to odd at 53 bits
 * first, which then rounds to 11 bits as the exact value does.  Arithmetic on
 * __half (not __half2) with C++ operators converts to float, as before. */
#ifndef WARPTEX_CUDA_FP16_H
#define WARPTEX_CUDA_FP16_H
#define __CUDA_FP16_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "host_defines.h"
#include "vector_types.h"

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

namespace wt_cuda_detail {
/* double -> half bits, rounded once to nearest even; NaN is the canonical 0x7fff */
static inline unsigned short f64_to_f16_bits(double d)
{
    if (d != d)
        return 0x7fffu;
    const unsigned short sign = signbit(d) ? 0x8000u : 0u;
    const double a = fabs(d);
    if (a >= 65520.0) /* halfway between 65504 and 2^16 rounds to even: inf */
        return (unsigned short)(sign | 0x7c00u);
    if (a < 0x1p-14) /* subnormal (or 0): multiples of 2^-24; the scaling is exact */
        return (unsigned short)(sign | (unsigned short)nearbyint(a * 0x1p24));
    int e;
    frexp(a, &e); /* a = f * 2^e, f in [0.5, 1): the half exponent is e - 1 */
    double q = nearbyint(ldexp(a, 11 - e)); /* 11 significant bits: [1024, 2048] */
    if (q == 2048.0) {
        q = 1024.0;
        e++;
    }
    if (e - 1 > 15)
        return (unsigned short)(sign | 0x7c00u);
    return (unsigned short)(sign | (unsigned short)((e - 1 + 15) << 10) | (unsigned short)(q - 1024.0));
}
/* x + y rounded to odd: the double nearest x + y toward zero with its last bit set when the sum
 * is inexact (found from the sum's exact error, Knuth's two-sum, under round to nearest) */
static inline double add_round_to_odd(double x, double y)
{
    const double s = x + y, yy = s - x, err = (x - (s - yy)) + (y - yy);
    if (err == 0.0 || s != s)
        return s;
    uint64_t u;
    memcpy(&u, &s, 8);
    if (u & 1u)
        return s; /* already odd */
    /* s is even and inexact: the odd neighbour on err's side (toward the exact sum) */
    const double t = nextafter(s, err > 0 ? INFINITY : -INFINITY);
    return t;
}
} // namespace wt_cuda_detail

struct __half_raw { unsigned short x; };
struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __half(__half_raw r) : __x(r.x) {}
    __half(float f) : __x(wt_cuda_detail::f32_to_f16_bits(f, 0)) {}
    __half(double d) : __x(wt_cuda_detail::f64_to_f16_bits(d)) {}
    operator float() const { return wt_cuda_detail::f16_bits_to_f32(__x); }
    operator __half_raw() const { return __half_raw{__x}; }
};
struct __half2_raw { unsigned short x, y; };
struct __align__(4) __half2 {
    __half x, y;
    __half2() = default;
    __half2(const __half &a, const __half &b) : x(a), y(b) {} /* half2 v(0.f, 0.f) converts each */
    __half2(__half2_raw r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
    operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
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
static inline __half __double2half(double d) { return __half(d); }
static inline __half2 __half2half2(__half a) { return __half2{a, a}; }
static inline __half __low2half(__half2 h) { return h.x; }
static inline __half __high2half(__half2 h) { return h.y; }
static inline __half2 __low2half2(__half2 h) { return __half2{h.x, h.x}; }
static inline __half2 __high2half2(__half2 h) { return __half2{h.y, h.y}; }
static inline __half2 __lowhigh2highlow(__half2 h) { return __half2{h.y, h.x}; }
static inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2{a.x, b.x}; }
static inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2{a.y, b.y}; }
static inline __half2 __float22half2_rn(float2 f) { return __half2{__half(f.x), __half(f.y)}; }
static inline float2 __half22float2(__half2 h) { return float2{(float)h.x, (float)h.y}; }

namespace wt_cuda_detail {
static inline double hd(__half h) { return (double)(float)h; } /* exact */
static inline __half hr(double d) { return __ushort_as_half(f64_to_f16_bits(d)); }
/* .sat: the rounded result clamped to [0, 1], NaN to +0 (-0 is in [0, 1] and stays, as in the
 * PTX front end's .sat) */
static inline __half hsat(__half h)
{
    const float f = (float)h;
    return f != f || f < 0.0f ? __ushort_as_half(0) : f > 1.0f ? __ushort_as_half(0x3c00u) : h;
}
static inline bool hnan(__half h) { return (h.__x & 0x7fffu) > 0x7c00u; }
/* min/max: a NaN operand gives the other, two NaNs the canonical NaN; -0 is below +0 */
static inline __half hminmax(__half a, __half b, bool want_max)
{
    if (hnan(a))
        return hnan(b) ? __ushort_as_half(0x7fffu) : b;
    if (hnan(b))
        return a;
    const float x = (float)a, y = (float)b;
    if (x == y) /* +0 and -0: max is +0, min is -0 */
        return ((a.__x & 0x8000u) != 0) == want_max ? b : a;
    return (x > y) == want_max ? a : b;
}
} // namespace wt_cuda_detail

static inline __half __hadd(__half a, __half b) { return wt_cuda_detail::hr(wt_cuda_detail::hd(a) + wt_cuda_detail::hd(b)); }
static inline __half __hsub(__half a, __half b) { return wt_cuda_detail::hr(wt_cuda_detail::hd(a) - wt_cuda_detail::hd(b)); }
static inline __half __hmul(__half a, __half b) { return wt_cuda_detail::hr(wt_cuda_detail::hd(a) * wt_cuda_detail::hd(b)); }
static inline __half __hdiv(__half a, __half b) { return wt_cuda_detail::hr(wt_cuda_detail::hd(a) / wt_cuda_detail::hd(b)); }
static inline __half __hfma(__half a, __half b, __half c)
{
    return wt_cuda_detail::hr(
        wt_cuda_detail::add_round_to_odd(wt_cuda_detail::hd(a) * wt_cuda_detail::hd(b), wt_cuda_detail::hd(c)));
}
static inline __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
static inline __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
static inline __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
static inline __half __hadd_sat(__half a, __half b) { return wt_cuda_detail::hsat(__hadd(a, b)); }
static inline __half __hsub_sat(__half a, __half b) { return wt_cuda_detail::hsat(__hsub(a, b)); }
static inline __half __hmul_sat(__half a, __half b) { return wt_cuda_detail::hsat(__hmul(a, b)); }
static inline __half __hfma_sat(__half a, __half b, __half c) { return wt_cuda_detail::hsat(__hfma(a, b, c)); }
static inline __half __hneg(__half a) { return __ushort_as_half((unsigned short)(a.__x ^ 0x8000u)); }
static inline __half __habs(__half a) { return __ushort_as_half((unsigned short)(a.__x & 0x7fffu)); }
static inline __half __hmax(__half a, __half b) { return wt_cuda_detail::hminmax(a, b, true); }
static inline __half __hmin(__half a, __half b) { return wt_cuda_detail::hminmax(a, b, false); }
static inline bool __hisnan(__half a) { return wt_cuda_detail::hnan(a); }
static inline int __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u ? ((a.__x & 0x8000u) ? -1 : 1) : 0; }
/* comparisons: ordered (false with a NaN), __hne too, as CUDA's; the _u forms are unordered */
static inline bool __heq(__half a, __half b) { return (float)a == (float)b; }
static inline bool __hne(__half a, __half b) { return !__hisnan(a) && !__hisnan(b) && (float)a != (float)b; }
static inline bool __hlt(__half a, __half b) { return (float)a < (float)b; }
static inline bool __hle(__half a, __half b) { return (float)a <= (float)b; }
static inline bool __hgt(__half a, __half b) { return (float)a > (float)b; }
static inline bool __hge(__half a, __half b) { return (float)a >= (float)b; }
static inline bool __hequ(__half a, __half b) { return !((float)a != (float)b) || __hisnan(a) || __hisnan(b); }
static inline bool __hneu(__half a, __half b) { return (float)a != (float)b; }

/* the __half2 forms: each half on its own */
#define WT__H2_BINARY(name2, name)                                                                     \
    static inline __half2 name2(__half2 a, __half2 b) { return __half2{name(a.x, b.x), name(a.y, b.y)}; }
WT__H2_BINARY(__hadd2, __hadd)
WT__H2_BINARY(__hsub2, __hsub)
WT__H2_BINARY(__hmul2, __hmul)
WT__H2_BINARY(__h2div, __hdiv)
WT__H2_BINARY(__hadd2_rn, __hadd)
WT__H2_BINARY(__hsub2_rn, __hsub)
WT__H2_BINARY(__hmul2_rn, __hmul)
WT__H2_BINARY(__hadd2_sat, __hadd_sat)
WT__H2_BINARY(__hsub2_sat, __hsub_sat)
WT__H2_BINARY(__hmul2_sat, __hmul_sat)
WT__H2_BINARY(__hmax2, __hmax)
WT__H2_BINARY(__hmin2, __hmin)
#undef WT__H2_BINARY
static inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
static inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c)
{
    return __half2{__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)};
}
static inline __half2 __hneg2(__half2 a) { return __half2{__hneg(a.x), __hneg(a.y)}; }
static inline __half2 __habs2(__half2 a) { return __half2{__habs(a.x), __habs(a.y)}; }
static inline bool __hbeq2(__half2 a, __half2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }
static inline bool __hbne2(__half2 a, __half2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }

/* __half2 operators, as CUDA's cuda_fp16.hpp defines them */
static inline __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
static inline __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
static inline __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
static inline __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
static inline __half2 operator-(__half2 a) { return __hneg2(a); }
static inline __half2 &operator+=(__half2 &a, __half2 b) { return a = __hadd2(a, b); }
static inline __half2 &operator-=(__half2 &a, __half2 b) { return a = __hsub2(a, b); }
static inline __half2 &operator*=(__half2 &a, __half2 b) { return a = __hmul2(a, b); }
static inline __half2 &operator/=(__half2 &a, __half2 b) { return a = __h2div(a, b); }
static inline bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }
static inline bool operator!=(__half2 a, __half2 b) { return !__hbeq2(a, b); }

#endif
