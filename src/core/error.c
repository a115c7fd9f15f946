/* error.c -- the thread-local last error: status plus a detail message
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

static _Thread_local wt_status last_status;
static _Thread_local char last_msg[512];

wt_status wt__error(wt_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_msg, sizeof last_msg, fmt, ap);
    va_end(ap);
    last_status = st;
    return st;
}

void wt__error_clear(void)
{
    last_msg[0] = '\0';
}

const char *wt_last_error_message(void) { return last_msg; }

wt_status wt_get_last_error(void)
{
    wt_status s = last_status;
    last_status = WT_SUCCESS;
    return s;
}

wt_status wt_peek_last_error(void) { return last_status; }
