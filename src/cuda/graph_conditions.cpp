/* graph_conditions.cpp -- conditional handles: their values, made by the host, set by device code
 * (docs/cuda.md#conditional-nodes)
 * SPDX-License-Identifier: MIT
 *
 * A handle is a number; its condition lives while the graph it was made for (or a copy of that
 * graph: an executable graph, a child graph node's) or a conditional node using it lives.  One
 * value per handle: the executable graphs of one graph share it, so two of them launched at once
 * from two host threads race on it, where CUDA would give each its own. */
#include <map>
#include <mutex>

#include "graphs.h"

using wt_cuda_rt::fail;
using wt_cuda_rt::fail_why;

namespace {
std::mutex g_lock;
std::map<unsigned long long, std::weak_ptr<wt_cuda_rt::graph_condition>> g_handles;
unsigned long long g_next = 1; /* 0 is never a handle */
} // namespace

namespace wt_cuda_rt {
std::shared_ptr<graph_condition> condition_of(cudaGraphConditionalHandle h)
{
    std::lock_guard<std::mutex> g(g_lock);
    auto it = g_handles.find(h);
    if (it == g_handles.end())
        return nullptr;
    std::shared_ptr<graph_condition> c = it->second.lock();
    if (!c)
        g_handles.erase(it);
    return c;
}
} // namespace wt_cuda_rt

extern "C" {
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue, unsigned int flags)
{
    if (cudaError_t e = wt_cuda_rt::enter())
        return e;
    if (!pHandle_out || (flags & ~(unsigned)cudaGraphCondAssignDefault))
        return fail(cudaErrorInvalidValue);
    std::shared_ptr<wt_cuda_rt::graph_condition> c;
    try {
        c = std::make_shared<wt_cuda_rt::graph_condition>();
        std::lock_guard<std::mutex> g(g_lock);
        for (auto it = g_handles.begin(); it != g_handles.end();) /* forget the handles nothing keeps */
            it = it->second.expired() ? g_handles.erase(it) : std::next(it);
        c->id = g_next++;
        g_handles[c->id] = c;
    } catch (...) {
        return fail(cudaErrorMemoryAllocation);
    }
    c->default_value = defaultLaunchValue;
    c->assign_default = (flags & cudaGraphCondAssignDefault) != 0;
    c->value.store(c->assign_default ? defaultLaunchValue : 0, std::memory_order_relaxed);
    if (cudaError_t e = wt_cuda_rt::graph_keep_condition(graph, c))
        return e; /* c, unkept, dies here and its handle with it */
    *pHandle_out = c->id;
    return cudaSuccess;
}

void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value)
{
    std::shared_ptr<wt_cuda_rt::graph_condition> c = wt_cuda_rt::condition_of(handle);
    if (!c) {
        if (wt_cuda_tls.block)
            wt_cuda_rt::kernel_fault("cudaGraphSetConditional of a handle that no live graph made");
        fail_why(cudaErrorInvalidValue, "cudaGraphSetConditional of a handle that no live graph made");
        return;
    }
    c->value.store(value, std::memory_order_release);
}
}
