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

/* The end of the directive whose '#' is s[i] (its line, with continuations; before the '\n'). */
static size_t directive_end(const char *s, size_t n, size_t i)
{
    while (i < n && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < n)
            i++;
        i++;
    }
    return i < n ? i : n;
}

/* What a block is, from the declaration head before its '{'. */
enum block_kind {
    BLOCK_SCOPE,   /* the file, a namespace, a class, an initialiser, extern "C" */
    BLOCK_HOST_FN, /* a host function's body (or a lambda's in host code) */
    BLOCK_HD_FN,   /* a __host__ __device__ function's */
    BLOCK_DEV_FN   /* a kernel's, a __device__ function's or lambda's */
};

static int word_at(const char *s, size_t to, size_t k, const char *w)
{
    const size_t l = strlen(w);
    return to - k >= l && memcmp(s + k, w, l) == 0 && (k + l == to || !wt_text_ident_char(s[k + l])) &&
           (k == 0 || !wt_text_ident_char(s[k - 1]));
}

/* What a scan of a declaration's head sees at s[k]: > 0, that many characters to step over (a
 * comment, a literal, a preprocessor directive that starts a line, a newline); 0, code; -1, an
 * unterminated comment or literal.  *line_start: whether only blanks precede k on its line. */
static long head_skip(const char *s, size_t to, size_t k, int *line_start)
{
    const long sk = skip_len(s, to, k);
    if (sk != 0) {
        if (sk < 0)
            *line_start = 0; /* read as code by a scan that goes on */
        return sk;
    }
    if (s[k] == '\n') {
        *line_start = 1;
        return 1;
    }
    if (*line_start && s[k] == '#')
        return (long)(directive_end(s, to, k) - k) + 1;
    if (!isspace((unsigned char)s[k]))
        *line_start = 0;
    return 0;
}

/* The kind of the block whose declaration head is s[from, to) (the text before its '{') inside a
 * block of kind PARENT.  In a function every block is its function's kind, but for a lambda that
 * names __device__; elsewhere a head with __device__ or __global__ opens device code (with
 * __host__ too: both), one with a parenthesis that is not a namespace, class or enum a host
 * function.  Comments, literals and preprocessor lines in the head do not count. */
static enum block_kind block_kind(const char *s, size_t from, size_t to, enum block_kind parent)
{
    int line_start = 1, device = 0, host = 0, paren = 0, scope = 0;
    for (size_t k = from; k < to; k++) {
        const long sk = head_skip(s, to, k, &line_start);
        if (sk > 0) {
            k += (size_t)sk - 1;
            continue;
        }
        if (s[k] == '(')
            paren = 1;
        else if (s[k] == '_' && (word_at(s, to, k, "__device__") || word_at(s, to, k, "__global__")))
            device = 1;
        else if (s[k] == '_' && word_at(s, to, k, "__host__"))
            host = 1;
        else if (!paren && (word_at(s, to, k, "namespace") || word_at(s, to, k, "struct") ||
                            word_at(s, to, k, "union") || word_at(s, to, k, "enum") ||
                            (word_at(s, to, k, "class") && !(k > 0 && strchr("<,", s[k - 1 - (s[k - 1] == ' ')])))))
            scope = 1;
    }
    if (device)
        return host ? BLOCK_HD_FN : BLOCK_DEV_FN;
    if (parent != BLOCK_SCOPE)
        return parent;
    return paren && !scope ? BLOCK_HOST_FN : BLOCK_SCOPE;
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

/* s[i] == '#' starts a preprocessor directive: only blanks before it on its line */
static int directive_start(const char *s, size_t i)
{
    while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
        i--;
    return i == 0 || s[i - 1] == '\n';
}

/* The directive's name (if, ifdef, elif, endif, ...) in w, and where the text after it starts. */
static size_t directive_name(const char *s, size_t e, size_t i, char *w, size_t wlen)
{
    size_t k = i + 1, l = 0;
    while (k < e && (s[k] == ' ' || s[k] == '\t'))
        k++;
    while (k < e && wt_text_ident_char(s[k]) && l + 1 < wlen)
        w[l++] = s[k++];
    w[l] = '\0';
    return k;
}

static int mentions_cuda_arch(const char *s, size_t from, size_t to)
{
    for (size_t k = from; k + 13 <= to; k++)
        if (s[k] == '_' && word_at(s, to, k, "__CUDA_ARCH__"))
            return 1;
    return 0;
}

/* An open #if group: where its #if starts, and, once a directive in it names __CUDA_ARCH__,
 * whether the group is device code (-1: not decided). */
struct cond_group {
    size_t at;
    int device;
};

/* Whether the #if group at file or class scope starting at s[at] guards device code: it declares
 * something __device__ or __global__ and defines no function that runs on the host (a host or
 * __host__ __device__ function's body).  Such a group takes the branch the GPU's pass takes. */
static int group_is_device(const char *s, size_t n, size_t at)
{
    int nest = 0, braces = 0, device = 0;
    size_t head = directive_end(s, n, at);
    for (size_t k = head; k < n; k++) {
        const long sk = skip_len(s, n, k);
        if (sk < 0)
            return 0;
        if (sk > 0) {
            k += (size_t)sk - 1;
            continue;
        }
        if (s[k] == '#' && directive_start(s, k)) {
            char w[16];
            directive_name(s, n, k, w, sizeof w);
            if (strncmp(w, "if", 2) == 0)
                nest++;
            else if (strcmp(w, "endif") == 0 && nest-- == 0)
                return device;
            k = directive_end(s, n, k);
            continue;
        }
        if (s[k] == '_' && (word_at(s, n, k, "__device__") || word_at(s, n, k, "__global__")))
            device = 1;
        else if (s[k] == '_' && word_at(s, n, k, "__host__"))
            return 0;
        else if (s[k] == '{') {
            if (braces++ == 0 && block_kind(s, head, k, BLOCK_SCOPE) == BLOCK_HOST_FN)
                return 0;
            head = k + 1;
        } else if (s[k] == '}') {
            braces--;
            head = k + 1;
        } else if (s[k] == ';') {
            head = k + 1;
        }
    }
    return 0; /* no #endif */
}

/* If s[i] starts a conditional directive (#if, #ifdef, ...) that names __CUDA_ARCH__ in device
 * code, writes it to o with __CUDA_ARCH__ as the device pass sees it and returns the index after
 * it; 0 otherwise (o untouched), where __CUDA_ARCH__ stays undefined, as in nvcc's host pass.
 * Device code is a kernel's or __device__ function's body (KIND), or an #if group outside any
 * function that guards only device code (group_is_device).  Keeps CONDS, the open groups. */
static size_t arch_directive(const char *s, size_t n, size_t i, wt_text_buf *o, struct cond_group *conds,
                             int *n_conds, enum block_kind kind)
{
    char w[16];
    const size_t e = directive_end(s, n, i), after = directive_name(s, e, i, w, sizeof w);
    const int opens = strcmp(w, "if") == 0 || strcmp(w, "ifdef") == 0 || strcmp(w, "ifndef") == 0;
    if (opens) {
        if (*n_conds < 64)
            conds[*n_conds] = (struct cond_group){i, -1};
        ++*n_conds;
    } else if (strcmp(w, "endif") == 0) {
        if (*n_conds > 0)
            --*n_conds;
        return 0;
    }
    if (!(opens || strncmp(w, "elif", 4) == 0) || !mentions_cuda_arch(s, after, e))
        return 0;
    int device;
    if (kind != BLOCK_SCOPE) {
        device = kind == BLOCK_DEV_FN;
    } else if (*n_conds > 0 && *n_conds <= 64) {
        struct cond_group *g = &conds[*n_conds - 1];
        if (g->device < 0)
            g->device = group_is_device(s, n, g->at);
        device = g->device;
    } else {
        device = 0;
    }
    if (!device)
        return 0;
    /* #ifdef/#ifndef/#elifdef/#elifndef __CUDA_ARCH__ become #if/#elif 1 or 0; in #if and #elif,
     * defined(__CUDA_ARCH__) and defined __CUDA_ARCH__ become 1, __CUDA_ARCH__ the device's
     * architecture (__WARPTEX_CUDA_ARCH__, from the command line) */
    const int is_def = strcmp(w, "ifdef") == 0 || strcmp(w, "elifdef") == 0;
    const int is_ndef = strcmp(w, "ifndef") == 0 || strcmp(w, "elifndef") == 0;
    size_t k = after;
    if (is_def || is_ndef) {
        puts_(o, w[0] == 'e' ? "#elif " : "#if ");
        puts_(o, is_def ? "1" : "0");
        while (k < e && isspace((unsigned char)s[k]))
            k++;
        if (word_at(s, e, k, "__CUDA_ARCH__"))
            k += 13;
        puts_(o, " /* __CUDA_ARCH__: device code */");
    } else {
        wt_text_put(o, s + i, after - i);
    }
    while (k < e) {
        const long sk = skip_len(s, e, k);
        if (sk > 0) {
            wt_text_put(o, s + k, (size_t)sk);
            k += (size_t)sk;
            continue;
        }
        if (s[k] == 'd' && word_at(s, e, k, "defined")) {
            size_t q = k + 7;
            while (q < e && (s[q] == ' ' || s[q] == '\t'))
                q++;
            const int par = q < e && s[q] == '(';
            if (par)
                for (q++; q < e && (s[q] == ' ' || s[q] == '\t'); q++)
                    ;
            if (word_at(s, e, q, "__CUDA_ARCH__")) {
                q += 13;
                while (par && q < e && (s[q] == ' ' || s[q] == '\t'))
                    q++;
                if (!par || (q < e && s[q] == ')')) {
                    puts_(o, "1");
                    k = q + (size_t)par;
                    continue;
                }
            }
        }
        if (s[k] == '_' && word_at(s, e, k, "__CUDA_ARCH__")) {
            puts_(o, "__WARPTEX_CUDA_ARCH__");
            k += 13;
            continue;
        }
        wt_text_put(o, s + k, 1);
        k++;
    }
    return e;
}


/* The registration of the kernel whose definition's head is s[from, to) (docs/cuda.md#kernel-registry):
 * a static object, written after the definition, whose constructor records the kernel's address with
 * an entry compiled from its type, so that a void * to it can be launched.  The type is the head's
 * parameter list without its default arguments, so that an overloaded kernel's own is taken.  NULL
 * when the head is not a non-template __global__ function's (or out of memory). */
static char *kernel_registration(const char *s, size_t from, size_t to)
{
    int global = 0, depth = 0;
    size_t lp = 0, rp = 0, open_at = 0;
    int line_start = 1;
    for (size_t k = from; k < to; k++) {
        const long sk = head_skip(s, to, k, &line_start);
        if (sk < 0)
            return NULL;
        if (sk > 0) {
            k += (size_t)sk - 1;
            continue;
        }
        if (depth == 0 && s[k] == '_' && word_at(s, to, k, "__global__"))
            global = 1;
        if (depth == 0 && s[k] == 't' && word_at(s, to, k, "template"))
            return NULL; /* registered when launched by its type (cuda_runtime.h) */
        if (s[k] == '(') {
            if (depth++ == 0)
                open_at = k;
        } else if (s[k] == ')' && depth > 0 && --depth == 0) {
            lp = open_at;
            rp = k;
        }
    }
    if (!global || !rp)
        return NULL;
    /* the name before the parameter list, with its qualifiers */
    size_t ne = lp;
    while (ne > from && isspace((unsigned char)s[ne - 1]))
        ne--;
    size_t ns = ne;
    while (ns > from && (wt_text_ident_char(s[ns - 1]) || s[ns - 1] == ':'))
        ns--;
    if (ns == ne || isdigit((unsigned char)s[ns]) || (ne - ns == 17 && memcmp(s + ns, "__launch_bounds__", 17) == 0))
        return NULL;
    wt_text_buf o = {0};
    /* the object's name is the header's macro of __COUNTER__: a line number and a count within
     * one file are not unique where two of the program's headers with kernels meet in one unit */
    puts_(&o, " static const wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)(");
    /* the parameters: comments and line breaks as blanks, default arguments left out; a
     * preprocessor directive among them (#ifdef around a parameter) is copied on a line of its
     * own, and the caller then puts the lines after the registration back in their place */
    int nest = 0, in_default = 0, at_line_start = 0;
    for (size_t k = lp + 1; k < rp; k++) {
        if (s[k] == '\n') {
            at_line_start = 1;
        } else if (at_line_start && s[k] == '#') {
            const size_t de = directive_end(s, rp, k);
            puts_(&o, "\n");
            wt_text_put(&o, s + k, de - k);
            puts_(&o, "\n");
            k = de - 1; /* its line break: the loop's next step sees it */
            continue;
        } else if (!isspace((unsigned char)s[k])) {
            at_line_start = 0;
        }
        const long sk = skip_len(s, rp, k);
        if (sk > 0 && (s[k] == '/')) {
            puts_(&o, " ");
            k += (size_t)sk - 1;
            continue;
        }
        if (sk > 0) {
            if (!in_default)
                wt_text_put(&o, s + k, (size_t)sk);
            k += (size_t)sk - 1;
            continue;
        }
        const char c = s[k];
        if (c == '(' || c == '[' || c == '{' || (c == '<' && !in_default))
            nest++;
        else if (c == ')' || c == ']' || c == '}' || (c == '>' && !in_default))
            nest--;
        if (nest == 0 && c == ',')
            in_default = 0;
        else if (nest == 0 && c == '=' && !in_default && !(k + 1 < rp && s[k + 1] == '=') &&
                 !strchr("<>!=", s[k - 1]))
            in_default = 1;
        if (!in_default)
            wt_text_put(&o, c == '\n' || c == '\r' ? " " : s + k, 1);
    }
    puts_(&o, ")>(&");
    wt_text_put(&o, s + ns, ne - ns);
    puts_(&o, ")>{});");
    if (o.oom) {
        free(o.p);
        return NULL;
    }
    return o.p;
}

/* out[0, len) ends with '.' or "->" (and blanks): what follows is a member's name */
static int member_access(const char *out, size_t len)
{
    while (len > 0 && isspace((unsigned char)out[len - 1]))
        len--;
    return len > 0 && (out[len - 1] == '.' || (len > 1 && out[len - 1] == '>' && out[len - 2] == '-'));
}

char *wt_cuda_rewrite(const char *s, size_t n, size_t *out_len, char *err, size_t errlen)
{
    wt_text_buf o = {0};
    size_t i = 0;
    /* the blocks around s[i]: dev[k] is block k's kind (enum block_kind); head: where the
     * declaration or statement at s[i] starts; conds: the open #if groups */
    unsigned char dev[512] = {BLOCK_SCOPE};
    struct cond_group conds[64];
    int n_conds = 0;
    int depth = 0;
    size_t head = 0;
    /* the kernel definition open at reg_depth (0: none): its registration, written after its '}' */
    char *reg = NULL;
    int reg_depth = 0;
    wt_text_put(&o, "", 0);
    while (i < n && !o.oom) {
        const long sk = skip_len(s, n, i);
        if (sk < 0) {
            say(err, errlen, "line %zu: unterminated comment or literal", line_of(s, i));
            free(o.p);
            free(reg);
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
                free(reg);
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
                free(reg);
                return NULL;
            }
            size_t a = cfg_end + 3;
            while (a < n && isspace((unsigned char)s[a]))
                a++;
            if (a >= n || s[a] != '(') {
                say(err, errlen, "line %zu: >>> not followed by the kernel's argument list", line_of(s, cfg_end));
                free(o.p);
                free(reg);
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
                free(reg);
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
        if (s[i] == '#' && directive_start(s, i)) {
            const size_t e = arch_directive(s, n, i, &o, conds, &n_conds, (enum block_kind)dev[depth]);
            if (e) {
                i = e;
                continue;
            }
        }
        if ((s[i] == 'g' || s[i] == 'b') && (word_at(s, n, i, "gridDim") || word_at(s, n, i, "blockDim")) &&
            member_access(o.p, o.len)) {
            /* p.gridDim of a cudaKernelNodeParams: the built-in's macro would take it (driver_types.h) */
            puts_(&o, "wt_");
            wt_text_put(&o, s + i, 1);
            i++;
            continue;
        }
        if (dev[depth] == BLOCK_DEV_FN && s[i] == '_' && word_at(s, n, i, "__CUDA_ARCH__")) {
            puts_(&o, "__WARPTEX_CUDA_ARCH__"); /* its value in device code's expressions too */
            i += 13;
            continue;
        }
        if (dev[depth] >= BLOCK_HD_FN && (s[i] == 'a' || s[i] == '_') && asm_word(s, n, i)) {
            char *rep = NULL;
            size_t end = 0;
            const int r = wt_cuda_asm_statement(s, n, i, &rep, &end, err, errlen);
            if (r < 0) {
                free(o.p);
                free(reg);
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
            const enum block_kind d = block_kind(s, head, i, (enum block_kind)dev[depth]);
            if (d == BLOCK_DEV_FN && dev[depth] == BLOCK_SCOPE && !reg) {
                reg = kernel_registration(s, head, i);
                reg_depth = depth + 1;
            }
            if (depth + 1 < (int)sizeof dev)
                dev[++depth] = (unsigned char)d;
            head = i + 1;
        } else if (s[i] == '}') {
            if (reg && depth == reg_depth) {
                wt_text_put(&o, s + i, 1);
                if (strchr(reg, '\n')) { /* directives among the parameters: lines of their own */
                    char back[48];
                    snprintf(back, sizeof back, "\n#line %zu\n", line_of(s, i));
                    puts_(&o, "\n");
                    puts_(&o, reg);
                    puts_(&o, back);
                } else {
                    puts_(&o, reg);
                }
                free(reg);
                reg = NULL;
                depth--;
                head = ++i;
                continue;
            }
            if (depth > 0)
                depth--;
            head = i + 1;
        } else if (s[i] == ';') {
            head = i + 1;
        }
        wt_text_put(&o, s + i, 1);
        i++;
    }
    free(reg);
    if (o.oom) {
        free(o.p);
        say(err, errlen, "out of memory");
        return NULL;
    }
    if (out_len)
        *out_len = o.len;
    return o.p;
}
