/* batch_tex.c -- wt_tex_batch: tex / tld4 over n lanes of float coordinates, warp by warp, written as float4, a channel or bytes
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "batch_run.h"

static const char *const fn = "wt_tex_batch";

typedef struct tex_job {
    const wt_op *op;
    wt_tex tex;
    wt_sampler smp;
    size_t n;
    const wt_tex_batch_in *in;
    int k;      /* float coordinates per lane */
    int first;  /* register of the first float coordinate: 1 after a layer, else 0 */
    int g;      /* gradient components (tex.grad), else 0 */
    uint8_t *out;
    int format;
    unsigned channel;
} tex_job;

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Gather lanes i0 .. i0+m-1 into the warp's registers. */
static void gather(const tex_job *j, size_t i0, int m, wt_tex_args *a)
{
    const wt_tex_batch_in *in = j->in;
    if (in->coords) {
        const float *p = in->coords + i0 * (size_t)j->k;
        for (int l = 0; l < m; l++)
            for (int q = 0; q < j->k; q++)
                a->c[j->first + q][l] = bits_of(p[l * j->k + q]);
    } else {
        const float *plane[3] = {in->x, in->y, in->z};
        for (int q = 0; q < j->k; q++)
            for (int l = 0; l < m; l++)
                a->c[j->first + q][l] = bits_of(plane[q][i0 + (size_t)l]);
    }
    if (j->first) {
        int uni = (in->uniform & WT_BATCH_UNIFORM_LAYER) != 0;
        for (int l = 0; l < m; l++)
            a->c[0][l] = in->layer[uni ? 0 : i0 + (size_t)l];
    }
    if (in->lod) {
        int uni = (in->uniform & WT_BATCH_UNIFORM_LOD) != 0;
        for (int l = 0; l < m; l++)
            a->lod[l] = bits_of(in->lod[uni ? 0 : i0 + (size_t)l]);
    }
    if (j->g) {
        int uni = (in->uniform & WT_BATCH_UNIFORM_GRAD) != 0;
        for (int l = 0; l < m; l++) {
            size_t at = uni ? 0 : (i0 + (size_t)l) * (size_t)j->g;
            for (int q = 0; q < j->g; q++) {
                a->dpdx[q][l] = in->dpdx[at + (size_t)q];
                a->dpdy[q][l] = in->dpdy[at + (size_t)q];
            }
        }
    }
}

/* Write lanes i0 .. i0+m-1 of r in the output format. */
static void store(const tex_job *j, size_t i0, int m, const wt_tex_result *r)
{
    switch (j->format) {
    case WT_BATCH_V4: {
        uint8_t *o = j->out + i0 * 16u;
        for (int l = 0; l < m; l++) {
            uint32_t v[4] = {r->d[0][l], r->d[1][l], r->d[2][l], r->d[3][l]};
            memcpy(o + (size_t)l * 16u, v, sizeof v);
        }
        break;
    }
    case WT_BATCH_CHANNEL: {
        uint8_t *o = j->out + i0 * 4u;
        for (int l = 0; l < m; l++)
            memcpy(o + (size_t)l * 4u, &r->d[j->channel][l], 4);
        break;
    }
    case WT_BATCH_U8X4: {
        uint8_t *o = j->out + i0 * 4u;
        for (int l = 0; l < m; l++)
            for (int c = 0; c < 4; c++)
                o[l * 4 + c] = wt__unorm8(float_of(r->d[c][l]));
        break;
    }
    case WT_BATCH_U8X4_SRGB: {
        uint8_t *o = j->out + i0 * 4u;
        for (int l = 0; l < m; l++) {
            for (int c = 0; c < 3; c++)
                o[l * 4 + c] = wt__srgb8(float_of(r->d[c][l]));
            o[l * 4 + 3] = wt__unorm8(float_of(r->d[3][l]));
        }
        break;
    }
    default: { /* WT_BATCH_U8 */
        uint8_t *o = j->out + i0;
        for (int l = 0; l < m; l++)
            o[l] = wt__unorm8(float_of(r->d[j->channel][l]));
        break;
    }
    }
}

static wt_status tex_warp(void *ctx, size_t w, uint32_t active, wt__batch_scratch *s, uint32_t *bad)
{
    const tex_job *j = ctx;
    size_t i0 = w * WT_WARP_SIZE;
    int m = __builtin_popcount(active); /* the first m lanes */
    gather(j, i0, m, &s->tex.in);
    wt_status st = wt_tex_warp(j->op, j->tex, j->smp, active, &s->tex.in, &s->tex.out);
    /* On failure the warp call zeroed the active lanes: they are written as
     * 0 in every format. */
    store(j, i0, m, &s->tex.out);
    if (st)
        *bad = active;
    return st;
}

/* An input is needed by the op (`need`) or must be absent. */
static wt_status want(const void *p, int need, size_t n, const char *name, const char *why)
{
    if (need && !p && n > 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is NULL with n = %zu (%s)", fn, name, n, why);
    if (!need && p)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->%s is given, but the op does not use it (%s)", fn, name,
                         why);
    return WT_SUCCESS;
}

static const unsigned FORMAT_BYTES[] = {16, 4, 4, 4, 1};

wt_status wt_tex_batch(const wt_op *op, wt_tex tex, wt_sampler smp, size_t n, const wt_tex_batch_in *in,
                       const wt_tex_batch_out *out)
{
    wt_status st;
    if (!op || !in || !out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, !op ? "op" : !in ? "in" : "out");
    if (op->family != WT_FAMILY_TEX && op->family != WT_FAMILY_TLD4)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->family = %u is not WT_FAMILY_TEX or WT_FAMILY_TLD4", fn,
                         op->family);
    int k = op->geom < WT_GEOM_COUNT ? wt__batch_float_coords(op->geom) : 0;
    if (k == 0)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): op->geom = %u is not a geometry with float coordinates (1d, 2d, 3d, a1d, a2d, cube, "
                         "acube)", fn, op->geom);
    if (op->ctype != WT_CTYPE_F32)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->ctype = %u: batches take .f32 coordinates only", fn,
                         op->ctype);
    if (op->flags & ~(unsigned)(WT_OP_SAMPLER | WT_OP_PRED))
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): op->flags = 0x%x: batches take WT_OP_SAMPLER and WT_OP_PRED only (no offsets, no "
                         "depth compare)", fn, op->flags);
    if ((unsigned)out->format > WT_BATCH_U8)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->format = %u is not a wt_batch_format", fn,
                         (unsigned)out->format);
    int one = out->format == WT_BATCH_CHANNEL || out->format == WT_BATCH_U8;
    if (one ? out->channel > 3 : out->channel != 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->channel = %u must be %s", fn, out->channel,
                         one ? "0..3" : "0 for this format");
    if (out->format >= WT_BATCH_U8X4 && op->dtype != WT_DTYPE_F32)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->format = %u makes bytes of floats: op->dtype = %u is not "
                         "WT_DTYPE_F32", fn, (unsigned)out->format, op->dtype);
    if (!out->data && n > 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): out->data is NULL with n = %zu", fn, n);

    int layered = wt__batch_has_layer(op->geom);
    int level = op->mip == WT_MIP_LEVEL, grad = op->mip == WT_MIP_GRAD;
    int g = op->geom == WT_GEOM_1D || op->geom == WT_GEOM_A1D ? 1 : op->geom == WT_GEOM_2D || op->geom == WT_GEOM_A2D ? 2 : 3;
    if (in->coords && (in->x || in->y || in->z))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->coords and the planes in->x/y/z are both given", fn);
    if (!in->coords &&
        ((st = want(in->x, 1, n, "x", "the x plane, as in->coords is NULL")) ||
         (st = want(in->y, k >= 2, n, "y", k >= 2 ? "the y plane" : "1d geometries have no y")) ||
         (st = want(in->z, k == 3, n, "z", k == 3 ? "the z plane" : "only 3d, cube and acube have z"))))
        return st;
    if ((st = want(in->layer, layered, n, "layer", layered ? "a layered geometry" : "the geometry has no layers")) ||
        (st = want(in->lod, level, n, "lod", level ? "tex.level" : "op->mip is not WT_MIP_LEVEL")) ||
        (st = want(in->dpdx, grad, n, "dpdx", grad ? "tex.grad" : "op->mip is not WT_MIP_GRAD")) ||
        (st = want(in->dpdy, grad, n, "dpdy", grad ? "tex.grad" : "op->mip is not WT_MIP_GRAD")))
        return st;
    unsigned allowed = (layered ? WT_BATCH_UNIFORM_LAYER : 0u) | (level ? WT_BATCH_UNIFORM_LOD : 0u) |
                       (grad ? WT_BATCH_UNIFORM_GRAD : 0u);
    if (in->uniform & ~allowed)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): in->uniform = 0x%x has bits for inputs this op does not use (it takes 0x%x)", fn,
                         in->uniform, allowed);
    if ((st = wt__batch_check_n(fn, n, in->coords ? (size_t)k * 4u : 4u, "coordinates")) ||
        (st = wt__batch_check_n(fn, n, FORMAT_BYTES[out->format], "output")) ||
        (grad && !(in->uniform & WT_BATCH_UNIFORM_GRAD) &&
         (st = wt__batch_check_n(fn, n, (size_t)g * 4u, "gradients"))))
        return st;

    /* The op against the objects, by the warp call itself on no lanes: the
     * same checks, the same messages, nothing run. */
    static const wt_tex_args no_lanes;
    wt_tex_result probe;
    if ((st = wt_tex_warp(op, tex, smp, 0, &no_lanes, &probe)))
        return wt__batch_restate(fn, "wt_tex_warp", st);

    tex_job j = {.op = op, .tex = tex, .smp = smp, .n = n, .in = in, .k = k, .first = layered, .g = grad ? g : 0,
                 .out = out->data, .format = out->format, .channel = out->channel};
    return wt__batch_run(fn, n, 0, tex_warp, &j);
}
