// histogram.cu -- 256-bin histogram of bytes: per-block bins in __shared__ memory updated with
// atomicAdd, __syncthreads between the phases, then atomicAdd into the global bins.  Gold: a plain
// C loop over the same bytes; the totals must match exactly.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "check.h"

__global__ void histogram(const unsigned char *data, int n, unsigned int *bins)
{
    __shared__ unsigned int local[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        atomicAdd(&bins[i], local[i]);
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
int main()
{
    const int n = 1 << 20;
    std::vector<unsigned char> data(n);
    uint64_t st = 0x4157;
    for (auto &b : data) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        b = (unsigned char)((st >> 56) & (st >> 48)); // uneven bins
    }
    unsigned char *d_data;
    unsigned int *d_bins;
    CHECK(cudaMalloc(&d_data, n));
    CHECK(cudaMalloc(&d_bins, 256 * sizeof(unsigned int)));
    CHECK(cudaMemcpy(d_data, data.data(), n, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_bins, 0, 256 * sizeof(unsigned int)));
    histogram<<<64, 256>>>(d_data, n, d_bins);
    CHECK(cudaDeviceSynchronize());
    unsigned int bins[256];
    CHECK(cudaMemcpy(bins, d_bins, sizeof bins, cudaMemcpyDeviceToHost));
    unsigned int gold[256] = {0};
    for (unsigned char b : data)
        gold[b]++;
    int bad = 0;
    unsigned long long total = 0;
    for (int i = 0; i < 256; i++) {
        bad += bins[i] != gold[i];
        total += bins[i];
    }
    std::printf("histogram: %d bytes, total %llu, bin[0] %u, bin[255] %u, %d bins differ from the gold\n", n, total,
                bins[0], bins[255], bad);
    CHECK(cudaFree(d_data));
    CHECK(cudaFree(d_bins));
    std::printf("histogram: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
#endif
