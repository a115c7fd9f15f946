// runtime_checks.cu -- the CUDA layer's launch, barriers, shared memory, atomics, errors, and every
// texture and surface function against warptex's per-lane C calls on the same objects.
// Prints one line per failed check and "FAILED" at the end if any failed.
// SPDX-License-Identifier: MIT
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <pthread.h>
#include <unistd.h>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#include <warptex.h>
#include <warptex/lane2d.h>

#include "include/expect.h"
#define EXPECT_OK(call) EXPECT((call) == cudaSuccess)

// ---- barriers: many threads, many barriers, each round reads what the neighbours wrote ----
__global__ void rounds(int *out, int nrounds)
{
    __shared__ int a[1024];
    const int t = threadIdx.x + threadIdx.y * blockDim.x, n = blockDim.x * blockDim.y;
    a[t] = t;
    for (int r = 0; r < nrounds; r++) {
        __syncthreads();
        const int v = a[(t + 1) % n] + 1; // every thread must see the previous round's values
        __syncthreads();
        a[t] = v;
    }
    __syncthreads();
    out[blockIdx.x * n + t] = a[t];
}

// divergent loop lengths up to a barrier: threads that return early count as arrived
__global__ void divergent(int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    for (unsigned i = 0; i < threadIdx.x % 7; i++)
        atomicAdd(&count, 1);
    if (threadIdx.x % 5 == 4)
        return; // exits before the barrier
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = count;
}

__global__ void counting(int *out)
{
    const int c = __syncthreads_count(threadIdx.x % 3 == 0);
    const int all = __syncthreads_and(threadIdx.x < 1000);
    const int any = __syncthreads_or(threadIdx.x == 77);
    out[threadIdx.x] = c * 100 + all * 10 + any;
}

__global__ void warp_exchange(int *out)
{
    __shared__ int v[128];
    v[threadIdx.x] = (int)threadIdx.x * 3;
    __syncwarp();
    out[threadIdx.x] = v[(threadIdx.x & ~31u) | ((threadIdx.x + 1) & 31u)];
}

// warp shuffles and votes; 48 threads: a full warp and a partial one
__global__ void shuffles(int *out)
{
    const int t = threadIdx.x, lane = t & 31;
    int sum = t; // warp reduction with __shfl_down_sync
    for (int d = 16; d > 0; d /= 2)
        sum += __shfl_down_sync(0xffffffffu, sum, d);
    float x = (float)t; // butterfly with __shfl_xor_sync: every lane gets the total
    for (int m = 1; m < 32; m *= 2)
        x += __shfl_xor_sync(0xffffffffu, x, m);
    const long long b = __shfl_sync(0xffffffffu, (long long)t * 1000000000LL, 3, 16); // broadcast per 16
    int scan = 1; // inclusive prefix sum with __shfl_up_sync
    for (int d = 1; d < 32; d *= 2) {
        const int v = __shfl_up_sync(0xffffffffu, scan, d);
        if (lane >= d)
            scan += v;
    }
    const unsigned ballot = __ballot_sync(0xffffffffu, t % 3 == 0);
    const int all = __all_sync(0xffffffffu, t < 40), any = __any_sync(0xffffffffu, t == 45);
    out[t * 8 + 0] = sum;
    out[t * 8 + 1] = (int)x;
    out[t * 8 + 2] = (int)(b / 1000000000LL);
    out[t * 8 + 3] = scan;
    out[t * 8 + 4] = (int)ballot;
    out[t * 8 + 5] = all;
    out[t * 8 + 6] = any;
    out[t * 8 + 7] = (int)__activemask();
}

static void check_shuffles(int *out)
{
    shuffles<<<1, 48>>>(out);
    EXPECT_OK(cudaDeviceSynchronize());
    bool ok = true;
    for (int t = 0; t < 48; t++) {
        const int w = t & ~31, n = t < 32 ? 32 : 16, lane = t & 31;
        int warp_sum = 0, down = 0;
        for (int l = 0; l < n; l++)
            warp_sum += w + l;
        // __shfl_down_sync reads its own value past the end of the warp
        int v[32];
        for (int l = 0; l < 32; l++)
            v[l] = l < n ? w + l : 0;
        for (int d = 16; d > 0; d /= 2) {
            int nv[32];
            for (int l = 0; l < n; l++)
                nv[l] = v[l] + (l + d < 32 && l + d < n ? v[l + d] : v[l]);
            for (int l = 0; l < n; l++)
                v[l] = nv[l];
        }
        down = v[lane];
        unsigned ball = 0;
        for (int l = 0; l < n; l++)
            ball |= (unsigned)((w + l) % 3 == 0) << l;
        const int *o = &out[t * 8];
        const bool this_ok = o[0] == down && (t >= 32 || o[1] == warp_sum) && o[2] == w + (lane & 16) + 3 &&
                             o[3] == lane + 1 && (unsigned)o[4] == ball && o[5] == (w == 0 ? 1 : 0) &&
                             o[6] == (w == 32 ? 1 : 0) && (unsigned)o[7] == (n == 32 ? 0xffffffffu : 0xffffu);
        if (!this_ok)
            std::printf("shuffles: thread %d: %d %d %d %d %x %d %d %x\n", t, o[0], o[1], o[2], o[3], o[4], o[5],
                        o[6], o[7]);
        ok &= this_ok;
    }
    EXPECT(ok);
}

// blocks run on several OS threads: the first block waits (up to 5 s) until a block on another
// OS thread has run, which it can only do if blocks run in parallel
__global__ void which_thread(unsigned long long *first, int *other_seen)
{
    if (threadIdx.x != 0)
        return;
    const unsigned long long me = (unsigned long long)pthread_self();
    unsigned long long expected = 0;
    if (!__atomic_compare_exchange_n(first, &expected, me, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) &&
        expected != me)
        __atomic_store_n(other_seen, 1, __ATOMIC_SEQ_CST);
    if (blockIdx.x == 0)
        for (int i = 0; i < 5000 && !__atomic_load_n(other_seen, __ATOMIC_SEQ_CST); i++)
            usleep(1000);
}

// dynamic shared memory, rewritten by warptex-cxx
extern __shared__ float dyn[];
__global__ void reverse(float *data)
{
    const int t = threadIdx.x, n = blockDim.x;
    dyn[t] = data[blockIdx.x * n + t];
    __syncthreads();
    data[blockIdx.x * n + t] = dyn[n - 1 - t];
}

__global__ void atomics(unsigned *u, int *mn, int *mx, float *f, unsigned long long *ull, unsigned *inc)
{
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(u, 1u);
    atomicMin(mn, -g);
    atomicMax(mx, g);
    atomicAdd(f, 0.5f);
    atomicAdd(ull, 1ull << 33);
    atomicInc(inc, 99u);
}

__global__ void trapper(int *out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1; // each block its own elements: no race between blocks
    if (threadIdx.x == 3)
        __trap();
}

__global__ void surface_oob(cudaSurfaceObject_t s) { surf2Dwrite(1.0f, s, 4 * 1000, 0); } // traps

__global__ void exception_thrower(int n)
{
    std::vector<int> v(4);
    if (threadIdx.x == 1)
        (void)v.at((size_t)n); // throws std::out_of_range
}

template <class T, int N> __global__ void templated(T *out) { out[threadIdx.x] = (T)(N * threadIdx.x); }

// ---- every texture fetch function, against the per-lane C call ----
struct fetches {
    float4 f[24];
    int4 i4;
    uint4 u4;
    uchar4 uc4;
    float g[4];
    bool resident;
};

__global__ void all_fetches(fetches *o, cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                            cudaTextureObject_t tl1, cudaTextureObject_t tl2, cudaTextureObject_t tc,
                            cudaTextureObject_t tcl, cudaTextureObject_t ti)
{
    const float2 d2 = make_float2(0.3f, 0.1f), e2 = make_float2(-0.05f, 0.2f);
    const float4 d4 = make_float4(0.3f, 0.1f, 0.2f, 0), e4 = make_float4(-0.05f, 0.2f, 0.1f, 0);
    int k = 0;
    o->f[k++] = tex1Dfetch<float4>(t1, 3);
    o->f[k++] = tex1D<float4>(t1, 0.37f);
    o->f[k++] = tex2D<float4>(t2, 0.4f, 0.6f);
    o->f[k++] = tex3D<float4>(t3, 0.2f, 0.7f, 0.45f);
    o->f[k++] = tex1DLayered<float4>(tl1, 0.3f, 2);
    o->f[k++] = tex2DLayered<float4>(tl2, 0.3f, 0.8f, 1);
    o->f[k++] = texCubemap<float4>(tc, 0.3f, -1.0f, 0.2f);
    o->f[k++] = texCubemapLayered<float4>(tcl, -1.0f, 0.4f, 0.1f, 1);
    o->f[k++] = tex1DLod<float4>(t1, 0.37f, 1.5f);
    o->f[k++] = tex2DLod<float4>(t2, 0.4f, 0.6f, 0.7f);
    o->f[k++] = tex3DLod<float4>(t3, 0.2f, 0.7f, 0.45f, 0.3f);
    o->f[k++] = tex1DLayeredLod<float4>(tl1, 0.3f, 2, 0.5f);
    o->f[k++] = tex2DLayeredLod<float4>(tl2, 0.3f, 0.8f, 1, 0.25f);
    o->f[k++] = texCubemapLod<float4>(tc, 0.3f, -1.0f, 0.2f, 0.0f);
    o->f[k++] = texCubemapLayeredLod<float4>(tcl, -1.0f, 0.4f, 0.1f, 1, 0.0f);
    o->f[k++] = tex1DGrad<float4>(t1, 0.37f, 0.2f, 0.05f);
    o->f[k++] = tex2DGrad<float4>(t2, 0.4f, 0.6f, d2, e2);
    o->f[k++] = tex3DGrad<float4>(t3, 0.2f, 0.7f, 0.45f, d4, e4);
    o->f[k++] = tex1DLayeredGrad<float4>(tl1, 0.3f, 2, 0.2f, 0.05f);
    o->f[k++] = tex2DLayeredGrad<float4>(tl2, 0.3f, 0.8f, 1, d2, e2);
    o->f[k++] = texCubemapGrad<float4>(tc, 0.3f, -1.0f, 0.2f, d4, e4);
    o->f[k++] = texCubemapLayeredGrad<float4>(tcl, -1.0f, 0.4f, 0.1f, 1, d4, e4);
    o->f[k++] = tex2Dgather<float4>(t2, 0.4f, 0.6f, 2);
    o->f[k++] = tex2D<float4>(t2, 0.1f, 0.9f, &o->resident);
    o->i4 = tex2D<int4>(ti, 2.5f, 1.5f);
    o->u4 = tex2D<uint4>(ti, 2.5f, 1.5f);
    tex2D(&o->uc4, ti, 3.5f, 0.5f);
    o->g[0] = tex2D<float>(t2, 0.4f, 0.6f);
    float2 two = tex2D<float2>(t2, 0.4f, 0.6f);
    o->g[1] = two.y;
    o->g[2] = tex2Dgather<float>(t2, 0.4f, 0.6f, 3);
    o->g[3] = tex1Dfetch<float>(t1, 5);
}

static bool same(const void *a, const void *b, size_t n) { return std::memcmp(a, b, n) == 0; }

static cudaTextureObject_t make_tex(cudaArray_t a, bool mip, cudaMipmappedArray_t m, cudaTextureFilterMode f,
                                    cudaTextureReadMode rm, int norm)
{
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    if (mip) {
        res.resType = cudaResourceTypeMipmappedArray;
        res.res.mipmap.mipmap = m;
    } else {
        res.resType = cudaResourceTypeArray;
        res.res.array.array = a;
    }
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeWrap;
    td.filterMode = f;
    td.mipmapFilterMode = f;
    td.readMode = rm;
    td.normalizedCoords = norm;
    td.maxMipmapLevelClamp = 3;
    cudaTextureObject_t t = 0;
    EXPECT_OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
    return t;
}

static void fill(cudaArray_t a, size_t w, size_t h, size_t d, uint64_t seed)
{
    std::vector<unsigned char> bytes(w * h * d * 4);
    for (auto &b : bytes) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        b = (unsigned char)(seed >> 56);
    }
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(bytes.data(), w * 4, w, h);
    p.dstArray = a;
    p.extent = make_cudaExtent(w, h, d);
    p.kind = cudaMemcpyHostToDevice;
    EXPECT_OK(cudaMemcpy3D(&p));
}

static void check_textures()
{
    cudaChannelFormatDesc rgba8 = cudaCreateChannelDesc<uchar4>();
    cudaMipmappedArray_t m1, m2, m3, ml1, ml2, mc, mcl;
    EXPECT_OK(cudaMallocMipmappedArray(&m1, &rgba8, make_cudaExtent(16, 0, 0), 4));
    EXPECT_OK(cudaMallocMipmappedArray(&m2, &rgba8, make_cudaExtent(16, 8, 0), 4, cudaArrayTextureGather));
    EXPECT_OK(cudaMallocMipmappedArray(&m3, &rgba8, make_cudaExtent(8, 8, 8), 4));
    EXPECT_OK(cudaMallocMipmappedArray(&ml1, &rgba8, make_cudaExtent(16, 0, 3), 4, cudaArrayLayered));
    EXPECT_OK(cudaMallocMipmappedArray(&ml2, &rgba8, make_cudaExtent(16, 8, 3), 4, cudaArrayLayered));
    EXPECT_OK(cudaMallocMipmappedArray(&mc, &rgba8, make_cudaExtent(8, 8, 6), 4, cudaArrayCubemap));
    EXPECT_OK(cudaMallocMipmappedArray(&mcl, &rgba8, make_cudaExtent(8, 8, 12), 4, cudaArrayCubemap | cudaArrayLayered));
    struct lv { cudaMipmappedArray_t m; size_t w, h, d; bool layered; } all[] = {
        {m1, 16, 1, 1, false}, {m2, 16, 8, 1, false}, {m3, 8, 8, 8, false}, {ml1, 16, 1, 3, true},
        {ml2, 16, 8, 3, true}, {mc, 8, 8, 6, true},   {mcl, 8, 8, 12, true}};
    uint64_t seed = 11;
    for (const lv &x : all)
        for (unsigned l = 0; l < 4; l++) {
            cudaArray_t a;
            EXPECT_OK(cudaGetMipmappedArrayLevel(&a, x.m, l));
            const size_t w = x.w >> l ? x.w >> l : 1, h = x.h > 1 ? (x.h >> l ? x.h >> l : 1) : 1;
            const size_t d = x.layered ? x.d : (x.d > 1 ? (x.d >> l ? x.d >> l : 1) : 1);
            fill(a, w, h, d, seed++);
        }
    const cudaTextureFilterMode lin = cudaFilterModeLinear;
    const cudaTextureReadMode nf = cudaReadModeNormalizedFloat;
    cudaTextureObject_t t1 = make_tex(nullptr, true, m1, lin, nf, 1), t2 = make_tex(nullptr, true, m2, lin, nf, 1),
                        t3 = make_tex(nullptr, true, m3, lin, nf, 1), tl1 = make_tex(nullptr, true, ml1, lin, nf, 1),
                        tl2 = make_tex(nullptr, true, ml2, lin, nf, 1), tc = make_tex(nullptr, true, mc, lin, nf, 1),
                        tcl = make_tex(nullptr, true, mcl, lin, nf, 1);
    cudaArray_t ia;
    EXPECT_OK(cudaMallocArray(&ia, &rgba8, 8, 4));
    fill(ia, 8, 4, 1, 99);
    cudaTextureObject_t ti = make_tex(ia, false, nullptr, cudaFilterModePoint, cudaReadModeElementType, 0);
    fetches *o;
    EXPECT_OK(cudaMallocManaged(&o, sizeof(fetches)));
    std::memset(o, 0, sizeof *o);
    all_fetches<<<1, 1>>>(o, t1, t2, t3, tl1, tl2, tc, tcl, ti);
    EXPECT_OK(cudaDeviceSynchronize());
    wt_float4 want[24];
    int k = 0;
    want[k++] = wt_tex_unified_1d_v4f32_s32(t1, 3);
    want[k++] = wt_tex_unified_1d_v4f32_f32(t1, 0.37f);
    want[k++] = wt_tex_unified_2d_v4f32_f32(t2, 0.4f, 0.6f);
    want[k++] = wt_tex_unified_3d_v4f32_f32(t3, 0.2f, 0.7f, 0.45f);
    want[k++] = wt_tex_unified_1d_array_v4f32_f32(tl1, 2, 0.3f);
    want[k++] = wt_tex_unified_2d_array_v4f32_f32(tl2, 1, 0.3f, 0.8f);
    want[k++] = wt_tex_unified_cube_v4f32_f32(tc, 0.3f, -1.0f, 0.2f);
    want[k++] = wt_tex_unified_cube_array_v4f32_f32(tcl, 1, -1.0f, 0.4f, 0.1f);
    want[k++] = wt_tex_unified_1d_level_v4f32_f32(t1, 0.37f, 1.5f);
    want[k++] = wt_tex_unified_2d_level_v4f32_f32(t2, 0.4f, 0.6f, 0.7f);
    want[k++] = wt_tex_unified_3d_level_v4f32_f32(t3, 0.2f, 0.7f, 0.45f, 0.3f);
    want[k++] = wt_tex_unified_1d_array_level_v4f32_f32(tl1, 2, 0.3f, 0.5f);
    want[k++] = wt_tex_unified_2d_array_level_v4f32_f32(tl2, 1, 0.3f, 0.8f, 0.25f);
    want[k++] = wt_tex_unified_cube_level_v4f32_f32(tc, 0.3f, -1.0f, 0.2f, 0.0f);
    want[k++] = wt_tex_unified_cube_array_level_v4f32_f32(tcl, 1, -1.0f, 0.4f, 0.1f, 0.0f);
    want[k++] = wt_tex_unified_1d_grad_v4f32_f32(t1, 0.37f, 0.2f, 0.05f);
    want[k++] = wt_tex_unified_2d_grad_v4f32_f32(t2, 0.4f, 0.6f, 0.3f, 0.1f, -0.05f, 0.2f);
    want[k++] = wt_tex_unified_3d_grad_v4f32_f32(t3, 0.2f, 0.7f, 0.45f, 0.3f, 0.1f, 0.2f, -0.05f, 0.2f, 0.1f);
    want[k++] = wt_tex_unified_1d_array_grad_v4f32_f32(tl1, 2, 0.3f, 0.2f, 0.05f);
    want[k++] = wt_tex_unified_2d_array_grad_v4f32_f32(tl2, 1, 0.3f, 0.8f, 0.3f, 0.1f, -0.05f, 0.2f);
    want[k++] = wt_tex_unified_cube_grad_v4f32_f32(tc, 0.3f, -1.0f, 0.2f, 0.3f, 0.1f, 0.2f, -0.05f, 0.2f, 0.1f);
    want[k++] = wt_tex_unified_cube_array_grad_v4f32_f32(tcl, 1, -1.0f, 0.4f, 0.1f, 0.3f, 0.1f, 0.2f, -0.05f, 0.2f,
                                                         0.1f);
    want[k++] = wt_tld4_unified_b_2d_v4f32_f32(t2, 0.4f, 0.6f);
    want[k++] = wt_tex_unified_2d_v4f32_f32(t2, 0.1f, 0.9f);
    for (int i = 0; i < k; i++)
        if (!same(&want[i], &o->f[i], 16)) {
            std::printf("texture fetch %d differs from the per-lane call\n", i);
            failures++;
        }
    EXPECT(o->resident);
    const wt_int4 wi = wt_tex_unified_2d_v4s32_f32(ti, 2.5f, 1.5f), wu = wt_tex_unified_2d_v4u32_f32(ti, 2.5f, 1.5f);
    const wt_int4 wc = wt_tex_unified_2d_v4u32_f32(ti, 3.5f, 0.5f);
    EXPECT(same(&wi, &o->i4, 16));
    EXPECT(same(&wu, &o->u4, 16));
    EXPECT(o->uc4.x == (unsigned char)wc.x && o->uc4.y == (unsigned char)wc.y && o->uc4.z == (unsigned char)wc.z &&
           o->uc4.w == (unsigned char)wc.w);
    EXPECT(o->g[0] == want[2].x && o->g[1] == want[2].y);
    EXPECT(o->g[2] == wt_tld4_unified_a_2d_v4f32_f32(t2, 0.4f, 0.6f).x);
    EXPECT(o->g[3] == wt_tex_unified_1d_v4f32_s32(t1, 5).x);
    EXPECT(o->f[0].x != 0.0f || o->f[2].x != 0.0f); // the textures are not all zero
    for (cudaTextureObject_t t : {t1, t2, t3, tl1, tl2, tc, tcl, ti})
        EXPECT_OK(cudaDestroyTextureObject(t));
    for (cudaMipmappedArray_t m : {m1, m2, m3, ml1, ml2, mc, mcl})
        EXPECT_OK(cudaFreeMipmappedArray(m));
    EXPECT_OK(cudaFreeArray(ia));
    EXPECT_OK(cudaFree(o));
}

// ---- every surface function (value, pointer and write forms, all boundary modes) ----
struct surf_out {
    unsigned u[16];
    float4 f4;
    uchar2 c2;
    unsigned long long ll;
};

__global__ void all_surfaces(surf_out *o, cudaSurfaceObject_t s1, cudaSurfaceObject_t s2, cudaSurfaceObject_t s3,
                             cudaSurfaceObject_t sl1, cudaSurfaceObject_t sl2, cudaSurfaceObject_t sc,
                             cudaSurfaceObject_t scl)
{
    surf1Dwrite(0x11u, s1, 4 * 2);
    surf2Dwrite(0x22u, s2, 4 * 3, 1);
    surf3Dwrite(0x33u, s3, 4 * 1, 2, 3);
    surf1DLayeredwrite(0x44u, sl1, 4 * 5, 1);
    surf2DLayeredwrite(0x55u, sl2, 4 * 2, 3, 2);
    surfCubemapwrite(0x66u, sc, 4 * 1, 1, 4);
    surfCubemapLayeredwrite(0x77u, scl, 4 * 2, 2, 7);
    surf2Dwrite(0x88u, s2, 4 * 100, 1, cudaBoundaryModeZero);  // dropped
    surf2Dwrite(0x99u, s2, 4 * 100, 2, cudaBoundaryModeClamp); // lands at the last column
    int k = 0;
    o->u[k++] = surf1Dread<unsigned>(s1, 4 * 2);
    o->u[k++] = surf2Dread<unsigned>(s2, 4 * 3, 1);
    o->u[k++] = surf3Dread<unsigned>(s3, 4 * 1, 2, 3);
    o->u[k++] = surf1DLayeredread<unsigned>(sl1, 4 * 5, 1);
    o->u[k++] = surf2DLayeredread<unsigned>(sl2, 4 * 2, 3, 2);
    o->u[k++] = surfCubemapread<unsigned>(sc, 4 * 1, 1, 4);
    surfCubemapLayeredread(&o->u[k++], scl, 4 * 2, 2, 7);
    o->u[k++] = surf2Dread<unsigned>(s2, 4 * 100, 1, cudaBoundaryModeZero);
    o->u[k++] = surf2Dread<unsigned>(s2, 4 * 7, 2);
    o->u[k++] = surf2Dread<unsigned>(s2, -4, 2, cudaBoundaryModeClamp);
    o->f4 = surf2Dread<float4>(s2, 0, 1);
    o->c2 = surf2Dread<uchar2>(s2, 4 * 3, 1);
    o->ll = surf2Dread<unsigned long long>(s2, 4 * 2, 1);
}

static void check_surfaces()
{
    cudaChannelFormatDesc u32 = cudaCreateChannelDesc<unsigned>();
    cudaArray_t a1, a2, a3, al1, al2, ac, acl;
    const unsigned ls = cudaArraySurfaceLoadStore;
    EXPECT_OK(cudaMallocArray(&a1, &u32, 8, 0, ls));
    EXPECT_OK(cudaMallocArray(&a2, &u32, 8, 4, ls));
    EXPECT_OK(cudaMalloc3DArray(&a3, &u32, make_cudaExtent(4, 4, 4), ls));
    EXPECT_OK(cudaMalloc3DArray(&al1, &u32, make_cudaExtent(8, 0, 2), ls | cudaArrayLayered));
    EXPECT_OK(cudaMalloc3DArray(&al2, &u32, make_cudaExtent(4, 4, 3), ls | cudaArrayLayered));
    EXPECT_OK(cudaMalloc3DArray(&ac, &u32, make_cudaExtent(4, 4, 6), ls | cudaArrayCubemap));
    EXPECT_OK(cudaMalloc3DArray(&acl, &u32, make_cudaExtent(4, 4, 12), ls | cudaArrayCubemap | cudaArrayLayered));
    cudaSurfaceObject_t s[7];
    cudaArray_t arrs[7] = {a1, a2, a3, al1, al2, ac, acl};
    for (int i = 0; i < 7; i++) {
        cudaResourceDesc res;
        std::memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = arrs[i];
        EXPECT_OK(cudaCreateSurfaceObject(&s[i], &res));
    }
    surf_out *o;
    EXPECT_OK(cudaMallocManaged(&o, sizeof(surf_out)));
    std::memset(o, 0, sizeof *o);
    all_surfaces<<<1, 1>>>(o, s[0], s[1], s[2], s[3], s[4], s[5], s[6]);
    EXPECT_OK(cudaDeviceSynchronize());
    const unsigned want[] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0, 0x99, 0};
    for (int i = 0; i < 10; i++)
        if (o->u[i] != want[i]) {
            std::printf("surface read %d: 0x%x, wanted 0x%x\n", i, o->u[i], want[i]);
            failures++;
        }
    // the per-lane C calls see the same values
    EXPECT((unsigned)wt_suld_2d_i32_trap(s[1], 4 * 3, 1) == 0x22u);
    EXPECT((unsigned)wt_suld_2d_array_i32_trap(s[6], 7, 4 * 2, 2) == 0x77u);
    EXPECT((unsigned)wt_suld_3d_i32_trap(s[2], 4, 2, 3) == 0x33u);
    const wt_int4 v4 = wt_suld_2d_v4i32_trap(s[1], 0, 1);
    EXPECT(same(&v4, &o->f4, 16));
    EXPECT(o->c2.x == 0x22 && o->c2.y == 0);
    EXPECT(o->ll == (0x22ull << 32));
    EXPECT(wt_get_last_error() == WT_SUCCESS);
    // a trap in a kernel: the launch fails, stickily
    surface_oob<<<1, 1>>>(s[1]);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
    EXPECT_OK(cudaFree(o) == cudaErrorLaunchFailure ? cudaSuccess : cudaErrorUnknown); // sticky: nothing freed
    void *p = nullptr;
    EXPECT(cudaMalloc(&p, 16) == cudaErrorLaunchFailure && p == nullptr);
    EXPECT_OK(cudaDeviceReset());
    EXPECT_OK(cudaFree(o));
    for (int i = 0; i < 7; i++)
        EXPECT_OK(cudaDestroySurfaceObject(s[i]));
    for (cudaArray_t a : arrs)
        EXPECT_OK(cudaFreeArray(a));
}

static void check_launches()
{
    int *out;
    EXPECT_OK(cudaMallocManaged(&out, sizeof(int) * 4 * 1024));
    // many threads, many barriers
    rounds<<<4, dim3(32, 32)>>>(out, 50);
    EXPECT_OK(cudaDeviceSynchronize());
    bool ok = true;
    for (int b = 0; b < 4; b++)
        for (int t = 0; t < 1024; t++)
            ok &= out[b * 1024 + t] == ((t + 50) % 1024) + 50;
    EXPECT(ok);
    // divergent loops, early exits
    divergent<<<3, 100>>>(out);
    EXPECT_OK(cudaDeviceSynchronize());
    int want = 0;
    for (int t = 0; t < 100; t++)
        want += t % 7;
    ok = true;
    for (int b = 0; b < 3; b++)
        for (int t = 0; t < 100; t++)
            if (t % 5 != 4)
                ok &= out[b * 100 + t] == want;
    EXPECT(ok);
    counting<<<1, 200>>>(out);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT(out[0] == 67 * 100 + 10 + 1 && out[199] == 6711);
    warp_exchange<<<1, 128>>>(out);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT(out[0] == 3 && out[31] == 0 && out[32] == 99 && out[127] == 288);
    check_shuffles(out);
    if (wt_get_num_threads() > 1) {
        unsigned long long *first;
        int *seen;
        EXPECT_OK(cudaMallocManaged(&first, sizeof *first));
        EXPECT_OK(cudaMallocManaged(&seen, sizeof *seen));
        *first = 0;
        *seen = 0;
        which_thread<<<64, 32>>>(first, seen);
        EXPECT_OK(cudaDeviceSynchronize());
        EXPECT(*seen == 1);
        EXPECT_OK(cudaFree(first));
        EXPECT_OK(cudaFree(seen));
    }
    // dynamic shared memory
    float *f;
    EXPECT_OK(cudaMallocManaged(&f, sizeof(float) * 2 * 64));
    for (int i = 0; i < 128; i++)
        f[i] = (float)i;
    reverse<<<2, 64, 64 * sizeof(float)>>>(f);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT(f[0] == 63.0f && f[63] == 0.0f && f[64] == 127.0f && f[127] == 64.0f);
    EXPECT_OK(cudaFree(f));
    // atomics across blocks
    struct { unsigned u; int mn, mx; float f; unsigned long long ull; unsigned inc; } *a;
    EXPECT_OK(cudaMallocManaged(&a, sizeof *a));
    std::memset(a, 0, sizeof *a);
    atomics<<<40, 256>>>(&a->u, &a->mn, &a->mx, &a->f, &a->ull, &a->inc);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT(a->u == 10240u && a->mn == -10239 && a->mx == 10239 && a->f == 5120.0f);
    EXPECT(a->ull == 10240ull << 33 && a->inc == 10240u % 100u);
    EXPECT_OK(cudaFree(a));
    // the call form and cudaLaunchKernel, templated kernels
    EXPECT_OK(wt_cuda_launch(templated<int, 3>, dim3(1), dim3(8), 0, nullptr, out));
    EXPECT(out[7] == 21);
    float *fo = (float *)out;
    void *args[] = {&fo};
    EXPECT_OK(cudaLaunchKernel(templated<float, 2>, dim3(1), dim3(4), args));
    EXPECT(fo[3] == 6.0f);
    // bad configurations: not sticky
    EXPECT(wt_cuda_launch(templated<int, 1>, dim3(1), dim3(2048), 0, nullptr, out) == cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError() == cudaSuccess);
    EXPECT(wt_cuda_launch(templated<int, 1>, dim3(0), dim3(2), 0, nullptr, out) == cudaErrorInvalidConfiguration);
    EXPECT(cudaFree((void *)0x1234) == cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(out, out, 4, (cudaMemcpyKind)9) == cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaPeekAtLastError() == cudaErrorInvalidMemcpyDirection);
    (void)cudaGetLastError();
    // __trap(): sticky launch failure until reset; the launch itself returns success, as on the GPU
    EXPECT_OK(trapper<<<4, 8>>>(out) == cudaSuccess ? cudaSuccess : cudaErrorUnknown);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
    EXPECT(cudaPeekAtLastError() == cudaErrorLaunchFailure);
    EXPECT(cudaMemset(out, 0, 4) == cudaErrorLaunchFailure);
    EXPECT_OK(cudaDeviceReset());
    EXPECT_OK(cudaDeviceSynchronize());
    // an exception leaving a thread
    exception_thrower<<<1, 4>>>(10);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT_OK(cudaDeviceReset());
    // an invalid texture object inside a kernel
    fetches *o;
    EXPECT_OK(cudaMallocManaged(&o, sizeof(fetches)));
    all_fetches<<<1, 1>>>(o, 12345, 0, 0, 0, 0, 0, 0, 0);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT_OK(cudaDeviceReset());
    EXPECT_OK(cudaFree(o));
    EXPECT_OK(cudaFree(out));
    // events and streams
    cudaEvent_t e0, e1;
    cudaStream_t st;
    EXPECT_OK(cudaEventCreate(&e0));
    EXPECT_OK(cudaEventCreate(&e1));
    EXPECT_OK(cudaStreamCreate(&st));
    EXPECT_OK(cudaEventRecord(e0, st));
    EXPECT_OK(cudaEventRecord(e1, st));
    float ms = -1;
    EXPECT_OK(cudaEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0.0f);
    EXPECT_OK(cudaStreamSynchronize(st));
    EXPECT_OK(cudaStreamDestroy(st));
    EXPECT(cudaStreamDestroy(st) == cudaErrorInvalidResourceHandle);
    EXPECT_OK(cudaEventDestroy(e0));
    EXPECT_OK(cudaEventDestroy(e1));
    (void)cudaGetLastError();
    cudaDeviceProp prop;
    EXPECT_OK(cudaGetDeviceProperties(&prop, 0));
    EXPECT(prop.warpSize == 32 && prop.maxThreadsPerBlock == 1024 && prop.multiProcessorCount >= 1);
    EXPECT(cudaSetDevice(1) == cudaErrorInvalidDevice);
    int attr = 0;
    EXPECT_OK(cudaDeviceGetAttribute(&attr, cudaDevAttrWarpSize, 0));
    EXPECT(attr == 32);
    EXPECT_OK(cudaDeviceGetAttribute(&attr, cudaDevAttrMultiProcessorCount, 0));
    EXPECT(attr == prop.multiProcessorCount);
    EXPECT(cudaDeviceGetAttribute(&attr, (cudaDeviceAttr)12345, 0) == cudaErrorInvalidValue);
    size_t lim = 0;
    EXPECT_OK(cudaDeviceGetLimit(&lim, cudaLimitStackSize));
    EXPECT(lim >= 16 * 1024);
    EXPECT_OK(cudaDeviceSetLimit(cudaLimitStackSize, lim));
    EXPECT(cudaDeviceSetLimit(cudaLimitStackSize, lim + 4096) == cudaErrorUnsupportedLimit);
    EXPECT_OK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    EXPECT_OK(cudaFuncSetCacheConfig(templated<int, 1>, cudaFuncCachePreferL1));
    cudaStream_t s2;
    cudaEvent_t ev;
    EXPECT_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    EXPECT_OK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    EXPECT_OK(cudaEventRecord(ev, s2));
    EXPECT_OK(cudaStreamWaitEvent(s2, ev));
    int h2[4] = {1, 2, 3, 4}, d2[4] = {0, 0, 0, 0};
    EXPECT_OK(cudaMemcpy2DAsync(d2, 8, h2, 8, 8, 2, cudaMemcpyDefault, s2));
    EXPECT(d2[3] == 4);
    float ms2;
    EXPECT(cudaEventElapsedTime(&ms2, ev, ev) == cudaErrorInvalidResourceHandle); // no timing
    EXPECT_OK(cudaEventDestroy(ev));
    EXPECT_OK(cudaStreamDestroy(s2));
    EXPECT(cudaMemcpy2DAsync(d2, 8, h2, 8, 8, 2, cudaMemcpyDefault, s2) == cudaErrorInvalidResourceHandle);
    (void)cudaGetLastError();
    EXPECT(std::strcmp(cudaGetErrorName(cudaErrorLaunchFailure), "cudaErrorLaunchFailure") == 0);
    EXPECT(std::strcmp(cudaGetErrorString((cudaError_t)12345), "unrecognized error code") == 0);
    (void)cudaGetLastError();
}

static void check_math()
{
    EXPECT(__float2int_rn(2.5f) == 2 && __float2int_rn(3.5f) == 4 && __float2int_rn(-2.5f) == -2);
    EXPECT(__float2int_rn(3e9f) == 2147483647 && __float2int_rz(-3e9f) == (-2147483647 - 1));
    EXPECT(__float2int_rn(__int_as_float(0x7fc00000)) == 0 && __float2uint_rn(-5.0f) == 0u);
    EXPECT(__saturatef(-1.0f) == 0.0f && __saturatef(2.0f) == 1.0f && __saturatef(__int_as_float(0x7fc00000)) == 0.0f);
    EXPECT(__float_as_int(1.0f) == 0x3f800000 && __uint_as_float(0x40000000u) == 2.0f);
    EXPECT(__popc(0xf0f0u) == 8 && __clz(1) == 31 && __ffs(8) == 4 && __brev(1u) == 0x80000000u);
    EXPECT(__byte_perm(0x33221100u, 0x77665544u, 0x5140u) == 0x55114400u);
    EXPECT(__umulhi(0x80000000u, 4u) == 2u && __mul24(0x00800000, 2) == (int)0xff000000);
    EXPECT(__half2float(__float2half(1.0f / 3.0f)) == 0.333251953125f);
    EXPECT(__half_as_ushort(__float2half(65520.0f)) == 0x7c00u && __half_as_ushort(__float2half_rz(65520.0f)) == 0x7bffu);
    EXPECT(__half_as_ushort(__float2half(5.960464477539063e-08f)) == 0x0001u); // the smallest subnormal
    EXPECT(__half_as_ushort(__float2half(2.98023223876953125e-08f)) == 0x0000u); // a tie, to even
    EXPECT(min(3, -4) == -4 && max(2u, 7u) == 7u && fminf(1.0f, 2.0f) == 1.0f);
    EXPECT(min(-1, 2u) == 2u && max(-1LL, 3ULL) == ~0ULL && min(1.5f, 0.5) == 0.5);
    float sub = 0.0f;
    float v = __int_as_float(0x00400000);
    atomicAdd(&sub, v); // subnormals flush to zero, as atom.add.f32
    EXPECT(sub == 0.0f);
}

static void check_layout()
{
    EXPECT(sizeof(char3) == 3 && alignof(char4) == 4 && sizeof(short3) == 6 && alignof(short4) == 8);
    EXPECT(sizeof(float3) == 12 && alignof(float4) == 16 && alignof(float2) == 8 && alignof(double2) == 16);
    EXPECT(sizeof(longlong4) == 32 && alignof(longlong4) == 16 && sizeof(dim3) == 12 && sizeof(__half) == 2);
    dim3 d(4);
    EXPECT(d.x == 4 && d.y == 1 && d.z == 1);
    const cudaChannelFormatDesc c = cudaCreateChannelDesc<short2>();
    EXPECT(c.x == 16 && c.y == 16 && c.z == 0 && c.f == cudaChannelFormatKindSigned);
}

// linear and pitch2D resources, the copies between arrays and memory, the get-descriptor calls
__global__ void linear_fetch(float *out, cudaTextureObject_t lin, cudaTextureObject_t pitch)
{
    const int i = threadIdx.x;
    out[i] = tex1Dfetch<float>(lin, i * 3 - 2); // out of range reads clamp ([semantics#resource-desc])
    out[64 + i] = tex2D<float>(pitch, i * 0.37f, i * 0.21f);
}

__global__ void bytes(cudaSurfaceObject_t s, unsigned char *out)
{
    const int x = threadIdx.x;
    const unsigned char v = surf1Dread<unsigned char>(s, x);
    surf1Dwrite((unsigned char)(v * 3 + 1), s, x);
    out[x] = surf1Dread<unsigned char>(s, x + 100, cudaBoundaryModeZero);
}

static void check_resources()
{
    const int w = 40, h = 24;
    std::vector<float> host(w * h);
    for (int i = 0; i < w * h; i++)
        host[i] = (float)(i % 97) * 0.25f;
    float *lin;
    EXPECT_OK(cudaMalloc(&lin, sizeof(float) * w));
    EXPECT_OK(cudaMemcpy(lin, host.data(), sizeof(float) * w, cudaMemcpyHostToDevice));
    float *pitched;
    size_t pitch = 0;
    EXPECT_OK(cudaMallocPitch(&pitched, &pitch, w * sizeof(float), h));
    EXPECT(pitch >= w * sizeof(float) && pitch % 512 == 0);
    EXPECT_OK(cudaMemcpy2D(pitched, pitch, host.data(), w * sizeof(float), w * sizeof(float), h,
                           cudaMemcpyHostToDevice));
    cudaResourceDesc r1, r2;
    std::memset(&r1, 0, sizeof r1);
    r1.resType = cudaResourceTypeLinear;
    r1.res.linear.devPtr = lin;
    r1.res.linear.desc = cudaCreateChannelDesc<float>();
    r1.res.linear.sizeInBytes = sizeof(float) * w;
    std::memset(&r2, 0, sizeof r2);
    r2.resType = cudaResourceTypePitch2D;
    r2.res.pitch2D.devPtr = pitched;
    r2.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r2.res.pitch2D.width = w;
    r2.res.pitch2D.height = h;
    r2.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    cudaTextureObject_t tl, tp;
    EXPECT_OK(cudaCreateTextureObject(&tl, &r1, &td, nullptr));
    td.filterMode = cudaFilterModeLinear;
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeBorder;
    td.borderColor[0] = 7.0f;
    EXPECT_OK(cudaCreateTextureObject(&tp, &r2, &td, nullptr));
    float *out;
    EXPECT_OK(cudaMallocManaged(&out, sizeof(float) * 128));
    linear_fetch<<<1, 64>>>(out, tl, tp);
    EXPECT_OK(cudaDeviceSynchronize());
    bool ok = true;
    for (int i = 0; i < 64; i++) {
        const float a = wt_tex_unified_1d_v4f32_s32(tl, i * 3 - 2).x, b = wt_tex_unified_2d_v4f32_f32(tp, i * 0.37f, i * 0.21f).x;
        ok &= same(&a, &out[i], 4) && same(&b, &out[64 + i], 4);
    }
    EXPECT(ok);
    EXPECT(out[0] == host[0] && out[1] == host[1]); // -2 clamps to 0; 1
    // the descriptors come back as given / as effective
    cudaResourceDesc back;
    EXPECT_OK(cudaGetTextureObjectResourceDesc(&back, tp));
    EXPECT(back.resType == cudaResourceTypePitch2D && back.res.pitch2D.pitchInBytes == pitch);
    cudaTextureDesc tback;
    EXPECT_OK(cudaGetTextureObjectTextureDesc(&tback, tp));
    EXPECT(tback.filterMode == cudaFilterModeLinear && tback.borderColor[0] == 7.0f && tback.maxAnisotropy == 1);
    EXPECT(cudaGetTextureObjectResourceDesc(&back, 0x1234) == cudaErrorInvalidResourceHandle);
    (void)cudaGetLastError();
    // a filter CUDA refuses: linear on an integer texture read as element type
    cudaArray_t ia;
    cudaChannelFormatDesc i32 = cudaCreateChannelDesc<int>();
    EXPECT_OK(cudaMallocArray(&ia, &i32, 8, 8));
    cudaResourceDesc ra;
    std::memset(&ra, 0, sizeof ra);
    ra.resType = cudaResourceTypeArray;
    ra.res.array.array = ia;
    cudaTextureObject_t bad = 99;
    EXPECT(cudaCreateTextureObject(&bad, &ra, &td, nullptr) == cudaErrorInvalidFilterSetting && bad == 0);
    EXPECT(cudaGetLastError() == cudaErrorInvalidFilterSetting);
    // copies: row-wise into an array, back, array to array (cudaMemcpy3D), with offsets
    std::vector<int> src(64), dst(64, -1);
    for (int i = 0; i < 64; i++)
        src[i] = i * 11 + 5;
    EXPECT_OK(cudaMemcpyToArray(ia, 3 * 4, 2, src.data(), 20 * 4, cudaMemcpyHostToDevice)); // wraps rows
    EXPECT_OK(cudaMemcpyFromArray(dst.data(), ia, 3 * 4, 2, 20 * 4, cudaMemcpyDeviceToHost));
    EXPECT(std::memcmp(src.data(), dst.data(), 20 * 4) == 0);
    int row3[8];
    EXPECT_OK(cudaMemcpy2DFromArray(row3, 8 * 4, ia, 0, 3, 8 * 4, 1, cudaMemcpyDeviceToHost));
    EXPECT(row3[0] == src[5] && row3[7] == src[12]);
    cudaArray_t ib;
    EXPECT_OK(cudaMallocArray(&ib, &i32, 8, 8));
    cudaMemcpy3DParms p;
    std::memset(&p, 0, sizeof p);
    p.srcArray = ia;
    p.srcPos = make_cudaPos(1, 2, 0);
    p.dstArray = ib;
    p.dstPos = make_cudaPos(0, 0, 0);
    p.extent = make_cudaExtent(4, 3, 1);
    p.kind = cudaMemcpyDeviceToDevice;
    EXPECT_OK(cudaMemcpy3D(&p));
    int got[4 * 3];
    EXPECT_OK(cudaMemcpy2DFromArray(got, 16, ib, 0, 0, 16, 3, cudaMemcpyDeviceToHost));
    int want[4 * 3];
    EXPECT_OK(cudaMemcpy2DFromArray(want, 16, ia, 4, 2, 16, 3, cudaMemcpyDeviceToHost));
    EXPECT(std::memcmp(got, want, sizeof got) == 0 && want[0] == 0 && want[2] == src[0] && want[3] == src[1]);
    EXPECT(cudaMemcpy2DToArray(ia, 2, 0, src.data(), 32, 32, 1, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    EXPECT(cudaMemcpy2DToArray(ia, 0, 7, src.data(), 32, 32, 2, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    /* cudaArraySparse (0x40): 2D, 2D layered and 3D arrays and mipmapped arrays (src/cuda/sparse.cpp,
     * sparse_residency.cu maps and samples one); 1D and cubemap ones refused */
    cudaArray_t sp = nullptr;
    cudaMipmappedArray_t msp = nullptr;
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float>();
    EXPECT(cudaMallocArray(&sp, &f4, 256, 256, cudaArraySparse) == cudaSuccess && sp);
    EXPECT(cudaFreeArray(sp) == cudaSuccess);
    EXPECT(cudaMalloc3DArray(&sp, &f4, make_cudaExtent(64, 64, 64), cudaArraySparse) == cudaSuccess && sp);
    EXPECT(cudaFreeArray(sp) == cudaSuccess);
    EXPECT(cudaMallocMipmappedArray(&msp, &f4, make_cudaExtent(256, 256, 0), 3, cudaArraySparse) == cudaSuccess);
    cudaArraySparseProperties spp;
    EXPECT(cudaMipmappedArrayGetSparseProperties(&spp, msp) == cudaSuccess && spp.tileExtent.width == 128);
    EXPECT(cudaFreeMipmappedArray(msp) == cudaSuccess);
    sp = nullptr;
    EXPECT(cudaMalloc3DArray(&sp, &f4, make_cudaExtent(256, 0, 0), cudaArraySparse) == cudaErrorInvalidValue);
    EXPECT(cudaMalloc3DArray(&sp, &f4, make_cudaExtent(64, 64, 6), cudaArraySparse | cudaArrayCubemap) ==
           cudaErrorInvalidValue);
    EXPECT(sp == nullptr);
    (void)cudaGetLastError();
    cudaChannelFormatDesc d;
    cudaExtent e;
    unsigned fl = 99;
    EXPECT_OK(cudaArrayGetInfo(&d, &e, &fl, ia));
    EXPECT(d.x == 32 && d.f == cudaChannelFormatKindSigned && e.width == 8 && e.height == 8 && e.depth == 0 && fl == 0);
    // 8-bit surface accesses
    cudaChannelFormatDesc u8 = cudaCreateChannelDesc<unsigned char>();
    cudaArray_t sa;
    EXPECT_OK(cudaMallocArray(&sa, &u8, 32, 0, cudaArraySurfaceLoadStore));
    unsigned char init[32];
    for (int i = 0; i < 32; i++)
        init[i] = (unsigned char)(i * 7);
    EXPECT_OK(cudaMemcpyToArray(sa, 0, 0, init, 32, cudaMemcpyHostToDevice));
    cudaResourceDesc rs;
    std::memset(&rs, 0, sizeof rs);
    rs.resType = cudaResourceTypeArray;
    rs.res.array.array = sa;
    cudaSurfaceObject_t ss;
    EXPECT_OK(cudaCreateSurfaceObject(&ss, &rs));
    unsigned char *b8;
    EXPECT_OK(cudaMallocManaged(&b8, 32));
    bytes<<<1, 32>>>(ss, b8);
    EXPECT_OK(cudaDeviceSynchronize());
    unsigned char after[32];
    EXPECT_OK(cudaMemcpyFromArray(after, sa, 0, 0, 32, cudaMemcpyDeviceToHost));
    ok = true;
    for (int i = 0; i < 32; i++)
        ok &= after[i] == (unsigned char)(init[i] * 3 + 1) && b8[i] == 0;
    EXPECT(ok);
    EXPECT_OK(cudaDestroySurfaceObject(ss));
    EXPECT_OK(cudaFreeArray(sa));
    EXPECT_OK(cudaFree(b8));
    EXPECT_OK(cudaFreeArray(ia));
    EXPECT_OK(cudaFreeArray(ib));
    EXPECT_OK(cudaDestroyTextureObject(tl));
    EXPECT_OK(cudaDestroyTextureObject(tp));
    EXPECT(cudaDestroyTextureObject(tp) == cudaErrorInvalidResourceHandle);
    (void)cudaGetLastError();
    EXPECT_OK(cudaFree(lin));
    EXPECT_OK(cudaFree(pitched));
    EXPECT_OK(cudaFree(out));
}

// ---- tex2D inline (warptex/lane2d.h): float reads of .2d RGBA8 textures fetch inline from a view the
// block caches; every result must equal the scalar reference's per-lane call, with the block switching
// between textures (the cache is one entry) and textures it does not take (R8, an int read) in between.
__global__ void inline_fetches(float4 *out, const float2 *uv, cudaTextureObject_t a, cudaTextureObject_t b,
                               cudaTextureObject_t r8, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const float2 c = uv[i];
    out[4 * i] = tex2D<float4>(a, c.x, c.y);
    out[4 * i + 1] = tex2D<float4>(b, c.y, c.x);
    out[4 * i + 2] = make_float4(tex2D<float>(r8, c.x, c.y), tex2D<float2>(a, c.x, c.x).y, 0.0f, 0.0f);
    float4 v;
    tex2D(&v, b, c.x, c.y);
    out[4 * i + 3] = v;
}

static cudaTextureObject_t make_2d(cudaArray_t arr, cudaTextureAddressMode m0, cudaTextureAddressMode m1,
                                   cudaTextureFilterMode f, int norm)
{
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = m0;
    td.addressMode[1] = m1;
    td.filterMode = f;
    td.readMode = cudaReadModeNormalizedFloat;
    td.normalizedCoords = norm;
    td.borderColor[1] = 0.75f;
    cudaTextureObject_t t = 0;
    EXPECT_OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
    return t;
}

static void check_inline_fetch()
{
    cudaChannelFormatDesc rgba8 = cudaCreateChannelDesc<uchar4>(), r8d = cudaCreateChannelDesc<unsigned char>();
    cudaArray_t a1, a2, a3;
    EXPECT_OK(cudaMallocArray(&a1, &rgba8, 37, 23));
    EXPECT_OK(cudaMallocArray(&a2, &rgba8, 16, 16));
    EXPECT_OK(cudaMallocArray(&a3, &r8d, 16, 16));
    fill(a1, 37, 23, 1, 11);
    fill(a2, 16, 16, 1, 12);
    std::vector<unsigned char> r8bytes(256);
    for (int k = 0; k < 256; k++)
        r8bytes[k] = (unsigned char)(k * 37 + 5);
    EXPECT_OK(cudaMemcpy2DToArray(a3, 0, 0, r8bytes.data(), 16, 16, 16, cudaMemcpyHostToDevice));
    const int n = 1000;
    std::vector<float2> uv(n);
    const float special[] = {NAN, INFINITY, -INFINITY, 0.0f, 1.0f, -0.0f, 1e30f, -1e30f, 0.5f / 37, 0.999999f};
    uint64_t seed = 99;
    for (int i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const float x = (float)(seed >> 40) / 16777216.0f * 1.6f - 0.3f, y = (float)(seed >> 16 & 0xffffff) / 16777216.0f;
        uv[i] = make_float2(i % 17 == 0 ? special[i / 17 % 10] : x, i % 13 == 0 ? special[i / 13 % 10] : y);
    }
    // a: clamp/linear, normalised, 37x23 (general variant: extents not powers of two); b: each variant
    const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
                                            cudaAddressModeBorder};
    for (int m = 0; m < 8; m++) {
        const cudaTextureObject_t ta = make_2d(a1, cudaAddressModeClamp, cudaAddressModeClamp, cudaFilterModeLinear, 1);
        const cudaTextureObject_t tb = make_2d(a2, modes[m / 2], modes[m / 2],
                                               m % 2 ? cudaFilterModeLinear : cudaFilterModePoint, 1);
        const cudaTextureObject_t tr = make_2d(a3, cudaAddressModeClamp, cudaAddressModeWrap, cudaFilterModeLinear, 1);
        // views exist under every backend but the scalar reference (WARPTEX_BACKEND=scalar)
        const bool views = std::strcmp(wt_backend_name(), "scalar") != 0;
        EXPECT((wt_tex_lane2d_view(ta, WT_LANE2D_ABI) != nullptr) == views);
        EXPECT((wt_tex_lane2d_view(tb, WT_LANE2D_ABI) != nullptr) == views);
        EXPECT(wt_tex_lane2d_view(tr, WT_LANE2D_ABI) == nullptr);
        std::vector<float4> out(4 * n), ref(4 * n);
        inline_fetches<<<(n + 127) / 128, 128>>>(out.data(), uv.data(), ta, tb, tr, n);
        EXPECT_OK(cudaDeviceSynchronize());
        const std::string was = wt_backend_name();
        EXPECT(wt_set_backend("scalar") == WT_SUCCESS);
        for (int i = 0; i < n; i++) {
            const float2 c = uv[i];
            const wt_float4 r0 = wt_tex_unified_2d_v4f32_f32(ta, c.x, c.y), r1 = wt_tex_unified_2d_v4f32_f32(tb, c.y, c.x),
                            r2 = wt_tex_unified_2d_v4f32_f32(tr, c.x, c.y), r3 = wt_tex_unified_2d_v4f32_f32(ta, c.x, c.x),
                            r4 = wt_tex_unified_2d_v4f32_f32(tb, c.x, c.y);
            ref[4 * i] = make_float4(r0.x, r0.y, r0.z, r0.w);
            ref[4 * i + 1] = make_float4(r1.x, r1.y, r1.z, r1.w);
            ref[4 * i + 2] = make_float4(r2.x, r3.y, 0.0f, 0.0f);
            ref[4 * i + 3] = make_float4(r4.x, r4.y, r4.z, r4.w);
        }
        // the kernel under the scalar backend runs every fetch through the per-lane call
        std::vector<float4> out_scalar(4 * n);
        inline_fetches<<<(n + 127) / 128, 128>>>(out_scalar.data(), uv.data(), ta, tb, tr, n);
        EXPECT_OK(cudaDeviceSynchronize());
        EXPECT(wt_set_backend(was.c_str()) == WT_SUCCESS);
        EXPECT(same(out.data(), ref.data(), ref.size() * sizeof ref[0]));
        EXPECT(same(out_scalar.data(), ref.data(), ref.size() * sizeof ref[0]));
        for (int i = 0; i < 4 * n && !same(&out[i], &ref[i], sizeof ref[i]); i++) {
            std::printf("inline tex2D mode %d: element %d (%a %a %a %a), reference (%a %a %a %a)\n", m, i, out[i].x,
                        out[i].y, out[i].z, out[i].w, ref[i].x, ref[i].y, ref[i].z, ref[i].w);
            break;
        }
        EXPECT_OK(cudaDestroyTextureObject(ta));
        EXPECT_OK(cudaDestroyTextureObject(tb));
        EXPECT_OK(cudaDestroyTextureObject(tr));
    }
    // a texture destroyed after a launch that fetched from it inline (on this very OS thread: one
    // thread) is refused by the next launch: views do not outlive their block
    const int threads = wt_get_num_threads();
    EXPECT(wt_set_num_threads(1) == WT_SUCCESS);
    const cudaTextureObject_t td = make_2d(a2, cudaAddressModeClamp, cudaAddressModeClamp, cudaFilterModeLinear, 1);
    std::vector<float4> out(4 * 32);
    inline_fetches<<<1, 32>>>(out.data(), uv.data(), td, td, td, 32);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaDestroyTextureObject(td));
    inline_fetches<<<1, 32>>>(out.data(), uv.data(), td, td, td, 32);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT_OK(cudaDeviceReset());
    EXPECT(wt_set_num_threads(threads) == WT_SUCCESS);
    EXPECT_OK(cudaFreeArray(a1));
    EXPECT_OK(cudaFreeArray(a2));
    EXPECT_OK(cudaFreeArray(a3));
}

int main()
{
    check_layout();
    check_math();
    check_launches();
    check_textures();
    check_inline_fetch();
    check_surfaces();
    check_resources();
    std::printf("runtime_checks: %d failed checks\n", failures);
    if (failures) {
        std::printf("runtime_checks: FAILED\n");
        return 1;
    }
    std::printf("runtime_checks: ok\n");
    return 0;
}
