/* test_matrix_3d.c -- conformance matrix, 3D textures (two [semantics#float-blend] groups, the 3D weight split of [semantics#integer-weights]): library vs the independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include "conf_matrix.h"

/* Each cmocka test is one format over every shape below x normalisation x
 * filter x address modes (conf_matrix.c). */
static const cu_shape k_shapes[] = {
    {WT_GEOM_3D, 4, 4, 4, 1, 0},
    {WT_GEOM_3D, 3, 5, 2, 1, 0},
    {WT_GEOM_3D, 1, 2, 6, 1, 0},
};

int main(void)
{
    return cu_matrix_main("matrix_3d", k_shapes, sizeof k_shapes / sizeof k_shapes[0], 0x3d0c0ffeeull, 2);
}
