/* surface_object.c -- cudaCreateSurfaceObject: validation, the wt__surf descriptor, suq
 * SPDX-License-Identifier: MIT */
#include "internal.h"
#include "surface.h"

static const char *const FN = "wt_create_surface_object";

/* A surface over an array (or one level of a mipmapped array): any geometry.
 * Cubemaps are addressed as 2D layered surfaces with layer = 6*cube + face
 * (§7.4), so their slices are the surface's layers. */
static wt_status from_array(wt__surf *s, struct wt_array_s *a)
{
    if (!wt__array_live(a))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.array.array is NULL or not a live array", FN);
    /* cudaCreateSurfaceObject needs cudaArraySurfaceLoadStore (cudaErrorInvalidValue). */
    if (!(a->flags & WT_ARRAY_SURFACE_LOAD_STORE))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): res.array.array was not created with WT_ARRAY_SURFACE_LOAD_STORE", FN);
    if (a->samples)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.array.array is a multisample array (%u samples)", FN,
                         a->samples);
    const wt__level_layout *lv = &a->lv[0]; /* a level alias's lv[0] is its parent's level */
    s->fmt = a->fmt;
    s->dims = a->dims;
    s->layered = (a->flags & WT_ARRAY_LAYERED) != 0;
    s->cube = (a->flags & WT_ARRAY_CUBEMAP) != 0;
    s->w = lv->w;
    s->h = lv->h;
    s->d = lv->d;
    s->num_layers = (s->layered || s->cube) ? a->slices : 0;
    s->base = wt__array_data(a) + lv->offset;
    s->row_pitch = lv->row_pitch;
    s->depth_pitch = lv->depth_pitch;
    s->slice_pitch = lv->slice_pitch;
    s->arr = wt__array_retain(a); /* the storage lives until the object goes */
    return WT_SUCCESS;
}

static wt_status from_linear(wt__surf *s, const wt_resource_desc *res)
{
    wt_status st = wt__format_from_desc(&s->fmt, &res->res.linear.desc, FN);
    if (st)
        return st;
    void *p = res->res.linear.dev_ptr;
    if (!p || (uintptr_t)p % s->fmt.cbytes)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.linear.dev_ptr %p is NULL or not aligned to %u bytes", FN,
                         p, s->fmt.cbytes);
    size_t n = res->res.linear.size_in_bytes / s->fmt.esize;
    if (n == 0 || n > (1u << 28))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.linear.size_in_bytes = %zu gives %zu elements (1..2^28)",
                         FN, res->res.linear.size_in_bytes, n);
    size_t row = n * s->fmt.esize;
    s->dims = 1;
    s->w = (uint32_t)n;
    s->h = s->d = 1;
    s->base = p;
    s->row_pitch = s->depth_pitch = s->slice_pitch = row;
    return WT_SUCCESS;
}

static wt_status from_pitch2d(wt__surf *s, const wt_resource_desc *res)
{
    wt_status st = wt__format_from_desc(&s->fmt, &res->res.pitch2d.desc, FN);
    if (st)
        return st;
    void *ptr = res->res.pitch2d.dev_ptr;
    size_t w = res->res.pitch2d.width, h = res->res.pitch2d.height, p = res->res.pitch2d.pitch_in_bytes;
    if (!ptr || (uintptr_t)ptr % s->fmt.cbytes || p % s->fmt.cbytes)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): res.pitch2d.dev_ptr %p / pitch_in_bytes %zu NULL or not aligned to %u bytes", FN, ptr,
                         p, s->fmt.cbytes);
    if (w == 0 || h == 0 || w > 131072 || h > 65000)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): pitch2d extent %zu x %zu not in [1,131072] x [1,65000]", FN,
                         w, h);
    if (p < w * s->fmt.esize)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.pitch2d.pitch_in_bytes = %zu < width * %u", FN, p,
                         s->fmt.esize);
    /* The rows' byte offsets y * pitch (and the memory pitch * height they
     * claim) must be representable, or an address would wrap. */
    if (p > SIZE_MAX / h)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): res.pitch2d.pitch_in_bytes = %zu x height %zu overflows",
                         FN, p, h);
    s->dims = 2;
    s->w = (uint32_t)w;
    s->h = (uint32_t)h;
    s->d = 1;
    s->base = ptr;
    s->row_pitch = p;
    s->depth_pitch = s->slice_pitch = p * h;
    return WT_SUCCESS;
}

wt_status wt_create_surface_object(wt_surf *out, const wt_resource_desc *res)
{
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", FN);
    *out = 0;
    if (!res)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): resource descriptor is NULL", FN);
    wt__surf *s = wt__alloc(sizeof *s);
    if (!s)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    s->res_type = (uint8_t)res->type;
    wt_status st;
    switch (res->type) {
    case WT_RESOURCE_ARRAY: st = from_array(s, res->res.array.array); break;
    case WT_RESOURCE_LINEAR: st = from_linear(s, res); break;
    case WT_RESOURCE_PITCH2D: st = from_pitch2d(s, res); break;
    case WT_RESOURCE_MIPMAPPED_ARRAY:
        /* CUDA takes only cudaResourceTypeArray: one level of a mipmapped
         * array is a surface through wt_get_mipmapped_array_level(). */
        st = wt__error(WT_ERROR_INVALID_RESOURCE_TYPE,
                       "%s(): res->type = WT_RESOURCE_MIPMAPPED_ARRAY (use wt_get_mipmapped_array_level())", FN);
        break;
    default:
        st = wt__error(WT_ERROR_INVALID_RESOURCE_TYPE, "%s(): res->type = %d is not a wt_resource_type", FN,
                       (int)res->type);
        break;
    }
    if (!st)
        st = wt__handle_new(out, WT__KIND_SURF, s);
    if (st) {
        if (s->arr)
            wt__array_release(s->arr);
        wt__free(s);
        *out = 0;
    }
    return st;
}

static void release_surf(void *p)
{
    wt__surf *s = p;
    if (s->arr)
        wt__array_release(s->arr);
    wt__free(s);
}

wt_status wt_destroy_surface_object(wt_surf surf)
{
    wt__surf *s = wt__handle_remove(surf, WT__KIND_SURF);
    if (!s)
        return wt__error(WT_ERROR_INVALID_HANDLE, "wt_destroy_surface_object(): 0x%016llx is not a live surface object",
                         (unsigned long long)surf);
    wt__retire(s, release_surf); /* readers may still hold it (reclaim.c) */
    return WT_SUCCESS;
}

int32_t wt__surf_query(const wt__surf *s, int query)
{
    /* §11 and decision Q12 (surface.h says what each value is). */
    int normkind = s->fmt.kind == WT_CHANNEL_UNSIGNED_NORMALIZED || s->fmt.kind == WT_CHANNEL_SIGNED_NORMALIZED;
    switch (query) {
    case WT_Q_WIDTH: return (int32_t)s->w;
    case WT_Q_HEIGHT: return (int32_t)s->h;
    case WT_Q_DEPTH: return (int32_t)s->d;
    case WT_Q_CHANNEL_DATA_TYPE: return wt__channel_data_type(&s->fmt, normkind);
    case WT_Q_CHANNEL_ORDER: return wt__channel_order(&s->fmt);
    case WT_Q_ARRAY_SIZE: return (int32_t)s->num_layers;
    case WT_Q_MEMORY_LAYOUT: return s->res_type == WT_RESOURCE_LINEAR || s->res_type == WT_RESOURCE_PITCH2D;
    default: return 0;
    }
}
