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

# The CUDA-named headers (include/warptex/cuda, cmake/cuda.cmake) against the toolkit's: error,
# flag and enumerator values, vector type sizes and alignments.
if(WT_CUDA_LAYER AND WT_CUDA_INCLUDE_DIR AND EXISTS ${WT_CUDA_INCLUDE_DIR}/vector_types.h)
  add_library(cuda_values_toolkit OBJECT ${PROJECT_SOURCE_DIR}/tests/cuda_headers/cuda_values_toolkit.cpp)
  target_include_directories(cuda_values_toolkit PRIVATE ${WT_CUDA_INCLUDE_DIR} ${PROJECT_SOURCE_DIR}/include)
  target_compile_options(cuda_values_toolkit PRIVATE -Wno-pedantic -Wno-deprecated-declarations)
  add_executable(cuda_values ${PROJECT_SOURCE_DIR}/tests/cuda_headers/cuda_values_main.cpp
                             ${PROJECT_SOURCE_DIR}/tests/cuda_headers/cuda_values_warptex.cpp
                             $<TARGET_OBJECTS:cuda_values_toolkit>)
  target_link_libraries(cuda_values PRIVATE warptex_cuda)
  add_test(NAME cuda_values_vs_toolkit COMMAND cuda_values)
  set_tests_properties(cuda_values_vs_toolkit PROPERTIES PASS_REGULAR_EXPRESSION "against the CUDA headers: ok")
else()
  add_test(NAME cuda_values_vs_toolkit COMMAND ${CMAKE_COMMAND} -E echo
           "cuda_values_vs_toolkit: skipped, no CUDA toolkit headers or no CUDA layer")
  set_tests_properties(cuda_values_vs_toolkit PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
endif()
