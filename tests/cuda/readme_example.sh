#!/bin/sh
# readme_example.sh README WARPTEX_CXX OUTDIR -- the README's first ```cuda block, compiled with
# warptex-cxx (warnings as errors) and run; it prints CUDA's "no error".
# SPDX-License-Identifier: MIT
set -e
awk '/^```cuda$/ { f = 1; next } /^```$/ { if (f) exit } f' "$1" > "$3/readme_blur.cu"
test -s "$3/readme_blur.cu"
"$2" -O1 -Wall -Wextra -Werror "$3/readme_blur.cu" -o "$3/readme_blur"
"$3/readme_blur"
