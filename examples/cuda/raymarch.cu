// raymarch.cu -- a maximum-intensity ray-march through a 3D float volume with tex3D<float> (trilinear,
// normalised coordinates, clamp).  Gold: the same march in plain C over warptex's per-lane calls on
// the same object, bit for bit.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
#include <warptex.h> // the gold: warptex's per-lane C calls

#include "check.h"

__device__ float march(cudaTextureObject_t vol, float u, float v, int steps)
{
    float best = 0.0f;
    for (int i = 0; i < steps; i++) {
        const float t = (i + 0.5f) / steps;
        const float s = tex3D<float>(vol, u + 0.1f * t, v - 0.05f * t, t);
        best = fmaxf(best, s);
    }
    return best;
}

__global__ void render(float *img, cudaTextureObject_t vol, int w, int h, int steps)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        img[y * w + x] = march(vol, (x + 0.5f) / w, (y + 0.5f) / h, steps);
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
int main()
{
    const int n = 32, w = 48, h = 40, steps = 24;
    std::vector<float> data(n * n * n);
    uint64_t st = 0x701;
    for (auto &v : data) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        v = (float)(st >> 40) * (1.0f / 16777216.0f);
    }
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t arr;
    CHECK(cudaMalloc3DArray(&arr, &fmt, make_cudaExtent(n, n, n)));
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(data.data(), n * sizeof(float), n, n);
    p.dstArray = arr;
    p.extent = make_cudaExtent(n, n, n);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.normalizedCoords = 1;
    cudaTextureObject_t vol;
    CHECK(cudaCreateTextureObject(&vol, &res, &td, nullptr));
    float *img;
    CHECK(cudaMalloc(&img, sizeof(float) * w * h));
    render<<<dim3((w + 7) / 8, (h + 7) / 8), dim3(8, 8)>>>(img, vol, w, h, steps);
    CHECK(cudaDeviceSynchronize());
    std::vector<float> got(w * h);
    CHECK(cudaMemcpy(got.data(), img, sizeof(float) * w * h, cudaMemcpyDeviceToHost));
    long bad = 0;
    double total = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
            float best = 0.0f;
            for (int i = 0; i < steps; i++) {
                const float t = (i + 0.5f) / steps;
                const float s = wt_tex_unified_3d_v4f32_f32(vol, u + 0.1f * t, v - 0.05f * t, t).x;
                best = best > s ? best : s;
            }
            bad += std::memcmp(&best, &got[y * w + x], 4) != 0;
            total += got[y * w + x];
        }
    std::printf("raymarch: %d^3 volume, %dx%d image, mean %.6f, %ld pixels differ from the gold\n", n, w, h,
                total / (w * h), bad);
    CHECK(cudaDestroyTextureObject(vol));
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(img));
    std::printf("raymarch: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
#endif
