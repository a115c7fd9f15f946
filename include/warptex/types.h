/* warptex/types.h -- handles, vector result types and the enums shared by the API */
#ifndef WARPTEX_TYPES_H
#define WARPTEX_TYPES_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WT_VERSION_MAJOR 0
#define WT_VERSION_MINOR 1
#define WT_VERSION_PATCH 0
#define WT_VERSION_STRING "0.1.0"

/* Lanes per warp, as on NVIDIA hardware. */
#define WT_WARP_SIZE 32

/* Handles are 64-bit values, as NVVM's i64 texture/surface handles.  0 is
 * never valid.  A handle encodes its kind and a generation, so a destroyed,
 * forged or wrong-kind handle is detected (WT_ERROR_INVALID_HANDLE). */
typedef uint64_t wt_tex;
typedef uint64_t wt_surf;
typedef uint64_t wt_sampler;

/* NVVM aggregate types (%float4, %int4, %short4, ...). */
typedef struct wt_float4 { float x, y, z, w; } wt_float4;
typedef struct wt_int4 { int32_t x, y, z, w; } wt_int4;
typedef struct wt_int2 { int32_t x, y; } wt_int2;
typedef struct wt_short4 { int16_t x, y, z, w; } wt_short4;
typedef struct wt_short2 { int16_t x, y; } wt_short2;
typedef struct wt_long2 { int64_t x, y; } wt_long2;

/* cudaChannelFormatKind. 16-bit FLOAT is IEEE half. The normalised kinds are
 * 8- or 16-bit and always read as normalised float (CUDA's
 * cudaChannelFormatKindUnsignedNormalized8X4 and friends). */
typedef enum wt_channel_kind {
    WT_CHANNEL_SIGNED = 0,
    WT_CHANNEL_UNSIGNED = 1,
    WT_CHANNEL_FLOAT = 2,
    WT_CHANNEL_UNSIGNED_NORMALIZED = 3,
    WT_CHANNEL_SIGNED_NORMALIZED = 4
} wt_channel_kind;

/* cudaTextureAddressMode values.  WT_ADDRESS_CLAMP_OGL exists only for
 * sampler objects (PTX independent mode, OpenCL's GL_CLAMP). */
typedef enum wt_address_mode {
    WT_ADDRESS_WRAP = 0,
    WT_ADDRESS_CLAMP = 1,
    WT_ADDRESS_MIRROR = 2,
    WT_ADDRESS_BORDER = 3,
    WT_ADDRESS_CLAMP_OGL = 4
} wt_address_mode;

typedef enum wt_filter_mode { WT_FILTER_POINT = 0, WT_FILTER_LINEAR = 1 } wt_filter_mode;

typedef enum wt_read_mode {
    WT_READ_ELEMENT_TYPE = 0,
    WT_READ_NORMALIZED_FLOAT = 1
} wt_read_mode;

#ifdef __cplusplus
}
#endif
#endif
