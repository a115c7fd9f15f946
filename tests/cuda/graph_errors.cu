// graph_errors.cu -- what graphs and stream capture refuse, with CUDA's codes: a void * that is not
// a registered kernel, a cycle, stale handles, calls CUDA forbids while a stream captures (they
// invalidate the capture), a capture ended on the wrong stream or with a stream not joined back.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__global__ void touch(int *p) { p[threadIdx.x] = 1; }
static void not_a_kernel(int *) {}

int main()
{
    int *d;
    EXPECT(cudaMalloc(&d, 64 * sizeof(int)) == cudaSuccess);
    void *args[] = {&d};
    // a void * the registry does not know
    EXPECT(cudaLaunchKernel((const void *)not_a_kernel, dim3(1), dim3(1), args) == cudaErrorInvalidDeviceFunction);
    EXPECT(cudaGetLastError() == cudaErrorInvalidDeviceFunction);
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaKernelNodeParams kp = {};
    kp.func = (void *)not_a_kernel;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(1);
    kp.kernelParams = args;
    cudaGraphNode_t a, b, c;
    EXPECT(cudaGraphAddKernelNode(&a, g, nullptr, 0, &kp) == cudaErrorInvalidDeviceFunction);
    kp.func = (void *)touch;
    kp.blockDim = dim3(2048); // too many threads
    EXPECT(cudaGraphAddKernelNode(&a, g, nullptr, 0, &kp) == cudaErrorInvalidConfiguration);
    kp.blockDim = dim3(64);
    EXPECT(cudaGraphAddKernelNode(&a, g, nullptr, 0, &kp) == cudaSuccess);
    // a cycle: a -> b -> c -> a
    EXPECT(cudaGraphAddEmptyNode(&b, g, &a, 1) == cudaSuccess);
    EXPECT(cudaGraphAddEmptyNode(&c, g, &b, 1) == cudaSuccess);
    EXPECT(cudaGraphAddDependencies(g, &b, &c, nullptr, 1) == cudaErrorInvalidValue); // already an edge
    EXPECT(cudaGraphAddDependencies(g, &c, &a, nullptr, 1) == cudaSuccess);
    cudaGraphExec_t x = nullptr;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaErrorInvalidValue && x == nullptr);
    // a dependency from another graph, stale and made-up handles
    cudaGraph_t other;
    cudaGraphCreate(&other, 0);
    cudaGraphNode_t o;
    EXPECT(cudaGraphAddEmptyNode(&o, other, &a, 1) == cudaErrorInvalidValue);
    EXPECT(cudaGraphDestroy(g) == cudaSuccess);
    EXPECT(cudaGraphAddEmptyNode(&o, g, nullptr, 0) == cudaErrorInvalidValue);
    EXPECT(cudaGraphNodeGetType(a, nullptr) == cudaErrorInvalidValue);
    EXPECT(cudaGraphLaunch(reinterpret_cast<cudaGraphExec_t>(d), 0) == cudaErrorInvalidValue);
    EXPECT(cudaGraphExecDestroy(reinterpret_cast<cudaGraphExec_t>(d)) == cudaErrorInvalidValue);
    cudaGetLastError();

    cudaStream_t s, t;
    cudaStreamCreate(&s);
    cudaStreamCreate(&t);
    cudaGraph_t cg = reinterpret_cast<cudaGraph_t>(d);
    cudaStreamCaptureStatus st;
    // the legacy null stream cannot be captured; ending a capture that did not begin
    EXPECT(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal) == cudaErrorStreamCaptureUnsupported);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaErrorIllegalState);
    // synchronising a capturing stream invalidates the capture
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaErrorIllegalState);
    touch<<<1, 64, 0, s>>>(d);
    EXPECT(cudaStreamSynchronize(s) == cudaErrorStreamCaptureUnsupported);
    EXPECT(cudaStreamIsCapturing(s, &st) == cudaSuccess && st == cudaStreamCaptureStatusInvalidated);
    touch<<<1, 64, 0, s>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorStreamCaptureInvalidated);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaErrorStreamCaptureInvalidated && cg == nullptr);
    // cudaMalloc and cudaMemcpy in a global capture are refused; in a relaxed one they run
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
    int *m = nullptr;
    EXPECT(cudaMalloc(&m, 16) == cudaErrorStreamCaptureUnsupported);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaErrorStreamCaptureInvalidated);
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed) == cudaSuccess);
    EXPECT(cudaMalloc(&m, 16) == cudaSuccess);
    EXPECT(cudaMemcpy(m, d, 16, cudaMemcpyDeviceToDevice) == cudaSuccess);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaSuccess && cg != nullptr);
    cudaGraphDestroy(cg);
    cudaFree(m);
    // a launch with a bad configuration is refused and invalidates the capture
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
    touch<<<1, 4096, 0, s>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaErrorStreamCaptureInvalidated);
    // ended on a stream that joined, not the one that began; a fork never joined back
    cudaEvent_t e;
    cudaEventCreate(&e);
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
    EXPECT(cudaEventRecord(e, s) == cudaSuccess);
    EXPECT(cudaStreamWaitEvent(t, e, 0) == cudaSuccess);
    touch<<<1, 64, 0, t>>>(d);
    EXPECT(cudaStreamEndCapture(t, &cg) == cudaErrorStreamCaptureUnmatched);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaErrorStreamCaptureInvalidated);
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
    EXPECT(cudaEventRecord(e, s) == cudaSuccess);
    EXPECT(cudaStreamWaitEvent(t, e, 0) == cudaSuccess);
    touch<<<1, 64, 0, t>>>(d);
    EXPECT(cudaStreamEndCapture(s, &cg) == cudaErrorStreamCaptureUnjoined && cg == nullptr);
    EXPECT(cudaStreamIsCapturing(t, &st) == cudaSuccess && st == cudaStreamCaptureStatusNone);
    // after all of it, work runs again
    touch<<<1, 64, 0, t>>>(d);
    EXPECT(cudaStreamSynchronize(t) == cudaSuccess);
    int h[64];
    EXPECT(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess && h[63] == 1);

    cudaGetLastError();
    cudaGraphDestroy(other);
    cudaEventDestroy(e);
    cudaStreamDestroy(s);
    cudaStreamDestroy(t);
    cudaFree(d);
    std::printf("graph_errors: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
