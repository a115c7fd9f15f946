/* ptx_parse.c -- recursive descent over PTX text into decoded functions: directives, declarations,
 * initialisers, functions and the module memory they own
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
 * message near 'TOKEN'"; the parser stops at the first.
 *
 * Each instruction statement goes to the decoder (ptx_decode.c); tokens, names and operands are
 * ptx_operand.c's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_parse.h"

/* The most bytes of local, shared or parameter space one declaration, thread or frame may take:
 * 16 MiB, far above what a GPU gives, low enough that a hostile module cannot make a launch
 * allocate gigabytes. */
#define WT_PTX_SPACE_LIMIT (1u << 24)

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
        px_token *t = wt__ptx_next(P);
        if (P->st)
            return 0;
        if (px_is_w(t, ".align")) {
            uint64_t a;
            if (!wt__ptx_tok_int(P, wt__ptx_next(P), &a))
                return 0;
            if (a == 0 || (a & (a - 1)) || a > 4096) {
                PERR(&P->tok, "alignment must be a power of two up to 4096");
                return 0;
            }
            if ((int)a > d->align)
                d->align = (int)a;
            continue;
        }
        if (px_is_w(t, ".ptr") || px_is_w(t, ".global") || px_is_w(t, ".shared") || px_is_w(t, ".local") ||
            px_is_w(t, ".const") || px_is_w(t, ".v2") || px_is_w(t, ".v4")) {
            if (px_is_w(t, ".v2") || px_is_w(t, ".v4")) {
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
    while (px_is_p(wt__ptx_peek(P), '[')) {
        wt__ptx_next(P);
        d->is_array = 1;
        if (px_is_p(wt__ptx_peek(P), ']')) {
            wt__ptx_next(P);
            d->unsized = 1;
            continue;
        }
        uint64_t n;
        if (!wt__ptx_tok_int(P, wt__ptx_next(P), &n))
            return 0;
        if (n == 0 || n > (1u << 30) || d->count > (1ull << 31) / n) {
            PERR(&P->tok, "array size out of range");
            return 0;
        }
        d->count *= n;
        if (!wt__ptx_expect_p(P, ']'))
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
    if (px_is_p(wt__ptx_peek(P), '{')) {
        wt__ptx_next(P);
        braces = 1;
    }
    for (;;) {
        px_token *t = wt__ptx_next(P);
        if (P->st)
            return 0;
        if (braces && px_is_p(t, '}'))
            break;
        if (px_is_p(t, '{')) {
            braces++;
            continue;
        }
        int minus = 0;
        if (px_is_p(t, '-')) {
            minus = 1;
            t = wt__ptx_next(P);
        }
        if (t->kind != PX_TK_NUMBER) {
            PUNS(t, "initialiser other than numbers");
            return 0;
        }
        uint64_t v;
        if (!wt__ptx_num_bits(P, t, minus, d->type, &v))
            return 0;
        if ((k + 1) * (uint64_t)eb > bytes) {
            PERR(t, "too many initialisers");
            return 0;
        }
        memcpy(dst + k * (uint64_t)eb, &v, (size_t)eb); /* little-endian hosts (x86-64, aarch64) */
        k++;
        t = wt__ptx_next(P);
        if (P->st)
            return 0;
        while (braces && px_is_p(t, '}')) {
            braces--;
            if (!braces)
                return 1;
            t = wt__ptx_next(P);
        }
        if (!braces) {
            P->have_peek = 1;
            P->peek = *t;
            return 1;
        }
        if (!px_is_p(t, ',')) {
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
    px_token *pk = wt__ptx_peek(P);
    if (px_is_w(pk, ".texref") || px_is_w(pk, ".surfref") || px_is_w(pk, ".samplerref")) {
        wt__ptx_next(P);
        int kind = px_is_w(&P->tok, ".texref") ? WT_TYPE_TEXREF : px_is_w(&P->tok, ".surfref") ? WT_TYPE_SURFREF : WT_TYPE_SAMPLERREF;
        px_token *nt = wt__ptx_next(P);
        if (P->st)
            return 0;
        if (nt->kind != PX_TK_IDENT) {
            PERR(nt, "expected a name");
            return 0;
        }
        if (wt__ptx_sym_find(P, nt->s, nt->len)) {
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
        b->name = wt__ptx_dupn(nt->s, nt->len);
        if (!b->name)
            return OOM(), 0;
        b->kind = kind;
        m->nbinds++;
        if (!wt__ptx_sym_add(P, nt, kind == WT_TYPE_TEXREF ? PX_S_TEXREF : kind == WT_TYPE_SURFREF ? PX_S_SURFREF : PX_S_SMPREF,
                     (uint64_t)(m->nbinds - 1), 0))
            return 0;
        wt_sampler_desc sd;
        memset(&sd, 0, sizeof sd);
        int has_init = 0;
        if (px_is_p(wt__ptx_peek(P), '=')) {
            wt__ptx_next(P);
            if (!wt__ptx_expect_p(P, '{'))
                return 0;
            has_init = 1;
            for (;;) {
                px_token *f = wt__ptx_next(P);
                if (P->st)
                    return 0;
                if (px_is_p(f, '}'))
                    break;
                px_token field = *f;
                if (field.kind != PX_TK_IDENT || !wt__ptx_expect_p(P, '='))
                    return field.kind != PX_TK_IDENT ? (PERR(&field, "expected a field name"), 0) : 0;
                px_token *v = wt__ptx_next(P);
                if (P->st)
                    return 0;
                px_token val = *v;
                int axis = -1;
                if (px_is_w(&field, "addr_mode_0")) axis = 0;
                else if (px_is_w(&field, "addr_mode_1")) axis = 1;
                else if (px_is_w(&field, "addr_mode_2")) axis = 2;
                if (axis >= 0) {
                    int mode = px_is_w(&val, "wrap") ? WT_ADDRESS_WRAP : px_is_w(&val, "mirror") ? WT_ADDRESS_MIRROR
                             : px_is_w(&val, "clamp_to_edge") ? WT_ADDRESS_CLAMP : px_is_w(&val, "clamp_to_border") ? WT_ADDRESS_BORDER
                             : px_is_w(&val, "clamp_ogl") ? WT_ADDRESS_CLAMP_OGL : -1;
                    if (mode < 0) {
                        PERR(&val, "unknown address mode");
                        return 0;
                    }
                    sd.address_mode[axis] = (wt_address_mode)mode;
                } else if (px_is_w(&field, "filter_mode")) {
                    if (px_is_w(&val, "nearest")) sd.filter_mode = WT_FILTER_POINT;
                    else if (px_is_w(&val, "linear")) sd.filter_mode = WT_FILTER_LINEAR;
                    else { PERR(&val, "unknown filter mode"); return 0; }
                } else if (px_is_w(&field, "force_unnormalized_coords") || px_is_w(&field, "normalized_coords")) {
                    uint64_t n;
                    if (!wt__ptx_tok_int(P, &val, &n))
                        return 0;
                    if (px_is_w(&field, "force_unnormalized_coords"))
                        sd.force_unnormalized_coords = n != 0;
                    /* normalized_coords describes a texref: the bound object's own setting rules */
                } else if (px_is_w(&field, "width") || px_is_w(&field, "height") || px_is_w(&field, "depth") ||
                           px_is_w(&field, "channel_data_type") || px_is_w(&field, "channel_order")) {
                    /* texref/surfref descriptive fields: the bound object's own values rule */
                } else {
                    PERR(&field, "unknown field");
                    return 0;
                }
                px_token *sep = wt__ptx_next(P);
                if (P->st)
                    return 0;
                if (px_is_p(sep, '}'))
                    break;
                if (!px_is_p(sep, ',')) {
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
        return wt__ptx_expect_p(P, ';');
    }
    decl_t d;
    if (!parse_decl(P, &d))
        return 0;
    if (wt__ptx_sym_find(P, d.name.s, d.name.len)) {
        PERR(&d.name, "redefinition");
        return 0;
    }
    uint64_t bytes = decl_bytes(&d);
    if (space == PX_SP_SHARED) {
        uint32_t o;
        if (d.unsized) {
            o = 0; /* dynamic: placed after static shared at launch (value patched below) */
            if (!wt__ptx_sym_add(P, &d.name, PX_S_SHARED, UINT64_MAX, 0))
                return 0;
        } else {
            o = align_up(P->mod->shared_static, (uint32_t)d.align);
            if (o + bytes > WT_PTX_SPACE_LIMIT) {
                PUNS(&d.name, "more than 16 MiB of shared memory");
                return 0;
            }
            P->mod->shared_static = o + (uint32_t)bytes;
            if (!wt__ptx_sym_add(P, &d.name, PX_S_SHARED, o, (uint32_t)bytes))
                return 0;
        }
        return wt__ptx_expect_p(P, ';');
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
    if (!wt__ptx_sym_add(P, &d.name, PX_S_GLOBAL, (uint64_t)(uintptr_t)mem, (uint32_t)bytes))
        return 0;
    if (px_is_p(wt__ptx_peek(P), '=')) {
        wt__ptx_next(P);
        if (!parse_init(P, &d, mem, bytes))
            return 0;
    }
    return wt__ptx_expect_p(P, ';');
}

/* ---- functions ---- */
static int parse_param(px_parser *P, px_param *pp, int is_entry)
{
    px_token *t = wt__ptx_next(P);
    if (P->st)
        return 0;
    if (!px_is_w(t, ".param") && !(px_is_w(t, ".reg"))) {
        PERR(t, "expected .param");
        return 0;
    }
    if (px_is_w(t, ".reg")) {
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
    pp->name = wt__ptx_dupn(d.name.s, d.name.len);
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
        px_token *t = wt__ptx_next(P);
        if (P->st)
            return 0;
        if (t->kind == PX_TK_EOF) {
            PERR(t, "unterminated function body");
            return 0;
        }
        if (px_is_p(t, '{')) {
            if (depth >= 64) {
                PUNS(t, "scopes nested deeper than 64");
                return 0;
            }
            scope_syms[depth] = P->nsyms;
            scope_regs[depth] = P->nregs;
            depth++;
            continue;
        }
        if (px_is_p(t, '}')) {
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
        if (px_is_p(t, ';'))
            continue;
        if (t->kind == PX_TK_DIRECTIVE) {
            if (px_is_w(t, ".reg")) {
                px_token *ty = wt__ptx_next(P);
                int k, v;
                if (P->st)
                    return 0;
                int vecn = 1;
                if (px_is_w(ty, ".v2") || px_is_w(ty, ".v4")) {
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
                    px_token *n = wt__ptx_next(P);
                    if (P->st)
                        return 0;
                    if (n->kind != PX_TK_IDENT || (n->s[0] == '_' && n->len == 1)) { /* __$temp3: nvcc's */
                        PERR(n, "expected a register name");
                        return 0;
                    }
                    px_token name = *n;
                    uint32_t cnt = 0;
                    if (px_is_p(wt__ptx_peek(P), '<')) {
                        wt__ptx_next(P);
                        uint64_t c;
                        if (!wt__ptx_tok_int(P, wt__ptx_next(P), &c))
                            return 0;
                        if (c == 0 || c > (1u << 20)) {
                            PERR(&P->tok, "register count out of range");
                            return 0;
                        }
                        cnt = (uint32_t)c;
                        if (!wt__ptx_expect_p(P, '>'))
                            return 0;
                    }
                    if (!wt__ptx_reg_declare(P, &name, cnt, v))
                        return 0;
                    px_token *s = wt__ptx_next(P);
                    if (P->st)
                        return 0;
                    if (px_is_p(s, ';'))
                        break;
                    if (!px_is_p(s, ',')) {
                        PERR(s, "expected ',' or ';'");
                        return 0;
                    }
                }
                continue;
            }
            if (px_is_w(t, ".local") || px_is_w(t, ".param") || px_is_w(t, ".shared")) {
                int sp = px_is_w(t, ".local") ? PX_SP_LOCAL : px_is_w(t, ".param") ? PX_SP_PARAM : PX_SP_SHARED;
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
                if (!wt__ptx_sym_add(P, &d.name, sp == PX_SP_LOCAL ? PX_S_LOCAL : PX_S_FPARAM, off, (uint32_t)bytes))
                    return 0;
                if (!wt__ptx_expect_p(P, ';'))
                    return 0;
                continue;
            }
            if (px_is_w(t, ".loc") || px_is_w(t, ".file")) {
                uint32_t line = t->line;
                while (wt__ptx_peek(P)->kind != PX_TK_EOF && wt__ptx_peek(P)->line == line)
                    wt__ptx_next(P);
                continue;
            }
            if (px_is_w(t, ".pragma")) {
                while (!px_is_p(wt__ptx_next(P), ';')) {
                    if (P->st || P->tok.kind == PX_TK_EOF)
                        return PERR(&P->tok, "unterminated .pragma"), 0;
                }
                continue;
            }
            PUNS(t, "directive %s in a function body", wt__ptx_tokname(t, nb, sizeof nb));
            return 0;
        }
        if (t->kind == PX_TK_IDENT && px_is_p(wt__ptx_peek(P), ':')) {
            px_token lt = *t;
            t = &lt;
            wt__ptx_next(P);
            if (px_is_w(wt__ptx_peek(P), ".branchtargets")) {
                /* name: .branchtargets L1, L2, ...; (brx.idx): the labels are resolved with bra's */
                wt__ptx_next(P);
                uint32_t first = P->nbrx;
                for (;;) {
                    px_token *n = wt__ptx_next(P);
                    if (P->st)
                        return 0;
                    if (n->kind != PX_TK_IDENT) {
                        PERR(n, "expected a label in .branchtargets");
                        return 0;
                    }
                    if (!GROW(P->brx, P->cap_brx, P->nbrx + 1) || !GROW(P->fix, P->cap_fix, P->nfix + 1))
                        return OOM(), 0;
                    P->brx[P->nbrx] = UINT32_MAX;
                    P->fix[P->nfix].name = wt__ptx_dupn(n->s, n->len);
                    if (!P->fix[P->nfix].name)
                        return OOM(), 0;
                    P->fix[P->nfix].insn = P->nbrx++;
                    P->fix[P->nfix].tok = *n;
                    P->fix[P->nfix].tbl = 1;
                    P->nfix++;
                    px_token *s = wt__ptx_next(P);
                    if (P->st)
                        return 0;
                    if (px_is_p(s, ';'))
                        break;
                    if (!px_is_p(s, ',')) {
                        PERR(s, "expected ',' or ';'");
                        return 0;
                    }
                }
                if (!wt__ptx_sym_add(P, t, PX_S_BRXLIST, first, P->nbrx - first))
                    return 0;
                continue;
            }
            if (px_is_w(wt__ptx_peek(P), ".callprototype")) {
                while (!px_is_p(wt__ptx_next(P), ';'))
                    if (P->st || P->tok.kind == PX_TK_EOF)
                        return PERR(&P->tok, "unterminated .callprototype"), 0;
                if (!wt__ptx_sym_add(P, t, PX_S_PROTO, 0, 0))
                    return 0;
                continue;
            }
            if (wt__ptx_label_index(P, t->s, t->len) >= 0) {
                PERR(t, "label defined twice");
                return 0;
            }
            if (!GROW(P->labels, P->cap_labels, P->nlabels + 1))
                return OOM(), 0;
            P->labels[P->nlabels].name = wt__ptx_dupn(t->s, t->len);
            if (!P->labels[P->nlabels].name)
                return OOM(), 0;
            P->labels[P->nlabels].pc = P->ncode;
            P->nlabels++;
            continue;
        }
        if (!wt__ptx_decode_insn(P, t))
            return 0;
    }
    /* scope 0 names (function-level) are dropped by the caller */
    for (int i = 0; i < P->nfix; i++) {
        int li = wt__ptx_label_index(P, P->fix[i].name, strlen(P->fix[i].name));
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
    if (!is_entry && px_is_p(wt__ptx_peek(P), '(')) {
        wt__ptx_next(P);
        if (!parse_param(P, &f->ret, 0) || !wt__ptx_expect_p(P, ')'))
            goto out;
    }
    wt__ptx_next(P);
    if (P->st)
        goto out;
    if (P->tok.kind != PX_TK_IDENT) {
        PERR(&P->tok, "expected a function name");
        goto out;
    }
    nt = P->tok;
    f->name = wt__ptx_dupn(nt.s, nt.len);
    if (!f->name) {
        OOM();
        goto out;
    }
    if (px_is_p(wt__ptx_peek(P), '(')) {
        wt__ptx_next(P);
        if (!px_is_p(wt__ptx_peek(P), ')')) {
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
                px_token *s = wt__ptx_next(P);
                if (P->st)
                    goto out;
                if (px_is_p(s, ')'))
                    break;
                if (!px_is_p(s, ',')) {
                    PERR(s, "expected ',' or ')'");
                    goto out;
                }
            }
        } else {
            wt__ptx_next(P);
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
        px_token *t = wt__ptx_peek(P);
        if (P->st)
            goto out;
        if (px_is_p(t, '{') || px_is_p(t, ';') || t->kind == PX_TK_EOF)
            break;
        wt__ptx_next(P);
    }
    int fidx;
    px_func *prev = wt__ptx_func_find(P, f->name, strlen(f->name), &fidx);
    if (prev && (prev->defined || prev->is_entry != is_entry || prev->nparams != f->nparams ||
                 prev->ret.size != f->ret.size)) {
        if (prev->defined || !px_is_p(wt__ptx_peek(P), ';')) {
            if (prev->defined && px_is_p(wt__ptx_peek(P), ';')) {
                wt__ptx_next(P);
                ok = 1;
                goto out;
            }
            PERR(&nt, prev->defined ? "function defined twice" : "definition does not match the declaration");
            goto out;
        }
    }
    if (px_is_p(wt__ptx_peek(P), ';')) {
        wt__ptx_next(P);
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
            if (!wt__ptx_sym_add(P, &nt, PX_S_FUNC, (uint64_t)(m->nfuncs - 1), 0))
                goto out;
        }
        (void)is_extern;
        ok = 1;
        goto out;
    }
    wt__ptx_next(P); /* '{' */
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
        if (!wt__ptx_sym_add(P, &nt, PX_S_FUNC, (uint64_t)fidx, 0)) {
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
        if (!wt__ptx_sym_add(P, &pt, is_entry ? PX_S_KPARAM : PX_S_FPARAM, cur->params[i].offset, cur->params[i].size))
            goto body_out;
    }
    if (cur->ret.size) {
        px_token pt = {0};
        pt.s = cur->ret.name;
        pt.len = (uint32_t)strlen(cur->ret.name);
        if (!wt__ptx_sym_add(P, &pt, PX_S_FPARAM, 0, cur->ret.size))
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
    while (!px_is_p(wt__ptx_peek(P), '{')) {
        if (P->st || wt__ptx_peek(P)->kind == PX_TK_EOF)
            return PERR(wt__ptx_peek(P), "expected '{' after .section"), 0;
        wt__ptx_next(P);
    }
    wt__ptx_next(P);
    int depth = 1;
    while (depth) {
        px_token *t = wt__ptx_next(P);
        if (P->st)
            return 0;
        if (t->kind == PX_TK_EOF)
            return PERR(t, "unterminated .section"), 0;
        if (px_is_p(t, '{'))
            depth++;
        else if (px_is_p(t, '}'))
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
        px_token *t = wt__ptx_next(P);
        if (P->st || t->kind == PX_TK_EOF)
            break;
        if (px_is_w(t, ".version")) {
            px_token *v = wt__ptx_next(P);
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
        if (px_is_w(t, ".target")) {
            for (;;) {
                px_token *a = wt__ptx_next(P);
                if (P->st)
                    break;
                if (a->kind != PX_TK_IDENT) {
                    PERR(a, "expected a target");
                    break;
                }
                if (px_is_w(a, "texmode_independent"))
                    mod->unified = 0;
                if (!px_is_p(wt__ptx_peek(P), ','))
                    break;
                wt__ptx_next(P);
            }
            saw_target = 1;
            continue;
        }
        if (!saw_target) {
            PERR(t, ".target must follow .version");
            break;
        }
        if (px_is_w(t, ".address_size")) {
            uint64_t n;
            if (!wt__ptx_tok_int(P, wt__ptx_next(P), &n))
                break;
            if (n != 64)
                PUNS(&P->tok, ".address_size %llu (warptex runs 64-bit PTX)", (unsigned long long)n);
            continue;
        }
        if (px_is_w(t, ".file") || px_is_w(t, ".loc")) {
            uint32_t line = t->line;
            while (wt__ptx_peek(P)->kind != PX_TK_EOF && wt__ptx_peek(P)->line == line)
                wt__ptx_next(P);
            continue;
        }
        if (px_is_w(t, ".pragma")) {
            while (!P->st && !px_is_p(wt__ptx_next(P), ';'))
                if (P->tok.kind == PX_TK_EOF) {
                    PERR(&P->tok, "unterminated .pragma");
                    break;
                }
            continue;
        }
        if (px_is_w(t, ".section")) {
            skip_section(P);
            continue;
        }
        int is_extern = 0;
        while (px_is_w(t, ".visible") || px_is_w(t, ".extern") || px_is_w(t, ".weak") || px_is_w(t, ".common")) {
            if (px_is_w(t, ".extern"))
                is_extern = 1;
            t = wt__ptx_next(P);
            if (P->st)
                break;
        }
        if (P->st)
            break;
        if (px_is_w(t, ".entry") || px_is_w(t, ".func")) {
            parse_function(P, px_is_w(t, ".entry"), is_extern);
            continue;
        }
        if (px_is_w(t, ".global") || px_is_w(t, ".const") || px_is_w(t, ".shared") || px_is_w(t, ".local")) {
            int sp = px_is_w(t, ".global") ? PX_SP_GLOBAL : px_is_w(t, ".const") ? PX_SP_CONST : px_is_w(t, ".shared") ? PX_SP_SHARED : PX_SP_LOCAL;
            if (is_extern && sp != PX_SP_SHARED) {
                PUNS(t, "extern .global/.const data");
                break;
            }
            parse_module_var(P, sp);
            continue;
        }
        if (t->kind == PX_TK_DIRECTIVE)
            PUNS(t, "directive %s", wt__ptx_tokname(t, nb, sizeof nb));
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
