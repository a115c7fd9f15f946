// grid_sync.cu -- must not compile: a grid-wide barrier cannot be kept on the CPU
// SPDX-License-Identifier: MIT
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(int *p)
{
    cg::grid_group grid = cg::this_grid();
    p[grid.thread_rank()] = 1;
    grid.sync();
}

int main() { return 0; }
