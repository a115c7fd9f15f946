/* bench_peers.c -- what other CPU samplers reach on W1-W6, as docs/bench.md ("Reference figures") gives them
 * SPDX-License-Identifier: MIT
 *
 * Copied by hand from docs/bench.md; they were measured there, on its reference
 * machine, not by this program.  Msamples/s, medians, {1 thread, 2 threads};
 * -1 where docs/bench.md has no figure.  W6: OpenCV's warpAffine measured
 * 375-390 at 1 thread (the middle, 382, here; no 2-thread figure); pixman's
 * affine composite is W1's operation, so its W1 figure; the limit is the
 * output alone at copy bandwidth. */
#include "bench.h"

const char bench_peers_machine[] = "docs/bench.md's reference machine (2 cores, Zen 5, AVX-512)";

#define NONE {-1.0, -1.0}

const bench_peer bench_peers[BENCH_NPEERS] = {
    {"plain_c", "plain C, -O3 -march=native (float weights; W4 writes RGBA8)",
     {{115, 229}, {32, 49}, {22, 43}, {652, 1296}, {262, 520}, NONE}},
    {"opencv", "OpenCV 4.6 remap; W6: warpAffine (5-bit weights, RGBA8 out)",
     {{269, 473}, {104, 195}, NONE, {422, 922}, NONE, {382, -1}}},
    {"pixman", "pixman 0.42 affine composite (RGBA8 out)", {{140, 267}, NONE, NONE, {533, 970}, NONE, {140, 267}}},
    {"pocl", "PoCL 3.1 read_imagef", {{40, 79}, {15, 30}, {5, 9}, {75, 144}, {34, 67}, NONE}},
    {"llvmpipe", "Mesa 22.3 llvmpipe, GL compute", {{68, 125}, {37, 63}, {17, 33}, {73, 132}, {75, 136}, NONE}},
    {"limit", "machine limit: output + coordinates at copy bandwidth (37 GB/s/core; W6: output only)",
     {{1558, 3002}, {1558, 3002}, {2337, 4503}, {3116, 6004}, {1558, 3002}, {9000, -1}}},
};
