// bicubic_gather.cu -- bicubic (Catmull-Rom) upscaling of a float image built on tex2Dgather: four
// gathers of the 4x4 neighbourhood per output pixel, weighted in the kernel.  Gold in plain C: the
// same weights applied to the texels read straight from the host image (clamp addressing), which
// must agree bit for bit, because the gathers return the texels unfiltered.
// SPDX-License-Identifier: MIT
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "check.h"

__device__ void catmull_rom(float t, float w[4])
{
    const float t2 = t * t, t3 = t2 * t;
    w[0] = 0.5f * (-t3 + 2.0f * t2 - t);
    w[1] = 0.5f * (3.0f * t3 - 5.0f * t2 + 2.0f);
    w[2] = 0.5f * (-3.0f * t3 + 4.0f * t2 + t);
    w[3] = 0.5f * (t3 - t2);
}

// tld4 returns the 2x2 footprint around (x, y) in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0).
__device__ float bicubic(cudaTextureObject_t tex, float x, float y)
{
    const float px = floorf(x - 0.5f), py = floorf(y - 0.5f);
    float wx[4], wy[4];
    catmull_rom(x - 0.5f - px, wx);
    catmull_rom(y - 0.5f - py, wy);
    float v[4][4]; // v[row][col] of the 4x4 texels from (px - 1, py - 1)
    for (int gy = 0; gy < 2; gy++)
        for (int gx = 0; gx < 2; gx++) {
            // the centre between texels (px - 1 + 2gx, py - 1 + 2gy) and their +1 neighbours
            const float4 g = tex2Dgather<float4>(tex, px + 2.0f * gx, py + 2.0f * gy, 0);
            v[2 * gy + 1][2 * gx] = g.x;
            v[2 * gy + 1][2 * gx + 1] = g.y;
            v[2 * gy][2 * gx + 1] = g.z;
            v[2 * gy][2 * gx] = g.w;
        }
    float s = 0.0f;
    for (int r = 0; r < 4; r++) {
        float row = 0.0f;
        for (int c = 0; c < 4; c++)
            row += wx[c] * v[r][c];
        s += wy[r] * row;
    }
    return s;
}

__global__ void upscale(float *out, cudaTextureObject_t tex, int w, int h, float scale)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        out[y * w + x] = bicubic(tex, (x + 0.5f) / scale, (y + 0.5f) / scale);
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
// ---- gold ----
static void gold_weights(float t, float w[4])
{
    const float t2 = t * t, t3 = t2 * t;
    w[0] = 0.5f * (-t3 + 2.0f * t2 - t);
    w[1] = 0.5f * (3.0f * t3 - 5.0f * t2 + 2.0f);
    w[2] = 0.5f * (-3.0f * t3 + 4.0f * t2 + t);
    w[3] = 0.5f * (t3 - t2);
}

int main()
{
    const int sw = 37, sh = 29, scale = 3, w = sw * scale, h = sh * scale;
    std::vector<float> img(sw * sh);
    uint64_t st = 0xB1C;
    for (auto &v : img) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        v = (float)(st >> 40) * (1.0f / 16777216.0f);
    }
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CHECK(cudaMallocArray(&arr, &fmt, sw, sh, cudaArrayTextureGather));
    CHECK(cudaMemcpy2DToArray(arr, 0, 0, img.data(), sw * 4, sw * 4, sh, cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
    float *out;
    CHECK(cudaMallocManaged(&out, sizeof(float) * w * h));
    upscale<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(out, tex, w, h, (float)scale);
    CHECK(cudaDeviceSynchronize());
    long bad = 0;
    double total = 0;
    auto texel = [&](int x, int y) {
        x = x < 0 ? 0 : x >= sw ? sw - 1 : x;
        y = y < 0 ? 0 : y >= sh ? sh - 1 : y;
        return img[y * sw + x];
    };
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const float fx = (x + 0.5f) / scale, fy = (y + 0.5f) / scale;
            const float px = floorf(fx - 0.5f), py = floorf(fy - 0.5f);
            float wx[4], wy[4];
            gold_weights(fx - 0.5f - px, wx);
            gold_weights(fy - 0.5f - py, wy);
            float s = 0.0f;
            for (int r = 0; r < 4; r++) {
                float row = 0.0f;
                for (int c = 0; c < 4; c++)
                    row += wx[c] * texel((int)px - 1 + c, (int)py - 1 + r);
                s += wy[r] * row;
            }
            bad += std::memcmp(&s, &out[y * w + x], 4) != 0;
            total += out[y * w + x];
        }
    std::printf("bicubic_gather: %dx%d -> %dx%d, mean %.6f (source mean %.6f), %ld pixels differ from the gold\n",
                sw, sh, w, h, total / (w * h), [&] { double m = 0; for (float v : img) m += v; return m / img.size(); }(),
                bad);
    CHECK(cudaDestroyTextureObject(tex));
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(out));
    std::printf("bicubic_gather: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
#endif
