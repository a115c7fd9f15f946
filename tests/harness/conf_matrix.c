/* conf_matrix.c -- the shared driver of the conformance matrices
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "conf_matrix.h"
#include "conf_util.h"

static const cu_shape *g_shapes;
static size_t g_nshapes;
static uint64_t g_seed;
static int g_nwarps;

/* Every result register is compared bit for bit with the model; inactive
 * lanes must keep their poison (cu_run_matrix). */
static void test_format(void **state)
{
    const cu_format *f = (const cu_format *)*state;
    long bad = 0;
    for (size_t i = 0; i < g_nshapes; i++) {
        const cu_shape *c = &g_shapes[i];
        uint64_t seed = g_seed ^ ((uint64_t)(f - cu_formats) << 32) ^ (uint64_t)i;
        if (c->levels)
            bad += cu_run_mip_matrix(c->g, c->w, c->h, c->d, c->layers, c->levels, f, seed, g_nwarps);
        else
            bad += cu_run_matrix(c->g, c->w, c->h, c->d, c->layers, f, seed, g_nwarps);
    }
    if (bad)
        printf("%s: %ld mismatching registers\n", f->name, bad);
    assert_int_equal(bad, 0);
}

int cu_matrix_main(const char *group, const cu_shape *shapes, size_t nshapes, uint64_t seed_base, int nwarps)
{
    enum { MAX_TESTS = 64 };
    struct CMUnitTest tests[MAX_TESTS];
    int n = 0;
    g_shapes = shapes;
    g_nshapes = nshapes;
    g_seed = seed_base;
    g_nwarps = nwarps;
    for (int i = 0; i < cu_nformats && n < MAX_TESTS; i++, n++) {
        tests[n].name = cu_formats[i].name;
        tests[n].test_func = test_format;
        tests[n].setup_func = NULL;
        tests[n].teardown_func = NULL;
        tests[n].initial_state = (void *)&cu_formats[i];
    }
    return _cmocka_run_group_tests(group, tests, (size_t)n, NULL, NULL);
}
