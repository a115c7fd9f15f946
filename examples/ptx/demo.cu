// demo.cu -- the kernel `make demo` runs through `warptex run`: rotate an image about its centre with
// bilinear filtering, then a 3x3 box blur of the rotated samples, written to an RGBA8 surface.
// SPDX-License-Identifier: MIT
// PTX: nvcc -ptx -O3 -arch=sm_75 demo.cu -o demo.ptx (tests/ptx/fixtures/regenerate.sh does it).
#include <cuda_runtime.h>

extern "C" __global__ void rotate_blur(cudaTextureObject_t src, cudaSurfaceObject_t dst, int w, int h, float degrees)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float s, c;
    sincosf(degrees * 0.017453292f, &s, &c);
    float cx = 0.5f * w, cy = 0.5f * h;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++) {
            float px = x + i + 0.5f - cx, py = y + j + 0.5f - cy;
            float u = c * px + s * py + cx, v = -s * px + c * py + cy;
            float4 t = tex2D<float4>(src, u / w, v / h);
            acc.x += t.x; acc.y += t.y; acc.z += t.z; acc.w += t.w;
        }
    const float k = 255.0f / 9.0f;
    uchar4 o = make_uchar4(__float2uint_rn(fminf(acc.x * k, 255.f)), __float2uint_rn(fminf(acc.y * k, 255.f)),
                           __float2uint_rn(fminf(acc.z * k, 255.f)), 255);
    surf2Dwrite(o, dst, x * 4, y);
}
