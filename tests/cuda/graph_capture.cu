// graph_capture.cu -- stream capture: a fork into two streams and a join through events, copies,
// sets, a host function, a kernel launched with <<< >>> and through cudaLaunchKernel, stream-ordered
// allocation as graph memory nodes; what the capture recorded (the node count, the capture's
// information) and that nothing ran before the graph was launched; a graph launched into a capture.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "include/expect.h"

__global__ void add_into(int *dst, const int *a, const int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = a[i] + b[i];
}
__global__ void iota(int *p, int base, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = base + i;
}

static void CUDART_CB mark(void *user) { ++*static_cast<int *>(user); }

int main()
{
    const int n = 300;
    cudaStream_t s1, s2, s3;
    EXPECT(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking) == cudaSuccess);
    EXPECT(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking) == cudaSuccess);
    EXPECT(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking) == cudaSuccess);
    cudaEvent_t fork, j2, j3;
    cudaEventCreate(&fork);
    cudaEventCreate(&j2);
    cudaEventCreate(&j3);
    std::vector<int> out(n, -1);
    int marks = 0;
    int *a, *b, *sum;
    EXPECT(cudaMalloc(&sum, n * sizeof(int)) == cudaSuccess);

    cudaGraph_t g = nullptr;
    EXPECT(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal) == cudaSuccess);
    cudaStreamCaptureStatus st;
    EXPECT(cudaStreamIsCapturing(s1, &st) == cudaSuccess && st == cudaStreamCaptureStatusActive);
    EXPECT(cudaStreamIsCapturing(s2, &st) == cudaSuccess && st == cudaStreamCaptureStatusNone);
    EXPECT(cudaMallocAsync(&a, n * sizeof(int), s1) == cudaSuccess && a != nullptr);
    EXPECT(cudaMallocAsync(&b, n * sizeof(int), s1) == cudaSuccess && b != nullptr);
    EXPECT(cudaEventRecord(fork, s1) == cudaSuccess);
    EXPECT(cudaStreamWaitEvent(s2, fork, 0) == cudaSuccess); // s2 and s3 join the capture
    EXPECT(cudaStreamWaitEvent(s3, fork, 0) == cudaSuccess);
    EXPECT(cudaStreamIsCapturing(s2, &st) == cudaSuccess && st == cudaStreamCaptureStatusActive);
    iota<<<(n + 63) / 64, 64, 0, s2>>>(a, 10, n);
    EXPECT(cudaEventRecord(j2, s2) == cudaSuccess);
    int base = 1000, nn = n;
    void *args[] = {&b, &base, &nn};
    EXPECT(cudaMemsetAsync(b, 0, n * sizeof(int), s3) == cudaSuccess);
    EXPECT(cudaLaunchKernel((const void *)iota, dim3((n + 63) / 64), dim3(64), args, 0, s3) == cudaSuccess);
    EXPECT(cudaEventRecord(j3, s3) == cudaSuccess);
    EXPECT(cudaStreamWaitEvent(s1, j2, 0) == cudaSuccess);
    EXPECT(cudaStreamWaitEvent(s1, j3, 0) == cudaSuccess);
    unsigned long long id = 0;
    cudaGraph_t capturing = nullptr;
    const cudaGraphNode_t *deps = nullptr;
    size_t ndeps = 0;
    // s1 waits for its own last work and both joined streams
    EXPECT(cudaStreamGetCaptureInfo(s1, &st, &id, &capturing, &deps, nullptr, &ndeps) == cudaSuccess &&
           st == cudaStreamCaptureStatusActive && id != 0 && capturing != nullptr && ndeps == 3);
    add_into<<<(n + 127) / 128, 128, 0, s1>>>(sum, a, b, n);
    EXPECT(cudaMemcpyAsync(out.data(), sum, n * sizeof(int), cudaMemcpyDeviceToHost, s1) == cudaSuccess);
    EXPECT(cudaLaunchHostFunc(s1, mark, &marks) == cudaSuccess);
    EXPECT(cudaFreeAsync(a, s1) == cudaSuccess);
    EXPECT(cudaFreeAsync(b, s1) == cudaSuccess);
    EXPECT(cudaStreamEndCapture(s1, &g) == cudaSuccess && g != nullptr);
    EXPECT(cudaStreamIsCapturing(s2, &st) == cudaSuccess && st == cudaStreamCaptureStatusNone);
    EXPECT(marks == 0 && out[0] == -1); // recorded, not run

    size_t count = 0;
    EXPECT(cudaGraphGetNodes(g, nullptr, &count) == cudaSuccess && count == 10);
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
    for (int run = 1; run <= 3; run++) {
        out.assign(n, -1);
        EXPECT(cudaGraphLaunch(x, s1) == cudaSuccess);
        EXPECT(cudaStreamSynchronize(s1) == cudaSuccess);
        EXPECT(marks == run);
        bool right = true;
        for (int i = 0; i < n; i++)
            right &= out[i] == 10 + i + 1000 + i;
        EXPECT(right);
    }

    // a graph launched into a capture becomes a child graph node
    cudaGraph_t outer = nullptr;
    EXPECT(cudaStreamBeginCapture(s2, cudaStreamCaptureModeThreadLocal) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, s2) == cudaSuccess);
    EXPECT(cudaStreamEndCapture(s2, &outer) == cudaSuccess);
    EXPECT(marks == 3);
    cudaGraphNode_t only;
    size_t one = 1;
    cudaGraphNodeType type;
    EXPECT(cudaGraphGetNodes(outer, &only, &one) == cudaSuccess && one == 1);
    EXPECT(cudaGraphNodeGetType(only, &type) == cudaSuccess && type == cudaGraphNodeTypeGraph);
    cudaGraphExec_t xo;
    EXPECT(cudaGraphInstantiate(&xo, outer, 0) == cudaSuccess);
    EXPECT(cudaGraphLaunch(xo, s3) == cudaSuccess && marks == 4);

    cudaGraphExecDestroy(xo);
    cudaGraphExecDestroy(x);
    cudaGraphDestroy(outer);
    cudaGraphDestroy(g);
    cudaFree(sum);
    cudaEventDestroy(fork);
    cudaEventDestroy(j2);
    cudaEventDestroy(j3);
    cudaStreamDestroy(s1);
    cudaStreamDestroy(s2);
    cudaStreamDestroy(s3);
    std::printf("graph_capture: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
