#!/bin/sh
# cpu_without_avx512.sh -- the warptex command on a CPU without AVX-512, for real: under valgrind
# SPDX-License-Identifier: MIT
#
#   cpu_without_avx512.sh WARPTEX WORK_DIR
#
# valgrind's CPU has AVX2 and FMA but not AVX-512 (it does not emulate it), so a build with the
# avx512 backend compiled in must run there without one AVX-512 instruction: choose avx2, refuse
# WARPTEX_BACKEND=avx512 with a message, and resample an image (texture objects created, kernels
# bound, warps sampled, mipmaps built) to the very bytes the native run writes.  The hook-based
# test_backend_cpu_lacks checks the rule on every backend; this checks the machine code.
# Exit 77 (skipped) without valgrind, where valgrind cannot run even `true`, or where the native CPU has no AVX-512 to leave out.
set -eu
exe=$1
work=$2
if ! command -v valgrind >/dev/null 2>&1; then
  echo "cpu_without_avx512: SKIPPED, valgrind is not installed (apt-get install valgrind)"
  exit 77
fi
if ! "$exe" info | grep -q "^backend in use: *avx512"; then
  echo "cpu_without_avx512: SKIPPED, the native backend is not avx512 (nothing to leave out)"
  exit 77
fi
mkdir -p "$work"
# valgrind reads the program's debug information, and 3.19 gives up on some DWARF 5 (clang 14's):
# it runs a copy without it, the same machine code.
vexe=$exe
if command -v objcopy >/dev/null 2>&1 && objcopy --strip-debug "$exe" "$work/warptex.nodebug" 2>/dev/null; then
  vexe=$work/warptex.nodebug
fi
vg="valgrind --tool=none --error-exitcode=99 -q"
# Some machines cannot run valgrind at all (a sandbox without the system calls it needs, a CPU it
# does not know): that is the machine's limit, not warptex's, and says so.
if ! $vg true > "$work/probe.txt" 2>&1; then
  sed 's/^/  /' "$work/probe.txt"
  echo "cpu_without_avx512: SKIPPED, valgrind cannot run a program on this machine (above)"
  exit 77
fi
$vg "$vexe" info > "$work/info.txt" 2>&1 || { cat "$work/info.txt"; echo "FAIL: warptex info under valgrind"; exit 1; }
grep -q "^backend in use: *avx2" "$work/info.txt" || { cat "$work/info.txt"; echo "FAIL: valgrind's CPU should run avx2"; exit 1; }
WARPTEX_BACKEND=avx512 $vg "$vexe" info > "$work/forced.txt" 2>&1 ||
  { cat "$work/forced.txt"; echo "FAIL: WARPTEX_BACKEND=avx512 warptex info under valgrind"; exit 1; }
grep -q 'WARPTEX_BACKEND="avx512" ignored: the CPU lacks it' "$work/forced.txt" ||
  { cat "$work/forced.txt"; echo "FAIL: WARPTEX_BACKEND=avx512 must be refused with a message"; exit 1; }
"$exe" demo-image "$work/in.png" --size 96x64 > /dev/null
for mode in "--filter linear --rotate 20 --scale 1.7" "--mipmaps --scale 0.25 --rotate 30"; do
  # shellcheck disable=SC2086
  "$exe" resample "$work/in.png" "$work/native.png" $mode > /dev/null
  # shellcheck disable=SC2086
  $vg "$vexe" resample "$work/in.png" "$work/valgrind.png" $mode > "$work/vg.txt" 2>&1 ||
    { cat "$work/vg.txt"; echo "FAIL: resample $mode under valgrind"; exit 1; }
  cmp "$work/native.png" "$work/valgrind.png" || { echo "FAIL: resample $mode differs on avx2"; exit 1; }
done
echo "cpu_without_avx512: avx2 chosen, avx512 refused, resample byte-identical to the native avx512 run"
