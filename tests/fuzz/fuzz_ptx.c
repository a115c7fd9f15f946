/* fuzz_ptx.c -- the PTX parser driven by fuzzer bytes
 * SPDX-License-Identifier: MIT
 *
 * Each input is PTX text, loaded twice: as it is, and behind a valid header
 * (.version/.target/.address_size) so that mutations reach the function
 * bodies.  The oracle: no crash or sanitizer report, and a load either
 * succeeds (then every entry is found and the module unloads) or fails with
 * WT_ERROR_PTX_PARSE / WT_ERROR_PTX_UNSUPPORTED / WT_ERROR_OUT_OF_MEMORY and
 * a message naming the text.  tests/fuzz/corpus/ptx holds nvcc output and
 * hand-written fragments. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const char *text, size_t len)
{
    wt_module m = NULL;
    wt_status st = wt_module_load_ptx(&m, text, len, "fuzz.ptx");
    if (st == WT_SUCCESS) {
        if (!m) {
            fprintf(stderr, "fuzz_ptx: success without a module\n");
            abort();
        }
        wt_module_unload(m);
        return;
    }
    if (st != WT_ERROR_PTX_PARSE && st != WT_ERROR_PTX_UNSUPPORTED && st != WT_ERROR_OUT_OF_MEMORY &&
        st != WT_ERROR_INVALID_VALUE) {
        fprintf(stderr, "fuzz_ptx: unexpected status %s: %s\n", wt_status_string(st), wt_last_error_message());
        abort();
    }
    if (m || !strstr(wt_last_error_message(), "fuzz.ptx")) {
        fprintf(stderr, "fuzz_ptx: a failed load left a module or a message without the name: %s\n",
                wt_last_error_message());
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check((const char *)data, size);
    static const char head[] = ".version 8.0\n.target sm_75\n.address_size 64\n";
    char *buf = malloc(sizeof head + size);
    if (!buf)
        return 0;
    memcpy(buf, head, sizeof head - 1);
    memcpy(buf + sizeof head - 1, data, size);
    check(buf, sizeof head - 1 + size);
    free(buf);
    return 0;
}
