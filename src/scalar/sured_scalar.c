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
 * Those go through one process-wide spin lock: atomic among themselves, not
 * against aligned atomic reductions that overlap the same bytes with a
 * different size.  Only mixed-size reductions over such odd layouts can
 * notice, and for them warptex promises only what D2.17 asks: the bytes
 * inside the row are read, combined and written back. */
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
        /* §10.4: add on .u32/.u64/.s32; min/max on .u32/.s32/.u64/.s64;
         * and/or on .b32.  x counts bytes. */
        int ok = (o == WT_RED_ADD && (t == WT_RTYPE_U32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S32)) ||
                 ((o == WT_RED_MIN || o == WT_RED_MAX) &&
                  (t == WT_RTYPE_U32 || t == WT_RTYPE_S32 || t == WT_RTYPE_U64 || t == WT_RTYPE_S64)) ||
                 ((o == WT_RED_AND || o == WT_RED_OR) && t == WT_RTYPE_B32);
        if (!ok)
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

static atomic_flag slow_lock = ATOMIC_FLAG_INIT;

/* Locked path (see the file comment): the n bytes inside the row, read as
 * a little-endian value with the rest 0 (D2.17), written back the same way. */
static void reduce_locked(const red *r, uint8_t *p, uint32_t n, uint64_t v)
{
    while (atomic_flag_test_and_set_explicit(&slow_lock, memory_order_acquire))
        ;
    uint64_t old = 0;
    for (uint32_t i = n; i-- > 0;)
        old = old << 8 | p[i];
    uint64_t nv = apply(r, old, v);
    for (uint32_t i = 0; i < n; i++, nv >>= 8)
        p[i] = (uint8_t)nv;
    atomic_flag_clear_explicit(&slow_lock, memory_order_release);
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
    if (HOST_LE && aligned) {
        if (r.wide)
            reduce_atomic64(&r, loc.p, v);
        else
            reduce_atomic32(&r, loc.p, (uint32_t)v);
    } else {
        reduce_locked(&r, loc.p, loc.n, v);
    }
    return 0;
}
