/* bench_data.c -- generators of the standard benchmark data, exactly as docs/bench.md "Data" defines them
 * SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_data.h"

uint64_t bench_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

float bench_rnd01(uint64_t *state)
{
    /* 24 bits convert to float exactly; the scale by 2^-24 is exact too. */
    return (float)(bench_splitmix64(state) >> 40) * 0x1p-24f;
}

/* T2: the bytes, read as little-endian 64-bit words in order, are successive
 * outputs from seed 0x7E57.  Stored byte by byte so the host's byte order
 * does not matter. */
static void make_t2(uint8_t *t2)
{
    uint64_t s = 0x7E57;
    const size_t words = (size_t)BENCH_T2_SIDE * BENCH_T2_SIDE * 4u / 8u;
    for (size_t i = 0; i < words; i++) {
        uint64_t w = bench_splitmix64(&s);
        for (int b = 0; b < 8; b++)
            t2[i * 8u + (size_t)b] = (uint8_t)(w >> (8 * b));
    }
}

static void make_t3(float *t3)
{
    uint64_t s = 0x701;
    const size_t n = (size_t)BENCH_T3_SIDE * BENCH_T3_SIDE * BENCH_T3_SIDE;
    for (size_t i = 0; i < n; i++)
        t3[i] = bench_rnd01(&s);
}

/* Affine coordinates: a rotation by 30 degrees scaled by 0.7 about the centre
 * (1024, 1024), evaluated in double in the order docs/bench.md writes it and
 * rounded to float once, then normalised by the 2048-texel extent. */
static void make_affine(float *uv, size_t n)
{
    const double pi = 3.14159265358979323846;
    const double theta = 30.0 * pi / 180.0;
    const double c = 0.7 * cos(theta), s = 0.7 * sin(theta);
    const double m[6] = {c, -s, 1024.0 - 1024.0 * c + 1024.0 * s, s, c, 1024.0 - 1024.0 * s - 1024.0 * c};
    for (size_t i = 0; i < n; i++) {
        const double px = (double)(i % BENCH_OUT_SIDE) + 0.5, py = (double)(i / BENCH_OUT_SIDE) + 0.5;
        uv[2 * i] = (float)((m[0] * px + m[1] * py + m[2]) / 2048.0);
        uv[2 * i + 1] = (float)((m[3] * px + m[4] * py + m[5]) / 2048.0);
    }
}

static void make_random(float *v, size_t count, uint64_t seed)
{
    uint64_t s = seed;
    for (size_t i = 0; i < count; i++)
        v[i] = bench_rnd01(&s);
}

int bench_data_make(bench_data *d, size_t n)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->t2 = malloc((size_t)BENCH_T2_SIDE * BENCH_T2_SIDE * 4u);
    d->t3 = malloc((size_t)BENCH_T3_SIDE * BENCH_T3_SIDE * BENCH_T3_SIDE * sizeof(float));
    d->affine = malloc(n * 2u * sizeof(float));
    d->rand2 = malloc(n * 2u * sizeof(float));
    d->rand3 = malloc(n * 3u * sizeof(float));
    if (!d->t2 || !d->t3 || !d->affine || !d->rand2 || !d->rand3) {
        bench_data_free(d);
        return -1;
    }
    make_t2(d->t2);
    make_t3(d->t3);
    make_affine(d->affine, n);
    make_random(d->rand2, n * 2u, 0xC00D);
    make_random(d->rand3, n * 3u, 0x3D3D);
    return 0;
}

void bench_data_free(bench_data *d)
{
    free(d->t2);
    free(d->t3);
    free(d->affine);
    free(d->rand2);
    free(d->rand3);
    memset(d, 0, sizeof *d);
}
