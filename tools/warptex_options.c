/* warptex_options.c -- the `warptex` command's option parsing: --name value, strict numbers, WxH sizes
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warptex_tool.h"

int tool_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (arg[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        tool_usage_error(cmd, "option %s needs a value", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

/* strtod, strtol and strtoull skip leading white space and accept a sign; the command's numbers
 * are whole arguments, so text before the number is as wrong as text after it. */
static int starts_like_number(const char *s, int sign_ok)
{
    if (sign_ok && (*s == '-' || *s == '+'))
        s++;
    return (*s >= '0' && *s <= '9') || (*s == '.' && s[1] >= '0' && s[1] <= '9');
}

int tool_scan_u64(const char *s, int hex_ok, unsigned long long *out)
{
    if (*s == '-' && s[1] >= '0' && s[1] <= '9')
        return TOOL_NUM_RANGE; /* a negative number where only 0.. is allowed */
    unsigned base = 10;
    if (hex_ok && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!*s)
        return TOOL_NUM_BAD;
    unsigned long long v = 0;
    int range = 0;
    for (; *s; s++) {
        unsigned d = *s >= '0' && *s <= '9' ? (unsigned)(*s - '0')
                   : base == 16 && *s >= 'a' && *s <= 'f' ? (unsigned)(*s - 'a' + 10)
                   : base == 16 && *s >= 'A' && *s <= 'F' ? (unsigned)(*s - 'A' + 10) : 99u;
        if (d >= base)
            return TOOL_NUM_BAD; /* checked to the end: trailing text is malformed, however long */
        if (v > (ULLONG_MAX - d) / base)
            range = 1;
        v = v * base + d;
    }
    if (range)
        return TOOL_NUM_RANGE;
    *out = v;
    return TOOL_NUM_OK;
}

int tool_scan_i64(const char *s, int hex_ok, long long *out)
{
    int neg = *s == '-';
    unsigned long long m = 0;
    if (!(s[neg] >= '0' && s[neg] <= '9'))
        return TOOL_NUM_BAD;
    int r = tool_scan_u64(s + neg, hex_ok, &m);
    if (r != TOOL_NUM_OK)
        return r;
    if (neg ? m > (unsigned long long)LLONG_MAX + 1 : m > (unsigned long long)LLONG_MAX)
        return TOOL_NUM_RANGE;
    *out = neg ? (m == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)m) : (long long)m;
    return TOOL_NUM_OK;
}

int tool_parse_double(const char *cmd, const char *opt, const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!starts_like_number(s, 1) || end == s || *end != '\0' || !isfinite(v)) {
        tool_usage_error(cmd, "%s: '%s' is not a finite number", opt, s);
        return -1;
    }
    *out = v; /* an underflow gives the nearest double (0 or a subnormal); an overflow is not finite */
    return 0;
}

int tool_parse_int(const char *cmd, const char *opt, const char *s, long lo, long hi, int *out)
{
    long long v = 0;
    if (tool_scan_i64(s, 0, &v) != TOOL_NUM_OK || v < lo || v > hi) {
        tool_usage_error(cmd, "%s: '%s' is not an integer in %ld..%ld", opt, s, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int tool_parse_size(const char *cmd, const char *opt, const char *s, int *w, int *h)
{
    /* two decimal numbers around one 'x' (or 'X'), nothing else: no signs, spaces or text after */
    size_t n = strlen(s), xi = strcspn(s, "xX");
    unsigned long long v[2] = {0, 0};
    int r[2] = {TOOL_NUM_BAD, TOOL_NUM_BAD};
    char *copy = malloc(n + 1);
    if (!copy) {
        tool_error(cmd, "out of memory");
        return TOOL_FAIL;
    }
    memcpy(copy, s, n + 1);
    if (xi < n) {
        copy[xi] = 0;
        const char *side[2] = {copy, copy + xi + 1};
        for (int k = 0; k < 2; k++)
            r[k] = side[k][0] == '-' ? TOOL_NUM_BAD : tool_scan_u64(side[k], 0, &v[k]);
    }
    free(copy);
    if (r[0] == TOOL_NUM_BAD || r[1] == TOOL_NUM_BAD) {
        tool_usage_error(cmd, "%s: '%s' is not WIDTHxHEIGHT", opt, s);
        return TOOL_USAGE;
    }
    if ((r[0] == TOOL_NUM_OK && v[0] < 1) || (r[1] == TOOL_NUM_OK && v[1] < 1)) {
        tool_usage_error(cmd, "%s: %s: each side must be at least 1", opt, s);
        return TOOL_USAGE;
    }
    if (r[0] != TOOL_NUM_OK || r[1] != TOOL_NUM_OK || v[0] > LLONG_MAX || v[1] > LLONG_MAX) {
        tool_error(cmd, "%s %s has a side of more than %lld pixels; the limit is %d pixels a side (the warptex image "
                   "limit)", opt, s, LLONG_MAX, TOOL_MAX_SIDE);
        return TOOL_FAIL;
    }
    if (tool_image_limit(cmd, opt, (long long)v[0], (long long)v[1], NULL))
        return TOOL_FAIL;
    *w = (int)v[0]; /* within TOOL_MAX_SIDE */
    *h = (int)v[1];
    return TOOL_OK;
}
