/* cuda_values_list.h -- what warptex's CUDA-named headers must share with the CUDA toolkit's:
 * enumerator values, flag values, vector type sizes and alignments, the layout of cudaDeviceProp
 * (one X(expr) each), after every cudaError_t of WT_CUDA_ERROR_LIST and every cudaDeviceAttr of
 * WT_CUDA_DEVICE_ATTR_LIST.
 * Expanded once against the toolkit's headers and once against warptex's
 * (cuda_values_toolkit.cpp, cuda_values_warptex.cpp); cuda_values_main.cpp compares.
 * SPDX-License-Identifier: MIT */
#include <stddef.h>

#include "warptex/cuda/cuda_device_attr_list.h"
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
    X(cudaDevAttrMax) X(cudaComputeModeDefault) X(cudaComputeModeExclusive) X(cudaComputeModeProhibited) \
    X(cudaComputeModeExclusiveProcess) X(sizeof(cudaDeviceProp)) X(sizeof(cudaUUID_t)) \
    X(offsetof(cudaDeviceProp, name)) X(offsetof(cudaDeviceProp, uuid)) \
    X(offsetof(cudaDeviceProp, luid)) X(offsetof(cudaDeviceProp, luidDeviceNodeMask)) \
    X(offsetof(cudaDeviceProp, totalGlobalMem)) X(offsetof(cudaDeviceProp, sharedMemPerBlock)) \
    X(offsetof(cudaDeviceProp, regsPerBlock)) X(offsetof(cudaDeviceProp, warpSize)) \
    X(offsetof(cudaDeviceProp, memPitch)) X(offsetof(cudaDeviceProp, maxThreadsPerBlock)) \
    X(offsetof(cudaDeviceProp, maxThreadsDim)) X(offsetof(cudaDeviceProp, maxGridSize)) \
    X(offsetof(cudaDeviceProp, totalConstMem)) X(offsetof(cudaDeviceProp, major)) \
    X(offsetof(cudaDeviceProp, minor)) X(offsetof(cudaDeviceProp, textureAlignment)) \
    X(offsetof(cudaDeviceProp, texturePitchAlignment)) X(offsetof(cudaDeviceProp, multiProcessorCount)) \
    X(offsetof(cudaDeviceProp, integrated)) X(offsetof(cudaDeviceProp, canMapHostMemory)) \
    X(offsetof(cudaDeviceProp, maxTexture1D)) X(offsetof(cudaDeviceProp, maxTexture1DMipmap)) \
    X(offsetof(cudaDeviceProp, maxTexture2D)) X(offsetof(cudaDeviceProp, maxTexture2DMipmap)) \
    X(offsetof(cudaDeviceProp, maxTexture2DLinear)) X(offsetof(cudaDeviceProp, maxTexture2DGather)) \
    X(offsetof(cudaDeviceProp, maxTexture3D)) X(offsetof(cudaDeviceProp, maxTexture3DAlt)) \
    X(offsetof(cudaDeviceProp, maxTextureCubemap)) X(offsetof(cudaDeviceProp, maxTexture1DLayered)) \
    X(offsetof(cudaDeviceProp, maxTexture2DLayered)) \
    X(offsetof(cudaDeviceProp, maxTextureCubemapLayered)) X(offsetof(cudaDeviceProp, maxSurface1D)) \
    X(offsetof(cudaDeviceProp, maxSurface2D)) X(offsetof(cudaDeviceProp, maxSurface3D)) \
    X(offsetof(cudaDeviceProp, maxSurface1DLayered)) X(offsetof(cudaDeviceProp, maxSurface2DLayered)) \
    X(offsetof(cudaDeviceProp, maxSurfaceCubemap)) X(offsetof(cudaDeviceProp, maxSurfaceCubemapLayered)) \
    X(offsetof(cudaDeviceProp, surfaceAlignment)) X(offsetof(cudaDeviceProp, concurrentKernels)) \
    X(offsetof(cudaDeviceProp, ECCEnabled)) X(offsetof(cudaDeviceProp, pciBusID)) \
    X(offsetof(cudaDeviceProp, pciDeviceID)) X(offsetof(cudaDeviceProp, pciDomainID)) \
    X(offsetof(cudaDeviceProp, tccDriver)) X(offsetof(cudaDeviceProp, asyncEngineCount)) \
    X(offsetof(cudaDeviceProp, unifiedAddressing)) X(offsetof(cudaDeviceProp, memoryBusWidth)) \
    X(offsetof(cudaDeviceProp, l2CacheSize)) X(offsetof(cudaDeviceProp, persistingL2CacheMaxSize)) \
    X(offsetof(cudaDeviceProp, maxThreadsPerMultiProcessor)) \
    X(offsetof(cudaDeviceProp, streamPrioritiesSupported)) \
    X(offsetof(cudaDeviceProp, globalL1CacheSupported)) \
    X(offsetof(cudaDeviceProp, localL1CacheSupported)) \
    X(offsetof(cudaDeviceProp, sharedMemPerMultiprocessor)) \
    X(offsetof(cudaDeviceProp, regsPerMultiprocessor)) X(offsetof(cudaDeviceProp, managedMemory)) \
    X(offsetof(cudaDeviceProp, isMultiGpuBoard)) X(offsetof(cudaDeviceProp, multiGpuBoardGroupID)) \
    X(offsetof(cudaDeviceProp, hostNativeAtomicSupported)) \
    X(offsetof(cudaDeviceProp, pageableMemoryAccess)) \
    X(offsetof(cudaDeviceProp, concurrentManagedAccess)) \
    X(offsetof(cudaDeviceProp, computePreemptionSupported)) \
    X(offsetof(cudaDeviceProp, canUseHostPointerForRegisteredMem)) \
    X(offsetof(cudaDeviceProp, cooperativeLaunch)) X(offsetof(cudaDeviceProp, sharedMemPerBlockOptin)) \
    X(offsetof(cudaDeviceProp, pageableMemoryAccessUsesHostPageTables)) \
    X(offsetof(cudaDeviceProp, directManagedMemAccessFromHost)) \
    X(offsetof(cudaDeviceProp, maxBlocksPerMultiProcessor)) \
    X(offsetof(cudaDeviceProp, accessPolicyMaxWindowSize)) \
    X(offsetof(cudaDeviceProp, reservedSharedMemPerBlock)) \
    X(offsetof(cudaDeviceProp, hostRegisterSupported)) \
    X(offsetof(cudaDeviceProp, sparseCudaArraySupported)) \
    X(offsetof(cudaDeviceProp, hostRegisterReadOnlySupported)) \
    X(offsetof(cudaDeviceProp, timelineSemaphoreInteropSupported)) \
    X(offsetof(cudaDeviceProp, memoryPoolsSupported)) \
    X(offsetof(cudaDeviceProp, gpuDirectRDMASupported)) \
    X(offsetof(cudaDeviceProp, gpuDirectRDMAFlushWritesOptions)) \
    X(offsetof(cudaDeviceProp, gpuDirectRDMAWritesOrdering)) \
    X(offsetof(cudaDeviceProp, memoryPoolSupportedHandleTypes)) \
    X(offsetof(cudaDeviceProp, deferredMappingCudaArraySupported)) \
    X(offsetof(cudaDeviceProp, ipcEventSupported)) X(offsetof(cudaDeviceProp, clusterLaunch)) \
    X(offsetof(cudaDeviceProp, unifiedFunctionPointers)) X(offsetof(cudaDeviceProp, deviceNumaConfig)) \
    X(offsetof(cudaDeviceProp, deviceNumaId)) X(offsetof(cudaDeviceProp, mpsEnabled)) \
    X(offsetof(cudaDeviceProp, hostNumaId)) X(offsetof(cudaDeviceProp, gpuPciDeviceID)) \
    X(offsetof(cudaDeviceProp, gpuPciSubsystemID)) \
    X(offsetof(cudaDeviceProp, hostNumaMultinodeIpcSupported)) X(offsetof(cudaDeviceProp, reserved)) \
    X(cudaGraphicsRegisterFlagsNone) X(cudaGraphicsRegisterFlagsReadOnly) X(cudaGraphicsRegisterFlagsWriteDiscard) \
    X(cudaGraphicsRegisterFlagsSurfaceLoadStore) X(cudaGraphicsRegisterFlagsTextureGather) X(cudaGraphicsMapFlagsNone) \
    X(cudaGraphicsMapFlagsReadOnly) X(cudaGraphicsMapFlagsWriteDiscard) X(cudaGraphicsCubeFacePositiveX) \
    X(cudaGraphicsCubeFaceNegativeZ) X(cudaRoundNearest) X(cudaRoundZero) X(cudaRoundPosInf) X(cudaRoundMinInf) \
    X(cudaLimitStackSize) X(cudaLimitPrintfFifoSize) X(cudaLimitMallocHeapSize) X(cudaFuncCachePreferNone)     \
    X(cudaFuncCachePreferShared) X(cudaFuncCachePreferL1) X(cudaFuncCachePreferEqual)                     \
    X(cudaHostRegisterDefault) X(cudaHostRegisterPortable) X(cudaHostRegisterMapped) X(cudaHostRegisterIoMemory)     \
    X(cudaHostRegisterReadOnly) X(cudaDeviceScheduleAuto) X(cudaDeviceScheduleSpin) X(cudaDeviceScheduleYield)      \
    X(cudaDeviceScheduleBlockingSync) X(cudaDeviceBlockingSync) X(cudaDeviceScheduleMask) X(cudaDeviceMapHost)     \
    X(cudaDeviceLmemResizeToMax)                                                  \
    X(sizeof(cudaTextureObject_t)) X(sizeof(cudaSurfaceObject_t)) X(sizeof(cudaChannelFormatDesc)) \
    X(sizeof(cudaExtent)) X(sizeof(cudaPos)) X(sizeof(cudaPitchedPtr))                            \
    WT__VT4(X, char) WT__VT4(X, uchar) WT__VT4(X, short) WT__VT4(X, ushort) WT__VT4(X, int) WT__VT4(X, uint)        \
    WT__VT4(X, long) WT__VT4(X, ulong) WT__VT(X, longlong1) WT__VT(X, longlong2) WT__VT(X, longlong3)             \
    WT__VT(X, ulonglong1) WT__VT(X, ulonglong2) WT__VT(X, ulonglong3) WT__VT4(X, float)                       \
    WT__VT(X, double1) WT__VT(X, double2) WT__VT(X, double3) WT__VT(X, double4_16a) WT__VT(X, double4_32a)       \
    WT__VT(X, longlong4_16a) WT__VT(X, longlong4_32a) WT__VT(X, dim3)
