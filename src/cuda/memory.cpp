/* memory.cpp -- cudaMalloc/Free/Memcpy/Memset and friends over host memory
 * SPDX-License-Identifier: MIT
 *
 * Allocations are remembered (by address and size, never read) so that cudaFree
 * of a pointer that is not a live allocation is cudaErrorInvalidValue, not heap
 * corruption, and so that every copy and set can check the device side of its
 * range against the allocation it starts in before it writes anything (docs/cuda.md,
 * "Runtime rules"); a set, like a texture object over linear memory,
 * needs its whole range in one device or pinned allocation, as CUDA's do.  They
 * are kept sorted by base address: the one holding an address is found in
 * O(log n) under a shared lock, so copies from many host threads do not
 * serialise.  A block with objects over it outlives its cudaFree until the last
 * of them goes (hold_range). */
#include <map>
#include <mutex>
#include <shared_mutex>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asan_probe.h"
#include "cuda_internal.h"
#include "graphs.h"

using wt_cuda_rt::device_accessible;
using wt_cuda_rt::device_range_ok;
using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::pitched_extent;

namespace {
/* Graph memory's accounting (cudaDeviceGetGraphMemAttribute): bytes reserved by allocation
 * nodes and bytes in use (mapped by a launch), each now and at its highest since the start or
 * the program's reset; g_graph_lock guards the four. */
std::mutex g_graph_lock;
unsigned long long g_graph_used = 0, g_graph_used_high = 0, g_graph_reserved = 0, g_graph_reserved_high = 0;

size_t graph_rounded(size_t size) { return (size + 256) & ~(size_t)255; }
void graph_count(unsigned long long *now, unsigned long long *high, size_t add, size_t sub)
{
    std::lock_guard<std::mutex> g(g_graph_lock);
    *now = *now + add - sub;
    if (*now > *high)
        *high = *now;
}

/* ALLOC_REGISTERED: the caller's memory, cudaHostRegister'ed: pinned memory as far as CUDA
 * is concerned (objects may be made over it, cudaHostGetDevicePointer maps it), never ours to
 * free. */
/* ALLOC_GRAPH: a graph's allocation node's block while allocated (graph_map): a device
 * allocation, whose memory the graph keeps when it is freed (docs/cuda.md#graph-memory). */
enum alloc_kind { ALLOC_DEVICE, ALLOC_HOST, ALLOC_REGISTERED, ALLOC_GRAPH };
struct block {
    size_t size;     /* what was asked for: the end of the caller's block */
    size_t reserved; /* what was taken (more than size): the padding belongs to no one */
    alloc_kind kind;
    size_t holders;  /* texture and surface objects over it (hold_range) */
    bool freed;      /* freed while holders remained: no allocation any more, its memory kept */
    unsigned flags;  /* cudaHostAlloc's or cudaHostRegister's flags (cudaHostGetFlags) */
};
std::shared_mutex g_lock;
std::map<uintptr_t, block> g_allocs; /* by base address */

/* The live block holding all of [a, a + bytes) (bytes >= 1), or g_allocs.end(); g_lock held. */
std::map<uintptr_t, block>::iterator block_holding(uintptr_t a, size_t bytes)
{
    auto it = g_allocs.upper_bound(a);
    if (it == g_allocs.begin())
        return g_allocs.end();
    --it;
    const uintptr_t off = a - it->first;
    const bool inside = !it->second.freed && off < it->second.size && bytes <= it->second.size - off;
    return inside ? it : g_allocs.end();
}

cudaError_t alloc(void **out, size_t size, alloc_kind kind, unsigned flags = 0)
{
    if (cudaError_t e = enter())
        return e;
    if (!out)
        return fail(cudaErrorInvalidValue);
    *out = nullptr;
    if (size == 0)
        return cudaSuccess; /* CUDA: a zero-size allocation gives NULL and succeeds */
    /* at least one byte more than asked for, rounded to 256: the address one past the end is
     * then always the layer's own padding, never another allocation or the host's memory, so a
     * copy to or from it is known to run past the block.  Under AddressSanitizer the block is
     * taken at its exact size instead: the redzone ASan puts after it is that byte, and a
     * kernel's store past the end is ASan's heap-buffer-overflow (docs/cuda.md), as compute-sanitizer
     * reports it on a GPU. */
    if (size > SIZE_MAX - 256)
        return fail(cudaErrorMemoryAllocation);
    const bool exact = wt_cuda_rt::asan_in_process();
    const size_t rounded = exact ? size + 1 : (size + 256) & ~(size_t)255;
    void *p = nullptr;
    if (exact ? posix_memalign(&p, 256, size) != 0 : !(p = aligned_alloc(256, rounded)))
        return fail(cudaErrorMemoryAllocation);
    try {
        std::unique_lock<std::shared_mutex> g(g_lock);
        g_allocs.emplace((uintptr_t)p, block{size, rounded, kind, 0, false, flags});
    } catch (...) {
        free(p);
        return fail(cudaErrorMemoryAllocation);
    }
    *out = p;
    return cudaSuccess;
}

cudaError_t release(void *p, alloc_kind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!p)
        return cudaSuccess;
    alloc_kind found = kind;
    {
        std::unique_lock<std::shared_mutex> g(g_lock);
        auto it = g_allocs.find((uintptr_t)p);
        if (it != g_allocs.end())
            found = it->second.kind;
        if (it == g_allocs.end() || (found == ALLOC_GRAPH ? ALLOC_DEVICE : found) != kind || it->second.freed)
            return fail(cudaErrorInvalidValue);
        if (kind == ALLOC_DEVICE)
            wt_cuda_rt::pool_block_freed(p); /* cudaMallocAsync's blocks are counted in their pool */
        if (found == ALLOC_GRAPH) /* graph memory no longer in use */
            graph_count(&g_graph_used, &g_graph_used_high, 0,
                                    graph_rounded(it->second.size));
        if (it->second.holders) { /* no allocation any more; its memory stays until the last object goes */
            it->second.freed = true;
            return cudaSuccess;
        }
        g_allocs.erase(it);
    }
    if (found != ALLOC_GRAPH) /* the graph keeps its block's memory for its next launch */
        free(p);
    return cudaSuccess;
}

bool kind_ok(cudaMemcpyKind k) { return (unsigned)k <= (unsigned)cudaMemcpyDefault; }
} // namespace

namespace wt_cuda_rt {
bool device_range_ok(const void *p, size_t bytes)
{
    const uintptr_t a = (uintptr_t)p;
    if (bytes > UINTPTR_MAX - a)
        return false; /* no memory, host or device, wraps the address space */
    std::shared_lock<std::shared_mutex> g(g_lock);
    auto it = g_allocs.upper_bound(a);
    if (it == g_allocs.begin())
        return true;
    --it; /* the block with the highest base at or below p */
    const uintptr_t off = a - it->first;
    if (off < it->second.reserved && it->second.freed)
        return false; /* freed, kept only for the objects still over it */
    if (off >= it->second.reserved || it->second.kind != ALLOC_DEVICE)
        return true; /* host memory: not ours to check (CUDA cannot either) */
    return off <= it->second.size && bytes <= it->second.size - off;
}

bool device_accessible(const void *p, size_t bytes)
{
    std::shared_lock<std::shared_mutex> g(g_lock);
    return block_holding((uintptr_t)p, bytes) != g_allocs.end();
}

void *hold_range(const void *p, size_t bytes)
{
    std::unique_lock<std::shared_mutex> g(g_lock);
    auto it = block_holding((uintptr_t)p, bytes);
    if (it == g_allocs.end())
        return nullptr;
    it->second.holders++;
    return (void *)it->first;
}

void release_hold(void *base)
{
    {
        std::unique_lock<std::shared_mutex> g(g_lock);
        auto it = g_allocs.find((uintptr_t)base);
        if (it == g_allocs.end() || --it->second.holders || !it->second.freed)
            return;
        const bool ours = it->second.kind != ALLOC_REGISTERED && it->second.kind != ALLOC_GRAPH;
        g_allocs.erase(it);
        if (!ours)
            return; /* unregistered earlier: the caller's memory, never ours to free */
    }
    free(base); /* freed by cudaFree or cudaFreeHost earlier: its last object is gone */
}

void *graph_reserve(size_t size)
{
    if (size == 0 || size > SIZE_MAX - 256)
        return nullptr;
    void *p = aligned_alloc(256, graph_rounded(size));
    if (p)
        graph_count(&g_graph_reserved, &g_graph_reserved_high, graph_rounded(size), 0);
    return p;
}

cudaError_t graph_map(void *p, size_t size)
{
    try {
        std::unique_lock<std::shared_mutex> g(g_lock);
        if (!g_allocs.emplace((uintptr_t)p, block{size, graph_rounded(size), ALLOC_GRAPH, 0, false, 0}).second)
            return cudaErrorInvalidValue; /* still allocated by an earlier launch */
    } catch (...) {
        return cudaErrorMemoryAllocation;
    }
    graph_count(&g_graph_used, &g_graph_used_high, graph_rounded(size), 0);
    return cudaSuccess;
}

bool graph_unmap(void *p)
{
    std::unique_lock<std::shared_mutex> g(g_lock);
    auto it = g_allocs.find((uintptr_t)p);
    if (it == g_allocs.end() || it->second.kind != ALLOC_GRAPH || it->second.freed)
        return false;
    graph_count(&g_graph_used, &g_graph_used_high, 0, graph_rounded(it->second.size));
    if (it->second.holders)
        it->second.freed = true; /* objects over it keep its entry until they go; the memory stays the graph's */
    else
        g_allocs.erase(it);
    return true;
}

void graph_unreserve(void *p, size_t size)
{
    graph_unmap(p);
    free(p);
    graph_count(&g_graph_reserved, &g_graph_reserved_high, 0, graph_rounded(size));
}

bool pitched_extent(size_t pitch, size_t slice_pitch, size_t x, size_t y, size_t z, size_t row_bytes, size_t rows,
                    size_t slices, size_t *bytes)
{
    size_t last_y, last_z, at_y, at_z, b;
    if (__builtin_add_overflow(y, rows - 1, &last_y) || __builtin_add_overflow(z, slices - 1, &last_z) ||
        __builtin_mul_overflow(last_y, pitch, &at_y) || __builtin_mul_overflow(last_z, slice_pitch, &at_z) ||
        __builtin_add_overflow(at_y, at_z, &b) || __builtin_add_overflow(b, x, &b) ||
        __builtin_add_overflow(b, row_bytes, &b))
        return false;
    *bytes = b;
    return true;
}
} // namespace wt_cuda_rt

namespace {
/* Both sides of a copy: each is checked if it lies in a device allocation, whatever the kind
 * says (all memory is the host's, so the copy itself is the same in every direction; the pointer,
 * not the kind, says which side is a device allocation, as unified addressing infers it for
 * cudaMemcpyDefault). */
bool copy_ranges_ok(const void *dst, size_t dst_bytes, const void *src, size_t src_bytes)
{
    return device_range_ok(dst, dst_bytes) && device_range_ok(src, src_bytes);
}
} // namespace

extern "C" {
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    if (device != 0)
        return wt_cuda_rt::fail(cudaErrorInvalidDevice);
    if (!value || attr < cudaGraphMemAttrUsedMemCurrent || attr > cudaGraphMemAttrReservedMemHigh)
        return wt_cuda_rt::fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(g_graph_lock);
    const unsigned long long v[4] = {g_graph_used, g_graph_used_high,
                                     g_graph_reserved, g_graph_reserved_high};
    memcpy(value, &v[attr], sizeof v[attr]);
    return cudaSuccess;
}
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    if (device != 0)
        return wt_cuda_rt::fail(cudaErrorInvalidDevice);
    unsigned long long v = 1;
    if (value)
        memcpy(&v, value, sizeof v);
    /* only a high-water mark, and only back to where it starts again (CUDA's rule) */
    if (v != 0 || (attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh))
        return wt_cuda_rt::fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(g_graph_lock);
    if (attr == cudaGraphMemAttrUsedMemHigh)
        g_graph_used_high = g_graph_used;
    else
        g_graph_reserved_high = g_graph_reserved;
    return cudaSuccess;
}
cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    if (cudaError_t e = wt_cuda_rt::capture_forbids("cudaMalloc"))
        return e;
    return alloc(devPtr, size, ALLOC_DEVICE);
}
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    return alloc(devPtr, size, ALLOC_DEVICE);
}
/* Pinned memory is mapped memory here: the device is the CPU, so every pinned or registered
 * block reports cudaHostAllocMapped (cudaHostRegisterMapped, the same bit) and maps to itself. */
cudaError_t cudaMallocHost(void **ptr, size_t size) { return alloc(ptr, size, ALLOC_HOST, cudaHostAllocMapped); }
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags)
{
    if (flags & ~0x0fu)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    return alloc(ptr, size, ALLOC_HOST, flags | cudaHostAllocMapped);
}

/* cudaHostRegister: [ptr, ptr + size) becomes pinned memory, as cudaHostAlloc's is; a range that
 * overlaps a pinned, registered or device block is cudaErrorHostMemoryAlreadyRegistered, as CUDA
 * says of a range registered twice. */
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    const uintptr_t a = (uintptr_t)ptr;
    if (!ptr || !size || (flags & ~0x0fu) || size > UINTPTR_MAX - a)
        return fail(cudaErrorInvalidValue);
    try {
        std::unique_lock<std::shared_mutex> g(g_lock);
        auto next = g_allocs.lower_bound(a);
        if (next != g_allocs.end() && next->first < a + size)
            return fail(cudaErrorHostMemoryAlreadyRegistered);
        if (next != g_allocs.begin()) {
            auto prev = std::prev(next);
            if (a - prev->first < prev->second.reserved)
                return fail(cudaErrorHostMemoryAlreadyRegistered);
        }
        g_allocs.emplace(a, block{size, size, ALLOC_REGISTERED, 0, false, flags | cudaHostRegisterMapped});
    } catch (...) {
        return fail(cudaErrorMemoryAllocation);
    }
    return cudaSuccess;
}

/* cudaHostUnregister: ptr must be the start of a registered range.  Objects made over it keep
 * its entry (as a freed block's) until the last goes; the memory stays the caller's. */
cudaError_t cudaHostUnregister(void *ptr)
{
    if (cudaError_t e = enter())
        return e;
    if (!ptr)
        return fail(cudaErrorInvalidValue);
    std::unique_lock<std::shared_mutex> g(g_lock);
    auto it = g_allocs.find((uintptr_t)ptr);
    if (it == g_allocs.end() || it->second.kind != ALLOC_REGISTERED || it->second.freed)
        return fail(cudaErrorHostMemoryNotRegistered);
    if (it->second.holders)
        it->second.freed = true;
    else
        g_allocs.erase(it);
    return cudaSuccess;
}

/* The pinned or registered block holding host address p, or nullptr (g_lock held). */
static const block *pinned_block(const void *p)
{
    auto it = block_holding((uintptr_t)p, 1);
    return it != g_allocs.end() && it->second.kind != ALLOC_DEVICE ? &it->second : nullptr;
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!pDevice || flags != 0)
        return fail(cudaErrorInvalidValue);
    std::shared_lock<std::shared_mutex> g(g_lock);
    if (!pinned_block(pHost))
        return fail(cudaErrorInvalidValue); /* CUDA: not pinned or registered host memory */
    *pDevice = pHost;
    return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
    if (cudaError_t e = enter())
        return e;
    if (!pFlags)
        return fail(cudaErrorInvalidValue);
    std::shared_lock<std::shared_mutex> g(g_lock);
    const block *b = pinned_block(pHost);
    if (!b)
        return fail(cudaErrorInvalidValue);
    *pFlags = b->flags;
    return cudaSuccess;
}
cudaError_t cudaFree(void *devPtr) { return release(devPtr, ALLOC_DEVICE); }
cudaError_t cudaFreeHost(void *ptr) { return release(ptr, ALLOC_HOST); }

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    if (cudaError_t e = enter())
        return e;
    if (!devPtr || !pitch)
        return fail(cudaErrorInvalidValue);
    const size_t p = (width + 511) & ~(size_t)511;
    if (p < width || (height && p > (size_t)-1 / height))
        return fail(cudaErrorMemoryAllocation);
    cudaError_t e = alloc(devPtr, p * height, ALLOC_DEVICE);
    if (e == cudaSuccess)
        *pitch = p;
    return e;
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
    if (cudaError_t e = enter())
        return e;
    if (!pitchedDevPtr)
        return fail(cudaErrorInvalidValue);
    const size_t p = (extent.width + 511) & ~(size_t)511; /* rows padded as cudaMallocPitch's */
    size_t rows, bytes;
    if (p < extent.width || __builtin_mul_overflow(extent.height, extent.depth, &rows) ||
        __builtin_mul_overflow(p, rows, &bytes))
        return fail(cudaErrorMemoryAllocation);
    void *ptr;
    cudaError_t e = alloc(&ptr, bytes, ALLOC_DEVICE);
    if (e == cudaSuccess)
        *pitchedDevPtr = cudaPitchedPtr{ptr, p, extent.width, extent.height};
    return e;
}

cudaError_t cudaMemGetInfo(size_t *freeb, size_t *total)
{
    if (cudaError_t e = enter())
        return e;
    if (!freeb || !total)
        return fail(cudaErrorInvalidValue);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    *total = prop.totalGlobalMem;
    *freeb = prop.totalGlobalMem; /* what the OS would give is not knowable; all of it */
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (cudaError_t e = wt_cuda_rt::capture_forbids("cudaMemcpy"))
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    if (count == 0)
        return cudaSuccess;
    if (!dst || !src)
        return fail(cudaErrorInvalidValue);
    if (!copy_ranges_ok(dst, count, src, count))
        return fail(cudaErrorInvalidValue);
    memmove(dst, src, count);
    return cudaSuccess;
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    if (dstDevice != 0 || srcDevice != 0) {
        if (cudaError_t e = enter())
            return e;
        return fail(cudaErrorInvalidDevice);
    }
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream)) {
        if (cudaError_t e = enter())
            return e;
        return fail(cudaErrorInvalidResourceHandle);
    }
    return cudaMemcpyPeer(dst, dstDevice, src, srcDevice, count);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    if (wt_cuda_stream_capturing(stream))
        return wt_cuda_rt::capture_record(stream, [&](cudaGraph_t g, const cudaGraphNode_t *d, size_t n,
                                                      cudaGraphNode_t *out) {
            return cudaGraphAddMemcpyNode1D(out, g, d, n, dst, src, count, kind);
        });
    wt_cuda_rt::async_call work;
    return cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (!dst || !src)
        return fail(cudaErrorInvalidValue);
    if (width > dpitch || width > spitch)
        return fail(cudaErrorInvalidPitchValue);
    size_t dst_bytes, src_bytes; /* to the last byte each side touches: (height - 1) * pitch + width */
    if (!pitched_extent(dpitch, 0, 0, 0, 0, width, height, 1, &dst_bytes) ||
        !pitched_extent(spitch, 0, 0, 0, 0, width, height, 1, &src_bytes) ||
        !copy_ranges_ok(dst, dst_bytes, src, src_bytes))
        return fail(cudaErrorInvalidValue);
    for (size_t y = 0; y < height; y++)
        memmove((char *)dst + y * dpitch, (const char *)src + y * spitch, width);
    return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    if (cudaError_t e = enter())
        return e;
    if (cudaError_t e = wt_cuda_rt::capture_forbids("cudaMemset"))
        return e;
    if (count == 0)
        return cudaSuccess;
    if (!device_accessible(devPtr, count))
        return fail(cudaErrorInvalidValue);
    memset(devPtr, value, count);
    return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    if (wt_cuda_stream_capturing(stream)) {
        const cudaMemsetParams p = {devPtr, count, (unsigned char)value, 1, count, 1};
        return wt_cuda_rt::capture_record(stream, [&](cudaGraph_t g, const cudaGraphNode_t *d, size_t n,
                                                      cudaGraphNode_t *out) {
            return cudaGraphAddMemsetNode(out, g, d, n, &p);
        });
    }
    wt_cuda_rt::async_call work;
    return cudaMemset(devPtr, value, count);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    if (cudaError_t e = enter())
        return e;
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (!devPtr)
        return fail(cudaErrorInvalidValue);
    if (width > pitch)
        return fail(cudaErrorInvalidPitchValue);
    size_t bytes;
    if (!pitched_extent(pitch, 0, 0, 0, 0, width, height, 1, &bytes) || !device_accessible(devPtr, bytes))
        return fail(cudaErrorInvalidValue);
    for (size_t y = 0; y < height; y++)
        memset((char *)devPtr + y * pitch, value, width);
    return cudaSuccess;
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemset2D(devPtr, pitch, value, width, height);
}

/* extent.width bytes x height rows x depth slices; slices are pitch * ysize bytes apart */
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent)
{
    if (cudaError_t e = enter())
        return e;
    if (extent.width == 0 || extent.height == 0 || extent.depth == 0)
        return cudaSuccess;
    if (!pitchedDevPtr.ptr)
        return fail(cudaErrorInvalidValue);
    if (extent.width > pitchedDevPtr.pitch)
        return fail(cudaErrorInvalidPitchValue);
    size_t slice, bytes;
    if (__builtin_mul_overflow(pitchedDevPtr.pitch, pitchedDevPtr.ysize, &slice) ||
        !pitched_extent(pitchedDevPtr.pitch, slice, 0, 0, 0, extent.width, extent.height, extent.depth, &bytes) ||
        !device_accessible(pitchedDevPtr.ptr, bytes))
        return fail(cudaErrorInvalidValue);
    for (size_t z = 0; z < extent.depth; z++)
        for (size_t y = 0; y < extent.height; y++)
            memset((char *)pitchedDevPtr.ptr + z * slice + y * pitchedDevPtr.pitch, value, extent.width);
    return cudaSuccess;
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent,
                              cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemset3D(pitchedDevPtr, value, extent);
}
}
