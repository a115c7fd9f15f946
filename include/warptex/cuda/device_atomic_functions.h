/* device_atomic_functions.h -- atomicAdd ... atomicCAS on global and shared memory (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Atomic across all CUDA threads of all blocks (the blocks run on several OS
 * threads), relaxed as the GPU's atom.* without a scope suffix; each returns
 * the old value.  atomicAdd on float rounds to nearest even and flushes
 * subnormal inputs and results to a zero of their sign, as PTX atom.add.f32
 * does; on double it rounds to nearest even.  atomicInc/atomicDec wrap as
 * atom.inc/atom.dec: inc stores (old >= val) ? 0 : old + 1, dec stores
 * (old == 0 || old > val) ? val : old - 1.  Thread-safety: that is the point. */
#ifndef WARPTEX_CUDA_DEVICE_ATOMIC_FUNCTIONS_H
#define WARPTEX_CUDA_DEVICE_ATOMIC_FUNCTIONS_H
#define __DEVICE_ATOMIC_FUNCTIONS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <string.h>

#include "host_defines.h"

#define WT__ATOMIC_RMW(name, builtin, T) \
    static inline T name(T *address, T val) { return builtin(address, val, __ATOMIC_RELAXED); }

#define WT__ATOMIC_INTS(name, builtin)                        \
    WT__ATOMIC_RMW(name, builtin, int)                        \
    WT__ATOMIC_RMW(name, builtin, unsigned int)               \
    WT__ATOMIC_RMW(name, builtin, unsigned long long int)
WT__ATOMIC_INTS(atomicAdd, __atomic_fetch_add)
WT__ATOMIC_INTS(atomicAnd, __atomic_fetch_and)
WT__ATOMIC_INTS(atomicOr, __atomic_fetch_or)
WT__ATOMIC_INTS(atomicXor, __atomic_fetch_xor)
WT__ATOMIC_INTS(atomicExch, __atomic_exchange_n)
WT__ATOMIC_RMW(atomicSub, __atomic_fetch_sub, int)
WT__ATOMIC_RMW(atomicSub, __atomic_fetch_sub, unsigned int)
WT__ATOMIC_RMW(atomicAdd, __atomic_fetch_add, long long int)
#undef WT__ATOMIC_INTS
#undef WT__ATOMIC_RMW

namespace wt_cuda_detail {
/* old value; stores f(old) atomically */
template <class T, class F> static inline T atomic_update(T *address, F f)
{
    T old = __atomic_load_n(address, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(address, &old, f(old), true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    return old;
}
static inline float ftz(float x)
{
    unsigned u;
    memcpy(&u, &x, 4);
    if ((u & 0x7f800000u) == 0)
        u &= 0x80000000u;
    memcpy(&x, &u, 4);
    return x;
}
} // namespace wt_cuda_detail

#define WT__ATOMIC_MINMAX(T)                                                                                 \
    static inline T atomicMin(T *a, T v) { return wt_cuda_detail::atomic_update(a, [v](T o) { return v < o ? v : o; }); } \
    static inline T atomicMax(T *a, T v) { return wt_cuda_detail::atomic_update(a, [v](T o) { return v > o ? v : o; }); }
WT__ATOMIC_MINMAX(int)
WT__ATOMIC_MINMAX(unsigned int)
WT__ATOMIC_MINMAX(long long int)
WT__ATOMIC_MINMAX(unsigned long long int)
#undef WT__ATOMIC_MINMAX

static inline unsigned int atomicInc(unsigned int *a, unsigned int val)
{
    return wt_cuda_detail::atomic_update(a, [val](unsigned int o) { return o >= val ? 0u : o + 1u; });
}
static inline unsigned int atomicDec(unsigned int *a, unsigned int val)
{
    return wt_cuda_detail::atomic_update(a, [val](unsigned int o) { return (o == 0u || o > val) ? val : o - 1u; });
}

#define WT__ATOMIC_CAS(T)                                                                     \
    static inline T atomicCAS(T *address, T compare, T val)                                   \
    {                                                                                         \
        __atomic_compare_exchange_n(address, &compare, val, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
        return compare;                                                                       \
    }
WT__ATOMIC_CAS(int)
WT__ATOMIC_CAS(unsigned int)
WT__ATOMIC_CAS(unsigned long long int)
WT__ATOMIC_CAS(unsigned short int)
#undef WT__ATOMIC_CAS

/* float and double go through their bits */
static inline float atomicAdd(float *address, float val)
{
    unsigned int *u = reinterpret_cast<unsigned int *>(address);
    const unsigned int old = wt_cuda_detail::atomic_update(u, [val](unsigned int o) {
        float f;
        memcpy(&f, &o, 4);
        f = wt_cuda_detail::ftz(wt_cuda_detail::ftz(f) + wt_cuda_detail::ftz(val));
        unsigned int r;
        memcpy(&r, &f, 4);
        return r;
    });
    float f;
    memcpy(&f, &old, 4);
    return f;
}
static inline double atomicAdd(double *address, double val)
{
    unsigned long long *u = reinterpret_cast<unsigned long long *>(address);
    const unsigned long long old = wt_cuda_detail::atomic_update(u, [val](unsigned long long o) {
        double d;
        memcpy(&d, &o, 8);
        d += val;
        unsigned long long r;
        memcpy(&r, &d, 8);
        return r;
    });
    double d;
    memcpy(&d, &old, 8);
    return d;
}
static inline float atomicExch(float *address, float val)
{
    unsigned int v, o;
    memcpy(&v, &val, 4);
    o = __atomic_exchange_n(reinterpret_cast<unsigned int *>(address), v, __ATOMIC_RELAXED);
    float f;
    memcpy(&f, &o, 4);
    return f;
}

/* The scoped forms of every atomic above: atomicAdd_block, atomicAdd_system, ... (atom.cta and
 * atom.sys).  Every atomic here is already atomic across all blocks and with the host's
 * threads (they are one CPU's memory), so each scope is the unscoped call; the arguments
 * convert to the parameters as they do in the unscoped call. */
#define WT__ATOMIC_SCOPED(name)                                                                        \
    template <class T, class... V>                                                                    \
    static inline auto name##_block(T *address, V... val)->decltype(name(address, val...))            \
    {                                                                                                  \
        return name(address, val...);                                                                  \
    }                                                                                                  \
    template <class T, class... V>                                                                    \
    static inline auto name##_system(T *address, V... val)->decltype(name(address, val...))           \
    {                                                                                                  \
        return name(address, val...);                                                                  \
    }
WT__ATOMIC_SCOPED(atomicAdd)
WT__ATOMIC_SCOPED(atomicSub)
WT__ATOMIC_SCOPED(atomicExch)
WT__ATOMIC_SCOPED(atomicMin)
WT__ATOMIC_SCOPED(atomicMax)
WT__ATOMIC_SCOPED(atomicInc)
WT__ATOMIC_SCOPED(atomicDec)
WT__ATOMIC_SCOPED(atomicCAS)
WT__ATOMIC_SCOPED(atomicAnd)
WT__ATOMIC_SCOPED(atomicOr)
WT__ATOMIC_SCOPED(atomicXor)
#undef WT__ATOMIC_SCOPED

#endif
