/* cuda_runtime.h -- CUDA's runtime header for C++ on the CPU: types, runtime API, device functions, launch (warptex)
 * SPDX-License-Identifier: MIT
 *
 * `#include <cuda_runtime.h>` with -I <prefix>/include/warptex/cuda (warptex-cxx
 * adds it) gives a .cu file what nvcc's would: the types, the runtime API, the
 * built-ins, device math, atomics, texture and surface functions.
 *
 * Launch.  `k<<<grid, block, shared, stream>>>(args...)` is rewritten by
 * warptex-cxx into wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(grid,
 * block, shared, stream), args...): each thread calls k(args...) as written,
 * so default arguments, overloads and deduced template arguments work as with
 * nvcc.  wt_cuda_launch(kernel_pointer, ...) can also be written by hand, as
 * can cudaLaunchKernel.  The launch runs the whole grid before it returns: blocks
 * in parallel on the library's threads (OpenMP; WARPTEX_NUM_THREADS), the
 * threads of a block as cooperative fibers on one OS thread
 * (src/cuda/launch.cpp).  Arguments are copied once at the launch and each
 * thread gets its own copy of the parameters, as on the GPU.
 * Errors: cudaErrorInvalidConfiguration for an empty grid or block, a block of
 * more than 1024 threads or dimensions past CUDA's limits;
 * cudaErrorInvalidValue for more than 48 KiB of dynamic shared memory or a
 * bad stream; the sticky error if one is set.  A kernel that faults makes
 * the sticky cudaErrorLaunchFailure (cuda_runtime_api.h), or for a memory
 * fault cudaErrorIllegalAddress and its kin (src/cuda/fault_guard.h),
 * returned by this and every later call.  Thread-safety: launches from several host threads
 * may run at once, each on its own team of threads. */
#ifndef WARPTEX_CUDA_RUNTIME_H
#define WARPTEX_CUDA_RUNTIME_H
#define __CUDA_RUNTIME_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include <limits.h> /* nvcc's pre-included headers bring it in, and programs use UINT_MAX without it */
#include <stddef.h>
#include <atomic>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#include "host_defines.h"
#include "builtin_types.h"
#include "vector_functions.h"
#include "channel_descriptor.h"
#include "driver_functions.h"
#include "cuda_runtime_api.h"
#include "cuda_fp16.h"
#include "device_launch_parameters.h"
#include "device_functions.h"
#include "device_atomic_functions.h"
#include "texture_fetch_functions.h"
#include "surface_functions.h"
#include "warptex_inline_asm.h"

/* The threads of the running block not yet started, as the launcher keeps
 * them: a worker fiber runs run(closure, cursor), which starts thread
 * `next`, and the next, until none is left or the block stops (below).  So
 * the loop over a block's threads is compiled here, with the kernel, rather
 * than making two calls through pointers per thread.  A thread that returns
 * needs no record: the scheduler looks at threads only when none runs.  A
 * thread that waits at a barrier parks its fiber inside run(); the launcher
 * then starts another worker fiber on the same cursor. */
struct wt_cuda_cursor {
    unsigned next;                   /* the next thread to start */
    unsigned n;                      /* threads in the block */
    unsigned current;                /* the thread of the fiber that runs now */
    unsigned char stop;              /* the block stops: start no more threads */
    const std::atomic<bool> *failed; /* another block failed: start no more warps */
    uint3 dim;                       /* blockDim */
};

/* Threads as loops (docs/cuda.md#threads-as-loops).  warptex-cxx's compiler pass replaces each
 * call of this with a call of a function it makes from thread (one thread of the block, the
 * kernel's call): the whole block as one loop over its threads, split at each __syncthreads, each
 * value live across a barrier kept per thread.  That function runs threads 0..n-1 of the block,
 * calling enter(cursor, t) before each thread runs a part, and returns 1; or returns 0 having run
 * none, when it cannot have the memory it needs.  Without the pass, or for a kernel it leaves to
 * the fibers (one that meets its warp, calls a function it cannot see, ...), this is the
 * library's, which returns 0: the block then runs on fibers. */
extern "C" int wt_cuda_threads_as_loops(void *closure, struct wt_cuda_cursor *cursor, unsigned n,
                                        void (*thread)(void *closure),
                                        void (*enter)(struct wt_cuda_cursor *cursor, unsigned t));

/* warptex's own: how many blocks have run as loops in this process (for tests and tuning).
 * warptex-cxx defines __WARPTEX_THREADS_AS_LOOPS__ where it compiles with the pass. */
extern "C" unsigned long long wt_cuda_loop_blocks(void);

/* Runs run(closure, cursor) in each worker fiber of each block of the grid. */
extern "C" cudaError_t wt_cuda_launch_threads(void (*run)(void *closure, struct wt_cuda_cursor *cursor),
                                              void *closure, dim3 grid, dim3 block, size_t shared_bytes,
                                              cudaStream_t stream);

/* The <<<grid, block, shared, stream>>> part of a launch. */
struct wt_cuda_launch_config {
    dim3 grid, block;
    size_t shared;
    cudaStream_t stream;
};
static inline wt_cuda_launch_config wt_cuda_config(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t stream = 0)
{
    return wt_cuda_launch_config{grid, block, shared, stream};
}

namespace wt_cuda_detail {
/* x, y, z of a linear index in dim (a thread in blockDim, a block in gridDim) */
static inline uint3 index_of(unsigned long long linear, uint3 dim)
{
    if (dim.y == 1 && dim.z == 1) /* 1D: no division */
        return uint3{(unsigned)linear, 0, 0};
    return uint3{(unsigned)(linear % dim.x), (unsigned)(linear / dim.x % dim.y),
                 (unsigned)(linear / ((unsigned long long)dim.x * dim.y))};
}

/* kernel(params...) in each thread of the block: kernel a function pointer
 * or a kernel_expression's call */
template <class F, class... T> struct kernel_call {
    F kernel;
    std::tuple<T...> params;
    /* the threads of the block left to start, one after another (wt_cuda_cursor) */
    static void run(void *self, wt_cuda_cursor *c)
    {
        if (c->next == 0 && wt_cuda_threads_as_loops(self, c, c->n, &one_thread, &enter)) {
            c->next = c->n; /* every thread ran */
            return;
        }
        kernel_call *k = static_cast<kernel_call *>(self);
        const unsigned n = c->n;
        const uint3 dim = c->dim;
        for (;;) {
            /* another block's failure is looked at once a warp: a few more
             * threads may start, none after the next warp boundary */
            const unsigned t = c->next;
            if (t >= n || c->stop || (t % 32 == 0 && c->failed->load(std::memory_order_relaxed)))
                return;
            c->next = t + 1;
            c->current = t;
            wt_cuda_tls.thread_idx = index_of(t, dim);
            std::apply(k->kernel, k->params); /* by-value parameters: a copy per thread */
        }
    }
    /* threads as loops: one thread, and what runs before each part of thread t */
    static void one_thread(void *self)
    {
        kernel_call *k = static_cast<kernel_call *>(self);
        std::apply(k->kernel, k->params);
    }
    static void enter(wt_cuda_cursor *c, unsigned t)
    {
        c->current = t;
        wt_cuda_tls.thread_idx = index_of(t, c->dim);
    }
};

/* K<<<...>>>(args...) as warptex-cxx writes it: call(args...) is the call
 * K(args...) itself, so the launch takes what nvcc's takes, as C++ takes a
 * call: the kernel's default arguments, overloads, template arguments
 * deduced from the arguments, a function pointer. */
template <class F, class R> struct kernel_expression {
    F call;
    R pointer_of; /* pointer_of(0): the kernel's pointer, where K names one function (register_launched) */
};
template <class F, class R> static inline kernel_expression<F, R> kernel_expression_of(F call, R pointer_of)
{
    return {call, pointer_of};
}
} // namespace wt_cuda_detail

/* A launch's closure on the heap, for work that runs later: a graph's kernel node, a launch
 * recorded while its stream captures (docs/cuda.md#graphs).  run is kernel_call::run; destroy
 * frees self. */
struct wt_cuda_closure {
    void (*run)(void *self, struct wt_cuda_cursor *cursor);
    void (*destroy)(void *self);
    void *self;
};
/* The kernel registry (src/cuda/kernel_registry.cpp, docs/cuda.md#kernel-registry): what a
 * kernel's void * needs to become a typed launch.  make copies the arguments args[i] points at
 * (of the parameters' types, as cudaLaunchKernel's) into a closure; params and param_sizes
 * describe them.  warptex-cxx registers every non-template kernel it defines, and a template
 * kernel's instantiation when it is launched by its type. */
struct wt_cuda_kernel_info {
    struct wt_cuda_closure (*make)(const void *kernel, void **args); /* self null: out of memory */
    unsigned params;
    const size_t *param_sizes;
};
extern "C" {
/* Records kernel -> info (info has static storage); thread-safe, the same kernel twice is one entry. */
void wt_cuda_register_kernel(const void *kernel, const struct wt_cuda_kernel_info *info);
/* The entry of a kernel, or null (thread-safe). */
const struct wt_cuda_kernel_info *wt_cuda_find_kernel(const void *kernel);
/* Whether work submitted to stream is recorded into a graph rather than run (stream capture). */
int wt_cuda_stream_capturing(cudaStream_t stream);
/* Records a launch into the graph stream captures: checks the configuration as a launch does,
 * then keeps c (destroyed by the graph, or here on failure). */
cudaError_t wt_cuda_capture_launch(struct wt_cuda_closure c, dim3 grid, dim3 block, size_t shared_bytes,
                                   cudaStream_t stream);
/* A launch made by a CUDA thread (cuda_device_runtime_api.h): checks it as a launch is checked,
 * then keeps c to run after the launching grid (destroyed then, or here on failure). */
cudaError_t wt_cuda_device_launch(struct wt_cuda_closure c, dim3 grid, dim3 block, size_t shared_bytes,
                                  cudaStream_t stream);
/* cudaLaunchKernel of a void *: the registry's closure, launched (or captured) */
cudaError_t wt_cuda_launch_registered(const void *func, dim3 grid, dim3 block, void **args, size_t shared,
                                      cudaStream_t stream);
}

namespace wt_cuda_detail {
template <class C> static void destroy_closure(void *self) { delete static_cast<C *>(self); }
template <class C> static inline wt_cuda_closure closure_of(C *c)
{
    return wt_cuda_closure{&C::run, &destroy_closure<C>, c};
}
/* the closure of kernel(args...), each argument converted once to its parameter's type */
template <class... P, class... A> static inline wt_cuda_closure make_closure(void (*kernel)(P...), A &&...args)
{
    using call_t = kernel_call<void (*)(P...), std::decay_t<P>...>;
    return closure_of(new (std::nothrow) call_t{kernel, std::tuple<std::decay_t<P>...>(std::forward<A>(args)...)});
}
template <class... P, size_t... I>
static inline wt_cuda_closure closure_from_pointers(void (*func)(P...), void **args, std::index_sequence<I...>)
{
    return make_closure(func, *static_cast<std::decay_t<P> *>(args[I])...);
}
/* The registry's entry for kernels of type void (P...). */
template <class... P> struct kernel_thunk {
    static wt_cuda_closure make(const void *kernel, void **args)
    {
        return closure_from_pointers(reinterpret_cast<void (*)(P...)>(const_cast<void *>(kernel)), args,
                                     std::index_sequence_for<P...>{});
    }
    static constexpr size_t sizes[sizeof...(P) + 1] = {sizeof(std::decay_t<P>)..., 0};
    static constexpr wt_cuda_kernel_info info = {&make, sizeof...(P), sizes};
};
template <class... P> static inline void register_kernel(void (*kernel)(P...))
{
    wt_cuda_register_kernel(reinterpret_cast<const void *>(kernel), &kernel_thunk<P...>::info);
}
/* A kernel known where it is compiled: its closures call K itself, not through a pointer, so
 * that the threads-as-loops pass sees the kernel (docs/cuda.md#threads-as-loops) in launches
 * through the registry (cudaLaunchKernel of a void *, a graph's kernel node). */
template <auto K> struct registered {};
template <auto K> struct direct_kernel {
    template <class... A> void operator()(A &...a) const { K(a...); }
};
template <class F, F K> struct direct_thunk;
template <class... P, void (*K)(P...)> struct direct_thunk<void (*)(P...), K> {
    template <size_t... I> static wt_cuda_closure make_from(void **args, std::index_sequence<I...>)
    {
        using call_t = kernel_call<direct_kernel<K>, std::decay_t<P>...>;
        return closure_of(new (std::nothrow) call_t{
            direct_kernel<K>{}, std::tuple<std::decay_t<P>...>(*static_cast<std::decay_t<P> *>(args[I])...)});
    }
    static wt_cuda_closure make(const void *, void **args) { return make_from(args, std::index_sequence_for<P...>{}); }
    static constexpr wt_cuda_kernel_info info = {&make, sizeof...(P), kernel_thunk<P...>::sizes};
};
/* what warptex-cxx writes after each kernel it defines: registers it before main runs */
struct kernel_registrar {
    template <class... P> explicit kernel_registrar(void (*kernel)(P...)) { register_kernel(kernel); }
    template <auto K> explicit kernel_registrar(registered<K>)
    {
        wt_cuda_register_kernel(reinterpret_cast<const void *>(K), &direct_thunk<decltype(K), K>::info);
    }
};
/* its object's name: one of its own in the translation unit, whichever of the program's files
 * (a .cu file, the headers it includes) the kernel is defined in */
#define WT_CUDA_REGISTRAR_CAT2(a, b) a##b
#define WT_CUDA_REGISTRAR_CAT(a, b) WT_CUDA_REGISTRAR_CAT2(a, b)
#define WT_CUDA_REGISTRAR_NAME WT_CUDA_REGISTRAR_CAT(wt_cuda_kernel_registrar_, __COUNTER__)
/* kernel K's pointer where K names one function (a kernel, a template's instantiation with its
 * arguments given), for a launch <<< >>> to register; a launch whose kernel is an overload set
 * or a template whose arguments the call deduces registers nothing */
template <class T, class... P> static inline auto kernel_pointer(void (*k)(P...)) { return k; }
template <class L> static inline auto register_launched(L pointer_of, int) -> decltype(pointer_of(0), void())
{
    register_kernel(pointer_of(0));
}
template <class L> static inline void register_launched(L, long) {}
} // namespace wt_cuda_detail

/* WT_CUDA_KERNEL(K): the kernel expression of a launch (above).  The call's
 * return type names the call, so that a call that cannot be made leaves the
 * lambda out of overload resolution and the launch's own message is given. */
#define WT_CUDA_KERNEL(...)                                                                              \
    wt_cuda_detail::kernel_expression_of(                                                               \
        [&](auto &...wt_cuda_args) -> decltype((void)(__VA_ARGS__)(wt_cuda_args...)) {                  \
            (__VA_ARGS__)(wt_cuda_args...);                                                             \
        },                                                                                              \
        [&](auto wt_cuda_dep) -> decltype(wt_cuda_detail::kernel_pointer<decltype(wt_cuda_dep)>(__VA_ARGS__)) { \
            return wt_cuda_detail::kernel_pointer<decltype(wt_cuda_dep)>(__VA_ARGS__);                  \
        })

/* wt_cuda_launch(kernel, config, args...): kernel<<<config>>>(args...). */
template <class... P, class... A>
static inline cudaError_t wt_cuda_launch(void (*kernel)(P...), wt_cuda_launch_config cfg, A &&...args)
{
    static_assert(sizeof...(P) == sizeof...(A), "warptex: kernel launched with the wrong number of arguments");
    wt_cuda_detail::register_kernel(kernel); /* a template's instantiation is registered when launched */
    if (wt_cuda_tls.block) /* from a kernel: it runs after the launching grid */
        return wt_cuda_device_launch(wt_cuda_detail::make_closure(kernel, std::forward<A>(args)...), cfg.grid,
                                     cfg.block, cfg.shared, cfg.stream);
    if (wt_cuda_stream_capturing(cfg.stream))
        return wt_cuda_capture_launch(wt_cuda_detail::make_closure(kernel, std::forward<A>(args)...), cfg.grid,
                                      cfg.block, cfg.shared, cfg.stream);
    using call_t = wt_cuda_detail::kernel_call<void (*)(P...), std::decay_t<P>...>;
    call_t call{kernel, std::tuple<std::decay_t<P>...>(std::forward<A>(args)...)};
    return wt_cuda_launch_threads(&call_t::run, &call, cfg.grid, cfg.block, cfg.shared, cfg.stream);
}
/* wt_cuda_launch(WT_CUDA_KERNEL(K), config, args...): K<<<config>>>(args...)
 * as written; each argument is copied once at the launch, then each thread
 * calls K with its own copy (conversions to the parameters' types and the
 * default arguments happen in that call) */
template <class F, class R, class... A>
static inline cudaError_t wt_cuda_launch(wt_cuda_detail::kernel_expression<F, R> kernel, wt_cuda_launch_config cfg,
                                         A &&...args)
{
    static_assert(std::is_invocable<F &, std::decay_t<A> &...>::value,
                  "warptex: kernel launched with the wrong number of arguments, or with arguments its parameters "
                  "cannot take");
    wt_cuda_detail::register_launched(kernel.pointer_of, 0);
    using call_t = wt_cuda_detail::kernel_call<F, std::decay_t<A>...>;
    if (wt_cuda_tls.block || wt_cuda_stream_capturing(cfg.stream)) { /* runs later: the closure on the heap */
        const wt_cuda_closure c = wt_cuda_detail::closure_of(
            new (std::nothrow) call_t{kernel.call, std::tuple<std::decay_t<A>...>(std::forward<A>(args)...)});
        return wt_cuda_tls.block ? wt_cuda_device_launch(c, cfg.grid, cfg.block, cfg.shared, cfg.stream)
                                 : wt_cuda_capture_launch(c, cfg.grid, cfg.block, cfg.shared, cfg.stream);
    }
    call_t call{kernel.call, std::tuple<std::decay_t<A>...>(std::forward<A>(args)...)};
    return wt_cuda_launch_threads(&call_t::run, &call, cfg.grid, cfg.block, cfg.shared, cfg.stream);
}
/* wt_cuda_launch(kernel, grid, block, shared, stream, args...) */
template <class... P, class... A>
static inline cudaError_t wt_cuda_launch(void (*kernel)(P...), dim3 grid, dim3 block, size_t shared,
                                         cudaStream_t stream, A &&...args)
{
    return wt_cuda_launch(kernel, wt_cuda_config(grid, block, shared, stream), std::forward<A>(args)...);
}

/* cudaLaunchKernel: args[i] points at the i-th argument, of the parameter's type. */
template <class... P>
static inline cudaError_t cudaLaunchKernel(void (*func)(P...), dim3 gridDim_, dim3 blockDim_, void **args,
                                           size_t sharedMem = 0, cudaStream_t stream = 0)
{
    wt_cuda_detail::register_kernel(func); /* a template's instantiation is registered when launched */
    /* through the registry, whose closure of a kernel warptex-cxx defined calls it directly */
    return wt_cuda_launch_registered(reinterpret_cast<const void *>(func), gridDim_, blockDim_, args, sharedMem,
                                     stream);
}

/* cudaLaunchKernel((void *)kernel, ...): the kernel registry gives the parameter types a void *
 * has lost; a kernel not in it is cudaErrorInvalidDeviceFunction, saying why. */
static inline cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim_, dim3 blockDim_, void **args,
                                           size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return wt_cuda_launch_registered(func, gridDim_, blockDim_, args, sharedMem, stream);
}

/* The forms of cudaGraphInstantiate and cudaGraphExecUpdate before CUDA 12, which CUDA's
 * cuda_runtime.h keeps for C++ (NVIDIA's samples use them): no error node or log is given. */
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *,
                                               char *pLogBuffer, size_t bufferSize)
{
    if (pLogBuffer && bufferSize)
        pLogBuffer[0] = '\0';
    return cudaGraphInstantiate(pGraphExec, graph, 0ull);
}
static inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                              cudaGraphNode_t *hErrorNode_out,
                                              enum cudaGraphExecUpdateResult *updateResult_out)
{
    cudaGraphExecUpdateResultInfo info = {cudaGraphExecUpdateError, 0, 0};
    const cudaError_t e = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
    if (hErrorNode_out)
        *hErrorNode_out = info.errorNode;
    if (updateResult_out)
        *updateResult_out = info.result;
    return e;
}
/* The templated conveniences of CUDA's cuda_runtime.h.  Any T ** converts,
 * const T ** too, as CUDA's C-style cast converts it (through void *). */
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
    return cudaMalloc(static_cast<void **>(static_cast<void *>(devPtr)), size);
}
template <class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size)
{
    return cudaMallocHost(static_cast<void **>(static_cast<void *>(ptr)), size);
}
template <class T> static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{
    return cudaHostAlloc(static_cast<void **>(static_cast<void *>(ptr)), size, flags);
}
template <class T> static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags)
{
    return cudaHostGetDevicePointer(static_cast<void **>(static_cast<void *>(pDevice)), pHost, flags);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal)
{
    return cudaMallocManaged(static_cast<void **>(static_cast<void *>(devPtr)), size, flags);
}
template <class T> static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream)
{
    return cudaMallocAsync(static_cast<void **>(static_cast<void *>(devPtr)), size, stream);
}
template <class T>
static inline cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
    return cudaMallocFromPoolAsync(static_cast<void **>(static_cast<void *>(ptr)), size, memPool, stream);
}
template <class T>
static inline cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
    return cudaMallocFromPoolAsync(static_cast<void **>(static_cast<void *>(ptr)), size, memPool, stream);
}
template <class T> static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height)
{
    return cudaMallocPitch(static_cast<void **>(static_cast<void *>(devPtr)), pitch, width, height);
}
/* the occupancy calculator for a kernel itself (cuda_runtime_api.h takes a
 * const void *): one block per multiprocessor at a time, so the block size
 * that fills one is the largest, 1024 (or blockSizeLimit), and the grid that
 * fills the device has a block per multiprocessor */
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                                        size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                             size_t dynamicSMemSize = 0, int blockSizeLimit = 0)
{
    cudaDeviceProp p;
    if (cudaError_t e = cudaGetDeviceProperties(&p, 0))
        return e;
    if (!minGridSize || !blockSize || !func || blockSizeLimit < 0 || dynamicSMemSize > p.sharedMemPerBlock)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    *blockSize = blockSizeLimit > 0 && blockSizeLimit < p.maxThreadsPerBlock ? blockSizeLimit : p.maxThreadsPerBlock;
    *minGridSize = p.multiProcessorCount;
    return cudaSuccess;
}
/* __constant__ / __device__ variables are ordinary globals: copies to and from them */
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(T &symbol, const void *src, size_t count, size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    if (offset > sizeof(T) || count > sizeof(T) - offset)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    return cudaMemcpy(reinterpret_cast<char *>(&symbol) + offset, src, count, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                               cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    if (offset > sizeof(T) || count > sizeof(T) - offset)
        return wt_cuda_record_error(cudaErrorInvalidValue);
    return cudaMemcpy(dst, reinterpret_cast<const char *>(&symbol) + offset, count, kind);
}
/* streams run at once, in order: the Async forms check the stream, then copy */
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(T &symbol, const void *src, size_t count, size_t offset = 0,
                                                  cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0)
{
    if (cudaError_t e = cudaStreamQuery(stream))
        return e;
    return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                                    cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t stream = 0)
{
    if (cudaError_t e = cudaStreamQuery(stream))
        return e;
    return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}
template <class T> static inline cudaError_t cudaFuncSetCacheConfig(T *, enum cudaFuncCache) { return cudaSuccess; }
/* a kernel itself (cuda_runtime_api.h takes a const void *) */
template <class T> static inline cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value)
{
    return cudaFuncSetAttribute(reinterpret_cast<const void *>(func), attr, value);
}
template <class T> static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func)
{
    return cudaFuncGetAttributes(attr, reinterpret_cast<const void *>(func));
}

#endif
