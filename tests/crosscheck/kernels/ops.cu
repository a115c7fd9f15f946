// ops.cu -- kernels for the two-door cross-check (tests/crosscheck): integer and float arithmetic,
// conversions, bit operations, warp exchanges, atomics, shared and local memory, math functions.
// SPDX-License-Identifier: MIT
//
// Every kernel is well defined in C++ for the inputs tests/crosscheck/xcheck_cases.h gives it, so
// warptex-cxx's native build, nvcc's PTX through warptex's interpreter and nvcc on a GPU must agree:
// plain casts only see values in the destination's range (out-of-range float -> integer casts are
// undefined in C++), the saturating CUDA intrinsics see every edge value.  Results are written as
// raw bits, several per thread.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// Narrow integers widened: sign or zero extension of 8 and 16 bits into 32 and 64 (cvt.s32.s8,
// cvt.s64.s16, ...), and the same through a float (cvt.rzi.s8.f32 and friends).
extern "C" __global__ void x_widen(const int *in, int *out, long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    out[8 * i + 0] = (int)(signed char)v;
    out[8 * i + 1] = (int)(short)v;
    out[8 * i + 2] = (int)(unsigned char)v;
    out[8 * i + 3] = (int)(unsigned short)v;
    out[8 * i + 4] = (int)(signed char)(v >> 8) + (int)(short)(v >> 3);
    out[8 * i + 5] = (unsigned)(unsigned char)v * 3u - (int)(signed char)(v >> 16);
    out[8 * i + 6] = (v >> 31) ^ (int)((unsigned)v >> 29);
    out[8 * i + 7] = (int)(signed char)((unsigned)v * 7u) < (int)(short)v;
    out64[4 * i + 0] = (long long)(short)v;
    out64[4 * i + 1] = (long long)(signed char)(v >> 4);
    out64[4 * i + 2] = (long long)(unsigned short)v;
    out64[4 * i + 3] = (long long)v;
}

// float -> narrow integers by plain casts (truncation; inputs in range), and by the saturating
// rounding intrinsics (every edge value: NaN, infinities, beyond the range).
extern "C" __global__ void x_f2narrow(const float *small, const float *edge, int *out, long long *out64, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float s = small[i], e = edge[i];
    out[12 * i + 0] = (int)(signed char)s;
    out[12 * i + 1] = (int)(short)(s * 200.0f);
    out[12 * i + 2] = (int)(unsigned char)(s < 0.0f ? -s : s);
    out[12 * i + 3] = (int)(unsigned short)(s < 0.0f ? s * -250.0f : s * 250.0f);
    out[12 * i + 4] = __float2int_rn(e);
    out[12 * i + 5] = __float2int_rz(e);
    out[12 * i + 6] = __float2int_rd(e);
    out[12 * i + 7] = __float2int_ru(e);
    out[12 * i + 8] = (int)__float2uint_rn(e);
    out[12 * i + 9] = (int)__float2uint_rz(e);
    out[12 * i + 10] = (int)(signed char)__float2int_rn(s);
    out[12 * i + 11] = (int)(short)__float2int_rz(s * 300.0f);
    out64[2 * i + 0] = __float2ll_rn(e);
    out64[2 * i + 1] = __float2ll_rz(e);
}

// integer -> float and float <-> double roundings
extern "C" __global__ void x_i2f(const int *in, const float *edge, const double *din, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    float e = edge[i];
    double d = din[i];
    out[8 * i + 0] = __float_as_uint((float)v);
    out[8 * i + 1] = __float_as_uint((float)(unsigned)v);
    out[8 * i + 2] = __float_as_uint((float)((long long)v * 1000003LL));
    out[8 * i + 3] = __float_as_uint((float)(signed char)v);
    out[8 * i + 4] = __float_as_uint((float)d);
    out[8 * i + 5] = __float_as_uint(__double2float_rn(d * 3.0));
    out[8 * i + 6] = __float_as_uint((float)((double)e * 0.1));
    out[8 * i + 7] = __float_as_uint((float)(d - (double)e));
}

// products: mul.wide, mul.hi, mul24
extern "C" __global__ void x_mul(const int *a, const int *b, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    out[8 * i + 0] = (long long)x * y;
    out[8 * i + 1] = (long long)((unsigned long long)(unsigned)x * (unsigned)y);
    out[8 * i + 2] = __mulhi(x, y);
    out[8 * i + 3] = __umulhi((unsigned)x, (unsigned)y);
    out[8 * i + 4] = __mul24(x, y);
    out[8 * i + 5] = (long long)(short)x * (short)y;
    out[8 * i + 6] = __mul64hi((long long)x * 1048576LL, (long long)y * 12345);
    out[8 * i + 7] = (long long)(unsigned)x * (long long)y;
}

// bit operations, shifts, min/max and selects on integers
extern "C" __global__ void x_bits(const int *a, const int *b, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = a[i], y = b[i];
    unsigned ux = (unsigned)x, uy = (unsigned)y;
    out[12 * i + 0] = __popc(ux) | (unsigned)__clz(x) << 8 | (unsigned)__clz(y & 0xffff) << 16;
    out[12 * i + 1] = __brev(ux);
    out[12 * i + 2] = __byte_perm(ux, uy, uy & 0xffff);
    out[12 * i + 3] = (unsigned)(x >> (y & 31));
    out[12 * i + 4] = ux << (y & 31) | uy >> (x & 31);
    out[12 * i + 5] = (unsigned)min(x, y) ^ (unsigned)max(x, y) << 1;
    out[12 * i + 6] = min(ux, uy) + max(ux, uy) * 3u;
    out[12 * i + 7] = (unsigned)(x < y) | (unsigned)(ux < uy) << 1 | (unsigned)(x == y) << 2 | (unsigned)(x >= 0) << 3;
    out[12 * i + 8] = x < y ? ux : uy ^ 0x5a5a5a5au;
    out[12 * i + 9] = (ux >> 7 & 0x1ffu) | ((ux & ~0xff00u) | (uy & 0xff00u)) << 9;
    out[12 * i + 10] = (unsigned)(x / ((y & 0x7fff) | 1)) ^ (unsigned)((x % 1000 + 1000) % 7);
    out[12 * i + 11] = ux / (uy | 1u) + ux % (uy | 1u) + (unsigned)__popcll(((unsigned long long)ux << 32) | uy) +
                       (unsigned)__clzll((long long)x * y) + (unsigned)__popcll((unsigned long long)ux << 20);
}

// float arithmetic with every rounding made explicit or correctly rounded by default
// (nvcc: -prec-div=true -prec-sqrt=true, --fmad=false), min/max, comparisons and selects; one
// result a column, so that a NaN stays a NaN (its payload is the host CPU's in warptex-cxx)
extern "C" __global__ void x_fops(const float *a, const float *b, const float *c, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i], z = c[i];
    float *o = out + 20 * i;
    o[0] = x + y;
    o[1] = x * y;
    o[2] = x - z;
    o[3] = x / y;
    o[4] = sqrtf(x);
    o[5] = __fmaf_rn(x, y, z);
    o[6] = __fmul_rn(x, 0.5f) - __fdiv_rn(y, 3.0f);
    o[7] = x < z ? x : x > z ? z : y;
    o[8] = __int_as_float((x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | !(x >= y) << 4 | (x > z) << 5 |
                          (int)isnan(x) << 6 | (int)isinf(y) << 7 | (int)signbit(z) << 8);
    o[9] = x < y ? x : z;
    o[10] = fabsf(x);
    o[11] = -y;
    o[12] = copysignf(x, z);
    o[13] = __saturatef(x);
    o[14] = floorf(x);
    o[15] = ceilf(y);
    o[16] = truncf(z);
    o[17] = rintf(x);
    o[18] = __frcp_rn(y);
    o[19] = __fdiv_rn(z, x);
}

// fminf / fmaxf (PTX min.f32 / max.f32): a NaN operand gives the other operand
extern "C" __global__ void x_fminmax(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], y = b[i];
    out[4 * i + 0] = fminf(x, y);
    out[4 * i + 1] = fmaxf(x, y);
    out[4 * i + 2] = fminf(y, -x);
    out[4 * i + 3] = fmaxf(-y, x);
}

// double arithmetic and double -> integer conversions
extern "C" __global__ void x_f64(const double *a, const double *b, unsigned long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = a[i], y = b[i];
    out[6 * i + 0] = (unsigned long long)__double_as_longlong(x + y);
    out[6 * i + 1] = (unsigned long long)__double_as_longlong(x * y);
    out[6 * i + 2] = (unsigned long long)__double_as_longlong(x / y);
    out[6 * i + 3] = (unsigned long long)__double_as_longlong(__fma_rn(x, y, 0.25));
    out[6 * i + 4] = (unsigned long long)(unsigned)__double2int_rn(x) | (unsigned long long)(unsigned)__double2int_rz(y) << 32;
    out[6 * i + 5] = (unsigned long long)__double_as_longlong(sqrt(fabs(x)));
}

// f16 conversions
extern "C" __global__ void x_half(const float *edge, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float e = edge[i];
    __half h = __float2half_rn(e), hz = __float2half_rz(e);
    out[2 * i + 0] = (unsigned)__half_as_ushort(h) | (unsigned)__half_as_ushort(hz) << 16;
    out[2 * i + 1] = __float_as_uint(__half2float(h));
}

// Math functions that are not correctly rounded: compared within the programming guide's bounds
// (tests/crosscheck/xcheck_cases.h lists them).  Arguments in moderate ranges.
extern "C" __global__ void x_math(const float *a, const float *pos, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], p = pos[i];
    out[16 * i + 0] = sinf(x);
    out[16 * i + 1] = cosf(x);
    out[16 * i + 2] = tanf(x);
    out[16 * i + 3] = expf(x);
    out[16 * i + 4] = exp2f(x);
    out[16 * i + 5] = logf(p);
    out[16 * i + 6] = log2f(p);
    out[16 * i + 7] = log10f(p);
    out[16 * i + 8] = atanf(x);
    out[16 * i + 9] = atan2f(x, p);
    out[16 * i + 10] = tanhf(x);
    out[16 * i + 11] = powf(p, x);
    out[16 * i + 12] = rsqrtf(p);
    out[16 * i + 13] = cbrtf(x);
    out[16 * i + 14] = hypotf(x, p);
    out[16 * i + 15] = erff(x);
}

// The fast intrinsics (sin.approx and friends): compared within the guide's absolute bounds.
extern "C" __global__ void x_fastmath(const float *a, const float *pos, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i], p = pos[i];
    out[6 * i + 0] = __sinf(x);
    out[6 * i + 1] = __cosf(x);
    out[6 * i + 2] = __expf(x);
    out[6 * i + 3] = __logf(p);
    out[6 * i + 4] = __log2f(p);
    out[6 * i + 5] = __fdividef(x, p);
}

// warp exchanges and votes (every lane of every warp takes part: the block is a multiple of 32)
extern "C" __global__ void x_warp(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    out[8 * i + 0] = __shfl_sync(0xffffffffu, v, (lane * 7 + 3) & 31);
    out[8 * i + 1] = __shfl_up_sync(0xffffffffu, v, 3);
    out[8 * i + 2] = __shfl_down_sync(0xffffffffu, v, 5, 16);
    out[8 * i + 3] = __shfl_xor_sync(0xffffffffu, v, 9);
    out[8 * i + 4] = (int)__ballot_sync(0xffffffffu, v < 0);
    out[8 * i + 5] = __all_sync(0xffffffffu, v != 17) | __any_sync(0xffffffffu, v == (int)0x80000000) << 1;
    out[8 * i + 6] = __shfl_sync(0xffffffffu, v, lane ^ 1, 8);
    float f = __int_as_float(v);
    out[8 * i + 7] = __float_as_int(__shfl_xor_sync(0xffffffffu, f, 16));
}

// atomics on global and shared memory; every result is independent of the order (integer sums,
// min/max, bit operations, counts), floats only add small integers (exact in any order)
extern "C" __global__ void x_atomics(const int *in, int *acc, unsigned *uacc, float *facc, int n)
{
    __shared__ int s_sum, s_min, s_max;
    __shared__ unsigned s_or, s_and;
    if (threadIdx.x == 0) {
        s_sum = 0;
        s_min = 0x7fffffff;
        s_max = (int)0x80000000;
        s_or = 0u;
        s_and = 0xffffffffu;
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        atomicAdd(&s_sum, v & 0xffff);
        atomicMin(&s_min, v);
        atomicMax(&s_max, v);
        atomicOr(&s_or, (unsigned)v & 0x0f0f0f0fu);
        atomicAnd(&s_and, (unsigned)v | 0x10101010u);
        atomicAdd(&acc[0], v >> 8);
        atomicMin(&acc[1], v);
        atomicMax(&acc[2], v);
        atomicXor(&uacc[0], (unsigned)v);
        atomicMin(&uacc[1], (unsigned)v);
        atomicMax(&uacc[2], (unsigned)v);
        atomicInc(&uacc[3], 100u);
        atomicAdd(&facc[0], (float)(v & 255));
        atomicAdd(&facc[1 + (i & 3)], (float)((v >> 8 & 15) - 8));
        int old = atomicCAS(&acc[3], 0, 0);
        (void)old;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        acc[4 + 5 * blockIdx.x + 0] = s_sum;
        acc[4 + 5 * blockIdx.x + 1] = s_min;
        acc[4 + 5 * blockIdx.x + 2] = s_max;
        acc[4 + 5 * blockIdx.x + 3] = (int)s_or;
        acc[4 + 5 * blockIdx.x + 4] = (int)s_and;
    }
}

// shared memory (static and dynamic), a barrier-separated tree reduction, a local array indexed
// by run-time values
extern "C" __global__ void x_shared(const int *in, int *out)
{
    __shared__ unsigned tile[128];
    extern __shared__ unsigned dyn[];
    unsigned t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
    tile[t] = (unsigned)v;
    dyn[t] = (unsigned)v ^ 0x55u;
    unsigned local[16];
    for (unsigned k = 0; k < 16; k++)
        local[k] = (unsigned)v * (k + 1) - k;
    __syncthreads();
    unsigned mirror = tile[blockDim.x - 1 - t] + dyn[(t + 5) % blockDim.x];
    unsigned pick = local[(unsigned)v % 16u] + local[(t * 3) & 15];
    __syncthreads(); /* every read of the tile above before the reduction writes it */
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            tile[t] += tile[t + s];
        __syncthreads();
    }
    unsigned o = blockIdx.x * blockDim.x + t;
    out[4 * o + 0] = (int)mirror;
    out[4 * o + 1] = (int)pick;
    out[4 * o + 2] = (int)(tile[t ^ 1] ^ dyn[t]);
    out[4 * o + 3] = (int)tile[0];
}

// cvt into a narrower integer type held in a 32-bit register: the PTX ISA (cvt) saturates float
// sources to the type's range (NaN -> 0) and sign-extends a signed result to the register's width
// (zero-extends an unsigned one).  nvcc never writes these forms for plain C++ (it converts to
// s32 and narrows with cvt.s32.s8), so they are spelt in inline PTX; warptex-cxx compiles the C++
// statement of the same rule.
__device__ int cvt_narrow(float x, int form)
{
#ifdef __CUDA_ARCH__
    int r = 0;
    switch (form) {
    case 0: asm("cvt.rni.s8.f32 %0, %1;" : "=r"(r) : "f"(x)); break;
    case 1: asm("cvt.rzi.s16.f32 %0, %1;" : "=r"(r) : "f"(x)); break;
    case 2: asm("cvt.rni.u8.f32 %0, %1;" : "=r"(r) : "f"(x)); break;
    case 3: asm("cvt.rmi.u16.f32 %0, %1;" : "=r"(r) : "f"(x)); break;
    case 4: asm("cvt.s8.s32 %0, %1;" : "=r"(r) : "r"(__float_as_int(x))); break;
    case 5: asm("cvt.sat.s16.s32 %0, %1;" : "=r"(r) : "r"(__float_as_int(x))); break;
    default: asm("cvt.u8.s32 %0, %1;" : "=r"(r) : "r"(__float_as_int(x))); break;
    }
    return r;
#else
    const int bits = __float_as_int(x);
    switch (form) {
    case 0: return max(-128, min(127, __float2int_rn(x)));
    case 1: return max(-32768, min(32767, __float2int_rz(x)));
    case 2: return (int)min(255u, __float2uint_rn(x));
    case 3: return (int)min(65535u, __float2uint_rd(x));
    case 4: return (int)(signed char)bits;
    case 5: return max(-32768, min(32767, bits));
    default: return (int)(unsigned char)bits;
    }
#endif
}
extern "C" __global__ void x_cvt_narrow(const float *edge, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float e = edge[i];
    for (int f = 0; f < 7; f++)
        out[7 * i + f] = cvt_narrow(e, f);
}

#define XC_SOURCE "ops"
#include "../xcheck_registry.h"
XC_REGISTER(XC_KERNEL(x_widen), XC_KERNEL(x_f2narrow), XC_KERNEL(x_i2f), XC_KERNEL(x_mul), XC_KERNEL(x_bits),
            XC_KERNEL(x_fops), XC_KERNEL(x_fminmax), XC_KERNEL(x_f64), XC_KERNEL(x_half), XC_KERNEL(x_math), XC_KERNEL(x_fastmath),
            XC_KERNEL(x_warp), XC_KERNEL(x_atomics), XC_KERNEL(x_shared), XC_KERNEL(x_cvt_narrow))
