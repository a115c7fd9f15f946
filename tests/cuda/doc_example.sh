#!/bin/sh
# doc_example.sh PAGE WARPTEX_CXX OUTDIR [EMULATOR] -- the first ```cuda block of PAGE, compiled
# with warptex-cxx (warnings as errors) and run; it prints CUDA's "no error".  EMULATOR (words, e.g.
# "qemu-aarch64 -L /") runs warptex-cxx and the program in a cross build.
# SPDX-License-Identifier: MIT
set -e
awk '/^```cuda$/ { f = 1; next } /^```$/ { if (f) exit } f' "$1" > "$3/doc_example.cu"
test -s "$3/doc_example.cu"
# shellcheck disable=SC2086 # the emulator is words
${4:-} "$2" -O1 -Xcompiler -Wall,-Wextra,-Werror "$3/doc_example.cu" -o "$3/doc_example"
# shellcheck disable=SC2086
${4:-} "$3/doc_example"
