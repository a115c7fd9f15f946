/* tex_entry.c -- tex/tld4 entries: validate the op against the object, resolve
 * the sampler, run the backend (warp) or the reference (lane)
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "../core/dispatch.h"
#include "../scalar/scalar.h" /* the reference, which the lane entries run */
#include "entry.h"

static const char *const GEOM_NAME[WT_GEOM_COUNT] = {".1d", ".2d", ".3d", ".a1d", ".a2d",
                                                     ".cube", ".acube", ".2dms", ".a2dms"};

/* The instruction geometry that matches a texture's shape. */
static wt_geom shape_of(const wt__tex *t)
{
    if (t->num_samples)
        return t->layered ? WT_GEOM_A2DMS : WT_GEOM_2DMS;
    if (t->cube)
        return t->layered ? WT_GEOM_ACUBE : WT_GEOM_CUBE;
    if (t->dims == 3)
        return WT_GEOM_3D;
    if (t->dims == 2)
        return t->layered ? WT_GEOM_A2D : WT_GEOM_2D;
    return t->layered ? WT_GEOM_A1D : WT_GEOM_1D;
}

/* PTX legality of the op itself (PTX ISA 9.7.10: tex, tld4). */
static wt_status check_op(const wt_op *op, const char *fn)
{
    if (!op)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op is NULL", fn);
    if (op->family != WT_FAMILY_TEX && op->family != WT_FAMILY_TLD4)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op family %u is not tex or tld4", fn, op->family);
    if (op->geom >= WT_GEOM_COUNT || op->mip > WT_MIP_GRAD || op->dtype > WT_DTYPE_F16X2 || op->ctype > WT_CTYPE_S32 ||
        op->comp > 3 || (op->flags & ~(WT_OP_OFFSET | WT_OP_DEPTH_COMPARE | WT_OP_SAMPLER | WT_OP_PRED)))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op has an out-of-range field", fn);
    int cube = op->geom == WT_GEOM_CUBE || op->geom == WT_GEOM_ACUBE;
    int ms = op->geom == WT_GEOM_2DMS || op->geom == WT_GEOM_A2DMS;
    if (cube && op->ctype != WT_CTYPE_F32)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s requires .f32 coordinates", fn, GEOM_NAME[op->geom]);
    if (cube && (op->flags & WT_OP_OFFSET))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): offsets are not allowed with %s", fn, GEOM_NAME[op->geom]);
    if (op->family == WT_FAMILY_TEX) {
        if (ms && op->ctype != WT_CTYPE_S32)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s requires .s32 coordinates", fn, GEOM_NAME[op->geom]);
        if (ms && op->mip != WT_MIP_BASE)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s allows neither .level nor .grad", fn,
                             GEOM_NAME[op->geom]);
    } else {
        if (op->geom != WT_GEOM_2D && op->geom != WT_GEOM_A2D && !cube)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): tld4 does not support %s", fn, GEOM_NAME[op->geom]);
        if (op->ctype != WT_CTYPE_F32 || op->mip != WT_MIP_BASE || op->dtype > WT_DTYPE_U32)
            return wt__error(WT_ERROR_INVALID_VALUE, "%s(): tld4 takes .f32 coordinates, no mip mode and a "
                             ".v4.f32/.s32/.u32 destination", fn);
    }
    return WT_SUCCESS;
}

/* Resolve handle(s) and build the fetch context; eff and border are the
 * caller's storage for an explicit sampler's merged state. */
static wt_status resolve(const wt_op *op, wt_tex tex, wt_sampler smp, wt__tex_ctx *ctx, wt__sampler *eff,
                         uint8_t border[16], const char *fn)
{
    wt_status st = check_op(op, fn);
    if (st)
        return st;
    const wt__tex *t = wt__handle_get(tex, WT__KIND_TEX);
    if (!t)
        return wt__error(WT_ERROR_INVALID_HANDLE, "%s(): 0x%016llx is not a live texture object", fn,
                         (unsigned long long)tex);
    wt_geom want = shape_of(t);
    /* [semantics#decision-1d-on-height-1]: a 2D texture of height 1 is a 1D
     * texture too (CUDA's runtime makes one for cudaMallocArray(w, 1)) */
    const int one_row = want == WT_GEOM_2D && t->lv[0].h == 1;
    if (op->geom != want && !(op->geom == WT_GEOM_1D && one_row))
        return wt__error(WT_ERROR_INVALID_TEXTURE, "%s(): instruction geometry %s does not match the texture (%s)", fn,
                         GEOM_NAME[op->geom], GEOM_NAME[want]);
    ctx->t = t;
    ctx->s = &t->samp;
    ctx->border = t->border_texel;
    ctx->miss = NULL;
    ctx->bytes = NULL; /* results to the registers unless a batch asks for bytes */
    if (op->flags & WT_OP_SAMPLER) {
        const wt__sampler *s = wt__handle_get(smp, WT__KIND_SAMPLER);
        if (!s)
            return wt__error(WT_ERROR_INVALID_HANDLE, "%s(): 0x%016llx is not a live sampler object", fn,
                             (unsigned long long)smp);
        /* Independent mode: the sampler decides filtering, addressing, the
         * border colour and forced unnormalisation; levels, bias and clamps
         * stay the texture's (a .samplerref has no such fields). */
        *eff = t->samp;
        eff->filter = s->filter;
        memcpy(eff->address, s->address, sizeof eff->address);
        memcpy(eff->border, s->border, sizeof eff->border);
        eff->force_unnormalized = s->force_unnormalized;
        /* Decision: a linear sampler on a texture that cannot filter
         * (integers read as element type) fetches point-sampled. */
        int filterable = wt__ctype_is_float(t->fmt.ctype) || t->read_norm;
        if (!filterable)
            eff->filter = WT_FILTER_POINT;
        wt__border_to_texel(t, eff->border, border);
        ctx->s = eff;
        ctx->border = border;
    }
    return WT_SUCCESS;
}

/* wt_tex_warp, and the batches' form of it: with `bytes`, the results go
 * as bytes where the object's kernel writes them (*stored = 1), else to out
 * (*stored = 0), which the caller then converts. */
static wt_status tex_warp(const char *fn, const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active,
                          const wt_tex_args *in, wt_tex_result *out, const wt__tex_bytes *bytes, int *stored)
{
    *stored = 0;
    if (!in || !out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, in ? "out" : "in");
    wt__tex_ctx ctx;
    wt__sampler eff;
    uint8_t border[16];
    wt__read_begin(); /* the objects stay valid until read_end (reclaim.c) */
    wt_status st = resolve(op, tex, smp, &ctx, &eff, border, fn);
    if (st) {
        wt__read_end();
        for (int k = 0; k < 4; k++)
            for (int l = 0; l < WT_WARP_SIZE; l++)
                if (active >> l & 1)
                    out->d[k][l] = 0;
        out->pred = 0;
        return st;
    }
    if (ctx.t->sparse) {
        /* [semantics#sparse-residency]: a sparse object runs the reference on
         * every backend, which reports each lane's residency (registers only:
         * the batch converts them to bytes) */
        out->pred = wt__tex_warp_reference_pred(&ctx, op, active, in, out);
        wt__read_end();
        *stored = 0;
        return WT_SUCCESS;
    }
    ctx.bytes = bytes;
    /* The object's kernel for this backend when the op is one it was made
     * for (it says no otherwise), else the backend's generic path. */
    const wt__backend *b = wt__backend_active();
    wt__tex_kernel k = wt__tex_kernel_of(ctx.t, b, NULL);
    const int ran = k ? k(&ctx, op, active, in, out) : 0;
    if (!ran)
        b->tex_warp(&ctx, op, active, in, out);
    wt__read_end();
    *stored = ran == 2;
    out->pred = active; /* dense objects are always resident ([semantics#depth-compare-residency]) */
    return WT_SUCCESS;
}

wt_status wt_tex_warp(const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active, const wt_tex_args *in,
                      wt_tex_result *out)
{
    int stored;
    return tex_warp("wt_tex_warp", op, tex, smp, active, in, out, NULL, &stored);
}

wt_status wt__tex_warp_bytes(const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active, const wt_tex_args *in,
                             wt_tex_result *out, const wt__tex_bytes *bytes, int *stored)
{
    return tex_warp("wt_tex_warp", op, tex, smp, active, in, out, bytes, stored);
}

/* The one-lane fast path: a per-lane call on an object whose kernel takes
 * the op runs that kernel with one active lane (the kernels equal the
 * reference bit for bit); 0 when there is none. */
static int lane_fast(const wt__tex_ctx *ctx, const wt_op *op, const wt__tex_lane_in *li, uint32_t d[4])
{
    wt__tex_kernel k = wt__tex_kernel_of(ctx->t, wt__backend_active(), NULL);
    if (!k)
        return 0;
    /* Kernels read whole groups of 8 or 16 lanes; the lanes past 0 are inactive but
     * defined: this thread's operand block, zero from the start, in which
     * only lane 0 is ever written.  The coordinates, the LOD and the
     * gradients are what the ops a kernel takes read. */
    static _Thread_local wt_tex_args a;
    wt_tex_result r;
    for (int c = 0; c < 4; c++)
        a.c[c][0] = li->c[c];
    a.lod[0] = li->lod;
    for (int k = 0; k < 3; k++) {
        a.dpdx[k][0] = li->dpdx[k];
        a.dpdy[k][0] = li->dpdy[k];
    }
    if (!k(ctx, op, 1u, &a, &r))
        return 0;
    for (int c = 0; c < 4; c++)
        d[c] = r.d[c][0];
    return 1;
}

/* One lane: the status, the registers and the residency predicate (0 on an error). */
static wt_status lane_run(const wt_op *op, wt_tex tex, wt_sampler smp, const wt__tex_lane_in *in, uint32_t d[4],
                          int *resident, const char *fn)
{
    wt__tex_ctx ctx;
    wt__sampler eff;
    uint8_t border[16];
    memset(d, 0, 4 * sizeof d[0]);
    *resident = 0;
    wt__read_begin();
    /* The one-lane kernel of the object's shape where it has one and takes
     * the op (it checks the op as check_op() and the geometry check would,
     * and refuses every op with an explicit sampler); the scalar backend is
     * the reference and runs it in full.  A sparse object has neither kernel
     * and runs the reference, which knows residency. */
    const wt__tex *t = op ? wt__handle_get(tex, WT__KIND_TEX) : NULL;
    if (t && t->lane_fn && wt__backend_active()->id != WT__BACKEND_SCALAR && wt__tex_lane_kernel(t, op, in, d)) {
        wt__read_end();
        *resident = 1;
        return WT_SUCCESS;
    }
    wt_status st = resolve(op, tex, smp, &ctx, &eff, border, fn);
    if (st == WT_SUCCESS)
        *resident = lane_fast(&ctx, op, in, d) ? 1 : wt__tex_sample_scalar(&ctx, op, in, d);
    wt__read_end();
    return st;
}

int wt__tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp, const wt__tex_lane_in *in, uint32_t d[4])
{
    int resident;
    (void)lane_run(op, tex, smp, in, d, &resident, "tex lane");
    return resident;
}

wt_status wt_tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp, const wt_tex_lane_args *in, uint32_t d[4],
                      int *resident)
{
    const char *fn = "wt_tex_lane";
    if (!in || !d)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, in ? "d" : "in");
    wt__tex_lane_in li;
    memcpy(li.c, in->c, sizeof li.c);
    li.lod = in->lod;
    for (int k = 0; k < 3; k++) {
        li.dpdx[k] = in->dpdx[k];
        li.dpdy[k] = in->dpdy[k];
        li.off[k] = in->offset[k];
    }
    li.depth = in->depth;
    int r;
    wt_status st = lane_run(op, tex, smp, &li, d, &r, fn);
    if (resident)
        *resident = r;
    return st;
}
