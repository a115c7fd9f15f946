/* ptx_alu_fast_tpl.h -- specialised executors for the ALU forms nvcc emits most (index arithmetic,
 * address computation, comparisons, f32 arithmetic, the common conversions): no operand-kind or
 * modifier decoding at run time; every other form runs through the general executor
 * (ptx_alu_tpl.h)
 * SPDX-License-Identifier: MIT
 *
 * A template, instantiated per variant as ptx_exec_tpl.h says (ptx_alu_fast_base.c,
 * src/<isa>/ptx_alu_fast_<isa>.c).  Each must give the general executor's result bit for bit. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3") /* the 32-lane loops vectorise (RelWithDebInfo is -O2) */
#endif
#include <math.h>
#include <string.h>

#include "ptx_alu_values.h"
#include "ptx_warp.h"

#define L for (int l = 0; l < PX_W; l++)

/* ---- specialised executors for the forms nvcc emits most (index arithmetic, address
 * computation, comparisons): no operand-kind or modifier decoding at run time ---- */
static inline int put(px_warp *w, const px_insn *in, const uint64_t *r, uint32_t mask)
{
    uint64_t *d = px_reg(w, &in->dst[0]);
    if (mask == 0xffffffffu)
        memcpy(d, r, PX_W * sizeof(uint64_t));
    else
        L d[l] = ((mask >> l) & 1) ? r[l] : d[l];
    return 0;
}
/* The same for an elementwise expression of lane l: a full mask writes it straight into the
 * destination (a source that is the destination is read lane by lane before it is written). */
#define EMIT(expr)                                                                         \
    do {                                                                                   \
        uint64_t *d_ = px_reg(w, &in->dst[0]);                                             \
        if (mask == 0xffffffffu) {                                                         \
            L d_[l] = (expr);                                                              \
        } else {                                                                           \
            uint64_t r_[PX_W];                                                             \
            L r_[l] = (expr);                                                              \
            L d_[l] = ((mask >> l) & 1) ? r_[l] : d_[l];                                   \
        }                                                                                  \
        return 0;                                                                          \
    } while (0)

#define FAST2(name, expr)                                                                  \
    static int name(px_warp *w, const px_insn *in, uint32_t mask)                        \
    {                                                                                      \
        const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);                            \
        const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);                            \
        EMIT(expr);                                                                        \
    }
#define FAST3(name, expr)                                                                  \
    static int name(px_warp *w, const px_insn *in, uint32_t mask)                        \
    {                                                                                      \
        const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);                            \
        const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);                            \
        const uint64_t *c = px_read(w, &in->src[2], w->tmp[2]);                            \
        EMIT(expr);                                                                        \
    }

FAST2(f_add32, (a[l] + b[l]) & 0xffffffffu)
FAST2(f_add64, a[l] + b[l])
FAST2(f_sub32, (a[l] - b[l]) & 0xffffffffu)
FAST2(f_sub64, a[l] - b[l])
FAST2(f_mullo32, (a[l] * b[l]) & 0xffffffffu)
FAST2(f_mullo64, a[l] * b[l])
/* mul.wide by an immediate power of two (nvcc's element-size scaling of an index) is a shift of
 * the widened operand; the sign extension done in 64-bit lanes keeps it to one vector per lane
 * group */
static inline int imm_shift(const px_insn *in, const uint64_t *b)
{
    uint32_t k = (uint32_t)b[0];
    return in->src[1].kind == PX_R_IMM && k && !(k & (k - 1)) && k < 0x80000000u ? __builtin_ctz(k) : -1;
}
static inline uint64_t sext32(uint64_t v) { return ((v & 0xffffffffu) ^ 0x80000000u) - 0x80000000u; }
static int f_mulwide_u32(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);
    int sh = imm_shift(in, b);
    if (sh >= 0)
        EMIT((a[l] & 0xffffffffu) << sh);
    EMIT((a[l] & 0xffffffffu) * (b[l] & 0xffffffffu));
}
static int f_mulwide_s32(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);
    int sh = imm_shift(in, b);
    if (sh >= 0)
        EMIT(sext32(a[l]) << sh);
    EMIT((uint64_t)((int64_t)(int32_t)(uint32_t)a[l] * (int64_t)(int32_t)(uint32_t)b[l]));
}
FAST2(f_and, a[l] & b[l])
FAST2(f_or, a[l] | b[l])
FAST2(f_xor, a[l] ^ b[l])
FAST2(f_shl32, (b[l] & 0xffffffffu) >= 32 ? 0 : (a[l] << (b[l] & 31)) & 0xffffffffu)
FAST2(f_shl64, (b[l] & 0xffffffffu) >= 64 ? 0 : a[l] << (b[l] & 63))
FAST2(f_shr_u32, (b[l] & 0xffffffffu) >= 32 ? 0 : (a[l] & 0xffffffffu) >> (b[l] & 31))
FAST2(f_shr_s32, (uint64_t)(uint32_t)((int32_t)(uint32_t)a[l] >> ((b[l] & 0xffffffffu) >= 32 ? 31 : (b[l] & 31))))
FAST3(f_madlo32, (a[l] * b[l] + c[l]) & 0xffffffffu)
FAST3(f_madlo64, a[l] * b[l] + c[l])
FAST3(f_madwide_u32, (a[l] & 0xffffffffu) * (b[l] & 0xffffffffu) + c[l])
FAST3(f_madwide_s32, (uint64_t)((int64_t)(int32_t)(uint32_t)a[l] * (int64_t)(int32_t)(uint32_t)b[l]) + c[l])

static int f_mov(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    uint64_t m = wmask(px_type_bits(in->type));
    EMIT(a[l] & m);
}
static int f_cvta_global(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    EMIT(a[l]); /* global: generic = global address */
}

#define FAST_SETP(name, T, cmpop)                                                          \
    static int name(px_warp *w, const px_insn *in, uint32_t mask)                        \
    {                                                                                      \
        const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);                            \
        const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);                            \
        EMIT((uint64_t)((T)a[l] cmpop (T)b[l]));                                           \
    }
FAST_SETP(f_setp_lt_s32, int32_t, <)
FAST_SETP(f_setp_le_s32, int32_t, <=)
FAST_SETP(f_setp_gt_s32, int32_t, >)
FAST_SETP(f_setp_ge_s32, int32_t, >=)
FAST_SETP(f_setp_lt_u32, uint32_t, <)
FAST_SETP(f_setp_le_u32, uint32_t, <=)
FAST_SETP(f_setp_gt_u32, uint32_t, >)
FAST_SETP(f_setp_ge_u32, uint32_t, >=)
FAST_SETP(f_setp_eq_32, uint32_t, ==)
FAST_SETP(f_setp_ne_32, uint32_t, !=)

static int f_selp(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);
    const uint64_t *c = px_read(w, &in->src[2], w->tmp[2]);
    uint64_t r[PX_W], neg = in->src[2].neg, m = wmask(px_type_bits(in->type));
    L r[l] = (((c[l] ^ neg) & 1) ? a[l] : b[l]) & m;
    return put(w, in, r, mask);
}

/* f32 arithmetic in the default rounding, no .ftz/.sat: NaN results canonical */
#define FAST_F32(name, expr)                                                               \
    static int name(px_warp *w, const px_insn *in, uint32_t mask)                        \
    {                                                                                      \
        const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);                            \
        const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);                            \
        const uint64_t *c = in->nsrc > 2 ? px_read(w, &in->src[2], w->tmp[2]) : b;         \
        uint64_t r[PX_W];                                                                  \
        L {                                                                                \
            float x = f32_of(a[l]), y = f32_of(b[l]), z = f32_of(c[l]);                    \
            (void)z;                                                                       \
            float v = (expr);                                                              \
            r[l] = canon32(v);                                                             \
        }                                                                                  \
        return put(w, in, r, mask);                                                        \
    }
FAST_F32(f_add_f32, x + y)
FAST_F32(f_sub_f32, x - y)
FAST_F32(f_mul_f32, x * y)
FAST_F32(f_fma_f32, fmaf(x, y, z))

FAST_F32(f_div_f32, x / y)
FAST_F32(f_min_f32, (float)fmin_ptx(x, y, 0))
FAST_F32(f_max_f32, (float)fmin_ptx(x, y, 1))

/* f32 to 32-bit integers: NaN 0, saturated, rounded as rndi says.  lo and hi are the first
 * floats outside the range (-2^31 and 2^31 for s32, -1 and 2^32 for u32), so the cast between
 * them is exact and defined; vmin/vmax are the saturated results. */
#define FAST_F2I(name, T, lo, hi, vmin, vmax, round)                                       \
    static int name(px_warp *w, const px_insn *in, uint32_t mask)                        \
    {                                                                                      \
        const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);                            \
        uint64_t r[PX_W];                                                                  \
        L {                                                                                \
            float x = round(f32_of(a[l]));                                                 \
            T v = x != x ? (T)0 : x <= (lo) ? (T)(vmin) : x >= (hi) ? (T)(vmax) : (T)x;     \
            r[l] = (uint64_t)(uint32_t)v;                                                  \
        }                                                                                  \
        return put(w, in, r, mask);                                                        \
    }
FAST_F2I(f_cvt_rzi_s32_f32, int32_t, -2147483648.0f, 2147483648.0f, INT32_MIN, INT32_MAX, truncf)
FAST_F2I(f_cvt_rni_s32_f32, int32_t, -2147483648.0f, 2147483648.0f, INT32_MIN, INT32_MAX, nearbyintf)
FAST_F2I(f_cvt_rmi_s32_f32, int32_t, -2147483648.0f, 2147483648.0f, INT32_MIN, INT32_MAX, floorf)
FAST_F2I(f_cvt_rzi_u32_f32, uint32_t, -1.0f, 4294967296.0f, 0, UINT32_MAX, truncf)
FAST_F2I(f_cvt_rni_u32_f32, uint32_t, -1.0f, 4294967296.0f, 0, UINT32_MAX, nearbyintf)

static int f_cvt_rn_f32_s32(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    uint64_t r[PX_W];
    L r[l] = bits_f32((float)(int32_t)(uint32_t)a[l]);
    return put(w, in, r, mask);
}
static int f_cvt_rn_f32_u32(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    uint64_t r[PX_W];
    L r[l] = bits_f32((float)(uint32_t)a[l]);
    return put(w, in, r, mask);
}

/* the video instructions: their lanes straight into the destination (each lane's sources are
 * read before its result is written) */
static int f_video(px_warp *w, const px_insn *in, uint32_t mask)
{
    const uint64_t *a = px_read(w, &in->src[0], w->tmp[0]);
    const uint64_t *b = px_read(w, &in->src[1], w->tmp[1]);
    const uint64_t *c = px_read(w, &in->src[2], w->tmp[2]);
    wt__ptx_video_lanes(in, mask, px_reg(w, &in->dst[0]), a, b, c);
    return 0;
}

px_exec_fn PX_V(wt__ptx_alu_fast)(const px_insn *in)
{
    int t = in->type, bits = px_type_bits(t), sg = px_type_signed(t);
    if (wt__ptx_video_op(in->op) && in->dst[0].kind == PX_R_REG)
        return f_video;
    if (in->flags & (PX_F_FTZ | PX_F_SAT | PX_F_CC) || in->ndst != 1 || in->dst[0].kind != PX_R_REG)
        return NULL;
    int isint = !px_type_float(t) && t != PX_T_PRED && (bits == 32 || bits == 64);
    switch (in->op) {
    case PX_OP_mov:
        return (in->sub == 0 && t != PX_T_PRED) ? f_mov : NULL;
    case PX_OP_cvta:
        return (in->space == PX_SP_GLOBAL && bits == 64) ? f_cvta_global : NULL;
    case PX_OP_add:
    case PX_OP_sub:
        if (isint)
            return in->op == PX_OP_add ? (bits == 32 ? f_add32 : f_add64) : (bits == 32 ? f_sub32 : f_sub64);
        if (t == PX_T_F32 && (in->rnd == 0 || in->rnd == PX_RN))
            return in->op == PX_OP_add ? f_add_f32 : f_sub_f32;
        return NULL;
    case PX_OP_mul:
        if (t == PX_T_F32 && (in->rnd == 0 || in->rnd == PX_RN))
            return f_mul_f32;
        if (isint && in->lohi == PX_LO)
            return bits == 32 ? f_mullo32 : f_mullo64;
        if (bits == 32 && !px_type_float(t) && in->lohi == PX_WIDE)
            return sg ? f_mulwide_s32 : f_mulwide_u32;
        return NULL;
    case PX_OP_mad:
        if (isint && in->lohi == PX_LO)
            return bits == 32 ? f_madlo32 : f_madlo64;
        if (bits == 32 && !px_type_float(t) && in->lohi == PX_WIDE)
            return sg ? f_madwide_s32 : f_madwide_u32;
        if (t == PX_T_F32 && in->rnd == PX_RN)
            return f_fma_f32;
        return NULL;
    case PX_OP_fma:
        return (t == PX_T_F32 && in->rnd == PX_RN) ? f_fma_f32 : NULL;
    case PX_OP_and:
    case PX_OP_or:
    case PX_OP_xor:
        if (t == PX_T_PRED || bits < 32)
            return NULL;
        return in->op == PX_OP_and ? f_and : in->op == PX_OP_or ? f_or : f_xor;
    case PX_OP_shl:
        return bits == 32 ? f_shl32 : bits == 64 ? f_shl64 : NULL;
    case PX_OP_shr:
        return bits != 32 ? NULL : sg ? f_shr_s32 : f_shr_u32;
    case PX_OP_setp:
        if (in->bop || in->ndst != 1 || px_type_bits(in->type2) != 32 || px_type_float(in->type2))
            return NULL;
        switch (in->cmp) {
        case PX_EQ: return f_setp_eq_32;
        case PX_NE: return f_setp_ne_32;
        case PX_LT: return px_type_signed(in->type2) ? f_setp_lt_s32 : f_setp_lt_u32;
        case PX_LE: return px_type_signed(in->type2) ? f_setp_le_s32 : f_setp_le_u32;
        case PX_GT: return px_type_signed(in->type2) ? f_setp_gt_s32 : f_setp_gt_u32;
        case PX_GE: return px_type_signed(in->type2) ? f_setp_ge_s32 : f_setp_ge_u32;
        case PX_LO_: return f_setp_lt_u32;
        case PX_LS: return f_setp_le_u32;
        case PX_HI_: return f_setp_gt_u32;
        case PX_HS: return f_setp_ge_u32;
        default: return NULL;
        }
    case PX_OP_selp:
        return (t != PX_T_PRED && bits >= 8) ? f_selp : NULL;
    case PX_OP_cvt:
        if (in->dst_bits[0] != bits) /* a register wider than the type: the general path extends */
            return NULL;
        if (t == PX_T_F32 && (in->type2 == PX_T_S32 || in->type2 == PX_T_U32) && (in->rnd == 0 || in->rnd == PX_RN) &&
            !in->rndi)
            return in->type2 == PX_T_S32 ? f_cvt_rn_f32_s32 : f_cvt_rn_f32_u32;
        if (in->type2 == PX_T_F32 && t == PX_T_S32)
            return in->rndi == PX_RZ ? f_cvt_rzi_s32_f32 : in->rndi == PX_RN ? f_cvt_rni_s32_f32
                 : in->rndi == PX_RM ? f_cvt_rmi_s32_f32 : NULL;
        if (in->type2 == PX_T_F32 && t == PX_T_U32)
            return in->rndi == PX_RZ ? f_cvt_rzi_u32_f32 : in->rndi == PX_RN ? f_cvt_rni_u32_f32 : NULL;
        return NULL;
    case PX_OP_div:
        return (t == PX_T_F32 && (in->rnd == PX_RN) && !(in->flags & (PX_F_APPROX | PX_F_FULL))) ? f_div_f32 : NULL;
    case PX_OP_min:
    case PX_OP_max:
        if (t == PX_T_F32)
            return in->op == PX_OP_min ? f_min_f32 : f_max_f32;
        return NULL;
    default:
        return NULL;
    }
}
