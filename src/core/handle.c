/* handle.c -- the handle table: 64-bit handles carrying kind, generation and slot
 * SPDX-License-Identifier: MIT
 *
 * handle = kind << 56 | generation << 32 | (slot + 1).  A slot stores the full
 * handle value while it is live, so lookup is one atomic load and a compare:
 * a destroyed handle (generation moved on), a forged one (no such slot, or a
 * different value) or one of the wrong kind never reaches its object.
 * Lookups take no lock; creation and destruction serialise on a mutex.  A
 * removed object is not freed here: its owner retires it (reclaim.c), so a
 * lookup that raced with the removal still reads valid memory.
 *
 * No ABA on the generation: a slot whose 24-bit generation is used up is
 * never put back on the free list, so a (slot, generation) pair is handed
 * out at most once in the life of the process and a destroyed handle can
 * never become valid again.  Free slots are reused last-in first-out, so a
 * create/destroy loop burns one slot per 2^24 - 1 cycles (1,048,576 slots:
 * about 1.8e13 objects before the table is used up). */
#include <pthread.h>

#include "internal.h"

#define CHUNK_BITS 10
#define CHUNK_SLOTS (1u << CHUNK_BITS)
#define MAX_CHUNKS 1024u /* 1,048,576 live objects at most */
#define GEN_MAX 0xffffffu   /* the generation field is 24 bits; 0 is never used */

typedef struct slot {
    _Atomic uint64_t handle; /* 0 while free */
    void *_Atomic obj;
    uint32_t generation;
    uint32_t next_free;      /* slot index + 1, 0 = end */
} slot;

static slot *_Atomic chunks[MAX_CHUNKS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t free_head;   /* slot index + 1 */
static uint32_t used_slots;

static slot *slot_at(uint32_t idx)
{
    uint32_t c = idx >> CHUNK_BITS;
    if (c >= MAX_CHUNKS)
        return NULL;
    slot *chunk = atomic_load_explicit(&chunks[c], memory_order_acquire);
    return chunk ? &chunk[idx & (CHUNK_SLOTS - 1)] : NULL;
}

wt_status wt__handle_new(uint64_t *out, wt__kind kind, void *obj)
{
    wt__reclaim_poll(); /* objects destroyed under a reader go now, not at the next destroy */
    pthread_mutex_lock(&lock);
    uint32_t idx;
    if (free_head) {
        idx = free_head - 1;
        free_head = slot_at(idx)->next_free;
    } else {
        idx = used_slots;
        uint32_t c = idx >> CHUNK_BITS;
        if (c >= MAX_CHUNKS) {
            pthread_mutex_unlock(&lock);
            return wt__error(WT_ERROR_OUT_OF_MEMORY, "handle table full (%u objects)", MAX_CHUNKS * CHUNK_SLOTS);
        }
        if (!atomic_load_explicit(&chunks[c], memory_order_relaxed)) {
            slot *chunk = wt__alloc(sizeof(slot) * CHUNK_SLOTS);
            if (!chunk) {
                pthread_mutex_unlock(&lock);
                return wt__error(WT_ERROR_OUT_OF_MEMORY, "handle table: out of memory");
            }
            atomic_store_explicit(&chunks[c], chunk, memory_order_release);
        }
        used_slots++;
    }
    slot *s = slot_at(idx);
    s->generation++; /* < GEN_MAX here: a used-up slot never comes back (remove) */
    uint64_t h = (uint64_t)kind << 56 | (uint64_t)s->generation << 32 | (uint64_t)(idx + 1);
    atomic_store_explicit(&s->obj, obj, memory_order_release);
    atomic_store_explicit(&s->handle, h, memory_order_release);
    pthread_mutex_unlock(&lock);
    *out = h;
    return WT_SUCCESS;
}

void *wt__handle_get(uint64_t h, wt__kind kind)
{
    uint32_t low = (uint32_t)h;
    if (low == 0 || (h >> 56) != (uint64_t)kind)
        return NULL;
    slot *s = slot_at(low - 1);
    /* seq_cst: pairs with the destroyer's epoch scan (reclaim.c). */
    if (!s || atomic_load(&s->handle) != h)
        return NULL;
    void *obj = atomic_load_explicit(&s->obj, memory_order_acquire);
    /* The slot may have been freed and reused between the two loads: the
     * generation in the handle tells, so check it again after. */
    if (atomic_load(&s->handle) != h)
        return NULL;
    return obj;
}

void *wt__handle_remove(uint64_t h, wt__kind kind)
{
    uint32_t low = (uint32_t)h;
    if (low == 0 || (h >> 56) != (uint64_t)kind)
        return NULL;
    pthread_mutex_lock(&lock);
    slot *s = slot_at(low - 1);
    void *obj = NULL;
    if (s && atomic_load_explicit(&s->handle, memory_order_relaxed) == h) {
        obj = atomic_load_explicit(&s->obj, memory_order_relaxed);
        atomic_store(&s->handle, 0); /* seq_cst, see reclaim.c */
        atomic_store_explicit(&s->obj, NULL, memory_order_relaxed);
        if (s->generation < GEN_MAX) {
            s->next_free = free_head;
            free_head = low;
        } /* else: retired for good, so no later handle repeats an old one */
    }
    pthread_mutex_unlock(&lock);
    return obj;
}
