// lane_fetch_formats.cu -- tex2D, tex2DLayered and tex3D in a kernel, on the textures that do not take
// the inline RGBA8 path (float, 16- and 8-bit integer and half formats of 1, 2 and 4 channels, read as
// element type or normalised float, point and linear, every address mode, normalised coordinates or
// not): each fetch equals the scalar reference's per-lane call at the same coordinates bit for bit.
// In a kernel these fetches run the object's one-lane kernel, resolved once a block
// (src/cuda/lane_fetch.cpp); the expected values are computed on the host with the reference
// backend set, which runs every call in full.  Coordinates include points outside the texture, NaN
// and infinities.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>
#include <warptex.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "include/expect.h"

constexpr int kW = 13, kH = 7, kD = 5, kN = 256;

struct coords {
    float x, y, z;
    int layer;
};

template <class T> __global__ void fetch2d(cudaTextureObject_t t, const coords *c, T *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex2D<T>(t, c[i].x, c[i].y);
}
template <class T> __global__ void fetch_layered(cudaTextureObject_t t, const coords *c, T *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex2DLayered<T>(t, c[i].x, c[i].y, c[i].layer);
}
template <class T> __global__ void fetch3d(cudaTextureObject_t t, const coords *c, T *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex3D<T>(t, c[i].x, c[i].y, c[i].z);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd()
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

static std::vector<coords> make_coords(bool normalized)
{
    const float span = normalized ? 1.0f : (float)kW;
    std::vector<coords> c(kN);
    const float special[] = {NAN, INFINITY, -INFINITY, -0.0f, 1e30f, -1e30f};
    for (int i = 0; i < kN; i++) {
        float v[3];
        for (int k = 0; k < 3; k++)
            v[k] = ((float)(rnd() % 4096) / 4096.0f * 1.6f - 0.3f) * span;
        if (i % 37 == 5)
            v[i % 3] = special[(i / 37) % 6];
        c[i] = {v[0], v[1], v[2], (int)(rnd() % 5) - 1}; // layers -1 .. 3 of 3: clamped ones too
    }
    return c;
}

struct format {
    const char *name;
    cudaChannelFormatDesc desc;
    int bytes; // per texel
};

// One texture: fill, sample in a kernel on the live backend, compare with the scalar reference.
template <class T>
static void check(const format &f, int shape, cudaTextureFilterMode filter, cudaTextureAddressMode mode,
                  cudaTextureReadMode read, bool normalized)
{
    const int layers = 3, depth = shape == 2 ? kD : shape == 1 ? layers : 0;
    cudaArray_t a = nullptr;
    cudaExtent ext = make_cudaExtent(kW, kH, depth);
    if (cudaMalloc3DArray(&a, &f.desc, ext, shape == 1 ? cudaArrayLayered : 0) != cudaSuccess) {
        std::printf("%s: cudaMalloc3DArray failed\n", f.name);
        failures++;
        return;
    }
    const int slices = depth ? depth : 1;
    std::vector<uint8_t> texels((size_t)kW * kH * slices * f.bytes);
    for (auto &b : texels)
        b = (uint8_t)rnd();
    if (f.desc.f == cudaChannelFormatKindFloat && f.desc.x == 32) // finite floats in [-4, 4)
        for (size_t i = 0; i + 4 <= texels.size(); i += 4) {
            const float v = (float)(int)(rnd() % 8192 - 4096) / 1024.0f;
            std::memcpy(&texels[i], &v, 4);
        }
    if (f.desc.f == cudaChannelFormatKindFloat && f.desc.x == 16) // finite halves
        for (size_t i = 1; i < texels.size(); i += 2)
            texels[i] &= 0xbb;
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(texels.data(), (size_t)kW * f.bytes, kW, kH);
    p.dstArray = a;
    p.extent = make_cudaExtent(kW, kH, slices);
    p.kind = cudaMemcpyHostToDevice;
    EXPECT(cudaMemcpy3D(&p) == cudaSuccess);
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = mode;
    td.filterMode = filter;
    td.readMode = read;
    td.normalizedCoords = normalized;
    td.borderColor[0] = 0.25f, td.borderColor[1] = -1.0f, td.borderColor[2] = 3.0f, td.borderColor[3] = 1.0f;
    cudaTextureObject_t t = 0;
    if (cudaCreateTextureObject(&t, &res, &td, nullptr) != cudaSuccess) { // a mode CUDA refuses here
        cudaGetLastError();
        cudaFreeArray(a);
        return;
    }
    const std::vector<coords> c = make_coords(normalized);
    coords *dc = nullptr;
    T *dout = nullptr;
    EXPECT(cudaMalloc(&dc, kN * sizeof(coords)) == cudaSuccess);
    EXPECT(cudaMalloc(&dout, kN * sizeof(T)) == cudaSuccess);
    cudaMemcpy(dc, c.data(), kN * sizeof(coords), cudaMemcpyHostToDevice);
    if (shape == 0)
        fetch2d<T><<<kN / 64, 64>>>(t, dc, dout);
    else if (shape == 1)
        fetch_layered<T><<<kN / 64, 64>>>(t, dc, dout);
    else
        fetch3d<T><<<kN / 64, 64>>>(t, dc, dout);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<T> got(kN);
    cudaMemcpy(got.data(), dout, kN * sizeof(T), cudaMemcpyDeviceToHost);

    const char *live = wt_backend_name();
    EXPECT(wt_set_backend("scalar") == WT_SUCCESS);
    int bad = 0;
    for (int i = 0; i < kN; i++) {
        uint32_t want[4];
        const bool f32 = std::is_same<T, float4>::value, s32 = std::is_same<T, int4>::value;
        if (shape == 0) {
            if (f32) { wt_float4 r = wt_tex_unified_2d_v4f32_f32(t, c[i].x, c[i].y); std::memcpy(want, &r, 16); }
            else if (s32) { wt_int4 r = wt_tex_unified_2d_v4s32_f32(t, c[i].x, c[i].y); std::memcpy(want, &r, 16); }
            else { wt_int4 r = wt_tex_unified_2d_v4u32_f32(t, c[i].x, c[i].y); std::memcpy(want, &r, 16); }
        } else if (shape == 1) {
            if (f32) { wt_float4 r = wt_tex_unified_2d_array_v4f32_f32(t, c[i].layer, c[i].x, c[i].y); std::memcpy(want, &r, 16); }
            else if (s32) { wt_int4 r = wt_tex_unified_2d_array_v4s32_f32(t, c[i].layer, c[i].x, c[i].y); std::memcpy(want, &r, 16); }
            else { wt_int4 r = wt_tex_unified_2d_array_v4u32_f32(t, c[i].layer, c[i].x, c[i].y); std::memcpy(want, &r, 16); }
        } else {
            if (f32) { wt_float4 r = wt_tex_unified_3d_v4f32_f32(t, c[i].x, c[i].y, c[i].z); std::memcpy(want, &r, 16); }
            else if (s32) { wt_int4 r = wt_tex_unified_3d_v4s32_f32(t, c[i].x, c[i].y, c[i].z); std::memcpy(want, &r, 16); }
            else { wt_int4 r = wt_tex_unified_3d_v4u32_f32(t, c[i].x, c[i].y, c[i].z); std::memcpy(want, &r, 16); }
        }
        if (std::memcmp(want, &got[i], 16) != 0 && bad++ < 3) {
            uint32_t g[4];
            std::memcpy(g, &got[i], 16);
            std::printf("%s shape %d filter %d mode %d read %d norm %d: lane %d (%g, %g, %g, layer %d): kernel "
                        "%08x %08x %08x %08x, reference %08x %08x %08x %08x\n",
                        f.name, shape, (int)filter, (int)mode, (int)read, (int)normalized, i, c[i].x, c[i].y,
                        c[i].z, c[i].layer, g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
        }
    }
    EXPECT(bad == 0);
    EXPECT(wt_set_backend(live) == WT_SUCCESS);
    cudaDestroyTextureObject(t);
    cudaFree(dc);
    cudaFree(dout);
    cudaFreeArray(a);
}

int main()
{
    const format formats[] = {
        {"f32x1", cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat), 4},
        {"f32x2", cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindFloat), 8},
        {"f32x4", cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindFloat), 16},
        {"f16x4", cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat), 8},
        {"u16x1", cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindUnsigned), 2},
        {"s16x2", cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindSigned), 4},
        {"u8x1", cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned), 1},
        {"u8x2", cudaCreateChannelDesc(8, 8, 0, 0, cudaChannelFormatKindUnsigned), 2},
        {"s8x4", cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindSigned), 4},
    };
    const cudaTextureAddressMode modes[] = {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeMirror,
                                            cudaAddressModeBorder};
    for (const format &f : formats) {
        const bool fl = f.desc.f == cudaChannelFormatKindFloat;
        const bool sgn = f.desc.f == cudaChannelFormatKindSigned;
        for (int shape = 0; shape < 3; shape++)
            for (int filter = 0; filter < 2; filter++)
                for (cudaTextureAddressMode mode : modes)
                    for (int norm = 0; norm < 2; norm++) {
                        if (!fl) { // integers: element type (point only: they do not filter) and normalised float
                            if (filter == 0)
                                sgn ? check<int4>(f, shape, cudaFilterModePoint, mode, cudaReadModeElementType, norm)
                                    : check<uint4>(f, shape, cudaFilterModePoint, mode, cudaReadModeElementType,
                                                   norm);
                            check<float4>(f, shape, (cudaTextureFilterMode)filter, mode,
                                          cudaReadModeNormalizedFloat, norm);
                        } else {
                            check<float4>(f, shape, (cudaTextureFilterMode)filter, mode, cudaReadModeElementType,
                                          norm);
                        }
                    }
    }
    std::printf("%s\n", failures ? "FAILED" : "lane fetches equal the scalar reference");
    return failures ? 1 : 0;
}
