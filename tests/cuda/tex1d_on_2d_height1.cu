// tex1d_on_2d_height1.cu -- tex1D on a CUDA array allocated 2D with height 1 (cudaMallocArray(w, 1),
// as NVIDIA's volumeRender makes its transfer function): CUDA's runtime makes a 2D array (height 0
// alone makes a 1D one) and the GPU samples it as the 1D texture of its row, so the fetch equals
// tex1D on a 1D array of the same texels, bit for bit, under every filter and address mode that
// the sample's kind uses; tex2D on it still works.  Other mismatches (tex1D on a 2D array of
// height 2) still fail the launch.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "include/expect.h"

constexpr int kW = 9, kN = 64;

__global__ void fetch1d(cudaTextureObject_t t, float4 *out)
{
    const int i = threadIdx.x;
    out[i] = tex1D<float4>(t, (float)(i - 8) / (kN - 16)); // a little outside [0, 1] on both sides
}
__global__ void fetch2d(cudaTextureObject_t t, float4 *out)
{
    const int i = threadIdx.x;
    out[i] = tex2D<float4>(t, (float)(i - 8) / (kN - 16), 0.5f);
}

static cudaTextureObject_t object(cudaArray_t a, cudaTextureFilterMode filter, cudaTextureAddressMode mode)
{
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.normalizedCoords = 1;
    td.filterMode = filter;
    td.addressMode[0] = mode;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t = 0;
    EXPECT(cudaCreateTextureObject(&t, &res, &td, nullptr) == cudaSuccess);
    return t;
}

int main()
{
    float4 texels[kW];
    for (int i = 0; i < kW; i++)
        texels[i] = make_float4(i * 0.125f, 1.0f - i * 0.0625f, (float)(i & 1), 0.5f + i);
    const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
    cudaArray_t one_row, linear, two_rows;
    EXPECT(cudaMallocArray(&one_row, &desc, kW, 1) == cudaSuccess);
    EXPECT(cudaMallocArray(&linear, &desc, kW) == cudaSuccess);
    EXPECT(cudaMallocArray(&two_rows, &desc, kW, 2) == cudaSuccess);
    EXPECT(cudaMemcpy2DToArray(one_row, 0, 0, texels, 0, sizeof texels, 1, cudaMemcpyHostToDevice) == cudaSuccess);
    EXPECT(cudaMemcpyToArray(linear, 0, 0, texels, sizeof texels, cudaMemcpyHostToDevice) == cudaSuccess);
    cudaChannelFormatDesc got;
    cudaExtent extent;
    unsigned flags;
    EXPECT(cudaArrayGetInfo(&got, &extent, &flags, one_row) == cudaSuccess);
    EXPECT(extent.width == (size_t)kW && extent.height == 1 && extent.depth == 0); // a 2D array

    float4 *a, *b;
    EXPECT(cudaMallocManaged(&a, kN * sizeof *a) == cudaSuccess);
    EXPECT(cudaMallocManaged(&b, kN * sizeof *b) == cudaSuccess);
    const cudaTextureFilterMode filters[] = {cudaFilterModePoint, cudaFilterModeLinear};
    const cudaTextureAddressMode modes[] = {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeMirror};
    for (cudaTextureFilterMode f : filters)
        for (cudaTextureAddressMode m : modes) {
            const cudaTextureObject_t t1 = object(one_row, f, m), tl = object(linear, f, m);
            fetch1d<<<1, kN>>>(t1, a);
            fetch1d<<<1, kN>>>(tl, b);
            EXPECT(cudaDeviceSynchronize() == cudaSuccess);
            EXPECT(std::memcmp(a, b, kN * sizeof *a) == 0);
            fetch2d<<<1, kN>>>(t1, a); // the same texture through tex2D at the row's centre
            EXPECT(cudaDeviceSynchronize() == cudaSuccess);
            EXPECT(std::memcmp(a, b, kN * sizeof *a) == 0);
            cudaDestroyTextureObject(t1);
            cudaDestroyTextureObject(tl);
        }

    // a 2D array of two rows is no 1D texture: the launch fails
    const cudaTextureObject_t t2 = object(two_rows, cudaFilterModePoint, cudaAddressModeClamp);
    fetch1d<<<1, kN>>>(t2, a);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    std::printf("tex1d_on_2d_height1: %s\n", failures ? "FAILED" : "ok");
    cudaDeviceReset(); // clears the failed launch's sticky error, so that the frees are taken
    cudaFree(a);
    cudaFree(b);
    return failures != 0;
}
