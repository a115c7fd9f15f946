/* backend_avx512.c -- the AVX-512 backend: the kernels of src/simd built for AVX-512 (F, BW, DQ, VL)
 * SPDX-License-Identifier: MIT
 *
 * Usable when the CPU has AVX-512 F, BW, DQ and VL (and AVX2 and FMA; the
 * probe in src/core/cpu.c also requires the OS to save the zmm state).
 * Objects bind their kernels at creation (tex_avx512.c); every op or
 * object without one runs the reference's warp loop, which `warptex info`
 * says. */
#if !defined(__AVX512F__) || !defined(__AVX512BW__) || !defined(__AVX512DQ__) || !defined(__AVX512VL__)
#error "backend_avx512.c must be built with -mavx512f -mavx512bw -mavx512dq -mavx512vl"
#endif
#include "../core/cpu.h"
#include "../simd/simd_kernels.h"
#include "../ptx/ptx_executors.h"

static int usable_avx512(void)
{
    unsigned need = WT__CPU_AVX2 | WT__CPU_FMA | WT__CPU_AVX512F | WT__CPU_AVX512BW | WT__CPU_AVX512DQ |
                    WT__CPU_AVX512VL;
    return (wt__cpu_features() & need) == need;
}

const wt__backend wt__backend_avx512 = {
    .name = "avx512",
    .id = WT__BACKEND_AVX512,
    .usable = usable_avx512,
    .bind_tex = wt__bind_tex_avx512,
    .generic = WT__SIMD_PATHS("16"),
    .tex_warp = wt__tex_warp_reference,
    .surf_warp = wt__surf_warp_avx512,
    .ptx_executor = wt__ptx_exec_for_avx512,
};
