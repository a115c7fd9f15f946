/* test_ptx_arith.c -- carry arithmetic, dp4a/dp2a, bar.red and brx.idx against C models: nvcc's PTX of
 * tests/ptx/fixtures/arith.cu (-O3 and -G, sm_75 and sm_90) and the hand-written arith_forms.ptx
 * SPDX-License-Identifier: MIT */
#include "ptx_test_util.h"

static const char *const variants[] = {"sm_75.O3", "sm_90.O3", "sm_75.G", "sm_90.G"};

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 s128;

static void *reg(wt_module m, void *p, size_t n)
{
    assert_int_equal(wt_module_register_memory(m, p, n, 1), WT_SUCCESS);
    return p;
}

/* edge values first (carries out of every half, signs), then random ones */
static uint64_t edge_u64(uint64_t *seed, int i)
{
    static const uint64_t e[] = {0, 1, 2, 0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffffull,
                                 0xfffffffffffffffeull, 0x00000000ffffffffull, 0xffffffff00000000ull,
                                 0x0000000100000000ull, 0x80000000ull, 0x7fffffffull, 0xffffffff80000000ull};
    int ne = (int)(sizeof e / sizeof e[0]);
    if (i < ne * ne) /* every pair of edges as neighbours */
        return (i & 1) ? e[(i >> 1) % ne] : e[(i >> 1) / ne % ne];
    uint64_t r = pt_rng(seed);
    return (r & 3) == 0 ? e[(r >> 2) % (uint64_t)ne] : pt_rng(seed);
}

/* ---- arith.cu: wide ---- */
static void wide_model(const uint64_t *in, uint64_t *o)
{
    u128 a = (u128)in[1] << 64 | in[0], b = (u128)in[3] << 64 | in[2];
    u128 s = a + b, d = a - b, p = a * b;
    u128 sp = a * (u128)(s128)(int64_t)in[2]; /* the signed product modulo 2^128, without overflow in C */
    o[0] = (uint64_t)s, o[1] = (uint64_t)(s >> 64);
    o[2] = (uint64_t)d, o[3] = (uint64_t)(d >> 64);
    o[4] = (uint64_t)p, o[5] = (uint64_t)(p >> 64);
    o[6] = (uint64_t)sp, o[7] = (uint64_t)(sp >> 64);
    o[8] = (uint64_t)(((u128)in[0] * in[2]) >> 64);
    o[9] = (uint64_t)((u128)((s128)(int64_t)in[0] * (int64_t)in[2]) >> 64);
    o[10] = a < b;
    o[11] = (uint64_t)(a / 7u);
}

static void wide(wt_module m, const char *v)
{
    enum { N = 200 };
    uint64_t seed = 7;
    uint64_t *in = reg(m, malloc(N * 4 * 8), N * 4 * 8), *out = reg(m, calloc(N * 12, 8), N * 12 * 8);
    for (int i = 0; i < N * 4; i++)
        in[i] = edge_u64(&seed, i);
    int n = N;
    void *p[3] = {&in, &out, &n};
    pt_launch(m, "wide", (wt_dim3){4, 1, 1}, (wt_dim3){64, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint64_t e[12];
        wide_model(in + 4 * i, e);
        for (int k = 0; k < 12; k++)
            if (out[12 * i + k] != e[k])
                fail_msg("%s wide thread %d result %d: PTX %016llx, C %016llx", v, i, k,
                         (unsigned long long)out[12 * i + k], (unsigned long long)e[k]);
    }
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
    free(in);
    free(out);
}

/* ---- arith.cu: dots ---- */
static uint32_t dp(uint32_t a, uint32_t b, uint32_t c, int four, int hi, int sa, int sb)
{
    uint32_t acc = c;
    for (int k = 0; k < (four ? 4 : 2); k++) {
        int32_t xa = four ? (sa ? (int8_t)(a >> 8 * k) : (uint8_t)(a >> 8 * k))
                          : (sa ? (int16_t)(a >> 16 * k) : (uint16_t)(a >> 16 * k));
        int sh = 8 * (k + (hi ? 2 : 0));
        int32_t xb = sb ? (int8_t)(b >> sh) : (uint8_t)(b >> sh);
        acc += (uint32_t)(xa * xb);
    }
    return acc;
}

static void dots(wt_module m, const char *v)
{
    enum { N = 300 };
    uint64_t seed = 11;
    uint32_t *in = reg(m, malloc(N * 3 * 4), N * 3 * 4), *out = reg(m, calloc(N * 12, 4), N * 12 * 4);
    static const uint32_t e[] = {0, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x807f0180u, 0x80007fffu, 0x7fff8000u};
    for (int i = 0; i < N * 3; i++)
        in[i] = i < 7 * 7 * 3 ? e[(i / 3) % 7 * ((i % 3) == 0) + (i / 21) % 7 * ((i % 3) == 1)] + (i % 3 == 2 ? 5 : 0)
                              : (uint32_t)pt_rng(&seed);
    int n = N;
    void *p[3] = {&in, &out, &n};
    pt_launch(m, "dots", (wt_dim3){5, 1, 1}, (wt_dim3){64, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint32_t a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
        uint32_t x[12] = {dp(a, b, c, 1, 0, 1, 1), dp(a, b, c, 1, 0, 0, 0), dp(a, b, c, 0, 0, 1, 1),
                          dp(a, b, c, 0, 0, 0, 0), dp(a, b, c, 0, 1, 1, 1), dp(a, b, c, 0, 1, 0, 0),
                          dp(a, b, c, 1, 0, 0, 1), dp(a, b, c, 0, 1, 1, 0), dp(a, b, c, 1, 0, 1, 0),
                          dp(a, b, c, 0, 0, 1, 0), dp(a, b, c, 0, 0, 0, 1), dp(a, b, c, 0, 1, 0, 1)};
        for (int k = 0; k < 12; k++)
            if (out[12 * i + k] != x[k])
                fail_msg("%s dots thread %d form %d (a %08x b %08x c %08x): PTX %08x, C %08x", v, i, k, a, b, c,
                         out[12 * i + k], x[k]);
    }
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
    free(in);
    free(out);
}

/* ---- arith.cu: votes (__syncthreads_count/_and/_or), a partial last warp in each block ---- */
static void votes(wt_module m, const char *v)
{
    enum { B = 200, G = 3, N = B * G - 37 };
    uint64_t seed = 13;
    int32_t *in = reg(m, malloc(N * 4), N * 4), *out = reg(m, calloc(N * 3, 4), N * 3 * 4);
    for (int i = 0; i < N; i++)
        in[i] = (int32_t)(pt_rng(&seed) % 1000);
    in[5] = 4242;      /* block 0: one key; block 1: none; block 2: all below lim */
    for (int i = 2 * B; i < N; i++)
        in[i] %= 500;
    int n = N, lim = 600, key = 4242;
    void *p[5] = {&in, &out, &n, &lim, &key};
    pt_launch(m, "votes", (wt_dim3){G, 1, 1}, (wt_dim3){B, 1, 1}, p);
    for (int blk = 0; blk < G; blk++) {
        int cnt = 0, all = 1, any = 0;
        for (int t = 0; t < B; t++) {
            int i = blk * B + t, x = i < N ? in[i] : 0;
            cnt += x & 1;
            all &= x < lim;
            any |= x == key;
        }
        for (int t = 0; t < B && blk * B + t < N; t++) {
            int i = blk * B + t;
            if (out[3 * i] != cnt || out[3 * i + 1] != all || out[3 * i + 2] != any)
                fail_msg("%s votes block %d thread %d: PTX %d %d %d, C %d %d %d", v, blk, t, out[3 * i],
                         out[3 * i + 1], out[3 * i + 2], cnt, all, any);
        }
        if (blk == 0)
            assert_true(any && !all);
        if (blk == 2)
            assert_true(all && !any);
    }
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
    free(in);
    free(out);
}

static void run_variant(int k)
{
    char file[64];
    snprintf(file, sizeof file, "arith.%s.ptx", variants[k]);
    wt_module m = pt_load(file);
    wide(m, variants[k]);
    dots(m, variants[k]);
    votes(m, variants[k]);
    wt_module_unload(m);
}
static void arith_sm75_O3(void **s) { (void)s; run_variant(0); }
static void arith_sm90_O3(void **s) { (void)s; run_variant(1); }
static void arith_sm75_G(void **s) { (void)s; run_variant(2); }
static void arith_sm90_G(void **s) { (void)s; run_variant(3); }

/* ---- arith_forms.ptx ---- */
static void carry_model(const uint64_t *in, uint64_t *o, unsigned tid)
{
    uint64_t a = in[0], b = in[1], c = in[2], d = in[3];
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), c0 = (uint32_t)c, c1 = (uint32_t)(c >> 32);
    /* 192-bit (a, b, a) + (c, d, c) */
    u128 lo = (u128)a + c;
    u128 mid = (u128)b + d + (uint64_t)(lo >> 64);
    o[0] = (uint64_t)lo;
    o[1] = (uint64_t)mid;
    o[2] = a + c + (uint64_t)(mid >> 64);
    o[3] = (uint64_t)(((u128)a + b) >> 64);
    /* a - c in halves, then 0 - 0 - borrow */
    uint32_t bw0 = a0 < c0, r0 = a0 - c0, r1 = a1 - c1 - bw0;
    uint32_t bw1 = a1 < c1 || (bw0 && a1 == c1);
    o[4] = (uint64_t)r1 << 32 | r0;
    o[5] = (uint32_t)(0u - bw1);
    /* mad.hi.cc.s32 a0*c0 + a1, madc.lo.cc.s32 a1*c1 + a0 + cf, addc 0 + 0 + cf */
    uint32_t h = (uint32_t)((uint64_t)((int64_t)(int32_t)a0 * (int32_t)c0) >> 32);
    uint64_t s1 = (uint64_t)h + a1;
    uint64_t s2 = (uint64_t)(uint32_t)(a1 * c1) + a0 + (s1 >> 32);
    o[6] = (uint64_t)(uint32_t)s2 << 32 | (uint32_t)s1;
    o[7] = s2 >> 32;
    /* a * b + (d:c) */
    u128 ab = (u128)a * b;
    u128 q = ab + ((u128)d << 64 | c);
    o[8] = (uint64_t)q;
    o[9] = (uint64_t)(q >> 64);
    /* signed high halves with carries */
    uint64_t hi1 = (uint64_t)((u128)((s128)(int64_t)a * (int64_t)b) >> 64);
    u128 t1 = (u128)hi1 + c;
    uint64_t hi2 = (uint64_t)((u128)((s128)(int64_t)c * (int64_t)d) >> 64);
    u128 t2 = (u128)hi2 + a + (uint64_t)(t1 >> 64);
    o[10] = (uint64_t)t1;
    o[11] = (uint64_t)t2;
    o[12] = (uint64_t)(t2 >> 64);
    /* the flag after a subtraction is 1 - borrow: add.cc then subc subtracts 1 - carry, sub.cc
     * then addc adds 1 - borrow */
    uint32_t cy = (uint32_t)(((uint64_t)a0 + c0) >> 32);
    o[13] = (uint64_t)(a1 - c1 - (1 - cy)) << 32 | (uint32_t)(a0 + c0);
    o[14] = (uint64_t)(a1 + c1 + (1 - bw0)) << 32 | (uint32_t)(a0 - c0);
    o[15] = tid < 16 ? 0 : 1;
}

static void carry_forms(void **state)
{
    (void)state;
    wt_module m = pt_load("arith_forms.ptx");
    enum { N = 96 };
    uint64_t seed = 17;
    uint64_t *in = reg(m, malloc(N * 4 * 8), N * 4 * 8), *out = reg(m, calloc(N * 16, 8), N * 16 * 8);
    for (int i = 0; i < N * 4; i++)
        in[i] = edge_u64(&seed, (i * 5) % 41 + (i > 200 ? 100 : 0));
    void *p[2] = {&in, &out};
    pt_launch(m, "carry", (wt_dim3){1, 1, 1}, (wt_dim3){N, 1, 1}, p);
    int cf1 = 0;
    for (int i = 0; i < N; i++) {
        uint64_t e[16];
        carry_model(in + 4 * i, e, (unsigned)i);
        cf1 += e[3] != 0;
        for (int k = 0; k < 16; k++)
            if (out[16 * i + k] != e[k])
                fail_msg("carry thread %d result %d (a %016llx b %016llx c %016llx d %016llx): PTX %016llx, C %016llx",
                         i, k, (unsigned long long)in[4 * i], (unsigned long long)in[4 * i + 1],
                         (unsigned long long)in[4 * i + 2], (unsigned long long)in[4 * i + 3],
                         (unsigned long long)out[16 * i + k], (unsigned long long)e[k]);
    }
    assert_true(cf1 > 5 && cf1 < N - 5); /* both carry values seen */
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
    free(in);
    free(out);
    wt_module_unload(m);
}

static void jump_table(void **state)
{
    (void)state;
    wt_module m = pt_load("arith_forms.ptx");
    enum { N = 80 };
    uint32_t in[N], out[N];
    static const uint32_t want[5] = {101, 420, 400, 700, 101};
    for (int i = 0; i < N; i++)
        in[i] = (uint32_t)((i * 7 + i / 3) % 5);
    for (int i = 40; i < 64; i++) /* a warp that agrees */
        in[i] = 3;
    reg(m, in, sizeof in);
    reg(m, out, sizeof out);
    uint32_t *pi = in, *po = out;
    void *p[2] = {&pi, &po};
    pt_launch(m, "jump", (wt_dim3){1, 1, 1}, (wt_dim3){N, 1, 1}, p);
    for (int i = 0; i < N; i++)
        if (out[i] != want[in[i]])
            fail_msg("jump thread %d index %u: PTX %u, C %u", i, in[i], out[i], want[in[i]]);
    /* an index past the list stops the launch with a message naming it */
    in[37] = 5;
    wt_function f;
    assert_int_equal(wt_module_get_function(&f, m, "jump"), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(f, (wt_dim3){1, 1, 1}, (wt_dim3){N, 1, 1}, 0, p), WT_ERROR_LAUNCH_FAILED);
    assert_non_null(strstr(wt_last_error_message(), "brx.idx index 5 is outside its 5-entry target list"));
    assert_non_null(strstr(wt_last_error_message(), "thread (37,0,0)"));
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
    wt_module_unload(m);
}

static void barrier_reductions(void **state)
{
    (void)state;
    wt_module m = pt_load("arith_forms.ptx");
    enum { N = 96 };
    uint64_t seed = 19;
    for (int rep = 0; rep < 3; rep++) {
        uint32_t in[N], out[N * 5];
        for (int i = 0; i < N; i++)
            in[i] = rep == 0 ? (uint32_t)(pt_rng(&seed) % 2000) : (uint32_t)(rep == 1 ? 2 * i + 1 : 2 * i);
        reg(m, in, sizeof in);
        reg(m, out, sizeof out);
        uint32_t *pi = in, *po = out;
        void *p[2] = {&pi, &po};
        pt_launch(m, "bred", (wt_dim3){1, 1, 1}, (wt_dim3){N, 1, 1}, p);
        uint32_t odd = 0, small = 1;
        for (int i = 0; i < N; i++) {
            odd += in[i] & 1;
            small &= in[i] < 1000;
        }
        uint32_t e[5] = {(uint32_t)N - odd, odd, odd == (uint32_t)N, odd != (uint32_t)N, small};
        for (int i = 0; i < N; i++)
            for (int k = 0; k < 5; k++)
                if (out[5 * i + k] != e[k])
                    fail_msg("bred rep %d thread %d result %d: PTX %u, C %u", rep, i, k, out[5 * i + k], e[k]);
        wt_module_unregister_memory(m, in);
        wt_module_unregister_memory(m, out);
    }
    wt_module_unload(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arith_sm75_O3), cmocka_unit_test(arith_sm90_O3), cmocka_unit_test(arith_sm75_G),
        cmocka_unit_test(arith_sm90_G),  cmocka_unit_test(carry_forms),   cmocka_unit_test(jump_table),
        cmocka_unit_test(barrier_reductions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
