/* ptx_decode.c -- one PTX instruction from its tokens into a px_insn: guard, opcode (ptx_ops.def),
 * modifiers (ptx_mods.def), operands, then the decoder of the opcode's class: ALU, MEM and CTL
 * here, TEX in ptx_decode_tex.c, the SIMD video ones in ptx_decode_video.c
 * SPDX-License-Identifier: MIT
 *
 * Errors as the parser's (ptx_parse.c): WT_ERROR_PTX_PARSE for malformed text,
 * WT_ERROR_PTX_UNSUPPORTED for legal PTX warptex does not run, naming the instruction. */
#include <stdlib.h>
#include <string.h>

#include "ptx_executors.h"
#include "ptx_parse.h"


/* ---- instruction decoding (ALU, MEM, CTL) ---- */
typedef struct mods_t {
    int type[3], ntype;
    int space, to, rnd, rndi, cmp, lohi, bop, vec, flags, testp, aop, shfl, vote, prmt, comp, redop, policy;
} mods_t;

static int need_ops(px_parser *P, const px_token *opt, int lo, int hi)
{
    if (P->ntop < lo || P->ntop > hi) {
        if (lo == hi)
            PERR(opt, "expects %d operands, has %d", lo, P->ntop);
        else
            PERR(opt, "expects %d to %d operands, has %d", lo, hi, P->ntop);
        return 0;
    }
    return 1;
}

static int decode_alu(px_parser *P, px_insn *in, const px_token *opt, mods_t *m)
{
    int op = in->op;
    int t = m->ntype ? m->type[0] : PX_T_NONE;
    in->type = (uint8_t)t;
    in->rnd = (uint8_t)m->rnd;
    in->rndi = (uint8_t)m->rndi;
    in->cmp = (uint8_t)m->cmp;
    in->bop = (uint8_t)m->bop;
    in->lohi = (uint8_t)m->lohi;
    in->flags = (uint32_t)m->flags;
    in->to = (uint8_t)m->to;
    in->space = (uint8_t)m->space;
    /* the operands from the opcode table's shape (ptx_ops.def): the destination, then the sources */
    const char *shape = wt__ptx_ops[op].shape;
    if (*shape == '*') {
        PUNS(opt, "opcode");
        return 0;
    }
    char srcs[8];
    int nsrc = (int)strlen(shape) - 1;
    memcpy(srcs, shape + 1, (size_t)nsrc);
    int dt = t, st = t;
    if (shape[0] == 'w' && m->lohi == PX_WIDE)
        dt = t == PX_T_S16 ? PX_T_S32 : t == PX_T_U16 ? PX_T_U32 : t == PX_T_S32 ? PX_T_S64 : PX_T_U64;
    else if (shape[0] == 'u')
        dt = PX_T_U32;
    else if (shape[0] == 'p')
        dt = PX_T_PRED;
    else if (shape[0] == 'b')
        dt = PX_T_B32;
    /* what the modifiers mean beyond the shape */
    switch (op) {
    case PX_OP_szext: /* szext.mode.type d, a, b; bmsk.mode.b32 d, a, b */
    case PX_OP_bmsk:
        if (!(m->flags & PX_F_CLAMP) == !(m->flags & PX_F_WRAP)) {
            PERR(opt, "%s needs .clamp or .wrap", op == PX_OP_szext ? "szext" : "bmsk");
            return 0;
        }
        break;
    case PX_OP_cvt:
        if (m->ntype != 2) {
            PERR(opt, "cvt needs a destination and a source type");
            return 0;
        }
        dt = m->type[0];
        st = m->type[1];
        in->type2 = (uint8_t)st;
        if ((dt == PX_T_F16X2 || dt == PX_T_BF16X2) && st == PX_T_F32)
            srcs[nsrc++] = 't'; /* cvt.rn.f16x2.f32 d, a, b: a to the upper half, b to the lower */
        break;
    case PX_OP_testp:
        in->sub = (uint8_t)m->testp;
        break;
    case PX_OP_dp4a: case PX_OP_dp2a:
        /* dp4a.atype.btype, dp2a.lo|hi.atype.btype: d and c are .s32 if either is signed */
        if (m->ntype != 2) {
            PERR(opt, "%s needs two source types", op == PX_OP_dp4a ? "dp4a" : "dp2a");
            return 0;
        }
        in->type2 = (uint8_t)m->type[1];
        break;
    case PX_OP_prmt: in->sub = (uint8_t)m->prmt; break;
    case PX_OP_lop3: /* a, b, c, immLut */
        if (m->bop) {
            PUNS(opt, "lop3 with a predicate output");
            return 0;
        }
        break;
    case PX_OP_shf:
        /* .l (SHFL 10) or .r (COMP r), .wrap or .clamp */
        if (!((m->shfl == 10) ^ (m->comp == 1)) || !(m->flags & (PX_F_WRAP | PX_F_CLAMP))) {
            PERR(opt, "shf needs .l or .r and .wrap or .clamp");
            return 0;
        }
        in->sub = (uint8_t)(m->shfl == 10 ? 1 : 2);
        break;
    case PX_OP_slct:
        if (m->ntype != 2) {
            PERR(opt, "slct needs two types");
            return 0;
        }
        in->type2 = (uint8_t)m->type[1];
        break;
    case PX_OP_setp:
    case PX_OP_set:
        if (op == PX_OP_set) {
            if (m->ntype != 2) {
                PERR(opt, "set needs a destination and a source type");
                return 0;
            }
            dt = m->type[0];
            st = m->type[1];
        }
        in->type2 = (uint8_t)st;
        if (!m->cmp && m->lohi == PX_LO)
            m->cmp = PX_LO_;
        else if (!m->cmp && m->lohi == PX_HI)
            m->cmp = PX_HI_;
        in->cmp = (uint8_t)m->cmp;
        in->lohi = 0;
        if (!in->cmp) {
            PERR(opt, "%s needs a comparison (.eq .lt ...)", op == PX_OP_setp ? "setp" : "set");
            return 0;
        }
        if (m->bop)
            srcs[nsrc++] = 'p'; /* .and/.or/.xor: the predicate combined with */
        break;
    default:
        break;
    }
    if (!t) {
        PERR(opt, "missing type");
        return 0;
    }
    if (op == PX_OP_setp && P->ntop >= 1 && P->ops[P->top[0]].pipe) {
        /* setp a|b: b gets the complement */
        if (!need_ops(P, opt, 1 + nsrc, 1 + nsrc))
            return 0;
        if (!wt__ptx_dst(P, P->top[0], PX_T_PRED, &in->dst[0]) ||
            !wt__ptx_dst(P, P->ops[P->top[0]].pipe, PX_T_PRED, &in->dst[1]))
            return 0;
        in->ndst = 2;
    } else if (op == PX_OP_mov && P->ntop == 2 && P->ops[P->top[0]].kind == PO_VEC) {
        /* mov.b64 {%r1, %r2}, %rd: unpack, element 0 from the low bits */
        po *v = &P->ops[P->top[0]];
        if (v->nsub < 2 || v->nsub > 4 || px_type_bits(t) % v->nsub || px_type_bits(t) / v->nsub < 8) {
            PERR(&v->tok, "bad vector for mov.%d", px_type_bits(t));
            return 0;
        }
        int eb = px_type_bits(t) / v->nsub;
        int et = eb == 8 ? PX_T_B8 : eb == 16 ? PX_T_B16 : PX_T_B32;
        for (int k = 0; k < v->nsub; k++)
            if (!wt__ptx_dst(P, v->sub[k], et == PX_T_B8 ? PX_T_NONE : et, &in->dst[k]))
                return 0;
        if (!wt__ptx_src(P, P->top[1], t, &in->src[0]))
            return 0;
        in->ndst = (uint8_t)v->nsub;
        in->nsrc = 1;
        in->sub = 2; /* unpack */
        return 1;
    } else {
        if (!need_ops(P, opt, 1 + nsrc, 1 + nsrc))
            return 0;
        int w = op == PX_OP_cvt || op == PX_OP_cvta || op == PX_OP_mov ? PX_T_NONE : dt;
        if (!wt__ptx_dst(P, P->top[0], w, &in->dst[0]))
            return 0;
        in->ndst = 1;
        if (op == PX_OP_cvt) {
            /* the one ALU instruction whose destination may be wider than its type */
            if (!wt__ptx_relaxed_operand(P, P->top[0], &in->dst[0], dt, "destination"))
                return 0;
            in->dst_bits[0] = (uint8_t)wt__ptx_reg_width(P, &in->dst[0]);
        } else if (in->dst[0].kind == PX_R_REG && w == PX_T_NONE) {
            /* mov, cvta: the register has the type's width (only ld, ldu, st and cvt relax it) */
            int rw = wt__ptx_reg_width(P, &in->dst[0]);
            int need = px_type_bits(dt);
            if (op == PX_OP_mov && P->ops[P->top[1]].kind == PO_VEC)
                need = rw;
            if (rw == 1 ? dt != PX_T_PRED : (dt == PX_T_PRED || rw != need)) {
                PERR(&P->ops[P->top[0]].tok, "destination register is %d bits, .%s needs %d", rw,
                     dt == PX_T_PRED ? "pred" : wt__ptx_type_name(dt), need);
                return 0;
            }
        }
    }
    for (int i = 0; i < nsrc; i++) {
        int oi = P->top[1 + i];
        int want;
        switch (srcs[i]) {
        case 'u': want = PX_T_U32; break;
        case 's': want = PX_T_S32; break;
        case 'b': want = PX_T_B32; break;
        case 'p': want = PX_T_PRED; break;
        case '2': want = in->type2; break;
        case 'd': want = dt; break;
        default: want = st; break; /* 't' */
        }
        if (op == PX_OP_mov && P->ops[oi].kind == PO_VEC) {
            /* mov.b64 %rd, {%r1, %r2}: pack */
            po *v = &P->ops[oi];
            if (v->nsub < 2 || v->nsub > 4 || px_type_bits(t) % v->nsub) {
                PERR(&v->tok, "bad vector for mov.%d", px_type_bits(t));
                return 0;
            }
            int et = px_type_bits(t) / v->nsub == 8 ? PX_T_B8 : px_type_bits(t) / v->nsub == 16 ? PX_T_B16 : PX_T_B32;
            for (int k = 0; k < v->nsub; k++)
                if (!wt__ptx_src(P, v->sub[k], et, &in->src[k]))
                    return 0;
            in->nsrc = (uint8_t)v->nsub;
            in->sub = 1; /* pack */
            return 1;
        }

        if (op == PX_OP_cvta || op == PX_OP_cvt || op == PX_OP_mov) {
            /* sizes may differ for special registers, cvt sources of any integer width */
            if (!wt__ptx_src(P, oi, P->ops[oi].kind == PO_NUM ? st : PX_T_NONE, &in->src[i]))
                return 0;
            if (op == PX_OP_cvt) {
                /* a wider source is truncated to the type (cvt_lanes reads the type's bits) */
                if (!wt__ptx_relaxed_operand(P, oi, &in->src[i], st, "source"))
                    return 0;
            } else if (in->src[i].kind == PX_R_SREG && (wt__ptx_reg_width(P, &in->src[i]) == 1) != (st == PX_T_PRED)) {
                PERR(&P->ops[oi].tok, "special register %s a predicate, .%s %s", st == PX_T_PRED ? "is not" : "is",
                     wt__ptx_type_name(st), st == PX_T_PRED ? "needs one" : "is not");
                return 0;
            } else if (in->src[i].kind == PX_R_REG) {
                int rw = wt__ptx_reg_width(P, &in->src[i]);
                int need = px_type_bits(st);
                if ((rw == 1) != (st == PX_T_PRED) || (rw != need && st != PX_T_PRED)) {
                    PERR(&P->ops[oi].tok, "source register is %d bits, .%s needs %d", rw,
                         st == PX_T_PRED ? "pred" : wt__ptx_type_name(st), need);
                    return 0;
                }
            }
        } else if (!wt__ptx_src(P, oi, want, &in->src[i])) {
            return 0;
        }
    }
    in->nsrc = (uint8_t)nsrc;
    for (int i = 0; i < nsrc; i++)
        if (in->src[i].kind == PX_R_SREG && (in->src[i].idx == PX_SR_CLOCK || in->src[i].idx == PX_SR_CLOCK64 ||
                                             in->src[i].idx == PX_SR_GLOBALTIMER))
            in->reads_clock = 1;
    if (!wt__ptx_alu_supported(in)) {
        PUNS(opt, "this combination of type and modifiers");
        return 0;
    }
    return 1;
}

/* MEM and CTL rows: the operands their shape (ptx_ops.def) names, counted, then resolved in order:
 * t u s b p f a register or constant (the first a destination unless the shape starts with '-';
 * written d|p where the shape says t|, a predicate second destination), a an address; v, l and L
 * are the instruction's own (its data registers, a label, a .branchtargets list).  A letter
 * followed by '?' may be left out, from the last; the operands modifiers add (atom.cas: extra)
 * are of the type, last. */
static int shape_operands(px_parser *P, px_insn *in, const px_token *opt, const char *shape, int t, int extra)
{
    int dst = *shape != '-', lo = 0, hi = 0, pipe = 0;
    char letter[8];
    for (const char *c = shape + !dst; *c; c++) {
        if (*c == '?' || *c == '|') {
            pipe |= *c == '|';
            continue;
        }
        letter[hi++] = *c;
        lo += c[1] != '?';
    }
    for (int i = 0; i < extra; i++)
        letter[hi++] = 't';
    if (!need_ops(P, opt, lo + extra, hi))
        return 0;
    for (int i = 0; i < P->ntop; i++) {
        int oi = P->top[i], want;
        switch (letter[i]) {
        case 't': want = t; break;
        case 'u': want = PX_T_U32; break;
        case 's': want = PX_T_S32; break;
        case 'b': want = PX_T_B32; break;
        case 'p': want = PX_T_PRED; break;
        case 'f': want = PX_T_F32; break;
        case 'a':
            if (!wt__ptx_decode_addr(P, oi, in))
                return 0;
            continue;
        case 'v': case 'l': case 'L':
            continue;
        default:
            PUNS(opt, "opcode");
            return 0;
        }
        if (P->ops[oi].pipe && !(i == 0 && pipe)) {
            PERR(&P->ops[oi].tok, "%s takes no a|b operand here", wt__ptx_ops[in->op].name);
            return 0;
        }
        if (i == 0 && dst) {
            if (!wt__ptx_dst(P, oi, want, &in->dst[0]))
                return 0;
            in->ndst = 1;
            if (P->ops[oi].pipe && !wt__ptx_dst(P, P->ops[oi].pipe, PX_T_PRED, &in->dst[in->ndst++]))
                return 0;
        } else if (!wt__ptx_src(P, oi, want, &in->src[in->nsrc++])) {
            return 0;
        }
    }
    return 1;
}

static int decode_mem(px_parser *P, px_insn *in, const px_token *opt, mods_t *m)
{
    int op = in->op;
    in->space = (uint8_t)m->space;
    in->vec = (uint8_t)(m->vec ? m->vec : 1);
    in->flags = (uint32_t)m->flags;
    in->aop = (uint8_t)(m->aop ? m->aop : m->bop == PX_BAND ? PX_A_AND : m->bop == PX_BOR ? PX_A_OR
                                                         : m->bop == PX_BXOR ? PX_A_XOR : 0);
    if (m->ntype != 1) {
        PERR(opt, "expects one type");
        return 0;
    }
    int t = m->type[0];
    in->type = (uint8_t)t;
    if (!(wt__ptx_ops[op].types & PX_TM_OF(t))) {
        PUNS(opt, "memory access of this type");
        return 0;
    }
    if (in->vec > 4) {
        PUNS(opt, ".v8");
        return 0;
    }
    if (in->vec > 1 && (op == PX_OP_atom || op == PX_OP_red)) {
        PUNS(opt, "vector atomics");
        return 0;
    }
    /* .L2::cache_hint (ld, st, atom, red): a 64-bit cache policy (createpolicy's) comes last; it
     * is checked and ignored, as the other cache hints are */
    if (m->flags & PX_F_CACHE_HINT) {
        px_ref pol;
        if (P->ntop < 3) {
            PERR(opt, ".L2::cache_hint needs a cache-policy operand");
            return 0;
        }
        if (!wt__ptx_src(P, P->top[P->ntop - 1], PX_T_B64, &pol))
            return 0;
        P->ntop--;
    }
    if (op == PX_OP_atom || op == PX_OP_red) {
        if (!in->aop) {
            PERR(opt, "missing the operation (.add .min ...)");
            return 0;
        }
        if (in->space != PX_SP_GLOBAL && in->space != PX_SP_SHARED && in->space != PX_SP_GENERIC) {
            PUNS(opt, "atomics outside global, shared and generic memory");
            return 0;
        }
    }
    /* the shape's operands (.cas: a second source, the value swapped in) */
    if (!shape_operands(P, in, opt, wt__ptx_ops[op].shape, t, in->aop == PX_A_CAS))
        return 0;
    if (op == PX_OP_ld || op == PX_OP_ldu || op == PX_OP_st) {
        /* the data operand (v): a register or a {vector} of .vN of them, each at least as wide as
         * the type (PTX ISA 6.4.2) */
        int st = op == PX_OP_st, data = P->top[st];
        po *d = &P->ops[data];
        int n = d->kind == PO_VEC ? d->nsub : 1;
        if (n != in->vec) {
            PERR(&d->tok, st ? "%d sources for a .v%d store" : "%d destinations for a .v%d load", n, in->vec);
            return 0;
        }
        for (int k = 0; k < n; k++) {
            int oi = d->kind == PO_VEC ? d->sub[k] : data;
            if (st ? !wt__ptx_src(P, oi, P->ops[oi].kind == PO_NUM ? t : PX_T_NONE, &in->src[k])
                   : !wt__ptx_dst(P, oi, PX_T_NONE, &in->dst[k]))
                return 0;
            px_ref *r = st ? &in->src[k] : &in->dst[k];
            if (!wt__ptx_relaxed_operand(P, oi, r, t, st ? "source" : "destination"))
                return 0;
            if (!st)
                in->dst_bits[k] = (uint8_t)(r->kind == PX_R_REG ? wt__ptx_reg_width(P, r) : 64);
        }
        if (st)
            in->nsrc = (uint8_t)n;
        else
            in->ndst = (uint8_t)n;
        return 1;
    }
    int bits = px_type_bits(t);
    if ((bits != 32 && bits != 64) || (px_type_float(t) && in->aop != PX_A_ADD && in->aop != PX_A_EXCH &&
                                       in->aop != PX_A_MIN && in->aop != PX_A_MAX) ||
        ((in->aop == PX_A_INC || in->aop == PX_A_DEC) && t != PX_T_U32)) {
        PUNS(opt, "this atomic type and operation");
        return 0;
    }
    return 1;
}

/* A call's .param variable (a return value or an argument), NULL if o is not one. */
static px_sym *param_var(px_parser *P, const po *o)
{
    px_sym *s = o && o->kind == PO_NAME ? wt__ptx_sym_find(P, o->tok.s, o->tok.len) : NULL;
    return s && s->kind == PX_S_FPARAM ? s : NULL;
}

/* A call's arguments (the list operand args, -1 none) into P->callargs; f: the callee, NULL for an
 * indirect call, whose formals are known only at run time. */
static int call_args(px_parser *P, px_insn *in, int args, const px_func *f)
{
    int nargs = args >= 0 ? P->ops[args].nsub : 0;
    if (!GROW(P->callargs, P->cap_callargs, P->ncallargs + (uint32_t)nargs + 1))
        return OOM(), 0;
    in->call_args = P->ncallargs;
    in->call_nargs = (uint32_t)nargs;
    for (int i = 0; i < nargs; i++) {
        po *a = &P->ops[P->ops[args].sub[i]];
        px_sym *s = param_var(P, a);
        if (!s) {
            PUNS(&a->tok, "call arguments other than .param variables");
            return 0;
        }
        if (f && s->size < f->params[i].size) {
            PERR(&a->tok, "argument %d is %u bytes, %s expects %u", i, s->size, f->name, f->params[i].size);
            return 0;
        }
        px_callarg *c = &P->callargs[P->ncallargs++];
        c->from = (uint32_t)s->value;
        c->to = f ? f->params[i].offset : UINT32_MAX; /* indirect: the callee's, at run time */
        c->size = f ? f->params[i].size : s->size;
    }
    return 1;
}

/* call[.uni] [(ret),] fname [, (args)]; call[.uni] [(ret),] %rd, (args), prototype */
static int decode_call(px_parser *P, px_insn *in, const px_token *opt)
{
    char nb[80];
    int k = 0, ret = -1, args = -1;
    if (P->ntop >= 1 && P->ops[P->top[0]].kind == PO_LIST) {
        ret = P->top[0];
        k = 1;
    }
    if (k >= P->ntop || P->ops[P->top[k]].kind != PO_NAME) {
        PERR(opt, "call needs a function name");
        return 0;
    }
    po *fo = &P->ops[P->top[k]];
    uint32_t fslot;
    int frt;
    int indirect = fo->tok.s[0] == '%' || wt__ptx_reg_lookup(P, fo->tok.s, fo->tok.len, &fslot, &frt);
    int nexp = P->ntop;
    if (indirect) {
        /* call %rd, (args), prototype: the callee is a function address in a register */
        po *pr = &P->ops[P->top[P->ntop - 1]];
        px_sym *ps = pr->kind == PO_NAME ? wt__ptx_sym_find(P, pr->tok.s, pr->tok.len) : NULL;
        if (!ps || ps->kind != PX_S_PROTO) {
            PERR(&pr->tok, "an indirect call needs a .callprototype label last");
            return 0;
        }
        nexp--;
    }
    if (k + 1 < nexp) {
        args = P->top[k + 1];
        if (P->ops[args].kind != PO_LIST || k + 2 != nexp) {
            PERR(&P->ops[args].tok, "call arguments must be a (list)");
            return 0;
        }
    }
    in->call_ret_off = -1;
    if (indirect) {
        if (!wt__ptx_src(P, P->top[k], PX_T_B64, &in->src[0]))
            return 0;
        in->nsrc = 1;
        in->target = UINT32_MAX;
        if (ret >= 0) {
            px_sym *s = param_var(P, P->ops[ret].nsub == 1 ? &P->ops[P->ops[ret].sub[0]] : NULL);
            if (!s) {
                PERR(&P->ops[ret].tok, "the return value must be one .param variable");
                return 0;
            }
            in->call_ret_off = (int32_t)s->value;
        }
        return call_args(P, in, args, NULL);
    }
    int fidx;
    px_func *f = wt__ptx_func_find(P, fo->tok.s, fo->tok.len, &fidx);
    if (!f) {
        PERR(&fo->tok, "call to undeclared function %s", wt__ptx_tokname(&fo->tok, nb, sizeof nb));
        return 0;
    }
    if (f->is_entry) {
        PERR(&fo->tok, "call to a kernel entry");
        return 0;
    }
    in->target = (uint32_t)fidx;
    int nargs = args >= 0 ? P->ops[args].nsub : 0;
    if (nargs != f->nparams) {
        PERR(&fo->tok, "%s takes %d parameters, the call passes %d", f->name, f->nparams, nargs);
        return 0;
    }
    if (ret >= 0) {
        if (P->ops[ret].nsub != 1 || f->ret.size == 0) {
            PERR(&P->ops[ret].tok, "return value count does not match %s", f->name);
            return 0;
        }
        po *r = &P->ops[P->ops[ret].sub[0]];
        px_sym *s = param_var(P, r);
        if (!s || s->size < f->ret.size) {
            PERR(&r->tok, "the return value must be a .param variable of at least %u bytes", f->ret.size);
            return 0;
        }
        in->call_ret_off = (int32_t)s->value;
    } else if (f->ret.size) {
        in->call_ret_off = -2; /* result dropped */
    }
    return call_args(P, in, args, f);
}

static int decode_ctl(px_parser *P, px_insn *in, const px_token *opt, mods_t *m)
{
    int op = in->op, t = m->ntype ? m->type[0] : PX_T_NONE;
    in->flags = (uint32_t)m->flags;
    in->space = (uint8_t)m->space;
    const char *shape = wt__ptx_ops[op].shape;
    /* what the modifiers must be, and the form they choose where the row's shape is "*" */
    switch (op) {
    case PX_OP_createpolicy: {
        /* createpolicy.fractional.L2::p{.L2::s}.b64 d{, fraction}
         * createpolicy.range{.global}.L2::p{.L2::s}.b64 d, [a], primary-size, total-size
         * createpolicy.cvt.L2.b64 d, access-property */
        static const char *const forms[4] = {"", "tf?", "tabb", "tt"};
        if (!m->policy || m->ntype != 1 || t != PX_T_B64) {
            PERR(opt, "createpolicy needs .fractional, .range or .cvt and .b64");
            return 0;
        }
        shape = forms[m->policy];
        in->sub = (uint8_t)m->policy;
        break;
    }
    case PX_OP_bar:
    case PX_OP_barrier:
        if (op == PX_OP_bar && (m->flags & PX_F_WARP)) {
            /* bar.warp.sync membermask (__syncwarp): the warp's lanes meet; no block barrier */
            if (!(m->flags & PX_F_SYNC)) {
                PERR(opt, "bar.warp needs .sync");
                return 0;
            }
            shape = "-b";
        } else if (m->flags & PX_F_ARRIVE) {
            PUNS(opt, "bar.arrive");
            return 0;
        } else if (m->flags & PX_F_RED) {
            /* bar.red.popc.u32 d, a{, b}, {!}c; bar.red.and|or.pred p, a{, b}, {!}c: a reduction of c
             * over the block's threads at the barrier (popc: in->sub 1, and 2, or 3) */
            in->sub = (uint8_t)(m->redop == 1 ? 1 : m->bop == PX_BAND ? 2 : m->bop == PX_BOR ? 3 : 0);
            if (!in->sub || (m->redop == 1 && m->bop) || m->ntype != 1 || t != (in->sub == 1 ? PX_T_U32 : PX_T_PRED)) {
                PERR(opt, "bar.red needs .popc.u32, .and.pred or .or.pred");
                return 0;
            }
            shape = P->ntop <= 3 ? "tup" : "tuup";
        } else {
            /* barrier 0 (or any id): the whole block; a thread count must be the block's (checked
             * at launch) */
            shape = "-u?u?";
        }
        break;
    case PX_OP_vote:
        in->sub = (uint8_t)m->vote;
        if (!(m->flags & PX_F_SYNC) || (in->sub == 3 ? t != PX_T_B32 : t != PX_T_PRED)) {
            PUNS(opt, "vote without .sync or with a wrong type");
            return 0;
        }
        if (m->flags & PX_F_UNI) {
            PUNS(opt, "vote.uni");
            return 0;
        }
        break;
    case PX_OP_shfl:
        in->sub = (uint8_t)m->shfl;
        if (!(m->flags & PX_F_SYNC) || m->ntype != 1 || t != PX_T_B32) {
            PUNS(opt, "shfl without .sync.b32");
            return 0;
        }
        break;
    case PX_OP_call:
        return decode_call(P, in, opt);
    default:
        break;
    }
    if (*shape == '*') {
        PUNS(opt, "opcode");
        return 0;
    }
    if (!shape_operands(P, in, opt, shape, t, 0))
        return 0;
    /* the operands the shape leaves to the instruction */
    switch (op) {
    case PX_OP_bra: { /* l: a label of this function, resolved at its end */
        po *o = &P->ops[P->top[0]];
        uint32_t bs;
        int bt;
        if (o->kind != PO_NAME || o->tok.s[0] == '%' || wt__ptx_reg_lookup(P, o->tok.s, o->tok.len, &bs, &bt)) {
            PERR(&o->tok, "bra needs a label");
            return 0;
        }
        if (!GROW(P->fix, P->cap_fix, P->nfix + 1))
            return OOM(), 0;
        P->fix[P->nfix].name = wt__ptx_dupn(o->tok.s, o->tok.len);
        if (!P->fix[P->nfix].name)
            return OOM(), 0;
        P->fix[P->nfix].insn = P->ncode;
        P->fix[P->nfix].tok = o->tok;
        P->fix[P->nfix].tbl = 0;
        P->nfix++;
        return 1;
    }
    case PX_OP_brx: { /* brx.idx{.uni} index, tlist: L, a .branchtargets list of this function */
        po *o = &P->ops[P->top[1]];
        px_sym *tl = o->kind == PO_NAME ? wt__ptx_sym_find(P, o->tok.s, o->tok.len) : NULL;
        if (!tl || tl->kind != PX_S_BRXLIST) {
            PERR(&o->tok, "brx.idx needs the label of a .branchtargets list declared before it");
            return 0;
        }
        in->target = (uint32_t)tl->value;
        in->ntarget = tl->size;
        return 1;
    }
    case PX_OP_shfl: /* d|p: the executor writes p when it is there */
        in->ndst = 2;
        return 1;
    default:
        return 1;
    }
}

int wt__ptx_decode_insn(px_parser *P, px_token *first)
{
    px_insn in;
    memset(&in, 0, sizeof in);
    in.line = first->line;
    px_token *t = first;
    char nb[80];
    if (px_is_p(t, '@')) {
        t = wt__ptx_next(P);
        int neg = 0;
        if (px_is_p(t, '!')) {
            neg = 1;
            t = wt__ptx_next(P);
        }
        if (P->st)
            return 0;
        uint32_t slot;
        int rt;
        if (t->kind != PX_TK_IDENT || !wt__ptx_reg_lookup(P, t->s, t->len, &slot, &rt)) {
            PERR(t, "undefined guard predicate");
            return 0;
        }
        if (rt != PX_T_PRED) {
            PERR(t, "the guard %s is not a predicate", wt__ptx_tokname(t, nb, sizeof nb));
            return 0;
        }
        in.guard.kind = PX_R_REG;
        in.guard.idx = slot;
        in.guard.neg = (uint8_t)neg;
        t = wt__ptx_next(P);
        if (P->st)
            return 0;
    }
    if (t->kind != PX_TK_IDENT) {
        PERR(t, "expected an instruction");
        return 0;
    }
    px_token opt = *t;
    int op = -1;
    for (int i = 0; i < PX_OP_COUNT; i++)
        if (strlen(wt__ptx_ops[i].name) == t->len && !memcmp(wt__ptx_ops[i].name, t->s, t->len))
            op = i;
    if (op < 0) {
        /* legal PTX that warptex does not run (ptx_known.def): unsupported, not malformed; the
         * message names it with its modifiers (wgmma.mma_async...) */
        static const char *const known[] = {
#define K(name) #name,
#include "ptx_known.def"
#undef K
        };
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            if (strlen(known[i]) == t->len && !memcmp(known[i], t->s, t->len)) {
                px_token at = *t;
                char full[160];
                wt__ptx_tokname(t, full, sizeof full);
                size_t n = strlen(full);
                while (wt__ptx_peek(P)->kind == PX_TK_DIRECTIVE && wt__ptx_peek(P)->glued && n + wt__ptx_peek(P)->len < sizeof full) {
                    px_token *d = wt__ptx_next(P);
                    memcpy(full + n, d->s, d->len);
                    n += d->len;
                    full[n] = 0;
                }
                PUNS(&at, "%s is not supported", full);
                return 0;
            }
        PERR(t, "unknown opcode %s", wt__ptx_tokname(t, nb, sizeof nb));
        return 0;
    }
    in.op = (uint16_t)op;
    /* modifiers */
    mods_t m;
    memset(&m, 0, sizeof m);
    int mk[16], mv[16], nm = 0;
    while (wt__ptx_peek(P)->kind == PX_TK_DIRECTIVE && wt__ptx_peek(P)->glued) {
        t = wt__ptx_next(P);
        int k, v;
        if (!wt__ptx_mod_lookup(t->s + 1, t->len - 1, &k, &v)) {
            PUNS(t, "unknown modifier %s", wt__ptx_tokname(t, nb, sizeof nb));
            return 0;
        }
        /* the opcode table's mods column (ptx_ops.def): a modifier of a class the instruction
         * does not take, or a flag it does not take, is malformed PTX, refused here once for
         * every decoder */
        uint64_t allow = wt__ptx_ops[op].mods;
        if (k == PX_MK_FLAG ? !(allow & ((uint64_t)(uint32_t)v << 32)) : !(allow & ((uint64_t)1 << k))) {
            PERR(t, "%s does not take %s", wt__ptx_ops[op].name, wt__ptx_tokname(t, nb, sizeof nb));
            return 0;
        }
        if (nm >= 16) {
            PERR(t, "too many modifiers");
            return 0;
        }
        mk[nm] = k;
        mv[nm++] = v;
        switch (k) {
        case PX_MK_TYPE:
            if (m.ntype >= 3) {
                PERR(t, "too many types");
                return 0;
            }
            m.type[m.ntype++] = v;
            break;
        case PX_MK_SPACE: m.space = v; break;
        case PX_MK_TO: m.to = 1; break;
        case PX_MK_RND: m.rnd = v; break;
        case PX_MK_RNDI: m.rndi = v; break;
        case PX_MK_CMP: m.cmp = v; break;
        case PX_MK_LOHI:
        case PX_MK_WIDE: m.lohi = v; break;
        case PX_MK_BOOL: m.bop = v; break;
        case PX_MK_VEC: m.vec = v; break;
        case PX_MK_FLAG: m.flags |= v; break;
        case PX_MK_TESTP: m.testp = v; break;
        case PX_MK_ATOM: m.aop = v; break;
        case PX_MK_SHFL: m.shfl = v; break;
        case PX_MK_VOTE: m.vote = v; break;
        case PX_MK_PRMT: m.prmt = v; break;
        case PX_MK_COMP: m.comp = v + 1; break;
        case PX_MK_REDOP: m.redop = v; break;
        case PX_MK_POLICY: m.policy = v; break;
        default: break;
        }
    }
    /* operands */
    P->nops = 0;
    P->ntop = 0;
    if (!px_is_p(wt__ptx_peek(P), ';')) {
        for (;;) {
            int o = wt__ptx_parse_operand(P);
            if (o < 0)
                return 0;
            if (P->ntop >= 8) {
                PERR(&P->tok, "too many operands");
                return 0;
            }
            P->top[P->ntop++] = o;
            t = wt__ptx_next(P);
            if (P->st)
                return 0;
            if (px_is_p(t, ';'))
                break;
            if (!px_is_p(t, ',')) {
                PERR(t, "expected ',' or ';'");
                return 0;
            }
        }
    } else {
        wt__ptx_next(P);
    }
    int ok;
    if (wt__ptx_video_op(op)) {
        ok = wt__ptx_decode_video(P, &in, &opt, mk, mv, nm);
    } else {
        for (int i = 0; i < P->nops; i++)
            if (P->ops[i].vsel) {
                PERR(&P->ops[i].tok, "a selector (.%c...) on an operand of an instruction that is not a video one",
                     P->ops[i].vsel);
                return 0;
            }
        ok = 1;
    }
    if (!ok || P->st)
        return 0;
    switch (wt__ptx_video_op(op) ? -1 : (int)wt__ptx_ops[op].cls) {
    case -1: break;
    case PX_CLS_ALU: ok = decode_alu(P, &in, &opt, &m); break;
    case PX_CLS_MEM: ok = decode_mem(P, &in, &opt, &m); break;
    case PX_CLS_CTL: ok = decode_ctl(P, &in, &opt, &m); break;
    default: ok = wt__ptx_decode_tex(P, &in, &opt, mk, mv, nm); break;
    }
    if (!ok || P->st)
        return 0;
    const wt__backend *b = wt__backend_active();
    in.run = b->ptx_executor ? b->ptx_executor(&in) : wt__ptx_exec_for_base(&in);
    if (!GROW(P->code, P->cap_code, P->ncode + 1))
        return OOM(), 0;
    P->code[P->ncode++] = in;
    return 1;
}
