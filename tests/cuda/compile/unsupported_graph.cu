// unsupported_graph.cu -- must not compile: CUDA graphs are not supported; the message names the call.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

int main()
{
    void *graph = nullptr;
    return cudaGraphCreate(&graph, 0);
}
