/* bench_batch.c -- W1-W5 through the batch door: one wt_tex_batch call a pass, in each output form a peer writes
 * SPDX-License-Identifier: MIT
 *
 * The same texture, op and interleaved coordinates as the warp API's run of the workload
 * (bench_tex.c), handed to wt_tex_batch whole; the library spreads the warps over the threads
 * bench_run_backends sets.  Each form is what an image program or a peer keeps
 * (docs/bench.md#batch-door): the four registers (float4, or u32x4 for W4's element-type read),
 * one float (W3), RGBA8, one byte (u8: the unorm8 of R, or W4's code of R) and four halves.
 * Every run's output is checked against the warp API's: a form that keeps the registers must
 * give the warp run's digest itself; a converted form must give the digest of the warp run's
 * registers converted lane by lane here (wt_float_to_unorm8, wt_float_to_half, the low byte),
 * so a batch that read other texels, or converted differently, is a mismatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct batch_job {
    const wt_op *op;
    wt_tex tex;
    const float *coords;
    size_t n;
    wt_batch_format format;
    int is_float; /* the registers are f32 (W4's are u32) */
    uint8_t *out;
} batch_job;

/* One form of a workload: the batch format, its channel, the record's output name. */
typedef struct batch_form {
    wt_batch_format format;
    unsigned channel;
    const char *output;
} batch_form;

static size_t lane_bytes(wt_batch_format f)
{
    return f == WT_BATCH_V4 ? 16 : f == WT_BATCH_HALF4 ? 8 : f == WT_BATCH_U8 || f == WT_BATCH_ELEM8 ? 1 : 4;
}

static int batch_pass(void *state, int threads)
{
    batch_job *j = state;
    (void)threads; /* wt_tex_batch runs wt_get_num_threads(), which bench_run_backends set */
    const wt_tex_batch_in in = {.coords = j->coords};
    const wt_tex_batch_out out = {j->out, j->format, 0, 0};
    wt_status st = wt_tex_batch(j->op, j->tex, 0, j->n, &in, &out);
    if (st) {
        bench_lib_error("wt_tex_batch()", st, wt_last_error_message());
        return -1;
    }
    return 0;
}

/* A half's value (exact in float), so that the checksum of half4 is a mean of values. */
static uint32_t half_to_f32_bits(uint16_t h)
{
    const uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = h >> 10 & 31u, f = h & 1023u;
    if (e == 31)
        return sign | 0x7f800000u | f << 13;
    if (e)
        return sign | (e + 112u) << 23 | f << 13;
    if (!f)
        return sign;
    float v = (float)f * 0x1p-24f; /* a subnormal half: exact */
    uint32_t u;
    memcpy(&u, &v, 4);
    return sign | u;
}

/* The digest of n lanes of format f at p, as bench_tex.c digests the registers: f32 or u32
 * words, bytes, or halves as their float values. */
static int digest_of(wt_batch_format f, int is_float, const uint8_t *p, size_t n, bench_digest *dg)
{
    if (f == WT_BATCH_U8X4 || f == WT_BATCH_U8 || f == WT_BATCH_ELEM8 || f == WT_BATCH_ELEM8X4) {
        bench_digest_u8(dg, p, n * lane_bytes(f));
        return 0;
    }
    const size_t words = n * (f == WT_BATCH_CHANNEL ? 1u : 4u);
    uint32_t *v = malloc(words * sizeof *v);
    if (!v) {
        fprintf(stderr, "%s: out of memory for a checksum\n", bench_prog);
        return -1;
    }
    if (f == WT_BATCH_HALF4) {
        for (size_t i = 0; i < words; i++) {
            uint16_t h;
            memcpy(&h, p + 2 * i, 2);
            v[i] = half_to_f32_bits(h);
        }
    } else {
        memcpy(v, p, words * 4u);
    }
    if (is_float || f == WT_BATCH_HALF4)
        bench_digest_f32(dg, v, words);
    else
        bench_digest_u32(dg, v, words);
    free(v);
    return 0;
}

static int batch_digest(void *state, bench_digest *dg, char *note, size_t note_size)
{
    const batch_job *j = state;
    (void)note, (void)note_size;
    return digest_of(j->format, j->is_float, j->out, j->n, dg);
}

static float f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* What the form should hold, from the warp API's registers (one block per warp), lane by
 * lane through the library's public conversions. */
static void expected(const batch_form *fm, const wt_tex_result *warp, size_t n, uint8_t *e)
{
    for (size_t i = 0; i < n; i++) {
        const wt_tex_result *r = &warp[i / WT_WARP_SIZE];
        const size_t l = i % WT_WARP_SIZE;
        switch (fm->format) {
        case WT_BATCH_V4:
            for (int c = 0; c < 4; c++)
                memcpy(e + i * 16 + 4 * (size_t)c, &r->d[c][l], 4);
            break;
        case WT_BATCH_CHANNEL:
            memcpy(e + i * 4, &r->d[fm->channel][l], 4);
            break;
        case WT_BATCH_U8X4:
            for (int c = 0; c < 4; c++)
                e[i * 4 + (size_t)c] = wt_float_to_unorm8(f32(r->d[c][l]));
            break;
        case WT_BATCH_U8:
            e[i] = wt_float_to_unorm8(f32(r->d[fm->channel][l]));
            break;
        case WT_BATCH_ELEM8:
            e[i] = (uint8_t)r->d[fm->channel][l];
            break;
        case WT_BATCH_ELEM8X4:
            for (int c = 0; c < 4; c++)
                e[i * 4 + (size_t)c] = (uint8_t)r->d[c][l];
            break;
        case WT_BATCH_HALF4:
            for (int c = 0; c < 4; c++) {
                const uint16_t h = wt_float_to_half(f32(r->d[c][l]));
                memcpy(e + i * 8 + 2 * (size_t)c, &h, 2);
            }
            break;
        default: /* WT_BATCH_U8X4_SRGB: no workload keeps it */
            break;
        }
    }
}

int bench_batch_doors(bench_config *cfg, const bench_spec *warp, const wt_op *op, wt_tex tex, const float *coords,
                      size_t n, const wt_tex_result *warp_out)
{
    static const batch_form filtered[] = {{WT_BATCH_V4, 0, "float4"},
                                          {WT_BATCH_U8X4, 0, "rgba8"},
                                          {WT_BATCH_U8, 0, "u8"},
                                          {WT_BATCH_HALF4, 0, "half4"}};
    static const batch_form volume[] = {{WT_BATCH_CHANNEL, 0, "float"}};
    static const batch_form codes[] = {{WT_BATCH_V4, 0, "u32x4"},
                                       {WT_BATCH_ELEM8X4, 0, "rgba8"}, /* what plain C's W4 writes */
                                       {WT_BATCH_ELEM8, 0, "u8"}};
    const int w = warp->workload;
    const batch_form *forms = w == 2 ? volume : w == 3 ? codes : filtered;
    const size_t nforms = w == 2 ? 1 : w == 3 ? 3 : 4;
    batch_job j = {.op = op, .tex = tex, .coords = coords, .n = n, .is_float = op->dtype == WT_DTYPE_F32};
    uint8_t *want = malloc(n * 16u);
    j.out = malloc(n * 16u);
    int rc = -1;
    if (!want || !j.out) {
        fprintf(stderr, "%s: out of memory for the %s batch output\n", bench_prog, bench_workload_ids[w]);
        goto done;
    }
    for (size_t k = 0; k < nforms; k++) {
        bench_spec s = *warp; /* the workload, label and count; the form's output and digest */
        s.output = forms[k].output;
        j.format = forms[k].format;
        expected(&forms[k], warp_out, n, want);
        if (digest_of(j.format, j.is_float, want, n, &s.first))
            goto done;
        s.have_first = 1;
        if (strcmp(s.output, warp->output) == 0 && (s.first.mean != warp->first.mean || s.first.hash != warp->first.hash)) {
            bench_mismatch("%s: the warp API's registers digest to %.10f here, but its runs gave %.10f", warp->label,
                           s.first.mean, warp->first.mean);
            goto done;
        }
        if (bench_run_door(cfg, &s, "batch", batch_pass, batch_digest, &j))
            goto done;
    }
    rc = 0;
done:
    free(want);
    free(j.out);
    return rc;
}
