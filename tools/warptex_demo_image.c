/* warptex_demo_image.c -- `warptex demo-image`: a synthetic test image on which aliasing and filtering show
 * SPDX-License-Identifier: MIT
 *
 * Four quadrants over a colour gradient, all drawn here (no third-party
 * images): a checkerboard (top left), a zone plate whose ring frequency
 * reaches the Nyquist limit at its rim (top right), a Siemens star of hard
 * black and white spokes (bottom left), a hue/value ramp crossed by 1-pixel
 * lines (bottom right).  A 1-pixel frame and 1-pixel quadrant borders test
 * thin features at the edges. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warptex_tool.h"

static const double pi = 3.14159265358979323846;

typedef struct rgb { double r, g, b; } rgb;

static rgb mix(rgb a, rgb b, double t)
{
    return (rgb){a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

/* Hue in [0, 1) at full saturation and value, as a piecewise-linear wheel. */
static rgb hue(double h)
{
    double k[3] = {0.0, 2.0 / 3.0, 1.0 / 3.0};
    double c[3];
    for (int i = 0; i < 3; i++) {
        double t = fmod(h + k[i], 1.0) * 6.0; /* 0..6 around the wheel */
        double v = fabs(t - 3.0) - 1.0;       /* 1 at t=0, falls to 0 at t=2, rises from t=4 */
        c[i] = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    }
    return (rgb){c[0], c[1], c[2]};
}

static rgb pixel(int x, int y, int w, int h)
{
    double u = (x + 0.5) / w, v = (y + 0.5) / h;
    rgb base = {u, v, 1.0 - u};
    int qw = w / 2 > 0 ? w / 2 : 1, qh = h / 2 > 0 ? h / 2 : 1;
    int right = x >= qw, bottom = y >= qh;
    /* Position inside the quadrant, relative to its centre, in pixels. */
    double qx = (x - (right ? qw : 0)) + 0.5 - (right ? w - qw : qw) / 2.0;
    double qy = (y - (bottom ? qh : 0)) + 0.5 - (bottom ? h - qh : qh) / 2.0;
    double radius = 0.45 * (qw < qh ? qw : qh);
    double r2 = qx * qx + qy * qy;
    rgb white = {1, 1, 1}, black = {0, 0, 0};

    /* Thin features first: the frame and the quadrant borders. */
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
        return black;
    if (x == qw || y == qh)
        return white;

    if (!right && !bottom) {
        int cell = w / 32 > 2 ? w / 32 : 2;
        int on = ((x / cell) + (y / cell)) & 1;
        return mix(base, on ? white : (rgb){0.1, 0.1, 0.1}, 0.75);
    }
    if (right && !bottom) {
        if (radius <= 0.0 || r2 > radius * radius)
            return base;
        /* Phase pi r^2 / (2R): the local frequency r / (2R) is 0.5 cycle per
         * pixel (Nyquist) at r = R, so any minification aliases visibly. */
        double g = 0.5 + 0.5 * cos(pi * r2 / (2.0 * radius));
        return (rgb){g, g, g};
    }
    if (!right && bottom) {
        if (r2 > radius * radius)
            return base;
        double a = atan2(qy, qx);
        return sin(24.0 * a) >= 0.0 ? white : black; /* 48 spokes */
    }
    /* Bottom right: hue across, value down, 1-pixel lines every 16 pixels and
     * on the two diagonals. */
    int lx = x - qw, ly = y - qh;
    if (lx % 16 == 0 || ly % 16 == 0 || lx == ly || lx == (h - qh) - 1 - ly)
        return white;
    double value = 1.0 - 0.8 * ((ly + 0.5) / (h - qh));
    rgb c = hue((lx + 0.5) / (w - qw));
    return (rgb){c.r * value, c.g * value, c.b * value};
}

static uint8_t to8(double v)
{
    v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return (uint8_t)floor(v * 255.0 + 0.5);
}

int tool_demo_image(int argc, char **argv)
{
    const char *cmd = "demo-image", *out = NULL, *val;
    int w = 512, h = 512;
    for (int i = 1; i < argc; i++) {
        int m;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: warptex demo-image OUT [--size WxH]\n"
                   "Writes a synthetic test image (default 512x512): checkerboard, zone plate,\n"
                   "Siemens star, colour ramps and 1-pixel lines.  OUT ends in .png, .bmp, .tga or .jpg.\n");
            return TOOL_OK;
        }
        if ((m = tool_option(cmd, argc, argv, &i, "--size", &val)) != 0) {
            if (m < 0)
                return TOOL_USAGE;
            if ((m = tool_parse_size(cmd, "--size", val, &w, &h)) != TOOL_OK)
                return m;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return tool_usage_error(cmd, "unknown option '%s'", argv[i]);
        } else if (!out) {
            out = argv[i];
        } else {
            return tool_usage_error(cmd, "unexpected argument '%s'", argv[i]);
        }
    }
    if (!out)
        return tool_usage_error(cmd, "missing OUT (the image file to write)");
    if (!tool_image_ext_ok(out))
        return tool_usage_error(cmd, "'%s': the name must end in .png, .bmp, .tga or .jpg", out);

    size_t bytes;
    if (tool_image_limit(cmd, "--size", w, h, &bytes))
        return TOOL_FAIL;
    tool_image img = {w, h, malloc(bytes)};
    if (!img.px) {
        tool_error(cmd, "out of memory for a %dx%d image", w, h);
        return TOOL_FAIL;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            rgb c = pixel(x, y, w, h);
            uint8_t *p = img.px + ((size_t)y * (size_t)w + (size_t)x) * 4u;
            p[0] = to8(c.r);
            p[1] = to8(c.g);
            p[2] = to8(c.b);
            p[3] = 255;
        }
    int rc = tool_image_save(cmd, out, &img) ? TOOL_FAIL : TOOL_OK;
    if (rc == TOOL_OK)
        printf("demo-image: wrote %s (%dx%d)\n", out, w, h);
    tool_image_free(&img);
    return rc;
}
