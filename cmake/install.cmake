# install.cmake -- what `cmake --install` puts under the prefix: the libraries, the headers, the
# CMake package (lib/cmake/warptex) and warptex.pc.  Included by CMakeLists.txt when WT_INSTALL is
# ON; the commands' own install rules sit beside their targets there.
# SPDX-License-Identifier: MIT
include(CMakePackageConfigHelpers)
set(WT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/warptex)
install(TARGETS warptex_shared EXPORT warptexSharedTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS warptex_static EXPORT warptexStaticTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT warptexSharedTargets NAMESPACE warptex:: FILE warptex-shared-targets.cmake
        DESTINATION ${WT_CMAKE_DIR})
install(EXPORT warptexStaticTargets NAMESPACE warptex:: FILE warptex-static-targets.cmake
        DESTINATION ${WT_CMAKE_DIR})
set(WT_USES_OPENMP OFF)
if(OpenMP_C_FOUND)
  set(WT_USES_OPENMP ON)
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/warptexConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/warptexConfig.cmake
                              INSTALL_DESTINATION ${WT_CMAKE_DIR})
# 0.x releases of one major are compatible, as the shared library's SONAME (libwarptex.so.0) says.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/warptexConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/warptexConfig.cmake
              ${PROJECT_BINARY_DIR}/warptexConfigVersion.cmake DESTINATION ${WT_CMAKE_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/warptex.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/warptex DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# warptex.pc.  Libs.private names what libwarptex.a needs: the OpenMP runtime this build linked
# (with its directory when the compiler would not search it), pthread and libm.
set(WT_PC_LIBS_PRIVATE)
if(OpenMP_C_FOUND)
  if(NOT OpenMP_C_LIB_NAMES)
    list(APPEND WT_PC_LIBS_PRIVATE ${OpenMP_C_FLAGS})
  endif()
  foreach(name ${OpenMP_C_LIB_NAMES})
    get_filename_component(dir "${OpenMP_${name}_LIBRARY}" DIRECTORY)
    list(FIND CMAKE_C_IMPLICIT_LINK_DIRECTORIES "${dir}" implicit)
    if(dir AND implicit EQUAL -1)
      list(APPEND WT_PC_LIBS_PRIVATE -L${dir})
    endif()
    list(APPEND WT_PC_LIBS_PRIVATE -l${name})
  endforeach()
endif()
list(APPEND WT_PC_LIBS_PRIVATE -lpthread -lm)
list(REMOVE_DUPLICATES WT_PC_LIBS_PRIVATE)
string(REPLACE ";" " " WT_PC_LIBS_PRIVATE "${WT_PC_LIBS_PRIVATE}")
foreach(d LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(WT_PC_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(WT_PC_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
  endif()
endforeach()
# The prefix is known only at install time (`cmake --install --prefix P`): configure
# everything else now, keeping @WT_PC_PREFIX@ for the install step to fill in.
set(WT_PC_PREFIX "@WT_PC_PREFIX@")
configure_file(${PROJECT_SOURCE_DIR}/cmake/warptex.pc.in ${PROJECT_BINARY_DIR}/warptex.pc.stage
               @ONLY)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(WT_PC_DEST "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
else()
  set(WT_PC_DEST "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig")
endif()
install(CODE "
  set(WT_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${PROJECT_BINARY_DIR}/warptex.pc.stage\"
                 \"${PROJECT_BINARY_DIR}/pkgconfig/warptex.pc\" @ONLY)
  file(INSTALL DESTINATION \"${WT_PC_DEST}\" TYPE FILE
       FILES \"${PROJECT_BINARY_DIR}/pkgconfig/warptex.pc\")
")
