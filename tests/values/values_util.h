/* values_util.h -- hand-built textures, ops and taps for the value-layer tests
 * SPDX-License-Identifier: MIT */
#ifndef WT_VALUES_UTIL_H
#define WT_VALUES_UTIL_H

#include <string.h>

#include "scalar/scalar.h"

static inline uint32_t vu_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float vu_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* A texture record with only the fields the value layer reads. */
static inline wt__tex vu_tex(int ctype, int nch, int kind, int read_norm, int srgb)
{
    static const uint8_t cb[] = {1, 2, 4, 1, 2, 4, 2, 4}; /* per wt__ctype */
    wt__tex t;
    memset(&t, 0, sizeof t);
    t.fmt.nch = (uint8_t)nch;
    t.fmt.ctype = (uint8_t)ctype;
    t.fmt.cbytes = cb[ctype];
    t.fmt.esize = (uint8_t)(nch * cb[ctype]);
    t.fmt.kind = (uint8_t)wt__kind_class(kind);
    t.fmt.given = (uint16_t)kind;
    t.read_norm = (uint8_t)read_norm;
    t.srgb = (uint8_t)srgb;
    t.dims = 2;
    t.num_levels = 1;
    return t;
}

static inline wt_op vu_op(int dtype)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.dtype = (uint8_t)dtype;
    return op;
}

static inline void vu_taps_init(wt__taps *tp, int filtered)
{
    memset(tp, 0, sizeof *tp);
    tp->filtered = (uint8_t)filtered;
}

/* Append a tap whose channel 0 (and every other channel) holds raw. */
static inline void vu_tap(wt__taps *tp, uint32_t raw, int w, int group)
{
    wt__tap *t = &tp->t[tp->n++];
    for (int c = 0; c < 4; c++)
        t->raw[c] = raw;
    t->w = w;
    t->group = (uint8_t)group;
}

/* Resolve taps on t into dtype and return register k. */
static inline uint32_t vu_resolve(const wt__tex *t, int dtype, const wt__taps *tp, int k)
{
    wt__tex_ctx ctx = {.t = t, .s = &t->samp, .border = t->border_texel};
    wt_op op = vu_op(dtype);
    uint32_t d[4];
    wt__taps_resolve(&ctx, &op, tp, d);
    return d[k];
}

/* Point fetch of one raw texel (every channel = raw), register k. */
static inline uint32_t vu_point(const wt__tex *t, int dtype, uint32_t raw, int k)
{
    wt__taps tp;
    vu_taps_init(&tp, 0);
    vu_tap(&tp, raw, 256, 0);
    return vu_resolve(t, dtype, &tp, k);
}

/* Small deterministic PRNG (xorshift64*). */
static inline uint64_t vu_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

#endif
