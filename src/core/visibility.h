/* visibility.h -- WT_INTERNAL (a name the library shares between its files but does not export) and WT_PRINTF
 * SPDX-License-Identifier: MIT
 *
 * On its own so that the headers that C++ code includes (parallel.h,
 * read_section.h) need nothing of internal.h, which is C11. */
#ifndef WT_VISIBILITY_H
#define WT_VISIBILITY_H

#if defined(__GNUC__)
#define WT_INTERNAL __attribute__((visibility("hidden")))
#define WT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define WT_INTERNAL
#define WT_PRINTF(a, b)
#endif

#endif
