/* memory_pools.cpp -- stream-ordered allocation: cudaMallocAsync, cudaFreeAsync and memory pools
 * SPDX-License-Identifier: MIT
 *
 * A stream's work runs when it is submitted (docs/cuda.md, "Streams"), so a stream-ordered
 * allocation is made at once: cudaMallocAsync is cudaMalloc (a device allocation, bounds-checked
 * as every other, which cudaFreeAsync or cudaFree returns) counted in a pool.  A pool keeps no
 * freed memory: its reserved bytes are its used bytes, whatever its release threshold, and
 * cudaMemPoolTrimTo has nothing to give back.  Pools keep the attributes a program sets and
 * reads (the release threshold, the reuse flags, the high-water marks).  A pool destroyed with
 * blocks still allocated from it goes when the last of them is freed, as CUDA defers it. */
#include <map>
#include <mutex>
#include <new>
#include <set>
#include <stdint.h>

#include "cuda_internal.h"
#include "graphs.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::stream_ok;

struct wt_cuda_mempool_s {
    uint64_t release_threshold = 0;
    int reuse[3] = {1, 1, 1}; /* cudaMemPoolReuse*: CUDA's defaults, all enabled */
    uint64_t used = 0, used_high = 0, reserved_high = 0;
    size_t blocks = 0;        /* blocks allocated from it and not freed */
    bool destroyed = false;   /* cudaMemPoolDestroy'ed while blocks remained */
};

namespace {
std::mutex g_lock;
wt_cuda_mempool_s g_default;                 /* device 0's default pool, never destroyed */
wt_cuda_mempool_s *g_current = &g_default;   /* cudaDeviceSetMemPool */
std::set<wt_cuda_mempool_s *> g_pools;        /* cudaMemPoolCreate'd ones, live */
std::map<void *, std::pair<wt_cuda_mempool_s *, size_t>> g_blocks; /* pool blocks, by address */

bool pool_ok(cudaMemPool_t p) { return p == &g_default || g_pools.count(p); } /* g_lock held */

cudaError_t alloc_from(void **ptr, size_t size, cudaMemPool_t pool, cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!ptr)
        return fail(cudaErrorInvalidValue);
    if (!stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    {
        std::lock_guard<std::mutex> g(g_lock);
        if (!pool)
            pool = g_current;
        if (!pool_ok(pool))
            return fail(cudaErrorInvalidValue);
    }
    if (wt_cuda_stream_capturing(stream)) /* a graph's allocation node (docs/cuda.md#graph-memory) */
        return wt_cuda_rt::capture_record(stream, [&](cudaGraph_t g, const cudaGraphNode_t *d, size_t n,
                                                      cudaGraphNode_t *out) {
            cudaMemAllocNodeParams p = {};
            p.poolProps.allocType = cudaMemAllocationTypePinned;
            p.poolProps.location = cudaMemLocation{cudaMemLocationTypeDevice, 0};
            p.bytesize = size;
            const cudaError_t e = cudaGraphAddMemAllocNode(out, g, d, n, &p);
            *ptr = e ? nullptr : p.dptr;
            return e;
        });
    wt_cuda_rt::async_call work;
    if (cudaError_t e = cudaMalloc(ptr, size))
        return e;
    if (!*ptr)
        return cudaSuccess; /* size 0: NULL, as cudaMalloc gives */
    std::unique_lock<std::mutex> g(g_lock);
    if (!pool_ok(pool)) { /* destroyed by another thread meanwhile */
        g.unlock();
        cudaFree(*ptr);
        *ptr = nullptr;
        return fail(cudaErrorInvalidValue);
    }
    try {
        g_blocks.emplace(*ptr, std::make_pair(pool, size));
    } catch (...) {
        g.unlock(); /* cudaFree comes back here (pool_block_freed) */
        cudaFree(*ptr);
        *ptr = nullptr;
        return fail(cudaErrorMemoryAllocation);
    }
    pool->blocks++;
    pool->used += size;
    if (pool->used > pool->used_high)
        pool->used_high = pool->used;
    if (pool->used > pool->reserved_high)
        pool->reserved_high = pool->used;
    return cudaSuccess;
}
/* device 0's default pool, or its current one */
cudaError_t device_pool(cudaMemPool_t *memPool, int device, bool current)
{
    if (cudaError_t e = enter())
        return e;
    if (!memPool)
        return fail(cudaErrorInvalidValue);
    if (device != 0)
        return fail(cudaErrorInvalidDevice);
    std::lock_guard<std::mutex> g(g_lock);
    *memPool = current ? g_current : &g_default;
    return cudaSuccess;
}
} // namespace

namespace wt_cuda_rt {
void pool_block_freed(void *p)
{
    std::lock_guard<std::mutex> g(g_lock);
    auto it = g_blocks.find(p);
    if (it == g_blocks.end())
        return;
    wt_cuda_mempool_s *pool = it->second.first;
    pool->used -= it->second.second;
    g_blocks.erase(it);
    if (--pool->blocks == 0 && pool->destroyed)
        delete pool;
}
} // namespace wt_cuda_rt

extern "C" {
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream)
{
    return alloc_from(devPtr, size, nullptr, hStream);
}
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
    if (!memPool) { /* NULL would mean the current pool to alloc_from; here it is no pool */
        if (cudaError_t e = enter())
            return e;
        return fail(cudaErrorInvalidValue);
    }
    return alloc_from(ptr, size, memPool, stream);
}
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream)
{
    if (cudaError_t e = enter())
        return e;
    if (!stream_ok(hStream))
        return fail(cudaErrorInvalidResourceHandle);
    if (wt_cuda_stream_capturing(hStream))
        return wt_cuda_rt::capture_record(hStream, [&](cudaGraph_t g, const cudaGraphNode_t *d, size_t n,
                                                       cudaGraphNode_t *out) {
            return cudaGraphAddMemFreeNode(out, g, d, n, devPtr);
        });
    return cudaFree(devPtr); /* which tells the pool (pool_block_freed) */
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
    return device_pool(memPool, device, false);
}
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
    return device_pool(memPool, device, true);
}
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
    if (cudaError_t e = enter())
        return e;
    if (device != 0)
        return fail(cudaErrorInvalidDevice);
    std::lock_guard<std::mutex> g(g_lock);
    if (!pool_ok(memPool))
        return fail(cudaErrorInvalidValue);
    g_current = memPool;
    return cudaSuccess;
}

/* A pool of device 0's memory, pinned, with no export handle (the only kind a process-local
 * CPU device has); maxSize 0 is no limit, as CUDA's. */
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps)
{
    if (cudaError_t e = enter())
        return e;
    if (!memPool || !poolProps || poolProps->allocType != cudaMemAllocationTypePinned ||
        poolProps->location.type != cudaMemLocationTypeDevice)
        return fail(cudaErrorInvalidValue);
    if (poolProps->location.id != 0)
        return fail(cudaErrorInvalidDevice);
    if (poolProps->handleTypes != cudaMemHandleTypeNone)
        return fail(cudaErrorNotSupported); /* no memory is shared with another process */
    wt_cuda_mempool_s *p = new (std::nothrow) wt_cuda_mempool_s();
    if (!p)
        return fail(cudaErrorMemoryAllocation);
    try {
        std::lock_guard<std::mutex> g(g_lock);
        g_pools.insert(p);
    } catch (...) {
        delete p;
        return fail(cudaErrorMemoryAllocation);
    }
    *memPool = p;
    return cudaSuccess;
}
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::mutex> g(g_lock);
    if (memPool == &g_default || !g_pools.erase(memPool))
        return fail(cudaErrorInvalidValue); /* the default pool cannot be destroyed */
    if (g_current == memPool)
        g_current = &g_default;
    if (memPool->blocks)
        memPool->destroyed = true; /* goes with its last block */
    else
        delete memPool;
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::mutex> g(g_lock);
    if (!value || !pool_ok(memPool))
        return fail(cudaErrorInvalidValue);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
        memPool->reuse[attr - cudaMemPoolReuseFollowEventDependencies] = *static_cast<int *>(value) != 0;
        return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold: memPool->release_threshold = *static_cast<uint64_t *>(value); return cudaSuccess;
    /* the high-water marks may only be reset, to 0 (they restart from what is in use) */
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
        if (*static_cast<uint64_t *>(value) != 0)
            return fail(cudaErrorInvalidValue);
        (attr == cudaMemPoolAttrUsedMemHigh ? memPool->used_high : memPool->reserved_high) = memPool->used;
        return cudaSuccess;
    default: return fail(cudaErrorInvalidValue); /* the current amounts are read-only */
    }
}
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::mutex> g(g_lock);
    if (!value || !pool_ok(memPool))
        return fail(cudaErrorInvalidValue);
    uint64_t *u = static_cast<uint64_t *>(value);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
        *static_cast<int *>(value) = memPool->reuse[attr - cudaMemPoolReuseFollowEventDependencies];
        return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold: *u = memPool->release_threshold; return cudaSuccess;
    case cudaMemPoolAttrReservedMemCurrent:
    case cudaMemPoolAttrUsedMemCurrent: *u = memPool->used; return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh: *u = memPool->reserved_high; return cudaSuccess;
    case cudaMemPoolAttrUsedMemHigh: *u = memPool->used_high; return cudaSuccess;
    default: return fail(cudaErrorInvalidValue);
    }
}
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
    (void)minBytesToKeep; /* no freed memory is kept, so there is nothing to trim */
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::mutex> g(g_lock);
    return pool_ok(memPool) ? cudaSuccess : fail(cudaErrorInvalidValue);
}
}
