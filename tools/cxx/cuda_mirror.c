/* cuda_mirror.c -- a .cu file and its program's own "..." headers, rewritten under a scratch root
 * SPDX-License-Identifier: MIT
 * (what and why: cuda_mirror.h) */
#define _XOPEN_SOURCE 700
#include "cuda_mirror.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuda_rewrite.h"

static char *read_all(const char *path, size_t *len)
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

char *wt_cuda_mirror_path(const char *root, const char *path)
{
    char cwd[PATH_MAX] = "";
    if (path[0] != '/' && !getcwd(cwd, sizeof cwd))
        return NULL;
    const size_t n = (root ? strlen(root) : 0) + strlen(cwd) + strlen(path) + 2;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s%s%s%s", root ? root : "", cwd, cwd[0] ? "/" : "", path);
    return out;
}

/* mkdir -p of the directory part of PATH */
static int make_parents(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        const int rc = mkdir(path, 0700);
        const int e = errno;
        *p = '/';
        if (rc != 0 && e != EEXIST)
            return -1;
    }
    return 0;
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0;
}

/* SRC with its comments and string literals blanked (newlines kept), for finding #include lines */
static void blank_comments(char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
            s[i] = s[i + 1] = ' ';
            for (i += 2; i < n && !(s[i] == '*' && i + 1 < n && s[i + 1] == '/'); i++)
                if (s[i] != '\n')
                    s[i] = ' ';
            if (i < n)
                s[i] = s[i + 1] = ' ', i++;
        } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
            for (; i < n && s[i] != '\n'; i++)
                s[i] = ' ';
        } else if (s[i] == '"') { /* a string literal, kept: #include "name" is one */
            for (i++; i < n && s[i] != '"' && s[i] != '\n'; i++)
                if (s[i] == '\\' && i + 1 < n)
                    i++;
        } else if (s[i] == '\'') {
            /* a character literal (not a digit separator: those follow a digit or letter) */
            if (i > 0 && isalnum((unsigned char)s[i - 1]))
                continue;
            for (i++; i < n && s[i] != '\'' && s[i] != '\n'; i++)
                if (s[i] == '\\' && i + 1 < n)
                    i++;
        }
    }
}

struct seen {
    char **v;
    int n, cap;
};

static int seen_add(struct seen *s, const char *real)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i], real) == 0)
            return 0;
    if (s->n == s->cap) {
        const int cap = s->cap ? s->cap * 2 : 16;
        char **v = realloc(s->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    if (!(s->v[s->n] = strdup(real)))
        return -1;
    s->n++;
    return 1;
}

static char *join(const char *dir, size_t dir_len, const char *name, size_t name_len)
{
    char *p = malloc(dir_len + name_len + 2);
    if (!p)
        return NULL;
    if (dir_len)
        snprintf(p, dir_len + name_len + 2, "%.*s/%.*s", (int)dir_len, dir, (int)name_len, name);
    else
        snprintf(p, name_len + 1, "%.*s", (int)name_len, name);
    return p;
}

static char *mirror_one(const char *root, const char *path, char *const *dirs, int n_dirs, struct seen *seen,
                        char *err, size_t errlen);

/* every #include "name" of SRC (the file at PATH) that resolves in the program's directories */
static int mirror_includes(const char *root, const char *path, char *src, size_t len, char *const *dirs, int n_dirs,
                           struct seen *seen, char *err, size_t errlen)
{
    blank_comments(src, len);
    const char *slash = strrchr(path, '/');
    const size_t dir_len = slash ? (size_t)(slash - path) : 0;
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && (src[j] == ' ' || src[j] == '\t'))
            j++;
        const char *nl = memchr(src + i, '\n', len - i);
        const size_t line_end = nl ? (size_t)(nl - src) : len;
        if (j < line_end && src[j] == '#') {
            j++;
            while (j < line_end && (src[j] == ' ' || src[j] == '\t'))
                j++;
            if (line_end - j > 7 && strncmp(src + j, "include", 7) == 0) {
                j += 7;
                while (j < line_end && (src[j] == ' ' || src[j] == '\t'))
                    j++;
                const char *q = j < line_end && src[j] == '"' ? memchr(src + j + 1, '"', line_end - j - 1) : NULL;
                if (q && src[j + 1] != '/') { /* an absolute name is opened as written: no mirror */
                    const char *name = src + j + 1;
                    const size_t name_len = (size_t)(q - name);
                    char *found = join(path, dir_len, name, name_len);
                    for (int d = 0; found && !is_file(found) && d < n_dirs + 1; d++) {
                        free(found);
                        found = d < n_dirs ? join(dirs[d], strlen(dirs[d]), name, name_len) : NULL;
                    }
                    if (found) {
                        char *m = mirror_one(root, found, dirs, n_dirs, seen, err, errlen);
                        const int failed = !m && err[0];
                        free(m);
                        free(found);
                        if (failed)
                            return -1;
                    }
                }
            }
        }
        i = line_end + 1;
    }
    return 0;
}

/* PATH rewritten under ROOT (once: NULL with err empty when it was already), then its includes */
static char *mirror_one(const char *root, const char *path, char *const *dirs, int n_dirs, struct seen *seen,
                        char *err, size_t errlen)
{
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    const int added = seen_add(seen, real);
    if (added <= 0) {
        if (added < 0)
            snprintf(err, errlen, "out of memory");
        return NULL;
    }
    size_t len, out_len;
    char *src = read_all(path, &len);
    if (!src) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    char why[512] = "";
    char *out = wt_cuda_rewrite(src, len, &out_len, why, sizeof why);
    if (!out) {
        snprintf(err, errlen, "%s: %s", path, why[0] ? why : "out of memory");
        free(src);
        return NULL;
    }
    char *target = wt_cuda_mirror_path(root, path);
    FILE *f = NULL;
    if (!target || make_parents(target) != 0 || !(f = fopen(target, "wb"))) {
        snprintf(err, errlen, "cannot write %s: %s", target ? target : path, strerror(errno));
        free(out);
        free(src);
        free(target);
        return NULL;
    }
    fprintf(f, "#line 1 \"");
    for (const char *p = path; *p; p++) /* the name as a string literal */
        fprintf(f, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
    fprintf(f, "\"\n");
    fwrite(out, 1, out_len, f);
    free(out);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", target, strerror(errno));
        free(src);
        free(target);
        return NULL;
    }
    const int rc = mirror_includes(root, path, src, len, dirs, n_dirs, seen, err, errlen);
    free(src);
    if (rc != 0) {
        free(target);
        return NULL;
    }
    return target;
}

char *wt_cuda_mirror(const char *root, const char *src, char *const *include_dirs, int n_dirs, char *err,
                     size_t errlen)
{
    struct seen seen = {0};
    err[0] = '\0';
    char *out = mirror_one(root, src, include_dirs, n_dirs, &seen, err, errlen);
    for (int i = 0; i < seen.n; i++)
        free(seen.v[i]);
    free(seen.v);
    return out;
}
