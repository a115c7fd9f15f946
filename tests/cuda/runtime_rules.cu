// runtime_rules.cu -- where warptex's CUDA runtime follows what CUDA's runtime accepts rather than
// the letter of its documentation: a surface object over a level of a mipmapped array allocated
// without cudaArraySurfaceLoadStore (written, then read back), and cudaMemcpy2DToArray of one row
// with a source pitch of 0.  The neighbouring cases CUDA refuses stay refused.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "include/expect.h"

__global__ void fill_level(cudaSurfaceObject_t surf, int w, int h, float base)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        surf2Dwrite(make_float4(base + x, base + y, 0.0f, 1.0f), surf, x * (int)sizeof(float4), y);
}

int main()
{
    // a mipmapped array without cudaArraySurfaceLoadStore: each level is still a surface
    const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
    cudaMipmappedArray_t mip = nullptr;
    EXPECT(cudaMallocMipmappedArray(&mip, &desc, make_cudaExtent(16, 8, 0), 3, 0) == cudaSuccess);
    for (unsigned level = 0; level < 3; level++) {
        cudaArray_t a = nullptr;
        EXPECT(cudaGetMipmappedArrayLevel(&a, mip, level) == cudaSuccess);
        cudaResourceDesc res = {};
        res.resType = cudaResourceTypeArray;
        res.res.array.array = a;
        cudaSurfaceObject_t s = 0;
        EXPECT(cudaCreateSurfaceObject(&s, &res) == cudaSuccess && s != 0);
        EXPECT(cudaGetLastError() == cudaSuccess);
        const int w = 16 >> level, h = 8 >> level;
        fill_level<<<dim3(1, 1), dim3(16, 8)>>>(s, w, h, 100.0f * level);
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        std::vector<float4> back(w * h);
        EXPECT(cudaMemcpy2DFromArray(back.data(), w * sizeof(float4), a, 0, 0, w * sizeof(float4), h,
                                     cudaMemcpyDeviceToHost) == cudaSuccess);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                EXPECT(back[y * w + x].x == 100.0f * level + x && back[y * w + x].y == 100.0f * level + y);
        EXPECT(cudaDestroySurfaceObject(s) == cudaSuccess);
    }
    // a plain array without the flag is refused, as by CUDA's runtime
    cudaArray_t plain = nullptr;
    EXPECT(cudaMallocArray(&plain, &desc, 16, 8) == cudaSuccess);
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = plain;
    cudaSurfaceObject_t s = 0;
    EXPECT(cudaCreateSurfaceObject(&s, &res) == cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);

    // one row with a source pitch of 0: the pitch is not looked at
    std::vector<float4> row(16);
    for (int x = 0; x < 16; x++)
        row[x] = make_float4((float)x, 1.0f, 2.0f, 3.0f);
    EXPECT(cudaMemcpy2DToArray(plain, 0, 5, row.data(), 0, 16 * sizeof(float4), 1, cudaMemcpyHostToDevice) ==
           cudaSuccess);
    std::vector<float4> got(16);
    EXPECT(cudaMemcpy2DFromArray(got.data(), 16 * sizeof(float4), plain, 0, 5, 16 * sizeof(float4), 1,
                                 cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int x = 0; x < 16; x++)
        EXPECT(got[x].x == (float)x && got[x].w == 3.0f);
    // two rows need a pitch of at least the row
    EXPECT(cudaMemcpy2DToArray(plain, 0, 0, row.data(), 0, 8 * sizeof(float4), 2, cudaMemcpyHostToDevice) ==
           cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);

    cudaFreeArray(plain);
    cudaFreeMipmappedArray(mip);
    std::printf("runtime_rules: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
