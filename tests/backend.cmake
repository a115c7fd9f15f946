# backend.cmake -- ctest: test_simd_div built a second time with the AVX2 + FMA flags the x86 kernels use
# SPDX-License-Identifier: MIT
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND WT_SIMDE_INCLUDE)
  add_executable(test_simd_div_native ${PROJECT_SOURCE_DIR}/tests/backend/test_simd_div.c)
  target_compile_options(test_simd_div_native PRIVATE -mavx2 -mfma)
  target_link_libraries(test_simd_div_native PRIVATE wt_harness)
  target_include_directories(test_simd_div_native PRIVATE ${WT_SIMDE_INCLUDE})
  add_test(NAME test_simd_div_native COMMAND test_simd_div_native)
  set_tests_properties(test_simd_div_native PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT "${WT_TEST_ENV}")
endif()
