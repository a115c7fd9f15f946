/* stack_pool.h -- guard-paged fiber stacks, pooled per OS thread, for the block scheduler
 * SPDX-License-Identifier: MIT
 *
 * A stack is mmap'd with one PROT_NONE page below it, so that a CUDA thread
 * that overflows its stack faults at once instead of corrupting memory.
 * Size: WARPTEX_CUDA_STACK_SIZE (bytes, or with a k/K or m/M suffix; at
 * least 16 KiB), 256 KiB by default (1 MiB under AddressSanitizer). */
#ifndef WT_CUDA_STACK_POOL_H
#define WT_CUDA_STACK_POOL_H

#include <stddef.h>

namespace wt_cuda_rt {
struct stack {
    void *base;  /* lowest usable address (above the guard page) */
    size_t size; /* usable bytes */
};
/* A stack of at least stack_size() bytes from this OS thread's pool (a new one when empty); false when
 * memory is exhausted. */
bool stack_take(stack *out);
/* Back to this OS thread's pool. */
void stack_give(const stack &s);
/* The configured usable size. */
size_t stack_size(void);
} // namespace wt_cuda_rt

#endif
