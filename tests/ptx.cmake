# ptx.cmake -- the PTX front end's tests: fixture paths, the ptxas check, the fuzzer
# SPDX-License-Identifier: MIT
#
# tests/ptx/test_*.c are built by the top-level glob; here they learn where the fixtures are.
# test_ptx_ptxas runs ptxas (when installed) over every committed fixture and skips otherwise.
file(GLOB WT_PTX_TESTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/ptx/test_*.c)
foreach(src ${WT_PTX_TESTS})
  get_filename_component(name ${src} NAME_WE)
  target_compile_definitions(${name} PRIVATE WT_PTX_FIXTURES="${PROJECT_SOURCE_DIR}/tests/ptx/fixtures"
                                             WT_PTX_EXAMPLES="${PROJECT_SOURCE_DIR}/examples/ptx")
endforeach()
find_program(WT_PTXAS ptxas HINTS /usr/local/cuda/bin)
if(TARGET test_ptx_ptxas)
  target_compile_definitions(test_ptx_ptxas PRIVATE WT_PTXAS="${WT_PTXAS}")
  # skipped (exit 77) when ptxas is not installed
  set_tests_properties(test_ptx_ptxas PROPERTIES SKIP_RETURN_CODE 77)
endif()
wt_add_fuzzer(ptx)
target_compile_definitions(fuzz_ptx PRIVATE WT_PTX_FIXTURES="${PROJECT_SOURCE_DIR}/tests/ptx/fixtures")
