// layered.cu -- a layered-texture pass: each output pixel sums tex2DLayered<float> over all layers of
// a float 2D layered texture (linear filtering, unnormalised coordinates, border addressing).  Gold:
// the same sum in plain C of warptex's per-lane calls on the same object, bit for bit.
// SPDX-License-Identifier: MIT
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>
#include <warptex.h> // the gold: warptex's per-lane C calls

#include "check.h"

__global__ void sum_layers(float *out, cudaTextureObject_t tex, int w, int h, int layers)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float s = 0.0f;
    for (int l = 0; l < layers; l++)
        s += tex2DLayered<float>(tex, x * 0.75f + 0.3f, y * 0.75f - 0.6f, l);
    out[y * w + x] = s;
}

#ifndef WT_EXAMPLE_KERNELS_ONLY // the host program (tests/crosscheck builds the kernel alone)
int main()
{
    const int w = 64, h = 48, layers = 5;
    std::vector<float> vol(w * h * layers);
    uint64_t st = 0x1A7E;
    for (auto &v : vol) {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        v = (float)(st >> 40) * (1.0f / 16777216.0f);
    }
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CHECK(cudaMalloc3DArray(&arr, &fmt, make_cudaExtent(w, h, layers), cudaArrayLayered));
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(vol.data(), w * sizeof(float), w, h);
    p.dstArray = arr;
    p.extent = make_cudaExtent(w, h, layers);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeBorder;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
    float *out;
    CHECK(cudaMallocManaged(&out, sizeof(float) * w * h));
    sum_layers<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(out, tex, w, h, layers);
    CHECK(cudaDeviceSynchronize());
    long bad = 0;
    double total = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float s = 0.0f;
            for (int l = 0; l < layers; l++)
                s += wt_tex_unified_2d_array_v4f32_f32(tex, l, x * 0.75f + 0.3f, y * 0.75f - 0.6f).x;
            bad += std::memcmp(&s, &out[y * w + x], 4) != 0;
            total += out[y * w + x];
        }
    std::printf("layered: %dx%d x %d layers, mean of sums %.6f, %ld pixels differ from the gold\n", w, h, layers,
                total / (w * h), bad);
    CHECK(cudaDestroyTextureObject(tex));
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(out));
    std::printf("layered: %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
#endif
