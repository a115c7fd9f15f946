/* test_lod_log2.c -- the measured log2 table of the gradient LOD ([semantics#log2-table], [semantics#lod-from-gradients] step 5)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "conf_model.h"
#include "scalar/scalar.h"

/* cm_log2_tab is [semantics#log2-table] as printed, typed in once for all the tests. */

/* "It matches 256·log2(1 + (k+½)/256) rounded in all but 14 entries": count the
 * differences independently, and check each differing entry is off by one
 * (the card's value sits next to the rounded one). */
static void test_table_vs_formula(void **state)
{
    (void)state;
    int diff = 0;
    for (int k = 0; k < 256; k++) {
        double x = 256.0 * log2(1.0 + (k + 0.5) / 256.0);
        int r = (int)floor(x + 0.5);
        if (r != cm_log2_tab[k]) {
            diff++;
            assert_true(abs(r - cm_log2_tab[k]) == 1);
        }
        if (k > 0)
            assert_true(cm_log2_tab[k] >= cm_log2_tab[k - 1]); /* monotone */
    }
    assert_int_equal(diff, 14);
    /* the ones the appendix lists as the card's own values */
    static const int own[14] = {0, 61, 86, 108, 109, 110, 111, 115, 116, 117, 141, 162, 170, 255};
    for (int i = 0; i < 14; i++) {
        int k = own[i];
        assert_int_not_equal((int)floor(256.0 * log2(1.0 + (k + 0.5) / 256.0) + 0.5), cm_log2_tab[k]);
    }
}

/* The library's copy equals the appendix entry for entry. */
static void test_library_table(void **state)
{
    (void)state;
    for (int k = 0; k < 256; k++)
        assert_int_equal(wt__lod_log2_table[k], cm_log2_tab[k]);
}

/* Step 5 through the gradient LOD: rho = M·2^j (M in [512, 1023], a 10-bit
 * value, so t10 keeps it) along one axis gives q = 256·(j+9) + LOG2TAB[(M−512)>>1];
 * both M = 512 + 2i and 513 + 2i fall on index i. */
static void test_step5_every_index(void **state)
{
    (void)state;
    for (int j = -20; j <= 20; j += 5)
        for (int m = 512; m < 1024; m++) {
            float rho = ldexpf((float)m, j);
            int32_t want = 256 * (j + 9) + cm_log2_tab[(m - 512) / 2];
            assert_int_equal(wt__grad_lod_2d(rho, 0.0f, 0.0f, 0.0f), want);
            assert_int_equal(wt__grad_lod_2d(0.0f, 0.0f, 0.0f, -rho), want);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_vs_formula),
        cmocka_unit_test(test_library_table),
        cmocka_unit_test(test_step5_every_index),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
