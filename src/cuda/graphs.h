/* graphs.h -- graphs' nodes for stream capture, private to src/cuda (docs/cuda.md#graphs)
 * SPDX-License-Identifier: MIT */
#ifndef WT_CUDA_GRAPHS_H
#define WT_CUDA_GRAPHS_H

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "cuda_internal.h"

namespace wt_cuda_rt {
/* Adds a kernel node running closure c (taken: destroyed with the node, or here on failure),
 * after checking the configuration as a launch does; func is what cudaGraphKernelNodeGetParams
 * gives back (null for a launch whose kernel is an expression). */
cudaError_t graph_add_closure(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t n,
                              wt_cuda_closure c, const void *func, dim3 grid, dim3 block, size_t shared);
/* A conditional handle's state (graph_conditions.cpp, docs/cuda.md#conditional-nodes): kept by
 * the graph it was made for (and that graph's copies) and by the conditional nodes that use it. */
struct graph_condition {
    unsigned long long id;     /* the handle */
    const void *owner;         /* the graph it was made for */
    unsigned default_value;
    bool assign_default;       /* cudaGraphCondAssignDefault */
    std::atomic<unsigned> value{0};
};
/* The condition of handle h while anything keeps it, else null (thread-safe). */
std::shared_ptr<graph_condition> condition_of(cudaGraphConditionalHandle h);
/* Graph g keeps c, which is made for it (cudaErrorInvalidValue if g is not a live graph). */
cudaError_t graph_keep_condition(cudaGraph_t g, std::shared_ptr<graph_condition> c);
/* Adds a conditional node after deps, with its body graphs (p->phGraph_out). */
cudaError_t graph_add_conditional(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t n,
                                  cudaConditionalNodeParams *p);
/* Whether edge data is null or all zero (the default edge, the only one here). */
bool graph_edges_plain(const cudaGraphEdgeData *data, size_t n);
/* Whether g is a live graph; whether n is a node of graph g. */
bool graph_ok(cudaGraph_t g);
bool graph_holds(cudaGraph_t g, cudaGraphNode_t n);
/* Whether n is a node of a live graph. */
bool graph_node_ok(cudaGraphNode_t n);
/* Adds a node running a copy of child (an executable graph's) after deps. */
cudaError_t graph_add_child_copy(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t n,
                                 const struct wt_cuda_graph_s *child);
/* The nodes n depends on. */
std::vector<cudaGraphNode_t> graph_node_deps(cudaGraphNode_t n);
/* Whether this thread runs a graph's nodes now (their copies and sets are not the program's calls). */
bool graph_running_here(void);
/* cudaGraphLaunch into a capturing stream: a child graph node with a copy of the graph */
cudaError_t capture_child_graph(cudaStream_t s, const struct wt_cuda_graph_s *graph);
/* Records a node into the capture of stream s: add(graph, dependencies, count, &node) adds it after
 * the stream's last work, which it then is.  cudaErrorStreamCaptureInvalidated for an invalidated capture. */
using capture_add = std::function<cudaError_t(cudaGraph_t, const cudaGraphNode_t *, size_t, cudaGraphNode_t *)>;
cudaError_t capture_record(cudaStream_t s, const capture_add &add);
/* cudaEventRecord into a capturing stream: the event stands for the stream's last work */
cudaError_t capture_event_record(cudaEvent_t e, cudaStream_t s);
/* cudaStreamWaitEvent of an event recorded in a capture: the stream joins the capture (fork) or
 * waits for that work (join); *handled false when the event was not recorded in a capture */
cudaError_t capture_wait_event(cudaStream_t s, cudaEvent_t e, bool *handled);
/* a stream being destroyed leaves its capture (which it invalidates if it began it) */
void capture_forget_stream(cudaStream_t s);
/* The stream-capture checks of stream_capture.cpp, for the runtime's synchronous calls: a call CUDA
 * forbids while this thread (or any, in cudaStreamCaptureModeGlobal) captures gives
 * cudaErrorStreamCaptureUnsupported and invalidates the captures concerned; cudaSuccess otherwise. */
cudaError_t capture_forbids(const char *call);
/* While one lives, this thread's synchronous calls are an Async call's work (not refused by
 * capture_forbids). */
struct async_call {
    async_call();
    ~async_call();
};
/* cudaStreamSynchronize / cudaStreamQuery of a capturing stream: the same error, the capture invalidated */
cudaError_t capture_sync_check(cudaStream_t s, const char *call);
} // namespace wt_cuda_rt

#endif
