/* ptx_parse.h -- the parser's state and operand trees, shared by ptx_parse.c and the decoders
 * SPDX-License-Identifier: MIT */
#ifndef WT_PTX_PARSE_H
#define WT_PTX_PARSE_H

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

WT_INTERNAL wt_status wt__ptx_err(px_parser *P, const px_token *t, wt_status st, const char *fmt, ...)
    WT_PRINTF(4, 5);
WT_INTERNAL int wt__ptx_src(px_parser *P, int o, int type, px_ref *r);
WT_INTERNAL int wt__ptx_dst(px_parser *P, int o, int type, px_ref *r);
/* ld, ldu, st, cvt, suld, sust: may register r (operand o) hold data of type `type`, which it may
 * exceed (PTX ISA 6.4.2)? role: "source" or "destination", for the message. */
WT_INTERNAL int wt__ptx_relaxed_operand(px_parser *P, int o, const px_ref *r, int type, const char *role);
/* vadd4 ... vset2 (ptx_decode_video.c): mk/mv the nmods modifiers as ptx_mods.def classes them. */
WT_INTERNAL int wt__ptx_decode_video(px_parser *P, px_insn *in, const px_token *optok, const int *mk, const int *mv,
                                     int nmods);
WT_INTERNAL int wt__ptx_decode_tex(px_parser *P, px_insn *in, const px_token *optok, int *mk, int *mv, int nmods);

#endif
