// device_clock.cu -- clock() and clock64() in a kernel tick at cudaDevAttrClockRate, so a kernel
// that spins rate * ms cycles (simpleHyperQ's, StreamPriorities' clock_block) waits ms
// milliseconds; clock() in host code stays the C library's processor time.  Prints "FAILED" at
// the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <ctime>

#include "include/expect.h"

// the 32-bit form, as the samples write it: the difference of two clock() readings
__global__ void spin32(long long *out, clock_t cycles)
{
    unsigned int start = (unsigned int)clock();
    clock_t waited = 0;
    while (waited < cycles)
        waited = (clock_t)((unsigned int)clock() - start);
    out[0] = waited;
    out[1] = clock() <= (clock_t)0xffffffffu; // 32 bits, as %clock
}
__global__ void spin64(long long *out, long long cycles)
{
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) // one writer: every thread waits, one reports
        out[0] = clock64() - start;
}

static double ms_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int main()
{
    int khz = 0;
    EXPECT(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0) == cudaSuccess && khz > 0);
    long long *out = nullptr;
    EXPECT(cudaMallocManaged(&out, 2 * sizeof(long long)) == cudaSuccess);
    const int ms = 30;

    auto t0 = std::chrono::steady_clock::now();
    spin32<<<1, 1>>>(out, (clock_t)ms * khz);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    double took = ms_since(t0);
    std::printf("clock(): %d ms at %d kHz took %.1f ms\n", ms, khz, took);
    EXPECT(took >= ms - 1 && took < 50.0 * ms); // at least the time asked for; the upper bound is loose (load)
    EXPECT(out[0] >= (long long)ms * khz);
    EXPECT(out[1] == 1);

    t0 = std::chrono::steady_clock::now();
    spin64<<<2, 32>>>(out, (long long)ms * khz);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    took = ms_since(t0);
    std::printf("clock64(): %d ms (64 threads, each waiting) took %.1f ms\n", ms, took);
    EXPECT(took >= ms - 1);
    EXPECT(out[0] >= (long long)ms * khz);

    // host code: clock() is the C library's processor time: between two readings of the C
    // library's own function (::clock without parentheses is the function, not the macro), where
    // the device clock, at the CPU's rate since it was first read, would be far past them
    clock_t (*const libc_clock)(void) = &::clock;
    const clock_t a = libc_clock();
    const clock_t b = clock();
    const clock_t c = libc_clock();
    EXPECT(a <= b && b <= c);
    const clock_t s = std::clock();
    EXPECT(c <= s && s <= libc_clock());
    cudaFree(out);
    std::printf("device_clock: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
