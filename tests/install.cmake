# install.cmake -- ctest: warptex as a dependency of other projects.  A clean `cmake --install`
# into a scratch prefix, then three kinds of consumer built and run against it: a CMake package
# user (C, and C++ only), a parent project with add_subdirectory, and cc with pkg-config (shared
# and --static); the installed commands run from the prefix; and a CMake project's .cu sources
# built through the package's warptex_cuda_sources().  tests/install/check_install.cmake
# does the work, one STEP per test.
# SPDX-License-Identifier: MIT
#
# Not under the sanitizers: the installed library and every consumer would need their runtimes.
# Not with absolute install directories either: they would not lie under the scratch prefix.
# Cross-compiled, the consumers are configured with the same toolchain file and run (as the
# installed commands are) through CMAKE_CROSSCOMPILING_EMULATOR.
set(WT_INSTALL_RELATIVE ON)
foreach(d LIBDIR BINDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(WT_INSTALL_RELATIVE OFF)
  endif()
endforeach()
if(NOT WT_SANITIZER AND WT_INSTALL AND WT_INSTALL_RELATIVE)
  set(WT_INSTALL_WORK ${PROJECT_BINARY_DIR}/install-check)
  set(WT_INSTALL_USES_OPENMP OFF)
  if(OpenMP_C_FOUND)
    set(WT_INSTALL_USES_OPENMP ON)
  endif()
  set(WT_INSTALL_TOOLS OFF)
  if(TARGET warptex)
    set(WT_INSTALL_TOOLS ON)
  endif()
  set(WT_INSTALL_BENCH OFF)
  if(TARGET warptex-bench)
    set(WT_INSTALL_BENCH ON)
  endif()
  set(WT_INSTALL_CUDA OFF)
  if(TARGET warptex-cxx)
    set(WT_INSTALL_CUDA ON)
  endif()
  set(WT_INSTALL_TOOLCHAIN "")
  set(WT_INSTALL_EMULATOR "")
  if(CMAKE_CROSSCOMPILING)
    # A relative toolchain path is CMake's: the build directory's first, then the source's.
    set(WT_INSTALL_TOOLCHAIN ${CMAKE_TOOLCHAIN_FILE})
    if(NOT IS_ABSOLUTE "${WT_INSTALL_TOOLCHAIN}")
      if(EXISTS ${PROJECT_BINARY_DIR}/${WT_INSTALL_TOOLCHAIN})
        set(WT_INSTALL_TOOLCHAIN ${PROJECT_BINARY_DIR}/${WT_INSTALL_TOOLCHAIN})
      else()
        set(WT_INSTALL_TOOLCHAIN ${PROJECT_SOURCE_DIR}/${WT_INSTALL_TOOLCHAIN})
      endif()
    endif()
    set(WT_INSTALL_EMULATOR ${CMAKE_CROSSCOMPILING_EMULATOR})
  endif()
  foreach(step prefix find_package find_package_cxx add_subdirectory pkgconfig tools cuda_cmake)
    add_test(NAME install_${step}
             COMMAND ${CMAKE_COMMAND} -DSTEP=${step} -DBUILD_DIR=${PROJECT_BINARY_DIR}
                     -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DWORK=${WT_INSTALL_WORK}
                     -DVERSION=${PROJECT_VERSION} -DLIBDIR=${CMAKE_INSTALL_LIBDIR}
                     -DBINDIR=${CMAKE_INSTALL_BINDIR} -DINCLUDEDIR=${CMAKE_INSTALL_INCLUDEDIR}
                     -DCC=${CMAKE_C_COMPILER} "-DGENERATOR=${CMAKE_GENERATOR}"
                     -DOPENMP=${WT_INSTALL_USES_OPENMP} -DTOOLS=${WT_INSTALL_TOOLS}
                     -DBENCH=${WT_INSTALL_BENCH} -DCUDA=${WT_INSTALL_CUDA} -DCXX=${CMAKE_CXX_COMPILER}
                     "-DTOOLCHAIN=${WT_INSTALL_TOOLCHAIN}"
                     "-DEMULATOR=${WT_INSTALL_EMULATOR}"
                     -P ${PROJECT_SOURCE_DIR}/tests/install/check_install.cmake)
    # Label "once": the result depends on neither the backend, a sanitizer nor the host compiler,
    # so the forced-backend, sanitizer and clang runs leave these out (CTEST_ARGS="-LE once", Makefile).
    set_tests_properties(install_${step} PROPERTIES SKIP_REGULAR_EXPRESSION "install check: skipped"
                         TIMEOUT 120 LABELS once)
    if(step STREQUAL "prefix")
      set_tests_properties(install_${step} PROPERTIES FIXTURES_SETUP wt_install_prefix)
    elseif(step STREQUAL "add_subdirectory")
      # It compiles the whole library from source (twice the time of a test's budget on a loaded
      # 2-core machine with a cross compiler: 118 s measured alone for aarch64).
      # COST: ctest starts it first, so that the rest of the suite runs beside its build rather
      # than after it (it was the last test to end: 81 s of a 121 s suite).
      set_tests_properties(install_${step} PROPERTIES TIMEOUT 900 COST 10000)
    elseif(NOT step STREQUAL "add_subdirectory")
      set_tests_properties(install_${step} PROPERTIES FIXTURES_REQUIRED wt_install_prefix)
    endif()
  endforeach()
endif()
