/* test_nvvm_names.c -- every generated NVVM entry point: name rule, op record, lookup, operands, results, bad handles
 * SPDX-License-Identifier: MIT
 *
 * Walks src/nvvm/nvvm_names.inc.  For every row it checks, against models
 * written here (not the generator's tables):
 *   - the C name follows [design#nvvm-names] and the name decodes to the row's op record
 *     under the PTX legality rules (PTX ISA 9.7.11, 9.7.10; NVVM IR spec 13.5);
 *   - wt__nvvm_lookup() returns that record, and it is the record the wrapper
 *     hands its lane entry;
 *   - the wrapper's C signature (picked at compile time by _Generic) has the
 *     arity the op implies, and every operand reaches the lane entry in its PTX
 *     slot (distinct values per position and type, so a swap or a wrong type is
 *     seen);
 *   - the lane entry's destination registers come back as the NVVM result type;
 *   - with an invalid handle (0, forged, live of the wrong kind) the wrapper
 *     returns zeros and sets WT_ERROR_INVALID_HANDLE (istypep: 0, no error);
 *   - names are unique and the count per family is as expected.
 * The lane entries are observed through -Wl,--wrap (tests/nvvm.cmake): the spy
 * records what it is given and either calls the real entry or fills in a known
 * pattern. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry/entry.h"
#include "nvvm/nvvm.h"
#include "nvvm_rows.h"

/* ---- spies on the lane entries ---------------------------------------------- */

enum { LANE_NONE = 0, LANE_TEX, LANE_SURF, LANE_QUERY };

static const uint32_t TEX_PATTERN[4] = {0x3f800001u, 0xbf000002u, 0x7fc00003u, 0x80000004u};
static const uint64_t SURF_PATTERN[4] = {0x8182838485868788u, 0x9192939495969798u, 0xa1a2a3a4a5a6a7a8u,
                                         0xb1b2b3b4b5b6b7b8u};
#define QUERY_PATTERN 0x12345678

static struct {
    int inject; /* 1: fill the outputs with the patterns; 0: call the real entry */
    int calls;
    int kind;
    const wt_op *op;
    uint64_t h, smp;
    wt__tex_lane_in tin;
    int32_t c[4];
    uint64_t v[4];
    int32_t lod;
} spy;

void __real_wt__tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp, const wt__tex_lane_in *in, uint32_t d[4]);
void __real_wt__surf_lane(const wt_op *op, wt_surf surf, const int32_t c[4], const uint64_t v[4], uint64_t d[4]);
int32_t __real_wt__query_lane(const wt_op *op, uint64_t handle, int32_t lod);
void __wrap_wt__tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp, const wt__tex_lane_in *in, uint32_t d[4]);
void __wrap_wt__surf_lane(const wt_op *op, wt_surf surf, const int32_t c[4], const uint64_t v[4], uint64_t d[4]);
int32_t __wrap_wt__query_lane(const wt_op *op, uint64_t handle, int32_t lod);

void __wrap_wt__tex_lane(const wt_op *op, wt_tex tex, wt_sampler smp, const wt__tex_lane_in *in, uint32_t d[4])
{
    spy.calls++;
    spy.kind = LANE_TEX;
    spy.op = op;
    spy.h = tex;
    spy.smp = smp;
    spy.tin = *in;
    if (spy.inject)
        memcpy(d, TEX_PATTERN, sizeof TEX_PATTERN);
    else
        __real_wt__tex_lane(op, tex, smp, in, d);
}

void __wrap_wt__surf_lane(const wt_op *op, wt_surf surf, const int32_t c[4], const uint64_t v[4], uint64_t d[4])
{
    spy.calls++;
    spy.kind = LANE_SURF;
    spy.op = op;
    spy.h = surf;
    memcpy(spy.c, c, sizeof spy.c);
    memcpy(spy.v, v, sizeof spy.v);
    if (spy.inject)
        memcpy(d, SURF_PATTERN, sizeof SURF_PATTERN);
    else
        __real_wt__surf_lane(op, surf, c, v, d);
}

int32_t __wrap_wt__query_lane(const wt_op *op, uint64_t handle, int32_t lod)
{
    spy.calls++;
    spy.kind = LANE_QUERY;
    spy.op = op;
    spy.h = handle;
    spy.lod = lod;
    return spy.inject ? QUERY_PATTERN : __real_wt__query_lane(op, handle, lod);
}

/* ---- operand values ----------------------------------------------------------- */

static void set_values(void)
{
    for (int k = 0; k < MAXARGS; k++) {
        fv[k] = 1.5f + 0.25f * (float)k;
        iv[k] = -1000000 - 7 * k;                        /* negative: zero extension is seen */
        sv[k] = (int16_t)(-30000 + 1111 * k);            /* high byte set: the 8-bit mask is seen */
        lv[k] = -0x0123456789abcdefLL - 0x10000000001LL * k; /* all 64 bits matter */
    }
}

/* ---- models ------------------------------------------------------------------------ */

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Coordinates in the PTX vector per geometry (op.h), and whether the first is
 * the layer/cube index. */
static int ncoords(int g)
{
    static const int n[WT_GEOM_COUNT] = {[WT_GEOM_1D] = 1,   [WT_GEOM_2D] = 2,    [WT_GEOM_3D] = 3,
                                         [WT_GEOM_A1D] = 2,  [WT_GEOM_A2D] = 3,   [WT_GEOM_CUBE] = 3,
                                         [WT_GEOM_ACUBE] = 4, [WT_GEOM_2DMS] = 3, [WT_GEOM_A2DMS] = 4};
    return n[g];
}
static int is_layered(int g) { return g == WT_GEOM_A1D || g == WT_GEOM_A2D || g == WT_GEOM_ACUBE; }
/* [semantics#decision-grad-components]: 1 gradient component for 1d/a1d, 2 for 2d/a2d, 3 for 3d/cube/acube. */
static int ngrad(int g)
{
    return g == WT_GEOM_1D || g == WT_GEOM_A1D ? 1 : g == WT_GEOM_2D || g == WT_GEOM_A2D ? 2 : 3;
}
static int is_level_query(int q) { return q == WT_Q_LEVEL_WIDTH || q == WT_Q_LEVEL_HEIGHT || q == WT_Q_LEVEL_DEPTH; }

/* A source element as the lane entry must see it: the low `bits` bits of the
 * NVVM operand (i16 for 8/16-bit elements), zero-extended. */
static uint64_t elem_in(int bits, int k)
{
    switch (bits) {
    case 8: return (uint16_t)sv[k] & 0xffu;
    case 16: return (uint16_t)sv[k];
    case 32: return (uint32_t)iv[k];
    default: return (uint64_t)lv[k];
    }
}

typedef struct expect {
    int nargs;
    int kind;
    uint64_t h, smp;
    wt__tex_lane_in tin;
    int32_t c[4];
    uint64_t v[4];
    int32_t lod;
    size_t ret_size;
    unsigned char ret[32]; /* the result when the lane entry returns the patterns */
} expect;

/* What the wrapper of `op` must hand its lane entry when called with the
 * positional values, and what it must return for the injected patterns: the
 * intrinsic's operand order (NVVM IR spec 13.5), PTX order in c[] (op.h). */
static void model(const wt_op *op, expect *e)
{
    memset(e, 0, sizeof *e);
    int k = 0;
    e->h = hv[k++];
    switch (op->family) {
    case WT_FAMILY_TEX:
    case WT_FAMILY_TLD4:
        e->kind = LANE_TEX;
        if (op->flags & WT_OP_SAMPLER)
            e->smp = hv[k++];
        for (int j = 0; j < ncoords(op->geom); j++) {
            if ((j == 0 && is_layered(op->geom)) || op->ctype == WT_CTYPE_S32)
                e->tin.c[j] = (uint32_t)iv[k++];
            else
                e->tin.c[j] = fbits(fv[k++]);
        }
        if (op->mip == WT_MIP_LEVEL) /* PTX: the lod's type follows .ctype */
            e->tin.lod = op->ctype == WT_CTYPE_S32 ? (uint32_t)iv[k++] : fbits(fv[k++]);
        if (op->mip == WT_MIP_GRAD) {
            for (int j = 0; j < ngrad(op->geom); j++)
                e->tin.dpdx[j] = fv[k++];
            for (int j = 0; j < ngrad(op->geom); j++)
                e->tin.dpdy[j] = fv[k++];
        }
        e->ret_size = 16; /* %float4 or %int4: the four registers' bits */
        memcpy(e->ret, TEX_PATTERN, 16);
        break;
    case WT_FAMILY_SULD:
    case WT_FAMILY_SUST:
    case WT_FAMILY_SURED:
        e->kind = LANE_SURF;
        for (int j = 0; j < ncoords(op->geom); j++)
            e->c[j] = iv[k++];
        if (op->family == WT_FAMILY_SUST)
            for (int j = 0; j < op->vec; j++, k++)
                e->v[j] = elem_in(op->bits, k);
        if (op->family == WT_FAMILY_SURED)
            e->v[0] = elem_in(op->bits, k++);
        if (op->family == WT_FAMILY_SULD) {
            /* i16 for 8/16-bit elements (8-bit: high byte 0), else the element. */
            size_t es = op->bits <= 16 ? 2 : op->bits / 8;
            for (int j = 0; j < op->vec; j++) {
                uint64_t x = SURF_PATTERN[j];
                if (op->bits == 8) {
                    uint16_t u = (uint16_t)(x & 0xff);
                    memcpy(e->ret + j * es, &u, 2);
                } else if (op->bits == 16) {
                    uint16_t u = (uint16_t)(x & 0xffff);
                    memcpy(e->ret + j * es, &u, 2);
                } else if (op->bits == 32) {
                    uint32_t u = (uint32_t)(x & 0xffffffffu);
                    memcpy(e->ret + j * es, &u, 4);
                } else {
                    memcpy(e->ret + j * es, &x, 8);
                }
            }
            e->ret_size = es * op->vec;
        }
        break;
    default: /* txq, suq, istypep */
        e->kind = LANE_QUERY;
        if (op->family == WT_FAMILY_TXQ && is_level_query(op->query))
            e->lod = iv[k++];
        e->ret_size = 4;
        int32_t q = QUERY_PATTERN;
        memcpy(e->ret, &q, 4);
        break;
    }
    e->nargs = k;
}

/* ---- an independent decoder: name -> op record, with the PTX legality rules ---- */

static int tok_geom(char **t, int *i, int n, int *g)
{
    static const struct {
        const char *s;
        int plain, array;
    } G[] = {{"1d", WT_GEOM_1D, WT_GEOM_A1D}, {"2d", WT_GEOM_2D, WT_GEOM_A2D}, {"3d", WT_GEOM_3D, -1},
             {"cube", WT_GEOM_CUBE, WT_GEOM_ACUBE}, {"2dms", WT_GEOM_2DMS, WT_GEOM_A2DMS}};
    for (size_t j = 0; j < sizeof G / sizeof G[0]; j++)
        if (*i < n && !strcmp(t[*i], G[j].s)) {
            (*i)++;
            if (*i < n && !strcmp(t[*i], "array")) {
                (*i)++;
                *g = G[j].array;
                return *g >= 0;
            }
            *g = G[j].plain;
            return 1;
        }
    return 0;
}

static int tok_index(const char *s, const char *const *list, int n)
{
    for (int j = 0; j < n; j++)
        if (!strcmp(s, list[j]))
            return j;
    return -1;
}

/* "i8", "v2i16", "v4i32" ... -> vec, bits */
static int tok_elem(const char *s, int *vec, int *bits)
{
    *vec = 1;
    if (s[0] == 'v') {
        *vec = s[1] - '0';
        s += 2;
    }
    if (s[0] != 'i')
        return 0;
    *bits = atoi(s + 1);
    return (*vec == 1 || *vec == 2 || *vec == 4) &&
           (*bits == 8 || *bits == 16 || *bits == 32 || *bits == 64);
}

static const char *const CLAMP_S[] = {"trap", "clamp", "zero"};           /* wt_clamp order */
static const char *const REDOP_S[] = {"add", "min", "max", "and", "or"};  /* wt_redop order */
static const char *const RTYPE_S[] = {"u32", "s32", "b32", "u64", "s64", "b64"};
static const char *const QUERY_S[] = {"width", "height", "depth", "channel_data_type", "channel_order",
                                      "normalized_coords", "force_unnormalized_coords", "filter_mode",
                                      "addr_mode_0", "addr_mode_1", "addr_mode_2", "array_size",
                                      "num_mipmap_levels", "num_samples", "memory_layout"};
static const char *const DTYPE_S[] = {"v4f32", "v4s32", "v4u32"};
static const char *const HTYPE_S[] = {"texref", "samplerref", "surfref"};

/* suld, sust.b, sust.p: .1d .2d .3d .a1d .a2d (PTX ISA 9.7.11; sust.p on arrays: [semantics#decision-ptx-legality]). */
static int surf_geom_ok(int g) { return g <= WT_GEOM_A2D; }

/* Returns 1 and fills *op when `name` is a legal form. */
static int decode(const char *name, wt_op *op, int *family)
{
    char buf[128];
    char *t[16];
    int n = 0, i = 0;
    memset(op, 0, sizeof *op);
    if (strlen(name) >= sizeof buf)
        return 0;
    int intrinsic = !strncmp(name, "llvm.nvvm.", 10);
    strcpy(buf, intrinsic ? name + 10 : name);
    size_t len = strlen(buf);
    if (len == 0 || buf[0] == '.' || buf[len - 1] == '.' || strstr(buf, ".."))
        return 0; /* strtok() would skip empty fields */
    for (char *s = strtok(buf, "."); s && n < 16; s = strtok(NULL, "."))
        t[n++] = s;
    if (n == 0)
        return 0;
    const char *f = t[i++];
    int g, x;
    if (intrinsic && (!strcmp(f, "tex") || !strcmp(f, "tld4"))) {
        int tld4 = f[1] == 'l';
        op->family = (uint8_t)(*family = tld4 ? WT_FAMILY_TLD4 : WT_FAMILY_TEX);
        if (i < n && !strcmp(t[i], "unified"))
            i++;
        else
            op->flags = WT_OP_SAMPLER;
        if (tld4) {
            static const char *const C[] = {"r", "g", "b", "a"};
            if (i >= n || (x = tok_index(t[i++], C, 4)) < 0)
                return 0;
            op->comp = (uint8_t)x;
        }
        if (!tok_geom(t, &i, n, &g))
            return 0;
        op->geom = (uint8_t)g;
        op->mip = WT_MIP_BASE;
        if (!tld4 && i < n && !strcmp(t[i], "level"))
            op->mip = WT_MIP_LEVEL, i++;
        else if (!tld4 && i < n && !strcmp(t[i], "grad"))
            op->mip = WT_MIP_GRAD, i++;
        if (i >= n || (x = tok_index(t[i++], DTYPE_S, 3)) < 0)
            return 0;
        op->dtype = (uint8_t)x; /* WT_DTYPE_F32, _S32, _U32 in this order */
        if (i >= n)
            return 0;
        if (!strcmp(t[i], "f32"))
            op->ctype = WT_CTYPE_F32;
        else if (!strcmp(t[i], "s32"))
            op->ctype = WT_CTYPE_S32;
        else
            return 0;
        i++;
        int cube = g == WT_GEOM_CUBE || g == WT_GEOM_ACUBE, ms = g == WT_GEOM_2DMS || g == WT_GEOM_A2DMS;
        /* PTX tex (PTX ISA 9.7.10): cube and acube need .f32; 2dms and a2dms need
         * .s32 and take neither .level nor .grad; every other geometry takes
         * either type in every mip mode.  tld4: .2d .a2d .cube .acube, .f32
         * only. */
        if (op->ctype == WT_CTYPE_S32 && (cube || tld4))
            return 0;
        if (ms && (op->ctype != WT_CTYPE_S32 || op->mip != WT_MIP_BASE))
            return 0;
        if (tld4 && g != WT_GEOM_2D && g != WT_GEOM_A2D && !cube)
            return 0;
    } else if (intrinsic && (!strcmp(f, "suld") || !strcmp(f, "sust"))) {
        int st = f[1] == 'u' && f[2] == 's';
        op->family = (uint8_t)(*family = st ? WT_FAMILY_SUST : WT_FAMILY_SULD);
        op->mode = WT_SURF_B;
        if (st) {
            if (i >= n || (strcmp(t[i], "b") && strcmp(t[i], "p")))
                return 0;
            op->mode = t[i++][0] == 'p' ? WT_SURF_P : WT_SURF_B;
        }
        int vec, bits;
        if (!tok_geom(t, &i, n, &g) || i >= n || !tok_elem(t[i++], &vec, &bits))
            return 0;
        op->geom = (uint8_t)g, op->vec = (uint8_t)vec, op->bits = (uint8_t)bits;
        if (i >= n || (x = tok_index(t[i++], CLAMP_S, 3)) < 0)
            return 0;
        op->clamp = (uint8_t)x;
        /* PTX: at most 128 bits per access.  sust.p: every geometry and
         * element shape of sust.b ([semantics#decision-ptx-legality] to [semantics#decision-nvvm-sust-p-elements]: NVVM's whole list). */
        if (vec * bits > 128 || !surf_geom_ok(g))
            return 0;
    } else if (!intrinsic && !strcmp(f, "sured")) {
        op->family = (uint8_t)(*family = WT_FAMILY_SURED);
        if (i >= n || (strcmp(t[i], "b") && strcmp(t[i], "p")))
            return 0;
        op->mode = t[i++][0] == 'p' ? WT_SURF_P : WT_SURF_B;
        int r, ty;
        if (i >= n || (r = tok_index(t[i++], REDOP_S, 5)) < 0 || !tok_geom(t, &i, n, &g) || i >= n ||
            (ty = tok_index(t[i++], RTYPE_S, 6)) < 0 || i >= n || (x = tok_index(t[i++], CLAMP_S, 3)) < 0)
            return 0;
        op->redop = (uint8_t)r, op->geom = (uint8_t)g, op->rtype = (uint8_t)ty, op->clamp = (uint8_t)x;
        op->vec = 1;
        op->bits = ty >= WT_RTYPE_U64 ? 64 : 32;
        int minmax = r == WT_RED_MIN || r == WT_RED_MAX;
        int ok;
        if (op->mode == WT_SURF_B) /* PTX ISA 9.7.11, sured.b */
            ok = (r == WT_RED_ADD && (ty == WT_RTYPE_U32 || ty == WT_RTYPE_U64 || ty == WT_RTYPE_S32)) ||
                 (minmax && ty != WT_RTYPE_B32 && ty != WT_RTYPE_B64) ||
                 ((r == WT_RED_AND || r == WT_RED_OR) && ty == WT_RTYPE_B32);
        else /* sured.p: .b32, or .b64 with min/max */
            ok = ty == WT_RTYPE_B32 || (ty == WT_RTYPE_B64 && minmax);
        if (!ok || g > WT_GEOM_3D)
            return 0;
    } else if (!intrinsic && (!strcmp(f, "suq") || !strcmp(f, "txq"))) {
        int txq = f[0] == 't';
        op->family = (uint8_t)(*family = txq ? WT_FAMILY_TXQ : WT_FAMILY_SUQ);
        int level = 0, sampler = 0;
        if (txq && i < n && !strcmp(t[i], "level"))
            level = 1, i++;
        else if (txq && i < n && !strcmp(t[i], "sampler"))
            sampler = 1, i++;
        if (i >= n || (x = tok_index(t[i++], QUERY_S, 15)) < 0)
            return 0;
        /* The PTX query sets (PTX ISA 9.7.11, 9.7.10). */
        static const int surfq[] = {WT_Q_WIDTH, WT_Q_HEIGHT, WT_Q_DEPTH, WT_Q_CHANNEL_DATA_TYPE, WT_Q_CHANNEL_ORDER,
                                    WT_Q_ARRAY_SIZE, WT_Q_MEMORY_LAYOUT};
        static const int texq[] = {WT_Q_WIDTH, WT_Q_HEIGHT, WT_Q_DEPTH, WT_Q_CHANNEL_DATA_TYPE, WT_Q_CHANNEL_ORDER,
                                   WT_Q_NORMALIZED_COORDS, WT_Q_FILTER_MODE, WT_Q_ADDR_MODE_0, WT_Q_ADDR_MODE_1,
                                   WT_Q_ADDR_MODE_2, WT_Q_ARRAY_SIZE, WT_Q_NUM_MIPMAP_LEVELS, WT_Q_NUM_SAMPLES};
        static const int smpq[] = {WT_Q_FORCE_UNNORMALIZED_COORDS, WT_Q_FILTER_MODE, WT_Q_ADDR_MODE_0,
                                   WT_Q_ADDR_MODE_1, WT_Q_ADDR_MODE_2};
        const int *set = !txq ? surfq : sampler ? smpq : texq;
        int nset = !txq ? 7 : sampler ? 5 : level ? 3 : 13;
        int found = 0;
        for (int j = 0; j < nset; j++)
            found |= set[j] == x;
        if (!found)
            return 0;
        op->query = (uint8_t)(level ? WT_Q_LEVEL_WIDTH + x : x);
        if (sampler)
            op->flags = WT_OP_SAMPLER;
    } else if (!intrinsic && !strcmp(f, "istypep")) {
        op->family = (uint8_t)(*family = WT_FAMILY_ISTYPEP);
        if (i >= n || (x = tok_index(t[i++], HTYPE_S, 3)) < 0)
            return 0;
        op->query = (uint8_t)x;
    } else {
        return 0;
    }
    return i == n; /* nothing left over */
}

/* [design#nvvm-names]: drop "llvm.nvvm.", "." -> "_", prefix "wt_". */
static void c_name(const char *name, char *out, size_t n)
{
    if (!strncmp(name, "llvm.nvvm.", 10))
        name += 10;
    snprintf(out, n, "wt_%s", name);
    for (char *p = out; *p; p++)
        if (*p == '.')
            *p = '_';
}

/* ---- tests ----------------------------------------------------------------------- */

static const char *const FAMILY_S[] = {"tex", "tld4", "txq", "istypep", "suld", "sust", "sured", "suq"};

static void counts_per_family(void **state)
{
    (void)state;
    /* Expected, from the PTX/NVVM axes:
     * tex:   2 modes x (5 non-cube geometries x 3 dtypes x 3 mip modes x 2 ctypes
     *        + 2 cube geometries x 3 dtypes x 3 mip modes (.f32)
     *        + 2 multisample geometries x 3 dtypes (base, .s32)) = 2 x (90 + 18 + 6)
     * tld4:  2 modes x 4 components x 4 geometries x 3 dtypes
     * suld:  5 geometries x 11 element types (no v4i64) x 3 clamps
     * sust:  the same 165 for .b and 165 for .p ([semantics#decision-ptx-legality] to [semantics#decision-nvvm-sust-p-elements]: NVVM's whole list)
     * sured: 3 geometries x 3 clamps x (13 .b op/type pairs + 7 .p pairs)
     * suq 7 queries; txq 13 texture + 3 level + 5 sampler queries; istypep 3. */
    static const size_t want[8] = {[WT_FAMILY_TEX] = 228, [WT_FAMILY_TLD4] = 96, [WT_FAMILY_SULD] = 165,
                                   [WT_FAMILY_SUST] = 330, [WT_FAMILY_SURED] = 180, [WT_FAMILY_SUQ] = 7,
                                   [WT_FAMILY_TXQ] = 21, [WT_FAMILY_ISTYPEP] = 3};
    size_t got[8] = {0};
    size_t total = 0;
    for (size_t r = 0; r < NROWS; r++) {
        assert_true(ROWS[r].family >= 0 && ROWS[r].family < 8);
        got[ROWS[r].family]++;
    }
    for (int f = 0; f < 8; f++) {
        printf("nvvm entry points: %-8s %4zu\n", FAMILY_S[f], got[f]);
        total += got[f];
    }
    printf("nvvm entry points: %-8s %4zu\n", "total", total);
    for (int f = 0; f < 8; f++)
        assert_int_equal(got[f], want[f]);
    assert_int_equal(NROWS, 1030);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static void names_ops_and_lookup(void **state)
{
    (void)state;
    const char **names = malloc(NROWS * sizeof *names);
    assert_non_null(names);
    for (size_t r = 0; r < NROWS; r++) {
        const nvvm_row *row = &ROWS[r];
        char want_fn[128];
        c_name(row->name, want_fn, sizeof want_fn);
        if (strcmp(want_fn, row->fn_name))
            fail_msg("%s: C name %s, the naming rule gives %s", row->name, row->fn_name, want_fn);
        wt_op dec;
        int fam = -1;
        if (!decode(row->name, &dec, &fam))
            fail_msg("%s: not a legal form", row->name);
        if (fam != row->family || row->op.family != row->family)
            fail_msg("%s: family column %d, op.family %d, name says %d", row->name, row->family, row->op.family, fam);
        if (memcmp(&dec, &row->op, sizeof dec))
            fail_msg("%s: op record differs from the one the name describes", row->name);
        const wt_op *lk = wt__nvvm_lookup(row->name);
        if (!lk || memcmp(lk, &row->op, sizeof *lk))
            fail_msg("%s: wt__nvvm_lookup() %s", row->name, lk ? "returns another record" : "does not find it");
        if (!row->sig)
            fail_msg("%s: %s has a C type no caller here knows", row->name, row->fn_name);
        names[r] = row->name;
    }
    qsort(names, NROWS, sizeof *names, cmp_str);
    for (size_t r = 1; r < NROWS; r++)
        if (!strcmp(names[r - 1], names[r]))
            fail_msg("duplicate name %s", names[r]);
    free(names);
    /* Unknown, truncated and illegal names are not found. */
    static const char *const unknown[] = {"", "llvm.nvvm.tex.unified.2d.v4f32", "llvm.nvvm.tex.unified.cube.v4f32.s32",
                                          "llvm.nvvm.tex.unified.cube.level.v4f32.s32",
                                          "llvm.nvvm.tex.unified.2dms.v4f32.f32", "llvm.nvvm.tex.unified.2dms.level.v4f32.s32",
                                          "llvm.nvvm.tex.unified.2dms.array.grad.v4s32.s32",
                                          "llvm.nvvm.tld4.unified.r.2dms.v4f32.f32", "llvm.nvvm.suld.2dms.i32.trap",
                                          "llvm.nvvm.tex.unified.3d.array.v4f32.f32", "llvm.nvvm.suld.2d.v4i64.trap",
                                          "llvm.nvvm.sust.p.2d.array.v4i64.trap", "llvm.nvvm.sust.p.cube.i32.trap",
                                          "llvm.nvvm.suld.p.2d.i32.trap", "llvm.nvvm.sust.p.2dms.i8.zero",
                                          "sured.b.and.2d.u32.trap", "sured.p.add.1d.b64.zero", "txq.memory_layout",
                                          "suq.num_samples", "txq.sampler.width", "llvm.nvvm.tld4.unified.r.3d.v4f32.f32",
                                          "wt_txq_width", "llvm.nvvm.tex.unified.2d.v4f32.f32.", "istypep.texref "};
    for (size_t j = 0; j < sizeof unknown / sizeof unknown[0]; j++) {
        if (wt__nvvm_lookup(unknown[j]))
            fail_msg("wt__nvvm_lookup(\"%s\") found something", unknown[j]);
        wt_op dec;
        int fam;
        if (*unknown[j] && strncmp(unknown[j], "wt_", 3) && decode(unknown[j], &dec, &fam))
            fail_msg("the test's decoder accepts \"%s\"", unknown[j]);
    }
    assert_null(wt__nvvm_lookup(NULL));
}

/* Call row r once; returns what the lane entry saw in spy and the result in out. */
static void call_row(const nvvm_row *row, unsigned char out[32])
{
    memset(out, 0xee, 32);
    memset(&spy.tin, 0, sizeof spy.tin);
    spy.calls = 0;
    spy.kind = LANE_NONE;
    row->sig->call(row->fn, out);
}

static void check_operands(const nvvm_row *row, const expect *e)
{
    if (spy.calls != 1 || spy.kind != e->kind)
        fail_msg("%s: %d lane calls of kind %d, want 1 of kind %d", row->name, spy.calls, spy.kind, e->kind);
    const wt_op *lk = wt__nvvm_lookup(row->name);
    if (!lk || memcmp(spy.op, &row->op, sizeof row->op) || memcmp(spy.op, lk, sizeof row->op))
        fail_msg("%s: the wrapper passes another op record than the table and the lookup", row->name);
    if (row->sig->nargs != e->nargs)
        fail_msg("%s: %d parameters, the op implies %d", row->name, row->sig->nargs, e->nargs);
    if (spy.h != e->h)
        fail_msg("%s: handle 0x%llx reaches the lane entry as 0x%llx", row->name, (unsigned long long)e->h,
                 (unsigned long long)spy.h);
    switch (e->kind) {
    case LANE_TEX:
        if (spy.smp != e->smp)
            fail_msg("%s: sampler 0x%llx, want 0x%llx", row->name, (unsigned long long)spy.smp,
                     (unsigned long long)e->smp);
        if (memcmp(spy.tin.c, e->tin.c, sizeof e->tin.c) || spy.tin.lod != e->tin.lod ||
            memcmp(spy.tin.dpdx, e->tin.dpdx, sizeof e->tin.dpdx) || memcmp(spy.tin.dpdy, e->tin.dpdy, sizeof e->tin.dpdy) ||
            memcmp(spy.tin.off, e->tin.off, sizeof e->tin.off) || fbits(spy.tin.depth) != fbits(e->tin.depth))
            fail_msg("%s: tex operands c = {%08x %08x %08x %08x} lod %08x, want {%08x %08x %08x %08x} lod %08x",
                     row->name, spy.tin.c[0], spy.tin.c[1], spy.tin.c[2], spy.tin.c[3], spy.tin.lod, e->tin.c[0],
                     e->tin.c[1], e->tin.c[2], e->tin.c[3], e->tin.lod);
        break;
    case LANE_SURF:
        if (memcmp(spy.c, e->c, sizeof e->c))
            fail_msg("%s: c = {%d %d %d %d}, want {%d %d %d %d}", row->name, spy.c[0], spy.c[1], spy.c[2], spy.c[3],
                     e->c[0], e->c[1], e->c[2], e->c[3]);
        for (int j = 0; j < 4; j++)
            if (spy.v[j] != e->v[j])
                fail_msg("%s: v[%d] = 0x%llx, want 0x%llx", row->name, j, (unsigned long long)spy.v[j],
                         (unsigned long long)e->v[j]);
        break;
    default:
        if (spy.lod != e->lod)
            fail_msg("%s: lod %d, want %d", row->name, spy.lod, e->lod);
        break;
    }
}

static void operands_and_results(void **state)
{
    (void)state;
    set_values();
    hv[0] = 0x1111111111111111u; /* distinct texture and sampler: a swap is seen */
    hv[1] = 0x2222222222222222u;
    spy.inject = 1;
    for (size_t r = 0; r < NROWS; r++) {
        const nvvm_row *row = &ROWS[r];
        expect e;
        model(&row->op, &e);
        unsigned char out[32];
        call_row(row, out);
        check_operands(row, &e);
        if (row->sig->ret_size != e.ret_size)
            fail_msg("%s: result of %zu bytes, want %zu", row->name, row->sig->ret_size, e.ret_size);
        if (memcmp(out, e.ret, e.ret_size))
            fail_msg("%s: the lane entry's result does not come back as the NVVM type", row->name);
    }
    spy.inject = 0;
}

/* A handle of kind `kind` that no object ever had (a slot far past any use). */
static uint64_t forged(wt__kind kind) { return (uint64_t)kind << 56 | (uint64_t)0xabcdefu << 32 | 0xfffffu; }

static void invalid_handles(void **state)
{
    (void)state;
    static int dummy_obj;
    uint64_t live_tex = 0, live_surf = 0, live_smp = 0;
    /* Live handles of each kind over a dummy: never dereferenced when the kind
     * is wrong, which is all they are used for here. */
    assert_int_equal(wt__handle_new(&live_tex, WT__KIND_TEX, &dummy_obj), WT_SUCCESS);
    assert_int_equal(wt__handle_new(&live_surf, WT__KIND_SURF, &dummy_obj), WT_SUCCESS);
    assert_int_equal(wt__handle_new(&live_smp, WT__KIND_SAMPLER, &dummy_obj), WT_SUCCESS);
    set_values();
    spy.inject = 0;
    size_t calls = 0;
    for (size_t r = 0; r < NROWS; r++) {
        const nvvm_row *row = &ROWS[r];
        int fam = row->family;
        int surf_family = fam == WT_FAMILY_SULD || fam == WT_FAMILY_SUST || fam == WT_FAMILY_SURED || fam == WT_FAMILY_SUQ;
        /* The kind the wrapper wants; istypep: the kind it tests for. */
        static const wt__kind type_kind[3] = {WT__KIND_TEX, WT__KIND_SAMPLER, WT__KIND_SURF};
        wt__kind own = surf_family                                      ? WT__KIND_SURF
                       : fam == WT_FAMILY_ISTYPEP                       ? type_kind[row->op.query]
                       : fam == WT_FAMILY_TXQ && (row->op.flags & WT_OP_SAMPLER) ? WT__KIND_SAMPLER
                                                                        : WT__KIND_TEX;
        uint64_t wrong_kind = own == WT__KIND_SURF ? live_tex : live_surf;
        uint64_t bad[5] = {0, ~(uint64_t)0, forged(own), wrong_kind, (uint64_t)own << 56}; /* slot -1: none */
        for (int b = 0; b < 5; b++) {
            hv[0] = hv[1] = bad[b];
            expect e;
            model(&row->op, &e);
            unsigned char out[32], zero[32] = {0};
            (void)wt_get_last_error();
            call_row(row, out);
            calls++;
            check_operands(row, &e);
            wt_status st = wt_get_last_error();
            if (memcmp(out, zero, row->sig->ret_size))
                fail_msg("%s: handle 0x%llx gives a non-zero result", row->name, (unsigned long long)bad[b]);
            wt_status want = fam == WT_FAMILY_ISTYPEP ? WT_SUCCESS : WT_ERROR_INVALID_HANDLE;
            if (st != want)
                fail_msg("%s: handle 0x%llx sets %s, want %s", row->name, (unsigned long long)bad[b],
                         wt_status_string(st), wt_status_string(want));
        }
    }
    printf("invalid-handle calls: %zu\n", calls);
    /* istypep on live handles: 1 for its own kind only, never an error. */
    const uint64_t live[3] = {live_tex, live_smp, live_surf}; /* wt_handle_type order */
    int32_t (*const is[3])(uint64_t) = {wt_istypep_texref, wt_istypep_samplerref, wt_istypep_surfref};
    for (int ty = 0; ty < 3; ty++)
        for (int h = 0; h < 3; h++) {
            (void)wt_get_last_error();
            assert_int_equal(is[ty](live[h]), ty == h);
            assert_int_equal(wt_get_last_error(), WT_SUCCESS);
        }
    assert_ptr_equal(wt__handle_remove(live_tex, WT__KIND_TEX), &dummy_obj);
    assert_ptr_equal(wt__handle_remove(live_surf, WT__KIND_SURF), &dummy_obj);
    assert_ptr_equal(wt__handle_remove(live_smp, WT__KIND_SAMPLER), &dummy_obj);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_per_family),
        cmocka_unit_test(names_ops_and_lookup),
        cmocka_unit_test(operands_and_results),
        cmocka_unit_test(invalid_handles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
