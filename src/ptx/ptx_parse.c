/* ptx_parse.c -- recursive descent over PTX text into decoded functions
 * SPDX-License-Identifier: MIT
 *
 * Grammar (the part nvcc writes; [semantics#decision-ptx-legality]: ptxas decides what exists):
 *   module    := { directive }
 *   directive := .version N.N | .target id {, id} | .address_size N
 *              | .file N "name" [, N, N] | .loc ... (to end of line) | .pragma "..." ;
 *              | .section name { ... } (DWARF: skipped)
 *              | [linkage] variable ; | [linkage] function
 *   linkage   := .visible | .extern | .weak | .common
 *   variable  := space [.align N] [.ptr ...] type name [ '[' N? ']' ]... [= init]
 *              | .global (.texref | .surfref | .samplerref) name [= { field = value, ... }]
 *   function  := (.entry | .func [( ret )]) name ( params ) { perf-directive } ( ; | body )
 *   body      := { { statement } }
 *   statement := .reg type decl {, decl} ; | (.local|.shared|.param) variable ;
 *              | label : | { body } | [@[!]pred] opcode{.mod} operand {, operand} ;
 * Errors: WT_ERROR_PTX_PARSE / WT_ERROR_PTX_UNSUPPORTED with "NAME:LINE:COL:
 * message near 'TOKEN'"; the parser stops at the first. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_parse.h"

/* The most bytes of local, shared or parameter space one declaration, thread or frame may take:
 * 16 MiB, far above what a GPU gives, low enough that a hostile module cannot make a launch
 * allocate gigabytes. */
#define WT_PTX_SPACE_LIMIT (1u << 24)

/* ---- modifiers ---- */
static const struct {
    const char *s;
    uint8_t kind;
    uint32_t value;
} mods[] = {
#define M(sp, kind, value) {#sp, PX_MK_##kind, (uint32_t)(value)},
#include "ptx_mods.def"
#undef M
};

int wt__ptx_mod_lookup(const char *s, size_t n, int *kind, int *value)
{
    for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
        if (strlen(mods[i].s) == n && !memcmp(mods[i].s, s, n)) {
            *kind = mods[i].kind;
            *value = mods[i].value;
            return 1;
        }
    return 0;
}

static const struct {
    const char *s;
    uint8_t cls;
} opcodes[] = {
#define X(name, cls) {#name, PX_CLS_##cls},
#include "ptx_ops.def"
#undef X
};

/* ---- errors ---- */
wt_status wt__ptx_err(px_parser *P, const px_token *t, wt_status st, const char *fmt, ...)
{
    if (P->st != WT_SUCCESS)
        return P->st;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (t && t->kind != PX_TK_EOF) {
        int n = t->len > 40 ? 40 : (int)t->len;
        if (n == 0)
            n = 1;
        wt__error(st, "wt_module_load_ptx(): %s:%u:%u: %s near '%.*s'", P->name, (unsigned)t->line, (unsigned)t->col,
                  msg, n, t->s);
    } else if (t) {
        wt__error(st, "wt_module_load_ptx(): %s:%u:%u: %s at end of text", P->name, (unsigned)t->line,
                  (unsigned)t->col, msg);
    } else {
        wt__error(st, "wt_module_load_ptx(): %s: %s", P->name, msg);
    }
    P->st = st;
    return st;
}
#define PERR(t, ...) wt__ptx_err(P, (t), WT_ERROR_PTX_PARSE, __VA_ARGS__)
#define PUNS(t, ...) wt__ptx_err(P, (t), WT_ERROR_PTX_UNSUPPORTED, __VA_ARGS__)
#define OOM() wt__ptx_err(P, NULL, WT_ERROR_OUT_OF_MEMORY, "out of memory")

/* ---- growable arrays ---- */
static int grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 1;
    uint32_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > (1u << 28))
            return 0;
        nc *= 2;
    }
    void *q = realloc(*p, (size_t)nc * elem);
    if (!q)
        return 0;
    *p = q;
    *cap = nc;
    return 1;
}
#define GROW(arr, cap, need) grow((void **)&(arr), (uint32_t *)&(cap), (uint32_t)(need), sizeof *(arr))

static char *dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

/* ---- tokens ---- */
static px_token *next(px_parser *P)
{
    if (P->have_peek) {
        P->tok = P->peek;
        P->have_peek = 0;
    } else {
        P->tok = wt__ptx_lex_next(&P->lx);
    }
    if (P->tok.kind == PX_TK_ERROR)
        PERR(&P->tok, "unexpected character");
    return &P->tok;
}
static px_token *peek(px_parser *P)
{
    if (!P->have_peek) {
        P->peek = wt__ptx_lex_next(&P->lx);
        P->have_peek = 1;
    }
    return &P->peek;
}
static int is_p(const px_token *t, char c) { return t->kind == PX_TK_PUNCT && t->punct == c; }
static int is_w(const px_token *t, const char *w)
{
    size_t n = strlen(w);
    return (t->kind == PX_TK_DIRECTIVE || t->kind == PX_TK_IDENT) && t->len == n && !memcmp(t->s, w, n);
}
static int expect_p(px_parser *P, char c)
{
    next(P);
    if (P->st)
        return 0;
    if (!is_p(&P->tok, c)) {
        PERR(&P->tok, "expected '%c'", c);
        return 0;
    }
    return 1;
}
static int tok_u64(const px_token *t, uint64_t *v)
{
    if (t->kind != PX_TK_NUMBER)
        return 0;
    char buf[72];
    if (t->len >= sizeof buf)
        return 0;
    memcpy(buf, t->s, t->len);
    buf[t->len] = 0;
    size_t n = t->len;
    if (n > 1 && (buf[n - 1] == 'U' || buf[n - 1] == 'u'))
        buf[--n] = 0;
    int base = 10;
    const char *d = buf;
    if (n > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) {
        base = 16;
        d = buf + 2;
    } else if (n > 2 && buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B')) {
        base = 2;
        d = buf + 2;
    } else if (n > 1 && buf[0] == '0') {
        base = 8;
        d = buf + 1;
    }
    uint64_t r = 0;
    if (!*d)
        return 0;
    for (; *d; d++) {
        int k;
        if (*d >= '0' && *d <= '9')
            k = *d - '0';
        else if (*d >= 'a' && *d <= 'f')
            k = *d - 'a' + 10;
        else if (*d >= 'A' && *d <= 'F')
            k = *d - 'A' + 10;
        else
            return 0;
        if (k >= base)
            return 0;
        if (r > (UINT64_MAX - (uint64_t)k) / (uint64_t)base)
            return 0;
        r = r * (uint64_t)base + (uint64_t)k;
    }
    *v = r;
    return 1;
}
static int tok_int(px_parser *P, px_token *t, uint64_t *v)
{
    if (!tok_u64(t, v)) {
        PERR(t, "expected an integer");
        return 0;
    }
    return 1;
}

/* A number as the bits of `type` (integer types: two's complement, floats:
 * 0f/0d bit patterns, decimal values rounded to nearest). */
static int num_bits(px_parser *P, const px_token *t, int minus, int type, uint64_t *out)
{
    int fl = px_type_float(type);
    int bits = px_type_bits(type);
    if (t->len > 2 && t->s[0] == '0' && (t->s[1] == 'f' || t->s[1] == 'F' || t->s[1] == 'd' || t->s[1] == 'D')) {
        int is_d = t->s[1] == 'd' || t->s[1] == 'D';
        if (t->len != (is_d ? 18u : 10u)) {
            PERR(t, "a %s literal needs %d hex digits", is_d ? "0d" : "0f", is_d ? 16 : 8);
            return 0;
        }
        uint64_t v = 0;
        for (uint32_t i = 2; i < t->len; i++) {
            char c = t->s[i];
            int k = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (k < 0) {
                PERR(t, "bad hex digit in a float literal");
                return 0;
            }
            v = v << 4 | (uint64_t)k;
        }
        if (!fl) {
            PERR(t, "a float literal where the type is not a float");
            return 0;
        }
        double d;
        if (is_d) {
            memcpy(&d, &v, 8);
        } else {
            uint32_t u = (uint32_t)v;
            float f;
            memcpy(&f, &u, 4);
            d = f;
            if (bits == 32) {
                *out = minus ? (v ^ 0x80000000u) : v;
                return 1;
            }
        }
        if (bits == 64) {
            uint64_t b;
            if (minus)
                d = -d;
            memcpy(&b, &d, 8);
            *out = is_d ? (minus ? v ^ 0x8000000000000000ull : v) : b;
            return 1;
        }
        if (bits == 32) {
            float f = (float)(minus ? -d : d);
            uint32_t b;
            memcpy(&b, &f, 4);
            *out = b;
            return 1;
        }
        PUNS(t, "float literal for a %d-bit float operand", bits);
        return 0;
    }
    int is_float_text = 0;
    for (uint32_t i = 0; i < t->len; i++)
        if (t->s[i] == '.' || ((t->s[i] == 'e' || t->s[i] == 'E') && !(t->len > 1 && (t->s[1] == 'x' || t->s[1] == 'X'))))
            is_float_text = 1;
    if (is_float_text) {
        if (!fl) {
            PERR(t, "a float literal where the type is not a float");
            return 0;
        }
        char buf[80];
        if (t->len >= sizeof buf) {
            PERR(t, "number too long");
            return 0;
        }
        memcpy(buf, t->s, t->len);
        buf[t->len] = 0;
        char *e;
        double d = strtod(buf, &e);
        if (*e) {
            PERR(t, "malformed number");
            return 0;
        }
        if (minus)
            d = -d;
        if (bits == 64) {
            memcpy(out, &d, 8);
        } else if (bits == 32) {
            float f = (float)d;
            uint32_t b;
            memcpy(&b, &f, 4);
            *out = b;
        } else {
            PUNS(t, "float literal for a %d-bit float operand", bits);
            return 0;
        }
        return 1;
    }
    uint64_t v;
    if (!tok_u64(t, &v)) {
        PERR(t, "malformed number");
        return 0;
    }
    if (fl) {
        double d = minus ? -(double)v : (double)v;
        if (bits == 64) {
            memcpy(out, &d, 8);
        } else {
            float f = (float)d;
            uint32_t b;
            memcpy(&b, &f, 4);
            *out = b;
        }
        return 1;
    }
    if (minus)
        v = (uint64_t)0 - v;
    if (bits > 0 && bits < 64)
        v &= (((uint64_t)1 << bits) - 1);
    *out = v;
    return 1;
}

/* ---- symbols ---- */
static px_sym *sym_find(px_parser *P, const char *s, size_t n)
{
    for (int i = P->nsyms - 1; i >= 0; i--)
        if (strlen(P->syms[i].name) == n && !memcmp(P->syms[i].name, s, n))
            return &P->syms[i];
    return NULL;
}
static px_sym *sym_add(px_parser *P, const px_token *t, int kind, uint64_t value, uint32_t size)
{
    if (!GROW(P->syms, P->cap_syms, P->nsyms + 1)) {
        OOM();
        return NULL;
    }
    px_sym *s = &P->syms[P->nsyms];
    memset(s, 0, sizeof *s);
    s->name = dupn(t->s, t->len);
    if (!s->name) {
        OOM();
        return NULL;
    }
    s->kind = kind;
    s->value = value;
    s->size = size;
    s->global = P->fn == NULL;
    P->nsyms++;
    return s;
}

/* ---- immediates pool ---- */
static uint32_t imm_add(px_parser *P, uint64_t v)
{
    struct wt_module_s *m = P->mod;
    /* reuse an equal immediate: nvcc repeats a few constants often */
    for (uint32_t i = m->nimm; i-- > 0 && i + 64 >= m->nimm;)
        if (m->imm[(size_t)i * PX_W] == v)
            return i;
    if (m->nimm + 1 > m->cap_imm) {
        uint32_t nc = m->cap_imm ? m->cap_imm * 2 : 64;
        uint64_t *q = realloc(m->imm, (size_t)nc * PX_W * sizeof(uint64_t));
        if (!q) {
            OOM();
            return 0;
        }
        m->imm = q;
        m->cap_imm = nc;
    }
    for (int l = 0; l < PX_W; l++)
        m->imm[(size_t)m->nimm * PX_W + l] = v;
    return m->nimm++;
}

/* ---- registers ---- */
static int reg_lookup(px_parser *P, const char *s, size_t n, uint32_t *slot, int *type)
{
    for (int i = P->nregs - 1; i >= 0; i--) {
        px_regdecl *d = &P->regs[i];
        size_t dn = strlen(d->name);
        if (d->count == 0) {
            if (dn == n && !memcmp(d->name, s, n)) {
                *slot = d->base;
                *type = d->type;
                return 1;
            }
        } else if (n > dn && !memcmp(d->name, s, dn)) {
            uint64_t k = 0;
            size_t j = dn;
            if (s[j] == '0' && n - j > 1)
                continue;
            for (; j < n && s[j] >= '0' && s[j] <= '9' && k < (1u << 30); j++)
                k = k * 10 + (uint64_t)(s[j] - '0');
            if (j == n && k < d->count) {
                *slot = d->base + (uint32_t)k;
                *type = d->type;
                return 1;
            }
        }
    }
    return 0;
}
static int reg_declare(px_parser *P, const px_token *t, uint32_t count, int type)
{
    if (t->len >= 64) {
        PUNS(t, "register name longer than 63 characters");
        return 0;
    }
    if (!GROW(P->regs, P->cap_regs, P->nregs + 1)) {
        OOM();
        return 0;
    }
    uint32_t n = count ? count : 1;
    if (P->fn->nregs + n > (1u << 20)) {
        PUNS(t, "more than 2^20 registers in one function");
        return 0;
    }
    px_regdecl *d = &P->regs[P->nregs++];
    memcpy(d->name, t->s, t->len);
    d->name[t->len] = 0;
    d->count = count;
    d->base = P->fn->nregs;
    d->type = (uint8_t)type;
    if (!GROW(P->regtype, P->cap_regtype, P->fn->nregs + n)) {
        OOM();
        return 0;
    }
    for (uint32_t i = 0; i < n; i++)
        P->regtype[P->fn->nregs + i] = (uint8_t)type;
    P->fn->nregs += n;
    return 1;
}

static const struct {
    const char *name;
    int sreg;  /* with a component: the .x one */
    int comps; /* 3: .x .y .z (consecutive sregs); 1: .x .y .z (all one sreg); 0: none */
} sregs[] = {
    {"%tid", PX_SR_TID_X, 3},         {"%ntid", PX_SR_NTID_X, 3},       {"%ctaid", PX_SR_CTAID_X, 3},
    {"%nctaid", PX_SR_NCTAID_X, 3},   {"%laneid", PX_SR_LANEID, 0},     {"%warpid", PX_SR_WARPID, 0},
    {"%nwarpid", PX_SR_NWARPID, 0},   {"%smid", PX_SR_SMID, 0},         {"%nsmid", PX_SR_NSMID, 0},
    {"%gridid", PX_SR_GRIDID, 0},     {"%lanemask_eq", PX_SR_LANEMASK_EQ, 0},
    {"%lanemask_lt", PX_SR_LANEMASK_LT, 0}, {"%lanemask_le", PX_SR_LANEMASK_LE, 0},
    {"%lanemask_gt", PX_SR_LANEMASK_GT, 0}, {"%lanemask_ge", PX_SR_LANEMASK_GE, 0},
    {"%clock", PX_SR_CLOCK, 0},       {"%clock64", PX_SR_CLOCK64, 0},   {"%globaltimer", PX_SR_GLOBALTIMER, 0},
    {"%dynamic_smem_size", PX_SR_DYN_SMEM, 0}, {"%total_smem_size", PX_SR_TOTAL_SMEM, 0},
    {"%clusterid", PX_SR_CTAID_X, 3}, {"%nclusterid", PX_SR_NCTAID_X, 3},
    {"%cluster_ctaid", PX_SR_CLUSTER_CTAID, 1}, {"%cluster_nctaid", PX_SR_CLUSTER_NCTAID, 1},
    {"%cluster_ctarank", PX_SR_CLUSTER_CTARANK, 0}, {"%cluster_nctarank", PX_SR_CLUSTER_NCTARANK, 0},
    {"%is_explicit_cluster", PX_SR_IS_EXPLICIT_CLUSTER, 0},
};
static int sreg_width(int s)
{
    if (s == PX_SR_IS_EXPLICIT_CLUSTER) /* a predicate */
        return 1;
    return (s == PX_SR_CLOCK64 || s == PX_SR_GLOBALTIMER || s == PX_SR_GRIDID) ? 64 : 32;
}

/* ---- operand trees ---- */
static int po_new(px_parser *P, int kind)
{
    if (P->nops >= PO_MAX) {
        PERR(&P->tok, "too many operands");
        return -1;
    }
    po *o = &P->ops[P->nops];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->tok = P->tok;
    o->sreg_comp = -1;
    return P->nops++;
}

static int parse_operand(px_parser *P);

static int parse_name_or_num(px_parser *P)
{
    px_token *t = next(P);
    if (P->st)
        return -1;
    int neg = 0, minus = 0;
    if (is_p(t, '!')) {
        neg = 1;
        t = next(P);
    } else if (is_p(t, '-')) {
        minus = 1;
        t = next(P);
    }
    if (P->st)
        return -1;
    int o;
    if (t->kind == PX_TK_NUMBER) {
        o = po_new(P, PO_NUM);
    } else if (t->kind == PX_TK_IDENT) {
        o = po_new(P, (t->len == 1 && t->s[0] == '_') ? PO_SINK : PO_NAME);
        if (o >= 0 && t->s[0] == '%') {
            px_token *d = peek(P);
            if (d->kind == PX_TK_DIRECTIVE && d->glued && d->len == 2 && strchr("xyzw", d->s[1])) {
                P->ops[o].sreg_comp = (int)(strchr("xyzw", d->s[1]) - "xyzw");
                next(P);
            }
        }
        if (o >= 0) {
            /* a video instruction's byte or half-word selector (a.b3210, a.h10) or mask (d.b0) */
            px_token *d = peek(P);
            int digits = d->kind == PX_TK_DIRECTIVE && d->glued && d->len >= 3 && d->len <= 6 &&
                         (d->s[1] == 'b' || d->s[1] == 'h');
            for (uint32_t k = 2; digits && k < d->len; k++)
                digits = d->s[k] >= '0' && d->s[k] <= '7';
            if (digits) {
                P->ops[o].vsel = d->s[1];
                P->ops[o].nsel = (uint8_t)(d->len - 2);
                for (uint32_t k = 2; k < d->len; k++)
                    P->ops[o].seld[k - 2] = (uint8_t)(d->s[k] - '0');
                next(P);
            }
        }
    } else {
        PERR(t, "expected an operand");
        return -1;
    }
    if (o < 0)
        return -1;
    P->ops[o].neg = neg;
    P->ops[o].minus = minus;
    if (minus && t->kind != PX_TK_NUMBER) {
        PERR(t, "'-' before a name");
        return -1;
    }
    return o;
}

static int parse_list(px_parser *P, int kind, char close)
{
    int o = po_new(P, kind);
    if (o < 0)
        return -1;
    if (is_p(peek(P), close)) {
        next(P);
        return o;
    }
    for (;;) {
        int c = parse_operand(P);
        if (c < 0)
            return -1;
        if (P->ops[o].nsub >= 8) {
            PERR(&P->tok, "too many elements");
            return -1;
        }
        P->ops[o].sub[P->ops[o].nsub++] = c;
        next(P);
        if (P->st)
            return -1;
        if (is_p(&P->tok, close))
            return o;
        if (!is_p(&P->tok, ',')) {
            PERR(&P->tok, "expected ',' or '%c'", close);
            return -1;
        }
    }
}

static int parse_operand(px_parser *P)
{
    px_token *t = peek(P);
    if (P->st)
        return -1;
    if (is_p(t, '{')) {
        next(P);
        int v = parse_list(P, PO_VEC, '}');
        if (v >= 0 && is_p(peek(P), '|')) { /* tex d|p */
            next(P);
            int b = parse_name_or_num(P);
            if (b < 0)
                return -1;
            P->ops[v].pipe = b;
        }
        return v;
    }
    if (is_p(t, '(')) {
        next(P);
        return parse_list(P, PO_LIST, ')');
    }
    if (is_p(t, '[')) {
        next(P);
        int o = po_new(P, PO_ADDR);
        if (o < 0)
            return -1;
        for (;;) {
            int c = parse_operand(P);
            if (c < 0)
                return -1;
            if (P->ops[o].nsub >= 8) {
                PERR(&P->tok, "too many elements");
                return -1;
            }
            P->ops[o].sub[P->ops[o].nsub++] = c;
            px_token *n = next(P);
            if (P->st)
                return -1;
            if (P->ops[o].nsub == 1 && (is_p(n, '+') || is_p(n, '-'))) {
                int sign = is_p(n, '-') ? -1 : 1;
                n = next(P);
                if (is_p(n, '-')) {
                    sign = -sign;
                    n = next(P);
                }
                uint64_t v;
                if (P->st || !tok_int(P, n, &v))
                    return -1;
                if (v > (uint64_t)INT64_MAX) {
                    PERR(n, "offset out of range");
                    return -1;
                }
                P->ops[o].off = sign * (int64_t)v;
                n = next(P);
                if (P->st)
                    return -1;
            }
            if (is_p(n, ']'))
                return o;
            if (!is_p(n, ',')) {
                PERR(n, "expected ',' or ']'");
                return -1;
            }
        }
    }
    int o = parse_name_or_num(P);
    if (o < 0)
        return -1;
    if (is_p(peek(P), '|')) {
        next(P);
        int b = parse_name_or_num(P);
        if (b < 0)
            return -1;
        P->ops[o].pipe = b;
    }
    return o;
}

/* ---- operand resolution ---- */
static const char *tokname(const px_token *t, char *buf, size_t n)
{
    size_t k = t->len < n - 1 ? t->len : n - 1;
    memcpy(buf, t->s, k);
    buf[k] = 0;
    return buf;
}

/* A source operand of `type` (PX_T_NONE: any register). Width rule: a
 * register must have the type's width (a .pred only where the type is .pred). */
int wt__ptx_src(px_parser *P, int oi, int type, px_ref *r)
{
    po *o = &P->ops[oi];
    memset(r, 0, sizeof *r);
    char nb[80];
    if (o->kind == PO_NUM) {
        uint64_t v;
        if (!num_bits(P, &o->tok, o->minus, type == PX_T_PRED ? PX_T_S32 : type ? type : PX_T_B64, &v))
            return 0;
        if (type == PX_T_PRED) /* mov.pred %p, 1 / -1 / 0 */
            v = v != 0;
        r->kind = PX_R_IMM;
        r->idx = imm_add(P, v);
        return P->st == WT_SUCCESS;
    }
    if (o->kind != PO_NAME) {
        PERR(&o->tok, "expected a register or a constant");
        return 0;
    }
    const px_token *t = &o->tok;
    uint32_t slot0;
    int rt0;
    if (t->s[0] == '%' || reg_lookup(P, t->s, t->len, &slot0, &rt0)) {
        uint32_t slot;
        int rt;
        if (reg_lookup(P, t->s, t->len, &slot, &rt)) {
            int wb = px_type_bits(type), rb = px_type_bits(rt);
            if (type && (((type == PX_T_PRED) != (rt == PX_T_PRED)) || (wb != rb && type != PX_T_PRED))) {
                PERR(t, "register %s is .%s-sized (%d bits), the instruction needs %d bits", tokname(t, nb, sizeof nb),
                     rt == PX_T_PRED ? "pred" : "b", rb, wb);
                return 0;
            }
            r->kind = PX_R_REG;
            r->idx = slot;
            r->neg = (uint8_t)o->neg;
            if (o->neg && rt != PX_T_PRED) {
                PERR(t, "'!' on a register that is not a predicate");
                return 0;
            }
            return 1;
        }
        for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
            if (strlen(sregs[i].name) == t->len && !memcmp(sregs[i].name, t->s, t->len)) {
                if ((sregs[i].comps != 0) != (o->sreg_comp >= 0) || o->sreg_comp > 2) {
                    PERR(t, "special register %s %s", tokname(t, nb, sizeof nb),
                         sregs[i].comps ? "needs .x, .y or .z" : "has no component");
                    return 0;
                }
                int s = sregs[i].sreg + (o->sreg_comp > 0 && sregs[i].comps == 3 ? o->sreg_comp : 0);
                if (type && type != PX_T_NONE && (type == PX_T_PRED) != (sreg_width(s) == 1)) {
                    PERR(t, "special register %s is %s", tokname(t, nb, sizeof nb),
                         sreg_width(s) == 1 ? "a predicate" : "not a predicate");
                    return 0;
                }
                if (type && type != PX_T_NONE && type != PX_T_PRED && px_type_bits(type) != sreg_width(s) &&
                    !(sreg_width(s) == 32 && px_type_bits(type) == 64)) {
                    PERR(t, "special register %s is %d bits", tokname(t, nb, sizeof nb), sreg_width(s));
                    return 0;
                }
                r->kind = PX_R_SREG;
                r->idx = (uint32_t)s;
                return 1;
            }
        PERR(t, "undefined register %s", tokname(t, nb, sizeof nb));
        return 0;
    }
    px_sym *s = sym_find(P, t->s, t->len);
    if (!s) {
        PERR(t, "undefined name %s", tokname(t, nb, sizeof nb));
        return 0;
    }
    switch (s->kind) {
    case PX_S_SHARED:
        if (s->value == UINT64_MAX) { /* extern .shared: after the static bytes, known at launch */
            r->kind = PX_R_DYNSHARED;
            return 1;
        }
        /* fall through */
    case PX_S_GLOBAL:
        r->kind = PX_R_IMM;
        r->idx = imm_add(P, s->value);
        return P->st == WT_SUCCESS;
    case PX_S_LOCAL:
    case PX_S_FPARAM:
        r->kind = PX_R_LOCALSYM;
        r->idx = (uint32_t)s->value;
        return 1;
    case PX_S_TEXREF:
        r->kind = PX_R_TEXREF;
        r->idx = (uint32_t)s->value;
        return 1;
    case PX_S_SURFREF:
        r->kind = PX_R_SURFREF;
        r->idx = (uint32_t)s->value;
        return 1;
    case PX_S_SMPREF:
        r->kind = PX_R_SMPREF;
        r->idx = (uint32_t)s->value;
        return 1;
    case PX_S_FUNC: /* a function's address (indirect calls): window tag 3 */
        P->mod->funcs[s->value]->addr_taken = 1;
        r->kind = PX_R_IMM;
        r->idx = imm_add(P, ((uint64_t)3 << 60) | s->value);
        return P->st == WT_SUCCESS;
    default:
        PUNS(t, "the address of %s as a value", tokname(t, nb, sizeof nb));
        return 0;
    }
}

int wt__ptx_dst(px_parser *P, int oi, int type, px_ref *r)
{
    po *o = &P->ops[oi];
    memset(r, 0, sizeof *r);
    if (o->kind == PO_SINK)
        return 1;
    if (o->kind != PO_NAME || o->neg) {
        PERR(&o->tok, "expected a destination register");
        return 0;
    }
    uint32_t slot;
    int rt;
    char nb[80];
    if (!reg_lookup(P, o->tok.s, o->tok.len, &slot, &rt)) {
        for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
            if (strlen(sregs[i].name) == o->tok.len && !memcmp(sregs[i].name, o->tok.s, o->tok.len)) {
                PERR(&o->tok, "special register %s is read-only", tokname(&o->tok, nb, sizeof nb));
                return 0;
            }
        PERR(&o->tok, "undefined register %s", tokname(&o->tok, nb, sizeof nb));
        return 0;
    }
    int wb = px_type_bits(type), rb = px_type_bits(rt);
    if (type && (((type == PX_T_PRED) != (rt == PX_T_PRED)) || (wb != rb && type != PX_T_PRED))) {
        PERR(&o->tok, "register %s is %d bits wide, the instruction writes %d bits", tokname(&o->tok, nb, sizeof nb), rb,
             wb);
        return 0;
    }
    r->kind = PX_R_REG;
    r->idx = slot;
    return 1;
}

/* A register of any width (ld/st values, cvt): its width must be >= bits
 * for integer moves, or equal for floats. */
static int reg_width_of(px_parser *P, const px_ref *r)
{
    if (r->kind == PX_R_REG)
        return P->regtype[r->idx] == PX_T_PRED ? 1 : px_type_bits(P->regtype[r->idx]);
    if (r->kind == PX_R_SREG)
        return sreg_width((int)r->idx);
    return 64;
}

/* PTX ISA 6.4.2 (operand size exceeding instruction-type size): ld, ldu, st and cvt take a data
 * register at least as wide as the instruction type; a wider source is truncated to the type, a
 * wider destination gets the value sign-extended for a signed type and zero-extended otherwise.
 * Which register types go with which instruction types (ptxas enforces the same): a bit-size
 * register with any type; an integer register with bit-size and integer types; a floating-point
 * register with bit-size types, or a floating-point type of exactly its size. */
static int relaxed_size_ok(int rt, int it)
{
    if (rt == PX_T_PRED || it == PX_T_PRED)
        return rt == it;
    if (px_type_bits(rt) < px_type_bits(it))
        return 0;
    if (px_type_bitsize(rt))
        return 1;
    if (!px_type_float(rt))
        return !px_type_float(it);
    return px_type_bitsize(it) || (px_type_float(it) && px_type_bits(rt) == px_type_bits(it));
}
static const char *type_name(int t)
{
    static const char *const n[PX_T_COUNT] = {"none", "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8",
                                              "s16", "s32", "s64", "f16", "f16x2", "bf16", "f32", "f64", "pred",
                                              "b128"};
    return t >= 0 && t < PX_T_COUNT ? n[t] : "?";
}
/* A data register of ld/ldu/st/cvt/suld/sust (r: a register, or anything else, which passes) against
 * the rules above; a mismatch is a parse error naming both types. */
int wt__ptx_relaxed_operand(px_parser *P, int oi, const px_ref *r, int it, const char *role)
{
    if (r->kind != PX_R_REG)
        return 1;
    int rt = P->regtype[r->idx];
    if (relaxed_size_ok(rt, it))
        return 1;
    char nb[80];
    PERR(&P->ops[oi].tok, "%s register %s is .%s, which cannot %s .%s data", role,
         tokname(&P->ops[oi].tok, nb, sizeof nb), type_name(rt), *role == 'd' ? "receive" : "supply",
         type_name(it));
    return 0;
}

static int decode_addr(px_parser *P, int oi, px_insn *in)
{
    po *o = &P->ops[oi];
    if (o->kind != PO_ADDR || o->nsub != 1) {
        PERR(&o->tok, "expected an address [reg+offset] or [name+offset]");
        return 0;
    }
    po *b = &P->ops[o->sub[0]];
    px_addr *a = &in->addr;
    memset(a, 0, sizeof *a);
    a->off = o->off;
    in->has_addr = 1;
    if (b->kind == PO_NUM) {
        uint64_t v;
        if (!num_bits(P, &b->tok, b->minus, PX_T_U64, &v))
            return 0;
        a->sym = PX_SYM_ABS;
        a->symval = v;
        return 1;
    }
    if (b->kind != PO_NAME) {
        PERR(&b->tok, "expected a register or a variable name in an address");
        return 0;
    }
    uint32_t bslot;
    int brt;
    if (b->tok.s[0] == '%' || reg_lookup(P, b->tok.s, b->tok.len, &bslot, &brt)) {
        px_ref r;
        if (!wt__ptx_src(P, o->sub[0], PX_T_NONE, &r))
            return 0;
        int w = reg_width_of(P, &r);
        if (w != 32 && w != 64) {
            PERR(&b->tok, "an address register must be 32 or 64 bits");
            return 0;
        }
        a->base = r;
        return 1;
    }
    char nb[80];
    px_sym *s = sym_find(P, b->tok.s, b->tok.len);
    if (!s) {
        PERR(&b->tok, "undefined name %s", tokname(&b->tok, nb, sizeof nb));
        return 0;
    }
    switch (s->kind) {
    case PX_S_GLOBAL: a->sym = PX_SYM_ABS; break;
    case PX_S_SHARED: a->sym = PX_SYM_SHARED; break;
    case PX_S_LOCAL:
    case PX_S_FPARAM: a->sym = PX_SYM_LOCAL; break;
    case PX_S_KPARAM: a->sym = PX_SYM_KPARAM; break;
    default: PERR(&b->tok, "%s is not a variable", tokname(&b->tok, nb, sizeof nb)); return 0;
    }
    a->symval = s->value;
    /* bounds of the variable, known at load: an offset outside is a parse-time error */
    if (a->off < 0 || (s->size && (uint64_t)a->off >= s->size)) {
        PERR(&b->tok, "offset %lld is outside %s (%u bytes)", (long long)a->off, tokname(&b->tok, nb, sizeof nb),
             (unsigned)s->size);
        return 0;
    }
    return 1;
}

/* ---- instruction decoding (ALU, MEM, CTL) ---- */
typedef struct mods_t {
    int type[3], ntype;
    int space, to, rnd, rndi, cmp, lohi, bop, vec, flags, testp, aop, shfl, vote, prmt, comp, redop, policy;
} mods_t;

static int need_ops(px_parser *P, const px_token *opt, int lo, int hi)
{
    if (P->ntop < lo || P->ntop > hi) {
        if (lo == hi)
            PERR(opt, "expects %d operands, has %d", lo, P->ntop);
        else
            PERR(opt, "expects %d to %d operands, has %d", lo, hi, P->ntop);
        return 0;
    }
    return 1;
}

static int decode_alu(px_parser *P, px_insn *in, const px_token *opt, mods_t *m)
{
    int op = in->op;
    int t = m->ntype ? m->type[0] : PX_T_NONE;
    in->type = (uint8_t)t;
    in->rnd = (uint8_t)m->rnd;
    in->rndi = (uint8_t)m->rndi;
    in->cmp = (uint8_t)m->cmp;
    in->bop = (uint8_t)m->bop;
    in->lohi = (uint8_t)m->lohi;
    in->flags = (uint32_t)m->flags;
    in->to = (uint8_t)m->to;
    in->space = (uint8_t)m->space;
    int nsrc = 0;
    int dt = t, st = t;
    switch (op) {
    case PX_OP_mov:
    case PX_OP_abs: case PX_OP_neg: case PX_OP_not: case PX_OP_cnot: case PX_OP_popc: case PX_OP_clz:
    case PX_OP_brev: case PX_OP_rcp: case PX_OP_sqrt: case PX_OP_rsqrt: case PX_OP_sin: case PX_OP_cos:
    case PX_OP_lg2: case PX_OP_ex2: case PX_OP_tanh: case PX_OP_bfind:
        nsrc = 1;
        if (op == PX_OP_popc || op == PX_OP_clz || op == PX_OP_bfind)
            dt = PX_T_U32;
        break;
    case PX_OP_fns: /* fns.b32 d, mask, base, offset */
        nsrc = 3;
        break;
    case PX_OP_szext: /* szext.mode.type d, a, b; bmsk.mode.b32 d, a, b */
    case PX_OP_bmsk:
        nsrc = 2;
        if (!(m->flags & PX_F_CLAMP) == !(m->flags & PX_F_WRAP)) {
            PERR(opt, "%s needs .clamp or .wrap", op == PX_OP_szext ? "szext" : "bmsk");
            return 0;
        }
        break;
    case PX_OP_cvta:
        nsrc = 1;
        break;
    case PX_OP_cvt:
        nsrc = 1;
        if (m->ntype != 2) {
            PERR(opt, "cvt needs a destination and a source type");
            return 0;
        }
        dt = m->type[0];
        st = m->type[1];
        in->type2 = (uint8_t)st;
        if ((dt == PX_T_F16X2 || dt == PX_T_BF16X2) && st == PX_T_F32)
            nsrc = 2; /* cvt.rn.f16x2.f32 d, a, b: a to the upper half, b to the lower */
        break;
    case PX_OP_testp:
        nsrc = 1;
        dt = PX_T_PRED;
        in->sub = (uint8_t)m->testp;
        break;
    case PX_OP_add: case PX_OP_sub: case PX_OP_mul: case PX_OP_div: case PX_OP_rem: case PX_OP_min:
    case PX_OP_max: case PX_OP_and: case PX_OP_or: case PX_OP_xor: case PX_OP_shl: case PX_OP_shr:
    case PX_OP_mul24: case PX_OP_copysign:
        nsrc = 2;
        if (m->lohi == PX_WIDE)
            dt = t == PX_T_S16 ? PX_T_S32 : t == PX_T_U16 ? PX_T_U32 : t == PX_T_S32 ? PX_T_S64 : PX_T_U64;
        break;
    case PX_OP_addc: case PX_OP_subc:
        nsrc = 2;
        break;
    case PX_OP_dp4a: case PX_OP_dp2a:
        /* dp4a.atype.btype, dp2a.lo|hi.atype.btype: d and c are .s32 if either is signed */
        nsrc = 3;
        if (m->ntype != 2) {
            PERR(opt, "%s needs two source types", op == PX_OP_dp4a ? "dp4a" : "dp2a");
            return 0;
        }
        in->type2 = (uint8_t)m->type[1];
        dt = st = PX_T_B32;
        break;
    case PX_OP_mad: case PX_OP_madc: case PX_OP_fma: case PX_OP_mad24: case PX_OP_bfe: case PX_OP_selp:
        nsrc = 3;
        if (m->lohi == PX_WIDE)
            dt = t == PX_T_S16 ? PX_T_S32 : t == PX_T_U16 ? PX_T_U32 : t == PX_T_S32 ? PX_T_S64 : PX_T_U64;
        break;
    case PX_OP_bfi: nsrc = 4; break;
    case PX_OP_prmt: nsrc = 3; in->sub = (uint8_t)m->prmt; break;
    case PX_OP_lop3:
        nsrc = 4; /* a, b, c, immLut */
        if (m->bop) {
            PUNS(opt, "lop3 with a predicate output");
            return 0;
        }
        break;
    case PX_OP_shf:
        nsrc = 3;
        /* .l (SHFL 10) or .r (COMP r), .wrap or .clamp */
        if (!((m->shfl == 10) ^ (m->comp == 1)) || !(m->flags & (PX_F_WRAP | PX_F_CLAMP))) {
            PERR(opt, "shf needs .l or .r and .wrap or .clamp");
            return 0;
        }
        in->sub = (uint8_t)(m->shfl == 10 ? 1 : 2);
        break;
    case PX_OP_slct:
        nsrc = 3;
        if (m->ntype != 2) {
            PERR(opt, "slct needs two types");
            return 0;
        }
        in->type2 = (uint8_t)m->type[1];
        break;
    case PX_OP_setp:
    case PX_OP_set:
        nsrc = 2;
        if (op == PX_OP_set) {
            if (m->ntype != 2) {
                PERR(opt, "set needs a destination and a source type");
                return 0;
            }
            dt = m->type[0];
            st = m->type[1];
        } else {
            dt = PX_T_PRED;
        }
        in->type2 = (uint8_t)st;
        if (!m->cmp && m->lohi == PX_LO)
            m->cmp = PX_LO_;
        else if (!m->cmp && m->lohi == PX_HI)
            m->cmp = PX_HI_;
        in->cmp = (uint8_t)m->cmp;
        in->lohi = 0;
        if (!in->cmp) {
            PERR(opt, "%s needs a comparison (.eq .lt ...)", op == PX_OP_setp ? "setp" : "set");
            return 0;
        }
        if (m->bop)
            nsrc = 3;
        break;
    default:
        PUNS(opt, "opcode");
        return 0;
    }
    if (!t) {
        PERR(opt, "missing type");
        return 0;
    }
    if (op == PX_OP_setp && P->ntop >= 1 && P->ops[P->top[0]].pipe) {
        /* setp a|b: b gets the complement */
        if (!need_ops(P, opt, 1 + nsrc, 1 + nsrc))
            return 0;
        if (!wt__ptx_dst(P, P->top[0], PX_T_PRED, &in->dst[0]) ||
            !wt__ptx_dst(P, P->ops[P->top[0]].pipe, PX_T_PRED, &in->dst[1]))
            return 0;
        in->ndst = 2;
    } else if (op == PX_OP_mov && P->ntop == 2 && P->ops[P->top[0]].kind == PO_VEC) {
        /* mov.b64 {%r1, %r2}, %rd: unpack, element 0 from the low bits */
        po *v = &P->ops[P->top[0]];
        if (v->nsub < 2 || v->nsub > 4 || px_type_bits(t) % v->nsub || px_type_bits(t) / v->nsub < 8) {
            PERR(&v->tok, "bad vector for mov.%d", px_type_bits(t));
            return 0;
        }
        int eb = px_type_bits(t) / v->nsub;
        int et = eb == 8 ? PX_T_B8 : eb == 16 ? PX_T_B16 : PX_T_B32;
        for (int k = 0; k < v->nsub; k++)
            if (!wt__ptx_dst(P, v->sub[k], et == PX_T_B8 ? PX_T_NONE : et, &in->dst[k]))
                return 0;
        if (!wt__ptx_src(P, P->top[1], t, &in->src[0]))
            return 0;
        in->ndst = (uint8_t)v->nsub;
        in->nsrc = 1;
        in->sub = 2; /* unpack */
        return 1;
    } else {
        if (!need_ops(P, opt, 1 + nsrc, 1 + nsrc))
            return 0;
        int w = op == PX_OP_cvt || op == PX_OP_cvta || op == PX_OP_mov ? PX_T_NONE : dt;
        if (!wt__ptx_dst(P, P->top[0], w, &in->dst[0]))
            return 0;
        in->ndst = 1;
        if (op == PX_OP_cvt) {
            /* the one ALU instruction whose destination may be wider than its type */
            if (!wt__ptx_relaxed_operand(P, P->top[0], &in->dst[0], dt, "destination"))
                return 0;
            in->dst_bits[0] = (uint8_t)reg_width_of(P, &in->dst[0]);
        } else if (in->dst[0].kind == PX_R_REG && w == PX_T_NONE) {
            /* mov, cvta: the register has the type's width (only ld, ldu, st and cvt relax it) */
            int rw = reg_width_of(P, &in->dst[0]);
            int need = px_type_bits(dt);
            if (op == PX_OP_mov && P->ops[P->top[1]].kind == PO_VEC)
                need = rw;
            if (rw == 1 ? dt != PX_T_PRED : (dt == PX_T_PRED || rw != need)) {
                PERR(&P->ops[P->top[0]].tok, "destination register is %d bits, .%s needs %d", rw,
                     dt == PX_T_PRED ? "pred" : type_name(dt), need);
                return 0;
            }
        }
    }
    for (int i = 0; i < nsrc; i++) {
        int oi = P->top[1 + i];
        int want = st;
        if ((op == PX_OP_shl || op == PX_OP_shr) && i == 1)
            want = PX_T_U32;
        if (op == PX_OP_bfe && i > 0)
            want = PX_T_U32;
        if (op == PX_OP_bfi && i > 1)
            want = PX_T_U32;
        if (op == PX_OP_selp && i == 2)
            want = PX_T_PRED;
        if (op == PX_OP_slct && i == 2)
            want = in->type2;
        if ((op == PX_OP_setp || op == PX_OP_set) && i == 2)
            want = PX_T_PRED;
        if (op == PX_OP_shf && i == 2)
            want = PX_T_U32;
        if ((op == PX_OP_szext && i == 1) || (op == PX_OP_bmsk))
            want = PX_T_U32;
        if (op == PX_OP_fns && i == 2)
            want = PX_T_S32;
        if (op == PX_OP_lop3 && i == 3)
            want = PX_T_B32;
        if ((op == PX_OP_mad) && m->lohi == PX_WIDE && i == 2)
            want = dt;
        if (op == PX_OP_mov && P->ops[oi].kind == PO_VEC) {
            /* mov.b64 %rd, {%r1, %r2}: pack */
            po *v = &P->ops[oi];
            if (v->nsub < 2 || v->nsub > 4 || px_type_bits(t) % v->nsub) {
                PERR(&v->tok, "bad vector for mov.%d", px_type_bits(t));
                return 0;
            }
            int et = px_type_bits(t) / v->nsub == 8 ? PX_T_B8 : px_type_bits(t) / v->nsub == 16 ? PX_T_B16 : PX_T_B32;
            for (int k = 0; k < v->nsub; k++)
                if (!wt__ptx_src(P, v->sub[k], et, &in->src[k]))
                    return 0;
            in->nsrc = (uint8_t)v->nsub;
            in->sub = 1; /* pack */
            return 1;
        }

        if (op == PX_OP_cvta || op == PX_OP_cvt || op == PX_OP_mov) {
            /* sizes may differ for special registers, cvt sources of any integer width */
            if (!wt__ptx_src(P, oi, P->ops[oi].kind == PO_NUM ? st : PX_T_NONE, &in->src[i]))
                return 0;
            if (op == PX_OP_cvt) {
                /* a wider source is truncated to the type (cvt_lanes reads the type's bits) */
                if (!wt__ptx_relaxed_operand(P, oi, &in->src[i], st, "source"))
                    return 0;
            } else if (in->src[i].kind == PX_R_SREG && (reg_width_of(P, &in->src[i]) == 1) != (st == PX_T_PRED)) {
                PERR(&P->ops[oi].tok, "special register %s a predicate, .%s %s", st == PX_T_PRED ? "is not" : "is",
                     type_name(st), st == PX_T_PRED ? "needs one" : "is not");
                return 0;
            } else if (in->src[i].kind == PX_R_REG) {
                int rw = reg_width_of(P, &in->src[i]);
                int need = px_type_bits(st);
                if ((rw == 1) != (st == PX_T_PRED) || (rw != need && st != PX_T_PRED)) {
                    PERR(&P->ops[oi].tok, "source register is %d bits, .%s needs %d", rw,
                         st == PX_T_PRED ? "pred" : type_name(st), need);
                    return 0;
                }
            }
        } else if (!wt__ptx_src(P, oi, want, &in->src[i])) {
            return 0;
        }
    }
    in->nsrc = (uint8_t)nsrc;
    for (int i = 0; i < nsrc; i++)
        if (in->src[i].kind == PX_R_SREG && (in->src[i].idx == PX_SR_CLOCK || in->src[i].idx == PX_SR_CLOCK64 ||
                                             in->src[i].idx == PX_SR_GLOBALTIMER))
            in->reads_clock = 1;
    if (!wt__ptx_alu_supported(in)) {
        PUNS(opt, "this combination of type and modifiers");
        return 0;
    }
    return 1;
}

static int decode_mem(px_parser *P, px_insn *in, const px_token *opt, mods_t *m)
{
    int op = in->op;
    in->space = (uint8_t)m->space;
    in->vec = (uint8_t)(m->vec ? m->vec : 1);
    in->flags = (uint32_t)m->flags;
    in->aop = (uint8_t)(m->aop ? m->aop : m->bop == PX_BAND ? PX_A_AND : m->bop == PX_BOR ? PX_A_OR
                                                         : m->bop == PX_BXOR ? PX_A_XOR : 0);
    if (m->ntype != 1) {
        PERR(opt, "expects one type");
        return 0;
    }
    int t = m->type[0];
    in->type = (uint8_t)t;
    if (t == PX_T_PRED || t == PX_T_B128 || t == PX_T_F16X2 || t == PX_T_BF16 || t == PX_T_BF16X2) {
        PUNS(opt, "memory access of this type");
        return 0;
    }
    if (in->vec > 4) {
        PUNS(opt, ".v8");
        return 0;
    }
    /* .L2::cache_hint (ld, st, atom, red): a 64-bit cache policy (createpolicy's) comes last; it
     * is checked and ignored, as the other cache hints are */
    if (m->flags & PX_F_CACHE_HINT) {
        px_ref pol;
        if (P->ntop < 3) {
            PERR(opt, ".L2::cache_hint needs a cache-policy operand");
            return 0;
        }
        if (!wt__ptx_src(P, P->top[P->ntop - 1], PX_T_B64, &pol))
            return 0;
        P->ntop--;
    }
    if (op == PX_OP_ld || op == PX_OP_ldu) {
        if (!need_ops(P, opt, 2, 2) || !decode_addr(P, P->top[1], in))
            return 0;
        po *d = &P->ops[P->top[0]];
        int n = d->kind == PO_VEC ? d->nsub : 1;
        if (n != in->vec) {
            PERR(&d->tok, "%d destinations for a .v%d load", n, in->vec);
            return 0;
        }
        for (int k = 0; k < n; k++) {
            int oi = d->kind == PO_VEC ? d->sub[k] : P->top[0];
            if (!wt__ptx_dst(P, oi, PX_T_NONE, &in->dst[k]) || !wt__ptx_relaxed_operand(P, oi, &in->dst[k], t, "destination"))
                return 0;
            in->dst_bits[k] = (uint8_t)(in->dst[k].kind == PX_R_REG ? reg_width_of(P, &in->dst[k]) : 64);
        }
        in->ndst = (uint8_t)n;
        return 1;
    }
    if (op == PX_OP_st) {
        if (!need_ops(P, opt, 2, 2) || !decode_addr(P, P->top[0], in))
            return 0;
        po *s = &P->ops[P->top[1]];
        int n = s->kind == PO_VEC ? s->nsub : 1;
        if (n != in->vec) {
            PERR(&s->tok, "%d sources for a .v%d store", n, in->vec);
            return 0;
        }
        for (int k = 0; k < n; k++) {
            int oi = s->kind == PO_VEC ? s->sub[k] : P->top[1];
            if (!wt__ptx_src(P, oi, P->ops[oi].kind == PO_NUM ? t : PX_T_NONE, &in->src[k]) ||
                !wt__ptx_relaxed_operand(P, oi, &in->src[k], t, "source"))
                return 0;
        }
        in->nsrc = (uint8_t)n;
        return 1;
    }
    /* atom / red */
    if (!in->aop) {
        PERR(opt, "missing the operation (.add .min ...)");
        return 0;
    }
    if (in->space != PX_SP_GLOBAL && in->space != PX_SP_SHARED && in->space != PX_SP_GENERIC) {
        PUNS(opt, "atomics outside global, shared and generic memory");
        return 0;
    }
    int isatom = op == PX_OP_atom;
    int nsrc = in->aop == PX_A_CAS ? 2 : 1;
    if (!need_ops(P, opt, isatom + 1 + nsrc, isatom + 1 + nsrc))
        return 0;
    if (isatom && !wt__ptx_dst(P, P->top[0], t, &in->dst[0]))
        return 0;
    in->ndst = (uint8_t)isatom;
    if (!decode_addr(P, P->top[isatom], in))
        return 0;
    for (int k = 0; k < nsrc; k++)
        if (!wt__ptx_src(P, P->top[isatom + 1 + k], t, &in->src[k]))
            return 0;
    in->nsrc = (uint8_t)nsrc;
    int bits = px_type_bits(t);
    if ((bits != 32 && bits != 64) || (px_type_float(t) && in->aop != PX_A_ADD && in->aop != PX_A_EXCH &&
                                       in->aop != PX_A_MIN && in->aop != PX_A_MAX) ||
        ((in->aop == PX_A_INC || in->aop == PX_A_DEC) && t != PX_T_U32)) {
        PUNS(opt, "this atomic type and operation");
        return 0;
    }
    return 1;
}

static int label_index(px_parser *P, const char *s, size_t n)
{
    for (int i = 0; i < P->nlabels; i++)
        if (strlen(P->labels[i].name) == n && !memcmp(P->labels[i].name, s, n))
            return i;
    return -1;
}

static px_func *func_find(px_parser *P, const char *s, size_t n, int *idx)
{
    for (int i = 0; i < P->mod->nfuncs; i++)
        if (strlen(P->mod->funcs[i]->name) == n && !memcmp(P->mod->funcs[i]->name, s, n)) {
            if (idx)
                *idx = i;
            return P->mod->funcs[i];
        }
    return NULL;
}

static int decode_ctl(px_parser *P, px_insn *in, const px_token *opt, mods_t *m)
{
    int op = in->op;
    in->flags = (uint32_t)m->flags;
    char nb[80];
    switch (op) {
    case PX_OP_bra: {
        if (!need_ops(P, opt, 1, 1))
            return 0;
        po *o = &P->ops[P->top[0]];
        uint32_t bs;
        int bt;
        if (o->kind != PO_NAME || o->tok.s[0] == '%' || reg_lookup(P, o->tok.s, o->tok.len, &bs, &bt)) {
            PERR(&o->tok, "bra needs a label");
            return 0;
        }
        if (!GROW(P->fix, P->cap_fix, P->nfix + 1))
            return OOM(), 0;
        P->fix[P->nfix].name = dupn(o->tok.s, o->tok.len);
        if (!P->fix[P->nfix].name)
            return OOM(), 0;
        P->fix[P->nfix].insn = P->ncode;
        P->fix[P->nfix].tok = o->tok;
        P->fix[P->nfix].tbl = 0;
        P->nfix++;
        return 1;
    }
    case PX_OP_brx: {
        /* brx.idx{.uni} index, tlist: tlist names a .branchtargets list of this function */
        if (!need_ops(P, opt, 2, 2) || !wt__ptx_src(P, P->top[0], PX_T_U32, &in->src[0]))
            return 0;
        in->nsrc = 1;
        po *o = &P->ops[P->top[1]];
        px_sym *tl = o->kind == PO_NAME ? sym_find(P, o->tok.s, o->tok.len) : NULL;
        if (!tl || tl->kind != PX_S_BRXLIST) {
            PERR(&o->tok, "brx.idx needs the label of a .branchtargets list declared before it");
            return 0;
        }
        in->target = (uint32_t)tl->value;
        in->ntarget = tl->size;
        return 1;
    }
    case PX_OP_ret:
    case PX_OP_exit:
    case PX_OP_trap:
    case PX_OP_membar:
    case PX_OP_fence:
        return need_ops(P, opt, 0, 0);
    case PX_OP_prefetch:
    case PX_OP_prefetchu: /* hints: the address is decoded, nothing is read */
        in->space = (uint8_t)m->space;
        return need_ops(P, opt, 1, 1) && decode_addr(P, P->top[0], in);
    case PX_OP_createpolicy: {
        /* createpolicy.fractional.L2::p{.L2::s}.b64 d{, fraction}
         * createpolicy.range{.global}.L2::p{.L2::s}.b64 d, [a], primary-size, total-size
         * createpolicy.cvt.L2.b64 d, access-property */
        static const int nops[4][2] = {{0, 0}, {1, 2}, {4, 4}, {2, 2}};
        if (!m->policy || m->ntype != 1 || m->type[0] != PX_T_B64) {
            PERR(opt, "createpolicy needs .fractional, .range or .cvt and .b64");
            return 0;
        }
        if (!need_ops(P, opt, nops[m->policy][0], nops[m->policy][1]) ||
            !wt__ptx_dst(P, P->top[0], PX_T_B64, &in->dst[0]))
            return 0;
        in->ndst = 1;
        in->sub = (uint8_t)m->policy;
        if (m->policy == 1 && P->ntop == 2 && !wt__ptx_src(P, P->top[1], PX_T_F32, &in->src[0]))
            return 0;
        if (m->policy == 2 && (!decode_addr(P, P->top[1], in) || !wt__ptx_src(P, P->top[2], PX_T_B32, &in->src[0]) ||
                               !wt__ptx_src(P, P->top[3], PX_T_B32, &in->src[1])))
            return 0;
        if (m->policy == 3 && !wt__ptx_src(P, P->top[1], PX_T_B64, &in->src[0]))
            return 0;
        in->nsrc = (uint8_t)(P->ntop - 1 - (m->policy == 2));
        return 1;
    }
    case PX_OP_nanosleep:
        return need_ops(P, opt, 1, 1) && wt__ptx_src(P, P->top[0], PX_T_U32, &in->src[0]) && (in->nsrc = 1);
    case PX_OP_bar:
    case PX_OP_barrier:
        if (op == PX_OP_bar && (m->flags & PX_F_WARP)) {
            /* bar.warp.sync membermask (__syncwarp): the warp's lanes meet; no block barrier */
            if (!(m->flags & PX_F_SYNC)) {
                PERR(opt, "bar.warp needs .sync");
                return 0;
            }
            return need_ops(P, opt, 1, 1) && wt__ptx_src(P, P->top[0], PX_T_B32, &in->src[0]) && (in->nsrc = 1);
        }
        if (m->flags & PX_F_ARRIVE) {
            PUNS(opt, "bar.arrive");
            return 0;
        }
        if (m->flags & PX_F_RED) {
            /* bar.red.popc.u32 d, a{, b}, {!}c; bar.red.and|or.pred p, a{, b}, {!}c: a reduction of c
             * over the block's threads at the barrier (popc: in->sub 1, and 2, or 3) */
            int t = m->ntype == 1 ? m->type[0] : PX_T_NONE;
            in->sub = (uint8_t)(m->redop == 1 ? 1 : m->bop == PX_BAND ? 2 : m->bop == PX_BOR ? 3 : 0);
            if (!in->sub || (m->redop == 1 && m->bop) || t != (in->sub == 1 ? PX_T_U32 : PX_T_PRED)) {
                PERR(opt, "bar.red needs .popc.u32, .and.pred or .or.pred");
                return 0;
            }
            if (!need_ops(P, opt, 3, 4) || !wt__ptx_dst(P, P->top[0], t, &in->dst[0]))
                return 0;
            in->ndst = 1;
            for (int i = 1; i < P->ntop; i++)
                if (!wt__ptx_src(P, P->top[i], i == P->ntop - 1 ? PX_T_PRED : PX_T_U32, &in->src[i - 1]))
                    return 0;
            in->nsrc = (uint8_t)(P->ntop - 1);
            return 1;
        }
        if (!need_ops(P, opt, 0, 2))
            return 0;
        /* barrier 0 (or any id): the whole block; a thread count must be the block's (checked at launch) */
        for (int i = 0; i < P->ntop; i++)
            if (!wt__ptx_src(P, P->top[i], PX_T_U32, &in->src[i]))
                return 0;
        in->nsrc = (uint8_t)P->ntop;
        return 1;
    case PX_OP_activemask:
        return need_ops(P, opt, 1, 1) && wt__ptx_dst(P, P->top[0], PX_T_B32, &in->dst[0]) && (in->ndst = 1);
    case PX_OP_vote: {
        in->sub = (uint8_t)m->vote;
        int t = m->ntype ? m->type[0] : 0;
        if (!(m->flags & PX_F_SYNC) || (in->sub == 3 ? t != PX_T_B32 : t != PX_T_PRED)) {
            PUNS(opt, "vote without .sync or with a wrong type");
            return 0;
        }
        if (!need_ops(P, opt, 3, 3) || !wt__ptx_dst(P, P->top[0], (uint8_t)t, &in->dst[0]) ||
            !wt__ptx_src(P, P->top[1], PX_T_PRED, &in->src[0]) || !wt__ptx_src(P, P->top[2], PX_T_B32, &in->src[1]))
            return 0;
        in->ndst = 1;
        in->nsrc = 2;
        return 1;
    }
    case PX_OP_shfl: {
        in->sub = (uint8_t)m->shfl;
        if (!(m->flags & PX_F_SYNC) || m->ntype != 1 || m->type[0] != PX_T_B32) {
            PUNS(opt, "shfl without .sync.b32");
            return 0;
        }
        if (!need_ops(P, opt, 5, 5))
            return 0;
        if (!wt__ptx_dst(P, P->top[0], PX_T_B32, &in->dst[0]))
            return 0;
        if (P->ops[P->top[0]].pipe && !wt__ptx_dst(P, P->ops[P->top[0]].pipe, PX_T_PRED, &in->dst[1]))
            return 0;
        for (int i = 0; i < 4; i++)
            if (!wt__ptx_src(P, P->top[1 + i], PX_T_B32, &in->src[i]))
                return 0;
        in->ndst = 2;
        in->nsrc = 4;
        return 1;
    }
    case PX_OP_call: {
        /* call[.uni] [(ret),] fname [, (args)] */
        int k = 0, ret = -1, args = -1;
        if (P->ntop >= 1 && P->ops[P->top[0]].kind == PO_LIST) {
            ret = P->top[0];
            k = 1;
        }
        if (k >= P->ntop || P->ops[P->top[k]].kind != PO_NAME) {
            PERR(opt, "call needs a function name");
            return 0;
        }
        po *fo = &P->ops[P->top[k]];
        uint32_t fslot;
        int frt;
        int indirect = fo->tok.s[0] == '%' || reg_lookup(P, fo->tok.s, fo->tok.len, &fslot, &frt);
        int nexp = P->ntop;
        if (indirect) {
            /* call %rd, (args), prototype: the callee is a function address in a register */
            po *pr = &P->ops[P->top[P->ntop - 1]];
            px_sym *ps = pr->kind == PO_NAME ? sym_find(P, pr->tok.s, pr->tok.len) : NULL;
            if (!ps || ps->kind != PX_S_PROTO) {
                PERR(&pr->tok, "an indirect call needs a .callprototype label last");
                return 0;
            }
            nexp--;
        }
        if (k + 1 < nexp) {
            args = P->top[k + 1];
            if (P->ops[args].kind != PO_LIST || k + 2 != nexp) {
                PERR(&P->ops[args].tok, "call arguments must be a (list)");
                return 0;
            }
        }
        if (indirect) {
            if (!wt__ptx_src(P, P->top[k], PX_T_B64, &in->src[0]))
                return 0;
            in->nsrc = 1;
            in->target = UINT32_MAX;
            in->call_ret_off = -1;
            if (ret >= 0) {
                po *r = P->ops[ret].nsub == 1 ? &P->ops[P->ops[ret].sub[0]] : NULL;
                px_sym *s = r && r->kind == PO_NAME ? sym_find(P, r->tok.s, r->tok.len) : NULL;
                if (!s || s->kind != PX_S_FPARAM) {
                    PERR(&P->ops[ret].tok, "the return value must be one .param variable");
                    return 0;
                }
                in->call_ret_off = (int32_t)s->value;
            }
            int nargs = args >= 0 ? P->ops[args].nsub : 0;
            if (!GROW(P->callargs, P->cap_callargs, P->ncallargs + (uint32_t)nargs + 1))
                return OOM(), 0;
            in->call_args = P->ncallargs;
            in->call_nargs = (uint32_t)nargs;
            for (int i = 0; i < nargs; i++) {
                po *a = &P->ops[P->ops[args].sub[i]];
                px_sym *s = a->kind == PO_NAME ? sym_find(P, a->tok.s, a->tok.len) : NULL;
                if (!s || s->kind != PX_S_FPARAM) {
                    PUNS(&a->tok, "call arguments other than .param variables");
                    return 0;
                }
                P->callargs[P->ncallargs].from = (uint32_t)s->value;
                P->callargs[P->ncallargs].to = UINT32_MAX; /* the callee's, at run time */
                P->callargs[P->ncallargs].size = s->size;
                P->ncallargs++;
            }
            return 1;
        }
        int fidx;
        px_func *f = func_find(P, fo->tok.s, fo->tok.len, &fidx);
        if (!f) {
            PERR(&fo->tok, "call to undeclared function %s", tokname(&fo->tok, nb, sizeof nb));
            return 0;
        }
        if (f->is_entry) {
            PERR(&fo->tok, "call to a kernel entry");
            return 0;
        }
        in->target = (uint32_t)fidx;
        int nargs = args >= 0 ? P->ops[args].nsub : 0;
        if (nargs != f->nparams) {
            PERR(&fo->tok, "%s takes %d parameters, the call passes %d", f->name, f->nparams, nargs);
            return 0;
        }
        in->call_ret_off = -1;
        if (ret >= 0) {
            if (P->ops[ret].nsub != 1 || f->ret.size == 0) {
                PERR(&P->ops[ret].tok, "return value count does not match %s", f->name);
                return 0;
            }
            po *r = &P->ops[P->ops[ret].sub[0]];
            px_sym *s = r->kind == PO_NAME ? sym_find(P, r->tok.s, r->tok.len) : NULL;
            if (!s || s->kind != PX_S_FPARAM || s->size < f->ret.size) {
                PERR(&r->tok, "the return value must be a .param variable of at least %u bytes", f->ret.size);
                return 0;
            }
            in->call_ret_off = (int32_t)s->value;
        } else if (f->ret.size) {
            in->call_ret_off = -2; /* result dropped */
        }
        if (!GROW(P->callargs, P->cap_callargs, P->ncallargs + (uint32_t)nargs + 1))
            return OOM(), 0;
        in->call_args = P->ncallargs;
        in->call_nargs = (uint32_t)nargs;
        for (int i = 0; i < nargs; i++) {
            po *a = &P->ops[P->ops[args].sub[i]];
            px_sym *s = a->kind == PO_NAME ? sym_find(P, a->tok.s, a->tok.len) : NULL;
            if (!s || s->kind != PX_S_FPARAM) {
                PUNS(&a->tok, "call arguments other than .param variables");
                return 0;
            }
            if (s->size < f->params[i].size) {
                PERR(&a->tok, "argument %d is %u bytes, %s expects %u", i, s->size, f->name, f->params[i].size);
                return 0;
            }
            P->callargs[P->ncallargs].from = (uint32_t)s->value;
            P->callargs[P->ncallargs].to = f->params[i].offset;
            P->callargs[P->ncallargs].size = f->params[i].size;
            P->ncallargs++;
        }
        return 1;
    }
    default:
        PUNS(opt, "opcode");
        return 0;
    }
}

static int parse_instruction(px_parser *P, px_token *first)
{
    px_insn in;
    memset(&in, 0, sizeof in);
    in.line = first->line;
    px_token *t = first;
    char nb[80];
    if (is_p(t, '@')) {
        t = next(P);
        int neg = 0;
        if (is_p(t, '!')) {
            neg = 1;
            t = next(P);
        }
        if (P->st)
            return 0;
        uint32_t slot;
        int rt;
        if (t->kind != PX_TK_IDENT || !reg_lookup(P, t->s, t->len, &slot, &rt)) {
            PERR(t, "undefined guard predicate");
            return 0;
        }
        if (rt != PX_T_PRED) {
            PERR(t, "the guard %s is not a predicate", tokname(t, nb, sizeof nb));
            return 0;
        }
        in.guard.kind = PX_R_REG;
        in.guard.idx = slot;
        in.guard.neg = (uint8_t)neg;
        t = next(P);
        if (P->st)
            return 0;
    }
    if (t->kind != PX_TK_IDENT) {
        PERR(t, "expected an instruction");
        return 0;
    }
    px_token opt = *t;
    int op = -1;
    for (size_t i = 0; i < sizeof opcodes / sizeof opcodes[0]; i++)
        if (strlen(opcodes[i].s) == t->len && !memcmp(opcodes[i].s, t->s, t->len))
            op = (int)i;
    if (op < 0) {
        /* legal PTX that warptex does not run (ptx_known.def): unsupported, not malformed; the
         * message names it with its modifiers (wgmma.mma_async...) */
        static const char *const known[] = {
#define K(name) #name,
#include "ptx_known.def"
#undef K
        };
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            if (strlen(known[i]) == t->len && !memcmp(known[i], t->s, t->len)) {
                px_token at = *t;
                char full[160];
                tokname(t, full, sizeof full);
                size_t n = strlen(full);
                while (peek(P)->kind == PX_TK_DIRECTIVE && peek(P)->glued && n + peek(P)->len < sizeof full) {
                    px_token *d = next(P);
                    memcpy(full + n, d->s, d->len);
                    n += d->len;
                    full[n] = 0;
                }
                PUNS(&at, "%s is not supported", full);
                return 0;
            }
        PERR(t, "unknown opcode %s", tokname(t, nb, sizeof nb));
        return 0;
    }
    in.op = (uint16_t)op;
    /* modifiers */
    mods_t m;
    memset(&m, 0, sizeof m);
    int mk[16], mv[16], nm = 0;
    while (peek(P)->kind == PX_TK_DIRECTIVE && peek(P)->glued) {
        t = next(P);
        int k, v;
        if (!wt__ptx_mod_lookup(t->s + 1, t->len - 1, &k, &v)) {
            PUNS(t, "unknown modifier %s", tokname(t, nb, sizeof nb));
            return 0;
        }
        if (nm >= 16) {
            PERR(t, "too many modifiers");
            return 0;
        }
        mk[nm] = k;
        mv[nm++] = v;
        switch (k) {
        case PX_MK_TYPE:
            if (m.ntype >= 3) {
                PERR(t, "too many types");
                return 0;
            }
            m.type[m.ntype++] = v;
            break;
        case PX_MK_SPACE: m.space = v; break;
        case PX_MK_TO: m.to = 1; break;
        case PX_MK_RND: m.rnd = v; break;
        case PX_MK_RNDI: m.rndi = v; break;
        case PX_MK_CMP: m.cmp = v; break;
        case PX_MK_LOHI: m.lohi = v; break;
        case PX_MK_BOOL: m.bop = v; break;
        case PX_MK_VEC: m.vec = v; break;
        case PX_MK_FLAG: if (v != PX_F_IGNORED) m.flags |= v; break;
        case PX_MK_TESTP: m.testp = v; break;
        case PX_MK_ATOM: m.aop = v; break;
        case PX_MK_SHFL: m.shfl = v; break;
        case PX_MK_VOTE: m.vote = v; break;
        case PX_MK_PRMT: m.prmt = v; break;
        case PX_MK_COMP: m.comp = v + 1; break;
        case PX_MK_REDOP: m.redop = v; break;
        case PX_MK_POLICY: m.policy = v; break;
        default: break;
        }
    }
    /* operands */
    P->nops = 0;
    P->ntop = 0;
    if (!is_p(peek(P), ';')) {
        for (;;) {
            int o = parse_operand(P);
            if (o < 0)
                return 0;
            if (P->ntop >= 8) {
                PERR(&P->tok, "too many operands");
                return 0;
            }
            P->top[P->ntop++] = o;
            t = next(P);
            if (P->st)
                return 0;
            if (is_p(t, ';'))
                break;
            if (!is_p(t, ',')) {
                PERR(t, "expected ',' or ';'");
                return 0;
            }
        }
    } else {
        next(P);
    }
    int ok;
    if (wt__ptx_video_op(op)) {
        ok = wt__ptx_decode_video(P, &in, &opt, mk, mv, nm);
    } else {
        for (int i = 0; i < P->nops; i++)
            if (P->ops[i].vsel) {
                PERR(&P->ops[i].tok, "a selector (.%c...) on an operand of an instruction that is not a video one",
                     P->ops[i].vsel);
                return 0;
            }
        ok = 1;
    }
    if (!ok || P->st)
        return 0;
    switch (wt__ptx_video_op(op) ? -1 : (int)opcodes[op].cls) {
    case -1: break;
    case PX_CLS_ALU: ok = decode_alu(P, &in, &opt, &m); break;
    case PX_CLS_MEM: ok = decode_mem(P, &in, &opt, &m); break;
    case PX_CLS_CTL: ok = decode_ctl(P, &in, &opt, &m); break;
    default: ok = wt__ptx_decode_tex(P, &in, &opt, mk, mv, nm); break;
    }
    if (!ok || P->st)
        return 0;
    in.run = wt__ptx_executor(&in);
    if (!GROW(P->code, P->cap_code, P->ncode + 1))
        return OOM(), 0;
    P->code[P->ncode++] = in;
    return 1;
}

/* ---- declarations ---- */
typedef struct decl_t {
    int space, align, type, ptr;
    px_token name;
    uint64_t count; /* array elements, 1 for a scalar */
    int is_array, unsized;
} decl_t;

/* [.align N] [.ptr [.space] [.align N]] type name [ '[' N? ']' ]... */
static int parse_decl(px_parser *P, decl_t *d)
{
    memset(d, 0, sizeof *d);
    d->count = 1;
    for (;;) {
        px_token *t = next(P);
        if (P->st)
            return 0;
        if (is_w(t, ".align")) {
            uint64_t a;
            if (!tok_int(P, next(P), &a))
                return 0;
            if (a == 0 || (a & (a - 1)) || a > 4096) {
                PERR(&P->tok, "alignment must be a power of two up to 4096");
                return 0;
            }
            if ((int)a > d->align)
                d->align = (int)a;
            continue;
        }
        if (is_w(t, ".ptr") || is_w(t, ".global") || is_w(t, ".shared") || is_w(t, ".local") ||
            is_w(t, ".const") || is_w(t, ".v2") || is_w(t, ".v4")) {
            if (is_w(t, ".v2") || is_w(t, ".v4")) {
                d->count *= (uint64_t)(t->s[2] - '0');
            }
            continue;
        }
        if (t->kind == PX_TK_DIRECTIVE) {
            int k, v;
            if (!wt__ptx_mod_lookup(t->s + 1, t->len - 1, &k, &v) || k != PX_MK_TYPE) {
                PUNS(t, "declaration attribute");
                return 0;
            }
            d->type = v;
            continue;
        }
        if (t->kind == PX_TK_IDENT) {
            if (!d->type) {
                PERR(t, "declaration without a type");
                return 0;
            }
            d->name = *t;
            break;
        }
        PERR(t, "expected a declaration");
        return 0;
    }
    while (is_p(peek(P), '[')) {
        next(P);
        d->is_array = 1;
        if (is_p(peek(P), ']')) {
            next(P);
            d->unsized = 1;
            continue;
        }
        uint64_t n;
        if (!tok_int(P, next(P), &n))
            return 0;
        if (n == 0 || n > (1u << 30) || d->count > (1ull << 31) / n) {
            PERR(&P->tok, "array size out of range");
            return 0;
        }
        d->count *= n;
        if (!expect_p(P, ']'))
            return 0;
    }
    if (!d->align)
        d->align = px_type_bits(d->type) >= 8 ? px_type_bits(d->type) / 8 : 1;
    return 1;
}
static uint64_t decl_bytes(const decl_t *d)
{
    int b = d->type == PX_T_PRED ? 8 : px_type_bits(d->type);
    return d->unsized ? 0 : d->count * (uint64_t)(b / 8);
}
static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

/* Frame space in the current function (locals, call params). */
static int frame_alloc(px_parser *P, const px_token *t, uint64_t bytes, int align, uint32_t *off)
{
    uint32_t o = align_up(P->fn->frame_size, (uint32_t)align);
    if (bytes > WT_PTX_SPACE_LIMIT || o + bytes > WT_PTX_SPACE_LIMIT) {
        PUNS(t, "more than 16 MiB of local memory per thread");
        return 0;
    }
    *off = o;
    P->fn->frame_size = o + (uint32_t)bytes;
    return 1;
}

/* Module data: initialisers { a, b, ... } or a scalar. */
static int parse_init(px_parser *P, const decl_t *d, uint8_t *dst, uint64_t bytes)
{
    int eb = px_type_bits(d->type) / 8;
    uint64_t k = 0;
    int braces = 0;
    if (is_p(peek(P), '{')) {
        next(P);
        braces = 1;
    }
    for (;;) {
        px_token *t = next(P);
        if (P->st)
            return 0;
        if (braces && is_p(t, '}'))
            break;
        if (is_p(t, '{')) {
            braces++;
            continue;
        }
        int minus = 0;
        if (is_p(t, '-')) {
            minus = 1;
            t = next(P);
        }
        if (t->kind != PX_TK_NUMBER) {
            PUNS(t, "initialiser other than numbers");
            return 0;
        }
        uint64_t v;
        if (!num_bits(P, t, minus, d->type, &v))
            return 0;
        if ((k + 1) * (uint64_t)eb > bytes) {
            PERR(t, "too many initialisers");
            return 0;
        }
        memcpy(dst + k * (uint64_t)eb, &v, (size_t)eb); /* little-endian hosts (x86-64, aarch64) */
        k++;
        t = next(P);
        if (P->st)
            return 0;
        while (braces && is_p(t, '}')) {
            braces--;
            if (!braces)
                return 1;
            t = next(P);
        }
        if (!braces) {
            P->have_peek = 1;
            P->peek = *t;
            return 1;
        }
        if (!is_p(t, ',')) {
            PERR(t, "expected ',' or '}'");
            return 0;
        }
    }
    return 1;
}

static int add_range(struct wt_module_s *m, void *p, size_t n, int writable);

static int parse_module_var(px_parser *P, int space)
{
    /* texref / surfref / samplerref */
    px_token *pk = peek(P);
    if (is_w(pk, ".texref") || is_w(pk, ".surfref") || is_w(pk, ".samplerref")) {
        next(P);
        int kind = is_w(&P->tok, ".texref") ? WT_TYPE_TEXREF : is_w(&P->tok, ".surfref") ? WT_TYPE_SURFREF : WT_TYPE_SAMPLERREF;
        px_token *nt = next(P);
        if (P->st)
            return 0;
        if (nt->kind != PX_TK_IDENT) {
            PERR(nt, "expected a name");
            return 0;
        }
        if (sym_find(P, nt->s, nt->len)) {
            PERR(nt, "redefinition");
            return 0;
        }
        struct wt_module_s *m = P->mod;
        px_binding *nb2 = realloc(m->binds, (size_t)(m->nbinds + 1) * sizeof *nb2);
        if (!nb2)
            return OOM(), 0;
        m->binds = nb2;
        px_binding *b = &m->binds[m->nbinds];
        memset(b, 0, sizeof *b);
        b->name = dupn(nt->s, nt->len);
        if (!b->name)
            return OOM(), 0;
        b->kind = kind;
        m->nbinds++;
        if (!sym_add(P, nt, kind == WT_TYPE_TEXREF ? PX_S_TEXREF : kind == WT_TYPE_SURFREF ? PX_S_SURFREF : PX_S_SMPREF,
                     (uint64_t)(m->nbinds - 1), 0))
            return 0;
        wt_sampler_desc sd;
        memset(&sd, 0, sizeof sd);
        int has_init = 0;
        if (is_p(peek(P), '=')) {
            next(P);
            if (!expect_p(P, '{'))
                return 0;
            has_init = 1;
            for (;;) {
                px_token *f = next(P);
                if (P->st)
                    return 0;
                if (is_p(f, '}'))
                    break;
                px_token field = *f;
                if (field.kind != PX_TK_IDENT || !expect_p(P, '='))
                    return field.kind != PX_TK_IDENT ? (PERR(&field, "expected a field name"), 0) : 0;
                px_token *v = next(P);
                if (P->st)
                    return 0;
                px_token val = *v;
                int axis = -1;
                if (is_w(&field, "addr_mode_0")) axis = 0;
                else if (is_w(&field, "addr_mode_1")) axis = 1;
                else if (is_w(&field, "addr_mode_2")) axis = 2;
                if (axis >= 0) {
                    int mode = is_w(&val, "wrap") ? WT_ADDRESS_WRAP : is_w(&val, "mirror") ? WT_ADDRESS_MIRROR
                             : is_w(&val, "clamp_to_edge") ? WT_ADDRESS_CLAMP : is_w(&val, "clamp_to_border") ? WT_ADDRESS_BORDER
                             : is_w(&val, "clamp_ogl") ? WT_ADDRESS_CLAMP_OGL : -1;
                    if (mode < 0) {
                        PERR(&val, "unknown address mode");
                        return 0;
                    }
                    sd.address_mode[axis] = (wt_address_mode)mode;
                } else if (is_w(&field, "filter_mode")) {
                    if (is_w(&val, "nearest")) sd.filter_mode = WT_FILTER_POINT;
                    else if (is_w(&val, "linear")) sd.filter_mode = WT_FILTER_LINEAR;
                    else { PERR(&val, "unknown filter mode"); return 0; }
                } else if (is_w(&field, "force_unnormalized_coords") || is_w(&field, "normalized_coords")) {
                    uint64_t n;
                    if (!tok_int(P, &val, &n))
                        return 0;
                    if (is_w(&field, "force_unnormalized_coords"))
                        sd.force_unnormalized_coords = n != 0;
                    /* normalized_coords describes a texref: the bound object's own setting rules */
                } else if (is_w(&field, "width") || is_w(&field, "height") || is_w(&field, "depth") ||
                           is_w(&field, "channel_data_type") || is_w(&field, "channel_order")) {
                    /* texref/surfref descriptive fields: the bound object's own values rule */
                } else {
                    PERR(&field, "unknown field");
                    return 0;
                }
                px_token *sep = next(P);
                if (P->st)
                    return 0;
                if (is_p(sep, '}'))
                    break;
                if (!is_p(sep, ',')) {
                    PERR(sep, "expected ',' or '}'");
                    return 0;
                }
            }
        }
        if (kind == WT_TYPE_SAMPLERREF && has_init) {
            wt_sampler s;
            wt_status st = wt_create_sampler_object(&s, &sd);
            if (st != WT_SUCCESS)
                return wt__ptx_err(P, nt, st, "sampler initialiser: %s", wt_last_error_message()), 0;
            m->binds[m->nbinds - 1].handle = s;
            m->binds[m->nbinds - 1].owned = 1;
        }
        return expect_p(P, ';');
    }
    decl_t d;
    if (!parse_decl(P, &d))
        return 0;
    if (sym_find(P, d.name.s, d.name.len)) {
        PERR(&d.name, "redefinition");
        return 0;
    }
    uint64_t bytes = decl_bytes(&d);
    if (space == PX_SP_SHARED) {
        uint32_t o;
        if (d.unsized) {
            o = 0; /* dynamic: placed after static shared at launch (value patched below) */
            if (!sym_add(P, &d.name, PX_S_SHARED, UINT64_MAX, 0))
                return 0;
        } else {
            o = align_up(P->mod->shared_static, (uint32_t)d.align);
            if (o + bytes > WT_PTX_SPACE_LIMIT) {
                PUNS(&d.name, "more than 16 MiB of shared memory");
                return 0;
            }
            P->mod->shared_static = o + (uint32_t)bytes;
            if (!sym_add(P, &d.name, PX_S_SHARED, o, (uint32_t)bytes))
                return 0;
        }
        return expect_p(P, ';');
    }
    if (space == PX_SP_LOCAL) {
        PUNS(&d.name, "module-scope .local");
        return 0;
    }
    if (d.unsized || bytes == 0) {
        PUNS(&d.name, "external or unsized .global/.const data");
        return 0;
    }
    uint8_t *mem = wt__alloc((size_t)bytes);
    if (!mem)
        return OOM(), 0;
    if (!add_range(P->mod, mem, (size_t)bytes, space == PX_SP_GLOBAL)) {
        wt__free(mem);
        return OOM(), 0;
    }
    if (!sym_add(P, &d.name, PX_S_GLOBAL, (uint64_t)(uintptr_t)mem, (uint32_t)bytes))
        return 0;
    if (is_p(peek(P), '=')) {
        next(P);
        if (!parse_init(P, &d, mem, bytes))
            return 0;
    }
    return expect_p(P, ';');
}

/* ---- functions ---- */
static int parse_param(px_parser *P, px_param *pp, int is_entry)
{
    px_token *t = next(P);
    if (P->st)
        return 0;
    if (!is_w(t, ".param") && !(is_w(t, ".reg"))) {
        PERR(t, "expected .param");
        return 0;
    }
    if (is_w(t, ".reg")) {
        PUNS(t, ".reg parameters");
        return 0;
    }
    decl_t d;
    if (!parse_decl(P, &d))
        return 0;
    if (d.unsized) {
        PUNS(&d.name, "unsized parameter");
        return 0;
    }
    pp->name = dupn(d.name.s, d.name.len);
    if (!pp->name)
        return OOM(), 0;
    if (decl_bytes(&d) > WT_PTX_SPACE_LIMIT) {
        PUNS(&d.name, "a parameter of more than 16 MiB");
        return 0;
    }
    pp->size = (uint32_t)decl_bytes(&d);
    pp->align = (uint32_t)d.align;
    (void)is_entry;
    return 1;
}

static void func_free(px_func *f)
{
    if (!f)
        return;
    for (int i = 0; i < f->nparams; i++)
        free(f->params[i].name);
    free(f->params);
    free(f->ret.name);
    free(f->name);
    free(f->code);
    free(f->callargs);
    free(f->brx);
    free(f);
}

static int body_reset(px_parser *P)
{
    P->nregs = 0;
    P->ncode = 0;
    for (int i = 0; i < P->nlabels; i++)
        free(P->labels[i].name);
    P->nlabels = 0;
    for (int i = 0; i < P->nfix; i++)
        free(P->fix[i].name);
    P->nfix = 0;
    P->ncallargs = 0;
    P->nbrx = 0;
    return 1;
}

static int parse_body(px_parser *P)
{
    int depth = 1;
    int scope_syms[64], scope_regs[64];
    scope_syms[0] = P->nsyms;
    scope_regs[0] = P->nregs;
    char nb[80];
    while (depth > 0) {
        px_token *t = next(P);
        if (P->st)
            return 0;
        if (t->kind == PX_TK_EOF) {
            PERR(t, "unterminated function body");
            return 0;
        }
        if (is_p(t, '{')) {
            if (depth >= 64) {
                PUNS(t, "scopes nested deeper than 64");
                return 0;
            }
            scope_syms[depth] = P->nsyms;
            scope_regs[depth] = P->nregs;
            depth++;
            continue;
        }
        if (is_p(t, '}')) {
            depth--;
            /* a scope's names end with it (their slots and frame bytes stay) */
            if (depth > 0) {
                for (int i = scope_syms[depth]; i < P->nsyms; i++)
                    free(P->syms[i].name);
                P->nsyms = scope_syms[depth];
                P->nregs = scope_regs[depth];
            }
            continue;
        }
        if (is_p(t, ';'))
            continue;
        if (t->kind == PX_TK_DIRECTIVE) {
            if (is_w(t, ".reg")) {
                px_token *ty = next(P);
                int k, v;
                if (P->st)
                    return 0;
                int vecn = 1;
                if (is_w(ty, ".v2") || is_w(ty, ".v4")) {
                    PUNS(ty, "vector registers");
                    return 0;
                }
                (void)vecn;
                if (ty->kind != PX_TK_DIRECTIVE || !wt__ptx_mod_lookup(ty->s + 1, ty->len - 1, &k, &v) || k != PX_MK_TYPE) {
                    PERR(ty, "expected a register type");
                    return 0;
                }
                if (v == PX_T_B128) {
                    PUNS(ty, "register type");
                    return 0;
                }
                for (;;) {
                    px_token *n = next(P);
                    if (P->st)
                        return 0;
                    if (n->kind != PX_TK_IDENT || (n->s[0] == '_' && n->len == 1)) { /* __$temp3: nvcc's */
                        PERR(n, "expected a register name");
                        return 0;
                    }
                    px_token name = *n;
                    uint32_t cnt = 0;
                    if (is_p(peek(P), '<')) {
                        next(P);
                        uint64_t c;
                        if (!tok_int(P, next(P), &c))
                            return 0;
                        if (c == 0 || c > (1u << 20)) {
                            PERR(&P->tok, "register count out of range");
                            return 0;
                        }
                        cnt = (uint32_t)c;
                        if (!expect_p(P, '>'))
                            return 0;
                    }
                    if (!reg_declare(P, &name, cnt, v))
                        return 0;
                    px_token *s = next(P);
                    if (P->st)
                        return 0;
                    if (is_p(s, ';'))
                        break;
                    if (!is_p(s, ',')) {
                        PERR(s, "expected ',' or ';'");
                        return 0;
                    }
                }
                continue;
            }
            if (is_w(t, ".local") || is_w(t, ".param") || is_w(t, ".shared")) {
                int sp = is_w(t, ".local") ? PX_SP_LOCAL : is_w(t, ".param") ? PX_SP_PARAM : PX_SP_SHARED;
                if (sp == PX_SP_SHARED) {
                    if (!parse_module_var(P, PX_SP_SHARED))
                        return 0;
                    continue;
                }
                decl_t d;
                if (!parse_decl(P, &d))
                    return 0;
                if (d.unsized) {
                    PUNS(&d.name, "unsized local");
                    return 0;
                }
                uint32_t off;
                uint64_t bytes = decl_bytes(&d);
                if (!frame_alloc(P, &d.name, bytes, d.align, &off))
                    return 0;
                if (!sym_add(P, &d.name, sp == PX_SP_LOCAL ? PX_S_LOCAL : PX_S_FPARAM, off, (uint32_t)bytes))
                    return 0;
                if (!expect_p(P, ';'))
                    return 0;
                continue;
            }
            if (is_w(t, ".loc") || is_w(t, ".file")) {
                uint32_t line = t->line;
                while (peek(P)->kind != PX_TK_EOF && peek(P)->line == line)
                    next(P);
                continue;
            }
            if (is_w(t, ".pragma")) {
                while (!is_p(next(P), ';')) {
                    if (P->st || P->tok.kind == PX_TK_EOF)
                        return PERR(&P->tok, "unterminated .pragma"), 0;
                }
                continue;
            }
            PUNS(t, "directive %s in a function body", tokname(t, nb, sizeof nb));
            return 0;
        }
        if (t->kind == PX_TK_IDENT && is_p(peek(P), ':')) {
            px_token lt = *t;
            t = &lt;
            next(P);
            if (is_w(peek(P), ".branchtargets")) {
                /* name: .branchtargets L1, L2, ...; (brx.idx): the labels are resolved with bra's */
                next(P);
                uint32_t first = P->nbrx;
                for (;;) {
                    px_token *n = next(P);
                    if (P->st)
                        return 0;
                    if (n->kind != PX_TK_IDENT) {
                        PERR(n, "expected a label in .branchtargets");
                        return 0;
                    }
                    if (!GROW(P->brx, P->cap_brx, P->nbrx + 1) || !GROW(P->fix, P->cap_fix, P->nfix + 1))
                        return OOM(), 0;
                    P->brx[P->nbrx] = UINT32_MAX;
                    P->fix[P->nfix].name = dupn(n->s, n->len);
                    if (!P->fix[P->nfix].name)
                        return OOM(), 0;
                    P->fix[P->nfix].insn = P->nbrx++;
                    P->fix[P->nfix].tok = *n;
                    P->fix[P->nfix].tbl = 1;
                    P->nfix++;
                    px_token *s = next(P);
                    if (P->st)
                        return 0;
                    if (is_p(s, ';'))
                        break;
                    if (!is_p(s, ',')) {
                        PERR(s, "expected ',' or ';'");
                        return 0;
                    }
                }
                if (!sym_add(P, t, PX_S_BRXLIST, first, P->nbrx - first))
                    return 0;
                continue;
            }
            if (is_w(peek(P), ".callprototype")) {
                while (!is_p(next(P), ';'))
                    if (P->st || P->tok.kind == PX_TK_EOF)
                        return PERR(&P->tok, "unterminated .callprototype"), 0;
                if (!sym_add(P, t, PX_S_PROTO, 0, 0))
                    return 0;
                continue;
            }
            if (label_index(P, t->s, t->len) >= 0) {
                PERR(t, "label defined twice");
                return 0;
            }
            if (!GROW(P->labels, P->cap_labels, P->nlabels + 1))
                return OOM(), 0;
            P->labels[P->nlabels].name = dupn(t->s, t->len);
            if (!P->labels[P->nlabels].name)
                return OOM(), 0;
            P->labels[P->nlabels].pc = P->ncode;
            P->nlabels++;
            continue;
        }
        if (!parse_instruction(P, t))
            return 0;
    }
    /* scope 0 names (function-level) are dropped by the caller */
    for (int i = 0; i < P->nfix; i++) {
        int li = label_index(P, P->fix[i].name, strlen(P->fix[i].name));
        if (li < 0) {
            PERR(&P->fix[i].tok, "undefined label %s", P->fix[i].name);
            return 0;
        }
        if (P->fix[i].tbl)
            P->brx[P->fix[i].insn] = P->labels[li].pc;
        else
            P->code[P->fix[i].insn].target = P->labels[li].pc;
    }
    return 1;
}

static int parse_function(px_parser *P, int is_entry, int is_extern)
{
    px_func *f = calloc(1, sizeof *f);
    if (!f)
        return OOM(), 0;
    f->is_entry = is_entry;
    int ok = 0;
    px_token nt;
    if (!is_entry && is_p(peek(P), '(')) {
        next(P);
        if (!parse_param(P, &f->ret, 0) || !expect_p(P, ')'))
            goto out;
    }
    next(P);
    if (P->st)
        goto out;
    if (P->tok.kind != PX_TK_IDENT) {
        PERR(&P->tok, "expected a function name");
        goto out;
    }
    nt = P->tok;
    f->name = dupn(nt.s, nt.len);
    if (!f->name) {
        OOM();
        goto out;
    }
    if (is_p(peek(P), '(')) {
        next(P);
        if (!is_p(peek(P), ')')) {
            for (;;) {
                px_param *np = realloc(f->params, (size_t)(f->nparams + 1) * sizeof *np);
                if (!np) {
                    OOM();
                    goto out;
                }
                f->params = np;
                memset(&f->params[f->nparams], 0, sizeof *np);
                f->nparams++;
                if (!parse_param(P, &f->params[f->nparams - 1], is_entry))
                    goto out;
                px_token *s = next(P);
                if (P->st)
                    goto out;
                if (is_p(s, ')'))
                    break;
                if (!is_p(s, ',')) {
                    PERR(s, "expected ',' or ')'");
                    goto out;
                }
            }
        } else {
            next(P);
        }
    }
    /* layout: entry params in the kernel buffer, func formals (retval first) in the frame.
     * Laid out in 64 bits and held to the 16 MiB that a frame may have (frame_alloc), so
     * that a few parameters of up to 2^31 bytes each cannot wrap the 32-bit offsets and
     * leave the buffers that are sized from them smaller than what is copied into them. */
    {
        uint64_t off = 0;
        if (f->ret.size) {
            f->ret.offset = 0;
            off = f->ret.size;
        }
        for (int i = 0; i < f->nparams; i++) {
            const uint64_t a = f->params[i].align ? f->params[i].align : 1;
            off = (off + a - 1) & ~(a - 1);
            f->params[i].offset = (uint32_t)off;
            off += f->params[i].size;
        }
        if (off > WT_PTX_SPACE_LIMIT) {
            PUNS(&nt, "%s takes more than 16 MiB of parameters", f->name);
            goto out;
        }
        if (is_entry)
            f->kparam_size = off;
        else
            f->frame_size = off;
    }
    /* performance directives until '{' or ';' */
    for (;;) {
        px_token *t = peek(P);
        if (P->st)
            goto out;
        if (is_p(t, '{') || is_p(t, ';') || t->kind == PX_TK_EOF)
            break;
        next(P);
    }
    int fidx;
    px_func *prev = func_find(P, f->name, strlen(f->name), &fidx);
    if (prev && (prev->defined || prev->is_entry != is_entry || prev->nparams != f->nparams ||
                 prev->ret.size != f->ret.size)) {
        if (prev->defined || !is_p(peek(P), ';')) {
            if (prev->defined && is_p(peek(P), ';')) {
                next(P);
                ok = 1;
                goto out;
            }
            PERR(&nt, prev->defined ? "function defined twice" : "definition does not match the declaration");
            goto out;
        }
    }
    if (is_p(peek(P), ';')) {
        next(P);
        if (!prev) {
            struct wt_module_s *m = P->mod;
            px_func **nf = realloc(m->funcs, (size_t)(m->nfuncs + 1) * sizeof *nf);
            if (!nf) {
                OOM();
                goto out;
            }
            m->funcs = nf;
            m->funcs[m->nfuncs++] = f;
            f = NULL;
            if (!sym_add(P, &nt, PX_S_FUNC, (uint64_t)(m->nfuncs - 1), 0))
                goto out;
        }
        (void)is_extern;
        ok = 1;
        goto out;
    }
    next(P); /* '{' */
    if (!prev) {
        struct wt_module_s *m = P->mod;
        px_func **nf = realloc(m->funcs, (size_t)(m->nfuncs + 1) * sizeof *nf);
        if (!nf) {
            OOM();
            goto out;
        }
        m->funcs = nf;
        m->funcs[m->nfuncs++] = f;
        fidx = m->nfuncs - 1;
        if (!sym_add(P, &nt, PX_S_FUNC, (uint64_t)fidx, 0)) {
            f = NULL;
            goto out;
        }
    } else {
        /* the definition replaces the prototype in place */
        f->addr_taken = P->mod->funcs[fidx]->addr_taken;
        func_free(P->mod->funcs[fidx]);
        P->mod->funcs[fidx] = f;
    }
    px_func *cur = f;
    f = NULL;
    P->fn = cur;
    body_reset(P);
    int sym_mark = P->nsyms;
    for (int i = 0; i < cur->nparams; i++) {
        px_token pt = {0};
        pt.s = cur->params[i].name;
        pt.len = (uint32_t)strlen(cur->params[i].name);
        if (!sym_add(P, &pt, is_entry ? PX_S_KPARAM : PX_S_FPARAM, cur->params[i].offset, cur->params[i].size))
            goto body_out;
    }
    if (cur->ret.size) {
        px_token pt = {0};
        pt.s = cur->ret.name;
        pt.len = (uint32_t)strlen(cur->ret.name);
        if (!sym_add(P, &pt, PX_S_FPARAM, 0, cur->ret.size))
            goto body_out;
    }
    if (parse_body(P)) {
        cur->code = P->code;
        cur->ncode = P->ncode;
        P->code = NULL;
        P->cap_code = 0;
        cur->callargs = P->callargs;
        cur->ncallargs = P->ncallargs;
        P->callargs = NULL;
        P->cap_callargs = 0;
        cur->brx = P->brx;
        cur->nbrx = P->nbrx;
        P->brx = NULL;
        P->cap_brx = 0;
        cur->defined = 1;
        /* every path must end: a body falling off its end returns */
        ok = 1;
    }
body_out:
    for (int i = sym_mark; i < P->nsyms; i++)
        free(P->syms[i].name);
    P->nsyms = sym_mark;
    P->fn = NULL;
out:
    func_free(f);
    return ok;
}

static int add_range(struct wt_module_s *m, void *p, size_t n, int writable)
{
    return wt__ptx_add_range(m, p, n, writable, 1);
}

int wt__ptx_add_range(struct wt_module_s *m, void *p, size_t n, int writable, int owned)
{
    if (m->nranges + 1 > m->cap_ranges) {
        int nc = m->cap_ranges ? m->cap_ranges * 2 : 16;
        px_range *q = realloc(m->ranges, (size_t)nc * sizeof *q);
        if (!q)
            return 0;
        m->ranges = q;
        m->cap_ranges = nc;
    }
    uintptr_t b = (uintptr_t)p;
    int i = m->nranges;
    while (i > 0 && m->ranges[i - 1].base > b) {
        m->ranges[i] = m->ranges[i - 1];
        i--;
    }
    m->ranges[i].base = b;
    m->ranges[i].size = n;
    m->ranges[i].writable = writable;
    m->ranges[i].owned = owned;
    m->nranges++;
    return 1;
}


static int skip_section(px_parser *P)
{
    /* .section name { ... } */
    while (!is_p(peek(P), '{')) {
        if (P->st || peek(P)->kind == PX_TK_EOF)
            return PERR(peek(P), "expected '{' after .section"), 0;
        next(P);
    }
    next(P);
    int depth = 1;
    while (depth) {
        px_token *t = next(P);
        if (P->st)
            return 0;
        if (t->kind == PX_TK_EOF)
            return PERR(t, "unterminated .section"), 0;
        if (is_p(t, '{'))
            depth++;
        else if (is_p(t, '}'))
            depth--;
    }
    return 1;
}

wt_status wt__ptx_parse(struct wt_module_s *mod, const char *text, size_t len)
{
    px_parser *P = calloc(1, sizeof *P);
    if (!P)
        return wt__error(WT_ERROR_OUT_OF_MEMORY, "wt_module_load_ptx(): out of memory");
    P->mod = mod;
    P->name = mod->name;
    mod->unified = 1;
    wt__ptx_lex_init(&P->lx, text, len);
    int saw_version = 0, saw_target = 0;
    char nb[80];
    while (!P->st) {
        px_token *t = next(P);
        if (P->st || t->kind == PX_TK_EOF)
            break;
        if (is_w(t, ".version")) {
            px_token *v = next(P);
            if (v->kind != PX_TK_NUMBER) {
                PERR(v, "expected a version number");
                break;
            }
            double ver = strtod(v->s, NULL);
            if (ver < 6.0 || ver >= 10.0) {
                PUNS(v, "PTX ISA version (warptex reads 6.x to 9.x)");
                break;
            }
            saw_version = 1;
            continue;
        }
        if (!saw_version) {
            PERR(t, "the module must start with .version");
            break;
        }
        if (is_w(t, ".target")) {
            for (;;) {
                px_token *a = next(P);
                if (P->st)
                    break;
                if (a->kind != PX_TK_IDENT) {
                    PERR(a, "expected a target");
                    break;
                }
                if (is_w(a, "texmode_independent"))
                    mod->unified = 0;
                if (!is_p(peek(P), ','))
                    break;
                next(P);
            }
            saw_target = 1;
            continue;
        }
        if (!saw_target) {
            PERR(t, ".target must follow .version");
            break;
        }
        if (is_w(t, ".address_size")) {
            uint64_t n;
            if (!tok_int(P, next(P), &n))
                break;
            if (n != 64)
                PUNS(&P->tok, ".address_size %llu (warptex runs 64-bit PTX)", (unsigned long long)n);
            continue;
        }
        if (is_w(t, ".file") || is_w(t, ".loc")) {
            uint32_t line = t->line;
            while (peek(P)->kind != PX_TK_EOF && peek(P)->line == line)
                next(P);
            continue;
        }
        if (is_w(t, ".pragma")) {
            while (!P->st && !is_p(next(P), ';'))
                if (P->tok.kind == PX_TK_EOF) {
                    PERR(&P->tok, "unterminated .pragma");
                    break;
                }
            continue;
        }
        if (is_w(t, ".section")) {
            skip_section(P);
            continue;
        }
        int is_extern = 0;
        while (is_w(t, ".visible") || is_w(t, ".extern") || is_w(t, ".weak") || is_w(t, ".common")) {
            if (is_w(t, ".extern"))
                is_extern = 1;
            t = next(P);
            if (P->st)
                break;
        }
        if (P->st)
            break;
        if (is_w(t, ".entry") || is_w(t, ".func")) {
            parse_function(P, is_w(t, ".entry"), is_extern);
            continue;
        }
        if (is_w(t, ".global") || is_w(t, ".const") || is_w(t, ".shared") || is_w(t, ".local")) {
            int sp = is_w(t, ".global") ? PX_SP_GLOBAL : is_w(t, ".const") ? PX_SP_CONST : is_w(t, ".shared") ? PX_SP_SHARED : PX_SP_LOCAL;
            if (is_extern && sp != PX_SP_SHARED) {
                PUNS(t, "extern .global/.const data");
                break;
            }
            parse_module_var(P, sp);
            continue;
        }
        if (t->kind == PX_TK_DIRECTIVE)
            PUNS(t, "directive %s", tokname(t, nb, sizeof nb));
        else
            PERR(t, "expected a directive");
    }
    if (!P->st && !saw_version)
        PERR(&P->tok, "empty module (no .version)");
    /* every called function must be defined */
    for (int i = 0; !P->st && i < mod->nfuncs; i++) {
        px_func *f = mod->funcs[i];
        if (!f->defined && !f->is_entry) {
            for (int j = 0; j < mod->nfuncs; j++)
                for (uint32_t k = 0; mod->funcs[j]->defined && k < mod->funcs[j]->ncode; k++)
                    if (mod->funcs[j]->code[k].op == PX_OP_call && mod->funcs[j]->code[k].target == (uint32_t)i) {
                        wt__ptx_err(P, NULL, WT_ERROR_PTX_PARSE, "line %u: %s is called but never defined",
                                    (unsigned)mod->funcs[j]->code[k].line, f->name);
                        goto done;
                    }
        }
    }
    /* patch dynamic shared symbols: every instruction referring to one got UINT64_MAX */
    for (int i = 0; !P->st && i < mod->nfuncs; i++)
        for (uint32_t k = 0; k < mod->funcs[i]->ncode; k++) {
            px_insn *in = &mod->funcs[i]->code[k];
            if (in->has_addr && in->addr.sym == PX_SYM_SHARED && in->addr.symval == UINT64_MAX)
                in->addr.symval = align_up(mod->shared_static, 16);
        }
done:;
    wt_status st = P->st;
    body_reset(P);
    for (int i = 0; i < P->nsyms; i++)
        free(P->syms[i].name);
    free(P->syms);
    free(P->regs);
    free(P->regtype);
    free(P->code);
    free(P->labels);
    free(P->fix);
    free(P->brx);
    free(P->callargs);
    free(P);
    return st;
}

void wt__ptx_module_free(struct wt_module_s *mod)
{
    for (int i = 0; i < mod->nfuncs; i++)
        func_free(mod->funcs[i]);
    free(mod->funcs);
}
