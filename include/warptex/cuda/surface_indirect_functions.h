/* surface_indirect_functions.h -- CUDA's name for the surface-object functions (warptex)
 * SPDX-License-Identifier: MIT */
#include "surface_functions.h"
