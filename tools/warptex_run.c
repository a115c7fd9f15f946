/* warptex_run.c -- `warptex run`: launch a kernel from nvcc's PTX with parameters from the command line
 * SPDX-License-Identifier: MIT */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warptex.h>

#include "bench_data.h"
#include "warptex_tool.h"

static const char *CMD = "run";

static void run_usage(FILE *f)
{
    fprintf(f,
            "usage: warptex run KERNEL.ptx --entry NAME --grid X[,Y,Z] --block X[,Y,Z] [options] PARAM...\n"
            "\n"
            "Loads PTX (what nvcc -ptx writes), binds one PARAM per kernel parameter, in order, launches the\n"
            "kernel on the CPU and prints how long the launch took.\n"
            "\n"
            "options:\n"
            "  --shared BYTES     dynamic shared memory (extern .shared) per block (default 0)\n"
            "  --repeat N         launch N times (default 1) and report the median, min and max\n"
            "  --threads N        OpenMP threads (default: all cores)\n"
            "  --w1-reference     also run docs/bench.md's W1 through wt_tex_warp directly on the first tex: and\n"
            "                     buf:bench-affine parameters, check the kernel's output (the first buf:\n"
            "                     with out or 16 bytes per coordinate) bit for bit and print both rates\n"
            "\n"
            "X[,Y,Z]: one to three positive integers (grid: X below 2^31, Y and Z at most 65535;\n"
            "block: X and Y at most 1024, Z at most 64, 1024 threads in all).\n"
            "\n"
            "PARAM:\n"
            "  i32:V u32:V i64:V u64:V  an integer, decimal or 0x hexadecimal, that the type holds\n"
            "  f32:V f64:V              a finite number that the type holds\n"
            "  tex:SRC[,filter=point|linear][,address=clamp|wrap|mirror|border][,norm][,read=element]\n"
            "      [,format=rgba8|r8|rgba32f|r32f]\n"
            "                    a texture object over an array made from an image: SRC is an image file\n"
            "                    (any format stb_image reads) or bench-t2 (docs/bench.md's 2048x2048 T2);\n"
            "                    format: the texels (default rgba8; r8 keeps the red byte, the float\n"
            "                    formats hold byte/255); default linear, clamp, unnormalised coordinates,\n"
            "                    read as normalised float\n"
            "  surf:SRC[,out=FILE]  a surface object over an RGBA8 array: SRC is an image file or WxH (zeros);\n"
            "                    out= writes it after the launch (.png .bmp .tga .jpg)\n"
            "  buf:BYTES[,file=FILE][,ro][,out=FILE][,as=f32|u32|i32|u8]   or   buf:file=FILE[,...]\n"
            "                    a pointer to a global buffer of BYTES bytes (1..2^34), zero-filled or read\n"
            "                    from FILE (without BYTES: the file's size); ro registers it read-only; out=\n"
            "                    writes it after the launch: .csv as text (as= element type, default f32),\n"
            "                    anything else raw\n"
            "  buf:bench-affine  docs/bench.md's W1 affine coordinates: 2048*2048 (u, v) float pairs, read-only\n"
            "\n"
            "Examples (from the source tree; in.png from `warptex demo-image in.png`, uv.bin 256 bytes\n"
            "of (u, v) float pairs):\n"
            "  warptex run examples/ptx/demo.ptx --entry rotate_blur --grid 32,32 --block 16,16\n"
            "      tex:in.png,norm,address=border surf:512x512,out=o.png i32:512 i32:512 f32:30\n"
            "  warptex run examples/ptx/w1.ptx --entry w1 --grid 1 --block 32 tex:in.png,norm,filter=point\n"
            "      buf:file=uv.bin,ro buf:512,out=y.csv,as=f32 i32:32\n"
            "  warptex run examples/ptx/w1.ptx --entry w1 --grid 2 --block 16,2 --repeat 3 --threads 1\n"
            "      tex:bench-t2,norm,format=rgba32f buf:256,file=uv.bin buf:0x200,out=y.bin i32:0x20\n"
            "\n"
            "Exit status: 0 done, 1 failure (file, PTX, launch fault), 2 usage error (naming the argument).\n");
}

typedef struct param {
    int kind; /* 0 scalar, 1 tex, 2 surf, 3 buf */
    uint8_t bytes[8];
    wt_array arr;
    wt_tex tex;
    wt_surf surf;
    void *buf;
    size_t size;
    const char *out;
    const char *as;
    int affine;
    int ro;
    void *ptr; /* the 8 bytes passed for buf */
} param;

/* X[,Y,Z]: one to three decimal components, each at least 1 and within CUDA's limits (the ones
 * wt_launch_kernel checks: a grid's x below 2^31, y and z at most 65535; a block's x and y at
 * most 1024, z at most 64, 1024 threads in all).  Anything else is a usage error naming the
 * option: a fourth or empty component, a sign, a space, text after a number. */
static int parse_dim(const char *opt, const char *s, wt_dim3 *d)
{
    static const char *const axis[3] = {"X", "Y", "Z"};
    int is_grid = !strcmp(opt, "--grid");
    const unsigned long long lim[3] = {is_grid ? 0x7fffffffu : 1024u, is_grid ? 65535u : 1024u,
                                       is_grid ? 65535u : 64u};
    unsigned long long v[3] = {1, 1, 1};
    char comp[32];
    const char *p = s;
    for (int n = 0;; n++) {
        size_t len = strcspn(p, ",");
        if (n == 3)
            return tool_usage_error(CMD, "%s '%s' has more than three components (X[,Y,Z])", opt, s), -1;
        if (len == 0)
            return tool_usage_error(CMD, "%s '%s': component %s is empty (X[,Y,Z])", opt, s, axis[n]), -1;
        int r = TOOL_NUM_RANGE; /* 31 digits: far past every limit */
        if (len < sizeof comp) {
            memcpy(comp, p, len);
            comp[len] = 0;
            r = tool_scan_u64(comp, 0, &v[n]);
        }
        if (r == TOOL_NUM_BAD || (r == TOOL_NUM_RANGE && *p == '-'))
            return tool_usage_error(CMD, "%s '%s': %s '%.*s' is not a positive integer", opt, s, axis[n], (int)len, p),
                   -1;
        if (r == TOOL_NUM_RANGE || v[n] < 1 || v[n] > lim[n])
            return tool_usage_error(CMD, "%s '%s': %s is %.*s; it must be 1..%llu", opt, s, axis[n], (int)len, p,
                                    lim[n]),
                   -1;
        p += len;
        if (!*p)
            break;
        p++; /* the comma */
    }
    if (!is_grid && v[0] * v[1] * v[2] > 1024)
        return tool_usage_error(CMD, "%s '%s' is %llu threads; a block has at most 1024", opt, s, v[0] * v[1] * v[2]),
               -1;
    d->x = (uint32_t)v[0];
    d->y = (uint32_t)v[1];
    d->z = (uint32_t)v[2];
    return 0;
}

/* Texel formats a tex: parameter may ask for; the image's 8-bit RGBA converts to them
 * (r8: the red byte; the float formats: byte / 255). */
enum { FMT_RGBA8, FMT_R8, FMT_RGBA32F, FMT_R32F };

/* 0, -1 after a run-time failure, -2 after a usage error (shown: the parameter, for messages) */
static int rgba8_array(const char *shown, const char *src, wt_array *arr, unsigned flags, int *w_out, int *h_out,
                       int fmt)
{
    wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED);
    tool_image img = {0, 0, NULL};
    int gen_t2 = !strcmp(src, "bench-t2");
    int w, h;
    if (gen_t2) {
        w = h = BENCH_T2_SIDE;
        img.px = malloc((size_t)w * h * 4);
        if (!img.px)
            return tool_error(CMD, "out of memory"), -1;
        uint64_t s = 0x7E57;
        for (size_t i = 0; i < (size_t)w * h / 2; i++) {
            uint64_t z = bench_splitmix64(&s);
            memcpy(img.px + 8 * i, &z, 8); /* little-endian words, as docs/bench.md says */
        }
    } else if ((flags & WT_ARRAY_SURFACE_LOAD_STORE) && strpbrk(src, "xX") && strpbrk(src, "0123456789") &&
               !strpbrk(src, "./")) {
        /* WxH (an image file has a '.' or a '/'): malformed or too small is a usage error */
        int r = tool_parse_size(CMD, shown, src, &w, &h);
        if (r != TOOL_OK)
            return r == TOOL_USAGE ? -2 : -1;
        img.px = calloc((size_t)w * h, 4);
        if (!img.px)
            return tool_error(CMD, "out of memory"), -1;
    } else {
        if (tool_image_load(CMD, src, &img))
            return -1;
        w = img.w;
        h = img.h;
    }
    size_t npx = (size_t)w * h, es = 4;
    void *data = img.px;
    if (fmt != FMT_RGBA8) {
        es = fmt == FMT_R8 ? 1 : fmt == FMT_R32F ? 4 : 16;
        cd = fmt == FMT_R8 ? wt_make_channel_desc(8, 0, 0, 0, WT_CHANNEL_UNSIGNED)
           : fmt == FMT_R32F ? wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_FLOAT)
                             : wt_make_channel_desc(32, 32, 32, 32, WT_CHANNEL_FLOAT);
        data = malloc(npx * es);
        if (!data) {
            free(img.px);
            return tool_error(CMD, "out of memory"), -1;
        }
        for (size_t i = 0; i < npx; i++) {
            if (fmt == FMT_R8) {
                ((uint8_t *)data)[i] = img.px[4 * i];
            } else {
                int nc = fmt == FMT_R32F ? 1 : 4;
                for (int c = 0; c < nc; c++)
                    ((float *)data)[(size_t)nc * i + (size_t)c] = (float)img.px[4 * i + (size_t)c] / 255.0f;
            }
        }
    }
    wt_status st = wt_malloc_array(arr, &cd, (size_t)w, (size_t)h, 0, flags);
    if (st == WT_SUCCESS)
        st = wt_memcpy_to_array(*arr, 0, 0, 0, data, (size_t)w * es, (size_t)w, (size_t)h, 1);
    if (data != img.px)
        free(data);
    free(img.px);
    if (st != WT_SUCCESS)
        return tool_error(CMD, "%s: %s", src, wt_last_error_message()), -1;
    *w_out = w;
    *h_out = h;
    return 0;
}

/* The options of a parameter (after its value, or all of it for buf: without BYTES), split in
 * place at the commas: tok[first..n). */
#define MAX_POPTS 16
typedef struct popts {
    char *tok[MAX_POPTS];
    int n, first;
} popts;

/* "key=value" -> value, "key" -> "", absent -> NULL.  check_opts has made sure each key is
 * known, given once, with a value when it takes one and without when it is a flag. */
static const char *opt_of(const popts *o, const char *key)
{
    size_t n = strlen(key);
    for (int i = o->first; i < o->n; i++)
        if (!strncmp(o->tok[i], key, n) && (o->tok[i][n] == '=' || o->tok[i][n] == 0))
            return o->tok[i][n] == '=' ? o->tok[i] + n + 1 : "";
    return NULL;
}

/* Every option must be one of `known` ("key=" takes a value, "key" is a flag), once.
 * 0, or -2 after a usage error naming the parameter. */
static int check_opts(const char *shown, const popts *o, const char *const *known)
{
    for (int i = o->first; i < o->n; i++) {
        const char *t = o->tok[i];
        size_t klen = strcspn(t, "=");
        int k = 0;
        while (known[k] && !(strncmp(known[k], t, klen) == 0 && (known[k][klen] == 0 || known[k][klen] == '=')))
            k++;
        if (!known[k]) {
            char list[128] = "";
            for (int j = 0; known[j]; j++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s%s", j ? ", " : "", known[j],
                         known[j][strlen(known[j]) - 1] == '=' ? "..." : "");
            return tool_usage_error(CMD, "'%s': unknown option '%.*s' (options: %s)", shown, (int)klen, t, list), -2;
        }
        int valued = known[k][klen] == '=';
        if (valued && (t[klen] != '=' || t[klen + 1] == 0))
            return tool_usage_error(CMD, "'%s': option %.*s needs a value (%s...)", shown, (int)klen, t, known[k]), -2;
        if (!valued && t[klen] == '=')
            return tool_usage_error(CMD, "'%s': option %.*s takes no value", shown, (int)klen, t), -2;
        for (int j = o->first; j < i; j++)
            if (strncmp(o->tok[j], t, klen) == 0 && (o->tok[j][klen] == 0 || o->tok[j][klen] == '='))
                return tool_usage_error(CMD, "'%s': option %.*s is given twice", shown, (int)klen, t), -2;
    }
    return 0;
}

static const char *const TEX_OPTS[] = {"filter=", "address=", "norm", "read=", "format=", NULL};
static const char *const SURF_OPTS[] = {"out=", NULL};
static const char *const BUF_OPTS[] = {"file=", "ro", "out=", "as=", NULL};

/* i32/u32/i64/u64:V, V decimal or 0x hexadecimal, within the type; f32/f64:V a finite number
 * the type can hold.  0, or -2 after a usage error naming the parameter. */
static int parse_scalar(const char *shown, const char *kind, const char *val, uint8_t bytes[8])
{
    int is64 = kind[1] == '6';
    if (kind[0] == 'f') {
        double d;
        if (tool_parse_double(CMD, shown, val, &d))
            return -2;
        if (!is64) {
            /* from FLT_MAX + half its ulp up a double rounds to infinity as a float */
            if (fabs(d) >= (double)FLT_MAX + 0x1p103)
                return tool_usage_error(CMD, "'%s': %s is out of range for f32 (magnitude at most %.9g)", shown, val,
                                        (double)FLT_MAX), -2;
            float f = (float)d;
            memcpy(bytes, &f, 4);
        } else {
            memcpy(bytes, &d, 8);
        }
        return 0;
    }
    int r;
    if (kind[0] == 'i') {
        long long v = 0, lo = is64 ? LLONG_MIN : INT32_MIN, hi = is64 ? LLONG_MAX : INT32_MAX;
        r = tool_scan_i64(val, 1, &v);
        if (r == TOOL_NUM_OK && (v < lo || v > hi))
            r = TOOL_NUM_RANGE;
        if (r == TOOL_NUM_RANGE)
            return tool_usage_error(CMD, "'%s': %s is out of range for %s (%lld..%lld)", shown, val, kind, lo, hi), -2;
        if (is64)
            memcpy(bytes, &v, 8);
        else
            memcpy(bytes, &(int32_t){(int32_t)v}, 4);
    } else {
        unsigned long long v = 0, hi = is64 ? ULLONG_MAX : UINT32_MAX;
        r = tool_scan_u64(val, 1, &v);
        if (r == TOOL_NUM_OK && v > hi)
            r = TOOL_NUM_RANGE;
        if (r == TOOL_NUM_RANGE)
            return tool_usage_error(CMD, "'%s': %s is out of range for %s (0..%llu)", shown, val, kind, hi), -2;
        if (is64)
            memcpy(bytes, &v, 8);
        else
            memcpy(bytes, &(uint32_t){(uint32_t)v}, 4);
    }
    if (r == TOOL_NUM_BAD)
        return tool_usage_error(CMD, "'%s': '%s' is not an integer (decimal or 0x hexadecimal)", shown, val), -2;
    return 0;
}

/* 0, -1 after a run-time failure, -2 after a usage error.  shown: the parameter as given. */
static int parse_param(char *spec, const char *shown, param *p)
{
    memset(p, 0, sizeof *p);
    char *colon = strchr(spec, ':');
    if (!colon)
        return tool_usage_error(CMD, "parameter '%s' is not KIND:VALUE", shown), -2;
    *colon = 0;
    char *val = colon + 1;
    static const char *const scalars[] = {"i32", "u32", "i64", "u64", "f32", "f64"};
    for (size_t k = 0; k < sizeof scalars / sizeof *scalars; k++)
        if (!strcmp(spec, scalars[k])) {
            if (strchr(val, ','))
                return tool_usage_error(CMD, "'%s': a scalar takes no options", shown), -2;
            return parse_scalar(shown, spec, val, p->bytes);
        }
    popts O;
    O.n = 0;
    for (char *t = val; t; O.n++) {
        if (O.n == MAX_POPTS)
            return tool_usage_error(CMD, "'%s': more than %d options", shown, MAX_POPTS - 1), -2;
        O.tok[O.n] = t;
        t = strchr(t, ',');
        if (t)
            *t++ = 0;
    }
    /* buf:file=FILE (docs/ptx.md) and buf:ro,...: BYTES left out, every token an option */
    O.first = !strcmp(spec, "buf") && (strchr(O.tok[0], '=') || !strcmp(O.tok[0], "ro")) ? 0 : 1;
    const char *head = O.first ? O.tok[0] : "";
    if (O.first && !*head && strcmp(spec, "buf"))
        return tool_usage_error(CMD, "'%s': %s: needs SRC", shown, spec), -2;
    int r;
    if (!strcmp(spec, "tex")) {
        if ((r = check_opts(shown, &O, TEX_OPTS)))
            return r;
        p->kind = 1;
        int w, h, fmt = FMT_RGBA8;
        const char *fo = opt_of(&O, "format");
        if (fo) {
            fmt = !strcmp(fo, "rgba8") ? FMT_RGBA8 : !strcmp(fo, "r8") ? FMT_R8 : !strcmp(fo, "rgba32f") ? FMT_RGBA32F
                : !strcmp(fo, "r32f") ? FMT_R32F : -1;
            if (fmt < 0)
                return tool_usage_error(CMD, "'%s': format=%s is not rgba8, r8, rgba32f or r32f", shown, fo), -2;
        }
        wt_texture_desc td;
        memset(&td, 0, sizeof td);
        td.filter_mode = WT_FILTER_LINEAR;
        td.read_mode = WT_READ_NORMALIZED_FLOAT;
        const char *o;
        if ((o = opt_of(&O, "filter"))) {
            if (!strcmp(o, "point")) td.filter_mode = WT_FILTER_POINT;
            else if (strcmp(o, "linear"))
                return tool_usage_error(CMD, "'%s': filter=%s is not point or linear", shown, o), -2;
        }
        if ((o = opt_of(&O, "address"))) {
            wt_address_mode m = !strcmp(o, "clamp") ? WT_ADDRESS_CLAMP : !strcmp(o, "wrap") ? WT_ADDRESS_WRAP
                              : !strcmp(o, "mirror") ? WT_ADDRESS_MIRROR : !strcmp(o, "border") ? WT_ADDRESS_BORDER : (wt_address_mode)-1;
            if ((int)m < 0)
                return tool_usage_error(CMD, "'%s': address=%s is not clamp, wrap, mirror or border", shown, o), -2;
            td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = m;
        } else {
            td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = WT_ADDRESS_CLAMP;
        }
        if (opt_of(&O, "norm"))
            td.normalized_coords = 1;
        if (fmt == FMT_RGBA32F || fmt == FMT_R32F)
            td.read_mode = WT_READ_ELEMENT_TYPE; /* float texels read as they are */
        if ((o = opt_of(&O, "read"))) {
            if (!strcmp(o, "element")) td.read_mode = WT_READ_ELEMENT_TYPE;
            else if (strcmp(o, "float"))
                return tool_usage_error(CMD, "'%s': read=%s is not element or float", shown, o), -2;
        }
        if (td.read_mode == WT_READ_ELEMENT_TYPE && fmt != FMT_RGBA32F && fmt != FMT_R32F)
            td.filter_mode = WT_FILTER_POINT; /* integers read as integers cannot filter */
        /* the options are all checked before the image is read */
        if ((r = rgba8_array(shown, head, &p->arr, 0, &w, &h, fmt)))
            return r;
        wt_resource_desc rd;
        memset(&rd, 0, sizeof rd);
        rd.type = WT_RESOURCE_ARRAY;
        rd.res.array.array = p->arr;
        if (wt_create_texture_object(&p->tex, &rd, &td, NULL) != WT_SUCCESS)
            return tool_error(CMD, "tex:%s: %s", head, wt_last_error_message()), -1;
        memcpy(p->bytes, &p->tex, 8);
        return 0;
    }
    if (!strcmp(spec, "surf")) {
        if ((r = check_opts(shown, &O, SURF_OPTS)))
            return r;
        p->kind = 2;
        int w, h;
        p->out = opt_of(&O, "out");
        if (p->out && !tool_image_ext_ok(p->out))
            return tool_usage_error(CMD, "'%s': out=%s: not .png, .bmp, .tga or .jpg", shown, p->out), -2;
        if ((r = rgba8_array(shown, head, &p->arr, WT_ARRAY_SURFACE_LOAD_STORE, &w, &h, FMT_RGBA8)))
            return r;
        wt_resource_desc rd;
        memset(&rd, 0, sizeof rd);
        rd.type = WT_RESOURCE_ARRAY;
        rd.res.array.array = p->arr;
        if (wt_create_surface_object(&p->surf, &rd) != WT_SUCCESS)
            return tool_error(CMD, "surf:%s: %s", head, wt_last_error_message()), -1;
        memcpy(p->bytes, &p->surf, 8);
        return 0;
    }
    if (!strcmp(spec, "buf")) {
        if ((r = check_opts(shown, &O, BUF_OPTS)))
            return r;
        p->kind = 3;
        p->out = opt_of(&O, "out");
        p->as = opt_of(&O, "as");
        if (p->as && strcmp(p->as, "f32") && strcmp(p->as, "u32") && strcmp(p->as, "i32") && strcmp(p->as, "u8"))
            return tool_usage_error(CMD, "'%s': as=%s is not f32, u32, i32 or u8", shown, p->as), -2;
        const char *file = opt_of(&O, "file");
        p->ro = opt_of(&O, "ro") != NULL;
        if (!strcmp(head, "bench-affine")) {
            if (file)
                return tool_usage_error(CMD, "'%s': bench-affine is generated; file= does not apply", shown), -2;
            /* only the affine set is needed: computed here as bench_data.c does (docs/bench.md) */
            size_t n = BENCH_FULL_N;
            float *c = malloc(n * 8);
            if (!c)
                return tool_error(CMD, "out of memory"), -1;
            double th = 30.0 * 3.14159265358979323846 / 180.0, cs = 0.7 * cos(th), sn = 0.7 * sin(th);
            double m[6] = {cs, -sn, 1024 - 1024 * cs + 1024 * sn, sn, cs, 1024 - 1024 * sn - 1024 * cs};
            for (size_t y = 0; y < BENCH_OUT_SIDE; y++)
                for (size_t x = 0; x < BENCH_OUT_SIDE; x++) {
                    double px = (double)x + 0.5, py = (double)y + 0.5;
                    c[2 * (y * BENCH_OUT_SIDE + x)] = (float)((m[0] * px + m[1] * py + m[2]) / 2048.0);
                    c[2 * (y * BENCH_OUT_SIDE + x) + 1] = (float)((m[3] * px + m[4] * py + m[5]) / 2048.0);
                }
            p->buf = c;
            p->size = n * 8;
            p->affine = 1;
        } else {
            const unsigned long long max_bytes = (unsigned long long)1 << 34;
            unsigned long long n = 0;
            if (*head) {
                int sr = tool_scan_u64(head, 1, &n);
                if (sr == TOOL_NUM_BAD)
                    return tool_usage_error(CMD, "'%s': BYTES '%s' is not a number (decimal or 0x hexadecimal; "
                                            "buf:file=FILE leaves it out)", shown, head), -2;
                if (sr == TOOL_NUM_RANGE || n == 0 || n > max_bytes)
                    return tool_usage_error(CMD, "'%s': BYTES is %s; it must be 1..2^34 (%llu)", shown, head,
                                            max_bytes), -2;
            } else if (!file) {
                return tool_usage_error(CMD, "'%s': buf: needs BYTES or file=FILE", shown), -2;
            }
            size_t fsize = 0;
            uint8_t *fdata = NULL;
            if (file) {
                FILE *f = fopen(file, "rb");
                if (!f)
                    return tool_error(CMD, "cannot open '%s': %s", file, strerror(errno)), -1;
                fseek(f, 0, SEEK_END);
                long L = ftell(f);
                fseek(f, 0, SEEK_SET);
                if (L < 0) {
                    fclose(f);
                    return tool_error(CMD, "cannot read '%s'", file), -1;
                }
                if (!n && (unsigned long long)L > max_bytes) {
                    fclose(f);
                    return tool_error(CMD, "'%s': %s is %ld bytes; a buf: is at most 2^34", shown, file, L), -1;
                }
                fsize = (size_t)L;
                fdata = malloc(fsize ? fsize : 1);
                if (!fdata || fread(fdata, 1, fsize, f) != fsize) {
                    fclose(f);
                    free(fdata);
                    return tool_error(CMD, "cannot read '%s'", file), -1;
                }
                fclose(f);
                if (!n)
                    n = fsize;
            }
            if (n == 0) {
                free(fdata);
                return tool_usage_error(CMD, "'%s': %s is empty", shown, file), -2;
            }
            p->buf = calloc(1, (size_t)n);
            if (!p->buf) {
                free(fdata);
                return tool_error(CMD, "out of memory for buf:%llu", n), -1;
            }
            if (fdata)
                memcpy(p->buf, fdata, fsize < n ? fsize : (size_t)n);
            free(fdata);
            p->size = (size_t)n;
        }
        p->ptr = p->buf;
        memcpy(p->bytes, &p->ptr, 8);
        return 0;
    }
    return tool_usage_error(CMD, "'%s': unknown parameter kind '%s' (i32 u32 i64 u64 f32 f64 tex surf buf)", shown,
                            spec), -2;
}

static int write_buf(const param *p)
{
    size_t n = strlen(p->out);
    if (n > 4 && !strcmp(p->out + n - 4, ".csv")) {
        const char *as = p->as ? p->as : "f32";
        size_t es = !strcmp(as, "u8") ? 1 : 4, cnt = p->size / es;
        size_t cap = cnt * 24 + 16, len = 0;
        char *txt = malloc(cap);
        if (!txt)
            return tool_error(CMD, "out of memory"), -1;
        for (size_t i = 0; i < cnt; i++) {
            const uint8_t *e = (const uint8_t *)p->buf + i * es;
            if (es == 1) {
                len += (size_t)snprintf(txt + len, cap - len, "%u\n", e[0]);
            } else if (!strcmp(as, "f32")) {
                float f;
                memcpy(&f, e, 4);
                len += (size_t)snprintf(txt + len, cap - len, "%.9g\n", (double)f);
            } else if (!strcmp(as, "u32")) {
                uint32_t u;
                memcpy(&u, e, 4);
                len += (size_t)snprintf(txt + len, cap - len, "%u\n", u);
            } else {
                int32_t s;
                memcpy(&s, e, 4);
                len += (size_t)snprintf(txt + len, cap - len, "%d\n", s);
            }
        }
        int rc = tool_write_file(CMD, p->out, txt, len);
        free(txt);
        return rc;
    }
    return tool_write_file(CMD, p->out, p->buf, p->size);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* W1 through the warp API: the same texture, coordinates and output layout as the kernel. */
static double w1_direct_ms(wt_tex t, const float *uv, float *out, size_t n)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.dtype = WT_DTYPE_F32;
    op.ctype = WT_CTYPE_F32;
    double t0 = tool_now_ms();
    int failed = 0;
#pragma omp parallel for schedule(static) reduction(| : failed) num_threads(wt_get_num_threads())
    for (long long wbase = 0; wbase < (long long)n; wbase += 32) {
        wt_tex_args in;
        wt_tex_result r;
        uint32_t active = 0;
        for (int l = 0; l < 32; l++) {
            size_t i = (size_t)wbase + (size_t)l;
            if (i < n) {
                memcpy(&in.c[0][l], &uv[2 * i], 4);
                memcpy(&in.c[1][l], &uv[2 * i + 1], 4);
                active |= 1u << l;
            }
        }
        if (wt_tex_warp(&op, t, 0, active, &in, &r) != WT_SUCCESS)
            failed = 1;
        for (int l = 0; l < 32; l++) {
            size_t i = (size_t)wbase + (size_t)l;
            if (i < n)
                for (int k = 0; k < 4; k++)
                    memcpy(&out[4 * i + (size_t)k], &r.d[k][l], 4);
        }
    }
    double ms = tool_now_ms() - t0;
    return failed ? -1.0 : ms;
}

int tool_run(int argc, char **argv)
{
    const char *ptx = NULL, *entry = NULL, *grid_s = NULL, *block_s = NULL;
    long shared = 0;
    int repeat = 1, w1ref = 0;
    char **pspec = calloc((size_t)argc + 1, sizeof *pspec);
    int npspec = 0;
    if (!pspec)
        return tool_error(CMD, "out of memory"), TOOL_FAIL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            run_usage(stdout);
            free(pspec);
            return TOOL_OK;
        }
        if ((r = tool_option(CMD, argc, argv, &i, "--entry", &v))) {
            if (r < 0) goto usage;
            entry = v;
        } else if ((r = tool_option(CMD, argc, argv, &i, "--grid", &v))) {
            if (r < 0) goto usage;
            grid_s = v;
        } else if ((r = tool_option(CMD, argc, argv, &i, "--block", &v))) {
            if (r < 0) goto usage;
            block_s = v;
        } else if ((r = tool_option(CMD, argc, argv, &i, "--shared", &v))) {
            int s;
            if (r < 0 || tool_parse_int(CMD, "--shared", v, 0, 1 << 30, &s)) goto usage;
            shared = s;
        } else if ((r = tool_option(CMD, argc, argv, &i, "--repeat", &v))) {
            if (r < 0 || tool_parse_int(CMD, "--repeat", v, 1, 1000, &repeat)) goto usage;
        } else if ((r = tool_option(CMD, argc, argv, &i, "--threads", &v))) {
            int t;
            if (r < 0 || tool_parse_int(CMD, "--threads", v, 1, 1024, &t)) goto usage;
            wt_set_num_threads(t);
        } else if (!strcmp(argv[i], "--w1-reference")) {
            w1ref = 1;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            tool_usage_error(CMD, "unknown option '%s'", argv[i]);
            goto usage;
        } else if (!ptx) {
            ptx = argv[i];
        } else {
            pspec[npspec++] = argv[i];
        }
    }
    if (!ptx || !entry || !grid_s || !block_s) {
        tool_usage_error(CMD, "needs KERNEL.ptx, --entry, --grid and --block");
        goto usage;
    }
    wt_dim3 grid, block;
    if (parse_dim("--grid", grid_s, &grid) || parse_dim("--block", block_s, &block))
        goto usage;

    int rc = TOOL_FAIL;
    wt_module mod = NULL;
    param *ps = calloc((size_t)npspec + 1, sizeof *ps);
    void **pv = calloc((size_t)npspec + 1, sizeof *pv);
    float *ref_out = NULL;
    if (!ps || !pv) {
        tool_error(CMD, "out of memory");
        goto done;
    }
    if (wt_module_load_ptx_file(&mod, ptx) != WT_SUCCESS) {
        tool_error(CMD, "%s", wt_last_error_message());
        goto done;
    }
    wt_function fn;
    if (wt_module_get_function(&fn, mod, entry) != WT_SUCCESS) {
        tool_error(CMD, "%s", wt_last_error_message());
        goto done;
    }
    int nparams;
    wt_function_param_count(fn, &nparams);
    if (nparams != npspec) {
        tool_usage_error(CMD, "%s takes %d parameters, %d given", entry, nparams, npspec);
        rc = TOOL_USAGE;
        goto done;
    }
    for (int i = 0; i < npspec; i++) {
        /* parsed in place: the option strings stay in argv for the whole run */
        char shown[256];
        snprintf(shown, sizeof shown, "%s", pspec[i]);
        size_t have = (!strncmp(pspec[i], "i32:", 4) || !strncmp(pspec[i], "u32:", 4) || !strncmp(pspec[i], "f32:", 4)) ? 4 : 8;
        int pr = parse_param(pspec[i], shown, &ps[i]);
        if (pr) {
            rc = pr == -2 ? TOOL_USAGE : TOOL_FAIL; /* -2: a usage error, already reported */
            goto done;
        }
        size_t psize;
        wt_function_param_size(fn, i, &psize);
        if (psize != have) {
            tool_usage_error(CMD, "parameter %d of %s is %zu bytes, '%s' gives %zu", i, entry, psize, shown, have);
            rc = TOOL_USAGE;
            goto done;
        }
        pv[i] = ps[i].bytes;
        if (ps[i].kind == 3 &&
            wt_module_register_memory(mod, ps[i].buf, ps[i].size, !ps[i].affine && !ps[i].ro) != WT_SUCCESS) {
            tool_error(CMD, "%s", wt_last_error_message());
            goto done;
        }
    }
    double *times = calloc((size_t)repeat, sizeof *times);
    if (!times) {
        tool_error(CMD, "out of memory");
        goto done;
    }
    for (int r = 0; r < repeat; r++) {
        double t0 = tool_now_ms();
        wt_status st = wt_launch_kernel(fn, grid, block, (size_t)shared, pv);
        times[r] = tool_now_ms() - t0;
        if (st != WT_SUCCESS) {
            tool_error(CMD, "%s", wt_last_error_message());
            free(times);
            goto done;
        }
    }
    double threads = (double)grid.x * grid.y * grid.z * block.x * block.y * block.z;
    double sorted[1000];
    memcpy(sorted, times, (size_t)repeat * sizeof *times);
    qsort(sorted, (size_t)repeat, sizeof *sorted, cmp_double);
    double med = sorted[repeat / 2];
    printf("warptex run: %s: grid (%u,%u,%u) block (%u,%u,%u), %.0f threads, %d threads of the CPU\n", entry, grid.x,
           grid.y, grid.z, block.x, block.y, block.z, threads, wt_get_num_threads());
    printf("warptex run: launch took %.3f ms (median of %d; min %.3f, max %.3f): %.1f Mthreads/s\n", med, repeat,
           sorted[0], sorted[repeat - 1], threads / (med * 1e3));
    free(times);
    for (int i = 0; i < npspec; i++) {
        if (ps[i].kind == 3 && ps[i].out && write_buf(&ps[i]))
            goto done;
        if (ps[i].kind == 2 && ps[i].out) {
            tool_image img;
            size_t w = 0, h = 0;
            if (wt_array_get_info(NULL, &w, &h, NULL, NULL, ps[i].arr) != WT_SUCCESS) {
                tool_error(CMD, "%s", wt_last_error_message());
                goto done;
            }
            h = h ? h : 1;
            img.w = (int)w;
            img.h = (int)h;
            img.px = malloc(w * h * 4);
            if (!img.px || wt_memcpy_from_array(img.px, w * 4, ps[i].arr, 0, 0, 0, w, h, 1) != WT_SUCCESS ||
                tool_image_save(CMD, ps[i].out, &img)) {
                free(img.px);
                goto done;
            }
            free(img.px);
            printf("warptex run: wrote %s\n", ps[i].out);
        }
    }
    if (w1ref) {
        int ti = -1, ci = -1, oi = -1;
        for (int i = 0; i < npspec; i++) {
            if (ps[i].kind == 1 && ti < 0) ti = i;
            else if (ps[i].kind == 3 && ps[i].affine && ci < 0) ci = i;
            else if (ps[i].kind == 3 && !ps[i].affine && oi < 0) oi = i;
        }
        if (ti < 0 || ci < 0 || oi < 0 || ps[oi].size < (ps[ci].size / 8) * 16) {
            tool_usage_error(CMD, "--w1-reference needs tex:, buf:bench-affine and an output buf of 16 bytes per pair");
            rc = TOOL_USAGE;
            goto done;
        }
        size_t n = ps[ci].size / 8;
        ref_out = malloc(n * 16);
        if (!ref_out) {
            tool_error(CMD, "out of memory");
            goto done;
        }
        /* kernel and direct calls alternate, so that both see the same machine load; the best
         * pass of each is compared (the least disturbed by other work on the machine) */
        double kbest = sorted[0], dbest = 1e300;
        for (int r = 0; r < repeat; r++) {
            double d = w1_direct_ms(ps[ti].tex, ps[ci].buf, ref_out, n);
            if (d < 0) {
                tool_error(CMD, "wt_tex_warp: %s", wt_last_error_message());
                goto done;
            }
            dbest = d < dbest ? d : dbest;
            double t0 = tool_now_ms();
            if (wt_launch_kernel(fn, grid, block, (size_t)shared, pv) != WT_SUCCESS) {
                tool_error(CMD, "%s", wt_last_error_message());
                goto done;
            }
            double k = tool_now_ms() - t0;
            kbest = k < kbest ? k : kbest;
        }
        if (memcmp(ref_out, ps[oi].buf, n * 16)) {
            tool_error(CMD, "the kernel's output differs from the warp API's");
            goto done;
        }
        printf("warptex run: W1 as a PTX kernel: %.1f Msamples/s; direct wt_tex_warp: %.1f Msamples/s; "
               "ratio %.2f (best of %d alternating passes each; outputs identical)\n",
               (double)n / (kbest * 1e3), (double)n / (dbest * 1e3), dbest / kbest, repeat);
    }
    rc = TOOL_OK;
done:
    for (int i = 0; ps && i < npspec; i++) {
        if (ps[i].tex)
            wt_destroy_texture_object(ps[i].tex);
        if (ps[i].surf)
            wt_destroy_surface_object(ps[i].surf);
        if (ps[i].arr)
            wt_free_array(ps[i].arr);
        free(ps[i].buf);
    }
    if (mod)
        wt_module_unload(mod);
    free(ref_out);
    free(ps);
    free(pv);
    free(pspec);
    return rc;
usage:
    free(pspec);
    return TOOL_USAGE;
}
