/* graph_add_node.cpp -- cudaGraphAddNode: a node of any type from cudaGraphNodeParams, through the
 * call that adds that type (docs/cuda.md#graphs)
 * SPDX-License-Identifier: MIT */
#include "graphs.h"

using wt_cuda_rt::fail;
using wt_cuda_rt::fail_why;

namespace {
cudaError_t add_typed(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t num,
                      cudaGraphNodeParams *p)
{
    switch (p->type) {
    case cudaGraphNodeTypeKernel: return cudaGraphAddKernelNode(out, g, deps, num, &p->kernel);
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags != 0)
            return fail(cudaErrorInvalidValue);
        return cudaGraphAddMemcpyNode(out, g, deps, num, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: return cudaGraphAddMemsetNode(out, g, deps, num, &p->memset);
    case cudaGraphNodeTypeHost: return cudaGraphAddHostNode(out, g, deps, num, &p->host);
    case cudaGraphNodeTypeGraph: return cudaGraphAddChildGraphNode(out, g, deps, num, p->graph.graph);
    case cudaGraphNodeTypeEmpty: return cudaGraphAddEmptyNode(out, g, deps, num);
    case cudaGraphNodeTypeWaitEvent: return cudaGraphAddEventWaitNode(out, g, deps, num, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord: return cudaGraphAddEventRecordNode(out, g, deps, num, p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: return cudaGraphAddMemAllocNode(out, g, deps, num, &p->alloc);
    case cudaGraphNodeTypeMemFree: return cudaGraphAddMemFreeNode(out, g, deps, num, p->free.dptr);
    case cudaGraphNodeTypeConditional: return wt_cuda_rt::graph_add_conditional(out, g, deps, num, &p->conditional);
    case cudaGraphNodeTypeExtSemaphoreSignal:
    case cudaGraphNodeTypeExtSemaphoreWait:
        return fail_why(cudaErrorNotSupported, "cudaGraphAddNode: external semaphores are not supported on the CPU");
    default: return fail(cudaErrorInvalidValue);
    }
}
} // namespace

extern "C" cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, const cudaGraphEdgeData *dependencyData,
                                        size_t numDependencies, cudaGraphNodeParams *nodeParams)
{
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    if (!nodeParams || nodeParams->reserved0[0] || nodeParams->reserved0[1] || nodeParams->reserved0[2] ||
        nodeParams->reserved2)
        return fail(cudaErrorInvalidValue);
    if (!wt_cuda_rt::graph_edges_plain(dependencyData, numDependencies))
        return fail_why(cudaErrorInvalidValue, "cudaGraphAddNode: an edge with ports or a type (the CPU device "
                                               "has only the default edge)");
    return add_typed(pGraphNode, graph, pDependencies, numDependencies, nodeParams);
}
