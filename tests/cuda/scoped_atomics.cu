// scoped_atomics.cu -- atomicAdd_system, atomicCAS_block, ...: every scoped form of every atomic,
// from many blocks at once, against the same sequence of unscoped calls done serially.
// Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/expect.h"

struct counters {
    int add_s, add_b, sub_s, sub_b, max_s, min_b, or_s, and_b, xor_s, cas_s, cas_b;
    unsigned inc_s, dec_b, exch_b;
    unsigned long long add64_s;
    float addf_s;
    double addd_b;
};

__global__ void hammer(counters *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    atomicAdd_system(&c->add_s, 1);
    atomicAdd_block(&c->add_b, 2);
    atomicSub_system(&c->sub_s, 1);
    atomicSub_block(&c->sub_b, 3);
    atomicMax_system(&c->max_s, i);
    atomicMin_block(&c->min_b, -i);
    atomicOr_system(&c->or_s, 1 << (i % 31));
    atomicAnd_block(&c->and_b, ~(1 << (i % 17)));
    atomicXor_system(&c->xor_s, i);
    atomicInc_system(&c->inc_s, 1000u);
    atomicDec_block(&c->dec_b, 50u);
    atomicExch_block(&c->exch_b, 7u);
    atomicAdd_system(&c->add64_s, 3ull);
    atomicAdd_system(&c->addf_s, 0.5f);
    atomicAdd_block(&c->addd_b, 0.25);
    // one increment per thread through a CAS loop of each scope (the first guess is 0: the
    // counter is only ever read through the CAS, never by a plain load racing with it)
    int old = 0, seen;
    while ((seen = atomicCAS_system(&c->cas_s, old, old + 1)) != old)
        old = seen;
    old = 0;
    while ((seen = atomicCAS_block(&c->cas_b, old, old + 1)) != old)
        old = seen;
}

int main()
{
    const int n = 4000;
    counters *c = nullptr;
    if (cudaMallocManaged(&c, sizeof *c) != cudaSuccess)
        return std::printf("cudaMallocManaged failed\nFAILED\n"), 1;
    *c = counters{};
    c->and_b = -1;
    c->dec_b = 0;
    hammer<<<(n + 127) / 128, 128>>>(c, n);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);

    // the serial model of the same calls (each is commutative, or order-free at the end)
    int or_v = 0, and_v = -1, xor_v = 0;
    unsigned inc = 0, dec = 0;
    for (int i = 0; i < n; i++) {
        or_v |= 1 << (i % 31);
        and_v &= ~(1 << (i % 17));
        xor_v ^= i;
        inc = inc >= 1000u ? 0u : inc + 1u;
        dec = (dec == 0u || dec > 50u) ? 50u : dec - 1u;
    }
    EXPECT(c->add_s == n);
    EXPECT(c->add_b == 2 * n);
    EXPECT(c->sub_s == -n);
    EXPECT(c->sub_b == -3 * n);
    EXPECT(c->max_s == n - 1);
    EXPECT(c->min_b == -(n - 1));
    EXPECT(c->or_s == or_v);
    EXPECT(c->and_b == and_v);
    EXPECT(c->xor_s == xor_v);
    EXPECT(c->inc_s == inc);
    EXPECT(c->dec_b == dec);
    EXPECT(c->exch_b == 7u);
    EXPECT(c->add64_s == 3ull * n);
    EXPECT(c->addf_s == 0.5f * n);
    EXPECT(c->addd_b == 0.25 * n);
    EXPECT(c->cas_s == n);
    EXPECT(c->cas_b == n);
    // the return value is the old value, as the unscoped call's
    int x = 5;
    EXPECT(atomicAdd_system(&x, 2) == 5 && x == 7);
    unsigned long long y = 9;
    EXPECT(atomicCAS_block(&y, 9ull, 4ull) == 9ull && y == 4ull);
    cudaFree(c);
    std::printf("scoped_atomics: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
