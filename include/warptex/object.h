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
 * extent as created (0 = keep).  last_* of 0 with first_* of 0 means "to the
 * end".  Levels apply to mipmapped arrays only, layers to layered, cubemap
 * (whole cubes: first a multiple of 6, last + 1 too) and multisample (whole
 * texel layers) arrays.  The view's first level is level 0 of the texture:
 * txq sizes, LOD clamps and tld4 count from it ([semantics#lod-arithmetic]). */
typedef struct wt_resource_view_desc {
    wt_channel_desc format; /* all zero: keep the array's format */
    size_t width, height, depth;
    unsigned first_mipmap_level, last_mipmap_level;
    unsigned first_layer, last_layer;
} wt_resource_view_desc;

/* wt_create_texture_object: cudaCreateTextureObject.  *out receives a new
 * handle (0 on failure).  The object holds a reference on the array, so the
 * user may free the array first.  Linear resources ignore filter_mode,
 * address_mode and normalized_coords ([semantics#resource-desc]: point, clamp, unnormalised).
 * Errors, as CUDA validates, each with a message naming the field and value:
 *   WT_ERROR_INVALID_VALUE: NULL out/res/desc; an enum out of range
 *     (address_mode[i], filter_mode, mipmap_filter_mode, read_mode;
 *     WT_ADDRESS_CLAMP_OGL is for sampler objects only); a NaN
 *     min/max_mipmap_level_clamp ([semantics#decision-nan-lod]; a NaN bias counts as 0,
 *     [semantics#decision-nan-bias]); an array or mipmapped array that is not live; a view on a
 *     linear/pitch2D resource, or a view out of range (levels, layers, extent,
 *     a format of another element size); linear/pitch2D memory NULL or
 *     misaligned, or sizes outside [semantics#limits];
 *   WT_ERROR_INVALID_CHANNEL_DESCRIPTOR: an unsupported linear/pitch2D/view
 *     format;
 *   WT_ERROR_INVALID_FILTER_SETTING: filter_mode or mipmap_filter_mode
 *     WT_FILTER_LINEAR on an integer format read as element type ([semantics#read-modes],
 *     [semantics#decision-int-linear-mip]; 32-bit integers are never read as normalised float);
 *   WT_ERROR_INVALID_NORMALIZED_SETTING: a mipmapped array without
 *     normalized_coords ([semantics#mip-levels]);
 *   WT_ERROR_INVALID_RESOURCE_TYPE: res->type not a wt_resource_type;
 *   WT_ERROR_OUT_OF_MEMORY.
 * Thread-safety: any thread; creation and destruction may run concurrently
 * with each other and with sampling of other objects. */
wt_status wt_create_texture_object(wt_tex *out, const wt_resource_desc *res,
                                   const wt_texture_desc *desc, const wt_resource_view_desc *view);

/* wt_destroy_texture_object: cudaDestroyTextureObject.  The handle is dead at
 * once (every later use gives WT_ERROR_INVALID_HANDLE, also after its table
 * slot is reused); calls on other threads that looked it up before finish on
 * valid memory, which is released when the last of them is done.
 * Errors: WT_ERROR_INVALID_HANDLE for 0, a destroyed, forged or
 * wrong-kind handle (nothing happens).  Thread-safety: any thread; of two
 * racing destroys of one handle exactly one succeeds. */
wt_status wt_destroy_texture_object(wt_tex tex);

/* wt_get_texture_object_texture_desc: cudaGetTextureObjectTextureDesc, the
 * effective descriptor (linear resources' ignored fields as used,
 * max_anisotropy clamped to [1, 16], a NaN bias as 0).
 * Errors: WT_ERROR_INVALID_VALUE (NULL out), WT_ERROR_INVALID_HANDLE.
 * Thread-safety: any thread, lock-free. */
wt_status wt_get_texture_object_texture_desc(wt_texture_desc *out, wt_tex tex);

/* wt_create_surface_object: cudaCreateSurfaceObject over an array created
 * with WT_ARRAY_SURFACE_LOAD_STORE, a level of a mipmapped array (with or
 * without the flag, as CUDA's runtime accepts it), or over linear/pitch2D
 * memory (limits as for textures).  Cubemaps are 2D
 * layered surfaces with layer = 6*cube + face.
 * Errors: WT_ERROR_INVALID_VALUE (NULL out or res, an array that is not live,
 * lacks WT_ARRAY_SURFACE_LOAD_STORE or is multisample, memory NULL or
 * misaligned, sizes outside [semantics#limits]), WT_ERROR_INVALID_CHANNEL_DESCRIPTOR,
 * WT_ERROR_INVALID_RESOURCE_TYPE (a mipmapped array, or an unknown type),
 * WT_ERROR_OUT_OF_MEMORY.  Thread-safety: as wt_create_texture_object. */
wt_status wt_create_surface_object(wt_surf *out, const wt_resource_desc *res);

/* wt_destroy_surface_object: cudaDestroySurfaceObject; as
 * wt_destroy_texture_object (WT_ERROR_INVALID_HANDLE for a bad handle;
 * thread-safe, safe against calls still using it). */
wt_status wt_destroy_surface_object(wt_surf surf);

/* A PTX .samplerref (independent mode): the sampling state that replaces the
 * texture's own when an instruction names an explicit sampler. */
typedef struct wt_sampler_desc {
    wt_address_mode address_mode[3]; /* WT_ADDRESS_CLAMP_OGL allowed here */
    wt_filter_mode filter_mode;
    int force_unnormalized_coords;   /* else normalisation is the texture's (PTX ISA 5.3.2) */
    float border_color[4];           /* PTX-declared samplers: 0 ([semantics#decision-clamp-ogl-samplers]) */
} wt_sampler_desc;

/* wt_create_sampler_object: a sampler for PTX independent mode (tex/tld4
 * with WT_OP_SAMPLER, the wt_tex_<geom>... and wt_tld4_<comp>... NVVM forms).
 * A linear sampler on a texture that cannot filter (integers read as element
 * type) samples with point filtering.
 * Errors: WT_ERROR_INVALID_VALUE (NULL out or desc, address_mode[i] or
 * filter_mode out of range), WT_ERROR_OUT_OF_MEMORY.
 * Thread-safety: as wt_create_texture_object. */
wt_status wt_create_sampler_object(wt_sampler *out, const wt_sampler_desc *desc);

/* wt_destroy_sampler_object: as wt_destroy_texture_object
 * (WT_ERROR_INVALID_HANDLE for a bad handle; thread-safe). */
wt_status wt_destroy_sampler_object(wt_sampler smp);

#ifdef __cplusplus
}
#endif
#endif
