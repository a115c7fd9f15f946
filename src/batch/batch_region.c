/* batch_region.c -- wt_suld_region / wt_sust_region: a rectangle of a surface to or from host memory with a pitch, warp by warp
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>

#include "batch_run.h"
#include "../core/parallel.h"

typedef struct region_job {
    const wt_op *op;
    wt_surf surf;
    wt_region r;
    uint8_t *buf; /* dst (suld) or src (sust, only read) */
    size_t pitch;
    size_t lane_bytes; /* vec * bits / 8 */
    unsigned step;     /* x advance per lane: bytes (.b) or 1 element (.p) */
    unsigned ebytes;   /* bytes per element: bits / 8 */
    int load;          /* suld, else sust */
    uint32_t *trap;
} region_job;

/* Element k of a lane at p: ebytes bytes, little-endian (surf_scalar.c). */
static uint64_t get_le(const uint8_t *p, unsigned ebytes)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < ebytes; b++)
        v |= (uint64_t)p[b] << (8 * b);
    return v;
}

static void put_le(uint8_t *p, uint64_t v, unsigned ebytes)
{
    for (unsigned b = 0; b < ebytes; b++)
        p[b] = (uint8_t)(v >> (8 * b));
}

static wt_status region_warp(void *ctx, size_t w, uint32_t active, wt__batch_scratch *s, uint32_t *bad)
{
    const region_job *j = ctx;
    wt_surf_args *a = &s->surf.in;
    wt_surf_result *o = &s->surf.out;
    const int m = __builtin_popcount(active);
    const size_t g0 = w * WT_WARP_SIZE, vec = j->op->vec;
    size_t i = g0 % j->r.width, row = g0 / j->r.width;
    /* Coordinate registers in PTX order: 2d {x,y}, 3d {x,y,z}, a2d {layer,x,y}. */
    const int a2d = j->op->geom == WT_GEOM_A2D, cx = a2d ? 1 : 0, cy = cx + 1;
    for (int l = 0; l < m; l++) {
        /* Validated: every lane's x and y are int32 values. */
        a->c[cx][l] = (int32_t)((int64_t)j->r.x + (int64_t)(i * j->step));
        a->c[cy][l] = (int32_t)((int64_t)j->r.y + (int64_t)row);
        a->c[a2d ? 0 : 2][l] = j->r.z;
        if (!j->load) {
            const uint8_t *p = j->buf + row * j->pitch + i * j->lane_bytes;
            for (size_t k = 0; k < vec; k++)
                a->v[k][l] = get_le(p + k * j->ebytes, j->ebytes);
        }
        if (++i == j->r.width)
            i = 0, row++;
    }
    wt_status st = wt_surf_warp(j->op, j->surf, active, a, o);
    if (j->load) {
        /* Lanes that trapped or failed loaded 0 (wt_surf_warp). */
        i = g0 % j->r.width, row = g0 / j->r.width;
        for (int l = 0; l < m; l++) {
            uint8_t *p = j->buf + row * j->pitch + i * j->lane_bytes;
            for (size_t k = 0; k < vec; k++)
                put_le(p + k * j->ebytes, o->d[k][l], j->ebytes);
            if (++i == j->r.width)
                i = 0, row++;
        }
    }
    if (j->trap)
        j->trap[w] = o->trap;
    if (st)
        *bad = st == WT_ERROR_TRAP ? o->trap : active;
    return st;
}

/* ---- the rows of a region inside the surface, as plain copies ---------------------- */

typedef struct rows_job {
    uint8_t *surf;   /* the region's first byte on the surface */
    size_t surf_pitch;
    uint8_t *buf;
    size_t pitch;
    size_t bytes;    /* a row of the region */
    int load;
} rows_job;

static void copy_rows(void *ctx, size_t begin, size_t end, int thread)
{
    const rows_job *c = ctx;
    (void)thread;
    for (size_t j = begin; j < end; j++) {
        uint8_t *s = c->surf + j * c->surf_pitch, *b = c->buf + j * c->pitch;
        if (c->load)
            memcpy(b, s, c->bytes);
        else
            memcpy(s, b, c->bytes);
    }
}

/* A .b region whose lanes are all aligned ([semantics#surface-addressing]: x a multiple of the
 * access size) and inside the surface ([semantics#surface-out-of-range]: then every clamp mode reads
 * and writes the lane's own bytes, and no two lanes share one) is the
 * surface's bytes row by row: copied as such, rows over the threads, under
 * one read section of the calling thread (a concurrent destroy of the
 * surface takes effect after the copy).  1 when done, 0 when the region is
 * not such a one (the warps run it). */
static int direct_rows(const region_job *j)
{
    if (j->op->mode != WT_SURF_B || j->r.x < 0 || j->r.y < 0 || (uint32_t)j->r.x % j->lane_bytes != 0)
        return 0;
    int done = 0;
    wt__read_begin();
    const wt__surf *s = wt__handle_get(j->surf, WT__KIND_SURF);
    if (s && !s->sparse) { /* a sparse surface's bytes are its tiles: the warps run it */
        const uint64_t row_bytes = (uint64_t)s->w * s->fmt.esize, h = s->h ? s->h : 1, d = s->d ? s->d : 1;
        const uint64_t right = (uint64_t)j->r.x + (uint64_t)j->r.width * j->lane_bytes;
        uint64_t slice = 0;
        int inside = right <= row_bytes && (uint64_t)j->r.y + j->r.height <= h;
        if (j->op->geom == WT_GEOM_3D) {
            inside = inside && j->r.z >= 0 && (uint64_t)j->r.z < d;
            slice = (uint64_t)(uint32_t)j->r.z * s->depth_pitch;
        } else if (j->op->geom == WT_GEOM_A2D) { /* [semantics#decision-layer-past-end]: a layer past the end is the last */
            uint32_t layer = (uint32_t)j->r.z;
            slice = (uint64_t)(s->num_layers && layer >= s->num_layers ? s->num_layers - 1 : layer) * s->slice_pitch;
        }
        if (inside) {
            rows_job c = {.surf = s->base + slice + (size_t)j->r.y * s->row_pitch + (size_t)j->r.x,
                          .surf_pitch = s->row_pitch,
                          .buf = j->buf,
                          .pitch = j->pitch,
                          .bytes = j->r.width * j->lane_bytes,
                          .load = j->load};
            /* rows in chunks of at least 64 KiB */
            size_t grain = c.bytes >= 65536 ? 1 : 65536 / c.bytes;
            wt__parallel_for(j->r.height, grain, 0, copy_rows, &c);
            if (j->trap)
                memset(j->trap, 0, (j->r.width * j->r.height + 31) / 32 * sizeof *j->trap);
            done = 1;
        }
    }
    wt__read_end();
    return done;
}

/* Would lanes of the region clamp onto one element?  Only lanes outside the
 * surface move under .clamp, and the lanes inside are distinct elements, so
 * a region inside the surface has none. */
static int reaches_outside(const region_job *j)
{
    int outside = 0;
    wt__read_begin();
    const wt__surf *s = wt__handle_get(j->surf, WT__KIND_SURF);
    if (s) {
        uint64_t limit = j->op->mode == WT_SURF_P ? s->w : (uint64_t)s->w * s->fmt.esize;
        uint64_t right = (uint64_t)((int64_t)j->r.x + (int64_t)((j->r.width - 1) * j->step)) + j->lane_bytes;
        if (j->op->mode == WT_SURF_P)
            right = (uint64_t)((int64_t)j->r.x + (int64_t)j->r.width);
        outside = j->r.x < 0 || j->r.y < 0 || right > limit || (uint64_t)j->r.y + j->r.height > s->h;
    }
    /* A surface destroyed meanwhile: every warp fails alike, in parallel or not. */
    wt__read_end();
    return outside;
}

static wt_status region(const char *fn, int load, const wt_op *op, wt_surf surf, const wt_region *r, uint8_t *buf,
                        size_t pitch, uint32_t *trap)
{
    const char *bufname = load ? "dst" : "src";
    if (!op || !r)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL", fn, !op ? "op" : "r");
    int family = load ? WT_FAMILY_SULD : WT_FAMILY_SUST;
    if (op->family != family)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->family = %u is not %s", fn, op->family,
                         load ? "WT_FAMILY_SULD" : "WT_FAMILY_SUST");
    if (op->geom != WT_GEOM_2D && op->geom != WT_GEOM_3D && op->geom != WT_GEOM_A2D)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): op->geom = %u: regions are on .2d, .3d or .a2d surfaces", fn,
                         op->geom);
    if (op->geom == WT_GEOM_2D && r->z != 0)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): r->z = %d on a .2d op (z is the slice of .3d, the layer of "
                         ".a2d)", fn, (int)r->z);
    /* The op and the surface, by the warp call itself on no lanes. */
    static const wt_surf_args no_lanes;
    wt_surf_result probe;
    wt_status st = wt_surf_warp(op, surf, 0, &no_lanes, &probe);
    if (st)
        return wt__batch_restate(fn, "wt_surf_warp", st);

    region_job j = {.op = op, .surf = surf, .r = *r, .buf = buf, .load = load, .trap = trap};
    j.ebytes = op->bits / 8u;
    j.lane_bytes = (size_t)op->vec * j.ebytes;
    j.step = op->mode == WT_SURF_P ? 1u : (unsigned)j.lane_bytes;
    if (r->width && r->height > SIZE_MAX / r->width)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): r->width * r->height = %zu * %zu lanes overflows", fn,
                         r->width, r->height);
    size_t n = r->width * r->height;
    if (n == 0)
        return WT_SUCCESS;
    if (r->width - 1 > (uint64_t)((int64_t)INT32_MAX - r->x) / j.step)
        return wt__error(WT_ERROR_INVALID_VALUE,
                         "%s(): r->x = %d with r->width = %zu: the last lane's x (step %u) is past INT32_MAX", fn,
                         (int)r->x, r->width, j.step);
    if (r->height - 1 > (uint64_t)((int64_t)INT32_MAX - r->y))
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): r->y = %d with r->height = %zu: the last row is past INT32_MAX",
                         fn, (int)r->y, r->height);
    if ((st = wt__batch_check_n(fn, r->width, j.lane_bytes, "a row")))
        return st;
    size_t row_bytes = r->width * j.lane_bytes;
    if (pitch == 0)
        pitch = row_bytes;
    else if (pitch < row_bytes)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): pitch = %zu is less than a row, %zu lanes of %zu bytes = %zu",
                         fn, pitch, r->width, j.lane_bytes, row_bytes);
    if (r->height - 1 > ((size_t)PTRDIFF_MAX - row_bytes) / pitch)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %zu rows of pitch %zu do not fit in memory", fn, r->height,
                         pitch);
    if (!buf)
        return wt__error(WT_ERROR_INVALID_VALUE, "%s(): %s is NULL with %zu x %zu lanes", fn, bufname, r->width,
                         r->height);
    j.pitch = pitch;
    if (direct_rows(&j))
        return WT_SUCCESS;
    int serial = !load && op->clamp == WT_CLAMP_CLAMP && reaches_outside(&j);
    return wt__batch_run(fn, n, serial, region_warp, &j);
}

wt_status wt_suld_region(const wt_op *op, wt_surf surf, const wt_region *r, void *dst, size_t pitch, uint32_t *trap)
{
    return region("wt_suld_region", 1, op, surf, r, dst, pitch, trap);
}

wt_status wt_sust_region(const wt_op *op, wt_surf surf, const wt_region *r, const void *src, size_t pitch,
                         uint32_t *trap)
{
    /* The job only reads src: the cast serves the shared path. */
    return region("wt_sust_region", 0, op, surf, r, (uint8_t *)(uintptr_t)src, pitch, trap);
}
