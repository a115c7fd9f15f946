/* dispatch.c -- pick a backend once and publish it through one atomic pointer
 * SPDX-License-Identifier: MIT
 *
 * No constructor: constructors vanish from static libraries, so the choice is
 * made with call_once on first use ([design#backend-choice]).  This file is built with
 * baseline flags only; it never calls ISA code except through the table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "cpu.h"
#include "dispatch.h"
#include "parallel.h"

/* Best first. */
static const wt__backend *const backends[] = {
#if defined(WT_HAVE_AVX512)
    &wt__backend_avx512,
#endif
#if defined(WT_HAVE_AVX2)
    &wt__backend_avx2,
#endif
#if defined(WT_HAVE_NEON)
    &wt__backend_neon,
#endif
    &wt__backend_scalar,
};
#define NBACKENDS (sizeof backends / sizeof backends[0])

static _Atomic(const wt__backend *) active;
static once_flag choose_once = ONCE_FLAG_INIT;
static char env_problem[128]; /* why WARPTEX_BACKEND was ignored, written once by choose() */

const wt__backend *const *wt__backend_list(size_t *n)
{
    *n = NBACKENDS;
    return backends;
}

/* Only the backends this CPU can run bind: a binder is compiled with its ISA's flags, and the
 * compiler may use that ISA's instructions in it (the AVX-512 binder does), so calling the
 * binder of a backend the CPU lacks would be an illegal instruction at object creation.  A
 * backend the CPU lacks can never become active (wt_set_backend and WARPTEX_BACKEND refuse it),
 * so its slot stays empty. */
void wt__bind_tex_kernels(wt__tex *t)
{
    for (size_t i = 0; i < NBACKENDS; i++) {
        const wt__backend *b = backends[i];
        const char *name = NULL;
        wt__tex_kernel k = b->bind_tex && b->usable() ? b->bind_tex(t, &name) : NULL;
        t->kernels[b->id] = (void (*)(void))k;
        t->kernel_names[b->id] = k ? name : NULL;
    }
}

wt__tex_kernel wt__tex_kernel_of(const wt__tex *t, const wt__backend *b, const char **name)
{
    if (name)
        *name = t->kernel_names[b->id];
    return (wt__tex_kernel)t->kernels[b->id];
}

const wt__backend *wt__backend_find(const char *name)
{
    for (size_t i = 0; i < NBACKENDS; i++)
        if (name && strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

static void choose(void)
{
    const wt__backend *pick = NULL;
    const char *env = getenv("WARPTEX_BACKEND");
    if (env && *env) {
        const wt__backend *b = wt__backend_find(env);
        if (b && b->usable())
            pick = b;
        else {
            /* Never a silent fallback: say so, once, and use the best one. */
            snprintf(env_problem, sizeof env_problem, "WARPTEX_BACKEND=\"%.40s\" ignored: %s", env,
                     b ? "the CPU lacks it" : "not compiled in");
            fprintf(stderr, "warptex: %s\n", env_problem);
        }
    }
    for (size_t i = 0; !pick && i < NBACKENDS; i++)
        if (backends[i]->usable())
            pick = backends[i];
    atomic_store_explicit(&active, pick, memory_order_release);
}

const wt__backend *wt__backend_active(void)
{
    const wt__backend *b = atomic_load_explicit(&active, memory_order_acquire);
    if (!b) {
        call_once(&choose_once, choose);
        b = atomic_load_explicit(&active, memory_order_acquire);
    }
    return b;
}

const char *wt_backend_name(void) { return wt__backend_active()->name; }

const char *wt_backend_describe(const char *name)
{
    static const char *const known[] = {"scalar", "avx2", "avx512", "neon"};
    const wt__backend *b = wt__backend_find(name);
    if (b)
        return b->generic;
    for (size_t i = 0; name && i < sizeof known / sizeof known[0]; i++)
        if (strcmp(name, known[i]) == 0)
            return "compiled in: no";
    return NULL;
}

int wt_backend_available(const char *name)
{
    const wt__backend *b = wt__backend_find(name);
    return b && b->usable();
}

wt_status wt_set_backend(const char *name)
{
    const wt__backend *b = wt__backend_find(name);
    if (!b || !b->usable())
        return wt__error(WT_ERROR_BACKEND_UNAVAILABLE, "wt_set_backend(): backend \"%s\" is %s", name ? name : "(null)",
                         b ? "not usable on this CPU" : "not compiled in");
    wt__backend_active(); /* settle the first choice so it cannot overwrite this one */
    atomic_store_explicit(&active, b, memory_order_release);
    return WT_SUCCESS;
}

const char *wt_version(void) { return WT_VERSION_STRING; }

static char problems[400];
static once_flag problems_once = ONCE_FLAG_INIT;

static void gather_problems(void)
{
    wt__backend_active(); /* reads WARPTEX_BACKEND (once) */
    const char *threads = wt__num_threads_env_problem();
    const char *pairs = wt__texel_pairs_env_problem();
    snprintf(problems, sizeof problems, "%s%s%s%s%s", env_problem, *env_problem && *threads ? "\n" : "", threads,
             (*env_problem || *threads) && *pairs ? "\n" : "", pairs);
}

const char *wt_config_problems(void)
{
    call_once(&problems_once, gather_problems);
    return problems;
}
