/* texture_object.c -- cudaCreateTextureObject: validation and the sampling descriptor
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "internal.h"
#include "sparse.h"
#include "dispatch.h"
#include "lane.h"
#include "resource_check.h"

static const char *const FN = "wt_create_texture_object";

/* trunc(v * 256), saturated: the hardware keeps LOD fields in 1/256ths
 * ([semantics#lod-arithmetic]); the saturation only keeps absurd floats defined. */
static int32_t to_256ths(float v)
{
    double q = trunc((double)v * 256.0);
    if (q > (double)(1 << 24))
        return 1 << 24;
    if (q < -(double)(1 << 24))
        return -(1 << 24);
    return (int32_t)q;
}

/* Level layouts of the texture from an array (after the view's first level
 * and first slice). */
static void levels_from_array(wt__tex *t, struct wt_array_s *a, unsigned first_level, unsigned nlevels,
                              unsigned first_slice)
{
    uint8_t *data = wt__array_data(a);
    for (unsigned l = 0; l < nlevels; l++) {
        const wt__level_layout *src = &a->lv[first_level + l];
        wt__level *lv = &t->lv[l];
        /* [semantics#sparse]: a sparse array has no storage; its texels are
         * found through the tile table, slice by slice from the view's first */
        lv->sparse = wt__array_sparse_level(a, first_level + l);
        lv->sparse_slice0 = first_slice;
        lv->base = lv->sparse ? NULL : data + src->offset + (size_t)first_slice * src->slice_pitch;
        lv->w = (int32_t)src->w;
        lv->h = (int32_t)src->h;
        lv->d = (int32_t)src->d;
        lv->row_pitch = src->row_pitch;
        lv->depth_pitch = src->depth_pitch;
        lv->slice_pitch = src->slice_pitch;
    }
    t->num_levels = nlevels;
}

static wt_status check_desc(const wt_texture_desc *d)
{
    for (int i = 0; i < 3; i++)
        if ((unsigned)d->address_mode[i] > WT_ADDRESS_BORDER)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): address_mode[%d] = %d is not a wt_address_mode", FN, i,
                             (int)d->address_mode[i]);
    if ((unsigned)d->filter_mode > WT_FILTER_LINEAR)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): filter_mode = %d is not a wt_filter_mode", FN,
                         (int)d->filter_mode);
    if ((unsigned)d->mipmap_filter_mode > WT_FILTER_LINEAR)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): mipmap_filter_mode = %d is not a wt_filter_mode", FN,
                         (int)d->mipmap_filter_mode);
    if ((unsigned)d->read_mode > WT_READ_NORMALIZED_FLOAT)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): read_mode = %d is not a wt_read_mode", FN, (int)d->read_mode);
    /* [semantics#decision-nan-lod]: NaN clamps are refused (a NaN bias counts as 0, [semantics#decision-nan-bias]). */
    if (isnan(d->min_mipmap_level_clamp))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): min_mipmap_level_clamp is NaN", FN);
    if (isnan(d->max_mipmap_level_clamp))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): max_mipmap_level_clamp is NaN", FN);
    return WT_SUCCESS;
}

/* The view's format, levels and slices; fills first_level/nlevels/first_slice/nslices. */
static wt_status apply_view(wt__tex *t, struct wt_array_s *a, const wt_resource_view_desc *v, int mipmapped,
                            unsigned *first_level, unsigned *nlevels, unsigned *first_slice, unsigned *nslices)
{
    *first_level = 0;
    *nlevels = a->num_levels;
    *first_slice = 0;
    *nslices = a->slices;
    t->fmt = a->fmt;
    if (!v)
        return WT_SUCCESS;
    const wt_channel_desc *f = &v->format;
    if (f->x || f->y || f->z || f->w || f->kind) {
        wt__format nf;
        wt_status st = wt__format_from_desc(&nf, f, FN);
        if (st)
            return st;
        if (nf.esize != a->fmt.esize)
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): view format has %u-byte elements but the array has %u-byte elements", FN,
                             nf.esize, a->fmt.esize);
        t->fmt = nf;
    }
    /* [semantics#views-channel-formats]: a view that is not block-compressed keeps the array's extent;
     * 0 keeps it too.  The extent is the one the array was made with (height
     * 0 for 1D, depth 0 unless 3D, layered or cubemap), so a height on a 1D
     * array or a depth on a plain 2D one is a mismatch, not ignored. */
    if ((v->width && v->width != a->width) || (v->height && v->height != a->height) ||
        (v->depth && v->depth != a->depth))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): view extent %zu x %zu x %zu differs from the array's %zu x %zu x %zu", FN, v->width,
                         v->height, v->depth, a->width, a->height, a->depth);
    unsigned fl = v->first_mipmap_level, ll = v->last_mipmap_level;
    if (fl == 0 && ll == 0)
        ll = a->num_levels - 1;
    if (fl > ll || ll >= a->num_levels || (!mipmapped && (fl || ll)))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): view levels [%u, %u] out of range for %u level(s)", FN, v->first_mipmap_level,
                         v->last_mipmap_level, a->num_levels);
    unsigned fs = v->first_layer, ls = v->last_layer;
    int layered = (a->flags & (WT_ARRAY_LAYERED | WT_ARRAY_CUBEMAP)) != 0;
    if (fs == 0 && ls == 0)
        ls = a->slices - 1;
    if (fs > ls || ls >= a->slices || (!layered && (fs || ls)))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): view layers [%u, %u] out of range for %u slice(s)", FN,
                         v->first_layer, v->last_layer, a->slices);
    if ((a->flags & WT_ARRAY_CUBEMAP) && (fs % 6 != 0 || (ls + 1) % 6 != 0))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): cubemap view layers [%u, %u] must cover whole cubes (multiples of 6)", FN, fs, ls);
    if (a->samples && (fs % a->samples != 0 || (ls + 1) % a->samples != 0))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): multisample view layers must cover whole layers", FN);
    *first_level = fl;
    *nlevels = ll - fl + 1;
    *first_slice = fs;
    *nslices = ls - fs + 1;
    return WT_SUCCESS;
}

wt_status wt_create_texture_object(wt_tex *out, const wt_resource_desc *res, const wt_texture_desc *desc,
                                   const wt_resource_view_desc *view)
{
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): output pointer is NULL", FN);
    *out = 0;
    wt__res_mem rm;
    wt_status st = wt__resource_check(res, 0, &rm, FN);
    if (st)
        return st;
    if (!desc)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): texture descriptor is NULL", FN);
    if ((st = check_desc(desc)))
        return st;

    wt__tex *t = wt__alloc(sizeof *t);
    if (!t)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "%s(): out of memory", FN);
    wt_texture_desc d = *desc;
    struct wt_array_s *a = NULL;
    t->res_type = (uint8_t)res->type;

    switch (res->type) {
    case WT_RESOURCE_ARRAY:
    case WT_RESOURCE_MIPMAPPED_ARRAY: {
        int mip = res->type == WT_RESOURCE_MIPMAPPED_ARRAY;
        if (mip) {
            a = res->res.mipmap.mipmap->arr;
            if (!d.normalized_coords) {
                st = wt__error(WT_ERROR_INVALID_NORMALIZED_SETTING,
                               "%s(): a mipmapped array needs normalized_coords = 1", FN);
                goto fail;
            }
        } else {
            a = res->res.array.array;
        }
        unsigned fl, nl, fs, ns;
        st = apply_view(t, a, view, mip, &fl, &nl, &fs, &ns);
        if (st)
            goto fail;
        t->mipmapped = (uint8_t)mip;
        t->dims = a->dims;
        t->cube = (a->flags & WT_ARRAY_CUBEMAP) != 0;
        t->layered = (a->flags & WT_ARRAY_LAYERED) != 0;
        t->num_samples = a->samples;
        if (t->layered)
            t->num_layers = ns / (t->cube ? 6u : 1u) / (a->samples ? a->samples : 1u);
        levels_from_array(t, a, fl, nl, fs); /* a level alias's lv[0] is its parent's level */
        t->sparse = (uint8_t)(a->sparse != NULL);
        t->arr = wt__array_retain(a);
        break;
    }
    case WT_RESOURCE_LINEAR:
    case WT_RESOURCE_PITCH2D: {
        if (view) {
            st = wt__error(WT_ERROR_INVALID_VALUE, "%s(): resource views apply only to arrays", FN);
            goto fail;
        }
        /* Sizes, alignment and the span were checked by wt__resource_check. */
        t->fmt = rm.fmt;
        t->dims = res->type == WT_RESOURCE_LINEAR ? 1 : 2;
        t->num_levels = 1;
        t->lv[0] = (wt__level){rm.base, (int32_t)rm.w, (int32_t)rm.h, 1, rm.pitch, rm.pitch * rm.h,
                               rm.pitch * rm.h, NULL, 0};
        if (res->type == WT_RESOURCE_LINEAR) {
            /* Linear resources ignore address mode, filter and normalisation ([semantics#resource-desc], [semantics#decision-linear-memory-sampling]). */
            d.filter_mode = WT_FILTER_POINT;
            d.normalized_coords = 0;
            d.address_mode[0] = d.address_mode[1] = d.address_mode[2] = WT_ADDRESS_CLAMP;
        }
        break;
    }
    default: /* wt__resource_check refused it */
        st = wt__error(WT_ERROR_INTERNAL, "%s(): res->type = %d passed the resource check", FN, (int)res->type);
        goto fail;
    }

    /* Read mode: 8/16-bit integers read as normalised float on request; the
     * normalised channel kinds always are ([semantics#decision-normalized-surfaces]); 32-bit never ([semantics#read-modes]). */
    int intfmt = !wt__ctype_is_float(t->fmt.ctype);
    int normkind = t->fmt.kind == WT__KIND_UNORM || t->fmt.kind == WT__KIND_SNORM;
    t->read_norm = (uint8_t)(normkind || (intfmt && t->fmt.cbytes <= 2 && d.read_mode == WT_READ_NORMALIZED_FLOAT));
    int filterable = !intfmt || t->read_norm;
    if (!filterable && d.filter_mode == WT_FILTER_LINEAR) {
        st = wt__error(WT_ERROR_INVALID_FILTER_SETTING,
                       "%s(): filter_mode = WT_FILTER_LINEAR needs a float format or 8/16-bit integers read as "
                       "normalised float", FN);
        goto fail;
    }
    /* [semantics#decision-int-linear-mip]: a linear mip filter is refused like a linear texel filter. */
    if (!filterable && d.mipmap_filter_mode == WT_FILTER_LINEAR) {
        st = wt__error(WT_ERROR_INVALID_FILTER_SETTING,
                       "%s(): mipmap_filter_mode = WT_FILTER_LINEAR on an integer texture read as element type", FN);
        goto fail;
    }
    /* [semantics#decision-srgb-scope] / [semantics#srgb]: sRGB decodes only 8-bit unsigned textures read as normalised float. */
    t->srgb = (uint8_t)(d.srgb && t->read_norm && t->fmt.ctype == WT__U8);

    wt__sampler *s = &t->samp;
    s->filter = (uint8_t)d.filter_mode;
    s->mip_filter = (uint8_t)d.mipmap_filter_mode;
    for (int i = 0; i < 3; i++)
        s->address[i] = (uint8_t)d.address_mode[i];
    s->normalized = d.normalized_coords != 0;
    s->seamless = d.seamless_cubemap != 0 && t->cube;
    s->trilinear_opt = d.disable_trilinear_optimization == 0;
    s->max_aniso = (uint8_t)(d.max_anisotropy < 1 ? 1 : d.max_anisotropy > 16 ? 16 : d.max_anisotropy);
    memcpy(s->border, d.border_color, sizeof s->border);
    s->bias = isnan(d.mipmap_level_bias) ? 0.0f : d.mipmap_level_bias; /* [semantics#decision-nan-bias] */
    s->bias256 = to_256ths(s->bias);
    /* Clamps are relative to the view's first level ([semantics#lod-arithmetic]). */
    s->min_clamp256 = to_256ths(d.min_mipmap_level_clamp);
    s->max_clamp256 = to_256ths(d.max_mipmap_level_clamp);
    d.max_anisotropy = s->max_aniso;
    /* Decision: anisotropy averages several taps ([semantics#decision-grad-anisotropy]); a texture that cannot
     * blend (integers read as element type, [semantics#read-modes]) ignores it, so .grad reads
     * one point texel at the centre from the level its LOD selects. */
    if (!wt__ctype_is_float(t->fmt.ctype) && !t->read_norm)
        s->max_aniso = 1;
    d.mipmap_level_bias = s->bias;
    t->desc = d;
    wt__border_to_texel(t, s->border, t->border_texel);
    wt__tex_plan_make(t);    /* the one plan every kernel below reads */
    /* A sparse object binds no kernel and no one-lane variant: every door
     * then runs the reference, whose one texel read knows the tile table
     * ([semantics#sparse-residency]); dense objects keep their kernels. */
    if (!t->sparse) {
        wt__bind_tex_kernels(t); /* [design#specialise-once]: specialise once, not per lane */
        wt__bind_tex_lane(t);
    }

    if ((st = wt__handle_new(out, WT__KIND_TEX, t)))
        goto fail;
    return WT_SUCCESS;
fail:
    if (t->arr)
        wt__array_release(t->arr);
    wt__free(t);
    return st;
}

static void release_tex(void *p)
{
    wt__tex *t = p;
    if (t->arr)
        wt__array_release(t->arr);
    wt__free(t);
}

wt_status wt_destroy_texture_object(wt_tex tex)
{
    wt__tex *t = wt__handle_remove(tex, WT__KIND_TEX);
    if (!t)
        return wt__error(WT_ERROR_INVALID_HANDLE, "wt_destroy_texture_object(): 0x%016llx is not a live texture object",
                         (unsigned long long)tex);
    wt__retire(t, release_tex); /* readers may still hold it (reclaim.c) */
    return WT_SUCCESS;
}

wt_status wt_get_texture_object_texture_desc(wt_texture_desc *out, wt_tex tex)
{
    if (!out)
        return wt__error(WT_ERROR_INVALID_VALUE, "wt_get_texture_object_texture_desc(): output pointer is NULL");
    wt__read_begin();
    const wt__tex *t = wt__handle_get(tex, WT__KIND_TEX);
    if (t)
        *out = t->desc;
    wt__read_end();
    if (!t)
        return wt__error(WT_ERROR_INVALID_HANDLE,
                         "wt_get_texture_object_texture_desc(): 0x%016llx is not a live texture object",
                         (unsigned long long)tex);
    return WT_SUCCESS;
}
