// min_max_overloads.cu -- CUDA's integer minimum/maximum functions (umin, umax, llmin, llmax,
// ullmin, ullmax) and the min/max overloads of every integer and floating-point type, in a kernel
// as NVIDIA's samples call them (mergeSort: umin), with the types CUDA's overloads return; a
// program's own non-template function of the same name and signature is taken over them, as a
// host .cpp's static helper would be.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <type_traits>

#include "include/expect.h"

// the result types CUDA's math API gives (crt/math_functions.hpp)
static_assert(std::is_same<decltype(umin(1u, 2u)), unsigned int>::value, "umin");
static_assert(std::is_same<decltype(llmax(1LL, 2LL)), long long>::value, "llmax");
static_assert(std::is_same<decltype(ullmin(1ULL, 2ULL)), unsigned long long>::value, "ullmin");
static_assert(std::is_same<decltype(min(1L, 2L)), long>::value, "min(long, long)");
static_assert(std::is_same<decltype(max(1UL, 2UL)), unsigned long>::value, "max(unsigned long, unsigned long)");
static_assert(std::is_same<decltype(min(-1L, 2UL)), unsigned long>::value, "min(long, unsigned long)");
static_assert(std::is_same<decltype(max(2UL, -1L)), unsigned long>::value, "max(unsigned long, long)");
static_assert(std::is_same<decltype(min(1.0f, 2.0)), double>::value, "min(float, double)");

// a program's own umin, as mergeSort_host.cpp defines one: chosen over CUDA's
static int own_calls = 0;
static unsigned int umax(unsigned int a, unsigned int b)
{
    own_calls++;
    return a > b ? a : b;
}

__global__ void min_max(unsigned int *u, long long *ll, unsigned long long *ull, long *l, unsigned long *ul)
{
    const unsigned int t = threadIdx.x;
    if (t != 7)
        return;
    u[0] = umin(t + 5u, 9u);                        // thread 7: 9
    u[1] = max(t, 3u);                              // 7
    ll[0] = llmin(-(long long)t, -3LL);             // -7
    ll[1] = llmax(-((long long)t << 40), -(1LL << 42)); // -(1 << 42)
    ull[0] = ullmin(1ULL << 63, (unsigned long long)t); // 7
    ull[1] = ullmax(1ULL << 63, (unsigned long long)t); // 1 << 63
    l[0] = min(-(long)t, 2L);                       // -7
    l[1] = max(-(long)t, 2L);                       // 2
    ul[0] = min(-1L, (unsigned long)t);             // -1 compares as ULONG_MAX: 7
    ul[1] = max((unsigned long)t, -1L);             // ULONG_MAX
}

int main()
{
    unsigned int *u;
    long long *ll;
    unsigned long long *ull;
    long *l;
    unsigned long *ul;
    EXPECT(cudaMallocManaged(&u, 2 * sizeof *u) == cudaSuccess);
    EXPECT(cudaMallocManaged(&ll, 2 * sizeof *ll) == cudaSuccess);
    EXPECT(cudaMallocManaged(&ull, 2 * sizeof *ull) == cudaSuccess);
    EXPECT(cudaMallocManaged(&l, 2 * sizeof *l) == cudaSuccess);
    EXPECT(cudaMallocManaged(&ul, 2 * sizeof *ul) == cudaSuccess);
    min_max<<<1, 8>>>(u, ll, ull, l, ul); // thread 7 writes
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(u[0] == 9 && u[1] == 7);
    EXPECT(ll[0] == -7 && ll[1] == -(1LL << 42));
    EXPECT(ull[0] == 7 && ull[1] == 1ULL << 63);
    EXPECT(l[0] == -7 && l[1] == 2);
    EXPECT(ul[0] == 7 && ul[1] == ~0UL);
    EXPECT(umax(3u, 4u) == 4 && own_calls == 1);
    EXPECT(min(2.5f, 1.5) == 1.5 && max(-0.5, 1.0f) == 1.0);
    cudaFree(u);
    cudaFree(ll);
    cudaFree(ull);
    cudaFree(l);
    cudaFree(ul);
    std::printf("min_max_overloads: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
