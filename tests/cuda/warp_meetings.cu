// warp_meetings.cu -- warp exchanges as the block scheduler meets them (src/cuda/launch.cpp): a
// warp whose every lane waits with the whole-warp mask goes on at once (its lanes switch
// straight from one to the next), anything else waits for the scheduler.  Checked against a
// C model: blocks whose last warp has 1, 17 or 32 lanes (the short way's lane count, and a lane
// that completes its own warp's meeting and goes on without a switch); lanes that return before
// the warp's later exchanges (the scheduler's way, round after round: the short way's count must
// start again at each); half-warp masks beside whole-warp ones and __syncthreads between them;
// and a __trap() in the middle of a warp's run of exchanges, ending the launch.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "include/expect.h"

// each round: v += the value delta lanes down (own value where that lane does not exist)
__global__ void reduce_rounds(int *out, int rounds)
{
    int v = (int)threadIdx.x * 3 + 1;
    for (int r = 0; r < rounds; r++)
        for (unsigned d = 16; d > 0; d /= 2)
            v += __shfl_down_sync(0xffffffffu, v, d);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

static std::vector<int> reduce_model(unsigned n, int rounds)
{
    std::vector<int> v(n);
    for (unsigned t = 0; t < n; t++)
        v[t] = (int)t * 3 + 1;
    for (int r = 0; r < rounds; r++)
        for (unsigned d = 16; d > 0; d /= 2) {
            std::vector<int> w = v;
            for (unsigned t = 0; t < n; t++) {
                const unsigned lane = t % 32, src = t + d;
                if (lane + d < 32 && src < n)
                    w[t] = v[t] + v[src];
                else
                    w[t] = v[t] + v[t];
            }
            v = w;
        }
    return v;
}

// lanes 20 and up return at once; the others exchange with the whole-warp mask, round after
// round (the returned lanes count as arrived: their value is the reader's own)
__global__ void early_return(int *out, int rounds)
{
    const unsigned lane = threadIdx.x % 32;
    if (lane >= 20)
        return;
    int v = (int)threadIdx.x;
    for (int r = 0; r < rounds; r++)
        v += __shfl_sync(0xffffffffu, v, (int)((lane + 1) % 32));
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// half-warp masks (each half among itself), then a __syncthreads, then the whole warp
__global__ void mixed_masks(int *out)
{
    __shared__ int total[64];
    const unsigned lane = threadIdx.x % 32;
    const unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    int v = (int)threadIdx.x + 1;
    for (unsigned d = 8; d > 0; d /= 2)
        v += __shfl_xor_sync(half, v, d);
    total[threadIdx.x] = v;
    __syncthreads();
    int w = total[(threadIdx.x + 32) % blockDim.x];
    for (unsigned d = 16; d > 0; d /= 2)
        w += __shfl_xor_sync(0xffffffffu, w, d);
    out[threadIdx.x] = v * 1000 + w;
}

__global__ void trap_in_exchanges(int *out)
{
    int v = (int)threadIdx.x;
    for (int r = 0; r < 6; r++) {
        v += __shfl_down_sync(0xffffffffu, v, 1);
        if (r == 3 && threadIdx.x == 39)
            __trap();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v; // each block its own slots: blocks run on two threads
}

int main()
{
    int *d = nullptr;
    EXPECT(cudaMalloc(&d, 4 * 1024 * sizeof(int)) == cudaSuccess);
    for (unsigned n : {1u, 17u, 32u, 33u, 49u, 64u, 256u}) {
        const int blocks = 3, rounds = 4;
        EXPECT(cudaMemset(d, 0, blocks * n * sizeof(int)) == cudaSuccess);
        reduce_rounds<<<blocks, n>>>(d, rounds);
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        std::vector<int> got(blocks * n);
        EXPECT(cudaMemcpy(got.data(), d, got.size() * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
        const std::vector<int> want = reduce_model(n, rounds);
        int bad = 0;
        for (int b = 0; b < blocks; b++)
            for (unsigned t = 0; t < n; t++)
                bad += got[b * n + t] != want[t];
        if (bad)
            std::printf("reduce_rounds, blocks of %u: %d lanes differ\n", n, bad);
        EXPECT(bad == 0);
    }
    {
        const unsigned n = 96;
        const int rounds = 5;
        EXPECT(cudaMemset(d, 0, 2 * n * sizeof(int)) == cudaSuccess);
        early_return<<<2, n>>>(d, rounds);
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        std::vector<int> got(2 * n);
        EXPECT(cudaMemcpy(got.data(), d, got.size() * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
        for (int b = 0; b < 2; b++)
            for (unsigned w = 0; w < n / 32; w++) {
                std::vector<int> v(20);
                for (unsigned l = 0; l < 20; l++)
                    v[l] = (int)(w * 32 + l);
                for (int r = 0; r < rounds; r++) {
                    std::vector<int> x = v;
                    for (unsigned l = 0; l < 20; l++)
                        x[l] = v[l] + (l + 1 < 20 ? v[l + 1] : v[l]); // lane 20 returned: its own
                    v = x;
                }
                for (unsigned l = 0; l < 32; l++)
                    EXPECT(got[b * n + w * 32 + l] == (l < 20 ? v[l] : 0));
            }
    }
    {
        const unsigned n = 64;
        mixed_masks<<<1, n>>>(d);
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        std::vector<int> got(n);
        EXPECT(cudaMemcpy(got.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
        std::vector<int> half(n), want(n);
        for (unsigned t = 0; t < n; t++) { // a half's xor butterfly over 16 lanes: their sum
            int s = 0;
            for (unsigned u = t & ~15u; u < (t & ~15u) + 16; u++)
                s += (int)u + 1;
            half[t] = s;
        }
        for (unsigned t = 0; t < n; t++) {
            int s = 0;
            for (unsigned u = t & ~31u; u < (t & ~31u) + 32; u++)
                s += half[(u + 32) % n];
            want[t] = half[t] * 1000 + s;
        }
        for (unsigned t = 0; t < n; t++)
            EXPECT(got[t] == want[t]);
    }
    // the trap is sticky, so every later call fails: the memory goes back first, and the trapping
    // kernel writes to the host's (one address space here)
    EXPECT(cudaFree(d) == cudaSuccess);
    std::vector<int> trap_out(128);
    trap_in_exchanges<<<2, 64>>>(trap_out.data());
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    std::printf("warp_meetings: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
