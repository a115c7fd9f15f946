/* value_scalar.h -- private interfaces between the scalar reference's value files
 * SPDX-License-Identifier: MIT */
#ifndef WT_VALUE_SCALAR_H
#define WT_VALUE_SCALAR_H

#include "scalar.h"

/* ---- exact binary rounding (fpround_scalar.c) ---------------------------- */

typedef enum wt__rnd {
    WT__RND_EVEN = 0, /* to nearest, ties to even (IEEE default) */
    WT__RND_AWAY,     /* to nearest, ties away from zero (the filter datapath, [semantics#float-blend], [semantics#srgb]) */
    WT__RND_ZERO      /* toward zero, finite overflow gives the largest finite ([semantics#border-color], [semantics#decision-f16-toward-zero]) */
} wt__rnd;

/* Round (-1)^neg * mag * 2^e to an f32 (half = 0) or f16 (half = 1) bit
 * pattern, subnormals on their grid, overflow to infinity (or the largest
 * finite under WT__RND_ZERO).  Exact for every mag and e. */
WT_INTERNAL uint32_t wt__fp_round(int neg, uint64_t mag, int e, int half, wt__rnd mode);
/* f16 -> f32, exact; a NaN widens bit for bit ([semantics#point-conversion]). */
WT_INTERNAL uint32_t wt__f16_to_f32(uint32_t h);
/* f32 -> f16 to nearest even ([semantics#dest-types]); a NaN gives the canonical 0x7fff ([semantics#decision-f16-nan-result]). */
WT_INTERNAL uint32_t wt__f32_to_f16_rn(uint32_t f);
/* f32 -> f16 toward zero ([semantics#border-color]); a NaN keeps its top 10 payload bits and
 * becomes quiet if those are all zero; infinities stay ([semantics#decision-f16-toward-zero]). */
WT_INTERNAL uint32_t wt__f32_to_f16_rz(uint32_t f);

/* ---- channel values (convert_scalar.c) ------------------------------------ */

/* A channel's value before the destination conversion: an f32 bit pattern,
 * or an integer read as element type (signed or unsigned). */
enum { WT__VAL_F32 = 0, WT__VAL_S32, WT__VAL_U32 };
typedef struct wt__val {
    uint8_t kind;
    uint32_t bits;
} wt__val;

/* 1 when channel ch of t is decoded through the sRGB table ([semantics#srgb]). */
WT_INTERNAL int wt__srgb_channel(const wt__tex *t, int ch);
/* Point-sampled value of raw code `raw` in channel ch of t ([semantics#point-conversion], [semantics#srgb]). */
WT_INTERNAL wt__val wt__point_value(const wt__tex *t, int ch, uint32_t raw);
/* One value as the 32-bit register of dtype ([semantics#dest-types], [semantics#decision-dest-mismatch], [semantics#decision-f16-nan-result], [semantics#decision-nan-to-int]); for
 * .f16/.f16x2 the half is in the low 16 bits, the rest 0. */
WT_INTERNAL uint32_t wt__val_to_reg(wt__val v, int dtype);

/* ---- filtered blends ------------------------------------------------------
 * Each returns the f32 register bits of channel ch of the weighted taps. */

/* [semantics#float-blend]: f32 texels (half = 0) or f16 texels (half = 1; the result is a half
 * value widened to f32) (blend_float_scalar.c). */
WT_INTERNAL uint32_t wt__blend_float(const wt__taps *taps, int ch, int half);
/* [semantics#norm-blend] (blend_norm_scalar.c): UNORM 8/16-bit, SNORM16, SNORM8. */
WT_INTERNAL uint32_t wt__blend_unorm(const wt__taps *taps, int ch, int bits);
WT_INTERNAL uint32_t wt__blend_snorm16(const wt__taps *taps, int ch);
WT_INTERNAL uint32_t wt__blend_snorm8(const wt__taps *taps, int ch);
/* [semantics#srgb] / [semantics#decision-srgb-groups]: sRGB codes through the table (blend_srgb_scalar.c). */
WT_INTERNAL uint32_t wt__blend_srgb(const wt__taps *taps, int ch);

/* Floor of v / 2^s for any s >= 0 (an arithmetic shift that C leaves
 * implementation-defined for negative v). */
static inline int64_t wt__floor_shr(int64_t v, int s)
{
    if (s >= 63)
        return v < 0 ? -1 : 0;
    return v >= 0 ? v >> s : -((-(v + 1)) >> s) - 1;
}

/* f32 bits <-> float without aliasing problems. */
static inline float wt__f32_from_bits(uint32_t b)
{
    union { uint32_t u; float f; } x;
    x.u = b;
    return x.f;
}
static inline uint32_t wt__f32_bits(float f)
{
    union { uint32_t u; float f; } x;
    x.f = f;
    return x.u;
}

#endif
