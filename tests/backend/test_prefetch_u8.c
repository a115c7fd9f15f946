/* test_prefetch_u8.c -- the u8 kernels' prefetches (src/simd/prefetch_u8.h): every address inside the texture's storage, and a scan-order walk prefetching the lines it reads two warps later
 * SPDX-License-Identifier: MIT
 *
 * A prefetch decides no result, so test_backend_equal cannot see one go
 * wrong; this test sees the addresses themselves.  It defines WV_PREFETCH
 * before it includes the vector shim, so that each prefetch is recorded,
 * and calls prefetch_warp on plans made here:
 *   - an affine walk in scan order (docs/bench.md's W1 at several angles
 *     and scales, normalised and not, RGBA8, RG8 and R8, layered or not):
 *     of the texel lines that warp w + WT_SIMD_PREFETCH_AHEAD reads on the
 *     same image row, warp w must have prefetched nearly all;
 *   - random, huge, infinite and NaN coordinates, random layers, every
 *     address mode, partial masks, compact and scattered warps: every
 *     address must lie inside the texture's storage;
 *   - a compact warp with an inactive lane, and a point warp, prefetch what
 *     prefetch_u8.h says (nothing; one row).
 * Built three times like test_store_bytes: portable (vec8.h through SIMDe's
 * portable code), with AVX2 (test_prefetch_u8_native) and with AVX-512
 * (test_prefetch_u8_avx512, vec16.h) by tests/backend.cmake. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "warptex.h"

/* The record of one prefetch_warp call. */
static const char *seen[4096];
static size_t nseen;
#define WV_PREFETCH(addr) (nseen < sizeof seen / sizeof seen[0] ? (void)(seen[nseen++] = (const char *)(addr)) : (void)0)

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
#include "simd/vec16.h"
#else
#include "simd/vec8.h"
#endif
#include "simd/prefetch_u8.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* A plan of an n0 x n1 image (layers: 0, or that many slices) of nch 8-bit
 * channels, rows padded to 64 bytes; its base is the caller's. */
static wt__tex_plan plan_of(const uint8_t *base, int32_t n0, int32_t n1, int nch, int32_t layers, int norm, int mode)
{
    wt__tex_plan p;
    memset(&p, 0, sizeof p);
    p.base = base;
    p.n[0] = n0;
    p.n[1] = n1;
    p.n[2] = 1;
    p.row_pitch = ((size_t)n0 * (size_t)nch + 63) & ~(size_t)63;
    p.slice_pitch = p.row_pitch * (size_t)n1;
    p.depth_pitch = p.slice_pitch;
    p.layers = layers;
    p.layered = layers > 0;
    p.nch = p.esize = (uint8_t)nch;
    p.norm = (uint8_t)norm;
    for (int k = 0; k < 2; k++) {
        p.scale[k] = norm ? (float)p.n[k] : 1.0f;
        p.npot[k] = (uint8_t)(norm && (p.n[k] & (p.n[k] - 1)) != 0);
        p.mode[k] = (uint8_t)mode;
    }
    p.dims = 2;
    p.prefetch = 1;
    return p;
}

static size_t storage_of(const wt__tex_plan *p) { return p->slice_pitch * (size_t)(p->layers ? p->layers : 1); }

static void set_coord(wt_tex_args *a, int k, int lane, float v) { memcpy(&a->c[k][lane], &v, sizeof v); }

/* The lines (64-byte blocks of the storage) that lane l's bilinear
 * footprint reads under clamp, as the kernels address it: texels x0 and x0 +
 * 1 of rows y0 and y0 + 1, clamped into the image. */
static int footprint_lines(const wt__tex_plan *p, float u, float v, int32_t layer, size_t lines[4])
{
    const float x = u * p->scale[0] - 0.5f, y = v * p->scale[1] - 0.5f;
    int32_t x0 = (int32_t)floorf(x), y0 = (int32_t)floorf(y);
    int32_t xs[2] = {x0, x0 + 1}, ys[2] = {y0, y0 + 1};
    int n = 0;
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            const int32_t xi = xs[i] < 0 ? 0 : xs[i] > p->n[0] - 1 ? p->n[0] - 1 : xs[i];
            const int32_t yj = ys[j] < 0 ? 0 : ys[j] > p->n[1] - 1 ? p->n[1] - 1 : ys[j];
            lines[n++] = ((size_t)layer * p->slice_pitch + (size_t)yj * p->row_pitch + (size_t)xi * p->nch) / 64;
        }
    return n;
}

static int seen_line(const size_t *rec, size_t nrec, size_t line)
{
    for (size_t i = 0; i < nrec; i++)
        if (rec[i] == line)
            return 1;
    return 0;
}

/* One affine walk: an out_w x out_h image whose pixel centres map through a
 * rotation by theta and a scale s about the texture's centre; every warp of a
 * row is prefetched, then each warp's lines are looked up in the record of
 * the warp WT_SIMD_PREFETCH_AHEAD before it.  Returns the share covered. */
static double walk_coverage(const wt__tex_plan *p, double theta, double s, int out_w, int out_h, int32_t layer)
{
    const double c = s * cos(theta), sn = s * sin(theta);
    const double cx = p->n[0] / 2.0, cy = p->n[1] / 2.0;
    const int warps_per_row = out_w / WT_WARP_SIZE;
    size_t(*rec)[128] = calloc((size_t)warps_per_row, sizeof *rec);
    size_t *nrec = calloc((size_t)warps_per_row, sizeof *nrec);
    assert_non_null(rec);
    assert_non_null(nrec);
    const int o = p->layered ? 1 : 0;
    size_t wanted = 0, covered = 0;
    for (int row = 0; row < out_h; row++) {
        wt_tex_args args[64];
        assert_true(warps_per_row <= 64);
        for (int w = 0; w < warps_per_row; w++) {
            memset(&args[w], 0, sizeof args[w]);
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                const double px = w * WT_WARP_SIZE + l + 0.5 - out_w / 2.0, py = row + 0.5 - out_h / 2.0;
                const double tx = cx + c * px - sn * py, ty = cy + sn * px + c * py;
                set_coord(&args[w], o, l, (float)(p->norm ? tx / p->n[0] : tx));
                set_coord(&args[w], o + 1, l, (float)(p->norm ? ty / p->n[1] : ty));
                if (o)
                    args[w].c[0][l] = (uint32_t)layer;
            }
            nseen = 0;
            prefetch_warp(p, 0xffffffffu, &args[w], WT_ADDRESS_CLAMP, 1, 1);
            nrec[w] = 0;
            for (size_t i = 0; i < nseen && i < 128; i++)
                rec[w][nrec[w]++] = (size_t)(seen[i] - (const char *)p->base) / 64;
        }
        for (int w = WT_SIMD_PREFETCH_AHEAD; w < warps_per_row; w++)
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                float u, v;
                memcpy(&u, &args[w].c[o][l], sizeof u);
                memcpy(&v, &args[w].c[o + 1][l], sizeof v);
                size_t lines[4];
                const int n = footprint_lines(p, u, v, layer, lines);
                for (int i = 0; i < n; i++) {
                    wanted++;
                    covered += (size_t)seen_line(rec[w - WT_SIMD_PREFETCH_AHEAD], nrec[w - WT_SIMD_PREFETCH_AHEAD],
                                                 lines[i]);
                }
            }
    }
    free(rec);
    free(nrec);
    return (double)covered / (double)wanted;
}

static void scan_walks_prefetch_their_lines(void **state)
{
    (void)state;
    static const int channels[] = {4, 2, 1};
    static const double angles[] = {0.0, 0.1745, 0.5236, 0.7854, 1.5708, 2.618, 4.0};
    static const double scales[] = {0.7, 1.0, 1.6};
    const int32_t n0 = 600, n1 = 512; /* one extent not a power of two */
    for (size_t ci = 0; ci < sizeof channels / sizeof channels[0]; ci++)
        for (int layered = 0; layered < 2; layered++)
            for (int norm = 0; norm < 2; norm++) {
                wt__tex_plan p = plan_of(NULL, n0, n1, channels[ci], layered ? 3 : 0, norm, WT_ADDRESS_CLAMP);
                uint8_t *buf = malloc(storage_of(&p));
                assert_non_null(buf);
                p.base = buf;
                for (size_t ai = 0; ai < sizeof angles / sizeof angles[0]; ai++)
                    for (size_t si = 0; si < sizeof scales / sizeof scales[0]; si++) {
                        const double share = walk_coverage(&p, angles[ai], scales[si], 256, 24, layered ? 2 : 0);
                        if (share < 0.9)
                            fail_msg("%d channels, layered %d, normalised %d, angle %.4f, scale %.1f: %.3f of the "
                                     "lines read were prefetched %d warps ahead",
                                     channels[ci], layered, norm, angles[ai], scales[si], share,
                                     WT_SIMD_PREFETCH_AHEAD);
                    }
                free(buf);
            }
}

static float odd_coord(int32_t n, int norm)
{
    static const float specials[] = {NAN, -NAN, INFINITY, -INFINITY, 3.4e38f, -3.4e38f, 1e9f, -1e9f, 0.0f, -0.0f};
    const uint32_t r = next32();
    if (r % 5 == 0)
        return specials[(r >> 8) % (sizeof specials / sizeof specials[0])];
    const float t = (float)((double)(next32() % 2000001u) / 1000000.0 - 0.5) * 2.0f; /* [-1.5, 2.5) image widths */
    return norm ? t : t * (float)n;
}

static void every_address_inside(void **state)
{
    (void)state;
    static const int modes[] = {WT_ADDRESS_WRAP, WT_ADDRESS_CLAMP, WT_ADDRESS_MIRROR, WT_ADDRESS_BORDER};
    for (int round = 0; round < 4000; round++) {
        const int nch = (int[]){1, 2, 4}[next32() % 3];
        const int32_t n0 = 1 + (int32_t)(next32() % 300), n1 = 1 + (int32_t)(next32() % 300);
        const int32_t layers = next32() % 2 ? (int32_t)(1 + next32() % 4) : 0;
        const int norm = (int)(next32() % 2), mode = modes[next32() % 4];
        wt__tex_plan p = plan_of(NULL, n0, n1, nch, layers, norm, mode);
        uint8_t *buf = malloc(storage_of(&p));
        assert_non_null(buf);
        p.base = buf;
        wt_tex_args a;
        memset(&a, 0, sizeof a);
        const int o = layers ? 1 : 0;
        const int compact = (int)(next32() % 2); /* a short walk, so that prefetch_ahead runs */
        const float u0 = odd_coord(n0, norm), v0 = odd_coord(n1, norm);
        const float du = (float)((int)(next32() % 201) - 100) / 100.0f / (norm ? (float)n0 : 1.0f);
        const float dv = (float)((int)(next32() % 201) - 100) / 100.0f / (norm ? (float)n1 : 1.0f);
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            set_coord(&a, o, l, compact ? u0 + du * (float)l : odd_coord(n0, norm));
            set_coord(&a, o + 1, l, compact ? v0 + dv * (float)l : odd_coord(n1, norm));
            if (o) /* the layer, an unsigned integer: past the last reads the last */
                a.c[0][l] = next32() % 4 ? next32() % 6 : next32();
        }
        const uint32_t active = next32() % 3 ? 0xffffffffu : next32();
        const int linear = (int)(next32() % 2);
        nseen = 0;
        prefetch_warp(&p, active, &a, next32() % 2 ? mode : -1, linear, (int)(next32() % 2));
        for (size_t i = 0; i < nseen; i++)
            if (seen[i] < (const char *)buf || seen[i] >= (const char *)buf + storage_of(&p))
                fail_msg("round %d: %dx%d, %d channels, %d layers, mode %d, normalised %d: a prefetch %td bytes "
                         "from the base of %zu",
                         round, n0, n1, nch, layers, mode, norm, seen[i] - (const char *)buf, storage_of(&p));
        free(buf);
    }
}

static void what_each_warp_prefetches(void **state)
{
    (void)state;
    wt__tex_plan p = plan_of(NULL, 256, 256, 4, 0, 1, WT_ADDRESS_CLAMP);
    uint8_t *buf = malloc(storage_of(&p));
    assert_non_null(buf);
    p.base = buf;
    wt_tex_args a;
    memset(&a, 0, sizeof a);
    for (int l = 0; l < WT_WARP_SIZE; l++) { /* compact: half a texel a lane */
        set_coord(&a, 0, l, (10.0f + 0.5f * (float)l) / 256.0f);
        set_coord(&a, 1, l, 0.25f);
    }
    nseen = 0;
    prefetch_warp(&p, 0xffffffffu, &a, -1, 1, 1);
    assert_int_equal(nseen, 2 * WT_WARP_SIZE); /* every lane, two rows */
    nseen = 0;
    prefetch_warp(&p, 0xffffffffu, &a, -1, 0, 0);
    assert_int_equal(nseen, WT_WARP_SIZE); /* point: one row */
    nseen = 0;
    prefetch_warp(&p, 0x7fffffffu, &a, -1, 1, 1);
    assert_int_equal(nseen, 0); /* a lane inactive: no walk to follow */
    for (int l = 0; l < WT_WARP_SIZE; l++) /* scattered */
        set_coord(&a, 1, l, (float)(l * 7 % 32) / 32.0f);
    nseen = 0;
    prefetch_warp(&p, 0xffffffffu, &a, -1, 1, 0);
    assert_int_equal(nseen, 0); /* point and tld4: not their own lines */
    nseen = 0;
    prefetch_warp(&p, 0xffffffffu, &a, -1, 1, 1);
    assert_int_equal(nseen, 2 * WT_WARP_SIZE);
    free(buf);
}

int main(void)
{
#if defined(__AVX2__) && (defined(__x86_64__) || defined(__i386__))
    /* the native builds (tests/backend.cmake) run only where the CPU has their ISA */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        print_message("test_prefetch_u8_native: SKIPPED, the CPU lacks AVX2/FMA\n");
        return 77;
    }
#if defined(__AVX512F__)
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw") ||
        !__builtin_cpu_supports("avx512dq") || !__builtin_cpu_supports("avx512vl")) {
        print_message("test_prefetch_u8_avx512: SKIPPED, the CPU lacks AVX-512\n");
        return 77;
    }
#endif
#endif
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scan_walks_prefetch_their_lines),
        cmocka_unit_test(every_address_inside),
        cmocka_unit_test(what_each_warp_prefetches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
