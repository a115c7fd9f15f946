/* tex_lod.h -- the level of detail of a group of lanes, and the LOD modes the kernels take (a part of tex_tpl.h's template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * [semantics#lod-arithmetic]: tex.base, tex.level .f32 in vector form, and
 * tex.grad on 2D/.a2d from [semantics#lod-from-gradients] per lane
 * (grad_lod.h): q in 1/256ths (mip_select).  tex_tpl.h then visits each
 * level some lane reads once, with its own extents, pitches and base
 * (wt__tex_plan_level on the warp's copy of the plan), the lanes that read
 * it taking their share T of it: 256, or 256 - (q & 255) and q & 255 of a
 * blend.  The share splits over the footprint as a 3D slice's does
 * ([semantics#integer-weights], [semantics#decision-share-split-2d]); UNORM
 * sums add over the levels, and for float formats each level (and each 3D
 * slice of it) is its own [semantics#float-blend] group.  A point-filtered
 * lane inside a mip blend is a blend of two single texels.  The trilinear
 * optimisation ([semantics#anisotropy-trilinear]), anisotropic and 3D .grad
 * are left to the reference; tld4 reads the base level
 * ([semantics#decision-tld4-mipmaps]). */
#ifndef WT_SIMD_TEX_LOD_H
#define WT_SIMD_TEX_LOD_H

#include "grad_lod.h"
#include "tex_texels.h"

#ifndef WV_W
#error "tex_lod.h is a part of tex_tpl.h: include vec8.h or vec16.h, then tex_tpl.h"
#endif

/* The LOD modes the general kernels take ([semantics#lod-sources] to [semantics#anisotropy-trilinear]): tex.base, and .level with an .f32
 * LOD except where the trilinear optimisation ([semantics#anisotropy-trilinear], [semantics#decision-trilinear-opt]) reshapes the blend,
 * which the reference alone does. */
static int mip_ok(const plan2d *p, const wt__sampler *s, const wt_op *op)
{
    if (op->mip == WT_MIP_BASE || p->levels == 1) /* [semantics#lod-sources]: no levels, no LOD */
        return 1;
    if (op->mip == WT_MIP_GRAD) /* [semantics#lod-from-gradients] for 2D and .a2d; not anisotropic ([semantics#decision-grad-anisotropy]) nor 3D ([semantics#decision-grad-lod-3d]) nor cubes */
        return p->dims == 2 && !p->cube && s->max_aniso <= 1;
    return !(s->max_aniso >= 2 && s->mip_filter == WT_FILTER_LINEAR && s->trilinear_opt);
}

/* [semantics#lod-arithmetic] for WV_W lanes: the lower level and the upper level's share (0: one
 * level, share 256).  q in 1/256ths: .level q = trunc(lod * 256) (a NaN
 * LOD counts as 0, [semantics#decision-nan-lod]; lod * 256 is exact in f32, and beyond ±2^30 every
 * clamp below decides alike, so saturating there changes nothing) plus the
 * bias; .grad q from [semantics#lod-from-gradients] (grad_lod.h, per lane, the gradients scaled by the
 * level-0 size in f32) plus the bias; tex.base q = 0 without bias ([semantics#decision-base-lod-clamps]).
 * Then the clamps: [lo, max(lo,
 * hi)], then [0, (levels - 1) * 256].  Point mip filter: level (q + 128) >>
 * 8; linear: level q >> 8 with share 256 - (q & 255), level + 1 with q & 255. */
static void mip_select(const plan2d *p, const wt_op *op, const wt_tex_args *in, int g, wv_i *level, wv_i *frac)
{
    wv_i q = wv_zero();
    if (op->mip == WT_MIP_LEVEL) {
        wv_f v = wv_fmul(wv_loadf(&in->lod[g]), wv_fset(256.0f));
        v = wv_fkeep(wv_ford(v), v);
        v = wv_fmin(wv_fmax(v, wv_fset(-1073741824.0f)), wv_fset(1073741824.0f));
        q = wv_add(wv_trunc_int(v), wv_set(p->bias256)); /* trunc, toward zero */
    } else if (op->mip == WT_MIP_GRAD) {
        const float w = (float)p->lv[0].w, h = (float)p->lv[0].h;
        int32_t qv[WV_W];
        for (int l = 0; l < WV_W; l++) {
            int32_t r = wt__grad_q_2d(in->dpdx[0][g + l] * w, in->dpdx[1][g + l] * h, in->dpdy[0][g + l] * w,
                                      in->dpdy[1][g + l] * h);
            r = r < -(1 << 30) ? -(1 << 30) : r > (1 << 30) ? (1 << 30) : r; /* rho 0 or infinite */
            qv[l] = r + p->bias256;
        }
        q = wv_load(qv);
    }
    q = wv_min(wv_max(q, wv_set(p->lo256)), wv_set(p->hi256));
    q = wv_min(wv_max(q, wv_zero()), wv_set((p->levels - 1) * 256));
    if (p->mip_linear) {
        *level = wv_srai(q, 8);
        *frac = wv_and(q, wv_set(255));
    } else {
        *level = wv_srai(wv_add(q, wv_set(128)), 8);
        *frac = wv_zero();
    }
}

#endif
