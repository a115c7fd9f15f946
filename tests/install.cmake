# install.cmake -- ctest: `cmake --install` into a scratch prefix and build the README example
# against it with pkg-config (checks headers, libraries and warptex.pc together).
# SPDX-License-Identifier: MIT
find_program(WT_SH sh)
if(WT_SH AND NOT WT_SANITIZER)
  add_test(NAME install_pkgconfig
           COMMAND ${WT_SH} ${PROJECT_SOURCE_DIR}/tests/install/check_install.sh
                   ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER})
  set_tests_properties(install_pkgconfig PROPERTIES PASS_REGULAR_EXPRESSION "install check: ok"
                       TIMEOUT 120)
endif()
