/* batch_tex_io.h -- what the tex batches share: their checks, the operands beside the coordinates, the output formats (batch_tex_io.c)
 * SPDX-License-Identifier: MIT
 *
 * wt_tex_batch (coordinates from the caller) and wt_tex_batch_map
 * (coordinates from a matrix) take the same ops, the same layer / lod /
 * gradient inputs and write the same formats; these are the one copy of
 * each, so that the two calls refuse and write exactly alike. */
#ifndef WT_BATCH_TEX_IO_H
#define WT_BATCH_TEX_IO_H

#include "batch_run.h"

/* Bytes per lane of each wt_batch_format. */
WT_INTERNAL extern const unsigned wt__batch_format_bytes[WT_BATCH_ELEM8X4 + 1];

/* The op and the output format: family, geometry with float coordinates,
 * ctype, flags, format, channel, dtype against a byte format, out->data NULL
 * with lanes.  On success *k is the number of float coordinates. */
WT_INTERNAL wt_status wt__batch_tex_check_op(const char *fn, const wt_op *op, const wt_tex_batch_out *out, size_t n,
                                             int *k);

/* The output format against the texture, after the warp call's own checks
 * of the op against it: WT_BATCH_ELEM8 and _ELEM8X4 only on 8-bit integer channels read
 * as element type (a dtype of .u32 / .s32 passes those checks on 16- and
 * 32-bit integers too). */
WT_INTERNAL wt_status wt__batch_tex_check_object(const char *fn, wt_tex tex, const wt_tex_batch_out *out);

/* The layer, lod and gradient inputs against the op (needed, or absent) and
 * the uniform bits.  Coordinates are checked by the caller. */
WT_INTERNAL wt_status wt__batch_tex_check_operands(const char *fn, const wt_op *op, const wt_tex_batch_in *in, size_t n);

/* An input is needed by the op (`need`) or must be absent. */
WT_INTERNAL wt_status wt__batch_want(const char *fn, const void *p, int need, size_t n, const char *name,
                                     const char *why);

/* Gradient components of a geometry: 1 (1d, a1d), 2 (2d, a2d), 3. */
WT_INTERNAL int wt__batch_grad_components(int geom);

/* Lanes i0 .. i0+m-1's layer (into register 0 when `layered`), lod and
 * `g` gradient components (0: none) from in. */
WT_INTERNAL void wt__batch_tex_operands(const wt_tex_batch_in *in, int layered, int g, size_t i0, int m,
                                        wt_tex_args *a);

/* One warp of the batch: the op on s->tex.in's `active` lanes (the first
 * m), their results written to o in format `format` (channel for the
 * one-channel formats), lane l at o + l * (bytes per lane), with streaming
 * stores when `stream` (wt__batch_streams).  The byte
 * formats are written by the object's kernel from its registers where it
 * does so ([api#batch-bytes]), else converted from the warp call's
 * registers here, to the same bytes.  Returns the warp call's status; on
 * failure the active lanes are written as 0. */
WT_INTERNAL wt_status wt__batch_tex_warp(const wt_op *op, wt_tex tex, wt_sampler smp, uint32_t active, int m,
                                         wt__batch_scratch *s, uint8_t *o, int format, unsigned channel, int stream);

/* Whether a batch streams its words: only where out->flags asks
 * (WT_BATCH_STREAM; [api#batch-stream] says why the library does not choose
 * it on its own).  Only WT_BATCH_V4 and WT_BATCH_CHANNEL stream. */
WT_INTERNAL int wt__batch_streams(const wt_tex_batch_out *out);

#endif
