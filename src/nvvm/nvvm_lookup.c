/* nvvm_lookup.c -- intrinsic name -> op record, by bisection over the sorted nvvm_names.inc
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "nvvm.h"

typedef struct row {
    const char *name;
    wt_op op;
} row;

/* The generator emits the rows sorted by strcmp() and refuses duplicates, so a
 * binary search finds any name in about ten comparisons. */
static const row ROWS[] = {
#define WT_NVVM(name, fn, family, ...) {name, __VA_ARGS__},
#include "nvvm_names.inc"
#undef WT_NVVM
};

const wt_op *wt__nvvm_lookup(const char *name)
{
    if (!name)
        return NULL;
    size_t lo = 0, hi = sizeof ROWS / sizeof ROWS[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, ROWS[mid].name);
        if (c == 0)
            return &ROWS[mid].op;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}
