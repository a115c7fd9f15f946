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
 * find it, and a reader still at <= e is seen by the scan: one of the
 * reader's epoch store and the destroyer's scan must see the other.
 *
 * That takes a full barrier between the reader's epoch store and its handle
 * loads, and one between the destroyer's epoch bump and its scan.  The
 * reader's is the expensive one: it waits for the thread's store buffer to
 * drain, and a warp call that has just written a warp of results has a full
 * one (measured: a fifth of the W1 warp call, docs/design.md#read-sections).
 * So where Linux's membarrier(2) can be registered, the barriers are
 * asymmetric: the reader's store is relaxed with a compiler barrier after
 * it, and the destroyer runs MEMBARRIER_CMD_PRIVATE_EXPEDITED before it
 * scans, which makes every running thread of the process execute a full
 * barrier.  If a reader's barrier falls after its epoch store, the scan sees
 * the store; if before, the reader's handle loads come after the destroyer's
 * handle store and see it invalidated.  Elsewhere (no membarrier, or
 * ThreadSanitizer, which models only atomic operations), every one of those
 * accesses is sequentially consistent, as before.
 *
 * Cost per read section: one thread-local lookup and two plain stores.
 * Records are never freed: a thread's record goes back to a pool at exit. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "internal.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WT__TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define WT__TSAN 1
#endif
#if defined(__linux__) && defined(SYS_membarrier) && !defined(WT__TSAN)
#define WT__MEMBARRIER 1
#endif

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
/* Set once (make_key, under key_once, before any record is handed out or
 * any scan): the barriers are asymmetric (membarrier registered). */
static int asymmetric;

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
#ifdef WT__MEMBARRIER
    const long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    asymmetric = cmds > 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
                 syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
#endif
}

/* The destroyer's barrier before it scans the records (see the top).  A
 * child of fork() inherits `asymmetric` but not the registration, so a
 * refused barrier registers once more and tries again; 0 if it still fails:
 * the scan must then release nothing, since it might miss a reader (what
 * is retired then stays allocated, never freed under a reader). */
static int scan_barrier(void)
{
    pthread_once(&key_once, make_key);
#ifdef WT__MEMBARRIER
    if (asymmetric && syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0 &&
        (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) != 0 ||
         syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0))
        return 0;
#endif
    return 1;
}

int wt__read_barriers_asymmetric(void)
{
    pthread_once(&key_once, make_key);
    return asymmetric;
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
        if (asymmetric) {
            atomic_store_explicit(&r->epoch, atomic_load_explicit(&global_epoch, memory_order_relaxed),
                                  memory_order_relaxed);
            atomic_signal_fence(memory_order_seq_cst); /* the destroyer's membarrier makes it a full barrier */
        } else {
            atomic_store(&r->epoch, atomic_load(&global_epoch)); /* seq_cst */
        }
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
    if (!scan_barrier() || atomic_load(&anonymous_readers) > 0)
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
            if (!scan_barrier()) {
                obj = NULL; /* kept, never freed under a reader */
                break;
            }
            int busy = atomic_load(&anonymous_readers) > 0;
            for (reader *r = atomic_load(&readers); r && !busy; r = r->next) {
                uint64_t re = atomic_load(&r->epoch);
                busy = re && re <= e;
            }
            if (!busy)
                break;
            sched_yield();
        }
        if (obj)
            release(obj);
    }
    if (!nested)
        pthread_mutex_unlock(&retire_lock);
}
