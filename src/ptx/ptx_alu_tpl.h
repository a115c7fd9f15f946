/* ptx_alu_tpl.h -- ordinary PTX arithmetic over 32 lanes (mov, cvt, integer and float ops, setp, selp ...),
 * the general executor (a template, instantiated per variant as ptx_exec_tpl.h says)
 * SPDX-License-Identifier: MIT
 *
 * Each executor computes all 32 lanes into a temporary (plain loops the
 * compiler vectorises) and then writes the active ones.  Every operation is
 * safe on any bits (inactive lanes hold stale values): no division by zero,
 * no shift past the width, no signed overflow, no out-of-range float to
 * integer conversion in C.
 *
 * Semantics (PTX ISA 9.7.1-9.7.3, 9.7.9; decisions marked):
 *  - f32/f64 add, sub, mul, fma, div.rn, sqrt.rn, rcp.rn are IEEE with the
 *    given rounding (default .rn); .rz/.rm/.rp run under fesetround with
 *    volatile operands, so the rounding happens inside the mode.
 *  - a NaN result of f32 arithmetic is the canonical 0x7fffffff (what NVIDIA
 *    GPUs write); of f64 arithmetic 0x7fffffffffffffff (decision).
 *  - .ftz (f32 only): subnormal inputs and results become zero of the same
 *    sign.  .sat: the result clamped to [0, 1], NaN to +0.
 *  - mul then add stay two roundings; mad.f32/.f64 with a rounding is fma.
 *  - min/max.f32/f64: a NaN operand yields the other; both NaN: canonical
 *    NaN; -0 is below +0.
 *  - .approx and .full forms (div.approx/.full, rcp/sqrt/rsqrt.approx,
 *    sin/cos/lg2/ex2.approx): computed in double by the C library and
 *    rounded to nearest (decision: within PTX's error bounds, not claimed
 *    bit-exact with hardware).
 *  - integer division by zero: quotient all ones, remainder the dividend
 *    (decision; PTX leaves it unspecified).  INT_MIN / -1 wraps.
 *  - float to integer (cvt.rni/.rzi/.rmi/.rpi): NaN gives 0, out-of-range
 *    values saturate (PTX: float-to-integer conversions saturate).
 */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3") /* the 32-lane loops vectorise (RelWithDebInfo is -O2) */
#endif
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "ptx_warp.h"

__extension__ typedef unsigned __int128 px_u128;
__extension__ typedef __int128 px_s128;

#define L for (int l = 0; l < PX_W; l++)

#include "ptx_alu_values.h"

static int fe_mode(int rnd)
{
    switch (rnd) {
    case PX_RZ: return FE_TOWARDZERO;
    case PX_RM: return FE_DOWNWARD;
    case PX_RP: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

/* ---- half precision (cvt): f16 and bf16 through ptx_half.c ---- */
static int half_fmt(int t) { return t == PX_T_BF16 || t == PX_T_BF16X2 ? PX_HALF_BF16 : PX_HALF_F16; }
/* a float operand's value: f16/bf16 (the low 16 bits), f32, f64 */
static double fdec(uint64_t v, int t)
{
    return t == PX_T_F32 ? (double)f32_of(v) : t == PX_T_F64 ? f64_of(v) : wt__ptx_half_to_double((uint32_t)v & 0xffff, half_fmt(t));
}
/* a NaN converted to a half keeps its top payload bits and gets the quiet bit (decision, as
 * cvt.f16.f32 did before bf16: that is what the IEEE conversion suggests) */
static uint32_t half_nan_from(uint64_t bits, int from, int fmt)
{
    int pb = fmt == PX_HALF_F16 ? 10 : 7; /* payload bits kept */
    int fb = from == PX_T_F32 ? 23 : from == PX_T_F64 ? 52 : half_fmt(from) == PX_HALF_F16 ? 10 : 7;
    int sbit = from == PX_T_F32 ? 31 : from == PX_T_F64 ? 63 : 15;
    uint64_t src = bits & (((uint64_t)1 << fb) - 1);
    uint32_t mant = (uint32_t)(fb >= pb ? src >> (fb - pb) : src << (pb - fb)); /* bf16 to f16: 7 bits into 10 */
    uint32_t exp_quiet = fmt == PX_HALF_F16 ? 0x7e00u : 0x7fc0u;
    return exp_quiet | mant | ((bits >> sbit) & 1 ? 0x8000u : 0);
}
/* an integer as a double that rounds to any narrower format as the integer itself does: exact
 * below 2^53, else rounded to odd (the lowest kept bit set when bits are dropped) */
static double int_odd(uint64_t v, int neg)
{
    uint64_t u = neg ? (uint64_t)0 - v : v;
    if (u < ((uint64_t)1 << 53))
        return neg ? -(double)u : (double)u;
    int sh = 11 - __builtin_clzll(u);
    uint64_t m = u >> sh;
    if (u & (((uint64_t)1 << sh) - 1))
        m |= 1;
    double d = ldexp((double)m, sh);
    return neg ? -d : d;
}
/* one float value to a half: rndi rounds to an integral value first; .sat, .relu and .satfinite */
static uint32_t to_half(double d, uint64_t bits, int st, const px_insn *in, int fmt)
{
    uint32_t fl = in->flags;
    if (d != d)
        return (fl & PX_F_RELU) ? 0x7fffu : half_nan_from(bits, st, fmt);
    if (in->rndi)
        d = in->rndi == PX_RZ ? trunc(d) : in->rndi == PX_RM ? floor(d) : in->rndi == PX_RP ? ceil(d) : nearbyint(d);
    if (fl & PX_F_SAT)
        d = sat64(d);
    uint32_t h = wt__ptx_half_from_double(d, in->rndi ? PX_RN : in->rnd ? in->rnd : PX_RN, fmt);
    if ((fl & PX_F_RELU) && (h & 0x8000u) && (h & 0x7fffu))
        h = 0; /* on the rounded result, as the arithmetic's .relu (ptx_half.c): -0 stays */
    if ((fl & PX_F_SATFINITE) && (h & 0x7fffu) == (fmt == PX_HALF_F16 ? 0x7c00u : 0x7f80u))
        h -= 1; /* the largest finite value of the same sign */
    return h;
}

/* ---- float to integer with saturation ---- */
static uint64_t f_to_int(double d, int rndi, int t)
{
    if (d != d)
        return 0;
    switch (rndi) {
    case PX_RZ: d = trunc(d); break;
    case PX_RM: d = floor(d); break;
    case PX_RP: d = ceil(d); break;
    case PX_RN: d = nearbyint(d); break; /* default environment: ties to even */
    default: d = trunc(d); break;
    }
    int bits = px_type_bits(t);
    if (px_type_signed(t)) {
        double hi = (double)((uint64_t)1 << (bits - 1)), lo = -hi;
        int64_t v;
        if (d <= lo)
            v = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
        else if (d >= hi)
            v = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
        else
            v = (int64_t)d;
        return zext((uint64_t)v, bits);
    }
    double hi = bits == 64 ? 18446744073709551616.0 : (double)((uint64_t)1 << bits);
    if (d <= 0)
        return 0;
    if (d >= hi)
        return wmask(bits);
    return (uint64_t)d;
}

/* ---- float binary ops with rounding ---- */
enum { FB_ADD, FB_SUB, FB_MUL, FB_DIV };
static void fbin32(uint64_t *r, const uint64_t *a, const uint64_t *b, int kind, int rnd, int ftz, int sat)
{
    float x[PX_W], y[PX_W], z[PX_W];
    L {
        x[l] = f32_of(a[l]);
        y[l] = f32_of(b[l]);
        if (ftz) {
            x[l] = ftz32(x[l]);
            y[l] = ftz32(y[l]);
        }
    }
    if (rnd == PX_RZ || rnd == PX_RM || rnd == PX_RP) {
        int old = fegetround();
        fesetround(fe_mode(rnd));
        L {
            volatile float vx = x[l], vy = y[l];
            volatile float vz = kind == FB_ADD ? vx + vy : kind == FB_SUB ? vx - vy : kind == FB_MUL ? vx * vy : vx / vy;
            z[l] = vz;
        }
        fesetround(old);
    } else {
        switch (kind) {
        case FB_ADD: L z[l] = x[l] + y[l]; break;
        case FB_SUB: L z[l] = x[l] - y[l]; break;
        case FB_MUL: L z[l] = x[l] * y[l]; break;
        default: L z[l] = x[l] / y[l]; break;
        }
    }
    L {
        float v = z[l];
        if (ftz)
            v = ftz32(v);
        if (sat)
            v = sat32(v);
        r[l] = canon32(v);
    }
}
static void fbin64(uint64_t *r, const uint64_t *a, const uint64_t *b, int kind, int rnd, int sat)
{
    double z[PX_W];
    if (rnd == PX_RZ || rnd == PX_RM || rnd == PX_RP) {
        int old = fegetround();
        fesetround(fe_mode(rnd));
        L {
            volatile double vx = f64_of(a[l]), vy = f64_of(b[l]);
            volatile double vz = kind == FB_ADD ? vx + vy : kind == FB_SUB ? vx - vy : kind == FB_MUL ? vx * vy : vx / vy;
            z[l] = vz;
        }
        fesetround(old);
    } else {
        switch (kind) {
        case FB_ADD: L z[l] = f64_of(a[l]) + f64_of(b[l]); break;
        case FB_SUB: L z[l] = f64_of(a[l]) - f64_of(b[l]); break;
        case FB_MUL: L z[l] = f64_of(a[l]) * f64_of(b[l]); break;
        default: L z[l] = f64_of(a[l]) / f64_of(b[l]); break;
        }
    }
    L r[l] = canon64(sat ? sat64(z[l]) : z[l]);
}
static void ffma32(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, int rnd, int ftz, int sat)
{
    int dir = rnd == PX_RZ || rnd == PX_RM || rnd == PX_RP;
    int old = 0;
    if (dir) {
        old = fegetround();
        fesetround(fe_mode(rnd));
    }
    L {
        float x = f32_of(a[l]), y = f32_of(b[l]), z = f32_of(c[l]);
        if (ftz) {
            x = ftz32(x);
            y = ftz32(y);
            z = ftz32(z);
        }
        float v;
        if (dir) {
            volatile float vx = x, vy = y, vz = z;
            volatile float vv = fmaf(vx, vy, vz);
            v = vv;
        } else {
            v = fmaf(x, y, z);
        }
        if (ftz)
            v = ftz32(v);
        if (sat)
            v = sat32(v);
        r[l] = canon32(v);
    }
    if (dir)
        fesetround(old);
}
static void ffma64(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, int rnd, int sat)
{
    int dir = rnd == PX_RZ || rnd == PX_RM || rnd == PX_RP;
    int old = 0;
    if (dir) {
        old = fegetround();
        fesetround(fe_mode(rnd));
    }
    L {
        double v;
        if (dir) {
            volatile double vx = f64_of(a[l]), vy = f64_of(b[l]), vz = f64_of(c[l]);
            volatile double vv = fma(vx, vy, vz);
            v = vv;
        } else {
            v = fma(f64_of(a[l]), f64_of(b[l]), f64_of(c[l]));
        }
        r[l] = canon64(sat ? sat64(v) : v);
    }
    if (dir)
        fesetround(old);
}

/* unary float with rounding: sqrt.rn, rcp.rn */
static void funary_round(uint64_t *r, const uint64_t *a, int t, int kind, int rnd, int ftz)
{
    int dir = rnd == PX_RZ || rnd == PX_RM || rnd == PX_RP;
    int old = 0;
    if (dir) {
        old = fegetround();
        fesetround(fe_mode(rnd));
    }
    if (t == PX_T_F32) {
        L {
            float x = f32_of(a[l]);
            if (ftz)
                x = ftz32(x);
            volatile float vx = x;
            volatile float v = kind ? 1.0f / vx : sqrtf(vx);
            float o = v;
            if (ftz)
                o = ftz32(o);
            r[l] = canon32(o);
        }
    } else {
        L {
            volatile double vx = f64_of(a[l]);
            volatile double v = kind ? 1.0 / vx : sqrt(vx);
            r[l] = canon64(v);
        }
    }
    if (dir)
        fesetround(old);
}

static int fcmp(double x, double y, int cmp)
{
    int un = x != x || y != y;
    switch (cmp) {
    case PX_EQ: return !un && x == y;
    case PX_NE: return !un && x != y;
    case PX_LT: return !un && x < y;
    case PX_LE: return !un && x <= y;
    case PX_GT: return !un && x > y;
    case PX_GE: return !un && x >= y;
    case PX_EQU: return un || x == y;
    case PX_NEU: return un || x != y;
    case PX_LTU: return un || x < y;
    case PX_LEU: return un || x <= y;
    case PX_GTU: return un || x > y;
    case PX_GEU: return un || x >= y;
    case PX_NUM: return !un;
    case PX_NAN: return un;
    default: return 0;
    }
}
static int icmp(uint64_t a, uint64_t b, int bits, int sgn, int cmp)
{
    int64_t sa = sext(a, bits), sb = sext(b, bits);
    uint64_t ua = zext(a, bits), ub = zext(b, bits);
    switch (cmp) {
    case PX_EQ: return ua == ub;
    case PX_NE: return ua != ub;
    case PX_LT: return sgn ? sa < sb : ua < ub;
    case PX_LE: return sgn ? sa <= sb : ua <= ub;
    case PX_GT: return sgn ? sa > sb : ua > ub;
    case PX_GE: return sgn ? sa >= sb : ua >= ub;
    case PX_LO_: return ua < ub;
    case PX_LS: return ua <= ub;
    case PX_HI_: return ua > ub;
    case PX_HS: return ua >= ub;
    default: return 0;
    }
}

static void cvt_lanes(uint64_t *r, const uint64_t *a, const uint64_t *b, const px_insn *in)
{
    int dt = in->type, st = in->type2;
    int db = px_type_bits(dt), sb = px_type_bits(st);
    int dfl = px_type_float(dt), sfl = px_type_float(st);
    int ftz = (in->flags & PX_F_FTZ) != 0, sat = (in->flags & PX_F_SAT) != 0;
    if (!dfl && !sfl) {
        /* integer to integer: sign- or zero-extend from the source, optional saturation */
        L {
            uint64_t v = a[l];
            if (sat) {
                int64_t sv = px_type_signed(st) ? sext(v, sb) : 0;
                uint64_t uv = zext(v, sb);
                int dsg = px_type_signed(dt);
                if (px_type_signed(st)) {
                    int64_t lo = dsg ? (db == 64 ? INT64_MIN : -((int64_t)1 << (db - 1))) : 0;
                    int64_t hi = dsg ? (db == 64 ? INT64_MAX : ((int64_t)1 << (db - 1)) - 1)
                                     : (db == 64 ? INT64_MAX : (int64_t)wmask(db));
                    if (sv < lo) sv = lo;
                    if (sv > hi && !(db == 64 && !dsg)) sv = hi;
                    v = (uint64_t)sv;
                } else {
                    uint64_t hi = dsg ? (wmask(db) >> 1) : wmask(db);
                    v = uv > hi ? hi : uv;
                }
            } else {
                v = px_type_signed(st) ? (uint64_t)sext(v, sb) : zext(v, sb);
            }
            r[l] = zext(v, db);
        }
        return;
    }
    if (sfl && !dfl) {
        L {
            double d = fdec(a[l], st);
            if (ftz && st == PX_T_F32)
                d = (double)ftz32((float)d);
            r[l] = f_to_int(d, in->rndi ? in->rndi : PX_RZ, dt);
        }
        return;
    }
    int rnd = in->rnd ? in->rnd : PX_RN;
    int dir = rnd == PX_RZ || rnd == PX_RM || rnd == PX_RP;
    if (!sfl) {
        /* integer to float */
        int old = 0;
        int hd = wt__ptx_half_type(dt) != 0;
        if (dir && !hd) {
            old = fegetround();
            fesetround(fe_mode(rnd));
        }
        L {
            uint64_t v = a[l];
            int sg = px_type_signed(st);
            int64_t sv = sext(v, sb);
            uint64_t uv = zext(v, sb);
            if (dt == PX_T_F32) {
                volatile float f;
                if (sg) { volatile int64_t x = sv; f = (float)x; }
                else { volatile uint64_t x = uv; f = (float)x; }
                float o = f;
                if (sat) o = sat32(o);
                r[l] = bits_f32(o);
            } else if (dt == PX_T_F64) {
                volatile double f;
                if (sg) { volatile int64_t x = sv; f = (double)x; }
                else { volatile uint64_t x = uv; f = (double)x; }
                double o = f;
                if (sat) o = sat64(o);
                r[l] = bits_f64(o);
            } else {
                /* to f16/bf16: the integer rounded to odd at 53 bits rounds as the integer does */
                double d = sg ? int_odd((uint64_t)sv, sv < 0) : int_odd(uv, 0);
                if (sat) d = sat64(d);
                r[l] = wt__ptx_half_from_double(d, rnd, half_fmt(dt));
            }
        }
        if (dir && !hd)
            fesetround(old);
        return;
    }
    /* float to float */
    int rndi = in->rndi;
    (void)sb;
    if (wt__ptx_half_type(dt)) {
        int fmt = half_fmt(dt);
        if (dt == PX_T_F16X2 || dt == PX_T_BF16X2) { /* d = {b, a}: a in the upper half */
            L {
                float x = f32_of(a[l]), y = f32_of(b[l]);
                if (ftz) { x = ftz32(x); y = ftz32(y); }
                r[l] = to_half(y, b[l], st, in, fmt) | to_half(x, a[l], st, in, fmt) << 16;
            }
            return;
        }
        L {
            double d = fdec(a[l], st);
            if (ftz && st == PX_T_F32)
                d = (double)ftz32((float)d);
            r[l] = to_half(d, a[l], st, in, fmt);
        }
        return;
    }
    int old = 0;
    if (dir && !rndi) {
        old = fegetround();
        fesetround(fe_mode(rnd));
    }
    L {
        double d = fdec(a[l], st);
        if (ftz && st == PX_T_F32)
            d = (double)ftz32((float)d);
        if (rndi)
            d = rndi == PX_RZ ? trunc(d) : rndi == PX_RM ? floor(d) : rndi == PX_RP ? ceil(d) : nearbyint(d);
        if (dt == PX_T_F32) {
            volatile double vd = d;
            volatile float f = (float)vd;
            float o = f;
            if (ftz)
                o = ftz32(o);
            if (sat)
                o = sat32(o);
            r[l] = canon32(o);
        } else {
            if (sat)
                d = sat64(d);
            r[l] = canon64(d);
        }
    }
    if (dir && !rndi)
        fesetround(old);
}

/* The carry forms (PTX ISA 9.7.1.6-9.7.1.11): add.cc, addc{.cc}, sub.cc, subc{.cc}, mad{.lo,.hi}.cc
 * and madc{.lo,.hi}{.cc} on .u32/.s32/.u64/.s64.  The flag is the unsigned carry out of the
 * addition.  Subtraction is a + ~b + carry-in (sub.cc: carry-in 1), so after sub.cc / subc.cc
 * the flag is 1 when nothing was borrowed, and subc computes a - b - (1 - CF): the ISA's
 * "d = a - (b + CC.CF)" with its borrow stored inverted.  Chains of subc agree either way;
 * code that reads the flag after a subtraction does not (decision: NVIDIA's own 128-bit
 * division, which nvcc inlines for unsigned __int128 '/', reads it with addc after subc.cc
 * and takes 1 as "no borrow"; tests/ptx/test_ptx_arith.c runs it).  mad adds c to the low or
 * high half of the full product (signed for .s32/.s64).  Only the lanes that run write the
 * flag. */
static void carry_lanes(px_warp *w, const px_insn *in, uint32_t mask, uint64_t *r, const uint64_t *a,
                        const uint64_t *b, const uint64_t *c)
{
    int t = in->type, bits = px_type_bits(t), sg = px_type_signed(t);
    uint64_t m = wmask(bits);
    int op = in->op;
    int cin = op == PX_OP_addc || op == PX_OP_subc || op == PX_OP_madc;
    int sub = op == PX_OP_sub || op == PX_OP_subc;
    int mad = op == PX_OP_mad || op == PX_OP_madc;
    uint64_t out[PX_W];
    L {
        uint64_t x = a[l] & m, y = b[l] & m, ci = cin ? w->cf[l] & 1 : 0;
        if (mad) {
            if (in->lohi == PX_LO) {
                x = (x * y) & m;
            } else if (bits == 32) {
                x = sg ? (uint64_t)(sext(x, 32) * sext(y, 32)) >> 32 & m : (x * y) >> 32;
            } else {
                px_u128 p = sg ? (px_u128)((px_s128)(int64_t)x * (px_s128)(int64_t)y) : (px_u128)x * (px_u128)y;
                x = (uint64_t)(p >> 64);
            }
            y = c[l] & m;
        }
        if (sub) {
            y = ~y & m;
            ci = cin ? ci : 1;
        }
        uint64_t v = (x + y + ci) & m;
        r[l] = v;
        out[l] = bits == 32 ? (x + y + ci) >> 32 : (v < x || (ci && v == x));
    }
    if (in->flags & PX_F_CC)
        L w->cf[l] = ((mask >> l) & 1) ? out[l] : w->cf[l];
}

/* dp4a / dp2a (PTX ISA 9.7.1.23-24): c plus the products of a's bytes (dp2a: half-words) with
 * b's bytes (dp2a.lo: bytes 0-1, .hi: 2-3), each extended as its type says; modulo 2^32. */
static void dot_lanes(const px_insn *in, uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c)
{
    int sa = in->type == PX_T_S32, sb = in->type2 == PX_T_S32;
    int four = in->op == PX_OP_dp4a, boff = in->lohi == PX_HI ? 2 : 0;
    L {
        uint64_t acc = c[l];
        for (int k = 0; k < (four ? 4 : 2); k++) {
            uint64_t ea = four ? (a[l] >> (8 * k)) & 0xff : (a[l] >> (16 * k)) & 0xffff;
            uint64_t eb = (b[l] >> (8 * (k + (four ? 0 : boff)))) & 0xff;
            int64_t xa = sa ? sext(ea, four ? 8 : 16) : (int64_t)ea;
            int64_t xb = sb ? sext(eb, 8) : (int64_t)eb;
            acc += (uint64_t)(xa * xb);
        }
        r[l] = acc & 0xffffffffu;
    }
}

static uint32_t prmt_byte(uint64_t a, uint64_t b, uint32_t sel)
{
    uint64_t x = (a & 0xffffffffu) | (b & 0xffffffffu) << 32;
    uint32_t bsel = sel & 7;
    uint32_t byte = (uint32_t)(x >> (8 * bsel)) & 0xff;
    if (sel & 8) /* replicate the sign bit */
        byte = (byte & 0x80) ? 0xff : 0;
    return byte;
}

void PX_V(wt__ptx_exec_alu)(px_warp *w, const px_insn *in, uint32_t mask)
{
    uint64_t r[PX_W], r2[PX_W];
    const uint64_t *a = in->nsrc > 0 ? px_read(w, &in->src[0], w->tmp[0]) : NULL;
    const uint64_t *b = in->nsrc > 1 ? px_read(w, &in->src[1], w->tmp[1]) : NULL;
    const uint64_t *c = in->nsrc > 2 ? px_read(w, &in->src[2], w->tmp[2]) : NULL;
    const uint64_t *e = in->nsrc > 3 ? px_read(w, &in->src[3], w->tmp[3]) : NULL;
    int t = in->type, bits = px_type_bits(t), sg = px_type_signed(t);
    int ftz = (in->flags & PX_F_FTZ) != 0, sat = (in->flags & PX_F_SAT) != 0;
    uint64_t m = wmask(bits);
    int two = 0;
    if (in->op == PX_OP_mov && in->sub == 2) { /* unpack into {d0, d1, ...} */
        int eb = bits / in->ndst;
        uint64_t v[PX_W];
        memcpy(v, a, sizeof v); /* a destination may be the source */
        for (int k = 0; k < in->ndst; k++) {
            if (in->dst[k].kind != PX_R_REG)
                continue;
            uint64_t *d = px_reg(w, &in->dst[k]);
            L d[l] = ((mask >> l) & 1) ? (v[l] >> (eb * k)) & wmask(eb) : d[l];
        }
        return;
    }
    if ((in->flags & PX_F_CC) || in->op == PX_OP_addc || in->op == PX_OP_subc || in->op == PX_OP_madc) {
        carry_lanes(w, in, mask, r, a, b, c);
        goto write;
    }
    if (half_arith(in)) {
        wt__ptx_half_alu(in, r, a, b, c);
        goto write;
    }
    switch (in->op) {
    case PX_OP_tanh: /* .approx.f32: tanh in double, rounded to nearest */
        L r[l] = canon32((float)tanh((double)f32_of(a[l])));
        break;
    case PX_OP_dp4a:
    case PX_OP_dp2a:
        dot_lanes(in, r, a, b, c);
        break;
    case PX_OP_vadd4: case PX_OP_vsub4: case PX_OP_vavrg4: case PX_OP_vabsdiff4: case PX_OP_vmin4:
    case PX_OP_vmax4: case PX_OP_vset4: case PX_OP_vadd2: case PX_OP_vsub2: case PX_OP_vavrg2:
    case PX_OP_vabsdiff2: case PX_OP_vmin2: case PX_OP_vmax2: case PX_OP_vset2:
        wt__ptx_video_lanes(in, mask, r, a, b, c);
        break;
    case PX_OP_mov:
        if (in->sub == 1) { /* pack {a, b, ...} */
            int eb = bits / in->nsrc;
            L {
                uint64_t v = 0;
                for (int k = 0; k < in->nsrc; k++) {
                    const uint64_t *s = px_read(w, &in->src[k], w->tmp[k]);
                    v |= zext(s[l], eb) << (eb * k);
                }
                r[l] = v;
            }
        } else {
            L r[l] = a[l] & m;
            if (t == PX_T_PRED && in->src[0].neg)
                L r[l] = !a[l];
        }
        break;
    case PX_OP_cvta: {
        /* generic addresses: global = host address; shared/local carry a window tag */
        uint64_t tag = in->space == PX_SP_SHARED ? ((uint64_t)1 << 60) : in->space == PX_SP_LOCAL ? ((uint64_t)2 << 60) : 0;
        if (in->to)
            L r[l] = (a[l] - tag) & m;
        else
            L r[l] = (zext(a[l], 32 + 32 * (bits == 64)) + tag) & m;
        break;
    }
    case PX_OP_cvt:
        cvt_lanes(r, a, b, in);
        if (sg && in->dst_bits[0] > bits) /* a signed result fills a wider register with its sign */
            L r[l] = (uint64_t)sext(r[l], bits) & wmask(in->dst_bits[0]);
        break;
    case PX_OP_add:
    case PX_OP_sub:
        if (t == PX_T_F32) {
            fbin32(r, a, b, in->op == PX_OP_add ? FB_ADD : FB_SUB, in->rnd, ftz, sat);
        } else if (t == PX_T_F64) {
            fbin64(r, a, b, in->op == PX_OP_add ? FB_ADD : FB_SUB, in->rnd, sat);
        } else if (sat) { /* .sat: s32 only */
            L {
                int64_t v = in->op == PX_OP_add ? sext(a[l], 32) + sext(b[l], 32) : sext(a[l], 32) - sext(b[l], 32);
                v = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v;
                r[l] = (uint64_t)v & 0xffffffffu;
            }
        } else if (in->op == PX_OP_add) {
            L r[l] = (a[l] + b[l]) & m;
        } else {
            L r[l] = (a[l] - b[l]) & m;
        }
        break;
    case PX_OP_mul:
    case PX_OP_mad:
        if (t == PX_T_F32) {
            if (in->op == PX_OP_mul)
                fbin32(r, a, b, FB_MUL, in->rnd, ftz, sat);
            else
                ffma32(r, a, b, c, in->rnd, ftz, sat);
        } else if (t == PX_T_F64) {
            if (in->op == PX_OP_mul)
                fbin64(r, a, b, FB_MUL, in->rnd, sat);
            else
                ffma64(r, a, b, c, in->rnd, sat);
        } else {
            int lohi = in->lohi;
            if (lohi == PX_LO) { /* the low bits do not depend on signedness */
                L r[l] = (a[l] * b[l]) & m;
            } else if (lohi == PX_WIDE && sg && bits == 32) {
                /* the unsigned 32x32 product corrected for the signs: a form that vectorises */
                L {
                    uint64_t ua = a[l] & 0xffffffffu, ub = b[l] & 0xffffffffu;
                    uint64_t p = ua * ub;
                    p -= (0 - ((ua >> 31) & 1)) & (ub << 32);
                    p -= (0 - ((ub >> 31) & 1)) & (ua << 32);
                    r[l] = p;
                }
            } else if (lohi == PX_WIDE && sg) {
                L r[l] = (uint64_t)(sext(a[l], bits) * sext(b[l], bits)) & wmask(2 * bits);
            } else if (lohi == PX_WIDE && bits == 32) {
                L r[l] = (a[l] & 0xffffffffu) * (b[l] & 0xffffffffu);
            } else if (lohi == PX_WIDE) {
                L r[l] = zext(a[l], bits) * zext(b[l], bits);
            } else if (bits <= 32 && sg) {
                L r[l] = (uint64_t)((sext(a[l], bits) * sext(b[l], bits)) >> bits) & m;
            } else if (bits <= 32) {
                L r[l] = ((zext(a[l], bits) * zext(b[l], bits)) >> bits) & m;
            } else L {
                px_s128 p;
                if (sg)
                    p = (px_s128)sext(a[l], bits) * (px_s128)sext(b[l], bits);
                else
                    p = (px_s128)((px_u128)zext(a[l], bits) * (px_u128)zext(b[l], bits));
                uint64_t v;
                if (lohi == PX_HI)
                    v = (uint64_t)((px_u128)p >> bits) & m;
                else if (lohi == PX_WIDE)
                    v = (uint64_t)(px_u128)p & wmask(2 * bits);
                else
                    v = (uint64_t)(px_u128)p & m;
                r[l] = v;
            }
            if (in->op == PX_OP_mad) {
                uint64_t mm = lohi == PX_WIDE ? wmask(2 * bits) : m;
                if (sat && lohi == PX_HI && t == PX_T_S32) {
                    L {
                        int64_t v = sext(r[l], 32) + sext(c[l], 32);
                        v = v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v;
                        r[l] = (uint64_t)v & 0xffffffffu;
                    }
                } else {
                    L r[l] = (r[l] + c[l]) & mm;
                }
            }
        }
        break;
    case PX_OP_mul24:
    case PX_OP_mad24:
        L {
            int64_t x = sg ? sext(a[l], 24) : (int64_t)zext(a[l], 24);
            int64_t y = sg ? sext(b[l], 24) : (int64_t)zext(b[l], 24);
            uint64_t p = (uint64_t)(x * y); /* 48 bits */
            uint64_t v = in->lohi == PX_HI ? (p >> 16) & 0xffffffffu : p & 0xffffffffu;
            if (in->op == PX_OP_mad24)
                v = (v + c[l]) & 0xffffffffu;
            r[l] = v;
        }
        break;
    case PX_OP_fma:
        if (t == PX_T_F32)
            ffma32(r, a, b, c, in->rnd, ftz, sat);
        else
            ffma64(r, a, b, c, in->rnd, sat);
        break;
    case PX_OP_div:
        if (t == PX_T_F32) {
            if (in->flags & (PX_F_APPROX | PX_F_FULL)) {
                L {
                    float x = f32_of(a[l]), y = f32_of(b[l]);
                    if (ftz) { x = ftz32(x); y = ftz32(y); }
                    float v = (float)((double)x / (double)y);
                    if (ftz) v = ftz32(v);
                    r[l] = canon32(v);
                }
            } else {
                fbin32(r, a, b, FB_DIV, in->rnd, ftz, 0);
            }
        } else if (t == PX_T_F64) {
            fbin64(r, a, b, FB_DIV, in->rnd, 0);
        } else {
            L {
                uint64_t x = zext(a[l], bits), y = zext(b[l], bits);
                if (y == 0)
                    r[l] = m;
                else if (sg) {
                    int64_t sx = sext(x, bits), sy = sext(y, bits);
                    r[l] = (sy == -1) ? ((uint64_t)0 - (uint64_t)sx) & m : (uint64_t)(sx / sy) & m;
                } else
                    r[l] = x / y;
            }
        }
        break;
    case PX_OP_rem:
        L {
            uint64_t x = zext(a[l], bits), y = zext(b[l], bits);
            if (y == 0)
                r[l] = x;
            else if (sg) {
                int64_t sx = sext(x, bits), sy = sext(y, bits);
                r[l] = sy == -1 ? 0 : (uint64_t)(sx % sy) & m;
            } else
                r[l] = x % y;
        }
        break;
    case PX_OP_abs:
    case PX_OP_neg:
        if (t == PX_T_F32) {
            L {
                float x = f32_of(a[l]);
                if (ftz) x = ftz32(x);
                uint64_t u = bits_f32(x);
                r[l] = in->op == PX_OP_abs ? (u & 0x7fffffffu) : (u ^ 0x80000000u);
            }
        } else if (t == PX_T_F64) {
            L r[l] = in->op == PX_OP_abs ? (a[l] & 0x7fffffffffffffffull) : (a[l] ^ 0x8000000000000000ull);
        } else {
            L {
                int64_t x = sext(a[l], bits);
                uint64_t v = in->op == PX_OP_neg ? (uint64_t)0 - (uint64_t)x : (x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x);
                r[l] = v & m;
            }
        }
        break;
    case PX_OP_min:
    case PX_OP_max: {
        int mx = in->op == PX_OP_max;
        if (t == PX_T_F32) {
            L {
                float x = f32_of(a[l]), y = f32_of(b[l]);
                if (ftz) { x = ftz32(x); y = ftz32(y); }
                r[l] = canon32((float)fmin_ptx(x, y, mx));
            }
        } else if (t == PX_T_F64) {
            L r[l] = canon64(fmin_ptx(f64_of(a[l]), f64_of(b[l]), mx));
        } else if (sg) {
            L {
                int64_t x = sext(a[l], bits), y = sext(b[l], bits);
                r[l] = (uint64_t)(mx ? (x > y ? x : y) : (x < y ? x : y)) & m;
            }
        } else {
            L {
                uint64_t x = zext(a[l], bits), y = zext(b[l], bits);
                r[l] = mx ? (x > y ? x : y) : (x < y ? x : y);
            }
        }
        break;
    }
    case PX_OP_rcp:
    case PX_OP_sqrt:
        if (in->flags & PX_F_APPROX) {
            L {
                double x = t == PX_T_F32 ? (double)(ftz ? ftz32(f32_of(a[l])) : f32_of(a[l])) : f64_of(a[l]);
                double v = in->op == PX_OP_rcp ? 1.0 / x : sqrt(x);
                if (t == PX_T_F32) {
                    float f = (float)v;
                    r[l] = canon32(ftz ? ftz32(f) : f);
                } else {
                    r[l] = canon64(v);
                }
            }
        } else {
            funary_round(r, a, t, in->op == PX_OP_rcp, in->rnd, ftz);
        }
        break;
    case PX_OP_rsqrt:
    case PX_OP_sin:
    case PX_OP_cos:
    case PX_OP_lg2:
    case PX_OP_ex2:
        L {
            double x = t == PX_T_F32 ? (double)(ftz ? ftz32(f32_of(a[l])) : f32_of(a[l])) : f64_of(a[l]);
            double v;
            switch (in->op) {
            case PX_OP_rsqrt: v = 1.0 / sqrt(x); break;
            case PX_OP_sin: v = sin(x); break;
            case PX_OP_cos: v = cos(x); break;
            case PX_OP_lg2: v = log2(x); break;
            default: v = exp2(x); break;
            }
            if (t == PX_T_F32) {
                float f = (float)v;
                r[l] = canon32(ftz ? ftz32(f) : f);
            } else {
                r[l] = canon64(v);
            }
        }
        break;
    case PX_OP_copysign:
        if (t == PX_T_F32)
            L r[l] = (b[l] & 0x7fffffffu) | (a[l] & 0x80000000u);
        else
            L r[l] = (b[l] & 0x7fffffffffffffffull) | (a[l] & 0x8000000000000000ull);
        break;
    case PX_OP_testp:
        L {
            double x = t == PX_T_F32 ? (double)f32_of(a[l]) : f64_of(a[l]);
            int sub = t == PX_T_F32 ? (fabs(x) < 0x1p-126 && x != 0) : (fpclassify(x) == FP_SUBNORMAL);
            int v;
            switch (in->sub) {
            case 0: v = isfinite(x); break;
            case 1: v = isinf(x); break;
            case 2: v = !isnan(x); break;
            case 3: v = isnan(x); break;
            case 4: v = isfinite(x) && x != 0 && !sub; break;
            default: v = sub; break;
            }
            r[l] = (uint64_t)(v != 0);
        }
        break;
    case PX_OP_and:
    case PX_OP_or:
    case PX_OP_xor:
        if (t == PX_T_PRED) {
            L {
                uint64_t x = a[l] ^ in->src[0].neg, y = b[l] ^ in->src[1].neg;
                r[l] = in->op == PX_OP_and ? (x & y) : in->op == PX_OP_or ? (x | y) : (x ^ y);
            }
        } else if (in->op == PX_OP_and) {
            L r[l] = a[l] & b[l] & m;
        } else if (in->op == PX_OP_or) {
            L r[l] = (a[l] | b[l]) & m;
        } else {
            L r[l] = (a[l] ^ b[l]) & m;
        }
        break;
    case PX_OP_not:
        if (t == PX_T_PRED)
            L r[l] = !(a[l] ^ in->src[0].neg);
        else
            L r[l] = ~a[l] & m;
        break;
    case PX_OP_cnot:
        L r[l] = (a[l] & m) == 0;
        break;
    case PX_OP_shl:
        L {
            uint64_t s = b[l] & 0xffffffffu;
            r[l] = s >= (uint64_t)bits ? 0 : (a[l] << s) & m;
        }
        break;
    case PX_OP_shr:
        L {
            uint64_t s = b[l] & 0xffffffffu;
            if (sg) {
                int64_t x = sext(a[l], bits);
                r[l] = (uint64_t)(s >= (uint64_t)bits ? (x < 0 ? -1 : 0) : (x >> s)) & m;
            } else {
                r[l] = s >= (uint64_t)bits ? 0 : zext(a[l], bits) >> s;
            }
        }
        break;
    case PX_OP_popc:
        L r[l] = (uint64_t)__builtin_popcountll(zext(a[l], bits));
        break;
    case PX_OP_clz:
        L {
            uint64_t x = zext(a[l], bits);
            r[l] = x ? (uint64_t)(__builtin_clzll(x) - (64 - bits)) : (uint64_t)bits;
        }
        break;
    case PX_OP_brev:
        L {
            uint64_t x = a[l], v = 0;
            for (int k = 0; k < bits; k++)
                v |= ((x >> k) & 1) << (bits - 1 - k);
            r[l] = v;
        }
        break;
    case PX_OP_bfe:
        L {
            uint64_t pos = b[l] & 0xff, len = c[l] & 0xff;
            uint64_t x = zext(a[l], bits);
            uint64_t v = 0;
            if (len) {
                /* the field's bits that lie inside a, then its top bit (a's sign bit when the
                 * field starts past it) replicated above them for the signed types */
                uint64_t top = pos + len - 1 >= (uint64_t)bits ? (uint64_t)bits - 1 : pos + len - 1;
                uint64_t sbit = sg ? (x >> top) & 1 : 0;
                uint64_t n = pos >= (uint64_t)bits ? 0 : len < (uint64_t)bits - pos ? len : (uint64_t)bits - pos;
                v = n ? (x >> pos) & wmask((int)n) : 0;
                if (sbit && n < 64)
                    v |= n ? ~wmask((int)n) : ~(uint64_t)0;
            }
            r[l] = v & m;
        }
        break;
    case PX_OP_bfi:
        L {
            uint64_t pos = c[l] & 0xff, len = e[l] & 0xff;
            uint64_t v = zext(b[l], bits);
            if (len && pos < (uint64_t)bits) {
                uint64_t n = len > (uint64_t)bits - pos ? (uint64_t)bits - pos : len;
                uint64_t fm = wmask((int)n) << pos;
                v = (v & ~fm) | ((a[l] << pos) & fm);
            }
            r[l] = v & m;
        }
        break;
    case PX_OP_bfind:
        /* the most significant bit that differs from the sign (unsigned: the highest 1); none:
         * all ones; .shiftamt: the left shift that brings it to the top */
        L {
            uint64_t x = zext(a[l], bits);
            if (sg && (x >> (bits - 1)))
                x = ~x & m;
            uint64_t pos = x ? (uint64_t)(63 - __builtin_clzll(x | 1)) : 0xffffffffu;
            r[l] = (x && (in->flags & PX_F_SHIFTAMT)) ? (uint64_t)(bits - 1) - pos : pos;
        }
        break;
    case PX_OP_fns:
        /* the |offset|-th set bit of mask from bit base upwards (offset > 0) or downwards
         * (offset < 0), base itself counting; offset 0: base if its bit is set; none: all ones */
        L {
            uint32_t msk = (uint32_t)a[l], base = (uint32_t)b[l];
            int32_t off = (int32_t)(uint32_t)c[l];
            uint32_t v = 0xffffffffu;
            if (off == 0) {
                if (base < 32 && ((msk >> base) & 1))
                    v = base;
            } else if (base < 32) {
                uint32_t cnt = off > 0 ? (uint32_t)off : 0u - (uint32_t)off; /* >= 1 */
                if (off > 0) {
                    uint32_t above = msk & (0xffffffffu << base);
                    for (uint32_t k = 1; above && k < cnt; k++)
                        above &= above - 1; /* drop the lowest */
                    if (above)
                        v = (uint32_t)__builtin_ctz(above);
                } else {
                    uint32_t below = msk & (0xffffffffu >> (31 - base));
                    for (uint32_t k = 1; below && k < cnt; k++)
                        below &= ~(0x80000000u >> __builtin_clz(below)); /* drop the highest */
                    if (below)
                        v = 31u - (uint32_t)__builtin_clz(below);
                }
            }
            r[l] = v;
        }
        break;
    case PX_OP_szext:
        /* the low b bits of a, sign- (.s32) or zero-extended (.u32); b = 0: 0; b >= 32: .clamp
         * keeps a, .wrap uses b mod 32 */
        L {
            uint32_t x = (uint32_t)a[l], n = (uint32_t)b[l], n1 = n & 31;
            int big = n >= 32 && (in->flags & PX_F_CLAMP);
            uint32_t hi = big ? 0 : 0xffffffffu << n1; /* the bits replaced */
            uint32_t sbit = (!big && n1 && sg) ? (x >> (n1 - 1)) & 1 : 0;
            r[l] = (x & ~hi) | (sbit ? hi : 0);
        }
        break;
    case PX_OP_bmsk:
        /* b ones from bit a up: 0 when a + b passes bit 31 (wrap: a and b mod 32; clamp: a >= 32
         * gives 0, b >= 32 runs to bit 31) */
        L {
            uint32_t pa = (uint32_t)a[l], wb = (uint32_t)b[l], a1 = pa & 31, b1 = wb & 31;
            int clamp = (in->flags & PX_F_CLAMP) != 0;
            uint32_t lo = (clamp && pa >= 32) ? 0 : 0xffffffffu << a1;
            int open = a1 + b1 >= 32 || (clamp && (pa >= 32 || wb >= 32)); /* no upper bound */
            uint32_t top = open ? 0 : b1 == 0 ? 0xffffffffu : 0xffffffffu << (a1 + b1);
            r[l] = lo & ~top;
        }
        break;
    case PX_OP_prmt:
        L {
            uint32_t sel = (uint32_t)c[l];
            uint32_t v = 0;
            switch (in->sub) {
            case 0:
                for (int k = 0; k < 4; k++)
                    v |= prmt_byte(a[l], b[l], (sel >> (4 * k)) & 15) << (8 * k);
                break;
            default: { /* f4e b4e rc8 ecl ecr rc16: modes over sel[1:0] */
                static const uint8_t tb[6][4][4] = {
                    {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},           /* f4e */
                    {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},           /* b4e */
                    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},           /* rc8 */
                    {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},           /* ecl */
                    {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},           /* ecr */
                    {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}};          /* rc16 */
                int md = in->sub - 1, s2 = sel & 3;
                for (int k = 0; k < 4; k++)
                    v |= prmt_byte(a[l], b[l], tb[md][s2][k]) << (8 * k);
            }
            }
            r[l] = v;
        }
        break;
    case PX_OP_lop3:
        /* each result bit is bit (a<<2 | b<<1 | c) of the look-up table */
        L {
            uint64_t x = a[l], y = b[l], z = c[l], lut = e[l], v = 0;
            for (int i = 0; i < 8; i++)
                if ((lut >> i) & 1)
                    v |= ((i & 4) ? x : ~x) & ((i & 2) ? y : ~y) & ((i & 1) ? z : ~z);
            r[l] = v & 0xffffffffu;
        }
        break;
    case PX_OP_shf:
        /* funnel shift of b:a by c (.wrap: c mod 32, .clamp: at most 32) */
        L {
            uint64_t x = (b[l] & 0xffffffffu) << 32 | (a[l] & 0xffffffffu);
            uint64_t n = (in->flags & PX_F_WRAP) ? (c[l] & 31) : ((c[l] & 0xffffffffu) > 32 ? 32 : (c[l] & 0xffffffffu));
            r[l] = in->sub == 1 ? (uint64_t)((x << n) >> 32) : (x >> n) & 0xffffffffu;
        }
        break;
    case PX_OP_setp:
    case PX_OP_set: {
        int st2 = in->type2, sb2 = px_type_bits(st2), hs = wt__ptx_half_type(st2);
        uint64_t cmpv[PX_W];
        uint64_t hi[PX_W];
        int x2 = hs == 2 || hs == 4;
        if (hs) {
            /* f16/bf16 by value (.ftz: f16 subnormals as zero); f16x2/bf16x2: the low halves in
             * cmpv, the high ones in hi */
            int fmt = hs >= 3 ? PX_HALF_BF16 : PX_HALF_F16;
            uint32_t ftzm = ftz ? 0x7c00u : 0;
            L {
                for (int k = 0; k < 1 + x2; k++) {
                    uint32_t ha = (uint32_t)(a[l] >> (16 * k)) & 0xffff, hb = (uint32_t)(b[l] >> (16 * k)) & 0xffff;
                    if (ftzm && !(ha & ftzm)) ha &= 0x8000u;
                    if (ftzm && !(hb & ftzm)) hb &= 0x8000u;
                    uint64_t v = (uint64_t)fcmp(wt__ptx_half_to_double(ha, fmt), wt__ptx_half_to_double(hb, fmt), in->cmp);
                    if (k)
                        hi[l] = v;
                    else
                        cmpv[l] = v;
                }
            }
        } else if (st2 == PX_T_F32)
            L {
                float x = f32_of(a[l]), y = f32_of(b[l]);
                if (ftz) { x = ftz32(x); y = ftz32(y); }
                cmpv[l] = (uint64_t)fcmp(x, y, in->cmp);
            }
        else if (st2 == PX_T_F64)
            L cmpv[l] = (uint64_t)fcmp(f64_of(a[l]), f64_of(b[l]), in->cmp);
        else if (sb2 == 32 || sb2 == 64) {
            /* the common integer compares as plain loops */
            int sgn = px_type_signed(st2);
            int64_t sh = 64 - sb2;
            switch (in->cmp) {
            case PX_EQ: L cmpv[l] = ((a[l] ^ b[l]) << sh) == 0; break;
            case PX_NE: L cmpv[l] = ((a[l] ^ b[l]) << sh) != 0; break;
            default:
                if (sgn && (in->cmp == PX_LT || in->cmp == PX_GE || in->cmp == PX_GT || in->cmp == PX_LE)) {
                    int c = in->cmp;
                    L {
                        int64_t x = (int64_t)(a[l] << sh) >> sh, y = (int64_t)(b[l] << sh) >> sh;
                        cmpv[l] = c == PX_LT ? x < y : c == PX_GE ? x >= y : c == PX_GT ? x > y : x <= y;
                    }
                } else {
                    L cmpv[l] = (uint64_t)icmp(a[l], b[l], sb2, sgn, in->cmp);
                }
            }
        } else
            L cmpv[l] = (uint64_t)icmp(a[l], b[l], sb2, px_type_signed(st2), in->cmp);
        if (x2) { /* setp: p|q the low and the high half; set: a result per half */
            if (in->bop)
                L {
                    uint64_t cc = (c[l] ^ in->src[2].neg) & 1;
                    cmpv[l] = in->bop == PX_BAND ? cmpv[l] & cc : in->bop == PX_BOR ? cmpv[l] | cc : cmpv[l] ^ cc;
                    hi[l] = in->bop == PX_BAND ? hi[l] & cc : in->bop == PX_BOR ? hi[l] | cc : hi[l] ^ cc;
                }
            if (in->op == PX_OP_setp) {
                L { r[l] = cmpv[l]; r2[l] = hi[l]; }
                two = 1;
            } else { /* 1.0 per half (f16 0x3c00, bf16 0x3f80), or 0xffff per half */
                int dh = wt__ptx_half_type(t);
                uint64_t one = dh == 2 ? 0x3c00u : dh == 4 ? 0x3f80u : 0xffffu;
                L r[l] = (cmpv[l] ? one : 0) | (hi[l] ? one << 16 : 0);
            }
            break;
        }
        uint64_t q[PX_W];
        L q[l] = !cmpv[l];
        if (in->bop) {
            L {
                uint64_t cc = c[l] ^ in->src[2].neg;
                if (in->bop == PX_BAND) { cmpv[l] &= cc; q[l] &= cc; }
                else if (in->bop == PX_BOR) { cmpv[l] |= cc; q[l] |= cc; }
                else { cmpv[l] ^= cc; q[l] ^= cc; }
            }
        }
        if (in->op == PX_OP_setp) {
            L r[l] = cmpv[l];
            if (in->ndst == 2) {
                L r2[l] = q[l];
                two = 1;
            }
        } else if (t == PX_T_F32) {
            L r[l] = cmpv[l] ? 0x3f800000u : 0;
        } else if (t == PX_T_F16 || t == PX_T_BF16) { /* set.cmp.f16.stype: 1.0 or 0.0 */
            uint64_t one = t == PX_T_F16 ? 0x3c00u : 0x3f80u;
            L r[l] = cmpv[l] ? one : 0;
        } else {
            L r[l] = cmpv[l] ? m : 0;
        }
        break;
    }
    case PX_OP_selp:
        L r[l] = ((c[l] ^ in->src[2].neg) & 1) ? a[l] & m : b[l] & m;
        break;
    case PX_OP_slct:
        if (in->type2 == PX_T_F32)
            L {
                float x = f32_of(c[l]);
                if (ftz) x = ftz32(x);
                r[l] = (x >= 0.0f) ? a[l] & m : b[l] & m;
            }
        else
            L r[l] = sext(c[l], 32) >= 0 ? a[l] & m : b[l] & m;
        break;
    default:
        return;
    }
write:
    if (in->dst[0].kind == PX_R_REG) {
        uint64_t *d = px_reg(w, &in->dst[0]);
        if (mask == 0xffffffffu)
            memcpy(d, r, sizeof r);
        else
            L d[l] = ((mask >> l) & 1) ? r[l] : d[l];
    }
    if (two && in->dst[1].kind == PX_R_REG) {
        uint64_t *d = px_reg(w, &in->dst[1]);
        L d[l] = ((mask >> l) & 1) ? r2[l] : d[l];
    }
}
