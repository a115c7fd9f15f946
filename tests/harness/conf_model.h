/* conf_model.h -- an independent reference model of texture fetches, for the conformance tests only */
/* SPDX-License-Identifier: MIT */
#ifndef WT_CONF_MODEL_H
#define WT_CONF_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include <warptex/types.h>
#include <warptex/op.h>

/* Written from docs/semantics.md alone; shares nothing with src/.  Covers the
 * common cases: 1D, 2D, 3D, 1D/2D layered, cubemaps and cubemap arrays
 * (seamless or not), mipmapped arrays with resource views (base, explicit
 * and gradient LOD with anisotropic taps, bias, clamps, the trilinear
 * optimisation),
 * float or integer coordinates, offsets, point and linear filtering, tld4,
 * every address mode (clamp_ogl as [semantics#decision-clamp-ogl-samplers]), and the formats of wt_channel_desc,
 * with or without sRGB. */

typedef struct cm_texture {
    wt_geom geom;           /* WT_GEOM_1D, _2D, _3D, _A1D, _A2D, _CUBE or _ACUBE */
    int w, h, d;            /* h = 1 for 1D, d = 1 for 1D, 2D and cubes; cubes: h = w */
    int layers;             /* 1 unless layered; cubemap arrays: cubes */
    int nch;                /* 1, 2 or 4 channels */
    int bits;               /* 8, 16 or 32 bits per channel */
    wt_channel_kind kind;
    wt_read_mode read_mode;
    wt_filter_mode filter;
    wt_address_mode addr[3];
    int normalized;
    float border[4];
    const void *texels;     /* element ((slice*d + z)*h + y)*w + x, channels packed, host order;
                             * slice = layer, or 6*cube + face for cubes; levels one after the other */
    int srgb;               /* the descriptor's sRGB flag ([semantics#srgb]: decodes 8-bit unsigned normalised reads only) */
    int seamless;           /* seamless_cubemap (cubes only) */
    /* Mipmapped arrays: texels hold level 0, then level 1, ... ([semantics#mip-levels] sizes) */
    int levels;             /* 0: a plain array; else the mipmapped array's level count */
    int first_level, last_level; /* the resource view's levels (both 0: all) */
    wt_filter_mode mip_filter;
    float lod_bias, min_clamp, max_clamp;
    int max_anisotropy;
    int no_trilinear_opt;   /* disable_trilinear_optimization */
} cm_texture;

/* The destination type the tests use for this texture: .u32/.s32 for
 * integers read as element type, .f32 otherwise. */
wt_dtype cm_dtype(const cm_texture *t);

/* 1 when fetches of this texture return floats (normalised or float formats). */
int cm_reads_float(const cm_texture *t);

/* Bytes per element. */
size_t cm_elem_size(const cm_texture *t);

/* A tex.base fetch with .f32 coordinates: c holds x, y, z (unused axes
 * ignored), layer the .u32 layer operand.  out: the four result registers. */
void cm_fetch_float(const cm_texture *t, uint32_t layer, const float c[3], uint32_t out[4]);

/* The same with the offset operand: off[0..2] are the raw .s32 registers
 * (NULL: no offset); never for cubes ([semantics#offsets]). */
void cm_fetch_float_off(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, uint32_t out[4]);

/* A fetch with .f32 coordinates and mip mode `mip` (base or level, with the
 * .f32 LOD `lod`) on any texture, mipmapped or not. */
void cm_fetch_lod(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, wt_mip mip, float lod,
                  uint32_t out[4]);

/* tex.grad: dpdx/dpdy hold the gradients in coordinate units ([semantics#decision-grad-components]: the
 * components the geometry reads). */
void cm_fetch_grad(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, const float dpdx[3],
                   const float dpdy[3], uint32_t out[4]);

/* tld4 of component comp ([semantics#tld4]) on a 2D, 2D layered, cube or cube array
 * texture: c holds x, y (cubes: the direction), layer the layer or cube
 * operand, off the raw offset registers or NULL.  out: d[0..3] in the [semantics#tld4]
 * order, each valued per [semantics#tld4] in cm_dtype(t). */
void cm_gather(const cm_texture *t, uint32_t layer, const float c[3], const int32_t *off, int comp,
               uint32_t out[4]);

/* A fetch with .s32 coordinates (tex1Dfetch style), [semantics#integer-coords]. */
void cm_fetch_int(const cm_texture *t, uint32_t layer, const int32_t c[3], uint32_t out[4]);

/* The [semantics#lod-from-gradients] gradient-LOD pieces, for the LOD tests' own models.  Values are
 * doubles holding the exact hardware quantities. */
extern const int cm_log2_tab[256];               /* [semantics#log2-table] */
double cm_t10(double x);                         /* step 1: 10 significant bits, toward zero (x >= 0) */
double cm_grad_len(double u, double v);          /* step 2: length of (u, v), both t10 magnitudes */
double cm_grad_adder(double x, double y);        /* step 3: one component of dPdx ± dPdy (signed t10 values) */
double cm_grad_diag(double u, double v);         /* step 3: 11/16 of an octagonal length (magnitudes) */
double cm_grad_len3(const double v[3]);          /* [semantics#decision-grad-lod-3d]: 3D/cube length of three t10 magnitudes */

/* Pieces exposed for the model's own sanity tests. */
uint32_t cm_f32_to_f16_rtz(uint32_t f32bits);  /* [semantics#border-color] / [semantics#decision-f16-toward-zero] */
uint32_t cm_f16_to_f32(uint32_t h);              /* [semantics#point-conversion], exact, NaN bit for bit */
/* [semantics#border-color] normalised border code for m magnitude bits (UNORM: m = bits; SNORM: bits - 1). */
int32_t cm_border_norm_code(float c, int m, int is_signed);
/* [semantics#float-blend] blend of float texels: n taps, values as f32 bits (or f16 bits when
 * half), integer weights summing to 256, group index per tap (0..63); at most 160 taps. */
uint32_t cm_float_blend(int half, int n, const uint32_t *v, const int *w, const int *g);

#endif
