# backend.cmake -- ctest: the SIMD helper tests (test_simd_div, test_float_blend8) built a second time with the
# AVX2 + FMA flags the x86 kernels use
# SPDX-License-Identifier: MIT
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND WT_SIMDE_INCLUDE)
  foreach(t test_simd_div test_float_blend8)
    add_executable(${t}_native ${PROJECT_SOURCE_DIR}/tests/backend/${t}.c)
    target_compile_options(${t}_native PRIVATE -mavx2 -mfma -mf16c)
    target_link_libraries(${t}_native PRIVATE wt_harness)
    target_include_directories(${t}_native PRIVATE ${WT_SIMDE_INCLUDE})
    add_test(NAME ${t}_native COMMAND ${t}_native)
    set_tests_properties(${t}_native PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${WT_TEST_ENV}")
  endforeach()
endif()
