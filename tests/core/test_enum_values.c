/* test_enum_values.c -- enumerations that mirror CUDA's keep CUDA's numbers; warptex's own stay out of CUDA's way
 * SPDX-License-Identifier: MIT
 *
 * Issue 9: a port casts cudaTextureAddressMode, cudaTextureFilterMode,
 * cudaTextureReadMode, cudaResourceType and cudaChannelFormatKind values to
 * warptex's.  The CUDA numbers are written out here from CUDA's
 * driver_types.h and texture_types.h (tests/cuda_enums/ checks the same
 * against the real headers where the CUDA toolkit is installed).  Once the
 * normalised kinds were 3 and 4, CUDA's None and NV12. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "warptex.h"

static void values_match_cuda(void **state)
{
    (void)state;
    /* cudaTextureAddressMode */
    assert_int_equal(WT_ADDRESS_WRAP, 0);
    assert_int_equal(WT_ADDRESS_CLAMP, 1);
    assert_int_equal(WT_ADDRESS_MIRROR, 2);
    assert_int_equal(WT_ADDRESS_BORDER, 3);
    /* cudaTextureFilterMode, cudaTextureReadMode */
    assert_int_equal(WT_FILTER_POINT, 0);
    assert_int_equal(WT_FILTER_LINEAR, 1);
    assert_int_equal(WT_READ_ELEMENT_TYPE, 0);
    assert_int_equal(WT_READ_NORMALIZED_FLOAT, 1);
    /* cudaResourceType */
    assert_int_equal(WT_RESOURCE_ARRAY, 0);
    assert_int_equal(WT_RESOURCE_MIPMAPPED_ARRAY, 1);
    assert_int_equal(WT_RESOURCE_LINEAR, 2);
    assert_int_equal(WT_RESOURCE_PITCH2D, 3);
    /* cudaChannelFormatKind */
    assert_int_equal(WT_CHANNEL_SIGNED, 0);
    assert_int_equal(WT_CHANNEL_UNSIGNED, 1);
    assert_int_equal(WT_CHANNEL_FLOAT, 2);
    const int unorm[6] = {WT_CHANNEL_UNSIGNED_NORMALIZED_8X1,  WT_CHANNEL_UNSIGNED_NORMALIZED_8X2,
                          WT_CHANNEL_UNSIGNED_NORMALIZED_8X4,  WT_CHANNEL_UNSIGNED_NORMALIZED_16X1,
                          WT_CHANNEL_UNSIGNED_NORMALIZED_16X2, WT_CHANNEL_UNSIGNED_NORMALIZED_16X4};
    const int snorm[6] = {WT_CHANNEL_SIGNED_NORMALIZED_8X1,  WT_CHANNEL_SIGNED_NORMALIZED_8X2,
                          WT_CHANNEL_SIGNED_NORMALIZED_8X4,  WT_CHANNEL_SIGNED_NORMALIZED_16X1,
                          WT_CHANNEL_SIGNED_NORMALIZED_16X2, WT_CHANNEL_SIGNED_NORMALIZED_16X4};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(unorm[i], 5 + i);  /* cudaChannelFormatKindUnsignedNormalized8X1 = 5 ... */
        assert_int_equal(snorm[i], 11 + i); /* cudaChannelFormatKindSignedNormalized8X1 = 11 ... */
    }
}

/* warptex's own enumerators use numbers CUDA leaves unused: no
 * cudaTextureAddressMode is 4, and cudaChannelFormatKind runs 0..31. */
static void own_values_outside_cuda(void **state)
{
    (void)state;
    assert_int_equal(WT_ADDRESS_CLAMP_OGL, 4);
    assert_true(WT_CHANNEL_UNSIGNED_NORMALIZED > 31);
    assert_true(WT_CHANNEL_SIGNED_NORMALIZED > 31);
    assert_int_not_equal(WT_CHANNEL_UNSIGNED_NORMALIZED, WT_CHANNEL_SIGNED_NORMALIZED);
}

static wt_channel_desc cd(int b0, int b1, int b2, int b3, int kind)
{
    return wt_make_channel_desc(b0, b1, b2, b3, (wt_channel_kind)kind);
}

/* CUDA's sized normalised kinds: their own bits only, read as normalised
 * float like warptex's unsized ones, and wt_array_get_info gives the kind back as given. */
static void sized_normalised_kinds(void **state)
{
    (void)state;
    static const int shape[6][4] = {{8, 0, 0, 0},  {8, 8, 0, 0},   {8, 8, 8, 8},
                                    {16, 0, 0, 0}, {16, 16, 0, 0}, {16, 16, 16, 16}};
    for (int kind = 5; kind <= 16; kind++) {
        const int *b = shape[(kind - 5) % 6];
        wt_channel_desc d = cd(b[0], b[1], b[2], b[3], kind);
        wt_array a = NULL;
        assert_int_equal(wt_malloc_array(&a, &d, 2, 0, 0, 0), WT_SUCCESS);
        wt_channel_desc back;
        memset(&back, 0, sizeof back);
        assert_int_equal(wt_array_get_info(&back, NULL, NULL, NULL, NULL, a), WT_SUCCESS);
        assert_int_equal(back.kind, kind);
        assert_int_equal(back.x, b[0]);
        assert_int_equal(back.w, b[3]);
        /* element 0 all-ones bytes (unsigned: 1.0) or 0x7f..(signed: 1.0) */
        uint8_t px[16];
        memset(px, kind >= 11 ? 0x7f : 0xff, sizeof px);
        if (kind >= 11 && b[0] == 16)
            for (int i = 0; i < 16; i += 2)
                px[i] = 0xff; /* 0x7fff */
        size_t es = (size_t)(b[0] + b[1] + b[2] + b[3]) / 8;
        assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, px, es, 1, 1, 1), WT_SUCCESS);
        wt_resource_desc r;
        memset(&r, 0, sizeof r);
        r.type = WT_RESOURCE_ARRAY;
        r.res.array.array = a;
        wt_texture_desc td;
        memset(&td, 0, sizeof td);
        wt_tex t = 0;
        assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
        wt_float4 f = wt_tex_unified_1d_v4f32_s32(t, 0);
        if (f.x != 1.0f)
            fail_msg("kind %d: texel reads %g, want 1.0 (normalised)", kind, (double)f.x);
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        assert_int_equal(wt_free_array(a), WT_SUCCESS);
        /* any other channel layout is refused */
        const int wrong[][4] = {{8, 0, 0, 0}, {8, 8, 0, 0}, {8, 8, 8, 8}, {16, 0, 0, 0}, {32, 0, 0, 0}};
        for (size_t w = 0; w < sizeof wrong / sizeof wrong[0]; w++) {
            if (!memcmp(wrong[w], b, sizeof wrong[w]))
                continue;
            d = cd(wrong[w][0], wrong[w][1], wrong[w][2], wrong[w][3], kind);
            a = NULL;
            assert_int_equal(wt_malloc_array(&a, &d, 2, 1, 0, 0), WT_ERROR_INVALID_CHANNEL_DESCRIPTOR);
            assert_null(a);
        }
    }
}

/* CUDA kinds warptex has no format for: None (3), NV12 (4), the
 * block-compressed ones (17..30), 1010102 (31); and garbage. */
static void other_cuda_kinds_refused(void **state)
{
    (void)state;
    const int kinds[] = {3, 4, 17, 30, 31, 32, -1, 0xff, 0x102};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        wt_channel_desc d = cd(8, 0, 0, 0, kinds[i]);
        wt_array a = NULL;
        assert_int_equal(wt_malloc_array(&a, &d, 2, 1, 0, 0), WT_ERROR_INVALID_CHANNEL_DESCRIPTOR);
        assert_non_null(strstr(wt_last_error_message(), "kind"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_match_cuda),
        cmocka_unit_test(own_values_outside_cuda),
        cmocka_unit_test(sized_normalised_kinds),
        cmocka_unit_test(other_cuda_kinds_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
