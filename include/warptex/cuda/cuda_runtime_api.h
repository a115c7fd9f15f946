/* cuda_runtime_api.h -- the CUDA runtime API a texture program calls, on the CPU (warptex)
 * SPDX-License-Identifier: MIT
 *
 * Names, types, defaults and error values are CUDA's.  "Device" memory is host
 * memory, so every cudaMemcpyKind works between any two pointers; streams run
 * in order and synchronously; events time with the monotonic clock.
 *
 * Every copy and set checks each side that starts in a device allocation
 * (cudaMalloc, cudaMallocManaged, cudaMallocPitch, cudaMalloc3D), whatever the
 * kind: the bytes it would touch must lie inside that allocation, or the call is
 * cudaErrorInvalidValue and writes nothing.  Other pointers are host memory,
 * unchecked.
 *
 * Errors behave as CUDA's: a call with a bad argument returns CUDA's code
 * and records it as the last error (cudaGetLastError returns and clears it,
 * cudaPeekAtLastError only returns it).  A launch whose kernel faults (a
 * surface .trap, __trap(), an invalid texture or surface object, an exception
 * escaping a thread, a barrier no thread can pass) makes the process's
 * state sticky: every later call returns cudaErrorLaunchFailure until
 * cudaDeviceReset().  A memory fault in a kernel's code (SIGSEGV, SIGBUS,
 * SIGFPE, a stack overflow) does the same with cudaErrorIllegalAddress,
 * cudaErrorMisalignedAddress, cudaErrorLaunchFailure or
 * cudaErrorHardwareStackError (docs/cuda.md, "Faults": what is and
 * is not caught).  Faults outside kernels take their usual course.
 *
 * Thread-safety: every call may be made from any host thread; the last
 * error is per host thread, the sticky error per process (as CUDA's
 * context).  Implemented in src/cuda/. */
#ifndef WARPTEX_CUDA_RUNTIME_API_H
#define WARPTEX_CUDA_RUNTIME_API_H
#define __CUDA_RUNTIME_API_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <stddef.h>

#include "host_defines.h"
#include "builtin_types.h"
#include "cuda_device_runtime_api.h"

extern "C" {

/* errors */
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
/* The enumerator's name / a one-line description; "unrecognized error code"
 * for a value that is not a cudaError_t. */
const char *cudaGetErrorName(cudaError_t error);
const char *cudaGetErrorString(cudaError_t error);

/* warptex: records e as this thread's last error (unless cudaSuccess) and
 * returns it, or returns the sticky error if one is set. */
cudaError_t wt_cuda_record_error(cudaError_t e);

/* the device: one, the CPU (device 0) */
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaSetDevice(int device);            /* cudaErrorInvalidDevice unless 0 */
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
/* cudaErrorInvalidValue for an attribute not in enum cudaDeviceAttr */
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize(void);           /* returns the sticky error, if any */
/* one device: no device is another's peer (0 for device 0 and peer 0; another number is
 * cudaErrorInvalidDevice) */
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
/* so there is no peer to enable or disable: cudaErrorInvalidDevice, as for a device that does
 * not exist (flags other than 0: cudaErrorInvalidValue) */
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
/* with one device there is no pair: cudaErrorInvalidDevice for any (as CUDA's for a device and itself) */
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int dstDevice);
/* a copy between devices 0 and 0 is a copy within the device (cudaMemcpy's rules); another
 * device number is cudaErrorInvalidDevice */
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count,
                                cudaStream_t stream = 0);
cudaError_t cudaDeviceReset(void);                  /* clears the sticky and last error */
/* Limits: the stack size is each CUDA thread's fiber stack (WARPTEX_CUDA_STACK_SIZE, fixed
 * for the process: setting another value is cudaErrorUnsupportedLimit); printf and the
 * device heap are the host's (unlimited: get gives SIZE_MAX, set is accepted).  The device
 * runtime's pending-launch count (2048 unless set; at least 1) limits the launches kernels have
 * made and that have not started (cuda_device_runtime_api.h); its sync depth (2 unless set, at
 * most 24) is kept and means nothing, as no kernel waits for another.  The L2 fetch granularity
 * (a hint) is accepted and reads 64 (the CPU's cache line); the persisting L2 size takes only 0
 * (cudaErrorInvalidValue otherwise), as there are no persisting lines. */
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
/* Accepted, no effect on the CPU (cudaErrorInvalidValue for values CUDA refuses). */
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);

/* Stream-ordered allocation (src/cuda/memory_pools.cpp).  Streams run their work when it is
 * submitted, so cudaMallocAsync allocates at once, as cudaMalloc does (the block is a device
 * allocation: bounds-checked, freed by cudaFreeAsync or cudaFree), from the device's current
 * pool or the one given; a pool counts its blocks' bytes (used and reserved are the same: a
 * freed block goes back to the host at once, whatever the release threshold says). */
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep);
cudaError_t cudaRuntimeGetVersion(int *version);
cudaError_t cudaDriverGetVersion(int *version);

/* linear memory (host memory, 256-byte aligned) */
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
/* rows padded to the device's texturePitchAlignment-compatible 512 bytes */
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent); /* rows as above */
/* cudaFree/cudaFreeHost take NULL; a pointer not from the matching allocator
 * (or already freed) is cudaErrorInvalidValue, never a crash. */
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                              size_t height, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream = 0);
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent,
                              cudaStream_t stream = 0);

/* arrays (warptex arrays; [semantics#limits] limits) */
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc, size_t width,
                            size_t height = 0, unsigned int flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags = 0);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                                     unsigned int numLevels, unsigned int flags = 0);
/* of a cudaArraySparse array; a level array of a sparse mipmapped array is asked through the latter */
cudaError_t cudaArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties, cudaArray_t array);
cudaError_t cudaMipmappedArrayGetSparseProperties(struct cudaArraySparseProperties *sparseProperties,
                                                  cudaMipmappedArray_t mipmap);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array);
/* wOffset and width are in bytes (multiples of the element size), as CUDA's */
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind);
/* deprecated in CUDA, kept: count bytes from (wOffset, hOffset) on, row by row */
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                              enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst, cudaArray_const_t src,
                                   size_t wOffsetSrc, size_t hOffsetSrc, size_t count,
                                   enum cudaMemcpyKind kind = cudaMemcpyDeviceToDevice);
/* array <-> pitched memory, array <-> array, memory <-> memory */
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
/* the Async forms run at once, in stream order (synchronous streams) */
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream = 0);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                     size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);

/* texture and surface objects */
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc, cudaSurfaceObject_t surfObject);

/* streams (in order, synchronous) and events (steady clock) */
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
/* Priorities: work runs when it is submitted, so there is one priority, 0 (what CUDA reports
 * where a device has none): the range is [0, 0] and a requested priority is clamped to it. */
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority);
cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags);
/* attributes: the access policy window and the synchronisation policy are kept per stream and
 * read back; the priority reads 0 and setting it clamps as above (driver_types.h) */
cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, const cudaStreamAttrValue *value);
cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, cudaStreamAttrValue *value_out);
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
/* demotes persisting L2 lines: there are none on the CPU */
cudaError_t cudaCtxResetPersistingL2Cache(void);
/* the stream's later work waits for the event: streams run in order, so a check only */
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
/* milliseconds between two recorded events; cudaErrorInvalidResourceHandle
 * for a bad event or one made with cudaEventDisableTiming, cudaErrorNotReady
 * if either was never recorded */
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

/* host work in stream order (src/cuda/stream_callbacks.cpp): streams are
 * synchronous, so the function runs at once, on the calling thread; a
 * callback gets cudaSuccess or the sticky error; flags must be 0 */
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);

/* Graphs (src/cuda/graphs.cpp; docs/cuda.md#graphs).  A graph's nodes run in a topological
 * order when it is launched, on the calling thread, before cudaGraphLaunch returns (as every
 * launch does); the first node that fails ends the launch with its error.  Kernel nodes copy
 * their arguments when added (the kernel's void * must be registered: docs/cuda.md#kernel-registry);
 * a child graph node copies its graph; an executable graph copies the graph it was made from. */
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                     const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph);
/* the block's address is fixed here (nodeParams->dptr); it is allocated when the node runs */
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr);
/* edgeData: null, or all zero (the default edge: the CPU device has no programmatic ports) */
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                     const struct cudaGraphEdgeData *edgeData, size_t numDependencies);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType);
/* Edges (CUDA 13's forms with edgeData, which is filled with zeros; CUDA 12's without, below).
 * A list query: with null arrays *num is the count; else *num is the arrays' room, filled up
 * to it, the rest set to null, and *num lowered to the count. */
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              struct cudaGraphEdgeData *edgeData, size_t *numEdges);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         struct cudaGraphEdgeData *edgeData, size_t *pNumDependencies);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           struct cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes);
/* every edge named must exist, or none is removed (cudaErrorInvalidValue) */
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                        const struct cudaGraphEdgeData *edgeData, size_t numDependencies);
/* the node and its edges leave its graph */
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
/* Event nodes: a record node records its event when the graph reaches it; a wait node waits for
 * nothing, as the work its event was recorded after is done (streams run in order here). */
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                        cudaEvent_t event);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event);
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                 cudaEvent_t event);
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               cudaEvent_t event);
/* Copy, set and host nodes' parameters; a 1D copy node's are given back as a 3D copy of one row */
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                           enum cudaMemcpyKind kind);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *pNodeParams);
/* the node's own copy of its child graph, alive as long as the node */
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                               const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *pNodeParams);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *pNodeParams);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes);
/* a cycle is cudaErrorInvalidValue, saying so */
cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags = 0);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags = 0);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo);
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags);
/* the graph memory (docs/cuda.md#graph-memory) is taken back when its graphs go: nothing to trim */
cudaError_t cudaDeviceGraphMemTrim(int device);
/* bytes of graph memory in use (allocated by launched allocation nodes, not yet freed) and held
 * (reserved by allocation nodes while their graphs live), now and at their highest; value points
 * at an unsigned long long.  Set: only a High attribute, to 0 (it starts again from now). */
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value);

/* Stream capture (src/cuda/stream_capture.cpp; docs/cuda.md#stream-capture) */
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0,
                                     const cudaGraphNode_t **dependencies_out = 0,
                                     const struct cudaGraphEdgeData **edgeData_out = 0,
                                     size_t *numDependencies_out = 0);
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);

/* occupancy (src/cuda/occupancy.cpp): one block runs on a multiprocessor (a
 * library thread) at a time, so a launchable block size gives 1, else 0 */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                          size_t dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func, int blockSize,
                                                                   size_t dynamicSMemSize, unsigned int flags);

/* a kernel's attributes (src/cuda/function_attributes.cpp): what the CPU device gives every
 * kernel (1024 threads, no registers or local memory counted: static __shared__ arrays are the
 * block's thread's storage, not the dynamic budget), with what cudaFuncSetAttribute set;
 * cudaFuncSetAttribute takes the maximum dynamic shared memory (0 .. 48 KiB, the device's opt-in
 * limit) and the carveout (-1 .. 100); the cluster attributes, which the CPU device does not
 * have, are refused (cudaErrorNotSupported) */
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);

/* graphics interop: no GPU shares a graphics API's resources with the CPU, so
 * nothing can be registered; each returns cudaErrorNotSupported and says why
 * on stderr once (src/cuda/interop.cpp; the OpenGL ones: cuda_gl_interop.h) */
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags);
cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream = 0);
cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream = 0);
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
                                                  unsigned int arrayIndex, unsigned int mipLevel);
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                        cudaGraphicsResource_t resource);

/* Managed memory hints (src/cuda/memory_hints.cpp): the CPU device's memory is the host's, so a
 * prefetch, an advice and a stream attachment move nothing; each checks its arguments as CUDA's
 * does (a range the device can reach, a location of device 0 or the host, known advice and flags, a
 * live stream) and succeeds.  CUDA 13's forms; CUDA 12's with a device number follow below. */
/* Any node from its parameters (CUDA 13's form, with edge data: null or all zero; CUDA 12's
 * without, below).  Kernel, memcpy, memset, host, empty, child graph, event record and wait,
 * allocation, free and conditional nodes; for a conditional node, nodeParams->conditional.phGraph_out
 * is set to its body graphs. */
cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                             const struct cudaGraphEdgeData *dependencyData, size_t numDependencies,
                             struct cudaGraphNodeParams *nodeParams);
/* Conditional nodes (docs/cuda.md#conditional-nodes).  A handle belongs to graph; with
 * cudaGraphCondAssignDefault its value is defaultLaunchValue whenever its graph starts to run,
 * else the value it was last set to (0 at first). */
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue = 0, unsigned int flags = 0);
/* device code: the handle's value from now on (a handle no graph made faults the kernel) */
void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);
/* capture into an existing graph, after dependencies (nodes of it); cudaStreamEndCapture then
 * leaves the graph to its owner and may be given a null pGraph */
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies,
                                          const struct cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                          enum cudaStreamCaptureMode mode);
/* the capturing stream's next work depends on dependencies instead of (cudaStreamSetCaptureDependencies)
 * or as well as (cudaStreamAddCaptureDependencies) its last work (CUDA 13's form; 12's below) */
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                const struct cudaGraphEdgeData *dependencyData,
                                                size_t numDependencies, unsigned int flags);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length = 0,
                                     unsigned int flags = cudaMemAttachSingle);
} /* extern "C" */

/* CUDA 12's prefetch and advice, a device number (cudaCpuDeviceId, -1: the host) for the location */
static inline struct cudaMemLocation wt_cuda_location_of(int device)
{
    struct cudaMemLocation l;
    l.type = device == -1 ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    l.id = device == -1 ? 0 : device;
    return l;
}
static inline cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                               cudaStream_t stream = 0)
{
    return cudaMemPrefetchAsync(devPtr, count, wt_cuda_location_of(dstDevice), 0, stream);
}
static inline cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device)
{
    return cudaMemAdvise(devPtr, count, advice, wt_cuda_location_of(device));
}

/* CUDA 12's edge calls, without edgeData: overloads of CUDA 13's */
static inline cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                            size_t *numEdges)
{
    return cudaGraphGetEdges(graph, from, to, (struct cudaGraphEdgeData *)0, numEdges);
}
static inline cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                                       size_t *pNumDependencies)
{
    return cudaGraphNodeGetDependencies(node, pDependencies, (struct cudaGraphEdgeData *)0, pNumDependencies);
}
static inline cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                                         size_t *pNumDependentNodes)
{
    return cudaGraphNodeGetDependentNodes(node, pDependentNodes, (struct cudaGraphEdgeData *)0, pNumDependentNodes);
}
static inline cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                      const cudaGraphNode_t *to, size_t numDependencies)
{
    return cudaGraphRemoveDependencies(graph, from, to, (const struct cudaGraphEdgeData *)0, numDependencies);
}

/* CUDA 12's cudaGraphAddNode and cudaStreamUpdateCaptureDependencies, without edge data */
static inline cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                           struct cudaGraphNodeParams *nodeParams)
{
    return cudaGraphAddNode(pGraphNode, graph, pDependencies, (const struct cudaGraphEdgeData *)0, numDependencies,
                            nodeParams);
}
static inline cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                              size_t numDependencies, unsigned int flags = 0)
{
    return cudaStreamUpdateCaptureDependencies(stream, dependencies, (const struct cudaGraphEdgeData *)0,
                                               numDependencies, flags);
}

/* CUDA APIs that a CPU cannot honour fail at compile time, naming themselves. */
WT_CUDA_UNSUPPORTED(cudaIpcGetMemHandle, "inter-process memory")
WT_CUDA_UNSUPPORTED(cudaIpcOpenMemHandle, "inter-process memory")
WT_CUDA_UNSUPPORTED(cudaLaunchCooperativeKernel, "grid-wide synchronisation")
WT_CUDA_UNSUPPORTED(cudaBindTexture, "texture references were removed in CUDA 12; use texture objects")
WT_CUDA_UNSUPPORTED(cudaBindTextureToArray, "texture references were removed in CUDA 12; use texture objects")
WT_CUDA_UNSUPPORTED(cudaBindSurfaceToArray, "surface references were removed in CUDA 12; use surface objects")
WT_CUDA_UNSUPPORTED(cudaImportExternalMemory, "external memory")

#endif
