/* atomic_reduce.c -- surface reductions are atomic by memory, not by object
 * SPDX-License-Identifier: MIT
 *
 * Two surface objects may name the same bytes with different formats,
 * pitches and offsets (two pitch2D views of one buffer, say), and their
 * reductions must still not lose each other's updates.  So how a reduction
 * is made atomic depends only on which bytes it touches, [p, p + n), never
 * on the object it came through:
 *
 *   1. The bytes lie inside one naturally aligned 8-byte word: one hardware
 *      atomic on memory.  A whole aligned 8-byte or 4-byte element uses the
 *      native fetch-add/and/or (min/max: compare-and-swap of the element);
 *      anything narrower, or not aligned to its size, is a compare-and-swap
 *      of the containing 8-byte word that rewrites only its own bytes.  On
 *      x86-64 and AArch64 atomics of different sizes on the same bytes are
 *      atomic with one another, so a .u32 add and a .u64 add over shared
 *      bytes both land.
 *   2. The bytes straddle two words (possible only when a pitch2D or linear
 *      row starts off the 8-byte grid): the reduction holds the locks of
 *      both words in one process-wide table keyed by word address, so
 *      straddling reductions of the same bytes exclude one another.  The
 *      words themselves still change only through atomics: add, and, or are
 *      applied to each word as an atomic delta (add passes its carry from
 *      the low word to the high one), so they stay exact against case-1
 *      reductions on part of their bytes too; min and max compare-and-swap
 *      each word, retrying while other bytes of it change.
 *
 * The one thing no CPU offers is an atomic over two arbitrary words: a
 * straddling min or max that races with a reduction on only part of its
 * bytes through another, differently aligned surface is not linearizable
 * (its compare may see the part before or after that update).  That needs
 * two surfaces whose elements overlap at different alignments; every other
 * combination, and every add/and/or, is exact (docs/design.md, "Atomic reductions", says so).
 *
 * Relaxed ordering throughout: a reduction returns nothing and orders
 * nothing ([semantics#sured], [semantics#coherence]); atomicity alone makes the totals exact. */
#include "atomic_reduce.h"

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_LE 1
#else
#define HOST_LE 0 /* elements are little-endian: a host word view would be wrong, so every reduction locks */
#endif

uint64_t wt__red_apply(const wt__red *r, uint64_t old, uint64_t v)
{
    const uint64_t mask = r->wide ? ~(uint64_t)0 : 0xffffffffu;
    /* Signed order is the unsigned order with the sign bit flipped. */
    const uint64_t flip = r->sgn ? (r->wide ? (uint64_t)1 << 63 : (uint64_t)1 << 31) : 0;
    old &= mask;
    v &= mask;
    switch (r->op) {
    case WT_RED_ADD: return (old + v) & mask; /* [semantics#decision-sured]: wraps modulo 2^n */
    case WT_RED_MIN: return (v ^ flip) < (old ^ flip) ? v : old;
    case WT_RED_MAX: return (v ^ flip) > (old ^ flip) ? v : old;
    case WT_RED_AND: return old & v;
    default: return old | v; /* WT_RED_OR */
    }
}

/* Bits [0, 8n) set, n = 0..8. */
static uint64_t low_bytes(unsigned n) { return n >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * n)) - 1; }

/* Compare-and-swap of a containing word reads, and rewrites with their own
 * value, the word's bytes outside the element, which may lie outside the
 * caller's allocation (a pitch2D buffer of 3 bytes, say).  An aligned 8-byte
 * word never crosses a page, so that is safe on the hardware; the attribute
 * keeps AddressSanitizer from reporting those bytes. */
#if defined(__GNUC__)
#define WORD_ACCESS __attribute__((no_sanitize_address))
#else
#define WORD_ACCESS
#endif

/* ---- the process-wide lock table ------------------------------------------
 * One spin lock per 8-byte word address modulo NLOCKS, each on its own cache
 * line.  A straddling reduction takes its two words' locks in index order,
 * which rules out deadlock. */
#define NLOCKS 64
static struct {
    atomic_flag f;
    char pad[64 - sizeof(atomic_flag)];
} locks[NLOCKS] = {
#define WT__LOCK {ATOMIC_FLAG_INIT, {0}}
#define WT__LOCK8 WT__LOCK, WT__LOCK, WT__LOCK, WT__LOCK, WT__LOCK, WT__LOCK, WT__LOCK, WT__LOCK
    WT__LOCK8, WT__LOCK8, WT__LOCK8, WT__LOCK8, WT__LOCK8, WT__LOCK8, WT__LOCK8, WT__LOCK8};
#undef WT__LOCK8
#undef WT__LOCK

static unsigned lock_of(uintptr_t word_addr) { return (unsigned)((word_addr >> 3) % NLOCKS); }

static void lock_pair(unsigned a, unsigned b)
{
    unsigned lo = a < b ? a : b, hi = a < b ? b : a;
    while (atomic_flag_test_and_set_explicit(&locks[lo].f, memory_order_acquire))
        ;
    if (hi != lo)
        while (atomic_flag_test_and_set_explicit(&locks[hi].f, memory_order_acquire))
            ;
}

static void unlock_pair(unsigned a, unsigned b)
{
    atomic_flag_clear_explicit(&locks[a].f, memory_order_release);
    if (b != a)
        atomic_flag_clear_explicit(&locks[b].f, memory_order_release);
}

#if HOST_LE

/* ---- case 1: inside one word ----------------------------------------------- */

static void native32(const wt__red *r, uint8_t *p, uint64_t v)
{
    _Atomic uint32_t *a = (_Atomic uint32_t *)(void *)p;
    switch (r->op) {
    case WT_RED_ADD: atomic_fetch_add_explicit(a, (uint32_t)v, memory_order_relaxed); return;
    case WT_RED_AND: atomic_fetch_and_explicit(a, (uint32_t)v, memory_order_relaxed); return;
    case WT_RED_OR: atomic_fetch_or_explicit(a, (uint32_t)v, memory_order_relaxed); return;
    default: break;
    }
    uint32_t old = atomic_load_explicit(a, memory_order_relaxed);
    for (;;) {
        uint32_t nv = (uint32_t)wt__red_apply(r, old, v);
        if (nv == old) /* a min/max that changes nothing writes nothing */
            return;
        if (atomic_compare_exchange_weak_explicit(a, &old, nv, memory_order_relaxed, memory_order_relaxed))
            return;
    }
}

static void native64(const wt__red *r, uint8_t *p, uint64_t v)
{
    _Atomic uint64_t *a = (_Atomic uint64_t *)(void *)p;
    switch (r->op) {
    case WT_RED_ADD: atomic_fetch_add_explicit(a, v, memory_order_relaxed); return;
    case WT_RED_AND: atomic_fetch_and_explicit(a, v, memory_order_relaxed); return;
    case WT_RED_OR: atomic_fetch_or_explicit(a, v, memory_order_relaxed); return;
    default: break;
    }
    uint64_t old = atomic_load_explicit(a, memory_order_relaxed);
    for (;;) {
        uint64_t nv = wt__red_apply(r, old, v);
        if (nv == old)
            return;
        if (atomic_compare_exchange_weak_explicit(a, &old, nv, memory_order_relaxed, memory_order_relaxed))
            return;
    }
}

/* The n bytes at byte offset off of word w (off + n <= 8), by
 * compare-and-swap of the word; the other bytes are kept as they are. */
WORD_ACCESS static void field_cas(const wt__red *r, _Atomic uint64_t *w, unsigned off, unsigned n, uint64_t v)
{
    const unsigned sh = 8 * off;
    const uint64_t fm = low_bytes(n);
    uint64_t old = atomic_load_explicit(w, memory_order_relaxed);
    for (;;) {
        uint64_t f = (old >> sh) & fm;
        uint64_t nf = wt__red_apply(r, f, v) & fm;
        if (nf == f)
            return;
        uint64_t nw = (old & ~(fm << sh)) | nf << sh;
        if (atomic_compare_exchange_weak_explicit(w, &old, nw, memory_order_relaxed, memory_order_relaxed))
            return;
    }
}

/* ---- case 2: across two words ------------------------------------------------ */

/* Add d to the low n bytes of w modulo 2^(8n), the other bytes kept. */
WORD_ACCESS static void add_low_bytes(_Atomic uint64_t *w, unsigned n, uint64_t d)
{
    const uint64_t fm = low_bytes(n);
    d &= fm;
    if (!d)
        return;
    uint64_t old = atomic_load_explicit(w, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(w, &old, (old & ~fm) | ((old + d) & fm), memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

/* Replace bytes [off, off + n) of w with the low n bytes of f. */
WORD_ACCESS static void store_field(_Atomic uint64_t *w, unsigned off, unsigned n, uint64_t f)
{
    const unsigned sh = 8 * off;
    const uint64_t fm = low_bytes(n) << sh;
    uint64_t old = atomic_load_explicit(w, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(w, &old, (old & ~fm) | ((f << sh) & fm), memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

/* Bytes [off, 8) of w0 are the value's low k = 8 - off bytes, bytes [0, n-k)
 * of w1 its high ones.  Called with both words' locks held. */
WORD_ACCESS static void straddle(const wt__red *r, _Atomic uint64_t *w0, _Atomic uint64_t *w1, unsigned off, unsigned n,
                     uint64_t v)
{
    const unsigned k = 8 - off, sh = 8 * off, hb = n - k;
    if (!r->wide)
        v &= 0xffffffffu;
    const uint64_t vn = v & low_bytes(n); /* add, and, or: only the bytes written matter */
    switch (r->op) {
    case WT_RED_ADD: {
        /* The low part sits at the top of w0, so the word's own carry out
         * is the value's carry from byte k - 1 into byte k. */
        uint64_t add0 = vn << sh;
        uint64_t old0 = atomic_fetch_add_explicit(w0, add0, memory_order_relaxed);
        uint64_t carry = old0 + add0 < old0;
        add_low_bytes(w1, hb, (vn >> 8 * k) + carry);
        return;
    }
    case WT_RED_AND:
        atomic_fetch_and_explicit(w0, vn << sh | low_bytes(off), memory_order_relaxed);
        atomic_fetch_and_explicit(w1, (vn >> 8 * k) | ~low_bytes(hb), memory_order_relaxed);
        return;
    case WT_RED_OR:
        atomic_fetch_or_explicit(w0, vn << sh, memory_order_relaxed);
        atomic_fetch_or_explicit(w1, vn >> 8 * k, memory_order_relaxed);
        return;
    default: break;
    }
    /* min/max: every straddling writer of these bytes holds the same locks,
     * so between this read and the stores only other bytes of the two words
     * can change, and store_field keeps those. */
    uint64_t a = atomic_load_explicit(w0, memory_order_relaxed), b = atomic_load_explicit(w1, memory_order_relaxed);
    uint64_t f = (a >> sh) | (b & low_bytes(hb)) << 8 * k;
    uint64_t nf = wt__red_apply(r, f, v) & low_bytes(n);
    if (nf == f)
        return;
    store_field(w0, off, k, nf);
    store_field(w1, 0, hb, nf >> 8 * k);
}

void wt__atomic_reduce(const wt__red *r, uint8_t *p, unsigned n, uint64_t v)
{
    const uintptr_t a = (uintptr_t)p;
    const unsigned off = (unsigned)(a & 7);
    if ((n == 4 || n == 8) && (a & (n - 1)) == 0) {
        if (n == 8)
            native64(r, p, v);
        else if (!r->wide || r->op == WT_RED_ADD || r->op == WT_RED_AND || r->op == WT_RED_OR)
            native32(r, p, v); /* the low 4 bytes of a 64-bit add/and/or are the 32-bit one */
        else
            field_cas(r, (_Atomic uint64_t *)(void *)(a - off), off, n, v); /* 64-bit compare, 4 bytes kept */
        return;
    }
    _Atomic uint64_t *w0 = (_Atomic uint64_t *)(void *)(a - off);
    if (off + n <= 8) {
        field_cas(r, w0, off, n, v);
        return;
    }
    unsigned l0 = lock_of(a - off), l1 = lock_of(a - off + 8);
    lock_pair(l0, l1);
    straddle(r, w0, w0 + 1, off, n, v);
    unlock_pair(l0, l1);
}

#else /* !HOST_LE: every reduction under the locks of the words it touches, byte by byte */

void wt__atomic_reduce(const wt__red *r, uint8_t *p, unsigned n, uint64_t v)
{
    const uintptr_t a = (uintptr_t)p;
    unsigned l0 = lock_of(a & ~(uintptr_t)7), l1 = lock_of((a + n - 1) & ~(uintptr_t)7);
    lock_pair(l0, l1);
    uint64_t old = 0;
    for (unsigned i = n; i-- > 0;)
        old = old << 8 | p[i];
    uint64_t nv = wt__red_apply(r, old, v);
    for (unsigned i = 0; i < n; i++, nv >>= 8)
        p[i] = (uint8_t)nv;
    unlock_pair(l0, l1);
}

#endif
