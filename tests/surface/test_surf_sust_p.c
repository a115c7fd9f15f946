/* test_surf_sust_p.c -- sust.p in the reference: conversion into every format, missing channels, sample addressing, NVVM element shapes, layers
 * SPDX-License-Identifier: MIT
 *
 * Expected codes come from the model of sust_p_model.h, written from
 * [semantics#sust-p], [semantics#decision-sust-p-normalized], [semantics#decision-f16-toward-zero], [semantics#decision-normalized-surfaces] and [semantics#decision-nvvm-sust-p-elements] (double arithmetic, the C
 * library's rounding), plus hand tables of edge values.  The i8/i16/i64
 * element shapes ([semantics#decision-nvvm-sust-p-elements]) and the layered geometries ([semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]) are the
 * NVVM sust.p forms beyond PTX's .{1d,2d,3d}.b32. */
#define _DEFAULT_SOURCE 1
#include <math.h>

#include "surf_util.h"
#include "sust_p_model.h"

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

/* Store v[0..vec-1] (elements of `bits` bits: .b32 or an NVVM-only shape,
 * [semantics#decision-nvvm-sust-p-elements]) at sample 1 of a 3-sample 1D surface; check every byte of the 3
 * samples against the model. */
static void check_store(const fmt *f, int vec, int bits, const uint64_t v[4])
{
    int es = f->nch * f->cbytes;
    su_fence m = su_fence_alloc((size_t)3 * es, 1);
    memset(m.p, 0xa5, (size_t)3 * es);
    wt__surf s = su_make(m.p, f->nch, f->cbytes, f->ctype, f->kind, 3, 1, 1, 0, (size_t)3 * es, 1);
    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, WT_GEOM_1D, vec, bits, WT_CLAMP_TRAP);
    int32_t c[4] = {1, 0, 0, 0};
    assert_int_equal(su_store(&s, &op, c, v), 0);
    uint8_t want[3 * 16];
    memset(want, 0xa5, sizeof want);
    spm_element(f->kind, f->nch, f->cbytes, vec, bits, v, want + es);
    if (memcmp(want, m.p, (size_t)3 * es) != 0) {
        print_error("%s v%d b%d src %016llx %016llx %016llx %016llx\n", f->name, vec, bits,
                    (unsigned long long)v[0], (unsigned long long)v[1], (unsigned long long)v[2],
                    (unsigned long long)v[3]);
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
                /* high register bits must not matter: sust.p is .b32 */
                uint64_t src[4] = {EDGES[i] | 0xdead000000000000ull, EDGES[(i + 7) % ne], EDGES[(i + 19) % ne],
                                   EDGES[(i + 31) % ne]};
                check_store(&FMTS[fi], vec, 32, src);
                n++;
            }
            for (int r = 0; r < 300; r++) {
                uint64_t src[4];
                for (int k = 0; k < 4; k++) {
                    uint32_t x = rnd32();
                    /* half of them floats in [-1.5, 1.5] so the normalised
                     * formats see mostly unclamped values */
                    if (r & 1)
                        x = su_f32_bits((float)((double)(x % 3000001u) / 1000000.0 - 1.5));
                    src[k] = x | (uint64_t)rnd32() << 32; /* high register bits must not matter */
                }
                check_store(&FMTS[fi], vec, 32, src);
                n++;
            }
        }
    assert_true(n > 10000);
}

/* Single stores with the expected code written out by hand: one element
 * of `bits` bits ([semantics#decision-nvvm-sust-p-elements] for 8, 16 and 64) into channel 0. */
static uint32_t store1w(int nch, int cbytes, int ctype, int kind, int bits, uint64_t r)
{
    su_fence m = su_fence_alloc((size_t)nch * cbytes, 1);
    memset(m.p, 0xa5, (size_t)nch * cbytes);
    wt__surf s = su_make(m.p, nch, cbytes, ctype, kind, 1, 1, 1, 0, (size_t)nch * cbytes, 1);
    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, WT_GEOM_1D, 1, bits, WT_CLAMP_TRAP);
    int32_t c[4] = {0, 0, 0, 0};
    uint64_t v[4] = {r, 0, 0, 0};
    assert_int_equal(su_store(&s, &op, c, v), 0);
    uint32_t code = 0;
    for (int i = cbytes - 1; i >= 0; i--)
        code = code << 8 | m.p[i];
    su_fence_free(&m);
    return code;
}

static uint32_t store1(int nch, int cbytes, int ctype, int kind, uint32_t r)
{
    return store1w(nch, cbytes, ctype, kind, 32, r);
}

static void hand_table(void **state)
{
    (void)state;
    /* unsigned / signed saturation ([semantics#sust-p] [3P-M]) */
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
    /* f16 toward zero ([semantics#sust-p], [semantics#decision-f16-toward-zero]) */
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
    /* UNORM / SNORM ([semantics#decision-sust-p-normalized], [semantics#decision-normalized-surfaces]) */
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

/* ---- the NVVM-only element shapes ([semantics#decision-nvvm-sust-p-elements]) ------------------------------------ */

/* The element shapes of NVVM's sust.p list: i8 i16 i32 i64, v2 of each, v4
 * of i8 i16 i32 (no v4i64: 128 bits at most, [semantics#decision-ptx-legality]). */
static const int SHAPES[11][2] = {{1, 8}, {1, 16}, {1, 32}, {1, 64}, {2, 8}, {2, 16},
                                  {2, 32}, {2, 64}, {4, 8}, {4, 16}, {4, 32}};

/* Low-half patterns that sit on the [semantics#decision-nvvm-sust-p-elements] edges: the sign bit of an 8- or
 * 16-bit element, the extremes, the bits of 1.0 / -1.0 / 0.5 in the low 16
 * and low 32 bits. */
static const uint64_t LOW_EDGES[] = {
    0x0000, 0x0001, 0x007f, 0x0080, 0x00ff, 0x0100, 0x017f, 0x0180, 0x7fff, 0x8000, 0x8001, 0xff7f, 0xff80,
    0xffff, 0x3f80, 0xbf80, 0x3c00, 0x12345678u, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0x3f800000u,
    0xbf800000u, 0x3f000000u, 0xffff8000u, 0x0000ff80u, 0x7fc00000u,
};

static void nvvm_shapes_every_format(void **state)
{
    (void)state;
    const size_t ne = sizeof LOW_EDGES / sizeof LOW_EDGES[0];
    int n = 0;
    for (size_t fi = 0; fi < sizeof FMTS / sizeof FMTS[0]; fi++)
        for (int sh = 0; sh < 11; sh++) {
            int vec = SHAPES[sh][0], bits = SHAPES[sh][1];
            for (size_t i = 0; i < ne; i++) {
                /* garbage above the element: [semantics#decision-nvvm-sust-p-elements] reads only its low bits
                 * (NVVM: an i8 store ignores the high byte of its i16) */
                uint64_t src[4];
                for (int k = 0; k < 4; k++)
                    src[k] = LOW_EDGES[(i + 5 * (size_t)k) % ne] | (uint64_t)0xa5c3e1f0u << 32 |
                             (bits <= 16 ? (uint64_t)0x5a5a0000u : 0);
                check_store(&FMTS[fi], vec, bits, src);
                n++;
            }
            for (int r = 0; r < 60; r++) {
                uint64_t src[4];
                for (int k = 0; k < 4; k++)
                    src[k] = (uint64_t)rnd32() << 32 | rnd32();
                check_store(&FMTS[fi], vec, bits, src);
                n++;
            }
        }
    assert_true(n > 30000);
}

/* [semantics#decision-nvvm-sust-p-elements] written out by hand: the value of the element, extended by the
 * surface's channel kind, then the [semantics#sust-p] / [semantics#decision-sust-p-normalized] store of that .b32 word. */
static void nvvm_shapes_hand_table(void **state)
{
    (void)state;
    /* signed-integer channels: i8/i16 sign-extended, so they keep their value */
    assert_int_equal(store1w(1, 1, WT__S8, WT_CHANNEL_SIGNED, 8, 0xab80), 0x80);     /* -128 */
    assert_int_equal(store1w(1, 2, WT__S16, WT_CHANNEL_SIGNED, 8, 0x01ff), 0xffff);  /* -1 */
    assert_int_equal(store1w(1, 2, WT__S16, WT_CHANNEL_SIGNED, 8, 0x007f), 0x007f);  /* 127 */
    assert_int_equal(store1w(1, 1, WT__S8, WT_CHANNEL_SIGNED, 16, 0x8000), 0x80);    /* -32768 clamps */
    assert_int_equal(store1w(1, 1, WT__S8, WT_CHANNEL_SIGNED, 16, 0x0100), 0x7f);    /* 256 clamps */
    assert_int_equal(store1w(1, 1, WT__S8, WT_CHANNEL_SIGNED, 16, 0xff85), 0x85);    /* -123 */
    assert_int_equal(store1w(1, 4, WT__S32, WT_CHANNEL_SIGNED, 16, 0xffff), 0xffffffffu);
    assert_int_equal(store1w(1, 4, WT__S32, WT_CHANNEL_SIGNED, 8, 0x7f80), 0xffffff80u);
    assert_int_equal(store1w(1, 2, WT__S16, WT_CHANNEL_SIGNED, 16, 0x12348000u), 0x8000);
    /* unsigned-integer channels: zero-extended */
    assert_int_equal(store1w(1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 8, 0xff80), 0x80);
    assert_int_equal(store1w(1, 2, WT__U16, WT_CHANNEL_UNSIGNED, 8, 0x01ff), 0x00ff);
    assert_int_equal(store1w(1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 16, 0xffff), 0xff);  /* 65535 clamps */
    assert_int_equal(store1w(1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 16, 0xffff), 0x0000ffffu);
    assert_int_equal(store1w(1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 8, 0xfffe), 0x000000feu);
    /* i64: the low 32 bits, then the .b32 store */
    assert_int_equal(store1w(1, 4, WT__S32, WT_CHANNEL_SIGNED, 64, 0x00000001fffffffeull), 0xfffffffeu);
    assert_int_equal(store1w(1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 64, 0xffffffff00000005ull), 0x05);
    assert_int_equal(store1w(1, 1, WT__S8, WT_CHANNEL_SIGNED, 64, 0x7fffffff80000000ull), 0x80);
    assert_int_equal(store1w(1, 4, WT__F32, WT_CHANNEL_FLOAT, 64, 0x123456783f800000ull), 0x3f800000u);
    assert_int_equal(store1w(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 64, 0xdeadbeef3f800000ull), 0xff);
    assert_int_equal(store1w(1, 2, WT__F16, WT_CHANNEL_FLOAT, 64, 0x00000000bf800000ull), 0xbc00);
    /* float and normalised channels are not signed integers: zero-extended,
     * so the word is a tiny positive f32 (0x0000bf80 is a subnormal) */
    assert_int_equal(store1w(1, 4, WT__F32, WT_CHANNEL_FLOAT, 16, 0xbf80), 0x0000bf80u);
    assert_int_equal(store1w(1, 4, WT__F32, WT_CHANNEL_FLOAT, 8, 0x1280), 0x00000080u);
    assert_int_equal(store1w(1, 2, WT__F16, WT_CHANNEL_FLOAT, 16, 0xffff), 0x0000);   /* toward zero */
    assert_int_equal(store1w(1, 1, WT__U8, WT_CHANNEL_UNSIGNED_NORMALIZED, 8, 0xff), 0x00);
    assert_int_equal(store1w(1, 2, WT__S16, WT_CHANNEL_SIGNED_NORMALIZED, 16, 0x8000), 0x0000);
    assert_int_equal(store1w(1, 1, WT__S8, WT_CHANNEL_SIGNED_NORMALIZED, 16, 0xbf80), 0x00);
}

/* ---- layered surfaces ([semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]) ------------------------------------------ */

/* sust.p on a1d / a2d: the layer is the first coordinate, read as .u32; past
 * the end it is the last layer under every mode ([semantics#decision-layer-past-end]); x (samples) and y
 * follow [semantics#surface-out-of-range]: .clamp to the edge, .zero drops the whole store, .trap
 * stores nothing and reports.  Every point of a grid of in- and
 * out-of-range coordinates, every shape and clamp mode, on every format,
 * with the surface against a guard page on either side; the whole memory is
 * compared with a shadow after each store. */
static void layered_geometries(void **state)
{
    (void)state;
    enum { W = 5, H = 3, L = 3 };
    static const int32_t XS[] = {0, 2, W - 1, -1, W, INT32_MIN, INT32_MAX};
    static const int32_t YS[] = {0, 1, H - 1, -1, H, INT32_MAX};
    static const uint32_t LS[] = {0, 1, L - 1, L, 7, 0x80000000u, 0xffffffffu};
    long stores = 0, traps = 0, dropped = 0;
    for (size_t fi = 0; fi < sizeof FMTS / sizeof FMTS[0]; fi++) {
        const fmt *f = &FMTS[fi];
        const int es = f->nch * f->cbytes;
        for (int geom = WT_GEOM_A1D; geom <= WT_GEOM_A2D; geom++) {
            const int h = geom == WT_GEOM_A2D ? H : 1, nys = geom == WT_GEOM_A2D ? 6 : 1;
            const size_t pitch = (size_t)W * es, bytes = pitch * h * L;
            su_fence m = su_fence_alloc(bytes, (int)(fi & 1));
            uint8_t shadow[W * H * L * 16];
            for (size_t i = 0; i < bytes; i++)
                m.p[i] = shadow[i] = (uint8_t)(i * 37 + 11);
            wt__surf s = su_make(m.p, f->nch, f->cbytes, f->ctype, f->kind, W, (uint32_t)h, 1, L, pitch,
                                 geom == WT_GEOM_A2D ? 2 : 1);
            for (int sh = 0; sh < 11; sh++)
                for (int clamp = WT_CLAMP_TRAP; clamp <= WT_CLAMP_ZERO; clamp++) {
                    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, geom, SHAPES[sh][0], SHAPES[sh][1], clamp);
                    for (size_t li = 0; li < sizeof LS / sizeof LS[0]; li++)
                        for (size_t xi = 0; xi < sizeof XS / sizeof XS[0]; xi++)
                            for (int yi = 0; yi < nys; yi++) {
                                int32_t x = XS[xi], y = geom == WT_GEOM_A2D ? YS[yi] : 0, c[4];
                                su_coords(geom, LS[li], x, y, 0, c);
                                uint64_t v[4];
                                for (int k = 0; k < 4; k++)
                                    v[k] = (uint64_t)rnd32() << 32 | rnd32();
                                /* the model: [semantics#decision-layer-past-end] for the layer, [semantics#surface-out-of-range] for x and y */
                                uint32_t layer = LS[li] >= L ? L - 1 : LS[li];
                                int outside = x < 0 || x >= W || y < 0 || y >= h, want_trap = 0, write = 1;
                                if (outside && clamp == WT_CLAMP_TRAP)
                                    want_trap = 1, write = 0;
                                else if (outside && clamp == WT_CLAMP_ZERO)
                                    write = 0;
                                int64_t cx = x < 0 ? 0 : x >= W ? W - 1 : x, cy = y < 0 ? 0 : y >= h ? h - 1 : y;
                                if (write)
                                    spm_element(f->kind, f->nch, f->cbytes, op.vec, op.bits, v,
                                                shadow + (size_t)layer * pitch * h + (size_t)cy * pitch +
                                                    (size_t)cx * es);
                                int trap = su_store(&s, &op, c, v);
                                stores++;
                                traps += trap;
                                dropped += !write && !want_trap;
                                if (trap != want_trap || memcmp(m.p, shadow, bytes) != 0) {
                                    print_error("%s %s v%d b%d clamp %d layer %u x %d y %d: trap %d (want %d)\n",
                                                f->name, geom == WT_GEOM_A2D ? "a2d" : "a1d", op.vec, op.bits,
                                                clamp, LS[li], x, y, trap, want_trap);
                                    fail();
                                }
                            }
                }
            su_fence_free(&m);
        }
    }
    print_message("layered sust.p: %ld stores, %ld trapped, %ld dropped\n", stores, traps, dropped);
    assert_true(traps > 10000 && dropped > 10000);
}

/* [semantics#surface-addressing]: sust.p's x counts samples; [semantics#surface-out-of-range] policies apply per sample. */
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
        cmocka_unit_test(nvvm_shapes_every_format),
        cmocka_unit_test(nvvm_shapes_hand_table),
        cmocka_unit_test(layered_geometries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
