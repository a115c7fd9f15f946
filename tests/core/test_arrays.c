/* test_arrays.c -- arrays, mipmapped arrays, limits and host copies
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"
#include "core/internal.h"

static wt_channel_desc rgba8(void) { return wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED); }

static void channel_descriptors(void **state)
{
    (void)state;
    wt_array a;
    static const struct { int x, y, z, w; wt_channel_kind k; wt_status want; } cases[] = {
        {8, 0, 0, 0, WT_CHANNEL_UNSIGNED, WT_SUCCESS},
        {16, 16, 0, 0, WT_CHANNEL_SIGNED, WT_SUCCESS},
        {32, 32, 32, 32, WT_CHANNEL_FLOAT, WT_SUCCESS},
        {16, 16, 16, 16, WT_CHANNEL_FLOAT, WT_SUCCESS},
        {8, 8, 8, 8, WT_CHANNEL_UNSIGNED_NORMALIZED, WT_SUCCESS},
        {16, 0, 0, 0, WT_CHANNEL_SIGNED_NORMALIZED, WT_SUCCESS},
        {8, 8, 8, 0, WT_CHANNEL_UNSIGNED, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},  /* 3 channels */
        {8, 16, 0, 0, WT_CHANNEL_UNSIGNED, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR}, /* mixed widths */
        {8, 0, 0, 0, WT_CHANNEL_FLOAT, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},
        {64, 0, 0, 0, WT_CHANNEL_FLOAT, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},
        {32, 0, 0, 0, WT_CHANNEL_UNSIGNED_NORMALIZED, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},
        {12, 0, 0, 0, WT_CHANNEL_SIGNED, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},
        {0, 0, 0, 0, WT_CHANNEL_SIGNED, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},
        {8, 0, 0, 0, (wt_channel_kind)9, WT_ERROR_INVALID_CHANNEL_DESCRIPTOR},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wt_channel_desc d = wt_make_channel_desc(cases[i].x, cases[i].y, cases[i].z, cases[i].w, cases[i].k);
        wt_status st = wt_malloc_array(&a, &d, 4, 4, 0, 0);
        assert_int_equal(st, cases[i].want);
        if (st == WT_SUCCESS) {
            wt_channel_desc back;
            assert_int_equal(wt_array_get_info(&back, NULL, NULL, NULL, NULL, a), WT_SUCCESS);
            assert_memory_equal(&back, &d, sizeof d);
            assert_int_equal(wt_free_array(a), WT_SUCCESS);
        } else {
            assert_null(a);
            assert_true(strlen(wt_last_error_message()) > 0);
        }
    }
    assert_int_equal(wt_malloc_array(&a, NULL, 4, 4, 0, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_array(NULL, &(wt_channel_desc){8, 0, 0, 0, WT_CHANNEL_UNSIGNED}, 4, 4, 0, 0),
                     WT_ERROR_INVALID_VALUE);
}

static void extents_and_limits(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(8, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    wt_array a;
    static const struct { size_t w, h, dd; unsigned flags; wt_status want; } cases[] = {
        {131072, 0, 0, 0, WT_SUCCESS},                 /* 1D limit */
        {131073, 0, 0, 0, WT_ERROR_INVALID_VALUE},
        {32768, 0, 2048, WT_ARRAY_LAYERED, WT_SUCCESS}, /* 1D layered limits (64 MiB) */
        {32769, 0, 1, WT_ARRAY_LAYERED, WT_ERROR_INVALID_VALUE},
        {4, 0, 2049, WT_ARRAY_LAYERED, WT_ERROR_INVALID_VALUE},
        {131073, 1, 0, 0, WT_ERROR_INVALID_VALUE},
        {1, 65537, 0, 0, WT_ERROR_INVALID_VALUE},
        {16384, 1, 1, 0, WT_SUCCESS},                   /* 3D */
        {16385, 1, 1, 0, WT_ERROR_INVALID_VALUE},
        {1, 1, 16385, 0, WT_ERROR_INVALID_VALUE},
        {4, 4, 6, WT_ARRAY_CUBEMAP, WT_SUCCESS},
        {4, 5, 6, WT_ARRAY_CUBEMAP, WT_ERROR_INVALID_VALUE}, /* not square */
        {4, 4, 5, WT_ARRAY_CUBEMAP, WT_ERROR_INVALID_VALUE}, /* not 6 faces */
        {4, 4, 12, WT_ARRAY_CUBEMAP, WT_ERROR_INVALID_VALUE},
        {4, 4, 12, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, WT_SUCCESS},
        {4, 4, 2052, WT_ARRAY_CUBEMAP | WT_ARRAY_LAYERED, WT_ERROR_INVALID_VALUE}, /* > 2046 layers */
        {4, 4, 0, WT_ARRAY_LAYERED, WT_ERROR_INVALID_VALUE},
        {0, 4, 0, 0, WT_ERROR_INVALID_VALUE},
        {4, 0, 4, 0, WT_ERROR_INVALID_VALUE},
        {4, 4, 0, 0x100, WT_ERROR_INVALID_VALUE}, /* unknown flag */
        {32769, 4, 0, WT_ARRAY_TEXTURE_GATHER, WT_ERROR_INVALID_VALUE},
        {4, 4, 3, WT_ARRAY_TEXTURE_GATHER, WT_ERROR_INVALID_VALUE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wt_status st = wt_malloc_array(&a, &d, cases[i].w, cases[i].h, cases[i].dd, cases[i].flags);
        if (st != cases[i].want)
            fail_msg("case %zu: got %s want %s (%s)", i, wt_status_string(st), wt_status_string(cases[i].want),
                     wt_last_error_message());
        if (st == WT_SUCCESS)
            assert_int_equal(wt_free_array(a), WT_SUCCESS);
    }
    /* a huge but legal extent (128 GiB) whose storage cannot be had fails
     * cleanly with out-of-memory (the failure is injected: a real 128 GiB
     * request may succeed under overcommit and then be zeroed page by page) */
    wt_channel_desc f4 = wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_FLOAT);
    a = (wt_array)(uintptr_t)1;
    wt_debug_fail_alloc_after(2); /* the record, then the storage */
    wt_status st = wt_malloc_array(&a, &f4, 131072, 65536, 0, 0);
    wt_debug_fail_alloc_after(0);
    assert_int_equal(st, WT_ERROR_OUT_OF_MEMORY);
    assert_null(a);
    assert_non_null(strstr(wt_last_error_message(), "wt_malloc_array()"));
}

static void copies_round_trip(void **state)
{
    (void)state;
    wt_channel_desc d = rgba8();
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &d, 5, 3, 2, WT_ARRAY_LAYERED), WT_SUCCESS);
    uint8_t src[2][3][32]; /* pitch 32 > 5*4 */
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 32; x++)
                src[z][y][x] = (uint8_t)(z * 100 + y * 32 + x);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, src, 32, 5, 3, 2), WT_SUCCESS);
    uint8_t back[2][3][24];
    memset(back, 0xee, sizeof back);
    assert_int_equal(wt_memcpy_from_array(back, 24, a, 0, 0, 0, 5, 3, 2), WT_SUCCESS);
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++) {
            assert_memory_equal(back[z][y], src[z][y], 20);
            assert_int_equal(back[z][y][20], 0xee);
        }
    /* a sub-box */
    uint8_t one[4] = {1, 2, 3, 4}, got[4];
    assert_int_equal(wt_memcpy_to_array(a, 4, 2, 1, one, 4, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(wt_memcpy_from_array(got, 4, a, 4, 2, 1, 1, 1, 1), WT_SUCCESS);
    assert_memory_equal(got, one, 4);
    /* out of range boxes, bad pitch, NULLs */
    assert_int_equal(wt_memcpy_to_array(a, 5, 0, 0, src, 32, 1, 1, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, 0, 2, 0, src, 32, 1, 2, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 1, src, 32, 1, 1, 2), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, src, 19, 5, 1, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, src, 32, 0, 1, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, NULL, 32, 1, 1, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, SIZE_MAX, 0, 0, src, 32, 2, 1, 1), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "wt_memcpy_to_array()"));
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    /* a freed array is refused, not touched */
    assert_int_equal(wt_free_array(NULL), WT_ERROR_INVALID_VALUE);
}

static void mipmapped_levels(void **state)
{
    (void)state;
    wt_channel_desc d = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    wt_mipmapped_array m;
    /* numLODs = 1 + floor(log2(max(w,h,d))): 37 x 10 -> 6 levels */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 37, 10, 0, 7, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 37, 10, 0, 0, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 37, 10, 0, 6, 0), WT_SUCCESS);
    static const size_t want_w[] = {37, 18, 9, 4, 2, 1}, want_h[] = {10, 5, 2, 1, 1, 1};
    for (unsigned l = 0; l < 6; l++) {
        wt_array lv;
        assert_int_equal(wt_get_mipmapped_array_level(&lv, m, l), WT_SUCCESS);
        size_t w, h;
        assert_int_equal(wt_array_get_info(NULL, &w, &h, NULL, NULL, lv), WT_SUCCESS);
        assert_int_equal(w, want_w[l]);
        assert_int_equal(h, want_h[l]);
        wt_array again;
        assert_int_equal(wt_get_mipmapped_array_level(&again, m, l), WT_SUCCESS);
        assert_ptr_equal(again, lv);
        /* levels are owned by the mipmapped array */
        assert_int_equal(wt_free_array(lv), WT_ERROR_INVALID_VALUE);
        float v = (float)l, got = -1;
        assert_int_equal(wt_memcpy_to_array(lv, w - 1, h - 1, 0, &v, 4, 1, 1, 1), WT_SUCCESS);
        assert_int_equal(wt_memcpy_from_array(&got, 4, lv, w - 1, h - 1, 0, 1, 1, 1), WT_SUCCESS);
        assert_true(got == v);
    }
    wt_array lv;
    assert_int_equal(wt_get_mipmapped_array_level(&lv, m, 6), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    /* 3D: depth counts; layered: layers do not */
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 2, 2, 16, 5, 0), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 2, 2, 16, 5, WT_ARRAY_LAYERED), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 2, 2, 16, 2, WT_ARRAY_LAYERED), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
}

static void multisample(void **state)
{
    (void)state;
    wt_channel_desc d = rgba8();
    wt_array a;
    assert_int_equal(wt_malloc_multisample_array(&a, &d, 8, 8, 0, 4, 0), WT_SUCCESS);
    uint32_t px = 0x11223344, got = 0;
    assert_int_equal(wt_memcpy_to_array(a, 7, 7, 3, &px, 4, 1, 1, 1), WT_SUCCESS); /* sample 3 */
    assert_int_equal(wt_memcpy_from_array(&got, 4, a, 7, 7, 3, 1, 1, 1), WT_SUCCESS);
    assert_int_equal(got, px);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 4, &px, 4, 1, 1, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_malloc_multisample_array(&a, &d, 8, 8, 0, 3, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_multisample_array(&a, &d, 8, 8, 0, 64, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_multisample_array(&a, &d, 8, 0, 0, 4, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_malloc_multisample_array(&a, &d, 8, 8, 3, 2, 0), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
}

static void allocation_failures(void **state)
{
    (void)state;
    wt_channel_desc d = rgba8();
    /* Fail the n-th allocation for n = 1, 2, ... until creation succeeds:
     * every failure must be a clean WT_ERROR_OUT_OF_MEMORY. */
    int succeeded = 0;
    for (long n = 1; n < 10 && !succeeded; n++) {
        wt_mipmapped_array m = NULL;
        wt_debug_fail_alloc_after(n);
        wt_status st = wt_malloc_mipmapped_array(&m, &d, 16, 16, 0, 5, 0);
        if (st == WT_SUCCESS) {
            succeeded = 1;
            wt_resource_desc res = {.type = WT_RESOURCE_MIPMAPPED_ARRAY};
            res.res.mipmap.mipmap = m;
            wt_texture_desc td;
            memset(&td, 0, sizeof td);
            td.normalized_coords = 1;
            for (long k = 1; k < 10; k++) {
                wt_tex t;
                wt_debug_fail_alloc_after(k);
                st = wt_create_texture_object(&t, &res, &td, NULL);
                if (st == WT_SUCCESS) {
                    wt_debug_fail_alloc_after(0);
                    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
                    break;
                }
                assert_int_equal(st, WT_ERROR_OUT_OF_MEMORY);
            }
            wt_debug_fail_alloc_after(0);
            assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
        } else {
            assert_int_equal(st, WT_ERROR_OUT_OF_MEMORY);
            assert_null(m);
        }
    }
    wt_debug_fail_alloc_after(0);
    assert_true(succeeded);
}

/* Arrays are raw pointers: freed, double-freed and forged ones must be
 * refused by address, never read (ASan would catch a read). */
static void stale_and_forged_pointers(void **state)
{
    (void)state;
    wt_channel_desc d = rgba8();
    wt_array a, lvl;
    wt_mipmapped_array m;
    unsigned char buf[16] = {0};
    assert_int_equal(wt_malloc_array(&a, &d, 2, 2, 0, 0), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_SUCCESS);
    assert_int_equal(wt_free_array(a), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, buf, 8, 2, 2, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_from_array(buf, 8, a, 0, 0, 0, 2, 2, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_array_get_info(NULL, NULL, NULL, NULL, NULL, a), WT_ERROR_INVALID_VALUE);
    wt_resource_desc r = {.type = WT_RESOURCE_ARRAY, .res.array.array = a};
    wt_texture_desc td = {.read_mode = WT_READ_ELEMENT_TYPE};
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
    wt_surf s = 0;
    assert_int_equal(wt_create_surface_object(&s, &r), WT_ERROR_INVALID_VALUE);

    wt_array forged = (wt_array)(uintptr_t)0x1000;
    assert_int_equal(wt_free_array(forged), WT_ERROR_INVALID_VALUE);
    r.res.array.array = forged;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);

    assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 8, 8, 0, 4, 0), WT_SUCCESS);
    assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 2), WT_SUCCESS);
    assert_int_equal(wt_free_array(lvl), WT_ERROR_INVALID_VALUE); /* owned by m */
    assert_int_equal(wt_memcpy_to_array(lvl, 0, 0, 0, buf, 8, 2, 2, 1), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(m), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 0), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_memcpy_to_array(lvl, 0, 0, 0, buf, 8, 2, 2, 1), WT_ERROR_INVALID_VALUE);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = m;
    td.normalized_coords = 1;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_ERROR_INVALID_VALUE);
}

/* Two threads free the same array (or mipmapped array) at once: exactly one
 * succeeds, the other gets WT_ERROR_INVALID_VALUE, and neither reads freed
 * memory (the check and the removal are one step under the live set's lock;
 * AddressSanitizer watches the reads). */
static void *volatile race_target;
static atomic_int race_go, race_ready, race_ok;
static int race_mip;

static void *free_racer(void *arg)
{
    (void)arg;
    atomic_fetch_add(&race_ready, 1);
    while (!atomic_load(&race_go))
        sched_yield();
    wt_status st = race_mip ? wt_free_mipmapped_array((wt_mipmapped_array)race_target)
                            : wt_free_array((wt_array)race_target);
    if (st == WT_SUCCESS)
        atomic_fetch_add(&race_ok, 1);
    else if (st != WT_ERROR_INVALID_VALUE)
        atomic_fetch_add(&race_ok, 100);
    return NULL;
}

static void racing_frees(void **state)
{
    (void)state;
    wt_channel_desc d = rgba8();
    for (int i = 0; i < 400; i++) {
        race_mip = i & 1;
        if (race_mip) {
            wt_mipmapped_array m;
            assert_int_equal(wt_malloc_mipmapped_array(&m, &d, 4, 4, 0, 3, 0), WT_SUCCESS);
            wt_array lvl;
            assert_int_equal(wt_get_mipmapped_array_level(&lvl, m, 1), WT_SUCCESS);
            race_target = m;
        } else {
            wt_array a;
            assert_int_equal(wt_malloc_array(&a, &d, 4, 4, 0, 0), WT_SUCCESS);
            race_target = a;
        }
        atomic_store(&race_go, 0);
        atomic_store(&race_ready, 0);
        atomic_store(&race_ok, 0);
        pthread_t th[2];
        for (int k = 0; k < 2; k++)
            assert_int_equal(pthread_create(&th[k], NULL, free_racer, NULL), 0);
        while (atomic_load(&race_ready) < 2)
            sched_yield();
        atomic_store(&race_go, 1);
        for (int k = 0; k < 2; k++)
            pthread_join(th[k], NULL);
        assert_int_equal(atomic_load(&race_ok), 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(channel_descriptors), cmocka_unit_test(extents_and_limits),
        cmocka_unit_test(copies_round_trip),   cmocka_unit_test(mipmapped_levels),
        cmocka_unit_test(multisample),         cmocka_unit_test(allocation_failures),
        cmocka_unit_test(stale_and_forged_pointers), cmocka_unit_test(racing_frees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
