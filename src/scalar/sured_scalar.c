/* sured_scalar.c -- the reference for sured.b and sured.p: atomic read-modify-write reductions
 * SPDX-License-Identifier: MIT
 *
 * Decision Q11: every reduction is an atomic read-modify-write of the
 * naturally aligned element, so concurrent calls from any number of threads
 * give exact totals.  add wraps modulo 2^n, min/max compare as the type's
 * signedness, and/or are bitwise.
 *
 * Two cases cannot use a single atomic instruction on the element:
 *   - D2.17: a .clamp reduction wider than the row touches only the bytes
 *     inside the row (the bytes past it are other memory, or none);
 *   - an element whose address is not a multiple of its size (x itself is
 *     always aligned, else the lane traps, §10.1; but a pitch2D/linear
 *     pointer or a row of 1-byte elements can put row y off the grid).
 * Those take striped spin locks over the 8-byte granules they touch.  A
 * locked reduction is not atomic against a lock-free one over the same
 * bytes (a .u32 add inside a locked .u64 add's bytes, say), so a surface
 * on which any reduction could need the lock sends every reduction through
 * the locks (layout_needs_lock): then reductions of any size over any bytes
 * of the surface are atomic with one another.  Surfaces whose base and
 * pitches are multiples of 8 bytes and whose rows hold at least 8 bytes stay
 * lock-free (an array qualifies when width x element size is a multiple of
 * 8: its levels start 64-byte aligned and its rows are dense). */
#include <stdatomic.h>

#include "surf_scalar.h"

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_LE 1
#else
#define HOST_LE 0 /* surface elements are little-endian: a host word view would be wrong */
#endif

/* What one reduction does, after .p took its signedness from the format. */
typedef struct red {
    uint8_t op;     /* wt_redop */
    uint8_t wide;   /* 64-bit */
    uint8_t sgn;    /* min/max compare signed */
    uint32_t size;  /* access size in bytes */
    uint32_t unit;  /* bytes per x step: 1 (.b) or the element size (.p) */
} red;

int wt__sured_b_form_ok(int o, int t)
{
    return (o == WT_RED_ADD && (t == WT_RTYPE_U32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S32)) ||
           ((o == WT_RED_MIN || o == WT_RED_MAX) &&
            (t == WT_RTYPE_U32 || t == WT_RTYPE_S32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S64)) ||
           ((o == WT_RED_AND || o == WT_RED_OR) && t == WT_RTYPE_B32);
}

int wt__sured_p_format_ok(const wt__format *f, const wt_op *op)
{
    /* D2.16: .b32 on one-channel 32-bit integer formats, .b64 (min/max
     * only, §10.4) on two-channel 32-bit integer formats read as one
     * little-endian 64-bit value; signedness comes from the channel kind. */
    int int32 = f->cbytes == 4 && (f->ctype == WT__U32 || f->ctype == WT__S32);
    if (op->rtype == WT_RTYPE_B32)
        return int32 && f->nch == 1 && op->redop <= WT_RED_OR;
    return op->rtype == WT_RTYPE_B64 && int32 && f->nch == 2 &&
           (op->redop == WT_RED_MIN || op->redop == WT_RED_MAX);
}

/* The PTX forms (seed 000, §10.4) and D2.16; 0 when the lane must trap. */
static int decode(const wt__surf *s, const wt_op *op, red *r)
{
    int t = op->rtype, o = op->redop;
    if (op->geom > WT_GEOM_3D || o > WT_RED_OR)
        return 0; /* no layered sured in PTX; the entry refuses these first */
    r->op = (uint8_t)o;
    if (op->mode == WT_SURF_B) {
        if (!wt__sured_b_form_ok(o, t)) /* §10.4; x counts bytes */
            return 0;
        r->wide = t == WT_RTYPE_U64 || t == WT_RTYPE_S64;
        r->sgn = t == WT_RTYPE_S32 || t == WT_RTYPE_S64;
        r->size = r->wide ? 8 : 4;
        r->unit = 1;
        return 1;
    }
    /* .p: x counts samples; the format decides what runs (D2.16). */
    const wt__format *f = &s->fmt;
    if (op->mode != WT_SURF_P || !wt__sured_p_format_ok(f, op))
        return 0;
    r->wide = t == WT_RTYPE_B64;
    r->sgn = f->ctype == WT__S32;
    r->size = f->esize;
    r->unit = f->esize;
    return 1;
}

/* The new value of an element (Q11).  Signed order is the unsigned order
 * with the sign bit flipped, which keeps C's conversions out of it. */
static uint64_t apply(const red *r, uint64_t old, uint64_t v)
{
    const uint64_t mask = r->wide ? ~(uint64_t)0 : 0xffffffffu;
    const uint64_t flip = r->sgn ? (r->wide ? (uint64_t)1 << 63 : (uint64_t)1 << 31) : 0;
    old &= mask;
    v &= mask;
    switch (r->op) {
    case WT_RED_ADD: return (old + v) & mask; /* Q11: wraps modulo 2^n */
    case WT_RED_MIN: return (v ^ flip) < (old ^ flip) ? v : old;
    case WT_RED_MAX: return (v ^ flip) > (old ^ flip) ? v : old;
    case WT_RED_AND: return old & v;
    default: return old | v; /* WT_RED_OR */
    }
}

/* Lock-free path: an atomic view of the naturally aligned element. */
static void reduce_atomic32(const red *r, uint8_t *p, uint32_t v)
{
    _Atomic uint32_t *a = (_Atomic uint32_t *)(void *)p;
    /* Relaxed: a reduction returns nothing and orders nothing (§10.4, §10.5);
     * atomicity alone makes the totals exact. */
    switch (r->op) {
    case WT_RED_ADD: atomic_fetch_add_explicit(a, v, memory_order_relaxed); return;
    case WT_RED_AND: atomic_fetch_and_explicit(a, v, memory_order_relaxed); return;
    case WT_RED_OR: atomic_fetch_or_explicit(a, v, memory_order_relaxed); return;
    default: break;
    }
    uint32_t old = atomic_load_explicit(a, memory_order_relaxed);
    for (;;) {
        uint32_t nv = (uint32_t)apply(r, old, v);
        if (nv == old) /* min/max that changes nothing writes nothing */
            return;
        if (atomic_compare_exchange_weak_explicit(a, &old, nv, memory_order_relaxed, memory_order_relaxed))
            return;
    }
}

static void reduce_atomic64(const red *r, uint8_t *p, uint64_t v)
{
    _Atomic uint64_t *a = (_Atomic uint64_t *)(void *)p;
    if (r->op == WT_RED_ADD) {
        atomic_fetch_add_explicit(a, v, memory_order_relaxed);
        return;
    }
    uint64_t old = atomic_load_explicit(a, memory_order_relaxed);
    for (;;) {
        uint64_t nv = apply(r, old, v);
        if (nv == old)
            return;
        if (atomic_compare_exchange_weak_explicit(a, &old, nv, memory_order_relaxed, memory_order_relaxed))
            return;
    }
}

/* Striped locks, one per 8-byte granule modulo NSTRIPES, each on its own
 * cache line so that threads on different granules do not share one. */
#define NSTRIPES 64
static struct {
    atomic_flag f;
    char pad[64 - sizeof(atomic_flag)];
} stripes[NSTRIPES] = {
#define WT__STRIPE {ATOMIC_FLAG_INIT, {0}}
#define WT__STRIPE8 WT__STRIPE, WT__STRIPE, WT__STRIPE, WT__STRIPE, WT__STRIPE, WT__STRIPE, WT__STRIPE, WT__STRIPE
    WT__STRIPE8, WT__STRIPE8, WT__STRIPE8, WT__STRIPE8, WT__STRIPE8, WT__STRIPE8, WT__STRIPE8, WT__STRIPE8};
#undef WT__STRIPE8
#undef WT__STRIPE

static void stripe_lock(unsigned i)
{
    while (atomic_flag_test_and_set_explicit(&stripes[i].f, memory_order_acquire))
        ;
}

static void stripe_unlock(unsigned i) { atomic_flag_clear_explicit(&stripes[i].f, memory_order_release); }

/* Locked path (see the file comment): the n bytes inside the row, read as
 * a little-endian value with the rest 0 (D2.17), written back the same way.
 * n <= 8, so the bytes touch one or two granules; their stripes are taken
 * in index order, which rules out deadlock. */
static void reduce_locked(const red *r, uint8_t *p, uint32_t n, uint64_t v)
{
    unsigned a = (unsigned)(((uintptr_t)p >> 3) % NSTRIPES);
    unsigned b = (unsigned)((((uintptr_t)p + n - 1) >> 3) % NSTRIPES);
    unsigned lo = a < b ? a : b, hi = a < b ? b : a;
    stripe_lock(lo);
    if (hi != lo)
        stripe_lock(hi);
    uint64_t old = 0;
    for (uint32_t i = n; i-- > 0;)
        old = old << 8 | p[i];
    uint64_t nv = apply(r, old, v);
    for (uint32_t i = 0; i < n; i++, nv >>= 8)
        p[i] = (uint8_t)nv;
    if (hi != lo)
        stripe_unlock(hi);
    stripe_unlock(lo);
}

/* Could some reduction on this surface not be one aligned atomic?  Accesses
 * are 4 or 8 bytes at x aligned to their size (§10.1), so an in-range one is
 * aligned when its row starts on the 8-byte grid; a row of under 8 bytes
 * makes a .clamp 8-byte access partial (D2.17). */
static int layout_needs_lock(const wt__surf *s)
{
    size_t grid = (size_t)(uintptr_t)s->base | s->row_pitch | s->depth_pitch | s->slice_pitch;
    return !HOST_LE || (grid & 7u) != 0 || (size_t)s->w * s->fmt.esize < 8;
}

int wt__surf_reduce_scalar(const wt__surf *s, const wt_op *op, const int32_t c[4], uint64_t v)
{
    red r;
    if (!decode(s, op, &r))
        return 1; /* D2.16: a .p type the format cannot take traps */
    wt__surf_loc loc;
    int st = wt__surf_locate(s, op, c, r.unit, r.size, &loc);
    if (st == WT__LOC_TRAP)
        return 1;
    if (st == WT__LOC_OUTSIDE)
        return 0; /* §10.2 / Q11: .zero drops the reduction whole, as for sust */
    int aligned = loc.n == r.size && ((uintptr_t)loc.p & (r.size - 1)) == 0;
    if (aligned && !layout_needs_lock(s)) {
        if (r.wide)
            reduce_atomic64(&r, loc.p, v);
        else
            reduce_atomic32(&r, loc.p, (uint32_t)v);
    } else {
        reduce_locked(&r, loc.p, loc.n, v);
    }
    return 0;
}
