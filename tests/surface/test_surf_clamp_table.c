/* test_surf_clamp_table.c -- suld/sust/sured over geometry x width x shape x clamp mode at and around every edge
 * SPDX-License-Identifier: MIT
 *
 * Expected results come from a byte-level model written here from
 * [semantics#surface-addressing], [semantics#surface-out-of-range], [semantics#sust-p], [semantics#sured], [semantics#decision-sured], [semantics#decision-layer-past-end] to [semantics#decision-sured-narrow-row] and [semantics#decision-narrow-rows]: it lists,
 * for every byte of the access, which byte of the surface it touches (or
 * none), and keeps a shadow copy of the memory.  Loads are compared with the
 * shadow, stores and reductions are applied to the shadow and the whole
 * memory compared after each.  suld.b/sust.b and sust.p ([semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]) run on
 * every geometry, sust.p with every NVVM element shape ([semantics#decision-nvvm-sust-p-elements], through the
 * model of sust_p_model.h); sured (which PTX has only for .1d/.2d/.3d) on
 * those three. */
#define _DEFAULT_SOURCE 1
#include <stdlib.h>

#include "surf_util.h"
#include "sust_p_model.h"

typedef struct geo {
    int geom;
    uint32_t h, d, layers; /* layers 0: not layered */
} geo;

static const geo GEOS[] = {
    {WT_GEOM_1D, 1, 1, 0}, {WT_GEOM_2D, 3, 1, 0}, {WT_GEOM_3D, 2, 3, 0},
    {WT_GEOM_A1D, 1, 1, 3}, {WT_GEOM_A2D, 2, 1, 3},
};

/* (width in elements, element bytes); the row holds width*esize bytes. */
static const uint32_t WIDTHS[][2] = {
    {1, 1}, {2, 1}, {3, 1}, {4, 1}, {7, 1}, {8, 1}, {15, 1}, {16, 1}, {17, 1},
    {33, 1}, {3, 2}, {6, 4}, {8, 4}, {1, 8}, {3, 8}, {1, 16}, {2, 16},
};

static const int SHAPES[][2] = { /* vec, bits */
    {1, 8}, {1, 16}, {1, 32}, {1, 64}, {2, 8}, {2, 16}, {2, 32}, {2, 64}, {4, 8}, {4, 16}, {4, 32},
};

typedef struct world {
    wt__surf s;
    uint8_t *mem, *shadow;
    size_t bytes;
    int64_t row_bytes, pitch;
    uint32_t h, d, layers;
    uint64_t loads, stores, traps, zeros, clamped;
} world;

/* Model: byte offsets (into the memory) of the access's bytes, -1 for a byte
 * that lies past a narrow row ([semantics#decision-narrow-rows]: reads 0, not written).  Returns 0, 1 for
 * a trap, 2 for .zero outside. */
static int model(const world *w, int clamp, uint32_t layer, int64_t x, int64_t y, int64_t z, int64_t size,
                 int64_t off[16])
{
    /* [semantics#surface-addressing] [3P-M]: a misaligned x faults under every mode. */
    int64_t r = ((x % size) + size) % size;
    if (r != 0)
        return 1;
    /* [semantics#decision-layer-past-end]: past the last layer -> the last layer, whatever the mode. */
    int64_t lay = 0;
    if (w->layers)
        lay = layer < w->layers ? layer : w->layers - 1;
    int all_inside = 1;
    for (int64_t i = 0; i < size; i++) {
        int64_t b = x + i;
        if (b < 0 || b >= w->row_bytes)
            all_inside = 0;
    }
    if (y < 0 || y >= (int64_t)w->h || z < 0 || z >= (int64_t)w->d)
        all_inside = 0;
    if (!all_inside) {
        if (clamp == WT_CLAMP_TRAP)
            return 1;
        if (clamp == WT_CLAMP_ZERO)
            return 2; /* any byte outside: the whole access */
        /* .clamp: the positions where a whole access fits are 0, size,
         * 2*size, ... while p + size <= row; take the nearest to x; none
         * fits (narrow row, [semantics#decision-narrow-rows]) -> 0. */
        int64_t best = 0;
        for (int64_t p = 0; p + size <= w->row_bytes; p += size)
            if (p <= x)
                best = p;
        x = x < 0 ? 0 : best;
        if (y < 0)
            y = 0;
        if (y >= (int64_t)w->h)
            y = w->h - 1;
        if (z < 0)
            z = 0;
        if (z >= (int64_t)w->d)
            z = w->d - 1;
    }
    int64_t origin = ((lay * w->d + z) * w->h + y) * w->pitch;
    for (int64_t i = 0; i < size; i++)
        off[i] = x + i < w->row_bytes ? origin + x + i : -1;
    return 0;
}

static uint64_t pattern_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    uint64_t z = (pattern_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void one_case(world *w, int geom, int vec, int bits, int clamp, uint32_t layer, int32_t x, int32_t y,
                     int32_t z)
{
    wt_op ld = su_op(WT_FAMILY_SULD, WT_SURF_B, geom, vec, bits, clamp);
    wt_op st = su_op(WT_FAMILY_SUST, WT_SURF_B, geom, vec, bits, clamp);
    int32_t c[4];
    su_coords(geom, layer, x, y, z, c);
    /* The geometry's unused axes are 0 in the model too. */
    int64_t my = (geom == WT_GEOM_1D || geom == WT_GEOM_A1D) ? 0 : y;
    int64_t mz = geom == WT_GEOM_3D ? z : 0;
    int64_t size = vec * bits / 8, eb = bits / 8, off[16];
    int want = model(w, clamp, layer, x, my, mz, size, off);

    /* load */
    uint64_t d[4] = {7, 7, 7, 7}, exp[4] = {0, 0, 0, 0};
    int trap = su_load(&w->s, &ld, c, d);
    if (want == 0) {
        for (int k = 0; k < vec; k++)
            for (int64_t i = eb - 1; i >= 0; i--) {
                int64_t o = off[k * eb + i];
                exp[k] = exp[k] << 8 | (o < 0 ? 0 : w->shadow[o]);
            }
    }
    if (trap != (want == 1) || memcmp(d, exp, sizeof d) != 0) {
        print_error("suld geom %d v%d b%d clamp %d rowbytes %lld layer %u x %d y %d z %d: trap %d (want %d), "
                    "d0 %llx (want %llx)\n", geom, vec, bits, clamp, (long long)w->row_bytes, layer, x, y, z, trap,
                    want == 1, (unsigned long long)d[0], (unsigned long long)exp[0]);
        fail();
    }
    w->loads++;
    w->traps += want == 1;
    w->zeros += want == 2;

    /* store: random source elements (bits above the element must be ignored) */
    uint64_t v[4];
    for (int k = 0; k < 4; k++)
        v[k] = next_rand();
    trap = su_store(&w->s, &st, c, v);
    assert_int_equal(trap, want == 1);
    if (want == 0)
        for (int k = 0; k < vec; k++)
            for (int64_t i = 0; i < eb; i++) {
                int64_t o = off[k * eb + i];
                if (o >= 0)
                    w->shadow[o] = (uint8_t)(v[k] >> (8 * i));
            }
    if (memcmp(w->mem, w->shadow, w->bytes) != 0) {
        print_error("sust geom %d v%d b%d clamp %d rowbytes %lld layer %u x %d y %d z %d: memory differs\n", geom,
                    vec, bits, clamp, (long long)w->row_bytes, layer, x, y, z);
        fail();
    }
    w->stores++;
}

/* [semantics#decision-sured]: add wraps modulo 2^n, min/max compare by signedness, and/or
 * bitwise; the signed order is written with an explicit sign extension. */
static int64_t sext(uint64_t u, int bits)
{
    if (bits == 32) {
        u &= 0xffffffffu;
        return u & 0x80000000u ? (int64_t)u - 0x100000000ll : (int64_t)u;
    }
    return u >> 63 ? -(int64_t)(~u) - 1 : (int64_t)u;
}

static uint64_t reduce_model(int redop, int bits, int sgn, uint64_t old, uint64_t v)
{
    uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
    old &= mask;
    v &= mask;
    int lt = sgn ? sext(v, bits) < sext(old, bits) : v < old;
    int gt = sgn ? sext(v, bits) > sext(old, bits) : v > old;
    switch (redop) {
    case WT_RED_ADD: return (old + v) & mask;
    case WT_RED_MIN: return lt ? v : old;
    case WT_RED_MAX: return gt ? v : old;
    case WT_RED_AND: return old & v;
    default: return old | v;
    }
}

/* sured.b (x in bytes) and sured.p (x in samples, [semantics#decision-sured-p-forms]) at one point. */
static void red_case(world *w, int geom, int mode, int redop, int rtype, int clamp, int32_t x, int32_t y, int32_t z)
{
    wt_op op = su_red(mode, geom, redop, rtype, clamp);
    int32_t c[4];
    su_coords(geom, 0, x, y, z, c);
    int64_t my = geom == WT_GEOM_1D ? 0 : y, mz = geom == WT_GEOM_3D ? z : 0, off[16];
    int64_t esize = w->s.fmt.esize, size, unit;
    int want, sgn, bits;
    if (mode == WT_SURF_B) {
        size = (rtype == WT_RTYPE_U64 || rtype == WT_RTYPE_S64) ? 8 : 4;
        unit = 1;
        sgn = rtype == WT_RTYPE_S32 || rtype == WT_RTYPE_S64;
        want = model(w, clamp, 0, (int64_t)x * unit, my, mz, size, off);
    } else {
        /* [semantics#decision-sured-p-forms]: .b32 on one-channel 32-bit integers, .b64 min/max on
         * two-channel ones; any other format traps */
        int ok = w->s.fmt.cbytes == 4 && ((rtype == WT_RTYPE_B32 && w->s.fmt.nch == 1) ||
                                          (rtype == WT_RTYPE_B64 && w->s.fmt.nch == 2 &&
                                           (redop == WT_RED_MIN || redop == WT_RED_MAX)));
        size = unit = esize;
        sgn = w->s.fmt.ctype == WT__S32;
        want = ok ? model(w, clamp, 0, (int64_t)x * unit, my, mz, size, off) : 1;
    }
    bits = (int)size * 8;
    uint64_t v[4] = {next_rand(), 0, 0, 0}, d[4] = {3, 3, 3, 3};
    int trap = wt__surf_access_scalar(&w->s, &op, c, v, d);
    if (want == 0) {
        uint64_t old = 0, nv;
        for (int64_t i = size - 1; i >= 0; i--)
            old = old << 8 | (off[i] < 0 ? 0 : w->shadow[off[i]]); /* [semantics#decision-sured-narrow-row]: the rest reads 0 */
        nv = reduce_model(redop, bits, sgn, old, v[0]);
        for (int64_t i = 0; i < size; i++, nv >>= 8)
            if (off[i] >= 0)
                w->shadow[off[i]] = (uint8_t)nv;
    }
    if (trap != (want == 1) || (d[0] | d[1] | d[2] | d[3]) != 0 || memcmp(w->mem, w->shadow, w->bytes) != 0) {
        print_error("sured.%s op %d type %d geom %d clamp %d rowbytes %lld esize %lld x %d y %d z %d: trap %d "
                    "(want %d)\n", mode ? "p" : "b", redop, rtype, geom, clamp, (long long)w->row_bytes,
                    (long long)esize, x, y, z, trap, want == 1);
        fail();
    }
    w->stores++;
    w->traps += want == 1;
    w->zeros += want == 2;
}

/* sust.p at one point: x in samples, one whole element of the (integer)
 * format: each element made a 32-bit word ([semantics#decision-nvvm-sust-p-elements]), each channel the word
 * clamped to the channel's range; channels the vector does not reach are 0
 * ([semantics#sust-p] [3P-M]).  The layer as for every layered access ([semantics#decision-sust-p-layered], [semantics#decision-layer-past-end]). */
static void p_case(world *w, int geom, int vec, int bits, int clamp, uint32_t layer, int32_t x, int32_t y, int32_t z)
{
    wt_op op = su_op(WT_FAMILY_SUST, WT_SURF_P, geom, vec, bits, clamp);
    int32_t c[4];
    su_coords(geom, layer, x, y, z, c);
    int64_t my = (geom == WT_GEOM_1D || geom == WT_GEOM_A1D) ? 0 : y, mz = geom == WT_GEOM_3D ? z : 0, off[16];
    int64_t esize = w->s.fmt.esize;
    int want = model(w, clamp, layer, (int64_t)x * esize, my, mz, esize, off);
    uint64_t v[4];
    for (int k = 0; k < 4; k++)
        v[k] = next_rand() >> (k * 8); /* large and small values: some saturate */
    int trap = su_store(&w->s, &op, c, v);
    if (want == 0) {
        uint8_t e[16];
        spm_element(w->s.fmt.kind, w->s.fmt.nch, w->s.fmt.cbytes, vec, bits, v, e);
        for (int64_t i = 0; i < esize; i++)
            w->shadow[off[i]] = e[i];
    }
    if (trap != (want == 1) || memcmp(w->mem, w->shadow, w->bytes) != 0) {
        print_error("sust.p v%d b%d geom %d clamp %d rowbytes %lld esize %lld layer %u x %d y %d z %d: trap %d "
                    "(want %d)\n", vec, bits, geom, clamp, (long long)w->row_bytes, (long long)esize, layer, x, y, z,
                    trap, want == 1);
        fail();
    }
    w->stores++;
    w->traps += want == 1;
    w->zeros += want == 2;
}

/* The sured.b op/type pairs of PTX ISA 9.7.11. */
static const int RED_B[][2] = {
    {WT_RED_ADD, WT_RTYPE_U32}, {WT_RED_ADD, WT_RTYPE_S32}, {WT_RED_ADD, WT_RTYPE_U64}, {WT_RED_MIN, WT_RTYPE_U32},
    {WT_RED_MIN, WT_RTYPE_S32}, {WT_RED_MIN, WT_RTYPE_U64}, {WT_RED_MIN, WT_RTYPE_S64}, {WT_RED_MAX, WT_RTYPE_U32},
    {WT_RED_MAX, WT_RTYPE_S32}, {WT_RED_MAX, WT_RTYPE_U64}, {WT_RED_MAX, WT_RTYPE_S64}, {WT_RED_AND, WT_RTYPE_B32},
    {WT_RED_OR, WT_RTYPE_B32},
};

/* sured and sust.p over one surface of a non-layered geometry: x around
 * both ends of the row (bytes or samples), every y and z edge. */
static void run_red_p(world *w, int geom, const int32_t *ys, int nyv, const int32_t *zs, int nzv)
{
    int64_t esize = w->s.fmt.esize;
    for (int clamp = 0; clamp < 3; clamp++)
        for (int zi = 0; zi < nzv; zi++)
            for (int yi = 0; yi < nyv; yi++) {
                int32_t y = nyv == 1 ? 0 : ys[yi], z = nzv == 1 ? 0 : zs[zi];
                for (int64_t x = -11; x <= w->row_bytes + 11; x++) {
                    if (x > 11 && x < w->row_bytes - 11)
                        continue;
                    for (size_t i = 0; i < sizeof RED_B / sizeof RED_B[0]; i++)
                        red_case(w, geom, WT_SURF_B, RED_B[i][0], RED_B[i][1], clamp, (int32_t)x, y, z);
                }
                int32_t far[] = {INT32_MIN, INT32_MAX, 0x7ffffff8, -0x7ffffff8};
                for (int fi = 0; fi < 4; fi++)
                    for (size_t i = 0; i < sizeof RED_B / sizeof RED_B[0]; i++)
                        red_case(w, geom, WT_SURF_B, RED_B[i][0], RED_B[i][1], clamp, far[fi], y, z);
                int64_t n = w->row_bytes / esize;
                for (int64_t x = -3; x <= n + 3; x++) {
                    int32_t xx = x == -3 ? INT32_MIN : x == n + 3 ? INT32_MAX : (int32_t)x;
                    for (size_t si = 0; si < sizeof SHAPES / sizeof SHAPES[0]; si++)
                        p_case(w, geom, SHAPES[si][0], SHAPES[si][1], clamp, 0, xx, y, z);
                    for (int r = WT_RED_ADD; r <= WT_RED_OR; r++) {
                        red_case(w, geom, WT_SURF_P, r, WT_RTYPE_B32, clamp, xx, y, z);
                        red_case(w, geom, WT_SURF_P, r, WT_RTYPE_B64, clamp, xx, y, z);
                    }
                }
            }
}

static void run_table(int at_end, int padded, uint64_t *counts)
{
    for (size_t gi = 0; gi < sizeof GEOS / sizeof GEOS[0]; gi++) {
        const geo *g = &GEOS[gi];
        for (size_t wi = 0; wi < sizeof WIDTHS / sizeof WIDTHS[0]; wi++) {
            world w;
            memset(&w, 0, sizeof w);
            uint32_t width = WIDTHS[wi][0], esize = WIDTHS[wi][1];
            w.row_bytes = (int64_t)width * esize;
            w.pitch = w.row_bytes + (padded ? 3 : 0); /* padding bytes must never be read or written */
            w.h = g->h;
            w.d = g->d;
            w.layers = g->layers;
            uint32_t slices = g->layers ? g->layers : 1;
            w.bytes = (size_t)w.pitch * g->h * g->d * slices;
            su_fence f = su_fence_alloc(w.bytes, at_end);
            w.mem = f.p;
            w.shadow = malloc(w.bytes);
            assert_non_null(w.shadow);
            for (size_t i = 0; i < w.bytes; i++)
                w.mem[i] = w.shadow[i] = (uint8_t)next_rand();
            /* .b moves bytes, so for suld/sust.b the format only sets the
             * row length; sust.p and sured.p use it: u8, u16, u32 or s32
             * (width 6), u32x2 or s32x2 (width 3), u32x4. */
            int cb = esize <= 4 ? (int)esize : 4, nch = (int)esize / cb;
            int sgn = cb == 4 && width % 3 == 0;
            w.s = su_make(w.mem, nch, cb, cb == 1 ? WT__U8 : cb == 2 ? WT__U16 : sgn ? WT__S32 : WT__U32,
                          sgn ? WT_CHANNEL_SIGNED : WT_CHANNEL_UNSIGNED, width, g->h, g->d, g->layers,
                          (size_t)w.pitch,
                          g->geom == WT_GEOM_3D ? 3 : (g->geom == WT_GEOM_1D || g->geom == WT_GEOM_A1D) ? 1 : 2);
            for (size_t si = 0; si < sizeof SHAPES / sizeof SHAPES[0]; si++) {
                int vec = SHAPES[si][0], bits = SHAPES[si][1], size = vec * bits / 8;
                int32_t xs[200];
                int nx = 0;
                for (int64_t x = -2 * size - 2; x <= w.row_bytes + 2 * size + 1 && nx < 190; x++)
                    xs[nx++] = (int32_t)x;
                xs[nx++] = INT32_MIN;
                xs[nx++] = INT32_MAX;
                xs[nx++] = 0x7ffffff0;
                xs[nx++] = -1024 * size;
                int32_t ys[] = {-1, 0, 1, (int32_t)g->h - 1, (int32_t)g->h, INT32_MIN, INT32_MAX};
                int32_t zs[] = {-1, 0, (int32_t)g->d - 1, (int32_t)g->d, INT32_MAX};
                uint32_t ls[] = {0, 1, g->layers ? g->layers - 1 : 0, g->layers, 0xffffffffu, 0x80000000u};
                int nyv = (g->geom == WT_GEOM_1D || g->geom == WT_GEOM_A1D) ? 1 : 7;
                int nzv = g->geom == WT_GEOM_3D ? 5 : 1;
                int nlv = g->layers ? 6 : 1;
                for (int clamp = 0; clamp < 3; clamp++)
                    for (int li = 0; li < nlv; li++)
                        for (int zi = 0; zi < nzv; zi++)
                            for (int yi = 0; yi < nyv; yi++)
                                for (int xi = 0; xi < nx; xi++)
                                    one_case(&w, g->geom, vec, bits, clamp, ls[li], xs[xi],
                                             nyv == 1 ? 0 : ys[yi], nzv == 1 ? 0 : zs[zi]);
            }
            if (g->layers) { /* sust.p on a1d / a2d ([semantics#decision-ptx-legality], [semantics#decision-sust-p-layered]): x around both row ends, every y and layer edge */
                const uint32_t ls[] = {0, 1, g->layers - 1, g->layers, 7, 0xffffffffu, 0x80000000u};
                const int32_t ys[] = {-1, 0, 1, (int32_t)g->h - 1, (int32_t)g->h, INT32_MIN, INT32_MAX};
                for (int clamp = 0; clamp < 3; clamp++)
                    for (size_t li = 0; li < sizeof ls / sizeof ls[0]; li++)
                        for (int yi = 0; yi < (g->geom == WT_GEOM_A2D ? 7 : 1); yi++) {
                            int64_t n = (int64_t)width;
                            for (int64_t x = -3; x <= n + 3; x++) {
                                int32_t xx = x == -3 ? INT32_MIN : x == n + 3 ? INT32_MAX : (int32_t)x;
                                for (size_t si = 0; si < sizeof SHAPES / sizeof SHAPES[0]; si++)
                                    p_case(&w, g->geom, SHAPES[si][0], SHAPES[si][1], clamp, ls[li], xx,
                                           g->geom == WT_GEOM_A2D ? ys[yi] : 0, 0);
                            }
                        }
            } else {
                run_red_p(&w, g->geom, (const int32_t[]){-1, 0, (int32_t)g->h - 1, (int32_t)g->h, INT32_MAX},
                          g->geom == WT_GEOM_1D ? 1 : 5,
                          (const int32_t[]){-1, 0, (int32_t)g->d - 1, (int32_t)g->d, INT32_MIN},
                          g->geom == WT_GEOM_3D ? 5 : 1);
            }
            counts[0] += w.loads;
            counts[3] += w.stores;
            counts[1] += w.traps;
            counts[2] += w.zeros;
            free(w.shadow);
            su_fence_free(&f);
        }
    }
}

static void table_guard_after(void **state)
{
    (void)state;
    uint64_t n[4] = {0, 0, 0, 0};
    run_table(1, 0, n);
    print_message("guard after: %llu suld+sust.b, %llu sust.p+sured, %llu traps, %llu .zero outside\n",
                  (unsigned long long)n[0], (unsigned long long)n[3], (unsigned long long)n[1],
                  (unsigned long long)n[2]);
    assert_true(n[0] > 100000 && n[3] > 100000 && n[1] > 1000 && n[2] > 1000);
}

static void table_guard_before(void **state)
{
    (void)state;
    uint64_t n[4] = {0, 0, 0, 0};
    run_table(0, 0, n);
    assert_true(n[0] > 100000 && n[3] > 100000);
}

static void table_padded_rows(void **state)
{
    (void)state;
    uint64_t n[4] = {0, 0, 0, 0};
    run_table(1, 1, n);
    assert_true(n[0] > 100000 && n[3] > 100000);
}

/* [semantics#surface-out-of-range] .zero is all-or-nothing: a .v4.b32 straddling the row end returns
 * zeros in every element (not the 3 elements that are inside), and a store
 * there writes none of them. */
static void zero_all_or_nothing(void **state)
{
    (void)state;
    su_fence f = su_fence_alloc(48, 1);
    for (int i = 0; i < 48; i++)
        f.p[i] = (uint8_t)(i + 1);
    /* 12 u32 per row, one row: rowBytes 48; a .v4.b32 at 32 fits, at 48 not;
     * a .v2.b64 at 40 is misaligned. */
    wt__surf s = su_make(f.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 12, 1, 1, 0, 48, 1);
    wt_op ld = su_op(WT_FAMILY_SULD, WT_SURF_B, WT_GEOM_1D, 4, 32, WT_CLAMP_ZERO);
    int32_t c[4] = {32, 0, 0, 0};
    uint64_t d[4];
    assert_int_equal(su_load(&s, &ld, c, d), 0);
    assert_int_equal(d[0], 0x24232221u);
    assert_int_equal(d[3], 0x302f2e2du);
    c[0] = 48;
    assert_int_equal(su_load(&s, &ld, c, d), 0);
    assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
    /* 2D: y out with x in: still all zero */
    wt__surf s2 = su_make(f.p, 1, 4, WT__U32, WT_CHANNEL_UNSIGNED, 6, 2, 1, 0, 24, 2);
    wt_op ld2 = su_op(WT_FAMILY_SULD, WT_SURF_B, WT_GEOM_2D, 2, 32, WT_CLAMP_ZERO);
    int32_t c2[4] = {16, 2, 0, 0};
    assert_int_equal(su_load(&s2, &ld2, c2, d), 0);
    assert_true(d[0] == 0 && d[1] == 0);
    c2[1] = 1;
    assert_int_equal(su_load(&s2, &ld2, c2, d), 0);
    assert_int_equal(d[0], 0x2c2b2a29u);
    uint8_t before[48];
    memcpy(before, f.p, 48);
    wt_op st = su_op(WT_FAMILY_SUST, WT_SURF_B, WT_GEOM_1D, 4, 32, WT_CLAMP_ZERO);
    uint64_t v[4] = {~0ull, ~0ull, ~0ull, ~0ull};
    int32_t cs[4] = {-16, 0, 0, 0};
    assert_int_equal(su_store(&s, &st, cs, v), 0);
    cs[0] = 48;
    assert_int_equal(su_store(&s, &st, cs, v), 0);
    assert_memory_equal(before, f.p, 48);
    su_fence_free(&f);
}

/* [semantics#surface-addressing] [3P-M]: x not a multiple of the access size traps under every mode,
 * in range or not; memory stays untouched and d is zeroed. */
static void misaligned_traps(void **state)
{
    (void)state;
    su_fence f = su_fence_alloc(64, 1);
    memset(f.p, 0x5a, 64);
    wt__surf s = su_make(f.p, 1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 64, 1, 1, 0, 64, 1);
    int n = 0;
    for (size_t si = 0; si < sizeof SHAPES / sizeof SHAPES[0]; si++) {
        int vec = SHAPES[si][0], bits = SHAPES[si][1], size = vec * bits / 8;
        for (int clamp = 0; clamp < 3; clamp++)
            for (int x = -33; x < 100; x++) {
                if (x % size == 0)
                    continue;
                wt_op ld = su_op(WT_FAMILY_SULD, WT_SURF_B, WT_GEOM_1D, vec, bits, clamp);
                wt_op st = su_op(WT_FAMILY_SUST, WT_SURF_B, WT_GEOM_1D, vec, bits, clamp);
                int32_t c[4] = {x, 0, 0, 0};
                uint64_t d[4] = {9, 9, 9, 9}, v[4] = {0, 0, 0, 0};
                assert_int_equal(su_load(&s, &ld, c, d), 1);
                assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0);
                assert_int_equal(su_store(&s, &st, c, v), 1);
                n++;
            }
    }
    for (int i = 0; i < 64; i++)
        assert_int_equal(f.p[i], 0x5a);
    assert_true(n > 3000);
    su_fence_free(&f);
}

/* [semantics#decision-narrow-rows]: a row narrower than the access: .clamp reads at x = 0 only the bytes
 * inside (the rest 0) and writes only those; .zero gives 0 / drops; .trap
 * traps.  The row ends against the guard page. */
static void narrow_rows(void **state)
{
    (void)state;
    su_fence f = su_fence_alloc(3, 1);
    f.p[0] = 0x11;
    f.p[1] = 0x22;
    f.p[2] = 0x33;
    wt__surf s = su_make(f.p, 1, 1, WT__U8, WT_CHANNEL_UNSIGNED, 3, 1, 1, 0, 3, 1);
    wt_op ld = su_op(WT_FAMILY_SULD, WT_SURF_B, WT_GEOM_1D, 2, 32, WT_CLAMP_CLAMP);
    uint64_t d[4];
    for (int x = -64; x <= 64; x += 8) {
        int32_t c[4] = {x, 0, 0, 0};
        assert_int_equal(su_load(&s, &ld, c, d), 0);
        assert_int_equal(d[0], 0x332211u);
        assert_int_equal(d[1], 0);
    }
    wt_op ld4 = su_op(WT_FAMILY_SULD, WT_SURF_B, WT_GEOM_1D, 4, 8, WT_CLAMP_CLAMP);
    int32_t c0[4] = {0, 0, 0, 0};
    assert_int_equal(su_load(&s, &ld4, c0, d), 0);
    assert_true(d[0] == 0x11 && d[1] == 0x22 && d[2] == 0x33 && d[3] == 0);
    wt_op st = su_op(WT_FAMILY_SUST, WT_SURF_B, WT_GEOM_1D, 1, 64, WT_CLAMP_CLAMP);
    int32_t c[4] = {800, 0, 0, 0};
    uint64_t v[4] = {0x8877665544332211ull ^ 0xffffffull, 0, 0, 0};
    assert_int_equal(su_store(&s, &st, c, v), 0);
    assert_true(f.p[0] == 0xee && f.p[1] == 0xdd && f.p[2] == 0xcc);
    ld.clamp = WT_CLAMP_ZERO;
    assert_int_equal(su_load(&s, &ld, c0, d), 0);
    assert_true(d[0] == 0 && d[1] == 0);
    st.clamp = WT_CLAMP_ZERO;
    assert_int_equal(su_store(&s, &st, c0, v), 0);
    ld.clamp = WT_CLAMP_TRAP;
    assert_int_equal(su_load(&s, &ld, c0, d), 1);
    st.clamp = WT_CLAMP_TRAP;
    v[0] = 0;
    assert_int_equal(su_store(&s, &st, c0, v), 1);
    assert_true(f.p[0] == 0xee && f.p[1] == 0xdd && f.p[2] == 0xcc);
    su_fence_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_guard_after),
        cmocka_unit_test(table_guard_before),
        cmocka_unit_test(table_padded_rows),
        cmocka_unit_test(zero_all_or_nothing),
        cmocka_unit_test(misaligned_traps),
        cmocka_unit_test(narrow_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
