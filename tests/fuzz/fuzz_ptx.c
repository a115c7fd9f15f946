/* fuzz_ptx.c -- the PTX parser driven by fuzzer bytes
 * SPDX-License-Identifier: MIT
 *
 * Each input is PTX text, loaded twice: as it is, and behind a valid header
 * (.version/.target/.address_size) so that mutations reach the function
 * bodies; a module that loads has its entries launched (zero parameters,
 * a step limit through WARPTEX_PTX_MAX_STEPS).  The oracle: no crash or sanitizer report, and a load either
 * succeeds (then every entry is found and the module unloads) or fails with
 * WT_ERROR_PTX_PARSE / WT_ERROR_PTX_UNSUPPORTED / WT_ERROR_OUT_OF_MEMORY and
 * a message naming the text.  tests/fuzz/corpus/ptx holds nvcc output and
 * hand-written fragments. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Launch the first entries of a module that loaded: zero parameters (null pointers and handles),
 * two blocks of 40 threads, under a step limit so that no input can hang the run.  Any status
 * is fine; a crash or a sanitizer report is not, nor a failure without a message. */
static void launch_all(wt_module m, const char *text, size_t len)
{
    /* entry names: the identifiers after ".entry" */
    const char *p = text, *end = text + len;
    int launched = 0;
    while (launched < 3 && p < end) {
        const char *e = memchr(p, '.', (size_t)(end - p));
        if (!e)
            break;
        p = e + 1;
        if ((size_t)(end - e) < 7 || memcmp(e, ".entry", 6) != 0)
            continue;
        const char *q = e + 6;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        const char *n0 = q;
        while (q < end && (*q == '_' || *q == '$' || (*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'z') ||
                           (*q >= 'A' && *q <= 'Z')))
            q++;
        if (q == n0 || q - n0 > 200)
            continue;
        char name[256];
        memcpy(name, n0, (size_t)(q - n0));
        name[q - n0] = 0;
        wt_function fn;
        if (wt_module_get_function(&fn, m, name) != WT_SUCCESS)
            continue;
        int np = 0;
        wt_function_param_count(fn, &np);
        if (np > 16)
            continue;
        static uint8_t zeros[16][64];
        void *params[16];
        int ok = 1;
        for (int i = 0; i < np; i++) {
            size_t sz = 0;
            wt_function_param_size(fn, i, &sz);
            ok &= sz <= 64;
            params[i] = zeros[i];
        }
        if (!ok)
            continue;
        wt_status st = wt_launch_kernel(fn, (wt_dim3){2, 1, 1}, (wt_dim3){40, 1, 1}, 64, np ? params : NULL);
        if (st != WT_SUCCESS && !*wt_last_error_message()) {
            fprintf(stderr, "fuzz_ptx: launch of %s failed with %s and no message\n", name, wt_status_string(st));
            abort();
        }
        launched++;
    }
}

static void check(const char *text, size_t len)
{
    wt_module m = NULL;
    wt_status st = wt_module_load_ptx(&m, text, len, "fuzz.ptx");
    if (st == WT_SUCCESS) {
        if (!m) {
            fprintf(stderr, "fuzz_ptx: success without a module\n");
            abort();
        }
        launch_all(m, text, len);
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

/* A module with most of the grammar, which the input also edits: each 3 bytes
 * (position high, position low, byte) overwrite, insert or delete one
 * character, so random inputs reach deep into the parser and decoder. */
static const char seed[] =
    ".version 8.0\n.target sm_75, texmode_unified\n.address_size 64\n"
    ".global .texref t0;\n.global .samplerref s0 = { filter_mode = linear, addr_mode_0 = wrap };\n"
    ".const .align 4 .f32 c[2] = {0f3F800000, 1.5};\n.extern .shared .align 16 .b8 dyn[];\n"
    ".func (.param .b32 r) f(.param .b32 a)\n{\n\t.reg .b32 %r<4>;\n\tld.param.u32 %r1, [a];\n"
    "\tshl.b32 %r2, %r1, 3;\n\tst.param.b32 [r], %r2;\n\tret;\n}\n"
    ".visible .entry k(.param .u64 p, .param .align 8 .b8 s[16])\n{\n\t.reg .pred %p<3>;\n\t.reg .f32 %f<9>;\n"
    "\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<5>;\n\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n"
    "\tsetp.lt.u32 %p1, %r1, 7;\n\t@!%p1 bra $L1;\n\tcvt.rn.f32.u32 %f1, %r1;\n"
    "\ttex.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [t0, {%f1, %f1}];\n"
    "\t{\n\t.param .b32 a0;\n\tst.param.b32 [a0], %r1;\n\t.param .b32 r0;\n\tcall.uni (r0), f, (a0);\n"
    "\tld.param.b32 %r2, [r0];\n\t}\n\tsuld.b.2d.v2.b32.zero {%r3, %r4}, [%rd1, {%r1, %r2}];\n"
    "$L1:\n\tbar.sync 0;\n\tatom.global.add.u32 %r5, [%rd1], 1;\n\tret;\n}\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int once;
    if (!once) { /* a watchdog for fuzzed kernels, one thread for repeatable runs */
        setenv("WARPTEX_PTX_MAX_STEPS", "20000", 1);
        wt_set_num_threads(1);
        once = 1;
    }
    check((const char *)data, size);
    {
        size_t n = sizeof seed - 1, cap = n + size / 3 + 1;
        char *m = malloc(cap);
        if (!m)
            return 0;
        memcpy(m, seed, n);
        for (size_t i = 0; i + 3 <= size; i += 3) {
            size_t pos = ((size_t)data[i] << 8 | data[i + 1]) % (n + 1);
            uint8_t b = data[i + 2];
            if (b < 16 && n > 0 && pos < n) { /* delete */
                memmove(m + pos, m + pos + 1, n - pos - 1);
                n--;
            } else if (b < 128 || pos == n) { /* insert */
                memmove(m + pos + 1, m + pos, n - pos);
                m[pos] = (char)b;
                n++;
            } else { /* overwrite with a character of the PTX alphabet */
                static const char alpha[] = "%.{}[]()<>,;:+-@!|=_ \n\t0123456789abcdefxyzprt";
                m[pos] = alpha[b % (sizeof alpha - 1)];
            }
        }
        if (size < 3) { /* the unedited module must load */
            wt_module mod = NULL;
            if (wt_module_load_ptx(&mod, m, n, "seed.ptx") != WT_SUCCESS) {
                fprintf(stderr, "fuzz_ptx: the seed module does not load: %s\n", wt_last_error_message());
                abort();
            }
            wt_module_unload(mod);
        }
        check(m, n);
        free(m);
    }
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
