// stream_attributes.cu -- stream priorities (the range is [0, 0]: work runs when it is submitted),
// stream attributes kept and read back (access policy window, synchronisation policy), the L2
// persistence calls and limits of a device without persisting lines.  Prints "FAILED" at the
// end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

int main()
{
    int least = -7, greatest = -7;
    EXPECT(cudaDeviceGetStreamPriorityRange(&least, &greatest) == cudaSuccess && least == 0 && greatest == 0);
    EXPECT(cudaDeviceGetStreamPriorityRange(nullptr, &greatest) == cudaSuccess);

    cudaStream_t hi = nullptr, lo = nullptr;
    EXPECT(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, -5) == cudaSuccess);
    EXPECT(cudaStreamCreateWithPriority(&lo, cudaStreamDefault, 3) == cudaSuccess);
    int prio = 99;
    unsigned flags = 99;
    EXPECT(cudaStreamGetPriority(hi, &prio) == cudaSuccess && prio == 0); // clamped into [0, 0]
    EXPECT(cudaStreamGetFlags(hi, &flags) == cudaSuccess && flags == cudaStreamNonBlocking);
    EXPECT(cudaStreamGetFlags(lo, &flags) == cudaSuccess && flags == cudaStreamDefault);
    EXPECT(cudaStreamCreateWithPriority(&lo, 0x80, 0) == cudaErrorInvalidValue);

    // work on a prioritised stream runs, in order
    int *d = nullptr;
    EXPECT(cudaMalloc(&d, 32 * sizeof(int)) == cudaSuccess);
    fill<<<1, 32, 0, hi>>>(d, 4);
    fill<<<1, 32, 0, lo>>>(d, 9);
    int h[32] = {};
    EXPECT(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, lo) == cudaSuccess);
    EXPECT(cudaStreamSynchronize(lo) == cudaSuccess && h[0] == 9 && h[31] == 9);

    // an access policy window, kept and read back
    cudaStreamAttrValue v = {}, got = {};
    v.accessPolicyWindow.base_ptr = d;
    v.accessPolicyWindow.num_bytes = 128;
    v.accessPolicyWindow.hitRatio = 0.75f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    EXPECT(cudaStreamSetAttribute(hi, cudaStreamAttributeAccessPolicyWindow, &v) == cudaSuccess);
    EXPECT(cudaStreamGetAttribute(hi, cudaStreamAttributeAccessPolicyWindow, &got) == cudaSuccess);
    EXPECT(got.accessPolicyWindow.base_ptr == d && got.accessPolicyWindow.num_bytes == 128 &&
           got.accessPolicyWindow.hitRatio == 0.75f && got.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting &&
           got.accessPolicyWindow.missProp == cudaAccessPropertyStreaming);
    cudaStreamAttrValue pol = {};
    pol.syncPolicy = cudaSyncPolicyYield;
    EXPECT(cudaStreamSetAttribute(hi, cudaStreamAttributeSynchronizationPolicy, &pol) == cudaSuccess);
    EXPECT(cudaStreamCopyAttributes(lo, hi) == cudaSuccess);
    got = {};
    EXPECT(cudaStreamGetAttribute(lo, cudaStreamAttributeAccessPolicyWindow, &got) == cudaSuccess &&
           got.accessPolicyWindow.num_bytes == 128);
    EXPECT(cudaStreamGetAttribute(lo, cudaStreamAttributeSynchronizationPolicy, &got) == cudaSuccess &&
           got.syncPolicy == cudaSyncPolicyYield);
    EXPECT(cudaStreamGetAttribute(lo, cudaStreamAttributePriority, &got) == cudaSuccess && got.priority == 0);
    // the null stream has attributes too
    EXPECT(cudaStreamSetAttribute(0, cudaStreamAttributeSynchronizationPolicy, &pol) == cudaSuccess);
    EXPECT(cudaStreamGetAttribute(0, cudaStreamAttributeSynchronizationPolicy, &got) == cudaSuccess &&
           got.syncPolicy == cudaSyncPolicyYield);

    // bad windows and values
    cudaStreamAttrValue bad = v;
    bad.accessPolicyWindow.hitRatio = 1.5f;
    EXPECT(cudaStreamSetAttribute(hi, cudaStreamAttributeAccessPolicyWindow, &bad) == cudaErrorInvalidValue);
    bad = v;
    bad.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
    EXPECT(cudaStreamSetAttribute(hi, cudaStreamAttributeAccessPolicyWindow, &bad) == cudaErrorInvalidValue);
    pol.syncPolicy = (cudaSynchronizationPolicy)9;
    EXPECT(cudaStreamSetAttribute(hi, cudaStreamAttributeSynchronizationPolicy, &pol) == cudaErrorInvalidValue);
    EXPECT(cudaStreamSetAttribute(hi, cudaStreamAttributeAccessPolicyWindow, nullptr) == cudaErrorInvalidValue);
    EXPECT(cudaStreamSetAttribute(hi, cudaLaunchAttributeClusterDimension, &v) == cudaErrorInvalidValue);
    cudaStream_t gone = nullptr;
    EXPECT(cudaStreamCreate(&gone) == cudaSuccess && cudaStreamDestroy(gone) == cudaSuccess);
    EXPECT(cudaStreamGetAttribute(gone, cudaStreamAttributePriority, &got) == cudaErrorInvalidResourceHandle);
    EXPECT(cudaStreamGetPriority(gone, &prio) == cudaErrorInvalidResourceHandle);

    // no persisting L2 on the CPU: its size is 0, only 0 is a valid limit, the reset succeeds
    cudaDeviceProp p;
    EXPECT(cudaGetDeviceProperties(&p, 0) == cudaSuccess && p.persistingL2CacheMaxSize == 0);
    size_t lim = 1;
    EXPECT(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0) == cudaSuccess);
    EXPECT(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 4096) == cudaErrorInvalidValue);
    EXPECT(cudaDeviceGetLimit(&lim, cudaLimitPersistingL2CacheSize) == cudaSuccess && lim == 0);
    EXPECT(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 128) == cudaSuccess);
    EXPECT(cudaDeviceGetLimit(&lim, cudaLimitMaxL2FetchGranularity) == cudaSuccess && lim == 64);
    EXPECT(cudaCtxResetPersistingL2Cache() == cudaSuccess);

    // one device: it is nobody's peer
    int can = 7;
    EXPECT(cudaDeviceCanAccessPeer(&can, 0, 0) == cudaSuccess && can == 0);
    EXPECT(cudaDeviceCanAccessPeer(&can, 0, 1) == cudaErrorInvalidDevice);
    EXPECT(cudaDeviceCanAccessPeer(nullptr, 0, 0) == cudaErrorInvalidValue);
    EXPECT(cudaDeviceEnablePeerAccess(0, 0) == cudaErrorInvalidDevice);
    EXPECT(cudaDeviceEnablePeerAccess(1, 0) == cudaErrorInvalidDevice);
    EXPECT(cudaDeviceEnablePeerAccess(1, 3) == cudaErrorInvalidValue);
    EXPECT(cudaDeviceDisablePeerAccess(0) == cudaErrorInvalidDevice);
    int *pa = nullptr, *pb = nullptr;
    EXPECT(cudaMalloc(&pa, 64) == cudaSuccess && cudaMalloc(&pb, 64) == cudaSuccess);
    EXPECT(cudaMemset(pa, 0x5a, 64) == cudaSuccess);
    EXPECT(cudaMemcpyPeer(pb, 0, pa, 0, 64) == cudaSuccess);
    int back[16] = {};
    EXPECT(cudaMemcpy(back, pb, 64, cudaMemcpyDeviceToHost) == cudaSuccess && back[15] == 0x5a5a5a5a);
    EXPECT(cudaMemcpyPeer(pb, 1, pa, 0, 64) == cudaErrorInvalidDevice);
    EXPECT(cudaMemcpyPeerAsync(pb, 0, pa, 0, 128, 0) == cudaErrorInvalidValue); // past the blocks
    EXPECT(cudaFree(pa) == cudaSuccess && cudaFree(pb) == cudaSuccess);

    EXPECT(cudaFree(d) == cudaSuccess);
    EXPECT(cudaStreamDestroy(hi) == cudaSuccess && cudaStreamDestroy(lo) == cudaSuccess);
    cudaGetLastError();
    std::printf("stream_attributes: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
