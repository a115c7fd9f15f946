/* test_ptx_operand_size.c -- data registers wider (or narrower) than the instruction type (PTX ISA
 * 6.4.2): every ld/ldu/st/cvt form of operand_size_cases.h against its C model, suld/sust with wider
 * registers, the forms ptxas refuses refused too, and (when ptxas is installed) ptxas agreeing with
 * the table on which forms are PTX
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <unistd.h>

#include "operand_size_cases.h"
#include "ptx_test_util.h"

#ifndef WT_PTXAS
#define WT_PTXAS ""
#endif

/* ---- the forms ---- */
#define MAX_FORMS 4096
static os_form forms[MAX_FORMS];
static int nforms;

static void add(os_form f)
{
    assert_true(nforms < MAX_FORMS);
    forms[nforms++] = f;
}

/* the destination registers tried: every width and kind, each where the rules allow it */
static const int dregs[] = {OS_B16, OS_B32, OS_B64, OS_U32, OS_S64, OS_U16, OS_F16, OS_F32, OS_F64};
/* the source registers tried: the type's own width (a bit register) and the widest one */
static void sregs_for(int t, int out[2], int *n)
{
    int b = os_bits(t) < 16 ? 16 : os_bits(t);
    *n = 0;
    out[(*n)++] = os_isfloat(t) ? t : b == 16 ? OS_B16 : b == 32 ? OS_B32 : OS_B64;
    if (b < 64)
        out[(*n)++] = OS_B64;
}

static void enumerate(void)
{
    nforms = 0;
    static const int ints[] = {OS_U8, OS_U16, OS_U32, OS_U64, OS_S8, OS_S16, OS_S32, OS_S64};
    static const int flts[] = {OS_F16, OS_F32, OS_F64};
    for (size_t i = 0; i < sizeof dregs / sizeof dregs[0]; i++) {
        int r = dregs[i];
        int sr[2], ns;
        /* integer to integer, with and without .sat (which ptxas takes only where the source's
         * range exceeds the destination's) */
        for (int d = 0; d < 8; d++)
            for (int s = 0; s < 8; s++)
                for (int sat = 0; sat < 2; sat++) {
                    int sb = os_bits(ints[s]), db = os_bits(ints[d]);
                    int contains = os_issigned(ints[s]) ? os_issigned(ints[d]) && db >= sb
                                                        : os_issigned(ints[d]) ? db > sb : db >= sb;
                    if (sat && contains)
                        continue;
                    sregs_for(ints[s], sr, &ns);
                    for (int k = 0; k < ns; k++)
                        if (os_reg_ok(r, ints[d]))
                            add((os_form){OS_CVT, ints[d], ints[s], OS_RNONE, sat, r, sr[k], 0});
                }
        /* float to integer, every integer rounding */
        for (int d = 0; d < 8; d++)
            for (int s = 0; s < 3; s++)
                for (int rnd = OS_RNI; rnd <= OS_RPI; rnd++) {
                    sregs_for(flts[s], sr, &ns);
                    for (int k = 0; k < ns; k++)
                        if (os_reg_ok(r, ints[d]))
                            add((os_form){OS_CVT, ints[d], flts[s], rnd, 0, r, sr[k], 0});
                }
        /* integer (up to 32 bits) to float; float to float */
        for (int d = 0; d < 3; d++) {
            for (int s = 0; s < 8; s++) {
                sregs_for(ints[s], sr, &ns);
                for (int k = 0; k < ns; k++)
                    if (os_bits(ints[s]) <= 32 && os_reg_ok(r, flts[d]))
                        add((os_form){OS_CVT, flts[d], ints[s], OS_RN, 0, r, sr[k], 0});
            }
            for (int s = 0; s < 3; s++) {
                if (s == d)
                    continue;
                sregs_for(flts[s], sr, &ns);
                for (int k = 0; k < ns; k++)
                    if (os_reg_ok(r, flts[d])) /* narrowing needs a rounding, widening takes none */
                        add((os_form){OS_CVT, flts[d], flts[s], s > d ? OS_RN : OS_RNONE, 0, r, sr[k], 0});
            }
        }
        /* loads of every type (PTX has no ld.f16: .b16 loads halves) in every space */
        for (int t = 0; t < OS_NTYPES; t++)
            for (int sp = OS_GLOBAL; sp <= OS_PARAM; sp++)
                if (t != OS_F16 && os_reg_ok(r, t))
                    add((os_form){OS_LD, t, 0, 0, 0, r, 0, sp});
        /* stores from every register that may supply the type */
        for (int t = 0; t < OS_NTYPES; t++)
            if (t != OS_F16 && os_reg_ok(r, t))
                add((os_form){OS_ST, t, 0, 0, 0, r, 0, 0});
    }
}

static void inputs_for(const os_form *f, uint64_t in[OS_NIN])
{
    if (f->op != OS_CVT)
        os_int_inputs(in);
    else if (os_isfloat(f->t) && os_isfloat(f->st))
        os_exact_inputs(f->st, in);
    else if (os_isfloat(f->st))
        os_float_inputs(f->st, in);
    else
        os_int_inputs(in);
}

/* ---- running a form ---- */
static uint64_t in_buf[OS_NIN], out_buf[OS_NIN];

/* Runs form f; returns the number of lanes that differ from the model (each reported). */
static int run_form(const os_form *f)
{
    char text[2048], insn[96];
    assert_true(os_ptx(f, text, sizeof text) > 0);
    os_insn(f, "%d", "%s", insn, sizeof insn);
    wt_module m;
    if (wt_module_load_ptx(&m, text, strlen(text), "form.ptx") != WT_SUCCESS) {
        print_message("%s (register .%s, source .%s): refused: %s\n", insn, os_tname[f->reg],
                      f->op == OS_CVT ? os_tname[f->sreg] : "-", wt_last_error_message());
        return 1;
    }
    inputs_for(f, in_buf);
    assert_int_equal(wt_module_register_memory(m, in_buf, sizeof in_buf, 0), WT_SUCCESS);
    assert_int_equal(wt_module_register_memory(m, out_buf, sizeof out_buf, 1), WT_SUCCESS);
    wt_function fn;
    assert_int_equal(wt_module_get_function(&fn, m, "k"), WT_SUCCESS);
    uint64_t *pin = in_buf, *pout = out_buf, pv = 0;
    void *p[3] = {&pin, &pout, &pv};
    int bad = 0;
    /* ld.param reads the parameter: one launch per input, every lane the same */
    int launches = f->op == OS_LD && f->space == OS_PARAM ? OS_NIN : 1;
    for (int li = 0; li < launches && bad < 4; li++) {
        for (int i = 0; i < OS_NIN; i++)
            out_buf[i] = OS_FILL;
        pv = in_buf[li];
        assert_int_equal(wt_launch_kernel(fn, (wt_dim3){1, 1, 1}, (wt_dim3){OS_NIN, 1, 1}, 0, p), WT_SUCCESS);
        for (int i = 0; i < OS_NIN; i++) {
            uint64_t x = launches > 1 ? pv : in_buf[i];
            uint64_t e = os_model(f, x);
            if (out_buf[i] != e && bad++ < 4)
                print_message("%s (register .%s, source .%s) input 0x%016llx: warptex 0x%016llx, model 0x%016llx\n",
                              insn, os_tname[f->reg], f->op == OS_CVT ? os_tname[f->sreg] : "-",
                              (unsigned long long)x, (unsigned long long)out_buf[i], (unsigned long long)e);
        }
    }
    wt_module_unload(m);
    return bad;
}

static void all_forms(void **state)
{
    (void)state;
    enumerate();
    int bad = 0, nbad = 0, counts[3] = {0, 0, 0};
    for (int i = 0; i < nforms; i++) {
        int b = run_form(&forms[i]);
        bad += b;
        nbad += b != 0;
        counts[forms[i].op]++;
    }
    print_message("%d forms (%d cvt, %d ld, %d st), %d wrong\n", nforms, counts[OS_CVT], counts[OS_LD], counts[OS_ST],
                  nbad);
    assert_true(nforms > 1000);
    assert_int_equal(bad, 0);
}

/* The cases of the defect report, spelled out (the table covers them too). */
static void reported_cases(void **state)
{
    (void)state;
    uint64_t f200, e;
    float m200 = -200.0f;
    uint32_t u;
    memcpy(&u, &m200, 4);
    f200 = u;
    /* cvt.rzi.s8.f32 %r of -200.0: -128 in a 32-bit register */
    os_form a = {OS_CVT, OS_S8, OS_F32, OS_RZI, 0, OS_B32, OS_F32, 0};
    e = os_model(&a, f200);
    assert_int_equal(e & 0xffffffffu, 0xffffff80u);
    /* cvt.s16.s32 of -200: -200, not 65336 */
    os_form b = {OS_CVT, OS_S16, OS_S32, OS_RNONE, 0, OS_B32, OS_B32, 0};
    assert_int_equal(os_model(&b, 0xffffff38u) & 0xffffffffu, 0xffffff38u);
    /* cvt.rni.s32.f32 %rd: the high word is the sign */
    os_form c = {OS_CVT, OS_S32, OS_F32, OS_RNI, 0, OS_B64, OS_F32, 0};
    assert_int_equal(os_model(&c, f200), 0xffffffffffffff38ull);
    assert_int_equal(run_form(&a) + run_form(&b) + run_form(&c), 0);
    /* cvt.s8.s32 %rs then mul.wide.s16: -48 * 15 = -720 (the report's 720 came from 208 * 15 - ...) */
    static const char src[] =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 out)\n{\n\t.reg .b16 %rs<3>;\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<2>;\n"
        "\tld.param.u64 %rd1, [out];\n\tmov.u32 %r1, 208;\n\tcvt.s8.s32 %rs1, %r1;\n\tmov.u16 %rs2, 15;\n"
        "\tmul.wide.s16 %r2, %rs1, %rs2;\n\tst.global.u32 [%rd1], %r2;\n\tret;\n}\n";
    wt_module m;
    assert_int_equal(wt_module_load_ptx(&m, src, strlen(src), "wide.ptx"), WT_SUCCESS);
    int32_t out = 0;
    int32_t *po = &out;
    assert_int_equal(wt_module_register_memory(m, &out, 4, 1), WT_SUCCESS);
    void *p[1] = {&po};
    pt_launch(m, "k", (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, p);
    assert_int_equal(out, -48 * 15);
    wt_module_unload(m);
}

/* suld.b / sust.b with registers wider than .bN: zero-extended results, truncated sources */
static void surfaces(void **state)
{
    (void)state;
    static const char src[] =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 s, .param .u64 out)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<8>;\n"
        "\t.reg .f32 %f<2>;\n"
        "\tld.param.u64 %rd1, [s];\n\tld.param.u64 %rd2, [out];\n\tmov.u32 %r1, 0;\n\tmov.u32 %r2, 4;\n"
        "\tsuld.b.1d.b32.trap {%rd3}, [%rd1, {%r1}];\n"   /* 0x80402010 into 64 bits: zero-extended */
        "\tsuld.b.1d.b8.trap {%rd4}, [%rd1, {%r1}];\n"    /* 0x10 */
        "\tsuld.b.1d.b16.trap {%f1}, [%rd1, {%r1}];\n"   /* 0x2010 in a .f32 register */
        "\tmov.b32 %r3, %f1;\n"
        "\tmov.u64 %rd5, 0x1122334455667788;\n"
        "\tsust.b.1d.b32.trap [%rd1, {%r2}], {%rd5};\n"  /* stores 0x55667788 */
        "\tst.global.u64 [%rd2], %rd3;\n\tst.global.u64 [%rd2+8], %rd4;\n\tst.global.u32 [%rd2+16], %r3;\n\tret;\n}\n";
    wt_module m;
    if (wt_module_load_ptx(&m, src, strlen(src), "surf.ptx") != WT_SUCCESS)
        fail_msg("%s", wt_last_error_message());
    wt_channel_desc cd = wt_make_channel_desc(32, 0, 0, 0, WT_CHANNEL_UNSIGNED);
    wt_array a;
    assert_int_equal(wt_malloc_array(&a, &cd, 4, 0, 0, WT_ARRAY_SURFACE_LOAD_STORE), WT_SUCCESS);
    uint32_t init[4] = {0x80402010u, 0, 0, 0};
    assert_int_equal(wt_memcpy_to_array(a, 0, 0, 0, init, sizeof init, 4, 1, 1), WT_SUCCESS);
    wt_surf s = pt_surf(a);
    uint64_t out[3] = {~0ull, ~0ull, ~0ull};
    uint64_t *po = out;
    assert_int_equal(wt_module_register_memory(m, out, sizeof out, 1), WT_SUCCESS);
    void *p[2] = {&s, &po};
    pt_launch(m, "k", (wt_dim3){1, 1, 1}, (wt_dim3){1, 1, 1}, p);
    assert_int_equal(out[0], 0x80402010u);
    assert_int_equal(out[1], 0x10u);
    assert_int_equal(out[2] & 0xffffffffu, 0x2010u);
    uint32_t back[4];
    assert_int_equal(wt_memcpy_from_array(back, sizeof back, a, 0, 0, 0, 4, 1, 1), WT_SUCCESS);
    assert_int_equal(back[1], 0x55667788u);
    wt_module_unload(m);
    wt_destroy_surface_object(s);
    wt_free_array(a);
}

/* ---- forms that are not PTX ---- */
#define DECLS                                                                                                  \
    "\t.reg .pred %p;\n\t.reg .b16 %rs;\n\t.reg .b32 %r;\n\t.reg .b64 %rd;\n\t.reg .f32 %f;\n\t.reg .f64 %fd;\n" \
    "\t.reg .s32 %s;\n\t.reg .u64 %u;\n\t.reg .f16 %h;\n"
static const char *const refused[] = {
    /* only ld, ldu, st, cvt (and suld/sust) relax the register size */
    "mov.s16 %r, %rs;", "mov.u32 %rd, %r;", "mov.u32 %r, %rd;", "cvta.to.global.u64 %rd, %r;",
    "add.s16 %r, %rs, %rs;", "selp.s16 %r, %rs, %rs, %p;", "and.b16 %r, %rs, %rs;", "abs.s16 %r, %rs;",
    "atom.global.add.u32 %rd, [%rd], %r;", "atom.global.exch.b32 %rd, [%rd], %r;", "red.global.add.u32 [%rd], %rd;",
    "shfl.sync.idx.b32 %rd, %r, 0, 31, -1;", "vote.sync.ballot.b32 %rd, %p, -1;", "activemask.b32 %rd;",
    /* ... and even they keep the register kinds apart */
    "ld.global.s8 %f, [%rd];", "ld.global.u32 %f, [%rd];", "ld.global.f32 %fd, [%rd];", "ld.global.f32 %s, [%rd];",
    "ld.global.s8 %h, [%rd];", "ld.global.u64 %fd, [%rd];", "st.global.f32 [%rd], %fd;", "st.global.s32 [%rd], %fd;",
    "st.global.u8 [%rd], %f;", "st.global.f64 [%rd], %u;", "cvt.u32.u16 %r, %f;", "cvt.rn.f32.u32 %f, %rs;",
    "cvt.rzi.s32.f32 %fd, %f;", "cvt.rn.f16.f32 %f, %f;", "cvt.rn.f16.f32 %s, %f;", "cvt.f32.f16 %f, %f;",
    "cvt.f64.f32 %fd, %fd;", "cvt.rzi.u32.f16 %r, %s;", "cvt.s32.s8 %r, %f;",
    /* narrower than the type */
    "ld.global.u32 %rs, [%rd];", "st.global.u32 [%rd], %rs;", "cvt.u32.u64 %r, %r;", "cvt.u64.u32 %r, %r;"};

/* a kernel of DECLS and the one instruction insn, on line 15 */
static void one_insn_module(const char *insn, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s\t%s\n\tret;\n}\n", ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k()\n{\n",
             DECLS, insn);
}

static void refused_forms(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char text[1024];
        one_insn_module(refused[i], text, sizeof text);
        wt_module m = NULL;
        wt_status st = wt_module_load_ptx(&m, text, strlen(text), "bad.ptx");
        if (st != WT_ERROR_PTX_PARSE)
            fail_msg("%s: status %d (%s), expected a parse error", refused[i], (int)st,
                     st ? wt_last_error_message() : "loaded");
        assert_non_null(strstr(wt_last_error_message(), "bad.ptx:15"));
    }
}

/* ---- ptxas agrees (when installed) ---- */
/* quiet: ptxas's messages dropped (forms expected refused) */
static int ptxas_ok(const char *ptxas, const char *text, int quiet)
{
    char dir[] = "/tmp/wt_operand_size_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/k.ptx", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' -O0 -arch=sm_75 '%s' -o /dev/null%s", ptxas, path, quiet ? " 2>/dev/null" : "");
    int rc = system(cmd);
    unlink(path);
    rmdir(dir);
    return rc == 0;
}

static void ptxas_agrees(void **state)
{
    (void)state;
    const char *ptxas = getenv("WT_PTXAS") ? getenv("WT_PTXAS") : WT_PTXAS;
    if (!*ptxas || access(ptxas, X_OK) != 0) {
        print_message("SKIP: ptxas is not installed (looked for '%s')\n", ptxas);
        skip();
    }
    /* every form of the table, as one kernel: registers %d_T and %s_T of each type T */
    enumerate();
    size_t cap = (size_t)nforms * 96 + 4096, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text + n, cap - n,
                          ".version 7.0\n.target sm_75\n.address_size 64\n"
                          ".visible .entry k(.param .u64 in, .param .u64 out, .param .b64 pv)\n{\n"
                          "\t.reg .b64 %%ia, %%oa, %%sa;\n\t.shared .align 8 .b8 sh[256];\n\t.local .align 8 .b8 lc[8];\n"
                          "\tld.param.u64 %%ia, [in];\n\tld.param.u64 %%oa, [out];\n\tmov.u64 %%sa, sh;\n");
    for (int t = OS_B16; t < OS_NTYPES; t++)
        if (t != OS_U8 && t != OS_S8)
            n += (size_t)snprintf(text + n, cap - n, "\t.reg .%s %%d_%s, %%s_%s;\n", os_tname[t], os_tname[t], os_tname[t]);
    for (int i = 0; i < nforms; i++) {
        const os_form *f = &forms[i];
        char d[16], s[16];
        snprintf(d, sizeof d, "%%d_%s", os_tname[f->reg]);
        snprintf(s, sizeof s, "%%s_%s", os_tname[f->op == OS_ST ? f->reg : f->sreg]);
        text[n++] = '\t';
        os_insn(f, d, s, text + n, cap - n);
        n += strlen(text + n);
        text[n++] = '\n';
    }
    n += (size_t)snprintf(text + n, cap - n, "\tret;\n}\n");
    assert_true(n < cap);
    int ok = ptxas_ok(ptxas, text, 0);
    free(text);
    if (!ok)
        fail_msg("ptxas refused forms of the table (its messages above name their lines)");
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char one[1024];
        one_insn_module(refused[i], one, sizeof one);
        if (ptxas_ok(ptxas, one, 1))
            fail_msg("ptxas accepts '%s', which the test expects refused", refused[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reported_cases),
        cmocka_unit_test(all_forms),
        cmocka_unit_test(surfaces),
        cmocka_unit_test(refused_forms),
        cmocka_unit_test(ptxas_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
