/* ptx_alu_support.c -- which ALU instructions (types and modifiers) the executors run: the check
 * at load, so that a form warptex does not run is refused then, never executed wrongly
 * SPDX-License-Identifier: MIT
 *
 * The types each instruction takes are the opcode table's (ptx_ops.def); this file adds what its
 * modifiers and second types allow.  Built once (not per executor variant): every variant runs
 * the same forms. */
#include "ptx_alu_values.h"
#include "ptx_internal.h"

int wt__ptx_alu_supported(const px_insn *in)
{
    int t = in->type, fl = px_type_float(t), bits = px_type_bits(t);
    int carry_type = (PX_TM_US3264 & PX_TM_OF(t)) != 0;
    if (half_arith(in))
        return wt__ptx_half_supported(in);
    if ((in->flags & (PX_F_NAN | PX_F_RELU | PX_F_XORSIGN)) && in->op != PX_OP_cvt)
        return 0; /* min.NaN.f32, max.xorsign.abs.f32, fma.relu.f32 ...: not run */
    if (in->flags & PX_F_CC) /* add.cc, sub.cc, mad.lo.cc, mad.hi.cc and the c forms (the rows that take .cc) */
        return carry_type && !(in->flags & PX_F_SAT) &&
               ((in->op != PX_OP_mad && in->op != PX_OP_madc) || in->lohi == PX_LO || in->lohi == PX_HI);
    if (!(wt__ptx_ops[in->op].types & PX_TM_OF(t)))
        return 0; /* a type the opcode table does not give the instruction */
    /* what the modifiers' values and the second types allow beyond the table (which modifiers
     * an instruction takes at all is the table's mods column, checked by the decoder) */
    switch (in->op) {
    case PX_OP_madc:
        return in->lohi == PX_LO || in->lohi == PX_HI;
    case PX_OP_dp4a: case PX_OP_dp2a: /* dp2a needs .lo or .hi */
        return (in->type2 == PX_T_U32 || in->type2 == PX_T_S32) && (in->op == PX_OP_dp4a || in->lohi != 0);
    case PX_OP_cvta:
        return in->space == PX_SP_GLOBAL || in->space == PX_SP_SHARED || in->space == PX_SP_LOCAL;
    case PX_OP_cvt: {
        int s = in->type2, hx2 = t == PX_T_F16X2 || t == PX_T_BF16X2;
        if (s == PX_T_F16X2 || s == PX_T_BF16X2 || t == PX_T_PRED || s == PX_T_PRED || t == PX_T_B128 ||
            s == PX_T_B128)
            return 0;
        if (hx2 && (s != PX_T_F32 || (in->rnd != PX_RN && in->rnd != PX_RZ) || in->rndi))
            return 0; /* cvt.rn|rz{.relu}{.satfinite}.f16x2.f32 d, a, b */
        return !((in->flags & (PX_F_RELU | PX_F_SATFINITE)) && (!wt__ptx_half_type(t) || (s != PX_T_F32 && !hx2)));
    }
    case PX_OP_add: case PX_OP_sub: case PX_OP_mul: case PX_OP_mad: case PX_OP_min: case PX_OP_max:
    case PX_OP_abs: case PX_OP_neg:
        if ((in->op == PX_OP_mul || in->op == PX_OP_mad) && !fl && !in->lohi)
            return 0; /* integer mul/mad need .lo/.hi/.wide */
        return !(in->lohi == PX_WIDE && bits == 64);
    case PX_OP_tanh:
        return (in->flags & PX_F_APPROX) != 0;
    case PX_OP_setp: case PX_OP_set: {
        /* half sources: f16/bf16 compare as their values, f16x2/bf16x2 half by half (setp: p|q
         * the low and the high half; set: a result per half) */
        int s2 = in->type2, hs = wt__ptx_half_type(s2), x2 = hs == 2 || hs == 4;
        if (s2 == PX_T_PRED || s2 == PX_T_B128 || ((in->flags & PX_F_FTZ) && s2 != PX_T_F32 && hs != 1 && hs != 2))
            return 0;
        if (in->op == PX_OP_setp)
            return !x2 || in->ndst == 2;
        if (hs) /* set.cmp.f16x2.f16x2, .u32.f16x2, .s32.f16x2, .f16.f16, .u32.f16 (bf16 likewise) */
            return t == s2 || t == PX_T_U32 || t == PX_T_S32;
        return t == PX_T_U32 || t == PX_T_S32 || t == PX_T_F32 || t == PX_T_F16 || t == PX_T_BF16;
    }
    case PX_OP_slct:
        return in->type2 == PX_T_S32 || in->type2 == PX_T_F32;
    default:
        return 1;
    }
}
