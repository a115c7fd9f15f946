/* backend_avx2.c -- the AVX2 backend: specialised 8-lane kernels where an object's shape has one
 * SPDX-License-Identifier: MIT
 *
 * Usable when the CPU has AVX2 and FMA (probed in src/core/cpu.c).  Objects
 * bind their kernels at creation (tex_avx2.c, from src/simd); every op or object without
 * one runs the reference's warp loop, which `warptex info` says. */
#if !defined(__AVX2__) && !defined(WT_EMULATED_ISA)
#error "backend_avx2.c must be built with -mavx2 (or as a deliberately emulated test build)"
#endif
#include "../core/cpu.h"
#include "../simd/simd_kernels.h"
#include "../ptx/ptx_executors.h"

static int usable_avx2(void)
{
#if defined(WT_EMULATED_ISA)
    return 1; /* SIMDe's portable code runs anywhere */
#else
    unsigned need = WT__CPU_AVX2 | WT__CPU_FMA;
    return (wt__cpu_features() & need) == need;
#endif
}

const wt__backend wt__backend_avx2 = {
    .name = "avx2",
    .id = WT__BACKEND_AVX2,
    .usable = usable_avx2,
    .bind_tex = wt__bind_tex_avx2,
    .generic = WT__SIMD_PATHS("8"),
    .tex_warp = wt__tex_warp_reference,
    .surf_warp = wt__surf_warp_avx2,
    .ptx_executor = wt__ptx_exec_for_avx2,
};
