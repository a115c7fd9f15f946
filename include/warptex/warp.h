/* warptex/warp.h -- warp entry points: 32 lanes, structure-of-arrays operands, an active mask */
#ifndef WARPTEX_WARP_H
#define WARPTEX_WARP_H

#include "op.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Operands of tex / tld4 for one warp.  c holds the coordinate vector in PTX
 * order (see wt_geom) as bit patterns: .f32 or .s32 by op->ctype; layer,
 * cube and sample indices are always .u32.  lod is .f32 or .s32 by ctype
 * (tex.level).  dpdx/dpdy hold 1 (1d, a1d), 2 (2d, a2d) or 3 (3d, cube,
 * acube) components (tex.grad).  offset holds 1/2/3 .s32 components when
 * op->flags has WT_OP_OFFSET; depth is the depth-compare operand. */
typedef struct wt_tex_args {
    uint32_t c[4][WT_WARP_SIZE];
    uint32_t lod[WT_WARP_SIZE];
    float dpdx[3][WT_WARP_SIZE];
    float dpdy[3][WT_WARP_SIZE];
    int32_t offset[3][WT_WARP_SIZE];
    float depth[WT_WARP_SIZE];
} wt_tex_args;

/* Results: d[k][lane] is the 32-bit destination register k (its bits per
 * op->dtype); lanes outside the active mask are left untouched.  pred has
 * bit `lane` set when the data was resident (always on a dense object; on a
 * sparse one as [semantics#sparse-residency] says). */
typedef struct wt_tex_result {
    uint32_t d[4][WT_WARP_SIZE];
    uint32_t pred;
} wt_tex_result;

/* wt_tex_warp: tex and tld4 (op->family selects) for the lanes set in
 * `active`.  `smp` is the explicit sampler when op->flags has WT_OP_SAMPLER,
 * else ignored.  Results are identical to one per-lane call per active lane.
 * Errors (the active lanes' results zeroed, pred 0, the thread's last error
 * set): WT_ERROR_INVALID_VALUE (NULL op/in/out, an op field out of range or a
 * form PTX does not allow: e.g. .s32 coordinates on a cube, .level on
 * .2dms, tld4 on .1d), WT_ERROR_INVALID_HANDLE (tex or, with WT_OP_SAMPLER,
 * smp is 0, destroyed, forged or of the wrong kind), WT_ERROR_INVALID_TEXTURE
 * (the geometry does not match the texture's shape).
 * Thread-safety: any thread, lock-free; safe against a concurrent destroy of
 * tex or smp (the call finishes on the object it found). */
wt_status wt_tex_warp(const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active,
                      const wt_tex_args *in, wt_tex_result *out);

/* One lane's operands of wt_tex_lane: the lane slice of wt_tex_args. */
typedef struct wt_tex_lane_args {
    uint32_t c[4];
    uint32_t lod;
    float dpdx[3], dpdy[3];
    int32_t offset[3];
    float depth;
} wt_tex_lane_args;

/* wt_tex_lane: one lane of wt_tex_warp (tex or tld4 with any op), for a
 * caller that wants the residency predicate of `tex ... |p`, which the
 * NVVM-named calls cannot return: d receives the four destination registers,
 * *resident (may be NULL) 1 when every texel that decides residency is
 * resident ([semantics#sparse-residency]; always on a dense object), 0 when
 * not (d is then all zeros, [semantics#sparse-zero]) or on an error.  Equal
 * to wt_tex_warp with lane 0 alone active.
 * Errors: as wt_tex_warp, and WT_ERROR_INVALID_VALUE for NULL in or d.
 * Thread-safety: as wt_tex_warp. */
wt_status wt_tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp, const wt_tex_lane_args *in, uint32_t d[4],
                      int *resident);

/* Operands of suld / sust / sured.  c in PTX order: 1d {x}, 2d {x,y},
 * 3d {x,y,z}, a1d {layer,x}, a2d {layer,x,y}; x in bytes for .b, in samples
 * for .p.  v[k][lane] holds source element k (low op->bits bits). */
typedef struct wt_surf_args {
    int32_t c[4][WT_WARP_SIZE];
    uint64_t v[4][WT_WARP_SIZE];
} wt_surf_args;

/* d[k][lane]: loaded element k, zero-extended (8-bit loads: high bits 0).
 * trap: lanes that trapped (their memory untouched, their results 0). */
typedef struct wt_surf_result {
    uint64_t d[4][WT_WARP_SIZE];
    uint32_t trap;
} wt_surf_result;

/* wt_surf_warp: suld, sust and sured (op->family selects) for the lanes set
 * in `active`, in lane order.
 * Errors: WT_ERROR_TRAP when any active lane trapped (out->trap says which;
 * those lanes touch no memory and load 0, the others run);
 * WT_ERROR_INVALID_VALUE (NULL op/in/out, a form PTX does not allow; the
 * one addition is sust.p with NVVM's 8-, 16- and 64-bit elements, op.h),
 * WT_ERROR_INVALID_HANDLE (a bad handle), WT_ERROR_INVALID_SURFACE (the
 * geometry does not match the surface); the thread's last error is set.
 * Thread-safety: any thread, lock-free for suld/sust (stores racing on the
 * same element are a data race, as on the GPU); sured is atomic across lanes
 * and threads; safe against a concurrent destroy of surf. */
wt_status wt_surf_warp(const wt_op *op, wt_surf surf, uint32_t active, const wt_surf_args *in,
                       wt_surf_result *out);

/* wt_query: txq / suq: one query (op->query, a wt_query_kind) of a texture,
 * sampler or surface handle; lod is the level for the txq.level.* queries
 * (relative to a view's first level).  txq takes a texture or a sampler
 * (with WT_OP_SAMPLER: a sampler only); suq a surface.  istypep: *value = 1
 * when handle is a live object of the kind op->query (a wt_handle_type)
 * names, else 0 (never an error).  Values: [semantics#queries] with [semantics#decision-clamp-ogl-samplers]
 * (addr_mode numbering) and [semantics#decision-query-values] (channel enums, memory_layout).
 * Errors (*value = 0): WT_ERROR_INVALID_VALUE (NULL op or value, a family
 * other than txq/suq/istypep, a query or type out of range, a txq.level lod
 * outside the visible levels), WT_ERROR_INVALID_HANDLE (not a live object
 * of a kind the family takes), WT_ERROR_UNSUPPORTED (a query that does not
 * apply: txq.width on a sampler, suq.num_samples ...).
 * Thread-safety: any thread, lock-free. */
wt_status wt_query(const wt_op *op, uint64_t handle, int32_t lod, int32_t *value);

#ifdef __cplusplus
}
#endif
#endif
