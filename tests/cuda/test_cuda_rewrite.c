/* test_cuda_rewrite.c -- warptex-cxx's <<< >>> and extern __shared__ rewriter on tricky sources
 * SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cuda_rewrite.h"

static void expect_rewrite(const char *src, const char *want)
{
    char err[256] = "";
    size_t len = 0;
    char *out = wt_cuda_rewrite(src, strlen(src), &len, err, sizeof err);
    if (!out)
        fail_msg("rewrite of <%s> failed: %s", src, err);
    if (strcmp(out, want) != 0)
        fail_msg("rewrite of\n  <%s>\ngave\n  <%s>\nwanted\n  <%s>", src, out, want);
    assert_int_equal(len, strlen(want));
    free(out);
}

static void expect_error(const char *src, const char *needle)
{
    char err[256] = "";
    char *out = wt_cuda_rewrite(src, strlen(src), NULL, err, sizeof err);
    if (out)
        fail_msg("rewrite of <%s> should fail, gave <%s>", src, out);
    if (!strstr(err, needle))
        fail_msg("message <%s> lacks <%s>", err, needle);
}

static void test_plain_launch(void **state)
{
    (void)state;
    expect_rewrite("k<<<g, b>>>(x, y);", "wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(g, b), x, y);");
    expect_rewrite("k<<<1,1>>>();", "wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(1,1));");
    expect_rewrite("k <<< g , b , 0 , s >>> ( a );", "wt_cuda_launch(WT_CUDA_KERNEL(k ), wt_cuda_config( g , b , 0 , s ) ,  a );");
}

static void test_templates_and_scopes(void **state)
{
    (void)state;
    expect_rewrite("k<float, 4><<<g, b>>>(p);", "wt_cuda_launch(WT_CUDA_KERNEL(k<float, 4>), wt_cuda_config(g, b), p);");
    expect_rewrite("ns::k<A<B<int>>, (3 > 2)><<<g, b>>>(p);",
                   "wt_cuda_launch(WT_CUDA_KERNEL(ns::k<A<B<int>>, (3 > 2)>), wt_cuda_config(g, b), p);");
    expect_rewrite("::top<<<1, 32>>>(p);", "wt_cuda_launch(WT_CUDA_KERNEL(::top), wt_cuda_config(1, 32), p);");
    expect_rewrite("(*fp)<<<1, 32>>>(p);", "wt_cuda_launch(WT_CUDA_KERNEL((*fp)), wt_cuda_config(1, 32), p);");
    expect_rewrite("a::b :: c<<<1, 2>>>(p);", "wt_cuda_launch(WT_CUDA_KERNEL(a::b :: c), wt_cuda_config(1, 2), p);");
}

static void test_config_expressions(void **state)
{
    (void)state;
    expect_rewrite("k<<<dim3(n / 16, m >> 4), dim3(16, 16), sizeof(float) * 64>>>(v);",
                   "wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(dim3(n / 16, m >> 4), dim3(16, 16), sizeof(float) * 64), v);");
    expect_rewrite("k<<<std::max<int>(1, n), 256>>>(v);",
                   "wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(std::max<int>(1, n), 256), v);");
}

static void test_shift_operators_untouched(void **state)
{
    (void)state;
    const char *src = "int a = x << 3; int b = y >> 2; std::vector<std::vector<int>> v; cout << a << b;\n"
                      "auto c = (x<<1)>>1; template <class T> using V = A<B<T>>;";
    expect_rewrite(src, src);
}

static void test_literals_and_comments(void **state)
{
    (void)state;
    const char *src = "const char *s = \"k<<<1,1>>>()\"; // k<<<2,2>>>()\n/* k<<<3,3>>>() */ char c = '<';\n"
                      "auto r = R\"x(k<<<4,4>>>() )\" )x\"; int n = 1'000'000; char q = '\\'';";
    expect_rewrite(src, src);
    expect_rewrite("int n = 0x1'F; k<<<1, 1>>>(n); // done",
                   "int n = 0x1'F; wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(1, 1), n); // done");
}

static void test_lines_kept(void **state)
{
    (void)state;
    expect_rewrite("k<<<grid,\n   block>>>\n  (a,\n   b);\nnext();",
                   "wt_cuda_launch(WT_CUDA_KERNEL(k), wt_cuda_config(grid,\n   block)\n  , a,\n   b);\nnext();");
}

static void test_dynamic_shared(void **state)
{
    (void)state;
    expect_rewrite("extern __shared__ float s[];", "WT_CUDA_DYNAMIC_SHARED(float, s);");
    expect_rewrite("  extern __shared__ __align__(16) unsigned char buf [ ] ;\nx;",
                   "  WT_CUDA_DYNAMIC_SHARED(unsigned char, buf);\nx;");
    /* every order C++ allows (threadFenceReduction, reductionMultiBlockCG) */
    expect_rewrite("extern float __shared__ smem[];", "WT_CUDA_DYNAMIC_SHARED(float, smem);");
    expect_rewrite("extern unsigned\n  __shared__ int u[];\ny;", "WT_CUDA_DYNAMIC_SHARED(unsigned int, u);\n\ny;");
    expect_rewrite("extern __align__ (8) double __shared__ d[];", "WT_CUDA_DYNAMIC_SHARED(double, d);");
    expect_rewrite("extern const float __shared__ __align__(16) *p[];", "WT_CUDA_DYNAMIC_SHARED(const float *, p);");
    /* not dynamic shared memory: an extern sized array, a function, a name that only contains __shared__ */
    expect_rewrite("extern __shared__ float fixed[64];", "extern __shared__ float fixed[64];");
    expect_rewrite("extern __shared__ void f(int a[]);", "extern __shared__ void f(int a[]);");
    expect_rewrite("extern int my__shared__[];", "extern int my__shared__[];");
    /* a static extern declaration that is not dynamic shared memory stays */
    expect_rewrite("extern int external_thing[];", "extern int external_thing[];");
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("x = <<<1,1>>>();", "line 1: <<< without a kernel name");
    expect_error("\nk<<<1,1();", "line 2: <<< without its >>>");
    expect_error("k<<<1,1>>>;", ">>> not followed by the kernel's argument list");
    expect_error("/* open", "unterminated");
    expect_error("const char *s = \"open;\n", "unterminated");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_launch),          cmocka_unit_test(test_templates_and_scopes),
        cmocka_unit_test(test_config_expressions),    cmocka_unit_test(test_shift_operators_untouched),
        cmocka_unit_test(test_literals_and_comments), cmocka_unit_test(test_lines_kept),
        cmocka_unit_test(test_dynamic_shared),        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
