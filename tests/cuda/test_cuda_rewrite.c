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

/* inline asm(): rewritten in device code only, its line breaks kept; refusals name the line */
static int count_of(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}
static char *rewrite_ok(const char *src)
{
    char err[512] = "";
    char *out = wt_cuda_rewrite(src, strlen(src), NULL, err, sizeof err);
    if (!out)
        fail_msg("rewrite of <%s> failed: %s", src, err);
    return out;
}
/* a refused statement becomes a static_assert carrying the message */
static void expect_refused(const char *src, const char *needle)
{
    char *out = rewrite_ok(src);
    const char *sa = strstr(out, "static_assert(::wt_cuda_detail::always_false<void>::value, \"warptex: inline asm: ");
    if (!sa || !strstr(sa, needle) || strstr(out, "wt_cuda_asm_run"))
        fail_msg("rewrite of <%s> gave <%s>, not a static_assert naming <%s>", src, out, needle);
    free(out);
}
static void test_inline_asm(void **state)
{
    (void)state;
    /* host code: untouched */
    expect_rewrite("int main() { asm volatile(\"\" ::: \"memory\"); }", "int main() { asm volatile(\"\" ::: \"memory\"); }");
    expect_rewrite("__host__ void h() { __asm__(\"pause\"); }", "__host__ void h() { __asm__(\"pause\"); }");
    /* a kernel, a __device__ function (of a struct), a __device__ lambda in host code, nested blocks */
    static const char *const dev[] = {
        "__global__ void k(unsigned *p) { if (p) { asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(*p)); } }",
        "struct S { __device__ unsigned f(unsigned a) { unsigned r; asm volatile(\"bfind.u32 %0, %1;\" : \"=r\"(r) : \"r\"(a)); return r; } };",
        "void host() { auto f = [] __device__ (unsigned a) { __asm__ __volatile__(\"add.u32 %0, %0, %1;\" : \"+r\"(a) : \"n\"(3)); return a; }; }",
        "template <int N> __device__ __forceinline__\n#pragma unroll\nvoid g(float *x) { asm(\"mul.f32 %0, %0, %1;\" : \"+f\"(*x) : \"f\"(2.0f)); }",
    };
    for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++) {
        char *out = rewrite_ok(dev[i]);
        if (count_of(out, "::wt_cuda_asm_run(") != 1 || strstr(out, "asm(") || strstr(out, "asm__("))
            fail_msg("<%s> gave <%s>", dev[i], out);
        free(out);
    }
    /* the operands in order, outputs bound once, "+" read, "n" in the immediates */
    char *out = rewrite_ok("__device__ void f(unsigned a, unsigned b) { unsigned s = 1; asm(\"add.u32 %0, %1, %3;\" \" add.u32 %0, %0, %2;\" : \"+r\"(s) : \"r\"(a), \"r\"(b), \"n\"(5)); }");
    assert_non_null(strstr(out, "\"+r,r,r,n\", wt_asm_n_"));
    assert_non_null(strstr(out, "auto &wt_asm_o0_ = (s);"));
    assert_non_null(strstr(out, "{::wt_cuda_detail::asm_in<'r'>(wt_asm_o0_), ::wt_cuda_detail::asm_in<'r'>(a), ::wt_cuda_detail::asm_in<'r'>(b), 0ull, 0ull}"));
    assert_non_null(strstr(out, "{0, 0, 0, static_cast<long long>(5), }"));
    assert_non_null(strstr(out, "::wt_cuda_detail::asm_out<'r'>(wt_asm_o0_, wt_asm_v_[0]);"));
    free(out);
    /* line breaks inside the statement come after it */
    out = rewrite_ok("__device__ void f(unsigned *p) {\n  asm(\"mov.u32 %0, 1;\"\n      : \"=r\"(*p) // one\n  );\n  int after;\n}");
    assert_int_equal(count_of(out, "\n"), 5);
    assert_non_null(strstr(out, "} while (0)\n\n;\n  int after;"));
    free(out);
    /* refused at compile time, naming the instruction (the compiler names the file and line) */
    expect_refused("__device__ void f() {\n\n asm(\"vadd.u32.u32.u32 %0, %0, %0;\" : \"+r\"(x)); }", "vadd.u32.u32.u32 is not supported");
    expect_refused("__global__ void k() { asm(\"{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }\" : \"=r\"(x) : \"r\"(y)); }", "vote is not supported in inline asm");
    expect_refused("__global__ void k() { asm(\"ld.shared.u32 %0, [%1];\" : \"=r\"(x) : \"l\"(p)); }", "ld is not supported in inline asm: .shared");
    expect_refused("__global__ void k() { asm(\"add.u32 %0, %1, %2;\" : \"=r\"(x) : \"r\"(y)); }", "operand %2 does not exist");
    expect_refused("__global__ void k() { asm(\"add.u32 %0, %0, 1\" : \"+r\"(x)); }", "expected");
    expect_refused("__global__ void k() { asm(\"mov.u32 %0, 1;\" : \"=q\"(x)); }", "=q");
    expect_refused("__global__ void k() { asm(\"mov.u32 %[o], 1;\" : [o] \"=r\"(x)); }", "named asm operands");
    expect_refused("__global__ void k() { asm goto(\"bra %l0;\" :::: done); done: ; }", "asm goto");
    /* the statement's line breaks follow the static_assert */
    out = rewrite_ok("__global__ void k() {\n asm(\"bad.u32 %0;\"\n : \"=r\"(x));\n}");
    assert_non_null(strstr(out, "} while (0)\n;\n}"));
    free(out);
    /* a template with a macro in it is left to the runtime's compile */
    out = rewrite_ok("__global__ void k() { asm(\"mov.u32 %0, \" WIDTH \";\" : \"=r\"(x)); }");
    assert_non_null(strstr(out, "::wt_cuda_asm_compile(\"mov.u32 %0, \" WIDTH \";\", \"=r\", nullptr, __FILE__, __LINE__)"));
    free(out);
}

/* __CUDA_ARCH__: in device code's conditionals, the device pass's value; elsewhere undefined */
static void test_kernel_registration(void **state)
{
    (void)state;
    /* after each non-template kernel's definition, its registration: the parameter list without
     * default arguments and comments, named by the header's __COUNTER__ macro (unique in the
     * unit, whichever of the program's files defines the kernel) */
    expect_rewrite("__global__ void k(float *p, int n = 4 /* n */) { p[0] = n; }\nint x;",
                   "__global__ void k(float *p, int n = 4 /* n */) { p[0] = n; } static const wt_cuda_detail::kernel_registrar "
                   "WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)(float *p, int n  )>(&k)>{});\nint x;");
    expect_rewrite("namespace a {\nstatic __global__ void __launch_bounds__(256, 2)\n  k2(std::pair<int, int> q,\n float f = g(1, 2)) {}\n}",
                   "namespace a {\nstatic __global__ void __launch_bounds__(256, 2)\n  k2(std::pair<int, int> q,\n float f = g(1, 2)) {} static const "
                   "wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)(std::pair<int, int> q,  float f )>(&k2)>{});\n}");
    /* a directive among the parameters: copied on a line of its own, and #line then puts the
     * lines after the definition back at their numbers */
    expect_rewrite("__global__ void k(int a,\n#ifndef W\n short w,\n#endif\n float f) {\n}\nint x;",
                   "__global__ void k(int a,\n#ifndef W\n short w,\n#endif\n float f) {\n}\n static const wt_cuda_detail::kernel_registrar "
                   "WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)(int a, \n#ifndef W\n  short w, \n#endif\n  float f)>(&k)>{});\n#line 6\n\nint x;");
    /* templates, __device__ functions and declarations are not registered */
    expect_rewrite("template <int N> __global__ void t(int *p) { p[0] = N; }", "template <int N> __global__ void t(int *p) { p[0] = N; }");
    expect_rewrite("__device__ int d(int x) { return x; }\n__global__ void k(int);", "__device__ int d(int x) { return x; }\n__global__ void k(int);");
    /* a cudaKernelNodeParams' gridDim and blockDim members, not the built-ins' macros */
    expect_rewrite("p.gridDim = dim3(1); q->blockDim = b; int x = blockDim.x;",
                   "p.wt_gridDim = dim3(1); q->wt_blockDim = b; int x = blockDim.x;");
}

static void test_cuda_arch(void **state)
{
    (void)state;
    /* a kernel's and a __device__ function's body: the device branch */
    expect_rewrite("__global__ void k() {\n#if __CUDA_ARCH__ >= 700\n a();\n#endif\n}",
                   "__global__ void k() {\n#if __WARPTEX_CUDA_ARCH__ >= 700\n a();\n#endif\n} static const wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)()>(&k)>{});");
    expect_rewrite("__device__ int f() {\n#ifdef __CUDA_ARCH__\n return 1;\n#else\n return 0;\n#endif\n}",
                   "__device__ int f() {\n#if 1 /* __CUDA_ARCH__: device code */\n return 1;\n#else\n return 0;\n#endif\n}");
    expect_rewrite("__device__ int f() {\n#ifndef __CUDA_ARCH__ // host\n return 0;\n#endif\n}",
                   "__device__ int f() {\n#if 0 /* __CUDA_ARCH__: device code */ // host\n return 0;\n#endif\n}");
    expect_rewrite("__global__ void k() { if (x) {\n#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 800 || defined  __CUDA_ARCH__)\n#endif\n} }",
                   "__global__ void k() { if (x) {\n#if 1 && (__WARPTEX_CUDA_ARCH__ < 800 || 1)\n#endif\n} } static const wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)()>(&k)>{});");
    /* a group's #elif too, a directive spread over lines kept line for line */
    expect_rewrite("__global__ void k() {\n#if X\n#elif __CUDA_ARCH__ \\\n >= 900\n#endif\n}",
                   "__global__ void k() {\n#if X\n#elif __WARPTEX_CUDA_ARCH__ \\\n >= 900\n#endif\n} static const wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)()>(&k)>{});");
    /* host code, __host__ __device__ functions and lambdas in host code: the host pass's branch */
    const char *host[] = {
        "void h() {\n#ifdef __CUDA_ARCH__\n#endif\n}",
        "__host__ __device__ float f(float x) {\n#ifdef __CUDA_ARCH__\n return __expf(x);\n#else\n return expf(x);\n#endif\n}",
        "int main() { auto l = [](int) {\n#if __CUDA_ARCH__ >= 700\n#endif\n}; }",
        "struct S { void g() {\n#ifndef __CUDA_ARCH__\n#endif\n} };",
        /* file scope: a group that defines a host function, or mentions __host__ */
        "#ifndef __CUDA_ARCH__\nvoid helper() { }\n#else\n__device__ void helper() { }\n#endif\n",
        "#if __CUDA_ARCH__ >= 700\n__host__ __device__ int g() { return 1; }\n#endif\n",
        "#ifdef __CUDA_ARCH__\n#define SYNC() __syncthreads()\n#endif\n",
    };
    for (size_t i = 0; i < sizeof host / sizeof host[0]; i++)
        expect_rewrite(host[i], host[i]);
    /* but a __device__ lambda in host code is device code */
    expect_rewrite("void h() { auto l = [] __device__ (int) {\n#if __CUDA_ARCH__ >= 700\n#endif\n}; }",
                   "void h() { auto l = [] __device__ (int) {\n#if __WARPTEX_CUDA_ARCH__ >= 700\n#endif\n}; }");
    /* file scope: a group that guards only device code takes the device branch, in a namespace too */
    expect_rewrite("#if __CUDA_ARCH__ >= 800\ntemplate <> __device__ int r<int>(int v) { return v; }\n#endif\n",
                   "#if __WARPTEX_CUDA_ARCH__ >= 800\ntemplate <> __device__ int r<int>(int v) { return v; }\n#endif\n");
    expect_rewrite("namespace n {\n#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600\n#else\n"
                   "__device__ double atomicAdd(double *a, double v) { return 0; }\n#endif\n}",
                   "namespace n {\n#if !1 || __WARPTEX_CUDA_ARCH__ >= 600\n#else\n"
                   "__device__ double atomicAdd(double *a, double v) { return 0; }\n#endif\n}");
    /* nested groups: the outer group's decision counts its inner ones' text */
    expect_rewrite("#if __CUDA_ARCH__ >= 700\n#ifdef X\n__device__ void a() {}\n#endif\nstruct T { int v; };\n#endif\n",
                   "#if __WARPTEX_CUDA_ARCH__ >= 700\n#ifdef X\n__device__ void a() {}\n#endif\nstruct T { int v; };\n#endif\n");
    /* in device code's expressions too */
    expect_rewrite("__global__ void k(int *p) { *p = __CUDA_ARCH__; }", "__global__ void k(int *p) { *p = __WARPTEX_CUDA_ARCH__; } static const wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)(int *p)>(&k)>{});");
    expect_rewrite("void h(int *p) { *p = __CUDA_ARCH__; }", "void h(int *p) { *p = __CUDA_ARCH__; }");
    /* names that only contain it, comments and strings stay */
    expect_rewrite("__global__ void k() {\n#if MY__CUDA_ARCH__X /* __CUDA_ARCH__ */\n#endif\n}",
                   "__global__ void k() {\n#if MY__CUDA_ARCH__X /* __CUDA_ARCH__ */\n#endif\n} static const wt_cuda_detail::kernel_registrar WT_CUDA_REGISTRAR_NAME(wt_cuda_detail::registered<static_cast<void (*)()>(&k)>{});");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_launch),          cmocka_unit_test(test_templates_and_scopes),
        cmocka_unit_test(test_config_expressions),    cmocka_unit_test(test_shift_operators_untouched),
        cmocka_unit_test(test_literals_and_comments), cmocka_unit_test(test_lines_kept),
        cmocka_unit_test(test_dynamic_shared),        cmocka_unit_test(test_errors), cmocka_unit_test(test_inline_asm),
        cmocka_unit_test(test_cuda_arch), cmocka_unit_test(test_kernel_registration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
