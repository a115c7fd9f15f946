/* asan_probe.cpp -- whether the process runs under AddressSanitizer (asan_probe.h)
 * SPDX-License-Identifier: MIT */
#include "asan_probe.h"

/* One of ASan's interface functions, weak: its address is null unless the ASan runtime is linked. */
extern "C" int __asan_address_is_poisoned(void const volatile *addr) __attribute__((weak));
extern "C" void __asan_unpoison_memory_region(void const volatile *addr, size_t size) __attribute__((weak));

namespace wt_cuda_rt {
bool asan_in_process(void) { return __asan_address_is_poisoned != nullptr; }

void asan_forget_frames(void *base, size_t size)
{
    if (__asan_unpoison_memory_region)
        __asan_unpoison_memory_region(base, size);
}
} // namespace wt_cuda_rt
