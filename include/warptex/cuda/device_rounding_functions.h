/* device_rounding_functions.h -- CUDA's arithmetic and conversions in a named rounding mode (__fadd_rd,
 * __fmul_ru, __fsqrt_rz, __dadd_rd, __int2float_ru, __ll2double_rz, __float2ll_rd, ...), exact as the GPU's (warptex)
 * SPDX-License-Identifier: MIT
 *
 * _rn rounds to nearest even, _rz toward zero, _rd down, _ru up.  The IEEE
 * operation is done by the CPU in that rounding mode (fesetround around it;
 * the operands pass through volatile objects so that the compiler can
 * neither fold the operation nor move it out of the mode), which gives the
 * correctly rounded result the GPU's .rz/.rm/.rp instructions give, with
 * denormals kept (the GPU's non-.ftz forms).  Float to integer: NaN as the GPU (below)
 * and values out of range saturate (PTX's cvt.rni/rzi/rmi/rpi).  Thread-safety:
 * any thread (the rounding mode is per thread and restored). */
#ifndef WARPTEX_CUDA_DEVICE_ROUNDING_FUNCTIONS_H
#define WARPTEX_CUDA_DEVICE_ROUNDING_FUNCTIONS_H

#include <fenv.h>
#include <math.h>

namespace wt_cuda_detail {
/* f(x, y, z) computed in rounding mode `mode`.  Not inlined: the compiler
 * assumes the default mode and may schedule the caller's own arithmetic
 * anywhere, also between the two fesetround calls; a call keeps it out. */
template <class R, class T, class F> __attribute__((noinline)) static R in_mode(int mode, T x, T y, T z, F f)
{
    volatile T vx = x, vy = y, vz = z;
    const int saved = fegetround();
    fesetround(mode);
    volatile R r = f(vx, vy, vz);
    fesetround(saved);
    return r;
}
} // namespace wt_cuda_detail

/* NAME_rz/_rd/_ru of an operation on T (NAME_rn: below, the default mode's plain operation) */
#define WT__ROUNDED2(NAME, T, EXPR)                                                                        \
    static inline T NAME##_rz(T a, T b) { return wt_cuda_detail::in_mode<T>(FE_TOWARDZERO, a, b, (T)0, [](T x, T y, T) { return EXPR; }); } \
    static inline T NAME##_rd(T a, T b) { return wt_cuda_detail::in_mode<T>(FE_DOWNWARD, a, b, (T)0, [](T x, T y, T) { return EXPR; }); } \
    static inline T NAME##_ru(T a, T b) { return wt_cuda_detail::in_mode<T>(FE_UPWARD, a, b, (T)0, [](T x, T y, T) { return EXPR; }); }
#define WT__ROUNDED1(NAME, T, EXPR)                                                                        \
    static inline T NAME##_rz(T a) { return wt_cuda_detail::in_mode<T>(FE_TOWARDZERO, a, (T)0, (T)0, [](T x, T, T) { return EXPR; }); } \
    static inline T NAME##_rd(T a) { return wt_cuda_detail::in_mode<T>(FE_DOWNWARD, a, (T)0, (T)0, [](T x, T, T) { return EXPR; }); } \
    static inline T NAME##_ru(T a) { return wt_cuda_detail::in_mode<T>(FE_UPWARD, a, (T)0, (T)0, [](T x, T, T) { return EXPR; }); }
#define WT__ROUNDED3(NAME, T, EXPR)                                                                        \
    static inline T NAME##_rz(T a, T b, T c) { return wt_cuda_detail::in_mode<T>(FE_TOWARDZERO, a, b, c, [](T x, T y, T z) { return EXPR; }); } \
    static inline T NAME##_rd(T a, T b, T c) { return wt_cuda_detail::in_mode<T>(FE_DOWNWARD, a, b, c, [](T x, T y, T z) { return EXPR; }); } \
    static inline T NAME##_ru(T a, T b, T c) { return wt_cuda_detail::in_mode<T>(FE_UPWARD, a, b, c, [](T x, T y, T z) { return EXPR; }); }
/* a conversion from S to D, NAME_rz/_rd/_ru */
#define WT__CONVERT(NAME, S, D)                                                                            \
    static inline D NAME##_rz(S a) { return wt_cuda_detail::in_mode<D>(FE_TOWARDZERO, a, (S)0, (S)0, [](S x, S, S) { return (D)x; }); } \
    static inline D NAME##_rd(S a) { return wt_cuda_detail::in_mode<D>(FE_DOWNWARD, a, (S)0, (S)0, [](S x, S, S) { return (D)x; }); } \
    static inline D NAME##_ru(S a) { return wt_cuda_detail::in_mode<D>(FE_UPWARD, a, (S)0, (S)0, [](S x, S, S) { return (D)x; }); }

/* round to nearest even: the default mode's own operations */
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fdiv_rn(float a, float b) { return a / b; }
static inline float __frcp_rn(float a) { return 1.0f / a; }
static inline float __fsqrt_rn(float a) { return sqrtf(a); }
static inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
static inline float __fmaf_ieee_rn(float a, float b, float c) { return fmaf(a, b, c); }
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dsub_rn(double a, double b) { return a - b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline double __ddiv_rn(double a, double b) { return a / b; }
static inline double __drcp_rn(double a) { return 1.0 / a; }
static inline double __dsqrt_rn(double a) { return sqrt(a); }
static inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
static inline float __int2float_rn(int i) { return (float)i; }
static inline float __uint2float_rn(unsigned int i) { return (float)i; }
static inline float __ll2float_rn(long long i) { return (float)i; }
static inline float __ull2float_rn(unsigned long long i) { return (float)i; }
static inline double __ll2double_rn(long long i) { return (double)i; }
static inline double __ull2double_rn(unsigned long long i) { return (double)i; }
static inline float __double2float_rn(double d) { return (float)d; }
/* 1 / sqrt(a), correctly rounded.  The double quotient rounds to the nearest float r except
 * where 1/sqrt(a) lies within 2^-29 of a midpoint between r and a neighbour; so r is checked
 * against both midpoints m exactly: 1/sqrt(a) > m exactly when m^2 * a < 1, and m^2 (50 bits)
 * is exact in double, m^2 * a - 1 has its exact sign through one fma. */
static inline float __frsqrt_rn(float a)
{
    if (!(a > 0.0f) || a == INFINITY) /* NaN, negative, +-0, +inf: the IEEE values */
        return 1.0f / sqrtf(a);
    const float r = (float)(1.0 / sqrt((double)a));
    const float lo = nextafterf(r, 0.0f), hi = nextafterf(r, INFINITY);
    const double m_lo = ((double)lo + r) / 2, m_hi = ((double)hi + r) / 2;
    if (fma(m_hi * m_hi, (double)a, -1.0) < 0.0)
        return hi;
    if (fma(m_lo * m_lo, (double)a, -1.0) > 0.0)
        return lo;
    return r;
}

WT__ROUNDED2(__fadd, float, x + y)
WT__ROUNDED2(__fsub, float, x - y)
WT__ROUNDED2(__fmul, float, x * y)
WT__ROUNDED2(__fdiv, float, x / y)
WT__ROUNDED1(__frcp, float, 1.0f / x)
WT__ROUNDED1(__fsqrt, float, sqrtf(x))
WT__ROUNDED3(__fmaf, float, fmaf(x, y, z))
WT__ROUNDED3(__fmaf_ieee, float, fmaf(x, y, z))
WT__ROUNDED2(__dadd, double, x + y)
WT__ROUNDED2(__dsub, double, x - y)
WT__ROUNDED2(__dmul, double, x * y)
WT__ROUNDED2(__ddiv, double, x / y)
WT__ROUNDED1(__drcp, double, 1.0 / x)
WT__ROUNDED1(__dsqrt, double, sqrt(x))
WT__ROUNDED3(__fma, double, fma(x, y, z))

WT__CONVERT(__int2float, int, float)
WT__CONVERT(__uint2float, unsigned int, float)
WT__CONVERT(__ll2float, long long, float)
WT__CONVERT(__ull2float, unsigned long long, float)
WT__CONVERT(__ll2double, long long, double)
WT__CONVERT(__ull2double, unsigned long long, double)
WT__CONVERT(__double2float, double, float)
/* exact in any mode: only _rn exists */
static inline double __int2double_rn(int i) { return (double)i; }
static inline double __uint2double_rn(unsigned int i) { return (double)i; }

/* float / double to integers: rounded to an integral value as the suffix says, saturated.  NaN gives
 * what an H200 gives (tests/crosscheck): 0 from float to int, INT_MIN from double to int, INT64_MIN
 * from either to long long; 0 to the unsigned types (not measured; PTX's cvt says 0). */
namespace wt_cuda_detail {
static inline int d2i(double r, int nan) { return r != r ? nan : r >= 2147483648.0 ? 2147483647 : r < -2147483648.0 ? (-2147483647 - 1) : (int)r; }
static inline int f2i(double r) { return d2i(r, 0); }
static inline int dd2i(double r) { return d2i(r, -2147483647 - 1); }
static inline unsigned d2u(double r) { return r != r || r <= 0.0 ? 0u : r >= 4294967296.0 ? 4294967295u : (unsigned)r; }
static inline long long d2ll(double r) { return r != r ? (-9223372036854775807LL - 1) : r >= 9223372036854775808.0 ? 9223372036854775807LL : r < -9223372036854775808.0 ? (-9223372036854775807LL - 1) : (long long)r; }
static inline unsigned long long d2ull(double r) { return r != r || r <= 0.0 ? 0ULL : r >= 18446744073709551616.0 ? ~0ULL : (unsigned long long)r; }
} // namespace wt_cuda_detail
#define WT__TO_INT(NAME, S, D, SAT)                                                                        \
    static inline D NAME##_rn(S x) { return wt_cuda_detail::SAT(nearbyint((double)x)); }                  \
    static inline D NAME##_rz(S x) { return wt_cuda_detail::SAT(trunc((double)x)); }                      \
    static inline D NAME##_rd(S x) { return wt_cuda_detail::SAT(floor((double)x)); }                      \
    static inline D NAME##_ru(S x) { return wt_cuda_detail::SAT(ceil((double)x)); }
WT__TO_INT(__float2int, float, int, f2i)
WT__TO_INT(__float2uint, float, unsigned int, d2u)
WT__TO_INT(__float2ll, float, long long, d2ll)
WT__TO_INT(__float2ull, float, unsigned long long, d2ull)
WT__TO_INT(__double2int, double, int, dd2i)
WT__TO_INT(__double2uint, double, unsigned int, d2u)
WT__TO_INT(__double2ll, double, long long, d2ll)
WT__TO_INT(__double2ull, double, unsigned long long, d2ull)

#undef WT__ROUNDED1
#undef WT__ROUNDED2
#undef WT__ROUNDED3
#undef WT__CONVERT
#undef WT__TO_INT

#endif
