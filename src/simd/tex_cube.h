/* tex_cube.h -- a cube direction projected to a face and its coordinates, for a group of lanes (a part of tex_tpl.h's template over vec8.h / vec16.h)
 * SPDX-License-Identifier: MIT
 *
 * The general kernels sample a cube as a layer: the direction becomes a
 * face, s and t ([semantics#cube-faces]), and the slice 6 * cube + face
 * ([semantics#cube-arrays]). */
#ifndef WT_SIMD_TEX_CUBE_H
#define WT_SIMD_TEX_CUBE_H

#include "tex_texels.h"

#ifndef WV_W
#error "tex_cube.h is a part of tex_tpl.h: include vec8.h or vec16.h, then tex_tpl.h"
#endif

/* [semantics#cube-faces] for WV_W lanes, as the reference projects (cube_scalar.c follows the
 * same decisions): NaN components read as 0; the major axis is z if |z| is
 * the largest (ties: z over y over x), else y if |y| >= |x|, else x; the
 * face is positive when that component is >= 0 (-0 too); s and t are
 * (sc / m + 1) / 2 with IEEE division and no fusing; a NaN face coordinate
 * (inf / inf) reads as 0 ([semantics#decision-nonfinite-cube]); the zero vector is face 0 at its centre
 * ([semantics#decision-cube-projection]).  The slice is 6 * cube + face ([semantics#cube-arrays]: a cube index past the end
 * reads the last cube). */
WV_INLINE void cube_coords(const plan2d *p, const wt_tex_args *in, int g, wv_f c[3], wv_i *slice)
{
    const int o = p->layered; /* .acube: {cube, x, y, z} */
    wv_f v[3];
    for (int k = 0; k < 3; k++) {
        v[k] = wv_loadf(&in->c[o + k][g]);
        v[k] = wv_fkeep(wv_ford(v[k]), v[k]);
    }
    const wv_f zero = wv_fset(0.0f);
    wv_f ax = wv_fabs(v[0]), ay = wv_fabs(v[1]), az = wv_fabs(v[2]);
    wv_m zmaj = wv_mand(wv_fge(az, ax), wv_fge(az, ay));
    wv_m ymaj = wv_mandnot(zmaj, wv_fge(ay, ax));
    wv_m xpos = wv_fge(v[0], zero), ypos = wv_fge(v[1], zero), zpos = wv_fge(v[2], zero);
    wv_f nx = wv_fneg(v[0]), ny = wv_fneg(v[1]), nz = wv_fneg(v[2]);
    /* face = 2 * axis + (negative); axis 0 x, 1 y, 2 z */
    wv_i face = wv_sel(zmaj,
                       wv_sel(ymaj, wv_sel(xpos, wv_set(1), wv_set(0)), wv_sel(ypos, wv_set(3), wv_set(2))),
                       wv_sel(zpos, wv_set(5), wv_set(4)));
    wv_f m = wv_fsel(zmaj, wv_fsel(ymaj, ax, ay), az);
    wv_f sx = wv_fsel(xpos, v[2], nz); /* x major: x >= 0 ? -z : z */
    wv_f sz = wv_fsel(zpos, nx, v[0]); /* z major: z >= 0 ? x : -x */
    wv_f sc = wv_fsel(zmaj, wv_fsel(ymaj, sx, v[0]), sz);
    wv_f ty = wv_fsel(ypos, nz, v[2]); /* y major: y >= 0 ? z : -z */
    wv_f tc = wv_fsel(ymaj, ny, ty);   /* x and z major: -y */
    wv_f fs = wv_fdiv(wv_fadd(wv_fdiv(sc, m), wv_fset(1.0f)), wv_fset(2.0f));
    wv_f ft = wv_fdiv(wv_fadd(wv_fdiv(tc, m), wv_fset(1.0f)), wv_fset(2.0f));
    fs = wv_fkeep(wv_ford(fs), fs);
    ft = wv_fkeep(wv_ford(ft), ft);
    wv_m z0 = wv_feq(m, zero); /* the zero vector */
    c[0] = wv_fsel(z0, fs, wv_fset(0.5f));
    c[1] = wv_fsel(z0, ft, wv_fset(0.5f));
    c[2] = zero;
    face = wv_keep(wv_mnot(z0), face);
    *slice = wv_add(wv_mul(layer_index(p, in, g), wv_set(6)), face);
}

#endif
