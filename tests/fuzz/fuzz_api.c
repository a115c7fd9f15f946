/* fuzz_api.c -- the public API driven by fuzzer bytes: resources over aliased buffers, sizes at the overflow edges
 * SPDX-License-Identifier: MIT
 *
 * Each input is a little program: a byte picks an operation, the next bytes
 * its arguments.  It keeps a few host buffers, arrays, textures and
 * surfaces alive at once and makes
 *   - linear and pitch2D textures and surfaces over the buffers, often two
 *     over the same bytes with different formats, pitches and origins, with
 *     extents and pitches drawn from the edges of size_t (2^63, SIZE_MAX/h,
 *     the top of the address space, ...);
 *   - array copies whose pitch x height x depth sits at the same edges;
 *   - samples, loads, stores and reductions at hostile coordinates;
 *   - reductions from two threads through two surfaces over one element,
 *     checked against the exact total;
 *   - destroys in any order.
 * The oracle: AddressSanitizer and UBSan for memory (a resource is only
 * created when the bytes it claims lie inside its buffer, so any access
 * outside is the library's), and explicit checks that every descriptor or
 * copy whose byte products overflow or wrap is refused, that a refused copy
 * copies nothing, and that concurrent reductions lose nothing.  A failed
 * check prints what happened and aborts, which libFuzzer and the standalone
 * runner (fuzz_main.c) both report.  Issue 9's defects 1 (sured through
 * aliased surfaces), 5 (pitch x height wrapping) and 6 (copy boxes) are each
 * one or two operations here; tests/fuzz/corpus/api holds inputs that
 * reach them. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warptex.h"

/* Exact byte products: 64 x 64 bits fit in 128. */
__extension__ typedef unsigned __int128 u128;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- reading the input ----------------------------------------------------------- */

typedef struct in {
    const uint8_t *p;
    size_t n;
} in;

static uint64_t take(in *r, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes && r->n; i++, r->p++, r->n--)
        v |= (uint64_t)*r->p << (8 * i);
    return v;
}
static unsigned u8(in *r) { return (unsigned)take(r, 1); }
static unsigned u16(in *r) { return (unsigned)take(r, 2); }
static uint32_t u32(in *r) { return (uint32_t)take(r, 4); }

/* A size from the edges where products overflow, or a small one. */
static size_t edge_size(in *r)
{
    static const size_t edges[] = {
        0, 1, 2, 3, 4, 7, 8, 12, 16, 17, 31, 32, 64, 100, 255, 256, 4096, 65000, 65001, 131072, 131073,
        (size_t)1 << 28, ((size_t)1 << 28) + 1, UINT32_MAX, (size_t)UINT32_MAX + 1, (size_t)1 << 62,
        ((size_t)1 << 62) + 8, (size_t)1 << 63, ((size_t)1 << 63) + 16, SIZE_MAX / 2, SIZE_MAX / 3 + 1,
        SIZE_MAX / 65000 + 4, SIZE_MAX / 131072 + 16, SIZE_MAX - 15, SIZE_MAX - 1, SIZE_MAX};
    unsigned k = u8(r);
    if (k < 128)
        return k % 64; /* small */
    size_t e = edges[k % (sizeof edges / sizeof edges[0])];
    return e + (size_t)(int8_t)u8(r) * (k & 1); /* sometimes nudged by -128..127 */
}

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_api: %s (%s)\n", what, detail ? detail : "");
    abort();
}

/* ---- the state --------------------------------------------------------------------- */

#define NBUF 3
#define NOBJ 4

typedef struct fmt {
    int bits, nch, kind, esize;
} fmt;

static const fmt fmts[] = {
    {8, 1, WT_CHANNEL_UNSIGNED, 1},    {8, 4, WT_CHANNEL_UNSIGNED_NORMALIZED, 4}, {16, 1, WT_CHANNEL_SIGNED, 2},
    {16, 2, WT_CHANNEL_FLOAT, 4},      {32, 1, WT_CHANNEL_UNSIGNED, 4},           {32, 1, WT_CHANNEL_SIGNED, 4},
    {32, 2, WT_CHANNEL_UNSIGNED, 8},   {32, 2, WT_CHANNEL_SIGNED, 8},             {32, 4, WT_CHANNEL_FLOAT, 16},
    {16, 4, WT_CHANNEL_UNSIGNED_NORMALIZED_16X4, 8},
};
#define NFMT (sizeof fmts / sizeof fmts[0])

static wt_channel_desc desc_of(const fmt *f)
{
    return wt_make_channel_desc(f->bits, f->nch >= 2 ? f->bits : 0, f->nch == 4 ? f->bits : 0,
                                f->nch == 4 ? f->bits : 0, (wt_channel_kind)f->kind);
}

typedef struct state {
    uint8_t *buf[NBUF];
    size_t bufsize[NBUF];
    wt_array arr[NOBJ];
    wt_tex tex[NOBJ];
    wt_surf surf[NOBJ];
    int surf_dims[NOBJ]; /* 1 linear, 2 pitch2D or 2D array, 0 other */
} state;

/* ---- resources over the buffers ----------------------------------------------------- */

/* The bytes a pitch2D resource claims, exactly: 0 when they overflow
 * size_t, wrap the address space, or pitch x height does. */
static int claimed_bytes(const void *p, size_t w, size_t h, size_t pitch, size_t esize, size_t *bytes)
{
    u128 row = (u128)w * esize;
    u128 span = h ? (u128)(h - 1) * pitch + row : 0;
    u128 whole = (u128)pitch * h;
    if (span > SIZE_MAX || whole > SIZE_MAX || (uintptr_t)p + span > (u128)UINTPTR_MAX + 1)
        return 0;
    *bytes = (size_t)span;
    return 1;
}

static void create_over_buffer(state *s, in *r, int surface)
{
    unsigned b = u8(r) % NBUF, slot = u8(r) % NOBJ, mode = u8(r);
    const fmt *f = &fmts[u8(r) % NFMT];
    if (!s->buf[b])
        return;
    size_t off = u16(r) % (s->bufsize[b] + 1), w, h, pitch;
    uint8_t *p = s->buf[b] + off;
    int linear = mode & 1;
    if (mode & 2) { /* hostile extents */
        w = edge_size(r);
        h = linear ? 1 : edge_size(r);
        pitch = edge_size(r);
        if (mode & 4)
            p = (uint8_t *)(uintptr_t)(UINTPTR_MAX - edge_size(r)); /* a base near the top */
    } else { /* extents that fit the buffer */
        size_t room = s->bufsize[b] - off;
        w = 1 + u16(r) % 64;
        h = linear ? 1 : 1 + u8(r) % 16;
        pitch = w * (size_t)f->esize + (size_t)(u8(r) % 4) * (size_t)f->bits / 8;
        while (h > 1 && (h - 1) * pitch + w * (size_t)f->esize > room)
            h--;
        while (w > 1 && w * (size_t)f->esize > room)
            w--;
        if (linear)
            pitch = w * (size_t)f->esize;
    }
    size_t bytes = 0;
    int exact = claimed_bytes(p, w, h, pitch, (size_t)f->esize, &bytes);
    int inside = exact && p >= s->buf[b] && (size_t)(p - s->buf[b]) <= s->bufsize[b] &&
                 bytes <= s->bufsize[b] - (size_t)(p - s->buf[b]);
    if (exact && !inside)
        return; /* representable but past the buffer: a caller's lie the library cannot see */
    wt_resource_desc rd;
    memset(&rd, 0, sizeof rd);
    if (linear) {
        rd.type = WT_RESOURCE_LINEAR;
        rd.res.linear.dev_ptr = p;
        rd.res.linear.desc = desc_of(f);
        rd.res.linear.size_in_bytes = w * (size_t)f->esize;
        if (w && rd.res.linear.size_in_bytes / (size_t)f->esize != w)
            return; /* w x esize itself wrapped: size_in_bytes is what the library sees */
    } else {
        rd.type = WT_RESOURCE_PITCH2D;
        rd.res.pitch2d.dev_ptr = p;
        rd.res.pitch2d.desc = desc_of(f);
        rd.res.pitch2d.width = w;
        rd.res.pitch2d.height = h;
        rd.res.pitch2d.pitch_in_bytes = pitch;
    }
    wt_status st;
    if (surface) {
        if (s->surf[slot]) {
            wt_destroy_surface_object(s->surf[slot]);
            s->surf[slot] = 0;
        }
        st = wt_create_surface_object(&s->surf[slot], &rd);
        s->surf_dims[slot] = linear ? 1 : 2;
    } else {
        if (s->tex[slot]) {
            wt_destroy_texture_object(s->tex[slot]);
            s->tex[slot] = 0;
        }
        wt_texture_desc td;
        memset(&td, 0, sizeof td);
        td.address_mode[0] = td.address_mode[1] = (wt_address_mode)(u8(r) % 4);
        td.filter_mode = (wt_filter_mode)(u8(r) & 1);
        td.normalized_coords = (int)(u8(r) & 1);
        td.read_mode = (wt_read_mode)(u8(r) & 1);
        st = wt_create_texture_object(&s->tex[slot], &rd, &td, NULL);
    }
    if (st == WT_SUCCESS && !exact) {
        char d[200];
        snprintf(d, sizeof d, "%s %s: dev_ptr %p, %zu x %zu, pitch %zu, element %d bytes", linear ? "linear" : "pitch2D",
                 surface ? "surface" : "texture", (void *)p, w, h, pitch, f->esize);
        die("a descriptor whose bytes overflow or wrap was accepted", d);
    }
    if (st != WT_SUCCESS) {
        if (surface)
            s->surf[slot] = 0;
        else
            s->tex[slot] = 0;
    }
}

static void make_array(state *s, in *r)
{
    unsigned slot = u8(r) % NOBJ, shape = u8(r);
    const fmt *f = &fmts[u8(r) % NFMT];
    size_t w = 1 + u8(r) % 40, h = shape & 1 ? 1 + u8(r) % 20 : 0, d = shape & 2 ? 1 + u8(r) % 6 : 0;
    unsigned flags = WT_ARRAY_SURFACE_LOAD_STORE | (shape & 4 ? WT_ARRAY_LAYERED : 0);
    if ((flags & WT_ARRAY_LAYERED) && !d)
        d = 2;
    if (s->arr[slot]) {
        if (wt_free_array(s->arr[slot]) != WT_SUCCESS)
            die("wt_free_array failed on a live array", wt_last_error_message());
        s->arr[slot] = NULL;
    }
    wt_channel_desc cd = desc_of(f);
    if (wt_malloc_array(&s->arr[slot], &cd, w, h, d, flags) != WT_SUCCESS)
        s->arr[slot] = NULL;
    if (s->arr[slot] && (shape & 8)) {
        unsigned k = u8(r) % NOBJ;
        wt_resource_desc rd;
        memset(&rd, 0, sizeof rd);
        rd.type = WT_RESOURCE_ARRAY;
        rd.res.array.array = s->arr[slot];
        if (s->surf[k])
            wt_destroy_surface_object(s->surf[k]);
        if (wt_create_surface_object(&s->surf[k], &rd) != WT_SUCCESS)
            s->surf[k] = 0;
        s->surf_dims[k] = 0;
    }
}

/* A copy box; the host side is honest (inside a buffer) or its pitch x
 * height x depth overflows, which must be refused with nothing copied. */
static void copy_box(state *s, in *r)
{
    unsigned slot = u8(r) % NOBJ, b = u8(r) % NBUF, dir = u8(r);
    wt_array a = s->arr[slot];
    if (!a || !s->buf[b])
        return;
    wt_channel_desc cd;
    size_t aw, ah, ad;
    unsigned flags;
    if (wt_array_get_info(&cd, &aw, &ah, &ad, &flags, a) != WT_SUCCESS)
        die("wt_array_get_info failed on a live array", wt_last_error_message());
    size_t es = (size_t)(cd.x + cd.y + cd.z + cd.w) / 8;
    size_t w = 1 + u8(r) % (aw ? aw : 1), h = 1, d = 1, pitch;
    uint8_t *host = s->buf[b];
    if (dir & 2) { /* hostile */
        pitch = edge_size(r);
        h = 1 + u8(r) % 4;
        d = 1 + u8(r) % 4;
        if (dir & 4)
            host = (uint8_t *)(uintptr_t)(UINTPTR_MAX - edge_size(r));
    } else {
        pitch = w * es + u8(r) % 8;
    }
    u128 rows = (u128)h * d;
    u128 span = (rows - 1) * pitch + (u128)w * es, whole = rows * pitch;
    int overflow = span > SIZE_MAX || whole > SIZE_MAX || (uintptr_t)host + span > (u128)UINTPTR_MAX + 1;
    if (!overflow && (host != s->buf[b] || span > s->bufsize[b]))
        return; /* representable but not ours */
    uint8_t before[64];
    size_t keep = s->bufsize[b] < sizeof before ? s->bufsize[b] : sizeof before;
    memcpy(before, s->buf[b], keep);
    wt_status st = dir & 1 ? wt_memcpy_from_array(host, pitch, a, 0, 0, 0, w, h, d)
                           : wt_memcpy_to_array(a, 0, 0, 0, host, pitch, w, h, d);
    if (overflow) {
        if (st != WT_ERROR_INVALID_VALUE) {
            char m[160];
            snprintf(m, sizeof m, "pitch %zu x %zu x %zu from %p: %s", pitch, h, d, (void *)host, wt_status_string(st));
            die("a copy box whose pitch x height x depth overflows was not refused", m);
        }
        if (memcmp(before, s->buf[b], keep))
            die("a refused copy changed the host buffer", NULL);
    }
}

/* ---- using the objects ---------------------------------------------------------------- */

static float hostile_float(in *r)
{
    static const uint32_t specials[] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x80000000u, 0x4f000000u, 0xcf000000u,
                                        0x00000001u, 0x7f7fffffu, 0x3f000000u, 0x3f800000u};
    uint32_t u = u32(r);
    if ((u & 3) == 0)
        u = specials[(u >> 2) % (sizeof specials / sizeof specials[0])];
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static int32_t hostile_int(in *r)
{
    unsigned k = u8(r);
    if (k < 200)
        return (int32_t)(k % 80) - 8;
    return k & 1 ? INT32_MIN + (int32_t)(k & 15) : INT32_MAX - (int32_t)(k & 15);
}

static void use_texture(state *s, in *r)
{
    wt_tex t = s->tex[u8(r) % NOBJ];
    float x = hostile_float(r), y = hostile_float(r);
    volatile float sink = wt_tex_unified_2d_v4f32_f32(t, x, y).x + wt_tex_unified_1d_v4f32_s32(t, hostile_int(r)).y;
    (void)sink;
}

static void use_surface(state *s, in *r)
{
    unsigned k = u8(r) % NOBJ, op = u8(r);
    wt_surf h = s->surf[k];
    int32_t x = (int32_t)((uint32_t)hostile_int(r) * (op & 128 ? 1u : 4u)), y = hostile_int(r), v = (int32_t)u32(r);
    volatile int64_t sink = 0;
    switch (op % 12) {
    case 0: sink = wt_suld_2d_i32_clamp(h, x, y); break;
    case 1: sink = wt_suld_2d_i64_clamp(h, x, y); break;
    case 2: sink = wt_suld_2d_v4i32_clamp(h, x, y).w; break;
    case 3: sink = wt_suld_1d_v4i32_clamp(h, x).z; break;
    case 4: wt_sust_b_2d_i32_zero(h, x, y, v); break;
    case 5: wt_sust_p_2d_i32_clamp(h, x, y, v); break;
    case 6: wt_sured_b_add_2d_u32_clamp(h, x, y, v); break;
    case 7: wt_sured_b_min_2d_s64_clamp(h, x, y, (int64_t)((uint64_t)(int64_t)v << 20)); break;
    case 8: wt_sured_b_and_2d_b32_clamp(h, x, y, v); break;
    case 9: wt_sured_p_add_2d_b32_clamp(h, x, y, v); break;
    case 10: wt_sured_b_add_1d_u32_clamp(h, x, v); break;
    default: sink = wt_suld_1d_i32_clamp(h, x); break;
    }
    (void)sink;
}

/* Two threads add through two surfaces over one element: a pitch2D R32UI
 * surface with rows off the 8-byte grid and an RG32UI one, over the same 8
 * bytes of a buffer.  The element must end with the exact total. */
typedef struct racer {
    wt_surf s;
    int32_t x, y;
    unsigned n;
    uint32_t v;
    _Atomic int *ready; /* both threads start together */
} racer;

static void *race(void *arg)
{
    racer *c = arg;
    atomic_fetch_add(c->ready, 1);
    while (atomic_load(c->ready) < 2)
        ;
    for (unsigned i = 0; i < c->n; i++)
        wt_sured_b_add_2d_u32_trap(c->s, c->x, c->y, (int32_t)c->v);
    return NULL;
}

static void alias_race(state *s, in *r)
{
    unsigned b = u8(r) % NBUF, n = 200 + u16(r) % 20000, elem = u8(r) % 4;
    if (!s->buf[b] || s->bufsize[b] < 48)
        return;
    uint8_t *base = (uint8_t *)(((uintptr_t)s->buf[b] + 7) & ~(uintptr_t)7);
    if ((size_t)(base - s->buf[b]) + 40 > s->bufsize[b])
        return;
    wt_resource_desc a, c;
    memset(&a, 0, sizeof a);
    a.type = WT_RESOURCE_PITCH2D;
    a.res.pitch2d.dev_ptr = base;
    a.res.pitch2d.desc = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    a.res.pitch2d.width = 1;
    a.res.pitch2d.height = 10;
    a.res.pitch2d.pitch_in_bytes = 4; /* rows of 4 bytes */
    c = a;
    c.res.pitch2d.desc = wt_make_channel_desc(32, 32, 0, 0, WT_CHANNEL_UNSIGNED);
    c.res.pitch2d.width = 1;
    c.res.pitch2d.height = 5;
    c.res.pitch2d.pitch_in_bytes = 8;
    wt_surf sa = 0, sc = 0;
    if (wt_create_surface_object(&sa, &a) != WT_SUCCESS || wt_create_surface_object(&sc, &c) != WT_SUCCESS)
        die("the aliasing surfaces were refused", wt_last_error_message());
    /* element bytes 8e .. 8e+3: row 2e of sa, row e (x 0) of sc */
    uint32_t init;
    memcpy(&init, base + 8 * elem, 4);
    _Atomic int ready = 0;
    racer ra = {sa, 0, (int32_t)(2 * elem), n, u32(r) | 1, &ready}, rc = {sc, 0, (int32_t)elem, n, u32(r) | 1, &ready};
    pthread_t th;
    if (pthread_create(&th, NULL, race, &ra) != 0)
        die("pthread_create", NULL);
    race(&rc);
    pthread_join(th, NULL);
    uint32_t got, want = init + n * ra.v + n * rc.v;
    memcpy(&got, base + 8 * elem, 4);
    if (got != want) {
        char m[120];
        snprintf(m, sizeof m, "2 x %u adds: got 0x%08x want 0x%08x", n, got, want);
        die("reductions through two surfaces over one element lost updates", m);
    }
    wt_destroy_surface_object(sa);
    wt_destroy_surface_object(sc);
}

/* ---- the program ------------------------------------------------------------------------ */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    state s;
    memset(&s, 0, sizeof s);
    in r = {data, size};
    for (int steps = 0; r.n && steps < 64; steps++) {
        switch (u8(&r) % 10) {
        case 0: {
            unsigned b = u8(&r) % NBUF;
            size_t n = 1 + u16(&r) % 2048;
            free(s.buf[b]); /* objects over it were made by the caller's contract: drop them first */
            for (int k = 0; k < NOBJ; k++) {
                if (s.tex[k])
                    wt_destroy_texture_object(s.tex[k]);
                if (s.surf[k] && s.surf_dims[k])
                    wt_destroy_surface_object(s.surf[k]);
                s.tex[k] = 0;
                if (s.surf_dims[k])
                    s.surf[k] = 0;
            }
            s.buf[b] = malloc(n);
            s.bufsize[b] = s.buf[b] ? n : 0;
            if (s.buf[b])
                memset(s.buf[b], (int)u8(&r), n);
            break;
        }
        case 1: create_over_buffer(&s, &r, 0); break;
        case 2: create_over_buffer(&s, &r, 1); break;
        case 3: make_array(&s, &r); break;
        case 4: copy_box(&s, &r); break;
        case 5: use_texture(&s, &r); break;
        case 6:
        case 7: use_surface(&s, &r); break;
        case 8: alias_race(&s, &r); break;
        default: { /* destroy something, maybe twice */
            unsigned k = u8(&r) % NOBJ, what = u8(&r);
            if (what & 1) {
                wt_destroy_texture_object(s.tex[k]);
                if (what & 2)
                    s.tex[k] = 0;
            } else {
                wt_destroy_surface_object(s.surf[k]);
                if (what & 2)
                    s.surf[k] = 0;
            }
            break;
        }
        }
    }
    for (int k = 0; k < NOBJ; k++) {
        wt_destroy_texture_object(s.tex[k]);
        wt_destroy_surface_object(s.surf[k]);
    }
    for (int k = 0; k < NOBJ; k++)
        if (s.arr[k])
            wt_free_array(s.arr[k]);
    for (int b = 0; b < NBUF; b++)
        free(s.buf[b]);
    return 0;
}
