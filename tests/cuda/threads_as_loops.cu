// threads_as_loops.cu -- kernels whose threads meet at __syncthreads, as warptex-cxx's pass runs them
// (docs/cuda.md#threads-as-loops), each against the host's answer: a barrier in a loop four
// inlined device functions deep (cooperative groups' sync, as NVIDIA's scan does); values and a
// local array live across barriers; threads that return before a barrier the others pass; a
// barrier in a branch the whole block takes; 2D and 3D blocks; dynamic shared memory; a block's
// threads that stop at different barriers of one round; per-thread cudaGetLastError; __trap
// after a barrier; launches through the kernel registry (cudaLaunchKernel of a void *, a graph's
// kernel node); and kernels the pass leaves to the fibers (a shuffle, a call through a pointer).  With the pass (__WARPTEX_THREADS_AS_LOOPS__) blocks must have run as loops, unless
// WARPTEX_CUDA_LOOPS=0 says not to (ctest runs it both ways).  Prints "FAILED" at the end if a
// check failed.
// SPDX-License-Identifier: MIT
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <vector>

#include "include/expect.h"

namespace cg = cooperative_groups;

// --- an inclusive scan of a block's values, the barrier in a loop four calls deep ---
__device__ unsigned scan_step(unsigned v, volatile unsigned *s, unsigned size, cg::thread_block cta)
{
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
    s[pos] = 0;
    pos += size;
    s[pos] = v;
    for (unsigned offset = 1; offset < size; offset <<= 1) {
        cg::sync(cta);
        const unsigned t = s[pos] + s[pos - offset];
        cg::sync(cta);
        s[pos] = t;
    }
    return s[pos];
}
__device__ unsigned scan_exclusive(unsigned v, volatile unsigned *s, unsigned size, cg::thread_block cta)
{
    return scan_step(v, s, size, cta) - v;
}
__device__ uint2 scan2(uint2 v, volatile unsigned *s, unsigned size, cg::thread_block cta)
{
    v.y += v.x;
    const unsigned before = scan_exclusive(v.y, s, size / 2, cta);
    return make_uint2(v.x + before, v.y + before);
}
__global__ void scan_kernel(const uint2 *in, uint2 *out, unsigned size)
{
    cg::thread_block cta = cg::this_thread_block();
    __shared__ unsigned s[2 * 256];
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = scan2(in[i], s, size, cta);
}

// --- a local array and a running sum live across barriers; threads past n return first ---
__global__ void locals_kernel(const int *in, int *out, int n)
{
    __shared__ int tile[128];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    int mine[6];
    for (int k = 0; k < 6; k++)
        mine[k] = (i + 1) * (k + 1);
    if (i >= n)
        return; // these threads take no part in the barriers below
    const int active = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x)); // threads still here
    int acc = 0;
    for (int r = 0; r < 6; r++) {
        tile[t] = in[i] + mine[r];
        __syncthreads();
        acc += tile[(t + r + 1) % active] * (r + 1);
        mine[r] = acc;
        __syncthreads();
    }
    out[i] = acc + mine[2];
}

// --- a barrier only when the block is large (every thread takes the same branch); 2D blocks ---
__global__ void transpose_kernel(const float *in, float *out, int w)
{
    __shared__ float tile[16][17];
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    if (blockDim.x * blockDim.y > 64)
        __syncthreads();
    const int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
    out[ty * w + tx] = tile[threadIdx.x][threadIdx.y];
}

// --- 3D blocks and dynamic shared memory: each thread sums its z column after a barrier ---
__global__ void column_kernel(int *out)
{
    extern __shared__ int cells[];
    const unsigned x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    const unsigned at = (z * blockDim.y + y) * blockDim.x + x;
    cells[at] = (int)(x + 10 * y + 100 * z + 1000 * blockIdx.x);
    __syncthreads();
    int sum = 0;
    for (unsigned k = 0; k < blockDim.z; k++)
        sum += cells[(k * blockDim.y + y) * blockDim.x + x];
    out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + at] = sum;
}

// --- threads of a block stop at different barriers in one round: odd threads pass two barriers
// in a loop of one trip, even ones two trips of one; each round every thread counts itself ---
__global__ void uneven_kernel(int *out)
{
    __shared__ int arrived[8];
    const int t = threadIdx.x;
    if (t < 8)
        arrived[t] = 0;
    __syncthreads();
    int seen = 0;
    if (t & 1) {
        atomicAdd(&arrived[0], 1);
        __syncthreads();
        seen += arrived[0];
        atomicAdd(&arrived[1], 1);
        __syncthreads();
        seen += 10 * arrived[1];
    } else {
        for (int k = 0; k < 2; k++) {
            atomicAdd(&arrived[k], 1);
            __syncthreads();
            seen += (k ? 10 : 1) * arrived[k];
        }
    }
    out[t] = seen;
}

// --- each thread's own last error, across a barrier ---
__global__ void child_kernel() {}
__global__ void errors_kernel(int *out)
{
    if (threadIdx.x % 3 == 0)
        child_kernel<<<0, 1>>>(); // refused: this thread's last error
    __syncthreads();
    out[threadIdx.x] = (int)cudaGetLastError();
}

// --- __trap in one thread after a barrier ---
__global__ void trap_kernel()
{
    __shared__ int s;
    if (threadIdx.x == 0)
        s = 5;
    __syncthreads();
    if (threadIdx.x == 7 && blockIdx.x == 1 && s == 5)
        __trap();
}

// --- left to the fibers: a shuffle beside the barrier; a barrier behind a pointer ---
__global__ void shuffle_kernel(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    const int v = __shfl_down_sync(0xffffffffu, s[63 - threadIdx.x], 1);
    out[threadIdx.x] = v;
}
__device__ void add_neighbour(int *s)
{
    const int v = s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    s[threadIdx.x] += v;
}
__device__ void (*volatile step_pointer)(int *) = add_neighbour;
__global__ void pointer_kernel(int *out)
{
    __shared__ int s[32];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    step_pointer(s);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

template <class T> static T *device_copy(const std::vector<T> &h)
{
    T *d = nullptr;
    if (cudaMalloc(&d, h.size() * sizeof(T)) != cudaSuccess)
        return nullptr;
    cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}
template <class T> static std::vector<T> host_copy(const T *d, size_t n)
{
    std::vector<T> h(n);
    cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
}

static void check_scan()
{
    const unsigned blocks = 8, threads = 256, n = blocks * threads;
    std::vector<uint2> in(n);
    for (unsigned i = 0; i < n; i++)
        in[i] = make_uint2(i * 7 % 13, i * 5 % 11);
    uint2 *din = device_copy(in), *dout = device_copy(std::vector<uint2>(n));
    for (unsigned size : {4u, 64u, 512u}) { // elements per scanned array (2 a thread)
        EXPECT(cudaSuccess == (scan_kernel<<<blocks, threads>>>(din, dout, size), cudaDeviceSynchronize()));
        const std::vector<uint2> out = host_copy(dout, n);
        unsigned bad = 0;
        for (unsigned a = 0; a < n / (size / 2); a++) {
            unsigned sum = 0;
            for (unsigned k = 0; k < size / 2; k++) {
                const unsigned i = a * (size / 2) + k;
                const uint2 want = make_uint2(sum + in[i].x, sum + in[i].x + in[i].y);
                sum = want.y;
                bad += out[i].x != want.x || out[i].y != want.y;
            }
        }
        EXPECT(bad == 0);
    }
    cudaFree(din);
    cudaFree(dout);
}

static void check_locals()
{
    const int blocks = 3, threads = 128, n = blocks * threads - 37; // the last block's tail returns
    std::vector<int> in(blocks * threads);
    for (int i = 0; i < blocks * threads; i++)
        in[i] = (i * 31) % 17 - 8;
    int *din = device_copy(in), *dout = device_copy(std::vector<int>(blocks * threads, -1));
    EXPECT(cudaSuccess == (locals_kernel<<<blocks, threads>>>(din, dout, n), cudaDeviceSynchronize()));
    const std::vector<int> out = host_copy(dout, blocks * threads);
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        // the host's rounds: a thread reads a slot of a thread still in the block
        const int active = std::min(threads, n - b * threads);
        std::vector<int> acc(threads, 0), tile(threads, 0);
        std::vector<std::vector<int>> mine(threads, std::vector<int>(6));
        for (int t = 0; t < threads; t++)
            for (int k = 0; k < 6; k++)
                mine[t][k] = (b * threads + t + 1) * (k + 1);
        for (int r = 0; r < 6; r++) {
            for (int t = 0; t < threads; t++)
                if (b * threads + t < n)
                    tile[t] = in[b * threads + t] + mine[t][r];
            for (int t = 0; t < threads; t++)
                if (b * threads + t < n) {
                    acc[t] += tile[(t + r + 1) % active] * (r + 1);
                    mine[t][r] = acc[t];
                }
        }
        for (int t = 0; t < threads; t++) {
            const int i = b * threads + t;
            bad += out[i] != (i < n ? acc[t] + mine[t][2] : -1);
        }
    }
    EXPECT(bad == 0);
    cudaFree(din);
    cudaFree(dout);
}

static void check_transpose()
{
    const int w = 64;
    std::vector<float> in(w * w);
    for (int i = 0; i < w * w; i++)
        in[i] = (float)i * 0.5f;
    float *din = device_copy(in), *dout = device_copy(std::vector<float>(w * w));
    EXPECT(cudaSuccess == (transpose_kernel<<<dim3(4, 4), dim3(16, 16)>>>(din, dout, w), cudaDeviceSynchronize()));
    const std::vector<float> out = host_copy(dout, w * w);
    int bad = 0;
    for (int y = 0; y < w; y++)
        for (int x = 0; x < w; x++)
            bad += out[x * w + y] != in[y * w + x];
    EXPECT(bad == 0);
    cudaFree(din);
    cudaFree(dout);
}

static void check_columns()
{
    const dim3 block(4, 3, 5);
    const int blocks = 2, per = 4 * 3 * 5;
    int *dout = device_copy(std::vector<int>(blocks * per));
    EXPECT(cudaSuccess == (column_kernel<<<blocks, block, per * sizeof(int)>>>(dout), cudaDeviceSynchronize()));
    const std::vector<int> out = host_copy(dout, blocks * per);
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int z = 0; z < 5; z++)
            for (int y = 0; y < 3; y++)
                for (int x = 0; x < 4; x++) {
                    int sum = 0;
                    for (int k = 0; k < 5; k++)
                        sum += x + 10 * y + 100 * k + 1000 * b;
                    bad += out[b * per + (z * 3 + y) * 4 + x] != sum;
                }
    EXPECT(bad == 0);
    cudaFree(dout);
}

static void check_uneven()
{
    const int threads = 96;
    int *dout = device_copy(std::vector<int>(threads));
    EXPECT(cudaSuccess == (uneven_kernel<<<1, threads>>>(dout), cudaDeviceSynchronize()));
    const std::vector<int> out = host_copy(dout, threads);
    int bad = 0;
    for (int t = 0; t < threads; t++)
        bad += out[t] != threads + 10 * threads; // each barrier: every thread counted before it
    EXPECT(bad == 0);
    cudaFree(dout);
}

static void check_errors()
{
    const int threads = 64;
    int *dout = device_copy(std::vector<int>(threads, -1));
    EXPECT(cudaSuccess == (errors_kernel<<<1, threads>>>(dout), cudaDeviceSynchronize()));
    const std::vector<int> out = host_copy(dout, threads);
    int bad = 0;
    for (int t = 0; t < threads; t++)
        bad += out[t] != (t % 3 == 0 ? (int)cudaErrorInvalidConfiguration : (int)cudaSuccess);
    EXPECT(bad == 0);
    cudaFree(dout);
}

// the registry's closures call the kernel itself: a launch through a void * and a graph's kernel
// node run as loops too
static void check_registry()
{
    const int threads = 96;
    int *dout = device_copy(std::vector<int>(threads));
    const unsigned long long before = wt_cuda_loop_blocks();
    void *args[] = {&dout};
    EXPECT(cudaSuccess == cudaLaunchKernel((const void *)uneven_kernel, dim3(1), dim3(threads), args, 0, 0));
    EXPECT(cudaSuccess == cudaDeviceSynchronize());
    std::vector<int> out = host_copy(dout, threads);
    int bad = 0;
    for (int t = 0; t < threads; t++)
        bad += out[t] != threads + 10 * threads;
    cudaMemset(dout, 0, threads * sizeof(int));
    cudaGraph_t g;
    cudaGraphExec_t e;
    cudaGraphNode_t node;
    cudaKernelNodeParams p = {};
    p.func = (void *)uneven_kernel;
    p.gridDim = dim3(1);
    p.blockDim = dim3(threads);
    p.kernelParams = args;
    EXPECT(cudaSuccess == cudaGraphCreate(&g, 0));
    EXPECT(cudaSuccess == cudaGraphAddKernelNode(&node, g, nullptr, 0, &p));
    EXPECT(cudaSuccess == cudaGraphInstantiate(&e, g, 0));
    EXPECT(cudaSuccess == cudaGraphLaunch(e, 0));
    EXPECT(cudaSuccess == cudaDeviceSynchronize());
    out = host_copy(dout, threads);
    for (int t = 0; t < threads; t++)
        bad += out[t] != threads + 10 * threads;
    EXPECT(bad == 0);
    cudaGraphExecDestroy(e);
    cudaGraphDestroy(g);
#ifdef __WARPTEX_THREADS_AS_LOOPS__
    const char *env = getenv("WARPTEX_CUDA_LOOPS");
    EXPECT(wt_cuda_loop_blocks() == before + (env && !strcmp(env, "0") ? 0 : 2));
#else
    EXPECT(wt_cuda_loop_blocks() == before);
#endif
    cudaFree(dout);
}

static void check_fibers_kept()
{
    int *dout = device_copy(std::vector<int>(64));
    const unsigned long long before = wt_cuda_loop_blocks();
    EXPECT(cudaSuccess == (shuffle_kernel<<<1, 64>>>(dout), cudaDeviceSynchronize()));
    std::vector<int> out = host_copy(dout, 64);
    int bad = 0;
    for (int t = 0; t < 64; t++) // lane t reads lane t + 1's value in its warp, the last lane its own
        bad += out[t] != ((t & 31) == 31 ? 63 - t : 63 - (t + 1));
    EXPECT(bad == 0);
    EXPECT(cudaSuccess == (pointer_kernel<<<1, 32>>>(dout), cudaDeviceSynchronize()));
    out = host_copy(dout, 32);
    bad = 0;
    for (int t = 0; t < 32; t++)
        bad += out[t] != t + (t + 1) % 32;
    EXPECT(bad == 0);
    EXPECT(wt_cuda_loop_blocks() == before); // both ran on fibers
    cudaFree(dout);
}

int main()
{
    const char *env = getenv("WARPTEX_CUDA_LOOPS");
    const bool off = env && !strcmp(env, "0");
    check_scan();
    check_locals();
    check_transpose();
    check_columns();
    check_uneven();
    check_errors();
    check_registry();
    check_fibers_kept();
#ifdef __WARPTEX_THREADS_AS_LOOPS__
    if (off)
        EXPECT(wt_cuda_loop_blocks() == 0);
    else
        EXPECT(wt_cuda_loop_blocks() == 8 * 3 + 3 + 16 + 2 + 1 + 1 + 2); // every block above
    std::printf("threads as loops: %llu blocks%s\n", wt_cuda_loop_blocks(), off ? " (WARPTEX_CUDA_LOOPS=0)" : "");
#else
    EXPECT(wt_cuda_loop_blocks() == 0);
    std::printf("threads as loops: not compiled with the pass%s\n", off ? " (WARPTEX_CUDA_LOOPS=0)" : "");
#endif
    // last: __trap after a barrier fails the launch, and the error is sticky
    EXPECT(cudaErrorLaunchFailure == (trap_kernel<<<4, 32>>>(), cudaDeviceSynchronize()));
    EXPECT(cudaErrorLaunchFailure == cudaGetLastError());
    std::printf("%s\n", failures ? "FAILED" : "threads_as_loops: ok");
    return failures != 0;
}
