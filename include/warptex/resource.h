/* warptex/resource.h -- channel formats, CUDA-style arrays, mipmapped arrays, resource descriptors */
#ifndef WARPTEX_RESOURCE_H
#define WARPTEX_RESOURCE_H

#include "types.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cudaChannelFormatDesc: bits per channel x, y, z, w and the kind.
 * Supported: 1, 2 or 4 channels of equal width (x; x,y; x,y,z,w), where
 *   SIGNED/UNSIGNED: 8, 16 or 32 bits; FLOAT: 16 (half) or 32 bits;
 *   UNSIGNED_NORMALIZED/SIGNED_NORMALIZED: 8 or 16 bits.
 * Anything else is WT_ERROR_INVALID_CHANNEL_DESCRIPTOR. */
typedef struct wt_channel_desc {
    int x, y, z, w;
    wt_channel_kind kind;
} wt_channel_desc;

wt_channel_desc wt_make_channel_desc(int x, int y, int z, int w, wt_channel_kind kind);

/* Array flags (cudaArray*). */
#define WT_ARRAY_DEFAULT 0x00u
#define WT_ARRAY_LAYERED 0x01u
#define WT_ARRAY_SURFACE_LOAD_STORE 0x02u
#define WT_ARRAY_CUBEMAP 0x04u
#define WT_ARRAY_TEXTURE_GATHER 0x08u

/* Opaque CUDA-array counterparts. */
typedef struct wt_array_s *wt_array;
typedef struct wt_mipmapped_array_s *wt_mipmapped_array;

/* wt_malloc_array: cudaMalloc3DArray.  height 0 makes a 1D array, depth 0 a
 * 1D/2D one.  With WT_ARRAY_LAYERED depth is the number of layers; with
 * WT_ARRAY_CUBEMAP depth is 6 (or 6 x cubes with LAYERED too) and width must
 * equal height.  Sizes are checked against the CUDA limits (SEMANTICS §12.4).
 * Errors: WT_ERROR_INVALID_VALUE (NULL out, bad size or flags, limits),
 * WT_ERROR_INVALID_CHANNEL_DESCRIPTOR, WT_ERROR_OUT_OF_MEMORY.
 * Thread-safe.  Contents start as zero. */
wt_status wt_malloc_array(wt_array *out, const wt_channel_desc *desc, size_t width, size_t height,
                          size_t depth, unsigned flags);

/* A 2D (layers == 0) or 2D layered multisample array with num_samples
 * samples per texel (1..32, a power of two), for tex.2dms/.a2dms.
 * Samples of texel (x, y, layer) are addressed as slice layer*num_samples+s
 * by wt_memcpy_to_array/wt_memcpy_from_array (z of the box). */
wt_status wt_malloc_multisample_array(wt_array *out, const wt_channel_desc *desc, size_t width,
                                      size_t height, size_t layers, unsigned num_samples,
                                      unsigned flags);

/* Frees an array.  Texture and surface objects hold their own reference:
 * the storage lives until the last object over it is destroyed.  NULL is
 * WT_ERROR_INVALID_VALUE; an array that is a level of a mipmapped array is
 * WT_ERROR_INVALID_VALUE (free the mipmapped array). */
wt_status wt_free_array(wt_array arr);

/* cudaMallocMipmappedArray: num_levels in 1..1+floor(log2(max(w,h,d))). */
wt_status wt_malloc_mipmapped_array(wt_mipmapped_array *out, const wt_channel_desc *desc,
                                    size_t width, size_t height, size_t depth,
                                    unsigned num_levels, unsigned flags);
wt_status wt_free_mipmapped_array(wt_mipmapped_array marr);

/* cudaGetMipmappedArrayLevel: an array aliasing level `level` (sizes per the
 * PTX mipmap formula).  It stays owned by the mipmapped array. */
wt_status wt_get_mipmapped_array_level(wt_array *out, wt_mipmapped_array marr, unsigned level);

/* Description of an array: format, extent as given at creation, flags. */
wt_status wt_array_get_info(wt_channel_desc *desc, size_t *width, size_t *height, size_t *depth,
                            unsigned *flags, wt_array arr);

/* Copy a box of elements between host memory and an array.
 * (x, y, z) is the box origin in elements/rows/slices (z = layer for layered
 * and cubemap arrays: 6*cube + face), (w, h, d) its extent; host rows are
 * src_pitch/dst_pitch bytes apart and slices pitch*h apart.  The box must lie
 * inside the array and the pitch must be >= w * element size.
 * Errors: WT_ERROR_INVALID_VALUE with a message naming the field. */
wt_status wt_memcpy_to_array(wt_array dst, size_t x, size_t y, size_t z, const void *src,
                             size_t src_pitch, size_t w, size_t h, size_t d);
wt_status wt_memcpy_from_array(void *dst, size_t dst_pitch, wt_array src, size_t x, size_t y,
                               size_t z, size_t w, size_t h, size_t d);

/* cudaResourceType */
typedef enum wt_resource_type {
    WT_RESOURCE_ARRAY = 0,
    WT_RESOURCE_MIPMAPPED_ARRAY = 1,
    WT_RESOURCE_LINEAR = 2,
    WT_RESOURCE_PITCH2D = 3
} wt_resource_type;

/* cudaResourceDesc.  Linear and pitch2D wrap user memory without copying; the
 * memory must outlive every object over it and be aligned to the channel
 * width. */
typedef struct wt_resource_desc {
    wt_resource_type type;
    union {
        struct { wt_array array; } array;
        struct { wt_mipmapped_array mipmap; } mipmap;
        struct {
            void *dev_ptr;
            wt_channel_desc desc;
            size_t size_in_bytes;
        } linear;
        struct {
            void *dev_ptr;
            wt_channel_desc desc;
            size_t width, height, pitch_in_bytes;
        } pitch2d;
    } res;
} wt_resource_desc;

#ifdef __cplusplus
}
#endif
#endif
