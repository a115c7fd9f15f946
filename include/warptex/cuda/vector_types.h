/* vector_types.h -- CUDA's built-in vector types (char1 ... double4), dim3, with CUDA's sizes and alignments
 * SPDX-License-Identifier: MIT
 *
 * Sizes and alignments are CUDA's (LP64): a 2-vector is aligned to twice its
 * element, a 4-vector of 1/2/4-byte elements to four times it (16 at most),
 * 3-vectors to their element; tests/cuda/cuda_layout_* compares them with the
 * CUDA toolkit's own vector_types.h where it is installed. */
#ifndef WARPTEX_CUDA_VECTOR_TYPES_H
#define WARPTEX_CUDA_VECTOR_TYPES_H
#define __VECTOR_TYPES_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include "host_defines.h"

#define WT__VEC1(name, T, al) struct __attribute__((aligned(al))) name { T x; };
#define WT__VEC2(name, T, al) struct __attribute__((aligned(al))) name { T x, y; };
#define WT__VEC3(name, T, al) struct __attribute__((aligned(al))) name { T x, y, z; };
#define WT__VEC4(name, T, al) struct __attribute__((aligned(al))) name { T x, y, z, w; };

/* name, element, alignments of the 1-, 2-, 3- and 4-vectors */
#define WT__VECS(p, T, a1, a2, a3, a4) \
    WT__VEC1(p##1, T, a1) WT__VEC2(p##2, T, a2) WT__VEC3(p##3, T, a3) WT__VEC4(p##4, T, a4)

WT__VECS(char, signed char, 1, 2, 1, 4)
WT__VECS(uchar, unsigned char, 1, 2, 1, 4)
WT__VECS(short, short, 2, 4, 2, 8)
WT__VECS(ushort, unsigned short, 2, 4, 2, 8)
WT__VECS(int, int, 4, 8, 4, 16)
WT__VECS(uint, unsigned int, 4, 8, 4, 16)
WT__VECS(long, long, 8, 16, 8, 16)
WT__VECS(ulong, unsigned long, 8, 16, 8, 16)
WT__VECS(longlong, long long, 8, 16, 8, 16)
WT__VECS(ulonglong, unsigned long long, 8, 16, 8, 16)
WT__VECS(float, float, 4, 8, 4, 16)
WT__VECS(double, double, 8, 16, 8, 16)
/* CUDA 13's explicitly aligned 4-vectors of 8-byte elements */
WT__VEC4(long4_16a, long, 16) WT__VEC4(long4_32a, long, 32)
WT__VEC4(ulong4_16a, unsigned long, 16) WT__VEC4(ulong4_32a, unsigned long, 32)
WT__VEC4(longlong4_16a, long long, 16) WT__VEC4(longlong4_32a, long long, 32)
WT__VEC4(ulonglong4_16a, unsigned long long, 16) WT__VEC4(ulonglong4_32a, unsigned long long, 32)
WT__VEC4(double4_16a, double, 16) WT__VEC4(double4_32a, double, 32)

#undef WT__VECS
#undef WT__VEC1
#undef WT__VEC2
#undef WT__VEC3
#undef WT__VEC4


/* dim3: a uint3 with constructors that default missing sizes to 1. */
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};

#endif
