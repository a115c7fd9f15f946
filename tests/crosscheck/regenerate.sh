#!/bin/sh
# regenerate.sh -- remake the cross-check's committed PTX (ptx/*.ptx) from the kernel sources (needs
# nvcc; the test never does).  -O3 --fmad=false: warptex-cxx never contracts a * b + c into an fma,
# so neither may nvcc, or the two doors would differ by design.  sm_90, as the GPU results.
#   NVCC=/path/to/nvcc tests/crosscheck/regenerate.sh
# SPDX-License-Identifier: MIT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { echo "regenerate.sh: nvcc not found (set NVCC)" >&2; exit 1; }
"$NVCC" --version | tail -2
ptx() { # source name
  "$NVCC" -ptx -O3 --fmad=false -arch=sm_90 -I"$root/include" -I"$root/examples/cuda" "$1" -o "$here/ptx/$2.ptx"
  echo "regenerated ptx/$2.ptx"
}
mkdir -p "$here/ptx"
for cu in "$here"/kernels/*.cu "$root"/tests/ptx/fixtures/*.cu "$root"/examples/cuda/*.cu "$root"/examples/ptx/*.cu; do
  ptx "$cu" "$(basename "$cu" .cu)"
done
