# cuda.cmake -- ctest: CUDA source on the CPU (cmake/cuda.cmake): the examples built with warptex-cxx
# and run, the runtime tests, the rewriter's tests, and `nvcc -ptx` of every .cu where nvcc is installed.
# SPDX-License-Identifier: MIT
file(GLOB WT_CUDA_EXAMPLES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/examples/cuda/*.cu)
file(GLOB WT_CUDA_TEST_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/cuda/*.cu)
# the headers the test programs include (their kernels among them)
file(GLOB WT_CUDA_TEST_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/cuda/include/*.h
     ${PROJECT_SOURCE_DIR}/tests/cuda/include/*.cuh ${PROJECT_SOURCE_DIR}/tests/cuda/*.cuh)
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

# the threads-as-loops pass warptex-cxx compiles .cu files with, where the build made it
set(wt_loops_plugin "")
if(TARGET warptex_loops)
  set(wt_loops_plugin warptex_loops)
endif()

# Every example and runtime test is compiled by warptex-cxx itself, warnings as errors.
foreach(src ${WT_CUDA_EXAMPLES} ${WT_CUDA_TEST_SOURCES})
  get_filename_component(name ${src} NAME_WE)
  set(bin ${CMAKE_CURRENT_BINARY_DIR}/cuda/${name})
  add_custom_command(OUTPUT ${bin}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/cuda
    COMMAND ${wt_emu} $<TARGET_FILE:warptex-cxx> -O2 -g -Xcompiler -Wall,-Wextra,-Werror ${src} -o ${bin}
    DEPENDS ${src} ${PROJECT_SOURCE_DIR}/tests/cuda/faults/fault_test.h ${WT_CUDA_TEST_HEADERS} warptex-cxx warptex_cuda warptex_static ${wt_loops_plugin} ${PROJECT_SOURCE_DIR}/examples/cuda/check.h
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

# assert() in a kernel: CUDA's line for the first failed assertion (block 1, thread 28), the launch's error
set_tests_properties(cuda_device_assert PROPERTIES PASS_REGULAR_EXPRESSION
  "device_assert.cu:[0-9]+: .*check_index.*: block: \\[1,0,0\\], thread: \\[28,0,0\\] Assertion `gtid < n` failed.*cudaDeviceSynchronize: cudaErrorAssert.*device_assert: ok")

# warptex-cxx itself: what must not compile fails with a message naming the problem; -c without -o
# names the object after the .cu; "..." includes resolve beside the source.
set(wt_cxx_dir ${CMAKE_CURRENT_BINARY_DIR}/cuda/compile)
file(MAKE_DIRECTORY ${wt_cxx_dir})
foreach(pair "unsupported_ipc|cudaIpcGetMemHandle is not supported on the CPU"
             "unsupported_texref|texture references were removed"
             "bad_launch|bad_launch.cu: line 10: <<< without its >>>"
             "wrong_arity|kernel launched with the wrong number of arguments"
             "grid_sync|grid_group::sync\\(\\) \\(grid-wide synchronisation\\) is not supported on the CPU"
             "asm_unsupported|asm_unsupported.cu:9:.*warptex: inline asm: shfl is not supported in inline asm: a warp"
             "asm_malformed|asm_malformed.cu:9:.*warptex: inline asm: unknown opcode addd")
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

# Kernel faults (src/cuda/fault_guard.h): a memory fault in a kernel ends its launch with the error
# CUDA gives for it, sticky; a fault outside kernels keeps its course.  In sanitizer builds of the
# library the sanitizer owns SIGSEGV: the programs say "skipped" (stack_overflow expects its report).
set(wt_fault_src ${PROJECT_SOURCE_DIR}/tests/cuda/faults)
function(wt_cuda_fault_program name src)
  set(bin ${CMAKE_CURRENT_BINARY_DIR}/cuda/${name})
  add_custom_command(OUTPUT ${bin}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/cuda
    COMMAND ${wt_emu} $<TARGET_FILE:warptex-cxx> ${ARGN} ${src} -o ${bin}
    DEPENDS ${src} ${PROJECT_SOURCE_DIR}/tests/cuda/faults/fault_test.h ${WT_CUDA_TEST_HEADERS} warptex-cxx warptex_cuda warptex_static
    COMMENT "warptex-cxx ${name}.cu" VERBATIM)
  add_custom_target(cuda_build_${name} ALL DEPENDS ${bin})
endfunction()

# A fiber stack overflow faults on the guard page: the launch's error (cudaErrorHardwareStackError,
# from cudaDeviceSynchronize) and a clean exit, never a run into other memory.
set(wt_so ${CMAKE_CURRENT_BINARY_DIR}/cuda/stack_overflow)
wt_cuda_fault_program(stack_overflow ${PROJECT_SOURCE_DIR}/tests/cuda/crash/stack_overflow.cu -O1 -g)
add_test(NAME cuda_stack_overflow_guard
         COMMAND sh -c "ulimit -c 0; WARPTEX_CUDA_STACK_SIZE=64K ${wt_emu_sh} ${wt_so} 2>&1; echo \"exit status $?\"")
set_tests_properties(cuda_stack_overflow_guard PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
  PASS_REGULAR_EXPRESSION "recursing.*stack overflowed into its guard page.*cudaDeviceSynchronize: cudaErrorHardwareStackError.*exit status 0|sanitizer build.*recursing.*exit status [1-9]"
  FAIL_REGULAR_EXPRESSION "survived")

# WARPTEX_CUDA_FAULT_HANDLER=0: the handler stays out, the overflow kills the process as before
add_test(NAME cuda_fault_handler_off
         COMMAND sh -c "ulimit -c 0; WARPTEX_CUDA_FAULT_HANDLER=0 WARPTEX_CUDA_STACK_SIZE=64K ${wt_emu_sh} ${wt_so} 2>&1; echo \"exit status $?\"")
set_tests_properties(cuda_fault_handler_off PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
  PASS_REGULAR_EXPRESSION "recursing.*exit status [1-9]" FAIL_REGULAR_EXPRESSION "survived|cudaDeviceSynchronize")

foreach(name kernel_faults host_fault_default host_fault_chain texture_call_fault)
  wt_cuda_fault_program(${name} ${wt_fault_src}/${name}.cu -O2 -g -Xcompiler -Wall,-Wextra,-Werror)
endforeach()
set(wt_bin ${CMAKE_CURRENT_BINARY_DIR}/cuda)
add_test(NAME cuda_kernel_faults COMMAND ${wt_emu} ${wt_bin}/kernel_faults)
set_tests_properties(cuda_kernel_faults PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" TIMEOUT 300
  PASS_REGULAR_EXPRESSION "kernel launch failed \\(cudaErrorIllegalAddress\\): block \\(1,0,0\\) thread \\(7,0,0\\): an illegal memory access at address 0x10 .*wild store: cudaDeviceSynchronize: cudaErrorIllegalAddress.*stack overflow: cudaDeviceSynchronize: cudaErrorHardwareStackError.*kernel_faults: ok"
  FAIL_REGULAR_EXPRESSION "FAILED" SKIP_REGULAR_EXPRESSION "skipped")
# faults outside kernels: the default action (the test expects SIGSEGV's status, 128 + 11) ...
add_test(NAME cuda_host_fault_default
         COMMAND sh -c "ulimit -c 0; ${wt_emu_sh} ${wt_bin}/host_fault_default 2>&1; echo \"exit status $?\"")
set_tests_properties(cuda_host_fault_default PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
  PASS_REGULAR_EXPRESSION "faulting in host code.*exit status 139" FAIL_REGULAR_EXPRESSION "FAILED"
  SKIP_REGULAR_EXPRESSION "skipped")
# ... or the program's handler, installed before or after warptex's
add_test(NAME cuda_host_fault_chain COMMAND ${wt_emu} ${wt_bin}/host_fault_chain)
set_tests_properties(cuda_host_fault_chain PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
  PASS_REGULAR_EXPRESSION "host_fault_chain: ok" FAIL_REGULAR_EXPRESSION "FAILED" SKIP_REGULAR_EXPRESSION "skipped")
# a fault inside a texture call is not recovered from: said, then SIGSEGV
add_test(NAME cuda_texture_call_fault
         COMMAND sh -c "ulimit -c 0; ${wt_emu_sh} ${wt_bin}/texture_call_fault 2>&1; echo \"exit status $?\"")
set_tests_properties(cuda_texture_call_fault PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
  PASS_REGULAR_EXPRESSION "faulted inside a texture or surface call.*exit status 139"
  FAIL_REGULAR_EXPRESSION "FAILED" SKIP_REGULAR_EXPRESSION "skipped")

# A wild store into mapped memory raises no signal: `warptex-cxx -Xcompiler -fsanitize=address` finds it, as
# compute-sanitizer would.  Not with TSan (the two do not mix), not under qemu-user (ASan's shadow
# memory needs a fixed layout of the address space that the emulator does not give), not without
# the compiler's libasan.
set(wt_asan_skip "")
if(WT_SANITIZER MATCHES "thread")
  set(wt_asan_skip "a ThreadSanitizer build: -fsanitize=address does not mix with it")
elseif(CMAKE_CROSSCOMPILING)
  set(wt_asan_skip "cross-compiled: AddressSanitizer does not run under qemu-user")
else()
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=address")
  set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=address")
  check_cxx_source_compiles("int main() { return 0; }" WT_CXX_HAS_ASAN)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(NOT WT_CXX_HAS_ASAN)
    set(wt_asan_skip "the C++ compiler cannot build with -fsanitize=address (libasan)")
  endif()
endif()
if(wt_asan_skip)
  add_test(NAME cuda_asan_heap_overflow COMMAND ${CMAKE_COMMAND} -E echo "cuda_asan_heap_overflow: skipped, ${wt_asan_skip}")
  set_tests_properties(cuda_asan_heap_overflow PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
else()
  # (an ASan build of warptex leaves SIGSEGV to ASan: the program then skips its caught fault)
  set(wt_asan_lib "")
  set(wt_asan_pass "a fault: cudaErrorIllegalAddress.*then: cudaSuccess.*")
  if(WT_SANITIZER)
    set(wt_asan_lib -DWT_TEST_LIBRARY_SANITIZED=1)
    set(wt_asan_pass "")
  endif()
  wt_cuda_fault_program(asan_heap_overflow ${wt_fault_src}/asan_heap_overflow.cu -Xcompiler -fsanitize=address -O1 -g ${wt_asan_lib})
  add_test(NAME cuda_asan_heap_overflow COMMAND ${wt_bin}/asan_heap_overflow)
  set_tests_properties(cuda_asan_heap_overflow PROPERTIES ENVIRONMENT "${WT_TEST_ENV}"
    PASS_REGULAR_EXPRESSION "${wt_asan_pass}AddressSanitizer: heap-buffer-overflow.*WRITE of size 4")
endif()

# Installed: <prefix>/bin/warptex-cxx builds a CUDA example with the headers and libraries of its
# prefix (the build tree's paths are not used: the installed ones are checked by WARPTEX_CXX_VERBOSE).
if(WT_INSTALL AND TARGET warptex-cxx)
  set(wt_pfx ${CMAKE_CURRENT_BINARY_DIR}/cuda/installed)
  add_test(NAME cuda_cxx_installed
           COMMAND sh -c "rm -rf '${wt_pfx}' && '${CMAKE_COMMAND}' --install '${CMAKE_BINARY_DIR}' --prefix '${wt_pfx}' >/dev/null && WARPTEX_CXX_VERBOSE=1 ${wt_emu_sh} '${wt_pfx}/bin/warptex-cxx' -O1 '${PROJECT_SOURCE_DIR}/examples/cuda/histogram.cu' -o '${wt_pfx}/histogram' > '${wt_pfx}/cxx.log' 2>&1 && grep -q -- '-I${wt_pfx}/include/warptex/cuda' '${wt_pfx}/cxx.log' && ${wt_emu_sh} '${wt_pfx}/histogram'")
  set_tests_properties(cuda_cxx_installed PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" PASS_REGULAR_EXPRESSION "histogram: ok")
endif()

# The example of docs/cuda.md ("An example") compiles with warptex-cxx and runs.
add_test(NAME cuda_doc_example
         COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cuda/doc_example.sh ${PROJECT_SOURCE_DIR}/docs/cuda.md
                 $<TARGET_FILE:warptex-cxx> ${CMAKE_CURRENT_BINARY_DIR}/cuda "${wt_emu_sh}")
set_tests_properties(cuda_doc_example PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" PASS_REGULAR_EXPRESSION "^no error")

# Threads as loops (docs/cuda.md#threads-as-loops): where warptex-cxx compiles with the pass,
# kernels with __syncthreads run as loops.  The fiber scheduler's own test runs on fibers
# (WARPTEX_CUDA_LOOPS=0), and the pass's test runs both ways: as loops, then on fibers.
set_tests_properties(cuda_barrier_scheduling PROPERTIES ENVIRONMENT "${WT_TEST_ENV};WARPTEX_CUDA_LOOPS=0")
add_test(NAME cuda_threads_as_loops_on_fibers COMMAND ${wt_emu} ${CMAKE_CURRENT_BINARY_DIR}/cuda/threads_as_loops)
set_tests_properties(cuda_threads_as_loops_on_fibers PROPERTIES ENVIRONMENT "${WT_TEST_ENV};WARPTEX_CUDA_LOOPS=0"
                     TIMEOUT 300 FAIL_REGULAR_EXPRESSION "FAILED" PASS_REGULAR_EXPRESSION "threads_as_loops: ok")
