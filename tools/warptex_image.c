/* warptex_image.c -- image files for the `warptex` command: load with stb_image, save with stb_image_write
 * SPDX-License-Identifier: MIT
 *
 * Debian's libstb-dev ships the stb implementations compiled (libstb), so this
 * file includes the headers for their declarations only.
 *
 * Loading reads the size from the file's header (stbi_info) and checks it
 * against the image limit before anything is decoded.  Saving encodes into a
 * growable buffer in memory (stb's *_to_func writers) and hands the bytes to
 * tool_write_file(), so a file is replaced only by a complete encoding that
 * was completely written. */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>
#include <stb_image_write.h>

#include "warptex_tool.h"

/* Lower-case extension after the last '.', or "" (at most 7 characters). */
static void extension(const char *path, char ext[8])
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    ext[0] = '\0';
    if (!dot || (slash && slash > dot) || strlen(dot + 1) > 7)
        return;
    size_t i = 0;
    for (const char *p = dot + 1; *p; p++)
        ext[i++] = (char)tolower((unsigned char)*p);
    ext[i] = '\0';
}

int tool_image_ext_ok(const char *path)
{
    char ext[8];
    extension(path, ext);
    return !strcmp(ext, "png") || !strcmp(ext, "bmp") || !strcmp(ext, "tga") || !strcmp(ext, "jpg") ||
           !strcmp(ext, "jpeg");
}

int tool_image_load(const char *cmd, const char *path, tool_image *img)
{
    int w, h, n;
    if (!stbi_info(path, &w, &h, &n)) {
        const char *why = stbi_failure_reason();
        tool_error(cmd, "cannot read image '%s': %s", path, why ? why : "unknown reason");
        return -1;
    }
    size_t bytes;
    char what[320];
    snprintf(what, sizeof what, "image '%.300s'", path);
    if (tool_image_limit(cmd, what, w, h, &bytes))
        return -1;
    const int hw = w, hh = h;
    uint8_t *px = stbi_load(path, &w, &h, &n, 4);
    if (!px) {
        const char *why = stbi_failure_reason();
        tool_error(cmd, "cannot read image '%s': %s", path, why ? why : "unknown reason");
        return -1;
    }
    if (w != hw || h != hh) { /* the file changed between the two reads */
        tool_error(cmd, "image '%s' changed while it was read (%dx%d, then %dx%d)", path, hw, hh, w, h);
        stbi_image_free(px);
        return -1;
    }
    /* Copy into our own allocation so every image is released with free(). */
    img->px = malloc(bytes);
    if (!img->px) {
        tool_error(cmd, "out of memory for a %dx%d image", w, h);
        stbi_image_free(px);
        return -1;
    }
    memcpy(img->px, px, bytes);
    stbi_image_free(px);
    img->w = w;
    img->h = h;
    return 0;
}

void tool_image_free(tool_image *img)
{
    free(img->px);
    img->px = NULL;
    img->w = img->h = 0;
}

/* stb_image_write keeps byte counts in int.  Its PNG encoder holds the
 * filtered rows, (4w + 1) * h bytes, and then their deflate stream: at most
 * 9 bits a byte (fixed-Huffman literals) plus framing, in a buffer whose int
 * capacity grows as 2m + 1 and so can reach 3 * 2^29 - 1 before growing
 * would overflow.  Its BMP header stores the file size, 122 + 4wh, in an int.
 * An image at the limit stays clear of both. */
_Static_assert((4 * TOOL_MAX_PIXELS + TOOL_MAX_SIDE) / 8 * 9 + 65536 < ((size_t)3 << 29) - 1,
               "the image limit must keep stb's PNG byte counts within int");
_Static_assert(TOOL_MAX_BYTES + 1024 < (size_t)INT_MAX, "the image limit must keep stb's BMP size within int");
_Static_assert((size_t)TOOL_MAX_SIDE * 4u < (size_t)INT_MAX, "a row's bytes must fit stb's int stride");

/* A growable buffer that collects what stb's writers emit. */
typedef struct membuf {
    unsigned char *p;
    size_t n, cap;
    int failed; /* an allocation failed: the encoding is incomplete */
} membuf;

static void membuf_put(void *context, void *data, int size)
{
    membuf *b = context;
    if (b->failed || size <= 0)
        return;
    const size_t k = (size_t)size;
    if (k > b->cap - b->n) {
        size_t cap = b->cap ? b->cap : 65536;
        while (cap - b->n < k) {
            if (cap > SIZE_MAX / 2) {
                b->failed = 1;
                return;
            }
            cap *= 2;
        }
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->failed = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, data, k);
    b->n += k;
}

int tool_image_save(const char *cmd, const char *path, const tool_image *img)
{
    char ext[8];
    extension(path, ext);
    char what[320];
    snprintf(what, sizeof what, "image '%.300s'", path);
    if (tool_image_limit(cmd, what, img->w, img->h, NULL))
        return -1;
    membuf b = {NULL, 0, 0, 0};
    int ok;
    if (!strcmp(ext, "png"))
        ok = stbi_write_png_to_func(membuf_put, &b, img->w, img->h, 4, img->px, img->w * 4);
    else if (!strcmp(ext, "bmp"))
        ok = stbi_write_bmp_to_func(membuf_put, &b, img->w, img->h, 4, img->px);
    else if (!strcmp(ext, "tga"))
        ok = stbi_write_tga_to_func(membuf_put, &b, img->w, img->h, 4, img->px);
    else if (!strcmp(ext, "jpg") || !strcmp(ext, "jpeg"))
        ok = stbi_write_jpg_to_func(membuf_put, &b, img->w, img->h, 4, img->px, 95);
    else {
        tool_error(cmd, "cannot write '%s': the name must end in .png, .bmp, .tga or .jpg", path);
        return -1;
    }
    int rc = 0;
    if (!ok || b.failed || b.n == 0) {
        tool_error(cmd, "cannot write '%s': encoding the %dx%d image as .%s failed (out of memory?)", path, img->w,
                   img->h, ext);
        rc = -1;
    } else {
        rc = tool_write_file(cmd, path, b.p, b.n);
    }
    free(b.p);
    return rc;
}
