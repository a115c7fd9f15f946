/* byte_span.h -- overflow-safe byte spans of rows in memory (byte_span.c)
 * SPDX-License-Identifier: MIT */
#ifndef WT_BYTE_SPAN_H
#define WT_BYTE_SPAN_H

#include "internal.h"

/* Bytes spanned by `rows` rows of row_bytes each, `pitch` apart:
 * (rows-1)*pitch + row_bytes (0 for no rows).  0 when it overflows size_t. */
WT_INTERNAL int wt__span_bytes(size_t pitch, size_t rows, size_t row_bytes, size_t *bytes);
/* 1 when p .. p+bytes does not run past the end of the address space. */
WT_INTERNAL int wt__range_fits(const void *p, size_t bytes);

#endif
