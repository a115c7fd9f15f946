/* warptex_messages.c -- the `warptex` command's messages: "warptex <cmd>: ..." on stderr
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>

#include "warptex_tool.h"

static void vmessage(const char *cmd, const char *fmt, va_list ap)
{
    fflush(stdout); /* keep what was printed before the message in order */
    fprintf(stderr, "warptex %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void tool_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
}

int tool_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "(try: warptex %s --help)\n", cmd);
    return TOOL_USAGE;
}
