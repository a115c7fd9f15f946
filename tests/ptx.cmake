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
foreach(t test_ptx_operand_size test_ptx_known_forms test_ptx_video test_ptx_modifiers)
  if(TARGET ${t})
    # their ptxas cross-checks are skipped when ptxas is not installed
    target_compile_definitions(${t} PRIVATE WT_PTXAS="${WT_PTXAS}")
  endif()
endforeach()
wt_add_fuzzer(ptx)
target_compile_definitions(fuzz_ptx PRIVATE WT_PTX_FIXTURES="${PROJECT_SOURCE_DIR}/tests/ptx/fixtures")

# `warptex run`: the bundled demo kernel on a generated image, the output written; a wrong
# parameter count is a usage error (exit 2).
if(TARGET warptex)
  set(WT_PTX_RUN_DIR ${CMAKE_BINARY_DIR}/ptx_run)
  add_test(NAME ptx_run_setup COMMAND ${CMAKE_COMMAND} -E make_directory ${WT_PTX_RUN_DIR})
  add_test(NAME ptx_run_input COMMAND warptex demo-image ${WT_PTX_RUN_DIR}/in.png --size 64x48)
  set_tests_properties(ptx_run_setup PROPERTIES FIXTURES_SETUP ptx_run_dir)
  set_tests_properties(ptx_run_input PROPERTIES FIXTURES_SETUP ptx_run_in FIXTURES_REQUIRED ptx_run_dir)
  add_test(NAME ptx_run_demo COMMAND warptex run ${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx --entry rotate_blur
           --grid 4,3 --block 16,16 tex:${WT_PTX_RUN_DIR}/in.png,norm,address=border
           surf:64x48,out=${WT_PTX_RUN_DIR}/out.png i32:64 i32:48 f32:30)
  set_tests_properties(ptx_run_demo PROPERTIES FIXTURES_REQUIRED ptx_run_in ENVIRONMENT "${WT_TEST_ENV}"
                       PASS_REGULAR_EXPRESSION "launch took .*wrote .*out.png")
  add_test(NAME ptx_run_params COMMAND warptex run ${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx --entry rotate_blur
           --grid 1 --block 1 i32:1)
  set_tests_properties(ptx_run_params PROPERTIES PASS_REGULAR_EXPRESSION "takes 5 parameters, 1 given")
endif()
if(TARGET warptex)
  # a float texture from the same image; a bad option is a usage error (exit 2)
  add_test(NAME ptx_run_float_tex COMMAND warptex run ${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx --entry rotate_blur
           --grid 4,3 --block 16,16 tex:${WT_PTX_RUN_DIR}/in.png,norm,format=rgba32f,filter=linear
           surf:64x48 i32:64 i32:48 f32:-15)
  set_tests_properties(ptx_run_float_tex PROPERTIES FIXTURES_REQUIRED ptx_run_in ENVIRONMENT "${WT_TEST_ENV}"
                       PASS_REGULAR_EXPRESSION "launch took")
  add_test(NAME ptx_run_bad_option COMMAND warptex run ${PROJECT_SOURCE_DIR}/examples/ptx/demo.ptx --entry rotate_blur --grid 1 --block 1
           tex:${WT_PTX_RUN_DIR}/in.png,format=bad surf:4x4 i32:4 i32:4 f32:0)
  set_tests_properties(ptx_run_bad_option PROPERTIES FIXTURES_REQUIRED ptx_run_in
                       PASS_REGULAR_EXPRESSION "format=bad is not rgba8")
endif()
if(TARGET warptex)
  # buffers: one read from a file (read-only), one written out as CSV; then a launch past the
  # registered bytes, which must stop with the fault named (exit 1)
  add_test(NAME ptx_run_buffers COMMAND warptex run ${PROJECT_SOURCE_DIR}/examples/ptx/w1.ptx --entry w1 --grid 1
           --block 32 tex:${WT_PTX_RUN_DIR}/in.png,norm buf:256,file=${WT_PTX_RUN_DIR}/in.png,ro
           buf:512,out=${WT_PTX_RUN_DIR}/w1.csv,as=f32 i32:32)
  set_tests_properties(ptx_run_buffers PROPERTIES FIXTURES_REQUIRED ptx_run_in ENVIRONMENT "${WT_TEST_ENV}"
                       PASS_REGULAR_EXPRESSION "launch took")
  add_test(NAME ptx_run_fault COMMAND warptex run ${PROJECT_SOURCE_DIR}/examples/ptx/w1.ptx --entry w1 --grid 1
           --block 64 tex:${WT_PTX_RUN_DIR}/in.png,norm buf:256,file=${WT_PTX_RUN_DIR}/in.png,ro buf:512 i32:64)
  set_tests_properties(ptx_run_fault PROPERTIES FIXTURES_REQUIRED ptx_run_in ENVIRONMENT "${WT_TEST_ENV}"
                       PASS_REGULAR_EXPRESSION "thread \\(32,0,0\\) lane 0: ld.global.v2.f32 of 8 bytes at 0x[0-9a-f]+ is outside every registered memory range")
endif()
