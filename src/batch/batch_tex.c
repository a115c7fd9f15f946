/* batch_tex.c -- wt_tex_batch: tex / tld4 over n lanes of float coordinates, warp by warp, written as float4, a channel or bytes
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "batch_tex_io.h"

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
    int stream; /* streaming stores (wt__batch_streams) */
} tex_job;

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* A whole warp of interleaved coordinates, K of them a lane (a constant),
 * into registers first .. first+K-1: the words copied as they are, in a loop
 * of constant count that -O3 turns into vector shuffles.  Lane by lane with a
 * variable k this copy cost 26 instructions a sample, 40 % of what W1's
 * kernel costs (callgrind, avx2).
 *
 * On x86-64 it is compiled twice, for the baseline and for x86-64-v4
 * (AVX-512), and the loader picks the copy the CPU runs: the kernel loads
 * each register of 16 lanes at once right after this copy, and a load that
 * spans several narrower stores still in flight waits for them to reach the
 * cache instead of taking their data (the store-forwarding stall).  perf put
 * 23 % of W4's u8 kernel on its first coordinate load with 16-byte stores
 * here, 8 % with 64-byte ones; the float4 batches of W1 and W5 went from
 * 119-131 and 129-135 to 137-143 and 142-145 Msamples/s (1 thread, avx512,
 * three alternating runs, 2026-12-07).  Not under the sanitizers: an ifunc
 * resolver runs before their runtimes start. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define WT_DEINTERLEAVE_CLONES __attribute__((target_clones("default", "arch=x86-64-v4")))
#else
#define WT_DEINTERLEAVE_CLONES
#endif
#define WT_DEINTERLEAVE(K)                                                     \
    WT_DEINTERLEAVE_CLONES static void deinterleave##K(const float *p,         \
                                                       uint32_t (*c)[WT_WARP_SIZE]) \
    {                                                                          \
        for (int l = 0; l < WT_WARP_SIZE; l++)                                 \
            for (int q = 0; q < K; q++)                                        \
                c[q][l] = bits_of(p[l * K + q]);                               \
    }
WT_DEINTERLEAVE(2)
WT_DEINTERLEAVE(3)
#undef WT_DEINTERLEAVE

/* Gather lanes i0 .. i0+m-1 into the warp's registers. */
static void gather(const tex_job *j, size_t i0, int m, wt_tex_args *a)
{
    const wt_tex_batch_in *in = j->in;
    if (in->coords) {
        const float *p = in->coords + i0 * (size_t)j->k;
        if (m == WT_WARP_SIZE && j->k == 2)
            deinterleave2(p, &a->c[j->first]);
        else if (m == WT_WARP_SIZE && j->k == 3)
            deinterleave3(p, &a->c[j->first]);
        else
            for (int l = 0; l < m; l++)
                for (int q = 0; q < j->k; q++)
                    a->c[j->first + q][l] = bits_of(p[l * j->k + q]);
    } else {
        const float *plane[3] = {in->x, in->y, in->z};
        for (int q = 0; q < j->k; q++)
            for (int l = 0; l < m; l++)
                a->c[j->first + q][l] = bits_of(plane[q][i0 + (size_t)l]);
    }
    wt__batch_tex_operands(in, j->first, j->g, i0, m, a);
}

static wt_status tex_warp(void *ctx, size_t w, uint32_t active, wt__batch_scratch *s, uint32_t *bad)
{
    const tex_job *j = ctx;
    size_t i0 = w * WT_WARP_SIZE;
    int m = __builtin_popcount(active); /* the first m lanes */
    gather(j, i0, m, &s->tex.in);
    wt_status st = wt__batch_tex_warp(j->op, j->tex, j->smp, active, m, s,
                                      j->out + i0 * wt__batch_format_bytes[j->format], j->format, j->channel,
                                      j->stream);
    if (st)
        *bad = active;
    return st;
}

wt_status wt_tex_batch(const wt_op *op, wt_tex tex, wt_sampler smp, size_t n, const wt_tex_batch_in *in,
                       const wt_tex_batch_out *out)
{
    wt_status st;
    int k;
    if (!op || !in || !out)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, !op ? "op" : !in ? "in" : "out");
    if ((st = wt__batch_tex_check_op(fn, op, out, n, &k)))
        return st;

    int layered = wt__batch_has_layer(op->geom);
    int grad = op->mip == WT_MIP_GRAD;
    int g = wt__batch_grad_components(op->geom);
    if (in->coords && (in->x || in->y || in->z))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): in->coords and the planes in->x/y/z are both given", fn);
    if (!in->coords &&
        ((st = wt__batch_want(fn, in->x, 1, n, "x", "the x plane, as in->coords is NULL")) ||
         (st = wt__batch_want(fn, in->y, k >= 2, n, "y", k >= 2 ? "the y plane" : "1d geometries have no y")) ||
         (st = wt__batch_want(fn, in->z, k == 3, n, "z", k == 3 ? "the z plane" : "only 3d, cube and acube have z"))))
        return st;
    if ((st = wt__batch_tex_check_operands(fn, op, in, n)))
        return st;
    if ((st = wt__batch_check_n(fn, n, in->coords ? (size_t)k * 4u : 4u, "coordinates")) ||
        (st = wt__batch_check_n(fn, n, wt__batch_format_bytes[out->format], "output")) ||
        (grad && !(in->uniform & WT_BATCH_UNIFORM_GRAD) &&
         (st = wt__batch_check_n(fn, n, (size_t)g * 4u, "gradients"))))
        return st;

    /* The op against the objects, by the warp call itself on no lanes: the
     * same checks, the same messages, nothing run. */
    static const wt_tex_args no_lanes;
    wt_tex_result probe;
    if ((st = wt_tex_warp(op, tex, smp, 0, &no_lanes, &probe)))
        return wt__batch_restate(fn, "wt_tex_warp", st);
    if ((st = wt__batch_tex_check_object(fn, tex, out)))
        return st;

    tex_job j = {.op = op, .tex = tex, .smp = smp, .n = n, .in = in, .k = k, .first = layered, .g = grad ? g : 0,
                 .out = out->data, .format = out->format, .channel = out->channel,
                 .stream = wt__batch_streams(out)};
    return wt__batch_run(fn, n, 0, tex_warp, &j);
}
