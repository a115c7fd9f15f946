/* check_layers.c -- the folders include one another only downward, in the order docs/design.md#layers declares,
 * and no files include each other
 * SPDX-License-Identifier: MIT
 *
 *   check_layers ROOT [DIR ...]
 *
 * Reads the layer order from the fenced block that follows the line
 * '<a id="layers"></a>' in ROOT/docs/design.md: one line per layer, lowest
 * first, each line one or more folders (relative to ROOT) and, after " -- ",
 * what the layer is.  Folders on one line are siblings of one layer.  A file
 * belongs to the folder it sits in, or, when that folder is not listed, to
 * the nearest listed folder above it.
 *
 * Then scans the C and C++ sources and headers under ROOT/DIR (default src,
 * include, tools, bench), resolves every #include "..." as the build does
 * (beside the including file first, then the directories of search_dirs) and
 * reports, as "FILE:LINE: why":
 *   - an include of a file in a folder of a higher layer, or of a sibling
 *     folder of the same layer;
 *   - a file in no listed folder;
 * and, as "include cycle: A -> B -> ... -> A", every circle of files that
 * include each other (two headers including each other are the shortest).
 * An include that resolves to no file under ROOT (a system header written
 * with quotes, a file the build generates) is not an edge.
 *
 * Exit status 0 when nothing is reported, 1 otherwise, 2 on a usage or I/O
 * error or when docs/design.md declares no layers. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const default_dirs[] = {"src", "include", "tools", "bench"};
/* The -I directories of the build (CMakeLists.txt, cmake/cuda.cmake), relative to ROOT. */
static const char *const search_dirs[] = {"include", "src", "include/warptex/cuda", "tools/cxx", "bench", "src/ptx"};
static const char *const source_ext[] = {".c", ".h", ".cpp", ".hpp", ".inc", ".def", ".cu", ".cuh"};

typedef struct {
    char *folder;
    int layer; /* line of the block, 0 = lowest */
} folder_layer;

typedef struct {
    char *path; /* relative to ROOT */
    int layer;  /* -1: in no listed folder */
    const char *folder;
    size_t *inc;   /* indices of included files */
    int *inc_line; /* the line of each */
    size_t ninc, cap;
    int color; /* cycle search: 0 unseen, 1 on the path, 2 done */
} file_node;

static const char *root;
static folder_layer *folders;
static size_t nfolders;
static file_node *files;
static size_t nfiles, files_cap;
static unsigned long nreports;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "check_layers: out of memory\n");
        exit(2);
    }
    return q;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = xrealloc(NULL, cap + 1);
    for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap)
            buf = xrealloc(buf, (cap *= 2) + 1);
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    return buf;
}

/* ---- the declared order ------------------------------------------------- */

static void add_folder(const char *name, size_t len, int layer)
{
    while (len > 1 && name[len - 1] == '/')
        len--;
    folders = xrealloc(folders, (nfolders + 1) * sizeof *folders);
    folders[nfolders].folder = xrealloc(NULL, len + 1);
    memcpy(folders[nfolders].folder, name, len);
    folders[nfolders].folder[len] = '\0';
    folders[nfolders].layer = layer;
    nfolders++;
}

static int read_layers(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/docs/design.md", root);
    char *text = read_file(path);
    if (!text) {
        fprintf(stderr, "check_layers: cannot read %s\n", path);
        return -1;
    }
    const char *p = strstr(text, "<a id=\"layers\"></a>");
    p = p ? strstr(p, "\n```") : NULL;
    p = p ? strchr(p + 1, '\n') : NULL; /* the line after the opening fence */
    int layer = 0;
    while (p && *++p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len >= 3 && !strncmp(p, "```", 3))
            break;
        const char *dash = strstr(p, " -- ");
        size_t words = dash && dash < p + len ? (size_t)(dash - p) : len;
        int any = 0;
        for (size_t i = 0; i < words;) {
            while (i < words && (p[i] == ' ' || p[i] == '\t'))
                i++;
            size_t j = i;
            while (j < words && p[j] != ' ' && p[j] != '\t')
                j++;
            if (j > i) {
                add_folder(p + i, j - i, layer);
                any = 1;
            }
            i = j;
        }
        layer += any;
        p = end;
        if (!p)
            break;
    }
    free(text);
    if (nfolders == 0) {
        fprintf(stderr, "check_layers: %s declares no layers (a fenced block after <a id=\"layers\"></a>)\n", path);
        return -1;
    }
    return 0;
}

/* The listed folder of a file: its own directory or the nearest listed one above. */
static const folder_layer *folder_of(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *slash; (slash = strrchr(dir, '/')) != NULL;) {
        *slash = '\0';
        for (size_t i = 0; i < nfolders; i++)
            if (!strcmp(folders[i].folder, dir))
                return &folders[i];
    }
    return NULL;
}

/* ---- the files ---------------------------------------------------------- */

static int is_source(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof source_ext / sizeof source_ext[0]; i++) {
        size_t e = strlen(source_ext[i]);
        if (n > e && !strcmp(name + n - e, source_ext[i]))
            return 1;
    }
    return 0;
}

static int cmp_path(const void *a, const void *b)
{
    return strcmp(((const file_node *)a)->path, ((const file_node *)b)->path);
}

static int walk(const char *rel)
{
    char full[4096];
    snprintf(full, sizeof full, "%s/%s", root, rel);
    DIR *d = opendir(full);
    if (!d) {
        fprintf(stderr, "check_layers: cannot open %s\n", full);
        return -1;
    }
    int rc = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        char child[4096];
        struct stat st;
        if (snprintf(child, sizeof child, "%s/%s", rel, e->d_name) >= (int)sizeof child ||
            snprintf(full, sizeof full, "%s/%s", root, child) >= (int)sizeof full) {
            fprintf(stderr, "check_layers: a path under %s/%s is too long\n", root, rel);
            rc = -1;
            continue;
        }
        if (stat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            rc |= walk(child);
        } else if (S_ISREG(st.st_mode) && is_source(e->d_name)) {
            if (nfiles == files_cap)
                files = xrealloc(files, (files_cap = files_cap ? 2 * files_cap : 256) * sizeof *files);
            memset(&files[nfiles], 0, sizeof files[nfiles]);
            files[nfiles++].path = xstrdup(child);
        }
    }
    closedir(d);
    return rc;
}

static long find_file(const char *path)
{
    size_t lo = 0, hi = nfiles;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(files[mid].path, path);
        if (c == 0)
            return (long)mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* dir/name with "." and ".." folded; 0 when it climbs above ROOT. */
static int join_path(char *out, size_t size, const char *dir, const char *name)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s%s%s", dir, *dir ? "/" : "", name);
    char *parts[256];
    size_t n = 0;
    for (char *save = NULL, *t = strtok_r(tmp, "/", &save); t; t = strtok_r(NULL, "/", &save)) {
        if (!strcmp(t, "."))
            continue;
        if (!strcmp(t, "..")) {
            if (n == 0)
                return 0;
            n--;
            continue;
        }
        if (n == sizeof parts / sizeof parts[0])
            return 0;
        parts[n++] = t;
    }
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%s", i ? "/" : "", parts[i]);
    return len < size;
}

static long resolve(const char *from, const char *name)
{
    char dir[4096], cand[4096];
    snprintf(dir, sizeof dir, "%s", from);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        dir[0] = '\0';
    long i;
    if (join_path(cand, sizeof cand, dir, name) && (i = find_file(cand)) >= 0)
        return i;
    for (size_t k = 0; k < sizeof search_dirs / sizeof search_dirs[0]; k++)
        if (join_path(cand, sizeof cand, search_dirs[k], name) && (i = find_file(cand)) >= 0)
            return i;
    return -1;
}

static void add_include(file_node *f, size_t to, int line)
{
    if (f->ninc == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 8;
        f->inc = xrealloc(f->inc, f->cap * sizeof *f->inc);
        f->inc_line = xrealloc(f->inc_line, f->cap * sizeof *f->inc_line);
    }
    f->inc[f->ninc] = to;
    f->inc_line[f->ninc++] = line;
}

static int scan(file_node *f)
{
    char full[4096];
    snprintf(full, sizeof full, "%s/%s", root, f->path);
    char *text = read_file(full);
    if (!text) {
        fprintf(stderr, "check_layers: cannot read %s\n", full);
        return -1;
    }
    int line = 1;
    for (char *p = text; *p; line++) {
        char *end = strchr(p, '\n');
        if (end)
            *end = '\0';
        char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q == '#') {
            q++;
            while (*q == ' ' || *q == '\t')
                q++;
            if (!strncmp(q, "include", 7)) {
                q += 7;
                while (*q == ' ' || *q == '\t')
                    q++;
                char *close = *q == '"' ? strchr(q + 1, '"') : NULL;
                if (close) {
                    *close = '\0';
                    long to = resolve(f->path, q + 1);
                    if (to >= 0 && (size_t)to != (size_t)(f - files))
                        add_include(f, (size_t)to, line);
                }
            }
        }
        if (!end)
            break;
        p = end + 1;
    }
    free(text);
    return 0;
}

/* ---- the checks --------------------------------------------------------- */

static void check_directions(void)
{
    for (size_t i = 0; i < nfiles; i++) {
        file_node *f = &files[i];
        if (f->layer < 0) {
            printf("%s:1: the folder is in no layer of docs/design.md#layers\n", f->path);
            nreports++;
            continue;
        }
        for (size_t k = 0; k < f->ninc; k++) {
            const file_node *t = &files[f->inc[k]];
            if (t->layer < 0 || !strcmp(t->folder, f->folder))
                continue;
            if (t->layer > f->layer) {
                printf("%s:%d: includes %s, from %s, a layer above %s in docs/design.md#layers\n", f->path,
                       f->inc_line[k], t->path, t->folder, f->folder);
                nreports++;
            } else if (t->layer == f->layer) {
                printf("%s:%d: includes %s, from %s, a sibling of %s in one layer of docs/design.md#layers\n",
                       f->path, f->inc_line[k], t->path, t->folder, f->folder);
                nreports++;
            }
        }
    }
}

static size_t *stack;
static size_t depth;

/* Depth-first search; an edge back to a file on the current path closes a cycle. */
static void find_cycles(size_t v)
{
    file_node *f = &files[v];
    f->color = 1;
    stack[depth++] = v;
    for (size_t k = 0; k < f->ninc; k++) {
        size_t w = f->inc[k];
        if (files[w].color == 0) {
            find_cycles(w);
        } else if (files[w].color == 1) {
            size_t s = depth;
            while (s > 0 && stack[s - 1] != w)
                s--;
            printf("include cycle: ");
            for (size_t j = s - 1; j < depth; j++)
                printf("%s -> ", files[stack[j]].path);
            printf("%s (%s:%d)\n", files[w].path, f->path, f->inc_line[k]);
            nreports++;
        }
    }
    depth--;
    f->color = 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: check_layers ROOT [DIR ...]\n");
        return 2;
    }
    root = argv[1];
    if (read_layers() != 0)
        return 2;
    int rc = 0;
    if (argc > 2)
        for (int i = 2; i < argc; i++)
            rc |= walk(argv[i]);
    else
        for (size_t i = 0; i < sizeof default_dirs / sizeof default_dirs[0]; i++)
            rc |= walk(default_dirs[i]);
    if (rc)
        return 2;
    qsort(files, nfiles, sizeof *files, cmp_path);
    unsigned long nedges = 0;
    for (size_t i = 0; i < nfiles; i++) {
        const folder_layer *fl = folder_of(files[i].path);
        files[i].layer = fl ? fl->layer : -1;
        files[i].folder = fl ? fl->folder : "";
        if (scan(&files[i]) != 0)
            return 2;
        nedges += files[i].ninc;
    }
    check_directions();
    stack = xrealloc(NULL, (nfiles + 1) * sizeof *stack);
    for (size_t i = 0; i < nfiles; i++)
        if (files[i].color == 0)
            find_cycles(i);
    if (nreports) {
        printf("check_layers: %lu problem(s)\n", nreports);
        return 1;
    }
    printf("check_layers: ok (%zu files, %lu includes, %zu folders in the layers of docs/design.md#layers)\n", nfiles,
           nedges, nfolders);
    return 0;
}
