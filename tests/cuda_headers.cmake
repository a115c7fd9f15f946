# cuda_headers.cmake -- ctest: warptex's CUDA-mirroring enumerators against the CUDA toolkit's headers, where installed
# SPDX-License-Identifier: MIT
#
# The toolkit is optional: without it the test reports itself skipped
# (test_enum_values checks the numbers written out everywhere).
find_path(WT_CUDA_INCLUDE_DIR texture_types.h
          PATHS $ENV{CUDA_PATH}/include /usr/local/cuda/include /usr/include NO_CMAKE_FIND_ROOT_PATH)
if(WT_CUDA_INCLUDE_DIR AND EXISTS ${WT_CUDA_INCLUDE_DIR}/driver_types.h)
  add_executable(enum_cuda_headers ${PROJECT_SOURCE_DIR}/tests/cuda_headers/enum_cuda_headers.c)
  target_include_directories(enum_cuda_headers PRIVATE ${WT_CUDA_INCLUDE_DIR})
  # the toolkit's headers are not -Wpedantic clean in every version
  target_compile_options(enum_cuda_headers PRIVATE -Wno-pedantic)
  target_link_libraries(enum_cuda_headers PRIVATE warptex_static)
  add_test(NAME enum_cuda_headers COMMAND enum_cuda_headers)
  set_tests_properties(enum_cuda_headers PROPERTIES PASS_REGULAR_EXPRESSION "against the CUDA headers: ok")
else()
  add_test(NAME enum_cuda_headers COMMAND ${CMAKE_COMMAND} -E echo
           "enum_cuda_headers: skipped, no CUDA toolkit headers (driver_types.h) found")
  set_tests_properties(enum_cuda_headers PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
endif()
