/* test_simd_div.c -- the kernels' divide-free k / 255 and k / 65535 equal IEEE division for every code
 * SPDX-License-Identifier: MIT
 *
 * src/simd/div_exact.h replaces the vector divide of the UNORM conversions;
 * this checks it for k = 0..65535 and both divisors, 8 lanes at a time,
 * through both code paths: the portable one (this build) and the native
 * AVX2 + FMA one (test_simd_div_native, the same file built with -mavx2
 * -mfma by tests/backend.cmake), and with AVX-512 (test_simd_div_avx512)
 * the 16-lane one of the avx512 backend too.  A mismatch prints k, the
 * divisor and both words. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "simd/div_exact.h"

static void every_code_both_divisors(void **state)
{
    (void)state;
    const float ds[] = {255.0f, 65535.0f};
    for (int di = 0; di < 2; di++) {
        volatile float d = ds[di]; /* keep the reference a run-time IEEE division */
        for (int k0 = 0; k0 < 65536; k0 += 8) {
            float in[8], got[8];
            for (int l = 0; l < 8; l++)
                in[l] = (float)(k0 + l);
            simde_mm256_storeu_ps(got, wt__div_exact_ps(simde_mm256_loadu_ps(in), ds[di]));
#if defined(__AVX512F__)
            float got16[16], in16[16];
            for (int l = 0; l < 16; l++)
                in16[l] = (float)((k0 + l) & 0xffff);
            _mm512_storeu_ps(got16, wt__div_exact_ps512(_mm512_loadu_ps(in16), ds[di]));
            for (int l = 0; l < 16; l++) {
                float want = in16[l] / d;
                if (memcmp(&want, &got16[l], 4))
                    fail_msg("16 lanes: k = %g / %g: got %a, IEEE %a", (double)in16[l], (double)ds[di],
                             (double)got16[l], (double)want);
            }
#endif
            for (int l = 0; l < 8; l++) {
                float want = in[l] / d;
                if (memcmp(&want, &got[l], 4))
                    fail_msg("k = %d / %g: got %a, IEEE %a", k0 + l, (double)ds[di], (double)got[l], (double)want);
            }
        }
    }
}

int main(void)
{
#if defined(SIMDE_X86_FMA_NATIVE) && (defined(__x86_64__) || defined(__i386__))
    /* the native builds (tests/backend.cmake) run only where the CPU has their ISA */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        print_message("test_simd_div_native: SKIPPED, the CPU lacks AVX2/FMA\n");
        return 77;
    }
#if defined(__AVX512F__)
    if (!__builtin_cpu_supports("avx512f")) {
        print_message("test_simd_div_avx512: SKIPPED, the CPU lacks AVX-512\n");
        return 77;
    }
#endif
#endif
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_both_divisors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
