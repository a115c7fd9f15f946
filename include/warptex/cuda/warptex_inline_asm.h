/* warptex_inline_asm.h -- inline PTX asm() of device code, run on the CPU by the PTX front end (warptex)
 * SPDX-License-Identifier: MIT
 *
 * warptex-cxx rewrites each asm()/asm volatile()/__asm__() statement of device code (kernels,
 * __device__ functions and lambdas, in .cu files and the program's own headers) into
 *     static const wt_cuda_asm_site *const site = wt_cuda_asm_compile(template, "=r,r", ...);
 *     wt_cuda_asm_run(site, values);
 * with each operand's value passed through asm_in / asm_out below.  The template is compiled once
 * per statement (a function-local static: thread-safe) by the PTX front end and run per call for
 * the calling CUDA thread (src/ptx/ptx_snippet.h says what runs and what is refused).
 * Constraints: "r" 32 bits, "l" 64 (pointers too), "h" 16, "c" 8, "f" f32, "d" f64, "n" an
 * immediate; "=" an output, "+" read and written.  A template warptex-cxx could not check
 * (macros in it) that does not compile, or a fault while it runs (an address outside memory),
 * says why on stderr naming the file and line and ends the CUDA thread as __trap() does
 * (cudaErrorLaunchFailure). */
#ifndef WARPTEX_CUDA_INLINE_ASM_H
#define WARPTEX_CUDA_INLINE_ASM_H

#include <stdint.h>
#include <string.h>
#include <type_traits>

extern "C" {
struct wt_cuda_asm_site;
/* The compiled template; never NULL (a template that does not compile gives a site whose runs
 * trap).  imm: one value per operand, read for the "n" ones (NULL when none). */
const struct wt_cuda_asm_site *wt_cuda_asm_compile(const char *tmpl, const char *constraints, const long long *imm,
                                                   const char *file, int line);
/* Runs the site for the calling CUDA thread: values[k] is operand k's bits, outputs replaced. */
void wt_cuda_asm_run(const struct wt_cuda_asm_site *site, unsigned long long *values);
}

namespace wt_cuda_detail {
/* an operand's value as the bits of its constraint */
template <char C, class T> static inline unsigned long long asm_in(const T &x)
{
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_pointer<U>::value) {
        return (unsigned long long)(uintptr_t)x;
    } else if constexpr (C == 'f') {
        const float f = static_cast<float>(x);
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    } else if constexpr (C == 'd') {
        const double d = static_cast<double>(x);
        unsigned long long u;
        memcpy(&u, &d, 8);
        return u;
    } else if constexpr (std::is_integral<U>::value || std::is_enum<U>::value) {
        return (unsigned long long)(long long)x;
    } else {
        static_assert(std::is_trivially_copyable<U>::value && sizeof(U) <= 8,
                      "warptex: an asm operand is an integer, a pointer, a float or up to 8 bytes of plain data");
        unsigned long long u = 0;
        memcpy(&u, &x, sizeof(U));
        return u;
    }
}
/* an output's bits (zero-extended from the constraint's width) stored into x */
template <char C, class T> static inline void asm_out(T &x, unsigned long long v)
{
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_pointer<U>::value) {
        x = reinterpret_cast<U>((uintptr_t)v);
    } else if constexpr (C == 'f') {
        const uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        x = static_cast<U>(f);
    } else if constexpr (C == 'd') {
        double d;
        memcpy(&d, &v, 8);
        x = static_cast<U>(d);
    } else if constexpr (std::is_integral<U>::value || std::is_enum<U>::value) {
        x = static_cast<U>(v);
    } else {
        static_assert(std::is_trivially_copyable<U>::value && sizeof(U) <= 8,
                      "warptex: an asm operand is an integer, a pointer, a float or up to 8 bytes of plain data");
        memcpy(&x, &v, sizeof(U));
    }
}
} // namespace wt_cuda_detail

#endif
