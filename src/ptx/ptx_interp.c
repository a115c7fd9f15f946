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
 * are not touched, so straight-line code costs one dispatch per
 * instruction.  Calls push a frame for the lanes that call; ret pops it
 * when all of them have returned.
 *
 * Generic addresses: global memory is host addresses; shared and local
 * addresses carry a window tag in bits 60-63 (1 shared, 2 local), far above
 * any user-space address on x86-64 and AArch64.
 *
 * The warps of a block run one after another up to a bar.sync; when every
 * unfinished warp waits at a barrier they are all released.  Blocks run in
 * parallel through wt__parallel_for. */
#define _POSIX_C_SOURCE 200809L
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3") /* the 32-lane loops vectorise (RelWithDebInfo is -O2) */
#endif
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/parallel.h"
#include "ptx_internal.h"

#define L for (int l = 0; l < PX_W; l++)
#define TAG_SHIFT 60
#define TAG_SHARED 1u
#define TAG_LOCAL 2u
#define MAX_FRAMES 64

/* ---- faults ---- */
WT_PRINTF(5, 6)
static int fault(px_warp *w, const px_insn *in, int lane, wt_status st, const char *fmt, ...)
{
    px_block *b = w->blk;
    if (b->st != WT_SUCCESS)
        return -1;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const px_func *fn = w->frames[w->nframes - 1].fn;
    if (lane >= 0)
        snprintf(b->msg, sizeof b->msg,
                 "wt_launch_kernel(): kernel %s: %s line %u, block (%u,%u,%u) thread (%u,%u,%u) lane %d: %s",
                 b->entry->name, fn->name, in ? (unsigned)in->line : 0u, (unsigned)w->sreg[PX_SR_CTAID_X][0],
                 (unsigned)w->sreg[PX_SR_CTAID_Y][0], (unsigned)w->sreg[PX_SR_CTAID_Z][0],
                 (unsigned)w->sreg[PX_SR_TID_X][lane], (unsigned)w->sreg[PX_SR_TID_Y][lane],
                 (unsigned)w->sreg[PX_SR_TID_Z][lane], lane, msg);
    else
        snprintf(b->msg, sizeof b->msg, "wt_launch_kernel(): kernel %s: %s line %u, block (%u,%u,%u): %s",
                 b->entry->name, fn->name, in ? (unsigned)in->line : 0u, (unsigned)w->sreg[PX_SR_CTAID_X][0],
                 (unsigned)w->sreg[PX_SR_CTAID_Y][0], (unsigned)w->sreg[PX_SR_CTAID_Z][0], msg);
    b->st = st;
    return -1;
}

static int first_lane(uint32_t m) { return __builtin_ctz(m); }

/* ---- operands ---- */
const uint64_t *wt__ptx_read_slow(px_warp *w, const px_ref *r, uint64_t *tmp)
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
    L tmp[l] = v;
    return tmp;
}

/* ---- memory ---- */
static const px_range *range_find(const struct wt_module_s *m, uintptr_t a)
{
    int lo = 0, hi = m->nranges - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const px_range *r = &m->ranges[mid];
        if (a < r->base)
            hi = mid - 1;
        else if (a - r->base >= r->size)
            lo = mid + 1;
        else
            return r;
    }
    return NULL;
}

/* Effective addresses of an address operand for all lanes. */
static void addr_lanes(px_warp *w, const px_insn *in, uint64_t *ea)
{
    const px_addr *a = &in->addr;
    uint64_t base = (uint64_t)a->off;
    switch (a->sym) {
    case PX_SYM_ABS: case PX_SYM_SHARED: case PX_SYM_KPARAM: base += a->symval; break;
    case PX_SYM_LOCAL: base += w->frames[w->nframes - 1].local_base + a->symval; break;
    default: break;
    }
    if (a->base.kind != PX_R_NONE) {
        const uint64_t *r = px_read(w, &a->base, ea);
        L ea[l] = r[l] + base;
    } else {
        L ea[l] = base;
    }
}

enum { ACC_READ = 0, ACC_WRITE = 1 };

/* The host pointers of an access of `size` bytes by every lane in mask, or
 * -1 after a fault.  space: the instruction's state space. */
static int resolve(px_warp *w, const px_insn *in, uint32_t mask, const uint64_t *ea, unsigned size, int access,
                   uint8_t **ptr)
{
    int space = in->space;
    px_block *b = w->blk;
    if (space == PX_SP_PARAM) {
        if (in->addr.sym == PX_SYM_KPARAM && in->addr.base.kind == PX_R_NONE) {
            if (access == ACC_WRITE)
                return fault(w, in, first_lane(mask), WT_ERROR_LAUNCH_FAILED, "store to a kernel parameter");
            uint64_t o = ea[first_lane(mask)];
            if (o + size > b->entry->kparam_size || o + size < o)
                return fault(w, in, first_lane(mask), WT_ERROR_LAUNCH_FAILED, "parameter access outside the parameters");
            L ptr[l] = (uint8_t *)b->kparams + o;
            return 0;
        }
        if (in->addr.sym != PX_SYM_LOCAL)
            return fault(w, in, first_lane(mask), WT_ERROR_PTX_UNSUPPORTED, "a .param address that is not a parameter name");
        space = PX_SP_LOCAL;
    }
    /* fast path: global memory, all lanes in one range */
    if (space == PX_SP_GLOBAL || space == PX_SP_CONST || space == PX_SP_GENERIC) {
        uint64_t lo = UINT64_MAX, hi = 0, orr = 0;
        if (mask == 0xffffffffu) {
            L {
                uint64_t x = ea[l];
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
                orr |= x;
            }
        } else {
            L if ((mask >> l) & 1) {
                uint64_t x = ea[l];
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
                orr |= x;
            }
        }
        if ((orr >> TAG_SHIFT) == 0 && !(orr & (size - 1))) {
            const px_range *r = range_find(w->mod, (uintptr_t)lo);
            if (r && hi - r->base <= r->size - size && r->size >= size && (access == ACC_READ || r->writable) &&
                !(space == PX_SP_CONST && access == ACC_WRITE)) {
                L ptr[l] = (uint8_t *)(uintptr_t)ea[l];
                return 0;
            }
        }
    }
    for (int l = 0; l < PX_W; l++) {
        if (!((mask >> l) & 1))
            continue;
        uint64_t x = ea[l];
        int sp = space;
        if (sp == PX_SP_GENERIC) {
            unsigned tag = (unsigned)(x >> TAG_SHIFT);
            if (tag == TAG_SHARED) {
                sp = PX_SP_SHARED;
                x &= ((uint64_t)1 << TAG_SHIFT) - 1;
            } else if (tag == TAG_LOCAL) {
                sp = PX_SP_LOCAL;
                x &= ((uint64_t)1 << TAG_SHIFT) - 1;
            } else if (tag) {
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "generic address 0x%llx is in no window",
                             (unsigned long long)ea[l]);
            } else {
                sp = PX_SP_GLOBAL;
            }
        }
        if (x & (size - 1))
            return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "misaligned %u-byte access at 0x%llx", size,
                         (unsigned long long)ea[l]);
        switch (sp) {
        case PX_SP_SHARED:
            if (x >= b->shared_size || b->shared_size - x < size)
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "shared memory access at %llu is outside the %zu bytes",
                             (unsigned long long)x, b->shared_size);
            ptr[l] = b->shared + x;
            break;
        case PX_SP_LOCAL:
            if (x >= w->local_size || w->local_size - x < size)
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "local memory access at %llu is outside the %u bytes",
                             (unsigned long long)x, (unsigned)w->local_size);
            ptr[l] = w->local + (size_t)l * w->local_size + x;
            break;
        default: {
            const px_range *r = range_find(w->mod, (uintptr_t)x);
            if (!r || r->size - (x - r->base) < size)
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED,
                             "%s of %u bytes at 0x%llx is outside every registered memory range",
                             access == ACC_WRITE ? "store" : "load", size, (unsigned long long)x);
            if (access == ACC_WRITE && (!r->writable || sp == PX_SP_CONST))
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "store to read-only memory at 0x%llx",
                             (unsigned long long)x);
            ptr[l] = (uint8_t *)(uintptr_t)x;
        }
        }
    }
    return 0;
}

static inline uint64_t load_n(const uint8_t *p, unsigned n)
{
    switch (n) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}
static inline void store_n(uint8_t *p, uint64_t v, unsigned n)
{
    switch (n) {
    case 1: *p = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static inline uint64_t sext_n(uint64_t v, unsigned es, int sg)
{
    if (sg && es < 8) {
        uint64_t sb = (uint64_t)1 << (es * 8 - 1);
        v = (v ^ sb) - sb;
    }
    return v;
}

static int exec_ld(px_warp *w, const px_insn *in, uint32_t mask)
{
    uint64_t ea[PX_W];
    uint8_t *ptr[PX_W];
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    int sg = px_type_signed(in->type);
    if (in->space == PX_SP_PARAM && in->addr.sym == PX_SYM_KPARAM && in->addr.base.kind == PX_R_NONE) {
        /* a kernel parameter: one value for every lane */
        uint64_t o = in->addr.symval + (uint64_t)in->addr.off;
        if (o + (uint64_t)es * in->vec > w->blk->entry->kparam_size)
            return fault(w, in, first_lane(mask), WT_ERROR_LAUNCH_FAILED, "parameter access outside the parameters");
        for (int k = 0; k < in->ndst; k++) {
            if (in->dst[k].kind != PX_R_REG)
                continue;
            uint64_t v = sext_n(load_n(w->blk->kparams + o + (size_t)k * es, es), es, sg);
            uint64_t *d = px_reg(w, &in->dst[k]);
            if (mask == 0xffffffffu)
                L d[l] = v;
            else
                L d[l] = ((mask >> l) & 1) ? v : d[l];
        }
        return 0;
    }
    addr_lanes(w, in, ea);
    if (resolve(w, in, mask, ea, es * in->vec, ACC_READ, ptr))
        return -1;
    if (es == 4 && in->vec > 1 && !sg && in->ndst == in->vec) {
        /* vector loads lane by lane: one access per lane */
        uint64_t *d[4];
        int nd = in->ndst;
        for (int k = 0; k < nd; k++)
            d[k] = in->dst[k].kind == PX_R_REG ? px_reg(w, &in->dst[k]) : w->tmp[k];
        if (nd == 2) {
            L if ((mask >> l) & 1) {
                uint32_t v[2];
                memcpy(v, ptr[l], 8);
                d[0][l] = v[0];
                d[1][l] = v[1];
            }
        } else {
            L if ((mask >> l) & 1) {
                uint32_t v[4];
                memcpy(v, ptr[l], 4 * (size_t)nd);
                for (int k = 0; k < nd; k++)
                    d[k][l] = v[k];
            }
        }
        return 0;
    }
    for (int k = 0; k < in->ndst; k++) {
        if (in->dst[k].kind != PX_R_REG)
            continue;
        uint64_t *d = px_reg(w, &in->dst[k]);
        size_t ko = (size_t)k * es;
        switch (es) { /* one loop per size: no switch per lane */
        case 4:
            L if ((mask >> l) & 1) {
                uint32_t v;
                memcpy(&v, ptr[l] + ko, 4);
                d[l] = sg ? (uint64_t)(int64_t)(int32_t)v : v;
            }
            break;
        case 8:
            L if ((mask >> l) & 1) memcpy(&d[l], ptr[l] + ko, 8);
            break;
        default:
            L if ((mask >> l) & 1) d[l] = sext_n(load_n(ptr[l] + ko, es), es, sg);
        }
    }
    return 0;
}

static int exec_st(px_warp *w, const px_insn *in, uint32_t mask)
{
    uint64_t ea[PX_W];
    uint8_t *ptr[PX_W];
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    addr_lanes(w, in, ea);
    if (resolve(w, in, mask, ea, es * in->vec, ACC_WRITE, ptr))
        return -1;
    if (es == 4 && in->nsrc > 1) {
        /* vector stores lane by lane: one access per lane, lane order kept */
        const uint64_t *sv[4];
        int ns = in->nsrc;
        for (int k = 0; k < ns; k++)
            sv[k] = px_read(w, &in->src[k], w->tmp[k]);
        if (ns == 4) { /* constant-size copies: one 16-byte store per lane */
            L if ((mask >> l) & 1) {
                uint32_t v[4] = {(uint32_t)sv[0][l], (uint32_t)sv[1][l], (uint32_t)sv[2][l], (uint32_t)sv[3][l]};
                memcpy(ptr[l], v, 16);
            }
        } else {
            L if ((mask >> l) & 1) {
                uint32_t v[4];
                for (int k = 0; k < ns; k++)
                    v[k] = (uint32_t)sv[k][l];
                memcpy(ptr[l], v, 4 * (size_t)ns);
            }
        }
        return 0;
    }
    for (int k = 0; k < in->nsrc; k++) {
        const uint64_t *s = px_read(w, &in->src[k], w->tmp[k]);
        size_t ko = (size_t)k * es;
        /* lane order: the highest lane wins a collision */
        if (es == 4) {
            L if ((mask >> l) & 1) {
                uint32_t v = (uint32_t)s[l];
                memcpy(ptr[l] + ko, &v, 4);
            }
        } else if (es == 8) {
            L if ((mask >> l) & 1) memcpy(ptr[l] + ko, &s[l], 8);
        } else {
            L if ((mask >> l) & 1) store_n(ptr[l] + ko, s[l], es);
        }
    }
    return 0;
}

static float ftz_f(float f) { return (f != 0.0f && f > -0x1p-126f && f < 0x1p-126f) ? (f < 0 ? -0.0f : 0.0f) : f; }

static uint64_t atom_apply(int aop, int t, uint64_t old, uint64_t b, uint64_t c)
{
    int bits = px_type_bits(t);
    uint64_t m = bits == 64 ? ~(uint64_t)0 : 0xffffffffu;
    old &= m;
    b &= m;
    switch (aop) {
    case PX_A_ADD:
        if (t == PX_T_F32) {
            float x, y;
            uint32_t u = (uint32_t)old, v = (uint32_t)b;
            memcpy(&x, &u, 4);
            memcpy(&y, &v, 4);
            float z = ftz_f(ftz_f(x) + ftz_f(y)); /* atom.add.f32: .rn, subnormals flushed */
            if (z != z)
                return 0x7fffffffu;
            memcpy(&u, &z, 4);
            return u;
        }
        if (t == PX_T_F64) {
            double x, y;
            memcpy(&x, &old, 8);
            memcpy(&y, &b, 8);
            double z = x + y;
            if (z != z)
                return 0x7fffffffffffffffull;
            uint64_t u;
            memcpy(&u, &z, 8);
            return u;
        }
        return (old + b) & m;
    case PX_A_MIN:
    case PX_A_MAX: {
        int mx = aop == PX_A_MAX;
        if (t == PX_T_F32) {
            float x, y;
            uint32_t u = (uint32_t)old, v = (uint32_t)b;
            memcpy(&x, &u, 4);
            memcpy(&y, &v, 4);
            if (x != x)
                return b;
            if (y != y)
                return old;
            return (mx ? y > x : y < x) ? b : old;
        }
        if (t == PX_T_F64) {
            double x, y;
            memcpy(&x, &old, 8);
            memcpy(&y, &b, 8);
            if (x != x)
                return b;
            if (y != y)
                return old;
            return (mx ? y > x : y < x) ? b : old;
        }
        if (px_type_signed(t)) {
            int64_t x = bits == 64 ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
            int64_t y = bits == 64 ? (int64_t)b : (int64_t)(int32_t)(uint32_t)b;
            return (uint64_t)(mx ? (x > y ? x : y) : (x < y ? x : y)) & m;
        }
        return mx ? (old > b ? old : b) : (old < b ? old : b);
    }
    case PX_A_INC: return old >= b ? 0 : old + 1;
    case PX_A_DEC: return (old == 0 || old > b) ? b : old - 1;
    case PX_A_EXCH: return b;
    case PX_A_CAS: return old == b ? (c & m) : old;
    case PX_A_AND: return old & b;
    case PX_A_OR: return old | b;
    case PX_A_XOR: return old ^ b;
    default: return old;
    }
}

static int exec_atom(px_warp *w, const px_insn *in, uint32_t mask)
{
    uint64_t ea[PX_W];
    uint8_t *ptr[PX_W];
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    addr_lanes(w, in, ea);
    if (resolve(w, in, mask, ea, es, ACC_WRITE, ptr))
        return -1;
    const uint64_t *b = px_read(w, &in->src[0], w->tmp[0]);
    const uint64_t *c = in->nsrc > 1 ? px_read(w, &in->src[1], w->tmp[1]) : b;
    uint64_t *d = in->ndst && in->dst[0].kind == PX_R_REG ? px_reg(w, &in->dst[0]) : NULL;
    uint64_t res[PX_W];
    for (int l = 0; l < PX_W; l++) {
        if (!((mask >> l) & 1))
            continue;
        uint64_t old;
        if (es == 4) {
            uint32_t *p = (uint32_t *)(void *)ptr[l];
            uint32_t o = __atomic_load_n(p, __ATOMIC_RELAXED), n;
            do {
                n = (uint32_t)atom_apply(in->aop, in->type, o, b[l], c[l]);
            } while (!__atomic_compare_exchange_n(p, &o, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
            old = o;
        } else {
            uint64_t *p = (uint64_t *)(void *)ptr[l];
            uint64_t o = __atomic_load_n(p, __ATOMIC_RELAXED), n;
            do {
                n = atom_apply(in->aop, in->type, o, b[l], c[l]);
            } while (!__atomic_compare_exchange_n(p, &o, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
            old = o;
        }
        res[l] = old;
    }
    if (d)
        L if ((mask >> l) & 1) d[l] = res[l];
    return 0;
}

/* ---- texture and surface instructions: the warp entry points ---- */
static int tex_status(px_warp *w, const px_insn *in, uint32_t mask, wt_status st)
{
    const char *m = wt_last_error_message();
    return fault(w, in, first_lane(mask), st, "%s", m && *m ? m : wt_status_description(st));
}

static int exec_tex(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *h = px_read(w, &in->handle, w->tmp[0]);
    const uint64_t *s = in->sampler.kind ? px_read(w, &in->sampler, w->tmp[1]) : NULL;
    wt_tex_args args;
    wt_tex_result res;
    const px_insn *I = in;
    for (int k = 0; k < I->tn[0]; k++) {
        const uint64_t *c = px_read(w, &I->tsrc[0][k], w->tmp[2]);
        L args.c[k][l] = (uint32_t)c[l];
    }
    if (I->top.mip == WT_MIP_LEVEL) {
        const uint64_t *c = px_read(w, &I->tsrc[1][0], w->tmp[2]);
        L args.lod[l] = (uint32_t)c[l];
    } else if (I->top.mip == WT_MIP_GRAD) {
        for (int k = 0; k < I->tn[1]; k++) {
            const uint64_t *x = px_read(w, &I->tsrc[1][k], w->tmp[2]);
            L { uint32_t u = (uint32_t)x[l]; memcpy(&args.dpdx[k][l], &u, 4); }
            const uint64_t *y = px_read(w, &I->tsrc[2][k], w->tmp[3]);
            L { uint32_t u = (uint32_t)y[l]; memcpy(&args.dpdy[k][l], &u, 4); }
        }
    }
    if (I->top.flags & WT_OP_OFFSET)
        for (int k = 0; k < I->tn[3]; k++) {
            const uint64_t *x = px_read(w, &I->tsrc[3][k], w->tmp[2]);
            L args.offset[k][l] = (int32_t)(uint32_t)x[l];
        }
    if (I->top.flags & WT_OP_DEPTH_COMPARE) {
        const uint64_t *x = px_read(w, &I->src[0], w->tmp[2]);
        L { uint32_t u = (uint32_t)x[l]; memcpy(&args.depth[l], &u, 4); }
    }
    uint32_t left = mask;
    while (left) {
        int f = first_lane(left);
        uint64_t hv = h[f], sv = s ? s[f] : 0;
        uint32_t same = 0; /* the lanes with this lane's texture (and sampler): usually all */
        L same |= (uint32_t)(h[l] == hv) << l;
        if (s) {
            uint32_t ss = 0;
            L ss |= (uint32_t)(s[l] == sv) << l;
            same &= ss;
        }
        uint32_t grp = left & same;
        left &= ~grp;
        wt_status st = wt_tex_warp(&I->top, hv, sv, grp, &args, &res);
        if (st != WT_SUCCESS)
            return tex_status(w, in, grp, st);
        for (int k = 0; k < I->ndst; k++) {
            if (I->dst[k].kind != PX_R_REG)
                continue;
            uint64_t *d = px_reg(w, &I->dst[k]);
            if (grp == 0xffffffffu)
                L d[l] = res.d[k][l];
            else
                L d[l] = ((grp >> l) & 1) ? res.d[k][l] : d[l];
        }
        if (I->pdst.kind == PX_R_REG) {
            uint64_t *d = px_reg(w, &I->pdst);
            L if ((grp >> l) & 1) d[l] = (res.pred >> l) & 1;
        }
    }
    return 0;
}

static int exec_surf(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *h = px_read(w, &in->handle, w->tmp[0]);
    wt_surf_args args;
    wt_surf_result res;
    for (int k = 0; k < in->tn[0]; k++) {
        const uint64_t *c = px_read(w, &in->tsrc[0][k], w->tmp[1]);
        L args.c[k][l] = (int32_t)(uint32_t)c[l];
    }
    uint64_t vm = in->top.bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << in->top.bits) - 1);
    if (in->top.family == WT_FAMILY_SUST && in->top.mode == WT_SURF_P)
        vm = 0xffffffffu;
    for (int k = 0; k < in->nsrc; k++) {
        const uint64_t *v = px_read(w, &in->src[k], w->tmp[2]);
        L args.v[k][l] = v[l] & vm;
    }
    uint32_t left = mask;
    while (left) {
        int f = first_lane(left);
        uint64_t hv = h[f];
        uint32_t grp = 0;
        L if (((left >> l) & 1) && h[l] == hv) grp |= 1u << l;
        left &= ~grp;
        wt_status st = wt_surf_warp(&in->top, hv, grp, &args, &res);
        if (st == WT_ERROR_TRAP)
            return fault(w, in, first_lane(res.trap ? res.trap : grp), WT_ERROR_TRAP,
                         "surface access out of range with .trap (%s)", wt_last_error_message());
        if (st != WT_SUCCESS)
            return tex_status(w, in, grp, st);
        for (int k = 0; k < in->ndst; k++) {
            if (in->dst[k].kind != PX_R_REG)
                continue;
            uint64_t *d = px_reg(w, &in->dst[k]);
            L if ((grp >> l) & 1) d[l] = res.d[k][l];
        }
    }
    return 0;
}

static int exec_query(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *h = px_read(w, &in->handle, w->tmp[0]);
    const uint64_t *lod = in->nsrc ? px_read(w, &in->src[0], w->tmp[1]) : NULL;
    uint64_t *d = in->dst[0].kind == PX_R_REG ? px_reg(w, &in->dst[0]) : NULL;
    for (int l = 0; l < PX_W; l++) {
        if (!((mask >> l) & 1))
            continue;
        int32_t v = 0;
        wt_status st = wt_query(&in->top, h[l], lod ? (int32_t)(uint32_t)lod[l] : 0, &v);
        if (st != WT_SUCCESS && in->top.family != WT_FAMILY_ISTYPEP)
            return tex_status(w, in, 1u << l, st);
        if (d)
            d[l] = in->top.family == WT_FAMILY_ISTYPEP ? (uint64_t)(v != 0) : (uint64_t)(uint32_t)v;
    }
    return 0;
}

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
            return fault(w, in, first_lane(m), WT_ERROR_LAUNCH_FAILED,
                         "indirect call to %s, which does not match the call's prototype", callee->name);
        for (uint32_t k = 0; k < in->call_nargs; k++)
            if (f->fn->callargs[in->call_args + k].size < callee->params[k].size)
                return fault(w, in, first_lane(m), WT_ERROR_LAUNCH_FAILED,
                             "indirect call to %s: argument %u is smaller than the parameter", callee->name, k);
    }
    if (w->nframes >= w->max_frames)
        return fault(w, in, first_lane(m), WT_ERROR_LAUNCH_FAILED, "call depth above %d", w->max_frames);
    uint64_t *regs = f->regs + (size_t)f->fn->nregs * PX_W;
    size_t need = (size_t)(regs - w->regstack) + (size_t)callee->nregs * PX_W;
    uint32_t lb = (f->local_base + f->fn->frame_size + 15u) & ~15u; /* frames 16-byte aligned */
    if (need > w->regstack_len || (uint64_t)lb + callee->frame_size > w->local_size)
        return fault(w, in, first_lane(m), WT_ERROR_LAUNCH_FAILED, "call stack exhausted");
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
    return 0;
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
        if (w->max_steps && ++w->steps > w->max_steps)
            return fault(w, in, first_lane(grp), WT_ERROR_LAUNCH_FAILED,
                         "the warp ran %llu instructions, the limit WARPTEX_PTX_MAX_STEPS sets",
                         (unsigned long long)w->max_steps);
        uint32_t m = in->guard.kind ? pred_mask(w, &in->guard, grp) : grp;
        if (in->reads_clock) {
            uint64_t t = now_ns();
            L { w->sreg[PX_SR_CLOCK][l] = (uint32_t)t; w->sreg[PX_SR_CLOCK64][l] = t; w->sreg[PX_SR_GLOBALTIMER][l] = t; }
        }
        switch (in->op) {
        case PX_OP_bra:
            if (m == grp) {
                set_pc(w, f, grp, in->target);
            } else {
                set_pc(w, f, m, in->target);
                set_pc(w, f, grp & ~m, pc + 1);
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
                    uint64_t v = fp[first_lane(m)];
                    if ((v >> 60) != 3 || (v & 0xffffffffu) >= (uint64_t)w->mod->nfuncs)
                        return fault(w, in, first_lane(m), WT_ERROR_LAUNCH_FAILED,
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
                return fault(w, in, first_lane(m), WT_ERROR_TRAP, "trap");
            break;
        case PX_OP_bar:
        case PX_OP_barrier:
            set_pc(w, f, grp, pc + 1);
            if (m) {
                w->at_barrier = 1;
                return 1;
            }
            continue;
        case PX_OP_membar: case PX_OP_fence: case PX_OP_prefetch: case PX_OP_nanosleep:
            break;
        case PX_OP_activemask:
            if (m) {
                uint64_t *d = px_reg(w, &in->dst[0]);
                L if ((m >> l) & 1) d[l] = grp;
            }
            break;
        case PX_OP_vote:
            if (m) {
                const uint64_t *p = px_read(w, &in->src[0], w->tmp[0]);
                uint32_t pm = 0;
                L pm |= (uint32_t)((p[l] ^ in->src[0].neg) & 1) << l;
                pm &= m;
                uint64_t *d = px_reg(w, &in->dst[0]);
                uint64_t v = in->sub == 3 ? pm : in->sub == 0 ? (pm == m) : in->sub == 1 ? (pm != 0) : (pm == 0 || pm == m);
                L if ((m >> l) & 1) d[l] = v;
            }
            break;
        case PX_OP_shfl:
            if (m) {
                const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
                const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);
                const uint64_t *c = px_read(w, &in->src[2], w->tmp[2]);
                uint64_t val[PX_W], pv[PX_W];
                L {
                    int lane = l, bv = (int)(b[l] & 31), cv = (int)(c[l] & 31), seg = (int)((c[l] >> 8) & 31);
                    int maxl = (lane & seg) | (cv & ~seg), minl = lane & seg, j, p;
                    switch (in->sub) {
                    case 0: j = lane - bv; p = j >= maxl; break;
                    case 1: j = lane + bv; p = j <= maxl; break;
                    case 2: j = lane ^ bv; p = j <= maxl; break;
                    default: j = minl | (bv & ~seg); p = j <= maxl; break;
                    }
                    if (!p || j < 0 || j > 31)
                        j = lane;
                    val[l] = a[j] & 0xffffffffu;
                    pv[l] = (uint64_t)p;
                }
                uint64_t *d = px_reg(w, &in->dst[0]);
                L if ((m >> l) & 1) d[l] = val[l];
                if (in->dst[1].kind == PX_R_REG) {
                    uint64_t *dp = px_reg(w, &in->dst[1]);
                    L if ((m >> l) & 1) dp[l] = pv[l];
                }
            }
            break;
        case PX_OP_ld:
        case PX_OP_ldu:
            if (m && exec_ld(w, in, m))
                return -1;
            break;
        case PX_OP_st:
            if (m && exec_st(w, in, m))
                return -1;
            break;
        case PX_OP_atom:
        case PX_OP_red:
            if (m && exec_atom(w, in, m))
                return -1;
            break;
        case PX_OP_tex:
        case PX_OP_tld4:
            if (m && exec_tex(w, in, m))
                return -1;
            break;
        case PX_OP_suld:
        case PX_OP_sust:
        case PX_OP_sured:
            if (m && exec_surf(w, in, m))
                return -1;
            break;
        case PX_OP_txq:
        case PX_OP_suq:
        case PX_OP_istypep:
            if (m && exec_query(w, in, m))
                return -1;
            break;
        default:
            if (m) {
                if (in->fast)
                    in->fast(w, in, m);
                else
                    wt__ptx_exec_alu(w, in, m);
            }
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
    for (int i = 0; i < b->nwarps; i++) {
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
    for (int i = 0; i < b->nwarps; i++) {
        px_warp *w = &b->warps[i];
        w->blk = b;
        w->mod = C->mod;
        w->local_size = (C->entry->max_local + 15u) & ~15u;
        w->regstack_len = (size_t)C->entry->max_regs * PX_W;
        w->max_frames = MAX_FRAMES;
        w->regstack = wt__alloc((w->regstack_len ? w->regstack_len : 1) * sizeof(uint64_t));
        w->local = wt__alloc(w->local_size ? (size_t)w->local_size * PX_W : 1);
        w->frames = wt__alloc((size_t)MAX_FRAMES * sizeof(px_frame));
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
    }
}

static int run_block(launch_ctx *C, px_block *b, uint64_t linear)
{
    wt_dim3 g = C->grid;
    uint32_t cx = (uint32_t)(linear % g.x), cy = (uint32_t)((linear / g.x) % g.y), cz = (uint32_t)(linear / ((uint64_t)g.x * g.y));
    b->st = WT_SUCCESS;
    if (b->shared_size)
        memset(b->shared, 0, b->shared_size);
    for (int i = 0; i < b->nwarps; i++) {
        px_warp *w = &b->warps[i];
        w->imm = C->mod->imm;
        w->exited = 0;
        w->finished = 0;
        w->at_barrier = 0;
        w->steps = 0;
        w->max_steps = C->max_steps;
        L {
            w->sreg[PX_SR_CTAID_X][l] = cx;
            w->sreg[PX_SR_CTAID_Y][l] = cy;
            w->sreg[PX_SR_CTAID_Z][l] = cz;
        }
        w->nframes = 1;
        px_frame *f = &w->frames[0];
        memset(f, 0, sizeof *f);
        f->fn = C->entry;
        f->mask = w->present;
        f->uniform = 1;
        f->regs = w->regstack;
        /* registers and local memory are not cleared between blocks (undefined in PTX until
         * written); a worker's first block sees zeros */
    }
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
        if (!ran)
            for (int i = 0; i < b->nwarps; i++)
                b->warps[i].at_barrier = 0;
    }
}

static void block_task(void *ctx, size_t begin, size_t end, int thread)
{
    launch_ctx *C = ctx;
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

/* The deepest frame chain (local bytes and registers) below fn; recursion is refused. */
static int chain_sizes(const struct wt_module_s *m, px_func *fn, int depth)
{
    if (fn->depth_state == 2)
        return 0;
    if (fn->depth_state == 1 || depth > MAX_FRAMES) {
        fn->recursive = 1;
        return -1;
    }
    fn->depth_state = 1;
    uint32_t loc = 0, regs = 0;
    for (uint32_t i = 0; i < fn->ncode; i++) {
        if (fn->code[i].op != PX_OP_call)
            continue;
        /* an indirect call may reach any defined .func */
        int lo = fn->code[i].target == UINT32_MAX ? 0 : (int)fn->code[i].target;
        int hi = fn->code[i].target == UINT32_MAX ? m->nfuncs - 1 : lo;
        for (int k = lo; k <= hi; k++) {
            px_func *c = m->funcs[k];
            if (c->is_entry || !c->defined || (lo != hi && !c->addr_taken))
                continue;
            if (chain_sizes(m, c, depth + 1))
                return -1;
            loc = c->max_local > loc ? c->max_local : loc;
            regs = c->max_regs > regs ? c->max_regs : regs;
        }
    }
    fn->max_local = ((fn->frame_size + 15u) & ~15u) + loc;
    fn->max_regs = fn->nregs + regs;
    fn->depth_state = 2;
    return 0;
}

/* At load: each entry's deepest frame chain, so that launches only read the module. */
void wt__ptx_plan_entries(struct wt_module_s *m)
{
    for (int k = 0; k < m->nfuncs; k++) {
        px_func *e = m->funcs[k];
        if (!e->is_entry || !e->defined)
            continue;
        for (int i = 0; i < m->nfuncs; i++)
            if (m->funcs[i]->depth_state == 1)
                m->funcs[i]->depth_state = 0;
        if (chain_sizes(m, e, 0))
            e->recursive = 1;
    }
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
    if (e->recursive)
        return wt__error(WT_ERROR_PTX_UNSUPPORTED, "%s(): kernel %s calls functions recursively", FN, e->name);
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
    wt__parallel_for((size_t)nblocks, 1, threads, block_task, &C);
    pthread_mutex_destroy(&C.lock);
    for (int i = 0; i < threads; i++)
        block_free(C.blocks[i]);
    wt__free(C.blocks);
    wt__free(C.kparams);
    if (C.st != WT_SUCCESS)
        return wt__error(C.st, "%s", C.msg);
    return WT_SUCCESS;
}
