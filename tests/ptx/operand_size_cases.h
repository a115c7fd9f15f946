/* operand_size_cases.h -- PTX ISA 6.4.2 (operand size exceeding instruction-type size) as a table of
 * instruction forms, each a small PTX kernel, with a C model of what it writes
 * SPDX-License-Identifier: MIT
 *
 * ld, ldu, st and cvt are the PTX instructions whose data registers may be wider than the
 * instruction type (ptxas refuses the wider forms of every other instruction: mov, add, selp,
 * atom, shfl, vote, tex ...).  A wider source is truncated to the type; a wider destination
 * receives the value sign-extended when the type is a signed integer and zero-extended otherwise
 * (unsigned, bit-size and floating-point types).  Which register types go with which instruction
 * types: a bit-size register with any type, an integer register with bit-size and integer types,
 * a floating-point register with bit-size types or the floating-point type of its own size.
 *
 * Every form is a kernel `k(.param .u64 in, .param .u64 out, .param .b64 pv)` for 32 threads:
 * thread i reads the 8 bytes in[i] (or, for ld.param, the parameter pv), runs the instruction and
 * stores its destination register's full width to out[i] (st: stores the instruction type's bytes
 * there).  Bytes of out[i] past what was stored keep their earlier contents, OS_FILL.  os_model()
 * says what out[i] holds afterwards.  The header is plain C with no warptex dependency, so that a
 * CUDA harness can run the same kernels on a GPU (cuModuleLoadData(os_ptx(...)), entry "k") and
 * compare them with the same model. */
#ifndef WT_OPERAND_SIZE_CASES_H
#define WT_OPERAND_SIZE_CASES_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- types ---- */
enum { OS_B8, OS_B16, OS_B32, OS_B64, OS_U8, OS_U16, OS_U32, OS_U64, OS_S8, OS_S16, OS_S32, OS_S64,
       OS_F16, OS_F32, OS_F64, OS_NTYPES };
static const char *const os_tname[OS_NTYPES] = {"b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64",
                                                 "s8", "s16", "s32", "s64", "f16", "f32", "f64"};
static inline int os_bits(int t) { return t >= OS_F16 ? 16 << (t - OS_F16) : 8 << (t & 3); }
static inline int os_isbit(int t) { return t <= OS_B64; }
static inline int os_issigned(int t) { return t >= OS_S8 && t <= OS_S64; }
static inline int os_isint(int t) { return t >= OS_U8 && t <= OS_S64; }
static inline int os_isfloat(int t) { return t >= OS_F16; }
static inline uint64_t os_mask(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }
static inline int64_t os_sext(uint64_t v, int bits)
{
    return bits >= 64 ? (int64_t)v : (int64_t)((v & os_mask(bits)) ^ ((uint64_t)1 << (bits - 1))) -
                                         (int64_t)((uint64_t)1 << (bits - 1));
}
/* May a register of type r hold data of instruction type t (ld, ldu, st, cvt)? */
static inline int os_reg_ok(int r, int t)
{
    if (os_bits(r) < os_bits(t))
        return 0;
    if (os_isbit(r))
        return 1;
    if (os_isint(r))
        return !os_isfloat(t);
    return os_isbit(t) || (os_isfloat(t) && os_bits(r) == os_bits(t));
}

/* ---- forms ---- */
enum { OS_CVT, OS_LD, OS_ST };
enum { OS_GLOBAL, OS_NC, OS_LDU, OS_SHARED, OS_LOCAL, OS_PARAM };
static const char *const os_space[] = {"ld.global", "ld.global.nc", "ldu.global", "ld.shared", "ld.local",
                                       "ld.param"};
/* cvt roundings: float ones (rn ...), integer ones (rni ...) */
enum { OS_RNONE, OS_RN, OS_RZ, OS_RM, OS_RP, OS_RNI, OS_RZI, OS_RMI, OS_RPI };
static const char *const os_rname[] = {"", ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi"};

typedef struct os_form {
    int op;    /* OS_CVT, OS_LD, OS_ST */
    int t;     /* the instruction type (cvt: the destination type) */
    int st;    /* cvt: the source type */
    int rnd;   /* cvt: OS_R* */
    int sat;   /* cvt: .sat */
    int reg;   /* the data register: cvt/ld destination, st source */
    int sreg;  /* cvt: the source register */
    int space; /* ld: OS_GLOBAL ... */
} os_form;

#define OS_FILL 0xa5a5a5a5a5a5a5a5ull

/* The instruction of form f in PTX, with registers d (destination) and s (source); ld reads
 * [%ia] (global), [%sa] (shared), [lc] (local) or [pv] (param), st writes [%oa]. */
static inline void os_insn(const os_form *f, const char *d, const char *s, char *buf, size_t n)
{
    if (f->op == OS_CVT)
        snprintf(buf, n, "cvt%s%s.%s.%s %s, %s;", os_rname[f->rnd], f->sat ? ".sat" : "", os_tname[f->t],
                 os_tname[f->st], d, s);
    else if (f->op == OS_ST)
        snprintf(buf, n, "st.global.%s [%%oa], %s;", os_tname[f->t], s);
    else
        snprintf(buf, n, "%s.%s %s, [%s];", os_space[f->space], os_tname[f->t], d,
                 f->space == OS_SHARED ? "%sa" : f->space == OS_LOCAL ? "lc" : f->space == OS_PARAM ? "pv" : "%ia");
}

/* The kernel of form f (see the top of this file); returns the length written (< n) or -1. */
static inline int os_ptx(const os_form *f, char *buf, size_t n)
{
    char insn[96], decl[128] = "", pre[256] = "", post[96] = "";
    os_insn(f, "%d", "%s", insn, sizeof insn);
    int dreg = f->op == OS_ST ? -1 : f->reg;
    int sreg = f->op == OS_ST ? f->reg : f->op == OS_CVT ? f->sreg : -1;
    if (dreg >= 0)
        snprintf(decl, sizeof decl, "\t.reg .%s %%d;\n", os_tname[dreg]);
    if (sreg >= 0) {
        size_t k = strlen(decl);
        snprintf(decl + k, sizeof decl - k, "\t.reg .%s %%s;\n", os_tname[sreg]);
        /* ld.global.bN loads any register of N bits */
        snprintf(pre, sizeof pre, "\tld.global.b%d %%s, [%%ia];\n", os_bits(sreg));
    }
    if (f->op == OS_LD && f->space == OS_SHARED)
        snprintf(pre, sizeof pre, "\tld.global.b64 %%x, [%%ia];\n\tmov.u64 %%sa, sh;\n\tadd.s64 %%sa, %%sa, %%o;\n"
                                  "\tst.shared.b64 [%%sa], %%x;\n");
    else if (f->op == OS_LD && f->space == OS_LOCAL)
        snprintf(pre, sizeof pre, "\tld.global.b64 %%x, [%%ia];\n\tst.local.b64 [lc], %%x;\n");
    if (dreg >= 0)
        snprintf(post, sizeof post, "\tst.global.b%d [%%oa], %%d;\n", os_bits(dreg));
    int r = snprintf(buf, n,
                     ".version 7.0\n.target sm_75\n.address_size 64\n"
                     ".visible .entry k(.param .u64 in, .param .u64 out, .param .b64 pv)\n{\n"
                     "\t.reg .b32 %%t;\n\t.reg .b64 %%ia, %%oa, %%o, %%x, %%sa;\n%s"
                     "\t.shared .align 8 .b8 sh[256];\n\t.local .align 8 .b8 lc[8];\n"
                     "\tld.param.u64 %%ia, [in];\n\tld.param.u64 %%oa, [out];\n"
                     "\tcvta.to.global.u64 %%ia, %%ia;\n\tcvta.to.global.u64 %%oa, %%oa;\n"
                     "\tmov.u32 %%t, %%tid.x;\n\tmul.wide.u32 %%o, %%t, 8;\n"
                     "\tadd.s64 %%ia, %%ia, %%o;\n\tadd.s64 %%oa, %%oa, %%o;\n%s\t%s\n%s\tret;\n}\n",
                     decl, pre, insn, post);
    return r > 0 && (size_t)r < n ? r : -1;
}

/* ---- the model ---- */
static inline double os_half_value(uint64_t h)
{
    int e = (int)((h >> 10) & 31), m = (int)(h & 1023);
    double s = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 0)
        return s * ldexp(m, -24);
    if (e == 31)
        return m ? NAN : s * INFINITY;
    return s * ldexp(m + 1024, e - 25);
}
/* v rounded to binary16, to nearest with ties to even (what cvt.rn.f16 does), NaN the quiet NaN */
static inline uint64_t os_half_bits(double v)
{
    uint64_t s = signbit(v) ? 0x8000 : 0;
    v = fabs(v);
    if (v != v)
        return 0x7e00;
    if (v >= 65520.0) /* halfway between 65504 and 2^16 and above: infinity */
        return s | 0x7c00;
    int e;
    frexp(v, &e); /* v in [2^(e-1), 2^e) */
    int qe = e - 11 < -24 ? -24 : e - 11; /* the binade's quantum (subnormals: 2^-24) */
    v = ldexp(rint(ldexp(v, -qe)), qe);   /* exact scalings around one rounding */
    if (v < ldexp(1, -14))
        return s | (uint64_t)ldexp(v, 24);
    double m = frexp(v, &e); /* the rounding may have carried into the next binade */
    return s | (uint64_t)(e + 14) << 10 | ((uint64_t)ldexp(m, 11) & 1023);
}
static inline double os_float_value(uint64_t bits, int t)
{
    if (t == OS_F16)
        return os_half_value(bits & 0xffff);
    if (t == OS_F32) {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    double d;
    memcpy(&d, &bits, 8);
    return d;
}
static inline uint64_t os_float_bits(double v, int t)
{
    if (t == OS_F16)
        return os_half_bits(v);
    if (t == OS_F32) {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    uint64_t u;
    memcpy(&u, &v, 8);
    return u;
}

/* The value of type t a cvt computes from a source register holding x (a type-sized result). */
static inline uint64_t os_cvt(const os_form *f, uint64_t x)
{
    int db = os_bits(f->t), sb = os_bits(f->st);
    uint64_t a = x & os_mask(sb); /* a wider source register: truncated to the source type */
    __extension__ typedef __int128 i128;
    if (!os_isfloat(f->t)) {
        i128 lo = os_issigned(f->t) ? -((i128)1 << (db - 1)) : 0;
        i128 hi = os_issigned(f->t) ? ((i128)1 << (db - 1)) - 1 : ((i128)1 << db) - 1;
        i128 v;
        if (!os_isfloat(f->st)) {
            v = os_issigned(f->st) ? (i128)os_sext(a, sb) : (i128)a;
            if (!f->sat)
                return (uint64_t)v & os_mask(db); /* modulo 2^db */
        } else {
            /* float to integer: rounded as .rni/.rzi/.rmi/.rpi say, NaN is 0, saturated */
            double d = os_float_value(a, f->st);
            if (d != d)
                return 0;
            d = f->rnd == OS_RZI ? trunc(d) : f->rnd == OS_RMI ? floor(d) : f->rnd == OS_RPI ? ceil(d) : rint(d);
            if (d <= (double)lo)
                v = lo;
            else if (d >= (double)hi)
                v = hi;
            else
                v = (i128)d;
        }
        v = v < lo ? lo : v > hi ? hi : v;
        return (uint64_t)v & os_mask(db);
    }
    /* to a float: rounded to nearest (the integer forms' sources have at most 32 bits, exact in a
     * double, so one rounding) */
    double d = os_isfloat(f->st) ? os_float_value(a, f->st) : os_issigned(f->st) ? (double)os_sext(a, sb) : (double)a;
    return os_float_bits(d, f->t);
}

/* What out[i] holds after the form ran on input x (the thread's 8 input bytes, or ld.param's pv). */
static inline uint64_t os_model(const os_form *f, uint64_t x)
{
    if (f->op == OS_ST) /* the register holds x's low bits, the store writes the type's */
        return (OS_FILL & ~os_mask(os_bits(f->t))) | (x & os_mask(os_bits(f->t)));
    int tb = os_bits(f->t), rb = os_bits(f->reg);
    uint64_t v = f->op == OS_CVT ? os_cvt(f, x & os_mask(os_bits(f->sreg))) : x & os_mask(tb);
    /* the destination register: sign-extended for a signed type, zero-extended otherwise */
    uint64_t r = os_issigned(f->t) ? (uint64_t)os_sext(v, tb) & os_mask(rb) : v;
    return (OS_FILL & ~os_mask(rb)) | r;
}

/* ---- inputs ---- */
#define OS_NIN 32
/* 32 integer inputs: the edges of every width and some mixed bits */
static inline void os_int_inputs(uint64_t in[OS_NIN])
{
    static const uint64_t v[OS_NIN] = {
        0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000u, 0xffffffffu,
        0x100000000ull, 0x7fffffffffffffffull, 0x8000000000000000ull, ~0ull, 0xffffff38u /* -200 s32 */,
        0xffffffffffffff38ull /* -200 s64 */, 0xff38 /* -200 s16 */, 0xc8 /* 200 */, 0xffffffd0u /* -48 */,
        0x123456789abcdef0ull, 0xfedcba9876543210ull, 0x80, 0xffffff80u, 0x17f, 0x8001, 0xffff7fffu,
        0x00000001ffffffffull, 0xffffffff00000000ull, 0x5a5a5a5a5a5a5a5aull};
    memcpy(in, v, sizeof v);
}
/* 32 float inputs of type t (f16/f32/f64 bits), the rest of the 8 bytes garbage that a wider
 * source register must drop: integer edges, halves (ties), out-of-range values, infinities, NaN */
static inline void os_float_inputs(int t, uint64_t in[OS_NIN])
{
    static const double v[OS_NIN - 1] = {
        -200.0, -128.0, -128.5, -129.0, 127.25, 127.5, 128.0, 255.5, 256.0, -0.5, 0.5, 1.5, 2.5, -2.5, -1.0, 0.0,
        -0.0, 65504.0, -32768.0, 32767.5, 1e10, -1e10, 3e9, -3e9, 1e20, -1e20, INFINITY, -INFINITY, -48.75,
        4294967295.0, -2147483649.0};
    for (int i = 0; i < OS_NIN - 1; i++) {
        double d = v[i];
        if (t == OS_F16 && fabs(d) > 65504.0 && !isinf(d))
            d = d < 0 ? -INFINITY : INFINITY;
        uint64_t b = os_float_bits(d, t);
        in[i] = b | (t == OS_F64 ? 0 : 0xdeadbeef00000000ull | (t == OS_F16 ? 0xbeef0000u : 0));
    }
    in[OS_NIN - 1] = t == OS_F16 ? 0x7e00 : t == OS_F32 ? 0x7fc00000u : 0x7ff8000000000000ull; /* NaN */
}
/* Float values exactly representable in f16 (and so in f32/f64), bits of type t */
static inline void os_exact_inputs(int t, uint64_t in[OS_NIN])
{
    for (int i = 0; i < OS_NIN; i++) {
        double d = i == 0 ? 0.0 : i == 1 ? -0.0 : i == 2 ? INFINITY : i == 3 ? -INFINITY : i == 4 ? 65504.0
                 : i == 5 ? ldexp(1, -14) : i == 6 ? -ldexp(1, -24) : (i - 18) * 0.375;
        in[i] = os_float_bits(d, t) | (t == OS_F64 ? 0 : 0x0bad000000000000ull);
    }
}

#endif
