/* surf_tpl.h -- suld.b/sust.b of every shape and sured.b of every form, on every surface geometry, 8 lanes at a time (a template: simd_kernels.h)
 * SPDX-License-Identifier: MIT
 *
 * The common surface accesses of image programs (a .b load or store of any
 * PTX shape, 1 to 16 bytes; a 32-bit add) at a lane that is aligned and
 * inside the surface are gathers, one store or one native atomic per lane
 * (1- and 2-byte loads only on arrays, whose slack covers the 4-byte
 * read); every other sured.b form is one call of atomic_reduce.c's
 * atomic update per lane, which takes the native atomic for an aligned 4-
 * or 8-byte element.  Every
 * other lane -- misaligned, outside (whatever the clamp mode does with it),
 * another shape -- goes through the reference, which is what makes them
 * exact (tests/backend/test_backend_surf.c):
 *   - suld: fast lanes and reference lanes are independent;
 *   - sust: stores apply in lane order (two lanes on one element: the
 *     higher lane's bytes stay), so a warp with any reference lane runs
 *     wholly through the reference;
 *   - sured add: each lane is one atomic add, so the order of lanes does not
 *     change the total ([semantics#decision-sured]); reference lanes add atomically too. */
#include <simde/x86/avx2.h>
#include <stdatomic.h>
#include <string.h>

#include "../core/atomic_reduce.h"
#include "fetch.h"
#include "lanes.h"
#include "simd_kernels.h"

/* Whether the 8 offsets are off[0] + sz * l: one contiguous run of 8 * sz
 * bytes (a warp reading or writing a row, as image programs do). */
static WT_SIMD_INLINE int contiguous8(simde__m256i off, int sz)
{
    simde__m256i want = simde_mm256_add_epi32(simde_mm256_set1_epi32(simde_mm256_extract_epi32(off, 0)),
                                              simde_mm256_mullo_epi32(simde_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                                                      simde_mm256_set1_epi32(sz)));
    return wt__mask_bits(simde_mm256_cmpeq_epi32(off, want)) == 0xffu;
}

/* d[k][l] = 0 for every k and every lane l in `lanes` (a store's and a
 * reduction's destination words, [semantics#surfaces]: they return nothing). */
static WT_SIMD_INLINE void zero_results(wt_surf_result *out, uint32_t lanes)
{
    for (int l0 = 0; l0 < WT_WARP_SIZE; l0 += 4) {
        uint32_t q = (lanes >> l0) & 0xfu;
        if (!q)
            continue;
        if (q == 0xfu) {
            for (int k = 0; k < 4; k++)
                simde_mm256_storeu_si256((void *)&out->d[k][l0], simde_mm256_setzero_si256());
            continue;
        }
        for (int l = l0; l < l0 + 4; l++)
            if (lanes >> l & 1)
                for (int k = 0; k < 4; k++)
                    out->d[k][l] = 0;
    }
}

/* The low 32 bits of 8 lanes' 64-bit words v[0..7] as one vector. */
static WT_SIMD_INLINE simde__m256i low32x8(const uint64_t *v)
{
    simde__m256 a = simde_mm256_castsi256_ps(simde_mm256_loadu_si256((const void *)v));
    simde__m256 b = simde_mm256_castsi256_ps(simde_mm256_loadu_si256((const void *)(v + 4)));
    /* even words of (a, b) per 128-bit half: lanes 0 1 4 5 2 3 6 7; put them in order */
    simde__m256i e = simde_mm256_castps_si256(simde_mm256_shuffle_ps(a, b, 0x88));
    return simde_mm256_permute4x64_epi64(e, 0xd8);
}

/* Which shape of op this file runs; 0: none (all lanes to the reference). */
enum { FAST_NONE, FAST_LOAD, FAST_STORE, FAST_RED };

/* The .b access size in bytes, or 0 when the shape is not one of PTX's. */
static int access_size(const wt_op *op)
{
    int b = op->bits, v = op->vec;
    if ((b != 8 && b != 16 && b != 32 && b != 64) || (v != 1 && v != 2 && v != 4) || v * b > 128)
        return 0;
    return v * b / 8;
}

static int fast_kind(const wt__surf *s, const wt_op *op)
{
    if (op->mode != WT_SURF_B || op->geom > WT_GEOM_A2D)
        return FAST_NONE;
    /* Byte offsets layer * slice_pitch + z * depth_pitch + y * row_pitch + x
     * must fit 32 bits. */
    uint64_t h = s->h ? s->h : 1, d = s->d ? s->d : 1, nl = s->num_layers ? s->num_layers : 1;
    if (s->row_pitch > (uint64_t)INT32_MAX / 4 / h || s->depth_pitch > (uint64_t)INT32_MAX / 4 / d ||
        s->slice_pitch > (uint64_t)INT32_MAX / 4 / nl || (uint64_t)s->w * s->fmt.esize > (uint64_t)INT32_MAX / 4)
        return FAST_NONE;
    if (op->family == WT_FAMILY_SURED) {
        /* [semantics#sured]'s .b forms on 1D/2D/3D; every element of the surface
         * aligned to the access size (4 or 8 bytes) */
        int wide = op->rtype == WT_RTYPE_U64 || op->rtype == WT_RTYPE_S64;
        uintptr_t al = (uintptr_t)s->base | s->row_pitch | s->depth_pitch | s->slice_pitch;
        return op->geom <= WT_GEOM_3D && wt__sured_b_form_ok(op->redop, op->rtype) && (al & (wide ? 7u : 3u)) == 0
                   ? FAST_RED
                   : FAST_NONE;
    }
    int sz = access_size(op);
    if (!sz)
        return FAST_NONE;
    if (op->family == WT_FAMILY_SULD)
        /* Loads gather 4-byte words: a 1- or 2-byte access reads past its
         * element, which only an array's slack covers (array.c). */
        return sz >= 4 || s->arr ? FAST_LOAD : FAST_NONE;
    return op->family == WT_FAMILY_SUST ? FAST_STORE : FAST_NONE;
}

/* Lanes of group g that are active, aligned to the access size sz and
 * wholly inside ([semantics#surface-addressing], [semantics#surface-out-of-range]), and their byte offsets from the base.
 * Operand order (op.h): 1d {x}, 2d {x, y}, 3d {x, y, z}, a1d {layer, x},
 * a2d {layer, x, y}; a layer past the end is the last one ([semantics#decision-layer-past-end]). */
static uint32_t fast_lanes(const wt__surf *s, const wt_op *op, int sz, uint32_t act8, const wt_surf_args *in, int g,
                           simde__m256i *off)
{
    const simde__m256i zero = simde_mm256_setzero_si256();
    const int layered = op->geom == WT_GEOM_A1D || op->geom == WT_GEOM_A2D;
    const int ny = op->geom == WT_GEOM_2D || op->geom == WT_GEOM_3D || op->geom == WT_GEOM_A2D;
    simde__m256i x = simde_mm256_loadu_si256((const void *)&in->c[layered][g]);
    simde__m256i y = ny ? simde_mm256_loadu_si256((const void *)&in->c[layered + 1][g]) : zero;
    simde__m256i z = op->geom == WT_GEOM_3D ? simde_mm256_loadu_si256((const void *)&in->c[2][g]) : zero;
    simde__m256i layer = zero;
    if (layered && s->num_layers)
        layer = wt__layer_clamp(&in->c[0][g], s->num_layers);
    int32_t row_bytes = (int32_t)(s->w * s->fmt.esize), h = (int32_t)(s->h ? s->h : 1), d = (int32_t)(s->d ? s->d : 1);
    simde__m256i aligned = simde_mm256_cmpeq_epi32(simde_mm256_and_si256(x, simde_mm256_set1_epi32(sz - 1)), zero);
    /* 0 <= x <= row_bytes - sz, 0 <= y < h, 0 <= z < d, as signed compares */
    simde__m256i x_ok = simde_mm256_andnot_si256(simde_mm256_cmpgt_epi32(zero, x),
                                                 simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32(row_bytes - sz + 1), x));
    simde__m256i y_ok = simde_mm256_andnot_si256(simde_mm256_cmpgt_epi32(zero, y),
                                                 simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32(h), y));
    simde__m256i z_ok = simde_mm256_andnot_si256(simde_mm256_cmpgt_epi32(zero, z),
                                                 simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32(d), z));
    simde__m256i ok = simde_mm256_and_si256(simde_mm256_and_si256(aligned, x_ok),
                                            simde_mm256_and_si256(simde_mm256_and_si256(y_ok, z_ok), wt__lane_mask(act8)));
    simde__m256i o = simde_mm256_add_epi32(simde_mm256_mullo_epi32(y, simde_mm256_set1_epi32((int32_t)s->row_pitch)), x);
    if (op->geom == WT_GEOM_3D)
        o = simde_mm256_add_epi32(o, simde_mm256_mullo_epi32(z, simde_mm256_set1_epi32((int32_t)s->depth_pitch)));
    if (layered)
        o = simde_mm256_add_epi32(o, simde_mm256_mullo_epi32(layer, simde_mm256_set1_epi32((int32_t)s->slice_pitch)));
    *off = o;
    return wt__mask_bits(ok);
}

uint32_t WT_SIMD_FN(wt__surf_warp)(const wt__surf *s, const wt_op *op, uint32_t active, const wt_surf_args *in,
                            wt_surf_result *out)
{
    int kind = fast_kind(s, op);
    if (kind == FAST_NONE)
        return wt__surf_warp_reference(s, op, active, in, out);
    uint32_t slow = 0;
    const int sz = kind == FAST_RED ? (op->rtype == WT_RTYPE_U64 || op->rtype == WT_RTYPE_S64 ? 8 : 4) : access_size(op);
    if (kind == FAST_LOAD) {
        const int words = sz < 4 ? 1 : sz / 4, eb = op->bits / 8;
        for (int g = 0; g < WT_WARP_SIZE; g += 8) {
            uint32_t act = (active >> g) & 0xffu;
            if (!act)
                continue;
            simde__m256i off;
            uint32_t ok = fast_lanes(s, op, sz, act, in, g, &off);
            slow |= (act & ~ok) << g;
            if (!ok)
                continue;
            simde__m256i m = wt__lane_mask(ok);
            uint32_t w[4][8];
            if (sz == 4 && ok == 0xffu && contiguous8(off, 4))
                memcpy(w[0], s->base + simde_mm256_extract_epi32(off, 0), 32); /* a row: one load */
            else
                for (int k = 0; k < words; k++)
                    simde_mm256_storeu_si256((void *)w[k], wt__fetch32(s->base + 4 * k, off, m));
            if (sz <= 4 && ok == 0xffu) {
                /* All 8 lanes, elements within one word: split it in vector
                 * form and widen to the 64-bit result words. */
                simde__m256i t = simde_mm256_loadu_si256((const void *)w[0]);
                const int b = op->bits;
                simde__m256i mk = simde_mm256_set1_epi32(b == 32 ? -1 : (int32_t)((1u << b) - 1u));
                for (int k = 0; k < 4; k++) {
                    simde__m256i part = k < op->vec ? simde_mm256_and_si256(simde_mm256_srli_epi32(t, b * k), mk)
                                                    : simde_mm256_setzero_si256();
                    simde_mm256_storeu_si256((void *)&out->d[k][g],
                                             simde_mm256_cvtepu32_epi64(simde_mm256_castsi256_si128(part)));
                    simde_mm256_storeu_si256((void *)&out->d[k][g + 4],
                                             simde_mm256_cvtepu32_epi64(simde_mm256_extracti128_si256(part, 1)));
                }
                continue;
            }
            /* element k of the access, little-endian, zero-extended ([semantics#surface-addressing]) */
            for (int l = 0; l < 8; l++) {
                if (!(ok >> l & 1))
                    continue;
                uint8_t bytes[16];
                for (int k = 0; k < words; k++)
                    memcpy(bytes + 4 * k, &w[k][l], 4);
                for (int k = 0; k < 4; k++) {
                    uint64_t v = 0;
                    if (k < op->vec)
                        for (int i = eb; i-- > 0;)
                            v = v << 8 | bytes[k * eb + i];
                    out->d[k][g + l] = v;
                }
            }
        }
        return slow ? wt__surf_warp_reference(s, op, slow, in, out) : 0;
    }
    /* Stores and adds: offsets first; sust needs every active lane fast. */
    int32_t offs[WT_WARP_SIZE];
    uint32_t fast = 0;
    for (int g = 0; g < WT_WARP_SIZE; g += 8) {
        uint32_t act = (active >> g) & 0xffu;
        if (!act)
            continue;
        simde__m256i off;
        fast |= fast_lanes(s, op, sz, act, in, g, &off) << g;
        simde_mm256_storeu_si256((void *)&offs[g], off);
    }
    slow = active & ~fast;
    if (kind == FAST_STORE) {
        if (slow)
            return wt__surf_warp_reference(s, op, active, in, out);
        const int eb = op->bits / 8;
        if (sz == 4) {
            /* 4-byte accesses (.b32, .v2.b16, .v4.b8): each lane's word built
             * in vector form; a group whose 8 lanes write one run of 32
             * bytes is one store, others store lane by lane in lane order. */
            const simde__m256i mk = simde_mm256_set1_epi32(eb == 4 ? -1 : (int32_t)((1u << (8 * eb)) - 1u));
            for (int g = 0; g < WT_WARP_SIZE; g += 8) {
                uint32_t f8 = (fast >> g) & 0xffu;
                if (!f8)
                    continue;
                simde__m256i word = simde_mm256_setzero_si256();
                for (int k = 0; k < op->vec; k++)
                    word = simde_mm256_or_si256(word, simde_mm256_slli_epi32(simde_mm256_and_si256(low32x8(&in->v[k][g]), mk),
                                                                             8 * eb * k));
                simde__m256i off = simde_mm256_loadu_si256((const void *)&offs[g]);
                if (f8 == 0xffu && contiguous8(off, 4)) {
                    simde_mm256_storeu_si256((void *)(s->base + offs[g]), word);
                } else {
                    uint32_t wv[8];
                    simde_mm256_storeu_si256((void *)wv, word);
                    for (int l = 0; l < 8; l++)
                        if (f8 >> l & 1)
                            memcpy(s->base + offs[g + l], &wv[l], 4);
                }
            }
            zero_results(out, fast);
            return 0;
        }
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            if (!(fast >> l & 1))
                continue;
            uint8_t bytes[16];
            /* the low bits of each source element, little-endian; sz is at
             * most 16 (the op was checked), and the bound says so to the
             * compiler too, whose vectorised loop would otherwise seem to
             * write past bytes */
            for (int b = 0; b < sz && b < 16; b++)
                bytes[b] = (uint8_t)(in->v[b / eb][l] >> (8 * (b % eb)));
            switch (sz) { /* constant sizes: plain stores, no library call */
            case 1: memcpy(s->base + offs[l], bytes, 1); break;
            case 2: memcpy(s->base + offs[l], bytes, 2); break;
            case 4: memcpy(s->base + offs[l], bytes, 4); break;
            case 8: memcpy(s->base + offs[l], bytes, 8); break;
            default: memcpy(s->base + offs[l], bytes, 16); break;
            }
        }
        zero_results(out, fast);
        return 0;
    }
    /* FAST_RED: one atomic per lane ([semantics#decision-sured]: relaxed, exact totals); a 32-bit
     * add inline, the other forms through atomic_reduce.c, which takes the
     * native atomic for these aligned elements. */
    const int add32 = op->redop == WT_RED_ADD && sz == 4;
    const wt__red red = {(uint8_t)op->redop, (uint8_t)(sz == 8),
                         (uint8_t)(op->rtype == WT_RTYPE_S32 || op->rtype == WT_RTYPE_S64)};
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        if (!(fast >> l & 1))
            continue;
        if (add32)
            atomic_fetch_add_explicit((_Atomic uint32_t *)(void *)(s->base + offs[l]), (uint32_t)in->v[0][l],
                                      memory_order_relaxed);
        else
            wt__atomic_reduce(&red, s->base + offs[l], (unsigned)sz, in->v[0][l]);
    }
    zero_results(out, fast);
    return slow ? wt__surf_warp_reference(s, op, slow, in, out) : 0;
}
