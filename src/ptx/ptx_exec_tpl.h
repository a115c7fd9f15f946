/* ptx_exec_tpl.h -- the executors of straight-line instructions: memory, atomics, textures and
 * surfaces, warp votes and shuffles, and the choice of executor for every instruction (a
 * template: ptx_warp.h)
 * SPDX-License-Identifier: MIT
 *
 * Each executor runs one decoded instruction on the lanes in its mask, 32
 * lanes of structure-of-arrays registers at a time; warp_run (ptx_interp.c)
 * calls them back to back through px_insn.run.  This template, ptx_alu_tpl.h
 * and ptx_alu_fast_tpl.h are instantiated once per executor variant with
 * PX_VARIANT set: the baseline (ptx_exec_base.c, what the scalar and NEON
 * backends use) and, where the build has them, AVX2 and AVX-512
 * (src/avx2/ptx_exec_avx2.c, src/avx512/ptx_exec_avx512.c, built with their
 * ISA's flags): the same C, with wider vectors for the 64-bit lanes.
 * Texture and surface instructions go to the library's warp entry points,
 * which pick their own kernels. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3") /* the 32-lane loops vectorise (RelWithDebInfo is -O2) */
#endif
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx_executors.h" /* what this build defines, checked against the backends' view */
#include "ptx_warp.h"

#define L for (int l = 0; l < PX_W; l++)
#if defined(__GNUC__) && !defined(__clang__)
#define WT_UNROLL4 _Pragma("GCC unroll 4") /* a scatter cannot vectorise: at least no loop overhead */
#else
#define WT_UNROLL4
#endif
#define fault wt__ptx_fault
#define TAG_SHIFT 60 /* generic addresses: the window tags (ptx_interp.c) */
#define TAG_SHARED 1u
#define TAG_LOCAL 2u
/* Vector loads and stores pack elements into 64-bit lanes in memory order. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the PTX interpreter assumes a little-endian host");

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

/* A lane's host address, as resolve() leaves it in ea[]. */
#define HOST(a) ((uint8_t *)(uintptr_t)(a))

/* Every lane in mask inside one registered range r, aligned to size, writable if
 * it must be, and no window tag: d = ea[l] - r->base <= lim = r->size - size,
 * tested on all 32 lanes (the others take the first active lane's address)
 * as bit 63 of d | (lim - d) | -(misalignment | tag) being clear, which
 * holds exactly then because lim < 2^63; the loop vectorises without 64-bit
 * compares. */
static int one_range(const px_warp *w, const uint64_t *ea, uint32_t mask, unsigned size, int access, int space)
{
    uint64_t a0 = ea[px_first_lane(mask)];
    const px_range *r = range_find(w->mod, (uintptr_t)a0);
    if (!r || r->size < size || r->size - size >= ((uint64_t)1 << 63) || (access == ACC_WRITE && !r->writable) ||
        (space == PX_SP_CONST && access == ACC_WRITE))
        return 0;
    uint64_t base = r->base, lim = r->size - size, bad = 0, am = (uint64_t)size - 1;
    if (mask == 0xffffffffu) {
        L {
            uint64_t x = ea[l], d = x - base;
            bad |= d | (lim - d) | (0 - ((x & am) | (x >> TAG_SHIFT)));
        }
    } else {
        L {
            uint64_t x = ((mask >> l) & 1) ? ea[l] : a0, d = x - base;
            bad |= d | (lim - d) | (0 - ((x & am) | (x >> TAG_SHIFT)));
        }
    }
    return (bad >> 63) == 0;
}

/* The common access in one pass: every lane of a full warp at [reg + offset] in global, const or
 * generic space.  Computes ea[] and checks it as one_range does, against the range the warp's
 * previous access found when the first lane is still in it.  1: ea[] holds host addresses;
 * 0: ea[] holds the effective addresses, for resolve(); -1: not this form, nothing done. */
static int global_fast(px_warp *w, const px_insn *in, uint32_t mask, uint64_t *ea, unsigned size, int access)
{
    const px_addr *a = &in->addr;
    int space = in->space;
    if (mask != 0xffffffffu || a->base.kind != PX_R_REG || (a->sym != PX_SYM_NONE && a->sym != PX_SYM_ABS) ||
        !(space == PX_SP_GLOBAL || space == PX_SP_CONST || space == PX_SP_GENERIC))
        return -1;
    uint64_t off = (uint64_t)a->off + (a->sym == PX_SYM_ABS ? a->symval : 0);
    const uint64_t *r = px_reg(w, &a->base);
    uint64_t a0 = r[0] + off;
    const px_range *rg = w->last_range;
    if (!rg || a0 - rg->base >= rg->size) {
        rg = range_find(w->mod, (uintptr_t)a0);
        w->last_range = rg;
    }
    if (!rg || rg->size < size || rg->size - size >= ((uint64_t)1 << 63) || (access == ACC_WRITE && !rg->writable) ||
        (space == PX_SP_CONST && access == ACC_WRITE)) {
        L ea[l] = r[l] + off;
        return 0;
    }
    uint64_t base = rg->base, lim = rg->size - size, bad = 0, am = (uint64_t)size - 1;
    L {
        uint64_t x = r[l] + off, d = x - base;
        ea[l] = x;
        bad |= d | (lim - d) | (0 - ((x & am) | (x >> TAG_SHIFT)));
    }
    return (bad >> 63) == 0;
}

/* ---- fault messages ---- */
/* The instruction as PTX spells the parts that say what it accessed: opcode, state space,
 * atomic operation, vector width and type (e.g. "atom.global.add.u32", "ld.shared.v4.f32"). */
static const char *insn_name(const px_insn *in, char *buf, size_t n)
{
    static const char *const spaces[] = {"", ".global", ".shared", ".local", ".param", ".const"};
    static const char *const aops[] = {"", ".add", ".inc", ".dec", ".min", ".max", ".exch", ".cas", ".and",
                                       ".or", ".xor"};
    static const char *const types[PX_T_COUNT] = {
        [PX_T_B8] = ".b8",   [PX_T_B16] = ".b16",     [PX_T_B32] = ".b32",   [PX_T_B64] = ".b64",
        [PX_T_U8] = ".u8",   [PX_T_U16] = ".u16",     [PX_T_U32] = ".u32",   [PX_T_U64] = ".u64",
        [PX_T_S8] = ".s8",   [PX_T_S16] = ".s16",     [PX_T_S32] = ".s32",   [PX_T_S64] = ".s64",
        [PX_T_F16] = ".f16", [PX_T_F16X2] = ".f16x2", [PX_T_BF16] = ".bf16", [PX_T_BF16X2] = ".bf16x2",
        [PX_T_F32] = ".f32", [PX_T_F64] = ".f64",     [PX_T_PRED] = ".pred", [PX_T_B128] = ".b128"};
    const char *op = in->op < PX_OP_COUNT ? wt__ptx_ops[in->op].name : "?";
    int mem = in->op == PX_OP_ld || in->op == PX_OP_ldu || in->op == PX_OP_st || in->op == PX_OP_atom ||
              in->op == PX_OP_red;
    if (!mem) {
        snprintf(buf, n, "%s", op);
        return buf;
    }
    int atomic = in->op == PX_OP_atom || in->op == PX_OP_red;
    char vec[8] = "";
    if (in->vec > 1)
        snprintf(vec, sizeof vec, ".v%u", (unsigned)in->vec);
    snprintf(buf, n, "%s%s%s%s%s", op, in->space < 6 ? spaces[in->space] : "",
             atomic && in->aop < 11 ? aops[in->aop] : "", vec,
             in->type < PX_T_COUNT && types[in->type] ? types[in->type] : "");
    return buf;
}

/* Turns the effective addresses ea[] of an access of `size` bytes by every
 * lane in mask into host addresses, or returns -1 after a fault naming the
 * instruction, the size and the address.  space: the instruction's state
 * space. */
static int resolve(px_warp *w, const px_insn *in, uint32_t mask, uint64_t *ea, unsigned size, int access)
{
    int space = in->space;
    px_block *b = w->blk;
    char nm[48];
    const char *bytes = size == 1 ? "byte" : "bytes";
    if (space == PX_SP_PARAM) {
        if (in->addr.sym == PX_SYM_KPARAM && in->addr.base.kind == PX_R_NONE) {
            uint64_t o = ea[px_first_lane(mask)];
            if (access == ACC_WRITE)
                return fault(w, in, px_first_lane(mask), WT_ERROR_LAUNCH_FAILED,
                             "%s of %u %s at parameter offset %llu: a store to a kernel parameter",
                             insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)o);
            if (o + size > b->entry->kparam_size || o + size < o)
                return fault(w, in, px_first_lane(mask), WT_ERROR_LAUNCH_FAILED,
                             "%s of %u %s at parameter offset %llu is outside the %u bytes of parameters",
                             insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)o,
                             (unsigned)b->entry->kparam_size);
            uint64_t p = (uint64_t)(uintptr_t)(b->kparams + o);
            L ea[l] = p;
            return 0;
        }
        if (in->addr.sym != PX_SYM_LOCAL)
            return fault(w, in, px_first_lane(mask), WT_ERROR_PTX_UNSUPPORTED,
                         "%s: a .param address that is not a parameter name", insn_name(in, nm, sizeof nm));
        space = PX_SP_LOCAL;
    }
    /* fast path: global memory, all lanes in one range (their addresses are host addresses) */
    if ((space == PX_SP_GLOBAL || space == PX_SP_CONST || space == PX_SP_GENERIC) &&
        one_range(w, ea, mask, size, access, space))
        return 0;
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
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "%s of %u %s at generic address 0x%llx, which is in no "
                             "window", insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)ea[l]);
            } else {
                sp = PX_SP_GLOBAL;
            }
        }
        if (x & (size - 1))
            return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "%s of %u %s at 0x%llx is misaligned (not a multiple of %u)",
                         insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)ea[l], size);
        switch (sp) {
        case PX_SP_SHARED:
            if (x >= b->shared_size || b->shared_size - x < size)
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "%s of %u %s at %llu is outside the %zu bytes of shared "
                             "memory", insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)x,
                             b->shared_size);
            ea[l] = (uint64_t)(uintptr_t)(b->shared + x);
            break;
        case PX_SP_LOCAL:
            if (x >= w->local_size || w->local_size - x < size)
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "%s of %u %s at %llu is outside the %u bytes of local "
                             "memory", insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)x,
                             (unsigned)w->local_size);
            ea[l] = (uint64_t)(uintptr_t)(w->local + (size_t)l * w->local_size + x);
            break;
        default: {
            const px_range *r = range_find(w->mod, (uintptr_t)x);
            if (!r || r->size - (x - r->base) < size)
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED,
                             "%s of %u %s at 0x%llx is outside every registered memory range",
                             insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)x);
            if (access == ACC_WRITE && (!r->writable || sp == PX_SP_CONST))
                return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "%s of %u %s at 0x%llx writes read-only memory",
                             insn_name(in, nm, sizeof nm), size, bytes, (unsigned long long)x);
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

/* ld.param of a kernel parameter by name: one value for every lane */
static int exec_ld_kparam(px_warp *w, const px_insn *in, uint32_t mask)
{
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    int sg = px_type_signed(in->type);
    uint64_t o = in->addr.symval + (uint64_t)in->addr.off;
    if (o + (uint64_t)es * in->vec > w->blk->entry->kparam_size)
        return fault(w, in, px_first_lane(mask), WT_ERROR_LAUNCH_FAILED, "parameter access outside the parameters");
    for (int k = 0; k < in->ndst; k++) {
        if (in->dst[k].kind != PX_R_REG)
            continue;
        uint64_t v = sext_n(load_n(w->blk->kparams + o + (size_t)k * es, es), es, sg) & px_width_mask(in->dst_bits[k]);
        uint64_t *d = px_reg(w, &in->dst[k]);
        if (mask == 0xffffffffu)
            L d[l] = v;
        else
            L d[l] = ((mask >> l) & 1) ? v : d[l];
    }
    return 0;
}

static int exec_ld(px_warp *w, const px_insn *in, uint32_t mask)
{
    uint64_t ea[PX_W];
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    int sg = px_type_signed(in->type);
    int fast = global_fast(w, in, mask, ea, es * in->vec, ACC_READ);
    if (fast < 0)
        addr_lanes(w, in, ea);
    if (fast <= 0 && resolve(w, in, mask, ea, es * in->vec, ACC_READ))
        return -1;
    if (es == 4 && in->vec > 1 && !sg && in->ndst == in->vec) {
        /* vector loads lane by lane: one access per lane */
        uint64_t *d[4];
        int nd = in->ndst;
        for (int k = 0; k < nd; k++)
            d[k] = in->dst[k].kind == PX_R_REG ? px_reg(w, &in->dst[k]) : w->tmp[k];
        if ((nd == 2 || nd == 4) && mask == 0xffffffffu) {
            /* gather each lane's 8-byte halves, then split them into elements in a loop that
             * vectorises (little-endian: the first element is the low half) */
            uint64_t v0[PX_W], v1[PX_W];
            if (nd == 2)
                L memcpy(&v0[l], HOST(ea[l]), 8);
            else
                L { memcpy(&v0[l], HOST(ea[l]), 8); memcpy(&v1[l], HOST(ea[l]) + 8, 8); }
            L { d[0][l] = v0[l] & 0xffffffffu; d[1][l] = v0[l] >> 32; }
            if (nd == 4)
                L { d[2][l] = v1[l] & 0xffffffffu; d[3][l] = v1[l] >> 32; }
        } else {
            L if ((mask >> l) & 1) {
                uint32_t v[4];
                memcpy(v, HOST(ea[l]), 4 * (size_t)nd);
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
        /* a signed value fills a wider register with its sign, and no bit past the register's width
         * (PTX ISA 6.4.2); sext_n extends to 64 */
        uint64_t dm = px_width_mask(in->dst_bits[k]);
        switch (es) { /* one loop per size: no switch per lane */
        case 4:
            L if ((mask >> l) & 1) {
                uint32_t v;
                memcpy(&v, HOST(ea[l]) + ko, 4);
                d[l] = sg ? (uint64_t)(int64_t)(int32_t)v & dm : v;
            }
            break;
        case 8:
            L if ((mask >> l) & 1) memcpy(&d[l], HOST(ea[l]) + ko, 8);
            break;
        default:
            L if ((mask >> l) & 1) d[l] = sext_n(load_n(HOST(ea[l]) + ko, es), es, sg) & dm;
        }
    }
    return 0;
}

static int exec_st(px_warp *w, const px_insn *in, uint32_t mask)
{
    uint64_t ea[PX_W];
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    int fast = global_fast(w, in, mask, ea, es * in->vec, ACC_WRITE);
    if (fast < 0)
        addr_lanes(w, in, ea);
    if (fast <= 0 && resolve(w, in, mask, ea, es * in->vec, ACC_WRITE))
        return -1;
    if (es == 4 && in->nsrc > 1) {
        /* vector stores lane by lane: one access per lane, lane order kept */
        const uint64_t *sv[4];
        int ns = in->nsrc;
        for (int k = 0; k < ns; k++)
            sv[k] = px_read(w, &in->src[k], w->tmp[k]);
        if ((ns == 2 || ns == 4) && mask == 0xffffffffu) {
            /* pack pairs of elements into 8-byte halves in a loop that vectorises, then store
             * each lane's halves in lane order */
            if (ns == 2) {
                uint64_t v0[PX_W];
                L v0[l] = (sv[0][l] & 0xffffffffu) | sv[1][l] << 32;
                L memcpy(HOST(ea[l]), &v0[l], 8);
            } else {
                uint64_t v[PX_W][2];
                L {
                    v[l][0] = (sv[0][l] & 0xffffffffu) | sv[1][l] << 32;
                    v[l][1] = (sv[2][l] & 0xffffffffu) | sv[3][l] << 32;
                }
                WT_UNROLL4
                L memcpy(HOST(ea[l]), v[l], 16);
            }
        } else {
            L if ((mask >> l) & 1) {
                uint32_t v[4];
                for (int k = 0; k < ns; k++)
                    v[k] = (uint32_t)sv[k][l];
                memcpy(HOST(ea[l]), v, 4 * (size_t)ns);
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
                memcpy(HOST(ea[l]) + ko, &v, 4);
            }
        } else if (es == 8) {
            L if ((mask >> l) & 1) memcpy(HOST(ea[l]) + ko, &s[l], 8);
        } else {
            L if ((mask >> l) & 1) store_n(HOST(ea[l]) + ko, s[l], es);
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
    unsigned es = (unsigned)px_type_bits(in->type) / 8;
    addr_lanes(w, in, ea);
    if (resolve(w, in, mask, ea, es, ACC_WRITE))
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
            uint32_t *p = (uint32_t *)(void *)HOST(ea[l]);
            uint32_t o = __atomic_load_n(p, __ATOMIC_RELAXED), n;
            do {
                n = (uint32_t)atom_apply(in->aop, in->type, o, b[l], c[l]);
            } while (!__atomic_compare_exchange_n(p, &o, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
            old = o;
        } else {
            uint64_t *p = (uint64_t *)(void *)HOST(ea[l]);
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
    return fault(w, in, px_first_lane(mask), st, "%s", m && *m ? m : wt_status_description(st));
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
        int f = px_first_lane(left);
        uint64_t hv = h[f], sv = s ? s[f] : 0;
        uint64_t diff = 0; /* the lanes with this lane's texture (and sampler): usually all */
        L diff |= (h[l] ^ hv) | (s ? s[l] ^ sv : 0);
        uint32_t same = 0xffffffffu;
        if (diff) {
            same = 0;
            L same |= (uint32_t)(h[l] == hv && (!s || s[l] == sv)) << l;
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
        int f = px_first_lane(left);
        uint64_t hv = h[f];
        uint32_t grp = 0;
        L if (((left >> l) & 1) && h[l] == hv) grp |= 1u << l;
        left &= ~grp;
        wt_status st = wt_surf_warp(&in->top, hv, grp, &args, &res);
        if (st == WT_ERROR_TRAP)
            return fault(w, in, px_first_lane(res.trap ? res.trap : grp), WT_ERROR_TRAP,
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

static int exec_vote(px_warp *w, const px_insn *in, uint32_t m)
{
    const uint64_t *p = px_read(w, &in->src[0], w->tmp[0]);
    uint32_t pm = 0;
    L pm |= (uint32_t)((p[l] ^ in->src[0].neg) & 1) << l;
    pm &= m;
    uint64_t *d = px_reg(w, &in->dst[0]);
    uint64_t v = in->sub == 3 ? pm : in->sub == 0 ? (pm == m) : in->sub == 1 ? (pm != 0) : (pm == 0 || pm == m);
    L if ((m >> l) & 1) d[l] = v;
    return 0;
}

static int exec_shfl(px_warp *w, const px_insn *in, uint32_t m)
{
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
    return 0;
}

/* bar.warp.sync membermask: the lanes of a warp run in step here (each instruction for every
 * lane of its pc, the lowest pc first), so lanes meeting at one needs no waiting; a lane outside
 * its own membermask is undefined in PTX and stops the launch. */
static int exec_warp_sync(px_warp *w, const px_insn *in, uint32_t m)
{
    const uint64_t *mm = px_read(w, &in->src[0], w->tmp[0]);
    L if (((m >> l) & 1) && !((mm[l] >> l) & 1))
        return fault(w, in, l, WT_ERROR_LAUNCH_FAILED, "bar.warp.sync with membermask 0x%08x, which leaves out lane %d",
                     (unsigned)mm[l], l);
    return 0;
}

/* createpolicy: a cache policy is opaque and every hinted access ignores it; the word written
 * keeps what was asked (form in bits 0-1, the .fractional fraction's f32 bits or the .cvt
 * property's low 32 bits in bits 32-63), so it is the same for the same request */
static int exec_createpolicy(px_warp *w, const px_insn *in, uint32_t m)
{
    const uint64_t *v = in->sub != 2 && in->nsrc ? px_read(w, &in->src[0], w->tmp[0]) : NULL;
    uint64_t *d = px_reg(w, &in->dst[0]);
    uint64_t one = 0x3f800000u; /* fraction 1.0 when none is given */
    L if ((m >> l) & 1) d[l] = (v ? (v[l] & 0xffffffffu) : in->sub == 1 ? one : 0) << 32 | in->sub;
    return 0;
}

static int exec_alu(px_warp *w, const px_insn *in, uint32_t mask)
{
    PX_V(wt__ptx_exec_alu)(w, in, mask);
    return 0;
}
static int exec_nop(px_warp *w, const px_insn *in, uint32_t mask)
{
    (void)w, (void)in, (void)mask;
    return 0;
}

px_exec_fn PX_V(wt__ptx_exec_for)(const px_insn *in)
{
    switch (in->op) {
    case PX_OP_bar:
        return (in->flags & PX_F_WARP) ? exec_warp_sync : NULL;
    case PX_OP_bra: case PX_OP_brx: case PX_OP_ret: case PX_OP_exit: case PX_OP_call: case PX_OP_trap:
    case PX_OP_barrier: case PX_OP_activemask:
        return NULL;
    case PX_OP_membar: case PX_OP_fence: case PX_OP_prefetch: case PX_OP_prefetchu: case PX_OP_nanosleep:
        return exec_nop;
    case PX_OP_createpolicy: return exec_createpolicy;
    case PX_OP_vote: return exec_vote;
    case PX_OP_shfl: return exec_shfl;
    case PX_OP_ld: case PX_OP_ldu:
        return (in->space == PX_SP_PARAM && in->addr.sym == PX_SYM_KPARAM && in->addr.base.kind == PX_R_NONE)
                   ? exec_ld_kparam : exec_ld;
    case PX_OP_st: return exec_st;
    case PX_OP_atom: case PX_OP_red: return exec_atom;
    case PX_OP_tex: case PX_OP_tld4: return exec_tex;
    case PX_OP_suld: case PX_OP_sust: case PX_OP_sured: return exec_surf;
    case PX_OP_txq: case PX_OP_suq: case PX_OP_istypep: return exec_query;
    default: {
        px_exec_fn f = PX_V(wt__ptx_alu_fast)(in);
        return f ? f : exec_alu;
    }
    }
}

