/* test_rb_sured_alias.c -- sured through two differently-formatted surfaces over one buffer, two threads, exact results
 * SPDX-License-Identifier: MIT
 *
 * Issue 9, defect 1: atomicity belongs to the memory, not to the surface
 * object.  Once, a pitch2D R32 surface whose pitch (12) is off the 8-byte
 * grid sent every reduction through locks while an RG32 surface of pitch 16
 * over the same bytes used native atomics, so concurrent reductions through
 * the two lost updates.  Here thread 0 reduces through one surface and
 * thread 1 through another that names the same bytes with a different
 * format, pitch or origin, for every PTX reduction form: .b add/min/max
 * .u32/.s32/.u64/.s64, and/or .b32; .p .b32 add/min/max/and/or (unsigned and
 * signed formats) and .p .b64 min/max, each against the .b form on the
 * other surface; and 8- and 4-byte elements that straddle two 8-byte words
 * (two pitch-17 u8 surfaces whose origins differ by a row).  (PTX has no sured xor,
 * inc, dec, exch or cas: ptxas rejects them, so neither does warptex offer
 * them.)
 *
 * Each form runs in rounds.  In a round both threads apply K reductions to
 * each of 32 shared elements (lane l of every warp call names element l, so
 * the threads collide all the time); then thread 0 checks every element
 * against the exact result and resets it.  The values make every update
 * count: adds of random values, and/or of one distinct bit each, and
 * min/max sequences in which each call moves the element.  In total each
 * thread makes 10^7 reductions (WARPTEX_STRESS=n multiplies that; builds
 * with a sanitizer divide it by 20). */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "run_env.h"
#include "rb_util.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define WT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define WT_SANITIZED 1
#endif
#endif

#define E 32 /* shared elements per form = lanes per call */
#define K 16 /* calls per thread per round: 2K distinct bits fit a .b32 */
#define TOTAL_PER_THREAD 10000000.0

/* ---- the buffer and the views of it ------------------------------------------ */

static _Alignas(64) uint8_t buf[1024];

typedef struct view {
    wt_surf s;
    size_t origin, pitch; /* byte offset of (0, 0) in buf, row pitch */
    int linear;           /* 1D linear resource: x only */
} view;

enum { VA, VAS, VB, VBS, VC, VD, NVIEWS };
static view views[NVIEWS];

static void make_view(int i, wt_channel_desc cd, size_t origin, size_t w, size_t h, size_t pitch, int linear)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    if (linear) {
        r.type = WT_RESOURCE_LINEAR;
        r.res.linear.desc = cd;
        r.res.linear.dev_ptr = buf + origin;
        r.res.linear.size_in_bytes = w;
    } else {
        r.type = WT_RESOURCE_PITCH2D;
        r.res.pitch2d.desc = cd;
        r.res.pitch2d.dev_ptr = buf + origin;
        r.res.pitch2d.width = w;
        r.res.pitch2d.height = h;
        r.res.pitch2d.pitch_in_bytes = pitch;
    }
    views[i] = (view){0, origin, pitch, linear};
    wt_status st = wt_create_surface_object(&views[i].s, &r);
    if (st != WT_SUCCESS)
        fail_msg("view %d: %s", i, wt_last_error_message());
}

/* ---- the forms ------------------------------------------------------------------ */

typedef struct side {
    int view, mode, rtype; /* mode WT_SURF_B or WT_SURF_P; rtype as wt_op */
} side;

typedef struct form {
    const char *name;
    int redop;
    unsigned size; /* bytes per element */
    int sgn;       /* min/max compare signed */
    int layout;    /* 0: elements 8-byte aligned in the A/B views; 1: at 17(e+1), mostly straddling */
    side t[2];     /* what thread 0 and thread 1 call */
} form;

#define B_(v, t) {v, WT_SURF_B, WT_RTYPE_##t}
#define P_(v, t) {v, WT_SURF_P, WT_RTYPE_##t}
static const form forms[] = {
    {"b add.u32", WT_RED_ADD, 4, 0, 0, {B_(VA, U32), B_(VB, U32)}},
    {"b add.s32", WT_RED_ADD, 4, 1, 0, {B_(VA, S32), B_(VB, S32)}},
    {"b min.u32", WT_RED_MIN, 4, 0, 0, {B_(VA, U32), B_(VB, U32)}},
    {"b min.s32", WT_RED_MIN, 4, 1, 0, {B_(VA, S32), B_(VB, S32)}},
    {"b max.u32", WT_RED_MAX, 4, 0, 0, {B_(VA, U32), B_(VB, U32)}},
    {"b max.s32", WT_RED_MAX, 4, 1, 0, {B_(VA, S32), B_(VB, S32)}},
    {"b and.b32", WT_RED_AND, 4, 0, 0, {B_(VA, B32), B_(VB, B32)}},
    {"b or.b32", WT_RED_OR, 4, 0, 0, {B_(VA, B32), B_(VB, B32)}},
    {"b add.u64", WT_RED_ADD, 8, 0, 0, {B_(VA, U64), B_(VB, U64)}},
    {"b min.u64", WT_RED_MIN, 8, 0, 0, {B_(VA, U64), B_(VB, U64)}},
    {"b min.s64", WT_RED_MIN, 8, 1, 0, {B_(VA, S64), B_(VB, S64)}},
    {"b max.u64", WT_RED_MAX, 8, 0, 0, {B_(VA, U64), B_(VB, U64)}},
    {"b max.s64", WT_RED_MAX, 8, 1, 0, {B_(VA, S64), B_(VB, S64)}},
    {"p add.b32 (R32UI) / b add.u32", WT_RED_ADD, 4, 0, 0, {P_(VA, B32), B_(VB, U32)}},
    {"p min.b32 (R32UI) / b min.u32", WT_RED_MIN, 4, 0, 0, {P_(VA, B32), B_(VB, U32)}},
    {"p max.b32 (R32UI) / b max.u32", WT_RED_MAX, 4, 0, 0, {P_(VA, B32), B_(VB, U32)}},
    {"p min.b32 (R32I) / b min.s32", WT_RED_MIN, 4, 1, 0, {P_(VAS, B32), B_(VB, S32)}},
    {"p max.b32 (R32I) / b max.s32", WT_RED_MAX, 4, 1, 0, {P_(VAS, B32), B_(VB, S32)}},
    {"p and.b32 / b and.b32", WT_RED_AND, 4, 0, 0, {P_(VA, B32), B_(VB, B32)}},
    {"p or.b32 / b or.b32", WT_RED_OR, 4, 0, 0, {P_(VA, B32), B_(VB, B32)}},
    {"p min.b64 (RG32UI) / b min.u64", WT_RED_MIN, 8, 0, 0, {P_(VB, B64), B_(VA, U64)}},
    {"p max.b64 (RG32UI) / b max.u64", WT_RED_MAX, 8, 0, 0, {P_(VB, B64), B_(VA, U64)}},
    {"p min.b64 (RG32I) / b min.s64", WT_RED_MIN, 8, 1, 0, {P_(VBS, B64), B_(VA, S64)}},
    {"p max.b64 (RG32I) / b max.s64", WT_RED_MAX, 8, 1, 0, {P_(VBS, B64), B_(VA, S64)}},
    {"straddling b add.u64", WT_RED_ADD, 8, 0, 1, {B_(VC, U64), B_(VD, U64)}},
    {"straddling b min.u64", WT_RED_MIN, 8, 0, 1, {B_(VC, U64), B_(VD, U64)}},
    {"straddling b max.s64", WT_RED_MAX, 8, 1, 1, {B_(VC, S64), B_(VD, S64)}},
    {"straddling b add.u32", WT_RED_ADD, 4, 0, 1, {B_(VC, U32), B_(VD, U32)}},
    {"straddling b min.s32", WT_RED_MIN, 4, 1, 1, {B_(VC, S32), B_(VD, S32)}},
    {"straddling b and.b32", WT_RED_AND, 4, 0, 1, {B_(VC, B32), B_(VD, B32)}},
    {"straddling b or.b32", WT_RED_OR, 4, 0, 1, {B_(VC, B32), B_(VD, B32)}},
};
#define NFORMS (sizeof forms / sizeof forms[0])

/* Byte offset of element e in buf. */
static size_t elem_offset(const form *f, int e)
{
    if (f->layout == 1)
        return (size_t)17 * (size_t)(e + 1);
    return f->size == 8 ? (size_t)24 * (size_t)e : (size_t)24 * (size_t)(e / 2) + (size_t)4 * (size_t)(e % 2);
}

/* ---- values and the exact result -------------------------------------------------- */

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 31)) * 0x7fb5d329728ea185ull;
    z = (z ^ (z >> 27)) * 0x81dadef4bc2dd44dull;
    return z ^ (z >> 33);
}

static uint64_t mask_of(const form *f) { return f->size == 8 ? ~(uint64_t)0 : 0xffffffffu; }
static uint64_t flip_of(const form *f) { return f->sgn ? (uint64_t)1 << (8 * f->size - 1) : 0; }
static uint64_t rnd(size_t fi, unsigned r, int e, int t, int k)
{
    return mix(((uint64_t)fi << 56) ^ ((uint64_t)r << 24) ^ ((uint64_t)e << 16) ^ ((uint64_t)t << 8) ^ (uint64_t)k);
}

/* min and max walk an order-space sequence from a per-element base, 2k + t
 * steps, so every call moves the element (signed order = unsigned order of
 * the value with its sign bit flipped). */
static uint64_t base_of(size_t fi, const form *f, unsigned r, int e)
{
    return (rnd(fi, r, e, 9, 99) & (mask_of(f) >> 1)) + 4 * K;
}

static uint64_t init_value(size_t fi, const form *f, unsigned r, int e)
{
    uint64_t m = mask_of(f);
    switch (f->redop) {
    case WT_RED_ADD: return rnd(fi, r, e, 7, 77) & m;
    case WT_RED_MIN: return m ^ flip_of(f); /* the largest */
    case WT_RED_MAX: return flip_of(f);     /* the smallest */
    case WT_RED_AND: return m;
    default: return 0;
    }
}

static uint64_t value(size_t fi, const form *f, unsigned r, int e, int t, int k)
{
    uint64_t m = mask_of(f), step = (uint64_t)(2 * k + t);
    switch (f->redop) {
    case WT_RED_ADD: return rnd(fi, r, e, t, k) & m;
    case WT_RED_MIN: return (base_of(fi, f, r, e) - step) ^ flip_of(f);
    case WT_RED_MAX: return (base_of(fi, f, r, e) + step) ^ flip_of(f);
    case WT_RED_AND: return m & ~((uint64_t)1 << step);
    default: return (uint64_t)1 << step;
    }
}

static uint64_t expected(size_t fi, const form *f, unsigned r, int e)
{
    uint64_t m = mask_of(f), last = 2 * K - 1;
    switch (f->redop) {
    case WT_RED_ADD: {
        uint64_t s = init_value(fi, f, r, e);
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < K; k++)
                s += value(fi, f, r, e, t, k);
        return s & m;
    }
    case WT_RED_MIN: return (base_of(fi, f, r, e) - last) ^ flip_of(f);
    case WT_RED_MAX: return (base_of(fi, f, r, e) + last) ^ flip_of(f);
    case WT_RED_AND: return m & ~(uint64_t)0xffffffffu;
    default: return 0xffffffffu;
    }
}

static uint64_t load_le(size_t off, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = v << 8 | buf[off + i];
    return v;
}

static void store_le(size_t off, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++, v >>= 8)
        buf[off + i] = (uint8_t)v;
}

/* ---- the threads ----------------------------------------------------------------- */

typedef struct shared {
    pthread_barrier_t bar;
    unsigned rounds;
    _Atomic int stop;
    long failures, call_errors;
    char first[256];
} shared;

typedef struct job {
    shared *sh;
    int t;
    wt_surf_args *in;
    wt_surf_result *out;
} job;

static wt_op op_of(const form *f, const side *sd)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_SURED;
    op.mode = (uint8_t)sd->mode;
    op.geom = views[sd->view].linear ? WT_GEOM_1D : WT_GEOM_2D;
    op.vec = 1;
    op.bits = 32;
    op.redop = (uint8_t)f->redop;
    op.rtype = (uint8_t)sd->rtype;
    op.clamp = WT_CLAMP_TRAP;
    return op;
}

static void check_and_reset(shared *sh, size_t fi, const form *f, unsigned r)
{
    for (int e = 0; e < E; e++) {
        size_t off = elem_offset(f, e);
        uint64_t got = load_le(off, f->size), want = expected(fi, f, r, e);
        if (got != want) {
            if (!sh->failures)
                snprintf(sh->first, sizeof sh->first,
                         "%s: round %u element %d (byte %zu): got 0x%llx want 0x%llx", f->name, r, e, off,
                         (unsigned long long)got, (unsigned long long)want);
            sh->failures++;
        }
        store_le(off, f->size, init_value(fi, f, r + 1, e));
    }
}

static void *worker(void *arg)
{
    job *j = arg;
    shared *sh = j->sh;
    wt_surf_args *in = j->in;
    wt_surf_result *out = j->out;
    for (size_t fi = 0; fi < NFORMS; fi++) {
        const form *f = &forms[fi];
        const side *sd = &f->t[j->t];
        const view *vw = &views[sd->view];
        wt_op op = op_of(f, sd);
        unsigned unit = sd->mode == WT_SURF_P ? f->size : 1;
        for (int e = 0; e < E; e++) {
            size_t rel = elem_offset(f, e) - vw->origin;
            in->c[0][e] = (int32_t)((vw->linear ? rel : rel % vw->pitch) / unit);
            in->c[1][e] = vw->linear ? 0 : (int32_t)(rel / vw->pitch);
        }
        if (j->t == 0)
            for (int e = 0; e < E; e++)
                store_le(elem_offset(f, e), f->size, init_value(fi, f, 0, e));
        for (unsigned r = 0; r < sh->rounds; r++) {
            pthread_barrier_wait(&sh->bar); /* the elements hold round r's initial values */
            for (int k = 0; k < K; k++) {
                for (int e = 0; e < E; e++)
                    in->v[0][e] = value(fi, f, r, e, j->t, k);
                if (wt_surf_warp(&op, vw->s, 0xffffffffu, in, out) != WT_SUCCESS || out->trap) {
                    if (!sh->call_errors++ && !sh->failures)
                        snprintf(sh->first, sizeof sh->first, "%s: thread %d call failed: %s", f->name, j->t,
                                 wt_last_error_message());
                    atomic_store(&sh->stop, 1);
                }
            }
            pthread_barrier_wait(&sh->bar); /* both threads are done with round r */
            if (j->t == 0)
                check_and_reset(sh, fi, f, r);
            pthread_barrier_wait(&sh->bar);
            if (atomic_load(&sh->stop) || sh->failures)
                break;
        }
        if (atomic_load(&sh->stop) || sh->failures)
            break;
    }
    return NULL;
}

static void aliased_surfaces_two_threads(void **state)
{
    (void)state;
    /* A, As: R32UI / R32I, 3 x 64, pitch 12 (rows off the 8-byte grid);
     * B, Bs: RG32UI / RG32I, 2 x 48, pitch 16; all four over buf[0..768).
     * C: R8UI 16 x 40, pitch 17 (row y at byte 17y); D: R8UI 8 x 39, pitch
     * 17, from byte 17 (its row y is C's row y + 1). */
    make_view(VA, rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 0, 3, 64, 12, 0);
    make_view(VAS, rb_cd(1, 32, WT_CHANNEL_SIGNED), 0, 3, 64, 12, 0);
    make_view(VB, rb_cd(2, 32, WT_CHANNEL_UNSIGNED), 0, 2, 48, 16, 0);
    make_view(VBS, rb_cd(2, 32, WT_CHANNEL_SIGNED), 0, 2, 48, 16, 0);
    make_view(VC, rb_cd(1, 8, WT_CHANNEL_UNSIGNED), 0, 16, 40, 17, 0);
    make_view(VD, rb_cd(1, 8, WT_CHANNEL_UNSIGNED), 17, 8, 39, 17, 0);

    double total = TOTAL_PER_THREAD;
    total *= wt_test_stress();
#ifdef WT_SANITIZED
    total /= 20;
#endif
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.rounds = (unsigned)(total / ((double)NFORMS * K * E)) + 1;
    assert_int_equal(pthread_barrier_init(&sh.bar, NULL, 2), 0);
    job jobs[2] = {{&sh, 0, calloc(1, sizeof(wt_surf_args)), calloc(1, sizeof(wt_surf_result))},
                   {&sh, 1, calloc(1, sizeof(wt_surf_args)), calloc(1, sizeof(wt_surf_result))}};
    for (int k = 0; k < 2; k++) {
        assert_non_null(jobs[k].in);
        assert_non_null(jobs[k].out);
    }
    pthread_t th[2];
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&th[k], NULL, worker, &jobs[k]), 0);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(th[k], NULL), 0);
    pthread_barrier_destroy(&sh.bar);
    for (int k = 0; k < 2; k++) {
        free(jobs[k].in);
        free(jobs[k].out);
    }
    print_message("%zu forms x %u rounds x %d reductions per thread per round; %ld wrong elements\n", NFORMS,
                  sh.rounds, K * E, sh.failures);
    if (sh.failures || sh.call_errors)
        fail_msg("%s (%ld wrong elements, %ld failed calls)", sh.first, sh.failures, sh.call_errors);
    for (int i = 0; i < NVIEWS; i++)
        assert_int_equal(wt_destroy_surface_object(views[i].s), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(aliased_surfaces_two_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
