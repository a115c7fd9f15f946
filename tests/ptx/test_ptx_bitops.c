/* test_ptx_bitops.c -- the PTX bit instructions (bfind, fns, szext, bmsk, and prmt in every mode,
 * lop3, shf, bfe, bfi, brev, clz, popc) over every combination of edge inputs against the C model
 * of tests/ptx/bit_ops_cases.h
 * SPDX-License-Identifier: MIT */
#include "bit_ops_cases.h"
#include "ptx_test_util.h"

static void all_forms(void **state)
{
    (void)state;
    bo_in *in = calloc(BO_NIN, sizeof *in);
    uint32_t *out = calloc(BO_NIN, 4);
    assert_non_null(in);
    assert_non_null(out);
    for (size_t i = 0; i < BO_NIN; i++)
        in[i] = bo_input(i);
    int bad_forms = 0;
    for (size_t fi = 0; fi < BO_NFORMS; fi++) {
        const bo_form *f = &bo_forms[fi];
        char text[2048];
        assert_true(bo_ptx(f, text, sizeof text) > 0);
        wt_module m;
        if (wt_module_load_ptx(&m, text, strlen(text), "bits.ptx") != WT_SUCCESS) {
            print_message("%s: %s\n", f->insn, wt_last_error_message());
            bad_forms++;
            continue;
        }
        assert_int_equal(wt_module_register_memory(m, in, BO_NIN * sizeof *in, 0), WT_SUCCESS);
        assert_int_equal(wt_module_register_memory(m, out, BO_NIN * 4, 1), WT_SUCCESS);
        memset(out, 0x5a, BO_NIN * 4);
        uint32_t n = (uint32_t)BO_NIN;
        void *p[3] = {&in, &out, &n};
        pt_launch(m, "k", (wt_dim3){(n + 63) / 64, 1, 1}, (wt_dim3){64, 1, 1}, p);
        int bad = 0;
        for (size_t i = 0; i < BO_NIN; i++) {
            uint32_t e = bo_model(f, &in[i]);
            if (out[i] != e && bad++ < 3)
                print_message("%s a=0x%llx b=0x%x c=0x%x: warptex 0x%08x, model 0x%08x\n", f->insn,
                              (unsigned long long)in[i].a, in[i].b, in[i].c, out[i], e);
        }
        bad_forms += bad != 0;
        wt_module_unload(m);
    }
    print_message("%d forms x %d inputs, %d forms wrong\n", (int)BO_NFORMS, (int)BO_NIN, bad_forms);
    free(in);
    free(out);
    assert_int_equal(bad_forms, 0);
}

/* The ISA's own examples. */
static void isa_examples(void **state)
{
    (void)state;
    bo_in x = {0xaaaaaaaau, 3, 1, 0};
    const bo_form *fns = &bo_forms[8], *bmsk = &bo_forms[13];
    assert_int_equal(bo_model(fns, &x), 3);
    x.c = (uint32_t)-1;
    assert_int_equal(bo_model(fns, &x), 3);
    x.b = 2, x.c = 1;
    assert_int_equal(bo_model(fns, &x), 3);
    x.c = (uint32_t)-1;
    assert_int_equal(bo_model(fns, &x), 1);
    bo_in y = {0, 1, 2, 0}; /* bmsk.wrap.b32 d, 1, 2 */
    assert_int_equal(bo_model(bmsk, &y), 6);
    bo_in z = {0xffffffffu, 0, 0, 0}; /* szext.wrap.u32 d, 0xffffffff, 0 */
    assert_int_equal(bo_model(&bo_forms[9], &z), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(isa_examples),
        cmocka_unit_test(all_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
