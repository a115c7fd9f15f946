/* vector_functions.h -- make_char1 ... make_double4, as CUDA's
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_CUDA_VECTOR_FUNCTIONS_H
#define WARPTEX_CUDA_VECTOR_FUNCTIONS_H
#define __VECTOR_FUNCTIONS_H__ /* CUDA's own include guard: code tests it to see what is declared */

#include "vector_types.h"

#define WT__MAKES(p, T)                                                                                   \
    static inline p##1 make_##p##1(T x) { p##1 r; r.x = x; return r; }                                    \
    static inline p##2 make_##p##2(T x, T y) { p##2 r; r.x = x; r.y = y; return r; }                      \
    static inline p##3 make_##p##3(T x, T y, T z) { p##3 r; r.x = x; r.y = y; r.z = z; return r; }       \
    static inline p##4 make_##p##4(T x, T y, T z, T w) { p##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }

WT__MAKES(char, signed char)
WT__MAKES(uchar, unsigned char)
WT__MAKES(short, short)
WT__MAKES(ushort, unsigned short)
WT__MAKES(int, int)
WT__MAKES(uint, unsigned int)
WT__MAKES(long, long)
WT__MAKES(ulong, unsigned long)
WT__MAKES(longlong, long long)
WT__MAKES(ulonglong, unsigned long long)
WT__MAKES(float, float)
WT__MAKES(double, double)
#undef WT__MAKES

#endif
