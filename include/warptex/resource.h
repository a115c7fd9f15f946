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

/* wt_make_channel_desc: cudaCreateChannelDesc, the descriptor {x, y, z, w,
 * kind} as given.  It is validated where it is used, not here.
 * Errors: none.  Thread-safety: any thread (pure). */
wt_channel_desc wt_make_channel_desc(int x, int y, int z, int w, wt_channel_kind kind);

/* Array flags (cudaArray*). */
#define WT_ARRAY_DEFAULT 0x00u
#define WT_ARRAY_LAYERED 0x01u
#define WT_ARRAY_SURFACE_LOAD_STORE 0x02u
#define WT_ARRAY_CUBEMAP 0x04u
#define WT_ARRAY_TEXTURE_GATHER 0x08u
/* cudaArraySparse: no memory behind the array until tiles are mapped
 * (warptex/sparse.h); 2D, 2D layered and 3D arrays only. */
#define WT_ARRAY_SPARSE 0x40u

/* Opaque CUDA-array counterparts. */
typedef struct wt_array_s *wt_array;
typedef struct wt_mipmapped_array_s *wt_mipmapped_array;

/* wt_malloc_array: cudaMalloc3DArray.  height 0 makes a 1D array, depth 0 a
 * 1D/2D one.  With WT_ARRAY_LAYERED depth is the number of layers; with
 * WT_ARRAY_CUBEMAP depth is 6 (or 6 x cubes with LAYERED too) and width must
 * equal height.  WT_ARRAY_SURFACE_LOAD_STORE allows surface objects over it;
 * WT_ARRAY_TEXTURE_GATHER is taken on plain 2D arrays only, with CUDA's
 * gather limits (tld4 itself does not require it).  WT_ARRAY_SPARSE makes a
 * sparse array (warptex/sparse.h): 2D, 2D layered or 3D only, every tile
 * unmapped at first.  Contents start as zero.  Sizes are checked against the CUDA limits ([semantics#limits]) before
 * anything is allocated: 1D 131072 (surface 32768), 1D layered 32768 x 2048,
 * 2D 131072 x 65536, 2D gather 32768 x 32768, 2D layered 32768 x 32768 x 2048
 * (surface x 1048), 3D 16384^3, cubemap 32768, cubemap layered 32768 x 2046
 * (depth counts faces, 6 x cubes).
 * Errors: WT_ERROR_INVALID_VALUE (NULL out, zero or inconsistent sizes,
 * unknown flags, a non-square or not-6n cubemap, a size past its limit,
 * WT_ARRAY_SPARSE on a 1D, cubemap or multisample array),
 * WT_ERROR_INVALID_CHANNEL_DESCRIPTOR (see wt_channel_desc),
 * WT_ERROR_OUT_OF_MEMORY; *out is NULL on failure.
 * Thread-safety: any thread; concurrent calls are independent. */
wt_status wt_malloc_array(wt_array *out, const wt_channel_desc *desc, size_t width, size_t height,
                          size_t depth, unsigned flags);

/* wt_malloc_multisample_array: a 2D (layers == 0) or 2D layered
 * multisample array with num_samples samples per texel (1..32, a power of
 * two), for tex.2dms/.a2dms.  Samples of texel (x, y, layer) are addressed as
 * slice layer*num_samples+s by wt_memcpy_to_array/wt_memcpy_from_array (z of
 * the box).  flags and limits as wt_malloc_array (2D or 2D layered).
 * Errors: WT_ERROR_INVALID_VALUE (NULL out, height 0, num_samples 0, not a
 * power of two or > 32, a cubemap flag, sizes as wt_malloc_array),
 * WT_ERROR_INVALID_CHANNEL_DESCRIPTOR, WT_ERROR_OUT_OF_MEMORY.
 * Thread-safety: any thread. */
wt_status wt_malloc_multisample_array(wt_array *out, const wt_channel_desc *desc, size_t width,
                                      size_t height, size_t layers, unsigned num_samples,
                                      unsigned flags);

/* wt_free_array: cudaFreeArray.  Texture and surface objects hold their own
 * reference: the storage lives until the last object over it is destroyed.
 * Errors: WT_ERROR_INVALID_VALUE for NULL, a pointer that is not a live array
 * (already freed, or never one: recognised by address, never read), or a
 * level of a mipmapped array (free the mipmapped array instead).
 * Thread-safety: any thread; of two racing frees of one array exactly one
 * succeeds.  Other calls on the same array must not race with its free (as
 * in CUDA). */
wt_status wt_free_array(wt_array arr);

/* wt_malloc_mipmapped_array: cudaMallocMipmappedArray.  Sizes and flags as
 * wt_malloc_array (the extent is level 0's); num_levels in
 * 1..1+floor(log2(max(w, h, d))) where d counts only for 3D ([semantics#mip-levels]).
 * Level i is max(1, size >> i) on each axis; layers and faces are in every
 * level.  Contents start as zero.
 * Errors: as wt_malloc_array, plus WT_ERROR_INVALID_VALUE for num_levels
 * outside that range.  Thread-safety: any thread. */
wt_status wt_malloc_mipmapped_array(wt_mipmapped_array *out, const wt_channel_desc *desc,
                                    size_t width, size_t height, size_t depth,
                                    unsigned num_levels, unsigned flags);

/* wt_free_mipmapped_array: cudaFreeMipmappedArray.  Its level arrays
 * (wt_get_mipmapped_array_level) die with it; texture and surface objects
 * over it or its levels keep the storage until they are destroyed.
 * Errors: WT_ERROR_INVALID_VALUE for NULL or a pointer that is not a live
 * mipmapped array.  Thread-safety: any thread; other calls on the same
 * mipmapped array or its levels must not race with its free. */
wt_status wt_free_mipmapped_array(wt_mipmapped_array marr);

/* wt_get_mipmapped_array_level: cudaGetMipmappedArrayLevel.  *out is an
 * array aliasing level `level` (its extent per the mipmap formula, its
 * layers all of the mipmapped array's), usable wherever an array is: copies,
 * texture and surface objects.  It stays owned by the mipmapped array (never
 * wt_free_array it); asking twice gives the same pointer.
 * Errors: WT_ERROR_INVALID_VALUE (NULL out, not a live mipmapped array,
 * level >= num_levels), WT_ERROR_OUT_OF_MEMORY.
 * Thread-safety: any thread, also racing calls for the same level. */
wt_status wt_get_mipmapped_array_level(wt_array *out, wt_mipmapped_array marr, unsigned level);

/* wt_array_get_info: cudaArrayGetInfo.  The format, the extent as given at
 * creation (a level array: its level's extent) and the flags; any output
 * pointer may be NULL.
 * Errors: WT_ERROR_INVALID_VALUE when arr is not a live array.
 * Thread-safety: any thread. */
wt_status wt_array_get_info(wt_channel_desc *desc, size_t *width, size_t *height, size_t *depth,
                            unsigned *flags, wt_array arr);

/* wt_memcpy_to_array / wt_memcpy_from_array: cudaMemcpy3D between host
 * memory and a box of an array.  (x, y, z) is the box origin in
 * elements/rows/slices (z = layer for layered arrays, 6*cube + face for
 * cubemaps, layer*samples + sample for multisample ones, the depth plane for
 * 3D), (w, h, d) its extent; host rows are src_pitch/dst_pitch bytes apart
 * and slices pitch*h apart.  Other mip levels: copy into the level array of
 * wt_get_mipmapped_array_level().  The box must lie inside the array (1D: h =
 * d = 1, y = z = 0) and the pitch must be >= w * element size.
 * Errors: WT_ERROR_INVALID_VALUE (not a live array, NULL host pointer, an
 * empty box, a box past the extent, a short pitch), with a message naming the
 * field; nothing is copied then.
 * Thread-safety: any thread; copies into disjoint boxes may run at once.  A
 * copy into texels another thread samples at the same time is a data race
 * (as in CUDA): results are then undefined, but memory stays safe. */
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
 * width (pitch_in_bytes too).  Linear: 1..2^28 elements (size_in_bytes /
 * element size); pitch2D: 1..131072 x 1..65000 elements ([semantics#limits]). */
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
