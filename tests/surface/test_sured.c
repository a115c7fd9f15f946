/* test_sured.c -- sured.b and sured.p: every op and type, wrap-around, signedness, formats, clamps, threads
 * SPDX-License-Identifier: MIT
 *
 * Expected values by hand from [semantics#sured], [semantics#decision-sured], [semantics#decision-sured-p-forms] and
 * [semantics#decision-sured-narrow-row], or from a plain sequential model written here. */
#define _DEFAULT_SOURCE 1
#include <pthread.h>

#include "surf_util.h"

static uint64_t rd(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void wr(uint8_t *p, int n, uint64_t v)
{
    for (int i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

/* One sured.b.1d on a fresh 32-byte surface whose element at byte 8 holds
 * old; returns the element after, and checks that no other byte moved. */
static uint64_t red_b(int redop, int rtype, uint64_t old, uint64_t v)
{
    int n = (rtype == WT_RTYPE_U64 || rtype == WT_RTYPE_S64) ? 8 : 4;
    su_fence m = su_fence_alloc(32, 1);
    memset(m.p, 0x3c, 32);
    wr(m.p + 8, n, old);
    wt__surf s = su_make(m.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 8, 1, 1, 0, 32, 1);
    wt_op op = su_red(WT_SURF_B, WT_GEOM_1D, redop, rtype, WT_CLAMP_TRAP);
    int32_t c[4] = {8, 0, 0, 0};
    uint64_t vv[4] = {v, 0, 0, 0}, d[4] = {5, 5, 5, 5};
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, vv, d), 0);
    assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
    for (int i = 0; i < 32; i++)
        if (i < 8 || i >= 8 + n)
            assert_int_equal(m.p[i], 0x3c);
    uint64_t r = rd(m.p + 8, n);
    su_fence_free(&m);
    return r;
}

static void ops_b(void **state)
{
    (void)state;
    /* add wraps modulo 2^n ([semantics#decision-sured]) */
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_U32, 0xfffffff0u, 0x20), 0x10);
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_U32, 3, 4), 7);
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_S32, 0x7fffffffu, 1), 0x80000000u);
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_S32, 5, 0xfffffffdu), 2); /* 5 + -3 */
    /* the 32-bit forms ignore the register's high half */
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_U32, 1, 0xffffffff00000001ull), 2);
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_U64, 0xffffffffffffffffull, 2), 1);
    assert_int_equal(red_b(WT_RED_ADD, WT_RTYPE_U64, 0x00000000ffffffffull, 1), 0x100000000ull);
    /* min / max by signedness ([semantics#decision-sured]) */
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_U32, 5, 0xffffffffu), 5);
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_S32, 5, 0xffffffffu), 0xffffffffu);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_U32, 5, 0xffffffffu), 0xffffffffu);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_S32, 5, 0xffffffffu), 5);
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_S32, 0x80000000u, 0x7fffffffu), 0x80000000u);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_S32, 0x80000000u, 0x7fffffffu), 0x7fffffffu);
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_U32, 9, 2), 2);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_U32, 9, 2), 9);
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_U64, 5, 0x8000000000000000ull), 5);
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_S64, 5, 0x8000000000000000ull), 0x8000000000000000ull);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_U64, 5, 0x8000000000000000ull), 0x8000000000000000ull);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_S64, 5, 0x8000000000000000ull), 5);
    assert_int_equal(red_b(WT_RED_MAX, WT_RTYPE_S64, 0xfffffffffffffffeull, 0xffffffffffffffffull),
                     0xffffffffffffffffull);
    assert_int_equal(red_b(WT_RED_MIN, WT_RTYPE_U64, 0x100000000ull, 0xffffffffull), 0xffffffffull);
    /* and / or on .b32 */
    assert_int_equal(red_b(WT_RED_AND, WT_RTYPE_B32, 0xff00ff00u, 0x0ff00ff0u), 0x0f000f00u);
    assert_int_equal(red_b(WT_RED_OR, WT_RTYPE_B32, 0xff00ff00u, 0x0ff00ff0u), 0xfff0fff0u);
}

/* Forms PTX does not have trap in the reference (the entry refuses them
 * before it is reached); nothing is written. */
static void illegal_forms_trap(void **state)
{
    (void)state;
    static const int bad[][2] = {
        {WT_RED_ADD, WT_RTYPE_S64}, {WT_RED_ADD, WT_RTYPE_B32}, {WT_RED_MIN, WT_RTYPE_B32},
        {WT_RED_AND, WT_RTYPE_U32}, {WT_RED_OR, WT_RTYPE_S32}, {WT_RED_AND, WT_RTYPE_B64},
        {WT_RED_MAX, WT_RTYPE_B64},
    };
    uint8_t buf[32] = {0};
    wt__surf s = su_make(buf, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 8, 1, 1, 0, 32, 1);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wt_op op = su_red(WT_SURF_B, WT_GEOM_1D, bad[i][0], bad[i][1], WT_CLAMP_CLAMP);
        int32_t c[4] = {0, 0, 0, 0};
        uint64_t v[4] = {1, 1, 1, 1}, d[4];
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 1);
    }
    wt_op op = su_red(WT_SURF_B, WT_GEOM_A1D, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_CLAMP);
    int32_t c[4] = {0, 0, 0, 0};
    uint64_t v[4] = {1, 1, 1, 1}, d[4];
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 1);
    for (int i = 0; i < 32; i++)
        assert_int_equal(buf[i], 0);
}

/* Clamp policies as for sust ([semantics#decision-sured]), misaligned x traps, 2D and 3D. */
static void addressing(void **state)
{
    (void)state;
    su_fence m = su_fence_alloc(4 * 3 * 2 * 4, 1);
    memset(m.p, 0, 96);
    /* 3D u32 4 x 3 x 2 */
    wt__surf s = su_make(m.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 4, 3, 2, 0, 16, 3);
    wt_op op = su_red(WT_SURF_B, WT_GEOM_3D, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_CLAMP);
    uint64_t v[4] = {1, 0, 0, 0}, d[4];
    int32_t c[4] = {100, 7, -3, 0}; /* -> x 12, y 2, z 0 */
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    assert_int_equal(rd(m.p + 2 * 16 + 12, 4), 1);
    int32_t c2[4] = {-4, -1, 9, 0}; /* -> 0, 0, 1 */
    assert_int_equal(wt__surf_access_scalar(&s, &op, c2, v, d), 0);
    assert_int_equal(rd(m.p + 48, 4), 1);
    uint8_t before[96];
    memcpy(before, m.p, 96);
    op.clamp = WT_CLAMP_ZERO;
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0); /* dropped */
    op.clamp = WT_CLAMP_TRAP;
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 1);
    for (int mode = 0; mode < 3; mode++) {
        op.clamp = (uint8_t)mode;
        int32_t mis[4] = {2, 0, 0, 0};
        assert_int_equal(wt__surf_access_scalar(&s, &op, mis, v, d), 1);
        /* a 64-bit reduction at x = 4 is misaligned too */
        wt_op op64 = su_red(WT_SURF_B, WT_GEOM_3D, WT_RED_ADD, WT_RTYPE_U64, mode);
        int32_t c4[4] = {4, 0, 0, 0};
        assert_int_equal(wt__surf_access_scalar(&s, &op64, c4, v, d), 1);
    }
    assert_memory_equal(before, m.p, 96);
    /* 64-bit at x = 8 of a 16-byte row: elements 2..3 of row 0 */
    wt_op op64 = su_red(WT_SURF_B, WT_GEOM_3D, WT_RED_ADD, WT_RTYPE_U64, WT_CLAMP_TRAP);
    int32_t c8[4] = {8, 0, 0, 0};
    v[0] = 0x500000003ull;
    assert_int_equal(wt__surf_access_scalar(&s, &op64, c8, v, d), 0);
    assert_int_equal(rd(m.p + 8, 4), 3);
    assert_int_equal(rd(m.p + 12, 4), 5);
    su_fence_free(&m);
}

/* sured.p ([semantics#decision-sured-p-forms]): .b32 on one-channel 32-bit integer formats, .b64 min/max
 * on two-channel ones (one little-endian 64-bit value), signedness from the
 * format; x counts samples; everything else traps. */
static void p_forms(void **state)
{
    (void)state;
    su_fence m = su_fence_alloc(32, 1);
    uint64_t d[4];
    /* R32 unsigned vs signed min with -1 */
    for (int sgn = 0; sgn < 2; sgn++) {
        memset(m.p, 0, 32);
        wr(m.p + 8, 4, 5);
        wt__surf s = su_make(m.p, 1, 4, sgn ? WT__S32 : WT__U32, sgn ? WT_CHANNEL_SIGNED : WT_CHANNEL_UNSIGNED, 8, 1,
                             1, 0, 32, 1);
        wt_op op = su_red(WT_SURF_P, WT_GEOM_1D, WT_RED_MIN, WT_RTYPE_B32, WT_CLAMP_TRAP);
        int32_t c[4] = {2, 0, 0, 0}; /* sample 2 = byte 8 */
        uint64_t v[4] = {0xffffffffu, 0, 0, 0};
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 8, 4), sgn ? 0xffffffffu : 5);
        op.redop = WT_RED_MAX;
        v[0] = 7;
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 8, 4), 7);
        op.redop = WT_RED_ADD;
        v[0] = 0xfffffffau; /* 7 - 6 */
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 8, 4), 1);
        op.redop = WT_RED_OR;
        v[0] = 0xf0;
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        op.redop = WT_RED_AND;
        v[0] = 0x31;
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 8, 4), 0x31);
        /* sample 8 clamps to sample 7 (bytes 28..31) */
        op.redop = WT_RED_ADD;
        op.clamp = WT_CLAMP_CLAMP;
        c[0] = 8;
        v[0] = 0x11;
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 28, 4), 0x11);
        /* .b64 on a one-channel format traps */
        wt_op op64 = su_red(WT_SURF_P, WT_GEOM_1D, WT_RED_MIN, WT_RTYPE_B64, WT_CLAMP_TRAP);
        c[0] = 0;
        assert_int_equal(wt__surf_access_scalar(&s, &op64, c, v, d), 1);
    }
    /* RG32: .b64 min/max, LE 64-bit value: R is the low half */
    for (int sgn = 0; sgn < 2; sgn++) {
        memset(m.p, 0, 32);
        wr(m.p + 16, 8, 0x0000000100000002ull); /* G = 1, R = 2 */
        wt__surf s = su_make(m.p, 2, 4, sgn ? WT__S32 : WT__U32, sgn ? WT_CHANNEL_SIGNED : WT_CHANNEL_UNSIGNED, 4, 1,
                             1, 0, 32, 1);
        wt_op op = su_red(WT_SURF_P, WT_GEOM_1D, WT_RED_MIN, WT_RTYPE_B64, WT_CLAMP_TRAP);
        int32_t c[4] = {2, 0, 0, 0};
        uint64_t v[4] = {0xffffffff00000000ull, 0, 0, 0};
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 16, 8), sgn ? 0xffffffff00000000ull : 0x0000000100000002ull);
        op.redop = WT_RED_MAX;
        v[0] = 0x0000000100000003ull;
        assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
        assert_int_equal(rd(m.p + 16, 8), 0x0000000100000003ull);
        /* add, and, or and .b32 are refused on two-channel formats */
        int32_t c0[4] = {0, 0, 0, 0};
        op.redop = WT_RED_ADD;
        assert_int_equal(wt__surf_access_scalar(&s, &op, c0, v, d), 1);
        wt_op op32 = su_red(WT_SURF_P, WT_GEOM_1D, WT_RED_ADD, WT_RTYPE_B32, WT_CLAMP_TRAP);
        assert_int_equal(wt__surf_access_scalar(&s, &op32, c0, v, d), 1);
        assert_int_equal(rd(m.p, 8), 0);
    }
    /* formats that take no sured.p at all */
    static const int bad[][4] = { /* nch, cbytes, ctype, kind */
        {1, 4, WT__F32, WT_CHANNEL_FLOAT}, {1, 2, WT__U16, WT_CHANNEL_UNSIGNED}, {1, 1, WT__S8, WT_CHANNEL_SIGNED},
        {4, 4, WT__U32, WT_CHANNEL_UNSIGNED}, {2, 4, WT__F32, WT_CHANNEL_FLOAT}, {2, 2, WT__U16, WT_CHANNEL_UNSIGNED},
        {1, 2, WT__U16, WT_CHANNEL_UNSIGNED_NORMALIZED},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(m.p, 0, 32);
        wt__surf s = su_make(m.p, bad[i][0], bad[i][1], bad[i][2], bad[i][3], 1, 1, 1, 0, 32, 1);
        for (int t = WT_RTYPE_B32; t <= WT_RTYPE_B64; t += WT_RTYPE_B64 - WT_RTYPE_B32) {
            wt_op op = su_red(WT_SURF_P, WT_GEOM_1D, WT_RED_MIN, t, WT_CLAMP_CLAMP);
            int32_t c[4] = {0, 0, 0, 0};
            uint64_t v[4] = {0, 0, 0, 0};
            assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 1);
        }
        for (int k = 0; k < 32; k++)
            assert_int_equal(m.p[k], 0);
    }
    su_fence_free(&m);
}

/* [semantics#decision-sured-narrow-row]: a .clamp reduction wider than the row reads the bytes inside (the
 * rest 0), applies, writes back only those; the row ends at a guard page. */
static void narrow_row(void **state)
{
    (void)state;
    su_fence m = su_fence_alloc(3, 1);
    m.p[0] = 0xff;
    m.p[1] = 0xff;
    m.p[2] = 0x00;
    wt__surf s = su_make(m.p, 1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 3, 1, 1, 0, 3, 1);
    wt_op op = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_CLAMP);
    int32_t c[4] = {12, 0, 0, 0};
    uint64_t v[4] = {1, 0, 0, 0}, d[4];
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    assert_true(m.p[0] == 0 && m.p[1] == 0 && m.p[2] == 1); /* 0x00ffff + 1 */
    op = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_MAX, WT_RTYPE_S64, WT_CLAMP_CLAMP);
    c[0] = 16; /* 8-aligned */
    v[0] = 0x0000000000030000ull; /* > 0x010000 */
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    assert_true(m.p[0] == 0 && m.p[1] == 0 && m.p[2] == 3);
    v[0] = 0xffffffffffffffffull; /* -1 < 0x030000 signed */
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    assert_true(m.p[0] == 0 && m.p[1] == 0 && m.p[2] == 3);
    op.clamp = WT_CLAMP_ZERO;
    v[0] = 0x7fffffffffffffffull;
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    op.clamp = WT_CLAMP_TRAP;
    c[0] = 0;
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 1);
    assert_true(m.p[0] == 0 && m.p[1] == 0 && m.p[2] == 3);
    su_fence_free(&m);
}

/* Rows of 5 one-byte elements put row 1's 4-byte reduction at an address
 * that is not 4-aligned: still exact (the word compare-and-swap and straddling paths). */
static void unaligned_element(void **state)
{
    (void)state;
    su_fence m = su_fence_alloc(15, 1);
    memset(m.p, 0, 15);
    wt__surf s = su_make(m.p, 1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 5, 3, 1, 0, 5, 2);
    wt_op op = su_red(WT_SURF_B, WT_GEOM_2D, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_TRAP);
    uint64_t v[4] = {0x01020304u, 0, 0, 0}, d[4];
    int32_t c[4] = {0, 1, 0, 0};
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    assert_int_equal(wt__surf_access_scalar(&s, &op, c, v, d), 0);
    assert_int_equal(rd(m.p + 5, 4), 0x02040608u);
    assert_int_equal(m.p[4] | m.p[9], 0);
    su_fence_free(&m);
}

/* [semantics#decision-sured]: atomic across threads.  Two threads reduce into overlapping elements
 * of one surface; the totals must be exact. */
#define ITERS 300000
typedef struct job {
    const wt__surf *s32, *s64;
    int id;
} job;

static void *worker(void *arg)
{
    const job *j = arg;
    wt_op add32 = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_ADD, WT_RTYPE_U32, WT_CLAMP_TRAP);
    wt_op add64 = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_ADD, WT_RTYPE_U64, WT_CLAMP_TRAP);
    wt_op max32 = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_MAX, WT_RTYPE_S32, WT_CLAMP_CLAMP);
    wt_op min64 = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_MIN, WT_RTYPE_U64, WT_CLAMP_CLAMP);
    wt_op or32 = su_red(WT_SURF_B, WT_GEOM_1D, WT_RED_OR, WT_RTYPE_B32, WT_CLAMP_TRAP);
    uint64_t d[4];
    for (uint32_t i = 0; i < ITERS; i++) {
        uint32_t e = i % 4; /* four elements both threads hit */
        int32_t c[4] = {(int32_t)(e * 4), 0, 0, 0};
        uint64_t v[4] = {i + 1u, 0, 0, 0};
        wt__surf_access_scalar(j->s32, &add32, c, v, d);
        int32_t c8[4] = {(int32_t)(e * 8), 0, 0, 0};
        v[0] = 0x100000001ull * (i + 1u);
        wt__surf_access_scalar(j->s64, &add64, c8, v, d);
        /* max (signed) and min (u64) over values both threads produce */
        int32_t c4[4] = {16, 0, 0, 0};
        v[0] = (uint32_t)(((i * 2654435761u) ^ (uint32_t)j->id) - 0x80000000u);
        wt__surf_access_scalar(j->s32, &max32, c4, v, d);
        int32_t c32[4] = {32, 0, 0, 0};
        v[0] = 0x9e3779b97f4a7c15ull * (i + 1u + (uint32_t)j->id * ITERS);
        wt__surf_access_scalar(j->s64, &min64, c32, v, d);
        int32_t c20[4] = {20, 0, 0, 0};
        v[0] = 1u << ((i + (uint32_t)j->id) % 32);
        if (i % 97 == 0)
            wt__surf_access_scalar(j->s32, &or32, c20, v, d);
    }
    return NULL;
}

static void threads_exact(void **state)
{
    (void)state;
    su_fence m32 = su_fence_alloc(32, 0), m64 = su_fence_alloc(48, 0);
    memset(m32.p, 0, 32);
    memset(m64.p, 0, 48);
    wr(m32.p + 16, 4, 0x80000000u); /* s32 minimum */
    wr(m64.p + 32, 8, ~0ull);       /* u64 maximum */
    wt__surf s32 = su_make(m32.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 8, 1, 1, 0, 32, 1);
    wt__surf s64 = su_make(m64.p, 2, 4, WT__U32, WT_CHANNEL_UNSIGNED, 6, 1, 1, 0, 48, 1);
    job jobs[2] = {{&s32, &s64, 0}, {&s32, &s64, 1}};
    pthread_t t[2];
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&t[k], NULL, worker, &jobs[k]), 0);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(t[k], NULL), 0);
    /* sequential model of the same operations */
    uint32_t sum32[4] = {0, 0, 0, 0};
    uint64_t sum64[4] = {0, 0, 0, 0}, mn = ~0ull;
    int64_t mx = INT32_MIN;
    uint32_t orv = 0;
    for (int id = 0; id < 2; id++)
        for (uint32_t i = 0; i < ITERS; i++) {
            sum32[i % 4] += i + 1u;
            sum64[i % 4] += 0x100000001ull * (i + 1u);
            uint32_t u = ((i * 2654435761u) ^ (uint32_t)id) - 0x80000000u;
            int64_t sv = u >= 0x80000000u ? (int64_t)u - 0x100000000ll : (int64_t)u;
            if (sv > mx)
                mx = sv;
            uint64_t w = 0x9e3779b97f4a7c15ull * (i + 1u + (uint32_t)id * ITERS);
            if (w < mn)
                mn = w;
            if (i % 97 == 0)
                orv |= 1u << ((i + (uint32_t)id) % 32);
        }
    for (int e = 0; e < 4; e++) {
        assert_int_equal(rd(m32.p + 4 * e, 4), sum32[e]);
        assert_int_equal(rd(m64.p + 8 * e, 8), sum64[e]);
    }
    assert_int_equal(rd(m32.p + 16, 4), (uint32_t)mx);
    assert_int_equal(rd(m64.p + 32, 8), mn);
    assert_int_equal(rd(m32.p + 20, 4), orv);
    su_fence_free(&m32);
    su_fence_free(&m64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ops_b),
        cmocka_unit_test(illegal_forms_trap),
        cmocka_unit_test(addressing),
        cmocka_unit_test(p_forms),
        cmocka_unit_test(narrow_row),
        cmocka_unit_test(unaligned_element),
        cmocka_unit_test(threads_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
