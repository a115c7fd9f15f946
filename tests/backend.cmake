# backend.cmake -- ctest: the SIMD helper tests (test_simd_div, test_float_blend8, test_store_bytes,
# test_prefetch) built a second time with the AVX2 + FMA flags the x86 kernels use, and all but test_float_blend8
# a third time with the AVX-512 ones
# SPDX-License-Identifier: MIT
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND WT_SIMDE_INCLUDE)
  foreach(t test_simd_div test_float_blend8 test_store_bytes test_prefetch)
    add_executable(${t}_native ${PROJECT_SOURCE_DIR}/tests/backend/${t}.c)
    target_compile_options(${t}_native PRIVATE -mavx2 -mfma -mf16c)
    target_link_libraries(${t}_native PRIVATE wt_harness)
    target_include_directories(${t}_native PRIVATE ${WT_SIMDE_INCLUDE})
    add_test(NAME ${t}_native COMMAND ${t}_native)
    set_tests_properties(${t}_native PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${WT_TEST_ENV}")
  endforeach()
  # the avx512 backend's 16-lane division, byte stores and prefetches (skipped where the CPU lacks AVX-512)
  foreach(t test_simd_div test_store_bytes test_prefetch)
    add_executable(${t}_avx512 ${PROJECT_SOURCE_DIR}/tests/backend/${t}.c)
    target_compile_options(${t}_avx512 PRIVATE -mavx2 -mfma -mf16c -mavx512f -mavx512bw -mavx512dq -mavx512vl)
    target_link_libraries(${t}_avx512 PRIVATE wt_harness)
    target_include_directories(${t}_avx512 PRIVATE ${WT_SIMDE_INCLUDE})
    add_test(NAME ${t}_avx512 COMMAND ${t}_avx512)
    set_tests_properties(${t}_avx512 PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${WT_TEST_ENV}")
  endforeach()
endif()

# The warptex command on valgrind's CPU, which has AVX2 but not AVX-512: no AVX-512 instruction may
# run there (tests/backend/cpu_without_avx512.sh).  Not in sanitizer builds (their runtimes and
# valgrind exclude each other) nor cross builds; skipped without valgrind.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND NOT CMAKE_CROSSCOMPILING AND NOT WT_SANITIZER
   AND TARGET warptex)
  add_test(NAME cpu_without_avx512
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/backend/cpu_without_avx512.sh $<TARGET_FILE:warptex>
                   ${CMAKE_BINARY_DIR}/cpu_without_avx512)
  set_tests_properties(cpu_without_avx512 PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()

# test_backend_cpu_lacks runs each backend's check in a child it starts itself; a cross build's
# emulator (qemu-user without binfmt) cannot start one, so each check is also a test of its own,
# run through the emulator like every test (a backend not compiled in says so and passes).
foreach(name avx512 avx2 neon)
  add_test(NAME test_backend_cpu_lacks_${name} COMMAND test_backend_cpu_lacks ${name})
  set_tests_properties(test_backend_cpu_lacks_${name} PROPERTIES ENVIRONMENT "${WT_TEST_ENV}")
endforeach()

# The AVX-512 u8 kernels read RGBA8 texel pairs with scalar loads or hardware gathers, as the CPU probe
# chooses (src/core/cpu.h, WARPTEX_TEXEL_PAIRS): both ways against the reference, whichever this CPU takes.
foreach(way gather loads)
  add_test(NAME test_backend_equal_pairs_${way} COMMAND test_backend_equal)
  set_tests_properties(test_backend_equal_pairs_${way} PROPERTIES ENVIRONMENT "${WT_TEST_ENV};WARPTEX_TEXEL_PAIRS=${way}"
                       TIMEOUT 300)
endforeach()
