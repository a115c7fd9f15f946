/* surface_object.c -- cudaCreateSurfaceObject: validation, the wt__surf descriptor, suq
 * SPDX-License-Identifier: MIT */
#include "internal.h"
#include "sparse.h"
#include "resource_check.h"
#include "surface.h"

static const char *const FN = "wt_create_surface_object";

/* A surface over an array (or one level of a mipmapped array): any geometry.
 * Cubemaps are addressed as 2D layered surfaces with layer = 6*cube + face
 * ([semantics#cube-arrays]), so their slices are the surface's layers. */
static void from_array(wt__surf *s, struct wt_array_s *a)
{
    const wt__level_layout *lv = &a->lv[0]; /* a level alias's lv[0] is its parent's level */
    s->dims = a->dims;
    s->layered = (a->flags & WT_ARRAY_LAYERED) != 0;
    s->cube = (a->flags & WT_ARRAY_CUBEMAP) != 0;
    s->w = lv->w;
    s->h = lv->h;
    s->d = lv->d;
    s->num_layers = (s->layered || s->cube) ? a->slices : 0;
    /* [semantics#sparse-surfaces]: a sparse array's elements are found through its tiles */
    s->sparse = wt__array_sparse_level(a, 0);
    s->base = s->sparse ? NULL : wt__array_data(a) + lv->offset;
    s->row_pitch = lv->row_pitch;
    s->depth_pitch = lv->depth_pitch;
    s->slice_pitch = lv->slice_pitch;
    s->arr = wt__array_retain(a); /* the storage lives until the object goes */
}

/* A surface over linear (1D) or pitch2D (2D) user memory, already
 * validated by wt__resource_check (pitch x height representable). */
static void from_memory(wt__surf *s, const wt__res_mem *m, int dims)
{
    s->dims = (uint8_t)dims;
    s->w = (uint32_t)m->w;
    s->h = (uint32_t)m->h;
    s->d = 1;
    s->base = m->base;
    s->row_pitch = m->pitch;
    s->depth_pitch = s->slice_pitch = m->pitch * m->h;
}

wt_status wt_create_surface_object(wt_surf *out, const wt_resource_desc *res)
{
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", FN);
    *out = 0;
    wt__res_mem m;
    wt_status st = wt__resource_check(res, 1, &m, FN);
    if (st)
        return st;
    wt__surf *s = wt__alloc(sizeof *s);
    if (!s)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    s->res_type = (uint8_t)res->type;
    s->fmt = m.fmt;
    if (res->type == WT_RESOURCE_ARRAY)
        from_array(s, res->res.array.array);
    else
        from_memory(s, &m, res->type == WT_RESOURCE_PITCH2D ? 2 : 1);
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
    /* [semantics#queries] and [semantics#decision-query-values] (surface.h says what each value is). */
    int normkind = s->fmt.kind == WT__KIND_UNORM || s->fmt.kind == WT__KIND_SNORM;
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
