// kernel_faults.cu -- a memory fault in a kernel ends its launch with the error CUDA gives for it,
// sticky, instead of killing the process (docs/cuda.md, "Faults"): a wild store, a store
// into unmapped memory, a fault while the other threads of the block wait at __syncthreads, a stack
// overflow into the guard page (twice: the stack goes back to the pool still guarded), faults on
// several worker threads at once, an integer division by zero; after each, cudaDeviceReset clears the
// error and a correct launch must still run right (nothing the fault interrupted is left locked).
// Prints "FAILED" if a check fails, "kernel_faults: ok" at the end; "skipped" in sanitizer builds of
// the library (the sanitizer owns SIGSEGV there and reports the fault itself).
// SPDX-License-Identifier: MIT
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda_runtime.h>
#include <warptex.h>

#include "fault_test.h"

// ---- a correct kernel, run after every fault: barriers and shared memory across many blocks ----
__global__ void rotate(int *out, int bad_block, int *bad)
{
    __shared__ int s[256];
    s[threadIdx.x] = (int)(blockIdx.x * 1000 + threadIdx.x);
    __syncthreads();
    if ((int)blockIdx.x == bad_block && threadIdx.x == 37)
        *bad = 1; // the other 255 threads of this block wait at the barrier below
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

static void expect_launches_work(const char *after)
{
    const int blocks = 64, threads = 256;
    int *out;
    EXPECT_ERR(cudaMalloc(&out, blocks * threads * sizeof(int)), cudaSuccess);
    for (int round = 0; round < 3; round++) {
        EXPECT_ERR(cudaMemset(out, 0, blocks * threads * sizeof(int)), cudaSuccess);
        rotate<<<blocks, threads>>>(out, -1, nullptr);
        EXPECT_ERR(cudaDeviceSynchronize(), cudaSuccess);
        int wrong = 0;
        for (int b = 0; b < blocks; b++)
            for (int t = 0; t < threads; t++)
                wrong += out[b * threads + t] != b * 1000 + (t + 1) % threads;
        if (wrong)
            std::printf("after %s: %d wrong values in a correct launch\n", after, wrong);
        EXPECT(wrong == 0);
    }
    EXPECT_ERR(cudaFree(out), cudaSuccess);
}

// ---- a wild store: sticky cudaErrorIllegalAddress ----
__global__ void store_to(int *p)
{
    if (blockIdx.x == 1 && threadIdx.x == 7)
        *p = 42;
}

static void wild_store(void)
{
    int *keep;
    EXPECT_ERR(cudaMalloc(&keep, 1024), cudaSuccess);
    store_to<<<4, 32>>>(reinterpret_cast<int *>(0x10));
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("wild store: cudaDeviceSynchronize: %s\n", cudaGetErrorName(e));
    EXPECT(e == cudaErrorIllegalAddress);
    // sticky: every later call returns it, as CUDA's runtime does
    void *p = nullptr;
    EXPECT_ERR(cudaMalloc(&p, 64), cudaErrorIllegalAddress);
    int host[4] = {0, 0, 0, 0};
    EXPECT_ERR(cudaMemcpy(keep, host, sizeof host, cudaMemcpyHostToDevice), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaPeekAtLastError(), cudaErrorIllegalAddress);
    EXPECT_ERR(rotate<<<1, 32>>>(keep, -1, nullptr), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaFree(keep), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    EXPECT_ERR(cudaFree(keep), cudaSuccess);
    expect_launches_work("a wild store");
}

// ---- a store into memory that was unmapped ----
__global__ void fill(int *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }

static void unmapped_store(void)
{
    const size_t bytes = 1 << 16;
    void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT(m != MAP_FAILED);
    if (m == MAP_FAILED)
        return;
    munmap(m, bytes);
    fill<<<8, 64>>>(static_cast<int *>(m));
    EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    // a read-only page: the access itself is refused (SEGV_ACCERR)
    void *ro = mmap(nullptr, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT(ro != MAP_FAILED);
    if (ro == MAP_FAILED)
        return;
    fill<<<1, 32>>>(static_cast<int *>(ro));
    EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    munmap(ro, 4096);
    expect_launches_work("an unmapped store");
}

// ---- a fault while the rest of the block waits at a barrier, other blocks at theirs ----
static void fault_at_barrier(void)
{
    const int blocks = 64, threads = 256;
    int *out;
    EXPECT_ERR(cudaMalloc(&out, blocks * threads * sizeof(int)), cudaSuccess);
    for (int bad_block : {0, 5, 63}) {
        rotate<<<blocks, threads>>>(out, bad_block, reinterpret_cast<int *>(0x10));
        EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
        EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    }
    EXPECT_ERR(cudaFree(out), cudaSuccess);
    expect_launches_work("a fault at a barrier");
}

// ---- recursion into the guard page: cudaErrorHardwareStackError ----
__device__ int deep(volatile char *prev, int n)
{
    volatile char frame[1024];
    frame[0] = (char)n;
    frame[1023] = prev ? prev[0] : 0;
    return n > 1000000 ? frame[0] : deep(frame, n + 1) + frame[1023];
}

__global__ void recurse(int *out)
{
    if (threadIdx.x == 3)
        out[threadIdx.x] = deep(nullptr, 0);
    __syncthreads(); // the other threads wait here while thread 3 overflows
    out[threadIdx.x] += 1;
}

static void stack_overflow(void)
{
    int *out;
    EXPECT_ERR(cudaMalloc(&out, 64 * sizeof(int)), cudaSuccess);
    for (int i = 0; i < 2; i++) { // the second time on a stack from the pool: still guarded
        recurse<<<2, 64>>>(out);
        const cudaError_t e = cudaDeviceSynchronize();
        std::printf("stack overflow: cudaDeviceSynchronize: %s\n", cudaGetErrorName(e));
        EXPECT(e == cudaErrorHardwareStackError);
        EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    }
    EXPECT_ERR(cudaFree(out), cudaSuccess);
    expect_launches_work("a stack overflow");
}

// ---- faults on several worker threads at once ----
// A block runs on one OS thread from start to end, so blocks that wait for each other here run on
// different workers; each then faults.  `arrived` says how many were there at once.
__global__ void fault_together(std::atomic<int> *arrived, int want, int *bad)
{
    if (threadIdx.x != 0)
        return;
    arrived->fetch_add(1);
    const auto t0 = std::chrono::steady_clock::now();
    while (arrived->load() < want && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5)) {
    }
    bad[blockIdx.x] = 1;
}

static void concurrent_faults(void)
{
    const int workers = 4;
    wt_set_num_threads(workers);
    std::atomic<int> arrived{0};
    fault_together<<<workers, 32>>>(&arrived, workers, reinterpret_cast<int *>(0x10));
    EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    std::printf("concurrent faults: %d blocks faulted together\n", arrived.load());
    EXPECT(arrived.load() == workers); // every worker reached its fault
    EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    expect_launches_work("faults on several workers");
    wt_set_num_threads(0);
}

// ---- integer division by zero: x86 traps (SIGFPE), a GPU and aarch64 do not ----
__global__ void divide(int *out, int d) { out[threadIdx.x] = 100 / d; }

static void divide_by_zero(void)
{
    int *out;
    EXPECT_ERR(cudaMalloc(&out, 32 * sizeof(int)), cudaSuccess);
    divide<<<1, 32>>>(out, 0);
#if defined(__x86_64__) || defined(__i386__)
    EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
#else
    EXPECT_ERR(cudaDeviceSynchronize(), cudaSuccess);
#endif
    EXPECT_ERR(cudaDeviceReset(), cudaSuccess);
    EXPECT_ERR(cudaFree(out), cudaSuccess);
    expect_launches_work("a division by zero");
}

int main()
{
    if (sanitized) {
        std::printf("kernel_faults: skipped, a sanitizer build: the sanitizer owns SIGSEGV and reports the fault\n");
        return 0;
    }
    setvbuf(stdout, nullptr, _IONBF, 0); // in order with the runtime's lines on stderr
    alarm(240);                          // a deadlock fails here rather than at ctest's timeout
    wild_store();
    unmapped_store();
    fault_at_barrier();
    stack_overflow();
    concurrent_faults();
    divide_by_zero();
    if (failures) {
        std::printf("kernel_faults: FAILED (%d)\n", failures);
        return 1;
    }
    std::printf("kernel_faults: ok\n");
    return 0;
}
