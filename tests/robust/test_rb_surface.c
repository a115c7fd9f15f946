/* test_rb_surface.c -- surfaces through the public API: flags, out-of-range and misaligned access per clamp mode, traps, bad handles
 * SPDX-License-Identifier: MIT
 *
 * Expected values by hand from [semantics#surface-addressing] and [semantics#surface-out-of-range], [semantics#decision-layer-past-end] and [semantics#cube-arrays] (or a
 * per-element clamp model written here); memory is compared whole, before
 * and after, through wt_memcpy_from_array or the caller's own buffer. */
#include <stdio.h>
#include <stdlib.h>

#include "rb_util.h"

typedef struct sgeo {
    wt_geom geom;
    size_t w, h, d; /* as wt_malloc_array: h = 0 for 1D, d = layers for layered */
    unsigned flags;
    int W, H, D, layers; /* extent the addressing sees */
} sgeo;

static const sgeo GEOS[] = {
    {WT_GEOM_1D, 4, 0, 0, 0, 4, 1, 1, 0},
    {WT_GEOM_2D, 4, 3, 0, 0, 4, 3, 1, 0},
    {WT_GEOM_3D, 4, 3, 2, 0, 4, 3, 2, 0},
    {WT_GEOM_A1D, 4, 0, 3, WT_ARRAY_LAYERED, 4, 1, 1, 3},
    {WT_GEOM_A2D, 4, 3, 3, WT_ARRAY_LAYERED, 4, 3, 1, 3},
};

/* u32 element value at (x, y, z, layer) */
static uint32_t val(int x, int y, int z, int L) { return 1u + (uint32_t)x + 16u * (uint32_t)y + 256u * (uint32_t)z + 4096u * (uint32_t)L; }

static size_t nelem(const sgeo *g) { return (size_t)g->W * g->H * g->D * (g->layers ? g->layers : 1); }

static wt_array make_surf_array(const sgeo *g, wt_surf *s)
{
    size_t n = nelem(g);
    uint32_t *buf = malloc(n * 4);
    assert_non_null(buf);
    size_t i = 0;
    for (int L = 0; L < (g->layers ? g->layers : 1); L++)
        for (int z = 0; z < g->D; z++)
            for (int y = 0; y < g->H; y++)
                for (int x = 0; x < g->W; x++)
                    buf[i++] = val(x, y, z, L);
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), g->w, g->h, g->d, g->flags | WT_ARRAY_SURFACE_LOAD_STORE,
                          buf);
    free(buf);
    wt_resource_desc r = rb_res_array(a);
    assert_int_equal(wt_create_surface_object(s, &r), WT_SUCCESS);
    return a;
}

/* All of an array's elements (every slice) into buf. */
static void dump(const sgeo *g, wt_array a, uint32_t *buf)
{
    size_t slices = g->layers ? (size_t)g->layers : (size_t)g->D;
    assert_int_equal(wt_memcpy_from_array(buf, (size_t)g->W * 4, a, 0, 0, 0, (size_t)g->W, (size_t)g->H, slices),
                     WT_SUCCESS);
}

static void put_coords(wt_geom g, uint32_t layer, int32_t x, int32_t y, int32_t z, wt_surf_args *in, int l)
{
    int32_t c[4] = {0, 0, 0, 0};
    switch (g) {
    case WT_GEOM_1D: c[0] = x; break;
    case WT_GEOM_2D: c[0] = x; c[1] = y; break;
    case WT_GEOM_3D: c[0] = x; c[1] = y; c[2] = z; break;
    case WT_GEOM_A1D: c[0] = (int32_t)layer; c[1] = x; break;
    default: c[0] = (int32_t)layer; c[1] = x; c[2] = y; break;
    }
    for (int k = 0; k < 4; k++)
        in->c[k][l] = c[k];
}

static wt_op sop(int family, wt_geom g, int vec, int bits, int clamp)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)family;
    op.mode = WT_SURF_B;
    op.geom = (uint8_t)g;
    op.vec = (uint8_t)vec;
    op.bits = (uint8_t)bits;
    op.clamp = (uint8_t)clamp;
    return op;
}

/* cudaCreateSurfaceObject refuses arrays without cudaArraySurfaceLoadStore,
 * for every geometry, and leaves the handle 0. */
static void no_flag_every_geometry(void **state)
{
    (void)state;
    static const struct { size_t w, h, d; unsigned flags; } g[] = {
        {8, 0, 0, 0}, {8, 4, 0, 0}, {8, 4, 2, 0}, {8, 0, 3, WT_ARRAY_LAYERED}, {8, 4, 3, WT_ARRAY_LAYERED},
        {4, 4, 6, WT_ARRAY_CUBEMAP}, {4, 4, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED}, {8, 4, 0, WT_ARRAY_TEXTURE_GATHER},
    };
    for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
        wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), g[i].w, g[i].h, g[i].d, g[i].flags, NULL);
        wt_resource_desc r = rb_res_array(a);
        wt_surf s = 99;
        assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
        assert_int_equal(s, 0);
        assert_non_null(strstr(wt_last_error_message(), "WT_ARRAY_SURFACE_LOAD_STORE"));
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
        if (g[i].flags & WT_ARRAY_TEXTURE_GATHER)
            continue;
        a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), g[i].w, g[i].h, g[i].d, g[i].flags | WT_ARRAY_SURFACE_LOAD_STORE,
                     NULL);
        r = rb_res_array(a);
        assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
        assert_int_equal(wt_suq_width(s), (int32_t)g[i].w);
        assert_int_equal(wt_suq_memory_layout(s), 0);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
    /* a freed array is refused, not read */
    wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_FLOAT), 4, 0, 0, WT_ARRAY_SURFACE_LOAD_STORE, NULL);
    wt_resource_desc r = rb_res_array(a);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    wt_surf s = 5;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);
    assert_int_equal(s, 0);
}

/* One axis value list: in range edges, one past each end, the extremes
 * (x in bytes: INT32_MAX rounded down to a multiple of 4 keeps it aligned). */
static int axis_vals(int n, int bytes, int32_t out[8])
{
    int k = 0;
    out[k++] = 0;
    out[k++] = (n - 1) * bytes;
    out[k++] = -bytes;
    out[k++] = n * bytes;
    out[k++] = INT32_MIN;
    out[k++] = bytes == 4 ? 0x7ffffffc : INT32_MAX;
    out[k++] = (n + 7) * bytes;
    return k;
}

static int64_t clampi(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Every out-of-range coordinate (each axis alone, then all at once) and
 * every out-of-range layer, .b32 loads and stores, each clamp mode. */
static void out_of_range_every_axis(void **state)
{
    (void)state;
    static wt_surf_args in;
    static wt_surf_result out;
    for (size_t gi = 0; gi < sizeof GEOS / sizeof GEOS[0]; gi++) {
        const sgeo *g = &GEOS[gi];
        wt_surf s;
        wt_array a = make_surf_array(g, &s);
        size_t n = nelem(g);
        uint32_t *shadow = malloc(n * 4), *mem = malloc(n * 4);
        assert_non_null(shadow);
        assert_non_null(mem);
        dump(g, a, shadow);
        int naxes = g->geom == WT_GEOM_3D ? 3 : (g->geom == WT_GEOM_2D || g->geom == WT_GEOM_A2D) ? 2 : 1;
        int ext[3] = {g->W, g->H, g->D};
        static const uint32_t LAYERS[] = {0, 1, 2, 3, 7, 0x80000000u, 0xffffffffu};
        int nlay = g->layers ? 7 : 1;
        uint32_t stamp = 0x10000000u;
        for (int mode = WT_CLAMP_TRAP; mode <= WT_CLAMP_ZERO; mode++) {
            for (int li = 0; li < nlay; li++) {
                uint32_t layer = LAYERS[li];
                /* [semantics#decision-layer-past-end]: the last layer under every mode */
                int L = g->layers ? (layer >= (uint32_t)g->layers ? g->layers - 1 : (int)layer) : 0;
                for (int axis = -1; axis < naxes; axis++) {
                    int32_t vals[8];
                    int nv = axis_vals(axis >= 0 ? ext[axis] : ext[0], axis == 0 || axis < 0 ? 4 : 1, vals);
                    for (int vi = 0; vi < nv; vi++) {
                        /* axis -1: every axis takes the same index of its own list */
                        int32_t p[3] = {4, 1, 1}; /* an inside point: x in bytes */
                        for (int k = 0; k < naxes; k++) {
                            if (axis == k || axis < 0) {
                                int32_t v2[8];
                                axis_vals(ext[k], k == 0 ? 4 : 1, v2);
                                p[k] = v2[vi];
                            }
                        }
                        if (naxes < 3)
                            p[2] = 0;
                        if (naxes < 2)
                            p[1] = 0;
                        int inside = 1;
                        int64_t q[3];
                        for (int k = 0; k < 3; k++) {
                            int64_t e = k == 0 ? p[0] / 4 : p[k];
                            if ((k == 0 && (p[0] < 0 || p[0] > (ext[0] - 1) * 4)) || (k > 0 && (e < 0 || e >= ext[k])))
                                inside = 0;
                            q[k] = k == 0 ? clampi(p[0], 0, (ext[0] - 1) * 4) / 4 : clampi(e, 0, ext[k] - 1);
                        }
                        /* load */
                        memset(&in, 0, sizeof in);
                        memset(&out, 0x77, sizeof out);
                        put_coords(g->geom, layer, p[0], p[1], p[2], &in, 0);
                        wt_op ld = sop(WT_FAMILY_SULD, g->geom, 1, 32, mode);
                        wt_status st = wt_surf_warp(&ld, s, 1u, &in, &out);
                        uint64_t want = 0;
                        int trap = 0;
                        if (inside)
                            want = val((int)q[0], (int)q[1], (int)q[2], L);
                        else if (mode == WT_CLAMP_CLAMP)
                            want = val((int)q[0], (int)q[1], (int)q[2], L);
                        else if (mode == WT_CLAMP_TRAP)
                            trap = 1;
                        if (st != (trap ? WT_ERROR_TRAP : WT_SUCCESS) || out.trap != (uint32_t)trap ||
                            out.d[0][0] != want)
                            fail_msg("geom %d mode %d layer %u p (%d,%d,%d): status %s trap %u d 0x%llx want 0x%llx",
                                     g->geom, mode, layer, p[0], p[1], p[2], wt_status_string(st), out.trap,
                                     (unsigned long long)out.d[0][0], (unsigned long long)want);
                        assert_int_equal(out.d[1][0] | out.d[2][0] | out.d[3][0], 0);
                        assert_int_equal(out.d[0][1], 0x7777777777777777ull);
                        /* store the next stamp; apply it to the shadow where it lands */
                        wt_op stp = sop(WT_FAMILY_SUST, g->geom, 1, 32, mode);
                        in.v[0][0] = ++stamp;
                        st = wt_surf_warp(&stp, s, 1u, &in, &out);
                        assert_int_equal(st, trap ? WT_ERROR_TRAP : WT_SUCCESS);
                        if (inside || mode == WT_CLAMP_CLAMP) {
                            size_t idx = (((size_t)L * g->D + (size_t)q[2]) * g->H + (size_t)q[1]) * g->W + (size_t)q[0];
                            shadow[idx] = stamp;
                        }
                        dump(g, a, mem);
                        assert_memory_equal(mem, shadow, n * 4);
                        /* restore the loaded value's element for later loads */
                        if (inside || mode == WT_CLAMP_CLAMP) {
                            in.v[0][0] = val((int)q[0], (int)q[1], (int)q[2], L);
                            wt_op back = sop(WT_FAMILY_SUST, g->geom, 1, 32, WT_CLAMP_CLAMP);
                            assert_int_equal(wt_surf_warp(&back, s, 1u, &in, &out), WT_SUCCESS);
                            size_t idx = (((size_t)L * g->D + (size_t)q[2]) * g->H + (size_t)q[1]) * g->W + (size_t)q[0];
                            shadow[idx] = (uint32_t)in.v[0][0];
                        }
                    }
                }
            }
        }
        free(shadow);
        free(mem);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
}

/* [semantics#surface-addressing] [3P-M]: a misaligned x faults under every clamp mode, in range or
 * not; the trap lanes' results are 0 and the surface is left as it was,
 * while the other lanes of the same call complete. */
static void misaligned_every_mode(void **state)
{
    (void)state;
    static const int shapes[][3] = { /* vec, bits, a misaligned x */
        {1, 16, 1}, {1, 32, 2}, {1, 64, 4}, {2, 16, 2}, {2, 32, 4}, {4, 16, 4}, {4, 32, 8}, {2, 64, 8}, {1, 64, 12},
    };
    static wt_surf_args in;
    static wt_surf_result out;
    for (size_t gi = 0; gi < sizeof GEOS / sizeof GEOS[0]; gi++) {
        const sgeo *g = &GEOS[gi];
        wt_surf s;
        wt_array a = make_surf_array(g, &s);
        size_t n = nelem(g);
        uint32_t *before = malloc(n * 4), *after = malloc(n * 4);
        assert_non_null(before);
        assert_non_null(after);
        for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
            for (int mode = WT_CLAMP_TRAP; mode <= WT_CLAMP_ZERO; mode++)
                for (int fam = WT_FAMILY_SULD; fam <= WT_FAMILY_SUST; fam++) {
                    dump(g, a, before);
                    memset(&in, 0, sizeof in);
                    memset(&out, 0x77, sizeof out);
                    /* lane 0: misaligned inside; lane 1: misaligned far
                     * outside; lane 2: aligned x = 0 (completes) */
                    int32_t xm = shapes[si][2];
                    put_coords(g->geom, 0, xm, 0, 0, &in, 0);
                    put_coords(g->geom, 1, xm + 1000 * 16, -3, 5, &in, 1);
                    put_coords(g->geom, 0, 0, 0, 0, &in, 2);
                    for (int k = 0; k < 4; k++)
                        for (int l = 0; l < 3; l++)
                            in.v[k][l] = 0xdeadbeefcafef00dull;
                    wt_op op = sop(fam, g->geom, shapes[si][0], shapes[si][1], mode);
                    wt_status st = wt_surf_warp(&op, s, 0x7u, &in, &out);
                    assert_int_equal(st, WT_ERROR_TRAP);
                    assert_int_equal(out.trap, 0x3u);
                    for (int k = 0; k < 4; k++) {
                        assert_int_equal(out.d[k][0], 0);
                        assert_int_equal(out.d[k][1], 0);
                        assert_int_equal(out.d[k][3], 0x7777777777777777ull);
                    }
                    if (fam == WT_FAMILY_SULD) {
                        /* lane 2 read element 0 of layer 0: val(0,0,0,0) in its low bits */
                        assert_int_equal(out.d[0][2] & 0xffffu, val(0, 0, 0, 0) & 0xffffu);
                    }
                    dump(g, a, after);
                    if (fam == WT_FAMILY_SULD) {
                        assert_memory_equal(after, before, n * 4);
                    } else {
                        /* only lane 2's bytes at x = 0 of row 0, layer 0 changed */
                        size_t bytes = (size_t)shapes[si][0] * (size_t)shapes[si][1] / 8;
                        if (bytes > (size_t)g->W * 4)
                            bytes = (size_t)g->W * 4; /* never: rows are 16 bytes */
                        assert_memory_equal((uint8_t *)after + bytes, (uint8_t *)before + bytes, n * 4 - bytes);
                        /* put the original row back for the next round */
                        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, before, (size_t)g->W * 4, (size_t)g->W, 1, 1),
                                         WT_SUCCESS);
                    }
                    /* the NVVM lane call traps the same way: 0 and WT_ERROR_TRAP */
                    (void)wt_get_last_error();
                    if (g->geom == WT_GEOM_2D) {
                        int32_t r = mode == WT_CLAMP_TRAP   ? wt_suld_2d_i32_trap(s, 2, 0)
                                    : mode == WT_CLAMP_ZERO ? wt_suld_2d_i32_zero(s, 6, 1)
                                                            : wt_suld_2d_i32_clamp(s, 1001, 9);
                        assert_int_equal(r, 0);
                        assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
                    }
                }
        free(before);
        free(after);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
}

/* Traps report WT_ERROR_TRAP with a message naming the instruction, the
 * surface and the coordinates; the trapping lanes leave memory as it was. */
static void trap_reports_and_untouched(void **state)
{
    (void)state;
    const sgeo *g = &GEOS[1]; /* 2D 4 x 3 */
    wt_surf s;
    wt_array a = make_surf_array(g, &s);
    char hex[32];
    snprintf(hex, sizeof hex, "0x%016llx", (unsigned long long)s);
    /* lane calls */
    (void)wt_get_last_error();
    assert_int_equal(wt_suld_2d_i32_trap(s, 1000, 2), 0);
    assert_int_equal(wt_peek_last_error(), WT_ERROR_TRAP);
    const char *msg = wt_last_error_message();
    assert_non_null(strstr(msg, "suld.b.2d.b32.trap"));
    assert_non_null(strstr(msg, hex));
    assert_non_null(strstr(msg, "1000"));
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS); /* read and cleared */
    uint32_t before[12], after[12];
    dump(g, a, before);
    wt_sust_b_2d_i32_trap(s, 4, -7, 0x12345678);
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    assert_non_null(strstr(wt_last_error_message(), "sust.b.2d.b32.trap"));
    assert_non_null(strstr(wt_last_error_message(), "-7"));
    wt_sured_b_add_2d_u32_trap(s, 16, 0, 5);
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    assert_non_null(strstr(wt_last_error_message(), "sured.b.add.2d.u32.trap"));
    assert_non_null(strstr(wt_last_error_message(), "16"));
    dump(g, a, after);
    assert_memory_equal(after, before, sizeof before);

    /* a warp: even lanes store / reduce inside (distinct elements), odd lanes
     * trap (outside or misaligned); memory = before + the even lanes' work */
    static wt_surf_args in;
    static wt_surf_result out;
    for (int fam = WT_FAMILY_SUST; fam <= WT_FAMILY_SURED; fam++) {
        dump(g, a, before);
        memset(&in, 0, sizeof in);
        uint32_t want[12];
        memcpy(want, before, sizeof want);
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            if (l % 2 == 0 && l / 2 < 12) {
                int e = l / 2;
                in.c[0][l] = (e % 4) * 4;
                in.c[1][l] = e / 4;
                in.v[0][l] = 0x100u + (uint32_t)l;
                want[e] = fam == WT_FAMILY_SUST ? 0x100u + (uint32_t)l : before[e] + 0x100u + (uint32_t)l;
            } else {
                in.c[0][l] = (l % 3 == 0) ? 2 : 16 + l;
                in.c[1][l] = (l % 3 == 0) ? 0 : l - 20;
                in.v[0][l] = 0xffffffffu;
            }
        }
        /* lanes 24..31 are all traps (odd and even alike) */
        for (int l = 24; l < WT_WARP_SIZE; l++) {
            in.c[0][l] = 3;
            in.v[0][l] = 0xffffffffu;
        }
        wt_op op = sop(fam, WT_GEOM_2D, 1, 32, WT_CLAMP_TRAP);
        if (fam == WT_FAMILY_SURED) {
            op.redop = WT_RED_ADD;
            op.rtype = WT_RTYPE_U32;
        }
        memset(&out, 0x55, sizeof out);
        assert_int_equal(wt_surf_warp(&op, s, 0xffffffffu, &in, &out), WT_ERROR_TRAP);
        assert_int_equal(out.trap, 0xffaaaaaau);
        assert_non_null(strstr(wt_last_error_message(), "lane 1"));
        assert_non_null(strstr(wt_last_error_message(), hex));
        dump(g, a, after);
        assert_memory_equal(after, want, sizeof want);
        for (int l = 0; l < WT_WARP_SIZE; l++)
            assert_int_equal(out.d[0][l], 0);
    }
    (void)wt_get_last_error();
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* Zero, destroyed, forged and wrong-kind surface handles: reported, never
 * dereferenced; stores through them change nothing. */
static void bad_surface_handles(void **state)
{
    (void)state;
    const sgeo *g = &GEOS[1];
    wt_surf s, dead;
    wt_array a = make_surf_array(g, &s);
    wt_resource_desc r = rb_res_array(a);
    assert_int_equal(wt_create_surface_object(&dead, &r), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(dead), WT_SUCCESS);
    wt_texture_desc td = rb_desc0();
    wt_tex t = rb_tex(a, &td);
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    wt_sampler smp;
    assert_int_equal(wt_create_sampler_object(&smp, &sd), WT_SUCCESS);
    const uint64_t bad[] = {0, dead, t, smp, s ^ (1ull << 32), s + 4096, ~0ull, s & 0x00ffffffffffffffull};
    uint32_t before[12], after[12];
    dump(g, a, before);
    static wt_surf_args in;
    static wt_surf_result out;
    memset(&in, 0, sizeof in);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int fam = WT_FAMILY_SULD; fam <= WT_FAMILY_SURED; fam++) {
            wt_op op = sop(fam, WT_GEOM_2D, 1, 32, WT_CLAMP_CLAMP);
            op.rtype = WT_RTYPE_U32;
            memset(&out, 0x77, sizeof out);
            for (int l = 0; l < WT_WARP_SIZE; l++)
                in.v[0][l] = 0xabcdu;
            assert_int_equal(wt_surf_warp(&op, bad[i], 0x00ff00ffu, &in, &out), WT_ERROR_INVALID_HANDLE);
            assert_non_null(strstr(wt_last_error_message(), "surface"));
            assert_int_equal(out.trap, 0);
            for (int k = 0; k < 4; k++)
                for (int l = 0; l < WT_WARP_SIZE; l++)
                    assert_int_equal(out.d[k][l], (0x00ff00ffu >> l & 1) ? 0 : 0x7777777777777777ull);
        }
        (void)wt_get_last_error();
        assert_int_equal(wt_suld_2d_i32_clamp(bad[i], 0, 0), 0);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
        wt_sust_b_2d_i32_clamp(bad[i], 0, 0, 0x5555);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
        wt_sured_b_add_2d_u32_clamp(bad[i], 0, 0, 7);
        assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
        wt_op q = {.family = WT_FAMILY_SUQ, .query = WT_Q_WIDTH};
        int32_t qv = 0;
        assert_int_equal(wt_query(&q, bad[i], 0, &qv), WT_ERROR_INVALID_HANDLE);
        assert_int_equal(qv, 0);
    }
    dump(g, a, after);
    assert_memory_equal(after, before, sizeof before);
    /* the live one still works */
    (void)wt_get_last_error();
    assert_int_equal(wt_suld_2d_i32_trap(s, 4, 1), (int32_t)val(1, 1, 0, 0));
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(smp), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

/* [semantics#cube-arrays]: a cubemap surface is a 2D layered one with layer = face (or
 * 6·cube + face); past the end is the last face ([semantics#decision-layer-past-end]). */
static void cubemap_surfaces(void **state)
{
    (void)state;
    for (int layered = 0; layered < 2; layered++) {
        size_t slices = layered ? 12 : 6;
        wt_array a = rb_array(rb_cd(1, 32, WT_CHANNEL_UNSIGNED), 2, 2, slices,
                              WT_ARRAY_CUBEMAP | WT_ARRAY_SURFACE_LOAD_STORE | (layered ? WT_ARRAY_LAYERED : 0), NULL);
        wt_resource_desc r = rb_res_array(a);
        wt_surf s;
        assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
        assert_int_equal(wt_suq_array_size(s), (int32_t)slices);
        (void)wt_get_last_error(); /* failures earlier in this thread linger until read */
        for (uint32_t f = 0; f < slices; f++)
            wt_sust_b_2d_array_i32_trap(s, (int32_t)f, 4, 1, (int32_t)(0x100 + f)); /* texel (1, 1) */
        assert_int_equal(wt_get_last_error(), WT_SUCCESS);
        uint32_t all[12][4];
        assert_int_equal(wt_memcpy_from_array(all, 8, a, 0, 0, 0, 2, 2, slices), WT_SUCCESS);
        for (uint32_t f = 0; f < slices; f++) {
            assert_int_equal(all[f][3], 0x100 + f);
            assert_int_equal(all[f][0] | all[f][1] | all[f][2], 0);
            assert_int_equal(wt_suld_2d_array_i32_trap(s, (int32_t)f, 4, 1), (int32_t)(0x100 + f));
        }
        /* cube 1, face 3 of the layered one is slice 9 */
        if (layered)
            assert_int_equal(wt_suld_2d_array_i32_zero(s, 6 * 1 + 3, 4, 1), 0x109);
        /* past the end, or "negative": the last slice under every mode */
        int32_t last = (int32_t)(0x100 + slices - 1);
        assert_int_equal(wt_suld_2d_array_i32_trap(s, (int32_t)slices, 4, 1), last);
        assert_int_equal(wt_suld_2d_array_i32_zero(s, -1, 4, 1), last);
        assert_int_equal(wt_suld_2d_array_i32_clamp(s, INT32_MIN, 4, 1), last);
        assert_int_equal(wt_get_last_error(), WT_SUCCESS);
        /* .2d on a cubemap surface is not its geometry */
        static wt_surf_args in;
        static wt_surf_result out;
        memset(&in, 0, sizeof in);
        wt_op op = sop(WT_FAMILY_SULD, WT_GEOM_2D, 1, 32, WT_CLAMP_TRAP);
        assert_int_equal(wt_surf_warp(&op, s, 1u, &in, &out), WT_ERROR_INVALID_SURFACE);
        op.geom = WT_GEOM_3D;
        assert_int_equal(wt_surf_warp(&op, s, 1u, &in, &out), WT_ERROR_INVALID_SURFACE);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
}

/* Pitch2D and linear surfaces (suq.memory_layout = 1): the row is
 * width·esize bytes, not the pitch, so .clamp and stores never touch the
 * padding; the user's memory is compared whole. */
static void pitch_and_linear_surfaces(void **state)
{
    (void)state;
    static uint32_t mem[3][8]; /* 5 elements used of 8 per row */
    uint32_t want[3][8];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 8; x++)
            mem[y][x] = x < 5 ? (uint32_t)(10 * y + x) : 0xeeeeeeeeu;
    memcpy(want, mem, sizeof mem);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = mem;
    r.res.pitch2d.desc = rb_cd(1, 32, WT_CHANNEL_UNSIGNED);
    r.res.pitch2d.width = 5;
    r.res.pitch2d.height = 3;
    r.res.pitch2d.pitch_in_bytes = 32;
    wt_surf s;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(wt_suq_memory_layout(s), 1);
    assert_int_equal(wt_suq_width(s), 5);
    (void)wt_get_last_error();
    assert_int_equal(wt_suld_2d_i32_trap(s, 16, 2), 24);
    assert_int_equal(wt_suld_2d_i32_clamp(s, 20, 2), 24);  /* byte 20 is padding: clamps to 16 */
    assert_int_equal(wt_suld_2d_i32_zero(s, 20, 0), 0);
    assert_int_equal(wt_suld_2d_i32_clamp(s, -4, 7), 20);
    wt_sust_b_2d_i32_clamp(s, 28, 1, 0x111); /* -> (4, 1) */
    want[1][4] = 0x111;
    wt_sust_b_2d_i32_zero(s, 20, 1, 0x222);   /* dropped */
    wt_sust_b_2d_i32_clamp(s, 1 << 30, -5, 0x333); /* -> (4, 0) */
    want[0][4] = 0x333;
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    wt_sust_b_2d_i32_trap(s, 20, 0, 0x444);
    assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
    /* a .v4.b32 at x = 16 of a 20-byte row: .clamp moves it to 0 (the last
     * 16-aligned position where it fits); .zero drops it whole */
    static wt_surf_args in;
    static wt_surf_result out;
    memset(&in, 0, sizeof in);
    in.c[0][0] = 16;
    in.c[1][0] = 2;
    for (int k = 0; k < 4; k++)
        in.v[k][0] = 0x900u + (uint32_t)k;
    wt_op op = sop(WT_FAMILY_SUST, WT_GEOM_2D, 4, 32, WT_CLAMP_CLAMP);
    assert_int_equal(wt_surf_warp(&op, s, 1u, &in, &out), WT_SUCCESS);
    for (int k = 0; k < 4; k++)
        want[2][k] = 0x900u + (uint32_t)k;
    op.clamp = WT_CLAMP_ZERO;
    in.v[0][0] = 0xbad;
    assert_int_equal(wt_surf_warp(&op, s, 1u, &in, &out), WT_SUCCESS);
    assert_memory_equal(mem, want, sizeof mem);
    /* 1D and layered forms do not fit a pitch2D surface */
    op = sop(WT_FAMILY_SULD, WT_GEOM_1D, 1, 32, WT_CLAMP_CLAMP);
    assert_int_equal(wt_surf_warp(&op, s, 1u, &in, &out), WT_ERROR_INVALID_SURFACE);
    op.geom = WT_GEOM_A2D;
    assert_int_equal(wt_surf_warp(&op, s, 1u, &in, &out), WT_ERROR_INVALID_SURFACE);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);

    /* linear: 6 elements of a larger buffer; beyond them nothing is touched */
    static uint16_t lin[16];
    for (int i = 0; i < 16; i++)
        lin[i] = (uint16_t)(0x7000 + i);
    uint16_t lw[16];
    memcpy(lw, lin, sizeof lin);
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = lin;
    r.res.linear.desc = rb_cd(1, 16, WT_CHANNEL_UNSIGNED);
    r.res.linear.size_in_bytes = 12;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_SUCCESS);
    assert_int_equal(wt_suq_memory_layout(s), 1);
    assert_int_equal(wt_suq_width(s), 6);
    (void)wt_get_last_error();
    assert_int_equal(wt_suld_1d_i16_clamp(s, 100), 0x7005);
    assert_int_equal(wt_suld_1d_i16_zero(s, 12), 0);
    assert_int_equal(wt_suld_1d_i32_clamp(s, 12), 0x70057004); /* last 4-aligned 4 bytes: 8..11 */
    wt_sust_b_1d_i32_clamp(s, 400, 0x12345678);
    lw[4] = 0x5678;
    lw[5] = 0x1234;
    wt_sust_b_1d_i64_clamp(s, 8, 0x1111222233334444ll); /* 8 bytes at 8 do not fit: clamp to 0 */
    lw[0] = 0x4444;
    lw[1] = 0x3333;
    lw[2] = 0x2222;
    lw[3] = 0x1111;
    wt_sust_b_1d_i16_zero(s, -2, 0x6666);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_memory_equal(lin, lw, sizeof lin);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_flag_every_geometry),   cmocka_unit_test(out_of_range_every_axis),
        cmocka_unit_test(misaligned_every_mode),    cmocka_unit_test(trap_reports_and_untouched),
        cmocka_unit_test(bad_surface_handles),      cmocka_unit_test(cubemap_surfaces),
        cmocka_unit_test(pitch_and_linear_surfaces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
