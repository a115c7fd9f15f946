/* cuda.h -- the part of CUDA's driver API that sparse arrays need: tile pools and mapping tiles (warptex)
 * SPDX-License-Identifier: MIT
 *
 * A sparse CUDA array (cudaArraySparse) is mapped with the driver API: a tile
 * pool from cuMemCreate (usage CU_MEM_CREATE_USAGE_TILE_POOL), tiles mapped
 * onto it with cuMemMapArrayAsync, the tile shape from
 * cuArrayGetSparseProperties.  These calls are warptex/sparse.h's; the names,
 * types and values are CUDA's, so code written for nvcc builds unchanged.  A
 * CUarray is a cudaArray_t, a CUmipmappedArray a cudaMipmappedArray_t, a
 * CUstream a cudaStream_t (casts between them are no-ops), and a
 * CUmemGenericAllocationHandle names a tile pool.  The rest of the driver API
 * (contexts, modules, virtual memory) is not here: a program that needs it
 * does not compile.  docs/cuda.md#sparse-arrays. */
#ifndef WARPTEX_CUDA_DRIVER_H
#define WARPTEX_CUDA_DRIVER_H
#define __cuda_cuda_h__ /* CUDA's own include guard: code tests it to see what is declared */

#include <stddef.h>

#include "driver_types.h"

#define CUDA_VERSION 13000

typedef enum cudaError_enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_INVALID_HANDLE = 400,
    CUDA_ERROR_NOT_SUPPORTED = 801,
    CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef cudaArray_t CUarray;
typedef cudaMipmappedArray_t CUmipmappedArray;
typedef cudaStream_t CUstream;
typedef unsigned long long CUmemGenericAllocationHandle;

typedef enum CUmemAllocationType_enum { CU_MEM_ALLOCATION_TYPE_INVALID = 0, CU_MEM_ALLOCATION_TYPE_PINNED = 1 } CUmemAllocationType;
typedef enum CUmemAllocationHandleType_enum { CU_MEM_HANDLE_TYPE_NONE = 0 } CUmemAllocationHandleType;
typedef enum CUmemLocationType_enum { CU_MEM_LOCATION_TYPE_INVALID = 0, CU_MEM_LOCATION_TYPE_DEVICE = 1 } CUmemLocationType;
typedef struct CUmemLocation_st {
    CUmemLocationType type;
    int id;
} CUmemLocation;
#define CU_MEM_CREATE_USAGE_TILE_POOL 0x1
typedef struct CUmemAllocationProp_st {
    CUmemAllocationType type;
    CUmemAllocationHandleType requestedHandleTypes;
    CUmemLocation location;
    void *win32HandleMetaData;
    struct {
        unsigned char compressionType;
        unsigned char gpuDirectRDMACapable;
        unsigned short usage;
        unsigned char reserved[4];
    } allocFlags;
} CUmemAllocationProp;
typedef enum CUmemAllocationGranularity_flags_enum {
    CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0,
    CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 1
} CUmemAllocationGranularity_flags;

typedef enum CUresourcetype_enum {
    CU_RESOURCE_TYPE_ARRAY = 0,
    CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 1,
    CU_RESOURCE_TYPE_LINEAR = 2,
    CU_RESOURCE_TYPE_PITCH2D = 3
} CUresourcetype;
typedef enum CUarraySparseSubresourceType_enum {
    CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL = 0,
    CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL = 1
} CUarraySparseSubresourceType;
typedef enum CUmemOperationType_enum { CU_MEM_OPERATION_TYPE_MAP = 1, CU_MEM_OPERATION_TYPE_UNMAP = 2 } CUmemOperationType;
typedef enum CUmemHandleType_enum { CU_MEM_HANDLE_TYPE_GENERIC = 0 } CUmemHandleType;

typedef struct CUarrayMapInfo_st {
    CUresourcetype resourceType;
    union {
        CUmipmappedArray mipmap;
        CUarray array;
    } resource;
    CUarraySparseSubresourceType subresourceType;
    union {
        struct {
            unsigned int level, layer;
            unsigned int offsetX, offsetY, offsetZ;
            unsigned int extentWidth, extentHeight, extentDepth;
        } sparseLevel;
        struct {
            unsigned int layer;
            unsigned long long offset, size;
        } miptail;
    } subresource;
    CUmemOperationType memOperationType;
    CUmemHandleType memHandleType;
    union {
        CUmemGenericAllocationHandle memHandle;
    } memHandle;
    unsigned long long offset;
    unsigned int deviceBitMask;
    unsigned int flags;
    unsigned int reserved[2];
} CUarrayMapInfo;

#define CU_ARRAY_SPARSE_PROPERTIES_SINGLE_MIPTAIL 0x1
/* the runtime's cudaArraySparseProperties: the same fields (driver_types.h) */
typedef struct cudaArraySparseProperties CUDA_ARRAY_SPARSE_PROPERTIES;

#ifdef __cplusplus
extern "C" {
#endif
/* flags 0; nothing to initialise */
CUresult cuInit(unsigned int flags);
CUresult cuGetErrorString(CUresult error, const char **pStr);
CUresult cuGetErrorName(CUresult error, const char **pStr);
/* A tile pool of `size` bytes (a multiple of the granularity, 64 KiB), zeroed: prop says pinned
 * memory on device 0 with allocFlags.usage CU_MEM_CREATE_USAGE_TILE_POOL; flags 0.  Any other
 * allocation (memory to map at a virtual address) is CUDA_ERROR_NOT_SUPPORTED: warptex has no
 * virtual memory management. */
CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size, const CUmemAllocationProp *prop,
                     unsigned long long flags);
/* The pool's handle dies now; its memory stays while tiles are mapped onto it. */
CUresult cuMemRelease(CUmemGenericAllocationHandle handle);
CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop,
                                       CUmemAllocationGranularity_flags option);
/* Maps or unmaps each entry, in order; every entry is checked before any is applied, and an error
 * changes nothing.  The work is done before the call returns, so it is ordered before anything
 * the program enqueues on hStream (or any stream) after it. */
CUresult cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count, CUstream hStream);
CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array);
CUresult cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap);
#ifdef __cplusplus
}
#endif
#endif
