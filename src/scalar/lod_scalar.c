/* lod_scalar.c -- level of detail: explicit, gradient and anisotropic LOD and the mip plan ([semantics#lod-arithmetic] to [semantics#anisotropy-trilinear])
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "scalar.h"

/* ---- exact numbers of the gradient datapath ------------------------------
 * [semantics#lod-from-gradients] keeps every intermediate with 10 significant bits (t10), so a value is
 * an integer M in [512, 1023] times 2^k: the "M·2^k" notation of [semantics#lod-from-gradients] itself.
 * Holding values in that form makes every step exact integer arithmetic over
 * the whole f32 range (subnormals included).  Zero is m = 0 with the smallest
 * k and infinity the largest k, so comparing (k, m) orders all of them. */
typedef struct num {
    uint32_t m; /* 0 (zero), else 512..1023 */
    int32_t k;
} num;

#define K_ZERO INT32_MIN
#define K_INF INT32_MAX
static const num ZERO = {0, K_ZERO};
static const num INF = {1023, K_INF};

static int less(num a, num b) { return a.k < b.k || (a.k == b.k && a.m < b.m); }
static num maxn(num a, num b) { return less(a, b) ? b : a; }
static num minn(num a, num b) { return less(a, b) ? a : b; }

/* t10(m·2^k): keep 10 significant bits, truncating toward zero ([semantics#lod-from-gradients] step 1).
 * Right shifts one at a time are floor(m/2^s); left shifts are exact. */
static num t10(uint64_t m, int32_t k)
{
    if (m == 0)
        return ZERO;
    while (m >= 1024) {
        m >>= 1;
        k++;
    }
    while (m < 512) {
        m <<= 1;
        k--;
    }
    return (num){(uint32_t)m, k};
}

/* t10(|v|) of one scaled gradient component ([semantics#lod-from-gradients] steps 0-1): a NaN counts as
 * 0; an infinite one sets *inf (it makes rho infinite, the "huge" of step 0). */
static num t10_f32(float v, int *inf)
{
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    uint32_t e = (b >> 23) & 0xffu, f = b & 0x7fffffu;
    if (e == 255) {
        if (f == 0)
            *inf = 1;
        return ZERO;
    }
    if (e == 0)
        return t10(f, -149); /* subnormal: f·2^-149 */
    return t10(f | 0x800000u, (int32_t)e - 150);
}

/* t10(a + m2·2^k2) for a = M·2^ka (M in [512, 1023]) and k2 < ka.  The sum's
 * exponent is at least a's, so t10 keeps every bit down to 2^ka and a has none
 * below: the addend's bits under 2^ka cannot change the result (floor of a
 * floor).  Adding floor(m2·2^k2 / 2^ka) to M is therefore exact. */
static num t10_add(num a, uint64_t m2, int32_t k2)
{
    int64_t sh = (int64_t)a.k - k2; /* > 0 at every call site */
    uint64_t s = a.m + (sh < 64 ? m2 >> sh : 0);
    return t10(s, a.k);
}

/* [semantics#lod-from-gradients] step 2: the octagonal length of a vector with 10-bit magnitudes x, y:
 * a = max, b = min = M_b·2^kb; t10(a + rhu(11·M_b/8)·2^(kb−2)) (≈ a + 11/32·b). */
static num len2(num x, num y)
{
    num a = maxn(x, y), b = minn(x, y);
    if (b.m == 0)
        return a;
    return t10_add(a, (11u * b.m + 4u) >> 3, b.k - 2); /* rhu(11·M_b/8) */
}

/* [semantics#lod-from-gradients] step 3: the magnitude of one component of dPdx ± dPdy.  sub says that
 * the magnitudes subtract (the signs differ for '+', agree for '−').  The
 * adder cuts the smaller operand to g = 2^(ilogb(big) − 10), one bit below
 * big's last bit: |big| ± floor(|small|/g)·g.  Then [semantics#decision-diagonal-t10] cuts the
 * 11-12-bit result to 10 significant bits. */
static num diag_comp(num x, num y, int sub)
{
    num big = maxn(x, y), small = minn(x, y);
    if (small.m == 0)
        return big;
    /* In units of g = 2^(big.k − 1) (ilogb(big) = big.k + 9): big = 2·M_big. */
    int32_t sh = big.k - 1 - small.k; /* >= −1 since small <= big */
    uint64_t cut = sh < 0 ? (uint64_t)small.m << 1 : sh < 64 ? (uint64_t)small.m >> sh : 0;
    uint64_t big2 = 2u * (uint64_t)big.m;
    return t10(sub ? big2 - cut : big2 + cut, big.k - 1); /* [semantics#decision-diagonal-t10] */
}

/* [semantics#lod-from-gradients] step 3: a diagonal's length, 11/16 of the octagonal one:
 * big' = t10(rhu(11·M_a/8)·2^(ka−1)), plus rhu(121·M_b/64)·2^(kb−3), t10 again. */
static num diag_len(num x, num y)
{
    num a = maxn(x, y), b = minn(x, y);
    if (a.m == 0)
        return ZERO;
    num big = t10((11u * a.m + 4u) >> 3, a.k - 1); /* exponent a.k − 1 or a.k */
    if (b.m == 0)
        return big;
    return t10_add(big, (121u * b.m + 32u) >> 6, b.k - 3); /* b.k − 3 < big.k */
}

/* [semantics#lod-from-gradients] step 5: q = 256·ilogb(rho) + LOG2TAB[top 8 mantissa bits].  With
 * rho = M·2^k, ilogb = k + 9 and the top 8 bits below the leading one are
 * (M − 512) >> 1.  rho = 0 (or all NaN) gives INT32_MIN ("−∞"), infinite rho
 * INT32_MAX; the clamps of [semantics#lod-arithmetic] step 4 then take over. */
static int32_t q_of_rho(num rho)
{
    if (rho.k == K_INF)
        return INT32_MAX;
    if (rho.m == 0)
        return INT32_MIN;
    return 256 * (rho.k + 9) + wt__lod_log2_table[(rho.m - 512u) >> 1];
}

static int neg(float v) { return signbit(v) != 0; }

int32_t wt__grad_lod_2d(float dudx, float dvdx, float dudy, float dvdy)
{
    int inf = 0;
    /* [semantics#lod-from-gradients] step 1: every component t10 (NaN → 0, infinity → infinite rho). */
    num ux = t10_f32(dudx, &inf), vx = t10_f32(dvdx, &inf);
    num uy = t10_f32(dudy, &inf), vy = t10_f32(dvdy, &inf);
    if (inf)
        return INT32_MAX;
    /* Step 2: the two gradients' lengths. */
    num rho = maxn(len2(ux, vx), len2(uy, vy));
    /* Step 3: the diagonals dPdx + dPdy and dPdx − dPdy (signs of NaN
     * components do not matter: their magnitude is 0). */
    num su = diag_comp(ux, uy, neg(dudx) != neg(dudy)), sv = diag_comp(vx, vy, neg(dvdx) != neg(dvdy));
    num du = diag_comp(ux, uy, neg(dudx) == neg(dudy)), dv = diag_comp(vx, vy, neg(dvdx) == neg(dvdy));
    /* Step 4: rho = the largest of the four. */
    rho = maxn(rho, maxn(diag_len(su, sv), diag_len(du, dv)));
    return q_of_rho(rho);
}

/* [semantics#decision-grad-lod-3d]: length of a 3-component gradient with 10-bit magnitudes:
 * t10(max + rhu(11·M_mid/8)·2^(k_mid−2) + M_min·2^(k_min−2)). */
static num len3(num c0, num c1, num c2)
{
    /* Sort the magnitudes: a >= b >= c (max, mid, min). */
    num a = maxn(c0, c1), b = minn(c0, c1), c = c2;
    if (less(b, c)) {
        num x = b;
        b = c;
        c = x;
    }
    if (less(a, b)) {
        num x = a;
        a = b;
        b = x;
    }
    if (b.m == 0)
        return a;
    /* mid term + min term = r·2^e exactly.  When k_mid − k_min >= 10 the min
     * term (< 2^(k_min+8) <= 2^(k_mid−2)) is dropped: the mid term is a
     * multiple of 2^(k_mid−2), as is every multiple of 2^ka, so adding less
     * than 2^(k_mid−2) cannot reach the next multiple of 2^ka, and t10_add
     * only looks at floor(sum / 2^ka). */
    uint64_t r = (11u * b.m + 4u) >> 3; /* rhu(11·M_mid/8) */
    int32_t e = b.k - 2;
    if (c.m != 0 && b.k - c.k < 10) {
        r = (r << (b.k - c.k)) + c.m;
        e = c.k - 2;
    }
    return t10_add(a, r, e); /* e <= k_mid − 2 < ka */
}

int32_t wt__grad_lod_3d(const float dx[3], const float dy[3])
{
    int inf = 0;
    /* [semantics#decision-grad-lod-3d]: each (already scaled) component t10, NaN → 0, infinity → infinite rho. */
    num x0 = t10_f32(dx[0], &inf), x1 = t10_f32(dx[1], &inf), x2 = t10_f32(dx[2], &inf);
    num y0 = t10_f32(dy[0], &inf), y1 = t10_f32(dy[1], &inf), y2 = t10_f32(dy[2], &inf);
    if (inf)
        return INT32_MAX;
    /* rho = max over dPdx and dPdy, no diagonals ([semantics#decision-grad-lod-3d]); then [semantics#lod-from-gradients] step 5. */
    return q_of_rho(maxn(len3(x0, x1, x2), len3(y0, y1, y2)));
}

/* ---- the mip plan ---------------------------------------------------------- */

/* q is kept in int64 and saturated far beyond any level (an infinite LOD, or
 * INT32_MIN plus a bias, must neither overflow nor wrap). */
#define Q_SAT ((int64_t)1 << 40)

static int64_t floordiv256(int64_t t) { return t >= 0 ? t / 256 : -((-t + 255) / 256); }

/* [semantics#lod-arithmetic] step 1: q = trunc(lod·256), toward zero.  .s32: q = lod·256.  A NaN
 * LOD counts as 0 ([semantics#decision-nan-lod]); ±infinity saturates. */
static int64_t q_of_lod(const wt_op *op, uint32_t bits)
{
    if (op->ctype == WT_CTYPE_S32) {
        int32_t i;
        memcpy(&i, &bits, sizeof i);
        return (int64_t)i * 256;
    }
    float lod;
    memcpy(&lod, &bits, sizeof lod);
    if (isnan(lod))
        return 0; /* [semantics#decision-nan-lod] */
    double v = trunc((double)lod * 256.0); /* exact: 24 bits times a power of two */
    return v > (double)Q_SAT ? Q_SAT : v < -(double)Q_SAT ? -Q_SAT : (int64_t)v;
}

/* [semantics#anisotropy-trilinear] / [semantics#decision-trilinear-opt]: the sharpened mip blend of an explicit LOD with
 * maxAnisotropy >= 2 (the trilinear optimisation).  The bias is used
 * unrounded: t = q + trunc(bias·256 − lo) + lo_f, level = t >> 8 (floor),
 * k = t & 255, weight = k <= lo_f ? 0 : min(256, r·(k − lo_f)) with integer
 * division; the result LOD is level·256 + weight (the clamps follow). */
static int64_t trilinear_opt(int64_t q, float bias, int max_aniso)
{
    /* lo = L/D, lo_f = trunc(lo), r = rn/rd for n = 2-3, 4-7, >= 8. */
    int64_t L = 128, D = 3, rn = 3, rd = 2;
    if (max_aniso >= 8) {
        L = 64, D = 1, rn = 2, rd = 1;
    } else if (max_aniso >= 4) {
        L = 384, D = 7, rn = 7, rd = 4;
    }
    int64_t lo_f = L / D;
    if (isnan(bias))
        bias = 0.0f; /* [semantics#decision-nan-bias] (the core already stores it so) */
    /* trunc(x − L/D) for x = bias·256, exactly: w = D·x is exact in double
     * (24 + 3 bits).  For w >= L the quotient (w − L)/D is >= 0 and its trunc
     * is floor((floor(w) − L)/D); otherwise it is ceil((ceil(w) − L)/D).  C's
     * integer division truncates, which is that floor or ceil here because the
     * numerator has the quotient's sign.  |w| is saturated first (Q_SAT). */
    double w = (double)D * ((double)bias * 256.0);
    int64_t nm = w >= (double)L ? (int64_t)floor(fmin(w, (double)Q_SAT)) - L
                                  : (int64_t)ceil(fmax(w, -(double)Q_SAT)) - L;
    int64_t t = q + nm / D + lo_f;
    int64_t level = floordiv256(t), k = t - level * 256;
    int64_t weight = k <= lo_f ? 0 : rn * (k - lo_f) / rd;
    if (weight > 256)
        weight = 256;
    return level * 256 + weight;
}

/* [semantics#decision-grad-anisotropy]: anisotropic LOD of a 1D/2D gradient pair in level-0 texels (u, v per
 * gradient) with g the same gradients in coordinate units.  Sets *ntaps to N
 * and major to the longer gradient in coordinate units; returns the q of
 * t10(Pmax/N) before bias and clamps. */
static int32_t aniso_q(const float gx[2], const float gy[2], const float sx[2], const float sy[2], int dims,
                       int max_aniso, int *ntaps, float major[3])
{
    int infx = 0, infy = 0;
    /* Pmax, Pmin: the [semantics#lod-from-gradients] step-2 lengths of dPdx and dPdy. */
    num lx = len2(t10_f32(sx[0], &infx), t10_f32(sx[1], &infx));
    num ly = len2(t10_f32(sy[0], &infy), t10_f32(sy[1], &infy));
    if (infx)
        lx = INF;
    if (infy)
        ly = INF;
    int x_major = !less(lx, ly); /* dPdx on a tie */
    num pmax = x_major ? lx : ly, pmin = x_major ? ly : lx;

    /* N = min(ceil(Pmax/Pmin), max_aniso), exactly.  0/0 and ∞/∞ have no major
     * axis: N = 1 (warptex's choice); x/0 and ∞/x give max_aniso. */
    int n;
    if (pmax.m == 0 || (pmax.k == K_INF && pmin.k == K_INF))
        n = 1;
    else if (pmin.m == 0 || pmax.k == K_INF || pmax.k - pmin.k >= 6)
        n = max_aniso; /* a ratio >= 2^6·512/1023 > 16 */
    else {
        uint64_t p = (uint64_t)pmax.m << (pmax.k - pmin.k);
        uint64_t c = (p + pmin.m - 1) / pmin.m;
        n = c < (uint64_t)max_aniso ? (int)c : max_aniso;
    }
    *ntaps = n;

    /* Offsets along the longer gradient, in coordinate units (NaN counts as 0,
     * as in the LOD). */
    const float *g = x_major ? gx : gy;
    for (int i = 0; i < dims; i++)
        major[i] = isnan(g[i]) ? 0.0f : g[i];

    /* LOD from [semantics#lod-from-gradients] step 5 on t10(Pmax/N); N = 1 still uses Pmax (no diagonals).
     * floor(M·2^20/N)·2^(k−20) keeps far more than 10 bits, so the t10 of it is
     * the t10 of the exact quotient. */
    if (pmax.m == 0 || pmax.k == K_INF)
        return q_of_rho(pmax);
    return q_of_rho(t10(((uint64_t)pmax.m << 20) / (uint64_t)n, pmax.k - 20));
}

/* The gradient LOD of a tex.grad ([semantics#lod-from-gradients], [semantics#decision-grad-components], [semantics#decision-grad-lod-3d], [semantics#decision-grad-anisotropy]) before bias. */
static int64_t grad_q(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, int *ntaps,
                      int *adims, float major[3])
{
    const wt__level *l0 = &ctx->t->lv[0];
    /* Step 0: scale by the level-0 size in f32.  The LOD is only computed for
     * mipmapped textures, which are always read with normalised coordinates
     * ([semantics#pipeline] step 2, [semantics#mip-levels]), so the gradients are always in normalised units and
     * always scaled (an unnormalised sampler does not change that). */
    switch (op->geom) {
    case WT_GEOM_3D:
    case WT_GEOM_CUBE:
    case WT_GEOM_ACUBE: {
        /* [semantics#decision-grad-components]: three components; [semantics#decision-grad-lod-3d]: cube faces scale by the face size.
         * Anisotropy does not apply to 3D and cube textures ([semantics#decision-grad-anisotropy]). */
        int cube = op->geom != WT_GEOM_3D;
        float sz[3] = {(float)l0->w, cube ? (float)l0->w : (float)l0->h, cube ? (float)l0->w : (float)l0->d};
        float dx[3], dy[3];
        for (int i = 0; i < 3; i++) {
            dx[i] = in->dpdx[i] * sz[i];
            dy[i] = in->dpdy[i] * sz[i];
        }
        return wt__grad_lod_3d(dx, dy);
    }
    default: {
        /* [semantics#decision-grad-components]: 1d/a1d take one component (a 2D gradient with zero v, size
         * (w, 1), [semantics#lod-from-gradients] step 0); 2d/a2d two. */
        int dims = op->geom == WT_GEOM_1D || op->geom == WT_GEOM_A1D ? 1 : 2;
        float gx[2] = {in->dpdx[0], dims == 2 ? in->dpdx[1] : 0.0f};
        float gy[2] = {in->dpdy[0], dims == 2 ? in->dpdy[1] : 0.0f};
        float sx[2] = {gx[0] * (float)l0->w, gx[1] * (float)l0->h};
        float sy[2] = {gy[0] * (float)l0->w, gy[1] * (float)l0->h};
        if (ctx->s->max_aniso > 1) { /* [semantics#decision-grad-anisotropy] */
            *adims = dims;
            return aniso_q(gx, gy, sx, sy, dims, ctx->s->max_aniso, ntaps, major);
        }
        return wt__grad_lod_2d(sx[0], sx[1], sy[0], sy[1]);
    }
    }
}

static void emit(wt__lod_plan *plan, int64_t level, int32_t weight, const float dc[3])
{
    if (weight == 0)
        return; /* weight-0 entries read nothing ([semantics#integer-weights]) */
    wt__lod_entry *e = &plan->e[plan->n++];
    e->level = (int32_t)level;
    e->weight = weight;
    memcpy(e->dc, dc, sizeof e->dc);
}

void wt__lod_plan_scalar(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *in, wt__lod_plan *plan)
{
    const wt__tex *t = ctx->t;
    const wt__sampler *s = ctx->s;
    memset(plan, 0, sizeof *plan);
    /* [semantics#lod-sources]: a texture that is not mipmapped is read at level 0 whatever the
     * LOD, bias, clamps, gradients or anisotropy. */
    if (!t->mipmapped || t->num_levels <= 1) {
        plan->n = 1;
        plan->e[0].weight = 256;
        return;
    }

    int64_t q;
    int ntaps = 1, adims = 0; /* adims: axes of the anisotropic offsets */
    float major[3] = {0.0f, 0.0f, 0.0f};
    switch (op->mip) {
    case WT_MIP_LEVEL:
        q = q_of_lod(op, in->lod);
        if (s->max_aniso >= 2 && s->mip_filter == WT_FILTER_LINEAR && s->trilinear_opt)
            q = trilinear_opt(q, s->bias, s->max_aniso); /* [semantics#anisotropy-trilinear], [semantics#decision-trilinear-opt]: replaces the bias add */
        else
            q += s->bias256; /* [semantics#lod-arithmetic] step 1: the bias, truncated to 1/256, is added */
        break;
    case WT_MIP_GRAD:
        q = grad_q(ctx, op, in, &ntaps, &adims, major) + (int64_t)s->bias256; /* [semantics#lod-arithmetic] step 3 */
        break;
    default:
        q = 0; /* [semantics#lod-arithmetic] step 2, [semantics#decision-base-lod-clamps]: plain tex starts at 0, no bias; the clamps still apply */
        break;
    }

    /* [semantics#lod-arithmetic] step 4: q = clamp(q, minClamp, max(minClamp, maxClamp)) with the
     * clamps as given (relative to the view, truncated to 1/256; below zero
     * too, [semantics#decision-negative-clamps]), then clamp to the levels [0, (levels−1)·256]. */
    int64_t lo = s->min_clamp256, hi = s->max_clamp256 > lo ? s->max_clamp256 : lo;
    q = q < lo ? lo : q > hi ? hi : q;
    int64_t top = (int64_t)(t->num_levels - 1) * 256;
    q = q < 0 ? 0 : q > top ? top : q;

    for (int k = 0; k < ntaps; k++) {
        /* [semantics#decision-grad-anisotropy]: weights 256/N, the first 256 mod N taps one more; tap k at
         * c + ((2k+1−N)/(2N))·major in f32.  The centre tap (f = 0) stays at c
         * (also for an infinite major, where 0·∞ would be NaN). */
        int32_t w = 256 / ntaps + (k < 256 % ntaps ? 1 : 0);
        float dc[3] = {0.0f, 0.0f, 0.0f};
        float f = (float)(2 * k + 1 - ntaps) / (float)(2 * ntaps);
        if (f != 0.0f)
            for (int i = 0; i < adims; i++)
                dc[i] = f * major[i];
        if (s->mip_filter == WT_FILTER_POINT) {
            emit(plan, (q + 128) >> 8, w, dc); /* [semantics#lod-arithmetic] step 5: nearest level, halves up */
        } else {
            /* [semantics#lod-arithmetic] step 6 / [semantics#decision-grad-anisotropy]: levels q>>8 and q>>8 + 1 share the tap's
             * weight, hi = rhu(w·(q&255)/256) (w = 256: exactly q&255). */
            int32_t frac = (int32_t)(q & 255), hiw = (w * frac + 128) >> 8;
            emit(plan, q >> 8, w - hiw, dc);
            emit(plan, (q >> 8) + 1, hiw, dc);
        }
    }
}
