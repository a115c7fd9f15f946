/* enum_cuda_headers.c -- warptex's CUDA-mirroring enumerators against the CUDA toolkit's own headers
 * SPDX-License-Identifier: MIT
 *
 * Built only where the toolkit's driver_types.h and texture_types.h are
 * found (tests/cuda_headers.cmake); test_enum_values.c checks the same
 * numbers written out, everywhere.  Prints one line per mismatch, exits 1. */
#include <stdio.h>

#include <driver_types.h>
#include <texture_types.h>

#include "warptex.h"

static int bad;

static void same(const char *wt, long a, const char *cuda, long b)
{
    if (a != b) {
        printf("%s = %ld but %s = %ld\n", wt, a, cuda, b);
        bad++;
    }
}

#define SAME(w, c) same(#w, (long)(w), #c, (long)(c))

int main(void)
{
    SAME(WT_ADDRESS_WRAP, cudaAddressModeWrap);
    SAME(WT_ADDRESS_CLAMP, cudaAddressModeClamp);
    SAME(WT_ADDRESS_MIRROR, cudaAddressModeMirror);
    SAME(WT_ADDRESS_BORDER, cudaAddressModeBorder);
    SAME(WT_FILTER_POINT, cudaFilterModePoint);
    SAME(WT_FILTER_LINEAR, cudaFilterModeLinear);
    SAME(WT_READ_ELEMENT_TYPE, cudaReadModeElementType);
    SAME(WT_READ_NORMALIZED_FLOAT, cudaReadModeNormalizedFloat);
    SAME(WT_RESOURCE_ARRAY, cudaResourceTypeArray);
    SAME(WT_RESOURCE_MIPMAPPED_ARRAY, cudaResourceTypeMipmappedArray);
    SAME(WT_RESOURCE_LINEAR, cudaResourceTypeLinear);
    SAME(WT_RESOURCE_PITCH2D, cudaResourceTypePitch2D);
    SAME(WT_CHANNEL_SIGNED, cudaChannelFormatKindSigned);
    SAME(WT_CHANNEL_UNSIGNED, cudaChannelFormatKindUnsigned);
    SAME(WT_CHANNEL_FLOAT, cudaChannelFormatKindFloat);
    SAME(WT_CHANNEL_UNSIGNED_NORMALIZED_8X1, cudaChannelFormatKindUnsignedNormalized8X1);
    SAME(WT_CHANNEL_UNSIGNED_NORMALIZED_8X2, cudaChannelFormatKindUnsignedNormalized8X2);
    SAME(WT_CHANNEL_UNSIGNED_NORMALIZED_8X4, cudaChannelFormatKindUnsignedNormalized8X4);
    SAME(WT_CHANNEL_UNSIGNED_NORMALIZED_16X1, cudaChannelFormatKindUnsignedNormalized16X1);
    SAME(WT_CHANNEL_UNSIGNED_NORMALIZED_16X2, cudaChannelFormatKindUnsignedNormalized16X2);
    SAME(WT_CHANNEL_UNSIGNED_NORMALIZED_16X4, cudaChannelFormatKindUnsignedNormalized16X4);
    SAME(WT_CHANNEL_SIGNED_NORMALIZED_8X1, cudaChannelFormatKindSignedNormalized8X1);
    SAME(WT_CHANNEL_SIGNED_NORMALIZED_8X2, cudaChannelFormatKindSignedNormalized8X2);
    SAME(WT_CHANNEL_SIGNED_NORMALIZED_8X4, cudaChannelFormatKindSignedNormalized8X4);
    SAME(WT_CHANNEL_SIGNED_NORMALIZED_16X1, cudaChannelFormatKindSignedNormalized16X1);
    SAME(WT_CHANNEL_SIGNED_NORMALIZED_16X2, cudaChannelFormatKindSignedNormalized16X2);
    SAME(WT_CHANNEL_SIGNED_NORMALIZED_16X4, cudaChannelFormatKindSignedNormalized16X4);
    /* warptex's own values are no CUDA enumerator's */
    const long cuda_kinds[] = {cudaChannelFormatKindNone, cudaChannelFormatKindNV12};
    for (unsigned i = 0; i < sizeof cuda_kinds / sizeof cuda_kinds[0]; i++)
        if (cuda_kinds[i] == WT_CHANNEL_UNSIGNED_NORMALIZED || cuda_kinds[i] == WT_CHANNEL_SIGNED_NORMALIZED) {
            printf("a warptex-only channel kind collides with CUDA's %ld\n", cuda_kinds[i]);
            bad++;
        }
    printf("enum check against the CUDA headers: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
