/* inline_asm.cpp -- the runtime side of inline PTX asm() in device code (include/warptex/cuda/warptex_inline_asm.h)
 * SPDX-License-Identifier: MIT
 *
 * A site is the template compiled by the PTX front end (src/ptx/ptx_snippet.c) with its operands'
 * constraints; a run fills the special registers from the calling CUDA thread (wt_cuda_tls) and
 * runs the instructions for it alone.  Sites live as long as the program (function-local statics
 * of the rewritten code hold them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_runtime.h"
#include "ptx/ptx_snippet.h"

struct wt_cuda_asm_site {
    wt_ptx_snippet *snippet; /* NULL: the template did not compile (said once) */
    int n;
    const char *file;
    int line;
};

extern "C" const struct wt_cuda_asm_site *wt_cuda_asm_compile(const char *tmpl, const char *constraints,
                                                              const long long *imm, const char *file, int line)
{
    wt_cuda_asm_site *s = static_cast<wt_cuda_asm_site *>(calloc(1, sizeof *s));
    if (!s) {
        fprintf(stderr, "warptex: %s:%d: inline asm: out of memory\n", file, line);
        abort();
    }
    s->file = file;
    s->line = line;
    wt_ptx_operand ops[32];
    int n = 0;
    char err[640] = "";
    for (const char *c = constraints; *c && n < 32;) {
        wt_ptx_operand o = {0, 0, 0};
        while (*c == '=' || *c == '+' || *c == '&') {
            o.written |= *c == '=' || *c == '+';
            c++;
        }
        o.kind = *c ? *c++ : 0;
        o.imm = imm ? imm[n] : 0;
        ops[n++] = o;
        while (*c && *c != ',')
            c++;
        if (*c == ',')
            c++;
    }
    s->n = n;
    if (wt__ptx_snippet_compile(&s->snippet, tmpl, ops, n, err, sizeof err) != WT_SUCCESS)
        fprintf(stderr, "warptex: %s:%d: inline asm: %s\n", file, line, err[0] ? err : "out of memory");
    return s;
}

extern "C" void wt_cuda_asm_run(const struct wt_cuda_asm_site *s, unsigned long long *values)
{
    if (!s->snippet) {
        wt_cuda_trap();
        return;
    }
    const wt_cuda_thread_state &ts = wt_cuda_tls;
    const wt_ptx_thread t = {{ts.thread_idx.x, ts.thread_idx.y, ts.thread_idx.z},
                             {ts.block_dim.x ? ts.block_dim.x : 1, ts.block_dim.y ? ts.block_dim.y : 1,
                              ts.block_dim.z ? ts.block_dim.z : 1},
                             {ts.block_idx.x, ts.block_idx.y, ts.block_idx.z},
                             {ts.grid_dim.x ? ts.grid_dim.x : 1, ts.grid_dim.y ? ts.grid_dim.y : 1,
                              ts.grid_dim.z ? ts.grid_dim.z : 1},
                             0,
                             1};
    static_assert(sizeof(unsigned long long) == sizeof(uint64_t), "operand values are 64-bit");
    char err[512];
    const int r = wt__ptx_snippet_run(s->snippet, &t, reinterpret_cast<uint64_t *>(values), err, sizeof err);
    if (r == 0)
        return;
    if (r < 0)
        fprintf(stderr, "warptex: %s:%d: inline asm, block (%u,%u,%u) thread (%u,%u,%u): %s\n", s->file, s->line,
                ts.block_idx.x, ts.block_idx.y, ts.block_idx.z, ts.thread_idx.x, ts.thread_idx.y, ts.thread_idx.z,
                err);
    wt_cuda_trap(); /* a fault, or the template's trap instruction */
}
