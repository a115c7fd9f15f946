# cuda.cmake -- CUDA source on the CPU: the runtime (src/cuda, C++17) and the warptex-cxx driver
# SPDX-License-Identifier: MIT
#
# Needs a C++17 compiler and Boost.Context (Debian: libboost-context-dev).  Without either the
# CUDA layer is left out with a message, and its tests report themselves skipped
# (tests/cuda.cmake reads WT_CUDA_LAYER).
set(WT_CUDA_LAYER OFF)

# The launch-syntax rewriter of warptex-cxx is plain C: built wherever tools or tests are, with
# or without the rest of the layer (its tests run everywhere).  Its inline asm() rewriting
# (tools/cxx/cuda_asm.c) checks each template with the PTX front end (src/ptx/ptx_snippet.c).
if(WT_BUILD_TOOLS OR WT_BUILD_TESTS)
  add_library(wt_cuda_rewrite STATIC ${PROJECT_SOURCE_DIR}/tools/cxx/cuda_rewrite.c
                                     ${PROJECT_SOURCE_DIR}/tools/cxx/cuda_asm.c
                                     ${PROJECT_SOURCE_DIR}/tools/cxx/text_buf.c)
  target_include_directories(wt_cuda_rewrite PUBLIC ${PROJECT_SOURCE_DIR}/tools/cxx
                                             PRIVATE ${PROJECT_SOURCE_DIR}/src/ptx ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(wt_cuda_rewrite PUBLIC warptex_static)
endif()
include(CheckLanguage)
check_language(CXX)
if(CMAKE_CXX_COMPILER)
  enable_language(CXX)
  set(CMAKE_CXX_STANDARD 17)
  set(CMAKE_CXX_STANDARD_REQUIRED ON)
  set(CMAKE_CXX_EXTENSIONS OFF)
  find_path(WT_BOOST_CONTEXT_INCLUDE boost/context/fiber.hpp)
  find_library(WT_BOOST_CONTEXT_LIB boost_context)
  if(NOT WT_BOOST_CONTEXT_LIB AND CMAKE_CROSSCOMPILING AND CMAKE_LIBRARY_ARCHITECTURE)
    # Debian's -dev packages of Boost are not co-installable across architectures, but the
    # runtime library is (libboost-context1.74.0:arm64, which `make test-aarch64` installs); its
    # headers are the host's, which serve every architecture.  Link the versioned file.
    file(GLOB wt_boost_ctx /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/libboost_context.so.*)
    if(wt_boost_ctx)
      list(GET wt_boost_ctx 0 wt_boost_ctx)
      set(WT_BOOST_CONTEXT_LIB ${wt_boost_ctx} CACHE FILEPATH "Boost.Context for ${CMAKE_LIBRARY_ARCHITECTURE}" FORCE)
    endif()
  endif()
  if(WT_BOOST_CONTEXT_INCLUDE AND WT_BOOST_CONTEXT_LIB)
    # The library must link for this target (a cross build must not pick the host's).
    include(CheckCXXSourceCompiles)
    set(CMAKE_REQUIRED_INCLUDES ${WT_BOOST_CONTEXT_INCLUDE})
    set(CMAKE_REQUIRED_LIBRARIES ${WT_BOOST_CONTEXT_LIB})
    check_cxx_source_compiles("#include <boost/context/fiber.hpp>
      int main() { namespace c = boost::context; c::fiber f{[](c::fiber &&m) { return std::move(m); }};
                   f = std::move(f).resume(); return f ? 1 : 0; }" WT_BOOST_CONTEXT_LINKS)
    unset(CMAKE_REQUIRED_INCLUDES)
    unset(CMAKE_REQUIRED_LIBRARIES)
  endif()
  if(WT_BOOST_CONTEXT_LINKS)
    set(WT_CUDA_LAYER ON)
  else()
    message(STATUS "warptex: Boost.Context not found or not linkable for this target (libboost-context-dev): "
                   "the CUDA layer (src/cuda, warptex-cxx, examples/cuda) is left out")
  endif()
else()
  message(STATUS "warptex: no C++ compiler: the CUDA layer is left out")
endif()

if(WT_CUDA_LAYER)
  file(GLOB WT_CUDA_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/cuda/*.cpp)
  add_library(warptex_cuda STATIC ${WT_CUDA_SOURCES})
  # A fiber's first frame (launch.cpp's worker_entry) starts with a zero frame pointer
  # (context_switch.cpp); kept as a frame pointer, it ends the chain there, so an unwinder walking a
  # kernel's frames (AddressSanitizer's report, a profiler) stops at the fiber's bottom instead of
  # reading stale words of a pooled stack, which could fault inside the unwinder.
  set_source_files_properties(${PROJECT_SOURCE_DIR}/src/cuda/launch.cpp PROPERTIES COMPILE_OPTIONS -fno-omit-frame-pointer)
  set_target_properties(warptex_cuda PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(warptex_cuda PUBLIC ${PROJECT_SOURCE_DIR}/include/warptex/cuda ${PROJECT_SOURCE_DIR}/include
                                          PRIVATE ${PROJECT_SOURCE_DIR}/src ${WT_BOOST_CONTEXT_INCLUDE})
  target_link_libraries(warptex_cuda PUBLIC warptex_static ${WT_BOOST_CONTEXT_LIB})
  if(OpenMP_C_FOUND)
    target_link_libraries(warptex_cuda PUBLIC OpenMP::OpenMP_C)
  endif()
endif()

# warptex-cxx: nvcc's command line (tools/cxx/nvcc_options.c); rewrites <<< >>> (tools/cxx/cuda_rewrite.c,
# cuda_mirror.c) and runs the C++ compiler with this
# build's headers and libraries, and the sanitizer flags of this build.  A tool: not configured
# in a parent project's add_subdirectory(warptex) unless it asks for tools or tests.
if(WT_CUDA_LAYER AND (WT_BUILD_TOOLS OR WT_BUILD_TESTS))
  set(WT_CXX_FLAGS "-std=c++17 -ffp-contract=off -fno-fast-math")
  set(WT_CXX_LINK "-lpthread -lm")
  if(OpenMP_C_FOUND)
    set(WT_CXX_LINK "${OpenMP_C_FLAGS} ${WT_CXX_LINK}")
  endif()
  if(WT_SANITIZER)
    set(WT_CXX_FLAGS "${WT_CXX_FLAGS} -fsanitize=${WT_SANITIZER} -fno-omit-frame-pointer -fno-sanitize-recover=all")
    set(WT_CXX_LINK "-fsanitize=${WT_SANITIZER} ${WT_CXX_LINK}")
  endif()
  # Threads as loops (tools/cxx/threads_as_loops_pass.cpp, docs/cuda.md#threads-as-loops): a pass
  # plugin for Debian's clang, built against the LLVM of clang's own version (llvm-dev).  With it,
  # warptex-cxx compiles .cu files with that clang and the pass, unless -ccbin or WARPTEX_CXX names
  # another compiler.  Not for a cross build, and not where the sanitizers are gcc's (clang's
  # runtimes would not link with them).
  set(WT_CXX_LOOPS_COMPILER "")
  set(WT_CXX_LOOPS_PLUGIN "")
  find_program(WT_LOOPS_CLANGXX NAMES clang++)
  if(WT_LOOPS_CLANGXX AND NOT CMAKE_CROSSCOMPILING AND (NOT WT_SANITIZER OR CMAKE_CXX_COMPILER_ID STREQUAL "Clang"))
    execute_process(COMMAND ${WT_LOOPS_CLANGXX} -dumpversion OUTPUT_VARIABLE wt_clang_version OUTPUT_STRIP_TRAILING_WHITESPACE)
    string(REGEX MATCH "^[0-9]+" wt_clang_major "${wt_clang_version}")
    find_package(LLVM ${wt_clang_major} CONFIG QUIET PATHS /usr/lib/llvm-${wt_clang_major}/lib/cmake/llvm NO_DEFAULT_PATH)
    if(LLVM_FOUND AND LLVM_VERSION_MAJOR STREQUAL wt_clang_major)
      add_library(warptex_loops MODULE ${PROJECT_SOURCE_DIR}/tools/cxx/threads_as_loops_pass.cpp)
      target_include_directories(warptex_loops SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
      separate_arguments(wt_llvm_defs UNIX_COMMAND "${LLVM_DEFINITIONS}")
      target_compile_definitions(warptex_loops PRIVATE ${wt_llvm_defs})
      target_compile_options(warptex_loops PRIVATE -fno-rtti)
      # the plugin's symbols come from the clang that loads it; no sanitizer runtime of its own
      set_target_properties(warptex_loops PROPERTIES PREFIX "" OUTPUT_NAME warptex-loops)
      if(WT_SANITIZER)
        target_compile_options(warptex_loops PRIVATE -fno-sanitize=all)
        target_link_options(warptex_loops PRIVATE -fno-sanitize=all)
      endif()
      set(WT_CXX_LOOPS_COMPILER ${WT_LOOPS_CLANGXX})
      set(WT_CXX_LOOPS_PLUGIN $<TARGET_FILE:warptex_loops>)
      if(WT_INSTALL)
        install(TARGETS warptex_loops LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/warptex)
      endif()
    else()
      message(STATUS "warptex: no LLVM ${wt_clang_major} development files (llvm-dev) for ${WT_LOOPS_CLANGXX}: "
                     "kernels with __syncthreads run on fibers only (docs/cuda.md#threads-as-loops)")
    endif()
  endif()
  add_executable(warptex-cxx ${PROJECT_SOURCE_DIR}/tools/cxx/warptex_cxx.c ${PROJECT_SOURCE_DIR}/tools/cxx/nvcc_options.c
                             ${PROJECT_SOURCE_DIR}/tools/cxx/cuda_mirror.c)
  target_link_libraries(warptex-cxx PRIVATE wt_cuda_rewrite)
  target_compile_definitions(warptex-cxx PRIVATE
    WT_CXX_COMPILER="${CMAKE_CXX_COMPILER}"
    WT_CXX_INCLUDE="${PROJECT_SOURCE_DIR}/include"
    WT_CXX_FLAGS="${WT_CXX_FLAGS}"
    WT_CXX_LIBS="$<TARGET_FILE:warptex_cuda> $<TARGET_FILE:warptex_static> ${WT_BOOST_CONTEXT_LIB}"
    WT_CXX_BOOST_CONTEXT="${WT_BOOST_CONTEXT_LIB}"
    WT_CXX_LINK="${WT_CXX_LINK}"
    WT_CXX_AR="${CMAKE_AR}"
    WT_CXX_VERSION="${PROJECT_VERSION}"
    WT_CXX_CUDA_VERSION="13.0"
    WT_CXX_LOOPS_COMPILER="${WT_CXX_LOOPS_COMPILER}"
    WT_CXX_LOOPS_PLUGIN="${WT_CXX_LOOPS_PLUGIN}")
  if(TARGET warptex_loops)
    add_dependencies(warptex-cxx warptex_loops)
  endif()
  # Installed, warptex-cxx finds the headers and libraries beside itself (../include, ../lib).
  file(RELATIVE_PATH wt_bin_to_prefix ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR} ${CMAKE_INSTALL_PREFIX})
  target_compile_definitions(warptex-cxx PRIVATE
    WT_CXX_INSTALLED_INCLUDE="${CMAKE_INSTALL_INCLUDEDIR}"
    WT_CXX_INSTALLED_LIBS="${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:warptex_cuda> ${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:warptex_static>"
    WT_CXX_INSTALLED_LOOPS_PLUGIN="${CMAKE_INSTALL_LIBDIR}/warptex/warptex-loops.so"
    WT_CXX_BIN_TO_PREFIX="${wt_bin_to_prefix}")
  add_dependencies(warptex-cxx warptex_cuda warptex_static)
  if(WT_INSTALL)
    install(TARGETS warptex_cuda ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
    install(TARGETS warptex-cxx RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    # the CMake package's warptex_cuda_sources() (cmake/warptex-cuda.cmake.in)
    set(WT_CUDA_LIB_NAME ${CMAKE_STATIC_LIBRARY_PREFIX}warptex_cuda${CMAKE_STATIC_LIBRARY_SUFFIX})
    configure_file(${PROJECT_SOURCE_DIR}/cmake/warptex-cuda.cmake.in ${PROJECT_BINARY_DIR}/warptex-cuda.cmake @ONLY)
    install(FILES ${PROJECT_BINARY_DIR}/warptex-cuda.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/warptex)
  endif()
endif()

# bench/cuda/barrier_cuda.cu: the CPU cost of a __syncthreads per thread (run <build>/warptex-bench-barrier)
if(WT_CUDA_LAYER AND WT_BUILD_BENCH AND TARGET warptex-cxx)
  set(wt_barrier ${CMAKE_CURRENT_BINARY_DIR}/warptex-bench-barrier)
  add_custom_command(OUTPUT ${wt_barrier}
    COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:warptex-cxx> -O3 -Xcompiler -Wall,-Wextra,-Werror
            ${PROJECT_SOURCE_DIR}/bench/cuda/barrier_cuda.cu -o ${wt_barrier}
    DEPENDS ${PROJECT_SOURCE_DIR}/bench/cuda/barrier_cuda.cu warptex-cxx warptex_cuda warptex_static
    COMMENT "warptex-cxx bench/cuda/barrier_cuda.cu" VERBATIM)
  add_custom_target(warptex_bench_barrier ALL DEPENDS ${wt_barrier})
endif()
