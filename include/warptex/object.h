/* warptex/object.h -- texture, surface and sampler objects (cudaCreateTextureObject and friends) */
#ifndef WARPTEX_OBJECT_H
#define WARPTEX_OBJECT_H

#include "resource.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cudaTextureDesc.  A zero-initialised struct means CUDA's defaults: wrap
 * addressing (demoted to clamp without normalised coordinates), point
 * filtering, element-type reads, unnormalised coordinates, max_anisotropy 0
 * (treated as 1), no bias or clamps. */
typedef struct wt_texture_desc {
    wt_address_mode address_mode[3];
    wt_filter_mode filter_mode;
    wt_read_mode read_mode;
    int srgb;
    float border_color[4];
    int normalized_coords;
    unsigned max_anisotropy;
    wt_filter_mode mipmap_filter_mode;
    float mipmap_level_bias;
    float min_mipmap_level_clamp;
    float max_mipmap_level_clamp;
    int disable_trilinear_optimization;
    int seamless_cubemap;
} wt_texture_desc;

/* cudaResourceViewDesc: reinterpret the format (same element size), and
 * restrict levels and layers.  width/height/depth must equal the array's
 * (0 = keep). last_* of 0 with first_* of 0 means "to the end". */
typedef struct wt_resource_view_desc {
    wt_channel_desc format; /* all zero: keep the array's format */
    size_t width, height, depth;
    unsigned first_mipmap_level, last_mipmap_level;
    unsigned first_layer, last_layer;
} wt_resource_view_desc;

/* cudaCreateTextureObject.  Validates as CUDA does, with a message naming the
 * field: linear filtering (texel or mip) of an integer format read as element
 * type -> WT_ERROR_INVALID_FILTER_SETTING; a mipmapped array without
 * normalized_coords -> WT_ERROR_INVALID_NORMALIZED_SETTING; bad enums, NaN
 * clamps, views out of range -> WT_ERROR_INVALID_VALUE.  Thread-safe. */
wt_status wt_create_texture_object(wt_tex *out, const wt_resource_desc *res,
                                   const wt_texture_desc *desc, const wt_resource_view_desc *view);
wt_status wt_destroy_texture_object(wt_tex tex);

/* Effective descriptors of a texture object (after defaults and views). */
wt_status wt_get_texture_object_texture_desc(wt_texture_desc *out, wt_tex tex);

/* cudaCreateSurfaceObject over an array created with
 * WT_ARRAY_SURFACE_LOAD_STORE, or over linear/pitch2D memory. */
wt_status wt_create_surface_object(wt_surf *out, const wt_resource_desc *res);
wt_status wt_destroy_surface_object(wt_surf surf);

/* A PTX .samplerref (independent mode): the sampling state that replaces the
 * texture's own when an instruction names an explicit sampler. */
typedef struct wt_sampler_desc {
    wt_address_mode address_mode[3]; /* WT_ADDRESS_CLAMP_OGL allowed here */
    wt_filter_mode filter_mode;
    int force_unnormalized_coords;   /* else normalisation is the texture's (PTX §5.3.2) */
    float border_color[4];           /* PTX-declared samplers: 0 (decision Q9) */
} wt_sampler_desc;

wt_status wt_create_sampler_object(wt_sampler *out, const wt_sampler_desc *desc);
wt_status wt_destroy_sampler_object(wt_sampler smp);

#ifdef __cplusplus
}
#endif
#endif
