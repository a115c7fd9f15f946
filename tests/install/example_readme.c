/* example_readme.c -- the README example, compiled against an installed warptex through pkg-config
 * SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include <warptex.h>

int main(void)
{
    /* A 4x4 RGBA8 image, read as normalised floats with bilinear filtering. */
    unsigned char pixels[4 * 4 * 4];
    for (int i = 0; i < 64; i++) pixels[i] = (unsigned char)(i * 4);

    wt_channel_desc fmt = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_array arr;
    if (wt_malloc_array(&arr, &fmt, 4, 4, 0, WT_ARRAY_DEFAULT) != WT_SUCCESS ||
        wt_memcpy_to_array(arr, 0, 0, 0, pixels, 4 * 4, 4, 4, 1) != WT_SUCCESS) {
        fprintf(stderr, "%s\n", wt_last_error_message());
        return 1;
    }
    wt_resource_desc res = {.type = WT_RESOURCE_ARRAY, .res.array.array = arr};
    wt_texture_desc td = {.address_mode = {WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP},
                          .filter_mode = WT_FILTER_LINEAR,
                          .read_mode = WT_READ_NORMALIZED_FLOAT,
                          .normalized_coords = 1};
    wt_tex tex;
    if (wt_create_texture_object(&tex, &res, &td, NULL) != WT_SUCCESS) {
        fprintf(stderr, "%s\n", wt_last_error_message());
        return 1;
    }

    /* One lane: llvm.nvvm.tex.unified.2d.v4f32.f32 */
    wt_float4 v = wt_tex_unified_2d_v4f32_f32(tex, 0.3f, 0.6f);
    printf("%f %f %f %f\n", v.x, v.y, v.z, v.w);

    /* A warp: 32 lanes, structure of arrays, an active mask. */
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32};
    static wt_tex_args in;
    static wt_tex_result out;
    for (int l = 0; l < 32; l++) {
        float x = (float)l / 32.0f, y = 0.5f;
        memcpy(&in.c[0][l], &x, 4);
        memcpy(&in.c[1][l], &y, 4);
    }
    if (wt_tex_warp(&op, tex, 0, 0xffffffffu, &in, &out) != WT_SUCCESS)
        fprintf(stderr, "%s\n", wt_last_error_message());

    wt_destroy_texture_object(tex);
    wt_free_array(arr);
    return 0;
}
