/* bench_plain_c.c -- W1-W5 as twenty lines of plain C each, measured in the same run (the "plain_c" peer)
 * SPDX-License-Identifier: MIT
 *
 * docs/bench.md's plain-C peer, written again here so that its figure comes from
 * this machine and this run rather than from docs/bench.md's reference machine:
 * the same data and coordinates, float weights (not docs/semantics.md's 1/256
 * ones, so its output is not warptex's and its checksum is not compared),
 * clamp addressing, normalised coordinates; W1/W2 bilinear RGBA8 to four
 * floats, W3 trilinear f32 to one float, W4 point RGBA8 to RGBA8, W5 the R
 * gather to four floats in tld4's order.  The pointers are restrict (without
 * it GCC vectorises none of the loops: W1 about 80 instead of 180 here).
 * Built at -O3 with contraction allowed (CMakeLists.txt); on
 * x86-64 with GCC each loop is also compiled for x86-64-v3 (AVX2, FMA) and
 * picked at run time, the nearest a portable binary comes to docs/bench.md's
 * -march=native.  Split over the threads with schedule(static). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* (not under the sanitizers: an ifunc resolver runs before their runtimes start) */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define PLAIN_C_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define PLAIN_C_CLONES
#endif

typedef struct plain_job {
    int index;         /* 0..4: W1..W5 */
    const bench_data *d;
    const float *uv;   /* interleaved coordinates */
    float *outf;       /* W1, W2, W5: 4 floats a sample; W3: 1 */
    uint8_t *out8;     /* W4: 4 bytes a sample */
} plain_job;

static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

PLAIN_C_CLONES static void bilinear_rgba8(const uint8_t *restrict t, const float *restrict uv, float *restrict out,
                                          long lo, long hi)
{
    const int n = (int)BENCH_T2_SIDE;
    for (long i = lo; i < hi; i++) {
        float x = uv[2 * i] * (float)n - 0.5f, y = uv[2 * i + 1] * (float)n - 0.5f;
        x = x < 0.0f ? 0.0f : x > (float)(n - 1) ? (float)(n - 1) : x;
        y = y < 0.0f ? 0.0f : y > (float)(n - 1) ? (float)(n - 1) : y;
        const int x0 = (int)x, y0 = (int)y, x1 = x0 + 1 < n ? x0 + 1 : n - 1, y1 = y0 + 1 < n ? y0 + 1 : n - 1;
        const float a = x - (float)x0, b = y - (float)y0;
        const uint8_t *p00 = t + 4 * ((size_t)y0 * n + x0), *p01 = t + 4 * ((size_t)y0 * n + x1);
        const uint8_t *p10 = t + 4 * ((size_t)y1 * n + x0), *p11 = t + 4 * ((size_t)y1 * n + x1);
        for (int c = 0; c < 4; c++)
            out[4 * i + c] = ((1 - a) * (1 - b) * p00[c] + a * (1 - b) * p01[c] + (1 - a) * b * p10[c] +
                              a * b * p11[c]) * (1.0f / 255.0f);
    }
}

PLAIN_C_CLONES static void trilinear_f32(const float *restrict t, const float *restrict uvw, float *restrict out,
                                         long lo, long hi)
{
    const int n = (int)BENCH_T3_SIDE;
    for (long i = lo; i < hi; i++) {
        int i0[3], i1[3];
        float f[3];
        for (int k = 0; k < 3; k++) {
            float x = uvw[3 * i + k] * (float)n - 0.5f;
            x = x < 0.0f ? 0.0f : x > (float)(n - 1) ? (float)(n - 1) : x;
            i0[k] = (int)x;
            i1[k] = i0[k] + 1 < n ? i0[k] + 1 : n - 1;
            f[k] = x - (float)i0[k];
        }
        float s = 0.0f;
        for (int c = 0; c < 8; c++) {
            const int x = c & 1 ? i1[0] : i0[0], y = c & 2 ? i1[1] : i0[1], z = c & 4 ? i1[2] : i0[2];
            const float w = (c & 1 ? f[0] : 1 - f[0]) * (c & 2 ? f[1] : 1 - f[1]) * (c & 4 ? f[2] : 1 - f[2]);
            s += w * t[((size_t)z * n + y) * n + x];
        }
        out[i] = s;
    }
}

PLAIN_C_CLONES static void point_rgba8(const uint8_t *restrict t, const float *restrict uv, uint8_t *restrict out,
                                       long lo, long hi)
{
    const int n = (int)BENCH_T2_SIDE;
    for (long i = lo; i < hi; i++) {
        const int x = clampi((int)floorf(uv[2 * i] * (float)n), 0, n - 1);
        const int y = clampi((int)floorf(uv[2 * i + 1] * (float)n), 0, n - 1);
        memcpy(out + 4 * i, t + 4 * ((size_t)y * n + x), 4);
    }
}

PLAIN_C_CLONES static void gather_r(const uint8_t *restrict t, const float *restrict uv, float *restrict out, long lo,
                                    long hi)
{
    const int n = (int)BENCH_T2_SIDE;
    for (long i = lo; i < hi; i++) {
        const int x0 = clampi((int)floorf(uv[2 * i] * (float)n - 0.5f), 0, n - 1);
        const int y0 = clampi((int)floorf(uv[2 * i + 1] * (float)n - 0.5f), 0, n - 1);
        const int x1 = x0 + 1 < n ? x0 + 1 : n - 1, y1 = y0 + 1 < n ? y0 + 1 : n - 1;
        out[4 * i + 0] = t[4 * ((size_t)y1 * n + x0)] * (1.0f / 255.0f);
        out[4 * i + 1] = t[4 * ((size_t)y1 * n + x1)] * (1.0f / 255.0f);
        out[4 * i + 2] = t[4 * ((size_t)y0 * n + x1)] * (1.0f / 255.0f);
        out[4 * i + 3] = t[4 * ((size_t)y0 * n + x0)] * (1.0f / 255.0f);
    }
}

static int plain_pass(void *state, int threads)
{
    const plain_job *j = state;
    const long n = (long)j->d->n;
    (void)threads;
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
    {
        long lo = 0, hi = n;
#ifdef _OPENMP
        const long nt = omp_get_num_threads(), me = omp_get_thread_num();
        lo = n * me / nt;
        hi = n * (me + 1) / nt;
#endif
        switch (j->index) {
        case 2: trilinear_f32(j->d->t3, j->uv, j->outf, lo, hi); break;
        case 3: point_rgba8(j->d->t2, j->uv, j->out8, lo, hi); break;
        case 4: gather_r(j->d->t2, j->uv, j->outf, lo, hi); break;
        default: bilinear_rgba8(j->d->t2, j->uv, j->outf, lo, hi); break;
        }
    }
    return 0;
}

static int plain_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    const plain_job *j = state;
    if (j->index == 3) {
        double s = 0.0;
        for (size_t i = 0; i < 4 * j->d->n; i++)
            s += j->out8[i];
        dg->mean = s / (4.0 * (double)j->d->n);
        dg->hash = 0;
    } else {
        bench_digest_f32(dg, (const uint32_t *)(const void *)j->outf, j->d->n * (j->index == 2 ? 1u : 4u));
    }
    snprintf(note, note_size, "float weights: not compared");
    return 0;
}

int bench_plain_c_run(int index, bench_config *cfg, bench_spec *spec, const bench_data *d, int threads)
{
    plain_job j;
    memset(&j, 0, sizeof j);
    j.index = index;
    j.d = d;
    j.uv = index == 2 ? d->rand3 : index == 1 ? d->rand2 : d->affine;
    if (index == 3)
        j.out8 = malloc(4 * d->n);
    else
        j.outf = malloc(d->n * (index == 2 ? 1u : 4u) * sizeof(float));
    if (!j.out8 && !j.outf) {
        fprintf(stderr, "%s: out of memory for the plain-C %s output\n", bench_prog, bench_workload_ids[index]);
        return -1;
    }
    int rc = bench_run_peer(cfg, spec, "plain_c", plain_pass, plain_digest, &j, threads);
    free(j.out8);
    free(j.outf);
    return rc;
}
