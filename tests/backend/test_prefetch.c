/* test_prefetch.c -- the warp kernels' prefetches (src/simd/prefetch.h): every address inside the texture's storage, and a scan-order walk prefetching the lines it reads two warps later
 * SPDX-License-Identifier: MIT
 *
 * A prefetch decides no result, so test_backend_equal cannot see one go
 * wrong; this test sees the addresses themselves.  It defines WV_PREFETCH
 * before it includes the vector shim, so that each prefetch is recorded,
 * and calls prefetch_warp_u8 and prefetch_ahead on plans made here:
 *   - an affine walk in scan order (docs/bench.md's W1 at several angles
 *     and scales, normalised and not, layered or not; RGBA8, RG8 and R8
 *     through the u8 kernels' prefetch_warp_u8, texels of 2 to 16 bytes
 *     and volumes through prefetch_ahead): of the texel lines that warp
 *     w + WT_SIMD_PREFETCH_AHEAD reads on the same image row, warp w must
 *     have prefetched at least 90 %;
 *   - random, huge, infinite and NaN coordinates, random layers, every
 *     address mode, partial masks, compact and scattered warps, 2D and 3D,
 *     texels of 1 to 16 bytes: every address must lie inside the texture's
 *     storage;
 *   - a compact warp with an inactive lane, a point warp, a scattered point
 *     or tld4 warp and a volume's warp prefetch what prefetch.h says
 *     (nothing; one row; nothing; four rows a lane).
 * Built three times like test_store_bytes: portable (vec8.h through SIMDe's
 * portable code), with AVX2 (test_prefetch_native) and with AVX-512
 * (test_prefetch_avx512, vec16.h) by tests/backend.cmake. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "warptex.h"

/* The record of one call. */
static const char *seen[4096];
static size_t nseen;
#define WV_PREFETCH(addr)                                                                                              \
    (nseen < sizeof seen / sizeof seen[0] ? (void)(seen[nseen++] = (const char *)(addr)) : (void)0)

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
#include "simd/vec16.h"
#else
#include "simd/vec8.h"
#endif
#include "simd/prefetch.h"

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* A plan of an n0 x n1 image, or an n0 x n1 x n2 volume where n2 > 1
 * (layers: 0, or that many slices), of esize-byte texels, rows padded to 64
 * bytes; its base is the caller's. */
static wt__tex_plan plan_of(int32_t n0, int32_t n1, int32_t n2, int esize, int32_t layers, int norm, int mode)
{
    wt__tex_plan p;
    memset(&p, 0, sizeof p);
    p.n[0] = n0;
    p.n[1] = n1;
    p.n[2] = n2;
    p.dims = n2 > 1 ? 3 : 2;
    p.row_pitch = ((size_t)n0 * (size_t)esize + 63) & ~(size_t)63;
    p.depth_pitch = p.row_pitch * (size_t)n1;
    p.slice_pitch = p.depth_pitch * (size_t)n2;
    p.layers = layers;
    p.layered = layers > 0;
    p.esize = (uint8_t)esize;
    p.nch = (uint8_t)(esize < 4 ? esize : 4);
    p.norm = (uint8_t)norm;
    for (int k = 0; k < 3; k++) {
        p.scale[k] = norm ? (float)p.n[k] : 1.0f;
        p.npot[k] = (uint8_t)(norm && (p.n[k] & (p.n[k] - 1)) != 0);
        p.mode[k] = (uint8_t)mode;
    }
    p.prefetch = 1;
    return p;
}

static size_t storage_of(const wt__tex_plan *p) { return p->slice_pitch * (size_t)(p->layers ? p->layers : 1); }

static void set_coord(wt_tex_args *a, int k, int lane, float v) { memcpy(&a->c[k][lane], &v, sizeof v); }

static int32_t clamp_index(int32_t i, int32_t n) { return i < 0 ? 0 : i > n - 1 ? n - 1 : i; }

/* The lines (64-byte blocks of the storage) that a lane's linear footprint
 * reads under clamp, as the kernels address it: texels x0 and x0 + 1 of
 * rows y0 and y0 + 1 (of slices z0 and z0 + 1 in a volume), clamped into
 * the image. */
static int footprint_lines(const wt__tex_plan *p, const float c[3], int32_t layer, size_t lines[8])
{
    int32_t i0[3] = {0, 0, 0};
    for (int k = 0; k < p->dims; k++)
        i0[k] = (int32_t)floorf(c[k] * p->scale[k] - 0.5f);
    int n = 0;
    for (int t = 0; t < (p->dims == 3 ? 8 : 4); t++) {
        const int32_t x = clamp_index(i0[0] + (t & 1), p->n[0]), y = clamp_index(i0[1] + (t >> 1 & 1), p->n[1]);
        const int32_t z = p->dims == 3 ? clamp_index(i0[2] + (t >> 2), p->n[2]) : 0;
        lines[n++] = ((size_t)layer * p->slice_pitch + (size_t)z * p->depth_pitch + (size_t)y * p->row_pitch +
                      (size_t)x * p->esize) / 64;
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
 * rotation by theta and a scale s about the texture's centre (in a volume,
 * z moves with both too); every warp of a row is prefetched, through the
 * u8 kernels' prefetch_warp_u8 or the general kernels' prefetch_ahead, then
 * each warp's lines are looked up in the record of the warp
 * WT_SIMD_PREFETCH_AHEAD before it.  Returns the share covered. */
static double walk_coverage(const wt__tex_plan *p, double theta, double s, int out_w, int out_h, int32_t layer,
                            int general)
{
    const double c = s * cos(theta), sn = s * sin(theta);
    const double cx = p->n[0] / 2.0, cy = p->n[1] / 2.0, cz = p->n[2] / 2.0;
    const int warps_per_row = out_w / WT_WARP_SIZE;
    size_t(*rec)[512] = calloc((size_t)warps_per_row, sizeof *rec);
    size_t *nrec = calloc((size_t)warps_per_row, sizeof *nrec);
    wt_tex_args *args = calloc((size_t)warps_per_row, sizeof *args);
    assert_non_null(rec);
    assert_non_null(nrec);
    assert_non_null(args);
    const int o = p->layered ? 1 : 0;
    size_t wanted = 0, covered = 0;
    for (int row = 0; row < out_h; row++) {
        for (int w = 0; w < warps_per_row; w++) {
            memset(&args[w], 0, sizeof args[w]);
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                const double px = w * WT_WARP_SIZE + l + 0.5 - out_w / 2.0, py = row + 0.5 - out_h / 2.0;
                const double t[3] = {cx + c * px - sn * py, cy + sn * px + c * py, cz + s * (0.1 * px + 0.3 * py)};
                for (int k = 0; k < p->dims; k++)
                    set_coord(&args[w], o + k, l, (float)(p->norm ? t[k] / p->n[k] : t[k]));
                if (o)
                    args[w].c[0][l] = (uint32_t)layer;
            }
            nseen = 0;
            if (general)
                prefetch_ahead(p, &args[w], 1);
            else
                prefetch_warp_u8(p, 0xffffffffu, &args[w], WT_ADDRESS_CLAMP, 1, 1);
            nrec[w] = 0;
            for (size_t i = 0; i < nseen && i < 512; i++)
                rec[w][nrec[w]++] = (size_t)(seen[i] - (const char *)p->base) / 64;
        }
        for (int w = WT_SIMD_PREFETCH_AHEAD; w < warps_per_row; w++)
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                float cl[3] = {0.0f, 0.0f, 0.0f};
                for (int k = 0; k < p->dims; k++)
                    memcpy(&cl[k], &args[w].c[o + k][l], sizeof cl[k]);
                size_t lines[8];
                const int n = footprint_lines(p, cl, layer, lines);
                for (int i = 0; i < n; i++) {
                    wanted++;
                    covered += (size_t)seen_line(rec[w - WT_SIMD_PREFETCH_AHEAD], nrec[w - WT_SIMD_PREFETCH_AHEAD],
                                                 lines[i]);
                }
            }
    }
    free(args);
    free(rec);
    free(nrec);
    return (double)covered / (double)wanted;
}

static void check_walks(wt__tex_plan *p, int32_t layer, int general, const char *what)
{
    static const double angles[] = {0.0, 0.1745, 0.5236, 0.7854, 1.5708, 2.618, 4.0};
    static const double scales[] = {0.7, 1.0, 1.6};
    uint8_t *buf = malloc(storage_of(p));
    assert_non_null(buf);
    p->base = buf;
    for (size_t ai = 0; ai < sizeof angles / sizeof angles[0]; ai++)
        for (size_t si = 0; si < sizeof scales / sizeof scales[0]; si++) {
            const double share = walk_coverage(p, angles[ai], scales[si], 256, 24, layer, general);
            if (share < 0.9)
                fail_msg("%s, %d-byte texels, layers %d, normalised %d, angle %.4f, scale %.1f: %.3f of the lines "
                         "read were prefetched %d warps ahead",
                         what, p->esize, p->layers, p->norm, angles[ai], scales[si], share, WT_SIMD_PREFETCH_AHEAD);
        }
    free(buf);
}

static void scan_walks_prefetch_their_lines(void **state)
{
    (void)state;
    const int32_t n0 = 600, n1 = 512; /* one extent not a power of two */
    for (int layered = 0; layered < 2; layered++)
        for (int norm = 0; norm < 2; norm++) {
            for (int esize = 1; esize <= 4; esize *= 2) { /* the u8 kernels: R8, RG8, RGBA8 */
                wt__tex_plan p = plan_of(n0, n1, 1, esize, layered ? 3 : 0, norm, WT_ADDRESS_CLAMP);
                check_walks(&p, layered ? 2 : 0, 0, "u8 kernel");
            }
            for (int esize = 2; esize <= 16; esize *= 2) { /* the general kernels, 2D */
                wt__tex_plan p = plan_of(n0, n1, 1, esize, layered ? 3 : 0, norm, WT_ADDRESS_CLAMP);
                check_walks(&p, layered ? 2 : 0, 1, "general kernel");
            }
            if (!layered) { /* and volumes */
                wt__tex_plan p = plan_of(96, 80, 72, norm ? 4 : 16, 0, norm, WT_ADDRESS_CLAMP);
                check_walks(&p, 0, 1, "general kernel, 3D");
            }
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
        const int general = (int)(next32() % 2);
        const int esize = general ? 1 << (next32() % 5) : (int[]){1, 2, 4}[next32() % 3];
        const int32_t n0 = 1 + (int32_t)(next32() % 300), n1 = 1 + (int32_t)(next32() % 300);
        const int32_t n2 = general && next32() % 2 ? 1 + (int32_t)(next32() % 40) : 1;
        const int32_t layers = n2 == 1 && next32() % 2 ? (int32_t)(1 + next32() % 4) : 0;
        const int norm = (int)(next32() % 2), mode = modes[next32() % 4];
        wt__tex_plan p = plan_of(n0, n1, n2, esize, layers, norm, mode);
        if (n2 > 1 && p.dims != 3) /* a volume one slice deep is still a volume */
            p.dims = 3;
        uint8_t *buf = malloc(storage_of(&p));
        assert_non_null(buf);
        p.base = buf;
        wt_tex_args a;
        memset(&a, 0, sizeof a);
        const int o = layers ? 1 : 0;
        const int compact = (int)(next32() % 2); /* a short walk, so that prefetch_ahead runs */
        float c0[3], dc[3];
        for (int k = 0; k < 3; k++) {
            c0[k] = odd_coord(p.n[k], norm);
            dc[k] = (float)((int)(next32() % 201) - 100) / 100.0f / (norm ? (float)p.n[k] : 1.0f);
        }
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            for (int k = 0; k < p.dims; k++)
                set_coord(&a, o + k, l, compact ? c0[k] + dc[k] * (float)l : odd_coord(p.n[k], norm));
            if (o) /* the layer, an unsigned integer: past the last reads the last */
                a.c[0][l] = next32() % 4 ? next32() % 6 : next32();
        }
        const uint32_t active = next32() % 3 ? 0xffffffffu : next32();
        const int linear = (int)(next32() % 2);
        nseen = 0;
        if (general)
            prefetch_ahead(&p, &a, linear);
        else
            prefetch_warp_u8(&p, active, &a, next32() % 2 ? mode : -1, linear, (int)(next32() % 2));
        for (size_t i = 0; i < nseen; i++)
            if (seen[i] < (const char *)buf || seen[i] >= (const char *)buf + storage_of(&p))
                fail_msg("round %d: %dx%dx%d, %d-byte texels, %d layers, mode %d, normalised %d, %s: a prefetch "
                         "%td bytes from the base of %zu",
                         round, n0, n1, n2, esize, layers, mode, norm, general ? "prefetch_ahead" : "prefetch_warp_u8",
                         seen[i] - (const char *)buf, storage_of(&p));
        free(buf);
    }
}

static void what_each_warp_prefetches(void **state)
{
    (void)state;
    wt__tex_plan p = plan_of(256, 256, 1, 4, 0, 1, WT_ADDRESS_CLAMP);
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
    prefetch_warp_u8(&p, 0xffffffffu, &a, -1, 1, 1);
    assert_int_equal(nseen, 2 * WT_WARP_SIZE); /* every lane, two rows */
    nseen = 0;
    prefetch_warp_u8(&p, 0xffffffffu, &a, -1, 0, 0);
    assert_int_equal(nseen, WT_WARP_SIZE); /* point: one row */
    nseen = 0;
    prefetch_warp_u8(&p, 0x7fffffffu, &a, -1, 1, 1);
    assert_int_equal(nseen, 0); /* a lane inactive: no walk to follow */
    for (int l = 0; l < WT_WARP_SIZE; l++) /* scattered */
        set_coord(&a, 1, l, (float)(l * 7 % 32) / 32.0f);
    nseen = 0;
    prefetch_warp_u8(&p, 0xffffffffu, &a, -1, 1, 0);
    assert_int_equal(nseen, 0); /* point and tld4: not their own lines */
    nseen = 0;
    prefetch_warp_u8(&p, 0xffffffffu, &a, -1, 1, 1);
    assert_int_equal(nseen, 2 * WT_WARP_SIZE);
    nseen = 0;
    p.dims = 3; /* a volume's linear footprint: two rows of two slices */
    p.n[2] = 4;
    prefetch_ahead(&p, &a, 1);
    assert_int_equal(nseen, 4 * WT_WARP_SIZE);
    free(buf);
}

int main(void)
{
#if defined(__AVX2__) && (defined(__x86_64__) || defined(__i386__))
    /* the native builds (tests/backend.cmake) run only where the CPU has their ISA */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        print_message("test_prefetch_native: SKIPPED, the CPU lacks AVX2/FMA\n");
        return 77;
    }
#if defined(__AVX512F__)
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw") ||
        !__builtin_cpu_supports("avx512dq") || !__builtin_cpu_supports("avx512vl")) {
        print_message("test_prefetch_avx512: SKIPPED, the CPU lacks AVX-512\n");
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
