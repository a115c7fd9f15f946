/* test_batch_region.c -- wt_suld_region / wt_sust_region equal wt_surf_warp over the same lanes: every clamp mode, regions inside and across every edge, trap masks, pitches, 2d/3d/a2d, 1 and 2 threads
 * SPDX-License-Identifier: MIT
 *
 * The oracle numbers the region's lanes row by row, 32 to a warp, and runs
 * each warp through wt_surf_warp with this file's own coordinate and byte
 * code: for sust on a twin of the surface (same bytes), then the two
 * surfaces are compared whole; for suld into a second buffer, compared
 * whole, pitch padding included.  The status, the trap mask and the message's
 * count of trapped lanes must agree too. */
#include "batch_util.h"

typedef struct shape {
    wt_geom geom;
    int nch, bits; /* channel format */
    size_t w, h, d; /* d: 3D depth or layers (0 for 2D) */
} shape;

static const shape shapes[] = {
    {WT_GEOM_2D, 4, 8, 37, 23, 0},   /* RGBA8, rows of 148 bytes */
    {WT_GEOM_2D, 1, 32, 29, 17, 0},  /* R32 */
    {WT_GEOM_3D, 4, 16, 9, 7, 5},    /* RGBA16 */
    {WT_GEOM_A2D, 4, 8, 13, 9, 3},   /* RGBA8, 3 layers */
    {WT_GEOM_2D, 4, 32, 11, 13, 0},  /* RGBA32: 16-byte elements */
};

typedef struct access {
    int mode, vec, bits;
} access;

static const access accesses[] = {
    {WT_SURF_B, 1, 8}, {WT_SURF_B, 2, 8}, {WT_SURF_B, 4, 8}, {WT_SURF_B, 1, 16}, {WT_SURF_B, 4, 16},
    {WT_SURF_B, 1, 32}, {WT_SURF_B, 2, 32}, {WT_SURF_B, 4, 32}, {WT_SURF_B, 1, 64}, {WT_SURF_B, 2, 64},
    {WT_SURF_P, 4, 32}, {WT_SURF_P, 1, 32}, {WT_SURF_P, 2, 8}, {WT_SURF_P, 4, 16},
};

/* Region shapes of 0, 1, 31, 32, 33, 1000, 517 lanes. */
static const size_t region_wh[][2] = {{0, 5}, {7, 0}, {1, 1}, {31, 1}, {32, 1}, {33, 1}, {40, 25}, {47, 11}, {11, 47}};

static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < n; b++)
        v |= (uint64_t)p[b] << (8 * b);
    return v;
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned b = 0; b < n; b++)
        p[b] = (uint8_t)(v >> (8 * b));
}

/* The region's lanes through wt_surf_warp, warp by warp.  Returns the first
 * failing warp's status; *trapped counts trapped lanes. */
static wt_status oracle(const wt_op *op, wt_surf surf, const wt_region *r, uint8_t *buf, size_t pitch, int load,
                        uint32_t *mask, size_t *trapped)
{
    size_t n = r->width * r->height;
    unsigned eb = op->bits / 8u, lb = op->vec * eb, step = op->mode == WT_SURF_P ? 1u : lb;
    wt_surf_args *a = calloc(1, sizeof *a);
    wt_surf_result *o = calloc(1, sizeof *o);
    assert_true(a && o);
    wt_status first = WT_SUCCESS;
    *trapped = 0;
    for (size_t w = 0; w * 32 < n; w++) {
        size_t m = n - w * 32 < 32 ? n - w * 32 : 32;
        for (size_t l = 0; l < m; l++) {
            size_t g = w * 32 + l, i = g % r->width, j = g / r->width;
            int32_t x = (int32_t)(r->x + (int64_t)i * step), y = (int32_t)(r->y + (int64_t)j);
            int32_t c[4] = {0, 0, 0, 0};
            if (op->geom == WT_GEOM_A2D)
                c[0] = r->z, c[1] = x, c[2] = y;
            else
                c[0] = x, c[1] = y, c[2] = r->z;
            for (int q = 0; q < 4; q++)
                a->c[q][l] = c[q];
            if (!load)
                for (unsigned k = 0; k < op->vec; k++)
                    a->v[k][l] = get_le(buf + j * pitch + i * lb + k * eb, eb);
        }
        uint32_t am = m == 32 ? 0xffffffffu : (1u << m) - 1u;
        wt_status st = wt_surf_warp(op, surf, am, a, o);
        if (st && !first)
            first = st;
        mask[w] = o->trap;
        *trapped += (size_t)__builtin_popcount(o->trap);
        if (load)
            for (size_t l = 0; l < m; l++) {
                size_t g = w * 32 + l, i = g % r->width, j = g / r->width;
                for (unsigned k = 0; k < op->vec; k++)
                    put_le(buf + j * pitch + i * lb + k * eb, o->d[k][l], eb);
            }
    }
    free(a);
    free(o);
    return first;
}

static long failures;

static void check_status(const char *label, wt_status got, wt_status want, size_t trapped, const char *fn)
{
    if (got != want) {
        print_error("%s: status %s, the warps give %s (%s)\n", label, wt_status_string(got), wt_status_string(want),
                    wt_last_error_message());
        failures++;
        return;
    }
    if (got == WT_ERROR_TRAP) {
        char head[96];
        snprintf(head, sizeof head, "%s(): %zu lane%s trapped; the first, lane ", fn, trapped, trapped == 1 ? "" : "s");
        if (strncmp(wt_last_error_message(), head, strlen(head))) {
            print_error("%s: message '%s' does not start '%s'\n", label, wt_last_error_message(), head);
            failures++;
        }
    }
}

static void run_one(const shape *sh, const access *ac, int clamp, int load, const wt_region *r, size_t pad,
                    int with_mask, uint64_t seed, const char *what)
{
    wt_channel_desc cd = wt_make_channel_desc(sh->bits, sh->nch >= 2 ? sh->bits : 0, sh->nch == 4 ? sh->bits : 0,
                                              sh->nch == 4 ? sh->bits : 0, WT_CHANNEL_UNSIGNED);
    size_t esize = (size_t)sh->nch * (size_t)sh->bits / 8u;
    unsigned flags = sh->geom == WT_GEOM_A2D ? WT_ARRAY_LAYERED : WT_ARRAY_DEFAULT;
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = load ? WT_FAMILY_SULD : WT_FAMILY_SUST;
    op.mode = (uint8_t)ac->mode;
    op.geom = (uint8_t)sh->geom;
    op.vec = (uint8_t)ac->vec;
    op.bits = (uint8_t)ac->bits;
    op.clamp = (uint8_t)clamp;
    size_t n = r->width * r->height, lb = (size_t)ac->vec * (size_t)ac->bits / 8u;
    size_t pitch = pad == (size_t)-1 ? 0 : r->width * lb + pad, rp = pitch ? pitch : r->width * lb;
    size_t bytes = r->height * rp;
    size_t words = (n + 31) / 32;
    char label[200];
    snprintf(label, sizeof label, "%s %s.%s.%s.v%d.b%d.%s region (%d,%d,%d) %zux%zu pitch %zu", what,
             load ? "suld" : "sust", ac->mode ? "p" : "b", sh->geom == WT_GEOM_3D ? "3d" : sh->geom == WT_GEOM_A2D ? "a2d" : "2d",
             ac->vec, ac->bits, clamp == WT_CLAMP_TRAP ? "trap" : clamp == WT_CLAMP_CLAMP ? "clamp" : "zero",
             (int)r->x, (int)r->y, (int)r->z, r->width, r->height, pitch);
    for (size_t ti = 0; ti < 2; ti++) {
        assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
        bt_surf a = bt_make_surf(cd, esize, sh->w, sh->h, sh->d, flags, seed);
        bt_surf b = bt_make_surf(cd, esize, sh->w, sh->h, sh->d, flags, seed);
        uint8_t *buf_a = bt_guarded(bytes), *buf_b = bt_guarded(bytes);
        if (!load) { /* the source: random bytes, the same for both */
            cu_rng rr = {seed ^ 0x55};
            for (size_t i = 0; i < bytes; i++)
                buf_a[i] = buf_b[i] = (uint8_t)cu_next(&rr);
        }
        uint32_t *mask_a = malloc((words + 1) * 4), *mask_b = malloc((words + 1) * 4);
        assert_true(mask_a && mask_b);
        memset(mask_a, 0xEE, (words + 1) * 4);
        size_t trapped;
        wt_status want = oracle(&op, b.surf, r, buf_b, rp, load, mask_b, &trapped);
        wt_status got = load ? wt_suld_region(&op, a.surf, r, buf_a, pitch, with_mask ? mask_a : NULL)
                             : wt_sust_region(&op, a.surf, r, buf_a, pitch, with_mask ? mask_a : NULL);
        check_status(label, got, want, trapped, load ? "wt_suld_region" : "wt_sust_region");
        if (with_mask) {
            if (memcmp(mask_a, mask_b, words * 4)) {
                print_error("%s threads %d: trap masks differ\n", label, bt_threads[ti]);
                failures++;
            }
            if (mask_a[words] != 0xEEEEEEEEu) {
                print_error("%s: a word past the trap mask was written\n", label);
                failures++;
            }
        }
        if (memcmp(buf_a, buf_b, bytes)) {
            size_t i = 0;
            while (buf_a[i] == buf_b[i])
                i++;
            print_error("%s threads %d: host bytes differ first at %zu: batch 0x%02x, warps 0x%02x\n", label,
                        bt_threads[ti], i, buf_a[i], buf_b[i]);
            failures++;
        }
        bt_assert_guard(buf_a, bytes, label);
        if (!load)
            bt_assert_same_surf(&a, &b, label);
        free(mask_a);
        free(mask_b);
        free(buf_a);
        free(buf_b);
        bt_free_surf(&a);
        bt_free_surf(&b);
    }
}

static void test_region_equals_warps(void **state)
{
    (void)state;
    cu_rng r = {0x4E610000u};
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        const shape *sh = &shapes[si];
        size_t esize = (size_t)sh->nch * (size_t)sh->bits / 8u;
        for (size_t ai = 0; ai < sizeof accesses / sizeof accesses[0]; ai++) {
            const access *ac = &accesses[ai];
            size_t lb = (size_t)ac->vec * (size_t)ac->bits / 8u;
            for (int clamp = 0; clamp < 3; clamp++) {
                for (int load = 0; load < 2; load++) {
                    if (load && ac->mode == WT_SURF_P)
                        continue; /* no suld.p */
                    const size_t *wh = region_wh[cu_below(&r, sizeof region_wh / sizeof region_wh[0])];
                    wt_region rg;
                    unsigned step = ac->mode == WT_SURF_P ? 1u : (unsigned)lb;
                    /* Mostly inside and aligned; sometimes across an edge, or misaligned. */
                    int32_t x = (int32_t)(cu_below(&r, 4) * step), y = (int32_t)cu_below(&r, 3);
                    switch (cu_below(&r, 5)) {
                    case 0: x -= (int32_t)(2 * step); break;
                    case 1: y -= 2; break;
                    case 2: x += (int32_t)(sh->w * esize / 2); break;
                    case 3: if (step > 1) x += 1; break; /* misaligned: every lane traps */
                    default: break;
                    }
                    rg.x = x, rg.y = y;
                    rg.z = sh->geom == WT_GEOM_2D ? 0 : (int32_t)cu_below(&r, (uint32_t)(sh->d + 1));
                    rg.width = wh[0], rg.height = wh[1];
                    size_t pad = cu_below(&r, 3) == 0 ? (size_t)-1 : cu_below(&r, 9);
                    run_one(sh, ac, clamp, load, &rg, pad, (int)cu_below(&r, 4) != 0, cu_next(&r), "random");
                }
            }
        }
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    assert_int_equal(failures, 0);
}

/* sust.clamp whose lanes pile onto the last column: a row of 200 lanes on a
 * 37-element row, 20 rows, 2 threads.  The batch must store lane after lane
 * as one warp call after another does (the last lane's value stays). */
static void test_sust_clamp_collisions(void **state)
{
    (void)state;
    const shape sh = {WT_GEOM_2D, 4, 8, 37, 23, 0};
    const access ac = {WT_SURF_B, 1, 32};
    wt_region rg = {0, 1, 0, 200, 20};
    run_one(&sh, &ac, WT_CLAMP_CLAMP, 0, &rg, 12, 1, 99, "collisions");
    wt_region left = {-4000, -3, 0, 150, 30}; /* every lane left of and above the surface */
    run_one(&sh, &ac, WT_CLAMP_CLAMP, 0, &left, (size_t)-1, 0, 98, "collisions");
    const access p = {WT_SURF_P, 4, 32};
    wt_region right = {30, 20, 0, 64, 10}; /* sust.p clamps by element */
    run_one(&sh, &p, WT_CLAMP_CLAMP, 0, &right, 0, 1, 97, "collisions");
    /* Inside the surface the same op runs on both threads and still agrees. */
    wt_region inside = {0, 0, 0, 37, 23};
    run_one(&sh, &ac, WT_CLAMP_CLAMP, 0, &inside, 0, 1, 96, "inside");
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    assert_int_equal(failures, 0);
}

/* A whole surface copied out and back through regions is the surface. */
static void test_region_round_trip(void **state)
{
    (void)state;
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    bt_surf s = bt_make_surf(cd, 4, 61, 43, 0, 0, 5), t = bt_make_surf(cd, 4, 61, 43, 0, 0, 6);
    wt_op ld = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .vec = 4, .bits = 8, .clamp = WT_CLAMP_TRAP};
    wt_op st = ld;
    st.family = WT_FAMILY_SUST;
    wt_region all = {0, 0, 0, 61, 43};
    size_t bytes;
    uint8_t *want = bt_surf_bytes(&s, &bytes);
    uint8_t *buf = malloc(bytes);
    assert_non_null(buf);
    assert_int_equal(wt_set_num_threads(2), WT_SUCCESS);
    assert_int_equal(wt_suld_region(&ld, s.surf, &all, buf, 0, NULL), WT_SUCCESS);
    assert_memory_equal(buf, want, bytes); /* .b lanes' bytes are the surface's bytes */
    assert_int_equal(wt_sust_region(&st, t.surf, &all, buf, 61 * 4, NULL), WT_SUCCESS);
    bt_assert_same_surf(&s, &t, "round trip");
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    free(buf);
    free(want);
    bt_free_surf(&s);
    bt_free_surf(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_region_equals_warps),
        cmocka_unit_test(test_sust_clamp_collisions),
        cmocka_unit_test(test_region_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
