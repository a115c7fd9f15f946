/* warptex_bench.c -- the warptex-bench program: bench_main() of the benchmark library (bench_cli.c)
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

int main(int argc, char **argv)
{
    int rc = bench_main("warptex-bench", argc, argv);
    /* A report that could not be written (a full disk, a closed pipe) is a failure. */
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        const int e = errno;
        fprintf(stderr, "warptex-bench: cannot write standard output: %s\n", e ? strerror(e) : "a write failed");
        if (rc == BENCH_OK)
            rc = BENCH_FAIL;
    }
    return rc;
}
