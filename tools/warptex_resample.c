/* warptex_resample.c -- `warptex resample`: scale and rotate an image by sampling it through the texture API
 * SPDX-License-Identifier: MIT
 *
 * The image becomes a 2D array of 8-bit unsigned RGBA read as normalised
 * float (optionally sRGB), with a mipmapped array when --mipmaps is on and the
 * output minifies.  Every output pixel is one lane of tex.2d.v4.f32.f32
 * (tex.grad with the screen-space derivatives when mipmapped, else
 * tex.base), run by the batch API (wt_tex_batch) over bands of rows: the
 * library spreads the warps over its threads and writes the bytes
 * (WT_BATCH_U8X4, or WT_BATCH_U8X4_SRGB under --srgb: the same rounding and
 * sRGB encoding as wt_float_to_unorm8 / wt_float_to_srgb8).
 *
 * The mip chain is built by the texture unit itself: each texel of level L is
 * a linear-filtered read of level L-1 at the texel's centre mapped into level
 * L-1, a scaling that wt_tex_batch_map computes (no coordinate array).  For even sizes that point falls exactly between four texels, so the
 * read is their 2x2 box average (weights 128/256 each, exact); for an odd size
 * it is the bilinear value at the mapped centre.  Under --srgb the read
 * decodes to linear light and the result is encoded back before it is stored,
 * so the averaging happens in linear light. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warptex.h>

#include "warptex_tool.h"

static const char *const cmd = "resample";

typedef struct options {
    const char *in, *out;
    double scale, rotate;
    int has_scale, has_size, ow, oh;
    wt_filter_mode filter;
    wt_address_mode address;
    int mipmaps, srgb, threads;
} options;

static const char *const filter_names[] = {"point", "linear"};
static const char *const address_names[] = {"wrap", "clamp", "mirror", "border"}; /* by wt_address_mode */

static void help(void)
{
    printf("usage: warptex resample IN OUT [--scale S] [--rotate DEG] [--size WxH]\n"
           "                        [--filter point|linear] [--address clamp|wrap|mirror|border]\n"
           "                        [--mipmaps] [--srgb] [--threads N]\n"
           "\n"
           "Loads IN (any format stb_image reads), samples it through warptex texture objects and\n"
           "writes OUT (.png, .bmp, .tga or .jpg).\n"
           "  --scale S      output pixels per input pixel, > 0 (default 1).  Without --size the\n"
           "                 output is the input size times S.\n"
           "  --size WxH     output size.  Without --scale the image is stretched to fill it;\n"
           "                 with --scale the output is a WxH window on the scaled image.\n"
           "  --rotate DEG   rotate the content DEG degrees counter-clockwise about the centre.\n"
           "  --filter F     point or linear texel filtering (default linear).\n"
           "  --address A    clamp, wrap, mirror or border (transparent black) outside the image\n"
           "                 (default clamp).\n"
           "  --mipmaps      when the output minifies: build the full mip chain (see below) and\n"
           "                 sample with tex.grad so the level follows scale and rotation, with\n"
           "                 linear filtering between levels.\n"
           "  --srgb         IN holds sRGB values: the texture decodes them to linear light for\n"
           "                 filtering and the result is encoded back to sRGB.\n"
           "  --threads N    threads for the batch calls (default: WARPTEX_NUM_THREADS or all cores).\n"
           "Each mip level is made by the texture unit: linear reads of the level above at the\n"
           "new texel centres (a 2x2 box filter for even sizes).\n");
}

static int lookup(const char *opt, const char *s, const char *const *names, int n, const char *choices)
{
    for (int k = 0; k < n; k++)
        if (!strcmp(s, names[k]))
            return k;
    tool_usage_error(cmd, "%s: '%s' is not one of %s", opt, s, choices);
    return -1;
}

/* Returns -1 to go on, else the exit code. */
static int parse(int argc, char **argv, options *o)
{
    *o = (options){.scale = 1.0, .filter = WT_FILTER_LINEAR, .address = WT_ADDRESS_CLAMP};
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int m, k;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help();
            return TOOL_OK;
        }
        if (!strcmp(a, "--mipmaps")) {
            o->mipmaps = 1;
        } else if (!strcmp(a, "--srgb")) {
            o->srgb = 1;
        } else if ((m = tool_option(cmd, argc, argv, &i, "--scale", &v)) != 0) {
            if (m < 0 || tool_parse_double(cmd, "--scale", v, &o->scale))
                return TOOL_USAGE;
            if (!(o->scale > 0.0))
                return tool_usage_error(cmd, "--scale: %s must be greater than 0", v);
            o->has_scale = 1;
        } else if ((m = tool_option(cmd, argc, argv, &i, "--rotate", &v)) != 0) {
            if (m < 0 || tool_parse_double(cmd, "--rotate", v, &o->rotate))
                return TOOL_USAGE;
        } else if ((m = tool_option(cmd, argc, argv, &i, "--size", &v)) != 0) {
            if (m < 0)
                return TOOL_USAGE;
            if ((m = tool_parse_size(cmd, "--size", v, &o->ow, &o->oh)) != TOOL_OK)
                return m;
            o->has_size = 1;
        } else if ((m = tool_option(cmd, argc, argv, &i, "--filter", &v)) != 0) {
            if (m < 0 || (k = lookup("--filter", v, filter_names, 2, "point, linear")) < 0)
                return TOOL_USAGE;
            o->filter = (wt_filter_mode)k;
        } else if ((m = tool_option(cmd, argc, argv, &i, "--address", &v)) != 0) {
            if (m < 0 || (k = lookup("--address", v, address_names, 4, "clamp, wrap, mirror, border")) < 0)
                return TOOL_USAGE;
            o->address = (wt_address_mode)k;
        } else if ((m = tool_option(cmd, argc, argv, &i, "--threads", &v)) != 0) {
            if (m < 0 || tool_parse_int(cmd, "--threads", v, 1, 1024, &o->threads))
                return TOOL_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            return tool_usage_error(cmd, "unknown option '%s'", a);
        } else if (npos == 0) {
            o->in = a, npos++;
        } else if (npos == 1) {
            o->out = a, npos++;
        } else {
            return tool_usage_error(cmd, "unexpected argument '%s'", a);
        }
    }
    if (npos < 2)
        return tool_usage_error(cmd, "needs IN and OUT (the image to read and the image to write)");
    if (!tool_image_ext_ok(o->out))
        return tool_usage_error(cmd, "'%s': OUT must end in .png, .bmp, .tga or .jpg", o->out);
    return -1;
}

/* A library call failed: name the call, the status and the library's detail. */
static int lib_error(const char *what, wt_status st)
{
    const char *detail = wt_last_error_message();
    tool_error(cmd, "%s failed: %s (%s)%s%s", what, wt_status_string(st), wt_status_description(st),
               detail && *detail ? ": " : "", detail ? detail : "");
    return TOOL_FAIL;
}

/* Lanes per batch call: rows of the output (or of a mip level) are done a
 * band at a time, so the coordinates take 1 MiB whatever the image. */
#define BAND_LANES ((size_t)1 << 17)

/* The rows per band of an image `cols` wide, and the coordinate buffer for
 * one band (interleaved x, y). */
static size_t band_rows(size_t cols) { return cols >= BAND_LANES ? 1 : BAND_LANES / cols; }

static float *band_coords(size_t cols)
{
    return malloc(band_rows(cols) * cols * 2u * sizeof(float));
}

static wt_status make_texture(wt_tex *tex, wt_resource_desc *res, const options *o, int normalized,
                              wt_filter_mode filter, wt_address_mode address, unsigned levels)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = address;
    td.filter_mode = filter;
    td.read_mode = WT_READ_NORMALIZED_FLOAT;
    td.srgb = o->srgb;
    td.normalized_coords = normalized;
    td.mipmap_filter_mode = WT_FILTER_LINEAR;
    td.max_mipmap_level_clamp = (float)(levels - 1); /* a zero clamp would pin every read to level 0 */
    return wt_create_texture_object(tex, res, &td, NULL);
}

/* Fills level `level` of `marr` from level - 1 (see the file comment). */
static int build_level(wt_mipmapped_array marr, unsigned level, const options *o)
{
    wt_array src, dst;
    wt_status st;
    size_t w0, h0, w1, h1, dd;
    unsigned fl;
    wt_channel_desc cd;
    if ((st = wt_get_mipmapped_array_level(&src, marr, level - 1)) ||
        (st = wt_get_mipmapped_array_level(&dst, marr, level)))
        return lib_error("wt_get_mipmapped_array_level()", st);
    if ((st = wt_array_get_info(&cd, &w0, &h0, &dd, &fl, src)) || (st = wt_array_get_info(&cd, &w1, &h1, &dd, &fl, dst)))
        return lib_error("wt_array_get_info()", st);
    if (h0 == 0)
        h0 = 1;
    if (h1 == 0)
        h1 = 1;

    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    res.type = WT_RESOURCE_ARRAY;
    res.res.array.array = src;
    wt_tex tex;
    if ((st = make_texture(&tex, &res, o, 0, WT_FILTER_LINEAR, WT_ADDRESS_CLAMP, 1)))
        return lib_error("wt_create_texture_object() for a mip level", st);

    uint8_t *px = malloc(w1 * h1 * 4u);
    if (!px) {
        wt_destroy_texture_object(tex);
        tool_error(cmd, "out of memory for mip level %u", level);
        return TOOL_FAIL;
    }
    const wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = WT_MIP_BASE,
                      .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32};
    /* Unnormalised coordinates: the centre of texel i of level L lies at
     * (i + 0.5) * w0 / w1 in level L-1, exactly 2i + 1 for even sizes.  The
     * library computes them (wt_tex_batch_map): with this diagonal matrix
     * batch.h's float order gives x = (kx * u + 0 * v) + 0 = kx * u, the same
     * product this loop made when it built a coordinate array. */
    const float kx = (float)w0 / (float)w1, ky = (float)h0 / (float)h1;
    const wt_tex_map map = {{kx, 0.0f, 0.0f, 0.0f, ky, 0.0f, 0.0f, 0.0f, 1.0f}, w1, h1};
    const wt_tex_batch_out out = {px, o->srgb ? WT_BATCH_U8X4_SRGB : WT_BATCH_U8X4, 0, 0};
    st = wt_tex_batch_map(&op, tex, 0, &map, NULL, &out, 0);
    wt_destroy_texture_object(tex);
    if (st) {
        free(px);
        char what[64];
        snprintf(what, sizeof what, "wt_tex_batch_map() building mip level %u", level);
        return lib_error(what, st);
    }
    st = wt_memcpy_to_array(dst, 0, 0, 0, px, w1 * 4u, w1, h1, 1);
    free(px);
    if (st)
        return lib_error("wt_memcpy_to_array() for a mip level", st);
    return TOOL_OK;
}

/* The output-to-source mapping: output pixel centres, relative to the output
 * centre, are rotated back by -DEG (counter-clockwise on screen with y down),
 * divided by the magnification and moved to the source centre. */
typedef struct mapping {
    double cs, sn, mx, my;
    double iw, ih, ow, oh;
} mapping;

static void map_point(const mapping *m, double ox, double oy, float *u, float *v)
{
    double rx = ox + 0.5 - m->ow / 2.0, ry = oy + 0.5 - m->oh / 2.0;
    double a = rx * m->cs - ry * m->sn, b = rx * m->sn + ry * m->cs;
    *u = (float)((a / m->mx + m->iw / 2.0) / m->iw);
    *v = (float)((b / m->my + m->ih / 2.0) / m->ih);
}

int tool_resample(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;

    tool_image in = {0, 0, NULL}, out = {0, 0, NULL};
    if (tool_image_load(cmd, o.in, &in))
        return TOOL_FAIL;

    mapping m;
    m.iw = in.w, m.ih = in.h;
    if (!o.has_size) {
        double w = floor(in.w * o.scale + 0.5), h = floor(in.h * o.scale + 0.5);
        char what[64];
        snprintf(what, sizeof what, "output (--scale %g)", o.scale);
        /* Beyond 2^62 a side cannot become a long long; it is far past the
         * limit anyway (and in.w * scale may be infinite). */
        if (!(w <= 0x1p62 && h <= 0x1p62)) {
            tool_error(cmd, "%s %gx%g is more than 2^62 pixels; the limit is %zu pixels (the warptex image limit, 2^28)",
                       what, w, h, TOOL_MAX_PIXELS);
            tool_image_free(&in);
            return TOOL_FAIL;
        }
        if (tool_image_limit(cmd, what, w < 1.0 ? 1 : (long long)w, h < 1.0 ? 1 : (long long)h, NULL)) {
            tool_image_free(&in);
            return TOOL_FAIL;
        }
        o.ow = w < 1.0 ? 1 : (int)w;
        o.oh = h < 1.0 ? 1 : (int)h;
    }
    size_t out_bytes;
    if (tool_image_limit(cmd, "the output", o.ow, o.oh, &out_bytes)) {
        tool_image_free(&in);
        return TOOL_FAIL;
    }
    m.ow = o.ow, m.oh = o.oh;
    m.mx = o.has_size && !o.has_scale ? m.ow / m.iw : o.scale;
    m.my = o.has_size && !o.has_scale ? m.oh / m.ih : o.scale;
    /* Exact quarter turns keep exact sines (identity and 180-degree tests). */
    double turns = fmod(o.rotate, 360.0);
    if (turns < 0.0)
        turns += 360.0;
    if (turns == 0.0)
        m.cs = 1.0, m.sn = 0.0;
    else if (turns == 90.0)
        m.cs = 0.0, m.sn = 1.0;
    else if (turns == 180.0)
        m.cs = -1.0, m.sn = 0.0;
    else if (turns == 270.0)
        m.cs = 0.0, m.sn = -1.0;
    else
        m.cs = cos(turns * (3.14159265358979323846 / 180.0)), m.sn = sin(turns * (3.14159265358979323846 / 180.0));

    /* The batch calls run on the library's threads. */
    if (o.threads > 0)
        wt_set_num_threads(o.threads);
    const int threads = wt_get_num_threads();

    const int minifies = m.mx < 1.0 || m.my < 1.0;
    const int mipped = o.mipmaps && minifies;
    unsigned levels = 1;
    if (mipped)
        for (int s = in.w > in.h ? in.w : in.h; s > 1; s >>= 1)
            levels++;

    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    wt_array arr = NULL;
    wt_mipmapped_array marr = NULL;
    wt_tex tex = 0;
    float *xy = NULL;
    wt_status st;
    wt_resource_desc res;
    memset(&res, 0, sizeof res);
    double mip_ms = 0.0;
    rc = TOOL_FAIL;

    if (!mipped) {
        if ((st = wt_malloc_array(&arr, &cd, (size_t)in.w, (size_t)in.h, 0, WT_ARRAY_DEFAULT))) {
            lib_error("wt_malloc_array()", st);
            goto done;
        }
        if ((st = wt_memcpy_to_array(arr, 0, 0, 0, in.px, (size_t)in.w * 4u, (size_t)in.w, (size_t)in.h, 1))) {
            lib_error("wt_memcpy_to_array()", st);
            goto done;
        }
        res.type = WT_RESOURCE_ARRAY;
        res.res.array.array = arr;
    } else {
        wt_array base;
        if ((st = wt_malloc_mipmapped_array(&marr, &cd, (size_t)in.w, (size_t)in.h, 0, levels, WT_ARRAY_DEFAULT))) {
            lib_error("wt_malloc_mipmapped_array()", st);
            goto done;
        }
        if ((st = wt_get_mipmapped_array_level(&base, marr, 0))) {
            lib_error("wt_get_mipmapped_array_level()", st);
            goto done;
        }
        if ((st = wt_memcpy_to_array(base, 0, 0, 0, in.px, (size_t)in.w * 4u, (size_t)in.w, (size_t)in.h, 1))) {
            lib_error("wt_memcpy_to_array()", st);
            goto done;
        }
        double t0 = tool_now_ms();
        for (unsigned l = 1; l < levels; l++)
            if (build_level(marr, l, &o) != TOOL_OK)
                goto done;
        mip_ms = tool_now_ms() - t0;
        res.type = WT_RESOURCE_MIPMAPPED_ARRAY;
        res.res.mipmap.mipmap = marr;
    }
    if ((st = make_texture(&tex, &res, &o, 1, o.filter, o.address, levels))) {
        lib_error("wt_create_texture_object()", st);
        goto done;
    }

    out.w = o.ow, out.h = o.oh;
    out.px = malloc(out_bytes);
    if (!out.px) {
        tool_error(cmd, "out of memory for a %dx%d output", o.ow, o.oh);
        goto done;
    }

    const wt_op op = {.family = WT_FAMILY_TEX, .geom = WT_GEOM_2D, .mip = (uint8_t)(mipped ? WT_MIP_GRAD : WT_MIP_BASE),
                      .dtype = WT_DTYPE_F32, .ctype = WT_CTYPE_F32};
    /* Screen-space derivatives of the normalised coordinate: constant for an
     * affine map, so the level follows the scale and rotation (tex.grad). */
    const float dudx = (float)(m.cs / (m.mx * m.iw)), dvdx = (float)(m.sn / (m.my * m.ih));
    const float dudy = (float)(-m.sn / (m.mx * m.iw)), dvdy = (float)(m.cs / (m.my * m.ih));
    const float grad_x[2] = {dudx, dvdx}, grad_y[2] = {dudy, dvdy};
    const size_t rows = (size_t)o.oh, cols = (size_t)o.ow, band = band_rows(cols);
    if (!(xy = band_coords(cols))) {
        tool_error(cmd, "out of memory for the coordinates of a %dx%d output", o.ow, o.oh);
        goto done;
    }
    wt_tex_batch_in bin = {.coords = xy};
    if (mipped) {
        bin.dpdx = grad_x, bin.dpdy = grad_y;
        bin.uniform = WT_BATCH_UNIFORM_GRAD;
    }
    double t0 = tool_now_ms();
    st = WT_SUCCESS;
    for (size_t y0 = 0; y0 < rows && !st; y0 += band) {
        size_t nr = rows - y0 < band ? rows - y0 : band;
        float *p = xy;
        for (size_t y = y0; y < y0 + nr; y++)
            for (size_t x = 0; x < cols; x++, p += 2)
                map_point(&m, (double)x, (double)y, &p[0], &p[1]);
        const wt_tex_batch_out bout = {out.px + y0 * cols * 4u, o.srgb ? WT_BATCH_U8X4_SRGB : WT_BATCH_U8X4, 0, 0};
        st = wt_tex_batch(&op, tex, 0, nr * cols, &bin, &bout);
    }
    double ms = tool_now_ms() - t0;
    if (st) {
        lib_error("wt_tex_batch()", st);
        goto done;
    }
    if (tool_image_save(cmd, o.out, &out))
        goto done;

    double samples = (double)o.ow * (double)o.oh;
    printf("resample: input  %s %dx%d\n", o.in, in.w, in.h);
    printf("resample: output %s %dx%d (magnification x %.4g, y %.4g; rotate %g deg)\n", o.out, o.ow, o.oh, m.mx,
           m.my, o.rotate);
    printf("resample: filter %s, address %s, %s, mip levels %u", filter_names[o.filter], address_names[o.address],
           o.srgb ? "sRGB" : "linear values", levels);
    if (mipped)
        printf(" (built in %.1f ms), tex.grad with linear mip filtering\n", mip_ms);
    else if (o.mipmaps)
        printf(" (--mipmaps: not minifying, no chain needed), tex.base\n");
    else
        printf(", tex.base\n");
    printf("resample: backend %s, %d thread%s\n", wt_backend_name(), threads, threads == 1 ? "" : "s");
    printf("resample: %.0f samples in %.2f ms = %.2f Msamples/s\n", samples, ms,
           ms > 0.0 ? samples / (ms * 1e3) : 0.0);
    rc = TOOL_OK;
done:
    free(xy);
    if (tex)
        wt_destroy_texture_object(tex);
    if (arr)
        wt_free_array(arr);
    if (marr)
        wt_free_mipmapped_array(marr);
    tool_image_free(&in);
    tool_image_free(&out);
    return rc;
}
