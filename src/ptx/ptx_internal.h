/* ptx_internal.h -- the PTX front end's decoded form, shared by lexer, parser, decoder and interpreter
 * SPDX-License-Identifier: MIT */
#ifndef WT_PTX_INTERNAL_H
#define WT_PTX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/internal.h"
#include "warptex/op.h"
#include "warptex/ptx.h"
#include "warptex/warp.h"

#define PX_W WT_WARP_SIZE
#define PX_PREFIX_MAX 64 /* the longest invariant prefix looked at (ptx_interp.c) */

/* ---- opcodes and modifiers (ptx_ops.def, ptx_mods.def) ---- */
typedef enum px_opcode {
#define X(name, ...) PX_OP_##name,
#include "ptx_ops.def"
#undef X
    PX_OP_COUNT
} px_opcode;

typedef enum px_class { PX_CLS_ALU, PX_CLS_MEM, PX_CLS_CTL, PX_CLS_TEX } px_class;

typedef enum px_type {
    PX_T_NONE = 0,
    PX_T_B8, PX_T_B16, PX_T_B32, PX_T_B64,
    PX_T_U8, PX_T_U16, PX_T_U32, PX_T_U64,
    PX_T_S8, PX_T_S16, PX_T_S32, PX_T_S64,
    PX_T_F16, PX_T_F16X2, PX_T_BF16, PX_T_BF16X2, PX_T_F32, PX_T_F64,
    PX_T_PRED, PX_T_B128,
    PX_T_COUNT
} px_type;

typedef enum px_space { PX_SP_GENERIC = 0, PX_SP_GLOBAL, PX_SP_SHARED, PX_SP_LOCAL, PX_SP_PARAM, PX_SP_CONST } px_space;
enum { PX_RN = 1, PX_RZ, PX_RM, PX_RP, PX_RNA };
enum { PX_EQ = 1, PX_NE, PX_LT, PX_LE, PX_GT, PX_GE, PX_LO_, PX_LS, PX_HI_, PX_HS, PX_EQU, PX_NEU,
       PX_LTU, PX_LEU, PX_GTU, PX_GEU, PX_NUM, PX_NAN };
enum { PX_LO = 1, PX_HI, PX_WIDE };
enum { PX_BAND = 1, PX_BOR, PX_BXOR };
enum { PX_A_ADD = 1, PX_A_INC, PX_A_DEC, PX_A_MIN, PX_A_MAX, PX_A_EXCH, PX_A_CAS, PX_A_AND, PX_A_OR,
       PX_A_XOR };
enum {
    PX_F_FTZ = 1u << 0, PX_F_SAT = 1u << 1, PX_F_APPROX = 1u << 2, PX_F_FULL = 1u << 3,
    PX_F_UNI = 1u << 4, PX_F_SYNC = 1u << 5, PX_F_ALIGNED = 1u << 6, PX_F_ABS = 1u << 7, /* .xorsign.abs */
    PX_F_CC = 1u << 8, PX_F_SHIFTAMT = 1u << 9, PX_F_CLAMP = 1u << 10, PX_F_WRAP = 1u << 11,
    PX_F_ARRIVE = 1u << 12, PX_F_RED = 1u << 13, PX_F_NAN = 1u << 14, PX_F_RELU = 1u << 15,
    PX_F_XORSIGN = 1u << 16, PX_F_SATFINITE = 1u << 17,
    PX_F_WARP = 1u << 18,       /* bar.warp.sync */
    PX_F_CACHE_HINT = 1u << 19  /* .L2::cache_hint: ld/st take a cache-policy operand last */
};

typedef enum px_modkind {
    PX_MK_TYPE, PX_MK_SPACE, PX_MK_TO, PX_MK_RND, PX_MK_RNDI, PX_MK_CMP, PX_MK_LOHI, PX_MK_BOOL,
    PX_MK_VEC, PX_MK_FLAG, PX_MK_TESTP, PX_MK_ATOM, PX_MK_SHFL, PX_MK_VOTE, PX_MK_PRMT, PX_MK_GEOM,
    PX_MK_MIP, PX_MK_COMP, PX_MK_SURFB, PX_MK_SURFP, PX_MK_CLAMPM, PX_MK_HTYPE, PX_MK_QUERY,
    PX_MK_REDOP,
    PX_MK_POLICY, /* createpolicy's form */
    PX_MK_WIDE,   /* .wide (mul, mad): kept apart from .lo/.hi, which more instructions take */
    PX_MK_ORDER,  /* memory order and scope (.volatile .relaxed .acquire ... .cta .gpu .sys): no effect */
    PX_MK_CACHE,  /* cache operators, eviction priorities, prefetch sizes (.ca ... .L2::256B): no effect */
    PX_MK_COUNT
} px_modkind;

/* Sets of modifiers (ptx_ops.def's mods column): bit k for a modifier of kind PX_MK_k, and for
 * the single flags (PX_MK_FLAG) bit 32 + log2 of the flag, so that each flag is allowed alone. */
#define PX_MM(k) ((uint64_t)1 << PX_MK_##k)
#define PX_MF(f) ((uint64_t)PX_F_##f << 32)

/* Sets of types (ptx_ops.def's types column): bit t for px_type t. */
#define PX_TM(t) (1u << PX_T_##t)
#define PX_TM_OF(t) (1u << (unsigned)(t))
#define PX_TM_ALL (((1u << PX_T_COUNT) - 1u) & ~1u) /* every type (PX_T_NONE is none) */
#define PX_TM_INT                                                                                      \
    (PX_TM(B8) | PX_TM(B16) | PX_TM(B32) | PX_TM(B64) | PX_TM(U8) | PX_TM(U16) | PX_TM(U32) | PX_TM(U64) | \
     PX_TM(S8) | PX_TM(S16) | PX_TM(S32) | PX_TM(S64))
#define PX_TM_F32F64 (PX_TM(F32) | PX_TM(F64))
#define PX_TM_US3264 (PX_TM(U32) | PX_TM(S32) | PX_TM(U64) | PX_TM(S64))
/* add, sub, mul, mad, min, max, abs, neg (f16, f16x2, bf16 and bf16x2 run as half arithmetic
 * first where ptx_half.c does them: ptx_alu_support.c) */
#define PX_TM_ARITH (PX_TM_ALL & ~(PX_TM(F16) | PX_TM(F16X2) | PX_TM(BF16) | PX_TM(PRED) | PX_TM(B128)))
/* shifts and bit counts: not float, not .pred, at least 16 bits */
#define PX_TM_SHIFT ((PX_TM_INT & ~(PX_TM(B8) | PX_TM(U8) | PX_TM(S8))) | PX_TM(B128))
/* bfe, bfi: any type of 32 or 64 bits */
#define PX_TM_32_64                                                                                     \
    (PX_TM(B32) | PX_TM(B64) | PX_TM(U32) | PX_TM(U64) | PX_TM(S32) | PX_TM(S64) | PX_TM(F32) | PX_TM(F64) | \
     PX_TM(F16X2) | PX_TM(BF16X2))
/* ld, ldu, st, atom, red */
#define PX_TM_MEM (PX_TM_ALL & ~(PX_TM(PRED) | PX_TM(B128) | PX_TM(F16X2) | PX_TM(BF16) | PX_TM(BF16X2)))

/* The modifier sets several rows share (ptx_ops.def) */
#define PX_MS_FLOAT1 (PX_MM(TYPE) | PX_MM(RND) | PX_MF(FTZ) | PX_MF(APPROX)) /* rcp, sqrt */
#define PX_MS_APPROX (PX_MM(TYPE) | PX_MF(FTZ) | PX_MF(APPROX))              /* rsqrt, sin, cos, lg2, ex2 */
#define PX_MS_MINMAX (PX_MM(TYPE) | PX_MF(FTZ) | PX_MF(NAN) | PX_MF(XORSIGN) | PX_MF(ABS) | PX_MF(RELU))
#define PX_MS_SETP (PX_MM(TYPE) | PX_MM(CMP) | PX_MM(LOHI) | PX_MM(BOOL) | PX_MF(FTZ))
#define PX_MS_VIDEO (PX_MM(TYPE) | PX_MM(ATOM) | PX_MF(SAT)) /* vadd4 ...: the types, .add, .sat */
#define PX_MS_MEM (PX_MM(TYPE) | PX_MM(SPACE) | PX_MM(VEC) | PX_MM(ORDER) | PX_MM(CACHE) | PX_MF(CACHE_HINT))
#define PX_MS_ATOM ((PX_MS_MEM & ~PX_MM(CACHE)) | PX_MM(ATOM) | PX_MM(BOOL)) /* atom, red: no cache operator */
#define PX_MS_BAR /* bar, barrier: .sync/.arrive/.red{.popc|.and|.or}.type, .cta */                        \
    (PX_MF(SYNC) | PX_MF(ARRIVE) | PX_MF(RED) | PX_MM(REDOP) | PX_MM(BOOL) | PX_MM(TYPE) | PX_MM(ORDER))
#define PX_MS_SURF (PX_MM(SURFB) | PX_MM(GEOM) | PX_MM(VEC) | PX_MM(TYPE) | PX_MM(CLAMPM) | PX_MF(CLAMP))

/* A row of the opcode table (ptx_ops.def, ptx_ops.c), indexed by px_opcode. */
typedef struct px_opinfo {
    const char *name;
    uint8_t cls;       /* px_class */
    const char *shape; /* ALU: the operands' letters, the destination first; "": the class decoder's */
    uint32_t types;    /* PX_TM_* */
    uint64_t mods;     /* PX_MM() / PX_MF(): the modifiers it takes; another is refused at load */
} px_opinfo;
WT_INTERNAL extern const px_opinfo wt__ptx_ops[PX_OP_COUNT];

static inline int px_type_bits(int t)
{
    static const uint8_t b[PX_T_COUNT] = {0, 8, 16, 32, 64, 8, 16, 32, 64, 8, 16, 32, 64, 16, 32, 16, 32, 32, 64, 1, 128};
    return (t > 0 && t < PX_T_COUNT) ? b[t] : 0;
}
static inline int px_type_signed(int t) { return t >= PX_T_S8 && t <= PX_T_S64; }
static inline int px_type_float(int t) { return t >= PX_T_F16 && t <= PX_T_F64; }
static inline int px_type_bitsize(int t) { return (t >= PX_T_B8 && t <= PX_T_B64) || t == PX_T_B128; }
/* The lowest lane set in a nonzero lane mask. */
static inline int px_first_lane(uint32_t m) { return __builtin_ctz(m); }
/* The register mask of a width of 1..64 bits. */
static inline uint64_t px_width_mask(int bits) { return ~(uint64_t)0 >> ((unsigned)(64 - bits) & 63); }

/* ---- lexer (ptx_lex.c) ---- */
typedef enum px_tok {
    PX_TK_EOF = 0, PX_TK_IDENT, PX_TK_DIRECTIVE, PX_TK_NUMBER, PX_TK_STRING, PX_TK_PUNCT, PX_TK_ERROR
} px_tok;

typedef struct px_token {
    uint8_t kind;     /* px_tok */
    char punct;       /* PX_TK_PUNCT: the character */
    uint8_t glued;    /* no space before this token */
    uint32_t line, col;
    const char *s;    /* points into the text */
    uint32_t len;
} px_token;

typedef struct px_lexer {
    const char *p, *end, *text;
    uint32_t line;
    const char *line_start;
} px_lexer;

WT_INTERNAL void wt__ptx_lex_init(px_lexer *lx, const char *text, size_t len);
WT_INTERNAL px_token wt__ptx_lex_next(px_lexer *lx);

/* ---- decoded form ---- */
/* An operand read by an executor: 32 lanes of 64-bit values.  Registers
 * live in the frame's register file, immediates in the module's pool (each
 * one broadcast to 32 lanes at load), special registers in the warp. */
enum { PX_R_NONE = 0, PX_R_REG, PX_R_IMM, PX_R_SREG, PX_R_LOCALSYM, PX_R_TEXREF, PX_R_SURFREF,
       PX_R_SMPREF, PX_R_DYNSHARED };

typedef struct px_ref {
    uint8_t kind;
    uint8_t neg;    /* !p for predicate sources */
    uint32_t idx;   /* register slot, pool index, sreg index, frame offset, binding index */
} px_ref;

/* Special registers: per warp, filled once (clock ones before each read). */
enum {
    PX_SR_TID_X, PX_SR_TID_Y, PX_SR_TID_Z, PX_SR_NTID_X, PX_SR_NTID_Y, PX_SR_NTID_Z,
    PX_SR_CTAID_X, PX_SR_CTAID_Y, PX_SR_CTAID_Z, PX_SR_NCTAID_X, PX_SR_NCTAID_Y, PX_SR_NCTAID_Z,
    PX_SR_LANEID, PX_SR_WARPID, PX_SR_NWARPID, PX_SR_SMID, PX_SR_NSMID, PX_SR_GRIDID,
    PX_SR_LANEMASK_EQ, PX_SR_LANEMASK_LT, PX_SR_LANEMASK_LE, PX_SR_LANEMASK_GT, PX_SR_LANEMASK_GE,
    PX_SR_CLOCK, PX_SR_CLOCK64, PX_SR_GLOBALTIMER, PX_SR_DYN_SMEM, PX_SR_TOTAL_SMEM,
    /* a launch without clusters is a grid of one-block clusters: %clusterid and %nclusterid read
     * %ctaid and %nctaid; these hold the rest (every component of %cluster_ctaid 0, of
     * %cluster_nctaid 1; %cluster_ctarank 0, %cluster_nctarank 1, %is_explicit_cluster false) */
    PX_SR_CLUSTER_CTAID, PX_SR_CLUSTER_NCTAID, PX_SR_CLUSTER_CTARANK, PX_SR_CLUSTER_NCTARANK,
    PX_SR_IS_EXPLICIT_CLUSTER,
    PX_SR_COUNT
};

/* Address operand [base + sym + off]. */
enum { PX_SYM_NONE = 0, PX_SYM_ABS, PX_SYM_SHARED, PX_SYM_LOCAL, PX_SYM_KPARAM };
typedef struct px_addr {
    px_ref base;      /* PX_R_NONE: no register */
    uint8_t sym;      /* PX_SYM_*: what the symbol part is relative to */
    uint64_t symval;  /* ABS: a host address; SHARED: offset; LOCAL: frame offset; KPARAM: offset */
    int64_t off;
} px_addr;

struct px_warp;
struct px_insn;
/* An executor of a straight-line instruction (no control flow) on the lanes
 * in mask: 0, or -1 after a fault. */
typedef int (*px_exec_fn)(struct px_warp *w, const struct px_insn *in, uint32_t mask);

typedef struct px_insn {
    uint16_t op;     /* px_opcode */
    uint8_t type;    /* main type */
    uint8_t type2;   /* cvt source type, setp/set source type, prmt mode ... */
    uint8_t rnd, rndi, cmp, bop, lohi, space, vec, aop, sub, to;
    uint32_t flags;  /* PX_F_* */
    uint8_t ndst, nsrc;
    uint8_t has_addr;
    uint8_t reads_clock;
    uint8_t invariant; /* in an entry's invariant prefix (run_block): 1 the same in every warp of
                        * the launch, 2 in every warp of a block; 0 neither */
    px_ref guard;    /* PX_R_NONE or a predicate register (neg: @!p) */
    px_ref dst[4];
    /* ld, ldu, cvt: each destination register's width, which may exceed the type's; the value is
     * then sign-extended for a signed type and zero-extended otherwise (PTX ISA 6.4.2) */
    uint8_t dst_bits[4];
    px_ref src[6];
    px_addr addr;
    uint32_t target; /* bra: instruction index; call: function index; brx: first entry of px_func.brx */
    uint32_t ntarget; /* brx: the number of targets */
    uint32_t line;
    /* SIMD video (vadd4 ... vset2): the element of {b, a} each lane of a and of b takes (4 bits a
     * lane, lane 0 lowest), the lanes written (bit i: lane i), b's type, and .add */
    uint16_t vsel_a, vsel_b;
    uint8_t vmask, vtype_b, vadd;
    /* the executor, chosen at load by the active backend (wt__backend.ptx_executor); NULL:
     * control flow (bra, call, ret, exit, trap, bar, activemask), which warp_run does itself */
    px_exec_fn run;
    /* call: callee formal offsets get the bytes of these caller-frame offsets */
    uint32_t call_args, call_nargs; /* index into the function's call-arg table */
    int32_t call_ret_off;           /* caller-frame offset of the return value, -1 none */
    /* texture / surface */
    wt_op top;
    px_ref handle;   /* the texture/surface handle (register or binding) */
    px_ref sampler;  /* PX_R_NONE or the explicit sampler */
    px_ref pdst;     /* tex/tld4 d|p */
    px_ref tsrc[4][4]; /* coordinate / lod / grad / offset operands, see ptx_decode_tex.c */
    uint8_t tn[4];
} px_insn;

typedef struct px_callarg {
    uint32_t from, to, size; /* caller frame offset, callee frame offset, bytes */
} px_callarg;

typedef struct px_param {
    char *name;
    uint32_t size, align, offset;
} px_param;

typedef struct px_func {
    char *name;
    int is_entry;
    int defined;
    px_param *params;   /* formal parameters (entry: kernel param buffer; func: frame) */
    int nparams;
    px_param ret;       /* func_retval0 (size 0: none) */
    uint32_t kparam_size;
    px_insn *code;
    uint32_t ncode;
    uint32_t nprefix;     /* entry: its first nprefix instructions are straight-line, unguarded
                           * and run by every lane (run_block); 0 when none is invariant */
    uint8_t pre_var[PX_PREFIX_MAX];    /* the prefix's instructions that are not invariant */
    uint8_t pre_block[PX_PREFIX_MAX];  /* ... and those that are not launch-wide */
    uint8_t npre_var, npre_block;
    uint32_t nregs;
    uint32_t frame_size;  /* per-lane local bytes of one frame (locals, call params, formals) */
    px_callarg *callargs;
    uint32_t ncallargs;
    uint32_t *brx;        /* brx.idx target lists (.branchtargets): instruction indices */
    uint32_t nbrx;
    /* filled at load by the call-graph walk (ptx_interp.c), saturating at UINT32_MAX */
    int depth_state;      /* 0 unvisited, 1 visiting, 2 done */
    uint32_t max_local;   /* frame_size plus the deepest callee chain */
    uint32_t max_regs;
    uint32_t max_depth;   /* frames of the deepest chain, this function's included */
    int recursive;        /* entry: 1 recursive (cycle says where), -1 the walk ran out of memory */
    char cycle[128];      /* entry: "f -> g -> f", a cycle of calls it reaches */
    int has_barrier;      /* it or a function it may call has bar/barrier */
    int addr_taken;       /* its address is a value: indirect calls may reach it */
} px_func;

typedef struct px_binding {
    char *name;
    int kind;        /* WT_TYPE_TEXREF / SAMPLERREF / SURFREF */
    uint64_t handle;
    int owned;       /* a sampler the module made from the initialiser */
} px_binding;

typedef struct px_range {
    uintptr_t base;
    size_t size;
    int writable;
    int owned; /* module data, freed at unload */
} px_range;

struct wt_function_s {
    struct wt_module_s *mod;
    px_func *fn;
};

struct wt_module_s {
    char *name;
    px_func **funcs;
    int nfuncs;
    struct wt_function_s *handles; /* one per function, parallel to funcs */
    uint64_t *imm;                 /* immediates, each PX_W lanes */
    uint32_t nimm, cap_imm;
    px_binding *binds;
    int nbinds;
    uint8_t *globals;              /* module .global/.const data (registered ranges) */
    size_t globals_size;
    uint32_t shared_static;        /* bytes of static .shared */
    px_range *ranges;              /* sorted by base, non-overlapping */
    int nranges, cap_ranges;
    int unified;                   /* texmode_unified (default) */
};

/* ptx_parse.c */
WT_INTERNAL wt_status wt__ptx_parse(struct wt_module_s *mod, const char *text, size_t len);
WT_INTERNAL void wt__ptx_module_free(struct wt_module_s *mod);
WT_INTERNAL int wt__ptx_add_range(struct wt_module_s *m, void *p, size_t n, int writable, int owned);
/* ptx_interp.c */
WT_INTERNAL void wt__ptx_plan_entries(struct wt_module_s *mod);
WT_INTERNAL wt_status wt__ptx_launch(struct wt_function_s *fn, wt_dim3 grid, wt_dim3 block, size_t shared_bytes,
                                     void *const *params);

/* ptx_half.c: f16 and bf16 (PX_HALF_*) values, exactly to double and rounded from it (rnd: PX_RN,
 * PX_RZ, PX_RM, PX_RP; a NaN gives the canonical 0x7fff), and the half-precision arithmetic. */
enum { PX_HALF_F16, PX_HALF_BF16 };
WT_INTERNAL double wt__ptx_half_to_double(uint32_t h, int fmt);
WT_INTERNAL uint32_t wt__ptx_half_from_double(double x, int rnd, int fmt);
WT_INTERNAL int wt__ptx_half_type(int t); /* 1 f16, 2 f16x2, 3 bf16, 4 bf16x2, 0 neither */
WT_INTERNAL int wt__ptx_half_supported(const px_insn *in);
WT_INTERNAL void wt__ptx_half_alu(const px_insn *in, uint64_t *r, const uint64_t *a, const uint64_t *b,
                                  const uint64_t *c);
/* ptx_video.c: the SIMD video instructions (vadd4 ... vset4, vadd2 ... vset2) on 32 lanes. */
WT_INTERNAL int wt__ptx_video_op(int op);            /* 4 or 2 (its lanes) for a SIMD video opcode, else 0 */
WT_INTERNAL void wt__ptx_video_lanes(const px_insn *in, uint32_t mask, uint64_t *r, const uint64_t *a,
                                     const uint64_t *b, const uint64_t *c); /* writes r's lanes in mask */
/* ptx_alu_support.c */
WT_INTERNAL int wt__ptx_alu_supported(const px_insn *in); /* 0: refuse at load */

#endif
