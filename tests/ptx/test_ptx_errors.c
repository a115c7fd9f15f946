/* test_ptx_errors.c -- malformed and unsupported PTX gets the documented status and a message naming
 * the file, line, column and offending text; the API refuses bad arguments
 * SPDX-License-Identifier: MIT */
#include "ptx_test_util.h"

#define HEAD ".version 8.0\n.target sm_75\n.address_size 64\n"

typedef struct bad_case {
    const char *what;
    const char *text;
    wt_status st;
    const char *msg1; /* substrings the message must hold */
    const char *msg2;
} bad_case;

static const bad_case cases[] = {
    {"empty text", "", WT_ERROR_PTX_PARSE, "bad.ptx", "no .version"},
    {"no .version", ".target sm_75\n", WT_ERROR_PTX_PARSE, "bad.ptx:1:1", ".version"},
    {"old ISA", ".version 5.0\n.target sm_75\n", WT_ERROR_PTX_UNSUPPORTED, "bad.ptx:1:10", "5.0"},
    {"32-bit addresses", ".version 8.0\n.target sm_75\n.address_size 32\n", WT_ERROR_PTX_UNSUPPORTED, ":3:15", "32"},
    {"truncated body", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r1, 5;\n", WT_ERROR_PTX_PARSE,
     "unterminated function body", "bad.ptx:8"},
    {"truncated instruction", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r2,", WT_ERROR_PTX_PARSE,
     "bad.ptx:7", "expected an operand"},
    {"unknown opcode", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tfrobnicate.b32 %r1, %r2;\n}\n",
     WT_ERROR_PTX_PARSE, "bad.ptx:7:2", "'frobnicate'"},
    {"unknown modifier", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.wobbly.s32 %r1, %r2, %r2;\n}\n",
     WT_ERROR_PTX_UNSUPPORTED, "bad.ptx:7:5", ".wobbly"},
    {"missing operand", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r2;\n}\n", WT_ERROR_PTX_PARSE,
     "expects 3 operands", "bad.ptx:7:2"},
    {"bad operand", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, [%r2], %r2;\n}\n",
     WT_ERROR_PTX_PARSE, "bad.ptx:7:15", "register or a constant"},
    {"undefined register", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r7, %r2;\n}\n",
     WT_ERROR_PTX_PARSE, "undefined register %r7", "bad.ptx:7:15"},
    {"undefined label", HEAD ".visible .entry k()\n{\n\tbra.uni $L__nowhere;\n}\n", WT_ERROR_PTX_PARSE,
     "undefined label $L__nowhere", "bad.ptx:6:10"},
    {"label twice", HEAD ".visible .entry k()\n{\nL1:\nL1:\n\tret;\n}\n", WT_ERROR_PTX_PARSE, "label defined twice",
     "bad.ptx:7:1"},
    {"type mismatch", HEAD ".visible .entry k()\n{\n\t.reg .f32 %f<3>;\n\t.reg .b64 %rd<3>;\n\tadd.f32 %rd1, %f1, %f2;\n}\n",
     WT_ERROR_PTX_PARSE, "64 bits wide", "bad.ptx:8:10"},
    {"predicate as data", HEAD ".visible .entry k()\n{\n\t.reg .pred %p<3>;\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %p1, %r2;\n}\n",
     WT_ERROR_PTX_PARSE, "%p1", "bad.ptx:8"},
    {"guard not a predicate", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\t@%r1 ret;\n}\n", WT_ERROR_PTX_PARSE,
     "not a predicate", "bad.ptx:7:3"},
    {"bad float literal", HEAD ".visible .entry k()\n{\n\t.reg .f32 %f<3>;\n\tmov.f32 %f1, 0f3F80;\n}\n", WT_ERROR_PTX_PARSE,
     "8 hex digits", "'0f3F80'"},
    {"float literal for an integer", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tadd.s32 %r1, %r1, 1.5;\n}\n",
     WT_ERROR_PTX_PARSE, "not a float", "bad.ptx:7"},
    {"call to an undeclared function", HEAD ".visible .entry k()\n{\n\tcall.uni nothere, ();\n}\n", WT_ERROR_PTX_PARSE,
     "undeclared function nothere", "bad.ptx:6"},
    {"argument count", HEAD ".func f(.param .b32 a)\n{\n\tret;\n}\n.visible .entry k()\n{\n\tcall.uni f, ();\n}\n",
     WT_ERROR_PTX_PARSE, "takes 1 parameters", "bad.ptx:10"},
    {"called, never defined", HEAD ".func g();\n.visible .entry k()\n{\n\tcall.uni g;\n}\n", WT_ERROR_PTX_PARSE,
     "never defined", "line 7"},
    {"parameter offset outside", HEAD ".visible .entry k(.param .u32 p)\n{\n\t.reg .b32 %r<3>;\n\tld.param.u32 %r1, [p+4];\n}\n",
     WT_ERROR_PTX_PARSE, "outside p", "bad.ptx:7"},
    {"tex without geometry", HEAD ".visible .entry k(.param .u64 t)\n{\n\t.reg .f32 %f<9>;\n\t.reg .b64 %rd<2>;\n"
     "\ttex.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];\n}\n",
     WT_ERROR_PTX_PARSE, "needs .geom", "bad.ptx:8"},
    {"tex coordinate count", HEAD ".visible .entry k(.param .u64 t)\n{\n\t.reg .f32 %f<9>;\n\t.reg .b64 %rd<2>;\n"
     "\ttex.3d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];\n}\n",
     WT_ERROR_PTX_PARSE, "where 3 are needed", "bad.ptx:8"},
    {"sampler in unified mode", HEAD ".visible .entry k(.param .u64 t)\n{\n\t.reg .f32 %f<9>;\n\t.reg .b64 %rd<2>;\n"
     "\ttex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, %rd1, {%f5, %f6}];\n}\n",
     WT_ERROR_PTX_PARSE, "texmode_independent", "bad.ptx:8"},
    {"surface without clamp mode", HEAD ".visible .entry k(.param .u64 t)\n{\n\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<2>;\n"
     "\tsuld.b.2d.b32 %r1, [%rd1, {%r2, %r3}];\n}\n",
     WT_ERROR_PTX_PARSE, ".trap/.clamp/.zero", "bad.ptx:8"},
    {"unsupported bar.arrive", HEAD ".visible .entry k()\n{\n\tbar.arrive 0, 32;\n}\n", WT_ERROR_PTX_UNSUPPORTED,
     "bar.arrive", "bad.ptx:6"},
    {"unsupported min.NaN.f32", HEAD ".visible .entry k()\n{\n\t.reg .f32 %f<3>;\n\tmin.NaN.f32 %f1, %f2, %f2;\n}\n",
     WT_ERROR_PTX_UNSUPPORTED, "bad.ptx:7:2", "combination"},
    {"f16 add with a directed rounding", HEAD ".visible .entry k()\n{\n\t.reg .b16 %h<3>;\n\tadd.rz.f16 %h1, %h2, %h2;\n}\n",
     WT_ERROR_PTX_UNSUPPORTED, "bad.ptx:7:2", "combination"},
    {"bf16 with .ftz", HEAD ".visible .entry k()\n{\n\t.reg .b16 %h<3>;\n\tadd.ftz.bf16 %h1, %h2, %h2;\n}\n",
     WT_ERROR_PTX_UNSUPPORTED, "bad.ptx:7:2", "combination"},
    {"f16x2 in a 16-bit register", HEAD ".visible .entry k()\n{\n\t.reg .b16 %h<3>;\n\tadd.f16x2 %h1, %h2, %h2;\n}\n",
     WT_ERROR_PTX_PARSE, "bad.ptx:7", "32 bits"},
    {"legal but not run", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tsad.u32 %r1, %r2, %r2, %r2;\n}\n",
     WT_ERROR_PTX_UNSUPPORTED, "sad.u32 is not supported", "bad.ptx:7:2"},
    {"bar.red without an operation", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\t.reg .pred %p<2>;\n"
     "\tbar.red.u32 %r1, 0, %p1;\n}\n", WT_ERROR_PTX_PARSE, "bar.red needs .popc.u32", "bad.ptx:8:2"},
    {"bar.red.popc into a predicate", HEAD ".visible .entry k()\n{\n\t.reg .pred %p<3>;\n"
     "\tbar.red.popc.pred %p2, 0, %p1;\n}\n", WT_ERROR_PTX_PARSE, "bar.red needs", "bad.ptx:7:2"},
    {"brx.idx without a target list", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\nL1:\n\tbrx.idx %r1, L1;\n}\n",
     WT_ERROR_PTX_PARSE, ".branchtargets", "bad.ptx:8:15"},
    {"undefined branch target", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\nT: .branchtargets L1, L9;\nL1:\n"
     "\tbrx.idx %r1, T;\n}\n", WT_ERROR_PTX_PARSE, "undefined label L9", "bad.ptx:7:23"},
    {"carry on a float", HEAD ".visible .entry k()\n{\n\t.reg .f32 %f<3>;\n\taddc.f32 %f1, %f2, %f2;\n}\n",
     WT_ERROR_PTX_UNSUPPORTED, "bad.ptx:7:2", "combination"},
    {"dp4a with one type", HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n\tdp4a.u32 %r1, %r2, %r2, %r2;\n}\n",
     WT_ERROR_PTX_PARSE, "two source types", "bad.ptx:7:2"},
    {"stray character", HEAD "#\n", WT_ERROR_PTX_PARSE, "bad.ptx:4:1", "unexpected character"},
    {"unterminated comment", HEAD "/* no end", WT_ERROR_PTX_PARSE, "bad.ptx:4:1", "unexpected"},
    {"redefined variable", HEAD ".global .u32 x;\n.global .u32 x;\n", WT_ERROR_PTX_PARSE, "redefinition", "bad.ptx:5"},
    {"too many initialisers", HEAD ".global .u32 x[2] = {1, 2, 3};\n", WT_ERROR_PTX_PARSE, "too many initialisers",
     "bad.ptx:4"},
};

/* Refusals the opcode table decides (src/ptx/ptx_ops.def: operand shapes, types, modifiers) and those of the
 * modifiers beyond it: each message names the instruction ("near 'shl'") and the reason. */
#define BODY(insn)                                                                                             \
    HEAD ".visible .entry k()\n{\n\t.reg .b32 %r<6>;\n\t.reg .f32 %f<3>;\n\t.reg .pred %p<2>;\n"                 \
         "\t.reg .b64 %rd<2>;\n\t" insn "\n}\n"
static const bad_case table_cases[] = {
    {"shl with one source", BODY("shl.b32 %r1, %r2;"), WT_ERROR_PTX_PARSE, "expects 3 operands, has 2", "near 'shl'"},
    {"bfi with an operand short", BODY("bfi.b32 %r1, %r2, %r3, %r4;"), WT_ERROR_PTX_PARSE,
     "expects 5 operands, has 4", "near 'bfi'"},
    {"selp without its predicate", BODY("selp.b32 %r1, %r2, %r3;"), WT_ERROR_PTX_PARSE, "expects 4 operands, has 3",
     "near 'selp'"},
    {"setp.and without the predicate it combines", BODY("setp.lt.and.s32 %p1, %r1, %r2;"), WT_ERROR_PTX_PARSE,
     "expects 4 operands, has 3", "near 'setp'"},
    {"lop3 with an operand too many", BODY("lop3.b32 %r1, %r2, %r3, %r4, 0xf0, %r5;"), WT_ERROR_PTX_PARSE,
     "expects 5 operands, has 6", "near 'lop3'"},
    {"popc of a float", BODY("popc.f32 %r1, %f1;"), WT_ERROR_PTX_UNSUPPORTED, "combination", "near 'popc'"},
    {"fma on integers", BODY("fma.rn.s32 %r1, %r2, %r3, %r4;"), WT_ERROR_PTX_UNSUPPORTED, "combination",
     "near 'fma'"},
    {"prmt on an integer type", BODY("prmt.u32 %r1, %r2, %r3, %r4;"), WT_ERROR_PTX_UNSUPPORTED, "combination",
     "near 'prmt'"},
    {"integer mul without .lo/.hi/.wide", BODY("mul.s32 %r1, %r2, %r3;"), WT_ERROR_PTX_UNSUPPORTED, "combination",
     "near 'mul'"},
    {"tanh without .approx", BODY("tanh.f32 %f1, %f2;"), WT_ERROR_PTX_UNSUPPORTED, "combination", "near 'tanh'"},
    {"shf without .l or .r", BODY("shf.wrap.b32 %r1, %r2, %r3, %r4;"), WT_ERROR_PTX_PARSE, "needs .l or .r",
     "near 'shf'"},
    {"setp without a comparison", BODY("setp.s32 %p1, %r1, %r2;"), WT_ERROR_PTX_PARSE, "needs a comparison",
     "near 'setp'"},
    {"ld of a predicate", BODY("ld.global.pred %p1, [%rd1];"), WT_ERROR_PTX_UNSUPPORTED, "memory access of this type",
     "near 'ld'"},
    {"nanosleep without its time", BODY("nanosleep.u32;"), WT_ERROR_PTX_PARSE, "expects 1 operands, has 0",
     "near 'nanosleep'"},
    {"ret with an operand", BODY("ret %r1;"), WT_ERROR_PTX_PARSE, "expects 0 operands, has 1", "near 'ret'"},
    {"atom.cas with one value", BODY("atom.global.cas.b32 %r1, [%rd1], %r2;"), WT_ERROR_PTX_PARSE,
     "expects 4 operands, has 3", "near 'atom'"},
    {"red with a destination", BODY("red.global.add.u32 %r1, [%rd1], %r2;"), WT_ERROR_PTX_PARSE,
     "expects 2 operands, has 3", "near 'red'"},
    {"bar.red without its predicate", BODY("bar.red.popc.u32 %r1, 0;"), WT_ERROR_PTX_PARSE, "expects 3 operands, has 2",
     "near 'bar'"},
    {"createpolicy.range short", BODY("createpolicy.range.global.L2::evict_last.b64 %rd1, [%rd1], 64;"),
     WT_ERROR_PTX_PARSE, "expects 4 operands, has 3", "near 'createpolicy'"},
    {"vote into a predicate pair", BODY("vote.sync.all.pred %p1|%p1, %p1, -1;"), WT_ERROR_PTX_PARSE,
     "vote takes no a|b operand", "near '%p1'"},
    {"atom into a predicate pair", BODY("atom.global.add.u32 %r1|%p1, [%rd1], %r2;"), WT_ERROR_PTX_PARSE,
     "atom takes no a|b operand", "near '%r1'"},
    {"a modifier the row does not take", BODY("add.volatile.s32 %r1, %r2, %r3;"), WT_ERROR_PTX_PARSE,
     "add does not take .volatile", "near '.volatile'"},
    {"vote.uni", BODY("vote.sync.uni.pred %p1, %p1, -1;"), WT_ERROR_PTX_UNSUPPORTED, "vote.uni", "near 'vote'"},
};

static void check_cases(const bad_case *cases_, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const bad_case *c = &cases_[i];
        wt_module m = (wt_module)(uintptr_t)1;
        wt_status st = wt_module_load_ptx(&m, c->text, strlen(c->text), "bad.ptx");
        const char *msg = wt_last_error_message();
        if (st != c->st)
            fail_msg("%s: status %s, expected %s (%s)", c->what, wt_status_string(st), wt_status_string(c->st), msg);
        if (m != NULL)
            fail_msg("%s: *out not NULL after a failure", c->what);
        if (!strstr(msg, c->msg1) || !strstr(msg, c->msg2))
            fail_msg("%s: message '%s' lacks '%s' or '%s'", c->what, msg, c->msg1, c->msg2);
        if (!strstr(msg, "wt_module_load_ptx()"))
            fail_msg("%s: message '%s' does not name the function", c->what, msg);
    }
}

static void malformed(void **state)
{
    (void)state;
    check_cases(cases, sizeof cases / sizeof cases[0]);
}

static void refusals_name_the_instruction(void **state)
{
    (void)state;
    check_cases(table_cases, sizeof table_cases / sizeof table_cases[0]);
}

/* Every prefix of a real nvcc module fails cleanly or loads (never crashes). */
static void truncations(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/programs.sm_75.O3.ptx", WT_PTX_FIXTURES);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(n > 1000);
    int ok = 0, failed = 0;
    for (size_t len = 0; len < n; len += 23) { /* every 23rd prefix: quick under the sanitizers too */
        wt_module m;
        wt_status st = wt_module_load_ptx(&m, buf, len, "cut.ptx");
        if (st == WT_SUCCESS) {
            ok++;
            wt_module_unload(m);
        } else {
            assert_true(st == WT_ERROR_PTX_PARSE || st == WT_ERROR_PTX_UNSUPPORTED);
            assert_non_null(strstr(wt_last_error_message(), "cut.ptx"));
            failed++;
        }
    }
    assert_true(failed > 300);
    wt_module m;
    assert_int_equal(wt_module_load_ptx(&m, buf, n, "whole.ptx"), WT_SUCCESS);
    wt_module_unload(m);
}

static void api_arguments(void **state)
{
    (void)state;
    wt_module m;
    assert_int_equal(wt_module_load_ptx(NULL, HEAD, strlen(HEAD), NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_module_load_ptx(&m, NULL, 3, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_module_load_ptx_file(&m, "/nonexistent/x.ptx"), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "/nonexistent/x.ptx"));
    assert_int_equal(wt_module_unload(NULL), WT_ERROR_INVALID_HANDLE);
    static const char src[] = HEAD ".func f()\n{\n\tret;\n}\n.visible .entry k(.param .u64 a, .param .align 8 .b8 s[24])\n{\n\tret;\n}\n";
    assert_int_equal(wt_module_load_ptx(&m, src, strlen(src), NULL), WT_SUCCESS);
    wt_function fn;
    assert_int_equal(wt_module_get_function(&fn, m, "nothere"), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "nothere"));
    assert_int_equal(wt_module_get_function(&fn, m, "f"), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), ".func"));
    assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
    int count;
    size_t size;
    assert_int_equal(wt_function_param_count(fn, &count), WT_SUCCESS);
    assert_int_equal(count, 2);
    assert_int_equal(wt_function_param_size(fn, 1, &size), WT_SUCCESS);
    assert_int_equal(size, 24);
    assert_int_equal(wt_function_param_size(fn, 2, &size), WT_ERROR_INVALID_VALUE);
    uint64_t a = 0;
    uint8_t s[24] = {0};
    void *p[2] = {&a, s};
    assert_int_equal(wt_launch_kernel(NULL, (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, 0, p), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){0, 1, 1}, (wt_dim3){1, 1, 1}, 0, p), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){1025, 1, 1}, 0, p), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "1024"));
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){32, 32, 2}, 0, p), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){32, 1, 1}, 0, NULL), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){3, 2, 1}, (wt_dim3){32, 2, 1}, 0, p), WT_SUCCESS);
    /* registered ranges */
    static uint8_t buf[64];
    assert_int_equal(wt_module_register_memory(m, buf, 0, 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_module_register_memory(m, buf, 32, 1), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, buf + 16, 32, 1), WT_ERROR_INVALID_VALUE);
    assert_non_null(strstr(wt_last_error_message(), "overlaps"));
    assert_int_equal(wt_module_register_memory(m, buf + 32, 32, 1), WT_SUCCESS);
    assert_int_equal(wt_module_unregister_memory(m, buf + 8), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_module_unregister_memory(m, buf), WT_SUCCESS);
    assert_int_equal(wt_module_set_texref(m, "none", 1), WT_ERROR_INVALID_VALUE);
    assert_int_equal(wt_module_unload(m), WT_SUCCESS);
}

static void recursion(void **state)
{
    (void)state;
    static const char src[] = HEAD ".func f(.param .b32 n);\n.func f(.param .b32 n)\n{\n\t{\n\t.param .b32 a;\n"
                              "\tcall.uni f, (a);\n\t}\n\tret;\n}\n.visible .entry k()\n{\n\t{\n\t.param .b32 a;\n"
                              "\tcall.uni f, (a);\n\t}\n\tret;\n}\n";
    wt_module m;
    assert_int_equal(wt_module_load_ptx(&m, src, strlen(src), "rec.ptx"), WT_SUCCESS);
    wt_function fn;
    assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
    assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, 0, NULL), WT_ERROR_PTX_UNSUPPORTED);
    assert_non_null(strstr(wt_last_error_message(), "recursively"));
    wt_module_unload(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(malformed),
        cmocka_unit_test(refusals_name_the_instruction),
        cmocka_unit_test(truncations),
        cmocka_unit_test(api_arguments),
        cmocka_unit_test(recursion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
