// rotate.cu -- rotate an RGBA8 image with tex2D<float4> bilinear filtering (normalised coordinates,
// read as normalised float).  Gold checks in plain C: every pixel bit-equal to warptex's per-lane C
// call on the same object at the same coordinates, and within a weight step of the textbook bilinear
// formula ([semantics#linear-filtering]) evaluated on the host.
// SPDX-License-Identifier: MIT
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
#include <warptex.h> // the gold: warptex's per-lane C calls

#include "check.h"

__global__ void rotate(float4 *out, cudaTextureObject_t tex, int w, int h, float angle)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    const float c = cosf(angle), s = sinf(angle);
    const float u = (float)x / w - 0.5f, v = (float)y / h - 0.5f;
    const float tu = u * c - v * s + 0.5f, tv = v * c + u * s + 0.5f;
    out[y * w + x] = tex2D<float4>(tex, tu, tv);
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
// Gold: bilinear over clamp-addressed RGBA8 texels, weights quantised to 1/256 ([semantics#integer-weights]).
static void gold_pixel(const unsigned char *img, int w, int h, float tu, float tv, float out[4])
{
    const float xs = tu * w - 0.5f, ys = tv * h - 0.5f;
    const float fx = floorf(xs), fy = floorf(ys);
    const int x0 = (int)fx, y0 = (int)fy;
    const float a = (float)(int)((xs - fx) * 256.0f + 0.5f) / 256.0f; // hardware's 8-bit fraction
    const float b = (float)(int)((ys - fy) * 256.0f + 0.5f) / 256.0f;
    auto tex = [&](int x, int y, int c) {
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
        return img[(y * w + x) * 4 + c] / 255.0f;
    };
    for (int c = 0; c < 4; c++)
        out[c] = (1 - a) * (1 - b) * tex(x0, y0, c) + a * (1 - b) * tex(x0 + 1, y0, c) +
                 (1 - a) * b * tex(x0, y0 + 1, c) + a * b * tex(x0 + 1, y0 + 1, c);
}

int main()
{
    const int w = 256, h = 192;
    std::vector<unsigned char> img(w * h * 4);
    uint64_t st = 0x7E57;
    for (auto &px : img) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        px = (unsigned char)(st >> 56);
    }
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<uchar4>();
    cudaArray_t arr;
    CHECK(cudaMallocArray(&arr, &fmt, w, h));
    CHECK(cudaMemcpy2DToArray(arr, 0, 0, img.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeNormalizedFloat;
    td.normalizedCoords = 1;
    cudaTextureObject_t tex;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
    float4 *out;
    CHECK(cudaMalloc(&out, sizeof(float4) * w * h));
    const float angle = 0.5f;
    dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
    rotate<<<grid, block>>>(out, tex, w, h, angle);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::vector<float4> got(w * h);
    CHECK(cudaMemcpy(got.data(), out, sizeof(float4) * w * h, cudaMemcpyDeviceToHost));
    // gold, with the kernel's own coordinate arithmetic
    double worst = 0;
    long bad = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const float c = cosf(angle), s = sinf(angle);
            const float u = (float)x / w - 0.5f, v = (float)y / h - 0.5f;
            float g[4];
            gold_pixel(img.data(), w, h, u * c - v * s + 0.5f, v * c + u * s + 0.5f, g);
            const float *k = &got[y * w + x].x;
            const wt_float4 lane = wt_tex_unified_2d_v4f32_f32(tex, u * c - v * s + 0.5f, v * c + u * s + 0.5f);
            if (std::memcmp(&lane, k, 16) != 0)
                bad++;
            for (int ch = 0; ch < 4; ch++) {
                const double d = std::fabs((double)k[ch] - g[ch]);
                worst = d > worst ? d : worst;
                bad += d > 1.5 / 256; // the gold rounds the fraction its own way: within a weight step
            }
        }
    double sum = 0;
    for (const float4 &p : got)
        sum += p.x + p.y + p.z + p.w;
    std::printf("rotate: %dx%d, mean %.6f, largest difference from the formula %.6f, %ld not bit-equal to the "
                "per-lane call or beyond 1.5/256 of the formula\n", w, h,
                sum / (4.0 * w * h), worst, bad);
    CHECK(cudaDestroyTextureObject(tex));
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(out));
    if (bad) {
        std::printf("rotate: FAILED\n");
        return 1;
    }
    std::printf("rotate: ok\n");
    return 0;
}
#endif
