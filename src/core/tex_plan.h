/* tex_plan.h -- the sampling plan: what every texture kernel reads from an object, made once when it is created
 * SPDX-License-Identifier: MIT
 *
 * One plan per texture object ([design#sampling-2d-parts]), made by
 * wt__tex_plan_make (tex_plan.c) when the object is created, from which
 * every kernel reads: the SIMD templates (src/simd/tex_tpl.h,
 * tex2d_u8_tpl.h), the one-lane kernel (tex_lane.c) and the public inline
 * view (include/warptex/lane2d.h's wt_lane2d_view, filled from it).  A
 * kernel decides whether it takes the object's shape by reading the plan;
 * none derives formats, modes or extents of its own.  Included by
 * internal.h (the object embeds its plan) and below it by nothing. */
#ifndef WT_TEX_PLAN_H
#define WT_TEX_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "warptex/op.h" /* wt_dtype */

#include "visibility.h"

/* One mip level as the sampler sees it (after the view's first level and first
 * layer).  Texel (x, y, z) of slice s: base + s*slice_pitch + z*depth_pitch +
 * y*row_pitch + x*esize.  d = 1 unless 3D. */
typedef struct wt__level {
    const uint8_t *base;         /* NULL over a sparse array */
    int32_t w, h, d;
    size_t row_pitch, depth_pitch, slice_pitch;
    /* Over a sparse array: its level's tiles (sparse.h) and the view's first
     * slice; only the reference reads them (no kernel binds a sparse object). */
    const struct wt__sparse_level *sparse;
    uint32_t sparse_slice0;
} wt__level;

/* A texture larger than this (level 0, all layers) misses the caches on
 * random reads, so the warp kernels prefetch a scattered warp's footprint. */
#ifndef WT_SIMD_PREFETCH_BYTES
#define WT_SIMD_PREFETCH_BYTES (8u << 20)
#endif
/* ... unless its coordinates span fewer texels than this on every axis (an
 * image walked in order reads lines its neighbours have just read). */
#ifndef WT_SIMD_PREFETCH_SPAN
#define WT_SIMD_PREFETCH_SPAN 64
#endif
/* Such a compact warp prefetches the lines of the warp this many warps after
 * it, where its walk would take it (src/simd/prefetch.h). */
#ifndef WT_SIMD_PREFETCH_AHEAD
#define WT_SIMD_PREFETCH_AHEAD 2
#endif

typedef struct wt__tex_plan {
    /* The level read: level 0 of the view, until a kernel's own copy is
     * pointed at another (wt__tex_plan_level, [semantics#lod-arithmetic]). */
    const uint8_t *base;
    size_t row_pitch, depth_pitch, slice_pitch;
    int32_t n[3];         /* w, h, d */
    float scale[3];       /* n when the coordinates are normalised, else 1 (x = c * scale, exact in f32) */
    uint8_t npot[3];      /* normalised on an extent not a power of two: X9 through wt__l2_x9_npot */
    /* The levels ([semantics#mipmaps]). */
    const wt__level *lv;  /* the object's levels */
    int32_t levels;       /* 1 unless mipmapped with several levels ([semantics#lod-sources]) */
    int32_t bias256;      /* trunc(bias * 256), [semantics#lod-arithmetic] step 1 */
    int32_t lo256, hi256; /* the LOD clamps, hi >= lo ([semantics#lod-arithmetic] step 4) */
    uint8_t mip_linear;   /* mipmapFilterMode linear ([semantics#lod-arithmetic] step 6) */
    /* The geometry. */
    uint8_t dims;         /* 1, 2 or 3 (a cube: 2) */
    uint8_t geom;         /* the wt_geom of the ops that read it (.2d, .a2d, .3d, .cube, ...) */
    uint8_t layered;      /* .a1d/.a2d/.acube: c[0] is the layer (cube), the coordinates follow */
    uint8_t cube;         /* c holds a direction, the slice is 6 * cube + face ([semantics#cube-faces], [semantics#cube-arrays]) */
    int32_t layers;       /* the layers (cubes) there are; 0 when not layered */
    /* The format and the read mode. */
    uint8_t esize;        /* bytes per texel: 1, 2, 4, 8 or 16 */
    uint8_t cbits;        /* bits per channel: 8, 16 or 32 */
    uint8_t nch;          /* channels: 1, 2 or 4 */
    uint8_t ftype;        /* 0 integer codes, 1 f32, 2 f16 */
    uint8_t sgn;          /* signed 8/16-bit codes (SNORM, or signed element type) */
    uint8_t read_norm;    /* 8/16-bit codes read as normalised float */
    uint8_t pair8;        /* unsigned 8-bit codes in an array (slack after the last texel): a row's pair is one read */
    uint8_t prefetch;     /* larger than WT_SIMD_PREFETCH_BYTES */
    /* The sampler (the object's own). */
    uint8_t norm;         /* coordinates normalised ([semantics#normalized-coords], [semantics#mip-levels], a cube's faces) */
    uint8_t linear;       /* linear filter, else point */
    uint8_t mode[3];      /* effective address modes (wt__sampler_addr_mode; a cube's as [semantics#cube-filtering] says) */
    /* The border colour as one texel of the format ([semantics#border-color]):
     * its bytes (the one-lane kernel reads it as a texel) and its raw channel
     * codes, signed ones sign-extended, f32 as bits (the warp kernels). */
    uint8_t border_texel[16];
    int32_t border[4];
} wt__tex_plan;

/* Point p's extents, pitches and base at level v of the view (its scale and
 * npot follow the level's extents). */
static inline void wt__tex_plan_level(wt__tex_plan *p, int32_t v)
{
    const wt__level *l = &p->lv[v];
    p->base = l->base;
    p->n[0] = l->w;
    p->n[1] = l->h;
    p->n[2] = l->d;
    p->row_pitch = l->row_pitch;
    p->depth_pitch = l->depth_pitch;
    p->slice_pitch = l->slice_pitch;
    for (int k = 0; k < 3; k++) {
        p->scale[k] = p->norm ? (float)p->n[k] : 1.0f;
        p->npot[k] = (uint8_t)(p->norm && (p->n[k] & (p->n[k] - 1)) != 0);
    }
}

/* The destination types a read mode gives exactly: normalised float and
 * float formats as .f32; element-type codes as .u32/.s32 (their bits,
 * [semantics#decision-dest-mismatch]). */
static inline int wt__tex_plan_dtype_ok(const wt__tex_plan *p, int dtype)
{
    return p->read_norm || p->ftype ? dtype == WT_DTYPE_F32 : dtype == WT_DTYPE_U32 || dtype == WT_DTYPE_S32;
}

struct wt__tex;
/* Fill t->plan from t's format, levels, geometry and sampler (texture_object.c
 * calls it once, before any kernel binds). */
WT_INTERNAL void wt__tex_plan_make(struct wt__tex *t);

#endif
