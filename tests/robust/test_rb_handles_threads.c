/* test_rb_handles_threads.c -- objects created and destroyed on some threads while others sample: stale handles are refused, live ones exact
 * SPDX-License-Identifier: MIT
 *
 * Issue 2: creation and destruction are thread-safe, sampling takes no
 * lock, and a destroyed handle gives WT_ERROR_INVALID_HANDLE, never a
 * crash -- also while its table slot is being reused by new objects of any
 * kind.  A handle is published as stale only after its destroy returned
 * (destroying an object while another thread still samples it is a data
 * race in CUDA as here, and is not exercised). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "rb_util.h"

#define STABLE 4
#define STALE_RING 64
#define CHURN_ITERS 20000

static float stable_mem[STABLE][8];
static wt_tex stable[STABLE];
static _Atomic uint64_t stale[STALE_RING]; /* destroyed handles of any kind */
static _Atomic unsigned stale_n;
static atomic_int churn_done;

static void publish(uint64_t h)
{
    unsigned k = atomic_fetch_add(&stale_n, 1u);
    atomic_store(&stale[k % STALE_RING], h);
}

static wt_resource_desc linear_of(float *p, size_t n)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_LINEAR;
    r.res.linear.dev_ptr = p;
    r.res.linear.desc = rb_cd(1, 32, WT_CHANNEL_FLOAT);
    r.res.linear.size_in_bytes = n * sizeof(float);
    return r;
}

typedef struct cjob {
    int id;
    long bad;
} cjob;

/* create a texture, a surface and a sampler; use each once; destroy them;
 * then publish the dead handles. */
static void *churn(void *arg)
{
    cjob *j = arg;
    float mem[4];
    wt_texture_desc td = rb_desc0();
    wt_sampler_desc sd;
    memset(&sd, 0, sizeof sd);
    for (int i = 0; i < CHURN_ITERS; i++) {
        for (int k = 0; k < 4; k++)
            mem[k] = (float)(j->id * 100000 + i * 4 + k);
        wt_resource_desc r = linear_of(mem, 4);
        wt_tex t = 0;
        wt_surf s = 0;
        wt_sampler smp = 0;
        if (wt_create_texture_object(&t, &r, &td, NULL) || wt_create_surface_object(&s, &r) ||
            wt_create_sampler_object(&smp, &sd)) {
            j->bad++;
            break;
        }
        wt_float4 v = wt_tex_unified_1d_v4f32_s32(t, 2);
        if (rb_fb(v.x) != rb_fb(mem[2]))
            j->bad++;
        v = wt_tex_1d_v4f32_s32(t, smp, 3);
        if (rb_fb(v.x) != rb_fb(mem[3]))
            j->bad++;
        if (wt_suld_1d_i32_trap(s, 4) != (int32_t)rb_fb(mem[1]))
            j->bad++;
        if (wt_destroy_texture_object(t) || wt_destroy_surface_object(s) || wt_destroy_sampler_object(smp))
            j->bad++;
        publish(t);
        publish(s);
        publish(smp);
    }
    if (wt_get_last_error() != WT_SUCCESS)
        j->bad++;
    return NULL;
}

typedef struct sjob {
    long bad, stale_checked, live_checked;
} sjob;

/* sample the stable textures (exact values) and every published dead
 * handle (refused, zeros) until the churn threads finish */
static void *sampler_thread(void *arg)
{
    sjob *j = arg;
    wt_tex_args *in = calloc(1, sizeof *in);
    wt_tex_result *out = calloc(1, sizeof *out);
    wt_surf_args *sin = calloc(1, sizeof *sin);
    wt_surf_result *sout = calloc(1, sizeof *sout);
    if (!in || !out || !sin || !sout) {
        j->bad++;
        return NULL;
    }
    wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_1D, .ctype = WT_CTYPE_S32, .dtype = WT_DTYPE_F32,
                .flags = WT_OP_PRED};
    wt_op ld = {.family = WT_FAMILY_SULD, .mode = WT_SURF_B, .geom = WT_GEOM_1D, .vec = 1, .bits = 32,
                .clamp = WT_CLAMP_CLAMP};
    for (int l = 0; l < WT_WARP_SIZE; l++)
        in->c[0][l] = (uint32_t)(l % 8);
    int round = 0;
    while (!atomic_load(&churn_done) || round < 50) {
        round++;
        for (int k = 0; k < STABLE; k++) {
            if (wt_tex_warp(&op, stable[k], 0, 0xffffffffu, in, out) != WT_SUCCESS || out->pred != 0xffffffffu)
                j->bad++;
            for (int l = 0; l < WT_WARP_SIZE; l++)
                if (out->d[0][l] != rb_fb(stable_mem[k][l % 8]))
                    j->bad++;
            j->live_checked++;
        }
        unsigned n = atomic_load(&stale_n);
        unsigned lo = n > STALE_RING ? n - STALE_RING : 0;
        for (unsigned i = lo; i < n; i++) {
            uint64_t h = atomic_load(&stale[i % STALE_RING]);
            if (h == 0)
                continue;
            memset(out, 0x5a, sizeof *out);
            if (wt_tex_warp(&op, h, 0, 0x0000ffffu, in, out) != WT_ERROR_INVALID_HANDLE || out->pred != 0 ||
                out->d[0][0] != 0 || out->d[0][31] != 0x5a5a5a5au)
                j->bad++;
            wt_op ind = op;
            ind.flags = WT_OP_SAMPLER;
            if (wt_tex_warp(&ind, stable[0], h, 1u, in, out) != WT_ERROR_INVALID_HANDLE)
                j->bad++;
            if (wt_surf_warp(&ld, h, 1u, sin, sout) != WT_ERROR_INVALID_HANDLE || sout->d[0][0] != 0)
                j->bad++;
            wt_float4 v = wt_tex_unified_1d_v4f32_s32(h, 1);
            if (wt_get_last_error() != WT_ERROR_INVALID_HANDLE || rb_fb(v.x) != 0)
                j->bad++;
            if (wt_suld_1d_i32_clamp(h, 0) != 0 || wt_get_last_error() != WT_ERROR_INVALID_HANDLE)
                j->bad++;
            if (wt_destroy_texture_object(h) != WT_ERROR_INVALID_HANDLE ||
                wt_destroy_surface_object(h) != WT_ERROR_INVALID_HANDLE ||
                wt_destroy_sampler_object(h) != WT_ERROR_INVALID_HANDLE)
                j->bad++;
            j->stale_checked++;
        }
    }
    free(in);
    free(out);
    free(sin);
    free(sout);
    return NULL;
}

static void create_destroy_while_sampling(void **state)
{
    (void)state;
    for (int k = 0; k < STABLE; k++) {
        for (int i = 0; i < 8; i++)
            stable_mem[k][i] = (float)(1000 * k + i) + 0.25f;
        wt_resource_desc r = linear_of(stable_mem[k], 8);
        wt_texture_desc td = rb_desc0();
        assert_int_equal(wt_create_texture_object(&stable[k], &r, &td, NULL), WT_SUCCESS);
    }
    pthread_t ct[2], st[2];
    cjob cj[2] = {{1, 0}, {2, 0}};
    sjob sj[2];
    memset(sj, 0, sizeof sj);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&st[k], NULL, sampler_thread, &sj[k]), 0);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_create(&ct[k], NULL, churn, &cj[k]), 0);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(ct[k], NULL), 0);
    atomic_store(&churn_done, 1);
    for (int k = 0; k < 2; k++)
        assert_int_equal(pthread_join(st[k], NULL), 0);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(cj[k].bad, 0);
        assert_int_equal(sj[k].bad, 0);
        assert_true(sj[k].live_checked > 0);
        assert_true(sj[k].stale_checked > 0);
    }
    for (int k = 0; k < STABLE; k++)
        assert_int_equal(wt_destroy_texture_object(stable[k]), WT_SUCCESS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(create_destroy_while_sampling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
