// inline_asm.cu -- inline PTX asm() in device code, run by warptex's PTX front end: every
// constraint kind ("r" "l" "h" "c" "f" "d" "n"), several outputs, "+r", { } scopes with their own
// .reg, setp and predicated instructions, a loop with labels, the special registers of the
// calling thread (%laneid, %lanemask_lt, %warpid, %tid, %ctaid, %ntid, %globaltimer) in a block
// of several warps, bfind, vabsdiff4.add (in a header of the program), ld/st/atom through "l"
// pointers with "memory"; host code's asm is left to the host compiler; a fault in asm fails
// the launch.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "inline_asm_ops.cuh"

#include "include/expect.h"

struct kinds {
    unsigned int r;
    unsigned long long l;
    unsigned short h;
    unsigned char c;
    float f;
    double d;
    unsigned int n;
    unsigned int lo, hi; // several outputs
    unsigned int acc;    // "+r"
    int pred;            // setp and @p
    unsigned int bits;   // a loop with labels
};

__global__ void constraint_kinds(kinds *out, unsigned int a, unsigned long long b, float x, double y)
{
    kinds k;
    asm("add.u32 %0, %1, %2;" : "=r"(k.r) : "r"(a), "r"(7u));
    asm("add.u64 %0, %1, %2;" : "=l"(k.l) : "l"(b), "l"(b));
    unsigned short hs = 40000;
    asm("add.u16 %0, %1, %2;" : "=h"(k.h) : "h"(hs), "h"(hs)); // 80000 mod 2^16
    unsigned char c8 = 200;
    asm("add.u16 %0, %1, %2;" : "=c"(k.c) : "c"(c8), "c"(c8)); // 400 mod 2^8
    asm("mul.rn.f32 %0, %1, %2;" : "=f"(k.f) : "f"(x), "f"(x));
    asm("fma.rn.f64 %0, %1, %2, %3;" : "=d"(k.d) : "d"(y), "d"(y), "d"(1.0));
    asm("add.u32 %0, %1, %2;" : "=r"(k.n) : "r"(a), "n"(1000));
    asm("{\n\t.reg .u64 t;\n\tmul.wide.u32 t, %2, %3;\n\tmov.b64 {%0, %1}, t;\n\t}"
        : "=r"(k.lo), "=r"(k.hi)
        : "r"(a), "r"(0x10001u));
    k.acc = 5;
    asm("add.u32 %0, %0, %1;" : "+r"(k.acc) : "r"(a));
    asm("{\n\t.reg .pred p;\n\tsetp.lt.s32 p, %1, %2;\n\t@p mov.u32 %0, 1;\n\t@!p mov.u32 %0, 2;\n\t}"
        : "=r"(k.pred)
        : "r"(-3), "r"(2));
    unsigned int w = a;
    asm("{\n\t.reg .pred p;\n\tmov.u32 %0, 0;\nLOOP:\n\tsetp.eq.u32 p, %1, 0;\n\t@p bra END;\n"
        "\tand.b32 %1, %1, %1;\n\tadd.u32 %0, %0, 1;\n\tshr.u32 %1, %1, 1;\n\tbra LOOP;\nEND:\n\t}"
        : "=r"(k.bits), "+r"(w));
    *out = k;
}

struct lane_info {
    unsigned int lane, lanemask_lt, warp, tid, ctaid, ntid;
    unsigned long long t0, t1;
};

__global__ void special_registers(lane_info *out)
{
    lane_info i;
    asm("mov.u32 %0, %%laneid;" : "=r"(i.lane));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(i.lanemask_lt));
    asm("mov.u32 %0, %%warpid;" : "=r"(i.warp));
    asm("mov.u32 %0, %%tid.x;" : "=r"(i.tid));
    asm("mov.u32 %0, %%ctaid.x;" : "=r"(i.ctaid));
    asm("mov.u32 %0, %%ntid.x;" : "=r"(i.ntid));
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(i.t0));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(i.t1));
    out[blockIdx.x * blockDim.x + threadIdx.x] = i;
}

__global__ void bits_and_sad(const unsigned int *words, unsigned int *high, unsigned int *sad, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    high[i] = highest_bit(words[i]);
    sad[i] = sad4_plus(words[i], words[(i + 1) % n], (unsigned)i);
}

__global__ void memory(unsigned int *buf, unsigned char *bytes, unsigned int *counter)
{
    const unsigned int i = threadIdx.x;
    unsigned int v;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(buf + i) : "memory");
    asm volatile("st.global.u32 [%0+4096], %1;" : : "l"(buf + i), "r"(v * 3u) : "memory");
    unsigned int r;
    asm volatile("ld.acquire.sys.global.u8 %0, [%1];" : "=r"(r) : "l"(bytes + i) : "memory");
    buf[2048 + i] = r;
    unsigned int old;
    asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(counter) : "memory");
    (void)old;
    asm volatile("membar.gl;" ::: "memory");
}

__global__ void faulting_load(const unsigned int *p, unsigned int *out)
{
    unsigned int v;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
    *out = v;
}

static unsigned host_bfind(unsigned w)
{
    if (!w)
        return 0xffffffffu;
    unsigned b = 31;
    while (!(w >> b))
        b--;
    return b;
}

int main()
{
    // host code's asm stays the host compiler's (a compiler barrier, valid on every host)
    asm volatile("" ::: "memory");

    kinds *dk = nullptr;
    EXPECT(cudaMalloc(&dk, sizeof(kinds)) == cudaSuccess);
    constraint_kinds<<<1, 1>>>(dk, 0x12345u, 0x100000000ull, 1.5f, 3.0);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    kinds k;
    EXPECT(cudaMemcpy(&k, dk, sizeof k, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(k.r == 0x12345u + 7);
    EXPECT(k.l == 0x200000000ull);
    EXPECT(k.h == (unsigned short)(80000 & 0xffff));
    EXPECT(k.c == (unsigned char)(400 & 0xff));
    EXPECT(k.f == 2.25f);
    EXPECT(k.d == 10.0);
    EXPECT(k.n == 0x12345u + 1000);
    const unsigned long long wide = 0x12345ull * 0x10001ull;
    EXPECT(k.lo == (unsigned)wide && k.hi == (unsigned)(wide >> 32));
    EXPECT(k.acc == 5 + 0x12345u);
    EXPECT(k.pred == 1);
    EXPECT(k.bits == 17); // 0x12345 has 17 significant bits
    cudaFree(dk);

    // three warps in a block, two blocks
    const int block = 96, blocks = 2, n = block * blocks;
    lane_info *dl = nullptr;
    EXPECT(cudaMalloc(&dl, n * sizeof(lane_info)) == cudaSuccess);
    special_registers<<<blocks, block>>>(dl);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<lane_info> li(n);
    EXPECT(cudaMemcpy(li.data(), dl, n * sizeof(lane_info), cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int t = 0; t < n; t++) {
        const unsigned tid = t % block, lane = tid % 32;
        EXPECT(li[t].lane == lane);
        EXPECT(li[t].lanemask_lt == (1u << lane) - 1u);
        EXPECT(li[t].warp == tid / 32);
        EXPECT(li[t].tid == tid && li[t].ctaid == (unsigned)(t / block) && li[t].ntid == (unsigned)block);
        EXPECT(li[t].t0 != 0 && li[t].t1 >= li[t].t0);
    }
    cudaFree(dl);

    // bfind and vabsdiff4.add (in the header) over edge and mixed words
    const unsigned int words[] = {0u, 1u, 0x80000000u, 0xffffffffu, 0x00ff00ffu, 0x7f80017fu, 0x12345678u, 0xdeadbeefu};
    const int nw = (int)(sizeof words / sizeof words[0]);
    unsigned int *dw = nullptr, *dh = nullptr, *ds = nullptr;
    EXPECT(cudaMalloc(&dw, sizeof words) == cudaSuccess);
    EXPECT(cudaMalloc(&dh, sizeof words) == cudaSuccess);
    EXPECT(cudaMalloc(&ds, sizeof words) == cudaSuccess);
    EXPECT(cudaMemcpy(dw, words, sizeof words, cudaMemcpyHostToDevice) == cudaSuccess);
    bits_and_sad<<<1, 32>>>(dw, dh, ds, nw);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    unsigned int hb[8], sd[8];
    EXPECT(cudaMemcpy(hb, dh, sizeof hb, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(cudaMemcpy(sd, ds, sizeof sd, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < nw; i++) {
        EXPECT(hb[i] == host_bfind(words[i]));
        unsigned e = (unsigned)i;
        for (int b = 0; b < 4; b++) {
            const int x = (int)((words[i] >> (8 * b)) & 0xff), y = (int)((words[(i + 1) % nw] >> (8 * b)) & 0xff);
            e += (unsigned)(x > y ? x - y : y - x);
        }
        EXPECT(sd[i] == e);
    }
    cudaFree(dw);
    cudaFree(dh);
    cudaFree(ds);

    // ld, st, atom through "l" pointers
    unsigned int *db = nullptr, *dc = nullptr;
    unsigned char *dbytes = nullptr;
    EXPECT(cudaMalloc(&db, 4096 * 4) == cudaSuccess);
    EXPECT(cudaMalloc(&dc, 4) == cudaSuccess);
    EXPECT(cudaMalloc(&dbytes, 64) == cudaSuccess);
    std::vector<unsigned int> hbuf(4096);
    for (int i = 0; i < 64; i++)
        hbuf[i] = 1000u + (unsigned)i;
    unsigned char hbytes[64];
    for (int i = 0; i < 64; i++)
        hbytes[i] = (unsigned char)(250 - i);
    EXPECT(cudaMemcpy(db, hbuf.data(), 4096 * 4, cudaMemcpyHostToDevice) == cudaSuccess);
    EXPECT(cudaMemcpy(dbytes, hbytes, 64, cudaMemcpyHostToDevice) == cudaSuccess);
    EXPECT(cudaMemset(dc, 0, 4) == cudaSuccess);
    memory<<<1, 64>>>(db, dbytes, dc);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    unsigned int count = 0;
    EXPECT(cudaMemcpy(hbuf.data(), db, 4096 * 4, cudaMemcpyDeviceToHost) == cudaSuccess);
    EXPECT(cudaMemcpy(&count, dc, 4, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 64; i++) {
        EXPECT(hbuf[1024 + i] == 3u * (1000u + (unsigned)i)); // [buf + i + 4096 bytes]
        EXPECT(hbuf[2048 + i] == (unsigned)(250 - i));
    }
    EXPECT(count == 64);

    // a load from address 0 in asm fails the launch, as a fault in C++ device code does
    faulting_load<<<1, 1>>>(nullptr, dc);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("faulting asm: %s\n", cudaGetErrorName(e));
    EXPECT(e == cudaErrorLaunchFailure);

    std::printf("inline_asm: %s\n", failures ? "FAILED" : "ok");
    cudaDeviceReset(); // clears the faulting load's sticky error, so that the frees are taken
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dbytes);
    return failures ? 1 : 0;
}
