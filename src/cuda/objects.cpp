/* objects.cpp -- cudaCreateTextureObject / cudaCreateSurfaceObject over warptex's objects
 * SPDX-License-Identifier: MIT
 *
 * The descriptors map field by field (warptex's enums have CUDA's values);
 * the resource and view descriptors are kept per handle for the get calls. */
#include <map>
#include <mutex>
#include <string.h>

#include "cuda_internal.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::from_status;

namespace {
struct kept {
    cudaResourceDesc res;
    cudaResourceViewDesc view;
    void *held; /* the allocation a linear or pitch2D object reads (wt_cuda_rt::hold_range), or null */
};
std::mutex g_lock;
std::map<unsigned long long, kept> g_objects;

wt_channel_desc to_wt(const cudaChannelFormatDesc &d)
{
    return wt_make_channel_desc(d.x, d.y, d.z, d.w, (wt_channel_kind)d.f);
}

bool resource(wt_resource_desc *out, const cudaResourceDesc &r)
{
    memset(out, 0, sizeof *out);
    out->type = (wt_resource_type)r.resType;
    switch (r.resType) {
    case cudaResourceTypeArray: out->res.array.array = r.res.array.array; return true;
    case cudaResourceTypeMipmappedArray: out->res.mipmap.mipmap = r.res.mipmap.mipmap; return true;
    case cudaResourceTypeLinear:
        out->res.linear.dev_ptr = r.res.linear.devPtr;
        out->res.linear.desc = to_wt(r.res.linear.desc);
        out->res.linear.size_in_bytes = r.res.linear.sizeInBytes;
        return true;
    case cudaResourceTypePitch2D:
        out->res.pitch2d.dev_ptr = r.res.pitch2D.devPtr;
        out->res.pitch2d.desc = to_wt(r.res.pitch2D.desc);
        out->res.pitch2d.width = r.res.pitch2D.width;
        out->res.pitch2d.height = r.res.pitch2D.height;
        out->res.pitch2d.pitch_in_bytes = r.res.pitch2D.pitchInBytes;
        return true;
    }
    return false;
}

/* cudaResourceViewFormat -> channel descriptor; false for the block-compressed ones */
bool view_format(wt_channel_desc *out, cudaResourceViewFormat f)
{
    static const struct { int bits, n; wt_channel_kind kind; } table[] = {
        {0, 0, WT_CHANNEL_UNSIGNED},  /* None */
        {8, 1, WT_CHANNEL_UNSIGNED},  {8, 2, WT_CHANNEL_UNSIGNED},  {8, 4, WT_CHANNEL_UNSIGNED},
        {8, 1, WT_CHANNEL_SIGNED},    {8, 2, WT_CHANNEL_SIGNED},    {8, 4, WT_CHANNEL_SIGNED},
        {16, 1, WT_CHANNEL_UNSIGNED}, {16, 2, WT_CHANNEL_UNSIGNED}, {16, 4, WT_CHANNEL_UNSIGNED},
        {16, 1, WT_CHANNEL_SIGNED},   {16, 2, WT_CHANNEL_SIGNED},   {16, 4, WT_CHANNEL_SIGNED},
        {32, 1, WT_CHANNEL_UNSIGNED}, {32, 2, WT_CHANNEL_UNSIGNED}, {32, 4, WT_CHANNEL_UNSIGNED},
        {32, 1, WT_CHANNEL_SIGNED},   {32, 2, WT_CHANNEL_SIGNED},   {32, 4, WT_CHANNEL_SIGNED},
        {16, 1, WT_CHANNEL_FLOAT},    {16, 2, WT_CHANNEL_FLOAT},    {16, 4, WT_CHANNEL_FLOAT},
        {32, 1, WT_CHANNEL_FLOAT},    {32, 2, WT_CHANNEL_FLOAT},    {32, 4, WT_CHANNEL_FLOAT},
    };
    if ((unsigned)f >= sizeof table / sizeof table[0])
        return false;
    const int b = table[f].bits, n = table[f].n;
    *out = wt_make_channel_desc(n >= 1 ? b : 0, n >= 2 ? b : 0, n >= 4 ? b : 0, n >= 4 ? b : 0, table[f].kind);
    return true;
}

/* A linear or pitch2D object: every byte it may read or write must lie in one live device (or
 * pinned host) allocation, as CUDA requires of the range it is given: sizeInBytes from devPtr, or
 * (height - 1) * pitchInBytes + width * element size, computed without overflow (docs/cuda.md,
 * "Runtime rules").  That allocation is then held for the object (*held), so that
 * cudaFree leaves no object reading freed memory.  false when the range is outside; arrays hold
 * nothing here (the library keeps them).  Asked once the library has accepted the descriptor, so
 * the element size is the channels' bits / 8 and the extent is at least one element. */
bool hold_memory(const cudaResourceDesc &r, void **held)
{
    *held = nullptr;
    if (r.resType == cudaResourceTypeLinear)
        return (*held = wt_cuda_rt::hold_range(r.res.linear.devPtr, r.res.linear.sizeInBytes)) != nullptr;
    if (r.resType != cudaResourceTypePitch2D)
        return true;
    const cudaChannelFormatDesc &d = r.res.pitch2D.desc;
    const size_t element = (size_t)(d.x + d.y + d.z + d.w) / 8;
    size_t row, bytes;
    if (__builtin_mul_overflow(r.res.pitch2D.width, element, &row) ||
        !wt_cuda_rt::pitched_extent(r.res.pitch2D.pitchInBytes, 0, 0, 0, 0, row, r.res.pitch2D.height, 1, &bytes))
        return false;
    return (*held = wt_cuda_rt::hold_range(r.res.pitch2D.devPtr, bytes)) != nullptr;
}

cudaError_t status(wt_status s) { return s == WT_SUCCESS ? cudaSuccess : fail(from_status(s)); }

void keep(unsigned long long h, const cudaResourceDesc &r, const cudaResourceViewDesc *v, void *held)
{
    kept k;
    k.res = r;
    k.held = held;
    if (v)
        k.view = *v;
    else
        memset(&k.view, 0, sizeof k.view);
    void *stale; /* a handle destroyed through the library's own API and given out again */
    {
        std::lock_guard<std::mutex> g(g_lock);
        kept &slot = g_objects[h];
        stale = slot.held;
        slot = k;
    }
    if (stale)
        wt_cuda_rt::release_hold(stale);
}

bool find(unsigned long long h, kept *out)
{
    std::lock_guard<std::mutex> g(g_lock);
    auto it = g_objects.find(h);
    if (it == g_objects.end())
        return false;
    *out = it->second;
    return true;
}

/* after the library destroyed the object: its allocation is no longer held */
void forget(unsigned long long h)
{
    void *held = nullptr;
    {
        std::lock_guard<std::mutex> g(g_lock);
        auto it = g_objects.find(h);
        if (it == g_objects.end())
            return;
        held = it->second.held;
        g_objects.erase(it);
    }
    if (held)
        wt_cuda_rt::release_hold(held);
}
} // namespace

extern "C" {
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc)
{
    if (cudaError_t e = enter())
        return e;
    if (!pTexObject || !pResDesc || !pTexDesc)
        return fail(cudaErrorInvalidValue);
    *pTexObject = 0;
    wt_resource_desc res;
    if (!resource(&res, *pResDesc))
        return fail(cudaErrorInvalidValue);
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    for (int i = 0; i < 3; i++)
        td.address_mode[i] = (wt_address_mode)pTexDesc->addressMode[i];
    for (int i = 0; i < 3; i++) /* warptex's own WT_ADDRESS_CLAMP_OGL is no CUDA value */
        if ((unsigned)pTexDesc->addressMode[i] > (unsigned)cudaAddressModeBorder)
            return fail(cudaErrorInvalidValue);
    td.filter_mode = (wt_filter_mode)pTexDesc->filterMode;
    td.read_mode = (wt_read_mode)pTexDesc->readMode;
    td.srgb = pTexDesc->sRGB;
    memcpy(td.border_color, pTexDesc->borderColor, sizeof td.border_color);
    td.normalized_coords = pTexDesc->normalizedCoords;
    td.max_anisotropy = pTexDesc->maxAnisotropy;
    td.mipmap_filter_mode = (wt_filter_mode)pTexDesc->mipmapFilterMode;
    td.mipmap_level_bias = pTexDesc->mipmapLevelBias;
    td.min_mipmap_level_clamp = pTexDesc->minMipmapLevelClamp;
    td.max_mipmap_level_clamp = pTexDesc->maxMipmapLevelClamp;
    td.disable_trilinear_optimization = pTexDesc->disableTrilinearOptimization;
    td.seamless_cubemap = pTexDesc->seamlessCubemap;
    wt_resource_view_desc view, *pv = nullptr;
    if (pResViewDesc) {
        memset(&view, 0, sizeof view);
        if (!view_format(&view.format, pResViewDesc->format))
            return fail(cudaErrorInvalidValue);
        if (pResViewDesc->format == cudaResViewFormatNone)
            memset(&view.format, 0, sizeof view.format);
        view.width = pResViewDesc->width;
        view.height = pResViewDesc->height;
        view.depth = pResViewDesc->depth;
        view.first_mipmap_level = pResViewDesc->firstMipmapLevel;
        view.last_mipmap_level = pResViewDesc->lastMipmapLevel;
        view.first_layer = pResViewDesc->firstLayer;
        view.last_layer = pResViewDesc->lastLayer;
        pv = &view;
    }
    wt_tex t = 0;
    const wt_status s = wt_create_texture_object(&t, &res, &td, pv);
    if (s != WT_SUCCESS)
        return status(s);
    void *held;
    if (!hold_memory(*pResDesc, &held)) { /* destroyed before anyone sees it */
        wt_destroy_texture_object(t);
        return fail(cudaErrorInvalidValue);
    }
    try {
        keep(t, *pResDesc, pResViewDesc, held);
    } catch (...) {
        wt_destroy_texture_object(t);
        if (held)
            wt_cuda_rt::release_hold(held);
        return fail(cudaErrorMemoryAllocation);
    }
    *pTexObject = t;
    return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
    if (cudaError_t e = enter())
        return e;
    if (texObject == 0)
        return cudaSuccess; /* CUDA accepts the null object */
    const wt_status s = wt_destroy_texture_object(texObject);
    if (s == WT_SUCCESS)
        forget(texObject);
    return status(s);
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject)
{
    if (cudaError_t e = enter())
        return e;
    kept k;
    if (!pResDesc)
        return fail(cudaErrorInvalidValue);
    if (!find(texObject, &k))
        return fail(cudaErrorInvalidResourceHandle);
    *pResDesc = k.res;
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject)
{
    if (cudaError_t e = enter())
        return e;
    kept k;
    if (!pResViewDesc)
        return fail(cudaErrorInvalidValue);
    if (!find(texObject, &k))
        return fail(cudaErrorInvalidResourceHandle);
    *pResViewDesc = k.view;
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject)
{
    if (cudaError_t e = enter())
        return e;
    if (!pTexDesc)
        return fail(cudaErrorInvalidValue);
    wt_texture_desc td;
    const wt_status s = wt_get_texture_object_texture_desc(&td, texObject);
    if (s != WT_SUCCESS)
        return status(s);
    memset(pTexDesc, 0, sizeof *pTexDesc);
    for (int i = 0; i < 3; i++)
        pTexDesc->addressMode[i] = (cudaTextureAddressMode)td.address_mode[i];
    pTexDesc->filterMode = (cudaTextureFilterMode)td.filter_mode;
    pTexDesc->readMode = (cudaTextureReadMode)td.read_mode;
    pTexDesc->sRGB = td.srgb;
    memcpy(pTexDesc->borderColor, td.border_color, sizeof td.border_color);
    pTexDesc->normalizedCoords = td.normalized_coords;
    pTexDesc->maxAnisotropy = td.max_anisotropy;
    pTexDesc->mipmapFilterMode = (cudaTextureFilterMode)td.mipmap_filter_mode;
    pTexDesc->mipmapLevelBias = td.mipmap_level_bias;
    pTexDesc->minMipmapLevelClamp = td.min_mipmap_level_clamp;
    pTexDesc->maxMipmapLevelClamp = td.max_mipmap_level_clamp;
    pTexDesc->disableTrilinearOptimization = td.disable_trilinear_optimization;
    pTexDesc->seamlessCubemap = td.seamless_cubemap;
    return cudaSuccess;
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc)
{
    if (cudaError_t e = enter())
        return e;
    if (!pSurfObject || !pResDesc)
        return fail(cudaErrorInvalidValue);
    *pSurfObject = 0;
    wt_resource_desc res;
    if (!resource(&res, *pResDesc))
        return fail(cudaErrorInvalidValue);
    wt_surf s = 0;
    const wt_status st = wt_create_surface_object(&s, &res);
    if (st != WT_SUCCESS)
        return status(st);
    void *held;
    if (!hold_memory(*pResDesc, &held)) {
        wt_destroy_surface_object(s);
        return fail(cudaErrorInvalidValue);
    }
    try {
        keep(s, *pResDesc, nullptr, held);
    } catch (...) {
        wt_destroy_surface_object(s);
        if (held)
            wt_cuda_rt::release_hold(held);
        return fail(cudaErrorMemoryAllocation);
    }
    *pSurfObject = s;
    return cudaSuccess;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
    if (cudaError_t e = enter())
        return e;
    if (surfObject == 0)
        return cudaSuccess;
    const wt_status s = wt_destroy_surface_object(surfObject);
    if (s == WT_SUCCESS)
        forget(surfObject);
    return status(s);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaSurfaceObject_t surfObject)
{
    if (cudaError_t e = enter())
        return e;
    kept k;
    if (!pResDesc)
        return fail(cudaErrorInvalidValue);
    if (!find(surfObject, &k))
        return fail(cudaErrorInvalidResourceHandle);
    *pResDesc = k.res;
    return cudaSuccess;
}
}
