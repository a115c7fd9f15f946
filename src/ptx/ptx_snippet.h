/* ptx_snippet.h -- PTX instructions run by one CUDA thread: the inline asm() of CUDA device code
 * SPDX-License-Identifier: MIT
 *
 * warptex-cxx turns each asm("..." : outputs : inputs : clobbers) of device code into a call into
 * the CUDA runtime (include/warptex/cuda/warptex_inline_asm.h), which compiles the template once
 * per asm statement with wt__ptx_snippet_compile and runs it per call with wt__ptx_snippet_run;
 * warptex-cxx also compiles each template when it rewrites the program, so what cannot run is
 * refused at compile time.  The instructions are the PTX front end's: the template becomes the
 * body of a kernel (operands as registers of the constraint's width) parsed by
 * wt_module_load_ptx, and each instruction runs through its executor (ptx_exec_tpl.h,
 * ptx_alu_tpl.h, ptx_alu_fast_tpl.h) on one lane of a scratch warp.
 *
 * Runs: every straight-line instruction of the front end (arithmetic, logic, conversions, setp,
 * selp, the video instructions ...), predicates, bra inside the template, { } scopes with their
 * own .reg, ld/st/atom/red on generic, .global and .const addresses (host addresses, as every
 * pointer of CUDA code on the CPU), membar/fence, trap, and the special registers of the calling
 * thread (%tid, %ntid, %ctaid, %nctaid, %laneid, %warpid, %nwarpid, %lanemask_*, %clock,
 * %clock64, %globaltimer, %smid, %nsmid, %gridid, the cluster ones).
 * Refused (compile fails naming the instruction): warp-wide and block-wide instructions (shfl,
 * vote, bar, barrier, activemask, bar.warp.sync), call, ret, exit, brx, texture and surface
 * instructions, .shared/.local/.param accesses and %dynamic_smem_size/%total_smem_size; and what
 * the front end refuses anyway (ptx_known.def). */
#ifndef WT_PTX_SNIPPET_H
#define WT_PTX_SNIPPET_H

#include <stddef.h>
#include <stdint.h>

#include "warptex/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define WT_SNIPPET_API __attribute__((visibility("hidden")))
#else
#define WT_SNIPPET_API
#endif

typedef struct wt_ptx_snippet wt_ptx_snippet;

/* One asm operand: its constraint letter, without '=' or '+' ('r' 32 bits, 'l' 64, 'h' 16, 'c' 8,
 * 'f' f32, 'd' f64, 'n' an immediate), whether the template writes it ('=' or '+'), and an 'n''s
 * value. */
typedef struct wt_ptx_operand {
    char kind;
    char written;
    long long imm;
} wt_ptx_operand;

/* The calling CUDA thread, for the special registers. */
typedef struct wt_ptx_thread {
    uint32_t tid[3], ntid[3], ctaid[3], nctaid[3];
    uint32_t smid, nsmid;
} wt_ptx_thread;

/* wt__ptx_snippet_compile: TEMPLATE (asm's template: %0..%N the operands, %% a %, %name a
 * special register as PTX writes it) over OPS[0..n).  WT_SUCCESS with *out, or an error with a
 * message in err naming the instruction (WT_ERROR_PTX_UNSUPPORTED: legal PTX it cannot run;
 * WT_ERROR_PTX_PARSE: malformed; WT_ERROR_INVALID_VALUE: a bad operand number or constraint).
 * Thread-safe. */
WT_SNIPPET_API wt_status wt__ptx_snippet_compile(wt_ptx_snippet **out, const char *tmpl, const wt_ptx_operand *ops,
                                                 int n, char *err, size_t errlen);
WT_SNIPPET_API void wt__ptx_snippet_free(wt_ptx_snippet *s);

/* wt__ptx_snippet_run: runs S for thread T with the operands' values in v[0..n) (each in the low
 * bits; the written ones are replaced by what the template leaves in them, zero-extended from
 * their width).  0; 1 after a trap instruction; -1 after a fault (a message in err).  Any thread,
 * any number at once (each OS thread runs in its own scratch state). */
WT_SNIPPET_API int wt__ptx_snippet_run(const wt_ptx_snippet *s, const wt_ptx_thread *t, uint64_t *v, char *err,
                                       size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
