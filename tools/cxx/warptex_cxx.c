/* warptex_cxx.c -- warptex-cxx: build CUDA sources for the CPU with the C++ compiler
 * SPDX-License-Identifier: MIT
 *
 *   warptex-cxx app.cu [more sources and flags] -o app
 *
 * Each .cu input is rewritten (tools/cxx/cuda_rewrite.c: <<< >>> launches,
 * extern __shared__) into a temporary .cpp, with #line so that diagnostics
 * name the original file and lines, and -iquote its directory so that its
 * "..." includes resolve.  The compiler (WARPTEX_CXX, else the one this build
 * used) gets C++17, -ffp-contract=off -fno-fast-math, the CUDA-named headers
 * and, when linking, the CUDA runtime, warptex, Boost.Context and OpenMP:
 * those of the prefix it is installed in (<prefix>/bin/warptex-cxx beside
 * <prefix>/include/warptex/cuda and <prefix>/lib/libwarptex_cuda.a), else
 * those of the build tree it was built in.
 * nvcc-only flags are dropped with a note (-arch, -gencode, -lineinfo,
 * --use_fast_math); -Xcompiler a,b passes a and b; -x cu means -x c++.  Any
 * other flag passes through.  --warptex-rewrite FILE prints the rewritten
 * FILE and exits.  Exit status: the compiler's; 2 for a rewrite error. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cuda_rewrite.h"

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *p = malloc(cap);
    while (p) {
        n += fread(p + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *q = realloc(p, cap * 2);
        if (!q) {
            free(p);
            p = NULL;
            break;
        }
        p = q;
        cap *= 2;
    }
    const int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(p);
        return NULL;
    }
    *len = n;
    return p;
}

static int ends_with(const char *s, const char *suffix)
{
    const size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* split "a b c" (blanks) into args */
static void push_words(char **argv, int *argc, const char *words)
{
    char *copy = strdup(words), *save = NULL;
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        argv[(*argc)++] = strdup(w);
    free(copy);
}

static char *rewrite_to(const char *in, const char *dir, char *err, size_t errlen)
{
    size_t len, out_len;
    char *src = read_file(in, &len);
    if (!src) {
        snprintf(err, errlen, "cannot read %s: %s", in, strerror(errno));
        return NULL;
    }
    char *out = wt_cuda_rewrite(src, len, &out_len, err, errlen);
    free(src);
    if (!out)
        return NULL;
    const char *base = strrchr(in, '/') ? strrchr(in, '/') + 1 : in;
    char *path = malloc(strlen(dir) + strlen(base) + 8);
    sprintf(path, "%s/%s.cpp", dir, base);
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        free(out);
        free(path);
        return NULL;
    }
    fprintf(f, "#line 1 \"%s\"\n", in);
    fwrite(out, 1, out_len, f);
    fclose(f);
    free(out);
    return path;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--warptex-rewrite") == 0) {
        size_t len, out_len;
        char err[512] = "";
        char *src = read_file(argv[2], &len);
        if (!src) {
            fprintf(stderr, "warptex-cxx: cannot read %s\n", argv[2]);
            return 2;
        }
        char *out = wt_cuda_rewrite(src, len, &out_len, err, sizeof err);
        if (!out) {
            fprintf(stderr, "warptex-cxx: %s: %s\n", argv[2], err);
            return 2;
        }
        fwrite(out, 1, out_len, stdout);
        return 0;
    }
    /* installed: the prefix is this program's directory/WT_CXX_BIN_TO_PREFIX, and it holds the
     * headers and libraries; otherwise (run from the build tree) the build's own paths */
    const char *include_dir = WT_CXX_INCLUDE, *libs = WT_CXX_LIBS;
    char prefix[4096], inc_buf[4200], probe[4400], *lib_buf = NULL;
    {
        ssize_t n = readlink("/proc/self/exe", prefix, sizeof prefix - 1);
        if (n > 0) {
            prefix[n] = '\0';
            char *slash = strrchr(prefix, '/');
            if (slash) {
                strcpy(slash, "/" WT_CXX_BIN_TO_PREFIX);
                char *canon = realpath(prefix, NULL); /* <prefix>, without bin/.. */
                if (canon && strlen(canon) < sizeof prefix) {
                    strcpy(prefix, canon);
                }
                free(canon);
                snprintf(inc_buf, sizeof inc_buf, "%s/" WT_CXX_INSTALLED_INCLUDE, prefix);
                snprintf(probe, sizeof probe, "%s/warptex/cuda/cuda_runtime.h", inc_buf);
                /* each installed library as <prefix>/<libdir>/<name>; all must be there */
                const char *names = WT_CXX_INSTALLED_LIBS;
                lib_buf = malloc(2 * strlen(names) + 4 * (strlen(prefix) + 64) + strlen(WT_CXX_BOOST_CONTEXT));
                lib_buf[0] = '\0';
                int found = access(probe, R_OK) == 0;
                char *copy = strdup(names), *save = NULL;
                for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
                    char *at = lib_buf + strlen(lib_buf);
                    sprintf(at, "%s%s/%s", lib_buf[0] ? " " : "", prefix, w);
                    found &= access(at + (at == lib_buf ? 0 : 1), R_OK) == 0;
                }
                free(copy);
                strcat(lib_buf, " " WT_CXX_BOOST_CONTEXT);
                if (found) {
                    include_dir = inc_buf;
                    libs = lib_buf;
                }
            }
        }
    }
    char **cmd = calloc((size_t)argc * 3 + 64, sizeof *cmd);
    char **temps = calloc((size_t)argc + 1, sizeof *temps);
    int n = 0, nt = 0, link = 1, has_output = 0;
    const char *env = getenv("WARPTEX_CXX");
    cmd[n++] = strdup(env && *env ? env : WT_CXX_COMPILER);
    push_words(cmd, &n, WT_CXX_FLAGS);
    char *inc1 = malloc(strlen(include_dir) + 32), *inc2 = malloc(strlen(include_dir) + 8);
    sprintf(inc1, "-I%s/warptex/cuda", include_dir);
    sprintf(inc2, "-I%s", include_dir);
    cmd[n++] = inc1;
    cmd[n++] = inc2;
    char tmpdir[] = "/tmp/warptex-cxx-XXXXXX";
    int have_tmp = 0;
    const char *single_cu = NULL;
    int inputs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-c") || !strcmp(a, "-S") || !strcmp(a, "-E") || !strcmp(a, "-M") || !strcmp(a, "-MM"))
            link = 0;
        if (!strcmp(a, "-o"))
            has_output = 1;
        if (!strncmp(a, "-arch", 5) || !strncmp(a, "--gpu-architecture", 18) || !strcmp(a, "-lineinfo") ||
            !strcmp(a, "--use_fast_math") || !strcmp(a, "-use_fast_math") || !strncmp(a, "-gencode", 8)) {
            fprintf(stderr, "warptex-cxx: note: %s is for nvcc, ignored\n", a);
            if ((!strcmp(a, "-arch") || !strcmp(a, "-gencode")) && i + 1 < argc)
                i++;
            continue;
        }
        if (!strcmp(a, "-Xcompiler") && i + 1 < argc) {
            char *copy = strdup(argv[++i]), *save = NULL;
            for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save))
                cmd[n++] = strdup(w);
            free(copy);
            continue;
        }
        if (!strcmp(a, "-x") && i + 1 < argc && !strcmp(argv[i + 1], "cu")) {
            cmd[n++] = strdup("-x");
            cmd[n++] = strdup("c++");
            i++;
            continue;
        }
        if (a[0] != '-' && ends_with(a, ".cu")) {
            char err[512] = "";
            if (!have_tmp) {
                if (!mkdtemp(tmpdir)) {
                    fprintf(stderr, "warptex-cxx: cannot make a temporary directory: %s\n", strerror(errno));
                    return 2;
                }
                have_tmp = 1;
            }
            char *path = rewrite_to(a, tmpdir, err, sizeof err);
            if (!path) {
                fprintf(stderr, "warptex-cxx: %s: %s\n", a, err);
                for (int t = 0; t < nt; t++)
                    unlink(temps[t]);
                rmdir(tmpdir);
                return 2;
            }
            temps[nt++] = path;
            const char *slash = strrchr(a, '/');
            char *iq = malloc(strlen(a) + 16);
            if (slash)
                sprintf(iq, "-iquote%.*s", (int)(slash - a), a);
            else
                strcpy(iq, "-iquote.");
            cmd[n++] = iq;
            cmd[n++] = strdup(path);
            single_cu = a;
            inputs++;
            continue;
        }
        if (a[0] != '-')
            inputs++;
        cmd[n++] = strdup(a);
    }
    if (!link && !has_output && inputs == 1 && single_cu) { /* app.cu -c: app.o, not app.cu.cpp.o */
        const char *base = strrchr(single_cu, '/') ? strrchr(single_cu, '/') + 1 : single_cu;
        char *o = malloc(strlen(base) + 3);
        sprintf(o, "%.*s.o", (int)(strlen(base) - 3), base);
        cmd[n++] = strdup("-o");
        cmd[n++] = o;
    }
    if (link) {
        push_words(cmd, &n, libs);
        push_words(cmd, &n, WT_CXX_LINK);
    }
    cmd[n] = NULL;
    if (getenv("WARPTEX_CXX_VERBOSE")) {
        for (int i = 0; i < n; i++)
            fprintf(stderr, "%s%s", i ? " " : "", cmd[i]);
        fputc('\n', stderr);
    }
    int status = 127;
    const pid_t pid = fork();
    if (pid == 0) {
        execvp(cmd[0], cmd);
        fprintf(stderr, "warptex-cxx: cannot run %s: %s\n", cmd[0], strerror(errno));
        _exit(127);
    } else if (pid > 0) {
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
        }
        status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    } else {
        fprintf(stderr, "warptex-cxx: fork: %s\n", strerror(errno));
    }
    for (int t = 0; t < nt; t++)
        unlink(temps[t]);
    if (have_tmp)
        rmdir(tmpdir);
    for (int i = 0; i < n; i++)
        free(cmd[i]);
    for (int t = 0; t < nt; t++)
        free(temps[t]);
    free(cmd);
    free(temps);
    free(lib_buf);
    return status;
}
