# fuzz.cmake -- fuzzers: each tests/fuzz/fuzz_<name>.c defines LLVMFuzzerTestOneInput
# SPDX-License-Identifier: MIT
#
# wt_add_fuzzer(<name>) builds tests/fuzz/fuzz_<name>.c with the standalone
# runner (fuzz_main.c) and registers ctest `fuzz_<name>`: the committed
# corpus tests/fuzz/corpus/<name>, then seeded random inputs (the runner's
# header says how to run longer).  With -DWT_LIBFUZZER=ON and clang it also
# builds fuzz_<name>_libfuzzer for open-ended runs:
#   build/fuzz_api_libfuzzer tests/fuzz/corpus/api
# The sanitizers come from WT_SANITIZER, as for every test.
option(WT_LIBFUZZER "Also build the fuzzers as libFuzzer binaries (clang)" OFF)
function(wt_add_fuzzer name)
  set(src ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_${name}.c)
  add_executable(fuzz_${name} ${src} ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_main.c)
  target_link_libraries(fuzz_${name} PRIVATE warptex_static Threads::Threads)
  add_test(NAME fuzz_${name} COMMAND fuzz_${name} ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/${name})
  set_tests_properties(fuzz_${name} PROPERTIES ENVIRONMENT "${WT_TEST_ENV}" TIMEOUT 300
                       PASS_REGULAR_EXPRESSION "no failures")
  if(WT_LIBFUZZER AND CMAKE_C_COMPILER_ID MATCHES "Clang")
    add_executable(fuzz_${name}_libfuzzer ${src})
    target_compile_options(fuzz_${name}_libfuzzer PRIVATE -fsanitize=fuzzer)
    target_link_options(fuzz_${name}_libfuzzer PRIVATE -fsanitize=fuzzer)
    target_link_libraries(fuzz_${name}_libfuzzer PRIVATE warptex_static Threads::Threads)
  endif()
endfunction()

wt_add_fuzzer(api)
