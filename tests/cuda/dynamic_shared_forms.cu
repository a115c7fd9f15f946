// dynamic_shared_forms.cu -- extern __shared__ arrays as NVIDIA's samples declare and use them:
// the type before or after __shared__ (threadFenceReduction), in a header, kernels of one program
// declaring it with different types and names; NVIDIA's SharedMemory<T> (reduction and others),
// which casts an int array to T * ((T *)__smem) with a double specialisation; casts to volatile
// and void pointers; reinterpret_cast to a vector type and passing the array to a function, with
// the array at file scope too, from several OS threads' blocks.  Prints "FAILED" at the end if a check failed.
// SPDX-License-Identifier: MIT
#include <cuda_runtime.h>

#include <cstdio>

#include "include/dynamic_shared_kernels.cuh"

#include "include/expect.h"

template <class T> struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
template <> struct SharedMemory<double> {
    __device__ inline operator double *()
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
};

// the block's sum, through SharedMemory<T>, as the reduction sample's first kernels
template <class T> __global__ void block_sum(const T *in, T *out)
{
    T *sdata = SharedMemory<T>();
    const unsigned t = threadIdx.x;
    sdata[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            sdata[t] += sdata[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = sdata[0];
}

__global__ void casts(int *ok)
{
    extern __shared__ float f[];
    volatile float *v = (volatile float *)f;
    void *p = (void *)f;
    const float *c = f;
    unsigned char *bytes = static_cast<unsigned char *>(p);
    f[threadIdx.x] = 1.5f;
    __syncthreads();
    ok[threadIdx.x] = v[threadIdx.x] == 1.5f && c == f && (float *)bytes == (float *)f + 0 && f + 1 == &f[1];
}

// at file scope, as some programs declare it
extern __shared__ unsigned char file_scope_bytes[];

__device__ float4 neighbour(const float4 *v) { return v[(threadIdx.x + 1) % blockDim.x]; }

// the array seen as float4 (reinterpret_cast), then its bytes through the file-scope array
__global__ void vector_view(float *out)
{
    extern __shared__ float words[];
    float4 *v = reinterpret_cast<float4 *>(words);
    v[threadIdx.x] = make_float4((float)threadIdx.x, (float)blockIdx.x, 2.0f, 3.0f);
    __syncthreads();
    const float4 w = neighbour(v);
    const bool same = reinterpret_cast<unsigned char *>(words) == file_scope_bytes &&
                      &file_scope_bytes[16] == reinterpret_cast<unsigned char *>(&words[4]);
    out[blockIdx.x * blockDim.x + threadIdx.x] = same ? w.x + 100.0f * w.y : -1.0f;
}

template <class T> static void sum_check(const char *what)
{
    const int blocks = 3, threads = 128;
    T *in, *out;
    EXPECT(cudaMallocManaged(&in, blocks * threads * sizeof(T)) == cudaSuccess);
    EXPECT(cudaMallocManaged(&out, blocks * sizeof(T)) == cudaSuccess);
    for (int i = 0; i < blocks * threads; i++)
        in[i] = (T)(i % 7);
    block_sum<T><<<blocks, threads, threads * sizeof(T)>>>(in, out);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int b = 0; b < blocks; b++) {
        T want = 0;
        for (int i = 0; i < threads; i++)
            want += (T)((b * threads + i) % 7);
        if (out[b] != want) {
            std::printf("%s: block %d: sum %g, want %g\n", what, b, (double)out[b], (double)want);
            failures++;
        }
    }
    cudaFree(in);
    cudaFree(out);
}

int main()
{
    const int n = 64;
    float *fin, *fout;
    int *iin, *iout;
    EXPECT(cudaMallocManaged(&fin, n * sizeof(float)) == cudaSuccess);
    EXPECT(cudaMallocManaged(&fout, n * sizeof(float)) == cudaSuccess);
    EXPECT(cudaMallocManaged(&iin, n * sizeof(int)) == cudaSuccess);
    EXPECT(cudaMallocManaged(&iout, n * sizeof(int)) == cudaSuccess);
    for (int i = 0; i < n; i++) {
        fin[i] = (float)i * 0.25f;
        iin[i] = 1000 + i;
    }
    reverse_float<<<1, n, n * sizeof(float)>>>(fin, fout);
    reverse_int<<<1, n, n * sizeof(int)>>>(iin, iout);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; i++)
        if (fout[i] != fin[n - 1 - i] || iout[i] != iin[n - 1 - i]) {
            std::printf("reverse: element %d: %g %d\n", i, fout[i], iout[i]);
            failures++;
            break;
        }

    sum_check<float>("SharedMemory<float>");
    sum_check<int>("SharedMemory<int>");
    sum_check<double>("SharedMemory<double>");

    int *ok;
    EXPECT(cudaMallocManaged(&ok, 32 * sizeof(int)) == cudaSuccess);
    casts<<<1, 32, 32 * sizeof(float)>>>(ok);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < 32; i++)
        EXPECT(ok[i] == 1);
    {
        const int blocks = 40, threads = 64; // blocks over every OS thread of the launch
        float *vo;
        EXPECT(cudaMallocManaged(&vo, blocks * threads * sizeof(float)) == cudaSuccess);
        vector_view<<<blocks, threads, threads * sizeof(float4)>>>(vo);
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        for (int b = 0; b < blocks; b++)
            for (int t = 0; t < threads; t++)
                EXPECT(vo[b * threads + t] == (float)((t + 1) % threads) + 100.0f * (float)b);
        cudaFree(vo);
    }
    cudaFree(fin);
    cudaFree(fout);
    cudaFree(iin);
    cudaFree(iout);
    cudaFree(ok);
    std::printf("dynamic_shared_forms: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
