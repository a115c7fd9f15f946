/* warptex_image.c -- image files for the `warptex` command: load with stb_image, save with stb_image_write
 * SPDX-License-Identifier: MIT
 *
 * Debian's libstb-dev ships the stb implementations compiled (libstb), so this
 * file includes the headers for their declarations only. */
#include <ctype.h>
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
    uint8_t *px = stbi_load(path, &w, &h, &n, 4);
    if (!px) {
        const char *why = stbi_failure_reason();
        tool_error(cmd, "cannot read image '%s': %s", path, why ? why : "unknown reason");
        return -1;
    }
    if (w < 1 || h < 1 || w > TOOL_MAX_SIDE || h > TOOL_MAX_SIDE) {
        tool_error(cmd, "'%s' is %dx%d; each side must be in 1..%d", path, w, h, TOOL_MAX_SIDE);
        stbi_image_free(px);
        return -1;
    }
    /* Copy into our own allocation so every image is released with free(). */
    size_t bytes = (size_t)w * (size_t)h * 4u;
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

int tool_image_save(const char *cmd, const char *path, const tool_image *img)
{
    char ext[8];
    extension(path, ext);
    int ok;
    if (!strcmp(ext, "png"))
        ok = stbi_write_png(path, img->w, img->h, 4, img->px, img->w * 4);
    else if (!strcmp(ext, "bmp"))
        ok = stbi_write_bmp(path, img->w, img->h, 4, img->px);
    else if (!strcmp(ext, "tga"))
        ok = stbi_write_tga(path, img->w, img->h, 4, img->px);
    else if (!strcmp(ext, "jpg") || !strcmp(ext, "jpeg"))
        ok = stbi_write_jpg(path, img->w, img->h, 4, img->px, 95);
    else {
        tool_error(cmd, "cannot write '%s': the name must end in .png, .bmp, .tga or .jpg", path);
        return -1;
    }
    if (!ok) {
        tool_error(cmd, "cannot write '%s' (is the directory there and writable?)", path);
        return -1;
    }
    return 0;
}
