/* warptex/op.h -- the op record: one decoded texture/surface instruction.
 * The NVVM-named wrappers, the warp API and the PTX front end all describe an
 * instruction with exactly this record; nothing is decoded twice. */
#ifndef WARPTEX_OP_H
#define WARPTEX_OP_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum wt_family {
    WT_FAMILY_TEX = 0,
    WT_FAMILY_TLD4,
    WT_FAMILY_TXQ,
    WT_FAMILY_ISTYPEP,
    WT_FAMILY_SULD,
    WT_FAMILY_SUST,
    WT_FAMILY_SURED,
    WT_FAMILY_SUQ
} wt_family;

/* .geom; the coordinate vector c is in PTX order:
 *   1d {x}  2d {x,y}  3d {x,y,z}  a1d {layer,x}  a2d {layer,x,y}
 *   cube {x,y,z}  acube {cube,x,y,z}  2dms {sample,x,y}
 *   a2dms {layer,sample,x,y}  (decision: the layer comes first, as for a2d) */
typedef enum wt_geom {
    WT_GEOM_1D = 0,
    WT_GEOM_2D,
    WT_GEOM_3D,
    WT_GEOM_A1D,
    WT_GEOM_A2D,
    WT_GEOM_CUBE,
    WT_GEOM_ACUBE,
    WT_GEOM_2DMS,
    WT_GEOM_A2DMS,
    WT_GEOM_COUNT
} wt_geom;

typedef enum wt_mip { WT_MIP_BASE = 0, WT_MIP_LEVEL, WT_MIP_GRAD } wt_mip;

/* tex/tld4 destination: .v4.f32 .v4.s32 .v4.u32 .v4.f16 (one half per 32-bit
 * result word, low 16 bits) and .v2.f16x2 (two halves per word, component 0
 * in the low half; d[0] = {r,g}, d[1] = {b,a}). */
typedef enum wt_dtype {
    WT_DTYPE_F32 = 0,
    WT_DTYPE_S32,
    WT_DTYPE_U32,
    WT_DTYPE_F16,
    WT_DTYPE_F16X2
} wt_dtype;

typedef enum wt_ctype { WT_CTYPE_F32 = 0, WT_CTYPE_S32 } wt_ctype;

/* op flags */
#define WT_OP_OFFSET 0x01u        /* operand e present */
#define WT_OP_DEPTH_COMPARE 0x02u /* operand f present (read and ignored, [semantics#depth-compare-residency]) */
#define WT_OP_SAMPLER 0x04u       /* explicit sampler b (independent mode) */
#define WT_OP_PRED 0x08u          /* destination predicate p requested */

/* Surfaces: suld.b / sust.b / sust.p / sured.b / sured.p.  The cache
 * operators (suld .ca .cg .cs .cv, sust .wb .cg .cs .wt) have no field: on
 * one coherent memory they change nothing ([semantics#coherence]), so a decoder
 * accepts and drops them.
 *
 * Surface fields:
 *   suld.b, sust.b  geom 1d 2d 3d a1d a2d; vec 1/2/4 x bits 8/16/32/64 with
 *                   vec * bits <= 128 (no .v4.b64); x in bytes.
 *   sust.p          the same geometries and (vec, bits) pairs
 *                   ([semantics#decision-ptx-legality] to [semantics#decision-nvvm-sust-p-elements]): x in samples, one whole element of the
 *                   surface's format is written, whatever bits says.  bits is
 *                   the width of each source element (wt_surf_args.v, low
 *                   bits): 32 is PTX's .b32 register; 8, 16 and 64 are the
 *                   NVVM-only i8/i16/i64 shapes (llvm.nvvm.sust.p.*.i8 ...),
 *                   which PTX cannot spell.  [semantics#decision-nvvm-sust-p-elements] makes each element
 *                   a 32-bit word first (8/16 bits sign-extended when the
 *                   channels are signed integers, WT_CHANNEL_SIGNED,
 *                   zero-extended for every other kind; 64 bits keep the low
 *                   32), then the .b32 store converts it (.f32 for float and
 *                   normalised channels, .u32/.s32 for integer ones, [semantics#sust-p]).
 *                   On a1d/a2d the layer comes first and a layer past the
 *                   end writes the last layer ([semantics#decision-sust-p-layered], [semantics#decision-layer-past-end]).  PTX source
 *                   only ever gives bits = 32.
 *   sured.b/.p      geom 1d 2d 3d; redop and rtype; vec 1, bits 32 or 64
 *                   (the rtype's width).
 * No suld.p ([semantics#decision-ptx-legality]). */
typedef enum wt_surf_mode { WT_SURF_B = 0, WT_SURF_P } wt_surf_mode;
typedef enum wt_clamp { WT_CLAMP_TRAP = 0, WT_CLAMP_CLAMP, WT_CLAMP_ZERO } wt_clamp;
typedef enum wt_redop { WT_RED_ADD = 0, WT_RED_MIN, WT_RED_MAX, WT_RED_AND, WT_RED_OR } wt_redop;
typedef enum wt_redtype {
    WT_RTYPE_U32 = 0,
    WT_RTYPE_S32,
    WT_RTYPE_B32,
    WT_RTYPE_U64,
    WT_RTYPE_S64,
    WT_RTYPE_B64
} wt_redtype;

/* txq / suq queries (PTX spelling). */
typedef enum wt_query_kind {
    WT_Q_WIDTH = 0,
    WT_Q_HEIGHT,
    WT_Q_DEPTH,
    WT_Q_CHANNEL_DATA_TYPE,
    WT_Q_CHANNEL_ORDER,
    WT_Q_NORMALIZED_COORDS,
    WT_Q_FORCE_UNNORMALIZED_COORDS,
    WT_Q_FILTER_MODE,
    WT_Q_ADDR_MODE_0,
    WT_Q_ADDR_MODE_1,
    WT_Q_ADDR_MODE_2,
    WT_Q_ARRAY_SIZE,
    WT_Q_NUM_MIPMAP_LEVELS,
    WT_Q_NUM_SAMPLES,
    WT_Q_MEMORY_LAYOUT,
    WT_Q_LEVEL_WIDTH,  /* txq.level.width, operand lod */
    WT_Q_LEVEL_HEIGHT,
    WT_Q_LEVEL_DEPTH,
    WT_Q_COUNT
} wt_query_kind;

/* istypep .texref / .samplerref / .surfref */
typedef enum wt_handle_type { WT_TYPE_TEXREF = 0, WT_TYPE_SAMPLERREF, WT_TYPE_SURFREF } wt_handle_type;

typedef struct wt_op {
    uint8_t family; /* wt_family */
    uint8_t geom;   /* wt_geom (tex, tld4, suld, sust, sured) */
    uint8_t mip;    /* wt_mip (tex) */
    uint8_t dtype;  /* wt_dtype (tex, tld4) */
    uint8_t ctype;  /* wt_ctype (tex; tld4 is always .f32) */
    uint8_t comp;   /* tld4: 0..3 = .r .g .b .a */
    uint8_t flags;  /* WT_OP_* */
    uint8_t mode;   /* wt_surf_mode */
    uint8_t vec;    /* 1, 2 or 4 elements (surfaces) */
    uint8_t bits;   /* 8, 16, 32 or 64 bits per element (surfaces; sust.p: see above) */
    uint8_t clamp;  /* wt_clamp */
    uint8_t redop;  /* wt_redop */
    uint8_t rtype;  /* wt_redtype */
    uint8_t query;  /* wt_query_kind (txq, suq) or wt_handle_type (istypep) */
} wt_op;

#ifdef __cplusplus
}
#endif
#endif
