// graph_nodes.cu -- a graph built by hand with every node type warptex has (kernel, 1D and 3D copy,
// memset of 1, 2 and 4 byte elements, host, empty, child graph, memory allocation and free), its
// node lists, a clone, and launches checked against the same work done in plain C; a kernel launched
// through cudaLaunchKernel's void * form; a template kernel registered by its launch.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "include/expect.h"

__global__ void scale_add(float *y, const float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

// an overload: the registration of each takes its own parameter list
__global__ void fill(int *p, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v;
}
__global__ void fill(float *p, float v, int n = 4 /* a default argument */)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v;
}

template <int K> __global__ void times_k(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= K;
}

static void CUDART_CB count_host(void *user) { ++*static_cast<int *>(user); }

int main()
{
    const int n = 1000;
    std::vector<float> hx(n), hy(n), expect(n);
    for (int i = 0; i < n; i++) {
        hx[i] = 0.5f * i;
        hy[i] = 1.0f - i;
    }
    float *dx, *dy;
    EXPECT(cudaMalloc(&dx, n * sizeof(float)) == cudaSuccess);
    EXPECT(cudaMalloc(&dy, n * sizeof(float)) == cudaSuccess);
    unsigned short *d16;
    unsigned *d32;
    EXPECT(cudaMalloc(&d16, 64 * sizeof(unsigned short)) == cudaSuccess);
    EXPECT(cudaMalloc(&d32, 8 * 16 * sizeof(unsigned)) == cudaSuccess);

    cudaGraph_t g, child;
    EXPECT(cudaGraphCreate(&g, 0) == cudaSuccess);
    EXPECT(cudaGraphCreate(&child, 0) == cudaSuccess);
    cudaGraphNode_t cx, cy, k, m16, m32, host, empty, sub, back, alloc, use, freed;
    // x and y to the device: a 1D copy and a 3D one (one row)
    EXPECT(cudaGraphAddMemcpyNode1D(&cx, g, nullptr, 0, dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice) ==
           cudaSuccess);
    cudaMemcpy3DParms p3 = {};
    p3.srcPtr = make_cudaPitchedPtr(hy.data(), n * sizeof(float), n, 1);
    p3.dstPtr = make_cudaPitchedPtr(dy, n * sizeof(float), n, 1);
    p3.extent = make_cudaExtent(n * sizeof(float), 1, 1);
    p3.kind = cudaMemcpyHostToDevice;
    EXPECT(cudaGraphAddMemcpyNode(&cy, g, nullptr, 0, &p3) == cudaSuccess);
    // y = 3 x + y, after both copies
    float a = 3.0f;
    int nn = n;
    void *args[] = {&dy, &dx, &a, &nn};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)scale_add;
    kp.gridDim = dim3((n + 127) / 128);
    kp.blockDim = dim3(128);
    kp.kernelParams = args;
    cudaGraphNode_t both[] = {cx, cy};
    EXPECT(cudaGraphAddKernelNode(&k, g, both, 2, &kp) == cudaSuccess);
    a = 100.0f; // the node copied its arguments when it was added
    // memsets: 2-byte elements in one row, 4-byte ones in 8 rows of 10 with a pitch of 16
    cudaMemsetParams ms = {};
    ms.dst = d16;
    ms.value = 0xBEEF;
    ms.elementSize = 2;
    ms.width = 64;
    ms.height = 1;
    EXPECT(cudaGraphAddMemsetNode(&m16, g, nullptr, 0, &ms) == cudaSuccess);
    EXPECT(cudaMemset(d32, 0, 8 * 16 * sizeof(unsigned)) == cudaSuccess);
    ms.dst = d32;
    ms.value = 0x12345678u;
    ms.elementSize = 4;
    ms.width = 10;
    ms.height = 8;
    ms.pitch = 16 * sizeof(unsigned);
    EXPECT(cudaGraphAddMemsetNode(&m32, g, &m16, 1, &ms) == cudaSuccess);
    // a host node, an empty node joining everything, a child graph that doubles y
    int host_calls = 0;
    cudaHostNodeParams hp = {count_host, &host_calls};
    EXPECT(cudaGraphAddHostNode(&host, g, &k, 1, &hp) == cudaSuccess);
    cudaGraphNode_t ends[] = {host, m32};
    EXPECT(cudaGraphAddEmptyNode(&empty, g, ends, 2) == cudaSuccess);
    {
        cudaGraphNode_t ck;
        float two = 2.0f;
        float *dy2 = dy;
        void *cargs[] = {&dy2, &dy2, &two, &nn}; // y = 2 y + y
        cudaKernelNodeParams ckp = kp;
        ckp.kernelParams = cargs;
        EXPECT(cudaGraphAddKernelNode(&ck, child, nullptr, 0, &ckp) == cudaSuccess);
    }
    EXPECT(cudaGraphAddChildGraphNode(&sub, g, &empty, 1, child) == cudaSuccess);
    EXPECT(cudaGraphDestroy(child) == cudaSuccess); // the node has its own copy
    EXPECT(cudaGraphAddMemcpyNode1D(&back, g, &sub, 1, hy.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost) ==
           cudaSuccess);
    // a graph allocation: written by a kernel, copied out, freed
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = 4 * sizeof(float);
    EXPECT(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == cudaSuccess && ap.dptr != nullptr);
    float *scratch = static_cast<float *>(ap.dptr);
    float seven = 7.0f;
    int four = 4;
    void *fargs[] = {&scratch, &seven, &four};
    cudaKernelNodeParams fp = {};
    fp.func = (void *)static_cast<void (*)(float *, float, int)>(fill);
    fp.gridDim = dim3(1);
    fp.blockDim = dim3(32);
    fp.kernelParams = fargs;
    EXPECT(cudaGraphAddKernelNode(&use, g, &alloc, 1, &fp) == cudaSuccess);
    float out4[4] = {};
    cudaGraphNode_t copied;
    EXPECT(cudaGraphAddMemcpyNode1D(&copied, g, &use, 1, out4, scratch, sizeof out4, cudaMemcpyDeviceToHost) ==
           cudaSuccess);
    EXPECT(cudaGraphAddMemFreeNode(&freed, g, &copied, 1, scratch) == cudaSuccess);

    size_t count = 0, roots = 0;
    EXPECT(cudaGraphGetNodes(g, nullptr, &count) == cudaSuccess && count == 13);
    EXPECT(cudaGraphGetRootNodes(g, nullptr, &roots) == cudaSuccess && roots == 4);
    std::vector<cudaGraphNode_t> listed(count + 2, cx);
    size_t asked = count + 2;
    EXPECT(cudaGraphGetNodes(g, listed.data(), &asked) == cudaSuccess && asked == count && listed[0] == cx);
    EXPECT(listed[count] == nullptr && listed[count + 1] == nullptr); // a long array's tail: null, as CUDA's
    cudaGraphNodeType type;
    EXPECT(cudaGraphNodeGetType(sub, &type) == cudaSuccess && type == cudaGraphNodeTypeGraph);
    EXPECT(cudaGraphNodeGetType(alloc, &type) == cudaSuccess && type == cudaGraphNodeTypeMemAlloc);

    cudaGraph_t copy;
    EXPECT(cudaGraphClone(&copy, g) == cudaSuccess);
    cudaGraphExec_t x, xc;
    EXPECT(cudaGraphInstantiate(&x, g, 0) == cudaSuccess);
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s) == cudaSuccess);
    for (int run = 0; run < 2; run++) {
        for (int i = 0; i < n; i++)
            expect[i] = 3.0f * (3.0f * hx[i] + (1.0f - i)); // the kernel, then the child's y = 2 y + y
        for (int i = 0; i < n; i++)
            hy[i] = 1.0f - i; // the 3D copy reads hy when the graph runs
        EXPECT(cudaGraphLaunch(x, s) == cudaSuccess);
        EXPECT(std::memcmp(hy.data(), expect.data(), n * sizeof(float)) == 0);
        EXPECT(host_calls == run + 1);
        EXPECT(out4[0] == 7.0f && out4[3] == 7.0f);
    }
    unsigned short h16[64];
    unsigned h32[8 * 16];
    EXPECT(cudaMemcpy(h16, d16, sizeof h16, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(cudaMemcpy(h32, d32, sizeof h32, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 64; i++)
        EXPECT(h16[i] == 0xBEEF);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 16; c++)
            EXPECT(h32[r * 16 + c] == (c < 10 ? 0x12345678u : 0u));
    // the clone runs the same work
    EXPECT(cudaGraphInstantiateWithFlags(&xc, copy, 0) == cudaSuccess);
    for (int i = 0; i < n; i++)
        hy[i] = 1.0f - i;
    EXPECT(cudaGraphLaunch(xc, s) == cudaSuccess);
    EXPECT(std::memcmp(hy.data(), expect.data(), n * sizeof(float)) == 0 && host_calls == 3);

    // cudaLaunchKernel through a void *, and a template kernel registered when launched
    int *di;
    EXPECT(cudaMalloc(&di, 8 * sizeof(int)) == cudaSuccess);
    int five = 5, eight = 8;
    void *iargs[] = {&di, &five, &eight};
    EXPECT(cudaLaunchKernel((const void *)static_cast<void (*)(int *, int, int)>(fill), dim3(1), dim3(8), iargs, 0,
                            s) == cudaSuccess);
    times_k<3><<<1, 8, 0, s>>>(di, 8);
    void *targs[] = {&di, &eight};
    EXPECT(cudaLaunchKernel((const void *)times_k<3>, dim3(1), dim3(8), targs, 0, s) == cudaSuccess);
    int hi[8];
    EXPECT(cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 8; i++)
        EXPECT(hi[i] == 45);

    EXPECT(cudaGraphExecDestroy(x) == cudaSuccess);
    EXPECT(cudaGraphExecDestroy(xc) == cudaSuccess);
    EXPECT(cudaGraphDestroy(g) == cudaSuccess);
    EXPECT(cudaGraphDestroy(copy) == cudaSuccess);
    EXPECT(cudaGraphDestroy(g) == cudaErrorInvalidValue); // a stale handle
    cudaGetLastError();
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(d16);
    cudaFree(d32);
    cudaFree(di);
    cudaStreamDestroy(s);
    std::printf("graph_nodes: done\n");
    if (failures)
        std::printf("FAILED (%d)\n", failures);
    return failures != 0;
}
