/* test_lane_equals_warp.c -- the NVVM-named per-lane calls return the bits of the warp call's lane */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf_util.h"

/* [design#lane-and-warp]: "The lane entry is the warp entry's meaning for one lane".  For
 * a sample of forms (base/level/grad, f32/s32 coordinates, 1d/2d/3d/arrays,
 * tld4, independent-mode samplers) over textures of several formats, each
 * lane call must give exactly the warp call's registers for that lane, with
 * all lanes active and with a sparse mask. */

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

typedef enum form {
    F_1D, F_1D_S32, F_1D_LEVEL, F_1D_GRAD,
    F_2D, F_2D_S32, F_2D_LEVEL, F_2D_GRAD,
    F_3D, F_3D_S32, F_3D_LEVEL, F_3D_GRAD,
    F_A1D, F_A1D_S32, F_A1D_LEVEL,
    F_A2D, F_A2D_S32, F_A2D_LEVEL, F_A2D_GRAD,
    F_TLD4_R, F_TLD4_G, F_TLD4_B, F_TLD4_A, F_TLD4_A2D_G,
    F_IND_2D, F_IND_1D_S32, F_IND_A2D_LEVEL,
    F_COUNT
} form;

static const char *const k_form_names[F_COUNT] = {
    "1d", "1d.s32", "1d.level", "1d.grad", "2d", "2d.s32", "2d.level", "2d.grad", "3d", "3d.s32", "3d.level",
    "3d.grad", "1d.array", "1d.array.s32", "1d.array.level", "2d.array", "2d.array.s32", "2d.array.level",
    "2d.array.grad", "tld4.r.2d", "tld4.g.2d", "tld4.b.2d", "tld4.a.2d", "tld4.g.2d.array", "tex.2d (sampler)",
    "tex.1d.s32 (sampler)", "tex.2d.array.level (sampler)",
};

typedef struct lane_in {
    float x, y, z, lod;
    int32_t ix, iy, iz, idx;
    float dx[3], dy[3];
} lane_in;

static void put_f(wt_float4 r, uint32_t out[4])
{
    out[0] = fb(r.x);
    out[1] = fb(r.y);
    out[2] = fb(r.z);
    out[3] = fb(r.w);
}

static void put_i(wt_int4 r, uint32_t out[4])
{
    out[0] = (uint32_t)r.x;
    out[1] = (uint32_t)r.y;
    out[2] = (uint32_t)r.z;
    out[3] = (uint32_t)r.w;
}

/* Call the dtype's variant of one NVVM-named function. */
#define CALL3(ff, fs, fu, ...)                 \
    do {                                       \
        if (dt == WT_DTYPE_F32)                \
            put_f(ff(__VA_ARGS__), out);       \
        else if (dt == WT_DTYPE_S32)           \
            put_i(fs(__VA_ARGS__), out);       \
        else                                   \
            put_i(fu(__VA_ARGS__), out);       \
    } while (0)

static void lane_call(form f, wt_dtype dt, wt_tex t, wt_sampler s, const lane_in *a, uint32_t out[4])
{
    switch (f) {
    case F_1D: CALL3(wt_tex_unified_1d_v4f32_f32, wt_tex_unified_1d_v4s32_f32, wt_tex_unified_1d_v4u32_f32, t, a->x); break;
    case F_1D_S32: CALL3(wt_tex_unified_1d_v4f32_s32, wt_tex_unified_1d_v4s32_s32, wt_tex_unified_1d_v4u32_s32, t, a->ix); break;
    case F_1D_LEVEL:
        CALL3(wt_tex_unified_1d_level_v4f32_f32, wt_tex_unified_1d_level_v4s32_f32, wt_tex_unified_1d_level_v4u32_f32, t,
              a->x, a->lod);
        break;
    case F_1D_GRAD:
        CALL3(wt_tex_unified_1d_grad_v4f32_f32, wt_tex_unified_1d_grad_v4s32_f32, wt_tex_unified_1d_grad_v4u32_f32, t,
              a->x, a->dx[0], a->dy[0]);
        break;
    case F_2D: CALL3(wt_tex_unified_2d_v4f32_f32, wt_tex_unified_2d_v4s32_f32, wt_tex_unified_2d_v4u32_f32, t, a->x, a->y); break;
    case F_2D_S32:
        CALL3(wt_tex_unified_2d_v4f32_s32, wt_tex_unified_2d_v4s32_s32, wt_tex_unified_2d_v4u32_s32, t, a->ix, a->iy);
        break;
    case F_2D_LEVEL:
        CALL3(wt_tex_unified_2d_level_v4f32_f32, wt_tex_unified_2d_level_v4s32_f32, wt_tex_unified_2d_level_v4u32_f32, t,
              a->x, a->y, a->lod);
        break;
    case F_2D_GRAD:
        CALL3(wt_tex_unified_2d_grad_v4f32_f32, wt_tex_unified_2d_grad_v4s32_f32, wt_tex_unified_2d_grad_v4u32_f32, t,
              a->x, a->y, a->dx[0], a->dx[1], a->dy[0], a->dy[1]);
        break;
    case F_3D:
        CALL3(wt_tex_unified_3d_v4f32_f32, wt_tex_unified_3d_v4s32_f32, wt_tex_unified_3d_v4u32_f32, t, a->x, a->y, a->z);
        break;
    case F_3D_S32:
        CALL3(wt_tex_unified_3d_v4f32_s32, wt_tex_unified_3d_v4s32_s32, wt_tex_unified_3d_v4u32_s32, t, a->ix, a->iy,
              a->iz);
        break;
    case F_3D_LEVEL:
        CALL3(wt_tex_unified_3d_level_v4f32_f32, wt_tex_unified_3d_level_v4s32_f32, wt_tex_unified_3d_level_v4u32_f32, t,
              a->x, a->y, a->z, a->lod);
        break;
    case F_3D_GRAD:
        CALL3(wt_tex_unified_3d_grad_v4f32_f32, wt_tex_unified_3d_grad_v4s32_f32, wt_tex_unified_3d_grad_v4u32_f32, t,
              a->x, a->y, a->z, a->dx[0], a->dx[1], a->dx[2], a->dy[0], a->dy[1], a->dy[2]);
        break;
    case F_A1D:
        CALL3(wt_tex_unified_1d_array_v4f32_f32, wt_tex_unified_1d_array_v4s32_f32, wt_tex_unified_1d_array_v4u32_f32, t,
              a->idx, a->x);
        break;
    case F_A1D_S32:
        CALL3(wt_tex_unified_1d_array_v4f32_s32, wt_tex_unified_1d_array_v4s32_s32, wt_tex_unified_1d_array_v4u32_s32, t,
              a->idx, a->ix);
        break;
    case F_A1D_LEVEL:
        CALL3(wt_tex_unified_1d_array_level_v4f32_f32, wt_tex_unified_1d_array_level_v4s32_f32,
              wt_tex_unified_1d_array_level_v4u32_f32, t, a->idx, a->x, a->lod);
        break;
    case F_A2D:
        CALL3(wt_tex_unified_2d_array_v4f32_f32, wt_tex_unified_2d_array_v4s32_f32, wt_tex_unified_2d_array_v4u32_f32, t,
              a->idx, a->x, a->y);
        break;
    case F_A2D_S32:
        CALL3(wt_tex_unified_2d_array_v4f32_s32, wt_tex_unified_2d_array_v4s32_s32, wt_tex_unified_2d_array_v4u32_s32, t,
              a->idx, a->ix, a->iy);
        break;
    case F_A2D_LEVEL:
        CALL3(wt_tex_unified_2d_array_level_v4f32_f32, wt_tex_unified_2d_array_level_v4s32_f32,
              wt_tex_unified_2d_array_level_v4u32_f32, t, a->idx, a->x, a->y, a->lod);
        break;
    case F_A2D_GRAD:
        CALL3(wt_tex_unified_2d_array_grad_v4f32_f32, wt_tex_unified_2d_array_grad_v4s32_f32,
              wt_tex_unified_2d_array_grad_v4u32_f32, t, a->idx, a->x, a->y, a->dx[0], a->dx[1], a->dy[0], a->dy[1]);
        break;
    case F_TLD4_R:
        CALL3(wt_tld4_unified_r_2d_v4f32_f32, wt_tld4_unified_r_2d_v4s32_f32, wt_tld4_unified_r_2d_v4u32_f32, t, a->x, a->y);
        break;
    case F_TLD4_G:
        CALL3(wt_tld4_unified_g_2d_v4f32_f32, wt_tld4_unified_g_2d_v4s32_f32, wt_tld4_unified_g_2d_v4u32_f32, t, a->x, a->y);
        break;
    case F_TLD4_B:
        CALL3(wt_tld4_unified_b_2d_v4f32_f32, wt_tld4_unified_b_2d_v4s32_f32, wt_tld4_unified_b_2d_v4u32_f32, t, a->x, a->y);
        break;
    case F_TLD4_A:
        CALL3(wt_tld4_unified_a_2d_v4f32_f32, wt_tld4_unified_a_2d_v4s32_f32, wt_tld4_unified_a_2d_v4u32_f32, t, a->x, a->y);
        break;
    case F_TLD4_A2D_G:
        CALL3(wt_tld4_unified_g_2d_array_v4f32_f32, wt_tld4_unified_g_2d_array_v4s32_f32,
              wt_tld4_unified_g_2d_array_v4u32_f32, t, a->idx, a->x, a->y);
        break;
    case F_IND_2D: CALL3(wt_tex_2d_v4f32_f32, wt_tex_2d_v4s32_f32, wt_tex_2d_v4u32_f32, t, s, a->x, a->y); break;
    case F_IND_1D_S32: CALL3(wt_tex_1d_v4f32_s32, wt_tex_1d_v4s32_s32, wt_tex_1d_v4u32_s32, t, s, a->ix); break;
    case F_IND_A2D_LEVEL:
        CALL3(wt_tex_2d_array_level_v4f32_f32, wt_tex_2d_array_level_v4s32_f32, wt_tex_2d_array_level_v4u32_f32, t, s,
              a->idx, a->x, a->y, a->lod);
        break;
    default: break;
    }
}

/* The op record and warp operands of the same form. */
static void warp_op(form f, wt_dtype dt, wt_op *op)
{
    memset(op, 0, sizeof *op);
    op->family = WT_FAMILY_TEX;
    op->dtype = (uint8_t)dt;
    op->mip = WT_MIP_BASE;
    op->ctype = WT_CTYPE_F32;
    static const uint8_t geom[F_COUNT] = {
        WT_GEOM_1D,  WT_GEOM_1D,  WT_GEOM_1D,  WT_GEOM_1D,  WT_GEOM_2D,  WT_GEOM_2D,  WT_GEOM_2D,
        WT_GEOM_2D,  WT_GEOM_3D,  WT_GEOM_3D,  WT_GEOM_3D,  WT_GEOM_3D,  WT_GEOM_A1D, WT_GEOM_A1D,
        WT_GEOM_A1D, WT_GEOM_A2D, WT_GEOM_A2D, WT_GEOM_A2D, WT_GEOM_A2D, WT_GEOM_2D,  WT_GEOM_2D,
        WT_GEOM_2D,  WT_GEOM_2D,  WT_GEOM_A2D, WT_GEOM_2D,  WT_GEOM_1D,  WT_GEOM_A2D,
    };
    op->geom = geom[f];
    switch (f) {
    case F_1D_S32: case F_2D_S32: case F_3D_S32: case F_A1D_S32: case F_A2D_S32: case F_IND_1D_S32:
        op->ctype = WT_CTYPE_S32;
        break;
    case F_1D_LEVEL: case F_2D_LEVEL: case F_3D_LEVEL: case F_A1D_LEVEL: case F_A2D_LEVEL: case F_IND_A2D_LEVEL:
        op->mip = WT_MIP_LEVEL;
        break;
    case F_1D_GRAD: case F_2D_GRAD: case F_3D_GRAD: case F_A2D_GRAD:
        op->mip = WT_MIP_GRAD;
        break;
    case F_TLD4_R: case F_TLD4_G: case F_TLD4_B: case F_TLD4_A:
        op->family = WT_FAMILY_TLD4;
        op->comp = (uint8_t)(f - F_TLD4_R);
        break;
    case F_TLD4_A2D_G:
        op->family = WT_FAMILY_TLD4;
        op->comp = 1;
        break;
    default: break;
    }
    if (f == F_IND_2D || f == F_IND_1D_S32 || f == F_IND_A2D_LEVEL)
        op->flags = WT_OP_SAMPLER;
}

static void warp_args(const wt_op *op, const lane_in *a, int l, wt_tex_args *in)
{
    int s32 = op->ctype == WT_CTYPE_S32;
    uint32_t x = s32 ? (uint32_t)a->ix : fb(a->x), y = s32 ? (uint32_t)a->iy : fb(a->y),
             z = s32 ? (uint32_t)a->iz : fb(a->z);
    switch (op->geom) {
    case WT_GEOM_1D: in->c[0][l] = x; break;
    case WT_GEOM_2D: in->c[0][l] = x; in->c[1][l] = y; break;
    case WT_GEOM_3D: in->c[0][l] = x; in->c[1][l] = y; in->c[2][l] = z; break;
    case WT_GEOM_A1D: in->c[0][l] = (uint32_t)a->idx; in->c[1][l] = x; break;
    default: in->c[0][l] = (uint32_t)a->idx; in->c[1][l] = x; in->c[2][l] = y; break;
    }
    in->lod[l] = fb(a->lod);
    for (int k = 0; k < 3; k++) {
        in->dpdx[k][l] = a->dx[k];
        in->dpdy[k][l] = a->dy[k];
    }
}

typedef struct tex_case {
    const char *name;
    wt_geom g;
    int w, h, d, layers;
    int fmt; /* index into cu_formats */
    wt_filter_mode filter;
    wt_address_mode addr;
    int normalized;
    int forms[8]; /* terminated by -1 */
} tex_case;

static int fmt_index(const char *name)
{
    for (int i = 0; i < cu_nformats; i++)
        if (strcmp(cu_formats[i].name, name) == 0)
            return i;
    return 0;
}

static void random_lane(cu_rng *r, const cm_texture *m, lane_in *a)
{
    int size[3] = {m->w, m->h, m->d};
    float *xyz[3] = {&a->x, &a->y, &a->z};
    int32_t *ixyz[3] = {&a->ix, &a->iy, &a->iz};
    for (int k = 0; k < 3; k++) {
        *xyz[k] = cu_coord(r, size[k], m->normalized, m->addr[k], m->filter == WT_FILTER_LINEAR);
        *ixyz[k] = (int32_t)cu_below(r, (uint32_t)size[k] + 4) - 2;
    }
    a->idx = (int32_t)cu_layer(r, m->layers);
    a->lod = -2.0f + 6.0f * (float)cu_below(r, 1024) / 1024.0f;
    for (int k = 0; k < 3; k++) {
        a->dx[k] = -0.5f + (float)cu_below(r, 1024) / 1024.0f;
        a->dy[k] = -0.5f + (float)cu_below(r, 1024) / 1024.0f;
    }
}

static long run_case(const tex_case *tc, cu_rng *r)
{
    cm_texture m;
    memset(&m, 0, sizeof m);
    m.geom = tc->g;
    m.w = tc->w;
    m.h = tc->h;
    m.d = tc->d;
    m.layers = tc->layers;
    cu_set_format(&m, &cu_formats[tc->fmt]);
    m.filter = tc->filter;
    m.addr[0] = m.addr[1] = m.addr[2] = tc->addr;
    m.normalized = tc->normalized;
    cu_random_border(m.border, r);
    size_t n = cu_texel_count(&m);
    void *buf = malloc(n * cm_elem_size(&m));
    assert_non_null(buf);
    cu_fill_texels(&m, buf, n, r);
    m.texels = buf;
    wt_array arr;
    assert_int_equal(cu_make_array(&m, &arr), WT_SUCCESS);
    wt_tex tex;
    assert_int_equal(cu_make_tex(&m, arr, &tex), WT_SUCCESS);
    /* an independent-mode sampler that differs from the texture's own state */
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.address_mode[0] = sd.address_mode[1] = sd.address_mode[2] = WT_ADDRESS_BORDER;
    sd.filter_mode = cm_reads_float(&m) ? WT_FILTER_LINEAR : WT_FILTER_POINT;
    wt_sampler smp;
    assert_int_equal(wt_create_sampler_object(&smp, &sd), WT_SUCCESS);

    wt_dtype dt = cm_dtype(&m);
    long bad = 0;
    for (int fi = 0; fi < 8 && tc->forms[fi] >= 0; fi++) {
        form f = (form)tc->forms[fi];
        wt_op op;
        warp_op(f, dt, &op);
        for (int w = 0; w < 6; w++) {
            lane_in a[WT_WARP_SIZE];
            wt_tex_args in;
            memset(&in, 0, sizeof in);
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                random_lane(r, &m, &a[l]);
                warp_args(&op, &a[l], l, &in);
            }
            uint32_t active = (w & 1) ? (uint32_t)cu_next(r) : 0xffffffffu;
            wt_tex_result res;
            memset(&res, 0, sizeof res);
            wt_status st = wt_tex_warp(&op, tex, smp, active, &in, &res);
            if (st != WT_SUCCESS) {
                printf("REPRO case=%s form=%s warp=%d: wt_tex_warp returned %s (%s)\n", tc->name, k_form_names[f], w,
                       wt_status_string(st), wt_last_error_message());
                bad++;
                continue;
            }
            (void)wt_get_last_error();
            for (int l = 0; l < WT_WARP_SIZE; l++) {
                if (!((active >> l) & 1u))
                    continue;
                uint32_t got[4];
                lane_call(f, dt, tex, smp, &a[l], got);
                for (int k = 0; k < 4; k++) {
                    if (got[k] == res.d[k][l])
                        continue;
                    bad++;
                    if (cu_printed++ < 25)
                        printf("REPRO case=%s form=%s warp=%d lane=%d x=%a y=%a z=%a ix=%d iy=%d iz=%d idx=%d lod=%a "
                               "reg=%d lane_call=0x%08x warp=0x%08x\n",
                               tc->name, k_form_names[f], w, l, (double)a[l].x, (double)a[l].y, (double)a[l].z,
                               a[l].ix, a[l].iy, a[l].iz, a[l].idx, (double)a[l].lod, k, got[k], res.d[k][l]);
                }
            }
            wt_status le = wt_peek_last_error();
            if (le != WT_SUCCESS) {
                printf("REPRO case=%s form=%s warp=%d: lane calls set last error %s\n", tc->name, k_form_names[f], w,
                       wt_status_string(le));
                bad++;
                (void)wt_get_last_error();
            }
        }
    }
    assert_int_equal(wt_destroy_sampler_object(smp), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(tex), WT_SUCCESS);
    wt_free_array(arr);
    free(buf);
    return bad;
}

static void test_lane_equals_warp(void **state)
{
    (void)state;
    const tex_case cases[] = {
        {"1d f32x1 linear border norm", WT_GEOM_1D, 7, 1, 1, 1, fmt_index("f32x1"), WT_FILTER_LINEAR, WT_ADDRESS_BORDER, 1,
         {F_1D, F_1D_S32, F_1D_LEVEL, F_1D_GRAD, F_IND_1D_S32, -1}},
        {"1d s8x1 point wrap", WT_GEOM_1D, 5, 1, 1, 1, fmt_index("s8x1"), WT_FILTER_POINT, WT_ADDRESS_WRAP, 1,
         {F_1D, F_1D_S32, F_1D_LEVEL, F_IND_1D_S32, -1}},
        {"2d rgba8 linear border norm", WT_GEOM_2D, 5, 3, 1, 1, fmt_index("rgba8_unorm"), WT_FILTER_LINEAR,
         WT_ADDRESS_BORDER, 1, {F_2D, F_2D_S32, F_2D_LEVEL, F_2D_GRAD, F_TLD4_R, F_TLD4_A, F_IND_2D, -1}},
        {"2d f32x2 linear wrap norm", WT_GEOM_2D, 4, 4, 1, 1, fmt_index("f32x2"), WT_FILTER_LINEAR, WT_ADDRESS_WRAP, 1,
         {F_2D, F_2D_LEVEL, F_TLD4_G, F_TLD4_B, F_IND_2D, -1}},
        {"2d u16x2 point clamp", WT_GEOM_2D, 5, 3, 1, 1, fmt_index("u16x2"), WT_FILTER_POINT, WT_ADDRESS_CLAMP, 0,
         {F_2D, F_2D_S32, F_2D_GRAD, F_TLD4_R, F_TLD4_G, F_IND_2D, -1}},
        {"3d f16x4 linear mirror norm", WT_GEOM_3D, 3, 4, 2, 1, fmt_index("f16x4"), WT_FILTER_LINEAR, WT_ADDRESS_MIRROR,
         1, {F_3D, F_3D_S32, F_3D_LEVEL, F_3D_GRAD, -1}},
        {"3d s16x4 point border", WT_GEOM_3D, 4, 2, 3, 1, fmt_index("s16x4"), WT_FILTER_POINT, WT_ADDRESS_BORDER, 0,
         {F_3D, F_3D_S32, -1}},
        {"a1d rgba16 linear mirror norm", WT_GEOM_A1D, 6, 1, 1, 3, fmt_index("rgba16_unorm"), WT_FILTER_LINEAR,
         WT_ADDRESS_MIRROR, 1, {F_A1D, F_A1D_S32, F_A1D_LEVEL, -1}},
        {"a2d r8_snorm linear clamp", WT_GEOM_A2D, 4, 3, 1, 2, fmt_index("r8_snorm"), WT_FILTER_LINEAR, WT_ADDRESS_CLAMP,
         0, {F_A2D, F_A2D_S32, F_A2D_LEVEL, F_A2D_GRAD, F_TLD4_A2D_G, F_IND_A2D_LEVEL, -1}},
        {"a2d u32x1 point wrap norm", WT_GEOM_A2D, 3, 3, 1, 2, fmt_index("u32x1"), WT_FILTER_POINT, WT_ADDRESS_WRAP, 1,
         {F_A2D, F_A2D_S32, F_TLD4_A2D_G, F_IND_A2D_LEVEL, -1}},
    };
    cu_rng r = {0x1a4e0ba4ull};
    long bad = 0;
    (void)wt_get_last_error();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad += run_case(&cases[i], &r);
    assert_int_equal(bad, 0);
}

/* A bad handle: the lane call returns zeros and records WT_ERROR_INVALID_HANDLE. */
static void test_lane_bad_handle(void **state)
{
    (void)state;
    (void)wt_get_last_error();
    wt_float4 v = wt_tex_unified_2d_v4f32_f32(0, 0.5f, 0.5f);
    assert_int_equal(fb(v.x) | fb(v.y) | fb(v.z) | fb(v.w), 0u);
    assert_int_equal(wt_peek_last_error(), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_peek_last_error(), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lane_equals_warp),
        cmocka_unit_test(test_lane_bad_handle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
