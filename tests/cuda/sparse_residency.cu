// sparse_residency.cu -- a cudaArraySparse array as a CUDA program maps and samples it: the device
// attribute, the sparse properties, a tile pool from cuMemCreate, one tile mapped with
// cuMemMapArrayAsync, data copied in (the copy into unmapped tiles dropped), then tex2D,
// tex2DLod, tex2DLayered and tex2Dgather with bool *isResident in a kernel: on the mapped tile
// resident with the data, on an unmapped one not resident with zeros, a linear footprint across
// the boundary not resident, unmapped again not resident.  Bad map requests change nothing.
// Written for nvcc too (nvcc -arch=sm_80 sparse_residency.cu -lcuda): on a GPU it prints what
// the GPU answers where warptex made a choice (docs/semantics.md#sparse, marked there as its choice) and
// checks only what CUDA documents (anisotropy, which needs a mipmapped footprint, is not probed).
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "include/expect.h"

#ifdef WARPTEX_CUDA_RUNTIME_H
#define ON_WARPTEX 1 // warptex's documented choices are checked; a GPU's answers are printed
#else
#define ON_WARPTEX 0
#endif

constexpr int kSide = 256, kTile = 64; // float4 texels: 64 x 64 tiles of 64 KiB

struct probe {
    float x, y;
};
struct answer {
    float4 v;
    int resident;
};

__global__ void sample(cudaTextureObject_t point, cudaTextureObject_t linear, const probe *p, answer *out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    bool r = false;
    if (i % 4 == 3) // the linear texture: a footprint of 2 x 2 texels
        out[i].v = tex2D<float4>(linear, p[i].x, p[i].y, &r);
    else if (i % 4 == 2)
        out[i].v = tex2DLod<float4>(point, p[i].x, p[i].y, 0.0f, &r);
    else
        tex2D<float4>(&out[i].v, point, p[i].x, p[i].y, &r);
    out[i].resident = r;
}

__global__ void gather(cudaTextureObject_t point, float x, float y, answer *out)
{
    bool r = false;
    out->v = tex2Dgather<float4>(point, x, y, &r, 1);
    out->resident = r;
}

// a non-resident fetch of a one-channel format; a surface load and store on an unmapped tile
__global__ void one_channel(cudaTextureObject_t t, cudaSurfaceObject_t s, float4 *fetched, float *loaded)
{
    bool r = true;
    *fetched = tex2D<float4>(t, 300.5f, 300.5f, &r);
    surf2Dwrite(7.0f, s, 4 * 300, 300);
    *loaded = surf2Dread<float>(s, 4 * 300, 300);
}

static cudaTextureObject_t object(cudaArray_t a, cudaTextureFilterMode f)
{
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = f;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t = 0;
    EXPECT(cudaCreateTextureObject(&t, &res, &td, nullptr) == cudaSuccess);
    return t;
}

static CUarrayMapInfo map_info(cudaArray_t a, unsigned tx, unsigned ty, CUmemGenericAllocationHandle pool,
                               unsigned long long offset, bool map)
{
    CUarrayMapInfo m;
    std::memset(&m, 0, sizeof m);
    m.resourceType = CU_RESOURCE_TYPE_ARRAY;
    m.resource.array = (CUarray)a;
    m.subresourceType = CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL;
    m.subresource.sparseLevel.offsetX = tx * kTile;
    m.subresource.sparseLevel.offsetY = ty * kTile;
    m.subresource.sparseLevel.extentWidth = kTile;
    m.subresource.sparseLevel.extentHeight = kTile;
    m.subresource.sparseLevel.extentDepth = 1;
    m.memOperationType = map ? CU_MEM_OPERATION_TYPE_MAP : CU_MEM_OPERATION_TYPE_UNMAP;
    m.memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
    m.memHandle.memHandle = map ? pool : 0;
    m.offset = offset;
    m.deviceBitMask = 1;
    return m;
}

static std::vector<answer> run(cudaTextureObject_t point, cudaTextureObject_t linear, const std::vector<probe> &p)
{
    probe *dp = nullptr;
    answer *da = nullptr;
    const int n = (int)p.size();
    EXPECT(cudaMalloc(&dp, n * sizeof(probe)) == cudaSuccess);
    EXPECT(cudaMalloc(&da, n * sizeof(answer)) == cudaSuccess);
    cudaMemcpy(dp, p.data(), n * sizeof(probe), cudaMemcpyHostToDevice);
    sample<<<1, n>>>(point, linear, dp, da, n);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<answer> a(n);
    cudaMemcpy(a.data(), da, n * sizeof(answer), cudaMemcpyDeviceToHost);
    cudaFree(dp);
    cudaFree(da);
    return a;
}

static bool zeros(const float4 &v) { return v.x == 0.0f && v.y == 0.0f && v.z == 0.0f && v.w == 0.0f; }

int main()
{
    EXPECT(cuInit(0) == CUDA_SUCCESS);
    const char *text = nullptr;
    EXPECT(cuGetErrorName(CUDA_ERROR_INVALID_VALUE, &text) == CUDA_SUCCESS && std::strcmp(text, "CUDA_ERROR_INVALID_VALUE") == 0);
    EXPECT(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &text) == CUDA_SUCCESS && std::strcmp(text, "out of memory") == 0);
    int supported = 0;
    EXPECT(cudaDeviceGetAttribute(&supported, cudaDevAttrSparseCudaArraySupported, 0) == cudaSuccess);
    EXPECT(supported == 1);

    const cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    cudaArray_t a = nullptr;
    EXPECT(cudaMallocArray(&a, &f4, kSide, kSide, cudaArraySparse) == cudaSuccess);
    cudaArray_t one_d = nullptr; // CUDA: sparse arrays are 2D, 2D layered or 3D
    EXPECT(cudaMallocArray(&one_d, &f4, kSide, 0, cudaArraySparse) == cudaErrorInvalidValue);
    EXPECT(one_d == nullptr);
    (void)cudaGetLastError();

    cudaArraySparseProperties sp;
    EXPECT(cudaArrayGetSparseProperties(&sp, a) == cudaSuccess);
    EXPECT(sp.tileExtent.width == kTile && sp.tileExtent.height == kTile && sp.tileExtent.depth == 1);
    CUDA_ARRAY_SPARSE_PROPERTIES dp;
    EXPECT(cuArrayGetSparseProperties(&dp, (CUarray)a) == CUDA_SUCCESS);
    EXPECT(dp.tileExtent.width == sp.tileExtent.width && dp.miptailFirstLevel == sp.miptailFirstLevel &&
           dp.miptailSize == sp.miptailSize);
    std::printf("sparse properties of a %d x %d float4 array: tile %u x %u x %u, mip tail from level %u, %llu bytes, "
                "flags %u\n",
                kSide, kSide, sp.tileExtent.width, sp.tileExtent.height, sp.tileExtent.depth, sp.miptailFirstLevel,
                sp.miptailSize, sp.flags);
    cudaArray_t dense = nullptr; // a dense array has no sparse properties
    EXPECT(cudaMallocArray(&dense, &f4, 16, 16) == cudaSuccess);
    EXPECT(cudaArrayGetSparseProperties(&sp, dense) != cudaSuccess);
    (void)cudaGetLastError();
    cudaFreeArray(dense);

    CUmemAllocationProp prop;
    std::memset(&prop, 0, sizeof prop);
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = 0;
    prop.allocFlags.usage = CU_MEM_CREATE_USAGE_TILE_POOL;
    size_t gran = 0;
    EXPECT(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM) == CUDA_SUCCESS);
    EXPECT(gran == 65536);
    CUmemGenericAllocationHandle pool = 0;
    EXPECT(cuMemCreate(&pool, 2 * gran, &prop, 0) == CUDA_SUCCESS);
#if ON_WARPTEX
    CUmemAllocationProp plain = prop; // memory for virtual addresses: none on the CPU
    plain.allocFlags.usage = 0;
    CUmemGenericAllocationHandle h = 1;
    EXPECT(cuMemCreate(&h, gran, &plain, 0) == CUDA_ERROR_NOT_SUPPORTED && h == 0);
#endif

    // Bad requests change nothing: a misaligned region, a pool range past the pool; the valid
    // first entry of the same call is not applied either.
    CUarrayMapInfo bad[2] = {map_info(a, 0, 0, pool, 0, true), map_info(a, 1, 0, pool, 0, true)};
    bad[1].subresource.sparseLevel.offsetX = 3;
    EXPECT(cuMemMapArrayAsync(bad, 2, 0) == CUDA_ERROR_INVALID_VALUE);
    bad[1] = map_info(a, 1, 0, pool, 2 * gran, true);
    EXPECT(cuMemMapArrayAsync(bad, 2, 0) == CUDA_ERROR_INVALID_VALUE);

    cudaTextureObject_t point = object(a, cudaFilterModePoint), linear = object(a, cudaFilterModeLinear);
    const std::vector<probe> probes = {
        {10.5f, 20.5f},  {100.5f, 20.5f}, {10.5f, 20.5f},  {63.6f, 20.5f}, // tile (0,0), tile (1,0), Lod, linear across x = 64
        {63.5f, 63.5f},  {64.5f, 10.5f},  {30.5f, 200.5f}, {32.0f, 32.0f}, // tile (0,0) edge, (1,0), (0,3), linear inside (0,0)
    };
    std::vector<answer> r = run(point, linear, probes);
    for (const answer &x : r) // nothing mapped: nothing resident
        EXPECT(!x.resident && zeros(x.v));

    CUarrayMapInfo m = map_info(a, 0, 0, pool, gran, true); // tile (0,0) onto the pool's second tile
    EXPECT(cuMemMapArrayAsync(&m, 1, 0) == CUDA_SUCCESS);
    std::vector<float4> texels((size_t)kSide * kSide);
    for (int y = 0; y < kSide; y++)
        for (int x = 0; x < kSide; x++)
            texels[(size_t)y * kSide + x] = make_float4((float)x, (float)y, 1.0f, 2.0f);
    EXPECT(cudaMemcpy2DToArray(a, 0, 0, texels.data(), kSide * sizeof(float4), kSide * sizeof(float4), kSide,
                               cudaMemcpyHostToDevice) == cudaSuccess);
    r = run(point, linear, probes);
    EXPECT(r[0].resident && r[0].v.x == 10.0f && r[0].v.y == 20.0f && r[0].v.w == 2.0f);
    EXPECT(!r[1].resident && zeros(r[1].v));
    EXPECT(r[2].resident && r[2].v.x == 10.0f && r[2].v.y == 20.0f);
    std::printf("linear at x = 63.6 across the mapped/unmapped boundary: resident %d, value (%g, %g, %g, %g)\n",
                r[3].resident, r[3].v.x, r[3].v.y, r[3].v.z, r[3].v.w);
#if ON_WARPTEX
    EXPECT(!r[3].resident && zeros(r[3].v)); // [semantics#sparse-residency]: a texel of weight > 0 unmapped
#endif
    EXPECT(r[4].resident && r[4].v.x == 63.0f && r[4].v.y == 63.0f);
    EXPECT(!r[5].resident && !r[6].resident);
    EXPECT(r[7].resident && r[7].v.z == 1.0f);

    answer *dg = nullptr;
    EXPECT(cudaMalloc(&dg, sizeof(answer)) == cudaSuccess);
    gather<<<1, 1>>>(point, 20.0f, 30.0f, dg);
    answer g;
    cudaMemcpy(&g, dg, sizeof g, cudaMemcpyDeviceToHost);
    EXPECT(g.resident && g.v.w == 29.0f && g.v.x == 30.0f); // tld4.g: y of the 2 x 2 footprint
    gather<<<1, 1>>>(point, 64.0f, 30.0f, dg); // footprint across x = 64
    cudaMemcpy(&g, dg, sizeof g, cudaMemcpyDeviceToHost);
    std::printf("tld4 across the boundary: resident %d, value (%g, %g, %g, %g)\n", g.resident, g.v.x, g.v.y, g.v.z,
                g.v.w);
#if ON_WARPTEX
    EXPECT(!g.resident && zeros(g.v));
#endif

    m = map_info(a, 0, 0, 0, 0, false); // unmapped again
    EXPECT(cuMemMapArrayAsync(&m, 1, 0) == CUDA_SUCCESS);
    r = run(point, linear, probes);
    EXPECT(!r[0].resident && zeros(r[0].v));
    m = map_info(a, 0, 0, pool, gran, true); // the data is still in the pool
    EXPECT(cuMemMapArrayAsync(&m, 1, 0) == CUDA_SUCCESS);
    EXPECT(cuMemRelease(pool) == CUDA_SUCCESS); // the pool lives on under its mapping
    r = run(point, linear, probes);
    EXPECT(r[0].resident && r[0].v.x == 10.0f && r[0].v.y == 20.0f);

    // a linear fetch at a texel centre next to an unmapped tile: the neighbour has weight 0
    std::vector<probe> centre = {{0, 0}, {0, 0}, {0, 0}, {63.5f, 20.5f}};
    r = run(point, linear, centre);
    std::printf("linear at a texel centre beside an unmapped tile (zero weight there): resident %d\n",
                r[3].resident);
#if ON_WARPTEX
    EXPECT(r[3].resident && r[3].v.x == 63.0f); // [semantics#sparse-residency]: zero weights do not count
#endif
    // copies out of an unmapped tile
    std::vector<float4> back(kTile * kTile, make_float4(9, 9, 9, 9));
    const cudaError_t ce = cudaMemcpy2DFromArray(back.data(), kTile * sizeof(float4), a, kTile * sizeof(float4), 0,
                                                 kTile * sizeof(float4), kTile, cudaMemcpyDeviceToHost);
    std::printf("copy out of an unmapped tile: %s, first texel (%g, %g, %g, %g)\n", cudaGetErrorString(ce),
                back[0].x, back[0].y, back[0].z, back[0].w);
#if ON_WARPTEX
    EXPECT(ce == cudaSuccess && zeros(back[0])); // [semantics#sparse]: reads zeros
#endif
    (void)cudaGetLastError();

    // a one-channel sparse array with surface access, nothing mapped
    const cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
    cudaArray_t a1 = nullptr;
    EXPECT(cudaMallocArray(&a1, &f1, 512, 512, cudaArraySparse | cudaArraySurfaceLoadStore) == cudaSuccess);
    cudaTextureObject_t t1 = object(a1, cudaFilterModePoint);
    cudaResourceDesc sres;
    std::memset(&sres, 0, sizeof sres);
    sres.resType = cudaResourceTypeArray;
    sres.res.array.array = a1;
    cudaSurfaceObject_t s1 = 0;
    EXPECT(cudaCreateSurfaceObject(&s1, &sres) == cudaSuccess);
    float4 *df = nullptr;
    float *dl = nullptr;
    EXPECT(cudaMalloc(&df, sizeof(float4)) == cudaSuccess && cudaMalloc(&dl, sizeof(float)) == cudaSuccess);
    one_channel<<<1, 1>>>(t1, s1, df, dl);
    const cudaError_t ke = cudaDeviceSynchronize();
    float4 f = make_float4(9, 9, 9, 9);
    float loaded = 9;
    cudaMemcpy(&f, df, sizeof f, cudaMemcpyDeviceToHost);
    cudaMemcpy(&loaded, dl, sizeof loaded, cudaMemcpyDeviceToHost);
    std::printf("non-resident fetch of a one-channel format: (%g, %g, %g, %g)\n", f.x, f.y, f.z, f.w);
    std::printf("surface store then load on an unmapped tile: launch %s, loaded %g\n", cudaGetErrorString(ke),
                loaded);
#if ON_WARPTEX
    EXPECT(zeros(f));                            // [semantics#sparse-zero]: alpha 0 too
    EXPECT(ke == cudaSuccess && loaded == 0.0f); // the store dropped, the load zero, no fault
#endif
    (void)cudaGetLastError();
    cudaDestroySurfaceObject(s1);
    cudaDestroyTextureObject(t1);
    cudaFreeArray(a1);
    cudaFree(df);
    cudaFree(dl);

    // the mip tail of sparse mipmapped arrays, square and not
    const int shapes[3][3] = {{1024, 1024, 11}, {1000, 300, 10}, {256, 64, 9}}; // width, height, every level
    for (const auto &sh : shapes) {
        cudaMipmappedArray_t mm = nullptr;
        if (cudaMallocMipmappedArray(&mm, &f4, make_cudaExtent(sh[0], sh[1], 0), sh[2], cudaArraySparse) !=
            cudaSuccess) {
            EXPECT(false);
            continue;
        }
        cudaArraySparseProperties mp;
        EXPECT(cudaMipmappedArrayGetSparseProperties(&mp, mm) == cudaSuccess);
        std::printf("mip tail of %d x %d float4, %d levels: tile %u x %u, mip tail from level %u, %llu bytes, flags %u\n",
                    sh[0], sh[1], sh[2], mp.tileExtent.width, mp.tileExtent.height, mp.miptailFirstLevel, mp.miptailSize,
                    mp.flags);
        EXPECT(mp.tileExtent.width == kTile && mp.miptailSize % 65536 == 0);
        cudaFreeMipmappedArray(mm);
    }

    cudaFree(dg);
    cudaDestroyTextureObject(point);
    cudaDestroyTextureObject(linear);
    EXPECT(cudaFreeArray(a) == cudaSuccess);
    std::printf("%s\n", failures ? "FAILED" : "sparse arrays: mapped, sampled with isResident, unmapped");
    return failures ? 1 : 0;
}
