/* test_matrix_mip.c -- conformance matrix, mipmapped arrays: LOD, level selection and views, library vs the
 * independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include "conf_matrix.h"

/* Each cmocka test is one format over every shape below x texel and mip
 * filter x random address modes, views, biases, LOD clamps, anisotropy and
 * trilinear flags (cubes: x seamless), tex.base, tex.level and tld4
 * (conf_util.c cu_run_mip_matrix).  Sizes that are not powers of two on some
 * levels exercise the 21-bit floor per level ([semantics#normalized-coords]). */
static const cu_shape k_shapes[] = {
    {WT_GEOM_1D, 25, 1, 1, 1, 5},
    {WT_GEOM_2D, 13, 6, 1, 1, 4},
    {WT_GEOM_2D, 8, 8, 1, 1, 4},
    {WT_GEOM_3D, 6, 4, 5, 1, 3},
    {WT_GEOM_A1D, 7, 1, 1, 2, 3},
    {WT_GEOM_A2D, 5, 5, 1, 2, 3},
    {WT_GEOM_CUBE, 4, 4, 1, 1, 3},
    {WT_GEOM_ACUBE, 3, 3, 1, 2, 2},
};

int main(void)
{
    return cu_matrix_main("matrix_mip", k_shapes, sizeof k_shapes / sizeof k_shapes[0], 0x313b0c0ffeeull, 6);
}
