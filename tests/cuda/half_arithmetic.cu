// half_arithmetic.cu -- cuda_fp16.h's half arithmetic against the PTX front end's f16x2 instructions
// (run through inline asm, an implementation of its own), bit for bit, on random and special
// halves; conversions from double rounded once; comparisons and min/max on NaN and signed zeros;
// the __half2 operators.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "include/expect.h"

static __host__ __device__ unsigned bits2(__half2 h)
{
    unsigned u;
    memcpy(&u, &h, 4);
    return u;
}
static __host__ __device__ __half2 half2_of(unsigned u)
{
    __half2 h;
    memcpy(&h, &u, 4);
    return h;
}

enum { OPS = 8 };
// each thread: the header's result and the PTX instruction's for ops 0..7 on its operands
__global__ void both(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *mine, unsigned *ptx, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const unsigned x = a[i], y = b[i], z = c[i];
    const __half2 hx = half2_of(x), hy = half2_of(y), hz = half2_of(z);
    unsigned *m = mine + (size_t)i * OPS, *p = ptx + (size_t)i * OPS;
    m[0] = bits2(__hadd2(hx, hy));
    m[1] = bits2(__hsub2(hx, hy));
    m[2] = bits2(__hmul2(hx, hy));
    m[3] = bits2(__hfma2(hx, hy, hz));
    m[4] = bits2(__hadd2_sat(hx, hy));
    m[5] = bits2(__hfma2_sat(hx, hy, hz));
    m[6] = bits2(__hmax2(hx, hy));
    m[7] = bits2(__hmin2(hx, hy));
    asm("add.rn.f16x2 %0, %1, %2;" : "=r"(p[0]) : "r"(x), "r"(y));
    asm("sub.rn.f16x2 %0, %1, %2;" : "=r"(p[1]) : "r"(x), "r"(y));
    asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(p[2]) : "r"(x), "r"(y));
    asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(p[3]) : "r"(x), "r"(y), "r"(z));
    asm("add.rn.sat.f16x2 %0, %1, %2;" : "=r"(p[4]) : "r"(x), "r"(y));
    asm("fma.rn.sat.f16x2 %0, %1, %2, %3;" : "=r"(p[5]) : "r"(x), "r"(y), "r"(z));
    asm("max.f16x2 %0, %1, %2;" : "=r"(p[6]) : "r"(x), "r"(y));
    asm("min.f16x2 %0, %1, %2;" : "=r"(p[7]) : "r"(x), "r"(y));
}

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static unsigned short random_half()
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    static const unsigned short special[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00,
                                             0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7fff, 0xfe01, 0x3555};
    const unsigned k = (unsigned)(rng >> 40);
    if (k % 8 == 0)
        return special[(k >> 3) % 16];
    if (k % 8 == 1) // near each other's scale: cancellation, ties
        return (unsigned short)(0x3c00u + ((k >> 3) & 0x3ffu));
    return (unsigned short)(rng >> 16);
}

int main()
{
    const int n = 200000;
    unsigned *a, *b, *c, *mine, *ptx;
    if (cudaMallocManaged(&a, n * 4) || cudaMallocManaged(&b, n * 4) || cudaMallocManaged(&c, n * 4) ||
        cudaMallocManaged(&mine, (size_t)n * OPS * 4) || cudaMallocManaged(&ptx, (size_t)n * OPS * 4))
        return std::printf("allocation failed\nFAILED\n"), 1;
    for (int i = 0; i < n; i++) {
        a[i] = random_half() | (unsigned)random_half() << 16;
        b[i] = random_half() | (unsigned)random_half() << 16;
        c[i] = random_half() | (unsigned)random_half() << 16;
    }
    both<<<(n + 255) / 256, 256>>>(a, b, c, mine, ptx, n);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    static const char *const names[OPS] = {"add", "sub", "mul", "fma", "add.sat", "fma.sat", "max", "min"};
    int bad[OPS] = {};
    for (int i = 0; i < n; i++)
        for (int k = 0; k < OPS; k++)
            if (mine[(size_t)i * OPS + k] != ptx[(size_t)i * OPS + k] && bad[k]++ < 3)
                std::printf("%s.f16x2 %08x %08x %08x: header %08x, PTX %08x\n", names[k], a[i], b[i], c[i],
                            mine[(size_t)i * OPS + k], ptx[(size_t)i * OPS + k]);
    for (int k = 0; k < OPS; k++)
        EXPECT(bad[k] == 0);

    // double -> half rounds once: 1 + 2^-11 + 2^-40 is just above the tie between 1 and 1 + 2^-10,
    // so it rounds up; through float (which drops the 2^-40) it would tie and round to even, down
    EXPECT(__half_as_ushort(__double2half(1.0 + 0x1p-11 + 0x1p-40)) == 0x3c01u);
    EXPECT(__half_as_ushort(__half(65519.99)) == 0x7bffu && __half_as_ushort(__half(65520.0)) == 0x7c00u);
    EXPECT(__half_as_ushort(__half(0x1p-25)) == 0x0000u && __half_as_ushort(__half(0x1.0000000001p-25)) == 0x0001u);
    EXPECT(__half_as_ushort(__half(-0.0)) == 0x8000u);
    // division rounded once; NaN canonical
    EXPECT(__half_as_ushort(__hdiv(__float2half(1.0f), __float2half(3.0f))) == 0x3555u);
    EXPECT(__half_as_ushort(__hdiv(__float2half(0.0f), __float2half(0.0f))) == 0x7fffu);
    // comparisons, NaN and zeros
    const __half nan = __ushort_as_half(0x7e00), one = __float2half(1.0f), pz = __ushort_as_half(0),
                 nz = __ushort_as_half(0x8000);
    EXPECT(!__heq(nan, nan) && !__hne(nan, one) && __hneu(nan, one) && __hequ(nan, one) && __hisnan(nan));
    EXPECT(__heq(pz, nz) && __hle(nz, pz) && !__hlt(nz, pz));
    EXPECT(__half_as_ushort(__hmax(nz, pz)) == 0x0000u && __half_as_ushort(__hmin(pz, nz)) == 0x8000u);
    EXPECT(__half_as_ushort(__hmax(nan, one)) == 0x3c00u && __half_as_ushort(__hmin(nan, nan)) == 0x7fffu);
    EXPECT(__hisinf(__ushort_as_half(0xfc00)) == -1 && __hisinf(one) == 0);
    // the __half2 operators and conversions
    __half2 v = __floats2half2_rn(1.5f, -2.0f), w = __float2half2_rn(0.25f);
    __half2 r = v * w + v;
    r -= w;
    EXPECT(__low2float(r) == 1.625f && __high2float(r) == -2.75f);
    EXPECT(__low2float(-r) == -1.625f && __high2float(__lowhigh2highlow(r)) == 1.625f);
    EXPECT(r == r && !(r != r));
    half2 z(0.f, 0.5f); // constructed from two floats, as samples write it
    EXPECT(__low2float(z) == 0.0f && __high2float(z) == 0.5f);
    float2 f = __half22float2(__hmul2_sat(v, v));
    EXPECT(f.x == 1.0f && f.y == 1.0f);
    cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(mine), cudaFree(ptx);
    std::printf("half_arithmetic: %d inputs, %d ops each: %s\n", n, OPS, failures ? "FAILED" : "ok");
    return failures != 0;
}
