/* consumer.c -- a small program built against an installed (or add_subdirectory'd) warptex
 * SPDX-License-Identifier: MIT
 *
 * Compiled by the install tests (tests/install.cmake) through find_package, add_subdirectory
 * and pkg-config, as C and, for the C++-only consumer, as C++; so it keeps to the common subset
 * (no designated initialisers).  It samples a 4x2 float texture through the per-lane and the
 * warp API, checks every value against hand-computed ones and the library version against the
 * header's (and, given -DWT_EXPECT_VERSION="x.y.z", the package's), and exits 1 on a mismatch.
 * The first argument, if any, is printed with the verdict (the link kind being tested). */
#include <stdio.h>
#include <string.h>
#include <warptex.h>

static int failures;

static void check(int ok, const char *what, double got, double want)
{
    if (!ok) {
        fprintf(stderr, "consumer: %s: got %.9g, expected %.9g\n", what, got, want);
        failures++;
    }
}

int main(int argc, char **argv)
{
    const char *kind = argc > 1 ? argv[1] : "";

    if (strcmp(wt_version(), WT_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: library %s, header %s\n", wt_version(), WT_VERSION_STRING);
        failures++;
    }
#ifdef WT_EXPECT_VERSION
    if (strcmp(wt_version(), WT_EXPECT_VERSION) != 0) {
        fprintf(stderr, "consumer: library %s, package %s\n", wt_version(), WT_EXPECT_VERSION);
        failures++;
    }
#endif

    /* A 4x2 one-channel float texture: texel (x, y) holds x + 4y. */
    float texels[2][4];
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 4; x++) texels[y][x] = (float)(x + 4 * y);
    wt_channel_desc fmt = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_array arr = NULL;
    if (wt_malloc_array(&arr, &fmt, 4, 2, 0, WT_ARRAY_DEFAULT) != WT_SUCCESS ||
        wt_memcpy_to_array(arr, 0, 0, 0, texels, sizeof texels[0], 4, 2, 1) != WT_SUCCESS) {
        fprintf(stderr, "consumer: %s\n", wt_last_error_message());
        return 1;
    }
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = arr;
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = WT_ADDRESS_CLAMP;
    td.filter_mode = WT_FILTER_LINEAR;
    td.read_mode = WT_READ_ELEMENT_TYPE;
    wt_tex tex = 0;
    if (wt_create_texture_object(&tex, &res, &td, NULL) != WT_SUCCESS) {
        fprintf(stderr, "consumer: %s\n", wt_last_error_message());
        return 1;
    }

    /* One lane.  At a texel centre the texel itself; at (1, 1), where texels (0,0) (1,0)
     * (0,1) (1,1) meet, their mean (0 + 1 + 4 + 5) / 4 = 2.5, exact with weights of 1/2. */
    wt_float4 v = wt_tex_unified_2d_v4f32_f32(tex, 2.5f, 1.5f);
    check(v.x == 6.0f, "tex(2.5, 1.5).x", v.x, 6.0);
    v = wt_tex_unified_2d_v4f32_f32(tex, 1.0f, 1.0f);
    check(v.x == 2.5f, "tex(1.0, 1.0).x", v.x, 2.5);

    /* A warp: lanes 0..15 active, each at the centre of texel (lane % 4, lane / 4 % 2);
     * lanes 16..31 inactive, so their results must stay as they were. */
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.mip = WT_MIP_BASE;
    op.dtype = WT_DTYPE_F32;
    op.ctype = WT_CTYPE_F32;
    static wt_tex_args in;
    static wt_tex_result out;
    memset(&out, 0xA5, sizeof out);
    for (int l = 0; l < 32; l++) {
        float x = (float)(l % 4) + 0.5f, y = (float)(l / 4 % 2) + 0.5f;
        memcpy(&in.c[0][l], &x, 4);
        memcpy(&in.c[1][l], &y, 4);
    }
    if (wt_tex_warp(&op, tex, 0, 0x0000ffffu, &in, &out) != WT_SUCCESS) {
        fprintf(stderr, "consumer: %s\n", wt_last_error_message());
        return 1;
    }
    for (int l = 0; l < 32; l++) {
        float r;
        memcpy(&r, &out.d[0][l], 4);
        if (l < 16) {
            float want = (float)(l % 4 + 4 * (l / 4 % 2));
            check(r == want, "wt_tex_warp lane result", r, want);
        } else {
            check(out.d[0][l] == 0xA5A5A5A5u, "wt_tex_warp inactive lane (bits)", out.d[0][l],
                  0xA5A5A5A5u);
        }
    }

    /* A destroyed handle is an error, not a crash. */
    if (wt_destroy_texture_object(tex) != WT_SUCCESS) failures++;
    (void)wt_get_last_error();
    v = wt_tex_unified_2d_v4f32_f32(tex, 0.5f, 0.5f);
    wt_status st = wt_get_last_error();
    check(st == WT_ERROR_INVALID_HANDLE, "status after sampling a destroyed texture", st,
          WT_ERROR_INVALID_HANDLE);
    wt_free_array(arr);

    if (failures) {
        fprintf(stderr, "consumer %s: %d check(s) failed\n", kind, failures);
        return 1;
    }
    printf("consumer %s: ok (warptex %s)\n", kind, wt_version());
    return 0;
}
