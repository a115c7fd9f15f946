// quoted_include.cu -- compiles with -c and no -o: "..." includes resolve beside the source, and
// the object is named quoted_include.o.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include "quoted_include.h"

__global__ void k(int *p) { *p = QUOTED_VALUE; }

int run(int *p) { return k<<<1, 1>>>(p) == cudaSuccess ? 0 : 1; }
