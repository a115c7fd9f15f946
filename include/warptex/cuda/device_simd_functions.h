/* device_simd_functions.h -- CUDA's SIMD-in-word intrinsics (__vadd4, __vabsdiff4, __vset*, ...) and the DPX
 * functions (__vimax3_s32, __viaddmax_s16x2, __vibmax_u32, ...), exact as the GPU's (warptex)
 * SPDX-License-Identifier: MIT
 *
 * A 32-bit word holds two 16-bit halfwords (the ...2 functions, the
 * ..._s16x2/_u16x2 ones) or four bytes (the ...4 functions); each lane is
 * computed on its own, as the GPU does (PTX's video instructions):
 *   add/sub wrap, ..ss saturate to the signed range, ..us to the unsigned one;
 *   vavgu: (a + b + 1) >> 1; vavgs the same for a sum >= 0 and (a + b) >> 1 below
 *   (PTX's vavrg: half away from zero, as an H200 gives it); vhaddu: (a + b) >> 1;
 *   all without overflow;
 *   vabsdiff: |a - b| (fits the lane as unsigned); vabs and vneg wrap
 *   (-32768 stays -32768), vabsss and vnegss saturate (to 32767);
 *   vcmp*: all ones in a lane where the comparison holds, vset*: 1;
 *   vsad: the sum over the lanes of |a - b|.
 * Thread-safety: any thread. */
#ifndef WARPTEX_CUDA_DEVICE_SIMD_FUNCTIONS_H
#define WARPTEX_CUDA_DEVICE_SIMD_FUNCTIONS_H

namespace wt_cuda_detail {
/* lane i of a word: Bits wide, as unsigned and as signed */
template <int Bits> static inline unsigned lane_u(unsigned w, int i) { return (w >> (i * Bits)) & ((1u << Bits) - 1u); }
template <int Bits> static inline int lane_s(unsigned w, int i)
{
    const int u = (int)lane_u<Bits>(w, i);
    return u >= (1 << (Bits - 1)) ? u - (1 << Bits) : u;
}
/* f(lane of a, lane of b, lane of c) per lane, each result cut to the lane's width */
template <int Bits, class F> static inline unsigned per_lane(unsigned a, unsigned b, unsigned c, F f)
{
    unsigned r = 0;
    for (int i = 0; i < 32 / Bits; i++)
        r |= ((unsigned)f(i, a, b, c) & ((1u << Bits) - 1u)) << (i * Bits);
    return r;
}
template <int Bits> static inline int sat_s(long long v)
{
    const long long hi = (1LL << (Bits - 1)) - 1, lo = -(1LL << (Bits - 1));
    return (int)(v > hi ? hi : v < lo ? lo : v);
}
template <int Bits> static inline unsigned sat_u(long long v)
{
    const long long hi = (1LL << Bits) - 1;
    return (unsigned)(v > hi ? hi : v < 0 ? 0 : v);
}
template <class T> static inline T max3(T a, T b, T c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }
template <class T> static inline T min3(T a, T b, T c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }
} // namespace wt_cuda_detail

/* One SIMD function for both lane widths: NAME2 on halfwords, NAME4 on bytes.  EXPR uses
 * ua, ub (the lanes as unsigned), sa, sb (as signed) and B (the lane width). */
#define WT__SIMD2_4(NAME, EXPR)                                                                          \
    static inline unsigned int NAME##2(unsigned int a, unsigned int b)                                    \
    {                                                                                                     \
        return wt_cuda_detail::per_lane<16>(a, b, 0u, [](int i, unsigned x, unsigned y, unsigned) {      \
            constexpr int B = 16;                                                                         \
            const long long ua = wt_cuda_detail::lane_u<B>(x, i), ub = wt_cuda_detail::lane_u<B>(y, i);   \
            const long long sa = wt_cuda_detail::lane_s<B>(x, i), sb = wt_cuda_detail::lane_s<B>(y, i);   \
            (void)ua, (void)ub, (void)sa, (void)sb;                                                       \
            return (long long)(EXPR);                                                                     \
        });                                                                                               \
    }                                                                                                     \
    static inline unsigned int NAME##4(unsigned int a, unsigned int b)                                    \
    {                                                                                                     \
        return wt_cuda_detail::per_lane<8>(a, b, 0u, [](int i, unsigned x, unsigned y, unsigned) {       \
            constexpr int B = 8;                                                                          \
            const long long ua = wt_cuda_detail::lane_u<B>(x, i), ub = wt_cuda_detail::lane_u<B>(y, i);   \
            const long long sa = wt_cuda_detail::lane_s<B>(x, i), sb = wt_cuda_detail::lane_s<B>(y, i);   \
            (void)ua, (void)ub, (void)sa, (void)sb;                                                       \
            return (long long)(EXPR);                                                                     \
        });                                                                                               \
    }

WT__SIMD2_4(__vadd, ua + ub)
WT__SIMD2_4(__vsub, ua - ub)
WT__SIMD2_4(__vaddss, wt_cuda_detail::sat_s<B>(sa + sb))
WT__SIMD2_4(__vaddus, wt_cuda_detail::sat_u<B>(ua + ub))
WT__SIMD2_4(__vsubss, wt_cuda_detail::sat_s<B>(sa - sb))
WT__SIMD2_4(__vsubus, wt_cuda_detail::sat_u<B>(ua - ub))
WT__SIMD2_4(__vavgs, (sa + sb + (sa + sb >= 0)) >> 1)
WT__SIMD2_4(__vavgu, (ua + ub + 1) >> 1)
WT__SIMD2_4(__vhaddu, (ua + ub) >> 1)
WT__SIMD2_4(__vabsdiffs, sa > sb ? sa - sb : sb - sa)
WT__SIMD2_4(__vabsdiffu, ua > ub ? ua - ub : ub - ua)
WT__SIMD2_4(__vmaxs, sa > sb ? sa : sb)
WT__SIMD2_4(__vmaxu, ua > ub ? ua : ub)
WT__SIMD2_4(__vmins, sa < sb ? sa : sb)
WT__SIMD2_4(__vminu, ua < ub ? ua : ub)
WT__SIMD2_4(__vcmpeq, ua == ub ? -1 : 0)
WT__SIMD2_4(__vcmpne, ua != ub ? -1 : 0)
WT__SIMD2_4(__vcmpges, sa >= sb ? -1 : 0)
WT__SIMD2_4(__vcmpgeu, ua >= ub ? -1 : 0)
WT__SIMD2_4(__vcmpgts, sa > sb ? -1 : 0)
WT__SIMD2_4(__vcmpgtu, ua > ub ? -1 : 0)
WT__SIMD2_4(__vcmples, sa <= sb ? -1 : 0)
WT__SIMD2_4(__vcmpleu, ua <= ub ? -1 : 0)
WT__SIMD2_4(__vcmplts, sa < sb ? -1 : 0)
WT__SIMD2_4(__vcmpltu, ua < ub ? -1 : 0)
WT__SIMD2_4(__vseteq, ua == ub)
WT__SIMD2_4(__vsetne, ua != ub)
WT__SIMD2_4(__vsetges, sa >= sb)
WT__SIMD2_4(__vsetgeu, ua >= ub)
WT__SIMD2_4(__vsetgts, sa > sb)
WT__SIMD2_4(__vsetgtu, ua > ub)
WT__SIMD2_4(__vsetles, sa <= sb)
WT__SIMD2_4(__vsetleu, ua <= ub)
WT__SIMD2_4(__vsetlts, sa < sb)
WT__SIMD2_4(__vsetltu, ua < ub)
#undef WT__SIMD2_4

/* one-operand lanes */
static inline unsigned int __vabs2(unsigned int a) { return __vabsdiffs2(a, 0u); }
static inline unsigned int __vabs4(unsigned int a) { return __vabsdiffs4(a, 0u); }
static inline unsigned int __vneg2(unsigned int a) { return __vsub2(0u, a); }
static inline unsigned int __vneg4(unsigned int a) { return __vsub4(0u, a); }
static inline unsigned int __vnegss2(unsigned int a) { return __vsubss2(0u, a); }
static inline unsigned int __vnegss4(unsigned int a) { return __vsubss4(0u, a); }
static inline unsigned int __vabsss2(unsigned int a)
{
    return wt_cuda_detail::per_lane<16>(a, 0u, 0u, [](int i, unsigned x, unsigned, unsigned) {
        const int s = wt_cuda_detail::lane_s<16>(x, i);
        return wt_cuda_detail::sat_s<16>(s < 0 ? -(long long)s : s);
    });
}
static inline unsigned int __vabsss4(unsigned int a)
{
    return wt_cuda_detail::per_lane<8>(a, 0u, 0u, [](int i, unsigned x, unsigned, unsigned) {
        const int s = wt_cuda_detail::lane_s<8>(x, i);
        return wt_cuda_detail::sat_s<8>(s < 0 ? -(long long)s : s);
    });
}

/* sums of absolute differences over the lanes */
static inline unsigned int __vsads2(unsigned int a, unsigned int b)
{
    const unsigned d = __vabsdiffs2(a, b);
    return (d & 0xffffu) + (d >> 16);
}
static inline unsigned int __vsadu2(unsigned int a, unsigned int b)
{
    const unsigned d = __vabsdiffu2(a, b);
    return (d & 0xffffu) + (d >> 16);
}
static inline unsigned int __vsads4(unsigned int a, unsigned int b)
{
    const unsigned d = __vabsdiffs4(a, b);
    return (d & 0xffu) + ((d >> 8) & 0xffu) + ((d >> 16) & 0xffu) + (d >> 24);
}
static inline unsigned int __vsadu4(unsigned int a, unsigned int b)
{
    const unsigned d = __vabsdiffu4(a, b);
    return (d & 0xffu) + ((d >> 8) & 0xffu) + ((d >> 16) & 0xffu) + (d >> 24);
}

/* ---- DPX (sm_90; computed the same everywhere): three-way max/min, add then max/min, with
 * and without ReLU (a floor of 0), on 32-bit values and on 16-bit halfword pairs ---- */
#define WT__DPX16(NAME, EXPR)                                                                            \
    static inline unsigned int NAME(const unsigned int a, const unsigned int b, const unsigned int c)    \
    {                                                                                                    \
        return wt_cuda_detail::per_lane<16>(a, b, c, [](int i, unsigned x, unsigned y, unsigned z) {    \
            const int sa = wt_cuda_detail::lane_s<16>(x, i), sb = wt_cuda_detail::lane_s<16>(y, i);      \
            const int sc = wt_cuda_detail::lane_s<16>(z, i);                                             \
            const unsigned ua = wt_cuda_detail::lane_u<16>(x, i), ub = wt_cuda_detail::lane_u<16>(y, i); \
            const unsigned uc = wt_cuda_detail::lane_u<16>(z, i);                                        \
            (void)sa, (void)sb, (void)sc, (void)ua, (void)ub, (void)uc;                                  \
            return (int)(EXPR);                                                                          \
        });                                                                                              \
    }
namespace wt_cuda_detail {
/* a 16-bit lane sum wraps, as the GPU's halfword add */
static inline int wrap16(int v) { return (int)(short)(unsigned short)(v & 0xffff); }
static inline int wrap32(long long v) { return (int)(unsigned)(unsigned long long)v; }
} // namespace wt_cuda_detail
WT__DPX16(__vimax3_s16x2, wt_cuda_detail::max3(sa, sb, sc))
WT__DPX16(__vimax3_u16x2, wt_cuda_detail::max3(ua, ub, uc))
WT__DPX16(__vimin3_s16x2, wt_cuda_detail::min3(sa, sb, sc))
WT__DPX16(__vimin3_u16x2, wt_cuda_detail::min3(ua, ub, uc))
WT__DPX16(__vimax3_s16x2_relu, wt_cuda_detail::max3(wt_cuda_detail::max3(sa, sb, sc), 0, 0))
WT__DPX16(__vimin3_s16x2_relu, wt_cuda_detail::max3(wt_cuda_detail::min3(sa, sb, sc), 0, 0))
WT__DPX16(__viaddmax_s16x2, wt_cuda_detail::max3(wt_cuda_detail::wrap16(sa + sb), sc, sc))
WT__DPX16(__viaddmax_u16x2, wt_cuda_detail::max3((ua + ub) & 0xffffu, uc, uc))
WT__DPX16(__viaddmin_s16x2, wt_cuda_detail::min3(wt_cuda_detail::wrap16(sa + sb), sc, sc))
WT__DPX16(__viaddmin_u16x2, wt_cuda_detail::min3((ua + ub) & 0xffffu, uc, uc))
WT__DPX16(__viaddmax_s16x2_relu, wt_cuda_detail::max3(wt_cuda_detail::wrap16(sa + sb), sc, 0))
WT__DPX16(__viaddmin_s16x2_relu, wt_cuda_detail::max3(wt_cuda_detail::min3(wt_cuda_detail::wrap16(sa + sb), sc, sc), 0, 0))
#undef WT__DPX16
static inline unsigned int __vimax_s16x2_relu(const unsigned int a, const unsigned int b) { return __vimax3_s16x2_relu(a, b, b); }
static inline unsigned int __vimin_s16x2_relu(const unsigned int a, const unsigned int b) { return __vimin3_s16x2_relu(a, b, b); }

static inline int __vimax_s32_relu(const int a, const int b) { return wt_cuda_detail::max3(a, b, 0); }
static inline int __vimin_s32_relu(const int a, const int b) { return wt_cuda_detail::max3(a < b ? a : b, 0, 0); }
static inline int __vimax3_s32(const int a, const int b, const int c) { return wt_cuda_detail::max3(a, b, c); }
static inline unsigned int __vimax3_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return wt_cuda_detail::max3(a, b, c); }
static inline int __vimin3_s32(const int a, const int b, const int c) { return wt_cuda_detail::min3(a, b, c); }
static inline unsigned int __vimin3_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return wt_cuda_detail::min3(a, b, c); }
static inline int __vimax3_s32_relu(const int a, const int b, const int c) { return wt_cuda_detail::max3(wt_cuda_detail::max3(a, b, c), 0, 0); }
static inline int __vimin3_s32_relu(const int a, const int b, const int c) { return wt_cuda_detail::max3(wt_cuda_detail::min3(a, b, c), 0, 0); }
static inline int __viaddmax_s32(const int a, const int b, const int c) { const int s = wt_cuda_detail::wrap32((long long)a + b); return s > c ? s : c; }
static inline unsigned int __viaddmax_u32(const unsigned int a, const unsigned int b, const unsigned int c) { const unsigned s = a + b; return s > c ? s : c; }
static inline int __viaddmin_s32(const int a, const int b, const int c) { const int s = wt_cuda_detail::wrap32((long long)a + b); return s < c ? s : c; }
static inline unsigned int __viaddmin_u32(const unsigned int a, const unsigned int b, const unsigned int c) { const unsigned s = a + b; return s < c ? s : c; }
static inline int __viaddmax_s32_relu(const int a, const int b, const int c) { return wt_cuda_detail::max3(__viaddmax_s32(a, b, c), 0, 0); }
static inline int __viaddmin_s32_relu(const int a, const int b, const int c) { return wt_cuda_detail::max3(__viaddmin_s32(a, b, c), 0, 0); }
/* max/min, and whether the first operand was chosen (a >= b for max, a <= b for min) */
static inline int __vibmax_s32(const int a, const int b, bool *const pred) { *pred = a >= b; return a >= b ? a : b; }
static inline unsigned int __vibmax_u32(const unsigned int a, const unsigned int b, bool *const pred) { *pred = a >= b; return a >= b ? a : b; }
static inline int __vibmin_s32(const int a, const int b, bool *const pred) { *pred = a <= b; return a <= b ? a : b; }
static inline unsigned int __vibmin_u32(const unsigned int a, const unsigned int b, bool *const pred) { *pred = a <= b; return a <= b ? a : b; }
static inline unsigned int __vibmax_s16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo)
{
    *pred_hi = wt_cuda_detail::lane_s<16>(a, 1) >= wt_cuda_detail::lane_s<16>(b, 1);
    *pred_lo = wt_cuda_detail::lane_s<16>(a, 0) >= wt_cuda_detail::lane_s<16>(b, 0);
    return __vmaxs2(a, b);
}
static inline unsigned int __vibmax_u16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo)
{
    *pred_hi = wt_cuda_detail::lane_u<16>(a, 1) >= wt_cuda_detail::lane_u<16>(b, 1);
    *pred_lo = wt_cuda_detail::lane_u<16>(a, 0) >= wt_cuda_detail::lane_u<16>(b, 0);
    return __vmaxu2(a, b);
}
static inline unsigned int __vibmin_s16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo)
{
    *pred_hi = wt_cuda_detail::lane_s<16>(a, 1) <= wt_cuda_detail::lane_s<16>(b, 1);
    *pred_lo = wt_cuda_detail::lane_s<16>(a, 0) <= wt_cuda_detail::lane_s<16>(b, 0);
    return __vmins2(a, b);
}
static inline unsigned int __vibmin_u16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo)
{
    *pred_hi = wt_cuda_detail::lane_u<16>(a, 1) <= wt_cuda_detail::lane_u<16>(b, 1);
    *pred_lo = wt_cuda_detail::lane_u<16>(a, 0) <= wt_cuda_detail::lane_u<16>(b, 0);
    return __vminu2(a, b);
}

#endif
