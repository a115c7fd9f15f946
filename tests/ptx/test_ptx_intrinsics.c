/* test_ptx_intrinsics.c -- nvcc's PTX for the CUDA bit intrinsics (__clz, __ffs, __brev, __popc,
 * __fns, __byte_perm, __funnelshift), __syncwarp, the cache-hinted loads and stores (__ldg,
 * __ldcs, __ldlu, __ldcv, __ldca, __ldcg, __stcs, __stwt, __stcg, __stwb, .L1::/.L2:: hints,
 * createpolicy, prefetch) and the cluster special registers (fixtures/intrinsics.cu, -O3 and -G,
 * sm_75 and sm_90) against C
 * SPDX-License-Identifier: MIT */
#include "ptx_test_util.h"

static const char *const variants[] = {"sm_75.O3", "sm_90.O3", "sm_75.G", "sm_90.G"};

static uint32_t clz32(uint32_t x) { return x ? (uint32_t)__builtin_clz(x) : 32; }
static uint32_t clz64(uint64_t x) { return x ? (uint32_t)__builtin_clzll(x) : 64; }
static uint32_t ffs64(uint64_t x) { return x ? (uint32_t)__builtin_ctzll(x) + 1 : 0; }
static uint64_t brev64(uint64_t x)
{
    uint64_t r = 0;
    for (int i = 0; i < 64; i++)
        r |= ((x >> i) & 1) << (63 - i);
    return r;
}
/* __fns(mask, base, offset): CUDA's definition (the offset-th set bit from base) */
static uint32_t fns(uint32_t mask, uint32_t base, int offset)
{
    if (offset == 0)
        return (mask >> base) & 1 ? base : 0xffffffffu;
    int step = offset > 0 ? 1 : -1, left = offset > 0 ? offset : -offset;
    for (int pos = (int)base; pos >= 0 && pos < 32; pos += step)
        if ((mask >> pos) & 1 && --left == 0)
            return (uint32_t)pos;
    return 0xffffffffu;
}
static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
    uint64_t b = (uint64_t)y << 32 | x;
    uint32_t r = 0;
    for (int k = 0; k < 4; k++)
        r |= (uint32_t)((b >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
    return r;
}

static void bits(wt_module m, const char *v)
{
    enum { N = 96 };
    static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0xaaaaaaaau, 0x00010000u, 0xf0000000u};
    uint32_t in[2 * N], out[16 * N];
    uint64_t seed = 7;
    for (int i = 0; i < 2 * N; i++)
        in[i] = i < 8 ? edge[i] : i >= N && i < N + 8 ? edge[i - N] ^ 0x0f0f0f0fu : (uint32_t)pt_rng(&seed);
    assert_int_equal(wt_module_register_memory(m, in, sizeof in, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    uint32_t *pi = in, *po = out;
    int n = N;
    void *p[3] = {&pi, &po, &n};
    pt_launch(m, "k_bits", (wt_dim3){N / 32, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        uint32_t x = in[i], y = in[i + N];
        uint64_t xx = (uint64_t)x << 32 | y, sh = (uint64_t)y << 32 | x;
        uint32_t nl = y > 32 ? 32 : y;
        uint32_t e[16] = {clz32(x), clz64(xx), ffs64(x), ffs64(xx), (uint32_t)(brev64(x) >> 32), (uint32_t)brev64(xx),
                          (uint32_t)(brev64(xx) >> 32), (uint32_t)__builtin_popcount(x), (uint32_t)__builtin_popcountll(xx),
                          fns(x, y & 31, (int)(y >> 27) - 16), byte_perm(x, y, y & 0x7777),
                          (uint32_t)((sh << (y & 31)) >> 32), (uint32_t)(sh >> nl),
                          x ? 31 - clz32(x) : 0xffffffffu, ffs64(y), clz64((uint64_t)(int64_t)(int32_t)x)};
        for (int k = 0; k < 16; k++)
            if (out[16 * i + k] != e[k])
                fail_msg("%s k_bits thread %d result %d (x=0x%08x y=0x%08x): PTX 0x%08x, C 0x%08x", v, i, k, x, y,
                         out[16 * i + k], e[k]);
    }
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
}

static void syncwarp(wt_module m, const char *v)
{
    enum { B = 64, G = 2 };
    uint32_t in[B * G], out[B * G];
    uint64_t seed = 9;
    for (int i = 0; i < B * G; i++)
        in[i] = (uint32_t)pt_rng(&seed) >> 4;
    assert_int_equal(wt_module_register_memory(m, in, sizeof in, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    uint32_t *pi = in, *po = out;
    void *p[2] = {&pi, &po};
    pt_launch(m, "k_syncwarp", (wt_dim3){G, 1, 1}, (wt_dim3){B, 1, 1}, p);
    for (int g = 0; g < G; g++)
        for (uint32_t t = 0; t < B; t++) {
            const uint32_t *s0 = in + g * B;
            uint32_t lane = t & 31, val = s0[t ^ 1];
            if (lane < 16) /* the lanes below 16 wrote s1[u] = s0[u ^ 1] * 3 + lane(u) */
                val += s0[(t ^ 2) ^ 1] * 3u + ((t ^ 2) & 31);
            uint32_t o = t ^ 16;
            uint32_t s = lane < 16 ? s0[o] : s0[o ^ 1] * 3u + (o & 31);
            if (out[g * B + t] != s + val)
                fail_msg("%s k_syncwarp block %d thread %u: PTX %u, C %u", v, g, t, out[g * B + t], s + val);
        }
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
}

static void hints(wt_module m, const char *v)
{
    enum { N = 100 };
    float *in = malloc(8 * N * sizeof(float)), *out = calloc(6 * N, sizeof(float));
    assert_non_null(in);
    assert_non_null(out);
    uint64_t seed = 11;
    for (int i = 0; i < 8 * N; i++)
        in[i] = pt_uni(&seed, -4.0f, 4.0f);
    assert_int_equal(wt_module_register_memory(m, in, 8 * N * sizeof(float), 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out, 6 * N * sizeof(float), 1), WT_SUCCESS);
    int n = N;
    void *p[3] = {&in, &out, &n};
    pt_launch(m, "k_hints", (wt_dim3){(N + 31) / 32, 1, 1}, (wt_dim3){32, 1, 1}, p);
    for (int i = 0; i < N; i++) {
        float a = in[i], b = in[N + i], c = in[2 * N + i], d = in[3 * N + i], e = in[4 * N + i], f = in[5 * N + i];
        float g = in[6 * N + i], h = in[7 * N + i], k = in[i];
        float x[6] = {a + b, c * d, e - f, (g + h) + k, a * 2.0f, in[4 * (i & ~3) + 1]};
        for (int j = 0; j < 6; j++)
            if (memcmp(&out[j * N + i], &x[j], 4))
                fail_msg("%s k_hints thread %d output %d: PTX %a, C %a", v, i, j, out[j * N + i], x[j]);
    }
    wt_module_unregister_memory(m, in);
    wt_module_unregister_memory(m, out);
    free(in);
    free(out);
}

static void cluster(wt_module m, const char *v)
{
    wt_dim3 g = {3, 2, 2};
    uint32_t out[16 * 12];
    memset(out, 0xee, sizeof out);
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    uint32_t *po = out;
    void *p[1] = {&po};
    pt_launch(m, "k_cluster", g, (wt_dim3){32, 1, 1}, p);
    for (uint32_t z = 0; z < g.z; z++)
        for (uint32_t y = 0; y < g.y; y++)
            for (uint32_t x = 0; x < g.x; x++) {
                /* without clusters, every block is a cluster of one */
                uint32_t e[16] = {x, y, z, g.x, g.y, g.z, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0x600d};
                const uint32_t *o = out + 16 * (x + g.x * (y + g.y * z));
                for (int k = 0; k < 16; k++)
                    if (o[k] != e[k])
                        fail_msg("%s k_cluster block (%u,%u,%u) value %d: PTX %u, expected %u", v, x, y, z, k, o[k], e[k]);
            }
    wt_module_unregister_memory(m, out);
}

static void run_variant(const char *v)
{
    char file[64];
    snprintf(file, sizeof file, "intrinsics.%s.ptx", v);
    wt_module m = pt_load(file);
    bits(m, v);
    syncwarp(m, v);
    hints(m, v);
    cluster(m, v);
    wt_module_unload(m);
}

static void sm75_O3(void **s) { (void)s; run_variant(variants[0]); }
static void sm90_O3(void **s) { (void)s; run_variant(variants[1]); }
static void sm75_G(void **s) { (void)s; run_variant(variants[2]); }
static void sm90_G(void **s) { (void)s; run_variant(variants[3]); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sm75_O3),
        cmocka_unit_test(sm90_O3),
        cmocka_unit_test(sm75_G),
        cmocka_unit_test(sm90_G),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
