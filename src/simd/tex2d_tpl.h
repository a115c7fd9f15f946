/* tex2d_tpl.h -- tex.2d and tld4 kernels for 8/16-bit integer and f32/f16 formats, 8 lanes at a time (a template: simd_kernels.h)
 * SPDX-License-Identifier: MIT
 *
 * A texture object binds these at creation (wt__bind_tex_<isa>) when its
 * shape is one they cover: a 2D, 2D layered or 3D texture, mipmapped or not,
 * of 1, 2 or 4 channels of 8 or 16 unsigned bits (read as normalised float
 * or as element type; point or linear) or of f32/f16 (point or linear), any
 * of clamp, wrap, mirror and border on each axis, read through its own
 * sampler.  A warp call then runs them instead of the per-lane reference.
 * They reproduce the reference's arithmetic bit for bit
 * (tests/backend/test_backend_equal.c):
 *
 *   - LOD ([semantics#lod-arithmetic]: tex.base, tex.level .f32 in vector form, and tex.grad on
 *     2D/.a2d from [semantics#lod-from-gradients] per lane, grad_lod.h): q in 1/256ths (mip_select), then each level some lane reads is visited
 *     once with its own extents, pitches and base (plan_level), the lanes
 *     that read it taking their share T of it: 256, or 256 - (q & 255) and
 *     q & 255 of a blend.  The share splits over the footprint as a 3D
 *     slice's does ([semantics#integer-weights], [semantics#decision-share-split-2d]); UNORM sums add over the levels, and for
 *     float formats each level (and each 3D slice of it) is its own [semantics#float-blend]
 *     group.  A point-filtered lane inside a mip blend is a blend of two
 *     single texels.  The trilinear optimisation ([semantics#anisotropy-trilinear]), anisotropic and 3D
 *     .grad are left to the reference; tld4 reads the base level ([semantics#decision-tld4-mipmaps]).
 *   - Coordinates ([semantics#normalized-coords], [semantics#nan-inf-coords], [semantics#decision-huge-coords]): x = c * N on a power-of-two level, or
 *     c itself when unnormalised, is exact in f32, so the reference's exact
 *     fixed point and every decision taken from it follow from f32
 *     operations that are exact too.  On other levels the reference's
 *     U = floor(c * 2^21), x = U * N / 2^21 is computed in double, where it
 *     is exact (axis.h, the axis module every kernel shares).  NaN reads as 0 under clamp and border;
 *     under wrap and mirror a non-finite coordinate reads texel 0 ([semantics#decision-nonfinite-wrap]).
 *     Wrap and mirror reduce x modulo 2N first, r = x - floor(x / 2N) * 2N,
 *     which is exact (the difference is representable) and changes no
 *     texel ([semantics#address-per-texel]).  Clamp and border limit x to a range outside which the
 *     texels read no longer change.
 *   - Linear ([semantics#pipeline] step 4, [semantics#linear-filtering]): clamp pre-clamps x to [0.5, N - 0.5]; with
 *     X9 = floor(x * 512), the base i and the fraction a in 1/256ths with
 *     ties up and the carry at 256 are s = (X9 - 256 + 1) >> 1, i = s >> 8,
 *     a = s & 255 (the floor of frac*256 + 1/2 is the floor of
 *     (floor(frac*512) + 1) / 2, and the reference's 2^-21 fixed point
 *     floors to the same 2^-9 grid).  Each index then goes through the
 *     address mode on its own ([semantics#pipeline] step 7); tld4 ([semantics#tld4]) takes the same
 *     footprint without the pre-clamp.
 *   - Weights ([semantics#integer-weights], [semantics#decision-share-split-2d], T = 256) and the UNORM blend ([semantics#norm-blend]): 8-bit codes
 *     widen to u*257, K = rhu(sum/256), K / 65535 rounded once (IEEE
 *     division's result, computed without a divide: div_exact.h).  A border texel is the border
 *     colour converted to one texel of the format ([semantics#border-color]), as the reference
 *     reads it.
 *   - Point ([semantics#point-sampling]): i = floor(x) through the address mode; the value is the
 *     code over 255 or 65535 ([semantics#point-conversion]), or the code itself as element type.
 * Texel reads (fetch.h) take 4 bytes at a texel of 1 or 2; the array
 * allocation has slack for that (array.c), so only array-backed objects
 * bind those formats; lanes that read the border or are inactive read the
 * level's first texel, which every level has, and drop it.
 * Every other op returns 0 and the caller runs the backend's generic path. */
#include <string.h>

#include <simde/x86/avx2.h>

#include "div_exact.h"
#include "fetch.h"
#include "../core/float_blend.h"
#include "float_blend8.h"
#include "grad_lod.h"
#include "lanes.h"
#include "simd_kernels.h"
#include "tex_shapes.h"
#include "vec8.h"
#include "axis.h"

#ifndef WT_SIMD_PREFETCH_BYTES
#define WT_SIMD_PREFETCH_BYTES (8u << 20)
#endif
#ifndef WT_SIMD_PREFETCH_SPAN
#define WT_SIMD_PREFETCH_SPAN 64 /* texels: a warp spanning fewer on every axis is not prefetched */
#endif

/* What a kernel needs from the object, taken once per call. */
typedef struct plan2d {
    const uint8_t *base;
    int32_t dims;      /* 2 (.2d, .a2d) or 3 (.3d) */
    int32_t n[3];      /* w, h, d */
    int32_t depth_pitch;
    int32_t row_pitch;
    int32_t esize;     /* 1, 2, 4, 8 or 16 bytes */
    int32_t cbits;     /* 8, 16 or 32 */
    int32_t ftype;     /* 0 integer codes, 1 f32, 2 f16 */
    int32_t sgn;       /* signed 8/16-bit codes (SNORM, or signed element type) */
    int32_t nch;       /* 1, 2 or 4 */
    int32_t mode[3];   /* effective address modes ([semantics#unnormalized-coords]: demoted when unnormalised) */
    int32_t norm;      /* normalised coordinates */
    int32_t linear;
    int32_t read_norm;
    int32_t border[4]; /* raw codes of the border texel ([semantics#border-color]) */
    int32_t layered;   /* .a2d / .acube: c[0] is the layer (cube), the coordinates follow */
    int32_t cube;      /* cubemap: c holds a direction, the slice is 6 * cube + face ([semantics#cube-faces], [semantics#cube-arrays]) */
    int32_t layers;    /* layers there are */
    int32_t slice_pitch;
    /* Mip levels ([semantics#mipmaps]): the fields above are level 0's until plan_level()
     * points them at another level. */
    const wt__level *lv;
    int32_t levels;     /* 1 unless mipmapped with several levels ([semantics#lod-sources]) */
    int32_t mip_linear; /* mipmapFilterMode linear ([semantics#lod-arithmetic] step 6) */
    int32_t bias256;    /* trunc(bias * 256), [semantics#lod-arithmetic] step 1 */
    int32_t lo256, hi256; /* the LOD clamps, hi >= lo ([semantics#lod-arithmetic] step 4) */
    int32_t pair8;      /* 8-bit unsigned codes in an array (slack past every level): pair_taps_u8 */
    int32_t prefetch;   /* level 0 is larger than WT_SIMD_PREFETCH_BYTES: prefetch_warp */
} plan2d;

/* Point p's extents, pitches and base at level v (of the view, [semantics#lod-arithmetic]). */
static void plan_level(plan2d *p, int32_t v)
{
    const wt__level *l = &p->lv[v];
    p->base = l->base;
    p->n[0] = l->w;
    p->n[1] = l->h;
    p->n[2] = l->d;
    p->row_pitch = (int32_t)l->row_pitch;
    p->depth_pitch = (int32_t)l->depth_pitch;
    p->slice_pitch = (int32_t)l->slice_pitch;
}

static void plan_of(const wt__tex *t, plan2d *p)
{
    const wt__sampler *s = &t->samp;
    p->lv = t->lv;
    plan_level(p, 0);
    p->dims = t->dims;
    p->esize = t->fmt.esize;
    p->cbits = 8 * t->fmt.cbytes;
    p->ftype = t->fmt.ctype == WT__F32 ? 1 : t->fmt.ctype == WT__F16 ? 2 : 0;
    p->sgn = t->fmt.ctype == WT__S8 || t->fmt.ctype == WT__S16;
    p->nch = t->fmt.nch;
    /* [semantics#mip-levels]: a mipmapped texture reads normalised coordinates whatever the
     * flag says, but its address modes are demoted as the flag says ([semantics#unnormalized-coords]). */
    p->norm = wt__sampler_coords_normalized(t, s);
    for (int k = 0; k < 3; k++)
        p->mode[k] = wt__sampler_addr_mode(s, k);
    p->linear = s->filter == WT_FILTER_LINEAR;
    p->layered = t->layered;
    p->cube = t->cube;
    if (t->cube) {
        /* [semantics#cube-faces]: face coordinates are normalised whatever the flag; wrap and
         * mirror are demoted without it ([semantics#decision-cube-unnormalized], above); [semantics#cube-filtering]: seamless
         * (point only here: seamless linear is not bound) and point
         * sampling of a cube without mip levels clamp to the face. */
        p->norm = 1;
        if (s->seamless || (s->filter != WT_FILTER_LINEAR && !t->mipmapped))
            p->mode[0] = p->mode[1] = WT_ADDRESS_CLAMP;
    }
    p->layers = (int32_t)t->num_layers;
    /* [semantics#lod-sources]: a texture that is not mipmapped reads level 0 whatever the LOD */
    p->levels = t->mipmapped && t->num_levels > 1 ? (int32_t)t->num_levels : 1;
    p->mip_linear = s->mip_filter == WT_FILTER_LINEAR;
    p->bias256 = s->bias256;
    p->lo256 = s->min_clamp256;
    p->hi256 = s->max_clamp256 > s->min_clamp256 ? s->max_clamp256 : s->min_clamp256;
    p->read_norm = t->read_norm;
    p->prefetch = (uint64_t)t->lv[0].depth_pitch * t->lv[0].d * (t->layered ? t->num_layers : 1) >
                  (uint64_t)WT_SIMD_PREFETCH_BYTES;
    p->pair8 = p->cbits == 8 && !p->sgn && p->ftype == 0 &&
               (t->res_type == WT_RESOURCE_ARRAY || t->res_type == WT_RESOURCE_MIPMAPPED_ARRAY);
    for (int c = 0; c < 4; c++) {
        int32_t v = 0;
        const uint8_t *b = t->border_texel + c * t->fmt.cbytes;
        if (c < p->nch)
            v = p->cbits == 8    ? (p->sgn ? (int32_t)(int8_t)b[0] : b[0])
                : p->cbits == 16 ? (p->sgn ? (int32_t)(int16_t)(uint16_t)(b[0] | b[1] << 8) : b[0] | b[1] << 8)
                                 : (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                                             (uint32_t)b[3] << 24);
        p->border[c] = v;
    }
}

/* ---- vector helpers ---------------------------------------------------------- */

static simde__m256 fset(float f) { return simde_mm256_set1_ps(f); }
static simde__m256i iset(int32_t v) { return simde_mm256_set1_epi32(v); }

#ifndef WT_SIMD_ID
#error "an instantiation of tex2d_tpl.h defines WT_SIMD_ID, its backend's id (dispatch.h)"
#endif

/* Store v's lanes to dst where mask is set (inactive lanes keep their words). */
static WT_SIMD_INLINE void store_masked(uint32_t *dst, simde__m256i v, simde__m256i mask)
{
    wt__store_masked(dst, v, mask);
}

static simde__m256i rhu256(simde__m256i v) { return simde_mm256_srli_epi32(simde_mm256_add_epi32(v, iset(128)), 8); }

/* ---- one axis ---------------------------------------------------------------- */

/* The footprint of one axis for 8 lanes from the axis module (axis.h), on
 * the plan's current level. */
static WT_SIMD_INLINE void axis_footprint(const plan2d *p, int k, simde__m256 c, int filter, int gather, wv_axis *ax)
{
    const int32_t n = p->n[k];
    wv_axis_of(c, n, p->norm ? (float)n : 1.0f, p->norm && (n & (n - 1)) != 0, p->mode[k], filter, gather, ax);
}

/* ---- texels -------------------------------------------------------------------- */

/* The raw channel codes of the texels at (x, y) for lanes in mask (others
 * read nothing); lanes in `out` read the border texel. */
static WT_SIMD_INLINE void texels(const plan2d *p, simde__m256i slice, simde__m256i x, simde__m256i y, simde__m256i mask,
                   simde__m256i out, simde__m256i raw[4])
{
    simde__m256i m = simde_mm256_andnot_si256(out, mask);
    simde__m256i off = simde_mm256_add_epi32(simde_mm256_mullo_epi32(y, iset(p->row_pitch)),
                                             simde_mm256_mullo_epi32(x, iset(p->esize)));
    off = simde_mm256_add_epi32(off, slice);
    simde__m256i w[4];
    int words = p->esize <= 4 ? 1 : p->esize / 4;
    if (words == 2) {
        wt__fetch64(p->base, off, m, &w[0], &w[1]);
        w[2] = w[3] = simde_mm256_setzero_si256();
    } else {
        for (int k = 0; k < 4; k++)
            w[k] = k < words ? wt__fetch32(p->base + 4 * k, off, m) : simde_mm256_setzero_si256();
    }
    for (int c = 0; c < 4; c++) {
        simde__m256i v;
        if (c >= p->nch)
            v = simde_mm256_setzero_si256();
        else if (p->cbits == 8 && p->sgn) /* raw codes of signed channels are sign-extended */
            v = simde_mm256_srai_epi32(simde_mm256_slli_epi32(w[0], 24 - 8 * c), 24);
        else if (p->cbits == 16 && p->sgn)
            v = simde_mm256_srai_epi32(simde_mm256_slli_epi32(w[c >> 1], 16 - 16 * (c & 1)), 16);
        else if (p->cbits == 8)
            v = simde_mm256_and_si256(simde_mm256_srli_epi32(w[0], 8 * c), iset(0xff));
        else if (p->cbits == 16)
            v = simde_mm256_and_si256(simde_mm256_srli_epi32(w[c >> 1], 16 * (c & 1)), iset(0xffff));
        else
            v = w[c];
        raw[c] = simde_mm256_blendv_epi8(v, iset(p->border[c]), out);
    }
}

/* [semantics#point-conversion]: a half's f32 bits, exactly (NaN payloads bit for bit, subnormals
 * as frac * 2^-24, which is exact in f32). */
static WT_SIMD_INLINE simde__m256i half_to_f32(simde__m256i h)
{
    simde__m256i sign = simde_mm256_slli_epi32(simde_mm256_and_si256(h, iset(0x8000)), 16);
    simde__m256i ex = simde_mm256_and_si256(simde_mm256_srli_epi32(h, 10), iset(0x1f));
    simde__m256i frac = simde_mm256_and_si256(h, iset(0x3ff));
    simde__m256i normal = simde_mm256_or_si256(simde_mm256_slli_epi32(simde_mm256_add_epi32(ex, iset(112)), 23),
                                               simde_mm256_slli_epi32(frac, 13));
    simde__m256i special = simde_mm256_or_si256(iset(0x7f800000), simde_mm256_slli_epi32(frac, 13));
    simde__m256i tiny = simde_mm256_castps_si256(
        simde_mm256_mul_ps(simde_mm256_cvtepi32_ps(frac), fset(1.0f / 16777216.0f)));
    simde__m256i v = simde_mm256_blendv_epi8(normal, special, simde_mm256_cmpeq_epi32(ex, iset(31)));
    v = simde_mm256_blendv_epi8(v, tiny, simde_mm256_cmpeq_epi32(ex, simde_mm256_setzero_si256()));
    return simde_mm256_or_si256(v, sign);
}

/* [semantics#layers]: the layer operand (.u32) of .a2d, past the end the last layer; its
 * byte offset.  0 for a non-layered texture. */
static WT_SIMD_INLINE simde__m256i layer_index(const plan2d *p, const wt_tex_args *in, int g)
{
    if (!p->layered)
        return simde_mm256_setzero_si256();
    return wt__layer_clamp(&in->c[0][g], (uint32_t)p->layers);
}

static WT_SIMD_INLINE simde__m256i slice_offset(const plan2d *p, const wt_tex_args *in, int g)
{
    return simde_mm256_mullo_epi32(layer_index(p, in, g), iset(p->slice_pitch));
}

/* ---- tex ------------------------------------------------------------------------- */

static int op_is_plain_2d(const wt__tex_ctx *ctx, const wt_op *op, int family)
{
    int geom = ctx->t->cube       ? (ctx->t->layered ? WT_GEOM_ACUBE : WT_GEOM_CUBE)
               : ctx->t->dims == 3 ? WT_GEOM_3D
               : ctx->t->layered   ? WT_GEOM_A2D
                                   : WT_GEOM_2D;
    return op->family == family && op->geom == geom && op->ctype == WT_CTYPE_F32 && op->flags == 0 &&
           ctx->s == &ctx->t->samp;
}

/* The LOD modes taken here ([semantics#lod-sources] to [semantics#anisotropy-trilinear]): tex.base, and .level with an .f32
 * LOD except where the trilinear optimisation ([semantics#anisotropy-trilinear], [semantics#decision-trilinear-opt]) reshapes the blend,
 * which the reference alone does. */
static int mip_ok(const plan2d *p, const wt__sampler *s, const wt_op *op)
{
    if (op->mip == WT_MIP_BASE || p->levels == 1) /* [semantics#lod-sources]: no levels, no LOD */
        return 1;
    if (op->mip == WT_MIP_GRAD) /* [semantics#lod-from-gradients] for 2D and .a2d; not anisotropic ([semantics#decision-grad-anisotropy]) nor 3D ([semantics#decision-grad-lod-3d]) nor cubes */
        return p->dims == 2 && !p->cube && s->max_aniso <= 1;
    return !(s->max_aniso >= 2 && s->mip_filter == WT_FILTER_LINEAR && s->trilinear_opt);
}

/* [semantics#lod-arithmetic] for 8 lanes: the lower level and the upper level's share (0: one
 * level, share 256).  q in 1/256ths: .level q = trunc(lod * 256) (a NaN
 * LOD counts as 0, [semantics#decision-nan-lod]; lod * 256 is exact in f32, and beyond ±2^30 every
 * clamp below decides alike, so saturating there changes nothing) plus the
 * bias; .grad q from [semantics#lod-from-gradients] (grad_lod.h, per lane, the gradients scaled by the
 * level-0 size in f32) plus the bias; tex.base q = 0 without bias ([semantics#decision-base-lod-clamps]).
 * Then the clamps: [lo, max(lo,
 * hi)], then [0, (levels - 1) * 256].  Point mip filter: level (q + 128) >>
 * 8; linear: level q >> 8 with share 256 - (q & 255), level + 1 with q & 255. */
static void mip_select(const plan2d *p, const wt_op *op, const wt_tex_args *in, int g, simde__m256i *level,
                       simde__m256i *frac)
{
    simde__m256i q = simde_mm256_setzero_si256();
    if (op->mip == WT_MIP_LEVEL) {
        simde__m256 v = simde_mm256_mul_ps(simde_mm256_loadu_ps((const float *)(const void *)&in->lod[g]), fset(256.0f));
        v = simde_mm256_and_ps(v, simde_mm256_cmp_ps(v, v, SIMDE_CMP_ORD_Q));
        v = simde_mm256_min_ps(simde_mm256_max_ps(v, fset(-1073741824.0f)), fset(1073741824.0f));
        q = simde_mm256_add_epi32(simde_mm256_cvttps_epi32(v), iset(p->bias256)); /* trunc, toward zero */
    } else if (op->mip == WT_MIP_GRAD) {
        const float w = (float)p->lv[0].w, h = (float)p->lv[0].h;
        int32_t qv[8];
        for (int l = 0; l < 8; l++) {
            int32_t r = wt__grad_q_2d(in->dpdx[0][g + l] * w, in->dpdx[1][g + l] * h, in->dpdy[0][g + l] * w,
                                      in->dpdy[1][g + l] * h);
            r = r < -(1 << 30) ? -(1 << 30) : r > (1 << 30) ? (1 << 30) : r; /* rho 0 or infinite */
            qv[l] = r + p->bias256;
        }
        q = simde_mm256_loadu_si256((const void *)qv);
    }
    q = simde_mm256_min_epi32(simde_mm256_max_epi32(q, iset(p->lo256)), iset(p->hi256));
    q = simde_mm256_min_epi32(simde_mm256_max_epi32(q, simde_mm256_setzero_si256()), iset((p->levels - 1) * 256));
    if (p->mip_linear) {
        *level = simde_mm256_srai_epi32(q, 8);
        *frac = simde_mm256_and_si256(q, iset(255));
    } else {
        *level = simde_mm256_srai_epi32(simde_mm256_add_epi32(q, iset(128)), 8);
        *frac = simde_mm256_setzero_si256();
    }
}

/* The destination types a read mode gives exactly here: normalised float as
 * .f32; element-type codes as .u32/.s32 (their bits, [semantics#decision-dest-mismatch]). */
static int dtype_ok(const plan2d *p, int dtype)
{
    return p->read_norm || p->ftype ? dtype == WT_DTYPE_F32 : dtype == WT_DTYPE_U32 || dtype == WT_DTYPE_S32;
}

/* A channel code as the destination word: code / (2^bits - 1) ([semantics#point-conversion]), or the code. */
static WT_SIMD_INLINE simde__m256i point_word(const plan2d *p, simde__m256i u)
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
        simde__m256 f = simde_mm256_div_ps(simde_mm256_cvtepi32_ps(u), fset(p->cbits == 8 ? 127.0f : 32767.0f));
        simde__m256i lowest = simde_mm256_cmpeq_epi32(u, iset(kmin));
        return simde_mm256_blendv_epi8(simde_mm256_castps_si256(f), simde_mm256_castps_si256(fset(-1.0f)), lowest);
    }
    float max = p->cbits == 8 ? 255.0f : 65535.0f;
    return simde_mm256_castps_si256(wt__div_exact_ps(simde_mm256_cvtepi32_ps(u), max));
}

/* [semantics#tld4]: a gathered component is valued as point sampling, except that an f32
 * NaN gathers as 0x7fffffff and an f32 subnormal as ±0, and a half NaN as
 * 0x7fff widened (0x7fffe000). */
static WT_SIMD_INLINE simde__m256i gather_word(const plan2d *p, simde__m256i u)
{
    if (p->ftype == 1) {
        simde__m256i ex = simde_mm256_and_si256(u, iset(0x7f800000));
        simde__m256i nan = simde_mm256_andnot_si256(simde_mm256_cmpeq_epi32(simde_mm256_and_si256(u, iset(0x7fffff)),
                                                                            simde_mm256_setzero_si256()),
                                                    simde_mm256_cmpeq_epi32(ex, iset(0x7f800000)));
        simde__m256i sub = simde_mm256_cmpeq_epi32(ex, simde_mm256_setzero_si256());
        u = simde_mm256_blendv_epi8(u, simde_mm256_and_si256(u, iset((int32_t)0x80000000u)), sub);
        return simde_mm256_blendv_epi8(u, iset(0x7fffffff), nan);
    }
    if (p->ftype == 2) {
        simde__m256i nan = simde_mm256_andnot_si256(
            simde_mm256_cmpeq_epi32(simde_mm256_and_si256(u, iset(0x3ff)), simde_mm256_setzero_si256()),
            simde_mm256_cmpeq_epi32(simde_mm256_and_si256(u, iset(0x7c00)), iset(0x7c00)));
        return simde_mm256_blendv_epi8(half_to_f32(u), iset(0x7fffe000), nan);
    }
    return point_word(p, u);
}

/* [semantics#integer-weights] / [semantics#decision-share-split-2d] weights of a share T (T = 256, or a 3D slice's share):
 * x first, x1 = rhu(T*a); then the y split, rounding the upper part on the
 * x = 1 side and the lower part on the x = 0 side.  w[dx + 2*dy]. */
static WT_SIMD_INLINE void weights_2d(simde__m256i T, simde__m256i a, simde__m256i b, simde__m256i w[4])
{
    simde__m256i x1 = rhu256(simde_mm256_mullo_epi32(T, a)), x0 = simde_mm256_sub_epi32(T, x1);
    simde__m256i w11 = rhu256(simde_mm256_mullo_epi32(x1, b));
    simde__m256i w00 = rhu256(simde_mm256_mullo_epi32(x0, simde_mm256_sub_epi32(iset(256), b)));
    w[0] = w00;
    w[1] = simde_mm256_sub_epi32(x1, w11);
    w[2] = simde_mm256_sub_epi32(x0, w00);
    w[3] = w11;
}

/* What the levels of one group of 8 lanes add up to: UNORM sums ([semantics#norm-blend]: every
 * tap whatever its level or slice), or for f32/f16 the taps of [semantics#float-blend]'s groups
 * (group = 2 * entry + slice: the levels and 3D slices are groups of their
 * own), slot t of group g holding footprint position t; a lane's slots that
 * nothing wrote weigh 0. */
typedef struct acc8 {
    simde__m256i sum[4];
    uint32_t gmask;        /* groups some lane has taps in */
    wt__fb8_taps fb[4];    /* per channel */
} acc8;

/* Float taps of footprint position t for the lanes in `lanes`, lane l in
 * group group[l] + dz (group[l] 0 or 2). */
static WT_SIMD_INLINE void float_taps(const plan2d *p, acc8 *acc, simde__m256i lanes, simde__m256i w, simde__m256i group,
                                      int dz, int t, const simde__m256i raw[4])
{
    for (int e = 0; e < 2; e++) {
        const int G = 2 * e + dz;
        simde__m256i sel = simde_mm256_and_si256(lanes, simde_mm256_cmpeq_epi32(group, iset(2 * e)));
        if (!wt__mask_bits(sel))
            continue;
        if (!(acc->gmask >> G & 1u)) {
            acc->gmask |= 1u << G;
            for (int c = 0; c < p->nch; c++)
                for (int k = 0; k < 4; k++)
                    acc->fb[c].raw[G][k] = acc->fb[c].w[G][k] = simde_mm256_setzero_si256();
        }
        for (int c = 0; c < p->nch; c++) {
            acc->fb[c].raw[G][t] = simde_mm256_blendv_epi8(acc->fb[c].raw[G][t], raw[c], sel);
            acc->fb[c].w[G][t] = simde_mm256_blendv_epi8(acc->fb[c].w[G][t], w, sel);
        }
    }
}

/* [semantics#float-blend] for the f16 lanes in `lanes` of channel c, one lane at a time
 * (float_blend.h; f32 goes through float_blend8.h 8 lanes at once). */
static void half_blend(const plan2d *p, const acc8 *acc, int c, uint32_t lanes, uint32_t *dst)
{
    (void)p;
    uint32_t rv[4][4][8];
    int32_t wv[4][4][8];
    for (int G = 0; G < 4; G++)
        if (acc->gmask >> G & 1u)
            for (int k = 0; k < 4; k++) {
                simde_mm256_storeu_si256((void *)rv[G][k], acc->fb[c].raw[G][k]);
                simde_mm256_storeu_si256((void *)wv[G][k], acc->fb[c].w[G][k]);
            }
    for (; lanes; lanes &= lanes - 1) {
        int l = __builtin_ctz(lanes), n = 0;
        wt__fb_tap taps[16];
        for (int G = 0; G < 4; G++)
            if (acc->gmask >> G & 1u)
                for (int k = 0; k < 4; k++)
                    if (wv[G][k][l] > 0) /* [semantics#integer-weights]: a weight-0 term reads nothing */
                        taps[n++] = (wt__fb_tap){rv[G][k][l], wv[G][k][l], G};
        dst[l] = wt__float_blend(taps, n, 1);
    }
}

/* Whether every lane in lmask can read its x footprint as one pair of
 * neighbouring texels (i0, i0 + 1): i1 is i0 + 1, or i1 weighs nothing (a
 * = 0: clamp's last texel, a periodic wrap without fraction), and no texel
 * of the footprint is the border. */
static WT_SIMD_INLINE int pairable(const wv_axis ax[3], simde__m256i lmask)
{
    simde__m256i bad = simde_mm256_or_si256(simde_mm256_or_si256(ax[0].out0, ax[0].out1),
                                            simde_mm256_or_si256(ax[1].out0, ax[1].out1));
    bad = simde_mm256_or_si256(bad, simde_mm256_or_si256(ax[2].out0, ax[2].out1));
    simde__m256i paired = simde_mm256_or_si256(simde_mm256_cmpeq_epi32(ax[0].i1, simde_mm256_add_epi32(ax[0].i0, iset(1))),
                                               simde_mm256_cmpeq_epi32(ax[0].a, simde_mm256_setzero_si256()));
    return wt__mask_bits(simde_mm256_and_si256(simde_mm256_or_si256(bad, simde_mm256_xor_si256(paired, iset(-1))),
                                               lmask)) == 0;
}

/* The texels at byte offset off and the next one (1, 2 or 4 bytes each) for
 * lanes in m, as 32-bit words. */
static WT_SIMD_INLINE void fetch_pair(const plan2d *p, simde__m256i off, simde__m256i m, simde__m256i *t0,
                                      simde__m256i *t1)
{
    if (p->esize == 4) {
        wt__fetch64(p->base, off, m, t0, t1);
    } else {
        simde__m256i pair = wt__fetch32(p->base, off, m);
        const int bits = 8 * p->esize;
        *t0 = simde_mm256_and_si256(pair, iset((1 << bits) - 1));
        *t1 = simde_mm256_and_si256(simde_mm256_srli_epi32(pair, bits), iset((1 << bits) - 1));
    }
}

/* [semantics#norm-blend]'s sums of a 2x2 footprint of 8-bit unsigned codes (weights w[dx +
 * 2*dy]) for pairable lanes: each row is one read of the texel pair (i0,
 * i0 + 1); the texel past the end that a weight-0 lane may read lies in the
 * array's slack.  Two channels share each 32-bit word as 16-bit fields (R
 * and B, G and A): a code times a weight is at most 255 * 256 and the four
 * taps' sum at most 255 * 256 too, so no field carries into the next. */
static WT_SIMD_INLINE void pair_taps_u8(const plan2d *p, simde__m256i zoff, const wv_axis *X, const wv_axis *Y,
                                        const simde__m256i w[4], simde__m256i lmask, acc8 *acc)
{
    const simde__m256i lo8 = iset(0x00ff00ff);
    simde__m256i rb = simde_mm256_setzero_si256(), ga = rb;
    for (int dy = 0; dy < 2; dy++) {
        simde__m256i off = simde_mm256_add_epi32(simde_mm256_mullo_epi32(dy ? Y->i1 : Y->i0, iset(p->row_pitch)),
                                                 simde_mm256_slli_epi32(X->i0, p->esize == 4 ? 2 : p->esize - 1));
        off = simde_mm256_add_epi32(off, zoff);
        simde__m256i t0, t1;
        fetch_pair(p, off, lmask, &t0, &t1);
        for (int dx = 0; dx < 2; dx++) {
            simde__m256i t = dx ? t1 : t0, wt = w[dx + 2 * dy];
            simde__m256i w2 = simde_mm256_or_si256(wt, simde_mm256_slli_epi32(wt, 16));
            rb = simde_mm256_add_epi16(rb, simde_mm256_mullo_epi16(simde_mm256_and_si256(t, lo8), w2));
            ga = simde_mm256_add_epi16(ga, simde_mm256_mullo_epi16(
                                               simde_mm256_and_si256(simde_mm256_srli_epi32(t, 8), lo8), w2));
        }
    }
    const simde__m256i lo16 = iset(0xffff);
    acc->sum[0] = simde_mm256_add_epi32(acc->sum[0], simde_mm256_and_si256(rb, lo16));
    acc->sum[1] = simde_mm256_add_epi32(acc->sum[1], simde_mm256_and_si256(ga, lo16));
    acc->sum[2] = simde_mm256_add_epi32(acc->sum[2], simde_mm256_srli_epi32(rb, 16));
    acc->sum[3] = simde_mm256_add_epi32(acc->sum[3], simde_mm256_srli_epi32(ga, 16));
}

/* The taps of one level for the lanes in lmask ([semantics#lod-arithmetic]: share T of the level;
 * entry 1 for the lanes where it is the upper level of a blend).  Lanes in
 * `point` are point-sampled from this level alone and get their result
 * here; the others add to acc. */
static WT_SIMD_INLINE void level_taps(const plan2d *p, const simde__m256 c[3], simde__m256i layer, simde__m256i lmask,
                                      simde__m256i T, simde__m256i entry1, simde__m256i point, int g, acc8 *acc,
                                      wt_tex_result *out)
{
    simde__m256i sl = p->layered || p->cube ? simde_mm256_mullo_epi32(layer, iset(p->slice_pitch))
                                            : simde_mm256_setzero_si256();
    wv_axis ax[3];
    ax[2].i0 = ax[2].i1 = ax[2].a = ax[2].out0 = ax[2].out1 = simde_mm256_setzero_si256(); /* 2D: z = 0 */
    for (int k = 0; k < p->dims; k++)
        axis_footprint(p, k, c[k], p->linear, 0, &ax[k]);
    simde__m256i g2 = simde_mm256_and_si256(entry1, iset(2)); /* group 2 * entry */
    if (!p->linear) {
        simde__m256i raw[4];
        simde__m256i zoff = simde_mm256_add_epi32(sl, simde_mm256_mullo_epi32(ax[2].i0, iset(p->depth_pitch)));
        texels(p, zoff, ax[0].i0, ax[1].i0, lmask,
               simde_mm256_or_si256(simde_mm256_or_si256(ax[0].out0, ax[1].out0), ax[2].out0), raw);
        simde__m256i pm = simde_mm256_and_si256(point, lmask);
        if (wt__mask_bits(pm))
            for (int c = 0; c < 4; c++) /* [semantics#point-conversion]: channels the format lacks read 0 */
                store_masked(&out->d[c][g], c < p->nch ? point_word(p, raw[c]) : simde_mm256_setzero_si256(), pm);
        /* A point texel inside a mip blend: one tap of weight T ([semantics#integer-weights] with
         * zero fractions), its own group ([semantics#float-blend]). */
        simde__m256i bm = simde_mm256_andnot_si256(point, lmask);
        uint32_t blend = wt__mask_bits(bm);
        if (!blend)
            return;
        if (p->ftype) {
            float_taps(p, acc, bm, T, g2, 0, 0, raw);
            return;
        }
        for (int ch = 0; ch < p->nch; ch++)
            acc->sum[ch] = simde_mm256_add_epi32(acc->sum[ch],
                                                 simde_mm256_mullo_epi32(simde_mm256_and_si256(T, bm), raw[ch]));
        return;
    }
    /* [semantics#integer-weights]: z first (3D), z0 = rhu(T * (256 - c)), z1 = T - z0 (T = 256:
     * 256 - c and c); each slice's share splits over its 2x2 footprint. */
    const int nz = p->dims == 3 ? 2 : 1;
    const int pairs = p->pair8 && pairable(ax, lmask);
    simde__m256i Tm = simde_mm256_and_si256(T, lmask); /* other lanes weigh nothing */
    simde__m256i z0 = p->dims == 3 ? rhu256(simde_mm256_mullo_epi32(Tm, simde_mm256_sub_epi32(iset(256), ax[2].a))) : Tm;
    for (int dz = 0; dz < nz; dz++) {
        simde__m256i Tz = dz ? simde_mm256_sub_epi32(Tm, z0) : z0;
        simde__m256i zi = dz ? ax[2].i1 : ax[2].i0, zo = dz ? ax[2].out1 : ax[2].out0;
        simde__m256i zoff = simde_mm256_add_epi32(sl, simde_mm256_mullo_epi32(zi, iset(p->depth_pitch)));
        simde__m256i w[4];
        weights_2d(Tz, ax[0].a, ax[1].a, w);
        if (pairs) {
            pair_taps_u8(p, zoff, &ax[0], &ax[1], w, lmask, acc);
            continue;
        }
        for (int t = 0; t < 4; t++) {
            const wv_axis *X = &ax[0], *Y = &ax[1];
            simde__m256i xi = t & 1 ? X->i1 : X->i0, yi = t & 2 ? Y->i1 : Y->i0;
            simde__m256i ob = simde_mm256_or_si256(simde_mm256_or_si256(t & 1 ? X->out1 : X->out0,
                                                                        t & 2 ? Y->out1 : Y->out0), zo);
            simde__m256i raw[4];
            texels(p, zoff, xi, yi, lmask, ob, raw);
            if (p->ftype) {
                float_taps(p, acc, lmask, w[t], g2, dz, t, raw);
                continue;
            }
            for (int ch = 0; ch < p->nch; ch++)
                acc->sum[ch] = simde_mm256_add_epi32(acc->sum[ch], simde_mm256_mullo_epi32(w[t], raw[ch]));
        }
    }
}

/* [semantics#cube-faces] for 8 lanes, as the reference projects (cube_scalar.c follows the
 * same decisions): NaN components read as 0; the major axis is z if |z| is
 * the largest (ties: z over y over x), else y if |y| >= |x|, else x; the
 * face is positive when that component is >= 0 (-0 too); s and t are
 * (sc / m + 1) / 2 with IEEE division and no fusing; a NaN face coordinate
 * (inf / inf) reads as 0 ([semantics#decision-nonfinite-cube]); the zero vector is face 0 at its centre
 * ([semantics#decision-cube-projection]).  The slice is 6 * cube + face ([semantics#cube-arrays]: a cube index past the end
 * reads the last cube). */
static WT_SIMD_INLINE void cube_coords(const plan2d *p, const wt_tex_args *in, int g, simde__m256 c[3],
                                       simde__m256i *slice)
{
    const int o = p->layered; /* .acube: {cube, x, y, z} */
    simde__m256 v[3];
    for (int k = 0; k < 3; k++) {
        v[k] = simde_mm256_loadu_ps((const float *)(const void *)&in->c[o + k][g]);
        v[k] = simde_mm256_and_ps(v[k], simde_mm256_cmp_ps(v[k], v[k], SIMDE_CMP_ORD_Q));
    }
    const simde__m256 sign = fset(-0.0f), zero = simde_mm256_setzero_ps();
    simde__m256 ax = simde_mm256_andnot_ps(sign, v[0]), ay = simde_mm256_andnot_ps(sign, v[1]),
                az = simde_mm256_andnot_ps(sign, v[2]);
    simde__m256 zmaj = simde_mm256_and_ps(simde_mm256_cmp_ps(az, ax, SIMDE_CMP_GE_OQ), simde_mm256_cmp_ps(az, ay, SIMDE_CMP_GE_OQ));
    simde__m256 ymaj = simde_mm256_andnot_ps(zmaj, simde_mm256_cmp_ps(ay, ax, SIMDE_CMP_GE_OQ));
    simde__m256 xpos = simde_mm256_cmp_ps(v[0], zero, SIMDE_CMP_GE_OQ), ypos = simde_mm256_cmp_ps(v[1], zero, SIMDE_CMP_GE_OQ),
                zpos = simde_mm256_cmp_ps(v[2], zero, SIMDE_CMP_GE_OQ);
    simde__m256 nx = simde_mm256_xor_ps(v[0], sign), ny = simde_mm256_xor_ps(v[1], sign), nz = simde_mm256_xor_ps(v[2], sign);
    /* face = 2 * axis + (negative); axis 0 x, 1 y, 2 z */
    simde__m256i neg = simde_mm256_castps_si256(simde_mm256_blendv_ps(simde_mm256_blendv_ps(xpos, ypos, ymaj), zpos, zmaj));
    neg = simde_mm256_andnot_si256(neg, iset(1));
    simde__m256i axis = simde_mm256_sub_epi32(simde_mm256_and_si256(simde_mm256_castps_si256(zmaj), iset(2)),
                                              simde_mm256_castps_si256(ymaj)); /* 0 x, 1 y, 2 z */
    simde__m256i face = simde_mm256_add_epi32(simde_mm256_add_epi32(axis, axis), neg);
    simde__m256 m = simde_mm256_blendv_ps(simde_mm256_blendv_ps(ax, ay, ymaj), az, zmaj);
    simde__m256 sx = simde_mm256_blendv_ps(v[2], nz, xpos); /* x major: x >= 0 ? -z : z */
    simde__m256 sz = simde_mm256_blendv_ps(nx, v[0], zpos); /* z major: z >= 0 ? x : -x */
    simde__m256 sc = simde_mm256_blendv_ps(simde_mm256_blendv_ps(sx, v[0], ymaj), sz, zmaj);
    simde__m256 ty = simde_mm256_blendv_ps(nz, v[2], ypos); /* y major: y >= 0 ? z : -z */
    simde__m256 tc = simde_mm256_blendv_ps(ny, ty, ymaj);   /* x and z major: -y */
    simde__m256 fs = simde_mm256_div_ps(simde_mm256_add_ps(simde_mm256_div_ps(sc, m), fset(1.0f)), fset(2.0f));
    simde__m256 ft = simde_mm256_div_ps(simde_mm256_add_ps(simde_mm256_div_ps(tc, m), fset(1.0f)), fset(2.0f));
    fs = simde_mm256_and_ps(fs, simde_mm256_cmp_ps(fs, fs, SIMDE_CMP_ORD_Q));
    ft = simde_mm256_and_ps(ft, simde_mm256_cmp_ps(ft, ft, SIMDE_CMP_ORD_Q));
    simde__m256 z0 = simde_mm256_cmp_ps(m, zero, SIMDE_CMP_EQ_OQ); /* the zero vector */
    c[0] = simde_mm256_blendv_ps(fs, fset(0.5f), z0);
    c[1] = simde_mm256_blendv_ps(ft, fset(0.5f), z0);
    c[2] = zero;
    face = simde_mm256_andnot_si256(simde_mm256_castps_si256(z0), face);
    *slice = simde_mm256_add_epi32(simde_mm256_mullo_epi32(layer_index(p, in, g), iset(6)), face);
}

static WT_SIMD_INLINE void tex_group(const plan2d *p, const wt_op *op, const wt_tex_args *in, int g,
                                     simde__m256i mask, wt_tex_result *out)
{
    const int o = p->layered; /* .a2d: {layer, x, y} */
    simde__m256 c[3];
    simde__m256i layer;
    if (p->cube) {
        cube_coords(p, in, g, c, &layer);
    } else {
        for (int k = 0; k < p->dims; k++)
            c[k] = simde_mm256_loadu_ps((const float *)(const void *)&in->c[o + k][g]);
        layer = layer_index(p, in, g);
    }
    acc8 acc;
    for (int ch = 0; ch < 4; ch++)
        acc.sum[ch] = simde_mm256_setzero_si256();
    acc.gmask = 0;
    const uint32_t act = wt__mask_bits(mask);
    simde__m256i blended; /* lanes whose result is a blend ([semantics#norm-blend], [semantics#float-blend]) */
    if (p->levels == 1) {
        simde__m256i point = p->linear ? simde_mm256_setzero_si256() : mask;
        level_taps(p, c, layer, mask, iset(256), simde_mm256_setzero_si256(), point, g, &acc, out);
        blended = p->linear ? mask : simde_mm256_setzero_si256();
    } else {
        /* [semantics#lod-arithmetic]: each lane reads its level, and the next one where it blends;
         * visit every level some active lane reads (usually one or two),
         * each with its own extents, pitches and base. */
        simde__m256i lvl, frac;
        mip_select(p, op, in, g, &lvl, &frac);
        simde__m256i two = simde_mm256_andnot_si256(simde_mm256_cmpeq_epi32(frac, simde_mm256_setzero_si256()), mask);
        blended = p->linear ? mask : two;
        simde__m256i point = p->linear ? simde_mm256_setzero_si256() : simde_mm256_andnot_si256(two, mask);
        simde__m256i lvl1 = simde_mm256_add_epi32(lvl, iset(1));
        int32_t lv0[8];
        simde_mm256_storeu_si256((void *)lv0, lvl);
        uint32_t todo0 = act, todo1 = wt__mask_bits(two);
        while (todo0 | todo1) {
            int32_t v = todo0 ? lv0[__builtin_ctz(todo0)] : lv0[__builtin_ctz(todo1)] + 1;
            simde__m256i on0 = simde_mm256_and_si256(simde_mm256_cmpeq_epi32(lvl, iset(v)), mask);
            simde__m256i on1 = simde_mm256_and_si256(simde_mm256_cmpeq_epi32(lvl1, iset(v)), two);
            todo0 &= ~wt__mask_bits(on0);
            todo1 &= ~wt__mask_bits(on1);
            /* shares: lower level 256 - frac, upper level frac */
            simde__m256i T = simde_mm256_blendv_epi8(simde_mm256_sub_epi32(iset(256), frac), frac, on1);
            plan2d pl = *p;
            plan_level(&pl, v);
            level_taps(&pl, c, layer, simde_mm256_or_si256(on0, on1), T, on1, point, g, &acc, out);
        }
    }
    const uint32_t bl = wt__mask_bits(blended);
    if (!bl)
        return;
    if (p->ftype) {
        for (int ch = 0; ch < 4; ch++) { /* [semantics#point-conversion]: channels the format lacks read 0 */
            if (ch >= p->nch)
                store_masked(&out->d[ch][g], simde_mm256_setzero_si256(), blended);
            else if (p->ftype == 1)
                store_masked(&out->d[ch][g], wt__float_blend8(&acc.fb[ch], acc.gmask), blended);
            else
                half_blend(p, &acc, ch, bl, &out->d[ch][g]);
        }
        return;
    }
    for (int ch = 0; ch < 4; ch++) {
        if (ch >= p->nch) {
            store_masked(&out->d[ch][g], simde_mm256_setzero_si256(), blended);
            continue;
        }
        simde__m256 f;
        if (p->sgn) {
            /* [semantics#norm-blend] SNORM: 16-bit K = floor((S + 128) / 256); 8-bit K = S +
             * floor((257 * floor(S / 16) + 1024) / 2048); K >= -32767; K / 32767 */
            simde__m256i S = acc.sum[ch], K;
            if (p->cbits == 16)
                K = simde_mm256_srai_epi32(simde_mm256_add_epi32(S, iset(128)), 8);
            else
                K = simde_mm256_add_epi32(S, simde_mm256_srai_epi32(simde_mm256_add_epi32(simde_mm256_mullo_epi32(simde_mm256_srai_epi32(S, 4), iset(257)), iset(1024)), 11));
            K = simde_mm256_max_epi32(K, iset(-32767));
            f = simde_mm256_div_ps(simde_mm256_cvtepi32_ps(K), fset(32767.0f));
        } else {
            /* [semantics#norm-blend]: sum of w * u16 with 8-bit codes as u*257; K = rhu(sum / 256),
             * which for 8-bit codes is S + rhu(S) (257 S = 256 S + S) */
            simde__m256i S = acc.sum[ch];
            simde__m256i K = p->cbits == 8 ? simde_mm256_add_epi32(S, rhu256(S)) : rhu256(S);
            f = wt__div_exact_ps(simde_mm256_cvtepi32_ps(K), 65535.0f);
        }
        store_masked(&out->d[ch][g], simde_mm256_castps_si256(f), blended);
    }
}

/* Random reads of a texture larger than the caches wait on memory, and one
 * group's loads alone keep few misses in flight; so before such a warp is
 * filtered, the cache line of every active lane's footprint row (its first
 * texel; a pair rarely straddles two lines) is prefetched, all 32 lanes'
 * together.  Only addresses are computed; nothing is read. */
static WT_SIMD_INLINE void prefetch_warp(const plan2d *p, uint32_t active, const wt_tex_args *in)
{
    const int o = p->layered;
    /* A warp whose coordinates span fewer than WT_SIMD_PREFETCH_SPAN texels
     * on every axis (an image walked in order: W1) reads lines that its
     * neighbours have just read; prefetching them only costs.  NaN lanes do
     * not widen the span (min/max keep the accumulator). */
    int local = 1;
    for (int k = 0; k < p->dims && local; k++) {
        simde__m256 lo = fset(INFINITY), hi = fset(-INFINITY);
        for (int g = 0; g < WT_WARP_SIZE; g += 8) {
            simde__m256 m = simde_mm256_castsi256_ps(wt__lane_mask((active >> g) & 0xffu));
            simde__m256 v = simde_mm256_loadu_ps((const float *)(const void *)&in->c[o + k][g]);
            lo = simde_mm256_min_ps(simde_mm256_blendv_ps(fset(INFINITY), v, m), lo);
            hi = simde_mm256_max_ps(simde_mm256_blendv_ps(fset(-INFINITY), v, m), hi);
        }
        float l8[8], h8[8];
        simde_mm256_storeu_ps(l8, lo);
        simde_mm256_storeu_ps(h8, hi);
        float mn = l8[0], mx = h8[0];
        for (int l = 1; l < 8; l++) {
            mn = l8[l] < mn ? l8[l] : mn;
            mx = h8[l] > mx ? h8[l] : mx;
        }
        const float span = (mx - mn) * (p->norm ? (float)p->n[k] : 1.0f);
        local = span < (float)WT_SIMD_PREFETCH_SPAN; /* false for inf and NaN spans too */
    }
    if (local)
        return;
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (!act)
            continue;
        wv_axis ax[3];
        for (int k = 0; k < 3; k++)
            ax[k].i0 = ax[k].i1 = simde_mm256_setzero_si256();
        for (int k = 0; k < p->dims; k++)
            axis_footprint(p, k, simde_mm256_loadu_ps((const float *)(const void *)&in->c[o + k][g]), 1, 0, &ax[k]);
        simde__m256i x = simde_mm256_mullo_epi32(ax[0].i0, iset(p->esize));
        if (p->layered)
            x = simde_mm256_add_epi32(x, simde_mm256_mullo_epi32(layer_index(p, in, g), iset(p->slice_pitch)));
        const int rows = p->dims == 3 ? 4 : 2;
        for (int r = 0; r < rows; r++) {
            simde__m256i off = simde_mm256_add_epi32(
                x, simde_mm256_add_epi32(simde_mm256_mullo_epi32(r & 1 ? ax[1].i1 : ax[1].i0, iset(p->row_pitch)),
                                         simde_mm256_mullo_epi32(r & 2 ? ax[2].i1 : ax[2].i0, iset(p->depth_pitch))));
            int32_t ov[8];
            simde_mm256_storeu_si256((void *)ov, simde_mm256_and_si256(off, wt__lane_mask(act)));
            for (int l = 0; l < 8; l++)
                __builtin_prefetch(p->base + ov[l]);
        }
    }
}

/* A warp: tld4 or tex, each group of 8 lanes through tex_group.  `spec`
 * (below) fixes some of the plan's fields at compile time. */
static WT_SIMD_INLINE int tex2d_warp(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                                     wt_tex_result *out, void (*spec)(plan2d *p))
{
    plan2d p;
    memcpy(&p, ctx->t->kernel_plan[WT_SIMD_ID], sizeof p); /* plan_of's, made at binding */
    if (spec)
        spec(&p);
    if (op->family == WT_FAMILY_TLD4) {
        /* [semantics#decision-tld4-mipmaps]: a gather reads the base level (the view's first), which is
         * where the plan points. */
        /* signed formats gather by [semantics#tld4]'s own SNORM8 rule: the reference's */
        if (p.dims != 2 || p.sgn || p.cube || !op_is_plain_2d(ctx, op, WT_FAMILY_TLD4) || op->mip != WT_MIP_BASE ||
            !dtype_ok(&p, op->dtype))
            return 0;
        const int comp = op->comp & 3;
        for (int g = 0; g < WT_WARP_SIZE; g += 8) {
            uint32_t act = (active >> g) & 0xffu;
            if (!act)
                continue;
            simde__m256i mask = wt__lane_mask(act), sl = slice_offset(&p, in, g);
            const int o = p.layered;
            wv_axis ax, ay;
            axis_footprint(&p, 0, simde_mm256_loadu_ps((const float *)(const void *)&in->c[o][g]), 1, 1, &ax);
            axis_footprint(&p, 1, simde_mm256_loadu_ps((const float *)(const void *)&in->c[o + 1][g]), 1, 1, &ay);
            /* [semantics#tld4] order d = {T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0)}; a
             * gathered component is valued as point sampling ([semantics#tld4]). */
            const simde__m256i *xs[4] = {&ax.i0, &ax.i1, &ax.i1, &ax.i0}, *ys[4] = {&ay.i1, &ay.i1, &ay.i0, &ay.i0};
            const simde__m256i *xo[4] = {&ax.out0, &ax.out1, &ax.out1, &ax.out0},
                               *yo[4] = {&ay.out1, &ay.out1, &ay.out0, &ay.out0};
            /* Rows as texel pairs where every lane's i1 is i0 + 1 and nothing
             * is the border (tld4 keeps both texels whatever the fraction). */
            simde__m256i bad = simde_mm256_or_si256(simde_mm256_or_si256(ax.out0, ax.out1),
                                                    simde_mm256_or_si256(ay.out0, ay.out1));
            bad = simde_mm256_or_si256(bad, simde_mm256_xor_si256(
                                                simde_mm256_cmpeq_epi32(ax.i1, simde_mm256_add_epi32(ax.i0, iset(1))),
                                                iset(-1)));
            if (p.pair8 && p.nch == p.esize && !wt__mask_bits(simde_mm256_and_si256(bad, mask))) {
                const simde__m256i x = simde_mm256_mullo_epi32(ax.i0, iset(p.esize));
                for (int r = 0; r < 2; r++) { /* r = 0: row j1 (d0, d1); r = 1: row j0 (d3, d2) */
                    simde__m256i off = simde_mm256_add_epi32(
                        simde_mm256_add_epi32(x, sl), simde_mm256_mullo_epi32(r ? ay.i0 : ay.i1, iset(p.row_pitch)));
                    simde__m256i t0, t1;
                    fetch_pair(&p, off, mask, &t0, &t1);
                    simde__m256i c0 = comp < p.nch ? simde_mm256_and_si256(simde_mm256_srli_epi32(t0, 8 * comp), iset(0xff))
                                                   : simde_mm256_setzero_si256();
                    simde__m256i c1 = comp < p.nch ? simde_mm256_and_si256(simde_mm256_srli_epi32(t1, 8 * comp), iset(0xff))
                                                   : simde_mm256_setzero_si256();
                    if (comp < p.nch) {
                        c0 = gather_word(&p, c0);
                        c1 = gather_word(&p, c1);
                    }
                    store_masked(&out->d[r ? 3 : 0][g], c0, mask);
                    store_masked(&out->d[r ? 2 : 1][g], c1, mask);
                }
                continue;
            }
            for (int k = 0; k < 4; k++) {
                simde__m256i raw[4];
                texels(&p, sl, *xs[k], *ys[k], mask, simde_mm256_or_si256(*xo[k], *yo[k]), raw);
                store_masked(&out->d[k][g], comp < p.nch ? gather_word(&p, raw[comp]) : simde_mm256_setzero_si256(),
                             mask);
            }
        }
        return 1;
    }
    if (!op_is_plain_2d(ctx, op, WT_FAMILY_TEX) || !dtype_ok(&p, op->dtype) || !mip_ok(&p, ctx->s, op))
        return 0;
    if (p.prefetch && p.levels == 1 && p.linear && !p.cube)
        prefetch_warp(&p, active, in);
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (act)
            tex_group(&p, op, in, g, wt__lane_mask(act), out);
    }
    return 1;
}

static int tex2d_kernel(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                        wt_tex_result *out)
{
    return tex2d_warp(ctx, op, active, in, out, NULL);
}

/* ---- shapes specialised at compile time ------------------------------------------ */

/* Each sets the plan fields its shape fixes to constants that the compiler
 * sees (tex2d_warp and everything under it are inlined), so the tests on
 * them fold away and only this shape's arithmetic is left.  Bound where the
 * object has exactly that shape (tex2d_spec_of); every value they set is
 * the one plan_of gave that object. */
#define WT__TEX2D_SPEC(name, DIMS, LAYERED, LEVELS1, NCH, ESIZE, CBITS, FTYPE, READ_NORM, LINEAR)                   \
    static WT_SIMD_INLINE void spec_##name(plan2d *p)                                                                \
    {                                                                                                                \
        p->dims = DIMS;                                                                                              \
        p->layered = LAYERED;                                                                                        \
        p->cube = 0;                                                                                                 \
        if (LEVELS1)                                                                                                 \
            p->levels = 1;                                                                                           \
        p->nch = NCH;                                                                                                \
        p->esize = ESIZE;                                                                                            \
        p->cbits = CBITS;                                                                                            \
        p->ftype = FTYPE;                                                                                            \
        p->sgn = 0;                                                                                                  \
        p->read_norm = READ_NORM;                                                                                    \
        p->linear = LINEAR;                                                                                          \
    }                                                                                                                \
    static int tex2d_kernel_##name(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in, \
                                   wt_tex_result *out)                                                               \
    {                                                                                                                \
        return tex2d_warp(ctx, op, active, in, out, spec_##name);                                                    \
    }

#define WT__TEX2D_SPEC_X(name, dims, lay, nch, esz, bits, ftype, norm, linear, ctype)                               \
    WT__TEX2D_SPEC(name, dims, lay, 1, nch, esz, bits, ftype, norm, linear)
WT__TEX2D_SHAPES(WT__TEX2D_SPEC_X)

typedef struct tex2d_spec {
    wt__tex_kernel kernel;
    const char *name;
    int dims, layered, nch, esize, ctype, read_norm, linear;
} tex2d_spec;

#define WT__TEX2D_SPEC_ROW(name, dims, lay, nch, esz, bits, ftype, norm, linear, ctype)                             \
    {tex2d_kernel_##name, "tex " #name " (compiled for this shape)", dims, lay, nch, esz, ctype, norm, linear},
static const tex2d_spec tex2d_specs[] = {WT__TEX2D_SHAPES(WT__TEX2D_SPEC_ROW)};

/* The kernel compiled for t's shape (without mip levels), else the general
 * one; *name says which when it is one of them. */
static wt__tex_kernel tex2d_spec_of(const wt__tex *t, const char **name)
{
    if ((t->mipmapped && t->num_levels > 1) || t->cube)
        return tex2d_kernel;
    const int linear = t->samp.filter == WT_FILTER_LINEAR;
    for (size_t i = 0; i < sizeof tex2d_specs / sizeof tex2d_specs[0]; i++) {
        const tex2d_spec *sp = &tex2d_specs[i];
        if (sp->dims == (int)t->dims && sp->layered == (t->layered != 0) && sp->nch == (int)t->fmt.nch &&
            sp->esize == (int)t->fmt.esize && sp->ctype == (int)t->fmt.ctype && sp->read_norm == (t->read_norm != 0) &&
            sp->linear == linear) {
            *name = sp->name;
            return sp->kernel;
        }
    }
    return tex2d_kernel;
}

/* ---- binding ------------------------------------------------------------------- */

_Static_assert(sizeof(plan2d) <= sizeof(((wt__tex *)0)->kernel_plan[0]), "plan2d fits wt__tex.kernel_plan");

/* The kernel of t's shape, its plan stored in t for the warps to copy. */
static wt__tex_kernel bind_tex(const wt__tex *t, const char **name);

wt__tex_kernel WT_SIMD_FN(wt__bind_tex)(wt__tex *t, const char **name)
{
    /* 8-bit unsigned 2D shapes: the lean kernel of tex2d_u8_tpl.h, which
     * stores its own plan */
    wt__tex_kernel k = WT_SIMD_FN(wt__bind_tex2d_u8)(t, name);
    if (k)
        return k;
    k = bind_tex(t, name);
    if (k) {
        plan2d p;
        plan_of(t, &p);
        memcpy(t->kernel_plan[WT_SIMD_ID], &p, sizeof p);
    }
    return k;
}

static wt__tex_kernel bind_tex(const wt__tex *t, const char **name)
{
    const wt__sampler *s = &t->samp;
    /* cubes: not seamless linear filtering (its footprint crosses faces, [semantics#decision-seamless-cube]) */
    if (t->cube && (t->dims != 2 || (s->seamless && s->filter == WT_FILTER_LINEAR)))
        return NULL;
    if (t->dims < 2 || t->num_samples || t->num_levels < 1 || t->num_levels > WT__MAX_LEVELS ||
        (!t->mipmapped && t->num_levels != 1) || (t->layered && (t->num_layers == 0 || t->dims == 3)))
        return NULL;
    int fl = t->fmt.ctype == WT__F32 || t->fmt.ctype == WT__F16;
    if (t->fmt.ctype != WT__U8 && t->fmt.ctype != WT__U16 && t->fmt.ctype != WT__S8 && t->fmt.ctype != WT__S16 && !fl)
        return NULL;
    /* maxAnisotropy changes only .level's blend with a linear mip filter
     * ([semantics#anisotropy-trilinear]) and .grad ([semantics#decision-grad-anisotropy]), which the kernel refuses per op (mip_ok). */
    if (t->srgb || (s->filter == WT_FILTER_LINEAR && !fl && !t->read_norm) ||
        (s->mip_filter == WT_FILTER_LINEAR && t->mipmapped && !fl && !t->read_norm))
        return NULL;
    for (int k = 0; k < t->dims; k++)
        if (s->address[k] > WT_ADDRESS_BORDER)
            return NULL;
    /* Every level a fetch can read ([semantics#lod-arithmetic]: all of the view's when mipmapped): */
    size_t slices = (t->layered ? t->num_layers : 1) * (t->cube ? 6u : 1u);
    for (uint32_t v = 0; v < t->num_levels; v++) {
        const wt__level *lv = &t->lv[v];
        /* c * N exact in f32 (power of two) or no scaling at all; |x| < 2^23 */
        if (lv->w < 1 || lv->h < 1 || lv->d < 1 || lv->w > (1 << 20) || lv->h > (1 << 20) || lv->d > (1 << 20) ||
            !lv->base)
            return NULL;
        /* 32-bit byte offsets */
        if (lv->row_pitch > (size_t)INT32_MAX / (size_t)lv->h / 2 ||
            lv->slice_pitch > (size_t)INT32_MAX / 2 / slices || lv->depth_pitch > (size_t)INT32_MAX / 2 / (size_t)lv->d)
            return NULL;
    }
    /* 4-byte reads at 1- and 2-byte texels only where the array's slack
     * (after its last level) covers them */
    if (t->fmt.esize < 4 && t->res_type != WT_RESOURCE_ARRAY && t->res_type != WT_RESOURCE_MIPMAPPED_ARRAY)
        return NULL;
    *name = fl ? "tex.2d/.a2d/.3d/.cube/.acube (.base/.level/.grad, mipmaps)/tld4 f32/f16, point/linear, clamp/wrap/mirror/border"
               : "tex.2d/.a2d/.3d/.cube/.acube (.base/.level/.grad, mipmaps)/tld4 8/16-bit UNORM or element type, point/linear, "
                 "clamp/wrap/mirror/border";
    return tex2d_spec_of(t, name);
}
