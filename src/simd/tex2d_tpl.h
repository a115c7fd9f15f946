/* tex2d_tpl.h -- specialised tex.2d and tld4 kernels, 8 lanes at a time (a template: simd_kernels.h)
 * SPDX-License-Identifier: MIT
 *
 * A texture object binds these at creation (wt__bind_tex_<isa>) when its
 * shape matches exactly; a warp call then runs them instead of the per-lane
 * reference.  They reproduce the reference's arithmetic bit for bit
 * (tests/backend/test_backend_equal.c):
 *
 *   - Coordinates (§3.1, §3.4, D2.8): on a power-of-two level x = c * N is
 *     exact in f32 (a scale by a power of two), so the reference's exact
 *     fixed point and every decision taken from it follow from f32
 *     operations that are exact too.  NaN reads as 0 under clamp; ±inf and
 *     huge values saturate, which the clamps below turn into the edges.
 *   - Linear (§1 step 4, §2.2): x is pre-clamped to [0.5, N - 0.5]; with
 *     xb = x - 0.5 (exact: both on x's grid, x < 2^23), the base i and the
 *     fraction a in 1/256ths with ties up and the carry at 256 are
 *     s = (floor(xb * 512) + 1) >> 1, i = s >> 8, a = s & 255 (the floor
 *     of frac*256 + 1/2 is the floor of (floor(frac*512) + 1) / 2).
 *   - Weights (§2.3, D2.4, T = 256) and the UNORM8 blend (§5.3): 16-bit
 *     codes u*257, K = rhu(sum/256), K / 65535 rounded once (an IEEE
 *     division, the same in every lane).
 *   - Point (§2.1): i = floor(x), clamped to [0, N - 1].
 * Everything else (other shapes, explicit samplers, other ops) returns 0 and
 * the caller runs the backend's generic path. */
#include <simde/x86/avx2.h>

#include "simd_kernels.h"

/* What a bound kernel needs, taken from the object once. */
typedef struct shape2d {
    const uint8_t *base;
    int32_t w, h;
    int32_t row_pitch;
} shape2d;

static void shape_of(const wt__tex *t, shape2d *sh)
{
    sh->base = t->lv[0].base;
    sh->w = t->lv[0].w;
    sh->h = t->lv[0].h;
    sh->row_pitch = (int32_t)t->lv[0].row_pitch;
}

/* The ops these kernels run: tex.2d with .f32 coordinates, no mip mode,
 * no offset, depth compare or explicit sampler, destination dtype. */
static int op_is_plain_2d(const wt__tex_ctx *ctx, const wt_op *op, int dtype)
{
    return op->family == WT_FAMILY_TEX && op->geom == WT_GEOM_2D && op->ctype == WT_CTYPE_F32 &&
           op->mip == WT_MIP_BASE && op->flags == 0 && op->dtype == dtype && ctx->s == &ctx->t->samp;
}

/* Texel-space x = c * n for n a power of two, NaN as 0 (§3.4). */
static simde__m256 texel_coord(simde__m256 c, float n)
{
    simde__m256 x = simde_mm256_mul_ps(c, simde_mm256_set1_ps(n));
    return simde_mm256_and_ps(x, simde_mm256_cmp_ps(x, x, SIMDE_CMP_ORD_Q));
}

/* §2.2 for a linear clamp axis of n texels: i0, i1 and a. */
static void linear_clamp_axis(simde__m256 c, int32_t n, simde__m256i *i0, simde__m256i *i1, simde__m256i *a)
{
    simde__m256 x = texel_coord(c, (float)n);
    x = simde_mm256_max_ps(x, simde_mm256_set1_ps(0.5f));
    x = simde_mm256_min_ps(x, simde_mm256_set1_ps((float)n - 0.5f));
    simde__m256 xb = simde_mm256_sub_ps(x, simde_mm256_set1_ps(0.5f));
    simde__m256 f9 = simde_mm256_floor_ps(simde_mm256_mul_ps(xb, simde_mm256_set1_ps(512.0f)));
    simde__m256i s = simde_mm256_srai_epi32(simde_mm256_add_epi32(simde_mm256_cvttps_epi32(f9), simde_mm256_set1_epi32(1)), 1);
    simde__m256i i = simde_mm256_srai_epi32(s, 8);
    *a = simde_mm256_and_si256(s, simde_mm256_set1_epi32(255));
    simde__m256i last = simde_mm256_set1_epi32(n - 1);
    *i0 = simde_mm256_min_epi32(i, last); /* i >= 0 after the pre-clamp */
    *i1 = simde_mm256_min_epi32(simde_mm256_add_epi32(i, simde_mm256_set1_epi32(1)), last);
}

/* §2.1 for a point clamp axis: floor(x) clamped to [0, n - 1]. */
static simde__m256i point_clamp_axis(simde__m256 c, int32_t n)
{
    simde__m256 x = simde_mm256_floor_ps(texel_coord(c, (float)n));
    x = simde_mm256_max_ps(x, simde_mm256_setzero_ps());
    x = simde_mm256_min_ps(x, simde_mm256_set1_ps((float)(n - 1)));
    return simde_mm256_cvttps_epi32(x);
}

static simde__m256i rhu256(simde__m256i v)
{
    return simde_mm256_srli_epi32(simde_mm256_add_epi32(v, simde_mm256_set1_epi32(128)), 8);
}

/* Gather the 32-bit texels at byte offsets off; inactive lanes (mask 0) read nothing. */
static simde__m256i gather32(const uint8_t *base, simde__m256i off, simde__m256i mask)
{
    return simde_mm256_mask_i32gather_epi32(simde_mm256_setzero_si256(), (const int32_t *)(const void *)base, off,
                                            mask, 1);
}

static simde__m256i lane_mask(uint32_t active8)
{
    simde__m256i bits = simde_mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    simde__m256i m = simde_mm256_and_si256(simde_mm256_set1_epi32((int32_t)active8), bits);
    return simde_mm256_cmpeq_epi32(m, bits);
}

/* Store v's lanes to dst where mask is set (the reference leaves inactive
 * lanes of out alone). */
static void store_masked(uint32_t *dst, simde__m256i v, simde__m256i mask)
{
    simde_mm256_maskstore_epi32((int32_t *)(void *)dst, mask, v);
}

/* ---- RGBA8 UNORM read as normalised float, linear, clamp, normalised coords -- */

static int rgba8_linear_clamp(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                              wt_tex_result *out)
{
    if (!op_is_plain_2d(ctx, op, WT_DTYPE_F32))
        return 0;
    shape2d sh;
    shape_of(ctx->t, &sh);
    const simde__m256i pitch = simde_mm256_set1_epi32(sh.row_pitch), four = simde_mm256_set1_epi32(4);
    const simde__m256 inv = simde_mm256_set1_ps(65535.0f);
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (!act)
            continue;
        simde__m256i mask = lane_mask(act);
        simde__m256 cx = simde_mm256_loadu_ps((const float *)(const void *)&in->c[0][g]);
        simde__m256 cy = simde_mm256_loadu_ps((const float *)(const void *)&in->c[1][g]);
        simde__m256i x0, x1, a, y0, y1, b;
        linear_clamp_axis(cx, sh.w, &x0, &x1, &a);
        linear_clamp_axis(cy, sh.h, &y0, &y1, &b);
        /* §2.3 / D2.4, T = 256: w[dx][dy] */
        simde__m256i c256 = simde_mm256_set1_epi32(256);
        simde__m256i na = simde_mm256_sub_epi32(c256, a), nb = simde_mm256_sub_epi32(c256, b);
        simde__m256i w11 = rhu256(simde_mm256_mullo_epi32(a, b));
        simde__m256i w10 = simde_mm256_sub_epi32(a, w11);
        simde__m256i w00 = rhu256(simde_mm256_mullo_epi32(na, nb));
        simde__m256i w01 = simde_mm256_sub_epi32(na, w00);
        simde__m256i r0 = simde_mm256_mullo_epi32(y0, pitch), r1 = simde_mm256_mullo_epi32(y1, pitch);
        simde__m256i c0 = simde_mm256_mullo_epi32(x0, four), c1 = simde_mm256_mullo_epi32(x1, four);
        simde__m256i t00 = gather32(sh.base, simde_mm256_add_epi32(r0, c0), mask);
        simde__m256i t10 = gather32(sh.base, simde_mm256_add_epi32(r0, c1), mask);
        simde__m256i t01 = gather32(sh.base, simde_mm256_add_epi32(r1, c0), mask);
        simde__m256i t11 = gather32(sh.base, simde_mm256_add_epi32(r1, c1), mask);
        simde__m256i byte = simde_mm256_set1_epi32(0xff), k257 = simde_mm256_set1_epi32(257);
        for (int ch = 0; ch < 4; ch++) {
            /* §5.3: sum of w * (u * 257), K = rhu(sum / 256); sum < 2^25 */
            simde__m256i u00 = simde_mm256_and_si256(simde_mm256_srli_epi32(t00, 8 * ch), byte);
            simde__m256i u10 = simde_mm256_and_si256(simde_mm256_srli_epi32(t10, 8 * ch), byte);
            simde__m256i u01 = simde_mm256_and_si256(simde_mm256_srli_epi32(t01, 8 * ch), byte);
            simde__m256i u11 = simde_mm256_and_si256(simde_mm256_srli_epi32(t11, 8 * ch), byte);
            simde__m256i s = simde_mm256_add_epi32(
                simde_mm256_add_epi32(simde_mm256_mullo_epi32(w00, u00), simde_mm256_mullo_epi32(w10, u10)),
                simde_mm256_add_epi32(simde_mm256_mullo_epi32(w01, u01), simde_mm256_mullo_epi32(w11, u11)));
            simde__m256i k = rhu256(simde_mm256_mullo_epi32(s, k257));
            simde__m256 f = simde_mm256_div_ps(simde_mm256_cvtepi32_ps(k), inv);
            store_masked(&out->d[ch][g], simde_mm256_castps_si256(f), mask);
        }
    }
    return 1;
}

/* ---- RGBA8 point, clamp, normalised coords: element type (.u32/.s32) or normalised float -- */

static void rgba8_point_group(const shape2d *sh, const wt_tex_args *in, int g, simde__m256i mask, simde__m256i *t)
{
    simde__m256 cx = simde_mm256_loadu_ps((const float *)(const void *)&in->c[0][g]);
    simde__m256 cy = simde_mm256_loadu_ps((const float *)(const void *)&in->c[1][g]);
    simde__m256i x = point_clamp_axis(cx, sh->w), y = point_clamp_axis(cy, sh->h);
    simde__m256i off = simde_mm256_add_epi32(simde_mm256_mullo_epi32(y, simde_mm256_set1_epi32(sh->row_pitch)),
                                             simde_mm256_slli_epi32(x, 2));
    *t = gather32(sh->base, off, mask);
}

static int rgba8_point_clamp_element(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                                     wt_tex_result *out)
{
    /* §5.1: 8-bit unsigned as element type; .u32 and .s32 both take the
     * integer's bits (Q14). */
    if (!op_is_plain_2d(ctx, op, WT_DTYPE_U32) && !op_is_plain_2d(ctx, op, WT_DTYPE_S32))
        return 0;
    shape2d sh;
    shape_of(ctx->t, &sh);
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (!act)
            continue;
        simde__m256i mask = lane_mask(act), t;
        rgba8_point_group(&sh, in, g, mask, &t);
        for (int ch = 0; ch < 4; ch++)
            store_masked(&out->d[ch][g],
                         simde_mm256_and_si256(simde_mm256_srli_epi32(t, 8 * ch), simde_mm256_set1_epi32(0xff)),
                         mask);
    }
    return 1;
}

static int rgba8_point_clamp_norm(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                                  wt_tex_result *out)
{
    if (!op_is_plain_2d(ctx, op, WT_DTYPE_F32))
        return 0;
    shape2d sh;
    shape_of(ctx->t, &sh);
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (!act)
            continue;
        simde__m256i mask = lane_mask(act), t;
        rgba8_point_group(&sh, in, g, mask, &t);
        for (int ch = 0; ch < 4; ch++) {
            /* §5.2: v / 255, one IEEE division */
            simde__m256i u = simde_mm256_and_si256(simde_mm256_srli_epi32(t, 8 * ch), simde_mm256_set1_epi32(0xff));
            simde__m256 f = simde_mm256_div_ps(simde_mm256_cvtepi32_ps(u), simde_mm256_set1_ps(255.0f));
            store_masked(&out->d[ch][g], simde_mm256_castps_si256(f), mask);
        }
    }
    return 1;
}

/* ---- tld4 (§8) on RGBA8, clamp, normalised coords --------------------------------
 * The linear footprint without the pre-clamp.  x is limited to [-1, N + 1]
 * (outside it the clamped indices no longer change) and floored to the
 * 2^-21 grid, as the reference's fixed point is, which makes x - 0.5 exact
 * there; then the same s and i as the linear filter, and each index clamps
 * on its own. */
static void gather_clamp_axis(simde__m256 c, int32_t n, simde__m256i *i0, simde__m256i *i1)
{
    simde__m256 x = texel_coord(c, (float)n);
    x = simde_mm256_max_ps(x, simde_mm256_set1_ps(-1.0f));
    x = simde_mm256_min_ps(x, simde_mm256_set1_ps((float)n + 1.0f));
    x = simde_mm256_mul_ps(simde_mm256_floor_ps(simde_mm256_mul_ps(x, simde_mm256_set1_ps(2097152.0f))),
                           simde_mm256_set1_ps(1.0f / 2097152.0f));
    simde__m256 xb = simde_mm256_sub_ps(x, simde_mm256_set1_ps(0.5f));
    simde__m256 f9 = simde_mm256_floor_ps(simde_mm256_mul_ps(xb, simde_mm256_set1_ps(512.0f)));
    simde__m256i s = simde_mm256_srai_epi32(simde_mm256_add_epi32(simde_mm256_cvttps_epi32(f9), simde_mm256_set1_epi32(1)), 1);
    simde__m256i i = simde_mm256_srai_epi32(s, 8);
    simde__m256i zero = simde_mm256_setzero_si256(), last = simde_mm256_set1_epi32(n - 1);
    *i0 = simde_mm256_min_epi32(simde_mm256_max_epi32(i, zero), last);
    *i1 = simde_mm256_min_epi32(simde_mm256_max_epi32(simde_mm256_add_epi32(i, simde_mm256_set1_epi32(1)), zero), last);
}

static int op_is_plain_tld4(const wt__tex_ctx *ctx, const wt_op *op)
{
    return op->family == WT_FAMILY_TLD4 && op->geom == WT_GEOM_2D && op->ctype == WT_CTYPE_F32 &&
           op->mip == WT_MIP_BASE && op->flags == 0 && ctx->s == &ctx->t->samp;
}

/* §8 order d = {T(i0, j1), T(i1, j1), T(i1, j0), T(i0, j0)}, component
 * op->comp; norm: the byte over 255 (§5.2, gathered as point sampling), else
 * the byte itself (.u32/.s32 of an element-type texture). */
static int rgba8_gather_clamp(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                              wt_tex_result *out)
{
    int norm = ctx->t->read_norm;
    if (!op_is_plain_tld4(ctx, op) || (norm ? op->dtype != WT_DTYPE_F32
                                            : op->dtype != WT_DTYPE_U32 && op->dtype != WT_DTYPE_S32))
        return 0;
    shape2d sh;
    shape_of(ctx->t, &sh);
    const simde__m256i pitch = simde_mm256_set1_epi32(sh.row_pitch);
    const int shift = 8 * (op->comp & 3);
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (!act)
            continue;
        simde__m256i mask = lane_mask(act);
        simde__m256 cx = simde_mm256_loadu_ps((const float *)(const void *)&in->c[0][g]);
        simde__m256 cy = simde_mm256_loadu_ps((const float *)(const void *)&in->c[1][g]);
        simde__m256i x0, x1, y0, y1;
        gather_clamp_axis(cx, sh.w, &x0, &x1);
        gather_clamp_axis(cy, sh.h, &y0, &y1);
        simde__m256i r0 = simde_mm256_mullo_epi32(y0, pitch), r1 = simde_mm256_mullo_epi32(y1, pitch);
        simde__m256i c0 = simde_mm256_slli_epi32(x0, 2), c1 = simde_mm256_slli_epi32(x1, 2);
        simde__m256i off[4] = {simde_mm256_add_epi32(r1, c0), simde_mm256_add_epi32(r1, c1),
                               simde_mm256_add_epi32(r0, c1), simde_mm256_add_epi32(r0, c0)};
        for (int k = 0; k < 4; k++) {
            simde__m256i u = simde_mm256_and_si256(simde_mm256_srli_epi32(gather32(sh.base, off[k], mask), shift),
                                                   simde_mm256_set1_epi32(0xff));
            if (norm)
                u = simde_mm256_castps_si256(
                    simde_mm256_div_ps(simde_mm256_cvtepi32_ps(u), simde_mm256_set1_ps(255.0f)));
            store_masked(&out->d[k][g], u, mask);
        }
    }
    return 1;
}

/* One bound kernel per object: tex through its filter's kernel, tld4
 * through the gather (which ignores the filter, §8). */
static int rgba8_linear_object(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                               wt_tex_result *out)
{
    return op->family == WT_FAMILY_TLD4 ? rgba8_gather_clamp(ctx, op, active, in, out)
                                        : rgba8_linear_clamp(ctx, op, active, in, out);
}

static int rgba8_point_element_object(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active,
                                      const wt_tex_args *in, wt_tex_result *out)
{
    return op->family == WT_FAMILY_TLD4 ? rgba8_gather_clamp(ctx, op, active, in, out)
                                        : rgba8_point_clamp_element(ctx, op, active, in, out);
}

static int rgba8_point_norm_object(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                                   wt_tex_result *out)
{
    return op->family == WT_FAMILY_TLD4 ? rgba8_gather_clamp(ctx, op, active, in, out)
                                        : rgba8_point_clamp_norm(ctx, op, active, in, out);
}

/* ---- binding ------------------------------------------------------------------- */

static int is_pow2(int32_t n) { return n > 0 && (n & (n - 1)) == 0; }

wt__tex_kernel WT_SIMD_FN(wt__bind_tex)(const wt__tex *t, const char **name)
{
    const wt__sampler *s = &t->samp;
    /* A plain 2D texture of one level, read through its own sampler with
     * normalised coordinates, clamp on both axes, power-of-two extents (so
     * c * N is exact in f32), and byte offsets that fit 32 bits. */
    if (t->dims != 2 || t->layered || t->cube || t->num_samples || t->mipmapped || t->num_levels != 1)
        return NULL;
    if (!s->normalized || s->force_unnormalized || s->address[0] != WT_ADDRESS_CLAMP ||
        s->address[1] != WT_ADDRESS_CLAMP || s->max_aniso > 1)
        return NULL;
    const wt__level *lv = &t->lv[0];
    if (!is_pow2(lv->w) || !is_pow2(lv->h) || !lv->base || lv->row_pitch > (size_t)INT32_MAX / (size_t)lv->h)
        return NULL;
    int rgba8 = t->fmt.nch == 4 && t->fmt.ctype == WT__U8;
    if (!rgba8)
        return NULL;
    if (s->filter == WT_FILTER_LINEAR && t->read_norm && !t->srgb) {
        *name = "tex.2d rgba8 unorm linear clamp, tld4";
        return rgba8_linear_object;
    }
    if (s->filter == WT_FILTER_POINT && !t->read_norm) {
        *name = "tex.2d rgba8 element point clamp, tld4";
        return rgba8_point_element_object;
    }
    if (s->filter == WT_FILTER_POINT && t->read_norm && !t->srgb) {
        *name = "tex.2d rgba8 unorm point clamp, tld4";
        return rgba8_point_norm_object;
    }
    return NULL;
}
