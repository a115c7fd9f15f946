/* stream_capture.cpp -- stream capture: work submitted to a capturing stream becomes graph nodes
 * SPDX-License-Identifier: MIT
 *
 * docs/cuda.md#stream-capture.  A capture is a graph and, for each stream taking part, its last
 * work (the nodes the next one depends on).  cudaEventRecord in a capturing stream makes the event
 * stand for that work; a stream that waits for such an event joins the capture (a fork) or adds
 * the event's work to its own (a join).  cudaStreamEndCapture gives the graph once every stream
 * that joined has been joined back into the one that began it. */
#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "graphs.h"

using wt_cuda_rt::enter;
using wt_cuda_rt::fail;
using wt_cuda_rt::fail_why;

namespace {
struct capture {
    cudaGraph_t graph;
    cudaStreamCaptureMode mode;
    bool invalid;
    unsigned long long id;
    std::thread::id thread;
    cudaStream_t origin;
    bool own_graph; /* made by cudaStreamBeginCapture, not the caller's (cudaStreamBeginCaptureToGraph) */
};
struct stream_state {
    std::shared_ptr<capture> cap;
    std::vector<cudaGraphNode_t> tail; /* the stream's last work in the capture */
};
struct captured_event {
    std::shared_ptr<capture> cap;
    std::vector<cudaGraphNode_t> work;
};
std::mutex g_lock;
std::map<cudaStream_t, stream_state> g_streams;   /* the streams taking part in a capture */
std::map<cudaEvent_t, captured_event> g_events;   /* events recorded in a capture */
std::atomic<int> g_capturing{0};                  /* g_streams.size(): the fast test */
unsigned long long g_next_id = 1;
thread_local int t_async = 0;
thread_local cudaStreamCaptureMode t_mode = cudaStreamCaptureModeGlobal; /* cudaThreadExchangeStreamCaptureMode */

/* leaves the capture: the streams in it and its events; g_lock held */
void end_capture(const std::shared_ptr<capture> &c)
{
    for (auto it = g_streams.begin(); it != g_streams.end();)
        it = it->second.cap == c ? g_streams.erase(it) : std::next(it);
    for (auto it = g_events.begin(); it != g_events.end();)
        it = it->second.cap == c ? g_events.erase(it) : std::next(it);
    g_capturing.store((int)g_streams.size(), std::memory_order_release);
}

/* s's part in a capture that is still valid, or null with the error set (s captures nothing:
 * illegal state; its capture was invalidated); g_lock held */
stream_state *live_part(cudaStream_t s, cudaError_t *e)
{
    auto it = g_streams.find(s);
    *e = it == g_streams.end() ? fail(cudaErrorIllegalState)
         : it->second.cap->invalid ? fail(cudaErrorStreamCaptureInvalidated)
                                   : cudaSuccess;
    return *e ? nullptr : &it->second;
}
} // namespace

namespace wt_cuda_rt {
cudaError_t capture_record(cudaStream_t s, const capture_add &add)
{
    std::lock_guard<std::mutex> g(g_lock);
    cudaError_t e;
    stream_state *st = live_part(s, &e);
    if (!st)
        return e;
    cudaGraphNode_t node = nullptr;
    if ((e = add(st->cap->graph, st->tail.data(), st->tail.size(), &node))) {
        st->cap->invalid = true; /* as CUDA: a failed call in a capture invalidates it */
        return e;
    }
    st->tail.assign(1, node);
    return cudaSuccess;
}

cudaError_t capture_child_graph(cudaStream_t s, const struct wt_cuda_graph_s *graph)
{
    return capture_record(s, [graph](cudaGraph_t g, const cudaGraphNode_t *d, size_t n, cudaGraphNode_t *out) {
        return graph_add_child_copy(out, g, d, n, graph);
    });
}

cudaError_t capture_event_record(cudaEvent_t e, cudaStream_t s)
{
    std::lock_guard<std::mutex> g(g_lock);
    cudaError_t err;
    stream_state *st = live_part(s, &err);
    if (!st)
        return err;
    g_events[e] = captured_event{st->cap, st->tail};
    return cudaSuccess;
}

cudaError_t capture_wait_event(cudaStream_t s, cudaEvent_t e, bool *handled)
{
    std::lock_guard<std::mutex> g(g_lock);
    *handled = false;
    auto ev = g_events.find(e);
    if (ev == g_events.end())
        return cudaSuccess;
    *handled = true;
    if (!s)
        return fail_why(cudaErrorStreamCaptureImplicit, "the legacy null stream cannot join a stream capture");
    auto it = g_streams.find(s);
    if (it == g_streams.end()) { /* a fork: the stream joins the capture after the event's work */
        g_streams[s] = stream_state{ev->second.cap, ev->second.work};
        g_capturing.store((int)g_streams.size(), std::memory_order_release);
        return cudaSuccess;
    }
    if (it->second.cap != ev->second.cap)
        return fail_why(cudaErrorStreamCaptureIsolation, "a stream waits for an event recorded in another capture");
    for (cudaGraphNode_t n : ev->second.work) /* a join: the stream's next work waits for both */
        if (std::find(it->second.tail.begin(), it->second.tail.end(), n) == it->second.tail.end())
            it->second.tail.push_back(n);
    return cudaSuccess;
}

void capture_forget_stream(cudaStream_t s)
{
    std::lock_guard<std::mutex> g(g_lock);
    auto it = g_streams.find(s);
    if (it == g_streams.end())
        return;
    if (it->second.cap->origin == s)
        it->second.cap->invalid = true; /* the capture can no longer end */
    g_streams.erase(it); /* a stream that joined: its work stays in the graph */
    g_capturing.store((int)g_streams.size(), std::memory_order_release);
}

async_call::async_call() { t_async++; }
async_call::~async_call() { t_async--; }

cudaError_t capture_forbids(const char *call)
{
    if (g_capturing.load(std::memory_order_acquire) == 0 || graph_running_here() || t_async ||
        t_mode == cudaStreamCaptureModeRelaxed)
        return cudaSuccess;
    std::lock_guard<std::mutex> g(g_lock);
    bool forbidden = false;
    for (auto &st : g_streams) {
        capture &c = *st.second.cap;
        if (c.invalid)
            continue;
        if (c.mode == cudaStreamCaptureModeGlobal ||
            (c.mode == cudaStreamCaptureModeThreadLocal && c.thread == std::this_thread::get_id())) {
            c.invalid = true; /* CUDA invalidates the capture the unsafe call would have broken */
            forbidden = true;
        }
    }
    if (!forbidden)
        return cudaSuccess;
    return fail_why(cudaErrorStreamCaptureUnsupported,
                    "%s is not allowed while a stream captures (the capture is invalidated); use the Async form on "
                    "the capturing stream, or cudaStreamCaptureModeRelaxed",
                    call);
}

cudaError_t capture_sync_check(cudaStream_t s, const char *call)
{
    if (g_capturing.load(std::memory_order_acquire) == 0)
        return cudaSuccess;
    {
        std::lock_guard<std::mutex> g(g_lock);
        auto it = g_streams.find(s);
        if (it != g_streams.end()) {
            it->second.cap->invalid = true;
            return fail_why(cudaErrorStreamCaptureUnsupported,
                            "%s of a capturing stream: its work has not run, it is being recorded (the capture is "
                            "invalidated)",
                            call);
        }
    }
    return s ? cudaSuccess : capture_forbids(call);
}
} // namespace wt_cuda_rt

extern "C" {
int wt_cuda_stream_capturing(cudaStream_t stream)
{
    if (g_capturing.load(std::memory_order_acquire) == 0)
        return 0;
    std::lock_guard<std::mutex> g(g_lock);
    return g_streams.count(stream) != 0;
}

cudaError_t wt_cuda_capture_launch(wt_cuda_closure c, dim3 grid, dim3 block, size_t shared_bytes, cudaStream_t stream)
{
    bool taken = false;
    const cudaError_t e = wt_cuda_rt::capture_record(
        stream, [&](cudaGraph_t g, const cudaGraphNode_t *d, size_t n, cudaGraphNode_t *out) {
            taken = true;
            return wt_cuda_rt::graph_add_closure(out, g, d, n, c, nullptr, grid, block, shared_bytes);
        });
    if (!taken && c.self)
        c.destroy(c.self);
    return e;
}

} /* extern "C" */

namespace {
/* the capture of stream into graph (made here when own_graph), its first work after deps */
cudaError_t begin_capture(cudaStream_t stream, cudaGraph_t graph, bool own_graph, const cudaGraphNode_t *deps,
                          size_t num, cudaStreamCaptureMode mode)
{
    if (cudaError_t e = enter())
        return e;
    if (!stream)
        return fail_why(cudaErrorStreamCaptureUnsupported, "the legacy null stream cannot be captured");
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    if ((unsigned)mode > (unsigned)cudaStreamCaptureModeRelaxed || (num && !deps))
        return fail(cudaErrorInvalidValue);
    if (own_graph) {
        if (cudaError_t e = cudaGraphCreate(&graph, 0))
            return e;
    } else {
        if (!wt_cuda_rt::graph_ok(graph))
            return fail(cudaErrorInvalidValue);
        for (size_t i = 0; i < num; i++)
            if (!wt_cuda_rt::graph_holds(graph, deps[i]))
                return fail_why(cudaErrorInvalidValue, "cudaStreamBeginCaptureToGraph: dependency %zu is not a node "
                                                       "of the graph",
                                i);
    }
    std::lock_guard<std::mutex> g(g_lock);
    if (g_streams.count(stream)) {
        if (own_graph)
            cudaGraphDestroy(graph);
        return fail(cudaErrorIllegalState);
    }
    auto c = std::make_shared<capture>(
        capture{graph, mode, false, g_next_id++, std::this_thread::get_id(), stream, own_graph});
    g_streams[stream] = stream_state{c, std::vector<cudaGraphNode_t>(deps, deps + num)};
    g_capturing.store((int)g_streams.size(), std::memory_order_release);
    return cudaSuccess;
}
} // namespace

extern "C" {
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
    return begin_capture(stream, nullptr, true, nullptr, 0, mode);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies,
                                          const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                          enum cudaStreamCaptureMode mode)
{
    if (!wt_cuda_rt::graph_edges_plain(dependencyData, numDependencies))
        return fail(cudaErrorInvalidValue);
    return begin_capture(stream, graph, false, dependencies, numDependencies, mode);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                                unsigned int flags)
{
    if (cudaError_t e = enter())
        return e;
    if ((numDependencies && !dependencies) || flags > cudaStreamSetCaptureDependencies ||
        !wt_cuda_rt::graph_edges_plain(dependencyData, numDependencies))
        return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> g(g_lock);
    cudaError_t e;
    stream_state *st = live_part(stream, &e);
    if (!st)
        return e;
    for (size_t i = 0; i < numDependencies; i++)
        if (!wt_cuda_rt::graph_holds(st->cap->graph, dependencies[i]))
            return fail_why(cudaErrorInvalidValue, "cudaStreamUpdateCaptureDependencies: node %zu is not in the "
                                                   "capture's graph",
                            i);
    if (flags == cudaStreamSetCaptureDependencies)
        st->tail.clear();
    for (size_t i = 0; i < numDependencies; i++)
        if (std::find(st->tail.begin(), st->tail.end(), dependencies[i]) == st->tail.end())
            st->tail.push_back(dependencies[i]);
    return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
    cudaGraph_t ignored;
    std::shared_ptr<capture> c;
    bool unjoined = false;
    {
        std::lock_guard<std::mutex> g(g_lock);
        auto it = g_streams.find(stream);
        if (it == g_streams.end())
            return fail(cudaErrorIllegalState);
        c = it->second.cap;
        if (!pGraph && c->own_graph)
            return fail(cudaErrorInvalidValue);
        if (c->origin != stream) {
            c->invalid = true;
            return fail_why(cudaErrorStreamCaptureUnmatched,
                            "cudaStreamEndCapture on a stream that joined a capture, not the one that began it");
        }
        if (c->mode != cudaStreamCaptureModeRelaxed && c->thread != std::this_thread::get_id())
            return fail(cudaErrorStreamCaptureWrongThread);
        /* every stream's last work must be the origin's, or come before it */
        std::set<cudaGraphNode_t> before(it->second.tail.begin(), it->second.tail.end());
        std::vector<cudaGraphNode_t> todo(it->second.tail.begin(), it->second.tail.end());
        while (!todo.empty()) {
            cudaGraphNode_t n = todo.back();
            todo.pop_back();
            for (cudaGraphNode_t d : wt_cuda_rt::graph_node_deps(n))
                if (before.insert(d).second)
                    todo.push_back(d);
        }
        for (auto &st : g_streams)
            if (st.second.cap == c)
                for (cudaGraphNode_t n : st.second.tail)
                    unjoined |= !before.count(n);
        end_capture(c);
    }
    if (!pGraph)
        pGraph = &ignored;
    *pGraph = nullptr;
    if (c->invalid || unjoined) {
        if (c->own_graph)
            cudaGraphDestroy(c->graph); /* the caller's graph keeps what was captured into it */
        if (unjoined && !c->invalid)
            return fail_why(cudaErrorStreamCaptureUnjoined,
                            "cudaStreamEndCapture: a stream that joined the capture was not joined back into the "
                            "stream that began it");
        return fail(cudaErrorStreamCaptureInvalidated);
    }
    *pGraph = c->graph;
    return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
    return cudaStreamGetCaptureInfo(stream, pCaptureStatus);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out, cudaGraph_t *graph_out,
                                     const cudaGraphNode_t **dependencies_out, const cudaGraphEdgeData **edgeData_out,
                                     size_t *numDependencies_out)
{
    if (cudaError_t e = enter())
        return e;
    if (!captureStatus_out)
        return fail(cudaErrorInvalidValue);
    if (!wt_cuda_rt::stream_ok(stream))
        return fail(cudaErrorInvalidResourceHandle);
    std::lock_guard<std::mutex> g(g_lock);
    auto it = g_streams.find(stream);
    if (edgeData_out)
        *edgeData_out = nullptr; /* every edge is the default one */
    if (it == g_streams.end()) {
        *captureStatus_out = cudaStreamCaptureStatusNone;
        return cudaSuccess;
    }
    const capture &c = *it->second.cap;
    *captureStatus_out = c.invalid ? cudaStreamCaptureStatusInvalidated : cudaStreamCaptureStatusActive;
    if (id_out)
        *id_out = c.id;
    if (graph_out)
        *graph_out = c.graph;
    if (dependencies_out)
        *dependencies_out = it->second.tail.data(); /* valid until the stream's next call, as CUDA's */
    if (numDependencies_out)
        *numDependencies_out = it->second.tail.size();
    return cudaSuccess;
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
    if (!mode || (unsigned)*mode > (unsigned)cudaStreamCaptureModeRelaxed)
        return fail(cudaErrorInvalidValue);
    std::swap(t_mode, *mode);
    return cudaSuccess;
}
}
