/* live_set.c -- the set of live array and mipmapped-array pointers the user holds
 * SPDX-License-Identifier: MIT
 *
 * Arrays are raw pointers (as cudaArray_t is), so a freed or forged one cannot
 * be recognised by reading it: that read is itself a use after free.  Every
 * pointer handed out is recorded here and checked by address before it is
 * dereferenced, so a stale pointer gets WT_ERROR_INVALID_VALUE and no read.
 * Only object creation and array management consult the set; sampling never
 * does.  An open-addressing hash set under one mutex. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const void **slots;      /* NULL = empty, TOMB = deleted */
static size_t cap, used, tombs; /* cap is a power of two (or 0) */
static const char tomb_mark;
#define TOMB ((const void *)&tomb_mark)

static size_t hash_of(const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15u;
    return (size_t)(h >> 17);
}

/* Index of p, or of the slot where it would go (-1 when p is absent and
 * want_free is 0). */
static long find(const void *p, int want_free)
{
    if (!cap)
        return -1;
    long first_free = -1;
    for (size_t i = hash_of(p) & (cap - 1), n = 0; n < cap; i = (i + 1) & (cap - 1), n++) {
        if (slots[i] == p)
            return (long)i;
        if (slots[i] == TOMB && first_free < 0)
            first_free = (long)i;
        if (!slots[i])
            return want_free ? (first_free >= 0 ? first_free : (long)i) : -1;
    }
    return want_free ? first_free : -1;
}

static int grow(void)
{
    size_t ncap = cap ? cap * 2 : 64;
    const void **old = slots;
    size_t ocap = cap;
    const void **fresh = wt__alloc(ncap * sizeof *fresh);
    if (!fresh)
        return -1;
    for (size_t i = 0; i < ncap; i++)
        fresh[i] = NULL;
    slots = fresh;
    cap = ncap;
    used = tombs = 0;
    for (size_t i = 0; i < ocap; i++) {
        if (old[i] && old[i] != TOMB) {
            slots[find(old[i], 1)] = old[i];
            used++;
        }
    }
    wt__free(old);
    return 0;
}

int wt__live_add(const void *p)
{
    int rc = 0;
    pthread_mutex_lock(&lock);
    if ((used + tombs + 1) * 4 > cap * 3 && grow() != 0) {
        rc = -1;
    } else {
        long i = find(p, 1);
        if (slots[i] != p) {
            if (slots[i] == TOMB)
                tombs--;
            slots[i] = p;
            used++;
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

/* Empty slot i (under the lock); a tombstone keeps later probes going. */
static void drop_slot(long i)
{
    slots[i] = TOMB;
    used--;
    tombs++;
}

int wt__live_remove(const void *p)
{
    pthread_mutex_lock(&lock);
    long i = p ? find(p, 0) : -1;
    if (i >= 0)
        drop_slot(i);
    pthread_mutex_unlock(&lock);
    return i >= 0;
}


/* The first 32-bit word of a live p (arrays and mipmapped arrays start with
 * their magic).  Read under the lock: a live pointer cannot be freed while
 * it is held, since freeing takes it out of the set first. */
static int magic_is(const void *p, uint32_t magic)
{
    uint32_t m;
    memcpy(&m, p, sizeof m);
    return m == magic;
}

int wt__live_has_magic(const void *p, uint32_t magic)
{
    if (!p)
        return 0;
    pthread_mutex_lock(&lock);
    int ok = find(p, 0) >= 0 && magic_is(p, magic);
    pthread_mutex_unlock(&lock);
    return ok;
}

int wt__live_take(const void *p, uint32_t magic, int (*accept)(const void *))
{
    if (!p)
        return 0;
    int rc = 0;
    pthread_mutex_lock(&lock);
    long i = find(p, 0);
    if (i >= 0 && magic_is(p, magic)) {
        if (accept && !accept(p)) {
            rc = -1;
        } else {
            drop_slot(i);
            rc = 1;
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}
