/* tex_shapes.h -- the texture shapes the SIMD templates compile kernels for, one table each (kernels and tests)
 * SPDX-License-Identifier: MIT */
#ifndef WT_SIMD_TEX_SHAPES_H
#define WT_SIMD_TEX_SHAPES_H

#include "warptex/lane2d.h" /* the variant table */

/* tex_tpl.h: the shapes compiled with their fields as constants, the
 * common formats of docs/bench.md and the list as 2D, 2D layered and 3D
 * textures read point or linear (without mip levels; 8-bit unsigned 2D and
 * layered textures go to tex2d_u8_tpl.h instead, except 3D).
 *       name                    dims lay nch esz bits ftype norm linear ctype */
#define WT__TEX2D_SHAPES(X)                                                                                          \
    X(r16_norm_linear,             2, 0, 1, 2, 16, 0, 1, 1, WT__U16)                                                \
    X(rgba16_norm_linear,          2, 0, 4, 8, 16, 0, 1, 1, WT__U16)                                                \
    X(r32f_linear,                 2, 0, 1, 4, 32, 1, 0, 1, WT__F32)                                                \
    X(r32f_point,                  2, 0, 1, 4, 32, 1, 0, 0, WT__F32)                                                \
    X(rg32f_linear,                2, 0, 2, 8, 32, 1, 0, 1, WT__F32)                                                \
    X(rgba32f_linear,              2, 0, 4, 16, 32, 1, 0, 1, WT__F32)                                               \
    X(rgba32f_point,               2, 0, 4, 16, 32, 1, 0, 0, WT__F32)                                               \
    X(rgba16f_linear,              2, 0, 4, 8, 16, 2, 0, 1, WT__F16)                                                \
    X(r32f_linear_layered,         2, 1, 1, 4, 32, 1, 0, 1, WT__F32)                                                \
    X(rgba8_norm_linear_3d,        3, 0, 4, 4,  8, 0, 1, 1, WT__U8)                                                 \
    X(r32f_linear_3d,              3, 0, 1, 4, 32, 1, 0, 1, WT__F32)

/* tex2d_u8_tpl.h: one variant per row of the variant table (address mode on
 * both axes x filter: WT__L2_VARIANTS, include/warptex/lane2d.h) and the
 * general "mixed" form (each axis's mode from the plan) of each filter, for
 * each channel count (1, 2, 4): X(name, mode, linear, nch). */
#define WT__U8_NCH1(name, mode, linear, X) X(name, mode, linear, 1)
#define WT__U8_NCH2(name, mode, linear, X) X(name, mode, linear, 2)
#define WT__U8_NCH4(name, mode, linear, X) X(name, mode, linear, 4)
#define WT__U8_VARIANTS_NCH(X, NCH)                                                                                \
    WT__L2_VARIANTS(WT__U8_NCH##NCH, X) X(mixed, -1, 0, NCH) X(mixed, -1, 1, NCH)
#define WT__U8_VARIANTS(X) WT__U8_VARIANTS_NCH(X, 1) WT__U8_VARIANTS_NCH(X, 2) WT__U8_VARIANTS_NCH(X, 4)

#endif
