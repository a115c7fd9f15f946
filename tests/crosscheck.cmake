# crosscheck.cmake -- ctest: the two front doors cross-checked (tests/crosscheck/xcheck.cu).  Every
# kernel of tests/crosscheck/kernels, tests/ptx/fixtures and the examples runs as warptex-cxx's
# native build and as nvcc's committed PTX through the module API, on the same inputs; the outputs
# are compared with each other and with those an H100 gave (tests/crosscheck/gpu/results.txt).
# SPDX-License-Identifier: MIT
set(wt_xc_dir ${PROJECT_SOURCE_DIR}/tests/crosscheck)
if(NOT WT_CUDA_LAYER)
  add_test(NAME crosscheck COMMAND ${CMAKE_COMMAND} -E echo
           "crosscheck: skipped, the CUDA layer is not built (needs C++17 and Boost.Context)")
  set_tests_properties(crosscheck PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
  return()
endif()
set(wt_xc_emu "")
if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
  set(wt_xc_emu ${CMAKE_CROSSCOMPILING_EMULATOR})
endif()
file(GLOB wt_xc_sources CONFIGURE_DEPENDS ${wt_xc_dir}/glue/*.cu ${wt_xc_dir}/kernels/*.cu)
file(GLOB wt_xc_deps CONFIGURE_DEPENDS ${wt_xc_dir}/*.h ${PROJECT_SOURCE_DIR}/tests/ptx/fixtures/*.cu
     ${PROJECT_SOURCE_DIR}/examples/cuda/*.cu ${PROJECT_SOURCE_DIR}/examples/ptx/*.cu
     ${PROJECT_SOURCE_DIR}/include/warptex/cuda/*.h)
set(wt_xc ${CMAKE_CURRENT_BINARY_DIR}/crosscheck/xcheck)
# -Wno-unused-parameter: the fixtures' store kernels share a signature with the loads
add_custom_command(OUTPUT ${wt_xc}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/crosscheck
  COMMAND ${wt_xc_emu} $<TARGET_FILE:warptex-cxx> -O1 -g -Xcompiler -Wall,-Wextra,-Werror,-Wno-unused-parameter
          ${wt_xc_dir}/xcheck.cu ${wt_xc_sources} -o ${wt_xc}
  DEPENDS ${wt_xc_dir}/xcheck.cu ${wt_xc_sources} ${wt_xc_deps} warptex-cxx warptex_cuda warptex_static
  COMMENT "warptex-cxx tests/crosscheck" VERBATIM)
add_custom_target(crosscheck_build ALL DEPENDS ${wt_xc})
add_test(NAME crosscheck COMMAND ${wt_xc_emu} ${wt_xc} ${wt_xc_dir}/ptx --against ${wt_xc_dir}/gpu/results.txt)
set_tests_properties(crosscheck PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" TIMEOUT 300 PASS_REGULAR_EXPRESSION "xcheck: ok"
                     FAIL_REGULAR_EXPRESSION "FAILED")
