/* context_switch.cpp -- ctx_jump and ctx_make for x86-64 (System V) and AArch64 (AAPCS64), else Boost's
 * SPDX-License-Identifier: MIT
 *
 * A suspended context's stack, from its saved stack pointer up:
 *   x86-64   r12 r13 r14 r15 rbx rbp, then the address to resume at (its call's return address)
 *   AArch64  d8..d15, x19..x28, x29 (frame pointer), x30 (link register), then the address to resume at
 * A new context has zeroed registers (a zero frame pointer ends a backtrace), entry as the address to
 * resume at, and, where entry would return to, context_fell_off.  Above that, 64 zeroed bytes stay
 * between the first frame and the stack's top: an unwinder that walks past the entry (a DWARF one, as
 * in AddressSanitizer's report of a bad access in a kernel) reads zeros and stops, where reading past
 * the top would fault in the unmapped space above the stack -- a fault the launch then took for the
 * kernel's, abandoning the sanitizer's report with its locks held. */
#include "context_switch.h"

#include <stdint.h>
#include <string.h>

extern "C" [[noreturn]] void wt_cuda_ctx_fell_off(void)
{
    __builtin_trap(); /* a fiber's entry returned: ctx_make's contract broken */
}

#if defined(__x86_64__)
/* the transfer {rax: the context left, rdx: data} is also a new context's argument (rdi, rsi).  It
 * leaves by ret, not an indirect jump: fibers that park at the same call site then switch with the
 * return-address predictor right (each pushed the same return address) */
__asm__(".text\n"
        ".globl wt_cuda_ctx_jump\n"
        ".hidden wt_cuda_ctx_jump\n"
        ".type wt_cuda_ctx_jump,@function\n"
        ".p2align 4\n"
        "wt_cuda_ctx_jump:\n"
        "    pushq %rbp\n"
        "    pushq %rbx\n"
        "    pushq %r15\n"
        "    pushq %r14\n"
        "    pushq %r13\n"
        "    pushq %r12\n"
        "    movq %rsp, %rax\n"
        "    movq %rdi, %rsp\n"
        "    popq %r12\n"
        "    popq %r13\n"
        "    popq %r14\n"
        "    popq %r15\n"
        "    popq %rbx\n"
        "    popq %rbp\n"
        "    movq %rsi, %rdx\n"
        "    movq %rax, %rdi\n"
        "    ret\n"
        ".size wt_cuda_ctx_jump,.-wt_cuda_ctx_jump\n");
#elif defined(__aarch64__)
/* x0 = to, x1 = data; the transfer goes back in x0 (the context left) and x1 (data), which are
 * also a new context's arguments */
__asm__(".text\n"
        ".globl wt_cuda_ctx_jump\n"
        ".hidden wt_cuda_ctx_jump\n"
        ".type wt_cuda_ctx_jump,%function\n"
        ".p2align 4\n"
        "wt_cuda_ctx_jump:\n"
        "    sub sp, sp, #176\n"
        "    stp d8, d9, [sp, #0]\n"
        "    stp d10, d11, [sp, #16]\n"
        "    stp d12, d13, [sp, #32]\n"
        "    stp d14, d15, [sp, #48]\n"
        "    stp x19, x20, [sp, #64]\n"
        "    stp x21, x22, [sp, #80]\n"
        "    stp x23, x24, [sp, #96]\n"
        "    stp x25, x26, [sp, #112]\n"
        "    stp x27, x28, [sp, #128]\n"
        "    stp x29, x30, [sp, #144]\n"
        "    str x30, [sp, #160]\n"
        "    mov x4, sp\n"
        "    mov sp, x0\n"
        "    ldp d8, d9, [sp, #0]\n"
        "    ldp d10, d11, [sp, #16]\n"
        "    ldp d12, d13, [sp, #32]\n"
        "    ldp d14, d15, [sp, #48]\n"
        "    ldp x19, x20, [sp, #64]\n"
        "    ldp x21, x22, [sp, #80]\n"
        "    ldp x23, x24, [sp, #96]\n"
        "    ldp x25, x26, [sp, #112]\n"
        "    ldp x27, x28, [sp, #128]\n"
        "    ldp x29, x30, [sp, #144]\n"
        "    ldr x5, [sp, #160]\n"
        "    add sp, sp, #176\n"
        "    mov x0, x4\n"
        "    ret x5\n"
        ".size wt_cuda_ctx_jump,.-wt_cuda_ctx_jump\n");
#endif

namespace wt_cuda_rt {
void *ctx_make(void *top, size_t size, void (*entry)(ctx_transfer))
{
#if defined(__x86_64__)
    (void)size;
    /* 16-aligned top; entry starts with its stack pointer at 8 mod 16, as after a call */
    void **c = reinterpret_cast<void **>((reinterpret_cast<uintptr_t>(top) & ~uintptr_t{15}) - 64 - 64);
    memset(c, 0, 16 * sizeof *c);
    c[6] = reinterpret_cast<void *>(entry);
    c[7] = reinterpret_cast<void *>(&wt_cuda_ctx_fell_off);
    return c;
#elif defined(__aarch64__)
    (void)size;
    void **c = reinterpret_cast<void **>((reinterpret_cast<uintptr_t>(top) & ~uintptr_t{15}) - 176 - 64);
    memset(c, 0, 176 + 64);
    c[19] = reinterpret_cast<void *>(&wt_cuda_ctx_fell_off); /* x30: where entry would return */
    c[20] = reinterpret_cast<void *>(entry);
    return c;
#else
    return boost::context::detail::make_fcontext(top, size, entry);
#endif
}
} // namespace wt_cuda_rt
