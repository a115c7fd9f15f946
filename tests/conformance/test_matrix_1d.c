/* test_matrix_1d.c -- conformance matrix, 1D textures (height-1 2D with the border row, [semantics#1d-as-2d]): library vs the independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include "conf_matrix.h"

/* Each cmocka test is one format over every shape below x normalisation x
 * filter x address modes (conf_matrix.c). */
static const cu_shape k_shapes[] = {
    {WT_GEOM_1D, 1, 1, 1, 1, 0},
    {WT_GEOM_1D, 4, 1, 1, 1, 0},
    {WT_GEOM_1D, 7, 1, 1, 1, 0},
    {WT_GEOM_1D, 25, 1, 1, 1, 0},
};

int main(void)
{
    return cu_matrix_main("matrix_1d", k_shapes, sizeof k_shapes / sizeof k_shapes[0], 0x1d0c0ffeeull, 3);
}
