/* test_matrix_layered.c -- conformance matrix, 1D and 2D layered textures ([semantics#layers]): library vs the independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include "conf_matrix.h"

/* Each cmocka test is one format over every shape below x normalisation x
 * filter x address modes (conf_matrix.c). */
static const cu_shape k_shapes[] = {
    {WT_GEOM_A1D, 4, 1, 1, 3, 0},
    {WT_GEOM_A1D, 7, 1, 1, 2, 0},
    {WT_GEOM_A2D, 4, 4, 1, 3, 0},
    {WT_GEOM_A2D, 5, 3, 1, 2, 0},
};

int main(void)
{
    return cu_matrix_main("matrix_layered", k_shapes, sizeof k_shapes / sizeof k_shapes[0], 0xa2d0c0ffeeull, 3);
}
