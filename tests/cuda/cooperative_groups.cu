// cooperative_groups.cu -- cooperative_groups.h and cooperative_groups/reduce.h: the block, its
// tiles (static and dynamic) with their exchanges and reductions, and the grid's indices, each
// against what the thread's own index says.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

constexpr int kBlockX = 16, kBlockY = 6, kThreads = kBlockX * kBlockY, kBlocks = 3; // 96: three warps
enum { R_BLOCK, R_T32, R_T8, R_T4, R_DYN, R_GRID, R_REDUCE, R_COUNT };

// per thread: one word per check, 0 when right, else a code saying which part was wrong
__global__ void groups(int *err)
{
    cg::thread_block cta = cg::this_thread_block();
    const unsigned rank = threadIdx.x + threadIdx.y * blockDim.x;
    const unsigned grank = blockIdx.x * kThreads + rank;
    int *e = err + grank * R_COUNT;

    __shared__ int seen[kThreads];
    seen[rank] = (int)rank * 3;
    cg::sync(cta);
    e[R_BLOCK] = cta.thread_rank() != rank                                     ? 1
                 : cta.size() != (unsigned)kThreads || cta.num_threads() != (unsigned)kThreads ? 2
                 : cta.group_index().x != blockIdx.x || cta.thread_index().y != threadIdx.y    ? 3
                 : cta.dim_threads().x != (unsigned)kBlockX || cta.group_dim().y != (unsigned)kBlockY ? 4
                 : seen[(rank + 1) % kThreads] != (int)((rank + 1) % kThreads) * 3             ? 5
                                                                                               : 0;
    cta.sync();

    // tiles of 32: the warp
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cta);
    const int lane = (int)(rank % 32);
    int bad = 0;
    if (t32.thread_rank() != (unsigned)lane || t32.size() != 32 || t32.meta_group_rank() != rank / 32 ||
        t32.meta_group_size() != 3)
        bad = 1;
    else if (t32.shfl((int)rank, 5) != (int)(rank - lane + 5))
        bad = 2;
    else if (t32.shfl_down((int)rank, 3) != (int)(lane + 3 < 32 ? rank + 3 : rank))
        bad = 3;
    else if (t32.shfl_up((double)rank, 4) != (double)(lane >= 4 ? rank - 4 : rank))
        bad = 4;
    else if (t32.shfl_xor((int)rank, 1) != (int)(rank ^ 1))
        bad = 5;
    else if (t32.ballot(lane % 3 == 0) != 0x49249249u || !t32.any(lane == 31) || t32.all(lane < 31) ||
             !t32.all(lane >= 0))
        bad = 6;
    else if (t32.match_any(lane / 8) != 0xffu << (lane / 8 * 8))
        bad = 7;
    else {
        int pred = -1;
        const unsigned all_same = t32.match_all(7, pred), not_same = t32.match_all(lane, pred);
        if (all_same != 0xffffffffu || not_same != 0 || pred != 0)
            bad = 8;
    }
    // a struct moves whole through shfl
    struct pair {
        double d;
        int i;
    } mine{rank * 0.5, lane}, got = t32.shfl(mine, 31);
    if (!bad && (got.d != (rank - lane + 31) * 0.5 || got.i != 31))
        bad = 9;
    e[R_T32] = bad;

    // tiles of 8 and of 4 (a tile of a tile)
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(cta);
    cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t8);
    bad = 0;
    if (t8.thread_rank() != rank % 8 || t8.meta_group_rank() != rank / 8 || t8.meta_group_size() != kThreads / 8)
        bad = 1;
    else if (t8.shfl((int)rank, 9) != (int)(rank - rank % 8 + 1)) // source ranks wrap modulo 8
        bad = 2;
    else if (t8.shfl_down((int)rank, 2) != (int)(rank % 8 + 2 < 8 ? rank + 2 : rank))
        bad = 3;
    else if (t8.ballot(rank % 2 == 1) != 0xaau || t8.match_any(rank % 8 < 3) != (rank % 8 < 3 ? 0x07u : 0xf8u))
        bad = 4;
    else if (t8.all(rank % 8 != 7) || !t8.any(rank % 8 == 7))
        bad = 5;
    e[R_T8] = bad;
    e[R_T4] = t4.thread_rank() != rank % 4                 ? 1
              : t4.meta_group_rank() != (rank % 8) / 4      ? 2
              : t4.shfl_xor((int)rank, 2) != (int)(rank ^ 2) ? 3
              : t4.shfl_up((int)rank, 1) != (int)(rank % 4 ? rank - 1 : rank) ? 4
                                                            : 0;
    t8.sync();
    t4.sync();

    // a dynamic tile: ranks, sizes, its barrier
    cg::thread_group dyn = cg::tiled_partition(cta, 16);
    __shared__ int dyn_seen[kThreads];
    dyn_seen[rank] = (int)rank;
    dyn.sync();
    const unsigned partner = rank - rank % 16 + (rank % 16 + 5) % 16;
    e[R_DYN] = dyn.thread_rank() != rank % 16 || dyn.size() != 16 || dyn.meta_group_rank() != rank / 16 ? 1
               : dyn_seen[partner] != (int)partner                                                    ? 2
                                                                                                      : 0;

    // the grid's indices
    cg::grid_group grid = cg::this_grid();
    e[R_GRID] = grid.thread_rank() != grank || grid.size() != (unsigned long long)kThreads * kBlocks ? 1
                : grid.block_rank() != blockIdx.x || grid.num_blocks() != (unsigned)kBlocks      ? 2
                : grid.dim_blocks().x != (unsigned)kBlocks || !grid.is_valid()                   ? 3
                                                                                                 : 0;

    // reductions over a tile
    const int v = (int)((rank * 37u) % 101u) - 50;
    int sum = 0, lo = 1 << 30, hi = -(1 << 30), band = -1, bor = 0, bxor = 0;
    for (int l = 0; l < 32; l++) { // the model: the warp's values, in rank order
        const int w = (int)(((rank - lane + l) * 37u) % 101u) - 50;
        sum += w, lo = w < lo ? w : lo, hi = w > hi ? w : hi, band &= w, bor |= w, bxor ^= w;
    }
    bad = cg::reduce(t32, v, cg::plus<int>()) != sum            ? 1
          : cg::reduce(t32, v, cg::less<int>()) != lo            ? 2
          : cg::reduce(t32, v, cg::greater<int>()) != hi         ? 3
          : cg::reduce(t32, v, cg::bit_and<int>()) != band       ? 4
          : cg::reduce(t32, v, cg::bit_or<int>()) != bor         ? 5
          : cg::reduce(t32, v, cg::bit_xor<int>()) != bxor       ? 6
          : cg::reduce(t4, 1.5, [](double a, double b) { return a + b; }) != 6.0 ? 7
                                                                                 : 0;
    e[R_REDUCE] = bad;
}

int main()
{
    int *err = nullptr;
    const int n = kThreads * kBlocks * R_COUNT;
    int failures = 0;
    if (cudaMallocManaged(&err, n * sizeof(int)) != cudaSuccess)
        return 1;
    for (int i = 0; i < n; i++)
        err[i] = -1;
    groups<<<kBlocks, dim3(kBlockX, kBlockY)>>>(err);
    const cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        std::printf("launch: %s\n", cudaGetErrorString(e));
        failures++;
    }
    static const char *const names[R_COUNT] = {"block", "tile32", "tile8", "tile4", "dynamic tile", "grid", "reduce"};
    for (int i = 0; i < n && failures < 20; i++)
        if (err[i] != 0) {
            std::printf("thread %d: %s: check %d failed\n", i / R_COUNT, names[i % R_COUNT], err[i]);
            failures++;
        }
    cudaFree(err);
    std::printf("cooperative_groups: %d threads checked\n", kThreads * kBlocks);
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
