#!/bin/sh
# gpu_run.sh -- build the cross-check's kernels and driver with nvcc and run every case on an NVIDIA
# GPU, writing the outputs gpu/results.txt holds (the committed copy came from an H100 this way).
#   tests/crosscheck/gpu_run.sh OUTDIR [NVCC]
# Each case runs in a process of its own, so a case that faulted could not spoil the next.
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$1
NVCC=${2:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
obj=$(mktemp -d)
nvidia-smi -L >"$out/nvidia-smi.txt" 2>&1 || true
"$NVCC" --version | tail -2 >"$out/nvcc-version.txt"
# one object a source, in parallel; -fmad=false as the committed PTX (regenerate.sh)
ls "$here"/xcheck.cu "$here"/glue/*.cu "$here"/kernels/*.cu |
  xargs -P 16 -I{} sh -c '"$0" -c -O2 --fmad=false -arch=sm_90 -std=c++17 -I"$1/include" -I"$1/examples/cuda" "{}" \
      -o "$2/$(basename {} .cu).o"' "$NVCC" "$root" "$obj"
"$NVCC" -arch=sm_90 "$obj"/*.o -o "$obj/xcheck_gpu"
: >"$out/results.txt"
for c in $("$obj/xcheck_gpu" "$here/ptx" --list); do
  "$obj/xcheck_gpu" "$here/ptx" --case "$c" --write "$obj/one.txt" >>"$out/log.txt" 2>&1 || echo "$c: exit $?" >>"$out/log.txt"
  cat "$obj/one.txt" >>"$out/results.txt"
done
grep -c . "$out/results.txt" | sed 's/^/result lines: /'
tail -3 "$out/log.txt"
