/* convert_scalar.c -- point-sampled channel values and destination register conversion
 * SPDX-License-Identifier: MIT */
#include <math.h>

#include "srgb_table.h"
#include "value_scalar.h"

int wt__srgb_channel(const wt__tex *t, int ch)
{
    /* [semantics#srgb] / [semantics#decision-srgb-scope]: x, y, z of a four-channel texture, only x of a one- or
     * two-channel one; alpha never.  t->srgb is only set on 8-bit unsigned
     * textures read as normalised float. */
    if (!t->srgb || ch >= t->fmt.nch)
        return 0;
    return t->fmt.nch == 4 ? ch < 3 : ch == 0;
}

static wt__val fval(float f)
{
    wt__val v = {WT__VAL_F32, wt__f32_bits(f)};
    return v;
}

wt__val wt__point_value(const wt__tex *t, int ch, uint32_t raw)
{
    wt__val v = {WT__VAL_F32, 0};
    if (ch >= t->fmt.nch) /* [semantics#point-conversion]: missing channels read 0, w included */
        return v;
    switch (t->fmt.ctype) {
    case WT__F32: /* [semantics#point-conversion]: bits as stored, NaN payloads and subnormals too */
        v.bits = raw;
        return v;
    case WT__F16: /* [semantics#point-conversion]: exact widening, NaN bit for bit */
        v.bits = wt__f16_to_f32(raw);
        return v;
    case WT__U32:
    case WT__S32: /* [semantics#read-modes]: 32-bit integers are never promoted */
        v.kind = t->fmt.ctype == WT__S32 ? WT__VAL_S32 : WT__VAL_U32;
        v.bits = raw;
        return v;
    default:
        break;
    }
    if (!t->read_norm) { /* element type: the integer itself */
        v.kind = wt__ctype_is_signed(t->fmt.ctype) ? WT__VAL_S32 : WT__VAL_U32;
        v.bits = raw;
        return v;
    }
    if (wt__srgb_channel(t, ch)) /* [semantics#srgb]: table[code]/65536, exact in f32 */
        return fval(ldexpf((float)wt__srgb_table[raw & 0xff], -16));
    switch (t->fmt.ctype) {
    case WT__U8: /* [semantics#point-conversion]: v / (2^n - 1); an IEEE f32 division rounds once */
        return fval((float)raw / 255.0f);
    case WT__U16:
        return fval((float)raw / 65535.0f);
    case WT__S8: { /* [semantics#point-conversion]: v / (2^(n-1) - 1), the most negative code -> -1.0 */
        int32_t k = (int32_t)raw;
        return fval(k <= -128 ? -1.0f : (float)k / 127.0f);
    }
    default: { /* WT__S16 */
        int32_t k = (int32_t)raw;
        return fval(k <= -32768 ? -1.0f : (float)k / 32767.0f);
    }
    }
}

/* [semantics#decision-dest-mismatch] / [semantics#decision-nan-to-int]: a float into .s32 / .u32 rounds toward zero and saturates; NaN -> 0. */
static uint32_t float_to_s32(float f)
{
    if (f != f)
        return 0;
    if (f >= 2147483648.0f)
        return 0x7fffffffu;
    if (f <= -2147483648.0f)
        return 0x80000000u;
    return (uint32_t)(int32_t)f; /* C conversion truncates toward zero */
}

static uint32_t float_to_u32(float f)
{
    if (!(f > 0.0f)) /* NaN, zeros and negatives */
        return 0;
    if (f >= 4294967296.0f)
        return 0xffffffffu;
    return (uint32_t)f;
}

uint32_t wt__val_to_reg(wt__val v, int dtype)
{
    if (v.kind != WT__VAL_F32) {
        /* Integer element-type values ([semantics#read-modes]). */
        if (dtype == WT_DTYPE_S32 || dtype == WT_DTYPE_U32)
            return v.bits; /* the integer's bits, whatever the signedness */
        /* [semantics#decision-dest-mismatch]: converted numerically into a float register (to nearest even,
         * as C converts); .f16 then rounds that f32 ([semantics#dest-types]). */
        float f = v.kind == WT__VAL_S32 ? (float)(int32_t)v.bits : (float)v.bits;
        v.kind = WT__VAL_F32;
        v.bits = wt__f32_bits(f);
    }
    switch (dtype) {
    case WT_DTYPE_S32:
        return float_to_s32(wt__f32_from_bits(v.bits));
    case WT_DTYPE_U32:
        return float_to_u32(wt__f32_from_bits(v.bits));
    case WT_DTYPE_F16:
    case WT_DTYPE_F16X2:
        return wt__f32_to_f16_rn(v.bits); /* [semantics#dest-types] round to nearest; NaN 0x7fff ([semantics#decision-f16-nan-result]) */
    default:
        return v.bits;
    }
}
