/* ptx_parse.h -- the parser's state and operand trees, shared by the parser (ptx_parse.c), the
 * decoders (ptx_decode.c, ptx_decode_tex.c, ptx_decode_video.c) and the operand layer under them
 * (ptx_operand.c)
 * SPDX-License-Identifier: MIT
 *
 * Who calls whom: ptx_parse.c -> ptx_decode.c -> ptx_decode_tex.c, ptx_decode_video.c, and all of
 * them -> ptx_operand.c; never the other way. */
#ifndef WT_PTX_PARSE_H
#define WT_PTX_PARSE_H

#include <string.h>

#include "ptx_internal.h"

/* A parsed operand before decoding. */
enum { PO_NAME = 1, PO_NUM, PO_ADDR, PO_VEC, PO_LIST, PO_SINK };
#define PO_MAX 48
typedef struct po {
    int kind;
    px_token tok;      /* the first token (for messages) */
    int neg;           /* !name */
    int minus;         /* -number */
    int sreg_comp;     /* %tid.x: 0..3 (x y z w), -1 none */
    char vsel;         /* a video selector or mask after a register (r.b3210, r.h10): 'b' or 'h', 0 none */
    uint8_t nsel;      /* its digits, as written (the first names the highest lane) */
    uint8_t seld[4];
    int64_t off;       /* PO_ADDR: the +imm part */
    int nsub;
    int sub[8];        /* children (PO_VEC, PO_LIST, PO_ADDR items) */
    int pipe;          /* a|b: index of b, 0 none */
} po;

typedef struct px_regdecl {
    char name[64];
    uint32_t count;    /* 0: a single register named exactly `name`; else name<count> */
    uint32_t base;     /* first slot */
    uint8_t type;
} px_regdecl;

enum { PX_S_GLOBAL = 1, PX_S_SHARED, PX_S_LOCAL, PX_S_KPARAM, PX_S_FPARAM, PX_S_TEXREF, PX_S_SURFREF,
       PX_S_SMPREF, PX_S_FUNC, PX_S_PROTO, PX_S_BRXLIST };
typedef struct px_sym {
    char *name;
    int kind;
    uint64_t value;    /* host address / shared offset / frame offset / param offset / binding / function */
    uint32_t size;
    int global;        /* module scope */
    int writable;
} px_sym;

typedef struct px_parser {
    px_lexer lx;
    px_token tok;
    int have_peek;
    px_token peek;
    struct wt_module_s *mod;
    const char *name;
    wt_status st;
    /* symbols: module scope first, then the current function's, scoped */
    px_sym *syms;
    int nsyms, cap_syms;
    /* current function */
    px_func *fn;
    px_regdecl *regs;
    int nregs, cap_regs;
    uint8_t *regtype;  /* per slot */
    uint32_t cap_regtype;
    px_insn *code;
    uint32_t ncode, cap_code;
    struct { char *name; uint32_t pc; } *labels;
    int nlabels, cap_labels;
    struct { char *name; uint32_t insn; px_token tok; int tbl; } *fix; /* tbl: insn indexes brx */
    int nfix, cap_fix;
    px_callarg *callargs;
    uint32_t ncallargs, cap_callargs;
    uint32_t *brx;     /* .branchtargets entries (px_func.brx) */
    uint32_t nbrx, cap_brx;
    /* operand trees of the instruction being parsed */
    po ops[PO_MAX];
    int nops;
    int top[8];
    int ntop;
    /* allocations of module data, for freeing */
} px_parser;

/* ---- ptx_operand.c ---- */
/* Records the first error (later ones are dropped) as "NAME:LINE:COL: message near 'TOKEN'" and
 * returns the parser's status. */
WT_INTERNAL wt_status wt__ptx_err(px_parser *P, const px_token *t, wt_status st, const char *fmt, ...)
    WT_PRINTF(4, 5);
#define PERR(t, ...) wt__ptx_err(P, (t), WT_ERROR_PTX_PARSE, __VA_ARGS__)
#define PUNS(t, ...) wt__ptx_err(P, (t), WT_ERROR_PTX_UNSUPPORTED, __VA_ARGS__)
#define OOM() wt__ptx_err(P, NULL, WT_ERROR_OUT_OF_MEMORY, "out of memory")

/* The modifier spelt s[0..n) (no dot) in ptx_mods.def: its PX_MK_* kind and value; 0 if none. */
WT_INTERNAL int wt__ptx_mod_lookup(const char *s, size_t n, int *kind, int *value);

/* Growable arrays: 0 when out of memory or past 2^28 elements. */
WT_INTERNAL int wt__ptx_grow(void **p, uint32_t *cap, uint32_t need, size_t elem);
#define GROW(arr, cap, need) wt__ptx_grow((void **)&(arr), (uint32_t *)&(cap), (uint32_t)(need), sizeof *(arr))
WT_INTERNAL char *wt__ptx_dupn(const char *s, size_t n);

/* Tokens: the next one (a lexer error is a parse error), a look at it, an expected punctuation. */
WT_INTERNAL px_token *wt__ptx_next(px_parser *P);
WT_INTERNAL px_token *wt__ptx_peek(px_parser *P);
WT_INTERNAL int wt__ptx_expect_p(px_parser *P, char c);
static inline int px_is_p(const px_token *t, char c) { return t->kind == PX_TK_PUNCT && t->punct == c; }
static inline int px_is_w(const px_token *t, const char *w)
{
    size_t n = strlen(w);
    return (t->kind == PX_TK_DIRECTIVE || t->kind == PX_TK_IDENT) && t->len == n && !memcmp(t->s, w, n);
}
/* A copy of the token's text, at most n - 1 bytes, for messages. */
WT_INTERNAL const char *wt__ptx_tokname(const px_token *t, char *buf, size_t n);
WT_INTERNAL const char *wt__ptx_type_name(int t); /* "b32", "f16x2", ... */
/* An unsigned integer token (a parse error otherwise); a number as the bits of `type` (integers:
 * two's complement, floats: 0f/0d bit patterns, decimal values rounded to nearest). */
WT_INTERNAL int wt__ptx_tok_int(px_parser *P, px_token *t, uint64_t *v);
WT_INTERNAL int wt__ptx_num_bits(px_parser *P, const px_token *t, int minus, int type, uint64_t *out);

/* Names: symbols (innermost scope first), registers, labels, functions. */
WT_INTERNAL px_sym *wt__ptx_sym_find(px_parser *P, const char *s, size_t n);
WT_INTERNAL px_sym *wt__ptx_sym_add(px_parser *P, const px_token *t, int kind, uint64_t value, uint32_t size);
WT_INTERNAL int wt__ptx_reg_lookup(px_parser *P, const char *s, size_t n, uint32_t *slot, int *type);
WT_INTERNAL int wt__ptx_reg_declare(px_parser *P, const px_token *t, uint32_t count, int type);
WT_INTERNAL int wt__ptx_label_index(px_parser *P, const char *s, size_t n); /* -1: none */
WT_INTERNAL px_func *wt__ptx_func_find(px_parser *P, const char *s, size_t n, int *idx);

/* Operands: parse one into P->ops (its index, -1 on error), then resolve it. */
WT_INTERNAL int wt__ptx_parse_operand(px_parser *P);
WT_INTERNAL int wt__ptx_src(px_parser *P, int o, int type, px_ref *r);
WT_INTERNAL int wt__ptx_dst(px_parser *P, int o, int type, px_ref *r);
/* ld, ldu, st, cvt, suld, sust: may register r (operand o) hold data of type `type`, which it may
 * exceed (PTX ISA 6.4.2)? role: "source" or "destination", for the message. */
WT_INTERNAL int wt__ptx_relaxed_operand(px_parser *P, int o, const px_ref *r, int type, const char *role);
/* The width in bits of a resolved operand's register (64 for an immediate). */
WT_INTERNAL int wt__ptx_reg_width(px_parser *P, const px_ref *r);
/* An address operand [reg+off], [name+off] or [number] into in->addr. */
WT_INTERNAL int wt__ptx_decode_addr(px_parser *P, int o, px_insn *in);

/* ---- ptx_decode.c: the instruction statement starting at `first` (a guard or the opcode),
 * appended to P->code; 0 on error (P->st says which). ---- */
WT_INTERNAL int wt__ptx_decode_insn(px_parser *P, px_token *first);

/* vadd4 ... vset2 (ptx_decode_video.c): mk/mv the nmods modifiers as ptx_mods.def classes them. */
WT_INTERNAL int wt__ptx_decode_video(px_parser *P, px_insn *in, const px_token *optok, const int *mk, const int *mv,
                                     int nmods);
WT_INTERNAL int wt__ptx_decode_tex(px_parser *P, px_insn *in, const px_token *optok, int *mk, int *mv, int nmods);

#endif
