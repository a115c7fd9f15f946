/* gather_value_scalar.c -- the value of one tld4 component ([semantics#tld4], [semantics#decision-gather-half-subnormal])
 * SPDX-License-Identifier: MIT */
#include "value_scalar.h"

uint32_t wt__gather_value(const wt__tex_ctx *ctx, const wt_op *op, uint32_t raw)
{
    const wt__tex *t = ctx->t;
    int ch = op->comp;
    wt__val v = {WT__VAL_F32, 0};
    if (ch >= t->fmt.nch) /* [semantics#point-conversion]: a channel the format lacks reads 0 */
        return wt__val_to_reg(v, op->dtype);
    switch (t->fmt.ctype) {
    case WT__F32:
        if ((raw & 0x7f800000u) == 0x7f800000u && (raw & 0x7fffff))
            v.bits = 0x7fffffffu; /* [semantics#tld4]: a NaN gathers as all ones */
        else if ((raw & 0x7f800000u) == 0)
            v.bits = raw & 0x80000000u; /* [semantics#tld4]: an f32 subnormal gathers as +-0 */
        else
            v.bits = raw;
        break;
    case WT__F16:
        if ((raw & 0x7c00u) == 0x7c00u && (raw & 0x3ff))
            v.bits = 0x7fffe000u; /* [semantics#tld4]: half NaN -> 0x7fff, widened */
        else
            v.bits = wt__f16_to_f32(raw); /* [semantics#decision-gather-half-subnormal]: half subnormals widen exactly */
        break;
    case WT__S8:
        if (t->read_norm) {
            /* [semantics#tld4]: SNORM8 gathers as its 16-bit form over 32767:
             * |k|*258, +1 when |k| >= 64 (>= 65 when negative), sign
             * restored, -128 as -127; not k/127. */
            int32_t k = (int32_t)raw;
            if (k < -127)
                k = -127;
            int32_t a = k < 0 ? -k : k;
            int32_t m = a * 258 + (a >= (k < 0 ? 65 : 64) ? 1 : 0);
            v.bits = wt__f32_bits((float)(k < 0 ? -m : m) / 32767.0f);
            break;
        }
        v = wt__point_value(t, ch, raw);
        break;
    default: /* every other format: as point sampling ([semantics#tld4]), sRGB included */
        v = wt__point_value(t, ch, raw);
        break;
    }
    return wt__val_to_reg(v, op->dtype);
}
