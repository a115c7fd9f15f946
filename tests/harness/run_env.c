/* run_env.c -- WARPTEX_STRESS and the backends a cross-backend test compares (run_env.h)
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "run_env.h"

int wt_test_stress(void)
{
    const char *s = getenv("WARPTEX_STRESS");
    int k = s ? atoi(s) : 1;
    return k < 1 ? 1 : k;
}

int wt_test_backend_compared(const wt__backend *b)
{
    if (b->id == WT__BACKEND_SCALAR)
        return 0;
    if (!b->usable()) {
        print_message("backend %s: compiled in, SKIPPED (the CPU lacks it)\n", b->name);
        return 0;
    }
    return 1;
}
