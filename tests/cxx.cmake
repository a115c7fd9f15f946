# cxx.cmake -- ctest: warptex-cxx as a drop-in nvcc (tools/cxx/warptex_cxx.c, nvcc_options.c,
# cuda_mirror.c): nvcc's option spellings and table, refusals, default optimisation, separate
# compilation, mixed inputs and -lib, dependency files, -clean, options files, -ccbin, launches in the
# program's headers, the macros nvcc defines from its command line, the compiler-launcher mode (--warptex-launch) of warptex_cuda_sources().
# tests/cxx/check_cxx.sh does each check; its programs are in tests/cxx/.
# SPDX-License-Identifier: MIT
set(wt_cxx_checks spellings table unknown help optimise separate mixed deps clean optionsfile ccbin headers macros launch)
if(NOT WT_CUDA_LAYER OR NOT TARGET warptex-cxx)
  foreach(check ${wt_cxx_checks})
    add_test(NAME cxx_${check} COMMAND ${CMAKE_COMMAND} -E echo
             "cxx_${check}: skipped, the CUDA layer is not built (needs C++17 and Boost.Context)")
    set_tests_properties(cxx_${check} PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
  endforeach()
  return()
endif()
find_program(WT_NVCC nvcc PATHS /usr/local/cuda/bin $ENV{CUDA_PATH}/bin NO_CMAKE_FIND_ROOT_PATH)
set(wt_cxx_emu "")
if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
  string(REPLACE ";" " " wt_cxx_emu "${CMAKE_CROSSCOMPILING_EMULATOR}")
endif()
set(wt_cxx_nvcc "")
if(WT_NVCC)
  set(wt_cxx_nvcc ${WT_NVCC})
endif()
foreach(check ${wt_cxx_checks})
  add_test(NAME cxx_${check}
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cxx/check_cxx.sh ${check} $<TARGET_FILE:warptex-cxx>
                   ${PROJECT_SOURCE_DIR}/tests/cxx ${CMAKE_CURRENT_BINARY_DIR}/cxx "${wt_cxx_emu}")
  set_tests_properties(cxx_${check} PROPERTIES ENVIRONMENT "NVCC=${wt_cxx_nvcc};WT_CXX_COMPILER=${CMAKE_CXX_COMPILER};${WT_TEST_ENV}" TIMEOUT 300
                       PASS_REGULAR_EXPRESSION "${check}: ok" SKIP_REGULAR_EXPRESSION "${check}: skipped"
                       FAIL_REGULAR_EXPRESSION "FAILED")
endforeach()
