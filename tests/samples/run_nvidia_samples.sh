#!/bin/sh
# run_nvidia_samples.sh -- build NVIDIA's cuda-samples with warptex-cxx in nvcc's place, run each with
# the arguments of its own self-check, and print a pass/fail table
# SPDX-License-Identifier: MIT
#
#   tests/samples/run_nvidia_samples.sh SAMPLES_DIR [WARPTEX_CXX] [WORK_DIR]
#
# SAMPLES_DIR: a checkout of https://github.com/NVIDIA/cuda-samples (not part of this repository:
# fetch it yourself).  WARPTEX_CXX: default build/warptex-cxx of this checkout.  WORK_DIR: objects,
# programs and logs (default /tmp/warptex-samples).  Not part of `make test`: it needs the samples.
#
# Each .cu file is compiled as the samples' CMake has nvcc compile it:
#   warptex-cxx -O3 -Wno-deprecated-gpu-targets -lineinfo --extended-lambda -rdc=true
#               --generate-code=arch=compute_80,code=[compute_80,sm_80] -I<samples>/Common -c x.cu
# (sources in the sample's folder or its src/, with -I<sample>/inc where it has one), each .cpp file
# with the same -I and -O3 (CMake gives those to the host compiler), then all are
# linked by warptex-cxx (with -lGL -lGLU -lglut for the samples that display, as their CMake links
# them).  The program runs in its source directory (its data/ files are found there), with the
# arguments NVIDIA's own test_args.json gives it, under a limit of WT_SAMPLE_LIMIT seconds (120 by
# default: the issue's two minutes).  cpu_s is the runs' user + system CPU time (where /usr/bin/time
# is installed): on a loaded machine it says what run_s cannot.  A sample passes when every
# run exits 0 without printing "Test failed" or "FAILED" (reduction and warpAggregatedAtomicsCG
# exit 0 either way); exit status 2 is
# NVIDIA's "waived" (the sample says it cannot run here).
# WT_SAMPLES="a b ...": only those samples of the list.
# Exit status: 0 when every sample passed or was waived, 1 otherwise.
set -u

samples=${1:?usage: run_nvidia_samples.sh SAMPLES_DIR [WARPTEX_CXX] [WORK_DIR]}
here=$(cd "$(dirname "$0")/../.." && pwd)
cxx=${2:-$here/build/warptex-cxx}
work=${3:-/tmp/warptex-samples}
limit=${WT_SAMPLE_LIMIT:-120}
samples=$(cd "$samples" && pwd)
case "$cxx" in /*) ;; *) cxx=$(pwd)/$cxx ;; esac
mkdir -p "$work"
cuflags="-O3 -Wno-deprecated-gpu-targets -lineinfo --extended-lambda -rdc=true --generate-code=arch=compute_80,code=[compute_80,sm_80]"

# Samples that need a CUDA library beside the runtime (cuRAND's MonteCarloMultiGPU and MC_*, cuBLAS,
# cuFFT, NPP, Thrust's particles, marchingCubes, cdpAdvancedQuicksort and cdpQuadtree, NVTX, libcu++'s cuda/barrier and cuda/pipeline),
# the driver API (cuda.h) or NVRTC are not in the list: warptex provides the runtime API, not
# those.  Nor are the samples of several devices, IPC or a graphics API other than OpenGL.  Nor
# the timing benchmarks without a quick self-check: graphMemoryFootprint (its kernels spin each
# thread for 5 microseconds of the device clock, some 16 million threads a launch: a GPU runs
# thousands at once) and UnifiedMemoryPerf (a sweep of matrix sizes up to 64 MiB, each timed many
# times); both build and run here, past the time limit.  Nor interval (its own partial copy of
# Boost does not build against Debian's Boost, with nvcc either) or cudaGraphsPerfScaling (NVTX).
# Nor the samples of grid-wide synchronisation (reductionMultiBlockCG, conjugateGradientMultiBlockCG):
# warptex refuses grid_group::sync() and cudaLaunchCooperativeKernel at compile time, saying why
# (a launch runs a few blocks at a time, so no block can wait for all the others).
# name | arguments of each run, runs separated by ';' (empty: one run without arguments) | extra link flags
#      | extra flags for each .cu file (what the sample's CMake adds: OpenMP's -Xcompiler=-fopenmp)
list='
simpleLayeredTexture||
simpleCubemapTexture||
simplePitchLinearTexture||
simpleTexture||
simpleSurfaceWrite||
convolutionTexture||
bicubicTexture|-mode=0 -file=data/0_nearest.ppm;-mode=1 -file=data/1_bilinear.ppm;-mode=2 -file=data/2_bicubic.ppm;-mode=3 -file=data/3_fastcubic.ppm;-mode=4 -file=data/4_catmull-rom.ppm|-lGL -lGLU -lglut
bindlessTexture|-file=data/ref_bindlessTexture.bin|-lGL -lGLU -lglut
boxFilter|-radius=14 -file=data/ref_14.ppm;-radius=22 -file=data/ref_22.ppm|-lGL -lGLU -lglut
HSOpticalFlow||
imageDenoising|-kernel=0 -file=data/ref_passthru.ppm;-kernel=1 -file=data/ref_knn.ppm;-kernel=2 -file=data/ref_nlm.ppm;-kernel=3 -file=data/ref_nlm2.ppm|-lGL -lGLU -lglut
simpleTexture3D|--file=ref_texture3D.bin|-lGL -lGLU -lglut
SobelFilter|-mode=0 -file=data/ref_orig.pgm;-mode=1 -file=data/ref_tex.pgm;-mode=2 -file=data/ref_shared.pgm|-lGL -lGLU -lglut
stereoDisparity||
volumeRender|--file=ref_volume.ppm|-lGL -lGLU -lglut
vectorAdd||
simpleAtomicIntrinsics||
simpleVoteIntrinsics||
simpleTemplates||
simpleCooperativeGroups||
simpleAssert||
clock||
matrixMul||
asyncAPI||
simpleStreams||
simpleCallback||
simpleOccupancy||
reduction||
scan||
histogram||
transpose||
shfl_scan||
threadFenceReduction||
sortingNetworks||
mergeSort||
fastWalshTransform||
convolutionSeparable||
dct8x8||
dxtc||
eigenvalues||
binomialOptions||
BlackScholes||
quasirandomGenerator||
SobolQRNG||
FDTD3d||
dwtHaar1D||
inlinePTX||
warpAggregatedAtomicsCG||
binaryPartitionCG||
simpleAttributes||
simpleHyperQ||
simpleMultiCopy||
simpleZeroCopy||
systemWideAtomics||
template||
simpleMultiGPU||
simplePrintf||
scalarProd||
streamOrderedAllocation||
StreamPriorities||
newdelete||
alignedTypes||
LargeKernelParameter||
bilateralFilter|-radius=5 -file=data/ref_05.ppm;-radius=6 -file=data/ref_06.ppm;-radius=7 -file=data/ref_07.ppm;-radius=8 -file=data/ref_08.ppm|-lGL -lGLU -lglut
recursiveGaussian|-sigma=10 -file=data/ref_10.ppm;-sigma=14 -file=data/ref_14.ppm;-sigma=18 -file=data/ref_18.ppm;-sigma=22 -file=data/ref_22.ppm|-lGL -lGLU -lglut
volumeFiltering|-file=data/ref_volumefilter.ppm|-lGL -lGLU -lglut
Mandelbrot|-mode=0 -file=data/Mandelbrot_fp32.ppm;-mode=1 -file=data/referenceJulia_fp32.ppm|-lGL -lGLU -lglut
FunctionPointers|-mode=0 -file=data/ref_orig.pgm;-mode=1 -file=data/ref_tex.pgm;-mode=2 -file=data/ref_shared.pgm|-lGL -lGLU -lglut
nbody|-benchmark -compare -cpu|-lGL -lGLU -lglut
fp16ScalarProduct||
cudaOpenMP||-Xcompiler=-fopenmp|-Xcompiler=-fopenmp
simpleCudaGraphs||
jacobiCudaGraphs||
graphMemoryNodes||
cdpSimplePrint||
cdpSimpleQuicksort||
cdpBezierTessellation||
graphConditionalNodes||
deviceQuery||
topologyQuery||
'

printf '%-26s %-8s %8s %8s %8s  %s\n' sample result build_s run_s cpu_s note
seen=' '
echo "$list" | while IFS='|' read -r name runs libs cuextra; do
    [ -n "$name" ] || continue
    case " ${WT_SAMPLES:-$name} " in *" $name "*) ;; *) continue ;; esac
    case "$seen" in *" $name "*) continue ;; esac
    seen="$seen$name "
    dir=$(ls -d "$samples"/Samples/*/"$name" 2>/dev/null | head -n 1)
    if [ -z "$dir" ]; then
        printf '%-26s %-8s %8s %8s  %s\n' "$name" MISSING - - "not in $samples"
        continue
    fi
    out=$work/$name
    rm -rf "$out" && mkdir -p "$out"
    log=$out/build.log
    t0=$(date +%s)
    ok=1
    objs=
    incs=-I"$samples/Common"
    [ -d "$dir/inc" ] && incs="$incs -I$dir/inc" # samples laid out as src/ and inc/ (FDTD3d)
    for src in "$dir"/*.cu "$dir"/*.cpp "$dir"/src/*.cu "$dir"/src/*.cpp; do
        [ -f "$src" ] || continue
        obj=$out/$(basename "$src").o
        case "$src" in
        *.cu) flags="$cuflags $cuextra" ;;
        *) flags=-O3 ;;
        esac
        # shellcheck disable=SC2086
        if ! (cd "$dir" && "$cxx" $flags $incs -c "$src" -o "$obj") >>"$log" 2>&1; then
            ok=0
            break
        fi
        objs="$objs $obj"
    done
    # shellcheck disable=SC2086
    [ $ok = 1 ] && { "$cxx" -rdc=true $objs -o "$out/$name" $libs >>"$log" 2>&1 || ok=0; }
    t1=$(date +%s)
    if [ $ok = 0 ]; then
        note=$(grep -m1 -E 'error|undefined reference' "$log" | sed "s|$samples/||g" | cut -c1-110)
        printf '%-26s %-8s %8s %8s %8s  %s\n' "$name" BUILD $((t1 - t0)) - - "$note"
        continue
    fi
    result=PASS note= cpu=0
    timer=
    [ -x /usr/bin/time ] && timer="/usr/bin/time -q -f %U,%S -o $out/cpu1"
    IFS=';'
    for args in ${runs:-""}; do
        unset IFS
        # shellcheck disable=SC2086
        (cd "$dir" && $timer timeout "$limit" "$out/$name" $args) >"$out/run1.log" 2>&1 </dev/null
        rc=$?
        [ -n "$timer" ] && [ -s "$out/cpu1" ] && cpu=$(awk -F, -v c="$cpu" '{ printf "%.0f", c + $1 + $2 }' "$out/cpu1")
        cat "$out/run1.log" >>"$out/run.log"
        # a few samples say they failed and still exit 0 (reduction: "Test failed!",
        # warpAggregatedAtomicsCG: "Warp Aggregated Atomics FAILED")
        if [ $rc = 0 ] && grep -qE '^Test failed|(^| )FAILED( |$)' "$out/run1.log"; then
            result=FAIL
            note="printed '$(grep -m1 -oE '^Test failed|(^| )FAILED( |$)' "$out/run1.log" | tr -d ' ')' (exit 0) with '$args'"
            break
        fi
        if [ $rc = 2 ]; then
            result=WAIVED
        elif [ $rc != 0 ]; then
            result=FAIL
            note="exit $rc with '$args'"
            [ $rc = 124 ] && note="over $limit s with '$args'"
            break
        fi
        IFS=';'
    done
    unset IFS
    t2=$(date +%s)
    [ "$result" = FAIL ] && [ -z "$note" ] && note=$(tail -n 1 "$out/run.log")
    [ -n "$timer" ] || cpu=-
    printf '%-26s %-8s %8s %8s %8s  %s\n' "$name" "$result" $((t1 - t0)) $((t2 - t1)) "$cpu" "$note"
done | tee "$work/table.txt"
fails=$(grep -cE ' (BUILD|FAIL|MISSING) ' "$work/table.txt")
passes=$(grep -c ' PASS ' "$work/table.txt")
waiv=$(grep -c ' WAIVED ' "$work/table.txt")
echo "$passes passed, $waiv waived, $fails failed (logs: $work/<sample>/build.log, run.log)"
[ "$fails" = 0 ]
