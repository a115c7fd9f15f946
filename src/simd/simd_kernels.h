/* simd_kernels.h -- what each SIMD backend instantiates from the templates of src/simd
 * SPDX-License-Identifier: MIT
 *
 * The kernels are written once: the texture kernels (tex_tpl.h,
 * tex2d_u8_tpl.h) against the vector shim (vec8.h: SIMDe's 256-bit x86
 * intrinsics, 8 lanes; vec16.h: AVX-512, 16 lanes), the surface kernels
 * (surf_tpl.h) with SIMDe's 256-bit intrinsics; each backend directory
 * instantiates them in files built with its own ISA flags ([design#isa-flags]):
 * natively on AVX2 (src/avx2, vec8.h), natively with the AVX-512 flags
 * (src/avx512: the texture kernels 16 lanes at a time through vec16.h), and
 * through SIMDe's translation to Advanced SIMD on AArch64 (src/neon, vec8.h).  The NEON
 * backend also builds on x86 as a deliberately emulated test build
 * (WT_EMULATED_ISA), so its instantiation is tested there too. */
#ifndef WT_SIMD_KERNELS_H
#define WT_SIMD_KERNELS_H

#include "../core/dispatch.h"
#include "../scalar/scalar.h" /* the reference's warp loops: the generic path of every SIMD backend */
#include "tex_shapes.h"        /* the tables WT__SIMD_PATHS lists */

#define WT__SIMD_KERNELS(isa)                                                                                    \
    /* The specialised texture kernel for t, or NULL; *name describes it. */                                     \
    WT_INTERNAL wt__tex_kernel wt__bind_tex_##isa(wt__tex *t, const char **name);                                \
    /* tex2d_u8_tpl.h's variant for t, or NULL (the shapes it does not take). */                                 \
    WT_INTERNAL wt__tex_kernel wt__bind_tex2d_u8_##isa(wt__tex *t, const char **name);                           \
    /* suld/sust/sured for the active lanes of one warp; the trap mask. */                                      \
    WT_INTERNAL uint32_t wt__surf_warp_##isa(const wt__surf *s, const wt_op *op, uint32_t active,                \
                                             const wt_surf_args *in, wt_surf_result *out);

WT__SIMD_KERNELS(avx2)
WT__SIMD_KERNELS(avx512)
WT__SIMD_KERNELS(neon)

/* Helpers the kernels call per tap: inlined, so that their vectors stay in
 * registers instead of crossing calls through memory. */
#if defined(__GNUC__)
#define WT_SIMD_INLINE inline __attribute__((always_inline))
#else
#define WT_SIMD_INLINE inline
#endif

/* Inside a template: NAME_<isa> for the backend that includes it. */
#define WT__SIMD_CAT2(a, b) a##_##b
#define WT__SIMD_CAT(a, b) WT__SIMD_CAT2(a, b)
#define WT_SIMD_FN(name) WT__SIMD_CAT(name, WT_SIMD_ISA)

/* What the instantiated kernels cover, for wt_backend_describe(); lanes:
 * how many the texture kernels (tex_tpl.h, tex2d_u8_tpl.h) run at once.  The kernels compiled
 * for one shape and the u8 kernel's address-mode variants are listed from the
 * tables that instantiate them (tex_shapes.h), so the text cannot miss or
 * invent one; test_backend_equal's every_backend_equals_scalar checks that
 * every kernel a backend binds (its shape, its mode, its lane count) is named
 * here. */
#define WT__SIMD_SHAPE_NAME(name, ...) " " #name
/* the u8 kernel's modes: the variant table's (one row per filter: named
 * from the point rows) and the general "mixed" form */
#define WT__SIMD_IF_POINT_0(s) s
#define WT__SIMD_IF_POINT_1(s)
#define WT__SIMD_U8_MODE_NAME(name, mode, linear, unused) WT__SIMD_IF_POINT_##linear(" " #name)
#define WT__SIMD_PATHS(lanes)                                                                                    \
    "tex/tld4 on 8-bit unsigned 1/2/4-channel .2d/.a2d textures without mip levels (RGBA8, RG8, R8; point, and linear " \
    "read as normalised float; any address mode per axis, any extent): the u8 kernel, " lanes " lanes at a time, "       \
    "compiled per address mode (one of:" WT__L2_VARIANTS(WT__SIMD_U8_MODE_NAME, 0) " mixed), filter and channel count; other "   \
    "tex/tld4 kernels, " lanes " lanes at a time too, for 1/2/4 channels of 8/16-bit UNORM/SNORM or integer element type and of f32/f16, point and "  \
    "linear (f32: [semantics#float-blend] every lane at once; f16: per lane), .2d, .a2d and .3d, clamp/wrap/mirror/border, unnormalised or normalised coordinates, " \
    "cubemaps (.cube, .acube: [semantics#cube-faces] projection in vector form; not seamless linear), mipmapped or not (tex.base, tex.level .f32 and 2D tex.grad without anisotropy, point/linear mip filter; tld4 " \
    "from the base level; not the trilinear optimisation, anisotropic or 3D tex.grad); " \
    "kernels compiled for one shape each (" WT__TEX2D_SHAPES(WT__SIMD_SHAPE_NAME) " ), " \
    "the others through one kernel that branches per warp, never per lane; " \
    "per-lane calls: a one-lane kernel (plain C, src/core/tex_lane.c) for tex on .2d/.a2d/.3d and tld4 on .2d/.a2d without mip levels, " \
    "8/16-bit unsigned or f32/f16 with 1/2/4 channels, point/linear, any address mode, any resource; other per-lane calls run " \
    "the shape's vector kernel with one lane active; " \
    "suld.b/sust.b of every shape on 1D, 2D, 3D and layered surfaces and every sured.b form on 1D/2D/3D (aligned, in-range lanes); everything else through the " \
    "reference, one lane at a time"

#endif
