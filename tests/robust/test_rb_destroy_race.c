/* test_rb_destroy_race.c -- destroying objects while other threads are sampling through the very same handles
 * SPDX-License-Identifier: MIT
 *
 * One thread keeps replacing a texture and a surface (create the new one,
 * publish its handle, destroy the old one and free its array) while two
 * threads sample and load through whatever handle they read last.  Every
 * call must either succeed with the exact texel value (each generation
 * stores its own value) or report WT_ERROR_INVALID_HANDLE; under the
 * sanitizers nothing may touch freed memory (reclaim.c).  On Linux the read
 * sections' barriers are asymmetric (membarrier), except under
 * ThreadSanitizer, so the sanitizer builds run the race both ways. */
#include <pthread.h>
#include <stdatomic.h>

#include "rb_util.h"
#include "core/read_section.h" /* wt__read_barriers_asymmetric */

#define ROUNDS 3000
#define W 64

static _Atomic uint64_t cur_tex, cur_surf;
static atomic_int stop;

typedef struct result {
    long ok, invalid, wrong;
} result;

/* Generation g's texture: W x W u32 with every texel g; the surface likewise. */
static void make_pair(uint32_t g, wt_tex *t, wt_surf *s, wt_array *ta, wt_array *sa)
{
    static uint32_t buf[W * W]; /* only the replacing thread writes it */
    for (int i = 0; i < W * W; i++)
        buf[i] = g;
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_array(ta, &cd, W, W, 0, 0), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(*ta, 0, 0, 0, buf, W * 4, W, W, 1), WT_SUCCESS);
    assert_int_equal(wt_malloc_array(sa, &cd, W, W, 0, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(*sa, 0, 0, 0, buf, W * 4, W, W, 1), WT_SUCCESS);
    wt_resource_desc r = rb_res_array(*ta);
    wt_texture_desc td = rb_desc0();
    td.read_mode = WT_READ_ELEMENT_TYPE;
    assert_int_equal(wt_create_texture_object(t, &r, &td, NULL), WT_SUCCESS);
    r = rb_res_array(*sa);
    assert_int_equal(wt_create_surface_object(s, &r), WT_SUCCESS);
}

static void *reader(void *arg)
{
    result *res = arg;
    wt_op top = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE, .dtype = WT_DTYPE_U32,
                 .ctype = WT_CTYPE_S32};
    wt_op sop = {.family = WT_FAMILY_SULD, .geom = WT_GEOM_2D, .mode = WT_SURF_B, .vec = 1, .bits = 32,
                 .clamp = WT_CLAMP_TRAP};
    static _Thread_local wt_tex_args tin;
    static _Thread_local wt_tex_result tout;
    static _Thread_local wt_surf_args sin;
    static _Thread_local wt_surf_result sout;
    for (int l = 0; l < WT_WARP_SIZE; l++) {
        tin.c[0][l] = (uint32_t)(l * 2), tin.c[1][l] = (uint32_t)l;
        sin.c[0][l] = l * 4, sin.c[1][l] = l;
    }
    while (!atomic_load(&stop)) {
        uint64_t h = atomic_load(&cur_tex);
        wt_status st = wt_tex_warp(&top, h, 0, 0xffffffffu, &tin, &tout);
        /* the texel value is the generation, which is the handle's pair: any
         * generation is fine, but all 32 lanes must agree and be nonzero */
        if (st == WT_SUCCESS) {
            int same = tout.d[0][0] != 0;
            for (int l = 1; l < WT_WARP_SIZE; l++)
                same &= tout.d[0][l] == tout.d[0][0];
            same ? res->ok++ : res->wrong++;
        } else {
            st == WT_ERROR_INVALID_HANDLE ? res->invalid++ : res->wrong++;
        }
        h = atomic_load(&cur_surf);
        st = wt_surf_warp(&sop, h, 0xffffffffu, &sin, &sout);
        if (st == WT_SUCCESS) {
            int same = sout.d[0][0] != 0;
            for (int l = 1; l < WT_WARP_SIZE; l++)
                same &= sout.d[0][l] == sout.d[0][0];
            same ? res->ok++ : res->wrong++;
        } else {
            st == WT_ERROR_INVALID_HANDLE ? res->invalid++ : res->wrong++;
        }
        /* per-lane and query paths too */
        (void)wt_tex_unified_2d_v4u32_s32(atomic_load(&cur_tex), 3, 4);
        (void)wt_suq_width(atomic_load(&cur_surf));
    }
    return NULL;
}

static void destroy_while_sampling(void **state)
{
    (void)state;
    wt_tex t;
    wt_surf s;
    wt_array ta, sa;
    make_pair(1, &t, &s, &ta, &sa);
    atomic_store(&cur_tex, t);
    atomic_store(&cur_surf, s);
    atomic_store(&stop, 0);
    result res[2] = {{0, 0, 0}, {0, 0, 0}};
    pthread_t th[2];
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&th[k], NULL, reader, &res[k]), 0);
    for (uint32_t g = 2; g < ROUNDS + 2; g++) {
        wt_tex nt;
        wt_surf ns;
        wt_array nta, nsa;
        make_pair(g, &nt, &ns, &nta, &nsa);
        atomic_store(&cur_tex, nt);
        atomic_store(&cur_surf, ns);
        /* the readers may still be inside calls on t and s */
        assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
        assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
        assert_int_equal(wt_free_array(ta), WT_SUCCESS);
        assert_int_equal(wt_free_array(sa), WT_SUCCESS);
        t = nt, s = ns, ta = nta, sa = nsa;
    }
    atomic_store(&stop, 1);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(th[k], NULL), 0);
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(s), WT_SUCCESS);
    assert_int_equal(wt_free_array(ta), WT_SUCCESS);
    assert_int_equal(wt_free_array(sa), WT_SUCCESS);
    wt_get_last_error(); /* the readers' last errors are their own */
    for (int k = 0; k < 2; k++) {
        assert_int_equal(res[k].wrong, 0);
        assert_true(res[k].ok > 0);
    }
    print_message("read-section barriers: %s\n",
                  wt__read_barriers_asymmetric() ? "asymmetric (membarrier)" : "sequentially consistent");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(destroy_while_sampling)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
