/* test_surf_sust_p.c -- sust.p: conversion into every surface format, missing channels, sample addressing
 * SPDX-License-Identifier: MIT
 *
 * Expected codes come from models written here from SEMANTICS §10.3, D/Q10,
 * D2.10 and D2.18 (double arithmetic, the C library's rounding), plus hand
 * tables of edge values. */
#define _DEFAULT_SOURCE 1
#include <math.h>

#include "surf_util.h"

typedef struct fmt {
    const char *name;
    int nch, cbytes, ctype, kind;
} fmt;

#define FMT3(nm, cb, ct, k) \
    {nm "x1", 1, cb, ct, k}, {nm "x2", 2, cb, ct, k}, { nm "x4", 4, cb, ct, k }
static const fmt FMTS[] = {
    FMT3("u8", 1, WT__U8, WT_CHANNEL_UNSIGNED),       FMT3("u16", 2, WT__U16, WT_CHANNEL_UNSIGNED),
    FMT3("u32", 4, WT__U32, WT_CHANNEL_UNSIGNED),     FMT3("s8", 1, WT__S8, WT_CHANNEL_SIGNED),
    FMT3("s16", 2, WT__S16, WT_CHANNEL_SIGNED),       FMT3("s32", 4, WT__S32, WT_CHANNEL_SIGNED),
    FMT3("f16", 2, WT__F16, WT_CHANNEL_FLOAT),        FMT3("f32", 4, WT__F32, WT_CHANNEL_FLOAT),
    FMT3("unorm8", 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED),
    FMT3("unorm16", 2, WT__U16, WT_CHANNEL_UNSIGNED_NORMALIZED),
    FMT3("snorm8", 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED),
    FMT3("snorm16", 2, WT__S16, WT_CHANNEL_SIGNED_NORMALIZED),
};

static float f_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static int32_t s_of(uint32_t u)
{
    int32_t s;
    memcpy(&s, &u, 4);
    return s;
}

/* D2.10 model: toward zero, with the exponent found by frexp and the
 * mantissa cut by floor, all exact in double. */
static uint32_t model_f16(uint32_t u)
{
    uint32_t sign = (u >> 16) & 0x8000u;
    if ((u & 0x7fffffffu) > 0x7f800000u) { /* NaN: top 10 payload bits, quiet if 0 */
        uint32_t top = (u >> 13) & 0x3ffu;
        return sign | 0x7c00u | (top ? top : 0x200u);
    }
    double a = fabs((double)f_of(u));
    if (isinf(a))
        return sign | 0x7c00u;
    if (a >= 65504.0)
        return sign | 0x7bffu; /* §10.3: beyond 65504 -> 65504 */
    if (a < ldexp(1.0, -14))
        return sign | (uint32_t)floor(a / ldexp(1.0, -24)); /* subnormal grid, toward zero */
    int e;
    double m = frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    uint32_t frac = (uint32_t)floor((m * 2.0 - 1.0) * 1024.0);
    return sign | (uint32_t)(e - 1 + 15) << 10 | frac;
}

/* Q10 model: NaN -> 0, clamp, scale, nearbyint (round to nearest even in
 * the default mode). */
static uint32_t model_norm(uint32_t u, int bits, int sgn)
{
    float f = f_of(u);
    if (f != f)
        return 0;
    double lo = sgn ? -1.0 : 0.0, x = f;
    if (x < lo)
        x = lo;
    if (x > 1.0)
        x = 1.0;
    double scale = sgn ? ldexp(1.0, bits - 1) - 1.0 : ldexp(1.0, bits) - 1.0;
    long long q = (long long)nearbyint(x * scale);
    return (uint32_t)q & (bits == 8 ? 0xffu : 0xffffu);
}

static uint32_t model_channel(const fmt *f, uint32_t u)
{
    int bits = f->cbytes * 8;
    uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1u;
    switch (f->kind) {
    case WT_CHANNEL_UNSIGNED: return u > mask ? mask : u;
    case WT_CHANNEL_SIGNED: {
        long long v = s_of(u), hi = (1ll << (bits - 1)) - 1, lo = -(1ll << (bits - 1));
        v = v > hi ? hi : v < lo ? lo : v;
        return (uint32_t)v & mask;
    }
    case WT_CHANNEL_FLOAT: return bits == 32 ? u : model_f16(u);
    case WT_CHANNEL_UNSIGNED_NORMALIZED: return model_norm(u, bits, 0);
    default: return model_norm(u, bits, 1);
    }
}

/* Store v[0..vec-1] at sample 1 of a 3-sample 1D surface; check every byte
 * of the 3 samples. */
static void check_store(const fmt *f, int vec, const uint32_t src[4])
{
    int es = f->nch * f->cbytes;
    su_fence m = su_fence_alloc((size_t)3 * es, 1);
    memset(m.p, 0xa5, (size_t)3 * es);
    wt__surf s = su_make(m.p, f->nch, f->cbytes, f->ctype, f->kind, 3, 1, 1, 0, (size_t)3 * es, 1);
    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, WT_GEOM_1D, vec, 32, WT_CLAMP_TRAP);
    int32_t c[4] = {1, 0, 0, 0};
    /* high register bits must not matter: sust.p is .b32 */
    uint64_t v[4] = {src[0] | 0xdead000000000000ull, src[1], src[2], src[3]};
    assert_int_equal(su_store(&s, &op, c, v), 0);
    uint8_t want[3 * 16];
    memset(want, 0xa5, sizeof want);
    for (int ch = 0; ch < f->nch; ch++) {
        /* §10.3 [3P-M]: channels the operands do not reach are written 0 */
        uint32_t code = ch < vec ? model_channel(f, src[ch]) : 0;
        for (int i = 0; i < f->cbytes; i++)
            want[es + ch * f->cbytes + i] = (uint8_t)(code >> 8 * i);
    }
    if (memcmp(want, m.p, (size_t)3 * es) != 0) {
        print_error("%s v%d src %08x %08x %08x %08x\n", f->name, vec, src[0], src[1], src[2], src[3]);
        for (int i = 0; i < 3 * es; i++)
            print_error("  byte %d: got %02x want %02x\n", i, m.p[i], want[i]);
        fail();
    }
    su_fence_free(&m);
}

static const uint32_t EDGES[] = {
    /* integers */
    0, 1, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xffffff80u,
    0xffffff7fu, 0xffff8000u, 0xffff7fffu, 0x12345678u,
    /* floats */
    0x00000000u, 0x80000000u, 0x3f800000u /* 1 */, 0xbf800000u /* -1 */, 0x3f000000u /* 0.5 */,
    0xbf000000u, 0x3effffffu, 0x3f000001u, 0x40000000u /* 2 */, 0xc0000000u, 0x3b808081u /* ~1/255 */,
    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffc12345u, 0x7fbfffffu, 0x7f800000u, 0xff800000u,
    0x477fe000u /* 65504 */, 0x477ff000u /* 65520 */, 0x477fefffu, 0x501502f9u /* 1e10 */, 0xd01502f9u,
    0x33800000u /* 2^-24 */, 0x33000000u /* 2^-25 */, 0x33c00000u /* 1.5*2^-24 */, 0xb3000000u,
    0x00000001u, 0x80000001u, 0x38800000u /* 2^-14 */, 0x387fc000u, 0x3f801000u /* 1+2^-11 */,
    0x3f800800u /* 1+2^-12 */, 0x3f801800u, 0xbfffffffu, 0x3c010204u /* 1/127 */, 0x3d000000u,
};

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint32_t rnd32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static void every_format_every_vec(void **state)
{
    (void)state;
    const size_t ne = sizeof EDGES / sizeof EDGES[0];
    int n = 0;
    for (size_t fi = 0; fi < sizeof FMTS / sizeof FMTS[0]; fi++)
        for (int vec = 1; vec <= 4; vec *= 2) {
            for (size_t i = 0; i < ne; i++) {
                uint32_t src[4] = {EDGES[i], EDGES[(i + 7) % ne], EDGES[(i + 19) % ne], EDGES[(i + 31) % ne]};
                check_store(&FMTS[fi], vec, src);
                n++;
            }
            for (int r = 0; r < 300; r++) {
                uint32_t src[4];
                for (int k = 0; k < 4; k++) {
                    uint32_t x = rnd32();
                    /* half of them floats in [-1.5, 1.5] so the normalised
                     * formats see mostly unclamped values */
                    if (r & 1)
                        x = su_f32_bits((float)((double)(x % 3000001u) / 1000000.0 - 1.5));
                    src[k] = x;
                }
                check_store(&FMTS[fi], vec, src);
                n++;
            }
        }
    assert_true(n > 10000);
}

/* Single stores with the expected code written out by hand. */
static uint32_t store1(int nch, int cbytes, int ctype, int kind, uint32_t r)
{
    su_fence m = su_fence_alloc((size_t)nch * cbytes, 1);
    memset(m.p, 0xa5, (size_t)nch * cbytes);
    wt__surf s = su_make(m.p, nch, cbytes, ctype, kind, 1, 1, 1, 0, (size_t)nch * cbytes, 1);
    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, WT_GEOM_1D, 1, 32, WT_CLAMP_TRAP);
    int32_t c[4] = {0, 0, 0, 0};
    uint64_t v[4] = {r, 0, 0, 0};
    assert_int_equal(su_store(&s, &op, c, v), 0);
    uint32_t code = 0;
    for (int i = cbytes - 1; i >= 0; i--)
        code = code << 8 | m.p[i];
    su_fence_free(&m);
    return code;
}

static void hand_table(void **state)
{
    (void)state;
    /* unsigned / signed saturation (§10.3 [3P-M]) */
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 300), 0xff);
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 0xffffffffu), 0xff);
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 200), 200);
    assert_int_equal(store1(1, 2, WT__U16, WT_CHANNEL_UNSIGNED, 70000), 0xffff);
    assert_int_equal(store1(1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 0xfedcba98u), 0xfedcba98u);
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED, (uint32_t)-200), 0x80);
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED, 200), 0x7f);
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED, (uint32_t)-5), 0xfb);
    assert_int_equal(store1(1, 2, WT__S16, WT_CHANNEL_SIGNED, 0x80000000u), 0x8000);
    assert_int_equal(store1(1, 2, WT__S16, WT_CHANNEL_SIGNED, 0x7fffffffu), 0x7fff);
    assert_int_equal(store1(1, 4, WT__S32, WT_CHANNEL_SIGNED, 0x80000000u), 0x80000000u);
    /* f32: bits as given, NaN payload and all */
    assert_int_equal(store1(1, 4, WT__F32, WT_CHANNEL_FLOAT, 0x7f800001u), 0x7f800001u);
    /* f16 toward zero (§10.3, D2.10) */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x3f800000u), 0x3c00);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x3f803000u), 0x3c01); /* 1+2^-10+2^-11 */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x3f801800u), 0x3c00); /* 1+0.75 ulp */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0xbf802fffu), 0xbc01);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x477ff000u), 0x7bff); /* 65520 */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0xd01502f9u), 0xfbff); /* -1e10 */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x7f800000u), 0x7c00);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0xff800000u), 0xfc00);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x7f800001u), 0x7e00);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0xffc12345u), 0xfe09);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x7f802000u), 0x7c01);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x33c00000u), 0x0001); /* 1.5*2^-24 */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x33000000u), 0x0000); /* 2^-25 */
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0xb3000000u), 0x8000);
    assert_int_equal(store1(1, 2, WT__F16, WT_CHANNEL_FLOAT, 0x387fc000u), 0x03ff);
    /* UNORM / SNORM (Q10, D2.18) */
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x3f800000u), 0xff);
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x3f000000u), 0x80); /* 127.5 -> 128 */
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x3effffffu), 0x7f);
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x7fc00000u), 0x00);
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 0xbf800000u), 0x00);
    assert_int_equal(store1(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x7f800000u), 0xff);
    assert_int_equal(store1(1, 2, WT__U16, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x3f000000u), 0x8000);
    assert_int_equal(store1(1, 2, WT__U16, WT_CHANNEL_UNSIGNED_NORMALIZED, 0x40000000u), 0xffff);
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED, 0xbf800000u), 0x81); /* -1 -> -127 */
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED, 0xc0000000u), 0x81);
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED, 0x3f000000u), 0x40); /* 63.5 -> 64 */
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED, 0xbf000000u), 0xc0);
    assert_int_equal(store1(1, 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED, 0xffc00000u), 0x00);
    assert_int_equal(store1(1, 2, WT__S16, WT_CHANNEL_SIGNED_NORMALIZED, 0xbf800000u), 0x8001);
    assert_int_equal(store1(1, 2, WT__S16, WT_CHANNEL_SIGNED_NORMALIZED, 0x3f800000u), 0x7fff);
}

/* §10.1: sust.p's x counts samples; §10.2 policies apply per sample. */
static void sample_addressing(void **state)
{
    (void)state;
    /* 2D RGBA8, 5 x 3, pitch 24 (4 padding bytes per row) */
    su_fence m = su_fence_alloc(24 * 3, 1);
    memset(m.p, 0, 24 * 3);
    wt__surf s = su_make(m.p, 4, 1, WT__U8, WT_CHANNEL_UNSIGNED, 5, 3, 1, 0, 24, 2);
    uint64_t v[4] = {1, 2, 3, 4};
    int32_t c[4] = {2, 1, 0, 0};
    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, WT_GEOM_2D, 4, 32, WT_CLAMP_TRAP);
    assert_int_equal(su_store(&s, &op, c, v), 0);
    assert_true(m.p[24 + 8] == 1 && m.p[24 + 9] == 2 && m.p[24 + 10] == 3 && m.p[24 + 11] == 4);
    /* clamp: sample 7 -> 4, y 5 -> 2; INT32_MAX samples must not overflow */
    op.clamp = WT_CLAMP_CLAMP;
    v[0] = 9;
    c[0] = 7;
    c[1] = 5;
    assert_int_equal(su_store(&s, &op, c, v), 0);
    assert_int_equal(m.p[48 + 16], 9);
    c[0] = INT32_MAX;
    c[1] = INT32_MIN;
    v[0] = 10;
    assert_int_equal(su_store(&s, &op, c, v), 0);
    assert_int_equal(m.p[16], 10);
    c[0] = INT32_MIN;
    v[0] = 11;
    assert_int_equal(su_store(&s, &op, c, v), 0);
    assert_int_equal(m.p[0], 11);
    /* padding never written */
    for (int y = 0; y < 3; y++)
        for (int i = 20; i < 24; i++)
            assert_int_equal(m.p[y * 24 + i], 0);
    uint8_t before[72];
    memcpy(before, m.p, 72);
    op.clamp = WT_CLAMP_ZERO;
    c[0] = 5;
    c[1] = 0;
    assert_int_equal(su_store(&s, &op, c, v), 0);
    op.clamp = WT_CLAMP_TRAP;
    assert_int_equal(su_store(&s, &op, c, v), 1);
    c[0] = -1;
    assert_int_equal(su_store(&s, &op, c, v), 1);
    assert_memory_equal(before, m.p, 72);
    su_fence_free(&m);

    /* 3D R32F 2 x 2 x 2: sample (1, 1, 1) is the last 4 bytes */
    m = su_fence_alloc(32, 1);
    memset(m.p, 0, 32);
    s = su_make(m.p, 1, 4, WT__F32, WT_CHANNEL_FLOAT, 2, 2, 2, 0, 8, 3);
    op = su_op(WT_FAMILY_SUST, WT_SURF_P, WT_GEOM_3D, 1, 32, WT_CLAMP_CLAMP);
    int32_t c3[4] = {1, 9, 9, 0};
    uint64_t v3[4] = {0x3f800000u, 0, 0, 0};
    assert_int_equal(su_store(&s, &op, c3, v3), 0);
    assert_int_equal(m.p[31], 0x3f);
    assert_int_equal(m.p[30], 0x80);
    su_fence_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_format_every_vec),
        cmocka_unit_test(hand_table),
        cmocka_unit_test(sample_addressing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
