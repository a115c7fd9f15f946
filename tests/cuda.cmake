# cuda.cmake -- ctest: CUDA source on the CPU (cmake/cuda.cmake): the examples built with warptex-cxx
# and run, the runtime tests, the rewriter's tests, and `nvcc -ptx` of every .cu where nvcc is installed.
# SPDX-License-Identifier: MIT
file(GLOB WT_CUDA_EXAMPLES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/cuda/*.cu)
file(GLOB WT_CUDA_TEST_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/cuda/*.cu)
find_program(WT_NVCC nvcc PATHS /usr/local/cuda/bin $ENV{CUDA_PATH}/bin NO_CMAKE_FIND_ROOT_PATH)

target_link_libraries(test_cuda_rewrite PRIVATE wt_cuda_rewrite)

if(NOT WT_CUDA_LAYER)
  foreach(src ${WT_CUDA_EXAMPLES} ${WT_CUDA_TEST_SOURCES})
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME cuda_${name} COMMAND ${CMAKE_COMMAND} -E echo
             "cuda_${name}: skipped, the CUDA layer is not built (needs C++17 and Boost.Context)")
    set_tests_properties(cuda_${name} PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
  endforeach()
  return()
endif()

# Cross-compiled (cmake/toolchain-aarch64-linux-gnu.cmake), warptex-cxx and the programs it builds
# are arm64 binaries: they run through the emulator (a list: qemu-aarch64 -L /), which passes the
# compiler warptex-cxx starts (a host program) to the host.  wt_emu_sh: the same for sh -c.
set(wt_emu "")
if(CMAKE_CROSSCOMPILING AND CMAKE_CROSSCOMPILING_EMULATOR)
  set(wt_emu ${CMAKE_CROSSCOMPILING_EMULATOR})
endif()
string(REPLACE ";" " " wt_emu_sh "${wt_emu}")

# Every example and runtime test is compiled by warptex-cxx itself, warnings as errors.
foreach(src ${WT_CUDA_EXAMPLES} ${WT_CUDA_TEST_SOURCES})
  get_filename_component(name ${src} NAME_WE)
  set(bin ${CMAKE_CURRENT_BINARY_DIR}/cuda/${name})
  add_custom_command(OUTPUT ${bin}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/cuda
    COMMAND ${wt_emu} $<TARGET_FILE:warptex-cxx> -O2 -g -Xcompiler -Wall,-Wextra,-Werror ${src} -o ${bin}
    DEPENDS ${src} warptex-cxx warptex_cuda warptex_static ${PROJECT_SOURCE_DIR}/examples/cuda/check.h
    COMMENT "warptex-cxx ${name}.cu" VERBATIM)
  add_custom_target(cuda_build_${name} ALL DEPENDS ${bin})
  add_test(NAME cuda_${name} COMMAND ${wt_emu} ${bin})
  set_tests_properties(cuda_${name} PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" TIMEOUT 300
                       FAIL_REGULAR_EXPRESSION "FAILED")
  if(NOT src IN_LIST WT_CUDA_EXAMPLES)
    continue()
  endif()
  if(WT_NVCC)
    add_test(NAME cuda_${name}_nvcc_ptx
             COMMAND ${WT_NVCC} -ptx -arch=sm_86 -I${PROJECT_SOURCE_DIR}/examples/cuda -I${PROJECT_SOURCE_DIR}/include ${src}
                     -o ${CMAKE_CURRENT_BINARY_DIR}/cuda/${name}.ptx)
  else()
    add_test(NAME cuda_${name}_nvcc_ptx COMMAND ${CMAKE_COMMAND} -E echo
             "cuda_${name}_nvcc_ptx: skipped, nvcc is not installed")
    set_tests_properties(cuda_${name}_nvcc_ptx PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
  endif()
endforeach()

# warptex-cxx itself: what must not compile fails with a message naming the problem; -c without -o
# names the object after the .cu; "..." includes resolve beside the source.
set(wt_cxx_dir ${CMAKE_CURRENT_BINARY_DIR}/cuda/compile)
file(MAKE_DIRECTORY ${wt_cxx_dir})
foreach(pair "unsupported_graph|cudaGraphCreate is not supported on the CPU"
             "unsupported_texref|texture references were removed"
             "bad_launch|bad_launch.cu: line 10: <<< without its >>>"
             "wrong_arity|kernel launched with the wrong number of arguments")
  string(REPLACE "|" ";" parts "${pair}")
  list(GET parts 0 name)
  list(GET parts 1 message)
  add_test(NAME cuda_cxx_rejects_${name}
           COMMAND ${wt_emu} $<TARGET_FILE:warptex-cxx> -c ${PROJECT_SOURCE_DIR}/tests/cuda/compile/${name}.cu
                   -o ${wt_cxx_dir}/${name}.o)
  set_tests_properties(cuda_cxx_rejects_${name} PROPERTIES PASS_REGULAR_EXPRESSION "${message}")
endforeach()
add_test(NAME cuda_cxx_object_name
         COMMAND ${CMAKE_COMMAND} -E chdir ${wt_cxx_dir} sh -c
                 "rm -f quoted_include.o && ${wt_emu_sh} $<TARGET_FILE:warptex-cxx> -c ${PROJECT_SOURCE_DIR}/tests/cuda/compile/quoted_include.cu && test -s quoted_include.o && echo object-ok")
set_tests_properties(cuda_cxx_object_name PROPERTIES PASS_REGULAR_EXPRESSION "object-ok")

# A fiber stack overflow faults on the guard page: the process dies (SIGSEGV, or the sanitizer's
# report) instead of running into other memory.
set(wt_so ${CMAKE_CURRENT_BINARY_DIR}/cuda/stack_overflow)
add_custom_command(OUTPUT ${wt_so}
  COMMAND ${wt_emu} $<TARGET_FILE:warptex-cxx> -O1 -g ${PROJECT_SOURCE_DIR}/tests/cuda/crash/stack_overflow.cu -o ${wt_so}
  DEPENDS ${PROJECT_SOURCE_DIR}/tests/cuda/crash/stack_overflow.cu warptex-cxx warptex_cuda warptex_static
  COMMENT "warptex-cxx stack_overflow.cu" VERBATIM)
add_custom_target(cuda_build_stack_overflow ALL DEPENDS ${wt_so})
add_test(NAME cuda_stack_overflow_guard
         COMMAND sh -c "WARPTEX_CUDA_STACK_SIZE=64K ${wt_emu_sh} ${wt_so} 2>&1; s=$?; if [ $s -ne 0 ]; then echo \"stopped with status $s\"; fi")
set_tests_properties(cuda_stack_overflow_guard PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
                     PASS_REGULAR_EXPRESSION "recursing.*stopped with status" FAIL_REGULAR_EXPRESSION "survived")

# Installed: <prefix>/bin/warptex-cxx builds a CUDA example with the headers and libraries of its
# prefix (the build tree's paths are not used: the installed ones are checked by WARPTEX_CXX_VERBOSE).
if(WT_INSTALL AND TARGET warptex-cxx)
  set(wt_pfx ${CMAKE_CURRENT_BINARY_DIR}/cuda/installed)
  add_test(NAME cuda_cxx_installed
           COMMAND sh -c "rm -rf '${wt_pfx}' && '${CMAKE_COMMAND}' --install '${CMAKE_BINARY_DIR}' --prefix '${wt_pfx}' >/dev/null && WARPTEX_CXX_VERBOSE=1 ${wt_emu_sh} '${wt_pfx}/bin/warptex-cxx' -O1 '${PROJECT_SOURCE_DIR}/examples/cuda/histogram.cu' -o '${wt_pfx}/histogram' > '${wt_pfx}/cxx.log' 2>&1 && grep -q -- '-I${wt_pfx}/include/warptex/cuda' '${wt_pfx}/cxx.log' && ${wt_emu_sh} '${wt_pfx}/histogram'")
  set_tests_properties(cuda_cxx_installed PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" PASS_REGULAR_EXPRESSION "histogram: ok")
endif()

# The README's example ("Run CUDA code on the CPU") compiles with warptex-cxx and runs.
add_test(NAME cuda_readme_example
         COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cuda/readme_example.sh ${PROJECT_SOURCE_DIR}/README.md
                 $<TARGET_FILE:warptex-cxx> ${CMAKE_CURRENT_BINARY_DIR}/cuda "${wt_emu_sh}")
set_tests_properties(cuda_readme_example PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" PASS_REGULAR_EXPRESSION "^no error")
