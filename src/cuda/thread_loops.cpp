/* thread_loops.cpp -- the library's side of threads as loops (docs/cuda.md#threads-as-loops)
 * SPDX-License-Identifier: MIT
 *
 * warptex-cxx's compiler pass (tools/cxx/threads_as_loops_pass.cpp) turns a kernel whose block
 * meets only at __syncthreads into one function that runs the block's threads as a loop, part by
 * part between barriers.  That function keeps each thread's values across a barrier in memory
 * it asks for here, once per block; a null answer makes it run nothing and return 0, and the
 * block runs on fibers as without the pass.  WARPTEX_CUDA_LOOPS=0 makes every answer null. */
#include <stdlib.h>
#include <string.h>

#include <atomic>

#include "cuda_internal.h"

namespace wt_cuda_rt {
thread_local bool t_block_as_loop = false;
}

namespace {
/* this OS thread's memory for a block's threads (one block runs on an OS thread at a time) */
struct loop_memory {
    void *base = nullptr;
    size_t size = 0;
    ~loop_memory() { free(base); }
};
thread_local loop_memory t_memory;

std::atomic<unsigned long long> g_loop_blocks{0};

bool loops_enabled()
{
    static const bool on = [] {
        const char *e = getenv("WARPTEX_CUDA_LOOPS");
        return !(e && !strcmp(e, "0"));
    }();
    return on;
}
} // namespace

extern "C" {
/* The pass replaces every call of this that it can; what is left runs on fibers. */
int wt_cuda_threads_as_loops(void *, struct wt_cuda_cursor *, unsigned, void (*)(void *),
                             void (*)(struct wt_cuda_cursor *, unsigned))
{
    return 0;
}

/* bytes of memory aligned to 64 for the running block's threads, valid until the block ends;
 * null outside a kernel, with WARPTEX_CUDA_LOOPS=0, or out of memory */
void *wt_cuda_loop_memory(size_t bytes)
{
    if (!wt_cuda_tls.block || !loops_enabled())
        return nullptr;
    if (bytes > t_memory.size) {
        const size_t size = (bytes + 4095) & ~(size_t)4095;
        void *p = aligned_alloc(64, size);
        if (!p)
            return nullptr;
        free(t_memory.base);
        t_memory.base = p;
        t_memory.size = size;
    }
    wt_cuda_rt::t_block_as_loop = true;
    g_loop_blocks.fetch_add(1, std::memory_order_relaxed);
    return t_memory.base;
}

unsigned long long wt_cuda_loop_blocks(void) { return g_loop_blocks.load(std::memory_order_relaxed); }
}
