/* test_ptx_video.c -- the PTX SIMD video instructions (vadd4 ... vset4, vadd2 ... vset2): every
 * operation, type combination, merge/.sat/.add, default and written selectors and masks, over edge
 * and random words, against the C model of tests/ptx/video_cases.h; the forms ptxas refuses are
 * refused, the scalar video instructions are refused by name, and ptxas (when installed) takes
 * every form run here
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <unistd.h>

#include "ptx_test_util.h"
#include "video_cases.h"

#ifndef WT_PTXAS
#define WT_PTXAS ""
#endif

#define MAX_FORMS 1024

static const uint32_t edges[] = {0u,          0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x7fff8000u, 0x01010101u,
                                 0xff00ff00u, 0x00ff00ffu, 0x80007fffu, 0xfe01fe01u, 0x12345678u};
#define NEDGE (sizeof edges / sizeof edges[0])
#define NRAND 700
#define NIN (NEDGE * NEDGE * NEDGE + NRAND)

static void all_forms(void **state)
{
    (void)state;
    vc_form *forms = calloc(MAX_FORMS, sizeof *forms);
    vc_in *in = calloc(NIN, sizeof *in);
    uint32_t *out = calloc(NIN, 4);
    assert_non_null(forms);
    assert_non_null(in);
    assert_non_null(out);
    size_t n = 0;
    for (size_t i = 0; i < NEDGE; i++)
        for (size_t j = 0; j < NEDGE; j++)
            for (size_t k = 0; k < NEDGE; k++)
                in[n++] = (vc_in){edges[i], edges[j], edges[k]};
    uint64_t seed = 42;
    while (n < NIN) {
        uint64_t r = pt_rng(&seed);
        in[n++] = (vc_in){(uint32_t)r, (uint32_t)(r >> 32), (uint32_t)pt_rng(&seed)};
    }
    const size_t nf = vc_forms(forms, MAX_FORMS, 7);
    assert_true(nf > 600 && nf < MAX_FORMS);
    int bad_forms = 0;
    for (size_t fi = 0; fi < nf; fi++) {
        const vc_form *f = &forms[fi];
        char text[4096], insn[128];
        assert_true(vc_ptx(f, text, sizeof text) > 0);
        vc_insn(f, insn, sizeof insn);
        wt_module m;
        if (wt_module_load_ptx(&m, text, strlen(text), "video.ptx") != WT_SUCCESS) {
            print_message("%s: %s\n", insn, wt_last_error_message());
            bad_forms++;
            continue;
        }
        assert_int_equal(wt_module_register_memory(m, in, NIN * sizeof *in, 0), WT_SUCCESS);
        assert_int_equal(wt_module_register_memory(m, out, NIN * 4, 1), WT_SUCCESS);
        memset(out, 0x5a, NIN * 4);
        uint32_t cnt = (uint32_t)NIN;
        void *p[3] = {&in, &out, &cnt};
        pt_launch(m, "k", (wt_dim3){(cnt + 127) / 128, 1, 1}, (wt_dim3){128, 1, 1}, p);
        int bad = 0;
        for (size_t i = 0; i < NIN; i++) {
            const uint32_t e = vc_model(f, &in[i]);
            if (out[i] != e && bad++ < 3)
                print_message("%s a=0x%08x b=0x%08x c=0x%08x: warptex 0x%08x, model 0x%08x\n", insn, in[i].a,
                              in[i].b, in[i].c, out[i], e);
        }
        bad_forms += bad != 0;
        wt_module_unload(m);
    }
    print_message("%d forms x %d inputs, %d forms wrong\n", (int)nf, (int)NIN, bad_forms);
    free(forms);
    free(in);
    free(out);
    assert_int_equal(bad_forms, 0);
}

/* The model on values worked by hand (so that model and interpreter cannot share a mistake). */
static void by_hand(void **state)
{
    (void)state;
    vc_form f;
    memset(&f, 0, sizeof f);
    f.lanes = 4;
    f.mask = 15;
    for (int i = 0; i < 4; i++) {
        f.asel[i] = i;
        f.bsel[i] = 4 + i;
    }
    /* stereoDisparity's __usad4: vabsdiff4.u32.u32.u32.add: c + the four |a_i - b_i| */
    f.op = VC_ABSDIFF;
    f.mode = VC_ACC;
    vc_in x = {0x01020304u, 0x04030201u, 10u};
    assert_int_equal(vc_model(&f, &x), 10u + 3 + 1 + 1 + 3);
    vc_in y = {0x00ff00ffu, 0xff00ff00u, 0u};
    assert_int_equal(vc_model(&f, &y), 4u * 255);
    /* signed: |-128 - 127| = 255 in every lane; merge keeps the low byte, .sat to s8 gives 127 */
    f.sa = f.sb = 1;
    vc_in z = {0x80808080u, 0x7f7f7f7fu, 0u};
    f.mode = VC_MERGE;
    assert_int_equal(vc_model(&f, &z), 0xffffffffu);
    f.mode = VC_SAT;
    f.sd = 1;
    assert_int_equal(vc_model(&f, &z), 0x7f7f7f7fu);
    /* vavrg rounds a non-negative sum's half up and a negative sum's down: (1 + 2) -> 2,
     * (-1 + -2) -> -2, (-1 + -1) -> -1 */
    f.op = VC_AVRG;
    f.mode = VC_MERGE;
    vc_in w = {0x00ffff01u, 0x00fffe02u, 0u};
    assert_int_equal(vc_model(&f, &w), 0x00fffe02u);
    /* merge: lanes outside the mask are c's */
    f.op = VC_ADD;
    f.sa = f.sb = f.sd = 0;
    f.mask = 1;
    vc_in v = {0x01010101u, 0x02020202u, 0xaabbccddu};
    assert_int_equal(vc_model(&f, &v), 0xaabbcc03u);
    /* two lanes: vset2.u32.u32.lt.add: c + how many half-words of a are below b's */
    f.lanes = 2;
    f.op = VC_SET;
    f.cmp = VC_LT;
    f.mode = VC_ACC;
    f.mask = 3;
    f.asel[0] = 0, f.asel[1] = 1, f.bsel[0] = 2, f.bsel[1] = 3;
    vc_in u = {0x00050001u, 0x00040002u, 100u};
    assert_int_equal(vc_model(&f, &u), 101u);
}

static wt_status load1(const char *insn, wt_module *m)
{
    char text[1024];
    snprintf(text, sizeof text,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
             "\t.reg .b32 %%r<8>;\n\t.reg .b64 %%rd<2>;\n\t%s\n\tret;\n}\n",
             insn);
    *m = NULL;
    return wt_module_load_ptx(m, text, strlen(text), "v.ptx");
}

/* What ptxas 13 refuses is malformed; the scalar video instructions are refused by name. */
static void refused(void **state)
{
    (void)state;
    static const char *const malformed[] = {
        "vadd4.u32.u32.u32.sat.add %r1, %r2, %r3, %r4;", /* .sat with .add */
        "vset4.u32.u32.lt.sat %r1, %r2, %r3, %r4;",      /* vset has no .sat */
        "vadd4.u32.u32.u32 %r1.b3210, %r2.b32, %r3, %r4;", /* a byte selector of two lanes */
        "vadd4.u32.u32.u32 %r1.b01, %r2, %r3, %r4;",     /* a mask not high to low */
        "vadd4.u32.u32.u32 %r1, %r2, %r3;",              /* three operands */
        "vadd2.u32.u32.u32 %r1.h2, %r2, %r3, %r4;",      /* no lane 2 */
        "vadd4.u32.u32.u32 %r1, 5, %r3, %r4;",           /* a constant */
        "vadd4.u32.u32.u32 %r1, %r2, %r3, 7;",
        "vadd4.u32.u32 %r1, %r2, %r3, %r4;",             /* two types */
        "vadd4.b32.u32.u32 %r1, %r2, %r3, %r4;",
        "vset4.u32.u32.lo %r1, %r2, %r3, %r4;",
        "vadd4.u32.u32.u32 %r1, %r2.h10, %r3, %r4;",     /* a half-word selector on a byte form */
        "vadd4.u32.u32.u32 %r1, %r2, %r3, %r4.b3210;",   /* c takes no selector */
        "vadd4.u32.u32.u32.max %r1, %r2, %r3, %r4;",     /* a scalar video secondary operation */
        "vset4.u32.u32.u32.lt %r1, %r2, %r3, %r4;",
        "vadd4.u32.u32.u32 %r1, %r2.b8210, %r3, %r4;",   /* no byte 8 */
        "vadd4.u32.u32.u32 %rd1, %r2, %r3, %r4;",        /* a 64-bit destination */
        "add.u32 %r1, %r2.b0, %r3;",                     /* a selector on another instruction */
    };
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
        wt_module m;
        wt_status st = load1(malformed[i], &m);
        if (st != WT_ERROR_PTX_PARSE)
            fail_msg("%s: status %d (%s), expected a parse error", malformed[i], (int)st,
                     st ? wt_last_error_message() : "loaded");
        if (!strstr(wt_last_error_message(), "v.ptx:8:"))
            fail_msg("%s: the message does not name the line: %s", malformed[i], wt_last_error_message());
    }
    static const char *const scalar[] = {"vadd.u32.u32.u32 %r1, %r2, %r3;", "vabsdiff.s32.s32.s32.add %r1, %r2, %r3, %r4;",
                                         "vmad.u32.u32.u32 %r1, %r2, %r3, %r4;", "vshl.u32.u32.u32.clamp %r1, %r2, %r3;"};
    for (size_t i = 0; i < sizeof scalar / sizeof scalar[0]; i++) {
        wt_module m;
        assert_int_equal(load1(scalar[i], &m), WT_ERROR_PTX_UNSUPPORTED);
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(scalar[i], " "), scalar[i]);
        if (!strstr(wt_last_error_message(), name))
            fail_msg("%s: the message does not name it: %s", scalar[i], wt_last_error_message());
    }
}

/* ptxas takes every form run here (all of them in one kernel). */
static void ptxas_agrees(void **state)
{
    (void)state;
    if (!WT_PTXAS[0] || access(WT_PTXAS, X_OK) != 0) {
        print_message("ptxas not installed: skipped\n");
        skip();
    }
    vc_form *forms = calloc(MAX_FORMS, sizeof *forms);
    assert_non_null(forms);
    const size_t nf = vc_forms(forms, MAX_FORMS, 7);
    char dir[] = "/tmp/wt_video_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[768];
    snprintf(path, sizeof path, "%s/all.ptx", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n"
               "\t.reg .b32 %%a, %%b, %%c, %%d;\n\t.reg .b64 %%o;\n\tld.param.u64 %%o, [out];\n"
               "\tmov.u32 %%a, %%tid.x;\n\tmov.u32 %%b, %%ctaid.x;\n\tmov.u32 %%c, %%ntid.x;\n");
    for (size_t i = 0; i < nf; i++) {
        char insn[128];
        vc_insn(&forms[i], insn, sizeof insn);
        fprintf(f, "\t%s\n\tst.global.u32 [%%o+%u], %%d;\n", insn, (unsigned)(4 * (i % 64)));
    }
    fprintf(f, "\tret;\n}\n");
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' -arch sm_90 '%s' -o '%s/all.cubin' 2>&1", WT_PTXAS, path, dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[512];
    int lines = 0;
    while (fgets(line, sizeof line, p))
        if (lines++ < 5)
            print_message("ptxas: %s", line);
    const int rc = pclose(p);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(forms);
    assert_int_equal(rc, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(by_hand),
        cmocka_unit_test(all_forms),
        cmocka_unit_test(refused),
        cmocka_unit_test(ptxas_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
