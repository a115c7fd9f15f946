// graph_update.cu -- changing an executable graph: cudaGraphExecKernelNodeSetParams (new arguments,
// another kernel of the same type), cudaGraphExecUpdate from a graph of the same shape (both of its
// signatures) and its refusal of one of another shape; graph memory that outlives a launch, freed
// by cudaFree, and a second launch while it is still allocated.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__global__ void set_to(int *p, int v) { p[threadIdx.x] = v; }
__global__ void add_to(int *p, int v) { p[threadIdx.x] += v; }

// a graph of one kernel node writing v over 32 ints at p, then an empty node
static cudaGraph_t one_kernel(void (*k)(int *, int), int *p, int v, cudaGraphNode_t *node)
{
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    void *args[] = {&p, &v};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)k;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    cudaGraphAddKernelNode(node, g, nullptr, 0, &kp);
    cudaGraphNode_t e;
    cudaGraphAddEmptyNode(&e, g, node, 1);
    return g;
}

static int first(const int *d)
{
    int h[32];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 1; i < 32; i++)
        if (h[i] != h[0])
            return -1;
    return h[0];
}

int main()
{
    int *d;
    EXPECT(cudaMalloc(&d, 32 * sizeof(int)) == cudaSuccess);
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaGraphNode_t node;
    cudaGraph_t g = one_kernel(set_to, d, 5, &node);
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 5);

    // new arguments for the executable graph's node; the graph itself keeps its own
    int *dp = d, v = 9;
    void *args[] = {&dp, &v};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)set_to;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    EXPECT(cudaGraphExecKernelNodeSetParams(x, node, &kp) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 9);
    kp.func = (void *)add_to; // another kernel of the same type
    EXPECT(cudaGraphExecKernelNodeSetParams(x, node, &kp) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 18);
    cudaKernelNodeParams back = {};
    EXPECT(cudaGraphKernelNodeGetParams(node, &back) == cudaSuccess && back.func == (void *)set_to &&
           back.blockDim.x == 32);

    // an update from a graph of the same shape: CUDA 12's signature, then the older one
    cudaGraphNode_t node2;
    cudaGraph_t g2 = one_kernel(set_to, d, 42, &node2);
    cudaGraphExecUpdateResultInfo info;
    EXPECT(cudaGraphExecUpdate(x, g2, &info) == cudaSuccess && info.result == cudaGraphExecUpdateSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 42);
    cudaGraphNode_t g3node;
    cudaGraph_t g3 = one_kernel(add_to, d, 1, &g3node);
    cudaGraphNode_t err_node = nullptr;
    cudaGraphExecUpdateResult r = cudaGraphExecUpdateError;
    EXPECT(cudaGraphExecUpdate(x, g3, &err_node, &r) == cudaSuccess && r == cudaGraphExecUpdateSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 43);
    // after an update, the node to change is the new graph's
    v = 100;
    kp.func = (void *)set_to;
    EXPECT(cudaGraphExecKernelNodeSetParams(x, g3node, &kp) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 100);
    // another shape is refused, saying where
    cudaGraph_t g4;
    cudaGraphCreate(&g4, 0);
    cudaGraphNode_t lone;
    cudaGraphAddEmptyNode(&lone, g4, nullptr, 0);
    cudaGraphAddEmptyNode(&lone, g4, nullptr, 0);
    EXPECT(cudaGraphExecUpdate(x, g4, &info) == cudaErrorGraphExecUpdateFailure &&
           info.result == cudaGraphExecUpdateErrorNodeTypeChanged);
    EXPECT(cudaGetLastError() == cudaErrorGraphExecUpdateFailure);
    EXPECT(cudaGraphLaunch(x, s) == cudaSuccess && first(d) == 100); // unchanged

    // graph memory left allocated by a launch: usable after it, freed by cudaFree; a second
    // launch before that is refused, unless the graph frees it itself (AutoFreeOnLaunch)
    cudaGraph_t ga;
    cudaGraphCreate(&ga, 0);
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.bytesize = 32 * sizeof(int);
    cudaGraphNode_t an, kn;
    EXPECT(cudaGraphAddMemAllocNode(&an, ga, nullptr, 0, &ap) == cudaSuccess);
    int *mem = static_cast<int *>(ap.dptr), seven = 7;
    void *margs[] = {&mem, &seven};
    kp.func = (void *)set_to;
    kp.kernelParams = margs;
    EXPECT(cudaGraphAddKernelNode(&kn, ga, &an, 1, &kp) == cudaSuccess);
    EXPECT(cudaMemset(mem, 0, 4) == cudaErrorInvalidValue); // not allocated before the graph runs
    cudaGetLastError();
    cudaGraphExec_t xa, xauto;
    EXPECT(cudaGraphInstantiate(&xa, ga, 0) == cudaSuccess);
    EXPECT(cudaGraphLaunch(xa, s) == cudaSuccess && first(mem) == 7);
    EXPECT(cudaGraphLaunch(xa, s) == cudaErrorInvalidValue); // still allocated
    cudaGetLastError();
    EXPECT(cudaFree(mem) == cudaSuccess);
    EXPECT(cudaGraphLaunch(xa, s) == cudaSuccess && first(mem) == 7);
    EXPECT(cudaFreeAsync(mem, s) == cudaSuccess);
    EXPECT(cudaGraphExecDestroy(xa) == cudaSuccess);
    EXPECT(cudaGraphInstantiate(&xauto, ga, cudaGraphInstantiateFlagAutoFreeOnLaunch) == cudaSuccess);
    EXPECT(cudaGraphLaunch(xauto, s) == cudaSuccess);
    EXPECT(cudaGraphLaunch(xauto, s) == cudaSuccess && first(mem) == 7);
    EXPECT(cudaGraphExecDestroy(xauto) == cudaSuccess);
    EXPECT(cudaGraphDestroy(ga) == cudaSuccess);

    cudaGraphExecDestroy(x);
    cudaGraphDestroy(g);
    cudaGraphDestroy(g2);
    cudaGraphDestroy(g3);
    cudaGraphDestroy(g4);
    cudaFree(d);
    cudaStreamDestroy(s);
    std::printf("graph_update: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
