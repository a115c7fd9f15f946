/* stack_pool.cpp -- guard-paged fiber stacks, pooled per OS thread
 * SPDX-License-Identifier: MIT */
#include <mutex>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include "stack_pool.h"

#if defined(__SANITIZE_ADDRESS__)
#define WT_CUDA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WT_CUDA_ASAN 1
#endif
#endif
#ifdef WT_CUDA_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace wt_cuda_rt {
namespace {
size_t page_size(void)
{
    const long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

size_t configured_size(void)
{
#ifdef WT_CUDA_ASAN
    size_t size = 1024 * 1024;
#else
    size_t size = 256 * 1024;
#endif
    const char *env = getenv("WARPTEX_CUDA_STACK_SIZE");
    if (env && *env) {
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        if (*end == 'k' || *end == 'K')
            v *= 1024, end++;
        else if (*end == 'm' || *end == 'M')
            v *= 1024 * 1024, end++;
        if (*end != '\0' || v < 16 * 1024 || v > (1ull << 30))
            fprintf(stderr, "warptex: WARPTEX_CUDA_STACK_SIZE=%s is not a size of 16K..1G; using %zu bytes\n", env,
                    size);
        else
            size = (size_t)v;
    }
    const size_t pg = page_size();
    return (size + pg - 1) / pg * pg;
}

struct pool {
    std::vector<stack> free;
    unsigned made = 0; /* stacks this OS thread has mapped (their colours, stack_take) */
    ~pool()
    {
        for (const stack &s : free)
            munmap((char *)s.base - page_size(), s.size + page_size());
    }
};
thread_local pool t_pool;
} // namespace

size_t stack_size(void)
{
    static size_t size = 0;
    static std::once_flag once;
    std::call_once(once, [] { size = configured_size(); });
    return size;
}

bool stack_take(stack *out)
{
    if (!t_pool.free.empty()) {
        *out = t_pool.free.back();
        t_pool.free.pop_back();
#ifdef WT_CUDA_ASAN
        ASAN_UNPOISON_MEMORY_REGION(out->base, out->size);
#endif
        return true;
    }
    /* The stacks' tops are staggered (cache colouring): a block's fibers all park at about the
     * same depth, and tops a multiple of 64 KiB apart would put what each switch reloads into
     * the same few cache sets, so that a block of 1024 threads missed the caches on every
     * switch.  Each new stack is 9 cache lines longer than the last, modulo 64 KiB (9 is odd:
     * 1024 stacks get 1024 different line offsets); the extra bytes are only address space.  The
     * mapping starts on a 64 KiB boundary, so those offsets are the tops' offsets modulo 64 KiB
     * whatever addresses mmap picks. */
    const size_t size = stack_size() + (size_t)(t_pool.made++ * 9 % 1024) * 64, pg = page_size();
    const size_t colour = 64 * 1024, len = (size + pg + pg - 1) / pg * pg;
    char *raw = (char *)mmap(nullptr, len + colour, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == (char *)MAP_FAILED)
        return false;
    char *m = (char *)(((uintptr_t)raw + colour - 1) & ~(uintptr_t)(colour - 1));
    if (m > raw) /* the unused head and tail go back */
        munmap(raw, (size_t)(m - raw));
    if (raw + len + colour > m + len)
        munmap(m + len, (size_t)(raw + len + colour - (m + len)));
    if (mprotect(m, pg, PROT_NONE) != 0) { /* the guard page, below the stack */
        munmap(m, size + pg);
        return false;
    }
    out->base = (char *)m + pg;
    out->size = size;
    return true;
}

void stack_give(const stack &s)
{
    try {
        t_pool.free.push_back(s);
    } catch (...) {
        munmap((char *)s.base - page_size(), s.size + page_size());
    }
}
} // namespace wt_cuda_rt
