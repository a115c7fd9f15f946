/* dispatch.h -- the backend table and the active backend
 * SPDX-License-Identifier: MIT */
#ifndef WT_DISPATCH_H
#define WT_DISPATCH_H

#include "../scalar/scalar.h"

/* A backend's warp kernels.  tex_warp runs tex/tld4 for the active lanes of
 * one warp (op validated, ctx resolved); surf_warp runs suld/sust/sured and
 * returns the trap mask. */
typedef struct wt__backend {
    const char *name;
    int (*usable)(void);
    void (*tex_warp)(const wt__tex_ctx *ctx, const wt_op *op, uint32_t active, const wt_tex_args *in,
                     wt_tex_result *out);
    uint32_t (*surf_warp)(const wt__surf *s, const wt_op *op, uint32_t active, const wt_surf_args *in,
                          wt_surf_result *out);
} wt__backend;

WT_INTERNAL extern const wt__backend wt__backend_scalar;

/* The live backend (chosen once, on first use). */
WT_INTERNAL const wt__backend *wt__backend_active(void);
/* A compiled-in backend by name, usable or not; NULL if unknown. */
WT_INTERNAL const wt__backend *wt__backend_find(const char *name);

#endif
