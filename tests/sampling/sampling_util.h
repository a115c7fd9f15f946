/* sampling_util.h -- hand-built textures whose texels encode their own position, for the texel-selection tests
 * SPDX-License-Identifier: MIT */
#ifndef WT_SAMPLING_UTIL_H
#define WT_SAMPLING_UTIL_H

#include <stdlib.h>
#include <string.h>

#include "scalar/scalar.h"

/* Texel value: bit 31 set, level (4 bits) << 27, slice (7) << 20, z (6) << 14,
 * y (7) << 7, x (7).  The border texel lacks bit 31. */
#define SU_BORDER 0x0badb0d0u
static inline uint32_t su_enc(int level, int slice, int x, int y, int z)
{
    return 0x80000000u | (uint32_t)level << 27 | (uint32_t)slice << 20 | (uint32_t)z << 14 | (uint32_t)y << 7 |
           (uint32_t)x;
}

typedef struct su_tex {
    wt__tex t;
    wt__sampler s;
    uint8_t border[16];
    uint32_t *mem;
    wt__tex_ctx ctx;
} su_tex;

/* A one-channel 32-bit texture: w x h x d texels, `slices` slices per level
 * (layers, 6 per cube, samples), `levels` mip levels (sizes halve, at least
 * 1; d halves only for 3D).  ctype WT__U32 (point through the whole
 * pipeline) or WT__F32 (filterable: the raw bits of a tap still encode the
 * position).  Sampler: point, clamp, unnormalised; border texel SU_BORDER. */
static inline void su_init(su_tex *x, int ctype, int dims, int w, int h, int d, int slices, int levels)
{
    memset(x, 0, sizeof *x);
    x->t.fmt.nch = 1;
    x->t.fmt.ctype = (uint8_t)ctype;
    x->t.fmt.cbytes = 4;
    x->t.fmt.esize = 4;
    x->t.fmt.kind = ctype == WT__F32 ? WT_CHANNEL_FLOAT : WT_CHANNEL_UNSIGNED;
    x->t.dims = (uint8_t)dims;
    x->t.num_levels = (uint32_t)levels;
    x->t.mipmapped = levels > 1;
    size_t total = 0;
    for (int l = 0; l < levels; l++) {
        int lw = w >> l, lh = h >> l, ld = dims == 3 ? d >> l : d;
        total += (size_t)(lw ? lw : 1) * (size_t)(lh ? lh : 1) * (size_t)(ld ? ld : 1) * (size_t)slices;
    }
    x->mem = calloc(total, 4);
    size_t at = 0;
    for (int l = 0; l < levels; l++) {
        int lw = w >> l, lh = h >> l, ld = dims == 3 ? d >> l : d;
        lw = lw ? lw : 1, lh = lh ? lh : 1, ld = ld ? ld : 1;
        wt__level *lv = &x->t.lv[l];
        lv->base = (const uint8_t *)(x->mem + at);
        lv->w = lw, lv->h = lh, lv->d = ld;
        lv->row_pitch = (size_t)lw * 4;
        lv->depth_pitch = lv->row_pitch * (size_t)lh;
        lv->slice_pitch = lv->depth_pitch * (size_t)ld;
        for (int s = 0; s < slices; s++)
            for (int z = 0; z < ld; z++)
                for (int yy = 0; yy < lh; yy++)
                    for (int xx = 0; xx < lw; xx++)
                        x->mem[at++] = su_enc(l, s, xx, yy, z);
    }
    x->s.filter = WT_FILTER_POINT;
    x->s.mip_filter = WT_FILTER_POINT;
    x->s.address[0] = x->s.address[1] = x->s.address[2] = WT_ADDRESS_CLAMP;
    x->s.trilinear_opt = 1;
    x->s.max_aniso = 1;
    x->s.max_clamp256 = 256 * 32;
    uint32_t b = SU_BORDER;
    memcpy(x->border, &b, 4);
    x->ctx.t = &x->t;
    x->ctx.s = &x->s;
    x->ctx.border = x->border;
}

static inline void su_free(su_tex *x) { free(x->mem); }

static inline wt_op su_op(int family, int geom, int ctype)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)family;
    op.geom = (uint8_t)geom;
    op.ctype = (uint8_t)ctype;
    op.dtype = WT_DTYPE_U32;
    return op;
}

static inline uint32_t su_fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline wt__tex_lane_in su_in(float c0, float c1, float c2, float c3)
{
    wt__tex_lane_in in;
    memset(&in, 0, sizeof in);
    in.c[0] = su_fb(c0), in.c[1] = su_fb(c1), in.c[2] = su_fb(c2), in.c[3] = su_fb(c3);
    return in;
}

static inline wt__tex_lane_in su_in_i(int32_t c0, int32_t c1, int32_t c2, int32_t c3)
{
    wt__tex_lane_in in;
    memset(&in, 0, sizeof in);
    in.c[0] = (uint32_t)c0, in.c[1] = (uint32_t)c1, in.c[2] = (uint32_t)c2, in.c[3] = (uint32_t)c3;
    return in;
}

/* The taps of a tex fetch. */
static inline void su_taps(su_tex *x, const wt_op *op, const wt__tex_lane_in *in, wt__taps *tp)
{
    wt__tex_footprint_scalar(&x->ctx, op, in, tp);
}

/* Sum of the weights of taps reading texel value v (each tap also checked
 * to have weight > 0 and the weights to sum to 256). */
static inline int su_w(const wt__taps *tp, uint32_t v)
{
    int s = 0;
    for (int i = 0; i < tp->n; i++)
        if (tp->t[i].raw[0] == v)
            s += tp->t[i].w;
    return s;
}

static inline int su_total(const wt__taps *tp)
{
    int s = 0;
    for (int i = 0; i < tp->n; i++)
        s += tp->t[i].w;
    return s;
}

static inline int su_min_w(const wt__taps *tp)
{
    int m = 1 << 30;
    for (int i = 0; i < tp->n; i++)
        m = tp->t[i].w < m ? tp->t[i].w : m;
    return m;
}

/* Full pipeline, register 0 (a .u32 destination on a WT__U32 texture is the raw texel). */
static inline uint32_t su_fetch(su_tex *x, const wt_op *op, const wt__tex_lane_in *in, uint32_t d[4])
{
    wt__tex_sample_scalar(&x->ctx, op, in, d);
    return d[0];
}

#endif
