/* device_types.h -- enum cudaRoundMode, CUDA's values (warptex)
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_CUDA_DEVICE_TYPES_H
#define WARPTEX_CUDA_DEVICE_TYPES_H
#define __DEVICE_TYPES_H__ /* CUDA's own include guard */

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };

#endif
