/* ptx_snippet.c -- an inline asm() template compiled once by the PTX front end and run for one
 * CUDA thread at a time (what runs and what is refused: ptx_snippet.h)
 * SPDX-License-Identifier: MIT
 *
 * The template becomes the body of a kernel, each operand a register of its constraint's width
 * declared first (so operand k's register is slot k among the registers, 'n' operands being
 * written in as numbers):
 *     .visible .entry wt_asm() { .reg .b32 %wt_asm_0; ... { TEMPLATE } }
 * Running it: a scratch warp per OS thread, its lane 0 the calling thread; the operand values go
 * into lane 0 of their registers, each instruction runs through px_insn.run with mask 1 (bra
 * and trap are the only control flow taken), and the written operands come back from lane 0. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ptx_warp.h"
#include "ptx_snippet.h"

#define MAX_OPERANDS 30 /* asm takes %0 .. %29 */
#define FIRST_LINE 6   /* the template's first line in the kernel's text */

struct wt_ptx_snippet {
    wt_module mod;
    const px_func *fn;
    int n;
    char kind[MAX_OPERANDS];
    char written[MAX_OPERANDS];
    uint32_t slot[MAX_OPERANDS];
    uint64_t width_mask[MAX_OPERANDS];
    uint64_t sregs; /* bit s: special register s is read */
    int fence;      /* membar/fence: a real fence after the run (blocks run on several OS threads) */
};

static void say(char *err, size_t errlen, const char *fmt, const char *a, const char *b, const char *c)
{
    if (err && errlen)
        snprintf(err, errlen, fmt, a, b, c);
}

/* the template's line number `line` (1-based), trimmed, into buf */
static const char *template_line(const char *tmpl, uint32_t line, char *buf, size_t n)
{
    const char *p = tmpl;
    for (uint32_t l = 1; l < line && p; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p)
        p = "";
    while (*p == ' ' || *p == '\t')
        p++;
    size_t len = strcspn(p, "\n");
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
        len--;
    snprintf(buf, n, "%.*s", (int)(len < n - 1 ? len : n - 1), p);
    return buf;
}

/* TMPL with its operands written in (%k -> %wt_asm_k or the number, %% -> %), or NULL */
static char *translate(const char *tmpl, const wt_ptx_operand *ops, int n, char *err, size_t errlen)
{
    size_t cap = strlen(tmpl) * 2 + 64 + 40 * (size_t)n, len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    for (const char *p = tmpl; *p;) {
        if (len + 48 >= cap) {
            cap *= 2;
            char *o = realloc(out, cap);
            if (!o) {
                free(out);
                return NULL;
            }
            out = o;
        }
        if (p[0] == '%' && p[1] == '%') {
            out[len++] = '%';
            p += 2;
        } else if (p[0] == '%' && p[1] >= '0' && p[1] <= '9') {
            char *end;
            long k = strtol(p + 1, &end, 10);
            if (k >= n) {
                char num[24];
                snprintf(num, sizeof num, "%ld", k);
                say(err, errlen, "operand %%%s does not exist (the asm has %s operands)%s", num,
                    n == 0 ? "no" : n == 1 ? "1" : "several", "");
                free(out);
                return NULL;
            }
            if (ops[k].kind == 'n')
                len += (size_t)snprintf(out + len, cap - len, "%lld", ops[k].imm);
            else
                len += (size_t)snprintf(out + len, cap - len, "%%wt_asm_%ld", k);
            p = end;
        } else if (p[0] == '%' && p[1] == '[') {
            say(err, errlen, "named operands (%%[name]) are not supported in inline asm; number them (%%0, %%1 ...)%s%s%s",
                "", "", "");
            free(out);
            return NULL;
        } else {
            out[len++] = *p++;
        }
    }
    out[len] = 0;
    return out;
}

/* the module's message without its "wt_module_load_ptx(): asm:L:C: " part and with the operand
 * registers named as the template names them */
static void module_message(const char *tmpl, char *err, size_t errlen)
{
    const char *m = wt_last_error_message();
    const char *at = m ? strstr(m, "asm:") : NULL;
    unsigned line = 0, col = 0;
    char where[160] = "";
    if (at && sscanf(at, "asm:%u:%u:", &line, &col) == 2) {
        const char *rest = strstr(at, ": ");
        if (rest)
            m = rest + 2;
        if (line >= FIRST_LINE) {
            char text[120];
            snprintf(where, sizeof where, " (in `%s`)", template_line(tmpl, line - FIRST_LINE + 1, text, sizeof text));
        }
    }
    char msg[512];
    size_t k = 0;
    for (const char *p = m ? m : "malformed PTX"; *p && k + 1 < sizeof msg;) {
        if (!strncmp(p, "%wt_asm_", 8)) {
            msg[k++] = '%';
            p += 8;
        } else {
            msg[k++] = *p++;
        }
    }
    msg[k] = 0;
    say(err, errlen, "%s%s%s", msg, where, "");
}

/* why instruction IN cannot run for one thread, or NULL */
static const char *refusal(const px_insn *in, wt_ptx_snippet *s)
{
    switch (in->op) {
    case PX_OP_bra: case PX_OP_trap:
        return NULL;
    case PX_OP_shfl: case PX_OP_vote: case PX_OP_activemask: case PX_OP_bar: case PX_OP_barrier:
        return "a warp- or block-wide instruction: inline asm runs for one CUDA thread at a time (use __shfl_sync, "
               "__ballot_sync, __activemask, __syncthreads, __syncwarp)";
    case PX_OP_call: case PX_OP_ret: case PX_OP_exit: case PX_OP_brx:
        return "control flow that leaves the asm statement";
    case PX_OP_tex: case PX_OP_tld4: case PX_OP_txq: case PX_OP_suld: case PX_OP_sust: case PX_OP_sured:
    case PX_OP_suq: case PX_OP_istypep:
        return "texture and surface instructions are not run in inline asm (use tex2D, surf2Dread ...)";
    case PX_OP_membar: case PX_OP_fence:
        s->fence = 1;
        break;
    case PX_OP_cvta:
        if (in->space != PX_SP_GLOBAL)
            return "shared and local windows: inline asm reaches memory through generic and .global addresses";
        break;
    case PX_OP_ld: case PX_OP_ldu: case PX_OP_st: case PX_OP_atom: case PX_OP_red:
        if (in->space != PX_SP_GENERIC && in->space != PX_SP_GLOBAL && in->space != PX_SP_CONST)
            return ".shared, .local and .param accesses: inline asm reaches memory through generic, .global and "
                   ".const addresses (the pointers of CUDA code)";
        if (in->addr.sym != PX_SYM_NONE)
            return "an address through a variable declared in the asm: inline asm reaches memory through pointers";
        break;
    default:
        break;
    }
    if (!in->run)
        return "control flow that inline asm does not run";
    const px_ref *refs[12];
    int nr = 0;
    for (int k = 0; k < in->nsrc && k < 6; k++)
        refs[nr++] = &in->src[k];
    if (in->has_addr)
        refs[nr++] = &in->addr.base;
    for (int k = 0; k < nr; k++) {
        if (refs[k]->kind == PX_R_SREG) {
            if (refs[k]->idx == PX_SR_DYN_SMEM || refs[k]->idx == PX_SR_TOTAL_SMEM)
                return "%dynamic_smem_size and %total_smem_size are not known to inline asm";
            s->sregs |= (uint64_t)1 << refs[k]->idx;
        } else if (refs[k]->kind == PX_R_LOCALSYM || refs[k]->kind == PX_R_DYNSHARED) {
            return "the address of a variable declared in the asm: inline asm reaches memory through pointers";
        }
    }
    if (in->reads_clock)
        s->sregs |= (uint64_t)1 << PX_SR_CLOCK | (uint64_t)1 << PX_SR_CLOCK64 | (uint64_t)1 << PX_SR_GLOBALTIMER;
    return NULL;
}

wt_status wt__ptx_snippet_compile(wt_ptx_snippet **out, const char *tmpl, const wt_ptx_operand *ops, int n,
                                  char *err, size_t errlen)
{
    *out = NULL;
    if (n < 0 || n > MAX_OPERANDS) {
        say(err, errlen, "an asm statement has at most 30 operands%s%s%s", "", "", "");
        return WT_ERROR_INVALID_VALUE;
    }
    wt_ptx_snippet *s = calloc(1, sizeof *s);
    if (!s)
        return WT_ERROR_OUT_OF_MEMORY;
    s->n = n;
    /* the kernel: FIRST_LINE - 1 lines of head and operand registers, then the template */
    size_t cap = 256 + 64 * (size_t)n;
    char *decls = malloc(cap);
    if (!decls) {
        free(s);
        return WT_ERROR_OUT_OF_MEMORY;
    }
    size_t dl = 0;
    decls[0] = 0;
    uint32_t slot = 0;
    for (int k = 0; k < n; k++) {
        static const char kinds[] = "rlhcfdn";
        static const char *const regtype[] = {".b32", ".b64", ".b16", ".b16", ".f32", ".f64", ""};
        static const int bits[] = {32, 64, 16, 8, 32, 64, 64};
        const char *at = ops[k].kind ? strchr(kinds, ops[k].kind) : NULL;
        if (!at || (ops[k].kind == 'n' && ops[k].written)) {
            char c[2] = {ops[k].kind, 0};
            say(err, errlen, "constraint \"%s\" of operand %s is not one inline PTX takes (r, l, h, c, f, d, n; n "
                "an input)%s", c, "", "");
            free(decls);
            free(s);
            return WT_ERROR_INVALID_VALUE;
        }
        const int i = (int)(at - kinds);
        s->kind[k] = ops[k].kind;
        s->written[k] = ops[k].written;
        s->width_mask[k] = px_width_mask(bits[i]);
        if (ops[k].kind == 'n')
            continue;
        s->slot[k] = slot++;
        dl += (size_t)snprintf(decls + dl, cap - dl, ".reg %s %%wt_asm_%d; ", regtype[i], k);
    }
    char *body = translate(tmpl, ops, n, err, errlen);
    if (!body) {
        free(decls);
        free(s);
        return err && err[0] ? WT_ERROR_INVALID_VALUE : WT_ERROR_OUT_OF_MEMORY;
    }
    const size_t tl = strlen(body) + dl + 256;
    char *text = malloc(tl);
    if (!text) {
        free(body);
        free(decls);
        free(s);
        return WT_ERROR_OUT_OF_MEMORY;
    }
    snprintf(text, tl, ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry wt_asm()\n{ %s{\n%s\n}\n}\n",
             decls, body);
    free(body);
    free(decls);
    wt_status st = wt_module_load_ptx(&s->mod, text, strlen(text), "asm");
    free(text);
    if (st != WT_SUCCESS) {
        module_message(tmpl, err, errlen);
        free(s);
        return st;
    }
    /* memory: every pointer of the program, as C++ device code reaches it (the first page, NULL's,
     * stays out, so a load through a null pointer is a fault named here) */
    st = wt_module_register_memory(s->mod, (void *)(uintptr_t)4096, ((size_t)1 << 56) - 4096, 1);
    if (st != WT_SUCCESS) {
        say(err, errlen, "%s%s%s", wt_last_error_message(), "", "");
        wt__ptx_snippet_free(s);
        return st;
    }
    s->fn = s->mod->funcs[0];
    for (uint32_t pc = 0; pc < s->fn->ncode; pc++) {
        const px_insn *in = &s->fn->code[pc];
        const char *why = refusal(in, s);
        if (why) {
            char line[120];
            const char *nm = in->op < PX_OP_COUNT ? wt__ptx_ops[in->op].name : "?";
            say(err, errlen, "%s is not supported in inline asm: %s (in `%s`)", nm, why,
                template_line(tmpl, in->line >= FIRST_LINE ? in->line - FIRST_LINE + 1 : 1, line, sizeof line));
            wt__ptx_snippet_free(s);
            return WT_ERROR_PTX_UNSUPPORTED;
        }
    }
    *out = s;
    return WT_SUCCESS;
}

void wt__ptx_snippet_free(wt_ptx_snippet *s)
{
    if (!s)
        return;
    if (s->mod)
        wt_module_unload(s->mod);
    free(s);
}

/* ---- running ---- */

/* An OS thread's scratch warp (freed when the thread ends). */
typedef struct scratch {
    px_warp w;
    px_block b;
    px_frame f;
    uint64_t *regs;
    uint32_t nregs;
} scratch;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;
static _Thread_local scratch *tls_scratch;

static void scratch_free(void *p)
{
    scratch *S = p;
    if (S) {
        free(S->regs);
        free(S);
    }
}
static void scratch_key_make(void) { (void)pthread_key_create(&scratch_key, scratch_free); }

static scratch *scratch_for(uint32_t nregs)
{
    scratch *S = tls_scratch;
    if (!S) {
        pthread_once(&scratch_once, scratch_key_make);
        S = calloc(1, sizeof *S);
        if (!S)
            return NULL;
        tls_scratch = S;
        (void)pthread_setspecific(scratch_key, S);
    }
    if (S->nregs < nregs) {
        uint64_t *r = realloc(S->regs, (size_t)nregs * PX_W * sizeof *r);
        if (!r)
            return NULL;
        memset(r, 0, (size_t)nregs * PX_W * sizeof *r);
        S->regs = r;
        S->nregs = nregs;
    }
    return S;
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t sreg_value(int sr, const wt_ptx_thread *t)
{
    const uint32_t linear = t->tid[0] + t->ntid[0] * (t->tid[1] + t->ntid[1] * t->tid[2]);
    const uint32_t lane = linear & 31u, threads = t->ntid[0] * t->ntid[1] * t->ntid[2];
    switch (sr) {
    case PX_SR_TID_X: case PX_SR_TID_Y: case PX_SR_TID_Z: return t->tid[sr - PX_SR_TID_X];
    case PX_SR_NTID_X: case PX_SR_NTID_Y: case PX_SR_NTID_Z: return t->ntid[sr - PX_SR_NTID_X];
    case PX_SR_CTAID_X: case PX_SR_CTAID_Y: case PX_SR_CTAID_Z: return t->ctaid[sr - PX_SR_CTAID_X];
    case PX_SR_NCTAID_X: case PX_SR_NCTAID_Y: case PX_SR_NCTAID_Z: return t->nctaid[sr - PX_SR_NCTAID_X];
    case PX_SR_LANEID: return lane;
    case PX_SR_WARPID: return linear / 32u;
    case PX_SR_NWARPID: return (threads + 31u) / 32u; /* as the interpreter: the block's warps */
    case PX_SR_SMID: return t->smid;
    case PX_SR_NSMID: return t->nsmid;
    case PX_SR_GRIDID: return 1;
    case PX_SR_LANEMASK_EQ: return 1u << lane;
    case PX_SR_LANEMASK_LT: return (1u << lane) - 1u;
    case PX_SR_LANEMASK_LE: return (uint32_t)(((uint64_t)2 << lane) - 1u);
    case PX_SR_LANEMASK_GT: return (uint32_t)~(((uint64_t)2 << lane) - 1u);
    case PX_SR_LANEMASK_GE: return ~((1u << lane) - 1u);
    case PX_SR_CLUSTER_NCTAID: case PX_SR_CLUSTER_NCTARANK: return 1;
    default: return 0; /* the cluster ctaid and ctarank, %is_explicit_cluster */
    }
}

int wt__ptx_snippet_run(const wt_ptx_snippet *s, const wt_ptx_thread *t, uint64_t *v, char *err, size_t errlen)
{
    const px_func *fn = s->fn;
    scratch *S = scratch_for(fn->nregs ? fn->nregs : 1);
    if (!S) {
        say(err, errlen, "out of memory%s%s%s", "", "", "");
        return -1;
    }
    px_warp *w = &S->w;
    w->mod = s->mod;
    w->imm = s->mod->imm;
    w->blk = &S->b;
    w->frames = &S->f;
    w->nframes = 1;
    w->max_frames = 1;
    w->regs = S->regs;
    w->last_range = NULL;
    S->b.mod = s->mod;
    S->b.entry = fn;
    S->b.st = WT_SUCCESS;
    S->f.fn = fn;
    S->f.regs = S->regs;
    for (int k = 0; k < s->n; k++)
        if (s->kind[k] != 'n')
            S->regs[(size_t)s->slot[k] * PX_W] = v[k] & s->width_mask[k];
    for (uint64_t m = s->sregs & ~((uint64_t)1 << PX_SR_CLOCK | (uint64_t)1 << PX_SR_CLOCK64 |
                                   (uint64_t)1 << PX_SR_GLOBALTIMER);
         m; m &= m - 1) {
        const int sr = __builtin_ctzll(m);
        w->sreg[sr][0] = sreg_value(sr, t);
    }
    const px_insn *code = fn->code;
    for (uint32_t pc = 0; pc < fn->ncode;) {
        const px_insn *in = &code[pc];
        if (in->guard.kind) {
            const uint64_t p = S->regs[(size_t)in->guard.idx * PX_W] & 1;
            if ((p ^ in->guard.neg) == 0) {
                pc++;
                continue;
            }
        }
        if (in->reads_clock) {
            const uint64_t ns = now_ns();
            w->sreg[PX_SR_CLOCK][0] = (uint32_t)ns;
            w->sreg[PX_SR_CLOCK64][0] = ns;
            w->sreg[PX_SR_GLOBALTIMER][0] = ns;
        }
        if (in->run) {
            if (in->run(w, in, 1u)) {
                const char *m = strstr(S->b.msg, "lane 0: ");
                say(err, errlen, "%s%s%s", m ? m + 8 : S->b.msg, "", "");
                return -1;
            }
            pc++;
            continue;
        }
        if (in->op == PX_OP_trap)
            return 1;
        pc = in->op == PX_OP_bra ? in->target : pc + 1; /* compile refused the rest */
    }
    for (int k = 0; k < s->n; k++)
        if (s->written[k])
            v[k] = S->regs[(size_t)s->slot[k] * PX_W] & s->width_mask[k];
    if (s->fence)
        atomic_thread_fence(memory_order_seq_cst);
    return 0;
}
