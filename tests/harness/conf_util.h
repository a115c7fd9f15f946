/* conf_util.h -- conformance-test helpers: formats, seeded data, and running the library against conf_model */
/* SPDX-License-Identifier: MIT */
#ifndef WT_CONF_UTIL_H
#define WT_CONF_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <warptex.h>

#include "conf_model.h"

/* splitmix64 */
typedef struct cu_rng { uint64_t s; } cu_rng;
uint64_t cu_next(cu_rng *r);
uint32_t cu_below(cu_rng *r, uint32_t n); /* uniform in [0, n) */

/* One channel format + read mode under test. */
typedef struct cu_format {
    const char *name;
    int nch, bits;
    wt_channel_kind kind;
    wt_read_mode read_mode;
} cu_format;

extern const cu_format cu_formats[];
extern const int cu_nformats;

/* Fill the format fields of m from f. */
void cu_set_format(cm_texture *m, const cu_format *f);

/* Pseudo-random texels for m's format (extremes and, for floats, zeros,
 * subnormals and rare specials mixed in). n elements. */
void cu_fill_texels(const cm_texture *m, void *buf, size_t n, cu_rng *r);

/* A border colour mixing ordinary values, 0, 1, NaN, huge and odd patterns. */
void cu_random_border(float b[4], cu_rng *r);

/* Create an array of m's geometry and format, filled from m->texels. */
wt_status cu_make_array(const cm_texture *m, wt_array *out);

/* Create a texture object over arr with m's sampling state. */
wt_status cu_make_tex(const cm_texture *m, wt_array arr, wt_tex *out);

/* Number of texels of m (all layers). */
size_t cu_texel_count(const cm_texture *m);

/* One f32 coordinate on an axis of n texels: random in [-1.5, 2.5] (texel
 * space when unnormalised), texel centres and boundaries +-1 ulp, weight
 * rounding ties, period edges, NaN, infinities, huge values and large ones
 * with a fraction ([semantics#decision-huge-coords] settles all of them in every mode). */
float cu_coord(cu_rng *r, int n, int normalized, int mode, int linear);

/* A layer operand: mostly in range, sometimes past the end or "negative". */
uint32_t cu_layer(cu_rng *r, int layers);

/* Run nwarps warps of float-coordinate tex.base fetches through the library
 * and the model.  Some warps have lanes masked off (their registers poisoned
 * beforehand must stay untouched); odd warps ask for the predicate and, but
 * on cubes, carry offset operands ([semantics#offsets], [semantics#decision-1d-offset-quirk]).  Cubes draw directions.
 * Prints a repro line per mismatch (at most a few) and returns the number of
 * mismatching registers. */
long cu_check_float(const cm_texture *m, wt_tex tex, uint64_t seed, int nwarps, const char *label);

/* The same for tld4 (2D, 2D layered, cube and cube array textures), a
 * random component per warp. */
long cu_check_gather(const cm_texture *m, wt_tex tex, uint64_t seed, int nwarps, const char *label);

/* Same with .s32 coordinates in [-3, size+3) plus extremes. */
long cu_check_int(const cm_texture *m, wt_tex tex, uint64_t seed, int nwarps, const char *label);

/* The matrix of one geometry and format: every coordinate normalisation x
 * filter x address-mode combination (cubes: x seamless), each with a random
 * border colour and nwarps warps of tex (and of tld4 where the geometry has
 * it).  Returns the number of mismatches (repro lines printed). */
long cu_run_matrix(wt_geom g, int w, int h, int d, int layers, const cu_format *f, uint64_t seed, int nwarps);

/* The same for a mipmapped array of `levels` levels (normalised
 * coordinates): texel and mip filter x random address modes, resource views,
 * biases, LOD clamps, anisotropy and the trilinear-optimisation flag (cubes:
 * x seamless); tex.base and tex.level with drawn LODs, and tld4 where the
 * geometry has it. */
long cu_run_mip_matrix(wt_geom g, int w, int h, int d, int layers, int levels, const cu_format *f, uint64_t seed,
                       int nwarps);

/* The wt_geom's coordinate count (incl. the layer) and PTX order. */
int cu_geom_ncoords(wt_geom g);

/* Total mismatches printed so far (caps the output across a test). */
extern long cu_printed;

#endif
