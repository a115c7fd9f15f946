// w1_cuda.cu -- docs/bench.md's W1 (bilinear-affine) written as a CUDA C++ kernel and built with
// warptex-cxx, timed beside the same workload through warptex's warp API and its per-lane C call,
// in the same run, 1 thread and all threads.  Msamples/s, median of 5 repetitions after a warm-up;
// each line prints its checksum (the mean of all outputs), which must agree.
//   build: warptex-cxx -O2 -Xcompiler -fopenmp bench/cuda/w1_cuda.cu -o w1_cuda  (the build does this:
//          <build>/warptex-bench-cuda)
// SPDX-License-Identifier: MIT
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <omp.h>

#include <cuda_runtime.h>
#include <warptex.h>

__global__ void w1(const float2 *__restrict__ uv, float4 *__restrict__ out, cudaTextureObject_t tex, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2D<float4>(tex, uv[i].x, uv[i].y);
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double now(void)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <class F> static double median_msps(F run, size_t n)
{
    run(); // warm-up
    std::vector<double> t;
    for (int r = 0; r < 5; r++) {
        const double t0 = now();
        run();
        t.push_back(now() - t0);
    }
    std::sort(t.begin(), t.end());
    return n / t[2] / 1e6;
}

static double checksum(const std::vector<float4> &o)
{
    double s = 0;
    for (const float4 &p : o)
        s += (double)p.x + p.y + p.z + p.w;
    return s / (4.0 * o.size());
}

int main()
{
    const int W = 2048;
    const size_t N = (size_t)W * W;
    std::vector<uint64_t> t2(N * 4 / 8);
    uint64_t s = 0x7E57;
    for (auto &w : t2)
        w = splitmix64(&s); // little-endian words: the bytes in order
    std::vector<float2> uv(N);
    const double th = 30.0 * M_PI / 180.0, c = 0.7 * std::cos(th), sn = 0.7 * std::sin(th);
    const double m[6] = {c, -sn, 1024 - 1024 * c + 1024 * sn, sn, c, 1024 - 1024 * sn - 1024 * c};
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) {
            const double px = x + 0.5, py = y + 0.5;
            uv[(size_t)y * W + x] = make_float2((float)((m[0] * px + m[1] * py + m[2]) / 2048),
                                                (float)((m[3] * px + m[4] * py + m[5]) / 2048));
        }
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<uchar4>();
    cudaArray_t arr;
    cudaMallocArray(&arr, &fmt, W, W);
    cudaMemcpy2DToArray(arr, 0, 0, t2.data(), W * 4, W * 4, W, cudaMemcpyHostToDevice);
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeNormalizedFloat;
    td.normalizedCoords = 1;
    cudaTextureObject_t tex;
    if (cudaCreateTextureObject(&tex, &res, &td, nullptr) != cudaSuccess) {
        std::printf("w1_cuda: texture creation failed\n");
        return 1;
    }
    std::vector<float4> out(N);
    float2 *puv = uv.data();
    float4 *pout = out.data();
    const int all = omp_get_max_threads();
    wt_op op;
    std::memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.mip = WT_MIP_BASE;
    op.dtype = WT_DTYPE_F32;
    op.ctype = WT_CTYPE_F32;
    std::printf("W1 bilinear-affine, 2048x2048 RGBA8, backend %s (Msamples/s, median of 5)\n", wt_backend_name());
    for (int threads : {1, all}) {
        if (threads > 1 && all == 1)
            break;
        wt_set_num_threads(threads);
        const double cuda = median_msps([&] { w1<<<(unsigned)((N + 255) / 256), 256>>>(puv, pout, tex, (int)N); }, N);
        if (cudaDeviceSynchronize() != cudaSuccess) {
            std::printf("w1_cuda: the kernel failed\n");
            return 1;
        }
        const double sum_cuda = checksum(out);
        const double lane = median_msps(
            [&] {
#pragma omp parallel for num_threads(threads) schedule(static)
                for (long long i = 0; i < (long long)N; i++) {
                    const wt_float4 r = wt_tex_unified_2d_v4f32_f32(tex, puv[i].x, puv[i].y);
                    std::memcpy(&pout[i], &r, 16);
                }
            },
            N);
        const double sum_lane = checksum(out);
        const double warp = median_msps(
            [&] {
#pragma omp parallel num_threads(threads)
                {
                    wt_tex_args a;
                    wt_tex_result r;
                    std::memset(&a, 0, sizeof a);
#pragma omp for schedule(static)
                    for (long long w = 0; w < (long long)(N / 32); w++) {
                        const size_t base = (size_t)w * 32;
                        for (int l = 0; l < 32; l++) {
                            std::memcpy(&a.c[0][l], &puv[base + l].x, 4);
                            std::memcpy(&a.c[1][l], &puv[base + l].y, 4);
                        }
                        wt_tex_warp(&op, tex, 0, 0xffffffffu, &a, &r);
                        for (int l = 0; l < 32; l++) {
                            uint32_t v[4] = {r.d[0][l], r.d[1][l], r.d[2][l], r.d[3][l]};
                            std::memcpy(&pout[base + l], v, 16);
                        }
                    }
                }
            },
            N);
        const double sum_warp = checksum(out);
        std::printf("%2d thread%s  CUDA kernel (warptex-cxx) %7.1f   per-lane C call %7.1f   warp API %7.1f   "
                    "CUDA/warp %.2f\n",
                    threads, threads > 1 ? "s" : " ", cuda, lane, warp, cuda / warp);
        std::printf("            checksums %.9f %.9f %.9f%s\n", sum_cuda, sum_lane, sum_warp,
                    sum_cuda == sum_lane && sum_lane == sum_warp ? "" : "  MISMATCH");
    }
    cudaDestroyTextureObject(tex);
    cudaFreeArray(arr);
    return 0;
}
