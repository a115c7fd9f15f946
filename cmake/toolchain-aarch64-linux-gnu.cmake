# toolchain-aarch64-linux-gnu.cmake -- cross-compile for 64-bit Arm Linux with Debian's cross tools;
# ctest runs the binaries under qemu-user
# SPDX-License-Identifier: MIT
#
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64-linux-gnu.cmake
#
# (`make test-aarch64` does this, after installing what it needs.)  Debian 12 packages:
#   gcc-aarch64-linux-gnu g++-aarch64-linux-gnu   the compilers; libc, libgomp and libstdc++ for
#                                                 arm64 come with them, in /usr/aarch64-linux-gnu
#   qemu-user                                     qemu-aarch64, which runs the tests
#   and, with `dpkg --add-architecture arm64`, the arm64 builds of the libraries warptex's tests
#   and tools link: libcmocka-dev:arm64 libstb-dev:arm64, plus pkgconf:arm64, which provides
#   aarch64-linux-gnu-pkg-config (it reads the arm64 .pc files in /usr/lib/aarch64-linux-gnu).
#   libsimde-dev is headers only and serves every architecture.
#
# The cross compilers search the multiarch directories (/usr/lib/aarch64-linux-gnu) themselves,
# so no CMAKE_SYSROOT or CMAKE_FIND_ROOT_PATH is set: CMake finds the arm64 libraries through
# CMAKE_LIBRARY_ARCHITECTURE, which it reads from the compiler, as Debian's own cross builds do.
#
# Every executable a test runs is an arm64 binary.  CMAKE_CROSSCOMPILING_EMULATOR makes ctest
# (add_test with a target as its command) and add_custom_command run it through
#   qemu-aarch64 -L <WT_QEMU_LD_PREFIX>
# where -L is the directory in which qemu looks first for the arm64 dynamic loader and the
# libraries it loads.  Test scripts that start binaries themselves (tests/*.cmake, cmake -P) are
# handed the same command.
#
# Which arm64 runtime: Debian has two builds of glibc for arm64, the cross toolchain's
# (libc6-arm64-cross, in /usr/aarch64-linux-gnu, linked against) and the multiarch one
# (libc6:arm64, in /lib/aarch64-linux-gnu, which libcmocka0:arm64 pulls in), of different Debian
# revisions.  A program must not load the dynamic loader of one and libc.so.6 of the other: with
# -L /usr/aarch64-linux-gnu the loader comes from the cross build but libc.so.6 is found in the
# multiarch directory first, and the mix hangs in the first pthread_create.  So where the
# multiarch loader is installed, the whole multiarch runtime is used (-L /: the libraries come
# from /lib/aarch64-linux-gnu and /usr/lib/aarch64-linux-gnu; libgomp1:arm64 and libstdc++6:arm64
# belong to it); the cross build's directory is the choice only where it is the sole runtime.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(WT_CROSS_TRIPLET aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${WT_CROSS_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${WT_CROSS_TRIPLET}-g++)

# pkg-config for arm64 (pkgconf:arm64).  Without it, the host pkg-config told to read only the
# arm64 .pc files does the same.
find_program(WT_CROSS_PKG_CONFIG ${WT_CROSS_TRIPLET}-pkg-config)
if(WT_CROSS_PKG_CONFIG)
  set(PKG_CONFIG_EXECUTABLE ${WT_CROSS_PKG_CONFIG} CACHE FILEPATH "pkg-config for ${WT_CROSS_TRIPLET}")
else()
  set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${WT_CROSS_TRIPLET}/pkgconfig:/usr/share/pkgconfig")
endif()

if(EXISTS /lib/ld-linux-aarch64.so.1)
  set(wt_ld_prefix /)
else()
  set(wt_ld_prefix /usr/${WT_CROSS_TRIPLET})
endif()
set(WT_QEMU_LD_PREFIX ${wt_ld_prefix} CACHE PATH
    "Where qemu-aarch64 finds the arm64 dynamic loader and libraries (its -L option)")
find_program(WT_QEMU_AARCH64 NAMES qemu-aarch64 qemu-aarch64-static)
if(WT_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${WT_QEMU_AARCH64} -L ${WT_QEMU_LD_PREFIX})
endif()
