/* bench_warp_affine.c -- workload W6 of docs/bench.md: T2 warped through BENCH's affine matrix into a 2048 x 2048 RGBA8 image, the library computing the coordinates
 * SPDX-License-Identifier: MIT
 *
 * One wt_tex_batch_map call a pass: the matrix of docs/bench.md#affine (the
 * one W1's coordinates come from, bench_data.c) divided by the texture's
 * 2048-texel extent, because T2 is sampled with normalised coordinates as in
 * W1, each entry rounded to float once.  Bilinear, clamp, read as normalised
 * float, stored as RGBA8 (WT_BATCH_U8X4) with rows packed.  Under --quick
 * the grid is the first n / 2048 rows.  The library spreads the rows over
 * wt_set_num_threads() threads, which the backend loop sets. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct w6_job {
    wt_op op;
    wt_tex tex;
    wt_tex_map map;
    uint8_t *out; /* width x height x 4 bytes */
} w6_job;

static int w6_pass(void *state, int threads)
{
    w6_job *j = state;
    (void)threads; /* set through wt_set_num_threads by the backend loop */
    const wt_tex_batch_out out = {j->out, WT_BATCH_U8X4, 0, 0};
    wt_status st = wt_tex_batch_map(&j->op, j->tex, 0, &j->map, NULL, &out, 0);
    if (st) {
        bench_lib_error("wt_tex_batch_map()", st, wt_last_error_message());
        return -1;
    }
    return 0;
}

static int w6_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    const w6_job *j = state;
    (void)note, (void)note_size;
    bench_digest_u8(dg, j->out, j->map.width * j->map.height * 4u);
    return 0;
}

/* docs/bench.md#affine's matrix (computed in double as bench_data.c does),
 * over the 2048-texel extent: the normalised coordinates of a pixel centre. */
static void bench_matrix(float m[9])
{
    const double pi = 3.14159265358979323846;
    const double theta = 30.0 * pi / 180.0;
    const double c = 0.7 * cos(theta), s = 0.7 * sin(theta);
    const double a[6] = {c, -s, 1024.0 - 1024.0 * c + 1024.0 * s, s, c, 1024.0 - 1024.0 * s - 1024.0 * c};
    for (int e = 0; e < 6; e++)
        m[e] = (float)(a[e] / (double)BENCH_T2_SIDE);
    m[6] = 0.0f, m[7] = 0.0f, m[8] = 1.0f;
}

int bench_warp_affine(bench_config *cfg, const bench_data *d)
{
    w6_job j;
    memset(&j, 0, sizeof j);
    j.op.family = WT_FAMILY_TEX;
    j.op.geom = WT_GEOM_2D;
    j.op.mip = WT_MIP_BASE;
    j.op.dtype = WT_DTYPE_F32;
    j.op.ctype = WT_CTYPE_F32;
    bench_matrix(j.map.m);
    j.map.width = BENCH_OUT_SIDE;
    j.map.height = d->n / BENCH_OUT_SIDE;

    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_array arr = NULL;
    wt_status st = wt_malloc_array(&arr, &cd, BENCH_T2_SIDE, BENCH_T2_SIDE, 0, WT_ARRAY_DEFAULT);
    if (st) {
        bench_lib_error("wt_malloc_array()", st, wt_last_error_message());
        return -1;
    }
    if ((st = wt_memcpy_to_array(arr, 0, 0, 0, d->t2, BENCH_T2_SIDE * 4u, BENCH_T2_SIDE, BENCH_T2_SIDE, 1))) {
        bench_lib_error("wt_memcpy_to_array()", st, wt_last_error_message());
        wt_free_array(arr);
        return -1;
    }
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = arr;
    wt_texture_desc td; /* as W1: normalised, linear, clamp, normalised float */
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = WT_ADDRESS_CLAMP;
    td.filter_mode = WT_FILTER_LINEAR;
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.normalized_coords = 1;
    if ((st = wt_create_texture_object(&j.tex, &res, &td, NULL))) {
        bench_lib_error("wt_create_texture_object()", st, wt_last_error_message());
        wt_free_array(arr);
        return -1;
    }
    int rc = -1;
    j.out = malloc(j.map.width * j.map.height * 4u);
    if (!j.out) {
        fprintf(stderr, "%s: out of memory for the W6 output\n", bench_prog);
        goto done;
    }
    char label[32];
    bench_spec spec;
    bench_spec_samples(&spec, label, BENCH_W6, (double)(j.map.width * j.map.height));
    spec.api = "batch";
    spec.output = "rgba8";
    spec.pass = w6_pass;
    spec.digest = w6_digest;
    spec.state = &j;
    int counts[2];
    const int nc = bench_thread_counts(cfg, counts);
    for (int t = 0; t < nc; t++)
        if (bench_run_backends(cfg, &spec, counts[t]))
            goto done;
    rc = 0;
done:
    free(j.out);
    wt_destroy_texture_object(j.tex);
    wt_free_array(arr);
    return rc;
}
