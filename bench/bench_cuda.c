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
    wt_tex tex;
    const float *uv;
    float *out;
    int n;
} cuda_job;

static int cuda_pass(void *state, int threads)
{
    cuda_job *j = state;
    const char *why = "";
    (void)threads;
    if (bench_cuda_w1_launch((unsigned long long)j->tex, j->uv, j->out, j->n, &why)) {
        fprintf(stderr, "%s: W1 as a CUDA kernel: %s\n", bench_prog, why);
        return -1;
    }
    return 0;
}

static int cuda_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    const cuda_job *j = state;
    (void)note, (void)note_size;
    bench_digest_f32(dg, (const uint32_t *)(const void *)j->out, (size_t)j->n * 4u);
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
    cuda_job j = {tex, uv, malloc(n * 4u * sizeof(float)), (int)n};
    if (!j.out) {
        fprintf(stderr, "%s: out of memory for the W1 CUDA output\n", bench_prog);
        return -1;
    }
    bench_spec spec = *warp; /* the same workload, label and digest to agree with */
    spec.api = "cuda";
    spec.peer_output = NULL;
    spec.pass = cuda_pass;
    spec.prep = NULL;
    spec.digest = cuda_digest;
    spec.state = &j;
    int counts[2], rc = 0;
    const int nc = bench_thread_counts(cfg, counts);
    for (int t = 0; t < nc && rc == 0; t++)
        rc = bench_run_backends(cfg, &spec, counts[t]);
    free(j.out);
    return rc;
#else
    (void)cfg, (void)warp, (void)tex, (void)uv, (void)n;
    return 0;
#endif
}

int bench_cuda_door(void)
{
#ifdef WT_BENCH_CUDA
    return 1;
#else
    return 0;
#endif
}
