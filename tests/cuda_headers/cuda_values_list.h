/* cuda_values_list.h -- what warptex's CUDA-named headers must share with the CUDA toolkit's:
 * enumerator values, flag values, vector type sizes and alignments (one X(expr) each), after
 * every cudaError_t of WT_CUDA_ERROR_LIST.
 * Expanded once against the toolkit's headers and once against warptex's
 * (cuda_values_toolkit.cpp, cuda_values_warptex.cpp); cuda_values_main.cpp compares.
 * SPDX-License-Identifier: MIT */
#include "warptex/cuda/cuda_error_list.h"

#define WT__VT(X, T) X(sizeof(T)) X(alignof(T))
#define WT__VT4(X, p) WT__VT(X, p##1) WT__VT(X, p##2) WT__VT(X, p##3) WT__VT(X, p##4)

#define WT_CUDA_VALUES(X)                                                                         \
    X(cudaMemcpyHostToHost) X(cudaMemcpyHostToDevice) X(cudaMemcpyDeviceToHost)                   \
    X(cudaMemcpyDeviceToDevice) X(cudaMemcpyDefault)                                              \
    X(cudaChannelFormatKindSigned) X(cudaChannelFormatKindUnsigned) X(cudaChannelFormatKindFloat) \
    X(cudaChannelFormatKindNone) X(cudaChannelFormatKindNV12)                                     \
    X(cudaChannelFormatKindUnsignedNormalized8X4) X(cudaChannelFormatKindSignedNormalized16X4)    \
    X(cudaArrayDefault) X(cudaArrayLayered) X(cudaArraySurfaceLoadStore) X(cudaArrayCubemap)      \
    X(cudaArrayTextureGather) X(cudaHostAllocDefault) X(cudaHostAllocPortable)                    \
    X(cudaHostAllocMapped) X(cudaHostAllocWriteCombined) X(cudaStreamDefault)                     \
    X(cudaStreamNonBlocking) X(cudaEventDefault) X(cudaEventBlockingSync)                         \
    X(cudaEventDisableTiming) X(cudaMemAttachGlobal) X(cudaMemAttachHost)                         \
    X(cudaResourceTypeArray) X(cudaResourceTypeMipmappedArray) X(cudaResourceTypeLinear)          \
    X(cudaResourceTypePitch2D) X(cudaResViewFormatNone) X(cudaResViewFormatUnsignedChar4)         \
    X(cudaResViewFormatSignedShort2) X(cudaResViewFormatSignedInt4) X(cudaResViewFormatHalf1)     \
    X(cudaResViewFormatFloat4)                                                                    \
    X(cudaAddressModeWrap) X(cudaAddressModeClamp) X(cudaAddressModeMirror)                       \
    X(cudaAddressModeBorder) X(cudaFilterModePoint) X(cudaFilterModeLinear)                       \
    X(cudaReadModeElementType) X(cudaReadModeNormalizedFloat)                                     \
    X(cudaBoundaryModeZero) X(cudaBoundaryModeClamp) X(cudaBoundaryModeTrap)                      \
    X(cudaTextureType1D) X(cudaTextureType2D) X(cudaTextureType3D) X(cudaTextureTypeCubemap)      \
    X(cudaTextureType1DLayered) X(cudaTextureType2DLayered) X(cudaTextureTypeCubemapLayered)      \
    X(cudaSurfaceType2D) X(cudaSurfaceTypeCubemapLayered)                                         \
    X(cudaDevAttrMaxThreadsPerBlock) X(cudaDevAttrMaxBlockDimX) X(cudaDevAttrMaxBlockDimY) X(cudaDevAttrMaxBlockDimZ) X(cudaDevAttrMaxGridDimX) X(cudaDevAttrMaxGridDimY) X(cudaDevAttrMaxGridDimZ) X(cudaDevAttrMaxSharedMemoryPerBlock) \
    X(cudaDevAttrTotalConstantMemory) X(cudaDevAttrWarpSize) X(cudaDevAttrTextureAlignment) X(cudaDevAttrMultiProcessorCount) X(cudaDevAttrIntegrated) X(cudaDevAttrCanMapHostMemory) X(cudaDevAttrMaxTexture1DWidth) X(cudaDevAttrMaxTexture2DWidth) X(cudaDevAttrMaxTexture2DHeight) \
    X(cudaDevAttrMaxTexture3DWidth) X(cudaDevAttrConcurrentKernels) X(cudaDevAttrMaxThreadsPerMultiProcessor) X(cudaDevAttrUnifiedAddressing) X(cudaDevAttrTexturePitchAlignment) X(cudaDevAttrMaxSurface2DWidth) X(cudaDevAttrComputeCapabilityMajor) X(cudaDevAttrComputeCapabilityMinor) X(cudaDevAttrManagedMemory) \
    X(cudaLimitStackSize) X(cudaLimitPrintfFifoSize) X(cudaLimitMallocHeapSize) X(cudaFuncCachePreferNone)     \
    X(cudaFuncCachePreferShared) X(cudaFuncCachePreferL1) X(cudaFuncCachePreferEqual)                     \
    X(cudaHostRegisterDefault) X(cudaDeviceScheduleAuto)                                                  \
    X(sizeof(cudaTextureObject_t)) X(sizeof(cudaSurfaceObject_t)) X(sizeof(cudaChannelFormatDesc)) \
    X(sizeof(cudaExtent)) X(sizeof(cudaPos)) X(sizeof(cudaPitchedPtr))                            \
    WT__VT4(X, char) WT__VT4(X, uchar) WT__VT4(X, short) WT__VT4(X, ushort) WT__VT4(X, int) WT__VT4(X, uint)        \
    WT__VT4(X, long) WT__VT4(X, ulong) WT__VT(X, longlong1) WT__VT(X, longlong2) WT__VT(X, longlong3)             \
    WT__VT(X, ulonglong1) WT__VT(X, ulonglong2) WT__VT(X, ulonglong3) WT__VT4(X, float)                       \
    WT__VT(X, double1) WT__VT(X, double2) WT__VT(X, double3) WT__VT(X, double4_16a) WT__VT(X, double4_32a)       \
    WT__VT(X, longlong4_16a) WT__VT(X, longlong4_32a) WT__VT(X, dim3)
