/* tex_texels.h -- where a footprint's texels are and what they read as: the axes, the layer, the texel reads, the point and gather values (a part of tex_tpl.h's template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * The general texture kernels' reading of texels: one axis of a footprint
 * from the axis module (axis.h) on the plan's current level, a layer's
 * slice, a texel's raw channel codes (wv_fetch32, wv_fetch64, wv_fetch128:
 * 4 bytes at a texel of 1 or 2, which the array's slack covers, so only
 * array-backed objects bind those formats; lanes that read the border or
 * are inactive read nothing), a texel pair, and a code as the destination
 * word of point sampling or tld4 ([semantics#point-conversion], [semantics#tld4]). */
#ifndef WT_SIMD_TEX_TEXELS_H
#define WT_SIMD_TEX_TEXELS_H

#include "axis.h"
#include "simd_kernels.h"

#ifndef WV_W
#error "tex_texels.h is a part of tex_tpl.h: include vec8.h or vec16.h, then tex_tpl.h"
#endif

/* The kernels read the object's plan (src/core/tex_plan.h), made once when
 * it was created; a warp copies it, so that a shape's kernel can fix fields
 * to constants (tex_tpl.h's spec_*) and a mipmapped warp can point its copy
 * at the level it reads (wt__tex_plan_level).  Byte offsets are 32-bit
 * lanes: bind_tex takes only objects where every offset fits. */
typedef wt__tex_plan plan2d;

/* ---- vector helpers ---------------------------------------------------------- */

enum { WV_ALL = (int)((1u << WV_W) - 1u) }; /* every lane of a group */

/* The active lanes of the group of WV_W lanes from lane g. */
static inline uint32_t group_lanes(uint32_t active, int g) { return (active >> g) & (uint32_t)WV_ALL; }

/* Store v's lanes to dst where m is set (inactive lanes keep their words). */
WV_INLINE void store_masked(uint32_t *dst, wv_i v, wv_m m) { wv_store_masked(dst, v, m, 0); }

WV_INLINE wv_i rhu256(wv_i v) { return wv_srli(wv_add(v, wv_set(128)), 8); }

/* ---- one axis ---------------------------------------------------------------- */

/* The footprint of one axis for WV_W lanes from the axis module (axis.h),
 * on the plan's current level. */
WV_INLINE void axis_footprint(const plan2d *p, int k, wv_f c, int filter, int gather, wv_axis *ax)
{
    wv_axis_of(c, p->n[k], p->scale[k], p->npot[k], p->mode[k], filter, gather, ax);
}

/* ---- texels -------------------------------------------------------------------- */

/* The raw channel codes of the texels at (x, y) for lanes in mask (others
 * read nothing); lanes in `out` read the border texel. */
WV_INLINE void texels(const plan2d *p, wv_i slice, wv_i x, wv_i y, wv_m mask, wv_m out, wv_i raw[4])
{
    wv_m m = wv_mandnot(out, mask);
    wv_i off = wv_add(wv_add(wv_mul(y, wv_set((int32_t)p->row_pitch)), wv_mul(x, wv_set(p->esize))), slice);
    wv_i w[4];
    int words = p->esize <= 4 ? 1 : p->esize / 4;
    if (words == 4) {
        wv_fetch128(p->base, off, m, w);
    } else if (words == 2) {
        wv_fetch64(p->base, off, m, &w[0], &w[1]);
        w[2] = w[3] = wv_zero();
    } else {
        w[0] = wv_fetch32(p->base, off, m);
        w[1] = w[2] = w[3] = wv_zero();
    }
    for (int c = 0; c < 4; c++) {
        wv_i v;
        if (c >= p->nch)
            v = wv_zero();
        else if (p->cbits == 8 && p->sgn) /* raw codes of signed channels are sign-extended */
            v = wv_srai(wv_slli(w[0], 24 - 8 * c), 24);
        else if (p->cbits == 16 && p->sgn)
            v = wv_srai(wv_slli(w[c >> 1], 16 - 16 * (c & 1)), 16);
        else if (p->cbits == 8)
            v = wv_and(wv_srli(w[0], 8 * c), wv_set(0xff));
        else if (p->cbits == 16)
            v = wv_and(wv_srli(w[c >> 1], 16 * (c & 1)), wv_set(0xffff));
        else
            v = w[c];
        raw[c] = wv_sel(out, v, wv_set(p->border[c]));
    }
}

/* [semantics#point-conversion]: a half's f32 bits, exactly (NaN payloads bit for bit, subnormals
 * as frac * 2^-24, which is exact in f32). */
WV_INLINE wv_i half_to_f32(wv_i h)
{
    wv_i sign = wv_slli(wv_and(h, wv_set(0x8000)), 16);
    wv_i ex = wv_and(wv_srli(h, 10), wv_set(0x1f));
    wv_i frac = wv_and(h, wv_set(0x3ff));
    wv_i normal = wv_or(wv_slli(wv_add(ex, wv_set(112)), 23), wv_slli(frac, 13));
    wv_i special = wv_or(wv_set(0x7f800000), wv_slli(frac, 13));
    wv_i tiny = wv_fbits(wv_fmul(wv_tof(frac), wv_fset(1.0f / 16777216.0f)));
    wv_i v = wv_sel(wv_eq(ex, wv_set(31)), normal, special);
    v = wv_sel(wv_eq(ex, wv_zero()), v, tiny);
    return wv_or(v, sign);
}

/* [semantics#layers]: the layer operand (.u32) of .a2d, past the end the last layer; its
 * byte offset.  0 for a non-layered texture. */
WV_INLINE wv_i layer_index(const plan2d *p, const wt_tex_args *in, int g)
{
    if (!p->layered)
        return wv_zero();
    return wv_layer_clamp(&in->c[0][g], (uint32_t)p->layers);
}

WV_INLINE wv_i slice_offset(const plan2d *p, const wt_tex_args *in, int g)
{
    return wv_mul(layer_index(p, in, g), wv_set((int32_t)p->slice_pitch));
}

/* A channel code as the destination word: code / (2^bits - 1) ([semantics#point-conversion]), or the code. */
WV_INLINE wv_i point_word(const plan2d *p, wv_i u)
{
    if (p->ftype == 1)
        return u; /* [semantics#point-conversion]: f32 bits as stored, NaN payloads and subnormals too */
    if (p->ftype == 2)
        return half_to_f32(u);
    if (!p->read_norm)
        return u;
    if (p->sgn) {
        /* [semantics#point-conversion]: k / (2^(n-1) - 1), the most negative code -> -1.0 */
        int32_t kmin = p->cbits == 8 ? -128 : -32768;
        wv_f f = wv_fdiv(wv_tof(u), wv_fset(p->cbits == 8 ? 127.0f : 32767.0f));
        return wv_sel(wv_eq(u, wv_set(kmin)), wv_fbits(f), wv_fbits(wv_fset(-1.0f)));
    }
    float max = p->cbits == 8 ? 255.0f : 65535.0f;
    return wv_fbits(wv_div_exact(wv_tof(u), max));
}

/* [semantics#tld4]: a gathered component is valued as point sampling, except that an f32
 * NaN gathers as 0x7fffffff and an f32 subnormal as ±0, and a half NaN as
 * 0x7fff widened (0x7fffe000). */
WV_INLINE wv_i gather_word(const plan2d *p, wv_i u)
{
    if (p->ftype == 1) {
        wv_i ex = wv_and(u, wv_set(0x7f800000));
        wv_m nan = wv_mandnot(wv_eq(wv_and(u, wv_set(0x7fffff)), wv_zero()), wv_eq(ex, wv_set(0x7f800000)));
        u = wv_sel(wv_eq(ex, wv_zero()), u, wv_and(u, wv_set((int32_t)0x80000000u)));
        return wv_sel(nan, u, wv_set(0x7fffffff));
    }
    if (p->ftype == 2) {
        wv_m nan = wv_mandnot(wv_eq(wv_and(u, wv_set(0x3ff)), wv_zero()),
                              wv_eq(wv_and(u, wv_set(0x7c00)), wv_set(0x7c00)));
        return wv_sel(nan, half_to_f32(u), wv_set(0x7fffe000));
    }
    return point_word(p, u);
}

/* The texels at byte offset off and the next one (1, 2 or 4 bytes each) for
 * lanes in m, as 32-bit words. */
WV_INLINE void fetch_pair(const plan2d *p, wv_i off, wv_m m, wv_i *t0, wv_i *t1)
{
    if (p->esize == 4) {
        wv_fetch64(p->base, off, m, t0, t1);
    } else {
        wv_i pair = wv_fetch32(p->base, off, m);
        const int bits = 8 * p->esize;
        *t0 = wv_and(pair, wv_set((1 << bits) - 1));
        *t1 = wv_and(wv_srli(pair, bits), wv_set((1 << bits) - 1));
    }
}

#endif
