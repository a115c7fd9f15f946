/* test_batch_errors.c -- batch calls refuse bad input with the documented status and a message naming the function, field and value, and change nothing; traps and a destroy mid-batch are reported by the lowest failing warp; helper threads keep their own last error
 * SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "batch_util.h"
#include "core/parallel.h"

/* The call's status and message: `want` status, message starting `prefix`
 * and containing `part`. */
#define EXPECT(call, want, prefix, part)                                                                          \
    do {                                                                                                          \
        wt_status st_ = (call);                                                                                   \
        const char *m_ = wt_last_error_message();                                                                 \
        if (st_ != (want) || strncmp(m_, prefix, strlen(prefix)) || !strstr(m_, part)) {                          \
            print_error("line %d: %s -> %s '%s'; expected %s, '%s...%s'\n", __LINE__, #call, wt_status_string(st_), \
                        m_, wt_status_string(want), prefix, part);                                                \
            fail();                                                                                               \
        }                                                                                                         \
    } while (0)

static const char *const TEX = "wt_tex_batch(): ";

static void assert_poisoned(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != BT_POISON) {
            print_error("byte %zu of the output was written by a call that failed validation\n", i);
            fail();
        }
}

static void test_tex_batch_validation(void **state)
{
    (void)state;
    cu_rng r = {1};
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    bt_tex t2 = bt_make_tex(WT_GEOM_2D, 2, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_LINEAR, WT_ADDRESS_WRAP, &r);
    bt_tex ta = bt_make_tex(WT_GEOM_A2D, 0, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_LINEAR, WT_ADDRESS_WRAP, &r);
    bt_tex dead = bt_make_tex(WT_GEOM_2D, 0, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_POINT, WT_ADDRESS_WRAP, &r);
    wt_tex dead_tex = dead.tex;
    bt_free_tex(&dead);
    bt_surf surf = bt_make_surf(wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED), 4, 8, 8, 0, 0, 3);

    float xy[64] = {0}, lod[32] = {0}, g[4] = {0};
    uint32_t layer[32] = {0};
    uint8_t *out = bt_guarded(32 * 16);
    const wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                      .ctype = WT_CTYPE_F32};
    wt_tex_batch_in in = {.coords = xy};
    wt_tex_batch_out o = {out, WT_BATCH_V4, 0, 0};
    wt_op bad;
    wt_tex_batch_in bi;
    wt_tex_batch_out bo;

    EXPECT(wt_tex_batch(NULL, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op is NULL");
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, NULL, &o), WT_ERROR_INVALID_VALUE, TEX, "in is NULL");
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, NULL), WT_ERROR_INVALID_VALUE, TEX, "out is NULL");
    bad = op, bad.family = WT_FAMILY_SURED;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op->family = 6");
    bad = op, bad.geom = WT_GEOM_2DMS;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op->geom = 7");
    bad = op, bad.geom = 200;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op->geom = 200");
    bad = op, bad.ctype = WT_CTYPE_S32;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op->ctype = 1");
    bad = op, bad.flags = WT_OP_OFFSET;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op->flags = 0x1");
    bad = op, bad.flags = WT_OP_DEPTH_COMPARE;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "op->flags = 0x2");
    bo = o, bo.format = (wt_batch_format)8;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->format = 8");
    bo = o, bo.format = WT_BATCH_CHANNEL, bo.channel = 4;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->channel = 4");
    bo = o, bo.channel = 1;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->channel = 1");
    bad = op, bad.dtype = WT_DTYPE_S32, bo = o, bo.format = WT_BATCH_U8X4;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "op->dtype = 1");
    /* WT_BATCH_HALF4 converts floats only; WT_BATCH_ELEM8 and _ELEM8X4 keep
     * bytes of 8-bit integers read as element type, and nothing else. */
    bad = op, bad.dtype = WT_DTYPE_U32, bo = o, bo.format = WT_BATCH_HALF4;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "makes halves of floats");
    bo = o, bo.format = WT_BATCH_ELEM8;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX,
           "op->dtype = 0 is not WT_DTYPE_U32 or WT_DTYPE_S32");
    bo = o, bo.format = WT_BATCH_ELEM8X4;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX,
           "out->format = WT_BATCH_ELEM8X4 keeps bytes of an element-type read: op->dtype = 0 is not");
    bad = op, bad.dtype = WT_DTYPE_U32, bo = o, bo.format = WT_BATCH_ELEM8X4, bo.channel = 1;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX,
           "out->channel = 1 must be 0 for this format");
    bad = op, bad.dtype = WT_DTYPE_U32, bo = o, bo.format = WT_BATCH_ELEM8, bo.channel = 4;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->channel = 4");
    bo.channel = 3; /* a normalised read refuses .u32 in the warp call's own check */
    assert_int_equal(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE);
    {
        bt_tex t16 = bt_make_tex(WT_GEOM_2D, 0, wt_make_channel_desc(16, 0, 0, 0, WT_CHANNEL_UNSIGNED), 2,
                                 WT_READ_ELEMENT_TYPE, 0, WT_FILTER_POINT, WT_ADDRESS_WRAP, &r);
        bt_tex t8 = bt_make_tex(WT_GEOM_2D, 0, wt_make_channel_desc(8, 0, 0, 0, WT_CHANNEL_UNSIGNED), 1,
                                WT_READ_ELEMENT_TYPE, 0, WT_FILTER_POINT, WT_ADDRESS_WRAP, &r);
        bo.channel = 0;
        EXPECT(wt_tex_batch(&bad, t16.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX,
               "this texture has channels wider than 8 bits");
        const wt_tex_map map = {{1, 0, 0, 0, 1, 0, 0, 0, 1}, 3, 2};
        EXPECT(wt_tex_batch_map(&bad, t16.tex, 0, &map, NULL, &bo, 0), WT_ERROR_INVALID_VALUE,
               "wt_tex_batch_map(): ", "this texture has channels wider than 8 bits");
        EXPECT(wt_tex_batch(&bad, t8.tex, 0, 5, &in, &bo), WT_SUCCESS, "", "");
        memset(out, BT_POISON, 5);
        bo.format = WT_BATCH_ELEM8X4; /* the same textures, four bytes a lane */
        EXPECT(wt_tex_batch(&bad, t16.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX,
               "out->format = WT_BATCH_ELEM8X4 keeps bytes of an element-type read of 8-bit integer texels; this "
               "texture has channels wider than 8 bits");
        EXPECT(wt_tex_batch(&bad, t8.tex, 0, 5, &in, &bo), WT_SUCCESS, "", "");
        memset(out, BT_POISON, 20);
        bt_free_tex(&t16);
        bt_free_tex(&t8);
    }
    bo = o, bo.flags = 0x4;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->flags = 0x4");
    bo = o, bo.flags = WT_BATCH_STREAM | WT_BATCH_NO_STREAM;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->flags = 0x3");
    bo = o, bo.data = NULL;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &in, &bo), WT_ERROR_INVALID_VALUE, TEX, "out->data is NULL with n = 5");
    assert_int_equal(wt_tex_batch(&op, t2.tex, 0, 0, &in, &bo), WT_SUCCESS); /* nothing to write */
    bi = in, bi.x = xy;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 5, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "both given");
    bi = (wt_tex_batch_in){.y = xy};
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->x is NULL with n = 3");
    bi = (wt_tex_batch_in){.x = xy};
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->y is NULL with n = 3");
    bi = (wt_tex_batch_in){.x = xy, .y = xy, .z = xy};
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->z is given");
    bi = in, bi.layer = layer;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->layer is given");
    bi = in, bi.lod = lod;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->lod is given");
    bad = op, bad.mip = WT_MIP_LEVEL;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 3, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "in->lod is NULL with n = 3");
    bad = op, bad.mip = WT_MIP_GRAD, bi = in, bi.dpdx = g;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->dpdy is NULL with n = 3");
    bi = in, bi.uniform = WT_BATCH_UNIFORM_LOD;
    EXPECT(wt_tex_batch(&op, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->uniform = 0x2");
    bad = op, bad.mip = WT_MIP_LEVEL, bi = in, bi.lod = lod, bi.uniform = 0x100;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 3, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "in->uniform = 0x100");
    /* n past memory: SIZE_MAX lanes, and just past PTRDIFF_MAX / 8 for interleaved x,y. */
    EXPECT(wt_tex_batch(&op, t2.tex, 0, SIZE_MAX, &in, &o), WT_ERROR_INVALID_VALUE, TEX,
           "n = 18446744073709551615 lanes");
    EXPECT(wt_tex_batch(&op, t2.tex, 0, (size_t)PTRDIFF_MAX / 8 + 1, &in, &o), WT_ERROR_INVALID_VALUE, TEX,
           "of 8 bytes of coordinates do not fit");
    bo = o, bo.format = WT_BATCH_V4;
    bi = (wt_tex_batch_in){.x = xy, .y = xy};
    EXPECT(wt_tex_batch(&op, t2.tex, 0, (size_t)PTRDIFF_MAX / 16 + 1, &bi, &bo), WT_ERROR_INVALID_VALUE, TEX,
           "of 16 bytes of output");
    /* Handles, also for n = 0: 0, destroyed, a surface's, a bad sampler. */
    EXPECT(wt_tex_batch(&op, 0, 0, 5, &in, &o), WT_ERROR_INVALID_HANDLE, TEX,
           "0x0000000000000000 is not a live texture object");
    EXPECT(wt_tex_batch(&op, dead_tex, 0, 0, &in, &o), WT_ERROR_INVALID_HANDLE, TEX, "is not a live texture object");
    EXPECT(wt_tex_batch(&op, surf.surf, 0, 5, &in, &o), WT_ERROR_INVALID_HANDLE, TEX, "is not a live texture object");
    bad = op, bad.flags = WT_OP_SAMPLER;
    EXPECT(wt_tex_batch(&bad, t2.tex, t2.tex, 5, &in, &o), WT_ERROR_INVALID_HANDLE, TEX, "is not a live sampler object");
    /* The op against the texture, and forms PTX does not have (the warp call's checks). */
    bad = op, bad.geom = WT_GEOM_3D, bi = (wt_tex_batch_in){.x = xy, .y = xy, .z = xy};
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &bi, &o), WT_ERROR_INVALID_TEXTURE, TEX,
           "instruction geometry .3d does not match the texture (.2d)");
    bad = op, bad.geom = WT_GEOM_A2D, bi = in, bi.layer = layer;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &bi, &o), WT_ERROR_INVALID_TEXTURE, TEX, "does not match");
    EXPECT(wt_tex_batch(&bad, ta.tex, 0, 5, &bi, &o), WT_SUCCESS, "", "");
    bad = op, bad.family = WT_FAMILY_TLD4, bad.mip = WT_MIP_LEVEL, bi = in, bi.lod = lod;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "tld4 takes .f32 coordinates");
    bad = op, bad.family = WT_FAMILY_TLD4, bad.geom = WT_GEOM_1D, bi = (wt_tex_batch_in){.x = xy};
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &bi, &o), WT_ERROR_INVALID_VALUE, TEX, "tld4 does not support .1d");
    bad = op, bad.mip = 9;
    EXPECT(wt_tex_batch(&bad, t2.tex, 0, 5, &in, &o), WT_ERROR_INVALID_VALUE, TEX, "out-of-range field");

    /* Nothing above wrote a byte (the call that succeeded wrote the first 5
     * lanes; poison them again before checking would hide nothing). */
    memset(out, BT_POISON, 5 * 16);
    assert_poisoned(out, 32 * 16 + BT_GUARD);

    free(out);
    bt_free_surf(&surf);
    bt_free_tex(&t2);
    bt_free_tex(&ta);
}

static const char *const SULD = "wt_suld_region(): ";
static const char *const SUST = "wt_sust_region(): ";
static const char *const SURED = "wt_sured_batch(): ";

static void test_surface_batch_validation(void **state)
{
    (void)state;
    wt_channel_desc c32 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    bt_surf s2 = bt_make_surf(c32, 4, 16, 8, 0, 0, 7);
    bt_surf s1 = bt_make_surf(c32, 4, 16, 0, 0, 0, 8);
    bt_surf dead = bt_make_surf(c32, 4, 16, 8, 0, 0, 9);
    wt_surf dead_surf = dead.surf;
    bt_free_surf(&dead);
    size_t before_n;
    uint8_t *before = bt_surf_bytes(&s2, &before_n);

    uint8_t *buf = bt_guarded(4096);
    uint32_t trap[8];
    memset(trap, BT_POISON, sizeof trap);
    const wt_op ld = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .vec = 1, .bits = 32, .clamp = WT_CLAMP_TRAP};
    wt_op st = ld;
    st.family = WT_FAMILY_SUST;
    wt_op bad;
    wt_region r = {0, 0, 0, 16, 8}, br;

    EXPECT(wt_suld_region(NULL, s2.surf, &r, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD, "op is NULL");
    EXPECT(wt_suld_region(&ld, s2.surf, NULL, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD, "r is NULL");
    EXPECT(wt_suld_region(&st, s2.surf, &r, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD,
           "op->family = 5 is not WT_FAMILY_SULD");
    EXPECT(wt_sust_region(&ld, s2.surf, &r, buf, 0, trap), WT_ERROR_INVALID_VALUE, SUST,
           "op->family = 4 is not WT_FAMILY_SUST");
    bad = ld, bad.geom = WT_GEOM_1D;
    EXPECT(wt_suld_region(&bad, s1.surf, &r, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD, "op->geom = 0");
    br = r, br.z = 2;
    EXPECT(wt_suld_region(&ld, s2.surf, &br, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD, "r->z = 2 on a .2d op");
    EXPECT(wt_suld_region(&ld, s2.surf, &r, buf, 63, trap), WT_ERROR_INVALID_VALUE, SULD,
           "pitch = 63 is less than a row, 16 lanes of 4 bytes = 64");
    EXPECT(wt_sust_region(&st, s2.surf, &r, NULL, 0, trap), WT_ERROR_INVALID_VALUE, SUST,
           "src is NULL with 16 x 8 lanes");
    br = r, br.x = INT32_MAX - 40;
    EXPECT(wt_suld_region(&ld, s2.surf, &br, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD,
           "the last lane's x (step 4) is past INT32_MAX");
    br = r, br.y = INT32_MAX - 3;
    EXPECT(wt_suld_region(&ld, s2.surf, &br, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD,
           "the last row is past INT32_MAX");
    br = r, br.width = SIZE_MAX / 2, br.height = 3;
    EXPECT(wt_suld_region(&ld, s2.surf, &br, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD, "overflows");
    EXPECT(wt_suld_region(&ld, s2.surf, &r, buf, SIZE_MAX / 2, trap), WT_ERROR_INVALID_VALUE, SULD,
           "8 rows of pitch 9223372036854775807 do not fit in memory");
    EXPECT(wt_suld_region(&ld, 0, &r, buf, 0, trap), WT_ERROR_INVALID_HANDLE, SULD,
           "0x0000000000000000 is not a live surface object");
    EXPECT(wt_sust_region(&st, dead_surf, &r, buf, 0, trap), WT_ERROR_INVALID_HANDLE, SUST,
           "is not a live surface object");
    bad = ld, bad.geom = WT_GEOM_3D;
    EXPECT(wt_suld_region(&bad, s2.surf, &r, buf, 0, trap), WT_ERROR_INVALID_SURFACE, SULD,
           "suld.b.3d.b32.trap does not match the surface's geometry (2D)");
    bad = ld, bad.vec = 3;
    EXPECT(wt_suld_region(&bad, s2.surf, &r, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD,
           "is not a legal PTX surface instruction");
    bad = ld, bad.mode = WT_SURF_P;
    EXPECT(wt_suld_region(&bad, s2.surf, &r, buf, 0, trap), WT_ERROR_INVALID_VALUE, SULD,
           "is not a legal PTX surface instruction");
    /* An empty region validates its op and handle, then does nothing. */
    br = r, br.height = 0;
    EXPECT(wt_suld_region(&ld, 0, &br, NULL, 0, NULL), WT_ERROR_INVALID_HANDLE, SULD, "is not a live surface");
    assert_int_equal(wt_suld_region(&ld, s2.surf, &br, NULL, 0, trap), WT_SUCCESS);

    const wt_op red = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_2D, .vec = 1, .bits = 32, .clamp = WT_CLAMP_TRAP,
                       .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    int32_t c[64] = {0};
    uint32_t v[32] = {0};
    wt_sured_batch_in in = {.coords = c, .values = v}, bi;
    EXPECT(wt_sured_batch(NULL, s2.surf, 4, &in, trap), WT_ERROR_INVALID_VALUE, SURED, "op is NULL");
    EXPECT(wt_sured_batch(&red, s2.surf, 4, NULL, trap), WT_ERROR_INVALID_VALUE, SURED, "in is NULL");
    EXPECT(wt_sured_batch(&ld, s2.surf, 4, &in, trap), WT_ERROR_INVALID_VALUE, SURED,
           "op->family = 4 is not WT_FAMILY_SURED");
    bad = red, bad.geom = WT_GEOM_A1D;
    EXPECT(wt_sured_batch(&bad, s2.surf, 4, &in, trap), WT_ERROR_INVALID_VALUE, SURED, "op->geom = 3");
    bi = in, bi.x = c;
    EXPECT(wt_sured_batch(&red, s2.surf, 4, &bi, trap), WT_ERROR_INVALID_VALUE, SURED, "both given");
    bi = (wt_sured_batch_in){.x = c, .values = v};
    EXPECT(wt_sured_batch(&red, s2.surf, 4, &bi, trap), WT_ERROR_INVALID_VALUE, SURED, "in->y is NULL with n = 4");
    bi = (wt_sured_batch_in){.x = c, .y = c, .z = c, .values = v};
    EXPECT(wt_sured_batch(&red, s2.surf, 4, &bi, trap), WT_ERROR_INVALID_VALUE, SURED,
           "in->z is given, but op->geom = 1 has 2 coordinates");
    bi = in, bi.values = NULL;
    EXPECT(wt_sured_batch(&red, s2.surf, 4, &bi, trap), WT_ERROR_INVALID_VALUE, SURED, "in->values is NULL with n = 4");
    bi = in, bi.uniform = WT_BATCH_UNIFORM_LOD;
    EXPECT(wt_sured_batch(&red, s2.surf, 4, &bi, trap), WT_ERROR_INVALID_VALUE, SURED, "in->uniform = 0x2");
    EXPECT(wt_sured_batch(&red, s2.surf, SIZE_MAX, &in, trap), WT_ERROR_INVALID_VALUE, SURED, "do not fit in memory");
    EXPECT(wt_sured_batch(&red, dead_surf, 0, &in, trap), WT_ERROR_INVALID_HANDLE, SURED, "is not a live surface");
    bad = red, bad.rtype = WT_RTYPE_B32; /* add.b32 is not PTX */
    EXPECT(wt_sured_batch(&bad, s2.surf, 4, &in, trap), WT_ERROR_INVALID_VALUE, SURED,
           "sured.b.add.2d.b32.trap is not a legal PTX surface instruction");
    bad = red, bad.geom = WT_GEOM_1D, bi = (wt_sured_batch_in){.x = c, .values = v};
    EXPECT(wt_sured_batch(&bad, s2.surf, 4, &bi, trap), WT_ERROR_INVALID_SURFACE, SURED, "does not match");

    /* Nothing was stored, reduced, loaded or masked. */
    size_t after_n;
    uint8_t *after = bt_surf_bytes(&s2, &after_n);
    assert_memory_equal(before, after, before_n);
    assert_poisoned(buf, 4096 + BT_GUARD);
    assert_poisoned((const uint8_t *)trap, sizeof trap);
    free(before);
    free(after);
    free(buf);
    bt_free_surf(&s1);
    bt_free_surf(&s2);
}

/* Lanes trap in two warps of a large batch: the report names the first of
 * them and counts both, whatever the thread count; the trap mask has
 * exactly those bits; every other lane's reduction is done. */
static void test_trap_report(void **state)
{
    (void)state;
    wt_channel_desc c32 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    bt_surf s = bt_make_surf(c32, 4, 64, 0, 0, 0, 11);
    uint32_t zero[64] = {0};
    const size_t n = 32 * 300 + 5, words = (n + 31) / 32;
    int32_t *x = malloc(n * sizeof *x);
    uint32_t *mask = malloc(words * sizeof *mask);
    assert_true(x && mask);
    const wt_op red = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_1D, .vec = 1, .bits = 32, .clamp = WT_CLAMP_TRAP,
                       .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    const uint32_t one = 1;
    const size_t bad1 = 32 * 250 + 9, bad2 = 32 * 17 + 30; /* the later warp is listed first on purpose */
    uint32_t total[64] = {0}; /* the lanes that do not trap, by element */
    for (size_t i = 0; i < n; i++)
        total[i % 64] += i != bad1 && i != bad2 && i != bad2 + 1;
    for (int rep = 0; rep < 10; rep++) {
        for (int ti = 0; ti < 2; ti++) {
            assert_int_equal(wt_memcpy_to_array(s.arr, 0, 0, 0, zero, sizeof zero, 64, 1, 1), WT_SUCCESS);
            for (size_t i = 0; i < n; i++)
                x[i] = (int32_t)(4 * (i % 64));
            x[bad1] = 4 * 64;  /* one past the row */
            x[bad2] = -4;
            x[bad2 + 1] = 2;   /* misaligned */
            assert_int_equal(wt_set_num_threads(bt_threads[ti]), WT_SUCCESS);
            wt_sured_batch_in in = {.x = x, .values = &one, .uniform = WT_BATCH_UNIFORM_VALUE};
            memset(mask, 0xEE, words * sizeof *mask);
            EXPECT(wt_sured_batch(&red, s.surf, n, &in, mask), WT_ERROR_TRAP,
                   "wt_sured_batch(): 3 lanes trapped; the first, lane 574 (warp 17, lane 30): ",
                   "sured.b.add.1d.u32.trap: lane 30: trap on surface");
            assert_int_equal(wt_peek_last_error(), WT_ERROR_TRAP);
            for (size_t w = 0; w < words; w++)
                assert_int_equal(mask[w], w == 17 ? 0xC0000000u : w == 250 ? 1u << 9 : 0u);
            uint32_t got[64];
            assert_int_equal(wt_memcpy_from_array(got, sizeof got, s.arr, 0, 0, 0, 64, 1, 1), WT_SUCCESS);
            assert_memory_equal(got, total, sizeof got);
        }
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    free(x);
    free(mask);
    bt_free_surf(&s);
}

/* ---- a destroy while a batch runs ------------------------------------------------- */

typedef struct racer {
    wt_tex tex;
    _Atomic int go;
    wt_status st;
} racer;

static void *destroyer(void *arg)
{
    racer *rc = arg;
    while (!atomic_load(&rc->go))
        ;
    rc->st = wt_destroy_texture_object(rc->tex);
    return NULL;
}

/* The batch finds the texture or not, warp by warp: a warp that did not
 * reads 0 in every lane, every other lane is exact, and a failure is
 * WT_ERROR_INVALID_HANDLE naming a warp.  Memory stays valid throughout
 * (ASan, TSan). */
static void test_destroy_during_batch(void **state)
{
    (void)state;
    cu_rng r = {21};
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    const size_t n = 32 * 400 + 17;
    float *xy = malloc(n * 2 * sizeof *xy);
    uint8_t *want = malloc(n * 4), *got = malloc(n * 4);
    assert_true(xy && want && got);
    for (size_t i = 0; i < 2 * n; i++)
        xy[i] = (float)cu_below(&r, 1000) / 999.0f;
    const wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_F32,
                      .ctype = WT_CTYPE_F32};
    wt_tex_batch_in in = {.coords = xy};
    wt_tex_batch_out o = {got, WT_BATCH_U8X4, 0, 0};
    int failed_runs = 0;
    for (int rep = 0; rep < 6; rep++) {
        cu_rng tr = {100 + (uint64_t)rep};
        bt_tex t = bt_make_tex(WT_GEOM_2D, 0, cd, 4, WT_READ_NORMALIZED_FLOAT, 0, WT_FILTER_LINEAR, WT_ADDRESS_WRAP,
                               &tr);
        assert_int_equal(wt_set_num_threads(2), WT_SUCCESS);
        o.data = want;
        assert_int_equal(wt_tex_batch(&op, t.tex, 0, n, &in, &o), WT_SUCCESS);
        o.data = got;
        /* A batch that meets the destroyed handle already in its up-front
         * check writes nothing (validation changes nothing): zero the output
         * so that the previous run's bytes are not read as this run's. */
        memset(got, 0, n * 4);
        racer rc = {.tex = t.tex};
        atomic_init(&rc.go, 0);
        pthread_t tid;
        assert_int_equal(pthread_create(&tid, NULL, destroyer, &rc), 0);
        atomic_store(&rc.go, 1);
        wt_status st = wt_tex_batch(&op, t.tex, 0, n, &in, &o);
        assert_int_equal(pthread_join(tid, NULL), 0);
        assert_int_equal(rc.st, WT_SUCCESS);
        t.tex = 0; /* destroyed */
        if (st != WT_SUCCESS) {
            failed_runs++;
            EXPECT(st, WT_ERROR_INVALID_HANDLE, "wt_tex_batch(): ", "is not a live texture object");
        }
        for (size_t w = 0; w * 32 < n; w++) {
            size_t lo = w * 32 * 4, hi = (w * 32 + 32 < n ? w * 32 + 32 : n) * 4;
            int exact = !memcmp(got + lo, want + lo, hi - lo), zero = 1;
            for (size_t b = lo; b < hi; b++)
                zero &= got[b] == 0;
            if (!exact && !zero) {
                print_error("run %d warp %zu: neither the texture's values nor 0\n", rep, w);
                fail();
            }
        }
        bt_free_tex(&t);
    }
    print_message("%d of 6 runs met the destroyed texture\n", failed_runs);
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    free(xy);
    free(want);
    free(got);
}

/* ---- last errors ---------------------------------------------------------------- */

static void peek_errors(void *ctx, size_t begin, size_t end, int thread)
{
    _Atomic int *seen = ctx;
    (void)begin, (void)end;
    if (thread != 0 && wt_peek_last_error() != WT_SUCCESS)
        atomic_store(seen, 1);
}

/* A failing batch sets the caller's last error and leaves the helper
 * threads' as they were; a successful batch leaves the caller's alone. */
static void test_last_errors(void **state)
{
    (void)state;
    wt_channel_desc c32 = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    bt_surf s = bt_make_surf(c32, 4, 64, 0, 0, 0, 12);
    const size_t n = 32 * 2000;
    int32_t *x = malloc(n * sizeof *x);
    assert_non_null(x);
    for (size_t i = 0; i < n; i++)
        x[i] = (int32_t)(i % 2 ? 4 * (i % 64) : 1000); /* half the lanes of every warp trap */
    const wt_op red = {.family = WT_FAMILY_SURED, .geom = WT_GEOM_1D, .vec = 1, .bits = 32, .clamp = WT_CLAMP_TRAP,
                       .redop = WT_RED_ADD, .rtype = WT_RTYPE_U32};
    const uint32_t one = 1;
    wt_sured_batch_in in = {.x = x, .values = &one, .uniform = WT_BATCH_UNIFORM_VALUE};
    assert_int_equal(wt_set_num_threads(2), WT_SUCCESS);
    (void)wt_get_last_error();
    for (int rep = 0; rep < 5; rep++) {
        assert_int_equal(wt_sured_batch(&red, s.surf, n, &in, NULL), WT_ERROR_TRAP);
        assert_int_equal(wt_get_last_error(), WT_ERROR_TRAP);
        /* The same two threads again: the helper's last error must still be clear. */
        _Atomic int seen;
        atomic_init(&seen, 0);
        wt__parallel_for(64, 1, 2, peek_errors, &seen);
        assert_int_equal(atomic_load(&seen), 0);
    }
    /* A success does not clear an earlier failure of the caller's. */
    assert_int_equal(wt_set_num_threads(-1), WT_ERROR_INVALID_VALUE);
    for (size_t i = 0; i < n; i++)
        x[i] = (int32_t)(4 * (i % 64));
    assert_int_equal(wt_sured_batch(&red, s.surf, n, &in, NULL), WT_SUCCESS);
    assert_int_equal(wt_peek_last_error(), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    free(x);
    bt_free_surf(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tex_batch_validation),
        cmocka_unit_test(test_surface_batch_validation),
        cmocka_unit_test(test_trap_report),
        cmocka_unit_test(test_destroy_during_batch),
        cmocka_unit_test(test_last_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
