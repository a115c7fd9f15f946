/* device_functions.h -- __syncthreads, fences, __trap and CUDA's device math intrinsics (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Exactness: the correctly rounded operations are exact as on the GPU
 * (the rounding-mode functions of device_rounding_functions.h, __saturatef,
 * the bit casts, the integer intrinsics, the SIMD-in-word ones of
 * device_simd_functions.h), given -ffp-contract=off (warptex-cxx sets it;
 * nvcc contracts a*b+c into one FMA unless -fmad=false).  The approximate GPU
 * instructions (__fdividef, rsqrtf, __expf, __sinf, ...) are within CUDA's
 * documented error, not bit-equal (below).  Thread-safety: any thread. */
#ifndef WARPTEX_CUDA_DEVICE_FUNCTIONS_H
#define WARPTEX_CUDA_DEVICE_FUNCTIONS_H
#define __DEVICE_FUNCTIONS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <ctime> /* before the clock() macro below: libstdc++'s <ctime> #undefs clock, so it must not come after */

#include "host_defines.h"
#include "vector_types.h"
#include "device_launch_parameters.h"
#include "device_rounding_functions.h"
#include "device_simd_functions.h"

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
/* the barrier of the caller's tile of size threads (cooperative_groups.h's
 * tiles of more than 32): threads size * k ... size * (k + 1) - 1 of the
 * block, those that have returned counting as arrived */
void wt_cuda_sync_tile(unsigned size);
/* __trap(): ends the calling CUDA thread and fails the launch with
 * cudaErrorLaunchFailure (sticky).  Outside a kernel it makes the sticky
 * error at once and returns. */
void wt_cuda_trap(void);
/* assert() in a kernel (below): prints the failed assertion with its block
 * and thread, as CUDA does, ends the calling CUDA thread and fails the launch
 * with cudaErrorAssert (sticky).  Outside a kernel it is the C library's
 * failed assertion (message, abort). */
[[noreturn]] void wt_cuda_assert_fail(const char *assertion, const char *file, unsigned int line,
                                      const char *function);

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

/* assert(): glibc's assert macro calls __assert_fail, which ends the process.
 * Its declaration is made here once, under its own name (with NDEBUG set
 * for a moment aside: without it <assert.h> declares nothing, and a later
 * include after #undef NDEBUG would then declare the renamed function);
 * from here on every expansion of assert calls wt_cuda_assert_fail
 * instead, whichever file includes <assert.h> or <cassert> after this one. */
#pragma push_macro("NDEBUG")
#undef NDEBUG
#include <assert.h>
#pragma pop_macro("NDEBUG")
#include <assert.h> /* assert as NDEBUG says */
#if defined(__GLIBC__) && defined(_ASSERT_H_DECLS)
#define __assert_fail wt_cuda_assert_fail
#endif

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

/* cvt.sat.f32.f32: clamp to [0, 1], NaN -> 0 */
static inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* ---- the fast, approximate GPU instructions (MUFU) ----
 * warptex computes the C library's value, which is within the error CUDA
 * documents for each (the GPU's own is less accurate; results are close to
 * it, not bit-equal), with the GPU's formula where that decides a special
 * case: __fdividef(x, y) is 0 for 2^126 < |y| < 2^128 (NaN if x is infinite). */
static inline float __fdividef(float a, float b)
{
    const float m = fabsf(b);
    if (m > 0x1p126f && m < INFINITY) /* the reciprocal flushes to 0 on the GPU */
        return a * 0.0f;
    return a / b;
}
template <int = 0> static inline float rsqrtf(float a) { return 1.0f / sqrtf(a); }
static inline double rsqrt(double a) { return 1.0 / sqrt(a); }
/* The fast intrinsics compute the libm value; __powf follows the GPU's formula exp2(y * log2(x)) (a
 * negative x gives NaN, as on the GPU) and __tanf is __sinf / __cosf.  glibc's math.h declares
 * __expf, __sinf, ... (its internal names of expf, sinf, ...) with C linkage but libm does not export
 * them, so there they are defined here as inline functions of those declarations; elsewhere as
 * static functions. */
#ifdef __GLIBC__
#define WT__FAST_MATH(decl) extern "C" inline decl noexcept
#else
#define WT__FAST_MATH(decl) static inline decl
#endif
WT__FAST_MATH(float __expf(float a)) { return expf(a); }
WT__FAST_MATH(float __exp10f(float a)) { return (float)pow(10.0, (double)a); }
WT__FAST_MATH(float __logf(float a)) { return logf(a); }
WT__FAST_MATH(float __log2f(float a)) { return log2f(a); }
WT__FAST_MATH(float __log10f(float a)) { return log10f(a); }
WT__FAST_MATH(float __sinf(float a)) { return sinf(a); }
WT__FAST_MATH(float __cosf(float a)) { return cosf(a); }
WT__FAST_MATH(float __tanf(float a)) { return sinf(a) / cosf(a); }
WT__FAST_MATH(float __tanhf(float a)) { return tanhf(a); }
WT__FAST_MATH(float __powf(float a, float b)) { return exp2f(b * log2f(a)); }
WT__FAST_MATH(void __sincosf(float a, float *s, float *c)) { *s = sinf(a); *c = cosf(a); }
#undef WT__FAST_MATH
#ifndef __GLIBC__
static inline float exp10f(float a) { return powf(10.0f, a); }
#endif

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
/* the low 32 bits of the product of the low 24 bits of each, sign-extended */
static inline int __mul24(int a, int b)
{
    const long long x = (long long)(((unsigned)a & 0xffffffu) ^ 0x800000u) - 0x800000,
                    y = (long long)(((unsigned)b & 0xffffffu) ^ 0x800000u) - 0x800000;
    return (int)(unsigned)(unsigned long long)(x * y);
}
static inline unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffffu) * (b & 0xffffffu); }
static inline unsigned int __sad(int a, int b, unsigned int c) { return c + (unsigned)(a > b ? (unsigned)a - (unsigned)b : (unsigned)b - (unsigned)a); }
static inline unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) { return c + (a > b ? a - b : b - a); }
static inline unsigned long long __brevll(unsigned long long x)
{
    return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
/* funnel shifts of the 64-bit hi:lo: _l gives the high word of (hi:lo) << n, _r the low word of
 * (hi:lo) >> n; n is taken modulo 32 (_l, _r) or clamped to 32 (_lc, _rc) */
static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return (unsigned)(((((unsigned long long)hi << 32) | lo) << (shift & 31u)) >> 32);
}
static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return shift >= 32u ? lo : __funnelshift_l(lo, hi, shift);
}
static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return (unsigned)((((unsigned long long)hi << 32) | lo) >> (shift & 31u));
}
static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return shift >= 32u ? hi : __funnelshift_r(lo, hi, shift);
}
/* averages without overflow: (x + y) >> 1 and, rounded, (x + y + 1) >> 1 */
static inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int x, unsigned int y) { return (unsigned)(((unsigned long long)x + y) >> 1); }
static inline unsigned int __urhadd(unsigned int x, unsigned int y) { return (unsigned)(((unsigned long long)x + y + 1) >> 1); }
/* the halves of a double, and a double of two halves */
static inline int __double2hiint(double d) { return (int)(unsigned)((unsigned long long)__double_as_longlong(d) >> 32); }
static inline int __double2loint(double d) { return (int)(unsigned)(unsigned long long)__double_as_longlong(d); }
static inline double __hiloint2double(int hi, int lo)
{
    return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}

/* ---- warp match and reduce (sm_70, sm_80): each lane of mask reads every other's value ---- */
namespace wt_cuda_detail {
template <class T> static inline unsigned long long bits_of(T v)
{
    unsigned long long b = 0;
    memcpy(&b, &v, sizeof v);
    return b;
}
} // namespace wt_cuda_detail
/* the lanes of mask whose value has the same bits as the caller's */
template <class T> static inline unsigned int __match_any_sync(unsigned mask, T value)
{
    static_assert(sizeof(T) <= 8, "__match_any_sync compares values of up to 8 bytes");
    const unsigned long long mine = wt_cuda_detail::bits_of(value);
    unsigned r = 0;
    for (int l = 0; l < 32; l++)
        if ((mask >> l) & 1u)
            r |= wt_cuda_detail::shfl(mask, mine, l) == mine ? 1u << l : 0u;
    return r;
}
/* mask if every lane of mask has the same value (*pred = 1), else 0 (*pred = 0) */
template <class T> static inline unsigned int __match_all_sync(unsigned mask, T value, int *pred)
{
    const unsigned same = __match_any_sync(mask, value);
    *pred = same == mask;
    return same == mask ? mask : 0u;
}
namespace wt_cuda_detail {
template <class T, class F> static inline T warp_reduce(unsigned mask, T value, F op)
{
    bool first = true;
    T r = value;
    for (int l = 0; l < 32; l++)
        if ((mask >> l) & 1u) {
            const T v = shfl(mask, value, l);
            r = first ? v : op(r, v);
            first = false;
        }
    return r;
}
} // namespace wt_cuda_detail
static inline unsigned __reduce_add_sync(unsigned mask, unsigned value) { return wt_cuda_detail::warp_reduce(mask, value, [](unsigned a, unsigned b) { return a + b; }); }
static inline int __reduce_add_sync(unsigned mask, int value) { return (int)__reduce_add_sync(mask, (unsigned)value); }
static inline unsigned __reduce_min_sync(unsigned mask, unsigned value) { return wt_cuda_detail::warp_reduce(mask, value, [](unsigned a, unsigned b) { return a < b ? a : b; }); }
static inline int __reduce_min_sync(unsigned mask, int value) { return wt_cuda_detail::warp_reduce(mask, value, [](int a, int b) { return a < b ? a : b; }); }
static inline unsigned __reduce_max_sync(unsigned mask, unsigned value) { return wt_cuda_detail::warp_reduce(mask, value, [](unsigned a, unsigned b) { return a > b ? a : b; }); }
static inline int __reduce_max_sync(unsigned mask, int value) { return wt_cuda_detail::warp_reduce(mask, value, [](int a, int b) { return a > b ? a : b; }); }
static inline unsigned __reduce_and_sync(unsigned mask, unsigned value) { return wt_cuda_detail::warp_reduce(mask, value, [](unsigned a, unsigned b) { return a & b; }); }
static inline unsigned __reduce_or_sync(unsigned mask, unsigned value) { return wt_cuda_detail::warp_reduce(mask, value, [](unsigned a, unsigned b) { return a | b; }); }
static inline unsigned __reduce_xor_sync(unsigned mask, unsigned value) { return wt_cuda_detail::warp_reduce(mask, value, [](unsigned a, unsigned b) { return a ^ b; }); }

/* ---- cache hints: every load and store is an ordinary one ---- */
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldcv(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline void __stcg(T *p, T v) { *p = v; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stwb(T *p, T v) { *p = v; }
template <class T> static inline void __stwt(T *p, T v) { *p = v; }
/* __nanosleep: a hint the GPU may shorten; the thread just goes on */
static inline void __nanosleep(unsigned int) {}

/* CUDA's integer minimum/maximum functions (umin ... ullmax) and min/max
 * overloads of every integer and floating-point type.  Each is a template with
 * nothing to deduce, so it takes part in overload resolution as a plain
 * function would, except that a program's own non-template function of the
 * same signature wins instead of clashing (helper_math.h defines max(int, int),
 * min(int, int) and rsqrtf where __CUDACC__ is not defined, e.g. in a .cpp
 * file; mergeSort's host code its own umin). */
template <int = 0> static inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
template <int = 0> static inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
template <int = 0> static inline long long llmin(long long a, long long b) { return a < b ? a : b; }
template <int = 0> static inline long long llmax(long long a, long long b) { return a > b ? a : b; }
template <int = 0> static inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
template <int = 0> static inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
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
template <int = 0> static inline long min(long a, long b) { return a < b ? a : b; }
template <int = 0> static inline long max(long a, long b) { return a > b ? a : b; }
template <int = 0> static inline unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
template <int = 0> static inline unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
template <int = 0> static inline unsigned long min(long a, unsigned long b) { return min((unsigned long)a, b); }
template <int = 0> static inline unsigned long min(unsigned long a, long b) { return min(a, (unsigned long)b); }
template <int = 0> static inline unsigned long max(long a, unsigned long b) { return max((unsigned long)a, b); }
template <int = 0> static inline unsigned long max(unsigned long a, long b) { return max(a, (unsigned long)b); }
template <int = 0> static inline double min(float a, double b) { return fmin((double)a, b); }
template <int = 0> static inline double min(double a, float b) { return fmin(a, (double)b); }
template <int = 0> static inline double max(float a, double b) { return fmax((double)a, b); }
template <int = 0> static inline double max(double a, float b) { return fmax(a, (double)b); }
template <int = 0> static inline float min(float a, float b) { return fminf(a, b); }
template <int = 0> static inline float max(float a, float b) { return fmaxf(a, b); }
template <int = 0> static inline double min(double a, double b) { return fmin(a, b); }
template <int = 0> static inline double max(double a, double b) { return fmax(a, b); }

/* The device clock (src/cuda/device_clock.cpp): cycles at the rate cudaDevAttrClockRate reports
 * (the CPU's), counted from the monotonic clock, so that a kernel that waits rate * ms cycles
 * waits ms milliseconds, as on a GPU.  clock64 is its 64 bits; clock() in a kernel its low 32
 * bits, as CUDA's %clock.  clock() names the C library's function in host code too, so it is a
 * macro here: wt_cuda_clock() is the device clock inside a kernel and the C library's clock()
 * (processor time) outside one.  <ctime> is included above (it declares clock(void) and
 * #undefs clock; its include guard keeps it from coming back); std::clock() keeps working
 * through the using below. */
extern "C" long long wt_cuda_clock64(void);
extern "C" clock_t wt_cuda_clock(void);
static inline long long clock64(void) { return wt_cuda_clock64(); }
namespace std {
using ::wt_cuda_clock;
}
#define clock() wt_cuda_clock()

#endif
