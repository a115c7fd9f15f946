/* test_ptx_modifiers.c -- the opcode table's mods column (src/ptx/ptx_ops.def) decides which
 * modifiers each instruction takes: every modifier of a class (or a flag) outside an instruction's
 * row is refused at load naming both, and every class and flag of every row is taken by a form
 * that ptxas, when installed, accepts too
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, popen */
#include <unistd.h>

#include "ptx_test_util.h"

#include "ptx/ptx_internal.h"

#ifndef WT_PTXAS
#define WT_PTXAS ""
#endif

#define HEAD ".version 9.0\n.target sm_100a\n.address_size 64\n"
#define DECLS                                                                                                 \
    "\t.reg .b32 %r<9>;\n\t.reg .b16 %h<9>;\n\t.reg .f32 %f<9>;\n\t.reg .f64 %fd<9>;\n\t.reg .pred %p<9>;\n" \
    "\t.reg .b64 %rd<9>;\nT: .branchtargets L1;\nL1:\n"

/* ptx_mods.def again, here: a spelling's class, and for a flag its bit, as the mods column has them */
static const struct {
    const char *s;
    int kind;
    uint32_t value;
} mods[] = {
#define M(sp, kind, value) {#sp, PX_MK_##kind, (uint32_t)(value)},
#include "ptx/ptx_mods.def"
#undef M
};
#define NMODS (sizeof mods / sizeof mods[0])

static uint64_t mod_bit(size_t i)
{
    return mods[i].kind == PX_MK_FLAG ? (uint64_t)mods[i].value << 32 : (uint64_t)1 << mods[i].kind;
}

static wt_status load_body(const char *body)
{
    char text[1024];
    snprintf(text, sizeof text, "%s\t%s\n\tret;\n}\n", HEAD ".func f()\n{\n\tret;\n}\n.visible .entry k()\n{\n" DECLS, body);
    wt_module m = NULL;
    wt_status st = wt_module_load_ptx(&m, text, strlen(text), "mods.ptx");
    if (st == WT_SUCCESS)
        wt_module_unload(m);
    return st;
}

/* Each row: every modifier outside it (one spelling per class, every flag) is malformed PTX, the
 * message naming the instruction and the modifier, at the modifier. */
static void outside_the_row_refused(void **state)
{
    (void)state;
    int checked = 0;
    for (int op = 0; op < PX_OP_COUNT; op++) {
        uint64_t done = 0;
        for (size_t i = 0; i < NMODS; i++) {
            uint64_t bit = mod_bit(i);
            if ((wt__ptx_ops[op].mods & bit) || (done & bit))
                continue;
            done |= bit;
            char body[128], want[128];
            snprintf(body, sizeof body, "%s.%s %%r1;", wt__ptx_ops[op].name, mods[i].s);
            snprintf(want, sizeof want, "%s does not take .%s near '.%s'", wt__ptx_ops[op].name, mods[i].s, mods[i].s);
            wt_status st = load_body(body);
            const char *msg = st ? wt_last_error_message() : "loaded";
            if (st != WT_ERROR_PTX_PARSE || !strstr(msg, want))
                fail_msg("%s: status %s, message '%s' (expected '%s')", body, wt_status_string(st), msg, want);
            checked++;
        }
    }
    assert_true(checked > 1000);
}

/* Every class and flag of every row, in forms ptxas takes; unsupported: PTX warptex refuses later,
 * as not run (never as a modifier the instruction does not take). */
typedef struct form {
    const char *text;
    int unsupported;
} form;
static const form forms[] = {
    {"mov.u32 %r1, %r2;", 0},
    {"cvt.rn.ftz.sat.f32.f64 %f1, %fd1;", 0},
    {"cvt.rzi.s32.f32 %r1, %f1;", 0},
    {"cvt.rn.relu.satfinite.f16x2.f32 %r1, %f1, %f2;", 0},
    {"cvta.to.global.u64 %rd1, %rd2;", 0},
    {"add.rn.ftz.sat.f32 %f1, %f2, %f3;", 0},
    {"add.cc.u32 %r1, %r2, %r3;", 0},
    {"sub.rz.ftz.sat.f32 %f1, %f2, %f3;", 0},
    {"sub.cc.u32 %r1, %r2, %r3;", 0},
    {"mul.rn.ftz.sat.f32 %f1, %f2, %f3;", 0},
    {"mul.hi.u32 %r1, %r2, %r3;", 0},
    {"mul.wide.u32 %rd1, %r2, %r3;", 0},
    {"mad.rn.ftz.sat.f32 %f1, %f2, %f3, %f4;", 0},
    {"mad.lo.cc.u32 %r1, %r2, %r3, %r4;", 0},
    {"mad.wide.s32 %rd1, %r2, %r3, %rd2;", 0},
    {"addc.cc.u32 %r1, %r2, %r3;", 0},
    {"subc.cc.u32 %r1, %r2, %r3;", 0},
    {"madc.hi.cc.u32 %r1, %r2, %r3, %r4;", 0},
    {"mul24.lo.s32 %r1, %r2, %r3;", 0},
    {"mad24.hi.sat.s32 %r1, %r2, %r3, %r4;", 0},
    {"fma.rn.ftz.sat.f32 %f1, %f2, %f3, %f4;", 0},
    {"fma.rn.relu.f16 %h1, %h2, %h3, %h4;", 0},
    {"div.rn.ftz.f32 %f1, %f2, %f3;", 0},
    {"div.approx.f32 %f1, %f2, %f3;", 0},
    {"div.full.ftz.f32 %f1, %f2, %f3;", 0},
    {"rem.s32 %r1, %r2, %r3;", 0},
    {"abs.ftz.f32 %f1, %f2;", 0},
    {"neg.ftz.f32 %f1, %f2;", 0},
    {"min.ftz.NaN.xorsign.abs.f16 %h1, %h2, %h3;", 0},
    {"min.relu.s32 %r1, %r2, %r3;", 1},
    {"max.ftz.NaN.xorsign.abs.f16 %h1, %h2, %h3;", 0},
    {"max.relu.s32 %r1, %r2, %r3;", 1},
    {"rcp.rn.ftz.f32 %f1, %f2;", 0},
    {"rcp.approx.ftz.f64 %fd1, %fd2;", 0},
    {"sqrt.rn.ftz.f32 %f1, %f2;", 0},
    {"sqrt.approx.ftz.f32 %f1, %f2;", 0},
    {"rsqrt.approx.ftz.f32 %f1, %f2;", 0},
    {"sin.approx.ftz.f32 %f1, %f2;", 0},
    {"cos.approx.ftz.f32 %f1, %f2;", 0},
    {"lg2.approx.ftz.f32 %f1, %f2;", 0},
    {"ex2.approx.ftz.f32 %f1, %f2;", 0},
    {"tanh.approx.f32 %f1, %f2;", 0},
    {"copysign.f32 %f1, %f2, %f3;", 0},
    {"testp.finite.f32 %p1, %f1;", 0},
    {"and.b32 %r1, %r2, %r3;", 0},
    {"or.b32 %r1, %r2, %r3;", 0},
    {"xor.b32 %r1, %r2, %r3;", 0},
    {"not.b32 %r1, %r2;", 0},
    {"cnot.b32 %r1, %r2;", 0},
    {"shl.b32 %r1, %r2, 3;", 0},
    {"shr.u32 %r1, %r2, 3;", 0},
    {"popc.b32 %r1, %r2;", 0},
    {"clz.b32 %r1, %r2;", 0},
    {"brev.b32 %r1, %r2;", 0},
    {"bfind.shiftamt.u32 %r1, %r2;", 0},
    {"fns.b32 %r1, %r2, %r3, 1;", 0},
    {"szext.clamp.s32 %r1, %r2, %r3;", 0},
    {"szext.wrap.u32 %r1, %r2, %r3;", 0},
    {"bmsk.clamp.b32 %r1, %r2, %r3;", 0},
    {"bmsk.wrap.b32 %r1, %r2, %r3;", 0},
    {"bfe.u32 %r1, %r2, 1, 2;", 0},
    {"bfi.b32 %r1, %r2, %r3, 1, 2;", 0},
    {"prmt.b32.f4e %r1, %r2, %r3, %r4;", 0},
    {"lop3.b32 %r1, %r2, %r3, %r4, 0xf0;", 0},
    {"lop3.or.b32 %r1|%p1, %r2, %r3, %r4, 0xf0, %p2;", 1},
    {"shf.l.wrap.b32 %r1, %r2, %r3, %r4;", 0},
    {"shf.r.clamp.b32 %r1, %r2, %r3, %r4;", 0},
    {"setp.lt.and.ftz.f32 %p1, %f1, %f2, %p2;", 0},
    {"setp.lo.u32 %p1, %r1, %r2;", 0},
    {"set.gt.or.ftz.u32.f32 %r1, %f1, %f2, %p1;", 0},
    {"set.hi.u32.u32 %r1, %r2, %r3;", 0},
    {"selp.b32 %r1, %r2, %r3, %p1;", 0},
    {"slct.ftz.f32.f32 %f1, %f2, %f3, %f4;", 0},
    {"dp4a.u32.s32 %r1, %r2, %r3, %r4;", 0},
    {"dp2a.lo.s32.u32 %r1, %r2, %r3, %r4;", 0},
    {"vadd4.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vadd4.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vsub4.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vsub4.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vavrg4.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vavrg4.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vabsdiff4.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vabsdiff4.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vmin4.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vmin4.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vmax4.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vmax4.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vset4.u32.u32.lt.add %r1, %r2, %r3, %r4;", 0},
    {"vadd2.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vadd2.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vsub2.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vsub2.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vavrg2.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vavrg2.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vabsdiff2.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vabsdiff2.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vmin2.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vmin2.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vmax2.u32.u32.u32.sat %r1, %r2, %r3, %r4;", 0},
    {"vmax2.s32.s32.s32.add %r1, %r2, %r3, %r4;", 0},
    {"vset2.s32.u32.ge.add %r1, %r2, %r3, %r4;", 0},
    {"ld.global.nc.L1::evict_last.v2.u32 {%r1, %r2}, [%rd1];", 0},
    {"ld.relaxed.gpu.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;", 0},
    {"ldu.global.v2.u32 {%r1, %r2}, [%rd1];", 0},
    {"st.global.wb.v2.u32 [%rd1], {%r1, %r2};", 0},
    {"st.release.gpu.global.L2::cache_hint.u32 [%rd1], %r1, %rd2;", 0},
    {"atom.relaxed.gpu.global.add.L2::cache_hint.u32 %r1, [%rd1], %r2, %rd2;", 0},
    {"atom.global.and.b32 %r1, [%rd1], %r2;", 0},
    {"atom.global.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4};", 1},
    {"red.relaxed.gpu.global.and.L2::cache_hint.b32 [%rd1], %r2, %rd2;", 0},
    {"red.global.add.u32 [%rd1], %r2;", 0},
    {"red.global.v2.f32.add [%rd1], {%f3, %f4};", 1},
    {"prefetch.global.L2::evict_last [%rd1];", 0},
    {"prefetchu.L1 [%rd1];", 0},
    {"createpolicy.range.global.L2::evict_last.b64 %rd1, [%rd2], 64, 128;", 0},
    {"createpolicy.fractional.L2::evict_first.b64 %rd1, 0.5;", 0},
    {"bra.uni L1;", 0},
    {"brx.idx.uni %r1, T;", 0},
    {"call.uni f, ();", 0},
    {"ret.uni;", 0},
    {"exit;", 0},
    {"trap;", 0},
    {"bar.cta.sync 0;", 0},
    {"bar.red.popc.u32 %r1, 0, %p1;", 0},
    {"bar.red.and.pred %p1, 0, %p2;", 0},
    {"bar.warp.sync -1;", 0},
    {"bar.arrive 0, 32;", 1},
    {"barrier.cta.sync.aligned 0;", 0},
    {"barrier.red.or.pred %p1, 0, %p2;", 0},
    {"barrier.red.popc.u32 %r1, 0, %p1;", 0},
    {"barrier.arrive 0, 32;", 1},
    {"membar.gl;", 0},
    {"fence.acq_rel.gpu;", 0},
    {"nanosleep.u32 %r1;", 0},
    {"shfl.sync.bfly.b32 %r1, %r2, 1, 31, -1;", 0},
    {"vote.sync.ballot.b32 %r1, %p1, -1;", 0},
    {"vote.sync.uni.pred %p1, %p2, -1;", 1},
    {"activemask.b32 %r1;", 0},
    {"tex.level.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}], %f7;", 0},
    {"tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];", 0},
    {"tld4.b.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];", 0},
    {"txq.level.width.b32 %r1, [%rd1], %r2;", 0},
    {"suq.width.b32 %r1, [%rd1];", 0},
    {"suld.b.2d.ca.v2.b32.clamp {%r1, %r2}, [%rd1, {%r3, %r4}];", 0},
    {"suld.b.2d.b32.trap %r1, [%rd1, {%r3, %r4}];", 0},
    {"sust.b.2d.wb.v2.b32.clamp [%rd1, {%r3, %r4}], {%r1, %r2};", 0},
    {"sust.p.2d.b32.trap [%rd1, {%r3, %r4}], %r1;", 0},
    {"sured.b.add.2d.u32.trap [%rd1, {%r3, %r4}], %r1;", 0},
    {"sured.p.and.2d.b32.clamp [%rd1, {%r3, %r4}], %r1;", 0},
    {"istypep.texref %p1, %rd1;", 0},
};
#define NFORMS (sizeof forms / sizeof forms[0])

static int opcode_of(const char *text, size_t *n)
{
    *n = strcspn(text, ". ;");
    for (int op = 0; op < PX_OP_COUNT; op++)
        if (strlen(wt__ptx_ops[op].name) == *n && !memcmp(wt__ptx_ops[op].name, text, *n))
            return op;
    return -1;
}

/* The classes and flags a form's modifiers (".a.b.c" after the opcode, up to the blank) fall in. */
static uint64_t form_mods(const char *text, size_t at)
{
    uint64_t seen = 0;
    const char *p = text + at, *end = text + strcspn(text, " ;");
    while (p < end && *p == '.') {
        size_t n = strcspn(p + 1, ". ;");
        size_t i = 0;
        while (i < NMODS && !(strlen(mods[i].s) == n && !memcmp(mods[i].s, p + 1, n)))
            i++;
        if (i == NMODS)
            fail_msg("%s: modifier '%.*s' is not in ptx_mods.def", text, (int)n, p + 1);
        seen |= mod_bit(i);
        p += 1 + n;
    }
    return seen;
}

static void every_row_taken(void **state)
{
    (void)state;
    uint64_t covered[PX_OP_COUNT] = {0};
    int has_form[PX_OP_COUNT] = {0};
    for (size_t i = 0; i < NFORMS; i++) {
        size_t n;
        int op = opcode_of(forms[i].text, &n);
        if (op < 0)
            fail_msg("%s: not an opcode of the table", forms[i].text);
        covered[op] |= form_mods(forms[i].text, n);
        has_form[op] = 1;
        wt_status st = load_body(forms[i].text);
        const char *msg = st ? wt_last_error_message() : "";
        if (st != (forms[i].unsupported ? WT_ERROR_PTX_UNSUPPORTED : WT_SUCCESS) || strstr(msg, "does not take"))
            fail_msg("%s: status %s, %s", forms[i].text, wt_status_string(st), st ? msg : "loaded");
    }
    for (int op = 0; op < PX_OP_COUNT; op++) {
        if (!has_form[op])
            fail_msg("%s: no form", wt__ptx_ops[op].name);
        if (covered[op] != wt__ptx_ops[op].mods)
            fail_msg("%s: the forms use modifiers 0x%llx, the row allows 0x%llx", wt__ptx_ops[op].name,
                     (unsigned long long)covered[op], (unsigned long long)wt__ptx_ops[op].mods);
    }
}

/* ptxas takes every form: the rows allow no modifier that PTX does not. */
static void ptxas_takes_every_form(void **state)
{
    (void)state;
    const char *ptxas = getenv("WT_PTXAS") ? getenv("WT_PTXAS") : WT_PTXAS;
    if (!*ptxas || access(ptxas, X_OK) != 0) {
        print_message("SKIP: ptxas is not installed (looked for '%s')\n", ptxas);
        skip();
    }
    char dir[] = "/tmp/wt_modifiers_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/k.ptx", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "%s", HEAD ".func f()\n{\n\tret;\n}\n.visible .entry k()\n{\n" DECLS);
    for (size_t i = 0; i < NFORMS; i++)
        fprintf(f, "\t%s\n", forms[i].text);
    fprintf(f, "\tret;\n}\n");
    fclose(f);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' -arch=sm_100a '%s' -o /dev/null 2>&1", ptxas, path);
    FILE *pp = popen(cmd, "r");
    assert_non_null(pp);
    char line[512];
    int errors = 0;
    while (fgets(line, sizeof line, pp)) {
        print_message("%s", line);
        errors++;
    }
    int rc = pclose(pp);
    unlink(path);
    rmdir(dir);
    assert_int_equal(errors, 0);
    assert_int_equal(rc, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(outside_the_row_refused),
        cmocka_unit_test(every_row_taken),
        cmocka_unit_test(ptxas_takes_every_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
