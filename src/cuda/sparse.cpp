/* sparse.cpp -- sparse CUDA arrays: the runtime's sparse-properties calls and cuda.h's tile pools and mapping, over warptex/sparse.h
 * SPDX-License-Identifier: MIT
 *
 * cudaArraySparse arrays are warptex sparse arrays (WT_ARRAY_SPARSE has
 * CUDA's value).  A CUmemGenericAllocationHandle is a wt_tile_pool; a
 * CUarrayMapInfo becomes a wt_sparse_map_entry, all of them checked before
 * wt_sparse_map applies any.  The driver calls answer CUresult, the runtime
 * calls cudaError_t and set the runtime's last error as every runtime call
 * does.  docs/cuda.md#sparse-arrays. */
#include <new>
#include <string.h>

#include "cuda_internal.h"
#include "warptex/cuda/cuda.h"
#include "warptex/sparse.h"

static_assert(cudaArraySparse == WT_ARRAY_SPARSE, "cudaArraySparse is warptex's sparse flag");
static_assert(sizeof(CUmemGenericAllocationHandle) >= sizeof(wt_tile_pool), "a handle holds a pool");

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::from_status;

namespace {
/* A sparse array's or mipmapped array's properties in CUDA's form (one struct serves the runtime
 * and the driver call) */
template <class A>
wt_status properties(cudaArraySparseProperties *out, wt_status (*get)(wt_sparse_properties *, A), A arr)
{
    wt_sparse_properties p;
    if (!out)
        return WT_ERROR_INVALID_VALUE;
    const wt_status s = get(&p, arr);
    if (s != WT_SUCCESS)
        return s;
    memset(out, 0, sizeof *out);
    out->tileExtent.width = p.tile_width;
    out->tileExtent.height = p.tile_height;
    out->tileExtent.depth = p.tile_depth;
    out->miptailFirstLevel = p.miptail_first_level;
    out->miptailSize = p.miptail_size;
    out->flags = p.flags;
    return WT_SUCCESS;
}

/* the runtime's answer: CUDA's invalid value for a dense array too */
cudaError_t runtime(wt_status s)
{
    if (s == WT_SUCCESS)
        return cudaSuccess;
    return fail(s == WT_ERROR_INVALID_RESOURCE_TYPE ? cudaErrorInvalidValue : from_status(s));
}

/* CUDA answers CUDA_ERROR_INVALID_VALUE for every bad argument of these calls */
CUresult cu(wt_status s)
{
    switch (s) {
    case WT_SUCCESS: return CUDA_SUCCESS;
    case WT_ERROR_OUT_OF_MEMORY: return CUDA_ERROR_OUT_OF_MEMORY;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}

/* the CUresult values cuda.h has: name and description */
CUresult error_text(CUresult error, const char **out, bool description)
{
    static const struct {
        CUresult code;
        const char *name, *text;
    } table[] = {
        {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
        {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
        {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
        {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
        {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
        {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
        {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
    };
    if (!out)
        return CUDA_ERROR_INVALID_VALUE;
    for (const auto &e : table)
        if (e.code == error) {
            *out = description ? e.text : e.name;
            return CUDA_SUCCESS;
        }
    *out = nullptr;
    return CUDA_ERROR_INVALID_VALUE;
}

bool tile_pool_prop(const CUmemAllocationProp *prop)
{
    return prop && prop->type == CU_MEM_ALLOCATION_TYPE_PINNED && prop->location.type == CU_MEM_LOCATION_TYPE_DEVICE &&
           prop->location.id == 0 && (prop->allocFlags.usage & CU_MEM_CREATE_USAGE_TILE_POOL);
}

/* one CUarrayMapInfo as warptex's entry; false for what CUDA refuses before looking further */
bool entry_of(const CUarrayMapInfo &m, wt_sparse_map_entry *e)
{
    memset(e, 0, sizeof *e);
    if (m.flags || (m.deviceBitMask != 0 && m.deviceBitMask != 1)) /* device 0 is the only one */
        return false;
    if (m.resourceType == CU_RESOURCE_TYPE_ARRAY) {
        e->res_type = WT_RESOURCE_ARRAY;
        e->array = m.resource.array;
    } else if (m.resourceType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY) {
        e->res_type = WT_RESOURCE_MIPMAPPED_ARRAY;
        e->mipmap = m.resource.mipmap;
    } else {
        return false;
    }
    if (m.subresourceType == CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL) {
        const auto &l = m.subresource.sparseLevel;
        e->sub = WT_SPARSE_LEVEL;
        e->level = l.level, e->layer = l.layer;
        e->x = l.offsetX, e->y = l.offsetY, e->z = l.offsetZ;
        e->width = l.extentWidth, e->height = l.extentHeight, e->depth = l.extentDepth;
    } else if (m.subresourceType == CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL) {
        e->sub = WT_SPARSE_MIPTAIL;
        e->layer = m.subresource.miptail.layer;
        e->offset = (size_t)m.subresource.miptail.offset;
        e->size = (size_t)m.subresource.miptail.size;
    } else {
        return false;
    }
    if (m.memOperationType == CU_MEM_OPERATION_TYPE_MAP) {
        if (m.memHandleType != CU_MEM_HANDLE_TYPE_GENERIC)
            return false;
        e->op = WT_SPARSE_MAP;
        e->pool = reinterpret_cast<wt_tile_pool>((uintptr_t)m.memHandle.memHandle);
        e->pool_offset = (size_t)m.offset;
    } else if (m.memOperationType == CU_MEM_OPERATION_TYPE_UNMAP) {
        e->op = WT_SPARSE_UNMAP; /* a handle given with it is refused by wt_sparse_map */
        e->pool = reinterpret_cast<wt_tile_pool>((uintptr_t)m.memHandle.memHandle);
    } else {
        return false;
    }
    return true;
}
} // namespace

extern "C" {
cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties, cudaArray_t array)
{
    if (cudaError_t e = enter())
        return e;
    return runtime(properties(sparseProperties, wt_array_get_sparse_properties, array));
}

cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties,
                                                  cudaMipmappedArray_t mipmap)
{
    if (cudaError_t e = enter())
        return e;
    return runtime(properties(sparseProperties, wt_mipmapped_array_get_sparse_properties, mipmap));
}

CUresult cuInit(unsigned int flags) { return flags ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS; }

CUresult cuGetErrorName(CUresult error, const char **pStr) { return error_text(error, pStr, false); }
CUresult cuGetErrorString(CUresult error, const char **pStr) { return error_text(error, pStr, true); }

CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size, const CUmemAllocationProp *prop,
                     unsigned long long flags)
{
    if (!handle || !prop || flags)
        return CUDA_ERROR_INVALID_VALUE;
    *handle = 0;
    if (!tile_pool_prop(prop)) /* memory to map at a virtual address: no such thing on the CPU */
        return prop->type == CU_MEM_ALLOCATION_TYPE_PINNED ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
    wt_tile_pool pool = nullptr;
    const wt_status s = wt_tile_pool_create(&pool, size);
    if (s == WT_SUCCESS)
        *handle = (CUmemGenericAllocationHandle)(uintptr_t)pool;
    return cu(s);
}

CUresult cuMemRelease(CUmemGenericAllocationHandle handle)
{
    return cu(wt_tile_pool_release(reinterpret_cast<wt_tile_pool>((uintptr_t)handle)));
}

CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop,
                                       CUmemAllocationGranularity_flags option)
{
    if (!granularity || !prop || (option != CU_MEM_ALLOC_GRANULARITY_MINIMUM &&
                                  option != CU_MEM_ALLOC_GRANULARITY_RECOMMENDED))
        return CUDA_ERROR_INVALID_VALUE;
    *granularity = WT_SPARSE_TILE_BYTES;
    return CUDA_SUCCESS;
}

CUresult cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count, CUstream hStream)
{
    (void)hStream; /* done now: ordered before all later work on every stream */
    if (count && !mapInfoList)
        return CUDA_ERROR_INVALID_VALUE;
    wt_sparse_map_entry *e = count ? new (std::nothrow) wt_sparse_map_entry[count] : nullptr;
    if (count && !e)
        return CUDA_ERROR_OUT_OF_MEMORY;
    CUresult r = CUDA_SUCCESS;
    for (unsigned i = 0; i < count && r == CUDA_SUCCESS; i++)
        if (!entry_of(mapInfoList[i], &e[i]))
            r = CUDA_ERROR_INVALID_VALUE;
    if (r == CUDA_SUCCESS)
        r = cu(wt_sparse_map(e, count));
    delete[] e;
    return r;
}

CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array)
{
    return cu(properties(sparseProperties, wt_array_get_sparse_properties, array));
}

CUresult cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap)
{
    return cu(properties(sparseProperties, wt_mipmapped_array_get_sparse_properties, mipmap));
}
}
