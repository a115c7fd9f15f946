/* test_ptx_fixtures.c -- every texture and surface form of tests/ptx/fixtures, run from nvcc's PTX
 * (-O3 and -G, sm_75 and sm_90), bit for bit against the NVVM-named C calls on the same objects
 * SPDX-License-Identifier: MIT */
#include "ptx_test_util.h"

#define N 200 /* threads per kernel: 7 warps, the last one partial */

static const char *const variants[] = {"sm_75.O3", "sm_90.O3", "sm_75.G", "sm_90.G"};
#define NVAR 4

typedef struct { float a, b, c, d, e, f, g, h; } op8;

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float ibits(int32_t i)
{
    float f;
    memcpy(&f, &i, 4);
    return f;
}

/* ---- textures ---- */
enum { T_LIN_F, T_LIN_I, T_1D, T_2D, T_2DI, T_2DU, T_3D, T_A1D, T_A2D, T_CUBE, T_ACUBE, T_MIP2D, T_MIP1D, T_MIPA2D,
       T_MIPA1D, T_3DI, T_COUNT };
static wt_tex tex[T_COUNT];
static wt_array arrs[16];
static int narrs;
static wt_mipmapped_array mips[4];
static int nmips;
static void *linbuf[2];

static wt_tex lin_tex(wt_channel_desc cd, size_t n, int idx, uint64_t seed)
{
    size_t bytes = n * 16;
    void *p = aligned_alloc(64, bytes);
    assert_non_null(p);
    for (size_t i = 0; i < bytes; i++)
        ((uint8_t *)p)[i] = (uint8_t)pt_rng(&seed);
    if (cd.kind == WT_CHANNEL_FLOAT)
        for (size_t i = 0; i < n * 4; i++) {
            float f = (float)i * 0.25f - 3.0f;
            memcpy((uint8_t *)p + 4 * i, &f, 4);
        }
    linbuf[idx] = p;
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.type = WT_RESOURCE_LINEAR;
    rd.res.linear.dev_ptr = p;
    rd.res.linear.desc = cd;
    rd.res.linear.size_in_bytes = bytes;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    wt_tex t;
    if (wt_create_texture_object(&t, &rd, &td, NULL) != WT_SUCCESS)
        fail_msg("linear texture: %s", wt_last_error_message());
    return t;
}

static wt_tex mip_tex(wt_channel_desc cd, size_t w, size_t h, size_t d, unsigned levels, unsigned flags, uint64_t seed)
{
    wt_mipmapped_array m;
    if (wt_malloc_mipmapped_array(&m, &cd, w, h, d, levels, flags) != WT_SUCCESS)
        fail_msg("mipmapped array: %s", wt_last_error_message());
    mips[nmips++] = m;
    pt_fill_mip_rgba8(m, w, h, d, levels, flags, &seed);
    return pt_tex_mip(m, (float)levels, 4);
}

static int setup_textures(void **state)
{
    (void)state;
    wt_channel_desc u8 = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_channel_desc f32 = wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_FLOAT);
    wt_channel_desc s32 = wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_SIGNED);
    wt_channel_desc u32 = wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_UNSIGNED);
    wt_channel_desc u16 = wt_make_channel_desc(16, 16, 16, 16, WT_CHANNEL_UNSIGNED);
    tex[T_LIN_F] = lin_tex(f32, 64, 0, 1);
    tex[T_LIN_I] = lin_tex(s32, 64, 1, 2);
    arrs[narrs] = pt_array(u8, 37, 0, 0, 0, 3);
    tex[T_1D] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_WRAP);
    arrs[narrs] = pt_array(u8, 23, 17, 0, WT_ARRAY_TEXTURE_GATHER, 4);
    tex[T_2D] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_MIRROR);
    arrs[narrs] = pt_array(s32, 9, 7, 0, 0, 5);
    tex[T_2DI] = pt_tex_array(arrs[narrs++], WT_FILTER_POINT, WT_READ_ELEMENT_TYPE, 0, WT_ADDRESS_CLAMP);
    arrs[narrs] = pt_array(u32, 9, 7, 0, 0, 6);
    tex[T_2DU] = pt_tex_array(arrs[narrs++], WT_FILTER_POINT, WT_READ_ELEMENT_TYPE, 0, WT_ADDRESS_BORDER);
    arrs[narrs] = pt_array(u16, 6, 5, 4, 0, 7);
    tex[T_3D] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_CLAMP);
    arrs[narrs] = pt_array(u8, 11, 0, 3, WT_ARRAY_LAYERED, 8);
    tex[T_A1D] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_WRAP);
    arrs[narrs] = pt_array(u8, 8, 6, 3, WT_ARRAY_LAYERED, 9);
    tex[T_A2D] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_CLAMP);
    arrs[narrs] = pt_array(u8, 5, 5, 6, WT_ARRAY_CUBEMAP, 10);
    tex[T_CUBE] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_CLAMP);
    arrs[narrs] = pt_array(u8, 4, 4, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, 11);
    tex[T_ACUBE] = pt_tex_array(arrs[narrs++], WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_CLAMP);
    tex[T_MIP2D] = mip_tex(u8, 32, 16, 0, 6, 0, 12);
    tex[T_MIP1D] = mip_tex(u8, 64, 0, 0, 7, 0, 13);
    tex[T_MIPA2D] = mip_tex(u8, 16, 16, 3, 5, WT_ARRAY_LAYERED, 14);
    tex[T_MIPA1D] = mip_tex(u8, 64, 0, 3, 7, WT_ARRAY_LAYERED, 15);
    arrs[narrs] = pt_array(s32, 5, 4, 3, 0, 16);
    tex[T_3DI] = pt_tex_array(arrs[narrs++], WT_FILTER_POINT, WT_READ_ELEMENT_TYPE, 0, WT_ADDRESS_WRAP);
    return 0;
}

static int teardown_textures(void **state)
{
    (void)state;
    for (int i = 0; i < T_COUNT; i++)
        wt_destroy_texture_object(tex[i]);
    for (int i = 0; i < narrs; i++)
        wt_free_array(arrs[i]);
    for (int i = 0; i < nmips; i++)
        wt_free_mipmapped_array(mips[i]);
    free(linbuf[0]);
    free(linbuf[1]);
    return 0;
}

/* ---- the tex kernels and their C twins ---- */
typedef struct tex_case {
    const char *kernel;
    int t;
    int dtype; /* 0 float, 1 int, 2 uint */
} tex_case;

static const tex_case tex_cases[] = {
    {"k_fetch1d_f", T_LIN_F, 0},    {"k_fetch1d_i", T_LIN_I, 1},    {"k_fetch1d_u", T_LIN_I, 2},
    {"k_tex1d_f", T_1D, 0},         {"k_tex2d_f", T_2D, 0},         {"k_tex2d_i", T_2DI, 1},
    {"k_tex2d_u", T_2DU, 2},        {"k_tex3d_f", T_3D, 0},         {"k_tex1dl_f", T_A1D, 0},
    {"k_tex2dl_f", T_A2D, 0},       {"k_cube_f", T_CUBE, 0},        {"k_cubel_f", T_ACUBE, 0},
    {"k_tex1dlod_f", T_MIP1D, 0},   {"k_tex2dlod_f", T_MIP2D, 0},   {"k_tex2dlod_u", T_2DU, 2},
    {"k_tex3dlod_f", T_3D, 0},      {"k_tex2dllod_f", T_MIPA2D, 0}, {"k_cubelod_f", T_CUBE, 0},
    {"k_tex1dgrad_f", T_MIP1D, 0},  {"k_tex2dgrad_f", T_MIP2D, 0},  {"k_tex2dlgrad_f", T_MIPA2D, 0},
    {"k_tex3dgrad_f", T_3D, 0},     {"k_gather_f", T_2D, 0},        {"k_gather_i", T_2DI, 1},
    {"k_gather_u", T_2DU, 2},       {"k_tex2d_resident", T_2D, 0},  {"k_tex1dllod_f", T_MIPA1D, 0},
    {"k_cubellod_f", T_ACUBE, 0},   {"k_tex3dlod_i", T_3DI, 1},     {"k_tex1dlgrad_f", T_MIPA1D, 0},
    {"k_cubegrad_f", T_CUBE, 0},
};
#define NTEX (sizeof tex_cases / sizeof tex_cases[0])

static void f4(uint32_t r[4], wt_float4 v)
{
    r[0] = fbits(v.x);
    r[1] = fbits(v.y);
    r[2] = fbits(v.z);
    r[3] = fbits(v.w);
}
static void i4(uint32_t r[4], wt_int4 v)
{
    r[0] = (uint32_t)v.x;
    r[1] = (uint32_t)v.y;
    r[2] = (uint32_t)v.z;
    r[3] = (uint32_t)v.w;
}

static void expect_tex(const char *k, wt_tex t, const op8 *o, uint32_t r[4])
{
    int32_t ia = (int32_t)fbits(o->a), id = (int32_t)fbits(o->d);
#define IS(name) (!strcmp(k, name))
    if (IS("k_fetch1d_f")) f4(r, wt_tex_unified_1d_v4f32_s32(t, ia));
    else if (IS("k_fetch1d_i")) i4(r, wt_tex_unified_1d_v4s32_s32(t, ia));
    else if (IS("k_fetch1d_u")) i4(r, wt_tex_unified_1d_v4u32_s32(t, ia));
    else if (IS("k_tex1d_f")) f4(r, wt_tex_unified_1d_v4f32_f32(t, o->a));
    else if (IS("k_tex2d_f")) f4(r, wt_tex_unified_2d_v4f32_f32(t, o->a, o->b));
    else if (IS("k_tex2d_i")) i4(r, wt_tex_unified_2d_v4s32_f32(t, o->a, o->b));
    else if (IS("k_tex2d_u")) i4(r, wt_tex_unified_2d_v4u32_f32(t, o->a, o->b));
    else if (IS("k_tex3d_f")) f4(r, wt_tex_unified_3d_v4f32_f32(t, o->a, o->b, o->c));
    else if (IS("k_tex1dl_f")) f4(r, wt_tex_unified_1d_array_v4f32_f32(t, id, o->a));
    else if (IS("k_tex2dl_f")) f4(r, wt_tex_unified_2d_array_v4f32_f32(t, id, o->a, o->b));
    else if (IS("k_cube_f")) f4(r, wt_tex_unified_cube_v4f32_f32(t, o->a, o->b, o->c));
    else if (IS("k_cubel_f")) f4(r, wt_tex_unified_cube_array_v4f32_f32(t, id, o->a, o->b, o->c));
    else if (IS("k_tex1dlod_f")) f4(r, wt_tex_unified_1d_level_v4f32_f32(t, o->a, o->e));
    else if (IS("k_tex2dlod_f")) f4(r, wt_tex_unified_2d_level_v4f32_f32(t, o->a, o->b, o->e));
    else if (IS("k_tex2dlod_u")) i4(r, wt_tex_unified_2d_level_v4u32_f32(t, o->a, o->b, o->e));
    else if (IS("k_tex3dlod_f")) f4(r, wt_tex_unified_3d_level_v4f32_f32(t, o->a, o->b, o->c, o->e));
    else if (IS("k_tex2dllod_f")) f4(r, wt_tex_unified_2d_array_level_v4f32_f32(t, id, o->a, o->b, o->e));
    else if (IS("k_cubelod_f")) f4(r, wt_tex_unified_cube_level_v4f32_f32(t, o->a, o->b, o->c, o->e));
    else if (IS("k_tex1dgrad_f")) f4(r, wt_tex_unified_1d_grad_v4f32_f32(t, o->a, o->f, o->g));
    else if (IS("k_tex2dgrad_f")) f4(r, wt_tex_unified_2d_grad_v4f32_f32(t, o->a, o->b, o->e, o->f, o->g, o->h));
    else if (IS("k_tex2dlgrad_f"))
        f4(r, wt_tex_unified_2d_array_grad_v4f32_f32(t, id, o->a, o->b, o->e, o->f, o->g, o->h));
    else if (IS("k_tex3dgrad_f"))
        f4(r, wt_tex_unified_3d_grad_v4f32_f32(t, o->a, o->b, o->c, o->e, o->f, o->g, o->h, o->e, o->f));
    else if (IS("k_gather_f") || IS("k_gather_i") || IS("k_gather_u")) {
        int c = id & 3, f = IS("k_gather_f"), s = IS("k_gather_i");
        if (f) {
            wt_float4 v = c == 0 ? wt_tld4_unified_r_2d_v4f32_f32(t, o->a, o->b) : c == 1 ? wt_tld4_unified_g_2d_v4f32_f32(t, o->a, o->b)
                        : c == 2 ? wt_tld4_unified_b_2d_v4f32_f32(t, o->a, o->b) : wt_tld4_unified_a_2d_v4f32_f32(t, o->a, o->b);
            f4(r, v);
        } else if (s) {
            wt_int4 v = c == 0 ? wt_tld4_unified_r_2d_v4s32_f32(t, o->a, o->b) : c == 1 ? wt_tld4_unified_g_2d_v4s32_f32(t, o->a, o->b)
                      : c == 2 ? wt_tld4_unified_b_2d_v4s32_f32(t, o->a, o->b) : wt_tld4_unified_a_2d_v4s32_f32(t, o->a, o->b);
            i4(r, v);
        } else {
            wt_int4 v = c == 0 ? wt_tld4_unified_r_2d_v4u32_f32(t, o->a, o->b) : c == 1 ? wt_tld4_unified_g_2d_v4u32_f32(t, o->a, o->b)
                      : c == 2 ? wt_tld4_unified_b_2d_v4u32_f32(t, o->a, o->b) : wt_tld4_unified_a_2d_v4u32_f32(t, o->a, o->b);
            i4(r, v);
        }
    } else if (IS("k_tex1dllod_f")) {
        f4(r, wt_tex_unified_1d_array_level_v4f32_f32(t, id, o->a, o->e));
    } else if (IS("k_cubellod_f")) {
        f4(r, wt_tex_unified_cube_array_level_v4f32_f32(t, id, o->a, o->b, o->c, o->e));
    } else if (IS("k_tex3dlod_i")) {
        i4(r, wt_tex_unified_3d_level_v4s32_f32(t, o->a, o->b, o->c, o->e));
    } else if (IS("k_tex1dlgrad_f")) {
        f4(r, wt_tex_unified_1d_array_grad_v4f32_f32(t, id, o->a, o->f, o->g));
    } else if (IS("k_cubegrad_f")) {
        f4(r, wt_tex_unified_cube_grad_v4f32_f32(t, o->a, o->b, o->c, o->e, o->f, o->g, o->h, o->g, o->f));
    } else if (IS("k_tex2d_resident")) {
        f4(r, wt_tex_unified_2d_v4f32_f32(t, o->a, o->b));
        r[3] = 7; /* resident: warptex objects always are */
    } else {
        fail_msg("no C twin for %s", k);
    }
#undef IS
}

static void random_ops(op8 *in, int n, uint64_t seed, int t)
{
    for (int i = 0; i < n; i++) {
        op8 *o = &in[i];
        o->a = pt_uni(&seed, -0.3f, 1.3f);
        o->b = pt_uni(&seed, -0.3f, 1.3f);
        o->c = pt_uni(&seed, -1.0f, 1.0f);
        o->d = ibits((int32_t)(pt_rng(&seed) % 5) - 1); /* layers -1..3: out of range clamps */
        o->e = pt_uni(&seed, -1.0f, 6.0f);               /* lod */
        o->f = pt_uni(&seed, -0.2f, 0.2f);
        o->g = pt_uni(&seed, -0.2f, 0.2f);
        o->h = pt_uni(&seed, -0.05f, 0.05f);
        if (t == T_LIN_F || t == T_LIN_I) /* integer texel index, some outside (read 0) */
            o->a = ibits((int32_t)(pt_rng(&seed) % 80) - 8);
        if (t == T_2DI || t == T_2DU || t == T_3DI) { /* unnormalised */
            o->a = pt_uni(&seed, -2.0f, 11.0f);
            o->b = pt_uni(&seed, -2.0f, 9.0f);
        }
        if (i == 5) /* NaN coordinates read as 0 */
            o->a = ibits(0x7fc00000);
    }
}

static void run_tex_variant(const char *variant)
{
    char file[128];
    snprintf(file, sizeof file, "tex_forms.%s.ptx", variant);
    wt_module m = pt_load(file);
    op8 *in = calloc(N, sizeof *in);
    uint32_t *out = calloc(N * 4, 4);
    assert_non_null(in);
    assert_non_null(out);
    assert_int_equal(wt_module_register_memory(m, in, N * sizeof *in, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, N * 16, 1), WT_SUCCESS);
    int n = N, checked = 0;
    for (size_t c = 0; c < NTEX; c++) {
        const tex_case *tc = &tex_cases[c];
        random_ops(in, N, 0x5eed + c, tc->t);
        memset(out, 0xcd, N * 16);
        void *params[4] = {&tex[tc->t], &in, &out, &n};
        pt_launch(m, tc->kernel, (wt_dim3){(N + 63) / 64, 1, 1}, (wt_dim3){64, 1, 1}, params);
        for (int i = 0; i < N; i++) {
            uint32_t e[4];
            expect_tex(tc->kernel, tex[tc->t], &in[i], e);
            for (int k = 0; k < 4; k++)
                if (e[k] != out[4 * i + k])
                    fail_msg("%s %s thread %d component %d: PTX 0x%08x, C API 0x%08x", variant, tc->kernel, i, k,
                             out[4 * i + k], e[k]);
        }
        checked++;
    }
    /* txq / istypep */
    int32_t q[8 * 32];
    assert_int_equal(wt_module_register_memory(m, q, sizeof q, 1), WT_SUCCESS);
    int32_t *qp = q;
    void *qparams[2] = {&tex[T_MIP2D], &qp};
    pt_launch(m, "k_txq", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, qparams);
    wt_tex t = tex[T_MIP2D];
    int32_t e[8] = {wt_txq_width(t), wt_txq_height(t), wt_txq_depth(t), wt_txq_num_mipmap_levels(t),
                    wt_txq_filter_mode(t), wt_txq_addr_mode_0(t), wt_txq_level_width(t, 1), wt_istypep_texref(t)};
    for (int l = 0; l < 32; l++)
        for (int k = 0; k < 8; k++)
            if (q[8 * l + k] != e[k])
                fail_msg("%s k_txq lane %d query %d: PTX %d, C API %d", variant, l, k, q[8 * l + k], e[k]);
    assert_int_equal(e[0], 32);
    assert_int_equal(e[7], 1);
    assert_int_equal(checked, (int)NTEX);
    wt_module_unload(m);
    free(in);
    free(out);
}

static void tex_sm75_O3(void **s) { (void)s; run_tex_variant(variants[0]); }
static void tex_sm90_O3(void **s) { (void)s; run_tex_variant(variants[1]); }
static void tex_sm75_G(void **s) { (void)s; run_tex_variant(variants[2]); }
static void tex_sm90_G(void **s) { (void)s; run_tex_variant(variants[3]); }

/* ---- surfaces ---- */
typedef struct { int32_t x, y, z, v; } q4;

typedef struct surf_case {
    const char *kernel;
    int surf;  /* index into the surface table */
    int store; /* 1: compare the surface contents afterwards */
    int words; /* output words per thread (loads) */
} surf_case;

enum { S_1D32, S_2D8, S_2D32, S_3D32, S_A1D16, S_A2D64, S_2DF, S_1D16, S_3D64, S_COUNT };
static const struct { wt_channel_desc cd; int w, h, d; unsigned flags; } surf_shapes[S_COUNT] = {
    {{32, 0, 0, 0, WT_CHANNEL_UNSIGNED}, 40, 0, 0, 0},
    {{8, 8, 8, 8, WT_CHANNEL_UNSIGNED}, 13, 9, 0, 0},
    {{32, 32, 32, 32, WT_CHANNEL_UNSIGNED}, 7, 6, 0, 0},
    {{32, 0, 0, 0, WT_CHANNEL_FLOAT}, 5, 4, 3, 0},
    {{16, 0, 0, 0, WT_CHANNEL_UNSIGNED}, 20, 0, 3, WT_ARRAY_LAYERED},
    {{32, 32, 0, 0, WT_CHANNEL_UNSIGNED}, 6, 5, 2, WT_ARRAY_LAYERED},
    {{8, 8, 8, 8, WT_CHANNEL_UNSIGNED_NORMALIZED_8X4}, 13, 9, 0, 0},
    {{16, 0, 0, 0, WT_CHANNEL_UNSIGNED}, 20, 0, 0, 0},
    {{32, 32, 0, 0, WT_CHANNEL_UNSIGNED}, 5, 4, 3, 0},
};
static const surf_case surf_cases[] = {
    {"k_suld1d_b32", S_1D32, 0, 1},    {"k_suld2d_v4b8", S_2D8, 0, 1},    {"k_suld2d_v2b16", S_2D8, 0, 1},
    {"k_suld2d_v4b32", S_2D32, 0, 4},  {"k_suld2d_b64", S_2D32, 0, 2},    {"k_suld3d_b32", S_3D32, 0, 1},
    {"k_suld1dl_b16", S_A1D16, 0, 1},  {"k_suld2dl_v2b32", S_A2D64, 0, 2}, {"k_sust2d_v4b8", S_2D8, 1, 0},
    {"k_sust2d_b32", S_2D32, 1, 0},    {"k_sust1d_b16", S_1D16, 1, 0},   {"k_sust3d_v2b32", S_3D64, 1, 0},
    {"k_sust2dl_b8", S_A2D64, 1, 0},   {"k_sustp2d", S_2DF, 1, 0},         {"k_sured1d_add", S_1D32, 1, 0},
    {"k_sured2d_min", S_2D32, 1, 0},
};
#define NSURF (sizeof surf_cases / sizeof surf_cases[0])

static size_t elem_size(wt_channel_desc cd) { return (size_t)(cd.x + cd.y + cd.z + cd.w) / 8; }

/* operands: x in bytes for .b forms (a multiple of the access size, some outside), y, z/layer, value */
static void surf_ops(q4 *in, int n, int s, const char *k, uint64_t seed)
{
    int w = surf_shapes[s].w, h = surf_shapes[s].h ? surf_shapes[s].h : 1, d = surf_shapes[s].d ? surf_shapes[s].d : 1;
    int acc = strstr(k, "b64") || strstr(k, "v2b32") ? 8 : strstr(k, "v4b32") ? 16 : strstr(k, "b32") || strstr(k, "v4b8") ||
              strstr(k, "v2b16") || strstr(k, "sured") ? 4 : strstr(k, "b16") ? 2 : 1;
    if (!strcmp(k, "k_sustp2d"))
        acc = 1; /* sust.p: x in elements */
    int es = (int)elem_size(surf_shapes[s].cd);
    for (int i = 0; i < n; i++) {
        int cols = w * es / acc;
        in[i].x = ((int)(pt_rng(&seed) % (uint64_t)(cols + 4)) - 2) * acc;
        in[i].y = (int)(pt_rng(&seed) % (uint64_t)(h + 2)) - 1;
        in[i].z = (int)(pt_rng(&seed) % (uint64_t)(d + 2)) - 1;
        in[i].v = (int32_t)(uint32_t)pt_rng(&seed);
        if (strstr(k, "sured1d")) {
            in[i].x = (int)(pt_rng(&seed) % (uint64_t)w) * 4;
            in[i].v = (int32_t)(pt_rng(&seed) % 1000);
        }
    }
}

static void expect_surf_load(const char *k, wt_surf s, const q4 *q, uint32_t *e)
{
#define IS(name) (!strcmp(k, name))
    if (IS("k_suld1d_b32")) e[0] = (uint32_t)wt_suld_1d_i32_zero(s, q->x);
    else if (IS("k_suld2d_v4b8")) {
        wt_short4 v = wt_suld_2d_v4i8_clamp(s, q->x, q->y);
        e[0] = (uint32_t)(v.x & 255) | (uint32_t)(v.y & 255) << 8 | (uint32_t)(v.z & 255) << 16 | (uint32_t)(v.w & 255) << 24;
    } else if (IS("k_suld2d_v2b16")) {
        wt_short2 v = wt_suld_2d_v2i16_zero(s, q->x, q->y);
        e[0] = (uint32_t)(uint16_t)v.x | (uint32_t)(uint16_t)v.y << 16;
    } else if (IS("k_suld2d_v4b32")) {
        wt_int4 v = wt_suld_2d_v4i32_zero(s, q->x, q->y);
        i4(e, v);
    } else if (IS("k_suld2d_b64")) {
        uint64_t v = (uint64_t)wt_suld_2d_i64_zero(s, q->x, q->y);
        e[0] = (uint32_t)v;
        e[1] = (uint32_t)(v >> 32);
    } else if (IS("k_suld3d_b32")) e[0] = (uint32_t)wt_suld_3d_i32_clamp(s, q->x, q->y, q->z);
    else if (IS("k_suld1dl_b16")) e[0] = (uint16_t)wt_suld_1d_array_i16_zero(s, q->z, q->x);
    else if (IS("k_suld2dl_v2b32")) {
        wt_int2 v = wt_suld_2d_array_v2i32_zero(s, q->z, q->x, q->y);
        e[0] = (uint32_t)v.x;
        e[1] = (uint32_t)v.y;
    } else
        fail_msg("no C twin for %s", k);
#undef IS
}

static void expect_surf_store(const char *k, wt_surf s, const q4 *q)
{
#define IS(name) (!strcmp(k, name))
    uint32_t v = (uint32_t)q->v;
    if (IS("k_sust2d_v4b8"))
        wt_sust_b_2d_v4i8_zero(s, q->x, q->y, (int16_t)(v & 255), (int16_t)((v >> 8) & 255), (int16_t)((v >> 16) & 255),
                               (int16_t)(v >> 24));
    else if (IS("k_sust2d_b32")) wt_sust_b_2d_i32_clamp(s, q->x, q->y, (int32_t)v);
    else if (IS("k_sust1d_b16")) wt_sust_b_1d_i16_zero(s, q->x, (int16_t)(v & 0xffff));
    else if (IS("k_sust3d_v2b32")) wt_sust_b_3d_v2i32_zero(s, q->x, q->y, q->z, (int32_t)v, (int32_t)~v);
    else if (IS("k_sust2dl_b8")) wt_sust_b_2d_array_i8_zero(s, q->z, q->x, q->y, (int16_t)(v & 255));
    else if (IS("k_sustp2d")) {
        float f = (float)q->v / 255.0f;
        int32_t b = (int32_t)fbits(f);
        wt_sust_p_2d_v4i32_zero(s, q->x, q->y, b, b, b, b);
    } else if (IS("k_sured1d_add")) wt_sured_b_add_1d_u32_trap(s, q->x, q->v);
    else if (IS("k_sured2d_min")) wt_sured_b_min_2d_s32_zero(s, q->x, q->y, q->v);
    else
        fail_msg("no C twin for %s", k);
#undef IS
}

static void run_surf_variant(const char *variant)
{
    char file[128];
    snprintf(file, sizeof file, "surf_forms.%s.ptx", variant);
    wt_module m = pt_load(file);
    q4 *in = calloc(N, sizeof *in);
    uint32_t *out = calloc(N * 4, 4);
    assert_non_null(in);
    assert_non_null(out);
    assert_int_equal(wt_module_register_memory(m, in, N * sizeof *in, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, N * 16, 1), WT_SUCCESS);
    int n = N;
    for (size_t c = 0; c < NSURF; c++) {
        const surf_case *sc = &surf_cases[c];
        int s = sc->surf;
        /* the same random contents in two arrays: one for the PTX kernel, one for the C calls */
        wt_array a = pt_array(surf_shapes[s].cd, (size_t)surf_shapes[s].w, (size_t)surf_shapes[s].h,
                              (size_t)surf_shapes[s].d, surf_shapes[s].flags | WT_ARRAY_SURFACE_LOAD_STORE, 77 + c);
        wt_array b = pt_array(surf_shapes[s].cd, (size_t)surf_shapes[s].w, (size_t)surf_shapes[s].h,
                              (size_t)surf_shapes[s].d, surf_shapes[s].flags | WT_ARRAY_SURFACE_LOAD_STORE, 77 + c);
        wt_surf sa = pt_surf(a), sb = pt_surf(b);
        surf_ops(in, N, s, sc->kernel, 0xabc + c);
        memset(out, 0, N * 16);
        void *params[4] = {&sa, &in, &out, &n};
        /* stores that collide (clamped coordinates) land in thread order only when blocks run one
         * after another, as the C calls below do: one thread for the store kernels */
        int threads = wt_get_num_threads();
        if (sc->store)
            wt_set_num_threads(1);
        pt_launch(m, sc->kernel, (wt_dim3){(N + 31) / 32, 1, 1}, (wt_dim3){32, 1, 1}, params);
        wt_set_num_threads(threads);
        if (sc->store) {
            for (int i = 0; i < N; i++) /* the C calls in thread order: the last store to an element wins */
                expect_surf_store(sc->kernel, sb, &in[i]);
            size_t es = elem_size(surf_shapes[s].cd), w = (size_t)surf_shapes[s].w;
            size_t h = surf_shapes[s].h ? (size_t)surf_shapes[s].h : 1, d = surf_shapes[s].d ? (size_t)surf_shapes[s].d : 1;
            size_t bytes = w * h * d * es;
            uint8_t *ba = malloc(bytes), *bb = malloc(bytes);
            assert_int_equal(wt_memcpy_from_array(ba, w * es, a, 0, 0, 0, w, h, d), WT_SUCCESS);
            assert_int_equal(wt_memcpy_from_array(bb, w * es, b, 0, 0, 0, w, h, d), WT_SUCCESS);
            for (size_t i = 0; i < bytes; i++)
                if (ba[i] != bb[i])
                    fail_msg("%s %s: surface byte %zu: PTX 0x%02x, C API 0x%02x", variant, sc->kernel, i, ba[i], bb[i]);
            free(ba);
            free(bb);
        } else {
            for (int i = 0; i < N; i++) {
                uint32_t e[4] = {0, 0, 0, 0};
                expect_surf_load(sc->kernel, sb, &in[i], e);
                for (int k = 0; k < sc->words; k++)
                    if (e[k] != out[sc->words * i + k])
                        fail_msg("%s %s thread %d word %d: PTX 0x%08x, C API 0x%08x", variant, sc->kernel, i, k,
                                 out[sc->words * i + k], e[k]);
            }
        }
        wt_destroy_surface_object(sa);
        wt_destroy_surface_object(sb);
        wt_free_array(a);
        wt_free_array(b);
    }
    /* suq / istypep */
    wt_array a = pt_array(surf_shapes[S_3D32].cd, 5, 4, 3, WT_ARRAY_SURFACE_LOAD_STORE, 5);
    wt_surf sa = pt_surf(a);
    int32_t q[5 * 32];
    assert_int_equal(wt_module_register_memory(m, q, sizeof q, 1), WT_SUCCESS);
    int32_t *qp = q;
    void *qparams[2] = {&sa, &qp};
    pt_launch(m, "k_suq", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, qparams);
    int32_t e[5] = {wt_suq_width(sa), wt_suq_height(sa), wt_suq_depth(sa), wt_suq_channel_data_type(sa), 1};
    assert_int_equal(e[0], 5);
    for (int l = 0; l < 32; l++)
        for (int k = 0; k < 5; k++)
            if (q[5 * l + k] != e[k])
                fail_msg("%s k_suq lane %d query %d: PTX %d, C API %d", variant, l, k, q[5 * l + k], e[k]);
    /* a trapping store: the launch reports WT_ERROR_TRAP, naming the kernel and a line */
    wt_array a2 = pt_array(surf_shapes[S_2D32].cd, 7, 6, 0, WT_ARRAY_SURFACE_LOAD_STORE, 6);
    wt_surf s2 = pt_surf(a2);
    in[0].x = 4 * 1000;
    in[0].y = 0;
    void *tparams[4] = {&s2, &in, &out, &n};
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, m, "k_sust2d_trap"), WT_SUCCESS);
    n = 1;
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, 0, tparams), WT_ERROR_TRAP);
    assert_non_null(strstr(wt_last_error_message(), "k_sust2d_trap"));
    assert_non_null(strstr(wt_last_error_message(), "line"));
    wt_destroy_surface_object(s2);
    wt_free_array(a2);
    wt_destroy_surface_object(sa);
    wt_free_array(a);
    wt_module_unload(m);
    free(in);
    free(out);
}

static void surf_sm75_O3(void **s) { (void)s; run_surf_variant(variants[0]); }
static void surf_sm90_O3(void **s) { (void)s; run_surf_variant(variants[1]); }
static void surf_sm75_G(void **s) { (void)s; run_surf_variant(variants[2]); }
static void surf_sm90_G(void **s) { (void)s; run_surf_variant(variants[3]); }

/* ---- independent mode (hand-written PTX): module-scope texref/samplerref/surfref ---- */
static void independent_mode(void **state)
{
    (void)state;
    wt_module m = pt_load("independent.ptx");
    wt_tex t = tex[T_2D];
    assert_int_equal(wt_module_set_texref(m, "img", t), WT_SUCCESS);
    assert_int_equal(wt_module_set_texref(m, "smp_free", t), WT_ERROR_INVALID_VALUE); /* wrong kind */
    assert_int_equal(wt_module_set_texref(m, "nothing", t), WT_ERROR_INVALID_VALUE);
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.address_mode[0] = sd.address_mode[1] = WT_ADDRESS_WRAP;
    sd.filter_mode = WT_FILTER_POINT;
    wt_sampler smp_free;
    assert_int_equal(wt_create_sampler_object(&smp_free, &sd), WT_SUCCESS);
    assert_int_equal(wt_module_set_samplerref(m, "smp_free", smp_free), WT_SUCCESS);
    /* the module's own sampler for smp_border, from its initialiser */
    wt_sampler_desc bd;
    memset(&bd, 0, sizeof bd);
    bd.address_mode[0] = bd.address_mode[1] = WT_ADDRESS_BORDER;
    bd.filter_mode = WT_FILTER_LINEAR;
    wt_sampler smp_border;
    assert_int_equal(wt_create_sampler_object(&smp_border, &bd), WT_SUCCESS);
    int n = N;
    float *uv = malloc(N * 8), *out = calloc(N * 8, 4);
    uint64_t seed = 99;
    for (int i = 0; i < 2 * N; i++)
        uv[i] = pt_uni(&seed, -0.5f, 1.5f);
    assert_int_equal(wt_module_register_memory(m, uv, N * 8, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, N * 32, 1), WT_SUCCESS);
    void *params[3] = {&uv, &out, &n};
    pt_launch(m, "k_sample", (wt_dim3){4, 1, 1}, (wt_dim3){64, 1, 1}, params);
    for (int i = 0; i < N; i++) {
        wt_float4 e1 = wt_tex_2d_v4f32_f32(t, smp_border, uv[2 * i], uv[2 * i + 1]);
        wt_float4 e2 = wt_tld4_g_2d_v4f32_f32(t, smp_free, uv[2 * i], uv[2 * i + 1]);
        assert_memory_equal(&e1, out + 8 * i, 16);
        assert_memory_equal(&e2, out + 8 * i + 4, 16);
    }
    /* queries; the surfref is unbound until set, so the store fails with a named error */
    int32_t q[6];
    int32_t *qp = q;
    assert_int_equal(wt_module_register_memory(m, q, sizeof q, 1), WT_SUCCESS);
    void *qparams[1] = {&qp};
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, m, "k_query"), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, 0, qparams), WT_ERROR_INVALID_HANDLE);
    assert_non_null(strstr(wt_last_error_message(), "k_query"));
    wt_array sa = pt_array(wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED), 4, 4, 0, WT_ARRAY_SURFACE_LOAD_STORE, 1);
    wt_surf ss = pt_surf(sa);
    assert_int_equal(wt_module_set_surfref(m, "out_surf", ss), WT_SUCCESS);
    pt_launch(m, "k_query", (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, qparams);
    assert_int_equal(q[0], wt_txq_filter_mode(smp_border));
    assert_int_equal(q[1], wt_txq_addr_mode_0(smp_border));
    assert_int_equal(q[2], 23);
    assert_int_equal(q[3], 1);
    assert_int_equal(q[4], 1);
    assert_int_equal(q[5], 0);
    uint32_t back = 0;
    assert_int_equal(wt_memcpy_from_array(&back, 4, sa, 0, 0, 0, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(back, 23u);
    wt_module_unload(m);
    wt_destroy_sampler_object(smp_free);
    wt_destroy_sampler_object(smp_border);
    wt_destroy_surface_object(ss);
    wt_free_array(sa);
    free(uv);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tex_sm75_O3),  cmocka_unit_test(tex_sm90_O3),  cmocka_unit_test(tex_sm75_G),
        cmocka_unit_test(tex_sm90_G),   cmocka_unit_test(surf_sm75_O3), cmocka_unit_test(surf_sm90_O3),
        cmocka_unit_test(surf_sm75_G),  cmocka_unit_test(surf_sm90_G),  cmocka_unit_test(independent_mode),
    };
    return cmocka_run_group_tests(tests, setup_textures, teardown_textures);
}
