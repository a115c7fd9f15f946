/* ptx_interp.c -- the SIMT warp interpreter: control flow, memory, texture dispatch, blocks and the launch
 * SPDX-License-Identifier: MIT
 *
 * A warp is 32 lanes with registers in structure-of-arrays form.  Control
 * flow is per lane: each frame keeps a pc per lane, and each step runs the
 * instruction at the lowest pc among the live lanes, for the lanes at that
 * pc.  nvcc lays out structured code so that a branch's reconvergence point
 * follows both paths, so lanes that split at a branch meet again when the
 * lower one catches up; loops run until every lane has left them.  While
 * all live lanes share one pc the frame is "uniform" and the per-lane pcs
 * are not touched: straight-line code runs back to back, one call per
 * instruction to the executor chosen at load (ptx_exec_tpl.h, ptx_alu_tpl.h, ptx_alu_fast_tpl.h).
 * Calls push a frame for the lanes that call; ret pops it when all of them
 * have returned.
 *
 * Generic addresses: global memory is host addresses; shared and local
 * addresses carry a window tag in bits 60-63 (1 shared, 2 local), far above
 * any user-space address on x86-64 and AArch64.
 *
 * The warps of a block run one after another up to a bar.sync; when every
 * unfinished warp waits at a barrier they are all released.  A kernel with
 * no barrier runs each warp to its end, all on one register file, local
 * memory and frame stack, and skips the invariant prefix (plan_prefix) whose
 * values the previous warp left.  Blocks run in parallel through
 * wt__parallel_for. */
#define _POSIX_C_SOURCE 200809L
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3") /* the 32-lane loops vectorise (RelWithDebInfo is -O2) */
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/parallel.h"
#include "ptx_warp.h"

#define L for (int l = 0; l < PX_W; l++)

/* The launch's limits on the state a kernel declares (docs/ptx.md, "Limits"), checked from the
 * declared sizes before anything is allocated:
 *   - a warp: 32 lanes of the registers (8 bytes each) and local memory of the deepest call
 *     chain, and its call frames, at most PX_MAX_WARP_STATE (1 MiB a thread);
 *   - a block: the warps whose state is kept (all of them when the kernel has a barrier,
 *     else one: the warps run one after another) and its static and dynamic shared memory,
 *     at most PX_MAX_BLOCK_STATE;
 *   - shared memory, static and dynamic together, at most PX_MAX_SHARED a block.
 * Each thread running blocks holds one block's state.  The call depth has no limit of its own:
 * a call graph without recursion is finite, and its deepest chain's frames are in the warp's
 * state. */
#define PX_MAX_WARP_STATE ((uint64_t)32 << 20)
#define PX_MAX_BLOCK_STATE ((uint64_t)1 << 30)
#define PX_MAX_SHARED ((uint64_t)1 << 30)

/* ---- warps ---- */
static inline uint32_t live_of(const px_warp *w, const px_frame *f) { return f->mask & ~f->done & ~w->exited; }

static void set_pc_split(px_warp *w, px_frame *f, uint32_t lanes, uint32_t pc)
{
    if (f->uniform) {
        if (lanes == live_of(w, f)) {
            f->upc = pc;
            return;
        }
        L f->pc[l] = f->upc;
        f->uniform = 0;
    }
    L f->pc[l] = ((lanes >> l) & 1) ? pc : f->pc[l];
}
static inline void set_pc(px_warp *w, px_frame *f, uint32_t lanes, uint32_t pc)
{
    if (!lanes)
        return;
    if (f->uniform && lanes == live_of(w, f)) { /* straight-line code: one store */
        f->upc = pc;
        return;
    }
    set_pc_split(w, f, lanes, pc);
}

static uint32_t pred_mask(px_warp *w, const px_ref *g, uint32_t grp)
{
    const uint64_t *p = px_read(w, g, w->tmp[0]);
    uint64_t any = 0, all = 1;
    L { any |= p[l]; all &= p[l]; } /* the common case first: every lane the same */
    if (all & 1)
        return g->neg ? 0 : grp;
    if (!(any & 1))
        return g->neg ? grp : 0;
    uint32_t m = 0;
    L m |= (uint32_t)((p[l] ^ g->neg) & 1) << l;
    return m & grp;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int do_call(px_warp *w, px_frame *f, const px_insn *in, uint32_t m, uint32_t pc, uint32_t target)
{
    const px_func *callee = w->mod->funcs[target];
    if (in->target == UINT32_MAX) { /* indirect: the prototype must match the callee found */
        if (!callee->defined || callee->is_entry || callee->nparams != (int)in->call_nargs ||
            (in->call_ret_off >= 0 && callee->ret.size == 0))
            return wt__ptx_fault(w, in, px_first_lane(m), WT_ERROR_LAUNCH_FAILED,
                         "indirect call to %s, which does not match the call's prototype", callee->name);
        for (uint32_t k = 0; k < in->call_nargs; k++)
            if (f->fn->callargs[in->call_args + k].size < callee->params[k].size)
                return wt__ptx_fault(w, in, px_first_lane(m), WT_ERROR_LAUNCH_FAILED,
                             "indirect call to %s: argument %u is smaller than the parameter", callee->name, k);
    }
    if (w->nframes >= w->max_frames)
        return wt__ptx_fault(w, in, px_first_lane(m), WT_ERROR_LAUNCH_FAILED, "call depth above %d", w->max_frames);
    uint64_t *regs = f->regs + (size_t)f->fn->nregs * PX_W;
    size_t need = (size_t)(regs - w->regstack) + (size_t)callee->nregs * PX_W;
    uint32_t lb = (f->local_base + f->fn->frame_size + 15u) & ~15u; /* frames 16-byte aligned */
    if (need > w->regstack_len || (uint64_t)lb + callee->frame_size > w->local_size)
        return wt__ptx_fault(w, in, px_first_lane(m), WT_ERROR_LAUNCH_FAILED, "call stack exhausted");
    px_frame *n = &w->frames[w->nframes];
    memset(n, 0, sizeof *n);
    n->fn = callee;
    n->mask = m;
    n->uniform = 1;
    n->upc = 0;
    n->regs = regs;
    n->local_base = lb;
    n->call_pc = pc;
    n->ret_off = in->call_ret_off;
    n->ret_size = callee->ret.size;
    memset(regs, 0, (size_t)callee->nregs * PX_W * sizeof(uint64_t));
    const px_callarg *ca = f->fn->callargs + in->call_args;
    L if ((m >> l) & 1) {
        uint8_t *lm = w->local + (size_t)l * w->local_size;
        for (uint32_t k = 0; k < in->call_nargs; k++) {
            uint32_t to = ca[k].to == UINT32_MAX ? callee->params[k].offset : ca[k].to;
            uint32_t sz = ca[k].to == UINT32_MAX ? callee->params[k].size : ca[k].size;
            memmove(lm + lb + to, lm + f->local_base + ca[k].from, sz);
        }
    }
    w->nframes++;
    w->regs = n->regs;
    return 0;
}

/* The step limit (WARPTEX_PTX_MAX_STEPS) is reached at in. */
static int step_limit(px_warp *w, const px_insn *in, uint32_t grp)
{
    w->steps = w->max_steps + 1;
    return wt__ptx_fault(w, in, px_first_lane(grp), WT_ERROR_LAUNCH_FAILED,
                 "the warp ran %llu instructions, the limit WARPTEX_PTX_MAX_STEPS sets",
                 (unsigned long long)w->max_steps);
}

static void read_clock(px_warp *w)
{
    uint64_t t = now_ns();
    L { w->sreg[PX_SR_CLOCK][l] = (uint32_t)t; w->sreg[PX_SR_CLOCK64][l] = t; w->sreg[PX_SR_GLOBALTIMER][l] = t; }
}

/* Returns 0 finished, 1 waiting at a barrier, -1 fault. */
static int warp_run(px_warp *w)
{
    for (;;) {
        px_frame *f = &w->frames[w->nframes - 1];
        uint32_t live = live_of(w, f);
        if (!live) {
            if (w->nframes == 1) {
                w->finished = 1;
                return 0;
            }
            /* return to the caller */
            px_frame *c = &w->frames[w->nframes - 2];
            uint32_t back = f->mask & ~w->exited;
            if (f->ret_off >= 0 && back) {
                L if ((back >> l) & 1) {
                    uint8_t *lm = w->local + (size_t)l * w->local_size;
                    memmove(lm + c->local_base + (uint32_t)f->ret_off, lm + f->local_base, f->ret_size);
                }
            }
            uint32_t pc = f->call_pc;
            w->nframes--;
            w->regs = c->regs;
            set_pc(w, c, back, pc + 1);
            continue;
        }
        uint32_t pc, grp;
        if (f->uniform) {
            pc = f->upc;
            grp = live;
        } else {
            pc = UINT32_MAX;
            L if ((live >> l) & 1 && f->pc[l] < pc) pc = f->pc[l];
            grp = 0;
            L grp |= (uint32_t)(((live >> l) & 1) && f->pc[l] == pc) << l;
            if (grp == live) {
                f->uniform = 1;
                f->upc = pc;
            }
        }
        const px_func *fn = f->fn;
        if (pc >= fn->ncode) { /* falling off the end returns */
            f->done |= grp;
            if (w->nframes == 1)
                w->exited |= grp;
            continue;
        }
        const px_insn *in = &fn->code[pc];
        if (in->run && f->uniform) {
            /* straight-line code with every live lane at one pc: run it back to back up to the
             * next control-flow instruction; nothing in between changes the frame or its lanes */
            const px_insn *end = fn->code + fn->ncode;
            uint64_t steps = w->steps, lim = w->max_steps ? w->max_steps : UINT64_MAX;
            do {
                if (++steps > lim)
                    return step_limit(w, in, grp);
                uint32_t m = grp;
                if (in->guard.kind | in->reads_clock) {
                    m = in->guard.kind ? pred_mask(w, &in->guard, grp) : grp;
                    if (in->reads_clock)
                        read_clock(w);
                }
                if (m && in->run(w, in, m)) {
                    w->steps = steps;
                    return -1;
                }
            } while (++in < end && in->run);
            w->steps = steps;
            f->upc = (uint32_t)(in - fn->code);
            continue;
        }
        if (w->max_steps && ++w->steps > w->max_steps)
            return step_limit(w, in, grp);
        uint32_t m = in->guard.kind ? pred_mask(w, &in->guard, grp) : grp;
        if (in->reads_clock)
            read_clock(w);
        switch (in->op) {
        case PX_OP_bra:
            if (m == grp) {
                set_pc(w, f, grp, in->target);
            } else {
                set_pc(w, f, m, in->target);
                set_pc(w, f, grp & ~m, pc + 1);
            }
            continue;
        case PX_OP_brx:
            /* brx.idx: each lane to the target its index picks; the lanes of one target together */
            set_pc(w, f, grp & ~m, pc + 1);
            if (m) {
                const uint64_t *ix = px_read(w, &in->src[0], w->tmp[1]);
                uint32_t left = m;
                while (left) {
                    int l0 = px_first_lane(left);
                    uint64_t v = ix[l0] & 0xffffffffu;
                    if (v >= in->ntarget)
                        return wt__ptx_fault(w, in, l0, WT_ERROR_LAUNCH_FAILED,
                                             "brx.idx index %llu is outside its %u-entry target list",
                                             (unsigned long long)v, (unsigned)in->ntarget);
                    uint32_t same = 0;
                    L same |= (uint32_t)(((left >> l) & 1) && (ix[l] & 0xffffffffu) == v) << l;
                    set_pc(w, f, same, fn->brx[in->target + v]);
                    left &= ~same;
                }
            }
            continue;
        case PX_OP_ret:
        case PX_OP_exit:
            if (m) {
                if (in->op == PX_OP_exit || w->nframes == 1)
                    w->exited |= m;
                f->done |= m;
            }
            set_pc(w, f, grp & ~m, pc + 1);
            continue;
        case PX_OP_call:
            set_pc(w, f, grp & ~m, pc + 1);
            if (m) {
                uint32_t target = in->target;
                if (target == UINT32_MAX) {
                    /* lanes calling the first lane's target go now; the rest call on a later step */
                    const uint64_t *fp = px_read(w, &in->src[0], w->tmp[1]);
                    uint64_t v = fp[px_first_lane(m)];
                    if ((v >> 60) != 3 || (v & 0xffffffffu) >= (uint64_t)w->mod->nfuncs)
                        return wt__ptx_fault(w, in, px_first_lane(m), WT_ERROR_LAUNCH_FAILED,
                                     "indirect call through 0x%llx, which is no function", (unsigned long long)v);
                    target = (uint32_t)(v & 0xffffffffu);
                    uint32_t same = 0;
                    L same |= (uint32_t)(fp[l] == v) << l;
                    m &= same;
                }
                set_pc(w, f, m, pc);
                if (do_call(w, f, in, m, pc, target))
                    return -1;
            }
            continue;
        case PX_OP_trap:
            if (m)
                return wt__ptx_fault(w, in, px_first_lane(m), WT_ERROR_TRAP, "trap");
            break;
        case PX_OP_bar:
        case PX_OP_barrier:
            if (in->run) /* bar.warp.sync: an ordinary instruction */
                goto straight;
            set_pc(w, f, grp, pc + 1);
            if (m) {
                w->at_barrier = 1;
                w->red_in = NULL;
                if (in->flags & PX_F_RED) { /* this warp's part; run_block combines the warps' */
                    const px_ref *cr = &in->src[in->nsrc - 1];
                    const uint64_t *c = px_read(w, cr, w->tmp[1]);
                    uint32_t t = 0;
                    L t |= (uint32_t)((c[l] ^ cr->neg) & 1) << l;
                    t &= m;
                    w->red_in = in;
                    w->red_lanes = m;
                    w->red_val = in->sub == 1 ? (uint32_t)__builtin_popcount(t) : in->sub == 2 ? t == m : t != 0;
                }
                return 1;
            }
            continue;
        case PX_OP_activemask:
            if (m) {
                uint64_t *d = px_reg(w, &in->dst[0]);
                L if ((m >> l) & 1) d[l] = grp;
            }
            break;
        default:
        straight:
            if (m && in->run(w, in, m))
                return -1;
            break;
        }
        set_pc(w, f, grp, pc + 1);
    }
}

/* ---- blocks and the launch ---- */
typedef struct launch_ctx {
    const struct wt_module_s *mod;
    const px_func *entry;
    wt_dim3 grid, block;
    size_t dyn_shared;
    uint8_t *kparams;
    int nthreads;
    px_block **blocks; /* one per worker thread, made on first use */
    atomic_int failed;
    uint64_t max_steps;
    pthread_mutex_t lock;
    wt_status st;
    char msg[384];
} launch_ctx;

static void block_free(px_block *b)
{
    if (!b)
        return;
    for (int i = 0; i < (b->one_state ? 1 : b->nwarps); i++) {
        wt__free(b->warps[i].regstack);
        wt__free(b->warps[i].local);
        wt__free(b->warps[i].frames);
    }
    wt__free(b->warps);
    wt__free(b->shared);
    wt__free(b);
}

static px_block *block_new(launch_ctx *C)
{
    px_block *b = wt__alloc(sizeof *b);
    if (!b)
        return NULL;
    uint32_t nthr = C->block.x * C->block.y * C->block.z;
    b->nwarps = (int)((nthr + PX_W - 1) / PX_W);
    b->mod = C->mod;
    b->entry = C->entry;
    b->kparams = C->kparams;
    b->shared_size = ((C->mod->shared_static + 15u) & ~(size_t)15u) + C->dyn_shared;
    b->shared = wt__alloc(b->shared_size ? b->shared_size : 1);
    b->warps = wt__alloc((size_t)b->nwarps * sizeof *b->warps);
    if (!b->shared || !b->warps) {
        block_free(b);
        return NULL;
    }
    /* Without a barrier the warps of a block run one after another, each to its end, so they
     * can share one register file, local memory and frame stack: one warp's worth stays in
     * the cache instead of a block's worth. */
    b->one_state = !C->entry->has_barrier;
    for (int i = 0; i < b->nwarps; i++) {
        px_warp *w = &b->warps[i];
        w->blk = b;
        w->mod = C->mod;
        w->local_size = (C->entry->max_local + 15u) & ~15u;
        w->regstack_len = (size_t)C->entry->max_regs * PX_W;
        w->max_frames = (int)C->entry->max_depth; /* within PX_MAX_WARP_STATE: checked at launch */
        if (i > 0 && b->one_state) {
            w->regstack = b->warps[0].regstack;
            w->local = b->warps[0].local;
            w->frames = b->warps[0].frames;
            continue;
        }
        w->regstack = wt__alloc((w->regstack_len ? w->regstack_len : 1) * sizeof(uint64_t));
        w->local = wt__alloc(w->local_size ? (size_t)w->local_size * PX_W : 1);
        w->frames = wt__alloc((size_t)w->max_frames * sizeof(px_frame));
        if (!w->regstack || !w->local || !w->frames) {
            block_free(b);
            return NULL;
        }
    }
    return b;
}

/* The special registers that are the same in every block, set once per worker. */
static void warp_static_sregs(launch_ctx *C, px_block *b, int i, int thread)
{
    wt_dim3 g = C->grid, bd = C->block;
    uint32_t nthr = bd.x * bd.y * bd.z;
    px_warp *w = &b->warps[i];
    w->present = 0;
    L {
            uint32_t id = (uint32_t)i * PX_W + (uint32_t)l;
            if (id < nthr)
                w->present |= 1u << l;
            w->sreg[PX_SR_TID_X][l] = id % bd.x;
            w->sreg[PX_SR_TID_Y][l] = (id / bd.x) % bd.y;
            w->sreg[PX_SR_TID_Z][l] = id / (bd.x * bd.y);
            w->sreg[PX_SR_NTID_X][l] = bd.x;
            w->sreg[PX_SR_NTID_Y][l] = bd.y;
            w->sreg[PX_SR_NTID_Z][l] = bd.z;
            w->sreg[PX_SR_NCTAID_X][l] = g.x;
            w->sreg[PX_SR_NCTAID_Y][l] = g.y;
            w->sreg[PX_SR_NCTAID_Z][l] = g.z;
            w->sreg[PX_SR_LANEID][l] = (uint64_t)l;
            w->sreg[PX_SR_WARPID][l] = (uint64_t)i;
            w->sreg[PX_SR_NWARPID][l] = (uint64_t)b->nwarps;
            w->sreg[PX_SR_SMID][l] = (uint64_t)thread;
            w->sreg[PX_SR_NSMID][l] = (uint64_t)C->nthreads;
            w->sreg[PX_SR_GRIDID][l] = 1;
            w->sreg[PX_SR_LANEMASK_EQ][l] = 1u << l;
            w->sreg[PX_SR_LANEMASK_LT][l] = (1u << l) - 1;
            w->sreg[PX_SR_LANEMASK_LE][l] = (uint32_t)(((uint64_t)2 << l) - 1);
            w->sreg[PX_SR_LANEMASK_GT][l] = (uint32_t)~(((uint64_t)2 << l) - 1);
            w->sreg[PX_SR_LANEMASK_GE][l] = ~((1u << l) - 1);
            w->sreg[PX_SR_DYN_SMEM][l] = C->dyn_shared;
            w->sreg[PX_SR_TOTAL_SMEM][l] = b->shared_size;
            w->sreg[PX_SR_CLUSTER_CTAID][l] = 0;
            w->sreg[PX_SR_CLUSTER_NCTAID][l] = 1;
            w->sreg[PX_SR_CLUSTER_CTARANK][l] = 0;
            w->sreg[PX_SR_CLUSTER_NCTARANK][l] = 1;
            w->sreg[PX_SR_IS_EXPLICIT_CLUSTER][l] = 0;
    }
}

/* A warp at the start of the entry, in block (cx, cy, cz). */
static void warp_start(launch_ctx *C, px_warp *w, uint32_t cx, uint32_t cy, uint32_t cz)
{
    w->imm = C->mod->imm;
    w->exited = 0;
    w->finished = 0;
    w->at_barrier = 0;
    w->steps = 0;
    w->max_steps = C->max_steps;
    if (w->sreg[PX_SR_CTAID_X][0] != cx) /* each array holds one value in every lane */
        L w->sreg[PX_SR_CTAID_X][l] = cx;
    if (w->sreg[PX_SR_CTAID_Y][0] != cy)
        L w->sreg[PX_SR_CTAID_Y][l] = cy;
    if (w->sreg[PX_SR_CTAID_Z][0] != cz)
        L w->sreg[PX_SR_CTAID_Z][l] = cz;
    w->nframes = 1;
    px_frame *f = &w->frames[0];
    f->fn = C->entry;
    f->mask = w->present;
    f->done = 0;
    f->uniform = 1;
    f->upc = 0;
    f->regs = w->regstack;
    w->regs = w->regstack;
    f->local_base = 0;
    f->call_pc = 0;
    f->ret_off = 0;
    f->ret_size = 0;
    /* registers and local memory are not cleared between blocks or warps (undefined in PTX
     * until written); a worker's first block sees zeros */
}

/* Every unfinished warp waits at a barrier: bar.red's result (the popc count, the and or the or
 * over the block's waiting threads) goes to each warp's destination.  The warps must all wait at
 * a bar.red of the same operation, or all at plain barriers. */
static int barrier_reduce(px_block *b)
{
    int kind = -1;
    uint32_t acc = 0;
    px_warp *w0 = NULL;
    for (int i = 0; i < b->nwarps; i++) {
        px_warp *w = &b->warps[i];
        if (w->finished || !w->at_barrier)
            continue;
        int k = w->red_in ? w->red_in->sub : 0;
        if (kind >= 0 && k != kind)
            return wt__ptx_fault(w, w->red_in ? w->red_in : w0->red_in, -1, WT_ERROR_LAUNCH_FAILED,
                                 "warps %d and %d wait at different kinds of barrier (bar.red and another)",
                                 (int)(w0 - b->warps), i);
        if (kind < 0) {
            kind = k;
            w0 = w;
            acc = k == 2 ? 1 : 0;
        }
        if (k == 1)
            acc += w->red_val;
        else if (k == 2)
            acc &= w->red_val;
        else if (k == 3)
            acc |= w->red_val;
    }
    if (kind <= 0)
        return 0;
    for (int i = 0; i < b->nwarps; i++) {
        px_warp *w = &b->warps[i];
        if (w->finished || !w->at_barrier || w->red_in->dst[0].kind != PX_R_REG)
            continue;
        uint64_t *d = px_reg(w, &w->red_in->dst[0]);
        L if ((w->red_lanes >> l) & 1) d[l] = acc;
    }
    return 0;
}

static int run_block(launch_ctx *C, px_block *b, uint64_t linear)
{
    wt_dim3 g = C->grid;
    uint32_t cx = (uint32_t)(linear % g.x), cy = (uint32_t)((linear / g.x) % g.y), cz = (uint32_t)(linear / ((uint64_t)g.x * g.y));
    b->st = WT_SUCCESS;
    if (b->shared_size)
        memset(b->shared, 0, b->shared_size);
    if (b->one_state) { /* no barrier: each warp runs to its end on the shared state */
        const px_func *e = C->entry;
        for (int i = 0; i < b->nwarps; i++) {
            px_warp *w = &b->warps[i];
            warp_start(C, w, cx, cy, cz);
            if (e->nprefix && !C->max_steps) {
                /* the invariant prefix: what the previous warp left in the registers stays */
                if (b->inv_launch && b->inv_block == linear + 1) { /* the common case */
                    for (uint32_t k = 0; k < e->npre_var; k++)
                        if (e->code[e->pre_var[k]].run(w, &e->code[e->pre_var[k]], w->present))
                            return -1;
                } else if (b->inv_launch) { /* the first warp of a block */
                    for (uint32_t k = 0; k < e->npre_block; k++)
                        if (e->code[e->pre_block[k]].run(w, &e->code[e->pre_block[k]], w->present))
                            return -1;
                } else {
                    for (uint32_t pc = 0; pc < e->nprefix; pc++)
                        if (e->code[pc].run(w, &e->code[pc], w->present))
                            return -1;
                }
                w->frames[0].upc = e->nprefix;
                /* a partial warp leaves the missing lanes' registers as they were */
                b->inv_launch = w->present == 0xffffffffu;
                b->inv_block = w->present == 0xffffffffu ? linear + 1 : 0;
            }
            if (warp_run(w))
                return -1;
        }
        return 0;
    }
    for (int i = 0; i < b->nwarps; i++)
        warp_start(C, &b->warps[i], cx, cy, cz);
    for (;;) {
        int ran = 0, waiting = 0;
        for (int i = 0; i < b->nwarps; i++) {
            px_warp *w = &b->warps[i];
            if (w->finished)
                continue;
            if (w->at_barrier) {
                waiting++;
                continue;
            }
            ran++;
            int r = warp_run(w);
            if (r < 0)
                return -1;
        }
        if (!ran && !waiting)
            return 0;
        if (!ran) {
            if (barrier_reduce(b))
                return -1;
            for (int i = 0; i < b->nwarps; i++)
                b->warps[i].at_barrier = 0;
        }
    }
}

static void run_blocks(launch_ctx *C, size_t begin, size_t end, int thread);

/* One read section around a thread's blocks: the texture and surface instructions' own sections
 * nest inside it and cost a counter instead of a sequentially consistent store (an object
 * destroyed meanwhile is still refused by its handle; its memory is released after). */
static void block_task(void *ctx, size_t begin, size_t end, int thread)
{
    wt__read_begin();
    run_blocks(ctx, begin, end, thread);
    wt__read_end();
}

static void run_blocks(launch_ctx *C, size_t begin, size_t end, int thread)
{
    for (size_t i = begin; i < end; i++) {
        if (atomic_load_explicit(&C->failed, memory_order_relaxed))
            return;
        px_block *b = C->blocks[thread];
        if (!b) {
            b = C->blocks[thread] = block_new(C);
            for (int k = 0; b && k < b->nwarps; k++)
                warp_static_sregs(C, b, k, thread);
            if (!b) {
                pthread_mutex_lock(&C->lock);
                if (!C->st) {
                    C->st = WT_ERROR_OUT_OF_MEMORY;
                    snprintf(C->msg, sizeof C->msg, "wt_launch_kernel(): kernel %s: out of memory for a block",
                             C->entry->name);
                }
                pthread_mutex_unlock(&C->lock);
                atomic_store(&C->failed, 1);
                return;
            }
        }
        if (run_block(C, b, i)) {
            pthread_mutex_lock(&C->lock);
            if (!C->st) {
                C->st = b->st;
                memcpy(C->msg, b->msg, sizeof C->msg);
            }
            pthread_mutex_unlock(&C->lock);
            atomic_store(&C->failed, 1);
            return;
        }
    }
}

/* ---- the call graph ---- */
static uint32_t sat_add(uint32_t a, uint32_t b) { return a > UINT32_MAX - b ? UINT32_MAX : a + b; }

/* One function on the walk's stack: where its scan of the code is, and the deepest chain
 * (local bytes, registers, frames) found below it so far. */
typedef struct walk_frame {
    px_func *fn;
    uint32_t i;        /* next instruction to look at */
    int k, hi;         /* callees k..hi of the current call instruction left to visit */
    int indirect;
    uint32_t loc, regs, depth;
    int bar;
} walk_frame;

/* The next function fn may call, or NULL when its code has no more calls. */
static px_func *next_callee(const struct wt_module_s *m, walk_frame *t)
{
    for (;;) {
        while (t->k <= t->hi) {
            px_func *c = m->funcs[t->k++];
            /* an indirect call may reach any defined .func whose address is taken */
            if (!c->is_entry && c->defined && (!t->indirect || c->addr_taken))
                return c;
        }
        if (t->i >= t->fn->ncode)
            return NULL;
        const px_insn *in = &t->fn->code[t->i++];
        t->bar |= (in->op == PX_OP_bar && !(in->flags & PX_F_WARP)) || in->op == PX_OP_barrier; /* not bar.warp */
        if (in->op != PX_OP_call)
            continue;
        t->indirect = in->target == UINT32_MAX;
        t->k = t->indirect ? 0 : (int)in->target;
        t->hi = t->indirect ? m->nfuncs - 1 : t->k;
    }
}

/* Walks the calls below entry depth first, without recursion in C (a chain may be as long as
 * the module has functions), and sets each function's deepest chain: its frame plus the largest
 * of its callees' local bytes, registers and depth, each the maximum over every chain below it.
 * A cycle sets entry->recursive and entry->cycle. */
static void walk_calls(const struct wt_module_s *m, px_func *entry)
{
    walk_frame *st = malloc(((size_t)m->nfuncs + 1) * sizeof *st); /* a function is on it once */
    if (!st) {
        entry->recursive = -1;
        return;
    }
    int sp = 0;
    entry->depth_state = 1;
    st[sp++] = (walk_frame){.fn = entry, .k = 1, .hi = 0};
    while (sp > 0) {
        walk_frame *t = &st[sp - 1];
        px_func *c = next_callee(m, t);
        if (c && c->depth_state == 1) { /* c is on the stack: a cycle from there to here */
            int j = sp - 1;
            while (j > 0 && st[j].fn != c)
                j--;
            size_t n = 0;
            for (int q = j; q <= sp && n + 1 < sizeof entry->cycle; q++)
                n += (size_t)snprintf(entry->cycle + n, sizeof entry->cycle - n, "%s%s", q > j ? " -> " : "",
                                      q < sp ? st[q].fn->name : c->name);
            entry->recursive = 1;
            free(st);
            return;
        }
        if (c && c->depth_state == 0) {
            c->depth_state = 1;
            st[sp++] = (walk_frame){.fn = c, .k = 1, .hi = 0};
            continue;
        }
        if (!c) { /* t's calls are all seen: its chain is known */
            px_func *f = t->fn;
            f->max_local = sat_add((f->frame_size + 15u) & ~15u, t->loc);
            f->max_regs = sat_add(f->nregs, t->regs);
            f->max_depth = sat_add(1, t->depth);
            f->has_barrier = t->bar;
            f->depth_state = 2;
            if (--sp == 0)
                break;
            c = f;
            t = &st[sp - 1];
        }
        /* c's chain is known: t's deepest chain includes it */
        t->loc = c->max_local > t->loc ? c->max_local : t->loc;
        t->regs = c->max_regs > t->regs ? c->max_regs : t->regs;
        t->depth = c->max_depth > t->depth ? c->max_depth : t->depth;
        t->bar |= c->has_barrier;
    }
    free(st);
}

/* The invariant prefix of an entry.  nvcc starts a kernel with straight-line code that every
 * lane runs: parameter loads, %ntid and %ctaid reads and arithmetic on them.  Where warps
 * share one register file (a kernel without barriers, run_block), an instruction there whose
 * sources are all immediates, kernel parameters, %ntid/%nctaid (the same in every warp of the
 * launch) or %ctaid (of the block), or registers such instructions wrote, and whose
 * destinations no other instruction of the kernel writes, leaves the same values as it did in
 * the previous warp: run_block skips it.  The prefix ends at the first control-flow, guarded,
 * clock-reading or call instruction, and before the first branch target. */
static int sreg_level(uint32_t idx)
{
    switch (idx) {
    case PX_SR_NTID_X: case PX_SR_NTID_Y: case PX_SR_NTID_Z:
    case PX_SR_NCTAID_X: case PX_SR_NCTAID_Y: case PX_SR_NCTAID_Z:
        return 1;
    case PX_SR_CTAID_X: case PX_SR_CTAID_Y: case PX_SR_CTAID_Z:
        return 2;
    default:
        return 0;
    }
}

static void plan_prefix(px_func *e)
{
    e->nprefix = 0;
    uint32_t end = e->ncode;
    for (uint32_t i = 0; i < e->ncode; i++) {
        const px_insn *in = &e->code[i];
        if (in->op == PX_OP_bra && in->target < end)
            end = in->target;
        for (uint32_t k = 0; in->op == PX_OP_brx && k < in->ntarget; k++)
            if (e->brx[in->target + k] < end)
                end = e->brx[in->target + k];
    }
    uint32_t n = 0;
    while (n < end && n < PX_PREFIX_MAX && e->code[n].run && !e->code[n].guard.kind && !e->code[n].reads_clock)
        n++;
    if (!n || !e->nregs)
        return;
    uint8_t *defs = calloc(e->nregs, 1), *lvl = calloc(e->nregs, 1);
    if (!defs || !lvl) {
        free(defs);
        free(lvl);
        return;
    }
    for (uint32_t i = 0; i < e->ncode; i++) {
        const px_insn *in = &e->code[i];
        for (int k = 0; k < 4; k++)
            if (in->dst[k].kind == PX_R_REG && in->dst[k].idx < e->nregs && defs[in->dst[k].idx] < 2)
                defs[in->dst[k].idx]++;
        if (in->pdst.kind == PX_R_REG && in->pdst.idx < e->nregs && defs[in->pdst.idx] < 2)
            defs[in->pdst.idx]++;
    }
    int any = 0;
    for (uint32_t i = 0; i < n; i++) {
        px_insn *in = &e->code[i];
        int kparam = in->op == PX_OP_ld && in->space == PX_SP_PARAM && in->addr.sym == PX_SYM_KPARAM &&
                     in->addr.base.kind == PX_R_NONE;
        /* the specialised ALU executors read src[0..nsrc) and write dst[0], nothing else */
        int alu = !kparam && wt__ptx_alu_fast_base(in) != NULL;
        int level = kparam || alu ? 1 : 0;
        for (int k = 0; alu && level && k < in->nsrc; k++) {
            const px_ref *r = &in->src[k];
            int l = r->kind == PX_R_IMM ? 1
                  : r->kind == PX_R_SREG ? sreg_level(r->idx)
                  : r->kind == PX_R_REG && r->idx < e->nregs ? lvl[r->idx] : 0;
            level = l ? (l > level ? l : level) : 0;
        }
        int ndst = 0;
        for (int k = 0; level && k < 4; k++) {
            if (in->dst[k].kind == PX_R_NONE)
                continue;
            if (in->dst[k].kind != PX_R_REG || in->dst[k].idx >= e->nregs || defs[in->dst[k].idx] != 1)
                level = 0;
            ndst++;
        }
        if (!level || !ndst || in->pdst.kind != PX_R_NONE)
            continue;
        in->invariant = (uint8_t)level;
        for (int k = 0; k < 4; k++)
            if (in->dst[k].kind == PX_R_REG)
                lvl[in->dst[k].idx] = (uint8_t)level;
        any = 1;
    }
    free(defs);
    free(lvl);
    e->nprefix = any ? n : 0;
    e->npre_var = e->npre_block = 0;
    for (uint32_t i = 0; i < e->nprefix; i++) {
        if (e->code[i].invariant == 0)
            e->pre_var[e->npre_var++] = (uint8_t)i;
        if (e->code[i].invariant != 1)
            e->pre_block[e->npre_block++] = (uint8_t)i;
    }
}

/* At load: each entry's deepest frame chain, so that launches only read the module, and its
 * invariant prefix. */
void wt__ptx_plan_entries(struct wt_module_s *m)
{
    for (int k = 0; k < m->nfuncs; k++) {
        px_func *e = m->funcs[k];
        if (!e->is_entry || !e->defined)
            continue;
        for (int i = 0; i < m->nfuncs; i++)
            if (m->funcs[i]->depth_state == 1)
                m->funcs[i]->depth_state = 0;
        walk_calls(m, e);
        plan_prefix(e);
    }
}

/* The limits above, from the declared sizes, in 64 bits (no product can wrap: each factor is
 * below 2^33).  WT_SUCCESS, or WT_ERROR_OUT_OF_MEMORY naming what is too big and the limit. */
static wt_status check_state(const px_func *e, const struct wt_module_s *m, wt_dim3 block, size_t dyn_shared)
{
    static const char *FN = "wt_launch_kernel";
    uint64_t regs = e->max_regs, local = (e->max_local + (uint64_t)15) & ~(uint64_t)15, depth = e->max_depth;
    uint64_t warp = PX_W * (regs * 8u + local) + depth * sizeof(px_frame);
    if (warp > PX_MAX_WARP_STATE)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): kernel %s needs %llu bytes per warp along its deepest call "
                         "chain (%llu registers of 8 bytes and %llu bytes of local memory per thread, call depth "
                         "%llu); the limit is %llu bytes (1 MiB per thread)", FN, e->name, (unsigned long long)warp,
                         (unsigned long long)regs, (unsigned long long)local, (unsigned long long)depth,
                         (unsigned long long)PX_MAX_WARP_STATE);
    uint64_t stat = ((uint64_t)m->shared_static + 15u) & ~(uint64_t)15, shared = stat + (uint64_t)dyn_shared;
    if (shared > PX_MAX_SHARED)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): kernel %s asks for %llu bytes of shared memory per block "
                         "(%llu bytes of static and %llu bytes of dynamic shared memory); the limit is %llu bytes",
                         FN, e->name, (unsigned long long)shared, (unsigned long long)stat,
                         (unsigned long long)dyn_shared, (unsigned long long)PX_MAX_SHARED);
    uint64_t nthr = (uint64_t)block.x * block.y * block.z, nwarps = (nthr + PX_W - 1) / PX_W;
    uint64_t kept = e->has_barrier ? nwarps : 1, blk = kept * warp + shared;
    if (blk > PX_MAX_BLOCK_STATE)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): kernel %s: a block of %llu threads keeps %llu warps of %llu "
                         "bytes%s and %llu bytes of shared memory, %llu bytes; the limit is %llu bytes", FN, e->name,
                         (unsigned long long)nthr, (unsigned long long)kept, (unsigned long long)warp,
                         e->has_barrier ? " (the kernel has a barrier: its warps run together)" : "",
                         (unsigned long long)shared, (unsigned long long)blk,
                         (unsigned long long)PX_MAX_BLOCK_STATE);
    return WT_SUCCESS;
}

wt_status wt__ptx_launch(struct wt_function_s *fh, wt_dim3 grid, wt_dim3 block, size_t shared_bytes, void *const *params)
{
    static const char *FN = "wt_launch_kernel";
    const struct wt_module_s *m = fh->mod;
    px_func *e = fh->fn;
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.y > 65535 || grid.z > 65535 || grid.x > 0x7fffffffu)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): grid = (%u,%u,%u) is not a CUDA grid", FN, (unsigned)grid.x,
                         (unsigned)grid.y, (unsigned)grid.z);
    if (block.x == 0 || block.y == 0 || block.z == 0 || block.x > 1024 || block.y > 1024 || block.z > 64 ||
        (uint64_t)block.x * block.y * block.z > 1024)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): block = (%u,%u,%u): at most 1024 threads (z at most 64)", FN,
                         (unsigned)block.x, (unsigned)block.y, (unsigned)block.z);
    if (e->nparams && !params)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): kernel %s takes %d parameters and params is NULL", FN, e->name,
                         e->nparams);
    if (shared_bytes > ((size_t)1 << 30))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): shared_bytes = %zu is above 1 GiB", FN, shared_bytes);
    if (e->recursive > 0)
        return wt__error(WT_ERROR_PTX_UNSUPPORTED, "%s(): kernel %s calls functions recursively (%s); recursion is "
                         "not supported", FN, e->name, e->cycle);
    if (e->recursive < 0)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): kernel %s: the module's call graph could not be walked at "
                         "load (out of memory)", FN, e->name);
    wt_status lst = check_state(e, m, block, shared_bytes);
    if (lst != WT_SUCCESS)
        return lst;
    launch_ctx C;
    memset(&C, 0, sizeof C);
    C.mod = m;
    C.entry = e;
    C.grid = grid;
    C.block = block;
    C.dyn_shared = shared_bytes;
    /* WARPTEX_PTX_MAX_STEPS=N: a warp that runs more than N instructions in one block stops the
     * launch (a watchdog for kernels that may not end, e.g. fuzzed ones) */
    const char *ms = getenv("WARPTEX_PTX_MAX_STEPS");
    if (ms && *ms) {
        char *end;
        unsigned long long v = strtoull(ms, &end, 10);
        if (*end == 0)
            C.max_steps = (uint64_t)v;
    }
    C.kparams = wt__alloc(e->kparam_size ? e->kparam_size : 1);
    if (!C.kparams)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    for (int i = 0; i < e->nparams; i++) {
        if (!params[i]) {
            wt__free(C.kparams);
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): params[%d] (%s) is NULL", FN, i, e->params[i].name);
        }
        memcpy(C.kparams + e->params[i].offset, params[i], e->params[i].size);
    }
    uint64_t nblocks = (uint64_t)grid.x * grid.y * grid.z;
    int threads = wt_get_num_threads();
    if ((uint64_t)threads > nblocks)
        threads = (int)nblocks;
    if (threads < 1)
        threads = 1;
    C.nthreads = threads;
    C.blocks = wt__alloc((size_t)threads * sizeof *C.blocks);
    if (!C.blocks) {
        wt__free(C.kparams);
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    }
    atomic_init(&C.failed, 0);
    pthread_mutex_init(&C.lock, NULL);
    /* Runs of neighbouring blocks per chunk, 16 chunks a thread: a thread then walks
     * its blocks' arrays in order (the hardware prefetchers follow it; one block at a
     * time, interleaved across threads, made two threads 1.45x one on W1 instead of 2x),
     * and the chunks still balance uneven blocks. */
    uint64_t grain = nblocks / ((uint64_t)threads * 16);
    wt__parallel_for((size_t)nblocks, grain ? (size_t)grain : 1, threads, block_task, &C);
    pthread_mutex_destroy(&C.lock);
    for (int i = 0; i < threads; i++)
        block_free(C.blocks[i]);
    wt__free(C.blocks);
    wt__free(C.kparams);
    if (C.st != WT_SUCCESS)
        return wt__error(C.st, "%s", C.msg);
    return WT_SUCCESS;
}
