/* device_props.cpp -- the CPU described as CUDA device 0: cudaGetDeviceProperties and cudaDeviceGetAttribute
 * SPDX-License-Identifier: MIT
 *
 * Every field of cudaDeviceProp and every cudaDeviceAttr of CUDA 13.0 gets a
 * figure that describes this machine: the multiprocessors are the library's
 * threads (one block runs on each at a time), the clock is the CPU's, memory
 * is the host's, and a GPU feature the CPU does not have is 0.  The texture
 * and surface limits are those warptex checks ([semantics#limits] in the
 * repository's docs).  An attribute CUDA has always succeeds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda_internal.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;

namespace {
/* the L2 cache's size in bytes where the C library knows it, else 0 */
int l2_cache_bytes()
{
#ifdef _SC_LEVEL2_CACHE_SIZE
    const long v = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return v > 0 && v < 2147483647L ? (int)v : 0;
#else
    return 0;
#endif
}

int clamp_int(size_t v) { return v > 2147483647u ? 2147483647 : (int)v; }
} // namespace

extern "C" {
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int device)
{
    if (cudaError_t e = enter())
        return e;
    if (!p)
        return fail(cudaErrorInvalidValue);
    if (device != 0)
        return fail(cudaErrorInvalidDevice);
    memset(p, 0, sizeof *p); /* uuid, luid, PCI ids, GPU-only features: 0 */
    const int threads = wt_get_num_threads();
    snprintf(p->name, sizeof p->name, "warptex CPU (%d threads, backend %s)", threads, wt_backend_name());
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    p->totalGlobalMem = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
    p->sharedMemPerBlock = wt_cuda_rt::max_dynamic_shared; /* the dynamic shared memory a launch may ask for */
    p->sharedMemPerBlockOptin = wt_cuda_rt::max_dynamic_shared;
    p->sharedMemPerMultiprocessor = 48 * 1024;
    p->regsPerBlock = 65536;
    p->regsPerMultiprocessor = 65536;
    p->warpSize = 32;
    p->sparseCudaArraySupported = 1; /* cudaArraySparse, cuda.h's tile pools (sparse.cpp) */
    p->memPitch = (size_t)-1 / 2;
    p->maxThreadsPerBlock = 1024;
    p->maxThreadsDim[0] = 1024, p->maxThreadsDim[1] = 1024, p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 2147483647, p->maxGridSize[1] = 65535, p->maxGridSize[2] = 65535;
    p->totalConstMem = p->totalGlobalMem; /* __constant__ is ordinary memory */
    /* texture and surface results follow docs/semantics.md, measured on sm_86 */
    p->major = 8;
    p->minor = 6;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    p->surfaceAlignment = 512;
    p->multiProcessorCount = threads; /* one block runs per OS thread at a time */
    p->maxThreadsPerMultiProcessor = 1024;
    p->maxBlocksPerMultiProcessor = 1;
    p->integrated = 1;                 /* device memory is host memory */
    p->canMapHostMemory = 1;
    p->unifiedAddressing = 1;
    p->managedMemory = 1;
    p->concurrentManagedAccess = 1;
    p->pageableMemoryAccess = 1;       /* a kernel may use any host pointer */
    p->pageableMemoryAccessUsesHostPageTables = 1;
    p->directManagedMemAccessFromHost = 1;
    p->canUseHostPointerForRegisteredMem = 1;
    p->hostNativeAtomicSupported = 1;
    p->hostRegisterSupported = 1;
    p->hostRegisterReadOnlySupported = 1;
    p->memoryPoolsSupported = 1;       /* cudaMallocAsync and the pools: memory_pools.cpp */
    p->unifiedFunctionPointers = 1;    /* a kernel is a host function */
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->concurrentKernels = 0;          /* a launch runs the whole grid before it returns */
    p->asyncEngineCount = 0;           /* copies are synchronous */
    p->cooperativeLaunch = 0;          /* no grid-wide synchronisation */
    p->l2CacheSize = l2_cache_bytes();
    p->deviceNumaId = -1;
    p->hostNumaId = -1;
    /* [semantics#limits] (what wt_malloc_array checks) */
    p->maxTexture1D = 131072, p->maxTexture1DMipmap = 32768;
    p->maxTexture2D[0] = 131072, p->maxTexture2D[1] = 65536;
    p->maxTexture2DMipmap[0] = 32768, p->maxTexture2DMipmap[1] = 32768;
    p->maxTexture2DLinear[0] = 131072, p->maxTexture2DLinear[1] = 65000, p->maxTexture2DLinear[2] = 2097120;
    p->maxTexture2DGather[0] = 32768, p->maxTexture2DGather[1] = 32768;
    p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
    p->maxTexture3DAlt[0] = p->maxTexture3DAlt[1] = 8192, p->maxTexture3DAlt[2] = 32768;
    p->maxTextureCubemap = 32768;
    p->maxTexture1DLayered[0] = 32768, p->maxTexture1DLayered[1] = 2048;
    p->maxTexture2DLayered[0] = 32768, p->maxTexture2DLayered[1] = 32768, p->maxTexture2DLayered[2] = 2048;
    p->maxTextureCubemapLayered[0] = 32768, p->maxTextureCubemapLayered[1] = 2046;
    p->maxSurface1D = 32768;
    p->maxSurface2D[0] = 131072, p->maxSurface2D[1] = 65536;
    p->maxSurface3D[0] = p->maxSurface3D[1] = p->maxSurface3D[2] = 16384;
    p->maxSurface1DLayered[0] = 32768, p->maxSurface1DLayered[1] = 2048;
    p->maxSurface2DLayered[0] = 32768, p->maxSurface2DLayered[1] = 32768, p->maxSurface2DLayered[2] = 1048;
    p->maxSurfaceCubemap = 32768;
    p->maxSurfaceCubemapLayered[0] = 32768, p->maxSurfaceCubemapLayered[1] = 2046;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    if (cudaError_t e = enter())
        return e;
    if (!value)
        return fail(cudaErrorInvalidValue);
    if (device != 0)
        return fail(cudaErrorInvalidDevice);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    int v = 0; /* the attributes not named below: a GPU feature the CPU lacks, or a reserved one */
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: v = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: v = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: v = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: v = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: v = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: v = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: v = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: v = clamp_int(p.sharedMemPerBlock); break;
    case cudaDevAttrTotalConstantMemory: v = clamp_int(p.totalConstMem); break;
    case cudaDevAttrWarpSize: v = p.warpSize; break;
    case cudaDevAttrMaxPitch: v = clamp_int(p.memPitch); break;
    case cudaDevAttrMaxRegistersPerBlock: v = p.regsPerBlock; break;
    case cudaDevAttrClockRate: v = wt_cuda_rt::clock_khz(); break;
    case cudaDevAttrTextureAlignment: v = clamp_int(p.textureAlignment); break;
    case cudaDevAttrMultiProcessorCount: v = p.multiProcessorCount; break;
    case cudaDevAttrIntegrated: v = p.integrated; break;
    case cudaDevAttrCanMapHostMemory: v = p.canMapHostMemory; break;
    case cudaDevAttrComputeMode: v = cudaComputeModeDefault; break;
    case cudaDevAttrMaxTexture1DWidth: v = p.maxTexture1D; break;
    case cudaDevAttrMaxTexture2DWidth: v = p.maxTexture2D[0]; break;
    case cudaDevAttrMaxTexture2DHeight: v = p.maxTexture2D[1]; break;
    case cudaDevAttrMaxTexture3DWidth: v = p.maxTexture3D[0]; break;
    case cudaDevAttrMaxTexture3DHeight: v = p.maxTexture3D[1]; break;
    case cudaDevAttrMaxTexture3DDepth: v = p.maxTexture3D[2]; break;
    case cudaDevAttrMaxTexture2DLayeredWidth: v = p.maxTexture2DLayered[0]; break;
    case cudaDevAttrMaxTexture2DLayeredHeight: v = p.maxTexture2DLayered[1]; break;
    case cudaDevAttrMaxTexture2DLayeredLayers: v = p.maxTexture2DLayered[2]; break;
    case cudaDevAttrSurfaceAlignment: v = clamp_int(p.surfaceAlignment); break;
    case cudaDevAttrConcurrentKernels: v = p.concurrentKernels; break;
    case cudaDevAttrMemoryClockRate: v = 0; break; /* the host's memory clock is not known */
    case cudaDevAttrL2CacheSize: v = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: v = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrAsyncEngineCount: v = p.asyncEngineCount; break;
    case cudaDevAttrUnifiedAddressing: v = p.unifiedAddressing; break;
    case cudaDevAttrMaxTexture1DLayeredWidth: v = p.maxTexture1DLayered[0]; break;
    case cudaDevAttrMaxTexture1DLayeredLayers: v = p.maxTexture1DLayered[1]; break;
    case cudaDevAttrMaxTexture2DGatherWidth: v = p.maxTexture2DGather[0]; break;
    case cudaDevAttrMaxTexture2DGatherHeight: v = p.maxTexture2DGather[1]; break;
    case cudaDevAttrMaxTexture3DWidthAlt: v = p.maxTexture3DAlt[0]; break;
    case cudaDevAttrMaxTexture3DHeightAlt: v = p.maxTexture3DAlt[1]; break;
    case cudaDevAttrMaxTexture3DDepthAlt: v = p.maxTexture3DAlt[2]; break;
    case cudaDevAttrTexturePitchAlignment: v = clamp_int(p.texturePitchAlignment); break;
    case cudaDevAttrMaxTextureCubemapWidth: v = p.maxTextureCubemap; break;
    case cudaDevAttrMaxTextureCubemapLayeredWidth: v = p.maxTextureCubemapLayered[0]; break;
    case cudaDevAttrMaxTextureCubemapLayeredLayers: v = p.maxTextureCubemapLayered[1]; break;
    case cudaDevAttrMaxSurface1DWidth: v = p.maxSurface1D; break;
    case cudaDevAttrMaxSurface2DWidth: v = p.maxSurface2D[0]; break;
    case cudaDevAttrMaxSurface2DHeight: v = p.maxSurface2D[1]; break;
    case cudaDevAttrMaxSurface3DWidth: v = p.maxSurface3D[0]; break;
    case cudaDevAttrMaxSurface3DHeight: v = p.maxSurface3D[1]; break;
    case cudaDevAttrMaxSurface3DDepth: v = p.maxSurface3D[2]; break;
    case cudaDevAttrMaxSurface1DLayeredWidth: v = p.maxSurface1DLayered[0]; break;
    case cudaDevAttrMaxSurface1DLayeredLayers: v = p.maxSurface1DLayered[1]; break;
    case cudaDevAttrMaxSurface2DLayeredWidth: v = p.maxSurface2DLayered[0]; break;
    case cudaDevAttrMaxSurface2DLayeredHeight: v = p.maxSurface2DLayered[1]; break;
    case cudaDevAttrMaxSurface2DLayeredLayers: v = p.maxSurface2DLayered[2]; break;
    case cudaDevAttrMaxSurfaceCubemapWidth: v = p.maxSurfaceCubemap; break;
    case cudaDevAttrMaxSurfaceCubemapLayeredWidth: v = p.maxSurfaceCubemapLayered[0]; break;
    case cudaDevAttrMaxSurfaceCubemapLayeredLayers: v = p.maxSurfaceCubemapLayered[1]; break;
    case cudaDevAttrMaxTexture1DLinearWidth: v = 1 << 28; break;
    case cudaDevAttrMaxTexture2DLinearWidth: v = p.maxTexture2DLinear[0]; break;
    case cudaDevAttrMaxTexture2DLinearHeight: v = p.maxTexture2DLinear[1]; break;
    case cudaDevAttrMaxTexture2DLinearPitch: v = p.maxTexture2DLinear[2]; break;
    case cudaDevAttrMaxTexture2DMipmappedWidth: v = p.maxTexture2DMipmap[0]; break;
    case cudaDevAttrMaxTexture2DMipmappedHeight: v = p.maxTexture2DMipmap[1]; break;
    case cudaDevAttrComputeCapabilityMajor: v = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: v = p.minor; break;
    case cudaDevAttrMaxTexture1DMipmappedWidth: v = p.maxTexture1DMipmap; break;
    case cudaDevAttrGlobalL1CacheSupported: v = p.globalL1CacheSupported; break;
    case cudaDevAttrLocalL1CacheSupported: v = p.localL1CacheSupported; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: v = clamp_int(p.sharedMemPerMultiprocessor); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: v = p.regsPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: v = p.managedMemory; break;
    case cudaDevAttrHostNativeAtomicSupported: v = p.hostNativeAtomicSupported; break;
    /* a vector of doubles holds half as many lanes as one of floats */
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: v = 2; break;
    case cudaDevAttrPageableMemoryAccess: v = p.pageableMemoryAccess; break;
    case cudaDevAttrConcurrentManagedAccess: v = p.concurrentManagedAccess; break;
    case cudaDevAttrCanUseHostPointerForRegisteredMem: v = p.canUseHostPointerForRegisteredMem; break;
    case cudaDevAttrCooperativeLaunch: v = p.cooperativeLaunch; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: v = clamp_int(p.sharedMemPerBlockOptin); break;
    case cudaDevAttrHostRegisterSupported: v = p.hostRegisterSupported; break;
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables: v = p.pageableMemoryAccessUsesHostPageTables; break;
    case cudaDevAttrDirectManagedMemAccessFromHost: v = p.directManagedMemAccessFromHost; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: v = p.maxBlocksPerMultiProcessor; break;
    case cudaDevAttrHostRegisterReadOnlySupported: v = p.hostRegisterReadOnlySupported; break;
    case cudaDevAttrMemoryPoolsSupported: v = p.memoryPoolsSupported; break;
    case cudaDevAttrNumaId: v = p.deviceNumaId; break;
    case cudaDevAttrSparseCudaArraySupported: v = p.sparseCudaArraySupported; break;
    case cudaDevAttrHostNumaId: v = p.hostNumaId; break;
    default:
        /* an attribute of CUDA 13.0 that the CPU does not have answers 0; a
         * value that is no attribute at all is refused */
        switch (attr) {
#define WT__CUDA_ATTR_CASE(name, value) case name:
            WT_CUDA_DEVICE_ATTR_LIST(WT__CUDA_ATTR_CASE)
#undef WT__CUDA_ATTR_CASE
            break;
        default: return fail(cudaErrorInvalidValue);
        }
    }
    *value = v;
    return cudaSuccess;
}
}
