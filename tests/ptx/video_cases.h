/* video_cases.h -- the PTX SIMD video instructions (vadd4, vsub4, vavrg4, vabsdiff4, vmin4, vmax4,
 * vset4 and the two-lane forms) as small kernels, with a C model of each written from the PTX
 * ISA's pseudo-code (extractAndSignExt, the operation, .sat, then merge or accumulate)
 * SPDX-License-Identifier: MIT
 *
 * Every form is a kernel `k(.param .u64 in, .param .u64 out, .param .u32 n)`: thread i (of n)
 * reads vc_in[i] = {a, b, c}, runs the instruction into %d and stores it to out[i]; vc_model()
 * says what out[i] must be.  Plain C, no warptex dependency. */
#ifndef WT_VIDEO_CASES_H
#define WT_VIDEO_CASES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct vc_in {
    uint32_t a, b, c;
} vc_in;

enum { VC_ADD, VC_SUB, VC_AVRG, VC_ABSDIFF, VC_MIN, VC_MAX, VC_SET };
enum { VC_MERGE, VC_SAT, VC_ACC };
enum { VC_EQ, VC_NE, VC_LT, VC_LE, VC_GT, VC_GE };

typedef struct vc_form {
    int op, lanes;          /* VC_*, 4 or 2 */
    int sd, sa, sb;         /* signed dtype (unused by vset), atype, btype */
    int cmp;                /* vset: VC_EQ ... */
    int mode;               /* VC_MERGE, VC_SAT, VC_ACC */
    int asel[4], bsel[4];   /* the element each lane takes (lane 0 first) */
    int mask;               /* bit i: lane i of d */
    int written_sel;        /* the selectors and mask are written out (else the defaults) */
} vc_form;

static const char *const vc_names[] = {"vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset"};
static const char *const vc_cmps[] = {"eq", "ne", "lt", "le", "gt", "ge"};

/* the instruction's text: "vabsdiff4.u32.s32.u32.add %d.b10, %a.b0123, %b, %c;" */
static inline int vc_insn(const vc_form *f, char *buf, size_t n)
{
    char dm[8] = "", as[8] = "", bs[8] = "";
    const char e = f->lanes == 4 ? 'b' : 'h';
    if (f->written_sel) {
        size_t k = 0;
        dm[k++] = '.';
        dm[k++] = e;
        for (int i = f->lanes - 1; i >= 0; i--)
            if ((f->mask >> i) & 1)
                dm[k++] = (char)('0' + i);
        dm[k] = 0;
        as[0] = bs[0] = '.';
        as[1] = bs[1] = e;
        for (int i = 0; i < f->lanes; i++) {
            as[2 + i] = (char)('0' + f->asel[f->lanes - 1 - i]);
            bs[2 + i] = (char)('0' + f->bsel[f->lanes - 1 - i]);
        }
        as[2 + f->lanes] = bs[2 + f->lanes] = 0;
    }
    const char *ty[2] = {"u32", "s32"};
    if (f->op == VC_SET)
        return snprintf(buf, n, "vset%d.%s.%s.%s%s %%d%s, %%a%s, %%b%s, %%c;", f->lanes, ty[f->sa], ty[f->sb],
                        vc_cmps[f->cmp], f->mode == VC_ACC ? ".add" : "", dm, as, bs);
    return snprintf(buf, n, "%s%d.%s.%s.%s%s %%d%s, %%a%s, %%b%s, %%c;", vc_names[f->op], f->lanes, ty[f->sd],
                    ty[f->sa], ty[f->sb], f->mode == VC_SAT ? ".sat" : f->mode == VC_ACC ? ".add" : "", dm, as, bs);
}

/* the kernel around the instruction */
static inline int vc_ptx(const vc_form *f, char *buf, size_t n)
{
    char insn[128];
    vc_insn(f, insn, sizeof insn);
    return snprintf(buf, n,
                    ".version 8.0\n.target sm_90\n.address_size 64\n"
                    ".visible .entry k(.param .u64 in, .param .u64 out, .param .u32 n)\n{\n"
                    "\t.reg .pred %%p;\n\t.reg .b32 %%a, %%b, %%c, %%d, %%i, %%n;\n\t.reg .b64 %%rin, %%rout, %%o;\n"
                    "\tld.param.u64 %%rin, [in];\n\tld.param.u64 %%rout, [out];\n\tld.param.u32 %%n, [n];\n"
                    "\tmov.u32 %%i, %%tid.x;\n\tmad.lo.u32 %%i, %%ctaid.x, %%ntid.x, %%i;\n"
                    "\tsetp.ge.u32 %%p, %%i, %%n;\n\t@%%p bra DONE;\n"
                    "\tmul.wide.u32 %%o, %%i, 12;\n\tadd.u64 %%o, %%rin, %%o;\n"
                    "\tld.global.u32 %%a, [%%o];\n\tld.global.u32 %%b, [%%o+4];\n\tld.global.u32 %%c, [%%o+8];\n"
                    "\t%s\n"
                    "\tmul.wide.u32 %%o, %%i, 4;\n\tadd.u64 %%o, %%rout, %%o;\n\tst.global.u32 [%%o], %%d;\n"
                    "DONE:\n\tret;\n}\n",
                    insn);
}

/* element e of the bytes (half-words) a0 a1 a2 a3 b0 b1 b2 b3, as the type extends it */
static inline int64_t vc_extract(uint32_t a, uint32_t b, int e, int lanes, int sg)
{
    uint8_t bytes[8];
    for (int k = 0; k < 4; k++) {
        bytes[k] = (uint8_t)(a >> (8 * k));
        bytes[4 + k] = (uint8_t)(b >> (8 * k));
    }
    if (lanes == 4) {
        int64_t v = bytes[e];
        return sg && v >= 128 ? v - 256 : v;
    }
    int64_t v = bytes[2 * e] | (int64_t)bytes[2 * e + 1] << 8;
    return sg && v >= 32768 ? v - 65536 : v;
}

static inline uint32_t vc_model(const vc_form *f, const vc_in *x)
{
    const int width = 32 / f->lanes;
    int64_t t[4], vc[4];
    for (int i = 0; i < f->lanes; i++) {
        const int64_t va = vc_extract(x->a, x->b, f->asel[i], f->lanes, f->sa);
        const int64_t vb = vc_extract(x->a, x->b, f->bsel[i], f->lanes, f->sb);
        vc[i] = vc_extract(x->c, 0, i, f->lanes, 0);
        int64_t r = 0, sum = va + vb;
        switch (f->op) {
        case VC_ADD: r = sum; break;
        case VC_SUB: r = va - vb; break;
        case VC_AVRG: /* (sum + 1) >> 1 when sum >= 0, else sum >> 1, the shift rounding down */
            r = sum >= 0 ? (sum + 1) / 2 : (sum % 2 ? (sum - 1) / 2 : sum / 2);
            break;
        case VC_ABSDIFF: r = va - vb < 0 ? vb - va : va - vb; break;
        case VC_MIN: r = va < vb ? va : vb; break;
        case VC_MAX: r = va < vb ? vb : va; break;
        default: {
            const int lt = va < vb, eq = va == vb;
            const int res[6] = {eq, !eq, lt, lt || eq, !lt && !eq, !lt};
            r = res[f->cmp];
        }
        }
        if (f->mode == VC_SAT) {
            const int64_t mx = f->sd ? (1 << (width - 1)) - 1 : (1 << width) - 1;
            const int64_t mn = f->sd ? -(1 << (width - 1)) : 0;
            if (r > mx)
                r = mx;
            if (r < mn)
                r = mn;
        }
        t[i] = r;
    }
    if (f->mode == VC_ACC) {
        int64_t d = x->c;
        for (int i = 0; i < f->lanes; i++)
            if ((f->mask >> i) & 1)
                d += t[i];
        return (uint32_t)((uint64_t)d & 0xffffffffu);
    }
    uint32_t d = 0;
    for (int i = 0; i < f->lanes; i++) {
        const int64_t v = ((f->mask >> i) & 1) ? t[i] : vc[i];
        d |= (uint32_t)((uint64_t)v & ((1u << width) - 1)) << (width * i);
    }
    return d;
}

/* The forms: every operation and lane count, every type combination, merge, .sat and .add (vset:
 * every comparison, merge and .add), each once with the default selectors and once with
 * selectors and a mask drawn from seed.  Returns how many it wrote (at most cap). */
static inline size_t vc_forms(vc_form *out, size_t cap, uint64_t seed)
{
    size_t n = 0;
    for (int lanes = 4; lanes >= 2; lanes -= 2)
        for (int op = VC_ADD; op <= VC_SET; op++)
            for (int ty = 0; ty < 8; ty++)
                for (int mode = VC_MERGE; mode <= VC_ACC; mode++)
                    for (int cmp = 0; cmp < (op == VC_SET ? 6 : 1); cmp++)
                        for (int written = 0; written < 2; written++) {
                            if (op == VC_SET && (mode == VC_SAT || (ty & 4)))
                                continue; /* vset: no .sat, no dtype */
                            if (n == cap)
                                return n;
                            vc_form f;
                            memset(&f, 0, sizeof f);
                            f.op = op;
                            f.lanes = lanes;
                            f.sd = (ty >> 2) & 1;
                            f.sa = (ty >> 1) & 1;
                            f.sb = ty & 1;
                            f.cmp = cmp;
                            f.mode = mode;
                            f.mask = (1 << lanes) - 1;
                            for (int i = 0; i < lanes; i++) {
                                f.asel[i] = i;
                                f.bsel[i] = lanes + i;
                            }
                            if (written) {
                                f.written_sel = 1;
                                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                                uint64_t r = seed >> 11;
                                f.mask = (int)(r % (uint64_t)((1 << lanes) - 1)) + 1;
                                r >>= 4;
                                for (int i = 0; i < lanes; i++) {
                                    f.asel[i] = (int)(r % (uint64_t)(2 * lanes));
                                    r >>= 3;
                                    f.bsel[i] = (int)(r % (uint64_t)(2 * lanes));
                                    r >>= 3;
                                }
                            }
                            out[n++] = f;
                        }
    return n;
}

#endif
