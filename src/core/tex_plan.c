/* tex_plan.c -- a texture object's sampling plan, made once at creation (tex_plan.h)
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "internal.h"

void wt__tex_plan_make(wt__tex *t)
{
    wt__tex_plan *p = &t->plan;
    const wt__sampler *s = &t->samp;
    memset(p, 0, sizeof *p);
    p->dims = t->dims;
    p->layered = t->layered != 0;
    p->cube = t->cube != 0;
    p->layers = t->layered ? (int32_t)t->num_layers : 0;
    p->geom = (uint8_t)(t->cube      ? (t->layered ? WT_GEOM_ACUBE : WT_GEOM_CUBE)
                        : t->dims == 3 ? WT_GEOM_3D
                        : t->dims == 2 ? (t->layered ? WT_GEOM_A2D : WT_GEOM_2D)
                                       : (t->layered ? WT_GEOM_A1D : WT_GEOM_1D));
    const int ct = t->fmt.ctype;
    p->esize = t->fmt.esize;
    p->cbits = (uint8_t)(8 * t->fmt.cbytes);
    p->nch = t->fmt.nch;
    p->ftype = (uint8_t)(ct == WT__F32 ? 1 : ct == WT__F16 ? 2 : 0);
    p->sgn = ct == WT__S8 || ct == WT__S16;
    p->read_norm = t->read_norm;
    const int array = t->res_type == WT_RESOURCE_ARRAY || t->res_type == WT_RESOURCE_MIPMAPPED_ARRAY;
    p->pair8 = (uint8_t)(ct == WT__U8 && array);
    p->prefetch = (uint64_t)t->lv[0].depth_pitch * (uint64_t)t->lv[0].d * (t->layered ? t->num_layers : 1) >
                  (uint64_t)WT_SIMD_PREFETCH_BYTES;

    /* [semantics#mip-levels]: a mipmapped texture reads normalised coordinates
     * whatever the flag says, but its address modes are demoted as the flag
     * says ([semantics#unnormalized-coords]). */
    p->norm = (uint8_t)wt__sampler_coords_normalized(t, s);
    for (int k = 0; k < 3; k++)
        p->mode[k] = (uint8_t)wt__sampler_addr_mode(s, k);
    p->linear = s->filter == WT_FILTER_LINEAR;
    if (t->cube) {
        /* [semantics#cube-faces]: face coordinates are normalised whatever the
         * flag; wrap and mirror are demoted without it
         * ([semantics#decision-cube-unnormalized], above);
         * [semantics#cube-filtering]: seamless filtering and point sampling of
         * a cube without mip levels clamp to the face. */
        p->norm = 1;
        if (s->seamless || (s->filter != WT_FILTER_LINEAR && !t->mipmapped))
            p->mode[0] = p->mode[1] = WT_ADDRESS_CLAMP;
    }
    /* [semantics#lod-sources]: a texture that is not mipmapped reads level 0 whatever the LOD */
    p->lv = t->lv;
    p->levels = t->mipmapped && t->num_levels > 1 ? (int32_t)t->num_levels : 1;
    p->mip_linear = s->mip_filter == WT_FILTER_LINEAR;
    p->bias256 = s->bias256;
    p->lo256 = s->min_clamp256;
    p->hi256 = s->max_clamp256 > s->min_clamp256 ? s->max_clamp256 : s->min_clamp256;
    wt__tex_plan_level(p, 0);

    memcpy(p->border_texel, t->border_texel, sizeof p->border_texel);
    for (int c = 0; c < 4 && c < p->nch; c++) {
        const uint8_t *b = t->border_texel + c * t->fmt.cbytes;
        p->border[c] = p->cbits == 8    ? (p->sgn ? (int32_t)(int8_t)b[0] : b[0])
                       : p->cbits == 16 ? (p->sgn ? (int32_t)(int16_t)(uint16_t)(b[0] | b[1] << 8) : b[0] | b[1] << 8)
                                        : (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                                                    (uint32_t)b[3] << 24);
    }
}
