# check_install.cmake -- the install tests' driver (registered by tests/install.cmake)
# SPDX-License-Identifier: MIT
#
#   cmake -DSTEP=<step> -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK=... -DVERSION=x.y.z
#         -DLIBDIR=lib -DBINDIR=bin -DINCLUDEDIR=include -DCC=... [-DGENERATOR=...]
#         [-DOPENMP=ON|OFF] [-DTOOLS=ON|OFF] [-DBENCH=ON|OFF] [-DCUDA=ON|OFF -DCXX=<C++ compiler>]
#         [-DTOOLCHAIN=<toolchain file> -DEMULATOR=<command;args>] -P check_install.cmake
#
# Steps (each one ctest test; all but add_subdirectory use the prefix the first one makes):
#   prefix            a clean `cmake --install` into WORK/prefix; the files a user expects are there
#   find_package      a C project: find_package(warptex CONFIG REQUIRED), the default target
#                     links libwarptex.so, warptex::warptex_static links libwarptex.a
#   find_package_cxx  a C++-only project: COMPONENTS static and warptex_USE_STATIC_LIBS
#   add_subdirectory  a parent project that builds warptex from SOURCE_DIR in a fresh directory
#   pkgconfig         cc + pkg-config, shared and --static (libwarptex.a), the README's example and
#                     the whole programs of docs/api.md
#   tools             the installed warptex and warptex-bench, run with LD_LIBRARY_PATH unset
#   cuda_cmake        a CMake project's .cu sources built by the installed warptex-cxx through the
#                     package's warptex_cuda_sources(), run; a header edit rebuilds its .cu
# Every consumer is tests/install/consumer.c, which checks sampled values and exits 1 on a
# mismatch; each one is run, and how it linked warptex is read from its dynamic section.
# A cross build (TOOLCHAIN given) configures every consumer project with the same toolchain file
# and runs each program, the consumers' and the installed commands, through EMULATOR.
cmake_minimum_required(VERSION 3.16)

set(prefix ${WORK}/prefix)
set(consumer ${SOURCE_DIR}/tests/install/consumer.c)
# Nested builds are independent of a make that may have started ctest, the install goes to the
# scratch prefix itself, and nothing finds libraries through LD_LIBRARY_PATH.
set(clean_env ${CMAKE_COMMAND} -E env --unset=MAKEFLAGS --unset=MFLAGS --unset=MAKELEVEL
    --unset=DESTDIR --unset=PKG_CONFIG_SYSROOT_DIR --unset=LD_LIBRARY_PATH)

# wt_regex(<out var> <text>): text as a regular expression that matches only itself.
function(wt_regex out text)
  string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# wt_run(<what> <command...>): run, show the output, stop on a nonzero exit; the output is left
# in wt_out.
function(wt_run what)
  execute_process(COMMAND ${clean_env} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE out)
  string(REPLACE ";" " " cmdline "${ARGN}")
  message("---- ${what}\n$ ${cmdline}\n${out}-> exit ${rc}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what}: failed (exit ${rc})")
  endif()
  set(wt_out "${out}" PARENT_SCOPE)
endfunction()

# wt_expect(<output regex> <what> <command...>): as wt_run, and the output must match.
function(wt_expect re what)
  wt_run("${what}" ${ARGN})
  if(NOT wt_out MATCHES "${re}")
    message(FATAL_ERROR "${what}: output does not match '${re}'")
  endif()
  set(wt_out "${wt_out}" PARENT_SCOPE)
endfunction()

# wt_linkage(<exe> shared|static [<dir libwarptex.so must come from>]): the dynamic section
# names libwarptex.so.N (shared) or no libwarptex at all (static); a shared one must resolve
# into the given directory through the executable's own run path.  Resolved as ldd does it: the
# program's own dynamic loader (its PT_INTERP) with --list, through the emulator when cross.
function(wt_linkage exe kind)
  find_program(READELF NAMES readelf llvm-readelf)
  if(NOT READELF)
    message(FATAL_ERROR "readelf is needed to check how ${exe} links warptex")
  endif()
  execute_process(COMMAND ${READELF} -d ${exe} OUTPUT_VARIABLE dyn RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "readelf -d ${exe} failed")
  endif()
  string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[[^]]*\\]" needed "${dyn}")
  message("---- ${exe} needs: ${needed}")
  if(kind STREQUAL "shared")
    if(NOT needed MATCHES "libwarptex\\.so\\.[0-9]+")
      message(FATAL_ERROR "${exe} does not link libwarptex.so (NEEDED: ${needed})")
    endif()
    if(ARGC GREATER 2)
      set(list_deps ldd ${exe})
      if(EMULATOR)
        execute_process(COMMAND ${READELF} -l ${exe} OUTPUT_VARIABLE phdrs RESULT_VARIABLE rc)
        if(NOT rc EQUAL 0 OR NOT phdrs MATCHES "program interpreter: ([^]\n]+)\\]")
          message(FATAL_ERROR "readelf -l ${exe}: no program interpreter\n${phdrs}")
        endif()
        set(list_deps ${EMULATOR} ${CMAKE_MATCH_1} --list ${exe})
      endif()
      execute_process(COMMAND ${clean_env} ${list_deps} OUTPUT_VARIABLE ldd RESULT_VARIABLE rc)
      get_filename_component(want "${ARGV2}" REALPATH)
      if(NOT rc EQUAL 0 OR NOT ldd MATCHES "libwarptex\\.so\\.[0-9]+ => ([^ \n]+)")
        message(FATAL_ERROR "ldd ${exe}: libwarptex not resolved\n${ldd}")
      endif()
      get_filename_component(got "${CMAKE_MATCH_1}" DIRECTORY)
      get_filename_component(got "${got}" REALPATH)
      if(NOT got STREQUAL want)
        message(FATAL_ERROR "${exe} loads libwarptex from ${got}, not ${want}")
      endif()
    endif()
  elseif(needed MATCHES "libwarptex")
    message(FATAL_ERROR "${exe} should link libwarptex.a but needs: ${needed}")
  endif()
endfunction()

# wt_cmake_project(<name> <source dir> <configure args...>): configure a fresh build directory
# WORK/<name> and build it (-j2).
function(wt_cmake_project name src)
  set(dir ${WORK}/${name})
  file(REMOVE_RECURSE ${dir})
  set(gen)
  if(GENERATOR)
    set(gen -G ${GENERATOR})
  endif()
  set(toolchain)
  if(TOOLCHAIN)
    set(toolchain -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN})
  endif()
  wt_run("configure ${name}" ${CMAKE_COMMAND} ${gen} -S ${src} -B ${dir} ${toolchain}
         -DCMAKE_C_COMPILER=${CC} -DWT_CONSUMER_SOURCE=${consumer} ${ARGN})
  wt_run("build ${name}" ${CMAKE_COMMAND} --build ${dir} -j 2)
endfunction()

if(STEP STREQUAL "prefix")
  file(REMOVE_RECURSE ${prefix})
  wt_run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
  set(want ${INCLUDEDIR}/warptex.h ${INCLUDEDIR}/warptex/types.h ${LIBDIR}/libwarptex.a
      ${LIBDIR}/libwarptex.so ${LIBDIR}/libwarptex.so.${VERSION} ${LIBDIR}/pkgconfig/warptex.pc
      ${LIBDIR}/cmake/warptex/warptexConfig.cmake
      ${LIBDIR}/cmake/warptex/warptexConfigVersion.cmake)
  string(REGEX MATCH "^[0-9]+" major "${VERSION}")
  list(APPEND want ${LIBDIR}/libwarptex.so.${major})
  if(TOOLS)
    list(APPEND want ${BINDIR}/warptex)
  endif()
  if(BENCH)
    list(APPEND want ${BINDIR}/warptex-bench)
  endif()
  foreach(f ${want})
    if(NOT EXISTS ${prefix}/${f})
      message(FATAL_ERROR "the install lacks ${f}")
    endif()
  endforeach()
  # The package must not point back into the build or source tree.
  file(GLOB_RECURSE installed_cmake ${prefix}/${LIBDIR}/cmake/warptex/*.cmake)
  foreach(f ${installed_cmake} ${prefix}/${LIBDIR}/pkgconfig/warptex.pc)
    file(READ ${f} text)
    string(REPLACE "${prefix}" "<prefix>" text "${text}")   # the prefix lies in the build tree
    foreach(tree ${BUILD_DIR} ${SOURCE_DIR})
      string(FIND "${text}" "${tree}/" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "${f} names ${tree}")
      endif()
    endforeach()
  endforeach()
  message("install check: ok")

elseif(STEP STREQUAL "find_package")
  wt_cmake_project(find_package ${SOURCE_DIR}/tests/install/find_package
                   -DCMAKE_PREFIX_PATH=${prefix} -DWT_EXPECT_PREFIX=${prefix}
                   -DWT_EXPECT_VERSION=${VERSION})
  set(dir ${WORK}/find_package)
  wt_linkage(${dir}/consumer_default shared ${prefix}/${LIBDIR})
  wt_linkage(${dir}/consumer_static static)
  wt_expect("consumer find_package-shared: ok" "run consumer_default"
            ${EMULATOR} ${dir}/consumer_default find_package-shared)
  wt_expect("consumer find_package-static: ok" "run consumer_static"
            ${EMULATOR} ${dir}/consumer_static find_package-static)
  message("install check: ok")

elseif(STEP STREQUAL "find_package_cxx")
  # The C++ compiler of CC's family and target: gcc-12 -> g++-12,
  # aarch64-linux-gnu-gcc -> aarch64-linux-gnu-g++, clang -> clang++; then, for a native
  # build only, any C++ compiler (a cross build must not fall back on the host's).
  get_filename_component(cc_name "${CC}" NAME)
  get_filename_component(cc_dir "${CC}" DIRECTORY)
  set(cxx_names)
  if(cc_name MATCHES "clang")
    string(REPLACE "clang" "clang++" cxx_name "${cc_name}")
    list(APPEND cxx_names ${cxx_name})
  elseif(cc_name MATCHES "gcc")
    string(REGEX REPLACE "gcc" "g++" cxx_name "${cc_name}")
    list(APPEND cxx_names ${cxx_name})
  endif()
  if(NOT TOOLCHAIN)
    if(cc_name MATCHES "clang")
      list(APPEND cxx_names clang++ c++ g++)
    else()
      list(APPEND cxx_names c++ g++ clang++)
    endif()
  endif()
  if(cxx_names)
    find_program(CXX NAMES ${cxx_names} HINTS ${cc_dir})
  endif()
  if(NOT CXX)
    message("install check: skipped, no C++ compiler for ${CC} (tried: ${cxx_names})")
    return()
  endif()
  wt_cmake_project(find_package_cxx ${SOURCE_DIR}/tests/install/find_package_cxx
                   -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix})
  set(dir ${WORK}/find_package_cxx)
  foreach(exe components/consumer_cxx_component_static consumer_cxx_use_static)
    wt_linkage(${dir}/${exe} static)
    wt_expect("consumer ${exe}: ok" "run ${exe}" ${EMULATOR} ${dir}/${exe} ${exe})
  endforeach()
  message("install check: ok")

elseif(STEP STREQUAL "add_subdirectory")
  # Debug: the whole library is compiled again here, and at -O0 far faster than optimised (its
  # kernels are -O3 in every other configuration: the AVX-512 kernels' file takes 10 s of CPU at
  # -O0 against 60 s at -O3); what this step checks, the targets, the flags and the consumers'
  # values, is the same in every configuration.
  wt_cmake_project(add_subdirectory ${SOURCE_DIR}/tests/install/add_subdirectory
                   -DWARPTEX_SOURCE_DIR=${SOURCE_DIR} -DCMAKE_BUILD_TYPE=Debug)
  set(dir ${WORK}/add_subdirectory)
  wt_linkage(${dir}/consumer_subdir shared ${dir}/warptex)
  wt_linkage(${dir}/consumer_subdir_static static)
  wt_expect("consumer add_subdirectory-shared: ok" "run consumer_subdir"
            ${EMULATOR} ${dir}/consumer_subdir add_subdirectory-shared)
  wt_expect("consumer add_subdirectory-static: ok" "run consumer_subdir_static"
            ${EMULATOR} ${dir}/consumer_subdir_static add_subdirectory-static)
  # Compile lines: every library source keeps the exactness flags after the parent's
  # -ffast-math; the parent's own source gets none of warptex's flags.
  if(CMAKE_VERSION VERSION_LESS 3.19)
    message("install check: ok (compile lines not checked: string(JSON) needs CMake 3.19)")
    return()
  endif()
  file(READ ${dir}/compile_commands.json json)
  string(JSON n LENGTH "${json}")
  math(EXPR last "${n} - 1")
  set(lib_sources 0)
  foreach(i RANGE ${last})
    string(JSON file GET "${json}" ${i} file)
    string(JSON cmd GET "${json}" ${i} command)
    separate_arguments(args UNIX_COMMAND "${cmd}")
    string(FIND "${file}" "${SOURCE_DIR}/src/" in_src)
    if(in_src EQUAL 0)
      math(EXPR lib_sources "${lib_sources} + 1")
      list(FIND args -ffast-math fast)
      list(FIND args -fno-fast-math nofast)
      list(FIND args -ffp-contract=off contract)
      list(FIND args -fno-math-errno errno)
      if(nofast LESS fast OR contract LESS nofast OR errno LESS nofast)
        message(FATAL_ERROR "${file} is not compiled exactly (-ffast-math at ${fast}, "
                            "-fno-fast-math at ${nofast}, -ffp-contract=off at ${contract}, "
                            "-fno-math-errno at ${errno}):\n${cmd}")
      endif()
    elseif(file STREQUAL consumer)
      foreach(flag -Wpedantic -ffp-contract=off -fno-fast-math -Werror)
        list(FIND args ${flag} at)
        if(NOT at EQUAL -1)
          message(FATAL_ERROR "warptex's ${flag} reached the parent's ${file}:\n${cmd}")
        endif()
      endforeach()
    endif()
  endforeach()
  if(lib_sources EQUAL 0)
    message(FATAL_ERROR "no library source in ${dir}/compile_commands.json")
  endif()
  message("---- ${lib_sources} library sources compiled with the exactness flags")
  message("install check: ok")

elseif(STEP STREQUAL "pkgconfig")
  find_program(PKG_CONFIG NAMES pkg-config pkgconf)
  if(NOT PKG_CONFIG)
    message(FATAL_ERROR "pkg-config is needed")
  endif()
  set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
  set(dir ${WORK}/pkgconfig)
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  wt_regex(version_re "${VERSION}")
  wt_regex(prefix_re "${prefix}")
  wt_expect("^${version_re}\n$" "pkg-config --modversion" ${PKG_CONFIG} --modversion warptex)
  wt_expect("^${prefix_re}\n$" "pkg-config prefix" ${PKG_CONFIG} --variable=prefix warptex)
  wt_expect("-I${prefix_re}/${INCLUDEDIR}" "pkg-config --cflags" ${PKG_CONFIG} --cflags warptex)
  string(STRIP "${wt_out}" cflags)
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  wt_expect("-lwarptex" "pkg-config --libs" ${PKG_CONFIG} --libs warptex)
  string(STRIP "${wt_out}" libs)
  separate_arguments(libs UNIX_COMMAND "${libs}")
  set(omp_re "")
  if(OPENMP)
    set(omp_re " (-fopenmp[^ \n]*|-l(gomp|omp|iomp5))( |\n)")
  endif()
  wt_expect("-lwarptex.*${omp_re}" "pkg-config --static --libs"
            ${PKG_CONFIG} --static --libs warptex)
  foreach(lib -lpthread -lm)
    if(NOT wt_out MATCHES " ${lib}( |\n)")
      message(FATAL_ERROR "pkg-config --static --libs does not name ${lib}")
    endif()
  endforeach()
  string(STRIP "${wt_out}" static_libs)
  separate_arguments(static_libs UNIX_COMMAND "${static_libs}")
  # The static link names the archive itself, so the linker cannot take the .so beside it.
  list(TRANSFORM static_libs REPLACE "^-lwarptex$" "-l:libwarptex.a")

  set(strict -std=c11 -Wall -Wextra -Wpedantic -Werror)
  wt_run("cc (shared)" ${CC} ${strict} ${consumer} ${cflags} ${libs} -o ${dir}/consumer_shared)
  wt_run("cc (static)" ${CC} ${strict} ${consumer} ${cflags} ${static_libs}
         -o ${dir}/consumer_static)
  wt_linkage(${dir}/consumer_shared shared)
  wt_linkage(${dir}/consumer_static static)
  wt_expect("consumer pkg-config-shared: ok" "run consumer_shared" ${CMAKE_COMMAND} -E env
            LD_LIBRARY_PATH=${prefix}/${LIBDIR} ${EMULATOR} ${dir}/consumer_shared pkg-config-shared)
  wt_expect("consumer pkg-config-static: ok" "run consumer_static"
            ${EMULATOR} ${dir}/consumer_static pkg-config-static)

  # The README's example, exactly as printed there (its first C block), and every whole program
  # (a ```c block with a main) of docs/api.md, built as a user would and run.
  file(READ ${SOURCE_DIR}/README.md readme)
  if(NOT readme MATCHES "```c\n(.*)")
    message(FATAL_ERROR "README.md has no ```c block")
  endif()
  string(FIND "${CMAKE_MATCH_1}" "```" end)
  string(SUBSTRING "${CMAKE_MATCH_1}" 0 ${end} example)
  file(WRITE ${dir}/readme_example.c "${example}")
  set(examples readme_example)
  file(READ ${SOURCE_DIR}/docs/api.md rest)
  set(n 0)
  while(rest MATCHES "```c\n(.*)")
    set(rest "${CMAKE_MATCH_1}")
    string(FIND "${rest}" "```" end)
    string(SUBSTRING "${rest}" 0 ${end} block)
    math(EXPR end "${end} + 3")
    string(SUBSTRING "${rest}" ${end} -1 rest)
    if(block MATCHES "int main\\(")
      math(EXPR n "${n} + 1")
      file(WRITE ${dir}/api_example_${n}.c "${block}")
      list(APPEND examples api_example_${n})
    endif()
  endwhile()
  if(n EQUAL 0)
    message(FATAL_ERROR "docs/api.md has no ```c block with a main(): the extraction no longer finds it")
  endif()
  foreach(e IN LISTS examples)
    wt_run("cc ${e}" ${CC} ${strict} ${dir}/${e}.c ${cflags} ${libs} -lm -o ${dir}/${e})
    wt_run("run ${e}" ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${prefix}/${LIBDIR}
           ${EMULATOR} ${dir}/${e})
  endforeach()
  message("install check: ok")

elseif(STEP STREQUAL "cuda_cmake")
  # warptex_cuda_sources(): .cu sources of a CMake project built by the installed warptex-cxx, run;
  # a header edited rebuilds the .cu that includes it (the depfile names the original headers)
  if(NOT CUDA OR NOT CXX)
    message("install check: skipped, the CUDA layer (warptex-cxx) is not installed")
    return()
  endif()
  set(tests ${WORK}/cuda_cmake-sources)
  file(REMOVE_RECURSE ${tests})
  file(COPY ${SOURCE_DIR}/tests/cxx/separate ${SOURCE_DIR}/tests/cxx/headers DESTINATION ${tests})
  wt_cmake_project(cuda_cmake ${SOURCE_DIR}/tests/install/cuda_cmake -DCMAKE_CXX_COMPILER=${CXX}
                   -DCMAKE_PREFIX_PATH=${prefix} -DWT_CXX_TESTS=${tests})
  set(dir ${WORK}/cuda_cmake)
  wt_expect("separate compilation: ok" "run cuda_separate" ${EMULATOR} ${dir}/cuda_separate)
  wt_expect("launches in headers: ok" "run cuda_headers" ${EMULATOR} ${dir}/cuda_headers)
  file(GLOB_RECURSE depfiles ${dir}/CMakeFiles/cuda_headers.dir/*.d)
  foreach(f ${depfiles})
    file(READ ${f} text)
    if(text MATCHES "warptex-cxx-")
      message(FATAL_ERROR "${f} names warptex-cxx's scratch copies:\n${text}")
    endif()
  endforeach()
  # the build notices an edited header of the program (a .cuh with a launch)
  file(TOUCH ${tests}/headers/nested/more.cuh)
  wt_expect("app\\.cu\\.o" "rebuild after editing a header" ${CMAKE_COMMAND} --build ${dir} -j 2)
  message("install check: ok")

elseif(STEP STREQUAL "tools")
  # Run from the prefix, without LD_LIBRARY_PATH (wt_run unsets it).
  set(bin ${prefix}/${BINDIR})
  if(TOOLS)
    wt_regex(version_re "${VERSION}")
    wt_expect("^warptex ${version_re}\n$" "warptex --version" ${EMULATOR} ${bin}/warptex --version)
    wt_expect("backend in use: +[a-z0-9]+" "warptex info" ${EMULATOR} ${bin}/warptex info)
  endif()
  if(BENCH)
    wt_expect("all checksums consistent" "warptex-bench"
              ${EMULATOR} ${bin}/warptex-bench --quick --reps 1 --threads 1 --workload S1)
  endif()
  message("install check: ok")

else()
  message(FATAL_ERROR "unknown STEP '${STEP}'")
endif()
