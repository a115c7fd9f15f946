/* test_ptx_half.c -- f16/f16x2/bf16/bf16x2 arithmetic, comparisons, packing and conversions against an
 * exact C model: nvcc's PTX of tests/ptx/fixtures/half.cu (-O3 and -G, sm_75 and sm_90) on random and
 * special pairs, and the hand-written half_forms.sm_90.ptx over all 65536 patterns (unary forms and
 * conversions) and random + special triples (the rest)
 * SPDX-License-Identifier: MIT
 *
 * The model rounds in integers: a value is sign * m * 2^e with m in 128 bits; a sum aligns its
 * operands exactly (an operand more than 80 bits below the other's top is replaced by a one 80
 * bits below it, which rounds the same: it stays strictly inside the gap between neighbouring
 * representable values and their midpoints), so no floating-point rounding is involved. */
#include <math.h>

#include "ptx_test_util.h"

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 s128;

enum { F16, BF16 };
enum { RN, RZ, RM, RP };
static const struct {
    int p, emin, emax, ebits;
} fm[2] = {{11, -14, 15, 5}, {8, -126, 127, 8}};

typedef struct {
    int s; /* sign */
    u128 m;
    int e;
} xv;

static int is_nan16(uint32_t h, int f) { return f == F16 ? (h & 0x7c00) == 0x7c00 && (h & 0x3ff) : (h & 0x7f80) == 0x7f80 && (h & 0x7f); }
static int is_inf16(uint32_t h, int f) { return (h & 0x7fff) == (f == F16 ? 0x7c00u : 0x7f80u); }
static uint32_t inf16(int f) { return f == F16 ? 0x7c00u : 0x7f80u; }

static xv dec16(uint32_t h, int f)
{
    int p = fm[f].p;
    uint32_t e = (h & 0x7fff) >> (p - 1), m = h & ((1u << (p - 1)) - 1);
    xv v = {(h >> 15) & 1, m, fm[f].emin - (p - 1)};
    if (e) {
        v.m = m | (1u << (p - 1));
        v.e = (int)e - fm[f].emax - (p - 1);
    }
    return v;
}
static xv dec32(uint32_t u)
{
    uint32_t e = (u >> 23) & 0xff, m = u & 0x7fffff;
    xv v = {(int)(u >> 31), m, -149};
    if (e) {
        v.m = m | 0x800000;
        v.e = (int)e - 127 - 23;
    }
    return v;
}
static xv dec64(uint64_t u)
{
    uint64_t e = (u >> 52) & 0x7ff, m = u & 0xfffffffffffffull;
    xv v = {(int)(u >> 63), m, -1074};
    if (e) {
        v.m = m | (1ull << 52);
        v.e = (int)e - 1023 - 52;
    }
    return v;
}
static int top(u128 m)
{
    int t = 0;
    while (m >> 1) {
        m >>= 1;
        t++;
    }
    return t;
}

/* v rounded to format f in mode md (finite v) */
static uint32_t round16(xv v, int f, int md)
{
    int p = fm[f].p, emin = fm[f].emin, emax = fm[f].emax;
    uint32_t sg = v.s ? 0x8000u : 0;
    if (v.m == 0)
        return sg;
    int q = top(v.m) + v.e - (p - 1);
    if (q < emin - (p - 1))
        q = emin - (p - 1);
    u128 keep;
    int up = 0;
    if (q <= v.e) {
        keep = v.m << (v.e - q);
    } else {
        int sh = q - v.e;
        if (sh > 127) {
            keep = 0;
            up = md == RP ? !v.s : md == RM ? v.s : 0; /* far below the least value: RN gives 0 */
        } else {
            keep = v.m >> sh;
            u128 rem = v.m & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
            int inexact = rem != 0;
            if (md == RN)
                up = rem > half || (rem == half && (keep & 1));
            else if (md == RP)
                up = inexact && !v.s;
            else if (md == RM)
                up = inexact && v.s;
        }
    }
    keep += (u128)up;
    if (keep == (u128)1 << p) {
        keep >>= 1;
        q++;
    }
    if (keep >= (u128)1 << (p - 1) && q + (p - 1) > emax) { /* overflow */
        int to_inf = md == RN || (md == RP && !v.s) || (md == RM && v.s);
        return sg | (to_inf ? inf16(f) : inf16(f) - 1);
    }
    if (keep < (u128)1 << (p - 1))
        return sg | (uint32_t)keep;
    return sg | (uint32_t)(q + (p - 1) + emax) << (p - 1) | (uint32_t)(keep - ((u128)1 << (p - 1)));
}

/* the exact sum of a and b (either may be replaced by a one far below the other, see the top) */
static xv sum(xv a, xv b)
{
    if (a.m == 0)
        return b.m == 0 ? (xv){a.s && b.s, 0, 0} : b;
    if (b.m == 0)
        return a;
    int ta = top(a.m) + a.e, tb = top(b.m) + b.e;
    if (tb < ta - 80 && b.e < ta - 80 - 30)
        b = (xv){b.s, 1, ta - 80 - 30};
    if (ta < tb - 80 && a.e < tb - 80 - 30)
        a = (xv){a.s, 1, tb - 80 - 30};
    int e = a.e < b.e ? a.e : b.e;
    s128 x = (s128)(a.m << (a.e - e)), y = (s128)(b.m << (b.e - e));
    s128 r = (a.s ? -x : x) + (b.s ? -y : y);
    xv v = {r < 0, (u128)(r < 0 ? -r : r), e};
    return v;
}
static xv prod(xv a, xv b) { return (xv){a.s ^ b.s, a.m * b.m, a.e + b.e}; }
static double dbl(uint32_t h, int f)
{
    if (is_nan16(h, f))
        return NAN;
    if (is_inf16(h, f))
        return (h & 0x8000) ? -INFINITY : INFINITY;
    xv v = dec16(h, f);
    double d = ldexp((double)(uint64_t)v.m, v.e);
    return v.s ? -d : d;
}
static uint32_t from_double(double d, int f, int md)
{
    if (d != d)
        return 0x7fff;
    if (isinf(d))
        return (d < 0 ? 0x8000u : 0) | inf16(f);
    uint64_t u;
    memcpy(&u, &d, 8);
    return round16(dec64(u), f, md);
}
static uint32_t ftz16(uint32_t h) { return (h & 0x7c00) ? h : h & 0x8000u; }

/* the arithmetic; flags as below */
enum { M_FTZ = 1, M_SAT = 2, M_RELU = 4, M_NAN = 8, M_XS = 16 };
enum { O_ADD, O_SUB, O_MUL, O_FMA, O_MIN, O_MAX };
static uint32_t arith(int op, uint32_t a, uint32_t b, uint32_t c, int f, int fl)
{
    if (fl & M_FTZ) {
        a = ftz16(a), b = ftz16(b), c = ftz16(c);
    }
    double x = dbl(a, f), y = dbl(b, f), z = dbl(c, f);
    if (op == O_MIN || op == O_MAX) {
        int mx = op == O_MAX;
        uint32_t sx = (fl & M_XS) ? (a ^ b) & 0x8000u : 0;
        if (x != x || y != y) {
            if ((x != x && y != y) || (fl & M_NAN))
                return 0x7fff;
            uint32_t r = x != x ? b : a;
            return (fl & M_XS) ? (r & 0x7fff) | sx : r;
        }
        if (fl & M_XS) {
            uint32_t r = mx ? (fabs(y) > fabs(x) ? b : a) : (fabs(y) < fabs(x) ? b : a);
            return (r & 0x7fff) | sx;
        }
        if (x == y)
            return (((a & 0x8000) != 0) == !mx) ? a : b;
        return (mx ? x > y : x < y) ? a : b;
    }
    double special = op == O_ADD ? x + y : op == O_SUB ? x - y : op == O_MUL ? x * y : x * y + z;
    uint32_t r;
    if (!isfinite(x) || !isfinite(y) || (op == O_FMA && !isfinite(z)) || special != special) {
        r = from_double(special, f, RN); /* infinities and NaN are exact */
        if (r == 0x7fff)
            return (fl & M_SAT) ? 0 : 0x7fff;
    } else {
        xv vx = dec16(a, f), vy = dec16(b, f), v;
        if (op == O_SUB)
            vy.s ^= 1;
        v = op == O_MUL ? prod(vx, vy) : op == O_FMA ? sum(prod(vx, vy), dec16(c, f)) : sum(vx, vy);
        if (op == O_MUL && v.m == 0)
            v.s = vx.s ^ vy.s;
        r = round16(v, f, RN);
    }
    if ((fl & M_SAT) && (r & 0x8000) && (r & 0x7fff))
        r = 0;
    if ((fl & M_SAT) && (r & 0x7fff) > (f == F16 ? 0x3c00u : 0x3f80u) && !(r & 0x8000))
        r = f == F16 ? 0x3c00u : 0x3f80u;
    if ((fl & M_RELU) && (r & 0x8000) && (r & 0x7fff))
        r = 0;
    if (fl & M_FTZ)
        r = ftz16(r);
    return r;
}
static uint32_t pair(int op, uint32_t a, uint32_t b, uint32_t c, int f, int fl)
{
    return arith(op, a & 0xffff, b & 0xffff, c & 0xffff, f, fl) | arith(op, a >> 16, b >> 16, c >> 16, f, fl) << 16;
}
static int cmp(double x, double y, const char *op)
{
    int un = x != x || y != y;
    if (!strcmp(op, "lt")) return !un && x < y;
    if (!strcmp(op, "le")) return !un && x <= y;
    if (!strcmp(op, "eq")) return !un && x == y;
    if (!strcmp(op, "ne")) return !un && x != y;
    if (!strcmp(op, "gtu")) return un || x > y;
    if (!strcmp(op, "geu")) return un || x >= y;
    if (!strcmp(op, "num")) return !un;
    return -1;
}

/* random and special 16-bit patterns */
static uint32_t pick16(uint64_t *seed, int f)
{
    static const uint16_t sp16[] = {0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7fff, 0xfe01, 1, 0x8001,
                                    0x3ff, 0x400, 0x7bff, 0xfbff, 0x3555, 0x3c01, 0x4000, 0x5bff, 0x0200, 0x3800};
    static const uint16_t spb[] = {0, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x7fff, 0xffc1, 1, 0x8001,
                                   0x7f, 0x80, 0x7f7f, 0xff7f, 0x3eab, 0x3f81, 0x4000, 0x0040, 0x3f00, 0x0100};
    uint64_t r = pt_rng(seed);
    if ((r & 3) == 0)
        return f == F16 ? sp16[(r >> 2) % 21] : spb[(r >> 2) % 21];
    if ((r & 3) == 1) /* near: similar exponents, so sums round */
        return (uint32_t)((f == F16 ? 0x3800 : 0x3f00) + ((r >> 8) & 0x7ff)) | (uint32_t)((r >> 30) & 1) << 15;
    return (uint32_t)(r >> 16) & 0xffff;
}

static void *reg(wt_module m, void *p, size_t n)
{
    assert_int_equal(wt_module_register_memory(m, p, n, 1), WT_SUCCESS);
    return p;
}
static void unreg(wt_module m, void *p)
{
    wt_module_unregister_memory(m, p);
    free(p);
}
#define CHECK(got, want, ...)                                                                      \
    do {                                                                                           \
        if ((uint64_t)(got) != (uint64_t)(want))                                                   \
            fail_msg(__VA_ARGS__);                                                                 \
    } while (0)

/* ---- half.cu through nvcc ---- */
static const char *const variants[] = {"sm_75.O3", "sm_90.O3", "sm_75.G", "sm_90.G"};

static void scalars(wt_module m, const char *v, int bf)
{
    enum { N = 4000 };
    int f = bf ? BF16 : F16, no = bf ? 8 : 16;
    uint64_t seed = 21 + (uint64_t)bf;
    uint16_t *a = reg(m, malloc(N * 2), N * 2), *b = reg(m, malloc(N * 2), N * 2), *c = reg(m, malloc(N * 2), N * 2);
    uint16_t *o = reg(m, calloc((size_t)N * no, 2), (size_t)N * no * 2);
    for (int i = 0; i < N; i++) {
        a[i] = (uint16_t)pick16(&seed, f);
        b[i] = (uint16_t)pick16(&seed, f);
        c[i] = (uint16_t)pick16(&seed, f);
    }
    int n = N;
    void *p[5] = {&a, &b, &c, &o, &n};
    pt_launch(m, bf ? "bscalar" : "hscalar", (wt_dim3){(N + 127) / 128, 1, 1}, (wt_dim3){128, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint32_t x = a[i], y = b[i], z = c[i];
        double dx = dbl(x, f), dy = dbl(y, f), dz = dbl(z, f);
        uint32_t e[16];
        if (!bf) {
            uint32_t e16[16] = {arith(O_ADD, x, y, 0, f, 0), arith(O_SUB, x, y, 0, f, 0), arith(O_MUL, x, y, 0, f, 0),
                                arith(O_FMA, x, y, z, f, 0), arith(O_ADD, x, y, 0, f, M_SAT),
                                arith(O_FMA, x, y, z, f, M_SAT), x ^ 0x8000, x & 0x7fff, arith(O_MIN, x, y, 0, f, 0),
                                arith(O_MAX, x, y, 0, f, 0), arith(O_MUL, x, y, 0, f, M_SAT),
                                arith(O_SUB, x, y, 0, f, M_SAT), cmp(dx, dy, "lt") ? x : z,
                                cmp(dx, dy, "geu") ? y : z, dx != dx ? y : z, cmp(dx, dz, "ne") ? x : y};
            memcpy(e, e16, sizeof e16);
        } else {
            uint32_t eb[8] = {arith(O_ADD, x, y, 0, f, 0), arith(O_SUB, x, y, 0, f, 0), arith(O_MUL, x, y, 0, f, 0),
                              arith(O_FMA, x, y, z, f, 0), x ^ 0x8000, x & 0x7fff, arith(O_FMA, x, y, z, f, M_RELU),
                              cmp(dx, dy, "lt") ? x : z};
            memcpy(e, eb, sizeof eb);
        }
        for (int k = 0; k < no; k++)
            CHECK(o[no * i + k], e[k], "%s %s thread %d result %d (a %04x b %04x c %04x): PTX %04x, C %04x", v,
                  bf ? "bscalar" : "hscalar", i, k, x, y, z, o[no * i + k], e[k]);
    }
    unreg(m, a), unreg(m, b), unreg(m, c), unreg(m, o);
}

static void pairs(wt_module m, const char *v, int bf)
{
    enum { N = 3000 };
    int f = bf ? BF16 : F16, no = bf ? 4 : 8;
    uint64_t seed = 31 + (uint64_t)bf;
    uint32_t *a = reg(m, malloc(N * 4), N * 4), *b = reg(m, malloc(N * 4), N * 4), *c = reg(m, malloc(N * 4), N * 4);
    uint32_t *o = reg(m, calloc((size_t)N * no, 4), (size_t)N * no * 4);
    for (int i = 0; i < N; i++) {
        a[i] = pick16(&seed, f) | pick16(&seed, f) << 16;
        b[i] = pick16(&seed, f) | pick16(&seed, f) << 16;
        c[i] = pick16(&seed, f) | pick16(&seed, f) << 16;
    }
    int n = N;
    void *p[5] = {&a, &b, &c, &o, &n};
    pt_launch(m, bf ? "bpair" : "hpair", (wt_dim3){(N + 95) / 96, 1, 1}, (wt_dim3){96, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint32_t x = a[i], y = b[i], z = c[i], e[8];
        if (!bf) {
            uint32_t le = (cmp(dbl(x & 0xffff, f), dbl(y & 0xffff, f), "le") ? 0x3c00u : 0) |
                          (cmp(dbl(x >> 16, f), dbl(y >> 16, f), "le") ? 0x3c000000u : 0);
            uint32_t e16[8] = {pair(O_ADD, x, y, 0, f, 0), pair(O_SUB, x, y, 0, f, 0), pair(O_MUL, x, y, 0, f, 0),
                               pair(O_FMA, x, y, z, f, 0), x ^ 0x80008000u, x & 0x7fff7fffu, le,
                               (x >> 16) | (z & 0xffff) << 16};
            memcpy(e, e16, sizeof e16);
        } else {
            uint32_t eb[4] = {pair(O_ADD, x, y, 0, f, 0), pair(O_MUL, x, y, 0, f, 0), pair(O_FMA, x, y, z, f, 0),
                              pair(O_SUB, x, y, 0, f, 0)};
            memcpy(e, eb, sizeof eb);
        }
        for (int k = 0; k < no; k++)
            CHECK(o[no * i + k], e[k], "%s %s thread %d result %d (a %08x b %08x c %08x): PTX %08x, C %08x", v,
                  bf ? "bpair" : "hpair", i, k, x, y, z, o[no * i + k], e[k]);
    }
    unreg(m, a), unreg(m, b), unreg(m, c), unreg(m, o);
}

/* float to integer as cvt.rXi does: NaN 0, saturated to the type */
static int64_t to_int(double d, int md, int64_t lo, int64_t hi)
{
    if (d != d)
        return 0;
    d = md == RZ ? trunc(d) : md == RM ? floor(d) : md == RP ? ceil(d) : nearbyint(d);
    return d <= (double)lo ? lo : d >= (double)hi ? hi : (int64_t)d;
}
static uint32_t r32(float x, int f, int md)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    if (x != x) /* the top payload bits and the quiet bit */
        return (u >> 31) << 15 | (f == F16 ? 0x7e00u | ((u >> 13) & 0x3ff) : 0x7fc0u | ((u >> 16) & 0x7f));
    if (isinf(x))
        return (u >> 31) << 15 | inf16(f);
    return round16(dec32(u), f, md);
}

static void conversions(wt_module m, const char *v, int sm90)
{
    enum { N = 3000 };
    uint64_t seed = 41;
    float *fv = reg(m, malloc(N * 4), N * 4);
    double *dv = reg(m, malloc(N * 8), N * 8);
    int32_t *kv = reg(m, malloc(N * 4), N * 4);
    uint16_t *oh = reg(m, calloc(N * 12, 2), N * 12 * 2), *ob = reg(m, calloc(N * 6, 2), N * 6 * 2);
    int32_t *oi = reg(m, calloc(N * 8, 4), N * 8 * 4);
    for (int i = 0; i < N; i++) {
        uint64_t r = pt_rng(&seed);
        uint32_t u = (uint32_t)r;
        if ((r >> 32) % 4 == 0) /* half and bf16 ties and their neighbours */
            u = (u & 0xffffe000u) | ((r >> 40) & 1 ? 0x1000u : 0xfffu) | (uint32_t)((r >> 41) & 1);
        if ((r >> 32) % 4 == 1)
            u = (uint32_t)(0x30000000u + ((r >> 34) & 0x0fffffffu)) | (u & 0x80000000u); /* within half range */
        memcpy(&fv[i], &u, 4);
        uint64_t du = pt_rng(&seed);
        du = (du & 0x800fffffffffffffull) | (uint64_t)(1023 - 30 + (du >> 52) % 50) << 52;
        memcpy(&dv[i], &du, 8);
        kv[i] = (int32_t)(pt_rng(&seed) >> (32 + (i % 31)));
        if (i & 1)
            kv[i] = -kv[i];
    }
    fv[0] = 65520.0f, fv[1] = -65519.99f, fv[2] = 0x1p-25f, fv[3] = -0x1p-24f, fv[4] = 2049.0f * 0x1p-25f;
    fv[5] = 1e30f, fv[6] = NAN, fv[7] = -0.0f, fv[8] = 3.5f, fv[9] = -2.5f;
    int n = N;
    void *p[7] = {&fv, &dv, &kv, &oh, &ob, &oi, &n};
    pt_launch(m, "conv", (wt_dim3){(N + 127) / 128, 1, 1}, (wt_dim3){128, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        float x = fv[i];
        int32_t k = kv[i];
        uint64_t du;
        memcpy(&du, &dv[i], 8);
        uint32_t eh[12] = {r32(x, F16, RN), r32(x, F16, RZ), r32(x, F16, RM), r32(x, F16, RP), round16(dec64(du), F16, RN),
                           round16((xv){k < 0, (u128)(k < 0 ? -(int64_t)k : k), 0}, F16, RN),
                           round16((xv){k < 0, (u128)(k < 0 ? -(int64_t)k : k), 0}, F16, RZ),
                           round16((xv){0, (u128)(uint32_t)k, 0}, F16, RM),
                           round16((xv){(int16_t)k < 0, (u128)(uint32_t)((int16_t)k < 0 ? -(int32_t)(int16_t)k : (int16_t)k), 0}, F16, RP),
                           round16((xv){k < 0, (u128)((k < 0 ? -(int64_t)k : k) * 977), 0}, F16, RN),
                           r32(x, F16, RN), x != x ? 0x7fff : r32(-x * 0.5f, F16, RN)}; /* f32 NaN: 0x7fffffff */
        for (int j = 0; j < 12; j++)
            CHECK(oh[12 * i + j], eh[j], "%s conv thread %d half %d (f %a d %a k %d): PTX %04x, C %04x", v, i, j,
                  (double)x, dv[i], k, oh[12 * i + j], eh[j]);
        double g = dbl(eh[0], F16);
        int32_t ei[8] = {(int32_t)to_int(g, RN, INT32_MIN, INT32_MAX), (int32_t)to_int(g, RZ, INT32_MIN, INT32_MAX),
                         (int32_t)(uint32_t)to_int(g, RM, 0, UINT32_MAX), (int16_t)to_int(g, RP, INT16_MIN, INT16_MAX),
                         (int32_t)to_int(g, RM, INT64_MIN, INT64_MAX), (int32_t)(uint16_t)to_int(g, RN, 0, UINT16_MAX),
                         0, 0};
        int ni = 6;
        if (sm90) {
            uint32_t eb[6] = {r32(x, BF16, RN), r32(x, BF16, RZ), r32(x, BF16, RM), r32(x, BF16, RP),
                              round16(dec64(du), BF16, RN), round16((xv){k < 0, (u128)(k < 0 ? -(int64_t)k : k), 0}, BF16, RN)};
            for (int j = 0; j < 6; j++)
                CHECK(ob[6 * i + j], eb[j], "%s conv thread %d bf16 %d (f %a d %a k %d): PTX %04x, C %04x", v, i, j,
                      (double)x, dv[i], k, ob[6 * i + j], eb[j]);
            double gb = dbl(eb[0], BF16);
            ei[6] = (int32_t)to_int(gb, RZ, INT32_MIN, INT32_MAX);
            ei[7] = (int32_t)(uint32_t)to_int(gb, RP, 0, UINT32_MAX);
            ni = 8;
        }
        for (int j = 0; j < ni; j++)
            CHECK(oi[8 * i + j], ei[j], "%s conv thread %d int %d (half %04x): PTX %d, C %d", v, i, j, eh[0],
                  oi[8 * i + j], ei[j]);
    }
    unreg(m, fv), unreg(m, dv), unreg(m, kv), unreg(m, oh), unreg(m, ob), unreg(m, oi);
}

static void run_variant(int k)
{
    char file[64];
    snprintf(file, sizeof file, "half.%s.ptx", variants[k]);
    wt_module m = pt_load(file);
    int sm90 = k == 1 || k == 3;
    scalars(m, variants[k], 0);
    pairs(m, variants[k], 0);
    if (sm90) {
        scalars(m, variants[k], 1);
        pairs(m, variants[k], 1);
    }
    conversions(m, variants[k], sm90);
    wt_module_unload(m);
}
static void half_sm75_O3(void **s) { (void)s; run_variant(0); }
static void half_sm90_O3(void **s) { (void)s; run_variant(1); }
static void half_sm75_G(void **s) { (void)s; run_variant(2); }
static void half_sm90_G(void **s) { (void)s; run_variant(3); }

/* ---- half_forms.sm_90.ptx: every 16-bit pattern through the unary forms ---- */
static uint32_t f32bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
}
static uint32_t approx(double (*fn)(double), uint32_t h, int f, int ftz)
{
    if (ftz && !(h & (f == F16 ? 0x7c00u : 0x7f80u)))
        h &= 0x8000u;
    uint32_t r = from_double(fn(dbl(h, f)), f, RN);
    if (ftz && !(r & (f == F16 ? 0x7c00u : 0x7f80u)))
        r &= 0x8000u;
    return r;
}
static uint32_t satfinite(uint32_t h, int f) { return (h & 0x7fff) == inf16(f) ? h - 1 : h; }
static uint32_t relu(uint32_t h) { return h == 0x7fff || (h & 0x7fff) > 0x7c00 ? 0x7fff : (h & 0x8000) && (h & 0x7fff) ? 0 : h; }

static void unary_all(void **state)
{
    (void)state;
    wt_module m = pt_load("half_forms.sm_90.ptx");
    enum { N = 65536, NO = 28 };
    uint16_t *hv = reg(m, malloc(N * 2), N * 2);
    float *fv = reg(m, malloc(N * 4), N * 4);
    uint32_t *o = reg(m, calloc((size_t)N * NO, 4), (size_t)N * NO * 4);
    uint64_t seed = 51;
    for (int i = 0; i < N; i++) {
        hv[i] = (uint16_t)i;
        /* an f32 whose top half is i: every exponent, with low bits random, at a tie or next to it */
        uint32_t lo = (uint32_t)pt_rng(&seed) & 0xffff;
        lo = i % 4 == 0 ? 0x8000 : i % 4 == 1 ? (lo & 0xf000) | 0x0fff : i % 4 == 2 ? (lo & 0xe000) | 0x1000 : lo;
        uint32_t u = (uint32_t)i << 16 | lo;
        memcpy(&fv[i], &u, 4);
    }
    void *p[3] = {&hv, &fv, &o};
    pt_launch(m, "hunary", (wt_dim3){N / 256, 1, 1}, (wt_dim3){256, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint32_t h = (uint32_t)i;
        float x = fv[i];
        double dh = dbl(h, F16), db = dbl(h, BF16);
        /* neg.f32 of cvt.f32.f16 h (a NaN is the canonical 0x7fffffff) */
        uint32_t nb = (is_nan16(h, F16) ? 0x7fffffffu : f32bits((float)dh)) ^ 0x80000000u;
        float nf;
        memcpy(&nf, &nb, 4);
        uint32_t hf = r32(nf, F16, RN);
        uint64_t dx = 0;
        double xd = (double)x;
        memcpy(&dx, &xd, 8);
        uint32_t e[NO] = {
            f32bits((float)dh) | (is_nan16(h, F16) ? 0x7fffffffu : 0),
            f32bits((float)db) | (is_nan16(h, BF16) ? 0x7fffffffu : 0),
            ftz16(h) ^ 0x8000u,
            h & 0x7fff,
            approx(exp2, h, F16, 0),
            approx(tanh, h, F16, 0),
            approx(exp2, h, BF16, 1),
            approx(tanh, h, BF16, 0),
            (uint32_t)to_int(dh, RN, INT32_MIN, INT32_MAX),
            (uint32_t)to_int(db, RZ, 0, UINT32_MAX),
            (uint32_t)(int32_t)to_int(dh, RM, INT16_MIN, INT16_MAX),
            is_nan16(h, BF16) ? (h & 0x8000) | 0x7e00 | ((h & 0x7f) << 3) : from_double(db, F16, RN),
            is_nan16(h, F16) ? (h & 0x8000) | 0x7fc0 | ((h >> 3) & 0x7f) : from_double(dh, BF16, RN),
            is_nan16(h, F16) ? (h | 0x200) : from_double(ceil(dh), F16, RN),
            r32(x, F16, RN) | r32(x, F16, RZ) << 16,
            r32(x, F16, RM) | r32(x, F16, RP) << 16,
            r32(x, BF16, RN) | r32(x, BF16, RZ) << 16,
            r32(x, BF16, RM) | r32(x, BF16, RP) << 16,
            satfinite(relu(hf), F16) | satfinite(relu(r32(x, F16, RN)), F16) << 16,
            satfinite(r32(x, BF16, RZ), BF16) | satfinite(r32(nf, BF16, RZ), BF16) << 16,
            relu(r32(x, F16, RN)) | satfinite(r32(x, BF16, RN), BF16) << 16,
            (x != x ? 0x7fff : round16(dec64(dx), F16, RM)) | /* cvt.f64.f32 of a NaN: 0x7fff... */
                (x != x ? 0x7fff : isinf(x) ? (f32bits(x) >> 16) : round16(dec64(dx), BF16, RP)) << 16,
            (uint32_t)to_int(dh, RZ, INT64_MIN, INT64_MAX),
            x != x ? 0x7fffffffu : f32bits((float)tanh((double)x)),
            (ftz16(h) ^ 0x8000u) | h << 16,
            x > 0 ? 0x3c00u : 0,
            x < 0 ? 0x3f80u : 0,
            0};
        for (int k = 0; k < NO - 1; k++)
            CHECK(o[NO * i + k], e[k], "hunary pattern %04x (f %08x) result %d: PTX %08x, C %08x", h, f32bits(x), k,
                  o[NO * i + k], e[k]);
    }
    unreg(m, hv), unreg(m, fv), unreg(m, o);
    wt_module_unload(m);
}

static void binary_forms(void **state)
{
    (void)state;
    wt_module m = pt_load("half_forms.sm_90.ptx");
    enum { N = 20480, NO = 24 };
    uint16_t *a = reg(m, malloc(N * 2), N * 2), *b = reg(m, malloc(N * 2), N * 2), *c = reg(m, malloc(N * 2), N * 2);
    uint32_t *o = reg(m, calloc((size_t)N * NO, 4), (size_t)N * NO * 4);
    uint64_t seed = 61;
    for (int i = 0; i < N; i++) {
        int f = i & 1 ? BF16 : F16; /* patterns of both kinds, each op sees both */
        a[i] = (uint16_t)pick16(&seed, f);
        b[i] = (uint16_t)pick16(&seed, f);
        c[i] = (uint16_t)pick16(&seed, f);
    }
    void *p[4] = {&a, &b, &c, &o};
    pt_launch(m, "hbinary", (wt_dim3){(N + 127) / 128, 1, 1}, (wt_dim3){128, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint32_t x = a[i], y = b[i], z = c[i];
        uint32_t r5 = x | y << 16, r6 = y | z << 16, r7 = z | x << 16;
        int lo1 = cmp(dbl(ftz16(x), F16), dbl(ftz16(y), F16), "lt"), hi1 = cmp(dbl(ftz16(y), F16), dbl(ftz16(z), F16), "lt");
        int lo3 = cmp(dbl(x, BF16), dbl(y, BF16), "geu") && !lo1, hi3 = cmp(dbl(y, BF16), dbl(z, BF16), "geu") && !lo1;
        int ne_lo = cmp(dbl(x, BF16), dbl(y, BF16), "ne") || hi1, ne_hi = cmp(dbl(y, BF16), dbl(z, BF16), "ne") || hi1;
        uint32_t e[NO] = {
            arith(O_ADD, x, y, 0, F16, M_FTZ | M_SAT) | arith(O_MUL, x, y, 0, F16, M_FTZ) << 16,
            arith(O_FMA, x, y, z, F16, M_FTZ | M_RELU) | arith(O_MIN, x, y, 0, F16, M_NAN) << 16,
            arith(O_MAX, x, y, 0, F16, M_XS) | arith(O_MIN, x, y, 0, F16, M_FTZ) << 16,
            arith(O_MAX, x, y, 0, BF16, M_NAN) | arith(O_MIN, x, y, 0, BF16, M_XS) << 16,
            arith(O_ADD, x, y, 0, BF16, 0) | arith(O_SUB, x, y, 0, BF16, 0) << 16,
            arith(O_MUL, x, y, 0, BF16, 0) | arith(O_FMA, x, y, z, BF16, 0) << 16,
            arith(O_SUB, x, y, 0, F16, M_FTZ | M_SAT) | arith(O_FMA, x, y, z, F16, M_SAT) << 16,
            pair(O_FMA, r5, r6, r7, BF16, M_RELU),
            pair(O_MAX, r5, r6, 0, F16, M_FTZ | M_NAN),
            pair(O_MUL, r5, r6, 0, F16, M_FTZ | M_SAT),
            pair(O_MIN, r5, r6, 0, BF16, 0),
            (uint32_t)(lo1 | hi1 << 1 | lo3 << 2 | hi3 << 3),
            (cmp(dbl(x, F16), dbl(y, F16), "lt") ? 0xffffu : 0) | (cmp(dbl(y, F16), dbl(z, F16), "lt") ? 0xffff0000u : 0),
            (ne_lo ? 0x3f80u : 0) | (ne_hi ? 0x3f800000u : 0),
            (uint32_t)(cmp(dbl(x, BF16), dbl(y, BF16), "gtu") | cmp(dbl(ftz16(x), F16), dbl(ftz16(y), F16), "eq") << 1),
            cmp(dbl(ftz16(x), F16), dbl(ftz16(y), F16), "le") ? 0x3c00u : 0,
            cmp(dbl(x, BF16), dbl(y, BF16), "num") ? 0xffffffffu : 0,
            pair(O_ADD, r5, r6, 0, F16, 0),
            r5 ^ 0x80008000u,
            (ftz16(x) & 0x7fff) | (ftz16(y) & 0x7fff) << 16,
            approx(exp2, x, BF16, 1) | approx(exp2, y, BF16, 1) << 16,
            approx(tanh, x, F16, 0) | approx(tanh, y, F16, 0) << 16,
            0, 0};
        for (int k = 0; k < NO - 2; k++)
            CHECK(o[NO * i + k], e[k], "hbinary thread %d result %d (a %04x b %04x c %04x): PTX %08x, C %08x", i, k, x,
                  y, z, o[NO * i + k], e[k]);
    }
    unreg(m, a), unreg(m, b), unreg(m, c), unreg(m, o);
    wt_module_unload(m);
}

/* the model itself on cases worked by hand, so that a wrong model cannot pass both sides */
static void model_cases(void **state)
{
    (void)state;
    assert_int_equal(arith(O_ADD, 0x3c00, 0x3c00, 0, F16, 0), 0x4000);      /* 1 + 1 = 2 */
    assert_int_equal(arith(O_ADD, 0x3c00, 0x1000, 0, F16, 0), 0x3c00);      /* 1 + 2^-11: tie to even */
    assert_int_equal(arith(O_ADD, 0x3c01, 0x1000, 0, F16, 0), 0x3c02);      /* tie to even upward */
    assert_int_equal(arith(O_ADD, 0x7bff, 0x5000, 0, F16, 0), 0x7c00);      /* 65504 + 32 rounds to inf */
    assert_int_equal(arith(O_ADD, 0x7bff, 0x4b80, 0, F16, 0), 0x7bff);      /* 65504 + 15 stays */
    assert_int_equal(arith(O_ADD, 0x7bff, 0x4c00, 0, F16, 0), 0x7c00);      /* 65504 + 16: the tie, to inf */
    assert_int_equal(arith(O_SUB, 0x3c00, 0x3c00, 0, F16, 0), 0x0000);      /* +0 */
    assert_int_equal(arith(O_MUL, 0x0001, 0x3800, 0, F16, 0), 0x0000);      /* 2^-25: tie to even 0 */
    assert_int_equal(arith(O_MUL, 0x0003, 0x3800, 0, F16, 0), 0x0002);      /* 1.5 * 2^-24 -> 2 * 2^-24 */
    assert_int_equal(arith(O_FMA, 0x3c00, 0x3c00, 0x8001, F16, 0), 0x3c00); /* 1 - 2^-24 */
    assert_int_equal(arith(O_FMA, 0x3c01, 0x3c00, 0x9000, F16, 0), 0x3c00); /* (1+2^-10) - 2^-11: tie, even */
    /* bf16: 1 + 2^-8 is a tie (to 1); with 2^-140 more it rounds up */
    assert_int_equal(arith(O_ADD, 0x3f80, 0x3b80, 0, BF16, 0), 0x3f80);
    assert_int_equal(arith(O_FMA, 0x3b80, 0x3f80, 0x3f80 | 0, BF16, 0), 0x3f80);
    assert_int_equal(round16((xv){0, ((u128)0x101 << 60) | 1, -68}, BF16, RN), 0x3f81);
    assert_int_equal(arith(O_MIN, 0x8000, 0x0000, 0, F16, 0), 0x8000);
    assert_int_equal(arith(O_MAX, 0x7e00, 0x3c00, 0, F16, 0), 0x3c00);
    assert_int_equal(arith(O_MAX, 0x7e00, 0x3c00, 0, F16, M_NAN), 0x7fff);
    assert_int_equal(arith(O_ADD, 0x3c00, 0x3c00, 0, F16, M_SAT), 0x3c00);
    assert_int_equal(r32(65520.0f, F16, RN), 0x7c00);
    assert_int_equal(r32(65519.99f, F16, RN), 0x7bff);
    assert_int_equal(r32(65520.0f, F16, RZ), 0x7bff);
    assert_int_equal(r32(-0x1p-25f, F16, RN), 0x8000);
    assert_int_equal(r32(-0x1p-25f, F16, RM), 0x8001);
    assert_int_equal(r32(1.00390625f, BF16, RN), 0x3f80); /* 1 + 2^-8: tie to even */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(model_cases),  cmocka_unit_test(half_sm75_O3), cmocka_unit_test(half_sm90_O3),
        cmocka_unit_test(half_sm75_G),  cmocka_unit_test(half_sm90_G),  cmocka_unit_test(unary_all),
        cmocka_unit_test(binary_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
