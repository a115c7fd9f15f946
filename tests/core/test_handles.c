/* test_handles.c -- destroyed, forged, zero and wrong-kind handles; concurrent create/destroy
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pthread.h>
#include <string.h>

#include "warptex.h"

static wt_tex make_tex(float *buf, size_t n)
{
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_LINEAR;
    res.res.linear.dev_ptr = buf;
    res.res.linear.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
    res.res.linear.size_in_bytes = n * sizeof(float);
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &res, &td, NULL), WT_SUCCESS);
    assert_true(t != 0);
    return t;
}

static int32_t istype(uint64_t h, wt_handle_type ty)
{
    wt_op op = {.family = WT_FAMILY_ISTYPEP, .query = (uint8_t)ty};
    int32_t v = -1;
    assert_int_equal(wt_query(&op, h, 0, &v), WT_SUCCESS);
    return v;
}

static void bad_handles_rejected(void **state)
{
    (void)state;
    float buf[16] = {0};
    wt_tex t = make_tex(buf, 16);
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    wt_sampler s = 0;
    assert_int_equal(wt_create_sampler_object(&s, &sd), WT_SUCCESS);

    assert_int_equal(istype(t, WT_TYPE_TEXREF), 1);
    assert_int_equal(istype(t, WT_TYPE_SAMPLERREF), 0);
    assert_int_equal(istype(t, WT_TYPE_SURFREF), 0);
    assert_int_equal(istype(s, WT_TYPE_SAMPLERREF), 1);
    assert_int_equal(istype(0, WT_TYPE_TEXREF), 0);

    /* wrong kind */
    assert_int_equal(wt_destroy_sampler_object(t), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_destroy_texture_object(s), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_destroy_surface_object(t), WT_ERROR_INVALID_HANDLE);
    /* forged: other generation, other slot, garbage */
    assert_int_equal(wt_destroy_texture_object(t ^ (1ull << 40)), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_destroy_texture_object(t + 12345), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_destroy_texture_object(0xffffffffffffffffull), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_destroy_texture_object(0), WT_ERROR_INVALID_HANDLE);

    /* a warp call with a bad handle zeroes active lanes, leaves others */
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_1D, .ctype = WT_CTYPE_S32};
    static wt_tex_args in;
    static wt_tex_result out;
    memset(&out, 0x5a, sizeof out);
    assert_int_equal(wt_tex_warp(&op, t + 1, 0, 0x1u, &in, &out), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(out.d[0][0], 0);
    assert_int_equal(out.d[0][1], 0x5a5a5a5a);

    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    /* destroyed */
    assert_int_equal(istype(t, WT_TYPE_TEXREF), 0);
    assert_int_equal(wt_destroy_texture_object(t), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_tex_warp(&op, t, 0, 0x1u, &in, &out), WT_ERROR_INVALID_HANDLE);
    /* the slot is reused with a new generation: the old handle stays dead */
    wt_tex t2 = make_tex(buf, 16);
    assert_true(t2 != t);
    assert_int_equal(istype(t, WT_TYPE_TEXREF), 0);
    assert_int_equal(istype(t2, WT_TYPE_TEXREF), 1);
    assert_int_equal(wt_destroy_texture_object(t2), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(s), WT_SUCCESS);
    assert_int_equal(wt_destroy_sampler_object(s), WT_ERROR_INVALID_HANDLE);
}

static float shared_buf[64];

static void *churn(void *arg)
{
    (void)arg;
    for (int i = 0; i < 2000; i++) {
        wt_resource_desc res;
        memset(&res, 0, sizeof res);
        res.type = WT_RESOURCE_LINEAR;
        res.res.linear.dev_ptr = shared_buf;
        res.res.linear.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT);
        res.res.linear.size_in_bytes = sizeof shared_buf;
        wt_texture_desc td;
        memset(&td, 0, sizeof td);
        wt_tex t;
        if (wt_create_texture_object(&t, &res, &td, NULL) != WT_SUCCESS)
            return (void *)1;
        wt_op op = {.family = WT_FAMILY_TXQ, .query = WT_Q_WIDTH};
        int32_t w = 0;
        if (wt_query(&op, t, 0, &w) != WT_SUCCESS || w != 64)
            return (void *)2;
        if (wt_destroy_texture_object(t) != WT_SUCCESS)
            return (void *)3;
        if (wt_destroy_texture_object(t) != WT_ERROR_INVALID_HANDLE)
            return (void *)4;
    }
    return NULL;
}

static void concurrent_create_destroy(void **state)
{
    (void)state;
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&th[i], NULL, churn, NULL), 0);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(th[i], &r);
        assert_null(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_handles_rejected),
        cmocka_unit_test(concurrent_create_destroy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
