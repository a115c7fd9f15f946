/* nvcc_options.c -- nvcc's options (the table) and its command-line grammar, for warptex-cxx
 * SPDX-License-Identifier: MIT
 *
 * The table lists every option `nvcc --help` of CUDA 13 lists, in its order; the grammar is
 * nvcc's as observed (nvcc_options.h): exact spellings only (--arch and -gpu-architecture are
 * unknown to nvcc, so they are here), '=' or the next argument for a value, the value glued on
 * for -D -U -I -L -l -O -t alone. */
#define _XOPEN_SOURCE 700
#include "nvcc_options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOOL_VALUES "true|false"

static const struct wt_nvcc_option options[] = {
    /* the compilation phase */
    {"cuda", "cuda", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_ONLY, NULL},
    {"cubin", "cubin", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_ONLY, NULL},
    {"fatbin", "fatbin", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_ONLY, NULL},
    {"ptx", "ptx", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_ONLY, NULL},
    {"optix-ir", "optix-ir", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_ONLY, NULL},
    {"ltoir", "ltoir", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_ONLY, NULL},
    {"preprocess", "E", WT_NVCC_FLAG, NULL, WT_OPT_PREPROCESS, NULL},
    {"generate-dependencies", "M", WT_NVCC_FLAG, NULL, WT_OPT_DEPS, NULL},
    {"generate-nonsystem-dependencies", "MM", WT_NVCC_FLAG, NULL, WT_OPT_DEPS_NONSYS, NULL},
    {"generate-dependencies-with-compile", "MD", WT_NVCC_FLAG, NULL, WT_OPT_DEPS_COMPILE, NULL},
    {"generate-nonsystem-dependencies-with-compile", "MMD", WT_NVCC_FLAG, NULL, WT_OPT_DEPS_COMPILE_NONSYS, NULL},
    {"dependency-output", "MF", WT_NVCC_VALUE, NULL, WT_OPT_DEPS_FILE, NULL},
    {"generate-dependency-targets", "MP", WT_NVCC_FLAG, NULL, WT_OPT_DEPS_PHONY, NULL},
    {"compile", "c", WT_NVCC_FLAG, NULL, WT_OPT_COMPILE, NULL},
    {"device-c", "dc", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_C, NULL},
    {"device-w", "dw", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_W, NULL},
    {"device-link", "dlink", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_LINK, NULL},
    {"link", "link", WT_NVCC_FLAG, NULL, WT_OPT_LINK, NULL},
    {"lib", "lib", WT_NVCC_FLAG, NULL, WT_OPT_LIB, NULL},
    {"run", "run", WT_NVCC_FLAG, NULL, WT_OPT_RUN, NULL},
    /* files and paths */
    {"output-file", "o", WT_NVCC_VALUE, NULL, WT_OPT_OUTPUT, NULL},
    {"pre-include", "include", WT_NVCC_LIST, NULL, WT_OPT_PRE_INCLUDE, NULL},
    {"objdir-as-tempdir", "objtemp", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"library", "l", WT_NVCC_LIST, NULL, WT_OPT_LIBRARY, NULL},
    {"define-macro", "D", WT_NVCC_LIST, NULL, WT_OPT_DEFINE, NULL},
    {"undefine-macro", "U", WT_NVCC_LIST, NULL, WT_OPT_UNDEFINE, NULL},
    {"include-path", "I", WT_NVCC_LIST, NULL, WT_OPT_INCLUDE_PATH, NULL},
    {"system-include", "isystem", WT_NVCC_LIST, NULL, WT_OPT_SYSTEM_INCLUDE, NULL},
    {"library-path", "L", WT_NVCC_LIST, NULL, WT_OPT_LIBRARY_PATH, NULL},
    {"output-directory", "odir", WT_NVCC_VALUE, NULL, WT_OPT_OUTPUT_DIR, NULL},
    {"compiler-bindir", "ccbin", WT_NVCC_VALUE, NULL, WT_OPT_CCBIN, NULL},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"archiver-binary", "arbin", WT_NVCC_VALUE, NULL, WT_OPT_ARCHIVER, NULL},
    {"cudart", "cudart", WT_NVCC_VALUE, "none|shared|static", WT_OPT_IGNORED, NULL},
    {"cudadevrt", "cudadevrt", WT_NVCC_VALUE, "none|static", WT_OPT_IGNORED, NULL},
    {"libdevice-directory", "ldir", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"target-directory", "target-dir", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"use-local-env", "use-local-env", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"force-cl-env-setup", "force-cl-env-setup", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    /* the compiler's and the linker's behaviour */
    {"profile", "pg", WT_NVCC_FLAG, NULL, WT_OPT_HOST, "-pg"},
    {"debug", "g", WT_NVCC_FLAG, NULL, WT_OPT_DEBUG, NULL},
    {"device-debug", "G", WT_NVCC_FLAG, NULL, WT_OPT_DEVICE_DEBUG, NULL},
    {"generate-line-info", "lineinfo", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"optimization-info", "opt-info", WT_NVCC_LIST, "inline", WT_OPT_IGNORED, NULL},
    {"optimize", "O", WT_NVCC_VALUE, "#", WT_OPT_OPTIMIZE, NULL},
    {"Ofast-compile", "Ofc", WT_NVCC_OPTIONAL, "0|max|mid|min", WT_OPT_IGNORED, NULL},
    {"dopt", "dopt", WT_NVCC_VALUE, "on", WT_OPT_DOPT, NULL},
    {"dlink-time-opt", "dlto", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"lto", "lto", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"gen-opt-lto", "gen-opt-lto", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", WT_NVCC_VALUE, "#", WT_OPT_TEMPLATE_BACKTRACE, NULL},
    {"ftemplate-depth", "ftemplate-depth", WT_NVCC_VALUE, "#", WT_OPT_TEMPLATE_DEPTH, NULL},
    {"no-exceptions", "noeh", WT_NVCC_FLAG, NULL, WT_OPT_HOST, "-fno-exceptions"},
    {"shared", "shared", WT_NVCC_FLAG, NULL, WT_OPT_SHARED, NULL},
    {"x", "x", WT_NVCC_VALUE, "c|c++|cu", WT_OPT_LANGUAGE, NULL},
    {"std", "std", WT_NVCC_VALUE, "c++03|c++11|c++14|c++17|c++20", WT_OPT_STD, NULL},
    {"no-host-device-initializer-list", "nohdinitlist", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"no-host-device-move-forward", "nohdmoveforward", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", WT_NVCC_FLAG, NULL, WT_OPT_RELAXED_CONSTEXPR, NULL},
    {"extended-lambda", "extended-lambda", WT_NVCC_FLAG, NULL, WT_OPT_EXTENDED_LAMBDA, NULL},
    {"expt-extended-lambda", "expt-extended-lambda", WT_NVCC_FLAG, NULL, WT_OPT_EXTENDED_LAMBDA, NULL},
    {"machine", "m", WT_NVCC_VALUE, "64", WT_OPT_IGNORED, NULL},
    {"m64", "m64", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    /* options for the tools of each phase */
    {"compiler-options", "Xcompiler", WT_NVCC_LIST, NULL, WT_OPT_XCOMPILER, NULL},
    {"linker-options", "Xlinker", WT_NVCC_LIST, NULL, WT_OPT_XLINKER, NULL},
    {"archive-options", "Xarchive", WT_NVCC_LIST, NULL, WT_OPT_XARCHIVE, NULL},
    {"ptxas-options", "Xptxas", WT_NVCC_LIST, NULL, WT_OPT_IGNORED, NULL},
    {"nvlink-options", "Xnvlink", WT_NVCC_LIST, NULL, WT_OPT_IGNORED, NULL},
    /* the driver */
    {"static-global-template-stub", "static-global-template-stub", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", WT_NVCC_VALUE, BOOL_VALUES,
     WT_OPT_IGNORED, NULL},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", WT_NVCC_FLAG, NULL,
     WT_OPT_FORWARD_COMPILER, NULL},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", WT_NVCC_FLAG, NULL, WT_OPT_FORWARD_LINKER,
     NULL},
    {"forward-unknown-opts", "forward-unknown-opts", WT_NVCC_FLAG, NULL, WT_OPT_FORWARD_BOTH, NULL},
    {"dont-use-profile", "noprof", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"dryrun", "dryrun", WT_NVCC_FLAG, NULL, WT_OPT_DRYRUN, NULL},
    {"verbose", "v", WT_NVCC_FLAG, NULL, WT_OPT_VERBOSE, NULL},
    {"threads", "t", WT_NVCC_VALUE, "#", WT_OPT_IGNORED, NULL},
    {"split-compile", "split-compile", WT_NVCC_VALUE, "#", WT_OPT_IGNORED, NULL},
    {"split-compile-extended", "split-compile-extended", WT_NVCC_VALUE, "#", WT_OPT_IGNORED, NULL},
    {"fdevice-syntax-only", "fdevice-syntax-only", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"fdevice-time-trace", "fdevice-time-trace", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"keep", "keep", WT_NVCC_FLAG, NULL, WT_OPT_KEEP, NULL},
    {"keep-dir", "keep-dir", WT_NVCC_VALUE, NULL, WT_OPT_KEEP_DIR, NULL},
    {"save-temps", "save-temps", WT_NVCC_FLAG, NULL, WT_OPT_KEEP, NULL},
    {"clean-targets", "clean", WT_NVCC_FLAG, NULL, WT_OPT_CLEAN, NULL},
    {"time", "time", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"run-args", "run-args", WT_NVCC_LIST, NULL, WT_OPT_RUN_ARGS, NULL},
    {"input-drive-prefix", "idp", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"dependency-drive-prefix", "ddp", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"drive-prefix", "dp", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"dependency-target-name", "MT", WT_NVCC_VALUE, NULL, WT_OPT_DEPS_TARGET, NULL},
    {"no-align-double", NULL, WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"no-device-link", "nodlink", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    /* GPU code generation */
    {"gpu-architecture", "arch", WT_NVCC_VALUE, NULL, WT_OPT_ARCH, NULL},
    {"gpu-code", "code", WT_NVCC_LIST, NULL, WT_OPT_CODE, NULL},
    {"generate-code", "gencode", WT_NVCC_VALUE, NULL, WT_OPT_GENCODE, NULL},
    {"relocatable-device-code", "rdc", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_RDC, NULL},
    {"entries", "e", WT_NVCC_LIST, NULL, WT_OPT_IGNORED, NULL},
    {"maxrregcount", "maxrregcount", WT_NVCC_VALUE, "#", WT_OPT_IGNORED, NULL},
    {"use_fast_math", "use_fast_math", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"ftz", "ftz", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"prec-div", "prec-div", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"prec-sqrt", "prec-sqrt", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"fmad", "fmad", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"extra-device-vectorization", "extra-device-vectorization", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    /* CUDA compilation */
    {"default-stream", "default-stream", WT_NVCC_VALUE, "legacy|null|per-thread", WT_OPT_DEFAULT_STREAM, NULL},
    /* generic */
    {"disable-warnings", "w", WT_NVCC_FLAG, NULL, WT_OPT_HOST, "-w"},
    {"keep-device-functions", "keep-device-functions", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"source-in-ptx", "src-in-ptx", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"restrict", "restrict", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"Wreorder", "Wreorder", WT_NVCC_FLAG, NULL, WT_OPT_HOST, "-Wreorder"},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", WT_NVCC_FLAG, NULL, WT_OPT_HOST,
     "-Wno-deprecated-declarations"},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"Werror", "Werror", WT_NVCC_LIST,
     "all-warnings|cross-execution-space-call|default-stream-launch|deprecated-declarations|"
     "ext-lambda-captures-this|missing-launch-bounds|reorder",
     WT_OPT_WERROR, NULL},
    {"resource-usage", "res-usage", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"extensible-whole-program", "ewp", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"no-compress", "no-compress", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"qpp-config", "qpp-config", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"compile-as-tools-patch", "astoolspatch", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"list-gpu-code", "code-ls", WT_NVCC_FLAG, NULL, WT_OPT_LIST_GPU, NULL},
    {"list-gpu-arch", "arch-ls", WT_NVCC_FLAG, NULL, WT_OPT_LIST_GPU, NULL},
    {"display-error-number", "err-no", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"no-display-error-number", "no-err-no", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"diag-error", "diag-error", WT_NVCC_LIST, NULL, WT_OPT_IGNORED, NULL},
    {"diag-suppress", "diag-suppress", WT_NVCC_LIST, NULL, WT_OPT_IGNORED, NULL},
    {"diag-warn", "diag-warn", WT_NVCC_LIST, NULL, WT_OPT_IGNORED, NULL},
    {"host-linker-script", "hls", WT_NVCC_OPTIONAL, "use-lcs|gen-lcs", WT_OPT_IGNORED, NULL},
    {"augment-host-linker-script", "aug-hls", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"relocatable-link", "r", WT_NVCC_FLAG, NULL, WT_OPT_RELOCATABLE_LINK, NULL},
    {"brief-diagnostics", "brief-diag", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"jump-table-density", "jtd", WT_NVCC_VALUE, "#", WT_OPT_IGNORED, NULL},
    {"relocatable-ptx", "reloc-ptx", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"device-stack-protector", "device-stack-protector", WT_NVCC_VALUE, BOOL_VALUES, WT_OPT_IGNORED, NULL},
    {"compress-mode", "compress-mode", WT_NVCC_VALUE, "default|size|speed|balance|none", WT_OPT_IGNORED, NULL},
    {"frandom-seed", "frandom-seed", WT_NVCC_VALUE, NULL, WT_OPT_RANDOM_SEED, NULL},
    {"sanitize", "sanitize", WT_NVCC_VALUE, NULL, WT_OPT_IGNORED, NULL},
    {"jobserver", "jobserver", WT_NVCC_FLAG, NULL, WT_OPT_IGNORED, NULL},
    {"help", "h", WT_NVCC_FLAG, NULL, WT_OPT_HELP, NULL},
    {"version", "V", WT_NVCC_FLAG, NULL, WT_OPT_VERSION, NULL},
    {"options-file", "optf", WT_NVCC_LIST, NULL, WT_OPT_OPTIONS_FILE, NULL},
};

const struct wt_nvcc_option *wt_nvcc_options(size_t *n)
{
    *n = sizeof options / sizeof options[0];
    return options;
}

/* the short options whose value may be glued on (-O3, -Ifoo): nvcc's, as observed */
static int glued_short(const char *name)
{
    return strlen(name) == 1 && strchr("DUILlOt", name[0]) != NULL;
}

/* ARG against OPT's spelling NAME (with its dashes): 1 and *value (NULL: none given) when it
 * names OPT, as "NAME", "NAME=value" or, glued, "NAMEvalue" */
static int spelled(const char *arg, const char *dashes, const char *name, int glue, const char **value)
{
    const size_t d = strlen(dashes), n = strlen(name);
    if (strncmp(arg, dashes, d) != 0 || strncmp(arg + d, name, n) != 0)
        return 0;
    const char *rest = arg + d + n;
    if (*rest == '\0') {
        *value = NULL;
        return 1;
    }
    if (*rest == '=') {
        *value = rest + 1;
        return 1;
    }
    if (glue) {
        *value = rest;
        return 1;
    }
    return 0;
}

static const struct wt_nvcc_option *find(const char *arg, const char **value)
{
    const size_t n = sizeof options / sizeof options[0];
    /* exact spellings first, so that -MD is not -M with the value D, nor -lib -l with "ib" */
    for (size_t i = 0; i < n; i++) {
        const struct wt_nvcc_option *o = &options[i];
        if (spelled(arg, "--", o->long_name, 0, value) ||
            (o->short_name && spelled(arg, "-", o->short_name, 0, value)))
            return o;
    }
    for (size_t i = 0; i < n; i++) {
        const struct wt_nvcc_option *o = &options[i];
        if (o->short_name && o->arg != WT_NVCC_FLAG && glued_short(o->short_name) &&
            spelled(arg, "-", o->short_name, 1, value))
            return o;
    }
    return NULL;
}

static int allowed(const char *values, const char *v)
{
    if (!values)
        return 1;
    if (strcmp(values, "#") == 0) {
        if (!*v)
            return 0;
        for (const char *p = v; *p; p++)
            if (!isdigit((unsigned char)*p))
                return 0;
        return 1;
    }
    const size_t n = strlen(v);
    for (const char *p = values; *p;) {
        const char *bar = strchr(p, '|');
        const size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && strncmp(p, v, n) == 0)
            return 1;
        p += len + (bar ? 1 : 0);
    }
    return 0;
}

int wt_nvcc_check_arch(const char *name, int is_arch_option, char *err, size_t errlen)
{
    if (is_arch_option && (!strcmp(name, "all") || !strcmp(name, "all-major") || !strcmp(name, "native")))
        return 0;
    const char *prefixes[] = {"sm_", "compute_", "lto_"};
    for (size_t i = 0; i < 3; i++) {
        const size_t n = strlen(prefixes[i]);
        if (strncmp(name, prefixes[i], n) != 0)
            continue;
        const char *p = name + n;
        int digits = 0;
        while (isdigit((unsigned char)p[digits]))
            digits++;
        if (digits >= 2 && (p[digits] == '\0' || ((p[digits] == 'a' || p[digits] == 'f') && p[digits + 1] == '\0')))
            return 0;
    }
    snprintf(err, errlen, "Unsupported gpu architecture '%s'", name);
    return -1;
}

int wt_nvcc_check_gencode(const char *spec, char *err, size_t errlen)
{
    int have_arch = 0, have_code = 0;
    const char *p = spec;
    while (*p) {
        const char *eq = strchr(p, '=');
        const char *comma = strchr(p, ',');
        if (!eq || (comma && comma < eq)) {
            const size_t len = comma ? (size_t)(comma - p) : strlen(p);
            snprintf(err, errlen, "'%.*s' is not in 'keyword=value' format", (int)len, p);
            return -1;
        }
        const size_t klen = (size_t)(eq - p);
        int *seen = NULL;
        if (klen == 4 && strncmp(p, "arch", 4) == 0)
            seen = &have_arch;
        else if (klen == 4 && strncmp(p, "code", 4) == 0)
            seen = &have_code;
        if (!seen) {
            snprintf(err, errlen, "Keyword '%.*s' is not defined for option 'generate-code'", (int)klen, p);
            return -1;
        }
        if (*seen) {
            snprintf(err, errlen, "redefinition of keyword '%.*s'", (int)klen, p);
            return -1;
        }
        *seen = 1;
        /* the value: up to the next comma, or a [list] */
        const char *v = eq + 1, *end;
        if (*v == '[') {
            end = strchr(v, ']');
            if (!end) {
                snprintf(err, errlen, "'%s': '[' without its ']'", spec);
                return -1;
            }
            end++;
        } else {
            end = v + strcspn(v, ",");
        }
        /* each architecture named in the value */
        for (const char *a = v + (*v == '['); a < end;) {
            const size_t len = strcspn(a, ",]");
            const size_t take = a + len > end ? (size_t)(end - a) : len;
            if (take) {
                char name[64];
                snprintf(name, sizeof name, "%.*s", (int)take, a);
                if (wt_nvcc_check_arch(name, seen == &have_arch, err, errlen) != 0)
                    return -1;
            }
            a += take + 1;
        }
        if (*end != '\0' && *end != ',') {
            snprintf(err, errlen, "'%s': text after ']'", spec);
            return -1;
        }
        p = *end ? end + 1 : end;
    }
    if (!have_arch || !have_code) {
        snprintf(err, errlen, "Option '--generate-code %s', missing %s", spec, have_arch ? "code" : "arch");
        return -1;
    }
    return 0;
}

/* a growing list of items and of the strings they point into */
struct items {
    struct wt_nvcc_item *v;
    int n, cap;
};

static int push_item(struct items *it, const struct wt_nvcc_option *opt, const char *value, int unknown,
                     const char *spelling)
{
    if (it->n == it->cap) {
        const int cap = it->cap ? it->cap * 2 : 32;
        struct wt_nvcc_item *v = realloc(it->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        it->v = v;
        it->cap = cap;
    }
    it->v[it->n++] = (struct wt_nvcc_item){opt, value, unknown, spelling};
    return 0;
}

int wt_nvcc_parse(int argc, char **argv, struct wt_nvcc_item **items, int *n_items, char **store,
                  char *err, size_t errlen)
{
    struct items it = {0};
    /* the list values are split in place in one copy of every argument (store) */
    size_t total = 0;
    for (int i = 0; i < argc; i++)
        total += strlen(argv[i]) + 1;
    char *copy = malloc(total + 1), *at = copy;
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *value = NULL;
        const struct wt_nvcc_option *o = a[0] == '-' && a[1] ? find(a, &value) : NULL;
        if (!o) {
            if (push_item(&it, NULL, a, a[0] == '-' && a[1] != '\0', a) != 0)
                goto oom;
            continue;
        }
        if (o->arg == WT_NVCC_FLAG) {
            if (value) {
                snprintf(err, errlen, "no argument expected after '%.*s'", (int)(strchr(a, '=') - a), a);
                goto fail;
            }
            if (push_item(&it, o, NULL, 0, a) != 0)
                goto oom;
            continue;
        }
        if (!value && o->arg == WT_NVCC_OPTIONAL) {
            if (i + 1 < argc && allowed(o->values, argv[i + 1]))
                value = argv[++i];
            else if (push_item(&it, o, NULL, 0, a) != 0)
                goto oom;
            if (!value)
                continue;
        }
        if (!value) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "argument expected after '%s'", a);
                goto fail;
            }
            value = argv[++i];
        }
        strcpy(at, value);
        char *v = at;
        at += strlen(value) + 1;
        /* -gencode's value holds commas of its own (arch=A,code=B): one value, checked whole */
        const int split = o->arg == WT_NVCC_LIST;
        for (char *next; v; v = next) {
            next = split ? strchr(v, ',') : NULL;
            if (next)
                *next++ = '\0';
            if (split && !*v && next)
                continue; /* -I a,,b */
            if (!allowed(o->values, v)) {
                if (o->values && strcmp(o->values, "#") == 0)
                    snprintf(err, errlen, "'%s': expected a number (%s)", v, a);
                else if (o->values && strcmp(o->values, BOOL_VALUES) == 0)
                    snprintf(err, errlen, "'%s': expected true or false (%s)", v, a);
                else
                    snprintf(err, errlen, "Value '%s' is not defined for option '%s'", v, o->long_name);
                goto fail;
            }
            if (push_item(&it, o, v, 0, a) != 0)
                goto oom;
        }
    }
    *items = it.v;
    *n_items = it.n;
    *store = copy;
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
fail:
    free(it.v);
    free(copy);
    return -1;
}

/* ---- --options-file ---------------------------------------------------------------------- */

struct words {
    char **v;
    int n, cap;
};

static int push_word(struct words *w, const char *s, size_t len)
{
    if (w->n + 1 >= w->cap) {
        const int cap = w->cap ? w->cap * 2 : 32;
        char **v = realloc(w->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        w->v = v;
        w->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, s, len);
    copy[len] = '\0';
    w->v[w->n++] = copy;
    w->v[w->n] = NULL;
    return 0;
}

static int expand(struct words *out, int argc, char **argv, int depth, char *err, size_t errlen);

/* the words of the file at PATH, expanded in turn */
static int expand_file(struct words *out, const char *path, int depth, char *err, size_t errlen)
{
    if (depth >= 8) {
        snprintf(err, errlen, "options files nested more than 8 deep (at '%s')", path);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "Could not open options file '%s': %s", path, strerror(errno));
        return -1;
    }
    struct words file = {0};
    char *word = NULL;
    size_t len = 0, cap = 0;
    int c, quote = 0, in_word = 0, rc = 0;
    while (rc == 0) {
        c = fgetc(f);
        const int end = c == EOF;
        if (!end && quote) {
            if (c == quote)
                quote = 0;
            else
                goto add;
            continue;
        }
        if (end || isspace(c)) {
            if (in_word && push_word(&file, word ? word : "", len) != 0)
                rc = -1;
            in_word = 0;
            len = 0;
            if (end)
                break;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            in_word = 1;
            continue;
        }
    add:
        in_word = 1;
        if (len + 1 >= cap) {
            cap = cap ? cap * 2 : 64;
            char *w = realloc(word, cap);
            if (!w) {
                rc = -1;
                break;
            }
            word = w;
        }
        word[len++] = (char)c;
    }
    const int bad = ferror(f);
    fclose(f);
    free(word);
    if (rc == 0 && quote) {
        snprintf(err, errlen, "options file '%s': a quote is not closed", path);
        rc = -2;
    } else if (rc == 0 && bad) {
        snprintf(err, errlen, "cannot read options file '%s'", path);
        rc = -2;
    }
    if (rc == 0)
        rc = expand(out, file.n, file.v, depth + 1, err, errlen);
    else if (rc == -1)
        snprintf(err, errlen, "out of memory");
    for (int i = 0; i < file.n; i++)
        free(file.v[i]);
    free(file.v);
    return rc < 0 ? -1 : 0;
}

static int expand(struct words *out, int argc, char **argv, int depth, char *err, size_t errlen)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *value = NULL;
        const struct wt_nvcc_option *o = a[0] == '-' ? find(a, &value) : NULL;
        if (!o || o->id != WT_OPT_OPTIONS_FILE) {
            if (push_word(out, a, strlen(a)) != 0) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            continue;
        }
        if (!value) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "argument expected after '%s'", a);
                return -1;
            }
            value = argv[++i];
        }
        char *files = strdup(value), *save = NULL;
        if (!files) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        int rc = 0;
        for (char *f = strtok_r(files, ",", &save); f && rc == 0; f = strtok_r(NULL, ",", &save))
            rc = expand_file(out, f, depth, err, errlen);
        free(files);
        if (rc != 0)
            return -1;
    }
    return 0;
}

char **wt_nvcc_expand_options_files(int argc, char **argv, int *out_argc, char *err, size_t errlen)
{
    struct words out = {0};
    if (push_word(&out, "", 0) != 0 || expand(&out, argc, argv, 0, err, errlen) != 0) {
        for (int i = 0; i < out.n; i++)
            free(out.v[i]);
        free(out.v);
        if (!out.v)
            snprintf(err, errlen, "out of memory");
        return NULL;
    }
    /* drop the placeholder first word (it made the vector exist for an empty command line) */
    free(out.v[0]);
    memmove(out.v, out.v + 1, (size_t)out.n * sizeof *out.v);
    *out_argc = out.n - 1;
    return out.v;
}
