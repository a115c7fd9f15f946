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

/* cudaChannelFormatKind, with CUDA's numeric values wherever CUDA has the
 * same enumerator, so a port can cast (cudaChannelFormatKindSigned = 0, ...,
 * cudaChannelFormatKindSignedNormalized16X4 = 16).  16-bit FLOAT is IEEE
 * half.  CUDA's 3 (None), 4 (NV12) and 17.. (block-compressed, 1010102) are
 * formats warptex does not have: they are refused with
 * WT_ERROR_INVALID_CHANNEL_DESCRIPTOR.
 *
 * The normalised kinds always read as normalised float.  CUDA's sized ones
 * name their channels: 8X1 needs bits {8,0,0,0}, 8X2 {8,8,0,0}, 8X4
 * {8,8,8,8}, 16Xn likewise.  warptex adds two unsized kinds of its own,
 * WT_CHANNEL_UNSIGNED_NORMALIZED and WT_CHANNEL_SIGNED_NORMALIZED, for any 1,
 * 2 or 4 channels of 8 or 16 bits; their values (0x100, 0x101) lie outside
 * the range CUDA uses.  wt_array_get_info returns the kind as given. */
typedef enum wt_channel_kind {
    WT_CHANNEL_SIGNED = 0,
    WT_CHANNEL_UNSIGNED = 1,
    WT_CHANNEL_FLOAT = 2,
    WT_CHANNEL_UNSIGNED_NORMALIZED_8X1 = 5,
    WT_CHANNEL_UNSIGNED_NORMALIZED_8X2 = 6,
    WT_CHANNEL_UNSIGNED_NORMALIZED_8X4 = 7,
    WT_CHANNEL_UNSIGNED_NORMALIZED_16X1 = 8,
    WT_CHANNEL_UNSIGNED_NORMALIZED_16X2 = 9,
    WT_CHANNEL_UNSIGNED_NORMALIZED_16X4 = 10,
    WT_CHANNEL_SIGNED_NORMALIZED_8X1 = 11,
    WT_CHANNEL_SIGNED_NORMALIZED_8X2 = 12,
    WT_CHANNEL_SIGNED_NORMALIZED_8X4 = 13,
    WT_CHANNEL_SIGNED_NORMALIZED_16X1 = 14,
    WT_CHANNEL_SIGNED_NORMALIZED_16X2 = 15,
    WT_CHANNEL_SIGNED_NORMALIZED_16X4 = 16,
    WT_CHANNEL_UNSIGNED_NORMALIZED = 0x100, /* warptex's own */
    WT_CHANNEL_SIGNED_NORMALIZED = 0x101    /* warptex's own */
} wt_channel_kind;

/* cudaTextureAddressMode values (Wrap 0, Clamp 1, Mirror 2, Border 3).
 * WT_ADDRESS_CLAMP_OGL is warptex's own, for sampler objects only (PTX
 * independent mode, OpenCL's GL_CLAMP); CUDA uses no value 4. */
typedef enum wt_address_mode {
    WT_ADDRESS_WRAP = 0,
    WT_ADDRESS_CLAMP = 1,
    WT_ADDRESS_MIRROR = 2,
    WT_ADDRESS_BORDER = 3,
    WT_ADDRESS_CLAMP_OGL = 4
} wt_address_mode;

/* cudaTextureFilterMode values. */
typedef enum wt_filter_mode { WT_FILTER_POINT = 0, WT_FILTER_LINEAR = 1 } wt_filter_mode;

/* cudaTextureReadMode values. */
typedef enum wt_read_mode {
    WT_READ_ELEMENT_TYPE = 0,
    WT_READ_NORMALIZED_FLOAT = 1
} wt_read_mode;

#ifdef __cplusplus
}
#endif
#endif
