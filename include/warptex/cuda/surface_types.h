/* surface_types.h -- cudaSurfaceBoundaryMode and the surface object type, CUDA's values
 * SPDX-License-Identifier: MIT
 *
 * cudaSurfaceObject_t is a warptex surface handle (wt_surf). */
#ifndef WARPTEX_CUDA_SURFACE_TYPES_H
#define WARPTEX_CUDA_SURFACE_TYPES_H
#define __SURFACE_TYPES_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include "driver_types.h"

typedef unsigned long long cudaSurfaceObject_t;

enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,
    cudaBoundaryModeClamp = 1,
    cudaBoundaryModeTrap = 2
};

#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC

#endif
