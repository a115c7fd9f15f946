/* bench_data.h -- the standard benchmark data of docs/bench.md: splitmix64, rnd01, T2, T3 and the coordinate sets
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_BENCH_DATA_H
#define WARPTEX_BENCH_DATA_H

#include <stddef.h>
#include <stdint.h>

/* Sizes fixed by docs/bench.md. */
#define BENCH_T2_SIDE 2048u               /* T2: 2048 x 2048 RGBA8 */
#define BENCH_T3_SIDE 256u                /* T3: 256^3 f32 */
#define BENCH_OUT_SIDE 2048u              /* affine output: 2048 x 2048 pixels */
#define BENCH_FULL_N (2048u * 2048u)      /* samples per workload */
#define BENCH_QUICK_N (256u * 256u)       /* --quick: the first 65,536 of each set */

/* splitmix64: state advanced by the golden-ratio increment, then mixed. */
uint64_t bench_splitmix64(uint64_t *state);

/* rnd01: the top 24 bits of splitmix64 scaled by 2^-24, a float in [0, 1). */
float bench_rnd01(uint64_t *state);

typedef struct bench_data {
    size_t n;        /* samples per workload: BENCH_FULL_N, or BENCH_QUICK_N under --quick */
    uint8_t *t2;     /* 2048 x 2048 x 4 bytes, rows of 8192 bytes */
    float *t3;       /* 256^3 values, x fastest, then y, then z */
    float *affine;   /* n (u, v) pairs, row-major over the 2048-wide output */
    float *rand2;    /* n (u, v) pairs */
    float *rand3;    /* n (u, v, w) triples */
} bench_data;

/* Generates everything (the first n coordinates of each set; the textures
 * always whole).  Returns 0, or -1 when out of memory (then nothing is held). */
int bench_data_make(bench_data *d, size_t n);
void bench_data_free(bench_data *d);

#endif
