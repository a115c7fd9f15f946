/* reclaim.c -- safe destruction under lock-free sampling: epoch-based deferred freeing
 * SPDX-License-Identifier: MIT
 *
 * Sampling looks objects up without a lock, so a thread may still be reading
 * a texture (and the array storage behind it) when another thread destroys
 * it.  Destruction therefore only retires the object; it is released once no
 * reader that could have seen it is still inside a read section.
 *
 * Each thread that reads owns a record holding the global epoch it saw when
 * its current read section began (0 when outside one).  Retiring stamps the
 * object with the current epoch e and moves the global epoch to e + 1; the
 * object is released as soon as every record is 0 or > e.  The handle was
 * invalidated before the stamp, so a reader that saw e + 1 or later cannot
 * find it, and a reader still at <= e is seen by the scan: the reader's
 * epoch store and handle loads and the destroyer's handle store, epoch bump
 * and scan loads are all sequentially consistent, so one of the two sees the
 * other (no fences: ThreadSanitizer models only atomic operations).
 *
 * Cost per read section: one thread-local lookup and two stores.
 * Records are never freed: a thread's record goes back to a pool at exit. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "internal.h"

typedef struct reader {
    _Atomic uint64_t epoch; /* 0: not reading */
    _Atomic int in_use;     /* owned by a live thread */
    unsigned depth;         /* nesting, owner thread only */
    struct reader *next;    /* list of every record, push-only */
} reader;

typedef struct retired {
    void *obj;
    void (*release)(void *);
    uint64_t epoch;
    struct retired *next;
} retired;

static _Atomic uint64_t global_epoch = 1;
static reader *_Atomic readers;
/* Readers whose record could not be allocated: counted here instead, and
 * nothing is released while any is inside a read section. */
static _Atomic long anonymous_readers;

static pthread_mutex_t retire_lock = PTHREAD_MUTEX_INITIALIZER;
static retired *pending; /* under retire_lock */
/* pending != NULL, readable without the lock (a hint for wt__reclaim_poll). */
static _Atomic int have_pending;

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t key;

static _Thread_local reader *self;
static _Thread_local unsigned anonymous_depth;

/* Runs on the exiting thread.  self is cleared too: a later destructor of
 * the same thread that samples again takes a fresh record instead of using
 * this one after another thread has taken it over. */
static void thread_gone(void *p)
{
    reader *r = p;
    if (self == r)
        self = NULL;
    atomic_store_explicit(&r->epoch, 0, memory_order_release);
    atomic_store_explicit(&r->in_use, 0, memory_order_release);
}

static void make_key(void)
{
    if (pthread_key_create(&key, thread_gone) != 0)
        key = (pthread_key_t)-1; /* records then stay with their dead threads */
}

static reader *acquire_record(void)
{
    pthread_once(&key_once, make_key);
    reader *r;
    for (r = atomic_load_explicit(&readers, memory_order_acquire); r; r = r->next) {
        int free_rec = 0;
        if (atomic_compare_exchange_strong(&r->in_use, &free_rec, 1))
            break;
    }
    if (!r) {
        /* Plain malloc: the allocation-failure hook of wt__alloc is for
         * user-visible allocations, not for this bookkeeping. */
        r = malloc(sizeof *r);
        if (!r)
            return NULL;
        atomic_init(&r->epoch, 0);
        atomic_init(&r->in_use, 1);
        r->next = atomic_load_explicit(&readers, memory_order_relaxed);
        while (!atomic_compare_exchange_weak(&readers, &r->next, r))
            ;
    }
    r->depth = 0;
    if (key != (pthread_key_t)-1)
        pthread_setspecific(key, r);
    return r;
}

void wt__read_begin(void)
{
    reader *r = self;
    if (!r && !anonymous_depth)
        r = self = acquire_record();
    if (!r) {
        if (anonymous_depth++ == 0) {
            atomic_fetch_add(&anonymous_readers, 1); /* seq_cst */
        }
        return;
    }
    if (r->depth++ == 0) {
        atomic_store(&r->epoch, atomic_load(&global_epoch)); /* seq_cst */
    }
}

void wt__read_end(void)
{
    reader *r = self;
    if (!r) {
        if (anonymous_depth && --anonymous_depth == 0)
            atomic_fetch_sub(&anonymous_readers, 1);
        return;
    }
    if (r->depth && --r->depth == 0)
        atomic_store_explicit(&r->epoch, 0, memory_order_release);
}

/* How deeply this thread is nested in read sections.  Async-signal-safe (it
 * only reads this thread's own state): the CUDA layer's fault handler asks it
 * whether a kernel faulted inside a texture or surface call. */
unsigned wt__read_depth(void)
{
    const reader *r = self;
    return r ? r->depth : anonymous_depth;
}

/* 1 while this thread runs a release inside collect() (holding retire_lock). */
static _Thread_local int collecting;

/* Release what no reader can still hold.  Caller holds retire_lock. */
static void collect(void)
{
    if (atomic_load(&anonymous_readers) > 0)
        return;
    uint64_t oldest = UINT64_MAX;
    for (reader *r = atomic_load(&readers); r; r = r->next) {
        uint64_t e = atomic_load(&r->epoch);
        if (e && e < oldest)
            oldest = e;
    }
    retired **pp = &pending;
    while (*pp) {
        retired *it = *pp;
        if (it->epoch < oldest) {
            *pp = it->next;
            collecting = 1;
            it->release(it->obj); /* may retire more at the list's head (wt__retire) */
            collecting = 0;
            free(it);
        } else {
            pp = &it->next;
        }
    }
    atomic_store_explicit(&have_pending, pending != NULL, memory_order_relaxed);
}

/* Objects retired while a reader held them wait for the next collection.
 * Without this, one destroyed during a sample would stay (with its array)
 * until the next destroy; object creation polls too, so it goes at the next
 * create or destroy of any object.  Never blocks: a busy lock means another
 * thread is collecting. */
void wt__reclaim_poll(void)
{
    if (!atomic_load_explicit(&have_pending, memory_order_relaxed))
        return;
    if (pthread_mutex_trylock(&retire_lock) != 0)
        return;
    collect();
    pthread_mutex_unlock(&retire_lock);
}

void wt__retire(void *obj, void (*release)(void *))
{
    /* A release run by collect() may retire more (a sparse array's last
     * object frees the array, whose pools go through here): this thread
     * then holds retire_lock already, and the object joins the list without
     * a nested collection, which the next one releases. */
    const int nested = collecting;
    retired *it = malloc(sizeof *it);
    if (!nested)
        pthread_mutex_lock(&retire_lock);
    uint64_t e = atomic_load_explicit(&global_epoch, memory_order_relaxed);
    atomic_store(&global_epoch, e + 1); /* seq_cst */
    if (it) {
        it->obj = obj;
        it->release = release;
        it->epoch = e;
        it->next = pending;
        pending = it;
        if (nested)
            atomic_store_explicit(&have_pending, 1, memory_order_relaxed);
        else
            collect();
    } else {
        /* No memory to defer: wait for the readers of epoch <= e instead. */
        for (;;) {
            if (!nested)
                collect();
            int busy = atomic_load(&anonymous_readers) > 0;
            for (reader *r = atomic_load(&readers); r && !busy; r = r->next) {
                uint64_t re = atomic_load(&r->epoch);
                busy = re && re <= e;
            }
            if (!busy)
                break;
            sched_yield();
        }
        release(obj);
    }
    if (!nested)
        pthread_mutex_unlock(&retire_lock);
}
