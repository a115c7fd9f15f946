/* test_lod_log2.c -- the measured log2 table of the gradient LOD (SEMANTICS Appendix B, §6.4 step 5)
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "scalar/scalar.h"

/* Appendix B as printed, one row of 16 per line. */
static const int TAB[256] = {
    0,   2,   4,   5,   6,   8,   9,   11,  12,  13,  15,  16,  18,  19,  20,  22,
    23,  24,  26,  27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  42,  43,
    44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,  59,  60,  62,  63,
    64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,
    83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99,  100,
    101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133,
    135, 136, 137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164,
    165, 166, 167, 168, 169, 170, 171, 172, 173, 173, 174, 175, 176, 177, 178, 179,
    180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205, 205, 206,
    207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219,
    220, 221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232,
    233, 233, 234, 235, 236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244,
    245, 245, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 253, 254, 255, 255,
};

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
        if (r != TAB[k]) {
            diff++;
            assert_true(abs(r - TAB[k]) == 1);
        }
        if (k > 0)
            assert_true(TAB[k] >= TAB[k - 1]); /* monotone */
    }
    assert_int_equal(diff, 14);
    /* the ones the appendix lists as the card's own values */
    static const int own[14] = {0, 61, 86, 108, 109, 110, 111, 115, 116, 117, 141, 162, 170, 255};
    for (int i = 0; i < 14; i++) {
        int k = own[i];
        assert_int_not_equal((int)floor(256.0 * log2(1.0 + (k + 0.5) / 256.0) + 0.5), TAB[k]);
    }
}

/* The library's copy equals the appendix entry for entry. */
static void test_library_table(void **state)
{
    (void)state;
    for (int k = 0; k < 256; k++)
        assert_int_equal(wt__lod_log2_table[k], TAB[k]);
}

/* Step 5 through the gradient LOD: rho = M·2^j (M in [512, 1023], a 10-bit
 * value, so t10 keeps it) along one axis gives q = 256·(j+9) + TAB[(M−512)>>1];
 * both M = 512 + 2i and 513 + 2i fall on index i. */
static void test_step5_every_index(void **state)
{
    (void)state;
    for (int j = -20; j <= 20; j += 5)
        for (int m = 512; m < 1024; m++) {
            float rho = ldexpf((float)m, j);
            int32_t want = 256 * (j + 9) + TAB[(m - 512) / 2];
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
