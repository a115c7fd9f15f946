/* test_ptx_exec.c -- the warp interpreter on hand-written PTX: integer and float semantics,
 * divergence, calls, warp-wide operations, shared memory and barriers, atomics, memory safety, trap
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <fenv.h>
#include <math.h>

#include "ptx_test_util.h"



static wt_module mod;

static int setup(void **state)
{
    (void)state;
    mod = pt_load("exec.ptx");
    return mod == NULL;
}
static int teardown(void **state)
{
    (void)state;
    wt_module_unload(mod);
    return 0;
}

/* ---- integers ---- */
static uint32_t ref_bfe_u(uint32_t a, uint32_t pos, uint32_t len)
{
    uint64_t r = 0;
    for (uint32_t k = 0; k < len && pos + k < 32; k++)
        r |= (uint64_t)((a >> (pos + k)) & 1) << k;
    return (uint32_t)r;
}

static void integer_ops(void **state)
{
    (void)state;
    enum { NT = 96 };
    uint32_t *a = malloc(NT * 4), *b = malloc(NT * 4), *out = calloc(NT * 16, 4);
    uint64_t seed = 1;
    static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 5, 64, 31, 32, 33};
    for (int i = 0; i < NT; i++) {
        a[i] = i < 10 ? edge[i] : (uint32_t)pt_rng(&seed);
        b[i] = i < 10 ? edge[9 - i] : (i % 7 == 0 ? 0 : (uint32_t)pt_rng(&seed) >> (i % 28));
    }
    a[10] = 0x80000000u; b[10] = 0xffffffffu; /* INT_MIN / -1 */
    assert_int_equal(wt_module_register_memory(mod, a, NT * 4, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, b, NT * 4, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, out, NT * 64, 1), WT_SUCCESS);
    void *p[3] = {&a, &b, &out};
    pt_launch(mod, "k_int", (wt_dim3){3, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < NT; i++) {
        uint32_t x = a[i], y = b[i];
        int32_t sx = (int32_t)x, sy = (int32_t)y;
        uint32_t sh = y & 63;
        uint32_t e[16];
        e[0] = (uint32_t)(((int64_t)sx * sy) >> 32);
        e[1] = (uint32_t)(((uint64_t)x * y) >> 32);
        e[2] = y == 0 ? 0xffffffffu : (sx == INT32_MIN && sy == -1) ? 0x80000000u : (uint32_t)(sx / sy);
        e[3] = y == 0 ? x : sy == -1 ? 0 : (uint32_t)(sx % sy);
        e[4] = y == 0 ? 0xffffffffu : x / y;
        e[5] = sh >= 32 ? (sx < 0 ? 0xffffffffu : 0) : (uint32_t)(sx >> sh);
        e[6] = sh >= 32 ? 0 : x << sh;
        e[7] = ref_bfe_u(x, 4, sh);
        uint32_t f9 = (x >> 3) & 0x1ff;
        e[8] = (f9 & 0x100) ? (f9 | 0xfffffe00u) : f9;
        e[9] = (x & ~(0xfffu << 8)) | ((y & 0xfffu) << 8);
        uint8_t by[8];
        for (int k = 0; k < 4; k++) {
            by[k] = (uint8_t)(x >> (8 * k));
            by[4 + k] = (uint8_t)(y >> (8 * k));
        }
        e[10] = (uint32_t)by[1] | (uint32_t)by[3] << 8 | (uint32_t)by[5] << 16 | (uint32_t)by[7] << 24;
        e[11] = (uint32_t)__builtin_popcount(x);
        e[12] = x ? (uint32_t)__builtin_clz(x) : 32;
        uint32_t rv = 0;
        for (int k = 0; k < 32; k++)
            rv |= ((x >> k) & 1) << (31 - k);
        e[13] = rv;
        int p1 = sx < sy, p2 = x > y && !p1;
        e[14] = p2 ? x : y;
        int64_t s = (int64_t)sx + sy;
        e[15] = (uint32_t)(int32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
        for (int k = 0; k < 16; k++)
            if (out[16 * i + k] != e[k])
                fail_msg("thread %d (a=0x%x b=0x%x) result %d: PTX 0x%08x, C 0x%08x", i, x, y, k, out[16 * i + k], e[k]);
    }
    wt_module_unregister_memory(mod, a);
    wt_module_unregister_memory(mod, b);
    wt_module_unregister_memory(mod, out);
    free(a);
    free(b);
    free(out);
}

/* ---- floats ---- */
static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint32_t canon(float f) { return f != f ? 0x7fffffffu : fb(f); }
static float dir_op(int mode, int op, float x, float y)
{
    int old = fegetround();
    fesetround(mode);
    volatile float vx = x, vy = y;
    volatile float r = op ? vx * vy : vx + vy;
    fesetround(old);
    return r;
}
static float ftz(float f) { return (f != 0 && fabsf(f) < 0x1p-126f) ? copysignf(0.0f, f) : f; }

static void float_ops(void **state)
{
    (void)state;
    enum { NT = 64 };
    float *a = malloc(NT * 4), *b = malloc(NT * 4);
    uint32_t *out = calloc(NT * 16, 4);
    uint64_t seed = 2;
    static const uint32_t edge[] = {0x7fc00000u, 0x00000001u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x3f800000u,
                                    0x477fe000u, 0x477ff000u, 0x33000000u, 0x4b000001u, 0xbf000000u, 0x3fc00000u,
                                    0x00800000u, 0x007fffffu};
    for (int i = 0; i < NT; i++) {
        a[i] = i < 14 ? bf(edge[i]) : pt_uni(&seed, -100.0f, 100.0f);
        b[i] = i < 14 ? bf(edge[13 - i]) : pt_uni(&seed, -3.0f, 3.0f);
    }
    assert_int_equal(wt_module_register_memory(mod, a, NT * 4, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, b, NT * 4, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, out, NT * 64, 1), WT_SUCCESS);
    void *p[3] = {&a, &b, &out};
    pt_launch(mod, "k_float", (wt_dim3){2, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < NT; i++) {
        float x = a[i], y = b[i];
        uint32_t e[16];
        e[0] = canon(dir_op(FE_TOWARDZERO, 0, x, y));
        e[1] = canon(dir_op(FE_DOWNWARD, 0, x, y));
        e[2] = canon(dir_op(FE_UPWARD, 0, x, y));
        e[3] = canon(dir_op(FE_TOWARDZERO, 1, x, y));
        float m = x * y;
        e[4] = canon(m + x); /* mul then add: two roundings */
        e[5] = canon(fmaf(x, y, x));
        e[6] = canon(x / y);
        e[7] = canon(sqrtf(x));
        float mn = x != x ? y : y != y ? x : (x == y ? (signbit(x) ? x : y) : (x < y ? x : y));
        float mx = x != x ? y : y != y ? x : (x == y ? (signbit(x) ? y : x) : (x > y ? x : y));
        e[8] = canon(mn);
        e[9] = canon(mx);
        e[10] = canon(ftz(ftz(x) + ftz(y)));
        float sm = x * y;
        e[11] = fb(sm != sm ? 0.0f : sm < 0 ? 0.0f : sm > 1 ? 1.0f : sm);
        double tx = trunc((double)x), rx = nearbyint((double)x);
        e[12] = x != x ? 0 : tx >= 2147483647.0 ? 0x7fffffffu : tx <= -2147483648.0 ? 0x80000000u : (uint32_t)(int32_t)tx;
        e[13] = x != x ? 0 : rx >= 2147483647.0 ? 0x7fffffffu : rx <= -2147483648.0 ? 0x80000000u : (uint32_t)(int32_t)rx;
        int old = fegetround();
        fesetround(FE_TOWARDZERO);
        volatile double pd = (double)x * (double)y;
        volatile float pf = (float)pd;
        fesetround(old);
        e[15] = canon(pf);
        for (int k = 0; k < 16; k++) {
            if (k == 14)
                continue;
            if (out[16 * i + k] != e[k])
                fail_msg("thread %d (a=%a b=%a) result %d: PTX 0x%08x, C 0x%08x", i, x, y, k, out[16 * i + k], e[k]);
        }
    }
    /* cvt.rn.f16.f32 on known values: ties to even, overflow, subnormal halves, NaN */
    static const struct { uint32_t f; uint32_t h; } halves[] = {
        {0x7fc00000u, 0x7e00}, {0x00000001u, 0x0000}, {0x80000000u, 0x8000}, {0x7f800000u, 0x7c00},
        {0xff800000u, 0xfc00}, {0x3f800000u, 0x3c00}, {0x477fe000u, 0x7bff}, {0x477ff000u, 0x7c00},
        {0x33000000u, 0x0000}, {0x4b000001u, 0x7c00}, {0xbf000000u, 0xb800}, {0x3fc00000u, 0x3e00},
    };
    for (int i = 0; i < 12; i++)
        if (out[16 * i + 14] != halves[i].h)
            fail_msg("cvt.rn.f16.f32 of 0x%08x: PTX 0x%04x, expected 0x%04x", halves[i].f, out[16 * i + 14], halves[i].h);
    wt_module_unregister_memory(mod, a);
    wt_module_unregister_memory(mod, b);
    wt_module_unregister_memory(mod, out);
    free(a);
    free(b);
    free(out);
}

/* ---- control flow: divergent loops in a called function, early exit and ret ---- */
static void control_flow(void **state)
{
    (void)state;
    enum { NT = 150 };
    uint32_t *out = calloc(NT + 16, 4);
    assert_int_equal(wt_module_register_memory(mod, out, (NT + 16) * 4, 1), WT_SUCCESS);
    void *p[1] = {&out};
    pt_launch(mod, "k_ctl", (wt_dim3){3, 1, 1}, (wt_dim3){50, 1, 1}, p);
    for (uint32_t i = 0; i < NT; i++) {
        uint32_t e;
        if (i % 3 == 0) {
            e = 7777;
        } else {
            uint32_t n = i + 1, s = 0;
            while (n > 1) {
                n = (n & 1) ? 3 * n + 1 : n >> 1;
                s++;
            }
            e = s;
            if (i & 1) {
                e = s << 1;
                if (e > 100)
                    e = 7777;
            }
        }
        if (out[i] != e)
            fail_msg("k_ctl thread %u: PTX %u, C %u", i, out[i], e);
    }
    assert_int_equal(out[NT], 0);
    wt_module_unregister_memory(mod, out);
    free(out);
}

/* ---- warp-wide: shfl, vote, activemask, lane masks ---- */
static void warp_ops(void **state)
{
    (void)state;
    uint32_t out[32 * 10];
    memset(out, 0xff, sizeof out);
    uint32_t *po = out;
    assert_int_equal(wt_module_register_memory(mod, out, sizeof out, 1), WT_SUCCESS);
    void *p[1] = {&po};
    pt_launch(mod, "k_warp", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, p);
    uint32_t ballot = 0;
    for (int l = 0; l < 32; l++)
        ballot |= (uint32_t)((l & 5) == 0) << l;
    for (int l = 0; l < 32; l++) {
        uint32_t *o = out + 10 * l;
#define X(l) ((uint32_t)(l) * 7 + 3)
        assert_int_equal(o[0], X(l ^ 5));
        assert_int_equal(o[1], l >= 3 ? X(l - 3) : X(l));
        assert_int_equal(o[2], l >= 3);
        assert_int_equal(o[3], l + 4 <= 31 ? X(l + 4) : X(l));
        assert_int_equal(o[4], X((l * 3) & 31));
        assert_int_equal(o[5], ballot);
        assert_int_equal(o[6], 1);
        assert_int_equal(o[7], 0);
        assert_int_equal(o[8], l < 20 ? 0xfffffu : 0);
        assert_int_equal(o[9], (1u << l) - 1);
#undef X
    }
    wt_module_unregister_memory(mod, out);
}

/* ---- shared memory across 4 warps, barriers, const data, atomics ---- */
static void shared_and_atomics(void **state)
{
    (void)state;
    enum { NB = 8, NT = 128 };
    uint32_t *out = calloc(NB * NT, 4), *olds = calloc(NB * NT, 4), fin[2] = {0, 0};
    float facc = 1.0f;
    uint32_t *pfin = fin;
    float *pf = &facc;
    assert_int_equal(wt_module_register_memory(mod, out, NB * NT * 4, 1), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, olds, NB * NT * 4, 1), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, &facc, 4, 1), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, fin, sizeof fin, 1), WT_SUCCESS);
    void *p[4] = {&out, &olds, &pf, &pfin};
    pt_launch(mod, "k_shared", (wt_dim3){1, 1, 1}, (wt_dim3){NT, 1, 1}, p);
    static const uint32_t ctab[4] = {10, 20, 30, 40};
    for (uint32_t t = 0; t < NT; t++)
        assert_int_equal(out[t], (127 - t) * (127 - t) + ctab[t & 3]);
    assert_int_equal(fin[0], 256); /* 128 shared atomic adds of 2 */
    assert_int_equal(fin[1], 128); /* the global counter, read atomically after the barrier */
    int seen[NB * NT] = {0};
    for (int t = 0; t < NT; t++) {
        assert_true(olds[t] < NT);
        seen[olds[t]]++;
    }
    for (int t = 0; t < NT; t++)
        assert_int_equal(seen[t], 1);
    assert_true(facc == 65.0f);
    /* 8 blocks in parallel: the global counter and the f32 sum count every thread exactly once */
    pt_launch(mod, "k_shared", (wt_dim3){NB, 1, 1}, (wt_dim3){NT, 1, 1}, p);
    assert_true(facc == 65.0f + NB * 64.0f);
    memset(seen, 0, sizeof seen);
    for (int t = 0; t < NB * NT; t++) {
        assert_true(olds[t] >= NT && olds[t] < NT + NB * NT);
        seen[olds[t] - NT]++;
        assert_int_equal(out[t], (127 - (t % NT)) * (127 - (t % NT)) + ctab[(t % NT) & 3]);
    }
    for (int t = 0; t < NB * NT; t++)
        assert_int_equal(seen[t], 1);
    wt_module_unregister_memory(mod, out);
    wt_module_unregister_memory(mod, olds);
    wt_module_unregister_memory(mod, &facc);
    wt_module_unregister_memory(mod, fin);
    free(out);
    free(olds);
}

/* ---- memory safety and trap ---- */
static void memory_faults(void **state)
{
    (void)state;
    uint32_t buf[64];
    for (int i = 0; i < 64; i++)
        buf[i] = 1000u + (uint32_t)i;
    uint32_t *pb = buf, off = 0;
    void *p[2] = {&pb, &off};
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, mod, "k_load"), WT_SUCCESS);
    /* nothing registered: the first lane's load fails */
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, 0, p), WT_ERROR_LAUNCH_FAILED);
    const char *msg = wt_last_error_message();
    assert_non_null(strstr(msg, "k_load"));
    assert_non_null(strstr(msg, "lane 0"));
    assert_non_null(strstr(msg, "outside every registered memory range"));
    assert_non_null(strstr(msg, "line"));
    /* 16 elements registered, 32 lanes: lane 16 faults, and no lane of that instruction stores */
    assert_int_equal(wt_module_register_memory(mod, buf, 16 * 4, 1), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, 0, p), WT_ERROR_LAUNCH_FAILED);
    assert_non_null(strstr(wt_last_error_message(), "lane 16"));
    for (int i = 0; i < 64; i++)
        assert_int_equal(buf[i], 1000u + (uint32_t)i);
    /* within the range it runs */
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){16, 1, 1}, 0, p), WT_SUCCESS);
    for (int i = 0; i < 16; i++)
        assert_int_equal(buf[i], 1001u + (uint32_t)i);
    /* misaligned */
    off = 2;
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){4, 1, 1}, 0, p), WT_ERROR_LAUNCH_FAILED);
    assert_non_null(strstr(wt_last_error_message(), "misaligned"));
    off = 0;
    /* read-only */
    assert_int_equal(wt_module_unregister_memory(mod, buf), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, buf, 16 * 4, 0), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){4, 1, 1}, 0, p), WT_ERROR_LAUNCH_FAILED);
    assert_non_null(strstr(wt_last_error_message(), "read-only"));
    assert_int_equal(wt_module_unregister_memory(mod, buf), WT_SUCCESS);
    /* trap: reported through the API, the process goes on */
    uint32_t which = 37;
    void *tp[1] = {&which};
    assert_int_equal(wt_module_get_function(&f, mod, "k_trap"), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){2, 1, 1}, (wt_dim3){64, 1, 1}, 0, tp), WT_ERROR_TRAP);
    assert_non_null(strstr(wt_last_error_message(), "lane 5"));
    assert_non_null(strstr(wt_last_error_message(), "thread (37,0,0)"));
    which = 1000;
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){2, 1, 1}, (wt_dim3){64, 1, 1}, 0, tp), WT_SUCCESS);
    /* volatile stores, membar and fence */
    uint32_t flag = 0, *pf = &flag;
    void *sp[1] = {&pf};
    assert_int_equal(wt_module_register_memory(mod, &flag, 4, 1), WT_SUCCESS);
    pt_launch(mod, "k_spin", (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, sp);
    assert_int_equal(flag, 1);
    wt_module_unregister_memory(mod, &flag);
}

/* ---- mov packing and unpacking ---- */
static void pack_unpack(void **state)
{
    (void)state;
    uint64_t out[3] = {0, 0, 0};
    uint64_t *po = out;
    assert_int_equal(wt_module_register_memory(mod, out, sizeof out, 1), WT_SUCCESS);
    void *p[1] = {&po};
    pt_launch(mod, "k_pack", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, p);
    assert_int_equal(out[0], 0x1122334455667788ull);
    assert_int_equal(out[1], 0x5566u);
    assert_int_equal(out[2], 0x5566778811223344ull);
    wt_module_unregister_memory(mod, out);
}

/* ---- .texref/.surfref names in unified mode; offset and depth-compare operands ---- */
static void texref_offsets(void **state)
{
    (void)state;
    wt_array a = pt_array(wt_make_channel_desc(8, 8, 8, 8, WT_CHANNEL_UNSIGNED), 9, 7, 0, WT_ARRAY_TEXTURE_GATHER, 3);
    wt_tex t = pt_tex_array(a, WT_FILTER_LINEAR, WT_READ_NORMALIZED_FLOAT, 0, WT_ADDRESS_WRAP);
    wt_array sa = pt_array(wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED), 5, 6, 0, WT_ARRAY_SURFACE_LOAD_STORE, 4);
    wt_surf sf = pt_surf(sa);
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, mod, "k_texref"), WT_SUCCESS);
    _Alignas(16) uint32_t out[16]; /* st.v4: 16-byte aligned, as PTX requires */
    uint32_t *po = out;
    float x = 3.3f, y = 1.7f;
    void *p[3] = {&po, &x, &y};
    assert_int_equal(wt_module_register_memory(mod, out, sizeof out, 1), WT_SUCCESS);
    /* unbound: the texture instruction fails and names the kernel */
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, 0, p), WT_ERROR_INVALID_HANDLE);
    assert_non_null(strstr(wt_last_error_message(), "k_texref"));
    assert_int_equal(wt_module_set_texref(mod, "tr", t), WT_SUCCESS);
    assert_int_equal(wt_module_set_surfref(mod, "sr", sf), WT_SUCCESS);
    pt_launch(mod, "k_texref", (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, p);
    wt_float4 e0 = wt_tex_unified_2d_v4f32_f32(t, x, y);
    assert_memory_equal(&e0, out, 16);
    /* the offset and depth forms through the warp API, with op records built here */
    wt_op op;
    memset(&op, 0, sizeof op);
    op.family = WT_FAMILY_TEX;
    op.geom = WT_GEOM_2D;
    op.flags = WT_OP_OFFSET;
    wt_tex_args in;
    memset(&in, 0, sizeof in);
    memcpy(&in.c[0][0], &x, 4);
    memcpy(&in.c[1][0], &y, 4);
    in.offset[0][0] = 1;
    in.offset[1][0] = -2;
    wt_tex_result r;
    assert_int_equal(wt_tex_warp(&op, t, 0, 1, &in, &r), WT_SUCCESS);
    for (int k = 0; k < 4; k++)
        assert_int_equal(out[4 + k], r.d[k][0]);
    op.family = WT_FAMILY_TLD4;
    op.comp = 1;
    op.flags = WT_OP_OFFSET | WT_OP_DEPTH_COMPARE;
    in.offset[0][0] = -2;
    in.offset[1][0] = 1;
    in.depth[0] = x;
    assert_int_equal(wt_tex_warp(&op, t, 0, 1, &in, &r), WT_SUCCESS);
    for (int k = 0; k < 4; k++)
        assert_int_equal(out[8 + k], r.d[k][0]);
    assert_int_equal(out[12], 9);
    assert_int_equal(out[13], 6);
    assert_int_equal(out[14], (uint32_t)wt_suld_2d_i32_clamp(sf, 4, -2));
    assert_int_equal(wt_module_set_texref(mod, "tr", 0), WT_SUCCESS);
    assert_int_equal(wt_module_set_surfref(mod, "sr", 0), WT_SUCCESS);
    wt_module_unregister_memory(mod, out);
    wt_destroy_texture_object(t);
    wt_destroy_surface_object(sf);
    wt_free_array(a);
    wt_free_array(sa);
}

/* ---- a struct passed by value, read at offsets; %clock64 ---- */
static void struct_param(void **state)
{
    (void)state;
    struct {
        uint32_t a, b;
        double d;
        uint32_t e, f;
    } sv = {1, 0xabcdu, 2.25, 40, 2};
    _Alignas(16) uint32_t out[6] = {0};
    uint32_t *po = out;
    assert_int_equal(wt_module_register_memory(mod, out, sizeof out, 1), WT_SUCCESS);
    void *p[2] = {&sv, &po};
    wt_function f;
    size_t sz;
    assert_int_equal(wt_module_get_function(&f, mod, "k_struct"), WT_SUCCESS);
    assert_int_equal(wt_function_param_size(f, 0, &sz), WT_SUCCESS);
    assert_int_equal(sz, 24);
    pt_launch(mod, "k_struct", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, p);
    double d;
    memcpy(&d, &out[2], 8);
    assert_int_equal(out[0], 0xabcdu);
    assert_true(d == 4.5);
    assert_int_equal(out[4], 42);
    assert_int_equal(out[5], 1);
    wt_module_unregister_memory(mod, out);
}

/* ---- lop3 and funnel shifts ---- */
static void lop3_shf(void **state)
{
    (void)state;
    uint32_t a[32], b[32];
    _Alignas(16) uint32_t out[128];
    uint64_t seed = 9;
    for (int i = 0; i < 32; i++) {
        a[i] = (uint32_t)pt_rng(&seed);
        b[i] = i < 8 ? (uint32_t)(i * 9) : (uint32_t)pt_rng(&seed);
    }
    uint32_t *pa = a, *pb = b, *po = out;
    assert_int_equal(wt_module_register_memory(mod, a, sizeof a, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, b, sizeof b, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, out, sizeof out, 1), WT_SUCCESS);
    void *p[3] = {&pa, &pb, &po};
    pt_launch(mod, "k_lop3", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < 32; i++) {
        uint32_t x = a[i], y = b[i], z = x ^ 0x5a5a5a5au;
        uint64_t fun = (uint64_t)y << 32 | x;
        uint32_t nw = y & 31, nc = y > 32 ? 32 : y;
        assert_int_equal(out[4 * i], (x & y) | (x & z) | (y & z)); /* 0xe8: majority */
        assert_int_equal(out[4 * i + 1], x ^ y ^ z);               /* 0x96: parity */
        assert_int_equal(out[4 * i + 2], (uint32_t)((fun << nw) >> 32));
        assert_int_equal(out[4 * i + 3], (uint32_t)(fun >> nc));
    }
    wt_module_unregister_memory(mod, a);
    wt_module_unregister_memory(mod, b);
    wt_module_unregister_memory(mod, out);
}

/* ---- float to integer conversions and min/max/div (the specialised forms) ---- */
static uint32_t ref_f2u(double d)
{
    return d != d ? 0 : d <= 0 ? 0 : d >= 4294967296.0 ? 0xffffffffu : (uint32_t)d;
}
static void float_to_int(void **state)
{
    (void)state;
    static const uint32_t edge[] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x4f800000u, 0x4f7fffffu, 0xcf000000u,
                                    0xcf000001u, 0xbf000000u, 0xbf400000u, 0x3f000000u, 0x3fc00000u, 0x40200000u,
                                    0x80000000u, 0x00000001u, 0x4effffffu, 0x4f000000u};
    float a[32];
    _Alignas(16) uint32_t out[32 * 8];
    uint64_t seed = 11;
    for (int i = 0; i < 32; i++) {
        if (i < 16)
            memcpy(&a[i], &edge[i], 4);
        else
            a[i] = pt_uni(&seed, -5e9f, 5e9f) / (float)(1 << (i - 16));
    }
    float *pa = a;
    uint32_t *po = out;
    assert_int_equal(wt_module_register_memory(mod, a, sizeof a, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, out, sizeof out, 1), WT_SUCCESS);
    void *p[2] = {&pa, &po};
    pt_launch(mod, "k_f2i", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < 32; i++) {
        double x = a[i];
        double fl = floor(x);
        uint32_t e[6];
        e[0] = ref_f2u(trunc(x));
        e[1] = ref_f2u(nearbyint(x));
        e[2] = x != x ? 0 : fl <= -2147483648.0 ? 0x80000000u : fl >= 2147483648.0 ? 0x7fffffffu : (uint32_t)(int32_t)fl;
        float mn = a[i] != a[i] ? 1.0f : (a[i] < 1.0f ? a[i] : 1.0f);
        float mx = a[i] != a[i] ? -1.0f : (a[i] > -1.0f ? a[i] : -1.0f);
        e[3] = fb(mn);
        e[4] = fb(mx);
        e[5] = canon(3.0f / a[i]);
        for (int k = 0; k < 6; k++)
            if (out[8 * i + k] != e[k])
                fail_msg("k_f2i lane %d (%a) result %d: PTX 0x%08x, C 0x%08x", i, x, k, out[8 * i + k], e[k]);
    }
    wt_module_unregister_memory(mod, a);
    wt_module_unregister_memory(mod, out);
}

/* ---- the step limit stops a kernel that never ends ---- */
static void step_limit(void **state)
{
    (void)state;
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, mod, "k_forever"), WT_SUCCESS);
    assert_int_equal(setenv("WARPTEX_PTX_MAX_STEPS", "5000", 1), 0);
    wt_status st = wt_launch_kernel(f, (wt_dim3){3, 1, 1}, (wt_dim3){64, 1, 1}, 0, NULL);
    unsetenv("WARPTEX_PTX_MAX_STEPS");
    assert_int_equal(st, WT_ERROR_LAUNCH_FAILED);
    assert_non_null(strstr(wt_last_error_message(), "k_forever"));
    assert_non_null(strstr(wt_last_error_message(), "5000 instructions"));
}

/* ---- mul.wide by immediates: the shift path for powers of two against plain products ---- */
static void mulwide_imm(void **state)
{
    (void)state;
    enum { NT = 64 };
    uint32_t *a = malloc(NT * 4);
    uint64_t *out = calloc(NT * 8, 8);
    static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xfffffff8u, 3, 0x40000000u};
    uint64_t seed = 7;
    for (int i = 0; i < NT; i++)
        a[i] = i < 8 ? edge[i] : (uint32_t)pt_rng(&seed);
    assert_int_equal(wt_module_register_memory(mod, a, NT * 4, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, out, NT * 64, 1), WT_SUCCESS);
    void *p[2] = {&a, &out};
    pt_launch(mod, "k_mulwide_imm", (wt_dim3){1, 1, 1}, (wt_dim3){NT, 1, 1}, p);
    for (int i = 0; i < NT; i++) {
        int64_t s = (int32_t)a[i];
        uint64_t u = a[i];
        const uint64_t e[8] = {(uint64_t)(s * 8), (uint64_t)s, (uint64_t)(s * 1073741824), (uint64_t)(s * -2147483648LL),
                               (uint64_t)(s * 12), u * 16, u * 2147483648u, u * 3};
        for (int k = 0; k < 8; k++)
            assert_true(out[8 * i + k] == e[k]);
    }
    assert_int_equal(wt_module_unregister_memory(mod, a), WT_SUCCESS);
    assert_int_equal(wt_module_unregister_memory(mod, out), WT_SUCCESS);
    free(a);
    free(out);
}

/* ---- the invariant prefix: what run_block may leave from the previous warp ---- */
static void invariant_prefix(void **state)
{
    (void)state;
    enum { MAXN = 7 * 100 };
    uint32_t *out = malloc(MAXN * 16);
    assert_int_equal(wt_module_register_memory(mod, out, MAXN * 16, 1), WT_SUCCESS);
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, mod, "k_prefix"), WT_SUCCESS);
    /* full warps, a partial last warp, a block smaller than a warp; 1 and 2 threads; parameters
     * that change between launches */
    static const uint32_t blocks[] = {64, 48, 100, 16, 33};
    uint32_t k = 5;
    for (int threads = 1; threads <= 2; threads++) {
        assert_int_equal(wt_set_num_threads(threads), WT_SUCCESS);
        for (size_t bi = 0; bi < sizeof blocks / sizeof *blocks; bi++) {
            uint32_t bd = blocks[bi], grid = 7, n = grid * bd - 3;
            k = k * 7 + 1;
            memset(out, 0xee, MAXN * 16);
            void *p[3] = {&out, &k, &n};
            pt_launch(mod, "k_prefix", (wt_dim3){grid, 1, 1}, (wt_dim3){bd, 1, 1}, p);
            for (uint32_t i = 0; i < grid * bd; i++) {
                uint32_t c = i / bd, t = i % bd, *o = out + 4 * (size_t)i;
                if (i >= n) {
                    assert_int_equal(o[0], 0xeeeeeeeeu);
                    continue;
                }
                assert_int_equal(o[0], c * bd + k);
                assert_int_equal(o[1], 3 * k);
                assert_int_equal(o[2], c + t);
                assert_int_equal(o[3], bd);
            }
        }
    }
    assert_int_equal(wt_set_num_threads(0), WT_SUCCESS);
    (void)f;
    assert_int_equal(wt_module_unregister_memory(mod, out), WT_SUCCESS);
    free(out);
}

/* ---- two threads launching kernels of one module at once ---- */
#include <pthread.h>

typedef struct launcher {
    uint32_t *out;
    wt_status st;
} launcher;

static void *launch_ctl(void *arg)
{
    launcher *L = arg;
    wt_function f;
    L->st = wt_module_get_function(&f, mod, "k_ctl");
    void *p[1] = {&L->out};
    for (int r = 0; r < 5 && L->st == WT_SUCCESS; r++)
        L->st = wt_launch_kernel(f, (wt_dim3){3, 1, 1}, (wt_dim3){50, 1, 1}, 0, p);
    return NULL;
}

static void concurrent_launches(void **state)
{
    (void)state;
    uint32_t *a = calloc(150, 4), *b = calloc(150, 4);
    assert_int_equal(wt_module_register_memory(mod, a, 600, 1), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(mod, b, 600, 1), WT_SUCCESS);
    launcher la = {a, WT_SUCCESS}, lb = {b, WT_SUCCESS};
    pthread_t ta, tb;
    assert_int_equal(pthread_create(&ta, NULL, launch_ctl, &la), 0);
    assert_int_equal(pthread_create(&tb, NULL, launch_ctl, &lb), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    assert_int_equal(la.st, WT_SUCCESS);
    assert_int_equal(lb.st, WT_SUCCESS);
    assert_memory_equal(a, b, 600);
    assert_int_equal(a[0], 7777); /* thread 0 exits early */
    assert_int_equal(a[1], 2);    /* thread 1: steps(2) = 1, odd: doubled */
    wt_module_unregister_memory(mod, a);
    wt_module_unregister_memory(mod, b);
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integer_ops),  cmocka_unit_test(float_ops),          cmocka_unit_test(control_flow),
        cmocka_unit_test(warp_ops),     cmocka_unit_test(shared_and_atomics), cmocka_unit_test(memory_faults),
        cmocka_unit_test(concurrent_launches), cmocka_unit_test(pack_unpack),
        cmocka_unit_test(texref_offsets), cmocka_unit_test(struct_param),
        cmocka_unit_test(lop3_shf),     cmocka_unit_test(float_to_int),
        cmocka_unit_test(step_limit),   cmocka_unit_test(invariant_prefix),
        cmocka_unit_test(mulwide_imm),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
