// surface_blur.cu -- a 3x3 box blur of an RGBA8 image: surf2Dread<uchar4> with cudaBoundaryModeClamp
// from one surface, integer average, surf2Dwrite to a second surface (x in bytes).  Gold: the same
// blur in plain C on the host bytes; every byte must match.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "check.h"

__global__ void blur(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    unsigned int s[4] = {0, 0, 0, 0};
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            const uchar4 p = surf2Dread<uchar4>(src, (x + dx) * 4, y + dy, cudaBoundaryModeClamp);
            s[0] += p.x, s[1] += p.y, s[2] += p.z, s[3] += p.w;
        }
    surf2Dwrite(make_uchar4(s[0] / 9, s[1] / 9, s[2] / 9, s[3] / 9), dst, x * 4, y);
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
int main()
{
    const int w = 200, h = 120;
    std::vector<unsigned char> img(w * h * 4), out(w * h * 4);
    uint64_t st = 0xB1B1;
    for (auto &px : img) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        px = (unsigned char)(st >> 56);
    }
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a, b;
    CHECK(cudaMallocArray(&a, &fmt, w, h, cudaArraySurfaceLoadStore));
    CHECK(cudaMallocArray(&b, &fmt, w, h, cudaArraySurfaceLoadStore));
    CHECK(cudaMemcpy2DToArray(a, 0, 0, img.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    cudaSurfaceObject_t sa, sb;
    res.res.array.array = a;
    CHECK(cudaCreateSurfaceObject(&sa, &res));
    res.res.array.array = b;
    CHECK(cudaCreateSurfaceObject(&sb, &res));
    blur<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(sa, sb, w, h);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy2DFromArray(out.data(), w * 4, b, 0, 0, w * 4, h, cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int c = 0; c < 4; c++) {
                unsigned s = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        const int xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
                        const int yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
                        s += img[(yy * w + xx) * 4 + c];
                    }
                bad += out[(y * w + x) * 4 + c] != s / 9;
            }
    std::printf("surface_blur: %dx%d, first pixel %u %u %u %u, %ld bytes differ from the gold\n", w, h, out[0], out[1],
                out[2], out[3], bad);
    CHECK(cudaDestroySurfaceObject(sa));
    CHECK(cudaDestroySurfaceObject(sb));
    CHECK(cudaFreeArray(a));
    CHECK(cudaFreeArray(b));
    std::printf("surface_blur: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
#endif
