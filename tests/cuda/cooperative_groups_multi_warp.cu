// cooperative_groups_multi_warp.cu -- tiles of more than 32 threads (64 ... 512), as NVIDIA's
// reduction sample uses them: cg::block_tile_memory and this_thread_block(scratch),
// tiled_partition<64/128>(block) with thread_rank, size, meta_group_rank/size, sync (a barrier of
// the tile's warps alone: while other tiles wait at __syncthreads, or sync a different number of
// times), shfl across warps, any, all, cg::reduce; a block whose last tile is partial; a tile seen
// as a thread_group.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

#include "include/expect.h"

enum { R_INDEX, R_SYNC, R_ALONE, R_SHFL, R_REDUCE, R_VOTE, R_GROUP, R_COUNT };

// per thread: one word per check, 0 when right, else a code saying which part was wrong
template <unsigned Tile, unsigned Block> __global__ void tiles(int *err, unsigned threads)
{
    __shared__ cg::block_tile_memory<Block> scratch;
    cg::thread_block cta = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<Tile>(cta);
    const unsigned rank = threadIdx.x;
    int *e = err + (blockIdx.x * threads + rank) * R_COUNT;
    const unsigned first = rank - rank % Tile;                                  // the tile's rank 0
    const unsigned in_tile = first + Tile <= threads ? Tile : threads - first; // a partial last tile

    e[R_INDEX] = tile.thread_rank() != rank % Tile                               ? 1
                 : tile.size() != Tile || tile.num_threads() != Tile             ? 2
                 : tile.meta_group_rank() != rank / Tile                         ? 3
                 : tile.meta_group_size() != (threads + Tile - 1) / Tile         ? 4
                                                                                 : 0;

    // only tile 0 syncs, then writes; the others wait at __syncthreads meanwhile, which must not
    // let them go before tile 0 gets there too (a tile's barrier is not the block's)
    __shared__ int late;
    if (rank == 0)
        late = 0;
    __syncthreads();
    if (tile.meta_group_rank() == 0) {
        tile.sync();
        tile.sync();
        if (tile.thread_rank() == 0)
            late = 1234;
    }
    __syncthreads();
    e[R_ALONE] = late != 1234;

    // a barrier of the tile alone: tile k syncs k + 1 times, each round reading what the tile's
    // other warps wrote before it (a block-wide barrier would deadlock or mix the rounds)
    __shared__ unsigned round_of[Block];
    int bad = 0;
    for (unsigned round = 0; round <= tile.meta_group_rank(); round++) {
        round_of[rank] = round * 1000 + rank;
        tile.sync();
        const unsigned other = first + (rank % Tile + 32) % in_tile; // a thread of another warp when there is one
        bad |= round_of[other] != round * 1000 + other;
        tile.sync();
    }
    e[R_SYNC] = bad;

    // shfl from any thread of the tile, across its warps
    const unsigned src = (rank % Tile + 33) % in_tile;
    const float got = tile.shfl((float)rank * 0.5f, src);
    e[R_SHFL] = got != (float)(first + src) * 0.5f ? 1 : tile.shfl(rank, 0) != first ? 2 : 0;

    // reduce: the sum of the tile's ranks, its max
    unsigned long long want = 0;
    for (unsigned r = first; r < first + in_tile; r++)
        want += r;
    e[R_REDUCE] = cg::reduce(tile, (unsigned long long)rank, cg::plus<unsigned long long>()) != want ? 1
                  : cg::reduce(tile, (int)rank, cg::greater<int>()) != (int)(first + in_tile - 1)     ? 2
                                                                                                     : 0;

    e[R_VOTE] = tile.any(rank == first + in_tile - 1) != 1 ? 1
                : tile.any(rank == threads)                 ? 2
                : tile.all(rank >= first) != 1              ? 3
                : tile.all(rank != first)                   ? 4
                                                            : 0;

    // the tile as a thread_group: the same barrier
    cg::thread_group g = tile;
    round_of[rank] = 7 + rank;
    g.sync();
    e[R_GROUP] = g.size() != Tile || g.thread_rank() != rank % Tile ? 1
                 : round_of[first + (rank % Tile + 40) % in_tile] != 7 + first + (rank % Tile + 40) % in_tile ? 2
                                                                                                             : 0;
}

template <unsigned Tile, unsigned Block> static void run(unsigned blocks, unsigned threads)
{
    int *err;
    const size_t n = (size_t)blocks * threads * R_COUNT;
    EXPECT(cudaMallocManaged(&err, n * sizeof *err) == cudaSuccess);
    for (size_t i = 0; i < n; i++)
        err[i] = -1;
    tiles<Tile, Block><<<blocks, threads>>>(err, threads);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    int shown = 0;
    for (size_t i = 0; i < n; i++)
        if (err[i] != 0 && shown++ < 5) {
            std::printf("tile %u, block of %u: thread %zu check %zu: %d\n", Tile, threads, i / R_COUNT / threads,
                        i % R_COUNT, err[i]);
            failures++;
        }
    cudaFree(err);
}

int main()
{
    run<64, 256>(3, 256);
    run<128, 512>(2, 512);
    run<64, 128>(2, 96); // the last tile: 32 threads
    run<512, 512>(1, 512);
    std::printf("cooperative_groups_multi_warp: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
