/* device_functions.h -- __syncthreads, fences, __trap and CUDA's device math intrinsics (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Exactness: the correctly rounded operations are exact as on the GPU
 * (__fadd_rn ... __fsqrt_rn, __fmaf_rn, the conversions, __saturatef, the bit
 * casts, the integer intrinsics), given -ffp-contract=off (warptex-cxx sets
 * it; nvcc contracts a*b+c into one FMA unless -fmad=false).  The
 * approximate GPU instructions (__fdividef, rsqrtf, __expf, __sinf, ...)
 * compute the correctly rounded or libm value instead: close to the GPU's,
 * not bit-equal.  Thread-safety: any thread. */
#ifndef WARPTEX_CUDA_DEVICE_FUNCTIONS_H
#define WARPTEX_CUDA_DEVICE_FUNCTIONS_H
#define __DEVICE_FUNCTIONS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "host_defines.h"
#include "vector_types.h"
#include "device_launch_parameters.h"

extern "C" {
/* Barriers of the running block (src/cuda/launch.cpp).  __syncthreads: every
 * live thread of the block arrives before any leaves (threads that have
 * returned count as arrived, as on sm_70+).  __syncwarp: the same for the
 * live threads of the caller's warp named in mask.  A barrier no thread can
 * pass (some threads wait at __syncthreads, others at __syncwarp) fails the
 * launch.  Outside a kernel they return at once. */
void wt_cuda_syncthreads(void);
/* __syncthreads_count/_and/_or: a __syncthreads that also reduces each
 * live thread's predicate: op 0 counts the non-zero ones, 1 is 1 when all
 * are, 2 when any is. */
int wt_cuda_syncthreads_reduce(int predicate, int op);
void wt_cuda_syncwarp(unsigned mask);
/* __trap(): ends the calling CUDA thread and fails the launch with
 * cudaErrorLaunchFailure (sticky).  Outside a kernel it makes the sticky
 * error at once and returns. */
void wt_cuda_trap(void);

/* Warp exchanges (src/cuda/launch.cpp): a __syncwarp(mask) that also moves
 * values.  wt_cuda_warp_shfl returns lane src's v (its own v for src -1, a
 * lane outside mask or one that has returned); wt_cuda_warp_vote returns the
 * ballot (op 0), all (1) or any (2) of the live lanes of mask.
 * wt_cuda_active_mask: the lanes of the caller's warp that exist (threads run
 * one after another on a CPU, so divergence is not tracked). */
unsigned long long wt_cuda_warp_shfl(unsigned mask, unsigned long long v, int src);
unsigned wt_cuda_warp_vote(unsigned mask, int predicate, int op);
unsigned wt_cuda_active_mask(void);
}

/* __shfl*_sync on 4- and 8-byte values; width a power of two up to 32 splits
 * the warp into sections, as CUDA's. */
namespace wt_cuda_detail {
template <class T> static inline T shfl(unsigned mask, T var, int src)
{
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "__shfl_sync moves 4- or 8-byte values");
    unsigned long long bits = 0;
    memcpy(&bits, &var, sizeof(T));
    bits = wt_cuda_warp_shfl(mask, bits, src);
    memcpy(&var, &bits, sizeof(T));
    return var;
}
/* the caller's lane: its linear thread index in the block, modulo 32 */
static inline int lane_id(void)
{
    const uint3 t = wt_cuda_tls.thread_idx, d = wt_cuda_tls.block_dim;
    return (int)((t.x + d.x * (t.y + d.y * t.z)) & 31u);
}
} // namespace wt_cuda_detail
template <class T> static inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32)
{
    const int lane = wt_cuda_detail::lane_id();
    return wt_cuda_detail::shfl(mask, var, (lane & ~(width - 1)) + (srcLane & (width - 1)));
}
template <class T> static inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32)
{
    const int lane = wt_cuda_detail::lane_id();
    return wt_cuda_detail::shfl(mask, var, (lane & (width - 1)) >= (int)delta ? lane - (int)delta : -1);
}
template <class T> static inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32)
{
    const int lane = wt_cuda_detail::lane_id();
    return wt_cuda_detail::shfl(mask, var, (lane & (width - 1)) + (int)delta < width ? lane + (int)delta : -1);
}
template <class T> static inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32)
{
    const int lane = wt_cuda_detail::lane_id(), src = lane ^ laneMask;
    return wt_cuda_detail::shfl(mask, var, (src & ~(width - 1)) == (lane & ~(width - 1)) ? src : -1);
}
static inline unsigned __ballot_sync(unsigned mask, int predicate) { return wt_cuda_warp_vote(mask, predicate, 0); }
static inline int __all_sync(unsigned mask, int predicate) { return (int)wt_cuda_warp_vote(mask, predicate, 1); }
static inline int __any_sync(unsigned mask, int predicate) { return (int)wt_cuda_warp_vote(mask, predicate, 2); }
static inline unsigned __activemask(void) { return wt_cuda_active_mask(); }

static inline void __syncthreads(void) { wt_cuda_syncthreads(); }
static inline int __syncthreads_count(int p) { return wt_cuda_syncthreads_reduce(p, 0); }
static inline int __syncthreads_and(int p) { return wt_cuda_syncthreads_reduce(p, 1); }
static inline int __syncthreads_or(int p) { return wt_cuda_syncthreads_reduce(p, 2); }
static inline void __syncwarp(unsigned mask = 0xffffffffu) { wt_cuda_syncwarp(mask); }
static inline void __trap(void) { wt_cuda_trap(); }
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* __ldg: a load through the read-only data cache, an ordinary load here */
template <class T> static inline T __ldg(const T *p) { return *p; }

/* ---- bit casts ---- */
static inline int __float_as_int(float f) { int i; memcpy(&i, &f, 4); return i; }
static inline unsigned int __float_as_uint(float f) { unsigned int i; memcpy(&i, &f, 4); return i; }
static inline float __int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
static inline float __uint_as_float(unsigned int i) { float f; memcpy(&f, &i, 4); return f; }
static inline long long __double_as_longlong(double d) { long long i; memcpy(&i, &d, 8); return i; }
static inline double __longlong_as_double(long long i) { double d; memcpy(&d, &i, 8); return d; }

/* ---- correctly rounded float arithmetic (exact as the GPU's .rn forms) ---- */
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fdiv_rn(float a, float b) { return a / b; }
static inline float __frcp_rn(float a) { return 1.0f / a; }
static inline float __fsqrt_rn(float a) { return sqrtf(a); }
static inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
/* cvt.sat.f32.f32: clamp to [0, 1], NaN -> 0 */
static inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* ---- approximate GPU instructions: close, not bit-equal (header comment) ---- */
static inline float __fdividef(float a, float b) { return a / b; }
template <int = 0> static inline float rsqrtf(float a) { return 1.0f / sqrtf(a); }
static inline double rsqrt(double a) { return 1.0 / sqrt(a); }
/* The fast intrinsics compute the libm value.  glibc's math.h declares __expf, __sinf, ... (its
 * internal names of expf, sinf, ...) with C linkage but libm does not export them, so there they
 * are defined here as inline functions of those declarations; elsewhere as static functions. */
#ifdef __GLIBC__
#define WT__FAST_MATH(decl) extern "C" inline decl noexcept
#else
#define WT__FAST_MATH(decl) static inline decl
#endif
WT__FAST_MATH(float __expf(float a)) { return expf(a); }
WT__FAST_MATH(float __exp10f(float a)) { return powf(10.0f, a); }
WT__FAST_MATH(float __logf(float a)) { return logf(a); }
WT__FAST_MATH(float __log2f(float a)) { return log2f(a); }
WT__FAST_MATH(float __log10f(float a)) { return log10f(a); }
WT__FAST_MATH(float __sinf(float a)) { return sinf(a); }
WT__FAST_MATH(float __cosf(float a)) { return cosf(a); }
WT__FAST_MATH(float __tanf(float a)) { return tanf(a); }
WT__FAST_MATH(float __powf(float a, float b)) { return powf(a, b); }
WT__FAST_MATH(void __sincosf(float a, float *s, float *c)) { *s = sinf(a); *c = cosf(a); }
#undef WT__FAST_MATH
#ifndef __GLIBC__
static inline float exp10f(float a) { return powf(10.0f, a); }
#endif

/* ---- float -> integer conversions as cvt.{rni,rzi,rmi,rpi}.s32/u32.f32:
 * NaN -> 0, out of range saturates ---- */
namespace wt_cuda_detail {
static inline int f2i_sat(float r)
{
    if (r != r) return 0;
    if (r >= 2147483648.0f) return 2147483647;
    if (r < -2147483648.0f) return (-2147483647 - 1);
    return (int)r;
}
static inline unsigned f2u_sat(float r)
{
    if (r != r || r <= 0.0f) return 0u;
    if (r >= 4294967296.0f) return 4294967295u;
    return (unsigned)r;
}
static inline long long f2ll_sat(double r) /* NaN -> INT64_MIN, as the GPU's cvt.s64.f32 */
{
    if (r != r) return (-9223372036854775807LL - 1);
    if (r >= 9223372036854775808.0) return 9223372036854775807LL;
    if (r < -9223372036854775808.0) return (-9223372036854775807LL - 1);
    return (long long)r;
}
} // namespace wt_cuda_detail
static inline int __float2int_rn(float x) { return wt_cuda_detail::f2i_sat(nearbyintf(x)); }
static inline int __float2int_rz(float x) { return wt_cuda_detail::f2i_sat(truncf(x)); }
static inline int __float2int_rd(float x) { return wt_cuda_detail::f2i_sat(floorf(x)); }
static inline int __float2int_ru(float x) { return wt_cuda_detail::f2i_sat(ceilf(x)); }
static inline unsigned int __float2uint_rn(float x) { return wt_cuda_detail::f2u_sat(nearbyintf(x)); }
static inline unsigned int __float2uint_rz(float x) { return wt_cuda_detail::f2u_sat(truncf(x)); }
static inline unsigned int __float2uint_rd(float x) { return wt_cuda_detail::f2u_sat(floorf(x)); }
static inline unsigned int __float2uint_ru(float x) { return wt_cuda_detail::f2u_sat(ceilf(x)); }
static inline long long __float2ll_rn(float x) { return wt_cuda_detail::f2ll_sat(nearbyint((double)x)); }
static inline long long __float2ll_rz(float x) { return wt_cuda_detail::f2ll_sat(trunc((double)x)); }
/* double -> int: NaN -> INT_MIN, as the GPU's cvt.s32.f64 (float -> int gives 0) */
static inline int __double2int_rn(double x) { double r = nearbyint(x); return r != r ? (-2147483647 - 1) : r >= 2147483647.0 ? 2147483647 : r <= -2147483648.0 ? (-2147483647 - 1) : (int)r; }
static inline int __double2int_rz(double x) { double r = trunc(x); return r != r ? (-2147483647 - 1) : r >= 2147483647.0 ? 2147483647 : r <= -2147483648.0 ? (-2147483647 - 1) : (int)r; }
static inline float __int2float_rn(int i) { return (float)i; }
static inline float __uint2float_rn(unsigned int i) { return (float)i; }
static inline float __double2float_rn(double d) { return (float)d; }

/* ---- integer intrinsics ---- */
static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
    const unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; i++)
        r |= (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7u))) & 0xffu) << (8 * i);
    return r;
}
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned int __umulhi(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a * b) >> 32); }
__extension__ typedef __int128 wt_cuda_i128;
__extension__ typedef unsigned __int128 wt_cuda_u128;
static inline long long __mul64hi(long long a, long long b) { return (long long)(((wt_cuda_i128)a * b) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return (unsigned long long)(((wt_cuda_u128)a * b) >> 64); }
/* the low 32 bits of the product of the sign-extended low 24 bits (shifted as unsigned and
 * multiplied in 64 bits: a signed left shift or product could overflow, which C++ leaves undefined) */
static inline int __mul24(int a, int b)
{
    return (int)(unsigned)((long long)((int)((unsigned)a << 8) >> 8) * ((int)((unsigned)b << 8) >> 8));
}
static inline unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffffu) * (b & 0xffffffu); }
static inline unsigned int __sad(int a, int b, unsigned int c) { return c + (unsigned)(a > b ? (unsigned)a - (unsigned)b : (unsigned)b - (unsigned)a); }
static inline unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) { return c + (a > b ? a - b : b - a); }

/* CUDA's min/max overloads.  Each is a template with nothing to deduce, so it
 * takes part in overload resolution as a plain function would, except that a
 * program's own non-template function of the same signature wins instead of
 * clashing (helper_math.h defines max(int, int), min(int, int) and rsqrtf
 * where __CUDACC__ is not defined, e.g. in a .cpp file). */
template <int = 0> static inline int min(int a, int b) { return a < b ? a : b; }
template <int = 0> static inline int max(int a, int b) { return a > b ? a : b; }
template <int = 0> static inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
template <int = 0> static inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
template <int = 0> static inline long long min(long long a, long long b) { return a < b ? a : b; }
template <int = 0> static inline long long max(long long a, long long b) { return a > b ? a : b; }
template <int = 0> static inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
template <int = 0> static inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
/* mixed signedness compares as unsigned, as CUDA's overloads */
template <int = 0> static inline unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
template <int = 0> static inline unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
template <int = 0> static inline unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
template <int = 0> static inline unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
template <int = 0> static inline unsigned long long min(long long a, unsigned long long b) { return min((unsigned long long)a, b); }
template <int = 0> static inline unsigned long long min(unsigned long long a, long long b) { return min(a, (unsigned long long)b); }
template <int = 0> static inline unsigned long long max(long long a, unsigned long long b) { return max((unsigned long long)a, b); }
template <int = 0> static inline unsigned long long max(unsigned long long a, long long b) { return max(a, (unsigned long long)b); }
template <int = 0> static inline double min(float a, double b) { return fmin((double)a, b); }
template <int = 0> static inline double min(double a, float b) { return fmin(a, (double)b); }
template <int = 0> static inline double max(float a, double b) { return fmax((double)a, b); }
template <int = 0> static inline double max(double a, float b) { return fmax(a, (double)b); }
template <int = 0> static inline float min(float a, float b) { return fminf(a, b); }
template <int = 0> static inline float max(float a, float b) { return fmaxf(a, b); }
template <int = 0> static inline double min(double a, double b) { return fmin(a, b); }
template <int = 0> static inline double max(double a, double b) { return fmax(a, b); }

/* clock64: nanoseconds of the monotonic clock (a CPU has no SM clock) */
static inline long long clock64(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#endif
