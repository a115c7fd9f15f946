/* graphs.cpp -- CUDA graphs on the CPU device: nodes, executable graphs, launches (docs/cuda.md#graphs)
 * SPDX-License-Identifier: MIT
 *
 * A graph is a list of nodes, each with the nodes it depends on.  A launch runs an executable
 * graph's nodes one after another in a topological order on the calling thread (a kernel node's
 * blocks in parallel, as any launch's), so it is done when cudaGraphLaunch returns, as every
 * launch is here.  What a node needs is copied when it is added: a kernel node's arguments into a
 * closure (the kernel registry's, cuda_runtime.h), shared, never changed, by the graph's clones
 * and executable graphs; setting a node's parameters makes a new one.  Handles are checked
 * against the live ones, so a stale or made-up handle is cudaErrorInvalidValue, not a crash. */
#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdio.h>
#include <string.h>
#include <vector>

#include "graphs.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::fail_why;

namespace {
/* a kernel node's launch, shared by the node's copies */
struct kernel_launch {
    wt_cuda_closure c;
    const void *func;
    dim3 grid, block;
    size_t shared;
    ~kernel_launch()
    {
        if (c.self)
            c.destroy(c.self);
    }
};
/* an allocation node's memory (docs/cuda.md#graph-memory), shared by the node's copies */
struct graph_block {
    void *p;
    size_t bytes;
    ~graph_block() { wt_cuda_rt::graph_unreserve(p, bytes); }
};
} // namespace

struct wt_cuda_graph_s;
struct wt_cuda_graph_node_s {
    cudaGraphNodeType type;
    std::vector<cudaGraphNode_t> deps;
    std::shared_ptr<kernel_launch> kernel;
    bool linear = false; /* a 1D copy: dst, src, count, kind; else copy3d */
    void *dst = nullptr;
    const void *src = nullptr;
    size_t count = 0;
    cudaMemcpyKind kind = cudaMemcpyDefault;
    cudaMemcpy3DParms copy3d;
    cudaMemsetParams set;
    cudaHostNodeParams host;
    wt_cuda_graph_s *child = nullptr; /* the node's own copy of its child graph */
    std::shared_ptr<graph_block> block;
    void *free_ptr = nullptr;
    cudaEvent_t event = nullptr;      /* an event record or wait node's event */
    wt_cuda_graph_s *owner = nullptr; /* the graph the node is in */
    /* a conditional node's: its handle's condition, its type and its own body graphs */
    std::shared_ptr<wt_cuda_rt::graph_condition> cond;
    cudaGraphConditionalNodeType cond_type = cudaGraphCondTypeIf;
    std::vector<wt_cuda_graph_s *> bodies;
    ~wt_cuda_graph_node_s();
};
struct wt_cuda_graph_s {
    std::vector<std::unique_ptr<wt_cuda_graph_node_s>> nodes;
    /* the conditional handles made for this graph (shared with its copies) */
    std::vector<std::shared_ptr<wt_cuda_rt::graph_condition>> conditions;
};
struct wt_cuda_graph_exec_s {
    std::unique_ptr<wt_cuda_graph_s> graph;     /* the executable graph's own copy */
    std::map<cudaGraphNode_t, cudaGraphNode_t> of; /* the node it was made from -> its own */
    unsigned long long flags;
    std::mutex running; /* a launch, an update or a parameter change at a time */
};

namespace {
/* live handles: graphs (the program's and the copies in nodes and executable graphs), nodes, executable graphs */
std::recursive_mutex g_lock;
std::set<const void *> g_live;
thread_local int t_running = 0; /* this thread runs a graph's nodes (capture_forbids lets them be) */

bool live(const void *p)
{
    std::lock_guard<std::recursive_mutex> g(g_lock);
    return p && g_live.count(p) != 0;
}
void forget(const void *p)
{
    std::lock_guard<std::recursive_mutex> g(g_lock);
    g_live.erase(p);
}
void note(const void *p)
{
    std::lock_guard<std::recursive_mutex> g(g_lock);
    g_live.insert(p);
}

void destroy_graph(wt_cuda_graph_s *g)
{
    if (!g)
        return;
    forget(g);
    for (auto &n : g->nodes)
        forget(n.get());
    delete g;
}

/* g's nodes in an order where each comes after those it depends on; false when they form a cycle */
bool topological(const wt_cuda_graph_s *g, std::vector<cudaGraphNode_t> *order)
{
    std::map<cudaGraphNode_t, size_t> waiting;
    std::map<cudaGraphNode_t, std::vector<cudaGraphNode_t>> after;
    order->clear();
    for (auto &n : g->nodes) {
        waiting[n.get()] = n->deps.size();
        for (cudaGraphNode_t d : n->deps)
            after[d].push_back(n.get());
    }
    for (auto &n : g->nodes)
        if (n->deps.empty())
            order->push_back(n.get());
    for (size_t i = 0; i < order->size(); i++)
        for (cudaGraphNode_t m : after[(*order)[i]])
            if (--waiting[m] == 0)
                order->push_back(m);
    return order->size() == g->nodes.size();
}

/* a copy of g (nodes share their launches and blocks); of: original node -> copy */
wt_cuda_graph_s *clone(const wt_cuda_graph_s *g, std::map<cudaGraphNode_t, cudaGraphNode_t> *of);
/* n was copied from a node whose child graph and bodies it still points at: it gets copies of its own */
void own_graphs(wt_cuda_graph_node_s *n)
{
    if (n->child)
        n->child = clone(n->child, nullptr);
    for (wt_cuda_graph_s *&b : n->bodies)
        b = clone(b, nullptr);
}
cudaGraphNode_t clone_node(const wt_cuda_graph_node_s *n)
{
    auto *c = new wt_cuda_graph_node_s(*n);
    own_graphs(c);
    return c;
}
wt_cuda_graph_s *clone(const wt_cuda_graph_s *g, std::map<cudaGraphNode_t, cudaGraphNode_t> *of)
{
    std::map<cudaGraphNode_t, cudaGraphNode_t> local;
    if (!of)
        of = &local;
    auto *c = new wt_cuda_graph_s;
    for (auto &n : g->nodes) {
        cudaGraphNode_t m = clone_node(n.get());
        (*of)[n.get()] = m;
        c->nodes.emplace_back(m);
        note(m);
    }
    c->conditions = g->conditions;
    for (auto &m : c->nodes) {
        m->owner = c;
        for (cudaGraphNode_t &d : m->deps)
            d = (*of)[d];
    }
    note(c);
    return c;
}

/* checks a new node's graph and dependencies; adds it (taking n) */
cudaError_t add(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t num,
                std::unique_ptr<wt_cuda_graph_node_s> n)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!out || !live(g) || (num && !deps))
        return fail(cudaErrorInvalidValue);
    for (size_t i = 0; i < num; i++) {
        bool in_graph = false;
        for (auto &m : g->nodes)
            in_graph |= m.get() == deps[i];
        if (!in_graph)
            return fail_why(cudaErrorInvalidValue, "a graph node's dependency %zu is not a node of its graph", i);
        for (size_t j = 0; j < i; j++)
            if (deps[j] == deps[i])
                return fail(cudaErrorInvalidValue); /* CUDA: no dependency twice */
        n->deps.push_back(deps[i]);
    }
    *out = n.get();
    n->owner = g;
    g->nodes.push_back(std::move(n));
    note(*out);
    return cudaSuccess;
}

cudaError_t run_graph(const wt_cuda_graph_s *g, const std::vector<cudaGraphNode_t> &order, cudaStream_t s,
                      unsigned long long flags);

/* n is a node of a live graph, of the given type */
bool typed(cudaGraphNode_t n, cudaGraphNodeType type) { return live(n) && n->type == type; }
/* a copy direction CUDA has */
bool kind_ok(cudaMemcpyKind kind) { return (unsigned)kind <= (unsigned)cudaMemcpyDefault; }
/* a live event */
bool event_ok(cudaEvent_t e) { return e && cudaEventQuery(e) == cudaSuccess; }
/* whether the edges are all plain (null, or all zero: the CPU device has no programmatic ports) */
bool plain_edges(const cudaGraphEdgeData *data, size_t n)
{
    static const cudaGraphEdgeData plain = {};
    for (size_t i = 0; data && i < n; i++)
        if (memcmp(&data[i], &plain, sizeof plain) != 0)
            return false;
    return true;
}
/* the executable graph's own copy of node, of the given type, or null */
cudaGraphNode_t exec_node(cudaGraphExec_t x, cudaGraphNode_t node, cudaGraphNodeType type)
{
    if (!live(x) || !typed(node, type))
        return nullptr;
    auto it = x->of.find(node);
    return it == x->of.end() || !live(it->second) ? nullptr : it->second;
}

/* a memset node's parameters as CUDA takes them: 1, 2 or 4 bytes an element, rows no wider than their pitch */
bool memset_ok(const cudaMemsetParams *p)
{
    return p && (p->elementSize == 1 || p->elementSize == 2 || p->elementSize == 4) &&
           !(p->height > 1 && p->pitch < p->width * p->elementSize);
}

cudaError_t run_memset(const cudaMemsetParams &p)
{
    const size_t es = p.elementSize, h = p.height ? p.height : 1;
    if (p.width == 0)
        return cudaSuccess;
    const size_t span = (h - 1) * p.pitch + p.width * es;
    if (!wt_cuda_rt::device_accessible(p.dst, span))
        return fail(cudaErrorInvalidValue);
    for (size_t y = 0; y < h; y++) {
        unsigned char *row = static_cast<unsigned char *>(p.dst) + y * p.pitch;
        for (size_t x = 0; x < p.width; x++)
            memcpy(row + x * es, &p.value, es); /* the value's low bytes (little-endian), as CUDA's */
    }
    return cudaSuccess;
}

/* all of g (acyclic: checked when its graph was instantiated) */
cudaError_t run_whole(const wt_cuda_graph_s *g, cudaStream_t s, unsigned long long flags)
{
    std::vector<cudaGraphNode_t> order;
    topological(g, &order);
    return run_graph(g, order, s, flags);
}

/* a conditional node: its handle's value chooses the body, read when the node is reached (and,
 * for a while node, again after each run of the body) */
cudaError_t run_conditional(const wt_cuda_graph_node_s *n, cudaStream_t s, unsigned long long flags)
{
    const auto value = [&] { return n->cond->value.load(std::memory_order_acquire); };
    switch (n->cond_type) {
    case cudaGraphCondTypeIf:
        if (value())
            return run_whole(n->bodies[0], s, flags);
        return n->bodies.size() > 1 ? run_whole(n->bodies[1], s, flags) : cudaSuccess;
    case cudaGraphCondTypeWhile:
        while (value())
            if (cudaError_t e = run_whole(n->bodies[0], s, flags))
                return e;
        return cudaSuccess;
    case cudaGraphCondTypeSwitch: {
        const unsigned v = value();
        return v < n->bodies.size() ? run_whole(n->bodies[v], s, flags) : cudaSuccess;
    }
    }
    return cudaSuccess;
}

cudaError_t run_node(const wt_cuda_graph_node_s *n, cudaStream_t s, unsigned long long flags)
{
    switch (n->type) {
    case cudaGraphNodeTypeKernel: {
        const kernel_launch &k = *n->kernel;
        const cudaError_t e = wt_cuda_launch_threads(k.c.run, k.c.self, k.grid, k.block, k.shared, s);
        return e ? e : wt_cuda_rt::sticky(); /* a kernel that faulted ends the launch */
    }
    case cudaGraphNodeTypeMemcpy:
        return n->linear ? cudaMemcpy(n->dst, n->src, n->count, n->kind) : cudaMemcpy3D(&n->copy3d);
    case cudaGraphNodeTypeMemset: return run_memset(n->set);
    case cudaGraphNodeTypeHost: n->host.fn(n->host.userData); return wt_cuda_rt::sticky();
    case cudaGraphNodeTypeGraph: return run_whole(n->child, s, flags);
    case cudaGraphNodeTypeConditional: return run_conditional(n, s, flags);
    case cudaGraphNodeTypeMemAlloc:
        if (flags & cudaGraphInstantiateFlagAutoFreeOnLaunch)
            wt_cuda_rt::graph_unmap(n->block->p);
        if (cudaError_t e = wt_cuda_rt::graph_map(n->block->p, n->block->bytes))
            return fail_why(e, "cudaGraphLaunch: the graph's allocation at %p is still allocated from an earlier "
                               "launch (free it, or instantiate with cudaGraphInstantiateFlagAutoFreeOnLaunch)",
                            n->block->p);
        return cudaSuccess;
    case cudaGraphNodeTypeMemFree: return cudaFree(n->free_ptr);
    /* streams run in order here: the work before a record node is done, and so is the work an
     * event a wait node waits for was recorded after (cudaEventQuery checks that it lives) */
    case cudaGraphNodeTypeEventRecord: return cudaEventRecord(n->event, s);
    case cudaGraphNodeTypeWaitEvent: return cudaEventQuery(n->event);
    default: return cudaSuccess;
    }
}

cudaError_t run_graph(const wt_cuda_graph_s *g, const std::vector<cudaGraphNode_t> &order, cudaStream_t s,
                      unsigned long long flags)
{
    for (const auto &c : g->conditions) /* cudaGraphCondAssignDefault: the value each time g starts */
        if (c->assign_default)
            c->value.store(c->default_value, std::memory_order_release);
    for (cudaGraphNode_t n : order)
        if (cudaError_t e = run_node(n, s, flags))
            return e;
    return cudaSuccess;
}

bool graph_has_cycle_msg(const wt_cuda_graph_s *g)
{
    std::vector<cudaGraphNode_t> order;
    if (!topological(g, &order))
        return true;
    for (auto &n : g->nodes) {
        if (n->child && graph_has_cycle_msg(n->child))
            return true;
        for (const wt_cuda_graph_s *b : n->bodies)
            if (graph_has_cycle_msg(b))
                return true;
    }
    return false;
}

cudaError_t kernel_from_params(const cudaKernelNodeParams *p, std::shared_ptr<kernel_launch> *out)
{
    if (!p || !p->func)
        return fail(cudaErrorInvalidValue);
    if (p->extra)
        return fail_why(cudaErrorInvalidValue, "a kernel node's arguments are taken from kernelParams, not extra");
    const wt_cuda_kernel_info *k = wt_cuda_find_kernel(p->func);
    if (!k)
        return fail_why(cudaErrorInvalidDeviceFunction,
                        "a kernel node's func %p is not a registered kernel (warptex-cxx registers the kernels a "
                        "program defines, and a template kernel's instantiation once it is launched by its type)",
                        p->func);
    if (k->params && !p->kernelParams)
        return fail(cudaErrorInvalidValue);
    if (cudaError_t e = wt_cuda_rt::launch_shape_error(p->wt_gridDim, p->wt_blockDim, p->sharedMemBytes))
        return fail(e);
    wt_cuda_closure c = k->make(p->func, p->kernelParams);
    if (!c.self)
        return fail(cudaErrorMemoryAllocation);
    *out = std::shared_ptr<kernel_launch>(
        new kernel_launch{c, p->func, p->wt_gridDim, p->wt_blockDim, p->sharedMemBytes});
    return cudaSuccess;
}
} // namespace

wt_cuda_graph_node_s::~wt_cuda_graph_node_s()
{
    destroy_graph(child);
    for (wt_cuda_graph_s *b : bodies)
        destroy_graph(b);
}

namespace wt_cuda_rt {
cudaError_t graph_add_closure(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t num,
                              wt_cuda_closure c, const void *func, dim3 grid, dim3 block, size_t shared)
{
    std::shared_ptr<kernel_launch> k(new (std::nothrow) kernel_launch{c, func, grid, block, shared});
    if (!k) {
        if (c.self)
            c.destroy(c.self);
        return fail(cudaErrorMemoryAllocation);
    }
    if (!c.self)
        return fail(cudaErrorMemoryAllocation);
    if (cudaError_t e = launch_shape_error(grid, block, shared))
        return fail(e);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeKernel;
    n->kernel = k;
    return add(out, g, deps, num, std::move(n));
}
bool graph_node_ok(cudaGraphNode_t n) { return live(n); }
} // namespace wt_cuda_rt

extern "C" {
cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if (!pGraph || flags)
        return fail(cudaErrorInvalidValue);
    *pGraph = new wt_cuda_graph_s;
    note(*pGraph);
    return cudaSuccess;
}
cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graph))
        return fail(cudaErrorInvalidValue);
    destroy_graph(graph);
    return cudaSuccess;
}
cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!pGraphClone || !live(originalGraph))
        return fail(cudaErrorInvalidValue);
    *pGraphClone = clone(originalGraph, nullptr);
    return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                                   size_t numDependencies, const struct cudaKernelNodeParams *pNodeParams)
{
    if (cudaError_t e = enter())
        return e;
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeKernel;
    if (cudaError_t e = kernel_from_params(pNodeParams, &n->kernel))
        return e;
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeKernel) || !p)
        return fail(cudaErrorInvalidValue);
    /* the arguments live in the node's closure: kernelParams is not given back */
    *p = cudaKernelNodeParams{};
    p->func = const_cast<void *>(node->kernel->func);
    p->wt_gridDim = node->kernel->grid;
    p->wt_blockDim = node->kernel->block;
    p->sharedMemBytes = (unsigned)node->kernel->shared;
    return cudaSuccess;
}
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeKernel))
        return fail(cudaErrorInvalidValue);
    return kernel_from_params(p, &node->kernel);
}
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                                   size_t numDependencies, const struct cudaMemcpy3DParms *pCopyParams)
{
    if (cudaError_t e = enter())
        return e;
    if (!pCopyParams)
        return fail(cudaErrorInvalidValue);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeMemcpy;
    n->copy3d = *pCopyParams; /* checked when it runs, by cudaMemcpy3D's own rules */
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                     const void *src, size_t count, enum cudaMemcpyKind kind)
{
    if (cudaError_t e = enter())
        return e;
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeMemcpy;
    n->linear = true;
    n->dst = dst;
    n->src = src;
    n->count = count;
    n->kind = kind;
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                                   size_t numDependencies, const struct cudaMemsetParams *p)
{
    if (cudaError_t e = enter())
        return e;
    if (!memset_ok(p))
        return fail(cudaErrorInvalidValue);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeMemset;
    n->set = *p;
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                                 size_t numDependencies, const struct cudaHostNodeParams *p)
{
    if (cudaError_t e = enter())
        return e;
    if (!p || !p->fn)
        return fail(cudaErrorInvalidValue);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeHost;
    n->host = *p;
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
                                  size_t numDependencies)
{
    if (cudaError_t e = enter())
        return e;
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeEmpty;
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(childGraph) || childGraph == graph)
        return fail(cudaErrorInvalidValue);
    for (auto &m : childGraph->nodes)
        if (m->type == cudaGraphNodeTypeMemAlloc || m->type == cudaGraphNodeTypeMemFree)
            return fail_why(cudaErrorNotSupported, "a child graph may not hold memory nodes (as with CUDA)");
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeGraph;
    n->child = clone(childGraph, nullptr);
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *p)
{
    if (cudaError_t e = enter())
        return e;
    if (!p || !p->bytesize || p->poolProps.allocType != cudaMemAllocationTypePinned ||
        p->poolProps.location.type != cudaMemLocationTypeDevice || p->poolProps.location.id != 0)
        return fail(cudaErrorInvalidValue);
    void *mem = wt_cuda_rt::graph_reserve(p->bytesize);
    if (!mem)
        return fail(cudaErrorMemoryAllocation);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeMemAlloc;
    n->block = std::shared_ptr<graph_block>(new graph_block{mem, p->bytesize});
    if (cudaError_t e = add(pGraphNode, graph, pDependencies, numDependencies, std::move(n)))
        return e;
    p->dptr = mem;
    return cudaSuccess;
}
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr)
{
    if (cudaError_t e = enter())
        return e;
    if (!dptr)
        return fail(cudaErrorInvalidValue);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeMemFree;
    n->free_ptr = dptr;
    return add(pGraphNode, graph, pDependencies, numDependencies, std::move(n));
}
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                     const struct cudaGraphEdgeData *edgeData, size_t numDependencies)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graph) || (numDependencies && (!from || !to)) || !plain_edges(edgeData, numDependencies))
        return fail(cudaErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++) {
        bool f = false, t = false;
        for (auto &m : graph->nodes) {
            f |= m.get() == from[i];
            t |= m.get() == to[i];
        }
        if (!f || !t || from[i] == to[i])
            return fail(cudaErrorInvalidValue);
        for (cudaGraphNode_t d : to[i]->deps)
            if (d == from[i])
                return fail(cudaErrorInvalidValue); /* already an edge */
    }
    for (size_t i = 0; i < numDependencies; i++)
        to[i]->deps.push_back(from[i]);
    return cudaSuccess;
}
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
    if (!live(node) || !pType)
        return fail(cudaErrorInvalidValue);
    *pType = node->type;
    return cudaSuccess;
}

/* ---- edges: what each node depends on and what depends on it ---- */
} /* extern "C": C++ helpers */
namespace {
/* A CUDA list query's answer: without arrays, *num is the count; with them, *num is their room,
 * put(i, i < count) fills each entry up to it (the rest null), and *num is lowered to the count. */
cudaError_t list_answer(size_t count, size_t *num, bool arrays, const std::function<void(size_t, bool)> &put)
{
    if (!num)
        return fail(cudaErrorInvalidValue);
    if (!arrays) {
        *num = count;
        return cudaSuccess;
    }
    for (size_t i = 0; i < *num; i++)
        put(i, i < count);
    if (count < *num)
        *num = count;
    return cudaSuccess;
}
/* the edges of g as (from, to) pairs, in the order of the nodes and their dependencies */
std::vector<std::pair<cudaGraphNode_t, cudaGraphNode_t>> edges_of(const wt_cuda_graph_s *g)
{
    std::vector<std::pair<cudaGraphNode_t, cudaGraphNode_t>> e;
    for (auto &m : g->nodes)
        for (cudaGraphNode_t d : m->deps)
            e.emplace_back(d, m.get());
    return e;
}
} // namespace
extern "C" {

/* CUDA's list protocol (list_answer): a long array's unused tail is set to null */
static cudaError_t list_nodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *num, bool roots_only)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graph))
        return fail(cudaErrorInvalidValue);
    std::vector<cudaGraphNode_t> found;
    for (auto &m : graph->nodes)
        if (!roots_only || m->deps.empty())
            found.push_back(m.get());
    return list_answer(found.size(), num, nodes != nullptr,
                       [&](size_t i, bool have) { nodes[i] = have ? found[i] : nullptr; });
}
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
    return list_nodes(graph, nodes, numNodes, false);
}
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes)
{
    return list_nodes(graph, pRootNodes, pNumRootNodes, true);
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              struct cudaGraphEdgeData *edgeData, size_t *numEdges)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graph) || (!from != !to) || (edgeData && !from))
        return fail(cudaErrorInvalidValue);
    const auto e = edges_of(graph);
    return list_answer(e.size(), numEdges, from != nullptr, [&](size_t i, bool have) {
        from[i] = have ? e[i].first : nullptr;
        to[i] = have ? e[i].second : nullptr;
        if (edgeData)
            edgeData[i] = cudaGraphEdgeData{};
    });
}
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         struct cudaGraphEdgeData *edgeData, size_t *pNumDependencies)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(node) || (edgeData && !pDependencies))
        return fail(cudaErrorInvalidValue);
    const std::vector<cudaGraphNode_t> d = node->deps;
    return list_answer(d.size(), pNumDependencies, pDependencies != nullptr, [&](size_t i, bool have) {
        pDependencies[i] = have ? d[i] : nullptr;
        if (edgeData)
            edgeData[i] = cudaGraphEdgeData{};
    });
}
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           struct cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(node) || !node->owner || (edgeData && !pDependentNodes))
        return fail(cudaErrorInvalidValue);
    std::vector<cudaGraphNode_t> after;
    for (auto &m : node->owner->nodes)
        for (cudaGraphNode_t d : m->deps)
            if (d == node)
                after.push_back(m.get());
    return list_answer(after.size(), pNumDependentNodes, pDependentNodes != nullptr, [&](size_t i, bool have) {
        pDependentNodes[i] = have ? after[i] : nullptr;
        if (edgeData)
            edgeData[i] = cudaGraphEdgeData{};
    });
}
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                        const struct cudaGraphEdgeData *edgeData, size_t numDependencies)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graph) || (numDependencies && (!from || !to)) || !plain_edges(edgeData, numDependencies))
        return fail(cudaErrorInvalidValue);
    /* every edge named must exist (none is removed otherwise), and none twice */
    for (size_t i = 0; i < numDependencies; i++) {
        bool found = live(to[i]) && to[i]->owner == graph &&
                     std::find(to[i]->deps.begin(), to[i]->deps.end(), from[i]) != to[i]->deps.end();
        for (size_t j = 0; j < i && found; j++)
            found = !(from[j] == from[i] && to[j] == to[i]);
        if (!found)
            return fail_why(cudaErrorInvalidValue, "cudaGraphRemoveDependencies: edge %zu is not an edge of the graph", i);
    }
    for (size_t i = 0; i < numDependencies; i++) /* an edge is in deps once (cudaGraphAddDependencies) */
        to[i]->deps.erase(std::find(to[i]->deps.begin(), to[i]->deps.end(), from[i]));
    return cudaSuccess;
}
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(node) || !node->owner)
        return fail(cudaErrorInvalidValue);
    wt_cuda_graph_s *g = node->owner;
    for (auto &m : g->nodes) /* its edges go with it */
        m->deps.erase(std::remove(m->deps.begin(), m->deps.end(), node), m->deps.end());
    forget(node);
    g->nodes.erase(std::find_if(g->nodes.begin(), g->nodes.end(),
                                [node](const std::unique_ptr<wt_cuda_graph_node_s> &m) { return m.get() == node; }));
    return cudaSuccess;
}

/* ---- event record and wait nodes ---- */
} /* extern "C": C++ helpers */
namespace {
cudaError_t add_event_node(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t num,
                           cudaEvent_t event, cudaGraphNodeType type)
{
    if (cudaError_t e = enter())
        return e;
    if (!event_ok(event))
        return fail(cudaErrorInvalidValue);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = type;
    n->event = event;
    return add(out, g, deps, num, std::move(n));
}
cudaError_t get_event(cudaGraphNode_t node, cudaGraphNodeType type, cudaEvent_t *out)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, type) || !out)
        return fail(cudaErrorInvalidValue);
    *out = node->event;
    return cudaSuccess;
}
cudaError_t set_event(cudaGraphNode_t node, cudaGraphNodeType type, cudaEvent_t event)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, type) || !event_ok(event))
        return fail(cudaErrorInvalidValue);
    node->event = event;
    return cudaSuccess;
}
} // namespace
extern "C" {

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaEvent_t event)
{
    return add_event_node(pGraphNode, graph, pDependencies, numDependencies, event, cudaGraphNodeTypeEventRecord);
}
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaEvent_t event)
{
    return add_event_node(pGraphNode, graph, pDependencies, numDependencies, event, cudaGraphNodeTypeWaitEvent);
}
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return get_event(node, cudaGraphNodeTypeEventRecord, event_out);
}
cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return set_event(node, cudaGraphNodeTypeEventRecord, event);
}
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return get_event(node, cudaGraphNodeTypeWaitEvent, event_out);
}
cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return set_event(node, cudaGraphNodeTypeWaitEvent, event);
}
static cudaError_t exec_set_event(cudaGraphExec_t x, cudaGraphNode_t node, cudaGraphNodeType type, cudaEvent_t event)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    cudaGraphNode_t own = exec_node(x, node, type);
    if (!own || !event_ok(event))
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> run(x->running);
    own->event = event;
    return cudaSuccess;
}
cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, cudaEvent_t event)
{
    return exec_set_event(hGraphExec, hNode, cudaGraphNodeTypeEventRecord, event);
}
cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, cudaEvent_t event)
{
    return exec_set_event(hGraphExec, hNode, cudaGraphNodeTypeWaitEvent, event);
}

/* ---- copy, set and host nodes' parameters, in a graph and in an executable graph ---- */
} /* extern "C": C++ helpers */
namespace {
void set_copy1d(cudaGraphNode_t n, void *dst, const void *src, size_t count, cudaMemcpyKind kind)
{
    n->linear = true;
    n->dst = dst;
    n->src = src;
    n->count = count;
    n->kind = kind;
}
void set_copy3d(cudaGraphNode_t n, const cudaMemcpy3DParms *p)
{
    n->linear = false;
    n->copy3d = *p;
}
} // namespace
extern "C" {

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeMemcpy) || !p)
        return fail(cudaErrorInvalidValue);
    if (!node->linear) {
        *p = node->copy3d;
        return cudaSuccess;
    }
    /* a 1D copy as the 3D copy of one row it is */
    *p = cudaMemcpy3DParms{};
    p->srcPtr = make_cudaPitchedPtr(const_cast<void *>(node->src), node->count, node->count, 1);
    p->dstPtr = make_cudaPitchedPtr(node->dst, node->count, node->count, 1);
    p->extent = make_cudaExtent(node->count, 1, 1);
    p->kind = node->kind;
    return cudaSuccess;
}
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeMemcpy) || !p)
        return fail(cudaErrorInvalidValue);
    set_copy3d(node, p);
    return cudaSuccess;
}
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                           enum cudaMemcpyKind kind)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeMemcpy))
        return fail(cudaErrorInvalidValue);
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    set_copy1d(node, dst, src, count, kind);
    return cudaSuccess;
}
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeMemset) || !p)
        return fail(cudaErrorInvalidValue);
    *p = node->set;
    return cudaSuccess;
}
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeMemset) || !memset_ok(p))
        return fail(cudaErrorInvalidValue);
    node->set = *p;
    return cudaSuccess;
}
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeHost) || !p)
        return fail(cudaErrorInvalidValue);
    *p = node->host;
    return cudaSuccess;
}
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeHost) || !p || !p->fn)
        return fail(cudaErrorInvalidValue);
    node->host = *p;
    return cudaSuccess;
}
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!typed(node, cudaGraphNodeTypeGraph) || !pGraph)
        return fail(cudaErrorInvalidValue);
    *pGraph = node->child; /* the node's own copy: it lives as long as the node */
    return cudaSuccess;
}
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    cudaGraphNode_t own = exec_node(hGraphExec, node, cudaGraphNodeTypeMemcpy);
    if (!own || !p)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> run(hGraphExec->running);
    set_copy3d(own, p);
    return cudaSuccess;
}
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                               const void *src, size_t count, enum cudaMemcpyKind kind)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    cudaGraphNode_t own = exec_node(hGraphExec, node, cudaGraphNodeTypeMemcpy);
    if (!own)
        return fail(cudaErrorInvalidValue);
    if (!kind_ok(kind))
        return fail(cudaErrorInvalidMemcpyDirection);
    std::lock_guard<std::mutex> run(hGraphExec->running);
    set_copy1d(own, dst, src, count, kind);
    return cudaSuccess;
}
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    cudaGraphNode_t own = exec_node(hGraphExec, node, cudaGraphNodeTypeMemset);
    if (!own || !memset_ok(p))
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> run(hGraphExec->running);
    own->set = *p;
    return cudaSuccess;
}
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    cudaGraphNode_t own = exec_node(hGraphExec, node, cudaGraphNodeTypeHost);
    if (!own || !p || !p->fn)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> run(hGraphExec->running);
    own->host = *p;
    return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!pGraphExec || !live(graph) || (flags & ~(unsigned long long)(cudaGraphInstantiateFlagAutoFreeOnLaunch |
                                                                      cudaGraphInstantiateFlagUpload |
                                                                      cudaGraphInstantiateFlagUseNodePriority)))
        return fail(cudaErrorInvalidValue);
    if (graph_has_cycle_msg(graph))
        return fail_why(cudaErrorInvalidValue, "cudaGraphInstantiate: the graph's dependencies form a cycle");
    auto *x = new wt_cuda_graph_exec_s;
    x->graph.reset(clone(graph, &x->of));
    x->flags = flags;
    note(x);
    *pGraphExec = x;
    return cudaSuccess;
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
    return cudaGraphInstantiate(pGraphExec, graph, flags);
}
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graphExec))
        return fail(cudaErrorInvalidValue);
    forget(graphExec);
    wt_cuda_graph_s *g = graphExec->graph.release();
    destroy_graph(g);
    delete graphExec;
    return cudaSuccess;
}
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!live(graphExec))
        return fail(cudaErrorInvalidValue);
    return wt_cuda_rt::stream_ok(stream) ? cudaSuccess : fail(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    cudaGraphNode_t own = exec_node(hGraphExec, node, cudaGraphNodeTypeKernel);
    if (!own)
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> run(hGraphExec->running);
    return kernel_from_params(pNodeParams, &own->kernel);
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphExecUpdateResultInfo *info)
{
    if (cudaError_t e = enter())
        return e;
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(hGraphExec) || !live(hGraph) || !info)
        return fail(cudaErrorInvalidValue);
    *info = cudaGraphExecUpdateResultInfo{cudaGraphExecUpdateSuccess, nullptr, nullptr};
    wt_cuda_graph_s *x = hGraphExec->graph.get();
    /* the same nodes in the same order with the same edges (the order both were built in) */
    std::map<cudaGraphNode_t, size_t> index_x, index_g;
    for (size_t i = 0; i < x->nodes.size(); i++)
        index_x[x->nodes[i].get()] = i;
    for (size_t i = 0; i < hGraph->nodes.size(); i++)
        index_g[hGraph->nodes[i].get()] = i;
    cudaGraphExecUpdateResult r = cudaGraphExecUpdateSuccess;
    cudaGraphNode_t bad = nullptr;
    if (x->nodes.size() != hGraph->nodes.size())
        r = cudaGraphExecUpdateErrorTopologyChanged;
    for (size_t i = 0; r == cudaGraphExecUpdateSuccess && i < x->nodes.size(); i++) {
        const wt_cuda_graph_node_s *a = x->nodes[i].get(), *b = hGraph->nodes[i].get();
        bad = hGraph->nodes[i].get();
        if (a->type != b->type) {
            r = cudaGraphExecUpdateErrorNodeTypeChanged;
        } else if (a->deps.size() != b->deps.size()) {
            r = cudaGraphExecUpdateErrorTopologyChanged;
        } else {
            for (size_t d = 0; d < a->deps.size(); d++)
                if (index_x[a->deps[d]] != index_g[b->deps[d]])
                    r = cudaGraphExecUpdateErrorTopologyChanged;
        }
        if (r == cudaGraphExecUpdateSuccess &&
            ((a->type == cudaGraphNodeTypeMemAlloc && a->block != b->block) ||
             (a->type == cudaGraphNodeTypeMemFree && a->free_ptr != b->free_ptr)))
            r = cudaGraphExecUpdateErrorNotSupported; /* memory nodes cannot change (as with CUDA) */
    }
    if (r != cudaGraphExecUpdateSuccess) {
        info->result = r;
        info->errorNode = bad;
        return fail(cudaErrorGraphExecUpdateFailure);
    }
    std::lock_guard<std::mutex> run(hGraphExec->running);
    std::map<cudaGraphNode_t, cudaGraphNode_t> of;
    for (size_t i = 0; i < x->nodes.size(); i++) {
        wt_cuda_graph_node_s *a = x->nodes[i].get();
        wt_cuda_graph_node_s *b = hGraph->nodes[i].get();
        std::vector<cudaGraphNode_t> deps = a->deps;
        wt_cuda_graph_s *old_child = a->child, *owner = a->owner;
        std::vector<wt_cuda_graph_s *> old_bodies = a->bodies;
        *a = *b; /* the new parameters; the executable graph's own edges and graph copies stay its own */
        a->deps = deps;
        a->owner = owner;
        own_graphs(a);
        destroy_graph(old_child);
        for (wt_cuda_graph_s *body : old_bodies)
            destroy_graph(body);
        of[b] = a;
    }
    hGraphExec->of = of; /* later parameter changes name the new graph's nodes */
    return cudaSuccess;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    if (cudaError_t e = enter())
        return e;
    if (!live(graphExec))
        return fail(cudaErrorInvalidValue);
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if (wt_cuda_stream_capturing(stream)) /* launched into a capture: the graph becomes a child graph node */
        return wt_cuda_rt::capture_child_graph(stream, graphExec->graph.get());
    std::lock_guard<std::mutex> run(graphExec->running);
    t_running++;
    const cudaError_t e = run_whole(graphExec->graph.get(), stream, graphExec->flags);
    t_running--;
    return e ? fail(e) : cudaSuccess;
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(graph) || !path)
        return fail(cudaErrorInvalidValue);
    FILE *f = fopen(path, "w");
    if (!f)
        return fail(cudaErrorOperatingSystem);
    static const char *const names[] = {"kernel", "memcpy", "memset", "host", "graph", "empty", "wait event",
                                        "event record", "semaphore signal", "semaphore wait", "mem alloc",
                                        "mem free"};
    fprintf(f, "digraph warptex_graph {\n");
    for (auto &n : graph->nodes) {
        fprintf(f, "  \"%p\" [label=\"%s\"];\n", (void *)n.get(),
                (unsigned)n->type < sizeof names / sizeof *names ? names[n->type] : "node");
        for (cudaGraphNode_t d : n->deps)
            fprintf(f, "  \"%p\" -> \"%p\";\n", (void *)d, (void *)n.get());
    }
    fprintf(f, "}\n");
    return fclose(f) == 0 ? cudaSuccess : fail(cudaErrorOperatingSystem);
}
cudaError_t cudaDeviceGraphMemTrim(int device)
{
    if (cudaError_t e = enter())
        return e;
    return device == 0 ? cudaSuccess : fail(cudaErrorInvalidDevice);
}
}

namespace wt_cuda_rt {
bool graph_running_here(void) { return t_running > 0; }
std::vector<cudaGraphNode_t> graph_node_deps(cudaGraphNode_t n)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    return live(n) ? n->deps : std::vector<cudaGraphNode_t>();
}
bool graph_edges_plain(const cudaGraphEdgeData *data, size_t n) { return plain_edges(data, n); }
bool graph_ok(cudaGraph_t g) { return live(g); }
bool graph_holds(cudaGraph_t g, cudaGraphNode_t n) { return live(n) && n->owner == g; }
cudaError_t graph_keep_condition(cudaGraph_t g, std::shared_ptr<graph_condition> c)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    if (!live(g))
        return fail(cudaErrorInvalidValue);
    c->owner = g;
    g->conditions.push_back(std::move(c));
    return cudaSuccess;
}
cudaError_t graph_add_conditional(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t num,
                                  cudaConditionalNodeParams *p)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    std::shared_ptr<graph_condition> c = condition_of(p->handle);
    if (!c || c->owner != g)
        return fail_why(cudaErrorInvalidValue, "a conditional node's handle was not made for the node's graph "
                                               "(cudaGraphConditionalHandleCreate)");
    const unsigned size = p->size;
    const bool size_ok = p->type == cudaGraphCondTypeIf       ? size == 1 || size == 2
                         : p->type == cudaGraphCondTypeWhile  ? size == 1
                         : p->type == cudaGraphCondTypeSwitch ? size >= 1 && size <= 65536
                                                              : false;
    if (!size_ok)
        return fail(cudaErrorInvalidValue);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeConditional;
    n->cond = std::move(c);
    n->cond_type = p->type;
    for (unsigned i = 0; i < size; i++) { /* the node owns them: the destructor frees them on failure */
        n->bodies.push_back(new wt_cuda_graph_s);
        note(n->bodies.back());
    }
    wt_cuda_graph_node_s *node = n.get();
    if (cudaError_t e = add(out, g, deps, num, std::move(n)))
        return e;
    p->phGraph_out = node->bodies.data(); /* cudaGraph_t is wt_cuda_graph_s * */
    return cudaSuccess;
}
cudaError_t graph_add_child_copy(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps, size_t num,
                                 const wt_cuda_graph_s *child)
{
    std::lock_guard<std::recursive_mutex> lk(g_lock);
    std::unique_ptr<wt_cuda_graph_node_s> n(new wt_cuda_graph_node_s);
    n->type = cudaGraphNodeTypeGraph;
    n->child = clone(child, nullptr);
    return add(out, g, deps, num, std::move(n));
}
} // namespace wt_cuda_rt
