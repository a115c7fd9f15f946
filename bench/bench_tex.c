/* bench_tex.c -- workloads W1-W5 of docs/bench.md: tex/tld4 warps over T2 and T3, coordinates from memory, outputs to memory
 * SPDX-License-Identifier: MIT
 *
 * Sample i is lane i % 32 of warp i / 32.  The coordinates are laid out as
 * the warp API takes them, one structure-of-arrays block of dims x 32 floats
 * per warp, when the data is prepared (not timed: docs/bench.md times sampling
 * and writing, not data generation); each warp copies its block into its
 * operands, and one wt_tex_warp call writes its results straight into the
 * output, an array of wt_tex_result blocks, "as the API gives them"
 * (docs/bench.md).  The checksum walks the kept registers in sample order (4
 * words for W1, W2, W4, W5; 1 for W3), the order of an interleaved array.
 * The warps are split over the threads with schedule(static). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct tex_job {
    wt_op op;
    wt_tex tex;
    float *coords;       /* per warp: dims x 32 floats, structure of arrays */
    int dims;            /* 2 or 3 */
    int keep;            /* destination registers kept per sample: 4 or 1 */
    int is_float;        /* outputs are f32 (else u32) */
    size_t n;
    wt_tex_result *out;  /* one block per warp */
    bench_failure fail;
} tex_job;

/* One warp: samples [base, base + lanes). */
static wt_status tex_warp(const tex_job *j, size_t base, size_t lanes, wt_tex_args *args)
{
    const float *c = j->coords + base * (size_t)j->dims; /* this warp's block */
    for (int k = 0; k < j->dims; k++)
        memcpy(args->c[k], c + (size_t)k * WT_WARP_SIZE, WT_WARP_SIZE * sizeof(float));
    return wt_tex_warp(&j->op, j->tex, 0, bench_lane_mask(lanes), args, &j->out[base / WT_WARP_SIZE]);
}

static int tex_pass(void *state, int threads)
{
    tex_job *j = state;
    const long long warps = (long long)((j->n + WT_WARP_SIZE - 1) / WT_WARP_SIZE);
    memset(&j->fail, 0, sizeof j->fail);
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
        wt_tex_args args;
        memset(&args, 0, sizeof args);
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
        for (long long w = 0; w < warps; w++) {
            if (bench_failure_seen(&j->fail))
                continue;
            const size_t base = (size_t)w * WT_WARP_SIZE;
            const size_t lanes = j->n - base < WT_WARP_SIZE ? j->n - base : WT_WARP_SIZE;
            wt_status st = tex_warp(j, base, lanes, &args);
            if (st)
                bench_failure_record(&j->fail, st);
        }
    }
    if (j->fail.failed) {
        bench_lib_error("wt_tex_warp()", j->fail.st, j->fail.msg);
        return -1;
    }
    return 0;
}

static int tex_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    const tex_job *j = state;
    (void)note, (void)note_size;
    /* the kept registers in sample order, as an interleaved array holds them */
    uint32_t *v = malloc(j->n * (size_t)j->keep * sizeof *v);
    if (!v) {
        fprintf(stderr, "%s: out of memory for a checksum\n", bench_prog);
        return -1;
    }
    for (size_t i = 0; i < j->n; i++)
        for (int k = 0; k < j->keep; k++)
            v[i * (size_t)j->keep + (size_t)k] = j->out[i / WT_WARP_SIZE].d[k][i % WT_WARP_SIZE];
    if (j->is_float)
        bench_digest_f32(dg, v, j->n * (size_t)j->keep);
    else
        bench_digest_u32(dg, v, j->n * (size_t)j->keep);
    free(v);
    return 0;
}

/* A 2D or 3D array holding `bytes` of host data. */
static int make_array(wt_array *arr, const wt_channel_desc *cd, size_t w, size_t h, size_t dpt, size_t elem,
                      unsigned flags, const void *src)
{
    wt_status st = wt_malloc_array(arr, cd, w, h, dpt, flags);
    if (st) {
        bench_lib_error("wt_malloc_array()", st, wt_last_error_message());
        return -1;
    }
    st = wt_memcpy_to_array(*arr, 0, 0, 0, src, w * elem, w, h, dpt ? dpt : 1);
    if (st) {
        bench_lib_error("wt_memcpy_to_array()", st, wt_last_error_message());
        wt_free_array(*arr);
        *arr = NULL;
        return -1;
    }
    return 0;
}

int bench_tex_workload(int index, bench_config *cfg, const bench_data *d)
{
    /* docs/bench.md table: W1 W2 W5 share T2 read as normalised float with linear
     * filtering; W4 reads T2 as element type with point filtering; W3 is the
     * f32 volume T3 with linear filtering.  All normalised, clamp. */
    const int volume = index == 2;
    const int point = index == 3;
    tex_job j;
    memset(&j, 0, sizeof j);
    j.n = d->n;
    j.dims = volume ? 3 : 2;
    j.keep = volume ? 1 : 4;
    j.is_float = !point;
    const float *coords = volume ? d->rand3 : index == 1 ? d->rand2 : d->affine;
    j.op.family = (uint8_t)(index == 4 ? WT_FAMILY_TLD4 : WT_FAMILY_TEX);
    j.op.geom = (uint8_t)(volume ? WT_GEOM_3D : WT_GEOM_2D);
    j.op.mip = WT_MIP_BASE;
    j.op.dtype = (uint8_t)(point ? WT_DTYPE_U32 : WT_DTYPE_F32);
    j.op.ctype = WT_CTYPE_F32;
    j.op.comp = 0; /* tld4.r */

    wt_array arr = NULL;
    wt_channel_desc cd;
    int rc = -1;
    if (volume) {
        cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
        if (make_array(&arr, &cd, BENCH_T3_SIDE, BENCH_T3_SIDE, BENCH_T3_SIDE, sizeof(float), WT_ARRAY_DEFAULT,
                       d->t3))
            return -1;
    } else {
        cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
        if (make_array(&arr, &cd, BENCH_T2_SIDE, BENCH_T2_SIDE, 0, 4u,
                       index == 4 ? WT_ARRAY_TEXTURE_GATHER : WT_ARRAY_DEFAULT, d->t2))
            return -1;
    }
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = arr;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = WT_ADDRESS_CLAMP;
    td.filter_mode = point ? WT_FILTER_POINT : WT_FILTER_LINEAR;
    td.read_mode = volume || point ? WT_READ_ELEMENT_TYPE : WT_READ_NORMALIZED_FLOAT;
    td.normalized_coords = 1;
    wt_status st = wt_create_texture_object(&j.tex, &res, &td, NULL);
    if (st) {
        bench_lib_error("wt_create_texture_object()", st, wt_last_error_message());
        wt_free_array(arr);
        return -1;
    }
    const size_t warps = (j.n + WT_WARP_SIZE - 1) / WT_WARP_SIZE;
    j.out = malloc(warps * sizeof *j.out);
    j.coords = calloc(warps * WT_WARP_SIZE * (size_t)j.dims, sizeof *j.coords);
    if (!j.out || !j.coords) {
        fprintf(stderr, "%s: out of memory for the %s output\n", bench_prog, bench_workload_ids[index]);
        goto done;
    }

    for (size_t i = 0; i < j.n; i++) /* interleaved -> a structure-of-arrays block per warp */
        for (int k = 0; k < j.dims; k++)
            j.coords[(i / WT_WARP_SIZE) * WT_WARP_SIZE * (size_t)j.dims + (size_t)k * WT_WARP_SIZE + i % WT_WARP_SIZE] =
                coords[i * (size_t)j.dims + (size_t)k];

    char label[32];
    bench_spec spec;
    bench_spec_samples(&spec, label, index, (double)j.n);
    /* what each run stores: W1, W2, W5 four floats, W3 one, W4 four u32
     * (the plain-C peer's W4 writes RGBA8, docs/bench.md#output-classes) */
    spec.api = "warp";
    spec.output = volume ? "float" : point ? "u32x4" : "float4";
    spec.peer_output = point ? "rgba8" : NULL;
    spec.pass = tex_pass;
    spec.digest = tex_digest;
    spec.state = &j;
    int counts[2];
    const int nc = bench_thread_counts(cfg, counts);
    for (int t = 0; t < nc; t++)
        if (bench_run_backends(cfg, &spec, counts[t]) || bench_plain_c_run(index, cfg, &spec, d, counts[t]))
            goto done;
    /* W1 through the other doors, on the same texture and coordinates (docs/bench.md#doors) */
    if (index == 0 && (bench_ptx_w1(cfg, &spec, j.tex, coords, j.n) || bench_cuda_w1(cfg, &spec, j.tex, coords, j.n)))
        goto done;
    /* and through the batch door in each output form, checked against the registers the warp
     * API's last pass left in j.out (docs/bench.md#batch-door) */
    if (bench_batch_doors(cfg, &spec, &j.op, j.tex, coords, j.n, j.out))
        goto done;
    rc = 0;
done:
    free(j.out);
    free(j.coords);
    wt_destroy_texture_object(j.tex);
    wt_free_array(arr);
    return rc;
}
