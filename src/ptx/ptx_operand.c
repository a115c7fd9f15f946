/* ptx_operand.c -- the ground the PTX parser and decoders stand on: errors, tokens, numbers,
 * names (symbols, registers, special registers, labels, functions), the immediates pool, operand
 * trees and their resolution into px_ref / px_addr
 * SPDX-License-Identifier: MIT
 *
 * The declarations (ptx_parse.c) fill the names; the instruction decoders (ptx_decode.c,
 * ptx_decode_tex.c, ptx_decode_video.c) read operands through this file.  It calls neither. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_parse.h"

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

/* ---- growable arrays ---- */
int wt__ptx_grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
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

char *wt__ptx_dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

/* ---- tokens ---- */
px_token *wt__ptx_next(px_parser *P)
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
px_token *wt__ptx_peek(px_parser *P)
{
    if (!P->have_peek) {
        P->peek = wt__ptx_lex_next(&P->lx);
        P->have_peek = 1;
    }
    return &P->peek;
}
int wt__ptx_expect_p(px_parser *P, char c)
{
    wt__ptx_next(P);
    if (P->st)
        return 0;
    if (!px_is_p(&P->tok, c)) {
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
int wt__ptx_tok_int(px_parser *P, px_token *t, uint64_t *v)
{
    if (!tok_u64(t, v)) {
        PERR(t, "expected an integer");
        return 0;
    }
    return 1;
}

/* A number as the bits of `type` (integer types: two's complement, floats:
 * 0f/0d bit patterns, decimal values rounded to nearest). */
int wt__ptx_num_bits(px_parser *P, const px_token *t, int minus, int type, uint64_t *out)
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
px_sym *wt__ptx_sym_find(px_parser *P, const char *s, size_t n)
{
    for (int i = P->nsyms - 1; i >= 0; i--)
        if (strlen(P->syms[i].name) == n && !memcmp(P->syms[i].name, s, n))
            return &P->syms[i];
    return NULL;
}
px_sym *wt__ptx_sym_add(px_parser *P, const px_token *t, int kind, uint64_t value, uint32_t size)
{
    if (!GROW(P->syms, P->cap_syms, P->nsyms + 1)) {
        OOM();
        return NULL;
    }
    px_sym *s = &P->syms[P->nsyms];
    memset(s, 0, sizeof *s);
    s->name = wt__ptx_dupn(t->s, t->len);
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
int wt__ptx_reg_lookup(px_parser *P, const char *s, size_t n, uint32_t *slot, int *type)
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
int wt__ptx_reg_declare(px_parser *P, const px_token *t, uint32_t count, int type)
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

static int parse_name_or_num(px_parser *P)
{
    px_token *t = wt__ptx_next(P);
    if (P->st)
        return -1;
    int neg = 0, minus = 0;
    if (px_is_p(t, '!')) {
        neg = 1;
        t = wt__ptx_next(P);
    } else if (px_is_p(t, '-')) {
        minus = 1;
        t = wt__ptx_next(P);
    }
    if (P->st)
        return -1;
    int o;
    if (t->kind == PX_TK_NUMBER) {
        o = po_new(P, PO_NUM);
    } else if (t->kind == PX_TK_IDENT) {
        o = po_new(P, (t->len == 1 && t->s[0] == '_') ? PO_SINK : PO_NAME);
        if (o >= 0 && t->s[0] == '%') {
            px_token *d = wt__ptx_peek(P);
            if (d->kind == PX_TK_DIRECTIVE && d->glued && d->len == 2 && strchr("xyzw", d->s[1])) {
                P->ops[o].sreg_comp = (int)(strchr("xyzw", d->s[1]) - "xyzw");
                wt__ptx_next(P);
            }
        }
        if (o >= 0) {
            /* a video instruction's byte or half-word selector (a.b3210, a.h10) or mask (d.b0) */
            px_token *d = wt__ptx_peek(P);
            int digits = d->kind == PX_TK_DIRECTIVE && d->glued && d->len >= 3 && d->len <= 6 &&
                         (d->s[1] == 'b' || d->s[1] == 'h');
            for (uint32_t k = 2; digits && k < d->len; k++)
                digits = d->s[k] >= '0' && d->s[k] <= '7';
            if (digits) {
                P->ops[o].vsel = d->s[1];
                P->ops[o].nsel = (uint8_t)(d->len - 2);
                for (uint32_t k = 2; k < d->len; k++)
                    P->ops[o].seld[k - 2] = (uint8_t)(d->s[k] - '0');
                wt__ptx_next(P);
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

/* One more element of a list, a vector or an address operand o, parsed into its children. */
static int add_element(px_parser *P, int o)
{
    int c = wt__ptx_parse_operand(P);
    if (c < 0)
        return 0;
    if (P->ops[o].nsub >= 8) {
        PERR(&P->tok, "too many elements");
        return 0;
    }
    P->ops[o].sub[P->ops[o].nsub++] = c;
    return 1;
}

/* a|b, {..}|p: the operand after '|', if one follows o; o, or -1 on error */
static int add_pipe(px_parser *P, int o)
{
    if (o < 0 || !px_is_p(wt__ptx_peek(P), '|'))
        return o;
    wt__ptx_next(P);
    int b = parse_name_or_num(P);
    if (b < 0)
        return -1;
    P->ops[o].pipe = b;
    return o;
}

static int parse_list(px_parser *P, int kind, char close)
{
    int o = po_new(P, kind);
    if (o < 0)
        return -1;
    if (px_is_p(wt__ptx_peek(P), close)) {
        wt__ptx_next(P);
        return o;
    }
    for (;;) {
        if (!add_element(P, o))
            return -1;
        wt__ptx_next(P);
        if (P->st)
            return -1;
        if (px_is_p(&P->tok, close))
            return o;
        if (!px_is_p(&P->tok, ',')) {
            PERR(&P->tok, "expected ',' or '%c'", close);
            return -1;
        }
    }
}

int wt__ptx_parse_operand(px_parser *P)
{
    px_token *t = wt__ptx_peek(P);
    if (P->st)
        return -1;
    if (px_is_p(t, '{')) { /* a vector; tex {d...}|p */
        wt__ptx_next(P);
        return add_pipe(P, parse_list(P, PO_VEC, '}'));
    }
    if (px_is_p(t, '(')) {
        wt__ptx_next(P);
        return parse_list(P, PO_LIST, ')');
    }
    if (px_is_p(t, '[')) {
        wt__ptx_next(P);
        int o = po_new(P, PO_ADDR);
        if (o < 0)
            return -1;
        for (;;) {
            if (!add_element(P, o))
                return -1;
            px_token *n = wt__ptx_next(P);
            if (P->st)
                return -1;
            if (P->ops[o].nsub == 1 && (px_is_p(n, '+') || px_is_p(n, '-'))) {
                int sign = px_is_p(n, '-') ? -1 : 1;
                n = wt__ptx_next(P);
                if (px_is_p(n, '-')) {
                    sign = -sign;
                    n = wt__ptx_next(P);
                }
                uint64_t v;
                if (P->st || !wt__ptx_tok_int(P, n, &v))
                    return -1;
                if (v > (uint64_t)INT64_MAX) {
                    PERR(n, "offset out of range");
                    return -1;
                }
                P->ops[o].off = sign * (int64_t)v;
                n = wt__ptx_next(P);
                if (P->st)
                    return -1;
            }
            if (px_is_p(n, ']'))
                return o;
            if (!px_is_p(n, ',')) {
                PERR(n, "expected ',' or ']'");
                return -1;
            }
        }
    }
    return add_pipe(P, parse_name_or_num(P)); /* setp p|q, shfl d|p */
}

/* ---- operand resolution ---- */
const char *wt__ptx_tokname(const px_token *t, char *buf, size_t n)
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
        if (!wt__ptx_num_bits(P, &o->tok, o->minus, type == PX_T_PRED ? PX_T_S32 : type ? type : PX_T_B64, &v))
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
    if (t->s[0] == '%' || wt__ptx_reg_lookup(P, t->s, t->len, &slot0, &rt0)) {
        uint32_t slot;
        int rt;
        if (wt__ptx_reg_lookup(P, t->s, t->len, &slot, &rt)) {
            int wb = px_type_bits(type), rb = px_type_bits(rt);
            if (type && (((type == PX_T_PRED) != (rt == PX_T_PRED)) || (wb != rb && type != PX_T_PRED))) {
                PERR(t, "register %s is .%s-sized (%d bits), the instruction needs %d bits", wt__ptx_tokname(t, nb, sizeof nb),
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
                    PERR(t, "special register %s %s", wt__ptx_tokname(t, nb, sizeof nb),
                         sregs[i].comps ? "needs .x, .y or .z" : "has no component");
                    return 0;
                }
                int s = sregs[i].sreg + (o->sreg_comp > 0 && sregs[i].comps == 3 ? o->sreg_comp : 0);
                if (type && type != PX_T_NONE && (type == PX_T_PRED) != (sreg_width(s) == 1)) {
                    PERR(t, "special register %s is %s", wt__ptx_tokname(t, nb, sizeof nb),
                         sreg_width(s) == 1 ? "a predicate" : "not a predicate");
                    return 0;
                }
                if (type && type != PX_T_NONE && type != PX_T_PRED && px_type_bits(type) != sreg_width(s) &&
                    !(sreg_width(s) == 32 && px_type_bits(type) == 64)) {
                    PERR(t, "special register %s is %d bits", wt__ptx_tokname(t, nb, sizeof nb), sreg_width(s));
                    return 0;
                }
                r->kind = PX_R_SREG;
                r->idx = (uint32_t)s;
                return 1;
            }
        PERR(t, "undefined register %s", wt__ptx_tokname(t, nb, sizeof nb));
        return 0;
    }
    px_sym *s = wt__ptx_sym_find(P, t->s, t->len);
    if (!s) {
        PERR(t, "undefined name %s", wt__ptx_tokname(t, nb, sizeof nb));
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
    case PX_S_TEXREF:
    case PX_S_SURFREF:
    case PX_S_SMPREF: /* a frame offset or a binding index */
        r->kind = s->kind == PX_S_TEXREF    ? PX_R_TEXREF
                  : s->kind == PX_S_SURFREF ? PX_R_SURFREF
                  : s->kind == PX_S_SMPREF  ? PX_R_SMPREF
                                            : PX_R_LOCALSYM;
        r->idx = (uint32_t)s->value;
        return 1;
    case PX_S_FUNC: /* a function's address (indirect calls): window tag 3 */
        P->mod->funcs[s->value]->addr_taken = 1;
        r->kind = PX_R_IMM;
        r->idx = imm_add(P, ((uint64_t)3 << 60) | s->value);
        return P->st == WT_SUCCESS;
    default:
        PUNS(t, "the address of %s as a value", wt__ptx_tokname(t, nb, sizeof nb));
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
    if (!wt__ptx_reg_lookup(P, o->tok.s, o->tok.len, &slot, &rt)) {
        for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++)
            if (strlen(sregs[i].name) == o->tok.len && !memcmp(sregs[i].name, o->tok.s, o->tok.len)) {
                PERR(&o->tok, "special register %s is read-only", wt__ptx_tokname(&o->tok, nb, sizeof nb));
                return 0;
            }
        PERR(&o->tok, "undefined register %s", wt__ptx_tokname(&o->tok, nb, sizeof nb));
        return 0;
    }
    int wb = px_type_bits(type), rb = px_type_bits(rt);
    if (type && (((type == PX_T_PRED) != (rt == PX_T_PRED)) || (wb != rb && type != PX_T_PRED))) {
        PERR(&o->tok, "register %s is %d bits wide, the instruction writes %d bits", wt__ptx_tokname(&o->tok, nb, sizeof nb), rb,
             wb);
        return 0;
    }
    r->kind = PX_R_REG;
    r->idx = slot;
    return 1;
}

/* A register of any width (ld/st values, cvt): its width must be >= bits
 * for integer moves, or equal for floats. */
int wt__ptx_reg_width(px_parser *P, const px_ref *r)
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
const char *wt__ptx_type_name(int t)
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
         wt__ptx_tokname(&P->ops[oi].tok, nb, sizeof nb), wt__ptx_type_name(rt), *role == 'd' ? "receive" : "supply",
         wt__ptx_type_name(it));
    return 0;
}

int wt__ptx_decode_addr(px_parser *P, int oi, px_insn *in)
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
        if (!wt__ptx_num_bits(P, &b->tok, b->minus, PX_T_U64, &v))
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
    if (b->tok.s[0] == '%' || wt__ptx_reg_lookup(P, b->tok.s, b->tok.len, &bslot, &brt)) {
        px_ref r;
        if (!wt__ptx_src(P, o->sub[0], PX_T_NONE, &r))
            return 0;
        int w = wt__ptx_reg_width(P, &r);
        if (w != 32 && w != 64) {
            PERR(&b->tok, "an address register must be 32 or 64 bits");
            return 0;
        }
        a->base = r;
        return 1;
    }
    char nb[80];
    px_sym *s = wt__ptx_sym_find(P, b->tok.s, b->tok.len);
    if (!s) {
        PERR(&b->tok, "undefined name %s", wt__ptx_tokname(&b->tok, nb, sizeof nb));
        return 0;
    }
    switch (s->kind) {
    case PX_S_GLOBAL: a->sym = PX_SYM_ABS; break;
    case PX_S_SHARED: a->sym = PX_SYM_SHARED; break;
    case PX_S_LOCAL:
    case PX_S_FPARAM: a->sym = PX_SYM_LOCAL; break;
    case PX_S_KPARAM: a->sym = PX_SYM_KPARAM; break;
    default: PERR(&b->tok, "%s is not a variable", wt__ptx_tokname(&b->tok, nb, sizeof nb)); return 0;
    }
    a->symval = s->value;
    /* bounds of the variable, known at load: an offset outside is a parse-time error */
    if (a->off < 0 || (s->size && (uint64_t)a->off >= s->size)) {
        PERR(&b->tok, "offset %lld is outside %s (%u bytes)", (long long)a->off, wt__ptx_tokname(&b->tok, nb, sizeof nb),
             (unsigned)s->size);
        return 0;
    }
    return 1;
}

int wt__ptx_label_index(px_parser *P, const char *s, size_t n)
{
    for (int i = 0; i < P->nlabels; i++)
        if (strlen(P->labels[i].name) == n && !memcmp(P->labels[i].name, s, n))
            return i;
    return -1;
}

px_func *wt__ptx_func_find(px_parser *P, const char *s, size_t n, int *idx)
{
    for (int i = 0; i < P->mod->nfuncs; i++)
        if (strlen(P->mod->funcs[i]->name) == n && !memcmp(P->mod->funcs[i]->name, s, n)) {
            if (idx)
                *idx = i;
            return P->mod->funcs[i];
        }
    return NULL;
}
