/* check_citations.c -- every citation in the code names an anchor that a page under docs/ defines
 * SPDX-License-Identifier: MIT
 *
 *   check_citations ROOT [DIR|FILE ...]
 *
 * Scans the files under ROOT/DIR (default: the directories and files that
 * hold code, listed in default_paths) line by line and reports, as
 * "FILE:LINE: why", every
 *   - citation "[<page>#<anchor>]" or "docs/<page>.md#<anchor>" whose page
 *     docs/<page>.md does not exist or does not define the anchor
 *     (an element with id="<anchor>", or a heading whose slug it is);
 *   - mention of a page "docs/<page>.md" that does not exist;
 *   - citation of the working notes that are not part of the repository:
 *     the section sign, the uppercase note names (the semantics, bench,
 *     style and design notes), the path of the shared notes, the numbered
 *     decision labels (D2.x, D3.x, D4.x, Qn) and the numbered spec seeds.
 * Under ROOT/docs, markdown links to "#<anchor>" and "<page>.md#<anchor>" must
 * resolve too.  Exit status 0 when nothing is reported, 1 otherwise, 2 on a
 * usage or I/O error.  Binary files (a NUL byte) are skipped.
 *
 * The forbidden spellings are assembled from pieces below, so that this file
 * passes its own check. */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const default_paths[] = {"src",   "include",        "tools",    "tests", "bench", "examples",
                                            "cmake", "CMakeLists.txt", "Makefile", ".ci"};

/* The pages cited by short name: a citation of "semantics" means docs/semantics.md. */
static const char *const short_names[] = {"semantics", "bench", "design"};

typedef struct {
    char name[64]; /* "semantics" for docs/semantics.md */
    int exists;
    char **ids;
    size_t nids, cap;
} page;

static page pages[64];
static size_t npages;
static const char *root;
static unsigned long nreports;

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            char *b = realloc(buf, 2 * cap + 1);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
    }
    int err = ferror(f);
    fclose(f);
    if (!buf || err) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

static int is_ident(int c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static int is_anchor_char(int c)
{
    return islower((unsigned char)c) || isdigit((unsigned char)c) || c == '-' || c == '_';
}

static void report(const char *file, unsigned long line, const char *what, size_t wlen, const char *why)
{
    printf("%s:%lu: '%.*s': %s\n", file, line, (int)wlen, what, why);
    nreports++;
}

static void page_add_id(page *p, const char *id, size_t len)
{
    if (p->nids == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        char **ids = realloc(p->ids, p->cap * sizeof *ids);
        if (!ids)
            exit(2);
        p->ids = ids;
    }
    p->ids[p->nids] = strndup(id, len);
    if (!p->ids[p->nids])
        exit(2);
    p->nids++;
}

/* The page named `name` under docs/, loaded once: whether it exists and its ids. */
static page *page_named(const char *name, size_t len)
{
    for (size_t i = 0; i < npages; i++)
        if (strlen(pages[i].name) == len && !memcmp(pages[i].name, name, len))
            return &pages[i];
    if (npages == sizeof pages / sizeof pages[0] || len >= sizeof pages[0].name)
        return NULL;
    page *p = &pages[npages++];
    memcpy(p->name, name, len);
    p->name[len] = 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/docs/%s.md", root, p->name);
    size_t n;
    char *text = read_file(path, &n);
    if (!text)
        return p;
    p->exists = 1;
    for (const char *s = text; (s = strstr(s, "id=\"")) != NULL;) {
        s += 4;
        const char *e = strchr(s, '"');
        if (!e)
            break;
        page_add_id(p, s, (size_t)(e - s));
        s = e;
    }
    /* A markdown heading is also reachable by its slug, as GitHub makes it:
     * lower case, punctuation dropped except - and _, spaces turned to -. */
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        if (!e)
            e = s + strlen(s);
        if (*s == '#') {
            const char *h = s;
            while (h < e && *h == '#')
                h++;
            while (h < e && *h == ' ')
                h++;
            char slug[256];
            size_t n = 0;
            for (; h < e && n + 1 < sizeof slug; h++) {
                unsigned char c = (unsigned char)*h;
                if (c >= 0x80 || isalnum(c) || c == '_' || c == '-')
                    slug[n++] = (char)(c < 0x80 ? tolower(c) : c);
                else if (c == ' ')
                    slug[n++] = '-';
            }
            page_add_id(p, slug, n);
        }
        s = *e ? e + 1 : e;
    }
    free(text);
    return p;
}

static int page_has(const page *p, const char *id, size_t len)
{
    for (size_t i = 0; i < p->nids; i++)
        if (strlen(p->ids[i]) == len && !memcmp(p->ids[i], id, len))
            return 1;
    return 0;
}

/* NAME (a page) and ANCHOR (may be empty: the page alone) cited at file:line. */
static void check_target(const char *file, unsigned long line, const char *name, size_t nlen, const char *anchor,
                         size_t alen, const char *cited, size_t clen)
{
    const page *p = page_named(name, nlen);
    if (!p || !p->exists)
        report(file, line, cited, clen, "cites a page that docs/ does not have");
    else if (alen && !page_has(p, anchor, alen))
        report(file, line, cited, clen, "cites an anchor that its page does not define");
}

/* s[0..n) starts with the word w (not inside an identifier on the right). */
static int word_at(const char *s, const char *end, const char *w)
{
    size_t k = strlen(w);
    return (size_t)(end - s) >= k && !memcmp(s, w, k) && (s + k == end || !is_ident(s[k]));
}

static void check_line(const char *file, unsigned long line, const char *s, const char *end, int in_docs)
{
    static const char section_sign[] = {(char)0xc2, (char)0xa7, 0};
    /* The note names, assembled so that this file does not spell them. */
    static const char *const note_stems[] = {"SEMANT", "BEN", "STY", "DESI"};
    static const char *const note_tails[] = {"ICS", "CH", "LE", "GN"};
    char shared_path[16];
    snprintf(shared_path, sizeof shared_path, "../%s", "shared");

    for (const char *p = s; p < end; p++) {
        const char *rest = p;
        if (p + 1 < end && !memcmp(p, section_sign, 2)) {
            size_t shown = (size_t)(end - p) < 12 ? (size_t)(end - p) : 12;
            report(file, line, p, shown, "a numbered section of the working notes; cite a docs/ anchor");
            p++;
            continue;
        }
        if (!in_docs && (size_t)(end - p) >= 9 && !memcmp(p, shared_path, 9)) {
            report(file, line, p, 9, "the shared notes are not part of the repository");
            continue;
        }
        if (p == s || !is_ident(p[-1])) {
            /* The working notes by name: NAME.md, or NAME alone as a word. */
            for (size_t i = 0; i < sizeof note_stems / sizeof note_stems[0]; i++) {
                char w[32];
                snprintf(w, sizeof w, "%s%s", note_stems[i], note_tails[i]);
                size_t k = strlen(w);
                if ((size_t)(end - p) >= k && !memcmp(p, w, k) && (p + k == end || !is_ident(p[k]))) {
                    int md = (size_t)(end - p) >= k + 3 && !memcmp(p + k, ".md", 3);
                    if (md || i == 0 || (p + k < end && p[k] == ' ' && p + k + 1 < end && p[k + 1] == section_sign[0]))
                        report(file, line, p, k + (md ? 3 : 0), "a working note outside the repository; cite docs/");
                }
            }
            /* Decision labels of the notes: D, a digit 2-4, a dot and a number; Q and a
             * number (but not a fixed-point format such as Q<m>.<n>). */
            if (p[0] == 'D' && p + 3 < end && p[1] >= '2' && p[1] <= '4' && p[2] == '.' && isdigit((unsigned char)p[3]))
                report(file, line, p, 4 + (p + 4 < end && isdigit((unsigned char)p[4])),
                       "a decision label of the working notes; cite its docs/semantics.md anchor");
            if (p[0] == 'Q' && p + 1 < end && isdigit((unsigned char)p[1])) {
                const char *q = p + 1;
                while (q < end && isdigit((unsigned char)*q))
                    q++;
                int fixed_point = q + 1 < end && *q == '.' && isdigit((unsigned char)q[1]); /* Q16.16 */
                if (!fixed_point && (q == end || !is_ident(*q)))
                    report(file, line, p, (size_t)(q - p),
                           "a question label of the working notes; cite its docs/semantics.md anchor");
            }
            /* The spec seeds by number: "seed" or "seeds", a space, then 00 and a digit. */
            if (word_at(p, end, "seed") || word_at(p, end, "seeds")) {
                const char *q = p + 4 + (p[4] == 's');
                if (q + 3 < end && q[0] == ' ' && q[1] == '0' && q[2] == '0' && isdigit((unsigned char)q[3]))
                    report(file, line, p, (size_t)(q + 4 - p),
                           "a numbered seed of the working notes; name the PTX or NVVM section");
            }
        }
        /* the short form, outside docs/ */
        if (*p == '[' && !in_docs) {
            for (size_t i = 0; i < sizeof short_names / sizeof short_names[0]; i++) {
                size_t k = strlen(short_names[i]);
                if ((size_t)(end - p) > k + 2 && !memcmp(p + 1, short_names[i], k) && p[1 + k] == '#') {
                    const char *a = p + 2 + k, *e = a;
                    while (e < end && is_anchor_char(*e))
                        e++;
                    if (e == end || *e != ']' || e == a)
                        report(file, line, p, (size_t)(e - p + (e < end)), "a malformed citation, [NAME#anchor] expected");
                    else
                        check_target(file, line, short_names[i], k, a, (size_t)(e - a), p, (size_t)(e - p + 1));
                    rest = e;
                }
            }
        }
        /* a path under docs/ ending in .md, with or without #anchor */
        if ((size_t)(end - p) > 5 && !memcmp(p, "docs/", 5) && (p == s || !is_ident(p[-1]))) {
            const char *n = p + 5, *e = n;
            while (e < end && (is_ident(*e) || *e == '-'))
                e++;
            if ((size_t)(end - e) >= 3 && !memcmp(e, ".md", 3) && e > n) {
                const char *a = e + 3, *ae = a;
                if (a < end && *a == '#')
                    for (ae = ++a; ae < end && is_anchor_char(*ae);)
                        ae++;
                check_target(file, line, n, (size_t)(e - n), a, (size_t)(ae - a), p, (size_t)(ae - p));
                rest = ae > e + 3 ? ae : e + 3;
            }
        }
        /* Markdown links inside docs/: ](#anchor) and ](NAME.md#anchor) */
        if (in_docs && (size_t)(end - p) > 2 && p[0] == ']' && p[1] == '(') {
            const char *n = p + 2, *e = n;
            while (e < end && (is_ident(*e) || *e == '-'))
                e++;
            const char *name = n;
            size_t nlen = (size_t)(e - n);
            if (*n == '#') {
                name = NULL; /* this page */
            } else if (!((size_t)(end - e) >= 3 && !memcmp(e, ".md", 3) && nlen)) {
                continue; /* a link to something else */
            } else {
                e += 3;
            }
            if (e < end && *e == '#') {
                const char *a = e + 1, *ae = a;
                while (ae < end && is_anchor_char(*ae))
                    ae++;
                if (!name) { /* this page, the file being read */
                    const char *base = strrchr(file, '/');
                    base = base ? base + 1 : file;
                    size_t blen = strlen(base);
                    if (blen > 3 && !strcmp(base + blen - 3, ".md"))
                        check_target(file, line, base, blen - 3, a, (size_t)(ae - a), p + 2, (size_t)(ae - p - 2));
                } else {
                    check_target(file, line, name, nlen, a, (size_t)(ae - a), p + 2, (size_t)(ae - p - 2));
                }
                rest = ae;
            } else if (name) {
                check_target(file, line, name, nlen, "", 0, p + 2, (size_t)(e - p - 2));
            }
        }
        if (rest > p)
            p = rest - 1;
    }
}

static void check_file(const char *path, int in_docs)
{
    size_t n;
    char *text = read_file(path, &n);
    if (!text) {
        fprintf(stderr, "check_citations: cannot read %s\n", path);
        exit(2);
    }
    if (memchr(text, 0, n)) { /* binary */
        free(text);
        return;
    }
    const char *shown = path + strlen(root) + (path[strlen(root)] == '/');
    unsigned long line = 1;
    for (const char *s = text, *end = text + n; s < end; line++) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        if (!e)
            e = end;
        check_line(shown, line, s, e, in_docs);
        s = e + 1;
    }
    free(text);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file under path (or path itself), in name order. */
static void walk(const char *path, int in_docs)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return; /* a default path this tree lacks */
    if (!S_ISDIR(st.st_mode)) {
        if (S_ISREG(st.st_mode))
            check_file(path, in_docs);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "check_citations: cannot open %s\n", path);
        exit(2);
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn)
                exit(2);
            names = nn;
        }
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n])
            exit(2);
        snprintf(names[n++], len, "%s/%s", path, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        walk(names[i], in_docs);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: check_citations ROOT [DIR|FILE ...]\n");
        return 2;
    }
    root = argv[1];
    char docs[4096];
    snprintf(docs, sizeof docs, "%s/docs", root);
    struct stat st;
    if (stat(docs, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "check_citations: %s is not a directory\n", docs);
        return 2;
    }
    size_t nargs = argc > 2 ? (size_t)(argc - 2) : sizeof default_paths / sizeof default_paths[0];
    for (size_t i = 0; i < nargs; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root, argc > 2 ? argv[2 + i] : default_paths[i]);
        walk(path, 0);
    }
    walk(docs, 1);
    if (nreports) {
        printf("check_citations: %lu citation(s) that docs/ does not resolve (see docs/semantics.md, \"How the code "
               "cites this page\")\n",
               nreports);
        return 1;
    }
    printf("check_citations: every citation resolves\n");
    return 0;
}
