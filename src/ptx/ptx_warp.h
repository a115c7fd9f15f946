/* ptx_warp.h -- the warp the PTX executors run on: its frames and registers, the block it belongs
 * to, operand reads, faults (ptx_fault.c), and the executors themselves (ptx_exec_tpl.h,
 * ptx_alu_tpl.h, ptx_alu_fast_tpl.h, one build per variant)
 * SPDX-License-Identifier: MIT
 *
 * The interpreter (ptx_interp.c) runs warps through the executors; the executors see only this
 * header and the decoded form (ptx_internal.h), never the interpreter. */
#ifndef WT_PTX_WARP_H
#define WT_PTX_WARP_H

#include "ptx_internal.h"

typedef struct px_frame {
    const px_func *fn;
    uint32_t mask;        /* lanes in this frame */
    uint32_t done;        /* lanes that returned */
    int uniform;          /* all live lanes at upc */
    uint32_t upc;
    uint32_t pc[PX_W];
    uint64_t *regs;
    uint32_t local_base;  /* per-lane local offset of this frame */
    uint32_t call_pc;     /* in the caller */
    int32_t ret_off;      /* caller-frame offset of the return value */
    uint32_t ret_size;
} px_frame;

struct px_block;

typedef struct px_warp {
    struct px_block *blk;
    const struct wt_module_s *mod;
    const uint64_t *imm;
    uint64_t sreg[PX_SR_COUNT][PX_W];
    uint32_t exited;
    uint32_t present;      /* lanes that exist (a partial last warp) */
    int finished;
    int at_barrier;
    px_frame *frames;
    int nframes, max_frames;
    uint64_t *regs;        /* frames[nframes - 1].regs: the registers executors read and write */
    const struct px_range *last_range; /* the memory range of the warp's last global access */
    uint64_t steps, max_steps; /* instructions run by this warp in this block; 0: no limit */
    uint64_t *regstack;
    size_t regstack_len, regstack_used;
    uint8_t *local;        /* PX_W lanes x local_size bytes, lane-major */
    uint32_t local_size;
    uint64_t tmp[4][PX_W];
    uint64_t cf[PX_W];     /* the carry flag (CC.CF) of add.cc, sub.cc, mad.cc and their c forms */
    /* bar.red: the warp's part of the reduction at the barrier it waits at */
    const struct px_insn *red_in; /* NULL: a plain barrier */
    uint32_t red_lanes, red_val;  /* the lanes that take part; popc: their count, and/or: 0 or 1 */
} px_warp;

typedef struct px_block {
    const struct wt_module_s *mod;
    const px_func *entry;
    const uint8_t *kparams;
    uint8_t *shared;
    size_t shared_size;
    px_warp *warps;
    int nwarps;
    int one_state;         /* no barrier: the warps share warps[0]'s registers, local memory, frames */
    int inv_launch;        /* one_state: the invariant prefix's launch-wide values are in the registers */
    uint64_t inv_block;    /* ... and its block-wide values are those of this block (+1; 0 none) */
    /* the first failure */
    wt_status st;
    char msg[384];
} px_block;

/* ptx_fault.c: records the launch's first failure (in: the instruction, lane: the lane or -1);
 * returns -1. */
WT_PRINTF(5, 6)
WT_INTERNAL int wt__ptx_fault(px_warp *w, const px_insn *in, int lane, wt_status st, const char *fmt, ...);

static inline uint64_t *px_reg(px_warp *w, const px_ref *r)
{
    return w->regs + (size_t)r->idx * PX_W;
}

/* Read an operand: a pointer to 32 lanes.  The kinds not in the registers, the immediates pool or
 * the special registers (local symbols, texture/sampler/surface references, the dynamic shared
 * base) are rare: filled into tmp out of line. */
/* (static: each executor build has its copy; unused: not every file that includes this reads) */
__attribute__((noinline, cold, unused)) static const uint64_t *px_read_other(px_warp *w, const px_ref *r,
                                                                             uint64_t *tmp)
{
    uint64_t v = 0;
    switch (r->kind) {
    case PX_R_LOCALSYM: v = w->frames[w->nframes - 1].local_base + (uint64_t)r->idx; break;
    case PX_R_TEXREF:
    case PX_R_SURFREF:
    case PX_R_SMPREF: v = w->mod->binds[r->idx].handle; break;
    case PX_R_DYNSHARED: v = (w->mod->shared_static + 15u) & ~15u; break;
    default: break;
    }
    for (int l = 0; l < PX_W; l++)
        tmp[l] = v;
    return tmp;
}
static inline const uint64_t *px_read(px_warp *w, const px_ref *r, uint64_t *tmp)
{
    switch (r->kind) {
    case PX_R_REG: return w->regs + (size_t)r->idx * PX_W;
    case PX_R_IMM: return w->imm + (size_t)r->idx * PX_W;
    case PX_R_SREG: return w->sreg[r->idx];
    default: return px_read_other(w, r, tmp);
    }
}

/* ---- the executors ----
 * Built once per variant: the templates ptx_exec_tpl.h, ptx_alu_tpl.h and ptx_alu_fast_tpl.h
 * instantiated with PX_VARIANT set, as ptx_*_base.c for the baseline and src/<isa>/ptx_*_<isa>.c
 * with that ISA's flags; PX_V(name) names this build's copy (name_base, name_avx2, ...). */
#ifndef PX_VARIANT
#define PX_VARIANT base
#endif
#define PX_V_(name, v) name##_##v
#define PX_V__(name, v) PX_V_(name, v)
#define PX_V(name) PX_V__(name, PX_VARIANT)
/* ptx_alu_tpl.h: ordinary arithmetic on the lanes in mask. */
WT_INTERNAL void PX_V(wt__ptx_exec_alu)(px_warp *w, const px_insn *in, uint32_t mask);
/* ptx_alu_fast_tpl.h: a specialised executor for the ALU instruction, or NULL: the general one. */
WT_INTERNAL px_exec_fn PX_V(wt__ptx_alu_fast)(const px_insn *in);
WT_INTERNAL px_exec_fn wt__ptx_alu_fast_base(const px_insn *in);
/* ptx_exec_tpl.h: the executor of an instruction, NULL for control flow. */
WT_INTERNAL px_exec_fn PX_V(wt__ptx_exec_for)(const px_insn *in);

#endif
