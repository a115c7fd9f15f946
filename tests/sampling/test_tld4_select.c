/* test_tld4_select.c -- tld4 texel selection: footprint with carry, order, per-index modes, offsets, cubes, layers ([semantics#tld4], [semantics#decision-nonfinite-wrap], [semantics#decision-tld4-mipmaps])
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "sampling_util.h"

#define T(x, y) su_enc(0, 0, (x), (y), 0)

static void gather(su_tex *x, int geom, const wt__tex_lane_in *in, uint32_t d[4])
{
    wt_op op = su_op(WT_FAMILY_TLD4, geom, WT_CTYPE_F32);
    op.flags = (uint8_t)(in->off[0] || in->off[1] ? WT_OP_OFFSET : 0);
    wt__tex_sample_scalar(&x->ctx, &op, in, d);
}

static void expect4(const uint32_t d[4], uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
    assert_int_equal(d[0], a);
    assert_int_equal(d[1], b);
    assert_int_equal(d[2], c);
    assert_int_equal(d[3], e);
}

/* [semantics#tld4] order d = {T(i, j+1), T(i+1, j+1), T(i+1, j), T(i, j)}; the footprint
 * includes the 8-bit rounding with carry: x = 2.49805 gathers 2 and 3. */
static void test_order_and_carry(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 1, 1);
    uint32_t d[4];
    wt__tex_lane_in in = su_in(2.0f, 2.0f, 0, 0); /* i = j = 1 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(1, 2), T(2, 2), T(2, 1), T(1, 1));
    in = su_in(2.49805f, 1.0f, 0, 0); /* xB = 1.99805 -> 2.0: i = 2; j = 0 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(2, 1), T(3, 1), T(3, 0), T(2, 0));
    in = su_in(2.4980f, 1.0f, 0, 0); /* 255.49 rounds to 255: i = 1 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(1, 1), T(2, 1), T(2, 0), T(1, 0));
    /* Depth compare has no effect ([semantics#depth-compare-residency]). */
    wt_op op = su_op(WT_FAMILY_TLD4, WT_GEOM_2D, WT_CTYPE_F32);
    op.flags = WT_OP_DEPTH_COMPARE;
    in = su_in(2.0f, 2.0f, 0, 0);
    in.depth = 0.5f;
    wt__tex_sample_scalar(&x.ctx, &op, &in, d);
    expect4(d, T(1, 2), T(2, 2), T(2, 1), T(1, 1));
    su_free(&x);
}

/* [semantics#tld4]: address modes on each index; clamp clamps indices, the coordinate is
 * not pre-clamped (x = 0.2: i = −1 -> 0 and 0, not 0 and 1). */
static void test_modes(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 1, 1);
    uint32_t d[4];
    wt__tex_lane_in in = su_in(0.2f, 3.9f, 0, 0); /* i = −1, j = 3 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(0, 3), T(0, 3), T(0, 3), T(0, 3));
    in = su_in(NAN, 1.5f, 0, 0); /* [semantics#nan-inf-coords]: NaN -> 0: i = −1; yB = 1: j = 1 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(0, 2), T(0, 2), T(0, 1), T(0, 1));
    x.s.address[0] = x.s.address[1] = WT_ADDRESS_BORDER;
    in = su_in(0.2f, 1.5f, 0, 0);
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, SU_BORDER, T(0, 2), T(0, 1), SU_BORDER);
    /* Wrap/mirror need normalised coordinates ([semantics#unnormalized-coords]). */
    x.s.address[0] = x.s.address[1] = WT_ADDRESS_WRAP;
    in = su_in(0.2f, 1.5f, 0, 0);
    gather(&x, WT_GEOM_2D, &in, d); /* unnormalised: clamp */
    expect4(d, T(0, 2), T(0, 2), T(0, 1), T(0, 1));
    x.s.normalized = 1;
    in = su_in(0.0f, 0.0f, 0, 0); /* i = j = −1 -> 3 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(3, 0), T(0, 0), T(0, 3), T(3, 3));
    /* [semantics#decision-nonfinite-wrap]: ∞ under wrap gathers texels 0 and 1 on that axis. */
    in = su_in(INFINITY, 0.5f, 0, 0); /* y = 2: j = 1 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(0, 2), T(1, 2), T(1, 1), T(0, 1));
    /* [semantics#decision-nonfinite-wrap] covers NaN too (NaN as 0 would have gathered texels 3 and 0). */
    in = su_in(NAN, 0.5f, 0, 0);
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(0, 2), T(1, 2), T(1, 1), T(0, 1));
    x.s.address[0] = WT_ADDRESS_MIRROR;
    in = su_in(0.0f, 0.5f, 0, 0); /* i = −1 -> 0 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(0, 2), T(0, 2), T(0, 1), T(0, 1));
    su_free(&x);
}

/* [semantics#offsets]: tld4 offsets are 6-bit fields (−32..31). */
static void test_offsets(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 64, 2, 1, 1, 1);
    uint32_t d[4];
    wt__tex_lane_in in = su_in(0.5f, 0.5f, 0, 0);
    in.off[0] = 20; /* 4 bits would make this 4 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(20, 1), T(21, 1), T(21, 0), T(20, 0));
    in.off[0] = 32; /* -> −32: clamp */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(0, 1), T(0, 1), T(0, 0), T(0, 0));
    in.off[0] = -33; /* -> 31 */
    gather(&x, WT_GEOM_2D, &in, d);
    expect4(d, T(31, 1), T(32, 1), T(32, 0), T(31, 0));
    su_free(&x);
}

/* The component: op->comp of each texel; a channel the format lacks reads 0. */
static void test_component(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 2, 2, 1, 1, 1);
    uint32_t mem[2][2][4];
    for (int y = 0; y < 2; y++)
        for (int xx = 0; xx < 2; xx++)
            for (int c = 0; c < 4; c++)
                mem[y][xx][c] = 100u * (uint32_t)c + 10u * (uint32_t)y + (uint32_t)xx;
    x.t.fmt.nch = 4, x.t.fmt.esize = 16;
    x.t.lv[0].base = (const uint8_t *)mem;
    x.t.lv[0].row_pitch = 32, x.t.lv[0].depth_pitch = x.t.lv[0].slice_pitch = 64;
    wt_op op = su_op(WT_FAMILY_TLD4, WT_GEOM_2D, WT_CTYPE_F32);
    wt__tex_lane_in in = su_in(1.0f, 1.0f, 0, 0);
    uint32_t d[4];
    for (int c = 0; c < 4; c++) {
        op.comp = (uint8_t)c;
        wt__tex_sample_scalar(&x.ctx, &op, &in, d);
        uint32_t b = 100u * (uint32_t)c;
        expect4(d, b + 10, b + 11, b + 1, b + 0);
    }
    x.t.fmt.nch = 2, x.t.fmt.esize = 8;
    x.t.lv[0].row_pitch = 16, x.t.lv[0].depth_pitch = x.t.lv[0].slice_pitch = 32;
    op.comp = 3;
    wt__tex_sample_scalar(&x.ctx, &op, &in, d);
    expect4(d, 0, 0, 0, 0);
    su_free(&x);
}

/* a2d: the last layer past the end; [semantics#decision-tld4-mipmaps]: mipmapped -> the base level;
 * cubes: within the face under the mode, seamless or not. */
static void test_layers_levels_cubes(void **state)
{
    (void)state;
    su_tex x;
    su_init(&x, WT__U32, 2, 4, 4, 1, 2, 2);
    x.t.layered = 1, x.t.num_layers = 2;
    x.s.normalized = 1;
    uint32_t d[4];
    wt__tex_lane_in in = su_in(0, 0.5f, 0.5f, 0); /* x = y = 2: i = j = 1 */
    in.c[0] = 9;
    gather(&x, WT_GEOM_A2D, &in, d);
    expect4(d, su_enc(0, 1, 1, 2, 0), su_enc(0, 1, 2, 2, 0), su_enc(0, 1, 2, 1, 0), su_enc(0, 1, 1, 1, 0));
    su_free(&x);

    su_init(&x, WT__U32, 2, 4, 4, 1, 6, 1);
    x.t.cube = 1;
    x.s.normalized = 1;
    x.s.seamless = 1;
    /* (1, 0, −0.9375): face 0, x = 3.875 (i = 3), y = 2 (j = 1). */
    in = su_in(1.0f, 0.0f, -0.9375f, 0);
    gather(&x, WT_GEOM_CUBE, &in, d);
    expect4(d, su_enc(0, 0, 3, 2, 0), su_enc(0, 0, 3, 2, 0), su_enc(0, 0, 3, 1, 0), su_enc(0, 0, 3, 1, 0));
    x.s.address[0] = WT_ADDRESS_WRAP;
    gather(&x, WT_GEOM_CUBE, &in, d);
    expect4(d, su_enc(0, 0, 3, 2, 0), su_enc(0, 0, 0, 2, 0), su_enc(0, 0, 0, 1, 0), su_enc(0, 0, 3, 1, 0));
    su_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_and_carry),
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_offsets),
        cmocka_unit_test(test_component),
        cmocka_unit_test(test_layers_levels_cubes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
