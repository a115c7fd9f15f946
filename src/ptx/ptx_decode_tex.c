/* ptx_decode_tex.c -- tex, tld4, txq, suld, sust, sured, suq, istypep into the op record of warptex/op.h
 * SPDX-License-Identifier: MIT
 *
 * The front end adds no texture code: an instruction becomes one wt_op plus
 * the operand registers, and the interpreter hands both to wt_tex_warp /
 * wt_surf_warp / wt_query.  Operand forms (PTX ISA 9.7.10, 9.7.11):
 *   tex[.base|.level|.grad].geom.v4.dtype.ctype  d[|p], [a, {b,} c] {, lod | dPdx, dPdy} {, e} {, f}
 *   tld4.comp.geom.v4.dtype.f32                  d[|p], [a, {b,} c] {, e} {, f}
 *   txq[.level].query.b32   d, [a] {, lod}         suq.query.b32 d, [a]
 *   suld.b.geom{.vec}.dtype.clamp   d, [a, c]       istypep.type p, a
 *   sust.{b,p}.geom{.vec}.ctype.clamp [a, c], v
 *   sured.{b,p}.op.geom.ctype.clamp   [a, c], v
 * a (and the sampler b) is a .u64 register or a .texref/.surfref/.samplerref
 * name; e (offsets) is always written as a vector {..}, f (depth) as a
 * scalar, which is how the two are told apart. */
#include <string.h>

#include "ptx_parse.h"

/* coordinate elements each geometry reads (PTX order, op.h) */
static const uint8_t ncoord[WT_GEOM_COUNT] = {1, 2, 3, 2, 3, 3, 4, 3, 4};
static const uint8_t ngrad[WT_GEOM_COUNT] = {1, 2, 3, 1, 2, 3, 3, 2, 2};
static const uint8_t noffset[WT_GEOM_COUNT] = {1, 2, 3, 1, 2, 0, 0, 2, 2};

/* n elements from a vector (or a scalar when n allows), each a 32-bit register/constant */
static int vec_src(px_parser *P, int oi, int n, int maxn, int type, px_ref *out)
{
    po *o = &P->ops[oi];
    if (o->kind != PO_VEC) {
        if (n != 1) {
            wt__ptx_err(P, &o->tok, WT_ERROR_PTX_PARSE, "expected a vector of %d elements", n);
            return 0;
        }
        return wt__ptx_src(P, oi, type, &out[0]);
    }
    if (o->nsub < n || o->nsub > maxn) {
        wt__ptx_err(P, &o->tok, WT_ERROR_PTX_PARSE, "vector of %d elements where %d are needed", o->nsub, n);
        return 0;
    }
    for (int k = 0; k < n; k++)
        if (!wt__ptx_src(P, o->sub[k], type, &out[k]))
            return 0;
    for (int k = n; k < o->nsub; k++) { /* padding elements must still be valid names */
        px_ref dummy;
        if (!wt__ptx_src(P, o->sub[k], type, &dummy))
            return 0;
    }
    return 1;
}

static int handle_src(px_parser *P, int oi, int want, px_ref *r)
{
    if (!wt__ptx_src(P, oi, PX_T_B64, r))
        return 0;
    int k = r->kind;
    int ok = k == PX_R_REG || (want == PX_R_TEXREF && (k == PX_R_TEXREF || k == PX_R_SMPREF)) || k == want;
    if (!ok) {
        wt__ptx_err(P, &P->ops[oi].tok, WT_ERROR_PTX_PARSE, "expected a %s or a .u64 register",
                    want == PX_R_TEXREF ? ".texref" : want == PX_R_SURFREF ? ".surfref" : ".samplerref");
        return 0;
    }
    return 1;
}

int wt__ptx_decode_tex(px_parser *P, px_insn *in, const px_token *opt, int *mk, int *mv, int nmods)
{
    wt_op *op = &in->top;
    memset(op, 0, sizeof *op);
    int geom = -1, types[3], ntypes = 0, vec = 0, mip = -1, comp = -1, surfb = 0, surfp = 0, clampm = -1;
    int query = -1, htype = -1, aop = -1, level = 0;
    for (int i = 0; i < nmods; i++) {
        switch (mk[i]) {
        case PX_MK_GEOM: geom = mv[i]; break;
        case PX_MK_TYPE: if (ntypes < 3) types[ntypes++] = mv[i]; break;
        case PX_MK_VEC: vec = mv[i]; break;
        case PX_MK_MIP: mip = mv[i]; if (mv[i] == WT_MIP_LEVEL) level = 1; break;
        case PX_MK_COMP: comp = mv[i]; break;
        case PX_MK_SURFB: surfb = 1; break;
        case PX_MK_SURFP: surfp = 1; break;
        case PX_MK_CLAMPM: clampm = mv[i]; break;
        case PX_MK_FLAG: clampm = WT_CLAMP_CLAMP; break; /* .clamp, the one flag these rows take */
        case PX_MK_QUERY: query = mv[i]; break;
        case PX_MK_HTYPE: htype = mv[i]; break;
        case PX_MK_ATOM: aop = mv[i]; break;
        case PX_MK_BOOL: aop = mv[i] == PX_BAND ? PX_A_AND : mv[i] == PX_BOR ? PX_A_OR : -2; break;
        default: break; /* cache operators */
        }
    }
    int nt = P->ntop;
    switch (in->op) {
    case PX_OP_tex:
    case PX_OP_tld4: {
        int is_tld4 = in->op == PX_OP_tld4;
        op->family = is_tld4 ? WT_FAMILY_TLD4 : WT_FAMILY_TEX;
        if (is_tld4) {
            if (surfb)
                comp = 2;
            if (comp < 0) {
                wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "tld4 needs one of .r .g .b .a");
                return 0;
            }
            op->comp = (uint8_t)comp;
        }
        if (geom < 0 || ntypes != 2 || !vec) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "%s needs .geom, .v4 (or .v2.f16x2), a destination and a coordinate type",
                        is_tld4 ? "tld4" : "tex");
            return 0;
        }
        int dt = types[0], ct = types[1];
        op->geom = (uint8_t)geom;
        op->mip = (uint8_t)(mip < 0 ? WT_MIP_BASE : mip);
        op->dtype = dt == PX_T_F32 ? WT_DTYPE_F32 : dt == PX_T_S32 ? WT_DTYPE_S32 : dt == PX_T_U32 ? WT_DTYPE_U32
                  : dt == PX_T_F16 ? WT_DTYPE_F16 : dt == PX_T_F16X2 ? WT_DTYPE_F16X2 : 255;
        if (op->dtype == 255 || (op->dtype == WT_DTYPE_F16X2) != (vec == 2) || (vec != 2 && vec != 4)) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "destination must be .v4.f32/.s32/.u32/.f16 or .v2.f16x2");
            return 0;
        }
        if (ct != PX_T_F32 && ct != PX_T_S32) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "coordinate type must be .f32 or .s32");
            return 0;
        }
        if (is_tld4 && ct != PX_T_F32) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "tld4 coordinates are .f32");
            return 0;
        }
        op->ctype = ct == PX_T_F32 ? WT_CTYPE_F32 : WT_CTYPE_S32;
        if (nt < 2) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "expects d, [a, c]");
            return 0;
        }
        /* destinations */
        po *d = &P->ops[P->top[0]];
        if (d->kind != PO_VEC || d->nsub != vec) {
            wt__ptx_err(P, &d->tok, WT_ERROR_PTX_PARSE, "destination must be a vector of %d registers", vec);
            return 0;
        }
        int dw = op->dtype == WT_DTYPE_F16 ? PX_T_B16 : PX_T_B32;
        for (int k = 0; k < vec; k++)
            if (!wt__ptx_dst(P, d->sub[k], dw, &in->dst[k]))
                return 0;
        in->ndst = (uint8_t)vec;
        if (d->pipe) {
            if (!wt__ptx_dst(P, d->pipe, PX_T_PRED, &in->pdst))
                return 0;
            op->flags |= WT_OP_PRED;
        }
        /* [a, {b,} c] */
        po *a = &P->ops[P->top[1]];
        if (a->kind != PO_ADDR || a->nsub < 2 || a->nsub > 3) {
            wt__ptx_err(P, &a->tok, WT_ERROR_PTX_PARSE, "expected [texture, coordinates] or [texture, sampler, coordinates]");
            return 0;
        }
        if (a->off) {
            wt__ptx_err(P, &a->tok, WT_ERROR_PTX_PARSE, "offset on a texture operand");
            return 0;
        }
        if (!handle_src(P, a->sub[0], PX_R_TEXREF, &in->handle))
            return 0;
        if (a->nsub == 3) {
            if (P->mod->unified) {
                wt__ptx_err(P, &a->tok, WT_ERROR_PTX_PARSE, "a separate sampler needs .target texmode_independent");
                return 0;
            }
            if (!handle_src(P, a->sub[1], PX_R_SMPREF, &in->sampler))
                return 0;
            op->flags |= WT_OP_SAMPLER;
        }
        int n = ncoord[geom];
        int maxn = n == 3 ? 4 : n;
        if (!vec_src(P, a->sub[a->nsub - 1], n, maxn, PX_T_B32, in->tsrc[0]))
            return 0;
        in->tn[0] = (uint8_t)n;
        int k = 2;
        if (op->mip == WT_MIP_LEVEL) {
            if (k >= nt || !wt__ptx_src(P, P->top[k], PX_T_B32, &in->tsrc[1][0])) {
                if (!P->st)
                    wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "tex.level needs a lod operand");
                return 0;
            }
            in->tn[1] = 1;
            k++;
        } else if (op->mip == WT_MIP_GRAD) {
            int g = ngrad[geom];
            if (k + 1 >= nt) {
                wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "tex.grad needs dPdx and dPdy");
                return 0;
            }
            if (!vec_src(P, P->top[k], g, g == 3 ? 4 : g, PX_T_B32, in->tsrc[1]) ||
                !vec_src(P, P->top[k + 1], g, g == 3 ? 4 : g, PX_T_B32, in->tsrc[2]))
                return 0;
            in->tn[1] = in->tn[2] = (uint8_t)g;
            k += 2;
        }
        if (k < nt && P->ops[P->top[k]].kind == PO_VEC) {
            int no = noffset[geom];
            if (!no) {
                wt__ptx_err(P, &P->ops[P->top[k]].tok, WT_ERROR_PTX_PARSE, "no offset operand on this geometry");
                return 0;
            }
            if (!vec_src(P, P->top[k], no, no == 3 ? 4 : no, PX_T_B32, in->tsrc[3]))
                return 0;
            in->tn[3] = (uint8_t)no;
            op->flags |= WT_OP_OFFSET;
            k++;
        }
        if (k < nt) {
            if (!wt__ptx_src(P, P->top[k], PX_T_F32, &in->src[0]))
                return 0;
            op->flags |= WT_OP_DEPTH_COMPARE;
            in->nsrc = 1;
            k++;
        }
        if (k != nt) {
            wt__ptx_err(P, &P->ops[P->top[k]].tok, WT_ERROR_PTX_PARSE, "unexpected operand");
            return 0;
        }
        return 1;
    }
    case PX_OP_txq:
    case PX_OP_suq: {
        int is_txq = in->op == PX_OP_txq;
        op->family = is_txq ? WT_FAMILY_TXQ : WT_FAMILY_SUQ;
        if (query < 0 || ntypes != 1 || types[0] != PX_T_B32) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "%s needs a query and .b32", is_txq ? "txq" : "suq");
            return 0;
        }
        if (level) {
            if (query != WT_Q_WIDTH && query != WT_Q_HEIGHT && query != WT_Q_DEPTH) {
                wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, ".level applies to txq width, height and depth");
                return 0;
            }
            query = query - WT_Q_WIDTH + WT_Q_LEVEL_WIDTH;
        }
        op->query = (uint8_t)query;
        if (nt != 2 + level) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "expects %d operands", 2 + level);
            return 0;
        }
        if (!wt__ptx_dst(P, P->top[0], PX_T_B32, &in->dst[0]))
            return 0;
        in->ndst = 1;
        po *a = &P->ops[P->top[1]];
        if (a->kind != PO_ADDR || a->nsub != 1 || a->off) {
            wt__ptx_err(P, &a->tok, WT_ERROR_PTX_PARSE, "expected [handle]");
            return 0;
        }
        if (!handle_src(P, a->sub[0], is_txq ? PX_R_TEXREF : PX_R_SURFREF, &in->handle))
            return 0;
        if (in->handle.kind == PX_R_SMPREF)
            op->flags |= WT_OP_SAMPLER;
        if (level && !wt__ptx_src(P, P->top[2], PX_T_B32, &in->src[0]))
            return 0;
        in->nsrc = (uint8_t)level;
        return 1;
    }
    case PX_OP_istypep:
        op->family = WT_FAMILY_ISTYPEP;
        if (htype < 0 || nt != 2) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "istypep needs .texref/.samplerref/.surfref and p, a");
            return 0;
        }
        op->query = (uint8_t)htype;
        if (!wt__ptx_dst(P, P->top[0], PX_T_PRED, &in->dst[0]) || !wt__ptx_src(P, P->top[1], PX_T_B64, &in->handle))
            return 0;
        in->ndst = 1;
        return 1;
    case PX_OP_suld:
    case PX_OP_sust:
    case PX_OP_sured: {
        int fam = in->op == PX_OP_suld ? WT_FAMILY_SULD : in->op == PX_OP_sust ? WT_FAMILY_SUST : WT_FAMILY_SURED;
        op->family = (uint8_t)fam;
        if (surfb == surfp || geom < 0 || ntypes != 1 || clampm < 0) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "surface instruction needs .b or .p, .geom, a type and .trap/.clamp/.zero");
            return 0;
        }
        if (geom > WT_GEOM_A2D) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "surface geometry must be .1d .2d .3d .a1d .a2d");
            return 0;
        }
        op->geom = (uint8_t)geom;
        op->mode = (uint8_t)(surfp ? WT_SURF_P : WT_SURF_B);
        op->clamp = (uint8_t)clampm;
        op->vec = (uint8_t)(vec ? vec : 1);
        int t = types[0];
        if (fam == WT_FAMILY_SURED) {
            if (aop < 0) {
                wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "sured needs .add/.min/.max/.and/.or");
                return 0;
            }
            op->redop = (uint8_t)(aop == PX_A_ADD ? WT_RED_ADD : aop == PX_A_MIN ? WT_RED_MIN : aop == PX_A_MAX ? WT_RED_MAX
                                  : aop == PX_A_AND ? WT_RED_AND : aop == PX_A_OR ? WT_RED_OR : 255);
            op->rtype = (uint8_t)(t == PX_T_U32 ? WT_RTYPE_U32 : t == PX_T_S32 ? WT_RTYPE_S32 : t == PX_T_B32 ? WT_RTYPE_B32
                                  : t == PX_T_U64 ? WT_RTYPE_U64 : t == PX_T_S64 ? WT_RTYPE_S64 : t == PX_T_B64 ? WT_RTYPE_B64 : 255);
            if (op->redop == 255 || op->rtype == 255) {
                wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "sured operation or type");
                return 0;
            }
            op->bits = (uint8_t)px_type_bits(t);
        } else {
            if (t != PX_T_B8 && t != PX_T_B16 && t != PX_T_B32 && t != PX_T_B64) {
                wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "surface data type must be .b8 .b16 .b32 .b64");
                return 0;
            }
            op->bits = (uint8_t)px_type_bits(t);
        }
        int nc = geom == WT_GEOM_3D || geom == WT_GEOM_A2D ? 3 : ncoord[geom];
        int di = fam == WT_FAMILY_SULD ? 1 : 0; /* the address operand */
        if (nt != 2) {
            wt__ptx_err(P, opt, WT_ERROR_PTX_PARSE, "expects 2 operands");
            return 0;
        }
        po *a = &P->ops[P->top[di]];
        if (a->kind != PO_ADDR || a->nsub != 2 || a->off) {
            wt__ptx_err(P, &a->tok, WT_ERROR_PTX_PARSE, "expected [surface, coordinates]");
            return 0;
        }
        if (!handle_src(P, a->sub[0], PX_R_SURFREF, &in->handle) ||
            !vec_src(P, a->sub[1], nc, nc == 3 ? 4 : nc, PX_T_B32, in->tsrc[0]))
            return 0;
        in->tn[0] = (uint8_t)nc;
        po *v = &P->ops[P->top[1 - di]];
        int nv = v->kind == PO_VEC ? v->nsub : 1;
        if (nv != op->vec) {
            wt__ptx_err(P, &v->tok, WT_ERROR_PTX_PARSE, "%d values for .v%d", nv, op->vec);
            return 0;
        }
        /* registers at least as wide as .bN: a wider destination is zero-extended (the surface
         * code writes the value so), a wider source truncated (exec_surf masks it) */
        for (int k = 0; k < nv; k++) {
            int oi = v->kind == PO_VEC ? v->sub[k] : P->top[1 - di];
            if (fam == WT_FAMILY_SULD) {
                if (!wt__ptx_dst(P, oi, PX_T_NONE, &in->dst[k]) ||
                    !wt__ptx_relaxed_operand(P, oi, &in->dst[k], t, "destination"))
                    return 0;
            } else if (fam == WT_FAMILY_SURED) { /* an atomic: the register has the type's width */
                if (!wt__ptx_src(P, oi, op->bits == 64 ? PX_T_B64 : PX_T_B32, &in->src[k]))
                    return 0;
            } else if (!wt__ptx_src(P, oi, P->ops[oi].kind == PO_NUM ? t : PX_T_NONE, &in->src[k]) ||
                       !wt__ptx_relaxed_operand(P, oi, &in->src[k], t, "source")) {
                return 0;
            }
        }
        if (fam == WT_FAMILY_SULD)
            in->ndst = (uint8_t)nv;
        else
            in->nsrc = (uint8_t)nv;
        return 1;
    }
    default:
        wt__ptx_err(P, opt, WT_ERROR_PTX_UNSUPPORTED, "opcode");
        return 0;
    }
}
