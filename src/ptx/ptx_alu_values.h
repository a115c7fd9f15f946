/* ptx_alu_values.h -- what the ALU executors (ptx_alu_tpl.h, ptx_alu_fast_tpl.h) and the ALU support
 * check (ptx_alu_support.c) share: a lane's bits as f32/f64 and back, canonical NaNs, .ftz and
 * .sat, sign/zero extension, PTX's min/max, and which arithmetic is half precision
 * SPDX-License-Identifier: MIT
 *
 * Static inline: each executor variant (PX_VARIANT) gets its own copy, built with its flags. */
#ifndef WT_PTX_ALU_VALUES_H
#define WT_PTX_ALU_VALUES_H

#include <math.h>
#include <string.h>

#include "ptx_internal.h"

static inline float f32_of(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t bits_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double f64_of(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static inline uint64_t bits_f64(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static inline uint64_t canon32(float f)
{
    return f != f ? 0x7fffffffu : bits_f32(f);
}
static inline uint64_t canon64(double d)
{
    return d != d ? 0x7fffffffffffffffull : bits_f64(d);
}
static inline float ftz32(float f)
{
    return (fabsf(f) < 0x1p-126f && f != 0.0f) ? copysignf(0.0f, f) : f;
}
static inline float sat32(float f)
{
    return f != f ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}
static inline double sat64(double f)
{
    return f != f ? 0.0 : f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
}
/* branch-free, so that loops over lanes vectorise (bits is 1..64) */
static inline int64_t sext(uint64_t v, int bits)
{
    unsigned sh = (unsigned)(64 - bits) & 63;
    return (int64_t)(v << sh) >> sh;
}
static inline uint64_t wmask(int bits) { return ~(uint64_t)0 >> ((unsigned)(64 - bits) & 63); }
static inline uint64_t zext(uint64_t v, int bits) { return v & wmask(bits); }


static inline double fmin_ptx(double x, double y, int is_max)
{
    if (x != x)
        return y;
    if (y != y)
        return x;
    if (x == y) /* -0 below +0 */
        return is_max ? (signbit(x) ? y : x) : (signbit(x) ? x : y);
    return is_max ? (x > y ? x : y) : (x < y ? x : y);
}

/* the arithmetic ptx_half.c does: on .f16, .f16x2, .bf16, .bf16x2 */
static inline int half_arith(const px_insn *in)
{
    switch (in->op) {
    case PX_OP_add: case PX_OP_sub: case PX_OP_mul: case PX_OP_fma: case PX_OP_neg: case PX_OP_abs:
    case PX_OP_min: case PX_OP_max: case PX_OP_ex2: case PX_OP_tanh:
        return wt__ptx_half_type(in->type) != 0;
    default:
        return 0;
    }
}

#endif
