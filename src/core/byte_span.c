/* byte_span.c -- overflow-safe byte spans of rows in memory, and whether a span fits the address space
 * SPDX-License-Identifier: MIT
 *
 * Plain size arithmetic with no knowledge of arrays or resources, so that the
 * resource check (resource_check.c) and array copies (array.c) can both use it
 * without calling each other. */
#include "byte_span.h"

int wt__span_bytes(size_t pitch, size_t rows, size_t row_bytes, size_t *bytes)
{
    if (rows == 0) {
        *bytes = 0;
        return 1;
    }
    size_t body;
    if (__builtin_mul_overflow(pitch, rows - 1, &body) || __builtin_add_overflow(body, row_bytes, bytes))
        return 0;
    return 1;
}

int wt__range_fits(const void *p, size_t bytes)
{
    return bytes <= UINTPTR_MAX - (uintptr_t)p;
}
