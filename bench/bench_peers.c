/* bench_peers.c -- what other CPU samplers reach on W1-W5, as docs/bench.md ("Reference figures") gives them
 * SPDX-License-Identifier: MIT
 *
 * Copied by hand from docs/bench.md; they were measured there, on its reference
 * machine, not by this program.  Msamples/s, medians, {1 thread, 2 threads};
 * -1 where docs/bench.md has no figure. */
#include "bench.h"

const char bench_peers_machine[] = "docs/bench.md's reference machine (2 cores, Zen 5, AVX-512)";

#define NONE {-1.0, -1.0}

const bench_peer bench_peers[BENCH_NPEERS] = {
    {"plain_c", "plain C, -O3 -march=native (float weights; W4 writes RGBA8)",
     {{115, 229}, {32, 49}, {22, 43}, {652, 1296}, {262, 520}}},
    {"opencv", "OpenCV 4.6 remap (5-bit weights, RGBA8 out)", {{269, 473}, {104, 195}, NONE, {422, 922}, NONE}},
    {"pixman", "pixman 0.42 affine composite (RGBA8 out)", {{140, 267}, NONE, NONE, {533, 970}, NONE}},
    {"pocl", "PoCL 3.1 read_imagef", {{40, 79}, {15, 30}, {5, 9}, {75, 144}, {34, 67}}},
    {"llvmpipe", "Mesa 22.3 llvmpipe, GL compute", {{68, 125}, {37, 63}, {17, 33}, {73, 132}, {75, 136}}},
    {"limit", "machine limit: output + coordinates at copy bandwidth (37 GB/s/core)",
     {{1558, 3002}, {1558, 3002}, {2337, 4503}, {3116, 6004}, {1558, 3002}}},
};
