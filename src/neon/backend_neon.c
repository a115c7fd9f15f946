/* backend_neon.c -- the NEON backend: specialised 8-lane kernels where an object's shape has one
 * SPDX-License-Identifier: MIT
 *
 * The kernels of src/simd, whose SIMDe intrinsics become Advanced SIMD on
 * AArch64 (where NEON is baseline: usable whenever compiled in).  Objects
 * bind their kernels at creation (tex_neon.c); every op or object without
 * one runs the reference's warp loop, which `warptex info` says.  On x86 it
 * builds only as an emulated test build (WT_EMULATED_ISA, SIMDe's portable
 * code), so the NEON instantiation is tested there too. */
#if !defined(__ARM_NEON) && !defined(WT_EMULATED_ISA)
#error "backend_neon.c must be built for AArch64, or as a deliberately emulated test build (WT_EMULATED_ISA)"
#endif
#include "../core/cpu.h"
#include "../simd/simd_kernels.h"

static int usable_neon(void)
{
#if defined(WT_EMULATED_ISA)
    return 1; /* SIMDe's portable code runs anywhere */
#else
    return (wt__cpu_features() & WT__CPU_NEON) != 0;
#endif
}

const wt__backend wt__backend_neon = {
    .name = "neon",
    .id = WT__BACKEND_NEON,
    .usable = usable_neon,
    .bind_tex = wt__bind_tex_neon,
    .generic = WT__SIMD_PATHS("8"),
    .tex_warp = wt__tex_warp_reference,
    .surf_warp = wt__surf_warp_neon,
};
