/* arrays.cpp -- CUDA arrays and mipmapped arrays over warptex's, and the copies into and out of them
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "cuda_internal.h"

using wt_cuda_rt::device_range_ok;
using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::from_status;
using wt_cuda_rt::pitched_extent;

namespace {
bool kind_ok(cudaMemcpyKind k) { return (unsigned)k <= (unsigned)cudaMemcpyDefault; }

wt_channel_desc to_wt(const cudaChannelFormatDesc &d)
{
    return wt_make_channel_desc(d.x, d.y, d.z, d.w, (wt_channel_kind)d.f);
}

/* element size and extent (0 heights and depths as 1) of a live array */
bool array_geometry(cudaArray_const_t a, size_t *es, size_t *w, size_t *h, size_t *d)
{
    wt_channel_desc cd;
    if (wt_array_get_info(&cd, w, h, d, nullptr, const_cast<cudaArray_t>(a)) != WT_SUCCESS)
        return false;
    *es = (size_t)(cd.x + cd.y + cd.z + cd.w) / 8;
    if (*h == 0)
        *h = 1;
    if (*d == 0)
        *d = 1;
    return true;
}

cudaError_t status(wt_status s) { return s == WT_SUCCESS ? cudaSuccess : fail(from_status(s)); }

/* The linear side of a 2D array copy, rows of width bytes pitch apart, if it lies in a device
 * allocation, stays inside it (the array side is checked by warptex against the array's extent). */
bool linear_rows_ok(const void *p, size_t pitch, size_t width, size_t height)
{
    size_t bytes;
    return pitched_extent(pitch, 0, 0, 0, 0, width, height, 1, &bytes) && device_range_ok(p, bytes);
}
} // namespace

extern "C" {
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)
{
    cudaChannelFormatDesc d;
    d.x = x;
    d.y = y;
    d.z = z;
    d.w = w;
    d.f = f;
    return d;
}


cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width, size_t height,
                            unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!array || !desc)
        return fail(cudaErrorInvalidValue);
    if (flags & (cudaArrayLayered | cudaArrayCubemap))
        return fail(cudaErrorInvalidValue); /* cudaMalloc3DArray's flags */
    const wt_channel_desc d = to_wt(*desc);
    return status(wt_malloc_array(array, &d, width, height, 0, flags));
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                              unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!array || !desc)
        return fail(cudaErrorInvalidValue);
    const wt_channel_desc d = to_wt(*desc);
    return status(wt_malloc_array(array, &d, extent.width, extent.height, extent.depth, flags));
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int numLevels, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!mipmappedArray || !desc)
        return fail(cudaErrorInvalidValue);
    const wt_channel_desc d = to_wt(*desc);
    return status(wt_malloc_mipmapped_array(mipmappedArray, &d, extent.width, extent.height, extent.depth, numLevels,
                                            flags));
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level)
{
    if (cudaError_t e = enter())
        return e;
    return status(wt_get_mipmapped_array_level(levelArray, const_cast<cudaMipmappedArray_t>(mipmappedArray), level));
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
    if (cudaError_t e = enter())
        return e;
    if (!array)
        return cudaSuccess; /* as cudaFree(NULL) */
    return status(wt_free_array(array));
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray)
{
    if (cudaError_t e = enter())
        return e;
    if (!mipmappedArray)
        return cudaSuccess;
    return status(wt_free_mipmapped_array(mipmappedArray));
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array)
{
    if (cudaError_t e = enter())
        return e;
    wt_channel_desc d;
    size_t w, h, dd;
    unsigned f;
    const wt_status s = wt_array_get_info(&d, &w, &h, &dd, &f, array);
    if (s != WT_SUCCESS)
        return status(s);
    if (desc)
        *desc = cudaCreateChannelDesc(d.x, d.y, d.z, d.w, (cudaChannelFormatKind)d.kind);
    if (extent)
        *extent = cudaExtent{w, h, dd};
    if (flags)
        *flags = f;
    return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height, enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    size_t es, w, h, d;
    if (!array_geometry(dst, &es, &w, &h, &d) || es == 0 || wOffset % es || width % es)
        return fail(cudaErrorInvalidValue);
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (height == 1)
        spitch = width; /* one row: CUDA's runtime does not look at the pitch (volumeRender passes 0) */
    if (!linear_rows_ok(src, spitch, width, height))
        return fail(cudaErrorInvalidValue);
    return status(wt_memcpy_to_array(dst, wOffset / es, hOffset, 0, src, spitch, width / es, height, 1));
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                  size_t width, size_t height, enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    size_t es, w, h, d;
    if (!array_geometry(src, &es, &w, &h, &d) || es == 0 || wOffset % es || width % es)
        return fail(cudaErrorInvalidValue);
    if (width == 0 || height == 0)
        return cudaSuccess;
    if (!linear_rows_ok(dst, dpitch, width, height))
        return fail(cudaErrorInvalidValue);
    return status(wt_memcpy_from_array(dst, dpitch, const_cast<cudaArray_t>(src), wOffset / es, hOffset, 0,
                                       width / es, height, 1));
}

/* count bytes from (wOffset, hOffset) on, continuing row after row */
static cudaError_t linear_copy(cudaArray_t arr, size_t wOffset, size_t hOffset, void *host, size_t count,
                               enum cudaMemcpyKind kind, bool to_array)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    size_t es, w, h, d;
    if (!array_geometry(arr, &es, &w, &h, &d) || es == 0 || wOffset % es || count % es || !host ||
        !device_range_ok(host, count))
        return fail(cudaErrorInvalidValue);
    size_t x = wOffset / es, y = hOffset, n = count / es;
    char *p = (char *)host;
    if (x >= w || y >= h || n > (w * h - (y * w + x)))
        return fail(cudaErrorInvalidValue);
    while (n) {
        const size_t run = n < w - x ? n : w - x;
        const wt_status s = to_array ? wt_memcpy_to_array(arr, x, y, 0, p, run * es, run, 1, 1)
                                     : wt_memcpy_from_array(p, run * es, arr, x, y, 0, run, 1, 1);
        if (s != WT_SUCCESS)
            return status(s);
        p += run * es;
        n -= run;
        x = 0;
        y++;
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                              enum cudaMemcpyKind kind)
{
    return linear_copy(dst, wOffset, hOffset, const_cast<void *>(src), count, kind, true);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind)
{
    return linear_copy(const_cast<cudaArray_t>(src), wOffset, hOffset, dst, count, kind, false);
}

/* through a buffer: src is read whole first, and dst's range is checked before it is written */
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src,
                                   size_t wOffsetSrc, size_t hOffsetSrc, size_t count, enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    size_t es, w, h, d;
    if (!array_geometry(src, &es, &w, &h, &d) || es == 0 || count / es > w * h)
        return fail(cudaErrorInvalidValue); /* more than src holds: no buffer that size */
    std::vector<char> tmp;
    try {
        tmp.resize(count);
    } catch (...) {
        return fail(cudaErrorMemoryAllocation);
    }
    if (cudaError_t e = linear_copy(const_cast<cudaArray_t>(src), wOffsetSrc, hOffsetSrc, tmp.data(), count, kind,
                                    false))
        return e;
    return linear_copy(dst, wOffsetDst, hOffsetDst, tmp.data(), count, kind, true);
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
    if (cudaError_t e = enter())
        return e;
    if (!p)
        return fail(cudaErrorInvalidValue);
    if (!kind_ok(p->kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    const bool sa = p->srcArray != nullptr, da = p->dstArray != nullptr;
    if (sa == (p->srcPtr.ptr != nullptr) || da == (p->dstPtr.ptr != nullptr))
        return fail(cudaErrorInvalidValue); /* exactly one source and one destination */
    const size_t W = p->extent.width, H = p->extent.height ? p->extent.height : 1,
                 D = p->extent.depth ? p->extent.depth : 1;
    if (W == 0)
        return cudaSuccess;
    size_t es = 1, ws = 0, hs = 0, wd = 0, hd = 0, d;
    if (sa && !array_geometry(p->srcArray, &es, &ws, &hs, &d))
        return fail(cudaErrorInvalidValue);
    if (da) {
        size_t des;
        if (!array_geometry(p->dstArray, &des, &wd, &hd, &d) || (sa && des != es))
            return fail(cudaErrorInvalidValue);
        es = des;
    }
    size_t row; /* extent.width is in elements when an array is involved */
    if (__builtin_mul_overflow(W, (sa || da) ? es : 1, &row))
        return fail(cudaErrorInvalidValue);
    /* A pitched side: its rows must fit the pitch, and everything from its pointer to the last
     * byte the copy touches must fit the device allocation the pointer lies in, if any. */
    auto pitched_ok = [&](const cudaPitchedPtr &pp, const cudaPos &pos) -> cudaError_t {
        if (pos.x > pp.pitch || row > pp.pitch - pos.x)
            return cudaErrorInvalidPitchValue;
        size_t slice, bytes;
        if (__builtin_mul_overflow(pp.pitch, pp.ysize, &slice) ||
            !pitched_extent(pp.pitch, slice, pos.x, pos.y, pos.z, row, H, D, &bytes) || !device_range_ok(pp.ptr, bytes))
            return cudaErrorInvalidValue;
        return cudaSuccess;
    };
    if (!sa)
        if (cudaError_t e = pitched_ok(p->srcPtr, p->srcPos))
            return fail(e);
    if (!da)
        if (cudaError_t e = pitched_ok(p->dstPtr, p->dstPos))
            return fail(e);
    /* host side of a pitched pointer at (pos.x bytes, pos.y, pos.z): inside the range checked above */
    auto at = [](const cudaPitchedPtr &pp, const cudaPos &pos, size_t y, size_t z) {
        return (char *)pp.ptr + (pos.z + z) * pp.pitch * pp.ysize + (pos.y + y) * pp.pitch + pos.x;
    };
    /* array to array goes through one slice in host memory; a box wider or taller than either
     * array cannot fit, so that slice is never larger than the arrays' own */
    std::vector<char> slice;
    if (sa && da) {
        if (W > ws || H > hs || W > wd || H > hd)
            return fail(cudaErrorInvalidValue);
        try {
            slice.resize(row * H);
        } catch (...) {
            return fail(cudaErrorMemoryAllocation);
        }
    }
    /* An array is checked a slice at a time, against the same x and y range each time: going from
     * the last slice down, the first one checked is the one past the array's end if any is (for
     * array to array, the last slice is read and written first), so a box that does not fit is
     * refused before anything is written.  (CUDA leaves overlapping copies undefined.) */
    for (size_t z = D; z-- > 0;) {
        wt_status s = WT_SUCCESS;
        if (!sa && !da) {
            for (size_t y = 0; y < H; y++)
                memmove(at(p->dstPtr, p->dstPos, y, z), at(p->srcPtr, p->srcPos, y, z), row);
        } else if (!sa) {
            s = wt_memcpy_to_array(p->dstArray, p->dstPos.x, p->dstPos.y, p->dstPos.z + z,
                                   at(p->srcPtr, p->srcPos, 0, z), p->srcPtr.pitch, W, H, 1);
        } else if (!da) {
            s = wt_memcpy_from_array(at(p->dstPtr, p->dstPos, 0, z), p->dstPtr.pitch, p->srcArray, p->srcPos.x,
                                     p->srcPos.y, p->srcPos.z + z, W, H, 1);
        } else {
            s = wt_memcpy_from_array(slice.data(), row, p->srcArray, p->srcPos.x, p->srcPos.y, p->srcPos.z + z, W, H,
                                     1);
            if (s == WT_SUCCESS)
                s = wt_memcpy_to_array(p->dstArray, p->dstPos.x, p->dstPos.y, p->dstPos.z + z, slice.data(), row, W,
                                       H, 1);
        }
        if (s != WT_SUCCESS)
            return status(s);
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemcpy3D(p);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                     size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream)
{
    if (!wt_cuda_rt::stream_ok(stream))
        return wt_cuda_record_error(cudaErrorInvalidResourceHandle);
    return cudaMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}
}
