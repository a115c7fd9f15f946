/* warptex_clock.c -- the `warptex` command's monotonic clock
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime(CLOCK_MONOTONIC) */
#include <time.h>

#include "warptex_tool.h"

double tool_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
