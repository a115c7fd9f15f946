// graph_conditionals.cu -- conditional graph nodes as NVIDIA's graphConditionalNodes builds them:
// if, if/else, while (a do-while through the default value) and switch nodes whose handle a kernel
// sets; a conditional inside a body; bodies filled by cudaGraphAddNode and by
// cudaStreamBeginCaptureToGraph; a conditional node inserted into a stream capture
// (cudaStreamGetCaptureInfo, cudaStreamUpdateCaptureDependencies); cudaGraphAddNode's other node
// types; an executable graph outliving its graph; what is refused; a kernel setting a handle no
// graph made faults its launch.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

__device__ int runs[8]; // how many times each body kernel ran

__global__ void set_from(const int *p, cudaGraphConditionalHandle h) { cudaGraphSetConditional(h, (unsigned)*p); }
__global__ void count(int slot) { runs[slot]++; }
// a loop body: count down *p, the loop ends when it reaches 0
__global__ void count_down(int *p, cudaGraphConditionalHandle h, int slot)
{
    runs[slot]++;
    if (--*p == 0)
        cudaGraphSetConditional(h, 0);
}
__global__ void bad_handle() { cudaGraphSetConditional(0x7fffffffull, 1); }

static void zero_runs()
{
    const int z[8] = {};
    EXPECT(cudaMemcpyToSymbol(runs, z, sizeof z) == cudaSuccess);
}
static void get_runs(int *r) { EXPECT(cudaMemcpyFromSymbol(r, runs, 8 * sizeof(int)) == cudaSuccess); }

static cudaGraphNodeParams kernel_params(void *func, void **args)
{
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeKernel;
    p.kernel.func = func;
    p.kernel.gridDim.x = p.kernel.gridDim.y = p.kernel.gridDim.z = 1;
    p.kernel.blockDim.x = p.kernel.blockDim.y = p.kernel.blockDim.z = 1;
    p.kernel.kernelParams = args;
    return p;
}

// value -> which of the bodies ran, for a node of the given type and size behind a kernel that sets it
static void check_selection(cudaGraphConditionalNodeType type, unsigned size, int *value)
{
    cudaGraph_t g;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    cudaGraphConditionalHandle h;
    EXPECT(cudaGraphConditionalHandleCreate(&h, g) == cudaSuccess);
    void *args[] = {&value, &h};
    cudaGraphNodeParams k = kernel_params((void *)set_from, args);
    cudaGraphNode_t setter, cond;
    EXPECT(cudaGraphAddNode(&setter, g, nullptr, nullptr, 0, &k) == cudaSuccess);
    cudaGraphNodeParams c = {};
    c.type = cudaGraphNodeTypeConditional;
    c.conditional.handle = h;
    c.conditional.type = type;
    c.conditional.size = size;
    EXPECT(cudaGraphAddNode(&cond, g, &setter, 1, &c) == cudaSuccess); // CUDA 12's form
    for (unsigned b = 0; b < size; b++) {
        int slot = (int)b;
        void *a[] = {&slot};
        cudaGraphNodeParams body = kernel_params((void *)count, a);
        cudaGraphNode_t n;
        EXPECT(cudaGraphAddNode(&n, c.conditional.phGraph_out[b], nullptr, nullptr, 0, &body) == cudaSuccess);
    }
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
    for (int v = 0; v < 5; v++) {
        zero_runs();
        EXPECT(cudaMemcpy(value, &v, sizeof v, cudaMemcpyHostToDevice) == cudaSuccess);
        EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess);
        int r[8];
        get_runs(r);
        for (unsigned b = 0; b < size; b++) {
            int want;
            if (type == cudaGraphCondTypeIf)
                want = b == 0 ? v != 0 : v == 0; // the second body is the else
            else
                want = (unsigned)v == b;
            EXPECT(r[b] == want);
        }
    }
    EXPECT(cudaGraphExecDestroy(x) == cudaSuccess);
    EXPECT(cudaGraphDestroy(g) == cudaSuccess);
}

int main()
{
    int *value, *counter;
    EXPECT(cudaMalloc(&value, sizeof(int)) == cudaSuccess);
    EXPECT(cudaMalloc(&counter, sizeof(int)) == cudaSuccess);

    check_selection(cudaGraphCondTypeIf, 1, value);
    check_selection(cudaGraphCondTypeIf, 2, value);
    check_selection(cudaGraphCondTypeSwitch, 3, value); // 3 and 4 run no body

    // while, a do-while through the default value; relaunched after the graph itself is gone
    {
        cudaGraph_t g;
        EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
        cudaGraphConditionalHandle h;
        EXPECT(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault) == cudaSuccess);
        cudaGraphNodeParams c = {};
    c.type = cudaGraphNodeTypeConditional;
        c.conditional.handle = h;
        c.conditional.type = cudaGraphCondTypeWhile;
        c.conditional.size = 1;
        cudaGraphNode_t cond;
        EXPECT(cudaGraphAddNode(&cond, g, nullptr, nullptr, 0, &c) == cudaSuccess);
        cudaStream_t s;
        EXPECT(cudaStreamCreate(&s) == cudaSuccess);
        EXPECT(cudaStreamBeginCaptureToGraph(s, c.conditional.phGraph_out[0], nullptr, nullptr, 0,
                                             cudaStreamCaptureModeGlobal) == cudaSuccess);
        count<<<1, 1, 0, s>>>(1);
        count_down<<<1, 1, 0, s>>>(counter, h, 0);
        EXPECT(cudaStreamEndCapture(s, nullptr) == cudaSuccess); // the caller's graph: no graph given back
        size_t n = 0;
        EXPECT(cudaGraphGetNodes(c.conditional.phGraph_out[0], nullptr, &n) == cudaSuccess && n == 2);
        cudaGraphExec_t x;
        EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
        EXPECT(cudaGraphDestroy(g) == cudaSuccess);
        for (int round = 0; round < 2; round++) {
            zero_runs();
            const int ten = 10;
            EXPECT(cudaMemcpy(counter, &ten, sizeof ten, cudaMemcpyHostToDevice) == cudaSuccess);
            EXPECT(cudaGraphLaunch(x, s) == cudaSuccess);
            int r[8];
            get_runs(r);
            EXPECT(r[0] == 10 && r[1] == 10); // the default 1 again at each launch
        }
        EXPECT(cudaGraphExecDestroy(x) == cudaSuccess);
        EXPECT(cudaStreamDestroy(s) == cudaSuccess);
    }

    // without cudaGraphCondAssignDefault the value is the one last set (0 at first); the host may set it
    {
        cudaGraph_t g;
        EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
        cudaGraphConditionalHandle h;
        EXPECT(cudaGraphConditionalHandleCreate(&h, g, 5) == cudaSuccess);
        cudaGraphNodeParams c = {};
    c.type = cudaGraphNodeTypeConditional;
        c.conditional.handle = h;
        c.conditional.type = cudaGraphCondTypeIf;
        c.conditional.size = 1;
        cudaGraphNode_t cond, n;
        EXPECT(cudaGraphAddNode(&cond, g, nullptr, nullptr, 0, &c) == cudaSuccess);
        int slot = 2;
        void *a[] = {&slot};
        cudaGraphNodeParams body = kernel_params((void *)count, a);
        EXPECT(cudaGraphAddNode(&n, c.conditional.phGraph_out[0], nullptr, nullptr, 0, &body) == cudaSuccess);
        cudaGraphExec_t x;
        EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
        zero_runs();
        EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess);
        cudaGraphSetConditional(h, 1);
        EXPECT(cudaGetLastError() == cudaSuccess);
        EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess);
        EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess);
        int r[8];
        get_runs(r);
        EXPECT(r[2] == 2);
        EXPECT(cudaGraphExecDestroy(x) == cudaSuccess);
        EXPECT(cudaGraphDestroy(g) == cudaSuccess);
    }

    // a conditional node inserted into a capture, and a conditional inside a while body
    {
        cudaStream_t s;
        EXPECT(cudaStreamCreate(&s) == cudaSuccess);
        EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
        cudaStreamCaptureStatus st;
        cudaGraph_t g;
        const cudaGraphNode_t *deps;
        size_t nd;
        EXPECT(cudaStreamGetCaptureInfo(s, &st, nullptr, &g, &deps, nullptr, &nd) == cudaSuccess);
        cudaGraphConditionalHandle h;
        EXPECT(cudaGraphConditionalHandleCreate(&h, g) == cudaSuccess);
        set_from<<<1, 1, 0, s>>>(counter, h);
        EXPECT(cudaStreamGetCaptureInfo(s, &st, nullptr, &g, &deps, nullptr, &nd) == cudaSuccess && nd == 1);
        cudaGraphNodeParams c = {};
    c.type = cudaGraphNodeTypeConditional;
        c.conditional.handle = h;
        c.conditional.type = cudaGraphCondTypeWhile;
        c.conditional.size = 1;
        cudaGraphNode_t cond;
        EXPECT(cudaGraphAddNode(&cond, g, deps, nullptr, nd, &c) == cudaSuccess);
        EXPECT(cudaStreamUpdateCaptureDependencies(s, &cond, nullptr, 1, cudaStreamSetCaptureDependencies) ==
               cudaSuccess);
        count<<<1, 1, 0, s>>>(4); // after the loop
        EXPECT(cudaStreamGetCaptureInfo(s, &st, nullptr, &g, &deps, nullptr, &nd) == cudaSuccess && nd == 1);
        cudaGraph_t whole;
        EXPECT(cudaStreamEndCapture(s, &whole) == cudaSuccess && whole == g);
        // the body: count down, and inside it an if on the counter's parity (its own handle)
        cudaGraph_t body = c.conditional.phGraph_out[0];
        cudaGraphConditionalHandle odd;
        EXPECT(cudaGraphConditionalHandleCreate(&odd, body) == cudaSuccess);
        EXPECT(cudaStreamBeginCaptureToGraph(s, body, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal) ==
               cudaSuccess);
        count_down<<<1, 1, 0, s>>>(counter, h, 3);
        EXPECT(cudaStreamEndCapture(s, nullptr) == cudaSuccess);
        cudaGraphNode_t last;
        size_t one = 1;
        EXPECT(cudaGraphGetNodes(body, &last, &one) == cudaSuccess && one == 1);
        int *parity;
        EXPECT(cudaMalloc(&parity, sizeof(int)) == cudaSuccess);
        EXPECT(cudaMemset(parity, 0, sizeof(int)) == cudaSuccess);
        void *pa[] = {&parity, &odd};
        cudaGraphNodeParams k = kernel_params((void *)set_from, pa);
        cudaGraphNode_t setter, inner, n;
        EXPECT(cudaGraphAddNode(&setter, body, &last, nullptr, 1, &k) == cudaSuccess);
        cudaGraphNodeParams ic = {};
    ic.type = cudaGraphNodeTypeConditional;
        ic.conditional.handle = odd;
        ic.conditional.type = cudaGraphCondTypeIf;
        ic.conditional.size = 1;
        EXPECT(cudaGraphAddNode(&inner, body, &setter, nullptr, 1, &ic) == cudaSuccess);
        int slot5 = 5;
        void *a5[] = {&slot5};
        cudaGraphNodeParams k5 = kernel_params((void *)count, a5);
        EXPECT(cudaGraphAddNode(&n, ic.conditional.phGraph_out[0], nullptr, nullptr, 0, &k5) == cudaSuccess);
        // the handle of another graph, refused
        cudaGraphNodeParams wrong = ic;
        wrong.conditional.handle = h;
        EXPECT(cudaGraphAddNode(&n, body, nullptr, nullptr, 0, &wrong) == cudaErrorInvalidValue);

        cudaGraphExec_t x;
        EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
        zero_runs();
        const int four = 4;
        EXPECT(cudaMemcpy(counter, &four, sizeof four, cudaMemcpyHostToDevice) == cudaSuccess);
        const int one_i = 1;
        EXPECT(cudaMemcpy(parity, &one_i, sizeof one_i, cudaMemcpyHostToDevice) == cudaSuccess);
        EXPECT(cudaGraphLaunch(x, s) == cudaSuccess);
        int r[8];
        get_runs(r);
        EXPECT(r[3] == 4 && r[5] == 4 && r[4] == 1);
        zero_runs();
        const int zero_i = 0;
        EXPECT(cudaMemcpy(counter, &zero_i, sizeof zero_i, cudaMemcpyHostToDevice) == cudaSuccess);
        EXPECT(cudaGraphLaunch(x, s) == cudaSuccess); // a while, not a do-while: no round
        get_runs(r);
        EXPECT(r[3] == 0 && r[5] == 0 && r[4] == 1);
        EXPECT(cudaGraphExecDestroy(x) == cudaSuccess);
        EXPECT(cudaGraphDestroy(g) == cudaSuccess);
        EXPECT(cudaFree(parity) == cudaSuccess);

        // capture calls refused
        cudaGraph_t other;
        EXPECT(cudaGraphCreate(&other, 0) == cudaSuccess);
        EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
        EXPECT(cudaStreamUpdateCaptureDependencies(s, &cond, 1, cudaStreamAddCaptureDependencies) ==
               cudaErrorInvalidValue); // a node of a graph gone
        EXPECT(cudaStreamUpdateCaptureDependencies(s, nullptr, 0, 2) == cudaErrorInvalidValue);
        EXPECT(cudaStreamEndCapture(s, nullptr) == cudaErrorInvalidValue); // its own graph needs somewhere to go
        cudaGraph_t dropped = nullptr;
        EXPECT(cudaStreamEndCapture(s, &dropped) == cudaSuccess);
        EXPECT(cudaGraphDestroy(dropped) == cudaSuccess);
        cudaGraphNode_t e1;
        EXPECT(cudaGraphAddEmptyNode(&e1, other, nullptr, 0) == cudaSuccess);
        EXPECT(cudaStreamBeginCaptureToGraph(s, other, &cond, nullptr, 1, cudaStreamCaptureModeGlobal) ==
               cudaErrorInvalidValue); // not a node of it
        EXPECT(cudaStreamBeginCaptureToGraph(s, other, &e1, nullptr, 1, cudaStreamCaptureModeGlobal) ==
               cudaSuccess);
        count<<<1, 1, 0, s>>>(6);
        EXPECT(cudaStreamEndCapture(s, nullptr) == cudaSuccess);
        size_t deps_n = 0;
        EXPECT(cudaGraphGetNodes(other, nullptr, &deps_n) == cudaSuccess && deps_n == 2);
        cudaGraphNode_t nodes[2];
        EXPECT(cudaGraphGetNodes(other, nodes, &deps_n) == cudaSuccess);
        cudaGraphNode_t dep = nullptr;
        size_t nd1 = 1;
        EXPECT(cudaGraphNodeGetDependencies(nodes[1], &dep, &nd1) == cudaSuccess && nd1 == 1 && dep == e1);
        EXPECT(cudaGraphDestroy(other) == cudaSuccess);
        EXPECT(cudaStreamDestroy(s) == cudaSuccess);
    }

    // cudaGraphAddNode's other types, and what it refuses
    {
        cudaGraph_t g;
        EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
        cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeMemset;
        p.memset.dst = counter;
        p.memset.value = 7;
        p.memset.elementSize = 4;
        p.memset.width = 1;
        p.memset.height = 1;
        cudaGraphNode_t set, empty, n;
        EXPECT(cudaGraphAddNode(&set, g, nullptr, nullptr, 0, &p) == cudaSuccess);
        cudaGraphNodeParams e = {};
    e.type = cudaGraphNodeTypeEmpty;
        EXPECT(cudaGraphAddNode(&empty, g, &set, nullptr, 1, &e) == cudaSuccess);
        cudaGraphEdgeData port = {};
        port.from_port = 1;
        EXPECT(cudaGraphAddNode(&n, g, &set, &port, 1, &e) == cudaErrorInvalidValue);
        cudaGraphNodeParams r0 = {};
    r0.type = cudaGraphNodeTypeEmpty;
        r0.reserved0[1] = 1;
        EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &r0) == cudaErrorInvalidValue);
        EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, nullptr) == cudaErrorInvalidValue);
        cudaGraphConditionalHandle h;
        EXPECT(cudaGraphConditionalHandleCreate(&h, g, 0, 2) == cudaErrorInvalidValue);
        EXPECT(cudaGraphConditionalHandleCreate(&h, g) == cudaSuccess);
        const struct {
            cudaGraphConditionalNodeType type;
            unsigned size;
        } bad[] = {{cudaGraphCondTypeIf, 0}, {cudaGraphCondTypeIf, 3}, {cudaGraphCondTypeWhile, 2},
                   {cudaGraphCondTypeSwitch, 0}, {(cudaGraphConditionalNodeType)3, 1}};
        for (const auto &b : bad) {
            cudaGraphNodeParams c = {};
    c.type = cudaGraphNodeTypeConditional;
            c.conditional.handle = h;
            c.conditional.type = b.type;
            c.conditional.size = b.size;
            EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c) == cudaErrorInvalidValue);
        }
        cudaGraphNodeParams c = {};
    c.type = cudaGraphNodeTypeConditional;
        c.conditional.handle = 0;
        c.conditional.type = cudaGraphCondTypeIf;
        c.conditional.size = 1;
        EXPECT(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c) == cudaErrorInvalidValue);
        size_t count_nodes = 0;
        EXPECT(cudaGraphGetNodes(g, nullptr, &count_nodes) == cudaSuccess && count_nodes == 2);
        cudaGraphExec_t x;
        EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
        EXPECT(cudaMemset(counter, 0, sizeof(int)) == cudaSuccess);
        EXPECT(cudaGraphLaunch(x, 0) == cudaSuccess);
        unsigned got = 0;
        EXPECT(cudaMemcpy(&got, counter, sizeof got, cudaMemcpyDeviceToHost) == cudaSuccess && got == 7u);
        EXPECT(cudaGraphExecDestroy(x) == cudaSuccess);
        EXPECT(cudaGraphDestroy(g) == cudaSuccess);
        cudaGetLastError();
    }

    EXPECT(cudaFree(value) == cudaSuccess);
    EXPECT(cudaFree(counter) == cudaSuccess);

    // a kernel setting a handle no graph made: the launch faults, sticky
    bad_handle<<<1, 1>>>();
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);

    std::printf("graph_conditionals: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
