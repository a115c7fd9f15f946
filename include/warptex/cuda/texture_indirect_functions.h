/* texture_indirect_functions.h -- CUDA's name for the texture-object fetches (warptex)
 * SPDX-License-Identifier: MIT */
#include "texture_fetch_functions.h"
