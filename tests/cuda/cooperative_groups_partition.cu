// cooperative_groups_partition.cu -- coalesced_group: coalesced_threads() in divergent code (NVIDIA's
// warpAggregatedAtomicsCG: a warp-aggregated atomicAdd), binary_partition of a tile
// (binaryPartitionCG: odd and even lanes reduce apart), labeled_partition of a tile and of a
// coalesced group, with thread_rank, size, shfl, shfl_up/down, any, all, ballot and cg::reduce; the
// tile's own exchanges after the groups' are still right; __syncwarp(mask) waits for the lanes of
// that same mask (PTX's bar.warp.sync), not for lanes at a barrier of another mask.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

#include "include/expect.h"

constexpr int kThreads = 64, kBlocks = 4, kN = kThreads * kBlocks;
enum { R_AGG, R_BIN, R_LABEL, R_AFTER, R_SINGLE, R_SYNCWARP, R_COUNT };

__device__ int aggregated_increment(int *counter)
{
    cg::coalesced_group active = cg::coalesced_threads();
    int res = 0;
    if (active.thread_rank() == 0)
        res = atomicAdd(counter, (int)active.size());
    res = active.shfl(res, 0);
    return res + (int)active.thread_rank();
}

__global__ void partitions(const int *in, int *positives, int *n_pos, int *err)
{
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned lane = tile.thread_rank(), warp0 = (unsigned)g - lane; // the warp's first element
    int *e = err + g * R_COUNT;
    const int v = in[g];

    // a warp-aggregated increment in divergent code: each positive value gets its own index
    if (v > 0)
        positives[aggregated_increment(n_pos)] = v;
    e[R_AGG] = 0;

    // binary_partition: the lanes of the tile with the same parity, ranked in lane order
    unsigned same = 0, below = 0;
    int sum = 0, prev = v, next = v; // the group's values at rank - 1 and rank + 1 (own where none)
    for (unsigned l = 0; l < 32; l++)
        if ((in[warp0 + l] & 1) == (v & 1)) {
            same++;
            below += l < lane;
            sum += in[warp0 + l];
            if (l < lane)
                prev = in[warp0 + l];
        }
    for (unsigned l = lane + 1; l < 32; l++) // the first later lane of the group
        if ((in[warp0 + l] & 1) == (v & 1)) {
            next = in[warp0 + l];
            break;
        }
    cg::coalesced_group half = cg::binary_partition(tile, v & 1);
    int bad = half.size() != same || half.num_threads() != same ? 1 : half.thread_rank() != below ? 2 : 0;
    if (v & 1) { // the two sides exchange apart, a different number of times
        bad = bad ? bad : cg::reduce(half, v, cg::plus<int>()) != sum ? 3 : 0;
        bad = bad ? bad : half.shfl(v * 3, half.thread_rank()) != v * 3 ? 4 : 0;
    } else {
        bad = bad ? bad : cg::reduce(half, v, cg::plus<int>()) != sum ? 5 : 0;
        bad = bad ? bad : half.shfl_up(v, 1) != prev ? 6 : 0;
        bad = bad ? bad : half.shfl_down(v, 1) != next ? 7 : 0;
        bad = bad ? bad : half.any(half.thread_rank() == half.size() - 1) != 1 ? 8 : 0;
        bad = bad ? bad : half.all(v % 2 == 0) != 1 ? 9 : 0;
        bad = bad ? bad : half.ballot(1) != (same == 32 ? 0xffffffffu : (1u << same) - 1u) ? 10 : 0;
    }
    cg::sync(tile);
    e[R_BIN] = bad;

    // labeled_partition of the tile by v % 3: the largest value of each label
    int label_max = -100000; // below every value
    unsigned label_size = 0;
    for (unsigned l = 0; l < 32; l++)
        if (in[warp0 + l] % 3 == v % 3) {
            label_size++;
            label_max = in[warp0 + l] > label_max ? in[warp0 + l] : label_max;
        }
    cg::coalesced_group by3 = cg::labeled_partition(tile, v % 3);
    e[R_LABEL] = by3.size() != label_size                                  ? 1
                 : cg::reduce(by3, v, cg::greater<int>()) != label_max      ? 2
                 : by3.shfl(v, by3.size() - 1) != by3.shfl(v, 2 * by3.size() - 1) ? 3
                                                                            : 0;

    // the tile's own shuffles still read this round's values
    e[R_AFTER] = tile.shfl(v * 2, (lane + 1) % 32) != in[warp0 + (lane + 1) % 32] * 2 ? 1 : 0;

    // a partition of the caller alone
    cg::coalesced_group one = cg::labeled_partition(cg::coalesced_threads(), 7);
    e[R_SINGLE] = one.size() != 1 || one.thread_rank() != 0 || one.shfl(v, 0) != v ? 1 : 0;

    // odd lanes sync among themselves three times, then write; even lanes wait at the full mask
    __shared__ int flag[kThreads / 32];
    if (lane == 0)
        flag[threadIdx.x / 32] = 0;
    __syncwarp();
    if (lane & 1) {
        for (int i = 0; i < 3; i++)
            __syncwarp(0xaaaaaaaau);
        if (lane == 1)
            flag[threadIdx.x / 32] = 99;
    }
    __syncwarp();
    e[R_SYNCWARP] = flag[threadIdx.x / 32] != 99;
}

int main()
{
    int *in, *positives, *n_pos, *err;
    EXPECT(cudaMallocManaged(&in, kN * sizeof *in) == cudaSuccess);
    EXPECT(cudaMallocManaged(&positives, kN * sizeof *positives) == cudaSuccess);
    EXPECT(cudaMallocManaged(&n_pos, sizeof *n_pos) == cudaSuccess);
    EXPECT(cudaMallocManaged(&err, kN * R_COUNT * sizeof *err) == cudaSuccess);
    unsigned seed = 12345;
    int want_pos = 0;
    long long want_sum = 0;
    for (int i = 0; i < kN; i++) {
        seed = seed * 1103515245u + 12345u;
        in[i] = (int)(seed >> 16 & 1023) - 300;
        if (in[i] > 0) {
            want_pos++;
            want_sum += in[i];
        }
    }
    *n_pos = 0;
    for (int i = 0; i < kN * R_COUNT; i++)
        err[i] = -1;
    partitions<<<kBlocks, kThreads>>>(in, positives, n_pos, err);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    long long got_sum = 0;
    for (int i = 0; i < *n_pos && i < kN; i++)
        got_sum += positives[i];
    EXPECT(*n_pos == want_pos && got_sum == want_sum);
    int shown = 0;
    for (int i = 0; i < kN * R_COUNT; i++)
        if (err[i] != 0 && shown++ < 8) {
            std::printf("thread %d check %d: %d\n", i / R_COUNT, i % R_COUNT, err[i]);
            failures++;
        }
    cudaFree(in);
    cudaFree(positives);
    cudaFree(n_pos);
    cudaFree(err);
    std::printf("cooperative_groups_partition: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
