/* context_switch.h -- the switch between a block's fibers: callee-saved registers and a stack pointer
 * SPDX-License-Identifier: MIT
 *
 * A context is the stack pointer of a suspended fiber, its callee-saved
 * registers pushed below it.  ctx_jump(to, data) saves the caller's registers
 * on its own stack, loads to's, and returns in to (or enters it, if new) with
 * {the caller's context, data}.  That is Boost.Context's fcontext protocol,
 * which the fallback uses as is; on x86-64 and AArch64 the switch is ours
 * (context_switch.cpp) because fcontext also saves and reloads the x87
 * control word and MXCSR on every switch, which on the CPUs measured cost
 * more than the rest of a __syncthreads (bench/cuda/barrier_cuda.cu).  The
 * floating-point environment is therefore the OS thread's, shared by the
 * fibers of a block: a CUDA thread has no way to change it (device code has
 * no <fenv.h>), and nothing in the runtime does. */
#ifndef WT_CUDA_CONTEXT_SWITCH_H
#define WT_CUDA_CONTEXT_SWITCH_H

#include <stddef.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define WT_CUDA_OWN_SWITCH 1
namespace wt_cuda_rt {
struct ctx_transfer {
    void *fctx; /* the context that switched here */
    void *data; /* what it passed */
};
} // namespace wt_cuda_rt
extern "C" wt_cuda_rt::ctx_transfer wt_cuda_ctx_jump(void *to, void *data);
#else
#include <boost/context/detail/fcontext.hpp>
namespace wt_cuda_rt {
typedef boost::context::detail::transfer_t ctx_transfer;
} // namespace wt_cuda_rt
#endif

namespace wt_cuda_rt {
/* Switches to `to`, passing data; returns when a context switches back here. */
inline ctx_transfer ctx_jump(void *to, void *data)
{
#ifdef WT_CUDA_OWN_SWITCH
    return wt_cuda_ctx_jump(to, data);
#else
    return boost::context::detail::jump_fcontext(to, data);
#endif
}
/* A new context on the stack [top - size, top) that, jumped to, runs entry({jumper, data}).
 * entry must never return (it leaves by a last ctx_jump). */
void *ctx_make(void *top, size_t size, void (*entry)(ctx_transfer));
} // namespace wt_cuda_rt

#endif
