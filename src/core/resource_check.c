/* resource_check.c -- one validation of cudaResourceDesc for texture and surface objects alike
 * SPDX-License-Identifier: MIT
 *
 * Every size that becomes an address is checked here with overflow-safe
 * size_t arithmetic before any object exists: the bytes a linear or pitch2D
 * resource spans, (height - 1) * pitch + width * element size, must be
 * representable and must not run past the end of the address space from
 * dev_ptr, so that no row offset an object computes later can wrap. */
#include "internal.h"
#include "byte_span.h"
#include "resource_check.h"

/* Linear: 1..2^28 elements of size_in_bytes / element size ([semantics#resource-desc], [semantics#limits]). */
static wt_status check_linear(const wt_resource_desc *res, wt__res_mem *m, const char *fn)
{
    wt_status st = wt__format_from_desc(&m->fmt, &res->res.linear.desc, fn);
    if (st)
        return st;
    void *p = res->res.linear.dev_ptr;
    if (!p || (uintptr_t)p % m->fmt.cbytes)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.linear.dev_ptr %p is NULL or not aligned to %u bytes",
                         fn, p, m->fmt.cbytes);
    size_t n = res->res.linear.size_in_bytes / m->fmt.esize;
    if (n == 0 || n > WT__LINEAR_MAX_ELEMENTS)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.linear.size_in_bytes = %zu gives %zu elements (1..2^28)",
                         fn, res->res.linear.size_in_bytes, n);
    m->base = p;
    m->w = n;
    m->h = 1;
    m->pitch = m->bytes = n * m->fmt.esize; /* n <= 2^28, esize <= 16: no overflow */
    if (!wt__range_fits(p, m->bytes))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.linear.dev_ptr %p + %zu bytes wraps the address space", fn,
                         p, m->bytes);
    return WT_SUCCESS;
}

/* Pitch2D: 1..131072 x 1..65000 elements ([semantics#limits]), pitch >= row bytes,
 * dev_ptr and pitch aligned to the channel width, the span representable. */
static wt_status check_pitch2d(const wt_resource_desc *res, wt__res_mem *m, const char *fn)
{
    wt_status st = wt__format_from_desc(&m->fmt, &res->res.pitch2d.desc, fn);
    if (st)
        return st;
    void *ptr = res->res.pitch2d.dev_ptr;
    size_t w = res->res.pitch2d.width, h = res->res.pitch2d.height, p = res->res.pitch2d.pitch_in_bytes;
    if (!ptr || (uintptr_t)ptr % m->fmt.cbytes || p % m->fmt.cbytes)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): res.pitch2d.dev_ptr %p / pitch_in_bytes %zu NULL or not aligned to %u bytes", fn, ptr,
                         p, m->fmt.cbytes);
    if (w == 0 || h == 0 || w > WT__PITCH2D_MAX_WIDTH || h > WT__PITCH2D_MAX_HEIGHT)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): pitch2d extent %zu x %zu not in [1,%d] x [1,%d]", fn, w, h,
                         WT__PITCH2D_MAX_WIDTH, WT__PITCH2D_MAX_HEIGHT);
    size_t row = w * m->fmt.esize; /* w <= 131072: no overflow */
    if (p < row)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.pitch2d.pitch_in_bytes = %zu < width %zu * %u bytes", fn,
                         p, w, m->fmt.esize);
    /* Objects also step whole slices of pitch * height bytes (a 2D surface's
     * depth and slice pitch), so that product must be representable too. */
    size_t whole;
    if (!wt__span_bytes(p, h, row, &m->bytes) || __builtin_mul_overflow(p, h, &whole))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.pitch2d.pitch_in_bytes = %zu x height %zu overflows", fn,
                         p, h);
    if (!wt__range_fits(ptr, m->bytes))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): res.pitch2d.dev_ptr %p + pitch_in_bytes %zu x height %zu wraps the address space", fn,
                         ptr, p, h);
    m->base = ptr;
    m->w = w;
    m->h = h;
    m->pitch = p;
    return WT_SUCCESS;
}

wt_status wt__resource_check(const wt_resource_desc *res, int surface, wt__res_mem *m, const char *fn)
{
    *m = (wt__res_mem){0};
    if (!res)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): resource descriptor is NULL", fn);
    switch (res->type) {
    case WT_RESOURCE_ARRAY: {
        struct wt_array_s *a = res->res.array.array;
        if (!wt__array_live(a))
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.array.array is NULL or not a live array", fn);
        /* cudaErrorInvalidValue; a level of a mipmapped array is a surface whatever the
         * mipmapped array's flags, as CUDA's runtime has it (NVIDIA's bindlessTexture sample
         * writes levels allocated without the flag) */
        if (surface && !(a->flags & WT_ARRAY_SURFACE_LOAD_STORE) && !a->parent)
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): res.array.array was not created with WT_ARRAY_SURFACE_LOAD_STORE", fn);
        if (surface && a->samples)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.array.array is a multisample array (%u samples)", fn,
                             a->samples);
        m->fmt = a->fmt;
        return WT_SUCCESS;
    }
    case WT_RESOURCE_MIPMAPPED_ARRAY:
        /* CUDA's cudaCreateSurfaceObject takes arrays only: one level of a
         * mipmapped array is a surface through wt_get_mipmapped_array_level(). */
        if (surface)
            return wt__error(WT_ERROR_INVALID_RESOURCE_TYPE,
                             "%s(): res->type = WT_RESOURCE_MIPMAPPED_ARRAY (use wt_get_mipmapped_array_level())", fn);
        if (!wt__mipmap_live(res->res.mipmap.mipmap))
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.mipmap.mipmap is NULL or not a live mipmapped array",
                             fn);
        m->fmt = res->res.mipmap.mipmap->arr->fmt;
        return WT_SUCCESS;
    case WT_RESOURCE_LINEAR:
        return check_linear(res, m, fn);
    case WT_RESOURCE_PITCH2D:
        return check_pitch2d(res, m, fn);
    default:
        return wt__error(WT_ERROR_INVALID_RESOURCE_TYPE, "%s(): res->type = %d is not a wt_resource_type", fn,
                         (int)res->type);
    }
}
