/* border_scalar.c -- the border colour as one raw texel of the format ([semantics#border-color], [semantics#decision-f16-toward-zero])
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "value_scalar.h"

/* [semantics#border-color]: an m-magnitude-bit normalised channel (UNORM m = bits, SNORM m =
 * bits - 1).  Returns the signed code. */
static int32_t norm_code(float x, int m, int is_signed)
{
    if (x != x) /* NaN -> 0 */
        x = 0.0f;
    float lo = is_signed ? -1.0f : 0.0f;
    x = x < lo ? lo : x > 1.0f ? 1.0f : x; /* clamp to [0,1] or [-1,1] */
    /* Truncate toward zero to m+4 fractional bits (the scaling by a power of
     * two is exact, the conversion truncates). */
    int32_t v = (int32_t)ldexpf(x, m + 4);
    int64_t a = v < 0 ? -(int64_t)v : v;
    int64_t code = (a * (((int64_t)1 << m) - 1) + ((int64_t)1 << (m + 3)) - 1) >> (m + 4);
    return (int32_t)(v < 0 ? -code : code); /* v's sign */
}

/* [semantics#border-color]: an sRGB channel encodes the float with the IEC 61966-2-1 formula and
 * rounds slightly early (measured floor(e*255 + 0.50108)); the 8-bit code is
 * later decoded through the table like any texel. */
static uint32_t srgb_code(float x)
{
    double c = x != x ? 0.0 : x < 0.0f ? 0.0 : x > 1.0f ? 1.0 : (double)x;
    double e = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
    double k = floor(e * 255.0 + 0.50108);
    return k < 0.0 ? 0u : k > 255.0 ? 255u : (uint32_t)k;
}

void wt__border_to_texel(const wt__tex *t, const float border[4], uint8_t out[16])
{
    const wt__format *f = &t->fmt;
    memset(out, 0, 16); /* [semantics#border-color]: channels the format lacks read 0 */
    for (int c = 0; c < f->nch && c < 4; c++) {
        uint32_t bits = wt__f32_bits(border[c]), code;
        switch (f->ctype) {
        case WT__F32: /* the bits as given, NaN payloads kept */
            code = bits;
            break;
        case WT__F16: /* toward zero: 65520 -> 65504 ([semantics#decision-f16-toward-zero] for NaN, inf, overflow) */
            code = wt__f32_to_f16_rz(bits);
            break;
        case WT__U32:
        case WT__S32: /* 32-bit integers are never normalised: the float's bits */
            code = bits;
            break;
        default:
            if (!t->read_norm) /* integer read as element type: the float's low bits */
                code = bits;
            else if (wt__srgb_channel(t, c))
                code = srgb_code(border[c]);
            else {
                int nbits = f->cbytes * 8, sgn = wt__ctype_is_signed(f->ctype);
                code = (uint32_t)norm_code(border[c], sgn ? nbits - 1 : nbits, sgn);
            }
            break;
        }
        for (int b = 0; b < f->cbytes; b++) /* little-endian, truncated to the channel */
            out[c * f->cbytes + b] = (uint8_t)(code >> (8 * b));
    }
}
