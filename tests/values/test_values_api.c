/* test_values_api.c -- the value rules end to end, through the public API (wt_tex_warp)
 * SPDX-License-Identifier: MIT
 *
 * Textures built from host data, fetched at coordinates whose weights are
 * worked out by hand in the comments ([semantics#linear-filtering], [semantics#integer-weights], [semantics#decision-share-split-2d], [semantics#lod-arithmetic]), with the
 * expected bits computed by hand from [semantics#border-color], [semantics#formats], [semantics#tld4] and decisions
 * [semantics#decision-half-filter], [semantics#decision-dest-mismatch], [semantics#decision-f16-toward-zero] to [semantics#decision-subnormal-result].  Covers: the [semantics#float-blend] worked example; weight-0 texels
 * reading nothing (no NaN, no border); 3D slices and mip levels as separate
 * [semantics#float-blend] groups; sRGB groups ([semantics#decision-srgb-groups]) over mip levels and 3D slices; border
 * colours of every channel kind; half NaN widening; SNORM8 -128; gather
 * values; half results and the .f16/.f16x2 packing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "warptex.h"

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static wt_channel_desc cd(int nch, int bits, wt_channel_kind kind)
{
    return wt_make_channel_desc(bits, nch >= 2 ? bits : 0, nch >= 4 ? bits : 0, nch >= 4 ? bits : 0, kind);
}

/* A texture over an array of w x h x d elements (h, d = 0 as for
 * wt_malloc_array) filled from tightly packed host data. */
typedef struct obj {
    wt_array a;
    wt_mipmapped_array m;
    wt_tex t;
} obj;

static obj make(wt_channel_desc c, size_t w, size_t h, size_t d, unsigned flags, const void *data,
                const wt_texture_desc *td)
{
    obj o = {0};
    assert_int_equal(wt_malloc_array(&o.a, &c, w, h, d, flags), WT_SUCCESS);
    size_t es = (size_t)(c.x + c.y + c.z + c.w) / 8;
    assert_int_equal(wt_memcpy_to_array(o.a, 0, 0, 0, data, w * es, w, h ? h : 1, d ? d : 1), WT_SUCCESS);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = o.a;
    assert_int_equal(wt_create_texture_object(&o.t, &r, td, NULL), WT_SUCCESS);
    return o;
}

/* A two-level mipmapped 2D texture: level 0 is 2x2, level 1 is 1x1. */
static obj make_mip2(wt_channel_desc c, const void *l0, const void *l1, const wt_texture_desc *td)
{
    obj o = {0};
    assert_int_equal(wt_malloc_mipmapped_array(&o.m, &c, 2, 2, 0, 2, 0), WT_SUCCESS);
    size_t es = (size_t)(c.x + c.y + c.z + c.w) / 8;
    wt_array lv;
    assert_int_equal(wt_get_mipmapped_array_level(&lv, o.m, 0), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(lv, 0, 0, 0, l0, 2 * es, 2, 2, 1), WT_SUCCESS);
    assert_int_equal(wt_get_mipmapped_array_level(&lv, o.m, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(lv, 0, 0, 0, l1, es, 1, 1, 1), WT_SUCCESS);
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = o.m;
    assert_int_equal(wt_create_texture_object(&o.t, &r, td, NULL), WT_SUCCESS);
    return o;
}

static void drop(obj *o)
{
    assert_int_equal(wt_destroy_texture_object(o->t), WT_SUCCESS);
    if (o->m)
        assert_int_equal(wt_free_mipmapped_array(o->m), WT_SUCCESS);
    else
        assert_int_equal(wt_free_array(o->a), WT_SUCCESS);
}

static wt_texture_desc desc(wt_filter_mode f, wt_address_mode am, int normalized)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = am;
    td.filter_mode = f;
    td.normalized_coords = normalized;
    return td;
}

/* One lane of tex (or tld4 with comp) with .f32 coordinates c0..c3 and an
 * optional .level lod; the four registers in d. */
static void fetch(wt_tex t, int family, wt_geom g, wt_dtype dt, int mip, float lod, int comp, float c0, float c1,
                  float c2, uint32_t d[4])
{
    static wt_tex_args in;
    static wt_tex_result out;
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)family;
    op.geom = (uint8_t)g;
    op.dtype = (uint8_t)dt;
    op.ctype = WT_CTYPE_F32;
    op.mip = (uint8_t)mip;
    op.comp = (uint8_t)comp;
    memset(&in, 0, sizeof in);
    in.c[0][0] = fb(c0);
    in.c[1][0] = fb(c1);
    in.c[2][0] = fb(c2);
    in.lod[0] = fb(lod);
    assert_int_equal(wt_tex_warp(&op, t, 0, 1u, &in, &out), WT_SUCCESS);
    for (int k = 0; k < 4; k++)
        d[k] = out.d[k][0];
}

static uint32_t tex2(wt_tex t, wt_dtype dt, float x, float y, int k)
{
    uint32_t d[4];
    fetch(t, WT_FAMILY_TEX, WT_GEOM_2D, dt, WT_MIP_BASE, 0, 0, x, y, 0, d);
    return d[k];
}

/* [semantics#float-blend]'s worked example: a 2x1 f32 texture {2.75390625, 0.1f}, linear,
 * unnormalised, at x = 0.5 + 255/256: xB = 255/256, a = 255, y = 0.5 on
 * one row (b = 0): texel 0 weighs 1, texel 1 weighs 255 -> 0x3de207ff (the
 * exact sum would round to 0x3de20800).  With exactly 2.75: 0x3de1ffff. */
static void worked_example(void **state)
{
    (void)state;
    float px[2] = {2.75390625f, 0.1f};
    wt_texture_desc td = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 0);
    obj o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 1, 0, 0, px, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.49609375f, 0.5f, 0), 0x3de207ffu);
    drop(&o);
    px[0] = 2.75f;
    o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 1, 0, 0, px, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.49609375f, 0.5f, 0), 0x3de1ffffu);
    drop(&o);
}

/* [semantics#integer-weights]: a term of weight 0 reads nothing, so neither a NaN texel nor the
 * border colour (here a NaN) can reach the result. */
static void weight_zero_reads_nothing(void **state)
{
    (void)state;
    const float nan = bf(0x7fc00001u);
    float px[9];
    for (int i = 0; i < 9; i++)
        px[i] = nan;
    px[4] = 5.0f; /* (1,1) */
    px[8] = 7.0f; /* (2,2) */
    wt_texture_desc td = desc(WT_FILTER_LINEAR, WT_ADDRESS_BORDER, 0);
    td.border_color[0] = nan;
    obj o = make(cd(1, 32, WT_CHANNEL_FLOAT), 3, 3, 0, 0, px, &td);
    /* At texel centres a = b = 0: the whole 256 on one texel. */
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.5f, 1.5f, 0), fb(5.0f));
    /* (2,2) is the last texel: its right and lower neighbours are the border,
     * at weight 0. */
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 2.5f, 2.5f, 0), fb(7.0f));
    /* One step of 1/256 off the centre gives the NaN neighbour (or border)
     * weight 1, and the blend is the canonical NaN ([semantics#float-blend] step 7). */
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 2.5f + 1.0f / 256.0f, 2.5f, 0), 0x7fffffffu);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.5f - 1.0f / 256.0f, 1.5f, 0), 0x7fffffffu);
    drop(&o);

    /* Nor can a weight-0 texel raise a group's exponent ([semantics#float-blend] step 2, [semantics#srgb]):
     * next to 2^100, 1 + 2^-23 would truncate to 0; next to sRGB code 255
     * (block exponent 16), code 11's 220 would truncate to 0 at 2^9. */
    float big[2] = {1.0f + 0x1p-23f, 0x1p100f};
    wt_texture_desc tc = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 0);
    obj ob = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 1, 0, 0, big, &tc);
    assert_int_equal(tex2(ob.t, WT_DTYPE_F32, 0.5f, 0.5f, 0), fb(1.0f + 0x1p-23f));
    /* 1/256 towards 2^100: now it counts, E = 100, and 1 + 2^-23 truncates
     * to 0: 2^100 / 256 = 2^92. */
    assert_int_equal(tex2(ob.t, WT_DTYPE_F32, 0.5f + 1.0f / 256.0f, 0.5f, 0), fb(0x1p92f));
    drop(&ob);
    uint8_t codes[2] = {11, 255};
    tc.read_mode = WT_READ_NORMALIZED_FLOAT;
    tc.srgb = 1;
    ob = make(cd(1, 8, WT_CHANNEL_UNSIGNED), 2, 1, 0, 0, codes, &tc);
    assert_int_equal(tex2(ob.t, WT_DTYPE_F32, 0.5f, 0.5f, 0), fb(220.0f / 65536.0f));
    /* With weight 1 on 255: 220 -> 0, 255·0 + 1·65536 units of 2^-24 = 2^-8. */
    assert_int_equal(tex2(ob.t, WT_DTYPE_F32, 0.5f + 1.0f / 256.0f, 0.5f, 0), fb(0x1p-8f));
    drop(&ob);

    /* 3D: at a slice centre (c = 0) the other slice (all NaN) is not read. */
    float v[8] = {nan, nan, nan, 3.0f, nan, nan, nan, nan}; /* (1,1,0) = 3 */
    td = desc(WT_FILTER_LINEAR, WT_ADDRESS_BORDER, 0);
    td.border_color[0] = nan;
    o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 2, 2, 0, v, &td);
    uint32_t d[4];
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_3D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 1.5f, 1.5f, 0.5f, d);
    assert_int_equal(d[0], fb(3.0f));
    drop(&o);
}

/* [semantics#float-blend] groups.  Texels 1.0 (weight 96) and 1 + 2^-22 (weight 32) form one
 * 2x2 group: E = 0, units 2^-27, exact sum 128 + 2^-17.  Two more texels of
 * -2^-40 (weights 96 and 32) are either in the same group, where they
 * truncate to 0 at 2^-27 and the total (128 + 2^-17)/256 = 0.5 + 2^-25 is
 * the f32 tie, rounded away: 0x3f000001; or in a group of their own (a 3D
 * slice, a mip level), where their sum -2^-33 is floored to 2^(0-28) =
 * -2^-28 and the total falls below the tie: 0x3f000000. */
static void float_groups(void **state)
{
    (void)state;
    const float lo = 1.0f, hi = 1.0f + 0x1p-22f, t = -0x1p-40f;
    uint32_t d[4];
    /* 2D, 2x2, x = 0.75 (a = 64), y = 1.0 (b = 128): w11 = rhu(64·128/256)
     * = 32, w10 = 32, w01 = 96, w00 = 96.  One group. */
    float p2[4] = {lo, hi, t, t};
    wt_texture_desc td = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 0);
    obj o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 2, 0, 0, p2, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 0.75f, 1.0f, 0), 0x3f000001u);
    drop(&o);
    /* 3D, 2x1x2, x = 0.75 (a = 64), y = 0.5 (one row, b = 0), z = 1.0
     * (c = 128): z0 = z1 = 128; each slice x1 = rhu(128·64/256) = 32,
     * x0 = 96.  Slice 0 {lo, hi}, slice 1 {t, t}: two groups. */
    float p3[4] = {lo, hi, t, t};
    o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 1, 2, 0, p3, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_3D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 0.75f, 0.5f, 1.0f, d);
    assert_int_equal(d[0], 0x3f000000u);
    drop(&o);
    /* Mip blend, tex.level 0.5: q = 128, shares 128 and 128 ([semantics#lod-arithmetic]).  Level 0
     * (2x2) at u = 0.375, v = 0.25: x = 0.75 (a = 64), y = 0.5 (b = 0);
     * x1 = 32, x0 = 96, and with b = 0 the second row has weight 0 (its NaNs
     * are never read).  Level 1 (1x1): the whole 128 on t.  Two groups. */
    float l0[4] = {lo, hi, bf(0x7f800001u), bf(0x7f800001u)}, l1[1] = {t};
    td = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 1);
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    td.max_mipmap_level_clamp = 1.0f;
    o = make_mip2(cd(1, 32, WT_CHANNEL_FLOAT), l0, l1, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_LEVEL, 0.5f, 0, 0.375f, 0.25f, 0, d);
    assert_int_equal(d[0], 0x3f000000u);
    /* lod 1.0 exactly reads level 1 alone: -2^-40 through the datapath. */
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_LEVEL, 1.0f, 0, 0.375f, 0.25f, 0, d);
    assert_int_equal(d[0], fb(t));
    drop(&o);
}

/* [semantics#decision-srgb-groups]: sRGB over several 2x2 groups.  Codes 11 (220/65536) and 184
 * (31488) at 64 each in one group: 184's block ends at 191 (34048,
 * exponent 15), so 220 truncates to 0 at 2^8.  Code 11 alone at 128 in
 * another group keeps its 220 (exponent 8, quantum 2).  S = 64·31488 +
 * 128·220 = 2043392 units of 2^-24; half precision in [2^20, 2^21) has a
 * quantum of 2^10: 1995.5 -> away -> 1996·1024 = 2043904.  In one group the
 * 11s would all count 0: 64·31488 = 2015232 exactly. */
static void srgb_groups(void **state)
{
    (void)state;
    const uint32_t two = fb(ldexpf(2043904.0f, -24));
    uint32_t d[4];
    /* Mip blend, lod 0.5: level 0 2x2 at u = 0.5 (x = 1.0, a = 128: x1 = x0
     * = 64), v = 0.25 (b = 0); level 1 (1x1) code 11 at 128. */
    uint8_t l0[4] = {11, 184, 255, 255}, l1[1] = {11};
    wt_texture_desc td = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 1);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.srgb = 1;
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    td.max_mipmap_level_clamp = 1.0f;
    obj o = make_mip2(cd(1, 8, WT_CHANNEL_UNSIGNED), l0, l1, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_LEVEL, 0.5f, 0, 0.5f, 0.25f, 0, d);
    assert_int_equal(d[0], two);
    drop(&o);
    /* 3D, 2x1x2, x = 1.0 (a = 128), z = 1.0 (c = 128): slice 0 {11, 184}
     * at 64 each, slice 1 {11, 11} at 64 each. */
    uint8_t p3[4] = {11, 184, 11, 11};
    td = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 0);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.srgb = 1;
    o = make(cd(1, 8, WT_CHANNEL_UNSIGNED), 2, 1, 2, 0, p3, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_3D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 1.0f, 0.5f, 1.0f, d);
    assert_int_equal(d[0], two);
    drop(&o);
    /* 2D, 2x2, x = 1.0, y = 1.0 (a = b = 128, 64 each): one group. */
    uint8_t p2[4] = {11, 184, 11, 11};
    o = make(cd(1, 8, WT_CHANNEL_UNSIGNED), 2, 2, 0, 0, p2, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.0f, 1.0f, 0), fb(ldexpf(2015232.0f, -24)));
    drop(&o);
}

/* [semantics#border-color] border colours, read by a point fetch at x = -0.5 (texel -1) under
 * border addressing. */
static void border_colours(void **state)
{
    (void)state;
    uint32_t d[4];
    /* UNORM8 RGBA: 0.5 -> 127 (not 128), 1 -> 255, 0 -> 0, 0.25 -> v = 1024/4096:
     * (1024·255 + 2047) >> 12 = 64. */
    uint8_t u8px[4] = {1, 2, 3, 4};
    wt_texture_desc td = desc(WT_FILTER_POINT, WT_ADDRESS_BORDER, 0);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.border_color[0] = 0.5f, td.border_color[1] = 1.0f, td.border_color[2] = 0.0f, td.border_color[3] = 0.25f;
    obj o = make(cd(4, 8, WT_CHANNEL_UNSIGNED), 1, 1, 0, 0, u8px, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], fb((float)(127.0L / 255.0L)));
    assert_int_equal(d[1], fb(1.0f));
    assert_int_equal(d[2], 0u);
    assert_int_equal(d[3], fb((float)(64.0L / 255.0L)));
    drop(&o);
    /* The same colour on an sRGB texture: x, y, z encode then decode through
     * the table: 0.5 -> 1.055·0.5^(1/2.4) - 0.055 = 0.73536, ·255 = 187.5 ->
     * code 188 -> 33024/65536; 1.0 -> 255 -> 1.0; alpha stays UNORM: 64/255. */
    td.srgb = 1;
    o = make(cd(4, 8, WT_CHANNEL_UNSIGNED), 1, 1, 0, 0, u8px, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], fb(33024.0f / 65536.0f));
    assert_int_equal(d[1], fb(1.0f));
    assert_int_equal(d[2], 0u);
    assert_int_equal(d[3], fb((float)(64.0L / 255.0L)));
    drop(&o);
    /* Integers read as element type: the low bits of the float's pattern:
     * 1e30 = 0x7149f2ca -> 0xca from u8, 0xffffffca from s8.  A one-channel
     * format: y, z, w read 0. */
    td = desc(WT_FILTER_POINT, WT_ADDRESS_BORDER, 0);
    td.border_color[0] = 1e30f, td.border_color[1] = 1e30f, td.border_color[2] = 1e30f, td.border_color[3] = 1e30f;
    o = make(cd(1, 8, WT_CHANNEL_UNSIGNED), 1, 1, 0, 0, u8px, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_U32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], 0xcau);
    assert_int_equal(d[1], 0u);
    assert_int_equal(d[2], 0u);
    assert_int_equal(d[3], 0u);
    drop(&o);
    int8_t s8px[1] = {5};
    o = make(cd(1, 8, WT_CHANNEL_SIGNED), 1, 1, 0, 0, s8px, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_S32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], 0xffffffcau);
    /* [semantics#decision-dest-mismatch]: into .f32, numerically: -54. */
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], fb(-54.0f));
    drop(&o);
    /* Half: toward zero, 65520 -> 65504; -1e9 -> -65504 ([semantics#decision-f16-toward-zero]). */
    uint16_t hpx[2] = {0x3c00, 0x3c00};
    td.border_color[0] = 65520.0f, td.border_color[1] = -1e9f;
    o = make(cd(2, 16, WT_CHANNEL_FLOAT), 1, 1, 0, 0, hpx, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], fb(65504.0f));
    assert_int_equal(d[1], fb(-65504.0f));
    assert_int_equal(d[2], 0u);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F16X2, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], 0xfbff7bffu);
    assert_int_equal(d[1], 0u);
    drop(&o);
    /* SNORM8: -1 -> -127 -> -1.0; 0.5 -> (1024·127 + 1023) >> 11 = 63 -> 63/127. */
    td.border_color[0] = -1.0f, td.border_color[1] = 0.5f;
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    int8_t sn[2] = {0, 0};
    o = make(cd(2, 8, WT_CHANNEL_SIGNED), 1, 1, 0, 0, sn, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], fb(-1.0f));
    assert_int_equal(d[1], fb((float)(63.0L / 127.0L)));
    drop(&o);
    /* f32: the bits as given, NaN payload kept at a point fetch; a blend
     * that gives it weight is the canonical NaN. */
    float fpx[2] = {1.0f, 2.0f};
    td = desc(WT_FILTER_POINT, WT_ADDRESS_BORDER, 0);
    td.border_color[0] = bf(0x7fa00001u), td.border_color[1] = -0.0f;
    o = make(cd(2, 32, WT_CHANNEL_FLOAT), 1, 1, 0, 0, fpx, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, -0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], 0x7fa00001u);
    assert_int_equal(d[1], 0x80000000u);
    drop(&o);
    td.filter_mode = WT_FILTER_LINEAR;
    o = make(cd(2, 32, WT_CHANNEL_FLOAT), 1, 1, 0, 0, fpx, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 0.25f, 0.5f, 0, d);
    assert_int_equal(d[0], 0x7fffffffu); /* x = 0.25: border at weight 64 */
    drop(&o);
}

/* [semantics#point-conversion] point values and [semantics#float-blend] step 7 for halves: 0x7c01 widens bit for bit to
 * 0x7f802000; into .f16 any NaN is 0x7fff ([semantics#decision-f16-nan-result]); a linear blend that
 * weighs it gives 0x7fff widened, 0x7fffe000.  SNORM8 -128 and -127 -> -1. */
static void point_values(void **state)
{
    (void)state;
    uint32_t d[4];
    uint16_t h[2] = {0x7c01, 0x3c00};
    wt_texture_desc td = desc(WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    obj o = make(cd(1, 16, WT_CHANNEL_FLOAT), 2, 1, 0, 0, h, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 0.5f, 0.5f, 0), 0x7f802000u);
    assert_int_equal(tex2(o.t, WT_DTYPE_F16, 0.5f, 0.5f, 0), 0x7fffu);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.5f, 0.5f, 0), fb(1.0f));
    drop(&o);
    td.filter_mode = WT_FILTER_LINEAR;
    o = make(cd(1, 16, WT_CHANNEL_FLOAT), 2, 1, 0, 0, h, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.0f, 0.5f, 0), 0x7fffe000u);
    assert_int_equal(tex2(o.t, WT_DTYPE_F16, 1.0f, 0.5f, 0), 0x7fffu);
    /* At texel 1's centre the NaN has weight 0. */
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.5f, 0.5f, 0), fb(1.0f));
    drop(&o);
    int8_t s[4] = {-128, -127, 127, 0};
    td = desc(WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    o = make(cd(4, 8, WT_CHANNEL_SIGNED), 1, 1, 0, 0, s, &td);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 0.5f, 0.5f, 0, d);
    assert_int_equal(d[0], fb(-1.0f));
    assert_int_equal(d[1], fb(-1.0f));
    assert_int_equal(d[2], fb(1.0f));
    assert_int_equal(d[3], 0u);
    drop(&o);
}

/* [semantics#tld4] gather values through tld4: the footprint at (1.0, 1.0) on a 2x2
 * texture is i = j = 0 and d = {T(0,1), T(1,1), T(1,0), T(0,0)}. */
static void gather_values(void **state)
{
    (void)state;
    uint32_t d[4];
    /* SNORM8 .g: T(0,0) = -128, T(1,0) = 64, T(0,1) = -65, T(1,1) = 1 ->
     * -32767 (-128 as -127: 127·258 + 1), 64·258 + 1 = 16513,
     * -(65·258 + 1) = -16771, 258; all over 32767. */
    int8_t s[8] = {0, -128, 0, 64, 0, -65, 0, 1};
    wt_texture_desc td = desc(WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    obj o = make(cd(2, 8, WT_CHANNEL_SIGNED), 2, 2, 0, WT_ARRAY_TEXTURE_GATHER, s, &td);
    fetch(o.t, WT_FAMILY_TLD4, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 1, 1.0f, 1.0f, 0, d);
    assert_int_equal(d[0], fb((float)(-16771.0L / 32767.0L)));
    assert_int_equal(d[1], fb((float)(258.0L / 32767.0L)));
    assert_int_equal(d[2], fb((float)(16513.0L / 32767.0L)));
    assert_int_equal(d[3], fb(-1.0f));
    /* .r of every texel is 0; .b and .a are channels the format lacks: 0. */
    fetch(o.t, WT_FAMILY_TLD4, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 3, 1.0f, 1.0f, 0, d);
    for (int k = 0; k < 4; k++)
        assert_int_equal(d[k], 0u);
    drop(&o);
    /* PG's "Texture Gather" example: texels (253,20,31,255), (250,25,29,254),
     * (249,16,37,253), (251,22,30,250) in footprint order, comp 2 ->
     * (31,29,37,30): component .b of each, raw (u8 read as element type). */
    uint8_t pg[16] = {251, 22, 30, 250, 249, 16, 37, 253, /* T(0,0), T(1,0) */
                      253, 20, 31, 255, 250, 25, 29, 254}; /* T(0,1), T(1,1) */
    td = desc(WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    o = make(cd(4, 8, WT_CHANNEL_UNSIGNED), 2, 2, 0, WT_ARRAY_TEXTURE_GATHER, pg, &td);
    fetch(o.t, WT_FAMILY_TLD4, WT_GEOM_2D, WT_DTYPE_U32, WT_MIP_BASE, 0, 2, 1.0f, 1.0f, 0, d);
    assert_int_equal(d[0], 31u);
    assert_int_equal(d[1], 29u);
    assert_int_equal(d[2], 37u);
    assert_int_equal(d[3], 30u);
    drop(&o);
    /* f32: NaN -> 0x7fffffff, subnormal -> +-0, the rest as stored. */
    uint32_t f[4] = {0x7f800001u, 0x807fffffu, 0x00800000u, 0xff800000u};
    td = desc(WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0);
    o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 2, 0, WT_ARRAY_TEXTURE_GATHER, f, &td);
    fetch(o.t, WT_FAMILY_TLD4, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 1.0f, 1.0f, 0, d);
    assert_int_equal(d[0], 0x00800000u);
    assert_int_equal(d[1], 0xff800000u);
    assert_int_equal(d[2], 0x80000000u);
    assert_int_equal(d[3], 0x7fffffffu);
    drop(&o);
    /* Half: a NaN -> 0x7fffe000; subnormals widen exactly ([semantics#decision-gather-half-subnormal]). */
    uint16_t h[4] = {0xfe00, 0x0001, 0x83ff, 0x3555};
    o = make(cd(1, 16, WT_CHANNEL_FLOAT), 2, 2, 0, WT_ARRAY_TEXTURE_GATHER, h, &td);
    fetch(o.t, WT_FAMILY_TLD4, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 1.0f, 1.0f, 0, d);
    assert_int_equal(d[0], fb(-1023.0f * 0x1p-24f));
    assert_int_equal(d[1], fb(1365.0f * 0x1p-12f));
    assert_int_equal(d[2], fb(0x1p-24f));
    assert_int_equal(d[3], 0x7fffe000u);
    drop(&o);
}

/* [semantics#decision-half-filter]: half textures blend to a half value (ties away); [semantics#dest-types]: an f32 result
 * goes to .f16 to nearest even.  Texels 1.0 and 1 + 2^-10 half and half:
 * 1 + 2^-11, the tie between two halves.  From a half texture the datapath
 * rounds it away: 0x3c01 (1.0009765625 in .f32).  From an f32 texture the
 * f32 result 1 + 2^-11 is exact and .f16 rounds it to even: 0x3c00. */
static void half_results(void **state)
{
    (void)state;
    uint32_t d[4];
    uint16_t h[4] = {0x3c00, 0x3c00, 0x3c01, 0x3555}; /* {r,g} per texel */
    wt_texture_desc td = desc(WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 0);
    obj o = make(cd(2, 16, WT_CHANNEL_FLOAT), 2, 1, 0, 0, h, &td);
    /* x = 1.0: a = 128, 128 each. */
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F32, WT_MIP_BASE, 0, 0, 1.0f, 0.5f, 0, d);
    assert_int_equal(d[0], fb(1.0009765625f));
    /* .g: 1.0 and 0x3555 (1365·2^-12) at 128: (4096 + 1365)/2 = 2730.5
     * units of 2^-12 -> in [0.5, 1) the half quantum is 2^-11: 1365.25 ->
     * 1365·2^-11 = 0x3955. */
    assert_int_equal(d[1], fb(1365.0f * 0x1p-11f));
    assert_int_equal(d[2], 0u);
    assert_int_equal(d[3], 0u);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F16, WT_MIP_BASE, 0, 0, 1.0f, 0.5f, 0, d);
    assert_int_equal(d[0], 0x3c01u);
    assert_int_equal(d[1], 0x3955u);
    fetch(o.t, WT_FAMILY_TEX, WT_GEOM_2D, WT_DTYPE_F16X2, WT_MIP_BASE, 0, 0, 1.0f, 0.5f, 0, d);
    assert_int_equal(d[0], 0x39553c01u);
    assert_int_equal(d[1], 0u);
    drop(&o);
    float f[2] = {1.0f, 1.0f + 0x1p-10f};
    o = make(cd(1, 32, WT_CHANNEL_FLOAT), 2, 1, 0, 0, f, &td);
    assert_int_equal(tex2(o.t, WT_DTYPE_F32, 1.0f, 0.5f, 0), fb(1.0f + 0x1p-11f));
    assert_int_equal(tex2(o.t, WT_DTYPE_F16, 1.0f, 0.5f, 0), 0x3c00u);
    drop(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_example), cmocka_unit_test(weight_zero_reads_nothing),
        cmocka_unit_test(float_groups),   cmocka_unit_test(srgb_groups),
        cmocka_unit_test(border_colours), cmocka_unit_test(point_values),
        cmocka_unit_test(gather_values),  cmocka_unit_test(half_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
