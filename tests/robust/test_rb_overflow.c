/* test_rb_overflow.c -- descriptors and copy boxes whose byte products overflow size_t or wrap the address space
 * SPDX-License-Identifier: MIT
 *
 * Issue 9, defects 5 and 6.  A pitch2D texture once accepted a pitch whose
 * pitch x height wrapped, then read outside the caller's buffer; the array
 * copies never checked pitch x height x depth.  Every case here must be
 * refused with WT_ERROR_INVALID_VALUE and an error naming the call, create
 * nothing and copy nothing.  The memory is never touched on refusal, so one
 * small buffer stands in for every huge extent. */
#include "rb_util.h"

#define HALF ((SIZE_MAX >> 1) + 1) /* 2^63 on LP64: times 2 wraps to 0 */
#define QUARTER (HALF >> 1)
/* The start of the last quarter of the address space: two rows QUARTER
 * apart from here run past its end though no product overflows. */
#define HIGH ((void *)(UINTPTR_MAX - QUARTER + 1))

static uint32_t mem[64];

static wt_resource_desc pitch2d(void *p, size_t w, size_t h, size_t pitch)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_PITCH2D;
    r.res.pitch2d.dev_ptr = p;
    r.res.pitch2d.desc = rb_cd(1, 32, WT_CHANNEL_FLOAT);
    r.res.pitch2d.width = w;
    r.res.pitch2d.height = h;
    r.res.pitch2d.pitch_in_bytes = pitch;
    return r;
}

/* Both object kinds refuse r with WT_ERROR_INVALID_VALUE, naming the call,
 * and leave the output handle 0. */
static void refused_by_both(const wt_resource_desc *r, const char *what)
{
    wt_texture_desc td = rb_desc0();
    wt_tex t = 12345;
    wt_status st = wt_create_texture_object(&t, r, &td, NULL);
    if (st != WT_ERROR_INVALID_VALUE)
        fail_msg("texture, %s: got %s (%s)", what, wt_status_string(st), wt_last_error_message());
    assert_non_null(strstr(wt_last_error_message(), "wt_create_texture_object()"));
    assert_true(t == 0 || t == 12345);
    wt_surf s = 12345;
    st = wt_create_surface_object(&s, r);
    if (st != WT_ERROR_INVALID_VALUE)
        fail_msg("surface, %s: got %s (%s)", what, wt_status_string(st), wt_last_error_message());
    assert_non_null(strstr(wt_last_error_message(), "wt_create_surface_object()"));
    assert_true(s == 0 || s == 12345);
}

static void accepted_by_both(const wt_resource_desc *r)
{
    wt_texture_desc td = rb_desc0();
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, r, &td, NULL), WT_SUCCESS);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, r), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
}

/* Defect 5: pitch x height wraps (2^63 x 2 = 0 mod 2^64), the span
 * (h-1) x pitch + row wraps, or dev_ptr + span runs past the top of the
 * address space.  Textures and surfaces go through one check. */
static void pitch2d_products_overflow(void **state)
{
    (void)state;
    wt_resource_desc r = pitch2d(mem, 4, 2, HALF);
    refused_by_both(&r, "pitch 2^63 x height 2");
    r = pitch2d(mem, 4, 3, HALF);
    refused_by_both(&r, "pitch 2^63 x height 3");
    r = pitch2d(mem, 4, 65000, (SIZE_MAX / 65000 + 4) & ~(size_t)3);
    refused_by_both(&r, "pitch just past SIZE_MAX / 65000 x height 65000");
    r = pitch2d(mem, 4, 2, SIZE_MAX & ~(size_t)3);
    refused_by_both(&r, "pitch SIZE_MAX-3 x height 2");
    /* representable span and pitch x height, but dev_ptr + span wraps */
    r = pitch2d(HIGH, 4, 2, QUARTER);
    refused_by_both(&r, "span from dev_ptr wraps");
    /* height 1: pitch never multiplies a row index, but pitch x height is
     * still the slice a 2D surface steps, and it must fit from dev_ptr */
    r = pitch2d((void *)(UINTPTR_MAX & ~(uintptr_t)15), 4, 1, 16);
    refused_by_both(&r, "row from the top of the address space wraps");
    /* the largest pitch that does not wrap is accepted (nothing is read) */
    r = pitch2d(mem, 4, 1, (SIZE_MAX - (uintptr_t)mem) & ~(size_t)3);
    accepted_by_both(&r);
    r = pitch2d(mem, 4, 2, 16);
    accepted_by_both(&r);
}

/* Linear memory: size_in_bytes near SIZE_MAX is refused by the element
 * limit, and a base near the top of the address space by the span check. */
static void linear_products_overflow(void **state)
{
    (void)state;
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.desc = rb_cd(4, 32, WT_CHANNEL_FLOAT);
    r.res.linear.dev_ptr = mem;
    r.res.linear.size_in_bytes = SIZE_MAX;
    refused_by_both(&r, "linear SIZE_MAX bytes");
    r.res.linear.dev_ptr = (void *)(UINTPTR_MAX & ~(uintptr_t)15);
    r.res.linear.size_in_bytes = 64;
    refused_by_both(&r, "linear from the top of the address space");
    r.res.linear.dev_ptr = mem;
    accepted_by_both(&r);
}

/* Defect 6: the host side of a copy spans (h x d - 1) x pitch + row bytes;
 * when that overflows or wraps, nothing is copied and the array keeps its
 * contents. */
static void memcpy_box_overflow(void **state)
{
    (void)state;
    wt_channel_desc cd = rb_cd(1, 8, WT_CHANNEL_UNSIGNED);
    wt_array a = NULL;
    assert_int_equal(wt_malloc_array(&a, &cd, 8, 4, 4, 0), WT_SUCCESS); /* 3D 8 x 4 x 4 */
    uint8_t src[128], back[128];
    for (int i = 0; i < 128; i++)
        src[i] = (uint8_t)(i + 1);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, src, 8, 8, 4, 4), WT_SUCCESS);
    uint8_t junk[16] = {0};
    struct {
        void *host;
        size_t pitch, h, d;
        const char *what;
    } bad[] = {
        {junk, HALF, 2, 1, "pitch 2^63 x height 2"},
        {junk, HALF, 1, 2, "pitch 2^63 x depth 2"},
        {junk, SIZE_MAX / 3 + 1, 2, 2, "pitch x 4 rows wraps"},
        {HIGH, QUARTER, 2, 1, "span from the host pointer wraps"},
        {HIGH, QUARTER, 1, 2, "span from the host pointer wraps (depth)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wt_status st = wt_memcpy_to_array(a, 0, 0, 0, bad[i].host, bad[i].pitch, 8, bad[i].h, bad[i].d);
        if (st != WT_ERROR_INVALID_VALUE)
            fail_msg("to_array, %s: got %s", bad[i].what, wt_status_string(st));
        assert_non_null(strstr(wt_last_error_message(), "wt_memcpy_to_array()"));
        if (bad[i].host != junk)
            continue; /* from_array into HIGH is covered below by `top` */
        memset(back, 0xee, sizeof back);
        st = wt_memcpy_from_array(back, bad[i].pitch, a, 0, 0, 0, 8, bad[i].h, bad[i].d);
        if (st != WT_ERROR_INVALID_VALUE)
            fail_msg("from_array, %s: got %s", bad[i].what, wt_status_string(st));
        assert_non_null(strstr(wt_last_error_message(), "wt_memcpy_from_array()"));
        for (int k = 0; k < 128; k++)
            assert_int_equal(back[k], 0xee); /* nothing copied out */
    }
    /* a host pointer near the top of the address space with a small box */
    void *top = (void *)(UINTPTR_MAX & ~(uintptr_t)15);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, top, 8, 8, 4, 4), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_from_array(top, 8, a, 0, 0, 0, 8, 4, 4), WT_ERROR_INVALID_VALUE);
    /* nothing was copied in: the array still holds src */
    assert_int_equal(wt_memcpy_from_array(back, 8, a, 0, 0, 0, 8, 4, 4), WT_SUCCESS);
    assert_memory_equal(back, src, 128);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pitch2d_products_overflow),
        cmocka_unit_test(linear_products_overflow),
        cmocka_unit_test(memcpy_box_overflow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
