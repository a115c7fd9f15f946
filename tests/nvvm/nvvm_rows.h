/* nvvm_rows.h -- every generated NVVM entry point as a row, and a caller for each C signature
 * SPDX-License-Identifier: MIT
 *
 * Shared by the tests of tests/nvvm.  ROWS walks src/nvvm/nvvm_names.inc;
 * each row carries the function, its op record and a caller chosen at
 * compile time (_Generic) for its real C type.  A caller passes operand k
 * from the array of its C type at position k (hv, fv, iv, sv, lv), so a test
 * sets those arrays and calls any wrapper without naming it. */
#ifndef WT_TEST_NVVM_ROWS_H
#define WT_TEST_NVVM_ROWS_H

#include <stdint.h>
#include <string.h>

#include "warptex.h"

/* ---- calling any wrapper: one caller per C signature -------------------------- */

/* Operand values by position, one per C type, all distinct, so a wrapper that
 * forwards the wrong operand (or is called as the wrong type) is noticed. */
#define MAXARGS 12
static uint64_t hv[MAXARGS];
static float fv[MAXARGS];
static int32_t iv[MAXARGS];
static int16_t sv[MAXARGS];
static int64_t lv[MAXARGS];

#define V_uint64_t(k) hv[k]
#define V_float(k) fv[k]
#define V_int32_t(k) iv[k]
#define V_int16_t(k) sv[k]
#define V_int64_t(k) lv[k]
#define A1(a) V_##a(0)
#define A2(a, b) A1(a), V_##b(1)
#define A3(a, b, c) A2(a, b), V_##c(2)
#define A4(a, b, c, d) A3(a, b, c), V_##d(3)
#define A5(a, b, c, d, e) A4(a, b, c, d), V_##e(4)
#define A6(a, b, c, d, e, f) A5(a, b, c, d, e), V_##f(5)
#define A7(a, b, c, d, e, f, g) A6(a, b, c, d, e, f), V_##g(6)
#define A8(a, b, c, d, e, f, g, h) A7(a, b, c, d, e, f, g), V_##h(7)
#define A9(a, b, c, d, e, f, g, h, i) A8(a, b, c, d, e, f, g, h), V_##i(8)
#define A10(a, b, c, d, e, f, g, h, i, j) A9(a, b, c, d, e, f, g, h, i), V_##j(9)
#define A11(a, b, c, d, e, f, g, h, i, j, k) A10(a, b, c, d, e, f, g, h, i, j), V_##k(10)
#define A12(a, b, c, d, e, f, g, h, i, j, k, l) A11(a, b, c, d, e, f, g, h, i, j, k), V_##l(11)
#define NARG(...) NARG_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define NARG_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, n, ...) n
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define ARGS(...) CAT(A, NARG(__VA_ARGS__))(__VA_ARGS__)

typedef void (*vfn)(void);
typedef struct sig {
    void (*call)(vfn fp, void *out);
    int nargs;
    size_t ret_size; /* 0: void */
} sig;

/* Every C type an entry point may have.  tex/tld4 coordinate lists after the
 * handle(s): 1d, a1d, 2d, a2d, 3d/cube, acube, 2dms, a2dms in base/level/grad
 * shapes, .f32 and .s32. */
#define TEX_SIGS(X, R, r, p, ...)                                                                         \
    X(r##p##01, R, __VA_ARGS__, float)                                                                    \
    X(r##p##02, R, __VA_ARGS__, int32_t)                                                                  \
    X(r##p##03, R, __VA_ARGS__, float, float)                                                             \
    X(r##p##04, R, __VA_ARGS__, float, float, float)                                                      \
    X(r##p##05, R, __VA_ARGS__, int32_t, float)                                                           \
    X(r##p##06, R, __VA_ARGS__, int32_t, int32_t)                                                         \
    X(r##p##07, R, __VA_ARGS__, int32_t, float, float)                                                    \
    X(r##p##08, R, __VA_ARGS__, int32_t, float, float, float)                                             \
    X(r##p##09, R, __VA_ARGS__, float, float, float, float, float, float)                                 \
    X(r##p##10, R, __VA_ARGS__, int32_t, int32_t, int32_t)                                                \
    X(r##p##11, R, __VA_ARGS__, int32_t, float, float, float, float, float, float)                        \
    X(r##p##12, R, __VA_ARGS__, float, float, float, float)                                               \
    X(r##p##13, R, __VA_ARGS__, float, float, float, float, float, float, float, float, float)            \
    X(r##p##14, R, __VA_ARGS__, int32_t, float, float, float, float)                                      \
    X(r##p##15, R, __VA_ARGS__, int32_t, float, float, float, float, float, float, float, float, float)       \
    X(r##p##16, R, __VA_ARGS__, int32_t, int32_t, int32_t, int32_t)                                       \
    X(r##p##17, R, __VA_ARGS__, int32_t, int32_t, float, float)                                           \
    X(r##p##18, R, __VA_ARGS__, int32_t, int32_t, float, float, float, float)                             \
    X(r##p##19, R, __VA_ARGS__, int32_t, int32_t, int32_t, float, float, float, float)                    \
    X(r##p##20, R, __VA_ARGS__, int32_t, int32_t, int32_t, float, float, float, float, float, float)
/* suld results other than wt_int4 (whose types the tex .s32 lists already have). */
#define SULD_SIGS(X, R, r)                                                                                \
    X(r##1, R, uint64_t, int32_t)                                                                         \
    X(r##2, R, uint64_t, int32_t, int32_t)                                                                \
    X(r##3, R, uint64_t, int32_t, int32_t, int32_t)
/* sust/sured with 16- or 64-bit elements; all-int32 lists follow separately. */
#define SUST_SIGS(V, c, ...)                                                                              \
    V(c##s1, __VA_ARGS__, int16_t)                                                                        \
    V(c##s2, __VA_ARGS__, int16_t, int16_t)                                                               \
    V(c##s4, __VA_ARGS__, int16_t, int16_t, int16_t, int16_t)                                             \
    V(c##l1, __VA_ARGS__, int64_t)                                                                        \
    V(c##l2, __VA_ARGS__, int64_t, int64_t)
#define SIG_LIST(X, V)                                                                                    \
    TEX_SIGS(X, wt_float4, f4, u, uint64_t)                                                               \
    TEX_SIGS(X, wt_float4, f4, uu, uint64_t, uint64_t)                                                    \
    TEX_SIGS(X, wt_int4, i4, u, uint64_t)                                                                 \
    TEX_SIGS(X, wt_int4, i4, uu, uint64_t, uint64_t)                                                      \
    SULD_SIGS(X, int16_t, s16) SULD_SIGS(X, int32_t, s32) SULD_SIGS(X, int64_t, s64)                      \
    SULD_SIGS(X, wt_short2, sh2) SULD_SIGS(X, wt_int2, in2) SULD_SIGS(X, wt_long2, lo2)                   \
    SULD_SIGS(X, wt_short4, sh4)                                                                          \
    X(q0, int32_t, uint64_t)                                                                              \
    SUST_SIGS(V, c1, uint64_t, int32_t)                                                                   \
    SUST_SIGS(V, c2, uint64_t, int32_t, int32_t)                                                          \
    SUST_SIGS(V, c3, uint64_t, int32_t, int32_t, int32_t)                                                 \
    V(vi2, uint64_t, int32_t, int32_t)                                                                    \
    V(vi3, uint64_t, int32_t, int32_t, int32_t)                                                           \
    V(vi4, uint64_t, int32_t, int32_t, int32_t, int32_t)                                                  \
    V(vi5, uint64_t, int32_t, int32_t, int32_t, int32_t, int32_t)                                         \
    V(vi6, uint64_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t)                                \
    V(vi7, uint64_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t)

#define DEF_SIG(id, R, ...)                                                                               \
    static void call_##id(vfn fp, void *out)                                                              \
    {                                                                                                     \
        R r = ((R(*)(__VA_ARGS__))fp)(ARGS(__VA_ARGS__));                                                 \
        memcpy(out, &r, sizeof r);                                                                        \
    }                                                                                                     \
    static const sig sig_##id = {call_##id, NARG(__VA_ARGS__), sizeof(R)};
#define DEF_VSIG(id, ...)                                                                                 \
    static void call_##id(vfn fp, void *out)                                                              \
    {                                                                                                     \
        (void)out;                                                                                        \
        ((void (*)(__VA_ARGS__))fp)(ARGS(__VA_ARGS__));                                                   \
    }                                                                                                     \
    static const sig sig_##id = {call_##id, NARG(__VA_ARGS__), 0};
SIG_LIST(DEF_SIG, DEF_VSIG)

#define ASSOC(id, R, ...) R(*)(__VA_ARGS__) : &sig_##id,
#define VASSOC(id, ...) void (*)(__VA_ARGS__) : &sig_##id,
/* The caller matching fn's real type, or NULL: chosen by the compiler. */
#define SIG_OF(fn) _Generic(&fn, SIG_LIST(ASSOC, VASSOC) default: (const sig *)0)

/* ---- the rows --------------------------------------------------------------------- */

typedef struct nvvm_row {
    const char *name;
    const char *fn_name;
    vfn fn;
    int family;
    wt_op op;
    const sig *sig;
} nvvm_row;

static const nvvm_row ROWS[] = {
#define WT_NVVM(name, fn, family, ...) {name, #fn, (vfn)fn, family, __VA_ARGS__, SIG_OF(fn)},
#include "nvvm/nvvm_names.inc"
#undef WT_NVVM
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

#endif
