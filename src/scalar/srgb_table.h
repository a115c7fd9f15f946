/* srgb_table.h -- the measured sRGB decode table ([semantics#srgb-table]), shareable with SIMD code
 * SPDX-License-Identifier: MIT */
#ifndef WT_SRGB_TABLE_H
#define WT_SRGB_TABLE_H

#include "../core/internal.h"

/* Entry c is linear*65536 for sRGB code c as read on an RTX 3060 ([semantics#srgb],
 * [3P-M]).  Every entry has at most 8 significant bits; entry 255 is 65536. */
WT_INTERNAL extern const uint32_t wt__srgb_table[256];

#endif
