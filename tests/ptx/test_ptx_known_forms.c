/* test_ptx_known_forms.c -- every instruction name of the PTX ISA is known: the ones warptex does
 * not run are WT_ERROR_PTX_UNSUPPORTED naming the instruction, a misspelled one stays a parse
 * error (and ptxas, when installed, knows every name of the list); the cache hints (.L1::,
 * .L2::, .L2::cache_hint with its policy operand, createpolicy, prefetch, prefetchu), the cluster
 * special registers and bar.warp.sync run
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, popen */
#include <unistd.h>

#include "ptx_test_util.h"

#ifndef WT_PTXAS
#define WT_PTXAS ""
#endif

#define HEAD ".version 8.0\n.target sm_90\n.address_size 64\n"

/* The instructions of PTX ISA 9.0, with the modifiers ptxas 13 needs to know some of them by name
 * (mad24.lo, shf.l, suld.b ...). */
static const char *const isa_names[] = {
    "abs", "activemask", "add", "addc", "alloca", "and", "applypriority", "atom", "bar", "bar.warp", "barrier",
    "bfe", "bfi", "bfind", "bmsk", "bra", "brev", "brkpt", "brx.idx", "call", "clusterlaunchcontrol.try_cancel.async",
    "clusterlaunchcontrol.query_cancel.is_canceled", "clz", "cnot", "copysign", "cos", "cp.async", "cp.async.commit_group",
    "cp.async.wait_group", "cp.async.wait_all", "cp.async.bulk", "cp.async.bulk.tensor", "cp.reduce.async.bulk",
    "cp.reduce.async.bulk.tensor", "cp.async.bulk.prefetch", "cp.async.bulk.prefetch.tensor",
    "cp.async.bulk.commit_group", "cp.async.bulk.wait_group", "cp.async.mbarrier.arrive", "createpolicy.fractional", "cvt",
    "cvt.pack", "cvta", "discard", "div", "dp2a", "dp4a", "elect.sync", "ex2", "exit", "fence", "fence.proxy", "fma",
    "fns", "getctarank", "griddepcontrol", "isspacep", "istypep", "ld", "ld.global.nc", "ldmatrix", "ldu", "lg2",
    "lop3", "mad", "mad24.lo", "madc.lo", "mapa", "match.sync", "max", "mbarrier.init", "mbarrier.inval", "mbarrier.arrive",
    "mbarrier.arrive_drop", "mbarrier.test_wait", "mbarrier.try_wait", "mbarrier.pending_count", "mbarrier.expect_tx",
    "mbarrier.complete_tx", "membar", "min", "mma", "mma.sp", "mov", "movmatrix", "mul", "mul24.lo", "multimem.ld_reduce",
    "multimem.st", "multimem.red", "nanosleep", "neg",
    "not", "or", "pmevent", "popc", "prefetch", "prefetchu", "prmt", "rcp", "red", "red.async", "redux.sync", "rem",
    "ret", "rsqrt", "sad", "selp", "set", "setmaxnreg.inc", "setp", "shf.l", "shfl", "shfl.sync", "shl", "shr", "sin",
    "slct", "sqrt", "st", "st.async", "st.bulk", "stackrestore", "stacksave", "stmatrix", "sub", "subc", "suld.b", "suq",
    "sured.b", "sust.b", "szext", "tanh", "tcgen05.alloc", "tcgen05.dealloc", "tcgen05.relinquish_alloc_permit",
    "tcgen05.ld", "tcgen05.st", "tcgen05.wait", "tcgen05.cp", "tcgen05.shift", "tcgen05.mma", "tcgen05.mma.sp",
    "tcgen05.mma.ws", "tcgen05.commit", "tcgen05.fence", "tensormap.replace", "tensormap.cp_fenceproxy", "testp",
    "tex", "tld4", "trap", "txq", "vabsdiff", "vabsdiff2", "vabsdiff4", "vadd", "vadd2", "vadd4", "vavrg2", "vavrg4",
    "vmad", "vmax", "vmax2", "vmax4", "vmin", "vmin2", "vmin4", "vote", "vote.sync", "vset", "vset2", "vset4", "vshl",
    "vshr", "vsub", "vsub2", "vsub4", "wgmma.fence", "wgmma.commit_group", "wgmma.wait_group", "wgmma.mma_async",
    "wgmma.mma_async.sp", "wmma.load.a", "wmma.store.d", "wmma.mma", "xor"};

static wt_status load1(const char *body, wt_module *m)
{
    char text[2048];
    snprintf(text, sizeof text,
             HEAD ".visible .entry k(.param .u64 pp)\n{\n\t.reg .pred %%p<4>;\n\t.reg .b32 %%r<8>;\n\t.reg .b64 %%rd<8>;\n"
                  "\t.reg .f32 %%f<8>;\n\t.shared .align 8 .b8 sh[64];\n%s\n\tret;\n}\n",
             body);
    *m = NULL;
    return wt_module_load_ptx(m, text, strlen(text), "k.ptx");
}

/* Every name is an instruction: whatever else is wrong with "NAME %r1;", it is not an unknown
 * opcode; an unsupported one is named. */
static void every_name_known(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++) {
        char body[128];
        snprintf(body, sizeof body, "\t%s %%r1;", isa_names[i]);
        wt_module m;
        wt_status st = load1(body, &m);
        const char *msg = st ? wt_last_error_message() : "";
        if (st == WT_SUCCESS)
            wt_module_unload(m);
        if (strstr(msg, "unknown opcode"))
            fail_msg("%s: %s", isa_names[i], msg);
        if (strstr(msg, "is not supported") && !strstr(msg, isa_names[i]))
            fail_msg("%s: the message does not name it: %s", isa_names[i], msg);
    }
}

/* Legal forms warptex does not run: WT_ERROR_PTX_UNSUPPORTED naming the instruction. */
static const struct {
    const char *insn, *named;
} unsupported[] = {
    {"wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 1, 1, 1, 1;",
     "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 is not supported"},
    {"wgmma.fence.sync.aligned;", "wgmma.fence.sync.aligned is not supported"},
    {"tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], 32;",
     "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 is not supported"},
    {"cp.async.ca.shared.global [%rd1], [%rd2], 4;", "cp.async.ca.shared.global is not supported"},
    {"cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%rd1], [%rd2, {%r1}], [%rd3];",
     "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes is not supported"},
    {"cp.async.wait_all;", "cp.async.wait_all is not supported"},
    {"mbarrier.try_wait.parity.shared::cta.b64 %p1, [%rd1], %r1;", "mbarrier.try_wait.parity.shared::cta.b64 is not supported"},
    {"mbarrier.init.shared.b64 [%rd1], %r1;", "mbarrier.init.shared.b64 is not supported"},
    {"ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%rd1];", "ldmatrix.sync.aligned.m8n8.x1.shared.b16 is not supported"},
    {"stmatrix.sync.aligned.m8n8.x1.shared.b16 [%rd1], {%r1};", "stmatrix.sync.aligned.m8n8.x1.shared.b16 is not supported"},
    {"movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;", "movmatrix.sync.aligned.m8n8.trans.b16 is not supported"},
    {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, {%f5,%f6,%f7,%f0};",
     "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 is not supported"},
    {"wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1}, [%rd1];", "wmma.load.a.sync.aligned.row.m16n16k16.f16 is not supported"},
    {"elect.sync %r1|%p1, 0xffffffff;", "elect.sync is not supported"},
    {"redux.sync.add.u32 %r1, %r2, 0xffffffff;", "redux.sync.add.u32 is not supported"},
    {"match.any.sync.b32 %r1, %r2, 0xffffffff;", "match.any.sync.b32 is not supported"},
    {"multimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1];", "multimem.ld_reduce.relaxed.sys.global.add.u32 is not supported"},
    {"tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd2;",
     "tensormap.replace.tile.global_address.global.b1024.b64 is not supported"},
    {"setmaxnreg.inc.sync.aligned.u32 64;", "setmaxnreg.inc.sync.aligned.u32 is not supported"},
    {"griddepcontrol.wait;", "griddepcontrol.wait is not supported"},
    {"clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 %p1, %rd1;",
     "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 is not supported"},
    {"isspacep.global %p1, %rd1;", "isspacep.global is not supported"},
    {"mapa.shared::cluster.u64 %rd1, %rd2, %r1;", "mapa.shared::cluster.u64 is not supported"},
    {"getctarank.shared::cluster.u32 %r1, %rd1;", "getctarank.shared::cluster.u32 is not supported"},
    {"applypriority.global.L2::evict_normal [%rd1], 128;", "applypriority.global.L2::evict_normal is not supported"},
    {"discard.global.L2 [%rd1], 128;", "discard.global.L2 is not supported"},
    {"alloca.u64 %rd1, %rd2;", "alloca.u64 is not supported"},
    {"stacksave.u64 %rd1;", "stacksave.u64 is not supported"},
    {"sad.u32 %r1, %r2, %r3, %r4;", "sad.u32 is not supported"},
    {"vadd.u32.u32.u32 %r1, %r2, %r3;", "vadd.u32.u32.u32 is not supported"},
    {"pmevent 1;", "pmevent is not supported"},
    {"brkpt;", "brkpt is not supported"},
};

static void unsupported_named(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++) {
        wt_module m;
        wt_status st = load1(unsupported[i].insn, &m);
        if (st != WT_ERROR_PTX_UNSUPPORTED || !strstr(wt_last_error_message(), unsupported[i].named))
            fail_msg("%s: status %d, %s (expected '%s')", unsupported[i].insn, (int)st,
                     st ? wt_last_error_message() : "loaded", unsupported[i].named);
        assert_non_null(strstr(wt_last_error_message(), "k.ptx:11:"));
    }
}

/* A misspelled opcode is malformed PTX. */
static void misspelled(void **state)
{
    (void)state;
    static const char *const bad[] = {"wgmmaa.mma_async.sync %r1;", "bfnd.u32 %r1, %r2;", "ad.s32 %r1, %r2, %r3;",
                                      "prefetchx.L1 [%rd1];", "createpolicyy.fractional.L2::evict_last.b64 %rd1;"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wt_module m;
        assert_int_equal(load1(bad[i], &m), WT_ERROR_PTX_PARSE);
        assert_non_null(strstr(wt_last_error_message(), "unknown opcode"));
    }
}

/* Cache hints, createpolicy and prefetch change nothing: every hinted load or store moves the
 * same data as a plain one. */
static void cache_hints(void **state)
{
    (void)state;
    static const char body[] =
        "\tld.param.u64 %rd1, [pp];\n"
        "\tcreatepolicy.fractional.L2::evict_last.b64 %rd2;\n"
        "\tcreatepolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %rd3, 0.25;\n"
        "\tcreatepolicy.range.global.L2::evict_last.L2::evict_first.b64 %rd4, [%rd1], 64, 128;\n"
        "\tcreatepolicy.cvt.L2.b64 %rd5, %rd2;\n"
        "\tprefetch.global.L1 [%rd1];\n\tprefetch.global.L2::evict_last [%rd1];\n\tprefetch.L2 [%rd1+4];\n"
        "\tprefetchu.L1 [%rd1];\n\tprefetch.local.L1 [%rd1];\n"
        "\tld.global.L1::no_allocate.u32 %r1, [%rd1];\n"
        "\tld.global.L1::evict_first.L2::64B.u32 %r2, [%rd1+4];\n"
        "\tld.global.nc.L1::evict_last.L2::256B.u32 %r3, [%rd1+8];\n"
        "\tld.global.L1::evict_unchanged.L2::cache_hint.u32 %r4, [%rd1+12], %rd2;\n"
        "\tld.global.nc.L2::cache_hint.v2.u32 {%r5, %r6}, [%rd1+16], %rd3;\n"
        "\tld.global.L1::evict_normal.L2::128B.u32 %r7, [%rd1+24];\n"
        "\tadd.u32 %r1, %r1, %r2;\n\tadd.u32 %r1, %r1, %r3;\n\tadd.u32 %r1, %r1, %r4;\n"
        "\tadd.u32 %r1, %r1, %r5;\n\tadd.u32 %r1, %r1, %r6;\n\tadd.u32 %r1, %r1, %r7;\n"
        "\tst.global.L1::no_allocate.u32 [%rd1+32], %r1;\n"
        "\tst.global.L2::cache_hint.u32 [%rd1+36], %r1, %rd4;\n"
        "\tst.global.L1::evict_last.v2.u32 [%rd1+40], {%r2, %r3};\n"
        "\tatom.global.L2::cache_hint.add.u32 %r5, [%rd1+48], 5, %rd2;\n"
        "\tred.global.L2::cache_hint.add.u32 [%rd1+52], 7, %rd5;\n"
        "\tst.global.u64 [%rd1+56], %rd2;\n\tst.global.u64 [%rd1+64], %rd3;\n\tst.global.u64 [%rd1+72], %rd5;";
    wt_module m;
    if (load1(body, &m) != WT_SUCCESS)
        fail_msg("%s", wt_last_error_message());
    uint32_t buf[20] = {1, 20, 300, 4000, 50000, 600000, 7000000, 0, 0, 0, 0, 0, 100, 200};
    assert_int_equal(wt_module_register_memory(m, buf, sizeof buf, 1), WT_SUCCESS);
    uint32_t *pb = buf;
    void *p[1] = {&pb};
    pt_launch(m, "k", (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, p);
    assert_int_equal(buf[8], 7654321u);
    assert_int_equal(buf[9], 7654321u);
    assert_int_equal(buf[10], 20u);
    assert_int_equal(buf[11], 300u);
    assert_int_equal(buf[12], 105u);
    assert_int_equal(buf[13], 207u);
    /* a policy is opaque; different requests give different words */
    uint64_t pol[3];
    memcpy(pol, buf + 14, sizeof pol);
    assert_true(pol[0] != pol[1]);
    wt_module_unload(m);
    /* the policy operand is required, and 64 bits */
    assert_int_equal(load1("\tld.global.L2::cache_hint.u32 %r1, [%rd1];", &m), WT_ERROR_PTX_PARSE);
    assert_non_null(strstr(wt_last_error_message(), "cache-policy"));
    assert_int_equal(load1("\tld.global.L2::cache_hint.u32 %r1, [%rd1], %r2;", &m), WT_ERROR_PTX_PARSE);
    assert_int_equal(load1("\tcreatepolicy.L2::evict_last.b64 %rd1;", &m), WT_ERROR_PTX_PARSE);
    /* a qualified modifier that is not a cache hint stays unsupported, named */
    assert_int_equal(load1("\tld.shared::cluster.u32 %r1, [%rd1];", &m), WT_ERROR_PTX_UNSUPPORTED);
    assert_non_null(strstr(wt_last_error_message(), ".shared::cluster"));
    /* .shared::cta is .shared */
    assert_int_equal(load1("\tld.shared::cta.u32 %r1, [sh];", &m), WT_SUCCESS);
    wt_module_unload(m);
}

/* A launch without clusters: every block a cluster of one. */
static void cluster_registers(void **state)
{
    (void)state;
    static const char body[] =
        "\tld.param.u64 %rd1, [pp];\n\tmov.u32 %r1, %ctaid.x;\n\tmov.u32 %r2, %nctaid.x;\n\tmad.lo.u32 %r1, %ctaid.y, %r2, %r1;\n"
        "\tmul.wide.u32 %rd2, %r1, 40;\n\tadd.s64 %rd1, %rd1, %rd2;\n"
        "\tmov.u32 %r1, %clusterid.x;\n\tst.global.u32 [%rd1], %r1;\n"
        "\tmov.u32 %r1, %clusterid.y;\n\tst.global.u32 [%rd1+4], %r1;\n"
        "\tmov.u32 %r1, %nclusterid.x;\n\tst.global.u32 [%rd1+8], %r1;\n"
        "\tmov.u32 %r1, %nclusterid.y;\n\tst.global.u32 [%rd1+12], %r1;\n"
        "\tmov.u32 %r1, %cluster_ctaid.y;\n\tst.global.u32 [%rd1+16], %r1;\n"
        "\tmov.u32 %r1, %cluster_nctaid.z;\n\tst.global.u32 [%rd1+20], %r1;\n"
        "\tmov.u32 %r1, %cluster_ctarank;\n\tst.global.u32 [%rd1+24], %r1;\n"
        "\tmov.u32 %r1, %cluster_nctarank;\n\tst.global.u32 [%rd1+28], %r1;\n"
        "\tmov.pred %p1, %is_explicit_cluster;\n\tselp.u32 %r1, 11, 22, %p1;\n\tst.global.u32 [%rd1+32], %r1;\n"
        "\tselp.u32 %r1, 33, 44, %is_explicit_cluster;\n\tst.global.u32 [%rd1+36], %r1;";
    wt_module m;
    if (load1(body, &m) != WT_SUCCESS)
        fail_msg("%s", wt_last_error_message());
    uint32_t out[6 * 10];
    memset(out, 0xee, sizeof out);
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    uint32_t *po = out;
    void *p[1] = {&po};
    pt_launch(m, "k", (wt_dim3){3, 2, 1}, (wt_dim3){40, 1, 1}, p);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 3; x++) {
            const uint32_t *o = out + 10 * (y * 3 + x);
            uint32_t e[10] = {x, y, 3, 2, 0, 1, 0, 1, 22, 44};
            for (int k = 0; k < 10; k++)
                if (o[k] != e[k])
                    fail_msg("block (%u,%u) value %d: %u, expected %u", x, y, k, o[k], e[k]);
        }
    wt_module_unload(m);
    /* %is_explicit_cluster is a predicate, the others are not */
    assert_int_equal(load1("\tmov.u32 %r1, %is_explicit_cluster;", &m), WT_ERROR_PTX_PARSE);
    assert_int_equal(load1("\tmov.pred %p1, %cluster_ctarank;", &m), WT_ERROR_PTX_PARSE);
    assert_int_equal(load1("\tmov.u32 %r1, %cluster_ctaid.w;", &m), WT_ERROR_PTX_PARSE);
}

/* bar.warp.sync is no block barrier; a lane outside its membermask stops the launch. */
static void warp_sync(void **state)
{
    (void)state;
    wt_module m;
    static const char ok[] = "\tld.param.u64 %rd1, [pp];\n\tmov.u32 %r1, %tid.x;\n\tand.b32 %r2, %r1, 1;\n"
                             "\tsetp.eq.u32 %p1, %r2, 0;\n\t@%p1 bra EVEN;\n\tbar.warp.sync 0xaaaaaaaa;\n\tbra.uni DONE;\n"
                             "EVEN:\n\tbar.warp.sync 0x55555555;\nDONE:\n\tbar.warp.sync -1;\n"
                             "\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd1, %rd1, %rd2;\n\tst.global.u32 [%rd1], %r1;";
    if (load1(ok, &m) != WT_SUCCESS)
        fail_msg("%s", wt_last_error_message());
    uint32_t out[64] = {0};
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    uint32_t *po = out;
    void *p[1] = {&po};
    pt_launch(m, "k", (wt_dim3){1, 1, 1}, (wt_dim3){64, 1, 1}, p);
    for (uint32_t i = 0; i < 64; i++)
        assert_int_equal(out[i], i);
    wt_module_unload(m);
    assert_int_equal(load1("\tbar.warp.sync 0xfffffffe;", &m), WT_SUCCESS);
    wt_function fn;
    assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
    uint64_t dummy = 0;
    void *q[1] = {&dummy};
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, 0, q), WT_ERROR_LAUNCH_FAILED);
    assert_non_null(strstr(wt_last_error_message(), "leaves out lane 0"));
    wt_module_unload(m);
    assert_int_equal(load1("\tbar.warp 0xffffffff;", &m), WT_ERROR_PTX_PARSE);
}

/* ptxas knows every name of the list (not 'Not a name of any known instruction'). */
static void ptxas_knows_every_name(void **state)
{
    (void)state;
    const char *ptxas = getenv("WT_PTXAS") ? getenv("WT_PTXAS") : WT_PTXAS;
    if (!*ptxas || access(ptxas, X_OK) != 0) {
        print_message("SKIP: ptxas is not installed (looked for '%s')\n", ptxas);
        skip();
    }
    char dir[] = "/tmp/wt_known_forms_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/k.ptx", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, ".version 9.0\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %%r<4>;\n");
    for (size_t i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++)
        fprintf(f, "\t%s %%r1;\n", isa_names[i]);
    fprintf(f, "\tret;\n}\n");
    fclose(f);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' -arch=sm_100a '%s' -o /dev/null 2>&1", ptxas, path);
    FILE *pp = popen(cmd, "r");
    assert_non_null(pp);
    char line[512];
    int unknown = 0, lines = 0;
    while (fgets(line, sizeof line, pp)) {
        lines++;
        if (strstr(line, "Not a name of any known instruction")) {
            print_message("%s", line);
            unknown++;
        }
    }
    pclose(pp);
    unlink(path);
    rmdir(dir);
    assert_true(lines > 0); /* ptxas ran (every line of the kernel is malformed on purpose) */
    assert_int_equal(unknown, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_name_known),
        cmocka_unit_test(unsupported_named),
        cmocka_unit_test(misspelled),
        cmocka_unit_test(cache_hints),
        cmocka_unit_test(cluster_registers),
        cmocka_unit_test(warp_sync),
        cmocka_unit_test(ptxas_knows_every_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
