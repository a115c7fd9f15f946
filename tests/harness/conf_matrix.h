/* conf_matrix.h -- the shared driver of the conformance matrices: one cmocka test per format over a list of shapes
 * SPDX-License-Identifier: MIT */
#ifndef WT_CONF_MATRIX_H
#define WT_CONF_MATRIX_H

#include <stddef.h>
#include <stdint.h>

#include "warptex.h"

typedef struct cu_shape {
    wt_geom g;
    int w, h, d, layers;
    int levels; /* 0: a plain array; else a mipmapped array of that many levels */
} cu_shape;

/* Runs every format of conf_util.c over every shape (cu_run_matrix, or
 * cu_run_mip_matrix for mipmapped shapes: random texels, border colours and
 * coordinates, `nwarps` warps each) as cmocka group `group`; shape i of format f uses the
 * seed seed_base ^ f << 32 ^ i.  Returns what cmocka returns. */
int cu_matrix_main(const char *group, const cu_shape *shapes, size_t nshapes, uint64_t seed_base, int nwarps);

#endif
