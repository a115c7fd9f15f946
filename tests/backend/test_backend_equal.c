/* test_backend_equal.c -- every compiled-in backend against the scalar reference, bit for bit
 * SPDX-License-Identifier: MIT
 *
 * For each backend usable here other than scalar: textures of the shapes
 * the backends specialise (RGBA8 read as normalised float or element type,
 * linear and point, clamp, normalised coordinates, power-of-two extents) and
 * neighbours that must fall back to the generic path (other address modes,
 * unnormalised coordinates, odd extents, sRGB, other formats), sampled by
 * random warps whose coordinates include texel centres and edges, the 1/256
 * weight switch points, NaN, ±inf, huge and subnormal values, under random
 * active masks, through every op the kernels take and some they must
 * refuse.  Every output word must equal the reference's, and inactive lanes
 * must keep what was there.  A backend the CPU lacks is reported skipped,
 * never passed; where a specialised kernel is expected, the test checks it
 * was bound, so a silently generic backend fails.  A failure prints a
 * one-line reproducer.  WARPTEX_STRESS=k runs k times the warps. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "core/cpu.h"
#include "core/dispatch.h"
#include "warptex/lane2d.h"
#include "simd/tex_shapes.h"
#include "run_env.h"
#include "warptex.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* A coordinate for an axis of n texels, normalised or not. */
static uint32_t coord(int32_t n, int norm)
{
    float scale = norm ? 1.0f / (float)n : 1.0f;
    int32_t k = (int32_t)(next32() % (uint32_t)(n + 4)) - 2;
    switch (next32() % 12) {
    case 0: return fbits((float)k * scale);                          /* texel edge */
    case 1: return fbits(((float)k + 0.5f) * scale);                 /* texel centre */
    case 2: {                                                        /* a 1/256 switch point, +-1 ulp */
        float x = ((float)k + 0.5f + ((float)(next32() % 256) + 0.5f) / 256.0f) * scale;
        uint32_t u = fbits(x) + (uint32_t)(int32_t)(next32() % 3) - 1u;
        return u;
    }
    case 3: {
        static const uint32_t sp[] = {0x7fc00000u, 0xffc00001u, 0x7f800000u, 0xff800000u, 0x80000000u, 0x00000001u,
                                      0x80000001u, 0x7f7fffffu, 0xff7fffffu, 0x4e800000u, 0xce800000u, 0x3f800000u};
        return sp[next32() % (sizeof sp / sizeof sp[0])];
    }
    case 4: return fbits(((float)(int32_t)(next32() % 2000001u) - 1000000.0f) * scale);   /* far outside */
    default: return fbits(((float)next32() / 4294967296.0f * 1.5f - 0.25f) * (norm ? 1.0f : (float)n));
    }
}

typedef struct tcase {
    int w, h;
    int fmt;    /* 0 RGBA8, 1 R8, 2 RGBA16, 3 R32F, 4 RG8, 5 R16, 6 RGBA32F, 7 RGBA16F, 8 RG32F (unsigned);
                 * 9 RGBA8, 10 R16, 11 RG8 signed (SNORM when read normalised); 12 RG16 unsigned */
    int read_norm, srgb, linear, norm;
    int addr;   /* wt_address_mode on both axes */
    int expect; /* 1: the backend must have bound a specialised kernel */
    int layers; /* 0: 2D; else a 2D layered texture of that many layers (.a2d) */
    int depth;  /* 0: not 3D; else a 3D texture of that depth (.3d) */
    int addr1;  /* 0: axis 1 has addr too; else its wt_address_mode + 1 */
    int pitch;  /* a pitch2D resource over host memory instead of an array (2D only) */
} tcase;

static const int bits[] = {8, 8, 16, 32, 8, 16, 32, 16, 32, 8, 16, 8, 16},
                 nch[] = {4, 1, 4, 1, 2, 1, 4, 4, 2, 4, 1, 2, 2};
static const wt_channel_kind kind[] = {WT_CHANNEL_UNSIGNED, WT_CHANNEL_UNSIGNED, WT_CHANNEL_UNSIGNED,
                                       WT_CHANNEL_FLOAT,    WT_CHANNEL_UNSIGNED, WT_CHANNEL_UNSIGNED,
                                       WT_CHANNEL_FLOAT,    WT_CHANNEL_FLOAT,    WT_CHANNEL_FLOAT,
                                       WT_CHANNEL_SIGNED,   WT_CHANNEL_SIGNED,   WT_CHANNEL_SIGNED,
                                       WT_CHANNEL_UNSIGNED};

/* bytes of random texels of format fmt (malloc'd): any codes; f32 texels
 * finite over wide magnitudes, plus NaNs with payloads, inf, subnormals. */
static uint8_t *random_texels(int fmt, size_t bytes)
{
    uint8_t *px = malloc(bytes);
    assert_non_null(px);
    for (size_t i = 0; i < bytes; i++)
        px[i] = (uint8_t)next32();
    if (kind[fmt] == WT_CHANNEL_FLOAT && bits[fmt] == 32)
        for (size_t i = 0; i < bytes / 4; i++) {
            float f = (float)(int32_t)next32() / 65536.0f;
            uint32_t r = next32() % 40, u = r == 0   ? 0x7fc00000u | (next32() & 0x3fffff)
                                            : r == 1 ? 0xff800001u | (next32() & 0x3ff)
                                            : r == 2 ? 0x7f800000u
                                            : r == 3 ? (next32() & 0x807fffffu)
                                            : r < 12 ? fbits(ldexpf(f, (int)(next32() % 60) - 30)) /* wide magnitudes */
                                                     : fbits(f);
            memcpy(px + 4 * i, &u, 4);
        }
    return px;
}

static wt_channel_desc fmt_desc(int fmt)
{
    int b = bits[fmt], n = nch[fmt];
    return wt_make_channel_desc(b, n >= 2 ? b : 0, n == 4 ? b : 0, n == 4 ? b : 0, kind[fmt]);
}

/* A w x h array of format fmt with `depth` slices, layers or cube faces
 * (flags as wt_malloc_array's; 0: one), filled with random texels. */
static wt_array random_array(int fmt, int w, int h, size_t depth, unsigned flags)
{
    wt_channel_desc cd = fmt_desc(fmt);
    wt_array arr = NULL;
    assert_int_equal(wt_malloc_array(&arr, &cd, (size_t)w, (size_t)h, depth, flags), WT_SUCCESS);
    size_t nl = depth ? depth : 1, es = (size_t)bits[fmt] / 8 * (size_t)nch[fmt];
    uint8_t *px = random_texels(fmt, es * (size_t)w * (size_t)h * nl);
    assert_int_equal(wt_memcpy_to_array(arr, 0, 0, 0, px, es * (size_t)w, (size_t)w, (size_t)h, nl), WT_SUCCESS);
    free(px);
    return arr;
}

/* What every case's descriptor sets alike: one address mode on all axes,
 * the filter, the read mode, the normalisation and the border colour. */
static wt_texture_desc tex_desc(int addr, int linear, int read_norm, int norm)
{
    wt_texture_desc td;
    memset(&td, 0, sizeof td);
    td.address_mode[0] = td.address_mode[1] = td.address_mode[2] = (wt_address_mode)addr;
    td.filter_mode = linear ? WT_FILTER_LINEAR : WT_FILTER_POINT;
    td.read_mode = read_norm ? WT_READ_NORMALIZED_FLOAT : WT_READ_ELEMENT_TYPE;
    td.normalized_coords = norm;
    td.border_color[0] = 0.25f;
    td.border_color[1] = 1.0f;
    td.border_color[3] = 0.5f;
    return td;
}

/* A texture object over arr. */
static wt_tex array_tex(wt_array arr, const wt_texture_desc *td)
{
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_ARRAY;
    r.res.array.array = arr;
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, td, NULL), WT_SUCCESS);
    return t;
}

/* The case's texture: over a new array (*arr), or over pitch2D host memory
 * (*mem, rows of w texels padded to 8 bytes plus 40). */
static wt_tex make_tex(const tcase *c, wt_array *arr, void **mem)
{
    wt_texture_desc td = tex_desc(c->addr, c->linear, c->read_norm, c->norm);
    if (c->addr1)
        td.address_mode[1] = (wt_address_mode)(c->addr1 - 1);
    td.srgb = c->srgb;
    *arr = NULL;
    *mem = NULL;
    if (c->pitch) {
        size_t es = (size_t)bits[c->fmt] / 8 * (size_t)nch[c->fmt];
        size_t pitch = ((size_t)c->w * es + 7) / 8 * 8 + 40;
        *mem = random_texels(c->fmt, pitch * (size_t)c->h);
        wt_resource_desc r;
        memset(&r, 0, sizeof r);
        r.type = WT_RESOURCE_PITCH2D;
        r.res.pitch2d.dev_ptr = *mem;
        r.res.pitch2d.desc = fmt_desc(c->fmt);
        r.res.pitch2d.width = (size_t)c->w;
        r.res.pitch2d.height = (size_t)c->h;
        r.res.pitch2d.pitch_in_bytes = pitch;
        wt_tex t = 0;
        assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
        return t;
    }
    *arr = random_array(c->fmt, c->w, c->h, (size_t)(c->layers + c->depth), c->layers ? WT_ARRAY_LAYERED : 0);
    return array_tex(*arr, &td);
}

static wt_op tex_op(int dtype, int flags)
{
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.ctype = WT_CTYPE_F32;
    op.mip = WT_MIP_BASE;
    op.dtype = (uint8_t)dtype;
    op.flags = (uint8_t)flags;
    return op;
}

/* One warp through the reference and through backend b, into ref and got
 * (both prefilled alike, so inactive lanes must come back untouched); the
 * two statuses must agree, and that status is returned. */
static wt_sampler warp_sampler; /* the explicit sampler of ops with WT_OP_SAMPLER (independent mode) */

static wt_status warp_both(const wt__backend *b, const wt_op *op, wt_tex t, uint32_t active, const wt_tex_args *in,
                           wt_tex_result *ref, wt_tex_result *got)
{
    for (int k = 0; k < 4; k++)
        for (int l = 0; l < WT_WARP_SIZE; l++)
            ref->d[k][l] = got->d[k][l] = 0xdead0000u + (uint32_t)l;
    assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
    wt_status s1 = wt_tex_warp(op, t, warp_sampler, active, in, ref);
    assert_int_equal(wt_set_backend(b->name), WT_SUCCESS);
    wt_status s2 = wt_tex_warp(op, t, warp_sampler, active, in, got);
    assert_int_equal(s1, s2);
    return s1;
}

static long warps_checked, kernels_seen;

/* The first destination word (register k, lane l) where two results differ; 0 when none. */
static int first_diff(const wt_tex_result *a, const wt_tex_result *b, int *k, int *l)
{
    for (*k = 0; *k < 4; ++*k)
        for (*l = 0; *l < WT_WARP_SIZE; ++*l)
            if (a->d[*k][*l] != b->d[*k][*l])
                return 1;
    return 0;
}

/* The kernels compiled for one shape (tex_tpl.h's tex2d_specs) that some
 * case bound: every one of them must be among the cases. */
#define WT__COUNT_ROW(...) +1
enum { NSHAPES = 0 WT__TEX2D_SHAPES(WT__COUNT_ROW), NU8 = 0 WT__U8_VARIANTS(WT__COUNT_ROW) };
static const char *shapes_seen[NSHAPES + NU8];
static int nshapes_seen, nu8_seen;
static void note_kernel(const char *kname)
{
    int u8 = kname && strstr(kname, "(u8 kernel") != NULL;
    if (!kname || (!u8 && !strstr(kname, "compiled for this shape")))
        return;
    for (int i = 0; i < nshapes_seen; i++)
        if (strcmp(shapes_seen[i], kname) == 0)
            return;
    if (nshapes_seen < NSHAPES + NU8) {
        shapes_seen[nshapes_seen++] = kname;
        nu8_seen += u8;
    }
}

/* wt_backend_describe(backend) names a kernel the backend bound: a kernel
 * compiled for one shape ("tex NAME (compiled for this shape)") by its
 * shape's name, a u8 variant ("..., MODE (u8 kernel, N lanes)") by its
 * address mode and its lane count, so that the description cannot drift
 * from what runs. */
static void describes_kernel(const char *backend, const char *kname)
{
    const char *d = wt_backend_describe(backend);
    char want[2][96] = {"", ""};
    const char *u8 = strstr(kname, " (u8 kernel, ");
    const char *paren = strstr(kname, " (compiled for this shape)");
    if (u8) {
        const char *mode = u8;
        while (mode > kname && mode[-1] != ' ')
            mode--;
        snprintf(want[0], sizeof want[0], " %.*s", (int)(u8 - mode), mode);
        const char *lanes = u8 + strlen(" (u8 kernel, ");
        const char *close = strchr(lanes, ')');
        assert_non_null(close);
        snprintf(want[1], sizeof want[1], "the u8 kernel, %.*s at a time", (int)(close - lanes), lanes);
    } else if (paren && !strncmp(kname, "tex ", 4)) {
        snprintf(want[0], sizeof want[0], " %.*s ", (int)(paren - kname - 4), kname + 4);
    } else {
        fail_msg("backend %s bound a kernel named '%s', neither a shape's nor a u8 variant's", backend, kname);
    }
    for (int k = 0; k < 2; k++)
        if (want[k][0] && !strstr(d, want[k]))
            fail_msg("backend %s bound '%s', but its description lacks '%s':\n%s", backend, kname, want[k], d);
}

/* The active lanes of warp wi: all of them, or (one warp in eight) a mask
 * that fills or empties whole groups of the 8 or 16 lanes a kernel runs at
 * once, or a lone lane at a group's edge (an empty lower group must not
 * stop the upper one, and an upper group's lanes must land in their own
 * slots), or a random mask (which almost never empties 16 lanes). */
static uint32_t warp_active(int wi)
{
    static const uint32_t edges[] = {0xffff0000u, 0x0000ffffu, 0xff000000u, 0x00ff0000u, 0x0000ff00u,
                                     0x000000ffu, 0x80000000u, 0x00010000u, 0x00008000u, 0x00000100u};
    if (wi % 4 == 0)
        return 0xffffffffu;
    if (wi % 8 == 2)
        return edges[(wi / 8) % (int)(sizeof edges / sizeof edges[0])];
    return next32();
}

static void compare_case(const wt__backend *b, const tcase *c, int nwarps)
{
    wt_array arr = NULL;
    void *mem = NULL;
    wt_tex t = make_tex(c, &arr, &mem);
    wt__read_begin();
    const wt__tex *obj = wt__handle_get(t, WT__KIND_TEX);
    const char *kname = NULL;
    int bound = obj && wt__tex_kernel_of(obj, b, &kname) != NULL;
    wt__read_end();
    if (c->expect && !bound)
        fail_msg("backend %s bound no kernel for case %dx%d fmt %d linear %d addr %d norm %d read_norm %d", b->name,
                 c->w, c->h, c->fmt, c->linear, c->addr, c->norm, c->read_norm);
    kernels_seen += bound;
    note_kernel(kname);
    static wt_tex_args in;
    static wt_tex_result ref, got;
    const int dtypes[] = {WT_DTYPE_F32, WT_DTYPE_U32, WT_DTYPE_S32, WT_DTYPE_F16};
    for (int wi = 0; wi < nwarps; wi++) {
        memset(&in, 0, sizeof in);
        const int o = c->layers ? 1 : 0; /* .a2d: {layer, x, y} */
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            uint32_t r = next32() % 8;
            in.c[0][l] = r == 0 ? next32() : r == 1 ? (uint32_t)c->layers : next32() % (uint32_t)(c->layers + 1);
            in.c[o][l] = coord(c->w, c->norm);
            in.c[o + 1][l] = coord(c->h, c->norm);
            if (c->depth)
                in.c[2][l] = coord(c->depth, c->norm);
            in.offset[0][l] = (int32_t)(next32() % 16) - 8;
            in.offset[1][l] = (int32_t)(next32() % 16) - 8;
        }
        uint32_t active = warp_active(wi);
        wt_op op = tex_op(dtypes[wi % 4 == 3 ? 3 : (int)(next32() % 3)], wi % 7 == 6 ? WT_OP_OFFSET : 0);
        if (c->layers)
            op.geom = WT_GEOM_A2D;
        if (c->depth) {
            op.geom = WT_GEOM_3D;
            op.flags &= (uint8_t)~WT_OP_OFFSET;
        }
        if (wi % 11 == 5) /* an explicit sampler (independent mode): the backend's generic path */
            op.flags |= WT_OP_SAMPLER;
        if (wi % 3 == 1 && !c->depth) { /* tld4, any component */
            op.family = WT_FAMILY_TLD4;
            op.comp = (uint8_t)(next32() % 4);
            if (op.dtype == WT_DTYPE_F16)
                op.dtype = WT_DTYPE_F32;
        }
        if (warp_both(b, &op, t, active, &in, &ref, &got) != WT_SUCCESS)
            continue;
        int k, l;
        if (first_diff(&ref, &got, &k, &l))
            fail_msg("repro: backend %s kernel \"%s\" tex %dx%d fmt %d read_norm %d srgb %d linear %d addr %d "
                             "norm %d dtype %d flags %d active 0x%08x lane %d x 0x%08x y 0x%08x: d[%d] 0x%08x, "
                             "reference 0x%08x",
                             b->name, kname ? kname : "generic", c->w, c->h, c->fmt, c->read_norm, c->srgb, c->linear,
                             c->addr, c->norm, op.dtype, op.flags, active, l, in.c[0][l], in.c[1][l], k, got.d[k][l],
                             ref.d[k][l]);
        /* The per-lane NVVM calls take the object's kernel too (the one-lane
         * fast path): the same words as the reference. */
        if (op.family == WT_FAMILY_TEX && op.flags == 0)
            for (int l = 0; l < 4; l++) {
                float x, y;
                memcpy(&x, &in.c[o][l], 4);
                memcpy(&y, &in.c[o + 1][l], 4);
                int32_t layer = (int32_t)in.c[0][l];
                float z;
                memcpy(&z, &in.c[2][l], 4);
                wt_float4 f[2];
                wt_int4 u[2];
                for (int k = 0; k < 2; k++) {
                    assert_int_equal(wt_set_backend(k ? b->name : "scalar"), WT_SUCCESS);
                    f[k] = c->depth    ? wt_tex_unified_3d_v4f32_f32(t, x, y, z)
                           : c->layers ? wt_tex_unified_2d_array_v4f32_f32(t, layer, x, y)
                                       : wt_tex_unified_2d_v4f32_f32(t, x, y);
                    u[k] = c->depth    ? wt_tex_unified_3d_v4u32_f32(t, x, y, z)
                           : c->layers ? wt_tex_unified_2d_array_v4u32_f32(t, layer, x, y)
                                       : wt_tex_unified_2d_v4u32_f32(t, x, y);
                    (void)wt_get_last_error();
                }
                if (memcmp(&f[0], &f[1], sizeof f[0]) || memcmp(&u[0], &u[1], sizeof u[0]))
                    fail_msg("repro: backend %s per-lane call on tex %dx%d fmt %d linear %d addr %d norm %d at x 0x%08x "
                             "y 0x%08x differs from the reference",
                             b->name, c->w, c->h, c->fmt, c->linear, c->addr, c->norm, in.c[0][l], in.c[1][l]);
            }
        warps_checked++;
    }
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    if (arr)
        assert_int_equal(wt_free_array(arr), WT_SUCCESS);
    free(mem);
}

/* ---- mipmapped textures ([semantics#mipmaps]): tex.base and tex.level, tld4 on the base level ---- */

typedef struct mcase {
    int w, h, depth, layers; /* depth: 3D; layers: .a2d; neither: 2D */
    int levels;              /* levels of the mipmapped array */
    int fmt, read_norm, linear, mip_linear, addr;
    float bias, minc, maxc;  /* mipmap_level_bias, min/max_mipmap_level_clamp */
    int first, last;         /* view levels (0, 0: no view) */
    int aniso, notri;        /* max_anisotropy, disable_trilinear_optimization */
    int expect;              /* 1: the backend must have bound a specialised kernel */
} mcase;

static wt_tex make_mip_tex(const mcase *c, wt_mipmapped_array *marr)
{
    wt_channel_desc cd = fmt_desc(c->fmt);
    assert_int_equal(wt_malloc_mipmapped_array(marr, &cd, (size_t)c->w, (size_t)c->h,
                                               (size_t)(c->layers + c->depth), (unsigned)c->levels,
                                               c->layers ? WT_ARRAY_LAYERED : 0),
                     WT_SUCCESS);
    size_t es = (size_t)bits[c->fmt] / 8 * (size_t)nch[c->fmt];
    for (int v = 0; v < c->levels; v++) { /* every level its own random texels */
        wt_array la = NULL;
        assert_int_equal(wt_get_mipmapped_array_level(&la, *marr, (unsigned)v), WT_SUCCESS);
        size_t w = (size_t)(c->w >> v ? c->w >> v : 1), h = (size_t)(c->h >> v ? c->h >> v : 1);
        size_t d = c->layers ? (size_t)c->layers : c->depth ? (size_t)(c->depth >> v ? c->depth >> v : 1) : 1;
        uint8_t *px = random_texels(c->fmt, es * w * h * d);
        assert_int_equal(wt_memcpy_to_array(la, 0, 0, 0, px, es * w, w, h, d), WT_SUCCESS);
        free(px);
    }
    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    r.type = WT_RESOURCE_MIPMAPPED_ARRAY;
    r.res.mipmap.mipmap = *marr;
    wt_texture_desc td = tex_desc(c->addr, c->linear, c->read_norm, 1); /* [semantics#mip-levels]: mipmapped arrays need it */
    td.mipmap_filter_mode = c->mip_linear ? WT_FILTER_LINEAR : WT_FILTER_POINT;
    td.mipmap_level_bias = c->bias;
    td.min_mipmap_level_clamp = c->minc;
    td.max_mipmap_level_clamp = c->maxc;
    td.max_anisotropy = (unsigned)c->aniso;
    td.disable_trilinear_optimization = c->notri;
    wt_resource_view_desc view;
    memset(&view, 0, sizeof view);
    view.first_mipmap_level = (unsigned)c->first;
    view.last_mipmap_level = (unsigned)c->last;
    wt_tex t = 0;
    assert_int_equal(wt_create_texture_object(&t, &r, &td, c->first || c->last ? &view : NULL), WT_SUCCESS);
    return t;
}

/* An explicit LOD: NaN ([semantics#decision-nan-lod]), ±inf, huge, ±0, subnormal, exact quarter and
 * half steps, 1/256 steps ± 1 ulp (the truncation), the clamps ± a little,
 * and anything in between. */
static uint32_t lod_value(const mcase *c)
{
    int span = c->levels + 3;
    switch (next32() % 10) {
    case 0: {
        static const uint32_t sp[] = {0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x7f800000u, 0xff800000u, 0x7f7fffffu,
                                      0xff7fffffu, 0x4f000000u, 0xcf000000u, 0x80000000u, 0x00000000u, 0x00000001u,
                                      0x80000001u, 0x3b800000u, 0xbb800000u, 0x3b7fffffu, 0x4e800000u, 0xce800001u};
        return sp[next32() % (sizeof sp / sizeof sp[0])];
    }
    case 1:
    case 2: return fbits((float)((int32_t)(next32() % (uint32_t)(8 * span)) - 8) / 4.0f); /* quarter steps */
    case 3:
    case 4: { /* a 1/256 step, +-1 ulp */
        float x = (float)((int32_t)(next32() % (uint32_t)(256 * span)) - 512) / 256.0f;
        return fbits(x) + (uint32_t)(int32_t)(next32() % 3) - 1u;
    }
    case 5: { /* around a clamp or the bias-shifted clamp */
        float base = next32() % 2 ? c->minc : c->maxc;
        if (next32() % 2)
            base -= c->bias;
        return fbits(base + (float)((int32_t)(next32() % 9) - 4) / 256.0f);
    }
    default: return fbits((float)next32() / 4294967296.0f * (float)span - 1.5f);
    }
}

/* One gradient component in normalised units for an axis of n texels:
 * 2^e texels (times a random mantissa) for e over every level and beyond,
 * exact powers of two (the 1/256 steps of the log2 table), ±0, NaN, ±inf,
 * subnormal and huge values. */
static float grad_value(int n, int levels)
{
    float sgn = next32() % 2 ? -1.0f : 1.0f;
    int e = (int)(next32() % (uint32_t)(levels + 6)) - 3;
    switch (next32() % 12) {
    case 0: {
        static const uint32_t sp[] = {0x00000000u, 0x80000000u, 0x7fc00000u, 0xffc00001u, 0x7f800000u, 0xff800000u,
                                      0x00000001u, 0x807fffffu, 0x7f7fffffu, 0x71000000u, 0x0d000000u, 0x8c800000u};
        float f;
        memcpy(&f, &sp[next32() % (sizeof sp / sizeof sp[0])], 4);
        return f;
    }
    case 1:
    case 2: return sgn * ldexpf(1.0f, e) / (float)n;
    case 3: return 0.0f;
    default: return sgn * ldexpf(1.0f + (float)next32() / 4294967296.0f, e) / (float)n;
    }
}

static long mip_warps_checked;

static void compare_mip_case(const wt__backend *b, const mcase *c, int nwarps)
{
    wt_mipmapped_array marr = NULL;
    wt_tex t = make_mip_tex(c, &marr);
    wt__read_begin();
    const wt__tex *obj = wt__handle_get(t, WT__KIND_TEX);
    const char *kname = NULL;
    int bound = obj && wt__tex_kernel_of(obj, b, &kname) != NULL;
    wt__read_end();
    if (c->expect && !bound)
        fail_msg("backend %s bound no kernel for mipmapped case %dx%dx%d layers %d levels %d fmt %d linear %d "
                 "mip_linear %d addr %d",
                 b->name, c->w, c->h, c->depth, c->layers, c->levels, c->fmt, c->linear, c->mip_linear, c->addr);
    kernels_seen += bound;
    static wt_tex_args in;
    static wt_tex_result ref, got;
    const int dtypes[] = {WT_DTYPE_F32, WT_DTYPE_U32, WT_DTYPE_S32};
    const int o = c->layers ? 1 : 0;
    for (int wi = 0; wi < nwarps; wi++) {
        memset(&in, 0, sizeof in);
        /* Some warps sit at one LOD (one or two levels for all lanes), the
         * others spread over every level. */
        uint32_t shared_lod = lod_value(c);
        int spread = wi % 3 != 0;
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            uint32_t r = next32() % 8;
            in.c[0][l] = r == 0 ? next32() : r == 1 ? (uint32_t)c->layers : next32() % (uint32_t)(c->layers + 1);
            in.c[o][l] = coord(c->w, 1);
            in.c[o + 1][l] = coord(c->h, 1);
            if (c->depth)
                in.c[2][l] = coord(c->depth, 1);
            in.lod[l] = spread ? lod_value(c) : shared_lod;
            for (int k = 0; k < 2; k++) {
                int n = k ? c->h : c->w;
                in.dpdx[k][l] = grad_value(n, c->levels);
                in.dpdy[k][l] = grad_value(n, c->levels);
            }
            in.dpdx[2][l] = grad_value(c->depth ? c->depth : 1, c->levels);
            in.dpdy[2][l] = grad_value(c->depth ? c->depth : 1, c->levels);
            switch (next32() % 7) { /* diagonals that cancel or add: dPdy = ±dPdx, on one axis or both */
            case 0: in.dpdy[0][l] = -in.dpdx[0][l]; break;
            case 1: in.dpdy[0][l] = in.dpdx[0][l], in.dpdy[1][l] = -in.dpdx[1][l]; break;
            case 2: in.dpdx[1][l] = in.dpdy[1][l] = 0.0f; break; /* parallel, along x */
            case 3: /* every component subnormal (scaled, still tiny) */
                for (int k = 0; k < 2; k++) {
                    uint32_t u[2] = {(next32() % 2) << 31 | next32() % 0x40u, (next32() % 2) << 31 | next32() % 0x40u};
                    memcpy(&in.dpdx[k][l], &u[0], 4);
                    memcpy(&in.dpdy[k][l], &u[1], 4);
                }
                break;
            default: break;
            }
        }
        uint32_t active = warp_active(wi);
        wt_op op = tex_op(dtypes[next32() % 3], 0);
        op.geom = (uint8_t)(c->depth ? WT_GEOM_3D : c->layers ? WT_GEOM_A2D : WT_GEOM_2D);
        op.mip = (uint8_t)(wi % 5 == 4 ? WT_MIP_BASE : wi % 5 == 1 || wi % 5 == 2 ? WT_MIP_GRAD : WT_MIP_LEVEL);
        if (wi % 7 == 3 && !c->depth) { /* [semantics#decision-tld4-mipmaps]: tld4 gathers from the base level */
            op.family = WT_FAMILY_TLD4;
            op.mip = WT_MIP_BASE;
            op.comp = (uint8_t)(next32() % 4);
        }
        if (warp_both(b, &op, t, active, &in, &ref, &got) != WT_SUCCESS)
            continue;
        int k, l;
        if (first_diff(&ref, &got, &k, &l))
            fail_msg("repro: backend %s kernel \"%s\" mipmapped tex %dx%dx%d layers %d levels %d view [%d,%d] "
                             "fmt %d read_norm %d linear %d mip_linear %d addr %d bias %a clamps [%a,%a] aniso %d "
                             "notri %d family %d mip %d dtype %d active 0x%08x lane %d c 0x%08x 0x%08x 0x%08x "
                             "lod 0x%08x dPdx %a %a %a dPdy %a %a %a: d[%d] 0x%08x, reference 0x%08x",
                             b->name, kname ? kname : "generic", c->w, c->h, c->depth, c->layers, c->levels, c->first,
                             c->last, c->fmt, c->read_norm, c->linear, c->mip_linear, c->addr, (double)c->bias,
                             (double)c->minc, (double)c->maxc, c->aniso, c->notri, op.family, op.mip, op.dtype, active,
                             l, in.c[0][l], in.c[1][l], in.c[2][l], in.lod[l], (double)in.dpdx[0][l],
                             (double)in.dpdx[1][l], (double)in.dpdx[2][l], (double)in.dpdy[0][l],
                             (double)in.dpdy[1][l], (double)in.dpdy[2][l], k, got.d[k][l], ref.d[k][l]);
        /* The per-lane NVVM .level/.grad calls take the kernel too (one-lane fast path). */
        if (op.family == WT_FAMILY_TEX && op.mip != WT_MIP_BASE && !(op.mip == WT_MIP_GRAD && c->depth))
            for (int l = 0; l < 4; l++) {
                float x, y, z, lod;
                memcpy(&x, &in.c[o][l], 4);
                memcpy(&y, &in.c[o + 1][l], 4);
                memcpy(&z, &in.c[2][l], 4);
                memcpy(&lod, &in.lod[l], 4);
                wt_float4 f[2];
                const float *gx[2] = {&in.dpdx[0][l], &in.dpdx[1][l]}, *gy[2] = {&in.dpdy[0][l], &in.dpdy[1][l]};
                for (int k = 0; k < 2; k++) {
                    assert_int_equal(wt_set_backend(k ? b->name : "scalar"), WT_SUCCESS);
                    if (op.mip == WT_MIP_GRAD)
                        f[k] = c->layers ? wt_tex_unified_2d_array_grad_v4f32_f32(t, (int32_t)in.c[0][l], x, y, *gx[0],
                                                                                   *gx[1], *gy[0], *gy[1])
                                         : wt_tex_unified_2d_grad_v4f32_f32(t, x, y, *gx[0], *gx[1], *gy[0], *gy[1]);
                    else
                        f[k] = c->depth    ? wt_tex_unified_3d_level_v4f32_f32(t, x, y, z, lod)
                               : c->layers ? wt_tex_unified_2d_array_level_v4f32_f32(t, (int32_t)in.c[0][l], x, y, lod)
                                           : wt_tex_unified_2d_level_v4f32_f32(t, x, y, lod);
                    (void)wt_get_last_error();
                }
                if (memcmp(&f[0], &f[1], sizeof f[0]))
                    fail_msg("repro: backend %s per-lane mip %d call on mipmapped tex %dx%dx%d levels %d fmt %d "
                             "linear %d mip_linear %d at c 0x%08x 0x%08x lod 0x%08x dPdx %a %a dPdy %a %a differs "
                             "from the reference",
                             b->name, op.mip, c->w, c->h, c->depth, c->levels, c->fmt, c->linear, c->mip_linear,
                             in.c[o][l], in.c[o + 1][l], in.lod[l], (double)*gx[0], (double)*gx[1], (double)*gy[0],
                             (double)*gy[1]);
            }
        warps_checked++;
        mip_warps_checked++;
    }
    assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
    assert_int_equal(wt_free_mipmapped_array(marr), WT_SUCCESS);
}

/* A cube direction component: in [-1.5, 1.5], or one that makes a tie, a
 * zero (of either sign), NaN, an infinity or a huge value. */
static uint32_t cube_comp(uint32_t other)
{
    switch (next32() % 12) {
    case 0: return 0x00000000u;
    case 1: return 0x80000000u;
    case 2: return other;               /* |a| == |b|: a tie of major axes */
    case 3: return other ^ 0x80000000u;
    case 4: return 0x7fc00000u;
    case 5: return (next32() & 1u) ? 0x7f800000u : 0xff800000u;
    case 6: return fbits(((float)(int32_t)(next32() % 2001u) - 1000.0f) * 1e30f);
    default: return fbits((float)next32() / 4294967296.0f * 3.0f - 1.5f);
    }
}

/* Cubemaps (.cube, .acube): the kernels project to a face in vector form
 * ([semantics#cube-faces]) and sample it as a layer; seamless linear filtering is left to the
 * reference (not bound). */
typedef struct ccase {
    int n, fmt, read_norm, linear, norm, addr, cubes, seamless, expect;
} ccase;

static void compare_cube_case(const wt__backend *b, const ccase *c, int nwarps)
{
    wt_array arr = random_array(c->fmt, c->n, c->n, 6u * (size_t)(c->cubes ? c->cubes : 1),
                                WT_ARRAY_CUBEMAP | (c->cubes ? WT_ARRAY_LAYERED : 0));
    wt_texture_desc td = tex_desc(c->addr, c->linear, c->read_norm, c->norm);
    td.seamless_cubemap = c->seamless;
    wt_tex t = array_tex(arr, &td);
    wt__read_begin();
    const wt__tex *obj = wt__handle_get(t, WT__KIND_TEX);
    const char *kname = NULL;
    int bound = obj && wt__tex_kernel_of(obj, b, &kname) != NULL;
    wt__read_end();
    if (c->expect != bound)
        fail_msg("backend %s: cube case n %d fmt %d linear %d seamless %d: kernel %s, expected %s", b->name, c->n,
                 c->fmt, c->linear, c->seamless, bound ? "bound" : "not bound", c->expect ? "one" : "none");
    kernels_seen += bound;
    static wt_tex_args in;
    static wt_tex_result ref, got;
    const int dtypes[] = {WT_DTYPE_F32, WT_DTYPE_U32, WT_DTYPE_S32};
    const int o = c->cubes ? 1 : 0; /* .acube: {cube, x, y, z} */
    for (int wi = 0; wi < nwarps; wi++) {
        memset(&in, 0, sizeof in);
        for (int l = 0; l < WT_WARP_SIZE; l++) {
            in.c[0][l] = next32() % 4 == 0 ? next32() : next32() % (uint32_t)(c->cubes + 1);
            uint32_t x = cube_comp(fbits(0.5f)), y = cube_comp(x), z = cube_comp(next32() % 2 ? x : y);
            in.c[o][l] = x;
            in.c[o + 1][l] = y;
            in.c[o + 2][l] = z;
        }
        uint32_t active = warp_active(wi);
        wt_op op = tex_op(dtypes[next32() % 3], 0);
        op.geom = (uint8_t)(c->cubes ? WT_GEOM_ACUBE : WT_GEOM_CUBE);
        if (wi % 5 == 4) { /* tld4 on a cube: the reference's */
            op.family = WT_FAMILY_TLD4;
            op.comp = (uint8_t)(next32() % 4);
        }
        if (warp_both(b, &op, t, active, &in, &ref, &got) != WT_SUCCESS)
            continue;
        int k, l;
        if (first_diff(&ref, &got, &k, &l))
            fail_msg("repro: backend %s kernel \"%s\" cube n %d cubes %d fmt %d read_norm %d linear %d "
                             "addr %d norm %d seamless %d family %d dtype %d active 0x%08x lane %d cube %u dir "
                             "0x%08x 0x%08x 0x%08x: d[%d] 0x%08x, reference 0x%08x",
                             b->name, kname ? kname : "generic", c->n, c->cubes, c->fmt, c->read_norm, c->linear,
                             c->addr, c->norm, c->seamless, op.family, op.dtype, active, l, in.c[0][l], in.c[o][l],
                             in.c[o + 1][l], in.c[o + 2][l], k, got.d[k][l], ref.d[k][l]);
        warps_checked++;
    }
    wt_destroy_texture_object(t);
    wt_free_array(arr);
}

static void every_backend_equals_scalar(void **state)
{
    (void)state;
    const int stress = wt_test_stress();
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    const char *before = wt_backend_name();
    int compared = 0;
    for (size_t i = 0; i < nb; i++) {
        const wt__backend *b = list[i];
        if (!wt_test_backend_compared(b))
            continue;
        const int C = WT_ADDRESS_CLAMP, W = WT_ADDRESS_WRAP, M = WT_ADDRESS_MIRROR, B = WT_ADDRESS_BORDER;
        const int K = b->bind_tex != NULL; /* a backend with kernels must bind these */
        const tcase cases[] = {
            /* specialised: 8/16-bit unsigned, any mode, normalised power-of-two or unnormalised */
            {64, 32, 0, 1, 0, 1, 1, C, K, 0, 0, 0, 0},  {256, 256, 0, 1, 0, 1, 1, C, K, 0, 0, 0, 0}, {1, 1, 0, 1, 0, 1, 1, C, K, 0, 0, 0, 0},
            {2, 8, 0, 1, 0, 1, 1, C, K, 0, 0, 0, 0},    {1024, 4, 0, 0, 0, 0, 1, C, K, 0, 0, 0, 0},  {16, 16, 0, 1, 0, 0, 1, C, K, 0, 0, 0, 0},
            {64, 32, 0, 1, 0, 1, 1, W, K, 0, 0, 0, 0},  {64, 32, 0, 1, 0, 1, 1, M, K, 0, 0, 0, 0},   {64, 32, 0, 1, 0, 1, 1, B, K, 0, 0, 0, 0},
            {1, 2, 0, 1, 0, 1, 1, M, K, 0, 0, 0, 0},    {1, 1, 0, 1, 0, 1, 1, W, K, 0, 0, 0, 0},     {32, 8, 0, 1, 0, 0, 1, W, K, 0, 0, 0, 0},
            {32, 8, 0, 0, 0, 0, 1, M, K, 0, 0, 0, 0},   {8, 4, 0, 0, 0, 0, 1, B, K, 0, 0, 0, 0},     {13, 7, 0, 1, 0, 1, 0, C, K, 0, 0, 0, 0},
            {13, 7, 0, 1, 0, 1, 0, B, K, 0, 0, 0, 0},   {13, 7, 0, 1, 0, 0, 0, W, K, 0, 0, 0, 0},    {64, 32, 1, 1, 0, 1, 1, C, K, 0, 0, 0, 0},
            {64, 32, 1, 1, 0, 1, 1, B, K, 0, 0, 0, 0},  {64, 32, 2, 1, 0, 1, 1, W, K, 0, 0, 0, 0},   {64, 32, 2, 0, 0, 0, 1, M, K, 0, 0, 0, 0},
            {16, 16, 4, 1, 0, 1, 1, M, K, 0, 0, 0, 0},  {16, 16, 5, 1, 0, 1, 1, B, K, 0, 0, 0, 0},   {16, 16, 4, 0, 0, 0, 0, C, K, 0, 0, 0, 0},
            {32, 32, 2, 1, 0, 0, 1, B, K, 0, 0, 0, 0},  {16, 16, 1, 1, 0, 0, 1, W, K, 0, 0, 0, 0},
            /* layered (.a2d): layers past the end read the last one */
            {16, 8, 0, 1, 0, 1, 1, C, K, 3, 0, 0, 0}, {16, 8, 0, 1, 0, 0, 1, W, K, 5, 0, 0, 0}, {8, 8, 5, 1, 0, 1, 1, B, K, 2, 0, 0, 0},
            {13, 7, 6, 0, 0, 0, 0, M, K, 4, 0, 0, 0}, {32, 4, 4, 0, 0, 0, 0, C, K, 1, 0, 0, 0},
            /* 3D (.3d) */
            {8, 4, 0, 1, 0, 1, 1, C, K, 0, 16, 0, 0}, {16, 8, 2, 1, 0, 1, 1, W, K, 0, 4, 0, 0}, {4, 4, 1, 1, 0, 1, 1, M, K, 0, 2, 0, 0},
            {8, 8, 0, 1, 0, 1, 1, B, K, 0, 8, 0, 0},  {5, 3, 4, 1, 0, 1, 0, C, K, 0, 7, 0, 0},  {8, 8, 0, 0, 0, 0, 0, B, K, 0, 4, 0, 0},
            {16, 4, 6, 0, 0, 0, 0, W, K, 0, 2, 0, 0}, {8, 4, 0, 1, 0, 1, 1, C, 0, 0, 3, 0, 0},
            /* float formats, linear ([semantics#float-blend]'s datapath): 2D, layered, 3D (two groups) */
            {16, 16, 6, 0, 0, 1, 1, B, K, 0, 0, 0, 0},  {13, 7, 8, 0, 0, 1, 1, M, K, 0, 0, 0, 0},   {8, 8, 7, 0, 0, 1, 0, C, K, 0, 0, 0, 0},
            {8, 4, 3, 0, 0, 1, 1, C, K, 3, 0, 0, 0},    {8, 8, 3, 0, 0, 1, 1, C, K, 0, 8, 0, 0},    {5, 3, 6, 0, 0, 1, 1, W, K, 0, 3, 0, 0},
            {4, 4, 7, 0, 0, 1, 1, B, K, 0, 4, 0, 0},
            /* signed: SNORM 8/16 (point, linear, layered, 3D) and signed element type */
            {16, 8, 9, 1, 0, 1, 1, C, K, 0, 0, 0, 0},   {16, 8, 9, 1, 0, 0, 1, B, K, 0, 0, 0, 0},   {13, 7, 10, 1, 0, 1, 1, W, K, 0, 0, 0, 0},
            {8, 8, 11, 1, 0, 1, 1, M, K, 2, 0, 0, 0},   {8, 4, 9, 1, 0, 1, 1, B, K, 0, 4, 0, 0},    {16, 8, 9, 0, 0, 0, 1, C, K, 0, 0, 0, 0},
            {13, 7, 10, 0, 0, 0, 0, B, K, 0, 0, 0, 0},  {8, 8, 11, 0, 0, 0, 1, W, K, 3, 0, 0, 0},
            /* float formats, point */
            {64, 32, 3, 0, 0, 0, 1, B, K, 0, 0, 0, 0},  {64, 32, 6, 0, 0, 0, 1, C, K, 0, 0, 0, 0},   {32, 16, 7, 0, 0, 0, 1, W, K, 0, 0, 0, 0},
            {16, 16, 8, 0, 0, 0, 1, M, K, 0, 0, 0, 0},  {13, 7, 6, 0, 0, 0, 0, B, K, 0, 0, 0, 0},    {13, 7, 7, 0, 0, 0, 0, C, K, 0, 0, 0, 0},
            /* generic neighbours */
            /* normalised coordinates on other extents */
            {13, 7, 0, 1, 0, 1, 1, C, K, 0, 0, 0, 0},   {13, 7, 0, 1, 0, 1, 1, W, K, 0, 0, 0, 0},   {13, 7, 0, 1, 0, 0, 1, M, K, 0, 0, 0, 0},
            {100, 3, 1, 1, 0, 1, 1, B, K, 0, 0, 0, 0},  {3, 1, 2, 1, 0, 1, 1, M, K, 0, 0, 0, 0},    {6, 10, 0, 1, 0, 1, 1, W, K, 3, 0, 0, 0},
            {5, 3, 0, 1, 0, 1, 1, M, K, 0, 3, 0, 0},    {7, 9, 6, 0, 0, 0, 1, W, K, 0, 0, 0, 0},    {131, 33, 5, 0, 0, 0, 1, B, K, 0, 0, 0, 0},    {64, 32, 0, 1, 1, 1, 1, C, 0, 0, 0, 0, 0},
            {64, 32, 3, 0, 0, 1, 1, C, K, 0, 0, 0, 0},  {64, 32, 7, 0, 0, 1, 1, W, K, 0, 0, 0, 0},   {13, 7, 6, 0, 0, 0, 1, C, 0, 0, 0, 0, 0},
        };
        /* explicit samplers of ops with WT_OP_SAMPLER: linear/wrap and point/clamp_ogl unnormalised */
        wt_sampler_desc sd;
        memset(&sd, 0, sizeof sd);
        sd.address_mode[0] = sd.address_mode[1] = sd.address_mode[2] = WT_ADDRESS_WRAP;
        sd.filter_mode = WT_FILTER_LINEAR;
        sd.border_color[1] = 0.75f;
        wt_sampler smp[2];
        assert_int_equal(wt_create_sampler_object(&smp[0], &sd), WT_SUCCESS);
        sd.address_mode[0] = sd.address_mode[1] = sd.address_mode[2] = WT_ADDRESS_CLAMP_OGL;
        sd.filter_mode = WT_FILTER_POINT;
        sd.force_unnormalized_coords = 1;
        assert_int_equal(wt_create_sampler_object(&smp[1], &sd), WT_SUCCESS);
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            warp_sampler = smp[k % 2];
            compare_case(b, &cases[k], 60 * stress);
        }
        /* 8-bit unsigned 2D (tex2d_u8_tpl.h): every variant (R8, RG8, RGBA8 x
         * point, linear x each mode on both axes, and mixed modes), on power-
         * of-two or other extents, normalised or not, layered or not, over an
         * array or (RGBA8) pitch2D memory */
        const int fmts[3] = {1, 4, 0}, modes[4] = {C, W, M, B};
        for (int f = 0; f < 3; f++)
            for (int linear = 0; linear < 2; linear++)
                for (int mi = 0; mi < 6; mi++) {
                    tcase u = {0};
                    u.fmt = fmts[f];
                    u.linear = linear;
                    u.read_norm = linear || next32() % 2;
                    u.norm = next32() % 4 != 0;
                    u.w = (int)(next32() % 3 == 0 ? 1 + next32() % 40 : 1u << next32() % 7);
                    u.h = (int)(next32() % 3 == 0 ? 1 + next32() % 40 : 1u << next32() % 7);
                    u.addr = mi < 4 ? modes[mi] : modes[next32() % 4];
                    if (mi >= 4) /* two different modes */
                        u.addr1 = 1 + (u.addr + 1 + (int)(next32() % 3)) % 4;
                    if (u.addr == W || u.addr == M || u.addr1 == 1 + W || u.addr1 == 1 + M)
                        u.norm = 1; /* unnormalised, wrap and mirror are clamp ([semantics#unnormalized-coords]) */
                    u.layers = next32() % 3 == 0 ? (int)(1 + next32() % 4) : 0;
                    u.pitch = f == 2 && !u.layers && next32() % 3 == 0;
                    u.expect = K;
                    warp_sampler = smp[mi % 2];
                    compare_case(b, &u, 60 * stress);
                }
        warp_sampler = 0;
        assert_int_equal(wt_destroy_sampler_object(smp[0]), WT_SUCCESS);
        assert_int_equal(wt_destroy_sampler_object(smp[1]), WT_SUCCESS);
        /* cubes: {n, fmt, read_norm, linear, norm, addr, cubes (0: .cube), seamless, expect} */
        const ccase ccases[] = {
            {16, 0, 1, 1, 1, C, 0, 0, K}, {16, 0, 1, 0, 1, W, 0, 0, K}, {13, 0, 1, 1, 1, W, 2, 0, K},
            {8, 1, 1, 1, 1, M, 0, 0, K},  {8, 2, 1, 1, 0, W, 3, 0, K},  {16, 3, 0, 1, 1, B, 0, 0, K},
            {7, 6, 0, 0, 1, C, 2, 0, K},  {8, 7, 0, 1, 1, M, 0, 0, K},  {16, 9, 1, 1, 1, C, 0, 0, K},
            {16, 0, 0, 0, 1, B, 0, 0, K}, {16, 0, 1, 0, 1, B, 0, 1, K}, {16, 0, 1, 1, 1, C, 0, 1, 0},
            {5, 3, 0, 1, 1, C, 1, 1, 0},  {32, 0, 1, 1, 1, B, 1, 0, K},
        };
        for (size_t k = 0; k < sizeof ccases / sizeof ccases[0]; k++)
            compare_cube_case(b, &ccases[k], 60 * stress);
        /* mipmapped: {w, h, depth, layers, levels, fmt, read_norm, linear,
         * mip_linear, addr, bias, min clamp, max clamp, first, last, aniso,
         * notri, expect} */
        const mcase mcases[] = {
            /* UNORM 8/16, point/linear x mip point/linear, every mode */
            {64, 32, 0, 0, 7, 0, 1, 1, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {64, 32, 0, 0, 7, 0, 1, 1, 0, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {64, 16, 0, 0, 5, 0, 1, 0, 1, M, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {32, 32, 0, 0, 6, 0, 1, 0, 0, B, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 64, 0, 0, 7, 2, 1, 1, 1, B, 0.5f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {32, 8, 0, 0, 4, 1, 1, 1, 1, M, -0.75f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 0, 5, 4, 1, 0, 1, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 0, 5, 5, 1, 1, 0, C, 1.3f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            /* element type: point only ([semantics#decision-int-linear-mip]), mip point */
            {32, 16, 0, 0, 6, 0, 0, 0, 0, C, 0.25f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 0, 5, 2, 0, 0, 0, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            /* clamps: a min clamp moves tex.base too ([semantics#decision-base-lod-clamps]), max < min, below zero ([semantics#decision-negative-clamps]) */
            {64, 32, 0, 0, 7, 0, 1, 1, 1, C, 0.0f, 1.5f, 4.25f, 0, 0, 1, 0, K},
            {64, 32, 0, 0, 7, 0, 1, 0, 1, W, 0.4f, 2.75f, 1.0f, 0, 0, 1, 0, K},
            {32, 32, 0, 0, 6, 3, 0, 1, 1, B, -0.3f, -1.5f, 2.6f, 0, 0, 1, 0, K},
            {64, 64, 0, 0, 7, 0, 1, 1, 0, M, 0.0f, 0.5f, 0.5f, 0, 0, 1, 0, K},
            /* views: first/last level (clamps relative to the view) */
            {64, 32, 0, 0, 7, 0, 1, 1, 1, C, 0.0f, 0.6f, 16.0f, 2, 5, 1, 0, K},
            {32, 32, 0, 0, 6, 6, 0, 1, 1, W, 0.2f, 0.0f, 16.0f, 1, 4, 1, 0, K},
            {32, 16, 0, 0, 6, 0, 1, 1, 1, B, 0.0f, 0.0f, 16.0f, 3, 3, 1, 0, K},
            /* non-power-of-two level extents */
            {13, 7, 0, 0, 4, 0, 1, 1, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {13, 7, 0, 0, 4, 6, 0, 1, 1, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {100, 3, 0, 0, 7, 1, 1, 0, 1, M, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            /* float formats ([semantics#float-blend]: each level its own group) */
            {32, 32, 0, 0, 6, 3, 0, 1, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 0, 5, 6, 0, 1, 1, B, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 8, 0, 0, 5, 7, 0, 1, 1, M, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 0, 5, 8, 0, 0, 1, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {32, 16, 0, 0, 6, 3, 0, 0, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {32, 16, 0, 0, 6, 7, 0, 0, 1, B, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 0, 5, 6, 0, 0, 0, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            /* layered (.a2d): every layer in every level */
            {16, 8, 0, 3, 5, 0, 1, 1, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {16, 16, 0, 4, 5, 7, 0, 1, 1, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {8, 8, 0, 2, 4, 5, 1, 0, 1, B, 0.0f, 0.0f, 16.0f, 1, 3, 1, 0, K},
            /* 3D: levels shrink in depth too; two slices per level (four groups) */
            {16, 8, 8, 0, 5, 0, 1, 1, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {8, 8, 16, 0, 5, 3, 0, 1, 1, W, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {8, 8, 8, 0, 4, 6, 0, 1, 1, B, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {8, 4, 4, 0, 4, 2, 1, 0, 1, M, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {8, 8, 8, 0, 4, 7, 0, 0, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            /* anisotropy: mip point, and linear without the trilinear
             * optimisation, are the kernel's; with it, .level is the
             * reference's (refused per op, compared all the same) */
            {32, 32, 0, 0, 6, 0, 1, 1, 0, C, 0.0f, 0.0f, 16.0f, 0, 0, 8, 0, K},
            {32, 32, 0, 0, 6, 0, 1, 1, 1, C, 0.3f, 0.0f, 16.0f, 0, 0, 4, 1, K},
            {32, 32, 0, 0, 6, 0, 1, 1, 1, W, 0.3f, 0.0f, 16.0f, 0, 0, 2, 0, K},
            {32, 32, 0, 0, 6, 3, 0, 1, 1, C, 0.0f, 0.0f, 16.0f, 0, 0, 16, 0, K},
            /* a bias that brings subnormal gradients into the levels ([semantics#lod-from-gradients]
             * is exact down to the smallest f32) */
            {64, 64, 0, 0, 7, 0, 1, 1, 1, C, 142.0f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            {64, 64, 0, 2, 7, 3, 0, 1, 0, W, 141.5f, 0.0f, 16.0f, 0, 0, 1, 0, K},
            /* one level */
            {16, 16, 0, 0, 1, 0, 1, 1, 1, C, 2.0f, 1.0f, 3.0f, 0, 0, 1, 0, K},
        };
        for (size_t k = 0; k < sizeof mcases / sizeof mcases[0]; k++)
            compare_mip_case(b, &mcases[k], 60 * stress);
        compared++;
        print_message("backend %s: %ld warps equal to the reference (%ld of them mipmapped), %ld objects with a "
                      "specialised kernel, %d kernels compiled for one shape\n",
                      b->name, warps_checked, mip_warps_checked, kernels_seen, nshapes_seen);
        /* every row of tex_shapes.h's WT__TEX2D_SHAPES and WT__U8_VARIANTS */
        if (K && (nshapes_seen - nu8_seen != NSHAPES || nu8_seen != NU8))
            fail_msg("backend %s: the cases bound %d of the %d kernels compiled for one shape and %d of the %d u8 "
                     "variants", b->name, nshapes_seen - nu8_seen, NSHAPES, nu8_seen, NU8);
        for (int i = 0; i < nshapes_seen; i++) {
            print_message("  bound: %s\n", shapes_seen[i]);
            describes_kernel(b->name, shapes_seen[i]);
        }
        nshapes_seen = nu8_seen = 0;
    }
    if (!compared)
        print_message("no backend other than scalar is usable here: nothing compared (SKIPPED)\n");
    assert_int_equal(wt_set_backend(before), WT_SUCCESS);
}

/* wt_backend_describe says what runs where, for each name warptex knows;
 * forcing a backend the build or CPU lacks is an error that changes nothing. */
static void backends_describe_themselves(void **state)
{
    (void)state;
    const char *names[] = {"scalar", "avx2", "avx512", "neon"};
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    for (size_t i = 0; i < 4; i++) {
        const char *d = wt_backend_describe(names[i]);
        assert_non_null(d);
        int compiled = 0;
        for (size_t k = 0; k < nb; k++)
            compiled |= strcmp(list[k]->name, names[i]) == 0;
        if (compiled) {
            assert_string_not_equal(d, "compiled in: no");
        } else {
            assert_string_equal(d, "compiled in: no");
            const char *before = wt_backend_name();
            assert_int_equal(wt_set_backend(names[i]), WT_ERROR_BACKEND_UNAVAILABLE);
            assert_string_equal(wt_backend_name(), before);
        }
    }
    assert_non_null(strstr(wt_backend_describe("scalar"), "reference"));
    assert_null(wt_backend_describe("sse9"));
    assert_null(wt_backend_describe(NULL));
}

/* SNORM8's 8-to-16-bit fit K = S + ((257 * (S >> 4) + 1024) >> 11) rounds
 * differently only near S = ±16384 (texels around ±64): random texels hardly
 * reach it, so textures of codes 63..65 and -65..-63 do. */
static void snorm8_fit_edges(void **state)
{
    (void)state;
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    const char *before = wt_backend_name();
    for (size_t i = 0; i < nb; i++) {
        const wt__backend *b = list[i];
        if (b->id == WT__BACKEND_SCALAR || !b->usable())
            continue;
        for (int base = -65; base <= 65; base += 130) {
            wt_channel_desc cd = wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_SIGNED);
            wt_array a = NULL;
            assert_int_equal(wt_malloc_array(&a, &cd, 8, 8, 0, 0), WT_SUCCESS);
            int8_t px[8 * 8 * 4];
            for (int k = 0; k < 256; k++)
                px[k] = (int8_t)(base + (int)(next32() % 3) - (base > 0 ? 2 : 0));
            assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, px, 32, 8, 8, 1), WT_SUCCESS);
            wt_resource_desc r;
            memset(&r, 0, sizeof r);
            r.type = WT_RESOURCE_ARRAY;
            r.res.array.array = a;
            wt_texture_desc td;
            memset(&td, 0, sizeof td);
            td.filter_mode = WT_FILTER_LINEAR;
            td.read_mode = WT_READ_NORMALIZED_FLOAT;
            td.normalized_coords = 1;
            wt_tex t = 0;
            assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
            static wt_tex_args in;
            static wt_tex_result ref, got;
            wt_op op = tex_op(WT_DTYPE_F32, 0);
            for (int w = 0; w < 200; w++) {
                for (int l = 0; l < WT_WARP_SIZE; l++) {
                    in.c[0][l] = fbits((float)(next32() % 4096) / 4096.0f);
                    in.c[1][l] = fbits((float)(next32() % 4096) / 4096.0f);
                }
                assert_int_equal(warp_both(b, &op, t, 0xffffffffu, &in, &ref, &got), WT_SUCCESS);
                for (int k = 0; k < 4; k++)
                    for (int l = 0; l < WT_WARP_SIZE; l++)
                        if (ref.d[k][l] != got.d[k][l])
                            fail_msg("repro: backend %s SNORM8 around %d at x 0x%08x y 0x%08x: d[%d] 0x%08x, reference "
                                     "0x%08x",
                                     b->name, base, in.c[0][l], in.c[1][l], k, got.d[k][l], ref.d[k][l]);
            }
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
            assert_int_equal(wt_free_array(a), WT_SUCCESS);
        }
    }
    assert_int_equal(wt_set_backend(before), WT_SUCCESS);
}

/* ---- the one-lane kernel (src/core/tex_lane.c) ------------------------------ */

/* Per-lane calls on the shapes the one-lane kernel takes (2D, .a2d and .3d
 * without mip levels, 8/16-bit unsigned with 1, 2 or 4 channels read
 * normalised or as element type, or f32/f16 (texels with NaN payloads,
 * infinities and subnormals), point or linear, each axis its own address
 * mode, normalised on any extent or unnormalised, over arrays and pitch2D
 * memory), through tex, tex.level, tex.grad and tld4: under every backend but the
 * scalar one the kernel must be bound and give the reference's words (the
 * scalar backend runs the reference itself).  Random shapes; WARPTEX_STRESS
 * multiplies them. */
static void lane_kernel_equals_scalar(void **state)
{
    (void)state;
    const int stress = wt_test_stress();
    /* RGBA8, R8, RG8, RGBA16, R16, RG16; R32F, RGBA32F, RGBA16F, RG32F */
    static const int fmts[] = {0, 1, 4, 2, 5, 12, 3, 6, 7, 8};
    static const int sizes[] = {1, 2, 3, 7, 8, 13, 16, 64};
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    const char *before = wt_backend_name();
    long calls = 0;
    for (size_t bi = 0; bi < nb; bi++) {
        const wt__backend *b = list[bi];
        if (!wt_test_backend_compared(b))
            continue;
        for (int ci = 0; ci < 300 * stress; ci++) {
            const int fmt = fmts[next32() % 10], w = sizes[next32() % 8], h = sizes[next32() % 8];
            const int fl = kind[fmt] == WT_CHANNEL_FLOAT;
            const int read_norm = !fl && next32() % 4 != 0, linear = (read_norm || fl) && next32() % 2;
            const int norm = next32() % 3 != 0;
            const int layers = next32() % 4 == 0 ? 1 + (int)(next32() % 3) : 0;
            const int depth = !layers && next32() % 4 == 0 ? sizes[next32() % 8] : 0; /* .3d */
            const int pitched = !layers && !depth && next32() % 3 == 0;
            wt_texture_desc td = tex_desc(WT_ADDRESS_CLAMP, linear, read_norm, norm);
            td.address_mode[0] = (wt_address_mode)(next32() % 4);
            td.address_mode[1] = (wt_address_mode)(next32() % 4);
            td.address_mode[2] = (wt_address_mode)(next32() % 4);
            td.border_color[2] = (float)(next32() % 5) / 4.0f;
            const size_t es = (size_t)bits[fmt] / 8 * (size_t)nch[fmt];
            wt_array arr = NULL;
            uint8_t *mem = NULL;
            wt_tex t = 0;
            if (pitched) { /* user memory, a pitch past the row with bytes that must never be read */
                size_t pitch = (es * (size_t)w + 31) & ~(size_t)31;
                mem = random_texels(fmt, pitch * (size_t)h);
                wt_resource_desc r;
                memset(&r, 0, sizeof r);
                r.type = WT_RESOURCE_PITCH2D;
                r.res.pitch2d.dev_ptr = mem;
                r.res.pitch2d.desc = fmt_desc(fmt);
                r.res.pitch2d.width = (size_t)w;
                r.res.pitch2d.height = (size_t)h;
                r.res.pitch2d.pitch_in_bytes = pitch;
                assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
            } else {
                arr = random_array(fmt, w, h, (size_t)(layers + depth), layers ? WT_ARRAY_LAYERED : 0);
                t = array_tex(arr, &td);
            }
            wt__read_begin();
            const wt__tex *obj = wt__handle_get(t, WT__KIND_TEX);
            int bound = obj && obj->lane_fn != NULL;
            wt__read_end();
            if (!bound)
                fail_msg("no one-lane kernel bound: tex %dx%d layers %d depth %d fmt %d read_norm %d linear %d "
                         "addr %d/%d/%d norm %d pitched %d", w, h, layers, depth, fmt, read_norm, linear,
                         td.address_mode[0], td.address_mode[1], td.address_mode[2], norm, pitched);
            for (int k = 0; k < 24; k++) {
                uint32_t xb = coord(w, norm), yb = coord(h, norm), zb = depth ? coord(depth, norm) : 0;
                float z;
                memcpy(&z, &zb, 4);
                float x, y, lod = (float)(int32_t)(next32() % 9) - 4.0f, g = (float)(next32() % 100) / 16.0f;
                memcpy(&x, &xb, 4);
                memcpy(&y, &yb, 4);
                int32_t layer = next32() % 4 == 0 ? (int32_t)next32() : (int32_t)(next32() % 4);
                /* tex, tex.level, tex.grad, tld4 (r, g, b or a; not on .3d) */
                const int form = (int)(next32() % (depth ? 3 : 4));
                wt_float4 f[2];
                wt_int4 u[2];
                for (int r = 0; r < 2; r++) {
                    assert_int_equal(wt_set_backend(r ? b->name : "scalar"), WT_SUCCESS);
                    if (depth) {
                        f[r] = form == 0   ? wt_tex_unified_3d_v4f32_f32(t, x, y, z)
                               : form == 1 ? wt_tex_unified_3d_level_v4f32_f32(t, x, y, z, lod)
                                           : wt_tex_unified_3d_grad_v4f32_f32(t, x, y, z, g, 0, 0, 0, g, 0);
                        u[r] = form == 0 ? wt_tex_unified_3d_v4s32_f32(t, x, y, z)
                                         : wt_tex_unified_3d_level_v4u32_f32(t, x, y, z, lod);
                    } else if (form == 3) {
                        static wt_float4 (*const g2f[4])(wt_tex, float, float) = {
                            wt_tld4_unified_r_2d_v4f32_f32, wt_tld4_unified_g_2d_v4f32_f32,
                            wt_tld4_unified_b_2d_v4f32_f32, wt_tld4_unified_a_2d_v4f32_f32};
                        static wt_int4 (*const g2u[4])(wt_tex, float, float) = {
                            wt_tld4_unified_r_2d_v4u32_f32, wt_tld4_unified_g_2d_v4u32_f32,
                            wt_tld4_unified_b_2d_v4u32_f32, wt_tld4_unified_a_2d_v4u32_f32};
                        static wt_float4 (*const a2f[4])(wt_tex, int32_t, float, float) = {
                            wt_tld4_unified_r_2d_array_v4f32_f32, wt_tld4_unified_g_2d_array_v4f32_f32,
                            wt_tld4_unified_b_2d_array_v4f32_f32, wt_tld4_unified_a_2d_array_v4f32_f32};
                        static wt_int4 (*const a2s[4])(wt_tex, int32_t, float, float) = {
                            wt_tld4_unified_r_2d_array_v4s32_f32, wt_tld4_unified_g_2d_array_v4s32_f32,
                            wt_tld4_unified_b_2d_array_v4s32_f32, wt_tld4_unified_a_2d_array_v4s32_f32};
                        const int comp = (int)(k & 3);
                        f[r] = layers ? a2f[comp](t, layer, x, y) : g2f[comp](t, x, y);
                        u[r] = layers ? a2s[comp](t, layer, x, y) : g2u[comp](t, x, y);
                    } else if (layers) {
                        f[r] = form == 0   ? wt_tex_unified_2d_array_v4f32_f32(t, layer, x, y)
                               : form == 1 ? wt_tex_unified_2d_array_level_v4f32_f32(t, layer, x, y, lod)
                                           : wt_tex_unified_2d_array_grad_v4f32_f32(t, layer, x, y, g, 0, 0, g);
                        u[r] = form == 0 ? wt_tex_unified_2d_array_v4u32_f32(t, layer, x, y)
                                         : wt_tex_unified_2d_array_level_v4s32_f32(t, layer, x, y, lod);
                    } else {
                        f[r] = form == 0   ? wt_tex_unified_2d_v4f32_f32(t, x, y)
                               : form == 1 ? wt_tex_unified_2d_level_v4f32_f32(t, x, y, lod)
                                           : wt_tex_unified_2d_grad_v4f32_f32(t, x, y, g, 0, 0, g);
                        u[r] = form == 0 ? wt_tex_unified_2d_v4u32_f32(t, x, y)
                                         : wt_tex_unified_2d_grad_v4s32_f32(t, x, y, g, g, 0, g);
                    }
                    (void)wt_get_last_error();
                }
                calls += 2;
                if (memcmp(&f[0], &f[1], sizeof f[0]) || memcmp(&u[0], &u[1], sizeof u[0]))
                    fail_msg("repro: backend %s one-lane kernel, tex %dx%d layers %d depth %d fmt %d read_norm %d "
                             "linear %d addr %d/%d/%d norm %d pitched %d form %d layer %d x 0x%08x y 0x%08x z 0x%08x: "
                             "(0x%08x 0x%08x 0x%08x 0x%08x), reference (0x%08x 0x%08x 0x%08x 0x%08x)",
                             b->name, w, h, layers, depth, fmt, read_norm, linear, td.address_mode[0],
                             td.address_mode[1], td.address_mode[2], norm, pitched, form, layer, xb, yb, zb, fbits(f[1].x), fbits(f[1].y), fbits(f[1].z),
                             fbits(f[1].w), fbits(f[0].x), fbits(f[0].y), fbits(f[0].z), fbits(f[0].w));
            }
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
            if (arr)
                assert_int_equal(wt_free_array(arr), WT_SUCCESS);
            free(mem);
        }
    }
    assert_int_equal(wt_set_backend(before), WT_SUCCESS);
    print_message("one-lane kernel: %ld per-lane calls compared\n", calls);
}

/* ---- the inline one-lane fetch (include/warptex/lane2d.h) ------------------- */

/* Its quotient K * (1 / d) in double, rounded to float, is the IEEE division
 * for every K the blend makes (0..65535 over 65535; 0..255 over 255). */
static void inline_unorm_is_division(void **state)
{
    (void)state;
    for (uint32_t k = 0; k <= 65535; k++) {
        volatile float num = (float)k, by = 65535.0f;
        if (fbits(wt__l2_unorm(k, 1.0 / 65535.0)) != fbits(num / by))
            fail_msg("repro: %u / 65535 inline 0x%08x, division 0x%08x", k, fbits(wt__l2_unorm(k, 1.0 / 65535.0)),
                     fbits(num / by));
        if (k <= 255) {
            by = 255.0f;
            if (fbits(wt__l2_unorm(k, 1.0 / 255.0)) != fbits(num / by))
                fail_msg("repro: %u / 255 inline differs from the division", k);
        }
    }
}

/* Views: handed out for .2d RGBA8 read normalised, under every backend but
 * the scalar one, for this ABI; each of the eight variants and the general
 * form (modes differing per axis, extents not a power of two) gives the
 * reference's words on random coordinates (texel edges and centres, the
 * 1/256 switch points, NaN, infinities, far outside), over arrays and pitch2D
 * memory.  Shapes it does not take get NULL. */
static void inline_lane2d_equals_scalar(void **state)
{
    (void)state;
    const int stress = wt_test_stress();
    static const int sizes[] = {1, 2, 3, 7, 8, 13, 16, 64};
    size_t nb;
    const wt__backend *const *list = wt__backend_list(&nb);
    const char *before = wt_backend_name();
    long calls = 0;
    int variants_seen[9] = {0};
    for (size_t bi = 0; bi < nb; bi++) {
        const wt__backend *b = list[bi];
        if (!wt_test_backend_compared(b) || !strcmp(b->name, "scalar"))
            continue;
        for (int ci = 0; ci < 160 * stress; ci++) {
            const int w = sizes[next32() % 8], h = sizes[next32() % 8], linear = (int)(next32() % 2);
            const int norm = next32() % 4 != 0, pitched = next32() % 3 == 0;
            wt_texture_desc td = tex_desc((int)(next32() % 4), linear, 1, norm);
            if (next32() % 3 == 0)
                td.address_mode[1] = (wt_address_mode)(next32() % 4);
            td.border_color[2] = (float)(next32() % 5) / 4.0f;
            wt_array arr = NULL;
            uint8_t *mem = NULL;
            wt_tex t = 0;
            if (pitched) {
                size_t pitch = (4 * (size_t)w + 31) & ~(size_t)31;
                mem = random_texels(0, pitch * (size_t)h);
                wt_resource_desc r;
                memset(&r, 0, sizeof r);
                r.type = WT_RESOURCE_PITCH2D;
                r.res.pitch2d.dev_ptr = mem;
                r.res.pitch2d.desc = fmt_desc(0);
                r.res.pitch2d.width = (size_t)w;
                r.res.pitch2d.height = (size_t)h;
                r.res.pitch2d.pitch_in_bytes = pitch;
                assert_int_equal(wt_create_texture_object(&t, &r, &td, NULL), WT_SUCCESS);
            } else {
                arr = random_array(0, w, h, 0, 0);
                t = array_tex(arr, &td);
            }
            assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
            assert_null(wt_tex_lane2d_view(t, WT_LANE2D_ABI)); /* the reference runs in full */
            assert_int_equal(wt_set_backend(b->name), WT_SUCCESS);
            assert_null(wt_tex_lane2d_view(t, WT_LANE2D_ABI + 1));
            const wt_lane2d_view *v = wt_tex_lane2d_view(t, WT_LANE2D_ABI);
            if (!v)
                fail_msg("no view: tex %dx%d linear %d addr %d/%d norm %d pitched %d", w, h, linear,
                         td.address_mode[0], td.address_mode[1], norm, pitched);
            assert_true(v->variant <= 8);
            variants_seen[v->variant] = 1;
            for (int k = 0; k < 48; k++) {
                uint32_t xb = coord(w, norm), yb = coord(h, norm);
                float x, y, o[4];
                memcpy(&x, &xb, 4);
                memcpy(&y, &yb, 4);
                wt_lane2d_rgba8(v, x, y, o);
                assert_int_equal(wt_set_backend("scalar"), WT_SUCCESS);
                const wt_float4 ref = wt_tex_unified_2d_v4f32_f32(t, x, y);
                assert_int_equal(wt_set_backend(b->name), WT_SUCCESS);
                calls++;
                if (fbits(o[0]) != fbits(ref.x) || fbits(o[1]) != fbits(ref.y) || fbits(o[2]) != fbits(ref.z) ||
                    fbits(o[3]) != fbits(ref.w))
                    fail_msg("repro: inline lane2d (variant %d), tex %dx%d linear %d addr %d/%d norm %d pitched %d "
                             "x 0x%08x y 0x%08x: (0x%08x 0x%08x 0x%08x 0x%08x), reference (0x%08x 0x%08x 0x%08x "
                             "0x%08x)",
                             v->variant, w, h, linear, td.address_mode[0], td.address_mode[1], norm, pitched, xb, yb,
                             fbits(o[0]), fbits(o[1]), fbits(o[2]), fbits(o[3]), fbits(ref.x), fbits(ref.y),
                             fbits(ref.z), fbits(ref.w));
            }
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
            assert_null(wt_tex_lane2d_view(t, WT_LANE2D_ABI)); /* destroyed */
            if (arr)
                assert_int_equal(wt_free_array(arr), WT_SUCCESS);
            free(mem);
        }
        /* shapes it does not take: R8, RGBA8 read as element type, layered, sRGB, RGBA16 */
        static const int other_fmt[] = {1, 0, 0, 0, 2};
        for (int c = 0; c < 5; c++) {
            wt_texture_desc td = tex_desc(WT_ADDRESS_CLAMP, c != 1, c != 1, 1);
            td.srgb = c == 3;
            wt_array arr = random_array(other_fmt[c], 8, 8, c == 2 ? 2 : 0, c == 2 ? WT_ARRAY_LAYERED : 0);
            const wt_tex t = array_tex(arr, &td);
            if (wt_tex_lane2d_view(t, WT_LANE2D_ABI))
                fail_msg("a view for a shape the inline fetch does not take (case %d)", c);
            assert_int_equal(wt_destroy_texture_object(t), WT_SUCCESS);
            assert_int_equal(wt_free_array(arr), WT_SUCCESS);
        }
        assert_null(wt_tex_lane2d_view(0, WT_LANE2D_ABI));
        assert_null(wt_tex_lane2d_view(0x1234567812345678ull, WT_LANE2D_ABI));
        (void)wt_get_last_error();
    }
    assert_int_equal(wt_set_backend(before), WT_SUCCESS);
    if (calls) /* every variant met: 0 (general) and 1..8 */
        for (int k = 0; k < 9; k++)
            if (!variants_seen[k])
                fail_msg("inline variant %d never chosen", k);
    print_message("inline lane2d: %ld fetches compared\n", calls);
}

/* ---- how the AVX-512 u8 kernels read RGBA8 texel pairs (src/core/cpu.h) ------------ */

/* WARPTEX_TEXEL_PAIRS=gather or loads decides the way; ctest runs this file with each
 * (tests/backend.cmake), so every_backend_equals_scalar holds both to the reference on any
 * x86 CPU with AVX-512, not only the way this one would take. */
static void texel_pairs_follow_the_setting(void **state)
{
    (void)state;
    (void)wt__cpu_features();
    const char *way = getenv("WARPTEX_TEXEL_PAIRS");
#if defined(__x86_64__) || defined(__i386__)
    if (way && strcmp(way, "gather") == 0)
        assert_int_equal(wt__gather_pairs, 1);
    else if (way && strcmp(way, "loads") == 0)
        assert_int_equal(wt__gather_pairs, 0);
    else
        assert_true(wt__gather_pairs == 0 || wt__gather_pairs == 1);
#else
    (void)way;
    assert_int_equal(wt__gather_pairs, 0);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(texel_pairs_follow_the_setting),
        cmocka_unit_test(backends_describe_themselves),
        cmocka_unit_test(snorm8_fit_edges),
        cmocka_unit_test(every_backend_equals_scalar),
        cmocka_unit_test(lane_kernel_equals_scalar),
        cmocka_unit_test(inline_unorm_is_division),
        cmocka_unit_test(inline_lane2d_equals_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
