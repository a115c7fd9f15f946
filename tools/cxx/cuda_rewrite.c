/* cuda_rewrite.c -- the <<< >>> and extern __shared__ rewriter of warptex-cxx
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_asm.h"
#include "cuda_rewrite.h"
#include "text_buf.h"

static void puts_(wt_text_buf *b, const char *s) { wt_text_put(b, s, strlen(s)); }


static size_t line_of(const char *s, size_t i)
{
    size_t line = 1;
    for (size_t k = 0; k < i; k++)
        line += s[k] == '\n';
    return line;
}

static void say(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* Length of the comment or literal starting at s[i] (0 if none); -1 if unterminated. */
static long skip_len(const char *s, size_t n, size_t i)
{
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
        size_t k = i + 2;
        while (k < n && s[k] != '\n') {
            if (s[k] == '\\' && k + 1 < n)
                k++;
            k++;
        }
        return (long)(k - i);
    }
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
        const char *e = NULL;
        for (size_t k = i + 2; k + 1 < n; k++)
            if (s[k] == '*' && s[k + 1] == '/') {
                e = s + k + 2;
                break;
            }
        return e ? (long)(e - (s + i)) : -1;
    }
    if (s[i] == '"' && i > 0 && s[i - 1] == 'R' && (i < 2 || !wt_text_ident_char(s[i - 2]) || s[i - 2] == '8' ||
                                                   s[i - 2] == 'u' || s[i - 2] == 'U' || s[i - 2] == 'L')) {
        /* raw string R"delim( ... )delim" */
        size_t k = i + 1, d0 = k;
        while (k < n && s[k] != '(' && k - d0 < 16)
            k++;
        if (k >= n || s[k] != '(')
            return -1;
        const size_t dl = k - d0;
        for (size_t e = k + 1; e + dl + 1 < n + 1 && e < n; e++)
            if (s[e] == ')' && e + dl + 1 < n + 1 && memcmp(s + e + 1, s + d0, dl) == 0 && e + 1 + dl < n &&
                s[e + 1 + dl] == '"')
                return (long)(e + 2 + dl - i);
        return -1;
    }
    if (s[i] == '"' || s[i] == '\'') {
        if (s[i] == '\'' && i > 0 && isxdigit((unsigned char)s[i - 1])) {
            /* a digit separator if the token it is in is a number */
            size_t k = i;
            while (k > 0 && (wt_text_ident_char(s[k - 1]) || s[k - 1] == '\'' || s[k - 1] == '.'))
                k--;
            if (isdigit((unsigned char)s[k]))
                return 0;
        }
        const char q = s[i];
        size_t k = i + 1;
        while (k < n && s[k] != q) {
            if (s[k] == '\n')
                return -1;
            if (s[k] == '\\')
                k++;
            k++;
        }
        return k < n ? (long)(k + 1 - i) : -1;
    }
    return 0;
}

/* s + at starts with the token x (of length len) */
static int token_at(const char *s, size_t n, size_t at, const char *x, size_t len)
{
    return n - at > len && memcmp(s + at, x, len) == 0 && !wt_text_ident_char(s[at + len]) &&
           (at == 0 || !wt_text_ident_char(s[at - 1]));
}

/* s + i starts "extern": if a declaration of dynamic shared memory starts
 * there (extern, __shared__ and the element type in any order, __align__(n)
 * anywhere among them, then name[]; as in `extern __shared__ float s[];` and
 * `extern float __shared__ s[];`), writes WT_CUDA_DYNAMIC_SHARED(T, name);
 * and the declaration's line breaks to o and returns the index after its ';'.
 * 0 otherwise (o untouched). */
static size_t dynamic_shared(const char *s, size_t n, size_t i, wt_text_buf *o)
{
    size_t e = i + 6, shared = 0;
    while (e < n && s[e] != ';' && s[e] != '{' && s[e] != '}' && s[e] != '"' && s[e] != '=') {
        if (s[e] == '_' && !shared && token_at(s, n, e, "__shared__", 10))
            shared = e;
        if (s[e] == '(') { /* __align__( ... ) is the only parenthesis the declaration may hold */
            size_t a = e;
            while (a > i && isspace((unsigned char)s[a - 1]))
                a--;
            if (a < i + 6 + 9 || !token_at(s, n, a - 9, "__align__", 9))
                return 0;
            while (e < n && s[e] != ')' && s[e] != ';')
                e++;
            if (e >= n || s[e] != ')')
                return 0;
        }
        e++;
    }
    if (!shared)
        return 0;
    if (e >= n || s[e] != ';')
        return 0;
    /* ... name [ ] ; */
    size_t q = e;
    while (q > i && isspace((unsigned char)s[q - 1]))
        q--;
    if (s[q - 1] != ']')
        return 0;
    size_t r = q - 1;
    while (r > i && isspace((unsigned char)s[r - 1]))
        r--;
    if (s[r - 1] != '[')
        return 0;
    size_t ne = r - 1;
    while (ne > i && isspace((unsigned char)s[ne - 1]))
        ne--;
    size_t ns = ne;
    while (ns > i && wt_text_ident_char(s[ns - 1]))
        ns--;
    if (ns == ne || ns <= shared + 10)
        return 0;
    puts_(o, "WT_CUDA_DYNAMIC_SHARED(");
    /* the type: what is left of extern ... name without __shared__ and
     * __align__(...), its blanks and line breaks as single spaces between words */
    int blank = 0, words = 0;
    for (size_t t = i + 6; t < ns;) {
        if (t == shared) {
            t += 10;
            blank = 1;
            continue;
        }
        if (s[t] == '_' && token_at(s, n, t, "__align__", 9)) {
            while (t < ns && s[t] != ')')
                t++;
            t++;
            blank = 1;
            continue;
        }
        if (isspace((unsigned char)s[t])) {
            blank = 1;
        } else {
            if (blank && words)
                puts_(o, " ");
            wt_text_put(o, s + t, 1);
            blank = 0;
            words = 1;
        }
        t++;
    }
    puts_(o, ", ");
    wt_text_put(o, s + ns, ne - ns);
    puts_(o, ");");
    for (size_t l = i; l < e; l++)
        if (s[l] == '\n')
            puts_(o, "\n");
    return e + 1;
}

/* Start, in out[0 .. end), of the kernel expression that ends at end (after
 * trailing blanks); end itself when there is none. */
static size_t kernel_start(const char *out, size_t end)
{
    size_t i = end;
    while (i > 0 && isspace((unsigned char)out[i - 1]))
        i--;
    size_t start = end;
    for (;;) {
        size_t j = i;
        if (j > 0 && (out[j - 1] == '>' || out[j - 1] == ')')) {
            /* template arguments or parentheses: match backwards */
            int angle = 0, paren = 0;
            size_t k = j;
            while (k > 0) {
                const char c = out[--k];
                if (c == ')' || c == ']')
                    paren++;
                else if (c == '(' || c == '[')
                    paren--;
                else if (paren == 0 && c == '>')
                    angle++;
                else if (paren == 0 && c == '<')
                    angle--;
                if (paren < 0)
                    return start;
                if (paren == 0 && angle == 0 && (c == '<' || c == '('))
                    break;
            }
            if (paren != 0 || angle != 0)
                return start;
            j = k;
            if (out[j] == '(') { /* a parenthesised kernel expression */
                start = j;
                i = j;
                goto qualifier;
            }
            while (j > 0 && isspace((unsigned char)out[j - 1]))
                j--;
        }
        {
            size_t k = j;
            while (k > 0 && wt_text_ident_char(out[k - 1]))
                k--;
            if (k == j || isdigit((unsigned char)out[k]))
                return start;
            start = k;
            i = k;
        }
    qualifier:
        {
            size_t k = i;
            while (k > 0 && isspace((unsigned char)out[k - 1]))
                k--;
            if (k >= 2 && out[k - 1] == ':' && out[k - 2] == ':') {
                const size_t colons = k - 2;
                k = colons;
                while (k > 0 && isspace((unsigned char)out[k - 1]))
                    k--;
                if (k == 0 || !(wt_text_ident_char(out[k - 1]) || out[k - 1] == '>'))
                    return colons; /* a leading :: (the global scope) */
                i = k;
                continue;
            }
            return start;
        }
    }
}

/* Whether the declaration head s[from, to) (the text before a '{') makes the block device code:
 * it names __device__ or __global__ (a kernel, a device function, a __device__ lambda).
 * Preprocessor lines in it do not count. */
static int device_head(const char *s, size_t from, size_t to)
{
    int line_start = 1;
    for (size_t k = from; k < to; k++) {
        if (s[k] == '\n') {
            line_start = 1;
            continue;
        }
        if (line_start && s[k] == '#') { /* to the end of the directive */
            while (k < to && s[k] != '\n') {
                if (s[k] == '\\' && k + 1 < to)
                    k++;
                k++;
            }
            continue;
        }
        if (!isspace((unsigned char)s[k]))
            line_start = 0;
        if (s[k] == '_' && (k == 0 || !wt_text_ident_char(s[k - 1])) && to - k >= 10 &&
            (memcmp(s + k, "__device__", 10) == 0 || memcmp(s + k, "__global__", 10) == 0) &&
            (k + 10 == to || !wt_text_ident_char(s[k + 10])))
            return 1;
    }
    return 0;
}

/* s[i] starts the word asm, __asm or __asm__ */
static int asm_word(const char *s, size_t n, size_t i)
{
    if (i > 0 && (wt_text_ident_char(s[i - 1]) || s[i - 1] == '.' || s[i - 1] == '>' || s[i - 1] == ':'))
        return 0; /* x.asm, p->asm, ns::asm: a name */
    static const char *const words[] = {"asm", "__asm", "__asm__"};
    for (int w = 0; w < 3; w++) {
        const size_t l = strlen(words[w]);
        if (n - i >= l && memcmp(s + i, words[w], l) == 0 && (i + l == n || !wt_text_ident_char(s[i + l])))
            return 1;
    }
    return 0;
}

char *wt_cuda_rewrite(const char *s, size_t n, size_t *out_len, char *err, size_t errlen)
{
    wt_text_buf o = {0};
    size_t i = 0;
    /* the blocks around s[i]: dev[k] says whether block k is device code (a kernel, a __device__
     * function, or inside one); head: where the declaration or statement at s[i] starts */
    unsigned char dev[512] = {0};
    int depth = 0;
    size_t head = 0;
    wt_text_put(&o, "", 0);
    while (i < n && !o.oom) {
        const long sk = skip_len(s, n, i);
        if (sk < 0) {
            say(err, errlen, "line %zu: unterminated comment or literal", line_of(s, i));
            free(o.p);
            return NULL;
        }
        if (sk > 0) {
            wt_text_put(&o, s + i, (size_t)sk);
            i += (size_t)sk;
            continue;
        }
        if (s[i] == '<' && i + 2 < n && s[i + 1] == '<' && s[i + 2] == '<') {
            const size_t ks = kernel_start(o.p, o.len);
            if (ks == o.len) {
                say(err, errlen, "line %zu: <<< without a kernel name before it", line_of(s, i));
                free(o.p);
                return NULL;
            }
            /* the config: up to >>> outside brackets */
            size_t k = i + 3;
            int depth = 0;
            size_t cfg_end = 0;
            while (k < n) {
                const long sk2 = skip_len(s, n, k);
                if (sk2 < 0)
                    break;
                if (sk2 > 0) {
                    k += (size_t)sk2;
                    continue;
                }
                const char c = s[k];
                if (c == '(' || c == '[' || c == '{')
                    depth++;
                else if (c == ')' || c == ']' || c == '}')
                    depth--;
                else if (depth == 0 && c == '>' && k + 2 < n && s[k + 1] == '>' && s[k + 2] == '>') {
                    cfg_end = k;
                    break;
                }
                if (depth < 0 || c == ';')
                    break;
                k++;
            }
            if (!cfg_end) {
                say(err, errlen, "line %zu: <<< without its >>>", line_of(s, i));
                free(o.p);
                return NULL;
            }
            size_t a = cfg_end + 3;
            while (a < n && isspace((unsigned char)s[a]))
                a++;
            if (a >= n || s[a] != '(') {
                say(err, errlen, "line %zu: >>> not followed by the kernel's argument list", line_of(s, cfg_end));
                free(o.p);
                return NULL;
            }
            size_t b = a + 1;
            while (b < n && isspace((unsigned char)s[b]))
                b++;
            const int no_args = b < n && s[b] == ')';
            /* out: ...wt_cuda_launch(WT_CUDA_KERNEL(K), wt_cuda_config(CONFIG)[, ]ARGS */
            char *kernel = malloc(o.len - ks + 1);
            if (!kernel) {
                free(o.p);
                return NULL;
            }
            memcpy(kernel, o.p + ks, o.len - ks);
            kernel[o.len - ks] = '\0';
            o.len = ks;
            puts_(&o, "wt_cuda_launch(WT_CUDA_KERNEL(");
            puts_(&o, kernel);
            free(kernel);
            puts_(&o, "), wt_cuda_config(");
            wt_text_put(&o, s + i + 3, cfg_end - (i + 3));
            puts_(&o, ")");
            wt_text_put(&o, s + cfg_end + 3, a - (cfg_end + 3)); /* blanks, line breaks kept */
            if (!no_args)
                puts_(&o, ", ");
            i = a + 1;
            continue;
        }
        if (s[i] == 'e' && (i == 0 || !wt_text_ident_char(s[i - 1])) && n - i > 6 && memcmp(s + i, "extern", 6) == 0 &&
            !wt_text_ident_char(s[i + 6])) {
            const size_t e = dynamic_shared(s, n, i, &o);
            if (e) {
                i = e;
                head = i;
                continue;
            }
        }
        if (dev[depth] && (s[i] == 'a' || s[i] == '_') && asm_word(s, n, i)) {
            char *rep = NULL;
            size_t end = 0;
            const int r = wt_cuda_asm_statement(s, n, i, &rep, &end, err, errlen);
            if (r < 0) {
                free(o.p);
                return NULL;
            }
            if (r > 0) {
                puts_(&o, rep);
                free(rep);
                i = end;
                continue;
            }
        }
        if (s[i] == '{') {
            const int d = dev[depth] || device_head(s, head, i);
            if (depth + 1 < (int)sizeof dev)
                dev[++depth] = (unsigned char)d;
            head = i + 1;
        } else if (s[i] == '}') {
            if (depth > 0)
                depth--;
            head = i + 1;
        } else if (s[i] == ';') {
            head = i + 1;
        }
        wt_text_put(&o, s + i, 1);
        i++;
    }
    if (o.oom) {
        free(o.p);
        say(err, errlen, "out of memory");
        return NULL;
    }
    if (out_len)
        *out_len = o.len;
    return o.p;
}
