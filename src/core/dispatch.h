/* dispatch.h -- the backend table and the active backend
 * SPDX-License-Identifier: MIT */
#ifndef WT_DISPATCH_H
#define WT_DISPATCH_H

#include "internal.h"

/* Where a batch wants a warp's results as bytes (the batch output formats
 * WT_BATCH_U8X4, WT_BATCH_U8X4_SRGB, WT_BATCH_U8, WT_BATCH_HALF4,
 * WT_BATCH_ELEM8 and WT_BATCH_ELEM8X4 of include/warptex/batch.h): active
 * lane l's 4 bytes (1 for WT_BATCH_U8 and _ELEM8, of register `channel`; 8
 * for _HALF4) at dst + l * (that size), any alignment.  Each byte is
 * wt__unorm8 / wt__srgb8 (byte_convert.h) of the float the lane's register
 * would hold, each half wt__half of it, and an ELEM8 / ELEM8X4 byte a
 * register's low byte. */
typedef struct wt__tex_bytes {
    uint8_t *dst;
    int format;       /* a wt_batch_format of bytes */
    unsigned channel; /* WT_BATCH_U8, WT_BATCH_ELEM8: the register, 0..3 */
    const uint8_t *srgb_of_k; /* WT_BATCH_U8X4_SRGB: wt__srgb8_of_k() (byte_convert.h) */
} wt__tex_bytes;

/* Everything a fetch needs: the texture, the effective sampler (the texture's
 * own, or an explicit .samplerref merged by the core) and the border colour
 * converted to one raw texel of the texture's format.  Every kernel takes it,
 * the reference's (src/scalar) and the SIMD backends' alike.  `bytes`, when
 * not NULL, asks for the results as bytes: a kernel that writes them from
 * its registers returns 2 and leaves out's registers as they were; any other
 * kernel (and the generic path) ignores it and writes out. */
typedef struct wt__tex_ctx {
    const wt__tex *t;
    const wt__sampler *s;
    const uint8_t *border; /* esize bytes */
    /* Set to 1 when a fetch reads a texel on an unmapped tile of a sparse
     * texture ([semantics#sparse-residency]); NULL outside the reference's
     * one-lane sample, which points it at its own flag. */
    uint8_t *miss;
    const wt__tex_bytes *bytes;
} wt__tex_ctx;

/* A kernel an object binds at creation for its exact shape (format, filter,
 * address modes, coordinates, geometry).  It runs one warp of an op and
 * returns 1 (results in out) or 2 (results written as ctx->bytes asks), or
 * returns 0 without touching anything when the op is not one it was made
 * for; the backend's generic tex_warp then runs it. */
typedef int (*wt__tex_kernel)(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                              wt_tex_result *out);

/* A PTX executor (src/ptx/ptx_warp.h): runs one decoded instruction on the lanes in mask. */
struct px_warp;
struct px_insn;
typedef int (*wt__ptx_exec)(struct px_warp *w, const struct px_insn *in, uint32_t mask);

/* A backend's warp kernels.  tex_warp runs tex/tld4 for the active lanes of
 * one warp (op validated, ctx resolved); surf_warp runs suld/sust/sured and
 * returns the trap mask. */
typedef struct wt__backend {
    const char *name;
    int id; /* index into wt__tex.kernels[] */
    int (*usable)(void);
    /* The specialised kernel for texture t, or NULL (generic path); *name
     * receives a description of it.  NULL bind_tex: no specialised kernels. */
    wt__tex_kernel (*bind_tex)(wt__tex *t, const char **name);
    /* What the generic paths are, for `warptex info`. */
    const char *generic;
    void (*tex_warp)(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                     wt_tex_result *out);
    uint32_t (*surf_warp)(const wt__surf *s, const wt_op *op, uint32_t active, const wt_surf_args *in,
                          wt_surf_result *out);
    /* The PTX front end's executor of a decoded instruction (NULL: control flow, which the
     * interpreter runs itself), from this backend's build of the executors
     * (src/ptx/ptx_executors.h); a module takes the one of the backend active when it loads.
     * NULL slot: the baseline build (src/ptx), which the scalar backend, below src/ptx, cannot
     * name, and which NEON uses too. */
    wt__ptx_exec (*ptx_executor)(const struct px_insn *in);
} wt__backend;

WT_INTERNAL extern const wt__backend wt__backend_scalar;
#if defined(WT_HAVE_AVX2)
WT_INTERNAL extern const wt__backend wt__backend_avx2;
#endif
#if defined(WT_HAVE_AVX512)
WT_INTERNAL extern const wt__backend wt__backend_avx512;
#endif
#if defined(WT_HAVE_NEON)
WT_INTERNAL extern const wt__backend wt__backend_neon;
#endif

/* Backend ids (wt__tex.kernels[] slots). */
enum { WT__BACKEND_SCALAR = 0, WT__BACKEND_AVX2 = 1, WT__BACKEND_AVX512 = 2, WT__BACKEND_NEON = 3 };

/* Bind every compiled-in backend's specialised kernel for t (creation). */
WT_INTERNAL void wt__bind_tex_kernels(wt__tex *t);
/* The kernel backend b bound for t and its description (NULL: generic). */
WT_INTERNAL wt__tex_kernel wt__tex_kernel_of(const wt__tex *t, const wt__backend *b, const char **name);
/* Every compiled-in backend, best first; *n receives the count. */
WT_INTERNAL const wt__backend *const *wt__backend_list(size_t *n);

/* The live backend (chosen once, on first use). */
WT_INTERNAL const wt__backend *wt__backend_active(void);
/* A compiled-in backend by name, usable or not; NULL if unknown. */
WT_INTERNAL const wt__backend *wt__backend_find(const char *name);

#endif
