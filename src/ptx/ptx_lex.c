/* ptx_lex.c -- PTX tokens with line and column
 * SPDX-License-Identifier: MIT
 *
 * Tokens: identifiers ([A-Za-z_$%][A-Za-z0-9_$]*, so %r12, $L__BB0_2 and
 * _Z5surfk are one token each), directives and modifiers (.name, and the
 * qualified .name::part::part of cache hints and state spaces), numbers
 * (decimal, 0x hex, 0f/0d hex floats, decimal floats, with an optional U
 * suffix), strings, and single punctuation characters.  Comments (// and
 * block comments) are skipped.  Each token records whether it follows the
 * previous one without space (`glued`), so the parser can tell the
 * modifiers of an opcode (ld.global.f32) from what follows. */
#include <string.h>

#include "ptx_internal.h"

void wt__ptx_lex_init(px_lexer *lx, const char *text, size_t len)
{
    lx->text = lx->p = text;
    lx->end = text + len;
    lx->line = 1;
    lx->line_start = text;
}

static int is_id0(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%'; }
static int is_id(int c) { return is_id0(c) || (c >= '0' && c <= '9'); }

px_token wt__ptx_lex_next(px_lexer *lx)
{
    px_token t = {0};
    int glued = 1;
    for (;;) {
        if (lx->p >= lx->end)
            break;
        char c = *lx->p;
        if (c == '\n') {
            lx->line++;
            lx->p++;
            lx->line_start = lx->p;
            glued = 0;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->p++;
            glued = 0;
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
            while (lx->p < lx->end && *lx->p != '\n')
                lx->p++;
            glued = 0;
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
            const char *q = lx->p + 2;
            while (q + 1 < lx->end && !(q[0] == '*' && q[1] == '/')) {
                if (*q == '\n') {
                    lx->line++;
                    lx->line_start = q + 1;
                }
                q++;
            }
            if (q + 1 >= lx->end) { /* unterminated comment */
                t.kind = PX_TK_ERROR;
                t.line = lx->line;
                t.col = (uint32_t)(lx->p - lx->line_start) + 1;
                t.s = lx->p;
                t.len = 2;
                lx->p = lx->end;
                return t;
            }
            lx->p = q + 2;
            glued = 0;
        } else {
            break;
        }
    }
    t.glued = (uint8_t)glued;
    t.line = lx->line;
    t.col = (uint32_t)(lx->p - lx->line_start) + 1;
    t.s = lx->p;
    if (lx->p >= lx->end) {
        t.kind = PX_TK_EOF;
        return t;
    }
    const char *q = lx->p;
    char c = *q;
    if (c == '.' && q + 1 < lx->end && (is_id(q[1]))) {
        q++;
        while (q < lx->end && is_id(*q))
            q++;
        /* qualified modifiers are one token: .L1::evict_last, .L2::64B, .shared::cta */
        while (q + 2 < lx->end && q[0] == ':' && q[1] == ':' && is_id(q[2])) {
            q += 2;
            while (q < lx->end && is_id(*q))
                q++;
        }
        t.kind = PX_TK_DIRECTIVE;
    } else if (is_id0(c)) {
        while (q < lx->end && is_id(*q))
            q++;
        t.kind = PX_TK_IDENT;
    } else if (c >= '0' && c <= '9') {
        /* greedy: digits, letters, '.' (1.5, 0f3F800000, 0x1fU, 1e-5) */
        while (q < lx->end) {
            char d = *q;
            if (is_id(d) && d != '%' && d != '$') {
                if ((d == 'e' || d == 'E') && q + 1 < lx->end && (q[1] == '-' || q[1] == '+') &&
                    !(lx->p + 1 < lx->end && (lx->p[1] == 'x' || lx->p[1] == 'X' || lx->p[1] == 'f' ||
                                              lx->p[1] == 'F' || lx->p[1] == 'd' || lx->p[1] == 'D'))) {
                    q += 2;
                    continue;
                }
                q++;
            } else if (d == '.') {
                q++;
            } else {
                break;
            }
        }
        t.kind = PX_TK_NUMBER;
    } else if (c == '"') {
        q++;
        while (q < lx->end && *q != '"' && *q != '\n')
            q++;
        if (q >= lx->end || *q != '"') {
            t.kind = PX_TK_ERROR;
            t.len = (uint32_t)(q - lx->p);
            lx->p = q;
            return t;
        }
        q++;
        t.kind = PX_TK_STRING;
    } else if (strchr("{}[]()<>,;:+-@!|=_*/~&^", c) && c != '\0') {
        q++;
        t.kind = PX_TK_PUNCT;
        t.punct = c;
    } else {
        t.kind = PX_TK_ERROR;
        t.len = 1;
        lx->p = q + 1;
        return t;
    }
    t.len = (uint32_t)(q - lx->p);
    lx->p = q;
    return t;
}
