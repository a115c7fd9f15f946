/* batch_tex_io.c -- the checks, operand gathering and output formats that wt_tex_batch and wt_tex_batch_map share
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>

#include "batch_tex_io.h"

/* Streaming stores of float4 and channel outputs: SSE2's, where the library
 * is built for x86 ([api#batch-stream]); elsewhere the outputs are stored
 * as usual. */
#if defined(__SSE2__)
#include <emmintrin.h>
#define WT__BATCH_NT 1
#endif
#include "../entry/entry.h" /* wt__tex_warp_bytes */

const unsigned wt__batch_format_bytes[WT_BATCH_ELEM8X4 + 1] = {16, 4, 4, 4, 1, 8, 1, 4};

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Whether a format keeps bytes of an element-type read (the codes, not
 * UNORM conversions), and its name for messages. */
static int elem_format(int format) { return format == WT_BATCH_ELEM8 || format == WT_BATCH_ELEM8X4; }
static const char *elem_name(int format) { return format == WT_BATCH_ELEM8X4 ? "WT_BATCH_ELEM8X4" : "WT_BATCH_ELEM8"; }

wt_status wt__batch_want(const char *fn, const void *p, int need, size_t n, const char *name, const char *why)
{
    if (need && !p && n > 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is NULL with n = %zu (%s)", fn, name, n, why);
    if (!need && p)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is given, but the op does not use it (%s)", fn, name,
                         why);
    return WT_SUCCESS;
}

int wt__batch_grad_components(int geom)
{
    return geom == WT_GEOM_1D || geom == WT_GEOM_A1D ? 1 : geom == WT_GEOM_2D || geom == WT_GEOM_A2D ? 2 : 3;
}

wt_status wt__batch_tex_check_op(const char *fn, const wt_op *op, const wt_tex_batch_out *out, size_t n, int *k)
{
    if (op->family != WT_FAMILY_TEX && op->family != WT_FAMILY_TLD4)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->family = %u is not WT_FAMILY_TEX or WT_FAMILY_TLD4", fn,
                         op->family);
    *k = op->geom < WT_GEOM_COUNT ? wt__batch_float_coords(op->geom) : 0;
    if (*k == 0)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): op->geom = %u is not a geometry with float coordinates (1d, 2d, 3d, a1d, a2d, cube, "
                         "acube)", fn, op->geom);
    if (op->ctype != WT_CTYPE_F32)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->ctype = %u: batches take .f32 coordinates only", fn,
                         op->ctype);
    if (op->flags & ~(unsigned)(WT_OP_SAMPLER | WT_OP_PRED))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): op->flags = 0x%x: batches take WT_OP_SAMPLER and WT_OP_PRED only (no offsets, no "
                         "depth compare)", fn, op->flags);
    if ((unsigned)out->format > WT_BATCH_ELEM8X4)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->format = %u is not a wt_batch_format", fn,
                         (unsigned)out->format);
    int one = out->format == WT_BATCH_CHANNEL || out->format == WT_BATCH_U8 || out->format == WT_BATCH_ELEM8;
    if (one ? out->channel > 3 : out->channel != 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->channel = %u must be %s", fn, out->channel,
                         one ? "0..3" : "0 for this format");
    if (out->format >= WT_BATCH_U8X4 && out->format <= WT_BATCH_HALF4 && op->dtype != WT_DTYPE_F32)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->format = %u makes %s of floats: op->dtype = %u is not "
                         "WT_DTYPE_F32 (integer results are not converted)", fn, (unsigned)out->format,
                         out->format == WT_BATCH_HALF4 ? "halves" : "bytes", op->dtype);
    if (elem_format(out->format) && op->dtype != WT_DTYPE_U32 && op->dtype != WT_DTYPE_S32)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->format = %s keeps bytes of an element-type read: "
                         "op->dtype = %u is not WT_DTYPE_U32 or WT_DTYPE_S32", fn, elem_name(out->format), op->dtype);
    if (!out->data && n > 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->data is NULL with n = %zu", fn, n);
    if (out->flags & ~(WT_BATCH_STREAM | WT_BATCH_NO_STREAM) || out->flags == (WT_BATCH_STREAM | WT_BATCH_NO_STREAM))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): out->flags = 0x%x: 0, WT_BATCH_STREAM or WT_BATCH_NO_STREAM (not both)", fn, out->flags);
    return WT_SUCCESS;
}

int wt__batch_streams(const wt_tex_batch_out *out)
{
    if (out->format != WT_BATCH_V4 && out->format != WT_BATCH_CHANNEL)
        return 0; /* the other formats are written by the kernels' own stores */
    return (out->flags & WT_BATCH_STREAM) != 0;
}

wt_status wt__batch_tex_check_object(const char *fn, wt_tex tex, const wt_tex_batch_out *out)
{
    if (!elem_format(out->format))
        return WT_SUCCESS;
    wt__read_begin(); /* the object stays valid until read_end (reclaim.c) */
    const wt__tex *t = wt__handle_get(tex, WT__KIND_TEX);
    const int ok = !t || (t->fmt.cbytes == 1 && !t->read_norm && !wt__ctype_is_float(t->fmt.ctype));
    const unsigned bits = t ? 8u * t->fmt.cbytes : 0u;
    const int norm = t && t->read_norm;
    wt__read_end();
    if (!t)
        return wt__error(WT_ERROR_INVALID_HANDLE, "%s(): tex is not a live texture object", fn);
    if (!ok)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): out->format = %s keeps bytes of an element-type read of 8-bit integer "
                         "texels; this texture %s", fn, elem_name(out->format),
                         norm ? "reads its integers as normalised float" : bits == 8 ? "is not an integer format"
                                                                                      : "has channels wider than 8 bits");
    return WT_SUCCESS;
}

wt_status wt__batch_tex_check_operands(const char *fn, const wt_op *op, const wt_tex_batch_in *in, size_t n)
{
    wt_status st;
    int layered = wt__batch_has_layer(op->geom);
    int level = op->mip == WT_MIP_LEVEL, grad = op->mip == WT_MIP_GRAD;
    if ((st = wt__batch_want(fn, in->layer, layered, n, "layer",
                             layered ? "a layered geometry" : "the geometry has no layers")) ||
        (st = wt__batch_want(fn, in->lod, level, n, "lod", level ? "tex.level" : "op->mip is not WT_MIP_LEVEL")) ||
        (st = wt__batch_want(fn, in->dpdx, grad, n, "dpdx", grad ? "tex.grad" : "op->mip is not WT_MIP_GRAD")) ||
        (st = wt__batch_want(fn, in->dpdy, grad, n, "dpdy", grad ? "tex.grad" : "op->mip is not WT_MIP_GRAD")))
        return st;
    unsigned allowed = (layered ? WT_BATCH_UNIFORM_LAYER : 0u) | (level ? WT_BATCH_UNIFORM_LOD : 0u) |
                       (grad ? WT_BATCH_UNIFORM_GRAD : 0u);
    if (in->uniform & ~allowed)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): in->uniform = 0x%x has bits for inputs this op does not use (it takes 0x%x)", fn,
                         in->uniform, allowed);
    return WT_SUCCESS;
}

void wt__batch_tex_operands(const wt_tex_batch_in *in, int layered, int g, size_t i0, int m, wt_tex_args *a)
{
    if (layered) {
        int uni = (in->uniform & WT_BATCH_UNIFORM_LAYER) != 0;
        for (int l = 0; l < m; l++)
            a->c[0][l] = in->layer[uni ? 0 : i0 + (size_t)l];
    }
    if (in->lod) {
        int uni = (in->uniform & WT_BATCH_UNIFORM_LOD) != 0;
        for (int l = 0; l < m; l++)
            a->lod[l] = bits_of(in->lod[uni ? 0 : i0 + (size_t)l]);
    }
    if (g) {
        int uni = (in->uniform & WT_BATCH_UNIFORM_GRAD) != 0;
        for (int l = 0; l < m; l++) {
            size_t at = uni ? 0 : (i0 + (size_t)l) * (size_t)g;
            for (int q = 0; q < g; q++) {
                a->dpdx[q][l] = in->dpdx[at + (size_t)q];
                a->dpdy[q][l] = in->dpdy[at + (size_t)q];
            }
        }
    }
}

/* wt__unorm8 of a register's 32 lanes, in two loops the compiler
 * vectorises (a channel at a time, not lane by lane through the byte
 * interleave).  The clamp is done on the bit patterns, where it has no
 * branch and no comparison that could trap: a positive float orders as its
 * bits do, so bits above 1.0f's are 1.0f (+infinity too) unless they are a
 * NaN's (above +infinity's), which give 0 as do the negative patterns (sign
 * bit set: negatives, -0, negative NaNs).  Then the same double arithmetic
 * as wt__unorm8, exact, so the same bytes. */
static void unorm8_lanes(const uint32_t d[WT_WARP_SIZE], uint8_t b[WT_WARP_SIZE])
{
    int32_t c[WT_WARP_SIZE];
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        const int32_t s = (int32_t)d[l];
        int32_t v = s > 0x3f800000 ? 0x3f800000 : s;
        v = s > 0x7f800000 ? 0 : v;
        c[l] = s > 0 ? v : 0;
    }
    float f[WT_WARP_SIZE];
    memcpy(f, c, sizeof f);
    for (int l = 0; l < WT_WARP_SIZE; l++)
        b[l] = (uint8_t)(int32_t)((double)f[l] * 255.0 + 0.5);
}

#ifdef WT__BATCH_NT
/* A whole warp's words, streamed: WT_BATCH_V4 as four lanes' 16 bytes a
 * store (a 4 x 4 transpose of the registers), WT_BATCH_CHANNEL as four
 * lanes' words a store.  o is 16-byte aligned. */
static void stream_warp(uint8_t *o, int format, unsigned channel, const wt_tex_result *r)
{
    __m128i *dst = (__m128i *)(void *)o;
    if (format == WT_BATCH_CHANNEL) {
        for (int l = 0; l < WT_WARP_SIZE; l += 4)
            _mm_stream_si128(dst++, _mm_loadu_si128((const __m128i *)(const void *)&r->d[channel][l]));
        return;
    }
    for (int l = 0; l < WT_WARP_SIZE; l += 4) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)&r->d[0][l]);
        const __m128i y = _mm_loadu_si128((const __m128i *)(const void *)&r->d[1][l]);
        const __m128i z = _mm_loadu_si128((const __m128i *)(const void *)&r->d[2][l]);
        const __m128i w = _mm_loadu_si128((const __m128i *)(const void *)&r->d[3][l]);
        const __m128i xy0 = _mm_unpacklo_epi32(x, y), xy1 = _mm_unpackhi_epi32(x, y);
        const __m128i zw0 = _mm_unpacklo_epi32(z, w), zw1 = _mm_unpackhi_epi32(z, w);
        _mm_stream_si128(dst++, _mm_unpacklo_epi64(xy0, zw0));
        _mm_stream_si128(dst++, _mm_unpackhi_epi64(xy0, zw0));
        _mm_stream_si128(dst++, _mm_unpacklo_epi64(xy1, zw1));
        _mm_stream_si128(dst++, _mm_unpackhi_epi64(xy1, zw1));
    }
}
#endif

/* Lanes 0 .. m-1 of r written to o in format `format`; stream: with
 * streaming stores where the warp is whole and o aligned (else as usual). */
static void store(uint8_t *o, int format, unsigned channel, int m, const wt_tex_result *r, int stream)
{
#ifdef WT__BATCH_NT
    if (stream && m == WT_WARP_SIZE && ((uintptr_t)o & 15u) == 0) {
        stream_warp(o, format, channel, r);
        return;
    }
#else
    (void)stream;
#endif
    switch (format) {
    case WT_BATCH_V4:
        for (int l = 0; l < m; l++) {
            uint32_t v[4] = {r->d[0][l], r->d[1][l], r->d[2][l], r->d[3][l]};
            memcpy(o + (size_t)l * 16u, v, sizeof v);
        }
        break;
    case WT_BATCH_CHANNEL:
        for (int l = 0; l < m; l++)
            memcpy(o + (size_t)l * 4u, &r->d[channel][l], 4);
        break;
    case WT_BATCH_U8X4: {
        uint8_t b[4][WT_WARP_SIZE];
        for (int c = 0; c < 4; c++)
            unorm8_lanes(r->d[c], b[c]);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        /* r g b a in memory order are one little-endian word: built in a
         * loop that vectorises, stored whole. */
        uint32_t w[WT_WARP_SIZE];
        for (int l = 0; l < WT_WARP_SIZE; l++)
            w[l] = (uint32_t)b[0][l] | (uint32_t)b[1][l] << 8 | (uint32_t)b[2][l] << 16 | (uint32_t)b[3][l] << 24;
        memcpy(o, w, (size_t)m * 4u);
#else
        for (int l = 0; l < m; l++)
            for (int c = 0; c < 4; c++)
                o[l * 4 + c] = b[c][l];
#endif
        break;
    }
    case WT_BATCH_U8X4_SRGB:
        for (int l = 0; l < m; l++) {
            for (int c = 0; c < 3; c++)
                o[l * 4 + c] = wt__srgb8(float_of(r->d[c][l]));
            o[l * 4 + 3] = wt__unorm8(float_of(r->d[3][l]));
        }
        break;
    case WT_BATCH_HALF4:
        for (int l = 0; l < m; l++) {
            uint16_t h[4];
            for (int c = 0; c < 4; c++)
                h[c] = wt__half(float_of(r->d[c][l]));
            memcpy(o + (size_t)l * 8u, h, sizeof h);
        }
        break;
    case WT_BATCH_ELEM8:
        for (int l = 0; l < m; l++)
            o[l] = (uint8_t)r->d[channel][l];
        break;
    case WT_BATCH_ELEM8X4:
        for (int l = 0; l < m; l++)
            for (int c = 0; c < 4; c++)
                o[l * 4 + c] = (uint8_t)r->d[c][l];
        break;
    default: { /* WT_BATCH_U8 */
        uint8_t b[WT_WARP_SIZE];
        unorm8_lanes(r->d[channel], b);
        memcpy(o, b, (size_t)m);
        break;
    }
    }
}

wt_status wt__batch_tex_warp(const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active, int m,
                             wt__batch_scratch *s, uint8_t *o, int format, unsigned channel, int stream)
{
    int stored = 0;
    wt_status st;
    if (format >= WT_BATCH_U8X4) { /* every format the kernels may write themselves */
        const wt__tex_bytes bytes = {o, format, channel, format == WT_BATCH_U8X4_SRGB ? wt__srgb8_of_k() : NULL};
        st = wt__tex_warp_bytes(op, tex, smp, active, &s->tex.in, &s->tex.out, &bytes, &stored);
    } else {
        st = wt_tex_warp(op, tex, smp, active, &s->tex.in, &s->tex.out);
    }
    /* On failure the warp call zeroed the active lanes: written as 0 in
     * every format. */
    if (!stored)
        store(o, format, channel, m, &s->tex.out, stream);
    return st;
}
