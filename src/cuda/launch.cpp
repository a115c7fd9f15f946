/* launch.cpp -- kernel launch: blocks across cores, the threads of a block as cooperative fibers
 * SPDX-License-Identifier: MIT
 *
 * Blocks are spread over the library's threads (wt__parallel_for: OpenMP, or
 * pthreads under TSan).  A block runs on one OS thread.  Its CUDA threads run
 * one after another inside a worker fiber (context_switch.h): a thread that
 * returns hands the fiber to the next unstarted thread, so a block whose
 * threads never reach a barrier runs start to end in one fiber without a
 * switch.  That loop is the launch's own (cuda_runtime.h's kernel_call::run,
 * compiled with the kernel) over the block's cursor (wt_cuda_cursor): it
 * marks each thread running and returned in the block's state, and the
 * scheduler here learns which thread a fiber runs when it parks.  A thread that reaches __syncthreads()/__syncwarp() parks its fiber
 * and the scheduler starts a new worker fiber for the next thread; once every
 * thread has started, the scheduler releases a barrier when every live thread
 * it concerns waits at it (threads that returned count as arrived), and resumes
 * the released threads in thread order.  No thread passes a barrier before all
 * have reached it, which is what __shared__ memory needs.
 *
 * A launch a kernel makes (dynamic parallelism, device_launch.h) is kept until its grid has
 * finished; run_grid then runs it, with the launches it makes in turn, before the host's launch
 * returns.
 *
 * Faults never abort the process: a surface trap or an invalid object
 * (wt_cuda_check_lane_call), __trap(), an exception leaving a thread, a
 * barrier nobody can pass, or a texture call that failed (the library's last
 * error, read when the block ends) stop the block, skip the blocks not yet
 * started, and make cudaErrorLaunchFailure sticky.  A memory fault (SIGSEGV,
 * SIGBUS, SIGFPE) in a thread's own code does the same with the error CUDA
 * gives for it (cudaErrorIllegalAddress, ...): the handler (fault_guard.h)
 * jumps back to run_block, which abandons the faulting fiber (its stack goes
 * back to the pool; the thread's destructors do not run).  Parked threads of
 * a stopped block are resumed once more and unwound with an exception of ours.
 *
 * Sanitizers: every switch is announced to AddressSanitizer
 * (__sanitizer_start/finish_switch_fiber) and ThreadSanitizer
 * (__tsan_switch_to_fiber). */
#include <atomic>
#include <exception>
#include <mutex>
#include <new>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "../core/parallel.h"     /* the library's parallel loop: OpenMP, or pthreads in the TSan build */
#include "../core/read_section.h" /* a read section around each block (they nest; see run_blocks) */
#include "context_switch.h"
#include "asan_probe.h"
#include "cuda_internal.h"
#include "device_launch.h"
#include "fault_guard.h"
#include "stack_pool.h"

#if defined(__SANITIZE_ADDRESS__)
#define WT_CUDA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WT_CUDA_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define WT_CUDA_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WT_CUDA_TSAN 1
#endif
#endif
#ifdef WT_CUDA_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef WT_CUDA_TSAN
#include <sanitizer/tsan_interface.h>
#endif


__thread struct wt_cuda_thread_state wt_cuda_tls;

namespace {
using wt_cuda_rt::ctx_transfer;

/* thrown inside a CUDA thread: a fault ends it and the launch */
struct fault_signal {
    std::string why;
    cudaError_t error = cudaErrorLaunchFailure;
};
/* thrown into parked threads of a stopped block */
struct abort_signal {};

/* Only park() and a release write a state (and an exception, DONE): the
 * scheduler looks at states only while no thread runs and after every
 * thread has started, so then a thread that does not wait has returned
 * (finished(), whatever its state says). */
enum thread_state : unsigned char { NOT_STARTED, RUNNING, WAIT_BLOCK, WAIT_WARP, WAIT_TILE, DONE };
inline bool waits(unsigned char st) { return st == WAIT_BLOCK || st == WAIT_WARP || st == WAIT_TILE; }

struct launch_run {
    void (*run)(void *, wt_cuda_cursor *);
    void *closure;
    uint3 grid, block;
    unsigned threads;
    size_t shared;
    bool guarded; /* memory faults in kernels are caught (fault_guard.h) */
    wt_cuda_rt::grid_launches *kids; /* the launches the grid's threads make (device_launch.h) */
    std::atomic<bool> failed{false};
    std::mutex lock;
    std::string why;
    cudaError_t error = cudaErrorLaunchFailure; /* the first failure's */

    void fail(const std::string &w, cudaError_t e = cudaErrorLaunchFailure)
    {
        std::lock_guard<std::mutex> g(lock);
        if (!failed.load(std::memory_order_relaxed)) {
            why = w;
            error = e;
        }
        failed.store(true, std::memory_order_release);
    }
};

struct block_run;

struct fiber_rec {
    void *fib = nullptr; /* the fiber's context while it is parked; null once it has ended */
    bool ended = false;  /* its last switch went to a sibling, which recycles it (resumed) */
    block_run *blk = nullptr;
    unsigned thread = 0;
    uint3 tidx{0, 0, 0};       /* threadIdx of that thread (no division per switch) */
    void *stack_bottom = nullptr;
    size_t stack_size = 0;
    void *asan_fake = nullptr;
    void *tsan_fiber = nullptr;
};

struct block_run {
    launch_run *L;
    unsigned n;
    wt_cuda_cursor cur{}; /* next: the next thread to start; stop: the block is aborting */
    unsigned parked = 0;  /* threads waiting at a barrier */
    unsigned at_block = 0; /* of them, those at __syncthreads */
    std::vector<unsigned char> state;
    std::vector<fiber_rec *> fiber_of;
    std::vector<unsigned> warp_mask; /* at __syncwarp: its mask; at a tile's barrier: the tile's size */
    fiber_rec *current = nullptr;
    int acc[3] = {0, 1, 0}; /* count, and, or of the predicates at the open barrier */
    /* acc at the last release of __syncthreads: its threads read it as they resume, all of them
     * before the next release, which needs every thread at the barrier again */
    int reduced[3] = {0, 1, 0};
    /* warp exchanges (__shfl_sync, votes): each thread alternates between two slots, so that a
     * thread already at its next exchange cannot overwrite what a slower one still reads */
    std::vector<unsigned long long> xslot[2];
    std::vector<unsigned> xround[2]; /* the writer's exchange number + 1, 0: never written */
    std::vector<unsigned> xcount;    /* exchanges each thread has made */
    bool exchanges_ready = false;    /* the three above sized and zeroed for this block */
    std::vector<cudaError_t> last_error; /* each thread's cudaGetLastError, once the block makes one */
    bool errors_ready = false;
    void *main = nullptr; /* the scheduler's context while fibers run */
    void *main_bottom = nullptr;
    size_t main_size = 0;
    void *tsan_main = nullptr;
    std::vector<unsigned> released;      /* n long: released[0, rel_end) a barrier releases (releasable) */
    unsigned rel_end = 0;
    unsigned rel_pos = 0;                /* released[rel_pos, rel_end) have not run yet */
    /* The warp exchange's short way (park): per warp, how many of its lanes wait at __syncwarp
     * or an exchange with the whole-warp mask.  When that reaches the warp's lane count the
     * warp's meeting is complete: park releases its lanes at once, without the scheduler, and
     * they run before anything else (before the rest of released). */
    std::vector<unsigned char> warp_full;
    unsigned wrel_next = 0, wrel_end = 0; /* threads [wrel_next, wrel_end) of that warp have not run yet */
    sigjmp_buf *fault_return = nullptr; /* where a fault in a fiber leaves it to (run_block); null: not caught */
    size_t page = 0;                    /* the guard page's size */

    void stop(const std::string &why, cudaError_t e = cudaErrorLaunchFailure)
    {
        L->fail(why, e);
        cur.stop = 1;
    }
};

/* ---- switches, announced to the sanitizers ---- */
/* What a fiber passes the scheduler when it switches there (ctx_jump's data);
 * a fiber passes another fiber its own fiber_rec, the scheduler passes null. */
char parked_mark, ended_mark;

/* r runs next: the state every CUDA thread reads (threadIdx, the guard page) */
void switching_to(block_run *b, fiber_rec *r)
{
    b->current = r;
    b->cur.current = r->thread;
    wt_cuda_tls.thread_idx = r->tidx;
    wt_cuda_rt::t_fault.guard = static_cast<const char *>(r->stack_bottom) - b->page;
}

/* The scheduler runs r until r, or a fiber r switched to, switches back.
 * While fibers run, a memory fault in one jumps to b->fault_return
 * (run_block) instead of returning here.  b->current is then the fiber
 * that switched back. */
void to_fiber(block_run *b, fiber_rec *r)
{
    switching_to(b, r);
    wt_cuda_rt::t_fault.jump = b->fault_return;
#ifdef WT_CUDA_ASAN
    void *fake = nullptr;
    __sanitizer_start_switch_fiber(&fake, r->stack_bottom, r->stack_size);
#endif
#ifdef WT_CUDA_TSAN
    __tsan_switch_to_fiber(r->tsan_fiber, 0);
#endif
    const ctx_transfer t = wt_cuda_rt::ctx_jump(r->fib, nullptr);
    b->current->fib = t.data == &ended_mark ? nullptr : t.fctx;
    wt_cuda_rt::t_fault.jump = nullptr;
#ifdef WT_CUDA_ASAN
    __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
}

void recycle(fiber_rec *r);
inline fiber_rec *take_released(block_run *b);

/* r runs again (or for the first time) after a switch t: the context that
 * switched here is kept where it will be resumed from, or, if that fiber
 * ended (end_into), its stack and record go back to the pools, now that
 * nothing runs on them */
void resumed(block_run *b, fiber_rec *r, ctx_transfer t)
{
    if (!t.data) {
        b->main = t.fctx;
#ifdef WT_CUDA_ASAN
        __sanitizer_finish_switch_fiber(r->asan_fake, (const void **)&b->main_bottom, &b->main_size);
#endif
    } else {
#ifdef WT_CUDA_ASAN
        __sanitizer_finish_switch_fiber(r->asan_fake, nullptr, nullptr);
#endif
        fiber_rec *from = static_cast<fiber_rec *>(t.data);
        if (from->ended)
            recycle(from);
        else
            from->fib = t.fctx;
    }
    (void)r;
}

[[noreturn]] void fiber_ended();

/* r switches to the scheduler: it parked (until resumed), or it ended */
void to_main(block_run *b, fiber_rec *r, bool final_switch)
{
#ifdef WT_CUDA_ASAN
    __sanitizer_start_switch_fiber(final_switch ? nullptr : &r->asan_fake, b->main_bottom, b->main_size);
#endif
#ifdef WT_CUDA_TSAN
    __tsan_switch_to_fiber(b->tsan_main, 0);
#endif
    const ctx_transfer t = wt_cuda_rt::ctx_jump(b->main, final_switch ? &ended_mark : &parked_mark);
    if (final_switch) /* nothing switches back to an ended fiber */
        fiber_ended();
    resumed(b, r, t);
}

/* Fiber r switches straight to the fiber next, passing r (resumed).  fake: where AddressSanitizer
 * keeps r's fake stack until r runs again; null when r has ended and never will. */
[[gnu::always_inline]] inline ctx_transfer jump_sibling(block_run *b, fiber_rec *r, fiber_rec *next, void **fake)
{
    switching_to(b, next);
#ifdef WT_CUDA_ASAN
    __sanitizer_start_switch_fiber(fake, next->stack_bottom, next->stack_size);
#else
    (void)fake;
#endif
#ifdef WT_CUDA_TSAN
    __tsan_switch_to_fiber(next->tsan_fiber, 0);
#endif
    return wt_cuda_rt::ctx_jump(next->fib, r);
}

/* r, which parked, switches straight to the parked fiber next: a barrier's
 * released threads run one after another without the scheduler between
 * them (one switch instead of two, and, as they all parked at the same
 * call, every return after it predicted) */
[[gnu::always_inline]] inline void to_sibling(block_run *b, fiber_rec *r, fiber_rec *next)
{
    resumed(b, r, jump_sibling(b, r, next, &r->asan_fake));
}

void fiber_ended()
{
    __builtin_trap();
}

/* r's fiber ends (its worker has no thread left to start) by switching
 * straight to next, a thread of the open release: the switch to the
 * scheduler and back that ending there would cost is saved, and next
 * recycles r's stack (resumed) */
[[noreturn]] void end_into(block_run *b, fiber_rec *r, fiber_rec *next)
{
    r->ended = true;
    r->fib = nullptr;
    jump_sibling(b, r, next, nullptr);
    fiber_ended();
}

/* ---- the worker fiber: runs unstarted threads one after another ---- */
void run_threads(block_run *b)
{
    launch_run *L = b->L;
    while (!b->cur.stop && b->cur.next < b->n && !L->failed.load(std::memory_order_relaxed)) {
        bool ended = true; /* a thread left run() by an exception: it ended */
        try {
            L->run(L->closure, &b->cur);
            ended = false;
        } catch (const fault_signal &f) {
            b->stop(f.why, f.error);
        } catch (const abort_signal &) {
        } catch (const std::exception &e) {
            b->stop(std::string("an exception left a CUDA thread: ") + e.what());
        } catch (...) {
            b->stop("an exception left a CUDA thread");
        }
        if (ended)
            b->state[b->cur.current] = DONE;
    }
}

/* fiber_recs of finished fibers, for reuse on this OS thread */
struct rec_pool {
    std::vector<fiber_rec *> free;
    ~rec_pool()
    {
        for (fiber_rec *r : free)
            delete r;
    }
};
thread_local rec_pool t_recs;

/* A worker fiber's first frame: it runs threads until none is left to
 * start, then switches to the scheduler for the last time (to_fiber sees
 * that it ended); its stack then goes back to the pool (finish_if_done). */
[[noreturn]] void worker_entry(ctx_transfer t)
{
    block_run *blk = static_cast<block_run *>(wt_cuda_tls.block);
    fiber_rec *r = blk->current; /* switching_to(r) made it current */
    resumed(blk, r, t);
    run_threads(blk);
    if (!blk->cur.stop)
        if (fiber_rec *next = take_released(blk))
            end_into(blk, r, next);
    to_main(blk, r, true);
    fiber_ended();
}

fiber_rec *start_worker(block_run *b)
{
    fiber_rec *r;
    if (!t_recs.free.empty()) {
        r = t_recs.free.back();
        t_recs.free.pop_back();
    } else if (!(r = new (std::nothrow) fiber_rec())) {
        return nullptr;
    }
    r->blk = b;
    r->ended = false;
    r->asan_fake = nullptr;
    wt_cuda_rt::stack s;
    if (!wt_cuda_rt::stack_take(&s)) {
        t_recs.free.push_back(r); /* reserved by run_block: never throws */
        return nullptr;
    }
    r->stack_bottom = s.base;
    r->stack_size = s.size;
    r->fib = wt_cuda_rt::ctx_make(static_cast<char *>(s.base) + s.size, s.size, worker_entry);
#ifdef WT_CUDA_TSAN
    r->tsan_fiber = __tsan_create_fiber(0);
#endif
    return r;
}

void recycle(fiber_rec *r)
{
    wt_cuda_rt::stack_give(wt_cuda_rt::stack{r->stack_bottom, r->stack_size});
#ifdef WT_CUDA_TSAN
    __tsan_destroy_fiber(r->tsan_fiber);
    r->tsan_fiber = nullptr;
#endif
    t_recs.free.push_back(r); /* capacity reserved by run_block: never throws */
}

void finish_if_done(fiber_rec *r)
{
    if (!r->fib)
        recycle(r);
}

/* r faulted and the handler left it: nothing on its stack runs again.  Its
 * saved context is forgotten, as is r->main (the scheduler's context as it
 * was when r last started).  The stack goes back to the pool: its guard
 * page is intact, and the objects on it are lost, not destroyed. */
void abandon(block_run *b, fiber_rec *r)
{
    r->fib = nullptr;
    wt_cuda_rt::asan_forget_frames(r->stack_bottom, r->stack_size);
    finish_if_done(r);
    const wt_cuda_rt::fault_record &f = wt_cuda_rt::t_fault.last;
    char what[256];
    wt_cuda_rt::fault_describe(f, what, sizeof what);
    const uint3 bi = wt_cuda_tls.block_idx, ti = wt_cuda_tls.thread_idx;
    char where[96];
    snprintf(where, sizeof where, "block (%u,%u,%u) thread (%u,%u,%u): ", bi.x, bi.y, bi.z, ti.x, ti.y, ti.z);
    b->stop(std::string(where) + what, wt_cuda_rt::fault_error(f));
}

/* Runs r until the scheduler is switched back to, then recycles the fiber
 * that switched back if it ended. */
void resume(block_run *b, fiber_rec *r)
{
    to_fiber(b, r);
    finish_if_done(b->current);
}

/* parked thread t, marked running (warp_full: whoever released it counted it out) */
[[gnu::always_inline]] inline fiber_rec *wake(block_run *b, unsigned t)
{
    b->at_block -= b->state[t] == WAIT_BLOCK;
    b->state[t] = RUNNING;
    b->parked--;
    return b->fiber_of[t];
}

/* the next thread released and not yet run: a completed warp's lanes first, then the
 * scheduler's open release; null if none */
[[gnu::always_inline]] inline fiber_rec *take_released(block_run *b)
{
    if (b->wrel_next < b->wrel_end)
        return wake(b, b->wrel_next++);
    if (b->rel_pos < b->rel_end)
        return wake(b, b->released[b->rel_pos++]);
    return nullptr;
}

/* Thread t has just parked at a warp meeting with the whole-warp mask: if that completes its
 * warp (every lane of it waits so), its lanes are released, to run in lane order.  Lanes that
 * returned never complete it this way: the scheduler's releasable() counts them as arrived. */
[[gnu::always_inline]] inline void warp_arrived(block_run *b, unsigned t)
{
    const unsigned base = t & ~31u, lanes = b->n - base < 32 ? b->n - base : 32;
    if (++b->warp_full[t >> 5] != lanes)
        return;
    b->warp_full[t >> 5] = 0;
    b->wrel_next = base;
    b->wrel_end = base + lanes;
}

/* While threads are left to start, a new worker fiber for them: a thread
 * that parks before every thread has started switches straight to it, not
 * through the scheduler.  Null when none is left, or none could be made
 * (the scheduler then tries again, and stops the block if it fails). */
fiber_rec *next_worker(block_run *b)
{
    if (b->cur.stop || b->cur.next >= b->n || b->L->failed.load(std::memory_order_relaxed))
        return nullptr;
    return start_worker(b);
}

/* thread t of the current fiber parks in state st until released (inlined in each caller, so
 * that a __syncthreads does not test for the warp's short way) */
[[gnu::always_inline]] inline void park(unsigned char st, unsigned mask)
{
    block_run *b = static_cast<block_run *>(wt_cuda_tls.block);
    if (wt_cuda_rt::t_block_as_loop)
        throw fault_signal{"a barrier or warp meeting in code that warptex-cxx's threads-as-loops pass did not see "
                           "(a function of another file or library); WARPTEX_CUDA_LOOPS=0 runs blocks on fibers "
                           "(docs/cuda.md#threads-as-loops)"};
    fiber_rec *r = b->current;
    r->thread = b->cur.current; /* the thread this fiber runs (kernel_call::run) */
    r->tidx = wt_cuda_tls.thread_idx;
    b->fiber_of[r->thread] = r;
    b->state[r->thread] = st;
    b->parked++;
    b->at_block += st == WAIT_BLOCK;
    b->warp_mask[r->thread] = mask;
    if (st == WAIT_WARP && mask == ~0u)
        warp_arrived(b, r->thread);
    fiber_rec *next = b->cur.stop ? nullptr : take_released(b);
    if (!next)
        next = next_worker(b);
    if (!next)
        to_main(b, r, false);
    else if (next != r) /* r itself: its own warp completed and it is the first lane, it goes on */
        to_sibling(b, r, next);
    if (b->cur.stop)
        throw abort_signal{};
}

/* the threads a barrier releases now (thread order), or none: released[0, rel_end) */
void releasable(block_run *b)
{
    unsigned *out = b->released.data(), k = 0;
    b->rel_end = 0;
    if (!b->parked)
        return;
    if (b->at_block == b->parked) { /* every waiting thread is at __syncthreads: all go on */
        for (unsigned t = 0; t < b->n; t++)
            if (b->state[t] == WAIT_BLOCK)
                out[k++] = t;
        for (int i = 0; i < 3; i++)
            b->reduced[i] = b->acc[i];
        b->acc[0] = 0, b->acc[1] = 1, b->acc[2] = 0;
        b->rel_end = k;
        return;
    }
    for (unsigned w = 0; w * 32 < b->n; w++) {
        /* PTX's bar.warp.sync: the lanes waiting with one mask go on once
         * every lane of that mask waits with that same mask (lanes that
         * returned or do not exist count as arrived); lanes of another mask,
         * e.g. the other side of a branch, wait for their own */
        const unsigned lo = w * 32, hi = lo + 32 < b->n ? lo + 32 : b->n;
        unsigned waiting = 0, gone = hi - lo == 32 ? 0u : ~((1u << (hi - lo)) - 1u);
        for (unsigned t = lo; t < hi; t++)
            if (b->state[t] == WAIT_WARP)
                waiting |= 1u << (t - lo);
            else if (!waits(b->state[t]))
                gone |= 1u << (t - lo);
        for (unsigned left = waiting; left;) {
            const unsigned mask = b->warp_mask[lo + (unsigned)__builtin_ctz(left)];
            unsigned at = 0; /* the lanes waiting with this mask */
            for (unsigned l = left; l; l &= l - 1) {
                const unsigned lane = (unsigned)__builtin_ctz(l);
                if (b->warp_mask[lo + lane] == mask)
                    at |= 1u << lane;
            }
            left &= ~at;
            if ((mask & ~gone & ~at) == 0) {
                for (unsigned l = at; l; l &= l - 1)
                    out[k++] = lo + (unsigned)__builtin_ctz(l);
                if (mask == ~0u) /* every lane park counted in warp_full goes on */
                    b->warp_full[w] = 0;
            }
        }
    }
    /* a tile of several warps: every thread of it that has not returned waits at the tile's barrier */
    for (unsigned t = 0; t < b->n;) {
        if (b->state[t] != WAIT_TILE) {
            t++;
            continue;
        }
        const unsigned size = b->warp_mask[t];
        const unsigned lo = t - t % size, hi = lo + size < b->n ? lo + size : b->n;
        bool all = true;
        for (unsigned u = lo; u < hi && all; u++)
            all = !waits(b->state[u]) || (b->state[u] == WAIT_TILE && b->warp_mask[u] == size);
        if (!all) { /* a thread of another tile size waits inside: its own range is looked at in turn */
            t++;
            continue;
        }
        for (unsigned u = lo; u < hi; u++)
            if (b->state[u] == WAIT_TILE)
                out[k++] = u;
        t = hi;
    }
    b->rel_end = k;
}

/* The scheduler state, kept per OS thread so that its vectors keep their
 * capacity from block to block (one block runs on an OS thread at a time). */
thread_local block_run t_block;

void run_block(launch_run *L, unsigned long long id)
{
    block_run &b = t_block;
    b.L = L;
    b.n = L->threads;
    b.cur.next = 0;
    b.parked = 0;
    b.at_block = 0;
    b.cur.stop = 0;
    b.cur.n = b.n;
    b.cur.failed = &L->failed;
    b.cur.dim = L->block;
    b.current = nullptr;
    b.acc[0] = 0, b.acc[1] = 1, b.acc[2] = 0;
    b.exchanges_ready = false;
    b.errors_ready = false;
    wt_cuda_rt::t_block_as_loop = false;
    b.rel_end = 0;
    b.rel_pos = 0;
    b.wrel_next = 0;
    b.wrel_end = 0;
    try {
        b.warp_full.assign((b.n + 31) / 32, 0);
        b.state.assign(b.n, NOT_STARTED);
        b.released.resize(b.n); /* a barrier releases each thread once at most */
        b.fiber_of.resize(b.n); /* written when a thread starts */
        b.warp_mask.resize(b.n); /* written when a thread parks at __syncwarp */
        t_recs.free.reserve(t_recs.free.size() + b.n + 1); /* every fiber of the block can come back */
    } catch (...) {
        L->fail("out of memory for a block's scheduler");
        return;
    }
#ifdef WT_CUDA_TSAN
    b.tsan_main = __tsan_get_current_fiber();
#endif
    wt_cuda_tls.block_idx = wt_cuda_detail::index_of(id, L->grid);
    wt_cuda_tls.block = &b;
    (void)wt_get_last_error(); /* a failure before this block is not this block's */
    /* A fault in one of the block's fibers (to_fiber runs them) comes back
     * here: the fiber is abandoned and the block stops, as by __trap().  The
     * scheduler keeps all its state in b (thread_local, not in this frame),
     * and the frames the jump skips (resume, to_fiber, the switch) hold
     * nothing to destroy, so the loop below goes on from b as it was. */
    sigjmp_buf fault_return;
    b.fault_return = nullptr;
    if (L->guarded) {
        if (sigsetjmp(fault_return, 0) != 0) {
            wt_cuda_rt::t_fault.jump = nullptr;
            abandon(&b, b.current);
        }
        b.fault_return = &fault_return;
        b.page = wt_cuda_rt::fault_page_size();
    }
    for (;;) {
        if (b.cur.stop) { /* unwind parked threads */
            for (unsigned t = 0; t < b.n; t++)
                if (waits(b.state[t]))
                    resume(&b, wake(&b, t));
            break;
        }
        if (b.cur.next < b.n && !L->failed.load(std::memory_order_relaxed)) {
            fiber_rec *r = start_worker(&b);
            if (!r) {
                b.stop("out of memory for a fiber stack (WARPTEX_CUDA_STACK_SIZE)");
                continue;
            }
            resume(&b, r);
            continue;
        }
        if (b.cur.next < b.n) { /* another block failed: stop this one too */
            b.cur.stop = 1;
            continue;
        }
        if (b.parked == 0) /* every thread has returned */
            break;
        releasable(&b);
        if (b.rel_end == 0) { /* threads wait (parked > 0) and none can go on */
            b.stop("a barrier no thread can pass (threads wait at __syncthreads, __syncwarp or a tile's sync at once)");
            continue;
        }
        b.rel_pos = 0;
        while (fiber_rec *r = take_released(&b)) /* each parks into the next (park) */
            resume(&b, r);
    }
    const wt_status s = wt_get_last_error();
    if (s != WT_SUCCESS)
        L->fail(std::string("a texture or surface call failed: ") + wt_last_error_message());
    b.fault_return = nullptr; /* this frame ends */
    wt_cuda_rt::t_block_as_loop = false;
    wt_cuda_tls.block = nullptr;
    wt_cuda_tls.lane_tex = 0; /* the block's inline view is forgotten (wt_cuda_lane2d_lookup) */
    wt_cuda_tls.lane_view = nullptr;
    wt_cuda_tls.lane_obj_tex = 0; /* and its resolved texture (lane_fetch.cpp) */
    wt_cuda_tls.lane_obj = nullptr;
}

/* this OS thread's dynamic shared memory, made with its first launch */
struct shared_memory {
    void *base = nullptr;
    ~shared_memory() { free(base); }
};
thread_local shared_memory t_shared;

void run_blocks(void *c, size_t begin, size_t end, int)
{
    launch_run *L = static_cast<launch_run *>(c);
    if (!wt_cuda_dynamic_shared_base()) { /* made here, so that a kernel's binding never fails */
        L->fail("out of memory for dynamic shared memory");
        return;
    }
    wt_cuda_tls.block_dim = L->block;
    wt_cuda_tls.grid_dim = L->grid;
    /* One read section around this thread's blocks: each texture or surface call's own section
     * then nests inside it and costs a counter instead of a sequentially consistent store (an
     * object destroyed meanwhile is still refused by its handle; its memory is released after). */
    struct read_section {
        read_section() { wt__read_begin(); }
        ~read_section() { wt__read_end(); }
        read_section(const read_section &) = delete;
        read_section &operator=(const read_section &) = delete;
    } section;
    if (L->guarded) {
        wt_cuda_rt::fault_guard_thread();
        wt_cuda_rt::t_fault.read_depth = wt__read_depth();
    }
    wt_cuda_rt::t_launches = L->kids;
    for (size_t i = begin; i < end && !L->failed.load(std::memory_order_relaxed); i++)
        run_block(L, i);
    wt_cuda_rt::t_launches = nullptr;
    wt_cuda_tls = wt_cuda_thread_state{};
}

/* Runs the grid of L (its blocks across the library's threads), then, if it did not fail, the
 * launches its threads made, one grid after another, each with the launches it made in turn
 * after it (docs/cuda.md#dynamic-parallelism).  A launched grid's failure is L's. */
void run_grid(launch_run &L, unsigned depth)
{
    wt_cuda_rt::grid_launches kids(depth);
    L.kids = &kids;
    L.guarded = wt_cuda_rt::fault_guard_start();
    const unsigned long long blocks = (unsigned long long)L.grid.x * L.grid.y * L.grid.z;
    const int workers = wt_get_num_threads();
    size_t grain = (size_t)(blocks / ((unsigned long long)workers * 8));
    if (grain < 1)
        grain = 1;
    wt__parallel_for((size_t)blocks, grain, 0, run_blocks, &L);
    if (L.failed.load(std::memory_order_acquire))
        return; /* kids drops what the grid launched */
    std::vector<wt_cuda_rt::device_launch> order;
    try {
        order = kids.take_in_order();
    } catch (...) {
        L.fail("out of memory for the launches a grid made");
        return;
    }
    for (wt_cuda_rt::device_launch &d : order) {
        if (L.failed.load(std::memory_order_relaxed)) {
            wt_cuda_rt::launch_dropped(d);
            continue;
        }
        wt_cuda_rt::launch_started(d);
        launch_run C;
        C.run = d.c.run;
        C.closure = d.c.self;
        C.grid = uint3{d.grid.x, d.grid.y, d.grid.z};
        C.block = uint3{d.block.x, d.block.y, d.block.z};
        C.threads = d.block.x * d.block.y * d.block.z;
        C.shared = d.shared;
        run_grid(C, depth + 1);
        d.c.destroy(d.c.self);
        if (C.failed.load(std::memory_order_acquire))
            L.fail("in a grid launched from a kernel (depth " + std::to_string(depth + 1) + "): " + C.why, C.error);
    }
}
} // namespace

namespace wt_cuda_rt {
void kernel_fault(const char *why) { throw fault_signal{why}; }

cudaError_t *kernel_last_error(void)
{
    block_run *b = static_cast<block_run *>(wt_cuda_tls.block);
    if (!b->errors_ready) {
        try {
            b->last_error.assign(b->n, cudaSuccess);
        } catch (...) {
            throw fault_signal{"out of memory for the threads' last errors"};
        }
        b->errors_ready = true;
    }
    return &b->last_error[b->cur.current];
}

cudaError_t launch_shape_error(dim3 grid, dim3 block, size_t shared_bytes)
{
    const unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 2147483647u || grid.y > 65535u || grid.z > 65535u ||
        threads == 0 || threads > 1024 || block.x > 1024 || block.y > 1024 || block.z > 64)
        return cudaErrorInvalidConfiguration;
    return shared_bytes > max_dynamic_shared ? cudaErrorInvalidValue : cudaSuccess;
}
} // namespace wt_cuda_rt

extern "C" {
cudaError_t wt_cuda_launch_threads(void (*run)(void *, wt_cuda_cursor *), void *closure, dim3 grid, dim3 block,
                                   size_t shared_bytes, cudaStream_t stream)
{
    using wt_cuda_rt::fail;
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    if (wt_cuda_tls.block) /* from a kernel, a launch runs later: it needs its arguments on the heap */
        return wt_cuda_rt::fail_why(cudaErrorNotSupported, "a launch from a kernel by a call that runs it at once "
                                                           "(cudaGraphLaunch): device code launches by <<< >>> "
                                                           "or cudaLaunchKernel");
    if (!run)
        return fail(cudaErrorInvalidConfiguration);
    if (cudaError_t e = wt_cuda_rt::launch_shape_error(grid, block, shared_bytes))
        return fail(e);
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    launch_run L;
    L.run = run;
    L.closure = closure;
    L.grid = uint3{grid.x, grid.y, grid.z};
    L.block = uint3{block.x, block.y, block.z};
    L.threads = block.x * block.y * block.z;
    L.shared = shared_bytes;
    run_grid(L, 0);
    if (L.failed.load(std::memory_order_acquire))
        wt_cuda_rt::set_sticky(L.error, L.why.c_str());
    return cudaSuccess; /* as on the GPU, the fault shows from the next call on */
}

/* The address never changes for the thread's life: extern __shared__ arrays are bound to it once
 * per thread (device_launch_parameters.h).  Zeroed when made; null if it could not be. */
void *wt_cuda_dynamic_shared_base(void)
{
    const size_t size = wt_cuda_rt::max_dynamic_shared;
    if (!t_shared.base && (t_shared.base = aligned_alloc(256, size)))
        memset(t_shared.base, 0, size);
    return t_shared.base;
}

void wt_cuda_syncthreads(void)
{
    if (wt_cuda_tls.block)
        park(WAIT_BLOCK, 0);
}

int wt_cuda_syncthreads_reduce(int predicate, int op)
{
    block_run *b = static_cast<block_run *>(wt_cuda_tls.block);
    if (!b)
        return op == 0 ? predicate != 0 : predicate != 0;
    b->acc[0] += predicate != 0;
    b->acc[1] &= predicate != 0;
    b->acc[2] |= predicate != 0;
    park(WAIT_BLOCK, 0);
    return b->reduced[op < 0 || op > 2 ? 0 : op];
}

void wt_cuda_syncwarp(unsigned mask)
{
    if (wt_cuda_tls.block)
        park(WAIT_WARP, mask);
}

void wt_cuda_sync_tile(unsigned size)
{
    if (wt_cuda_tls.block && size)
        park(WAIT_TILE, size);
}

void wt_cuda_trap(void)
{
    if (wt_cuda_tls.block)
        throw fault_signal{"__trap() was called"};
    wt_cuda_rt::set_sticky(cudaErrorLaunchFailure, "__trap() was called outside a kernel");
}

/* the C library's own, which device_functions.h renamed */
#undef __assert_fail

void wt_cuda_assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    if (!wt_cuda_tls.block) {
#ifdef __GLIBC__
        __assert_fail(assertion, file, line, function);
#else
        fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
        abort();
#endif
    }
    /* CUDA's line, for each thread whose assertion fails */
    const uint3 bi = wt_cuda_tls.block_idx, ti = wt_cuda_tls.thread_idx;
    fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file, line,
            function, bi.x, bi.y, bi.z, ti.x, ti.y, ti.z, assertion);
    char where[96];
    snprintf(where, sizeof where, "block (%u,%u,%u) thread (%u,%u,%u): ", bi.x, bi.y, bi.z, ti.x, ti.y, ti.z);
    throw fault_signal{std::string(where) + file + ":" + std::to_string(line) + ": assertion `" + assertion +
                           "` failed",
                       cudaErrorAssert};
}

/* tex2D's inline view of t (texture_fetch_functions.h), remembered until the
 * block ends: the thread's read section (run_blocks) keeps the object's memory
 * for that long.  So a texture destroyed while a block runs is read as it was
 * by the block's later fetches, as by those already made, and refused by the
 * blocks that start after.  Outside a kernel: none (the per-lane call). */
const wt_lane2d_view *wt_cuda_lane2d_lookup(unsigned long long t)
{
    if (!wt_cuda_tls.block)
        return nullptr;
    const wt_lane2d_view *v = wt_tex_lane2d_view(t, WT_LANE2D_ABI);
    wt_cuda_tls.lane_tex = t;
    wt_cuda_tls.lane_view = v;
    return v;
}

void wt_cuda_check_lane_call(void)
{
    if (!wt_cuda_tls.block)
        return;
    const wt_status s = wt_get_last_error();
    if (s != WT_SUCCESS)
        throw fault_signal{std::string(s == WT_ERROR_TRAP ? "a surface access trapped: " : "a surface call failed: ") +
                           wt_last_error_message()};
}

/* One warp exchange round: publish v, wait at the warp barrier of mask, then
 * read lane src of the warp (-1, a lane outside mask or one that did not
 * take part in this round: v itself).  Votes read every lane of mask that
 * took part.  A lane that took part in round k has written slot k & 1, and
 * cannot write it again (round k + 2) before every lane has passed round
 * k + 1, so what this round reads is this round's. */
namespace {
[[gnu::always_inline]] inline unsigned exchange(block_run *b, unsigned mask, unsigned long long v, unsigned *round)
{
    if (!b->exchanges_ready) { /* the block's first exchange */
        try {
            b->xcount.assign(b->n, 0);
            for (int i = 0; i < 2; i++) {
                b->xslot[i].assign(b->n, 0);
                b->xround[i].assign(b->n, 0);
            }
        } catch (...) {
            throw fault_signal{"out of memory for a warp exchange"};
        }
        b->exchanges_ready = true;
    }
    const unsigned t = b->cur.current, k = b->xcount[t]++, p = k & 1u;
    b->xslot[p][t] = v;
    b->xround[p][t] = k + 1;
    park(WAIT_WARP, mask);
    *round = k + 1;
    return p;
}
} // namespace

unsigned long long wt_cuda_warp_shfl(unsigned mask, unsigned long long v, int src)
{
    block_run *b = static_cast<block_run *>(wt_cuda_tls.block);
    if (!b)
        return v; /* outside a kernel: a warp of one */
    const unsigned base = b->cur.current & ~31u;
    unsigned round;
    const unsigned p = exchange(b, mask, v, &round);
    if (src < 0 || src > 31 || !(mask >> src & 1u))
        return v;
    const unsigned s = base + (unsigned)src;
    if (s >= b->n || b->xround[p][s] != round)
        return v;
    return b->xslot[p][s];
}

unsigned wt_cuda_warp_vote(unsigned mask, int predicate, int op)
{
    block_run *b = static_cast<block_run *>(wt_cuda_tls.block);
    if (!b) /* outside a kernel: lane 0 alone */
        return op == 0 ? (unsigned)(predicate != 0 && (mask & 1u)) : (unsigned)(predicate != 0);
    const unsigned base = b->cur.current & ~31u;
    unsigned round;
    const unsigned p = exchange(b, mask, predicate != 0, &round);
    unsigned ballot = 0, present = 0;
    for (unsigned l = 0; l < 32 && base + l < b->n; l++)
        if ((mask >> l & 1u) && b->xround[p][base + l] == round) {
            present |= 1u << l;
            ballot |= (unsigned)b->xslot[p][base + l] << l;
        }
    return op == 0 ? ballot : op == 1 ? (unsigned)(ballot == present) : (unsigned)(ballot != 0);
}

/* The lanes of the caller's warp that exist (a CPU runs them one after
 * another, so divergence is not tracked: a convergent warp's mask). */
unsigned wt_cuda_active_mask(void)
{
    block_run *b = static_cast<block_run *>(wt_cuda_tls.block);
    if (!b)
        return 1u;
    const unsigned base = b->cur.current & ~31u, lanes = b->n - base < 32 ? b->n - base : 32;
    return lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
}
}
