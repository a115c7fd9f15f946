/* batch_map.c -- wt_tex_batch_map: tex / tld4 over a W x H grid whose coordinates a 3 x 3 matrix gives, computed per warp
 * SPDX-License-Identifier: MIT
 *
 * The coordinates are the batch's input here, so their arithmetic is part
 * of the contract: batch.h (wt_tex_map) fixes each float operation and its
 * order so that a caller can compute the same coordinates and get the same
 * bits from wt_tex_batch or the warp call.  That holds only if the compiler
 * neither fuses a product into the following sum (an FMA rounds once where
 * the definition rounds twice) nor keeps intermediates wider than float:
 * this file is built with -ffp-contract=off (CMakeLists.txt, for this file
 * by name as well as globally), clang also takes the pragma below, and a
 * wider float evaluation method stops the build.  tests/batch/
 * test_batch_map.c has matrices where a fused product gives a different
 * texel. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "batch_tex_io.h"

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD > 0
#error "float expressions would be evaluated in wider precision: wt_tex_batch_map's coordinates would not be batch.h's"
#endif

static const char *const fn = "wt_tex_batch_map";

typedef struct map_job {
    const wt_op *op;
    wt_tex tex;
    wt_sampler smp;
    float m[9];
    int projective; /* the last row is not 0 0 1 */
    size_t width, per_row;
    const wt_tex_batch_in *in; /* NULL: no operands beside the coordinates */
    int first, g;              /* register of x (1 after a layer), gradient components (tex.grad) */
    uint8_t *out;
    size_t pitch, lane_bytes;
    int format;
    unsigned channel;
    int stream; /* streaming stores (wt__batch_streams) */
} map_job;

/* The coordinates of columns col0 .. col0+31 of a row whose centre is v,
 * in batch.h's order.  All 32 lanes are computed (the loop has no exit the
 * vectoriser must respect); lanes past the row's end are inactive and their
 * values unused. */
static void map_coords(const map_job *j, size_t col0, float v, float x[WT_WARP_SIZE], float y[WT_WARP_SIZE])
{
    const float *m = j->m;
    /* m[1] * v is the same rounded product on every lane of the row: once. */
    const float bx = m[1] * v, by = m[4] * v, bd = m[7] * v;
    /* col0 + l + 0.5 is exact in float (col0 + l < 2^23 on active lanes),
     * so this is (float)i + 0.5f of the definition. */
    const float u0 = (float)col0 + 0.5f;
    if (!j->projective) {
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            const float u = u0 + (float)l;
            x[l] = (m[0] * u + bx) + m[2];
            y[l] = (m[3] * u + by) + m[5];
        }
        return;
    }
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        const float u = u0 + (float)l;
        const float X = (m[0] * u + bx) + m[2];
        const float Y = (m[3] * u + by) + m[5];
        const float D = (m[6] * u + bd) + m[8];
        x[l] = X / D;
        y[l] = Y / D;
    }
}

static wt_status map_warp(void *ctx, size_t w, uint32_t active, wt__batch_scratch *s, uint32_t *bad)
{
    const map_job *j = ctx;
    const size_t row = w / j->per_row, col0 = (w % j->per_row) * WT_WARP_SIZE;
    const int m = __builtin_popcount(active); /* the first m lanes */
    float x[WT_WARP_SIZE], y[WT_WARP_SIZE];
    map_coords(j, col0, (float)row + 0.5f, x, y);
    memcpy(s->tex.in.c[j->first], x, sizeof x);
    memcpy(s->tex.in.c[j->first + 1], y, sizeof y);
    if (j->in)
        wt__batch_tex_operands(j->in, j->first, j->g, row * j->width + col0, m, &s->tex.in);
    wt_status st = wt__batch_tex_warp(j->op, j->tex, j->smp, active, m, s,
                                      j->out + row * j->pitch + col0 * j->lane_bytes, j->format, j->channel,
                                      j->stream);
    if (st)
        *bad = active;
    return st;
}

/* The output's extent: rows `pitch` apart (0: packed), each `row` bytes,
 * must be addressable.  Sets *pitch to the row distance used. */
static wt_status check_output(size_t width, size_t height, size_t lane_bytes, size_t *pitch)
{
    const size_t row = width * lane_bytes; /* width <= 2^23, lane_bytes <= 16: no overflow */
    if (*pitch == 0)
        *pitch = row;
    else if (*pitch < row)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): pitch = %zu is below a row of %zu pixels of %zu bytes (%zu)",
                         fn, *pitch, width, lane_bytes, row);
    if (height > 1 && *pitch > ((size_t)PTRDIFF_MAX - row) / (height - 1))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): %zu rows %zu bytes apart do not fit in memory (the output reaches past PTRDIFF_MAX)",
                         fn, height, *pitch);
    return WT_SUCCESS;
}

wt_status wt_tex_batch_map(const wt_op *op, wt_tex tex, wt_sampler smp, const wt_tex_map *map,
                           const wt_tex_batch_in *in, const wt_tex_batch_out *out, size_t pitch)
{
    wt_status st;
    int k;
    if (!op || !map || !out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, !op ? "op" : !map ? "map" : "out");
    for (int e = 0; e < 9; e++)
        if (!isfinite(map->m[e]))
            return wt__error(WT_ERROR_INVALID_VALUE,
                             "%s(): map->m[%d] = %g is not finite (a NaN or infinity in the matrix is refused)", fn, e,
                             (double)map->m[e]);
    const size_t W = map->width, H = map->height;
    if (W > WT_TEX_MAP_MAX_SIDE || H > WT_TEX_MAP_MAX_SIDE)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): map is %zu x %zu pixels; each side is at most WT_TEX_MAP_MAX_SIDE = %zu (so that "
                         "pixel centres are exact floats)", fn, W, H, (size_t)WT_TEX_MAP_MAX_SIDE);
    const size_t n = W * H; /* < 2^46; on a 32-bit size_t checked next */
    if (H && n / H != W)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): map is %zu x %zu pixels, more than size_t counts", fn, W, H);
    if ((st = wt__batch_tex_check_op(fn, op, out, n, &k)))
        return st;
    if (op->geom != WT_GEOM_2D && op->geom != WT_GEOM_A2D)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): op->geom = %u: a map gives 2D coordinates (geometry 2d or a2d only)", fn, op->geom);
    static const wt_tex_batch_in none;
    const wt_tex_batch_in *ops = in ? in : &none;
    if (ops->coords || ops->x || ops->y || ops->z)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is given, but the map gives the coordinates", fn,
                         ops->coords ? "coords" : ops->x ? "x" : ops->y ? "y" : "z");
    if (!in && n > 0 && (op->geom == WT_GEOM_A2D || op->mip != WT_MIP_BASE))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in is NULL, but the op needs in->%s", fn,
                         op->geom == WT_GEOM_A2D ? "layer" : op->mip == WT_MIP_LEVEL ? "lod" : "dpdx and in->dpdy");
    if ((st = wt__batch_tex_check_operands(fn, op, ops, n)))
        return st;
    const int layered = op->geom == WT_GEOM_A2D, grad = op->mip == WT_MIP_GRAD;
    if ((layered && !(ops->uniform & WT_BATCH_UNIFORM_LAYER) && (st = wt__batch_check_n(fn, n, 4u, "layers"))) ||
        (op->mip == WT_MIP_LEVEL && !(ops->uniform & WT_BATCH_UNIFORM_LOD) &&
         (st = wt__batch_check_n(fn, n, 4u, "levels of detail"))) ||
        (grad && !(ops->uniform & WT_BATCH_UNIFORM_GRAD) && (st = wt__batch_check_n(fn, n, 8u, "gradients"))))
        return st;
    const size_t lane_bytes = wt__batch_format_bytes[out->format];
    if ((st = check_output(W, H, lane_bytes, &pitch)))
        return st;

    /* The op against the objects, by the warp call itself on no lanes. */
    static const wt_tex_args no_lanes;
    wt_tex_result probe;
    if ((st = wt_tex_warp(op, tex, smp, 0, &no_lanes, &probe)))
        return wt__batch_restate(fn, "wt_tex_warp", st);
    if ((st = wt__batch_tex_check_object(fn, tex, out)))
        return st;

    map_job j = {.op = op, .tex = tex, .smp = smp, .width = W,
                 .per_row = W / WT_WARP_SIZE + (W % WT_WARP_SIZE != 0), .in = in, .first = layered,
                 .g = grad ? 2 : 0, .out = out->data, .pitch = pitch, .lane_bytes = lane_bytes,
                 .format = out->format, .channel = out->channel,
                 .stream = wt__batch_streams(out)};
    memcpy(j.m, map->m, sizeof j.m);
    /* 0 0 1 makes D = 1 and X / 1 = X exactly: the division is skipped. */
    j.projective = !(map->m[6] == 0.0f && map->m[7] == 0.0f && map->m[8] == 1.0f);
    return wt__batch_run_grid(fn, W, H, map_warp, &j);
}
