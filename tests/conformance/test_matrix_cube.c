/* test_matrix_cube.c -- conformance matrix, cubemaps and cubemap arrays: library vs the independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include "conf_matrix.h"

/* Each cmocka test is one format over every shape below x seamless x
 * normalisation x filter x address modes, tex and tld4 (conf_matrix.c).
 * Face sizes 1 (every footprint crosses edges), 2 and 4 (powers of two), 3
 * and 5 (the 21-bit floor of [semantics#normalized-coords]). */
static const cu_shape k_shapes[] = {
    {WT_GEOM_CUBE, 1, 1, 1, 1, 0},
    {WT_GEOM_CUBE, 3, 3, 1, 1, 0},
    {WT_GEOM_CUBE, 4, 4, 1, 1, 0},
    {WT_GEOM_ACUBE, 2, 2, 1, 2, 0},
    {WT_GEOM_ACUBE, 5, 5, 1, 3, 0},
};

int main(void)
{
    return cu_matrix_main("matrix_cube", k_shapes, sizeof k_shapes / sizeof k_shapes[0], 0xc0be0c0ffeeull, 3);
}
