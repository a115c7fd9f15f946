/* bench_cuda.c -- W1 through the CUDA door: a CUDA kernel built by warptex-cxx (bench/cuda/w1_door.cu)
 * SPDX-License-Identifier: MIT
 *
 * The kernel reads W1's texture (a cudaTextureObject_t is the wt_tex itself) and interleaved
 * affine coordinates and writes float4s in sample order, so its digest is the warp API's, checked
 * as every other run of W1.  A pass is one launch and cudaDeviceSynchronize; the runtime runs
 * blocks on wt_get_num_threads() threads, which the backend loop sets (docs/bench.md#doors).
 * Built where the CUDA layer is (WT_BENCH_CUDA, CMakeLists.txt); elsewhere there is no such door
 * and bench_cuda_w1 records nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#ifdef WT_BENCH_CUDA
int bench_cuda_w1_launch(unsigned long long tex, const float *uv, float *out, int n, const char **why);

typedef struct cuda_job {
    bench_float4_out o; /* first: bench_float4_digest reads it */
    wt_tex tex;
    const float *uv;
} cuda_job;

static int cuda_pass(void *state, int threads)
{
    cuda_job *j = state;
    const char *why = "";
    (void)threads;
    if (bench_cuda_w1_launch((unsigned long long)j->tex, j->uv, j->o.out, (int)j->o.n, &why)) {
        fprintf(stderr, "%s: W1 as a CUDA kernel: %s\n", bench_prog, why);
        return -1;
    }
    return 0;
}

#endif

int bench_cuda_w1(bench_config *cfg, const bench_spec *warp, wt_tex tex, const float *uv, size_t n)
{
#ifdef WT_BENCH_CUDA
    if (n > (size_t)0x7fffffff) { /* the kernel's count is an int */
        fprintf(stderr, "%s: W1 as a CUDA kernel: %zu samples do not fit the kernel's int\n", bench_prog, n);
        return -1;
    }
    cuda_job j = {{malloc(n * 4u * sizeof(float)), n}, tex, uv};
    if (!j.o.out) {
        fprintf(stderr, "%s: out of memory for the W1 CUDA output\n", bench_prog);
        return -1;
    }
    const int rc = bench_run_door(cfg, warp, "cuda", cuda_pass, bench_float4_digest, &j);
    free(j.o.out);
    return rc;
#else
    (void)cfg, (void)warp, (void)tex, (void)uv, (void)n;
    return 0;
#endif
}
