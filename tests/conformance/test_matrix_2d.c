/* test_matrix_2d.c -- conformance matrix, 2D textures: library vs the independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include "conf_matrix.h"

/* Each cmocka test is one format over every shape below x normalisation x
 * filter x address modes (conf_matrix.c). */
static const cu_shape k_shapes[] = {
    {WT_GEOM_2D, 4, 4, 1, 1, 0},
    {WT_GEOM_2D, 5, 3, 1, 1, 0},
    {WT_GEOM_2D, 1, 7, 1, 1, 0},
    {WT_GEOM_2D, 13, 8, 1, 1, 0},
};

int main(void)
{
    return cu_matrix_main("matrix_2d", k_shapes, sizeof k_shapes / sizeof k_shapes[0], 0x2d0c0ffeeull, 3);
}
