/* test_handle_table.c -- the handle table's generations (no ABA) and the deferred release of destroyed objects
 * SPDX-License-Identifier: MIT
 *
 * Internal API (src/core/internal.h): wt__handle_new/get/remove with dummy
 * objects, wt__read_begin/end, wt__retire and wt__reclaim_poll with a
 * counting release function.  What is checked:
 *   - a handle carries a 24-bit generation; after 2^24 - 1 create/destroy
 *     cycles of one slot that slot is retired for good, so no handle value is
 *     ever handed out twice and every old handle of the slot stays dead;
 *   - an object retired while a read section (any thread's) that could have
 *     found it is open is not released; it is released once the section ends
 *     and the next collection runs, which object creation triggers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "core/internal.h"

#define GEN(h) (((h) >> 32) & 0xffffffu)
#define SLOT(h) ((uint32_t)(h))

static void generation_used_up_retires_the_slot(void **state)
{
    (void)state;
    static int obj;
    uint64_t first = 0, h = 0, prev = 0;
    long cycles = 0;
    /* Free slots are reused last-in first-out, so one thread cycling
     * create/destroy keeps getting the same slot with the next generation. */
    for (;;) {
        assert_int_equal(wt__handle_new(&h, WT__KIND_SURF, &obj), WT_SUCCESS);
        if (!first) {
            first = h;
        } else {
            if (SLOT(h) != SLOT(first) || GEN(h) != GEN(prev) + 1)
                fail_msg("cycle %ld: handle 0x%llx after 0x%llx", cycles, (unsigned long long)h,
                         (unsigned long long)prev);
        }
        assert_ptr_equal(wt__handle_get(h, WT__KIND_SURF), &obj);
        assert_ptr_equal(wt__handle_remove(h, WT__KIND_SURF), &obj);
        prev = h;
        cycles++;
        if (GEN(h) == 0xffffffu)
            break;
    }
    assert_true(cycles >= 1);
    /* the slot is used up: the next object lives elsewhere, and neither the
     * slot's first nor its last handle comes back to life */
    uint64_t next = 0;
    assert_int_equal(wt__handle_new(&next, WT__KIND_SURF, &obj), WT_SUCCESS);
    assert_true(SLOT(next) != SLOT(first));
    assert_null(wt__handle_get(first, WT__KIND_SURF));
    assert_null(wt__handle_get(prev, WT__KIND_SURF));
    /* a handle with the slot's index and generation 0 (never handed out) or
     * any other generation is not live either */
    assert_null(wt__handle_get(first & 0xff000000ffffffffull, WT__KIND_SURF));
    assert_null(wt__handle_get((first & 0xff000000ffffffffull) | (0x123456ull << 32), WT__KIND_SURF));
    assert_null(wt__handle_remove(prev, WT__KIND_SURF));
    assert_ptr_equal(wt__handle_remove(next, WT__KIND_SURF), &obj);
    /* and the public calls agree: a destroyed texture handle stays invalid */
    assert_int_equal(wt_destroy_surface_object(prev), WT_ERROR_INVALID_HANDLE);
    assert_int_equal(wt_suq_width(first), 0);
    assert_int_equal(wt_get_last_error(), WT_ERROR_INVALID_HANDLE);
}

static atomic_int released;
static void count_release(void *p)
{
    (void)p;
    atomic_fetch_add(&released, 1);
}

static void retire_inside_own_read_section(void **state)
{
    (void)state;
    static int obj;
    atomic_store(&released, 0);
    wt__read_begin();
    wt__retire(&obj, count_release); /* this thread may still hold it */
    assert_int_equal(atomic_load(&released), 0);
    wt__read_begin(); /* nested sections end with the outermost */
    wt__read_end();
    wt__reclaim_poll();
    assert_int_equal(atomic_load(&released), 0);
    wt__read_end();
    wt__reclaim_poll();
    assert_int_equal(atomic_load(&released), 1);
    wt__reclaim_poll(); /* released once */
    assert_int_equal(atomic_load(&released), 1);
}

static atomic_int reader_in, reader_go;

static void *reader(void *arg)
{
    (void)arg;
    wt__read_begin();
    atomic_store(&reader_in, 1);
    while (!atomic_load(&reader_go))
        sched_yield();
    wt__read_end();
    return NULL;
}

static void retire_while_another_thread_reads(void **state)
{
    (void)state;
    static int obj, dummy;
    atomic_store(&released, 0);
    atomic_store(&reader_in, 0);
    atomic_store(&reader_go, 0);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, reader, NULL), 0);
    while (!atomic_load(&reader_in))
        sched_yield();
    wt__retire(&obj, count_release);
    wt__reclaim_poll();
    uint64_t h;
    assert_int_equal(wt__handle_new(&h, WT__KIND_SAMPLER, &dummy), WT_SUCCESS);
    assert_ptr_equal(wt__handle_remove(h, WT__KIND_SAMPLER), &dummy);
    assert_int_equal(atomic_load(&released), 0); /* the reader's section is still open */
    atomic_store(&reader_go, 1);
    pthread_join(th, NULL);
    /* no destroy follows: creating any object collects it */
    assert_int_equal(wt__handle_new(&h, WT__KIND_SAMPLER, &dummy), WT_SUCCESS);
    assert_int_equal(atomic_load(&released), 1);
    assert_ptr_equal(wt__handle_remove(h, WT__KIND_SAMPLER), &dummy);
}

/* Sections that began after the retire cannot have found the object: they do
 * not hold its release back. */
static void later_readers_do_not_block(void **state)
{
    (void)state;
    static int obj;
    atomic_store(&released, 0);
    atomic_store(&reader_in, 0);
    atomic_store(&reader_go, 0);
    wt__read_begin();
    wt__retire(&obj, count_release);
    wt__read_end();
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, reader, NULL), 0);
    while (!atomic_load(&reader_in))
        sched_yield();
    wt__reclaim_poll();
    assert_int_equal(atomic_load(&released), 1);
    atomic_store(&reader_go, 1);
    pthread_join(th, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generation_used_up_retires_the_slot),
        cmocka_unit_test(retire_inside_own_read_section),
        cmocka_unit_test(retire_while_another_thread_reads),
        cmocka_unit_test(later_readers_do_not_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
