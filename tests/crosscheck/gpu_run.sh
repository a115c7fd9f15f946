#!/bin/sh
# gpu_run.sh -- build the cross-check's kernels and driver with nvcc and run every case on an NVIDIA
# GPU, writing the outputs gpu/results.txt holds (the committed copy came from an H200 this way).
#   tests/crosscheck/gpu_run.sh OUTDIR [NVCC]
# Each case runs in a process of its own, so a case that faulted could not spoil the next.  A case
# that fails is run again from a second build whose fixture sources leave out their inline-PTX
# kernels (-D__WARPTEX_CUDA__ on the glue, as warptex-cxx's build): a module the driver refuses
# to load takes every kernel of its source with it.
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$1
NVCC=${2:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
obj=$(mktemp -d)
mkdir -p "$obj/noasm"
nvidia-smi -L >"$out/nvidia-smi.txt" 2>&1 || true
"$NVCC" --version | tail -2 >"$out/nvcc-version.txt"
# one object a source, in parallel; -fmad=false as the committed PTX (regenerate.sh)
flags="-O2 --fmad=false -arch=sm_90 -std=c++17 -I$root/include -I$root/examples/cuda"
ls "$here"/xcheck.cu "$here"/glue/*.cu "$here"/kernels/*.cu |
  xargs -P 16 -I{} sh -c '"$0" -c $1 "{}" -o "$2/$(basename {} .cu).o"' "$NVCC" "$flags" "$obj"
ls "$here"/glue/[a-z]*.cu | grep -v /ex_ |
  xargs -P 16 -I{} sh -c '"$0" -c $1 -D__WARPTEX_CUDA__ "{}" -o "$2/noasm/$(basename {} .cu).o"' "$NVCC" "$flags" "$obj"
"$NVCC" -arch=sm_90 "$obj"/*.o -o "$obj/xcheck_gpu"
for o in "$obj"/*.o; do [ -e "$obj/noasm/$(basename "$o")" ] || cp "$o" "$obj/noasm/"; done
"$NVCC" -arch=sm_90 "$obj"/noasm/*.o -o "$obj/xcheck_gpu_noasm"
: >"$out/results.txt"
for c in $("$obj/xcheck_gpu" "$here/ptx" --list); do
  if ! "$obj/xcheck_gpu" "$here/ptx" --case "$c" --write "$obj/one.txt" >>"$out/log.txt" 2>&1; then
    echo "$c: failed in the full build; again without the inline-PTX kernels" >>"$out/log.txt"
    if ! "$obj/xcheck_gpu_noasm" "$here/ptx" --case "$c" --write "$obj/one.txt" >>"$out/log.txt" 2>&1; then
      echo "$c: failed in both builds" >>"$out/log.txt"
      why=$(CUDA_MODULE_LOADING=EAGER "$obj/xcheck_gpu" "$here/ptx" --case "$c" 2>&1 | sed -n 's/.*door: //p' | head -1)
      echo "$c#unavailable with eager module loading the program's first CUDA call fails: $why (the build without the inline-PTX kernels lacks it)" >"$obj/one.txt"
    fi
  fi
  cat "$obj/one.txt" >>"$out/results.txt"
done
grep -c . "$out/results.txt" | sed 's/^/result lines: /'
grep "unavailable" "$out/results.txt" || true
