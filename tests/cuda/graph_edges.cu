// graph_edges.cu -- a graph's edges and its nodes' parameters after they are added: the edge and
// dependency lists (CUDA 13's forms with edge data and CUDA 12's without, the list protocol of a
// count, of a short array and of a long one), removing edges and destroying nodes, event record
// and wait nodes (in a graph and in an executable graph), the get and set calls of copy, set and
// host nodes and their executable-graph forms, a child graph node's graph; wrong node types, stale
// handles and edges that do not exist refused.  Results checked against plain C.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "include/expect.h"

__global__ void add_one(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += 1;
}

static void CUDART_CB add_to(void *user) { *static_cast<int *>(user) += 10; }

int main()
{
    const int n = 64;
    int *d = nullptr, *e = nullptr;
    EXPECT(cudaMalloc(&d, n * sizeof(int)) == cudaSuccess);
    EXPECT(cudaMalloc(&e, n * sizeof(int)) == cudaSuccess);
    std::vector<int> h(n, -1);
    int host_a = 0, host_b = 0;

    // A memset -> B kernel -> C copy (d to h); A -> D host
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaGraphNode_t A, B, C, D;
    cudaMemsetParams ms = {};
    ms.dst = d;
    ms.value = 5;
    ms.elementSize = 4;
    ms.width = n;
    ms.height = 1;
    EXPECT(cudaGraphAddMemsetNode(&A, g, nullptr, 0, &ms) == cudaSuccess);
    int count = n;
    void *args[] = {&d, &count};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)add_one;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(n);
    kp.kernelParams = args;
    EXPECT(cudaGraphAddKernelNode(&B, g, &A, 1, &kp) == cudaSuccess);
    EXPECT(cudaGraphAddMemcpyNode1D(&C, g, &B, 1, h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost) ==
           cudaSuccess);
    cudaHostNodeParams hp = {add_to, &host_a};
    EXPECT(cudaGraphAddHostNode(&D, g, &A, 1, &hp) == cudaSuccess);

    // the edges: a count, a short array (filled to its room), a long one (the rest null)
    size_t ne = 0;
    EXPECT(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne) == cudaSuccess && ne == 3);
    cudaGraphNode_t from[5], to[5];
    cudaGraphEdgeData ed[5];
    ne = 5;
    EXPECT(cudaGraphGetEdges(g, from, to, ed, &ne) == cudaSuccess && ne == 3);
    EXPECT(from[0] == A && to[0] == B && from[1] == B && to[1] == C && from[2] == A && to[2] == D);
    EXPECT(from[3] == nullptr && to[4] == nullptr && ed[0].type == 0);
    ne = 2;
    EXPECT(cudaGraphGetEdges(g, from, to, &ne) == cudaSuccess && ne == 2 && to[1] == C); // CUDA 12's form
    EXPECT(cudaGraphGetEdges(g, from, nullptr, &ne) == cudaErrorInvalidValue);
    // dependencies and dependents
    size_t nd = 0;
    cudaGraphNode_t deps[4];
    EXPECT(cudaGraphNodeGetDependencies(B, nullptr, &nd) == cudaSuccess && nd == 1);
    nd = 4;
    EXPECT(cudaGraphNodeGetDependencies(B, deps, nullptr, &nd) == cudaSuccess && nd == 1 && deps[0] == A &&
           deps[1] == nullptr);
    nd = 4;
    EXPECT(cudaGraphNodeGetDependentNodes(A, deps, &nd) == cudaSuccess && nd == 2 && deps[0] == B && deps[1] == D);
    nd = 0;
    EXPECT(cudaGraphNodeGetDependentNodes(C, nullptr, nullptr, &nd) == cudaSuccess && nd == 0);

    // removing an edge that is not there removes nothing; then A -> D goes
    cudaGraphNode_t rf[2] = {A, C}, rt[2] = {D, A};
    EXPECT(cudaGraphRemoveDependencies(g, rf, rt, nullptr, 2) == cudaErrorInvalidValue);
    EXPECT(cudaGraphGetEdges(g, nullptr, nullptr, &ne) == cudaSuccess && ne == 3);
    EXPECT(cudaGraphRemoveDependencies(g, rf, rt, 1) == cudaSuccess);
    EXPECT(cudaGraphGetEdges(g, nullptr, nullptr, &ne) == cudaSuccess && ne == 2);
    EXPECT(cudaGraphNodeGetDependencies(D, nullptr, &nd) == cudaSuccess && nd == 0);
    // D destroyed: three nodes left, its handle stale
    EXPECT(cudaGraphDestroyNode(D) == cudaSuccess);
    size_t nn = 0;
    EXPECT(cudaGraphGetNodes(g, nullptr, &nn) == cudaSuccess && nn == 3);
    cudaGraphNodeType type;
    EXPECT(cudaGraphNodeGetType(D, &type) == cudaErrorInvalidValue);
    EXPECT(cudaGraphDestroyNode(D) == cudaErrorInvalidValue);
    (void)cudaGetLastError();

    // event record nodes around the kernel, a wait node after the copy
    cudaEvent_t e0 = nullptr, e1 = nullptr, e2 = nullptr;
    EXPECT(cudaEventCreate(&e0) == cudaSuccess);
    EXPECT(cudaEventCreate(&e1) == cudaSuccess);
    EXPECT(cudaEventCreate(&e2) == cudaSuccess);
    cudaGraphNode_t R0, R1, W;
    EXPECT(cudaGraphAddEventRecordNode(&R0, g, &A, 1, e0) == cudaSuccess);
    EXPECT(cudaGraphAddEventRecordNode(&R1, g, &B, 1, e2) == cudaSuccess);
    EXPECT(cudaGraphAddEventWaitNode(&W, g, &C, 1, e0) == cudaSuccess);
    cudaEvent_t got = nullptr;
    EXPECT(cudaGraphEventRecordNodeSetEvent(R1, e1) == cudaSuccess);
    EXPECT(cudaGraphEventRecordNodeGetEvent(R1, &got) == cudaSuccess && got == e1);
    EXPECT(cudaGraphEventWaitNodeGetEvent(W, &got) == cudaSuccess && got == e0);
    EXPECT(cudaGraphEventWaitNodeGetEvent(R1, &got) == cudaErrorInvalidValue); // a record node
    EXPECT(cudaGraphEventRecordNodeGetEvent(B, &got) == cudaErrorInvalidValue); // a kernel node
    (void)cudaGetLastError();

    // the parameters: the copy node given back as one row of a 3D copy, the set and host nodes
    cudaMemcpy3DParms cp = {};
    EXPECT(cudaGraphMemcpyNodeGetParams(C, &cp) == cudaSuccess);
    EXPECT(cp.extent.width == n * sizeof(int) && cp.extent.height == 1 && cp.srcPtr.ptr == d &&
           cp.dstPtr.ptr == h.data() && cp.kind == cudaMemcpyDeviceToHost);
    cudaMemsetParams ms2 = {};
    EXPECT(cudaGraphMemsetNodeGetParams(A, &ms2) == cudaSuccess && ms2.value == 5 && ms2.width == (size_t)n);
    ms2.value = 7;
    EXPECT(cudaGraphMemsetNodeSetParams(A, &ms2) == cudaSuccess);
    ms2.elementSize = 3;
    EXPECT(cudaGraphMemsetNodeSetParams(A, &ms2) == cudaErrorInvalidValue);
    EXPECT(cudaGraphHostNodeGetParams(A, &hp) == cudaErrorInvalidValue);
    (void)cudaGetLastError();

    // launch: d = 7 + 1 copied to h; both events recorded
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess && cudaStreamSynchronize(0) == cudaSuccess);
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == 8);
    float ms_between = -1;
    EXPECT(cudaEventElapsedTime(&ms_between, e0, e1) == cudaSuccess && ms_between >= 0);

    // the executable graph's own parameters: the copy now to e, the set value 2; the graph's stay
    EXPECT(cudaGraphExecMemcpyNodeSetParams1D(x, C, e, d, n * sizeof(int), cudaMemcpyDeviceToDevice) ==
           cudaSuccess);
    ms2.elementSize = 4;
    ms2.value = 2;
    EXPECT(cudaGraphExecMemsetNodeSetParams(x, A, &ms2) == cudaSuccess);
    EXPECT(cudaGraphExecEventRecordNodeSetEvent(x, R1, e2) == cudaSuccess);
    EXPECT(cudaGraphExecEventWaitNodeSetEvent(x, R1, e2) == cudaErrorInvalidValue); // a record node
    EXPECT(cudaGraphExecMemsetNodeSetParams(x, C, &ms2) == cudaErrorInvalidValue);   // a copy node
    (void)cudaGetLastError();
    std::fill(h.begin(), h.end(), -1);
    EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess && cudaStreamSynchronize(0) == cudaSuccess);
    std::vector<int> he(n);
    EXPECT(cudaMemcpy(he.data(), e, n * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < n; i++)
        EXPECT(he[i] == 3 && h[i] == -1);
    EXPECT(cudaEventElapsedTime(&ms_between, e0, e2) == cudaSuccess && ms_between >= 0);
    EXPECT(cudaGraphMemcpyNodeGetParams(C, &cp) == cudaSuccess && cp.dstPtr.ptr == h.data());

    // a host node's parameters, in the graph and in a new executable graph
    cudaGraphNode_t H;
    hp = {add_to, &host_a};
    EXPECT(cudaGraphAddHostNode(&H, g, &W, 1, &hp) == cudaSuccess);
    cudaHostNodeParams hq = {};
    EXPECT(cudaGraphHostNodeGetParams(H, &hq) == cudaSuccess && hq.fn == add_to && hq.userData == &host_a);
    cudaGraphExec_t y;
    EXPECT(cudaGraphInstantiate(&y, g, 0) == cudaSuccess);
    hq.userData = &host_b;
    EXPECT(cudaGraphExecHostNodeSetParams(y, H, &hq) == cudaSuccess);
    EXPECT(cudaGraphLaunch(y, 0) == cudaSuccess && cudaStreamSynchronize(0) == cudaSuccess);
    EXPECT(host_a == 0 && host_b == 10);
    EXPECT(cudaGraphHostNodeSetParams(H, &hq) == cudaSuccess);
    EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess && cudaStreamSynchronize(0) == cudaSuccess); // x has no H
    EXPECT(host_b == 10);

    // a child graph node's own graph
    cudaGraph_t parent, child = nullptr;
    EXPECT(cudaGraphCreate(&parent, 0) == cudaSuccess);
    cudaGraphNode_t K;
    EXPECT(cudaGraphAddChildGraphNode(&K, parent, nullptr, 0, g) == cudaSuccess);
    EXPECT(cudaGraphChildGraphNodeGetGraph(K, &child) == cudaSuccess && child && child != g);
    EXPECT(cudaGraphGetNodes(child, nullptr, &nn) == cudaSuccess && nn == 7);
    EXPECT(cudaGraphChildGraphNodeGetGraph(A, &child) == cudaErrorInvalidValue);
    (void)cudaGetLastError();

    // a destroyed event is refused when a node is made with it
    EXPECT(cudaEventDestroy(e2) == cudaSuccess);
    cudaGraphNode_t bad;
    EXPECT(cudaGraphAddEventRecordNode(&bad, g, nullptr, 0, e2) == cudaErrorInvalidValue);
    (void)cudaGetLastError();

    EXPECT(cudaGraphExecDestroy(x) == cudaSuccess && cudaGraphExecDestroy(y) == cudaSuccess);
    EXPECT(cudaGraphDestroy(parent) == cudaSuccess && cudaGraphDestroy(g) == cudaSuccess);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    cudaFree(d);
    cudaFree(e);
    std::printf("graph_edges: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
