/* test_ptx_programs.c -- whole texture programs (tests/ptx/fixtures/programs.cu) from nvcc's PTX,
 * -O3 and -G, against plain C versions of the same computation (texture fetches through the C API)
 * SPDX-License-Identifier: MIT */
#include <math.h>

#include "ptx_test_util.h"

static const char *const variants[] = {"sm_75.O3", "sm_90.O3", "sm_75.G", "sm_90.G"};

static wt_dim3 grid_for(int w, int h, wt_dim3 b)
{
    return (wt_dim3){(uint32_t)((w + (int)b.x - 1) / (int)b.x), (uint32_t)((h + (int)b.y - 1) / (int)b.y), 1};
}

static void rotate(wt_module m, const char *v)
{
    int w = 45, h = 37;
    wt_array a = pt_array(wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED), 40, 30, 0, 0, 11);
    wt_tex t = pt_tex_array(a, WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 1, WT_ADDRESS_BORDER);
    float *out = calloc((size_t)w * h * 4, 4);
    assert_int_equal(wt_module_register_memory(m, out, (size_t)w * h * 16, 1), WT_SUCCESS);
    double th = 0.6;
    float mm[6] = {(float)cos(th), (float)-sin(th), 9.5f, (float)sin(th), (float)cos(th), -6.25f};
    float invw = 1.0f / 40, invh = 1.0f / 30;
    void *p[12] = {&t, &out, &w, &h, &mm[0], &mm[1], &mm[2], &mm[3], &mm[4], &mm[5], &invw, &invh};
    wt_dim3 b = {16, 8, 1};
    pt_launch(m, "rotate", grid_for(w, h, b), b, p);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float px = (float)x + 0.5f, py = (float)y + 0.5f;
            float u = fmaf(mm[0], px, fmaf(mm[1], py, mm[2]));
            float vv = fmaf(mm[3], px, fmaf(mm[4], py, mm[5]));
            wt_float4 e = wt_tex_unified_2d_v4f32_f32(t, u * invw, vv * invh);
            if (memcmp(&e, out + 4 * (y * w + x), 16))
                fail_msg("%s rotate pixel (%d,%d): PTX %a, C %a", v, x, y, out[4 * (y * w + x)], e.x);
        }
    wt_module_unregister_memory(m, out);
    free(out);
    wt_destroy_texture_object(t);
    wt_free_array(a);
}

static void raymarch(wt_module m, const char *v)
{
    int w = 33, h = 21, steps = 24;
    float dz = 1.0f / 24;
    wt_array a = pt_array(wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT), 12, 10, 8, 0, 12);
    /* dense on the left (rays stop early), thin on the right (rays run all steps) */
    float vol[8][10][12];
    uint64_t seed = 3;
    for (int z = 0; z < 8; z++)
        for (int y = 0; y < 10; y++)
            for (int x = 0; x < 12; x++)
                vol[z][y][x] = pt_uni(&seed, 0.0f, x < 6 ? 3.0f : 0.05f);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, vol, 12 * 4, 12, 10, 8), WT_SUCCESS);
    wt_tex t = pt_tex_array(a, WT_FILTER_LINEAR, WT_READ_ELEMENT_TYPE, 1, WT_ADDRESS_CLAMP);
    float *out = calloc((size_t)w * h, 4);
    assert_int_equal(wt_module_register_memory(m, out, (size_t)w * h * 4, 1), WT_SUCCESS);
    void *p[6] = {&t, &out, &w, &h, &steps, &dz};
    wt_dim3 b = {8, 8, 1};
    pt_launch(m, "raymarch", grid_for(w, h, b), b, p);
    int early = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float u = ((float)x + 0.5f) / (float)w, vv = ((float)y + 0.5f) / (float)h;
            float acc = 0.0f, trans = 1.0f;
            int k;
            for (k = 0; k < steps; k++) {
                float z = ((float)k + 0.5f) * dz;
                float d = wt_tex_unified_3d_v4f32_f32(t, u, vv, z).x;
                float al = d * 0.25f;
                acc = fmaf(trans * al, d, acc);
                trans = trans * (1.0f - al);
                if (trans < 0.01f)
                    break;
            }
            early += k < steps;
            if (memcmp(&acc, out + y * w + x, 4))
                fail_msg("%s raymarch pixel (%d,%d): PTX %a, C %a", v, x, y, out[y * w + x], acc);
        }
    assert_true(early > 0 && early < w * h); /* the rays really diverged */
    wt_module_unregister_memory(m, out);
    free(out);
    wt_destroy_texture_object(t);
    wt_free_array(a);
}

static void blur_pass_c(wt_tex t, uint8_t *dst, int w, int h, int dx, int dy)
{
    static const float wt[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float acc[4] = {0, 0, 0, 0};
            for (int k = -2; k <= 2; k++) {
                wt_float4 c = wt_tex_unified_2d_v4f32_f32(t, (float)(x + k * dx) + 0.5f, (float)(y + k * dy) + 0.5f);
                float q = wt[k + 2];
                acc[0] = fmaf(c.x, q, acc[0]);
                acc[1] = fmaf(c.y, q, acc[1]);
                acc[2] = fmaf(c.z, q, acc[2]);
                acc[3] = fmaf(c.w, q, acc[3]);
            }
            for (int c = 0; c < 4; c++)
                dst[4 * (y * w + x) + c] = (uint8_t)(uint32_t)nearbyintf(acc[c] * 255.0f);
        }
}

static void blur(wt_module m, const char *v)
{
    int w = 29, h = 19;
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_array src = pt_array(cd, (size_t)w, (size_t)h, 0, 0, 13);
    wt_array mid = pt_array(cd, (size_t)w, (size_t)h, 0, WT_ARRAY_SURFACE_LOAD_STORE, 14);
    wt_array dst = pt_array(cd, (size_t)w, (size_t)h, 0, WT_ARRAY_SURFACE_LOAD_STORE, 15);
    wt_tex ts = pt_tex_array(src, WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 0, WT_ADDRESS_CLAMP);
    wt_tex tm = pt_tex_array(mid, WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 0, WT_ADDRESS_CLAMP);
    wt_surf sm = pt_surf(mid), sd = pt_surf(dst);
    wt_dim3 b = {16, 4, 1};
    int one = 1, zero = 0;
    void *p1[6] = {&ts, &sm, &w, &h, &one, &zero};
    pt_launch(m, "blur", grid_for(w, h, b), b, p1);
    void *p2[6] = {&tm, &sd, &w, &h, &zero, &one};
    pt_launch(m, "blur", grid_for(w, h, b), b, p2);
    uint8_t *e1 = malloc((size_t)w * h * 4), *e2 = malloc((size_t)w * h * 4), *got = malloc((size_t)w * h * 4);
    blur_pass_c(ts, e1, w, h, 1, 0);
    assert_int_equal(wt_memcpy_from_array(got, (size_t)w * 4, mid, 0, 0, 0, (size_t)w, (size_t)h, 1), WT_SUCCESS);
    for (int i = 0; i < w * h * 4; i++)
        if (got[i] != e1[i])
            fail_msg("%s blur pass 1 byte %d: PTX %d, C %d", v, i, got[i], e1[i]);
    blur_pass_c(tm, e2, w, h, 0, 1);
    assert_int_equal(wt_memcpy_from_array(got, (size_t)w * 4, dst, 0, 0, 0, (size_t)w, (size_t)h, 1), WT_SUCCESS);
    for (int i = 0; i < w * h * 4; i++)
        if (got[i] != e2[i])
            fail_msg("%s blur pass 2 byte %d: PTX %d, C %d", v, i, got[i], e2[i]);
    free(e1);
    free(e2);
    free(got);
    wt_destroy_surface_object(sm);
    wt_destroy_surface_object(sd);
    wt_destroy_texture_object(ts);
    wt_destroy_texture_object(tm);
    wt_free_array(src);
    wt_free_array(mid);
    wt_free_array(dst);
}

static void histogram(wt_module m, const char *v)
{
    int w = 70, h = 43;
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_array img = pt_array(cd, (size_t)w, (size_t)h, 0, 0, 16);
    wt_tex t = pt_tex_array(img, WT_FILTER_POINT, WT_READ_ELEMENT_TYPE, 0, WT_ADDRESS_CLAMP);
    uint8_t *px = malloc((size_t)w * h * 4);
    assert_int_equal(wt_memcpy_from_array(px, (size_t)w * 4, img, 0, 0, 0, (size_t)w, (size_t)h, 1), WT_SUCCESS);
    uint32_t expect[256] = {0};
    for (int i = 0; i < w * h; i++)
        expect[px[4 * i]]++;
    /* surface reductions */
    uint32_t zeros[256] = {0};
    wt_array bins;
    wt_channel_desc bd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_array(&bins, &bd, 256, 0, 0, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(bins, 0, 0, 0, zeros, 1024, 256, 1, 1), WT_SUCCESS);
    wt_surf sb = pt_surf(bins);
    wt_dim3 b = {32, 4, 1};
    void *p[4] = {&t, &sb, &w, &h};
    pt_launch(m, "hist_sured", grid_for(w, h, b), b, p);
    uint32_t got[256];
    assert_int_equal(wt_memcpy_from_array(got, 1024, bins, 0, 0, 0, 256, 1, 1), WT_SUCCESS);
    assert_memory_equal(got, expect, sizeof got);
    /* shared memory, bar.sync, shared and global atomics */
    uint32_t *gb = calloc(256, 4);
    assert_int_equal(wt_module_register_memory(m, gb, 1024, 1), WT_SUCCESS);
    void *q[4] = {&t, &gb, &w, &h};
    pt_launch(m, "hist_shared", grid_for(w, h, b), b, q);
    for (int i = 0; i < 256; i++)
        if (gb[i] != expect[i])
            fail_msg("%s hist_shared bin %d: PTX %u, C %u", v, i, gb[i], expect[i]);
    wt_module_unregister_memory(m, gb);
    free(gb);
    free(px);
    wt_destroy_surface_object(sb);
    wt_free_array(bins);
    wt_destroy_texture_object(t);
    wt_free_array(img);
}

static void minify(wt_module m, const char *v)
{
    int w = 24, h = 20;
    float scale = 3.5f;
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_mipmapped_array mip;
    assert_int_equal(wt_malloc_mipmapped_array(&mip, &cd, 64, 64, 0, 7, 0), WT_SUCCESS);
    uint64_t seed = 17;
    pt_fill_mip_rgba8(mip, 64, 64, 0, 7, 0, &seed);
    wt_tex t = pt_tex_mip(mip, 7, 0);
    float *out = calloc((size_t)w * h * 4, 4);
    assert_int_equal(wt_module_register_memory(m, out, (size_t)w * h * 16, 1), WT_SUCCESS);
    void *p[5] = {&t, &out, &w, &h, &scale};
    wt_dim3 b = {8, 8, 1};
    pt_launch(m, "minify", grid_for(w, h, b), b, p);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float du = scale / (float)w, dv = scale / (float)h;
            float u = ((float)x + 0.5f) * du, vv = ((float)y + 0.5f) * dv;
            wt_float4 e = wt_tex_unified_2d_grad_v4f32_f32(t, u, vv, du, 0.0f, 0.0f, dv);
            if (memcmp(&e, out + 4 * (y * w + x), 16))
                fail_msg("%s minify pixel (%d,%d): PTX %a, C %a", v, x, y, out[4 * (y * w + x)], e.x);
        }
    wt_module_unregister_memory(m, out);
    free(out);
    wt_destroy_texture_object(t);
    wt_free_mipmapped_array(mip);
}

static float bsw(int i, float a)
{
    float a2 = a * a, a3 = a2 * a;
    float s = 1.0f / 6.0f;
    if (i == 0) {
        float b = 1.0f - a;
        return ((b * b) * b) * s;
    }
    if (i == 1)
        return (((3.0f * a3) - (6.0f * a2)) + 4.0f) * s;
    if (i == 2)
        return ((((-3.0f * a3) + (3.0f * a2)) + (3.0f * a)) + 1.0f) * s;
    return a3 * s;
}

static void bicubic(wt_module m, const char *v)
{
    int n = 150;
    wt_array a = pt_array(wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED), 16, 12, 0, WT_ARRAY_TEXTURE_GATHER, 18);
    wt_tex t = pt_tex_array(a, WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 0, WT_ADDRESS_CLAMP);
    float *pos = malloc((size_t)n * 8), *out = calloc((size_t)n, 4);
    uint64_t seed = 5;
    for (int i = 0; i < n; i++) {
        pos[2 * i] = pt_uni(&seed, -1.0f, 17.0f);
        pos[2 * i + 1] = pt_uni(&seed, -1.0f, 13.0f);
    }
    assert_int_equal(wt_module_register_memory(m, pos, (size_t)n * 8, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, (size_t)n * 4, 1), WT_SUCCESS);
    void *p[4] = {&t, &pos, &out, &n};
    pt_launch(m, "bicubic", (wt_dim3){5, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < n; i++) {
        float fx = pos[2 * i] - 0.5f, fy = pos[2 * i + 1] - 0.5f;
        float ix = floorf(fx), iy = floorf(fy), ax = fx - ix, ay = fy - iy;
        wt_float4 g00 = wt_tld4_unified_r_2d_v4f32_f32(t, ix, iy);
        wt_float4 g10 = wt_tld4_unified_r_2d_v4f32_f32(t, ix + 2.0f, iy);
        wt_float4 g01 = wt_tld4_unified_r_2d_v4f32_f32(t, ix, iy + 2.0f);
        wt_float4 g11 = wt_tld4_unified_r_2d_v4f32_f32(t, ix + 2.0f, iy + 2.0f);
        float T[4][4] = {{g00.w, g00.z, g10.w, g10.z}, {g00.x, g00.y, g10.x, g10.y},
                         {g01.w, g01.z, g11.w, g11.z}, {g01.x, g01.y, g11.x, g11.y}};
        float acc = 0.0f;
        for (int r = 0; r < 4; r++) {
            float row = 0.0f;
            for (int c = 0; c < 4; c++)
                row = fmaf(bsw(c, ax), T[r][c], row);
            acc = fmaf(bsw(r, ay), row, acc);
        }
        if (memcmp(&acc, &out[i], 4))
            fail_msg("%s bicubic %d at (%g,%g): PTX %a, C %a", v, i, pos[2 * i], pos[2 * i + 1], out[i], acc);
    }
    free(pos);
    free(out);
    wt_destroy_texture_object(t);
    wt_free_array(a);
}

static void run_variant(int k)
{
    char file[128];
    snprintf(file, sizeof file, "programs.%s.ptx", variants[k]);
    wt_module m = pt_load(file);
    rotate(m, variants[k]);
    raymarch(m, variants[k]);
    blur(m, variants[k]);
    histogram(m, variants[k]);
    minify(m, variants[k]);
    bicubic(m, variants[k]);
    wt_module_unload(m);
}

static void programs_sm75_O3(void **s) { (void)s; run_variant(0); }
static void programs_sm90_O3(void **s) { (void)s; run_variant(1); }
static void programs_sm75_G(void **s) { (void)s; run_variant(2); }
static void programs_sm90_G(void **s) { (void)s; run_variant(3); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(programs_sm75_O3),
        cmocka_unit_test(programs_sm90_O3),
        cmocka_unit_test(programs_sm75_G),
        cmocka_unit_test(programs_sm90_G),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
