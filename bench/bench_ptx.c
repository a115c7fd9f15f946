/* bench_ptx.c -- W1 through the PTX door: nvcc's PTX of examples/ptx/w1.cu, run by the PTX front end
 * SPDX-License-Identifier: MIT
 *
 * The kernel is `out[i] = tex2D<float4>(t, uv[i].x, uv[i].y)`, one thread a sample in blocks
 * of 256, as `nvcc -ptx` wrote it (examples/ptx/w1.ptx, embedded by the build as
 * bench_w1_ptx[]).  It reads W1's texture and its interleaved affine coordinates and writes
 * float4s in sample order, so its digest is the warp API's (bench_tex.c), checked as every
 * other run of W1.  The module is loaded and its memory registered once, untimed; a pass is one
 * wt_launch_kernel (docs/bench.md#doors). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

extern const unsigned char bench_w1_ptx[];
extern const size_t bench_w1_ptx_size;

#define W1_BLOCK 256u

typedef struct ptx_job {
    bench_float4_out o; /* first: bench_float4_digest reads it */
    wt_function fn;
    wt_tex tex;
    const float *uv;
    int n;
} ptx_job;

static int ptx_pass(void *state, int threads)
{
    ptx_job *j = state;
    (void)threads; /* wt_launch_kernel runs wt_get_num_threads(), which bench_run_backends set */
    void *params[4] = {&j->tex, &j->uv, &j->o.out, &j->n};
    const wt_dim3 grid = {((unsigned)j->n + W1_BLOCK - 1) / W1_BLOCK, 1, 1}, block = {W1_BLOCK, 1, 1};
    wt_status st = wt_launch_kernel(j->fn, grid, block, 0, params);
    if (st) {
        bench_lib_error("wt_launch_kernel()", st, wt_last_error_message());
        return -1;
    }
    return 0;
}

int bench_ptx_w1(bench_config *cfg, const bench_spec *warp, wt_tex tex, const float *uv, size_t n)
{
    if (n > (size_t)0x7fffffff) { /* the kernel's count is an int */
        fprintf(stderr, "%s: W1 through PTX: %zu samples do not fit the kernel's int\n", bench_prog, n);
        return -1;
    }
    ptx_job j;
    memset(&j, 0, sizeof j);
    j.tex = tex;
    j.uv = uv;
    j.n = (int)n;
    wt_module mod = NULL;
    int rc = -1;
    wt_status st = wt_module_load_ptx(&mod, (const char *)bench_w1_ptx, bench_w1_ptx_size, "w1.ptx");
    if (st) {
        bench_lib_error("wt_module_load_ptx(w1.ptx)", st, wt_last_error_message());
        return -1;
    }
    j.o.n = n;
    if (!(j.o.out = malloc(n * 4u * sizeof *j.o.out))) {
        fprintf(stderr, "%s: out of memory for the W1 PTX output\n", bench_prog);
        goto done;
    }
    if ((st = wt_module_get_function(&j.fn, mod, "w1")) ||
        (st = wt_module_register_memory(mod, (void *)uv, n * 2u * sizeof *uv, 0)) ||
        (st = wt_module_register_memory(mod, j.o.out, n * 4u * sizeof *j.o.out, 1))) {
        bench_lib_error("w1.ptx", st, wt_last_error_message());
        goto done;
    }
    rc = bench_run_door(cfg, warp, "ptx", ptx_pass, bench_float4_digest, &j);
done:
    wt_module_unload(mod);
    free(j.o.out);
    return rc;
}
