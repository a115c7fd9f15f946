/* text_buf.h -- a growing, NUL-terminated text buffer for warptex-cxx's source rewrites
 * SPDX-License-Identifier: MIT
 *
 * An allocation failure sets oom and makes every later append a no-op, so a rewrite appends freely
 * and checks once at the end.  Free p when done. */
#ifndef WT_TOOLS_CXX_TEXT_BUF_H
#define WT_TOOLS_CXX_TEXT_BUF_H

#include <stddef.h>

typedef struct {
    char *p;
    size_t len, cap;
    int oom;
} wt_text_buf;

void wt_text_put(wt_text_buf *b, const char *s, size_t n);
/* printf-style; one append is at most 511 characters (longer output is cut) */
void wt_text_putf(wt_text_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a character of a C identifier */
int wt_text_ident_char(char c);

#endif
