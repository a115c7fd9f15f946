/* test_status.c -- every status has a distinct name and a description; the last error
 * SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "warptex.h"

static void names_distinct(void **state)
{
    (void)state;
    static const wt_status all[] = {
#define X(name, value, msg) WT_##name,
        WT_STATUS_LIST(X)
#undef X
    };
    size_t n = sizeof all / sizeof all[0];
    assert_int_equal(n, WT_STATUS_COUNT);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(all[i], (int)i);
        const char *a = wt_status_string(all[i]);
        assert_true(strncmp(a, "WT_", 3) == 0);
        assert_true(strlen(wt_status_description(all[i])) > 0);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(a, wt_status_string(all[j]));
    }
    assert_string_equal(wt_status_string(WT_SUCCESS), "WT_SUCCESS");
    assert_string_equal(wt_status_string(WT_ERROR_INVALID_HANDLE), "WT_ERROR_INVALID_HANDLE");
    assert_string_equal(wt_status_string((wt_status)999), "WT_UNKNOWN_STATUS");
}

static void last_error_get_and_peek(void **state)
{
    (void)state;
    wt_get_last_error();
    assert_int_equal(wt_destroy_texture_object(0), WT_ERROR_INVALID_HANDLE);
    assert_non_null(strstr(wt_last_error_message(), "wt_destroy_texture_object()"));
    assert_int_equal(wt_peek_last_error(), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_peek_last_error(), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_distinct),
        cmocka_unit_test(last_error_get_and_peek),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
