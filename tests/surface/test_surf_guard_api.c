/* test_surf_guard_api.c -- every surface instruction through the public warp call over guard-paged user memory
 * SPDX-License-Identifier: MIT
 *
 * pitch2D and linear surfaces (CUDA's own way to put a surface over memory
 * the caller owns) are placed with their last byte against a PROT_NONE page,
 * and again with their first byte right after one: any read or write outside
 * the surface's memory faults at once, under any build.  The last row has no
 * padding behind it (the buffer ends with its last element), so a row-pitch
 * overrun faults too; the padding of the other rows is memory the library
 * must not touch, which the whole-buffer comparison after every call checks.
 *
 * Every family (suld.b, sust.b, sust.p, sured.b, sured.p), every shape, every
 * clamp mode, coordinates at and around both edges of each axis plus the
 * extremes, 31 active lanes per call and one inactive lane with wild
 * coordinates.  Expected results come from the byte model below, written
 * from [semantics#surface-addressing] to [semantics#sured], [semantics#decision-sured], [semantics#decision-narrow-rows], [semantics#decision-layer-past-end] to [semantics#decision-sured-narrow-row]; loads are compared lane
 * by lane, the memory byte by byte with a shadow copy. */
#define _DEFAULT_SOURCE 1
#include <stdlib.h>

#include "surf_util.h"

typedef struct sfmt {
    int nch, bits;
    wt_channel_kind kind;
} sfmt;

static const sfmt FMTS[] = {
    {1, 8, WT_CHANNEL_UNSIGNED},  {4, 8, WT_CHANNEL_UNSIGNED}, {1, 16, WT_CHANNEL_UNSIGNED},
    {1, 32, WT_CHANNEL_UNSIGNED}, {1, 32, WT_CHANNEL_SIGNED},  {2, 32, WT_CHANNEL_UNSIGNED},
    {2, 32, WT_CHANNEL_SIGNED},   {4, 32, WT_CHANNEL_UNSIGNED},
};

typedef struct world {
    su_fence f;
    uint8_t *shadow;
    size_t bytes, pitch;
    int64_t row_bytes;
    uint32_t w, h;
    int esize, cbytes, nch, sgn, dims;
    wt_surf s;
    uint64_t lanes, traps, zeros, calls;
} world;

static uint64_t rng_state = 0x0123456789abcdefull;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* ---- the model ---------------------------------------------------------- */

enum { M_OK = 0, M_TRAP = 1, M_ZERO = 2 };

/* Where an access of `size` bytes at byte xb of row y lands: off[i] is the
 * buffer offset of byte i of the access, or -1 for a byte past a row that is
 * narrower than the access ([semantics#decision-narrow-rows], [semantics#decision-sured-narrow-row]).  [semantics#surface-addressing]: misaligned x traps under
 * every mode; [semantics#surface-out-of-range]: .trap traps, .zero is all-or-nothing, .clamp moves each
 * coordinate independently, x to the last access-aligned position where the
 * whole access fits (0 when none does). */
static int model_locate(const world *w, int clamp, int64_t xb, int64_t y, int64_t size, int64_t off[16])
{
    if (xb % size != 0)
        return M_TRAP;
    int in_x = xb >= 0 && xb + size <= w->row_bytes;
    int in_y = y >= 0 && y < (int64_t)w->h;
    if (!in_x || !in_y) {
        if (clamp == WT_CLAMP_TRAP)
            return M_TRAP;
        if (clamp == WT_CLAMP_ZERO)
            return M_ZERO;
        int64_t last = 0;
        while (last + 2 * size <= w->row_bytes)
            last += size; /* the last aligned start with last + size <= row */
        if (xb < 0)
            xb = 0;
        if (xb > last)
            xb = last;
        if (y < 0)
            y = 0;
        if (y >= (int64_t)w->h)
            y = w->h - 1;
    }
    for (int64_t i = 0; i < size; i++)
        off[i] = xb + i < w->row_bytes ? y * (int64_t)w->pitch + xb + i : -1;
    return M_OK;
}

static uint64_t get_bytes(const uint8_t *mem, const int64_t *off, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | (off[i] < 0 ? 0 : mem[off[i]]);
    return v;
}

static void put_bytes(uint8_t *mem, const int64_t *off, int n, uint64_t v)
{
    for (int i = 0; i < n; i++, v >>= 8)
        if (off[i] >= 0)
            mem[off[i]] = (uint8_t)v;
}

static int64_t as_signed(uint64_t u, int bits)
{
    if (bits == 32) {
        u &= 0xffffffffu;
        return u >= 0x80000000u ? (int64_t)u - 0x100000000ll : (int64_t)u;
    }
    return u >= 0x8000000000000000ull ? -(int64_t)(~u) - 1 : (int64_t)u;
}

/* [semantics#decision-sured]: add wraps, min/max by signedness, and/or bitwise. */
static uint64_t model_reduce(int redop, int bits, int sgn, uint64_t old, uint64_t v)
{
    uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
    old &= mask;
    v &= mask;
    int v_less = sgn ? as_signed(v, bits) < as_signed(old, bits) : v < old;
    switch (redop) {
    case WT_RED_ADD: return (old + v) & mask;
    case WT_RED_MIN: return v_less ? v : old;
    case WT_RED_MAX: return (!v_less && v != old) ? v : old;
    case WT_RED_AND: return old & v;
    default: return old | v;
    }
}

/* sust.p into the unsigned/signed integer formats of FMTS ([semantics#sust-p] [3P-M]):
 * clamp to the channel range, components the source lacks written 0. */
static uint64_t model_p_channel(const world *w, uint32_t u)
{
    if (w->cbytes == 4)
        return u; /* 32-bit: the .u32/.s32 value itself */
    uint32_t max = (1u << (8 * w->cbytes)) - 1u;
    return u > max ? max : u; /* only unsigned narrow formats in FMTS */
}

/* ---- one warp call ------------------------------------------------------ */

typedef struct opdesc {
    int family, mode, vec, bits, redop, rtype;
} opdesc;

/* The bytes an access moves and the unit of x ([semantics#surface-addressing]). */
static void access_size(const world *w, const opdesc *o, int64_t *size, int64_t *unit)
{
    if (o->mode == WT_SURF_P) {
        *size = w->esize;
        *unit = w->esize;
    } else if (o->family == WT_FAMILY_SURED) {
        *size = (o->rtype == WT_RTYPE_U64 || o->rtype == WT_RTYPE_S64) ? 8 : 4;
        *unit = 1;
    } else {
        *size = o->vec * o->bits / 8;
        *unit = 1;
    }
}

/* [semantics#decision-sured-p-forms]: sured.p .b32 on one-channel 32-bit integers, .b64 (min/max) on two. */
static int p_red_allowed(const world *w, const opdesc *o)
{
    if (w->cbytes != 4)
        return 0;
    if (o->rtype == WT_RTYPE_B32)
        return w->nch == 1;
    return w->nch == 2 && (o->redop == WT_RED_MIN || o->redop == WT_RED_MAX);
}

static void run_call(world *w, const opdesc *o, int clamp, int n, const int32_t *xs, const int32_t *ys)
{
    static wt_surf_args in;
    static wt_surf_result out;
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = (uint8_t)o->family;
    op.mode = (uint8_t)o->mode;
    op.geom = (uint8_t)(w->dims == 1 ? WT_GEOM_1D : WT_GEOM_2D);
    op.vec = (uint8_t)o->vec;
    op.bits = (uint8_t)o->bits;
    op.clamp = (uint8_t)clamp;
    op.redop = (uint8_t)o->redop;
    op.rtype = (uint8_t)o->rtype;

    int64_t size, unit;
    access_size(w, o, &size, &unit);
    /* One source vector for every lane of a store, so lanes that land on the
     * same bytes leave the same result whatever their order; reductions are
     * commutative, so their lanes take their own values. */
    uint64_t shared[4] = {rnd(), rnd(), rnd(), rnd()};
    memset(&in, 0, sizeof in);
    memset(&out, 0x6b, sizeof out);
    uint32_t active = 0;
    for (int l = 0; l < n; l++) {
        in.c[0][l] = xs[l];
        in.c[1][l] = ys[l];
        for (int k = 0; k < 4; k++)
            in.v[k][l] = o->family == WT_FAMILY_SURED ? rnd() : shared[k];
        active |= 1u << l;
    }
    /* Lane 31 is inactive with misaligned, far-out coordinates: it must
     * neither trap nor touch anything. */
    in.c[0][31] = INT32_MAX;
    in.c[1][31] = INT32_MIN;

    uint32_t want_trap = 0;
    uint64_t want_d[4][WT_WARP_SIZE];
    memset(want_d, 0, sizeof want_d);
    int p_ok = o->mode != WT_SURF_P || o->family != WT_FAMILY_SURED || p_red_allowed(w, o);
    for (int l = 0; l < n; l++) {
        int64_t off[16];
        int r = p_ok ? model_locate(w, clamp, (int64_t)xs[l] * unit, w->dims == 1 ? 0 : ys[l], size, off) : M_TRAP;
        if (r == M_TRAP) {
            want_trap |= 1u << l;
            w->traps++;
            continue;
        }
        if (r == M_ZERO) {
            w->zeros++;
            continue;
        }
        if (o->family == WT_FAMILY_SULD) {
            int eb = o->bits / 8;
            for (int k = 0; k < o->vec; k++)
                want_d[k][l] = get_bytes(w->shadow, off + k * eb, eb);
        } else if (o->family == WT_FAMILY_SUST && o->mode == WT_SURF_B) {
            int eb = o->bits / 8;
            for (int k = 0; k < o->vec; k++)
                put_bytes(w->shadow, off + k * eb, eb, in.v[k][l]);
        } else if (o->family == WT_FAMILY_SUST) {
            for (int ch = 0; ch < w->nch; ch++) {
                uint64_t code = ch < o->vec ? model_p_channel(w, (uint32_t)in.v[ch][l]) : 0;
                put_bytes(w->shadow, off + ch * w->cbytes, w->cbytes, code);
            }
        } else {
            int bits = (int)size * 8;
            int sgn = o->mode == WT_SURF_P ? w->sgn : (o->rtype == WT_RTYPE_S32 || o->rtype == WT_RTYPE_S64);
            uint64_t old = get_bytes(w->shadow, off, (int)size);
            put_bytes(w->shadow, off, (int)size, model_reduce(o->redop, bits, sgn, old, in.v[0][l]));
        }
    }

    wt_status st = wt_surf_warp(&op, w->s, active, &in, &out);
    w->calls++;
    w->lanes += (uint64_t)n;
    int bad = st != (want_trap ? WT_ERROR_TRAP : WT_SUCCESS) || out.trap != want_trap;
    for (int l = 0; l < n && !bad; l++)
        for (int k = 0; k < 4; k++) {
            uint64_t want = want_d[k][l];
            if (out.d[k][l] != want) {
                print_error("lane %d d[%d] = 0x%llx, want 0x%llx\n", l, k, (unsigned long long)out.d[k][l],
                            (unsigned long long)want);
                bad = 1;
                break;
            }
        }
    if (!bad && memcmp(w->f.p, w->shadow, w->bytes) != 0) {
        for (size_t i = 0; i < w->bytes; i++)
            if (w->f.p[i] != w->shadow[i]) {
                print_error("byte %zu = 0x%02x, want 0x%02x\n", i, w->f.p[i], w->shadow[i]);
                break;
            }
        bad = 1;
    }
    if (bad) {
        print_error("family %d mode %d v%d b%d redop %d rtype %d clamp %d on %ux%u esize %d pitch %zu dims %d: "
                    "status %s trap 0x%x (want 0x%x)\n", o->family, o->mode, o->vec, o->bits, o->redop, o->rtype,
                    clamp, w->w, w->h, w->esize, w->pitch, w->dims, wt_status_string(st), out.trap, want_trap);
        fail();
    }
}

/* x values: around 0 and around the row end (in the op's unit), the extremes. */
static int x_values(const world *w, int64_t size, int64_t unit, int32_t *xs)
{
    int n = 0;
    int64_t end = w->row_bytes / unit, reach = unit == 1 ? 2 * size + 1 : 3;
    for (int64_t x = -reach; x <= reach; x++)
        xs[n++] = (int32_t)x;
    for (int64_t x = end - reach; x <= end + reach; x++)
        if (x > reach)
            xs[n++] = (int32_t)x;
    xs[n++] = INT32_MIN;
    xs[n++] = INT32_MAX;
    xs[n++] = 0x7ffffff0;
    xs[n++] = (int32_t)(-1024 * size);
    return n;
}

static void run_op(world *w, const opdesc *o)
{
    int64_t size, unit;
    access_size(w, o, &size, &unit);
    int32_t xs[160];
    int nx = x_values(w, size, unit, xs);
    const int32_t ys2[] = {-1, 0, 1, (int32_t)w->h - 1, (int32_t)w->h, INT32_MIN, INT32_MAX};
    const int32_t ys1[] = {0};
    const int32_t *ys = w->dims == 1 ? ys1 : ys2;
    int ny = w->dims == 1 ? 1 : 7;
    for (int clamp = WT_CLAMP_TRAP; clamp <= WT_CLAMP_ZERO; clamp++) {
        int32_t cx[31], cy[31];
        int n = 0;
        for (int yi = 0; yi < ny; yi++)
            for (int xi = 0; xi < nx; xi++) {
                cx[n] = xs[xi];
                cy[n] = ys[yi];
                if (++n == 31) {
                    run_call(w, o, clamp, n, cx, cy);
                    n = 0;
                }
            }
        if (n)
            run_call(w, o, clamp, n, cx, cy);
    }
}

static void run_all_ops(world *w)
{
    static const int SHAPES[][2] = {{1, 8}, {1, 16}, {1, 32}, {1, 64}, {2, 8}, {2, 16},
                                    {2, 32}, {2, 64}, {4, 8}, {4, 16}, {4, 32}};
    for (size_t i = 0; i < sizeof SHAPES / sizeof SHAPES[0]; i++)
        for (int fam = WT_FAMILY_SULD; fam <= WT_FAMILY_SUST; fam++) {
            opdesc o = {fam, WT_SURF_B, SHAPES[i][0], SHAPES[i][1], 0, 0};
            run_op(w, &o);
        }
    for (int vec = 1; vec <= 4; vec *= 2) {
        opdesc o = {WT_FAMILY_SUST, WT_SURF_P, vec, 32, 0, 0};
        run_op(w, &o);
    }
    /* PTX ISA 9.7.11: the sured.b op/type pairs */
    static const int RB[][2] = {
        {WT_RED_ADD, WT_RTYPE_U32}, {WT_RED_ADD, WT_RTYPE_S32}, {WT_RED_ADD, WT_RTYPE_U64},
        {WT_RED_MIN, WT_RTYPE_U32}, {WT_RED_MIN, WT_RTYPE_S32}, {WT_RED_MIN, WT_RTYPE_U64},
        {WT_RED_MIN, WT_RTYPE_S64}, {WT_RED_MAX, WT_RTYPE_U32}, {WT_RED_MAX, WT_RTYPE_S32},
        {WT_RED_MAX, WT_RTYPE_U64}, {WT_RED_MAX, WT_RTYPE_S64}, {WT_RED_AND, WT_RTYPE_B32},
        {WT_RED_OR, WT_RTYPE_B32},
    };
    for (size_t i = 0; i < sizeof RB / sizeof RB[0]; i++) {
        opdesc o = {WT_FAMILY_SURED, WT_SURF_B, 1, 32, RB[i][0], RB[i][1]};
        run_op(w, &o);
    }
    /* sured.p: .b32 with every op, .b64 with min/max (refused formats trap) */
    for (int r = WT_RED_ADD; r <= WT_RED_OR; r++) {
        opdesc o = {WT_FAMILY_SURED, WT_SURF_P, 1, 32, r, WT_RTYPE_B32};
        run_op(w, &o);
        if (r == WT_RED_MIN || r == WT_RED_MAX) {
            opdesc o64 = {WT_FAMILY_SURED, WT_SURF_P, 1, 64, r, WT_RTYPE_B64};
            run_op(w, &o64);
        }
    }
}

/* One surface: dims 2 -> pitch2D of w x h with `pad` bytes after each row
 * but the last; dims 1 -> linear of w elements. */
static void one_surface(const sfmt *fm, int dims, uint32_t width, uint32_t h, size_t pad, int at_end, uint64_t *tot)
{
    world w;
    memset(&w, 0, sizeof w);
    w.nch = fm->nch;
    w.cbytes = fm->bits / 8;
    w.esize = w.nch * w.cbytes;
    w.sgn = fm->kind == WT_CHANNEL_SIGNED;
    w.dims = dims;
    w.w = width;
    w.h = dims == 1 ? 1 : h;
    w.row_bytes = (int64_t)width * w.esize;
    w.pitch = (size_t)w.row_bytes + pad;
    w.bytes = w.pitch * (w.h - 1) + (size_t)w.row_bytes;
    w.f = su_fence_alloc(w.bytes, at_end);
    w.shadow = malloc(w.bytes);
    assert_non_null(w.shadow);
    for (size_t i = 0; i < w.bytes; i++)
        w.f.p[i] = w.shadow[i] = (uint8_t)rnd();

    wt_resource_desc r;
    memset(&r, 0, sizeof r);
    wt_channel_desc cd = wt_make_channel_desc(fm->bits, fm->nch >= 2 ? fm->bits : 0, fm->nch == 4 ? fm->bits : 0,
                                              fm->nch == 4 ? fm->bits : 0, fm->kind);
    if (dims == 1) {
        r.type = WT_RESOURCE_LINEAR;
        r.res.linear.dev_ptr = w.f.p;
        r.res.linear.desc = cd;
        r.res.linear.size_in_bytes = w.bytes;
    } else {
        r.type = WT_RESOURCE_PITCH2D;
        r.res.pitch2d.dev_ptr = w.f.p;
        r.res.pitch2d.desc = cd;
        r.res.pitch2d.width = width;
        r.res.pitch2d.height = h;
        r.res.pitch2d.pitch_in_bytes = w.pitch;
    }
    assert_int_equal(wt_create_surface_object(&w.s, &r), WT_SUCCESS);
    assert_int_equal(wt_suq_memory_layout(w.s), 1);
    run_all_ops(&w);
    /* The NVVM lane entries at the far edges, on the same memory. */
    (void)wt_get_last_error();
    if (dims == 2) {
        wt_sust_b_2d_v4i32_clamp(w.s, INT32_MAX & ~15, INT32_MAX, 1, 2, 3, 4);
        wt_int4 q = wt_suld_2d_v4i32_clamp(w.s, INT32_MAX & ~15, INT32_MAX);
        if (w.row_bytes >= 16) {
            assert_true(q.x == 1 && q.y == 2 && q.z == 3 && q.w == 4);
        }
        wt_sured_b_max_2d_u64_clamp(w.s, INT32_MAX & ~7, INT32_MIN, -1);
    } else {
        wt_sust_b_1d_v2i64_clamp(w.s, INT32_MAX & ~15, 5, 6);
        wt_long2 q = wt_suld_1d_v2i64_clamp(w.s, INT32_MAX & ~15);
        if (w.row_bytes >= 16) {
            assert_true(q.x == 5 && q.y == 6);
        }
        wt_sured_b_add_1d_u32_clamp(w.s, INT32_MIN, 1);
    }
    assert_int_equal(wt_get_last_error(), WT_SUCCESS);
    assert_int_equal(wt_destroy_surface_object(w.s), WT_SUCCESS);
    tot[0] += w.lanes;
    tot[1] += w.traps;
    tot[2] += w.zeros;
    free(w.shadow);
    su_fence_free(&w.f);
}

static void run_layouts(int dims, int at_end)
{
    uint64_t tot[3] = {0, 0, 0};
    static const uint32_t WIDTHS[] = {1, 3, 7};
    for (size_t fi = 0; fi < sizeof FMTS / sizeof FMTS[0]; fi++)
        for (size_t wi = 0; wi < sizeof WIDTHS / sizeof WIDTHS[0]; wi++) {
            const sfmt *fm = &FMTS[fi];
            size_t cb = (size_t)fm->bits / 8;
            if (dims == 1) {
                one_surface(fm, 1, WIDTHS[wi], 1, 0, at_end, tot);
            } else {
                /* no padding, and an odd number of channel widths (rows off
                 * the 4/8/16-byte grid, so sured takes its word CAS and straddling paths) */
                one_surface(fm, 2, WIDTHS[wi], 3, 0, at_end, tot);
                one_surface(fm, 2, WIDTHS[wi], 3, 3 * cb, at_end, tot);
            }
        }
    print_message("%s, guard %s: %llu lanes, %llu traps, %llu .zero outside\n", dims == 1 ? "linear" : "pitch2D",
                  at_end ? "after" : "before", (unsigned long long)tot[0], (unsigned long long)tot[1],
                  (unsigned long long)tot[2]);
    assert_true(tot[0] > 100000 && tot[1] > 10000 && tot[2] > 5000);
}

static void pitch2d_guard_after(void **state)
{
    (void)state;
    run_layouts(2, 1);
}

static void pitch2d_guard_before(void **state)
{
    (void)state;
    run_layouts(2, 0);
}

static void linear_guard_after(void **state)
{
    (void)state;
    run_layouts(1, 1);
}

static void linear_guard_before(void **state)
{
    (void)state;
    run_layouts(1, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pitch2d_guard_after),
        cmocka_unit_test(pitch2d_guard_before),
        cmocka_unit_test(linear_guard_after),
        cmocka_unit_test(linear_guard_before),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
