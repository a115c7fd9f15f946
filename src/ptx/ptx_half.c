/* ptx_half.c -- f16 and bf16: exact conversions to and from double, and the half-precision arithmetic
 * (add, sub, mul, fma, neg, abs, min, max, ex2, tanh on .f16/.f16x2/.bf16/.bf16x2)
 * SPDX-License-Identifier: MIT
 *
 * Every result is the exact result rounded once (PTX ISA 9.7.4: IEEE 754 round to nearest even):
 *  - a product of two halves has at most 22 significant bits, exact in double;
 *  - a sum (add, sub, and fma's product plus c) is computed in double rounded to odd (the
 *    double nearest below or above with its last bit set when the sum is inexact, found from
 *    the exact error of the rounded-to-nearest sum).  A value rounded to odd at 53 bits rounds
 *    to nearest at 11 (f16) or 8 (bf16) bits exactly as the exact sum does (p + 2 <= 53), so
 *    no double rounding can occur even where the operands' exponents are far apart (bf16's
 *    exponent range is f32's, so a sum need not be exact in double).
 * Decisions, as for f32 (ptx_alu_tpl.h): a NaN result is the canonical 0x7fff; .sat clamps the
 * rounded result to [0, 1] with NaN to +0; .relu makes a negative rounded result +0 (-0 stays)
 * and keeps NaN canonical; .ftz
 * (.f16 only) flushes subnormal inputs and results to zero of the same sign.  ex2.approx and
 * tanh.approx are exp2/tanh in double rounded to nearest (within PTX's error bounds; not
 * claimed bit-exact with a GPU).  min/max: a NaN operand yields the other, two NaNs (or any
 * NaN with .NaN) the canonical NaN; -0 is below +0; .xorsign.abs compares magnitudes and
 * gives the result the xor of the operands' signs. */
#include <math.h>
#include <string.h>

#include "ptx_internal.h"

#define L for (int l = 0; l < PX_W; l++)

static double f64_of(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static uint64_t bits_f64(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* the format's significand bits (with the hidden one), smallest normal exponent, largest exponent */
static const struct {
    int p, emin, emax;
} fmts[2] = {{11, -14, 15}, {8, -126, 127}};

double wt__ptx_half_to_double(uint32_t h, int fmt)
{
    int p = fmts[fmt].p, ebits = fmt == PX_HALF_F16 ? 5 : 8, bias = fmts[fmt].emax;
    uint32_t m = h & ((1u << (p - 1)) - 1), e = (h >> (p - 1)) & ((1u << ebits) - 1);
    double s = (h >> 15) & 1 ? -1.0 : 1.0;
    if (e == 0)
        return s * ldexp((double)m, fmts[fmt].emin - (p - 1));
    if (e == (1u << ebits) - 1)
        return m ? (double)NAN : s * (double)INFINITY;
    return s * ldexp((double)(m | (1u << (p - 1))), (int)e - bias - (p - 1));
}

uint32_t wt__ptx_half_from_double(double x, int rnd, int fmt)
{
    int p = fmts[fmt].p, emin = fmts[fmt].emin, emax = fmts[fmt].emax;
    uint32_t sign = signbit(x) ? 0x8000u : 0, inf = fmt == PX_HALF_F16 ? 0x7c00u : 0x7f80u;
    if (x != x)
        return 0x7fff;
    double a = fabs(x);
    if (isinf(a))
        return sign | inf;
    if (a == 0)
        return sign;
    int e;
    frexp(a, &e); /* a = m 2^e, m in [0.5, 1) */
    int qe = e - p;
    if (qe < emin - (p - 1))
        qe = emin - (p - 1);
    double r = ldexp(a, -qe), ri; /* exact: r < 2^p */
    int neg = sign != 0;
    switch (rnd) {
    case PX_RZ: ri = floor(r); break;
    case PX_RM: ri = neg ? ceil(r) : floor(r); break;
    case PX_RP: ri = neg ? floor(r) : ceil(r); break;
    default: {
        ri = floor(r);
        double f = r - ri;
        if (f > 0.5 || (f == 0.5 && fmod(ri, 2.0) == 1.0))
            ri += 1.0;
    }
    }
    double v = ldexp(ri, qe), maxf = ldexp(2.0 - ldexp(1.0, 1 - p), emax);
    if (v > maxf) {
        int to_inf = rnd == PX_RN || rnd == 0 || (rnd == PX_RP && !neg) || (rnd == PX_RM && neg);
        return to_inf ? (sign | inf) : (sign | (inf - 1));
    }
    if (v < ldexp(1.0, emin)) /* subnormal or zero: the significand is the multiple of the least one */
        return sign | (uint32_t)ldexp(v, (p - 1) - emin);
    int ve;
    double vm = frexp(v, &ve);
    uint32_t mant = (uint32_t)(ldexp(vm, p) - ldexp(1.0, p - 1));
    return sign | (uint32_t)(ve - 1 + emax) << (p - 1) | mant;
}

/* x + y rounded to odd at 53 bits (see the top); infinities and NaN as the IEEE sum */
static double add_odd(double x, double y)
{
    double s = x + y;
    if (!isfinite(s))
        return s;
    double bb = s - x;
    double err = (x - (s - bb)) + (y - bb); /* s + err == x + y exactly (TwoSum) */
    if (err != 0) {
        uint64_t u = bits_f64(s);
        if (!(u & 1))
            u += (err > 0) == (s > 0) ? 1 : (uint64_t)-1;
        s = f64_of(u);
    }
    return s;
}

static int is_sub(uint32_t h, int fmt)
{
    uint32_t emask = fmt == PX_HALF_F16 ? 0x7c00u : 0x7f80u;
    return !(h & emask) && (h & 0x7fffu);
}

/* one element: the operation on halves a, b, c (16 bits each) */
static uint32_t elem(const px_insn *in, int fmt, uint32_t a, uint32_t b, uint32_t c)
{
    int ftz = (in->flags & PX_F_FTZ) != 0;
    if (ftz) {
        a = is_sub(a, fmt) ? (a & 0x8000u) : a;
        b = is_sub(b, fmt) ? (b & 0x8000u) : b;
        c = is_sub(c, fmt) ? (c & 0x8000u) : c;
    }
    double x = wt__ptx_half_to_double(a, fmt), y = wt__ptx_half_to_double(b, fmt), v;
    switch (in->op) {
    case PX_OP_neg: return a ^ 0x8000u;
    case PX_OP_abs: return a & 0x7fffu;
    case PX_OP_min:
    case PX_OP_max: {
        int mx = in->op == PX_OP_max, xs = (in->flags & PX_F_XORSIGN) != 0;
        if (x != x || y != y) {
            if ((x != x && y != y) || (in->flags & PX_F_NAN))
                return 0x7fff;
            return x != x ? (xs ? (b & 0x7fffu) | ((a ^ b) & 0x8000u) : b) : (xs ? (a & 0x7fffu) | ((a ^ b) & 0x8000u) : a);
        }
        uint32_t r;
        if (xs) {
            r = (fabs(x) < fabs(y)) == !mx ? a : b;
            if (fabs(x) == fabs(y))
                r = a;
            return (r & 0x7fffu) | ((a ^ b) & 0x8000u);
        }
        if (x == y) /* -0 below +0 */
            r = mx ? ((a & 0x8000u) ? b : a) : ((a & 0x8000u) ? a : b);
        else
            r = (x < y) == !mx ? a : b;
        return r;
    }
    case PX_OP_add: v = add_odd(x, y); break;
    case PX_OP_sub: v = add_odd(x, -y); break;
    case PX_OP_mul: v = x * y; break; /* exact */
    case PX_OP_fma: v = add_odd(x * y, wt__ptx_half_to_double(c, fmt)); break;
    case PX_OP_ex2: v = exp2(x); break;
    default: v = tanh(x); break; /* tanh */
    }
    if (v != v)
        return (in->flags & PX_F_SAT) ? 0 : 0x7fff;
    uint32_t h = wt__ptx_half_from_double(v, PX_RN, fmt), one = fmt == PX_HALF_F16 ? 0x3c00u : 0x3f80u;
    if ((in->flags & (PX_F_SAT | PX_F_RELU)) && (h & 0x8000u) && (h & 0x7fffu))
        h = 0; /* on the rounded result: -0 stays -0, as f32 .sat does (ptx_alu_tpl.h) */
    if ((in->flags & PX_F_SAT) && h > one && !(h & 0x8000u))
        h = one;
    if (ftz && is_sub(h, fmt))
        h &= 0x8000u;
    return h;
}

int wt__ptx_half_type(int t)
{
    return t == PX_T_F16 ? 1 : t == PX_T_F16X2 ? 2 : t == PX_T_BF16 ? 3 : t == PX_T_BF16X2 ? 4 : 0;
}

int wt__ptx_half_supported(const px_insn *in)
{
    int k = wt__ptx_half_type(in->type), bf = k >= 3;
    uint32_t f = in->flags;
    if (!k)
        return 0;
    if (bf && (f & PX_F_FTZ) && in->op != PX_OP_ex2)
        return 0; /* bf16 keeps subnormals (ex2.approx.ftz.bf16 is the one form with .ftz) */
    switch (in->op) {
    case PX_OP_add: case PX_OP_sub: case PX_OP_mul:
        return (in->rnd == 0 || in->rnd == PX_RN) && !(bf && (f & PX_F_SAT));
    case PX_OP_fma:
        return in->rnd == PX_RN && !((f & PX_F_SAT) && (f & PX_F_RELU)) && !(bf && (f & PX_F_SAT));
    case PX_OP_neg: case PX_OP_abs:
        return 1;
    case PX_OP_min: case PX_OP_max:
        return !(f & PX_F_RELU);
    case PX_OP_ex2: case PX_OP_tanh: /* ex2.approx.ftz.bf16 needs its .ftz */
        return (f & PX_F_APPROX) && !(bf && in->op == PX_OP_ex2 && !(f & PX_F_FTZ));
    default:
        return 0;
    }
}

void wt__ptx_half_alu(const px_insn *in, uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c)
{
    int k = wt__ptx_half_type(in->type), fmt = k >= 3 ? PX_HALF_BF16 : PX_HALF_F16, two = k == 2 || k == 4;
    L {
        uint64_t x = a[l], y = b ? b[l] : 0, z = c ? c[l] : 0;
        uint64_t v = elem(in, fmt, (uint32_t)x & 0xffff, (uint32_t)y & 0xffff, (uint32_t)z & 0xffff);
        if (two)
            v |= (uint64_t)elem(in, fmt, (uint32_t)(x >> 16) & 0xffff, (uint32_t)(y >> 16) & 0xffff,
                                (uint32_t)(z >> 16) & 0xffff) << 16;
        r[l] = v;
    }
}
