/* tex_shapes.h -- the texture shapes the SIMD templates compile kernels for, one table each (kernels and tests)
 * SPDX-License-Identifier: MIT */
#ifndef WT_SIMD_TEX_SHAPES_H
#define WT_SIMD_TEX_SHAPES_H

/* tex2d_tpl.h: the shapes compiled with their fields as constants, the
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

/* tex2d_u8_tpl.h: one variant per address mode (the same on both axes, or
 * "mixed": each axis's from the plan) x filter (0 point, 1 linear) x
 * channels (1, 2, 4). */
#define WT__U8_MODES(X, F, C)                                                                                      \
    X(clamp, WT_ADDRESS_CLAMP, F, C) X(wrap, WT_ADDRESS_WRAP, F, C) X(mirror, WT_ADDRESS_MIRROR, F, C)           \
    X(border, WT_ADDRESS_BORDER, F, C) X(mixed, -1, F, C)
#define WT__U8_VARIANTS(X)                                                                                         \
    WT__U8_MODES(X, 0, 1) WT__U8_MODES(X, 0, 2) WT__U8_MODES(X, 0, 4)                                            \
    WT__U8_MODES(X, 1, 1) WT__U8_MODES(X, 1, 2) WT__U8_MODES(X, 1, 4)

#endif
