/* warptex_cxx.c -- warptex-cxx: nvcc's command line, building CUDA sources for the CPU
 * SPDX-License-Identifier: MIT
 *
 *   warptex-cxx [nvcc's options] app.cu more.cu util.cpp lib.a -o app
 *
 * The command line is nvcc's (tools/cxx/nvcc_options.c: every option of nvcc 13, in each of its
 * spellings); an option nvcc does not have is an error naming it, as with nvcc, unless
 * -forward-unknown-to-host-compiler says to pass it on.  Each input goes the way nvcc sends it:
 *   .cu (or any source with -x cu)   rewritten with the program's own "..." headers
 *                                    (tools/cxx/cuda_mirror.c: <<< >>> launches, extern
 *                                    __shared__), cuda_runtime.h pre-included as nvcc does,
 *                                    compiled as C++17, optimised (-O3) unless -O or -G says
 *   .c .cc .cpp .cxx ...             compiled as C or C++ (with the CUDA-named headers on the path)
 *   anything else (.o, .a, .so ...)  handed to the linker
 * then, by phase: linked with the CUDA runtime layer, warptex, Boost.Context and OpenMP (the
 * default, and -run); each object kept (-c, -dc, -dw); archived (-lib); preprocessed (-E);
 * dependencies listed (-M, -MM; -MD, -MMD beside a compile).  -dlink writes an empty object:
 * on the CPU there is no device code to link, and a build that links its output still links.
 * Options that steer GPU code only (-arch, -gencode, -Xptxas, -rdc, -lineinfo, -use_fast_math,
 * ...) are accepted and said once each with -v; -v also lists each command run (nvcc's "#$ "),
 * -dryrun lists them without running.  -clean removes, instead, the files the same command would
 * make (the objects, program, archive, -MD, -E or -M lists; not -keep's directories, whose names
 * are made up at each run), as nvcc's does.
 * The compiler: -ccbin, else WARPTEX_CXX, else the one this build used; but where the build made
 * the threads-as-loops pass (tools/cxx/threads_as_loops_pass.cpp), .cu files are compiled by the
 * clang it was made for, with the pass, unless -ccbin or WARPTEX_CXX names another compiler
 * (docs/cuda.md#threads-as-loops); the program links with the host compiler.  The headers and
 * libraries: those of the prefix warptex-cxx is installed in (<prefix>/bin/warptex-cxx beside
 * <prefix>/include/warptex/cuda and <prefix>/lib/libwarptex_cuda.a), else those of the build
 * tree it was built in.  --warptex-rewrite FILE prints the rewritten FILE and exits;
 * --warptex-launch COMPILER ARGS... is a build system's compiler launcher (launch() below).
 * Exit status: the first failing command's; 1 for a command line nvcc would refuse; 2 for a
 * rewrite or file error. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cuda_mirror.h"
#include "cuda_rewrite.h"
#include "nvcc_options.h"

/* ---- a growing vector of strings (owned) -------------------------------------------------- */

struct sv {
    char **v;
    int n, cap;
};

static void die_oom(void)
{
    fprintf(stderr, "warptex-cxx: out of memory\n");
    exit(2);
}

static void sv_add(struct sv *s, const char *str)
{
    if (s->n + 1 >= s->cap) {
        const int cap = s->cap ? s->cap * 2 : 32;
        char **v = realloc(s->v, (size_t)cap * sizeof *v);
        if (!v)
            die_oom();
        s->v = v;
        s->cap = cap;
    }
    if (!(s->v[s->n] = strdup(str)))
        die_oom();
    s->v[++s->n] = NULL;
}

static void sv_addf(struct sv *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *str = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!str)
        die_oom();
    va_start(ap, fmt);
    vsnprintf(str, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sv_add(s, str);
    free(str);
}

static void sv_cat(struct sv *s, const struct sv *t)
{
    for (int i = 0; i < t->n; i++)
        sv_add(s, t->v[i]);
}

/* split "a b c" (blanks) into S */
static void sv_words(struct sv *s, const char *words)
{
    char *copy = strdup(words), *save = NULL;
    if (!copy)
        die_oom();
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        sv_add(s, w);
    free(copy);
}

static int sv_has(const struct sv *s, const char *str)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i], str) == 0)
            return 1;
    return 0;
}

static void sv_free(struct sv *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

/* ---- the build's or the installation's headers and libraries ------------------------------ */

/* installed: the prefix is this program's directory/WT_CXX_BIN_TO_PREFIX, and it holds the
 * headers and every library; otherwise (run from the build tree) the build's own paths */
static void find_prefix(char **include_dir, char **libs, char **plugin)
{
    *include_dir = strdup(WT_CXX_INCLUDE);
    *libs = strdup(WT_CXX_LIBS);
    *plugin = WT_CXX_LOOPS_PLUGIN[0] ? strdup(WT_CXX_LOOPS_PLUGIN) : NULL;
    char prefix[4096];
    const ssize_t n = readlink("/proc/self/exe", prefix, sizeof prefix - 1);
    if (n <= 0)
        return;
    prefix[n] = '\0';
    char *slash = strrchr(prefix, '/');
    if (!slash || (size_t)(slash - prefix) + sizeof WT_CXX_BIN_TO_PREFIX + 2 > sizeof prefix)
        return;
    strcpy(slash, "/" WT_CXX_BIN_TO_PREFIX);
    char *canon = realpath(prefix, NULL); /* <prefix>, without bin/.. */
    if (!canon)
        return;
    struct sv found = {0};
    sv_addf(&found, "%s/" WT_CXX_INSTALLED_INCLUDE, canon);
    char *probe = NULL;
    {
        struct sv p = {0};
        sv_addf(&p, "%s/warptex/cuda/cuda_runtime.h", found.v[0]);
        probe = strdup(p.v[0]);
        sv_free(&p);
    }
    int all = probe && access(probe, R_OK) == 0;
    free(probe);
    struct sv names = {0}, lib_list = {0};
    sv_words(&names, WT_CXX_INSTALLED_LIBS);
    for (int i = 0; i < names.n; i++) {
        sv_addf(&lib_list, "%s/%s", canon, names.v[i]);
        all &= access(lib_list.v[lib_list.n - 1], R_OK) == 0;
    }
    if (all) {
        size_t len = strlen(WT_CXX_BOOST_CONTEXT) + 1;
        for (int i = 0; i < lib_list.n; i++)
            len += strlen(lib_list.v[i]) + 1;
        char *l = malloc(len + 1);
        if (!l)
            die_oom();
        l[0] = '\0';
        for (int i = 0; i < lib_list.n; i++)
            strcat(strcat(l, lib_list.v[i]), " ");
        strcat(l, WT_CXX_BOOST_CONTEXT);
        free(*include_dir);
        free(*libs);
        *include_dir = strdup(found.v[0]);
        *libs = l;
        if (*plugin) { /* the installed plugin, where it is installed */
            struct sv p = {0};
            sv_addf(&p, "%s/" WT_CXX_INSTALLED_LOOPS_PLUGIN, canon);
            free(*plugin);
            *plugin = access(p.v[0], R_OK) == 0 ? strdup(p.v[0]) : NULL;
            sv_free(&p);
        }
    }
    sv_free(&names);
    sv_free(&lib_list);
    sv_free(&found);
    free(canon);
}

/* ---- the command line, read ---------------------------------------------------------------- */

enum kind { IN_CU, IN_CXX, IN_C, IN_OTHER };
enum phase { PH_LINK, PH_COMPILE, PH_DEVICE_LINK, PH_LIB, PH_PREPROCESS, PH_DEPS };

struct input {
    const char *path;
    enum kind kind;
    char *object; /* the object it compiles to (sources), or NULL */
};

struct cmdline {
    enum phase phase;
    int run, dryrun, verbose, keep, debug, device_debug, dopt, shared, relocatable;
    int clean; /* -clean: remove what the command would make instead of making it */
    int deps_nonsys, deps_compile, deps_phony; /* -MM/-MMD; -MD/-MMD; -MP */
    int rdc, extended_lambda, relaxed_constexpr, per_thread_stream; /* what nvcc tells a .cu file with macros */
    int archs[32], n_archs, arch_unlisted;      /* __CUDA_ARCH_LIST__ (-arch=all/native: unlisted) */
    const char *deps_file, *deps_target, *odir, *output, *optimize, *std, *ccbin, *archiver, *keep_dir;
    const char *language; /* -x: NULL, "c", "c++" or "cu" */
    struct sv host;       /* for the compiler, in command-line order */
    struct sv link_host;  /* for the compiler when it links (-Xcompiler, forwarded options) */
    struct sv link;       /* for the linker: -L, -l, -Xlinker, forwarded options */
    struct sv archive;    /* -Xarchive */
    struct sv run_args;
    struct sv include_dirs; /* -I, for the program's own headers */
    struct sv noted;        /* the ignored options already said */
    struct sv notes;        /* what -v says of them */
    struct input *inputs;
    int n_inputs;
};

static int ends_with(const char *s, const char *suffix)
{
    const size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* the kind nvcc gives a file by its name, then -x (sources only: an object stays an object) */
static enum kind kind_of(const char *path, const char *language)
{
    enum kind k = IN_OTHER;
    static const char *const cxx[] = {".cc", ".cp", ".cpp", ".cxx", ".c++", ".C", ".CPP", ".ii"};
    if (ends_with(path, ".cu"))
        k = IN_CU;
    else if (ends_with(path, ".c") || ends_with(path, ".i"))
        k = IN_C;
    for (size_t i = 0; i < sizeof cxx / sizeof cxx[0]; i++)
        if (ends_with(path, cxx[i]))
            k = IN_CXX;
    if (k == IN_OTHER || !language)
        return k;
    return !strcmp(language, "cu") ? IN_CU : !strcmp(language, "c++") ? IN_CXX : IN_C;
}

/* an option with no meaning on a CPU: said once (per option) with -v (after the whole line is read) */
static void note_ignored(struct cmdline *c, const struct wt_nvcc_item *it, const char *why)
{
    if (sv_has(&c->noted, it->opt->long_name))
        return;
    sv_add(&c->noted, it->opt->long_name);
    const int separate = it->value && !strstr(it->spelling, it->value); /* -arch sm_80 */
    sv_addf(&c->notes, "warptex-cxx: %s%s%s: ignored, %s", it->spelling, separate ? " " : "",
            separate ? it->value : "", why);
}

static void usage(void)
{
    size_t n;
    const struct wt_nvcc_option *o = wt_nvcc_options(&n);
    printf("Usage: warptex-cxx [nvcc's options] <inputs>\n\n"
           "Builds CUDA sources for the CPU with warptex: takes nvcc's command line, rewrites the\n"
           "<<< >>> launches of .cu files and of the program's own headers, compiles them as C++17\n"
           "(optimised, -O3, unless -O or -G says otherwise) and links warptex's CUDA runtime.\n"
           "Options that steer GPU code only are accepted and said with -v; an option nvcc does\n"
           "not have is an error (-forward-unknown-to-host-compiler passes it on).\n\n"
           "  -c, -dc, -dw      compile each source to an object\n"
           "  -lib              compile and archive into a static library (a.a by default)\n"
           "  -dlink            an empty object: the CPU has no device code to link\n"
           "  -E, -M, -MM       preprocess; list dependencies (-MD, -MMD beside a compile)\n"
           "  -Xcompiler a,b    options for the host compiler (also when it links)\n"
           "  -ccbin CXX        the host compiler (default: $WARPTEX_CXX, else %s;\n"
           "                    .cu files: %s, with threads as loops, when neither is given)\n"
           "  -v, -dryrun       list the commands (and run them / do not)\n"
           "  -keep            keep the rewritten sources (in -keep-dir, else the current directory)\n"
           "  -clean           remove the files the same command would make, instead of making them\n\n"
           "nvcc's options, as warptex-cxx takes them:\n",
           WT_CXX_COMPILER, WT_CXX_LOOPS_COMPILER[0] ? WT_CXX_LOOPS_COMPILER : "the same");
    for (size_t i = 0; i < n; i++) {
        const char *what = o[i].id == WT_OPT_IGNORED      ? "accepted, no meaning on the CPU"
                           : o[i].id == WT_OPT_DEVICE_ONLY ? "refused: device code only"
                           : o[i].id == WT_OPT_LIST_GPU    ? "refused: no GPU code"
                                                           : "";
        printf("  --%s%s%s%s%s%s%s\n", o[i].long_name, o[i].arg == WT_NVCC_FLAG ? "" : o[i].arg == WT_NVCC_OPTIONAL ? " [<value>]" : " <value>",
               o[i].short_name ? " (-" : "", o[i].short_name ? o[i].short_name : "", o[i].short_name ? ")" : "",
               *what ? "  " : "", what);
    }
}

/* ARCH (sm_80, compute_86, lto_90a) into __CUDA_ARCH_LIST__'s sorted set: 800, 860, 900 */
static void add_arch(struct cmdline *c, const char *arch)
{
    const char *digits = strchr(arch, '_');
    if (!digits) { /* all, all-major, native: the GPUs' list, which the CPU does not have */
        c->arch_unlisted = 1;
        return;
    }
    const int v = atoi(digits + 1) * 10;
    int at = 0;
    while (at < c->n_archs && c->archs[at] < v)
        at++;
    if ((at < c->n_archs && c->archs[at] == v) || c->n_archs == (int)(sizeof c->archs / sizeof c->archs[0]))
        return;
    memmove(c->archs + at + 1, c->archs + at, (size_t)(c->n_archs - at) * sizeof c->archs[0]);
    c->archs[at] = v;
    c->n_archs++;
}

static int refuse(const char *fmt, const char *what)
{
    fprintf(stderr, "warptex-cxx: ");
    fprintf(stderr, fmt, what);
    fputc('\n', stderr);
    return 1;
}

/* ITEMS into C; 0, or the exit status of a refusal (said) */
static int read_items(struct cmdline *c, const struct wt_nvcc_item *items, int n)
{
    int forward_compiler = 0, forward_linker = 0, help = 0, version = 0;
    /* the forwarding switches act wherever they stand */
    for (int i = 0; i < n; i++) {
        const enum wt_nvcc_id id = items[i].opt ? items[i].opt->id : WT_OPT_IGNORED;
        forward_compiler |= items[i].opt && (id == WT_OPT_FORWARD_COMPILER || id == WT_OPT_FORWARD_BOTH);
        forward_linker |= items[i].opt && (id == WT_OPT_FORWARD_LINKER || id == WT_OPT_FORWARD_BOTH);
        help |= items[i].opt && id == WT_OPT_HELP;
        version |= items[i].opt && id == WT_OPT_VERSION;
        if (items[i].opt && id == WT_OPT_LANGUAGE)
            c->language = items[i].value; /* -x applies to every source, wherever it stands */
    }
    if (help) {
        usage();
        exit(0);
    }
    if (version) {
        printf("warptex-cxx %s: CUDA sources built for the CPU with warptex; nvcc's command line (CUDA %s)\n",
               WT_CXX_VERSION, WT_CXX_CUDA_VERSION);
        exit(0);
    }
    const char *gpu_why = "it steers GPU code, and warptex-cxx makes none";
    const char *arch_option = NULL;
    int code_given = 0;
    for (int i = 0; i < n; i++) {
        const struct wt_nvcc_item *it = &items[i];
        if (!it->opt) {
            if (!it->unknown) {
                struct input *in = realloc(c->inputs, (size_t)(c->n_inputs + 1) * sizeof *in);
                if (!in)
                    die_oom();
                c->inputs = in;
                in[c->n_inputs++] = (struct input){it->value, kind_of(it->value, c->language), NULL};
                continue;
            }
            if (!forward_compiler && !forward_linker)
                return refuse("Unknown option '%s' (nvcc has no such option; for the host compiler: "
                              "-Xcompiler OPTION, or -forward-unknown-to-host-compiler)", it->value);
            if (forward_compiler) {
                sv_add(&c->host, it->value);
                sv_add(&c->link_host, it->value);
            } else {
                sv_add(&c->link, it->value);
            }
            continue;
        }
        const char *v = it->value;
        switch (it->opt->id) {
        case WT_OPT_IGNORED:
            note_ignored(c, it, gpu_why);
            break;
        case WT_OPT_HOST:
            sv_add(&c->host, it->opt->host);
            sv_add(&c->link_host, it->opt->host);
            break;
        case WT_OPT_DEVICE_ONLY:
            return refuse("%s: it makes device code alone, and on the CPU there is none (warptex-cxx compiles "
                          "kernels into the host program; nvcc makes PTX and cubins)", it->spelling);
        case WT_OPT_LIST_GPU:
            return refuse("%s: warptex-cxx makes no GPU code, so it has no GPU architectures to list", it->spelling);
        case WT_OPT_CLEAN:
            c->clean = 1;
            break;
        case WT_OPT_PREPROCESS:
            c->phase = PH_PREPROCESS;
            break;
        case WT_OPT_DEPS:
        case WT_OPT_DEPS_NONSYS:
            c->phase = PH_DEPS;
            c->deps_nonsys = it->opt->id == WT_OPT_DEPS_NONSYS;
            break;
        case WT_OPT_DEPS_COMPILE:
        case WT_OPT_DEPS_COMPILE_NONSYS:
            c->deps_compile = 1;
            c->deps_nonsys = it->opt->id == WT_OPT_DEPS_COMPILE_NONSYS;
            break;
        case WT_OPT_DEPS_FILE:
            c->deps_file = v;
            break;
        case WT_OPT_DEPS_PHONY:
            c->deps_phony = 1;
            break;
        case WT_OPT_DEPS_TARGET:
            c->deps_target = v;
            break;
        case WT_OPT_COMPILE:
        case WT_OPT_DEVICE_C:
        case WT_OPT_DEVICE_W:
            c->phase = PH_COMPILE;
            if (it->opt->id != WT_OPT_COMPILE) /* -dc is -rdc=true -c, -dw -rdc=false -c */
                c->rdc = it->opt->id == WT_OPT_DEVICE_C;
            break;
        case WT_OPT_DEVICE_LINK:
            c->phase = PH_DEVICE_LINK;
            break;
        case WT_OPT_LINK:
            c->phase = PH_LINK;
            break;
        case WT_OPT_LIB:
            c->phase = PH_LIB;
            break;
        case WT_OPT_RUN:
            c->phase = PH_LINK;
            c->run = 1;
            break;
        case WT_OPT_RUN_ARGS:
            sv_add(&c->run_args, v);
            break;
        case WT_OPT_OUTPUT:
            c->output = v;
            break;
        case WT_OPT_PRE_INCLUDE:
            sv_add(&c->host, "-include");
            sv_add(&c->host, v);
            break;
        case WT_OPT_LIBRARY:
            sv_addf(&c->link, "-l%s", v);
            break;
        case WT_OPT_DEFINE:
            sv_addf(&c->host, "-D%s", v);
            break;
        case WT_OPT_UNDEFINE:
            sv_addf(&c->host, "-U%s", v);
            break;
        case WT_OPT_INCLUDE_PATH:
            sv_addf(&c->host, "-I%s", v);
            sv_add(&c->include_dirs, v);
            break;
        case WT_OPT_SYSTEM_INCLUDE:
            sv_add(&c->host, "-isystem");
            sv_add(&c->host, v);
            break;
        case WT_OPT_LIBRARY_PATH:
            sv_addf(&c->link, "-L%s", v);
            break;
        case WT_OPT_OUTPUT_DIR:
            c->odir = v;
            break;
        case WT_OPT_CCBIN:
            c->ccbin = v;
            break;
        case WT_OPT_ARCHIVER:
            c->archiver = v;
            break;
        case WT_OPT_DEBUG:
            c->debug = 1;
            break;
        case WT_OPT_DEVICE_DEBUG:
            c->device_debug = 1;
            break;
        case WT_OPT_OPTIMIZE:
            c->optimize = v;
            break;
        case WT_OPT_DOPT:
            c->dopt = 1;
            break;
        case WT_OPT_TEMPLATE_DEPTH:
            sv_addf(&c->host, "-ftemplate-depth=%s", v);
            break;
        case WT_OPT_TEMPLATE_BACKTRACE:
            sv_addf(&c->host, "-ftemplate-backtrace-limit=%s", v);
            break;
        case WT_OPT_SHARED:
            c->shared = 1;
            break;
        case WT_OPT_LANGUAGE:
            break; /* read above */
        case WT_OPT_STD:
            c->std = v;
            if (strcmp(v, "c++17") != 0 && strcmp(v, "c++20") != 0)
                note_ignored(c, it, "warptex's CUDA headers need C++17: compiled as c++17");
            break;
        /* nvcc runs its tools through a shell, so these values split at blanks as well as at
         * commas: -Xcompiler "-O2 -Wall" is two options */
        case WT_OPT_XCOMPILER:
            sv_words(&c->host, v);
            sv_words(&c->link_host, v);
            break;
        case WT_OPT_XLINKER: {
            struct sv words = {0};
            sv_words(&words, v);
            for (int w = 0; w < words.n; w++) {
                sv_add(&c->link, "-Xlinker");
                sv_add(&c->link, words.v[w]);
            }
            sv_free(&words);
            break;
        }
        case WT_OPT_XARCHIVE:
            sv_words(&c->archive, v);
            break;
        case WT_OPT_FORWARD_COMPILER:
        case WT_OPT_FORWARD_LINKER:
        case WT_OPT_FORWARD_BOTH:
        case WT_OPT_HELP:
        case WT_OPT_VERSION:
        case WT_OPT_OPTIONS_FILE: /* expanded before */
            break;
        case WT_OPT_DRYRUN:
            c->dryrun = 1;
            break;
        case WT_OPT_VERBOSE:
            c->verbose = 1;
            break;
        case WT_OPT_KEEP:
            c->keep = 1;
            break;
        case WT_OPT_KEEP_DIR:
            c->keep = 1;
            c->keep_dir = v;
            break;
        case WT_OPT_ARCH:
        case WT_OPT_CODE: {
            char err[256];
            if (wt_nvcc_check_arch(v, it->opt->id == WT_OPT_ARCH, err, sizeof err) != 0)
                return refuse("%s", err);
            if (it->opt->id == WT_OPT_ARCH) {
                arch_option = v;
                add_arch(c, v);
            } else {
                code_given = 1;
            }
            note_ignored(c, it, gpu_why);
            break;
        }
        case WT_OPT_GENCODE: {
            char err[256];
            if (wt_nvcc_check_gencode(v, err, sizeof err) != 0)
                return refuse("%s", err);
            const char *arch = strstr(v, "arch=");
            while (arch && arch != v && arch[-1] != ',') /* the keyword, not a code value */
                arch = strstr(arch + 1, "arch=");
            if (arch) {
                char name[64];
                snprintf(name, sizeof name, "%.*s", (int)strcspn(arch + 5, ",]"), arch + 5);
                add_arch(c, name);
            }
            note_ignored(c, it, gpu_why);
            break;
        }
        case WT_OPT_RDC:
            c->rdc = !strcmp(v, "true");
            note_ignored(c, it, "separate compilation needs nothing more on the CPU: kernels and __device__ "
                                "variables of other files link as C++ does");
            break;
        case WT_OPT_EXTENDED_LAMBDA:
            c->extended_lambda = 1;
            break;
        case WT_OPT_RELAXED_CONSTEXPR:
            c->relaxed_constexpr = 1;
            break;
        case WT_OPT_DEFAULT_STREAM:
            c->per_thread_stream = !strcmp(v, "per-thread");
            note_ignored(c, it, "a launch runs its whole grid before it returns, so every stream is in order "
                                "(CUDA_API_PER_THREAD_DEFAULT_STREAM is defined as by nvcc)");
            break;
        case WT_OPT_WERROR:
            if (!strcmp(v, "all-warnings"))
                sv_add(&c->host, "-Werror");
            else if (!strcmp(v, "reorder") || !strcmp(v, "deprecated-declarations"))
                sv_addf(&c->host, "-Werror=%s", v);
            else
                note_ignored(c, it, "a warning of the CUDA front end, which warptex-cxx does not run");
            break;
        case WT_OPT_RELOCATABLE_LINK:
            c->relocatable = 1;
            break;
        case WT_OPT_RANDOM_SEED:
            sv_addf(&c->host, "-frandom-seed=%s", v);
            break;
        }
    }
    if (code_given && !arch_option)
        return refuse("%s", "-arch option not specified (nvcc needs it beside -code)");
    return 0;
}

/* ---- running the steps --------------------------------------------------------------------- */

static void print_command(char *const *argv)
{
    fputs("#$", stderr);
    for (; *argv; argv++) {
        const char *a = *argv;
        if (*a && !strpbrk(a, " \t\"'\\$`"))
            fprintf(stderr, " %s", a);
        else {
            fputs(" \"", stderr);
            for (; *a; a++)
                fprintf(stderr, strchr("\"\\$`", *a) ? "\\%c" : "%c", *a);
            fputc('"', stderr);
        }
    }
    fputc('\n', stderr);
}

/* ARGV run (listed with -v or -dryrun; not run with -dryrun): its exit status */
static int run(const struct cmdline *c, char *const *argv)
{
    if (c->verbose || c->dryrun)
        print_command(argv);
    if (c->dryrun)
        return 0;
    fflush(NULL);
    const pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "warptex-cxx: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    if (pid < 0) {
        fprintf(stderr, "warptex-cxx: fork: %s\n", strerror(errno));
        return 2;
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return 2;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st, (void)type, (void)ftw;
    return remove(path);
}

/* the file name of PATH without its directories and its last suffix */
static char *stem(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    const size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char *s = malloc(len + 1);
    if (!s)
        die_oom();
    memcpy(s, base, len);
    s[len] = '\0';
    return s;
}

/* PATH with its suffix replaced by SUFFIX (nvcc's naming of dependency files) */
static char *with_suffix(const char *path, const char *suffix)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    const size_t len = dot && dot != base ? (size_t)(dot - path) : strlen(path);
    char *s = malloc(len + strlen(suffix) + 1);
    if (!s)
        die_oom();
    memcpy(s, path, len);
    strcpy(s + len, suffix);
    return s;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct stat st;
    char *p = fstat(fileno(f), &st) == 0 ? malloc((size_t)st.st_size + 1) : NULL;
    if (p) {
        const size_t n = fread(p, 1, (size_t)st.st_size, f);
        p[n] = '\0';
    }
    fclose(f);
    return p;
}

/* the dependency list the compiler wrote at FROM, with the scratch copies named as the user
 * named the files (MIRROR -> SOURCE, ROOT/abs -> /abs), written to TO (NULL: stdout; APPEND) */
static int finish_deps(const char *from, const char *to, int append, const char *mirror, const char *source,
                       const char *root)
{
    char *text = read_text(from);
    if (!text) {
        fprintf(stderr, "warptex-cxx: cannot read the dependencies %s: %s\n", from, strerror(errno));
        return 2;
    }
    FILE *out = to ? fopen(to, append ? "ab" : "wb") : stdout;
    if (!out) {
        fprintf(stderr, "warptex-cxx: cannot write %s: %s\n", to, strerror(errno));
        free(text);
        return 2;
    }
    const size_t ml = mirror ? strlen(mirror) : 0, rl = strlen(root);
    for (const char *p = text; *p;) {
        if (ml && strncmp(p, mirror, ml) == 0) {
            fputs(source, out);
            p += ml;
        } else if (strncmp(p, root, rl) == 0 && p[rl] == '/') {
            p += rl; /* the absolute path of the original */
        } else {
            fputc(*p++, out);
        }
    }
    free(text);
    const int bad = to ? fclose(out) != 0 : fflush(out) != 0;
    if (bad) {
        fprintf(stderr, "warptex-cxx: cannot write %s\n", to ? to : "the dependencies");
        return 2;
    }
    return 0;
}

/* the host compiler: -ccbin (a directory holding it, or its name), else WARPTEX_CXX, else the
 * build's.  A C driver named (gcc, clang, cc) is swapped for its C++ one, which links libstdc++. */
static char *host_compiler(const struct cmdline *c)
{
    const char *env = getenv("WARPTEX_CXX");
    const char *cc = c->ccbin ? c->ccbin : env && *env ? env : WT_CXX_COMPILER;
    struct stat st;
    struct sv s = {0};
    if (c->ccbin && stat(c->ccbin, &st) == 0 && S_ISDIR(st.st_mode)) {
        const char *def = strrchr(WT_CXX_COMPILER, '/') ? strrchr(WT_CXX_COMPILER, '/') + 1 : WT_CXX_COMPILER;
        sv_addf(&s, "%s/%s", c->ccbin, def);
        if (access(s.v[0], X_OK) != 0) {
            sv_free(&s);
            sv_addf(&s, "%s/g++", c->ccbin);
        }
    } else {
        static const char *const swaps[][2] = {{"gcc", "g++"}, {"clang", "clang++"}, {"cc", "c++"}};
        const char *base = strrchr(cc, '/') ? strrchr(cc, '/') + 1 : cc;
        for (size_t i = 0; i < 3 && !s.n; i++) {
            const size_t bl = strlen(swaps[i][0]);
            /* gcc, gcc-12, x86_64-linux-gnu-gcc-12: the C++ one has g++ in the same place */
            const char *at = strstr(base, swaps[i][0]);
            if (!at || (at[bl] != '\0' && at[bl] != '-') || (at != base && at[-1] != '-'))
                continue;
            sv_addf(&s, "%.*s%s%s", (int)(at - cc), cc, swaps[i][1], at + bl);
        }
        if (!s.n)
            sv_add(&s, cc);
    }
    char *out = strdup(s.v[0]);
    sv_free(&s);
    return out;
}

/* The clang that compiles .cu files with the threads-as-loops pass, or null: the build's clang
 * when no other compiler is asked for (-ccbin, WARPTEX_CXX), or the compiler asked for when it is
 * that clang.  Not with -fopenmp for the host compiler: clang's OpenMP needs its own runtime,
 * and the program links with the build's compiler. */
static char *loops_compiler(const struct cmdline *c, const char *compiler, const char *plugin)
{
    if (!plugin || !WT_CXX_LOOPS_COMPILER[0])
        return NULL;
    for (int i = 0; i < c->host.n; i++)
        if (strncmp(c->host.v[i], "-fopenmp", 8) == 0)
            return NULL;
    const char *env = getenv("WARPTEX_CXX");
    if (!c->ccbin && !(env && *env))
        return strdup(WT_CXX_LOOPS_COMPILER);
    char *a = realpath(compiler, NULL), *b = realpath(WT_CXX_LOOPS_COMPILER, NULL);
    if (!a) { /* a name on PATH */
        const char *base = strrchr(WT_CXX_LOOPS_COMPILER, '/') ? strrchr(WT_CXX_LOOPS_COMPILER, '/') + 1
                                                               : WT_CXX_LOOPS_COMPILER;
        if (!strcmp(compiler, base))
            a = realpath(WT_CXX_LOOPS_COMPILER, NULL);
    }
    const int same = a && b && !strcmp(a, b);
    free(a);
    free(b);
    return same ? strdup(compiler) : NULL;
}

/* ---- the build ----------------------------------------------------------------------------- */

struct build {
    struct cmdline *c;
    char *compiler, *include_dir, *libs;
    /* threads as loops (docs/cuda.md#threads-as-loops): the clang that compiles .cu files and its
     * pass plugin; both null when the pass is not used */
    char *loops_compiler, *loops_plugin;
    char tmp[4096];   /* the scratch directory */
    char root[4200];  /* tmp/m: the rewritten sources at their absolute paths */
    int have_tmp;
};

static int make_tmp(struct build *b)
{
    if (b->have_tmp)
        return 0;
    const char *dir = b->c->keep_dir ? b->c->keep_dir : b->c->keep ? "." : getenv("TMPDIR");
    snprintf(b->tmp, sizeof b->tmp, "%s/warptex-cxx-XXXXXX", dir && *dir ? dir : "/tmp");
    if (!mkdtemp(b->tmp)) {
        fprintf(stderr, "warptex-cxx: cannot make a temporary directory %s: %s\n", b->tmp, strerror(errno));
        return 2;
    }
    snprintf(b->root, sizeof b->root, "%s/m", b->tmp);
    if (mkdir(b->root, 0700) != 0) {
        fprintf(stderr, "warptex-cxx: cannot make %s: %s\n", b->root, strerror(errno));
        return 2;
    }
    b->have_tmp = 1;
    if (b->c->keep && b->c->verbose)
        fprintf(stderr, "warptex-cxx: the rewritten sources are kept in %s\n", b->tmp);
    return 0;
}

/* The architecture the device pass would compile for: as the GPU's driver picks among a fat
 * binary's images, the highest listed one the device (compute capability 8.6, device_props.cpp)
 * runs, else the lowest listed; nvcc's default sm_75 without a list; 8.6 for -arch=all/native. */
static int device_arch(const struct cmdline *c)
{
    enum { DEVICE = 860 };
    if (c->arch_unlisted)
        return DEVICE;
    if (!c->n_archs)
        return 750;
    int best = c->archs[0]; /* sorted */
    for (int i = 0; i < c->n_archs; i++)
        if (c->archs[i] <= DEVICE)
            best = c->archs[i];
    return best;
}

/* the compiler's own flags for a source of kind K: the build's (C++17, IEEE float, the
 * sanitizers), the language standard and the optimisation */
static void base_flags(const struct build *b, struct sv *cmd, enum kind k)
{
    const struct cmdline *c = b->c;
    struct sv flags = {0};
    sv_words(&flags, WT_CXX_FLAGS);
    for (int i = 0; i < flags.n; i++) {
        if (strncmp(flags.v[i], "-std=", 5) != 0)
            sv_add(cmd, flags.v[i]);
        else if (k != IN_C) /* warptex's headers need C++17; C++20 is taken as asked */
            sv_add(cmd, c->std && !strcmp(c->std, "c++20") ? "-std=c++20" : flags.v[i]);
    }
    sv_free(&flags);
    /* nvcc optimises device code unless -G: a .cu file's kernels are this program's device code */
    if (k == IN_CU && c->device_debug && !c->dopt)
        sv_add(cmd, "-O0");
    else if (c->optimize)
        sv_addf(cmd, "-O%s", c->optimize);
    else if (k == IN_CU)
        sv_add(cmd, "-O3");
    if (c->debug || c->device_debug)
        sv_add(cmd, "-g");
    if (k != IN_C) /* what __CUDA_ARCH__ is in device code's conditionals (cuda_rewrite.c) */
        sv_addf(cmd, "-D__WARPTEX_CUDA_ARCH__=%d", device_arch(c));
    if (k != IN_CU)
        return;
    /* the macros nvcc defines from its command line for a .cu file (the others, __CUDACC__ and
     * the versions, are the CUDA headers'); nvcc's default architecture is sm_75 */
    if (c->n_archs && !c->arch_unlisted) {
        char buf[16 * 32] = "";
        for (int i = 0; i < c->n_archs; i++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", i ? "," : "", c->archs[i]);
        sv_addf(cmd, "-D__CUDA_ARCH_LIST__=%s", buf);
    } else if (!c->arch_unlisted) {
        sv_add(cmd, "-D__CUDA_ARCH_LIST__=750");
    }
    if (c->rdc)
        sv_add(cmd, "-D__CUDACC_RDC__");
    if (c->extended_lambda)
        sv_add(cmd, "-D__CUDACC_EXTENDED_LAMBDA__");
    if (c->relaxed_constexpr)
        sv_add(cmd, "-D__CUDACC_RELAXED_CONSTEXPR__");
    if (c->device_debug)
        sv_add(cmd, "-D__CUDACC_DEBUG__");
    if (c->per_thread_stream)
        sv_add(cmd, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
}

/* IN compiled: to OBJECT (-c), or preprocessed / its dependencies listed (OBJECT NULL: to
 * c->output or stdout); with DEPS_TO, -MD's list written there */
static int compile_one(struct build *b, const struct input *in, const char *object, const char *deps_to,
                       const char *deps_target)
{
    struct cmdline *c = b->c;
    int rc = make_tmp(b);
    if (rc != 0)
        return rc;
    struct sv cmd = {0};
    const int loops = in->kind == IN_CU && object && b->loops_compiler;
    sv_add(&cmd, loops ? b->loops_compiler : b->compiler);
    if (loops) {
        sv_addf(&cmd, "-fpass-plugin=%s", b->loops_plugin);
        sv_add(&cmd, "-D__WARPTEX_THREADS_AS_LOOPS__=1");
    }
    base_flags(b, &cmd, in->kind);
    sv_addf(&cmd, "-I%s/warptex/cuda", b->include_dir);
    sv_addf(&cmd, "-I%s", b->include_dir);
    char *mirror = NULL;
    if (in->kind == IN_CU) {
        char err[1024] = "";
        mirror = wt_cuda_mirror(b->root, in->path, c->include_dirs.v, c->include_dirs.n, err, sizeof err);
        if (!mirror) {
            fprintf(stderr, "warptex-cxx: %s\n", err);
            sv_free(&cmd);
            return 2;
        }
    }
    for (int i = 0; i < c->host.n; i++) {
        /* a -I directory's rewritten headers come before the originals */
        if (mirror && strncmp(c->host.v[i], "-I", 2) == 0) {
            char *m = wt_cuda_mirror_path(b->root, c->host.v[i] + 2);
            struct stat st;
            if (m && stat(m, &st) == 0)
                sv_addf(&cmd, "-I%s", m);
            free(m);
        }
        sv_add(&cmd, c->host.v[i]);
    }
    if (mirror) {
        /* nvcc defines __CUDACC__ and its version macros and includes cuda_runtime.h first in
         * every .cu file (warptex_nvcc.h does both); "..." includes the rewrite did not see
         * (computed names) resolve beside the original */
        sv_add(&cmd, "-include");
        sv_add(&cmd, "warptex_nvcc.h");
        const char *slash = strrchr(in->path, '/');
        sv_addf(&cmd, "-iquote%.*s", slash ? (int)(slash - in->path) : 1, slash ? in->path : ".");
    }
    char deps_tmp[4300] = "";
    const int listing = c->phase == PH_DEPS;
    if (listing || deps_to) {
        snprintf(deps_tmp, sizeof deps_tmp, "%s/deps.d", b->tmp);
        sv_add(&cmd, listing ? (c->deps_nonsys ? "-MM" : "-M") : (c->deps_nonsys ? "-MMD" : "-MD"));
        sv_add(&cmd, "-MF");
        sv_add(&cmd, deps_tmp);
        if (c->deps_phony)
            sv_add(&cmd, "-MP");
        sv_add(&cmd, "-MT");
        sv_add(&cmd, deps_target);
    }
    sv_add(&cmd, "-x");
    sv_add(&cmd, in->kind == IN_C ? "c" : "c++");
    sv_add(&cmd, mirror ? mirror : in->path);
    sv_add(&cmd, "-x");
    sv_add(&cmd, "none");
    if (object) {
        sv_add(&cmd, "-c");
        sv_add(&cmd, "-o");
        sv_add(&cmd, object);
    } else if (c->phase == PH_PREPROCESS) {
        sv_add(&cmd, "-E");
        if (c->output) {
            sv_add(&cmd, "-o");
            sv_add(&cmd, c->output);
        }
    }
    rc = run(c, cmd.v);
    sv_free(&cmd);
    if (rc == 0 && deps_tmp[0] && !c->dryrun)
        rc = finish_deps(deps_tmp, listing ? c->deps_file : deps_to, listing, mirror, in->path, b->root);
    free(mirror);
    return rc;
}

/* -clean: PATH, one of the command's outputs, removed (listed with -v or -dryrun as nvcc lists
 * it; not removed with -dryrun); one that does not exist is no error, as with nvcc */
static int clean_file(const struct cmdline *c, const char *path)
{
    char *argv[] = {(char *)"rm", (char *)path, NULL};
    if (c->verbose || c->dryrun)
        print_command(argv);
    if (c->dryrun || remove(path) == 0 || errno == ENOENT)
        return 0;
    fprintf(stderr, "warptex-cxx: cannot remove %s: %s\n", path, strerror(errno));
    return 2;
}

static int is_source(const struct input *in)
{
    return in->kind != IN_OTHER;
}

static int build(struct build *b)
{
    struct cmdline *c = b->c;
    int n_sources = 0, rc = 0;
    for (int i = 0; i < c->n_inputs; i++)
        n_sources += is_source(&c->inputs[i]);
    if (c->phase == PH_DEVICE_LINK) {
        /* nothing to link on the CPU: an object with nothing in it, so that a build that links
         * the device-link step's output links as with nvcc */
        if (c->clean)
            return clean_file(c, c->output ? c->output : "a_dlink.o");
        struct sv cmd = {0};
        sv_add(&cmd, b->compiler);
        sv_add(&cmd, "-x");
        sv_add(&cmd, "c++");
        sv_add(&cmd, "-c");
        sv_add(&cmd, "/dev/null");
        sv_add(&cmd, "-o");
        sv_add(&cmd, c->output ? c->output : "a_dlink.o");
        if (c->verbose)
            fprintf(stderr, "warptex-cxx: -dlink: no device code to link on the CPU; %s is an empty object\n",
                    c->output ? c->output : "a_dlink.o");
        rc = run(c, cmd.v);
        sv_free(&cmd);
        return rc;
    }
    if (c->phase != PH_LINK && c->phase != PH_LIB && c->output && n_sources > 1) {
        fprintf(stderr, "warptex-cxx: a single input file is required for a non-link phase when an output file "
                        "is specified (-o %s)\n", c->output);
        return 1;
    }
    if (c->phase == PH_DEPS && c->deps_file && !c->dryrun && !c->clean) { /* the sources' lists go after each other */
        FILE *f = fopen(c->deps_file, "wb");
        if (!f || fclose(f) != 0) {
            fprintf(stderr, "warptex-cxx: cannot write %s: %s\n", c->deps_file, strerror(errno));
            return 2;
        }
    }
    for (int i = 0; i < c->n_inputs && rc == 0; i++) {
        struct input *in = &c->inputs[i];
        if (!is_source(in))
            continue;
        char *s = stem(in->path);
        struct sv names = {0};
        if (c->phase == PH_COMPILE) { /* nvcc: -o, else <odir>/<stem>.o */
            if (c->output)
                sv_add(&names, c->output);
            else if (c->odir)
                sv_addf(&names, "%s/%s.o", c->odir, s);
            else
                sv_addf(&names, "%s.o", s);
        } else if ((c->phase == PH_LINK || c->phase == PH_LIB) && !c->clean) {
            if ((rc = make_tmp(b)) != 0) {
                free(s);
                break;
            }
            sv_addf(&names, "%s/%d_%s.o", b->tmp, i, s);
        }
        const char *object = names.n ? names.v[0] : NULL;
        if (object)
            in->object = strdup(object);
        /* -M: the target <odir>/<stem>.o; -MD: the object, named <output or object>.d */
        struct sv target = {0}, deps_to = {0};
        if (c->deps_target)
            sv_add(&target, c->deps_target);
        else if (c->phase == PH_COMPILE)
            sv_add(&target, object);
        else if (c->phase != PH_DEPS && c->output)
            sv_add(&target, c->output);
        else if (c->odir)
            sv_addf(&target, "%s/%s.o", c->odir, s);
        else
            sv_addf(&target, "%s.o", s);
        if (c->deps_compile && c->phase != PH_DEPS && c->phase != PH_PREPROCESS) {
            if (c->deps_file)
                sv_add(&deps_to, c->deps_file);
            else {
                char *d = with_suffix(c->output ? c->output : c->phase == PH_COMPILE ? object : in->path, ".d");
                sv_add(&deps_to, c->output || c->phase == PH_COMPILE ? d : strrchr(d, '/') ? strrchr(d, '/') + 1 : d);
                free(d);
            }
        }
        if (!c->clean) {
            rc = compile_one(b, in, object, deps_to.n ? deps_to.v[0] : NULL, target.v[0]);
        } else { /* the object (a link's are temporary), -MD's list, -E's or -M's -o / -MF */
            if (c->phase == PH_COMPILE)
                rc = clean_file(c, object);
            if (rc == 0 && deps_to.n)
                rc = clean_file(c, deps_to.v[0]);
            if (rc == 0 && c->phase == PH_PREPROCESS && c->output)
                rc = clean_file(c, c->output);
            if (rc == 0 && c->phase == PH_DEPS && (c->deps_file || c->output))
                rc = clean_file(c, c->deps_file ? c->deps_file : c->output);
        }
        sv_free(&target);
        sv_free(&deps_to);
        sv_free(&names);
        free(s);
    }
    if (rc != 0 || c->phase == PH_COMPILE || c->phase == PH_PREPROCESS || c->phase == PH_DEPS)
        return rc;
    if (c->clean) /* the archive or the program (never run) */
        return clean_file(c, c->output ? c->output : c->phase == PH_LIB ? "a.a" : "a.out");
    struct sv cmd = {0};
    if (c->phase == PH_LIB) {
        sv_add(&cmd, c->archiver ? c->archiver : WT_CXX_AR);
        sv_cat(&cmd, &c->archive);
        sv_add(&cmd, "rcs");
        sv_add(&cmd, c->output ? c->output : "a.a");
        for (int i = 0; i < c->n_inputs; i++)
            sv_add(&cmd, c->inputs[i].object ? c->inputs[i].object : c->inputs[i].path);
        rc = run(c, cmd.v);
        sv_free(&cmd);
        return rc;
    }
    sv_add(&cmd, b->compiler);
    base_flags(b, &cmd, IN_CXX);
    sv_cat(&cmd, &c->link_host);
    for (int i = 0; i < c->n_inputs; i++)
        sv_add(&cmd, c->inputs[i].object ? c->inputs[i].object : c->inputs[i].path);
    sv_cat(&cmd, &c->link);
    if (c->shared)
        sv_add(&cmd, "-shared");
    if (c->relocatable)
        sv_add(&cmd, "-r");
    const char *out = c->output ? c->output : "a.out";
    sv_add(&cmd, "-o");
    sv_add(&cmd, out);
    if (!c->relocatable) {
        sv_words(&cmd, b->libs);
        sv_words(&cmd, WT_CXX_LINK);
    }
    rc = run(c, cmd.v);
    sv_free(&cmd);
    if (rc == 0 && c->run) {
        sv_addf(&cmd, "%s%s", strchr(out, '/') ? "" : "./", out);
        sv_cat(&cmd, &c->run_args);
        rc = run(c, cmd.v);
        sv_free(&cmd);
    }
    return rc;
}

/* ---- --warptex-launch: a compiler launcher for build systems -------------------------------- */

/* the gcc/clang options whose value is the next argument (so that a value ending in .cu is not
 * taken for a source) */
static int takes_value(const char *a)
{
    static const char *const opts[] = {"-o", "-MF", "-MT", "-MQ", "-include", "-imacros", "-I", "-isystem",
                                       "-iquote", "-idirafter", "-x", "-Xlinker", "-Xassembler", "-Xpreprocessor",
                                       "-D", "-U", "--param", "-arch", "-target", "--target"};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (strcmp(a, opts[i]) == 0)
            return 1;
    return 0;
}

/* warptex-cxx --warptex-launch COMPILER ARGS...: COMPILER's command line (gcc's or clang's, as
 * a build system writes it, e.g. CMake's CXX_COMPILER_LAUNCHER: see cmake/warptex-cuda.cmake.in)
 * with each .cu source rewritten with its program's headers and compiled as warptex-cxx compiles
 * it (C++, the CUDA-named headers, cuda_runtime.h first, -O3 unless an -O is given, IEEE float),
 * and its -MF list naming the original files.  A command with no .cu source runs unchanged. */
static int launch(int argc, char **argv)
{
    struct cmdline c = {0};
    const char *verbose_env = getenv("WARPTEX_CXX_VERBOSE");
    c.verbose = verbose_env && *verbose_env;
    struct build b = {.c = &c};
    int n_cu = 0, has_opt = 0, has_std = 0;
    const char *deps = NULL, *dep_source = NULL;
    char *dep_mirror = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (takes_value(a) && i + 1 < argc) {
            if (!strcmp(a, "-MF"))
                deps = argv[i + 1];
            if (!strcmp(a, "-I"))
                sv_add(&c.include_dirs, argv[i + 1]);
            i++;
            continue;
        }
        if (!strncmp(a, "-I", 2))
            sv_add(&c.include_dirs, a + 2);
        has_opt |= !strncmp(a, "-O", 2);
        has_std |= !strncmp(a, "-std=", 5);
        n_cu += a[0] != '-' && ends_with(a, ".cu");
    }
    /* the .cu sources rewritten first: their -I directories' rewritten headers exist then */
    struct sv mirrors = {0};
    int rc = n_cu ? make_tmp(&b) : 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        if (takes_value(argv[i])) {
            i++;
            continue;
        }
        if (argv[i][0] == '-' || !ends_with(argv[i], ".cu"))
            continue;
        char err[1024] = "";
        char *mirror = wt_cuda_mirror(b.root, argv[i], c.include_dirs.v, c.include_dirs.n, err, sizeof err);
        if (!mirror) {
            fprintf(stderr, "warptex-cxx: %s\n", err);
            rc = 2;
            break;
        }
        sv_add(&mirrors, mirror);
        free(mirror);
    }
    struct sv cmd = {0};
    sv_add(&cmd, argv[0]);
    if (n_cu) {
        struct sv flags = {0};
        sv_words(&flags, WT_CXX_FLAGS);
        for (int i = 0; i < flags.n; i++)
            if (!has_std || strncmp(flags.v[i], "-std=", 5) != 0)
                sv_add(&cmd, flags.v[i]);
        sv_free(&flags);
        if (!has_opt)
            sv_add(&cmd, "-O3");
        char *include_dir, *libs, *plugin;
        find_prefix(&include_dir, &libs, &plugin);
        if (!include_dir || !libs)
            die_oom();
        sv_addf(&cmd, "-I%s/warptex/cuda", include_dir);
        sv_addf(&cmd, "-I%s", include_dir);
        /* the build system's compiler is the pass's clang: threads as loops */
        struct cmdline none = {0};
        none.ccbin = argv[0];
        for (int i = 1; i < argc; i++)
            if (!strncmp(argv[i], "-fopenmp", 8))
                none.ccbin = NULL;
        char *loops = none.ccbin ? loops_compiler(&none, argv[0], plugin) : NULL;
        if (loops) {
            sv_addf(&cmd, "-fpass-plugin=%s", plugin);
            sv_add(&cmd, "-D__WARPTEX_THREADS_AS_LOOPS__=1");
        }
        free(loops);
        free(plugin);
        free(include_dir);
        free(libs);
    }
    for (int i = 1, cu = 0; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        const char *dir = !strcmp(a, "-I") && i + 1 < argc ? argv[i + 1] : !strncmp(a, "-I", 2) ? a + 2 : NULL;
        if (n_cu && dir) { /* the rewritten headers of an -I directory come first */
            char *m = wt_cuda_mirror_path(b.root, dir);
            struct stat st;
            if (m && stat(m, &st) == 0)
                sv_addf(&cmd, "-I%s", m);
            free(m);
        }
        if (takes_value(a) && i + 1 < argc) {
            sv_add(&cmd, a);
            sv_add(&cmd, argv[++i]);
            continue;
        }
        if (a[0] == '-' || !ends_with(a, ".cu")) {
            sv_add(&cmd, a);
            continue;
        }
        const char *slash = strrchr(a, '/');
        sv_add(&cmd, "-include");
        sv_add(&cmd, "warptex_nvcc.h"); /* nvcc's macros, then cuda_runtime.h */
        sv_addf(&cmd, "-iquote%.*s", slash ? (int)(slash - a) : 1, slash ? a : ".");
        sv_add(&cmd, "-x");
        sv_add(&cmd, "c++");
        sv_add(&cmd, mirrors.v[cu]);
        sv_add(&cmd, "-x");
        sv_add(&cmd, "none");
        /* the -MF list names the original: one .cu per command, as build systems compile */
        if (n_cu == 1) {
            dep_mirror = strdup(mirrors.v[cu]);
            dep_source = a;
        }
        cu++;
    }
    sv_free(&mirrors);
    if (rc == 0)
        rc = run(&c, cmd.v);
    if (rc == 0 && deps && dep_mirror && !c.dryrun)
        rc = finish_deps(deps, deps, 0, dep_mirror, dep_source, b.root);
    free(dep_mirror);
    if (b.have_tmp)
        nftw(b.tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    sv_free(&cmd);
    sv_free(&c.include_dirs);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "--warptex-launch") == 0)
        return launch(argc - 2, argv + 2);
    if (argc == 3 && strcmp(argv[1], "--warptex-rewrite") == 0) {
        size_t len = 0, out_len;
        char err[512] = "";
        FILE *f = fopen(argv[2], "rb");
        char *src = NULL;
        if (f) {
            fclose(f);
            src = read_text(argv[2]);
            len = src ? strlen(src) : 0;
        }
        if (!src) {
            fprintf(stderr, "warptex-cxx: cannot read %s\n", argv[2]);
            return 2;
        }
        char *out = wt_cuda_rewrite(src, len, &out_len, err, sizeof err);
        free(src);
        if (!out) {
            fprintf(stderr, "warptex-cxx: %s: %s\n", argv[2], err);
            return 2;
        }
        fwrite(out, 1, out_len, stdout);
        free(out);
        return 0;
    }
    char err[1024] = "";
    int n_args = 0;
    char **args = wt_nvcc_expand_options_files(argc - 1, argv + 1, &n_args, err, sizeof err);
    if (!args) {
        fprintf(stderr, "warptex-cxx: %s\n", err);
        return 1;
    }
    struct wt_nvcc_item *items = NULL;
    char *store = NULL;
    int n_items = 0;
    if (wt_nvcc_parse(n_args, args, &items, &n_items, &store, err, sizeof err) != 0) {
        fprintf(stderr, "warptex-cxx: %s\n", err);
        return 1;
    }
    struct cmdline c = {0};
    const char *verbose_env = getenv("WARPTEX_CXX_VERBOSE");
    c.verbose = verbose_env && *verbose_env;
    int rc = read_items(&c, items, n_items);
    if (rc == 0 && c.n_inputs == 0) {
        fprintf(stderr, "warptex-cxx: no input files (warptex-cxx --help says what it takes)\n");
        rc = 1;
    }
    if (rc == 0) {
        if (c.verbose)
            for (int i = 0; i < c.notes.n; i++)
                fprintf(stderr, "%s\n", c.notes.v[i]);
        struct build b = {.c = &c};
        b.compiler = host_compiler(&c);
        find_prefix(&b.include_dir, &b.libs, &b.loops_plugin);
        if (!b.compiler || !b.include_dir || !b.libs)
            die_oom();
        b.loops_compiler = loops_compiler(&c, b.compiler, b.loops_plugin);
        if (c.verbose)
            fprintf(stderr, b.loops_compiler ? "warptex-cxx: .cu files compiled by %s with threads as loops (%s)\n"
                                             : "warptex-cxx: %s: no threads as loops%s\n",
                    b.loops_compiler ? b.loops_compiler : b.compiler, b.loops_compiler ? b.loops_plugin : "");
        rc = build(&b);
        if (b.have_tmp && !c.keep)
            nftw(b.tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
        free(b.compiler);
        free(b.loops_compiler);
        free(b.loops_plugin);
        free(b.include_dir);
        free(b.libs);
    }
    for (int i = 0; i < c.n_inputs; i++)
        free(c.inputs[i].object);
    free(c.inputs);
    struct sv *lists[] = {&c.host, &c.link_host, &c.link, &c.archive, &c.run_args, &c.include_dirs, &c.noted, &c.notes};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
        sv_free(lists[i]);
    free(items);
    free(store);
    for (int i = 0; i < n_args; i++)
        free(args[i]);
    free(args);
    return rc;
}
