/* cuda_asm.c -- one inline PTX asm() statement of device code, rewritten into a call of warptex's
 * CUDA runtime (include/warptex/cuda/warptex_inline_asm.h) and checked by the PTX front end
 * SPDX-License-Identifier: MIT
 *
 *   asm volatile("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(s));
 * becomes, on one line (the statement's line breaks follow it, so line numbers stay):
 *   do { static const ::wt_cuda_asm_site *const wt_asm_site_ = ::wt_cuda_asm_compile(
 *            "vabsdiff4...", "=r,r,r,r", nullptr, __FILE__, __LINE__);
 *        auto &wt_asm_o0_ = (s); unsigned long long wt_asm_v_[5] = {0ull,
 *            ::wt_cuda_detail::asm_in<'r'>(a), ...};
 *        ::wt_cuda_asm_run(wt_asm_site_, wt_asm_v_);
 *        ::wt_cuda_detail::asm_out<'r'>(wt_asm_o0_, wt_asm_v_[0]); } while (0)
 * A template made of string literals only is compiled here (src/ptx/ptx_snippet.c): a statement
 * the front end cannot run, or malformed PTX, becomes a static_assert naming the instruction, so
 * the build fails at its file and line when the preprocessor keeps it (and not when it sits
 * under #ifndef __WARPTEX_CUDA__).  A template with macros in it is compiled by the runtime the
 * first time the statement runs. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_asm.h"
#include "ptx_snippet.h"
#include "text_buf.h"

#define PUTS(b, lit) wt_text_put((b), (lit), sizeof(lit) - 1)

static void say(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static size_t skip_blank(const char *s, size_t n, size_t i)
{
    for (;;) {
        while (i < n && isspace((unsigned char)s[i]))
            i++;
        if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
            while (i < n && s[i] != '\n')
                i++;
        } else if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
            const char *e = strstr(s + i + 2, "*/");
            i = e && (size_t)(e - s) < n ? (size_t)(e - s) + 2 : n;
        } else {
            return i;
        }
    }
}

/* the end of the string literal at s[i] ('"'), or 0 */
static size_t literal_end(const char *s, size_t n, size_t i)
{
    size_t k = i + 1;
    while (k < n && s[k] != '"') {
        if (s[k] == '\n')
            return 0;
        if (s[k] == '\\')
            k++;
        k++;
    }
    return k < n ? k + 1 : 0;
}

/* the literal's characters, escapes decoded, added to b */
static void decode_literal(wt_text_buf *b, const char *s, size_t from, size_t to)
{
    for (size_t k = from + 1; k + 1 < to; k++) {
        char c = s[k];
        if (c == '\\' && k + 2 < to) {
            const char e = s[++k];
            c = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == '0' ? ' ' : e;
        }
        wt_text_put(b, &c, 1);
    }
}

/* the end of the balanced (...) starting at s[i] == '(' (past its ')'), or 0 */
static size_t paren_end(const char *s, size_t n, size_t i)
{
    int depth = 0;
    for (size_t k = i; k < n; k++) {
        if (s[k] == '"' || s[k] == '\'') {
            const char q = s[k];
            for (k++; k < n && s[k] != q; k++)
                if (s[k] == '\\')
                    k++;
            continue;
        }
        if (s[k] == '/' && k + 1 < n && (s[k + 1] == '/' || s[k + 1] == '*')) {
            k = skip_blank(s, n, k) - 1;
            continue;
        }
        if (s[k] == '(' || s[k] == '[' || s[k] == '{')
            depth++;
        else if (s[k] == ')' || s[k] == ']' || s[k] == '}') {
            if (--depth == 0)
                return k + 1;
        }
    }
    return 0;
}

/* s[from, to) onto one line: comments and line breaks become blanks */
static void put_one_line(wt_text_buf *b, const char *s, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++) {
        if (s[k] == '"' || s[k] == '\'') {
            const char q = s[k];
            size_t e = k + 1;
            while (e < to && s[e] != q) {
                if (s[e] == '\\')
                    e++;
                e++;
            }
            wt_text_put(b, s + k, (e < to ? e + 1 : to) - k);
            k = e;
            continue;
        }
        if (s[k] == '/' && k + 1 < to && (s[k + 1] == '/' || s[k + 1] == '*')) {
            const size_t e = skip_blank(s, to, k);
            wt_text_put(b, " ", 1);
            k = e - 1;
            continue;
        }
        wt_text_put(b, s[k] == '\n' || s[k] == '\r' ? " " : s + k, 1);
    }
}

typedef struct {
    char con[16];      /* the constraint as written, e.g. "=r" */
    char kind;         /* r l h c f d n */
    int out, rw;       /* '=' or '+'; '+' */
    size_t expr, expr_end; /* the (expression)'s text, parentheses included */
} operand;

#define MAX_OPS 30

/* one operand list (outputs or inputs) at s[i]; returns the index after it or 0 (err said) */
static size_t parse_operands(const char *s, size_t n, size_t i, int outputs, operand *ops, int *nops,
                             char *err, size_t errlen)
{
    for (;;) {
        i = skip_blank(s, n, i);
        if (i >= n || s[i] == ':' || s[i] == ')')
            return i;
        if (s[i] == '[') {
            say(err, errlen, "named asm operands ([name] \"r\"(x)) are not supported; number them (%%0, "
                "%%1 ...)");
            return 0;
        }
        if (s[i] != '"') {
            say(err, errlen, "an asm operand must start with its constraint string");
            return 0;
        }
        const size_t e = literal_end(s, n, i);
        if (!e || e - i - 2 >= sizeof ops[0].con) {
            say(err, errlen, "an asm constraint that is not a short string literal");
            return 0;
        }
        if (*nops >= MAX_OPS) {
            say(err, errlen, "an asm statement has at most %d operands", MAX_OPS);
            return 0;
        }
        operand *o = &ops[(*nops)++];
        memset(o, 0, sizeof *o);
        memcpy(o->con, s + i + 1, e - i - 2);
        o->con[e - i - 2] = 0;
        const char *c = o->con;
        while (*c == '=' || *c == '+' || *c == '&') {
            o->out |= *c == '=' || *c == '+';
            o->rw |= *c == '+';
            c++;
        }
        o->kind = c[0];
        if (!c[0] || c[1] || !strchr("rlhcfdn", c[0]) || o->out != outputs || (o->kind == 'n' && o->out)) {
            say(err, errlen, "asm constraint \"%s\" is not one inline PTX takes here (outputs \"=r\" or "
                "\"+r\"; inputs \"r\"; r l h c f d, and n for an input immediate)", o->con);
            return 0;
        }
        i = skip_blank(s, n, e);
        if (i >= n || s[i] != '(' || !(o->expr_end = paren_end(s, n, i))) {
            say(err, errlen, "asm operand \"%s\" without its (expression)", o->con);
            return 0;
        }
        o->expr = i;
        i = skip_blank(s, n, o->expr_end);
        if (i < n && s[i] == ',')
            i++;
    }
}

/* the statement s[i, close) replaced by a static_assert that says why: the build fails there,
 * naming the file and line, if the preprocessor keeps the statement (code under
 * #ifndef __WARPTEX_CUDA__ or #ifdef __CUDA_ARCH__ is never compiled here) */
static int refuse(const char *s, size_t i, size_t close, const char *why, char **out, size_t *end)
{
    wt_text_buf b = {0};
    PUTS(&b, "do { static_assert(::wt_cuda_detail::always_false<void>::value, \"warptex: inline asm: ");
    for (const char *p = why; *p; p++) {
        if (*p == '"' || *p == '\\')
            PUTS(&b, "\\");
        wt_text_put(&b, *p == '\n' || *p == '\t' ? " " : p, 1);
    }
    PUTS(&b, "\"); } while (0)");
    for (size_t q = i; q < close; q++)
        if (s[q] == '\n')
            PUTS(&b, "\n");
    if (b.oom) {
        free(b.p);
        return -1;
    }
    *out = b.p;
    *end = close;
    return 1;
}

int wt_cuda_asm_statement(const char *s, size_t n, size_t i, char **out, size_t *end, char *err,
                          size_t errlen)
{
    /* asm [volatile | __volatile__ | inline | goto]* ( */
    size_t k = i;
    int is_goto = 0;
    while (k < n && wt_text_ident_char(s[k]))
        k++;
    for (;;) {
        k = skip_blank(s, n, k);
        size_t w = k;
        while (w < n && wt_text_ident_char(s[w]))
            w++;
        if (w == k)
            break;
        if ((w - k == 8 && !memcmp(s + k, "volatile", 8)) || (w - k == 12 && !memcmp(s + k, "__volatile__", 12)) ||
            (w - k == 6 && !memcmp(s + k, "inline", 6))) {
            k = w;
            continue;
        }
        if (w - k == 4 && !memcmp(s + k, "goto", 4)) {
            is_goto = 1;
            k = w;
            continue;
        }
        return 0; /* not an asm statement (a name that happens to be asm) */
    }
    if (k >= n || s[k] != '(')
        return 0;
    const size_t close = paren_end(s, n, k);
    if (!close)
        return 0; /* not a statement this can read: the compiler will say what is wrong */
    if (is_goto)
        return refuse(s, i, close, "asm goto is not supported in device code", out, end);
    /* the template: string literals, perhaps with macros between them */
    size_t t = skip_blank(s, n, k + 1), tstart = t;
    int literal_only = 1;
    wt_text_buf tmpl = {0};
    while (t < close - 1 && s[t] != ':') {
        if (s[t] == '"') {
            const size_t e = literal_end(s, n, t);
            if (!e) {
                free(tmpl.p);
                return 0;
            }
            decode_literal(&tmpl, s, t, e);
            t = skip_blank(s, n, e);
        } else if (s[t] == '(') {
            literal_only = 0;
            t = skip_blank(s, n, paren_end(s, n, t));
        } else {
            literal_only = 0;
            t = skip_blank(s, n, t + 1);
        }
    }
    size_t tend = t;
    while (tend > tstart && isspace((unsigned char)s[tend - 1]))
        tend--;
    wt_text_put(&tmpl, "", 0);
    operand ops[MAX_OPS];
    int nops = 0, memory = 0;
    for (int section = 0; section < 3 && t < close - 1; section++) {
        if (s[t] != ':')
            break;
        t++;
        if (section < 2) {
            t = parse_operands(s, n, t, section == 0, ops, &nops, err, errlen);
            if (!t) {
                free(tmpl.p);
                return refuse(s, i, close, err, out, end);
            }
        } else { /* clobbers */
            for (;;) {
                t = skip_blank(s, n, t);
                if (t >= close - 1 || s[t] == ':')
                    break;
                const size_t e = s[t] == '"' ? literal_end(s, n, t) : 0;
                if (!e) {
                    free(tmpl.p);
                    return refuse(s, i, close, "asm clobbers must be string literals", out, end);
                }
                memory |= e - t == 8 && !memcmp(s + t, "\"memory\"", 8);
                t = skip_blank(s, n, e);
                if (t < n && s[t] == ',')
                    t++;
            }
        }
        t = skip_blank(s, n, t);
    }
    if (skip_blank(s, n, t) != close - 1) {
        free(tmpl.p);
        return refuse(s, i, close, "asm(...) with more than template : outputs : inputs : clobbers", out, end);
    }
    if (tmpl.oom) {
        say(err, errlen, "out of memory");
        return -1;
    }
    /* the compile-time check: what the runtime will compile, with 0 for each immediate */
    if (literal_only) {
        wt_ptx_operand po[MAX_OPS];
        for (int o = 0; o < nops; o++)
            po[o] = (wt_ptx_operand){ops[o].kind, (char)ops[o].out, 0};
        wt_ptx_snippet *snip = NULL;
        char why[512] = "";
        const wt_status st = wt__ptx_snippet_compile(&snip, tmpl.p, po, nops, why, sizeof why);
        wt__ptx_snippet_free(snip);
        if (st != WT_SUCCESS) {
            free(tmpl.p);
            if (!why[0]) {
                say(err, errlen, "out of memory");
                return -1;
            }
            return refuse(s, i, close, why, out, end);
        }
    }
    free(tmpl.p);
    (void)memory; /* "memory": the runtime's fence after membar/fence covers the ordering CUDA gives */
    /* the replacement */
    wt_text_buf b = {0};
    char cons[MAX_OPS * 17 + 1] = ""; /* the constraints, joined by commas */
    size_t cl = 0;
    for (int o = 0; o < nops; o++) {
        if (o)
            cons[cl++] = ',';
        const size_t l = strlen(ops[o].con);
        memcpy(cons + cl, ops[o].con, l);
        cl += l;
    }
    cons[cl] = 0;
    PUTS(&b, "do { ");
    int has_imm = 0;
    for (int o = 0; o < nops; o++)
        has_imm |= ops[o].kind == 'n';
    if (has_imm) {
        PUTS(&b, "static const long long wt_asm_n_[] = {");
        for (int o = 0; o < nops; o++) {
            if (ops[o].kind == 'n') {
                PUTS(&b, "static_cast<long long>");
                put_one_line(&b, s, ops[o].expr, ops[o].expr_end);
            } else {
                PUTS(&b, "0");
            }
            PUTS(&b, ", ");
        }
        PUTS(&b, "}; ");
    }
    PUTS(&b, "static const ::wt_cuda_asm_site *const wt_asm_site_ = ::wt_cuda_asm_compile(");
    put_one_line(&b, s, tstart, tend);
    PUTS(&b, ", \"");
    wt_text_put(&b, cons, strlen(cons));
    PUTS(&b, "\", ");
    wt_text_put(&b, has_imm ? "wt_asm_n_" : "nullptr", has_imm ? 9 : 7);
    PUTS(&b, ", __FILE__, __LINE__); ");
    for (int o = 0; o < nops; o++)
        if (ops[o].out) {
            wt_text_putf(&b, "auto &wt_asm_o%d_ = ", o);
            put_one_line(&b, s, ops[o].expr, ops[o].expr_end);
            PUTS(&b, "; ");
        }
    wt_text_putf(&b, "unsigned long long wt_asm_v_[%d] = {", nops + 1);
    for (int o = 0; o < nops; o++) {
        if (ops[o].out && !ops[o].rw) {
            PUTS(&b, "0ull");
        } else if (ops[o].out) {
            wt_text_putf(&b, "::wt_cuda_detail::asm_in<'%c'>(wt_asm_o%d_)", ops[o].kind, o);
        } else if (ops[o].kind == 'n') {
            PUTS(&b, "0ull");
        } else {
            wt_text_putf(&b, "::wt_cuda_detail::asm_in<'%c'>", ops[o].kind);
            put_one_line(&b, s, ops[o].expr, ops[o].expr_end);
        }
        PUTS(&b, ", ");
    }
    PUTS(&b, "0ull}; ::wt_cuda_asm_run(wt_asm_site_, wt_asm_v_); ");
    for (int o = 0; o < nops; o++)
        if (ops[o].out)
            wt_text_putf(&b, "::wt_cuda_detail::asm_out<'%c'>(wt_asm_o%d_, wt_asm_v_[%d]); ", ops[o].kind, o, o);
    PUTS(&b, "} while (0)");
    for (size_t q = i; q < close; q++) /* the statement's line breaks, after it */
        if (s[q] == '\n')
            PUTS(&b, "\n");
    if (b.oom) {
        free(b.p);
        say(err, errlen, "out of memory");
        return -1;
    }
    *out = b.p;
    *end = close;
    return 1;
}
