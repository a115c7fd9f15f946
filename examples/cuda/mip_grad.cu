// mip_grad.cu -- a mipmapped RGBA8 texture sampled with tex2DGrad<float4> (trilinear: linear
// filter and linear mip filter), gradients of a zooming map so that every level is used.  Gold: the
// same samples in plain C from warptex's per-lane calls on the same object, bit for bit.  The levels
// are 2x2 box filters of each other, made in plain C.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
#include <warptex.h> // the gold: warptex's per-lane C calls

#include "check.h"

__global__ void sample(float4 *out, cudaTextureObject_t tex, int w, int h)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    const float scale = 1.0f / (1.0f + 0.25f * y); // texels per pixel grows down the image
    const float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
    const float2 ddx = make_float2(scale * 8.0f / w, 0.0f), ddy = make_float2(0.0f, scale * 8.0f / h);
    out[y * w + x] = tex2DGrad<float4>(tex, u, v, ddx, ddy);
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
int main()
{
    const int size = 128, levels = 8, w = 64, h = 64;
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<uchar4>();
    cudaMipmappedArray_t mip;
    CHECK(cudaMallocMipmappedArray(&mip, &fmt, make_cudaExtent(size, size, 0), levels));
    std::vector<unsigned char> level0(size * size * 4);
    uint64_t st = 0x313;
    for (auto &b : level0) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        b = (unsigned char)(st >> 56);
    }
    std::vector<unsigned char> cur = level0;
    for (int l = 0, s = size; l < levels; l++, s /= 2) {
        cudaArray_t a;
        CHECK(cudaGetMipmappedArrayLevel(&a, mip, l));
        CHECK(cudaMemcpy2DToArray(a, 0, 0, cur.data(), s * 4, s * 4, s, cudaMemcpyHostToDevice));
        if (s > 1) { // 2x2 box filter for the next level, in plain C
            std::vector<unsigned char> next((s / 2) * (s / 2) * 4);
            for (int y = 0; y < s / 2; y++)
                for (int x = 0; x < s / 2; x++)
                    for (int c = 0; c < 4; c++)
                        next[(y * (s / 2) + x) * 4 + c] =
                            (unsigned char)((cur[((2 * y) * s + 2 * x) * 4 + c] + cur[((2 * y) * s + 2 * x + 1) * 4 + c] +
                                             cur[((2 * y + 1) * s + 2 * x) * 4 + c] +
                                             cur[((2 * y + 1) * s + 2 * x + 1) * 4 + c] + 2) / 4);
            cur.swap(next);
        }
    }
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeMipmappedArray;
    res.res.mipmap.mipmap = mip;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
    td.filterMode = cudaFilterModeLinear;
    td.mipmapFilterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeNormalizedFloat;
    td.normalizedCoords = 1;
    td.maxMipmapLevelClamp = levels - 1;
    cudaTextureObject_t tex;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
    float4 *out;
    CHECK(cudaMalloc(&out, sizeof(float4) * w * h));
    sample<<<dim3(w / 8, h / 8), dim3(8, 8)>>>(out, tex, w, h);
    CHECK(cudaDeviceSynchronize());
    std::vector<float4> got(w * h);
    CHECK(cudaMemcpy(got.data(), out, sizeof(float4) * w * h, cudaMemcpyDeviceToHost));
    long bad = 0;
    double first_row = 0, last_row = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const float scale = 1.0f / (1.0f + 0.25f * y);
            const float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
            const wt_float4 g = wt_tex_unified_2d_grad_v4f32_f32(tex, u, v, scale * 8.0f / w, 0.0f, 0.0f,
                                                                 scale * 8.0f / h);
            bad += std::memcmp(&g, &got[y * w + x], 16) != 0;
            if (y == 0)
                first_row += got[y * w + x].x;
            if (y == h - 1)
                last_row += got[y * w + x].x;
        }
    std::printf("mip_grad: %d levels from %dx%d, %dx%d samples, mean R of the first row %.5f, of the last %.5f, "
                "%ld samples differ from the gold\n",
                levels, size, size, w, h, first_row / w, last_row / w, bad);
    CHECK(cudaDestroyTextureObject(tex));
    CHECK(cudaFreeMipmappedArray(mip));
    CHECK(cudaFree(out));
    std::printf("mip_grad: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
#endif
