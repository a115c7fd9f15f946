/* batch_sured.c -- wt_sured_batch: surface reductions of a value array over coordinates, warp by warp on all threads
 * SPDX-License-Identifier: MIT
 *
 * Every reduction is atomic on its own (atomic_reduce.c), whichever warp and
 * thread applies it, so the order in which threads take warps changes no
 * total: add wraps modulo 2^n and min, max, and, or do not depend on order. */
#include <string.h>

#include "batch_run.h"

static const char *const fn = "wt_sured_batch";

typedef struct sured_job {
    const wt_op *op;
    wt_surf surf;
    const wt_sured_batch_in *in;
    int k;    /* coordinates per lane: 1, 2 or 3 */
    int wide; /* 64-bit operands */
    uint32_t *trap;
} sured_job;

static wt_status sured_warp(void *ctx, size_t w, uint32_t active, wt__batch_scratch *s, uint32_t *bad)
{
    const sured_job *j = ctx;
    const wt_sured_batch_in *in = j->in;
    wt_surf_args *a = &s->surf.in;
    const int m = __builtin_popcount(active);
    const size_t i0 = w * WT_WARP_SIZE;
    if (in->coords) {
        const int32_t *p = in->coords + i0 * (size_t)j->k;
        for (int l = 0; l < m; l++)
            for (int q = 0; q < j->k; q++)
                a->c[q][l] = p[l * j->k + q];
    } else {
        const int32_t *plane[3] = {in->x, in->y, in->z};
        for (int q = 0; q < j->k; q++)
            for (int l = 0; l < m; l++)
                a->c[q][l] = plane[q][i0 + (size_t)l];
    }
    const int uni = (in->uniform & WT_BATCH_UNIFORM_VALUE) != 0;
    if (j->wide) {
        const uint64_t *v = in->values;
        for (int l = 0; l < m; l++)
            a->v[0][l] = v[uni ? 0 : i0 + (size_t)l];
    } else {
        const uint32_t *v = in->values;
        for (int l = 0; l < m; l++)
            a->v[0][l] = v[uni ? 0 : i0 + (size_t)l];
    }
    wt_status st = wt_surf_warp(j->op, j->surf, active, a, &s->surf.out);
    if (j->trap)
        j->trap[w] = s->surf.out.trap;
    if (st)
        *bad = st == WT_ERROR_TRAP ? s->surf.out.trap : active;
    return st;
}

wt_status wt_sured_batch(const wt_op *op, wt_surf surf, size_t n, const wt_sured_batch_in *in, uint32_t *trap)
{
    wt_status st;
    if (!op || !in)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, !op ? "op" : "in");
    if (op->family != WT_FAMILY_SURED)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->family = %u is not WT_FAMILY_SURED", fn, op->family);
    if (op->geom > WT_GEOM_3D)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->geom = %u: sured takes .1d, .2d or .3d", fn, op->geom);
    const int k = op->geom + 1; /* WT_GEOM_1D, _2D, _3D are 0, 1, 2 */
    if (in->coords && (in->x || in->y || in->z))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->coords and the planes in->x/y/z are both given", fn);
    if (!in->coords) {
        const int32_t *plane[3] = {in->x, in->y, in->z};
        static const char *const name[3] = {"x", "y", "z"};
        for (int q = 0; q < 3; q++) {
            if (q < k && !plane[q] && n > 0)
                return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is NULL with n = %zu (in->coords is NULL)",
                                 fn, name[q], n);
            if (q >= k && plane[q])
                return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is given, but op->geom = %u has %d coordinate%s",
                                 fn, name[q], op->geom, k, k == 1 ? "" : "s");
        }
    }
    if (!in->values && n > 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->values is NULL with n = %zu", fn, n);
    if (in->uniform & ~WT_BATCH_UNIFORM_VALUE)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->uniform = 0x%x: sured takes WT_BATCH_UNIFORM_VALUE only",
                         fn, in->uniform);
    /* The op and the surface, by the warp call itself on no lanes. */
    static const wt_surf_args no_lanes;
    wt_surf_result probe;
    if ((st = wt_surf_warp(op, surf, 0, &no_lanes, &probe)))
        return wt__batch_restate(fn, "wt_surf_warp", st);
    const int wide = op->rtype >= WT_RTYPE_U64;
    if ((st = wt__batch_check_n(fn, n, in->coords ? (size_t)k * 4u : 4u, "coordinates")) ||
        (!(in->uniform & WT_BATCH_UNIFORM_VALUE) && (st = wt__batch_check_n(fn, n, wide ? 8u : 4u, "values"))))
        return st;
    sured_job j = {.op = op, .surf = surf, .in = in, .k = k, .wide = wide, .trap = trap};
    return wt__batch_run(fn, n, 0, sured_warp, &j);
}
