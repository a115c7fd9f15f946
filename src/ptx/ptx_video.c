/* ptx_video.c -- the SIMD video instructions on 32 lanes: vadd4, vsub4, vavrg4, vabsdiff4, vmin4,
 * vmax4, vset4 and their two-lane forms (vadd2 ... vset2)
 * SPDX-License-Identifier: MIT
 *
 * Semantics (PTX ISA, "SIMD video instructions"): each lane i of a and b is the element its
 * selector names among the eight bytes (four half-words) of {b, a}, sign-extended for an .s32
 * type and zero-extended for .u32; the operation works on the extended values:
 *   vadd: Va + Vb   vsub: Va - Vb   vabsdiff: |Va - Vb|   vmin, vmax
 *   vavrg: (Va + Vb + 1) >> 1 when Va + Vb >= 0, else (Va + Vb) >> 1 (the shift floors)
 *   vset: 1 when Va cmp Vb, else 0
 * .sat clamps each result to the lane's range for dtype (s8/u8, s16/u16).  Then either
 *   merge (no .add): lane i of d is the result's low 8 (16) bits where the mask has lane i,
 *                    else lane i of c;
 *   accumulate (.add): d = c + the sum of the results of the lanes in the mask, modulo 2^32.
 * The decoder (ptx_decode_video.c) fills vsel_a/vsel_b, vmask, vtype_b and vadd. */
#include "ptx_internal.h"

int wt__ptx_video_op(int op)
{
    if (op >= PX_OP_vadd4 && op <= PX_OP_vset4)
        return 4;
    if (op >= PX_OP_vadd2 && op <= PX_OP_vset2)
        return 2;
    return 0;
}

/* the element at bit `shift` (bits wide) of the 64 bits x, extended to 64 */
static inline int64_t element(uint64_t x, unsigned shift, uint64_t em, uint64_t sign)
{
    const uint64_t e = (x >> shift) & em;
    return (int64_t)(e ^ sign) - (int64_t)sign; /* sign 0: zero-extended */
}

void wt__ptx_video_lanes(const px_insn *in, uint32_t mask, uint64_t *r, const uint64_t *a, const uint64_t *b,
                         const uint64_t *c)
{
    const int lanes = wt__ptx_video_op(in->op);
    const unsigned bits = 32u / (unsigned)lanes;
    const int kind = lanes == 4 ? in->op - PX_OP_vadd4 : in->op - PX_OP_vadd2; /* vadd .. vset */
    const int sa = px_type_signed(in->type2), sb = px_type_signed(in->vtype_b), sd = px_type_signed(in->type);
    const int sat = (in->flags & PX_F_SAT) != 0;
    const int64_t hi = sd ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    const int64_t lo = sd ? -((int64_t)1 << (bits - 1)) : 0;
    const uint64_t em = ((uint64_t)1 << bits) - 1;
    const uint64_t sign_a = sa ? (uint64_t)1 << (bits - 1) : 0, sign_b = sb ? (uint64_t)1 << (bits - 1) : 0;
    unsigned sh_a[4], sh_b[4]; /* where each lane's element of a and of b starts in {b, a} */
    for (int i = 0; i < lanes; i++) {
        sh_a[i] = bits * ((in->vsel_a >> (4 * i)) & 15u);
        sh_b[i] = bits * ((in->vsel_b >> (4 * i)) & 15u);
    }
    const int vadd = in->vadd, vmask = in->vmask, cmp = in->cmp;
    for (uint32_t left = mask; left; left &= left - 1) { /* inline asm runs one lane (ptx_snippet.c) */
        const int l = px_first_lane(left);
        const uint64_t x = (a[l] & 0xffffffffu) | (b[l] & 0xffffffffu) << 32, cl = c[l];
        uint32_t d = vadd ? (uint32_t)cl : 0;
        for (int i = 0; i < lanes; i++) {
            const int64_t va = element(x, sh_a[i], em, sign_a);
            const int64_t vb = element(x, sh_b[i], em, sign_b);
            int64_t t;
            switch (kind) {
            case 0: t = va + vb; break;
            case 1: t = va - vb; break;
            case 2: {
                const int64_t s = va + vb;
                t = s >= 0 ? (s + 1) / 2 : -((1 - s) / 2); /* floor((s + 1) / 2), floor(s / 2) */
                break;
            }
            case 3: t = va > vb ? va - vb : vb - va; break;
            case 4: t = va < vb ? va : vb; break;
            case 5: t = va > vb ? va : vb; break;
            default:
                switch (cmp) {
                case PX_EQ: t = va == vb; break;
                case PX_NE: t = va != vb; break;
                case PX_LT: t = va < vb; break;
                case PX_LE: t = va <= vb; break;
                case PX_GT: t = va > vb; break;
                default: t = va >= vb; break;
                }
            }
            if (sat)
                t = t > hi ? hi : t < lo ? lo : t;
            const int in_mask = (vmask >> i) & 1;
            if (vadd)
                d += in_mask ? (uint32_t)(uint64_t)t : 0u;
            else
                d |= (uint32_t)(((in_mask ? (uint64_t)t : cl >> (bits * (unsigned)i)) & em) << (bits * (unsigned)i));
        }
        r[l] = d;
    }
}
