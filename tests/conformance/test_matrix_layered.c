/* test_matrix_layered.c -- conformance matrix, 1D and 2D layered textures (SEMANTICS §7.1): library vs the independent model (conf_model.c) */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "conf_util.h"

/* Each test is one format over every geometry below x normalisation x
 * filter x address modes, with random texels, border colours and
 * coordinates (conf_util.c); every result register is compared bit for bit
 * with the model, inactive lanes must keep their poison. */

typedef struct geom_case {
    wt_geom g;
    int w, h, d, layers;
} geom_case;

static const geom_case k_cases[] = {
    {WT_GEOM_A1D, 4, 1, 1, 3},
    {WT_GEOM_A1D, 7, 1, 1, 2},
    {WT_GEOM_A2D, 4, 4, 1, 3},
    {WT_GEOM_A2D, 5, 3, 1, 2},
};

static void test_format(void **state)
{
    const cu_format *f = (const cu_format *)*state;
    long bad = 0;
    for (size_t i = 0; i < sizeof k_cases / sizeof k_cases[0]; i++) {
        const geom_case *c = &k_cases[i];
        uint64_t seed = 0xa2d0c0ffeeull ^ ((uint64_t)(f - cu_formats) << 32) ^ (uint64_t)i;
        bad += cu_run_matrix(c->g, c->w, c->h, c->d, c->layers, f, seed, 3);
    }
    if (bad)
        printf("%s: %ld mismatching registers\n", f->name, bad);
    assert_int_equal(bad, 0);
}

int main(void)
{
    struct CMUnitTest tests[64];
    int n = 0;
    for (int i = 0; i < cu_nformats && n < 64; i++, n++) {
        tests[n].name = cu_formats[i].name;
        tests[n].test_func = test_format;
        tests[n].setup_func = NULL;
        tests[n].teardown_func = NULL;
        tests[n].initial_state = (void *)&cu_formats[i];
    }
    return _cmocka_run_group_tests("matrix_layered", tests, (size_t)n, NULL, NULL);
}
