/* test_backend_cpu_lacks.c -- on a CPU without a compiled-in backend's ISA, none of that backend's code runs
 * SPDX-License-Identifier: MIT
 *
 * Every SIMD backend's files are compiled with its ISA's flags, and the compiler may use that ISA
 * anywhere in them, binders included.  So on a CPU without the ISA the backend must never be
 * chosen, set, or asked to bind a kernel to a new object: each of those would be an illegal
 * instruction.  The test hides the CPU features of every compiled-in SIMD backend in turn (the
 * library's test hook, before anything chooses a backend: one process per hidden set, as the
 * choice is made once), then checks that the backend is unavailable, that the one chosen can
 * run here, and that texture objects of the shapes the backend specialises bind no kernel of
 * it while the backends still usable bind theirs; sampling then gives the reference's result.
 * `valgrind` is such a CPU for real (it does not emulate AVX-512), which is how the binder
 * fault was found: see docs/design.md#backend-choice.
 *
 *   test_backend_cpu_lacks            run every hidden set, each in a child process
 *   test_backend_cpu_lacks NAME       hide the features NAME needs and check (the child; also a
 *                                     test of its own per backend, tests/backend.cmake, for cross
 *                                     builds under an emulator that cannot start a child) */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/cpu.h"
#include "core/dispatch.h"
#include "warptex.h"

static const char *hidden_backend;
static const char *self_path;

/* The features without which each SIMD backend cannot run (its usable() needs them all, so
 * hiding the first is enough; all are hidden, as a CPU without the ISA lacks all of them). */
static unsigned features_of(const char *name)
{
    if (!strcmp(name, "avx512"))
        return WT__CPU_AVX512F | WT__CPU_AVX512BW | WT__CPU_AVX512DQ | WT__CPU_AVX512VL;
    if (!strcmp(name, "avx2"))
        return WT__CPU_AVX2 | WT__CPU_FMA | WT__CPU_AVX512F | WT__CPU_AVX512BW | WT__CPU_AVX512DQ |
               WT__CPU_AVX512VL;
    if (!strcmp(name, "neon"))
        return WT__CPU_NEON;
    return 0;
}

static const wt__backend *find(const char *name)
{
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    for (size_t i = 0; i < nb; i++)
        if (!strcmp(list[i]->name, name))
            return list[i];
    return NULL;
}

/* An RGBA8 texture read as normalised float, linear, clamp, normalised coordinates: the shape
 * every SIMD backend's u8 kernel takes. */
static wt_tex make_rgba8(wt_array *arr, uint8_t *px, int w, int h)
{
    wt_channel_desc fmt = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    assert_int_equal(wt_malloc_array(arr, &fmt, (size_t)w, (size_t)h, 0, WT_ARRAY_DEFAULT), WT_SUCCESS);
    assert_int_equal(wt_memcpy_to_array(*arr, 0, 0, 0, px, (size_t)w * 4, (size_t)w, (size_t)h, 1), WT_SUCCESS);
    wt_resource_desc res = {.type = WT_RESOURCE_ARRAY, .res.array.array = *arr};
    wt_texture_desc td = {.filter_mode = WT_FILTER_LINEAR,
                          .normalized_coords = 1,
                          .read_mode = WT_READ_NORMALIZED_FLOAT,
                          .address_mode = {WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP, WT_ADDRESS_CLAMP}};
    wt_tex t;
    assert_int_equal(wt_create_texture_object(&t, &res, &td, NULL), WT_SUCCESS);
    return t;
}

static void hidden_backend_never_runs(void **state)
{
    (void)state;
    const wt__backend *gone = find(hidden_backend);
    assert_non_null(gone);
    if (gone->usable()) {
        /* a backend that needs no CPU feature: the emulated NEON build (SIMDe's portable code
         * runs anywhere), where there is nothing to hide */
        print_message("backend %s runs on any CPU (an emulated build): nothing to hide\n", hidden_backend);
        skip();
    }
    assert_false(wt_backend_available(hidden_backend));
    assert_string_not_equal(wt_backend_name(), hidden_backend);
    assert_true(find(wt_backend_name())->usable());
    assert_int_equal(wt_set_backend(hidden_backend), WT_ERROR_BACKEND_UNAVAILABLE);

    enum { W = 64, H = 48 };
    static uint8_t px[W * H * 4];
    for (int i = 0; i < W * H * 4; i++)
        px[i] = (uint8_t)(i * 37 + (i >> 7));
    wt_array arr;
    wt_tex t = make_rgba8(&arr, px, W, H);

    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    wt__read_begin();
    const wt__tex *obj = wt__handle_get(t, WT__KIND_TEX);
    assert_non_null(obj);
    for (size_t i = 0; i < nb; i++) {
        const wt__backend *b = list[i];
        int bound = wt__tex_kernel_of(obj, b, NULL) != NULL;
        if (!b->usable() && bound)
            fail_msg("backend %s, which this CPU lacks, bound a kernel", b->name);
        if (b->usable() && b->bind_tex && !bound)
            fail_msg("backend %s, usable, bound no kernel for RGBA8 linear", b->name);
    }
    wt__read_end();

    /* Sampling through the backend chosen gives the reference's bits. */
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.mip = WT_MIP_BASE;
    op.dtype = WT_DTYPE_F32;
    op.ctype = WT_CTYPE_F32;
    static wt_tex_args in;
    static wt_tex_result got, want;
    for (int l = 0; l < 32; l++) {
        float u = (float)l / 29.0f - 0.05f, v = (float)(l * 7 % 32) / 31.0f;
        memcpy(&in.c[0][l], &u, 4);
        memcpy(&in.c[1][l], &v, 4);
    }
    assert_int_equal(wt_tex_warp(&op, t, 0, 0xffffffffu, &in, &got), WT_SUCCESS);
    assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
    assert_int_equal(wt_tex_warp(&op, t, 0, 0xffffffffu, &in, &want), WT_SUCCESS);
    assert_memory_equal(&got, &want, sizeof got);

    wt_destroy_texture_object(t);
    wt_free_array(arr);
}

/* The parent: one child per compiled-in SIMD backend that this CPU has (hiding one it lacks
 * already proves nothing new). */
static void every_backend_hidden_in_turn(void **state)
{
    (void)state;
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    int ran = 0;
    for (size_t i = 0; i < nb; i++) {
        const wt__backend *b = list[i];
        if (!features_of(b->name) || !b->usable())
            continue;
        fflush(NULL);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            execl(self_path, self_path, b->name, (char *)NULL);
            _exit(127);
        }
        int st = 0;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
            /* the program cannot start itself again: a cross build under an emulator (qemu-user
             * without binfmt), where tests/backend.cmake runs each backend's check as a test of
             * its own, test_backend_cpu_lacks_NAME, through the emulator */
            print_message("cannot start itself again here: see test_backend_cpu_lacks_%s\n", b->name);
            continue;
        }
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            fail_msg("with %s's CPU features hidden the check failed (status 0x%x)", b->name, st);
        print_message("backend %s hidden: the check passed (or said above why there was nothing to hide)\n", b->name);
        ran++;
    }
    if (!ran)
        print_message("no SIMD backend usable here: nothing to hide\n");
}

int main(int argc, char **argv)
{
    self_path = argv[0];
    if (argc > 1) {
        /* Before anything chooses a backend: the choice is made once. */
        hidden_backend = argv[1];
        unsigned f = features_of(hidden_backend);
        if (!f) {
            fprintf(stderr, "test_backend_cpu_lacks: no SIMD backend called \"%s\"\n", hidden_backend);
            return 2;
        }
        if (!find(hidden_backend)) {
            printf("backend %s is not compiled in: nothing to check\n", hidden_backend);
            return 0;
        }
        wt_debug_hide_cpu_features(f);
        const struct CMUnitTest one[] = {cmocka_unit_test(hidden_backend_never_runs)};
        return cmocka_run_group_tests(one, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(every_backend_hidden_in_turn)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
