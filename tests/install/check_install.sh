#!/bin/sh
# check_install.sh -- install warptex into a scratch prefix, then build and run the README
# example against it through pkg-config, shared and static.
# SPDX-License-Identifier: MIT
# usage: check_install.sh BUILD_DIR SOURCE_DIR C_COMPILER
set -eu
build=$1 src=$2 cc=$3
prefix=$build/install-check
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
pcdir=$(dirname "$(find "$prefix" -name warptex.pc | head -1)")
export PKG_CONFIG_PATH=$pcdir
libdir=$(pkg-config --variable=libdir warptex)
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "$src/tests/install/example_readme.c" \
    $(pkg-config --cflags --libs warptex) -o "$prefix/example_shared"
LD_LIBRARY_PATH=$libdir "$prefix/example_shared"
"$cc" -std=c11 "$src/tests/install/example_readme.c" $(pkg-config --cflags warptex) \
    "$libdir/libwarptex.a" $(pkg-config --static --libs-only-other --libs-only-l warptex | sed 's/-lwarptex//') \
    -o "$prefix/example_static"
"$prefix/example_static"
echo "install check: ok"
