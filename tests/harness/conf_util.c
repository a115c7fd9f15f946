/* conf_util.c -- conformance-test helpers: formats, seeded data, and running the library against conf_model */
/* SPDX-License-Identifier: MIT */
#include "conf_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long cu_printed = 0;
#define CU_MAX_PRINT 25

uint64_t cu_next(cu_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t cu_below(cu_rng *r, uint32_t n)
{
    return (uint32_t)((cu_next(r) >> 32) % n);
}

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

const cu_format cu_formats[] = {
    {"rgba8_unorm", 4, 8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"r8_unorm", 1, 8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"rg8_unorm", 2, 8, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"r16_unorm", 1, 16, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"rgba16_unorm", 4, 16, WT_CHANNEL_UNSIGNED, WT_READ_NORMALIZED_FLOAT},
    {"r8_snorm", 1, 8, WT_CHANNEL_SIGNED, WT_READ_NORMALIZED_FLOAT},
    {"rgba8_snorm", 4, 8, WT_CHANNEL_SIGNED, WT_READ_NORMALIZED_FLOAT},
    {"rg16_snorm", 2, 16, WT_CHANNEL_SIGNED, WT_READ_NORMALIZED_FLOAT},
    /* normalised kinds read as normalised float whatever the read mode (types.h) */
    {"unorm8x4_kind", 4, 8, WT_CHANNEL_UNSIGNED_NORMALIZED, WT_READ_ELEMENT_TYPE},
    {"unorm16x1_kind", 1, 16, WT_CHANNEL_UNSIGNED_NORMALIZED, WT_READ_NORMALIZED_FLOAT},
    {"snorm8x2_kind", 2, 8, WT_CHANNEL_SIGNED_NORMALIZED, WT_READ_ELEMENT_TYPE},
    {"snorm16x1_kind", 1, 16, WT_CHANNEL_SIGNED_NORMALIZED, WT_READ_NORMALIZED_FLOAT},
    {"u8x4", 4, 8, WT_CHANNEL_UNSIGNED, WT_READ_ELEMENT_TYPE},
    {"u16x2", 2, 16, WT_CHANNEL_UNSIGNED, WT_READ_ELEMENT_TYPE},
    {"u32x1", 1, 32, WT_CHANNEL_UNSIGNED, WT_READ_ELEMENT_TYPE},
    {"s8x1", 1, 8, WT_CHANNEL_SIGNED, WT_READ_ELEMENT_TYPE},
    {"s16x4", 4, 16, WT_CHANNEL_SIGNED, WT_READ_ELEMENT_TYPE},
    {"s32x2", 2, 32, WT_CHANNEL_SIGNED, WT_READ_ELEMENT_TYPE},
    {"f32x1", 1, 32, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE},
    {"f32x2", 2, 32, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE},
    {"f32x4", 4, 32, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE},
    {"f16x1", 1, 16, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE},
    {"f16x2", 2, 16, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE},
    {"f16x4", 4, 16, WT_CHANNEL_FLOAT, WT_READ_ELEMENT_TYPE},
};
const int cu_nformats = (int)(sizeof cu_formats / sizeof cu_formats[0]);

void cu_set_format(cm_texture *m, const cu_format *f)
{
    m->nch = f->nch;
    m->bits = f->bits;
    m->kind = f->kind;
    m->read_mode = f->read_mode;
}

size_t cu_texel_count(const cm_texture *m)
{
    size_t faces = (m->geom == WT_GEOM_CUBE || m->geom == WT_GEOM_ACUBE) ? 6u : 1u;
    return (size_t)m->w * (size_t)m->h * (size_t)m->d * (size_t)m->layers * faces;
}

static uint32_t rand_f32(cu_rng *r)
{
    uint32_t k = cu_below(r, 64);
    uint32_t s = (uint32_t)(cu_next(r) & 1u) << 31;
    uint32_t mant = (uint32_t)cu_next(r) & 0x7fffffu;
    if (k < 6)
        return s; /* +-0 */
    if (k < 8)
        return s | (mant ? mant : 1u); /* subnormal */
    if (k < 9) { /* rare specials */
        uint32_t t = cu_below(r, 3);
        return t == 0 ? (s | 0x7f800000u) : (s | 0x7f800000u | (mant ? mant : 0x400000u));
    }
    if (k < 13) /* wide exponents */
        return s | ((1u + cu_below(r, 254)) << 23) | mant;
    if (k < 20) /* values near one another: exponents 126..127, few mantissa bits */
        return s | ((126u + cu_below(r, 2)) << 23) | (mant & 0x7f0000u);
    return s | ((119u + cu_below(r, 17)) << 23) | mant; /* 2^-8 .. 2^8 */
}

static uint32_t rand_f16(cu_rng *r)
{
    uint32_t k = cu_below(r, 64);
    uint32_t s = (uint32_t)(cu_next(r) & 1u) << 15;
    uint32_t mant = (uint32_t)cu_next(r) & 0x3ffu;
    if (k < 6)
        return s;
    if (k < 10)
        return s | (mant ? mant : 1u); /* half subnormal */
    if (k < 11) {
        uint32_t t = cu_below(r, 3);
        return t == 0 ? (s | 0x7c00u) : (s | 0x7c00u | (mant ? mant : 0x200u));
    }
    if (k < 15)
        return s | ((1u + cu_below(r, 30)) << 10) | mant;
    return s | ((9u + cu_below(r, 13)) << 10) | mant; /* 2^-6 .. 2^6 */
}

void cu_fill_texels(const cm_texture *m, void *buf, size_t n, cu_rng *r)
{
    unsigned char *p = (unsigned char *)buf;
    size_t nc = n * (size_t)m->nch;
    for (size_t i = 0; i < nc; i++) {
        uint32_t v;
        if (m->kind == WT_CHANNEL_FLOAT) {
            v = m->bits == 32 ? rand_f32(r) : rand_f16(r);
        } else {
            v = (uint32_t)cu_next(r);
            if (cu_below(r, 8) == 0) { /* extremes: 0, all ones, min, max, 1 */
                static const uint32_t ex[5] = {0u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 1u};
                v = ex[cu_below(r, 5)];
                if (m->bits < 32 && (v == 0x80000000u || v == 0x7fffffffu))
                    v >>= (32 - m->bits);
            }
        }
        if (m->bits == 8) {
            p[i] = (unsigned char)v;
        } else if (m->bits == 16) {
            uint16_t h = (uint16_t)v;
            memcpy(p + 2 * i, &h, 2);
        } else {
            memcpy(p + 4 * i, &v, 4);
        }
    }
}

void cu_random_border(float b[4], cu_rng *r)
{
    for (int k = 0; k < 4; k++) {
        uint32_t c = cu_below(r, 16);
        float v;
        switch (c) {
        case 0: v = 0.0f; break;
        case 1: v = 1.0f; break;
        case 2: v = 0.5f; break;
        case 3: v = -1.0f; break;
        case 4: v = bf(0x7fc00000u); break;
        case 5: v = bf(0x7f800001u); break; /* signalling NaN payload */
        case 6: v = 1e30f; break;
        case 7: v = 65520.0f; break;
        case 8: v = 7.0f; break;
        case 9: v = bf((uint32_t)cu_next(r)); break; /* any pattern */
        case 10: v = bf(0x00000123u); break;          /* subnormal */
        case 11: v = -0.0f; break;
        case 12: v = bf(0xff800000u); break;
        default: v = -1.5f + 3.0f * (float)(cu_next(r) >> 40) / 16777216.0f; break;
        }
        b[k] = v;
    }
}

int cu_geom_ncoords(wt_geom g)
{
    switch (g) {
    case WT_GEOM_1D: return 1;
    case WT_GEOM_2D: return 2;
    case WT_GEOM_A1D: return 2;
    case WT_GEOM_ACUBE: return 4;
    default: return 3;
    }
}

wt_status cu_make_array(const cm_texture *m, wt_array *out)
{
    wt_channel_desc cd = wt_make_channel_desc(m->bits, m->nch >= 2 ? m->bits : 0, m->nch >= 4 ? m->bits : 0,
                                              m->nch >= 4 ? m->bits : 0, m->kind);
    size_t w = (size_t)m->w, h = 0, d = 0, ch = 1, cd_ = 1;
    unsigned flags = 0;
    switch (m->geom) {
    case WT_GEOM_1D: break;
    case WT_GEOM_2D: h = (size_t)m->h; ch = h; break;
    case WT_GEOM_3D: h = (size_t)m->h; d = (size_t)m->d; ch = h; cd_ = d; break;
    case WT_GEOM_A1D: d = (size_t)m->layers; cd_ = d; flags = WT_ARRAY_LAYERED; break;
    case WT_GEOM_CUBE: h = (size_t)m->w; d = 6; ch = h; cd_ = d; flags = WT_ARRAY_CUBEMAP; break;
    case WT_GEOM_ACUBE:
        h = (size_t)m->w; d = 6 * (size_t)m->layers; ch = h; cd_ = d;
        flags = WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED;
        break;
    default: h = (size_t)m->h; d = (size_t)m->layers; ch = h; cd_ = d; flags = WT_ARRAY_LAYERED; break;
    }
    wt_status st = wt_malloc_array(out, &cd, w, h, d, flags);
    if (st != WT_SUCCESS)
        return st;
    st = wt_memcpy_to_array(*out, 0, 0, 0, m->texels, w * cm_elem_size(m), w, ch, cd_);
    if (st != WT_SUCCESS) {
        wt_free_array(*out);
        *out = NULL;
    }
    return st;
}

/* The texture descriptor that m describes (the mip fields zero when m has
 * no levels, which is CUDA's default). */
static wt_texture_desc tex_desc_of(const cm_texture *m)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    for (int k = 0; k < 3; k++)
        td.address_mode[k] = m->addr[k];
    td.filter_mode = m->filter;
    td.read_mode = m->read_mode;
    memcpy(td.border_color, m->border, sizeof td.border_color);
    td.normalized_coords = m->normalized;
    td.seamless_cubemap = m->seamless;
    td.srgb = m->srgb;
    td.mipmap_filter_mode = m->mip_filter;
    td.mipmap_level_bias = m->lod_bias;
    td.min_mipmap_level_clamp = m->min_clamp;
    td.max_mipmap_level_clamp = m->max_clamp;
    td.max_anisotropy = (unsigned)m->max_anisotropy;
    td.disable_trilinear_optimization = m->no_trilinear_opt;
    return td;
}

wt_status cu_make_tex(const cm_texture *m, wt_array arr, wt_tex *out)
{
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_ARRAY;
    rd.res.array.array = arr;
    wt_texture_desc td = tex_desc_of(m);
    return wt_create_texture_object(out, &rd, &td, NULL);
}

/* u such that u * scale is near x; then moved by `ulps` ulps */
static float near_ulps(double x, double scale, int ulps)
{
    float u = (float)(x / scale);
    for (; ulps > 0; ulps--)
        u = nextafterf(u, INFINITY);
    for (; ulps < 0; ulps++)
        u = nextafterf(u, -INFINITY);
    return u;
}

float cu_coord(cu_rng *r, int n, int normalized, int mode, int linear)
{
    double scale = normalized ? (double)n : 1.0;
    int ulps = (int)cu_below(r, 3) - 1;
    uint32_t c = cu_below(r, 100);
    if (c < 40) { /* uniform in [-1.5, 2.5] normalised */
        double x = -1.5 * n + 4.0 * n * (double)(cu_next(r) >> 11) / 9007199254740992.0;
        return (float)(x / scale);
    }
    if (c < 55) { /* texel centres */
        int k = (int)cu_below(r, (uint32_t)n + 4) - 2;
        return near_ulps(k + 0.5, scale, ulps);
    }
    if (c < 70) { /* texel boundaries */
        int k = (int)cu_below(r, (uint32_t)n + 4) - 2;
        return near_ulps((double)k, scale, ulps);
    }
    if (c < 85) { /* 8-bit weight rounding ties ([semantics#linear-filtering]) */
        int k = (int)cu_below(r, (uint32_t)n + 4) - 2;
        int j = (int)cu_below(r, 256);
        return near_ulps(k + 0.5 + (j + 0.5) / 256.0, scale, ulps);
    }
    if (c < 90) { /* period edges and signed zeros */
        int k = (int)cu_below(r, 6) - 2;
        if (cu_below(r, 4) == 0)
            return cu_below(r, 2) ? 0.0f : -0.0f;
        return near_ulps((double)k * n, scale, ulps);
    }
    if (c < 95) { /* tiny values */
        static const uint32_t tiny[4] = {0x00000001u, 0x80000001u, 0x0da24260u, 0x8da24260u};
        return bf(tiny[cu_below(r, 4)]);
    }
    /* specials: infinities and NaN in every mode ([semantics#nan-inf-coords] under clamp/border,
     * [semantics#decision-nonfinite-wrap] under wrap/mirror); huge and large values in every mode too: [semantics#decision-huge-coords]
     * makes all of them exact (wrap/mirror keep the position modulo 2N),
     * so large coordinates with a fraction left are drawn as well */
    (void)linear;
    (void)mode;
    switch (cu_below(r, 5)) {
    case 0: return cu_below(r, 2) ? INFINITY : -INFINITY;
    case 1: return bf(cu_below(r, 2) ? 0x7fc00000u : 0xffc00001u);
    case 2: return cu_below(r, 2) ? (cu_below(r, 2) ? 1e30f : -1e30f) : (cu_below(r, 2) ? 3e9f : -3e9f);
    default: {
        /* |u| in [2^10, 2^41): a random magnitude with a random mantissa */
        float v = ldexpf(1.0f + (float)(cu_next(r) >> 41) / 8388608.0f, 10 + (int)cu_below(r, 31));
        return cu_below(r, 2) ? v : -v;
    }
    }
}

uint32_t cu_layer(cu_rng *r, int layers)
{
    uint32_t c = cu_below(r, 20);
    if (c < 16)
        return cu_below(r, (uint32_t)layers);
    if (c < 18)
        return (uint32_t)layers + cu_below(r, 4);
    if (c < 19)
        return 0xffffffffu;
    return (uint32_t)cu_next(r);
}

static int eff(const cm_texture *m, int axis)
{
    int md = (int)m->addr[axis];
    if (!m->normalized && (md == WT_ADDRESS_WRAP || md == WT_ADDRESS_MIRROR))
        return WT_ADDRESS_CLAMP;
    return md;
}

static int geom_is_cube(wt_geom g) { return g == WT_GEOM_CUBE || g == WT_GEOM_ACUBE; }
static int geom_is_layered(wt_geom g) { return g == WT_GEOM_A1D || g == WT_GEOM_A2D || g == WT_GEOM_ACUBE; }

/* A coordinate on a cube face of n texels, normalised: the landmarks of
 * cu_coord (centres, boundaries, weight ties, edges) kept within one texel
 * of the face, where a footprint may still read across an edge. */
static double face_coord(cu_rng *r, int n)
{
    double x;
    switch (cu_below(r, 5)) {
    case 0: x = (double)cu_below(r, (uint32_t)n + 1); break; /* boundaries 0..n */
    case 1: x = (double)cu_below(r, (uint32_t)n) + 0.5; break;         /* centres */
    case 2: x = (double)cu_below(r, (uint32_t)n) + (cu_below(r, 256) + 0.5) / 256.0; break; /* ties */
    case 3: x = cu_below(r, 2) ? (cu_below(r, 64) + 0.5) / 128.0 : n - (cu_below(r, 64) + 0.5) / 128.0; break;
    default: x = (double)n * (double)(cu_next(r) >> 11) / 9007199254740992.0; break;
    }
    return x / n;
}

/* A cube direction ([semantics#cube-faces]): mostly a point of a random face scaled by a power
 * of two (so that s/m is the drawn face coordinate as nearly as f32 allows),
 * also exact ties between axes, signed zeros, the zero vector ([semantics#decision-cube-projection]), NaN and
 * infinite components ([semantics#nan-inf-coords], [semantics#decision-nonfinite-cube]), and arbitrary directions. */
static void cu_dir(cu_rng *r, int n, float d[3])
{
    static const int M[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    static const int S[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
    static const int T[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
    uint32_t c = cu_below(r, 100);
    if (c < 70) {
        int f = (int)cu_below(r, 6);
        double sc = 2.0 * face_coord(r, n) - 1.0, tc = 2.0 * face_coord(r, n) - 1.0;
        double scale = ldexp(1.0, (int)cu_below(r, 9) - 4);
        for (int k = 0; k < 3; k++)
            d[k] = (float)(scale * (M[f][k] + S[f][k] * sc + T[f][k] * tc));
        return;
    }
    if (c < 80) { /* ties: two or three equal magnitudes */
        float m = ldexpf(1.0f + (float)cu_below(r, 8) / 8.0f, (int)cu_below(r, 5) - 2);
        for (int k = 0; k < 3; k++)
            d[k] = cu_below(r, 2) ? m : -m;
        if (cu_below(r, 2))
            d[cu_below(r, 3)] *= (float)cu_below(r, 8) / 8.0f;
        return;
    }
    if (c < 86) { /* signed zeros, the zero vector */
        for (int k = 0; k < 3; k++)
            d[k] = cu_below(r, 2) ? 0.0f : -0.0f;
        if (cu_below(r, 2))
            d[cu_below(r, 3)] = cu_below(r, 2) ? 0.75f : -2.0f;
        return;
    }
    for (int k = 0; k < 3; k++)
        d[k] = (float)(-2.0 + 4.0 * (double)(cu_next(r) >> 11) / 9007199254740992.0);
    if (c < 92) { /* NaN components */
        d[cu_below(r, 3)] = bf(cu_below(r, 2) ? 0x7fc00000u : 0xffc00001u);
        if (cu_below(r, 3) == 0)
            d[cu_below(r, 3)] = bf(0x7fc00000u);
    } else if (c < 97) { /* infinite components (one, or ∞/∞ ties) */
        d[cu_below(r, 3)] = cu_below(r, 2) ? INFINITY : -INFINITY;
        if (cu_below(r, 2))
            d[cu_below(r, 3)] = cu_below(r, 2) ? INFINITY : -INFINITY;
    }
}

/* An offset register ([semantics#offsets]): mostly -8..7, sometimes outside (the field
 * wraps; tld4's 6-bit fields reach further), sometimes any pattern ([semantics#decision-1d-offset-quirk]
 * reads bits 4..7 on 1D). */
static int32_t cu_offset(cu_rng *r)
{
    uint32_t c = cu_below(r, 8);
    if (c < 5)
        return (int32_t)cu_below(r, 16) - 8;
    if (c < 7)
        return (int32_t)cu_below(r, 80) - 40;
    return (int32_t)(uint32_t)cu_next(r);
}

static uint32_t pick_mask(cu_rng *r, int w)
{
    switch (w % 4) {
    case 0: return 0xffffffffu;
    case 1: return (uint32_t)cu_next(r);
    case 2: return 1u << cu_below(r, 32);
    default: return (~(1u << cu_below(r, 32)) & (uint32_t)cu_next(r)) | 0x80000001u;
    }
}

static uint32_t poison(int k, int lane)
{
    return 0x7fa5a500u ^ ((uint32_t)k << 5) ^ (uint32_t)lane;
}

/* What check_warp compares against: the model's answer for one lane. */
static void model_lane(const cm_texture *m, const wt_op *op, const wt_tex_args *in, int l, uint32_t want[4])
{
    int nc = cu_geom_ncoords(m->geom);
    int b = geom_is_layered(m->geom) ? 1 : 0;
    uint32_t layer = b ? in->c[0][l] : 0u;
    int32_t off[3] = {in->offset[0][l], in->offset[1][l], in->offset[2][l]};
    const int32_t *po = (op->flags & WT_OP_OFFSET) ? off : NULL;
    if (op->ctype == WT_CTYPE_S32) {
        int32_t c[3] = {0, 0, 0};
        for (int k = b; k < nc; k++)
            c[k - b] = (int32_t)in->c[k][l];
        cm_fetch_int(m, layer, c, want);
        return;
    }
    float c[3] = {0, 0, 0};
    for (int k = b; k < nc; k++)
        c[k - b] = bf(in->c[k][l]);
    if (op->family == WT_FAMILY_TLD4) {
        cm_gather(m, layer, c, po, op->comp, want);
    } else if (op->mip == WT_MIP_GRAD) {
        float gx[3] = {in->dpdx[0][l], in->dpdx[1][l], in->dpdx[2][l]};
        float gy[3] = {in->dpdy[0][l], in->dpdy[1][l], in->dpdy[2][l]};
        cm_fetch_grad(m, layer, c, po, gx, gy, want);
    } else if (m->levels || op->mip == WT_MIP_LEVEL) {
        cm_fetch_lod(m, layer, c, po, (wt_mip)op->mip, bf(in->lod[l]), want);
    } else {
        cm_fetch_float_off(m, layer, c, po, want);
    }
}

static long check_warp(const cm_texture *m, wt_tex tex, wt_sampler smp, const wt_op *op, uint32_t active,
                       const wt_tex_args *in, uint64_t seed, int w, const char *label)
{
    wt_tex_result out;
    for (int k = 0; k < 4; k++)
        for (int l = 0; l < WT_WARP_SIZE; l++)
            out.d[k][l] = poison(k, l);
    out.pred = 0;
    long bad = 0;
    wt_status st = wt_tex_warp(op, tex, smp, active, in, &out);
    if (st != WT_SUCCESS) {
        if (cu_printed++ < CU_MAX_PRINT)
            printf("REPRO seed=0x%llx case=%s warp=%d: wt_tex_warp returned %s (%s)\n", (unsigned long long)seed,
                   label, w, wt_status_string(st), wt_last_error_message());
        return 1;
    }
    if ((op->flags & WT_OP_PRED) && (out.pred & active) != active) {
        if (cu_printed++ < CU_MAX_PRINT)
            printf("REPRO seed=0x%llx case=%s warp=%d: pred=0x%08x active=0x%08x\n", (unsigned long long)seed, label, w,
                   out.pred, active);
        bad++;
    }
    int nc = cu_geom_ncoords(m->geom);
    int layered = geom_is_layered(m->geom);
    int is_int = op->ctype == WT_CTYPE_S32;
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        uint32_t want[4];
        int on = (active >> l) & 1u;
        if (on) {
            model_lane(m, op, in, l, want);
        } else {
            for (int k = 0; k < 4; k++)
                want[k] = poison(k, l);
        }
        for (int k = 0; k < 4; k++) {
            if (out.d[k][l] == want[k])
                continue;
            bad++;
            if (cu_printed++ < CU_MAX_PRINT) {
                printf("REPRO seed=0x%llx case=%s %s.%s warp=%d lane=%d%s c=(", (unsigned long long)seed, label,
                       op->family == WT_FAMILY_TLD4 ? "tld4" : "tex",
                       op->mip == WT_MIP_LEVEL ? "level" : op->mip == WT_MIP_GRAD ? "grad" : "base", w, l,
                       on ? "" : " (inactive)");
                for (int j = 0; j < nc; j++) {
                    if (is_int || (layered && j == 0))
                        printf("%s%d", j ? "," : "", (int32_t)in->c[j][l]);
                    else
                        printf("%s%.9g/0x%08x", j ? "," : "", (double)bf(in->c[j][l]), in->c[j][l]);
                }
                if (op->flags & WT_OP_OFFSET)
                    printf(") off=(%d,%d,%d", in->offset[0][l], in->offset[1][l], in->offset[2][l]);
                if (op->mip == WT_MIP_LEVEL)
                    printf(") lod=(%.9g", (double)bf(in->lod[l]));
                if (op->mip == WT_MIP_GRAD)
                    printf(") dPdx=(%a,%a,%a) dPdy=(%a,%a,%a", (double)in->dpdx[0][l], (double)in->dpdx[1][l],
                           (double)in->dpdx[2][l], (double)in->dpdy[0][l], (double)in->dpdy[1][l],
                           (double)in->dpdy[2][l]);
                printf(") comp=%d reg=%d got=0x%08x want=0x%08x\n", op->comp, k, out.d[k][l], want[k]);
            }
        }
    }
    return bad;
}

/* The operands of one lane with .f32 coordinates: layer, coordinates (cubes:
 * a direction), and offset registers. */
static void float_lane(cu_rng *r, const cm_texture *m, int l, int linear, wt_tex_args *in)
{
    int nc = cu_geom_ncoords(m->geom);
    int b = 0;
    if (geom_is_layered(m->geom)) {
        in->c[0][l] = cu_layer(r, m->layers);
        b = 1;
    }
    if (geom_is_cube(m->geom)) {
        float d[3];
        cu_dir(r, m->w, d);
        for (int k = 0; k < 3; k++)
            in->c[b + k][l] = fb(d[k]);
    } else {
        int size[3] = {m->w, m->h, m->d};
        for (int k = b; k < nc; k++)
            in->c[k][l] = fb(cu_coord(r, size[k - b], m->normalized, eff(m, k - b), linear));
    }
    for (int k = 0; k < 3; k++)
        in->offset[k][l] = cu_offset(r);
}

/* tex with .f32 coordinates; smp != 0: through that explicit sampler, which
 * m already describes (filter, modes, border, normalisation). */
static long check_float(const cm_texture *m, wt_tex tex, wt_sampler smp, uint64_t seed, int nwarps, const char *label)
{
    cu_rng r = {seed};
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = (uint8_t)m->geom;
    op.mip = WT_MIP_BASE;
    op.dtype = (uint8_t)cm_dtype(m);
    op.ctype = WT_CTYPE_F32;
    int linear = m->filter == WT_FILTER_LINEAR;
    wt_tex_args in;
    long bad = 0;
    for (int w = 0; w < nwarps; w++) {
        memset(&in, 0, sizeof in);
        uint32_t active = pick_mask(&r, w);
        /* odd warps: the predicate, and offsets where the geometry takes them ([semantics#offsets]) */
        op.flags = (w & 1) ? WT_OP_PRED : 0;
        if ((w & 1) && !geom_is_cube(m->geom))
            op.flags |= WT_OP_OFFSET;
        if (smp)
            op.flags |= WT_OP_SAMPLER;
        for (int l = 0; l < WT_WARP_SIZE; l++)
            float_lane(&r, m, l, linear, &in);
        bad += check_warp(m, tex, smp, &op, active, &in, seed, w, label);
    }
    return bad;
}

long cu_check_float(const cm_texture *m, wt_tex tex, uint64_t seed, int nwarps, const char *label)
{
    return check_float(m, tex, 0, seed, nwarps, label);
}

static long check_gather(const cm_texture *m, wt_tex tex, wt_sampler smp, uint64_t seed, int nwarps,
                         const char *label)
{
    cu_rng r = {seed};
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TLD4;
    op.geom = (uint8_t)m->geom;
    op.mip = WT_MIP_BASE;
    op.dtype = (uint8_t)cm_dtype(m);
    op.ctype = WT_CTYPE_F32;
    wt_tex_args in;
    long bad = 0;
    for (int w = 0; w < nwarps; w++) {
        memset(&in, 0, sizeof in);
        uint32_t active = pick_mask(&r, w);
        op.comp = (uint8_t)cu_below(&r, 4);
        op.flags = (w & 1) ? WT_OP_PRED : 0;
        if ((w & 1) && !geom_is_cube(m->geom))
            op.flags |= WT_OP_OFFSET;
        if (smp)
            op.flags |= WT_OP_SAMPLER;
        for (int l = 0; l < WT_WARP_SIZE; l++)
            float_lane(&r, m, l, 1, &in);
        bad += check_warp(m, tex, smp, &op, active, &in, seed, w, label);
    }
    return bad;
}

long cu_check_gather(const cm_texture *m, wt_tex tex, uint64_t seed, int nwarps, const char *label)
{
    return check_gather(m, tex, 0, seed, nwarps, label);
}

/* PTX independent mode ([semantics#normalized-coords], [semantics#clamp-ogl], [semantics#decision-clamp-ogl-samplers]): a random explicit sampler over
 * tex -- filter, the five modes (clamp_ogl too), force_unnormalized_coords,
 * a border colour -- and ms, m as that sampler reads it: a linear sampler on
 * a texture that cannot filter samples with point (decision), forcing
 * unnormalised coordinates demotes wrap and mirror.  Runs tex and, where
 * gathers is set, tld4 through it.  Returns the mismatches. */
static long check_sampler(const cm_texture *m, wt_tex tex, cu_rng *r, int nwarps, int gathers, const char *label)
{
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    for (int k = 0; k < 3; k++)
        sd.address_mode[k] = (wt_address_mode)cu_below(r, 5); /* wrap, clamp, mirror, border, clamp_ogl */
    sd.filter_mode = cu_below(r, 2) ? WT_FILTER_LINEAR : WT_FILTER_POINT;
    sd.force_unnormalized_coords = cu_below(r, 3) == 0;
    cu_random_border(sd.border_color, r);
    wt_sampler smp = 0;
    if (wt_create_sampler_object(&smp, &sd) != WT_SUCCESS) {
        if (cu_printed++ < CU_MAX_PRINT)
            printf("REPRO case=%s: sampler creation failed: %s\n", label, wt_last_error_message());
        return 1;
    }
    cm_texture ms = *m;
    for (int k = 0; k < 3; k++)
        ms.addr[k] = sd.address_mode[k];
    ms.filter = sd.filter_mode == WT_FILTER_LINEAR && cm_reads_float(m) ? WT_FILTER_LINEAR : WT_FILTER_POINT;
    memcpy(ms.border, sd.border_color, sizeof ms.border);
    if (sd.force_unnormalized_coords)
        ms.normalized = 0;
    char sl[320];
    snprintf(sl, sizeof sl, "%s sampler(filter=%d addr=%d,%d,%d force_unnorm=%d)", label, (int)sd.filter_mode,
             (int)sd.address_mode[0], (int)sd.address_mode[1], (int)sd.address_mode[2], sd.force_unnormalized_coords);
    uint64_t seed = cu_next(r);
    long bad = check_float(&ms, tex, smp, seed, nwarps, sl);
    if (gathers)
        bad += check_gather(&ms, tex, smp, seed ^ 0x5a3b, nwarps, sl);
    if (wt_destroy_sampler_object(smp) != WT_SUCCESS)
        bad++;
    return bad;
}

long cu_check_int(const cm_texture *m, wt_tex tex, uint64_t seed, int nwarps, const char *label)
{
    cu_rng r = {seed};
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = (uint8_t)m->geom;
    op.mip = WT_MIP_BASE;
    op.dtype = (uint8_t)cm_dtype(m);
    op.ctype = WT_CTYPE_S32;
    int nc = cu_geom_ncoords(m->geom);
    int layered = geom_is_layered(m->geom);
    int size[3] = {m->w, m->h, m->d};
    wt_tex_args in;
    long bad = 0;
    for (int w = 0; w < nwarps; w++) {
        memset(&in, 0, sizeof in);
        uint32_t active = pick_mask(&r, w);
        op.flags = (w & 1) ? WT_OP_PRED : 0;
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            int b = 0;
            if (layered) {
                in.c[0][l] = cu_layer(&r, m->layers);
                b = 1;
            }
            for (int k = b; k < nc; k++) {
                int n = size[k - b];
                uint32_t c = cu_below(&r, 10);
                int32_t v;
                if (c < 6)
                    v = (int32_t)cu_below(&r, (uint32_t)n);
                else if (c < 9)
                    v = (int32_t)cu_below(&r, (uint32_t)n + 6) - 3;
                else {
                    static const int32_t ex[4] = {INT32_MIN, INT32_MAX, -1, 0};
                    v = ex[cu_below(&r, 4)];
                    if (v == 0)
                        v = n;
                }
                in.c[k][l] = (uint32_t)v;
            }
        }
        bad += check_warp(m, tex, 0, &op, active, &in, seed, w, label);
    }
    return bad;
}

static size_t mip_texel_count(const cm_texture *m);

/* The model of a matrix texture (levels 0: no mipmaps) with random texels
 * from r; returns the texel buffer (m->texels, the caller frees it) or NULL. */
static void *model_texels(cm_texture *m, wt_geom g, int w, int h, int d, int layers, int levels, const cu_format *f,
                          cu_rng *r)
{
    memset(m, 0, sizeof *m);
    m->geom = g;
    m->w = w;
    m->h = geom_is_cube(g) ? w : h;
    m->d = geom_is_cube(g) ? 1 : d;
    m->layers = layers;
    m->levels = levels;
    cu_set_format(m, f);
    size_t n = levels ? mip_texel_count(m) : cu_texel_count(m);
    void *buf = malloc(n * cm_elem_size(m));
    if (buf)
        cu_fill_texels(m, buf, n, r);
    m->texels = buf;
    return buf;
}

/* Did texture creation (status st, object tex) give what m asks for?  A
 * linear texel or mip filter on integers read as element type must be
 * refused ([semantics#read-modes], [semantics#decision-int-linear-mip]); anything else must succeed.  Counts a wrong answer
 * in *bad; returns 1 when tex is live and the case should be checked. */
static int created(const cm_texture *m, int linear, wt_status st, wt_tex tex, const char *label, long *bad)
{
    if (!cm_reads_float(m) && linear) {
        if (st != WT_ERROR_INVALID_FILTER_SETTING) {
            ++*bad;
            if (cu_printed++ < CU_MAX_PRINT)
                printf("REPRO case=%s: creation returned %s, want WT_ERROR_INVALID_FILTER_SETTING\n", label,
                       wt_status_string(st));
        }
        if (st == WT_SUCCESS)
            wt_destroy_texture_object(tex);
        return 0;
    }
    if (st != WT_SUCCESS) {
        ++*bad;
        if (cu_printed++ < CU_MAX_PRINT)
            printf("REPRO case=%s: texture creation failed: %s (%s)\n", label, wt_status_string(st),
                   wt_last_error_message());
        return 0;
    }
    return 1;
}

long cu_run_matrix(wt_geom g, int w, int h, int d, int layers, const cu_format *f, uint64_t seed, int nwarps)
{
    cm_texture m;
    cu_rng r = {seed};
    void *buf = model_texels(&m, g, w, h, d, layers, 0, f, &r);
    if (!buf)
        return 1;
    wt_array arr = NULL;
    wt_status st = cu_make_array(&m, &arr);
    if (st != WT_SUCCESS) {
        if (cu_printed++ < CU_MAX_PRINT)
            printf("REPRO seed=0x%llx case=%s geom=%d %dx%dx%d L%d: array creation failed: %s (%s)\n",
                   (unsigned long long)seed, f->name, (int)g, w, h, d, layers, wt_status_string(st),
                   wt_last_error_message());
        free(buf);
        return 1;
    }
    /* address-mode combinations: all pairs of x and y (1D: y is the border row
     * of [semantics#1d-as-2d]; cubes: the face axes); 3D: all 64 triples; 1D layered: x only.
     * Cubes run seamless and not.  tld4 runs on 2D, 2D layered and cube
     * geometries, under both filters ([semantics#tld4]: the filter does not matter). */
    int ncombo = g == WT_GEOM_3D ? 64 : g == WT_GEOM_A1D ? 4 : 16;
    int nseam = geom_is_cube(g) ? 2 : 1;
    int gathers = g == WT_GEOM_2D || g == WT_GEOM_A2D || geom_is_cube(g);
    long bad = 0;
    for (int seam = 0; seam < nseam; seam++) {
        for (int norm = 0; norm < 2; norm++) {
            for (int filt = 0; filt < 2; filt++) {
                for (int combo = 0; combo < ncombo; combo++) {
                    m.seamless = seam;
                    m.normalized = norm;
                    m.filter = filt ? WT_FILTER_LINEAR : WT_FILTER_POINT;
                    m.addr[0] = (wt_address_mode)(combo & 3);
                    m.addr[1] = (wt_address_mode)(g == WT_GEOM_A1D ? cu_below(&r, 4) : (uint32_t)((combo >> 2) & 3));
                    m.addr[2] = (wt_address_mode)(g == WT_GEOM_3D ? (uint32_t)(combo >> 4) : cu_below(&r, 4));
                    cu_random_border(m.border, &r);
                    uint64_t cseed = cu_next(&r);
                    char label[176];
                    snprintf(label, sizeof label, "%s geom=%d %dx%dx%d L%d norm=%d filter=%d addr=%d,%d,%d seamless=%d",
                             f->name, (int)g, w, h, d, layers, norm, filt, (int)m.addr[0], (int)m.addr[1],
                             (int)m.addr[2], seam);
                    wt_tex tex = 0;
                    st = cu_make_tex(&m, arr, &tex);
                    if (!created(&m, filt, st, tex, label, &bad))
                        continue;
                    bad += cu_check_float(&m, tex, cseed, nwarps, label);
                    if (gathers)
                        bad += cu_check_gather(&m, tex, cseed ^ 0x7e4d, nwarps, label);
                    if ((combo & 3) == 0) /* a quarter of the combinations again through a sampler */
                        bad += check_sampler(&m, tex, &r, nwarps, gathers, label);
                    if (wt_destroy_texture_object(tex) != WT_SUCCESS)
                        bad++;
                }
            }
        }
    }
    wt_free_array(arr);
    free(buf);
    return bad;
}

/* ---- mipmapped arrays ------------------------------------------------------------- */

/* Create a mipmapped array of m's geometry, format and m->levels levels,
 * filled level by level from m->texels ([semantics#mip-levels] sizes, levels one after the other). */
static wt_status make_mip_array(const cm_texture *m, wt_mipmapped_array *out)
{
    wt_channel_desc cd = wt_make_channel_desc(m->bits, m->nch >= 2 ? m->bits : 0, m->nch >= 4 ? m->bits : 0,
                                              m->nch >= 4 ? m->bits : 0, m->kind);
    size_t h = 0, d = 0, slices = 1;
    unsigned flags = 0;
    switch (m->geom) {
    case WT_GEOM_1D: break;
    case WT_GEOM_2D: h = (size_t)m->h; break;
    case WT_GEOM_3D: h = (size_t)m->h; d = (size_t)m->d; break;
    case WT_GEOM_A1D: d = slices = (size_t)m->layers; flags = WT_ARRAY_LAYERED; break;
    case WT_GEOM_A2D: h = (size_t)m->h; d = slices = (size_t)m->layers; flags = WT_ARRAY_LAYERED; break;
    case WT_GEOM_CUBE: h = (size_t)m->w; d = slices = 6; flags = WT_ARRAY_CUBEMAP; break;
    default:
        h = (size_t)m->w;
        d = slices = 6 * (size_t)m->layers;
        flags = WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED;
        break;
    }
    wt_status st = wt_malloc_mipmapped_array(out, &cd, (size_t)m->w, h, d, (unsigned)m->levels, flags);
    if (st != WT_SUCCESS)
        return st;
    const unsigned char *src = (const unsigned char *)m->texels;
    for (int l = 0; l < m->levels && st == WT_SUCCESS; l++) {
        size_t lw = (size_t)m->w >> l ? (size_t)m->w >> l : 1;
        size_t lh = h ? (h >> l ? h >> l : 1) : 1;
        size_t ld = m->geom == WT_GEOM_3D ? (d >> l ? d >> l : 1) : slices;
        wt_array a;
        st = wt_get_mipmapped_array_level(&a, *out, (unsigned)l);
        if (st == WT_SUCCESS)
            st = wt_memcpy_to_array(a, 0, 0, 0, src, lw * cm_elem_size(m), lw, lh, ld);
        src += lw * lh * ld * cm_elem_size(m);
    }
    if (st != WT_SUCCESS) {
        wt_free_mipmapped_array(*out);
        *out = NULL;
    }
    return st;
}

/* Elements of all levels of m (m->levels of them). */
static size_t mip_texel_count(const cm_texture *m)
{
    size_t n = 0, faces = geom_is_cube(m->geom) ? 6u : 1u;
    int one_d = m->geom == WT_GEOM_1D || m->geom == WT_GEOM_A1D;
    for (int l = 0; l < m->levels; l++) {
        size_t w = (size_t)m->w >> l ? (size_t)m->w >> l : 1;
        size_t h = one_d ? 1 : geom_is_cube(m->geom) ? w : ((size_t)m->h >> l ? (size_t)m->h >> l : 1);
        size_t d = m->geom == WT_GEOM_3D ? ((size_t)m->d >> l ? (size_t)m->d >> l : 1) : 1;
        n += w * h * d * (size_t)m->layers * faces;
    }
    return n;
}

static wt_status make_mip_tex(const cm_texture *m, wt_mipmapped_array arr, wt_tex *out)
{
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    rd.res.mipmap.mipmap = arr;
    wt_texture_desc td = tex_desc_of(m);
    td.normalized_coords = 1; /* [semantics#mip-levels]: mipmapped arrays require it */
    wt_resource_view_desc v;
    memset(&v, 0, sizeof v);
    v.first_mipmap_level = (unsigned)m->first_level;
    v.last_mipmap_level = (unsigned)m->last_level;
    return wt_create_texture_object(out, &rd, &td, (m->first_level || m->last_level) ? &v : NULL);
}

/* An explicit LOD for `levels` visible levels: uniform over the range and
 * past it, whole and half levels ([semantics#lod-arithmetic] steps 5-6), the trilinear
 * optimisation's band edges ([semantics#anisotropy-trilinear]), NaN ([semantics#decision-nan-lod]), infinities and huge values. */
static float cu_lod(cu_rng *r, int levels)
{
    uint32_t c = cu_below(r, 100);
    if (c < 35)
        return (float)(-1.5 + (levels + 3.0) * (double)(cu_next(r) >> 11) / 9007199254740992.0);
    if (c < 50)
        return (float)((int)cu_below(r, (uint32_t)levels + 2) - 1) + (cu_below(r, 2) ? 0.5f : 0.0f);
    if (c < 75) { /* k/256 steps across the band edges 42, 43, 54, 55, 64, 65, 191, 200, 212, 213 */
        static const int ks[] = {0, 1, 42, 43, 54, 55, 64, 65, 127, 128, 129, 191, 192, 200, 201, 212, 213, 255};
        int k = ks[cu_below(r, sizeof ks / sizeof ks[0])];
        return (float)cu_below(r, (uint32_t)levels) + (float)k / 256.0f;
    }
    if (c < 85) /* just below or above a 1/256 step: trunc toward zero */
        return nextafterf((float)cu_below(r, (uint32_t)levels * 256) / 256.0f, cu_below(r, 2) ? 100.0f : -100.0f);
    switch (cu_below(r, 4)) {
    case 0: return bf(cu_below(r, 2) ? 0x7fc00000u : 0xffc00001u);
    case 1: return cu_below(r, 2) ? INFINITY : -INFINITY;
    case 2: return cu_below(r, 2) ? 3e38f : -3e38f;
    default: return -0.0f;
    }
}

/* Gradients for tex.grad, in coordinate units of a level-0 of size n[3]:
 * lengths from 1/4 texel to a few times the texture, independent, parallel
 * or long-and-thin pairs (the diagonals of [semantics#lod-from-gradients] and the taps of [semantics#decision-grad-anisotropy]), zero,
 * NaN and infinite components. */
static void cu_grad(cu_rng *r, const int n[3], float dx[3], float dy[3])
{
    for (int k = 0; k < 3; k++) {
        float mx = ldexpf(1.0f + (float)cu_below(r, 1024) / 1024.0f, (int)cu_below(r, 10) - 2);
        float my = ldexpf(1.0f + (float)cu_below(r, 1024) / 1024.0f, (int)cu_below(r, 10) - 2);
        dx[k] = (cu_below(r, 4) ? mx : 0.0f) / (float)n[k] * (cu_below(r, 2) ? 1.0f : -1.0f);
        dy[k] = (cu_below(r, 4) ? my : 0.0f) / (float)n[k] * (cu_below(r, 2) ? 1.0f : -1.0f);
    }
    switch (cu_below(r, 10)) {
    case 0: /* parallel or anti-parallel */
        for (int k = 0; k < 3; k++)
            dy[k] = dx[k] * (cu_below(r, 2) ? 1.0f : -0.75f);
        break;
    case 1: { /* long and thin: a ratio of 1..20 along one axis */
        int a = (int)cu_below(r, 2);
        float ratio = 1.0f + (float)cu_below(r, 20 * 8) / 8.0f;
        for (int k = 0; k < 3; k++)
            dy[k] = 0.0f;
        dy[1 - a] = dx[a] / ratio * (float)n[a] / (float)n[1 - a];
        dx[1 - a] = 0.0f;
        break;
    }
    case 2: /* zero */
        for (int k = 0; k < 3; k++)
            dx[k] = dy[k] = cu_below(r, 2) ? 0.0f : -0.0f;
        break;
    case 3: { /* a NaN or infinite component */
        float sp = cu_below(r, 2) ? bf(0x7fc00000u) : (cu_below(r, 2) ? INFINITY : -INFINITY);
        if (cu_below(r, 2))
            dx[cu_below(r, 3)] = sp;
        else
            dy[cu_below(r, 3)] = sp;
        break;
    }
    default:
        break;
    }
}

/* nwarps warps of tex (base, .level and .grad in turn, offsets on odd
 * warps) and, where the geometry has it, tld4 ([semantics#decision-tld4-mipmaps]: the view's first level). */
static long check_mip(const cm_texture *m, wt_tex tex, wt_sampler smp, uint64_t seed, int nwarps, const char *label)
{
    cu_rng r = {seed};
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = (uint8_t)m->geom;
    op.dtype = (uint8_t)cm_dtype(m);
    op.ctype = WT_CTYPE_F32;
    int linear = m->filter == WT_FILTER_LINEAR;
    int nv = (m->first_level == 0 && m->last_level == 0) ? m->levels : m->last_level - m->first_level + 1;
    int gathers = m->geom == WT_GEOM_2D || m->geom == WT_GEOM_A2D || geom_is_cube(m->geom);
    wt_tex_args in;
    long bad = 0;
    cm_texture lvl0 = *m; /* coordinates drawn for the first visible level */
    lvl0.w = m->w >> m->first_level ? m->w >> m->first_level : 1;
    lvl0.h = m->h >> m->first_level ? m->h >> m->first_level : 1;
    lvl0.d = m->d >> m->first_level ? m->d >> m->first_level : 1;
    for (int w = 0; w < nwarps + gathers; w++) {
        memset(&in, 0, sizeof in);
        uint32_t active = pick_mask(&r, w);
        int gather = w == nwarps;
        op.family = (uint8_t)(gather ? WT_FAMILY_TLD4 : WT_FAMILY_TEX);
        static const wt_mip mips[3] = {WT_MIP_BASE, WT_MIP_LEVEL, WT_MIP_GRAD};
        op.mip = (uint8_t)(gather ? WT_MIP_BASE : mips[w % 3]);
        op.comp = (uint8_t)cu_below(&r, 4);
        op.flags = (w & 1) ? WT_OP_PRED : 0;
        if (((w & 1) || gather) && !geom_is_cube(m->geom))
            op.flags |= WT_OP_OFFSET;
        if (smp)
            op.flags |= WT_OP_SAMPLER;
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            float_lane(&r, &lvl0, l, gather || linear, &in);
            float lod = cu_lod(&r, nv);
            memcpy(&in.lod[l], &lod, 4);
            int n0[3] = {lvl0.w, geom_is_cube(m->geom) ? lvl0.w : lvl0.h, geom_is_cube(m->geom) ? lvl0.w : lvl0.d};
            float gx[3], gy[3];
            cu_grad(&r, n0, gx, gy);
            for (int k = 0; k < 3; k++) {
                in.dpdx[k][l] = gx[k];
                in.dpdy[k][l] = gy[k];
            }
        }
        bad += check_warp(m, tex, smp, &op, active, &in, seed, w, label);
    }
    return bad;
}

long cu_run_mip_matrix(wt_geom g, int w, int h, int d, int layers, int levels, const cu_format *f, uint64_t seed,
                       int nwarps)
{
    cm_texture m;
    cu_rng r = {seed};
    void *buf = model_texels(&m, g, w, h, d, layers, levels, f, &r);
    if (!buf)
        return 1;
    wt_mipmapped_array arr = NULL;
    wt_status st = make_mip_array(&m, &arr);
    if (st != WT_SUCCESS) {
        if (cu_printed++ < CU_MAX_PRINT)
            printf("REPRO seed=0x%llx case=%s geom=%d %dx%dx%d L%d levels %d: mipmapped array creation failed: %s (%s)\n",
                   (unsigned long long)seed, f->name, (int)g, w, h, d, layers, levels, wt_status_string(st),
                   wt_last_error_message());
        free(buf);
        return 1;
    }
    static const float biases[] = {0.0f, 0.25f, -0.5f, 1.0f / 1024, 0.3f, -1.7f, 2.5f, -0.0f, NAN};
    static const float mins[] = {0.0f, 1.2f, 1.5f, -0.5f, 0.7f, 0.0f};
    static const float maxs[] = {100.0f, 100.0f, 1.25f, 2.0f, -1.0f, 0.0f};
    static const int anisos[] = {0, 1, 2, 3, 4, 7, 8, 16};
    int nseam = geom_is_cube(g) ? 2 : 1;
    long bad = 0;
    for (int seam = 0; seam < nseam; seam++) {
        for (int mipf = 0; mipf < 2; mipf++) {
            for (int filt = 0; filt < 2; filt++) {
                for (int rep = 0; rep < 4; rep++) {
                    m.seamless = seam;
                    m.normalized = 1;
                    m.filter = filt ? WT_FILTER_LINEAR : WT_FILTER_POINT;
                    m.mip_filter = mipf ? WT_FILTER_LINEAR : WT_FILTER_POINT;
                    for (int k = 0; k < 3; k++)
                        m.addr[k] = (wt_address_mode)cu_below(&r, 4);
                    cu_random_border(m.border, &r);
                    m.first_level = m.last_level = 0;
                    if (cu_below(&r, 2)) {
                        m.first_level = (int)cu_below(&r, (uint32_t)levels);
                        m.last_level = m.first_level + (int)cu_below(&r, (uint32_t)(levels - m.first_level));
                    }
                    m.lod_bias = biases[cu_below(&r, sizeof biases / sizeof biases[0])];
                    m.min_clamp = mins[cu_below(&r, sizeof mins / sizeof mins[0])];
                    m.max_clamp = maxs[cu_below(&r, sizeof maxs / sizeof maxs[0])];
                    m.max_anisotropy = anisos[cu_below(&r, sizeof anisos / sizeof anisos[0])];
                    m.no_trilinear_opt = cu_below(&r, 4) == 0;
                    uint64_t cseed = cu_next(&r);
                    char label[256];
                    snprintf(label, sizeof label,
                             "%s geom=%d %dx%dx%d L%d levels=%d view=[%d,%d] filter=%d mip=%d addr=%d,%d,%d "
                             "seamless=%d bias=%g clamps=[%g,%g] aniso=%d notrilin=%d",
                             f->name, (int)g, w, h, d, layers, levels, m.first_level, m.last_level, filt, mipf,
                             (int)m.addr[0], (int)m.addr[1], (int)m.addr[2], seam, (double)m.lod_bias,
                             (double)m.min_clamp, (double)m.max_clamp, m.max_anisotropy, m.no_trilinear_opt);
                    wt_tex tex = 0;
                    st = make_mip_tex(&m, arr, &tex);
                    if (!created(&m, filt || mipf, st, tex, label, &bad))
                        continue;
                    bad += check_mip(&m, tex, 0, cseed, nwarps, label);
                    if (rep == 0) { /* once more through a random explicit sampler ([semantics#mip-levels]: still normalised) */
                        wt_sampler_desc sd;
                        memset(&sd, 0, sizeof sd);
                        for (int k = 0; k < 3; k++)
                            sd.address_mode[k] = (wt_address_mode)cu_below(&r, 5);
                        sd.filter_mode = cu_below(&r, 2) ? WT_FILTER_LINEAR : WT_FILTER_POINT;
                        sd.force_unnormalized_coords = (int)cu_below(&r, 2);
                        cu_random_border(sd.border_color, &r);
                        wt_sampler smp = 0;
                        if (wt_create_sampler_object(&smp, &sd) != WT_SUCCESS) {
                            bad++;
                        } else {
                            cm_texture ms = m;
                            for (int k = 0; k < 3; k++)
                                ms.addr[k] = sd.address_mode[k];
                            ms.filter = sd.filter_mode == WT_FILTER_LINEAR && cm_reads_float(&m) ? WT_FILTER_LINEAR
                                                                                                 : WT_FILTER_POINT;
                            memcpy(ms.border, sd.border_color, sizeof ms.border);
                            ms.normalized = !sd.force_unnormalized_coords;
                            char sl[384];
                            snprintf(sl, sizeof sl, "%s sampler(filter=%d addr=%d,%d,%d force_unnorm=%d)", label,
                                     (int)sd.filter_mode, (int)sd.address_mode[0], (int)sd.address_mode[1],
                                     (int)sd.address_mode[2], sd.force_unnormalized_coords);
                            bad += check_mip(&ms, tex, smp, cu_next(&r), nwarps, sl);
                            if (wt_destroy_sampler_object(smp) != WT_SUCCESS)
                                bad++;
                        }
                    }
                    if (wt_destroy_texture_object(tex) != WT_SUCCESS)
                        bad++;
                }
            }
        }
    }
    wt_free_mipmapped_array(arr);
    free(buf);
    return bad;
}
