/* test_sured_lanes.c -- sured lanes of one warp call that hit the same element all apply ([semantics#decision-sured])
 * SPDX-License-Identifier: MIT
 *
 * Through wt_surf_warp: for every sured.b op/type pair and every sured.p
 * form, the 32 lanes of one call land on one element -- directly, through
 * .clamp from far outside, or from a mix -- and the element must end as the
 * op folded over all of them.  Expected values are folded here in plain C
 * (add modulo 2^n, min/max with the type's signedness, and/or), with lanes
 * that trap or fall outside under .zero left out. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "warptex.h"

static uint64_t rng = 0xd1b54a32d192ed03ull;
static uint64_t rnd(void)
{
    rng ^= rng << 7;
    rng ^= rng >> 9;
    return rng;
}

static int64_t sx(uint64_t u, int bits)
{
    if (bits == 32) {
        u &= 0xffffffffu;
        return u >= 0x80000000u ? (int64_t)u - 0x100000000ll : (int64_t)u;
    }
    return u >= 0x8000000000000000ull ? -(int64_t)(~u) - 1 : (int64_t)u;
}

static uint64_t fold(int op, int bits, int sgn, uint64_t acc, uint64_t v)
{
    uint64_t m = bits == 64 ? ~0ull : 0xffffffffull;
    acc &= m;
    v &= m;
    switch (op) {
    case WT_RED_ADD: return (acc + v) & m;
    case WT_RED_MIN: return (sgn ? sx(v, bits) < sx(acc, bits) : v < acc) ? v : acc;
    case WT_RED_MAX: return (sgn ? sx(v, bits) > sx(acc, bits) : v > acc) ? v : acc;
    case WT_RED_AND: return acc & v;
    default: return acc | v;
    }
}

typedef struct form {
    int mode, redop, rtype;
} form;

static const form FORMS[] = {
    {WT_SURF_B, WT_RED_ADD, WT_RTYPE_U32}, {WT_SURF_B, WT_RED_ADD, WT_RTYPE_S32}, {WT_SURF_B, WT_RED_ADD, WT_RTYPE_U64},
    {WT_SURF_B, WT_RED_MIN, WT_RTYPE_U32}, {WT_SURF_B, WT_RED_MIN, WT_RTYPE_S32}, {WT_SURF_B, WT_RED_MIN, WT_RTYPE_U64},
    {WT_SURF_B, WT_RED_MIN, WT_RTYPE_S64}, {WT_SURF_B, WT_RED_MAX, WT_RTYPE_U32}, {WT_SURF_B, WT_RED_MAX, WT_RTYPE_S32},
    {WT_SURF_B, WT_RED_MAX, WT_RTYPE_U64}, {WT_SURF_B, WT_RED_MAX, WT_RTYPE_S64}, {WT_SURF_B, WT_RED_AND, WT_RTYPE_B32},
    {WT_SURF_B, WT_RED_OR, WT_RTYPE_B32},  {WT_SURF_P, WT_RED_ADD, WT_RTYPE_B32}, {WT_SURF_P, WT_RED_MIN, WT_RTYPE_B32},
    {WT_SURF_P, WT_RED_MAX, WT_RTYPE_B32}, {WT_SURF_P, WT_RED_AND, WT_RTYPE_B32}, {WT_SURF_P, WT_RED_OR, WT_RTYPE_B32},
    {WT_SURF_P, WT_RED_MIN, WT_RTYPE_B64}, {WT_SURF_P, WT_RED_MAX, WT_RTYPE_B64},
};

/* A 2D surface of 4 x 3 elements, 32-bit one-channel for .b and .p .b32,
 * 32-bit two-channel for .p .b64 (one 64-bit value per element); signed or
 * unsigned channels. */
typedef struct surf {
    wt_array a;
    wt_surf s;
    int esize;
} surf;

static surf make(int two_ch, int sgn, const uint64_t init[12])
{
    surf r;
    wt_channel_kind k = sgn ? WT_CHANNEL_SIGNED : WT_CHANNEL_UNSIGNED;
    wt_channel_desc cd = wt_make_channel_desc(32, two_ch ? 32 : 0, 0, 0, k);
    r.esize = two_ch ? 8 : 4;
    assert_int_equal(wt_malloc_array(&r.a, &cd, 4, 3, 0, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    uint8_t buf[12 * 8];
    for (int e = 0; e < 12; e++)
        for (int i = 0; i < r.esize; i++)
            buf[e * r.esize + i] = (uint8_t)(init[e] >> (8 * i));
    assert_int_equal(wt_memcpy_to_array(r.a, 0, 0, 0, buf, 4 * (size_t)r.esize, 4, 3, 1), WT_SUCCESS);
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = r.a;
    assert_int_equal(wt_create_surface_object(&r.s, &res), WT_SUCCESS);
    return r;
}

static void read_back(const surf *r, uint64_t out[12])
{
    uint8_t buf[12 * 8];
    assert_int_equal(wt_memcpy_from_array(buf, 4 * (size_t)r->esize, r->a, 0, 0, 0, 4, 3, 1), WT_SUCCESS);
    for (int e = 0; e < 12; e++) {
        out[e] = 0;
        for (int i = r->esize - 1; i >= 0; i--)
            out[e] = out[e] << 8 | buf[e * r->esize + i];
    }
}

static void drop(surf *r)
{
    assert_int_equal(wt_destroy_surface_object(r->s), WT_SUCCESS);
    assert_int_equal(wt_free_array(r->a), WT_SUCCESS);
}

/* Lane patterns, all aimed at element (3, 2): byte x 12 for the .b 32-bit
 * forms, byte x 8 for the .b 64-bit ones (on the 4-byte-element surface
 * that is elements (2, 2) and (3, 2) as one little-endian value), sample 3
 * for .p:
 *   0: every lane at the element itself
 *   1: .clamp, every lane far outside (right and below) -- all clamp onto it
 *   2: .zero, even lanes at it, odd lanes outside (dropped)
 *   3: .trap, lanes 0..15 at it, 16..31 misaligned or outside (trap, skipped) */
static void collide(void **state)
{
    (void)state;
    static wt_surf_args in;
    static wt_surf_result out;
    int runs = 0;
    for (size_t fi = 0; fi < sizeof FORMS / sizeof FORMS[0]; fi++)
        for (int sgn = 0; sgn < 2; sgn++)
            for (int pat = 0; pat < 4; pat++) {
                const form *f = &FORMS[fi];
                int wide = f->rtype == WT_RTYPE_U64 || f->rtype == WT_RTYPE_S64 || f->rtype == WT_RTYPE_B64;
                int bits = wide ? 64 : 32;
                int tsgn = f->mode == WT_SURF_P ? sgn : (f->rtype == WT_RTYPE_S32 || f->rtype == WT_RTYPE_S64);
                if (f->mode == WT_SURF_B && sgn)
                    continue; /* .b takes its signedness from the type, not the format */
                uint64_t init[12];
                for (int e = 0; e < 12; e++)
                    init[e] = rnd();
                int p64 = f->mode == WT_SURF_P && wide;
                surf r = make(p64, sgn, init);
                /* the target as one value */
                int64_t x_at = f->mode == WT_SURF_P ? 3 : wide ? 8 : 12;
                uint64_t target = wide && !p64 ? ((init[11] & 0xffffffffu) << 32 | (init[10] & 0xffffffffu))
                                                : init[11] & (p64 ? ~0ull : 0xffffffffull);
                wt_op op;
                memset(&op, 0, sizeof op);
                op.family = WT_FAMILY_SURED;
                op.mode = (uint8_t)f->mode;
                op.geom = WT_GEOM_2D;
                op.vec = 1;
                op.bits = (uint8_t)bits;
                op.redop = (uint8_t)f->redop;
                op.rtype = (uint8_t)f->rtype;
                op.clamp = (uint8_t)(pat == 1 ? WT_CLAMP_CLAMP : pat == 2 ? WT_CLAMP_ZERO : WT_CLAMP_TRAP);
                uint64_t acc = target;
                uint32_t want_trap = 0;
                memset(&in, 0, sizeof in);
                for (int l = 0; l < 32; l++) {
                    /* values near the type's edges so add wraps and signs differ */
                    uint64_t v = rnd();
                    if (l % 4 == 0)
                        v = bits == 64 ? 0x8000000000000000ull + (uint64_t)l : 0x80000000u + (uint32_t)l;
                    if (l % 4 == 1)
                        v = ~(uint64_t)l;
                    in.v[0][l] = v;
                    int hits = 1;
                    in.c[0][l] = (int32_t)x_at;
                    in.c[1][l] = 2;
                    if (pat == 1) {
                        in.c[0][l] = (int32_t)(x_at + (f->mode == WT_SURF_P ? 1 : bits / 8) * (l + 1) * 1000);
                        in.c[1][l] = 3 + l * 100000;
                    } else if (pat == 2 && (l & 1)) {
                        in.c[1][l] = l % 3 ? 3 : -1;
                        hits = 0;
                    } else if (pat == 3 && l >= 16) {
                        in.c[0][l] = f->mode == WT_SURF_P ? 4 : (int32_t)x_at + 2; /* outside / misaligned */
                        hits = 0;
                        want_trap |= 1u << l;
                    }
                    if (hits)
                        acc = fold(f->redop, bits, tsgn, acc, v);
                }
                wt_status st = wt_surf_warp(&op, r.s, 0xffffffffu, &in, &out);
                assert_int_equal(st, want_trap ? WT_ERROR_TRAP : WT_SUCCESS);
                assert_int_equal(out.trap, want_trap);
                uint64_t got[12];
                read_back(&r, got);
                uint64_t after = wide && !p64 ? ((got[11] & 0xffffffffu) << 32 | (got[10] & 0xffffffffu))
                                               : got[11];
                if (after != acc)
                    fail_msg("form %zu sgn %d pattern %d: 0x%llx, want 0x%llx", fi, sgn, pat,
                             (unsigned long long)after, (unsigned long long)acc);
                for (int e = 0; e < (wide && !p64 ? 10 : 11); e++)
                    assert_int_equal(got[e], init[e] & (r.esize == 8 ? ~0ull : 0xffffffffull));
                drop(&r);
                runs++;
            }
    assert_int_equal(runs, (13 + 2 * 7) * 4);
}

/* Lanes spread over every element, several per element, each element ends
 * as the fold of its own lanes, in one call. */
static void spread(void **state)
{
    (void)state;
    static wt_surf_args in;
    static wt_surf_result out;
    for (int redop = WT_RED_ADD; redop <= WT_RED_OR; redop++) {
        uint64_t init[12];
        for (int e = 0; e < 12; e++)
            init[e] = rnd() & 0xffffffffu;
        surf r = make(0, 1, init);
        wt_op op;
        memset(&op, 0, sizeof op);
        op.family = WT_FAMILY_SURED;
        op.mode = WT_SURF_P; /* signed from the format */
        op.geom = WT_GEOM_2D;
        op.clamp = WT_CLAMP_TRAP;
        op.redop = (uint8_t)redop;
        op.rtype = WT_RTYPE_B32;
        uint64_t want[12];
        memcpy(want, init, sizeof want);
        for (int l = 0; l < 32; l++) {
            int e = (l * 7) % 12;
            in.c[0][l] = e % 4;
            in.c[1][l] = e / 4;
            in.v[0][l] = rnd();
            want[e] = fold(redop, 32, 1, want[e], in.v[0][l]);
        }
        assert_int_equal(wt_surf_warp(&op, r.s, 0xffffffffu, &in, &out), WT_SUCCESS);
        uint64_t got[12];
        read_back(&r, got);
        assert_memory_equal(got, want, sizeof want);
        drop(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(collide),
        cmocka_unit_test(spread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
