/* bit_ops_cases.h -- the PTX bit instructions (bfind, fns, szext, bmsk, prmt in every mode, lop3,
 * shf, bfe, bfi, brev, clz, popc) as small kernels, with a C model of each written from the PTX
 * ISA's pseudo-code
 * SPDX-License-Identifier: MIT
 *
 * Every form is a kernel `k(.param .u64 in, .param .u64 out, .param .u32 n)`: thread i (of n)
 * reads bo_in[i] = {a (64 bits), b, c}, runs the instruction with %a64 = a, %a = a's low word,
 * %b, %c, and stores the 32-bit %d to out[i].  bo_model() says what out[i] must be.  The header
 * is plain C with no warptex dependency, so that a CUDA harness can run the same kernels on a
 * GPU (cuModuleLoadData(bo_ptx(...)), entry "k") and check the model's vectors there. */
#ifndef WT_BIT_OPS_CASES_H
#define WT_BIT_OPS_CASES_H

#include <stdint.h>
#include <stdio.h>

typedef struct bo_in {
    uint64_t a;
    uint32_t b, c;
    uint64_t pad; /* 24 bytes, so the 64-bit a stays aligned */
} bo_in;

enum {
    BO_BFIND, BO_FNS, BO_SZEXT, BO_BMSK, BO_PRMT, BO_LOP3, BO_SHF, BO_BFE, BO_BFI, BO_BREV, BO_CLZ, BO_POPC
};
typedef struct bo_form {
    const char *insn; /* the instruction: %d from %a / %a64, %b, %c */
    int op;
    int sgn;          /* signed type (bfind, szext, bfe) */
    int bits;         /* 32 or 64 (bfind, brev, clz, popc) */
    int mode;         /* bfind: .shiftamt; szext/bmsk/shf: 1 .clamp 0 .wrap; prmt: 0 default, 1-6 f4e..rc16;
                       * lop3: the look-up table; shf: +2 for .r */
} bo_form;

static const bo_form bo_forms[] = {
    {"bfind.u32 %d, %a;", BO_BFIND, 0, 32, 0},
    {"bfind.s32 %d, %a;", BO_BFIND, 1, 32, 0},
    {"bfind.u64 %d, %a64;", BO_BFIND, 0, 64, 0},
    {"bfind.s64 %d, %a64;", BO_BFIND, 1, 64, 0},
    {"bfind.shiftamt.u32 %d, %a;", BO_BFIND, 0, 32, 1},
    {"bfind.shiftamt.s32 %d, %a;", BO_BFIND, 1, 32, 1},
    {"bfind.shiftamt.u64 %d, %a64;", BO_BFIND, 0, 64, 1},
    {"bfind.shiftamt.s64 %d, %a64;", BO_BFIND, 1, 64, 1},
    {"fns.b32 %d, %a, %b, %c;", BO_FNS, 0, 32, 0},
    {"szext.wrap.u32 %d, %a, %b;", BO_SZEXT, 0, 32, 0},
    {"szext.wrap.s32 %d, %a, %b;", BO_SZEXT, 1, 32, 0},
    {"szext.clamp.u32 %d, %a, %b;", BO_SZEXT, 0, 32, 1},
    {"szext.clamp.s32 %d, %a, %b;", BO_SZEXT, 1, 32, 1},
    {"bmsk.wrap.b32 %d, %b, %c;", BO_BMSK, 0, 32, 0},
    {"bmsk.clamp.b32 %d, %b, %c;", BO_BMSK, 0, 32, 1},
    {"prmt.b32 %d, %a, %b, %c;", BO_PRMT, 0, 32, 0},
    {"prmt.b32.f4e %d, %a, %b, %c;", BO_PRMT, 0, 32, 1},
    {"prmt.b32.b4e %d, %a, %b, %c;", BO_PRMT, 0, 32, 2},
    {"prmt.b32.rc8 %d, %a, %b, %c;", BO_PRMT, 0, 32, 3},
    {"prmt.b32.ecl %d, %a, %b, %c;", BO_PRMT, 0, 32, 4},
    {"prmt.b32.ecr %d, %a, %b, %c;", BO_PRMT, 0, 32, 5},
    {"prmt.b32.rc16 %d, %a, %b, %c;", BO_PRMT, 0, 32, 6},
    {"lop3.b32 %d, %a, %b, %c, 0x96;", BO_LOP3, 0, 32, 0x96},
    {"lop3.b32 %d, %a, %b, %c, 0xe8;", BO_LOP3, 0, 32, 0xe8},
    {"lop3.b32 %d, %a, %b, %c, 0x1;", BO_LOP3, 0, 32, 0x01},
    {"shf.l.wrap.b32 %d, %a, %b, %c;", BO_SHF, 0, 32, 0},
    {"shf.l.clamp.b32 %d, %a, %b, %c;", BO_SHF, 0, 32, 1},
    {"shf.r.wrap.b32 %d, %a, %b, %c;", BO_SHF, 0, 32, 2},
    {"shf.r.clamp.b32 %d, %a, %b, %c;", BO_SHF, 0, 32, 3},
    {"bfe.u32 %d, %a, %b, %c;", BO_BFE, 0, 32, 0},
    {"bfe.s32 %d, %a, %b, %c;", BO_BFE, 1, 32, 0},
    {"bfi.b32 %d, %a, %c, %b, %b;", BO_BFI, 0, 32, 0},
    {"brev.b32 %d, %a;", BO_BREV, 0, 32, 0},
    {"clz.b32 %d, %a;", BO_CLZ, 0, 32, 0},
    {"clz.b64 %d, %a64;", BO_CLZ, 0, 64, 0},
    {"popc.b32 %d, %a;", BO_POPC, 0, 32, 0},
    {"popc.b64 %d, %a64;", BO_POPC, 0, 64, 0},
};
#define BO_NFORMS (sizeof bo_forms / sizeof bo_forms[0])

/* The kernel of form f; returns the length written (< n) or -1. */
static inline int bo_ptx(const bo_form *f, char *buf, size_t n)
{
    int r = snprintf(buf, n,
                     ".version 7.8\n.target sm_75\n.address_size 64\n"
                     ".visible .entry k(.param .u64 in, .param .u64 out, .param .u32 n)\n{\n"
                     "\t.reg .pred %%p;\n\t.reg .b32 %%t, %%u, %%n, %%a, %%b, %%c, %%d;\n"
                     "\t.reg .b64 %%ia, %%oa, %%o, %%a64;\n"
                     "\tld.param.u64 %%ia, [in];\n\tld.param.u64 %%oa, [out];\n\tld.param.u32 %%n, [n];\n"
                     "\tcvta.to.global.u64 %%ia, %%ia;\n\tcvta.to.global.u64 %%oa, %%oa;\n"
                     "\tmov.u32 %%t, %%ctaid.x;\n\tmov.u32 %%u, %%ntid.x;\n\tmov.u32 %%b, %%tid.x;\n"
                     "\tmad.lo.u32 %%t, %%t, %%u, %%b;\n\tsetp.ge.u32 %%p, %%t, %%n;\n\t@%%p bra DONE;\n"
                     "\tmul.wide.u32 %%o, %%t, 24;\n\tadd.s64 %%ia, %%ia, %%o;\n"
                     "\tld.global.u64 %%a64, [%%ia];\n\tld.global.u32 %%b, [%%ia+8];\n\tld.global.u32 %%c, [%%ia+12];\n"
                     "\tcvt.u32.u64 %%a, %%a64;\n\t%s\n"
                     "\tmul.wide.u32 %%o, %%t, 4;\n\tadd.s64 %%oa, %%oa, %%o;\n\tst.global.u32 [%%oa], %%d;\n"
                     "DONE:\n\tret;\n}\n",
                     f->insn);
    return r > 0 && (size_t)r < n ? r : -1;
}

/* ---- the model (the ISA's pseudo-code, bit by bit where it is written so) ---- */
static inline uint32_t bo_bit(uint64_t v, int i) { return (uint32_t)(v >> i) & 1; }

static inline uint32_t bo_model(const bo_form *f, const bo_in *x)
{
    uint64_t a64 = x->a;
    uint32_t a = (uint32_t)x->a, b = x->b, c = x->c;
    switch (f->op) {
    case BO_BFIND: {
        int msb = f->bits - 1;
        uint64_t v = f->bits == 32 ? a : a64;
        if (f->sgn && bo_bit(v, msb))
            v = ~v;
        uint32_t d = 0xffffffffu;
        for (int i = msb; i >= 0; i--)
            if (bo_bit(v, i)) {
                d = (uint32_t)i;
                break;
            }
        if (f->mode && d != 0xffffffffu)
            d = (uint32_t)msb - d;
        return d;
    }
    case BO_FNS: {
        int32_t off = (int32_t)c;
        uint32_t d = 0xffffffffu;
        if (off == 0) {
            if (b < 32 && bo_bit(a, (int)b))
                d = b;
        } else {
            int64_t pos = b, count = (off > 0 ? (int64_t)off : -(int64_t)off) - 1, inc = off > 0 ? 1 : -1;
            while (pos >= 0 && pos < 32) {
                if (bo_bit(a, (int)pos)) {
                    if (count == 0) {
                        d = (uint32_t)pos;
                        break;
                    }
                    count--;
                }
                pos += inc;
            }
        }
        return d;
    }
    case BO_SZEXT: {
        uint32_t b1 = b & 0x1f;
        int too_large = b >= 32 && f->mode;
        uint32_t mask = too_large ? 0 : ~0u << b1;
        uint32_t sign = (b1 == 0 || too_large || !f->sgn) ? 0 : bo_bit(a, (int)((b1 - 1) & 0x1f));
        return (a & ~mask) | (sign ? mask : 0);
    }
    case BO_BMSK: { /* bmsk d, b, c: position b, width c */
        uint32_t a1 = b & 0x1f, mask0 = ~0u << a1, b1 = c & 0x1f, sum = a1 + b1;
        uint32_t mask1 = sum >= 32 ? 0 : ~0u << sum;
        int over = sum >= 32;
        if (f->mode) {
            if (b >= 32) {
                over = 1;
                mask0 = 0;
            }
            if (c >= 32)
                over = 1;
        }
        if (over)
            mask1 = 0;
        else if (b1 == 0)
            mask1 = ~0u;
        return mask0 & ~mask1;
    }
    case BO_PRMT: {
        /* bytes 0-3 from a, 4-7 from b; the modes' selections, written d.b3 d.b2 d.b1 d.b0 */
        static const char *const modes[7][4] = {
            {0, 0, 0, 0}, {"3210", "4321", "5432", "6543"}, {"5670", "6701", "7012", "0123"},
            {"0000", "1111", "2222", "3333"}, {"3210", "3211", "3222", "3333"}, {"0000", "1110", "2210", "3210"},
            {"1010", "3232", "1010", "3232"}};
        uint64_t bytes = (uint64_t)b << 32 | a;
        uint32_t d = 0;
        for (int k = 0; k < 4; k++) {
            uint32_t sel, byte;
            if (f->mode == 0) {
                sel = (c >> (4 * k)) & 0xf;
                byte = (uint32_t)(bytes >> (8 * (sel & 7))) & 0xff;
                if (sel & 8)
                    byte = (byte & 0x80) ? 0xff : 0;
            } else {
                sel = (uint32_t)(modes[f->mode][c & 3][3 - k] - '0');
                byte = (uint32_t)(bytes >> (8 * sel)) & 0xff;
            }
            d |= byte << (8 * k);
        }
        return d;
    }
    case BO_LOP3: {
        uint32_t d = 0;
        for (int i = 0; i < 32; i++)
            d |= (uint32_t)bo_bit((uint64_t)(unsigned)f->mode, (int)(bo_bit(a, i) << 2 | bo_bit(b, i) << 1 | bo_bit(c, i))) << i;
        return d;
    }
    case BO_SHF: {
        int clamp = f->mode & 1, right = f->mode & 2;
        uint32_t n = clamp ? (c > 32 ? 32 : c) : c & 0x1f;
        uint64_t pair = (uint64_t)b << 32 | a;
        return right ? (uint32_t)(pair >> n) : (uint32_t)((pair << n) >> 32);
    }
    case BO_BFE: {
        uint32_t pos = b & 0xff, len = c & 0xff;
        if (len == 0)
            return 0;
        int top = (int)(pos + len - 1 < 31 ? pos + len - 1 : 31);
        uint32_t sbit = f->sgn ? bo_bit(a, top) : 0, d = 0;
        for (uint32_t i = 0; i < 32; i++)
            d |= ((i < len && pos + i <= 31) ? bo_bit(a, (int)(pos + i)) : sbit) << i;
        return d;
    }
    case BO_BFI: { /* bfi.b32 d, a, c, b, b: insert a into c at position b & 0xff, b & 0xff bits long */
        uint32_t pos = b & 0xff, len = b & 0xff, d = c;
        for (uint32_t i = 0; i < len && pos + i <= 31; i++)
            d = (d & ~(1u << (pos + i))) | bo_bit(a, (int)i) << (pos + i);
        return d;
    }
    case BO_BREV: {
        uint32_t d = 0;
        for (int i = 0; i < 32; i++)
            d |= bo_bit(a, i) << (31 - i);
        return d;
    }
    case BO_CLZ: {
        uint64_t v = f->bits == 32 ? a : a64;
        uint32_t d = 0;
        for (int i = f->bits - 1; i >= 0 && !bo_bit(v, i); i--)
            d++;
        return d;
    }
    default: { /* BO_POPC */
        uint64_t v = f->bits == 32 ? a : a64;
        uint32_t d = 0;
        for (int i = 0; i < f->bits; i++)
            d += bo_bit(v, i);
        return d;
    }
    }
}

/* ---- inputs: every combination of edge values of a, b and c ---- */
static const uint64_t bo_a[] = {0, 1, 2, 0x80, 0xff, 0x7fffffff, 0x80000000u, 0xffffffffu, 0xfffffffeu, 0xaaaaaaaau,
                                0x55555555u, 0x12345678u, 0x80000001u, 0x00010000u, 0x8000000000000000ull,
                                0x7fffffffffffffffull, 0xffffffffffffffffull, 0xfffffffe00000000ull,
                                0x00000001ffffffffull, 0xdeadbeefcafef00dull};
static const uint32_t bo_b[] = {0, 1, 3, 7, 15, 16, 31, 32, 33, 63, 255, 256, 0x1f1f, 0x3210, 0x7654, 0x8888,
                                0xfedcba98u, 0xffffffffu};
static const uint32_t bo_c[] = {0, 1, 2, 3, 8, 16, 31, 32, 33, 0xffffffffu /* -1 */, 0xfffffffeu, 0xffffffe0u /* -32 */,
                                0xffffffdfu /* -33 */, 0x1234, 0x80000000u};
#define BO_NA (sizeof bo_a / sizeof bo_a[0])
#define BO_NB (sizeof bo_b / sizeof bo_b[0])
#define BO_NC (sizeof bo_c / sizeof bo_c[0])
#define BO_NIN (BO_NA * BO_NB * BO_NC)
static inline bo_in bo_input(size_t i)
{
    bo_in x = {bo_a[i % BO_NA], bo_b[(i / BO_NA) % BO_NB], bo_c[i / (BO_NA * BO_NB)], 0};
    return x;
}

#endif
