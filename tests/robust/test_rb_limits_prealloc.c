/* test_rb_limits_prealloc.c -- every [semantics#limits] limit at full size, checked before any allocation
 * SPDX-License-Identifier: MIT
 *
 * test_rb_limits.c takes each axis to its limit with the others at 1, so the
 * arrays stay small enough to allocate.  Here every axis of a kind sits at
 * its limit at once (up to 2^50 bytes), which only works because sizes are
 * validated before storage is allocated: the test makes the storage
 * allocation fail (wt_debug_fail_alloc_after), so
 *   - at the limit the call passes validation and fails with
 *     WT_ERROR_OUT_OF_MEMORY (the injected failure), *out NULL;
 *   - one past the limit it fails with WT_ERROR_INVALID_VALUE before
 *     allocating anything: the armed failure is still pending afterwards.
 * The elements are 16 bytes (4 x f32), so any size arithmetic that
 * overflowed would show as a wrong status. */
#include "rb_util.h"

void wt_debug_fail_alloc_after(long n); /* test hook (src/core/alloc.c) */

typedef struct big {
    size_t w, h, d;
    unsigned flags;
    unsigned samples; /* 0: wt_malloc_array; else wt_malloc_multisample_array (d = layers) */
    unsigned levels;  /* 0: not mipmapped */
    int ok;           /* 1: at the limit; 0: one past */
} big;

static wt_status make(const big *b, wt_channel_desc *cd, void **out)
{
    if (b->levels)
        return wt_malloc_mipmapped_array((wt_mipmapped_array *)out, cd, b->w, b->h, b->d, b->levels, b->flags);
    if (b->samples)
        return wt_malloc_multisample_array((wt_array *)out, cd, b->w, b->h, b->d, b->samples, b->flags);
    return wt_malloc_array((wt_array *)out, cd, b->w, b->h, b->d, b->flags);
}

/* The wt__alloc calls before the storage: the array record. */
static long records(const big *b)
{
    (void)b;
    return 1;
}

static void full_size_limits(void **state)
{
    (void)state;
    const unsigned L = WT_ARRAY_LAYERED, C = WT_ARRAY_CUBEMAP, S = WT_ARRAY_SURFACE_LOAD_STORE,
                   G = WT_ARRAY_TEXTURE_GATHER;
    static big cases[80];
    size_t n = 0;
#define AT(w, h, d, f) cases[n++] = (big){w, h, d, f, 0, 0, 1}
#define PAST(w, h, d, f) cases[n++] = (big){w, h, d, f, 0, 0, 0}
    /* textures */
    AT(131072, 0, 0, 0), PAST(131073, 0, 0, 0);                                        /* 1D */
    AT(131072, 65536, 0, 0), PAST(131073, 65536, 0, 0), PAST(131072, 65537, 0, 0);     /* 2D */
    AT(32768, 32768, 0, G), PAST(32769, 32768, 0, G), PAST(32768, 32769, 0, G);        /* 2D gather */
    AT(32768, 0, 2048, L), PAST(32769, 0, 2048, L), PAST(32768, 0, 2049, L);           /* 1D layered */
    AT(32768, 32768, 2048, L), PAST(32769, 32768, 2048, L), PAST(32768, 32769, 2048, L),
        PAST(32768, 32768, 2049, L);                                                   /* 2D layered */
    AT(16384, 16384, 16384, 0), PAST(16385, 16384, 16384, 0), PAST(16384, 16385, 16384, 0),
        PAST(16384, 16384, 16385, 0);                                                  /* 3D */
    AT(32768, 32768, 6, C), PAST(32769, 32769, 6, C);                                  /* cubemap */
    AT(32768, 32768, 2046, C | L), PAST(32769, 32769, 2046, C | L),
        PAST(32768, 32768, 2052, C | L);                                               /* cubemap layered */
    /* surfaces */
    AT(32768, 0, 0, S), PAST(32769, 0, 0, S);
    AT(32768, 0, 2048, S | L), PAST(32769, 0, 2048, S | L), PAST(32768, 0, 2049, S | L);
    AT(131072, 65536, 0, S), PAST(131073, 65536, 0, S), PAST(131072, 65537, 0, S);
    AT(32768, 32768, 1048, S | L), PAST(32769, 32768, 1048, S | L), PAST(32768, 32769, 1048, S | L),
        PAST(32768, 32768, 1049, S | L);
    AT(16384, 16384, 16384, S), PAST(16385, 16384, 16384, S), PAST(16384, 16384, 16385, S);
    AT(32768, 32768, 6, S | C), PAST(32769, 32769, 6, S | C);
    AT(32768, 32768, 2046, S | C | L), PAST(32768, 32768, 2052, S | C | L);
#undef AT
#undef PAST
    /* multisample (2D / 2D layered limits, 32 samples) and mipmapped arrays */
    cases[n++] = (big){131072, 65536, 0, 0, 32, 0, 1};
    cases[n++] = (big){131073, 65536, 0, 0, 32, 0, 0};
    cases[n++] = (big){32768, 32768, 2048, 0, 32, 0, 1};
    cases[n++] = (big){32768, 32768, 2049, 0, 32, 0, 0};
    cases[n++] = (big){16384, 16384, 16384, 0, 0, 15, 1};
    cases[n++] = (big){16384, 16384, 16385, 0, 0, 15, 0};
    cases[n++] = (big){131072, 65536, 0, 0, 0, 18, 1};
    cases[n++] = (big){131072, 65537, 0, 0, 0, 18, 0};
    cases[n++] = (big){32768, 32768, 2046, C | L, 0, 16, 1};
    cases[n++] = (big){32768, 32768, 2052, C | L, 0, 16, 0};
    assert_true(n <= sizeof cases / sizeof cases[0]);

    wt_channel_desc f4 = rb_cd(4, 32, WT_CHANNEL_FLOAT);
    for (size_t i = 0; i < n; i++) {
        const big *b = &cases[i];
        void *out = (void *)&cases; /* any non-NULL value: it must come back NULL */
        wt_debug_fail_alloc_after(b->ok ? records(b) + 1 : 1);
        wt_status st = make(b, &f4, &out);
        wt_status want = b->ok ? WT_ERROR_OUT_OF_MEMORY : WT_ERROR_INVALID_VALUE;
        if (st != want)
            fail_msg("case %zu (%zu x %zu x %zu, flags 0x%x, %u samples, %u levels): %s, want %s (%s)", i, b->w, b->h,
                     b->d, b->flags, b->samples, b->levels, wt_status_string(st), wt_status_string(want),
                     wt_last_error_message());
        assert_null(out);
        if (!b->ok) {
            /* refused before any allocation: the armed failure still hits
             * the next one */
            wt_array probe = NULL;
            wt_status pst = wt_malloc_array(&probe, &f4, 1, 1, 0, 0);
            if (pst != WT_ERROR_OUT_OF_MEMORY)
                fail_msg("case %zu allocated before refusing its size", i);
        }
        wt_debug_fail_alloc_after(0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_size_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
