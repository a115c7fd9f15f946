/* batch_sured.c -- wt_sured_batch: surface reductions of a value array over coordinates, warp by warp on all threads
 * SPDX-License-Identifier: MIT
 *
 * Every reduction is atomic on its own (atomic_reduce.c), whichever warp and
 * thread applies it, so the order in which threads take warps changes no
 * total: add wraps modulo 2^n and min, max, and, or do not depend on order.
 * That is also why a batch of many lanes over a small 1D surface (a
 * histogram) may combine its lanes per element before it reduces them
 * (combined(), below). */
#include <stdlib.h>
#include <string.h>

#include "../core/atomic_reduce.h"
#include "batch_run.h"
#include "../core/parallel.h"

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

/* ---- a batch over few elements: combined per thread, then one atomic per element ---- */

/* The most elements the combining path keeps a table of per thread. */
#define COMBINE_MAX_ELEMS 65536u

typedef struct combine_job {
    const wt_sured_batch_in *in;
    uint8_t *base;    /* the surface's row */
    size_t elems;     /* its elements */
    wt__red red;
} combine_job;

/* The value v leaves any element as it is under r (add 0, min with the
 * greatest, max with the least, and with all ones, or with 0). */
static uint64_t identity(const wt__red *r)
{
    const uint64_t ones = r->wide ? ~(uint64_t)0 : 0xffffffffu;
    const uint64_t top = r->wide ? (uint64_t)1 << 63 : (uint64_t)1 << 31; /* the sign bit */
    switch (r->op) {
    case WT_RED_MIN: return r->sgn ? ones ^ top : ones; /* the greatest */
    case WT_RED_MAX: return r->sgn ? top : 0;           /* the least */
    case WT_RED_AND: return ones;
    default: return 0; /* add, or */
    }
}

/* acc[x[i] / size] combined with each lane's value, lanes [begin, end):
 * one loop per operation, so that the combining is a few instructions a
 * lane (T the element type, S its signed twin for min/max). */
#define COMBINE_LOOP(T, S)                                                                                         \
    do {                                                                                                           \
        T *a = (T *)acc;                                                                                           \
        const T *vals = c->in->values;                                                                             \
        const unsigned sh = sizeof(T) == 8 ? 3 : 2;                                                                \
        for (size_t i = begin; i < end; i++) {                                                                     \
            const T v = vals[uni ? 0 : i];                                                                         \
            T *e = &a[(uint32_t)x[i] >> sh];                                                                       \
            switch (c->red.op) {                                                                                   \
            case WT_RED_ADD: *e += v; break;                                                                       \
            case WT_RED_MIN: *e = c->red.sgn ? ((S)v < (S)*e ? v : *e) : (v < *e ? v : *e); break;                 \
            case WT_RED_MAX: *e = c->red.sgn ? ((S)v > (S)*e ? v : *e) : (v > *e ? v : *e); break;                 \
            case WT_RED_AND: *e &= v; break;                                                                       \
            default: *e |= v; break;                                                                               \
            }                                                                                                      \
        }                                                                                                          \
    } while (0)

/* Lanes [begin, end): their values reduced into a table of the surface's
 * elements (the order of a reduction's operands changes no result, [semantics#decision-sured]),
 * then each element whose combined value is not the identity gets one
 * atomic reduction of it.  Without memory for the table the lanes reduce
 * one by one. */
static void combine_lanes(void *ctx, size_t begin, size_t end, int thread)
{
    const combine_job *c = ctx;
    const int32_t *x = c->in->coords ? c->in->coords : c->in->x;
    const int uni = (c->in->uniform & WT_BATCH_UNIFORM_VALUE) != 0;
    const unsigned size = c->red.wide ? 8u : 4u;
    const uint64_t id = identity(&c->red);
    (void)thread;
    void *acc = malloc(c->elems * size);
    if (!acc) {
        for (size_t i = begin; i < end; i++) {
            const size_t vi = uni ? 0 : i;
            const uint64_t v = size == 8 ? ((const uint64_t *)c->in->values)[vi]
                                         : ((const uint32_t *)c->in->values)[vi];
            wt__atomic_reduce(&c->red, c->base + (uint32_t)x[i], size, v);
        }
        return;
    }
    if (size == 8) {
        for (size_t e = 0; e < c->elems; e++)
            ((uint64_t *)acc)[e] = id;
        COMBINE_LOOP(uint64_t, int64_t);
        for (size_t e = 0; e < c->elems; e++)
            if (((uint64_t *)acc)[e] != id)
                wt__atomic_reduce(&c->red, c->base + 8 * e, 8, ((uint64_t *)acc)[e]);
    } else {
        for (size_t e = 0; e < c->elems; e++)
            ((uint32_t *)acc)[e] = (uint32_t)id;
        COMBINE_LOOP(uint32_t, int32_t);
        for (size_t e = 0; e < c->elems; e++)
            if (((uint32_t *)acc)[e] != (uint32_t)id)
                wt__atomic_reduce(&c->red, c->base + 4 * e, 4, ((uint32_t *)acc)[e]);
    }
    free(acc);
}

/* A sured.b batch on a 1D surface of at most COMBINE_MAX_ELEMS elements
 * whose every lane is aligned and inside (so none traps, clamps or is
 * dropped, [semantics#surface-out-of-range]) and that has many more lanes than the surface has
 * elements (a histogram): each thread combines its lanes per element first,
 * so the batch costs about one atomic per element and thread instead of one
 * per lane.  Every total is what the lanes one by one would give (add wraps
 * modulo 2^n, min/max/and/or do not depend on order); what another thread
 * can see while the batch runs is some of the batch's reductions done, as
 * ever.  1 when done, 0 when the batch is not such a one. */
static int combined(const wt_op *op, wt_surf surf, size_t n, const wt_sured_batch_in *in, int wide, uint32_t *trap)
{
    if (op->mode != WT_SURF_B || op->geom != WT_GEOM_1D || n < 4096)
        return 0;
    int done = 0;
    wt__read_begin();
    const wt__surf *s = wt__handle_get(surf, WT__KIND_SURF);
    const unsigned size = wide ? 8u : 4u;
    const uint64_t row_bytes = s ? (uint64_t)s->w * s->fmt.esize : 0;
    if (s && !s->sparse && row_bytes >= size && row_bytes / size <= COMBINE_MAX_ELEMS && n >= 4 * (row_bytes / size)) {
        const int32_t *x = in->coords ? in->coords : in->x;
        const uint32_t last = (uint32_t)(row_bytes - size); /* the last aligned element's x */
        int simple = 1;
        for (size_t i = 0; i < n; i++) /* no early exit: a loop that vectorises */
            simple &= (uint32_t)x[i] <= last && ((uint32_t)x[i] & (size - 1)) == 0;
        if (simple) {
            combine_job c = {.in = in, .base = s->base, .elems = (size_t)(row_bytes / size)};
            c.red.op = op->redop;
            c.red.wide = (uint8_t)wide;
            c.red.sgn = op->rtype == WT_RTYPE_S32 || op->rtype == WT_RTYPE_S64;
            /* chunks of at least 8 lanes per element, so the table pays */
            size_t grain = 8 * (size_t)(row_bytes / size);
            wt__parallel_for(n, grain < 65536 ? 65536 : grain, 0, combine_lanes, &c);
            if (trap)
                memset(trap, 0, (n + 31) / 32 * sizeof *trap);
            done = 1;
        }
    }
    wt__read_end();
    return done;
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
    if (combined(op, surf, n, in, wide, trap))
        return WT_SUCCESS;
    sured_job j = {.op = op, .surf = surf, .in = in, .k = k, .wide = wide, .trap = trap};
    return wt__batch_run(fn, n, 0, sured_warp, &j);
}
