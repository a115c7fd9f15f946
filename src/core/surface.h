/* surface.h -- surface objects (surface_object.c): what the query entry asks of a wt__surf
 * SPDX-License-Identifier: MIT */
#ifndef WT_SURFACE_H
#define WT_SURFACE_H

#include "internal.h"

/* suq value of a surface for one wt_query (WT_Q_WIDTH, HEIGHT, DEPTH,
 * CHANNEL_DATA_TYPE, CHANNEL_ORDER, ARRAY_SIZE, MEMORY_LAYOUT); 0 for any
 * other query.  [semantics#decision-query-values] and [semantics#queries]:
 *   width/height/depth  elements, rows, slices; 1 for an axis the geometry
 *                       lacks (a 1D surface has height 1, a layered or
 *                       cubemap surface depth 1);
 *   channel_data_type   OpenCL value: UNORM/SNORM_INT8/16 for the normalised
 *                       kinds, SIGNED/UNSIGNED_INT8/16/32, HALF_FLOAT, FLOAT
 *                       (a surface has no read mode: plain 8/16-bit integers
 *                       report as integers);
 *   channel_order       CL_R, CL_RG or CL_RGBA by channel count;
 *   array_size          layers of a layered surface; for cubemaps the number
 *                       of 2D slices the a2d layer index addresses, 6 x cubes
 *                       (6 for a plain cubemap) -- warptex's choice where [semantics#decision-query-values]
 *                       leaves it open; 0 otherwise;
 *   memory_layout       1 over linear and pitch2D memory, 0 over arrays. */
WT_INTERNAL int32_t wt__surf_query(const wt__surf *s, int query);

#endif
