/* ptx_decode_video.c -- the SIMD video instructions' forms: vadd4 ... vset4, vadd2 ... vset2
 * SPDX-License-Identifier: MIT
 *
 *   vop4.dtype.atype.btype{.sat}  d{.mask}, a{.asel}, b{.bsel}, c;   (merge: lanes outside mask from c)
 *   vop4.dtype.atype.btype.add    d{.mask}, a{.asel}, b{.bsel}, c;   (accumulate: c + the lanes in mask)
 *   vset4.atype.btype.cmp{.add}   d{.mask}, a{.asel}, b{.bsel}, c;
 * and the two-lane forms (vop2, vset2) with half-word selectors.  Types are .u32 or .s32; cmp is
 * eq, ne, lt, le, gt, ge; .sat and .add do not go together.  a, b, c and d are 32-bit registers
 * (ptxas takes no constant).  Selectors: .bxyzw (4 lanes: lane 3 takes byte x of {b, a}, ...,
 * lane 0 byte w; bytes 0-3 are a's, 4-7 b's), default .b3210 for a and .b7654 for b; .hxy (2
 * lanes: half-words 0-3 of {b, a}), default .h10 and .h32.  The mask names the lanes of d, each
 * digit below the one before it (.b0, .b10, .b310, ..., .b3210; .h0, .h1, .h10); default all. */
#include <string.h>

#include "ptx_parse.h"

#define VERR(t, ...) wt__ptx_err(P, (t), WT_ERROR_PTX_PARSE, __VA_ARGS__)

static const char *name_of(int op)
{
    static const char *const names[] = {"vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4", "vset4",
                                        "vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2", "vset2"};
    return names[op - PX_OP_vadd4];
}

/* the selector of operand oi into *sel (4 bits a lane, lane 0 lowest); dflt when none */
static int selector(px_parser *P, int oi, int lanes, uint16_t dflt, uint16_t *sel, const char *op, int which)
{
    const po *o = &P->ops[oi];
    *sel = dflt;
    if (!o->vsel)
        return 1;
    const char want = lanes == 4 ? 'b' : 'h';
    if (o->vsel != want || o->nsel != lanes) {
        VERR(&o->tok, "%s: the selector of operand %c is .%c followed by %d digits", op, which, want, lanes);
        return 0;
    }
    uint16_t s = 0;
    for (int k = 0; k < lanes; k++) {
        const int e = o->seld[k]; /* the first digit is the highest lane */
        if (e >= 2 * lanes) {
            VERR(&o->tok, "%s: selector digit %d of operand %c is past %d", op, e, which, 2 * lanes - 1);
            return 0;
        }
        s |= (uint16_t)(e << (4 * (lanes - 1 - k)));
    }
    *sel = s;
    return 1;
}

/* one 32-bit register source (no selector on c, no constant) */
static int reg_src(px_parser *P, int oi, px_ref *r, const char *op, char which)
{
    if (P->ops[oi].kind != PO_NAME) {
        VERR(&P->ops[oi].tok, "%s: operand %c must be a 32-bit register", op, which);
        return 0;
    }
    if (!wt__ptx_src(P, oi, PX_T_B32, r))
        return 0;
    if (r->kind != PX_R_REG && r->kind != PX_R_SREG) {
        VERR(&P->ops[oi].tok, "%s: operand %c must be a 32-bit register", op, which);
        return 0;
    }
    return 1;
}

int wt__ptx_decode_video(px_parser *P, px_insn *in, const px_token *optok, const int *mk, const int *mv, int nmods)
{
    const int op = in->op, lanes = wt__ptx_video_op(op);
    const int set = op == PX_OP_vset4 || op == PX_OP_vset2;
    const char *nm = name_of(op);
    int types[3], ntypes = 0, cmp = 0, add = 0, sat = 0;
    for (int i = 0; i < nmods; i++) {
        if (mk[i] == PX_MK_TYPE && ntypes < 3 && (mv[i] == PX_T_U32 || mv[i] == PX_T_S32)) {
            types[ntypes++] = mv[i];
        } else if (mk[i] == PX_MK_CMP && !cmp && mv[i] >= PX_EQ && mv[i] <= PX_GE) { /* vset only (ptx_ops.def) */
            cmp = mv[i];
        } else if (mk[i] == PX_MK_ATOM && mv[i] == PX_A_ADD && !add) {
            add = 1;
        } else if (mk[i] == PX_MK_FLAG && !sat) { /* .sat, the one flag the rows give (not vset) */
            sat = 1;
        } else {
            VERR(optok, "%s: a modifier it does not take (types .u32/.s32, %s)", nm,
                 set ? "eq ne lt le gt ge, .add" : ".sat or .add");
            return 0;
        }
    }
    if (ntypes != (set ? 2 : 3) || (set && !cmp)) {
        VERR(optok, set ? "%s needs .atype.btype and a comparison" : "%s needs .dtype.atype.btype", nm);
        return 0;
    }
    if (sat && add) {
        VERR(optok, "%s: .sat and .add do not go together", nm);
        return 0;
    }
    if (P->ntop != 4) {
        VERR(optok, "%s expects 4 operands, has %d", nm, P->ntop);
        return 0;
    }
    in->type = (uint8_t)(set ? PX_T_U32 : types[0]);
    in->type2 = (uint8_t)types[set ? 0 : 1];
    in->vtype_b = (uint8_t)types[set ? 1 : 2];
    in->cmp = (uint8_t)cmp;
    in->vadd = (uint8_t)add;
    in->flags = sat ? PX_F_SAT : 0;
    /* d and its mask: digits from the highest lane down, each lane at most once */
    const po *d = &P->ops[P->top[0]];
    in->vmask = (uint8_t)((1u << lanes) - 1);
    if (d->vsel) {
        const char want = lanes == 4 ? 'b' : 'h';
        int ok = d->vsel == want && d->nsel >= 1 && d->nsel <= lanes, m = 0;
        for (int k = 0; ok && k < d->nsel; k++) {
            ok = d->seld[k] < lanes && (k == 0 || d->seld[k] < d->seld[k - 1]);
            m |= 1 << d->seld[k];
        }
        if (!ok) {
            VERR(&d->tok, "%s: the mask of d is .%c with lane digits from high to low (.%s)", nm, want,
                 lanes == 4 ? "b0, .b10, ..., .b3210" : "h0, .h1, .h10");
            return 0;
        }
        in->vmask = (uint8_t)m;
    }
    if (d->kind != PO_NAME || !wt__ptx_dst(P, P->top[0], PX_T_B32, &in->dst[0]))
        return d->kind != PO_NAME ? (VERR(&d->tok, "%s: d must be a 32-bit register", nm), 0) : 0;
    in->ndst = 1;
    if (!reg_src(P, P->top[1], &in->src[0], nm, 'a') || !reg_src(P, P->top[2], &in->src[1], nm, 'b') ||
        !reg_src(P, P->top[3], &in->src[2], nm, 'c'))
        return 0;
    if (P->ops[P->top[3]].vsel) {
        VERR(&P->ops[P->top[3]].tok, "%s: operand c takes no selector", nm);
        return 0;
    }
    in->nsrc = 3;
    return selector(P, P->top[1], lanes, lanes == 4 ? 0x3210 : 0x10, &in->vsel_a, nm, 'a') &&
           selector(P, P->top[2], lanes, lanes == 4 ? 0x7654 : 0x32, &in->vsel_b, nm, 'b');
}
