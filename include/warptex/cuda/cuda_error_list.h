/* cuda_error_list.h -- cudaError_t: every CUDA 13 enumerator with its value (X-macro list)
 * SPDX-License-Identifier: MIT
 *
 * Values as the CUDA toolkit's driver_types.h; tests/cuda_headers/enum_cuda_headers.c
 * compares each with the toolkit where it is installed. */
#ifndef WARPTEX_CUDA_ERROR_LIST_H
#define WARPTEX_CUDA_ERROR_LIST_H

/* X(name, value, description): CUDA 13 runtime error enumerators and values */
#define WT_CUDA_ERROR_LIST(X) \
    X(cudaSuccess, 0, "no error") \
    X(cudaErrorInvalidValue, 1, "invalid argument") \
    X(cudaErrorMemoryAllocation, 2, "out of memory") \
    X(cudaErrorInitializationError, 3, "initialization error") \
    X(cudaErrorCudartUnloading, 4, "cudart unloading") \
    X(cudaErrorProfilerDisabled, 5, "profiler disabled") \
    X(cudaErrorProfilerNotInitialized, 6, "profiler not initialized") \
    X(cudaErrorProfilerAlreadyStarted, 7, "profiler already started") \
    X(cudaErrorProfilerAlreadyStopped, 8, "profiler already stopped") \
    X(cudaErrorInvalidConfiguration, 9, "invalid configuration argument") \
    X(cudaErrorInvalidPitchValue, 12, "invalid pitch argument") \
    X(cudaErrorInvalidSymbol, 13, "invalid device symbol") \
    X(cudaErrorInvalidHostPointer, 16, "invalid host pointer") \
    X(cudaErrorInvalidDevicePointer, 17, "invalid device pointer") \
    X(cudaErrorInvalidTexture, 18, "invalid texture reference") \
    X(cudaErrorInvalidTextureBinding, 19, "invalid texture binding") \
    X(cudaErrorInvalidChannelDescriptor, 20, "invalid channel descriptor") \
    X(cudaErrorInvalidMemcpyDirection, 21, "invalid copy direction for memcpy") \
    X(cudaErrorAddressOfConstant, 22, "address of constant") \
    X(cudaErrorTextureFetchFailed, 23, "texture fetch failed") \
    X(cudaErrorTextureNotBound, 24, "texture not bound") \
    X(cudaErrorSynchronizationError, 25, "synchronization error") \
    X(cudaErrorInvalidFilterSetting, 26, "linear filtering not supported for non-float type") \
    X(cudaErrorInvalidNormSetting, 27, "read as normalized float not supported for 32-bit non float type") \
    X(cudaErrorMixedDeviceExecution, 28, "mixed device execution") \
    X(cudaErrorNotYetImplemented, 31, "not yet implemented") \
    X(cudaErrorMemoryValueTooLarge, 32, "memory value too large") \
    X(cudaErrorStubLibrary, 34, "stub library") \
    X(cudaErrorInsufficientDriver, 35, "insufficient driver") \
    X(cudaErrorCallRequiresNewerDriver, 36, "call requires newer driver") \
    X(cudaErrorInvalidSurface, 37, "invalid surface") \
    X(cudaErrorDuplicateVariableName, 43, "duplicate variable name") \
    X(cudaErrorDuplicateTextureName, 44, "duplicate texture name") \
    X(cudaErrorDuplicateSurfaceName, 45, "duplicate surface name") \
    X(cudaErrorDevicesUnavailable, 46, "devices unavailable") \
    X(cudaErrorIncompatibleDriverContext, 49, "incompatible driver context") \
    X(cudaErrorMissingConfiguration, 52, "missing configuration") \
    X(cudaErrorPriorLaunchFailure, 53, "prior launch failure") \
    X(cudaErrorLaunchMaxDepthExceeded, 65, "launch max depth exceeded") \
    X(cudaErrorLaunchFileScopedTex, 66, "launch file scoped tex") \
    X(cudaErrorLaunchFileScopedSurf, 67, "launch file scoped surf") \
    X(cudaErrorSyncDepthExceeded, 68, "sync depth exceeded") \
    X(cudaErrorLaunchPendingCountExceeded, 69, "launch pending count exceeded") \
    X(cudaErrorInvalidDeviceFunction, 98, "invalid device function") \
    X(cudaErrorNoDevice, 100, "no CUDA-capable device is detected") \
    X(cudaErrorInvalidDevice, 101, "invalid device ordinal") \
    X(cudaErrorDeviceNotLicensed, 102, "device not licensed") \
    X(cudaErrorSoftwareValidityNotEstablished, 103, "software validity not established") \
    X(cudaErrorStartupFailure, 127, "startup failure") \
    X(cudaErrorInvalidKernelImage, 200, "invalid kernel image") \
    X(cudaErrorDeviceUninitialized, 201, "device uninitialized") \
    X(cudaErrorMapBufferObjectFailed, 205, "map buffer object failed") \
    X(cudaErrorUnmapBufferObjectFailed, 206, "unmap buffer object failed") \
    X(cudaErrorArrayIsMapped, 207, "array is mapped") \
    X(cudaErrorAlreadyMapped, 208, "already mapped") \
    X(cudaErrorNoKernelImageForDevice, 209, "no kernel image for device") \
    X(cudaErrorAlreadyAcquired, 210, "already acquired") \
    X(cudaErrorNotMapped, 211, "not mapped") \
    X(cudaErrorNotMappedAsArray, 212, "not mapped as array") \
    X(cudaErrorNotMappedAsPointer, 213, "not mapped as pointer") \
    X(cudaErrorECCUncorrectable, 214, "e c c uncorrectable") \
    X(cudaErrorUnsupportedLimit, 215, "unsupported limit") \
    X(cudaErrorDeviceAlreadyInUse, 216, "device already in use") \
    X(cudaErrorPeerAccessUnsupported, 217, "peer access unsupported") \
    X(cudaErrorInvalidPtx, 218, "invalid ptx") \
    X(cudaErrorInvalidGraphicsContext, 219, "invalid graphics context") \
    X(cudaErrorNvlinkUncorrectable, 220, "nvlink uncorrectable") \
    X(cudaErrorJitCompilerNotFound, 221, "jit compiler not found") \
    X(cudaErrorUnsupportedPtxVersion, 222, "unsupported ptx version") \
    X(cudaErrorJitCompilationDisabled, 223, "jit compilation disabled") \
    X(cudaErrorUnsupportedExecAffinity, 224, "unsupported exec affinity") \
    X(cudaErrorUnsupportedDevSideSync, 225, "unsupported dev side sync") \
    X(cudaErrorContained, 226, "contained") \
    X(cudaErrorInvalidSource, 300, "invalid source") \
    X(cudaErrorFileNotFound, 301, "file not found") \
    X(cudaErrorSharedObjectSymbolNotFound, 302, "shared object symbol not found") \
    X(cudaErrorSharedObjectInitFailed, 303, "shared object init failed") \
    X(cudaErrorOperatingSystem, 304, "operating system") \
    X(cudaErrorInvalidResourceHandle, 400, "invalid resource handle") \
    X(cudaErrorIllegalState, 401, "illegal state") \
    X(cudaErrorLossyQuery, 402, "lossy query") \
    X(cudaErrorSymbolNotFound, 500, "symbol not found") \
    X(cudaErrorNotReady, 600, "device not ready") \
    X(cudaErrorIllegalAddress, 700, "an illegal memory access was encountered") \
    X(cudaErrorLaunchOutOfResources, 701, "too many resources requested for launch") \
    X(cudaErrorLaunchTimeout, 702, "launch timeout") \
    X(cudaErrorLaunchIncompatibleTexturing, 703, "launch incompatible texturing") \
    X(cudaErrorPeerAccessAlreadyEnabled, 704, "peer access already enabled") \
    X(cudaErrorPeerAccessNotEnabled, 705, "peer access not enabled") \
    X(cudaErrorSetOnActiveProcess, 708, "set on active process") \
    X(cudaErrorContextIsDestroyed, 709, "context is destroyed") \
    X(cudaErrorAssert, 710, "device-side assert triggered") \
    X(cudaErrorTooManyPeers, 711, "too many peers") \
    X(cudaErrorHostMemoryAlreadyRegistered, 712, "host memory already registered") \
    X(cudaErrorHostMemoryNotRegistered, 713, "host memory not registered") \
    X(cudaErrorHardwareStackError, 714, "hardware stack error") \
    X(cudaErrorIllegalInstruction, 715, "illegal instruction") \
    X(cudaErrorMisalignedAddress, 716, "misaligned address") \
    X(cudaErrorInvalidAddressSpace, 717, "invalid address space") \
    X(cudaErrorInvalidPc, 718, "invalid pc") \
    X(cudaErrorLaunchFailure, 719, "unspecified launch failure") \
    X(cudaErrorCooperativeLaunchTooLarge, 720, "cooperative launch too large") \
    X(cudaErrorTensorMemoryLeak, 721, "tensor memory leak") \
    X(cudaErrorNotPermitted, 800, "not permitted") \
    X(cudaErrorNotSupported, 801, "operation not supported") \
    X(cudaErrorSystemNotReady, 802, "system not ready") \
    X(cudaErrorSystemDriverMismatch, 803, "system driver mismatch") \
    X(cudaErrorCompatNotSupportedOnDevice, 804, "compat not supported on device") \
    X(cudaErrorMpsConnectionFailed, 805, "mps connection failed") \
    X(cudaErrorMpsRpcFailure, 806, "mps rpc failure") \
    X(cudaErrorMpsServerNotReady, 807, "mps server not ready") \
    X(cudaErrorMpsMaxClientsReached, 808, "mps max clients reached") \
    X(cudaErrorMpsMaxConnectionsReached, 809, "mps max connections reached") \
    X(cudaErrorMpsClientTerminated, 810, "mps client terminated") \
    X(cudaErrorCdpNotSupported, 811, "cdp not supported") \
    X(cudaErrorCdpVersionMismatch, 812, "cdp version mismatch") \
    X(cudaErrorStreamCaptureUnsupported, 900, "stream capture unsupported") \
    X(cudaErrorStreamCaptureInvalidated, 901, "stream capture invalidated") \
    X(cudaErrorStreamCaptureMerge, 902, "stream capture merge") \
    X(cudaErrorStreamCaptureUnmatched, 903, "stream capture unmatched") \
    X(cudaErrorStreamCaptureUnjoined, 904, "stream capture unjoined") \
    X(cudaErrorStreamCaptureIsolation, 905, "stream capture isolation") \
    X(cudaErrorStreamCaptureImplicit, 906, "stream capture implicit") \
    X(cudaErrorCapturedEvent, 907, "captured event") \
    X(cudaErrorStreamCaptureWrongThread, 908, "stream capture wrong thread") \
    X(cudaErrorTimeout, 909, "timeout") \
    X(cudaErrorGraphExecUpdateFailure, 910, "graph exec update failure") \
    X(cudaErrorExternalDevice, 911, "external device") \
    X(cudaErrorInvalidClusterSize, 912, "invalid cluster size") \
    X(cudaErrorFunctionNotLoaded, 913, "function not loaded") \
    X(cudaErrorInvalidResourceType, 914, "invalid resource type") \
    X(cudaErrorInvalidResourceConfiguration, 915, "invalid resource configuration") \
    X(cudaErrorUnknown, 999, "unknown error") \
    /* end */

#endif
