/* conf_model.c -- independent reference model of texture fetches (docs/semantics.md), for conformance tests */
/* SPDX-License-Identifier: MIT */
/* Deliberately plain and slow: exact integer arithmetic (and long double only
 * where it is provably exact) at every step, nothing shared with src/. */
#include "conf_model.h"

#include <math.h>
#include <string.h>

/* ---- small helpers -------------------------------------------------------- */

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* floor(a / b) for b > 0 */
static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) != 0 && a < 0)
        q--;
    return q;
}

/* rhu(n/d) = floor(n/d + 1/2) for n >= 0, d > 0 ([semantics#integer-weights]) */
static int rhu(int n, int d)
{
    return (2 * n + d) / (2 * d);
}

static int bitlen64(uint64_t m)
{
    int n = 0;
    while (m) {
        n++;
        m >>= 1;
    }
    return n;
}

/* [semantics#float-blend] groups (2x2 footprints) one fetch may have: 3D slices or anisotropic taps x two mip levels. */
#define CM_GROUPS 64
/* Taps one fetch may have: 16 anisotropic taps x two levels x a 2x2 footprint. */
#define CM_MAX_TAPS 160

static int is_pow2(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

/* ---- format classes -------------------------------------------------------- */

enum { CL_INT, CL_UNORM, CL_SNORM, CL_F32, CL_F16 };

static int fmt_class(const cm_texture *t)
{
    if (t->kind == WT_CHANNEL_FLOAT)
        return t->bits == 32 ? CL_F32 : CL_F16;
    if (t->kind == WT_CHANNEL_UNSIGNED_NORMALIZED)
        return CL_UNORM; /* always read as normalised float (types.h) */
    if (t->kind == WT_CHANNEL_SIGNED_NORMALIZED)
        return CL_SNORM;
    /* [semantics#read-modes]: 8/16-bit integers read as normalised float are promoted; 32-bit never */
    if (t->read_mode == WT_READ_NORMALIZED_FLOAT && t->bits < 32)
        return t->kind == WT_CHANNEL_SIGNED ? CL_SNORM : CL_UNORM;
    return CL_INT;
}

static int fmt_signed(const cm_texture *t)
{
    return t->kind == WT_CHANNEL_SIGNED || t->kind == WT_CHANNEL_SIGNED_NORMALIZED;
}

/* ---- sRGB ([semantics#srgb], [semantics#srgb-table], [semantics#border-color]) ------------------------------------------- */

/* [semantics#srgb-table]: linear*65536 of each 8-bit sRGB code. */
static const uint32_t SRGB_TAB[256] = {
    /*   0 */     0,    20,    40,    60,    80,   100,   120,   140,   160,   180,   200,   220,
    /*  12 */   240,   264,   288,   312,   340,   368,   396,   428,   460,   492,   524,   560,
    /*  24 */   600,   636,   676,   720,   760,   804,   852,   896,   944,  1000,  1048,  1104,
    /*  36 */  1160,  1216,  1272,  1328,  1392,  1456,  1520,  1584,  1648,  1720,  1792,  1864,
    /*  48 */  1936,  2016,  2096,  2176,  2256,  2336,  2416,  2496,  2592,  2688,  2768,  2864,
    /*  60 */  2960,  3056,  3152,  3264,  3360,  3456,  3584,  3680,  3776,  3904,  4000,  4128,
    /*  72 */  4256,  4352,  4480,  4608,  4736,  4864,  4992,  5120,  5248,  5408,  5536,  5664,
    /*  84 */  5824,  5952,  6112,  6240,  6400,  6560,  6688,  6848,  7008,  7168,  7328,  7488,
    /*  96 */  7680,  7808,  8000,  8192,  8320,  8512,  8704,  8896,  9088,  9280,  9472,  9664,
    /* 108 */  9856, 10048, 10240, 10432, 10624, 10816, 11008, 11264, 11456, 11648, 11904, 12096,
    /* 120 */ 12288, 12544, 12736, 12992, 13184, 13440, 13696, 13888, 14144, 14400, 14656, 14848,
    /* 132 */ 15104, 15360, 15616, 15872, 16128, 16384, 16640, 16896, 17152, 17408, 17664, 18048,
    /* 144 */ 18304, 18560, 18816, 19072, 19456, 19712, 19968, 20224, 20608, 20864, 21120, 21504,
    /* 156 */ 21760, 22144, 22400, 22784, 23040, 23296, 23680, 24064, 24320, 24704, 24960, 25344,
    /* 168 */ 25600, 25984, 26368, 26752, 27008, 27392, 27776, 28032, 28416, 28800, 29184, 29568,
    /* 180 */ 29952, 30336, 30720, 30976, 31488, 31744, 32256, 32512, 33024, 33280, 33792, 34048,
    /* 192 */ 34560, 35072, 35328, 35840, 36096, 36608, 37120, 37376, 37888, 38400, 38656, 39168,
    /* 204 */ 39680, 39936, 40448, 40960, 41216, 41728, 42240, 42752, 43264, 43520, 44032, 44544,
    /* 216 */ 45056, 45568, 45824, 46336, 46848, 47360, 47872, 48384, 48896, 49408, 49920, 50432,
    /* 228 */ 50944, 51456, 51968, 52480, 52992, 53504, 54016, 54528, 55040, 55552, 56064, 56576,
    /* 240 */ 57088, 57600, 58112, 58624, 59392, 59904, 60416, 60928, 61440, 61952, 62464, 62976,
    /* 252 */ 64000, 64512, 65024, 65536,
};

/* [semantics#srgb] / [semantics#decision-srgb-scope]: only 8-bit unsigned textures read as normalised float decode,
 * channels x, y, z of a four-channel texture and x of a one- or two-channel
 * one. */
static int srgb_ch(const cm_texture *t, int ch)
{
    if (!t->srgb || t->bits != 8 || fmt_class(t) != CL_UNORM)
        return 0;
    return t->nch == 4 ? ch < 3 : ch == 0;
}

/* [semantics#border-color]: a border colour on an sRGB channel becomes the 8-bit code
 * floor(e*255 + 0.50108) of its sRGB encoding e (clamped to [0, 1], NaN 0). */
static uint32_t srgb_encode(float c)
{
    double x = c != c ? 0.0 : c < 0.0f ? 0.0 : c > 1.0f ? 1.0 : (double)c;
    double e = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
    double k = floor(e * 255.0 + 0.50108);
    return k < 0 ? 0u : k > 255 ? 255u : (uint32_t)k;
}

wt_dtype cm_dtype(const cm_texture *t)
{
    if (fmt_class(t) != CL_INT)
        return WT_DTYPE_F32;
    return fmt_signed(t) ? WT_DTYPE_S32 : WT_DTYPE_U32;
}

int cm_reads_float(const cm_texture *t)
{
    return fmt_class(t) != CL_INT;
}

size_t cm_elem_size(const cm_texture *t)
{
    return (size_t)t->nch * (size_t)(t->bits / 8);
}

/* Raw channel value of element idx: zero-extended bits. */
static uint32_t raw_channel(const cm_texture *t, size_t idx, int ch)
{
    const unsigned char *p = (const unsigned char *)t->texels + idx * cm_elem_size(t) + (size_t)ch * (size_t)(t->bits / 8);
    if (t->bits == 8)
        return p[0];
    if (t->bits == 16) {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Sign-extend a raw channel of a signed format. */
static int32_t sext(uint32_t raw, int bits)
{
    if (bits == 8)
        return (int32_t)(int8_t)(uint8_t)raw;
    if (bits == 16)
        return (int32_t)(int16_t)(uint16_t)raw;
    return (int32_t)raw;
}

/* ---- half precision --------------------------------------------------------- */

uint32_t cm_f16_to_f32(uint32_t h)
{
    uint32_t s = (h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f) /* [semantics#point-conversion]: inf, and NaN bit for bit (payload, signalling bit) */
        return s | 0x7f800000u | (m << 13);
    if (e == 0) {
        if (m == 0)
            return s;
        /* subnormal half m * 2^-24: exact in f32 */
        return s | fbits(ldexpf((float)m, -24));
    }
    return s | ((e + 112u) << 23) | (m << 13);
}

uint32_t cm_f32_to_f16_rtz(uint32_t f)
{
    uint32_t s = (f >> 16) & 0x8000u;
    uint32_t e = (f >> 23) & 0xff, m = f & 0x7fffffu;
    if (e == 0xff) {
        if (m == 0)
            return s | 0x7c00u; /* infinity stays infinite ([semantics#decision-f16-toward-zero]) */
        uint32_t p = m >> 13;   /* [semantics#decision-f16-toward-zero]: top 10 payload bits, quiet bit if those are 0 */
        if (p == 0)
            p = 0x200u;
        return s | 0x7c00u | p;
    }
    uint64_t M = e ? (m | 0x800000u) : m;
    int ex = e ? (int)e - 150 : -149;
    if (M == 0)
        return s;
    int L = bitlen64(M) - 1 + ex; /* ilogb */
    if (L > 15)
        return s | 0x7bffu; /* [semantics#border-color], [semantics#decision-f16-toward-zero]: finite magnitudes above 65504 give 65504 */
    int q = L - 10 < -24 ? -24 : L - 10; /* half quantum */
    /* toward zero ([semantics#border-color]); 65504 <= |x| < 65536 truncates to 65504 here */
    uint64_t T = (q - ex >= 64) ? 0 : (q >= ex) ? (M >> (q - ex)) : (M << (ex - q));
    if (T == 0)
        return s;
    if (T < 1024u) /* subnormal (q == -24) */
        return s | (uint32_t)T;
    return s | ((uint32_t)(q + 25) << 10) | (uint32_t)(T - 1024u);
}

/* ---- rounding a dyadic value to a binary float, ties away ([semantics#float-blend] step 5) ---- */

/* sign * M * 2^e rounded to nearest, ties away from zero, onto the grid of a
 * float with p significant bits, minimum normal exponent emin (subnormals on
 * its grid), maximum exponent emax, bias; returns sign|exponent|mantissa. */
static uint32_t round_ta(int neg, uint64_t M, int e, int p, int emin, int emax, int bias, int width)
{
    uint32_t s = neg ? (1u << (width - 1)) : 0u;
    if (M == 0)
        return s;
    int L = bitlen64(M) - 1 + e;
    int q = (L < emin ? emin : L) - (p - 1);
    uint64_t R;
    if (q <= e) {
        R = M << (e - q);
    } else {
        int sh = q - e;
        if (sh > 64)
            R = 0;
        else if (sh == 64)
            R = (M >> 63) & 1u;
        else
            R = (M >> sh) + ((M >> (sh - 1)) & 1u); /* ties (and above) away from zero */
    }
    if (R == 0)
        return s;
    if (R >> p) { /* carry to the next binade */
        R >>= 1;
        q++;
    }
    uint64_t hidden = (uint64_t)1 << (p - 1);
    if (R >= hidden) {
        int E = q + p - 1;
        if (E > emax)
            return s | ((uint32_t)(2 * bias + 1) << (p - 1)); /* infinity */
        return s | ((uint32_t)(E + bias) << (p - 1)) | (uint32_t)(R - hidden);
    }
    return s | (uint32_t)R; /* subnormal */
}

/* ---- [semantics#float-blend] float blend ---------------------------------------------------------- */

/* Decomposed texel: value = m * 2^e (m signed), or special. */
typedef struct fval {
    int special; /* 0 finite, 1 NaN, 2 +inf, 3 -inf */
    int negzero; /* the value is -0 */
    int64_t m;
    int e;
} fval;

static fval decompose(int half, uint32_t b)
{
    fval v = {0, 0, 0, 0};
    if (half) {
        uint32_t s = b & 0x8000u, ex = (b >> 10) & 0x1f, mn = b & 0x3ff;
        if (ex == 0x1f) {
            v.special = mn ? 1 : (s ? 3 : 2);
            return v;
        }
        /* half subnormals are real values (only f32 subnormals flush, [semantics#float-blend] step 1) */
        v.m = ex ? (int64_t)(mn | 0x400u) : (int64_t)mn;
        v.e = ex ? (int)ex - 25 : -24;
        if (s)
            v.m = -v.m;
        v.negzero = (s && v.m == 0);
        return v;
    }
    uint32_t s = b & 0x80000000u, ex = (b >> 23) & 0xff, mn = b & 0x7fffffu;
    if (ex == 0xff) {
        v.special = mn ? 1 : (s ? 3 : 2);
        return v;
    }
    if (ex == 0) { /* [semantics#float-blend] step 1: f32 subnormal texels read as 0, sign kept */
        v.negzero = s != 0;
        return v;
    }
    v.m = (int64_t)(mn | 0x800000u);
    v.e = (int)ex - 150;
    if (s)
        v.m = -v.m;
    return v;
}

static int ilogb_m(int64_t m, int e)
{
    uint64_t a = (uint64_t)(m < 0 ? -m : m);
    return bitlen64(a) - 1 + e;
}

uint32_t cm_float_blend(int half, int n, const uint32_t *v, const int *w, const int *g)
{
    const int P = half ? 14 : 27; /* [semantics#float-blend] step 2: 2^(E_g-27), f16 2^(E_g-14) */
    fval fv[CM_MAX_TAPS];
    int nan = 0, pinf = 0, ninf = 0, allneg0 = 1;
    for (int k = 0; k < n; k++) {
        fv[k] = decompose(half, v[k]);
        if (w[k] == 0)
            continue; /* [semantics#integer-weights]: weight 0 reads nothing */
        if (fv[k].special == 1)
            nan = 1;
        else if (fv[k].special == 2)
            pinf = 1;
        else if (fv[k].special == 3)
            ninf = 1;
        if (fv[k].special || fv[k].m != 0 || !fv[k].negzero)
            allneg0 = 0;
    }
    /* [semantics#float-blend] step 7: canonical NaN; non-finite inputs follow IEEE arithmetic */
    if (nan || (pinf && ninf))
        return half ? 0x7fffe000u : 0x7fffffffu;
    if (pinf)
        return 0x7f800000u;
    if (ninf)
        return 0xff800000u;

    int has[CM_GROUPS] = {0}, E[CM_GROUPS] = {0};
    for (int k = 0; k < n; k++) { /* step 2: E_g over texels with weight and value */
        if (w[k] == 0 || fv[k].m == 0)
            continue;
        int l = ilogb_m(fv[k].m, fv[k].e);
        if (!has[g[k]] || l > E[g[k]])
            E[g[k]] = l;
        has[g[k]] = 1;
    }
    int any = 0, Emax = 0;
    for (int gi = 0; gi < CM_GROUPS; gi++) {
        if (has[gi] && (!any || E[gi] > Emax))
            Emax = E[gi];
        any |= has[gi];
    }
    if (!any) /* step 6: all zero; -0 only if every contributor is -0 */
        return allneg0 ? 0x80000000u : 0u;

    int64_t S[CM_GROUPS] = {0};
    for (int k = 0; k < n; k++) { /* steps 2-3: truncate toward zero, exact weighted sum */
        if (w[k] == 0 || fv[k].m == 0)
            continue;
        int u = E[g[k]] - P;
        int64_t m = fv[k].m, a = m < 0 ? -m : m, T;
        if (fv[k].e >= u)
            T = a << (fv[k].e - u);
        else
            T = (u - fv[k].e) >= 63 ? 0 : (a >> (u - fv[k].e));
        S[g[k]] += (int64_t)w[k] * (m < 0 ? -T : T);
    }
    /* step 4: each group floored to 2^(Emax-P-1), added exactly */
    int64_t total = 0;
    for (int gi = 0; gi < CM_GROUPS; gi++) {
        if (!has[gi])
            continue;
        int64_t sg = S[gi];
        if (E[gi] == Emax) {
            total += sg * 2; /* units 2^(Emax-P) -> 2^(Emax-P-1), exact */
        } else {
            int sh = Emax - E[gi] - 1;
            total += sh >= 63 ? (sg < 0 ? -1 : 0) : floordiv(sg, (int64_t)1 << sh);
        }
    }
    /* divided by 256 (exact): units 2^(Emax-P-1-8) */
    int e = Emax - P - 1 - 8;
    int neg = total < 0;
    uint64_t M = (uint64_t)(neg ? -total : total);
    if (half) { /* step 5: round once to f16, ties away; then the half widens exactly */
        uint32_t hb = round_ta(neg, M, e, 11, -14, 15, 15, 16);
        return cm_f16_to_f32(hb);
    }
    uint32_t r = round_ta(neg, M, e, 24, -126, 127, 127, 32);
    if (((r >> 23) & 0xff) == 0) /* [semantics#decision-subnormal-result]: subnormal result flushed to +-0 */
        r &= 0x80000000u;
    return r;
}

/* ---- border colour conversion ([semantics#border-color]) ------------------------------------------- */

int32_t cm_border_norm_code(float c, int m, int is_signed)
{
    double x = (double)c;
    if (x != x)
        x = 0.0; /* NaN -> 0 */
    if (x > 1.0)
        x = 1.0;
    if (x < (is_signed ? -1.0 : 0.0))
        x = is_signed ? -1.0 : 0.0;
    int neg = x < 0;
    /* truncate toward zero to m+4 fractional bits: exact in double */
    int64_t V = (int64_t)floor(fabs(x) * (double)((int64_t)1 << (m + 4)));
    int64_t code = (V * (((int64_t)1 << m) - 1) + ((int64_t)1 << (m + 3)) - 1) >> (m + 4);
    return (int32_t)(neg ? -code : code);
}

/* The border colour of channel ch as a raw channel value of the format
 * (the value a texel would hold), per [semantics#border-color]. */
static uint32_t border_raw(const cm_texture *t, int ch)
{
    float c = t->border[ch];
    uint32_t b = fbits(c);
    if (srgb_ch(t, ch))
        return srgb_encode(c); /* then decoded through the table like a texel */
    switch (fmt_class(t)) {
    case CL_F32:
        return b; /* bits as given, NaN payloads kept */
    case CL_F16:
        return cm_f32_to_f16_rtz(b);
    case CL_UNORM:
        return (uint32_t)cm_border_norm_code(c, t->bits, 0);
    case CL_SNORM: {
        int32_t k = cm_border_norm_code(c, t->bits - 1, 1);
        return (uint32_t)k & (t->bits == 8 ? 0xffu : 0xffffu);
    }
    default: /* integer read as element type: the low bits of the pattern */
        return t->bits == 32 ? b : (b & ((1u << t->bits) - 1u));
    }
}

/* ---- point conversion ([semantics#point-conversion]) ---------------------------------------------------- */

static uint32_t point_value(const cm_texture *t, int ch, uint32_t raw)
{
    if (srgb_ch(t, ch)) /* [semantics#srgb]: table[code]/65536, exact in f32 */
        return fbits((float)SRGB_TAB[raw & 0xffu] / 65536.0f);
    switch (fmt_class(t)) {
    case CL_F32:
        return raw; /* NaN payloads and subnormals pass through */
    case CL_F16:
        return cm_f16_to_f32(raw);
    case CL_UNORM: /* v / (2^n - 1), one correctly rounded f32 division */
        return fbits((float)raw / (t->bits == 8 ? 255.0f : 65535.0f));
    case CL_SNORM: {
        int32_t v = sext(raw, t->bits);
        float den = t->bits == 8 ? 127.0f : 32767.0f;
        if (v == (t->bits == 8 ? -128 : -32768))
            return fbits(-1.0f); /* the most negative code reads -1.0 */
        return fbits((float)v / den);
    }
    default:
        return fmt_signed(t) ? (uint32_t)sext(raw, t->bits) : raw;
    }
}

/* ---- [semantics#norm-blend] UNORM/SNORM blends ------------------------------------------------------- */

static uint32_t norm_blend(const cm_texture *t, int n, const uint32_t *raw, const int *w)
{
    int64_t S = 0;
    if (fmt_class(t) == CL_UNORM) {
        for (int k = 0; k < n; k++) {
            uint32_t u16 = t->bits == 8 ? raw[k] * 257u : raw[k]; /* bit replication */
            S += (int64_t)w[k] * u16;
        }
        int64_t K = (S + 128) >> 8; /* rhu(S/256) */
        return fbits((float)K / 65535.0f);
    }
    if (t->bits == 16) {
        for (int k = 0; k < n; k++)
            S += (int64_t)w[k] * sext(raw[k], 16);
        int64_t K = floordiv(S + 128, 256); /* rhu, floor for negatives */
        if (K < -32767)
            K = -32767;
        return fbits((float)K / 32767.0f);
    }
    for (int k = 0; k < n; k++)
        S += (int64_t)w[k] * sext(raw[k], 8);
    /* SNORM8: K = S + ((257*(S>>4) + 1024) >> 11), arithmetic shifts */
    int64_t K = S + floordiv(257 * floordiv(S, 16) + 1024, 2048);
    if (K < -32767)
        K = -32767;
    return fbits((float)K / 32767.0f);
}

/* ---- [semantics#srgb] sRGB blend, [semantics#decision-srgb-groups] ------------------------------------------------------------ */

/* Per 2x2 group: E = the largest exponent of TAB[code|7] over the group's
 * texels with weight; each TAB value truncated to 2^(E-7); the weighted sums
 * of all groups added exactly (units 2^-24) and rounded once to half
 * precision, ties away.  Weight-0 taps take no part, not even in E. */
static uint32_t srgb_blend(int n, const uint32_t *raw, const int *w, const int *g)
{
    int E[CM_GROUPS];
    for (int gi = 0; gi < CM_GROUPS; gi++)
        E[gi] = -1;
    for (int k = 0; k < n; k++) {
        if (w[k] == 0)
            continue;
        int e = bitlen64(SRGB_TAB[(raw[k] & 0xffu) | 7u]) - 1;
        if (e > E[g[k]])
            E[g[k]] = e;
    }
    uint64_t S = 0;
    for (int k = 0; k < n; k++) {
        if (w[k] == 0)
            continue;
        uint64_t q = (uint64_t)1 << (E[g[k]] - 7);
        S += (uint64_t)w[k] * (SRGB_TAB[raw[k] & 0xffu] / q * q);
    }
    return cm_f16_to_f32(round_ta(0, S, -24, 11, -14, 15, 15, 16));
}

/* ---- coordinates and addressing ------------------------------------------------------- */

static int eff_mode(const cm_texture *t, int axis)
{
    int m = (int)t->addr[axis];
    /* [semantics#unnormalized-coords]: wrap and mirror become clamp with unnormalised coordinates */
    if (!t->normalized && (m == WT_ADDRESS_WRAP || m == WT_ADDRESS_MIRROR))
        return WT_ADDRESS_CLAMP;
    return m;
}

#define FAR_OUT ((int64_t)1 << 50) /* texel-space limit, far outside every test texture */
#define FAR_FX ((int64_t)1 << 44)  /* 21-bit fixed-point limit: 2^23 * N texels, far outside */

/* [semantics#offsets]: an offset register read as its two's complement field of `bits`
 * bits (tex: 4, so 8 -> -8; tld4: 6). */
static int32_t off_field(int32_t v, int bits)
{
    int32_t f = (int32_t)((uint32_t)v & ((1u << bits) - 1u));
    return f >= (1 << (bits - 1)) ? f - (1 << bits) : f;
}

/* One axis of a footprint before addressing: point i = floor(x); linear
 * i = floor(x - 0.5) and a its 8-bit fraction, rounded with carry ([semantics#linear-filtering]). */
typedef struct apos {
    int64_t i;
    int a;
} apos;

/* Texel-space position of u on an axis of n texels under effective mode
 * `mode`, scaled when `norm`, plus `off` whole texels ([semantics#pipeline] step 3).  The
 * linear form is A = floor(x*256 - 127.5): the 8-bit rounding of [semantics#linear-filtering] with
 * its carry in one floor.  `preclamp`: a linear clamp axis clamps x to
 * [0.5, N-0.5] first ([semantics#address-per-texel]); tld4 ([semantics#tld4]) and seamless cubes ([semantics#decision-seamless-cube]) do not. */
static apos axis_pos(float u, int n, int norm, int mode, int linear, int preclamp, int32_t off)
{
    apos p = {0, 0};
    int periodic = mode == WT_ADDRESS_WRAP || mode == WT_ADDRESS_MIRROR;
    if ((u != u || isinf(u)) && periodic)
        return p; /* [semantics#decision-nonfinite-wrap]: NaN or ±∞ under wrap/mirror: texel 0, whole weight, offset ignored */
    if (u != u)
        u = 0.0f; /* [semantics#nan-inf-coords]: NaN reads as 0 (clamp, border) */
    int64_t A;
    if (norm && !is_pow2(n)) {
        /* [semantics#normalized-coords]: floor to 21 fractional bits, then times N exactly; [semantics#decision-huge-coords] saturates at 2^40 */
        long double v = (long double)u;
        if (v > 1099511627776.0L)
            v = 1099511627776.0L;
        if (v < -1099511627776.0L)
            v = -1099511627776.0L;
        int64_t fx = (int64_t)floorl(v * 2097152.0L);
        if (periodic) {
            /* x = fx*n/2^21 repeats every 2N texels, i.e. every 2^22 steps
             * of fx, and wrap/mirror repeat every 2N: keep fx mod 2^22 */
            fx -= floordiv(fx, (int64_t)1 << 22) * ((int64_t)1 << 22);
        } else {
            /* clamp/border: any far value reads the same texels */
            if (fx > FAR_FX)
                fx = FAR_FX;
            if (fx < -FAR_FX)
                fx = -FAR_FX;
        }
        int64_t xn = fx * (int64_t)n; /* x = xn / 2^21 */
        if (linear)
            A = floordiv(xn - 1044480, 8192); /* (xn/2^21)*256 - 127.5 = (xn - 127.5*2^13)/2^13 */
        else
            A = floordiv(xn, 2097152);
    } else {
        /* power-of-two or unnormalised: x = u*n exactly (long double holds
         * it); beyond 2^50 a power-of-two x is a multiple of 2^27, so the
         * saturated value keeps every texel under wrap and mirror too */
        long double x = (long double)u * (long double)(norm ? n : 1);
        if (x > (long double)FAR_OUT)
            x = (long double)FAR_OUT;
        if (x < -(long double)FAR_OUT)
            x = -(long double)FAR_OUT;
        A = linear ? (int64_t)floorl(x * 256.0L - 127.5L) : (int64_t)floorl(x);
    }
    if (!linear) {
        p.i = A + off;
        /* [semantics#decision-clamp-ogl-samplers]: clamp_ogl clamps x to [0, N]; a point fetch then reads the edge
         * texel (floor(N) = N clamps to N-1) */
        if (mode == WT_ADDRESS_CLAMP_OGL)
            p.i = p.i < 0 ? 0 : p.i > n - 1 ? n - 1 : p.i;
        return p;
    }
    A += (int64_t)256 * off;
    if (preclamp && mode == WT_ADDRESS_CLAMP) { /* [semantics#address-per-texel]: linear clamp pre-clamps x to [0.5, N-0.5] */
        if (A < 0)
            A = 0;
        if (A > (int64_t)256 * (n - 1))
            A = (int64_t)256 * (n - 1);
    }
    if (mode == WT_ADDRESS_CLAMP_OGL) { /* [semantics#decision-clamp-ogl-samplers]: x clamped to [0, N]: A in [-128, 256N - 128] */
        if (A < -128)
            A = -128;
        if (A > (int64_t)256 * n - 128)
            A = (int64_t)256 * n - 128;
    }
    p.i = floordiv(A, 256);
    p.a = (int)(A - p.i * 256);
    return p;
}

/* [semantics#address-per-texel] integer-index rules; -1 means outside under border. */
static int64_t addr_index(int64_t i, int n, int mode)
{
    switch (mode) {
    case WT_ADDRESS_WRAP: {
        int64_t r = i % n;
        return r < 0 ? r + n : r;
    }
    case WT_ADDRESS_MIRROR: {
        int64_t r = i % (2 * (int64_t)n);
        if (r < 0)
            r += 2 * (int64_t)n;
        return r < n ? r : 2 * (int64_t)n - 1 - r;
    }
    case WT_ADDRESS_BORDER:
    case WT_ADDRESS_CLAMP_OGL: /* [semantics#decision-clamp-ogl-samplers]: outside [0, N) reads the border colour */
        return (i < 0 || i >= n) ? -1 : i;
    default:
        return i < 0 ? 0 : (i >= n ? n - 1 : i);
    }
}

/* ---- cubes ([semantics#cube-faces], [semantics#cube-filtering], [semantics#decision-cube-projection], [semantics#decision-seamless-cube], [semantics#decision-cube-unnormalized], [semantics#decision-nonfinite-cube]) ------------------------------------- */

static int is_cube(const cm_texture *t)
{
    return t->geom == WT_GEOM_CUBE || t->geom == WT_GEOM_ACUBE;
}

/* The [semantics#cube-faces] table: major axis M, and the face axes S and T, one non-zero
 * entry each: s = S·v, t = T·v before the division by |m|. */
static const int CUBE_M[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
static const int CUBE_S[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
static const int CUBE_T[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

/* The one non-zero entry of a table row applied to v (no 0·∞ products). */
static float pick(const int row[3], const float v[3])
{
    for (int k = 0; k < 3; k++)
        if (row[k])
            return row[k] > 0 ? v[k] : -v[k];
    return 0.0f;
}

/* Face and normalised face coordinates of direction d. */
static int cube_face(const float d[3], float *fs, float *ft)
{
    float v[3];
    for (int k = 0; k < 3; k++)
        v[k] = d[k] != d[k] ? 0.0f : d[k]; /* [semantics#nan-inf-coords]: a NaN component reads as 0 */
    float ax = fabsf(v[0]), ay = fabsf(v[1]), az = fabsf(v[2]);
    if (ax == 0.0f && ay == 0.0f && az == 0.0f) {
        *fs = *ft = 0.5f; /* [semantics#decision-cube-projection]: the zero vector: face 0, centre */
        return 0;
    }
    /* [semantics#cube-faces] ties (measured): z over y over x; the sign test is >= 0 ([semantics#decision-cube-projection]) */
    int axis = (az >= ax && az >= ay) ? 2 : (ay >= ax) ? 1 : 0;
    int f = 2 * axis + (v[axis] >= 0.0f ? 0 : 1);
    float m = fabsf(v[axis]);
    /* [semantics#decision-cube-projection]: ((s/m)+1)/2 with IEEE f32 division; [semantics#decision-nonfinite-cube]: NaN (∞/∞) reads as 0 */
    float s = (pick(CUBE_S[f], v) / m + 1.0f) / 2.0f;
    float t = (pick(CUBE_T[f], v) / m + 1.0f) / 2.0f;
    *fs = s != s ? 0.0f : s;
    *ft = t != t ? 0.0f : t;
    return f;
}

/* [semantics#decision-seamless-cube]: texel (i, j) of face f lying one step outside the face (in one index
 * only) is the texel of the neighbouring face whose square holds the
 * projection of its centre (a plain projection in double, exact enough for
 * the small faces used here). */
static void cube_neighbour(int f, int n, int64_t i, int64_t j, int *g, int64_t *x, int64_t *y)
{
    double v[3];
    for (int k = 0; k < 3; k++)
        v[k] = CUBE_M[f][k] + CUBE_S[f][k] * (2.0 * (double)i + 1 - n) / n +
               CUBE_T[f][k] * (2.0 * (double)j + 1 - n) / n;
    int big = 0;
    for (int k = 1; k < 3; k++)
        if (fabs(v[k]) > fabs(v[big]))
            big = k;
    *g = 2 * big + (v[big] < 0);
    double m = fabs(v[big]), s = 0, t = 0;
    for (int k = 0; k < 3; k++) {
        s += v[k] * CUBE_S[*g][k];
        t += v[k] * CUBE_T[*g][k];
    }
    *x = (int64_t)floor((s / m + 1) / 2 * n);
    *y = (int64_t)floor((t / m + 1) / 2 * n);
}

/* ---- levels ([semantics#mip-levels], [semantics#lod-arithmetic] resource views) ------------------------------------------- */

/* One mip level as stored in t->texels: its size and first element. */
typedef struct clevel {
    int w, h, d;
    size_t base;
} clevel;

static int slices_of(const cm_texture *t)
{
    return t->layers * (is_cube(t) ? 6 : 1);
}

/* [semantics#mip-levels]: level l is max(1, size >> l) per axis (depth only for 3D, height 1
 * for 1D, faces square); levels are stored one after the other. */
static clevel level_of(const cm_texture *t, int l)
{
    int one_d = t->geom == WT_GEOM_1D || t->geom == WT_GEOM_A1D;
    size_t base = 0;
    for (int k = 0;; k++) {
        clevel lv;
        lv.w = t->w >> k ? t->w >> k : 1;
        lv.h = one_d ? 1 : (t->h >> k ? t->h >> k : 1);
        lv.d = t->geom == WT_GEOM_3D ? (t->d >> k ? t->d >> k : 1) : 1;
        lv.base = base;
        if (k == l || t->levels == 0)
            return lv;
        base += (size_t)lv.w * (size_t)lv.h * (size_t)lv.d * (size_t)slices_of(t);
    }
}

/* The view's levels: the first one (absolute) and how many. */
static int view_first(const cm_texture *t)
{
    return t->levels ? t->first_level : 0;
}

static int view_count(const cm_texture *t)
{
    if (!t->levels)
        return 1;
    int last = (t->first_level == 0 && t->last_level == 0) ? t->levels - 1 : t->last_level;
    return last - t->first_level + 1;
}

/* ---- taps and fetch --------------------------------------------------------------- */

typedef struct tap {
    int border;  /* reads the border colour */
    size_t idx;  /* element index otherwise */
    int w;       /* integer weight, 1/256 */
    int g;       /* [semantics#float-blend] group (z slice, mip level) */
} tap;

static void resolve(const cm_texture *t, int nt, const tap *tp, uint32_t out[4])
{
    int cls = fmt_class(t);
    for (int ch = 0; ch < 4; ch++) {
        if (ch >= t->nch) { /* [semantics#point-conversion]: missing channels read 0, w too */
            out[ch] = 0;
            continue;
        }
        uint32_t raw[CM_MAX_TAPS];
        int w[CM_MAX_TAPS], g[CM_MAX_TAPS];
        for (int k = 0; k < nt; k++) {
            raw[k] = tp[k].border ? border_raw(t, ch) : raw_channel(t, tp[k].idx, ch);
            w[k] = tp[k].w;
            g[k] = tp[k].g;
        }
        if (nt == 1) {
            out[ch] = point_value(t, ch, raw[0]);
        } else if (srgb_ch(t, ch)) {
            out[ch] = srgb_blend(nt, raw, w, g);
        } else if (cls == CL_F32 || cls == CL_F16) {
            out[ch] = cm_float_blend(cls == CL_F16, nt, raw, w, g);
        } else {
            out[ch] = norm_blend(t, nt, raw, w);
        }
    }
}

static size_t elem_index(const clevel *lv, uint32_t slice, int64_t x, int64_t y, int64_t z)
{
    return lv->base + (((size_t)slice * (size_t)lv->d + (size_t)z) * (size_t)lv->h + (size_t)y) * (size_t)lv->w +
           (size_t)x;
}

static uint32_t clamp_layer(const cm_texture *t, uint32_t layer)
{
    /* [semantics#layers], [semantics#cube-arrays]: .u32 layer (cube); past the end (or "negative") reads the last one */
    return layer >= (uint32_t)t->layers ? (uint32_t)t->layers - 1u : layer;
}

/* [semantics#integer-weights] / [semantics#decision-share-split-2d] for a share T: x first, x1 = rhu(T*a/256), x0 = T - x1; the y
 * split rounds the upper part on the x = 1 side, rhu(x1*b/256), and the
 * lower part on the x = 0 side, rhu(x0*(256-b)/256); as [dx][dy].  For
 * T = 256: w11 = rhu(a*b/256), w10 = a - w11, w01 = b - w11, w00 = 256 - a - b + w11. */
static void weights_2d(int T, int a, int b, int w[2][2])
{
    int x1 = rhu(T * a, 256), x0 = T - x1;
    w[1][1] = rhu(x1 * b, 256);
    w[1][0] = x1 - w[1][1];
    w[0][0] = rhu(x0 * (256 - b), 256);
    w[0][1] = x0 - w[0][0];
}

/* A cube fetch on one level ([semantics#cube-faces], [semantics#cube-filtering], [semantics#decision-seamless-cube]): the taps of direction d on
 * cube `cube`, share T, group g; appended at tp + *nt. */
static void cube_level_taps(const cm_texture *t, const clevel *lv, uint32_t cube, const float d[3], int T, int g,
                            tap *tp, int *nt)
{
    int n = lv->w;
    float fc[2];
    int f = cube_face(d, &fc[0], &fc[1]);
    uint32_t slice = 6u * cube + (uint32_t)f; /* [semantics#cube-arrays] */
    int linear = t->filter == WT_FILTER_LINEAR;
    int mode[2];
    for (int k = 0; k < 2; k++) {
        mode[k] = eff_mode(t, k); /* [semantics#decision-cube-unnormalized] */
        /* [semantics#cube-filtering]: seamless ignores the modes; point sampling of a cube that is
         * not mipmapped clamps to the face whatever the mode */
        if (t->seamless || (!linear && !t->levels))
            mode[k] = WT_ADDRESS_CLAMP;
    }
    int seamless = t->seamless && linear;
    apos p[2];
    for (int k = 0; k < 2; k++)
        p[k] = axis_pos(fc[k], n, 1, mode[k], linear, !seamless, 0);
    if (!linear) {
        int64_t x = addr_index(p[0].i, n, mode[0]), y = addr_index(p[1].i, n, mode[1]);
        int out_of = x < 0 || y < 0;
        tp[(*nt)++] = (tap){out_of, out_of ? 0 : elem_index(lv, slice, x, y, 0), T, g};
        return;
    }
    int w[2][2];
    weights_2d(T, p[0].a, p[1].a, w);
    if (!seamless) {
        for (int dy = 0; dy < 2; dy++)
            for (int dx = 0; dx < 2; dx++) {
                int64_t x = addr_index(p[0].i + dx, n, mode[0]), y = addr_index(p[1].i + dy, n, mode[1]);
                int out_of = x < 0 || y < 0;
                tp[(*nt)++] = (tap){out_of, out_of ? 0 : elem_index(lv, slice, x, y, 0), w[dx][dy], g};
            }
        return;
    }
    /* [semantics#decision-seamless-cube]: texels past one edge come from the neighbour; a texel past two
     * (the corner) is the average of the three real corner texels: its
     * weight goes rhu(w/3) to each texel across an edge, the rest to the
     * face's own corner texel. */
    for (int dy = 0; dy < 2; dy++)
        for (int dx = 0; dx < 2; dx++) {
            int64_t i = p[0].i + dx, j = p[1].i + dy;
            if ((i < 0 || i >= n) && (j < 0 || j >= n)) {
                int wm = w[dx][dy], q = rhu(wm, 3);
                w[dx][dy] = 0;
                w[1 - dx][dy] += q;
                w[dx][1 - dy] += q;
                w[1 - dx][1 - dy] += wm - 2 * q;
            }
        }
    for (int dy = 0; dy < 2; dy++)
        for (int dx = 0; dx < 2; dx++) {
            int64_t i = p[0].i + dx, j = p[1].i + dy;
            int xo = i < 0 || i >= n, yo = j < 0 || j >= n;
            if (xo && yo)
                continue;
            int fg = f;
            int64_t x = i, y = j;
            if (xo || yo)
                cube_neighbour(f, n, i, j, &fg, &x, &y);
            tp[(*nt)++] = (tap){0, elem_index(lv, 6u * cube + (uint32_t)fg, x, y, 0), w[dx][dy], g};
        }
}

/* A 1D/2D/3D fetch on one level: share T, groups g (and g + 1 for the upper
 * 3D slice), appended at tp + *nt.  o: the offsets in texels ([semantics#offsets], [semantics#decision-1d-offset-quirk]). */
static void level_taps(const cm_texture *t, const clevel *lv, uint32_t L, const float c[3], const int32_t o[3],
                       int T, int g, tap *tp, int *nt)
{
    int dims = (t->geom == WT_GEOM_3D) ? 3 : (t->geom == WT_GEOM_2D || t->geom == WT_GEOM_A2D) ? 2 : 1;
    int size[3] = {lv->w, lv->h, lv->d};
    int mode[3] = {eff_mode(t, 0), eff_mode(t, 1), eff_mode(t, 2)};
    float cc[3] = {c[0], dims >= 2 ? c[1] : 0.0f, dims >= 3 ? c[2] : 0.0f};
    /* [semantics#1d-as-2d]: a non-layered 1D texture is 2D of height 1 sampled at y = 0 with
     * addressMode[1]; a layer of a 1D layered texture is a true 1D texture. */
    int axes = (t->geom == WT_GEOM_1D) ? 2 : dims;
    int linear = t->filter == WT_FILTER_LINEAR;
    int norm = t->normalized || t->levels; /* [semantics#mip-levels]: mipmapped textures read normalised */
    apos p[3] = {{0, 0}, {0, 0}, {0, 0}};
    for (int k = 0; k < axes; k++)
        p[k] = axis_pos(cc[k], size[k], norm, mode[k], linear, 1, o[k]);

    if (!linear) {
        int64_t x = addr_index(p[0].i, size[0], mode[0]);
        int64_t y = axes >= 2 ? addr_index(p[1].i, size[1], mode[1]) : 0;
        int64_t z = axes >= 3 ? addr_index(p[2].i, size[2], mode[2]) : 0;
        int out_of = x < 0 || y < 0 || z < 0;
        tp[(*nt)++] = (tap){out_of, out_of ? 0 : elem_index(lv, L, x, y, z), T, g};
    } else if (axes == 1) {
        /* true 1D: w1 = rhu(T*a/256), w0 = T - w1 ([semantics#integer-weights]) */
        int w1 = rhu(T * p[0].a, 256);
        for (int dx = 0; dx < 2; dx++) {
            int64_t x = addr_index(p[0].i + dx, size[0], mode[0]);
            tp[(*nt)++] = (tap){x < 0, x < 0 ? 0 : elem_index(lv, L, x, 0, 0), dx ? w1 : T - w1, g};
        }
    } else {
        /* 2D: weights_2d.  3D: z first, rounding the lower slice's part
         * z0 = rhu(T*(256-c)/256), z1 = T - z0 (= 256 - c and c for T = 256),
         * then each slice's total as a 2D share ([semantics#integer-weights], [semantics#decision-share-split-2d]); one group per slice. */
        int nz = axes == 3 ? 2 : 1;
        int z0 = rhu(T * (256 - p[2].a), 256);
        for (int dz = 0; dz < nz; dz++) {
            int wt[2][2];
            weights_2d(axes == 3 ? (dz ? T - z0 : z0) : T, p[0].a, p[1].a, wt);
            int64_t z = axes == 3 ? addr_index(p[2].i + dz, size[2], mode[2]) : 0;
            for (int dy = 0; dy < 2; dy++) {
                int64_t y = addr_index(p[1].i + dy, size[1], mode[1]);
                for (int dx = 0; dx < 2; dx++) {
                    int64_t x = addr_index(p[0].i + dx, size[0], mode[0]);
                    int out_of = x < 0 || y < 0 || z < 0;
                    tp[(*nt)++] = (tap){out_of, out_of ? 0 : elem_index(lv, L, x, y, z), wt[dx][dy], g + dz};
                }
            }
        }
    }
}

/* ---- level of detail ([semantics#lod-sources] to [semantics#anisotropy-trilinear], [semantics#decision-base-lod-clamps] to [semantics#decision-grad-anisotropy], [semantics#decision-nan-bias], [semantics#decision-negative-clamps], [semantics#decision-gradient-lod], [semantics#decision-trilinear-opt], [semantics#decision-nan-lod]) ------------------- */

/* [semantics#log2-table]: the measured log2 table (typed in from docs/semantics.md). */
const int cm_log2_tab[256] = {
    0,   2,   4,   5,   6,   8,   9,   11,  12,  13,  15,  16,  18,  19,  20,  22,
    23,  24,  26,  27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  42,  43,
    44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,  59,  60,  62,  63,
    64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,
    83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99,  100,
    101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
    135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
    165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
    180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
    207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
    220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
    233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
    245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

#define Q_FAR ((int64_t)1 << 40) /* far past every level, either way */

/* [semantics#lod-from-gradients] in doubles: every value there has 10 significant bits, so floor and
 * ldexp on doubles are exact.  t10 cuts to 10 bits toward zero; a value is
 * M·2^k with M in [512, 1023]. */
double cm_t10(double x)
{
    if (x == 0.0)
        return 0.0;
    double u = ldexp(1.0, ilogb(x) - 9);
    return floor(x / u) * u;
}
static int kof(double x) { return ilogb(x) - 9; }
static double mof(double x) { return ldexp(x, -kof(x)); }
static double rhud(double x) { return floor(x + 0.5); }

/* step 2: a = max, b = min of the t10 magnitudes; t10(a + rhu(11·M_b/8)·2^(k_b−2)) */
double cm_grad_len(double u, double v)
{
    double a = fmax(u, v), b = fmin(u, v);
    if (b == 0.0)
        return a;
    return cm_t10(a + ldexp(rhud(11.0 * mof(b) / 8.0), kof(b) - 2));
}
/* step 3: one component of dPdx ± dPdy (signed t10 values): the smaller
 * operand cut to g = 2^(ilogb(big) − 10), then [semantics#decision-diagonal-t10]'s t10 */
double cm_grad_adder(double x, double y)
{
    double big = fabs(x) >= fabs(y) ? x : y, small = fabs(x) >= fabs(y) ? y : x;
    if (big == 0.0)
        return 0.0;
    double g = ldexp(1.0, ilogb(big) - 10);
    double cut = floor(fabs(small) / g) * g;
    return cm_t10((big < 0) == (small < 0) ? fabs(big) + cut : fabs(big) - cut);
}
/* step 3: 11/16 of an octagonal length */
double cm_grad_diag(double u, double v)
{
    double a = fmax(u, v), b = fmin(u, v);
    if (a == 0.0)
        return 0.0;
    double big = cm_t10(ldexp(rhud(11.0 * mof(a) / 8.0), kof(a) - 1));
    if (b == 0.0)
        return big;
    return cm_t10(big + ldexp(rhud(121.0 * mof(b) / 64.0), kof(b) - 3));
}
/* [semantics#decision-grad-lod-3d]: t10(max + rhu(11·M_mid/8)·2^(k_mid−2) + M_min·2^(k_min−2)) */
double cm_grad_len3(const double v[3])
{
    double s[3] = {v[0], v[1], v[2]};
    for (int i = 0; i < 2; i++) /* descending */
        for (int j = 0; j < 2 - i; j++)
            if (s[j] < s[j + 1]) {
                double x = s[j];
                s[j] = s[j + 1];
                s[j + 1] = x;
            }
    if (s[1] == 0.0)
        return s[0];
    double sum = s[0] + ldexp(rhud(11.0 * mof(s[1]) / 8.0), kof(s[1]) - 2);
    if (s[2] != 0.0)
        sum += ldexp(mof(s[2]), kof(s[2]) - 2);
    return cm_t10(sum);
}
/* step 5: q = 256·ilogb(ρ) + LOG2TAB[top 8 bits of the fraction]; ρ = 0 is
 * −∞ and an infinite ρ +∞ (the clamps take over) */
static int64_t grad_q_of(double rho)
{
    if (rho == 0.0)
        return -Q_FAR;
    if (isinf(rho))
        return Q_FAR;
    int e = ilogb(rho);
    return 256 * (int64_t)e + cm_log2_tab[(int)floor((ldexp(rho, -e) - 1.0) * 256.0)];
}
/* step 0-1 for one scaled component: NaN counts as 0; signed t10 */
static double grad_comp(float v, int *inf)
{
    if (v != v)
        return 0.0;
    if (isinf(v)) {
        *inf = 1;
        return 0.0;
    }
    double d = (double)v;
    return d < 0 ? -cm_t10(-d) : cm_t10(d);
}

/* The entries of a fetch: level (relative to the view), share, and the
 * anisotropic tap's coordinate delta ([semantics#decision-grad-anisotropy]; 0 otherwise). */
typedef struct share {
    int level;
    int T;
    float dc[3];
} share;

/* trunc(v·256) of a float, in long double (exact), saturated far out. */
static int64_t trunc256(float v)
{
    long double x = truncl((long double)v * 256.0L);
    if (x > (long double)Q_FAR)
        return Q_FAR;
    if (x < -(long double)Q_FAR)
        return -Q_FAR;
    return (int64_t)x;
}

/* The gradient LOD (before bias) of t's geometry; *ntaps, major[] for [semantics#decision-grad-anisotropy]. */
static int64_t grad_lod(const cm_texture *t, const float dx[3], const float dy[3], int *ntaps, float major[3],
                        int *adims)
{
    /* [semantics#lod-from-gradients] step 0: scale by the view's level-0 size in f32 (cube: the face size, [semantics#decision-grad-lod-3d]) */
    clevel l0 = level_of(t, view_first(t));
    int inf = 0;
    if (t->geom == WT_GEOM_3D || is_cube(t)) {
        float sz[3] = {(float)l0.w, (float)(is_cube(t) ? l0.w : l0.h), (float)(is_cube(t) ? l0.w : l0.d)};
        double a[3], b[3];
        for (int k = 0; k < 3; k++) { /* [semantics#decision-grad-components]: three components */
            a[k] = fabs(grad_comp(dx[k] * sz[k], &inf));
            b[k] = fabs(grad_comp(dy[k] * sz[k], &inf));
        }
        return inf ? Q_FAR : grad_q_of(fmax(cm_grad_len3(a), cm_grad_len3(b))); /* [semantics#decision-grad-lod-3d]: no diagonals */
    }
    /* [semantics#decision-grad-components]: one component for 1d/a1d (v = 0), two for 2d/a2d */
    int dims = (t->geom == WT_GEOM_1D || t->geom == WT_GEOM_A1D) ? 1 : 2;
    float gx[2] = {dx[0], dims == 2 ? dx[1] : 0.0f}, gy[2] = {dy[0], dims == 2 ? dy[1] : 0.0f};
    int infx = 0, infy = 0;
    double ux = grad_comp(gx[0] * (float)l0.w, &infx), vx = grad_comp(gx[1] * (float)l0.h, &infx);
    double uy = grad_comp(gy[0] * (float)l0.w, &infy), vy = grad_comp(gy[1] * (float)l0.h, &infy);
    int n = t->max_anisotropy < 1 ? 1 : t->max_anisotropy > 16 ? 16 : t->max_anisotropy;
    if (!cm_reads_float(t))
        n = 1; /* decision: integer element textures cannot average taps */
    if (n > 1) {
        /* [semantics#decision-grad-anisotropy]: Pmax, Pmin = the step-2 lengths; N = min(ceil(Pmax/Pmin), n) */
        double lx = infx ? INFINITY : cm_grad_len(fabs(ux), fabs(vx));
        double ly = infy ? INFINITY : cm_grad_len(fabs(uy), fabs(vy));
        int xm = lx >= ly; /* dPdx on a tie */
        double pmax = xm ? lx : ly, pmin = xm ? ly : lx;
        int N;
        if (pmax == 0.0 || (isinf(pmax) && isinf(pmin)))
            N = 1;
        else if (pmin == 0.0 || isinf(pmax) || pmax / pmin > 16.0)
            N = n;
        else {
            double c = ceil(pmax / pmin);
            N = c < n ? (int)c : n;
        }
        *ntaps = N;
        *adims = dims;
        const float *g = xm ? gx : gy;
        for (int k = 0; k < dims; k++)
            major[k] = g[k] != g[k] ? 0.0f : g[k];
        if (pmax == 0.0 || isinf(pmax))
            return grad_q_of(pmax);
        return grad_q_of(cm_t10(pmax / N)); /* step 5 on t10(Pmax/N) */
    }
    if (infx || infy)
        return Q_FAR;
    /* steps 2-4: the two lengths and the two diagonals */
    double rho = fmax(cm_grad_len(fabs(ux), fabs(vx)), cm_grad_len(fabs(uy), fabs(vy)));
    rho = fmax(rho, cm_grad_diag(cm_grad_adder(ux, uy), cm_grad_adder(vx, vy)));
    rho = fmax(rho, cm_grad_diag(cm_grad_adder(ux, -uy), cm_grad_adder(vx, -vy)));
    return grad_q_of(rho);
}

/* Which visible levels a float-coordinate fetch reads, with their shares
 * (and [semantics#decision-grad-anisotropy] tap deltas).  Returns the number of entries. */
static int lod_plan(const cm_texture *t, wt_mip mip, float lod, const float dx[3], const float dy[3], share *s)
{
    int nv = view_count(t);
    memset(s, 0, 2 * sizeof *s);
    if (!t->levels || nv <= 1) { /* [semantics#lod-sources]: no mip levels, level 0 whatever the LOD */
        s[0].T = 256;
        return 1;
    }
    float bias = t->lod_bias != t->lod_bias ? 0.0f : t->lod_bias; /* [semantics#decision-nan-bias] */
    int64_t q = 0; /* [semantics#lod-arithmetic] step 2, [semantics#decision-base-lod-clamps]: a plain tex starts at 0, no bias */
    int ntaps = 1, adims = 0;
    float major[3] = {0.0f, 0.0f, 0.0f};
    if (mip == WT_MIP_LEVEL) {
        q = lod != lod ? 0 : trunc256(lod); /* step 1; [semantics#decision-nan-lod]: NaN counts as 0 */
        int n = t->max_anisotropy < 1 ? 1 : t->max_anisotropy > 16 ? 16 : t->max_anisotropy;
        if (n >= 2 && t->mip_filter == WT_FILTER_LINEAR && !t->no_trilinear_opt) {
            /* [semantics#anisotropy-trilinear] / [semantics#decision-trilinear-opt]: lo = 128/3, 384/7, 64; lo_f = 42, 54, 64; r = 3/2, 7/4, 2;
             * t = q + trunc(bias·256 − lo) + lo_f with the unrounded bias */
            int L = n >= 8 ? 64 : n >= 4 ? 384 : 128, D = n >= 8 ? 1 : n >= 4 ? 7 : 3;
            int lof = L / D, rn = n >= 8 ? 2 : n >= 4 ? 7 : 3, rd = n >= 8 ? 1 : n >= 4 ? 4 : 2;
            long double x = (long double)bias * 256.0L * D - L; /* exact */
            int64_t tt = q + (int64_t)truncl(x / D) + lof;
            int64_t level = floordiv(tt, 256), k = tt - 256 * level;
            int64_t w = k <= lof ? 0 : rn * (k - lof) / rd;
            q = level * 256 + (w > 256 ? 256 : w);
        } else {
            q += trunc256(bias);
        }
    } else if (mip == WT_MIP_GRAD) {
        q = grad_lod(t, dx, dy, &ntaps, major, &adims) + trunc256(bias); /* [semantics#lod-arithmetic] step 3 */
    }
    /* step 4: the clamps (relative to the view), then the visible levels */
    int64_t lo = trunc256(t->min_clamp), hi = trunc256(t->max_clamp);
    if (hi < lo)
        hi = lo;
    q = q < lo ? lo : q > hi ? hi : q;
    int64_t top = (int64_t)(nv - 1) * 256;
    q = q < 0 ? 0 : q > top ? top : q;
    int ne = 0;
    for (int k = 0; k < ntaps; k++) {
        /* [semantics#decision-grad-anisotropy]: 256/N each, the first 256 mod N one more; tap k at
         * c + ((2k+1−N)/(2N))·major in f32 (the centre tap is c itself) */
        int w = 256 / ntaps + (k < 256 % ntaps);
        float f = (float)(2 * k + 1 - ntaps) / (float)(2 * ntaps), dc[3] = {0.0f, 0.0f, 0.0f};
        if (f != 0.0f)
            for (int i = 0; i < adims; i++)
                dc[i] = f * major[i];
        if (t->mip_filter == WT_FILTER_POINT) { /* step 5: nearest, halves up */
            s[ne] = (share){(int)((q + 128) / 256), w, {dc[0], dc[1], dc[2]}};
            ne++;
            continue;
        }
        int fr = (int)(q % 256), hiw = rhu(w * fr, 256); /* step 6, [semantics#decision-grad-anisotropy]: hi = rhu(w·f/256) */
        if (w - hiw)
            s[ne++] = (share){(int)(q / 256), w - hiw, {dc[0], dc[1], dc[2]}};
        if (hiw)
            s[ne++] = (share){(int)(q / 256) + 1, hiw, {dc[0], dc[1], dc[2]}};
    }
    return ne;
}

static void fetch(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, wt_mip mip, float lod,
                  const float dx[3], const float dy[3], uint32_t out[4])
{
    share s[32];
    int ns = lod_plan(t, mip, lod, dx, dy, s);
    tap tp[CM_MAX_TAPS];
    int nt = 0;
    int32_t o[3] = {0, 0, 0};
    if (off && !is_cube(t)) {
        /* [semantics#offsets]: 4-bit fields; [semantics#decision-1d-offset-quirk]: on a non-layered 1D texture bits 4..7 of
         * the x register are a y offset.  Offsets count texels of the level read ([semantics#mip-levels]). */
        int dims = (t->geom == WT_GEOM_3D) ? 3 : (t->geom == WT_GEOM_2D || t->geom == WT_GEOM_A2D) ? 2 : 1;
        for (int k = 0; k < dims; k++)
            o[k] = off_field(off[k], 4);
        if (t->geom == WT_GEOM_1D)
            o[1] = off_field((int32_t)((uint32_t)off[0] >> 4), 4);
    }
    int layered = t->geom == WT_GEOM_A1D || t->geom == WT_GEOM_A2D || t->geom == WT_GEOM_ACUBE;
    uint32_t L = layered ? clamp_layer(t, layer) : 0u;
    for (int k = 0; k < ns; k++) {
        clevel lv = level_of(t, view_first(t) + s[k].level);
        float cc[3];
        for (int i = 0; i < 3; i++) /* [semantics#decision-grad-anisotropy]: the tap's delta, an f32 add (none at the centre) */
            cc[i] = s[k].dc[i] != 0.0f ? c[i] + s[k].dc[i] : c[i];
        if (is_cube(t))
            cube_level_taps(t, &lv, L, cc, s[k].T, 2 * k, tp, &nt);
        else
            level_taps(t, &lv, L, cc, o, s[k].T, 2 * k, tp, &nt);
    }
    resolve(t, nt, tp, out);
}

void cm_fetch_lod(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, wt_mip mip, float lod,
                  uint32_t out[4])
{
    static const float z[3] = {0.0f, 0.0f, 0.0f};
    fetch(t, layer, c, off, mip, lod, z, z, out);
}

void cm_fetch_grad(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, const float dpdx[3],
                   const float dpdy[3], uint32_t out[4])
{
    fetch(t, layer, c, off, WT_MIP_GRAD, 0.0f, dpdx, dpdy, out);
}

void cm_fetch_float_off(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, uint32_t out[4])
{
    cm_fetch_lod(t, layer, c, off, WT_MIP_BASE, 0.0f, out);
}

void cm_fetch_float(const cm_texture *t, uint32_t layer, const float c[3], uint32_t out[4])
{
    cm_fetch_lod(t, layer, c, NULL, WT_MIP_BASE, 0.0f, out);
}

/* ---- tld4 ([semantics#tld4]) ------------------------------------------------------------------------ */

/* [semantics#tld4] values: as point sampling, except a float NaN gathers as 0x7fffffff
 * (half: 0x7fffe000), an f32 subnormal as ±0 (half subnormals widen, [semantics#decision-gather-half-subnormal]),
 * and an SNORM8 texel as its 16-bit form |k|·258 (+1 when |k| >= 64, >= 65
 * when negative), −128 as −127, over 32767. */
static uint32_t gather_value(const cm_texture *t, int ch, uint32_t raw)
{
    switch (fmt_class(t)) {
    case CL_F32:
        if ((raw & 0x7fffffffu) > 0x7f800000u)
            return 0x7fffffffu;
        if ((raw & 0x7f800000u) == 0)
            return raw & 0x80000000u;
        return raw;
    case CL_F16:
        if ((raw & 0x7fffu) > 0x7c00u)
            return 0x7fffe000u;
        return cm_f16_to_f32(raw);
    case CL_SNORM:
        if (t->bits == 8) {
            int32_t k = sext(raw, 8);
            if (k < -127)
                k = -127;
            int32_t a = k < 0 ? -k : k;
            int32_t m = a * 258 + (a >= (k < 0 ? 65 : 64));
            return fbits((float)(k < 0 ? -m : m) / 32767.0f);
        }
        return point_value(t, ch, raw);
    default:
        return point_value(t, ch, raw);
    }
}

void cm_gather(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, int comp,
               uint32_t out[4])
{
    clevel lv = level_of(t, view_first(t)); /* [semantics#decision-tld4-mipmaps]: the base level, the view's first */
    int n[2] = {lv.w, lv.h};
    int mode[2] = {eff_mode(t, 0), eff_mode(t, 1)};
    int norm = t->normalized || t->levels; /* [semantics#mip-levels] */
    uint32_t slice;
    apos p[2];
    if (is_cube(t)) {
        /* [semantics#tld4]: within the face under the (demoted) mode whatever the filter;
         * seamless does not apply */
        float fc[2];
        int f = cube_face(c, &fc[0], &fc[1]);
        slice = 6u * (t->geom == WT_GEOM_ACUBE ? clamp_layer(t, layer) : 0u) + (uint32_t)f;
        for (int k = 0; k < 2; k++)
            p[k] = axis_pos(fc[k], n[k], 1, mode[k], 1, 0, 0);
    } else {
        slice = t->geom == WT_GEOM_A2D ? clamp_layer(t, layer) : 0u;
        for (int k = 0; k < 2; k++) /* [semantics#offsets]: tld4 offsets are 6-bit fields */
            p[k] = axis_pos(c[k], n[k], norm, mode[k], 1, 0, off ? off_field(off[k], 6) : 0);
    }
    /* [semantics#tld4]: d = {T(i, j+1), T(i+1, j+1), T(i+1, j), T(i, j)}, each index through the mode */
    static const int DX[4] = {0, 1, 1, 0}, DY[4] = {1, 1, 0, 0};
    for (int k = 0; k < 4; k++) {
        if (comp >= t->nch) { /* a channel the format lacks reads 0 */
            out[k] = 0;
            continue;
        }
        int64_t x = addr_index(p[0].i + DX[k], n[0], mode[0]), y = addr_index(p[1].i + DY[k], n[1], mode[1]);
        uint32_t raw = (x < 0 || y < 0) ? border_raw(t, comp) : raw_channel(t, elem_index(&lv, slice, x, y, 0), comp);
        out[k] = gather_value(t, comp, raw);
    }
}

void cm_fetch_int(const cm_texture *t, uint32_t layer, const int32_t c[3], uint32_t out[4])
{
    int layered = t->geom == WT_GEOM_A1D || t->geom == WT_GEOM_A2D;
    uint32_t L = layered ? clamp_layer(t, layer) : 0u;
    int dims = (t->geom == WT_GEOM_3D) ? 3 : (t->geom == WT_GEOM_2D || t->geom == WT_GEOM_A2D) ? 2 : 1;
    clevel lv = level_of(t, view_first(t)); /* [semantics#decision-int-coords-mipmaps]: tex.base reads level 0 (of the view) */
    int size[3] = {lv.w, lv.h, lv.d};
    int64_t p[3] = {c[0], dims >= 2 ? c[1] : 0, dims >= 3 ? c[2] : 0};
    for (int k = 0; k < dims; k++) {
        if (p[k] < 0 || p[k] >= size[k]) {
            /* [semantics#integer-coords]: outside the extent, 0 in every channel whatever the mode and border colour */
            out[0] = out[1] = out[2] = out[3] = 0;
            return;
        }
    }
    /* [semantics#integer-coords]: the texel named directly, point-sampled whatever the filter mode */
    tap tp = {0, elem_index(&lv, L, p[0], p[1], p[2]), 256, 0};
    resolve(t, 1, &tp, out);
}
