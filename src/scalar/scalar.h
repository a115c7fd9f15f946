/* scalar.h -- the reference: one lane at a time, straight from docs/semantics.md.
 * Nothing here is shared with the SIMD kernels except tables of constants.
 *
 * [semantics#decision-generation] (generations): every rule measured on sm_86 that another GPU generation
 * might change lives in one named function or table, so that a later rule
 * can be added as an option in one place:
 *   8-bit weights with carry and the per-axis split    wt__axis_linear, wt__weights_*
 *   the 21-bit floor for non-power-of-two sizes        wt__coord_fx
 *   the float blend datapath ([semantics#float-blend], [semantics#decision-float-residue])                wt__blend_float
 *   UNORM/SNORM blends, the SNORM8 formula ([semantics#norm-blend])      wt__blend_unorm/_snorm16/_snorm8
 *   the sRGB decode table ([semantics#srgb], [semantics#srgb-table])               wt__srgb_table, wt__blend_srgb
 *   the gradient LOD and its log2 table ([semantics#lod-from-gradients], [semantics#log2-table]) wt__grad_lod_2d/_3d, wt__lod_log2_table
 *   the trilinear optimisation ([semantics#anisotropy-trilinear], [semantics#decision-trilinear-opt])              trilinear_opt (lod_scalar.c)
 *   cube face selection and its tie rule ([semantics#cube-faces], [semantics#decision-cube-projection])    wt__cube_project
 *   the tld4 texel order ([semantics#tld4])                          wt__tld4_scalar
 *   the 1D offset y-nibble ([semantics#decision-1d-offset-quirk])                      wt__offset_1d_y_quirk */
#ifndef WT_SCALAR_H
#define WT_SCALAR_H

#include "../core/dispatch.h" /* wt__tex_ctx, the backend table */
#include "../core/lane.h"     /* wt__tex_lane_in */

/* The reference's warp loops, which backends without a vector path for an
 * op run as their generic path. */
WT_INTERNAL void wt__tex_warp_reference(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active,
                                        const wt_tex_args *in, wt_tex_result *out);
/* The same, returning the lanes whose data was resident ([semantics#sparse-residency]). */
WT_INTERNAL uint32_t wt__tex_warp_reference_pred(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active,
                                                 const wt_tex_args *in, wt_tex_result *out);
WT_INTERNAL uint32_t wt__surf_warp_reference(const wt__surf *s, const wt_op *op, uint32_t active,
                                             const wt_surf_args *in, wt_surf_result *out);

/* ---- texel values (texel_scalar.c, blend_scalar.c, convert_scalar.c) ---- */

/* Raw channel codes of the texel at p: u8/u16/u32 zero-extended, s8/s16/s32
 * sign-extended, f16 as its 16 bits, f32 as its 32 bits; channels the format
 * lacks are 0. */
WT_INTERNAL void wt__texel_load(const wt__format *f, const uint8_t *p, uint32_t raw[4]);

/* Weighted texels of one fetch.  Every tap has weight > 0 (weight-0 texels
 * read nothing, [semantics#integer-weights]); weights sum to 256.  group numbers the [semantics#float-blend] groups
 * (one per 2x2 footprint: per 3D slice, per mip level, per anisotropic tap
 * level).  filtered = 1 selects the blend datapaths ([semantics#norm-blend] to [semantics#srgb]); 0 is a point
 * fetch (a single tap of weight 256, converted per [semantics#point-conversion]). */
#define WT__MAX_TAPS 160
typedef struct wt__tap {
    uint32_t raw[4];
    int32_t w;
    uint8_t group;
} wt__tap;
typedef struct wt__taps {
    int n;
    uint8_t filtered;
    wt__tap t[WT__MAX_TAPS];
} wt__taps;

/* Value of a fetch in op->dtype: the four destination registers ([semantics#dest-types],
 * [semantics#decision-half-filter], [semantics#decision-dest-mismatch], [semantics#decision-f16-nan-result], [semantics#decision-nan-to-int]). */
WT_INTERNAL void wt__taps_resolve(const wt__tex_ctx *ctx, const wt_op *op, const wt__taps *taps,
                                  uint32_t d[4]);

/* One tld4 component value (raw channel code) as a destination register of
 * op->dtype, with the gather value rules of [semantics#tld4] (NaN, subnormal, SNORM8). */
WT_INTERNAL uint32_t wt__gather_value(const wt__tex_ctx *ctx, const wt_op *op, uint32_t raw);

/* ---- level of detail (lod_scalar.c) ---------------------------------------
 * Which levels (relative to the view's level 0) a float-coordinate fetch
 * reads and with what share, after bias, clamps, the trilinear optimisation
 * and anisotropy ([semantics#lod-arithmetic] to [semantics#anisotropy-trilinear], [semantics#decision-gradient-lod], [semantics#decision-trilinear-opt], [semantics#decision-base-lod-clamps], [semantics#decision-grad-lod-3d], [semantics#decision-grad-anisotropy], [semantics#decision-nan-bias], [semantics#decision-negative-clamps]).
 * Entry k: level, weight (1/256ths; all sum to 256), and for anisotropic taps
 * the coordinate delta dc (coordinate units, f32) that the fetch adds to c
 * before scaling (dc = 0 otherwise; dc[0..2] are the x, y, z axes, never the
 * layer).  Entries with the same tap but different
 * level are separate [semantics#float-blend] groups.  A texture that is not mipmapped gives one
 * entry: level 0, weight 256. */
typedef struct wt__lod_entry {
    int32_t level;
    int32_t weight;
    float dc[3];
} wt__lod_entry;
typedef struct wt__lod_plan {
    int n;
    wt__lod_entry e[32];
} wt__lod_plan;
WT_INTERNAL void wt__lod_plan_scalar(const wt__tex_ctx *ctx, const wt_op *op,
                                     const wt__tex_lane_in *in, wt__lod_plan *plan);

/* The quantised gradient LOD of [semantics#lod-from-gradients] / [semantics#decision-grad-lod-3d]: q in 1/256ths of a level before
 * bias and clamps; INT32_MIN for rho = 0 or NaN, INT32_MAX for infinite rho.
 * The inputs are gradients already in level-0 texels: the caller multiplies
 * each coordinate gradient by the level-0 size (cube: the face size) in f32
 * ([semantics#lod-from-gradients] step 0).  NaN components count as 0, infinite ones make rho infinite. */
WT_INTERNAL int32_t wt__grad_lod_2d(float dudx, float dvdx, float dudy, float dvdy);
WT_INTERNAL int32_t wt__grad_lod_3d(const float dx[3], const float dy[3]);
/* [semantics#log2-table]: LOG2TAB[k], the fraction part of q for a rho whose top 8
 * mantissa bits are k (log2_table.c; a table of constants the SIMD kernels may share). */
WT_INTERNAL extern const uint8_t wt__lod_log2_table[256];

/* ---- the sampling pipeline (tex_scalar.c, cube_scalar.c, tld4_scalar.c) -- */

/* Cube face selection and projection ([semantics#cube-faces], [semantics#decision-cube-projection]): face 0..5 and the
 * face-local normalised coordinates s, t. */
WT_INTERNAL void wt__cube_project(float x, float y, float z, int *face, float *s, float *t);

/* tex or tld4 for one lane; op already validated against ctx->t by the core
 * (geometry matches the texture, ctype legal, tld4 geometry legal).  Returns
 * the residency predicate: 0 when a texel of non-zero weight lies on an
 * unmapped tile of a sparse texture, and then d is all zeros
 * ([semantics#sparse-residency], [semantics#sparse-zero]); 1 otherwise. */
WT_INTERNAL int wt__tex_sample_scalar(const wt__tex_ctx *ctx, const wt_op *op,
                                       const wt__tex_lane_in *in, uint32_t d[4]);
/* The texel selection of a tex (not tld4) lane without the value step: the
 * weighted taps wt__tex_sample_scalar resolves (tex_scalar.c).  n = 0 means
 * the fetch is 0 in every channel (integer coordinates outside, [semantics#integer-coords]). */
WT_INTERNAL void wt__tex_footprint_scalar(const wt__tex_ctx *ctx, const wt_op *op,
                                          const wt__tex_lane_in *in, wt__taps *taps);

/* ---- surfaces (surf_scalar.c) --------------------------------------------
 * suld/sust/sured for one lane.  Returns 0, or 1 when the lane traps (memory
 * untouched, d zeroed). */
WT_INTERNAL int wt__surf_access_scalar(const wt__surf *s, const wt_op *op, const int32_t c[4],
                                       const uint64_t v[4], uint64_t d[4]);
/* PTX ISA 9.7.11 ([semantics#sured]): whether sured.b takes this reduction on this type: add
 * on .u32/.u64/.s32, min/max on .u32/.s32/.u64/.s64, and/or on .b32
 * (sured_scalar.c; the surface entry refuses other forms with it). */
WT_INTERNAL int wt__sured_b_form_ok(int redop, int rtype);
/* [semantics#decision-sured-p-forms]: whether a sured.p of op's type and reduction can run on
 * format f (sured_scalar.c; the lane traps otherwise).  Exported so that
 * the entry can name the reason of such a trap. */
WT_INTERNAL int wt__sured_p_format_ok(const wt__format *f, const wt_op *op);

#endif
