/* test_ptx_limits.c -- the launch's limits on what a kernel declares (call chains, registers,
 * local and shared memory, parameters) and the messages of memory faults: a deep call chain
 * that is not recursive runs; recursion, and declared sizes past the documented limits, are
 * refused before anything is allocated, naming what is too big and the limit; a fault names
 * the instruction, its operation and size and the address
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <time.h>

#include "ptx_test_util.h"

#define HEAD ".version 8.0\n.target sm_75\n.address_size 64\n"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Appends printf-style text to a growing buffer. */
typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert_true(k >= 0);
    if (t->n + (size_t)k + 1 > t->cap) {
        t->cap = (t->n + (size_t)k + 1) * 2;
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->n, t->cap - t->n, fmt, ap);
    va_end(ap);
    t->n += (size_t)k;
}

static wt_module load_text(const text *t, const char *name)
{
    wt_module m = NULL;
    wt_status st = wt_module_load_ptx(&m, t->s, t->n, name);
    if (st != WT_SUCCESS)
        fail_msg("loading %s: %s", name, wt_last_error_message());
    return m;
}

/* k(out) stores f0(0) to out[0]; f_i(x) returns f_{i+1}(x + 1), the last one x + 1: a chain of
 * n calls, n + 1 frames deep, that returns n. */
static text chain_module(int n)
{
    text t = {NULL, 0, 0};
    put(&t, HEAD);
    for (int i = n - 1; i >= 0; i--) {
        put(&t, ".func (.param .b32 r) f%d(.param .b32 x)\n{\n\t.reg .b32 %%r<4>;\n"
                "\tld.param.u32 %%r1, [x];\n\tadd.s32 %%r2, %%r1, 1;\n", i);
        if (i == n - 1)
            put(&t, "\tst.param.b32 [r], %%r2;\n\tret;\n}\n");
        else
            put(&t, "\t{\n\t.param .b32 a;\n\t.param .b32 rv;\n\tst.param.b32 [a], %%r2;\n"
                    "\tcall.uni (rv), f%d, (a);\n\tld.param.b32 %%r3, [rv];\n\t}\n"
                    "\tst.param.b32 [r], %%r3;\n\tret;\n}\n", i + 1);
    }
    put(&t, ".visible .entry k(.param .u64 out)\n{\n\t.reg .b32 %%r<3>;\n\t.reg .b64 %%rd<3>;\n"
            "\tld.param.u64 %%rd1, [out];\n\tcvta.to.global.u64 %%rd2, %%rd1;\n\tmov.u32 %%r1, 0;\n"
            "\t{\n\t.param .b32 a;\n\t.param .b32 rv;\n\tst.param.b32 [a], %%r1;\n"
            "\tcall.uni (rv), f0, (a);\n\tld.param.b32 %%r2, [rv];\n\t}\n"
            "\tst.global.u32 [%%rd2], %%r2;\n\tret;\n}\n");
    return t;
}

/* A chain deeper than the 64 frames the interpreter once had runs, and returns the right value
 * in every lane. */
static void deep_call_chain(void **state)
{
    (void)state;
    static const int depths[] = {63, 64, 65, 300};
    for (size_t d = 0; d < sizeof depths / sizeof *depths; d++) {
        text t = chain_module(depths[d]);
        wt_module m = load_text(&t, "chain.ptx");
        uint32_t out = 0;
        assert_int_equal(wt_module_register_memory(m, &out, sizeof out, 1), WT_SUCCESS);
        uint32_t *po = &out;
        void *pv[] = {&po};
        pt_launch(m, "k", (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, pv);
        assert_int_equal(out, (uint32_t)depths[d]);
        wt_module_unload(m);
        free(t.s);
    }
}

static void expect_launch_refused(const char *src, const char *name, wt_dim3 block, size_t shared, void *const *pv,
                                  wt_status want, const char *const *parts)
{
    wt_module m = NULL;
    if (wt_module_load_ptx(&m, src, strlen(src), name) != WT_SUCCESS)
        fail_msg("loading %s: %s", name, wt_last_error_message());
    wt_function fn;
    assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
    double t0 = now_s();
    wt_status st = wt_launch_kernel(fn, (wt_dim3){2, 1, 1}, block, shared, pv);
    double dt = now_s() - t0;
    const char *msg = wt_last_error_message();
    if (st != want)
        fail_msg("%s: status %d, not %d: %s", name, (int)st, (int)want, msg);
    for (int i = 0; parts[i]; i++)
        if (!strstr(msg, parts[i]))
            fail_msg("%s: the message '%s' does not say '%s'", name, msg, parts[i]);
    /* refused from the declared sizes: nothing of the sizes was allocated or zero-filled */
    if (dt > 1.0)
        fail_msg("%s: refusing took %.2f s", name, dt);
    wt_module_unload(m);
}

/* Recursion is still refused, naming a function on the cycle. */
static void recursion_named(void **state)
{
    (void)state;
    static const char src[] = HEAD ".func g(.param .b32 n);\n.func f(.param .b32 n)\n{\n\t{\n\t.param .b32 a;\n"
                              "\tcall.uni g, (a);\n\t}\n\tret;\n}\n.func g(.param .b32 n)\n{\n\t{\n\t.param .b32 a;\n"
                              "\tcall.uni f, (a);\n\t}\n\tret;\n}\n.visible .entry k()\n{\n\t{\n\t.param .b32 a;\n"
                              "\tcall.uni f, (a);\n\t}\n\tret;\n}\n";
    static const char *const parts[] = {"kernel k", "recursively", "f -> g -> f", NULL};
    expect_launch_refused(src, "rec2.ptx", (wt_dim3){1, 1, 1}, 0, NULL, WT_ERROR_PTX_UNSUPPORTED, parts);
}

/* 2^20 registers (the most one function may declare) are 256 MiB a warp: refused at once, for
 * one warp and for a block of 32 warps with a barrier (which once zero-filled 8 GiB a block). */
static void registers_refused_fast(void **state)
{
    (void)state;
    static const char src[] = HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<1048576>;\n\tmov.u32 %r1048575, 1;\n"
                              "\tbar.sync 0;\n\tret;\n}\n";
    static const char *const parts[] = {"kernel k", "1048576 registers", "bytes per warp",
                                        "the limit is 33554432 bytes", NULL};
    expect_launch_refused(src, "regs.ptx", (wt_dim3){32, 1, 1}, 0, NULL, WT_ERROR_OUT_OF_MEMORY, parts);
    expect_launch_refused(src, "regs.ptx", (wt_dim3){1024, 1, 1}, 0, NULL, WT_ERROR_OUT_OF_MEMORY, parts);
}

/* The registers of a call chain add up: two functions of 70000 registers each, one calling the
 * other, need 140000 (more than 32 MiB a warp) though neither alone does. */
static void chain_registers(void **state)
{
    (void)state;
    static const char src[] = HEAD ".func g()\n{\n\t.reg .b32 %r<70000>;\n\tmov.u32 %r69999, 1;\n\tret;\n}\n"
                              ".func f()\n{\n\t.reg .b32 %r<70000>;\n\tmov.u32 %r69999, 1;\n\tcall.uni g;\n\tret;\n}\n"
                              ".visible .entry k()\n{\n\tcall.uni f;\n\tret;\n}\n";
    static const char *const parts[] = {"kernel k", "140000 registers", "call depth 3",
                                        "the limit is 33554432 bytes", NULL};
    expect_launch_refused(src, "chain_regs.ptx", (wt_dim3){1, 1, 1}, 0, NULL, WT_ERROR_OUT_OF_MEMORY, parts);
}

/* Local memory per thread along the chain: 2 x 600000 bytes is 1200000 a thread, 38 MB a warp. */
static void chain_local(void **state)
{
    (void)state;
    static const char src[] = HEAD ".func g()\n{\n\t.local .align 4 .b8 buf[600000];\n\tret;\n}\n"
                              ".func f()\n{\n\t.local .align 4 .b8 buf[600000];\n\tcall.uni g;\n\tret;\n}\n"
                              ".visible .entry k()\n{\n\tcall.uni f;\n\tret;\n}\n";
    static const char *const parts[] = {"kernel k", "1200000 bytes of local memory per thread",
                                        "the limit is 33554432 bytes", NULL};
    expect_launch_refused(src, "chain_local.ptx", (wt_dim3){1, 1, 1}, 0, NULL, WT_ERROR_OUT_OF_MEMORY, parts);
}

/* A block keeps every warp's state when the kernel has a barrier: 32 warps of 100000 registers
 * (24.4 MiB each, within the warp limit) and 512 MiB of dynamic shared memory are more than a
 * block may hold; one warp of them is not. */
static void block_state(void **state)
{
    (void)state;
    static const char src[] = HEAD ".extern .shared .align 16 .b8 dyn[];\n"
                              ".visible .entry k()\n{\n\t.reg .b32 %r<100000>;\n\tmov.u32 %r99999, 1;\n"
                              "\tbar.sync 0;\n\tret;\n}\n";
    static const char *const parts[] = {"kernel k", "block of 1024 threads", "32 warps", "536870912 bytes of shared",
                                        "the limit is 1073741824 bytes", NULL};
    expect_launch_refused(src, "block.ptx", (wt_dim3){1024, 1, 1}, (size_t)1 << 29, NULL, WT_ERROR_OUT_OF_MEMORY,
                          parts);
    wt_module m = NULL;
    assert_int_equal(wt_module_load_ptx(&m, src, strlen(src), "block.ptx"), WT_SUCCESS);
    wt_function fn;
    assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, 4096, NULL), WT_SUCCESS);
    wt_module_unload(m);
}

/* Static shared memory counts with the dynamic: 16 MiB static + 1 GiB dynamic is over 1 GiB. */
static void shared_total(void **state)
{
    (void)state;
    static const char src[] = HEAD ".shared .align 16 .b8 s[16777216];\n"
                              ".visible .entry k()\n{\n\tbar.sync 0;\n\tret;\n}\n";
    static const char *const parts[] = {"kernel k", "16777216 bytes of static", "1073741824 bytes of dynamic",
                                        "shared memory", "the limit is 1073741824 bytes", NULL};
    expect_launch_refused(src, "shared.ptx", (wt_dim3){1, 1, 1}, (size_t)1 << 30, NULL, WT_ERROR_OUT_OF_MEMORY, parts);
}

/* Parameters are laid out in 64 bits and held to 16 MiB, a kernel's and a function's alike:
 * three parameters of nearly 2^31 bytes each once wrapped the 32-bit layout, so the kernel's
 * parameter buffer was allocated smaller than what a launch copied into it. */
static void parameters_bounded(void **state)
{
    (void)state;
    static const char *const srcs[] = {
        HEAD ".visible .entry k(.param .align 8 .b32 a[536870911], .param .align 8 .b32 b[536870911],\n"
             "\t.param .align 8 .b32 c[536870911], .param .u32 d)\n{\n\tret;\n}\n",
        HEAD ".visible .entry k(.param .align 4 .b8 a[16777216], .param .u32 d)\n{\n\tret;\n}\n",
        HEAD ".func (.param .b32 r) f(.param .align 8 .b32 a[536870911], .param .b32 x)\n{\n\tret;\n}\n"
             ".visible .entry k()\n{\n\tret;\n}\n",
        HEAD ".visible .entry k(.param .align 4 .b8 a[16777217])\n{\n\tret;\n}\n",
    };
    for (size_t i = 0; i < sizeof srcs / sizeof *srcs; i++) {
        wt_module m = NULL;
        wt_status st = wt_module_load_ptx(&m, srcs[i], strlen(srcs[i]), "params.ptx");
        const char *msg = wt_last_error_message();
        if (st != WT_ERROR_PTX_UNSUPPORTED || !strstr(msg, "16 MiB"))
            fail_msg("case %zu: status %d, message '%s'; wanted a refusal naming 16 MiB", i, (int)st, msg);
        assert_null(m);
    }
    /* just inside: 16 MiB of parameters in all loads */
    static const char ok[] = HEAD ".visible .entry k(.param .align 4 .b8 a[16777212], .param .u32 d)\n{\n\tret;\n}\n";
    wt_module m = NULL;
    assert_int_equal(wt_module_load_ptx(&m, ok, strlen(ok), "params.ptx"), WT_SUCCESS);
    wt_module_unload(m);
}

/* A fault's message names the instruction, its operation and size, and the address. */
static void fault_names_instruction(void **state)
{
    (void)state;
    static const struct {
        const char *body; /* %rd2: a registered 4-byte buffer; %rd3 = %rd2 + 64: outside it */
        const char *want1, *want2;
    } cases[] = {
        {"\tatom.global.add.u32 %r1, [%rd3], 1;\n", "atom.global.add.u32 of 4 bytes at 0x",
         "outside every registered memory range"},
        {"\tred.global.max.s32 [%rd3], 1;\n", "red.global.max.s32 of 4 bytes at 0x", "outside every registered"},
        {"\tatom.global.cas.b64 %rd4, [%rd3], 1, 2;\n", "atom.global.cas.b64 of 8 bytes at 0x", "outside every"},
        {"\tatom.global.exch.b32 %r1, [%rd2+2], 1;\n", "atom.global.exch.b32 of 4 bytes at 0x", "misaligned"},
        {"\tld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd3];\n", "ld.global.v4.u32 of 16 bytes at 0x", "outside every"},
        {"\tst.global.u8 [%rd3], %r1;\n", "st.global.u8 of 1 byte at 0x", "outside every"},
        {"\tld.global.f32 %f1, [%rd3];\n", "ld.global.f32 of 4 bytes at 0x", "outside every"},
        {"\tatom.global.add.f64 %fd1, [%rd3], 0d3FF0000000000000;\n", "atom.global.add.f64 of 8 bytes at 0x",
         "outside every"},
        {"\tld.shared.u32 %r1, [%rd3];\n", "ld.shared.u32 of 4 bytes at 64", "outside the 16 bytes of shared"},
        {"\tst.local.u32 [%rd3+100000], %r1;\n", "st.local.u32 of 4 bytes at 100064", "outside the"},
        {"\tst.global.u32 [%rd5], %r1;\n", "st.global.u32 of 4 bytes at 0x", "read-only"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        text t = {NULL, 0, 0};
        put(&t, HEAD ".shared .align 16 .b8 sh[16];\n.visible .entry k(.param .u64 p, .param .u64 q)\n{\n"
                "\t.reg .b32 %%r<6>;\n\t.reg .b64 %%rd<6>;\n\t.reg .f32 %%f<2>;\n\t.reg .f64 %%fd<2>;\n\tld.param.u64 %%rd1, [p];\n"
                "\tcvta.to.global.u64 %%rd2, %%rd1;\n\tadd.s64 %%rd3, %%rd2, 64;\n\tld.param.u64 %%rd5, [q];\n"
                "\tmov.u64 %%rd3, %s;\n%s\tret;\n}\n",
                strstr(cases[i].body, "shared") || strstr(cases[i].body, "local") ? "64" : "%rd3", cases[i].body);
        wt_module m = load_text(&t, "fault.ptx");
        /* buf: mem[0], 4 bytes writable; ro: mem[48], read-only; buf + 64 is neither */
        static uint32_t mem[64];
        assert_int_equal(wt_module_register_memory(m, &mem[0], 4, 1), WT_SUCCESS);
        assert_int_equal(wt_module_register_memory(m, &mem[48], 4, 0), WT_SUCCESS);
        uint32_t *pb = &mem[0], *pr = &mem[48];
        void *pv[] = {&pb, &pr};
        wt_function fn;
        assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
        wt_status st = wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, 0, pv);
        const char *msg = wt_last_error_message();
        if (st != WT_ERROR_LAUNCH_FAILED || !strstr(msg, cases[i].want1) || !strstr(msg, cases[i].want2))
            fail_msg("%s: status %d, message '%s'; wanted '%s' ... '%s'", cases[i].body, (int)st, msg,
                     cases[i].want1, cases[i].want2);
        wt_module_unload(m);
        free(t.s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deep_call_chain),  cmocka_unit_test(recursion_named), cmocka_unit_test(registers_refused_fast),
        cmocka_unit_test(chain_registers),  cmocka_unit_test(chain_local),     cmocka_unit_test(block_state),
        cmocka_unit_test(shared_total),     cmocka_unit_test(fault_names_instruction),
        cmocka_unit_test(parameters_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
