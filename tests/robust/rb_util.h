/* rb_util.h -- helpers for the robustness tests: objects from host data, one-op warp calls, bit casts
 * SPDX-License-Identifier: MIT
 *
 * Everything here goes through the public API only; expected values are
 * always written out in the tests themselves. */
#ifndef WT_RB_UTIL_H
#define WT_RB_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "warptex.h"

static inline uint32_t rb_fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float rb_bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline wt_texture_desc rb_desc0(void)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    return td;
}

static inline wt_resource_desc rb_res_array(wt_array a)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = a;
    return r;
}

static inline wt_channel_desc rb_cd(int nch, int bits, wt_channel_kind kind)
{
    return wt_make_channel_desc(bits, nch >= 2 ? bits : 0, nch >= 4 ? bits : 0, nch >= 4 ? bits : 0, kind);
}

/* An array of the given shape filled from host data (tightly packed, every
 * slice), flags as wt_malloc_array. */
static inline wt_array rb_array(wt_channel_desc cd, size_t w, size_t h, size_t d, unsigned flags, const void *data)
{
    wt_array a = NULL;
    assert_int_equal(wt_malloc_array(&a, &cd, w, h, d, flags), WT_SUCCESS);
    if (data) {
        size_t es = (size_t)(cd.x + cd.y + cd.z + cd.w) / 8;
        size_t hh = h ? h : 1, dd = d ? d : 1;
        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, data, w * es, w, hh, dd), WT_SUCCESS);
    }
    return a;
}

static inline wt_tex rb_tex(wt_array a, const wt_texture_desc *td)
{
    wt_resource_desc r = rb_res_array(a);
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, td, NULL), WT_SUCCESS);
    return t;
}

static inline wt_op rb_texop(wt_geom g, wt_ctype ct, wt_dtype dt)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = (uint8_t)g;
    op.ctype = (uint8_t)ct;
    op.dtype = (uint8_t)dt;
    return op;
}

/* One lane (lane 0) of a warp call; c are the coordinate bit patterns. */
typedef struct rb_lane {
    uint32_t c[4];
    uint32_t lod;
    float dpdx[3], dpdy[3];
    int32_t off[3];
    float depth;
} rb_lane;

static inline wt_status rb_tex1(const wt_op *op, wt_tex t, wt_sampler s, const rb_lane *l, uint32_t d[4])
{
    static wt_tex_args in;
    static wt_tex_result out;
    memset(&in, 0, sizeof in);
    memset(&out, 0xa5, sizeof out);
    for (int k = 0; k < 4; k++)
        in.c[k][0] = l->c[k];
    in.lod[0] = l->lod;
    for (int k = 0; k < 3; k++) {
        in.dpdx[k][0] = l->dpdx[k];
        in.dpdy[k][0] = l->dpdy[k];
        in.offset[k][0] = l->off[k];
    }
    in.depth[0] = l->depth;
    wt_status st = wt_tex_warp(op, t, s, 0x1u, &in, &out);
    for (int k = 0; k < 4; k++) {
        d[k] = out.d[k][0];
        /* lanes outside the active mask are never written */
        assert_int_equal(out.d[k][1], 0xa5a5a5a5u);
    }
    return st;
}

/* Fetch x (and y) as .f32 through a 1d/2d op, result register 0. */
static inline uint32_t rb_f2(const wt_op *op, wt_tex t, wt_sampler s, float x, float y)
{
    rb_lane l;
    memset(&l, 0, sizeof l);
    l.c[0] = rb_fb(x);
    l.c[1] = rb_fb(y);
    uint32_t d[4];
    assert_int_equal(rb_tex1(op, t, s, &l, d), WT_SUCCESS);
    return d[0];
}

#endif
